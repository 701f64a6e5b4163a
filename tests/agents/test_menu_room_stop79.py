"""Stop 79: a terminal tells the game the lines its choices take under the table
(`reading_width(..., menu=)`, read by `menu_room`), where each game had guessed them from its
view. Viktory II's guess ran a move or reserves screen a line or two over 24 where a frigate's
"(from D7)" or a road's "(your town)" made the labels longer than it counted: of the
decisions of 6 heuristic games 97 screens did not fit, 59 now (each a dominant player's
reserves step), each a table at its shortest above choices at their most compact."""

from __future__ import annotations

import io
from typing import Any

import pytest
from rich.console import Console

from decision_screen import decision_screen, heuristic_decisions
from warroom.agents.human import HumanAgent
from warroom.engine.data import menu_room, reading_width
from warroom.games import get_game

LONGEST = 99  # a menu no table leaves room for: the table at its shortest


def _person(game) -> HumanAgent:
    return HumanAgent(game, 0, stdin=io.StringIO(),
                      console=Console(file=io.StringIO(), width=80, height=24))


def test_menu_room_is_the_terminals_count_where_told_else_the_games_guess():
    assert menu_room(lambda: 7) == 7
    with reading_width(76, 24, 3):
        assert menu_room(lambda: 7) == 3
    with reading_width(76, 24):  # a width alone tells nothing of the menu
        assert menu_room(lambda: 7) == 7
    assert menu_room(lambda: 7) == 7


def test_the_terminal_tells_the_render_the_lines_its_menu_takes():
    """What the render is told is what the terminal prints under the table."""
    game = get_game("viktory-ii")
    told: list[int] = []

    class Recording:  # the game, its render noting what it is told
        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def render(self, obs: dict[str, Any], player: int) -> str:
            told.append(menu_room(lambda: -1))
            return game.render(obs, player)

    state = game.new_state(game.config({"players": 2}), 3)
    checked = 0
    for view, action in heuristic_decisions(game, lambda seed: state, range(1)):
        if checked == 40:
            break
        decision_screen(Recording(), view, action)
        person = _person(game)
        # the lines of the choices laid out for the fewest rows they fit in (as under a
        # table that leaves them no more)
        assert told[-1] == len(person.tight_menu(view.legal_actions)) >= 1
        checked += 1
    assert checked == 40


def _over(game, config: dict[str, Any], seeds: range, kinds: tuple[str, ...]):
    """The decisions of these heuristic games whose screen runs over 24 lines, with the
    table the terminal drew and the shortest it could have: (screen, table, shortest)."""
    person, options = _person(game), game.config(config)
    for view, action in heuristic_decisions(game, lambda seed: game.new_state(options, seed),
                                            seeds):
        obs = view.observation
        if obs["decision"] not in kinds:
            continue
        lines = decision_screen(game, view, action)
        if len(lines) > 24:
            menu = len(person.tight_menu(view.legal_actions))
            yield (lines, person.table(obs, view.player, menu=menu),
                   person.table(obs, view.player, menu=LONGEST))


@pytest.mark.parametrize("players, seeds", [(2, range(1, 3)), (3, range(1, 2))])
def test_a_viktory_ii_screen_over_24_lines_has_its_table_at_its_shortest(players, seeds):
    """A screen runs over only where nothing is left to shorten: the table at its shortest
    (the map's rows) above the choices at their most compact (a dominant player's reserves:
    36 choices in 14 lines of lists)."""
    game = get_game("viktory-ii")
    for lines, table, shortest in _over(game, {"players": players}, seeds,
                                        ("move", "reserves", "build")):
        assert table == shortest, "\n".join(lines)


def test_a_viktory_card_battle_screen_over_24_lines_has_its_table_at_its_shortest():
    game = get_game("viktory")
    for lines, table, shortest in _over(game, {"mode": "cards"}, range(20),
                                        ("play", "wave", "discard", "lose_card", "draw")):
        assert table == shortest, "\n".join(lines)
