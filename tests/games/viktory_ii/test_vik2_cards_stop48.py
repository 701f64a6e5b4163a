"""Viktory II's Battle Cards and battles as the terminal shows them (audit, stop 48): a unit
brought into a battle no longer counted twice, no combat supply with the cards alone, the
Special Events in effect by name, a card's type and what its special text does."""

from __future__ import annotations

import importlib
import random
from pathlib import Path
from typing import Any

import yaml

from warroom.engine.data import plain
from warroom.games import get_game
from warroom.games.viktory_battles.cards import load_deck
from warroom.games.viktory_ii.state import ViktoryIIState
from warroom.games.viktory_ii.units import CARGO, FREE

GAME = get_game("viktory-ii")
RENDER = importlib.import_module("warroom.games.viktory_ii.render")

# The audit's small map (m2.yaml): two players' capitals and cities close together.
CLASH = {
    "name": "Clash", "players": 2, "explored": True, "first": 0,
    "tiles": "  m p w\n g p p w\ng p p p p\n p p f p\n  w p p\n",
    "pieces": [
        {"hex": "C1", "owner": 0, "settlement": "city", "capital": True,
         "units": {"infantry": 1, "cavalry": 1}},
        {"hex": "B1", "owner": 0, "settlement": "city", "units": {"infantry": 1}},
        {"hex": "A1", "owner": 0, "settlement": "city", "units": {"artillery": 1, "infantry": 1}},
        {"hex": "C2", "owner": 0, "units": {"cavalry": 1}},
        {"hex": "C4", "owner": 1, "settlement": "city", "capital": True,
         "units": {"infantry": 2}},
        {"hex": "C5", "owner": 1, "settlement": "town", "units": {"infantry": 1}},
        {"hex": "D3", "owner": 1, "settlement": "town"},
    ],
}


def _clash(tmp_path: Path, seed: int, mode: str = "cards") -> ViktoryIIState:
    path = tmp_path / "clash.yaml"
    path.write_text(yaml.safe_dump(CLASH, sort_keys=False))
    return GAME.new_state(GAME.config({"map": str(path), "mode": mode}), seed)


def _battles(state: ViktoryIIState, seed: int, steps: int = 1500):
    """The states of a heuristic game in which a land battle is being fought."""
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            return
        if state.session is not None and state.session_request is not None \
                and state.session_request.kind == "land":
            yield state
        p = state.to_move()[0]
        state.apply(p, GAME.heuristic(state, p, rng))


def test_units_brought_into_a_battle_are_not_also_counted_on_their_hex(tmp_path):
    """Audit (stop 48): the units list kept the units brought into a battle from the
    attacker's source hex ("Player 1's units: C4 3 inf (3 to move)" while the battle said
    "side 1 from C4: 6 inf"): the observation counted them on their hex and in the battle.
    The units on the source hexes and those of the battle's hex sides now add up to the
    attacker's units there, before any loss."""
    brought = 0
    for seed in range(2):
        for state in _battles(_clash(tmp_path, seed), seed):
            session, request = state.session, state.session_request
            if session.lost[0] or request.bombard or min(s.source for s in request.sides) < 0:
                continue
            a = request.attacker
            sources = {side.source for side in request.sides}
            obs = state.observation(a)
            on_map = sum(sum(units) for h, owner, units, _, _ in obs["units"]
                         if owner == a and h in sources)
            fighting = sum(sum(side) for side in obs["battle"]["attacker"][1:])
            there = sum(1 for u in range(len(state.uo)) if state.uo[u] == a
                        and state.uh[u] in sources and state.us[u] not in (FREE, CARGO))
            assert on_map + fighting == there, (seed, obs["units"], obs["battle"]["attacker"])
            brought += any(any(j) for j in session.joined[1:])
    assert brought, "no battle with units brought in"


def _battle_obs(tmp_path: Path, mode: str = "cards") -> dict[str, Any]:
    for seed in range(4):
        for state in _battles(_clash(tmp_path, seed, mode), seed):
            return state.observation(state.session_request.defender)
    raise AssertionError("no battle")


def _text(obs: dict[str, Any]) -> str:
    """The table written whole (TEXTS: with the line on the cards' texts)."""
    return " ".join(plain(RENDER._render(obs, getattr(RENDER, "TEXTS", 0))).split())


def test_cards_mode_battles_show_no_combat_supply(tmp_path):
    """Audit (stop 48): the battle lines said "attacker (no supply)... defender (supply)" in
    cards mode, where combat supply plays no part (a dice rule); with dice it stays."""
    text = _text(_battle_obs(tmp_path))
    assert "supply" not in text and "attacker: dice" in text, text
    dice = _text(_battle_obs(tmp_path, "dice"))
    assert "supply)" in dice, dice


def test_special_events_in_effect_go_by_their_names(tmp_path):
    """Audit (stop 48): "in effect: ignore_terrain (player 0)" gave the raw identifier."""
    obs = _battle_obs(tmp_path)
    obs["battle"]["events"] = [["Ignore Terrain", 0]]
    text = _text(obs)
    assert "in effect: Ignore Terrain (player 0)" in text and "ignore_terrain" not in text


def test_the_hand_gives_each_cards_type_and_what_its_text_does(tmp_path):
    """Audit (stop 48): the hand showed "X09 Ignore Terrain 1H/1M mountain [Ignore Terrain]"
    only: not that it is a Flank Attack/Counter, nor what Ignore Terrain does (`?` had
    nothing of it). The full table gives the type where the name does not say it, and a line
    on what each special text of the hand does."""
    obs = _battle_obs(tmp_path)
    deck = load_deck().by_id()
    obs["hand"] = [{"id": c, **deck[c].seen()} for c in ("X09", "A19", "C01")]
    text = _text(obs)
    assert "X09 Ignore Terrain 1H/1M mountain [Ignore Terrain] (Attack/Flank Counter)" in text
    assert "A19 Forced March 1H/0M mountain [+1 MP] (Attack)" in text, text
    assert ("Card text: Ignore Terrain (Special Event): until the end of the round the "
            "defender counts no die for forest or mountain; lifts Mud") in text, text
    assert "+1 MP (Attack card text): on the map, a moving unit gets one more move" in text, text
