"""Counts read as a person writes them: "1 card", not "1 cards" or "unit(s)", in every game's
text view and log (found at the terminal: "discard pile: 1 cards", "1 uses left", "1 defender
unit(s)", "1 deck(s)")."""

from __future__ import annotations

import random
import re

from warroom.games import REGISTRY
from warroom.games.viktory.render import render as viktory_render
from warroom.games.word_iron.render import describe_event as word_iron_event

# a count of one with a plural noun of the games' texts, or a "(s)"
WRONG = re.compile(r"(?<![Pp]layer )\b1 (cards|decks|uses|[a-z]+ units)\b|\(s\)")


def test_no_view_or_log_line_says_one_with_a_plural():
    for name, game in REGISTRY.items():
        for seed in range(3):
            state = game.new_state(game.config({}), seed)
            rng = random.Random(seed)
            for _ in range(600):
                if state.is_terminal():
                    break
                player = state.to_move()[0]
                text = game.render(state.observation(player), player)
                assert not WRONG.search(text), (name, seed, WRONG.search(text)[0])
                actions = state.legal_actions(player)
                state.apply(player, actions[rng.randrange(len(actions))])
            for event in state.observation(None)["log"]:
                line = game.describe_event(event)
                assert not WRONG.search(line), (name, seed, line)


def test_the_counts_random_games_seldom_reach_say_one_as_one():
    assert word_iron_event({"event": "use_resource", "player": 0, "resource": "Iron Mine",
                            "ranks": 50, "uses_left": 1}).endswith("(50 ranks; 1 use left)")
    game = REGISTRY["viktory"]
    state = game.new_state(game.config({}), 1)
    obs = dict(state.observation(0), casualties={"count": 1, "victim": 1,
                                                  "cause": "dice", "chooser": 1})
    assert "Casualties to choose: 1 defender unit (dice)" in viktory_render(obs, 0)


def test_no_card_to_draw_reads_as_words():
    """Viktory's end-of-turn choice read "draw 0 cards"."""
    from warroom.games.viktory_battles.actions import Draw

    assert [Draw(n).label for n in (0, 1, 2)] == ["draw no cards", "draw 1 card", "draw 2 cards"]
