"""Battles on the map, fought by the shared resolver (viktory_battles): Overwatch at units
moving next to defending artillery, the cavalry exception, re-attacks in cards mode from the
same hex sides without new replenishment, naval battles and the underdog count."""

from __future__ import annotations

import pytest
from vik2_helpers import (
    GAME,
    act,
    capital,
    events,
    legal,
    name,
    position,
    script_dice,
    stack,
    take,
    town,
)
from vik2_helpers import troops as units_at

from warroom.games.viktory_battles.actions import (
    Casualty,
    FireOverwatch,
    HoldOverwatch,
    Pass,
    PlayCard,
    Retreat,
)
from warroom.games.viktory_ii.actions import Bombard, Fight, SelectUnit, Step
from warroom.games.viktory_ii.movement import DONE, REGROUP
from warroom.games.viktory_ii.render import describe_event
from warroom.games.viktory_ii.units import ART, CAV, FRIG, INF, units_text

# Player 0's capital on grassland (a city there supports infantry and cavalry); player 1's on
# a mountain (a city there supports infantry and artillery); water at C1, D1, D2, C6, D6, D7.
MAP = """\
   g p p p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p m
"""


def test_rule_overwatch_fires_at_a_unit_moving_next_to_defending_artillery(tmp_path):
    state = position(tmp_path, [capital("A1", 0, city=True), units_at("D4", 0, infantry=1),
                                capital("G4", 1, city=True, artillery=1)], tiles=MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")  # not next to G4: nothing fires
    assert state.decision() == ("move", 0)
    take(state, Step, hex="F4")  # next to the artillery on G4
    assert state.decision() == ("battle", 1)  # the defender decides, in the mover's turn
    assert set(map(type, legal(state))) == {FireOverwatch, HoldOverwatch}
    script_dice(state, [1, 6])  # two dice for an artillery (Artillery Characteristics)
    act(state, FireOverwatch())
    assert events(state, "overwatch")[-1]["where"] == "F4"
    assert stack(state, "F4", 0) == [0, 0, 0, 0]  # the infantry was hit
    assert state.overwatch_fired == {state.board.index["G4"]: 1}


def test_rule_overwatch_fires_once_per_enemy_turn(tmp_path):
    state = position(tmp_path, [capital("A1", 0, city=True), town("A3", 0),
                                units_at("E4", 0, infantry=2),
                                capital("G4", 1, city=True, artillery=1)], tiles=MAP)
    take(state, SelectUnit, hex="E4", unit=INF)
    take(state, Step, hex="F4")
    script_dice(state, [6, 6])  # it misses
    act(state, FireOverwatch())
    assert stack(state, "F4", 0)[INF] == 1
    take(state, SelectUnit, hex="E4", unit=INF)
    take(state, Step, hex="F4")  # the artillery has fired this turn
    assert state.decision() == ("move", 0) and stack(state, "F4", 0)[INF] == 2


def test_rule_overwatch_fires_once_per_enemy_turn_even_from_a_new_hex(tmp_path):
    """Hybrid: the artillery on G4 fires Overwatch at a unit moving to F5, then a
    Reinforcements card draws it into the battle at F4; the attack is beaten off. Standing on
    F4 it has still fired this turn: a unit moving next to it draws no fire."""
    state = position(tmp_path, [capital("A1", 0, city=True), town("A3", 0), town("A4", 0),
                                units_at("E5", 0, infantry=1), units_at("E4", 0, infantry=1),
                                units_at("E2", 0, infantry=1),
                                capital("G4", 1, city=True, artillery=1),
                                units_at("F4", 1, infantry=1)], tiles=MAP, mode="hybrid")
    pool = state.pool
    for pile in (pool.deck, pool.discard, *pool.hands):
        if "C10" in pile:  # Reinforcements
            pile.remove("C10")
    pool.hands[0][:] = []
    pool.hands[1][:] = ["C10"]
    take(state, SelectUnit, hex="E5", unit=INF)
    take(state, Step, hex="F5")  # next to the artillery on G4
    script_dice(state, [6] * 30)  # nobody hits, all along
    act(state, FireOverwatch())
    take(state, SelectUnit, hex="E4", unit=INF)
    take(state, Step, hex="F4")
    take(state, Fight, hex="F4")
    take(state, PlayCard, card="C10")  # the artillery comes from G4 to F4
    assert state.decision() == ("battle", 0)
    take(state, Retreat)
    assert stack(state, "F4", 1)[ART] == 1
    take(state, SelectUnit, hex="E2", unit=INF)
    take(state, Step, hex="E3")
    take(state, Step, hex="E4")  # next to F4
    assert state.session is None and state.decision() != ("battle", 1)
    assert len(events(state, "overwatch")) == 1


def _deal(state, hands, top):
    """Cards mode: these hands, and `top` the next cards off the deck, first one first."""
    pool = state.pool
    for card in [*hands[0], *hands[1], *top]:
        for pile in (pool.deck, pool.discard, *pool.hands):
            if card in pile:
                pile.remove(card)
    pool.hands[0][:], pool.hands[1][:] = hands
    pool.deck.extend(reversed(top))  # the top of the deck is its end


def _overwatch_then_a_second_wave(tmp_path, artillery):
    """Cards mode. One of the `artillery` on G4 fires Overwatch at an infantry moving to F5;
    then an infantry attacks F4, whose defender has no artillery, and a Reinforcements card
    draws one of G4's artillery in during the first card battle round. The attacker launches
    a second wave. Returns the state as the second wave's Attack card is played."""
    pieces = [capital("A1", 0, city=True), town("A3", 0), town("A4", 0),
              units_at("E5", 0, infantry=1), units_at("E4", 0, infantry=1),
              capital("G4", 1, city=True, artillery=artillery), town("G3", 1, city=True),
              units_at("F4", 1, infantry=1)]
    state = position(tmp_path, pieces, tiles=MAP[:-4] + "m m\n", mode="cards")  # G3, G4: m
    # Counters only off the deck: Overwatch's flips never hit.
    _deal(state, (["A02", "A09"], ["C10", "C11", "C12"]), ["C13", "C19", "C20", "C21"])
    take(state, SelectUnit, hex="E5", unit=INF)
    take(state, Step, hex="F5")  # next to the artillery on G4
    act(state, FireOverwatch())
    assert state.overwatch_fired == {state.board.index["G4"]: 1}
    take(state, SelectUnit, hex="E4", unit=INF)
    take(state, Step, hex="F4")
    take(state, Fight, hex="F4")
    g4 = next(g for g in state.session_request.defender_reserve if name(state, g.hex) == "G4")
    assert (g4.units[ART], g4.overwatch_fired) == (artillery, 1)  # the map tells the resolver
    take(state, PlayCard, card="A02", use="attack")  # no artillery on F4: no Overwatch
    take(state, PlayCard, card="C10", use="event")  # Reinforcements: an artillery from G4
    assert state.session.defender == [1, 0, 1, 0]
    take(state, PlayCard, card="C11", use="counter")  # blocks the hit
    act(state, Pass())
    assert state.session.decision == ("wave", 0)
    take(state, PlayCard, card="A09", use="attack")  # the second wave
    return state


def test_rule_overwatch_once_per_enemy_turn_an_artillery_drawn_in_that_fired_does_not_fire_again(
        tmp_path):
    """An artillery drawn into a battle may fire Overwatch against a second wave, but only if
    it has not fired this enemy turn: Overwatch fires once per enemy turn, wherever the
    artillery stands. The only artillery on G4 fired at F5; drawn into F4 it stays fired, and
    the second wave draws no fire."""
    state = _overwatch_then_a_second_wave(tmp_path, artillery=1)
    assert state.session.overwatch_ready == 0
    assert state.decision() == ("battle", 1)
    assert state.session.decision == ("play", 1)  # no Overwatch: straight to the Counters
    assert len([e for e in events(state, "flip") if e["cause"] == "overwatch"]) == 1  # F5's
    take(state, PlayCard, card="C12", use="counter")
    act(state, Pass())  # the attacker has no card left: it stands its ground
    assert state.session is None and events(state, "battle")[-1]["winner"] == "defender"
    # The artillery took its mark from G4 to F4.
    assert state.overwatch_fired == {state.board.index["F4"]: 1}


def test_ruling_artillery_drawn_in_goes_ready_first_and_a_fired_one_keeps_its_mark(
        tmp_path):
    """Of two artillery on G4, one has fired Overwatch. Reinforcements draws one into the
    battle at F4: the one still ready goes (it fires at the second wave), and G4 keeps the
    mark of the one that fired."""
    state = _overwatch_then_a_second_wave(tmp_path, artillery=2)
    assert state.session.decision == ("overwatch", 1)
    act(state, FireOverwatch())
    assert state.session.overwatch_ready == 0
    take(state, PlayCard, card="C12", use="counter")
    act(state, Pass())
    assert state.session is None and events(state, "battle")[-1]["winner"] == "defender"
    g4, f4 = state.board.index["G4"], state.board.index["F4"]
    assert stack(state, "G4", 1)[ART] == 1 and stack(state, "F4", 1)[ART] == 1
    assert state.overwatch_fired == {g4: 1, f4: 1}


def test_rule_overwatch_option_off_never_fires(tmp_path):
    state = position(tmp_path, [capital("A1", 0, city=True), units_at("E4", 0, infantry=1),
                                capital("G4", 1, city=True, artillery=1)], tiles=MAP,
                     overwatch=False)
    take(state, SelectUnit, hex="E4", unit=INF)
    take(state, Step, hex="F4")
    assert state.decision() == ("move", 0) and not events(state, "overwatch")


def test_rule_overwatch_fires_at_a_unit_arriving_by_road_next_to_artillery(tmp_path):
    """A road (VIKTORY-II.md, "Movement") moves a unit from its town to another two or three
    hexes away: arriving there next to enemy artillery it has moved next to it and draws
    Overwatch, as a step does."""
    state = position(tmp_path, [capital("A1", 0, city=True), town("D4", 0, infantry=1),
                                town("F4", 0), capital("G4", 1, city=True, artillery=1)],
                     tiles=MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="F4", kind="road")  # by E4, which is not next to G4
    assert events(state, "move")[-1]["road"]
    assert state.decision() == ("battle", 1)
    assert set(map(type, legal(state))) == {FireOverwatch, HoldOverwatch}
    script_dice(state, [1, 6])
    act(state, FireOverwatch())
    assert stack(state, "F4", 0) == [0, 0, 0, 0]
    assert state.overwatch_fired == {state.board.index["G4"]: 1}


@pytest.mark.parametrize("unit, moves_on", [(CAV, True), (INF, False)])
def test_rule_cavalry_exception_cavalry_that_won_may_move_on(tmp_path, unit, moves_on):
    """Units that attacked are done for the turn, except cavalry with movement left."""
    kind = "cavalry" if unit == CAV else "infantry"
    state = position(tmp_path, [capital("A1", 0, city=True), units_at("C3", 0, **{kind: 1}),
                                capital("G4", 1), units_at("D3", 1, infantry=1)], tiles=MAP)
    take(state, SelectUnit, hex="C3", unit=unit)
    take(state, Step, hex="D3")
    take(state, Fight, hex="D3")
    script_dice(state, [1, 6])  # the attacker hits, the defender misses
    while state.decision()[0] == "battle":
        act(state, legal(state)[0])
    assert stack(state, "D3", 0)[unit] == 1 and stack(state, "D3", 1) == [0, 0, 0, 0]
    u = next(u for u in range(len(state.uo)) if state.uo[u] == 0 and state.ut[u] == unit
             and name(state, state.uh[u]) == "D3")
    assert state.us[u] == (REGROUP if moves_on else DONE)
    selectable = any(type(a) is SelectUnit and name(state, a.hex) == "D3" for a in legal(state))
    assert selectable == moves_on
    if moves_on:  # it moves on with the movement it has left (3 - 1)
        take(state, SelectUnit, hex="D3", unit=CAV)
        assert state.um[u] == 2
        take(state, Step, hex="E3")
        assert stack(state, "E3", 0)[CAV] == 1


def test_rule_cavalry_exception_a_cavalry_beaten_off_may_move_on_and_attack_elsewhere(tmp_path):
    """Audit (stop 55): the cavalry exception was tested only for a cavalry that won. The
    variant's text gives it to the first wave of an attack that did not take the hex: "any
    units that were in the first wave may ONLY reattack the same hex and can't go attack
    somewhere else (exception: cavalry ...)". A cavalry beaten off goes back to the hex it
    came from with the movement it has left, and may attack another hex; the hex that beat
    it off has its pennant (no new attack there this turn)."""
    state = position(tmp_path, [capital("A1", 0, city=True), units_at("C3", 0, cavalry=1),
                                capital("G4", 1, city=True), town("G1", 1), town("C4", 1),
                                units_at("D3", 1, infantry=2)], tiles=MAP)
    take(state, SelectUnit, hex="C3", unit=CAV)
    take(state, Step, hex="D3")
    take(state, Fight, hex="D3")
    script_dice(state, [6] * 40)  # every die misses
    while state.decision()[0] == "battle":
        options = legal(state)
        act(state, next((a for a in options if type(a) is Retreat), options[0]))
    assert stack(state, "C3", 0)[CAV] == 1 and stack(state, "D3", 1)[INF] == 2
    u = next(u for u in range(len(state.uo)) if state.uo[u] == 0 and state.ut[u] == CAV)
    assert state.us[u] == REGROUP and state.um[u] == 2
    take(state, SelectUnit, hex="C3", unit=CAV)
    steps = {name(state, a.hex): a.kind for a in legal(state) if type(a) is Step}
    assert "D3" not in steps  # the pennant
    assert steps["C4"] == "attack"  # an enemy town next to it


def test_rule_re_attacks_from_the_same_hex_side_without_new_replenishment(tmp_path):
    """Cards mode: the attacker renews the attack with another Attack card; the second wave
    comes from the same hex side and draws no replenishment cards."""
    state = position(tmp_path, [capital("A1", 0, city=True),
                                units_at("C3", 0, infantry=1, cavalry=1),
                                capital("G4", 1, city=True), town("G1", 1),
                                units_at("D3", 1, infantry=2)],
                     tiles=MAP, mode="cards")
    pool = state.pool
    for card in ("A01", "A06", "A11"):
        for pile in (pool.deck, pool.discard, *pool.hands):
            if card in pile:
                pile.remove(card)
    pool.hands[0][:] = ["A01", "A06"]
    pool.hands[1][:] = []
    pool.deck.append("A11")  # the top card: the attacker's replenishment
    take(state, SelectUnit, hex="C3", unit=INF)
    take(state, Step, hex="D3")
    take(state, SelectUnit, hex="C3", unit=CAV)
    take(state, Step, hex="D3")
    sides = state.battle_request("attack", state.board.index["D3"], [], -1).sides
    take(state, Fight, hex="D3")
    act(state, next(a for a in legal(state) if type(a) is PlayCard and a.card == "A01"))
    # Two unit types attack: two dice, so one replenishment card (one fewer than the dice).
    draws = [e for e in events(state, "draw") if e["why"] == "replenishment"]
    assert [(e["player"], e["count"]) for e in draws] == [(0, 1), (1, 0)]
    assert "A11" in pool.hands[0]
    act(state, Pass())  # the defender has no Counter
    assert state.session.decision == ("wave", 0)  # renew (a second wave) or stand
    assert [e["wave"] for e in events(state, "wave")] == [1, 2]
    act(state, next(a for a in legal(state) if type(a) is PlayCard and a.card == "A06"))
    assert [e for e in events(state, "draw") if e["why"] == "replenishment"] == draws
    assert state.session_request.sides == sides  # the same hex side, the same units
    while state.decision()[0] == "battle":
        act(state, next((a for a in legal(state) if type(a) is Pass), legal(state)[0]))
    assert events(state, "battle")[-1]["winner"] == "attacker"


def bombardment_joins_an_attack(tmp_path, **defenders):
    """Player 0's infantry on C3 attacks D3 (player 1's `defenders`); its frigate on D2
    bombards D3, joining the attack."""
    tiles = NAVAL_MAP[:-2] + "m\n"  # A1 forest (frigates), G4 mountain (artillery)
    state = position(tmp_path, [capital("A1", 0, city=True), units_at("C3", 0, infantry=1),
                                units_at("D2", 0, frigate=1),
                                capital("G4", 1, city=True), units_at("D3", 1, **defenders)],
                     tiles=tiles)
    take(state, SelectUnit, hex="C3", unit=INF)
    take(state, Step, hex="D3")  # an attack declared
    take(state, SelectUnit, hex="D2", unit=FRIG)
    take(state, Bombard, hex="D3")  # joins it
    return state


def test_rule_units_lost_while_bombarding_count_in_the_battles_losses(tmp_path):
    """Bombardment joins a declared attack; the bombarding units are the attacker's units in
    the battle (Overwatch may hit them). Lost, they are told with the attacker's losses in
    the battle's event, and its line in the log says which were bombarding."""
    state = bombardment_joins_an_attack(tmp_path, artillery=1)
    take(state, Fight, hex="D3")
    script_dice(state, [1, 6] + [1, 6])  # Overwatch hits once; then the infantry's die hits
    act(state, FireOverwatch())
    take(state, Casualty, attacker=True, side=0, unit=FRIG)  # the defender picks the frigate
    while state.decision()[0] == "battle":
        act(state, legal(state)[0])
    battle = events(state, "battle")[-1]
    assert battle["winner"] == "attacker"
    assert battle["attacker_lost"] == units_text([0, 0, 0, 1])
    assert battle["bombard_lost"] == units_text([0, 0, 0, 1])
    assert describe_event(battle).endswith(
        "lost: attacker 1 frigate (bombarding: 1 frigate), defender 1 artillery")
    assert state.reserve(0)[FRIG] == 1  # back to its owner's reserve


NAVAL_MAP = """\
   f p p p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p f
"""


def test_rule_naval_battle_frigate_against_frigate(tmp_path):
    """A frigate sailing into a water hex with an enemy frigate fights a naval battle; the
    winner takes the hex."""
    state = position(tmp_path, [capital("A1", 0, city=True), units_at("C1", 0, frigate=1),
                                capital("G4", 1, city=True), units_at("D1", 1, frigate=1)],
                     tiles=NAVAL_MAP)
    take(state, SelectUnit, hex="C1", unit=FRIG)
    take(state, Step, hex="D1")
    take(state, Fight, hex="D1")
    assert state.session_request.kind == "naval"
    script_dice(state, [1, 6])  # one die for the hex side, one for the defender
    while state.decision()[0] == "battle":
        act(state, legal(state)[0])
    assert events(state, "battle")[-1]["battle"] == "naval"
    assert stack(state, "D1", 0)[FRIG] == 1 and stack(state, "D1", 1)[FRIG] == 0


def test_metrics_count_battles_won_by_the_side_with_fewer_units(tmp_path):
    state = position(tmp_path, [capital("A1", 0, city=True), units_at("C3", 0, cavalry=1),
                                capital("G4", 1, city=True), town("G1", 1),
                                units_at("D3", 1, infantry=2)],
                     tiles=MAP)
    take(state, SelectUnit, hex="C3", unit=CAV)
    take(state, Step, hex="D3")
    take(state, Fight, hex="D3")
    script_dice(state, [1, 6] * 4)  # the one attacking die hits, the defending die misses
    while state.decision()[0] == "battle":
        act(state, legal(state)[0])
    assert events(state, "battle")[-1]["winner"] == "attacker"
    assert (state.underdog_battles, state.underdog_wins) == (1, 1)
    metrics = GAME.metrics(state)
    assert metrics["underdog_battles"] == 1 and metrics["underdog_wins"] == 1
