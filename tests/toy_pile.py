"""The least a game can be, as a module of its own: two players take one or two stones in
turn, the last one wins; no heuristic, no text view. The tests that register a game package
or an entry point write its source under a name of theirs (`toy_pile_source`)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from warroom.engine import Game, Outcome, State

NAME = "toy-pile"
CONFORMANCE_CONFIGS = [{}, {"stones": 3}]


@dataclass(frozen=True)
class Take:
    count: int

    @property
    def label(self):
        return f"take {self.count}"


@dataclass(frozen=True)
class Config:
    stones: int = 5


class Pile(State):
    def __init__(self, config, seed):
        super().__init__(2, random.Random(seed))
        self.stones, self.turn = config.stones, 0

    def to_move(self):
        return (self.turn % 2,) if self.stones else ()

    def _legal_actions(self, player):
        return [Take(n) for n in (1, 2) if n <= self.stones]

    def _apply(self, player, action):
        self.stones -= action.count
        self.turn += 1
        self.event("take", player=player, count=action.count)

    def is_terminal(self):
        return not self.stones

    def outcome(self):
        if self.stones:
            return None
        w = (self.turn - 1) % 2
        return Outcome((w,), tuple(float(p == w) for p in (0, 1)), "took the last stone")

    def observation(self, player):
        self.check_viewer(player)
        return {"stones": self.stones, "turn": self.turn, "log": self.visible_log(player)}

    def clone(self):
        new = Pile.__new__(Pile)
        self._copy_base(new)
        new.stones, new.turn = self.stones, self.turn
        return new

    def determinize(self, player, rng):
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))
        return new


class PileGame(Game):
    name = NAME
    title = "A pile of stones"
    Config = Config
    actions = (Take,)

    def new_state(self, config, seed):
        return Pile(config, seed)


GAME = PileGame()


def toy_pile_source(name: str) -> str:
    """This module's source, its game called `name`: a package's `__init__.py` or an entry
    point's module."""
    text = Path(__file__).read_text()
    return text.replace(f'NAME = "{NAME}"', f"NAME = {name!r}", 1)
