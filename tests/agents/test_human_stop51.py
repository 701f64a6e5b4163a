"""The terminal player on a narrow terminal: a game's table broken between its items, the help
hint going on indented, and every refusal saying where help is."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from warroom.agents.human import HumanAgent
from warroom.engine.view import PlayerView
from warroom.games import get_game


def first_screen(name: str, seed: int, typed: str, width: int, height: int = 20
                 ) -> tuple[list[str], PlayerView]:
    """What `warroom play NAME --seed SEED` shows player 0 at the first decision on a terminal
    of `width` columns (log lines above the panel and all), the person typing `typed`; and
    the view of that decision."""
    game = get_game(name)
    state = game.new_state(game.config({}), seed)
    view = PlayerView(state, 0, game)
    out = io.StringIO()
    person = HumanAgent(game, seed, stdin=io.StringIO(typed),
                        console=Console(file=out, width=width, height=height, color_system=None))
    person.act(view)
    return out.getvalue().splitlines(), view


@pytest.mark.parametrize("width", [50, 56, 60, 64, 70])
def test_a_realm_entry_is_not_broken_on_a_narrow_terminal(width):
    """Audit (stop 51): at 60 columns Word & Iron's table showed player 1's realm as
    "Realm: #1 Market Town 70x1/1  #2 Iron Mine 50x2/2  #3" and, on the next line, "Great
    Forest 40x3/3": a resource broken between its words (your own realm too, "#2 Fishing
    Harbour" / "35x3/3"). Each resource of both realms is now whole on a line of the panel."""
    lines, view = first_screen("word-iron", 7, "1\n", width)
    top = next(i for i, line in enumerate(lines) if line.startswith("╭"))
    panel = [line.strip("│ ") for line in lines[top:]]
    for side in view.observation["players"]:
        for i, r in enumerate(side["realm"]):
            entry = f"#{i + 1} {r['name']} {r['ranks']}x{r['uses_left']}/{r['uses']}"
            assert any(entry in line for line in panel), (entry, panel)
    assert all(len(line) <= width for line in lines)


@pytest.mark.parametrize("name", ["battle", "champions", "kow", "viktory-ii", "word-iron"])
def test_the_help_hint_goes_on_indented_on_a_narrow_terminal(name):
    """Audit (stop 51): at 60 columns, under every game's first choices, the help hint's
    second line started at column 0 ("summary; 'q' quits."), read as if it were not part of
    the hint, where the log's lines go on indented. It now goes on indented, broken between
    its items."""
    lines, _ = first_screen(name, 7, "1\n", 60)
    start = next(i for i, line in enumerate(lines) if line.startswith("  Type a number"))
    assert lines[start].rstrip() == "  Type a number or an action's label;"
    assert lines[start + 1].rstrip() == "      '?' or 'help' shows the rules; 'q' quits."
    assert lines[start + 2].startswith("> ")


def test_an_ambiguous_label_says_where_help_is():
    """Audit (stop 51): in `warroom play kow --seed 1`, typing `dice` answered "'dice'
    matches 29 actions; be more precise." and nothing else, where every other refusal ends
    with "Type '?' for help.". It now ends so too."""
    lines, _ = first_screen("kow", 1, "dice\n1\n", 120, 40)
    said = [line.removeprefix("> ") for line in lines if "matches" in line]  # (no echo)
    assert said == ["'dice' matches 29 actions; be more precise. Type '?' for help."], said
