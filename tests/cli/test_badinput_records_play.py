"""`play` and `replay` given a bad or busy save: what the audit at stop 40 found."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from warroom.cli import main

WARROOM = str(Path(sys.executable).parent / "warroom")


def started_save(path: Path) -> bytes:
    """A kow game a person quit after one move: its save, unfinished."""
    proc = subprocess.run([WARROOM, "play", "kow", "--players", "human,random", "--seed", "4",
                           "--save", str(path)], input="1\nq\n", capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 130, proc.stderr
    return path.read_bytes()


def playing(path: Path) -> subprocess.Popen:
    """`play --resume path` waiting at a person's prompt, once it holds the save and has
    written it (its first save: killed while writing, it would leave its temporary file)."""
    written = path.stat().st_mtime_ns
    proc = subprocess.Popen([WARROOM, "play", "kow", "--resume", str(path)],
                            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    side = Path(f"{path}-lock")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if (side.is_file() and side.read_text().strip() == str(proc.pid)
                and path.stat().st_mtime_ns != written):
            return proc
        time.sleep(0.05)
    proc.kill()
    raise AssertionError("the first play never held its save")


def error_line(capsys) -> str:
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    return lines[0]


def test_a_second_play_of_a_save_being_played_is_refused(tmp_path, capsys):
    """Audit (stop 40): two `play --resume` of one save each overwrote the other's moves (B
    played 6, A one more: the save went back to A's 3 actions, both said 'saved'). The first
    holds the save; the second is refused at once, and the save stays as it was."""
    save = tmp_path / "conc.json"
    started_save(save)
    first = playing(save)
    try:
        before = save.read_bytes()
        assert main(["play", "kow", "--resume", str(save)]) == 2
        line = error_line(capsys)
        assert line == (f"warroom: error: {save} is being played in another warroom play "
                        f"(process {first.pid}); close that one first")
        assert save.read_bytes() == before
        first.communicate("q\n", timeout=120)  # the first one goes on, and stops cleanly
        assert first.returncode == 130
    finally:
        if first.poll() is None:
            first.kill()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["conc.json"]  # no lock file left
    assert main(["play", "kow", "--resume", str(save), "--players", "random,random",
                 "--json"]) == 0  # free again


def test_a_new_game_cannot_save_over_a_save_being_played(tmp_path, capsys):
    """Audit (stop 40): `play --save X --force` of a new game overwrote X while another
    `play` was playing it (and that one then overwrote the new game)."""
    save = tmp_path / "conc.json"
    started_save(save)
    first = playing(save)
    try:
        before = save.read_bytes()
        assert main(["play", "kow", "--players", "random,random", "--seed", "1", "--save",
                     str(save), "--force", "--json"]) == 2
        assert error_line(capsys).endswith("close that one first, or choose another --save")
        assert save.read_bytes() == before
    finally:
        first.kill()
        first.wait(timeout=60)


def test_a_killed_play_lets_go_of_its_save(tmp_path, capsys):
    """Audit (stop 40): the lock on a save is the operating system's: `kill -9` of the
    process that held it frees the save (its lock file is reused, not a stale refusal)."""
    save = tmp_path / "conc.json"
    started_save(save)
    first = playing(save)
    os.killpg(first.pid, signal.SIGKILL)
    first.wait(timeout=60)
    assert main(["play", "kow", "--resume", str(save), "--players", "random,random",
                 "--json"]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["conc.json"]


@pytest.mark.parametrize(("players", "said"), [
    (["random"], "meta.players: needs 2 players, got 1: ['random']"),
    ([], "meta.players: needs 2 players, got 0: []"),
    (["random", "mcts:iters=abc"], "meta.players[1]: player spec 'mcts:iters=abc': "),
    (["random", "robot"], "meta.players[1]: unknown player 'robot'"),
])
def test_bad_players_in_a_save_are_blamed_on_the_save(tmp_path, capsys, players, said):
    """Audit (stop 40): a save's bad meta.players was blamed on --players ('--players needs 2
    players, got 1'), which the user never gave, and the file went unnamed."""
    save = tmp_path / "m1.json"
    record = json.loads(started_save(save))
    record["meta"]["players"] = players
    save.write_text(json.dumps(record))
    before = save.read_bytes()
    assert main(["play", "kow", "--resume", str(save)]) == 2
    line = error_line(capsys)
    assert line.startswith(f"warroom: error: {save}: {said}"), line
    assert "--players" not in line
    assert save.read_bytes() == before
    # --players given: refused alike (stop 61: they were not checked then, and a resume
    # wrote them into the record as who played before, `meta.players_changed[].was`)
    assert main(["play", "kow", "--resume", str(save), "--players", "random,random",
                 "--json"]) == 2
    assert error_line(capsys) == line
    assert save.read_bytes() == before


def test_replay_refuses_players_that_are_not_one_per_seat(tmp_path, capsys):
    """Audit (stop 40): `replay` read a record whose meta.players named one player of two,
    and named seats by the wrong players."""
    save = tmp_path / "m1.json"
    record = json.loads(started_save(save))
    record["meta"]["players"] = ["random"]
    save.write_text(json.dumps(record))
    assert main(["replay", str(save)]) == 2
    assert error_line(capsys) == (f"warroom: error: {save}: meta.players: needs 2 players, "
                                  "got 1: ['random']")


def test_replay_refuses_a_record_that_would_send_control_sequences(tmp_path, capsys):
    """Audit (stop 40): `replay` printed a record's meta.players as they were: 'Result: player
    1 (ESC]0;pwned BEL ESC[2J ...)' retitled and cleared the terminal."""
    save = tmp_path / "esc.json"
    record = json.loads(started_save(save))
    record["meta"]["players"] = ["random", "\x1b]0;pwned\x07\x1b[2J\x1b[31mEVIL"]
    save.write_text(json.dumps(record))
    before = save.read_bytes()
    for args in (["replay", str(save)], ["play", "kow", "--resume", str(save)]):
        assert main(args) == 2
        out, err = capsys.readouterr()
        assert "\x1b" not in out + err
        assert err.strip() == (f"warroom: error: {save}: meta.players[1]: a control character "
                               "('\\x1b' at position 1) is not allowed")
    assert save.read_bytes() == before


def test_a_users_file_named_like_the_lock_is_never_emptied_nor_removed(tmp_path, capsys):
    """Review (stop 41): the lock of `--save g.json` is `g.json-lock`, and a file of the user's
    by that name (another save) was emptied and then removed without a word. It is left as
    it is, and the save refused, saying what is in the way."""
    theirs = tmp_path / "g.json-lock"
    theirs.write_text('{"game": "kow", "a save": "of the user\'s"}')
    before = theirs.read_bytes()
    assert main(["play", "kow", "--players", "random,random", "--save",
                 str(tmp_path / "g.json"), "--json"]) == 2
    line = error_line(capsys)
    assert "g.json-lock is in the way" in line, line
    assert theirs.read_bytes() == before and not (tmp_path / "g.json").exists()


def test_a_full_disk_at_the_lock_is_one_line_naming_the_save_and_leaves_no_lock(
        tmp_path, capsys, monkeypatch):
    """Audit (stop 43): on a full disk, writing the process id into the save's lock file
    raised through: "warroom: error: No space left on device", naming no file, and the lock
    file stayed behind. The refusal names the save and the lock file, and removes it."""
    import errno

    from warroom.cli import common

    class FullDisk:  # the os module, but nothing more can be written
        def __getattr__(self, name):
            return getattr(os, name)

        def write(self, fd, data):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(common, "os", FullDisk())
    save = tmp_path / "n.json"
    assert main(["play", "kow", "--players", "random,random", "--seed", "3", "--save",
                 str(save), "--json"]) == 2
    assert error_line(capsys) == (f"warroom: error: {save}: cannot save here (cannot write "
                                  "its lock file n.json-lock: No space left on device)")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("handed, problem", [
    ("x", "meta.handed_to_ai: Input should be a valid list, got 'x'"),
    ([{"seat": 1, "at": 2, "agent": "heuristic", "why": "bored"}],
     "meta.handed_to_ai[0].why: Input should be 'resigned' or 'away', got 'bored'"),
    ([{"seat": 1, "at": 2, "agent": "\x1b[2Jheuristic", "why": "away"}],
     "meta.handed_to_ai[0].agent: a control character ('\\x1b' at position 1) is not allowed"),
])
def test_a_records_hand_overs_are_read_strictly(tmp_path, capsys, handed, problem):
    """Audit (stop 43): a server record's meta.handed_to_ai (which `replay` now tells) was not
    checked, though the rest of a record is decoded strictly: "x" replayed without a word."""
    save = tmp_path / "h.json"
    record = json.loads(started_save(save))
    record["meta"]["handed_to_ai"] = handed
    save.write_text(json.dumps(record))
    assert main(["replay", str(save)]) == 2
    assert error_line(capsys) == f"warroom: error: {save}: {problem}"
