"""Audit (stop 63): a researcher reading archived records from docs/records.md alone, without
importing warroom: which bytes a file's hash is over, what `version` is and what to do with
another one or an unknown field, what a record gives away, errors that blamed the rules for an
edited record, and `warroom games` without the rules versions."""

from __future__ import annotations

import hashlib
import json
import re

import pytest

from warroom.agents import RandomAgent
from warroom.cli import main
from warroom.engine import Record, RecordError, play_game, replay
from warroom.engine.record import REPLAY_HINT
from warroom.games import REGISTRY, actions_doc, get_game

KOW = get_game("kow")


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_records_doc_says_which_bytes_are_hashed_and_how_versions_go(capsys):
    """Audit (stop 63): records.md called `files.deck0.sha256` "the file's SHA-256", which is
    not what `sha256sum FILE` gives for a file with a byte-order mark; it said nothing of how
    rules versions change or compare, of which release replays an old one, of an unknown
    field, nor that a record gives every hand away."""
    doc = _flat(actions_doc.generated())
    for said in ("without the byte-order mark it may start with",
                 "(`\\r\\n` stays `\\r\\n`)",
                 "`sha256` is the SHA-256, in lowercase hexadecimal, of the UTF-8 bytes of `text`",
                 "`text` holds at most 1048576 characters",
                 "changes whenever a change to its rules would play a record of the old version "
                 "differently",
                 "Compare versions for equality only",
                 "A record of another version is refused, and left as it is",
                 "A record does not say which release made it",
                 "A reader should ignore a top-level field it does not know; warroom keeps one, "
                 "and writes it back as it was when `warroom play --resume` saves the game on",
                 "knows every hand and secret choice of the game",
                 "only once the game is over"):
        assert said in doc, said
    # what the document says of warroom's own versions holds: whole numbers
    assert all(re.fullmatch(r"[1-9][0-9]*", REGISTRY[n].version)
               for n in actions_doc.built_in_games())
    actions_doc.main(["--check"])
    assert "is up to date" in capsys.readouterr().out


def test_an_embedded_copy_is_hashed_as_the_doc_says(tmp_path, monkeypatch, capsys):
    """Audit (stop 63): a deck saved with a byte-order mark and CRLF line ends: the record's
    sha256 was not `sha256sum` of the file, and nothing said what it was over. It is the
    SHA-256 of the stored text's UTF-8 bytes (the mark left out, `\\r\\n` kept), as
    records.md now says."""
    shipped = get_game("word-iron").data_file("deck0", "raiders")
    deck = tmp_path / "deck.yaml"
    raw = b"\xef\xbb\xbf" + shipped.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    deck.write_bytes(raw)
    monkeypatch.chdir(tmp_path)
    assert main(["play", "word-iron", "--players", "random,random", "--seed", "3",
                 "--set", f"deck0={deck}", "--save", "g.json", "--json"]) == 0
    capsys.readouterr()
    copy = json.loads((tmp_path / "g.json").read_text(encoding="utf-8"))["files"]["deck0"]
    assert "\r\n" in copy["text"] and not copy["text"].startswith("\ufeff")
    assert copy["text"].encode("utf-8") == raw[3:]
    assert copy["sha256"] == hashlib.sha256(copy["text"].encode("utf-8")).hexdigest()
    assert copy["sha256"] != hashlib.sha256(raw).hexdigest()  # what sha256sum gives
    assert "of the UTF-8 bytes of `text`" in _flat(actions_doc.generated())


@pytest.fixture
def kow_record() -> Record:
    return play_game(KOW, KOW.Config(), 3, [RandomAgent(KOW, 1), RandomAgent(KOW, 2)]).record


def _replay_error(record: Record) -> str:
    with pytest.raises(RecordError) as caught:
        for _ in replay(KOW, record):
            pass
    return str(caught.value)


def test_an_action_of_a_seat_not_to_move_says_who_is(kow_record):
    """Audit (stop 63): an action recorded for the wrong `player` said "it is not player 0's
    decision now", and not whose decision it was. (The hint of rules that replay differently
    stays: they may hand the move to another seat too.)"""
    at, mover = next((i, s.to_move()[0]) for i, (s, _, _) in enumerate(replay(KOW, kow_record))
                     if len(s.to_move()) == 1)
    kow_record.actions[at] = (1 - mover, kow_record.actions[at][1])
    said = _replay_error(kow_record)
    assert said == (f"actions[{at}] does not replay: recorded for player {1 - mover}, but "
                    f"player {mover} is to move ({REPLAY_HINT})")


def test_warroom_games_shows_each_rules_version(capsys):
    """Audit (stop 63): `warroom games` gave names and titles only, so nothing told which
    rules version this release plays (the `version` a record must name to replay)."""
    assert main(["games"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        f"{name}\t{game.title}\trules version {game.version}" for name, game in REGISTRY.items()]
    assert main(["games", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["games"]
    assert [g["rules_version"] for g in shown] == [g.version for g in REGISTRY.values()]
    assert "kow\tKings of War Battle Deck\trules version 1" in [
        f"{g['name']}\t{g['title']}\trules version {g['rules_version']}" for g in shown]
