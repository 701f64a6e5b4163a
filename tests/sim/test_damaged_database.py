"""A damaged results database is refused before a command adds to it: `sweep`, `tune` and
`simulate` check the file (and a resume the stored games of what it continues) first, and
leave it as it was. Each test names the defect of the audit it pins."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from cli_errors import one_line_error
from warroom.cli import main
from warroom.sim.store import ResultStore, StoreError

PLAYERS = ["--players", "random,random"]
SWEEP = ["sweep", "kow", "--vary", "max_dice=2,3", *PLAYERS]
TUNE = ["tune", "kow", "--param", "max_dice=2..4", "--target", "draws=0", *PLAYERS,
        "--budget", "4", "--batch", "2"]



def state(folder: Path) -> dict[str, bytes | None]:
    """Every file under `folder` with its bytes: what a refused command must leave."""
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else None
            for p in sorted(folder.rglob("*"))}


def sound_database(folder: Path, games: int, cell_games: int) -> Path:
    """A kow run of `games` games (run 1) and a sweep of two cells of `cell_games` (runs 2
    and 3), in `folder`."""
    db = folder / "r.sqlite"
    assert main(["simulate", "kow", *PLAYERS, "--games", str(games), "--db", str(db),
                 "--json"]) == 0
    assert main([*SWEEP, "--games", str(cell_games), "--db", str(db)]) == 0
    return db


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    return sound_database(tmp_path_factory.mktemp("good"), 6, 2)


def copy(good: Path, tmp_path: Path, *sql: str) -> Path:
    """A copy of the database `good` in `tmp_path`, the statements `sql` run on it."""
    db = tmp_path / "r.sqlite"
    db.write_bytes(good.read_bytes())
    con = sqlite3.connect(db)
    for statement in sql:
        con.execute(statement)
    con.commit()
    con.close()
    return db


def overwrite_page(db: Path, table: str) -> None:
    """Garbage over the first page of `table`, as a disk error would leave: the file opens,
    and the damage shows at the first read of that table."""
    con = sqlite3.connect(db)
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    (root,) = con.execute("SELECT rootpage FROM sqlite_master WHERE name = ?",
                          (table,)).fetchone()
    con.close()
    assert not Path(f"{db}-wal").exists()
    with open(db, "r+b") as f:
        f.seek((root - 1) * page_size)
        f.write(b"garbage garbage garbage")


@pytest.mark.parametrize("table", ["runs", "games"])
@pytest.mark.parametrize("command", ["sweep", "tune", "simulate"])
def test_defect_sweep_and_tune_leave_a_damaged_database_unchanged(good, tmp_path, capsys,
                                                                  command, table):
    """`sweep` and `tune` on a damaged results database added their sweep or tune row (tune
    Optuna's tables too) before they reached the damage and failed; `simulate` its run, when
    the damage was in the games. They check the database first now, and change nothing."""
    db = copy(good, tmp_path)
    overwrite_page(db, table)
    before = state(tmp_path)
    args = {"sweep": [*SWEEP, "--games", "2"], "tune": TUNE,
            "simulate": ["simulate", "kow", *PLAYERS, "--games", "2"]}[command]
    assert main([*args, "--db", str(db)]) == 2
    assert one_line_error(capsys) == (f"warroom: error: {db}: cannot read (database disk "
                                      "image is malformed)")
    assert state(tmp_path) == before


@pytest.mark.parametrize("command", ["sweep", "tune"])
def test_a_damaged_run_row_is_refused_before_a_sweep_or_tune_starts(good, tmp_path, capsys,
                                                                    command):
    """A run's row that does not decode is damage too, named by row and field, even when
    the new sweep or tune would not have read that run."""
    db = copy(good, tmp_path, "UPDATE runs SET config = '{bad' WHERE id = 1")
    before = state(tmp_path)
    args = [*SWEEP, "--games", "2"] if command == "sweep" else TUNE
    assert main([*args, "--db", str(db)]) == 2
    assert one_line_error(capsys) == (f"warroom: error: {db}: run 1: config is not valid "
                                      "JSON")
    assert state(tmp_path) == before


@pytest.mark.parametrize("sql, problem", [
    ("UPDATE games SET metrics = '[1]' WHERE run_id = 1 AND idx = 3",
     "game 3 of run 1: metrics is not a JSON object"),
    ("UPDATE games SET scores = '[1]' WHERE run_id = 1 AND idx = 4",
     "game 4 of run 1: 1 score for the 2 seats of its seating"),
    ("UPDATE games SET reason = x'41' WHERE run_id = 1 AND idx = 0",
     "game 0 of run 1: reason is b'A', not text"),
])
def test_defect_simulate_resume_checks_the_stored_games_of_its_run(good, tmp_path, capsys,
                                                                   sql, problem):
    """`simulate --resume` read no stored game: a damaged game row of the run it continued
    went unnoticed (the resume played on and added games) until a report met it. It now
    reads the run's games first, and stops with the database, the row and the field."""
    db = copy(good, tmp_path, sql)
    before = state(tmp_path)
    assert main(["simulate", "kow", "--db", str(db), "--resume", "--games", "8"]) == 2
    assert one_line_error(capsys) == f"warroom: error: {db}: {problem}"
    assert state(tmp_path) == before


@pytest.mark.parametrize("sql, problem", [
    ("UPDATE runs SET config = '{\"foo\": 1}' WHERE id = 1",
     "run 1: its stored options: unknown option 'foo' for kow; options are: red_faces, "
     "white_faces, blue_faces, pool_red, pool_white, pool_blue, min_dice, max_dice, "
     "victories_to_win, max_rounds"),
    ("UPDATE runs SET config = '{\"pool_red\": 99}' WHERE id = 1",
     "run 1: its stored options: option 'pool_red' must be from 0 to 12, got 99"),
])
def test_defect_a_resume_stored_its_new_size_before_its_run_options_were_refused(
        good, tmp_path, capsys, sql, problem):
    """Audit (stop 43): `simulate --resume` of a run whose stored options its game does not
    take (damaged by hand or by the disk) wrote the run's new size, then failed with the
    options' error as if the command line had given them, naming neither the database nor
    the run. The options are checked with the stored games, before anything is written."""
    db = copy(good, tmp_path, sql)
    before = state(tmp_path)
    assert main(["simulate", "kow", "--db", str(db), "--resume", "--games", "8"]) == 2
    assert one_line_error(capsys) == f"warroom: error: {db}: {problem}"
    assert state(tmp_path) == before


def test_a_damaged_game_of_another_run_does_not_stop_a_resume(good, tmp_path, capsys):
    """Only the games of the run resumed are read (cheap): the sweep's damaged cell is the
    report's to name."""
    db = copy(good, tmp_path, "UPDATE games SET metrics = '[1]' WHERE run_id = 2")
    assert main(["simulate", "kow", "--db", str(db), "--resume", "--games", "8",
                 "--json"]) == 0
    with ResultStore(db, create=False) as store:
        assert store.count_games(1) == 8


def test_defect_sweep_resume_checks_the_stored_games_of_its_cells(good, tmp_path, capsys):
    """A sweep resumed to more games read its cells' stored games only for the report, after
    it had raised its games and played the new ones: the damage is named before."""
    db = copy(good, tmp_path, "UPDATE games SET winners = 'x' WHERE run_id = 3 AND idx = 1")
    before = state(tmp_path)
    assert main([*SWEEP, "--games", "4", "--db", str(db), "--resume"]) == 2
    assert one_line_error(capsys) == (f"warroom: error: {db}: game 1 of run 3: winners is "
                                      "not valid JSON")
    assert state(tmp_path) == before


def test_check_passes_a_whole_database_and_names_the_damage(good, tmp_path):
    with ResultStore(good, create=False) as store:
        store.check()
        for run in store.runs():
            store.check_games(run.id)
    db = copy(good, tmp_path, "UPDATE sweeps SET vary = '[1]'")
    with ResultStore(db, create=False) as store, pytest.raises(StoreError) as info:
        store.check()
    assert str(info.value) == f"{db}: sweep 1: vary is not [[option, [value, ...]], ...]"
