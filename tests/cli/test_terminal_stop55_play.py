"""Audit (stop 55): one person playing at the terminal (`warroom play GAME`) against the AI:
what shows after their move, `help`, short labels, a redirected output or input, the result
and the panel's title on a narrow terminal."""

from __future__ import annotations

import io
import os
import pty
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

from rich.console import Console
from terminal_helpers import run_in_terminal

import warroom.cli.play as play_module
from warroom.agents.human import HELP, HumanAgent
from warroom.cli import main
from warroom.games import get_game

WARROOM = str(Path(sys.executable).parent / "warroom")
AI_PLAYING = "The AI players are playing"


def _agent(game: str, width: int = 80, stdin: str = "") -> tuple[HumanAgent, io.StringIO]:
    out = io.StringIO()
    person = HumanAgent(get_game(game), 0, stdin=io.StringIO(stdin),
                        console=Console(file=out, width=width, height=40, color_system=None))
    return person, out


def _first_view(game: str, seed: int, sets: dict[str, object] | None = None) -> SimpleNamespace:
    g = get_game(game)
    state = g.new_state(g.Config(**(sets or {})), seed)
    player = state.to_move()[0]
    return SimpleNamespace(player=player, observation=state.observation(player),
                           legal_actions=state.legal_actions(player))


def test_the_persons_move_shows_before_the_ai_plays(monkeypatch, capsys):
    """Audit (stop 55): silent waits after your move: against mcts the person's own move
    ("Player 0 chose dice") showed only with the AI's whole turn, 17 s later. It shows as
    soon as it is chosen, before any AI player is asked to act."""
    seen_by_ai: list[str] = []
    real = play_module.make_agents

    def make_agents(*args: object) -> list[object]:
        agents = real(*args)
        ai = agents[1]
        act = ai.act

        def watched(view: object) -> object:
            seen_by_ai.append(capsys.readouterr().out)  # what the screen held by now
            return act(view)

        ai.act = watched
        return agents

    monkeypatch.setattr(play_module, "make_agents", make_agents)
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    assert main(["play", "kow", "--seed", "1"]) == 1
    assert seen_by_ai, "the AI never played"
    assert "Player 0 chose" in seen_by_ai[0], seen_by_ai[0][-600:]


def test_a_status_line_says_the_ai_plays_after_the_persons_move_at_a_terminal():
    """Audit (stop 55): silent waits after your move: "The AI players are playing..." was
    said only when an AI moved first; after a person's move at kow against mcts the screen
    showed nothing for seconds. At a terminal a status line says so while they play."""
    from test_hotseat_audit47 import in_terminal

    shown = in_terminal(["play", "kow", "--players", "human,mcts:iters=3000", "--seed", "1"],
                        [("> ", "1\n"), (AI_PLAYING, "q\n"), ("(y/N)", "y\n")],
                        timeout=120)
    after_move = shown.split("> ", 1)[1]
    assert AI_PLAYING in after_move
    # the person's own move is on the screen before the status line
    assert after_move.index("Player 0 chose") < after_move.index(AI_PLAYING)


def test_no_status_line_when_the_output_is_not_a_terminal():
    """Audit (stop 55): silent waits after your move; not at a terminal, nothing is added
    (a file would keep the status line's every frame)."""
    proc = subprocess.run([WARROOM, "play", "kow", "--seed", "1"], input="1\n" * 3,
                          capture_output=True, text=True, timeout=120)
    assert AI_PLAYING not in proc.stdout + proc.stderr


def test_help_is_the_summary_and_the_hint_says_so():
    """Audit (stop 55): `help` is not help: in viktory-ii the hint named only `?`, and the
    person typed `h`/`help` to be told of matching actions. `help` shows the summary as `?`
    does, and the hint under the first choices names it."""
    assert "'help'" in HELP and "'?'" in HELP
    view = _first_view("viktory-ii", 4)
    person, out = _agent("viktory-ii", stdin="help\n1\n")
    person.act(view)
    text = out.getvalue()
    assert "matches" not in text and "not a legal action" not in text
    assert get_game("viktory-ii").summary.splitlines()[0].strip()[:30] in text


def test_a_labels_tail_after_its_word_and_colon_chooses_it():
    """Audit (stop 55): short labels rejected: in kow, `2 red` answered "matches 6
    actions", though "dice: 2 red" is the one label whose text after "dice: " it is; a
    unique start of that text chooses too, and an ambiguous one is still refused."""
    view = _first_view("kow", 1)
    labels = [a.label for a in view.legal_actions]
    assert "dice: 2 red" in labels
    person, out = _agent("kow", 120, "2 RED\n")
    assert person.parse("2 RED", view.legal_actions).label == "dice: 2 red"
    tail = next(label for label in labels if label.startswith("dice: 1 red, 3"))
    assert person.parse("1 red, 3", view.legal_actions).label == tail
    assert person.parse("2 r", view.legal_actions) is None
    assert "matches" in out.getvalue()


def test_a_redirected_output_is_noted_when_one_person_types_at_the_terminal(tmp_path):
    """Audit (stop 55): output redirected with one person at the table (`warroom play kow >
    file`): the table and prompts went to the file and the person typed blind, told
    nothing. A one-line note on standard error says so."""
    out = tmp_path / "game.txt"
    leader, follower = pty.openpty()  # standard input: a terminal, its input ended (Ctrl-D)
    try:
        os.write(leader, b"\x04")
        status, shown = run_in_terminal(
            ["sh", "-c", 'exec "$0" play kow --seed 1 > "$1"', WARROOM, str(out)],
            stdin=follower)
    finally:
        os.close(leader)
        os.close(follower)
    notes = [line for line in shown.replace("\r", "").splitlines() if "warroom: note:" in line]
    assert status == 1 and len(notes) == 1, shown
    assert "standard output is not the terminal" in notes[0]
    assert "you are player 0" in out.read_text() and "warroom: note" not in out.read_text()


def test_no_note_when_both_are_the_terminal_or_neither_is():
    """Audit (stop 55): output redirected with one person at the table: the note is for
    that case only (a script's input and output, or a terminal's both, need none)."""
    proc = subprocess.run([WARROOM, "play", "kow", "--seed", "1"], input="",
                          capture_output=True, text=True, timeout=120)
    assert "warroom: note" not in proc.stderr
    leader, follower = pty.openpty()
    try:
        os.write(leader, b"\x04")
        _, shown = run_in_terminal([WARROOM, "play", "kow", "--seed", "1"], stdin=follower)
    finally:
        os.close(leader)
        os.close(follower)
    assert "you are player 0" in shown and "warroom: note" not in shown


def test_the_end_of_the_input_is_said():
    """Audit (stop 55): input from a file runs out silently: `warroom play kow < in.txt`
    ended with "game stopped: not saved" and status 1, not saying why."""
    proc = subprocess.run([WARROOM, "play", "kow", "--seed", "1"], input="1\n",
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr.splitlines()[-1] == ("game stopped (the input ended): not saved (use "
                                            "--save FILE to keep a game)")


def test_the_result_says_whether_the_person_won(monkeypatch, capsys):
    """Audit (stop 55): the result line never says whether you won: "Result: player 1
    (heuristic) - army destroyed". With one person at the table a line before it says;
    --json's object is unchanged."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    args = ["play", "battle", "--players", "human,random", "--set", "hits_to_lose=1", "--set",
            "first_player=0", "--seed", "9"]
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    result = next(i for i, line in enumerate(lines) if line.startswith("Result: "))
    won = lines[result].startswith("Result: player 0 ")
    assert lines[result - 1] == ("You won." if won else "You lost.")  # the result stays last
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 200))
    assert main([*args, "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.out.count("\n") == 1 and "You " not in captured.out
    assert ("You won." if won else "You lost.") in captured.err.splitlines()


def test_your_result_of_a_draw_and_of_a_shared_win():
    """Audit (stop 55): the result line never says whether you won; a team's shared win is
    a win, a draw is said as one."""
    from warroom.cli.play import your_result
    from warroom.engine import Outcome

    assert your_result(Outcome((), (0, 0), "draw"), 0) == "A draw."
    assert your_result(Outcome((0, 2), (1, 0, 1, 0), "team"), 2) == "You won."
    assert your_result(Outcome((1,), (0, 1), "army destroyed"), 0) == "You lost."


def test_a_narrow_terminals_title_keeps_the_seat():
    """Audit (stop 55): narrow terminal title: at 50 columns word-iron's panel title was cut
    to "Word & Iron, Pitched Battle - you are player", its seat number lost. The game's
    title is cut instead; the seat always shows."""
    for width in (50, 40, 30, 20):
        person, _ = _agent("word-iron", width)
        title = person._title(1)
        assert title.endswith("you are player 1") and len(title) <= max(width - 8, 16), title
    person, _ = _agent("word-iron", 50)
    assert person._title(0) == "Word & Iron, Pitched... - you are player 0"
    person, _ = _agent("word-iron", 100)
    assert person._title(0) == "Word & Iron, Pitched Battle - you are player 0"
