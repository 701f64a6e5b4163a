"""`warroom export GAMES_DB --records DIR` over a club's store after an upgrade: a game in play
made under another rules version is counted apart from the games whose tables can be closed,
and said in the command's own words (no server is running)."""

from __future__ import annotations

import re
import shutil
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from test_export_records_named_stop60 import create

from warroom.cli import main
from warroom.games import REGISTRY
from warroom.server import create_app

VIKTORY = REGISTRY["viktory-ii"]
OLD = str(int(VIKTORY.version) - 1)  # the rules version of the release before this one


def made_under_old_rules(db: Path, game_id: str) -> None:
    """The game stored as a release of the rules before this one stored it."""
    with sqlite3.connect(db) as con:
        assert con.execute("UPDATE games SET version = ? WHERE id = ?",
                           (OLD, game_id)).rowcount == 1
    con.close()


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> tuple[Path, list[str], list[str]]:
    """A club's games database after an upgrade: three kow tables of people in play, and two
    Viktory II tables in play made under the rules version before this one. With the kow
    ids and the Viktory II ids, in the order they were made."""
    db = tmp_path_factory.mktemp("club") / "club.sqlite"
    with TestClient(create_app(db, ai_processes=0, allow_seed=True)) as c:
        waiting = [create(c, "kow", ("here", "here"), 10 + n) for n in range(3)]
        older = [create(c, "viktory-ii", ("here", "here"), 20 + n) for n in range(2)]
    return db, waiting, older


def export(db: Path, folder: Path, capsys) -> tuple[list[str], str]:
    """The notes and the last line of `warroom export DB --records DIR`."""
    assert main(["export", str(db), "--records", str(folder)]) == 0
    captured = capsys.readouterr()
    said = [line for line in captured.err.splitlines() if "note:" in line]
    return said, captured.out.strip().splitlines()[-1]


def not_finished(text: str) -> int:
    """The count of "N games not finished were left" in `text`."""
    found = re.findall(r"(\d+) games? not finished (?:was|were) left", text)
    assert len(found) == 1, text
    return int(found[0])


def test_audit_a_game_in_play_under_other_rules_has_its_own_clause(club, tmp_path, capsys):
    """Audit (stop 68): with a Viktory II game in play stored under the rules version before
    this one, the export's note said "4 games not finished were left: <ids>" and its last
    line "...; 5 games not finished were left": the last line counted the outdated game with
    the tables the organiser can close, and gave no reason it was left. The two counts now
    agree, and that game has a clause of its own saying how to finish it; its note says
    "this warroom" and "with the warroom release that made it", not the server's words
    ("this server plays version ...: finish it on a server of ..."), as no server runs."""
    db = tmp_path / "club.sqlite"
    shutil.copy(club[0], db)
    older, current = club[2]  # (the other Viktory II table is of this release's rules)
    waiting = [*club[1], current]
    made_under_old_rules(db, older)
    folder = tmp_path / "records"
    said, line = export(db, folder, capsys)
    closable = [note for note in said if "not finished" in note]
    assert len(closable) == 1, said
    assert f"4 games not finished were left: {', '.join(waiting)}; " in closable[0]
    assert not_finished(closable[0]) == not_finished(line) == len(waiting)
    assert line == (f"wrote 0 records to {folder}; 4 games not finished were left; 1 game in "
                    f"play made under viktory-ii rules version {OLD} was left: finish it with "
                    "the warroom release that made it")
    assert f"warroom: note: game {older} was made with viktory-ii rules version {OLD}; this " \
           f"warroom plays version {VIKTORY.version}: it cannot go on, nor be replayed, on " \
           "this release; finish it with the warroom release that made it" in said
    assert not any("server" in note for note in said if older in note), said
    # the server keeps its own words for the same game
    with TestClient(create_app(db, ai_processes=0)) as c:
        listed = c.get(f"/api/games/{older}").json()
        replay = c.get(f"/api/games/{older}/replay")
    assert listed["note"] == (f"made with viktory-ii rules version {OLD}; this server plays "
                              f"version {VIKTORY.version}")
    assert replay.status_code == 409
    assert replay.json()["error"].endswith("finish it on a server of the release that made it")


def test_audit_games_in_play_under_the_same_other_rules_are_counted_together(club, tmp_path,
                                                                           capsys):
    """Audit (stop 68): two games in play under the same older rules were two more "games not
    finished" in the last line, beside a note that named only the tables that can be closed:
    they are one clause, counted together, each to be finished with its own release."""
    db = tmp_path / "club.sqlite"
    shutil.copy(club[0], db)
    for game_id in club[2]:
        made_under_old_rules(db, game_id)
    said, line = export(db, tmp_path / "records", capsys)
    assert line.endswith(f"; 3 games not finished were left; 2 games in play made under "
                         f"viktory-ii rules version {OLD} were left: finish each with the "
                         "warroom release that made it"), line
    assert not_finished(line) == not_finished(" ".join(n for n in said if "not finished" in n))
    assert sum(f"game {gid} was made with viktory-ii" in note
               for gid in club[2] for note in said) == 2
