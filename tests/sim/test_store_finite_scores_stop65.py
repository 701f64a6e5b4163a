"""Audit (stop 65): a fuzzer stored a game's scores as `[NaN, 1]` in a results database:
`report` took it without a word and `export --format jsonl` wrote `"scores": [NaN, 1]`, which
no strict JSON reader reads. A score (or a tune's target) that is not a finite number is
damage, said in one line naming the game, as a score of the wrong count is."""

from __future__ import annotations

import sqlite3

import pytest

from warroom.cli import main


@pytest.mark.parametrize("bad", ["[NaN, 1]", "[Infinity, 0]", "[1, -Infinity]"])
def test_a_score_that_is_no_finite_number_is_damage(tmp_path, capsys, bad):
    db = tmp_path / "r.sqlite"
    assert main(["simulate", "kow", "--players", "random,random", "--games", "2",
                 "--db", str(db)]) == 0
    with sqlite3.connect(db) as conn:
        conn.execute("update games set scores = ? where idx = 0", (bad,))
    capsys.readouterr()
    assert main(["export", str(db), "--format", "jsonl"]) != 0
    out, err = capsys.readouterr()
    assert "NaN" not in out and "Infinity" not in out
    line = err.strip().splitlines()[-1]
    assert "game 0 of run 1" in line and "scores is not a list of numbers" in line, err


def test_a_failed_export_says_one_line(tmp_path, capsys):
    """The default export's note of what it exports came before the damage's error: two
    lines for one failure. The note is said once the rows are out."""
    db = tmp_path / "r.sqlite"
    assert main(["simulate", "kow", "--players", "random,random", "--games", "2",
                 "--db", str(db)]) == 0
    with sqlite3.connect(db) as conn:
        conn.execute("update games set scores = '[1]' where idx = 1")
    capsys.readouterr()
    assert main(["export", str(db)]) != 0
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("warroom: error: "), err
