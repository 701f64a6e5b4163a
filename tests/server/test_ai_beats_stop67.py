"""Audit (stop 67): an AI seat's timing counted its moves out of sight. On Viktory II's hidden
map a person's page gets no frame for a move it cannot see, but the server's AI seat took
`--ai-delay` and, an mcts seat, its whole budget at every action: the time between two of
the page's frames was (moves out of sight + 1) x (budget + pause). Where the game hides the
count (`Game.hides_move_count`) an AI seat now plays in beats (`server.ai.Beat`): one pause a
beat, its searches sharing the seat's budget (each capped at half of what is left), moves
nobody else sees played at once, and the one another page sees no sooner than the beat's
end. Other games are paced as before.

The server runs on a fake clock: its waits (`Server.sleep`) move the clock on, and each
search (`choose_action`, a heuristic move) spends the whole time it is given, as a steady
mcts search does. Nothing here reads the wall clock."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass, field
from typing import Any

import pytest
from event_loop import run

import warroom.server.app as app_module
from warroom.agents.mcts import MctsAgent
from warroom.engine import PlayerView, to_json
from warroom.games import get_game
from warroom.server.ai import LooseThreads, choose_action
from warroom.server.app import PACED_MOVES, Act, Connection, CreateIn, Server
from warroom.server.store import SqliteStore

BUDGET = 1.0  # the mcts seat's seconds a move
DELAY = 0.5  # --ai-delay
AI, PERSON = 0, 1


@dataclass
class Run:
    """What happened, in order, on the fake clock: ("sleep", t, seconds), ("search", t, cap),
    ("apply", t, seat, seen: whether the person's or a spectator's view changed), and
    ("frame", t, seat, frame) for each frame sent to the person's page or a spectator's."""

    now: float = 1000.0
    events: list[tuple[Any, ...]] = field(default_factory=list)

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.events.append(("sleep", self.now, seconds))
        self.now += seconds
        await asyncio.sleep(0)

    def search(self, game: str, spec: str, seed: int, state: Any, seat: int,
               cap: float | None = None) -> tuple[dict[str, Any], str | None]:
        self.events.append(("search", self.now, cap))
        self.now += cap if cap is not None else BUDGET  # a steady search spends it all
        return choose_action(game, "heuristic", seed, state, seat)

    def of(self, kind: str) -> list[tuple[Any, ...]]:
        return [e for e in self.events if e[0] == kind]


async def _rival(server: Server, going: list[bool], game_id: str) -> None:
    """Another table's searches holding the one worker, so that each search of `game_id`
    waits in line for it (and its pages are told so, unless hushed)."""
    while going:
        async with server._turns.turn("rival"):
            while going and game_id not in server._turns.waiting:
                await asyncio.sleep(0.001)


def _play(tmp_path, monkeypatch, options: dict[str, Any], ai_actions: int) -> Run:
    """A Viktory II table, seat 0 an mcts seat (BUDGET s), seat 1 a person playing at random
    (its intents through `Server.act`), a spectator's page open, the one worker shared with a
    rival table: played until the AI has made `ai_actions` actions."""
    fake = Run()
    monkeypatch.setattr(app_module, "choose_action", fake.search)

    async def main() -> None:
        server = Server(SqliteStore(tmp_path / "g.sqlite"), ai_processes=1, ai_delay=DELAY,
                        allow_seed=True)
        server.clock, server.sleep = fake.clock, fake.sleep
        server._processes = LooseThreads(1, "test-workers")  # its mcts pool: in line
        going = [True]
        try:
            live, _ = server.create(CreateIn(
                game="viktory-ii", seed=5, options={**options, "radius": 3},
                seats=[{"kind": "mcts", "seconds": BUDGET}, {"kind": "invite"}]))
            rival = asyncio.create_task(_rival(server, going, live.id))
            real_apply = live.apply

            def apply(store, seat, action, named=None):
                before = [live.view_version(v) for v in (PERSON, None)]
                out = real_apply(store, seat, action, named)
                seen = before != [live.view_version(v) for v in (PERSON, None)]
                fake.events.append(("apply", fake.now, seat, seen))
                return out

            live.apply = apply
            pages = {}
            for seat in (PERSON, None):
                page = pages[seat] = Connection(None, seat)
                page.send = lambda text, seat=seat: fake.events.append(
                    ("frame", fake.now, seat, json.loads(text)))
                page.send_state(live)
            server.conns[live.id] = set(pages.values())
            rng = random.Random(2)
            while len([e for e in fake.of("apply") if e[2] == AI]) < ai_actions:
                assert not live.over()
                if busy := [t for t in server._tasks if not t.done()]:
                    await asyncio.wait(busy)
                    continue
                legal = live.state.legal_actions(PERSON)
                assert legal, "nobody moves"
                await server.act(live, pages[PERSON], Act(
                    type="act", version=live.view_version(PERSON),
                    index=rng.randrange(len(legal))))
            going.clear()
            await rival
        finally:
            going.clear()
            server._processes = None
            server.close()

    run(main())
    return fake


def _beats(fake: Run) -> tuple[list[list[tuple[Any, ...]]], int]:
    """The events split into the AI's beats, each from the action before it (its start) to
    the AI's next action seen by the person or the spectator; and how many beats began (the
    last may be under way)."""
    beats, current = [], [("apply", Run.now, None, True)]  # (the table made)
    for event in fake.events:
        if event[0] == "frame":
            continue
        current.append(event)
        if event[0] == "apply" and (event[2] == PERSON or event[3]):
            beats.append(current)
            current = [event]
    searched = [b for b in beats if any(e[0] == "search" for e in b)]
    return searched, len(searched) + any(e[0] == "search" for e in current)


def test_a_hidden_maps_ai_seat_plays_in_beats_whatever_it_does_out_of_sight(
        tmp_path, monkeypatch):
    """Audit (stop 67): on a dark map each beat of the mcts seat: one pause (`--ai-delay`,
    a tenth of it past PACED_MOVES beats in a row), searches capped at BUDGET/2, BUDGET/4,
    ... (one capped search a move, each played at once where nobody else sees it), then the
    move the person or a spectator sees, played exactly at the beat's start + pause +
    BUDGET. The person's page gets a frame only then, and hears of the AI's search in line
    (`queued`) only for each beat's first search. Before, every move paused and searched
    the whole budget, and the gaps between frames counted the moves out of sight."""
    fake = _play(tmp_path, monkeypatch, {"dark": True}, ai_actions=60)
    beats, begun = _beats(fake)
    long_beats = 0
    run_of_beats = 0
    for beat in beats:
        start, *inside = beat
        ai = [e for e in inside if e[0] != "apply" or e[2] == AI]
        assert ai == inside, "a person moved within the AI's beat"
        if start[2] == PERSON:
            run_of_beats = 0
        pause = DELAY if run_of_beats < PACED_MOVES else DELAY / 10
        *unseen, last = [e for e in inside if e[0] == "apply"]
        assert last[3] and not any(e[3] for e in unseen)
        assert last[1] == pytest.approx(start[1] + pause + BUDGET)  # the beat's end
        caps = [e[2] for e in inside if e[0] == "search"]
        assert caps == pytest.approx([BUDGET / 2 ** (i + 1) for i in range(len(caps))])
        sleeps = [e for e in inside if e[0] == "sleep"]
        assert sleeps[0] == ("sleep", start[1], pause) and inside[0] == sleeps[0]
        assert len(sleeps) == 2 and sleeps[1][2] == pytest.approx(BUDGET / 2 ** len(caps))
        # each unseen action right after its search; the seen one after the wait
        order = [e[0] for e in inside]
        assert order == ["sleep"] + ["search", "apply"] * len(unseen) + \
            ["search", "sleep", "apply"]
        long_beats += len(caps) > 1
        run_of_beats += 1
    assert long_beats, "no beat had a move out of sight: the test shows nothing"
    seen_at = {e[1] for e in fake.of("apply") if e[2] == PERSON or e[3]}
    unseen_at = {e[1] for e in fake.of("apply") if e[2] == AI and not e[3]}
    frames = [e for e in fake.of("frame") if e[3]["type"] == "state"]
    assert frames and {e[1] for e in frames[2:]} <= seen_at  # (2: the pages' first)
    assert not {e[1] for e in frames} & unseen_at
    # told once a beat, as its first search joins the line (after the pause)
    queued = [e for e in fake.of("frame") if e[3]["type"] == "queued" and e[3]["message"]]
    assert len(queued) == 2 * begun  # (the person's page and the spectator's)
    starts = {b[1][1] + b[1][2] for b in beats}  # its pause's end
    assert {e[1] for e in queued[:2 * len(beats)]} == starts
    assert len(fake.of("search")) > begun


def test_a_table_that_shows_every_move_is_paced_as_before(tmp_path, monkeypatch):
    """Audit (stop 67): on an open map (no `hides_move_count`) every AI move pauses
    (`--ai-delay`, a tenth of it past PACED_MOVES moves in a row), searches its whole budget
    (no cap) and is played at once; each search is told in line; every move brings a
    frame."""
    fake = _play(tmp_path, monkeypatch, {}, ai_actions=30)
    in_a_row = 0
    events = [e for e in fake.events if e[0] != "frame"]
    for i, event in enumerate(events):
        if event[0] == "apply":
            in_a_row = in_a_row + 1 if event[2] == AI else 0
            continue
        if event[0] == "sleep" and i + 2 < len(events):  # (not the move under way at the end)
            pause = DELAY if in_a_row < PACED_MOVES else DELAY / 10
            assert event[2] == pause and events[i + 1][0] == "search"
            assert events[i + 2][0] == "apply"
            assert events[i + 2][1] == pytest.approx(event[1] + pause + BUDGET)
    assert all(e[2] is None for e in fake.of("search"))
    assert len(fake.of("sleep")) == len(fake.of("search")) >= 30
    queued = [e for e in fake.of("frame") if e[3]["type"] == "queued" and e[3]["message"]]
    assert len(queued) == 2 * len(fake.of("search"))  # (the person's page and a spectator's)
    ai_moves = [e for e in fake.of("apply") if e[2] == AI]
    states = [e for e in fake.of("frame") if e[3]["type"] == "state" and e[2] == PERSON]
    assert {e[1] for e in ai_moves} <= {e[1] for e in states}


def test_a_searchs_cap_lowers_its_budget_and_below_the_least_it_plays_the_heuristic(
        monkeypatch):
    """Audit (stop 67): `choose_action`'s cap is the mcts agent's time where it is below the
    spec's budget; under LEAST_SEARCH there is no search (an iteration or two would choose
    the heuristic's move anyway, at several times its cost) and the heuristic moves."""
    from warroom.server.ai import LEAST_SEARCH

    searched: list[tuple[float | None, int]] = []
    real = MctsAgent.search

    def counted(self: MctsAgent, view: PlayerView):
        result = real(self, view)
        searched.append((self.params.time, result.iterations))
        return result

    monkeypatch.setattr(MctsAgent, "search", counted)
    game = get_game("viktory-ii")
    state = game.new_state(game.config({"dark": True, "radius": 3}), 4)
    seat = state.to_move()[0]
    spec = "mcts:time=5:iters=3"  # (its iterations end it at once)
    for cap in (0.5, 60.0, None, LEAST_SEARCH / 2):
        move, failed = choose_action("viktory-ii", spec, 1, state, seat, cap)
        assert failed is None and move in _legal_json(state, seat)
    assert searched == [(0.5, 3), (5.0, 3), (5.0, 3)]  # none for the last


def _legal_json(state: Any, seat: int) -> list[dict[str, Any]]:
    return [to_json(a) for a in state.legal_actions(seat)]


def test_a_hidden_viktory_ii_map_and_champions_hide_how_many_moves_are_made():
    """Audit (stop 67): `Game.hides_move_count` is new: Viktory II's hidden map (either
    option) hides the count, and Champions (a battle's order put card by card, unseen: how
    many tells the order; the leak hunt of stop 67), not kow; a heuristic or random seat's
    beat is AI_BEAT, an mcts seat's its budget."""
    from warroom.server.ai import AI_BEAT, beat_length

    game = get_game("viktory-ii")
    assert [game.hides_move_count(game.config(o)) for o in
            ({}, {"dark": True}, {"independent": True})] == [False, True, True]
    champions, kow = get_game("champions"), get_game("kow")
    assert champions.hides_move_count(champions.config())
    assert not kow.hides_move_count(kow.config())
    assert (beat_length("mcts:time=0.3"), beat_length("heuristic"),
            beat_length("random")) == (0.3, AI_BEAT, AI_BEAT)


def test_the_pause_shrinks_after_a_dozen_beats_in_a_row_not_a_dozen_moves(tmp_path):
    """Audit (stop 67): past PACED_MOVES AI moves in a row the pause was a tenth, so on a
    hidden map its shrinking told how many moves were made out of sight; there it counts
    beats (`Server._beats_run`, which a person's move empties)."""
    server = Server(SqliteStore(tmp_path / "g.sqlite"), ai_processes=0, ai_delay=DELAY)
    try:
        live, _ = server.create(CreateIn(game="viktory-ii", options={"dark": True},
                                         seats=[{"kind": "heuristic"}, {"kind": "invite"}]))
        live.actions = [(AI, {})] * (2 * PACED_MOVES)  # (as a run of moves out of sight)
        assert server.pause(live) == DELAY
        server._beats_run[live.id] = PACED_MOVES
        assert server.pause(live) == DELAY / 10
    finally:
        server.close()


def test_a_watched_table_of_ai_seats_alone_is_paced_throughout(tmp_path):
    """Audit (stop 74, a club's projector): a kow table of two AIs, watched, was over in ten
    seconds (142 frames, 0.014 s apart), its moves past the first dozen paced at a tenth of
    `--ai-delay`. While a spectator watches a table of AI seats alone, every move waits the
    whole delay; unwatched, or with a person at the table, the run is paced as before."""
    server = Server(SqliteStore(tmp_path / "g.sqlite"), ai_processes=0, ai_delay=DELAY)
    try:
        live, _ = server.create(CreateIn(game="kow", seats=[{"kind": "heuristic"},
                                                          {"kind": "heuristic"}]))
        live.actions = [(seat % 2, {}) for seat in range(2 * PACED_MOVES)]
        assert server.pause(live) == DELAY / 10  # nobody watching
        server.conns[live.id] = {Connection.__new__(Connection)}
        next(iter(server.conns[live.id])).seat = None  # a spectator's page
        assert server.pause(live) == DELAY
        people, _ = server.create(CreateIn(game="kow", seats=[{"kind": "invite"},
                                                            {"kind": "heuristic"}]))
        people.actions = [(1, {})] * (2 * PACED_MOVES)
        server.conns[people.id] = server.conns[live.id]
        assert server.pause(people) == DELAY / 10  # a person waits at this one
    finally:
        server.close()
