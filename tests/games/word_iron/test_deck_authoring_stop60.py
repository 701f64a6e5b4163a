"""Audit (stop 60): what a Word & Iron deck author met writing a deck: a `cost` refused with a
message that did not fit it, or accepted with a field dropped; a card without effects passed
without a word; an empty file not said to be empty; card texts that counted "1 archers"."""

from __future__ import annotations

import pytest
from word_iron_helpers import sample_data, write_deck

from warroom.cli import main
from warroom.engine import DataError
from warroom.games.word_iron import GAME
from warroom.games.word_iron.deck import DATA_DIR, Deck, card_text, load_deck

VOLLEY = "card 'Volley of Arrows' (strategies[1]), field effects[0]: "


def _with_cost(tmp_path, cost: dict) -> str:
    data = sample_data()
    data["strategies"][1]["effects"][0] = {"kind": "cost", **cost}
    return write_deck(tmp_path, data)


@pytest.mark.parametrize("cost, problem", [
    ({}, "a cost names 'unit' (with 'count') or 'ranks', and this one names neither"),
    ({"count": 2}, "a cost names 'unit' (with 'count') or 'ranks', and this one names "
                   "neither"),
    ({"unit": "archers", "ranks": 30},
     "a cost names either 'unit' (with 'count') or 'ranks', not both"),
])
def test_a_cost_says_what_is_wrong_with_it(tmp_path, capsys, cost, problem):
    """Audit (stop 60): `{kind: cost}` was refused as naming "'unit' or 'ranks', not both"
    when it named neither, and `{kind: cost, ranks: 30, count: 2}` was accepted, its count
    dropped without a word (`cards show`: "cost: you lose 30 ranks of power"), though the
    README says out-of-place fields are refused."""
    path = _with_cost(tmp_path, cost)
    assert main(["cards", "validate", path]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"warroom: error: {path}: {VOLLEY}{problem}\n"


@pytest.mark.parametrize("count", [1, 2])
def test_a_count_beside_ranks_is_warned_of_and_the_deck_still_loads(tmp_path, capsys, count):
    """Audit (stop 60): `{kind: cost, ranks: 30, count: 2}` was accepted, its count dropped
    without a word. Review (stop 60): refusing it would break every record and save that
    embeds such a deck (they load their deck as it was); `cards validate` warns instead."""
    path = _with_cost(tmp_path, {"ranks": 30, "count": count})
    assert main(["cards", "validate", path]) == 0
    out, err = capsys.readouterr()
    assert out == f"{path}: valid word-iron card file (Sample starter deck)\n"
    assert err == (f"warroom: warning: {path}: {VOLLEY[:-2]}.count: 'count' only goes with a "
                   "cost in cards of a 'unit'; a cost in 'ranks' does not read it\n")
    assert load_deck(path).strategies[1].effects[0].ranks == 30


def test_a_cost_still_takes_count_with_unit_and_below_with_ranks(tmp_path):
    """Audit (stop 60): the fields that belong together still load."""
    path = _with_cost(tmp_path, {"unit": "archers", "count": 2})
    assert load_deck(path).strategies[1].effects[0].count == 2
    path = _with_cost(tmp_path, {"ranks": 30, "below": "royal_guards"})
    assert load_deck(path).strategies[1].effects[0].below == "royal_guards"


@pytest.mark.parametrize("effects", [None, []])
def test_validate_warns_of_a_card_without_effects(tmp_path, capsys, effects):
    """Audit (stop 60): a strategy card with no `effects` (or `effects: []`) validated with no
    warning, and `cards show` printed "Pike Square: no effect"."""
    data = sample_data()
    if effects is None:
        del data["strategies"][4]["effects"]
    else:
        data["strategies"][4]["effects"] = effects
    path = write_deck(tmp_path, data)
    assert main(["cards", "validate", path]) == 0
    out, err = capsys.readouterr()
    assert out == f"{path}: valid word-iron card file (Sample starter deck)\n"
    assert err == (f"warroom: warning: {path}: card 'Pike Square' (strategies[4]), field "
                   "effects: the card has no effect ('effects' is missing or empty), so it "
                   "does nothing in play\n")


def test_no_shipped_card_and_no_royal_is_warned_of_as_without_effect():
    """Audit (stop 60): the shipped decks draw no warning; a king or queen without effects
    is none either (drawn by the other royal, it marries that side, rule 2)."""
    for name in ("sample", "raiders"):
        assert GAME.card_warnings(GAME.load_cards(str(DATA_DIR / f"{name}.yaml"))) == []
    data = sample_data()
    king = next(c for c in data["champions"] if c.get("royal") == "king")
    king["effects"] = []
    assert GAME.card_warnings(Deck.model_validate(data)) == []


@pytest.mark.parametrize("text, held", [
    ("", "the file is empty"),
    ("# only a comment\n", "the file is empty"),
    ("- a\n- b\n", "the file holds a list"),
    ("just words\n", "the file holds a single value"),
])
def test_a_deck_option_that_is_no_mapping_says_what_the_file_holds(tmp_path, text, held):
    """Audit (stop 60): an empty deck file, or one holding a list, was refused as "a deck
    file is a YAML mapping with game, name, soldiers, ...", not saying it was empty."""
    path = tmp_path / "deck.yaml"
    path.write_text(text)
    with pytest.raises(DataError) as caught:
        load_deck(str(path))
    assert str(caught.value) == (f"{path}: {held}; a deck file is a YAML mapping with game, "
                                 "name, soldiers, ...")


def test_card_texts_count_cards_of_a_unit():
    """Audit (stop 60): card texts said "you lose 1 archers", "your opponent loses 1 royal
    guards": a unit's name is a plural noun, and what the effect takes is cards of it, as the
    log counts them."""
    deck = load_deck("sample")
    volley = next(c for c in deck.strategies if c.name == "Volley of Arrows")
    storm = next(c for c in deck.strategies if c.name == "Storm the Lines")
    dread = next(c for c in deck.words if c.name == "Word of Dread")
    assert card_text(volley) == ("cost: you lose 1 archers card; your opponent loses 2 "
                                 "spearmen cards; your opponent loses 1 pikemen card")
    assert card_text(storm).startswith("cost: you lose 2 spearmen cards; ")
    assert card_text(dread) == "your opponent loses 1 royal guards card"
