"""The benchmark scripts' own behaviour (benchmarks/engine.py, mcts.py, learn.py): what they
refuse, skip and write, in a few games; the measurements themselves are benchmarks."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).parents[2] / "benchmarks"


def load_script(name: str):
    spec = importlib.util.spec_from_file_location(f"{name}_script_stop60", BENCHMARKS / name)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def old_tree_without_games(tmp_path: Path) -> Path:
    """A baseline `src` whose registry has no games, as d2661fa has no Viktory II."""
    games = tmp_path / "old" / "src" / "warroom" / "games"
    games.mkdir(parents=True)
    (games.parent / "__init__.py").write_text("")
    (games / "__init__.py").write_text("REGISTRY = {}\n")
    return games.parents[1]


def test_a_game_the_baseline_lacks_is_skipped_and_said_not_an_abort(tmp_path, capsys):
    """Audit (stop 60): speed-results.md's recipe (`engine.py --baseline OLD/src`, OLD before
    Viktory II) exited at viktory-ii with "unknown game 'viktory-ii'", measuring nothing after
    it. The game is listed as skipped and the run goes on."""
    engine = load_script("engine.py")
    old = old_tree_without_games(tmp_path)
    assert engine.measure(old, "random", "viktory-ii", 0.01) is None
    engine.main(["--quick", "--baseline", str(old), "--kinds", "random",
                 "--games", "viktory-ii,kow"])
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert rows[1:] == [f"| viktory-ii | skipped: the code in {old} has no such game |",
                        f"| kow | skipped: the code in {old} has no such game |"]


def test_an_unknown_kind_is_refused_in_one_line_naming_the_known_ones(capsys):
    """Audit (stop 60): `engine.py --kinds rando` (a typo) printed nothing and exited 0, as if
    there were nothing to measure."""
    engine = load_script("engine.py")
    with pytest.raises(SystemExit) as stop:
        engine.main(["--kinds", "random,rando"])
    assert stop.value.code == ("engine.py: --kinds: unknown 'rando' "
                               "(known: random, heuristic, mcts, simulate)")
    assert capsys.readouterr().out == ""


def test_an_unknown_game_is_refused_not_reported_as_skipped():
    """Audit (stop 60): with games a baseline lacks now skipped, a misspelt --games must not
    look like one of them."""
    engine = load_script("engine.py")
    with pytest.raises(SystemExit) as stop:
        engine.main(["--games", "kwo", "--kinds", "random"])
    assert str(stop.value.code).startswith("engine.py: --games: unknown 'kwo' (known: ")


def test_every_option_the_mcts_script_documents_is_one_it_takes(capsys):
    """Audit (stop 60): benchmarks/mcts.py documented `strength GAME [--games N] [--iters N]
    [--workers K]`, but strength has no --iters (its budget is --spec) and takes --against:
    the documented command failed."""
    mcts = load_script("mcts.py")
    usages: list[list[str]] = []
    for line in mcts.__doc__.splitlines():
        if line.strip().startswith("python benchmarks/mcts.py"):
            usages.append(line.split()[2:])
        elif usages and line.strip().startswith("["):  # a usage's continued options
            usages[-1] += line.split()
    assert {words[0] for words in usages} == {"speed", "strength", "agree", "seer"}
    for what, *rest in usages:
        with pytest.raises(SystemExit):
            mcts.main([what, "--help"])
        taken = set(re.findall(r"--[\w-]+", capsys.readouterr().out))
        assert set(re.findall(r"--[\w-]+", " ".join(rest))) <= taken, what


def test_learn_measures_the_heuristic_it_compares_with_and_dates_its_run(tmp_path):
    """Audit (stop 60): every learn.py run printed "kow's own heuristic player wins 97.3 %
    against random", a figure gone stale when kow's heuristic changed (97.9 % since); and
    learn-results.md did not say when or on which commit it was run."""
    learn = load_script("learn.py")
    out = tmp_path / "trial"
    learn.main(["--batches", "1", "--batch", "2", "--eval-every", "1", "--eval-games", "4",
                "--victories-to-win", "1", "--out", str(out)])
    text = (out / "learn-results.md").read_text()
    score = learn.heuristic_score(4, 0, {"victories_to_win": 1})
    assert f"heuristic player scores {100 * score:.1f} % against random" in text
    assert "97.3" not in text
    assert re.search(r"run \d{4}-\d{2}-\d{2} on commit \S+\.", text)
