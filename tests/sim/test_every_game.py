"""Every registered game can be playtested: simulated into the database, then reported."""

from __future__ import annotations

import json

import pytest

from warroom.engine import config_to_json
from warroom.games import REGISTRY
from warroom.sim.analysis import analyse
from warroom.sim.report import render_html, run_document
from warroom.sim.runs import execute
from warroom.sim.store import ResultStore


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_game_simulates_into_the_database_and_reports(name, tmp_path):
    game = REGISTRY[name]
    config = game.Config()
    players = ["heuristic"] + ["random"] * (game.num_players(config) - 1)
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = store.create_run(name, game.version, config_to_json(config), players, 1, 4)
        assert execute(store, run, 4) == 4
        games = list(store.iter_games(run.id))
        analysis = analyse(store, run, game.title)
    for g in games:
        assert sorted(g["seating"]) == list(range(len(players)))
        assert len(g["scores_by_seat"]) == len(players) and g["length"] > 0
        assert isinstance(g["reason"], str) and g["reason"]
        assert g["first_player"] is None or 0 <= g["first_player"] < len(players)
        assert all(isinstance(v, int | float) for v in g["metrics"].values()), g["metrics"]
    page = render_html(run_document(analysis))
    assert page.count("<svg") >= 4 and json.dumps(analysis.to_json())
