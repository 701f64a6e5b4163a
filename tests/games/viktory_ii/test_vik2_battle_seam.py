"""The seam between the map game and a battle resolver (viktory_battles/seam.py): what the map
hands over, how it applies the result, how a resolver's decisions pass through the map's
decisions."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from vik2_helpers import (
    capital,
    events,
    hx,
    legal,
    position,
    take,
    town,
    troops,
)

from warroom.games.viktory_battles.seam import BattleResult, DefenderReserve
from warroom.games.viktory_ii.actions import Bombard, Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import ART, FRIG, INF

MAP = """\
   p m p p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p f
"""


def battle_at_e5(tmp_path, **options):
    """Player 0 attacks E5 from D5 and E4 (an infantry each; another waits on E4), its
    artillery on F4 bombards; player 1 defends E5 with an infantry, has another on F5 and a
    frigate on E6 next to it."""
    state = position(tmp_path, [
        capital("A1", 0, city=True), town("A2", 0, city=True), town("F4", 0, artillery=1),
        troops("D5", 0, infantry=1), troops("E4", 0, infantry=2),
        capital("G4", 1, city=True), town("G1", 1), troops("E5", 1, infantry=1),
        troops("F5", 1, infantry=1), troops("E6", 1, frigate=1),
    ], tiles=MAP, **options)
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    take(state, SelectUnit, hex="E4", unit=INF)
    take(state, Step, hex="E5")
    take(state, SelectUnit, hex="F4", unit=ART)
    take(state, Bombard, hex="E5")
    return state


def test_seam_the_request_names_sides_bombard_reserves_support_and_supply(tmp_path):
    state = battle_at_e5(tmp_path)
    r = state.battle_request("attack", hx(state, "E5"), [], -1)
    assert (r.kind, r.name, r.terrain, r.settlement, r.capital) == \
        ("land", "E5", "plains", "none", False)
    assert (r.attacker, r.defender) == (0, 1)
    assert [(s.source_name, s.from_frigate, s.units, s.reserve) for s in r.sides] == [
        ("D5", False, (1, 0, 0, 0), (0, 0, 0, 0)),
        ("E4", False, (1, 0, 0, 0), (1, 0, 0, 0)),  # the infantry left on E4 may join later
    ]
    assert [(b.name, b.artillery, b.frigates) for b in r.bombard] == [("F4", 1, 0)]
    assert r.defender_units == (1, 0, 0, 0)
    assert r.defender_reserve == (DefenderReserve(hx(state, "F5"), "F5", (1, 0, 0, 0)),)
    assert r.naval_support  # the defender's frigate on E6 is next to E5
    assert r.supply == (True, False)  # player 0's town F4 is next to E5
    assert r.lost_capital == (False, False)
    assert r.mode == "dice" and r.overwatch_ready == 0
    assert r.towns == (1, 1) and r.cities == (2, 1)


def test_seam_with_its_log_stopped_the_map_still_counts_every_battle_event(tmp_path):
    # The map game counts every event, written or not (what a determinisation reads of the
    # log): its battles must hand it every event, even while its log is off.
    state = battle_at_e5(tmp_path)
    state.stop_log()
    take(state, Fight, hex="E5")
    rng = random.Random(0)
    while state.session is not None:
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply_trusted(player, actions[rng.randrange(len(actions))])
    counted = state.n_events
    log = state.log  # rebuilt
    assert counted == len(log)
    assert {"roll", "casualty"} <= {e["event"] for _, e in log}


@dataclass(frozen=True)
class Go:
    label: str = "go"


class FakeSession:
    """A resolver session that asks the attacker one decision, then returns `result`."""

    def __init__(self, request, result):
        self.request = request
        self.result_ = result
        self.asked = False

    def to_move(self):
        return () if self.asked else (self.request.attacker,)

    def legal_actions(self, player):
        return [Go()]

    def apply(self, player, action):
        self.asked = True

    def result(self):
        return self.result_ if self.asked else None

    def observation(self, player):
        return {"resolver": "fake", "round": 0, "attackers": [], "defenders": [0, 0, 0, 0],
                "last_dice": []}

    def table_data(self):
        return {}

    def clone(self, rng, pool):
        new = FakeSession(self.request, self.result_)
        new.asked = self.asked
        return new


class FakeResolver:
    actions = (Go,)

    def __init__(self, result):
        self.result = result
        self.requests = []

    def start(self, request, rng, pool):
        self.requests.append(request)
        return FakeSession(request, self.result)


def test_seam_a_resolvers_decisions_are_the_map_games_decisions(tmp_path):
    state = battle_at_e5(tmp_path)
    result = BattleResult("defender", "held", ((0, 0, 0, 0), (0, 0, 0, 0)), ((0, 0, 0, 0),),
                          (0, 0, 0, 0), retreated=True)
    state.resolver = FakeResolver(result)
    take(state, Fight, hex="E5")
    assert state.decision() == ("battle", 0) and legal(state) == [Go()]
    assert state.observation(1)["battle"]["resolver"] == "fake"
    copy = state.clone()
    state.apply(0, Go())
    assert state.session is None and copy.session is not None  # the clone kept its own
    assert state.pennants >> hx(state, "E5") & 1
    assert state.units_at(hx(state, "D5"), 0)[INF] == 1  # back where it came from


def test_seam_the_result_removes_casualties_moves_joiners_and_winners(tmp_path):
    state = battle_at_e5(tmp_path)
    result = BattleResult(
        winner="attacker", reason="took it",
        attacker_losses=((1, 0, 0, 0), (0, 0, 0, 0)),  # the infantry from D5 falls
        bombard_losses=((0, 0, 0, 0),),
        defender_losses=(2, 0, 0, 0),
        reserve_joined=((0, 0, 0, 0), (1, 0, 0, 0)),  # E4's second infantry joined
        drawn_in=(DefenderReserve(hx(state, "F5"), "F5", (1, 0, 0, 0)),),
    )
    resolver = FakeResolver(result)
    state.resolver = resolver
    take(state, Fight, hex="E5")
    state.apply(0, Go())
    assert state.units_at(hx(state, "E5"), 0) == [2, 0, 0, 0]
    assert state.units_at(hx(state, "E5"), 1) == [0, 0, 0, 0]
    assert state.units_at(hx(state, "F5"), 1) == [0, 0, 0, 0]
    assert state.units_at(hx(state, "D5"), 0) == [0, 0, 0, 0]
    assert state.units_at(hx(state, "E4"), 0) == [0, 0, 0, 0]
    assert state.onboard[0][INF] == 2 and state.onboard[1][INF] == 0
    assert state.reserve(1)[INF] == 2  # units lost go to their owner's reserve
    assert events(state, "battle")[-1]["winner"] == "attacker"


@pytest.mark.parametrize("winner", ["attacker", "defender"])
def test_seam_a_unit_brought_into_a_battle_does_not_declare_it_again(tmp_path, winner):
    """A unit the attacker brought from a hex side joined the battle by declaring an attack on
    its hex again, once the battle had been fought: "fight the battle at E5" came back (a
    battle of nobody, or of the attacker against the town it had just taken) and "end
    movement and battles" did not."""
    state = battle_at_e5(tmp_path)
    won = winner == "attacker"
    state.resolver = FakeResolver(BattleResult(
        winner=winner, reason="over",
        attacker_losses=((0, 0, 0, 0), (0, 0, 0, 0)),
        bombard_losses=((0, 0, 0, 0),),
        defender_losses=(1, 0, 0, 0) if won else (0, 0, 0, 0),
        reserve_joined=((0, 0, 0, 0), (1, 0, 0, 0)),  # E4's second infantry joined
    ))
    take(state, Fight, hex="E5")
    state.apply(0, Go())
    assert state.battles == []
    assert not [a for a in legal(state) if type(a) is Fight]
    e5 = hx(state, "E5")
    assert state.units_at(e5, 0)[INF] == (3 if won else 0)


def test_seam_naval_battle_request(tmp_path):
    state = position(tmp_path, [capital("A1", 0), town("A3", 0, city=True),
                                troops("D6", 0, frigate=1), capital("G4", 1, city=True),
                                troops("E6", 1, frigate=1)],
                     tiles=MAP.replace("   p m p p", "   p m f p"))
    take(state, SelectUnit, hex="D6", unit=FRIG)
    take(state, Step, hex="E6")
    r = state.battle_request("attack", hx(state, "E6"), [], -1)
    assert r.kind == "naval" and r.terrain == "water" and not r.naval_support
    assert r.sides[0].units == (0, 0, 0, 1) and r.defender_units == (0, 0, 0, 1)
