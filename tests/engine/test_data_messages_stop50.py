"""Audit (stop 50): data-file errors say where the mistake is, not only where it was found."""

from __future__ import annotations

from pathlib import Path

import pytest

from warroom.engine import DataError
from warroom.engine.data import parse_yaml
from warroom.games import get_game

SAMPLE = Path(__file__).parents[2] / "src/warroom/games/word_iron/data/sample.yaml"


def test_a_mapping_left_open_names_the_line_it_began_on():
    """Audit (stop 50): a flow mapping whose closing brace is missing on line 3 was reported
    at line 4 only, where PyYAML found it wanting; the line it began on is named too."""
    text = "cards:\n  - {id: A01, kind: attack\n  - {id: A02, kind: attack}\n"
    with pytest.raises(DataError) as caught:
        parse_yaml(text, "deck.yaml")
    assert caught.value.where == "deck.yaml"
    assert caught.value.problem == ("not valid YAML (line 3): expected ',' or '}', but got "
                                    "'{' (while parsing a flow mapping that began on line 2)")


def test_a_mistake_on_its_own_line_says_no_other_line():
    """Audit (stop 50): where the construct began on the line of the mistake, nothing more."""
    with pytest.raises(DataError) as caught:
        parse_yaml("a: [1, 2}\n", "x.yaml")
    assert "began on line" not in str(caught.value)
    assert "(line 1)" in str(caught.value)


def test_a_word_iron_soldier_below_the_one_before_is_named(tmp_path):
    """Audit (stop 50): 'soldier ranks of power must not decrease up the deck list' said
    neither which soldier nor by how much, unlike every other check of a deck."""
    text = SAMPLE.read_text(encoding="utf-8").replace(
        "{unit: archers, name: Archers, ranks: 15,", "{unit: archers, name: Archers, ranks: 12,")
    deck = tmp_path / "deck.yaml"
    deck.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        get_game("word-iron").load_cards(str(deck))
    assert "must not decrease up the deck list: archers has 12, below pikemen's 15" in \
        str(caught.value), str(caught.value)
