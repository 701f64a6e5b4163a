"""The learning example (benchmarks/learn.py) runs its whole code path in a few games; the
full run that shows the win rate rising takes minutes and is a benchmark, not a test."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np

SCRIPT = Path(__file__).parents[2] / "benchmarks" / "learn.py"


def load_script():
    spec = importlib.util.spec_from_file_location("learn_example", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_training_steps_change_the_policy_and_evaluate():
    learn = load_script()
    curve = learn.train(batches=2, batch=4, lr=0.05, eval_every=1, eval_games=4, seed=1,
                        options={"victories_to_win": 1}, progress=False)
    assert [games for games, _ in curve] == [0, 4, 8]
    assert all(0.0 <= rate <= 1.0 for _, rate in curve)


def test_the_policy_only_picks_legal_actions_and_learns_from_a_win():
    learn = load_script()
    policy = learn.LinearPolicy(3, 4)
    mask = np.array([0, 1, 0, 1], np.int8)
    p = policy.probabilities(np.ones(3), mask)
    assert p[0] == p[2] == 0.0 and abs(p[1] - 0.5) < 1e-12
    adam = learn.Adam([policy.w.shape, policy.b.shape], lr=0.1)
    grad = -p
    grad[3] += 1.0  # action 3 won: raise its log-probability
    adam.step([policy.w, policy.b], [np.outer(np.ones(3), grad), grad])
    assert policy.probabilities(np.ones(3), mask)[3] > 0.5


def test_a_trial_run_writes_into_the_folder_out_names_not_over_the_shipped_figures(tmp_path,
                                                                                    capsys):
    """`--out` takes the results and the figure; before it, every run replaced the figures
    shipped in benchmarks/."""
    learn = load_script()
    shipped = (SCRIPT.parent / "learn-results.md").read_bytes()
    out = tmp_path / "trial" / "learn"
    learn.main(["--batches", "1", "--batch", "2", "--eval-every", "1", "--eval-games", "2",
                "--victories-to-win", "1", "--out", str(out)])
    text = (out / "learn-results.md").read_text()
    assert "--victories-to-win 1" in text and "| 2 |" in text
    assert (out / "learn-kow.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert (SCRIPT.parent / "learn-results.md").read_bytes() == shipped
    assert str(out / "learn-results.md") in capsys.readouterr().out


def test_out_naming_a_file_is_refused_in_one_line(tmp_path, capsys):
    learn = load_script()
    (tmp_path / "f").write_text("x")
    try:
        learn.main(["--out", str(tmp_path / "f")])
    except SystemExit as exc:
        assert exc.code == 2
    else:
        raise AssertionError("a file as --out was taken")
    assert "--out" in capsys.readouterr().err and (tmp_path / "f").read_text() == "x"


def test_bad_options_are_refused_in_one_line_before_training(tmp_path, capsys):
    """Audit (research environments, stop 47): `--eval-games 1` (or 0), `--eval-every 0`,
    `--batch 0` and `--victories-to-win 0` ended in tracebacks (ZeroDivisionError, numpy's
    NaN probabilities, a ConfigError's), and an odd `--eval-games` played one game fewer
    than it said. Each is refused by the option's name, nothing trained or written."""
    learn = load_script()
    out = tmp_path / "out"
    cases = {("--eval-games", "1"): "must be at least 2",
             ("--eval-games", "3"): "must be even",
             ("--eval-every", "0"): "must be at least 1",
             ("--batch", "0"): "must be at least 1",
             ("--batches", "x"): "'x' is not a whole number",
             ("--victories-to-win", "0"): "--victories-to-win: "}
    for args, words in cases.items():
        try:
            learn.main([*args, "--out", str(out)])
        except SystemExit as stop:
            assert stop.code == 2
        else:
            raise AssertionError(f"{args} was taken")
        err = capsys.readouterr().err.strip().splitlines()[-1]
        assert words in err and args[0] in err, (args, err)
    assert not out.exists()


def test_the_results_say_how_wide_a_point_is_at_the_games_it_played():
    """The results text gave the interval of 200 games whatever `--eval-games` was."""
    learn = load_script()
    assert learn.interval_words(200) == "about ±4 points near 90 % and ±7 near 50 %"
    assert learn.interval_words(10) == "about ±19 points near 90 % and ±31 near 50 %"
