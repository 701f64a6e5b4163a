"""A designer's day with simulate, report, sweep and evaluate (audit, stop 71): a report of a
run before and one after a card file was edited had the same header; running a command
again silently made a second run of the same games; games that do not rotate evenly over the
seats, and a pairing filling three seats, were not said; a sweep printed "from 63.9 to 111"
and "108 (104 - 113)" against the README's display rule, and said "without card facts" of
cells that had them, too few to compare."""

from __future__ import annotations

import re

from warroom.cli import main
from warroom.sim import sweep
from word_iron_decks import OPTIONS, broken_deck


def test_a_report_names_the_content_of_its_data_files(tmp_path, capsys):
    deck = broken_deck(tmp_path, count=25)
    db = tmp_path / "r.sqlite"
    args = ["simulate", "word-iron", "--games", "2", *OPTIONS, "--set", f"deck0={deck}",
            "--db", str(db)]
    assert main(args) == 0
    broken_deck(tmp_path, count=3)  # the same file name, edited
    assert main(args) == 0
    capsys.readouterr()
    heads = []
    for run in (1, 2):
        out = tmp_path / f"run{run}.md"
        assert main(["report", str(db), "--run", str(run), "--out", str(out)]) == 0
        line = next(x for x in out.read_text().splitlines() if "data files" in x)
        heads.append(re.search(r"deck0 ([0-9a-f]{12})", line).group(1))
    assert heads[0] != heads[1], heads


def test_a_run_of_games_played_already_and_an_uneven_rotation_are_said(tmp_path, capsys):
    db = str(tmp_path / "k.sqlite")
    args = ["simulate", "kow", "--games", "4", "--players", "heuristic,random", "--db", db]
    assert main(args) == 0
    assert "note" not in capsys.readouterr().err
    assert main(args) == 0
    err = capsys.readouterr().err
    assert "note: run 1 of this database played these games already" in err, err
    assert f"warroom report {db} --run 1" in err and "run 2 repeats them" in err
    assert main([*args[:3], "3", *args[4:-1], str(tmp_path / "u.sqlite")]) == 0
    err = capsys.readouterr().err
    assert "note: 3 games do not rotate evenly over 2 seats" in err, err
    assert "played these games already" not in err


def test_evaluate_says_how_a_pairing_fills_three_seats(capsys):
    assert main(["evaluate", "battle", "--players", "heuristic,random", "--set", "players=3",
                 "--games", "2"]) == 0
    err = capsys.readouterr().err
    assert "note: 3 seats: each pairing's two players alternate round the table" in err, err


def test_a_sweeps_figures_keep_their_decimals():
    """sim/README.md: a mean is printed "to the last decimal place its interval's ± shows
    ... (a game length's to at least one decimal)"."""
    moves = sweep._moves("mean game length", [(63.9, 60.0, 68.0), (111.0, 104.0, 113.0)],
                         ["a", "b"], False)
    assert moves == "mean game length: from 63.9 (a) to 111.0 (b)", moves
    assert sweep._fmt((108.0, 104.2, 112.9), "decisions") == "108.0 (104.2 - 112.9)"
    assert sweep._fmt((0.0123, 0.01, 0.015), "x") == "0.0123 (0.0100 - 0.0150)"


def test_a_sweep_tells_cells_too_small_to_compare_from_cells_without_card_facts(tmp_path,
                                                                                   capsys):
    deck = broken_deck(tmp_path)
    assert main(["sweep", "word-iron", "--vary", f"deck0=sample,{deck}", "--games", "2",
                 *OPTIONS, "--db", str(tmp_path / "s.sqlite")]) == 0
    out = capsys.readouterr().out
    assert "without card facts" not in out, out
    assert "2 with card facts but nothing to compare (too few games)" in out, out
