"""The encoding for the research environments (encode.py): what each piece holds is what the
player's observation shows, hex by hex; the action keys; the battle encoded through the seam
and the resolver's own observation, whatever the resolver."""

from __future__ import annotations

import random
import zlib

import numpy as np
import pytest
from test_vik2_battle_seam import FakeResolver, Go, battle_at_e5
from vik2_helpers import GAME, capital, hx, legal, position, take, town

from warroom.games.viktory_battles.seam import BattleResult
from warroom.games.viktory_ii.actions import Done, Fight, PlaceFrigate
from warroom.games.viktory_ii.encode import BATTLE_CHOICES, BATTLE_FIELDS, encoding
from warroom.games.viktory_ii.units import FRIG

CONFIGS = [{"radius": 3, "turn_limit": 6}, {"dark": True, "players": 3, "radius": 4,
                                            "turn_limit": 6, "mode": "cards"},
           {"independent": True, "radius": 3, "turn_limit": 5}]


def piece(enc, v, name):
    p = next(p for p in enc.pieces if p.name == name)
    return v[enc.offsets[name]:][:p.size].reshape(p.shape)


def states(values, seeds=2, every=4):
    config = GAME.config(values)
    for seed in range(seeds):
        state = GAME.new_state(config, seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                yield state
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
            step += 1


@pytest.mark.parametrize("values", CONFIGS)
def test_every_piece_is_what_the_observation_shows(values):
    config = GAME.config(values)
    enc = encoding(config)
    n = config.players
    seen_units = seen_fog = False
    for state in states(values):
        for p in range(n):
            obs = state.observation(p)
            v = enc.encode(state, p)
            terrain = piece(enc, v, "terrain")
            letters = "".join("pgfmw?"[int(np.argmax(row))] for row in terrain)
            assert letters == obs["terrain"]
            assert (terrain.sum(axis=1) == 1).all()
            fog = obs["fog"] or "1" * len(letters)
            assert "".join(str(int(x)) for x in piece(enc, v, "sight")) == fog
            seen_fog |= "0" in fog
            units = np.zeros((len(letters), 4))
            owners = np.zeros((len(letters), n))
            for h, owner, counts, _ready, _cargo in obs["units"]:
                units[h] += counts
                owners[h, (owner - p) % n] = 1
                seen_units |= owner != p
            assert np.allclose(piece(enc, v, "units"), np.minimum(units / 10, 1))
            assert np.array_equal(piece(enc, v, "unit_owner") > 0, owners > 0)
            places = np.zeros((len(letters), 4))
            for h, owner, kind, cap, seen in obs["settlements"]:
                places[h] = [kind == 1, kind == 2, cap >= 0, not seen]
                assert piece(enc, v, "settlement_owner")[h, (owner - p) % n] == 1
            assert np.array_equal(piece(enc, v, "settlements"), places)
            for q, info in enumerate(obs["players"]):
                row = piece(enc, v, "reserve")[(q - p) % n]
                expected = np.minimum(np.array(info["reserve"]) / 10, 1) if info["reserve"] \
                    else np.zeros(4)
                assert np.allclose(row, expected)
                assert piece(enc, v, "players")[(q - p) % n][5] == (info["capital"] >= 0)
            if "hand" in obs:
                hand = {enc.card_ids[i] for i in np.flatnonzero(piece(enc, v, "hand"))}
                assert hand == {c["id"] for c in obs["hand"]}
            if obs["decision"]:
                assert piece(enc, v, "decider")[(obs["to_move"][0] - p) % n] == 1
    assert seen_units
    assert seen_fog or not (config.dark or config.independent)


def test_sizes_follow_the_map_and_the_deck():
    small = encoding(GAME.config({"radius": 3}))
    large = encoding(GAME.config({"radius": 5, "players": 3}))
    assert small.hexes == 37 and large.hexes == 91
    assert large.num_actions > small.num_actions
    assert small.offsets["terrain"] + 37 * 6 == small.offsets["sight"]
    cards = encoding(GAME.config({"radius": 3, "mode": "cards"}))
    deck = GAME.config({"mode": "cards"}).cards
    assert cards.card_ids == tuple(c.id for c in deck.cards)
    assert "hand" in cards.offsets and "hand" not in small.offsets
    assert ("battle", BATTLE_CHOICES - 1) in small.index


def test_tile_keys_name_the_terrain_and_the_hex_is_the_next_revealed():
    enc = encoding(GAME.config({"radius": 3}))
    state = GAME.new_state(GAME.config({"radius": 3}), 1)
    assert state.decision()[0] == "tile"
    keys = {enc.key(a, 0, state) for a in legal(state)}
    assert keys == {("tile", a.terrain) for a in legal(state)}
    v = enc.encode(state, 0)
    assert piece(enc, v, "reveal")[state.reveal_pending[1][0]] == 1


def test_frigate_keys_rank_the_towns_that_offer_one_sea(tmp_path):
    """The capital A1 and the forest city A3 both have A2 as their nearest water: two legal
    actions put a frigate there, told apart by the rank of their town in map order."""
    tiles = "   p w f p\n  p p p p p\n p p p p p p\np p p p p p p\n p p p p p p\n" \
            "  p p p p p\n   p p p p\n"
    state = position(tmp_path, [capital("A1", 0), town("A3", 0, city=True), capital("G4", 1)],
                     tiles=tiles)
    if state.decision() == ("move", 0):  # no unit can move: straight on to building
        take(state, Done, what="move")
    take(state, Done, what="build")
    enc = encoding(state.config)
    frigates = [a for a in legal(state) if type(a) is PlaceFrigate]
    assert {(a.where, a.sea_where) for a in frigates} == {("A1", "A2"), ("A3", "A2")}
    keys = {a.where: enc.key(a, 0, state) for a in frigates}
    assert keys == {"A1": ("frigate", hx(state, "A2"), 0), "A3": ("frigate", hx(state, "A2"), 1)}
    assert len(enc.legal(state, 0)) == len(legal(state))
    take(state, PlaceFrigate, hex="A3", sea="A2")
    assert piece(enc, enc.encode(state, 0), "units")[hx(state, "A2"), FRIG] == 0.1


def test_frigate_keys_rank_more_than_six_towns_that_offer_one_sea(tmp_path):
    """A frigate appears on its town's nearest water however far, so more towns than a hex
    has neighbours may offer one sea: the capital and seven forest cities all offer A1, the
    map's only water, and each action has its own key (an audit, stop 72: with six ranks the
    environments raised on the seventh, a legal move)."""
    tiles = "   w f f f\n  f f f f f\n f f f f f f\nf f f f f f f\n f f f f f f\n" \
            "  f f f f f\n   f f f f\n"
    cities = ["A3", "B2", "B4", "C1", "C3", "C5", "D2"]
    state = position(tmp_path, [capital("A2", 0)] + [town(h, 0, city=True) for h in cities]
                     + [capital("G4", 1)], tiles=tiles)
    if state.decision() == ("move", 0):
        take(state, Done, what="move")
    take(state, Done, what="build")
    enc = encoding(state.config)
    frigates = [a for a in legal(state) if type(a) is PlaceFrigate]
    assert sorted(a.where for a in frigates) == sorted(["A2", *cities])
    keys = [enc.key(a, 0, state) for a in frigates]
    assert sorted(keys) == [("frigate", hx(state, "A1"), r) for r in range(8)]
    assert len(enc.legal(state, 0)) == len(legal(state))


def test_frigate_ranks_follow_the_forests_the_map_may_hold():
    """Only a capital and forest cities take frigates: the ranks are the forests the bag or
    the map may hold, plus one (capped by the land), not a fixed six."""
    assert encoding(GAME.config({})).frigate_sources == 10 + 1  # 10 forests of 61 tiles
    assert encoding(GAME.config({"mix": [1, 1, 0, 1, 1]})).frigate_sources == 1
    assert encoding(GAME.config({"mix": [94, 1, 85, 99, 8]})).frigate_sources == 18 + 1


class ThreeWays(FakeResolver):
    """A resolver with its own action class and three choices: the map's encoding indexes
    them by their place in its list, so a new resolver needs no new keys."""

    def start(self, request, rng, pool):
        session = super().start(request, rng, pool)
        session.legal_actions = lambda player: [Go("a"), Go("b"), Go("c")]
        session.observation = lambda player: {"resolver": "three", "round": 2,
                                              "sides": [[1, 0, 0, 0], [0, 2, 0, 0]]}
        return session


HELD = BattleResult("defender", "held", ((0, 0, 0, 0), (0, 0, 0, 0)), ((0, 0, 0, 0),),
                    (0, 0, 0, 0), retreated=True)


def test_battle_keys_and_fields_work_for_any_resolver(tmp_path):
    state = battle_at_e5(tmp_path)
    state.resolver = ThreeWays(HELD)
    enc = encoding(state.config)
    before = enc.encode(state, 0)
    assert piece(enc, before, "attacked")[hx(state, "E5")][0] == 1
    assert piece(enc, before, "attackers")[hx(state, "D5")].sum() > 0
    take(state, Fight, hex="E5")
    assert state.decision() == ("battle", 0)
    assert [enc.key(a, 0, state) for a in legal(state)] == [("battle", i) for i in range(3)]
    for p in (0, 1):
        v = enc.encode(state, p)
        assert piece(enc, v, "battle")[0] == 1
        assert piece(enc, v, "battle")[1] == 1  # a land battle
        assert piece(enc, v, "battle_hex")[hx(state, "E5")] == 1
        assert np.array_equal(piece(enc, v, "battle_sides"), np.eye(2)[[p, 1 - p]])
        fields = piece(enc, v, "battle_fields")
        slot = zlib.crc32(b".round") % BATTLE_FIELDS
        assert fields[slot] == pytest.approx(2 / 3)  # 2, as s / (1 + |s|), unless hashed
        assert np.count_nonzero(fields) >= 3  # onto the slot of another field
    state.apply(0, Go("b"))
    after = enc.encode(state, 0)
    assert piece(enc, after, "battle").sum() == 0 and not piece(enc, after, "battle_fields").any()
    assert piece(enc, after, "attacked")[hx(state, "E5")][2] == 1  # the pennant


def test_the_battle_is_hidden_on_a_dark_map_from_those_not_told(tmp_path):
    state = battle_at_e5(tmp_path, dark=True)
    state.resolver = ThreeWays(HELD)
    enc = encoding(state.config)
    take(state, Fight, hex="E5")
    assert state.decision()[0] == "battle"
    attacker, defender = enc.encode(state, 0), enc.encode(state, 1)
    assert piece(enc, attacker, "battle_hex").any()
    assert not piece(enc, defender, "battle_hex").any()  # the map's log told only player 0
    assert piece(enc, defender, "battle")[0] == 1  # that a battle decides now is public
