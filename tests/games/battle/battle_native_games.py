"""Battle games played down to one digest each, for comparing the compiled rules with the
interpreted ones: test_battle_native.py runs this script twice, with and without the
compiled build (WARROOM_NATIVE), and compares what the two print.

A game's digest covers the legal actions at every decision, its record, outcome and every
seat's (and a spectator's) final observation, and, every few decisions, a clone, a
determinisation for the player to move (its observation, legal actions and resampled hidden
zones) and a pickled copy. Even seeds take the checked path (`apply`, the log written), odd
seeds the fast path of simulation and search (`apply_trusted`, the log off and rebuilt).

    python battle_native_games.py RANDOM_SEEDS HEURISTIC_SEEDS    # prints JSON
"""

from __future__ import annotations

import functools
import hashlib
import json
import pickle
import random
import sys
from typing import Any

from warroom import native
from warroom.agents import HeuristicAgent
from warroom.engine import PlayerView, Record
from warroom.games.battle import CONFORMANCE_CONFIGS, GAME

COPY_EVERY = 7  # decisions between the copies checked (a pickled copy: every fourth time)


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=repr).encode()


def _zones(state: Any) -> list[Any]:
    return [state.draw, state.discard, state.hands, state.pool, state.building, state.side,
            state.cur, state.packs, state.undealt, state.soldiers]


def game_digest(values: dict[str, Any], seed: int, heuristic: bool) -> str:
    config = GAME.config(values)
    state = GAME.new_state(config, seed)
    record = Record.start(GAME, config, seed)
    rng = random.Random(seed)
    agents = [HeuristicAgent(GAME, seed * 10 + p) for p in range(state.num_players)]
    trusted = seed % 2 == 1
    if trusted:
        state.stop_log(start=functools.partial(GAME.new_state, config, seed))
    apply = state.apply_trusted if trusted else state.apply
    digest = hashlib.sha256()
    step = 0
    while not state.is_terminal():
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        digest.update(repr((player, actions)).encode())
        if step % COPY_EVERY == 0:
            # With the log off, an observation replays the game from its start to rebuild the
            # log (and a determinisation has none): those copies compare their zones only.
            det = state.determinize(player, random.Random(seed * 7919 + step))
            copies = [state.clone(), det]
            if step % (4 * COPY_EVERY) == 0:
                copies.append(pickle.loads(pickle.dumps(state)))
            digest.update(repr([[_zones(c), None if trusted else c.observation(player)]
                                for c in copies]).encode())
            digest.update(repr(det.legal_actions(player)).encode())
        if heuristic:
            action = agents[player].act(PlayerView(state, player, GAME))
        else:
            action = actions[rng.randrange(len(actions))]
        apply(player, action)
        record.add(player, action)
        step += 1
    outcome = state.outcome()
    assert outcome is not None
    digest.update(_dump(record.to_json()))
    digest.update(_dump(outcome.to_json()))
    for seat in [*range(state.num_players), None]:
        digest.update(_dump(state.observation(seat)))
    return digest.hexdigest()


def digests(random_seeds: int, heuristic_seeds: int) -> dict[str, str]:
    """Per game (config, players, seed): its digest; every conformance config of Battle."""
    out = {}
    for values in CONFORMANCE_CONFIGS:
        for heuristic, seeds in ((False, random_seeds), (True, heuristic_seeds)):
            for seed in range(seeds):
                key = f"{json.dumps(values, sort_keys=True)} " \
                      f"{'heuristic' if heuristic else 'random'} seed={seed}"
                out[key] = game_digest(values, seed, heuristic)
    return out


if __name__ == "__main__":
    n_random, n_heuristic = map(int, sys.argv[1:3])
    print(json.dumps({"compiled": native.compiled_modules("warroom.games.battle"),
                      "digests": digests(n_random, n_heuristic)}))
