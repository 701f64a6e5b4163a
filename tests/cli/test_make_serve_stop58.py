"""Audit (stop 58): friends who set up with `make play` met `warroom: error: warroom serve
needs the server extra (uvicorn is missing)` at their first `warroom serve`; the README's
set-up paragraph said nothing of it. `make serve` installs the `server` extra, once, and
serves the browser table."""

from __future__ import annotations

from test_audit54_pkg_install import checkout  # noqa: F401  (the fixture)


def test_make_serve_installs_the_server_extra_once(checkout):  # noqa: F811
    assert checkout("serve", "NATIVE=0") == ["-m pip install --quiet -e .",
                                             "-m pip install --quiet -e .[server]"]
    assert checkout("serve", "NATIVE=0") == []
    assert checkout("play", "NATIVE=0") == []


def test_after_make_test_make_serve_installs_nothing(checkout):  # noqa: F811
    """The tests' install (`.[dev]`) covers the server extra."""
    assert checkout("test", "NATIVE=0") == ["-m pip install --quiet -e .[dev]"]
    assert checkout("serve", "NATIVE=0") == []


def test_make_serve_serves_the_table(checkout, tmp_path):  # noqa: F811
    checkout("serve", "NATIVE=0")
    warroom = tmp_path / "checkout" / ".venv" / "bin" / "warroom"
    warroom.write_text('#!/bin/sh\necho "warroom $*" >> "$AUDIT54_LOG"\n')  # one that says
    assert checkout("serve", "NATIVE=0", what="warroom") == ["warroom serve"]
