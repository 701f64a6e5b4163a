"""A Battle constructed deck list is its seat's secret ("Deck lists and pools are secret"):
another seat, or a spectator, must not read it while the game is in play, on any channel of
the terminal (`replay --json`, `?`)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from warroom.cli import cli
from warroom.games import REGISTRY

# two 40-card lists, told apart by their ranks: deck0 has no 4-6, deck1 no A-3
DECK0 = [f"{rank}{suit}" for suit in "SHDC"
         for rank in ("A", "2", "3", "7", "8", "9", "10", "J", "Q", "K")]
DECK1 = [f"{rank}{suit}" for suit in "SHDC"
         for rank in ("4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
DECKS = ["--set", "deck_mode=constructed", "--set", "deck0=" + ",".join(DECK0),
         "--set", "deck1=" + ",".join(DECK1)]


def _play(players: str, save: str, typed: str) -> str:
    result = CliRunner().invoke(cli, ["play", "battle", "--players", players, "--seed", "3",
                                      *DECKS, "--save", save], input=typed)
    return result.output


def _replay(save: str, *viewer: str) -> dict:
    result = CliRunner().invoke(cli, ["replay", save, *viewer, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_replay_json_of_a_game_in_play_hides_the_other_seats_deck(tmp_path):
    """Audit (stop 63): `replay mid/bat.json --as 0 --json` of a constructed Battle game in
    play printed all 40 cards of player 1's deck list in `config.deck1`; a spectator's read
    both players' lists."""
    save = str(tmp_path / "bat.json")
    _play("human,random", save, "1\n1\n")
    shown = _replay(save, "--as", "0")
    assert shown["outcome"] is None  # the game is in play
    seat0 = shown["config"]
    assert seat0["deck0"] == DECK0 and seat0["deck1"] == "hidden"
    assert seat0["deck2"] == [] and seat0["deck_mode"] == "constructed"
    spectator = _replay(save)["config"]
    assert spectator["deck0"] == spectator["deck1"] == "hidden"


def test_replay_json_of_a_finished_game_shows_every_deck(tmp_path):
    """Audit (stop 63): once the game is over its record is offered whole, so the replay's
    options hide no deck list from any viewer."""
    save = str(tmp_path / "done.json")
    _play("random,random", save, "")
    for viewer in ((), ("--as", "1")):
        shown = _replay(save, *viewer)
        assert shown["outcome"] is not None
        config = shown["config"]
        assert config["deck0"] == DECK0 and config["deck1"] == DECK1


def test_the_rules_summary_shows_the_persons_own_deck_not_the_ais(tmp_path):
    """Audit (stop 63): `?` at the terminal said "This game is played with ... deck1=4S,5S,..."
    to the person at seat 0: the AI's whole deck list, before its first card was drawn."""
    out = " ".join(_play("human,random", str(tmp_path / "q.json"), "?\n").split())
    assert "This game is played with deck_mode=constructed, deck0=" + ",".join(DECK0) in out
    assert "deck1=hidden (the summary gives the defaults)" in out
    assert ",".join(DECK1[:3]) not in out


def test_only_battles_deck_lists_are_secret():
    """Audit (stop 63): Word & Iron's decks are public (its observation names both and
    gives their card texts), so its options are shown to every viewer as they are."""
    battle, word_iron = REGISTRY["battle"], REGISTRY["word-iron"]
    assert battle.secret_options == {f"deck{seat}": seat for seat in range(8)}
    options = {"deck0": "a.yaml", "deck1": "sample"}
    assert word_iron.options_seen_by(options, None, False) == options
