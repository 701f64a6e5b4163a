"""Every seat's observation vector and action mask, at every step of a few seeded random games
of each game and conformance config, hashed into one digest per config. encoding_digests.json
pins them (test_encoding_digests.py, and tests/native for the compiled encodings), so that a
change made for speed is proven to leave the numbers exactly as they were.

The games are played through the environments' table (the fast path: observers, remembered
indices, unchecked applies); the random player picks among the mask's indices in index order,
so the games played do not depend on the order of the rules' legal actions either.

    python tests/envs/encoding_digests.py            # prints the digests, and which encodings
                                                     # ran compiled, as JSON
    python tests/envs/encoding_digests.py --pin      # rewrites encoding_digests.json
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

import numpy as np

if __name__ == "__main__":  # run as a script: game_cases is in tests/, beside this folder
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game_cases import built_in_games, conformance_configs  # noqa: E402
from warroom import native  # noqa: E402
from warroom.engine import config_to_json  # noqa: E402
from warroom.envs.table import Table  # noqa: E402
from warroom.games import REGISTRY  # noqa: E402

PINNED = Path(__file__).with_suffix(".json")
SEEDS = {"viktory": 10}  # games per config: 3, or more where games are a few decisions long
# Long games are cut short: the first decisions of each are enough to cover every piece.
MAX_STEPS = {"viktory-ii": 400}


# Configs beyond the conformance suite's (kow lists none of its own).
EXTRA = {"kow": [{"victories_to_win": 2, "pool_red": 2, "max_dice": 3},
                 {"max_dice": 6, "pool_blue": 4, "pool_white": 5}]}


def configs(game: str) -> list[dict]:
    return [*conformance_configs(game), *EXTRA.get(game, [])]


def games() -> list[str]:
    """The games pinned here: warroom's own (src/warroom/games); a game registered from
    outside the repository pins its own digests, if it wants them, in its own package."""
    return sorted(built_in_games())


def label(game: str, values: dict) -> str:
    return " ".join([game, *(f"{k}={','.join(v) if isinstance(v, list | tuple) else v}"
                             for k, v in sorted(values.items()))])


def options(game: str, values: dict) -> dict:
    config = REGISTRY[game].config(values)
    return {k: tuple(v) if isinstance(v, list) else v for k, v in config_to_json(config).items()}


def digest(game: str, values: dict) -> str:
    """The digest of every seat's observation and mask at every step of a few games."""
    table = Table(game, options(game, values))
    h = hashlib.sha256()
    limit = MAX_STEPS.get(game)
    for seed in range(SEEDS.get(game, 3)):
        rng = random.Random(seed)
        table.reset(seed)
        steps = 0
        while True:
            mover = table.to_move()
            h.update(repr((seed, steps, mover)).encode())
            for p in range(table.players):
                seen = table.observe(p)
                h.update(seen["observation"].tobytes())
                h.update(seen["action_mask"].tobytes())
            if mover is None or steps == limit:
                break
            legal = np.flatnonzero(table.mask(mover))
            table.apply(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return h.hexdigest()


def digests(games: list[str]) -> dict[str, str]:
    return {label(g, v): digest(g, v) for g in games for v in configs(g)}


def pinned() -> dict[str, str]:
    return json.loads(PINNED.read_text())


if __name__ == "__main__":
    found = digests(games())
    if sys.argv[1:] == ["--pin"]:
        PINNED.write_text(json.dumps(found, indent=1, sort_keys=True) + "\n")
    else:
        print(json.dumps({"digests": found, "compiled": [
            m for m in native.compiled_modules("warroom.games") if m.endswith(".encode")]}))
