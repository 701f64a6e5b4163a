"""Kings of War Battle Deck at the terminal, for a beginner (audit, stop 59): the log says
which dice defeated a card, and `?` says how to read the table."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

from warroom.agents.human import HumanAgent
from warroom.engine.view import PlayerView
from warroom.games.kow import GAME
from warroom.games.kow.actions import Defeat


def test_the_log_says_which_dice_defeated_a_card():
    """Audit (stop 59): the log said "Player 1 defeats 4♣" without the dice. The `defeat`
    event holds the dice (their places in the roll; not their swords: the event is as it
    was), and the log now names them by the numbers the table and the choices give them
    ("#2"), which the roll's line gives them too; each die's swords are on that line."""
    defeats = 0
    for seed in range(3):
        state = GAME.new_state(GAME.config({}), seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = state.to_move()[0]
            action = GAME.heuristic(state, p, rng)
            before = len(state.observation(None)["log"])
            state.apply(p, action)
            log = state.observation(None)["log"]
            for e in log[before:]:
                if e["event"] != "defeat":
                    continue
                assert type(action) is Defeat and e["dice"] == list(action.dice)
                roll = next(x for x in reversed(log[:before]) if x["event"] == "roll")
                rolled = GAME.describe_event(roll)
                line = GAME.describe_event(e)
                numbers = [f"#{i + 1}" for i in action.dice]
                which = "die" if len(numbers) == 1 else "dice"
                assert line.endswith(f" with {which} {' + '.join(numbers)}"), line
                # the numbers are the label's, and the roll's line gives each its swords
                assert re.findall(r"#\d+", action.label) == numbers
                for i, swords in zip(action.dice, action.swords):
                    assert f"#{i + 1} {roll['dice'][i][0]}:{swords}" in rolled, rolled
                defeats += 1
    assert defeats > 50
    line = GAME.describe_event({"event": "defeat", "player": 1, "card": "4C", "dice": [1, 2, 3]})
    assert line == "Player 1 defeats 4♣ with dice #2 + #3 + #4"
    line = GAME.describe_event({"event": "roll", "player": 1,
                                "dice": [["red", 0], ["red", 1], ["white", 1], ["white", 2]]})
    assert line == "Player 1 rolls #1 red:0, #2 red:1, #3 white:1, #4 white:2"


def test_help_says_how_to_read_the_pools_the_used_dice_and_the_tie_break():
    """Audit (stop 59): `?` gave the rules summary alone; the table's pools ("R4 W3 B2"),
    its colours, "--", the rolled dice's "*" and the round's tie-break "fewer cards" were
    not explained. `help_notes` explains them, from the view alone: every view's notes are
    the same but for the seat they name."""
    state = GAME.new_state(GAME.config({}), 1)
    notes = GAME.help_notes(state.observation(0), 0)
    for term in ("'pool R4 W3 B2'", "red, white, blue", "'chosen (hidden)'", "'*' marks a die",
                 "'fewer cards': the player who defeated fewer cards", "'--' marks a place",
                 "'[RED  ]' or '[BLACK]'", "(you are player 0)"):
        assert term in notes, term
    seen = set()
    rng = random.Random(0)
    while not state.is_terminal() and len(seen) < 400:
        for viewer in (0, 1, None):
            seen.add(GAME.help_notes(state.observation(viewer), viewer)
                     .replace(f" (you are player {viewer})", ""))
        p = state.to_move()[0]
        state.apply(p, GAME.heuristic(state, p, rng))
    assert len(seen) == 1
    out = io.StringIO()
    state = GAME.new_state(GAME.config({}), 1)
    person = HumanAgent(GAME, 0, stdin=io.StringIO("?\n1\n"),
                        console=Console(file=out, width=80, height=24, color_system=None))
    person.act(PlayerView(state, 0, GAME))
    screen = " ".join(out.getvalue().split())
    assert "How to read the table" in screen and "'pool R4 W3 B2': the dice left" in screen
