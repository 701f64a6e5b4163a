"""A start lists finished games from what the store keeps of them, and rebuilds them only when
asked for (audit, stop 50)."""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from pathlib import Path

from fastapi.testclient import TestClient

import warroom.server.app as app_module
from warroom.server import create_app


def client(db: Path) -> TestClient:
    return TestClient(create_app(db, ai_processes=0, allow_seed=True))


def create(c: TestClient, seats: tuple[str, ...]) -> dict:
    answer = c.post("/api/games", json={"game": "kow", "seed": 7,
                                        "seats": [{"kind": k} for k in seats]})
    assert answer.status_code == 200, answer.text
    return answer.json()


def wait_finished(c: TestClient, game_id: str) -> dict:
    deadline = time.monotonic() + 60
    while (summary := c.get(f"/api/games/{game_id}").json())["status"] != "finished":
        assert time.monotonic() < deadline, "the AI game did not finish"
        time.sleep(0.05)
    return summary


def replays(monkeypatch) -> list[str]:
    """The games replayed to their end (by the name of their game), from now on."""
    done: list[str] = []
    real = app_module.replay_to_end

    def counted(game, record):
        done.append(record.game)
        return real(game, record)

    monkeypatch.setattr(app_module, "replay_to_end", counted)
    return done


def test_a_start_lists_finished_games_without_replaying_them(db, monkeypatch):
    """Audit (stop 50): a start replayed every stored game, finished ones included, before it
    listened (24 s of refused connections with 98 games) and held them all in memory. A
    finished game is listed from the summary stored when it ended, as the lobby listed it
    before, and rebuilt only for its table, record or replay."""
    with client(db) as c:
        over = create(c, ("random", "random"))
        before = wait_finished(c, over["id"])
        running = create(c, ("here", "here"))
        listing = c.get("/api/games").json()
    replayed = replays(monkeypatch)
    with client(db) as c:
        server = c.app.state.server
        assert replayed == ["kow"]  # the game in play only
        assert over["id"] not in server.games and running["id"] in server.games
        assert c.get(f"/api/games/{over['id']}").json() == before
        assert c.get("/api/games").json() == listing
        assert replayed == ["kow"]
        record = c.get(f"/api/games/{over['id']}/record")  # rebuilt, now
        assert record.status_code == 200
        assert len(replayed) == 2
        steps = c.get(f"/api/games/{over['id']}/replay").json()
        assert steps["steps"][-1]["outcome"] == before["outcome"]
        with c.websocket_connect(f"/ws/{over['id']}") as ws:
            ws.send_text(json.dumps({"type": "hello"}))
            assert ws.receive_json()["type"] == "welcome"
            assert ws.receive_json()["outcome"] == before["outcome"]
        assert len(replayed) == 2  # kept a while
        assert c.get(f"/api/games/{over['id']}").json() == before


def test_a_finished_game_of_a_file_without_summaries_is_rebuilt_once(db, monkeypatch, caplog):
    """Audit (stop 50): a file of before, its finished games stored without a summary, is
    given the column; its finished games are rebuilt once, at the next start, which stores
    their summaries, and listed from them at the starts after. The start says in the log how
    many games it rebuilt."""
    with client(db) as c:
        over = create(c, ("random", "random"))
        before = wait_finished(c, over["id"])
    con = sqlite3.connect(db)
    con.execute("ALTER TABLE games DROP COLUMN summary")
    con.close()
    replayed = replays(monkeypatch)
    caplog.set_level(logging.INFO, "warroom.server")
    with client(db) as c:
        assert c.get(f"/api/games/{over['id']}").json() == before
    assert replayed == ["kow"]
    assert any(m.startswith("1 game rebuilt in ") for m in caplog.messages), caplog.messages
    with client(db) as c:
        assert c.get(f"/api/games/{over['id']}").json() == before
    assert replayed == ["kow"]
    assert any(m.startswith("0 games rebuilt in ") and "1 finished game listed" in m
               for m in caplog.messages), caplog.messages
