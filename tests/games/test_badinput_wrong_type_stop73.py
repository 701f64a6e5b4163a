"""A data-file field of the wrong type says what the file holds there, as a wrong choice of
a list (`literal_error`) and records' errors already did: "ranks: Input should be a valid
integer, got 'ten'", not "... a valid integer" alone, which left the author to find the value
(audit, stop 73). A mapping or a list is not quoted: too long for one line."""

from __future__ import annotations

import yaml

from warroom.cli import main
from warroom.games.viktory_battles.cards import SAMPLE_DECK
from warroom.games.word_iron.deck import DATA_DIR


def _validate(capsys, path) -> str:
    assert main(["cards", "validate", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    return err


def test_a_word_for_a_number_in_a_deck_is_quoted(tmp_path, capsys):
    deck = yaml.safe_load((DATA_DIR / "sample.yaml").read_text())
    deck["soldiers"][0]["ranks"] = "ten"
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(deck, sort_keys=False))
    assert "field ranks: Input should be a valid integer, got 'ten'" in _validate(capsys, path)


def test_a_fraction_for_a_count_and_a_number_for_a_name_are_quoted(tmp_path, capsys):
    deck = yaml.safe_load((DATA_DIR / "sample.yaml").read_text())
    deck["resources"][0]["uses"] = 1.5
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(deck, sort_keys=False))
    assert "field uses: Input should be a valid integer, got 1.5" in _validate(capsys, path)
    cards = yaml.safe_load(SAMPLE_DECK.read_text())
    cards["cards"][0]["hits"] = "two"
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(cards, sort_keys=False))
    assert "hits: Input should be a valid integer, got 'two'" in _validate(capsys, path)


def test_a_list_where_a_text_goes_is_not_quoted(tmp_path, capsys):
    deck = yaml.safe_load((DATA_DIR / "sample.yaml").read_text())
    deck["name"] = ["A", "list"]
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump(deck, sort_keys=False))
    err = _validate(capsys, path)
    assert "field name: Input should be a valid string" in err and "got" not in err
