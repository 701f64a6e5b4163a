"""Stop 78 (noticed at stop 77's Viktory II audits): a bombardment on its own ended in the
last-battle box as "No winner: bombardment." and in the log as "Battle at E4: no winner
(bombardment)"; and its roll read "1 hit (1 selective)" on a die of 2 beside a key saying only
that a 1 is a selective hit. The box and the log say it was fire only, nobody taking the hex,
and the key says that every hit of an artillery's fire is selective under Artillery
Characteristics (the Battle Cards text, Artillery Characteristics), when a roll shows it."""

from __future__ import annotations

import random

from playwright.sync_api import expect
from test_vik2_table import PHONE, frame, harness, piece, position, show, take

from warroom.games.viktory_ii.actions import Bombard, SelectUnit
from warroom.games.viktory_ii.units import ART

ARTILLERY_KEY = ("Under Artillery Characteristics every hit of an artillery's bombard, "
                 "pre-battle fire or Overwatch is selective.")


def bombarded(tmp_path):
    """Player 0's artillery on D5 bombards player 1's two infantry on E5 and hits with a die
    other than 1 (the generator's seed picked for it)."""
    for seed in range(200):
        state = position(tmp_path, [
            piece("A1", 0, "city", True), piece("A2", 0, "city"), piece("D5", 0, artillery=1),
            piece("G4", 1, "city", True), piece("G1", 1, "town"), piece("E5", 1, infantry=2),
        ])
        state.rng = random.Random(seed)
        take(state, SelectUnit, hex="D5", unit=ART)
        take(state, Bombard, hex="E5")
        [roll] = [r for r in state.observation(0)["last_battle"]["course"] if r.get("dice")]
        if roll["hits"] and 1 not in roll["dice"]:
            return state, roll
    raise AssertionError("no seed hit without a 1")


def last_battle_box(live_server, browser, view: dict) -> str:
    """The last-battle box's text as the table draws `view` on a phone (no page error)."""
    context, page, errors = harness(browser, live_server.url, PHONE)
    show(page, view)
    box = page.locator("#v2-last-battle")
    expect(box).to_be_visible()
    text = box.inner_text()
    assert not errors, errors
    context.close()
    return text


def test_a_bombardment_on_its_own_is_told_as_fire_only_and_its_selective_hits_explained(
        live_server, browser, tmp_path):
    state, roll = bombarded(tmp_path)
    assert roll["selective"] == roll["hits"]  # all selective, though no die is a 1
    view = frame(state, 0)
    [result] = [line for line in view["log"] if line.startswith("Bombardment at E5: fire")]
    assert result.startswith("Bombardment at E5: fire only, no hex changes hands; lost: "), result
    text = last_battle_box(live_server, browser, view)
    assert "Bombardment at E5" in text, text
    assert "Fire only: no hex changes hands." in text and "No winner" not in text, text
    assert ARTILLERY_KEY in text, text


def test_the_artillery_key_is_not_shown_for_a_battle_of_ones_alone(live_server, browser,
                                                                     tmp_path):
    """A battle whose selective hits are its 1s alone keeps the plain key."""
    from test_vik2_table_ux import small_battle
    state = small_battle(tmp_path)
    course = state.observation(0)["last_battle"]["course"]
    assert all(r.get("selective", 0) == r["dice"].count(1) for r in course if r.get("dice"))
    text = last_battle_box(live_server, browser, frame(state, 0))
    assert "a 1 is a selective hit" in text.lower() and ARTILLERY_KEY not in text, text
