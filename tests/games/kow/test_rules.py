"""Kings of War Battle Deck: one test (at least) per rule sentence of the text and RULINGS.md.

Dice are made deterministic by giving them constant faces through the Config, and the cards
on the table are set directly, so each test builds exactly the situation its rule speaks of.
"""

from __future__ import annotations

import pytest

from warroom.engine import IllegalAction
from warroom.games.kow import GAME
from warroom.games.kow.actions import ChooseDice, Defeat, Stop
from warroom.games.kow.state import (
    ALLOCATE,
    BATTLE_DECK,
    CHOOSE,
    COLOUR_CARDS,
    OVER,
    KowState,
    card_colour,
    card_value,
)


def new(seed: int = 0, **options) -> KowState:
    return GAME.new_state(GAME.config(options), seed)


def table(state: KowState, *cards: str) -> None:
    state.table = list(cards)


def initiative(state: KowState) -> int:
    """Who had the initiative in the last reveal (the turn may be over already)."""
    return [e for _, e in state.log if e["event"] == "reveal"][-1]["initiative"]


def choose(state: KowState, p0: tuple[int, int, int], p1: tuple[int, int, int] | None) -> None:
    state.apply(0, ChooseDice(*p0))
    if p1 is not None:
        state.apply(1, ChooseDice(*p1))


# --- Set-up -----------------------------------------------------------------------------------

def test_setup_battle_deck_is_the_24_cards_ace_to_six():
    assert len(BATTLE_DECK) == 24 and len(set(BATTLE_DECK)) == 24
    assert sorted({card_value(c) for c in BATTLE_DECK}) == [1, 2, 3, 4, 5, 6]
    s = new()
    assert len(s.deck) + len(s.table) == 24
    assert set(s.deck) | set(s.table) == set(BATTLE_DECK)


def test_setup_ace_is_worth_one_and_suits_give_colours():
    assert card_value("AS") == 1 and card_value("6D") == 6
    assert card_colour("3H") == card_colour("3D") == "red"
    assert card_colour("3C") == card_colour("3S") == "black"


def test_setup_dealt_card_makes_the_other_player_red_or_black_and_dealer_the_opposite():
    seen = set()
    for seed in range(40):
        s = new(seed)
        assert s.colour_card in COLOUR_CARDS  # one of the remaining cards, 7 to King
        assert s.colours[0] == card_colour(s.colour_card)
        assert set(s.colours) == {"red", "black"}
        seen.add(s.colours[0])
    assert seen == {"red", "black"}


def test_setup_each_pool_is_one_full_set_of_command_dice():
    s = new()
    assert s.pools == [[4, 3, 2], [4, 3, 2]]


# --- A turn -----------------------------------------------------------------------------------

def test_rule_turn_begins_by_dealing_three_cards_face_up_in_a_line():
    s = new()
    assert len(s.table) == 3 and len(s.deck) == 21
    obs = s.observation(1)
    assert obs["table"] == s.table  # face up: both players and spectators see them
    assert s.observation(None)["table"] == s.table


def test_rule_each_player_secretly_chooses_one_to_four_dice_by_colour():
    s = new()
    assert s.to_move() == (0, 1)  # a simultaneous decision
    choices = s.legal_actions(0)
    counts = {c.red + c.white + c.blue for c in choices}
    assert counts == {1, 2, 3, 4}
    assert ChooseDice(0, 0, 2) in choices and ChooseDice(0, 0, 3) not in choices  # only 2 blue
    with pytest.raises(IllegalAction):
        s.apply(0, ChooseDice(2, 2, 1))  # five dice


def test_rule_choice_comes_from_the_remaining_pool():
    s = new()
    s.pools[0] = [1, 0, 1]
    s._legal = {}
    assert set(s.legal_actions(0)) == {ChooseDice(1, 0, 0), ChooseDice(0, 0, 1),
                                       ChooseDice(1, 0, 1)}


def test_rule_choices_are_revealed_at_the_same_time():
    s = new()
    s.apply(0, ChooseDice(2, 1, 0))
    theirs = s.observation(1)
    assert theirs["chosen"][0] == "hidden"
    assert theirs["pools"][0] == {"red": 4, "white": 3, "blue": 2}  # the fist hides the choice
    assert s.observation(None)["chosen"][0] == "hidden"
    assert s.observation(0)["chosen"][0] == {"red": 2, "white": 1, "blue": 0}
    s.apply(1, ChooseDice(1, 0, 0))
    assert s.observation(1)["chosen"][0] == {"red": 2, "white": 1, "blue": 0}


def test_rule_fewest_dice_has_the_initiative():
    s = new(red_faces=(0,), white_faces=(0,), blue_faces=(0,), max_rounds=1)
    choose(s, (3, 0, 0), (1, 1, 0))
    assert initiative(s) == 1


def test_rule_equal_dice_initiative_goes_to_the_colour_of_the_card_next_to_the_deck():
    for next_card, first_colour in (("2H", "red"), ("2S", "black")):
        s = new(red_faces=(0,), white_faces=(0,), blue_faces=(0,), max_rounds=1)
        table(s, next_card, "3C", "4D")
        choose(s, (2, 0, 0), (0, 2, 0))
        assert s.colours[initiative(s)] == first_colour


def test_rule_number_on_the_card_is_the_swords_needed():
    s = new(red_faces=(2,), blue_faces=(3,))
    table(s, "6H", "5S", "3C")
    choose(s, (1, 0, 1), (4, 0, 0))  # player 0 has the initiative with 2 dice: 2 + 3 swords
    assert s.active == 0 and s.phase == ALLOCATE
    cards = {a.card for a in s.legal_actions(0) if isinstance(a, Defeat)}
    assert cards == {"5S", "3C"}  # 5 swords cannot defeat the 6


def test_rule_must_defeat_a_card_if_able():
    s = new(red_faces=(2,))
    table(s, "2H", "2S", "6C")
    choose(s, (1, 0, 0), (2, 0, 0))
    assert Stop() not in s.legal_actions(0)
    with pytest.raises(IllegalAction):
        s.apply(0, Stop())


def test_ruling_may_stop_after_one_defeated_card():
    s = new(red_faces=(2,))
    table(s, "2H", "2S", "6C")
    choose(s, (2, 0, 0), (4, 0, 0))
    s.apply(0, Defeat("2H", (0,), (2,)))
    assert Stop() in s.legal_actions(0)
    s.apply(0, Stop())
    assert s.won[0] == ["2H"] and s.pools[0] == [3, 3, 2]  # the unused die came back


def test_rule_no_more_swords_than_needed_unless_the_dice_force_it():
    s = new(red_faces=(1,), blue_faces=(3,))
    table(s, "2H", "6S", "6C")
    choose(s, (2, 0, 1), (4, 0, 0))  # rolls 1, 1, 3
    sets = {a.dice for a in s.legal_actions(0) if isinstance(a, Defeat)}
    assert sets == {(0, 1), (2,)}  # 1+1, or the 3 alone; never 1+3 or 1+1+3


def test_rule_dice_are_allocated_whole_not_split_across_cards():
    s = new(blue_faces=(3,))
    table(s, "2H", "AS", "6C")
    choose(s, (0, 0, 1), (4, 0, 0))  # one die of 3 swords
    s.apply(0, Defeat("2H", (0,), (3,)))
    assert "AS" in s.table  # the spare sword cannot go to the Ace
    assert s.active == 1


def test_ruling_zero_sword_dice_are_never_allocated():
    s = new(red_faces=(0,), blue_faces=(1,))
    table(s, "AH", "6S", "6C")
    choose(s, (1, 0, 1), (4, 0, 0))
    assert [a.dice for a in s.legal_actions(0) if isinstance(a, Defeat)] == [(1,)]


def test_rule_unused_dice_return_to_the_pool_and_used_dice_are_set_aside():
    s = new(red_faces=(1,), white_faces=(2,))
    table(s, "2H", "6S", "6C")
    choose(s, (0, 1, 0), (2, 0, 0))
    # player 0 (one die) goes first: the white 2 defeats the 2; then player 1's reds (1+1)
    # cannot defeat a 6, so its turn ends at once and both reds go back
    s.apply(0, Defeat("2H", (0,), (2,)))
    assert s.pools[0] == [4, 2, 2]  # the white die used is gone for the round
    assert s.pools[1] == [4, 3, 2]
    assert s.phase == CHOOSE and s.turn == 2


def test_rule_each_defeated_card_is_placed_in_front_of_the_player():
    s = new(red_faces=(2,))
    table(s, "2H", "2S", "6C")
    choose(s, (2, 0, 0), (3, 0, 0))
    s.apply(0, Defeat("2H", (0,), (2,)))
    s.apply(0, Defeat("2S", (1,), (2,)))
    assert s.won[0] == ["2H", "2S"]
    assert s.observation(1)["won"][0] == ["2H", "2S"]


def test_rule_second_player_then_rolls_and_allocates_on_what_is_left():
    s = new(red_faces=(2,))
    table(s, "2H", "2S", "6C")
    choose(s, (1, 0, 0), (2, 0, 0))
    s.apply(0, Defeat("2H", (0,), (2,)))
    assert s.active == 1
    assert {a.card for a in s.legal_actions(1) if isinstance(a, Defeat)} == {"2S"}


def test_rule_turn_ends_by_clearing_the_cards_left_and_dealing_three_fresh_ones():
    s = new(red_faces=(0,))
    first = list(s.table)
    deck_before = len(s.deck)
    choose(s, (1, 0, 0), (1, 0, 0))  # zeros: nothing can be defeated, the turn ends
    assert s.phase == CHOOSE and s.turn == 2
    assert len(s.deck) == deck_before - 3
    assert not set(first) & set(s.table) and not set(first) & set(s.deck)  # discarded


def test_rule_round_ends_when_both_players_use_their_last_dice_at_the_same_time():
    s = new(red_faces=(6,), pool_red=1, pool_white=0, pool_blue=0)
    table(s, "6H", "6S", "6C")
    choose(s, (1, 0, 0), (1, 0, 0))
    first = s.active
    s.apply(first, [a for a in s.legal_actions(first) if isinstance(a, Defeat)][0])
    second = s.active
    s.apply(second, [a for a in s.legal_actions(second) if isinstance(a, Defeat)][0])
    assert s.round == 2  # both pools emptied together: the round ended after one turn
    assert s.round_results[0]["scores"] == [6, 6]


def test_rule_player_starting_a_turn_without_dice_gives_the_other_one_final_turn():
    s = new(red_faces=(6,), white_faces=(0,))
    s.pools = [[1, 0, 0], [0, 1, 0]]
    s._legal = {}
    table(s, "6H", "5S", "4C")
    choose(s, (1, 0, 0), (0, 1, 0))  # p0 will use its only die; p1 rolls a zero, keeps it
    assert s.active == 0  # whoever went first, player 1's zero defeated nothing
    s.apply(0, Defeat("6H", (0,), (6,)))
    assert s.turn == 2 and s.final_turn
    assert s.to_move() == (1,)  # only the player with dice plays the final turn
    s.apply(1, ChooseDice(0, 1, 0))
    assert s.round == 2  # then the round ends, although player 1 still has its die


def test_ruling_a_pool_with_fewer_dice_than_the_least_choice_counts_as_out_of_dice():
    # With min_dice=2 a pool of one die allows no choice: its owner is out of dice, and the
    # other plays the final turn (it was once asked to choose, with nothing to choose from).
    s = new(min_dice=2)
    s.pools = [[2, 0, 0], [1, 0, 0]]
    s._start_turn()
    assert s.final_turn and s.to_move() == (0,)
    assert s.legal_actions(0) == [ChooseDice(2, 0, 0)]
    s.pools = [[1, 0, 0], [0, 1, 0]]
    s._start_turn()  # neither can choose: the round is over
    assert s.round == 2 and s.pools == [list(s.config.pool)] * 2
    for seed in range(20):  # and no random game is ever left without a choice
        g = new(seed, min_dice=2, max_dice=6, pool_blue=4)
        while not g.is_terminal():
            for p in g.to_move():
                actions = g.legal_actions(p)
                assert actions, (seed, g.pools)
                g.apply(p, actions[seed % len(actions)])


def test_rule_round_ends_when_the_battle_deck_has_no_cards():
    s = new(red_faces=(0,))
    for _ in range(8):
        assert s.round == 1
        choose(s, (1, 0, 0), (1, 0, 0))
    assert s.round == 2 and s.round_results[0]["winner"] is None


def test_rule_highest_total_wins_the_round_and_a_victory():
    s = new(red_faces=(6,), pool_red=1, pool_white=0, pool_blue=0)
    table(s, "6H", "AS", "AC")
    choose(s, (1, 0, 0), (1, 0, 0))
    first = s.active
    s.apply(first, Defeat("6H", (0,), (6,)))
    s.apply(1 - first, s.legal_actions(1 - first)[0])
    assert s.round_results[0]["winner"] == first and s.victories[first] == 1


def test_rule_tie_on_score_goes_to_the_fewest_defeated_cards():
    s = new()
    s.won = [["4H"], ["2S", "2C"]]
    s.deck = []
    s._end_round()
    assert s.round_results[0]["winner"] == 0 and s.victories == [1, 0]


def test_rule_still_tied_the_round_is_a_draw_and_nobody_gets_a_victory():
    s = new()
    s.won = [["4H"], ["4S"]]
    s._end_round()
    assert s.round_results[0]["winner"] is None and s.victories == [0, 0]


def test_rule_new_round_reshuffles_all_cards_and_refills_both_pools():
    s = new()
    s.pools = [[0, 0, 0], [1, 0, 0]]
    s.won = [["4H"], []]
    s.deck = []
    s._end_round()
    assert s.round == 2 and s.won == [[], []]
    assert s.pools == [[4, 3, 2], [4, 3, 2]]
    assert len(s.deck) + len(s.table) == 24


def test_rule_first_to_three_victories_wins_the_game():
    s = new()
    s.victories = [2, 1]
    s.won = [["6H"], []]
    s._end_round()
    assert s.phase == OVER and s.is_terminal()
    out = s.outcome()
    assert out.winners == (0,) and out.scores == (3, 1)
    assert s.to_move() == ()


def test_option_victories_to_win_and_round_limit():
    s = new(victories_to_win=1, red_faces=(0,))
    s.won = [["6H"], []]
    s._end_round()
    assert s.is_terminal() and s.outcome().winners == (0,)
    d = new(max_rounds=1)
    d.won = [["4H"], ["4S"]]
    d._end_round()
    assert d.is_terminal() and d.outcome().is_draw


def test_option_dice_faces_are_data():
    s = new(red_faces=(5,), white_faces=(5,), blue_faces=(5,))
    choose(s, (1, 0, 0), (1, 0, 0))
    assert [sw for _, sw in s.rolled] == [5]


@pytest.mark.parametrize("bad", [{"red_faces": "-1,2"}, {"max_dice": "0"}, {"pool_red": "x"},
                                 {"colour": "red"}])
def test_invalid_options_are_clear_errors(bad):
    from warroom.engine import ConfigError

    with pytest.raises(ConfigError) as info:
        GAME.config(bad)
    assert "\n" not in str(info.value) and str(info.value)


def test_option_min_dice_larger_than_the_pool_is_a_clear_error():
    # "Each player now secretly chooses from 1 to 4 dice to roll from their remaining pool":
    # a full pool smaller than the least choice (min_dice) allows no choice in any turn, so
    # every round would end before its first turn, for ever (it once recursed until Python
    # gave up). The option is refused with a one-line error instead.
    from warroom.engine import ConfigError

    for extra in ({}, {"max_rounds": "1000"}):
        with pytest.raises(ConfigError) as info:
            GAME.config({"pool_red": "1", "pool_white": "0", "pool_blue": "0",
                         "min_dice": "2", **extra})
        assert "min_dice" in str(info.value) and "\n" not in str(info.value)
    assert GAME.config({"pool_red": "2", "pool_white": "0", "pool_blue": "0", "min_dice": "2"})
