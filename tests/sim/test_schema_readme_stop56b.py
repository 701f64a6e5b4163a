"""The results database's schema, as src/warroom/sim/README.md ("Results database") gives it:
a table of every table and column, checked against store.SCHEMA and a real database, and an
example query run against one."""

from __future__ import annotations

import contextlib
import io
import json
import re
import sqlite3
from pathlib import Path

import pytest

from warroom.cli import main
from warroom.sim import store

README = Path(store.__file__).with_name("README.md")


def _section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("\n## Results database")
    return text[start:text.index("\n## ", start + 1)]


def _readme_columns() -> dict[tuple[str, str], str]:
    """(table, column) -> type, from the section's table rows."""
    rows = re.findall(r"^\| `(\w+)` \| `(\w+)` \| (\w+) \| (.+) \|$", _section(), re.MULTILINE)
    columns = {(table, column): kind for table, column, kind, _ in rows}
    assert len(columns) == len(rows), "a column listed twice"
    return columns


def _schema_columns(db: sqlite3.Connection) -> dict[tuple[str, str], str]:
    tables = [row[0] for row in db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")]
    return {(table, row[1]): row[2] for table in tables
            for row in db.execute(f"PRAGMA table_info({table})")}


def _real_schema() -> dict[tuple[str, str], str]:
    db = sqlite3.connect(":memory:")
    try:
        for statement in store._statements(store.SCHEMA):
            db.execute(statement)
        return _schema_columns(db)
    finally:
        db.close()


def test_the_readme_lists_every_table_and_column_of_the_schema_by_name_and_type():
    """Audit (stop 56): the README described the schema in prose, "games (run, index, seed,
    ...)", while the columns are `run_id` and `idx`, with no types or JSON encodings (those
    were only comments in sqlite_master), nor what a card id in `cards.facts` is. Its table
    now gives every table and column by name, with its type and meaning; this test keeps it
    from going stale: a column added, renamed or dropped fails here until the README says
    so."""
    listed, real = _readme_columns(), _real_schema()
    assert {(t, c) for t, cs in store._schema_columns().items() for c in cs} == set(real)
    assert sorted(set(real) - set(listed)) == [], "columns missing from the README's table"
    assert sorted(set(listed) - set(real)) == [], "README columns the schema does not have"
    assert listed == real  # the declared types too
    assert f"version {store.SCHEMA_VERSION}" in _section()


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> tuple[Path, dict]:
    """A real database made by a small simulate of a team game (a win for each partner)."""
    db = tmp_path_factory.mktemp("schema") / "b.sqlite"
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["simulate", "battle", "--players", "heuristic,random,random,random",
                     "--set", "teams=alliance", "--games", "4", "--db", str(db),
                     "--json"]) == 0
    return db, json.loads(out.getvalue())


def test_a_real_database_has_the_tables_the_readme_lists(made):
    db, _ = made
    with contextlib.closing(sqlite3.connect(db)) as conn:
        real = _schema_columns(conn)
    warroom = {key: kind for key, kind in real.items() if key[0] in {t for t, _ in
                                                                      _readme_columns()}}
    assert warroom == _readme_columns()


def test_the_readme_example_query_gives_the_wins_per_seat(made):
    """The README's query (wins per seat of run 1, with json_each) gives the wins per seat
    `simulate` and `report` give (`seat_win_rate[].successes`)."""
    db, shown = made
    (query,) = re.findall(r"```sql\n(.*?)```", _section(), re.DOTALL)
    assert shown["run"] == 1
    with contextlib.closing(sqlite3.connect(db)) as conn:
        wins = dict(conn.execute(query).fetchall())
    expected = {seat: rate["successes"] for seat, rate in enumerate(shown["seat_win_rate"])
                if rate["successes"]}
    assert wins == expected and sum(wins.values()) > shown["games"]  # partners: each a win


def test_card_ids_in_facts_are_card_names_ids(tmp_path, capsys):
    """`cards.facts` names cards by `card_names.id` of that database, as the README says."""
    db = tmp_path / "c.sqlite"
    assert main(["simulate", "champions", "--players", "random,random", "--games", "2",
                 "--db", str(db)]) == 0
    capsys.readouterr()
    with contextlib.closing(sqlite3.connect(db)) as conn:
        ids = {row[0] for row in conn.execute("SELECT id FROM card_names")}
        facts = [json.loads(row[0]) for row in conn.execute("SELECT facts FROM cards")]
        files = [json.loads(row[0]) for row in conn.execute("SELECT files FROM runs")]
    assert facts and all(int(card) in ids for fact in facts for counts in fact.values()
                         for card in counts)
    assert files == [{}]  # `{option: sha256}`; none here
