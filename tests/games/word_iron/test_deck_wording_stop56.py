"""Audit (stop 56): Word & Iron deck files' words. A soldier count that is not the deck list's
names its unit and its place in the file; two cards of one section sharing a name are "two
strategy cards", not "two strategies cards"."""

from __future__ import annotations

import pytest
import yaml

from warroom.cli import main
from warroom.games.word_iron.deck import DATA_DIR
from word_iron_decks import deck, error_of


def test_a_soldier_count_off_the_deck_list_names_its_unit_and_place(tmp_path, capsys):
    """Audit (stop 56): pikemen's count set to 5 gave "b8.yaml: a 72-card starter deck has 30
    soldiers, this one 31", naming no unit and no place in the file."""
    path = deck(tmp_path, lambda d: d["soldiers"][1].update(count=5), "b8.yaml")
    assert error_of(path) == (f"{path}: card 'Pikemen' (soldiers[1]), field count: a 72-card "
                              "starter deck has 30 soldiers, this one 31: the deck list allots "
                              "4 pikemen, not 5")
    assert main(["cards", "validate", path]) != 0
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "soldiers[1]" in err and "4 pikemen, not 5" in err


def test_two_soldier_counts_off_are_both_named_and_a_swap_is_named_too(tmp_path):
    """Audit (stop 56): every unit that differs is named, the first as the error's place and
    the others with theirs; counts that still add up to 30 (one more spearman, one pikeman
    fewer) are named the same way."""
    def two(d):
        d["soldiers"][0]["count"] = 6
        d["soldiers"][1]["count"] = 5
    assert error_of(deck(tmp_path, two)).endswith(
        "card 'Spearmen' (soldiers[0]), field count: a 72-card starter deck has 30 soldiers, "
        "this one 32: the deck list allots 5 spearmen, not 6; 4 pikemen, not 5 "
        "(soldiers[1].count)")

    def swap(d):
        d["soldiers"][0]["count"] = 6
        d["soldiers"][1]["count"] = 3
    assert error_of(deck(tmp_path, swap)).endswith(
        "card 'Spearmen' (soldiers[0]), field count: the deck list allots 5 spearmen, not 6; "
        "4 pikemen, not 3 (soldiers[1].count)")


@pytest.mark.parametrize("section, index, noun", [
    ("strategies", 3, "strategy"), ("resources", 1, "resource"), ("chance", 1, "chance"),
    ("words", 1, "Word of Power"), ("champions", 3, "champion"),
])
def test_two_cards_of_a_section_sharing_a_name_are_named_by_its_singular(tmp_path, section,
                                                                          index, noun):
    """Audit (stop 56): "two strategies cards are both named 'Pike Square'"."""
    def rename(d):
        d[section][index]["name"] = d[section][0]["name"]
    name = yaml.safe_load((DATA_DIR / "sample.yaml").read_text())[section][0]["name"]
    assert error_of(deck(tmp_path, rename)).endswith(
        f": two {noun} cards are both named {name!r} ({section}[0] and {section}[{index}]); "
        "every card needs a name of its own")

