"""A game's numeric view, for learning code: a fixed action index and an observation vector.

A game that wants to be used by the research environments (`warroom.envs`: PettingZoo,
Gymnasium, OpenSpiel) returns an `Encoding` from `Game.encoding(config)`. One Encoding serves
one config, because sizes depend on it (seats, decks, hex sides). It gives:

- the action index: `keys`, every action key the config can ever make legal, in a fixed order
  (index i is `keys[i]`). `key(action, player, state)` names a legal action by what the
  deciding player chose, leaving out what the decision point already fixes (the card a Place
  puts down, the swords of a Defeat's dice), so the index stays small and fixed; two legal
  actions of one decision point never share a key. `indices` names a whole list of legal
  actions at once; by default it looks up each action's key, and a game may do better in its
  own (every game here does, in compiled code).
- the observation: `pieces`, named parts of one flat float32 vector (name, shape, bounds and a
  one-line meaning each, as OpenSpiel's observers do), written by `write(state, player, out)`,
  or split into `parts`: each `Part` reads one small value off the state (what its slots show
  the player) and writes its slots from that value alone. `encode` writes a new vector from
  scratch; an `Observer` keeps one seat's vector and, at each look, rewrites only the parts
  whose value has changed since its last look (the whole vector, for an encoding without
  parts). That pays where much of what a seat sees stays the same between its looks and
  reading a part costs less than writing it (word-iron; viktory-ii's map, unchanged at 96 %
  of a seat's looks, its units rewritten at each); where nearly every part changes
  between a seat's looks (kow, champions, battle) it saves little or nothing, and a plain
  `write` is simpler. Vectors are `array.array("f")`, written through a memoryview (a store
  into one costs less than into the array, and a third of a numpy store), and numpy reads them
  without a copy. Reads may look at the state directly (that is what keeps them cheap) but
  only at what `state.observation(player)` shows: the test suite checks that every
  determinisation of the state for that player encodes the same.

Seats in keys and pieces are relative to the deciding or observing player (offset 0 is that
player, 1 the next seat, ...), so one policy can play every seat.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass
from math import prod
from typing import Any

import numpy as np

from .core import State

# Slots: a piece's name (all of it), or (name, i): row i of its first dimension.
Slots = str | tuple[str, int]
# The vector `write` fills: a memoryview of an array("f") (its item stores cost a fifth less
# than the array's own), or the array itself; either takes `out[i] = x`, `out[i] += x` and
# `out[a:b] = array("f", ...)`.
Vector = Any
NEVER = object()  # what an observer has seen of a part before its first look


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


@dataclass(frozen=True)
class Part:
    """Slots of the observation written together from one value read off the state.

    `read(state, player)` returns what these slots show `player`: a value that compares equal
    (`==`) exactly when the slots would be written the same. `write(value, player, out)` sets
    the slots that are not 0 (they are all 0 when it is called) from `value` and `player`
    alone. `slots` names them: pieces, or rows of pieces, that no other part writes.

    The value must not change after `read` returns it (numbers, strings, tuples, frozen
    actions), unless `copy` is given: then `read` may return live containers of the state (a
    list the rules go on changing) and an observer keeps `copy(value)`, of the same types, to
    compare the next read with.

    A part whose slots change at nearly every step, or whose value would cost as much to read
    as its slots to write, may have no `read` (None): it is rewritten at every look, and its
    `write` gets the state in place of a value."""

    slots: tuple[Slots, ...]
    read: Callable[[Any, int], Any] | None
    write: Callable[[Any, int, Vector], None]
    copy: Callable[[Any], Any] | None = None


class Encoding:
    """Base of a game's encoding for one config; subclasses set `pieces` and `keys` in
    `__init__` (then call `_build`) and implement `key` and `parts`."""

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
        self._compiled: tuple[tuple[Any, ...], ...] | None = None
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

    def parts(self) -> Sequence[Part]:
        """The parts that write the observation (every slot not written by `write_constant`
        belongs to exactly one), so that an `Observer` rewrites only those that changed. An
        encoding may instead override `write` and return no parts: its observers then rewrite
        the whole vector at every look."""
        return ()

    def write_constant(self, player: int, out: array) -> None:
        """Set the slots that are the same in every observation of `player` under this config
        (its seat, the rules, the deck's numbers); no part writes them. They are written once
        per seat and copied, which is cheaper. By default: a piece named `seat`, if there is
        one, is the player's seat one-hot; an encoding with more constants calls this too."""
        at = self.offsets.get("seat")
        if at is not None:
            out[at + player] = 1.0

    def describe_key(self, key: Hashable) -> str:
        """A short text for an action key, for documentation and debugging."""
        return " ".join(str(k) for k in key) if isinstance(key, tuple) else str(key)

    # --- provided: the observation --------------------------------------------------------
    def slot_range(self, slots: Slots) -> tuple[int, int]:
        """(start, stop) of a piece, or of row i of a piece's first dimension."""
        name, row = (slots, None) if isinstance(slots, str) else slots
        piece = next(p for p in self.pieces if p.name == name)
        start = self.offsets[name]
        if row is None:
            return start, start + piece.size
        width = piece.size // piece.shape[0]
        if not 0 <= row < piece.shape[0]:
            raise ValueError(f"piece {name!r} has no row {row}")
        return start + row * width, start + (row + 1) * width

    def compiled_parts(self) -> tuple[tuple[Any, ...], ...]:
        """Per part: (read, write, copy, ranges to clear as (start, stop, zeros)); checked
        once: no slot belongs to two parts."""
        if self._compiled is None:
            owner: dict[int, int] = {}
            compiled = []
            for n, part in enumerate(self.parts()):
                ranges = sorted(self.slot_range(s) for s in part.slots)
                merged: list[list[int]] = []
                for start, stop in ranges:
                    if merged and merged[-1][1] == start:
                        merged[-1][1] = stop
                    else:
                        merged.append([start, stop])
                    for slot in range(start, stop):
                        if owner.setdefault(slot, n) != n:
                            raise ValueError(f"slot {slot} belongs to two parts of "
                                             f"{type(self).__name__}")
                clears = tuple((a, b, self._zeros[a:b]) for a, b in merged)
                compiled.append((part.read, part.write, part.copy, clears))
            self._compiled = tuple(compiled)
        return self._compiled

    def blank(self, player: int) -> array:
        """A new vector for `player`: zeros, and the constant slots."""
        blank = self._blanks.get(player)
        if blank is None:
            blank = self._blanks[player] = self._zeros[:]
            self.write_constant(player, blank)
        return blank[:]

    def write(self, state: State, player: int, out: Vector) -> None:
        """Set the slots of `out` (a blank vector: `blank(player)`, or a memoryview of one)
        that what `player` may know of `state` makes not 0: every part, written from
        scratch."""
        parts = self.compiled_parts()
        if not parts:
            raise NotImplementedError(f"{type(self).__name__} has neither parts nor write")
        for read, write, _, _ in parts:
            write(state if read is None else read(state, player), player, out)

    def encode(self, state: State, player: int) -> np.ndarray:
        """The observation vector of `player`, written from scratch (a new float32 array)."""
        out = self.blank(player)
        self.write(state, player, memoryview(out))
        return np.frombuffer(out, np.float32)

    def observer(self, player: int) -> Observer:
        """An observer of `player`: its vector, kept up to date across the states it is shown."""
        return Observer(self, player)

    # --- provided: the action index -----------------------------------------------------------
    def indices(self, state: State, player: int, actions: Sequence[Any]) -> list[int]:
        """The index of each of `actions`, legal actions of `player` in `state`, in order:
        each action's key, looked up. A game may override it with a cheaper way to the same
        numbers (every game here does, in its compiled encoding)."""
        index, key = self.index, self.key
        return [index[key(action, player, state)] for action in actions]

    def legal(self, state: State, player: int) -> dict[int, Any]:
        """Index -> action for every legal action of `player` (empty when not to move)."""
        actions = state.legal_actions(player)
        return dict(zip(self.indices(state, player, actions), actions))

    # --- documentation ------------------------------------------------------------------------
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


class Observer:
    """One seat's observation vector, kept up to date from look to look.

    `look(state)` reads every part of the encoding and rewrites the slots of those whose value
    differs from what this observer saw last: the vector then equals `encode(state, player)`,
    whatever states it was shown before (a part's slots depend on its value alone)."""

    __slots__ = ("player", "out", "view", "_encoding", "_blank", "_parts", "_seen")

    def __init__(self, encoding: Encoding, player: int):
        self.player = player
        self.out = memoryview(encoding.blank(player))  # what the encoding writes through
        self.view = np.frombuffer(self.out, np.float32)  # shares the vector's memory
        self._encoding = encoding
        self._blank = encoding.blank(player)
        self._parts = encoding.compiled_parts()
        self._seen: list[Any] = [NEVER] * len(self._parts)

    def look(self, state: State) -> np.ndarray:
        """Bring the vector up to date with `state`; returns it (a view: copy it to keep it)."""
        out, seen, player = self.out, self._seen, self.player
        if not seen:  # an encoding without parts: written whole
            out[:] = self._blank
            self._encoding.write(state, player, out)
            return self.view
        i = 0
        for read, write, copy, clears in self._parts:
            if read is None:  # rewritten at every look
                for start, stop, zeros in clears:
                    out[start:stop] = zeros
                write(state, player, out)
                i += 1
                continue
            value = read(state, player)
            if value != seen[i]:
                for start, stop, zeros in clears:
                    out[start:stop] = zeros
                write(value, player, out)
                seen[i] = value if copy is None else copy(value)
            i += 1
        return self.view
