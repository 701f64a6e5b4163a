"""The worker processes that search for mcts seats are taken in turn game by game
(`server.ai.TakeTurns`)."""

from __future__ import annotations

import asyncio
import subprocess
import sys

from event_loop import run

from warroom.server.ai import TakeTurns


async def _searches(turns: TakeTurns, jobs: list[tuple[str, float]]) -> list[str]:
    """Start each (game, seconds) search in order, a moment apart; the order they ran in."""
    ran: list[str] = []

    async def search(name: str, seconds: float) -> None:
        async with turns.turn(name.split(".")[0]):
            ran.append(name)
            await asyncio.sleep(seconds)

    tasks = []
    for name, seconds in jobs:
        tasks.append(asyncio.create_task(search(name, seconds)))
        await asyncio.sleep(0.001)
    await asyncio.gather(*tasks)
    return ran


def test_defect_a_quick_move_waited_behind_every_other_games_queued_search():
    """Defect: mcts seats of every game shared one process pool, first come first served: a
    0.05 s search waited 14 s behind three other games' queued 5 s searches ("a long search in
    one game does not hold up another", the README said). Taken in turn game by game, a
    game's search waits only for the searches already running, and a game's next search goes
    behind every other game's first (stop 57: a.2 went before b.1)."""
    turns = TakeTurns(1)
    # a.1 runs long enough that the others are all queued, however slow the machine
    jobs = [("a.1", 0.3), ("a.2", 0.02), ("a.3", 0.02), ("b.1", 0.02), ("c.1", 0.0),
            ("b.2", 0.0)]
    ran = run(_searches(turns, jobs))
    # a.1 was running; then the game whose last turn is oldest (none: first) goes next
    assert ran == ["a.1", "b.1", "c.1", "a.2", "b.2", "a.3"]
    assert (turns.free, turns.waiting) == (1, {})


def test_as_many_searches_run_at_once_as_there_are_workers():
    turns = TakeTurns(2)
    running, most = 0, 0

    async def search() -> None:
        nonlocal running, most
        async with turns.turn("a"):
            running += 1
            most = max(most, running)
            await asyncio.sleep(0.01)
            running -= 1

    async def main() -> None:
        await asyncio.gather(*(search() for _ in range(5)))

    run(main())
    assert most == 2 and turns.free == 2


def test_a_search_cancelled_in_line_or_just_given_its_turn_keeps_no_worker():
    """A game deleted or a server stopping cancels searches: one cancelled while in line
    leaves it, one cancelled as it was given its turn passes the turn on; no slot is lost."""
    async def main() -> list[str]:
        turns = TakeTurns(1)
        ran: list[str] = []

        async def search(name: str) -> None:
            async with turns.turn(name):
                ran.append(name)
                await asyncio.sleep(0.01)

        held = turns.turn("a")
        await held.__aenter__()  # a's search holds the one worker
        waiting = asyncio.create_task(search("b"))
        given = asyncio.create_task(search("c"))
        last = asyncio.create_task(search("d"))
        await asyncio.sleep(0)  # all three in line
        waiting.cancel()  # in line
        await asyncio.sleep(0)
        await held.__aexit__(None, None, None)  # a ends: the turn is c's ...
        given.cancel()  # ... cancelled before it ran: d takes the turn
        await asyncio.gather(last, waiting, given, return_exceptions=True)
        assert (turns.free, turns.waiting) == (1, {})
        return ran

    assert run(main()) == ["d"]


STOP_WITH_A_SEARCH_RUNNING = """
import sys, time
from warroom.server.app import Server
from warroom.server.store import SqliteStore

server = Server(SqliteStore(sys.argv[1]), ai_processes=1)
search = server._pool("mcts").submit(time.sleep, 60)  # a long search in its worker
while not search.running():
    time.sleep(0.01)
server.close()
print("closed", flush=True)
"""


def test_defect_stopping_the_server_waited_for_the_searches_running(tmp_path):
    """Defect: a server stopped with mcts searches under way was still running 6 s later
    (its exit waited for each worker's search, up to its budget). Closing it now stops the
    worker processes: the game is in the store, and its AI seat thinks again at the next
    start."""
    proc = subprocess.run([sys.executable, "-c", STOP_WITH_A_SEARCH_RUNNING,
                           str(tmp_path / "games.sqlite")], capture_output=True, text=True,
                          timeout=50)  # waiting for the search would take 60 s
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "closed\n"
    assert "Traceback" not in proc.stderr
