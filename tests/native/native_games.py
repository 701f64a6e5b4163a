"""A game's seeds played down to one digest each, for comparing its compiled rules with the
interpreted ones: test_native_games.py runs this script twice, with and without the compiled
build (WARROOM_NATIVE), and compares what the two print.

A game's digest covers the legal actions at every decision, its record, outcome and every
seat's (and a spectator's) final observation, and, every few decisions, a clone, a
determinisation for the player to move (its observation, legal actions and resampled hidden
zones) and a pickled copy. Even seeds take the checked path (`apply`, the log written), odd
seeds the fast path of simulation and search (`apply_trusted`, the log off and rebuilt).
Every conformance config of the game is played.

    python native_games.py GAME RANDOM_SEEDS HEURISTIC_SEEDS    # prints JSON
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import pickle
import random
import sys
from typing import Any

from warroom import native
from warroom.agents import HeuristicAgent
from warroom.engine import Game, PlayerView, Record
from warroom.games import get_game

COPY_EVERY = 7  # decisions between the copies checked (a pickled copy: every fourth time)

BATTLE_ZONES = tuple("session." + z for z in (
    "defender", "attacker", "reserve", "dreserve", "joined", "lost", "round", "wave", "queue",
    "decision", "verdict", "finished", "events", "plays"))

# Per game: the state's attributes digested for its copies, first of all the zones a
# determinisation resamples (with the log off, the copies' observations are not compared).
ZONES = {
    "battle": ("draw", "discard", "hands", "pool", "building", "side", "cur", "packs",
               "undealt", "soldiers"),
    "word-iron": ("piles", "aside", "seen", "discard", "champions", "field", "realm",
                  "benefits", "skips", "pending", "round"),
    # The battle's zones are its session's (the shared resolver, compiled for both games).
    "viktory": ("pool", "towns", "cities", "own", "steps", "over", "redraws", *BATTLE_ZONES),
    "viktory-ii": ("pool", "board", "bag", "terrain", "explored", "memory", "seen_counts",
                   "onboard", "phase", "player", "round", "queue", "uc", "uf", "ug", "uh",
                   "um", "uo", "us", "ut", *BATTLE_ZONES),
}


def _zone(state: Any, path: str) -> Any:
    """The attribute at a dotted path (None past an attribute that is None)."""
    value = state
    for name in path.split("."):
        value = None if value is None else getattr(value, name)
    return value


def _dump(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, default=repr).encode()


def _package(game: Game) -> str:
    """The package of the game's rules (warroom.games.battle, ...)."""
    return type(game).__module__


def game_digest(game: Game, values: dict[str, Any], seed: int, heuristic: bool) -> str:
    zones = ZONES[game.name]
    config = game.config(values)
    state = game.new_state(config, seed)
    record = Record.start(game, config, seed)
    rng = random.Random(seed)
    agents = [HeuristicAgent(game, seed * 10 + p) for p in range(state.num_players)]
    trusted = seed % 2 == 1
    if trusted:
        state.stop_log(start=functools.partial(game.new_state, config, seed))
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
            digest.update(repr([[[_zone(c, z) for z in zones],
                                 None if trusted else c.observation(player)]
                                for c in copies]).encode())
            digest.update(repr(det.legal_actions(player)).encode())
        if heuristic:
            action = agents[player].act(PlayerView(state, player, game))
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


def digests(game: Game, random_seeds: int, heuristic_seeds: int) -> dict[str, str]:
    """Per game played (config, players, seed): its digest."""
    out = {}
    for values in importlib.import_module(_package(game)).CONFORMANCE_CONFIGS:
        for heuristic, seeds in ((False, random_seeds), (True, heuristic_seeds)):
            for seed in range(seeds):
                key = f"{json.dumps(values, sort_keys=True)} " \
                      f"{'heuristic' if heuristic else 'random'} seed={seed}"
                out[key] = game_digest(game, values, seed, heuristic)
    return out


if __name__ == "__main__":
    name, n_random, n_heuristic = sys.argv[1], *map(int, sys.argv[2:4])
    game = get_game(name)
    print(json.dumps({"compiled": native.compiled_modules("warroom.games"),
                      "digests": digests(game, n_random, n_heuristic)}))
