"""The map heuristic's choice of a unit to join a declared attack asks the battle's own dice
rule (`viktory_battles.dice.attacker_dice`), rather than assuming that a new hex side or a
new unit type adds a die."""

from __future__ import annotations

import pytest
from vik2_helpers import PLAINS_MAP, capital, hx, legal, position, take, town, troops

from warroom.games.viktory_battles.dice import attacker_dice
from warroom.games.viktory_ii import heuristic
from warroom.games.viktory_ii.actions import SelectUnit, Step
from warroom.games.viktory_ii.units import CAV, INF

# The plains map with grassland at A1 and A4: cities there support an infantry and a cavalry.
MAP = "   g p p g\n" + PLAINS_MAP.split("\n", 1)[1]


@pytest.mark.parametrize("extra, chosen", [
    # C3's cavalry (a new type) and D3's infantry (a new side) each make 2 dice: the side.
    ([], ("D3", INF)),
    # C4's cavalry is both: 3 dice.
    ([troops("C4", 0, cavalry=1)], ("C4", CAV)),
])
def test_join_picks_the_unit_that_adds_the_most_attacker_dice(tmp_path, extra, chosen):
    """The `_join` tie-break took a unit from a new hex side, then one of a new type, as
    adding a die each: it now counts the dice the battle would roll with each candidate
    (`dice.attacker_dice`), a new hex side first among equals. (The old key chose the same
    units: under the rules both do add a die; this pins that the heuristic asks the rule.)"""
    state = position(tmp_path, [capital("A1", 0, city=True), town("A4", 0, city=True),
                                troops("C3", 0, infantry=1, cavalry=1),
                                troops("D3", 0, infantry=1), *extra,
                                capital("G4", 1, city=True), troops("D4", 1, infantry=3)],
                     tiles=MAP)
    target = hx(state, "D4")
    take(state, SelectUnit, hex="C3", unit=INF)
    take(state, Step, hex="D4")  # the attack, declared from C3 by one infantry
    choice = heuristic._join(state, 0, legal(state), target)
    assert (choice.where, choice.unit) == chosen
    committed = state.attacking(target)
    best = max(heuristic._attacker_dice(state, target, [*committed, u])
               for u in heuristic._fresh_near(state, 0, target))
    joined = [0, 0, 0, 0]
    joined[choice.unit] = 1
    sides = [[1, 0, 0, 0]] + ([joined] if choice.where != "C3" else [])
    if choice.where == "C3":
        sides[0][choice.unit] += 1
    assert attacker_dice(sides, naval=False) == best
