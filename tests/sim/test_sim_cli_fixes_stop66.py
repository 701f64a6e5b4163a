"""Audit (stop 66): what tune, evaluate, report, export and a record's meta told the user."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from test_tournament_forfeit_stop65 import club  # noqa: F401 (a fixture: failing players)

from cli_errors import one_line_error
from warroom.cli import main

PLAYERS = ["--players", "random,random"]


def test_evaluate_failure_names_the_users_seed_and_the_game(club, capsys):  # noqa: F811
    """Audit (stop 66): a player failing in `evaluate --seed 7` was said to fail in "kow game
    0 (batch seed 1000010)", a seed no option takes: the user could not tell how to play
    that game again. The line names the --seed, the pairing and its game."""
    assert main(["evaluate", "kow", "--players", f"random,heuristic,{club}.Raise",
                 "--games", "2", "--seed", "7"]) == 2
    line = one_line_error(capsys)
    assert line.startswith(f"warroom: error: kow evaluate (seed 7), pairing random vs "
                           f"{club}.Raise, game 1 of 2 failed: player spec "
                           f"'{club}.Raise' (seat 1): act(view) failed: ValueError: "
                           "my bug"), line
    assert "batch seed" not in line


@pytest.fixture(scope="module")
def kow_run(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("kow") / "r.sqlite"
    assert main(["simulate", "kow", *PLAYERS, "--games", "4", "--db", str(db), "--json"]) == 0
    return db


def _out_of_range(kow_run: Path, tmp_path: Path) -> Path:
    """A copy of `kow_run` whose run 1 stores pool_red=99, as a hand edit leaves it."""
    db = tmp_path / "r.sqlite"
    db.write_bytes(kow_run.read_bytes())
    con = sqlite3.connect(db)
    config = json.loads(con.execute("SELECT config FROM runs WHERE id = 1").fetchone()[0])
    con.execute("UPDATE runs SET config = ? WHERE id = 1",
                (json.dumps({**config, "pool_red": 99}),))
    con.commit()
    con.close()
    return db


@pytest.mark.parametrize("command", [
    ["report", "--out", "{dir}/r.md"],
    ["report", "--run", "1", "--out", "{dir}/r.md"],
    ["export", "--out", "{dir}/r.csv"],
    ["export", "--run", "1", "--cards"],
])
def test_report_and_export_refuse_stored_options_a_resume_refuses(kow_run, tmp_path, capsys,
                                                                   command):
    """Audit (stop 66): a run whose stored options `simulate --resume` refuses (kow's
    pool_red=99, written into the database by hand) was reported and exported as if its
    games had been played with them. Both now refuse it in the resume's own line, writing
    nothing."""
    db = _out_of_range(kow_run, tmp_path)
    expected = f"warroom: error: {db}: run 1: its stored options: option 'pool_red' must be " \
               "from 0 to 12, got 99"
    assert main(["simulate", "kow", "--db", str(db), "--resume", "--games", "8"]) == 2
    assert one_line_error(capsys) == expected
    name, *rest = command
    assert main([name, str(db), *(word.format(dir=tmp_path) for word in rest)]) == 2
    out, err = capsys.readouterr()
    assert [line for line in err.splitlines() if line.strip()] == [expected] and out == ""
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.sqlite"]


def test_report_of_a_sound_run_is_unchanged(kow_run, tmp_path, capsys):
    """The check refuses only what a resume refuses: a sound run is reported."""
    assert main(["report", str(kow_run), "--out", str(tmp_path / "r.md")]) == 0
    assert (tmp_path / "r.md").is_file()


@pytest.mark.parametrize("value", ["yes", 3, 1, None])
def test_a_records_seed_chosen_is_a_boolean(tmp_path, capsys, monkeypatch, value):
    """Audit (stop 66): `meta.seed_chosen` was taken whatever it held ("yes", 3), and a
    resume read anything but `true` as a drawn seed without a word; the record is refused
    in the line that names the field, as the other meta fields are (null: not said)."""
    monkeypatch.setenv("WARROOM_NATIVE", "0")
    path = tmp_path / "g.json"
    assert main(["play", "kow", "--players", "random,random", "--seed", "3", "--save",
                 str(path)]) == 0
    data = json.loads(path.read_text())
    assert data["meta"]["seed_chosen"] is True
    data["meta"]["seed_chosen"] = value
    path.write_text(json.dumps(data))
    capsys.readouterr()
    if value is None:
        assert main(["replay", str(path)]) == 0
        return
    assert main(["replay", str(path)]) == 2
    assert one_line_error(capsys) == (f"warroom: error: {path}: meta.seed_chosen: Input should "
                                      f"be a valid boolean, got {value!r}")


def test_tune_names_the_seat_of_its_target(tmp_path, capsys):
    """Audit (stop 66): `tune ... --target seat1_win=0.5` never said whose seat 1 is: seats
    keep their own options (Word & Iron's decks) while the players rotate, so the figure is
    a deck's win rate. A line names the seat as the reports do."""
    assert main(["tune", "word-iron", "--param", "realm_size=3..6", "--set", "deck1=raiders",
                 "--target", "seat1_win=0.5", *PLAYERS, "--budget", "2", "--batch", "2",
                 "--db", str(tmp_path / "t.sqlite")]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "seat1_win is seat 1 (deck1=raiders), whichever player sits there" in out


def test_viktorys_seats_are_named_by_the_part_they_play():
    """Audit (stop 66): `tune viktory --target seat0_win` and viktory's balance reports named
    "seat 0" and never said that seat 0 attacks in every battle: the seats are named by the
    part they play (`Game.seat_roles`), and tune's target line says so."""
    from warroom.sim.summary import seat_names

    assert seat_names("viktory", {}, 2) == ["seat 0 (the attacker)", "seat 1 (the defender)"]
    assert seat_names("kow", {}, 2) == ["seat 0", "seat 1"]
