"""Viktory II, the map game: the rulings of the game's README ("## Rulings") that no other
test names, each pinned by a test that names it.

Every test quotes its ruling and where it is written. Positions are set up on small fixed maps
with vik2_helpers (position: setup turns over, `first` to move) and driven through legal
actions, as the other tests of tests/games/viktory_ii do.
"""

from __future__ import annotations

import json

from test_vik2_movement import MOVE_MAP
from test_vik2_setup import DUEL_FIXED
from vik2_helpers import (
    GAME,
    RESERVE_MAP,
    act,
    capital,
    events,
    has,
    hx,
    legal,
    position,
    script_dice,
    stack,
    take,
    town,
    troops,
    write_map,
)

from warroom.engine import ConfigError
from warroom.games.viktory_battles.actions import Retreat
from warroom.games.viktory_ii.actions import (
    Bombard,
    BuildTown,
    Discard,
    Done,
    Draw,
    Fight,
    PickUp,
    PlaceCapital,
    PlaceFrigate,
    PlaceReserve,
    PlayMoveCard,
    SelectUnit,
    Step,
    Unload,
)
from warroom.games.viktory_ii.units import ART, CAV, FRIG, INF

SEA_MAP = """\
   w w w w
  p p p w w
 w p f p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""
PLUS_ONE = "A19"  # Forced March: +1 MP


def home(*extra):
    """Player 0: a capital city on grassland (A1), a mountain city (A2), a town (A4); player
    1: a capital city (G4, plains: three infantry)."""
    return [capital("A1", 0, city=True), town("A2", 0, city=True), town("A4", 0),
            capital("G4", 1, city=True), *extra]


def give(state, player, *cards):
    """Put these cards (taken from the deck) into a player's hand."""
    for cid in cards:
        state.pool.deck.remove(cid)
        state.pool.hands[player].append(cid)
    state._legal = {}


def moves(state):
    return {state.board.names[a.hex]: a.kind for a in legal(state) if type(a) is Step}


def finish(state, *phases):
    for what in phases:
        if state.decision()[0] == what:
            take(state, Done, what=what)


# --- The map and exploration --------------------------------------------------------------------

def test_ruling_beyond_the_edge_lies_water_that_counts_for_ports(tmp_path):
    """README, ## Rulings (The map and exploration): "Beyond the edge lies water no unit
    enters; it counts as water for ports." A1 is a corner with no water hex next to it on
    the map: the water beyond the edge makes a town there a port; B3, inland, is none."""
    state = position(tmp_path, [capital("A1", 0), town("B3", 0), capital("G4", 1)])
    a1 = hx(state, "A1")
    assert not any(state.terrain[n] == 4 for n in state.neighbours[a1])
    assert state.board.off_map[a1] == 3
    assert state.is_port(a1, 0) and not state.is_port(hx(state, "B3"), 0)


def test_ruling_no_tile_decision_when_every_drawn_tile_is_the_same():
    """README, ## Rulings (The map and exploration): "Revealed tiles: the revealing player
    chooses, hex by hex (in map order), which of the drawn tiles goes there; no decision when
    every drawn tile is the same." A bag of plains only: the setup turns ask for no tile."""
    state = GAME.new_state(GAME.config({"mix": "1,0,0,0,0"}), 0)
    seen = []
    while state.round == 0:
        seen.append(state.decision()[0])
        act(state, legal(state)[0])
    assert "tile" not in seen and seen[0] == "capital"


# --- Setup --------------------------------------------------------------------------------------

def test_ruling_setup_turns_come_first_in_seat_order_then_round_1_starts_with_player_0():
    """README, ## Rulings (Setup): "Every player's setup turn comes first (round 0), in seat
    order; round 1 starts with player 0."."""
    state = GAME.new_state(GAME.config({"place": "random", "players": 3}), 1)
    order = []
    while state.round == 0:
        player = state.decision()[1]
        if not order or order[-1] != player:
            order.append(player)
        act(state, legal(state)[0])
    assert order == [0, 1, 2]
    assert state.round == 1 and state.decision() == ("move", 0)


def test_ruling_cards_the_capital_and_the_second_town_each_bring_a_card():
    """README, ## Rulings (Setup): "In card modes the capital and the second town each bring a
    card, as every town built does."."""
    state = GAME.new_state(GAME.config({"place": "random", "mode": "cards"}), 1)
    assert state.decision() == ("capital", 0) and state.pool.hands == [[], []]
    act(state, legal(state)[0])  # player 0's capital (the first player builds no second town)
    assert [len(h) for h in state.pool.hands] == [1, 0]
    assert state.decision() == ("capital", 1)
    act(state, legal(state)[0])
    assert [len(h) for h in state.pool.hands] == [1, 1]
    assert state.decision() == ("second_town", 1)
    act(state, next(a for a in legal(state) if type(a) is BuildTown))
    assert [len(h) for h in state.pool.hands] == [1, 2]


def test_ruling_hidden_map_a_player_with_no_site_is_still_asked_for_a_second_town(tmp_path):
    """README, ## Rulings (Setup): "On a hidden map a player with no site is still asked,
    whose only choice is to build none: the others cannot see its sites, and skipping the step
    would tell them." (On an open map it is not asked: test_vik2_setup.py.)"""
    config = GAME.config({"map": write_map(tmp_path, DUEL_FIXED), "dark": True})
    state = GAME.new_state(config, 0)
    act(state, legal(state)[0])
    take(state, PlaceCapital, hex=state.board.names[state.config.starts[1]])
    assert state.decision() == ("second_town", 1)
    assert [a.label for a in legal(state)] == ["build no second town"]
    act(state, legal(state)[0])
    assert state.round == 1 and state.decision() == ("move", 0)
    told = [e for _, e in state.log if e["event"] == "no_second_town" and e["player"] == 1]
    assert told == [{"event": "no_second_town", "player": 1}]  # no reason others could use


# --- Movement -----------------------------------------------------------------------------------

def test_ruling_selecting_a_unit_ends_the_previous_ones_movement_even_if_it_did_not_move(
        tmp_path):
    """README, ## Rulings (Movement): "Selecting a unit ends the movement of the unit selected
    before it, even if that one did not move, so no unit is selected twice in a turn."."""
    state = position(tmp_path, home(troops("D4", 0, infantry=1, cavalry=1)), tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D4", unit=INF)  # selected, not moved
    take(state, SelectUnit, hex="D4", unit=CAV)
    assert not has(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    assert not has(state, SelectUnit, hex="D4", unit=INF)
    assert stack(state, "D4", 0)[INF] == 1


def test_ruling_units_placed_from_reserve_move_next_turn(tmp_path):
    """README, ## Rulings (Movement): "The units on the board at the start of the turn move;
    units placed from reserve move next turn."."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1)], tiles=MOVE_MAP)
    finish(state, "move", "build")
    assert state.decision() == ("reserves", 0)
    take(state, PlaceReserve, hex="A1", unit=INF)
    assert not has(state, SelectUnit)
    finish(state, "reserves")
    while state.player != 0:  # player 1's turn: nothing done
        act(state, next(a for a in legal(state) if type(a) is Done))
    assert state.decision() == ("move", 0) and has(state, SelectUnit, hex="A1", unit=INF)


def test_ruling_difficult_terrain_is_fixed_at_the_start_of_the_turn(tmp_path):
    """README, ## Rulings (Movement): "Difficult terrain is fixed at the start of the turn."
    The forest C3 holds nothing of player 0's when the turn starts: a second infantry entering
    it after the first still has to stop there."""
    state = position(tmp_path, home(troops("B3", 0, infantry=2)), tiles=MOVE_MAP)
    take(state, SelectUnit, hex="B3", unit=INF)
    take(state, Step, hex="C3")
    assert state.active == -1
    take(state, SelectUnit, hex="B3", unit=INF)
    take(state, Step, hex="C3")
    assert state.active == -1 and stack(state, "C3", 0)[INF] == 2


def test_ruling_a_hex_under_a_pennant_may_still_be_bombarded(tmp_path):
    """README, ## Rulings (Movement): "Pennants: an attack beaten off ... raises a pennant; no
    unit may move in to attack that hex again this turn (it may still be bombarded)."."""
    state = position(tmp_path, home(troops("D4", 0, infantry=1), troops("D3", 0, artillery=1),
                                    troops("E3", 1, infantry=2)), tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E3")
    script_dice(state, [6, 1])  # the attacker misses; the defender's die hits
    take(state, Fight, hex="E3")
    assert state.pennants >> hx(state, "E3") & 1
    take(state, SelectUnit, hex="D3", unit=ART)
    assert "E3" not in moves(state)
    assert has(state, Bombard, hex="E3")


def test_ruling_a_frigate_that_bombarded_may_still_unload_but_plays_no_plus_one_mp(tmp_path):
    """README, ## Rulings (Movement): "Bombardment: ... its movement ends (a frigate may still
    unload)"; (Battle Cards): "A +1 MP card ... is played on the moving unit for one more
    movement point ... unless the unit had to stop on difficult terrain or has bombarded."."""
    state = position(tmp_path, [capital("C3", 0, city=True), town("B1", 0),
                                town("C5", 0, city=True), troops("A2", 0, frigate=1),
                                troops("B2", 0, infantry=2), troops("B3", 0, infantry=2),
                                capital("G4", 1, city=True), troops("C4", 1, infantry=1)],
                     tiles=SEA_MAP, mode="cards")
    give(state, 0, PLUS_ONE)
    take(state, SelectUnit, hex="A2", unit=FRIG)
    take(state, PickUp, hex="B2", unit=INF)
    for h in ("A3", "A4", "B4"):
        take(state, Step, hex=h)
    assert has(state, PlayMoveCard, card=PLUS_ONE)
    script_dice(state, [6, 6])
    take(state, Bombard, hex="C4")
    assert state.active >= 0  # still the moving unit: it may unload
    assert not has(state, Step) and not has(state, PlayMoveCard)
    take(state, Unload, hex="B3")
    assert stack(state, "B3", 0)[INF] == 3 and PLUS_ONE in state.pool.hands[0]


def test_ruling_no_plus_one_mp_for_a_unit_that_had_to_stop_on_difficult_terrain(tmp_path):
    """README, ## Rulings (Battle Cards): "+1 MP ... unless the unit had to stop on difficult
    terrain"."""
    state = position(tmp_path, home(troops("B3", 0, infantry=1)), tiles=MOVE_MAP,
                     mode="cards")
    give(state, 0, PLUS_ONE)
    take(state, SelectUnit, hex="B3", unit=INF)
    assert has(state, PlayMoveCard, card=PLUS_ONE)
    take(state, Step, hex="C3")  # the forest: it must stop
    assert state.active == -1 and not has(state, PlayMoveCard)
    assert not has(state, SelectUnit, hex="C3") and PLUS_ONE in state.pool.hands[0]


PORT_MAP = """\
   w w w w
  w p f w w
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""


def test_ruling_a_frigate_enters_an_own_port_only_with_two_movement_points_left(tmp_path):
    """README, ## Rulings (Movement): "A frigate enters an own port only with two movement
    points left and a water hex next to the port, and must sail on". B3 is player 0's forest
    city, a port: from B4 with two points left the frigate may enter it; reaching B4 by a
    longer way, with one point left, it may not."""
    pieces = [capital("B2", 0), town("B3", 0, city=True), capital("G4", 1),
              troops("A1", 0, frigate=1)]
    for path, left, port in ((["A2", "A3", "B4"], 2, True),
                             (["A2", "A3", "A4", "B4"], 1, False)):
        where = tmp_path / str(left)
        where.mkdir()
        state = position(where, pieces, tiles=PORT_MAP)
        take(state, SelectUnit, hex="A1", unit=FRIG)
        for h in path:
            take(state, Step, hex=h)
        assert state.um[state.active] == left
        assert (moves(state).get("B3") == "port") is port


# --- Towns, cities, support ---------------------------------------------------------------------

def test_ruling_a_town_built_this_turn_counts_for_the_next_towns_distance(tmp_path):
    """README, ## Rulings (Towns, cities, support): "A new town goes ... two or three hexes
    from one of the player's towns or cities (one built this turn counts)"."""
    state = position(tmp_path, [capital("A1", 0, city=True), capital("G4", 1)])
    assert state.decision() == ("build", 0)
    dist = state.board.distance
    a1 = hx(state, "A1")
    before = {a.hex for a in legal(state) if type(a) is BuildTown}
    assert all(dist[a1][h] in (2, 3) for h in before)
    take(state, BuildTown, hex="A4")
    after = {a.hex for a in legal(state) if type(a) is BuildTown}
    far = {h for h in after if dist[a1][h] > 3}
    assert far and all(dist[hx(state, "A4")][h] in (2, 3) for h in far)


# --- Reserves -----------------------------------------------------------------------------------

def test_ruling_a_frigate_placed_from_reserve_that_does_not_win_goes_back_into_the_reserve(
        tmp_path):
    """README, ## Rulings (Reserves): "One placed on an enemy frigate fights a reserve naval
    battle; after it the reserve step ends. A placed frigate that does not win goes back into
    the reserve." Neither frigate hits; the placed one pulls back: into the reserve."""
    pieces = [capital("A1", 0, city=True), town("A2", 0, city=True), town("A3", 0, city=True),
              town("A4", 0), capital("G4", 1), town("G1", 1, city=True)]
    (tmp_path / "probe").mkdir()
    probe = position(tmp_path / "probe", pieces, tiles=RESERVE_MAP)
    sea = probe.nearest_water(0, hx(probe, "A3"))[0]
    where = probe.board.names[sea]
    state = position(tmp_path, pieces + [troops(where, 1, frigate=1)], tiles=RESERVE_MAP)
    finish(state, "move", "build")
    assert state.reserve(0)[FRIG] == 1
    script_dice(state, [6, 6])
    take(state, PlaceFrigate, hex="A3", sea=where)
    act(state, Retreat())
    assert events(state, "battle")[-1]["winner"] == "defender"
    assert state.units_at(sea, 0)[FRIG] == 0 and state.reserve(0)[FRIG] == 1
    assert state.player == 1  # the reserve step ended with that battle


# --- Battle Cards -------------------------------------------------------------------------------

def test_ruling_cards_discard_to_the_limit_the_player_whose_turn_it_is_first_then_seat_order(
        tmp_path):
    """README, ## Rulings (Battle Cards): "every player discards down to its hand limit (the
    player whose turn it is first, then in seat order)". In player 1's turn of three: 1, then
    2, then 0 (each holds three cards over a limit of one)."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1), capital("E1", 2)],
                     players=3, first=1, mode="cards")
    for p in range(3):
        give(state, p, *state.pool.deck[:3])
    finish(state, "move", "build", "reserves")
    order = []
    while state.decision()[0] == "discard":
        order.append(state.decision()[1])
        take(state, Discard, card=state.pool.hands[state.decision()[1]][0])
    assert order == [1, 1, 2, 2, 0, 0]
    assert [len(h) for h in state.pool.hands] == [1, 1, 1]


def test_ruling_cards_an_empty_deck_is_refilled_with_the_shuffled_discards(tmp_path):
    """README, ## Rulings (Battle Cards): "An empty deck is refilled with the shuffled
    discards."."""
    state = position(tmp_path, [capital("A1", 0, city=True), capital("G4", 1)], mode="cards")
    pool = state.pool
    pool.discard.extend(pool.deck)
    pool.deck.clear()
    state._legal = {}
    every = sorted(pool.discard)
    finish(state, "move", "build", "reserves")
    assert state.decision() == ("draw", 0)
    take(state, Draw, count=1)
    assert [e["cards"] for e in events(state, "reshuffle")] == [len(every)]
    assert pool.discard == [] and len(pool.deck) == len(every) - 1
    assert sorted(pool.deck + pool.hands[0]) == every


def test_ruling_hands_are_never_in_a_battles_observation(tmp_path):
    """README, ## Rulings (Battles on the map): "Hands are never in a battle's observation: a
    player sees its own."."""
    state = position(tmp_path, [capital("A1", 0), troops("D4", 0, infantry=1),
                                capital("G4", 1, city=True), troops("E4", 1, infantry=1)],
                     mode="cards")
    give(state, 0, "A01", "C02")
    give(state, 1, "C03", "C04")
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    take(state, Fight, hex="E4")
    assert state.decision()[0] == "battle"
    for viewer in (0, 1, None):
        battle = json.dumps(state.observation(viewer)["battle"])
        assert not any(c in battle for c in ("A01", "C02", "C03", "C04"))
        assert "hand" not in state.observation(viewer)["battle"]
    assert {c["id"] if isinstance(c, dict) else c
            for c in state.observation(1)["hand"]} >= {"C03", "C04"}


def test_ruling_units_placed_from_reserve_next_to_enemy_artillery_draw_no_overwatch(tmp_path):
    """README, ## Rulings (Battles on the map): Overwatch is drawn by a unit moving next to
    enemy artillery; "Not outside a battle: ... units placed from reserve, which do not
    move." Player 1's artillery on A2 fires at an infantry stepping to B2, next to it; an
    infantry placed from reserve on A1, next to it too, draws no fire."""
    pieces = [capital("A1", 0, city=True), capital("G4", 1),
              town("A2", 1, city=True, artillery=1)]
    (tmp_path / "moving").mkdir()
    moving = position(tmp_path / "moving", pieces + [troops("C2", 0, infantry=1)],
                      tiles=MOVE_MAP)
    take(moving, SelectUnit, hex="C2", unit=INF)
    take(moving, Step, hex="B2")
    assert moving.decision() == ("battle", 1)  # the artillery may fire at a unit moving
    placed = position(tmp_path, pieces, tiles=MOVE_MAP)
    finish(placed, "move", "build")
    assert placed.decision() == ("reserves", 0)
    take(placed, PlaceReserve, hex="A1", unit=INF)
    assert placed.decision() == ("reserves", 0)  # no Overwatch decision came
    assert stack(placed, "A1", 0)[INF] == 1
    assert not [e for e in events(placed, "battle") if e["battle"] == "overwatch"]


# --- Hidden information -------------------------------------------------------------------------

def test_ruling_dark_a_city_sees_within_two_hexes(tmp_path):
    """README, ## Rulings (Hidden information): "With `dark`, a player sees the hexes next to
    its units and towns, within two of its cities". In player 1's turn (no movement reach
    of player 0's), player 0's capital city on A1 sees C2 (two hexes off), not D3 (three)."""
    state = position(tmp_path, [capital("A1", 0, city=True), capital("G4", 1, city=True),
                                troops("C2", 1, infantry=1), troops("D3", 1, infantry=1)],
                     dark=True, first=1)
    dist = state.board.distance[hx(state, "A1")]
    assert (dist[hx(state, "C2")], dist[hx(state, "D3")]) == (2, 3)
    seen = {(state.board.names[h], owner) for h, owner, *_ in state.observation(0)["units"]}
    assert ("C2", 1) in seen and ("D3", 1) not in seen


def test_ruling_dark_everybody_learns_the_counts_and_hand_sizes(tmp_path):
    """README, ## Rulings (Hidden information): "On a hidden map ... everybody learns each
    player's number of towns, cities and capitals held and hand sizes; reserves and an enemy
    capital's place only when seen."."""
    state = position(tmp_path, [capital("A1", 0, city=True), town("A4", 0),
                                capital("G4", 1, city=True)], dark=True, mode="cards")
    give(state, 0, "C02", "C03")
    for viewer in (1, None):
        seat = state.observation(viewer)["players"][0]
        assert (seat["towns"], seat["cities"], seat["capitals"], seat["hand"]) == (1, 1, 1, 2)
        assert seat["reserve"] is None and seat["capital"] == -1  # not seen
    assert state.observation(0)["players"][0]["capital"] == hx(state, "A1")


def test_ruling_an_observations_log_holds_the_events_since_the_previous_turn_log_start():
    """README, ## Rulings (Hidden information): "An observation's log holds the events since
    the player's previous turn began (all of them once the game is over), and `log_start` says
    where they begin in the player's whole log."."""
    import random

    state = GAME.new_state(GAME.config({"place": "random", "dark": True, "turn_limit": 4}), 3)
    rng = random.Random(3)
    starts = set()
    while not state.is_terminal():
        for p in (0, 1):
            obs = state.observation(p)
            starts.add(obs["log_start"])
            assert obs["log"] == state.visible_log(p)[obs["log_start"]:]
        actions = legal(state)
        state.apply(state.to_move()[0], actions[rng.randrange(len(actions))])
    assert len(starts) > 2  # it moves on as turns go by
    for p in (0, 1):
        obs = state.observation(p)
        assert obs["log_start"] == 0 and obs["log"] == state.visible_log(p)


# --- Winning ------------------------------------------------------------------------------------

def test_ruling_turn_limit_is_60_rounds_by_default_and_at_most_80():
    """README, ## Rulings (Winning): "after `turn_limit` full rounds (60 by default, at most
    80) the most capitals, then cities, then towns wins"."""
    assert GAME.config().turn_limit == 60
    assert GAME.config({"turn_limit": 80}).turn_limit == 80
    try:
        GAME.config({"turn_limit": 81})
    except ConfigError as exc:
        assert "turn_limit" in str(exc)
    else:
        raise AssertionError("a turn limit of 81 was accepted")

