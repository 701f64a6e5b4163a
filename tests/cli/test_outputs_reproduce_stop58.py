"""Audit (stop 58): a teacher's students hand in figures from evaluate, simulate and
tournament, which must say what makes them again. evaluate --json had no `config`,
simulate --json neither game, seed nor options, the tables' titles named no --set option,
and tournament's header went to standard error, lost under `> tour.txt`."""

from __future__ import annotations

import json

from warroom.cli import main


def words(text: str) -> str:
    """`text` with its runs of spaces and line breaks as one space: rich wraps a title."""
    return " ".join(text.split())


def test_evaluate_json_and_title_carry_the_options(capsys):
    """Audit (stop 58): `evaluate --set victories_to_win=2 --json` printed the keys game,
    seed, games_per_pairing, pairings and ratings, no options; its title omitted them too."""
    args = ["evaluate", "kow", "--players", "random,heuristic", "--games", "2", "--seed", "1",
            "--set", "victories_to_win=2"]
    assert main([*args, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["game"], out["seed"], out["config"]) == ("kow", 1, {"victories_to_win": 2})
    assert main(args) == 0
    assert ("Kings of War Battle Deck: round robin, 2 games per pairing, seed 1, options "
            "victories_to_win=2") in words(capsys.readouterr().out)


def test_evaluate_title_names_no_options_at_the_defaults(capsys):
    """Audit (stop 58): a table of the default rules says nothing more than before."""
    assert main(["evaluate", "kow", "--players", "random,heuristic", "--games", "2"]) == 0
    title = capsys.readouterr().out.splitlines()[0].strip()
    assert title == "Kings of War Battle Deck: round robin, 2 games per pairing, seed 0"


def test_simulate_json_and_title_carry_game_seed_and_options(capsys, tmp_path):
    """Audit (stop 58): simulate's title `Kings of War Battle Deck: 4 games, seed 0`
    omitted `--set victories_to_win=1`, and its --json had no game, seed or options."""
    args = ["simulate", "kow", "--players", "random,heuristic", "--games", "4",
            "--set", "victories_to_win=1", "--db", str(tmp_path / "s.sqlite")]
    assert main(args) == 0
    assert ("Kings of War Battle Deck: 4 games, seed 0, options victories_to_win=1"
            in words(capsys.readouterr().out))
    assert main([*args, "--seed", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["game"], out["seed"]) == ("kow", 5)
    assert out["config"]["victories_to_win"] == 1 and out["run"] == 2


def test_tournament_header_is_on_standard_output_with_its_options(capsys):
    """Audit (stop 58): `tournament ... > tour.txt` kept the rounds without their header,
    which went to standard error and named no --set option."""
    assert main(["tournament", "kow", "--players", "random,heuristic,random", "--seed", "2",
                 "--set", "victories_to_win=2"]) == 0
    captured = capsys.readouterr()
    header = ("Kings of War Battle Deck: single-elimination, 3 entrants, best of 1, "
              "2-player matches, seed 2, options victories_to_win=2")
    assert captured.out.splitlines()[0] == header
    assert "single-elimination" not in captured.err
