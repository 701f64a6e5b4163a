"""Viktory in the simulator: the report's first player is the attacker in every cell of a
sweep, and a tune of a Battle Card's number without cards is refused before anything plays."""

from __future__ import annotations

from warroom.cli import main
from warroom.sim.analysis import analyse
from warroom.sim.store import ResultStore

SCENARIOS = ("plains-town", "forest-town", "reserves", "empty-town")


def test_a_sweep_over_scenarios_measures_the_attacker_in_every_cell(tmp_path):
    """The first player was the first seat to decide: the defender in plains-town and
    forest-town, the attacker in reserves, nobody in empty-town; the sweep's 'first player
    win rate' compared different sides from cell to cell."""
    db = tmp_path / "s.sqlite"
    assert main(["sweep", "viktory", "--vary", "scenario=" + ",".join(SCENARIOS), "--games",
                 "16", "--players", "random,random", "--seed", "2", "--db", str(db),
                 "--out", str(tmp_path / "s.md")]) == 0
    with ResultStore(db) as store:
        runs = store.runs(sweep_id=store.sweep_ids()[0])
        assert [r.cell["scenario"] for r in runs] == list(SCENARIOS)
        for run in runs:
            games = list(store.iter_games(run.id, cards=False))
            first = analyse(store, run, cards=False).first
            assert first is not None and first.rate.trials == len(games) == 16
            attacker_wins = sum(g["winner_seats"] == [0] for g in games)
            assert {g["first_player"] for g in games} == {0}
            assert first.rate.successes == attacker_wins, run.cell


def test_a_tune_of_a_card_in_a_dice_battle_is_refused_before_playing(tmp_path, capsys):
    """Without mode=cards the deck was loaded and ignored: every trial played the same games
    and the tune still printed a 'best' value."""
    db = tmp_path / "t.sqlite"
    assert main(["tune", "viktory", "--param", "deck:A03.hits=0..4", "--target",
                 "seat0_win=0.5", "--players", "random,random", "--budget", "40", "--batch",
                 "20", "--db", str(db)]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1 and err[0].startswith("warroom: error: --param deck:A03.hits=0..4: ")
    assert "option 'deck' is a Battle Cards deck; it needs mode=cards or mode=hybrid" in err[0]
    assert not db.exists()
