"""A Battle Cards deck's text past its length (audit, stop 62)."""

from __future__ import annotations

import pytest

from warroom.engine import DataError
from warroom.games.viktory_battles.cards import load_deck


def test_a_card_text_too_long_is_said_in_characters(tmp_path):
    """Audit (stop 62): a card whose `text` held 310 characters was refused with "field text:
    Value should have at most 300 items after validation, not 310" (pydantic's words for a
    length checked after another check): it says characters."""
    path = tmp_path / "deck.yaml"
    path.write_text("game: viktory\nname: T\ncards:\n"
                    "  - {id: A01, name: Charge, kind: attack, attack: regular, hits: 1, "
                    f"misses: 0, terrain: plains, text: {'x' * 310}}}\n")
    with pytest.raises(DataError) as caught:
        load_deck(str(path))
    assert str(caught.value) == (f"{path}: card A01: field text: String should have at most "
                                 "300 characters, not 310")
