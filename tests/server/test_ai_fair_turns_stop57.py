"""Audit (stop 57): the worker processes' turns (`server.ai.TakeTurns`) with many games
searching at once: a game joining the line, and a table where a person waits for the AI.
The searches are fakes that run until the test ends them, so that the order is checked step
by step, never by the clock."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from event_loop import run

from warroom.server.ai import TakeTurns


class Searches:
    """Searches that ask `turns` for a slot and run until `end` is called: `started` is the
    order they were given slots in (names "game.n")."""

    def __init__(self, turns: TakeTurns):
        self.turns = turns
        self.started: list[str] = []
        self.running: dict[str, asyncio.Event] = {}
        self.asked: dict[str, int] = {}
        self.tasks: list[asyncio.Task[None]] = []

    async def ask(self, game: str) -> str:
        """The game's next search asks for a slot (and takes one if it is free)."""
        self.asked[game] = self.asked.get(game, 0) + 1
        name = f"{game}.{self.asked[game]}"

        async def search() -> None:
            async with self.turns.turn(game):
                self.started.append(name)
                self.running[name] = done = asyncio.Event()
                await done.wait()
                del self.running[name]

        self.tasks.append(asyncio.create_task(search()))
        await settle()
        return name

    async def end(self, name: str, again: bool = True) -> list[str]:
        """End search `name` (its game asks for its next at once, as an AI-only table does,
        if `again`); the searches that started since."""
        before = len(self.started)
        self.running[name].set()
        await settle()
        if again:
            await self.ask(name.split(".")[0])
        return self.started[before:]

    def oldest_running(self) -> str:
        return next(name for name in self.started if name in self.running)

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)


async def settle() -> None:
    for _ in range(20):  # every task that can run runs, till each waits again
        await asyncio.sleep(0)


async def busy(turns: TakeTurns, games: int, rounds: int) -> Searches:
    """`games` AI-only games searching in a loop, each asking for its next search as its last
    ends, for `rounds` searches ended."""
    searches = Searches(turns)
    for i in range(games):
        await searches.ask(f"g{i}")
    for _ in range(rounds):
        await searches.end(searches.oldest_running())
    return searches


def test_a_game_joining_the_line_waits_only_for_the_searches_running():
    """Audit (stop 57): TakeTurns(2) with six games looping 1 s searches: a new game's first
    search waited 2.79 s although every running search ends within 1 s. The line was taken
    in order, and the new game joined it behind one queued search of every game ahead. It
    takes the next slot that frees now, before the searches other games have queued."""
    async def main() -> None:
        turns = TakeTurns(2)
        searches = await busy(turns, 6, 9)
        assert len(searches.running) == 2 and sum(map(len, turns.waiting.values())) == 4
        await searches.ask("new")
        assert await searches.end(searches.oldest_running()) == ["new.1"]
        # ... and then the round goes on, the new game in it: each of the seven games once
        rest = [await searches.end(searches.oldest_running()) for _ in range(7)]
        assert sorted(name.split(".")[0] for [name] in rest) == \
            [*(f"g{i}" for i in range(6)), "new"], rest
        await searches.stop()
        assert (turns.free, turns.waiting) == (2, {})

    run(main())


def test_no_game_goes_twice_while_another_waits():
    """Audit (stop 57): a game with several searches queued goes behind every game that
    waited since before its turn: a.1 running and a.2, a.3, b.1, c.1, b.2 asked in that
    order, b and c (which had no turn) go before a's second; the line order took a.2 first,
    so b's and c's first searches waited for a search a had queued."""
    async def main() -> list[str]:
        turns = TakeTurns(1)
        searches = Searches(turns)
        for game in ["a", "a", "a", "b", "c", "b"]:
            await searches.ask(game)
        while searches.running:
            await searches.end(searches.oldest_running(), again=False)
        await searches.stop()
        assert (turns.free, turns.waiting) == (1, {})
        return searches.started

    assert run(main()) == ["a.1", "b.1", "c.1", "a.2", "b.2", "a.3"]


def person_waits_at(people: set[str]) -> Callable[[str], bool]:
    return lambda game: game in people


def test_a_table_where_a_person_waits_goes_before_the_ai_only_tables():
    """Audit (stop 57): with six AI-vs-AI tables of mcts:2 s searches, a person waited 5.4 to
    13.4 s for an mcts:1 s reply (1.5 s on an idle server); nobody waits on an AI-only table.
    A game where a person waits takes the next slot that frees, even one that had its turn
    just now (a person who answers at once), ahead of AI-only games waiting for longer."""
    async def main() -> None:
        people: set[str] = {"p"}
        turns = TakeTurns(2, person_waits=person_waits_at(people))
        searches = await busy(turns, 6, 9)
        for _ in range(3):  # the AI answers, the person moves at once, and the AI thinks again
            await searches.ask("p")
            assert await searches.end(searches.oldest_running()) == [f"p.{searches.asked['p']}"]
            await searches.end(f"p.{searches.asked['p']}", again=False)
        # nobody waits at p's table now: the AI-only tables have every slot, in turn
        ended = [await searches.end(searches.oldest_running()) for _ in range(6)]
        assert sorted(name.split(".")[0] for [name] in ended) == [f"g{i}" for i in range(6)]
        await searches.stop()
        assert (turns.free, turns.waiting) == (2, {})

    run(main())


def test_a_person_who_leaves_the_table_puts_it_back_among_the_ai_only_ones():
    """Audit (stop 57): whether a person waits is asked each time a slot frees: a game whose
    person's page went away (or who resigned) waits in turn with the AI-only games, and one
    whose person comes back goes first again."""
    async def main() -> None:
        people: set[str] = set()
        turns = TakeTurns(1, person_waits=person_waits_at(people))
        searches = Searches(turns)
        for game in ["a", "p", "b", "c"]:
            await searches.ask(game)
        await searches.end("a.1", again=False)
        assert searches.started[-1] == "p.1"  # its first search: in line order
        await searches.ask("p")  # p has had its turn: behind b and c
        assert await searches.end("p.1", again=False) == ["b.1"]
        people.add("p")  # its person is back: ahead of c, which has waited longer
        assert await searches.end("b.1", again=False) == ["p.2"]
        assert await searches.end("p.2", again=False) == ["c.1"]
        await searches.stop()

    run(main())


def test_the_server_counts_a_person_waiting_while_a_page_of_a_persons_seat_is_open(tmp_path):
    """Audit (stop 57): the server tells its turns which tables a person waits at: one with
    a person's seat connected (not one where nobody is, nor an unknown game)."""
    from warroom.server.app import CreateIn, Server
    from warroom.server.store import SqliteStore

    server = Server(SqliteStore(tmp_path / "g.sqlite"), ai_processes=0)
    try:
        live, _ = server.create(CreateIn(game="kow", seats=[{"kind": "invite"},
                                                            {"kind": "mcts", "seconds": 1}]))
        assert server._turns.person_waits is not None
        assert not server._turns.person_waits(live.id) and not server._turns.person_waits("x")
        live.connect(0)
        assert server._turns.person_waits(live.id)
        live.disconnect(0)
        assert not server._turns.person_waits(live.id)
    finally:
        server.close()
