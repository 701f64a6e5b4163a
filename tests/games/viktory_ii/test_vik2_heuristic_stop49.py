"""The map heuristic's mistakes found by playing it against its previous version (stop 49).
Positions are set up as the other Viktory II tests set them up (vik2_helpers)."""

from __future__ import annotations

import random

from vik2_helpers import (
    ALL_PLAINS,
    GAME,
    PLAINS_MAP,
    act,
    capital,
    events,
    hx,
    position,
    stack,
    town,
    troops,
    write_map,
)

from warroom.games.viktory_ii import heuristic
from warroom.games.viktory_ii.actions import Step
from warroom.games.viktory_ii.board import UNKNOWN
from warroom.games.viktory_ii.heuristic import NEAR_HOME
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
                                troops("C4", 1, infantry=4), capital("G2", 1, city=True),
                                town("G4", 1), town("G1", 1)],
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


def _first_step(tmp_path, pieces, seed):
    """Where the heuristic's first unit to move steps, playing with rng seed `seed`."""
    state = position(tmp_path, pieces, tiles=ALL_PLAINS)
    rng = random.Random(seed)
    while state.decision()[0] in ("move", "battle"):
        action = heuristic.heuristic_action(state, 0, rng)
        if type(action) is Step:
            return action.where
        act(state, action)
    raise AssertionError("no unit moved")


def _mirror(state, name):
    """The hex's left-right mirror image on the map."""
    q, r = state.board.coords[hx(state, name)]
    return state.board.names[state.board.coords.index((-q - r, r))]


def _pieces(unit, enemy):
    return [capital("F3", 0, city=True, infantry=1), capital("B3", 1, city=True, infantry=2),
            troops(unit, 0, infantry=1), troops(enemy, 1, infantry=1)]


def test_a_unit_takes_the_same_step_in_the_mirror_image_of_its_position(tmp_path):
    """Audit (stop 49): of two steps equally near its goal a unit took the one with the lower
    hex number (the top left), so units drifted that way and the seats on the top edge lost
    most games. An infantry on the left edge (C1) heading for F1 may step to D1 (the edge)
    or D2 (toward the centre); in the mirror image (C6 to F5) to D7 or D6. It steps toward
    the centre in both, whatever its rng."""
    probe = position(tmp_path, _pieces("C1", "F1"), tiles=ALL_PLAINS)
    assert _mirror(probe, "C1") == "C6" and _mirror(probe, "F1") == "F5"
    assert {_mirror(probe, "F3"), _mirror(probe, "B3")} == {"F3", "B3"}  # on the axis
    for seed in range(4):
        left = _first_step(tmp_path, _pieces("C1", "F1"), seed)
        right = _first_step(tmp_path, _pieces("C6", "F5"), seed)
        assert left == "D2" and right == _mirror(probe, left) == "D6"


def test_an_exact_tie_is_broken_by_the_rng_not_the_hex_number(tmp_path):
    """Audit (stop 49): an infantry at the centre (D4) heading for an enemy at B3 may step
    to C3 or C4, mirror images, equally near the goal and the centre. The heuristic took
    C3 (the lower hex number) every time; now its seeded rng chooses, so both occur, and a
    seed always gives the same step (records replay)."""
    pieces = [capital("F3", 0, city=True, infantry=1), capital("G1", 1, city=True, infantry=2),
              troops("D4", 0, infantry=1), troops("B3", 1, infantry=1)]
    steps = [_first_step(tmp_path, pieces, seed) for seed in range(12)]
    assert set(steps) == {"C3", "C4"}
    assert steps[:3] == [_first_step(tmp_path, pieces, s) for s in range(3)]


def test_the_best_starting_tiles_go_toward_the_centre_for_every_seat(tmp_path):
    """Audit (stop 49): the rules put drawn tiles on the revealed hexes in map order and the
    heuristic gave the current hex the best tile left, so the best land went to the top-left
    hex: for a player on the top edge its own edge row, for one on the bottom edge the row
    toward the centre. Now the tiles are shared out first: of a start area (the start hex
    and its four neighbours) the two hexes nearer the centre get the best land, on the top
    edge (A2) as on the bottom (G2)."""
    hidden = ALL_PLAINS.replace("p", "?")
    path = write_map(tmp_path, hidden, None, name="hidden", starts=["A2", "G2"])
    checked = 0
    for seed in range(6):
        state = GAME.new_state(GAME.config({"map": path}), seed)
        b = state.board
        centre = b.distance[b.size // 2]
        areas = [[s, *b.neighbours[s]] for s in (hx(state, "A2"), hx(state, "G2"))]
        rng = random.Random(seed)
        while any(state.terrain[h] == UNKNOWN for area in areas for h in area):
            p = state.to_move()[0]
            act(state, heuristic.heuristic_action(state, p, rng))
        for area in areas:
            inward = [NEAR_HOME[state.terrain[h]] for h in area if centre[h] < b.radius]
            edge = [NEAR_HOME[state.terrain[h]] for h in area if centre[h] == b.radius]
            assert len(inward) == 2 and len(edge) == 3
            assert min(inward) >= max(edge), (seed, [b.names[h] for h in area])
            checked += min(inward) > max(edge)
    assert checked >= 4  # seeds where the best land is strictly better
