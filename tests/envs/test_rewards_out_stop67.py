"""The environments' rewards for a seat put out before a draw (stop 67)."""

from __future__ import annotations

import random

import pyspiel

import warroom.envs.openspiel  # noqa: F401 (registers the warroom_ games)
from warroom.engine import Outcome
from warroom.envs.table import Table, rewards
from warroom.games import get_game

OPTIONS = {"players": 3, "max_rounds": 4, "hits_to_lose": 1}


def a_draw_with_a_seat_out(table: Table) -> tuple[frozenset[int], list[float]]:
    """Random games of a three-player Battle until one is drawn with a seat put out: the seats
    out and the rewards."""
    for seed in range(200):
        table.reset(seed)
        rng = random.Random(seed)
        while table.to_move() is not None:
            table.apply(rng.choice(table.legal_indices()))
        outcome = table.live.outcome()
        if outcome.is_draw and table.live.players_out():
            return table.live.players_out(), table.rewards()
    raise AssertionError("no drawn game with a seat out")


def test_a_seat_put_out_before_a_draw_lost():
    """Audit (stop 67): in a Battle of three that ended in a draw at its round limit, the seat
    put out earlier got 0, as the two that drew: every environment told a learner that being
    put out cost nothing. It gets -1 (PettingZoo, Gymnasium and OpenSpiel share `rewards`)."""
    out, got = a_draw_with_a_seat_out(Table("battle", OPTIONS))
    assert got == [-1.0 if p in out else 0.0 for p in range(3)], (out, got)
    game = pyspiel.load_game("warroom_battle(players=3,max_rounds=4,hits_to_lose=1)")
    for seed in range(200):  # OpenSpiel's returns, through the same function
        state, rng = game.new_initial_state(), random.Random(seed)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        out = state.engine.players_out()
        if state.engine.outcome().is_draw and out:
            assert state.returns() == [-1.0 if p in out else 0.0 for p in range(3)]
            return
    raise AssertionError("no drawn game with a seat out")


def test_a_teammate_out_shares_its_teams_draw():
    """In a team game a seat out whose teammate played on to the draw drew with its team;
    a team out whole lost."""
    battle = get_game("battle")
    config = battle.config({"players": 4, "teams": "alliance"})
    draw = Outcome((), (0.0,) * 4, "turn limit: draw")
    teams = battle.team_seats(config)
    one_out = frozenset({teams[0][0]})
    assert rewards(battle, config, draw, 4, one_out) == [0.0] * 4
    gone = rewards(battle, config, draw, 4, frozenset(teams[0]))
    assert gone == [-1.0 if p in teams[0] else 0.0 for p in range(4)]
