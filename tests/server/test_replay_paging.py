"""The replay a window at a time: `from`, `count` and `log=changes` answer only those
positions, each step's log as its change from the step before (the whole replay repeated the
whole log at every position), and the replay page fetches windows as the viewer goes to them
instead of every position of the game before it shows one."""

from __future__ import annotations

import gzip
import re
import time
from pathlib import Path

import httpx2
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import expect
from test_browser import held_back, table_words

from ai_pace import quick_beats
from warroom.engine import Record, replay
from warroom.games import get_game
from warroom.server import app as server_app
from warroom.server import create_app

IDENTITY = {"Accept-Encoding": "identity"}


@pytest.fixture(autouse=True)
def quick_ai():
    """The games here end as soon as the AI can play them (`quick_beats`): what is tested is
    their replay, not the pace they were played at."""
    with quick_beats():
        yield


@pytest.fixture(autouse=True)
def patient_expect():
    """A position's window of a long replay is built by the server when asked: on a runner
    with both cores busy one took more than the 5 s Playwright's expect waits by default (the
    page still said "loading…"). The pages here wait up to 30 s; what they must show, and
    what they must not, is unchanged."""
    expect.set_options(timeout=30_000)
    yield
    expect.set_options(timeout=5_000)


# Games with a log that only grows, and Viktory II's, shown since the viewer's previous turn
# (it loses lines at its start), with two seats and three.
GAMES = [("kow", {}, 2), ("champions", {}, 2), ("battle", {}, 2), ("word-iron", {}, 2),
         ("viktory", {}, 2), ("viktory-ii", {"turn_limit": 10}, 2),
         ("viktory-ii", {"players": 3, "radius": 3, "turn_limit": 6}, 3)]


def client(db: Path) -> TestClient:
    return TestClient(create_app(db, ai_processes=0, allow_seed=True))


def live_client(url: str) -> httpx2.Client:
    """A client of the server at `url` (a real one, on loopback: a proxy the environment names
    is not for it); its timeout outlasts a long game's whole replay on a loaded machine."""
    return httpx2.Client(base_url=url, timeout=180, trust_env=False)


def finished(c: httpx2.Client, game: str, options: dict, seats: int = 2, seed: int = 1) -> str:
    made = c.post("/api/games", json={"game": game, "options": options, "seed": seed,
                                      "seats": [{"kind": "random"}] * seats})
    assert made.status_code == 200, made.text
    game_id = made.json()["id"]
    deadline = time.monotonic() + 120
    while c.get(f"/api/games/{game_id}").json()["status"] != "finished":
        assert time.monotonic() < deadline, "the AI game did not finish"
        time.sleep(0.05)
    return game_id


def window(c: TestClient, game_id: str, viewer: str, first: int, last: int | None = None,
           **headers):
    """The positions `first` to `last` (None: to the end) as the replay page asks for them."""
    count = "" if last is None else f"&count={last - first + 1}"
    return c.get(f"/api/games/{game_id}/replay?seat={viewer}&from={first}{count}&log=changes",
                 headers={**IDENTITY, **headers})


def whole_logs(steps: list[dict]) -> list[dict]:
    """A window's steps as the whole replay gives them, by the rule the page follows: a step's
    log is the lines of the step before it from `log_drop`, `log_from` of them, then its own
    `log` (the first step's `log_from` is 0: its log is whole)."""
    out, before = [], []
    for step in steps:
        drop = step["log_drop"]
        log = before[drop:drop + step["log_from"]] + step["log"]
        out.append({**{k: v for k, v in step.items() if k != "log_drop"}, "log_from": 0,
                    "log": log})
        before = log
    return out


def viewers(seats: int) -> list[str]:
    return ["spectator", *map(str, range(seats))]


@pytest.mark.parametrize("game,options,seats", GAMES,
                         ids=[f"{g}{o or ''}" for g, o, _ in GAMES])
def test_windows_rebuild_the_whole_replay_for_every_viewer(db, game, options, seats):
    """Windows of 128 positions from 0 (the page's), and of 9 from 5 (any other), give every
    position's view and log exactly as the whole replay does, as each seat and a spectator
    saw it; `from` and `positions` say where the window begins, and how many the game has."""
    drops = 0
    with client(db) as c:
        game_id = finished(c, game, options, seats)
        for viewer in viewers(seats):
            whole = c.get(f"/api/games/{game_id}/replay?seat={viewer}", headers=IDENTITY).json()
            positions = whole["positions"]
            assert positions == len(whole["steps"]) > 5
            for size, starts in ((128, range(0, positions, 128)),
                                 (9, [0, *range(5, positions, 9)])):
                rebuilt: list[dict] = []
                for first in starts:
                    last = 4 if first == 0 and size == 9 else first + size - 1
                    answer = window(c, game_id, viewer, first, last)
                    assert answer.status_code == 200, answer.text
                    body = answer.json()
                    assert [s["version"] for s in body["steps"]] \
                        == list(range(first, min(last, positions - 1) + 1))
                    assert {k: body[k] for k in ("id", "game", "seat", "positions", "from")} \
                        == {"id": game_id, "game": game, "seat": whole["seat"],
                            "positions": positions, "from": first}
                    assert body["steps"][0]["log_from"] == 0  # whole: nothing before it here
                    drops += sum(1 for step in body["steps"] if step["log_drop"])
                    rebuilt += whole_logs(body["steps"])
                assert rebuilt == whole["steps"], (viewer, size)
    if game == "viktory-ii":  # its log lost lines at its start, and the windows said so
        assert drops


@pytest.fixture(scope="module")
def long_game(shared_seeded_server) -> tuple[str, str, dict[str, list[dict]], int]:
    """A long Viktory II game (seed 1: about 2,400 positions) on the server the module's tests
    share, the URL of that server, the game's whole replay as a spectator and as seat 0 saw it,
    and the bytes of the whole replay compressed. Made once for the module: its play and whole
    replays took half a minute, paid again by each test that reads it (none changes it)."""
    url = shared_seeded_server.url
    # The whole replay of some 2,400 positions takes seconds to build; on a machine loaded by
    # other tests (a CI runner with both cores busy) it outlasted 30 s.
    with live_client(url) as c:
        game_id = finished(c, "viktory-ii", {}, seed=1)
        whole = {viewer: c.get(f"/api/games/{game_id}/replay?seat={viewer}", headers=IDENTITY)
                 for viewer in ("spectator", "0")}
    # What the page fetched before: the whole replay, compressed as the server sends it.
    whole_bytes = len(gzip.compress(whole["spectator"].content, 9))
    return url, game_id, {v: r.json()["steps"] for v, r in whole.items()}, whole_bytes


def test_a_long_viktory_ii_game_in_windows_sends_its_log_once(long_game):
    """A long Viktory II game (about 2,400 positions): a window anywhere in it, as the page asks
    for it, is the whole replay's positions, and holds each log line about once, where the
    whole replay repeats the log at every position."""
    url, game_id, whole, _ = long_game
    with live_client(url) as c:
        for viewer in ("spectator", "0"):
            steps = whole[viewer]
            positions = len(steps)
            assert positions > 2000
            for first in (0, 1280, positions - positions % 128):
                answer = window(c, game_id, viewer, first, first + 127)
                got = answer.json()["steps"]
                assert whole_logs(got) == steps[first:first + 128]
                # The first step's log whole, then only the lines each step added: the lines
                # of the step before still shown are kept, not sent again (a log that begins
                # anew, at a turn, keeps none).
                for before, step, log in zip(steps[first:], got[1:], steps[first + 1:]):
                    assert step["log_drop"] + step["log_from"] == len(before["log"]) or (
                        step["log_from"] == 0 and log["log"][0] not in before["log"])
                sent = sum(len(step["log"]) for step in got)
                repeated = sum(len(step["log"]) for step in steps[first:first + 128])
                if first == 1280:  # (the last position shows the whole game's log)
                    assert sent * 10 < repeated, (viewer, first, sent, repeated)
            end = window(c, game_id, viewer, positions - 3)  # FIRST-: to the end
            assert whole_logs(end.json()["steps"]) == steps[-3:]
            assert end.json()["steps"][-1]["terminal"]


def without_log(observation: dict) -> dict:
    return {k: v for k, v in observation.items() if k != "log"}


@pytest.mark.parametrize("game", ["kow", "word-iron"])
def test_a_window_shows_a_seat_only_its_own_view(db, game):
    """Hidden information stays hidden: each position a seat's (a spectator's) windows give
    is that viewer's observation and log, checked against the game's record replayed here,
    and a step holds the keys the whole replay's do, and `log_drop` (no data added)."""
    with client(db) as c:
        game_id = finished(c, game, {})
        record = c.get(f"/api/games/{game_id}/record").json()
        answers = {viewer: whole_logs(window(c, game_id, viewer, 0).json()["steps"])
                   for viewer in viewers(2)}
        keys = set(c.get(f"/api/games/{game_id}/replay?from=0&count=1").json()["steps"][0])
        raw = window(c, game_id, "0", 3, 5).json()["steps"]
    assert all(set(step) == keys | {"log_drop"} for step in raw)
    rules = get_game(game)
    seats = {viewer: None if viewer == "spectator" else int(viewer) for viewer in answers}
    truth = [{viewer: state.observation(seat) for viewer, seat in seats.items()}
             for state, _, _ in replay(rules, Record.from_json(record))]
    assert len(truth) == len(record["actions"]) + 1
    for viewer, steps in answers.items():
        seat = seats[viewer]
        assert len(steps) == len(truth)
        for step, views in zip(steps, truth):
            own = views[viewer]
            assert step["seat"] == seat
            assert step["observation"] == without_log(own), (viewer, step["version"])
            described = [rules.describe_event(e) for e in own.get("log", [])]
            assert step["log"] == [line for line in described if line]
            assert step["legal"] == []


def test_a_window_views_only_the_positions_it_sends(db, monkeypatch):
    """The positions before a window are replayed, not viewed (the observation, its log
    described, the text view), and the replay stops after the window's last."""
    viewed: list[int] = []
    real = server_app.view_frame

    def counting(game, state, seat, version, *args, **kwargs):
        viewed.append(version)
        return real(game, state, seat, version, *args, **kwargs)

    with client(db) as c:
        game_id = finished(c, "kow", {})
        monkeypatch.setattr(server_app, "view_frame", counting)
        answer = window(c, game_id, "1", 40, 49)
        tail = window(c, game_id, "spectator", 60)
        positions = answer.json()["positions"]
    assert [s["version"] for s in answer.json()["steps"]] == list(range(40, 50))
    assert viewed == [*range(40, 50), *range(60, positions)]
    assert [s["version"] for s in tail.json()["steps"]] == list(range(60, positions))


def test_a_window_is_compressed_for_a_client_that_takes_it(db):
    """A window goes gzip-compressed to a client that accepts it, as a whole replay does."""
    with client(db) as c:
        game_id = finished(c, "champions", {})
        packed = window(c, game_id, "0", 0, 127, **{"Accept-Encoding": "gzip"})
        plain = window(c, game_id, "0", 0, 127)
    assert packed.status_code == plain.status_code == 200
    assert packed.headers["content-encoding"] == "gzip"
    assert "content-encoding" not in plain.headers
    assert packed.json() == plain.json()
    assert packed.num_bytes_downloaded * 3 < plain.num_bytes_downloaded


def test_a_window_is_one_run_of_positions_within_the_game(db):
    """A window the server cannot give is refused in one line, as is a `log` it does not
    know; a window past the end is clipped to it; the whole-log form is unchanged."""
    with client(db) as c:
        game_id = finished(c, "kow", {})
        last = c.get(f"/api/games/{game_id}").json()["version"]
        url = f"/api/games/{game_id}/replay"
        past = window(c, game_id, "0", last + 1)
        bad = [c.get(f"{url}?from=2&count=3&log={value}") for value in (
            "whole", "Changes", "changes,", "1")]
        whole = c.get(url, headers=IDENTITY)
        clipped = window(c, game_id, "1", last - 1, last + 50)
    assert (past.status_code, past.json()) == (
        400, {"error": f"from must be a position, 0 to {last}"})
    assert [r.status_code for r in bad] == [400] * len(bad)
    assert {r.json()["error"] for r in bad} == {
        "log must be changes (each step's log as its change from the step before), or left "
        "out (whole at every step)"}
    assert all("log_drop" not in step and step["log_from"] == 0  # each log whole
               for step in whole.json()["steps"])
    assert [s["version"] for s in clipped.json()["steps"]] == [last - 1, last]


def test_a_log_change_is_exact_whatever_the_game_does_to_its_log():
    """Lines added; lines lost at the start (a log shown since the viewer's previous turn);
    a line that reads otherwise now (a hidden card named later): the change keeps what it
    can, and rebuilds the log exactly."""
    from warroom.server.app import _log_change

    cases = [([], ["a"]), (["a"], ["a", "b"]), (["a", "b"], ["a", "b"]),
             (["a", "b", "c"], ["b", "c", "d"]), (["a", "b", "c"], ["c"]),
             (["a", "b", "c"], ["a", "x", "c", "d"]), (["a", "b", "c"], ["b", "x"]),
             (["a", "b", "c"], []), (["x", "x", "x"], ["x", "x", "x", "x"]),
             (["x", "y", "x", "y"], ["x", "y", "z"]), (["a", "b"], ["a"])]
    for before, after in cases:
        drop, keep = _log_change(before, after)
        assert before[drop:drop + keep] + after[keep:] == after, (before, after)
    assert _log_change(["a", "b"], ["a", "b", "c"]) == (0, 2)
    assert _log_change(["a", "b", "c"], ["b", "c", "d"]) == (1, 2)
    assert _log_change(["a", "b", "c"], ["a", "x", "c"]) == (0, 1)
    assert _log_change(["x", "y", "x", "y"], ["x", "y", "z"]) == (2, 2)


# --- the page --------------------------------------------------------------------------
def replay_bytes(page) -> list[int]:
    """The bytes of each replay answer the page has had (compressed, as they came)."""
    return page.evaluate("""() => performance.getEntriesByType('resource')
        .filter((e) => /\\/api\\/games\\/[^/]+\\/replay/.test(e.name))
        .map((e) => e.encodedBodySize)""")


def shown_log(page) -> list[str]:
    return page.locator("#log li").all_inner_texts()


def table_log(step: dict) -> list[str]:
    """A replayed position's log as the page shows it (its lines in the table's words, as
    the position's viewer reads them: its own seat "Seat 0 (you)")."""
    return [table_words(line, step.get("seat")) for line in step["log"]]


def hold_windows(page, marker: str) -> list:
    """Hold back the page's replay requests whose URL has `marker` (the test answers them
    with `continue_()` when it says); the list fills with their routes as they come."""
    held: list = []

    def hold(route):
        if marker in route.request.url:
            held.append(route)
        else:
            route.continue_()

    page.route(re.compile(r"/api/games/[^/]+/replay"), hold)
    return held


def set_slider(page, position: int) -> None:
    page.locator("#step").evaluate(
        "(e, v) => { e.value = v; e.dispatchEvent(new Event('input', { bubbles: true })); }",
        position)


def where(position: int, last: int) -> re.Pattern:
    return re.compile(rf"^position {position} of {last}$")


@pytest.fixture
def replay_page(browser):
    """A page of its own for each test: the requests it holds back and the bytes it counts."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    yield page
    page.close()


def test_the_replay_page_goes_anywhere_in_a_long_game_a_window_at_a_time(long_game,
                                                                         replay_page):
    """The page showed nothing until every position of the game had come (10 MB of JSON,
    170 KB compressed, for this game). Now its first position shows after one small window;
    the slider, the keys and "last" show each position with its whole log, as the whole
    replay has it, having fetched a small part of the whole replay's bytes."""
    url, game_id, whole, whole_bytes = long_game
    page = replay_page
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    steps = whole["spectator"]
    last = len(steps) - 1
    page.goto(f"{url}/replay/{game_id}")
    expect(page.locator("#where")).to_have_text(where(0, last))
    assert page.locator("#step").get_attribute("max") == str(last)
    assert shown_log(page) == table_log(steps[0])
    first = replay_bytes(page)
    assert len(first) == 1 and first[0] * 15 < whole_bytes, (first, whole_bytes)
    set_slider(page, 1500)
    expect(page.locator("#where")).to_have_text(where(1500, last))
    assert shown_log(page) == table_log(steps[1500])
    page.click("#last")
    expect(page.locator("#where")).to_have_text(where(last, last))
    assert shown_log(page) == table_log(steps[last])
    expect(page.locator("#result .headline")).to_be_visible()
    fetched = replay_bytes(page)
    assert len(fetched) <= 4 and sum(fetched) * 4 < whole_bytes, (fetched, whole_bytes)
    page.click("#prev")
    expect(page.locator("#where")).to_have_text(where(last - 1, last))
    assert shown_log(page) == table_log(steps[last - 1])
    for target in (1300, last - 200):  # the slider, here and there
        set_slider(page, target)
        expect(page.locator("#where")).to_have_text(where(target, last))
        assert shown_log(page) == table_log(steps[target]), target
    set_slider(page, 1022)  # the keys, across a window's end (1024)
    for target in range(1023, 1028):
        page.keyboard.press("ArrowRight")
        expect(page.locator("#where")).to_have_text(where(target, last))
        assert shown_log(page) == table_log(steps[target]), target
    page.select_option("#viewer", "0")  # seat 0's windows, at the same position
    expect(page.locator("#where")).to_have_text(where(1027, last))
    assert shown_log(page) == table_log(whole["0"][1027])
    assert not errors, errors


def test_a_window_that_comes_late_does_not_replace_the_position_asked_for_since(
        long_game, replay_page):
    """Going to a position whose window is slow to come, then to another: the page says the
    first is loading (its table hidden, not the one drawn before it under its number), and
    when that window comes at last it does not replace the position asked for since."""
    url, game_id, whole, _ = long_game
    page = replay_page
    steps = whole["spectator"]
    last = len(steps) - 1
    held = hold_windows(page, "&from=1280&")  # positions 1280 to 1343, when the test says
    page.goto(f"{url}/replay/{game_id}")
    expect(page.locator("#where")).to_have_text(where(0, last))
    set_slider(page, 1300)
    held_back(page, held)
    expect(page.locator("#where")).to_have_text(f"position 1300 of {last} · loading…")
    expect(page.locator("#table")).to_be_hidden()
    expect(page.locator("#log")).to_be_hidden()
    set_slider(page, 2000)
    expect(page.locator("#where")).to_have_text(where(2000, last))
    expect(page.locator("#table")).to_be_visible()
    assert shown_log(page) == table_log(steps[2000])
    with page.expect_response(lambda r: "&from=1280&" in r.url):
        held[0].continue_()
    page.evaluate("new Promise((done) => setTimeout(done, 200))")  # the page reads it
    expect(page.locator("#where")).to_have_text(where(2000, last))
    assert shown_log(page) == table_log(steps[2000])
    # The late window was kept: going back to it does not ask for it again. (The prefetch of
    # the window before it, which going back starts, is no such request: counted among all
    # the page's answers, it was seen or not by how fast the server had built it.)
    set_slider(page, 1300)
    expect(page.locator("#where")).to_have_text(where(1300, last))
    assert shown_log(page) == table_log(steps[1300])
    assert len(held) == 1


def test_a_late_window_of_the_viewer_chosen_before_is_not_shown(long_game, replay_page):
    """Seat 0's window at position 1300 is slow to come; a spectator's is chosen meanwhile:
    seat 0's, when it comes, is not shown under the spectator's name."""
    url, game_id, whole, _ = long_game
    page = replay_page
    last = len(whole["spectator"]) - 1
    held = hold_windows(page, "seat=0&from=1280&")
    page.goto(f"{url}/replay/{game_id}#at=1300")  # it opens at position 1300
    expect(page.locator("#where")).to_have_text(where(1300, last))
    assert shown_log(page) == table_log(whole["spectator"][1300])
    page.select_option("#viewer", "0")
    held_back(page, held)
    expect(page.locator("#where")).to_have_text(f"position 1300 of {last} · loading…")
    page.select_option("#viewer", "spectator")
    expect(page.locator("#where")).to_have_text(where(1300, last))
    with page.expect_response(lambda r: "seat=0" in r.url):
        held[0].continue_()
    page.evaluate("new Promise((done) => setTimeout(done, 200))")
    expect(page.locator("#where")).to_have_text(where(1300, last))
    assert shown_log(page) == table_log(whole["spectator"][1300])
    assert whole["spectator"][1300]["log"] != whole["0"][1300]["log"]

