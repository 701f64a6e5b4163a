"""How the one-battle game words its battle: the opening line, and the screen's header."""

from __future__ import annotations

import random

import pytest

from warroom.games import get_game

GAME = get_game("viktory")


def opening_line(values: dict[str, str]) -> str:
    """The log line that opens the battle, as the terminal prints it."""
    state = GAME.new_state(GAME.config(values), 1)
    event = next(e for _, e in state.log if e["event"] == "battle")
    return GAME.describe_event(event)


@pytest.mark.parametrize(("values", "start"), [
    ({"scenario": "naval"},
     "Battle (dice) in a water hex: defender 2 frigates vs attacker 2 frigates; 1 frigate"),
    ({"scenario": "open-field"}, "Battle (dice) in a grassland hex: defender 2 infantry"),
    ({"terrain": "plains", "settlement": "none"}, "Battle (dice) in a plains hex: "),
    ({}, "Battle (dice) in a plains town: defender 2 infantry, 1 cavalry, 1 artillery vs "),
])
def test_the_battle_line_reads_naturally_for_every_terrain(values, start):
    """Audit (stop 58): a naval battle opened `Battle (dice) in a water: defender 2 frigate
    vs attacker 2 frigate; 1 frigate`, others `in a plains:`. Every terrain now reads "in a
    TERRAIN hex" (or town, city), and frigates are counted in the plural."""
    assert opening_line(values).startswith(start)


def test_the_cards_header_names_the_attack_wave_alone():
    """Audit (stop 58): cards mode's header read `round 1, wave 2` at the second wave's launch
    and `round 2, wave 2` on the final screen: two numbers for one thing. It now says the
    attack wave, in the text's words ("a second wave attack"), and no round."""
    state = GAME.new_state(GAME.config({"mode": "cards"}), 0)
    rng = random.Random(0)
    heads = []
    while not state.is_terminal():
        player = state.to_move()[0]
        obs = state.observation(player)
        if obs["decision"] == "wave":
            heads.append((obs["wave"], " ".join(GAME.render(obs, player).split())))
        state.apply(player, GAME.heuristic(state, player, rng))
    assert [wave for wave, _ in heads][:2] == [1, 2]  # this seed launches a second wave
    for wave, text in heads:
        assert f"(artillery characteristics, overwatch) - attack wave {wave} " in text
        assert "round" not in text.split("You are")[0]
    final = " ".join(GAME.render(state.observation(None), None).split())
    assert f"- attack wave {heads[-1][0]} " in final and ", wave" not in final
