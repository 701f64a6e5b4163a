"""Review (stop 59): the table counts a battle's defenders as the battle has them (an audit saw
3 infantry on the map where the battle said 1 was left), but the battle also counts the units
the defender brought in (a Reinforcements card, a neighbouring group), which the map and the
reserve still showed where they came from: they were counted twice (E3 "2i 1c" with "reserve
1c" in the headline). The battle hex now shows no more of a kind than stood there."""

from __future__ import annotations

import importlib

from warroom.engine.flowcheck import random_walk
from warroom.games import get_game

GAME = get_game("viktory-ii")
render = importlib.import_module("warroom.games.viktory_ii.render")  # the module, not its function


def _totals(rows: list[list], owner: int) -> list[int]:
    total = [0, 0, 0, 0]
    for _, who, units, _, _ in rows:
        if who == owner:
            total = [t + n for t, n in zip(total, units)]
    return total


def test_a_battle_never_adds_units_to_the_map() -> None:
    battles = 0
    for seed in (5, 6):
        for _, state in random_walk(GAME, GAME.config({"mode": "cards"}), seed):
            viewer = state.to_move()[0]
            obs = state.observation(viewer)
            battle = obs.get("battle")
            if not battle or battle.get("hex", -1) < 0 or battle["kind"] not in render.ON_ITS_HEX:
                continue
            battles += 1
            defender = battle["seats"][1]
            shown, stood = _totals(render._units_now(obs), defender), _totals(obs["units"],
                                                                              defender)
            assert all(s <= t for s, t in zip(shown, stood)), (seed, battle["where"], shown,
                                                               stood)
    assert battles > 10  # the walk met battles on their hex
