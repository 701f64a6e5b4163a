"""The terminal's battle box header in Viktory II: how far the battle is, in Viktory's words."""

from __future__ import annotations

import pytest
from vik2_helpers import capital, position, take, troops

from warroom.engine.data import plain
from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.board import board
from warroom.games.viktory_ii.render import battle_lines
from warroom.games.viktory_ii.units import INF


def battle_header(tmp_path, mode: str) -> str:
    """The first line of the battle box of player 0, whose infantry on D4 attacks player 1's
    on E4 (another may join; cards mode: with an Attack card in hand), at the battle's first
    decision: to launch it, or the first wave."""
    state = position(tmp_path, [capital("A1", 0, city=True), troops("D4", 0, infantry=2),
                                capital("G4", 1), troops("E4", 1, infantry=1)], mode=mode)
    if state.pool is not None:
        attack = next(c for c in reversed(state.pool.deck) if state.cards[c].can_attack)
        state.pool.deck.remove(attack)
        state.pool.hands[0].append(attack)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    take(state, Fight, hex="E4")
    obs = state.observation(0)
    assert obs["battle"] and obs["battle"]["decision"] in ("wave", "launch"), obs["battle"]
    lines = battle_lines(obs["battle"], board(obs["radius"]), 0)
    return plain(lines[0])


@pytest.mark.parametrize(("mode", "progress"), [
    ("cards", "you attack player 1, attack wave 1"),
    ("dice", "you attack player 1, before the first round"),
])
def test_the_battle_header_never_says_round_0(tmp_path, mode, progress):
    """Audit (stop 63): the terminal's battle box read "Battle at B2 (plains town): you attack
    player 1, round 0, wave 1": a round numbered 0, and in cards mode the round and the wave
    named one thing twice. It says how far the battle is as Viktory's battles do: the attack
    wave in cards mode, and no round before the first is fought."""
    head = battle_header(tmp_path, mode)
    assert head.startswith("Battle at E4 (plains): ") and head.endswith(progress), head
    assert "round 0" not in head and "wave 1, " not in head and ", wave" not in head, head
