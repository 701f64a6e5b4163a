"""Saves and results files never harm other files; every failure to read or write them is a
one-line error. Each test names the defect of the issue it pins."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import psutil
import pytest

from warroom.cli import main
from warroom.cli.simulate import resolve_workers
from warroom.processes import alive

WARROOM = str(Path(sys.executable).parent / "warroom")


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([WARROOM, *args], input=stdin, capture_output=True, text=True,
                          timeout=300)


def one_line_error(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines()
             if line.strip() and not line.endswith(", seed 1")]
    assert len(lines) == 1, proc.stderr
    return lines[0]


def unfinished_save(path: Path, game: str = "champions", seed: str = "3") -> bytes:
    """A game a person quit after a few moves: its save, unfinished."""
    proc = run("play", game, "--players", "human,heuristic", "--seed", seed, "--set",
               "roshambo=random" if game == "champions" else "max_rounds=0",
               "--save", str(path), stdin="1\n1\n1\nq\n")
    assert proc.returncode == 130, proc.stderr
    return path.read_bytes()


# --- saves ---------------------------------------------------------------------------------

def test_defect_save_refuses_to_overwrite_a_file_that_is_not_a_save(tmp_path):
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    line = one_line_error(run("play", "kow", "--players", "random,random", "--seed", "1",
                              "--save", str(notes)))
    assert "notes.txt exists and is not a warroom save" in line and "--force" in line
    assert notes.read_text() == "my notes\n"


def test_defect_save_refuses_to_overwrite_an_unfinished_game_of_another_game(tmp_path):
    save = tmp_path / "champions.json"
    before = unfinished_save(save)
    line = one_line_error(run("play", "kow", "--players", "random,random", "--seed", "1",
                              "--save", str(save)))
    assert "a save of another game (champions, seed 3" in line
    assert save.read_bytes() == before
    # The same game with another seed is another game too.
    line = one_line_error(run("play", "champions", "--players", "random,random", "--seed", "4",
                              "--set", "roshambo=random", "--save", str(save)))
    assert "another game" in line and save.read_bytes() == before
    # The same game from its start would lose the moves saved: it is pointed to --resume.
    line = one_line_error(run("play", "champions", "--players", "random,random", "--seed", "3",
                              "--set", "roshambo=random", "--save", str(save)))
    assert "this game further on" in line and "--resume" in line
    assert save.read_bytes() == before


def test_save_continues_its_own_game_and_force_overwrites_another(tmp_path):
    save = tmp_path / "game.json"
    before = json.loads(unfinished_save(save))
    # Resuming keeps saving to it: it is this game's own save.
    proc = run("play", "champions", "--resume", str(save), "--players", "random,random",
               "--json")
    assert proc.returncode == 0, proc.stderr
    after = json.loads(save.read_text())
    assert after["actions"][:len(before["actions"])] == before["actions"]
    assert len(after["actions"]) > len(before["actions"])
    # An earlier save of the same game may be brought up to date from a later one (unfinished:
    # a finished game is not played on).
    early, later = tmp_path / "early.json", tmp_path / "later.json"
    early.write_text(json.dumps(before))
    later.write_text(json.dumps({**after, "actions": after["actions"][:len(before["actions"])
                                                                    + 2]}))
    proc = run("play", "champions", "--resume", str(later), "--save", str(early), "--json")
    assert proc.returncode == 0, proc.stderr
    kept = len(before["actions"]) + 2
    assert json.loads(early.read_text())["actions"][:kept] == after["actions"][:kept]
    # --force overwrites a file that is not this game's.
    notes = tmp_path / "notes.txt"
    notes.write_text("x")
    proc = run("play", "kow", "--players", "random,random", "--seed", "1", "--save", str(notes),
               "--force", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(notes.read_text())["game"] == "kow"


def test_a_save_that_does_not_replay_is_refused_and_left_as_it_was(tmp_path):
    """Found by fuzzing: the save was rewritten (checking that it could be written) before
    the replay found its broken action."""
    save = tmp_path / "game.json"
    record = json.loads(unfinished_save(save))
    record["actions"][-1]["action"] = {"type": "Flip"}  # no battle to flip a card in
    save.write_text(json.dumps(record))
    before = save.read_bytes()
    line = one_line_error(run("play", "champions", "--resume", str(save), "--players",
                              "random,random"))
    assert f"actions[{len(record['actions']) - 1}]" in line
    assert save.read_bytes() == before


def test_defect_unwritable_save_path_is_found_before_the_first_move(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    target = blocker / "game.json"  # a directory that is a file: nothing can be written here
    proc = run("play", "kow", "--players", "human,random", "--seed", "1", "--save",
               str(target), stdin="1\n" * 50)
    line = one_line_error(proc)
    assert "game.json: cannot save here" in line
    assert "you are player" not in proc.stdout  # no move was asked for


def test_save_never_replaces_a_special_file(tmp_path):
    line = one_line_error(run("play", "kow", "--players", "random,random", "--seed", "1",
                              "--save", os.devnull, "--force"))
    assert "not a regular file" in line


def test_a_failing_save_mid_game_is_one_line_and_keeps_the_previous_save(tmp_path,
                                                                           monkeypatch, capsys):
    from warroom.engine import files as files_module

    save = tmp_path / "game.json"
    real_replace, calls = os.replace, []

    def full_disk(src, dst):
        calls.append(dst)
        if len(calls) > 3:
            raise OSError(28, "No space left on device")
        real_replace(src, dst)

    monkeypatch.setattr(files_module.os, "replace", full_disk)
    monkeypatch.setattr("warroom.cli.play.SAVE_EVERY", 0.0)  # a save after every AI action
    assert main(["play", "kow", "--players", "random,random", "--seed", "1", "--save",
                 str(save), "--json"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "No space left on device" in err[0] and "intact" in err[0]
    assert len(json.loads(save.read_text())["actions"]) == 2  # the last good save
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left


def _kow(**changes: object) -> str:
    record = {"game": "kow", "version": "1", "config": {}, "seed": 1,
              "actions": [{"player": 0, "action": {"type": "ChooseDice", "red": 1, "white": 0,
                                                   "blue": 0}}]}
    for key, value in changes.items():
        if key in record:
            record[key] = value
        else:
            record["actions"][0]["action"][key] = value
    return json.dumps(record)


BROKEN_SAVES = [
    "", "null", "[]", "{}", "\ufeff{}", '{"game": "kow"}', "{" * 5000, "[" * 100_000,
    '{"seed": ' + "9" * 5000 + "}",
    _kow(seed="1"), _kow(seed=1.5), _kow(seed=True), _kow(seed=2**70), _kow(version=1),
    _kow(version="9"), _kow(game="nosuch"), _kow(game=""), _kow(config={"nosuch": 1}),
    _kow(config={"victories_to_win": 1e20}), _kow(config={"pool_red": 10**9}),
    _kow(config={"red_faces": "0,1"}), _kow(actions={}), _kow(actions=[3]),
    _kow(actions=[{"player": 0}]), _kow(actions=[{"player": True, "action": {"type": "Stop"}}]),
    _kow(actions=[{"player": 0, "action": {"type": ["Stop"]}}]),
    _kow(actions=[{"player": 0, "action": {"type": "Jump"}}]),
    _kow(red=4.0), _kow(red=True), _kow(red=99), _kow(red=None), _kow(extra=1),
    _kow(actions=[{"player": 0, "action": {"type": "Defeat", "card": "Z", "dice": [0],
                                           "swords": [1]}}]),
    _kow(actions=[{"player": 1, "action": {"type": "Defeat", "card": "AS", "dice": [9],
                                           "swords": [1]}}]),
]


@pytest.mark.parametrize("text", BROKEN_SAVES, ids=range(len(BROKEN_SAVES)))
def test_defect_every_broken_save_is_a_one_line_error_and_stays_as_it_was(tmp_path, text,
                                                                           capsys):
    save = tmp_path / "broken.json"
    save.write_text(text)
    before = save.read_bytes()
    for args in (["replay", str(save)], ["play", "kow", "--resume", str(save), "--players",
                                         "random,random"]):
        assert main(args) == 2, args
        err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
        assert len(err) == 1 and "broken.json" in err[0], err
    assert save.read_bytes() == before
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert main(["replay", str(binary)]) == 2


# --- replay --------------------------------------------------------------------------------

def test_defect_replay_of_an_unfinished_game_does_not_show_the_ai_hand(tmp_path):
    save = tmp_path / "battle.json"
    unfinished_save(save, "battle", "3")
    line = one_line_error(run("replay", str(save), "--as", "1"))
    assert "the game is not over" in line and "heuristic" in line and "as your seat (0)" in line
    mine = run("replay", str(save), "--as", "0")
    assert mine.returncode == 0 and "Your hand" in mine.stdout and "unfinished" in mine.stdout
    spectator = run("replay", str(save))
    assert spectator.returncode == 0 and "Your hand" not in spectator.stdout


def test_replay_of_a_finished_game_shows_any_seat(tmp_path):
    save = tmp_path / "done.json"
    proc = run("play", "battle", "--players", "random,heuristic", "--seed", "3", "--save",
               str(save), "--json")
    assert proc.returncode == 0, proc.stderr
    for seat in ("0", "1"):
        shown = run("replay", str(save), "--as", seat)
        assert shown.returncode == 0 and "Result:" in shown.stdout


# --- results databases ---------------------------------------------------------------------

def foreign_database(path: Path) -> bytes:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE notes (body TEXT)")
    db.execute("INSERT INTO notes VALUES ('keep me')")
    db.commit()
    db.close()
    return path.read_bytes()


def test_defect_report_on_an_empty_file_adds_nothing_to_it(tmp_path):
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    line = one_line_error(run("report", str(empty)))
    assert "empty file, not a results database" in line
    assert empty.read_bytes() == b""


def test_defect_report_and_simulate_leave_a_foreign_sqlite_file_as_it_is(tmp_path):
    path = tmp_path / "mine.sqlite"
    before = foreign_database(path)
    line = one_line_error(run("report", str(path)))
    assert "another program (tables notes)" in line
    line = one_line_error(run("simulate", "kow", "--games", "2", "--players", "random,random",
                              "--db", str(path)))
    assert "not a warroom results database" in line
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine.sqlite"]


def test_simulate_makes_a_new_database_in_an_empty_file_and_marks_older_ones(tmp_path):
    empty = tmp_path / "new.sqlite"
    empty.write_bytes(b"")
    proc = run("simulate", "kow", "--games", "2", "--players", "random,random", "--db",
               str(empty), "--json")
    assert proc.returncode == 0, proc.stderr
    db = sqlite3.connect(empty)
    assert db.execute("PRAGMA application_id").fetchone()[0] == 0x57415252
    db.execute("PRAGMA application_id=0")  # as a database made before the mark existed
    db.commit()
    db.close()
    assert run("report", str(empty)).returncode == 0  # still recognised by its tables


def damage(db: Path, table: str) -> bytes:
    """Overwrite the first page of `table` with garbage, as a disk error would: the file still
    opens, and the damage shows at the first read of that table."""
    con = sqlite3.connect(db)
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    (root,) = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                          (table,)).fetchone()
    con.close()
    assert not Path(f"{db}-wal").exists()  # every page is in the file itself
    with open(db, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"garbage garbage garbage")
    return db.read_bytes()


@pytest.mark.parametrize("table", ["runs", "games"])
def test_defect_report_on_a_damaged_database_is_a_one_line_error(tmp_path, table):
    """A page overwritten after the file was made: `report` read it as any other database and
    ended with sqlite3's 'database disk image is malformed' traceback."""
    db = tmp_path / "r.sqlite"
    proc = run("simulate", "kow", "--games", "30", "--players", "random,random", "--db",
               str(db), "--json")
    assert proc.returncode == 0, proc.stderr
    before, files = damage(db, table), sorted(tmp_path.iterdir())
    for args in ([], ["--run", "1"]):
        line = one_line_error(run("report", str(db), *args))
        assert line == f"warroom: error: {db}: cannot read (database disk image is malformed)"
        assert db.read_bytes() == before
        assert sorted(tmp_path.iterdir()) == files  # no report written


def test_defect_resume_and_sweep_on_a_damaged_database_are_one_line_errors(tmp_path):
    db = tmp_path / "r.sqlite"
    proc = run("simulate", "kow", "--games", "30", "--players", "random,random", "--db",
               str(db), "--json")
    assert proc.returncode == 0, proc.stderr
    damage(db, "runs")
    message = f"warroom: error: {db}: cannot read (database disk image is malformed)"
    assert one_line_error(run("simulate", "kow", "--db", str(db), "--resume")) == message
    assert one_line_error(run("sweep", "kow", "--vary", "max_dice=2,3", "--games", "2",
                              "--players", "random,random", "--db", str(db))) == message


def hold_run(db: Path, run_id: int) -> subprocess.Popen:
    """Another process that plays run `run_id` of `db` (holds its lock) until told to stop."""
    code = ("import sys; from warroom.sim.store import ResultStore\n"
            f"s = ResultStore({str(db)!r}); s.claim({run_id}); print('holding', flush=True)\n"
            "sys.stdin.read()\n")
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "holding"
    return proc


def test_defect_a_second_resume_of_a_run_being_played_is_a_one_line_error(tmp_path):
    db = tmp_path / "k.sqlite"
    proc = run("simulate", "kow", "--games", "4", "--players", "random,random", "--db", str(db),
               "--json")
    assert proc.returncode == 0, proc.stderr
    holder = hold_run(db, 1)
    try:
        line = one_line_error(run("simulate", "kow", "--games", "40", "--db", str(db),
                                  "--resume"))
        assert "run 1 is being played by another warroom process" in line
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    proc = run("simulate", "kow", "--games", "8", "--db", str(db), "--resume", "--json")
    assert proc.returncode == 0 and json.loads(proc.stdout)["games"] == 8  # the lock is gone


def test_a_process_holds_its_run_once(tmp_path):
    from warroom.sim.store import ResultStore, StoreError

    with ResultStore(tmp_path / "r.sqlite") as a, ResultStore(tmp_path / "r.sqlite") as b:
        a.claim(1)
        b.claim(2)
        with pytest.raises(StoreError, match="already being played by this process"):
            b.claim(1)
    with ResultStore(tmp_path / "r.sqlite") as c:
        c.claim(1)  # closing the stores let go of their runs


def test_defect_a_full_disk_while_simulating_is_a_one_line_error(tmp_path, monkeypatch, capsys):
    from warroom.sim import store as store_module

    real_init = store_module.ResultStore.__init__

    def almost_full(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        pages = self.db.execute("PRAGMA page_count").fetchone()[0]
        self.db.execute(f"PRAGMA max_page_count={pages}")  # SQLite's "database or disk is full"

    monkeypatch.setattr(store_module.ResultStore, "__init__", almost_full)
    code = main(["simulate", "kow", "--games", "300", "--players", "random,random", "--db",
                 str(tmp_path / "k.sqlite")])
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert code == 2 and len(err) == 1 and "disk is full" in err[0], err


def test_defect_an_unwritable_report_is_a_one_line_error(tmp_path):
    db = tmp_path / "k.sqlite"
    assert run("simulate", "kow", "--games", "4", "--players", "random,random", "--db",
               str(db)).returncode == 0
    line = one_line_error(run("report", str(db), "--out", "/proc/x.html"))
    assert "cannot write the report to /proc/x.html" in line
    blocker = tmp_path / "file"
    blocker.write_text("")
    line = one_line_error(run("report", str(db), "--out", str(blocker / "r.md")))
    assert "cannot write the report" in line


def test_defect_workers_are_capped_at_the_games_and_the_cpus(capsys):
    cpus = os.cpu_count() or 1
    assert resolve_workers(300, "process", 2) == min(2, cpus)
    assert resolve_workers(None, "process", 50) == 1
    assert resolve_workers(300, "ray", 2) == 2
    # a local Ray instance runs on this machine's CPUs too; a cluster has its own
    assert resolve_workers(cpus + 5, "ray", 1000) == cpus
    assert f"--workers {cpus + 5} is more than the {cpus} CPUs here" in capsys.readouterr().err
    assert resolve_workers(cpus + 5, "ray", 1000, "auto") == cpus + 5
    assert resolve_workers(None, "ray", 1000) == cpus
    proc = run("simulate", "kow", "--games", "2", "--players", "random,random", "--workers",
               "300", "--json")
    assert proc.returncode == 0, proc.stderr
    if cpus < 300:
        assert f"--workers 300 is more than the {cpus} CPUs here; using {cpus}" in proc.stderr


# --- worker processes ----------------------------------------------------------------------

def children(pid: int, direct: bool = False) -> list[int]:
    """The processes descending from `pid` (only its own children if `direct`)."""
    return [c.pid for c in psutil.Process(pid).children(recursive=not direct)]


def stored_games(db: Path) -> int:
    try:
        return sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0]
    except sqlite3.Error:  # not made yet
        return 0


def start_long_simulation(db: Path) -> subprocess.Popen:
    proc = subprocess.Popen([WARROOM, "simulate", "kow", "--games", "100000", "--players",
                             "random,random", "--workers", "2", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while len(children(proc.pid)) < 3:  # the resource tracker, the server, the workers
        assert time.monotonic() < deadline and proc.poll() is None, proc.stderr.read()
        time.sleep(0.2)
    time.sleep(2)
    return proc


def test_defect_a_killed_worker_is_a_one_line_error_not_a_hang(tmp_path):
    proc = start_long_simulation(tmp_path / "k.sqlite")
    try:
        direct = set(children(proc.pid, direct=True))  # the resource tracker, the fork server
        workers = [p for p in children(proc.pid) if p not in direct]
        os.kill(workers[-1], signal.SIGKILL)
        _, err = proc.communicate(timeout=120)
    finally:
        proc.kill()
    lines = [line for line in err.splitlines() if line.strip()]
    assert proc.returncode == 2 and "Traceback" not in err
    assert len(lines) == 1 and "worker process stopped unexpectedly" in lines[0]


def test_defect_killing_the_simulation_leaves_no_tracebacks_and_no_workers(tmp_path):
    proc = start_long_simulation(tmp_path / "k.sqlite")
    descendants = children(proc.pid)
    proc.kill()
    _, err = proc.communicate(timeout=60)
    deadline = time.monotonic() + 30
    while any(alive(p) for p in descendants):
        assert time.monotonic() < deadline, "worker processes outlived the simulation"
        time.sleep(0.2)
    assert "Traceback" not in err and "Error" not in err, err


def test_a_terminated_simulation_keeps_its_games_like_ctrl_c(tmp_path):
    db = tmp_path / "k.sqlite"
    proc = start_long_simulation(db)
    deadline = time.monotonic() + 120  # a loaded machine may take a while for the first games
    while stored_games(db) == 0:
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.2)
    proc.terminate()
    _, err = proc.communicate(timeout=60)
    # 143 = 128 + SIGTERM (Audit, stop 48: it was Ctrl-C's 130)
    assert proc.returncode == 143 and "Traceback" not in err
    assert "interrupted:" in err and "--resume" in err
    kept = sqlite3.connect(db).execute("SELECT COUNT(*) FROM games").fetchone()[0]
    assert kept > 0


def test_defect_serve_leaves_a_results_database_and_other_files_as_they_are(tmp_path):
    """`serve --db` added its tables to any SQLite file (a results database, another
    program's) and met a file that is not a database with a traceback."""
    results = tmp_path / "results.sqlite"
    run("simulate", "kow", "--games", "2", "--players", "random,random", "--db", str(results))
    foreign = tmp_path / "mine.sqlite"
    foreign_database(foreign)
    text = tmp_path / "notes.sqlite"
    text.write_text("hello\n")
    for path, says in ((results, "a warroom results database (warroom simulate --db), "
                                 "not a warroom games database"),
                       (foreign, "another program (tables notes), not a warroom games database"),
                       (text, "not a warroom games database (file is not a database)")):
        before = path.read_bytes()
        line = one_line_error(run("serve", "--db", str(path), "--port", "0"))
        assert says in line, line
        assert path.read_bytes() == before


def test_a_games_database_is_not_taken_for_results_and_an_older_one_is_marked(tmp_path):
    from warroom.server.store import SqliteStore
    from warroom.sim.store import GAMES_APPLICATION_ID

    older = tmp_path / "older.sqlite"  # a games database made before files were marked
    db = sqlite3.connect(older)
    db.executescript("CREATE TABLE games (id TEXT); CREATE TABLE actions (game_id TEXT);")
    db.close()
    SqliteStore(older).close()
    db = sqlite3.connect(older)
    assert db.execute("PRAGMA application_id").fetchone()[0] == GAMES_APPLICATION_ID
    db.close()
    before = older.read_bytes()
    line = one_line_error(run("simulate", "kow", "--games", "2", "--players", "random,random",
                              "--db", str(older)))
    assert "a warroom games database (warroom serve --db), not a warroom results" in line
    assert older.read_bytes() == before


def test_defect_serve_on_a_port_in_use_is_a_one_line_error(tmp_path):
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line_error(run("serve", "--db", str(tmp_path / "g.sqlite"), "--port",
                                  str(port)))
    assert f"cannot listen on 127.0.0.1:{port}" in line
    assert not (tmp_path / "g.sqlite").exists()
