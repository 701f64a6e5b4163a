"""`sweep --vary deck0+deck1=...` (audit, stop 71): a designer testing a deck edit wanted both
players' decks before and after it, two cells; `tune --param deck0+deck1:...` joins options
so, and sweep said "--vary deck0+deck1: unknown option"."""

from __future__ import annotations

import json
import sqlite3

from cli_errors import one_line_error
from warroom.cli import main
from word_iron_decks import OPTIONS, broken_deck


def test_joined_options_take_each_value_together_and_resume(tmp_path, capsys):
    deck = broken_deck(tmp_path)
    db = tmp_path / "s.sqlite"
    args = ["sweep", "word-iron", "--vary", f"deck0+deck1=sample,{deck}", "--games", "2",
            *OPTIONS, "--db", str(db), "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)["data"]
    assert [c["cell"] for c in out["cells"]] == [{"deck0+deck1": "sample"},
                                                  {"deck0+deck1": str(deck)}]
    configs = [json.loads(c) for (c,) in sqlite3.connect(db).execute(
        "SELECT config FROM runs ORDER BY id")]
    assert [(c["deck0"] == c["deck1"]) for c in configs] == [True, True]
    assert configs[0]["deck0"] != configs[1]["deck0"]
    assert main([*args[:5], "4", *args[6:], "--resume"]) == 0  # the same sweep, 4 games a cell
    again = json.loads(capsys.readouterr().out)["data"]
    assert again["sweep"]["id"] == out["sweep"]["id"]
    assert [c["games"] for c in again["cells"]] == [4, 4]


def test_a_joined_name_is_checked_part_by_part(tmp_path, capsys):
    db = str(tmp_path / "s.sqlite")
    base = ["sweep", "word-iron", "--games", "2", *OPTIONS, "--db", db]
    assert main([*base, "--vary", "deck0+dekc1=sample"]) == 2
    assert "--vary deck0+dekc1: unknown option 'dekc1' for word-iron" in one_line_error(capsys)
    assert main([*base, "--vary", "deck0+deck1=sample", "--vary", "deck1=sample"]) == 2
    assert "--vary deck1: the option is varied twice" in one_line_error(capsys)
