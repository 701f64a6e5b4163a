"""A resume plays on with the run's own copies of its data files: when a file it names was
edited (or is gone) since, it says so on standard error, once per option and file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from warroom.cli import main
from warroom.games import get_game

DECK = get_game("word-iron").data_file("deck0", "raiders")


def _start(tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.chdir(tmp_path)
    shutil.copy(DECK, "wi-deck.yaml")
    return tmp_path / "r.sqlite"


def test_simulate_resume_warns_of_an_edited_deck(tmp_path, monkeypatch, capsys):
    """Audit (stop 52): `simulate --resume` after editing the deck the run names said nothing,
    and the designer believed the new deck was measured; now one warning line names it."""
    db = _start(tmp_path, monkeypatch)
    args = ["simulate", "word-iron", "--players", "random,random", "--set",
            "deck0=wi-deck.yaml", "--db", str(db), "--json"]
    assert main([*args, "--games", "1"]) == 0
    capsys.readouterr()
    assert main([*args, "--games", "2", "--resume"]) == 0  # unchanged: nothing said
    assert "wi-deck.yaml" not in capsys.readouterr().err
    Path("wi-deck.yaml").write_text(Path("wi-deck.yaml").read_text() + "\n# edited\n")
    assert main([*args, "--games", "3", "--resume"]) == 0
    captured = capsys.readouterr()
    lines = [line for line in captured.err.splitlines() if "wi-deck.yaml" in line]
    assert lines == ["warroom: warning: deck0: wi-deck.yaml changed since the run began; the "
                     "run goes on with its own copy (a new run measures the file as it is now)"]
    assert "warning" not in captured.out  # --json keeps standard output to its object
    Path("wi-deck.yaml").unlink()
    assert main(["simulate", "word-iron", "--db", str(db), "--resume", "--games", "4"]) == 0
    assert "deck0: wi-deck.yaml is missing now" in capsys.readouterr().err


def test_sweep_resume_warns_of_an_edited_deck_once(tmp_path, monkeypatch, capsys):
    """Audit (stop 52): `sweep --resume` after editing a deck every cell names warns once,
    not once per cell."""
    db = _start(tmp_path, monkeypatch)
    args = ["sweep", "word-iron", "--vary", "word_deck_size=7,8", "--players", "random,random",
            "--set", "deck0=wi-deck.yaml", "--db", str(db), "--json"]
    assert main([*args, "--games", "1"]) == 0
    Path("wi-deck.yaml").write_text(Path("wi-deck.yaml").read_text() + "\n# edited\n")
    capsys.readouterr()
    assert main([*args, "--games", "2", "--resume"]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if "wi-deck.yaml" in line]
    assert lines == ["warroom: warning: deck0: wi-deck.yaml changed since the sweep began; the "
                     "sweep goes on with its own copy (a new sweep measures the file as it is "
                     "now)"]


def test_play_resume_warns_of_an_edited_deck(tmp_path, monkeypatch, capsys):
    """Audit (stop 60): `play --resume` of a save whose deck file was edited since (even into
    broken YAML) played on with the save's copy without a word, where `simulate --resume` and
    `replay --check-files` say so: the designer believed the edit was in the game."""
    _start(tmp_path, monkeypatch)
    assert main(["play", "word-iron", "--players", "random,random", "--seed", "4", "--set",
                 "deck0=wi-deck.yaml", "--save", "g.json", "--json"]) == 0
    saved = json.loads(Path("g.json").read_text())
    saved["actions"] = saved["actions"][:6]  # a save of the game under way
    saved.pop("outcome", None)
    Path("g.json").write_text(json.dumps(saved))
    capsys.readouterr()
    Path("wi-deck.yaml").write_text("soldiers: [\n")
    assert main(["play", "--resume", "g.json", "--json"]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if "wi-deck.yaml" in line]
    assert lines == ["warroom: warning: deck0: wi-deck.yaml changed since the game began; the "
                     "game goes on with its own copy (a new game plays the file as it is now)"]
