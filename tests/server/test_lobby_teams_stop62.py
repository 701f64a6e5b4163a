"""Audit (stop 62): friends setting up Battle in the lobby, and passing one phone round a
hotseat table: the team choices looked available to two players, no seat said its team, and
the pass screen marked the next holder's seat "(you)"."""

from __future__ import annotations

from fastapi.testclient import TestClient
from playwright.sync_api import expect
from test_audit54_phone import phone
from test_lobby_page import lobby
from test_table_fixes import HERE, made_game, open_seats

from warroom.games.battle import GAME
from warroom.server import create_app


def battle_catalog(db) -> dict:
    with TestClient(create_app(db, ai_processes=0)) as c:
        return next(g for g in c.get("/api/catalog").json()["games"] if g["name"] == "battle")


def test_the_catalog_says_which_player_counts_a_choice_needs_and_who_are_team_mates(db):
    """Audit (stop 62): the lobby offered Battle's teams to two players and Start was refused
    ("teams are played by four or six players"), and it never said who plays with whom. The
    catalog says the counts each team choice is played by, and the seats of each team as the
    game's own team_seats gives them."""
    battle = battle_catalog(db)
    assert battle["option_details"]["teams"]["players"] == {"alliance": [4, 6],
                                                          "as-one": [4, 6]}
    assert "players" not in battle["option_details"]["deck_mode"]
    layouts = {tuple(sorted(t["options"].items())): t["teams"] for t in battle["teams"]}
    for players, size in ((4, 2), (6, 2), (6, 3)):
        values = {"players": players, "teams": "alliance", "team_size": size}
        expected = [list(t) for t in GAME.team_seats(GAME.config(values))]
        assert layouts[tuple(sorted(values.items()))] == expected
    assert layouts[(("players", 4), ("team_size", 2), ("teams", "alliance"))] == [[0, 2], [1, 3]]


def test_team_choices_wait_for_four_or_six_players(live_server, browser):
    """Audit (stop 62): with two players the lobby offered "alliance" and "as-one", and Start
    was refused. Those choices are unavailable, with a note why, until the player count is
    4 or 6."""
    page = browser.new_page()
    lobby(page, live_server.url, "battle")
    page.locator("#options-box > summary").click()
    alliance = page.locator("#opt-teams option[value='alliance']")
    expect(alliance).to_be_disabled()
    expect(page.locator("#opt-teams option[value='none']")).to_be_enabled()
    expect(page.locator("#limit-teams")).to_have_text(
        "alliance: only with 4 or 6 players. as-one: only with 4 or 6 players.")
    page.fill("#opt-players", "4")
    expect(alliance).to_be_enabled()
    expect(page.locator("#limit-teams")).to_have_text("")
    page.fill("#opt-players", "5")
    expect(alliance).to_be_disabled()
    page.close()


def test_each_seat_says_its_team(live_server, browser):
    """Audit (stop 62): nowhere did the lobby say which seats are team-mates (seats 0 and 2
    against 1 and 3 with four players). Each seat row says its team while teams are chosen."""
    page = browser.new_page()
    lobby(page, live_server.url, "battle")
    page.locator("#options-box > summary").click()
    teams = page.locator("#seats-form .team")
    page.fill("#opt-players", "4")
    expect(teams).to_have_text([""] * 4)
    page.select_option("#opt-teams", "alliance")
    expect(teams).to_have_text(["team 0", "team 1", "team 0", "team 1"])
    page.fill("#opt-players", "6")
    expect(teams).to_have_text(["team 0", "team 1", "team 2"] * 2)
    page.fill("#opt-team_size", "3")
    expect(teams).to_have_text(["team 0", "team 1"] * 3)
    page.select_option("#opt-teams", "none")
    expect(teams).to_have_text([""] * 6)
    page.close()


def test_the_pass_screen_marks_no_seat_as_you(seeded_server, browser):
    """Audit (stop 62): on a hotseat phone the "Pass the device to seat 1" screen showed
    "Seat 1: person (you)" in the Seats panel while seat 0's player still held it. No seat is
    "(you)" until the next player says who they are."""
    context, page = phone(browser)
    made = made_game(page, seeded_server.url, "battle", [HERE, HERE],
                     {"deck_mode": "draft"}, seed=1)
    open_seats(page, seeded_server.url, made)
    seats = page.locator("#seats")
    expect(page.locator("#reveal")).to_be_visible()
    expect(seats).not_to_contain_text("(you)")
    page.click("#reveal")
    expect(seats).to_contain_text("Seat 0: person (you)")
    pack = page.locator(".panel", has=page.locator("h3", has_text="Draft, pack 1"))
    pack.locator(".playable").last.click()
    expect(page.locator("#pass h2")).to_have_text("Pass the device to seat 1")
    expect(seats.locator("li").first).to_be_visible()
    expect(seats).not_to_contain_text("(you)")
    page.click("#reveal")
    expect(seats).to_contain_text("Seat 1: person (you)")
    assert not page.errors, page.errors
    context.close()
