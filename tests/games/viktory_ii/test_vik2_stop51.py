"""Viktory II audit, stop 51: option `capitals=1` (met by every player from the start) and a
cavalry landed by an amphibious attack moving on after its battle."""

from __future__ import annotations

import pytest
from vik2_helpers import (
    GAME,
    capital,
    has,
    hx,
    legal,
    position,
    script_dice,
    take,
    town,
    troops,
    write_map,
)

from warroom.engine import ConfigError
from warroom.games.viktory_ii.actions import Fight, PickUp, SelectUnit, Step, Unload
from warroom.games.viktory_ii.units import CAV, DONE, FRIG, REGROUP


def test_option_capitals_1_refused(tmp_path):
    """Audit (stop 51): "Option `capitals=N`: first to control N capitals wins"
    (VIKTORY-II.md, Rulings). Every player controls one capital from the start, so N=1 would be
    met by everybody before anyone moves: refused, by name, with the values allowed."""
    path = write_map(tmp_path, pieces=[capital("A2", 0, city=True), capital("G2", 1, city=True)],
                     explored=True, first=0)
    with pytest.raises(ConfigError) as caught:
        GAME.config({"map": path, "capitals": 1})
    assert str(caught.value) == ("option 'capitals' must be 0 (every capital) or 2, "
                                 "got 1: every player controls one capital from the start")
    with pytest.raises(ConfigError, match="capitals"):
        GAME.config({"capitals": 1, "players": 4})
    for n in (0, 2):  # 0: every capital on the map; 2 of 2
        assert GAME.config({"map": path, "capitals": n}).capitals == n
    assert GAME.config({"capitals": 4, "players": 4}).capitals == 4


def test_capture_win_credits_the_capturer(tmp_path):
    """Audit (stop 51): "Option `capitals=N`: first to control N capitals wins" (VIKTORY-II.md,
    Rulings): a capture can bring only its capturer to N, so the win checked after it is the
    capturer's. The auditor's position: player 1 takes player 0's empty town D4 with the
    option at 1 (forced past the option's check, to test the check itself); before, the seats
    were gone through in order and player 0, who had just lost a town, won."""
    state = position(tmp_path, [capital("A2", 0, city=True), town("D4", 0),
                                capital("G2", 1, city=True), troops("E4", 1, infantry=1)],
                     first=1, capitals=2, overwatch=False)
    object.__setattr__(state.config, "capitals", 1)
    take(state, SelectUnit, hex="E4", unit=0)
    take(state, Step, hex="D4", kind="attack")
    script_dice(state, [6] * 6)
    take(state, Fight, hex="D4")
    assert state.sowner[hx(state, "D4")] == 1
    assert state.is_terminal()
    assert state.outcome().winners == (1,)


# The auditor's map: a port town at C5 with water at D6 next to it and to E5.
LANDING = """\
   p p p p
  p p g p p
 w p p p f w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""


def test_cavalry_landed_by_amphibious_attack_moves_no_more(tmp_path):
    """Audit (stop 51): "units unloaded may not move again" (VIKTORY-II.md, Transport by sea);
    README: "Unloading into an enemy hex is an amphibious attack". A cavalry landed to attack
    E5 that wins with movement left is not freed by the cavalry exception: it stays on E5,
    its movement over, and is not offered for selection again."""
    state = position(tmp_path, [
        capital("B3", 0, city=True, infantry=1), town("C5", 0, city=True, infantry=1),
        troops("D6", 0, frigate=1), troops("C4", 0, cavalry=1),
        capital("G2", 1, city=True), troops("E5", 1, infantry=1)],
        tiles=LANDING, mode="dice", overwatch=False)
    take(state, SelectUnit, hex="D6", unit=FRIG)
    take(state, Step, hex="C5", kind="port")
    take(state, PickUp, hex="C4", unit=CAV)
    take(state, Step, hex="D6", kind="move")
    take(state, Unload, hex="E5", attack=True)
    script_dice(state, [1, 6, 6, 6, 6, 6])  # the cavalry hits, the infantry misses
    take(state, Fight, hex="E5")
    while state.session is not None:  # the hit's casualty: the one infantry
        state.apply(state.to_move()[0], legal(state)[0])
    cav = [u for u in range(len(state.uo)) if state.uo[u] == 0 and state.ut[u] == CAV]
    assert [state.uh[u] for u in cav] == [hx(state, "E5")]
    assert state.um[cav[0]] > 0  # movement left: a cavalry that walked in would regroup
    assert state.us[cav[0]] == DONE != REGROUP
    assert not has(state, SelectUnit, hex="E5", unit=CAV)
