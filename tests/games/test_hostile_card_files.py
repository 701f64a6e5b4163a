"""Card and scenario files that validate by shape but would break play: numbers out of all
proportion, wrong exact types, terminal control characters and rich markup in names. Each test
names the defect it pins."""

from __future__ import annotations

import io
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
import yaml
from rich.console import Console

from warroom.agents.human import HumanAgent
from warroom.engine import ConfigError, DataError, PlayerView
from warroom.games import get_game
from warroom.games.viktory.scenario import SCENARIOS
from warroom.games.viktory_battles.cards import SAMPLE_DECK
from warroom.games.viktory_battles.cards import load_deck as load_viktory_deck
from warroom.games.word_iron.deck import DATA_DIR, load_deck

WARROOM = str(Path(sys.executable).parent / "warroom")
ESCAPE = "\x1b]0;owned\x07"  # an OSC sequence: it retitles a terminal window


@cache
def _word_iron_sample() -> str:
    return (DATA_DIR / "sample.yaml").read_text()


def word_iron_deck(tmp_path: Path, change, name: str = "deck.yaml") -> str:
    data = yaml.safe_load(_word_iron_sample())
    change(data)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return str(path)


def first_effect(data: dict, kind: str) -> dict:
    return next(e for section in ("strategies", "chance", "words", "champions")
                for card in data[section] for e in card.get("effects", [])
                if e["kind"] == kind)


def deck_error(path: str) -> str:
    with pytest.raises(DataError) as info:
        load_deck(path)
    message = str(info.value)
    assert "\n" not in message and message.startswith(str(Path(path).resolve()))
    return message


@pytest.mark.parametrize("ranks", [2_000_000, 10**29])
def test_defect_word_iron_recruit_of_millions_of_ranks_is_refused(tmp_path, ranks):
    path = word_iron_deck(tmp_path, lambda d: first_effect(d, "recruit").update(ranks=ranks))
    message = deck_error(path)
    assert "effects[" in message and "ranks" in message and "200" in message


@pytest.mark.parametrize("kind, field, value", [
    ("losses", "ranks", 5000),
    ("empower", "percent", 10**6),
    ("protect", "strategies", 1000),
    ("losses", "ranks", True),  # exact types: a bool is not a number
    ("losses", "ranks", 4.0),
    ("losses", "ranks", "40"),
])
def test_word_iron_effect_numbers_are_bounded_and_exact(tmp_path, kind, field, value):
    path = word_iron_deck(tmp_path, lambda d: first_effect(d, kind).update({field: value}))
    assert field in deck_error(path)


def test_word_iron_soldier_and_resource_ranks_are_bounded(tmp_path):
    path = word_iron_deck(tmp_path, lambda d: d["soldiers"][0].update(ranks=10**9))
    assert "soldiers[0]" in deck_error(path)
    path = word_iron_deck(tmp_path, lambda d: d["resources"][0].update(ranks=10**9), "r.yaml")
    assert "resources[0]" in deck_error(path)


def test_defect_escape_sequences_in_names_never_reach_the_terminal(tmp_path):
    path = word_iron_deck(tmp_path, lambda d: d["strategies"][0].update(name="Siege" + ESCAPE))
    assert "control character" in deck_error(path)
    proc = subprocess.run([WARROOM, "cards", "show", path], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2 and "\x1b" not in proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr and "\\x1b" in proc.stderr


def test_escape_sequences_in_viktory_cards_and_scenarios_are_refused(tmp_path):
    data = yaml.safe_load(SAMPLE_DECK.read_text())
    data["cards"][0]["name"] = "Mud" + ESCAPE
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True))
    with pytest.raises(DataError, match="control character"):
        load_viktory_deck(str(path))
    scenario = yaml.safe_load((SCENARIOS / "reserves.yaml").read_text())
    scenario["name"] = "Reserves" + ESCAPE
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(scenario, allow_unicode=True))
    with pytest.raises(DataError, match="field name: a control character"):
        get_game("viktory").config({"scenario": str(path)})


@pytest.mark.parametrize("field, value", [("hits", True), ("misses", 1.0), ("hits", "2")])
def test_viktory_card_numbers_are_exact_integers(tmp_path, field, value):
    data = yaml.safe_load(SAMPLE_DECK.read_text())
    data["cards"][0][field] = value
    path = tmp_path / "cards.yaml"
    path.write_text(yaml.safe_dump(data))
    with pytest.raises(DataError, match=f"field {field}"):
        load_viktory_deck(str(path))


@pytest.mark.parametrize("change", [
    lambda s: s["attacker"]["sides"][0].update(infantry=True),
    lambda s: s["attacker"]["sides"][0].update(infantry=10**9),
    lambda s: s["defender"].update(towns=2.0),
])
def test_viktory_scenario_numbers_are_exact_and_bounded(tmp_path, change):
    scenario = yaml.safe_load((SCENARIOS / "reserves.yaml").read_text())
    change(scenario)
    path = tmp_path / "scenario.yaml"
    path.write_text(yaml.safe_dump(scenario))
    with pytest.raises(DataError, match="scenario.yaml: field"):
        get_game("viktory").config({"scenario": str(path)})


def test_battle_deck_list_name_with_escapes_is_shown_escaped(tmp_path):
    path = tmp_path / "deck.yaml"
    cards = [f"{r}{s}" for s in "SHDC" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                                 "J")][:40]
    path.write_text(yaml.safe_dump({"game": "battle", "name": "Mine" + ESCAPE, "cards": cards}))
    with pytest.raises(DataError, match="control character"):
        get_game("battle").load_cards(str(path))


# --- rich markup in names ------------------------------------------------------------------

def test_defect_markup_in_a_card_name_prints_literally_at_the_table(tmp_path):
    """`[/red]` in a name crashed the terminal table (rich MarkupError); now every display
    escapes game text, so the name prints as written."""
    def mark(data):
        for resource in data["resources"]:
            resource["name"] = "[/red]" + resource["name"]
        data["strategies"][0]["name"] = "[bold]Siege[/]"

    path = word_iron_deck(tmp_path, mark)
    game = get_game("word-iron")
    state = game.new_state(game.config({"deck0": path, "deck1": path}), 3)
    out = io.StringIO()
    agent = HumanAgent(game, 0, stdin=io.StringIO("[/red]\n1\n"),
                       console=Console(file=out, width=120, highlight=False))
    view = PlayerView(state, state.to_move()[0], game)
    agent.act(view)  # the table shows the realm's resources by name
    assert "#1 [/red]" in out.getvalue()
    # The person's own typing is shown escaped too.
    assert "'[/red]' is not a legal action here" in out.getvalue()


def test_markup_in_a_card_name_shows_literally_in_cards_show(tmp_path):
    path = word_iron_deck(tmp_path, lambda d: d["strategies"][0].update(name="[/red]Siege"))
    proc = subprocess.run([WARROOM, "cards", "show", path], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "[/red]Siege" in proc.stdout


def test_markup_in_a_player_spec_does_not_break_the_summary_table(tmp_path):
    from warroom.cli.simulate import _print_summary

    summary = {"games": 2, "players": ["random:x=[/red]", "random"], "wins": [1, 1],
               "draws": 0, "win_rate": [0.5, 0.5], "ci95": [[0.1, 0.9], [0.1, 0.9]],
               "seat_win_rate": [{"successes": 1, "trials": 2, "rate": 0.5,
                                  "ci95": [0.1, 0.9]}] * 2,
               "mean_length": 3.0, "reasons": {"won [/i]": 1, "turn limit": 1}}
    _print_summary("Title [/b]", 1, 0, summary, tmp_path / "x.sqlite")


# --- bounds keep every game playable -------------------------------------------------------

@pytest.mark.parametrize("name, values", [
    ("kow", {"victories_to_win": "20", "red_faces": "0,0,0,0,0,1", "white_faces": "0",
             "blue_faces": "0", "pool_white": "0", "pool_blue": "0"}),
    ("battle", {"hits_to_lose": "20", "hand_size": "1", "max_rounds": "0"}),
    ("champions", {"max_turns": "5000", "hand_size": "26"}),
    ("viktory", {"mode": "cards", "attackers": ",".join(["30i30c30a"] * 6),
                 "defenders": "30i30c30a", "max_rounds": "1000", "attacker_hand": "30"}),
])
def test_options_at_their_bounds_still_make_a_game_that_ends(name, values):
    from warroom.agents import make_agents
    from warroom.engine import play_game

    game = get_game(name)
    config = game.config(values)
    agents = make_agents(["random"] * game.num_players(config), game, 1)
    assert play_game(game, config, 1, agents, keep_record=False).outcome is not None


def test_word_iron_deck_at_its_bounds_makes_a_heuristic_game_that_ends(tmp_path):
    from warroom.agents import make_agents
    from warroom.engine import play_game

    def strongest(data):
        for soldier in data["soldiers"]:
            soldier["ranks"] = 100
        for resource in data["resources"]:
            resource.update(ranks=200, uses=4)
        for section in ("strategies", "chance", "words", "champions"):
            for card in data[section]:
                for effect in card.get("effects", []):
                    if effect["kind"] == "recruit":
                        effect["ranks"] = 200

    path = word_iron_deck(tmp_path, strongest)
    game = get_game("word-iron")
    config = game.config({"deck0": path, "deck1": path})
    result = play_game(game, config, 1, make_agents(["heuristic"] * 2, game, 1),
                       keep_record=False)
    assert result.outcome is not None and result.decisions < 5000


def test_card_file_is_never_changed_by_validation(tmp_path):
    path = word_iron_deck(tmp_path, lambda d: first_effect(d, "recruit").update(ranks=10**29))
    before = Path(path).read_bytes()
    with pytest.raises(DataError):
        load_deck(path)
    with pytest.raises((DataError, ConfigError)):
        get_game("word-iron").config({"deck0": path})
    assert Path(path).read_bytes() == before
