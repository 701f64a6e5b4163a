"""Audit (stop 67): a character the console cannot decode ended the game, blamed on the
player: standard input read strictly, so `é` typed under an ASCII console (or a stray
Latin-1 byte under UTF-8) raised UnicodeDecodeError inside the human seat's `act`, and the
game stopped with exit 2, lost. It is read as U+FFFD (shown as `?` where the console cannot
print it) and refused as any text that is no choice, the prompt asked again."""

from __future__ import annotations

import os
import re
import subprocess

import pytest
from test_hotseat_audit47 import WARROOM, in_terminal

REFUSED = "is not a legal action here. Type '?' for help."
HIDDEN_REFUSED = "That is not a legal action here."


def play_kow(typed: bytes, **env: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([WARROOM, "play", "kow", "--seed", "2"], input=typed,
                          capture_output=True, timeout=300,
                          env={**os.environ, "WARROOM_NATIVE": "0", **env})


def test_a_character_an_ascii_console_cannot_decode_is_refused_not_fatal():
    """Audit (stop 67): `printf 'é\\n' | PYTHONIOENCODING=ascii LANG=C LC_ALL=C warroom play
    kow` stopped with "act(view) failed: UnicodeDecodeError ...", exit 2. The line is refused
    as any unknown text, each undecodable byte shown as `?`, and the game goes on to the
    end of the input (exit 1: the input ended, the usual stop)."""
    done = play_kow("é\n".encode(), PYTHONIOENCODING="ascii", LANG="C", LC_ALL="C")
    err = done.stderr.decode("ascii")
    assert done.returncode == 1, err[-2000:]
    assert "UnicodeDecodeError" not in err and "failed" not in err
    assert f"> '??' {REFUSED}\n> " in done.stdout.decode("ascii")
    assert "game stopped (the input ended)" in err


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "utf-8"},
                                 {"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"}],
                         ids=["utf-8", "c-utf-8"])
def test_a_stray_latin1_byte_under_utf8_is_refused_as_u_fffd(env):
    """Audit (stop 67): `printf 'add \\xe9\\n'` under PYTHONIOENCODING=utf-8 stopped the game
    (UnicodeDecodeError), and under C.UTF-8 (surrogateescape) the refusal echoed
    `'add \\udce9'`. The byte is U+FFFD, refused as any text that is no choice."""
    done = play_kow(b"add \xe9\n", **env)
    err = done.stderr.decode("utf-8")
    assert done.returncode == 1, err[-2000:]
    assert "UnicodeDecodeError" not in err
    out = done.stdout.decode("utf-8")
    assert f"> 'add \ufffd' {REFUSED}\n> " in out and "udce9" not in out


def test_a_pasted_suit_at_the_hotseats_hidden_prompt_under_ascii(monkeypatch):
    """Audit (stop 67): pasting `defeat 2♥` at a hotseat's hidden prompt (read with echo
    off) under an ASCII console ended the game with a UnicodeDecodeError. It is refused
    (without repeating what was typed: the hotseat's typing is hidden), the hidden prompt
    asked again, and Ctrl-C then stops the game as usual."""
    monkeypatch.setenv("PYTHONIOENCODING", "ascii")
    monkeypatch.setenv("WARROOM_NATIVE", "0")
    shown = in_terminal(["play", "kow", "--players", "human,human", "--seed", "2"],
                        [("Player 0: take the seat", "\n"), ("typing is hidden", "defeat 2♥\n"),
                         (HIDDEN_REFUSED, ""), ("typing is hidden", None),
                         ("game stopped", "")], timeout=30)
    assert "UnicodeDecodeError" not in shown
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown)  # colours taken out
    assert f"{HIDDEN_REFUSED} Type '?' for help.\r\n> (typing is hidden) " in plain
