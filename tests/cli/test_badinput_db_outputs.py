"""Files written over a user's (`tune --out`, `report --out` and its figures, a tune's patched
card files) on a full disk: one line naming the file, and the file that was there is whole,
or no file is left. Each test names the defect of the audit it pins."""

from __future__ import annotations

import hashlib
import io
import os
from pathlib import Path

import pytest

from cli_errors import one_line_error
from warroom.cli import main
from warroom.sim import datafile
from warroom.sim.outputs import OutputError

PLAYERS = ["--players", "random,random"]
TUNE = ["tune", "kow", "--param", "max_dice=2..4", "--target", "draws=0", *PLAYERS,
        "--budget", "2", "--batch", "2"]



def state(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


class _Cut:
    """A file open for writing on a disk that fills up: the first write puts part of its text
    down, then fails as a full disk does."""

    def __init__(self, handle):
        self._handle = handle

    def write(self, text):
        self._handle.write(text[:len(text) // 2])
        self._handle.flush()
        raise OSError(28, "No space left on device")

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self._handle.close()

    def __getattr__(self, name):
        return getattr(self._handle, name)


def full_disk(monkeypatch, folder: Path) -> None:
    """Files written under `folder` (by name, or by descriptor as a temporary file is) fill
    the disk; every other file is written as usual."""
    real = io.open
    folder = folder.resolve()

    def where(file) -> Path | None:
        if isinstance(file, int):  # a descriptor (a temporary file): its file, by its inode
            held = os.fstat(file)
            return next((p for p in folder.rglob("*")
                         if (p.stat().st_dev, p.stat().st_ino) == (held.st_dev, held.st_ino)),
                        None)
        return Path(file).resolve() if isinstance(file, (str, os.PathLike)) else None

    def fake_open(file, mode="r", *args, **kwargs):
        handle = real(file, mode, *args, **kwargs)
        path = where(file)
        if "w" in mode and path is not None and folder in path.parents:
            return _Cut(handle)
        return handle

    monkeypatch.setattr(io, "open", fake_open)


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("results") / "r.sqlite"
    assert main(["simulate", "kow", *PLAYERS, "--games", "4", "--db", str(db), "--json"]) == 0
    return db


def test_tune_out_on_a_full_disk_keeps_the_file_and_names_it(tmp_path, monkeypatch, capsys):
    """Audit (stop 40): `tune --out full/mine.yaml --force` wrote in place: on a full disk the
    user's file was left cut off (a deck YAML became a 4096-byte half), and the error,
    "No space left on device", named no file. It is written through a temporary file now."""
    full = tmp_path / "full"
    full.mkdir()
    mine = full / "mine.yaml"
    mine.write_text("# my own notes\ngame: kow\noptions: {max_dice: 3}\n")
    before = state(full)
    full_disk(monkeypatch, full)
    assert main([*TUNE, "--db", str(tmp_path / "t.sqlite"), "--out", str(mine),
                 "--force"]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"warroom: error: {mine}: cannot write (No space left on device); "
                           "the file is unchanged"), line
    assert state(full) == before  # whole, and no temporary file left


def test_tune_out_new_file_on_a_full_disk_leaves_no_file(tmp_path, monkeypatch, capsys):
    """Audit (stop 40): a new `tune --out` file on a full disk was left as a 0-byte (or cut
    off) file; now there is none."""
    full = tmp_path / "full"
    full.mkdir()
    full_disk(monkeypatch, full)
    assert main([*TUNE, "--db", str(tmp_path / "t.sqlite"), "--out",
                 str(full / "new.yaml")]) == 2
    line = one_line_error(capsys)
    assert f"{full / 'new.yaml'}: cannot write (No space left on device); no file" in line
    assert state(full) == {}


@pytest.mark.parametrize("name", ["r.html", "r.md"])
def test_report_out_on_a_full_disk_leaves_no_cut_off_file(results, tmp_path, monkeypatch,
                                                          capsys, name):
    """Audit (stop 40): `report --out full/r.html` on a full disk left a 0-byte r.html (and a
    Markdown report's .svg figures cut off). Each file is written whole or not at all."""
    full = tmp_path / "full"
    full.mkdir()
    full_disk(monkeypatch, full)
    assert main(["report", str(results), "--out", str(full / name)]) == 2
    line = one_line_error(capsys)
    assert "cannot write the report to" in line and "No space left on device" in line, line
    assert state(full) == {}


def test_report_out_on_a_full_disk_keeps_the_earlier_report(results, tmp_path, monkeypatch,
                                                           capsys):
    """Audit (stop 40): a report written again over an earlier one on a full disk left it cut
    off; the earlier report is kept whole."""
    full = tmp_path / "full"
    full.mkdir()
    assert main(["report", str(results), "--out", str(full / "r.html")]) == 0
    capsys.readouterr()
    before = state(full)
    full_disk(monkeypatch, full)
    assert main(["report", str(results), "--out", str(full / "r.html")]) == 2
    assert "the file is unchanged" in one_line_error(capsys)
    assert state(full) == before


def _patched() -> tuple[Path, list]:
    from warroom.games import REGISTRY

    game = REGISTRY["word-iron"]
    address, _ = datafile.resolve(game, "deck0:Knights' Lance.losses.ranks", {},
                                  game.config({}))
    source = game.data_file("deck0", "sample")
    return source, [(address.path, 140, "Knights' Lance.losses.ranks")]


def test_write_patched_does_not_share_a_fixed_temporary_name(tmp_path):
    """Audit (stop 40): `datafile.write_patched` wrote through `NAME.tmp`, a fixed name two
    tunes writing the same copy at once would share (one renaming the other's half-written
    file). Its temporary file is its own now: another's `.tmp` is not touched."""
    source, changes = _patched()
    text = datafile.patched_text(source, changes)
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    theirs = tmp_path / f"deck0-{source.stem}-{digest}.tmp"
    theirs.write_text("another process's half-written copy\n")
    path = datafile.write_patched(tmp_path, "deck0", source, changes)
    assert path.read_text() == text
    assert theirs.read_text() == "another process's half-written copy\n"


def test_write_patched_on_a_full_disk_is_one_line_and_leaves_nothing(tmp_path, monkeypatch):
    """Audit (stop 40): a patched card file on a full disk is an OutputError naming it, and
    no cut-off copy is left (a later trial would have read it as the copy)."""
    source, changes = _patched()
    full_disk(monkeypatch, tmp_path)
    with pytest.raises(OutputError, match=r"deck0-.*\.yaml: cannot write the patched deck0 "
                       r"file \(No space left on device\)"):
        datafile.write_patched(tmp_path, "deck0", source, changes)
    assert state(tmp_path) == {}
