"""The words for units brought or drawn into a battle on the map: they come from a hex next
to it, which the map names, not from the reserve (on the map, the units off the board)."""

from __future__ import annotations

from vik2_helpers import GAME, capital, find, position, take, town, troops

from warroom.games.viktory_battles.actions import Bring
from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF


def _launch(tmp_path, **options):
    """Player 1 attacks player 0's town on A4 from B5, where a second infantry waits."""
    state = position(tmp_path, [capital("A1", 0), town("A4", 0), capital("G4", 1), town("E5", 1),
                                troops("B5", 1, infantry=2)], first=1, **options)
    take(state, SelectUnit, hex="B5", unit=INF)
    take(state, Step, hex="A4")
    take(state, Fight, hex="A4")
    assert state.decision() == ("battle", 1)
    assert state.observation(1)["battle"]["decision"] == "launch"
    return state


def test_a_unit_brought_into_an_attack_is_said_to_come_from_its_hex(tmp_path):
    """Defect: the launch asked "Bring a unit of the reserve into the attack" and the log told
    "The attacker brings an infantry from its reserve to hex side 1", though the unit waits
    on a hex of the board (B5), and "reserve" is, on the map, the name of the units off the
    board. The prompt names the hex, and so does the log where the map is open; on a hidden
    map the event, public, says only that the hex is next to the battle (the two sides read
    it in the battle's observation)."""
    state = _launch(tmp_path)
    assert GAME.prompt(state.observation(1), 1) == \
        "Bring a unit waiting on B5 into the attack, or launch the attack."
    take(state, Bring, side=1, unit=INF)
    told = [GAME.describe_event(e) for e in state.visible_log(0) if e["event"] == "bring"]
    assert told == ["The attacker brings an infantry from B5 into the attack (hex side 1)"]
    dark = _launch(tmp_path, dark=True)
    assert GAME.prompt(dark.observation(1), 1) == \
        "Bring a unit waiting on B5 into the attack, or launch the attack."
    dark.apply(1, find(dark, Bring, side=1, unit=INF))
    for p in (0, 1, None):
        told = [GAME.describe_event(e) for e in dark.visible_log(p) if e["event"] == "bring"]
        assert told == ["The attacker brings an infantry from a hex next to the battle into "
                        "the attack (hex side 1)"], p
    assert not any("reserve" in (GAME.describe_event(e) or "")
                   for s in (state, dark) for e in s.visible_log(1))


def test_a_unit_drawn_into_a_battle_is_said_to_come_from_its_hex():
    """Defect: Reinforcements on the map were told "draws an infantry from its reserve into
    the battle hex", though the unit comes from a hex next to the battle, not from the units
    off the board."""
    e = {"event": "drawn_in", "player": 0, "attacker": False, "side": 0, "unit": INF,
         "source": "B3"}
    assert GAME.describe_event(e) == "Player 0 draws an infantry from B3 into the battle hex"
    e = {"event": "drawn_in", "player": 1, "attacker": True, "side": 2, "unit": INF}
    assert GAME.describe_event(e) == ("Player 1 draws an infantry from a hex next to the "
                                      "battle into the attack (hex side 2)")
