"""Audit (stop 58): an output name ending in "/" means a folder, but one not there yet was
written as a file: `report DB --out newfigs9/` wrote an HTML file named newfigs9, `export
--out newcsv9/` a file newcsv9, `simulate --db mist/dironly/` an SQLite file mist/dironly.
The shared file type (`common.FilePath`) now refuses such a name in one line."""

from __future__ import annotations

import pytest

from warroom.cli import main
from warroom.cli.common import FilePath


@pytest.mark.parametrize("command", [
    ["report", "r.sqlite", "--out", "newfigs9/"],
    ["export", "r.sqlite", "--out", "newcsv9/"],
    ["simulate", "kow", "--players", "random,random", "--games", "2", "--db", "mist/dironly/"],
    ["sweep", "kow", "--players", "random,random", "--vary", "max_dice=3,4", "--db",
     "mist/sweep/"],
    ["tune", "kow", "--players", "random,random", "--db", "mist/tune/"],
    ["play", "kow", "--players", "random,random", "--save", "mist/save/"],
])
def test_a_name_ending_in_a_slash_is_refused_and_nothing_is_made(command, capsys, tmp_path,
                                                                 monkeypatch):
    """Audit (stop 58): each output path of the commands, given a folder's name that does
    not exist, is refused in one line, and neither file nor folder is made."""
    monkeypatch.chdir(tmp_path)
    assert main(command) == 2
    named = command[-1]
    err = [line for line in capsys.readouterr().err.splitlines() if "error" in line]
    assert len(err) == 1 and f"{named!r} names a folder: give a file name" in err[0], err
    assert list(tmp_path.iterdir()) == []


def test_an_existing_folder_ending_in_a_slash_is_refused_in_the_same_words(capsys, tmp_path):
    """Audit (stop 58): a folder that exists was refused as click words it; the same now."""
    folder = tmp_path / "realdir"
    folder.mkdir()
    assert main(["report", "r.sqlite", "--out", f"{folder}/"]) == 2
    assert f"'{folder}/' names a folder: give a file name" in capsys.readouterr().err


def test_a_folder_type_still_takes_a_folder_name():
    """Audit (stop 58): `export --records DIR/` and a record read (`replay`) take folders:
    a trailing slash there is no mistake."""
    assert FilePath(folders=True).convert("recs/", None, None) == "recs/"
