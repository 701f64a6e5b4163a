"""Audit (stop 66): a four-player Battle game set up in the lobby and played at the browser
table: the lobby and the table numbered the teams differently, the table hid hits past the
limit and named the steps by their code words, and the lobby offered a team size the game
refuses."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import expect
from table_render import render_table
from test_lobby_page import lobby, posted_options, submit, visible_options

from warroom.games.battle.render import PHASE_TEXT

sys.path.insert(0, str(Path(__file__).parent.parent / "games" / "battle"))
from battle_helpers import arrange, attack, begin_turn, done, new  # noqa: E402


def test_the_lobby_numbers_teams_from_0_as_the_table_does(live_server, browser):
    """Audit (stop 66): the lobby's seat rows said "team 1 / team 2" (seat 0 on team 1) while
    the table, its log and the terminal said "team 0 / team 1" of the same seats. The lobby
    numbers the teams from 0, as the seats are numbered."""
    page = browser.new_page()
    lobby(page, live_server.url, "battle")
    page.locator("#options-box > summary").click()
    teams = page.locator("#seats-form .team")
    page.fill("#opt-players", "4")
    page.select_option("#opt-teams", "alliance")
    expect(teams).to_have_text(["team 0", "team 1", "team 0", "team 1"])
    page.fill("#opt-players", "6")
    expect(teams).to_have_text(["team 0", "team 1", "team 2"] * 2)
    page.close()


def test_the_lobby_offers_only_the_team_sizes_the_players_allow(live_server, browser):
    """Audit (stop 66): with four players and teams the lobby offered "Team size" 2 to 3, and
    Start with 3 was refused ("must be 2 or 3 and divide the players"). Four players play in
    teams of 2 only: nothing to choose, so the field is not offered (nor sent, whatever it
    held); six players choose 2 or 3."""
    page = browser.new_page()
    lobby(page, live_server.url, "battle")
    page.locator("#options-box > summary").click()
    teams = page.locator("#seats-form .team")
    page.fill("#opt-players", "6")
    page.select_option("#opt-teams", "alliance")
    assert "team_size" in visible_options(page)
    page.fill("#opt-team_size", "3")
    page.fill("#opt-players", "4")
    expect(page.locator("[data-option=team_size]")).to_be_hidden()
    options = submit(page, posted_options(page))
    assert "team_size" not in options and options["players"] == "4", options
    expect(teams).to_have_text(["team 0", "team 1"] * 2)  # the size played: 2
    page.fill("#opt-players", "6")
    expect(page.locator("[data-option=team_size]")).to_be_visible()
    expect(teams).to_have_text(["team 0", "team 1"] * 3)
    page.close()


def test_the_table_shows_hits_past_the_limit(live_server, browser):
    """Audit (stop 66): with hits_to_lose 2, a castle that took 8 hits showed two filled dots
    only, labelled "8 of 2", where the terminal shows "[XX+6]" (the turn limit's tiebreak
    counts those hits). The table shows "+6" beside the dots, and labels them in words."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    obs = new(hits_to_lose=2).observation(0)
    obs["seats"][1]["hits"] = 8
    obs["seats"][0]["hits"] = 1
    heads = render_table(page, "battle", obs, "[...root.querySelectorAll('h4')].map((e) => "
                         "[e.innerText, e.querySelector('.pips').getAttribute('aria-label'), "
                         "e.querySelectorAll('.pips i.on').length])")
    theirs, mine = heads  # the other seats first, yours last
    assert " ".join(theirs[0].split()).endswith("hits +6"), theirs
    assert theirs[1:] == ["8 hits (2 to lose)", 2], theirs
    assert mine[0].rstrip().endswith("hits"), mine
    assert mine[1:] == ["1 hit (2 to lose)", 1], mine
    page.close()


def test_the_table_names_the_steps_in_words(live_server, browser):
    """Audit (stop 66): the table's header read "Step declare", "Step main", "Step over": the
    code's names. It names them as the terminal does, after the rules' attack and main
    steps ("Attack step: declaring attackers")."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    stats = "root.querySelector('.stats').innerText"
    shown = {}
    for attacks in (False, True):
        state = begin_turn(arrange(new(), soldiers={0: ["KH"], 1: ["9S"]}), 0)
        shown["declare"] = render_table(page, "battle", state.observation(0), stats)
        if attacks:  # its one soldier attacks: on to the blockers
            attack(state, 0, "KH", 1)
        else:  # no attacker: on to the main step
            done(state, 0)
        shown[state.observation(0)["phase"]] = render_table(page, "battle",
                                                            state.observation(0), stats)
    assert set(shown) == {"declare", "block", "main"}, shown
    for phase, text in shown.items():
        words = PHASE_TEXT[phase]
        assert words[0].upper() + words[1:] in text, text
        assert "Step" not in text and phase not in text.split(), text
    page.close()
