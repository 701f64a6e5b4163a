"""Load test of `warroom serve`: N concurrent games, each with two bot seats and S spectators,
over loopback WebSockets, bounded in time.

The server runs in its own process (`warroom serve` on 127.0.0.1, a fresh database). Each bot
seat chooses a random legal action, waits `--think` seconds and sends it; the time from sending
to receiving the new version is measured at the acting seat (its acknowledgement) and at every
spectator (the fan-out). At the end the server's version of every game is compared with the
actions the bots had acknowledged: nothing may be lost, and no error frame may arrive.

    .venv/bin/python benchmarks/server_load.py --games 100 --spectators 5 --seconds 30
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import websockets


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """User and system CPU time of a process (Linux), to tell whose CPU limits the run."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def post(url: str, body: dict) -> dict:
    request = urllib.request.Request(url, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def get(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.loads(response.read())


class Stats:
    def __init__(self) -> None:
        self.ack: list[float] = []
        self.fanout: list[float] = []
        self.errors: list[str] = []
        self.actions = 0
        self.stale = 0  # a simultaneous decision: the other seat's move came first
        self.sent: dict[tuple[str, int], float] = {}  # (game, version reached) -> send time


async def connect(url: str, token: str | None):
    ws = await websockets.connect(url, max_size=2**22)
    await ws.send(json.dumps({"type": "hello", "token": token} if token else {"type": "hello"}))
    welcome = json.loads(await ws.recv())
    assert welcome["type"] == "welcome", welcome
    return ws


VERSION = re.compile(r'"version":(\d+)')


async def actions_played(url: str) -> int:
    """The actions a game has played, as a spectator's version counts them: in kow every
    action changes what a spectator sees (its version goes up by one a change), and the lobby
    gives no count while a game is in play."""
    ws = await connect(url, None)
    try:
        while not (message := await asyncio.wait_for(ws.recv(), 10)).startswith(
                '{"type":"state"'):
            pass
        return int(VERSION.search(message, 0, 200).group(1))
    finally:
        await ws.close()


async def spectator(url: str, game_id: str, stats: Stats, stop: float) -> None:
    """A spectator reads only each frame's version (parsing 700 connections' frames in full
    would make this client, not the server, the bottleneck on a small machine)."""
    ws = await connect(url, None)
    try:
        while time.monotonic() < stop:
            try:
                message = await asyncio.wait_for(ws.recv(), stop - time.monotonic())
            except TimeoutError:
                break
            if message.startswith('{"type":"error"'):
                stats.errors.append(json.loads(message)["message"])
            elif message.startswith('{"type":"state"'):
                version = int(VERSION.search(message, 0, 200).group(1))
                sent = stats.sent.get((game_id, version))
                if sent is not None:
                    stats.fanout.append(time.monotonic() - sent)
    finally:
        await ws.close()


async def seat(url: str, game_id: str, token: str, stats: Stats, stop: float, think: float,
               rng: random.Random, acked: dict[str, int]) -> None:
    """A bot seat: a reader keeps the latest frame; the bot thinks, then acts on the latest."""
    ws = await connect(url, token)
    latest: dict = json.loads(await ws.recv())
    changed = asyncio.Event()
    nonlocal_stale = [0]  # stale answers this bot has had

    async def reader() -> None:
        nonlocal latest
        async for message in ws:
            frame = json.loads(message)
            if frame["type"] == "state":
                latest = frame
                changed.set()
            elif frame["type"] == "error" and frame["message"].startswith("stale action"):
                stats.stale += 1
                nonlocal_stale[0] += 1
            elif frame["type"] == "error":
                stats.errors.append(frame["message"])

    stale_before = 0
    reading = asyncio.create_task(reader())
    try:
        while time.monotonic() < stop and not latest.get("terminal"):
            if not latest["legal"]:
                changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), max(0.01, stop - time.monotonic()))
                continue
            await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            frame = latest  # the newest view, after thinking
            if not frame["legal"]:
                continue
            pick = rng.randrange(len(frame["legal"]))
            version = frame["version"]
            start = time.monotonic()
            stale_before = nonlocal_stale[0]
            stats.sent[(game_id, version + 1)] = start
            changed.clear()
            # By index alone: if the other seat moved first, the server answers "stale" and the
            # bot chooses again from the newer view (the page also sends the action itself).
            await ws.send(json.dumps({"type": "act", "version": version, "index": pick}))
            while latest["version"] <= version and time.monotonic() < stop + 5:
                changed.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(changed.wait(), 5)
            await asyncio.sleep(0)  # a stale answer, if any, is read before the next frame
            if nonlocal_stale[0] == stale_before and latest["version"] == version + 1:
                stats.ack.append(time.monotonic() - start)
                acked[game_id] = max(acked.get(game_id, 0), latest["version"])
    finally:
        reading.cancel()
        await ws.close()


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] * 1000 if len(
        values) > 1 else values[0] * 1000


async def run(args: argparse.Namespace, base: str) -> dict:
    ws_base = base.replace("http", "ws")
    games = []
    for _ in range(args.games):
        made = post(f"{base}/api/games", {"game": args.game,
                                           "options": {"victories_to_win": 20},  # long games
                                           "seats": [{"kind": "invite"}, {"kind": "invite"}]})
        games.append(made)
    stats = Stats()
    acked: dict[str, int] = {}
    stop = time.monotonic() + args.seconds
    rng = random.Random(args.seed)
    tasks = []
    for made in games:
        url = f"{ws_base}/ws/{made['id']}"
        for _ in range(args.spectators):
            tasks.append(spectator(url, made["id"], stats, stop + 1))
        for s in made["seats"]:
            tasks.append(seat(url, made["id"], s["token"], stats, stop, args.think,
                              random.Random(rng.random()), acked))
    started = time.monotonic()
    await asyncio.gather(*tasks)
    elapsed = time.monotonic() - started
    lost = 0
    for made in games:
        server_version = await actions_played(f"{ws_base}/ws/{made['id']}")
        stats.actions += server_version
        if server_version < acked.get(made["id"], 0):
            lost += 1
    return {
        "games": args.games, "spectators_per_game": args.spectators,
        "connections": args.games * (2 + args.spectators), "seconds": round(elapsed, 1),
        "think_s": args.think, "actions": stats.actions,
        "actions_per_s": round(stats.actions / elapsed, 1),
        "ack_p50_ms": round(pct(stats.ack, 50), 1), "ack_p99_ms": round(pct(stats.ack, 99), 1),
        "fanout_frames": len(stats.fanout),
        "fanout_p50_ms": round(pct(stats.fanout, 50), 1),
        "fanout_p99_ms": round(pct(stats.fanout, 99), 1),
        "error_frames": len(stats.errors), "stale_rejections": stats.stale,
        "games_losing_actions": lost,
        "error_examples": sorted(set(stats.errors))[:3],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--spectators", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a bot waits before each action (x0.5 to x1.5)")
    parser.add_argument("--game", default="kow",
                        help="a game whose every action each page sees (kow, battle): a "
                             "page's version then counts the actions")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--url", help="drive a server already running on loopback (e.g. under "
                        "a profiler) instead of starting one")
    args = parser.parse_args()
    if not (1 <= args.games <= 500 and 0 <= args.spectators <= 20 and args.seconds <= 300):
        parser.error("bounded: at most 500 games, 20 spectators each, 300 seconds")
    if args.url:
        if not args.url.startswith(("http://127.", "http://localhost")):
            parser.error("--url must be a loopback address")
        print(json.dumps(asyncio.run(run(args, args.url.rstrip("/"))), indent=1))
        return
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        warroom = Path(sys.executable).with_name("warroom")
        server = subprocess.Popen([str(warroom), "serve", "--host", "127.0.0.1", "--port",
                                   str(port), "--db", f"{tmp}/load.sqlite", "--ai-workers",
                                   "0", "--ai-delay", "0", "--create-every", "0"],
                                  stdout=subprocess.DEVNULL)  # one client makes every game
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 30
            while True:
                try:
                    get(f"{base}/api/games")
                    break
                except OSError:
                    if time.monotonic() > deadline:
                        raise SystemExit("the server did not start") from None
                    time.sleep(0.1)
            client_before = time.process_time()
            server_before = cpu_seconds(server.pid)
            result = asyncio.run(run(args, base))
            server_cpu = cpu_seconds(server.pid) - server_before  # in clock ticks (10 ms)
            result["server_cpu_s"] = round(server_cpu, 2)
            result["server_cpu_ms_per_action"] = round(server_cpu * 1000 / max(
                result["actions"], 1), 3)
            result["client_cpu_s"] = round(time.process_time() - client_before, 1)
        finally:
            server.terminate()
            server.wait(timeout=20)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
