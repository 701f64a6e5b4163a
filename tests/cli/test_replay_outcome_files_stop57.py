"""Audit (stop 57): records as a file format, at the command line. `warroom replay` of a finished
save cut to its first actions (a game taken back, stop 48), its outcome kept, showed a game in
play while the file said the game was won, and did not say why. `replay --check-files --json`
gave its files as sentences a tool had to parse; a Battle deck given as a file, which the
record's config holds as cards, was said to be a record "made before records carried them"; and
the events of `replay --json` said nothing of the action that wrote them. Each test failed
before the change, but the one of a save made mid-game: such a save has no outcome, and replays
and resumes as before."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from cli_errors import one_line_error
from warroom.cli import main
from warroom.engine import Record, replay
from warroom.games import get_game

GAMES = ["kow", "champions", "word-iron", "viktory", "viktory-ii", "battle"]


@pytest.fixture(scope="module")
def saves(tmp_path_factory) -> dict[str, dict[str, Any]]:
    """A finished save of each game, as `play --save` writes it (heuristic, random)."""
    folder = tmp_path_factory.mktemp("saves")
    out = {}
    for name in GAMES:
        path = folder / f"{name}.json"
        assert main(["play", name, "--players", "heuristic,random", "--seed", "5", "--save",
                     str(path), "--json"]) == 0
        out[name] = json.loads(path.read_text())
        assert out[name]["outcome"]["winners"] is not None
    return out


def write(path: Path, data: dict[str, Any]) -> Path:
    path.write_text(json.dumps(data, indent=1))
    return path


@pytest.mark.parametrize("name", GAMES)
def test_a_finished_save_cut_short_says_its_outcome_is_set_aside(saves, name, tmp_path,
                                                                 capsys):
    """A finished save cut to take the game back replays as the game in play it then is, and
    says that the outcome the file holds is of the actions before the cut; resume drops it."""
    data = json.loads(json.dumps(saves[name]))
    kept = len(data["actions"]) // 2
    data["actions"] = data["actions"][:kept]
    path = write(tmp_path / "rec.json", data)
    assert main(["replay", str(path)]) == 0
    game = get_game(name)
    said = ("(unfinished: the game is in play)"  # stop 68: a spectator gets no count there
            if game.hides_move_count(game.config(data["config"])) else
            f"(unfinished: {kept} actions so far; the outcome the record holds is of its "
            "actions before they were cut)")
    assert said in capsys.readouterr().out
    assert main(["replay", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"] is None


def test_a_save_made_mid_game_has_no_outcome_and_replays_and_resumes(tmp_path, capsys,
                                                                     monkeypatch):
    """How a record of a game in play is written: `play --save` before the end (a person
    quits at once) saves no outcome; it replays, as the person's seat, and resumes."""
    path = tmp_path / "mid.json"
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert main(["play", "kow", "--players", "human,heuristic", "--seed", "5", "--save",
                 str(path)]) == 130
    capsys.readouterr()
    assert "outcome" not in json.loads(path.read_text())
    assert main(["replay", str(path), "--as", "0"]) == 0
    assert "(unfinished: " in capsys.readouterr().out
    assert main(["play", "--resume", str(path), "--players", "random,random", "--json"]) == 0
    capsys.readouterr()
    assert json.loads(path.read_text())["outcome"]["winners"] is not None
    assert main(["replay", str(path)]) == 0


def test_an_edited_outcome_is_said_to_be_perhaps_an_edit(saves, tmp_path, capsys):
    data = json.loads(json.dumps(saves["kow"]))
    winner = data["outcome"]["winners"][0]
    data["outcome"]["winners"] = [1 - winner]
    data["outcome"]["scores"] = data["outcome"]["scores"][::-1]
    path = write(tmp_path / "rec.json", data)
    assert main(["replay", str(path)]) == 2
    assert one_line_error(capsys).endswith(
        "(if the record was not edited, the game's rules are not deterministic, or changed "
        "without a version bump)")


def test_check_files_json_gives_objects_and_the_text_stays_for_people(tmp_path, capsys,
                                                                      monkeypatch):
    folder = tmp_path / "games"
    folder.mkdir()
    deck = get_game("word-iron").data_file("deck0", "sample")
    assert deck is not None
    (folder / "mine.yaml").write_text(deck.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.chdir(folder)
    assert main(["play", "word-iron", "--players", "random,random", "--seed", "2", "--set",
                 "deck0=mine.yaml", "--save", "g.json", "--json"]) == 0
    capsys.readouterr()
    sha = json.loads(Path("g.json").read_text())["files"]["deck0"]["sha256"]
    (folder / "mine.yaml").write_text(deck.read_text(encoding="utf-8") + "\n# edited\n",
                                      encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert main(["replay", "games/g.json", "--check-files"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (f"deck0: mine.yaml (next to the record: games/mine.yaml) changed "
                        f"(the record's copy: sha256 {sha[:12]}): the file on disk has changed "
                        "since; the embedded copy is used")
    assert lines[1].startswith("deck1: sample same (the record's copy: sha256 ")
    assert main(["replay", "games/g.json", "--check-files", "--json"]) == 0
    checks = json.loads(capsys.readouterr().out)["check_files"]
    assert checks[0] == {"option": "deck0", "path": "mine.yaml", "status": "changed",
                         "sha256": sha, "found": "games/mine.yaml", "next_to_record": True}
    assert checks[1]["option"] == "deck1" and checks[1]["path"] == "sample"
    assert checks[1]["status"] == "same" and checks[1]["next_to_record"] is False
    assert Path(checks[1]["found"]).is_file()
    (folder / "mine.yaml").unlink()
    assert main(["replay", "games/g.json", "--check-files", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["check_files"][0] == {
        "option": "deck0", "path": "mine.yaml", "status": "missing", "sha256": sha,
        "found": None, "next_to_record": False}


def test_a_battle_deck_from_a_file_is_said_to_be_held_in_the_config(tmp_path, capsys):
    """Battle keeps a constructed deck's cards in the config, not the file: the record replays
    with the file gone, and --check-files says so, not that the record is an old one."""
    ranks = "A 2 3 4 5 6 7 8 9 10 J Q K".split()
    deck = tmp_path / "bdeck.txt"
    deck.write_text("\n".join([r + s for s in "SHDC" for r in ranks][:40]) + "\n")
    path = tmp_path / "b.json"
    assert main(["play", "battle", "--players", "heuristic,random", "--seed", "3", "--set",
                 "deck_mode=constructed", "--set", f"deck0={deck}", "--save", str(path),
                 "--json"]) == 0
    capsys.readouterr()
    deck.unlink()
    assert main(["replay", str(path), "--check-files"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == (
        "deck0: held in the record's config (the data itself, e.g. a deck's cards, not a file's "
        "name): its replay reads no file, so none is checked")
    assert "made before records carried" not in out
    assert main(["replay", str(path), "--check-files", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["check_files"] == [
        {"option": "deck0", "path": None, "status": "in_config", "sha256": None,
         "found": None, "next_to_record": False}]


def test_a_record_naming_no_data_file_says_so(saves, tmp_path, capsys):
    path = write(tmp_path / "kow.json", saves["kow"])
    assert main(["replay", str(path), "--check-files"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        "the record carries no data files: none of its options names one")
    assert main(["replay", str(path), "--check-files", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["check_files"] == []


def expected_actions(name: str, record: Record, viewer: int | None) -> list[int | None]:
    """For each event the viewer sees at the end, the action that wrote it, found apart from
    the command: the viewer's log is read after every action of a replay."""
    out: list[int | None] = []
    done = -1  # the actions applied so far, less one: None before the first
    for state, player, _ in replay(get_game(name), record):
        seen = len(state.visible_log(viewer))
        out += [None if done < 0 else done] * (seen - len(out))
        if player is not None:
            done += 1
    return out


@pytest.mark.parametrize("name", GAMES)
def test_replay_json_events_carry_the_action_that_wrote_them(saves, name, tmp_path, capsys):
    path = write(tmp_path / "rec.json", saves[name])
    record = Record.load(path)
    for viewer in (None, 0):
        assert main(["replay", str(path), "--json"]
                    + ([] if viewer is None else ["--as", str(viewer)])) == 0
        events = json.loads(capsys.readouterr().out)["events"]
        assert [e["action"] for e in events] == expected_actions(name, record, viewer)
        assert events[0]["action"] in (None, 0)  # the setup, if the game logs one
        assert events[-1]["action"] == len(record.actions) - 1  # the end
    # a game in play: a spectator's view carries them (a Viktory II view holds the last turns
    # only); its person's seat's carries none (stop 60: on a dark map they told hidden moves)
    data = json.loads(json.dumps(saves[name]))
    data["actions"] = data["actions"][:len(data["actions"]) // 2]
    del data["outcome"]
    data["meta"]["players"] = ["human", "random"]
    path = write(tmp_path / "part.json", data)
    assert main(["replay", str(path), "--json"]) == 0
    events = json.loads(capsys.readouterr().out)["events"]
    whole = expected_actions(name, Record.load(path), None)
    game = get_game(name)
    if game.hides_move_count(game.config(data["config"])):  # stop 68: a spectator's neither
        whole = [None] * len(whole)
    assert [e["action"] for e in events] == whole[len(whole) - len(events):]
    assert main(["replay", str(path), "--json", "--as", "0"]) == 0
    assert all(e["action"] is None for e in json.loads(capsys.readouterr().out)["events"])
