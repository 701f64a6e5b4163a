"""The map heuristic builds towns before cities (stop 72): it upgraded a town to a city as
soon as it held three towns, while sites for new ones remained. Two new towns add as many
units as most upgrades, and land and cards besides; upgrading from five towns held scored
55.9 % head to head against upgrading from three (benchmarks/viktory-ii-heuristic.md,
"Towns before cities")."""

from __future__ import annotations

import random

from vik2_helpers import capital, position, take, town

from warroom.games.viktory_ii import heuristic
from warroom.games.viktory_ii.actions import BuildTown, Done, Upgrade

ENEMY = capital("G2", 1, infantry=1)


def _build_choice(tmp_path, towns: list[str]):
    state = position(tmp_path, [capital("A2", 0, infantry=1), ENEMY,
                                *(town(h, 0, infantry=1) for h in towns)])
    take(state, Done, what="move")
    assert state.decision()[0] == "build"
    assert any(type(a) is BuildTown for a in state.legal_actions(0))  # a site is free
    assert state.count_settlements(0) == (1 + len(towns), 0)
    return type(heuristic.heuristic_action(state, 0, random.Random(0)))


def test_with_three_or_four_towns_and_a_site_free_it_builds_a_town(tmp_path):
    assert _build_choice(tmp_path, ["A4", "C3"]) is BuildTown
    assert _build_choice(tmp_path, ["A4", "C3", "C5"]) is BuildTown


def test_from_five_towns_it_upgrades_one(tmp_path):
    assert _build_choice(tmp_path, ["A4", "C3", "C5", "B1"]) is Upgrade
