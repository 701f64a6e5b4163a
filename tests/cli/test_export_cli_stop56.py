"""Audit (stop 56): `warroom export DB [--run N | --sweep N] [--games | --cards] [--format
csv|jsonl] [--out FILE] [--force]` and `warroom export DB --run N --index I --record FILE`:
rows for any analysis tool, and a stored game as the record `warroom replay` reads. Every
refusal is one line, exit status 2, and writes nothing."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
import stat
from collections import Counter
from pathlib import Path

import pytest

from cli_errors import one_line_error
from export_dbs import copy_of, kow_run_and_sweep
from warroom.cli import main
from warroom.sim.store import ResultStore


@pytest.fixture(scope="module")
def kow_db(tmp_path_factory):
    return kow_run_and_sweep(tmp_path_factory.mktemp("export-cli"), 10, 3)


@pytest.fixture()
def db(kow_db, tmp_path):
    return copy_of(kow_db, tmp_path)


def _files(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else b"<folder>"
            for p in sorted(folder.rglob("*"))}


def _report(db, capsys, *args):
    assert main(["report", str(db), *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)["data"]


def test_default_exports_the_latest_run_with_games_and_says_which(db, capsys):
    """Audit (stop 56): the latest run with finished games (a run added after it with none
    is passed over) or, as `report` reports it, the whole sweep it is a cell of, named on
    stderr; wins per seat and per player recomputed from the CSV equal `report --json`'s."""
    with ResultStore(db) as store:  # an empty run after the sweep's last cell
        store.create_run("kow", "1", store.run(1).config, ["random", "random"], 0, 5)
    capsys.readouterr()
    assert main(["export", str(db)]) == 0
    captured = capsys.readouterr()
    assert "exporting sweep 1 (kow, 2 cells, 6 games)" in captured.err
    assert len(captured.err.strip().splitlines()) == 1
    rows = list(csv.DictReader(io.StringIO(captured.out)))
    assert Counter(r["run"] for r in rows) == {"2": 3, "3": 3}
    assert main(["export", str(db), "--run", "1", "--games"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    data = _report(db, capsys, "--run", "1")
    seats = Counter(s for r in rows for s in json.loads(r["winner_seats"]))
    players = Counter(p for r in rows for p in json.loads(r["winner_players"]))
    assert [seats[s] for s in range(2)] == [r["successes"] for r in data["seat_win_rate"]]
    assert [players[p] for p in range(2)] == [r["successes"] for r in data["player_win_rate"]]
    assert Counter(r["reason"] for r in rows) == data["reasons"]
    assert data["length"]["mean"] == pytest.approx(sum(int(r["length"]) for r in rows) / 10)


def test_cards_are_named_as_the_report_names_them(db, capsys):
    assert main(["export", str(db), "--run", "1", "--cards"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert list(rows[0]) == ["run", "index", "seat", "card", "fate", "count"]
    usage = _report(db, capsys, "--run", "1")["cards"]["usage"]
    assert {r["card"] for r in rows} == set(usage)
    played = Counter()
    for r in rows:
        played[(r["card"], r["fate"])] += 1  # player-games with the fate
    for card, fates in usage.items():
        for fate, figures in fates.items():
            assert played[(card, fate)] == figures["player_games"], (card, fate)


def test_json_lines_to_a_file_written_whole(db, capsys, tmp_path):
    out = tmp_path / "deep" / "games.jsonl"
    assert main(["export", str(db), "--run", "1", "--out", str(out)]) == 0
    said = capsys.readouterr()
    assert said.out.strip() == f"{out}: written, 10 games of run 1 (kow), as JSON lines"
    lines = out.read_text(encoding="utf-8").splitlines()
    objects = [json.loads(line) for line in lines]
    assert [o["index"] for o in objects] == list(range(10))
    assert all(isinstance(o["players"], list) and isinstance(o["winner_seats"], list)
               for o in objects)
    assert main(["export", str(db), "--run", "1", "--format", "jsonl"]) == 0
    assert capsys.readouterr().out.splitlines() == lines  # the same rows as on stdout


def test_a_sweep_exports_its_cells(db, capsys):
    assert main(["export", str(db), "--sweep", "1", "--format", "jsonl"]) == 0
    objects = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert Counter((o["run"], o["sweep"], o["cell.max_dice"]) for o in objects) == \
        {(2, 1, 2): 3, (3, 1, 3): 3}
    assert main(["export", str(db), "--sweep", "1", "--cards"]) == 0
    header = capsys.readouterr().out.splitlines()[0]
    assert header == "run,sweep,cell.max_dice,index,seat,card,fate,count"


REFUSALS = [
    (["export", "{other}"], "not a results database"),
    (["export", "{db}", "--run", "99"], "no run 99"),
    (["export", "{db}", "--sweep", "7"], "no sweep 7"),
    (["export", "{db}", "--run", "4"], "run 4 has no finished games"),
    (["export", "{db}", "--run", "1", "--index", "50", "--record", "g.json"],
     "holds no game 50"),
    (["export", "{db}", "--run", "4", "--index", "0", "--record", "g.json"],
     "run 4 has no finished games"),
    (["export", "{db}", "--out", "folder"], "folder"),
    (["export", "{db}", "--games", "--cards"], "not both"),
    (["export", "{db}", "--run", "1", "--sweep", "1"], "not both"),
    (["export", "{db}", "--record", "g.json"], "--run ID --index I"),
    (["export", "{db}", "--run", "1", "--record", "g.json"], "--run ID --index I"),
    (["export", "{db}", "--index", "1"], "--record"),
    (["export", "{db}", "--run", "1", "--index", "1", "--record", "g.json", "--cards"],
     "leave out --cards"),
    (["export", "{db}", "--out", "taken.csv"], "exists"),
    (["export", "{db}", "--run", "1", "--index", "1", "--record", "taken.csv"], "exists"),
    (["export", "{db}", "--out", "{db}", "--force"], "the database DB itself"),
    (["export", "{db}", "--out", "x.csv", "--format", "jsonl"], "make them agree"),
]


@pytest.mark.parametrize("args, said", REFUSALS, ids=[" ".join(a[2:]) for a, _ in REFUSALS])
def test_every_refusal_is_one_line_and_writes_nothing(db, tmp_path, capsys, args, said):
    (tmp_path / "folder").mkdir()
    (tmp_path / "taken.csv").write_text("mine\n")
    (tmp_path / "other.sqlite").write_text("not SQLite at all\n")
    with ResultStore(db) as store:  # run 4: no games
        store.create_run("kow", "1", store.run(1).config, ["random", "random"], 0, 5)
    before = _files(tmp_path)
    capsys.readouterr()
    argv = [a.format(db=db, other=tmp_path / "other.sqlite") for a in args]
    assert main(argv) == 2
    line = one_line_error(capsys)
    assert said in line and line.startswith("warroom: error: ")
    assert capsys.readouterr().out == ""
    assert _files(tmp_path) == before


def _stored(db, run, index):
    with ResultStore(db, create=False) as store:
        return next(g for g in store.iter_games(run, cards=False) if g["index"] == index)


def _replayed(path, capsys):
    assert main(["replay", str(path), "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_record_of_a_kow_game_replays_to_its_stored_outcome(db, capsys, tmp_path):
    record = tmp_path / "saves" / "k3.json"
    assert main(["export", str(db), "--run", "1", "--index", "3", "--record", str(record)]) == 0
    said = capsys.readouterr().out
    assert said.startswith(f"{record}: written, game 3 of run 1 (kow, seed ")
    assert "warroom replay" in said
    stored = _stored(db, 1, 3)
    shown = _replayed(record, capsys)
    assert shown["outcome"]["winners"] == stored["winner_seats"]
    assert shown["outcome"]["reason"] == stored["reason"]
    assert shown["actions"] == stored["length"]
    assert shown["players"] == [["heuristic", "random"][p] for p in stored["seating"]]
    saved = json.loads(record.read_text())
    assert saved["seed"] == stored["seed"]
    assert stat.S_IMODE(record.stat().st_mode) == 0o600  # a save holds every hand
    # the keys `play --save` writes, in its order, and nothing else
    assert main(["play", "kow", "--players", "random,random", "--seed", "1", "--save",
                 str(tmp_path / "p.json")]) == 0
    capsys.readouterr()
    played = json.loads((tmp_path / "p.json").read_text())
    assert list(saved) == list(played)
    assert list(saved["config"]) == list(played["config"])
    assert list(saved["meta"]) == ["players"]
    # a second export there is refused, and --force overwrites it
    assert main(["export", str(db), "--run", "1", "--index", "4", "--record", str(record)]) == 2
    capsys.readouterr()
    assert main(["export", str(db), "--run", "1", "--index", "4", "--record", str(record),
                 "--force"]) == 0
    capsys.readouterr()
    assert _replayed(record, capsys)["actions"] == _stored(db, 1, 4)["length"]


def test_record_of_a_word_iron_game_with_a_deleted_deck_replays(tmp_path, capsys):
    """Audit (stop 56): runs.config keeps the deck as typed (my.yaml) while its content is
    only in data_files: the record is played with the run's copy and carries it, so it
    replays with the file gone."""
    assert main(["cards", "copy", "sample", "my.yaml", "--game", "word-iron"]) == 0
    db = tmp_path / "w.sqlite"
    assert main(["simulate", "word-iron", "--games", "4", "--players", "heuristic,random",
                 "--set", "deck0=my.yaml", "--db", str(db), "--json"]) == 0
    capsys.readouterr()
    Path("my.yaml").unlink()
    assert main(["export", str(db), "--run", "1", "--index", "1", "--record", "w1.json"]) == 0
    capsys.readouterr()
    saved = json.loads(Path("w1.json").read_text())
    assert saved["config"]["deck0"] == "my.yaml"  # as typed, not the temporary copy
    con = sqlite3.connect(db)
    kept = dict(con.execute("SELECT sha256, text FROM data_files"))
    con.close()
    assert {f["sha256"] for f in saved["files"].values()} <= set(kept)
    stored = _stored(db, 1, 1)
    shown = _replayed("w1.json", capsys)
    assert shown["outcome"]["winners"] == stored["winner_seats"]
    assert shown["outcome"]["reason"] == stored["reason"]
    assert shown["outcome"]["scores"] == stored["scores_by_seat"]
    assert shown["actions"] == stored["length"]
    assert main(["replay", "w1.json", "--check-files"]) == 0
    assert "deck0: my.yaml missing" in capsys.readouterr().out


def test_a_stored_game_edited_is_refused_and_nothing_written(db, capsys, tmp_path):
    con = sqlite3.connect(db)
    con.execute("UPDATE games SET reason = 'edited' WHERE run_id = 1 AND idx = 2")
    con.commit()
    con.close()
    before = _files(tmp_path)
    capsys.readouterr()
    assert main(["export", str(db), "--run", "1", "--index", "2", "--record", "e.json"]) == 2
    assert "does not play again as it was stored" in one_line_error(capsys)
    assert _files(tmp_path) == before


def test_help_documents_every_column(capsys):
    assert main(["export", "--help"]) == 0
    text = capsys.readouterr().out
    for column in ("run", "sweep", "cell.KEY", "index", "seed", "players.S", "seating.S",
                   "winner_seats", "winner_players", "scores.S", "reason", "length",
                   "first_seat", "metric.NAME", "card", "fate", "count", "--record FILE"):
        assert column in text, column
