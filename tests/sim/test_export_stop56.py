"""Audit (stop 56): a results database had no export path (every analyst wrote json_each
queries over its JSON columns), and a stored game could not be turned back into a record.
`warroom.sim.export` reads the store's own readers into rows, and plays a stored game again
into the record `play --save` writes."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from collections import Counter

import pytest

from export_dbs import copy_of, kow_run_and_sweep
from warroom.cli import main
from warroom.sim import export as ex
from warroom.sim.store import ResultStore


@pytest.fixture(scope="module")
def kow_db(tmp_path_factory):
    """A kow run of 12 games and a sweep of two cells (made once; copied by each test)."""
    return kow_run_and_sweep(tmp_path_factory.mktemp("export"), 12, 4)


@pytest.fixture()
def db(kow_db, tmp_path):
    return copy_of(kow_db, tmp_path)


def _csv(store, selection, cards=False):
    stream = io.StringIO()
    columns = (ex.card_columns(selection) if cards
               else ex.game_columns(selection, ex.metric_names(store, selection)))
    rows = (ex.card_rows(store, selection) if cards
            else ex.game_rows(store, selection, ex.metric_names(store, selection)))
    ex.write_rows(rows, columns, ex.seats(selection), "csv", stream)
    return list(csv.DictReader(io.StringIO(stream.getvalue())))


def test_game_rows_add_up_to_the_stores_tally(db):
    """Audit (stop 56): wins per seat and per listed player, draws and lengths recomputed
    from the CSV rows equal the store's own tally of the run."""
    with ResultStore(db, create=False) as store:
        run = store.run(1)
        rows = _csv(store, ex.run_selection(store, 1))
        tally = store.tally(run).to_json()
    assert len(rows) == tally["games"] == 12
    seat_wins = Counter(s for r in rows for s in json.loads(r["winner_seats"]))
    player_wins = Counter(p for r in rows for p in json.loads(r["winner_players"]))
    assert [seat_wins[s] for s in range(2)] == [r["successes"] for r in tally["seat_win_rate"]]
    assert [player_wins[p] for p in range(2)] == tally["wins"]
    assert sum(int(r["length"]) for r in rows) / len(rows) == pytest.approx(tally["mean_length"])
    for r in rows:  # the SPEC in each seat is the listed player's the seating names
        assert [r["players.0"], r["players.1"]] == \
            [run.players[int(r["seating.0"])], run.players[int(r["seating.1"])]]
        assert r["first_seat"] == ""  # kow opens with a simultaneous decision
        assert float(r["metric.rounds"]) >= 1
    assert [int(r["index"]) for r in rows] == list(range(12))


def test_card_rows_name_the_cards_never_their_ids(db):
    """Audit (stop 56): card facts are stored by per-database ids in `card_names`; the rows
    give the names, and their counts are the store's decoded facts."""
    with ResultStore(db, create=False) as store:
        rows = _csv(store, ex.run_selection(store, 1), cards=True)
        facts = Counter()
        for game in store.iter_games(1):
            for seat, by_fate in enumerate(game["cards"]):
                for fate, cards in by_fate.items():
                    for card, n in cards.items():
                        facts[(game["index"], seat, card, fate)] += n
    con = sqlite3.connect(db)
    names = {name for (name,) in con.execute("SELECT name FROM card_names")}
    con.close()
    assert rows and {r["card"] for r in rows} <= names
    assert not any(r["card"].isdigit() for r in rows)
    assert Counter({(int(r["index"]), int(r["seat"]), r["card"], r["fate"]): int(r["count"])
                    for r in rows}) == facts


def test_json_lines_keep_lists_and_the_same_keys(db):
    with ResultStore(db, create=False) as store:
        selection = ex.run_selection(store, None)  # the latest with games: the sweep's last
        metrics = ex.metric_names(store, selection)
        columns = ex.game_columns(selection, metrics)
        stream = io.StringIO()
        n = ex.write_rows(ex.game_rows(store, selection, metrics), columns,
                          ex.seats(selection), "jsonl", stream)
    objects = [json.loads(line) for line in stream.getvalue().splitlines()]
    assert n == len(objects) == 4
    assert all(list(o) == columns for o in objects)
    assert all(isinstance(o["scores"], list) and o["first_seat"] is None for o in objects)


def test_a_sweep_gives_each_cells_values_as_columns(db):
    with ResultStore(db, create=False) as store:
        selection = ex.sweep_selection(store, 1)
        rows = _csv(store, selection)
    assert [k for k in rows[0] if k.startswith(("sweep", "cell."))] == ["sweep", "cell.max_dice"]
    assert Counter((r["run"], r["cell.max_dice"]) for r in rows) == {("2", "2"): 4,
                                                                     ("3", "3"): 4}


def test_per_seat_columns_run_to_the_most_seats(tmp_path):
    """Cells of different numbers of players: the rows of fewer seats leave the rest empty."""
    db = tmp_path / "b.sqlite"
    assert main(["sweep", "battle", "--vary", "players=2,3", "--games", "2", "--players",
                 "random,random", "--db", str(db), "--json"]) == 0
    with ResultStore(db, create=False) as store:
        rows = _csv(store, ex.sweep_selection(store, 1))
    assert "scores.2" in rows[0]
    assert [r["scores.2"] == "" for r in rows] == [True, True, False, False]


def test_a_record_that_does_not_replay_as_stored_is_refused(db):
    """A stored row edited (or rules that changed) is found: the game is played again and
    its end compared; nothing is returned to write."""
    con = sqlite3.connect(db)
    con.execute("UPDATE games SET length = length + 1 WHERE run_id = 1 AND idx = 2")
    con.commit()
    con.close()
    with ResultStore(db, create=False) as store:
        run = store.run(1)
        assert ex.record_of(store, run, 1).outcome is not None  # an unedited game is fine
        with pytest.raises(ex.ExportError, match="does not play again as it was stored"):
            ex.record_of(store, run, 2)
        with pytest.raises(ex.ExportError, match="holds no game 40"):
            ex.record_of(store, run, 40)


def test_the_format_follows_the_out_suffix(tmp_path):
    assert ex.export_format("a.jsonl", None) == "jsonl"
    assert ex.export_format("a.csv", None) == "csv"
    assert ex.export_format("a", None) == "csv"
    assert ex.export_format("a.txt", "csv") == "csv"
    with pytest.raises(Exception, match="not .txt"):  # stop 64: it was written as CSV
        ex.export_format("a.txt", None)
    assert ex.export_format(None, "jsonl") == "jsonl"
    with pytest.raises(Exception, match="make them agree"):
        ex.export_format("a.csv", "jsonl")
