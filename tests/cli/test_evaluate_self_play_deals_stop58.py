"""Audit (stop 58): `warroom evaluate word-iron --players random,random --games 40 --seed 1`
always came out 50 % (wins 10, losses 10): a game and its twin share a deal with the seats
swapped, and agents are seeded by seat, so a SPEC against itself played every game twice,
credited once to each, and the interval counted 40 games where 20 were played. A player
against itself now plays every game on a deal of its own."""

from __future__ import annotations

import json

import pytest

from warroom.cli import main
from warroom.cli.evaluate import round_robin_jobs
from warroom.engine import derive_seed


def game_seeds(jobs) -> list[int]:
    """The seed each job's game is played with (as `play_one` derives it)."""
    return [derive_seed(job.spec.seed, "game", job.index) for job in jobs]


@pytest.mark.parametrize("players", [["random", "random"],
                                     ["mcts:iters=5:c=1", "mcts:c=1:iters=5"]])
def test_a_player_against_itself_plays_every_game_on_a_deal_of_its_own(players):
    """Audit (stop 58): 40 games of a SPEC against itself (written in any order of its
    parameters) are 40 deals, not 20 played twice."""
    jobs = round_robin_jobs("word-iron", {}, players, 2, games=40, seed=1)
    assert len(set(game_seeds(jobs))) == 40


def test_distinct_players_still_play_twins_on_one_deal():
    """Audit (stop 58): evaluate's twins keep their meaning for two different players."""
    jobs = round_robin_jobs("word-iron", {}, ["random", "heuristic"], 2, games=40, seed=1)
    assert len(set(game_seeds(jobs))) == 20


def test_a_self_play_table_counts_distinct_games(capsys):
    """Audit (stop 58): the user's table: wins no longer mirror losses game for game."""
    assert main(["evaluate", "word-iron", "--players", "random,random", "--games", "40",
                 "--seed", "1", "--json"]) == 0
    (pairing,) = json.loads(capsys.readouterr().out)["pairings"]
    assert pairing["games"] == 40
    assert pairing["a_wins"] != pairing["b_wins"]
