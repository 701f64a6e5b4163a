"""A spectator of a hidden map learns what the players not told where learn: a battle's
result, a town built, without their place; and nothing a seat told the least does not."""

from __future__ import annotations

import json
import random

from vik2_helpers import GAME, PLAINS_MAP, capital, position, script_dice, take, town, troops

from warroom.cli.play import LogPrinter
from warroom.engine.flowcheck import determinisation_mismatch
from warroom.games.viktory_battles.actions import Launch
from warroom.games.viktory_ii.actions import BuildTown, Done, Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF

TOLD = {"event": "battle", "battle": "land", "attacker": 1, "defender": 0,
        "winner": "defender", "reason": "defender kept the empty town",
        "attacker_lost": "1 infantry", "bombard_lost": "none", "defender_lost": "1 infantry",
        "rounds": 1}
TOLD_LINE = ("A land battle ends: player 0 (the defender) wins (defender kept the empty "
             "town); lost: attacker 1 infantry, defender 1 infantry")


def _battle(tmp_path, players=3, **options):
    """Player 1's infantry from B5 attacks player 0's town A4 and is beaten off (each side
    hits once: the town holds, empty)."""
    pieces = [capital("A1", 0), town("A4", 0, infantry=1), capital("G4", 1), town("E5", 1),
              troops("B5", 1, infantry=2)] + ([capital("E1", 2)] if players == 3 else [])
    state = position(tmp_path, pieces, tiles=PLAINS_MAP, first=1, players=players, **options)
    take(state, SelectUnit, hex="B5", unit=INF)
    take(state, Step, hex="A4")
    take(state, Fight, hex="A4")
    script_dice(state, [1, 1, 6])
    take(state, Launch)  # the second infantry on B5 stays there
    assert state.decision()[0] != "battle"
    return state


def _results(events):
    return [e for e in events if e["event"] == "battle"]


def _within(part, whole):
    """Whether `part` is `whole` with some events left out (in order)."""
    rest = iter(whole)
    return all(any(e is f or e == f for f in rest) for e in part)


def test_a_spectator_learns_a_battle_s_result_as_the_third_seat_does(tmp_path):
    """Audit (stop 68): on a dark 3-player map the player who did not fight a battle was told
    its result without its place, but a spectator was told nothing of how it ended (it saw
    it begin and its rolls, and the public counts change). It gets the very event the third
    seat gets, and no event that seat does not."""
    state = _battle(tmp_path, dark=True)
    assert _results(state.visible_log(2)) == [TOLD]
    assert _results(state.visible_log(None)) == [TOLD]
    assert _results(state.observation(None)["log"]) == [TOLD]
    assert _within(state.visible_log(None), state.visible_log(2))
    seen = json.dumps([state.visible_log(None), state.observation(None)])
    assert "A4" not in seen and "B5" not in seen
    [side] = _results(state.visible_log(1))
    assert side["where"] == "A4"


def test_a_spectator_learns_the_result_of_a_battle_between_the_only_two_seats(tmp_path):
    """Audit (stop 68): with two players a battle's two sides were the only ones told its
    result: nobody else was, so no event reached a spectator at all."""
    state = _battle(tmp_path, players=2, dark=True)
    assert _results(state.visible_log(None)) == [TOLD]
    assert _results(state.visible_log(0)) == _results(state.visible_log(1))
    assert _results(state.visible_log(0))[0]["where"] == "A4"
    assert "A4" not in json.dumps(state.observation(None))


def test_a_spectator_learns_a_town_built_out_of_sight(tmp_path):
    """Audit (stop 68): the others were told that player 0 built a town, not where; a
    spectator was told nothing (its count of towns went up unexplained)."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1), capital("E1", 2)],
                     players=3, dark=True)
    take(state, Done, what="move")  # (asked on a hidden map even with no unit to move)
    take(state, BuildTown, hex="C2")
    told = {"event": "town", "player": 0, "built": True}
    assert [e for e in state.visible_log(2) if e["event"] == "town"] == [told]
    assert [e for e in state.visible_log(None) if e["event"] == "town"] == [told]
    assert [e for e in state.observation(None)["log"] if e["event"] == "town"] == [told]
    assert _within(state.visible_log(None), state.visible_log(2))
    assert "C2" not in json.dumps(state.observation(None))


def test_an_open_map_tells_everybody_the_same_one_result(tmp_path):
    """Audit (stop 68): on an open map nothing changes: one event, the place in it, for
    everybody and a spectator alike; no event is told to spectators apart."""
    from warroom.engine.core import SPECTATORS
    state = _battle(tmp_path)
    results = [(to, e) for to, e in state.log if e["event"] == "battle"]
    assert len(results) == 1 and results[0][0] is None
    assert results[0][1] == {**TOLD, "where": "A4", "attacker_aboard_lost": "none",
                             "defender_aboard_lost": "none"}
    assert not any(to is not None and SPECTATORS in to for to, _ in state.log)
    assert state.visible_log(None) == state.visible_log(2)


def test_a_determinisation_keeps_what_a_spectator_learnt(tmp_path):
    """Audit (stop 68): a determinisation for one of the battle's sides keeps the result a
    spectator was told (which that side was told with its place), so a spectator's view of
    it is the real one, after the next turn began as in the battle's; and as the copy plays
    on, each view's log window still starts where its turn began."""
    state = _battle(tmp_path, dark=True)
    rng = random.Random(1)
    while state.player == 1:  # on to player 2's turn: its mark counts the result
        actions = state.legal_actions(state.to_move()[0])
        state.apply(state.to_move()[0], actions[rng.randrange(len(actions))])
    for p in (0, 1, 2):
        copy = state.determinize(p, random.Random(p))
        assert determinisation_mismatch(state, p, copy) is None
        assert _results(copy.visible_log(None)) == [TOLD]
        rng = random.Random(p)
        for _ in range(40):
            if copy.is_terminal():
                break
            mover = copy.to_move()[0]
            actions = copy.legal_actions(mover)
            copy.apply(mover, actions[rng.randrange(len(actions))])
            for viewer in (p, None):
                seen = copy.observation(viewer)
                assert copy.visible_log(viewer)[seen["log_start"]:] == seen["log"]


def test_a_watched_game_s_log_prints_the_result(tmp_path, capsys):
    """Audit (stop 68): `warroom play` with no person at the table prints the log as a
    spectator sees it: a battle's end, out of sight, was never printed."""
    state = _battle(tmp_path, dark=True)
    LogPrinter(GAME)(state)
    printed = capsys.readouterr().out.splitlines()
    assert TOLD_LINE in printed
    assert not any("A4" in line for line in printed)
