"""`resign` at a person's prompt in `warroom play`: what the browser table's Resign does for
the same game and seats, said in the save as a served game's record says it."""

from __future__ import annotations

import io
import json
import subprocess
from types import SimpleNamespace

from click.testing import CliRunner
from rich.console import Console
from test_hotseat_audit47 import WARROOM, in_terminal

from warroom.agents.human import HELP, HumanAgent
from warroom.cli import cli
from warroom.engine import Record
from warroom.engine.record import (
    Resignation,
    record_config,
    record_outcome,
    replay_to_end,
    resignation_outcome,
)
from warroom.games import get_game

ENDED = "Player 0 resigned: the game is over"
HANDED = "Player 0 resigned; the heuristic AI plays the seat on"


def warroom(*args: str, typed: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([WARROOM, *args], input=typed, capture_output=True, text=True,
                          timeout=300)


def test_resigning_a_game_of_two_sides_ends_it_as_the_browser_table_does(tmp_path):
    """Audit (stop 68): at the terminal a person who wanted to give up could only type `q`,
    which stopped the game for everyone ("That is not a legal action here." for `resign`).
    `resign` now ends a game of two sides: the other side wins with the browser table's
    outcome, the save ends with `resigned` as a served game's record does, and `replay`
    shows it; the game cannot be resumed."""
    save = tmp_path / "kow.json"
    proc = warroom("play", "kow", "--seed", "3", "--save", str(save), typed="1\nresign\n")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.rstrip().splitlines()
    assert ENDED in proc.stdout
    assert lines[-2:] == ["You lost.", "Result: player 1 (heuristic) - seat 0 resigned"]
    game = get_game("kow")
    record = Record.load(save)
    assert record.actions and record.resigned == Resignation(0, len(record.actions))
    assert "outcome" not in json.loads(save.read_text())  # no outcome of the rules
    # the outcome the server's resignation gives (`LiveGame.gave_up`: `record_outcome`)
    final = replay_to_end(game, record)
    assert record_outcome(game, record, final) == resignation_outcome(
        game, record_config(game, record), 2, 0, final.players_out())
    shown = warroom("replay", str(save))
    assert shown.returncode == 0 and ENDED in shown.stdout.splitlines()
    data = json.loads(warroom("replay", str(save), "--json").stdout)
    assert data["outcome"]["reason"] == "seat 0 resigned" and data["outcome"]["winners"] == [1]
    assert data["events"][-1] == {"text": ENDED, "event": None, "action": None}
    again = warroom("play", "--resume", str(save))
    assert again.returncode != 0 and "the saved game is over (seat 0 resigned)" in again.stderr


def test_resigning_a_game_of_three_hands_the_seat_to_the_ai(tmp_path):
    """Audit (stop 68): with three sides a resignation decides nothing between the others:
    the browser table has the heuristic AI play the seat on, and so does the terminal now.
    The game goes on to its end by the rules, the save says who played the seat from when
    (`meta.handed_to_ai`, as a served game's record), and its replay says so."""
    save = tmp_path / "battle.json"
    proc = warroom("play", "battle", "--players", "human,heuristic,heuristic", "--set",
                   "first_player=0", "--seed", "4", "--save", str(save), typed="resign\n")
    assert proc.returncode == 0, proc.stderr
    assert HANDED in proc.stdout
    assert "No person plays on: the AI players play on to the end" in proc.stdout
    record = Record.load(save)
    assert record.resigned is None and record.outcome is not None  # ended by its rules
    # as the browser table's records say it (server README, "Records")
    assert record.meta["handed_to_ai"] == [{"seat": 0, "at": 0, "agent": "heuristic",
                                            "why": "resigned"}]
    assert record.meta["players"] == ["human", "heuristic", "heuristic"]
    shown = warroom("replay", str(save))
    assert shown.returncode == 0, shown.stderr
    assert HANDED in shown.stdout
    assert ("player 0 was played by the heuristic AI after 0 actions (its person resigned)"
            in shown.stdout)


def test_resigning_at_a_terminal_asks_first_and_no_changes_nothing(tmp_path):
    """Audit (stop 68): `resign` at a terminal asks first, saying what it does, as the
    browser table's button does; anything but y goes back to the prompt, the game as it
    was (here `q` then stops it, saved, with nothing resigned)."""
    save = tmp_path / "kow.json"
    shown = in_terminal(["play", "kow", "--seed", "1", "--save", str(save)],
                        [("> ", "resign\n"), ("(y/N)", "n\n"), ("> ", "q\n"),
                         ("game stopped", "")], timeout=30)
    assert shown.count("Resign? The other side wins the game. (y/N)") == 1
    record = Record.load(save)
    assert record.resigned is None and record.actions == []
    assert "--resume" in shown.rstrip().splitlines()[-1]


def test_resigning_at_a_terminal_with_y_ends_the_game(tmp_path):
    """Audit (stop 68): y to the question resigns: the game ends at once, lost."""
    save = tmp_path / "kow.json"
    shown = in_terminal(["play", "kow", "--seed", "1", "--save", str(save)],
                        [("> ", "resign\n"), ("(y/N)", "y\n"), ("Result:", "")], timeout=30)
    assert "You lost." in shown and ENDED in shown
    assert Record.load(save).resigned == Resignation(0, 0)


def test_the_first_prompt_says_resign_where_it_is_offered():
    """Audit (stop 68): nothing said a person could resign. The first prompt's hint says it
    where `warroom play` offers it; elsewhere (a tournament's game) the prompt knows no
    `resign`, and its hint is as it was."""
    game = SimpleNamespace(title="Test", summary="", render=lambda obs, p: "the table",
                           describe_event=lambda e: "")
    view = SimpleNamespace(player=0, observation={"log": []},
                           legal_actions=[SimpleNamespace(label="attack")])
    offered, plain = io.StringIO(), io.StringIO()
    person = HumanAgent(game, 0, stdin=io.StringIO("1\n"), console=Console(file=offered,
                                                                            width=80))
    person.resigning = lambda seat: "The other side wins the game."
    person.act(view)
    [hint] = [line for line in offered.getvalue().splitlines() if "'q' quits" in line]
    assert "'resign' gives up" in hint and len(hint) <= 79  # one line at 80 columns
    other = HumanAgent(game, 0, stdin=io.StringIO("resign\n1\n"),
                       console=Console(file=plain, width=200))
    assert other.act(view).label == "attack"
    assert HELP in plain.getvalue() and "gives up" not in plain.getvalue()
    assert "'resign' is not a legal action here." in plain.getvalue()


def test_play_help_says_how_to_resign_and_what_a_hotseat_s_save_shows():
    """Audit (stop 68): `play --help` did not mention resigning, nor that at a shared
    terminal the save (or `replay --as`) shows any seat's view, nor that tmux and GNU
    screen keep their own scrollback through the clear."""
    text = " ".join(CliRunner().invoke(cli, ["play", "--help"], terminal_width=200)
                    .output.split())
    assert "`resign` at a prompt gives the game up" in text
    assert "heuristic AI plays the seat on" in text
    assert "`warroom replay FILE --as N`, shows any seat's view" in text
    assert "tmux or GNU screen" in text
