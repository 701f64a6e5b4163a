"""The results database: what a run writes, interruption, and resuming without duplicates."""

from __future__ import annotations

import json
import sqlite3

import pytest

from sqlite_doubles import without_json_functions
from warroom.engine import config_to_json
from warroom.games import REGISTRY
from warroom.sim.batch import BatchSpec, play_one
from warroom.sim.runs import execute, find_resumable
from warroom.sim.store import APPLICATION_ID, SCHEMA_VERSION, ResultStore, StoreError
from warroom.sim.summary import summarise

KOW = REGISTRY["kow"]
PLAYERS = ["heuristic", "random"]


def new_run(store: ResultStore, games: int, seed: int = 2, **options):
    config = config_to_json(KOW.config(options))
    return store.create_run("kow", KOW.version, config, PLAYERS, seed, games)


def test_a_run_writes_one_row_per_game_with_every_field(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = new_run(store, 6, max_dice=3)
        assert execute(store, run, 6, workers=2) == 6
    db = sqlite3.connect(tmp_path / "r.sqlite")
    game, config, players, seed, requested, created = db.execute(
        "SELECT game, config, players, seed, games_requested, created FROM runs").fetchone()
    assert (game, seed, requested) == ("kow", 2, 6) and json.loads(players) == PLAYERS
    assert json.loads(config)["max_dice"] == 3 and json.loads(config)["pool_red"] == 4
    assert created.startswith("20")
    rows = db.execute("SELECT idx, seed, seating, winners, scores, reason, length, first_player,"
                      " metrics FROM games ORDER BY idx").fetchall()
    assert [r[0] for r in rows] == list(range(6))
    spec = BatchSpec("kow", {"max_dice": 3}, tuple(PLAYERS), 2)
    for idx, seed, seating, winners, scores, reason, length, first, metrics in rows:
        expected = play_one(spec, idx)
        assert seed == expected["seed"] and json.loads(seating) == expected["seating"]
        assert json.loads(winners) == expected["winner_seats"]
        assert json.loads(scores) == expected["scores_by_seat"]
        assert (reason, length, first) == (expected["reason"], expected["length"], None)
        assert json.loads(metrics) == expected["metrics"]


def test_iter_games_gives_back_what_play_one_gave(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = new_run(store, 4)
        execute(store, run, 4)
        assert list(store.iter_games(run.id)) == [play_one(run.spec(), i) for i in range(4)]


def test_interrupted_run_keeps_every_finished_game_and_resume_repeats_none(tmp_path):
    path = tmp_path / "r.sqlite"
    seen = []

    def stop_after_five(result):
        seen.append(result["index"])
        if len(seen) == 5:
            raise KeyboardInterrupt

    with ResultStore(path) as store:
        run = new_run(store, 12)
        with pytest.raises(KeyboardInterrupt):
            execute(store, run, 12, on_game=stop_after_five)
        assert store.count_games(run.id) == 5  # buffered games were written on the way out
    with ResultStore(path) as store:
        run = find_resumable(store, "kow", PLAYERS, 2)
        assert execute(store, run, 12, workers=2) == 7
        games = list(store.iter_games(run.id))
    assert [g["index"] for g in games] == list(range(12))
    with ResultStore(tmp_path / "fresh.sqlite") as fresh:
        other = new_run(fresh, 12)
        execute(fresh, other, 12)
        assert list(fresh.iter_games(other.id)) == games  # as if never interrupted


def test_the_tally_counted_by_sqlite_equals_the_summary_of_the_games(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = new_run(store, 9)
        assert store.tally(run).to_json() == summarise(PLAYERS, [])
        execute(store, run, 9)
        games = list(store.iter_games(run.id))
        # a draw and a shared win, which kow cannot produce, counted the same way
        store.set_requested(run.id, 11)  # two more games, as a resume to 11 would add
        for g in games[:2]:
            g["index"] += 9
        games[0]["winner_seats"], games[1]["winner_seats"] = [], [0, 1]
        games[0]["winners"], games[1]["winners"] = [], [0, 1]
        store.add_games(run.id, games[:2])
        everything = list(store.iter_games(run.id))
        assert store.tally(run).to_json() == summarise(PLAYERS, everything)
        assert store.tally(run).draws == 1


def test_the_tally_works_without_the_json_functions_of_sqlite(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = new_run(store, 4)
        execute(store, run, 4)
        expected = store.tally(run).to_json()
        with without_json_functions(store):
            assert store.tally(run).to_json() == expected


def test_resume_can_extend_a_run_and_a_finished_run_plays_nothing(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = new_run(store, 3)
        execute(store, run, 3)
        assert execute(store, run, 3) == 0
        assert execute(store, run, 5) == 2
        assert store.run(run.id).games_requested == 5


def test_a_game_cannot_be_stored_twice(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = new_run(store, 1)
        execute(store, run, 1)
        with pytest.raises(StoreError, match="a game is already stored"):
            store.add_games(run.id, [play_one(run.spec(), 0)])


def test_missing_indices_are_the_gaps(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = new_run(store, 10)
        store.add_games(run.id, [play_one(run.spec(), i) for i in (0, 1, 4, 7)])
        assert list(store.missing_indices(run.id, 10)) == [2, 3, 5, 6, 8, 9]
        assert list(store.missing_indices(run.id, 5)) == [2, 3]
        assert len(store.missing_indices(run.id, 10)) == 6  # sized: a batch knows what is left


def test_find_resumable_matches_what_is_given(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        a = new_run(store, 1, seed=1)
        b = new_run(store, 1, seed=2, max_dice=3)
        assert find_resumable(store, "kow").id == b.id  # the latest
        assert find_resumable(store, "kow", seed=1).id == a.id
        assert find_resumable(store, "kow", config=config_to_json(KOW.config())).id == a.id
        with pytest.raises(StoreError, match="no run of kow with players random,random"):
            find_resumable(store, "kow", ["random", "random"])


def test_a_run_of_another_game_version_cannot_be_resumed(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        store.create_run("kow", "0", config_to_json(KOW.config()), PLAYERS, 0, 1)
        with pytest.raises(StoreError, match="version 0"):
            find_resumable(store, "kow")


def test_a_file_that_is_not_a_database_is_a_clear_error(tmp_path):
    bad = tmp_path / "notes.sqlite"
    bad.write_text("shopping list\n" * 100)
    with pytest.raises(StoreError, match="not a results database"):
        ResultStore(bad)
    with pytest.raises(StoreError, match="no such results database"):
        ResultStore(tmp_path / "missing.sqlite", create=False)


def test_a_database_failing_while_open_is_a_store_error_naming_the_file(tmp_path):
    """SQLite's errors from a file damaged after it was opened, raised directly or wrapped by
    SQLAlchemy (Optuna's study lives in the same file), become one StoreError naming it; a
    ProgrammingError is warroom's own mistake and stays as it is."""
    path = tmp_path / "r.sqlite"

    class Wrapped(Exception):  # as sqlalchemy.exc.DatabaseError carries the DB-API error
        orig = sqlite3.DatabaseError("database disk image is malformed")

    for error in (sqlite3.DatabaseError("database disk image is malformed"), Wrapped()):
        with pytest.raises(StoreError) as info:
            with ResultStore(path):
                raise error
        assert str(info.value) == f"{path}: cannot read (database disk image is malformed)"
    with pytest.raises(sqlite3.ProgrammingError):
        with ResultStore(path):
            raise sqlite3.ProgrammingError("Cannot operate on a closed database.")


VERSION_1 = """
CREATE TABLE sweeps (id INTEGER PRIMARY KEY, game TEXT NOT NULL, vary TEXT NOT NULL,
    base_config TEXT NOT NULL, players TEXT NOT NULL, seed INTEGER NOT NULL,
    games INTEGER NOT NULL, created TEXT NOT NULL);
CREATE TABLE runs (id INTEGER PRIMARY KEY, game TEXT NOT NULL, version TEXT NOT NULL,
    config TEXT NOT NULL, players TEXT NOT NULL, seed INTEGER NOT NULL, rotate INTEGER NOT NULL,
    games_requested INTEGER NOT NULL, sweep_id INTEGER REFERENCES sweeps(id), cell TEXT,
    created TEXT NOT NULL);
CREATE TABLE games (run_id INTEGER NOT NULL REFERENCES runs(id), idx INTEGER NOT NULL,
    seed INTEGER NOT NULL, seating TEXT NOT NULL, winners TEXT NOT NULL, scores TEXT NOT NULL,
    reason TEXT NOT NULL, length INTEGER NOT NULL, first_player INTEGER,
    metrics TEXT NOT NULL, PRIMARY KEY (run_id, idx)) WITHOUT ROWID;
INSERT INTO runs VALUES (1, 'kow', '1', '{}', '["random","random"]', 3, 1, 2, NULL, NULL,
    '2025-01-01T00:00:00+00:00');
INSERT INTO games VALUES (1, 0, 11, '[0,1]', '[0]', '[3,1]', 'first to 3 Victories', 40, NULL,
    '{"rounds":4.0}');
PRAGMA user_version=1;
"""


def test_a_version_1_file_is_migrated_in_place_and_keeps_its_games(tmp_path):
    path = tmp_path / "old.sqlite"
    db = sqlite3.connect(path)
    db.executescript(VERSION_1)
    db.close()
    with ResultStore(path) as store:
        run = store.runs()[0]
        assert run.tune_id is None and run.players == ["random", "random"]
        (game,) = store.iter_games(run.id)
        assert game["winners"] == [0] and game["cards"] is None and game["length"] == 40
        execute(store, run, 4)  # the run goes on, now with card facts
        assert [g["cards"] is not None for g in store.iter_games(run.id)] == [False] + [True] * 3
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    with ResultStore(path) as again:  # opening it again changes nothing
        assert again.count_games(1) == 4
        assert again.run(1).files is None  # made before runs kept their data files


def test_a_newer_file_is_refused_in_one_line(tmp_path):
    path = tmp_path / "new.sqlite"
    db = sqlite3.connect(path)  # a warroom file from a later version
    db.execute(f"PRAGMA application_id={APPLICATION_ID}")
    db.execute("PRAGMA user_version=9")
    db.commit()
    with pytest.raises(StoreError, match="unknown version 9"):
        ResultStore(path)


def test_card_facts_are_stored_per_game_and_seat_as_the_game_gave_them(tmp_path):
    spec = BatchSpec("word-iron", {}, ("random", "random"), 4)
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = store.create_run("word-iron", "1", {}, ["random", "random"], 4, 3)
        execute(store, run, 3)
        stored = list(store.iter_games(run.id))
        assert stored == [play_one(spec, i) for i in range(3)]
        assert all(len(g["cards"]) == 2 and g["cards"][0]["drawn"] for g in stored)
        rows = store.db.execute("SELECT COUNT(*) FROM cards WHERE run_id = ?",
                                (run.id,)).fetchone()[0]
        assert rows == 6
        assert [g["cards"] for g in store.iter_games(run.id, cards=False)] == [None] * 3



def test_a_database_left_without_tables_is_set_up_not_refused(tmp_path):
    """A command stopped (Ctrl-C) after SQLite made the file but before warroom made its
    tables leaves an empty database: the next command takes it."""
    path = tmp_path / "half.sqlite"
    sqlite3.connect(path).execute("PRAGMA journal_mode=WAL").connection.close()
    assert path.stat().st_size > 0
    with ResultStore(path) as store:
        assert store.runs() == []


@pytest.fixture(scope="module")
def good_db(tmp_path_factory):
    """A results database with a kow run (run 1, 4 games), a word-iron run with card facts
    (run 2, 2 games), a sweep and a tune: copied by each test that damages it."""
    path = tmp_path_factory.mktemp("good") / "good.sqlite"
    with ResultStore(path) as store:
        execute(store, new_run(store, 4), 4)
        execute(store, store.create_run("word-iron", "1", {}, ["random", "random"], 4, 2), 2)
        store.create_sweep("kow", [("max_dice", [2, 3])], {}, PLAYERS, 1, 4)
        store.create_tune("kow", ["max_dice=2..4"], ("seat-0", 0.5), {}, PLAYERS, 1, 10, 20)
    return path


def damaged(tmp_path, good_db, sql: str):
    path = tmp_path / "x.sqlite"
    path.write_bytes(good_db.read_bytes())
    db = sqlite3.connect(path)
    db.execute(sql)
    db.commit()
    db.close()
    return path


def read_everything(store: ResultStore) -> None:
    """What `warroom report` and `simulate --resume` read."""
    for run in store.runs():
        list(store.iter_games(run.id))
        store.tally(run)
    for sweep_id in store.sweep_ids():
        store.sweep(sweep_id)
    store.tunes()


@pytest.mark.parametrize("sql, problem", [
    ("UPDATE runs SET config = '{bad' WHERE id = 1", "run 1: config is not valid JSON"),
    ("UPDATE runs SET config = '[]' WHERE id = 1", "run 1: config is not a JSON object"),
    ("UPDATE runs SET players = '5' WHERE id = 1", "run 1: players is not a JSON list"),
    ("UPDATE runs SET players = '[]' WHERE id = 1", "run 1: players is an empty list"),
    ("UPDATE runs SET seed = 'x' WHERE id = 1", "run 1: seed is 'x', not a whole number"),
    ("UPDATE runs SET files = 'x' WHERE id = 1", "run 1: files is not valid JSON"),
    ("UPDATE games SET winners = '[9]' WHERE run_id = 1 AND idx = 3",
     "game 3 of run 1: winners names seat 9 of 2"),
    ("UPDATE games SET winners = 'x' WHERE run_id = 1 AND idx = 3",
     "game 3 of run 1: winners is not valid JSON"),
    ("UPDATE games SET seating = '[0, 5]' WHERE run_id = 1 AND idx = 3",
     "game 3 of run 1: seating names player 5 of 2"),
    ("UPDATE games SET seating = '[0]', winners = '[1]' WHERE run_id = 1 AND idx = 3",
     "game 3 of run 1: winners names seat 1 of 1"),
    ("UPDATE games SET scores = '[1]' WHERE run_id = 1 AND idx = 3",
     "game 3 of run 1: 1 score for the 2 seats of its seating"),
    ("UPDATE games SET length = 'abc' WHERE run_id = 1 AND idx = 3",
     "game 3 of run 1: length is 'abc', not a number of decisions"),
    ("UPDATE games SET metrics = '[1]' WHERE run_id = 1 AND idx = 3",
     "game 3 of run 1: metrics is not a JSON object"),
    ("UPDATE games SET first_player = 7 WHERE run_id = 1 AND idx = 3",
     "game 3 of run 1: first_player names seat 7 of 2"),
    ("UPDATE cards SET facts = '{\"drawn\": {\"99999\": 1}}' WHERE run_id = 2 AND idx = 1",
     "game 1 of run 2: card facts are not {fate: {card id: count}} of known cards"),
    ("UPDATE cards SET seat = 5 WHERE run_id = 2 AND idx = 1 AND seat = 1",
     "game 1 of run 2: seat names seat 5 of 2"),
    ("UPDATE sweeps SET vary = '[1]'", "sweep 1: vary is not [[option, [value, ...]], ...]"),
    ("UPDATE tunes SET target = '{'", "tune 1: target is not valid JSON"),
])
def test_defect_a_damaged_results_database_is_a_store_error_naming_row_and_field(
        tmp_path, good_db, sql, problem):
    """A field of a results database that did not decode gave a traceback from the report or
    a resume (JSONDecodeError for `config='{bad'`, IndexError for `winners='[9]'`, TypeError
    for `players='5'` or `length='abc'`, AttributeError for `metrics='[1]'`), though the README
    lists a damaged results database as a one-line error."""
    path = damaged(tmp_path, good_db, sql)
    with pytest.raises(StoreError) as info, ResultStore(path, create=False) as store:
        read_everything(store)
    assert str(info.value) == f"{path}: {problem}"


def test_the_tally_of_a_damaged_run_names_the_game(tmp_path, good_db):
    """SQLite counts what it can: a winner no seat holds was tallied for no player."""
    path = damaged(tmp_path, good_db, "UPDATE games SET winners = '[9]' WHERE idx = 2")
    with ResultStore(path, create=False) as store, pytest.raises(StoreError) as info:
        store.tally(store.run(1))
    assert str(info.value) == f"{path}: game 2 of run 1: winners names seat 9 of 2"
    with ResultStore(good_db, create=False) as store:  # a whole database reads as before
        read_everything(store)
