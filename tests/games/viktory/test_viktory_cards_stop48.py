"""The Battle Cards as the terminal shows them (audit, stop 48): a card's type, what its
special text does, the Special Events in effect by name, and no combat supply with the cards
alone."""

from __future__ import annotations

import random
from typing import Any

from warroom.games.viktory import GAME
from warroom.games.viktory_battles.cards import load_deck


def _card(card_id: str) -> dict[str, str]:
    return {"id": card_id, **load_deck().by_id()[card_id].seen()}


def _battle(mode: str = "cards", decision: str = "play") -> dict[str, Any]:
    """An observation of seat 0 at a decision of the card battle round (a random game)."""
    for seed in range(50):
        state = GAME.new_state(GAME.config({"mode": mode}), seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.to_move()[0]
            obs = state.observation(0)
            if obs["decision"] == decision and obs["to_move"] == [0]:
                return obs
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
    raise AssertionError(f"no {decision} decision in {mode} mode")


def _shown(obs: dict[str, Any]) -> str:
    """The view as a reader not to move reads it (the whole panel's room)."""
    return " ".join(GAME.render({**obs, "to_move": [1]}, 0).split())


def test_the_hand_gives_a_cards_type_where_its_name_does_not_say_it():
    """Audit (stop 48): a card's type was never shown: "X03 Skirmish 1H/1M forest" is a Flank
    Attack/Counter, "A17 Secrecy" an Attack, "C28 Reversal of Fortune" a Flank Counter."""
    obs = _battle()
    obs["hand"] = [_card(c) for c in ("X03", "A17", "C28", "C01")]
    text = _shown(obs)
    assert "X03 Skirmish 1H/1M forest (Attack/Flank Counter)" in text, text
    assert "A17 Secrecy 1H/0M grassland [Secrecy] (Attack)" in text, text
    assert "C28 Reversal of Fortune 1H/0M forest [Reversal of Fortune] (Flank Counter)" in text
    assert "C01 Flank Counter 0H/1M plains," in text + ",", text  # its name says it


def test_the_view_says_what_the_special_texts_of_the_hand_do():
    """Audit (stop 48): what a card's special text does was never shown in play, only its tag
    ("[Ignore Terrain]"); Secrecy, +1 MP and Reversal of Fortune were all called "Special
    Event". With room, a line says what each text of the hand does and what kind it is."""
    obs = _battle()
    obs["hand"] = [_card(c) for c in ("X07", "A17", "C30")]
    obs["plays"] = []
    obs["discard"] = []  # with the pile's line the panel has no room left for the texts
    text = _shown(obs)
    assert ("Card text: Mud (Special Event): until the end of the round no side counts a die "
            "for cavalry") in text, text
    assert ("Secrecy (Attack card text): the defender's artillery cannot fire Overwatch at "
            "this wave") in text, text
    assert "Reversal of Fortune (Counter): blocks all hits of the card it answers" in text, text


def test_the_special_events_in_effect_go_by_their_names():
    """Audit (stop 48): "In effect: ignore_terrain (attacker)" gave the raw identifier. The
    observation names the events in effect (the resolver's, for both games' views and
    tables), and the view says them so."""
    from test_viktory_cards import battle, play

    state = battle(["MUD", "RA1"], ["FL11"])
    play(state, "MUD", "event")
    obs = state.observation(0)
    assert obs["events"] == [["Mud", 0]]
    text = " ".join(GAME.render(obs, 0).split())
    assert "In effect: Mud (attacker)" in text, text


def test_combat_supply_is_not_shown_with_the_cards_alone():
    """Audit (stop 48): cards mode wrote "Defender (no supply)" and "Attacker (no supply)",
    though combat supply is a dice rule with no part in card combat (README); with dice (and
    in hybrid mode, which fights with dice) it stays."""
    text = _shown(_battle())
    assert "supply" not in text and "Defender: " in text and "Attacker: " in text, text
    hybrid = _shown(_battle("hybrid", "window"))
    assert "Defender (no supply)" in hybrid and "Attacker (no supply)" in hybrid, hybrid
