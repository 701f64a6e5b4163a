"""Audit (stop 61) of `warroom serve`: wrong organiser tokens are limited by client address,
an organiser token file others may read is said at start, and a table whose people have not
come is listed open though its AI seat has moved."""

from __future__ import annotations

import importlib
import stat
import time
from pathlib import Path

from fastapi.testclient import TestClient
from playwright.sync_api import expect

from warroom.server import create_app
from warroom.server.app import TOKEN_TRIES, TOKEN_WINDOW, WrongTokens

TOKEN = "organiser-" + "q3" * 12
WRONG = {"Authorization": "Bearer organiser-" + "x9" * 12}
RIGHT = {"Authorization": f"Bearer {TOKEN}"}


def create(c: TestClient, seats: tuple[str, ...] = ("here", "invite")) -> str:
    response = c.post("/api/games", json={"game": "kow", "seed": 7,
                                          "seats": [{"kind": k} for k in seats]})
    assert response.status_code == 200, response.text
    return response.json()["id"]


def test_wrong_organiser_tokens_are_refused_unchecked_after_a_few(db):
    """Audit (stop 61): a client could send wrong organiser tokens to the close route as fast
    as it liked, each answered 403, so an organiser's own short token could be guessed. After
    TOKEN_TRIES wrong ones within TOKEN_WINDOW s the address's next close is 429 in one line
    saying how long to wait, its token not checked (the right one too); another address is
    not held back, and once the wait is over the right token closes the table."""
    now = [1000.0]
    app = create_app(db, ai_processes=0, allow_seed=True, organiser_token=TOKEN)
    app.state.server.wrong_tokens.clock = lambda: now[0]
    with TestClient(app) as c:
        first, second = create(c), create(c)
        unsent = [c.post(f"/api/games/{first}/close").status_code for _ in range(10)]
        wrong = [c.post(f"/api/games/{first}/close", headers=WRONG).status_code
                 for _ in range(TOKEN_TRIES)]
        now[0] += 12
        held = c.post(f"/api/games/{first}/close", headers=RIGHT)
        status = c.get(f"/api/games/{first}").json()["status"]
        other = TestClient(app, client=("192.0.2.7", 4000))
        others = [other.post(f"/api/games/{second}/close", headers=WRONG).status_code,
                  other.post(f"/api/games/{second}/close", headers=RIGHT).status_code]
        now[0] += TOKEN_WINDOW - 12
        after = c.post(f"/api/games/{first}/close", headers=RIGHT)
    assert unsent == [401] * 10  # no token sent: none checked, none counted
    assert wrong == [403] * TOKEN_TRIES
    assert held.status_code == 429 and held.headers["Retry-After"] == "48"
    assert held.json() == {"error": f"too many wrong organiser tokens from this address "
                                    f"({TOKEN_TRIES} in {TOKEN_WINDOW:g} s): this one was not "
                                    "checked; try again in 48 s"}
    assert status == "open"  # nothing closed
    assert others == [403, 200]
    assert after.status_code == 200 and after.json()["status"] == "closed"


def test_the_wrong_tokens_kept_are_bounded_and_pass(monkeypatch):
    """Audit (stop 61): the addresses that sent wrong tokens are remembered in a bounded
    table (those whose failures passed go first, then the least recent), and an address's
    wait ends with its window."""
    monkeypatch.setattr(importlib.import_module("warroom.server.app"), "TOKEN_CLIENTS", 3)
    now = [0.0]
    tokens = WrongTokens(lambda: now[0])
    for _ in range(TOKEN_TRIES):
        tokens.wrong("a")
    for address in ("b", "c", "d", "e"):
        now[0] += 1
        tokens.wrong(address)
    assert len(tokens.failed) == 3 and "a" not in tokens.failed
    for _ in range(TOKEN_TRIES):
        tokens.wrong("e")
    assert tokens.wait("e") == TOKEN_WINDOW
    now[0] += TOKEN_WINDOW
    assert tokens.wait("e") == 0
    tokens.wrong("f")  # every failure kept has passed: those addresses are forgotten
    assert list(tokens.failed) == ["f"]


def _serve(monkeypatch, db: Path, token_file: Path | None) -> dict:
    import warroom.server
    from warroom.cli import main

    made: dict = {}
    monkeypatch.setattr(warroom.server, "create_app", lambda db, **kw: made.update(kw))
    monkeypatch.setattr(importlib.import_module("warroom.cli.serve"), "run_server",
                        lambda *a, **kw: None)
    own = ["--organiser-token-file", str(token_file)] if token_file else []
    assert main(["serve", "--port", "0", "--db", str(db), *own]) == 0
    return made


def test_serve_warns_of_an_organiser_token_file_others_may_read(tmp_path, monkeypatch,
                                                               capsys):
    """Audit (stop 61): `warroom serve --organiser-token-file F` served a token file written
    with mode 0644 without a word: every user of the machine could read the token that closes
    any table. The server still starts (a club's restart must not break), with one warning
    line naming the file and `chmod 600`; a private file, or one serve made (0600), none."""
    db = tmp_path / "games.sqlite"
    own = tmp_path / "my token"
    own.write_text("a-token-of-my-own-0123\n")
    own.chmod(0o644)
    made = _serve(monkeypatch, db, own)
    err = capsys.readouterr().err
    assert made["organiser_token"] == "a-token-of-my-own-0123"
    assert err == (f"warroom: warning: {own}: users other than its owner may read or change "
                   "it (mode 0644), and its token closes any table; make it yours alone: "
                   f"chmod 600 '{own}'\n")
    own.chmod(0o600)
    _serve(monkeypatch, db, own)
    assert capsys.readouterr().err == ""
    _serve(monkeypatch, db, None)  # made now, then read as it was made
    _serve(monkeypatch, db, None)
    beside = Path(f"{db}.organiser-token")
    assert stat.S_IMODE(beside.stat().st_mode) == 0o600
    assert capsys.readouterr().err == ""


def _after_ai_move(server, game_id: str) -> None:
    deadline = time.monotonic() + 60
    while not server.games[game_id].actions:
        assert time.monotonic() < deadline, "the AI seat did not move"
        time.sleep(0.02)


def test_a_table_whose_person_has_not_come_is_open_after_its_ai_moved(db):
    """Audit (stop 61): a table of a heuristic AI and an invited person nobody had joined
    was listed "running" as soon as the AI made its first move (kow's dice are chosen at
    once), though it waited for its player. It is "open" until the person's page comes,
    after a restart too; then "running"."""
    app = create_app(db, ai_processes=0, allow_seed=True)
    with TestClient(app) as c:
        made = c.post("/api/games", json={"game": "kow", "seed": 7, "seats": [
            {"kind": "heuristic"}, {"kind": "invite"}]}).json()
        gid = made["id"]
        _after_ai_move(app.state.server, gid)
        moved = c.get(f"/api/games/{gid}").json()
        listed = {g["id"]: g["status"] for g in c.get("/api/games").json()["games"]}
    with TestClient(create_app(db, ai_processes=0)) as c:
        restarted = c.get(f"/api/games/{gid}").json()["status"]
        with c.websocket_connect(f"/ws/{gid}") as ws:
            ws.send_json({"type": "hello", "token": made["seats"][0]["token"]})
            assert ws.receive_json()["type"] == "welcome"
            joined = c.get(f"/api/games/{gid}").json()["status"]
    assert moved["status"] == listed[gid] == "open"
    assert [s.get("joined") for s in moved["seats"]] == [None, False]
    assert (restarted, joined) == ("open", "running")


def test_the_lobby_lists_that_table_open(live_server, browser):
    """Audit (stop 61): the lobby's row of a table whose AI seat moved while its invited
    person had not come read "running" and "heuristic vs person (away)"; it reads "open" and
    "heuristic vs open"."""
    from test_lobby_page import lobby

    page = browser.new_page()
    made = page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "seats": [{"kind": "heuristic"}, {"kind": "invite"}]}).json()
    _after_ai_move(live_server.app.state.server, made["id"])
    lobby(page, live_server.url)
    cells = page.locator(f"#games tr[data-game='{made['id']}'] td")
    # "open", and under it whom the table waits for (stop 75)
    expect(cells.nth(1)).to_have_text("openWaiting for seat 1 (not joined yet)", timeout=10_000)
    expect(cells.nth(2)).to_have_text("heuristic vs open")
    page.close()
