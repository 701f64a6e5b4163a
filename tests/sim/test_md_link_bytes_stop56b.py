"""A Markdown report's figure links are made from the figure folder's bytes, percent-encoded."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import urllib.parse
from pathlib import Path

from warroom.sim.analysis import analyse_games
from warroom.sim.report import run_document, write_document
from warroom.sim.store import RunInfo

RUN = RunInfo(1, "kow", "1", {}, ["a", "b"], 0, True, 10, None, None, "2026-01-01")
GAMES = [{"index": i, "seed": i, "seating": [i % 2, 1 - i % 2], "winner_seats": [i % 3 % 2],
          "scores_by_seat": [0, 0], "reason": "won", "length": 10 + i, "first_player": 0,
          "metrics": {}} for i in range(12)]


def _links(text: str) -> list[str]:
    return re.findall(r"!\[[^]]*\]\(([^)]*)\)", text)


def test_a_folder_name_not_text_in_the_locale_is_linked_by_its_bytes(tmp_path):
    """Audit (stop 56): with an ASCII-only locale (LC_ALL=C, no UTF-8 mode) and a non-ASCII
    path, `report "dbü/r ü.sqlite" --format md` ended in a UnicodeEncodeError traceback:
    the figure folder's name, its bytes undecodable in the locale (surrogate escapes), went
    into the Markdown text, written as UTF-8. A link is now the folder's name as its bytes
    (os.fsencode), percent-encoded, which a Markdown link needs for a space anyway; each
    link names a figure that is there."""
    folder = tmp_path / os.fsdecode(b"db\xc3\xbc")
    out = folder / os.fsdecode(b"r \xfc-run1.md")  # \xfc: not UTF-8, a surrogate escape
    written = write_document(run_document(analyse_games(RUN, GAMES)), out, "md")
    text = out.read_text(encoding="utf-8")
    links = _links(text)
    assert links and all(link.startswith("r%20%FC-run1-figures/") for link in links)
    for link in links:
        assert (folder / os.fsdecode(urllib.parse.unquote_to_bytes(link))).is_file(), link
    assert len(written) == 1 + len(links)


def test_a_space_and_a_bracket_do_not_end_the_link(tmp_path):
    out = tmp_path / "my (best) report ü.md"
    write_document(run_document(analyse_games(RUN, GAMES)), out, "md")
    links = _links(out.read_text(encoding="utf-8"))
    assert links and all(link.startswith("my%20%28best%29%20report%20%C3%BC-figures/")
                         for link in links)
    for link in links:
        assert (tmp_path / urllib.parse.unquote(link)).is_file()


def test_report_under_an_ascii_locale_writes_a_markdown_report(tmp_path):
    """The audit's command, run as it was: no traceback, a report whose links open."""
    warroom = str(Path(sys.executable).with_name("warroom"))
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "LANG", "LC_ALL",
                                                            "LC_CTYPE")}
    run = subprocess.run([warroom, "simulate", "kow", "--players", "random,random",
                          "--games", "4", "--db", "dbü/r ü.sqlite"],
                         cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    ascii_env = {**env, "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0", "LC_ALL": "C"}
    report = subprocess.run([warroom, "report", "dbü/r ü.sqlite", "--format", "md"],
                            cwd=tmp_path, env=ascii_env, capture_output=True, timeout=120)
    assert report.returncode == 0, report.stderr
    assert b"Traceback" not in report.stderr
    md = tmp_path / "dbü" / "r ü-run1.md"
    links = _links(md.read_text(encoding="utf-8"))
    assert links and all(link.startswith("r%20%C3%BC-run1-figures/") for link in links)
    for link in links:
        assert (md.parent / urllib.parse.unquote(link)).is_file(), link
