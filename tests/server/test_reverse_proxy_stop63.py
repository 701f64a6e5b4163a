"""Audit (stop 63): `warroom serve` behind a reverse proxy (nginx on the same machine,
`proxy_pass http://127.0.0.1:PORT`, the club at https://club.example/). Browsers could not
create, close or play: the pages' Origin (https://club.example) was not the proxied
request's own (403/4403), and a Host club.example was refused on loopback (400). Every client
was the proxy's address for the per-address limits, and the stop line said 0 pages connected
with pages open. `--public-url` names the club's address, `--trust-proxy` the proxy whose
X-Forwarded-For and X-Forwarded-Proto are believed, and the stop line counts the pages
connected when the stop began."""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient
from served import running, served_as_configured
from starlette.websockets import WebSocketDisconnect
from test_api import hello

from warroom.server import create_app
from warroom.server.app import CREATE_BURST

PUBLIC = "https://club.example"
BODY = json.dumps({"game": "kow", "seats": [{"kind": "invite"}, {"kind": "invite"}]})
JSON = {"content-type": "application/json"}
ENV = {**os.environ, "WARROOM_NATIVE": "0"}


def proxied(db, **options) -> TestClient:
    """The app as `serve` makes it on a loopback --host, asked as the proxy asks it (http,
    with the Host nginx passes on: `$host`)."""
    app = create_app(db, ai_processes=0, listen="127.0.0.1", **options)
    return TestClient(app, base_url="http://club.example")


def test_a_loopback_server_with_a_public_url_serves_its_name_and_its_pages(db):
    """Audit (stop 63): behind nginx, every POST and WebSocket of the club's pages was refused:
    403/4403 (their Origin https://club.example is not the proxied request's http one), or,
    with the proxy passing `Host $host`, 400 ("the Host club.example is not a loopback name").
    With the public URL given, its host is served and its pages are the server's own; another
    site's page and another name are refused as before."""
    own, evil = {"origin": PUBLIC}, {"origin": "https://evil.example"}
    with proxied(db, public_origin=PUBLIC + "/") as c:
        made = c.post("/api/games", content=BODY, headers={**own, **JSON})
        with_port = c.post("/api/games", content=BODY,
                           headers={**own, **JSON, "host": "club.example:8443"})
        proxy_host = c.post("/api/games", content=BODY,  # nginx's default: its own Host
                            headers={**own, **JSON, "host": "127.0.0.1:8772"})
        foreign = c.post("/api/games", content=BODY, headers={**evil, **JSON})
        rebound = c.post("/api/games", content=BODY, headers={**JSON, "host": "evil.example"})
        table = f"ws://club.example/ws/{made.json()['id']}"
        with c.websocket_connect(table, headers=own) as ws:
            watching = hello(ws)
        with c.websocket_connect(table, headers=evil) as ws:
            refused = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        with c.websocket_connect(table, headers={**own, "host": "evil.example"}) as ws:
            ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed_host:
                ws.receive_json()
    assert [made.status_code, with_port.status_code, proxy_host.status_code] == [200] * 3
    assert watching["seat"] is None
    assert foreign.status_code == 403 and foreign.json()["error"] == (
        "refused: a page of https://evil.example may not use this server (only its own "
        "pages, at https://club.example, may)")
    assert refused["message"] == foreign.json()["error"] and closed.value.code == 4403
    assert rebound.status_code == 400 and rebound.json()["error"] == (
        "this server listens on loopback only, and the Host evil.example is not a loopback "
        "name (localhost, 127.0.0.1 or [::1]) nor its public name club.example: refused, as a "
        "name pointed at this machine by another site would be")
    assert closed_host.value.code == 4400


def test_a_plain_http_page_of_the_public_name_is_not_its_https_site(db):
    """Audit (stop 63, leak hunt): under `--public-url https://club.example`, a request made
    over http naming club.example took a page of http://club.example for its own (the
    request's scheme made it so), though the club's site is https: only the public origin is."""
    with proxied(db, public_origin=PUBLIC) as c:
        plain = c.post("/api/games", content=BODY,
                       headers={"origin": "http://club.example", **JSON})
        local = c.post("/api/games", content=BODY,  # on the machine, by its loopback name
                       headers={"origin": "http://127.0.0.1:8772", "host": "127.0.0.1:8772",
                                **JSON})
    assert plain.status_code == 403 and "at https://club.example, may" in plain.json()["error"]
    assert local.status_code == 200


def test_without_a_public_url_the_refusals_stand(db):
    """Audit (stop 63): the public URL is the operator's to give: without it a loopback
    server still refuses the Host club.example, and the page of https://club.example."""
    with proxied(db) as c:
        named = c.post("/api/games", content=BODY, headers={"origin": PUBLIC, **JSON})
        page = c.post("/api/games", content=BODY,
                      headers={"origin": PUBLIC, **JSON, "host": "127.0.0.1:8772"})
        with c.websocket_connect("/ws/x", headers={"origin": PUBLIC,
                                                   "host": "127.0.0.1:8772"}) as ws:
            ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
    assert named.status_code == 400 and page.status_code == 403
    assert closed.value.code == 4403


@pytest.mark.parametrize("url", [
    "https://club.example/warroom", "ftp://club.example", "club.example",
    "https://club.example/?a=1", "https://someone@club.example", "https://club.example:99999",
    "https://club example"])
def test_a_public_url_that_is_not_a_sites_root_is_refused_in_one_line(tmp_path, url):
    """Audit (stop 63): `--public-url` takes the root of a site alone (the pages' links all
    start at /: a sub-path is not served); anything else is one line naming the option, and
    nothing is made."""
    done = subprocess.run([sys.executable, "-m", "warroom", "serve", "--port", "0", "--db",
                           str(tmp_path / "g.sqlite"), "--public-url", url],
                          capture_output=True, text=True, env=ENV, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    [line] = done.stderr.splitlines()
    assert line.startswith(f"warroom: error: Invalid value for --public-url: {url!r} "), line
    assert list(tmp_path.iterdir()) == []


def _serve(monkeypatch, capsys, *args: str) -> tuple[dict, str]:
    """What `warroom serve ARGS` gives uvicorn (the app too), and what it says."""
    ran = served_as_configured(monkeypatch, ["serve", "--port", "0", "--ai-workers", "0",
                                             *args])
    return ran, capsys.readouterr().out


def test_serve_trusts_proxy_headers_only_from_the_addresses_named(db, monkeypatch, capsys):
    """Audit (stop 63): the operator had no way to trust a proxy's X-Forwarded-For, so every
    client behind it was the proxy's address. `--trust-proxy` turns uvicorn's proxy headers
    on for those addresses alone; without it they stay off (any local program could send
    them), and a mistyped address is one line."""
    from warroom.cli import main

    plain, _ = _serve(monkeypatch, capsys, "--db", str(db))
    plain["app"].state.server.store.close()
    trusting, out = _serve(monkeypatch, capsys, "--db", str(db), "--public-url",
                           "HTTPS://Club.Example:8443/", "--trust-proxy", "127.0.0.1",
                           "--trust-proxy", "::1, 10.1.2.3/8")
    trusting["app"].state.server.store.close()
    assert plain["kw"]["proxy_headers"] is False and "forwarded_allow_ips" not in plain["kw"]
    assert trusting["kw"]["proxy_headers"] is True
    assert trusting["kw"]["forwarded_allow_ips"] == ["127.0.0.1", "::1", "10.0.0.0/8"]
    port = trusting["kw"]["port"]
    assert out.splitlines()[0] == (f"warroom: serving http://127.0.0.1:{port}/ for "
                                   f"https://club.example:8443/ (games in {db})")
    assert main(["serve", "--port", "0", "--db", str(db), "--trust-proxy", "proxy"]) == 2
    assert capsys.readouterr().err.splitlines() == [
        "warroom: error: Invalid value for --trust-proxy: 'proxy' is not an IP address or "
        "network (a reverse proxy's, such as 127.0.0.1) (see 'warroom serve --help')"]


def _create(port: int, forwarded_for: str) -> int:
    """POST /api/games as nginx passes a page of the club's on: the status."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
    try:
        connection.request("POST", "/api/games", BODY, headers={
            **JSON, "Host": "club.example", "Origin": PUBLIC,
            "X-Forwarded-For": forwarded_for, "X-Forwarded-Proto": "https"})
        return connection.getresponse().status
    finally:
        connection.close()


def test_clients_behind_a_trusted_proxy_have_quotas_of_their_own(db, monkeypatch, capsys):
    """Audit (stop 63): behind the proxy one client used the whole club's create quota (and
    five wrong organiser tokens from anyone locked the organiser out): every client was the
    proxy's address. With `--trust-proxy 127.0.0.1` each is the address the proxy names."""
    ran, _ = _serve(monkeypatch, capsys, "--db", str(db), "--public-url", PUBLIC,
                    "--trust-proxy", "127.0.0.1")
    with running(ran) as port:
        first = [_create(port, "10.9.0.1") for _ in range(CREATE_BURST + 1)]
        other = _create(port, "10.9.0.2")
    assert first == [200] * CREATE_BURST + [429] and other == 200
    assert set(ran["app"].state.server.creators) == {"10.9.0.1", "10.9.0.2"}


def _first_game(port: int) -> str:
    """A game made on the server at `port` once it listens (it names its port first)."""
    deadline = time.monotonic() + 60
    while True:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=20)
        try:
            connection.request("POST", "/api/games", BODY, headers=JSON)
            return json.loads(connection.getresponse().read())["id"]
        except ConnectionRefusedError:
            assert time.monotonic() < deadline, "the server did not listen within 60 s"
            time.sleep(0.1)
        finally:
            connection.close()


def test_the_stop_line_counts_the_pages_connected_when_the_stop_began(tmp_path):
    """Audit (stop 63): with 3 pages open, SIGTERM's stop line said "0 pages connected":
    uvicorn closes the WebSockets before the app's shutdown, which counted them then."""
    from websockets.sync.client import connect

    server = subprocess.Popen([sys.executable, "-m", "warroom", "serve", "--port", "0",
                               "--db", str(tmp_path / "g.sqlite"), "--ai-workers", "0"],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              env=ENV)
    try:
        port = server.stdout.readline().split(":")[3].split("/")[0]
        game = _first_game(int(port))
        with ExitStack() as pages:
            for _ in range(3):
                page = pages.enter_context(connect(f"ws://127.0.0.1:{port}/ws/{game}"))
                page.send(json.dumps({"type": "hello"}))
                assert json.loads(page.recv(timeout=20))["type"] == "welcome"
            server.send_signal(signal.SIGTERM)
            _, err = server.communicate(timeout=60)
    finally:
        if server.poll() is None:
            server.kill()
    assert server.returncode == 0, err[-2000:]
    assert err.splitlines()[-1] == (
        "stopping: 1 game in play (0 active in the last hour), 3 pages connected, 0 AI "
        "moves under way; every game is in the store"), err[-2000:]
