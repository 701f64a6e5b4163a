"""Movement (VIKTORY-II.md, "Movement"): ranges, difficult terrain, roads, one unit at a
time, attacks and battles to fight, pennants, bombardment, ports."""

from __future__ import annotations

import functools
import random

import pytest
from vik2_helpers import (
    ISLAND_MAP,
    act,
    capital,
    events,
    find,
    has,
    hx,
    legal,
    position,
    script_dice,
    stack,
    take,
    town,
    troops,
)

from warroom.engine import IllegalAction
from warroom.games import get_game
from warroom.games.viktory_battles.actions import Launch, Retreat
from warroom.games.viktory_ii.actions import Bombard, Done, Fight, SelectUnit, Step
from warroom.games.viktory_ii.movement import ATTACKING, DONE, FRESH, REGROUP
from warroom.games.viktory_ii.render import describe_event
from warroom.games.viktory_ii.units import ART, CAV, FRIG, INF

MOVE_MAP = """\
   g m f p
  p p p p p
 w p f m p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""


def home(*extra, enemy=None):
    """Player 0: a capital city on grassland (A1), a mountain city (A2), a town (A4); player
    1: a capital town (G4), plus `enemy` pieces."""
    return [capital("A1", 0, city=True), town("A2", 0, city=True), town("A4", 0),
            capital("G4", 1), *extra, *(enemy or [])]


def moves(state):
    return {state.board.names[a.hex]: a.kind for a in legal(state) if type(a) is Step}


@pytest.mark.parametrize("unit, where, path", [
    (INF, "D4", ["E4", "F4"]),
    (ART, "D4", ["E4", "F4"]),
    (CAV, "D4", ["E4", "F4", "F3"]),
])
def test_rule_movement_ranges(tmp_path, unit, where, path):
    kind = {INF: "infantry", CAV: "cavalry", ART: "artillery"}[unit]
    state = position(tmp_path, home(troops(where, 0, **{kind: 1})), tiles=MOVE_MAP)
    take(state, SelectUnit, hex=where, unit=unit)
    for h in path:
        take(state, Step, hex=h)
    assert state.active == -1  # out of movement: it stopped by itself
    assert stack(state, path[-1], 0)[unit] == 1
    assert not has(state, SelectUnit, hex=path[-1])


def test_rule_difficult_terrain_stops_infantry_and_artillery_not_cavalry(tmp_path):
    state = position(tmp_path, home(troops("B3", 0, infantry=1), troops("B2", 0, cavalry=1)),
                     tiles=MOVE_MAP)
    take(state, SelectUnit, hex="B3", unit=INF)
    take(state, Step, hex="C3")  # forest with nothing of player 0's in it
    assert state.active == -1  # it had to stop
    u = [u for u in range(len(state.uo)) if state.uh[u] == hx(state, "C3")][0]
    assert state.um[u] == 0
    take(state, SelectUnit, hex="B2", unit=CAV)
    take(state, Step, hex="C3")
    assert "D4" in moves(state)  # cavalry ignores difficult terrain


def test_rule_terrain_is_not_difficult_where_the_player_had_a_unit_at_the_turn_start(
        tmp_path):
    state = position(tmp_path, home(troops("B3", 0, infantry=1), troops("C3", 0, infantry=1)),
                     tiles=MOVE_MAP)
    take(state, SelectUnit, hex="B3", unit=INF)
    take(state, Step, hex="C3")
    assert state.active >= 0 and "D4" in moves(state)


def test_rule_roads_between_own_towns_two_or_three_hexes_apart(tmp_path):
    state = position(tmp_path, [capital("A1", 0, city=True, infantry=1),
                                town("A4", 0), capital("G4", 1)], tiles=MOVE_MAP)
    take(state, SelectUnit, hex="A1", unit=INF)
    assert moves(state)["A4"] == "road"
    take(state, Step, hex="A4")
    assert stack(state, "A4", 0)[INF] == 1
    u = state.active
    assert state.um[u] == 1  # one movement point for the road


def test_rule_roads_need_a_path_free_of_enemy_units(tmp_path):
    """Audit (stop 47): enemies stood only next to the destination, so a road that passed
    through an enemy on its first hex went unnoticed. Now: an enemy on the middle hex of a
    two-hex road (A1-A2-A3, the only path), on the first hex of a three-hex road (A1-A2-A3-A4,
    the only path), and controls where one of two paths is free (A1 to C2 by B1 or B2; A1 to D3
    by B1 or B2 first)."""
    def road_moves(*pieces):
        state = position(tmp_path, [capital("A1", 0, city=True, infantry=1),
                                    capital("G4", 1, city=True), *pieces], tiles=MOVE_MAP)
        take(state, SelectUnit, hex="A1", unit=INF)
        return moves(state)

    enemy = functools.partial(troops, owner=1, infantry=1)
    assert "A4" not in road_moves(town("A4", 0), enemy("A3"), enemy("B3"))  # last hex
    assert road_moves(town("A3", 0))["A3"] == "road"
    assert "A3" not in road_moves(town("A3", 0), enemy("A2"))  # the middle of two
    assert road_moves(town("A4", 0))["A4"] == "road"
    assert "A4" not in road_moves(town("A4", 0), enemy("A2"))  # the first of three
    assert road_moves(town("C2", 0), enemy("B1"))["C2"] == "road"  # by B2
    assert "C2" not in road_moves(town("C2", 0), enemy("B1"), enemy("B2"))
    assert road_moves(town("D3", 0), enemy("B1"))["D3"] == "road"  # by B2
    assert road_moves(town("D3", 0), enemy("B2"))["D3"] == "road"  # by B1, C2
    assert "D3" not in road_moves(town("D3", 0), enemy("B1"), enemy("B2"))


def test_ruling_roads_chain_and_pass_an_enemy_town_with_no_units(tmp_path):
    """Audit (stop 55): two readings of "a land unit in one of its own towns or cities may
    move to another own town or city two or three hexes away for one movement point ... if
    at least one path of that length is free of enemy units", untested until now. A unit that
    came by road stands in an own town, so it may take another road with the movement it has
    left (A1 to A3 to C3 for two points); and a town with no units is not an enemy unit, so a
    road may pass an enemy town (A1 to A3 by player 1's empty town on A2)."""
    state = position(tmp_path, [capital("A1", 0, city=True, infantry=1), town("A3", 0),
                                town("C3", 0), capital("G4", 1)], tiles=MOVE_MAP)
    take(state, SelectUnit, hex="A1", unit=INF)
    take(state, Step, hex="A3", kind="road")
    assert moves(state)["C3"] == "road"
    take(state, Step, hex="C3", kind="road")
    assert stack(state, "C3", 0)[INF] == 1 and state.um[state.active] == 0

    state = position(tmp_path, [capital("A1", 0, city=True, infantry=1), town("A3", 0),
                                town("A2", 1), capital("G4", 1)], tiles=MOVE_MAP)
    take(state, SelectUnit, hex="A1", unit=INF)
    assert moves(state)["A3"] == "road" and moves(state)["A2"] == "attack"


def test_rule_one_unit_at_a_time(tmp_path):
    state = position(tmp_path, home(troops("D4", 0, infantry=1, cavalry=1)), tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    take(state, SelectUnit, hex="D4", unit=CAV)  # the infantry's movement ends
    u = [u for u in range(len(state.uo)) if state.uh[u] == hx(state, "E4")][0]
    assert state.us[u] == DONE and not has(state, SelectUnit, hex="E4")
    with pytest.raises(IllegalAction):
        state.apply(0, SelectUnit(hx(state, "E4"), "E4", INF))


def test_rule_entering_an_enemy_hex_ends_movement_and_must_be_fought(tmp_path):
    state = position(tmp_path, home(troops("D4", 0, infantry=2), enemy=[troops("E4", 1,
                                                                               infantry=1)]),
                     tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    assert moves(state)["E4"] == "attack"
    take(state, Step, hex="E4")
    u = [u for u in range(len(state.uo)) if state.us[u] == ATTACKING][0]
    assert state.ug[u] == hx(state, "E4") and state.uh[u] == hx(state, "D4")
    assert state.active == -1
    assert not has(state, Done, what="move")  # the battle must be fought first
    take(state, SelectUnit, hex="D4", unit=INF)  # more units may join
    take(state, Step, hex="E4")
    script_dice(state, [1, 6])  # one die a side (infantry): the attacker hits, the defender misses
    take(state, Fight, hex="E4")
    assert stack(state, "E4", 0)[INF] == 2 and stack(state, "E4", 1) == [0, 0, 0, 0]
    assert events(state, "battle")[-1]["winner"] == "attacker"


def test_rule_pennant_no_new_attack_on_a_hex_that_beat_one_off(tmp_path):
    state = position(tmp_path, home(troops("D4", 0, infantry=2), enemy=[troops("E4", 1,
                                                                               infantry=1)]),
                     tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    script_dice(state, [6, 1])  # the attacker misses, the defender hits
    take(state, Fight, hex="E4")
    take(state, Launch)  # without the second infantry, which waits on D4
    assert state.pennants >> hx(state, "E4") & 1
    take(state, SelectUnit, hex="D4", unit=INF)
    assert "E4" not in moves(state)
    assert events(state, "pennant")


def test_rule_bombard_once_and_it_ends_the_units_movement(tmp_path):
    state = position(tmp_path, home(troops("D4", 0, artillery=1), enemy=[troops("E4", 1,
                                                                                infantry=1)]),
                     tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D4", unit=ART)
    script_dice(state, [2, 6])  # two dice for an artillery (Artillery Characteristics): a hit
    take(state, Bombard, hex="E4")
    assert stack(state, "E4", 1) == [0, 0, 0, 0]
    assert state.active == -1 and not has(state, SelectUnit, hex="D4")
    assert events(state, "battle")[-1]["battle"] == "bombard"
    # its first line says what it is, with no "(none)" for attackers it never had (audit,
    # stop 77: "Battle (bombard) at E4: player 0 (none) against player 1 (1 infantry)")
    begun = events(state, "battle_begins")[-1]
    assert describe_event(begun) == "Bombardment at E4: player 0 against player 1 (1 infantry)"
    # and its last says what it was, with no "Battle at E4: no winner (bombardment)" (audit,
    # stop 78): fire only, nobody takes the hex
    assert describe_event(events(state, "battle")[-1]) == (
        "Bombardment at E4: fire only, no hex changes hands; lost: attacker none, "
        "defender 1 infantry")


def test_rule_bombarding_a_declared_battle_joins_it(tmp_path):
    state = position(tmp_path, home(troops("D4", 0, infantry=1), troops("D3", 0, artillery=1),
                                    enemy=[troops("E3", 1, infantry=1)]), tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E3")
    take(state, SelectUnit, hex="D3", unit=ART)
    take(state, Bombard, hex="E3")
    request = state.battle_request("attack", hx(state, "E3"), [], -1)
    assert [(b.name, b.artillery) for b in request.bombard] == [("D3", 1)]


PORT_MAP = """\
   w w w w
  w p p w w
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""


def test_rule_frigates_pass_through_own_ports_but_never_stop_there(tmp_path):
    # B3 is a forest city with water on two sides; the frigate sails from A1 through it.
    state = position(tmp_path, [capital("B2", 0), town("B3", 0, city=True),
                                capital("G4", 1), troops("A1", 0, frigate=1)],
                     tiles=PORT_MAP.replace("w p p w w", "w p f w w"))
    assert state.is_port(hx(state, "B3"), 0)
    take(state, SelectUnit, hex="A1", unit=FRIG)
    take(state, Step, hex="A2")
    take(state, Step, hex="A3")
    assert moves(state).get("B3") == "port"
    take(state, Step, hex="B3")
    assert not has(state, Done, what="stop")  # it may not stop in the port
    assert not has(state, SelectUnit)
    for where, kind in moves(state).items():  # on to water, or through another own port
        assert state.terrain[hx(state, where)] == 4 or kind == "port"
    take(state, Step, hex="B4")
    assert has(state, Done, what="stop")


def test_rule_frigates_pass_through_own_ports_a_frigate_whose_only_way_is_a_port_is_offered(
        tmp_path):
    """A frigate alone on a one-hex lake (D7) beside an own port (the town C6, water on two
    sides) may sail into the port and on: the rules offered the step once it was selected,
    but never offered it for selection (the quick check of what a unit could do counted
    water hexes only), so it sat on the lake for the whole game."""
    state = position(tmp_path, [capital("E3", 0, city=True, infantry=1), town("C6", 0),
                                town("C5", 0, city=True), troops("D7", 0, frigate=1),
                                capital("A2", 1, infantry=1)], tiles=ISLAND_MAP)
    assert state.is_port(hx(state, "C6"), 0)
    take(state, SelectUnit, hex="D7", unit=FRIG)
    assert moves(state) == {"C6": "port"}


def test_ruling_a_frigate_in_a_port_does_not_attack_from_it(tmp_path):
    """Ports: frigates pass through and never stop in them; a retreat pulls back into the
    hexes the attack came from, but frigates not through ports. A frigate beaten back from
    an attack out of a port would end in it, or go back through it: so it attacks only from
    water (here it sails on to A3 and attacks from there, and falls back onto A3)."""
    state = position(tmp_path, [capital("B2", 0), town("B3", 0, city=True),
                                capital("G4", 1, city=True), troops("A1", 0, frigate=1),
                                troops("B4", 1, frigate=1)],  # G4: a forest city
                     tiles=PORT_MAP.replace("w p p w w", "w p f w w")[:-2] + "f\n")
    take(state, SelectUnit, hex="A1", unit=FRIG)
    take(state, Step, hex="A2")
    take(state, Step, hex="B3")  # the port, next to the enemy frigate on B4
    assert "B4" not in moves(state) and moves(state).get("A3") == "move"
    take(state, Step, hex="A3")
    assert moves(state).get("B4") == "attack"
    take(state, Step, hex="B4")
    script_dice(state, [6] * 4)  # nobody hits: the attacker pulls back
    take(state, Fight, hex="B4")
    take(state, Retreat)
    assert stack(state, "A3", 0) == [0, 0, 0, 1] and stack(state, "B3", 0) == [0, 0, 0, 0]


def test_rule_land_units_do_not_enter_water(tmp_path):
    state = position(tmp_path, home(troops("D3", 0, infantry=1)), tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D3", unit=INF)
    assert "D2" not in moves(state) and "C2" in moves(state)


def test_labels_say_what_each_move_does(tmp_path):
    state = position(tmp_path, home(troops("D4", 0, infantry=1), enemy=[troops("E4", 1,
                                                                               infantry=1)]),
                     tiles=MOVE_MAP)
    select = find(state, SelectUnit, hex="D4")
    assert select.label == "move an infantry from D4"
    act(state, select)
    labels = {a.label for a in legal(state)}
    assert "attack E4 (player 1: 1 infantry)" in labels
    assert "move to C4 (mountain)" in labels
    assert "stop this unit (it moves no more this turn)" in labels


@pytest.mark.parametrize("seed, players", [(1, 3), (4, 2)])
def test_rule_one_unit_at_a_time_a_unit_is_offered_exactly_when_it_has_a_move(seed, players):
    """The units offered for selection come from a quick check of what each could do
    (`can_act`), apart from the moves a selected unit is then offered (`unit_options`): they
    must agree, or a unit with a move is never offered (a frigate whose only way was an own
    port: 324 times over the move steps of six seeded games, 2 and 3 players) or one without
    is. Checked at every move step of heuristic games with random moves mixed in."""
    game = get_game("viktory-ii")
    state = game.new_state(game.config({"players": players}), seed)
    rng = random.Random(seed)
    checked = 0
    for _ in range(1500):
        if state.is_terminal():
            break
        p = state.to_move()[0]
        if state.phase == "move":
            for u, status in enumerate(state.us):
                if status in (FRESH, REGROUP) and state.uo[u] == p:
                    assert state.can_act(u) == bool(state.unit_options(u, with_cards=False)), (
                        u, state.ut[u], state.uh[u])
                    checked += 1
        action = (game.heuristic(state, p, rng) if rng.random() < 0.7
                  else rng.choice(state.legal_actions(p)))
        state.apply(p, action)
    assert checked > 1000
