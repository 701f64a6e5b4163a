"""Audit (stop 66): a newcomer could not read a game's rules before playing it (`warroom rules`
did not exist), a near miss of a game's name was not told its close match, and `play`'s
resume notice and a save's name were broken by the terminal mid-word."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from terminal_helpers import run_in_terminal
from test_hotseat_audit47 import in_terminal

from cli_errors import one_line_error
from warroom.cli import main
from warroom.cli.info import rule_texts
from warroom.engine import ConfigError
from warroom.games import REGISTRY, get_game

ROOT = Path(__file__).resolve().parents[2]
WARROOM = str(Path(sys.executable).parent / "warroom")
RULE_TEXTS = {"kow": "kings-of-war-battle-deck.txt", "champions": "game-of-champions.txt",
              "battle": "battle-james-gray.txt", "word-iron": "word-and-iron-pitched-battle.txt",
              "viktory": "viktory-ii-battle-cards.txt",
              "viktory-ii": "viktory-ii-battle-cards.txt"}


def test_rules_prints_the_summary_and_names_the_rule_text(capsys):
    """Audit (stop 66): `warroom rules champions` said "No such command 'rules'": the rules
    summary could be read only by `?` inside a game. It prints that summary, then where the
    full rule text is."""
    assert main(["rules", "champions"]) == 0
    lines = capsys.readouterr().out.splitlines()
    summary = get_game("champions").summary
    assert " ".join(" ".join(lines[:-1]).split()) == " ".join(summary.split())
    assert lines[-1] == f"The full rule text: {ROOT / 'docs' / 'rules' / RULE_TEXTS['champions']}"


@pytest.mark.parametrize("name", sorted(RULE_TEXTS))
def test_every_built_in_game_names_its_shipped_rule_text(name, capsys):
    """Audit (stop 66): each game's rule text is the one docs/rules/README.md lists for it
    (Viktory's two games share one), given too by `rules --json`."""
    assert rule_texts(REGISTRY[name])[0] == ROOT / "docs" / "rules" / RULE_TEXTS[name]
    assert main(["rules", name, "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    text = str(ROOT / "docs" / "rules" / RULE_TEXTS[name])
    assert shown == {"game": name, "title": REGISTRY[name].title,
                     "summary": REGISTRY[name].summary, "rule_text": text,
                     "rule_texts": [text, *MAP_SUMMARY.get(name, [])]}


MAP_SUMMARY = {"viktory-ii": [str(ROOT / "docs" / "VIKTORY-II.md")]}


def test_viktory_ii_names_the_map_games_summary_too(capsys):
    """Audit (stop 67): `warroom rules viktory-ii` named only the Battle Cards text as "the
    full rule text", though that text is only a variant of the map game (the default, with
    dice), whose rules docs/VIKTORY-II.md sums up: it names both, each as what it is."""
    assert main(["rules", "viktory-ii"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[-2:] == [
        f"The full rule text: {ROOT / 'docs' / 'rules' / RULE_TEXTS['viktory-ii']}",
        f"The Viktory II map game around the variant, summed up: {MAP_SUMMARY['viktory-ii'][0]}"]


def test_rules_of_an_unknown_game_is_the_error_options_gives(capsys):
    """Audit (stop 66): `warroom rules` of a game no one registered is refused in one line,
    the same as `warroom options` says it."""
    assert main(["options", "chess"]) == 2
    said = one_line_error(capsys)
    assert main(["rules", "chess"]) == 2
    assert one_line_error(capsys) == said


class _Keyboard:
    """A terminal's input nobody types at: reading it is a pause no one sees."""

    def isatty(self) -> bool:
        return True

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"read the keyboard ({name}) though the output is not the "
                             "terminal")


def test_rules_into_a_pipe_does_not_pause(capsys, monkeypatch):
    """Audit (stop 66): `warroom rules viktory-ii | less` at a terminal must print the whole
    summary, not wait at a "-- more" pause written into the pipe."""
    monkeypatch.setattr(sys, "stdin", _Keyboard())
    monkeypatch.setenv("LINES", "10")
    assert main(["rules", "viktory-ii"]) == 0
    out = capsys.readouterr().out
    assert "-- more" not in out and out.splitlines()[-2].startswith("The full rule text: ")


def test_rules_at_a_terminal_pages_as_the_help_does():
    """Audit (stop 66): at a terminal the summary comes a screenful at a time, as `?` shows
    it in a game; `q` at a pause skips to where the rule text is."""
    shown = in_terminal(["rules", "viktory-ii"],
                        [("-- more", "q\n"), ("The full rule text: ", "")], timeout=60)
    assert "viktory-ii-battle-cards.txt" in shown


def test_a_near_miss_of_a_game_s_name_is_told_the_close_one(capsys):
    """Audit (stop 66): `warroom play champion` listed the games but did not point at
    `champions`. The refusal says "did you mean 'champions'?" (after the list, as before);
    a name like none says no more than the list."""
    assert main(["play", "champion"]) == 2
    assert one_line_error(capsys).endswith(
        "games are: battle, champions, kow, viktory, viktory-ii, word-iron; did you mean "
        "'champions'?")
    with pytest.raises(ConfigError, match=r"did you mean 'viktory-ii'\?$"):
        get_game("viktory_ii")
    assert main(["rules", "chess"]) == 2
    assert "did you mean" not in one_line_error(capsys)


@pytest.fixture
def resumable(tmp_path, capsys) -> Path:
    """g2.json: a Champions game in play, 9 actions in, seat 0 a person's, seat 1
    heuristic's."""
    save = tmp_path / "g2.json"
    assert main(["play", "champions", "--players", "random,random", "--seed", "1", "--save",
                 str(save), "--json"]) == 0
    capsys.readouterr()
    record = json.loads(save.read_text())
    record["actions"] = record["actions"][:9]
    record.pop("outcome", None)
    record["meta"]["players"] = ["human", "heuristic"]
    save.write_text(json.dumps(record))
    return save


def _quit_at_once(argv: list[str], width: int, folder: Path) -> list[str]:
    """`warroom ARGV` at a terminal `width` columns wide whose person quits at once (`q`):
    the lines it showed."""
    keys = folder / "keys"
    keys.write_text("q\n")
    with keys.open() as typed:
        status, text = run_in_terminal([WARROOM, *argv], {
            "COLUMNS": str(width), "LINES": "50", "WARROOM_NATIVE": "0"}, stdin=typed)
    assert status == 130, text
    return text.replace("\r", "").splitlines()


def _said(lines: list[str], head: str, width: int) -> str:
    """What follows `head` in the message it starts and its lines going on indented, one
    space between words, each line checked to be narrower than the terminal (whose own wrap
    would split a word, a number or a file's name)."""
    first = next(i for i, line in enumerate(lines) if line.startswith(head.rstrip()))
    after = lines[first + 1:]
    more = next((i for i, line in enumerate(after) if not line.startswith("    ")), len(after))
    said = [lines[first], *after[:more]]
    assert [line for line in said if len(line) >= width] == []
    return " ".join(" ".join(said).split())[len(head):]


def test_the_resume_notice_fits_the_terminal(resumable, monkeypatch):
    """Audit (stop 66): at 80 columns the resume notice was broken by the terminal in a
    number ("...replaced by heuristic from action 5" / "2 (the record keeps ..."). It is
    broken between words to the terminal's width."""
    monkeypatch.chdir(resumable.parent)
    lines = _quit_at_once(["play", "--resume", "g2.json", "--players", "human,random"], 80,
                          resumable.parent)
    assert _said(lines, "resuming with other players: ", 80) == (
        "player 1's heuristic replaced by random from action 9 (the record keeps who played "
        "before)")


def test_a_save_s_name_with_spaces_is_never_broken(tmp_path, monkeypatch):
    """Audit (stop 66): at 60 columns a save's name was broken across lines: the start line
    broke 'sp ä/a long game name.json' at its first space ("saving to 'sp" / "ä/a long
    ..."). The name goes on a line of its own, whole."""
    monkeypatch.chdir(tmp_path)
    save = "sp ä/a long game name.json"
    lines = _quit_at_once(["play", "kow", "--save", save], 60, tmp_path)
    start = "Kings of War Battle Deck: human vs heuristic, saving to "
    assert _said(lines, start, 60) == shlex.quote(save)
    assert f"    {shlex.quote(save)}" in lines
