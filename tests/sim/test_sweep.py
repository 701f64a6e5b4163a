"""`warroom sweep`: the grid of rule options, each cell a run, and the report of how each
figure moves; bad grids are refused before any game is played."""

from __future__ import annotations

import json
import re

import pytest

from warroom.cli import main
from warroom.engine import ConfigError
from warroom.games import REGISTRY
from warroom.sim.analysis import RunAnalysis, analyse_games
from warroom.sim.stats import homogeneity_p
from warroom.sim.store import ResultStore, RunInfo
from warroom.sim.sweep import _figure_section, _figures, parse_vary, plan, run_sweep

KOW = REGISTRY["kow"]


def test_parse_vary_keeps_the_order_and_splits_list_values_on_semicolons():
    assert parse_vary(["max_dice=2,3", "red_faces=0,1;1,2"]) == [
        ("max_dice", ["2", "3"]), ("red_faces", ["0,1", "1,2"])]


@pytest.mark.parametrize("items, message", [
    (["max_dice"], "must look like key=value1,value2"),
    (["max_dice=2,,3"], "a value is empty"),
    (["max_dice=2", "max_dice=3"], "varied twice"),
    (["max_dice=2,2"], "a value is repeated"),
    ([], "at least one --vary"),
])
def test_parse_vary_refuses_malformed_grids(items, message):
    with pytest.raises(ConfigError, match=message):
        parse_vary(items)


def test_plan_builds_every_cell_of_the_grid():
    cells = plan(KOW, ("pool_blue=3",), parse_vary(["max_dice=3,4", "victories_to_win=1,2"]),
                 "random,random")
    assert [c.label for c in cells] == ["max_dice=3, victories_to_win=1",
                                        "max_dice=3, victories_to_win=2",
                                        "max_dice=4, victories_to_win=1",
                                        "max_dice=4, victories_to_win=2"]
    assert all(c.config["pool_blue"] == 3 for c in cells)
    assert cells[1].config["max_dice"] == 3 and cells[1].config["victories_to_win"] == 2


@pytest.mark.parametrize("sets, vary, players, message", [
    ((), ["nosuch=1,2"], "random,random", "--vary nosuch: unknown option for kow; options are:"),
    ((), ["max_dice=3,many"], "random,random",
     "--vary max_dice=many: option 'max_dice' must be an integer, got 'many'"),
    ((), ["red_faces=0,1;0,x"], "random,random", "--vary red_faces=0,x: option 'red_faces'"),
    ((), ["min_dice=1,3", "max_dice=2,4"], "random,random",
     "sweep cell min_dice=3, max_dice=2: options must satisfy"),
    (("max_dice=3",), ["max_dice=2,4"], "random,random", "also given with --set"),
    ((), ["max_dice=2,4"], "random", "--players needs 2 players"),
])
def test_plan_refuses_a_bad_grid_naming_the_value(sets, vary, players, message):
    with pytest.raises(ConfigError) as info:
        plan(KOW, sets, parse_vary(vary), players)
    assert message in str(info.value)


@pytest.mark.parametrize("vary, message", [
    ("nosuch=1,2", "unknown option"),
    ("max_dice=2,three", "must be an integer, got 'three'"),
])
def test_cli_bad_grid_is_one_line_and_no_game_is_played(tmp_path, capsys, vary, message):
    db = tmp_path / "s.sqlite"
    assert main(["sweep", "kow", "--vary", vary, "--games", "5", "--players",
                 "random,random", "--db", str(db)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("warroom: error: --vary") and message in err[0]
    assert not db.exists()


def test_games_per_cell_past_the_bound_are_one_line_and_leave_no_database(tmp_path, capsys):
    """A count past a 64-bit integer went as far as SQLite: a traceback and an empty file."""
    db = tmp_path / "big.sqlite"
    huge = "99999999999999999999"
    assert main(["sweep", "kow", "--vary", "max_rounds=5,6", "--games", huge, "--players",
                 "random,random", "--db", str(db)]) == 2
    assert capsys.readouterr().err == (
        f"warroom: error: Invalid value for '--games': {huge} is not in the range "
        "1<=x<=1000000. (see 'warroom sweep --help')\n")
    assert not list(tmp_path.glob("big.sqlite*"))


@pytest.fixture(scope="module")
def swept(tmp_path_factory):
    where = tmp_path_factory.mktemp("sweep")
    db, out = where / "s.sqlite", where / "sweep.html"
    code = main(["sweep", "kow", "--vary", "max_dice=2,4", "--games", "12", "--players",
                 "heuristic,random", "--seed", "3", "--workers", "2", "--db", str(db),
                 "--out", str(out)])
    assert code == 0
    return db, out


def test_each_cell_is_a_run_with_the_same_seeds(swept):
    db, _ = swept
    with ResultStore(db) as store:
        (sweep_id,) = store.sweep_ids()
        runs = store.runs(sweep_id=sweep_id)
        assert [r.cell for r in runs] == [{"max_dice": 2}, {"max_dice": 4}]
        assert [r.config["max_dice"] for r in runs] == [2, 4]
        games = [list(store.iter_games(r.id)) for r in runs]
    assert [len(g) for g in games] == [12, 12]
    assert [g["seed"] for g in games[0]] == [g["seed"] for g in games[1]]
    assert [g["length"] for g in games[0]] != [g["length"] for g in games[1]]


def test_sweep_report_has_a_plot_per_figure_with_the_cells_numbers(swept):
    db, out = swept
    text = out.read_text()
    figures = set(re.findall(r'data-figure="([^"]+)"', text))
    assert figures == {"sweep-player-win-rate", "sweep-seat-win-rate", "sweep-draws",
                       "sweep-length", "sweep-metric-rounds"}
    data = json.loads(re.search(r'id="warroom-data">(.*?)</script>', text, re.S)[1])
    with ResultStore(db) as store:
        runs = store.runs(sweep_id=store.sweep_ids()[0])
        for cell, run in zip(data["cells"], runs, strict=True):
            lengths = [g["length"] for g in store.iter_games(run.id)]
            assert cell["cell"] == run.cell
            assert cell["length"]["mean"] == pytest.approx(sum(lengths) / len(lengths))
    assert "mean game length: from " in text and "(max_dice=4)" in text


def test_a_sweep_report_names_its_paired_tests(swept, capsys):
    """Audit (stop 42): the verdicts across cells did not say which test they used, and the
    tests took the cells for independent samples though every cell plays the same seeds."""
    db, _ = swept
    assert main(["report", str(db), "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"win rate per seat: differences across cells (not )?significant "
                     r"\(adjusted p [=<] [0-9.]+\): Holm's correction over the \d figures "
                     r"tested across cells \(p [=<] [0-9.]+ alone\); paired by seed: "
                     r"McNemar's exact test", out)
    assert re.search(r"mean game length: .*; paired by seed: Wilcoxon signed-rank test", out)
    assert "chi-square" not in out and "Kruskal" not in out


def test_sweep_report_opens_with_the_three_designer_questions_per_cell(swept):
    _, out = swept
    text = out.read_text()
    sections = re.findall(r'<section id="([^"]+)">', text)
    assert sections[0] == "questions"
    verdicts = re.search(r'id="verdicts">(.*?)</ul>', text, re.S)[1]
    lines = re.findall(r"<li>(.*?)</li>", verdicts)
    # kow has no first player (Review, stop 61: said once, not "0 of 2; not measured in 2")
    assert lines[0] == "first-player advantage: not measured in any cell (no first player)"
    assert lines[1].startswith("card outliers: flagged in ")
    # heuristic against random: the heuristic dominates in both cells
    assert lines[2].startswith("dominant strategy: in 2 of 2 cells (max_dice=2: heuristic")
    table = re.search(r'<section id="questions">.*?<table>(.*?)</table>', text, re.S)[1]
    rows = re.findall(r"<tr><td>(.*?)</td>", table)
    assert rows == ["max_dice=2", "max_dice=4"]


def test_sweep_resume_completes_every_cell_without_repeating(tmp_path):
    store = ResultStore(tmp_path / "s.sqlite")
    vary = parse_vary(["max_dice=2,4"])
    cells = plan(KOW, (), vary, "random,random")
    first = run_sweep(store, KOW, (), vary, cells[:1], ["random", "random"], 1, 4)
    again = run_sweep(store, KOW, (), vary, cells, ["random", "random"], 1, 6, resume=True)
    assert again.id == first.id
    runs = store.runs(sweep_id=first.id)
    assert [store.count_games(r.id) for r in runs] == [6, 6]
    for r in runs:
        assert [g["index"] for g in store.iter_games(r.id)] == list(range(6))


def test_a_sweep_over_card_files_checks_every_file_first(tmp_path):
    from warroom.engine import DataError

    game = REGISTRY["word-iron"]
    good = plan(game, (), parse_vary(["deck0=sample,raiders"]), "heuristic,heuristic")
    assert [c.config["deck0"] for c in good] == ["sample", "raiders"]
    broken = tmp_path / "broken.yaml"
    broken.write_text("game: word-iron\nsoldiers: [\n")
    with pytest.raises(DataError) as info:
        plan(game, (), parse_vary([f"deck0=sample,{broken}"]), "heuristic,heuristic")
    assert str(info.value).startswith(f"--vary deck0={broken}: ")
    assert "\n" not in str(info.value)


def test_report_of_a_sweep_database_is_the_sweep_report(swept, capsys):
    db, _ = swept
    assert main(["report", str(db)]) == 0
    out = capsys.readouterr().out
    assert "mean game length: from " in out
    assert (db.parent / "s-sweep1.html").is_file()
    assert main(["report", str(db), "--run", "2", "--format", "md"]) == 0  # one cell alone
    assert (db.parent / "s-run2.md").read_text().startswith("# Balance report")


def _team_cell(cell: str, team_wins_every: int, teams: bool = True,
               seeds: int = 0) -> RunAnalysis:
    """120 games of a 4-player cell; with `teams`, seats 0+2 and 1+3 win and lose together
    (an alliance game, listed players 0+2 kept partners by the seat rotation), seat 0's team
    winning every game but one in `team_wins_every`; without, seat 0 or seat 1 wins alone.
    Game i's seed is i + `seeds` (cells of other `seeds` did not play the same games)."""
    run = RunInfo(1, "battle", "1", {}, ["h", "r", "h", "r"], 0, True, 120, None,
                  {"teams": cell}, "2026-01-01")
    games = []
    for i in range(120):
        seating = [(seat + i) % 4 for seat in range(4)]
        first_team = bool(i % team_wins_every)
        winners = ([0, 2] if first_team else [1, 3]) if teams else ([0] if first_team else [1])
        games.append({"index": i, "seed": i + seeds, "seating": seating,
                      "winner_seats": winners,
                      "winners": sorted(seating[s] for s in winners), "scores_by_seat": [0] * 4,
                      "reason": "won", "length": 10, "first_player": None, "metrics": {}})
    return analyse_games(run, games)


def test_sweep_tests_each_team_once_a_game_as_a_run_report_does():
    """Partners share a win: the homogeneity test across cells counted each team game twice
    (seats 0 and 2 both), making cells look more different than they are. (Cells that did
    not play the same games: tested as independent samples; paired: the next test.)"""
    cells = [_team_cell("alliance", 4), _team_cell("alliance", 2, seeds=1000)]
    figures = {f[0]: f for f in _figures(cells)}
    # seat 0's team won 90 then 60 games of 120; seat 1's team the rest: one count a game
    once = homogeneity_p([[90, 30, 0], [60, 60, 0]])
    twice = homogeneity_p([[90, 30, 90, 30, 0], [60, 60, 60, 60, 0]])
    assert once != pytest.approx(twice)
    _, _, _, _, p, note = figures["seat-win-rate"]
    assert p == pytest.approx(once)
    assert "teams that always won and lost together in every cell: seats 0+2, 1+3" in note
    _, _, _, _, p, note = figures["player-win-rate"]
    by_team = [[a.player_wins[0], a.player_wins[1], 0] for a in cells]
    assert [a.player_wins[0] + a.player_wins[1] for a in cells] == [120, 120]
    assert p == pytest.approx(homogeneity_p(by_team)) and "players 0+2, 1+3" in note
    section = _figure_section(*figures["seat-win-rate"], ["a", "b"], "teams")
    assert any("differences across cells significant" in line and "seats 0+2, 1+3" in line
               for line in section.verdicts)


def test_sweep_cells_with_different_teams_are_not_tested_across_cells():
    cells = [_team_cell("alliance", 4), _team_cell("none", 4, teams=False)]
    figures = {f[0]: f for f in _figures(cells)}
    _, _, _, _, p, note = figures["seat-win-rate"]
    assert p is None and note == " not tested: the cells play different teams"
    section = _figure_section(*figures["seat-win-rate"], ["a", "b"], "teams")
    assert ("win rate per seat: differences across cells not tested: the cells play different "
            "teams") in section.verdicts


def test_resume_with_fewer_games_than_a_cell_has_played_is_refused(tmp_path, capsys):
    """--resume with a smaller --games played nothing and said nothing: the report went on
    with the cells' old count, as if the smaller number had been taken."""
    db = tmp_path / "s.sqlite"
    args = ["sweep", "kow", "--vary", "max_dice=3,4", "--players", "random,random", "--db",
            str(db), "--out", str(tmp_path / "s.md")]
    assert main([*args, "--games", "4"]) == 0
    capsys.readouterr()
    assert main([*args, "--games", "3", "--resume"]) == 2
    assert capsys.readouterr().err == (
        "warroom: error: --games 3: sweep 1 has 4 games in a cell already, and --resume only "
        "adds games (give more, or leave --games out)\n")
    # a larger --games extends every cell; a bare --resume keeps the sweep's own number
    assert main([*args, "--games", "6", "--resume"]) == 0
    assert main([*args, "--resume"]) == 0
    with ResultStore(db) as store:
        assert store.sweep_ids() == [1]
        assert [store.count_games(r.id) for r in store.runs(sweep_id=1)] == [6, 6]


def test_a_resume_that_extends_a_sweep_records_its_new_size(tmp_path, capsys):
    """The sweep's own number of games stayed at the first --games after a resume extended
    every cell: the report's JSON said "games": 4 over cells of 6 games each."""
    db = tmp_path / "s.sqlite"
    out = tmp_path / "s.html"
    args = ["sweep", "kow", "--vary", "max_dice=3,4", "--players", "random,random", "--db",
            str(db), "--out", str(out)]
    assert main([*args, "--games", "4"]) == 0
    assert main([*args, "--games", "6", "--resume"]) == 0
    with ResultStore(db) as store:
        assert store.sweep(1).games == 6
    data = json.loads(re.search(r'id="warroom-data">(.*?)</script>', out.read_text(), re.S)[1])
    assert data["sweep"]["games"] == 6
    assert [c["games"] for c in data["cells"]] == [6, 6]


def test_the_number_of_players_comes_from_players():
    """A game whose number of players is an option (battle) kept its default of 2 whatever
    --players said: "--players needs 2 players, got 3", as play, simulate and tune do not."""
    battle = REGISTRY["battle"]
    cells = plan(battle, (), parse_vary(["hand_size=5,7"]), "heuristic,random,random")
    assert [c.config["players"] for c in cells] == [3, 3]
    teams = plan(battle, (), parse_vary(["teams=none,alliance"]), "random,random,random,random")
    assert [(c.config["players"], c.config["teams"]) for c in teams] == [
        (4, "none"), (4, "alliance")]
    # --set players= still decides, and a varied number of players is the grid's (the last
    # SPEC filling the seats past the list: tests/sim/test_batch_defects.py)
    fixed = plan(battle, ("players=3",), parse_vary(["hand_size=5"]), "random,random,random")
    assert fixed[0].config["players"] == 3
    with pytest.raises(ConfigError, match="sweep cell players=2: --players lists 3 SPECs"):
        plan(battle, (), parse_vary(["players=2,4"]), "random,random,random")


def test_cli_sweep_of_a_three_player_game(tmp_path, capsys):
    """`warroom sweep battle ... --players heuristic,random,random` was refused."""
    db = tmp_path / "s.sqlite"
    assert main(["sweep", "battle", "--vary", "hand_size=5,7", "--players",
                 "heuristic,random,random", "--games", "2", "--db", str(db)]) == 0
    assert "results: sweep 1 in " in capsys.readouterr().out
    with ResultStore(db) as store:
        assert [len(r.players) for r in store.runs(sweep_id=1)] == [3, 3]
        assert [r.config["players"] for r in store.runs(sweep_id=1)] == [3, 3]


def test_ctrl_c_while_the_report_is_written_says_the_games_are_kept(tmp_path, capsys,
                                                                    monkeypatch):
    """Ctrl-C after the last game, while the report was made, printed a bare "interrupted":
    nothing said the games were kept or how to get the report."""
    import warroom.sim.sweep

    def interrupted(*_):
        raise KeyboardInterrupt

    monkeypatch.setattr(warroom.sim.sweep, "sweep_document", interrupted)
    db = tmp_path / "s.sqlite"
    assert main(["sweep", "kow", "--vary", "max_dice=3,4", "--games", "2", "--players",
                 "random,random", "--db", str(db), "--format", "md"]) == 130
    assert capsys.readouterr().err == (
        f"interrupted while writing the report: all the games of sweep 1 are kept in {db}; "
        f"write the report with: warroom report {db} --sweep 1 --format md\n")
    monkeypatch.undo()
    assert main(["report", str(db), "--sweep", "1", "--format", "md"]) == 0
    assert (tmp_path / "s-sweep1.md").is_file()


def test_ctrl_c_in_a_sweep_says_how_many_games_are_kept(tmp_path, capsys, monkeypatch):
    """Audit (designer, stop 45): Ctrl-C in a sweep said "finished games are kept", where
    `simulate` says how many of how many; it says so too, and the resume plays the rest."""
    import warroom.sim.sweep

    real = warroom.sim.sweep.execute
    played = []

    def stop_after_five(store, run, games, workers, backend, address, on_game):
        def counted(result):
            on_game(result)
            played.append(result)
            if len(played) == 5:
                raise KeyboardInterrupt
        real(store, run, games, workers, backend, address, counted)

    monkeypatch.setattr(warroom.sim.sweep, "execute", stop_after_five)
    db = tmp_path / "s.sqlite"
    command = ["sweep", "kow", "--vary", "max_dice=3,4", "--games", "4", "--players",
               "random,random", "--db", str(db), "--format", "md"]
    assert main(command) == 130
    # the command to go on with, whole (audit, stop 71: "the same command and --resume")
    again = (f"warroom sweep kow --vary max_dice=3,4 --players random,random --seed 0 "
             f"--games 4 --db {db} --resume")
    assert capsys.readouterr().err == (
        f"interrupted: 5 of 8 games of the sweep (2 cells) are kept in {db}; continue with: "
        f"{again}\n")
    monkeypatch.undo()
    assert main([*again.split()[1:], "--format", "md"]) == 0
    with ResultStore(db) as store:
        assert [store.count_games(r.id) for r in store.runs(sweep_id=1)] == [4, 4]


def _card_cell(games: int = 80, holder_wins: int = 52) -> list[dict]:
    """A cell's games: each seat draws one card, X or Y (one of each a game), and the holder
    of X wins `holder_wins` of them, spread evenly: alone, X (and Y, its mirror) is flagged
    at p about 0.007, twice over (Holm for 2 tests)."""
    out = []
    for i in range(games):
        seating = [0, 1] if i % 2 == 0 else [1, 0]
        x_seat = i // 2 % 2
        wins = (i * holder_wins) // games != ((i + 1) * holder_wins) // games
        out.append({"index": i, "seed": i, "seating": seating,
                    "winner_seats": [x_seat if wins else 1 - x_seat], "scores_by_seat": [0, 0],
                    "reason": "won", "length": 10, "first_player": None, "metrics": {},
                    "cards": [{"drawn": {"X" if s == x_seat else "Y": 1}} for s in (0, 1)]})
    return out


def test_a_sweep_corrects_its_card_flags_over_every_cell(tmp_path):
    """Defect 2: each cell of a sweep corrected its card tests (Holm) only among its own, so
    that a sweep of 6 cells flagged some card in 40 % of sweeps of fair cards. Here each cell
    alone flags X; over the 12 tests of the 6 cells, nothing stands out."""
    from warroom.sim.cards import collect
    from warroom.sim.sweep import sweep_document

    games = _card_cell()
    alone = collect(games)
    assert {e.card for e in alone.flagged()} == {"X", "Y"}  # each cell on its own
    with ResultStore(tmp_path / "s.sqlite") as store:
        sweep = store.create_sweep("kow", [("max_dice", [str(d) for d in range(1, 7)])], {},
                                   ["a", "b"], 0, 80)
        for dice in range(1, 7):
            run = store.create_run("kow", "1", {"max_dice": dice}, ["a", "b"], 0, 80,
                                   sweep_id=sweep.id, cell={"max_dice": str(dice)})
            store.add_games(run.id, games)
        doc = sweep_document(store, sweep)
    questions = doc.sections[0]
    assert questions.verdicts[1] == ("card outliers: flagged in 0 of 6 cells (Holm's correction "
                                     "over all 12 card tests)")
    assert questions.table is not None
    assert all(row[2] == "none of 2 cards stands out in 80 games (Holm's correction for all 12 "
               "tests of the 6 cells of the sweep, so that over the 6 cells of the sweep, "
               "cards that make no difference to the games they are drawn in have at most a "
               "5 % chance of any flag); each 95 % interval is its card's own, uncorrected, "
               "so one that leaves out 0 may go unflagged after Holm's correction; with these "
               "games a difference under about ±21.5 points cannot be told from 0 (the "
               "median half-width of the tested cards' intervals)"
               for row in questions.table[1])
    assert "corrected (Holm) over every cell at once" in questions.note


def _first_cell(label: str) -> RunAnalysis:
    """200 games of a cell in which the first player (each listed player half the time)
    wins 116: alone, significant (p about 0.02)."""
    run = RunInfo(1, "word-iron", "3", {}, ["h", "h"], 0, True, 200, None, {"x": label},
                  "2026-01-01")
    games = []
    for i in range(200):
        seating = [0, 1] if i % 2 == 0 else [1, 0]
        first = i // 2 % 2
        winner = first if i % 50 < 29 else 1 - first
        games.append({"index": i, "seed": i, "seating": seating, "winner_seats": [winner],
                      "winners": [seating[winner]], "scores_by_seat": [0, 0], "reason": "won",
                      "length": 10, "first_player": first, "metrics": {}})
    return analyse_games(run, games)


def test_a_sweep_corrects_its_first_player_tests_over_every_cell():
    """Defect 2: 'first-player advantage: significant in k of M cells' counted each cell's
    test alone; with 6 cells, a fair game is found unfair somewhere in about 26 % of sweeps."""
    from warroom.sim.report import questions_section
    from warroom.sim.sweep import correct_across_cells

    cells = [_first_cell(str(k)) for k in range(6)]
    first = cells[0].first
    assert first is not None and first.p is not None and 0.01 < first.p < 0.05
    assert all(a.first_advantage() for a in cells)  # each alone
    correct_across_cells(cells)
    assert not any(a.first_advantage() for a in cells)
    section = questions_section([(str(k), a) for k, a in enumerate(cells)], "cell")
    assert section.verdicts[0] == ("first-player advantage: significant in 0 of 6 cells (Holm's "
                                   "correction over the 6 first-player tests)")
    assert cells[0].first_verdict().endswith(
        f" and p = {first.p:.3f} alone, before the correction) over the expected 50.0 % from "
        "who moved first and who won; the verdict reads Holm's correction over 6 first-player "
        f"tests (the 6 cells of the sweep): not significant (adjusted p = "
        f"{first.p_adjusted:.3f})")


def _paired_cell(cell: str, changed: int = 0, longer: int = 0, cells: int = 2) -> RunAnalysis:
    """200 games of a 2-player cell, game i from seed i (as every cell of a sweep): seat 0
    wins the games i % 2 == 0; in `changed` of the others (i = 1, 3, ...) the rules turn
    seat 1's win into seat 0's, and `longer` games (i = 0, 2, ...) last 1 to 3 decisions
    longer. The first player is seat i // 2 % 2; a metric `army` follows the length."""
    run = RunInfo(1, "word-iron", "3", {}, ["h", "h"], 3, True, 200, None, {"deck0": cell},
                  "2026-01-01")
    games = []
    for i in range(200):
        winner = 0 if i % 2 == 0 or i < 2 * changed else 1
        length = 100 + i % 7 + (1 + i % 3 if i % 2 == 0 and i < 2 * longer else 0)
        games.append({"index": i, "seed": 7 * i, "seating": [0, 1] if i % 2 == 0 else [1, 0],
                      "winner_seats": [winner], "scores_by_seat": [0, 0],
                      "reason": "won" if i % 5 else "time", "length": length,
                      "first_player": i // 2 % 2, "metrics": {"army": float(length)}})
    return analyse_games(run, games)


def test_sweep_cells_with_the_same_seeds_are_compared_game_by_game():
    """Audit (stop 42): every cell of a sweep plays game i from one seed, but the tests across
    cells took them for independent samples (chi-square, Kruskal-Wallis). 6 games of 200
    changed winner, all to seat 0, the rest identical: "win rate per seat: differences across
    cells not significant (p = 0.615)", where the exact sign test on the 6 gives 0.031; and
    20 games a few decisions longer, none shorter, passed for no difference in length."""
    from scipy.stats import binomtest, wilcoxon

    cells = [_paired_cell("sample"), _paired_cell("mt140", changed=6, longer=20)]
    figures = {f[0]: f for f in _figures(cells)}
    _, _, _, _, p, note = figures["seat-win-rate"]
    assert p == pytest.approx(binomtest(0, 6).pvalue) == pytest.approx(0.03125)
    # seat 1 won exactly where seat 0 lost: one test, not two
    assert note == "; paired by seed: McNemar's exact test"
    section = _figure_section(*figures["seat-win-rate"], ["sample", "mt140"], "deck0")
    assert section.verdicts[-1] == ("win rate per seat: differences across cells significant "
                                    "(p = 0.031); paired by seed: McNemar's exact test")
    _, _, _, _, p, note = figures["player-win-rate"]  # every player is h: not compared
    assert p is None and note.startswith(" not tested: every player is h, so there is nothing")
    lengths = [list(a.per_game.length) for a in cells]
    _, _, _, _, p, note = figures["length"]
    assert p == pytest.approx(wilcoxon(*lengths).pvalue) and p < 0.001
    assert note == "; paired by seed: Wilcoxon signed-rank test"
    _, _, _, _, p, note = figures["metric-army"]
    assert p == pytest.approx(wilcoxon(*lengths).pvalue)
    assert note == "; paired by seed: Wilcoxon signed-rank test"
    # of the 6, the first player won 3 it had lost and lost 3 it had won; draws and reasons
    # did not move
    _, _, _, _, p, note = figures["first-player"]
    assert p == pytest.approx(binomtest(3, 6).pvalue) and "McNemar" in note
    assert figures["draws"][4] == 1.0 and figures["reasons"][4] == 1.0


def test_sweep_cells_that_did_not_play_the_same_games_are_tested_as_independent():
    """Audit (stop 42): the paired tests need game i of every cell from one seed; cells that
    did not play the same games (an unfinished sweep) keep the independent tests, and say
    so."""
    cells = [_paired_cell("sample"), _paired_cell("mt140", changed=6, longer=20)]
    cells[1].per_game.key.update(b"another game")
    figures = {f[0]: f for f in _figures(cells)}
    why = "(not paired by seed: the cells did not play the same games)"
    _, _, _, _, p, note = figures["seat-win-rate"]
    assert p == pytest.approx(homogeneity_p([[100, 100, 0], [106, 94, 0]]))
    assert note == f"; chi-square test {why}"
    assert figures["length"][5] == f"; Kruskal-Wallis test {why}"


def test_three_paired_cells_use_cochrans_q_and_friedman():
    """Audit (stop 42): with more than two cells the paired tests are Cochran's Q (over the
    games whose result differs between cells, Holm over the seats' tests) and Friedman's."""
    from scipy.stats import chi2, friedmanchisquare

    from warroom.sim.stats import paired_location_p, paired_rate_p

    cells = [_paired_cell("a"), _paired_cell("b", changed=10, longer=20),
             _paired_cell("c", changed=30, longer=40)]
    figures = {f[0]: f for f in _figures(cells)}
    # 30 games differ in "seat 0 won": (no, yes, yes) in 10 of them, (no, no, yes) in 20
    columns, rows = [0, 10, 30], [2] * 10 + [1] * 20
    q = 2 * (3 * sum(c * c for c in columns) - 40 ** 2) / (3 * 40 - sum(r * r for r in rows))
    _, _, _, _, p, note = figures["seat-win-rate"]
    assert p == pytest.approx(chi2.sf(q, 2)) and note == "; paired by seed: Cochran's Q"
    _, _, _, _, p, note = figures["length"]
    assert p == pytest.approx(friedmanchisquare(*(a.per_game.length for a in cells)).pvalue)
    assert note == "; paired by seed: Friedman test"
    # few games differ: the p-value of Q comes from shuffles (exactly: 3 games, each (1,0,0)
    # in one order: 3^3 = 27 equally likely outcomes, 3 of them as extreme as all in cell 0)
    few = [[True] * 3 + [False] * 50, [False] * 53, [False] * 53]
    assert paired_rate_p(few) == pytest.approx(3 / 27, abs=0.01)
    assert paired_rate_p([[True, False]] * 3) == 1.0  # no game differs
    assert paired_location_p([[1.0, 2.0], [1.0, 2.0]]) == 1.0  # all differences zero


def test_the_sweep_progress_bar_names_the_cell_as_a_part_of_the_sweep(tmp_path, monkeypatch):
    """Audit (stop 42): the bar said "word-iron deck0=sample ... 50/240" where each cell has
    120 games: the label named a cell, the count was the whole sweep's."""
    from contextlib import contextmanager

    import warroom.cli.sweep

    shown: list[tuple[str, int]] = []

    class Bar:
        total = 0

        def add_task(self, description, total):
            Bar.total = total
            return 0

        def update(self, task, description, advance=0):
            shown.append((description, Bar.total))

        def advance(self, task):
            pass

        def count_earlier(self, task, games):
            pass

        def stop(self):
            pass

    @contextmanager
    def fake():
        yield Bar()

    monkeypatch.setattr(warroom.cli.sweep, "game_progress", fake)
    assert main(["sweep", "kow", "--vary", "max_dice=3,4", "--games", "2", "--players",
                 "random,random", "--db", str(tmp_path / "s.sqlite"), "--format", "md"]) == 0
    # Audit (stop 52): the label says the count is the sweep's ("kow cell 2/2: max_dice=3
    # ... 41/60" read as 41 of that cell's 30 games)
    assert shown == [("kow sweep (cell 1/2: max_dice=3)", 4),
                     ("kow sweep (cell 2/2: max_dice=4)", 4)]


def test_a_sweep_report_shows_each_cards_improvement_cell_by_cell(tmp_path):
    """A designer varying an option asks whether a card carries the game in one cell and not
    in another: the sweep's report had only the flagged names per cell (stop 72). A table
    gives each card's difference in every cell, flagged after the sweep's correction."""
    from warroom.sim.cards import collect
    from warroom.sim.report import render_markdown
    from warroom.sim.sweep import sweep_document

    strong, fair = _card_cell(200, 130), _card_cell(200, 100)
    with ResultStore(tmp_path / "s.sqlite") as store:
        sweep = store.create_sweep("kow", [("max_dice", ["3", "4"])], {}, ["a", "b"], 0, 200)
        for dice, games in ((3, strong), (4, fair)):
            run = store.create_run("kow", "1", {"max_dice": dice}, ["a", "b"], 0, 200,
                                   sweep_id=sweep.id, cell={"max_dice": str(dice)})
            store.add_games(run.id, games)
        doc = sweep_document(store, sweep)
    (section,) = [s for s in doc.sections if s.key == "cards-drawn-by-cell"]
    assert section.title == "Each card's improvement when drawn, cell by cell"
    headers, rows = section.table
    assert headers == ["card", "max_dice=3", "max_dice=4"]
    x_strong = next(e for e in collect(strong).ranked("drawn") if e.card == "X")
    assert x_strong.difference > 0.25
    assert [row[0] for row in rows] == ["X", "Y"]  # the higher mean difference first
    assert rows[0][1].startswith(f"+{100 * x_strong.difference:.1f} (") \
        and rows[0][1].endswith(" flagged")
    assert rows[0][2].startswith("+0.0 (") and "flagged" not in rows[0][2]
    assert rows[1][1].startswith("-") and rows[1][1].endswith(" flagged")
    assert "| X | +" in render_markdown(doc, tmp_path, "")


def test_a_sweep_report_without_card_facts_has_no_card_table(tmp_path):
    from warroom.sim.sweep import sweep_document

    with ResultStore(tmp_path / "s.sqlite") as store:
        sweep = store.create_sweep("kow", [("max_dice", ["3"])], {}, ["a", "b"], 0, 80)
        run = store.create_run("kow", "1", {"max_dice": 3}, ["a", "b"], 0, 80,
                               sweep_id=sweep.id, cell={"max_dice": "3"})
        store.add_games(run.id, [{**g, "cards": None} for g in _card_cell()])
        doc = sweep_document(store, sweep)
    assert not [s for s in doc.sections if s.key == "cards-drawn-by-cell"]
