"""A results store seen through an SQLite without its JSON functions (some builds lack them)."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

from warroom.sim.store import ResultStore


class _NoJson:
    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def execute(self, sql: str, *args):
        if "json_each" in sql:
            raise sqlite3.OperationalError("no such table: json_each")
        return self.db.execute(sql, *args)


@contextmanager
def without_json_functions(store: ResultStore) -> Iterator[None]:
    """Within the block, the store's queries that use json_each fail as on such a build."""
    real = store.db
    store.db = _NoJson(real)  # type: ignore[assignment]
    try:
        yield
    finally:
        store.db = real
