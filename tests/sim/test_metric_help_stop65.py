"""Audit (stop 65): a designer's Viktory II report listed "metric underdog_battles",
"metric underdog_wins" and "metric rounds", and the sweep plotted `underdog_wins` on its
y-axis, with nothing saying what an underdog is (the game's README alone did). Each game
says in a few words what each of its metrics is (`Game.metric_help`); the report's metrics
section and a sweep's metric plots say it."""

from __future__ import annotations

from pathlib import Path

import pytest

from warroom.agents import make_agents
from warroom.cli import main
from warroom.engine import play_game
from warroom.games import REGISTRY

UNDERDOG = "underdog_wins: battles the side with fewer units at their start won"


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_metric_a_game_gives_is_told(name):
    """One home per game for the words, and none for a metric the game does not give."""
    game = REGISTRY[name]
    config = game.config({"radius": 2} if name == "viktory-ii" else {})
    result = play_game(game, config, 3, make_agents(["random"] * game.num_players(config),
                                                    game, 3), keep_record=False)
    assert set(game.metrics(result.state)) == set(game.metric_help), name
    assert all(text and text == text.strip() for text in game.metric_help.values())


def test_the_report_says_what_the_metrics_are(tmp_path: Path):
    db, out = tmp_path / "r.sqlite", tmp_path / "r.md"
    assert main(["simulate", "viktory-ii", "--games", "2", "--players", "random,random",
                 "--set", "radius=2", "--set", "turn_limit=3", "--db", str(db)]) == 0
    assert main(["report", str(db), "--format", "md", "--out", str(out)]) == 0
    text = out.read_text()
    assert "*The metrics: battles: battles fought; " in text
    assert UNDERDOG in text


def test_a_sweeps_metric_plot_names_the_metric_in_words(tmp_path: Path):
    db, out = tmp_path / "s.sqlite", tmp_path / "s.md"
    assert main(["sweep", "viktory-ii", "--games", "2", "--players", "random,random",
                 "--set", "radius=2", "--vary", "turn_limit=2,3", "--db", str(db)]) == 0
    assert main(["report", str(db), "--sweep", "1", "--format", "md", "--out",
                 str(out)]) == 0
    svgs = {p.name: p.read_text() for p in tmp_path.rglob("*.svg")}
    assert "sweep-metric-underdog_wins.svg" in svgs, sorted(svgs)
    assert "battles the side with fewer units at their start won" in \
        svgs["sweep-metric-underdog_wins.svg"]
