"""Transport by sea (VIKTORY-II.md): frigates pick up along their path, unload into one
land hex, amphibious attacks, cargo lost with the frigate."""

from __future__ import annotations

from vik2_helpers import (
    GAME,
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
from warroom.games.viktory_ii.units import CAV, FRIG, INF, units_text

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


# C5 grassland: a city there supports an infantry and a cavalry. G4 a mountain: player 1's
# capital city supports an artillery.
LANDING_MAP = SEA_MAP.replace(" w p f p p w\n", " w p f p g w\n")[:-2] + "m\n"


def landing(tmp_path, **options):
    """Player 0's frigate (A2) takes two infantry (B2) and a cavalry (B3) aboard and sails to
    B4, next to C4, which stands next to player 1's artillery on D4."""
    state = position(tmp_path, [capital("C3", 0, city=True), town("B1", 0),
                                town("C5", 0, city=True), troops("A2", 0, frigate=1),
                                troops("B2", 0, infantry=2), troops("B3", 0, cavalry=1),
                                capital("G4", 1, city=True), troops("D4", 1, artillery=1)],
                     tiles=LANDING_MAP, **options)
    take(state, SelectUnit, hex="A2", unit=FRIG)
    take(state, PickUp, hex="B2", unit=INF)
    take(state, PickUp, hex="B2", unit=INF)
    take(state, PickUp, hex="B3", unit=CAV)
    take(state, Step, hex="A3")
    take(state, Step, hex="B4")  # not next to D4: nothing fires
    assert state.decision() == ("move", 0)
    return state


def test_rule_overwatch_fires_at_units_unloaded_next_to_artillery(tmp_path):
    """RULINGS: "a defending artillery fires once per enemy turn at a unit moving next to
    it; its hits are selective". Units unloaded next to enemy artillery have moved next to
    it: its owner decides once, in the mover's turn, to fire or hold; one artillery fires at
    the units landed together, and picks its casualties among them."""
    state = landing(tmp_path)
    take(state, Unload, hex="C4")
    assert state.decision() == ("battle", 1)
    assert set(map(type, legal(state))) == {FireOverwatch, HoldOverwatch}
    overwatch = events(state, "overwatch")[-1]
    assert (overwatch["source"], overwatch["where"], overwatch["unit"]) == \
        ("D4", "C4", units_text([2, 1, 0, 0]))
    assert describe_event(overwatch) == \
        "Overwatch: Player 1's artillery on D4 may fire at player 0's 2 infantry, 1 cavalry on C4"
    script_dice(state, [1, 6])  # two dice (Artillery Characteristics): one hit, selective
    take(state, FireOverwatch)
    assert state.decision() == ("battle", 1)  # the firer picks among the units landed
    take(state, Casualty, attacker=True, side=1, unit=CAV)
    assert state.session is None  # the battle is over: nothing else moves
    assert stack(state, "C4", 0) == [2, 0, 0, 0]
    assert state.overwatch_fired == {hx(state, "D4"): 1}
    assert state.reserve(0)[CAV] == 1


def test_rule_overwatch_held_at_units_unloaded_stays_ready(tmp_path):
    """The artillery that holds its fire at the units landed has not fired this turn (it
    keeps no mark), and the units stay where they landed."""
    state = landing(tmp_path)
    take(state, Unload, hex="C4")
    take(state, HoldOverwatch)
    assert state.session is None and not state.overwatch_fired.get(hx(state, "D4"))
    assert stack(state, "C4", 0) == [2, 1, 0, 0]
    # The log (audit, stop 77): the question, then the answer, by the player's name; it said
    # "... fires at ..." while asking, then "The defender holds Overwatch back".
    asked, held = events(state, "overwatch")[-1], events(state, "overwatch_held")[-1]
    assert describe_event(asked) == ("Overwatch: Player 1's artillery on D4 may fire at "
                                     "player 0's 2 infantry, 1 cavalry on C4")
    assert describe_event(held) == "Player 1 holds Overwatch back (1 artillery)"


def test_rule_overwatch_option_off_no_fire_at_units_unloaded(tmp_path):
    state = landing(tmp_path, overwatch=False)
    take(state, Unload, hex="C4")
    assert state.session is None and not events(state, "overwatch")
    assert stack(state, "C4", 0) == [2, 1, 0, 0]


def test_ruling_overwatch_fires_at_a_frigate_sailing_next_to_artillery_not_its_cargo(
        tmp_path):
    """A frigate is a unit moving: sailing next to enemy artillery on the coast it draws
    Overwatch as a land unit does. Its cargo does not fight (VIKTORY-II.md, "Transport by
    sea"): the fire is at the frigate alone, and the cargo is lost with it."""
    state = position(tmp_path, [capital("C3", 0, city=True), town("B1", 0),
                                town("C5", 0, city=True), troops("A2", 0, frigate=1),
                                troops("B2", 0, infantry=2), capital("G4", 1, city=True),
                                troops("C4", 1, artillery=1)], tiles=LANDING_MAP)
    take(state, SelectUnit, hex="A2", unit=FRIG)
    take(state, PickUp, hex="B2", unit=INF)
    take(state, PickUp, hex="B2", unit=INF)
    take(state, Step, hex="A3")  # not next to C4
    assert state.decision() == ("move", 0)
    take(state, Step, hex="B4")  # next to the artillery on C4
    assert state.decision() == ("battle", 1)
    assert events(state, "overwatch")[-1]["unit"] == "frigate"
    assert state.session_request.sides[0].units == (0, 0, 0, 1)
    script_dice(state, [1, 6])
    take(state, FireOverwatch)
    assert state.session is None and events(state, "casualty")[-1]["unit"] == FRIG
    assert state.onboard[0][FRIG] == 0 and state.onboard[0][INF] == 0  # the cargo with it


def test_ruling_dark_an_unload_tells_the_mover_the_enemy_next_to_it(tmp_path):
    """README, "Hidden information": on a hidden map units unloaded, like a step, tell the
    mover (only) which enemy pieces stand next to the hex they landed on; enemy artillery
    there may fire Overwatch, and its owner's being asked tells the mover nothing more."""
    state = landing(tmp_path, dark=True)
    take(state, Unload, hex="C4")
    unload = [e for e in state.visible_log(0) if e["event"] == "unload"][-1]
    assert unload["near"] == [["D4", 1, "", "1 artillery"]]
    assert describe_event(unload) == ("Player 0: a frigate on B4 unloads 2 infantry, 1 cavalry"
                                      " on C4 - next to player 1's 1 artillery on D4")
    assert GAME.reveal_changes_flow(unload)
    assert not any(e["event"] == "unload" for e in state.visible_log(1))
    assert state.decision() == ("battle", 1)
