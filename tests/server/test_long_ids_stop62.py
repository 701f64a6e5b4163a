"""A game id of any length in the server's answers (audit, stop 62)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from warroom.server.app import create_app


def test_an_unknown_game_id_is_quoted_cut_in_the_error(db):
    """Audit (stop 62): `GET /api/games/<5,000 characters>/record` answered a one-line error
    of 5,037 bytes, the id echoed whole; the lobby's "Play again" puts the id of its link in
    such a request. The id is quoted cut to 60 characters, as every other echoed value is."""
    with TestClient(create_app(db, ai_processes=0)) as c:
        for path in ("record", "replay", ""):
            answer = c.get(f"/api/games/{'a' * 5000}/{path}".rstrip("/"))
            assert answer.status_code == 404, (path, answer.text)
            error = answer.json()["error"]
            assert error == f"no game '{'a' * 56}... on this server", path
        assert c.get("/api/games/nosuchgame").json()["error"] == \
            "no game 'nosuchgame' on this server"
