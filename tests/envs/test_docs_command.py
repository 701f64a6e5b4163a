"""`python -m warroom.envs.docs`: takes its arguments as a command does (`--help`, a one-line
error for an unknown one) and writes the package's README only when asked to."""

from __future__ import annotations

import pytest

from cli_errors import one_line_error
from warroom.envs import docs


@pytest.fixture
def readme_untouched():
    before = docs.README.read_bytes(), docs.README.stat().st_mtime_ns
    yield
    assert (docs.README.read_bytes(), docs.README.stat().st_mtime_ns) == before


def test_help_prints_usage_and_writes_nothing(capsys, readme_untouched):
    with pytest.raises(SystemExit) as stop:
        docs.main(["--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m warroom.envs.docs")
    assert "--check" in out and "--output" in out


@pytest.mark.parametrize("argv, named", [(["--bogus"], "--bogus"), (["extra"], "extra"),
                                         (["--check", "--output", "x.md"], "--output")])
def test_a_bad_argument_is_one_line_and_writes_nothing(capsys, readme_untouched, argv, named):
    with pytest.raises(SystemExit) as stop:
        docs.main(argv)
    assert stop.value.code == 2
    line = one_line_error(capsys)
    assert line.startswith("python -m warroom.envs.docs: error:") and named in line


def test_check_says_whether_the_readme_is_up_to_date(capsys, readme_untouched, monkeypatch):
    docs.main(["--check"])
    assert "is up to date" in capsys.readouterr().out
    monkeypatch.setattr(docs, "readme_text", lambda: "something else")
    with pytest.raises(SystemExit) as stop:
        docs.main(["--check"])
    assert "out of date" in str(stop.value.code)


def test_output_writes_the_readme_elsewhere(tmp_path, capsys, readme_untouched):
    target = tmp_path / "README.md"
    docs.main(["--output", str(target)])
    assert target.read_text() == docs.readme_text()
    assert str(target) in capsys.readouterr().out
    with pytest.raises(SystemExit) as stop:
        docs.main(["--output", str(tmp_path / "missing" / "README.md")])
    assert "--output" in str(stop.value.code) and "missing" in str(stop.value.code)


def test_an_installed_warroom_does_not_write_its_own_readme(monkeypatch, readme_untouched):
    """Audit (stop 60): run in an installed warroom (a wheel's), `python -m warroom.envs.docs`
    rewrote site-packages/warroom/envs/README.md, a file pip owns, where `python -m
    warroom.games.actions_doc` refuses outside a checkout. It refuses too, saying to give
    --output; --check still reads the installed README."""
    monkeypatch.setattr(docs, "in_checkout", lambda: False)
    with pytest.raises(SystemExit) as stop:
        docs.main([])
    assert str(stop.value.code) == (
        "python -m warroom.envs.docs: error: warroom is not run from a checkout, and its README "
        "would be written into the installed package: give --output FILE")
    docs.main(["--check"])
