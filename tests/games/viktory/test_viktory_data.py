"""Card files and scenario files: the sample data, and one-line errors naming file, card and
field for everything malformed."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml
from viktory_helpers import GAME

from warroom.engine import ConfigError, DataError
from warroom.games.viktory.scenario import SCENARIOS
from warroom.games.viktory_battles.cards import SAMPLE_DECK, load_deck

GOOD = {"id": "T1", "name": "Flank Counter", "kind": "counter", "counter": "flank",
        "hits": 1, "misses": 1, "terrain": "forest"}


def write_deck(tmp_path: Path, cards: list, **top) -> str:
    path = tmp_path / "deck.yaml"
    path.write_text(yaml.safe_dump({"game": "viktory", "cards": cards, **top}))
    return str(path)


def load_error(tmp_path: Path, card: dict) -> str:
    with pytest.raises(DataError) as info:
        load_deck(write_deck(tmp_path, [card]))
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(tmp_path))
    return message


# --- the deck ------------------------------------------------------------------------------------
def test_rule_sample_deck_respects_the_stated_mix_of_card_kinds():
    deck = GAME.load_cards(str(SAMPLE_DECK))
    kinds = Counter(c.kind for c in deck.cards)
    assert len(deck.cards) >= 60
    assert kinds == {"attack": 20, "attack_counter": 10, "counter": 30}
    mix = deck.mix()
    assert abs(mix["attack"] - 0.33) < 0.01 and abs(mix["attack_counter"] - 0.16) < 0.01
    assert mix["counter"] == 0.5


def test_ruling_sample_deck_has_every_named_card_kind_and_is_marked_sample():
    deck = load_deck()
    assert deck.sample and SAMPLE_DECK.read_text().startswith("# SAMPLE DATA")
    attacks = {c.attack for c in deck.cards if c.attack}
    counters = {c.counter for c in deck.cards if c.counter}
    effects = {c.effect for c in deck.cards}
    assert attacks == {"regular", "surprise"}
    assert counters == {"flank", "frontal", "surprise"}
    assert {"reversal_of_fortune", "mud", "ignore_terrain", "secrecy", "plus_one_mp",
            "reinforcements"} <= effects
    assert any(c.special_event for c in deck.cards)
    reinforcements = [c for c in deck.cards if c.effect == "reinforcements"]
    assert len(reinforcements) == 2 and all(c.special_event for c in reinforcements)
    assert len({c.terrain for c in deck.cards}) == 5


def test_rule_each_card_shows_hits_misses_and_text(tmp_path):
    card = {k: v for k, v in GOOD.items() if k != "hits"}
    assert "card T1: field hits: Field required" in load_error(tmp_path, card)
    listing = GAME.show_cards(load_deck())
    assert "Blocks all hits of the card it answers" in listing  # the card text
    assert "SAMPLE DATA" in listing and "Attack 33 %" in listing


def test_rule_each_card_has_one_terrain(tmp_path):
    missing = {k: v for k, v in GOOD.items() if k != "terrain"}
    assert "card T1: field terrain" in load_error(tmp_path, missing)
    assert "card T1: field terrain" in load_error(tmp_path, {**GOOD, "terrain": ["forest",
                                                                                  "plains"]})
    assert "card T1: field terrain" in load_error(tmp_path, {**GOOD, "terrain": "swamp"})


def test_rule_cards_with_incomplete_names_are_not_played(tmp_path):
    assert "card T1: field name" in load_error(tmp_path, {**GOOD, "name": ""})


@pytest.mark.parametrize("change, where", [
    ({"kind": "attack", "counter": None, "attack": "regular", "misses": 2}, "misses"),
    ({"attack": "regular"}, "'attack'"),
    ({"hits": 9}, "field hits"),
    ({"effect": "secrecy"}, "Attack card text"),
    ({"effect": "mud"}, "special_event"),
    ({"effect": "reinforcements"}, "needs 'special_event: true'"),
    ({"special_event": True}, "needs effect mud, ignore_terrain or reinforcements"),
    ({"colour": "red"}, "field colour: Extra inputs are not permitted"),
    ({"id": "has space"}, "field id"),
])
def test_card_errors_name_the_file_the_card_and_the_field(tmp_path, change, where):
    card = {k: v for k, v in {**GOOD, **change}.items() if v is not None}
    message = load_error(tmp_path, card)
    assert where in message and "card " in message


def test_a_special_event_card_error_says_which_half_is_missing(tmp_path):
    """Audit (stop 63; left at stop 62): a mud card without the flag said "'special_event:
    true' goes with effect mud, ignore_terrain or reinforcements", which reads as if the flag
    were the fault: each direction says what the card lacks."""
    card = {**GOOD, "kind": "attack", "attack": "regular", "misses": 0, "effect": "mud"}
    card.pop("counter")
    message = load_error(tmp_path, card)
    assert message.endswith("effect mud is a Special Event: it needs 'special_event: true'")


def test_deck_file_errors_are_one_line(tmp_path):
    with pytest.raises(DataError, match="duplicate card id 'T1'"):
        load_deck(write_deck(tmp_path, [GOOD, GOOD]))
    with pytest.raises(DataError, match="field game"):
        load_deck(write_deck(tmp_path, [GOOD], game="kow"))
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: viktory\ncards: [\n")
    with pytest.raises(DataError, match=r"not valid YAML \(line"):
        load_deck(str(bad))
    missing = r"card file '.*missing.yaml': no such file, and not a shipped card file \(sample\)"
    with pytest.raises(DataError, match=missing):
        load_deck(str(tmp_path / "missing.yaml"))
    with pytest.raises(DataError, match=missing):
        GAME.config({"mode": "cards", "deck": str(tmp_path / "missing.yaml")})


def test_cards_command_validates_and_shows_the_sample_deck(capsys):
    from warroom.cli import main

    assert main(["cards", "validate", str(SAMPLE_DECK)]) == 0
    assert "valid viktory card file" in capsys.readouterr().out
    assert main(["cards", "show", str(SAMPLE_DECK)]) == 0
    assert "Reversal of Fortune" in capsys.readouterr().out


# --- scenarios -----------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(p.stem for p in SCENARIOS.glob("*.yaml")))
def test_bundled_scenarios_load_in_every_mode(name):
    for mode in ("dice", "cards", "hybrid"):
        config = GAME.config({"scenario": name, "mode": mode})
        assert config.battle.name
        assert GAME.new_state(config, 1).observation(0)["scenario"] == config.battle.name


def write_scenario(tmp_path: Path, data: object) -> str:
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(data) if not isinstance(data, str) else data)
    return str(path)


MINIMAL = {"terrain": "forest", "attacker": {"sides": [{"infantry": 2}]},
           "defender": {"units": {"infantry": 1}}}


def test_a_scenario_file_sets_the_battle_and_options_override_it(tmp_path):
    path = write_scenario(tmp_path, MINIMAL)
    battle = GAME.config({"scenario": path}).battle
    assert (battle.terrain, battle.settlement, battle.sides, battle.defender) == \
        ("forest", "none", ((2, 0, 0, 0),), (1, 0, 0, 0))
    over = GAME.config({"scenario": path, "settlement": "city", "defenders": "2i1a",
                        "attackers": "1i,1c@frigate", "bombard": "1a1f"}).battle
    assert over.settlement == "city" and over.defender == (2, 0, 1, 0)
    assert over.sides == ((1, 0, 0, 0), (0, 1, 0, 0)) and over.sources == ("land", "frigate")
    assert over.bombard == (1, 1)


def test_a_scenario_gives_reserves_per_hex_side_and_to_the_defender(tmp_path):
    data = {**MINIMAL, "attacker": {"sides": [{"infantry": 2, "reserve": {"artillery": 1}},
                                              {"reserve": {"cavalry": 2}}]},
            "defender": {"units": {"infantry": 1}, "reserve": {"infantry": 1}}}
    battle = GAME.config({"scenario": write_scenario(tmp_path, data)}).battle
    assert battle.sides == ((2, 0, 0, 0), (0, 0, 0, 0))
    assert battle.reserves == ((0, 0, 1, 0), (0, 2, 0, 0))
    assert battle.defender_reserve == (1, 0, 0, 0)
    over = GAME.config({"scenario": write_scenario(tmp_path, data), "attacker_reserves": "1i,1c",
                        "defender_reserve": "0"}).battle
    assert over.reserves == ((1, 0, 0, 0), (0, 1, 0, 0)) and over.defender_reserve == (0,) * 4


@pytest.mark.parametrize("data, where", [
    ({**MINIMAL, "terrain": "swamp"}, "field terrain"),
    ({**MINIMAL, "weather": "rain"}, "field weather"),
    ({**MINIMAL, "attacker": {"sides": []}}, "field attacker.sides"),
    ({**MINIMAL, "attacker": {"sides": [{"infantry": -1}]}}, "field attacker.sides.0.infantry"),
    ({**MINIMAL, "defender": {"units": {"infantry": 1}, "hand": "five"}}, "field defender.hand"),
    ({k: v for k, v in MINIMAL.items() if k != "defender"}, "field defender"),
    ({**MINIMAL, "terrain": "water"}, "field terrain: a naval battle"),
    ({**MINIMAL, "attacker": {"sides": [{"infantry": 4, "source": "frigate"}]}},
     "at most 3 units"),
    ({**MINIMAL, "defender": {"units": {}}}, "an empty hex without a town or city"),
    ({**MINIMAL, "attacker": {"sides": [{"infantry": 1, "reserve": {"frigate": 1}}]}},
     "field attacker.sides.0.reserve.frigate: Extra inputs are not permitted"),
    ({**MINIMAL, "attacker": {"sides": [{"infantry": 1, "reserve": {"cavalry": -2}}]}},
     "field attacker.sides.0.reserve.cavalry"),
    ({**MINIMAL, "defender": {"units": {"infantry": 1}, "reserve": {"infantry": "x"}}},
     "field defender.reserve.infantry"),
    ({**MINIMAL, "attacker": {"sides": [{"reserve": {"infantry": 2}}]}},
     "at least one unit committed in the first wave"),
    ({**MINIMAL, "attacker": {"sides": [{"infantry": 1}, {}]}},
     "field attacker.sides.1: a hex side with no units"),
    ({**MINIMAL, "attacker": {"sides": [{"infantry": 2, "source": "frigate",
                                         "reserve": {"infantry": 2}}]}}, "at most 3 units"),
    ({"terrain": "water", "attacker": {"sides": [{"frigate": 1, "reserve": {"infantry": 1}}]},
      "defender": {"units": {"frigate": 1}}}, "no land reserves"),
    ("terrain: [forest\n", "not valid YAML"),
    ("- just\n- a list\n", "a scenario must be a mapping"),
])
def test_scenario_errors_name_the_file_and_the_field(tmp_path, data, where):
    path = write_scenario(tmp_path, data)
    with pytest.raises(DataError) as info:
        GAME.config({"scenario": path})
    message = str(info.value)
    assert message.startswith(path) and where in message and "\n" not in message


@pytest.mark.parametrize("values, where", [
    ({"scenario": "no-such-battle"}, "scenario 'no-such-battle': no such file, and not a "
                                     "shipped scenario ("),
    ({"defenders": "2x"}, "option 'defenders'"),
    ({"attackers": "1i,1i,1i,1i,1i,1i,1i"}, "1 to 6 hex sides"),
    ({"attackers": "1i@boat"}, "option 'attackers'"),
    ({"bombard": "1i"}, "only artillery (a) and frigates (f) bombard"),
    ({"mode": "chess"}, "option 'mode' must be one of dice, cards, hybrid"),
    ({"hand_limit": "-1"}, "hand_limit"),
    ({"attacker_hand": "99"}, "attacker_hand"),
])
def test_bad_options_are_one_line_errors(values, where):
    with pytest.raises((ConfigError, DataError)) as info:
        GAME.config(values)
    assert where in str(info.value) and "\n" not in str(info.value)
