"""Audit (stop 49): an operator upgrading warroom. A sweep or a tune played with one version of
a game was resumed by a release with another, its new games mixed with the old ones and
reported as of the old version; a stored deck the loader rejects was blamed on a temporary
path; refusals of another rules version did not say what to do. A "new release" is the
game's `version` bumped between the first command and the resume."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
import yaml

from warroom.cli import main
from warroom.engine.embed import digest
from warroom.games import REGISTRY
from warroom.sim.store import ResultStore, StoreError
from warroom.sim.sweep import parse_vary, plan, run_sweep
from warroom.sim.tune import make_plan, run_tune

KOW = REGISTRY["kow"]
PLAYERS = "heuristic,random"
SWEEP = ["sweep", "kow", "--vary", "victories_to_win=1,2", "--players", PLAYERS, "--seed", "1"]
TUNE = ["tune", "kow", "--param", "victories_to_win=1..3", "--target", "seat0_win=0.5",
        "--players", PLAYERS, "--batch", "4", "--seed", "1"]


def one_line_error(capsys, *args: str) -> str:
    capsys.readouterr()
    assert main(list(args)) == 2
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("warroom: error: "), lines
    return lines[0].removeprefix("warroom: error: ")


def dump(db: Path) -> list[str]:
    """Everything the database holds, its rows and schema, read through SQLite."""
    con = sqlite3.connect(db)
    try:
        return list(con.iterdump())
    finally:
        con.close()


def refused(kind: str, number: int) -> str:
    return (f"{kind} {number} was played with kow version 1; this is version 2, so it cannot "
            f"be resumed: start a new {kind} (without --resume), or resume it with the "
            "warroom release that made it")


def test_a_sweep_of_another_game_version_is_not_resumed(tmp_path, monkeypatch, capsys):
    """Audit (stop 49): `sweep --resume` by a release with another version of the game added
    its games to the cells of the old version, still stored and reported as version 1. It
    is refused in one line naming the sweep and both versions, the database untouched, by
    the command and by `run_sweep` alike."""
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "r.sqlite"
    assert main([*SWEEP, "--games", "4", "--db", str(db)]) == 0
    before = dump(db)
    monkeypatch.setattr(KOW, "version", "2")
    assert one_line_error(capsys, *SWEEP, "--games", "6", "--resume", "--db",
                          str(db)) == refused("sweep", 1)
    vary = parse_vary(["victories_to_win=1,2"])
    cells = plan(KOW, (), vary, PLAYERS)
    with ResultStore(db) as store, pytest.raises(StoreError) as caught:
        run_sweep(store, KOW, (), vary, cells, PLAYERS.split(","), 1, 6, resume=True)
    assert str(caught.value) == refused("sweep", 1)
    assert dump(db) == before


def test_a_tune_of_another_game_version_is_not_resumed(tmp_path, monkeypatch, capsys):
    """Audit (stop 49): `tune --resume` by a release with another version of the game
    extended its trial with new-version games, reported as version 1. It is refused in one
    line naming the tune and both versions, the database (Optuna's tables too) untouched, by
    the command and by `run_tune` alike."""
    db = tmp_path / "r.sqlite"
    assert main([*TUNE, "--budget", "8", "--db", str(db)]) == 0
    before = dump(db)
    monkeypatch.setattr(KOW, "version", "2")
    assert one_line_error(capsys, *TUNE, "--budget", "16", "--resume", "--db",
                          str(db)) == refused("tune", 1)
    tune = make_plan(KOW, (), ("victories_to_win=1..3",), "seat0_win=0.5", PLAYERS, 1, 4, 16,
                     db)
    with ResultStore(db) as store, pytest.raises(StoreError) as caught:
        run_tune(store, tune, resume=True)
    assert str(caught.value) == refused("tune", 1)
    assert dump(db) == before


def test_a_run_of_another_game_version_is_refused_saying_what_to_do(tmp_path, monkeypatch,
                                                                    capsys):
    """Audit (stop 49): `simulate --resume` of a run of another game version said only that
    it "cannot be resumed"; it now says to start a new run or use the release that made it."""
    db = tmp_path / "r.sqlite"
    assert main(["simulate", "kow", "--games", "2", "--players", PLAYERS, "--db", str(db)]) == 0
    monkeypatch.setattr(KOW, "version", "2")
    assert one_line_error(capsys, "simulate", "kow", "--resume", "--db",
                          str(db)) == refused("run", 1)


def test_a_save_of_another_rules_version_is_refused_saying_what_to_do(tmp_path, monkeypatch,
                                                                      capsys):
    """Audit (stop 49): `play --resume` of a save made by another rules version said only
    "record was made by kow rules version '1'; this is version 2", not what to do."""
    save = tmp_path / "kpart.json"
    save.write_text(json.dumps({"game": "kow", "version": "1", "config": {}, "seed": 1,
                                "actions": [], "meta": {"players": ["random", "random"]}}))
    monkeypatch.setattr(KOW, "version", "2")
    assert one_line_error(capsys, "play", "kow", "--resume", str(save)) == (
        f"{save}: record was made by kow rules version '1'; this is version 2: replay or "
        "finish it with the warroom release that made it")


def test_a_stored_deck_the_loader_rejects_is_named_not_its_temporary_copy(tmp_path, capsys):
    """Audit (stop 49): a run's stored deck that the loader rejects (a field it does not
    know) was blamed on the temporary file it is read from ("/tmp/warroom-embedded-.../
    sample.yaml: card 'Spearmen' ..."); it is named as the stored copy of its option."""
    db = tmp_path / "wi.sqlite"
    assert main(["simulate", "word-iron", "--games", "2", "--players", "random,random",
                 "--seed", "1", "--db", str(db)]) == 0
    with sqlite3.connect(db) as con:
        (sha, text), = con.execute("SELECT sha256, text FROM data_files").fetchall()
        deck = yaml.safe_load(text)
        deck["soldiers"][0]["bogus"] = 1
        new = yaml.safe_dump(deck, sort_keys=False)
        con.execute("INSERT INTO data_files VALUES (?, ?)", (digest(new), new))
        con.execute("UPDATE runs SET files = replace(files, ?, ?)", (sha, digest(new)))
    con.close()
    before = dump(db)
    message = one_line_error(capsys, "simulate", "word-iron", "--resume", "--games", "4",
                             "--db", str(db))
    assert message == (f"{db}: run 1: its stored options: the stored copy of deck0 "
                       "(sample.yaml): card 'Spearmen' (soldiers[0]), field bogus: Extra "
                       "inputs are not permitted")
    assert dump(db) == before

