"""`warroom cards copy NAME FILE [--game GAME] [--force]`: a shipped card file, copied byte for
byte where a designer can edit it, the copy valid as `warroom cards validate` (the command the
one line it prints names) checks it. Every refusal is one line, exit status 2, and writes
nothing."""

from __future__ import annotations

import errno
import os
import shlex
from pathlib import Path

import pytest

from cli_errors import one_line_error
from warroom.cli import main
from warroom.cli.cards import shipped_card_files
from warroom.games import REGISTRY

GAMES = Path(__file__).resolve().parents[2] / "src" / "warroom" / "games"
WORD_IRON = GAMES / "word_iron" / "data"
BATTLE = GAMES / "battle" / "data"
VIKTORY_DECK = GAMES / "viktory_battles" / "data" / "sample-deck.yaml"

# (NAME, FILE, --game or None, the shipped file FILE is to be a copy of)
COPIES = [
    ("sample", "my-deck.yaml", "word-iron", WORD_IRON / "sample.yaml"),
    ("raiders", "raiders-copy.yaml", None, WORD_IRON / "raiders.yaml"),  # only word-iron's
    ("sample", "my-deck.txt", "battle", BATTLE / "sample.txt"),
    ("sample", "my-deck.yaml", "battle", BATTLE / "sample.yaml"),  # the YAML sample beside it
    ("sample", "my-deck.yml", "battle", BATTLE / "sample.yaml"),
    ("sample", "my-deck.yaml", "viktory", VIKTORY_DECK),
    ("sample", "my-deck.yaml", "viktory-ii", VIKTORY_DECK),
]


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else b"<folder>"
            for p in sorted(folder.rglob("*"))}


def _validate_as_told(out: str, capsys) -> str:
    """Run the `warroom cards validate ...` the copy's line names; its output."""
    line = out.strip()
    assert "\n" not in line
    command = shlex.split(line.split("check it with: ", 1)[1])
    assert command[:3] == ["warroom", "cards", "validate"]
    assert main(command[1:]) == 0
    return capsys.readouterr().out


def test_the_games_that_ship_card_files_and_their_names():
    shipping = {name: list(shipped_card_files(name)) for name in REGISTRY
                if shipped_card_files(name)}
    assert shipping == {"battle": ["sample"], "viktory": ["sample"], "viktory-ii": ["sample"],
                        "word-iron": ["raiders", "sample"]}
    # a scenario or a map is shipped by a data option too, but is no card file
    assert "reserves" in REGISTRY["viktory"].data_options["scenario"].shipped


@pytest.mark.parametrize("name, file, game, shipped", COPIES,
                         ids=[f"{g or 'no-game'}-{n}-{f}" for n, f, g, _ in COPIES])
def test_a_copy_is_the_shipped_file_byte_for_byte_and_validates(tmp_path, monkeypatch, capsys,
                                                                  name, file, game, shipped):
    monkeypatch.chdir(tmp_path)
    args = ["cards", "copy", name, file] + (["--game", game] if game else [])
    assert main(args) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    lines = captured.out.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{file}: written")
    assert (tmp_path / file).read_bytes() == shipped.read_bytes()
    assert _files(tmp_path) == {file: shipped.read_bytes()}  # nothing else (no temporary file)
    wanted = game or "word-iron"
    assert f"valid {wanted} card file" in _validate_as_told(captured.out, capsys)


def test_a_copy_needs_game_on_validate_only_where_the_file_does_not_name_its_game(
        tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    for file, game, told in [("a.txt", "battle", True), ("b.yaml", "battle", False),
                             ("c.yaml", "word-iron", False), ("d.yaml", "viktory", False),
                             ("e.yaml", "viktory-ii", True)]:  # its field says viktory
        assert main(["cards", "copy", "sample", file, "--game", game]) == 0
        out = capsys.readouterr().out
        assert out.rstrip().endswith(f"warroom cards validate {file} --game {game}"
                                     if told else f"warroom cards validate {file}"), out


def test_missing_folders_are_made(tmp_path, capsys):
    target = tmp_path / "decks" / "mine" / "deck.yaml"
    assert main(["cards", "copy", "sample", str(target), "--game", "word-iron"]) == 0
    assert target.read_bytes() == (WORD_IRON / "sample.yaml").read_bytes()
    assert str(target) in capsys.readouterr().out


def test_force_overwrites_a_file_keeping_its_mode(tmp_path, capsys):
    target = tmp_path / "deck.yaml"
    target.write_text("old\n", encoding="utf-8")
    target.chmod(0o600)
    assert main(["cards", "copy", "raiders", str(target), "--force"]) == 0
    assert target.read_bytes() == (WORD_IRON / "raiders.yaml").read_bytes()
    assert target.stat().st_mode & 0o777 == 0o600
    assert _files(tmp_path) == {"deck.yaml": target.read_bytes()}


# (arguments, words the one line holds); FILE is written inside the test's folder
REFUSED = [
    (["sample", "x.yaml"], ["battle, viktory, viktory-ii and word-iron", "--game"]),
    (["nope", "x.yaml", "--game", "word-iron"], ["'nope'", "raiders, sample"]),
    (["nope", "x.yaml"], ["'nope'", "no game ships", "word-iron: raiders, sample"]),
    (["sample.yaml", "x.yaml", "--game", "word-iron"], ["name it without '.yaml': sample"]),
    (["reserves", "x.yaml", "--game", "viktory"], ["viktory's shipped scenario, not a card"]),
    (["reserves", "x.yaml"], ["viktory's shipped scenario, not a card file"]),
    (["duel", "x.yaml", "--game", "viktory-ii"], ["viktory-ii's shipped map, not a card"]),
    (["sample", "x.yaml", "--game", "kow"], ["kow ships no card files", "battle"]),
    (["sample", "x.yaml", "--game", "nope"], ["'nope' is not a registered game"]),
    (["sample", "x.json", "--game", "battle"], ["x.json", "is a .txt file", "x.txt"]),
    (["sample", "x", "--game", "battle"], ["is a .txt file", "with .txt: x.txt"]),
    (["sample", "x.txt", "--game", "word-iron"], ["is a .yaml file", "x.yaml"]),
    (["sample", "x.txt", "--game", "viktory-ii"], ["is a .yaml file", "x.yaml"]),
    (["sample", "taken.yaml", "--game", "word-iron"], ["taken.yaml exists", "--force"]),
    (["raiders", "taken.yaml"], ["taken.yaml exists", "--force"]),
    (["sample", "folder", "--game", "word-iron", "--force"], ["folder", "directory"]),
    (["sample", "taken.yaml/x.yaml", "--game", "word-iron"], ["taken.yaml is a file"]),
]


@pytest.mark.parametrize("args, words", REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_a_refusal_is_one_line_exit_2_and_writes_nothing(tmp_path, monkeypatch, capsys,
                                                         args, words):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken.yaml").write_text("mine\n", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    before = _files(tmp_path)
    assert main(["cards", "copy", *args]) == 2
    line = one_line_error(capsys)
    assert line.startswith("warroom: error: ")
    for word in words:
        assert word in line, line
    assert _files(tmp_path) == before


def test_a_device_is_never_written_even_with_force(capsys):
    assert main(["cards", "copy", "sample", os.devnull, "--game", "word-iron", "--force"]) == 2
    assert "not a regular file" in one_line_error(capsys)


def test_the_shipped_file_itself_is_never_overwritten(capsys):
    shipped = WORD_IRON / "sample.yaml"
    before = shipped.read_bytes()
    assert main(["cards", "copy", "sample", str(shipped), "--game", "word-iron",
                 "--force"]) == 2
    assert "the shipped file itself" in one_line_error(capsys)
    assert shipped.read_bytes() == before


def test_a_failed_write_leaves_the_file_as_it_was(tmp_path, monkeypatch, capsys):
    """Written through the project's atomic write: a full disk mid-write leaves the old file
    whole and no temporary file behind."""
    target = tmp_path / "deck.yaml"
    target.write_text("my edits\n", encoding="utf-8")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    assert main(["cards", "copy", "sample", str(target), "--game", "word-iron", "--force"]) == 2
    line = one_line_error(capsys)
    assert str(target) in line and "No space left" in line and "the file is unchanged" in line
    assert _files(tmp_path) == {"deck.yaml": b"my edits\n"}


def test_help_says_when_game_is_needed(capsys):
    assert main(["cards", "copy", "--help"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--game GAME" in out and "'sample'" in out and "--force" in out
    assert "byte for byte" in out
