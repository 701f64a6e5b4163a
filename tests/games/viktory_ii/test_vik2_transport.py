"""Transport by sea (VIKTORY-II.md): frigates pick up along their path, unload into one
land hex, amphibious attacks, cargo lost with the frigate."""

from __future__ import annotations

from vik2_helpers import (
    act,
    capital,
    events,
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

from warroom.games.viktory_battles.actions import (
    Casualty,
    FireOverwatch,
    HoldOverwatch,
    Launch,
    Retreat,
)
from warroom.games.viktory_ii.actions import Bombard, Fight, PickUp, SelectUnit, Step, Unload
from warroom.games.viktory_ii.board import WATER
from warroom.games.viktory_ii.movement import CARGO, DONE, FREE
from warroom.games.viktory_ii.render import describe_event
from warroom.games.viktory_ii.units import FRIG, INF, units_text

SEA_MAP = """\
   w w w w
  p p p w w
 w p f p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""


def fleet(tmp_path, *extra):
    """Player 0: a forest capital city (C3: infantry + frigate), a town (B1), a plains city
    (C5: three infantry); a frigate at A2 next to B2 and B3."""
    return position(tmp_path, [capital("C3", 0, city=True), town("B1", 0),
                               town("C5", 0, city=True), troops("A2", 0, frigate=1),
                               troops("B2", 0, infantry=2), troops("B3", 0, infantry=2),
                               capital("G4", 1), *extra], tiles=SEA_MAP)


def frigate(state):
    return next(u for u in range(len(state.uo)) if state.ut[u] == FRIG and state.uo[u] == 0)


def test_rule_a_frigate_carries_up_to_three_land_units(tmp_path):
    state = fleet(tmp_path)
    take(state, SelectUnit, hex="A2", unit=FRIG)
    take(state, PickUp, hex="B2", unit=INF)
    take(state, PickUp, hex="B3", unit=INF)
    take(state, PickUp, hex="B2", unit=INF)
    assert not has(state, PickUp)
    f = frigate(state)
    assert len(state.cargo_of(f)) == 3
    assert stack(state, "B2", 0) == [0, 0, 0, 0] and stack(state, "B3", 0)[INF] == 1
    obs = state.observation(1)
    assert [s for s in obs["units"] if s[0] == hx(state, "A2")][0][4] == [3, 0, 0, 0]


def test_rule_units_that_moved_may_not_board(tmp_path):
    state = fleet(tmp_path)
    take(state, SelectUnit, hex="B2", unit=INF)
    take(state, Step, hex="C2")
    take(state, Step, hex="B2")
    take(state, SelectUnit, hex="A2", unit=FRIG)
    assert has(state, PickUp, hex="B2", unit=INF)  # the other infantry there has not moved
    take(state, PickUp, hex="B2", unit=INF)
    assert not has(state, PickUp, hex="B2")


def test_rule_cargo_sails_with_the_frigate_and_unloading_ends_its_move(tmp_path):
    state = fleet(tmp_path)
    take(state, SelectUnit, hex="A2", unit=FRIG)
    take(state, PickUp, hex="B2", unit=INF)
    take(state, Step, hex="A3")
    take(state, Step, hex="A4")
    take(state, Step, hex="B5")
    assert all(state.uh[u] == hx(state, "B5") for u in state.cargo_of(frigate(state)))
    take(state, Unload, hex="C5")
    assert stack(state, "C5", 0)[INF] == 1
    assert state.active == -1 and not has(state, SelectUnit, hex="C5")
    u = next(u for u in range(len(state.uo)) if state.uh[u] == hx(state, "C5"))
    assert state.us[u] == DONE  # unloaded units may not move again
    assert events(state, "unload")[-1]["where"] == "C5"


def test_rule_amphibious_attack_from_the_frigate_and_back_onto_it(tmp_path):
    state = fleet(tmp_path, troops("C4", 1, infantry=1))
    take(state, SelectUnit, hex="A2", unit=FRIG)
    take(state, PickUp, hex="B3", unit=INF)
    take(state, Step, hex="A3")
    take(state, Step, hex="B4")
    action = next(a for a in legal(state) if type(a) is Unload and a.hex == hx(state, "C4"))
    assert action.attack and action.label == "land and attack on C4"
    take(state, Unload, hex="C4")
    request = state.battle_request("attack", hx(state, "C4"), [], -1)
    side, = request.sides
    assert side.from_frigate and side.source_name == "B4" and side.units == (1, 0, 0, 0)
    script_dice(state, [6, 6])  # one die each (infantry), nobody hits: the attacker retreats
    take(state, Fight, hex="C4")
    take(state, Retreat)
    f = frigate(state)
    cargo = state.cargo_of(f)
    assert len(cargo) == 1 and state.us[cargo[0]] == CARGO


def test_rule_cargo_is_lost_with_the_frigate(tmp_path):
    state = fleet(tmp_path)
    take(state, SelectUnit, hex="A2", unit=FRIG)
    take(state, PickUp, hex="B2", unit=INF)
    take(state, PickUp, hex="B2", unit=INF)
    before = list(state.reserve(0))
    state.remove_unit(frigate(state))
    assert state.reserve(0) == [before[0] + 2, 0, 0, before[3] + 1]
    assert state.occ_owner[hx(state, "A2")] == -1


def test_rule_cargo_lost_with_its_frigate_in_a_battle_counts_in_the_battles_losses(tmp_path):
    """A frigate carrying two infantry sails into an enemy frigate and is sunk: the infantry
    aboard are lost with it, and the battle's event counts them with the attacker's losses
    (they were missing from it: only the frigate was told)."""
    state = position(tmp_path, [capital("C3", 0, city=True), town("B1", 0),
                                town("C5", 0, city=True), troops("A2", 0, frigate=1),
                                troops("B2", 0, infantry=2), troops("B3", 0, infantry=2),
                                capital("G4", 1, city=True), troops("A3", 1, frigate=1)],
                     tiles=SEA_MAP[:-2] + "f\n")  # G4 forest: its city supports a frigate
    take(state, SelectUnit, hex="A2", unit=FRIG)
    take(state, PickUp, hex="B2", unit=INF)
    take(state, PickUp, hex="B2", unit=INF)
    before = list(state.reserve(0))
    take(state, Step, hex="A3")
    take(state, Fight, hex="A3")
    script_dice(state, [6, 1])  # the attacker misses, the defender hits: the frigate sinks
    while state.decision()[0] == "battle":
        act(state, legal(state)[0])
    battle = events(state, "battle")[-1]
    assert battle["winner"] == "defender"
    assert battle["attacker_lost"] == units_text([2, 0, 0, 1])
    assert battle["attacker_aboard_lost"] == units_text([2, 0, 0, 0])
    assert battle["defender_lost"] == units_text([0, 0, 0, 0])
    assert describe_event(battle).endswith(
        "lost: attacker 2 infantry, 1 frigate (aboard: 2 infantry), defender none")
    assert state.reserve(0) == [before[0] + 2, 0, 0, before[3] + 1]


def test_rule_amphibious_attackers_are_lost_with_their_frigate(tmp_path):
    """Cargo is lost with its frigate, and an amphibious attack falls back onto the frigate's
    hex: when the frigate is lost in the battle (Overwatch at it, bombarding) and the attack
    is beaten back, the units it landed have nowhere to go and are lost, counted with the
    battle's losses; none is left standing on water."""
    state = position(tmp_path, [capital("C3", 0, city=True), town("B1", 0),
                                town("C5", 0, city=True), troops("A2", 0, frigate=1),
                                troops("B2", 0, infantry=2), troops("B3", 0, infantry=2),
                                capital("G4", 1, city=True, infantry=1),
                                troops("C4", 1, artillery=1)],
                     tiles=SEA_MAP[:-2] + "m\n")  # G4 a mountain city: it has an artillery
    take(state, SelectUnit, hex="B3", unit=INF)
    take(state, Step, hex="C4")  # an attack declared, which the frigate's units join
    take(state, SelectUnit, hex="A2", unit=FRIG)
    take(state, PickUp, hex="B2", unit=INF)
    take(state, Step, hex="A3")
    take(state, Step, hex="B4")  # next to the artillery, which holds its fire for the battle
    take(state, HoldOverwatch)
    take(state, Bombard, hex="C4")
    take(state, Unload, hex="C4")
    script_dice(state, [1, 1] + [6] * 10)  # Overwatch hits twice, then nobody hits
    take(state, Fight, hex="C4")
    take(state, Launch)
    take(state, FireOverwatch)
    take(state, Casualty, attacker=True, side=0, unit=FRIG)  # the bombarding frigate
    take(state, Casualty, attacker=True, side=1, unit=INF)  # the infantry from B3
    take(state, Retreat)
    assert state.occ_owner[hx(state, "B4")] == -1
    assert not [u for u in range(len(state.uo)) if state.us[u] != FREE and state.ut[u] != FRIG
                and state.terrain[state.uh[u]] == WATER]
    # The infantry hit, the one stranded, and the bombarding frigate.
    assert events(state, "battle")[-1]["attacker_lost"] == units_text([2, 0, 0, 1])
    assert state.onboard[0][INF] == 2  # the two infantry left on B2 and B3
