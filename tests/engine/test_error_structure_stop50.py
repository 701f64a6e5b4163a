"""Audit (stop 50): an error carries its structure (`DataError.where` and `.problem`, the
option a Config's check refused) instead of it being read back from the message's text."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from click.testing import CliRunner

import warroom.games.viktory_battles as viktory_battles_package
from warroom.cli import cli
from warroom.engine import ConfigError, DataError, make_config
from warroom.games import get_game
from warroom.games.viktory.scenario import scenario_path

SAMPLE_CARDS = Path(viktory_battles_package.__file__).parent / "data" / "sample-deck.yaml"


def _refused(game: str, values: dict) -> ConfigError | DataError:
    """The error `make_config` raises for `values` of `game` (options as a command line's
    text or a client's JSON)."""
    config_cls = get_game(game).Config
    with pytest.raises((ConfigError, DataError)) as caught:
        make_config(config_cls, values, game)
    return caught.value


# (game, values, the option the lobby marks, the message's start): every check a game's
# Config makes itself (beyond the bounds of its types).
CASES = [
    # a message naming a second option (players) and an option name that is a word
    ("battle", {"teams": "alliance", "players": 2}, "teams",
     "teams are played by four or six players (option 'teams'=alliance, players=2)"),
    ("battle", {"teams": "alliance", "players": 4, "team_size": 3}, "team_size",
     "option 'team_size' must be 2 or 3 and divide the players (4), got 3"),
    ("battle", {"first_player": 2}, "first_player",
     "option 'first_player' must be -1 (random) or a seat from 0 to 1, got 2"),
    ("battle", {"deck_mode": "constructed", "constructed_size": 53}, "constructed_size",
     "option 'constructed_size' must be 1 to 52 without jokers (54 with jokers=true), got 53"),
    # about packs and pack_size together: packs
    ("battle", {"deck_mode": "draft", "packs": 4}, "packs",
     "packs x pack_size (60) must not exceed one deck per player (52 cards)"),
    ("battle", {"deck_mode": "sealed", "limited_size": 53}, "limited_size",
     "option 'limited_size' must be 1 to 52 (the cards each player has to build from)"),
    # names deck_mode too
    ("battle", {"deck1": "sample"}, "deck1",
     "option 'deck1' is a constructed deck list; it needs deck_mode=constructed"),
    ("battle", {"deck_mode": "constructed", "deck3": "sample"}, "deck3",
     "option 'deck3': there is no seat 3 with 2 players"),
    # a deck list's own errors (a ConfigError of its cards, a DataError of its file)
    ("battle", {"deck_mode": "constructed", "deck0": "10H,XX"}, "deck0",
     "option 'deck0' card 2: 'XX' is not a card"),
    ("battle", {"deck_mode": "constructed", "deck0": "Joker,10H"}, "deck0",
     "option 'deck0' card 1: a Joker needs the option jokers=true"),
    ("battle", {"deck_mode": "constructed", "deck0": "10H,10H"}, "deck0",
     "option 'deck0' card 2: 10♥ is already in the deck"),
    ("battle", {"deck_mode": "constructed", "deck1": "nosuch"}, "deck1",
     "deck list 'nosuch': no such file, and not a shipped deck list"),
    ("champions", {"players": 3}, "players",
     "the three-player variation is mentioned by the rule text but never described"),
    # about the three pools together: the first of them
    ("kow", {"pool_red": 0, "pool_white": 0, "pool_blue": 0}, "pool_red",
     "the dice pool must hold at least one die"),
    ("kow", {"min_dice": 5}, "min_dice", "options must satisfy 1 <= min_dice <= max_dice <= 8"),
    ("kow", {"min_dice": 3, "pool_red": 1, "pool_white": 1, "pool_blue": 0}, "min_dice",
     "min_dice=3 is more than the whole dice pool (2 dice)"),
    # names max_rounds: the faces are what has no swords
    ("kow", {"pool_red": 0, "white_faces": "0,0", "blue_faces": "0"}, "white_faces",
     "no die of the pool has a face with swords, so no round can be won: give one some "
     "swords, or set max_rounds"),
    ("viktory", {"attackers": "2x"}, "attackers",
     "option 'attackers': hex side '2x' must look like 2i1c, 1i1c@frigate or 0"),
    ("viktory", {"attackers": "1i,1i,1i,1i,1i,1i,1i"}, "attackers",
     "option 'attackers' needs 1 to 6 hex sides"),
    ("viktory", {"defenders": "99i"}, "defenders",
     "option 'defenders': at most"),
    ("viktory", {"defender_reserve": "1f"}, "defender_reserve",
     "option 'defender_reserve': a reserve holds land units only (i, c, a)"),
    ("viktory", {"bombard": "1i"}, "bombard",
     "option 'bombard': only artillery (a) and frigates (f) bombard"),
    ("viktory", {"attackers": "1i,1i", "attacker_reserves": "1i,1i,1i"}, "attacker_reserves",
     "option 'attacker_reserves' needs one entry per hex side (2), got 3"),
    # names attacker_reserves too: attackers is the one given
    ("viktory", {"scenario": "reserves", "attackers": "1i,1i,1i,1i,1i"}, "attackers",
     "option 'attackers' changes the number of hex sides: give 'attacker_reserves' too"),
    ("viktory", {"terrain": "water"}, "terrain",
     "option 'terrain' (terrain of the battle the options make): a naval battle (water)"),
    ("viktory", {"defenders": "0", "settlement": "none"}, "defenders",
     "option 'defenders' (defender.units of the battle the options make): an empty hex"),
    # a scenario's field: the option that sets it, when given
    ("viktory", {"scenario": "naval", "defenders": "0"}, "defenders", ""),
    ("viktory", {"scenario": "naval", "settlement": "town"}, "settlement", ""),
    ("viktory", {"scenario": "nosuch"}, "scenario",
     "scenario 'nosuch': no such file, and not a shipped scenario"),
    ("viktory", {"mode": "cards", "deck": "nosuch"}, "deck",
     "card file 'nosuch': no such file, and not a shipped card file (sample)"),
    ("viktory-ii", {"radius": 1}, "radius",
     "option 'radius' must be from 2 to 10 (or 0: by player count)"),
    ("viktory-ii", {"mix": "0,0,0,0,1"}, "mix",
     "option 'mix' needs at least one land weight above 0"),
    ("viktory-ii", {"capitals": 3}, "capitals",
     "option 'capitals' must be 0 (every capital) or 2, got 3"),
    # names players too
    ("viktory-ii", {"radius": 2, "players": 6}, "radius",
     "option 'radius': a map of radius 2 is too small for 6 players' starting hexes"),
    ("viktory-ii", {"map": "duel", "players": 3}, "players", ""),
    ("viktory-ii", {"map": "duel", "radius": 5}, "radius", ""),
    ("viktory-ii", {"map": "nosuch"}, "map", "map 'nosuch': no such file"),
    ("viktory-ii", {"mode": "cards", "deck": "nosuch"}, "deck", "card file 'nosuch': "),
    # names grand_tournament_winner's rule
    ("word-iron", {"realm_size": 8, "grand_tournament_winner": 0}, "realm_size",
     "option 'realm_size' must leave the realm 1 to 8 of the 8 resources"),
    ("word-iron", {"deck1": "nosuch"}, "deck1", "deck 'nosuch': no such file"),
]


@pytest.mark.parametrize(("game", "values", "option", "message"), CASES,
                         ids=[f"{c[0]}-{c[2]}-{i}" for i, c in enumerate(CASES)])
def test_each_config_check_names_the_option_it_refuses(game, values, option, message):
    """Audit (stop 50): each check of a game's Config carries the option the lobby marks,
    whatever else its message names; the message is as it was."""
    exc = _refused(game, values)
    assert exc.option == option, str(exc)
    assert str(exc).startswith(message)


def test_a_scenario_field_the_options_do_not_set_is_the_scenarios_error(tmp_path):
    """Audit (stop 50): a scenario file whose battle is refused, no option setting the field,
    is an error of the scenario option, said at the file and its field."""
    scenario = tmp_path / "s.yaml"
    naval = scenario_path("naval")
    scenario.write_text(naval.read_text().replace("terrain: water",
                                                  "terrain: water\nsettlement: town"))
    exc = _refused("viktory", {"scenario": str(scenario)})
    assert isinstance(exc, DataError) and exc.option == "scenario"
    assert (exc.where, exc.problem) == (f"{scenario}: field settlement",
                                        "a water hex has no town or city")


def test_a_bad_deck_file_is_its_deck_options_error(tmp_path):
    """Audit (stop 50): a deck file that does not validate is an error of the option that
    names it (word-iron's deck0 and deck1, viktory's deck)."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: word-iron\nname: x\nsoldiers: []\n")
    exc = _refused("word-iron", {"deck0": str(bad)})
    assert exc.option == "deck0" and exc.where == f"{bad}: field resources"
    cards = tmp_path / "cards.yaml"
    cards.write_text(SAMPLE_CARDS.read_text().replace("kind: attack", "kind: bogus", 1))
    exc = _refused("viktory", {"mode": "cards", "deck": str(cards)})
    assert exc.option == "deck" and exc.where == f"{cards}: card A01: field kind"


def test_a_data_error_keeps_its_line_and_says_where_and_what():
    """Audit (stop 50): `DataError(problem, where=...)` is the one line "WHERE: PROBLEM" it
    was, with both parts kept apart (a problem or a path holding ': ' too), across a process
    boundary as well; `but` changes where or the option, not the problem."""
    exc = DataError("got 'a: b'", "deck", where="x: y.yaml: card A01")
    assert str(exc) == "x: y.yaml: card A01: got 'a: b'"
    assert (exc.where, exc.problem, exc.option) == ("x: y.yaml: card A01", "got 'a: b'", "deck")
    back = pickle.loads(pickle.dumps(exc))
    assert (str(back), back.where, back.problem, back.option) == \
        (str(exc), exc.where, exc.problem, exc.option)
    assert str(DataError("no place")) == "no place" and DataError("no place").where is None
    moved = exc.but(where="deck.yaml")
    assert (str(moved), moved.option) == ("deck.yaml: got 'a: b'", "deck")
    assert exc.but(option=None).option is None and str(exc.but(option=None)) == str(exc)


@pytest.mark.parametrize(("old", "new", "field", "problem"), [
    ("terrain: plains}", "terrain: plains, effect: 'no: such'}", "card A01: field effect",
     "Input should be 'secrecy', 'plus_one_mp', 'reversal_of_fortune', 'mud', "
     "'ignore_terrain' or 'reinforcements', got 'no: such'"),
    ("kind: attack", "kind: 'a: b'", "card A01: field kind",
     "Input should be 'attack', 'counter' or 'attack_counter', got 'a: b'"),
])
def test_cards_validate_json_splits_where_from_a_problem_holding_a_colon(tmp_path, old, new,
                                                                         field, problem):
    """Audit (stop 50): `cards validate --json` gives the error's where and problem as the
    loader said them, not a split of its line at its last ': ' (which a value quoted in the
    problem, or a folder's name, may hold too)."""
    folder = tmp_path / "a: b"
    folder.mkdir()
    path = folder / "cards.yaml"
    path.write_text(SAMPLE_CARDS.read_text().replace(old, new, 1))
    result = CliRunner().invoke(cli, ["cards", "validate", str(path), "--json"])
    assert result.exit_code != 0
    shown = json.loads(result.stdout.splitlines()[0])
    [error] = shown["errors"]
    assert error == {"where": f"{path}: {field}", "problem": problem,
                     "message": f"{path}: {field}: {problem}"}


def test_cards_validate_json_of_a_file_that_does_not_read_says_where(tmp_path):
    """Audit (stop 50): a file that is no YAML mapping, in a folder named with ': ': where is
    the file."""
    folder = tmp_path / "x: y"
    folder.mkdir()
    path = folder / "deck.yaml"
    path.write_text("game: viktory\n- a: b\n")
    result = CliRunner().invoke(cli, ["cards", "validate", str(path), "--json"])
    [error] = json.loads(result.stdout.splitlines()[0])["errors"]
    assert error["where"] == str(path) and error["problem"].startswith("not valid YAML")
