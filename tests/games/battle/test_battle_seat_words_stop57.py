"""Audit (stop 57): Battle's log and action labels named the seats "P0", "P1" ("P1 goes
first", "P0 attacks P1 with K♥", "choose P1", "K♥ strikes P1's 8♠") and its table ended
"Winner: Player 0", where the other five games say "Player 1 goes first", "... player 1's"
and "Winner: player 0" (Champions, Viktory II). The browser's table rewrites "Player N" and
"player N" into "Seat N" (kit.seatWords); Battle's "P1" it read only through its table
module's SHORT_SEATS, and any page without it (the fallback table) showed "P1". Battle's
texts now name the seats as the others do: "Player N" at the start of a line, "player N"
within one, "you" for the viewer on the Winner line."""

from __future__ import annotations

import random
import re

import pytest

from warroom.games.battle import GAME
from warroom.games.battle.actions import (
    Attack,
    ChooseOpponent,
    Destroy,
    GiveSoldier,
    OwnedAttack,
    OwnedBlock,
    OwnedDestroy,
    OwnedGiveSoldier,
    OwnedSacrifice,
    OwnedStrike,
    Strike,
)

SHORT = re.compile(r"\bP\d+\b")  # "P1": a seat the browser's long form does not read
LONG = re.compile(r"\b[Pp]layer \d+\b")  # kit.js SEAT_LONG: what every table rewrites


def say(event: str, **fields) -> str:
    return GAME.describe_event({"event": event, **fields})


def test_the_log_names_the_seats_player_n_as_the_other_games_do():
    assert say("first", player=1) == "Player 1 goes first"
    assert say("eliminated", player=0) == "Player 0 has lost and leaves the game"
    assert say("deck_built", player=2) == "Player 2 has built a deck"
    assert say("turn", players=[0, 2], round=2, turn=3, drawn=[1, 0]) == \
        "--- Round 2, turn 3: player 0 draws 1; player 2 has nothing to draw ---"
    assert say("draws", player=1, count=2) == "Player 1 draws 2 cards"
    assert say("reshuffle", player=1) == \
        "Player 1's discard pile is shuffled into the draw pile"
    assert say("reshuffle", player=None) == "The discard pile is shuffled into the draw pile"
    assert say("attack", player=0, target=1, card="KH", group=0) == \
        "Player 0 attacks player 1 with K♥ (group 1)"
    assert say("block", player=1, group=0, card="9S") == "Player 1 blocks group 1 with 9♠"
    assert say("hits", player=3, hits=1, total=5, team=1) == \
        "Player 3 takes 1 unblocked hit: team 1's castle has 5 in all"
    assert say("strike", player=0, card="QC", target=1, target_card="8S") == \
        "Player 0's Q♣ (skill 12) strikes player 1's 8♠ down"
    assert say("destroyed", player=1, card="8S") == "Player 1's 8♠ is destroyed"
    assert say("play", player=0, card="7D", court=False) == "Player 0 plays 7♦ as a soldier"
    assert say("special", player=0, card="3S") == \
        "Player 0 uses the special ability of 3♠"
    assert say("victim", player=0, victim=1, card="JK") == "Player 0 chooses player 1 for Joker"
    assert say("gained", player=0, victim=1, card="9H") == \
        "Player 0 gains control of player 1's 9♥"
    # Viktory II's end, the other game of more than two: "Game over: player 0, player 2"
    assert say("game_over", winners=[0, 2], reason="last team standing") == \
        "Game over: player 0, player 2 - last team standing"
    assert say("game_over", winners=[], reason="round limit") == \
        "Game over: nobody (draw) - round limit"


def test_the_action_labels_name_the_seats_player_n():
    assert Attack("KH", 1, 0, True).label == "K♥ attacks player 1 (group 1)"
    assert Attack("4H", 1, 0, False).label == "4♥ joins group 1 against player 1"
    assert Strike("KH", 1, "8S").label == "K♥ strikes player 1's 8♠"
    assert ChooseOpponent(2).label == "choose player 2"
    assert Destroy(1, "9H").label == "destroy player 1's 9♥"
    assert GiveSoldier("9H", 1).label == "give your 9♥ to player 1"
    assert OwnedAttack("9H", 1, 0, True, 0).label == \
        "9♥ (player 0's card) attacks player 1 (group 1)"
    assert OwnedBlock("9H", 0, 1).label == "9♥ (player 1's card) blocks group 1"
    assert OwnedStrike("KH", 0, "9H", 1).label == "K♥ strikes player 0's 9♥ (player 1's card)"
    assert OwnedDestroy(0, "9H", 1).label == "destroy player 0's 9♥ (player 1's card)"
    assert OwnedSacrifice("9H", 1).label == "lose your 9♥ (player 1's card)"
    assert OwnedGiveSoldier("9H", 1, 0).label == "give your 9♥ (player 0's card) to player 1"


def _played(values: dict, seed: int) -> tuple[object, set[str]]:
    """A game played out by random choices, and every label offered along the way."""
    state = GAME.new_state(GAME.config({"hits_to_lose": 2, **values}), seed)
    rng = random.Random(seed)
    labels: set[str] = set()
    while not state.is_terminal():
        for p in state.to_move():
            legal = state.legal_actions(p)
            labels.update(a.label for a in legal)
            state.apply(p, rng.choice(legal))
            break
    return state, labels


@pytest.mark.parametrize("values", [{"players": 4, "teams": "alliance"},
                                    {"players": 4, "teams": "as-one"},
                                    {"deck_mode": "constructed", "jokers": True}],
                         ids=lambda v: ",".join(f"{k}={x}" for k, x in v.items()))
def test_no_log_line_or_label_of_a_whole_game_says_p_n(values):
    """Team games too (alliance: partners side by side, the Winner line names both)."""
    for seed in range(3):
        state, labels = _played(values, seed)
        lines = [GAME.describe_event(e) for p in range(state.num_players)
                 for e in state.observation(p)["log"]]
        for text in [*lines, *labels]:
            assert not SHORT.search(text), (values, seed, text)
        assert any(LONG.search(line) for line in lines)
        assert any(line.endswith("goes first") and LONG.match(line) for line in lines)
        winners = state.observation(None)["outcome"]["winners"]
        end = GAME.render(state.observation(None), None).splitlines()[-1]
        who = " and ".join(f"player {w}" for w in winners) or "nobody (draw)"
        assert end.startswith(f"Winner: {who} - "), (values, seed, end)
        if winners:
            mine = GAME.render(state.observation(winners[0]), winners[0]).splitlines()[-1]
            assert mine.startswith("Winner: you"), (values, seed, mine)
