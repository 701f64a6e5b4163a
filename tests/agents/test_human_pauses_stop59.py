"""The terminal player at 80x24 against the AI: the log held before the table that would scroll
it away, `q` asking first when the game is not saved, and the table drawn again after `?`
(audit, stop 59)."""

from __future__ import annotations

import io
from types import SimpleNamespace

import pytest
from rich.console import Console

from warroom.agents import make_agents
from warroom.agents.human import HumanAgent
from warroom.engine import play_game
from warroom.games import get_game

ASKED = "Quit? This game is not saved and will be lost (y/N)"


class Terminal(io.StringIO):
    """What the person types at a terminal, which shows it (echoes it) on the screen `shown`;
    past what was typed, Enter at a pause ("-- ... --") and the first choice at a prompt."""

    def __init__(self, typed: str = "", shown: io.StringIO | None = None):
        super().__init__(typed)
        self.shown = shown

    def isatty(self) -> bool:
        return True

    def readline(self, *_: object) -> str:
        line = super().readline()
        if not line:
            pause = self.shown is not None and self.shown.getvalue().rstrip(" ").endswith("--")
            line = "\n" if pause else "1\n"
        if self.shown is not None:
            self.shown.write(line)
        return line


def at_terminal(game: object, typed: str = "", height: int = 24, tty_out: bool = True
                ) -> tuple[HumanAgent, io.StringIO]:
    out = io.StringIO()
    person = HumanAgent(game, 0, stdin=Terminal(typed, out),
                        console=Console(file=out, width=80, height=height, color_system=None,
                                        force_terminal=tty_out or None))
    return person, out


def stand_in(rows: int, summary_lines: int = 2) -> SimpleNamespace:
    """A game whose table is `rows` lines and whose log's every event is its own line."""
    summary = "\n".join(["Test - rules summary"] + [f"- rule {i}" for i in range(summary_lines)])
    return SimpleNamespace(title="Test", summary=summary, describe_event=str,
                           render=lambda obs, p: "\n".join(f"row {i}" for i in range(rows)))


def decision(events: int = 0, labels: tuple[str, ...] = ("attack", "retreat", "pass")
             ) -> SimpleNamespace:
    return SimpleNamespace(player=0, observation={"log": [f"event {i}" for i in range(events)]},
                           legal_actions=[SimpleNamespace(label=label) for label in labels])


def chosen(person: HumanAgent, view: SimpleNamespace) -> str:
    """The label the person chooses (their quitting fails the test, not the test run)."""
    try:
        return person.act(view).label
    except KeyboardInterrupt as exc:
        pytest.fail(f"the person quit: {exc}")


# 1. The log held when more than two of its lines would scroll away


def _screens(text: str) -> list[tuple[int, int, bool]]:
    """Each decision as the terminal showed it: the log lines printed since the last prompt
    or screenful of the log (those above its pause, if it was held), the lines from the
    table's top to the prompt, and whether the log was held."""
    lines = text.splitlines()
    out, log, held = [], 0, False
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("╭"):
            prompt = next(j for j in range(i, len(lines)) if lines[j].startswith("> "))
            out.append((log, prompt - i + 1, held))
            log, held, i = 0, False, prompt + 1
            continue
        if "lines of the log above" in line:
            held = True
        elif line.startswith("-- "):  # a screenful of the log, read
            log = 0
        else:
            log += 1
        i += 1
    return out


@pytest.mark.parametrize("name, seed", [("champions", 0), ("champions", 1), ("kow", 0),
                                        ("kow", 1)])
def test_the_ai_s_turn_is_held_when_more_than_two_of_its_lines_would_scroll_away(name, seed):
    """Audit (stop 59): at 80x24 the AI's whole Champions turn (its turn-in, "Spy: 9H (QH)
    and 5H (QC) change places", its attack, the battle's flips: 5 to 11 lines) scrolled off
    above the 17 to 22 lines of the table at 16 to 19 decisions a game, unseen: the log was
    held only when more than half the screen (12 lines) had piled up. It is held whenever
    more than two of its lines would go off the top, as the terminal shows it; never when a
    line or two, or none, would (kow, whose table says "Last turn:", is not held at every
    decision)."""
    game = get_game(name)
    person, out = at_terminal(game)
    agents = [person, *make_agents(["heuristic"], game, seed)]

    def after(state, player, action, record):  # as `warroom play` shows a person's own move
        if player == 0:
            person.show_new_events(state.observation(0))

    play_game(game, game.config({}), seed, agents, on_action=after)
    screens = _screens(out.getvalue())
    lost = [min(log, log + screen - 24) for log, screen, _ in screens]
    assert [n > 2 for n in lost] == [held for _, _, held in screens]
    assert sum(held for _, _, held in screens) >= 3
    assert any(log and not held for log, _, held in screens)  # a line or two is no pause


def test_a_table_taller_than_the_screen_holds_for_three_lines_not_one_or_two():
    """Audit (stop 59): under a table taller than the screen (Viktory II's map) every log
    line scrolls away; one or two are no reason to stop play, three are held."""
    for events, held in [(1, False), (2, False), (3, True)]:
        person, out = at_terminal(stand_in(30))
        person.hinted = True
        assert chosen(person, decision(events)) == "attack"
        assert ("3 lines of the log above: Enter shows the table" in out.getvalue()) == held


# 2. `q` asks first when the game is not saved


def test_q_asks_first_when_quitting_loses_the_game():
    """Audit (stop 59): `q` quit at once, and without --save the game was lost ("game
    stopped: not saved"). When quitting loses the game (`quit_loses`, set by `warroom
    play`), `q` at a terminal asks once: Enter or n goes back to the prompt, y quits."""
    person, out = at_terminal(stand_in(4), "q\n\nquit\nn\nq\ny\n")
    person.quit_loses = True
    with pytest.raises(KeyboardInterrupt, match="quit"):
        person.act(decision())
    assert out.getvalue().count(ASKED) == 3

    person, out = at_terminal(stand_in(4), "q\nn\n2\n")  # declined: the prompt reads on
    person.quit_loses = True
    assert chosen(person, decision()) == "retreat"


def test_q_at_a_pause_of_the_log_asks_first_too():
    """Audit (stop 59): `q` at a pause of the log quit as at the prompt: it asks as the
    prompt does; declined, the table is shown."""
    person, out = at_terminal(stand_in(18), "q\n\n2\n")
    person.quit_loses = True
    assert chosen(person, decision(events=8)) == "retreat"
    text = out.getvalue()
    assert text.index("lines of the log above") < text.index(ASKED) < text.index("╭")


@pytest.mark.parametrize("loses, tty", [(False, True), (True, False)])
def test_q_quits_at_once_when_the_game_is_saved_or_a_script_types_it(loses, tty):
    """Audit (stop 59): a saved game (or another caller's agent: `quit_loses` is False by
    default) loses nothing, and a script's `q` is meant: neither is asked."""
    out = io.StringIO()
    person = HumanAgent(stand_in(4), 0, stdin=Terminal("q\n") if tty else io.StringIO("q\n"),
                        console=Console(file=out, width=80, height=24, color_system=None))
    person.quit_loses = loses
    with pytest.raises(KeyboardInterrupt, match="quit"):
        person.act(decision())
    assert ASKED not in out.getvalue()


# 3. The table drawn again after `?`


def _after_help(text: str) -> str:
    return text[text.index("Test - rules summary"):]


@pytest.mark.parametrize("typed", ["?\n\n2\n", "?\n2\n"])
def test_after_help_enter_shows_the_table_and_the_choices_again(typed):
    """Audit (stop 59): after `?` only the summary and the choices were shown: the table
    (kow's cards) was off the screen. At a terminal the help's last page waits for Enter
    ("Enter shows the table"), then the table and the choices are drawn again; a choice
    typed at that pause is read as typed at the prompt."""
    person, out = at_terminal(stand_in(8, summary_lines=15), typed)
    person.hinted = True
    assert chosen(person, decision()) == "retreat"
    after = _after_help(out.getvalue())
    pause = after.index("-- end of the summary: Enter shows the table --")
    assert pause < after.index("╭") < after.index("│ row 7") < after.index("   3. pass")
    assert after.rstrip().endswith("> 2" if typed == "?\n\n2\n" else "3. pass")


def test_after_help_a_table_that_fits_under_it_is_drawn_without_a_pause():
    """Audit (stop 59): the table is drawn again after the help; with room for both on the
    screen nothing waits."""
    person, out = at_terminal(stand_in(8, summary_lines=15), "?\n2\n", height=60)
    person.hinted = True
    assert chosen(person, decision()) == "retreat"
    after = _after_help(out.getvalue())
    assert "-- end of the summary" not in after and "│ row 7" in after


def test_after_help_output_that_is_not_a_terminal_never_waits():
    """Audit (stop 59): the pause after the help is for a person at a terminal: output sent
    to a file gets the summary and the choices, as before, and never waits."""
    person, out = at_terminal(stand_in(8, summary_lines=15), "?\n2\n", tty_out=False)
    person.hinted = True
    assert chosen(person, decision()) == "retreat"
    after = _after_help(out.getvalue())
    assert "Enter shows the table" not in after and "╭" not in after
