"""Audit (stop 56): more of `warroom export`: rows on standard output are UTF-8 whatever the
locale, the default export follows `report`'s (a sweep whole, a tune's trial named as one),
suggested commands are quoted, runs that cannot be played again are refused in one line
saying why, and the --out line reads plainly."""

from __future__ import annotations

import csv
import io
import json
import os
import shlex
import shutil
import sqlite3
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from cli_errors import one_line_error
from export_dbs import copy_of, kow_run_and_sweep
from warroom.cli import main

WARROOM = str(Path(sys.executable).parent / "warroom")


def _run(encoding: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": encoding, "WARROOM_NATIVE": "0"}
    return subprocess.run([WARROOM, *args], cwd=cwd, capture_output=True, timeout=300, env=env)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else b"<folder>"
            for p in sorted(folder.rglob("*"))}


@pytest.fixture(scope="module")
def kow_db(tmp_path_factory):
    """A kow run of 6 games, then a sweep of two cells of 3."""
    return kow_run_and_sweep(tmp_path_factory.mktemp("export-more"), 6, 3)


@pytest.fixture()
def db(kow_db, tmp_path):
    return copy_of(kow_db, tmp_path)


def test_rows_on_stdout_are_utf8_whatever_the_locale(tmp_path, capsys):
    """Audit (stop 56): `PYTHONIOENCODING=ascii warroom export db --cards` wrote Battle's
    `10♥` as `10H` (the look-alikes `plain_streams` sends people): an export is data, so
    standard output gets UTF-8 bytes, the same as under a UTF-8 locale and in an --out file,
    for CSV and JSON lines alike."""
    db = tmp_path / "b.sqlite"
    assert main(["simulate", "battle", "--games", "3", "--players", "random,random",
                 "--db", str(db), "--json"]) == 0
    capsys.readouterr()
    for n, args in enumerate((["--cards"], ["--cards", "--format", "jsonl"], ["--games"])):
        utf8 = _run("utf-8", "export", "b.sqlite", "--run", "1", *args, cwd=tmp_path)
        assert utf8.returncode == 0, utf8.stderr
        if args == ["--cards"]:
            assert set("♠♣♥♦") & set(utf8.stdout.decode("utf-8")), utf8.stdout[:300]
        for encoding in ("ascii", "latin-1"):
            other = _run(encoding, "export", "b.sqlite", "--run", "1", *args, cwd=tmp_path)
            assert other.returncode == 0, other.stderr
            assert other.stdout == utf8.stdout, (encoding, args)
        out = tmp_path / f"b{n}.out"  # a suffix of its own: --format says which
        fmt = ["--format", "jsonl" if "jsonl" in args else "csv"]
        assert main(["export", str(db), "--run", "1", *args[:1], *fmt, "--out", str(out)]) == 0
        assert out.read_bytes() == utf8.stdout


def test_default_on_a_sweep_exports_the_whole_sweep_as_report_does(db, capsys):
    """Audit (stop 56): `export sweep.sqlite` exported only the latest cell while `report`
    reports the whole sweep (and the docs said "as `report` reports it"): the default is now
    the sweep the latest run with games is a cell of, as --sweep N exports it, said so."""
    capsys.readouterr()
    assert main(["export", str(db)]) == 0
    said = capsys.readouterr()
    assert said.err.startswith("warroom: note: exporting sweep 1 (kow, 2 cells, 6 games)")
    assert "--run 3 exports that cell alone" in said.err
    assert len(said.err.strip().splitlines()) == 1
    rows = list(csv.DictReader(io.StringIO(said.out)))
    assert Counter(r["run"] for r in rows) == {"2": 3, "3": 3}
    assert main(["export", str(db), "--sweep", "1"]) == 0
    assert capsys.readouterr().out == said.out
    assert main(["report", str(db), "--json", "--out", str(db.with_suffix(".md"))]) == 0
    assert json.loads(capsys.readouterr().out)["sweep"] == 1  # what report reports


def test_default_on_a_tune_exports_its_trial_and_says_it_is_one(tmp_path, capsys):
    """Audit (stop 56): the latest run with games a trial of a tune is exported as that run
    alone (there is no export of a tune), and the note says it is one trial of the tune."""
    import optuna  # noqa: F401  (tune needs the extra `make test` installs: fail, never skip)

    db = tmp_path / "t.sqlite"
    assert main(["tune", "kow", "--param", "max_dice=2..4", "--target", "length=70",
                 "--players", "heuristic,random", "--budget", "4", "--batch", "2",
                 "--db", str(db), "--json"]) == 0
    tune = json.loads(capsys.readouterr().out)["tune"]
    assert main(["export", str(db)]) == 0
    said = capsys.readouterr()
    assert f"one trial of tune {tune}, not the whole tune" in said.err
    assert len(said.err.strip().splitlines()) == 1
    run = said.err.split("exporting run ", 1)[1].split(" ", 1)[0]
    assert {r["run"] for r in csv.DictReader(io.StringIO(said.out))} == {run}


@pytest.mark.parametrize("name, word", [("db/my db.sqlite", "'db/my db.sqlite'"),
                                        ("./-x.sqlite", "./-x.sqlite")])
def test_the_suggested_command_is_quoted(kow_db, tmp_path, monkeypatch, capsys, name, word):
    """Audit (stop 56): "`warroom export db/my db.sqlite --run 1` lists their indices" was
    not quoted (nor `-x.sqlite` made `./-x.sqlite`): pasted, it failed. It runs as said."""
    monkeypatch.chdir(tmp_path)
    Path(name).parent.mkdir(exist_ok=True)
    shutil.copy(kow_db, name)
    capsys.readouterr()
    assert main(["export", name, "--run", "1", "--index", "99", "--record", "x.json"]) == 2
    line = one_line_error(capsys)
    command = line.split("`")[1]
    assert command == f"warroom export {word} --run 1", line
    assert main(shlex.split(command)[1:]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 7  # the header and six games


def test_a_run_whose_players_search_by_time_is_refused_up_front(tmp_path, capsys):
    """Audit (stop 56): a run of `mcts:time=0.01` failed the outcome check ("stored: seats 0
    won, ..."), played for nothing: a search by time depends on the machine's speed. It is
    refused before anything is played, in one line saying why; nothing is written."""
    db = tmp_path / "m.sqlite"
    assert main(["simulate", "kow", "--games", "1", "--players", "mcts:time=0.01,random",
                 "--db", str(db), "--json"]) == 0
    before = _files(tmp_path)
    capsys.readouterr()
    assert main(["export", str(db), "--run", "1", "--index", "0", "--record",
                 str(tmp_path / "g.json")]) == 2
    line = one_line_error(capsys)
    assert "run 1's players search by time (mcts:time=0.01): " in line, line
    assert line.endswith("only players with a fixed budget (iters= without time=) can be "
                         "replayed"), line
    assert _files(tmp_path) == before


def test_a_run_listing_a_human_is_refused_as_export_says_it(db, tmp_path, capsys):
    """Audit (stop 56): a run listing `human` (stored before batches refused them) was
    refused with a batch's message about --players; it says why export cannot."""
    con = sqlite3.connect(db)
    con.execute("UPDATE runs SET players = ? WHERE id = 1", (json.dumps(["human", "random"]),))
    con.commit()
    con.close()
    before = _files(tmp_path)
    capsys.readouterr()
    assert main(["export", str(db), "--run", "1", "--index", "0", "--record",
                 str(tmp_path / "g.json")]) == 2
    line = one_line_error(capsys)
    assert "run 1 lists a human player, whose moves are not stored" in line, line
    assert "--players" not in line and "batch" not in line
    assert _files(tmp_path) == before


def test_an_outcome_that_differs_names_one_seat_as_a_seat(db, capsys):
    """Audit (stop 56): the refusal of a game that does not play again said "stored: seats 0
    won"; one winning seat reads "seat 0 won"."""
    con = sqlite3.connect(db)
    con.execute("UPDATE games SET length = length + 1 WHERE run_id = 1 AND idx = 0")
    con.commit()
    con.close()
    capsys.readouterr()
    assert main(["export", str(db), "--run", "1", "--index", "0", "--record", "e.json"]) == 2
    line = one_line_error(capsys)
    assert "(stored: seat " in line and "seats" not in line, line


@pytest.mark.parametrize("fmt, said", [("jsonl", "as JSON lines"), ("csv", "as CSV")])
def test_the_out_line_names_the_format_in_words(db, tmp_path, capsys, fmt, said):
    """Audit (stop 56): "written, 20 games of run 1 (kow) (jsonl)": two parentheses in a
    row; it reads "written, 6 games of run 1 (kow), as JSON lines"."""
    out = tmp_path / "out" / "k.txt"
    capsys.readouterr()
    assert main(["export", str(db), "--run", "1", "--out", str(out), "--format", fmt]) == 0
    assert capsys.readouterr().out.strip() == f"{out}: written, 6 games of run 1 (kow), {said}"


def test_help_and_readme_say_utf8_the_default_and_the_time_limit(capsys):
    """Audit (stop 56): `export --help` and the README's Export section say that rows are
    UTF-8 whatever the locale, that the default follows `report` (a sweep whole), and that
    a run whose players search by time cannot be replayed."""
    assert main(["export", "--help"]) == 0
    help_text = " ".join(capsys.readouterr().out.split())
    section = Path(__file__).resolve().parents[2] / "src" / "warroom" / "sim" / "README.md"
    readme = " ".join(section.read_text(encoding="utf-8").split("## Export", 1)[1]
                      .split("\n## ", 1)[0].split())
    for text in (help_text, readme):
        assert "UTF-8" in text and "whatever the locale" in text
        assert "search by time" in text and "(iters=)" in text.replace("`", "")
        assert "is a cell of a sweep" in text
    assert "whole sweep" in help_text and "every cell of the sweep" in readme
