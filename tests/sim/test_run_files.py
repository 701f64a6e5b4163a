"""Results runs keep the data files their config names: resume and report use those copies,
whatever became of the files on disk; version 2 files are migrated in place."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from warroom.cli import main
from warroom.games import get_game
from warroom.sim.batch import BatchSpec, play_one
from warroom.sim.store import SCHEMA_VERSION, ResultStore

WORD_IRON = get_game("word-iron")
VIKTORY = get_game("viktory")
CASES = {
    "word-iron": ({"deck0": WORD_IRON.data_file("deck0", "raiders")}, {}),
    "viktory": ({"scenario": VIKTORY.data_file("scenario", "forest-town"),
                 "deck": VIKTORY.data_file("deck", "")}, {"mode": "cards"}),
}


@pytest.mark.parametrize("game_name", sorted(CASES))
def test_resume_and_report_use_the_runs_own_copies(tmp_path, monkeypatch, game_name):
    monkeypatch.chdir(tmp_path)
    files, extra = CASES[game_name]
    sets = []
    for option, source in files.items():
        shutil.copy(source, f"{option}.yaml")
        sets += ["--set", f"{option}={option}.yaml"]  # relative: depends on the folder
    sets += [arg for k, v in extra.items() for arg in ("--set", f"{k}={v}")]
    db = tmp_path / "r.sqlite"
    assert main(["simulate", game_name, "--games", "3", "--players", "random,random",
                 "--db", str(db), "--json", *sets]) == 0
    for option in files:
        Path(f"{option}.yaml").write_text("not: [a deck")  # broken for good
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    assert main(["simulate", game_name, "--games", "6", "--db", str(db), "--resume",
                 "--json"]) == 0
    assert main(["report", str(db), "--out", str(tmp_path / "report")]) == 0
    with ResultStore(db) as store:
        run = store.runs()[0]
        assert set(files) <= set(run.files)  # the default files are kept too
        games = list(store.iter_games(run.id, cards=False))
    assert [g["index"] for g in games] == list(range(6))
    # The resumed games are the games of the original files.
    monkeypatch.chdir(tmp_path)
    for option, source in files.items():
        shutil.copy(source, f"{option}.yaml")
    spec = BatchSpec(game_name, run.config, ("random", "random"), 0)
    for i in (2, 5):
        assert play_one(spec, i)["seed"] == games[i]["seed"]
        assert play_one(spec, i)["length"] == games[i]["length"]
        assert play_one(spec, i)["winner_seats"] == games[i]["winner_seats"]


def test_one_copy_per_file_however_many_runs_name_it(tmp_path):
    with ResultStore(tmp_path / "r.sqlite") as store:
        for seed in range(3):
            store.create_run("word-iron", "1", {"deck0": "raiders"}, ["random", "random"],
                             seed, 1)
        assert store.db.execute("SELECT COUNT(*) FROM data_files").fetchone()[0] == 2


def test_a_version_2_file_is_migrated_and_its_old_runs_read_the_disk(tmp_path):
    path = tmp_path / "v2.sqlite"
    with ResultStore(path) as store:
        store.create_run("word-iron", "1", {}, ["random", "random"], 0, 2)
    db = sqlite3.connect(path)  # make it what version 2 wrote
    db.executescript("DROP TABLE data_files; ALTER TABLE runs DROP COLUMN files;"
                     " PRAGMA user_version=2;")
    db.close()
    with ResultStore(path) as store:
        (run,) = store.runs()
        assert run.files is None
        assert run.spec().config == run.config
        from warroom.sim.runs import execute
        assert execute(store, run, 2) == 2
        store.create_run("word-iron", "1", {}, ["random", "random"], 1, 1)
        assert set(store.runs()[1].files) == {"deck0", "deck1"}
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_an_altered_copy_is_refused_in_one_line(tmp_path):
    path = tmp_path / "r.sqlite"
    with ResultStore(path) as store:
        store.create_run("word-iron", "1", {}, ["random", "random"], 0, 1)
        store.db.execute("UPDATE data_files SET text = text || 'x'")
        store.db.commit()
        with pytest.raises(Exception, match="missing or altered"):
            store.runs()
