"""Records read from a file: what the audit at stop 40 found wrong in how bad ones are told."""

from __future__ import annotations

import json

import pytest

from warroom.engine import Record, RecordError, replay_to_end
from warroom.games import get_game


def kow(**changes: object) -> dict:
    record = {"game": "kow", "version": "1", "config": {}, "seed": 1,
              "actions": [{"player": 0, "action": {"type": "ChooseDice", "red": 1, "white": 0,
                                                   "blue": 0}}],
              "meta": {"players": ["random", "random"]}}
    record.update(changes)
    return record


def refusal(tmp_path, data: dict) -> str:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as caught:
        Record.load(path)
    return str(caught.value)


def test_a_control_character_in_meta_players_is_refused_on_load(tmp_path):
    """Audit (stop 40): a record's meta.players reached the terminal as it was: `replay`
    printed 'Result: player 1 (ESC]0;pwned BEL ...)', retitling and clearing the terminal."""
    data = kow(meta={"players": ["random", "\x1b]0;pwned\x07\x1b[2J\x1b[31mEVIL"]})
    message = refusal(tmp_path, data)
    assert message.startswith(f"{tmp_path / 'bad.json'}: meta.players[1]: a control character")
    assert "is not allowed" in message and "\x1b" not in message  # told, escaped
    bidi = kow(meta={"players": ["random", "human\u202e"]})  # reverses what follows it
    assert "meta.players[1]: a control character" in refusal(tmp_path, bidi)


def test_meta_players_holds_at_most_one_spec_per_possible_seat(tmp_path):
    """Audit (stop 40): meta.players of any length was read; no game has more seats than
    a record can name (MAX_SEATS)."""
    assert "meta.players" in refusal(tmp_path, kow(meta={"players": ["random"] * 65}))


@pytest.mark.parametrize(("changes", "said"), [
    ({"actions": ["x"]}, "actions[0]: must be an object with player and action, got 'x'"),
    ({"actions": [[0, {}]]}, "actions[0]: must be an object with player and action"),
    ({"meta": "x"}, "meta: must be an object, got 'x'"),
    ({"resigned": 3}, "resigned: must be an object with seat and at, got 3"),
    ({"files": {"deck": "x"}}, "files.deck: must be an object with sha256 and text, got 'x'"),
])
def test_a_part_of_the_wrong_shape_is_told_in_users_words(tmp_path, changes, said):
    """Audit (stop 40): an action that was not an object said 'Input should be a valid
    dictionary or instance of _Entry' (and _Meta, _Resigned, _File alike): the name of a
    class inside warroom, not what the record must hold."""
    message = refusal(tmp_path, kow(**changes))
    assert message.endswith(said)
    assert "_Entry" not in message and "instance" not in message


def test_a_record_with_a_byte_order_mark_is_read(tmp_path):
    """Audit (stop 40): a record starting with a UTF-8 byte-order mark (as some editors save
    it) was 'not valid JSON (line 1, column 1: Unexpected UTF-8 BOM (decode using
    utf-8-sig))': Python's advice to a programmer. It is read, as YAML files are."""
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(kow()).encode())
    record = Record.load(path)
    assert record.actions == [(0, kow()["actions"][0]["action"])]
    assert len(replay_to_end(get_game("kow"), record).log) > 0


def test_a_missing_version_is_said_to_be_missing(tmp_path):
    """Audit (stop 40): a word-iron record without its `version` said 'record was made by
    word-iron rules version '1'; this is version 3': the field is missing, not '1'."""
    game = get_game("word-iron")
    assert game.version != "1"
    path = tmp_path / "wi.json"
    path.write_text(json.dumps({"game": "word-iron", "config": {}, "seed": 1, "actions": []}))
    with pytest.raises(RecordError) as caught:
        replay_to_end(game, Record.load(path))
    assert str(caught.value) == (
        f"{path}: version: missing, so of rules version 1 (older than the field); this is "
        f"word-iron rules version {game.version}: replay or finish it with the warroom release "
        f"that made it (the last commit of warroom that plays version 1: "
        f"{game.last_commits['1']})")
    # a record older than the field is of version "1": a game of that version reads it still
    data = kow()
    del data["version"]
    path.write_text(json.dumps(data))
    replay_to_end(get_game("kow"), Record.load(path))


def test_a_database_given_as_a_record_is_said_to_be_one(tmp_path, capsys):
    """Audit (stop 60): `warroom replay res.sqlite` (a results database) said "looks like
    UTF-16 text ..., save it as UTF-8": its NUL bytes read as UTF-16. It is said to be a
    database, with the command that writes a stored game as a record."""
    from warroom.cli import main

    db = tmp_path / "res.sqlite"
    assert main(["simulate", "kow", "--games", "1", "--players", "random,random", "--db",
                 str(db), "--json"]) == 0
    capsys.readouterr()
    assert main(["replay", str(db)]) == 2
    assert capsys.readouterr().err == (
        f"warroom: error: {db}: an SQLite database (a warroom results or games database?), "
        "not a record: `warroom export DB --run ID --index I --record FILE` writes a stored "
        "game as one\n")
