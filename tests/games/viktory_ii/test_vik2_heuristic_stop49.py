"""The map heuristic's mistakes found by playing it against its previous version (stop 49).
Positions are set up as the other Viktory II tests set them up (vik2_helpers)."""

from __future__ import annotations

import random

from vik2_helpers import PLAINS_MAP, act, capital, events, hx, position, stack, town, troops

from warroom.games.viktory_ii import heuristic
from warroom.games.viktory_ii.actions import Step
from warroom.games.viktory_ii.units import ART, INF

# The plains map with a mountain at C3: a city there supports an infantry and an artillery.
MOUNTAIN_C3 = PLAINS_MAP.replace(" w p p p p w", " w p m p p w")


def _play_moves(state, player=0):
    """The heuristic's moves for the player until its move phase ends."""
    rng = random.Random(0)
    chosen = []
    while state.to_move()[0] == player and state.decision()[0] in ("move", "battle"):
        action = heuristic.heuristic_action(state, player, rng)
        chosen.append(action)
        act(state, action)
        assert len(chosen) < 50
    return chosen


def test_a_garrisons_artillery_bombards_the_enemy_next_to_it(tmp_path):
    """Audit (stop 49): artillery that its capital must keep was never selected (only units
    free to leave were), so it sat beside enemy stacks for the whole game without firing:
    bombarding does not take it from home. Now it bombards the enemy next to it."""
    state = position(tmp_path, [capital("C3", 0, city=True, infantry=1, artillery=1),
                                troops("C4", 1, infantry=3), capital("G2", 1, city=True)],
                     tiles=MOUNTAIN_C3)
    c3 = hx(state, "C3")
    assert not heuristic._may_leave(state, 0, c3)
    _play_moves(state)
    fired = [(e["source"], e["where"]) for e in events(state, "bombard")]
    assert fired == [("C3", "C4")]
    assert stack(state, "C3", 0)[ART] == 1 and stack(state, "C3", 0)[INF] == 1


def test_three_infantry_attack_a_town_held_by_two(tmp_path):
    """Audit (stop 49): three infantry on two sides of an enemy town held by two infantry
    did not attack: they take it about 47 % of the time, and the heuristic asked 50 % for a
    town. Against the heuristic as it was, asking 50 % (a town or city 40 %) scored 53 % of
    400 games where asking 70 % scored 45 % (benchmarks/viktory-ii-heuristic.md): the side
    that attacks first gains the town's support and its card. Now they attack."""
    state = position(tmp_path, [capital("A1", 0, city=True), troops("C3", 0, infantry=2),
                                troops("D3", 0, infantry=1), capital("G4", 1, city=True),
                                town("D4", 1, infantry=2)])
    d4 = hx(state, "D4")
    chance = heuristic.attack_chance(state, 0, d4, heuristic._fresh_near(state, 0, d4))
    assert 0.4 <= chance < 0.5
    chosen = _play_moves(state)
    assert d4 in {a.hex for a in chosen if type(a) is Step and a.kind == "attack"}
