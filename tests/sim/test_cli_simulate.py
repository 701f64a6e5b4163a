"""`warroom simulate` as a playtesting engine: the JSON contract, the results database, resume,
and a real Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from warroom.cli import main
from warroom.sim.batch import BatchSpec, play_one

WARROOM = str(Path(sys.executable).parent / "warroom")
ARGS = ["simulate", "kow", "--players", "heuristic,random", "--seed", "4", "--json"]


def simulate_json(capsys, *extra: str) -> dict:
    assert main([*ARGS, *extra]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""  # nothing but the JSON object
    return json.loads(captured.out)


def test_json_contract_and_the_same_result_whatever_the_workers(tmp_path, capsys):
    one = simulate_json(capsys, "--games", "16", "--db", str(tmp_path / "a.sqlite"))
    two = simulate_json(capsys, "--games", "16", "--workers", "2", "--db",
                        str(tmp_path / "b.sqlite"))
    assert one == two
    assert set(one) == {"game", "seed", "config", "games", "players", "wins", "draws",
                        "win_rate", "ci95", "seat_win_rate", "mean_length", "reasons", "run"}
    assert (one["game"], one["seed"]) == ("kow", 4)  # what makes the run again (stop 58)
    assert one["run"] == 1
    assert one["games"] == 16 and one["players"] == ["heuristic", "random"]
    assert sum(one["wins"]) + one["draws"] == 16
    spec = BatchSpec("kow", {}, ("heuristic", "random"), 4)
    games = [play_one(spec, i) for i in range(16)]
    assert one["wins"] == [sum(p in g["winners"] for g in games) for p in (0, 1)]
    assert one["mean_length"] == pytest.approx(sum(g["length"] for g in games) / 16)


def test_results_go_to_warroom_results_under_the_current_directory(tmp_path, capsys,
                                                                   monkeypatch):
    monkeypatch.chdir(tmp_path)
    simulate_json(capsys, "--games", "4", "--set", "max_dice=3")
    db = sqlite3.connect(tmp_path / "warroom-results" / "kow.sqlite")
    (config,) = db.execute("SELECT config FROM runs").fetchone()
    assert json.loads(config)["max_dice"] == 3
    assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (4,)


def test_resume_continues_the_run_and_equals_an_uninterrupted_one(tmp_path, capsys):
    db = str(tmp_path / "r.sqlite")
    simulate_json(capsys, "--games", "6", "--db", db)
    resumed = simulate_json(capsys, "--games", "14", "--db", db, "--resume")
    fresh = simulate_json(capsys, "--games", "14", "--db", str(tmp_path / "f.sqlite"))
    assert resumed == fresh
    rows = sqlite3.connect(db).execute("SELECT run_id, COUNT(*), COUNT(DISTINCT idx) FROM games"
                                       " GROUP BY run_id").fetchall()
    assert rows == [(1, 14, 14)]
    # the run remembers its players, seed and size: a bare --resume has nothing left to play
    assert main(["simulate", "kow", "--db", db, "--resume", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == fresh
    # fewer games than the run has played: said, not silently ignored
    assert main(["simulate", "kow", "--db", db, "--resume", "--games", "5"]) == 2
    assert capsys.readouterr().err.strip() == (
        "warroom: error: --games 5: run 1 has 14 games already, and --resume only adds games "
        "(give more, or leave --games out)")


@pytest.mark.parametrize("extra, message", [
    (["--resume", "--db", "{tmp}/none.sqlite"], "no results database to resume from"),
    (["--resume", "--db", "{tmp}/r.sqlite", "--seed", "99"], "no run of kow with "
     "players heuristic,random, seed 99 to resume"),
    (["--backend", "spark"], "Invalid value for '--backend'"),
    (["--address", "10.0.0.1:6379"], "--address is for --backend ray"),
])
def test_bad_input_is_one_line(tmp_path, capsys, extra, message):
    simulate_json(capsys, "--games", "1", "--db", str(tmp_path / "r.sqlite"))
    args = [*ARGS[:-1], *(a.replace("{tmp}", str(tmp_path)) for a in extra)]
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]


def test_players_are_required_for_a_new_run(tmp_path, capsys):
    assert main(["simulate", "kow", "--db", str(tmp_path / "r.sqlite")]) == 2
    assert "Missing option '--players'" in capsys.readouterr().err


HUGE = "99999999999999999999"  # past a 64-bit integer: SQLite refused it with a traceback


def test_games_past_the_bound_are_one_line_and_leave_no_database(tmp_path, capsys):
    db = tmp_path / "big.sqlite"
    assert main(["simulate", "kow", "--games", HUGE, "--players", "random,random",
                 "--db", str(db)]) == 2
    assert capsys.readouterr().err == (
        f"warroom: error: Invalid value for '--games': {HUGE} is not in the range "
        "1<=x<=1000000. (see 'warroom simulate --help')\n")
    assert not list(tmp_path.glob("big.sqlite*"))  # not even an empty database


def _count(db: Path) -> int:
    try:
        with sqlite3.connect(db) as con:
            return con.execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.OperationalError:  # not created yet
        return 0


def test_ctrl_c_keeps_every_finished_game_and_resume_repeats_none(tmp_path):
    db = tmp_path / "c.sqlite"
    proc = subprocess.Popen(
        [WARROOM, "simulate", "kow", "--games", "100000", "--players", "heuristic,heuristic",
         "--workers", "2", "--db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 60
    while _count(db) < 5 and time.monotonic() < deadline:
        time.sleep(0.1)
    os.killpg(proc.pid, signal.SIGINT)  # as a terminal does: to the whole process group
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130
    assert "Traceback" not in err
    kept = _count(db)
    assert f"interrupted: {kept} of 100000 games of run 1 are kept in {db}" in err
    assert "--resume" in err
    with sqlite3.connect(db) as con:
        indices = [i for (i,) in con.execute("SELECT idx FROM games ORDER BY idx")]
    assert kept >= 5 and len(set(indices)) == kept
    target = str(max(indices) + 3)
    assert main(["simulate", "kow", "--db", str(db), "--resume", "--games", target,
                 "--json"]) == 0
    with sqlite3.connect(db) as con:
        after = [i for (i,) in con.execute("SELECT idx FROM games ORDER BY idx")]
        winners = dict(con.execute("SELECT idx, winners FROM games"))
    assert after == list(range(int(target)))  # the gaps were filled, nothing twice
    spec = BatchSpec("kow", {}, ("heuristic", "heuristic"), 0)
    for i in (0, int(target) - 1):
        assert json.loads(winners[i]) == play_one(spec, i)["winner_seats"]
