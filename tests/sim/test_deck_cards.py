"""The deck lists games give for the cards never drawn (`Game.card_names`)."""

from __future__ import annotations

import pytest

from warroom.agents import RandomAgent
from warroom.cli import main
from warroom.engine import play_game
from warroom.games import REGISTRY


@pytest.mark.parametrize("name, values", [
    ("word-iron", {}), ("word-iron", {"deck1": "raiders"}), ("viktory", {"mode": "cards"}),
    ("viktory", {"mode": "hybrid"}), ("viktory-ii", {"mode": "cards", "turn_limit": 20})])
def test_every_card_the_facts_name_is_in_the_games_deck_list(name, values):
    """A report lists the deck's cards never drawn from the game's list: a card the facts name
    otherwise (Viktory names a card by id and name) would be both drawn and "never drawn"."""
    game = REGISTRY[name]
    config = game.config(values)
    deck = game.card_names(config)
    assert deck and len(deck) == len(set(deck))
    named = set()
    for seed in range(8):
        agents = [RandomAgent(game, 10 * seed + p) for p in range(2)]
        state = play_game(game, config, seed, agents).state
        named |= {card for seat in game.card_events(state).to_json()
                  for cards in seat.values() for card in cards}
    assert named and named <= set(deck)


def test_games_without_a_designers_deck_give_no_list():
    assert REGISTRY["viktory"].card_names(REGISTRY["viktory"].config({})) is None  # dice
    kow = REGISTRY["kow"]
    assert kow.card_names(kow.config({})) is None


def test_simulate_and_report_name_the_cards_never_drawn(tmp_path, capsys):
    """Cards never drawn vanished from the report: a designer looking for dead cards never
    saw the one dead card. In 10 games of Word & Iron some cards are never drawn (under 10
    the list is not given: audit, stop 47)."""
    db = tmp_path / "w.sqlite"
    assert main(["simulate", "word-iron", "--games", "10", "--players", "random,random",
                 "--cards", "--workers", "1", "--db", str(db), "--seed", "1"]) == 0
    line = capsys.readouterr().out.strip().splitlines()[-1]
    assert line.startswith("card outliers: never drawn in 10 games: ")
    assert " of 42 cards in play; perhaps never in a draw pile" in line
    out = tmp_path / "w.md"
    assert main(["report", str(db), "--out", str(out)]) == 0
    assert line in out.read_text()
