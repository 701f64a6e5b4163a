"""Actions may be NamedTuples as well as frozen dataclasses (docs/DESIGN.md): they encode to
JSON, decode strictly and round-trip through a record, on a tiny game built here."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Annotated, Any, NamedTuple

import pytest
from pydantic import Field

from warroom.engine import Game, Outcome, Record, RecordError, State, replay_to_end, to_json


class Take(NamedTuple):
    """Take `count` stones from the pile, naming the heaps they came from (for the test)."""
    count: Annotated[int, Field(ge=1, le=3)]
    heaps: tuple[int, ...] = ()

    @property
    def label(self) -> str:
        return f"take {self.count}"


@dataclass(frozen=True)
class Config:
    stones: int = 7


class Nim(State):
    """Take 1 to 3 stones in turn; who takes the last one wins."""

    def __init__(self, config: Config, seed: int):
        super().__init__(2, random.Random(seed))
        self.stones, self.player, self.taken = config.stones, 0, []

    def to_move(self) -> tuple[int, ...]:
        return (self.player,) if self.stones else ()

    def _legal_actions(self, player: int) -> list[Any]:
        return [Take(n, tuple(range(n))) for n in range(1, min(3, self.stones) + 1)]

    def _apply(self, player: int, action: Any) -> None:
        self.stones -= action.count
        self.taken.append(action.count)
        self.event("took", player=player, count=action.count)
        self.player = 1 - player if self.stones else player

    def is_terminal(self) -> bool:
        return not self.stones

    def outcome(self) -> Outcome | None:
        if self.stones:
            return None
        return Outcome((self.player,), tuple(float(p == self.player) for p in (0, 1)), "last")

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"stones": self.stones, "taken": list(self.taken), "log": self.visible_log(player)}


class NimGame(Game):
    name = "nim"
    title = "Nim"
    Config = Config
    actions = (Take,)

    def new_state(self, config: Config, seed: int) -> Nim:
        return Nim(config, seed)


GAME = NimGame()


def test_a_namedtuple_action_round_trips_through_a_record():
    """Audit (stop 48): `to_json` and `ActionCodec.decode` read an action's fields with
    dataclasses.fields, so a game with NamedTuple actions could not be played or saved
    (`TypeError: must be called with a dataclass type or instance`)."""
    config = GAME.config({})
    state = GAME.new_state(config, 1)
    record = Record.start(GAME, config, 1)
    while not state.is_terminal():
        player = state.to_move()[0]
        action = state.legal_actions(player)[-1]
        record.add(player, action)
        state.apply(player, action)
    assert record.actions[0] == (0, {"type": "Take", "count": 3, "heaps": [0, 1, 2]})
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    final = replay_to_end(GAME, again)
    assert final.observation(0) == state.observation(0)
    assert final.outcome() == state.outcome()


def test_a_namedtuple_action_decodes_strictly_and_equal_to_the_original():
    """Audit (stop 48): decoding gives back an equal action of the game's class, its lists
    as tuples, and refuses missing fields and values its annotations do not allow."""
    action = Take(2, (0, 1))
    decoded = GAME.codec.decode(json.loads(json.dumps(to_json(action))))
    assert decoded == action and type(decoded) is Take and hash(decoded) == hash(action)
    with pytest.raises(RecordError, match=r"Take needs fields \['count', 'heaps'\]"):
        GAME.codec.decode({"type": "Take", "count": 2})
    with pytest.raises(RecordError, match=r"Take\.count"):
        GAME.codec.decode({"type": "Take", "count": 4, "heaps": []})
    with pytest.raises(RecordError, match=r"Take\.count"):
        GAME.codec.decode({"type": "Take", "count": True, "heaps": []})


def test_an_action_that_is_neither_a_dataclass_nor_a_namedtuple_is_refused_clearly():
    """Audit (stop 48): a plain tuple (or any other object) is not an action."""
    with pytest.raises(TypeError, match="frozen dataclass or a NamedTuple, not tuple"):
        to_json((1, 2))
