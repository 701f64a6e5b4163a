"""Audit (stop 60): `warroom cards validate` of a file that is empty or holds a list said only
that it had no top-level 'game:' field (or, with --game word-iron, what a deck file should be),
not what the file held."""

from __future__ import annotations

import pytest

from warroom.cli import main


@pytest.mark.parametrize("text, held", [
    ("", "the file is empty"),
    ("# a deck, some day\n", "the file is empty"),
    ("- a\n- b\n", "the file holds a list"),
])
def test_cards_validate_says_the_file_is_empty_or_a_list(tmp_path, capsys, text, held):
    """Audit (stop 60): an empty card file, or one holding a list, was refused with "no
    top-level 'game:' field naming the game"; with --game word-iron with "a deck file is a
    YAML mapping with game, name, soldiers, ...". Each now says what the file holds."""
    path = tmp_path / "deck.yaml"
    path.write_text(text)
    assert main(["cards", "validate", str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"warroom: error: {path}: {held}; a card file is a YAML mapping naming its "
                   "game in a top-level 'game:' field\n")
    assert main(["cards", "validate", str(path), "--game", "word-iron"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (f"warroom: error: {path}: {held}; a deck file is a YAML mapping with game, "
                   "name, soldiers, ...\n")


def test_a_text_deck_list_without_game_still_asks_for_game(tmp_path, capsys):
    """Audit (stop 60): a Battle deck list as text reads as one YAML value; it is still told to
    name its game, not that it is no mapping."""
    path = tmp_path / "deck.txt"
    path.write_text("AS\nKH\n")
    assert main(["cards", "validate", str(path)]) == 2
    assert "no top-level 'game:' field naming the game, and no --game" in \
        capsys.readouterr().err
