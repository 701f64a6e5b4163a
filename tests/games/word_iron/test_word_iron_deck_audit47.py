"""Audit (stop 47): Word & Iron deck files. A name is one card in the whole deck, a duplicate
name is refused with both places, and pydantic's problems read as one clear line each."""

from __future__ import annotations

from warroom.cli import main
from word_iron_decks import deck, error_of

UNITS = ("'spearmen', 'pikemen', 'archers', 'heavy_infantry', 'men_at_arms', 'light_cavalry', "
         "'knighted_heavy_cavalry' or 'royal_guards'")


def test_a_name_in_two_sections_is_refused_naming_both_places(tmp_path, capsys):
    """Audit (stop 47): a resource renamed 'Pike Square' (a strategy's name) was valid; then
    card analytics merged the two cards (41 of 42 counted) and `tune` said "2 entries are
    named 'Pike Square'; name one by its id" of entries that have no id. One line names both
    places."""
    path = deck(tmp_path, lambda d: d["resources"][2].update(name="Pike Square"))
    message = ("two cards are both named 'Pike Square' (resources[2] and strategies[4]); "
               "every card needs a name of its own")
    assert error_of(path) == f"{path}: {message}"
    assert main(["cards", "validate", path]) == 2
    assert capsys.readouterr().err == f"warroom: error: {path}: {message}\n"


def test_a_soldiers_name_is_a_cards_name_too(tmp_path):
    """Audit (stop 47): a named soldier is addressed by its name as well ('deck0:NAME.ranks'),
    so a card of another section may not share it."""
    path = deck(tmp_path, lambda d: d["champions"][3].update(name="Pikemen"))
    assert error_of(path).endswith(": two cards are both named 'Pikemen' (soldiers[1] and "
                                   "champions[3]); every card needs a name of its own")


def test_two_cards_of_one_section_named_alike_are_both_placed(tmp_path):
    """Audit (stop 47): "two resources cards are both named 'Great Forest'" said no index,
    where every other error names the card's place (resources[2])."""
    path = deck(tmp_path, lambda d: d["resources"][2].update(name="Great Forest"))
    assert error_of(path) == (f"{path}: two resource cards are both named 'Great Forest' "
                              "(resources[2] and resources[3]); every card needs a name of "
                              "its own")


def test_an_unknown_effect_kind_says_so_and_lists_the_kinds(tmp_path):
    """Audit (stop 47): an unknown effect kind gave pydantic's text "Input tag 'explode'
    found using 'kind' does not match any of the expected tags", at effects[2]."""
    path = deck(tmp_path, lambda d: d["strategies"][1]["effects"][2].update(kind="explode"))
    assert error_of(path) == (
        f"{path}: card 'Volley of Arrows' (strategies[1]), field effects[2].kind: unknown kind "
        "'explode'; kinds are: losses, unit_losses, cost, recruit, protect, restore, empower, "
        "capture, skip_draw, extra_draw")


def test_an_effect_without_a_kind_says_the_kind_is_missing(tmp_path):
    """Audit (stop 47): an effect without 'kind' said "Unable to extract tag using
    discriminator 'kind'" at effects[2]; the missing field is effects[2].kind."""
    path = deck(tmp_path, lambda d: d["strategies"][1]["effects"][2].pop("kind"))
    assert error_of(path).endswith(
        "card 'Volley of Arrows' (strategies[1]), field effects[2].kind: Field required")


def test_a_second_problem_is_placed_not_hidden(tmp_path):
    """Audit (stop 47): a mistyped unit gave "... field effects[2].unit: Input should be
    'spearmen', ... (and 1 more problem)", the other problem shown nowhere; the line now says
    where it is, and what the mistyped value was."""
    def change(data):
        data["strategies"][1]["effects"][2].update(unit="pikeman", count=0)
    path = deck(tmp_path, change)
    assert error_of(path) == (
        f"{path}: card 'Volley of Arrows' (strategies[1]), field effects[2].unit: Input should "
        f"be {UNITS}, got 'pikeman' (and 1 more problem: strategies[1].effects[2].count: "
        "Input should be greater than or equal to 1)")  # (what is wrong there too: stop 71)


def test_many_other_problems_are_counted_and_the_first_few_placed(tmp_path):
    """Audit (stop 47): several problems beyond the first were only counted; the line places
    three of them and counts all."""
    def change(data):
        for i in range(5):
            data["strategies"][i]["effects"][0].update(count=0)
    message = error_of(deck(tmp_path, change))
    assert message.endswith(
        "field effects[0].count: Input should be greater than or equal to 1 (and 4 more "
        "problems: strategies[1].effects[0].count: Input should be greater than or equal to "
        "1; strategies[2].effects[0].count: Input should be greater than or equal to 1; "
        "strategies[3].effects[0].count: Input should be greater than or equal to 1; ...)")
