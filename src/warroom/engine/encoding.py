"""A game's numeric view, for learning code: a fixed action index and an observation vector.

A game that wants to be used by the research environments (`warroom.envs`: PettingZoo,
Gymnasium, OpenSpiel) returns an `Encoding` from `Game.encoding(config)`. One Encoding serves
one config, because sizes depend on it (seats, decks, hex sides). It gives:

- the action index: `keys`, every action key the config can ever make legal, in a fixed order
  (index i is `keys[i]`). `key(action, player)` names a legal action by what the deciding
  player chose, leaving out what the decision point already fixes (the card a Place puts down,
  the swords of a Defeat's dice), so the index stays small and fixed; two legal actions of one
  decision point never share a key.
- the observation: `pieces`, named parts of one flat float32 vector (name, shape, bounds and a
  one-line meaning each, as OpenSpiel's observers do), and `write(state, player, out)`, which
  sets the slots that are not 0 in `out`, a zeroed `array.array("f")` of `size` floats (a
  store into it costs a third of a numpy store, and numpy then reads it without a copy). It
  may read the state directly (that is what keeps it cheap) but only what
  `state.observation(player)` shows: the test suite checks that every determinisation of the
  state for that player encodes the same.

Seats in keys and pieces are relative to the deciding or observing player (offset 0 is that
player, 1 the next seat, ...), so one policy can play every seat.
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from math import prod
from typing import Any

import numpy as np

from .core import State


@dataclass(frozen=True)
class Piece:
    """One named part of an observation vector."""

    name: str
    shape: tuple[int, ...]
    meaning: str
    low: float = 0.0
    high: float = 1.0

    @property
    def size(self) -> int:
        return prod(self.shape)


class Encoding:
    """Base of a game's encoding for one config; subclasses set `pieces` and `keys` in
    `__init__` (then call `_build`) and implement `key` and `write`."""

    pieces: tuple[Piece, ...]
    keys: tuple[Hashable, ...]

    def _build(self, pieces: Iterable[Piece], keys: Iterable[Hashable]) -> None:
        self.pieces = tuple(pieces)
        self.keys = tuple(keys)
        self.index: dict[Hashable, int] = {k: i for i, k in enumerate(self.keys)}
        if len(self.index) != len(self.keys):
            raise ValueError("an encoding's action keys must be distinct")
        self.offsets: dict[str, int] = {}
        at = 0
        for piece in self.pieces:
            if piece.name in self.offsets:
                raise ValueError(f"two observation pieces are named {piece.name!r}")
            self.offsets[piece.name] = at
            at += piece.size
        self.size = at
        self._zeros = array("f", [0.0]) * at
        self._blanks: dict[int, array] = {}  # per seat: zeros and the constant slots
        self.low = np.concatenate(
            [np.full(p.size, p.low, np.float32) for p in self.pieces]) if at else np.zeros(0)
        self.high = np.concatenate(
            [np.full(p.size, p.high, np.float32) for p in self.pieces]) if at else np.zeros(0)

    @property
    def num_actions(self) -> int:
        return len(self.keys)

    # --- to implement -------------------------------------------------------------------------
    def key(self, action: Any, player: int, state: State) -> Hashable:
        """The key (one of `keys`) of a legal action of `player` in `state`."""
        raise NotImplementedError

    def write(self, state: State, player: int, out: array) -> None:
        """Set the slots of `out` (zeroed, `size` floats) that what `player` may know of
        `state` makes not 0."""
        raise NotImplementedError

    def write_constant(self, player: int, out: array) -> None:
        """Optional: set the slots that are the same in every observation of `player` under
        this config (its seat, the rules, the deck's numbers); `write` may then skip them.
        They are written once per seat and copied, which is cheaper."""

    def describe_key(self, key: Hashable) -> str:
        """A short text for an action key, for documentation and debugging."""
        return " ".join(str(k) for k in key) if isinstance(key, tuple) else str(key)

    # --- provided -----------------------------------------------------------------------------
    def encode(self, state: State, player: int) -> np.ndarray:
        """The observation vector of `player` (a new float32 array)."""
        blank = self._blanks.get(player)
        if blank is None:
            blank = self._blanks[player] = self._zeros[:]
            self.write_constant(player, blank)
        out = blank[:]
        self.write(state, player, out)
        return np.frombuffer(out, np.float32)

    def legal(self, state: State, player: int) -> dict[int, Any]:
        """Index -> action for every legal action of `player` (empty when not to move)."""
        index, key = self.index, self.key
        return {index[key(a, player, state)]: a for a in state.legal_actions(player)}

    def piece_table(self) -> str:
        """A Markdown table of the observation's pieces, generated from the code."""
        lines = ["| slots | piece | shape | meaning |", "|---|---|---|---|"]
        for piece in self.pieces:
            start = self.offsets[piece.name]
            shape = " x ".join(map(str, piece.shape))
            span = f"{start}" if piece.size == 1 else f"{start}-{start + piece.size - 1}"
            lines.append(f"| {span} | `{piece.name}` | {shape} | {piece.meaning} |")
        return "\n".join(lines)

    def action_summary(self) -> list[tuple[str, int]]:
        """(kind of key, how many) in index order: the first element of a tuple key names its
        kind, a plain key is its own kind."""
        counts: dict[str, int] = {}
        for k in self.keys:
            kind = str(k[0] if isinstance(k, tuple) else k)
            counts[kind] = counts.get(kind, 0) + 1
        return list(counts.items())
