"""The terminal player around its choices, on an 80x24 terminal: the rules summary (`?`), what
Ctrl-C and the end of input leave on the screen, and what a hotseat's hidden typing shows."""

from __future__ import annotations

import io
import os
import pty
import re
from collections.abc import Iterator
from contextlib import contextmanager
from types import SimpleNamespace
from typing import Any

import pytest
from rich.console import Console

from warroom.agents.human import Hotseat, HumanAgent, _wrapped
from warroom.games import REGISTRY, get_game

# every registered game: a new game's table is tested as soon as it is registered
GAMES = sorted(REGISTRY)


def _console(out: io.StringIO) -> Console:
    return Console(file=out, width=80, height=24, color_system=None)


def _decision(labels: list[str], stdin: Any, game: Any = None, hotseat: bool = False
              ) -> tuple[HumanAgent, SimpleNamespace, io.StringIO]:
    """A person at a decision among `labels` under a 4-line table of `game` (a stand-in
    without one), reading `stdin`."""
    game = game or SimpleNamespace(title="Test", summary="Test - rules summary\n- Be quick.")
    game = SimpleNamespace(title=game.title, summary=game.summary, describe_event=lambda e: "",
                           render=lambda obs, p: "\n".join(f"row {i}" for i in range(4)))
    out = io.StringIO()
    person = HumanAgent(game, 0, stdin=stdin, console=_console(out))
    person.hinted = True
    if hotseat:
        person.hotseat = Hotseat(stdin, person.console)
        person.hotseat.seated = 0  # seated already: taking the seat drops typed-ahead keys
    view = SimpleNamespace(player=0, observation={"log": []},
                           legal_actions=[SimpleNamespace(label=label) for label in labels])
    return person, view, out


def choose(person: HumanAgent, view: SimpleNamespace) -> str:
    """The label the person chooses (their quitting fails the test, not the test run)."""
    try:
        return person.act(view).label
    except KeyboardInterrupt as exc:
        pytest.fail(f"the person quit: {exc}")


@contextmanager
def terminal(typed: str) -> Iterator[io.TextIOWrapper]:
    """A real terminal as standard input, `typed` waiting in it."""
    leader, follower = pty.openpty()
    stdin = os.fdopen(follower, "r", encoding="utf-8")
    try:
        os.write(leader, typed.encode())
        yield stdin
    finally:
        stdin.close()
        os.close(leader)


class Interrupting:
    """Standard input at which the person presses Ctrl-C (a terminal, when `tty`)."""

    def __init__(self, tty: Any = None):
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty is not None

    def fileno(self) -> int:
        return self.tty.fileno()

    def readline(self) -> str:
        raise KeyboardInterrupt


# 4. The rules summary, then the choices


def test_defect_4_the_choices_are_shown_again_after_the_summary():
    """Defect 4: after `?` a bare `> ` followed the summary: the choices (kow's 29 dice
    choices at its first screen) were off the screen. The menu is shown again before the
    prompt."""
    labels = [f"dice: {n} red" for n in range(1, 30)]
    person, view, out = _decision(labels, io.StringIO("?\n7\n"), get_game("kow"))
    assert choose(person, view) == "dice: 7 red"
    lines = out.getvalue().splitlines()
    summary_end = max(i for i, line in enumerate(lines) if "3 Victories" in line)
    after = lines[summary_end + 1:]
    bottom = lines.index("╰" + "─" * 78 + "╯")
    menu = lines[bottom + 1:lines.index("> Kings of War Battle Deck - rules summary")]
    assert len(menu) == 10  # in columns, as under the table
    assert after[:len(menu)] == menu and after[len(menu)] == "> "
    assert "29. dice: 29 red" in "\n".join(after)


@pytest.mark.parametrize("name, pauses", [("viktory", 1), ("viktory-ii", 2)])
def test_defect_4_a_summary_taller_than_the_screen_is_shown_a_screenful_at_a_time(name, pauses):
    """Defect 4: Viktory's `?` (43 lines with its prompt) and Viktory II's (51) ran past an
    80x24 terminal, their first halves scrolled away unread. At a terminal the summary is
    shown a screenful at a time, Enter showing more, and each screen (from the line the
    `?` or the last "more" stands on to the next "more" or prompt) fits 24 lines; then the
    choices follow. Piped input gets it whole (as before), its next lines read as choices."""
    game = get_game(name)
    labels = ["attack", "retreat", "pass"]
    with terminal("?\n" + "\n" * pauses + "2\n") as stdin:
        person, view, out = _decision(labels, stdin, game)
        assert choose(person, view) == "retreat"
    text = out.getvalue()
    # As the terminal shows it: the Enter typed after each prompt ends its line.
    lines = re.sub(r"(^> | --) (?=\S)", r"\1\n", text, flags=re.M).splitlines()
    stops = [i for i, line in enumerate(lines) if line.startswith((">", "-- "))]
    assert len(stops) == 2 + pauses  # the prompt `?` is typed at, each "more", the last prompt
    for top, bottom in zip(stops, stops[1:]):
        assert bottom - top + 1 <= 24, lines[top:bottom + 1]
    words = " ".join(text.split())
    assert " ".join(game.summary.split()) in re.sub(r" -- [^-]+ -- ", " ", words)
    assert text.endswith("   1. attack\n   2. retreat\n   3. pass\n> ")

    person, view, out = _decision(labels, io.StringIO("?\n3\n"), game)  # piped: no pauses
    assert choose(person, view) == "pass" and "-- more" not in out.getvalue()


def test_defect_4_q_at_a_more_line_goes_back_to_the_choices():
    """Defect 4: the pager lets the person skip the rest of a long summary."""
    with terminal("?\nq\n1\n") as stdin:
        person, view, out = _decision(["attack", "pass"], stdin, get_game("viktory-ii"))
        assert choose(person, view) == "attack"
    text = out.getvalue()
    assert text.count("-- more") == 1 and "Cavalry that attacked" not in text
    assert text.endswith("back to the choices: q --    1. attack\n   2. pass\n> ")


# 5. The summary's layout


@pytest.mark.parametrize("name", GAMES)
def test_defect_5_every_paragraph_and_heading_of_a_summary_keeps_its_own_line(name):
    """Defect 5: `?` joined a line at column 0 to the paragraph before it: Viktory's "...as
    with the Battle Cards. Battle Cards (mode=cards):", Viktory II's "Without your capital",
    "Win" and "Battles" ran together. Every line its author began at the margin after a
    finished sentence (and every list item) still begins a line, nothing is lost, and lines
    written wider than 79 columns are filled anew."""
    summary = get_game(name).summary
    text = _wrapped(summary, 79)
    assert all(len(line) <= 79 for line in text.splitlines())
    assert text.split() == summary.split()
    source = summary.splitlines()
    starts = [line for before, line in zip(["."] + source, source)
              if (not line.startswith(" ") and line[:1].isupper()
                  and re.search(r"[.:!?][)`'\"]*$", before.rstrip()))
              or re.match(r"\s*(- |\d+\. )", line)]
    shown = text.splitlines()
    for line in starts:
        assert any(out.startswith(line[:30].rstrip()) for out in shown), (name, line)


def test_defect_5_the_viktory_headings_named_in_the_audit():
    """Defect 5, as the audit read it at 79 columns."""
    viktory = _wrapped(get_game("viktory").summary, 79).splitlines()
    assert "Battle Cards (mode=cards):" in viktory
    assert viktory[viktory.index("Battle Cards (mode=cards):") - 1].endswith(
        "as with the Battle Cards.")
    second = _wrapped(get_game("viktory-ii").summary, 79).splitlines()
    for heading in ("Without your capital:", "Win:", "Battles (as in"):
        assert sum(line.startswith(heading) for line in second) == 1, heading
    # prose that goes on at the margin is still one paragraph, filled anew
    assert "The map: hexes start face down. Units, towns and cities reveal the hexes next" \
        in second
    assert "  to them (a city everything within two); you draw the tiles and choose which" \
        in second


# 7. Ctrl-C and the end of input


def test_defect_7_ctrl_c_at_the_prompt_ends_its_line():
    """Defect 7: Ctrl-C left the cursor after the prompt, and the message said next ran on
    it: "> ^Cgame stopped: ...". The prompt's line is ended first."""
    person, view, out = _decision(["attack", "pass"], Interrupting())
    with pytest.raises(KeyboardInterrupt):
        person.act(view)
    assert out.getvalue().endswith("> \n")


def test_defect_7_the_end_of_input_at_the_prompt_ends_its_line():
    """Defect 7: Ctrl-D (the end of input) too."""
    person, view, out = _decision(["attack", "pass"], io.StringIO(""))
    with pytest.raises(KeyboardInterrupt):
        person.act(view)
    assert out.getvalue().endswith("> \n")


def test_defect_7_ctrl_c_at_a_hotseat_s_hidden_prompt_ends_its_line():
    """Defect 7: in a hotseat, "> (typing is hidden) game stopped: ..."."""
    with terminal("") as tty:
        person, view, out = _decision(["attack", "pass"], Interrupting(tty), hotseat=True)
        with pytest.raises(KeyboardInterrupt):
            person.act(view)
    assert out.getvalue().endswith("> (typing is hidden) \n")


def test_defect_7_ctrl_c_while_waiting_for_the_next_player_ends_its_line():
    """Defect 7: Ctrl-C while the terminal waited for the next player to take the seat
    left "^Cgame stopped" too (the terminal shows "^C" where the cursor is)."""
    out = io.StringIO()
    seat = Hotseat(Interrupting(), _console(out))
    with pytest.raises(KeyboardInterrupt):
        seat.take(1)
    assert out.getvalue().endswith("(the others look away).\n\n")


# 13. A hotseat's hidden typing


def test_defect_13_a_refused_hidden_choice_is_not_repeated():
    """Defect 13: in a hotseat, a hidden choice that was refused was printed in the error
    ("'dice: 4 blue' is not a legal action here"), for the next player to read. Typing that
    is hidden is never repeated, nor a number out of range; piped input still is."""
    with terminal("dice: 4 blue\n99\ndice\n1\n") as stdin:
        person, view, out = _decision(["dice: 1 blue", "dice: 2 blue"], stdin, hotseat=True)
        assert choose(person, view) == "dice: 1 blue"
    text = out.getvalue()
    assert "4 blue" not in text and "99" not in text and "'dice'" not in text
    assert "That is not a legal action here." in text
    assert "No such action: choose 1 to 2." in text
    assert "That matches 2 actions; be more precise." in text
    person, view, out = _decision(["dice: 1 blue"], io.StringIO("dice: 4 blue\n1\n"))
    choose(person, view)
    assert "'dice: 4 blue' is not a legal action here." in out.getvalue()
