"""Every file a command writes is written alike: missing folders are made, a file standing
where a folder must be is a one-line error found before any game, and a file that is there
already is replaced only when it is one the same kind of command wrote (a report) or with
--force. Each test names the defect of the audit it pins."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from warroom.cli import main

PLAYERS = ["--players", "random,random"]


def one_line_error(capsys) -> str:
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1, err
    assert err[0].startswith("warroom: error: ")
    return err[0]


def tree(folder: Path) -> dict[str, bytes | None]:
    """Every file under `folder` with its bytes (folders: None): what a refusal must keep."""
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else None
            for p in sorted(folder.rglob("*"))}


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("outputs") / "r.sqlite"
    assert main(["simulate", "kow", *PLAYERS, "--games", "4", "--db", str(db), "--json"]) == 0
    return db


# --- defect 1: missing folders, the same for every output -------------------------------

def test_defect_play_save_makes_missing_folders_as_db_and_out_do(tmp_path, capsys):
    """`play --save` into a folder that does not exist was refused ('cannot save here (No
    such file or directory)') while `--db` and `report --out` made theirs: every output now
    makes its missing folders."""
    save = tmp_path / "new" / "deeper" / "game.json"
    assert main(["play", "kow", *PLAYERS, "--seed", "1", "--save", str(save), "--json"]) == 0
    assert save.is_file() and '"game": "kow"' in save.read_text()


def test_every_output_option_makes_missing_folders(tmp_path, results, capsys):
    """What `play --save` now does too (the audit's first defect), command by command:
    `simulate --db`, `sweep --db` and `--out`, `tune --db` and `--out`, `report --out` write
    into folders that do not exist yet (they did before; this keeps them alike)."""
    db = tmp_path / "a" / "r.sqlite"
    assert main(["simulate", "kow", *PLAYERS, "--games", "2", "--db", str(db), "--json"]) == 0
    sweep_db, sweep_out = tmp_path / "b" / "s.sqlite", tmp_path / "c" / "s.md"
    assert main(["sweep", "kow", "--vary", "max_dice=2,3", *PLAYERS, "--games", "2", "--db",
                 str(sweep_db), "--out", str(sweep_out)]) == 0
    tune_db, tune_out = tmp_path / "d" / "t.sqlite", tmp_path / "e" / "best.yaml"
    assert main(["tune", "kow", "--param", "max_dice=2..4", "--target", "draws=0", *PLAYERS,
                 "--budget", "2", "--batch", "2", "--db", str(tune_db), "--out",
                 str(tune_out), "--json"]) == 0
    report_out = tmp_path / "f" / "g" / "r.html"
    assert main(["report", str(results), "--out", str(report_out)]) == 0
    for path in (db, sweep_db, sweep_out, tune_db, tune_out, report_out):
        assert path.is_file(), path
    assert (tmp_path / "c" / "s-figures").is_dir()


def test_defect_serve_db_makes_missing_folders(tmp_path, monkeypatch, capsys):
    """`serve --db` is an output too: its folder is made before the games database is
    opened (SQLite's 'unable to open database file' before)."""

    served = []
    monkeypatch.setattr(importlib.import_module("warroom.cli.serve"), "run_server",
                        lambda app, **kwargs: served.append(app))
    db = tmp_path / "new" / "games.sqlite"
    assert main(["serve", "--db", str(db), "--port", "0"]) == 0
    assert len(served) == 1 and db.is_file()
    served[0].state.server.store.close()


def test_defect_the_games_store_makes_its_folder_as_the_results_store_does(tmp_path):
    """Only `warroom serve` made the games database's folder: an app built on a path
    (`create_app(db)`, as a program embedding the server does) failed with SQLite's
    'unable to open database file'. The store makes it now, and a file in the way of the
    folder is one line naming it."""
    from warroom.server.store import SqliteStore
    from warroom.sim.outputs import OutputError

    store = SqliteStore(tmp_path / "a" / "b" / "games.sqlite")
    store.close()
    assert (tmp_path / "a" / "b" / "games.sqlite").is_file()
    (tmp_path / "blocker").write_text("mine\n")
    with pytest.raises(OutputError, match="blocker is a file, not a folder"):
        SqliteStore(tmp_path / "blocker" / "games.sqlite")
    assert (tmp_path / "blocker").read_text() == "mine\n"


@pytest.mark.parametrize("command", [
    ["play", "kow", *PLAYERS, "--seed", "1", "--save", "{blocked}/x.json"],
    ["simulate", "kow", *PLAYERS, "--games", "2", "--db", "{blocked}/x.sqlite"],
    ["sweep", "kow", "--vary", "max_dice=2,3", *PLAYERS, "--games", "2", "--db", "{db}",
     "--out", "{blocked}/x.html"],
    ["tune", "kow", "--param", "max_dice=2..4", "--target", "draws=0", *PLAYERS, "--budget",
     "2", "--batch", "2", "--db", "{db}", "--out", "{blocked}/x.yaml"],
])
def test_defect_a_file_in_the_way_of_a_folder_is_found_before_any_game(tmp_path, capsys,
                                                                        command):
    """A file where an output's folder must be: sweep and tune played every game and failed
    only when they wrote the report or the tuned values at the end ('cannot write the report
    to blocker (File exists)'); now every command names the file, before any game."""
    blocker = tmp_path / "blocker"
    blocker.write_text("mine\n")
    before = tree(tmp_path)
    args = [a.format(blocked=blocker, db=tmp_path / "new.sqlite") for a in command]
    assert main(args) == 2
    line = one_line_error(capsys)
    assert f"{blocker} is a file, not a folder" in line, line
    assert tree(tmp_path) == before  # no database made, no game played


# --- defect 2: replacing a file that is there ----------------------------------------------

def test_defect_report_out_refuses_to_overwrite_an_unrelated_file(tmp_path, results, capsys):
    """`report --out FILE` replaced an unrelated file without a word: it is refused, naming
    the file and --force, and --force overwrites it."""
    page = tmp_path / "index.html"
    page.write_text("<p>my own page</p>\n")
    assert main(["report", str(results), "--out", str(page)]) == 2
    line = one_line_error(capsys)
    assert line == (f"warroom: error: {page} exists and is not a warroom report; choose "
                    "another --out, or add --force to overwrite it")
    assert page.read_text() == "<p>my own page</p>\n"
    assert main(["report", str(results), "--out", str(page), "--force"]) == 0
    assert "warroom-data" in page.read_text()


@pytest.mark.parametrize("name", ["r.html", "r.md"])
def test_a_report_replaces_a_report_silently(tmp_path, results, capsys, name):
    """A report holds nothing its database cannot give again: writing it again (after more
    games, say) needs no --force, in either format, figures included."""
    out = tmp_path / name
    assert main(["report", str(results), "--out", str(out)]) == 0
    out.write_text(out.read_text().replace("Balance report", "Old report"))
    assert main(["report", str(results), "--out", str(out)]) == 0
    assert "Old report" not in out.read_text()


def test_the_default_report_file_is_checked_too(tmp_path, results, capsys):
    """The report's default place beside the database is no exception: a file of the user's
    there is refused as --out's would be."""
    db = tmp_path / "r.sqlite"
    db.write_bytes(results.read_bytes())
    default = tmp_path / "r-run1.html"
    default.write_text("notes\n")
    assert main(["report", str(db)]) == 2
    assert f"{default} exists and is not a warroom report" in one_line_error(capsys)
    assert default.read_text() == "notes\n"


def test_defect_markdown_figures_never_overwrite_other_svg_files(tmp_path, results, capsys):
    """A Markdown report writes its figures into `NAME-figures/`: an SVG file there that no
    report wrote (a plot of the user's with a figure's name) was overwritten silently."""
    out = tmp_path / "r.md"
    figures = tmp_path / "r-figures"
    figures.mkdir()
    mine = figures / "win-rate-seat.svg"
    mine.write_text("<svg><!-- my own drawing --></svg>\n")
    assert main(["report", str(results), "--out", str(out)]) == 2
    line = one_line_error(capsys)
    assert f"{mine} exists and is not a figure of a warroom report" in line and "--force" in line
    assert mine.read_text() == "<svg><!-- my own drawing --></svg>\n" and not out.exists()
    assert main(["report", str(results), "--out", str(out), "--force"]) == 0
    assert main(["report", str(results), "--out", str(out)]) == 0  # its own figures now
    assert mine.read_text().startswith("<svg")


def test_defect_sweep_out_refuses_an_unrelated_file_before_any_game(tmp_path, capsys):
    """`sweep --out` is a report as `report --out` is, and the refusal comes before the
    games (the database is not even made)."""
    page = tmp_path / "s.html"
    page.write_text("mine\n")
    db = tmp_path / "s.sqlite"
    assert main(["sweep", "kow", "--vary", "max_dice=2,3", *PLAYERS, "--games", "2", "--db",
                 str(db), "--out", str(page)]) == 2
    assert f"{page} exists and is not a warroom report" in one_line_error(capsys)
    assert page.read_text() == "mine\n" and not db.exists()


def test_a_sweep_whose_default_report_file_is_taken_keeps_its_games(tmp_path, capsys):
    """The default report's name holds the sweep's number, known once the sweep is made:
    a file of the user's there is refused after the games, which are kept, and the line
    says how to write the report."""
    db = tmp_path / "s.sqlite"
    taken = tmp_path / "s-sweep1.html"
    taken.write_text("mine\n")
    assert main(["sweep", "kow", "--vary", "max_dice=2,3", *PLAYERS, "--games", "2", "--db",
                 str(db)]) == 2
    line = one_line_error(capsys)
    assert f"{taken} exists and is not a warroom report" in line
    assert f"write the report with: warroom report {db} --sweep 1" in line
    assert taken.read_text() == "mine\n"
    assert main(["report", str(db), "--sweep", "1", "--out", str(tmp_path / "s.html")]) == 0


def test_tune_out_still_refuses_its_own_earlier_file(tmp_path, capsys):
    """A tuned card file may have been edited since the tune wrote it: unlike a report, it
    is replaced only with --force, and a folder in its place never."""
    out = tmp_path / "best.yaml"
    args = ["tune", "kow", "--param", "max_dice=2..4", "--target", "draws=0", *PLAYERS,
            "--budget", "2", "--batch", "2", "--db", str(tmp_path / "t.sqlite"), "--json"]
    assert main([*args, "--out", str(out)]) == 0
    capsys.readouterr()
    assert main([*args, "--out", str(out)]) == 2
    assert f"{out} exists; choose another --out, or add --force" in one_line_error(capsys)
    assert main([*args, "--out", str(out), "--force"]) == 0


# --- bad input changes nothing --------------------------------------------------------------

@pytest.mark.parametrize("command", ["simulate", "sweep", "tune"])
def test_resuming_from_an_empty_file_leaves_it_empty(tmp_path, capsys, command):
    """`--resume` on an empty file filled it with empty tables before saying there was
    nothing to resume."""
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    extra = {"simulate": [],
             "sweep": ["--vary", "max_dice=2,3", *PLAYERS],
             "tune": ["--param", "max_dice=2..4", "--target", "draws=0", *PLAYERS]}[command]
    assert main([command, "kow", *extra, "--db", str(empty), "--resume"]) == 2
    assert one_line_error(capsys) == (f"warroom: error: {empty}: an empty file, no results "
                                      "database to resume from")
    assert empty.read_bytes() == b"" and tree(tmp_path) == {"empty.sqlite": b""}


@pytest.mark.parametrize("command", ["simulate", "sweep", "tune"])
def test_a_ray_address_that_fails_adds_nothing(tmp_path, results, capsys, command):
    """A --address Ray cannot use: `simulate` had added its run to the database (and sweep
    and tune made a new database) before Ray failed; Ray is now started first."""
    db = tmp_path / "r.sqlite"
    db.write_bytes(results.read_bytes())
    new = tmp_path / "new.sqlite"
    before = tree(tmp_path)
    extra = {"simulate": ["--games", "2"],
             "sweep": ["--vary", "max_dice=2,3", "--games", "2"],
             "tune": ["--param", "max_dice=2..4", "--target", "draws=0", "--budget", "2",
                      "--batch", "2"]}[command]
    for target in (db, new):
        assert main([command, "kow", *extra, *PLAYERS, "--db", str(target), "--backend",
                     "ray", "--address", "nowhere"]) == 2
        assert "cannot start or join Ray at nowhere" in one_line_error(capsys)
    assert tree(tmp_path) == before
