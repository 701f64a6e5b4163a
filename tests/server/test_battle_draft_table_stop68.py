"""Audit (stop 68), six friends playing Battle with a draft at the browser table: a knocked-out
defender's block gone from the last table, a draft line that said neither the pick nor where
the pack goes, and a phone's pack to pick from below six seats' empty piles."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from table_render import render_table
from test_audit54_phone import phone
from test_table_fixes import AI, HERE, made_game, open_seats

from conftest import LiveServer
from warroom.agents import HeuristicAgent
from warroom.engine import PlayerView
from warroom.games.battle import GAME
from warroom.games.battle.cards import card_text

PHONE = {"width": 390, "height": 844}
# Each attack group's row as the table draws it, without its spaces (a card's rank and suit
# are apart: "10 ♣").
GROUP_ROWS = """() => [...document.querySelectorAll('#table .zone .row')]
  .map((row) => row.innerText.replace(/\\s+/g, ''))"""
HEADER = "root.querySelector('.stats b').innerText"
DRAFT = {"deck_mode": "draft", "players": 6, "packs": 2, "pack_size": 6, "limited_size": 10}


def played_to_a_knock_out(page, server: LiveServer, seed: int) -> tuple[dict, dict]:
    """A Battle of two seats made on `server` and played to its end by the heuristic through
    the served game (each move stored, as a page's is): the game as made (its id, the seats'
    tokens), and its last observation as a spectator sees it."""
    made = made_game(page, server.url, "battle", [HERE, HERE], seed=seed)
    served = server.app.state.server
    live = served.games[made["id"]]
    agents = [HeuristicAgent(GAME, seed * 10 + p) for p in range(2)]
    while not live.over():
        seat = live.state.to_move()[0]
        live.apply(served.store, seat, agents[seat].act(PlayerView(live.state, seat, GAME)))
    return made, live.state.observation(None)


def rows_as_the_terminal_says(obs: dict, viewer: int | None) -> list[str]:
    """Each attack group's row as the terminal's line says it (`Group 1: Player 0's 10♣ ->
    Player 1  blocked by 7♣[P1] 5♦[P1]`), in the table's words (`Group 1 → Seat 1: 10♣
    blocked by 7♣ 5♦`, "You" for the viewer's seat), without spaces (as `GROUP_ROWS`)."""
    lines = GAME.render(obs, None).splitlines()
    rows = []
    for g, group in enumerate(obs["groups"]):
        line = next(line for line in lines if line.startswith(f"  Group {g + 1}: "))
        blockers = re.findall(r"(\S+)\[P\d+\]", line.partition("  blocked by ")[2])
        target = "You" if group["target"] == viewer else f"Seat {group['target']}"
        attackers = "".join(card_text(name) for _, name in group["attackers"])
        rows.append(f"Group{g + 1}→{target.replace(' ', '')}:{attackers}"
                    + (f"blockedby{''.join(blockers)}" if blockers else ""))
    return rows


def test_the_last_table_shows_the_block_of_a_defender_the_hits_put_out(db, browser):
    """Audit (stop 68): seat 5 blocked group 2 with 5♥ and the unblocked hits of group 1 put
    it out: the terminal, the frame's text and `warroom replay` said `Group 2: Player 4's 9♣
    -> Player 5  blocked by 5♥[P5]`, every page's table and the replay `Group 2 → Seat 5: 9♣`,
    an unblocked attack (a player who leaves takes its blockers with it, and the table drew
    the groups without them). Each page and the replay's end draw the block, as the terminal
    does."""
    page = browser.new_page()
    with LiveServer(db, ai_processes=0, allow_seed=True) as server:
        made, last = played_to_a_knock_out(page, server, seed=1)
    # The game this seed plays: the defender blocked a group, and the hits put it out before
    # any combat (the state's groups have lost its blockers; the terminal shows them).
    assert last["outcome"] and not any(g["blockers"] for g in last["groups"]), last
    assert any("blockedby" in row for row in rows_as_the_terminal_says(last, None))
    with LiveServer(db, ai_processes=0) as server:  # the game, served from its store
        url = f"{server.url}/game/{made['id']}"
        tokens = [s["token"] for s in made["seats"]]
        for viewer, address in ((0, f"{url}#t={tokens[0]}"), (1, f"{url}#t={tokens[1]}"),
                                (None, url), (None, f"{server.url}/replay/{made['id']}#at=999")):
            page.goto(address)
            page.wait_for_selector("#table .zone .row")
            expected = rows_as_the_terminal_says(last, viewer)
            expect(page.locator("#table .zone .row")).to_have_count(len(expected))
            assert page.evaluate(GROUP_ROWS) == expected, address
    page.close()


def drafting(seed: int = 1):
    """A six-seat draft of two packs of six (`DRAFT`), by the game's own API."""
    return GAME.new_state(GAME.config(DRAFT), seed)


def pick_round(state) -> None:
    for p in range(state.num_players):
        state.apply(p, state.legal_actions(p)[0])


def test_the_draft_line_says_the_pack_the_pick_and_where_the_pack_goes(live_server, browser):
    """Audit (stop 68): the terminal said `Pack 1 of 2, pick 1 of 6, passing left (to Player
    1)`, the browser's header only "Draft, pack 1" (a spectator, or a seat the AI plays, just
    "Draft"): not which pick, nor who gets the pack, nor that pack 2 passes the other way.
    The header says it as the terminal does, in the page's words ("Seat 1"); a spectator, the
    pack and its way round."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    s = drafting()
    for _ in range(2):
        pick_round(s)
    third = "Draft, pack 1 of 2 · pick 3 of 6 · passing left to Seat 1"
    assert render_table(page, "battle", s.observation(0), HEADER) == third
    s.apply(0, s.legal_actions(0)[0])  # picked; the pack is still this pick's
    assert render_table(page, "battle", s.observation(0), HEADER) == third
    assert render_table(page, "battle", s.observation(5), HEADER, seat=5) == \
        "Draft, pack 1 of 2 · pick 3 of 6 · passing left to Seat 0"
    assert render_table(page, "battle", s.observation(None), HEADER, seat=None) == \
        "Draft, pack 1 of 2 · passing left"
    while s.observation(0)["pack_number"] == 1:
        for p in range(6):
            if not s.observation(p)["seats"][p]["picked"]:
                s.apply(p, s.legal_actions(p)[0])
    assert render_table(page, "battle", s.observation(0), HEADER) == \
        "Draft, pack 2 of 2 · pick 1 of 6 · passing right to Seat 5"
    assert render_table(page, "battle", s.observation(None), HEADER, seat=None) == \
        "Draft, pack 2 of 2 · passing right"
    # the terminal's own line, of the same observation
    assert "Pack 2 of 2, pick 1 of 6, passing right (to Player 5)" in GAME.render(
        s.observation(0), 0)
    page.close()


def test_on_a_phone_the_pack_comes_before_the_seats_during_the_draft(live_server, browser):
    """Audit (stop 68): at 390x844 the pack to pick from sat below six seats' boxes (~1,600
    px down), each with an empty draw and discard pile and "no soldiers in play", nothing of
    which means anything before the battle. The pack (then the picks) comes first, on the
    first screen, and the seats' boxes say only how far each has picked."""
    context, page = phone(browser, PHONE)
    made = made_game(page, live_server.url, "battle", [HERE] + [AI] * 5, DRAFT)
    open_seats(page, live_server.url, made)
    pack = page.locator("#table .panel", has=page.locator("h3", has_text="pick one card"))
    expect(pack).to_be_visible(timeout=10_000)
    header = page.locator("#table .stats b").first
    expect(header).to_have_text("Draft, pack 1 of 2 · pick 1 of 6 · passing left to Seat 1")
    seats = page.locator("#table .seat-area")
    expect(seats).to_have_count(6)
    top = pack.bounding_box()["y"]
    assert top < seats.first.bounding_box()["y"] and top < PHONE["height"], top
    picks = page.locator("#table .panel", has=page.locator("h3", has_text="Your picks"))
    assert picks.bounding_box()["y"] < seats.first.bounding_box()["y"]
    for area in seats.all():
        text = area.inner_text()
        assert "Draw" not in text and "Discard" not in text, text
        assert "no soldiers in play" not in text and "picked" in text, text
    assert not page.locator("#table h3", has_text="Your hand").count()
    pack.locator(".playable").first.click()
    expect(header).to_have_text("Draft, pack 1 of 2 · pick 2 of 6 · passing left to Seat 1",
                                timeout=10_000)
    assert not page.errors, page.errors
    context.close()
