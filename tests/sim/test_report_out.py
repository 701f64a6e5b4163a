"""`report --out` and `sweep --out` write what the file name says: a suffix naming a format
the report is not written in (rep.pdf) is a one-line error, as is a suffix that disagrees
with --format; a sweep finds it before any game is played."""

from __future__ import annotations

import pytest

from cli_errors import one_line_error
from warroom.cli import main
from warroom.engine import ConfigError
from warroom.sim.report import report_format


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    db = tmp_path_factory.mktemp("report") / "r.sqlite"
    assert main(["simulate", "kow", "--players", "random,random", "--games", "4",
                 "--db", str(db)]) == 0
    return db



def test_report_refuses_a_pdf(results, tmp_path, capsys):
    out = tmp_path / "rep.pdf"
    assert main(["report", str(results), "--out", str(out)]) == 2
    assert one_line_error(capsys) == (f"warroom: error: --out {out}: a report is written as "
                                      "HTML (.html, .htm) or Markdown (.md, .markdown), not .pdf")
    assert not out.exists()


def test_report_refuses_a_suffix_that_disagrees_with_format(results, tmp_path, capsys):
    out = tmp_path / "rep.html"
    assert main(["report", str(results), "--out", str(out), "--format", "md"]) == 2
    assert "names a html file, but --format is md" in one_line_error(capsys)
    assert not out.exists()


def test_sweep_refuses_a_pdf_before_playing(tmp_path, capsys):
    db = tmp_path / "s.sqlite"
    assert main(["sweep", "kow", "--vary", "max_dice=2,3", "--players", "random,random",
                 "--games", "2", "--db", str(db), "--out", str(tmp_path / "s.pdf")]) == 2
    assert "not .pdf" in one_line_error(capsys)
    assert not db.exists()


@pytest.mark.parametrize("out, fmt, expected", [
    (None, None, "html"), (None, "md", "md"), ("r.HTML", None, "html"), ("r.htm", None, "html"),
    ("r.md", None, "md"), ("r.markdown", "md", "md"), ("report", "md", "md"),
    ("report", None, "html"),
])
def test_the_format_follows_the_suffix(out, fmt, expected):
    assert report_format(out, fmt) == expected


def test_an_unknown_suffix_is_a_config_error():
    with pytest.raises(ConfigError, match="not .pdf"):
        report_format("rep.pdf", "html")
