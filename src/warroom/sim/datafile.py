"""Numbers inside card and deck files, addressed from the command line, and patched copies.

An address names a rule option whose value is a data file, a card in that file and a field
of the card: `OPTION:CARD.FIELD`, e.g. `deck0:Knights' Lance.losses.ranks`.

- OPTION is an option of the game that names a data file (`Game.data_file`); `deck0+deck1`
  makes the same change in the file of each.
- CARD is the `name` (or `id`) of an entry of the file: a card, a resource, a champion. A
  name shared by several entries is refused (use the `id` where the file has one).
- FIELD is a dot-separated path inside the card: a key (`hits`), a list index (`effects.1`)
  or, on a list of entries with a `kind`, the kind of the one entry of that kind
  (`effects.losses`); a list may be skipped when it is the only one on the way
  (`losses.ranks` for `effects.losses.ranks`). A path that ends on an entry with exactly one
  number in it means that number (`losses` for `losses.ranks`).

Patched files are written beside the results database, named by a hash of their content, so
that a run can be resumed with the very files it was played with.
"""

from __future__ import annotations

import copy
import difflib
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..engine import ConfigError, DataError, Game
from ..engine.data import parse_yaml, read_text, read_yaml
from ..engine.files import write_atomic
from .outputs import OutputError

Path_ = tuple[str | int, ...]  # keys and list indices from the top of the file to a number


@dataclass(frozen=True)
class Address:
    options: tuple[str, ...]  # the rule options whose files are patched
    card: str
    path: Path_  # from the top of the file to the number
    number_type: type  # int or float: the type of the number in the file

    def label(self, field: str) -> str:
        return f"{'+'.join(self.options)}:{self.card}.{field}"


def resolve(game: Game, text: str, values: dict[str, Any], config: Any) -> tuple[Address, Any]:
    """The address `text` (OPTION:CARD.FIELD) in the data file(s) that the options name in
    `config`, and the number it holds now. ConfigError (one line) says what is wrong."""
    option_text, sep, rest = text.partition(":")
    options = tuple(o.strip() for o in option_text.split("+"))
    if not sep or not rest or not all(options):
        raise ConfigError(f"{text!r} must look like OPTION:CARD.FIELD")
    files = [(o, data_file(game, o, config)) for o in options]
    documents = [read_yaml(path) for _, path in files]
    first_path, card, field = _find(documents[0], rest, files[0][1])
    number = _get(documents[0], first_path)
    for (option, path), doc in zip(files[1:], documents[1:], strict=True):
        try:
            other = _get(doc, first_path)
        except (KeyError, IndexError, TypeError):
            other = None
        if type(other) is not type(number):
            raise ConfigError(f"{option}'s file {path} has no {card}.{field} like "
                              f"{files[0][0]}'s")
    return Address(options, card, first_path, type(number)), number


def data_file(game: Game, option: str, config: Any) -> Path:
    if not hasattr(config, option):
        raise ConfigError(f"unknown option {option!r} for {game.name}")
    path = game.data_file(option, getattr(config, option))
    if path is None:
        raise ConfigError(f"option {option!r} of {game.name} names no card or deck file")
    return path


def _find(document: Any, rest: str, where: Path) -> tuple[Path_, str, str]:
    """(path to the number, card name, field text) of CARD.FIELD in `document`."""
    entries = list(_entries(document, ()))
    names = sorted({key for _, entry in entries for key in _keys(entry)}, key=len, reverse=True)
    card = next((n for n in names if rest.startswith(n + ".")), None)
    if card is None:
        shown = ", ".join(sorted(names)[:12]) + (", ..." if len(names) > 12 else "")
        parts = rest.split(".")  # a card's name may hold a dot: each way of reading it
        hint = did_you_mean([".".join(parts[:k]) for k in range(1, len(parts) + 1)], names)
        raise ConfigError(f"no card named {rest.split('.')[0]!r} in {where} (with a field after "
                          f"it: CARD.FIELD); cards: {shown}{hint}")
    field = rest[len(card) + 1:]
    found = [(path, entry) for path, entry in entries if card in _keys(entry)]
    if len(found) > 1:
        ids = [str(e["id"]) for _, e in found if "id" in e]
        hint = f" (ids: {', '.join(ids)})" if len(ids) == len(found) else ""
        raise ConfigError(f"{len(found)} entries of {where} are named {card!r}; name one by its "
                          f"id{hint}")
    path, entry = found[0]
    steps = [s for s in field.split(".") if s]
    if not steps:
        raise ConfigError(f"{card!r}: name a field after the card (CARD.FIELD)")
    return path + _walk(entry, steps, f"{card}.{field}"), card, field


def _entries(node: Any, path: Path_) -> Any:
    """Every mapping with a `name` or `id`, anywhere in the document, with its path."""
    if isinstance(node, dict):
        if _keys(node):
            yield path, node
        for k, v in node.items():
            yield from _entries(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _entries(v, path + (i,))


def _keys(entry: Any) -> set[str]:
    if not isinstance(entry, dict):
        return set()
    return {str(entry[k]) for k in ("name", "id") if isinstance(entry.get(k), str | int)}


def _walk(node: Any, steps: list[str], what: str) -> Path_:
    path: list[str | int] = []
    for step in steps:
        nxt = _step(node, step, what)
        if nxt is None and isinstance(node, dict):  # skip the only list on the way
            lists = [k for k, v in node.items() if isinstance(v, list)]
            if len(lists) == 1:
                inner = _step(node[lists[0]], step, what)
                if inner is not None:
                    path.append(lists[0])
                    node = node[lists[0]]
                    nxt = inner
        if nxt is None:
            raise ConfigError(f"{what}: no field {step!r} there; fields: {_fields(node)} (a "
                              "field left at its default must be written in the file to be "
                              "tuned)")
        key, node = nxt
        path.append(key)
    if isinstance(node, dict):  # an entry with one number: that number
        numbers = [k for k, v in node.items() if _is_number(v)]
        if len(numbers) != 1:
            raise ConfigError(f"{what} is not a number; name one of its fields: "
                              f"{', '.join(numbers) or _fields(node)}")
        path.append(numbers[0])
        node = node[numbers[0]]
    if isinstance(node, list):
        raise ConfigError(f"{what} is a list, not a number; name an entry: {_fields(node)}")
    if not _is_number(node):
        raise ConfigError(f"{what} is {node!r}, not a number")
    return tuple(path)


def _step(node: Any, step: str, what: str) -> tuple[str | int, Any] | None:
    if isinstance(node, dict):
        return (step, node[step]) if step in node else None
    if isinstance(node, list):
        if step.lstrip("-").isdigit():
            i = int(step)
            return (i, node[i]) if -len(node) <= i < len(node) else None
        kinds = [i for i, v in enumerate(node) if isinstance(v, dict) and v.get("kind") == step]
        if len(kinds) > 1:
            raise ConfigError(f"{what}: {len(kinds)} entries of kind {step!r}; name one by its "
                              f"index ({', '.join(map(str, kinds))})")
        return (kinds[0], node[kinds[0]]) if kinds else None
    return None


def _fields(node: Any) -> str:
    if isinstance(node, dict):
        return ", ".join(map(str, node)) or "none"
    if isinstance(node, list):
        kinds = [str(v.get("kind")) for v in node if isinstance(v, dict) and "kind" in v]
        return f"0 to {len(node) - 1}" + (f" or a kind: {', '.join(kinds)}" if kinds else "")
    return "none"


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _get(document: Any, path: Path_) -> Any:
    for key in path:
        document = document[key]
    return document


# --- patching ------------------------------------------------------------------------------


def patched_text(source: Path, changes: list[tuple[Path_, Any, str]]) -> str:
    """The YAML of `source` with each (path, value) set; `label`s go in a header comment."""
    return patch(source, changes)[0]


def patch(source: Path, changes: list[tuple[Path_, Any, str]]) -> tuple[str, bool]:
    """The patched text of `source` (see `patched_text`), and whether it is the file's own
    text with only the numbers changed: its comments (a deck's notice that its cards are
    sample data) and its layout (one card a line, in flow style) are the designer's. False
    when the numbers cannot be edited in place (an alias, a merge key): the document is then
    written whole, without them."""
    original = read_text(source)
    document = copy.deepcopy(parse_yaml(original, source))
    for path, value, _ in changes:
        node = document
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    head = f"# {source.name}, patched: " + "; ".join(f"{label} = {value}"
                                                    for _, value, label in changes) + "\n"
    edited = _edited(original, changes, document, source)
    if edited is not None:
        return head + edited, True
    return head + yaml.safe_dump(document, sort_keys=False, allow_unicode=True,
                                 width=100), False


def _edited(text: str, changes: list[tuple[Path_, Any, str]], expected: Any,
            where: Path) -> str | None:
    """`text` with each number replaced where it is written (the composer's marks say where
    its node starts and ends), or None unless reading the result gives exactly `expected`."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    spans = []
    for path, value, _ in changes:
        node = _node(root, path)
        if not isinstance(node, yaml.ScalarNode) or node.style:  # a plain number only
            return None
        spans.append((node.start_mark.index, node.end_mark.index, _scalar(value)))
    for start, end, new in sorted(spans, reverse=True):  # from the end: indices stay true
        text = text[:start] + new + text[end:]
    try:
        same = parse_yaml(text, where) == expected
    except DataError:
        return None
    # (an alias shares its anchor's node: editing it would change every place it is used)
    return text if same else None


def _node(node: Any, path: Path_) -> Any:
    """The node at `path` in a composed document, or None."""
    for key in path:
        if isinstance(node, yaml.MappingNode):
            node = next((v for k, v in node.value
                         if isinstance(k, yaml.ScalarNode) and k.value == str(key)), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) \
                and -len(node.value) <= key < len(node.value):
            node = node.value[key]
        else:
            return None
    return node


def _scalar(value: Any) -> str:
    """A number as YAML writes it, read back as the same number (`1.0e-05`, not `1e-05`,
    which YAML 1.1 reads as text)."""
    return yaml.safe_dump(value).split("\n", 1)[0]


def write_patched(directory: Path, option: str, source: Path,
                  changes: list[tuple[Path_, Any, str]]) -> Path:
    """Write the patched copy (once: named by the hash of its content); return its path."""
    text = patched_text(source, changes)
    digest = hashlib.sha256(text.encode()).hexdigest()[:12]
    path = directory / f"{option}-{source.stem}-{digest}.yaml"
    if not path.is_file():
        # A temporary file of its own (not a fixed `.tmp`, which two tunes writing the same
        # copy at once would share), renamed into place: whole or not at all.
        try:
            directory.mkdir(parents=True, exist_ok=True)
            write_atomic(path, text)
        except OSError as exc:
            raise OutputError(f"{path}: cannot write the patched {option} file "
                              f"({exc.strerror or exc})") from None
    return path.resolve()


def did_you_mean(typed: list[str], names: list[str]) -> str:
    """'; did you mean 'NAME'?' for the one of `names` closest to any of `typed` (each a way
    of reading what the user wrote), by difflib's measure: a card renamed or misspelled, where
    the error lists only the first names of a deck; '' when none is close, or when one of
    `typed` is a name itself (the mistake is elsewhere)."""
    if any(t in names for t in typed):
        return ""
    scored = [(difflib.SequenceMatcher(None, t, match).ratio(), match) for t in typed
              for match in difflib.get_close_matches(t, names, n=1)]
    return f"; did you mean {max(scored)[1]!r}?" if scored else ""
