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


def _changed(tmp_path, shipped, change) -> str:
    """A copy of the shipped card file `shipped`, changed by `change(data)`."""
    data = yaml.safe_load(shipped.read_text())
    change(data)
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return str(path)


def test_a_word_for_a_number_in_a_deck_is_quoted(tmp_path, capsys):
    path = _changed(tmp_path, DATA_DIR / "sample.yaml",
                    lambda d: d["soldiers"][0].update(ranks="ten"))
    assert "field ranks: Input should be a valid integer, got 'ten'" in _validate(capsys, path)


def test_a_fraction_for_a_count_and_a_word_for_hits_are_quoted(tmp_path, capsys):
    path = _changed(tmp_path, DATA_DIR / "sample.yaml",
                    lambda d: d["resources"][0].update(uses=1.5))
    assert "field uses: Input should be a valid integer, got 1.5" in _validate(capsys, path)
    path = _changed(tmp_path, SAMPLE_DECK, lambda d: d["cards"][0].update(hits="two"))
    assert "hits: Input should be a valid integer, got 'two'" in _validate(capsys, path)


def test_a_list_where_a_text_goes_is_not_quoted(tmp_path, capsys):
    path = _changed(tmp_path, DATA_DIR / "sample.yaml",
                    lambda d: d.update(name=["A", "list"]))
    err = _validate(capsys, path)
    assert "field name: Input should be a valid string" in err and "got" not in err
