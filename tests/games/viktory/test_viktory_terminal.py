"""The battle at an 80x24 terminal: the view, the choices and the prompt on one screen."""

from __future__ import annotations

import statistics

from decision_screen import decision_screen, heuristic_decisions
from warroom.games.viktory import GAME
from warroom.games.viktory.render import SHORTER, _render


def test_a_card_battle_decision_fits_an_80x24_terminal():
    """With a hand of 5 to 7 the defender's choice of a Counter took up to 31 lines (the hand
    written whole above a choice per card): the view now writes the cards shorter when the
    choices need the room, as much as the terminal says its choices take (`menu_room`):
    most screens fill 21 to 23 lines, the cards written as whole as fits."""
    config = GAME.config({"mode": "cards"})
    heights = [len(decision_screen(GAME, view, action))
               for view, action in heuristic_decisions(GAME, lambda s: GAME.new_state(config, s),
                                                       range(20))
               if len(view.legal_actions) > 1]
    assert len(heights) > 200
    assert statistics.median(heights) <= 23 and sorted(heights)[int(0.95 * len(heights))] <= 24
    assert max(heights) <= 26 and sum(h > 24 for h in heights) <= 5, sorted(heights)[-10:]


def test_a_shorter_view_names_every_card_of_the_hand_and_every_play():
    config = GAME.config({"mode": "cards"})
    seen = 0
    for view, _ in heuristic_decisions(GAME, lambda s: GAME.new_state(config, s), range(6)):
        obs = view.observation
        if not obs.get("hand") or not obs["plays"]:
            continue
        seen += 1
        for short in range(SHORTER):
            text = " ".join(_render(obs, short).split())
            assert all(card["id"] in text for card in obs["hand"]), (short, text)
            assert all(play["card"] in text for play in obs["plays"]), (short, text)
    assert seen > 10
