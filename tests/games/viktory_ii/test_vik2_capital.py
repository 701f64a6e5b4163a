"""Capture of towns and cities with their unit support, lost-capital penalties, players out,
and the win conditions (VIKTORY-II.md, "Battle outcomes", "Lost capital penalties",
"Rulings: Winning")."""

from __future__ import annotations

import pytest
from vik2_helpers import (
    GAME,
    capital,
    events,
    find,
    hx,
    legal,
    position,
    script_dice,
    take,
    town,
    troops,
)

from warroom.engine import Record, RecordError, replay_to_end
from warroom.games.viktory_ii.actions import Disband, Done, Fight, PlaceReserve, SelectUnit, Step
from warroom.games.viktory_ii.units import INF

MAP = """\
   p m p p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""


def take_capital(tmp_path, extra=(), **options):
    """Three players; player 2 (first to move) takes player 0's empty capital on A1."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1), capital("G1", 2),
                                troops("B1", 2, infantry=1), *extra], tiles=MAP, first=2,
                     players=3, **options)
    take(state, SelectUnit, hex="B1", unit=INF)
    take(state, Step, hex="A1")
    script_dice(state, [6])  # an empty town rolls its own die: a miss
    take(state, Fight, hex="A1")
    return state


def end_turn(state):
    """Finish the mover's turn taking no more actions."""
    player = state.player
    while state.player == player and not state.is_terminal():
        done = [a for a in legal(state) if type(a) is Done and a.what != "stop"]
        state.apply(state.to_move()[0], done[0] if done else legal(state)[0])


def test_rule_an_urban_battle_takes_the_town_and_its_unit_support(tmp_path):
    state = take_capital(tmp_path, [town("A2", 0, city=True)])
    a1 = hx(state, "A1")
    assert state.sowner[a1] == 2 and state.capital[0] == a1
    # A1's infantry moves from player 0 to player 2; the mountain city A2 stays.
    assert state.supported[2] == [2, 0, 0, 0] and state.supported[0] == [1, 0, 1, 0]
    assert events(state, "capture")[-1]["capital"] is True
    assert state.units_at(a1, 2)[INF] == 1


def test_rule_lost_capital_no_building_and_a_city_takes_one_reserve_infantry(tmp_path):
    state = take_capital(tmp_path, [town("A4", 0, city=True)])  # a plains city: 3 infantry
    assert not state.holds_capital(0)
    request = state.battle_request("attack", hx(state, "A4"), [], -1)
    assert request.lost_capital == (False, True)
    assert request.supply[1] is False  # no combat supply without one's capital
    end_turn(state)
    assert state.player == 0
    assert state.decision() == ("reserves", 0)  # no building: straight to reserves
    assert [a.unit for a in legal(state) if type(a) is PlaceReserve] == [INF]
    take(state, PlaceReserve, hex="A4", unit=INF)
    assert not [a for a in legal(state) if type(a) is PlaceReserve]


def test_rule_a_player_with_no_town_or_city_left_is_out(tmp_path):
    state = take_capital(tmp_path)
    assert state.out[0] and events(state, "out")
    assert state.players_out() == {0}  # what a resignation counts (engine.record.sides)
    end_turn(state)
    assert state.player == 1  # player 0's turns are skipped
    obs = state.observation(1)
    assert obs["players"][0]["out"]


def test_rule_units_beyond_the_support_left_are_disbanded_by_their_owner(tmp_path):
    state = position(tmp_path, [capital("A1", 0), town("A4", 0), troops("D4", 0, infantry=1),
                                troops("E4", 0, infantry=1), capital("G4", 1),
                                troops("B5", 1, infantry=1)], tiles=MAP, first=1)
    take(state, SelectUnit, hex="B5", unit=INF)
    take(state, Step, hex="A4")
    script_dice(state, [6])
    take(state, Fight, hex="A4")
    assert state.decision() == ("disband", 0)
    assert {a.where for a in legal(state)} == {"D4", "E4"}
    take(state, Disband, hex="E4", unit=INF)
    assert state.units_at(hx(state, "E4"), 0) == [0, 0, 0, 0]
    assert state.decision()[1] == 1  # back to the attacker's turn


def test_rule_standard_conquest_every_capital_wins(tmp_path):
    state = position(tmp_path, [capital("A1", 0, infantry=1), capital("B3", 1)], tiles=MAP)
    take(state, SelectUnit, hex="A1", unit=INF)
    take(state, Step, hex="B2")
    take(state, Step, hex="B3")
    script_dice(state, [6])
    take(state, Fight, hex="B3")
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.reason == "controls every capital"
    assert outcome.scores == (2.0, 0.0)


def test_option_capitals_n(tmp_path):
    state = take_capital(tmp_path, [town("A2", 0, city=True)], capitals=2)
    assert state.is_terminal() and state.outcome().winners == (2,)
    assert state.outcome().reason == "controls 2 capitals"


@pytest.mark.parametrize("extra, winners", [([town("A4", 0)], (0,)), ([], ())])
def test_option_turn_limit_most_capitals_then_cities_then_towns(tmp_path, extra, winners):
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1), *extra], tiles=MAP,
                     turn_limit=1)
    for _ in range(2):
        end_turn(state)
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome.winners == winners
    assert outcome.reason.startswith("turn limit (1 round)")
    assert outcome.details["rounds"] == 1  # the last round played, not one more
    assert outcome.details["towns"] == [1 + len(extra), 1]


@pytest.mark.parametrize("extra, winners, reason", [
    ([town("A4", 0), town("G2", 2)], (0, 2), "a tie at the top"),
    ([town("A4", 0), town("G2", 2), town("D3", 1)], (), "a tie"),
    ([town("A4", 0)], (0,), "most capitals, cities and towns"),
])
def test_turn_limit_tied_leaders_share_the_win_and_the_others_lose(tmp_path, extra, winners,
                                                                   reason):
    """Audit (stop 46): with three players, leaders tied at the turn limit ended the game with
    no winners, a draw in which the trailing player shared. Tied leaders share the win and
    the players behind lose; a draw only when every player still in is among the leaders."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1), capital("G1", 2), *extra],
                     tiles=MAP, players=3, turn_limit=1)
    for _ in range(3):
        end_turn(state)
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome.winners == winners
    assert outcome.reason == f"turn limit (1 round): {reason}"
    if winners == (0, 2):
        assert [outcome.reward(p) for p in range(3)] == [0.5, 0.0, 0.5]


def test_a_record_of_an_older_rules_version_is_refused_in_one_line():
    """Audit (stop 46): the turn limit's tie ruling changed outcomes (6), and so does taking
    a unit by what it is rather than its slot (7), so the game's version went up: a record
    of an older version is refused, in one line. Audit (stop 49): the tie's reason named the
    leaders as "players 0 and 2", seats a balance report reads as its listed players, and
    split its outcome reasons by which seats tied; a record keeps its reason (8). Audit (stop
    51): refusing `capitals=1`, the win checked for the capturer and a landed cavalry moving
    no more change what games play (9)."""
    assert int(GAME.version) >= 9
    older = str(int(GAME.version) - 1)
    old = Record.from_json({"game": "viktory-ii", "version": older, "config": {}, "seed": 1,
                            "actions": []})
    with pytest.raises(RecordError) as caught:
        replay_to_end(GAME, old)
    assert str(caught.value) == (f"record was made by viktory-ii rules version '{older}'; "
                                 f"this is version {GAME.version}: replay or finish it with "
                                 "the warroom release that made it (the last commit of warroom "
                                 f"that plays version {older}: {GAME.last_commits[older]})")


def test_attack_on_an_empty_town_asks_for_no_card_in_cards_mode(tmp_path):
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1), town("A4", 1),
                                troops("B4", 0, infantry=1)], tiles=MAP, mode="cards")
    take(state, SelectUnit, hex="B4", unit=INF)
    assert find(state, Step, hex="A4").kind == "attack"


def test_a_win_in_the_battle_phase_leaves_no_battle_pending(tmp_path):
    """Taking the last capital ends the game at once (VIKTORY-II.md, "Rulings: Winning"):
    the attacks declared elsewhere are never fought, and no seat's view of the finished game
    lists them as battles still to come."""
    state = position(tmp_path, [capital("A1", 0, infantry=2), capital("B3", 1),
                                town("A2", 1, infantry=1), town("G2", 0)], tiles=MAP)
    take(state, SelectUnit, hex="A1", unit=INF)
    take(state, Step, hex="B2")
    take(state, Step, hex="B3")
    take(state, SelectUnit, hex="A1", unit=INF)
    take(state, Step, hex="A2")
    assert len(state.observation(0)["battles"]) == 2  # B3 and A2, both still to fight
    script_dice(state, [6])
    take(state, Fight, hex="B3")
    assert state.is_terminal() and state.outcome().winners == (0,)
    for seat in (0, 1, None):
        assert state.observation(seat)["battles"] == []
