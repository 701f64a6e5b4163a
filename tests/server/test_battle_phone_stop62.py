"""Audit (stop 62): friends playing Battle at one phone (hotseat), two and four of them: no
rematch, a pass screen opened scrolled down, and the table's words ("uses 2S", a group with no
attackers, "Round 0, turn 0" in a draft)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from playwright.sync_api import expect
from table_render import render_table
from test_audit54_phone import phone
from test_table_fixes import HERE, made_game, open_seats

from warroom.games.battle import GAME
from warroom.games.battle.actions import PlaySpecial

sys.path.insert(0, str(Path(__file__).parent.parent / "games" / "battle"))
from battle_helpers import arrange, attack, begin_turn, block, done, new  # noqa: E402

# As one: a member's resignation ends the game (in an alliance the AI plays the seat on while
# its teammate is in play: tests/server/test_alliance_resign_stop66.py).
OPTIONS = {"players": 4, "teams": "as-one", "deck_mode": "sealed", "hand_size": 5}


def test_play_again_opens_the_lobby_with_the_games_settings(live_server, browser):
    """Audit (stop 62): after a game the result panel offered only "Download the record ·
    Replay", and the lobby's form was back to its defaults (seat 1 "AI: heuristic", the deck
    mode the default): a four-player alliance table took eight taps to set again. "Play again"
    opens the lobby with the form as the game was made (game, rule options, the seats this
    phone held as "me", the invited one invited, the AI with its budget); its link holds the
    game's id alone (no seed, no token), and Start sends the same game."""
    page = browser.new_page()
    url = live_server.url
    made = made_game(page, url, "battle", [HERE, {"kind": "invite"}, HERE,
                                           {"kind": "mcts", "seconds": 0.25}], OPTIONS)
    assert "id" in made, made
    page.goto(url + "/")  # as the lobby's Start keeps the seats it made for this device
    mine = {s["token"]: s["seat"] for s in made["seats"] if s["kind"] == "here"}
    invites = [s for s in made["seats"] if s["kind"] == "invite"]
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [f"warroom:{made['id']}",
                   json.dumps({"here": list(mine), "seats": mine, "invites": invites})])
    open_seats(page, url, made)
    page.click("#reveal")
    page.click("#resign")
    page.click("#resign-yes")
    again = page.locator("#result #play-again")
    expect(again).to_have_text("Play again")
    assert again.get_attribute("href") == f"/?again={made['id']}"
    again.click()
    page.wait_for_url(f"{url}/?again={made['id']}")
    expect(page.locator("#game")).to_have_value("battle")
    expect(page.locator("#opt-players")).to_have_value("4")
    expect(page.locator("#opt-teams")).to_have_value(OPTIONS["teams"])
    expect(page.locator("#opt-deck_mode")).to_have_value("sealed")
    expect(page.locator("#opt-hand_size")).to_have_value("5")
    kinds = ["here", "invite", "here", "mcts"]
    for seat, kind in enumerate(kinds):
        expect(page.locator(f"#seats-form select[data-seat='{seat}']")).to_have_value(kind)
    expect(page.locator("#seats-form input[name='seconds3']")).to_have_value("0.25")
    expect(page.locator("#seats-form input[name='seconds3']")).to_be_visible()
    with page.expect_request(lambda r: r.url.endswith("/api/games") and r.method == "POST") \
            as sent:
        page.click("#start")
    body = sent.value.post_data_json
    assert body == {"game": "battle",
                    "options": {name: str(value) if isinstance(value, int) else value
                                for name, value in OPTIONS.items()},
                    "seats": [{"kind": "here"}, {"kind": "invite"}, {"kind": "here"},
                              {"kind": "mcts", "seconds": 0.25}]}, body
    page.wait_for_url(f"{url}/game/*")
    page.close()


def test_play_again_of_a_game_not_over_says_why_in_the_lobby(live_server, browser):
    """Audit (stop 62): "Play again" reads the game's settings from its record, which is
    offered once the game is over: the lobby opened on a game still in play says so in one
    line above Start, and its form stays as it always opens."""
    page = browser.new_page()
    made = made_game(page, live_server.url, "battle", [HERE, HERE])
    page.goto(f"{live_server.url}/?again={made['id']}")
    expect(page.locator("#form-error")).to_have_text(
        "Play again: the record holds every secret: it is offered once the game is over")
    expect(page.locator("#seats-form select[data-seat='1']")).to_have_value("heuristic")
    page.close()


def test_the_pass_screen_opens_at_the_top_of_the_page(seeded_server, browser):
    """Audit (stop 62): in a hotseat draft, seat 0 tapped a card low in the pack and the
    "Pass the device to seat 1" screen opened scrolled down, its heading under the sticky
    header (the page kept the scroll of seat 0's table). It opens at the top."""
    context, page = phone(browser)
    made = made_game(page, seeded_server.url, "battle", [HERE, HERE],
                     {"deck_mode": "draft"}, seed=1)
    open_seats(page, seeded_server.url, made)
    page.click("#reveal")
    pack = page.locator(".panel", has=page.locator("h3", has_text="Draft, pack 1"))
    last = pack.locator(".playable").last
    # The pack comes first now, on the first screen: the table scrolled a little, its last
    # card still in view below the sticky header.
    page.evaluate("window.scrollBy(0, 120)")
    assert page.evaluate("window.scrollY") > 0
    last.click()
    expect(page.locator("#pass h2")).to_have_text("Pass the device to seat 1")
    assert page.evaluate("window.scrollY") == 0
    assert not page.errors, page.errors
    context.close()


FRAME = """async ([observation, text]) => {
    const kit = await import("/static/kit.js");
    const table = await import("/tables/battle.js");
    const root = document.createElement("div");
    document.body.append(root);
    table.render(root, { observation, text, seat: 0, legal: [], terminal: true },
                 { kit, act: () => {}, seat: 0, names: [] });
    return root.innerText;
}"""


def test_the_table_names_the_card_in_play_and_a_group_left_without_attackers(live_server,
                                                                             browser):
    """Audit (stop 62): the panel read "Seat 1 uses 2S" (the log says "2♠"), and a group
    whose attackers had all been struck down read "Group 1 → Seat 1: blocked by 7♦", no
    attacker at all, where the terminal says "(none left)"."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    s = begin_turn(arrange(new(players=3), hands={0: ["2S"]},
                           soldiers={0: ["7S"], 1: ["KS", "4D", "9C"], 2: ["5S", "6H"]}), 0)
    done(s, 0)
    s.apply(0, PlaySpecial("2S"))
    text = render_table(page, "battle", s.observation(1), seat=1)
    assert "Seat 0 uses 2♠" in text and "2S" not in text, text
    assert "You use 2♠" in render_table(page, "battle", s.observation(0))
    s = begin_turn(arrange(new(), soldiers={0: ["4H", "KH"], 1: ["7D", "9S", "8S"]}), 0)
    attack(s, 0, "4H", 1)
    attack(s, 0, "KH", 1)
    block(s, 1, "7D", 0)
    block(s, 1, "9S", 1)
    block(s, 1, "8S", 1)
    obs = s.observation(1)
    assert obs["groups"][0]["attackers"] == []
    text = render_table(page, "battle", obs, seat=1)
    assert "Group 1 → You: (none left) blocked by" in " ".join(text.split()), text
    page.close()


def test_the_table_says_the_last_attacks_were_never_fought(live_server, browser):
    """Audit (stop 62): a game ended by hits with attack groups still listed showed them on
    the table as if their combats were to come; the terminal says "The game ended before
    these attacks were fought". The table says it too, in the text view's words."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    s = begin_turn(arrange(new(hits_to_lose=1), soldiers={0: ["KH", "4H"], 1: ["9S"]}), 0)
    attack(s, 0, "KH", 1)
    attack(s, 0, "4H", 1)
    block(s, 1, "9S", 0)
    assert s.is_terminal()
    obs = s.observation(0)
    assert obs["groups"]
    text = page.evaluate(FRAME, [obs, GAME.render(obs, 0)])
    # (one blocked, one unblocked whose hit ended it: the heading says which, stop 70)
    assert "The game ended on these attacks (unblocked: hit; blocked: not fought)\n" in text, \
        text
    mid = begin_turn(arrange(new(), soldiers={0: ["KH"], 1: ["9S"]}), 0)
    attack(mid, 0, "KH", 1)
    live = mid.observation(1)
    assert "ended before" not in page.evaluate(FRAME, [live, GAME.render(live, 1)])
    page.close()


def test_a_draft_and_deck_building_say_so_where_the_round_goes(live_server, browser):
    """Audit (stop 62): in a draft and while decks were built, the table's header read "Round
    0, turn 0". It says "Draft, pack 1" and "Deck building"; the game's rounds as before."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    stats = "root.querySelector('.stats').innerText"
    draft = new(deck_mode="draft", players=3, packs=2, pack_size=4, limited_size=8)
    assert render_table(page, "battle", draft.observation(0), stats).startswith("Draft, pack 1")
    watched = render_table(page, "battle", draft.observation(None), stats, seat=None)
    assert watched.startswith("Draft") and "Round" not in watched, watched
    sealed = new(deck_mode="sealed").observation(0)
    assert render_table(page, "battle", sealed, stats).startswith("Deck building")
    played = begin_turn(arrange(new(), soldiers={0: ["KH"]}), 0).observation(0)
    assert render_table(page, "battle", played, stats).startswith("Round 1, turn")
    page.close()
