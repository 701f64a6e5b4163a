"""Kings of War Battle Deck: the rulings of the game's README ("## Rulings") and of
docs/RULINGS.md that no other test names, each pinned by a test that names it.

Every test quotes its ruling and where it is written. Dice are made deterministic through
the Config's faces, as tests/games/kow/test_rules.py does.
"""

from __future__ import annotations

from warroom.games.kow import GAME
from warroom.games.kow.actions import ChooseDice, Defeat, Stop
from warroom.games.kow.state import ALLOCATE, OVER, card_colour


def new(seed: int = 0, **options):
    return GAME.new_state(GAME.config(options), seed)


def log(state, kind):
    return [e for e in state.visible_log(None) if e["event"] == kind]


def test_ruling_dice_faces_and_pool_are_mantics_command_dice():
    """docs/RULINGS.md (Kings of War) and README, ## Rulings: "Dice faces (swords): red
    0,0,1,1,1,2; white 0,1,1,1,2,2; blue 1,1,2,2,2,3. Pool: 4 red, 3 white, 2 blue. All of
    these are options"."""
    c = GAME.config()
    assert c.faces == ((0, 0, 1, 1, 1, 2), (0, 1, 1, 1, 2, 2), (1, 1, 2, 2, 2, 3))
    assert (c.pool_red, c.pool_white, c.pool_blue) == (4, 3, 2)
    assert new().pools == [[4, 3, 2], [4, 3, 2]]
    other = GAME.config({"red_faces": "1,2", "pool_blue": "4"})
    assert other.faces[0] == (1, 2) and other.pool_blue == 4


def test_ruling_the_card_next_to_the_deck_is_the_first_dealt_this_turn():
    """docs/RULINGS.md (Kings of War): ""The card currently next to the Battle Deck": the three
    cards are dealt in a line starting beside the deck; the first card dealt in this turn is
    the one next to the deck." With equal dice, the initiative goes to the colour of the first
    card of this turn's deal (the log tells the cards in the order dealt), in later turns too."""
    checked = set()
    for seed in range(12):
        s = new(seed, red_faces=(0,), white_faces=(0,), blue_faces=(0,), max_rounds=5)
        for _turn in range(3):
            deal = log(s, "deal")[-1]["cards"]
            assert s.table == deal
            s.apply(0, ChooseDice(1, 0, 0))
            s.apply(1, ChooseDice(0, 1, 0))
            first = log(s, "reveal")[-1]["initiative"]
            assert s.colours[first] == card_colour(deal[0])
            # (the other two cards do not decide, when their colour differs)
            checked.add(card_colour(deal[0]) != card_colour(deal[1]))
    assert checked == {True, False}


def test_ruling_the_allocation_ends_by_itself_when_nothing_more_can_be_defeated():
    """README, ## Rulings: "When nothing more can be defeated, the allocation ends by itself
    (no empty "stop" decision)." The second 2 cannot defeat a 6: the turn passes at once and
    the die goes back to the pool."""
    s = new(red_faces=(2,))
    s.table = ["2H", "6S", "6C"]
    s.apply(0, ChooseDice(2, 0, 0))
    s.apply(1, ChooseDice(4, 0, 0))  # two dice against four: player 0 has the initiative
    assert s.phase == ALLOCATE and s.to_move() == (0,)
    s.apply(0, Defeat("2H", (0,), (2,)))
    assert s.to_move() == (1,) and Stop() not in s.legal_actions(0)
    assert log(s, "dice_back")[0] == {"event": "dice_back", "player": 0, "dice": [1, 0, 0]}
    assert s.pools[0] == [3, 3, 2]  # one red spent on the Two, the other back


def test_ruling_max_rounds_ends_the_game_won_by_the_player_with_more_victories():
    """README, ## Rulings: "`max_rounds` (default 0 = no limit) ends the game as a draw after
    that many rounds, or a win for the player with more Victories". (The draw is pinned in
    test_rules.py; this is the win.)"""
    s = new(max_rounds=1, red_faces=(6,), pool_red=1, pool_white=0, pool_blue=0)
    s.table = ["6H", "AS", "AC"]
    s.apply(0, ChooseDice(1, 0, 0))
    s.apply(1, ChooseDice(1, 0, 0))
    first = s.active
    s.apply(first, Defeat("6H", (0,), (6,)))
    s.apply(1 - first, s.legal_actions(1 - first)[0])  # an Ace: 1 against 6
    assert s.phase == OVER and s.is_terminal()
    assert s.victories[first] == 1 and s.victories[1 - first] == 0
    assert s.outcome().winners == (first,)
    assert GAME.config().max_rounds == 0  # no limit by default
