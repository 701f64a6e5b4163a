"""Determinisation reads only what its player knows (engine/README.md; README.md, "Hidden
information"): two true states a player cannot tell apart (the second a determinisation of
the first for it) give the very same determinisation under the same seed. The audit's
defects (stop 46), each with its test; tests/agents/test_beliefs.py runs the general check
on Viktory II too."""

from __future__ import annotations

import json
import random

import pytest

from determinisation_twins import behaviour
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


def out_of_sight(state, p, q):
    """q's units on the map out of player p's sight."""
    vis = state.sight(p)
    return [u for u in range(len(state.uo)) if state.uo[u] == q and state.us[u] != FREE
            and not vis >> state.uh[u] & 1]


CONFIGS = {
    "dark": {"dark": True, "radius": 3, "turn_limit": 6},
    "independent-3": {"independent": True, "players": 3, "radius": 3, "turn_limit": 6},
    "dark-independent": {"dark": True, "independent": True, "radius": 3, "turn_limit": 6},
    "dark-3": {"dark": True, "players": 3, "radius": 3, "turn_limit": 6},
}
# Every seed 0-7 of each, unchosen; those still known to differ (README.md, "Hidden
# information", says what is left) are expected to fail, strictly: one that passes is news.
LEFT: set[tuple[str, int]] = set()
TWIN_CASES = [pytest.param(name, seed, marks=[pytest.mark.xfail(
    strict=True, reason="left: README.md, Hidden information")] if (name, seed) in LEFT else [])
    for name in CONFIGS for seed in range(8)]


def twins_differ(values, seed, every=6):
    """The (decision, player) pairs along a seeded game where the determinisations of the
    state and of a twin (one of its determinisations for the player) differ under one seed."""
    return [(i, p) for i, state in walk(values, seed, every=every)
            for p in range(state.num_players) if twin_differs(state, i, p)]


def twin_differs(state, i, p):
    """Whether the determinisations for p of the state (decision i) and of a twin differ."""
    twin = state.determinize(p, random.Random(500 + i))
    assert json.dumps(twin.observation(p), sort_keys=True) == \
        json.dumps(state.observation(p), sort_keys=True)
    a = state.determinize(p, random.Random(9000 + i))
    b = twin.determinize(p, random.Random(9000 + i))
    return behaviour(a, i) != behaviour(b, i)


@pytest.mark.parametrize("name,seed", TWIN_CASES)
def test_twin_states_give_the_same_determinisation(name, seed):
    """Audit (stop 46): on a hidden map the determinisations of a state and of a twin its
    player cannot tell from it differed under the same seed, and those of the true state put
    units in remembered enemy towns out of sight far more often: unseen units were drawn
    again only for owners with some unit out of sight (`_blank_unseen_kinds`, in the order
    of their units on the board), the hexes of a battle long over and of the last Overwatch
    stayed bound (`_bound_hexes`), as did the true hex of a town lifted whose artillery had
    fired Overwatch; units drawn could join a stack a turn under way binds (`_group_units`)
    or stand next to the battle being fought; the towns lifted were put back in the order
    they stood on the board (`_lift_settlements`). Then (stop 46, the gaps left): the
    mover's units that had moved were put back by the stacks, and in the towns, they truly
    stood in (`_stacks_kept`, `_lift_garrisons`); units in towns out of sight whose kinds
    are drawn again still kept towns lifted off the hexes next to them (`_pick_site`); a
    withdrawal, a disbanding, a selection took a unit by its slot (`pick_unit`)."""
    assert twins_differ(CONFIGS[name], seed) == []


# Where a state and its twin parted (config, seed, decision, player), one for each defect the
# audit of stop 49 found (seeds 0-30 of CONFIGS).
STOP_49 = {
    "town-of-units-placed": ("dark-3", 4, 156, 2),
    "start-marks-left": ("dark", 26, 42, 0),
    "frigates-given-back": ("independent-3", 22, 30, 0),
    "kept-stack-crowded-out": ("dark-3", 19, 174, 0),
    "kept-stack-on-a-bound-hex": ("dark-3", 23, 36, 0),
}


@pytest.mark.parametrize("case", STOP_49)
def test_twins_the_audit_found_give_the_same_determinisation(case):
    """Audit (stop 49): a state and a twin its player cannot tell from it gave different
    determinisations under one seed where the copy read the true state: town-of-units-placed,
    `_reconcile` moved the units the mover had placed from reserve only out of a remembered
    town that changed hands, leaving their count (`placed`) behind, and drew no holders at
    all when the draw left the towns as they stood (so the draws that followed, and where
    those units stayed, were the true state's); start-marks-left, the mover's start-of-turn
    marks (`easy`) stayed on hexes out of sight its units had left (`_lift`);
    frigates-given-back, an owner with no water for a frigate in the copy kept its frigates
    out of sight as frigates (`_naval_owners`), so their number showed; kept-stack-crowded-out
    and kept-stack-on-a-bound-hex, a stack drawn afresh could take the last hex a kept one
    (the mover's units that moved) could stand on (`_put_back`), which then went into the
    reserve, or into a town a turn under way binds (`_stand_again`), where it stayed in
    every copy made from that one."""
    name, seed, decision, player = STOP_49[case]
    state = next(s for i, s in walk(CONFIGS[name], seed, every=6) if i == decision)
    assert not twin_differs(state, decision, player)


def swap_slots(state, u, v):
    """The same position with units u and v in each other's slots."""
    for arr in (state.uo, state.ut, state.uh, state.um, state.us, state.uc, state.ug, state.uf):
        arr[u], arr[v] = arr[v], arr[u]
    for k in range(len(state.uc)):
        if state.uc[k] in (u, v):
            state.uc[k] = v if state.uc[k] == u else u
    if state.active in (u, v):
        state.active = v if state.active == u else u


def test_which_unit_a_rule_takes_owes_nothing_to_slots():
    """Audit (stop 46): `withdraw` (and `disband`, `select_unit`) took the first unit of the
    kind on the hex by its slot, which nobody sees and a determinisation does not keep: two
    positions alike but for which of two units (one that had moved, one fresh) held the
    lower slot played on differently. Now `pick_unit` takes one by what it is."""
    from warroom.games.viktory_ii.actions import Withdraw

    checked = 0
    for seed in range(6):
        for _, state in walk({"radius": 3, "turn_limit": 6}, seed, every=1):
            player = state.to_move()[0] if not state.is_terminal() else -1
            if player < 0:
                continue
            for action in state.legal_actions(player):
                if type(action) is not Withdraw:
                    continue
                units = [u for u in range(len(state.uo)) if state.uo[u] == player
                         and state.uh[u] == action.hex and state.ut[u] == action.unit
                         and state.us[u] != FREE]
                pairs = [(u, v) for u in units for v in units if u < v
                         and (state.us[u], state.um[u], state.uf[u])
                         != (state.us[v], state.um[v], state.uf[v])]
                if not pairs:
                    continue
                twin = state.clone()
                swap_slots(twin, *pairs[0])
                assert twin.observation(player) == state.observation(player)
                a, b = state.clone(), twin
                a.apply(player, action)
                b.apply(player, action)
                assert behaviour(a, seed) == behaviour(b, seed)
                checked += 1
    assert checked >= 3


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
