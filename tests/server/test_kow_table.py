"""The Kings of War browser table: the roll's dice numbered as the choices name them, and
what each colour of die can roll."""

from __future__ import annotations

import random

from table_render import render_table

from warroom.games.kow import GAME
from warroom.games.kow.actions import Defeat


def kow_rolled_observation() -> dict:
    """Seat 0's observation once the dice are rolled (a random game, seed 5)."""
    state = GAME.new_state(GAME.config({}), 5)
    rng = random.Random(5)
    while not state.observation(0)["rolled"]:
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    return state.observation(0)


def test_the_rolled_dice_are_numbered_as_the_choices_name_them(live_server, browser):
    """A choice read "defeat 3♣ with #1(1) + #2(2)", but the dice on the table bore no number
    (only a tooltip, which a phone never shows), and "(2)" did not say it counted swords."""
    assert Defeat("3C", (0, 1), (1, 2)).label == "defeat 3♣ with #1 (1 sword) + #2 (2 swords)"
    observation = kow_rolled_observation()
    page = browser.new_page()
    page.goto(live_server.url + "/")
    text = render_table(page, "kow", observation)
    for number in range(1, len(observation["rolled"]) + 1):
        assert f"#{number}" in text, text
    page.close()


def test_the_table_says_what_each_colour_of_die_can_roll(live_server, browser):
    """Choosing dice is choosing faces (a blue die rolls 1 to 3 swords, a red one 0 to 2),
    but the table showed plain coloured dice with no word of their faces, which the rules
    make data (`red_faces` ...): it now lists each colour's faces, as the game is set."""
    page = browser.new_page()
    page.goto(live_server.url + "/")
    for options, said in (({}, "red 0 0 1 1 1 2 white 0 1 1 1 2 2 blue 1 1 2 2 2 3"),
                          ({"blue_faces": [3, 3, 3]}, "blue 3 3 3")):
        observation = GAME.new_state(GAME.config(options), 1).observation(0)
        text = " ".join(render_table(page, "kow", observation,
                                     "root.querySelector('.faces').innerText").split())
        assert text.startswith("Swords on each die's faces:") and said in text, text
    page.close()
