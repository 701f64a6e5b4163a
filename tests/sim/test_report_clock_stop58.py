"""Audit (stop 58): the report of a clock-bound run (`simulate kow --players
heuristic,mcts:time=0.005` then `report`) gave "batch seed 0" and never said that the seed
does not make those games again: simulate's note about the clock is on standard error only,
gone by the time the report is read. The report now says it under the seed, in the note's
words, naming the players."""

from __future__ import annotations

import html

import pytest

from warroom.cli import main

CLOCK = ("mcts searches by the clock (mcts:time=0.005): moves then depend on the machine's "
         "speed, so the same --seed may give other games; mcts:iters=N alone repeats them")


@pytest.fixture(scope="module")
def clock_db(tmp_path_factory):
    db = tmp_path_factory.mktemp("clk") / "c.sqlite"
    assert main(["simulate", "kow", "--players", "heuristic,mcts:time=0.005", "--games", "2",
                 "--db", str(db)]) == 0
    return db


def test_a_markdown_report_says_the_seed_does_not_repeat_the_games(clock_db, capsys):
    """Audit (stop 58): the Markdown report's facts say it, under the seed."""
    out = clock_db.parent / "r.md"
    assert main(["report", str(clock_db), "--out", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    seed = next(i for i, line in enumerate(lines) if "batch seed 0" in line)
    assert lines[seed + 1] == f"- **clock**: {CLOCK}"


def test_an_html_report_says_it_too(clock_db, capsys):
    """Audit (stop 58): and the HTML report, in the same words."""
    out = clock_db.parent / "r.html"
    assert main(["report", str(clock_db), "--out", str(out)]) == 0
    assert f"<tr><th>clock</th><td>{html.escape(CLOCK)}</td></tr>" in out.read_text("utf-8")


def test_a_run_of_players_bound_by_their_seeds_says_nothing_of_a_clock(tmp_path, capsys):
    """Audit (stop 58): mcts:iters=N alone repeats its games: no such line."""
    db = tmp_path / "i.sqlite"
    assert main(["simulate", "kow", "--players", "heuristic,mcts:iters=5", "--games", "2",
                 "--db", str(db)]) == 0
    assert main(["report", str(db), "--out", str(tmp_path / "r.md")]) == 0
    assert "clock" not in (tmp_path / "r.md").read_text(encoding="utf-8")
