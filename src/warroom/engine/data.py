"""Reading data files (cards, decks, scenarios): one place that turns every way a YAML file or
its validation can fail into a one-line DataError saying where."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from .errors import DataError


def parse_yaml(text: str, where: str | Path) -> Any:
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" (line {mark.line + 1})" if mark is not None else ""
        problem = getattr(exc, "problem", None) or "syntax error"
        raise DataError(f"{where}: not valid YAML{line}: {problem}") from None


def read_text(path: str | Path) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path}: cannot read ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not a text file") from None


def read_yaml(path: str | Path) -> Any:
    return parse_yaml(read_text(path), path)


def first_problem(exc: ValidationError) -> tuple[str, str]:
    """(field path, message) of a pydantic error's first problem, e.g. ('sides.1.infantry',
    'Input should be greater than or equal to 0')."""
    err = exc.errors()[0]
    loc = ".".join(str(p) for p in err["loc"]) or "(top level)"
    return loc, err["msg"].removeprefix("Value error, ")


class DataOption:
    """A rule option whose value names a data file (a deck, a scenario).

    A game lists these in its `web` package (`DATA_OPTIONS`), so that the browser table offers
    the shipped files by name, or an uploaded file that `check(path)` validates (raising a
    DataError) before any game uses it: a client never names a path on the server.
    `shipped` maps the name a person picks to the option's value."""

    __slots__ = ("shipped", "check", "suffix")

    def __init__(self, shipped: dict[str, str], check: Any, suffix: str = ".yaml"):
        self.shipped = shipped
        self.check = check
        self.suffix = suffix
