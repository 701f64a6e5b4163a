"""Bad card, deck, scenario and map files get one clear line saying what is wrong and where:
the place as the file has it (not pydantic's names for its validators), a value from the file
quoted at a readable length, a byte-order mark at the start of any text file accepted. Each
test names the defect it pins."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Literal

import pydantic
import pytest
import yaml
from pydantic import BaseModel, ValidationError

from warroom.cli import main
from warroom.engine import DataError
from warroom.engine.data import Name, first_problem, loads_json, read_text, read_yaml
from warroom.games.battle import GAME as BATTLE
from warroom.games.battle.cards import STANDARD_DECK, read_deck_file
from warroom.games.viktory.scenario import SCENARIOS, load_scenario
from warroom.games.viktory_battles.cards import SAMPLE_DECK
from warroom.games.viktory_battles.cards import load_deck as load_viktory_deck
from warroom.games.word_iron.deck import DATA_DIR, load_deck

PYDANTIC_NAMES = ("function-after", "constrained-", "literal[", ".str", ".int")
LONG = "A" * 100_000


@cache
def _word_iron_sample() -> str:
    return (DATA_DIR / "sample.yaml").read_text()


def word_iron_deck(tmp_path: Path, change) -> str:
    data = yaml.safe_load(_word_iron_sample())
    change(data)
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return str(path)


def error_of(load, *args) -> str:
    with pytest.raises(DataError) as info:
        load(*args)
    message = str(info.value)
    assert "\n" not in message
    return message


def cli_error(capsys, *args: str) -> str:
    assert main(["cards", "validate", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


# --- the place --------------------------------------------------------------------------------
def test_a_card_file_error_names_the_field_not_pydantics_validators(tmp_path, capsys):
    """Audit (stop 40): a Word & Iron soldier named "Spear\\u202emen" was refused at "field
    name.function-after[one_line(), constrained-str]" (pydantic's name for the member of the
    union `Name | Literal[""]` it tried), "(and 1 more problem)" being the other member's
    complaint about the same name. The place is the file's: soldiers[2], field name."""
    path = word_iron_deck(tmp_path, lambda d: d["soldiers"][2].update(name="Spear\u202emen"))
    err = cli_error(capsys, path)
    assert "card 'Spear\\u202emen' (soldiers[2]), field name: a control character " \
        "('\\u202e' at position 6) is not allowed\n" in err
    assert not any(name in err for name in PYDANTIC_NAMES), err


def test_a_battle_deck_list_error_names_the_card_not_pydantics_validators(tmp_path):
    """Audit (stop 40): a Battle YAML deck list's card that is neither text nor a number was
    refused at "cards.1.constrained-str" (a member of the union `str | int`)."""
    path = tmp_path / "deck.yaml"
    path.write_text("cards: [AS, [2S]]\n")
    message = error_of(read_deck_file, path)
    assert "deck.yaml: cards.1: Input should be a valid string" in message
    assert not any(name in message for name in PYDANTIC_NAMES), message


class _Foot(BaseModel):
    kind: Literal["foot"]
    count: int


class _Horse(BaseModel):
    kind: Literal["horse"]
    riders: int


class _Army(BaseModel):
    units: list[_Foot | _Horse]  # a union of models: pydantic's place names each model


@pytest.mark.parametrize("unit,place", [
    ({"kind": "foot", "count": "many"}, "units.0.count"),
    ({"kind": "foot"}, "units.0.count"),  # a missing field is a place of the file's too
])
def test_every_data_files_error_place_drops_union_members(unit, place):
    """Audit (stop 40): `first_problem`, which every data file's loader uses, kept pydantic's
    names of union members in the place ('units.0._Foot.count'); given the data it validated,
    the place is only keys and indexes of it (or a missing field)."""
    data = {"units": [unit]}
    with pytest.raises(ValidationError) as info:
        _Army.model_validate(data)
    assert first_problem(info.value, data)[0] == place


class _Soldier(BaseModel):
    name: Name | Literal[""] = ""


def test_an_error_place_is_the_keys_a_person_wrote_not_pydantics_validator_names():
    """Audit (stop 40): `first_problem` said 'name.function-after[one_line(),
    constrained-str]'; the place is the keys of the data, and a key with a hyphen in it
    (which looks like a validator's name) is kept."""
    data = {"name": "Spear\u202emen"}
    with pytest.raises(ValidationError) as info:
        _Soldier.model_validate(data)
    assert first_problem(info.value, data) == (
        "name", "a control character ('\\u202e' at position 6) is not allowed")
    bows = {"long-bow": {"name": "Spear\u202emen"}}
    with pytest.raises(ValidationError) as info:
        pydantic.TypeAdapter(dict[str, _Soldier]).validate_python(bows)
    assert first_problem(info.value, bows)[0] == "long-bow.name"


# --- long values ------------------------------------------------------------------------------
def test_a_long_name_in_a_card_file_error_is_cut_short(tmp_path, capsys):
    """Audit (stop 40): a Word & Iron card name of 100,000 characters made a 100,168-byte
    error line (the name quoted whole); a value quoted in an error is cut, "..." saying so."""
    path = word_iron_deck(tmp_path, lambda d: d["soldiers"][2].update(name=LONG))
    err = cli_error(capsys, path)
    assert len(err) < 300 and "card 'AAAA" in err and "... (soldiers[2]), field name: " in err


def test_a_long_line_of_a_battle_deck_list_is_cut_short(tmp_path):
    """Audit (stop 40): a deck list's line that is no card was quoted whole in the error."""
    path = tmp_path / "deck.txt"
    path.write_text(f"AS\n{LONG}\n")
    message = error_of(read_deck_file, path)
    assert len(message) < 300 and "deck.txt line 2: 'AAAA" in message and "..." in message


def test_a_long_key_or_card_id_in_a_data_file_error_is_cut_short(tmp_path):
    """Audit (stop 40): a key no file has (a scenario's, a Word & Iron card's) or a Viktory
    Battles card id was quoted whole, however long."""
    scenario = yaml.safe_load((SCENARIOS / "open-field.yaml").read_text())
    scenario[LONG] = 1
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(scenario))
    assert len(error_of(load_scenario, str(path))) < 300
    deck = word_iron_deck(tmp_path, lambda d: d["strategies"][0].update({LONG: 1}))
    message = error_of(load_deck, deck)
    assert len(message) < 400 and "field AAAA" in message and "...: Extra inputs" in message
    cards = yaml.safe_load(SAMPLE_DECK.read_text())
    cards["cards"][0]["id"] = LONG
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(cards))
    assert len(error_of(load_viktory_deck, str(path))) < 300


def test_a_long_game_name_in_a_card_file_is_cut_short(tmp_path, capsys):
    """Audit (stop 40): `warroom cards validate` quoted a file's `game:` whole when it named no
    game."""
    path = tmp_path / "cards.yaml"
    path.write_text(f"game: {LONG}\n")
    err = cli_error(capsys, str(path))
    assert len(err) < 300 and "game 'AAAA" in err and "... is not a registered game" in err


# --- byte-order marks -------------------------------------------------------------------------
BOM = b"\xef\xbb\xbf"


def test_a_byte_order_mark_starts_a_battle_deck_list(tmp_path, capsys):
    """Audit (stop 40): a text deck list saved with a byte-order mark was refused, "line 1:
    '\\ufeffAS' is not a card", by `cards validate` and `--set deck0=` alike (a YAML file with
    one was accepted)."""
    path = tmp_path / "deck.txt"
    path.write_bytes(BOM + "".join(f"{c}\n" for c in STANDARD_DECK[:40]).encode())
    assert main(["cards", "validate", str(path), "--game", "battle"]) == 0
    assert "valid battle card file" in capsys.readouterr().out
    config = BATTLE.config({"deck_mode": "constructed", "deck0": str(path)})
    assert config.deck0 == STANDARD_DECK[:40]


def test_a_byte_order_mark_starts_any_data_file(tmp_path):
    """Audit (stop 40): of the text files read, YAML dropped a byte-order mark and the others
    kept it as a character: the one reader drops it, and JSON text read from outside (a
    record) may start with one too."""
    path = tmp_path / "file.yaml"
    path.write_bytes(BOM + b"game: kow\n")
    assert read_text(path) == "game: kow\n" and read_yaml(path) == {"game": "kow"}
    assert loads_json("\ufeff" + json.dumps({"seed": 1})) == {"seed": 1}
