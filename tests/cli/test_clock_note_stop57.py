"""Audit (stop 57): a bare `mcts` searches up to 1000 iterations or 1 s a move, so its games
depend on the machine's speed: the same seed gave other games. Only mcts.py's docstring said
so; evaluate, tournament and simulate promised the same results "for players with an
iteration budget", which a bare mcts seemed to be, and `play --help` did not help choose an
opponent. Their --help now says it, and a run with such a player says it on standard error."""

from __future__ import annotations

import json
import re

import pytest

from warroom.agents.mcts import DEFAULT_ITERS, DEFAULT_TIME
from warroom.cli import main

NOTE = "warroom: note: mcts searches by the clock ("
DEFAULT_WORDS = f"mcts: {DEFAULT_ITERS} iterations or {DEFAULT_TIME:g} s a move, by default"


def notes(err: str) -> list[str]:
    return [line for line in err.splitlines() if "by the clock" in line]


def help_text(capsys, *command: str) -> str:
    assert main([*command, "--help"]) == 0
    return " ".join(capsys.readouterr().out.split())


@pytest.mark.parametrize("command", ["simulate", "evaluate", "tournament"])
def test_seed_help_says_a_bare_mcts_searches_by_the_clock(capsys, command):
    """Audit (stop 57): --seed's help of the batch commands names the bare mcts's clock."""
    text = help_text(capsys, command)
    assert (f"unless a player searches by the clock: a bare mcts (up to {DEFAULT_ITERS} "
            f"iterations or {DEFAULT_TIME:g} s a move, whichever comes first) or "
            "mcts:time=S, whose moves depend on the machine's speed; mcts:iters=N alone "
            "repeats its games") in text
    assert "iteration budget" not in text


def test_play_help_orders_the_players_by_strength(capsys):
    """Audit (stop 57): `play --help` lists the players weakest first, with mcts's time."""
    text = help_text(capsys, "play")
    assert ("human, or an AI, weakest first: random (no plan), heuristic (rules of thumb, "
            "instant), mcts (search, up to a second a move by default: the strongest where "
            "measured)") in text
    assert "e.g. --players human,mcts." in text


def test_evaluate_notes_the_default_mcts_once_before_the_games(capsys, monkeypatch):
    """Audit (stop 57): evaluate's default players hold a bare mcts: one line on stderr says
    so, before any game, and standard output keeps the JSON object alone."""
    said_before: list[list[str]] = []

    def no_games(jobs, workers):
        said_before.append(notes(capsys.readouterr().err))
        return iter(())

    monkeypatch.setattr("warroom.cli.evaluate.run_jobs", no_games)
    monkeypatch.setattr("warroom.cli.evaluate.tabulate", lambda players, results: {})
    assert main(["evaluate", "kow", "--games", "2", "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["game"] == "kow"
    assert said_before == [[f"{NOTE}{DEFAULT_WORDS}): moves then depend on the machine's "
                            "speed, so the same --seed may give other games; mcts:iters=N "
                            "alone repeats them"]]


def test_evaluate_with_an_iteration_budget_says_nothing(capsys, monkeypatch):
    """Audit (stop 57): mcts:iters=N repeats its games: no note (and one given with spaces
    is the same player)."""
    monkeypatch.setattr("warroom.cli.evaluate.run_jobs", lambda jobs, workers: iter(()))
    monkeypatch.setattr("warroom.cli.evaluate.tabulate", lambda players, results: {})
    assert main(["evaluate", "kow", "--players", "random,heuristic,mcts : iters= 50",
                 "--games", "2", "--json"]) == 0
    assert notes(capsys.readouterr().err) == []


def test_tournament_notes_every_clock_bound_entrant_in_one_line(capsys):
    """Audit (stop 57): a tournament's entrants that search by the clock, each SPEC once, in
    one line on stderr; --json's standard output is the result alone."""
    assert main(["tournament", "kow", "--players", "mcts:time=0.001,random,mcts:time=0.001,"
                 "random", "--set", "victories_to_win=1", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["champion_name"]
    assert notes(captured.err) == [f"{NOTE}mcts:time=0.001): moves then depend on the "
                                   "machine's speed, so the same --seed may give other games; "
                                   "mcts:iters=N alone repeats them"]


def test_simulate_notes_a_search_by_time_and_its_resume_too(capsys):
    """Audit (stop 57): simulate's `mcts:time=S` is noted, and so is the resumed run's."""
    args = ["simulate", "kow", "--players", "mcts : time=0.001,heuristic", "--games", "2",
            "--set", "victories_to_win=1", "--db", "r.sqlite", "--json"]
    assert main(args) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["players"] == ["mcts:time=0.001", "heuristic"]
    assert len(notes(captured.err)) == 1 and re.match(
        re.escape(f"{NOTE}mcts:time=0.001)"), notes(captured.err)[0])
    assert main(["simulate", "kow", "--db", "r.sqlite", "--resume", "--games", "3",
                 "--json"]) == 0
    assert len(notes(capsys.readouterr().err)) == 1
    assert main(["simulate", "kow", "--players", "mcts:iters=5,heuristic", "--games", "2",
                 "--set", "victories_to_win=1", "--db", "i.sqlite", "--json"]) == 0
    assert notes(capsys.readouterr().err) == []


def test_a_refused_simulate_says_one_line_without_the_note(capsys, tmp_path):
    """Audit (stop 57, fresh eyes): `simulate --players mcts,...` refused for its --db (a
    games database of `warroom serve`) printed the clock note, then the error: two lines."""
    from warroom.server.store import SqliteStore

    SqliteStore(tmp_path / "g.sqlite").close()
    assert main(["simulate", "kow", "--players", "mcts,random", "--games", "2", "--db",
                 str(tmp_path / "g.sqlite")]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1 and err[0].startswith("warroom: error: "), err
