"""Audit (stop 67) of the hidden 3-player map game: a battle's end told to the players who
do not fight it, the prompt of a unit with no moves left, and the last battle's course with
its passes and casualties."""

from __future__ import annotations

import json

from test_vik2_hidden import MAP
from test_vik2_transport import SEA_MAP
from vik2_helpers import (
    GAME,
    PLAINS_MAP,
    act,
    capital,
    legal,
    position,
    script_dice,
    take,
    town,
    troops,
)

from warroom.games.viktory_battles.actions import Launch
from warroom.games.viktory_ii.actions import (
    Done,
    Fight,
    PickUp,
    PlayMoveCard,
    SelectUnit,
    Step,
)
from warroom.games.viktory_ii.units import FRIG, INF, units_text

FORCED_MARCH, COUNTER = "A19", "C01"  # a +1 MP card and a Counter of the sample deck


def _results(state, viewer):
    return [e for e in state.visible_log(viewer) if e["event"] == "battle"]


def test_a_battle_s_result_reaches_the_players_who_do_not_fight_it(tmp_path):
    """Audit (stop 67): on a dark 3-player map player 2 was told a battle's forces as it
    began and every roll and loss of its course, but not how it ended: no result line, and
    its observation's `last_battle` stayed null, while the two sides got both. README,
    "Hidden information": a battle's course and result are public, its place told only to
    its two sides; the third player learns who won and each side's losses, not where."""
    state = position(tmp_path, [capital("A1", 0), town("A4", 0, infantry=1), capital("G4", 1),
                                town("E5", 1), troops("B5", 1, infantry=2), capital("E1", 2)],
                     tiles=MAP, first=1, players=3, dark=True)
    take(state, SelectUnit, hex="B5", unit=INF)
    take(state, Step, hex="A4")
    take(state, Fight, hex="A4")
    script_dice(state, [1, 1, 6])  # each side hits once: the town holds, empty
    take(state, Launch)  # the second infantry on B5 stays there
    assert state.decision()[0] != "battle"
    [side] = _results(state, 1)
    assert side["where"] == "A4" and _results(state, 0) == [side]
    [told] = _results(state, 2)
    assert told == {"event": "battle", "battle": "land", "attacker": 1, "defender": 0,
                    "winner": "defender", "reason": "defender kept the empty town",
                    "attacker_lost": "1 infantry", "bombard_lost": "none",
                    "defender_lost": "1 infantry", "rounds": 1}
    assert GAME.describe_event(told) == (
        "A land battle ends: player 0 (the defender) wins (defender kept the empty town); "
        "lost: attacker 1 infantry, defender 1 infantry")
    fought = state.observation(2)["last_battle"]
    assert fought["where"] is None and fought["seats"] == [1, 0]
    assert fought["winner"] == "defender" and fought["lost"] == ["1 infantry", "1 infantry"]
    assert [r["event"] for r in fought["course"]] == ["roll", "roll", "casualty", "casualty"]
    assert state.observation(1)["last_battle"]["course"] == fought["course"]
    # Nothing tells player 2 where: not its log, not the last battle.
    seen = json.dumps([state.visible_log(2), fought])
    assert "A4" not in seen and "B5" not in seen
    # A spectator learns what player 2 learns (its own log's index aside).
    spectator = state.observation(None)["last_battle"]
    assert {**spectator, "key": fought["key"]} == fought


def test_the_others_learn_the_losses_the_course_told_not_the_cargo(tmp_path):
    """Audit (stop 67): the result the third player now gets tells what the battle's course
    told it (the sunk frigate), not the two infantry that went down aboard it, which no
    event of the course named; its two sides learn both."""
    state = position(tmp_path, [capital("C3", 0, city=True), town("B1", 0),
                                town("C5", 0, city=True), troops("A2", 0, frigate=1),
                                troops("B2", 0, infantry=2), capital("G4", 1, city=True),
                                troops("A3", 1, frigate=1), capital("G1", 2)],
                     tiles=SEA_MAP[:-2] + "f\n", players=3, dark=True)
    take(state, SelectUnit, hex="A2", unit=FRIG)
    take(state, PickUp, hex="B2", unit=INF)
    take(state, PickUp, hex="B2", unit=INF)
    take(state, Step, hex="A3")
    take(state, Fight, hex="A3")
    script_dice(state, [6, 1])  # the attacker misses, the defender hits: the frigate sinks
    while state.decision()[0] == "battle":
        act(state, legal(state)[0])
    [side] = _results(state, 0)
    assert side["attacker_lost"] == units_text([2, 0, 0, 1])
    assert side["attacker_aboard_lost"] == units_text([2, 0, 0, 0])
    [told] = _results(state, 2)
    assert told["attacker_lost"] == units_text([0, 0, 0, 1]) and "where" not in told
    assert "attacker_aboard_lost" not in told and "infantry" not in json.dumps(told)
    assert GAME.describe_event(told) == (
        "A naval battle ends: player 1 (the defender) wins (attacker destroyed); lost: "
        "attacker 1 frigate, defender none")


def _spent_infantry(tmp_path, hand):
    """Cards mode: player 0's infantry from D4 has taken both its steps, its player holding
    `hand` (so the infantry stays selected: a +1 MP card may follow its last step)."""
    state = position(tmp_path, [capital("A1", 0), town("F1", 0), troops("D4", 0, infantry=1),
                                troops("E1", 0, infantry=1), capital("G4", 1)],
                     tiles=PLAINS_MAP, mode="cards")
    for cid in hand:
        state.pool.deck.remove(cid)
        state.pool.hands[0].append(cid)
    state._legal = {}
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="D3")
    take(state, Step, hex="C3")
    return state


def test_a_unit_with_no_moves_left_is_not_asked_for_its_next_step(tmp_path):
    """Audit (stop 67): "Your infantry on C3 is moving (0 moves left): choose its next step."
    where no step was left (the choices: stop it, move another unit, end movement). The
    prompt says what it may still do: the terminal's and the browser's (the server sends
    `game.prompt`) alike."""
    state = _spent_infantry(tmp_path, [COUNTER])
    assert state.observation(0)["active"]["mp"] == 0
    assert {type(a) for a in legal(state)} == {Done, SelectUnit}
    assert GAME.prompt(state.observation(0), 0) == (
        "Your infantry on C3 has no moves left: stop it, or choose another unit.")
    march = _spent_infantry(tmp_path, [FORCED_MARCH])
    assert any(type(a) is PlayMoveCard for a in legal(march))
    assert GAME.prompt(march.observation(0), 0) == (
        "Your infantry on C3 has no moves left: play a card for +1 movement, stop it, or "
        "choose another unit.")
    take(march, PlayMoveCard, card=FORCED_MARCH)
    assert GAME.prompt(march.observation(0), 0) == (
        "Your infantry on C3 is moving (1 move left): choose its next step.")


def test_a_frigate_with_no_moves_left_is_asked_what_it_may_still_do(tmp_path):
    """Audit (stop 67): a frigate that has sailed its five moves with cargo aboard stays
    selected to unload it; the prompt says so rather than ask for a next step."""
    state = position(tmp_path, [capital("C3", 0, city=True), town("B1", 0),
                                town("C5", 0, city=True), troops("A2", 0, frigate=1),
                                troops("B2", 0, infantry=1), capital("G4", 1)],
                     tiles=SEA_MAP)
    take(state, SelectUnit, hex="A2", unit=FRIG)
    take(state, PickUp, hex="B2", unit=INF)
    for where in ("A3", "A4", "B5", "A4", "A3"):
        take(state, Step, hex=where)
    assert state.observation(0)["active"]["mp"] == 0
    assert GAME.prompt(state.observation(0), 0) == (
        "Your frigate on A3 has no moves left: take units aboard, unload or bombard if it "
        "can, stop it, or choose another unit.")


def test_the_last_battle_s_course_ends_with_its_pass_and_its_casualty(tmp_path):
    """Audit (stop 67): in cards mode the last battle's course (`last_battle`, which the
    browser's after-battle box lists) held the Attack card of a wave but not the defender's
    pass that ended its card battle round nor the infantry it lost: the last wave read
    unfinished. They are in it, in the log's words."""
    state = position(tmp_path, [capital("A1", 0), troops("D4", 0, infantry=1),
                                capital("G4", 1), troops("C4", 1, infantry=1)],
                     tiles=PLAINS_MAP, mode="cards")
    state.pool.deck.remove("A03")  # Regular Attack 2H/0M: two hits, no miss
    state.pool.hands[0].append("A03")
    state._legal = {}
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="C4")
    take(state, Fight, hex="C4")
    while state.decision()[0] == "battle":  # the Attack card; the defender, cardless, passes
        act(state, legal(state)[0])
    fought = state.observation(0)["last_battle"]
    assert fought["winner"] == "attacker" and fought["waves"]
    says = [r["says"] for r in fought["course"]]
    assert says == ["Player 0 plays A03 Regular Attack 2H/0M forest as an Attack",
                    "Player 1 passes, taking 1 hit; the card battle round ends",
                    "Lost: defending infantry to card"]
    log = [GAME.describe_event(e) for e in state.visible_log(0)]
    assert all(line in log for line in says)
