"""Viktory II's table (stop 61): a terminal's table laid out once a step where it has no
Garrisons line to leave out, and the reserves a battle's losses go back to shown as they
fall, not when the battle ends."""

from __future__ import annotations

import importlib
import random

from vik2_helpers import GAME, act, capital, position, script_dice, take, troops

from warroom.engine.data import first_fitting
from warroom.games.viktory_battles.actions import Retreat
from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF

RENDER = importlib.import_module("warroom.games.viktory_ii.render")


def _positions() -> list[tuple[dict, int]]:
    """Observations of heuristic games at their move steps (2 and 4 players, dice and
    cards, an open map and a dark one), with the reader."""
    out = []
    for options in ({}, {"players": 4}, {"mode": "cards"}, {"players": 3, "dark": True}):
        state = GAME.new_state(GAME.config(options), 3)
        rng = random.Random(3)
        taken = 0
        while not state.is_terminal() and taken < 6:
            p = state.to_move()[0]
            if state.round >= 4 and state.decision()[0] == "move" and rng.random() < 0.05:
                out.append((state.observation(p), p))
                taken += 1
            state.apply(p, GAME.heuristic(state, p, rng))
    return out


def _as_before(obs: dict) -> str:
    """The table as `render` wrote it before (stop 61): each step with the Garrisons line
    and then without, the first that fits a terminal's 76 columns and its share of 24."""
    tries = [(short, line) for short in RENDER.SHORT for line in (True, False)]
    return first_fitting(lambda n: RENDER._render(obs, tries[n][0], 76, tries[n][1]),
                         len(tries), RENDER._room(obs))


def test_a_terminals_table_is_laid_out_once_a_step_without_a_garrisons_line(monkeypatch):
    """Audit (stop 61): the terminal's table laid out every step twice, with and without
    the Garrisons line (what stands in the towns of a compact map), where it had no such
    line to leave out - on a map drawn four characters a hex, or with nothing in the towns
    to write - so a frame that did not fit at once cost twice the layouts it needed. Now
    the second layout of a step is made only where the first had the line; the text is
    the same as before (each step with the line, then without, the first that fits)."""
    layouts: list[int] = []
    lines: dict[int, bool] = {}
    layout, garrisons = RENDER._layout, RENDER._garrisons

    def counted_layout(b, short, columns):
        layouts.append(short)
        return layout(b, short, columns)

    def seen_garrisons(obs, b, you, short, rows):
        found = garrisons(obs, b, you, short, rows)
        lines.setdefault(short, bool(found))  # the step's first layout had the line
        return found

    positions = _positions()
    assert len(positions) >= 20
    saved = again = 0
    for obs, p in positions:
        before = _as_before(obs)
        monkeypatch.setattr(RENDER, "_layout", counted_layout)
        monkeypatch.setattr(RENDER, "_garrisons", seen_garrisons)
        layouts.clear()
        lines.clear()
        assert RENDER.render(obs, p, 76) == before
        monkeypatch.undo()
        fitted = layouts[-1]
        for short in set(layouts):
            twice, line = layouts.count(short) == 2, lines.get(short, False)
            assert not twice or line, (short, layouts)  # again only to leave the line out
            if short != fitted:  # it did not fit: without the line, where it had one
                assert twice == line, (short, layouts)
                saved += not twice
                again += twice
    assert saved and again  # steps laid out once (no line to leave out), and twice


def test_a_battles_losses_show_in_the_reserve_as_they_fall(tmp_path):
    """Audit (stop 61): the players' line showed the reserve a battle's losses go back to
    only once the battle ended (the state takes them off the map then): at the question
    whether to fight on, the defender that had just lost one of its two infantry still
    showed 'reserve: 1 infantry', and 2 once the attacker fell back. The reserve shown now
    counts the losses so far, so it does not jump as the battle ends."""
    state = position(tmp_path, [capital("A2", 0, city=True), troops("C3", 0, infantry=2),
                                capital("G2", 1, city=True), troops("D4", 1, infantry=2)])
    before = [state.observation(q)["players"][q]["reserve"] for q in (0, 1)]
    assert before == [[1, 0, 0, 0], [1, 0, 0, 0]]
    for _ in range(2):
        take(state, SelectUnit, hex="C3", unit=INF)
        take(state, Step, hex="D4")
    script_dice(state, [2, 6])  # the attacker's die hits, the defender's misses
    take(state, Fight, hex="D4")
    assert state.session.decision == ("continue", 0) and state.session.lost == [0, 1]
    during = [state.observation(q)["players"][q]["reserve"] for q in (0, 1)]
    assert during == [[1, 0, 0, 0], [2, 0, 0, 0]]
    assert "reserve: 2 infantry" in RENDER._render(state.observation(1), RENDER.FULL)
    act(state, Retreat())
    assert state.session is None
    assert [state.observation(q)["players"][q]["reserve"] for q in (0, 1)] == during
