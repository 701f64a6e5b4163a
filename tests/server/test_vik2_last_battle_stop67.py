"""Audit (stop 67): the Viktory II table's after-battle box, drawn with the real table module
from frames the server would send: a card battle's last wave with its pass and casualty, and
a hidden map's battle told to a player who did not fight it."""

from __future__ import annotations

from test_vik2_table import frame, harness, piece, position, show, take

from warroom.games.viktory_battles.actions import Launch
from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF

# Radius 3: player 2's capital on E1 sees neither A4 nor B5.
DARK_MAP = """\
   p p p p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""


def _box_lines(page) -> list[str]:
    box = page.locator("#v2-last-battle")
    for fold in box.locator("details").all():
        fold.locator("summary").click()
    return [line.strip() for line in box.inner_text().splitlines() if line.strip()]


def test_the_last_wave_shows_its_pass_and_its_casualty(live_server, browser, tmp_path):
    """Audit (stop 67): in cards mode the box listed a wave's Attack card and stopped: the
    defender's pass that ended the card battle round and the infantry it lost were missing,
    so the last wave read unfinished. Both follow the card, in the log's words."""
    state = position(tmp_path, [
        piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("D5", 0, infantry=1),
        piece("G4", 1, "city", True), piece("G1", 1, "town"), piece("E5", 1, infantry=1),
    ], mode="cards")
    state.pool.deck.remove("A03")  # Regular Attack 2H/0M; the defender holds no card
    state.pool.hands[0].append("A03")
    state._legal = {}
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    take(state, Fight, hex="E5")
    while state.observation(0)["battle"]:
        player = state.to_move()[0]
        state.apply(player, state.legal_actions(player)[0])
    context, page, errors = harness(browser, live_server.url)
    show(page, frame(state, 0))
    lines = _box_lines(page)
    card = lines.index("Seat 0 (you) plays A03 Regular Attack 2H/0M forest as an Attack")
    assert lines[card + 1:card + 3] == [
        "Seat 1 passes, taking 1 hit; the card battle round ends",
        "Lost: defending infantry to card"], lines
    assert not errors, errors
    context.close()


def test_a_hidden_map_s_battle_is_told_to_a_player_who_did_not_fight_it(live_server, browser,
                                                                         tmp_path):
    """Audit (stop 67): on a dark 3-player map the third player was never told how a battle
    it saw begin ended (no `last_battle`, so no box). It gets the box: who won, the losses
    and the dice, without the place, which only the battle's two sides are told."""
    state = position(tmp_path, [
        piece("A1", 0, "town", True), piece("A4", 0, "town", infantry=1),
        piece("G4", 1, "town", True), piece("E5", 1, "town"), piece("B5", 1, infantry=2),
        piece("E1", 2, "town", True),
    ], tiles=DARK_MAP, players=3, dark=True)
    state.apply(0, state.legal_actions(0)[-1])  # player 0 ends its movement ...
    while state.to_move()[0] == 0:  # ... and the rest of its turn
        state.apply(0, state.legal_actions(0)[-1])
    take(state, SelectUnit, hex="B5", unit=INF)
    take(state, Step, hex="A4")
    take(state, Fight, hex="A4")
    take(state, Launch)
    while state.observation(1)["battle"]:
        player = state.to_move()[0]
        state.apply(player, state.legal_actions(player)[0])
    context, page, errors = harness(browser, live_server.url)
    show(page, frame(state, 2))
    text = page.locator("#v2-last-battle").inner_text()
    assert text.startswith("Battle out of your sight"), text
    assert "A4" not in text and "B5" not in text, text
    assert "Seat 1 lost" in text and "Seat 0 lost" in text and "rolled for battle" in text
    show(page, frame(state, 1))
    assert page.locator("#v2-last-battle").inner_text().startswith("Battle at A4")
    assert not errors, errors
    context.close()
