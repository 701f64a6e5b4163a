"""`map` at a Viktory II prompt: the whole map, where a busy turn's table at 80x24 shows only
the rows its choices are about."""

from __future__ import annotations

import io
import re

from rich.console import Console
from vik2_helpers import GAME

from decision_screen import heuristic_decisions
from warroom.agents.human import HumanAgent
from warroom.engine.data import plain, reading_width

ROW = re.compile(r"^│? *([A-U]) ", re.M)  # a row of the map, by its letter


def _screen(view, typed: str, paged: bool) -> tuple[object, list[str]]:
    """What a person at an 80x24 terminal (`paged`: one that holds for Enter, else a pipe)
    is shown typing `typed`, and what it chose. The typing is not echoed here: the prompt's
    "> " is taken off the line that follows it, and a pause's line ended."""
    out = io.StringIO()
    person = HumanAgent(GAME, 0, stdin=io.StringIO(typed),
                        console=Console(file=out, width=80, height=24, color_system=None))
    person._pages = lambda: paged
    obs = view.observation
    person.seen = obs.get("log_start", 0) + len(obs["log"])
    person.hinted = True
    chosen = person.act(view)
    text = out.getvalue().replace("--╭", "--\n╭")  # the pause's line, as Enter ends it
    return chosen, [line.removeprefix("> ") for line in text.splitlines()]


def _rows(lines: list[str]) -> set[str]:
    return set(ROW.findall("\n".join(line.strip("│") for line in lines)))


def _windowed_decision():
    """A decision of a 4-player heuristic game whose table at 80x24 leaves map rows out."""
    config = GAME.config({"players": 4})
    for view, _ in heuristic_decisions(GAME, lambda seed: GAME.new_state(config, seed),
                                       range(1, 2)):
        obs, seat = view.observation, view.player
        with reading_width(76, 24):  # an 80x24 terminal's panel, as the prompt draws it
            shown = _rows(plain(GAME.render(obs, seat)).splitlines())
            whole = _rows(plain(GAME.whole_table(obs, seat)).splitlines())
        if shown and whole - shown:
            return view, shown, whole
    raise AssertionError("no windowed table in the game")


def test_audit_map_shows_the_rows_a_busy_turns_table_leaves_out():
    """Audit (stop 69): at 80x24 a busy turn's table shows only the map's rows around its
    choices (stop 49's WINDOW), and nothing showed the rest, where the other players stand,
    until the turn was over. `map` at the prompt shows the table with every row that holds
    anything, no wider than the terminal, then the table and the choices again; the choice
    typed after it is played. The help says so."""
    view, shown, whole = _windowed_decision()
    for paged in (True, False):
        typed = "map\n\n1\n" if paged else "map\n1\n"  # Enter at the pause
        chosen, lines = _screen(view, typed, paged)
        assert chosen == view.legal_actions[0]
        assert all(len(line) <= 80 for line in lines), lines
        start = next(i for i, line in enumerate(lines) if "the whole map" in line)
        end = next(i for i in range(start + 1, len(lines)) if lines[i].startswith("╰"))
        assert _rows(lines[:start]) == shown  # the table as the turn drew it
        assert _rows(lines[start:end]) == whole > shown
        after = "\n".join(lines[end:])
        # at a terminal, the pause, then the table again with its choices; a pipe's reader
        # scrolls back: the choices again
        assert ("Enter shows the table" in after) == paged
        assert _rows(lines[end:]) == (shown if paged else set())
        assert "   1. " in after
    assert "'map'" in GAME.help_notes(view.observation, view.player)


def test_map_is_no_command_where_a_game_has_no_whole_table():
    """Another game's prompt reads `map` as it reads any other text that is no choice."""
    from warroom.games import get_game

    kow = get_game("kow")
    state = kow.new_state(kow.config({}), 3)
    from warroom.engine import PlayerView

    seat = state.to_move()[0]
    view = PlayerView(state, seat, kow)
    out = io.StringIO()
    person = HumanAgent(kow, seat, stdin=io.StringIO("map\n1\n"),
                        console=Console(file=out, width=80, height=24, color_system=None))
    assert person.act(view) == view.legal_actions[0]
    assert "the whole map" not in out.getvalue()
