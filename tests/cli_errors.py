"""What a refused command prints, as the tests that feed commands bad input read it."""

from __future__ import annotations

from typing import Any


def one_line_error(capsys: Any) -> str:
    """The one line (blank lines aside) a refused command printed on standard error."""
    lines = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    return lines[0]
