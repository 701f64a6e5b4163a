"""Viktory II, the map game: the sentences of docs/VIKTORY-II.md that no other test checked,
each pinned by a test that quotes it (the trace: test_vik2_trace.py).

Positions are set up on small fixed maps with vik2_helpers (position: setup turns over,
`first` to move) and driven through legal actions; battles roll scripted dice.
"""

from __future__ import annotations

from test_vik2_movement import MOVE_MAP
from test_vik2_setup import setup_state
from vik2_helpers import (
    GAME,
    PLAINS_MAP,
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
)

from warroom.games import get_game
from warroom.games.viktory_battles.actions import Retreat
from warroom.games.viktory_battles.resolver import BattleResolver
from warroom.games.viktory_ii.actions import (
    Bombard,
    BuildTown,
    Done,
    Fight,
    PickUp,
    PlaceFrigate,
    PlaceTile,
    SelectUnit,
    Step,
    Unload,
)
from warroom.games.viktory_ii.board import LAND, TERRAINS, UNKNOWN, WATER, start_area
from warroom.games.viktory_ii.units import ART, FRIG, INF

# Rows B and C water (a sea for frigates); D4 a forest (a capital city there supports a
# frigate).
SEA_MAP = """\
   p p p p
  w w w w w
 w w w w w w
w w w f p w w
 p p p p p w
  p p p p p
   p p p p
"""

# Row A and B4, B5 water: a coast (B1 to B3) for a frigate to pick up from; C3 a forest.
COAST_MAP = """\
   w w w w
  p p p w w
 w p f p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""


def end_turn(state):
    """Finish the mover's turn, taking no more actions."""
    player = state.player
    while state.player == player and not state.is_terminal():
        done = [a for a in legal(state) if type(a) is Done and a.what != "stop"]
        act(state, done[0] if done else legal(state)[0])


def moves(state):
    return {state.board.names[a.hex]: a.kind for a in legal(state) if type(a) is Step}


# --- The map ------------------------------------------------------------------------------------

def test_rule_the_map_starts_face_down_in_five_terrains():
    """"A hexagonal map of hex tiles, all face down (unexplored) at the start"; "Terrains:
    plains, grassland, forest, mountain (land) and water." Before anything is placed, no
    tile lies on any hex but the first player's five starting hexes (drawn, to be placed),
    and no player has explored any other; the bag's tiles are of the five terrains."""
    state = GAME.new_state(GAME.config({}), 4)
    area = set(start_area(state.board, state.config.starts[0]))
    assert all(state.terrain[h] == UNKNOWN for h in range(state.board.size) if h not in area)
    for p in (0, 1):
        assert not any(state.explored[p] >> h & 1
                       for h in range(state.board.size) if h not in area)
    assert TERRAINS == ("plains", "grassland", "forest", "mountain", "water")
    assert [TERRAINS[t] for t in LAND] == ["plains", "grassland", "forest", "mountain"]
    assert set(state.bag) == set(range(5))


def test_rule_the_tile_bag_is_shuffled_and_sized_to_the_map():
    """"tiles are drawn from a shuffled bag sized to the map": the same counts in another
    order from seed to seed."""
    bags = [GAME.new_state(GAME.config({"place": "random"}), seed) for seed in range(4)]
    orders = {tuple(s.bag) for s in bags}
    assert len(orders) == 4
    for s in bags:  # the bag, with the tiles out of it on the map, is one tile per hex
        on_map = sum(1 for t in s.terrain if t != UNKNOWN)
        assert len(s.bag) + on_map == s.board.size


def test_rule_a_unit_goes_on_after_the_tiles_its_step_revealed_are_placed_by_its_player(
        tmp_path):
    """"when a unit moves (every unexplored hex next to it, after each step; the unit then
    may go on with its remaining movement)"; "Revealed tiles are placed by the player who
    revealed them ... out of the ones drawn." Player 1's infantry steps next to hexes whose
    tiles come from the bag: player 1 places them, then moves on."""
    # E3, F2 and G2 come from a bag of plains and grassland
    tiles = PLAINS_MAP.replace(" p p p p p w\n", " p p ? p p w\n").replace(
        "  p p p p p\n   p p p p\n", "  p ? p p p\n   p ? p p\n")
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1), troops("F4", 1, infantry=1)],
                     tiles=tiles, explored=False, first=1, mix="1,1,0,0,0")
    take(state, SelectUnit, hex="F4", unit=INF)
    take(state, Step, hex="F3")  # next to E3, F2 and G2
    assert state.decision() == ("tile", 1)
    assert state.legal_actions(0) == []
    hexes, drawn = list(state.reveal_pending[1]), list(state.reveal_pending[2])
    assert sorted(state.board.names[h] for h in hexes) == ["E3", "F2", "G2"]
    while state.decision() == ("tile", 1):
        assert {a.terrain for a in legal(state)} <= set(drawn)
        act(state, legal(state)[0])
    assert sorted(state.terrain[h] for h in hexes) == sorted(drawn)
    assert state.decision() == ("move", 1) and state.active >= 0
    take(state, Step, hex="E4")  # its second movement point
    assert stack(state, "E4", 1)[INF] == 1


def test_rule_the_second_player_places_the_tiles_of_its_own_starting_hexes():
    """"Revealed tiles are placed by the player who revealed them": player 1's setup turn
    reveals its starting hexes, and player 1, not player 0, places their tiles."""
    state = GAME.new_state(GAME.config({}), 5)
    while state.decision()[1] == 0:
        act(state, legal(state)[0])
    assert state.decision() == ("tile", 1)
    assert all(type(a) is PlaceTile for a in state.legal_actions(1))
    assert state.legal_actions(0) == []


# --- Setup --------------------------------------------------------------------------------------

def test_rule_setup_the_second_town_reveals_its_neighbours(tmp_path):
    """"The player may at once build a second town ...": "Building reveals neighbours as
    above." (a fixed map, face down)."""
    state = setup_state(tmp_path)
    act(state, legal(state)[0])  # player 0's capital
    act(state, legal(state)[0])  # player 1's capital
    assert state.decision() == ("second_town", 1)
    site = next(a for a in legal(state) if type(a) is BuildTown)
    assert not all(state.explored[1] >> n & 1 for n in state.board.neighbours[site.hex])
    act(state, site)
    assert all(state.explored[1] >> n & 1 for n in state.board.neighbours[site.hex])


# --- Unit support, capture, players out ---------------------------------------------------------

def test_rule_capture_moves_the_support_into_the_winners_reserve_and_off_the_losers_reserve(
        tmp_path):
    """"Capturing a town or city moves its support from the loser to the winner (the units go
    to the winner's reserve and come off the loser's reserve or board)." Player 1's town A4
    is empty and its infantry in reserve: taken, the infantry leaves player 1's reserve (no
    unit of its to disband) and joins player 0's."""
    state = position(tmp_path, [capital("A1", 0), troops("B4", 0, infantry=1),
                                capital("G4", 1, infantry=1), town("A4", 1)], tiles=PLAINS_MAP)
    assert state.reserve(0) == [0, 0, 0, 0] and state.reserve(1) == [1, 0, 0, 0]
    take(state, SelectUnit, hex="B4", unit=INF)
    take(state, Step, hex="A4")
    script_dice(state, [6, 6])  # the town's die misses
    take(state, Fight, hex="A4")
    assert state.sowner[hx(state, "A4")] == 0
    assert state.reserve(0) == [1, 0, 0, 0] and state.reserve(1) == [0, 0, 0, 0]
    assert state.supported == [[2, 0, 0, 0], [1, 0, 0, 0]]
    assert state.decision()[0] != "disband" and not events(state, "disband")


def test_rule_a_player_left_without_a_town_or_city_is_out_and_its_units_leave(tmp_path):
    """"A player with no town, city or unit left is out": losing its last town, player 0
    keeps no unit (nothing supports one), so nothing of it is left, and it is out."""
    state = position(tmp_path, [capital("A1", 0), troops("D4", 0, infantry=1),
                                capital("G4", 1), capital("G1", 2),
                                troops("B1", 2, infantry=1)], first=2, players=3)
    take(state, SelectUnit, hex="B1", unit=INF)
    take(state, Step, hex="A1")
    script_dice(state, [6, 6])
    take(state, Fight, hex="A1")
    assert state.out[0] and not state.is_terminal()
    assert stack(state, "D4", 0) == [0, 0, 0, 0] and state.onboard[0] == [0, 0, 0, 0]
    end_turn(state)
    assert state.player == 1


# --- Movement -----------------------------------------------------------------------------------

def test_rule_a_frigate_moves_five_on_water_only(tmp_path):
    """"Range: ... frigate 5 (water only)." It is offered only water hexes, and after five
    steps it stops by itself."""
    state = position(tmp_path, [capital("D4", 0, city=True), troops("B1", 0, frigate=1),
                                capital("G4", 1)], tiles=SEA_MAP)
    take(state, SelectUnit, hex="B1", unit=FRIG)
    for h in ("B2", "B3", "B4", "B5", "C6"):
        assert all(state.terrain[hx(state, w)] == WATER for w in moves(state))
        take(state, Step, hex=h)
    assert state.active == -1 and stack(state, "C6", 0)[FRIG] == 1


def test_rule_difficult_terrain_stays_easy_all_turn_where_the_player_stood_and_stops_artillery(
        tmp_path):
    """"Difficult terrain: a forest or mountain hex with nothing of the player's in it at the
    start of the turn (a hex where the player had a town, a city or any land unit then is not
    difficult, and stays not difficult for the whole turn). Infantry and artillery must stop
    when they enter a difficult hex". MOVE_MAP: A2 mountain (player 0's city, no unit), C3
    forest (an infantry of player 0's, which leaves it), C4 mountain (empty)."""
    state = position(tmp_path, [capital("A1", 0, city=True), town("A2", 0, city=True),
                                town("A4", 0), capital("G4", 1),
                                troops("C3", 0, infantry=1), troops("B3", 0, infantry=1),
                                troops("B2", 0, infantry=1), troops("D4", 0, artillery=1)],
                     tiles=MOVE_MAP)
    take(state, SelectUnit, hex="C3", unit=INF)
    take(state, Step, hex="D3")  # the forest C3 is empty now
    take(state, SelectUnit, hex="B3", unit=INF)
    take(state, Step, hex="C3")
    assert state.active >= 0 and moves(state)  # not difficult: it may go on
    take(state, SelectUnit, hex="B2", unit=INF)
    take(state, Step, hex="A2")  # a mountain with player 0's city
    assert state.active >= 0 and moves(state)
    take(state, SelectUnit, hex="D4", unit=ART)
    take(state, Step, hex="C4")  # an empty mountain
    assert state.active == -1 and stack(state, "C4", 0)[ART] == 1


def test_rule_a_ferry_crosses_water_between_own_towns(tmp_path):
    """"Roads and ferries: ... two or three hexes away for one movement point, through any
    terrain". PLAINS_MAP: between C2 and E1 (two hexes apart) lies only the water D2."""
    state = position(tmp_path, [capital("A1", 0), town("C2", 0, infantry=1), town("E1", 0),
                                capital("G4", 1)], tiles=PLAINS_MAP)
    common = set(state.neighbours[hx(state, "C2")]) & set(state.neighbours[hx(state, "E1")])
    assert [state.board.names[h] for h in common] == ["D2"]
    assert state.terrain[hx(state, "D2")] == WATER
    take(state, SelectUnit, hex="C2", unit=INF)
    assert moves(state).get("E1") == "road"
    take(state, Step, hex="E1", kind="road")
    assert stack(state, "E1", 0)[INF] == 1 and state.um[state.active] == 1


def test_rule_a_town_with_water_on_one_side_is_no_port(tmp_path):
    """"Ports: a land hex with an own town or city and water on at least two sides". D3 has
    one water neighbour (D2), C2 two (C1, D2); neither is on the map's edge."""
    state = position(tmp_path, [capital("A1", 0), town("D3", 0), town("C2", 0),
                                capital("G4", 1)], tiles=PLAINS_MAP)
    for where, water in (("D3", 1), ("C2", 2)):
        h = hx(state, where)
        assert state.board.off_map[h] == 0
        assert sum(state.terrain[n] == WATER for n in state.neighbours[h]) == water
    assert not state.is_port(hx(state, "D3"), 0) and state.is_port(hx(state, "C2"), 0)
    assert not state.is_port(hx(state, "C2"), 1)  # an own town or city only


def test_rule_a_battle_once_fought_is_resolved_before_anything_else_moves(tmp_path):
    """"once fought it is resolved completely before anything else moves": round after round
    nobody hits; until the battle is over only its own decisions are offered."""
    state = position(tmp_path, [capital("A4", 0, city=True), troops("D4", 0, infantry=2),
                                troops("C3", 0, infantry=1), capital("G4", 1),
                                troops("E4", 1, infantry=1)], tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    script_dice(state, [6] * 6 + [1, 6])  # three rounds of misses, then the attacker hits
    take(state, Fight, hex="E4")
    map_actions = (SelectUnit, Step, Fight, Done, Bombard, PickUp, Unload, BuildTown)
    decisions = 0
    while state.session is not None:
        assert state.decision()[0] == "battle"
        assert not any(isinstance(a, map_actions) for a in legal(state))
        act(state, next((a for a in legal(state) if type(a) is not Retreat), legal(state)[0]))
        decisions += 1
    assert decisions >= 3 and events(state, "battle")[-1]["winner"] == "attacker"
    assert has(state, SelectUnit, hex="C3")  # the map goes on


def test_rule_a_pennant_lasts_for_the_turn(tmp_path):
    """"no more units may move in to attack it again this turn": next turn the hex may be
    attacked again."""
    state = position(tmp_path, [capital("A4", 0, city=True), troops("D4", 0, infantry=1),
                                troops("D5", 0, infantry=1), capital("G4", 1),
                                troops("E4", 1, infantry=1)], tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    script_dice(state, [6, 6])  # nobody hits: the attacker pulls back
    take(state, Fight, hex="E4")
    take(state, Retreat)
    assert state.session is None and state.pennants >> hx(state, "E4") & 1
    take(state, SelectUnit, hex="D5", unit=INF)
    assert "E4" not in moves(state)
    end_turn(state)
    assert state.pennants == 0
    end_turn(state)  # player 1's turn
    assert state.player == 0
    take(state, SelectUnit, hex="D5", unit=INF)
    assert moves(state).get("E4") == "attack"


# --- Transport by sea ---------------------------------------------------------------------------

def test_rule_a_frigate_picks_up_along_its_path_and_unloads_all_into_one_hex(tmp_path):
    """"A frigate may pick up along its path (from several adjacent hexes); unloading (into
    one adjacent land hex) ends its movement." It takes an infantry from B1 at A1 and one
    from B3 at A2, sails on, and lands both on C5."""
    state = position(tmp_path, [capital("C3", 0, city=True), town("B1", 0, infantry=1),
                                town("C5", 0, city=True), troops("A1", 0, frigate=1),
                                troops("B3", 0, infantry=1), capital("G4", 1)],
                     tiles=COAST_MAP)
    take(state, SelectUnit, hex="A1", unit=FRIG)
    take(state, PickUp, hex="B1", unit=INF)
    take(state, Step, hex="A2")
    take(state, PickUp, hex="B3", unit=INF)
    for h in ("A3", "A4", "B5"):
        take(state, Step, hex=h)
    unloads = {state.board.names[a.hex] for a in legal(state) if type(a) is Unload}
    assert unloads and all(state.terrain[hx(state, w)] != WATER and
                           hx(state, w) in state.neighbours[hx(state, "B5")] for w in unloads)
    take(state, Unload, hex="C5")
    assert stack(state, "C5", 0)[INF] == 2 and stack(state, "B1", 0)[INF] == 0
    assert state.active == -1 and not has(state, SelectUnit, hex="B5")


# --- Bombardment --------------------------------------------------------------------------------

def test_rule_bombardment_rolls_one_die_per_unit_in_the_base_game(tmp_path):
    """"Artillery and frigates may bombard enemy units in an adjacent hex once a turn: one
    die (hits as in battle)". With the base game's dice (no Artillery Characteristics) an
    artillery rolls one die; a frigate one die in any case. A hit removes a defender."""
    for expansion in (False, True):
        where = tmp_path / str(expansion)
        where.mkdir()
        state = position(where, [capital("A1", 0, city=True), town("A2", 0, city=True),
                                 troops("D4", 0, artillery=1), troops("D2", 0, frigate=1),
                                 capital("G4", 1, city=True), town("G1", 1),
                                 troops("E4", 1, infantry=2), troops("E2", 1, infantry=2)],
                         tiles=MOVE_MAP.replace("   g m f p", "   f m f p"),
                         artillery_characteristics=expansion, overwatch=False)
        take(state, SelectUnit, hex="D4", unit=ART)
        dice = script_dice(state, [1, 6, 6, 6])
        take(state, Bombard, hex="E4")
        assert len(dice.rolls) == (2 if expansion else 3)
        assert stack(state, "E4", 1)[INF] == 1  # the one hit
        take(state, SelectUnit, hex="D2", unit=FRIG)
        dice = script_dice(state, [6, 6, 6])
        take(state, Bombard, hex="E2")
        assert len(dice.rolls) == 2 and stack(state, "E2", 1)[INF] == 2


# --- Battle outcomes ----------------------------------------------------------------------------

def test_rule_retreat_pulls_every_attacker_back_to_its_own_hex_whatever_its_movement_left(
        tmp_path):
    """"Retreat: between rounds, while defenders remain, the attacker may pull every attacking
    unit back into hexes it entered from ..., whatever their movement left." An infantry
    that spent both movement points (D4 to E4, then the attack) and one from E5 fall back."""
    state = position(tmp_path, [capital("A4", 0, city=True), troops("D4", 0, infantry=1),
                                troops("E5", 0, infantry=1), capital("G4", 1, city=True),
                                troops("F4", 1, infantry=1)], tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    take(state, Step, hex="F4")
    take(state, SelectUnit, hex="E5", unit=INF)
    take(state, Step, hex="F4")
    script_dice(state, [6] * 6)  # nobody hits
    take(state, Fight, hex="F4")
    assert has(state, Retreat)
    take(state, Retreat)
    assert state.session is None
    assert stack(state, "E4", 0)[INF] == 1 and stack(state, "E5", 0)[INF] == 1
    assert stack(state, "F4", 1)[INF] == 1


def test_rule_an_urban_battle_is_fought_for_a_round_and_a_town_that_holds_raises_a_pennant(
        tmp_path):
    """"Urban battle (enemy town or city): at least one round is fought even with no
    defenders. If an attacker survives, the attacker takes the town or city ...; if not, the
    defender keeps it and a pennant goes up." The empty town's own die hits the infantry."""
    state = position(tmp_path, [capital("A1", 0), troops("B4", 0, infantry=1),
                                capital("G4", 1), town("A4", 1)], tiles=PLAINS_MAP)
    take(state, SelectUnit, hex="B4", unit=INF)
    take(state, Step, hex="A4")
    script_dice(state, [1, 1, 6, 6])
    take(state, Fight, hex="A4")
    assert state.session is None
    battle = events(state, "battle")[-1]
    assert (battle["rounds"], battle["winner"], battle["defender_lost"]) == (1, "defender", "none")
    assert [e["player"] for e in events(state, "roll")] == [1]  # the town's die
    assert state.sowner[hx(state, "A4")] == 1 and state.pennants >> hx(state, "A4") & 1
    assert state.onboard[0] == [0, 0, 0, 0]


def test_rule_after_a_field_battle_won_more_units_may_move_through_the_hex(tmp_path):
    """"Non-urban battle: ... if none [of the defenders] does [survive], the attacker may move
    more units into or through the hex."."""
    state = position(tmp_path, [capital("A4", 0, city=True), troops("D4", 0, infantry=1),
                                troops("D5", 0, infantry=1), capital("G4", 1),
                                troops("E4", 1, infantry=1)], tiles=MOVE_MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    script_dice(state, [1, 6])
    take(state, Fight, hex="E4")
    while state.session is not None:
        act(state, legal(state)[0])
    assert events(state, "battle")[-1]["winner"] == "attacker"
    assert state.pennants == 0
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E4", kind="move")
    take(state, Step, hex="F4")
    assert stack(state, "F4", 0)[INF] == 1


# --- Building -----------------------------------------------------------------------------------

def test_rule_a_new_town_goes_only_on_explored_land(tmp_path):
    """"New town: on an explored land hex ... two or three explored hexes from one of the
    player's towns or cities". On a face-down map, the sites offered are explored land; land
    two or three hexes away but unexplored is not offered, nor is water."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1),
                                troops("B2", 0, infantry=1)], tiles=PLAINS_MAP, explored=False)
    take(state, Done, what="move")
    assert state.decision() == ("build", 0)
    a1 = hx(state, "A1")
    sites = {a.hex for a in legal(state) if type(a) is BuildTown}
    ring = {h for h in range(state.board.size) if state.board.distance[a1][h] in (2, 3)}
    unexplored = {h for h in ring if not state.explored[0] >> h & 1}
    assert sites and unexplored
    assert all(state.explored[0] >> h & 1 and state.terrain[h] != WATER for h in sites)
    assert not sites & unexplored


# --- Lost capital penalties ---------------------------------------------------------------------

def _attack_the_city_a4(tmp_path, take_the_capital_first):
    """Three players; player 2 attacks player 0's empty plains city A4, after taking player
    0's capital A1 or not. Returns how many dice the city rolled (nobody hits)."""
    state = position(tmp_path, [capital("A1", 0), town("A4", 0, city=True), capital("G4", 1),
                                capital("G1", 2, city=True), troops("B1", 2, infantry=1),
                                troops("B4", 2, infantry=1)], first=2, players=3)
    if take_the_capital_first:
        take(state, SelectUnit, hex="B1", unit=INF)
        take(state, Step, hex="A1")
        script_dice(state, [6, 6])
        take(state, Fight, hex="A1")
        assert not state.holds_capital(0)
    take(state, SelectUnit, hex="B4", unit=INF)
    take(state, Step, hex="A4")
    script_dice(state, [6] * 6)
    before = len(events(state, "roll"))
    take(state, Fight, hex="A4")
    assert state.sowner[hx(state, "A4")] == 2  # no defender, no hit: taken after one round
    rolls = [e for e in events(state, "roll")[before:] if e["player"] == 0]
    assert len(rolls) == 1
    return len(rolls[0]["dice"])


def test_rule_a_city_whose_owner_lost_its_capital_defends_with_one_die(tmp_path):
    """"While a player does not control their own capital: their cities defend with one die
    instead of two". An infantry attacks an empty city: the city rolls two dice, or one once
    its owner's capital is lost."""
    (tmp_path / "held").mkdir()
    (tmp_path / "lost").mkdir()
    assert _attack_the_city_a4(tmp_path / "held", False) == 2
    assert _attack_the_city_a4(tmp_path / "lost", True) == 1


# --- Battle mode --------------------------------------------------------------------------------

def test_rule_every_battle_mode_uses_the_one_battle_games_resolver():
    """"**Battle mode:** `dice` ..., `cards` ..., `hybrid` ..., shared with the one-battle
    game: one battle resolver, not two." Both games' configurations hand their battles to
    the same resolver class, viktory_battles'."""
    one_battle = get_game("viktory")
    for mode in ("dice", "cards", "hybrid"):
        mine = GAME.config({"mode": mode}).resolver
        theirs = one_battle.config({"mode": mode}).resolver
        assert type(mine) is type(theirs) is BattleResolver


# --- Reserves -----------------------------------------------------------------------------------

def test_rule_frigates_from_reserve_go_to_the_water_hexes_nearest_a_forest_city(tmp_path):
    """"Frigates go to the nearest water hexes of a forest city or the capital." RESERVE_MAP:
    the forest city A3 is offered exactly the water hexes at the least distance from it."""
    state = position(tmp_path, [capital("A1", 0, city=True), town("A3", 0, city=True),
                                capital("G4", 1)], tiles=RESERVE_MAP)
    while state.decision()[0] != "reserves":
        act(state, next(a for a in legal(state) if type(a) is Done))
    a3 = hx(state, "A3")
    dist = state.board.distance[a3]
    water = [h for h in range(state.board.size) if state.terrain[h] == WATER]
    nearest = {h for h in water if dist[h] == min(dist[w] for w in water)}
    offered = {a.sea for a in legal(state) if type(a) is PlaceFrigate and a.hex == a3}
    assert offered == nearest


# --- Winning ------------------------------------------------------------------------------------

def test_rule_turn_limit_cities_count_before_towns(tmp_path):
    """"after N full rounds, most capitals wins, then most cities, then most towns": each
    holds its capital; player 0's one city outweighs player 1's two more towns."""
    state = position(tmp_path, [capital("A1", 0, city=True), capital("G4", 1), town("G1", 1),
                                town("E1", 1)], tiles=PLAINS_MAP, turn_limit=1)
    for _ in range(2):
        end_turn(state)
    assert state.is_terminal()
    outcome = state.outcome()
    assert outcome.details["towns"] == [0, 3]
    assert outcome.winners == (0,)
