"""Audit (stop 53): no reachable state, real or determinised, leaves the player to move in the
setup turns without a site for its capital (and so without a legal action)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from warroom.engine import ConfigError
from warroom.games import get_game
from warroom.games.viktory_ii.board import LAND, WATER, start_area, tile_counts

GAME = get_game("viktory-ii")


def _setup_plays_through(state: Any, rng: random.Random) -> Any:
    """Random moves to the end of the setup turns (round 0); fails on a player to move with
    no legal action."""
    while not state.is_terminal() and state.round == 0:
        p = state.to_move()[0]
        actions = state.legal_actions(p)
        assert actions, f"player {p} in phase {state.phase} has no legal action"
        state.apply(p, actions[rng.randrange(len(actions))])
    return state


@pytest.mark.parametrize("options", [
    {"players": 2, "radius": 3, "turn_limit": 5, "mix": "0,0,0,1,100"},
    {"players": 2, "radius": 2, "mix": "1,0,0,0,100"},
    {"players": 6, "radius": 3, "mix": "1,0,0,0,8"},
])
def test_a_mix_with_too_little_land_for_the_starts_is_refused(options: dict[str, Any]) -> None:
    """Audit (stop 53): a water-heavy `mix` passed the options' check (some land weight above
    0) but rounded to a bag with fewer land tiles than players (one plains tile in 37 for
    mix 0,0,0,1,100 on radius 3): the second player's starting hexes could draw no land and
    it was left in phase `capital` with no legal action. The options now refuse a bag with
    fewer than two land tiles a player (its capital's, its second town's), in one line
    naming `mix` and the largest water weight that would do."""
    with pytest.raises(ConfigError, match=r"^option 'mix' puts \d+ land tiles? in the bag of "
                                          r"\d+; the setup turns need \d+ \(with these land "
                                          r"weights, a water weight of at most \d+\)$") as err:
        GAME.config(options)
    assert err.value.option == "mix"
    water = int(str(err.value).rsplit(" ", 1)[1].rstrip(")"))
    mix = [int(w) for w in options["mix"].split(",")]
    GAME.config({**options, "mix": ",".join(map(str, [*mix[:4], water]))})  # that one does
    with pytest.raises(ConfigError, match="mix"):
        GAME.config({**options, "mix": ",".join(map(str, [*mix[:4], water + 1]))})


def test_a_bag_with_just_enough_land_keeps_a_land_tile_for_every_start() -> None:
    """Audit (stop 53): with little land (13 tiles in 37: mix 1,0,0,0,2, the least the
    options take for 6 players), the setup turns before could draw the land the last
    starting hexes needed. The bag now keeps a land tile for each setup turn to come: every
    player places its capital, in every seed, shared or independent exploration."""
    with pytest.raises(ConfigError, match="mix"):
        GAME.config({"players": 6, "radius": 3, "mix": "1,0,0,0,3"})
    for options in ({"players": 6, "radius": 3, "mix": "1,0,0,0,2"},
                    {"players": 6, "radius": 3, "mix": "1,0,0,0,2", "independent": True,
                     "place": "random"}):
        config = GAME.config(options)
        assert sum(tile_counts(37, config.mix)[:4]) == 13
        for seed in range(30):
            state = _setup_plays_through(GAME.new_state(config, seed), random.Random(seed))
            assert all(h >= 0 for h in state.capital)
            assert all(state.terrain[h] in LAND for h in state.capital)


AUDIT_DET = {"players": 6, "radius": 3, "mode": "dice", "place": "choose", "dark": False,
             "independent": True, "capitals": 2, "turn_limit": 4, "max_rounds": 1000}


def test_the_audits_determinisation_leaves_the_last_player_a_capital_site() -> None:
    """Audit (stop 53): seed 459136, at decision 24 (player 3's setup turn) the copy for
    player 3 grew the others' exploration over the starting hexes still to be revealed and
    spent the whole bag there: player 5 later drew nothing, its starting hexes all water
    (and one land hex taken by a second town), and was left with no legal action. The copy
    now leaves the starting hexes to come to their setup turns and keeps the bag's land for
    them, as the real drawing does."""
    state = GAME.new_state(GAME.config(AUDIT_DET), 459136)
    rng = random.Random(459136)
    for _ in range(24):
        p = state.to_move()[0]
        actions = state.legal_actions(p)
        state.apply(p, actions[rng.randrange(len(actions))])
    assert state.round == 0
    copy = state.determinize(3, random.Random(24000))
    _setup_plays_through(copy, random.Random(99))


@pytest.mark.parametrize("options", [
    AUDIT_DET,
    {"players": 5, "radius": 3, "independent": True, "place": "random"},
    {"players": 3, "radius": 2, "independent": True, "mix": "1,1,1,1,5"},
    {"players": 6, "radius": 3, "independent": True, "mix": "1,1,1,1,6", "place": "random"},
])
def test_every_determinisation_in_the_setup_turns_keeps_a_capital_site_for_all(
        options: dict[str, Any]) -> None:
    """Audit (stop 53): property over seeds: from every decision of the setup turns, a copy
    for each player played on at random to the end of the setup turns never leaves the
    player to move without a legal action (the copies of the real states broke it in 1 to
    25 in 3 of these configurations), nor does the real game."""
    config = GAME.config(options)
    for seed in range(3):
        state = GAME.new_state(config, seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal() and state.round == 0:
            for q in range(state.num_players):
                copy = state.determinize(q, random.Random(1000 * seed + 10 * step + q))
                _setup_plays_through(copy, random.Random(step))
            p = state.to_move()[0]
            actions = state.legal_actions(p)
            assert actions
            state.apply(p, actions[rng.randrange(len(actions))])
            step += 1



def test_starting_hexes_revealed_all_water_before_their_turn_exchange_a_tile_for_land() -> None:
    """Audit (stop 53): starting hexes the setup turns before had all revealed as water (no
    hex left to draw a tile for) left their player no capital site, whatever land the bag
    held. Their first water tile now goes back to the bag for a land tile, and the player is
    told."""
    state = GAME.new_state(GAME.config({"players": 2, "radius": 3, "independent": True,
                                        "place": "random"}), 5)
    area = start_area(state.board, state.config.starts[1])
    for h in area:  # as though player 0 had drawn water for all five
        state.terrain[h] = WATER
        state.drawn |= 1 << h
        state.water |= 1 << h
        state.bag.remove(WATER)
    land = sum(1 for t in state.bag if t in LAND)
    rng = random.Random(5)
    while state.player == 0:
        p = state.to_move()[0]
        actions = state.legal_actions(p)
        state.apply(p, actions[rng.randrange(len(actions))])
    assert state.phase == "capital"
    sites = state.capital_sites(1)
    assert len(sites) == 1 and sites[0] == area[0] and state.terrain[area[0]] in LAND
    assert sum(1 for t in state.bag if t in LAND) <= land - 1
    assert any(e.get("event") == "tile" and e.get("player") == 1 and e["where"] ==
               state.names[area[0]] for _, e in state.log[-4:])
