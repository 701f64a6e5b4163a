"""Audit (stop 47): Battle deck lists. A card that is already in the deck is placed by the
file's own terms: its index in a YAML list, its line in a text file, its position in an
option; and the shared data-file error line says where its other problems are."""

from __future__ import annotations

import pytest

from warroom.cli import main
from warroom.engine import ConfigError, DataError
from warroom.games.battle import GAME
from warroom.games.battle.cards import STANDARD_DECK, read_deck_file


def test_a_card_twice_in_a_yaml_deck_list_names_both_items(tmp_path, capsys, monkeypatch):
    """Audit (stop 47): `cards: [AS, AS, AS]` said "bdup.yaml line 2: A♠ is already in the deck
    (at 2)": every card is on line 2, and "at 2" could be a line or a position."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bdup.yaml").write_text("game: battle\ncards: [AS, AS, AS]\n")
    assert main(["cards", "validate", "bdup.yaml"]) == 2
    assert capsys.readouterr().err == (
        "warroom: error: bdup.yaml cards[1]: A♠ is already in the deck (cards[0]); a "
        "constructed deck is made from one deck of playing cards\n")


def test_a_card_that_is_no_card_in_a_yaml_deck_list_names_its_item_and_line(tmp_path):
    """Audit (stop 47): a YAML deck list's errors are placed by the item (cards[2]), with its
    line, not by a line alone (which a one-line list shares)."""
    path = tmp_path / "deck.yaml"
    path.write_text("cards: [AS, 2S, ZZ]\n")
    with pytest.raises(DataError, match=r"deck.yaml cards\[2\] \(line 1\): 'ZZ' is not a card"):
        read_deck_file(path)


def test_a_card_twice_in_a_text_deck_list_names_both_lines(tmp_path):
    """Audit (stop 47): "(at 1)" of a text deck list is a line: it says so."""
    path = tmp_path / "deck.txt"
    path.write_text("AS\n\n2S\nas\n")
    with pytest.raises(DataError) as info:
        GAME.load_cards(str(path))
    assert str(info.value).startswith(f"{path} line 4: A♠ is already in the deck (line 1); ")


def test_a_card_twice_in_a_deck_option_names_both_positions():
    """Audit (stop 47): "(at 1)" of a deck option's cards is a position: it says so."""
    cards = ",".join(STANDARD_DECK[:39] + ("AS",))
    with pytest.raises(ConfigError) as info:
        GAME.config({"deck_mode": "constructed", "deck0": cards})
    assert str(info.value).startswith(
        "option 'deck0' card 40: A♠ is already in the deck (card 1); ")


def test_a_deck_list_file_error_places_its_other_problems(tmp_path):
    """Audit (stop 47): the shared data-file error line (`first_problem`) showed the first
    problem only, the others hidden; it now says where they are."""
    path = tmp_path / "deck.yaml"
    path.write_text("game: battle\ncards: [AS, [2S], [3S]]\nsize: 3\n")
    with pytest.raises(DataError) as info:
        read_deck_file(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: cards.1: Input should be a valid string (and 2 more "
                              "problems: cards.2: Input should be a valid string; size: Extra "
                              "inputs are not permitted)")  # (what is wrong too: stop 71)
