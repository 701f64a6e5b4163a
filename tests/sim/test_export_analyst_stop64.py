"""Audit (stop 64): a data analyst reading `warroom export` rows with pandas: a sweep cell of
an unset option lost in a groupby, a sweep's cell or a tune's trial exported with --run
without its cell, `--out x.json` written as CSV, `--cards` of a dice run refused while a
sweep of dice cells was not, and an interrupted sweep named as if it were whole."""

from __future__ import annotations

import csv
import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from cli_errors import one_line_error
from warroom.cli import main
from warroom.sim import export as ex
from warroom.sim.store import ResultStore

PLAYERS = ["--players", "random,random"]


@pytest.fixture(scope="module")
def viktory_db(tmp_path_factory) -> Path:
    """A viktory sweep of attacker_supply=none,true (runs 1 and 2, 2 games each), then a run
    of 2 games (run 3); viktory's default mode=dice deals no cards."""
    db = tmp_path_factory.mktemp("export64") / "v.sqlite"
    assert main(["sweep", "viktory", "--vary", "attacker_supply=none,true", "--games", "2",
                 *PLAYERS, "--db", str(db), "--json"]) == 0
    assert main(["simulate", "viktory", "--games", "2", *PLAYERS, "--db", str(db),
                 "--json"]) == 0
    return db


@pytest.fixture()
def db(viktory_db, tmp_path) -> Path:
    copy = tmp_path / "v.sqlite"
    shutil.copy(viktory_db, copy)
    return copy


def _export(db: Path, out: Path, *args: str) -> list[dict]:
    assert main(["export", str(db), *args, "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    if out.suffix == ".jsonl":
        return [json.loads(line) for line in text.splitlines()]
    return list(csv.DictReader(text.splitlines()))


def test_an_unset_cell_value_is_written_none(db, tmp_path):
    """Audit (stop 64): `sweep viktory --vary attacker_supply=none,true,false` exported its
    none cell as an empty field (null in JSON lines): pandas read NaN and its groupby on
    `cell.attacker_supply` dropped that cell's games. It is `none`, as `warroom options`
    shows it, in CSV and JSON lines alike."""
    rows = _export(db, tmp_path / "s.csv", "--sweep", "1")
    assert {r["run"]: r["cell.attacker_supply"] for r in rows} == {"1": "none", "2": "true"}
    lines = _export(db, tmp_path / "s.jsonl", "--sweep", "1")
    assert {r["run"]: r["cell.attacker_supply"] for r in lines} == {1: "none", 2: True}
    assert len(lines) == 4


def test_a_run_exported_alone_carries_its_cell(db, tmp_path):
    """Audit (stop 64): a sweep's cell exported with `--run N` had only the `run` column, so
    runs exported one by one could not be told apart; its rows are the sweep export's."""
    whole = [r for r in _export(db, tmp_path / "s.csv", "--sweep", "1") if r["run"] == "2"]
    alone = _export(db, tmp_path / "r.csv", "--run", "2")
    assert alone == whole
    assert {(r["sweep"], r["cell.attacker_supply"]) for r in alone} == {("1", "true")}
    plain = _export(db, tmp_path / "p.csv", "--run", "3")  # a run of no sweep: no cell
    assert not any(k == "sweep" or k.startswith("cell.") for k in plain[0])


def test_a_tune_trial_exported_carries_its_values(tmp_path):
    """Audit (stop 64): a tune's trial (runs.cell {"max_dice": 4}) exported with `--run N`
    had no column saying which values it tried."""
    import optuna  # noqa: F401  (tune needs the extra `make test` installs: fail, never skip)

    db = tmp_path / "t.sqlite"
    assert main(["tune", "kow", "--param", "max_dice=2..4", "--target", "draws=0", *PLAYERS,
                 "--budget", "4", "--batch", "2", "--db", str(db), "--json"]) == 0
    with ResultStore(db, create=False) as store:
        trials = store.runs(tune_id=1)
    assert trials
    for run in trials:
        rows = _export(db, tmp_path / f"t{run.id}.jsonl", "--run", str(run.id))
        assert rows and all(r["tune"] == 1 and r["cell.max_dice"] == run.cell["max_dice"]
                            for r in rows)
        cards = _export(db, tmp_path / f"c{run.id}.csv", "--run", str(run.id), "--cards")
        assert cards and {r["cell.max_dice"] for r in cards} == {str(run.cell["max_dice"])}


def test_an_unknown_out_suffix_is_refused(db, tmp_path, capsys):
    """Audit (stop 64): `export DB --run 1 --out x.json` wrote CSV into x.json ("written ...
    as CSV") and `pd.read_json` failed on it. A suffix that names no format is refused in one
    line unless --format says what to write; --format naming another format than a known
    suffix is refused too."""
    capsys.readouterr()
    assert main(["export", str(db), "--run", "1", "--out", str(tmp_path / "x.json")]) == 2
    assert "not .json" in one_line_error(capsys)
    assert main(["export", str(db), "--run", "1", "--format", "csv", "--out",
                 str(tmp_path / "x.jsonl")]) == 2
    assert "--format is csv" in one_line_error(capsys)
    assert not list(tmp_path.glob("x.*"))
    assert main(["export", str(db), "--run", "3", "--format", "jsonl", "--out",
                 str(tmp_path / "x.json")]) == 0
    rows = [json.loads(line) for line in (tmp_path / "x.json").read_text().splitlines()]
    assert [r["run"] for r in rows] == [3, 3]
    assert ex.export_format("x", None) == "csv"
    assert ex.export_format("x.NDJSON", None) == "jsonl"


@pytest.mark.parametrize("name, content", [("c.csv", "run,index,seat,card,fate,count\n"),
                                           ("c.jsonl", "")])
def test_cards_of_a_run_without_card_facts_is_an_empty_export(db, tmp_path, capsys, name,
                                                              content):
    """Audit (stop 64): `export DB --run 3 --cards` of a dice run was an error (exit 2, no
    file) while the sweep of dice cells exported without rows: a script looping over runs
    broke. Both write no rows (exit 0) and say on stderr why."""
    out = tmp_path / name
    capsys.readouterr()
    assert main(["export", str(db), "--run", "3", "--cards", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == content
    note = capsys.readouterr().err
    assert "run 3 (viktory) holds no card facts" in note and "mode=dice" in note
    assert main(["export", str(db), "--sweep", "1", "--cards", "--out",
                 str(tmp_path / ("s" + name))]) == 0
    assert "2 of its cells hold no card facts" in capsys.readouterr().err


def test_an_interrupted_sweep_is_named_unfinished(db, tmp_path, capsys):
    """Audit (stop 64): an interrupted sweep's export said "written, 404 games of sweep 1
    (battle, 1 cells)": as if the sweep were whole, and "1 cells". It says "1 of 2 cells"
    and that the sweep is unfinished."""
    out = tmp_path / "s.csv"
    for cut, games, cells in (("run_id = 1 AND idx = 1", "3 games", "2 cells"),
                              ("run_id = 2", "1 game", "1 of 2 cells")):
        with sqlite3.connect(db) as con:
            con.execute(f"DELETE FROM games WHERE {cut}")
        capsys.readouterr()
        assert main(["export", str(db), "--sweep", "1", "--out", str(out), "--force"]) == 0
        assert capsys.readouterr().out.strip() == (
            f"{out}: written, {games} of sweep 1 (viktory, {cells}, unfinished), as CSV")
