"""Review (stop 58), after the audit that found a run's report silent on the clock: a sweep's
and a tune's reports gave "batch seed N in every cell/trial" of players that search by the
clock just as silently. Both now say it under the seed, in the run report's words."""

from __future__ import annotations

from warroom.cli import main

CLOCK = ("- **clock**: mcts searches by the clock (mcts:time=0.001): moves then depend on the "
         "machine's speed, so the same --seed may give other games; mcts:iters=N alone "
         "repeats them")


def test_a_sweep_report_says_its_seed_does_not_repeat_a_clock_bound_player(tmp_path):
    out = tmp_path / "s.md"
    assert main(["sweep", "kow", "--vary", "victories_to_win=1,2", "--games", "2",
                 "--players", "random,mcts:time=0.001", "--db", str(tmp_path / "s.sqlite"),
                 "--out", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    seed = next(i for i, line in enumerate(lines) if "batch seed 0 in every cell" in line)
    assert lines[seed + 1] == CLOCK


def test_a_tune_report_says_it_too(tmp_path):
    out = tmp_path / "t.md"
    db = tmp_path / "t.sqlite"
    assert main(["tune", "kow", "--param", "victories_to_win=1..2", "--target", "length=60",
                 "--players", "random,mcts:time=0.001", "--budget", "4", "--batch", "2",
                 "--db", str(db)]) == 0
    assert main(["report", str(db), "--tune", "1", "--out", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    seed = next(i for i, line in enumerate(lines) if "in every trial" in line)
    assert lines[seed + 1] == CLOCK


def test_players_bound_by_their_seeds_leave_no_clock_line(tmp_path):
    out = tmp_path / "s.md"
    assert main(["sweep", "kow", "--vary", "victories_to_win=1,2", "--games", "2",
                 "--players", "random,random", "--db", str(tmp_path / "s.sqlite"),
                 "--out", str(out)]) == 0
    assert "**clock**" not in out.read_text(encoding="utf-8")
