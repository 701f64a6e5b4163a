"""Audit (stop 65): what a designer writing their own Word & Iron decks met: names that look
the same passed as two cards, deck-size errors that did not say what was missing, pydantic's
words for YAML mistakes, and no warning for an empower that rounds up far past its percent or
for a deck that can inflict no losses."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ConfigDict, ValidationError
from word_iron_helpers import sample_data, write_deck

from warroom.cli import main
from warroom.engine.data import first_problem
from warroom.games.word_iron.deck import load_deck


def _validate(tmp_path, capsys, data) -> tuple[int, str, str]:
    path = write_deck(tmp_path, data)
    code = main(["cards", "validate", path])
    out, err = capsys.readouterr()
    return code, path, err


def test_names_that_look_the_same_are_warned_of(tmp_path, capsys):
    """Audit (stop 65): 'Café' composed (NFC) and decomposed (NFD) validated as two cards;
    `cards show`, reports and `export --cards` then showed two cards of one name, and `tune
    --param deck0:Café...` patched the first. A warning (a deck saved with such names must
    still load: its records replay)."""
    data = sample_data()
    data["strategies"][0]["name"] = "Caf\u00e9"
    data["words"][1]["name"] = "Cafe\u0301"
    code, path, err = _validate(tmp_path, capsys, data)
    assert code == 0
    assert (f"warroom: warning: {path}: card 'Cafe\u0301' (words[1]), field name: reads as "
            "the name of strategies[0] (the same letters, written otherwise): reports and tune "
            "cannot tell the two apart; rename one\n") in err, err


def test_a_name_padded_with_spaces_is_warned_of(tmp_path, capsys):
    """Audit (stop 65): 'S1' and 'S1 ' (a trailing space) validated as two cards of the same
    look, without a word."""
    data = sample_data()
    data["strategies"][1]["name"] = "Cavalry Charge "
    code, path, err = _validate(tmp_path, capsys, data)
    assert code == 0
    assert (f"warroom: warning: {path}: card 'Cavalry Charge ' (strategies[1]), field name: "
            "the name starts or ends with a space, which no reader of a report or `tune` "
            "sees: write it without\n") in err, err


def test_a_missing_soldier_line_names_its_unit(tmp_path, capsys):
    """Audit (stop 65): leaving out the pikemen line said "a 72-card starter deck has 30
    soldiers, this one 26", without the unit that was missing."""
    data = sample_data()
    del data["soldiers"][1]
    code, path, err = _validate(tmp_path, capsys, data)
    assert code == 2
    assert err == (f"warroom: error: {path}: a 72-card starter deck has 30 soldiers, this one "
                   "26: no pikemen (the deck list allots 4)\n")


@pytest.mark.parametrize("royal, found", [
    ("king", "found 2 kings and no queen: 'The King' (king), 'The Queen' (king)"),
    (None, "found 1 king and no queen: 'The King' (king)"),
])
def test_the_royals_error_says_what_it_found(tmp_path, capsys, royal, found):
    """Audit (stop 65): "the champions must include exactly one king and one queen" did not
    say what the deck had."""
    data = sample_data()
    data["champions"][1]["royal"] = royal
    if royal is None:
        del data["champions"][1]["royal"]
    code, path, err = _validate(tmp_path, capsys, data)
    assert code == 2
    assert err == (f"warroom: error: {path}: the champions must include exactly one king and "
                   f"one queen; {found}\n")


def _set(data: dict, section: str, index: int, key: str, value) -> None:
    data[section][index][key] = value


def _rename(data: dict, where: tuple, old: str, new: str) -> None:
    mapping = data
    for part in where:
        mapping = mapping[part]
    mapping[new] = mapping.pop(old)


@pytest.mark.parametrize("change, problem", [
    (lambda d: _set(d, "strategies", 0, "effects", "losses"),
     "card 'Cavalry Charge' (strategies[0]), field effects: Input should be a list, got "
     "'losses'"),
    (lambda d: _rename(d, ("strategies", 0, "effects", 1), "ranks", "rank"),
     "card 'Cavalry Charge' (strategies[0]), field effects[1].rank: unknown field 'rank' "
     "(did you mean 'ranks'?)"),
    (lambda d: _rename(d, ("strategies", 0, "effects", 0), "kind", "kin"),
     "card 'Cavalry Charge' (strategies[0]), field effects[0].kin: unknown field 'kin' "
     "(did you mean 'kind'?)"),
    (lambda d: _rename(d, ("strategies", 0), "flavour", "flavor"),
     "card 'Cavalry Charge' (strategies[0]), field flavor: unknown field 'flavor' (did you "
     "mean 'flavour'?)"),
    (lambda d: _rename(d, (), "chance", "chanse"),
     "field chanse: unknown field 'chanse' (did you mean 'chance'?)"),
])
def test_yaml_mistakes_are_said_in_the_authors_words(tmp_path, capsys, change, problem):
    """Audit (stop 65): `effects: losses` said "Input should be a valid tuple" (the author
    wrote YAML); a typo'd key ('rank' for 'ranks', 'flavor' for 'flavour', a top-level
    'chanse') led with "ranks: Field required (and 1 more problem, ...)" or "Extra inputs
    are not permitted", with no hint of the key meant."""
    data = sample_data()
    change(data)
    code, path, err = _validate(tmp_path, capsys, data)
    assert code == 2
    assert err == f"warroom: error: {path}: {problem}\n"


class _Side(BaseModel):
    model_config = ConfigDict(extra="forbid")
    infantry: int
    cavalry: int = 0


class _Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sides: list[_Side]


def test_every_games_data_files_name_the_typo_before_the_missing_field():
    """Audit (stop 65): the shared data-file error line (`first_problem`, every game's
    loader) led with "sides.0.infantry: Field required (and 1 more problem, at
    sides.0.infantri)" for a typo'd key: it now names the typo first, with the field meant,
    and says nothing more of the missing field it explains."""
    data = {"sides": [{"infantri": 3}]}
    with pytest.raises(ValidationError) as info:
        _Scenario.model_validate(data)
    assert first_problem(info.value, data) == (
        "sides.0.infantri", "unknown field 'infantri' (did you mean 'infantry'?)")


def _empowered(data: dict, percent: int) -> dict:
    data["champions"][2]["effects"] = [{"kind": "empower", "turns": 3, "percent": percent}]
    return data


def test_an_empower_that_rounds_up_far_past_its_percent_is_warned_of(tmp_path, capsys):
    """Audit (stop 65): an empower of 1 % read "your strategies cause 1% more losses", but
    rounded up it turns a strategy's loss of 1 card of a unit into 2 (+100 %); `cards
    validate` said nothing. The sample deck's 50 % is no such surprise."""
    code, path, err = _validate(tmp_path, capsys, _empowered(sample_data(), 1))
    assert code == 0
    assert err == (f"warroom: warning: {path}: card 'Marshal of the Field' (champions[2]), "
                   "field effects[0].percent: an empower of 1% rounds up: a loss of 1 card of "
                   "a unit (strategy 'Volley of Arrows', strategies[1].effects[2]) becomes 2, "
                   "100% more, not 1%\n")
    assert _validate(tmp_path, capsys, _empowered(sample_data(), 50)) == (0, path, "")


def test_a_deck_that_inflicts_no_losses_is_warned_of(tmp_path, capsys):
    """Audit (stop 65): a deck none of whose cards can inflict losses on the opponent
    validated without a word; every battle of two such decks ends at the round limit."""
    data = sample_data()
    for section in ("strategies", "chance", "words", "champions"):
        for card in data[section]:
            card["effects"] = [e for e in card.get("effects", [])
                               if e["kind"] not in ("losses", "unit_losses")
                               or e.get("target") == "self"]
            if not card["effects"]:
                card["effects"] = [{"kind": "recruit", "ranks": 10}]
    code, path, err = _validate(tmp_path, capsys, data)
    assert code == 0
    assert err == (f"warroom: warning: {path}: no card of the deck inflicts losses on the "
                   "opponent ('losses' or 'unit_losses' with target opponent), so it never "
                   "destroys the enemy army: its battles end by a hostage, the enemy's own "
                   "costs, a truce or the round limit (max_rounds)\n")
    assert load_deck(path).name == "Sample starter deck"  # it still loads and plays
