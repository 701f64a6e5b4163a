"""Audit (stop 50): a deck that goes against the rule text gets its warnings on standard
error from the commands that play it (`play`, `simulate`, `sweep`, `tune` with `--set
deck0=FILE`), not only from `warroom cards validate`: one line each, each file once, never on
standard output (where --json keeps one JSON object), and nothing for a deck without any."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from warroom.cli import main
from warroom.games.word_iron.deck import DATA_DIR


def fighting_champion(directory: Path) -> Path:
    """The sample deck with a champion that inflicts losses (no champion partakes in direct
    combat: rules 8 and 11): valid, with a warning."""
    deck = yaml.safe_load((DATA_DIR / "sample.yaml").read_text())
    deck["champions"][2]["effects"] = [{"kind": "losses", "ranks": 40}]
    path = directory / "champfight.yaml"
    path.write_text(yaml.safe_dump(deck, sort_keys=False))
    return path


def _warnings(err: str, path: Path) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("warroom: warning: ")
            and str(path) in line]


def test_simulate_warns_of_a_deck_against_the_rules_once_on_standard_error(tmp_path, capsys):
    """Audit (stop 50): `warroom simulate word-iron --set deck0=FILE` (and deck1 the same
    file) said nothing of a champion that inflicts losses, which `cards validate` warns of."""
    deck = fighting_champion(tmp_path)
    assert main(["cards", "validate", str(deck)]) == 0
    expected = _warnings(capsys.readouterr().err, deck)
    assert len(expected) == 1, expected
    assert main(["simulate", "word-iron", "--games", "1", "--players", "random,random",
                 "--set", f"deck0={deck}", "--set", f"deck1={deck}", "--seed", "1",
                 "--db", str(tmp_path / "r.sqlite"), "--json"]) == 0
    out, err = capsys.readouterr()
    assert _warnings(err, deck) == expected, err
    assert out.count("\n") == 1 and json.loads(out)["games"] == 1, out


def test_play_warns_of_the_deck_and_a_plain_deck_is_quiet(tmp_path, capsys):
    """Audit (stop 50): `warroom play word-iron --set deck0=FILE` printed no warning."""
    deck = fighting_champion(tmp_path)
    assert main(["play", "word-iron", "--players", "random,random", "--seed", "2",
                 "--set", f"deck0={deck}", "--json"]) == 0
    out, err = capsys.readouterr()
    assert len(_warnings(err, deck)) == 1, err
    assert "warning" not in out and json.loads(out)
    plain = tmp_path / "plain.yaml"
    plain.write_text((DATA_DIR / "sample.yaml").read_text())
    assert main(["play", "word-iron", "--players", "random,random", "--seed", "2",
                 "--set", f"deck0={plain}", "--json"]) == 0
    assert "warning" not in capsys.readouterr().err
