"""docs/records.md, the actions a record may hold, written from the games' code by
`python -m warroom.games.actions_doc`: it is up to date, complete, and its examples are
actions as records hold them."""

from __future__ import annotations

import json
import re

import pytest

from cli_errors import one_line_error
from warroom.engine.actions import field_names
from warroom.games import REGISTRY, actions_doc
from warroom.games.viktory_battles.units import UNITS


def sections() -> dict[str, str]:
    """The document's part on each game, by the game's name."""
    text = actions_doc.DOC.read_text(encoding="utf-8")
    parts = re.split(r"^## `([^`]+)`$", text, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def actions(section: str) -> dict[str, str]:
    """A game's part on each action it documents, by the action's type."""
    parts = re.split(r"^### `([^`]+)`$", section, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def test_the_records_doc_is_what_the_code_writes(capsys):
    """Audit (stop 57): nothing documented each game's actions as a record holds them (kow's
    Defeat.dice and swords, viktory-ii's PlaceTile.hex and where): a researcher could not read
    a saved record's moves without warroom's source. A changed action fails this test until
    the document is written again (python -m warroom.games.actions_doc)."""
    actions_doc.main(["--check"])
    assert "is up to date" in capsys.readouterr().out


def test_every_field_of_every_action_of_every_game_is_in_the_doc():
    """Audit (stop 57): each game's section documents each of its actions (or names the game
    whose section does, for an action two games share) with a row for each field."""
    games = sections()
    assert list(games) == [n for n in REGISTRY if REGISTRY[n].package.startswith(
        "warroom.games.")]
    for name, section in games.items():
        own = actions(section)
        shared = re.findall(r"^Also (.+): the same actions as \[`([^`]+)`\]", section, re.M)
        elsewhere = {t: other for listed, other in shared for t in re.findall(r"`(\w+)`", listed)}
        for cls in REGISTRY[name].actions:
            part = own.get(cls.__name__) or actions(games[elsewhere[cls.__name__]])[cls.__name__]
            for field in field_names(cls):
                assert re.search(rf"^\| `{field}` \| ", part, re.M), (name, cls, field)
            if not field_names(cls):
                assert "No fields." in part


def test_every_example_in_the_doc_is_an_action_of_its_type_as_a_record_holds_it():
    """Audit (stop 57): an example is the wire format exactly: the game's codec reads it back
    as an action of the heading's type, and writes it the same way."""
    seen = 0
    for name, section in sections().items():
        for kind, part in actions(section).items():
            found = re.search(r"^Example: `(.+)`$", part, re.M)
            if found is None:
                assert "No example: none came up" in part
                continue
            data = json.loads(found[1])
            action = REGISTRY[name].codec.decode(data)
            assert type(action).__name__ == kind == data["type"]
            seen += 1
    assert seen >= 70


def test_the_doc_says_what_a_number_means_where_the_code_does():
    """Audit (stop 57): viktory's `unit` is a number, read off UNITS; viktory-ii's terrain and
    unit say their numbers' meanings from the code's own lists."""
    games = sections()
    units = ", ".join(f"{i} {name}" for i, name in enumerate(UNITS))
    assert units in " ".join(games["viktory"].split())
    tile = actions(games["viktory-ii"])["PlaceTile"]
    assert "0: plains, 1: grassland, 2: forest, 3: mountain, 4: water" in tile
    assert re.search(r"^\| `dice` \| array of integers \| at most 8 items; each 0 to 7 \|",
                     actions(games["kow"])["Defeat"], re.M)


@pytest.fixture(scope="module")
def written() -> str:
    """The document as the code writes it (made once: the tests of the command reuse it)."""
    return actions_doc.generated()


def test_check_names_where_the_doc_is_stale(tmp_path, monkeypatch, capsys, written):
    """Audit (stop 57): --check exits non-zero with one line naming the stale place (the game
    and the action), or saying the document is missing; writing it makes it up to date."""
    doc = tmp_path / "records.md"
    monkeypatch.setattr(actions_doc, "DOC", doc)
    monkeypatch.setattr(actions_doc, "generated", lambda: written)
    with pytest.raises(SystemExit) as stop:
        actions_doc.main(["--check"])
    assert str(stop.value.code).startswith(f"{doc} is missing: run python -m warroom.games")
    text = written
    doc.write_text(text.replace("Exploration: put a drawn tile", "Put a tile"))
    with pytest.raises(SystemExit) as stop:
        actions_doc.main(["--check"])
    said = str(stop.value.code)
    assert "\n" not in said and "out of date at line" in said and "(`viktory-ii`, `PlaceTile`)" \
        in said
    actions_doc.main([])
    assert doc.read_text() == text and capsys.readouterr().out == f"wrote {doc}\n"


def test_the_command_takes_its_arguments_as_a_command_does(capsys, monkeypatch, tmp_path,
                                                          written):
    """Audit (stop 57): a bad argument is one line; --output - writes on standard output."""
    monkeypatch.setattr(actions_doc, "DOC", tmp_path / "records.md")
    monkeypatch.setattr(actions_doc, "generated", lambda: written)
    with pytest.raises(SystemExit) as stop:
        actions_doc.main(["--check", "--output", "x.md"])
    assert stop.value.code == 2
    assert one_line_error(capsys).startswith("python -m warroom.games.actions_doc: error:")
    actions_doc.main(["--output", "-"])
    assert capsys.readouterr().out == written
    assert not (tmp_path / "records.md").exists()


def test_a_schema_keyword_the_doc_cannot_say_is_an_error():
    """Audit (stop 57): the doc says every constraint a field has, in words, or fails: a new
    kind of constraint never goes missing from it unseen."""
    assert actions_doc.values({"type": "integer", "minimum": 0, "maximum": 12}) == "0 to 12"
    assert actions_doc.values({"type": "string", "enum": ["a", "b"]}) == 'one of `"a"` or `"b"`'
    with pytest.raises(ValueError, match="multipleOf"):
        actions_doc.values({"type": "integer", "multipleOf": 2})
