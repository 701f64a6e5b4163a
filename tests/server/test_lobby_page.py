"""The lobby page in a real browser: each game's whole rules, options that say what they do
and show only where they apply, three-state scenario options that send only what was chosen,
controls a finger tall on a phone (and the replay's slider), and a games list that tells games
apart."""

from __future__ import annotations

import json
import re
import time
from datetime import UTC, datetime
from email.utils import formatdate

from playwright.sync_api import expect
from test_browser import finished_game

from ai_pace import quick_beats
from warroom.games import REGISTRY

PHONE = {"width": 390, "height": 844}


def lobby(page, url: str, game: str | None = None) -> None:
    page.goto(url + "/")
    page.wait_for_selector("#game option", state="attached")
    if game is not None:
        page.select_option("#game", game)


def words(text: str) -> list[str]:
    return text.split()


def test_the_lobby_gives_each_game_its_whole_rules(live_server, browser):
    """The lobby showed the first 4 lines of a game's rules summary, cut mid-sentence (Battle's
    at "ONE court card (J, Q, K,"): each game's whole summary is there, folded away until asked
    for, its lines joined again into the paragraphs and items a phone wraps afresh."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    lobby(page, live_server.url)
    for name, game in REGISTRY.items():
        page.select_option("#game", name)
        expect(page.locator("#rules > summary")).to_contain_text(game.title)
        assert not page.locator("#rules-text").is_visible()  # folded: no wall of text
        page.locator("#rules > summary").click()
        expect(page.locator("#rules-text")).to_be_visible()
        # every word of the summary, in order (its "- " marks are list items now)
        expected = [w for line in game.summary.splitlines()
                    for w in words(re.sub(r"^- ", "", line))]
        assert words(page.locator("#rules-text").inner_text()) == expected, name
        # a line wrapped for the terminal is no line of its own: Battle's main step is one item
        if name == "battle":
            item = page.locator("#rules-text li", has_text=re.compile("^Main step"))
            expect(item).to_contain_text("ONE court card (J, Q, K, needing a soldier of its suit")
        scroll, client = page.evaluate("[document.documentElement.scrollWidth, "
                                       "document.documentElement.clientWidth]")
        assert scroll <= client, name
        size = page.locator("#rules-text li, #rules-text p").first.evaluate(
            "e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 14
        page.locator("#rules > summary").click()  # folded again for the next game
    context.close()


def test_each_option_says_what_it_does_in_words(live_server, browser):
    """Options were bare identifiers ("first_player -1"), their meaning nowhere on the page: a
    label in words, and under it (not in a tooltip: phones do not hover) what the option does
    and the values it takes, tied to the field for screen readers."""
    page = browser.new_page()
    lobby(page, live_server.url, "kow")
    page.locator("#options-box > summary").click()
    row = page.locator("[data-option=victories_to_win]")
    expect(row.locator("label")).to_have_text("Victories to win")
    help_id = page.locator("#opt-victories_to_win").get_attribute("aria-describedby")
    described = page.locator(f"#{help_id}")
    expect(described).to_be_visible()
    expect(described).to_have_text(
        '"first to three Victories claimed". Allowed: from 1 to 20.')
    page.select_option("#game", "battle")
    page.locator("#more-options > summary").click()
    expect(page.locator("[data-option=first_player] label")).to_have_text("First player")
    expect(page.locator("[data-option=first_player] .help")).to_contain_text(
        "Randomly determine who goes first")
    page.close()


def visible_options(page) -> set[str]:
    return set(page.evaluate("""[...document.querySelectorAll('[data-option]')]
        .filter((e) => e.checkVisibility()).map((e) => e.dataset.option)"""))


def test_battle_offers_only_the_options_that_apply(live_server, browser):
    """A two-player Battle off the top of one deck was offered deck0 to deck7, packs and
    team_size, which do nothing there: an option shows while it applies (a seat's deck list
    for the seats in play, in constructed games; the draft's packs in a draft; the team size
    with teams), and the rarely changed ones wait under "More options"."""
    page = browser.new_page()
    lobby(page, live_server.url, "battle")
    page.locator("#options-box > summary").click()
    main = {"players", "teams", "deck_mode", "jokers", "hand_size", "hits_to_lose"}
    assert visible_options(page) == main
    expect(page.locator("#more-options > summary")).to_have_text("More options (3)")
    page.locator("#more-options > summary").click()
    assert visible_options(page) == main | {"first_player", "turn_limit", "max_rounds"}
    page.select_option("#opt-deck_mode", "constructed")
    assert {"deck0", "deck1", "constructed_size"} <= visible_options(page)
    assert "deck2" not in visible_options(page) and "packs" not in visible_options(page)
    page.fill("#opt-players", "3")
    assert {"deck0", "deck1", "deck2"} <= visible_options(page)
    assert "deck3" not in visible_options(page)
    page.select_option("#opt-deck_mode", "draft")
    assert {"packs", "pack_size", "limited_size"} <= visible_options(page)
    assert not {"deck0", "constructed_size"} & visible_options(page)
    page.fill("#opt-players", "6")  # (4 players play in teams of 2 only: nothing to choose)
    page.select_option("#opt-teams", "alliance")
    assert "team_size" in visible_options(page)
    # The Game of Champions' players allow 2 only: nothing to choose, nothing shown.
    page.select_option("#game", "champions")
    assert "players" not in visible_options(page)
    assert "roshambo" in visible_options(page)
    page.close()


def posted_options(page) -> list[dict]:
    """Catch what the form posts (answered with an error, so that the page stays)."""
    sent: list[dict] = []

    def catch(route):
        if route.request.method != "POST":
            route.continue_()
            return
        sent.append(json.loads(route.request.post_data)["options"])
        route.fulfill(status=400, content_type="application/json",
                      body=json.dumps({"error": "caught by the test", "field": None}))

    page.route("**/api/games", catch)
    return sent


def submit(page, sent: list[dict]) -> dict:
    count = len(sent)
    page.click("#start")
    for _ in range(200):  # the route's handler runs while the page waits
        if len(sent) > count:
            break
        page.wait_for_timeout(25)
    expect(page.locator("#form-error")).to_have_text("caught by the test")
    assert len(sent) == count + 1
    return sent[-1]


def test_scenario_options_have_three_states_and_only_a_choice_is_sent(live_server, browser):
    """Viktory's overwatch, naval_support, artillery_characteristics and supply options default
    to the scenario's value (None), yet showed as unticked boxes though the default battle plays
    Overwatch, and a box ticked then unticked sent false, which looks the same as unset. Such an
    option is a choice of the scenario's value, on or off; a field put back as it was sends
    nothing; an option hidden because it does not apply is not sent."""
    page = browser.new_page()
    sent = posted_options(page)
    lobby(page, live_server.url, "viktory")
    page.locator("#options-box > summary").click()
    page.locator("#more-options > summary").click()
    for name in ("overwatch", "naval_support", "artillery_characteristics", "attacker_supply",
                 "defender_supply"):
        field = page.locator(f"#opt-{name}")
        assert field.evaluate("e => e.tagName") == "SELECT", name
        assert field.input_value() == "", name
        texts = field.locator("option").all_inner_texts()
        assert texts == ["scenario's value", "on", "off"], name
    assert submit(page, sent) == {}
    page.select_option("#opt-overwatch", "true")
    page.select_option("#opt-overwatch", "")  # back to the scenario's
    page.fill("#opt-attacker_towns", "3")
    page.fill("#opt-attacker_towns", "")  # emptied: the scenario's again
    page.select_option("#opt-mode", "cards")
    page.locator("#opt-prebattle_fire_each_wave").uncheck()
    page.select_option("#opt-mode", "dice")  # ... which only the cards mode plays
    assert submit(page, sent) == {}
    page.select_option("#opt-overwatch", "false")
    page.select_option("#opt-naval_support", "true")
    assert submit(page, sent) == {"overwatch": False, "naval_support": True}
    # A plain check box ticked and unticked again sends nothing either.
    page.select_option("#game", "viktory-ii")
    page.locator("#options-box").evaluate("e => e.open = true")
    page.locator("#opt-dark").check()
    page.locator("#opt-dark").uncheck()
    page.fill("#opt-turn_limit", "5")
    assert submit(page, sent) == {"turn_limit": "5"}
    page.close()


def test_a_scenario_option_chosen_in_the_lobby_is_played(live_server, browser):
    """The three-state field's choice reaches the game: Overwatch turned off in the lobby is
    off in the game's rules (and left alone, the scenario's value stands)."""
    page = browser.new_page()
    lobby(page, live_server.url, "viktory")
    page.locator("#options-box > summary").click()
    page.select_option("#opt-overwatch", "false")
    page.click("#start")
    page.wait_for_url(re.compile(r"/game/"))
    game_id = page.url.split("/game/")[1].split("#")[0]
    server = live_server.app.state.server
    config = server.games[game_id].config
    assert config.overwatch is False
    assert config.naval_support is None  # not chosen: the scenario's
    page.close()


def small_controls(page) -> list:
    """The visible controls less than 40 px tall (a check box counts by its label's box,
    which takes its taps)."""
    return page.evaluate("""() => [...document.querySelectorAll(
        'a, button, select, input, summary, label.check')]
      .filter((e) => e.checkVisibility() && e.type !== 'checkbox')
      .map((e) => { const r = e.getBoundingClientRect();
                    return [e.id || e.className || e.tagName, e.textContent.trim().slice(0, 20),
                            Math.round(r.height)]; })
      .filter(([, , height]) => height < 40)""")


def test_the_lobby_is_finger_sized_on_a_phone(live_server, browser):
    """On a phone (390 x 844) the lobby's watch and replay links were 42 x 16 px, its check
    boxes 13 px and "Rule options" 22 px: every control is at least 40 px tall now (a check
    box's label takes the taps around it), as the table's buttons are."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    game_id = finished_game(page, live_server.url, "kow", {"victories_to_win": 1})
    page.request.post(f"{live_server.url}/api/games", data={
        "game": "kow", "options": {}, "seats": [{"kind": "here"}, {"kind": "invite"}]})
    for name in ("word-iron", "battle", "viktory", "viktory-ii"):  # check boxes, files, ...
        lobby(page, live_server.url, name)
        page.wait_for_selector(f"tr[data-game='{game_id}'] a[href^='/replay/']")
        page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        assert small_controls(page) == [], name
    # A tap on a check box's label, off the box itself, ticks it.
    check = page.locator("label.check").first
    check.scroll_into_view_if_needed()
    box = check.bounding_box()
    field = check.locator("input")
    was = field.is_checked()
    page.touchscreen.tap(box["x"] + box["width"] - 4, box["y"] + 3)
    expect(field).to_be_checked(checked=not was)
    context.close()


def test_the_replay_slider_is_finger_sized_on_a_phone(live_server, browser):
    """The replay's slider was 24 px tall on a phone: it is as tall as the step buttons beside
    it, and takes a tap anywhere in that height, not on its thin track alone; every other
    control of the page is a finger tall too."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    page = context.new_page()
    game_id = finished_game(page, live_server.url, "kow", {"victories_to_win": 1})
    page.goto(f"{live_server.url}/replay/{game_id}")
    page.wait_for_selector("#step:enabled")
    assert small_controls(page) == []
    page.locator("#step").scroll_into_view_if_needed()
    step = page.locator("#step").bounding_box()
    page.touchscreen.tap(step["x"] + step["width"] * 0.9, step["y"] + 3)
    page.wait_for_function("!document.querySelector('#where').textContent"
                           ".startsWith('position 0 of')")
    context.close()


def test_the_games_list_tells_games_apart(live_server, browser):
    """Three rows could read the same ("The Game of Champions, finished, person vs heuristic"):
    each row gives the game's short id and when it was made (by the server's clock, the
    answer's Date), and a finished one who won, a draw, or who resigned."""
    page = browser.new_page()
    with quick_beats():
        game_id = finished_game(page, live_server.url, "champions", {"roshambo": "random"})
    outcome = page.request.get(f"{live_server.url}/api/games/{game_id}").json()["outcome"]
    lobby(page, live_server.url)
    row = page.locator(f"tr[data-game='{game_id}']")
    expect(row).to_contain_text(f"#{game_id[:6]}")
    expect(row).to_contain_text("just now")
    if outcome["draw"]:
        expect(row).to_contain_text("A draw")
    else:
        winner = outcome["winners"][0]
        expect(row).to_contain_text(f"Seat {winner} (random) won")
    page.close()
    # The list as the API gives it, for the endings a short test cannot count on playing.
    now = time.time()
    seats = [{"seat": 0, "kind": "person", "label": "person", "connected": False},
             {"seat": 1, "kind": "ai", "label": "heuristic", "connected": False}]

    def listed(gid: str, ago: float, outcome: dict | None) -> dict:
        game = {"id": gid, "game": "kow", "title": "Kings of War Battle Deck",
                "status": "finished" if outcome else "running", "version": 9,
                "created": now - ago, "seats": seats}
        return game | ({"outcome": outcome} if outcome else {})

    games = [
        listed("aaaaaa111111", 30, {"winners": [], "scores": [1, 1], "reason": "turn limit",
                                    "draw": True}),
        listed("bbbbbb222222", 5 * 60 + 10, {"winners": [1], "scores": [0, 1], "draw": False,
                                             "reason": "seat 0 resigned",
                                             "details": {"resigned": 0}}),
        listed("cccccc333333", 3 * 3600 + 10, None),
        listed("dddddd444444", 3 * 86400, {"winners": [0], "scores": [3, 1], "draw": False,
                                           "reason": "3 victories"}),
    ]
    page = browser.new_page()
    # The page's clock is a day fast: times are counted by the server's clock.
    page.clock.install(time=datetime.fromtimestamp(now + 86400, tz=UTC))
    served = formatdate(now, usegmt=True)  # the server's clock, as HTTP gives it
    page.route(re.compile(r"/api/games\?"), lambda route: route.fulfill(
        content_type="application/json", headers={"Date": served},
        body=json.dumps({"games": games, "total": 4, "offset": 0})))
    lobby(page, live_server.url)
    rows = page.locator("#games tr")
    expect(rows).to_have_count(4)
    texts = [" ".join(t.split()) for t in rows.all_inner_texts()]
    assert "#aaaaaa · just now" in texts[0] and "A draw" in texts[0]
    assert "#bbbbbb · 5 min ago" in texts[1]
    assert "Seat 0 resigned: seat 1 (heuristic) won" in texts[1]
    assert "#cccccc · 3 h ago" in texts[2] and "won" not in texts[2]
    made = page.evaluate("""([t, now]) => { const d = new Date(t * 1000);
        const year = d.getFullYear() !== new Date(now * 1000).getFullYear();
        return d.toLocaleDateString(undefined, {day: 'numeric', month: 'short',
                                                ...(year ? {year: 'numeric'} : {})}); }""",
                         [now - 3 * 86400, now])
    assert f"#dddddd · {made}" in texts[3] and "Seat 0 (person) won" in texts[3]
    assert not page.locator("#older").is_visible()  # every game is listed
    page.close()


def test_the_lobby_lists_the_newest_games_and_says_how_many_there_are(live_server, browser):
    """The lobby fetched every game the server ever held, every 3 seconds, to show 100: it
    asks for a page of 100 and says how many games there are in all."""
    asked: list[str] = []
    page = browser.new_page()
    page.on("request", lambda r: asked.append(r.url) if "/api/games" in r.url else None)
    for _ in range(3):
        page.request.post(live_server.url + "/api/games", data={
            "game": "kow", "seats": [{"kind": "here"}, {"kind": "invite"}]})
    lobby(page, live_server.url)
    expect(page.locator("#games tr")).to_have_count(3)
    assert not page.locator("#older").is_visible()
    assert asked and all(url.endswith("/api/games?limit=100") for url in asked)
    games = [{"id": f"{i:012d}", "game": "kow", "title": "Kings of War Battle Deck",
              "status": "running", "version": 1, "created": time.time() - i, "seats": []}
             for i in range(100)]
    page.route(re.compile(r"/api/games\?"), lambda route: route.fulfill(
        content_type="application/json", body=json.dumps({"games": games, "total": 250})))
    expect(page.locator("#older")).to_have_text("The 100 newest games in play, of 250 games.",
                                                timeout=10_000)
    expect(page.locator("#games tr")).to_have_count(100)
    page.close()


def test_the_lobby_lists_a_team_game_side_by_side(live_server, browser):
    """Audit (stop 40): a team game read "person vs person vs person vs heuristic"; its
    partners are listed together, side against side."""
    seats = [{"seat": i, "kind": kind, "label": kind, "connected": False}
             for i, kind in enumerate(["person", "person", "person", "ai"])]
    seats[3]["label"] = "heuristic"
    game = {"id": "aaaaaa111111", "game": "battle", "title": "Battle", "status": "running",
            "version": 3, "created": time.time(), "seats": seats, "sides": [[0, 2], [1, 3]]}
    page = browser.new_page()
    page.route(re.compile(r"/api/games\?"), lambda route: route.fulfill(
        content_type="application/json", body=json.dumps({"games": [game], "total": 1})))
    lobby(page, live_server.url)
    row = page.locator("#games tr")
    expect(row).to_have_count(1)
    assert ("person (away) & person (away) vs person (away) & heuristic"
            in " ".join(row.inner_text().split()))
    page.close()


def test_the_lobby_says_whom_each_game_in_play_waits_for(live_server, browser):
    """Audit (stop 74, a club's projector): the list did not say which table stands still for
    whom. A game in play says whom it waits for, a person away or not yet come named so; a
    game made here waits for both kow seats at once, as its spectators see."""
    page = browser.new_page()
    made = page.request.post(live_server.url + "/api/games", data={
        "game": "kow", "seats": [{"kind": "here"}, {"kind": "invite"}]}).json()
    lobby(page, live_server.url)
    row = page.locator(f"tr[data-game='{made['id']}']")
    expect(row).to_contain_text("Waiting for seat 0 (not joined yet) and seat 1 (not joined yet)")
    seats = [{"seat": 0, "kind": "person", "label": "person", "connected": False,
              "joined": True},
             {"seat": 1, "kind": "ai", "label": "heuristic", "connected": False},
             {"seat": 2, "kind": "person", "label": "person", "connected": True, "joined": True}]
    games = [{"id": f"{c * 6}{i:06d}", "game": "battle", "title": "Battle",
              "status": "running", "created": time.time(), "seats": seats, "to_move": to_move}
             for i, (c, to_move) in enumerate([("a", [0]), ("b", [1]), ("c", [2]), ("d", [])])]
    page.route(re.compile(r"/api/games\?"), lambda route: route.fulfill(
        content_type="application/json", body=json.dumps({"games": games, "total": 4})))
    page.reload()
    notes = page.locator("#games tr td:nth-child(2)")  # the status, and its note under it
    expect(notes).to_have_count(4)
    texts = [" ".join(t.split()) for t in notes.all_inner_texts()]
    assert texts[:3] == ["running Waiting for seat 0 (away)",  # a person whose page is gone
                         "running Waiting for seat 1",  # an AI: the seats column says which
                         "running Waiting for seat 2"]  # a person here
    assert texts[3] == "running"
    page.close()

