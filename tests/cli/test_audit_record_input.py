"""Bad input to `play`, `replay` and `--set`, found by an audit: each is a one-line error that
says what is wrong and where, and changes nothing. Each test's docstring names the defect."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from cli_errors import one_line_error
from warroom.cli import main
from warroom.games import get_game

PLAYERS = ["--players", "random,random"]


def finishes(call: Callable[[], int], fifo: Path, seconds: float = 10.0) -> int | None:
    """`call()`'s result if it returns within `seconds`; None if it waited on `fifo` for a
    writer (the writer is then opened and closed, so that the call ends and the test can
    fail rather than hang)."""
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(call()), daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))  # end of file for the reader
        worker.join(seconds)
        return None
    return result[0]


@pytest.mark.parametrize("command", [["replay"], ["play", "kow", *PLAYERS, "--resume"]])
def test_defect_a_named_pipe_given_as_a_record_waited_for_ever(tmp_path, capsys, command):
    """Audit item 1: a named pipe (FIFO) given to `replay` or `play --resume` was opened to
    be read, which waits for a writer for ever. Any file that is not a regular file is
    refused at once, in one line, and nothing is written beside it."""
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)
    assert finishes(lambda: main([*command, str(fifo)]), fifo) == 2
    assert one_line_error(capsys) == (f"warroom: error: {fifo}: a named pipe, not a regular "
                                      "file, so not a record")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]


def test_a_device_given_as_a_record_is_refused_unread(capsys):
    """/dev/zero read as a record took 64 MiB first; a device is no record either."""
    assert main(["replay", "/dev/zero"]) == 2
    assert one_line_error(capsys) == ("warroom: error: /dev/zero: a device, not a regular "
                                      "file, so not a record")


@pytest.fixture
def battle_save(tmp_path, capsys) -> Path:
    path = tmp_path / "battle.json"
    assert main(["play", "battle", *PLAYERS, "--seed", "1", "--save", str(path)]) == 0
    capsys.readouterr()
    return path


def edited(save: Path, **fields) -> Path:
    data = json.loads(save.read_text())
    data.update(fields)
    path = save.with_name("edited.json")
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("game, why", [
    # another game of the same rules version: its config was said to be at fault
    ("kow", "its config has options kow does not take: 'players', 'teams', 'team_size' and "
            "18 more"),
    # another game of another version: refused as made by an older word-iron
    ("word-iron", "its config has options word-iron does not take: 'players', 'teams', "
                  "'team_size' and 16 more"),
])
@pytest.mark.parametrize("command", ["replay", "resume"])
def test_defect_a_record_whose_game_field_was_changed_says_so(battle_save, capsys, game, why,
                                                              command):
    """Audit item 2: a Battle record whose `game` field was edited to another game's name
    was refused as a "rules version" mismatch ("record was made by word-iron rules version
    '1'; this is version 3": an older warroom would not replay it either), or by an option of
    its config. It now says what the record says it is, what it holds, and why not."""
    path = edited(battle_save, game=game)
    before = path.read_bytes()
    args = ["replay", str(path)] if command == "replay" else \
        ["play", game, *PLAYERS, "--resume", str(path)]
    assert main(args) == 2
    assert one_line_error(capsys) == (
        f"warroom: error: {path}: the record says it is a game of {game!r}, but it holds a "
        f"game of 'battle' ({why}); was its game field changed?")
    assert path.read_bytes() == before


def test_defect_a_record_of_a_game_with_no_such_name_says_which_game_it_holds(battle_save,
                                                                             capsys):
    """Audit item 2: a game's name no game has said "unknown game" alone."""
    path = edited(battle_save, game="batle")
    assert main(["replay", str(path)]) == 2
    assert one_line_error(capsys) == (
        f"warroom: error: {path}: the record says it is a game of 'batle', but it holds a "
        "game of 'battle' (no game is called 'batle'); was its game field changed?")


def test_defect_a_record_whose_actions_are_another_games_says_so(tmp_path, capsys):
    """Audit item 2: a record with no options to tell (an empty config) and the actions of
    kow, its game field changed to champions, is told by its actions."""
    save = tmp_path / "kow.json"
    assert main(["play", "kow", *PLAYERS, "--seed", "2", "--save", str(save)]) == 0
    capsys.readouterr()
    path = edited(save, game="champions", version=get_game("champions").version, config={})
    assert main(["replay", str(path)]) == 2
    assert one_line_error(capsys) == (
        f"warroom: error: {path}: the record says it is a game of 'champions', but it holds "
        "a game of 'kow' (actions[0] is no action of champions); was its game field changed?")


def test_a_record_of_its_own_game_replays_and_an_older_version_is_still_named(battle_save,
                                                                               capsys):
    """What fits its game is untouched; a record of another rules version of the same game
    (nothing else fits it) is still refused by its version."""
    assert main(["replay", str(battle_save)]) == 0
    capsys.readouterr()
    path = edited(battle_save, version="0")
    assert main(["replay", str(path)]) == 2
    now = get_game("battle").version
    assert one_line_error(capsys) == (f"warroom: error: {path}: record was made by battle "
                                      f"rules version '0'; this is version {now}: replay or "
                                      "finish it with the warroom release that made it")


@pytest.mark.parametrize("args", [
    ["simulate", "kow", *PLAYERS, "--games", "2", "--set", "pool_red=+3"],
    ["play", "kow", *PLAYERS, "--set", "pool_red=+3", "--save", "game.json"],
])
def test_defect_set_read_a_plus_signed_number_the_server_refuses(tmp_path, capsys, args):
    """Audit item 3: `--set pool_red=+3` was read as 3, while the server takes an option's
    number as JSON (which has no '+3') and the lobby's number inputs send none. The command
    line now takes numbers as the server does: a one-line error naming the option, and no
    file made."""
    assert main(args) == 2
    assert one_line_error(capsys) == ("warroom: error: option 'pool_red' must be an integer "
                                      "(written without a plus sign), got '+3'")
    assert list(tmp_path.iterdir()) == []
