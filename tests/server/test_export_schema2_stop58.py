"""Audit (stop 58): `warroom export OLD.sqlite --records DIR` over a games database of schema
2 (an older release's) said to upgrade it with `warroom serve` first, which the copy an
upgrade keeps (FILE.schema-2.bak) must never be. Version 3 only added `games.closed`: the
read-only store reads a schema-2 file as it is (no game closed), and leaves it unchanged."""

from __future__ import annotations

import sqlite3

from test_api import client, create, wait_until_finished

from warroom.cli import main


def test_the_records_of_a_schema_2_file_are_written_as_its_server_gave_them(db, tmp_path):
    """Audit (stop 58): the finished game's record, byte for byte as the route gave it."""
    with client(db) as c:
        made = create(c, seats=("random", "random"))
        wait_until_finished(c, made["id"])
        record = c.get(f"/api/games/{made['id']}/record").content
    con = sqlite3.connect(db)  # as a release of schema 2 (before summaries) left it
    con.executescript("ALTER TABLE games DROP COLUMN closed; ALTER TABLE games DROP COLUMN "
                      "summary; PRAGMA user_version = 2;")
    con.close()
    before = db.read_bytes()
    folder = tmp_path / "records"
    assert main(["export", str(db), "--records", str(folder)]) == 0
    assert (folder / f"kow-{made['id']}.json").read_bytes() == record
    assert db.read_bytes() == before
    con = sqlite3.connect(db)
    con.execute("PRAGMA user_version = 1")
    con.close()
    assert main(["export", str(db), "--records", str(folder)]) == 2  # older: refused
