"""Audit (stop 55), a person playing Battle at the terminal: the final table listed the
attack groups without the blocks just declared, and the table named the seats "P0" where
every other game's says "Player 0"."""

from __future__ import annotations

import re

from warroom.agents import HeuristicAgent
from warroom.engine import PlayerView
from warroom.engine.data import TEXT_WIDTH
from warroom.games import get_game

GAME = get_game("battle")


def _played(seed: int, options: dict | None = None):
    state = GAME.new_state(GAME.config(options or {}), seed)
    agents = [HeuristicAgent(GAME, seed * 10 + p) for p in range(state.num_players)]
    while not state.is_terminal():
        mover = state.to_move()[0]
        state.apply(mover, agents[mover].act(PlayerView(state, mover, GAME)))
    return state


def test_the_final_table_shows_the_blocks_of_the_last_attack_step():
    """Audit (stop 55): `warroom play battle --players heuristic,heuristic --seed 5` ends as
    player 1 blocks group 1 with 5♥ and the unblocked hit takes its castle: the player
    leaves, its soldiers (the blocker too) to the discard pile, and the last table listed
    "Group 1: P0's 8♥ -> P1" bare, as if nobody had blocked. It shows the block declared
    (from the public log: the state drops a leaving player's blockers)."""
    state = _played(5)
    log = state.observation(None)["log"]
    turn = max(i for i, e in enumerate(log) if e["event"] == "turn")
    blocks = [e for e in log[turn:] if e["event"] == "block"]
    assert blocks and state.outcome() is not None
    for viewer in (None, 0, 1):
        text = GAME.render(state.observation(viewer), viewer)
        for e in blocks:
            group = next(line for line in text.splitlines()
                         if line.strip().startswith(f"Group {e['group'] + 1}:"))
            assert "blocked by " in group and f"[P{e['player']}]" in group, text
        assert "Group 1: Player 0's 8♥ -> Player 1  blocked by 5♥[P1]" in text, text
        assert "Group 2: Player 0's 7♦ -> Player 1\n" in text, text  # not blocked


def test_the_blocks_of_games_that_end_in_combat_or_hits_are_not_doubled():
    """Audit (stop 55): the blocks added back at the end are those the end took off, once:
    over many games (two and three players) each group's blockers in the last table are the
    last attack step's blocks, none twice, and no line is wider than the table."""
    for seed in range(12):
        state = _played(seed, {"players": str(2 + seed % 2)})
        obs = state.observation(None)
        text = GAME.render(obs, None)
        assert all(len(line) <= TEXT_WIDTH for line in text.splitlines()), text
        log = obs["log"]
        turn = max(i for i, e in enumerate(log) if e["event"] == "turn")
        declared = {(e["group"], e["player"], e["card"]) for e in log[turn:]
                    if e["event"] == "block"}
        for g, group in enumerate(obs["groups"]):
            tags = re.findall(r"\[P(\d)\]", text.split(f"Group {g + 1}: ")[1].split("\n")[0]) \
                if len(obs["groups"]) <= 4 else []
            out = {(g, p, c) for (gg, p, c) in declared if gg == g and obs["seats"][p]["out"]}
            if len(obs["groups"]) <= 4 and len({a[0] for a in group["attackers"]}) <= 1:
                assert len(tags) == len(group["blockers"]) + len(out), (seed, text)


def test_the_table_names_the_seats_player_n():
    """Audit (stop 55): Battle's table said "to move: You (P0)", "P1 [X....] hand 3",
    "Group 1: P1's K♣ -> P0", "Winner: P1" where every other game's table says "Player 1".
    It says "Player N" ("Player 0 (you)"); only a card's tag ("9♠[P1]"), a run-on line of
    five or more groups and a line of three or more discard piles keep "P1", for room."""
    state = _played(5)
    for viewer in (None, 0, 1):
        text = GAME.render(state.observation(viewer), viewer)
        assert not re.search(r"\bP\d\b(?!\])", text), text
        assert ("Winner: you" if viewer == 0 else "Winner: player 0") in text, text
        assert re.search(r"^ +Player 1 ", text, re.M), text
        assert all(len(line) <= TEXT_WIDTH for line in text.splitlines()), text
    assert "Player 0 (you) [" in GAME.render(state.observation(0), 0)
    mid = GAME.new_state(GAME.config({}), 5)
    mid.apply(mid.to_move()[0], mid.legal_actions(mid.to_move()[0])[0])
    text = GAME.render(mid.observation(1), 1)
    assert "to move: Player" in text and "P0" not in text and "P1" not in text, text
