"""Audit (stop 57): a page already open at a table kept live controls after the organiser
closed it: the closed panel replaced the table only, and above it the prompt ("Your move:
...") stayed, the Resign button stayed (and opened its confirmation), the seat list still
showed seat 0 connected and to move ("Seat 0: person · connected ●" on a spectator's page),
and a hotseat page kept its "I am seat 0: show my table" button. The closing was said three
times (the notice, the heading, and a red line that spelled out the record's and the
replay's addresses). Once closed, a page that was at the table shows what a page opened
afterwards shows: no prompt, no Resign, no hotseat switch, no seat connected or to move, the
closing said once, its addresses only as links."""

from __future__ import annotations

import json
import re
import urllib.request

from playwright.sync_api import expect

from conftest import LiveServer

TOKEN = "organiser-" + "q3" * 12
OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


def post(url: str, body: dict | None = None, headers: dict | None = None) -> dict:
    request = urllib.request.Request(
        url, method="POST", data=json.dumps(body).encode() if body is not None else None,
        headers={"Content-Type": "application/json", **(headers or {})})
    with OPENER.open(request) as answer:
        assert answer.status == 200
        return json.loads(answer.read())


def create(server: LiveServer, seats: tuple[str, ...]) -> dict:
    return post(server.url + "/api/games", {"game": "battle", "seed": 7,
                                            "seats": [{"kind": k} for k in seats]})


def close(server: LiveServer, gid: str) -> None:
    closed = post(f"{server.url}/api/games/{gid}/close",
                  headers={"Authorization": f"Bearer {TOKEN}"})
    assert closed["status"] == "closed"


def said_closed_once(page, gid: str) -> str:
    """The closed panel is up and says the closing once (the notice gone, no red line), its
    addresses as links only; nothing of the table is live. The panel's text."""
    expect(page.locator("#refused h3")).to_have_text("The organiser closed this table")
    expect(page.locator("#status")).to_have_text("Table closed")
    expect(page.locator("#prompt")).to_be_hidden()
    expect(page.locator("#pass")).to_be_hidden()
    expect(page.locator("#notice")).to_be_hidden()
    expect(page.locator("#refused .error")).to_have_count(0)
    expect(page.locator("#resign, #resign-confirm, #resign-yes, button.hand")).to_have_count(0)
    expect(page.get_by_role("button", name=re.compile("show my table"))).to_have_count(0)
    seats = page.locator("#seats")
    expect(seats).not_to_contain_text("connected")
    expect(seats).not_to_contain_text("watching")
    expect(seats.locator(".turn-dot, .presence, li.moving")).to_have_count(0)
    shown = page.locator("body").inner_text()
    assert shown.lower().count("closed this table") == 1, shown
    assert shown.lower().count("nothing more is played") <= 1, shown
    assert "/api/games" not in shown and "/replay/" not in shown, shown
    links = page.locator("#refused a")
    assert links.nth(0).get_attribute("href") == f"/api/games/{gid}/record"
    assert links.nth(1).get_attribute("href") == f"/replay/{gid}"
    return page.locator("#refused").inner_text()


def test_a_page_at_a_table_the_organiser_closes_keeps_no_live_control(db, browser):
    """Audit (stop 57): the seat's page (its Resign confirmation open) and a spectator's,
    open when the organiser closes the table, end as a page opened afterwards: the prompt,
    Resign and the seats' presence and turn gone, the closing said once."""
    with LiveServer(db, ai_processes=0, allow_seed=True, organiser_token=TOKEN) as server:
        made = create(server, ("here", "heuristic"))
        gid = made["id"]
        seat = browser.new_page()
        seat.goto(f"{server.url}/game/{gid}#t={made['seats'][0]['token']}")
        expect(seat.locator("#prompt")).to_contain_text("Your move:")
        watching = browser.new_page()
        watching.goto(f"{server.url}/game/{gid}")
        expect(watching.locator("#seats")).to_contain_text("Seat 0: person · connected")
        seat.locator("#resign").click()
        expect(seat.locator("#resign-yes")).to_be_visible()
        close(server, gid)
        panels = [said_closed_once(page, gid) for page in (seat, watching)]
        expect(seat.locator("#seats")).to_contain_text("Seat 0: person")
        fresh = browser.new_page()
        fresh.goto(f"{server.url}/game/{gid}#t={made['seats'][0]['token']}")
        panels.append(said_closed_once(fresh, gid))
        assert panels[0] == panels[1] == panels[2], panels
        for page in (seat, watching, fresh):
            page.close()


def test_a_hotseat_page_the_organiser_closes_offers_no_seat_to_show(db, browser):
    """Audit (stop 57): a hotseat page, its table hidden behind "I am seat 0: show my table",
    keeps no such button once the table is closed."""
    with LiveServer(db, ai_processes=0, allow_seed=True, organiser_token=TOKEN) as server:
        made = create(server, ("here", "here"))
        gid = made["id"]
        tokens = ",".join(s["token"] for s in made["seats"])
        page = browser.new_page()
        page.goto(f"{server.url}/game/{gid}#t={tokens}")
        expect(page.get_by_role("button", name=re.compile("show my table")).first).to_be_visible()
        close(server, gid)
        said_closed_once(page, gid)
        page.close()


def test_a_closed_tables_replay_says_how_it_ended(db, browser):
    """Audit (stop 60): the replay of a table the organiser closed ended on a table stopped
    mid-turn, with no result and nothing to say why ("position 19 of 19"), where `warroom
    replay` of its record says the organiser closed it. Its last position says so; earlier
    positions show no result."""
    with LiveServer(db, ai_processes=0, allow_seed=True, organiser_token=TOKEN) as server:
        made = create(server, ("here", "heuristic"))
        gid = made["id"]
        close(server, gid)
        page = browser.new_page()
        page.goto(f"{server.url}/replay/{gid}#at=999")
        expect(page.locator("#where")).to_have_text(re.compile(r"^position (\d+) of \1$"))
        expect(page.locator("#result")).to_contain_text(
            "Closed by the organiser, unfinished: nobody won")
        if int(page.locator("#where").inner_text().rsplit(" ", 1)[1]) > 0:
            page.goto(f"{server.url}/replay/{gid}#at=0")
            expect(page.locator("#where")).to_have_text(re.compile(r"^position 0 of "))
            expect(page.locator("#result")).to_be_hidden()
        page.close()
