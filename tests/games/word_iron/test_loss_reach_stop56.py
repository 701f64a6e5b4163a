"""Audit (stop 56): Word & Iron losses in ranks of power past what a loss can take. A loss takes
one card of each unit at most, highest first (rule 8): 190 ranks of power with the deck list's
soldiers, 150 below royal guards; any number above that takes the same cards, yet a losses
field allows up to 1000. `warroom cards validate` warns of such a number (exit 0), naming the
card, the field and the number above which nothing changes."""

from __future__ import annotations

import json
from typing import Any

import yaml

from warroom.cli import main
from warroom.games.word_iron import GAME
from warroom.games.word_iron.deck import DATA_DIR, Deck, loss_reach, loss_warnings

SHIELD = "card 'Shield Wall Advance' (strategies[2]), field effects[1].ranks: "


def sample() -> dict[str, Any]:
    return yaml.safe_load((DATA_DIR / "sample.yaml").read_text())


def write(tmp_path, data: dict[str, Any], name: str = "deck.yaml") -> str:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return str(path)


def test_validate_warns_of_losses_past_what_a_loss_can_take(tmp_path, capsys):
    """Audit (stop 56): `deck0:Shield Wall Advance.losses.ranks=20..400` sat on a flat stretch
    in three trials of four: losses of 400 ranks and of 190 take the same cards, and
    `warroom cards validate` said the deck was fine, with no warning."""
    data = sample()
    data["strategies"][2]["effects"][1]["ranks"] = 400
    path = write(tmp_path, data)
    assert main(["cards", "validate", path]) == 0
    out, err = capsys.readouterr()
    assert "valid word-iron card file" in out
    assert err.splitlines() == [
        f"warroom: warning: {path}: {SHIELD}losses of 400 ranks of power, but one card of "
        "each unit, all a loss takes (rule 8), is 190 ranks of power with an opponent of this "
        "deck's soldiers or of the deck list's, whichever is more: any number above 190 takes "
        "the same cards"]
    assert main(["cards", "validate", path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["warnings"] == [err.splitlines()[0].split(
        f"{path}: ", 1)[1]]


def test_the_reach_is_the_decks_own_ranks_below_the_unit_named():
    """Audit (stop 56): the reach is worked out from the file's own soldier ranks and the
    effect's `below`; a cost in ranks is a loss too. 190 and 150 themselves are no warning
    (a deck may write the whole reach to mean one card of each)."""
    data = sample()
    data["soldiers"][7]["ranks"] = 100  # royal guards of 100: one of each is 250
    data["strategies"][0]["effects"][1]["ranks"] = 150  # Cavalry Charge, below royal guards
    data["strategies"][2]["effects"][1]["ranks"] = 250  # Shield Wall Advance
    data["strategies"][5]["effects"] = [{"kind": "cost", "ranks": 151,
                                         "below": "royal_guards"}]  # Storm the Lines
    data["chance"][0]["effects"] = [{"kind": "losses", "ranks": 26, "below": "archers",
                                     "target": "self"}]  # Plague in the Camp: 10 + 15
    deck = Deck.model_validate(data)
    assert loss_reach(deck, None) == 250 and loss_reach(deck, "royal_guards") == 150
    assert loss_reach(deck, "archers") == 25 and loss_reach(deck, "spearmen") == 0
    lines = loss_warnings(deck)
    assert [line.split(":")[0] for line in lines] == [
        "card 'Storm the Lines' (strategies[5]), field effects[0].ranks",
        "card 'Plague in the Camp' (chance[0]), field effects[0].ranks"]
    assert lines[0].endswith("a cost of 151 ranks of power below royal guards, but one card "
                             "of each unit below royal guards, all a loss takes (rule 8), is "
                             "150 ranks of power with this deck's soldiers: any number above "
                             "150 takes the same cards")
    assert "losses of 26 ranks of power below archers" in lines[1] and "above 25 " in lines[1]


def test_losses_below_the_lowest_unit_say_the_number_changes_nothing():
    """Audit (stop 56): below spearmen no unit is under the one named: a card falls only when
    spearmen are all that is left, one whatever the number."""
    data = sample()
    data["chance"][0]["effects"] = [{"kind": "losses", "ranks": 5, "below": "spearmen"}]
    lines = loss_warnings(Deck.model_validate(data))
    assert lines == ["card 'Plague in the Camp' (chance[0]), field effects[0].ranks: losses of "
                     "5 ranks of power below spearmen, but no unit is below spearmen: one card "
                     "of spearmen falls when they are the only unit left, whatever the number"]


def test_the_shipped_decks_ask_no_more_than_a_loss_can_take_and_the_game_warns_of_it():
    """Audit (stop 56): the shipped decks draw no warning; the game's `card_warnings` (what
    `validate`, `play` and `simulate` print) holds the new lines after a fighting champion's."""
    for name in ("sample", "raiders"):
        assert GAME.card_warnings(GAME.load_cards(str(DATA_DIR / f"{name}.yaml"))) == []
    data = sample()
    data["strategies"][2]["effects"][1]["ranks"] = 191
    data["champions"][2]["effects"] = [{"kind": "losses", "ranks": 40}]
    warnings = GAME.card_warnings(Deck.model_validate(data))
    assert len(warnings) == 2 and "no champion partakes" in warnings[0]
    assert warnings[1].startswith(SHIELD + "losses of 191 ranks of power")


def test_losses_on_the_opponent_reach_an_army_of_the_deck_lists_ranks_too():
    """Audit (stop 56): a deck of weak soldiers (every unit 5 ranks of power: 35 below royal
    guards) was told of Cavalry Charge's "80 below royal guards" that any number above 35
    takes the same cards, in a run against the sample, whose soldiers make it 150: losses on
    the opponent reach the larger of this deck's army and the deck list's. A cost, or losses
    on `self`, fall on this deck's own army, as before."""
    data = sample()
    for soldier in data["soldiers"]:
        soldier["ranks"] = 5
    data["chance"][0]["effects"] = [{"kind": "losses", "ranks": 80, "below": "royal_guards",
                                     "target": "self"}]  # Plague in the Camp
    lines = loss_warnings(Deck.model_validate(data))
    assert [line.split(":")[0] for line in lines] == [
        "card 'Plague in the Camp' (chance[0]), field effects[0].ranks"]
    assert "is 35 ranks of power with this deck's soldiers" in lines[0]
    assert loss_reach(None, "royal_guards") == 150 and loss_reach(None, None) == 190
