"""The Game of Champions at the terminal: the header of each side during a battle."""

from __future__ import annotations

from champions_helpers import arrange, fight, throw

from warroom.games.champions import GAME
from warroom.games.champions.actions import Attack, Decline, Flip, PutNext, RestAsShown, Target
from warroom.games.champions.state import MEDIC, ORDER, ROSHAMBO


def title(state, viewer: int | None, player: int) -> str:
    """The header line of `player`'s side, as `viewer` reads it."""
    text = GAME.render(state.observation(viewer), viewer)
    start = "You (player" if player == viewer else f"Player {player}"
    return next(line for line in text.splitlines() if line.startswith(start))


def fight_on(state, att_order: list[str], def_order: list[str]) -> None:
    """Both sides put their cards in these orders (the attack already made)."""
    for player, order in ((0, att_order), (1, def_order)):
        for card in order[:-1]:
            state.apply(player, PutNext(card))
        if state.phase == ORDER and player in state.to_move():
            state.apply(player, RestAsShown())


def test_a_battalion_in_battle_counts_in_its_sides_header():
    """Defect: a battalion's cards leave the table while it fights, and the header counted
    the table only: an army whose cards were all in the battle read "strength 0". The
    header now adds the strength each side fights with (its cards still in the battle), for
    the players and a spectator alike: the battle's cards are public."""
    s = arrange({"KH": ["10H", "9H", "5H"]}, {"KS": ["8S", "7S"], "AS": ["4S"]})
    fight(s, "KH", "KS", att_order=["10H", "9H", "5H"], def_order=["8S", "7S"])
    # the first flip: 10H beats 8S; 9H, 5H and 7S still to flip
    for viewer in (0, 1, None):
        assert title(s, viewer, 0).endswith("strength 0, in battle: 24):")
        assert title(s, viewer, 1).endswith("strength 4, in battle: 7):")
    assert "strength 0)" not in GAME.render(s.observation(0), 0)


def test_the_strength_in_battle_follows_the_flips_and_ends_with_the_battle():
    """While the cards are ordered all of them count; then the survivors and the cards
    still to flip (the tied pair too); once the battle is over they are back on the table
    (the Medic's question) and the header counts them there."""
    s = arrange({"QH": ["10H", "6H"], "KH": ["5H"]}, {"KS": ["6S", "2S"], "AS": ["4S"]},
                casualties=(["3H"], []))
    s.apply(0, Attack("QH"))
    s.apply(0, Target("KS"))
    assert s.phase == ORDER
    assert title(s, 0, 0).endswith("(player 0, strength 5, in battle: 16):")
    assert title(s, 0, 1).endswith("(strength 4, in battle: 8):")
    fight_on(s, att_order=["6H", "10H"], def_order=["6S", "2S"])  # 6H and 6S tie
    assert s.phase == ROSHAMBO
    assert "in battle: 16" in title(s, 1, 0) and "in battle: 8" in title(s, 1, 1)
    throw(s, "rock", "scissors")  # the tie to the attacker: 6S falls
    assert "in battle: 16" in title(s, 1, 0) and "in battle: 2" in title(s, 1, 1)
    s.apply(0, Flip())  # 10H beats 2S: the defender's battalion is spent
    assert s.phase == MEDIC
    assert title(s, 0, 0).endswith("(player 0, strength 21):")  # 6H and 10H back on QH
    assert title(s, 0, 1).endswith("(strength 4):")
    s.apply(0, Decline())
    assert "in battle" not in GAME.render(s.observation(0), 0)


def test_a_cavalry_battalion_fights_with_its_2s_as_10():
    """A Jack's 2s count 10 in its battles (`cavalry=always`, the default), or only when it
    attacks (`cavalry=attacking`): the header gives the strength the battalion fights with."""
    s = arrange({"JH": ["2H", "3H"]}, {"KS": ["9S", "8S"], "AS": ["4S"]})
    fight(s, "JH", "KS")  # 2H (as 10) beats 9S; 3H and 8S still to flip
    assert "in battle: 13" in title(s, 0, 0) and "in battle: 8" in title(s, 0, 1)
    s = arrange({"KH": ["9H", "8H"]}, {"JS": ["2S", "3S"], "AS": ["4S"]}, cavalry="attacking")
    fight(s, "KH", "JS")  # 9H beats 3S; the defending Jack's 2S counts 2
    assert "in battle: 17" in title(s, 0, 0) and "in battle: 2" in title(s, 0, 1)
