"""Rule -> test tracing (docs/DESIGN.md, "Quality bars"): a game's trace test holds a table from
the start of each sentence of its rule text (docs/rules) to the tests that check it, and checks
with these helpers that every sentence is in the table and that every test it names exists.

A table is a list of (start of a sentence, names of tests), a name being "module.function" of
a test module of the game's directory, or "dir/module.function" of one elsewhere under tests/.
Sentences that are no rules (titles, contents, credits) or that have nothing to check are
listed apart, each with its reason (a `{start: reason}` dict), so that the list stays short
and can be read.

A module of its own, not conftest: see game_cases.py."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path

Table = Sequence[tuple[str, tuple[str, ...]]]
TESTS = Path(__file__).parent

# A sentence ends at '.', '!' or '?' (after a lower-case letter, a closing bracket or quote, or
# another full stop) followed by a space and a capital, a digit or an opening quote; or at a
# '.', '!' or '?' followed by a space and a capital or an opening quote.
_SENTENCE_END = re.compile(
    r'(?<=[a-z)"”.])[.!?]\s+(?=[A-Z0-9"“])|(?<=[.!?])\s+(?=[A-Z"“])')


def sentences(text: str) -> list[str]:
    """The sentences of a rule text, line by line, split at sentence ends; headings (ending
    with ':'), bare numbers ("1.") and single words are dropped."""
    out = []
    for line in text.splitlines():
        parts = _SENTENCE_END.split(line.strip())
        out += [p for p in parts if len(p) > 3 and not p.endswith(":") and " " in p]
    return out


# A markdown line that begins a block of its own: a heading, a list item ("- ", "* ", "1. "),
# a fence or a table row; other lines continue the paragraph or list item above them.
_MD_HEADING = re.compile(r"#{1,6}\s")
_MD_ITEM = re.compile(r"(?:[-*+]|\d+\.)\s+")


def markdown_sentences(text: str) -> list[str]:
    """The sentences of a rule text written in markdown: its paragraphs and list items, each
    joined from its wrapped lines and split at sentence ends as `sentences` does; headings
    ("## Movement") are dropped, and a list item's marker ("- ", "1. ") is left off."""
    blocks: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or _MD_HEADING.match(line):
            blocks.append("")
            continue
        item = _MD_ITEM.match(line)
        if item or line.startswith(("```", "|")) or not blocks or not blocks[-1]:
            blocks.append(line[item.end():] if item else line)
        else:
            blocks[-1] += " " + line
    return sentences("\n".join(block for block in blocks if block))


def untraced(text_sentences: Iterable[str], starts: Iterable[str]) -> list[str]:
    """The sentences that start with none of `starts`: each must be added to a table."""
    starts = tuple(starts)
    return [s for s in text_sentences if not s.startswith(starts)]


def stale_starts(text_sentences: Iterable[str], starts: Iterable[str]) -> list[str]:
    """The starts that begin no sentence (the text changed, or the start was mistyped)."""
    text_sentences = list(text_sentences)
    return [start for start in starts if not any(s.startswith(start) for s in text_sentences)]


def table_starts(table: Table, *reasons: Mapping[str, str]) -> list[str]:
    """Every start of a table and of its lists of sentences mapped to a reason."""
    return [start for start, _ in table] + [start for mapping in reasons for start in mapping]


def missing_tests(table: Table, directory: Path) -> list[str]:
    """The names of the table that are no test pytest collects: no file `module.py` of that
    name (in `directory`, the trace module's own; or, for a name with a '/', under tests/ at
    that path: "sim/test_tournament.test_..."), or no top-level `def test_...` of that name in
    it. Read from the source, so nothing is imported twice under two names."""
    missing = []
    for name in sorted({name for _, tests in table for name in tests}):
        module, _, func = name.rpartition(".")
        path = (TESTS if "/" in module else directory) / f"{module}.py"
        if not (path.name.startswith("test_") and func.startswith("test_")
                and func in _test_functions(path)):
            missing.append(name)
    return missing


@cache
def _test_functions(path: Path) -> frozenset[str]:
    """The names of the top-level test functions of a test module (none if there is no such
    file)."""
    if not path.is_file():
        return frozenset()
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return frozenset(node.name for node in tree.body
                     if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
                     and node.name.startswith("test_"))


def empty_entries(table: Table) -> list[str]:
    """The starts that name no test."""
    return [start for start, tests in table if not tests]


def check_table(table: Table, directory: Path) -> None:
    """Every entry of a table names a test, and every test it names exists."""
    missing, empty = missing_tests(table, directory), empty_entries(table)
    assert not missing, f"tests named in the table that do not exist: {missing}"
    assert not empty, f"entries that name no test: {empty}"


def check_traced(text_sentences: list[str], table: Table, *reasons: Mapping[str, str]) -> None:
    """Every sentence of the text is in the table or among those mapped to a reason, and
    every start of them begins a sentence."""
    starts = table_starts(table, *reasons)
    untraced_ = untraced(text_sentences, starts)
    stale = stale_starts(text_sentences, starts)
    assert not untraced_, f"sentences of the rule text in no table: {untraced_}"
    assert not stale, f"starts that begin no sentence of the rule text: {stale}"
