"""`warroom play` at a person's terminal: the line that starts a game, the line that stops it,
and what a mistyped command line is told."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from terminal_helpers import run_in_terminal

from warroom.cli import main

WARROOM = [str(Path(sys.executable).parent / "warroom")]
V2 = ("Viktory II (the map game, with dice or the Battle Cards): human vs heuristic vs "
      "heuristic, seed 2, saving to v2full.json")


def test_defect_8_the_start_line_breaks_between_words_to_the_terminal():
    """Defect 8: the line that starts a game ran to 120 columns (Viktory II with a save),
    and an 80-column terminal broke it mid-word. At a terminal it is broken between words,
    going on indented; for whatever else reads it, it stays one line."""
    from warroom.cli.play import terminal_line

    lines = terminal_line(V2, 79).splitlines()
    assert lines == [
        "Viktory II (the map game, with dice or the Battle Cards): human vs heuristic vs",
        "    heuristic, seed 2, saving to v2full.json"]
    assert terminal_line("Battle (James W. Gray): human vs heuristic", 79) == \
        "Battle (James W. Gray): human vs heuristic"
    path = "/" + "x" * 100 + ".json"  # a word longer than a line stays whole
    assert terminal_line(f"Kow: human vs heuristic, saving to {path}", 79).splitlines() == [
        "Kow: human vs heuristic, saving to", f"    {path}"]


def test_defect_7_and_8_a_game_at_a_terminal_starts_and_stops_on_lines_of_their_own(tmp_path):
    """Defects 7 and 8 as a person's terminal shows them: the start line fits 80 columns,
    and the end of input at the prompt (Ctrl-D) does not leave "> game stopped: ..."."""
    save = tmp_path / "v2full.json"
    status, text = run_in_terminal(
        [*WARROOM, "play", "viktory-ii", "--players", "human,heuristic,heuristic", "--seed",
         "2", "--save", str(save)], {"COLUMNS": "80", "LINES": "24", "WARROOM_NATIVE": "0"},
        stdin=subprocess.DEVNULL)
    lines = text.replace("\r", "").splitlines()
    assert status == 1  # the end of input stops the game; it is no interruption (130)
    start = lines[:next(i for i, line in enumerate(lines) if "3-player game" in line)]
    assert " ".join(" ".join(start).split()) == V2.replace("v2full.json", str(save))
    assert len(start) > 1 and all(len(line) <= 80 for line in start[:-1])
    assert all(line.startswith("    ") for line in start[1:])
    assert lines[-2] == "> "
    assert lines[-1].startswith("game stopped (the input ended): saved to")


def test_defect_12_too_many_players_is_said_of_players_as_typed(capsys):
    """Defect 12: `--players` with 9 SPECs said "option 'players' must be from 2 to 8, got
    9", naming an option nobody typed."""
    assert main(["play", "battle", "--players", ",".join(["human"] * 9)]) == 2
    assert capsys.readouterr().err == \
        "warroom: error: --players names 9 players; battle takes 2 to 8\n"
    assert main(["play", "battle", "--players", "human"]) == 2
    assert capsys.readouterr().err == \
        "warroom: error: --players names 1 player; battle takes 2 to 8\n"
    # given by --set, the option is named as typed
    assert main(["play", "battle", "--set", "players=9"]) == 2
    assert "option 'players' must be from 2 to 8, got 9" in capsys.readouterr().err


def test_defect_12_an_option_missing_its_value_points_to_its_command_s_help(capsys):
    """Defect 12: `warroom play kow --set` (no value) pointed to 'warroom --help': click's
    parser raises that error without the command's context."""
    assert main(["play", "kow", "--set"]) == 2
    assert capsys.readouterr().err == ("warroom: error: Option '--set' requires an argument. "
                                       "(see 'warroom play --help')\n")
    assert main(["viktory", "compare", "--games"]) == 2
    assert "(see 'warroom viktory compare --help')" in capsys.readouterr().err
    assert main(["play", "kow", "--bogus"]) == 2
    assert "(see 'warroom play --help')" in capsys.readouterr().err


def test_the_result_line_at_a_terminal_breaks_between_words(tmp_path):
    """Review (stop 60): a finished game's result line (Viktory II's, 104 columns: "Result:
    player 0 (random) - turn limit (60 rounds): most capitals, cities and towns; capitals
    held: 1, 1") was broken mid-word by an 80-column terminal, at the end of `play` and of
    `replay`. At a terminal it breaks between words; piped, it stays one line."""
    save = tmp_path / "v2.json"
    assert main(["play", "viktory-ii", "--players", "random,random", "--seed", "3",
                 "--save", str(save)]) == 0
    status, text = run_in_terminal([*WARROOM, "replay", str(save)],
                                   {"COLUMNS": "80", "LINES": "24"}, stdin=subprocess.DEVNULL)
    lines = text.replace("\r", "").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Result: "))
    assert status == 0 and len(lines) - start > 1
    assert all(len(line) <= 80 for line in lines[start:])
    assert all(line.startswith("    ") for line in lines[start + 1:])
    piped = subprocess.run([*WARROOM, "replay", str(save)], capture_output=True, text=True,
                           check=True).stdout.splitlines()
    assert piped[-1] == " ".join(" ".join(lines[start:]).split())
    assert len(piped[-1]) > 80
