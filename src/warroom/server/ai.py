"""An AI seat's move, computed in a worker thread or process from a copy of the state, and
the turns games take at the worker processes.

The agent sees only a PlayerView of the copy, as at the terminal, so it cannot cheat; the
move comes back in the action JSON form and the server checks it like any other intent."""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncIterator
from typing import Any

from ..agents import RandomAgent, make_agent
from ..engine import PlayerView, State, to_json
from ..games import get_game


def choose_action(game_name: str, spec: str, seed: int, state: State, seat: int
                  ) -> tuple[dict[str, Any], str | None]:
    """The AI seat's move as JSON, and None; or, when its policy fails, a random legal move
    and what failed (the server says so in its log): a failing policy must not stall the
    table, nor be hidden (a game whose heuristic raised went on at random in silence)."""
    game = get_game(game_name)
    agent = make_agent(spec, game, seed)
    try:
        return to_json(agent.act(PlayerView(state, seat, game))), None
    except Exception as exc:
        action = RandomAgent(game, seed).act(PlayerView(state, seat, game))
        return to_json(action), f"{type(exc).__name__}: {exc}".rstrip(": ")


class TakeTurns:
    """At most `slots` searches at once, taken in turn game by game: when one ends, its slot
    goes to the next game in line, and a game with more searches waiting goes to the back.
    A process pool alone runs its queue first come, first served, so a game's quick move
    waited behind every long search other games had queued (14 s for a 0.05 s search, behind
    three games of 5 s searches); now it waits at most for the searches already running."""

    def __init__(self, slots: int):
        self.free = slots
        self.waiting: dict[str, deque[asyncio.Future[None]]] = {}  # by game, in line order

    @contextlib.asynccontextmanager
    async def turn(self, game: str) -> AsyncIterator[None]:
        if self.free and not self.waiting:
            self.free -= 1
        else:
            await self._wait(game)
        try:
            yield
        finally:
            self._release()

    async def _wait(self, game: str) -> None:
        ticket: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(game, deque()).append(ticket)
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():  # given a slot, then cancelled
                self._release()
            else:
                line = self.waiting.get(game)
                if line is not None and ticket in line:
                    line.remove(ticket)
                    if not line:
                        del self.waiting[game]
            raise

    def _release(self) -> None:
        while self.waiting:
            game, line = next(iter(self.waiting.items()))
            ticket = line.popleft()
            del self.waiting[game]
            if line:
                self.waiting[game] = line  # its next search goes to the back of the line
            if not ticket.done():
                ticket.set_result(None)
                return
        self.free += 1
