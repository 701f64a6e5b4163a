"""Determinisation reads only what its player knows (engine/README.md; README.md, "Hidden
information"): two true states a player cannot tell apart (the second a determinisation of
the first for it) give the very same determinisation under the same seed. The audit's
defects (stop 46), each with its test; tests/agents/test_beliefs.py runs the general check
on Viktory II too."""

from __future__ import annotations

import json
import random

import pytest

from warroom.games import get_game
from warroom.games.viktory_ii.units import FREE

GAME = get_game("viktory-ii")


def walk(values, seed, every):
    """States along one game of random moves (copies), every `every` decisions."""
    state = GAME.new_state(GAME.config(values), seed)
    rng = random.Random(seed)
    i = 0
    while not state.is_terminal():
        if i % every == 0:
            yield i, state.clone()
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
        i += 1


def without_log(obs):
    return {k: v for k, v in obs.items() if k != "log"}


def behaviour(state, seed, steps=15):
    """What the state shows every player now and along a random continuation."""
    state = state.clone()
    rng = random.Random(seed)
    seen = []
    for _ in range(steps):
        seen.append([without_log(state.observation(p)) for p in range(state.num_players)])
        if state.is_terminal():
            break
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    return json.dumps(seen, sort_keys=True)


def out_of_sight(state, p, q):
    """q's units on the map out of player p's sight."""
    vis = state.sight(p)
    return [u for u in range(len(state.uo)) if state.uo[u] == q and state.us[u] != FREE
            and not vis >> state.uh[u] & 1]


# (Seeded games whose twins agree: some random games still reach the stacks of the mover's
# units that moved, kept as they are, whose sizes the twin does not keep, and the unit order
# `withdraw` reads; README.md, "Hidden information", says what is left.)
TWIN_CASES = [
    ({"dark": True, "radius": 3, "turn_limit": 5}, 1),
    ({"dark": True, "radius": 3, "turn_limit": 5}, 3),
    ({"independent": True, "players": 3, "radius": 3, "turn_limit": 5}, 1),
    ({"independent": True, "players": 3, "radius": 3, "turn_limit": 5}, 3),
    ({"dark": True, "independent": True, "radius": 3, "turn_limit": 5}, 1),
]


@pytest.mark.parametrize("values,seed", TWIN_CASES)
def test_twin_states_give_the_same_determinisation(values, seed):
    """Audit (stop 46): on a hidden map the determinisations of a state and of a twin its
    player cannot tell from it differed under the same seed, and those of the true state put
    units in remembered enemy towns out of sight far more often: unseen units were drawn
    again only for owners with some unit out of sight (`_blank_unseen_kinds`, in the order
    of their units on the board), the hexes of a battle long over and of the last Overwatch
    stayed bound (`_bound_hexes`), as did the true hex of a town lifted whose artillery had
    fired Overwatch; units drawn could join a stack a turn under way binds (`_group_units`)
    or stand next to the battle being fought; the towns lifted were put back in the order
    they stood on the board (`_lift_settlements`)."""
    compared = 0
    for i, state in walk(values, seed, every=6):
        for p in range(state.num_players):
            twin = state.determinize(p, random.Random(500 + i))
            assert json.dumps(twin.observation(p), sort_keys=True) == \
                json.dumps(state.observation(p), sort_keys=True)
            a = state.determinize(p, random.Random(9000 + i))
            b = twin.determinize(p, random.Random(9000 + i))
            assert behaviour(a, i) == behaviour(b, i), (
                f"after {i} decisions the determinisation for player {p} depends on what it "
                "cannot see")
            compared += 1
    assert compared >= 20


def test_an_enemy_with_no_unit_out_of_sight_may_have_some_in_a_determinisation():
    """Audit (stop 46): `_blank_unseen_kinds` drew the units out of sight again only for an
    owner with at least one there, so an enemy whose units were all in reserve (or in sight)
    never had one out of sight in a determinisation, while one with a single unit there got
    anywhere from none to all its towns support: the copies told which (the reserve is never
    shown on a hidden map)."""
    found = 0
    for _, state in walk({"dark": True, "radius": 3, "turn_limit": 5}, 0, every=3):
        for p in range(state.num_players):
            q = 1 - p
            if (out_of_sight(state, p, q) or state.session is not None
                    or sum(state.supported[q]) <= sum(state.onboard[q])
                    or not any(not state.sight(p) >> h & 1 for h in state.own_settlements(q))):
                continue
            copies = [state.determinize(p, random.Random(k)) for k in range(12)]
            assert any(out_of_sight(c, p, q) for c in copies)
            found += 1
    assert found >= 3


def test_a_battle_over_binds_no_hex():
    """Audit (stop 46): the hex of the last battle (`battle_units`) and of the last Overwatch
    (`overwatch_from`) stay set after it is over, and `_bound_hexes` kept them bound for the
    rest of the game: the units there, seen or not, stayed as they truly stood in every
    determinisation."""
    checked = 0
    for _, state in walk({"dark": True, "radius": 3, "turn_limit": 5}, 1, every=1):
        if state.session is not None or state.battle_units[0] < 0:
            continue
        fresh = state.clone()
        fresh.battle_units = (-1, [])
        fresh.overwatch_from = -1
        assert state._bound_hexes() - {-1} == fresh._bound_hexes() - {-1}
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("values", [{"mode": "cards", "radius": 3, "turn_limit": 6},
                                    {"map": "duel", "mode": "cards", "turn_limit": 6}])
def test_the_order_of_unseen_cards_plays_no_part(values):
    """Audit (stop 46): `_resample_hands` shuffled the deck and the other hands without
    sorting them first, so a determinisation depended on the true order of the deck and of
    the cards in the opponent's hand, which nobody sees."""
    checked = 0
    for i, state in walk(values, 2, every=7):
        if state.pool is None or len(state.pool.deck) < 2:
            continue
        for p in range(state.num_players):
            twin = state.clone()
            twin.pool.deck.reverse()
            for q in range(state.num_players):
                if q != p:
                    twin.pool.hands[q].reverse()
            assert twin.observation(p) == state.observation(p)
            a = state.determinize(p, random.Random(i))
            b = twin.determinize(p, random.Random(i))
            assert a.pool.hands == b.pool.hands and a.pool.deck == b.pool.deck
            checked += 1
    assert checked >= 6
