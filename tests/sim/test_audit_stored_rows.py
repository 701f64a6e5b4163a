"""Rows of a results database that no warroom writes, found by an audit: each is damage, named
in one line by the file, the run and the row, before a report or a resume reads on, and the
file is left as it was. Each test's docstring names the defect."""

from __future__ import annotations

import json
import sqlite3
import warnings
from pathlib import Path

import pytest
from test_damaged_database import PLAYERS, SWEEP, copy, sound_database

from cli_errors import one_line_error
from warroom.cli import main
from warroom.sim.store import ResultStore, StoreError


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> Path:
    return sound_database(tmp_path_factory.mktemp("good"), 10, 4)


def state(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


EXTRA = ("INSERT INTO games SELECT run_id, {idx}, seed, seating, winners, scores, reason, length,"
         " first_player, metrics FROM games WHERE run_id = 1 AND idx = 3")
REPORT = ["report", "--run", "1", "--out", "report.html"]
RESUME = ["simulate", "kow", "--resume"]


@pytest.mark.parametrize("command", [REPORT, RESUME])
def test_defect_a_game_with_no_index_was_resumed_and_reported(good, tmp_path, capsys,
                                                              command):
    """Audit item 4: a run holding a game row of index -1 resumed and reported as if fine. A
    negative index is damage. (A game past the run's size is not: warroom made such runs
    before `set_requested` refused it, below.)"""
    db = copy(good, tmp_path, EXTRA.format(idx=-1))
    before = state(tmp_path)
    args = [*command, "--db", str(db)] if command is RESUME else [*command, str(db)]
    assert main(args) == 2
    assert one_line_error(capsys) == (f"warroom: error: {db}: game -1 of run 1: idx -1 is no "
                                      "game's index")
    assert state(tmp_path) == before


def test_a_game_past_the_runs_size_that_warroom_made_is_read_as_one_of_its_games(good,
                                                                                 tmp_path):
    """Review (stop 44): an older warroom resumed an interrupted run with fewer games than a
    worker had played ahead to (games 0-9 and 12 of a run of 10). That file is the user's
    results, not damage: its report counts every game it holds."""
    db = copy(good, tmp_path, EXTRA.format(idx=12))
    with ResultStore(db) as store:
        assert [g["index"] for g in store.iter_games(1)] == [*range(10), 12]
    assert main([*REPORT, str(db)]) == 0


@pytest.mark.parametrize("command", [
    ["report", "--run", "1", "--out", "report.html", "{db}"],
    ["simulate", "kow", "--resume", "--db", "{db}"],
    ["simulate", "kow", *PLAYERS, "--games", "2", "--db", "{db}"],
])
def test_defect_a_run_of_a_game_no_game_is_called_was_reported(good, tmp_path, capsys,
                                                                command):
    """Audit item 4: a run whose game no registered game has (its name edited) reported as
    if it were any game's; a resume said only "no run of kow". It is damage: the run row is
    named before anything is read or added."""
    db = copy(good, tmp_path, "UPDATE runs SET game = 'nope' WHERE id = 1")
    before = state(tmp_path)
    assert main([arg.format(db=db) for arg in command]) == 2
    assert one_line_error(capsys) == (
        f"warroom: error: {db}: run 1: game 'nope' is no game warroom has (games are: battle, "
        "champions, kow, viktory, viktory-ii, word-iron)")
    assert state(tmp_path) == before


def test_defect_a_control_character_in_a_reason_reached_matplotlib(good, tmp_path, capsys):
    """Audit item 5: a game's stored end `reason` holding a control character made `warroom
    report` print matplotlib's two-line warning of a missing glyph (and wrote the character to
    the terminal in the reasons verdict). No game's rules write one: the store refuses the
    row as damage as it reads it, in one line."""
    db = copy(good, tmp_path)
    con = sqlite3.connect(db)
    con.execute("UPDATE games SET reason = ? WHERE run_id = 1 AND idx = 2",
                ("bad\x1b[2Jreason\x07",))
    con.commit()
    con.close()
    before = state(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # matplotlib's warning fails the test, not the report
        assert main([*REPORT, str(db)]) == 2
    assert one_line_error(capsys) == (
        f"warroom: error: {db}: game 2 of run 1: reason 'bad\\x1b[2Jreason\\x07': a control "
        "character ('\\x1b' at position 4) is not allowed")
    assert state(tmp_path) == before


def test_a_sound_database_still_reports_and_resumes(good, tmp_path, capsys):
    db = copy(good, tmp_path)
    assert main([*REPORT, str(db)]) == 0
    assert main([*RESUME, "--db", str(db), "--games", "12", "--json"]) == 0
    with ResultStore(db, create=False) as store:
        store.check()
        assert store.count_games(1) == 12 and store.run(1).games_requested == 12


def test_a_run_is_never_made_smaller_than_a_game_it_holds(good, tmp_path, capsys):
    """With several workers an interrupted run may hold a game of a later index than its
    count (games 0 to 5 and 8 of 10). Resumed with --games 8 (more than its 7 games) it was
    made 8 games holding game 8: what the store now reads as damage. The resume is refused
    before anything is written, saying how many it needs."""
    db = copy(good, tmp_path, "DELETE FROM games WHERE run_id = 1 AND idx IN (6, 7, 9)",
              "DELETE FROM cards WHERE run_id = 1 AND idx IN (6, 7, 9)")
    before = state(tmp_path)
    assert main([*RESUME, "--db", str(db), "--games", "8"]) == 2
    assert one_line_error(capsys) == (
        f"warroom: error: {db}: run 1 holds game 8 already (played ahead of others before it "
        "was interrupted), so it cannot be made 8 games; give 9 or more")
    assert {k: v for k, v in state(tmp_path).items() if not k.endswith("-lock")} == before
    assert main([*RESUME, "--db", str(db), "--games", "9", "--json"]) == 0
    with ResultStore(db, create=False) as store:
        assert [g["index"] for g in store.iter_games(1)] == list(range(9))


def test_a_sweep_is_never_made_smaller_than_a_game_a_cell_holds(good, tmp_path, capsys):
    """The same for a sweep's cells: refused before the sweep's size is written."""
    db = copy(good, tmp_path, "DELETE FROM games WHERE run_id IN (2, 3) AND idx = 1",
              "DELETE FROM cards WHERE run_id IN (2, 3) AND idx = 1")
    before = state(tmp_path)
    assert main([*SWEEP, "--games", "3", "--db", str(db), "--resume"]) == 2
    assert one_line_error(capsys) == (
        f"warroom: error: {db}: run 2 holds game 3 already (played ahead of others before it "
        "was interrupted), so it cannot be made 3 games; give 4 or more")
    assert state(tmp_path) == before


def test_the_store_names_the_damage_when_read_directly(good, tmp_path):
    db = copy(good, tmp_path, EXTRA.format(idx=-1))
    with ResultStore(db, create=False) as store:
        store.check()  # the runs are sound; the games are read with the run
        with pytest.raises(StoreError) as info:
            store.check_games(1)
    assert str(info.value) == f"{db}: game -1 of run 1: idx -1 is no game's index"
    assert json.loads(json.dumps(str(info.value)))  # one line
