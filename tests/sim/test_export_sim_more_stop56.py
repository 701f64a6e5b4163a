"""Audit (stop 56): more of `warroom.sim.export`: the default selection follows `report`'s,
a refusal's suggested command is quoted (with the project's `shell_word`, now in
`engine.data`, which the sim layer may import), runs that cannot be played again are named
as such before anything is played, and an outcome names one winning seat as a seat."""

from __future__ import annotations

import shutil

import pytest

from export_dbs import copy_of, kow_run_and_sweep
from warroom.cli import main
from warroom.sim import export as ex
from warroom.sim.store import ResultStore


@pytest.fixture(scope="module")
def kow_db(tmp_path_factory):
    """A kow run of 4 games, then a sweep of two cells of 2."""
    return kow_run_and_sweep(tmp_path_factory.mktemp("export-more"), 4, 2)


@pytest.fixture()
def db(kow_db, tmp_path):
    return copy_of(kow_db, tmp_path)


def test_the_default_selection_is_the_whole_sweep_of_the_latest_run(db):
    """Audit (stop 56): the default export was the latest run alone, a sweep's last cell,
    where `report` reports the sweep: it is the sweep, as `sweep_selection` gives it; a run
    of no sweep after it is that run alone."""
    with ResultStore(db) as store:
        selection, note = ex.default_selection(store)
        assert selection == ex.sweep_selection(store, 1)
        assert note.startswith("exporting sweep 1 (kow, 2 cells, 4 games)")
        # a run with no games yet is passed over
        run = store.create_run("kow", "1", store.run(1).config, ["random", "random"], 0, 5)
        assert ex.default_selection(store)[0] == ex.sweep_selection(store, 1)
    assert main(["simulate", "kow", "--games", "2", "--players", "random,random", "--db",
                 str(db), "--json"]) == 0
    with ResultStore(db, create=False) as store:
        selection, note = ex.default_selection(store)
        latest = store.latest_run_with_games()
    assert latest.id > run.id and selection.runs == [latest] and selection.sweep is None
    assert note.startswith(f"exporting run {latest.id} (kow, 2 games), the latest")


def test_a_missing_game_suggests_a_quoted_command(db, tmp_path):
    """Audit (stop 56): "`warroom export db/my db.sqlite --run 1` lists their indices" came
    unquoted; the sim layer quotes it with `engine.data.shell_word`."""
    spaced = tmp_path / "my db.sqlite"
    shutil.copy(db, spaced)
    with ResultStore(spaced, create=False) as store:
        with pytest.raises(ex.ExportError, match=r"`warroom export '.*/my db\.sqlite' --run 1`"):
            ex.stored_game(store, store.run(1), 99)


@pytest.mark.parametrize("players, said", [
    (["mcts:time=0.01", "random"], "search by time (mcts:time=0.01)"),
    (["mcts:iters=20:time=2", "mcts:time=0.5"], "search by time (mcts:iters=20:time=2; "
                                                 "mcts:time=0.5)"),
    (["random", "mcts"], "search by time (mcts: 1000 iterations or 1 s a move, by default)"),
    (["human", "random"], "lists a human player, whose moves are not stored"),
])
def test_runs_that_cannot_be_played_again_are_refused(db, players, said):
    """Audit (stop 56): players that search by time (as the players' own parser reads a
    SPEC: `time=`, or a bare `mcts`, which stops at 1000 iterations or a second) move by the
    machine's speed, and a human's moves are not stored: such a run is refused before a game
    is played, saying so; a fixed budget (iters=) is played again."""
    with ResultStore(db) as store:
        run = store.create_run("kow", "1", store.run(1).config, players, 0, 5)
        with pytest.raises(ex.ExportError) as refused:
            ex.refuse_unreplayable(run)
        assert said in str(refused.value) and f"run {run.id}" in str(refused.value)
        fixed = store.create_run("kow", "1", store.run(1).config,
                                 ["mcts:iters=20", "heuristic"], 0, 5)
        ex.refuse_unreplayable(fixed)  # nothing to refuse


def test_an_outcome_names_one_winning_seat_as_a_seat():
    """Audit (stop 56): "stored: seats 0 won, ..."."""
    assert ex._ended([0], [3, 1], "first to 3 Victories", 70).startswith("seat 0 won, ")
    assert ex._ended([0, 2], [1, 0, 1], "r", 5).startswith("seats 0, 2 won, ")
    assert ex._ended([], [1, 1], "r", 5).startswith("a draw, ")
