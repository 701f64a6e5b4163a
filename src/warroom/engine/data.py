"""Reading data files (cards, decks, scenarios): one place that turns every way a YAML file or
its validation can fail into a one-line DataError saying where (a key given twice included),
and the text types their models share (names and texts free of terminal control characters).
Also `loads_json`, the one JSON reader of what comes from outside (records, the server's
frames and requests), refusing a key given twice as well."""

from __future__ import annotations

import difflib
import functools
import json
import os
import re
import shlex
import stat
import textwrap
import types
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Annotated, Any, Literal, Union, get_args, get_origin

import yaml
from pydantic import AfterValidator, BaseModel, Field, ValidationError
from pydantic.fields import FieldInfo
from pydantic_core import ErrorDetails

from .errors import DataError

# A card or scenario file is a few kilobytes: a bound keeps a wrong path (a device, a huge log)
# from being read for ever.
MAX_DATA_BYTES = 1 << 20


# Aliases (*name) may repeat a part of a file: bounding the items the file expands to keeps a
# few nested aliases from making a small file billions of items long (or a loop of them
# endless) by the time it is validated.
MAX_DATA_ITEMS = 200_000
MAX_DATA_DEPTH = 64

# Python reads and writes whole numbers of at most this many digits (its default
# `sys.set_int_max_str_digits`): a longer one could be read in no message, record or page.
MAX_NUMBER_DIGITS = 4300
_TOO_LONG = 10 ** MAX_NUMBER_DIGITS


class _Pinned(yaml.constructor.ConstructorError):
    """A problem with one value or key, placed by its line and column (several may share a
    line)."""


class _RepeatedKey(_Pinned):
    """A mapping that names a key twice (YAML keys are unique; PyYAML keeps the last)."""


class _UniqueKeyLoader(yaml.SafeLoader):
    """The safe loader, refusing a mapping that repeats a key. Keys are compared as read (`1`
    and `1.0` are one key, as in the dict they make). A merge key (`<<: *base`) repeats none
    of the keys it brings: the mapping's own keys override those, as YAML has it.

    Merges are flattened here, not by PyYAML: its flattening (6.0.4) keeps the first of two
    pairs whose keys are the same string object, and Python interns one-letter strings, so a
    base that overrides `a` of its own base lost to it once merged again."""

    _MERGE = "tag:yaml.org,2002:merge"

    def __init__(self, stream: str):
        super().__init__(stream)
        self._checked: set[yaml.Node] = set()

    def flatten_mapping(self, node: yaml.MappingNode) -> None:
        # Every mapping is flattened before it is built, a merged one in place (its pairs then
        # include those it merged): its own keys are noted the first time, checked once.
        if node in self._checked:
            self._merge(node)
            return
        self._checked.add(node)
        merges = [key for key, _ in node.value if key.tag == self._MERGE]
        own = [key for key, _ in node.value if key.tag != self._MERGE]
        self._merge(node)
        if len(merges) > 1:  # two of them merge both: `<<: [*a, *b]` says so
            raise _RepeatedKey(None, None, "duplicate key '<<'", merges[1].start_mark)
        seen: set[Any] = set()
        for key_node in own:
            key = self.construct_object(key_node)
            try:
                repeated = key in seen
            except TypeError:
                continue  # a list or mapping as a key: the constructor refuses it
            if repeated:
                raise _RepeatedKey(None, None, f"duplicate key {shown(key)}",
                                   key_node.start_mark)
            seen.add(key)

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        # Python refuses to read more than MAX_NUMBER_DIGITS decimal digits with a ValueError
        # of its own (no place); a hexadecimal one reads, but could not be shown
        try:
            value = super().construct_yaml_int(node)
        except ValueError:
            value = _TOO_LONG
        if abs(value) >= _TOO_LONG:
            raise _Pinned(None, None, f"a number is too long (more than {MAX_NUMBER_DIGITS} "
                          "digits)", node.start_mark)
        return value

    def construct_yaml_timestamp(self, node: yaml.ScalarNode) -> Any:
        # a date that is none (2001-13-01) is a ValueError of datetime's, without a place
        try:
            return super().construct_yaml_timestamp(node)
        except ValueError as exc:
            raise _Pinned(None, None, f"not a date ({exc})", node.start_mark) from None

    def _merge(self, node: yaml.MappingNode) -> None:
        """The pairs merged in first, then the mapping's own: built into a dict, a later pair
        wins. Of several mappings merged (`<<: [*a, *b]`) the first wins, so they go in last
        to first. A mapping merged is flattened first, in place (its pairs then hold its own
        merges, overridden as they should be)."""
        merged: list[tuple[yaml.Node, yaml.Node]] = []
        own = []
        for key_node, value_node in node.value:
            if key_node.tag != self._MERGE:
                if key_node.tag == "tag:yaml.org,2002:value":  # a key '=' is text
                    key_node.tag = "tag:yaml.org,2002:str"
                own.append((key_node, value_node))
                continue
            sources = (value_node.value if isinstance(value_node, yaml.SequenceNode)
                       else [value_node])
            for source in reversed(sources):
                if not isinstance(source, yaml.MappingNode):
                    raise yaml.constructor.ConstructorError(
                        "while constructing a mapping", node.start_mark,
                        f"expected a mapping or list of mappings for merging, but found "
                        f"{source.id}", source.start_mark)
                self.flatten_mapping(source)
                merged.extend(source.value)
        # Of each key written alike only the pair that wins is kept, where the key first
        # came (as a dict keeps it): a mapping merged many times over (`<<: [*a, *a, ...]`
        # at every level) then stays the size of its keys.
        kept: list[tuple[yaml.Node, yaml.Node]] = []
        at: dict[Any, int] = {}
        for pair in merged + own:
            key_node = pair[0]
            name = (key_node.tag, key_node.value) if isinstance(key_node, yaml.ScalarNode) \
                else id(key_node)
            if name in at:
                kept[at[name]] = pair
            else:
                at[name] = len(kept)
                kept.append(pair)
        node.value = kept


_UniqueKeyLoader.add_constructor("tag:yaml.org,2002:int", _UniqueKeyLoader.construct_yaml_int)
_UniqueKeyLoader.add_constructor("tag:yaml.org,2002:timestamp",
                                 _UniqueKeyLoader.construct_yaml_timestamp)


def shortened(text: str, limit: int = 60) -> str:
    """`text` cut to `limit` characters, "..." marking the cut: a value from a file quoted in
    a one-line message (a card name of 100,000 characters made the line that long)."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def shown(value: Any) -> str:
    """A value (a key, a name) for a one-line message: quoted, escaped, at most 60
    characters."""
    return shortened(displayable(repr(value)))


def shell_word(path: str) -> str:
    """`path` as a word of a command a line suggests (`continue with: warroom play kow
    --resume FILE`), to be pasted into a shell: quoted where it needs it, and a relative path
    that starts with `-` made `./-fin.json`, which the command would take for an option."""
    if path.startswith("-"):
        path = os.path.join(os.curdir, path)
    return shlex.quote(path)


def parse_yaml(text: str, where: str | Path) -> Any:
    try:
        data = yaml.load(text, Loader=_UniqueKeyLoader)  # a SafeLoader: no python tags
    except yaml.reader.ReaderError as exc:  # no problem_mark: placed by its position
        raise DataError(f"not valid YAML{_place(text, exc.position)}: {_unreadable(exc)}",
                        where=where) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = f" (line {mark.line + 1})" if mark is not None else ""
        if mark is not None and isinstance(exc, _Pinned):
            # several keys or values may share a line ({ranks: 45, ranks: 900}): say which
            line = f" (line {mark.line + 1}, column {mark.column + 1})"
        problem = getattr(exc, "problem", None) or "syntax error"
        # where the construct that went wrong began, when on another line: a mapping left
        # open on line 22 is found wanting on line 23, the mistake is on 22
        context, opened = getattr(exc, "context", None), getattr(exc, "context_mark", None)
        if context and opened is not None and mark is not None and opened.line != mark.line:
            problem += f" ({context} that began on line {opened.line + 1})"
        raise DataError(f"not valid YAML{line}: {problem}", where=where) from None
    except RecursionError:
        raise DataError("not valid YAML: nested too deeply", where=where) from None
    except ValueError as exc:  # a constructor's own failure, should PyYAML have another
        raise DataError(f"not valid YAML: {displayable(exc).splitlines()[0]}",
                        where=where) from None
    _check_size(data, where)
    return data


def _place(text: str, position: int) -> str:
    """' (line L, column C)' of a character of `text` (lines end at line feeds)."""
    if not 0 <= position <= len(text):
        return ""
    line = text.count("\n", 0, position) + 1
    column = position - text.rfind("\n", 0, position)
    return f" (line {line}, column {column})"


def _unreadable(exc: yaml.reader.ReaderError) -> str:
    """The character YAML does not allow (even in a comment) that the reader refused (the
    text is decoded already: no bytes to refuse)."""
    if not isinstance(exc.character, int):
        return displayable(exc.reason)
    code = f"#x{exc.character:02X}"
    if unicodedata.category(chr(exc.character)) == "Cc":
        return f"control character {code} is not allowed"
    return f"character {code} is not allowed"


def _check_size(data: Any, where: str | Path) -> None:
    stack = [(data, 0)]
    items = 0
    while stack:
        value, depth = stack.pop()
        items += 1
        if items > MAX_DATA_ITEMS:
            raise DataError(f"expands to more than {MAX_DATA_ITEMS} items (aliases repeating "
                            "aliases?); not a file warroom reads", where=where)
        if depth > MAX_DATA_DEPTH:
            raise DataError(f"nested more than {MAX_DATA_DEPTH} levels deep", where=where)
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for kv in value.items() for v in kv)
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)


class DuplicateKeyError(ValueError):
    """JSON text with an object that names a key twice; the message names the key and the
    object, e.g. "duplicate key 'seed' in the top-level object"."""


class NumberTooLongError(ValueError):
    """JSON text with a whole number longer than MAX_NUMBER_DIGITS digits (Python reads none);
    the message says where, e.g. "a number is too long (5000 digits, at most 4300) at seed"."""


class _Long:
    """A number too long to read, kept in its place while the text is read once more to
    find it."""

    __slots__ = ("digits",)

    def __init__(self, text: str):
        self.digits = len(text.lstrip("-"))


class _Repeated(dict[str, Any]):
    """An object read from JSON that named `key` twice (with the last value, as json keeps)."""

    key: str


def stored_json(text: Any, kind: type, name: str, error: type[Exception] = ValueError) -> Any:
    """A JSON field a store wrote, which must decode to a `kind` (dict or list); otherwise an
    `error` naming the field (`name`): the row was damaged since."""
    try:
        value = json.loads(text)
    except (TypeError, ValueError, RecursionError):  # not text, not JSON, a number too long
        raise error(f"{name} is not valid JSON") from None
    if not isinstance(value, kind):
        raise error(f"{name} is not a JSON {'object' if kind is dict else 'list'}")
    return value


def loads_json(text: str | bytes) -> Any:
    """`json.loads`, refusing an object that names a key twice (json keeps the last value
    without a word) with a DuplicateKeyError; every other failure is json.loads's own. Every
    reader of JSON from outside (records, the server's frames and requests) goes through it."""
    if isinstance(text, str):  # json refuses a byte-order mark in text (bytes it skips)
        text = text.removeprefix("\ufeff")
    repeated = False

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        nonlocal repeated
        data = dict(pairs)
        if len(data) == len(pairs):
            return data
        repeated = True
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                break
            seen.add(key)
        marked = _Repeated(data)
        marked.key = key
        return marked

    try:
        data = json.loads(text, object_pairs_hook=unique)
    except json.JSONDecodeError:
        raise
    except ValueError:
        _find_long_number(text)
        raise
    if repeated:
        value, path = _first(data, lambda v: isinstance(v, _Repeated))
        where = f"the object at {path}" if path else "the top-level object"
        raise DuplicateKeyError(f"duplicate key {shown(value.key)} in {where}")
    return data


def _find_long_number(text: str | bytes) -> None:
    """Python's ValueError for a number too long to read names no place: the text is read
    once more (only then, not to slow every read), such numbers kept aside, to say where.
    Returns when there is none (the caller raises what it caught)."""
    try:
        data = json.loads(text, parse_int=lambda digits: _Long(digits) if len(digits) >
                          MAX_NUMBER_DIGITS else int(digits))
    except ValueError:  # another failure (bytes that are no text): the caller's to report
        return
    found = _first(data, lambda v: isinstance(v, _Long))
    if found is not None:
        value, path = found
        raise NumberTooLongError(f"a number is too long ({value.digits} digits, at most "
                                 f"{MAX_NUMBER_DIGITS}) at {path or 'the top level'}")


def _first(data: Any, wanted: Callable[[Any], bool]) -> tuple[Any, str] | None:
    """The first (outermost, then in order) value that is `wanted`, and where it is, as in
    'actions[3].action' ('' at the top)."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        value, path = stack.pop()
        if wanted(value):
            return value, path
        if isinstance(value, dict):
            stack.extend((v, _path(path, k)) for k, v in reversed(value.items()))
        elif isinstance(value, list):
            stack.extend((v, f"{path}[{i}]") for i, v in reversed(list(enumerate(value))))
    return None


def _path(path: str, key: str) -> str:
    """`path` then `key`, as in 'actions[3].action', a key that is no plain name quoted."""
    if key.isidentifier() and len(key) <= 40:
        return f"{path}.{key}" if path else key
    return f"{path}[{shown(key)}]"


def read_bytes(path: str | Path, limit: int, error: type[Exception] = DataError,
               what: str = "a file warroom reads", noun: str = "") -> bytes:
    """At most `limit` + 1 bytes of the regular file `path`; anything else is a one-line
    `error` ("...: a named pipe, not a regular file, so not `what`"; "...: cannot read `noun`
    (No such file or directory)", the noun left out where none is given). Opened without waiting:
    a named pipe opened to read waits for a writer (`replay` and `cards show` of one hung for
    ever), and a device may never end."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            # asked before fdopen, which refuses a folder in its own words ("Is a directory")
            kind = _special_kind(os.fstat(fd).st_mode)
        except OSError:
            os.close(fd)
            raise
        if kind:
            os.close(fd)
            raise located(error, path, f"{kind}, not a regular file, so not {what}")
        with os.fdopen(fd, "rb") as handle:
            os.set_blocking(fd, True)
            return handle.read(limit + 1)
    except OSError as exc:
        reading = f"{noun} " if noun else ""
        raise located(error, path, f"cannot read {reading}({exc.strerror or exc})") from None


def located(error: type[Exception], where: str | Path, problem: str,
            option: str | None = None) -> Exception:
    """`error` "WHERE: PROBLEM", a DataError knowing which part is which; `option` names
    the option at fault (for an error that takes one: a DataError or ConfigError)."""
    if issubclass(error, DataError):
        return error(problem, option, where=where)
    if option is not None:
        return error(f"{where}: {problem}", option)
    return error(f"{where}: {problem}")


def _special_kind(mode: int) -> str:
    """What a file that is not a regular one is, in words ('' for a regular file)."""
    if stat.S_ISREG(mode):
        return ""
    kinds = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISDIR, "a folder"),
             (stat.S_ISCHR, "a device"), (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))
    return next((word for test, word in kinds if test(mode)), "a special file")


def read_text(path: str | Path, limit: int = MAX_DATA_BYTES,
              error: type[Exception] = DataError, noun: str = "") -> str:
    """A UTF-8 text file of at most `limit` bytes, without the byte-order mark it may start
    with; anything else is a one-line `error` (naming what the file was to be, `noun`,
    where it cannot be read at all)."""
    what = f"a {noun}" if noun else "a file warroom reads"
    data = read_bytes(path, limit, error, what, noun)
    if len(data) > limit:
        raise located(error, path, f"larger than {limit // 1024} KiB; not a file warroom reads")
    if _utf16_text(data):  # "not a text file" sent its author looking for the wrong fault
        raise located(error, path, "looks like UTF-16 text (a byte-order mark or NUL bytes), "
                                   "not UTF-8: save it as UTF-8")
    try:
        # an editor on Windows may start the file with a byte-order mark: not a character of
        # it (YAML drops it itself; a deck list's first card, or JSON, would not read)
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        if b"\0" in data:  # no text file holds NUL: a picture, an archive
            raise located(error, path, "not a text file") from None
        # Latin-1 text ("Héro"): the byte at fault and where, as a record says it
        at = exc.start + (3 if data.startswith(b"\xef\xbb\xbf") else 0)
        raise located(error, path, f"not UTF-8 text (byte 0x{data[at]:02X} at offset {at}): "
                                   "save it as UTF-8") from None


def looks_utf16(raw: bytes) -> bool:
    """UTF-16 text: its byte-order mark, or a NUL byte in every other place of its first
    bytes (ASCII characters in UTF-16 without a mark). NUL is never in a record's JSON."""
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    head = raw[:64]
    return len(head) >= 2 and any(
        half and half.count(0) * 2 >= len(half) for half in (head[0::2], head[1::2]))


def _utf16_text(data: bytes) -> bool:
    """Whether `data` is UTF-16 text, as a record tells it (`looks_utf16`), that also
    reads as such without a NUL character: a small binary file (an archive, compiled code)
    has as many NUL bytes."""
    if not looks_utf16(data):
        return False
    try:
        return "\0" not in data.decode("utf-16")
    except UnicodeDecodeError:
        return False


@functools.cache
def shipped_files(folder: Path) -> dict[str, Path]:
    """The data files warroom ships in `folder`, by the name a person gives (`NAME.yaml`).
    Listed once per process (a config is made for every game of a batch); not to be changed."""
    return {p.stem: p for p in sorted(folder.glob("*.yaml"))}


def data_file(value: str, what: str, shipped: dict[str, Path]) -> Path:
    """The file a data option names: a path to a file, or else the name of a shipped one.
    A file on disk comes first: a person who wrote a path means that file. When it is
    neither, a one-line DataError says whether the path was missing, a folder or another kind
    of file (a device, a pipe), and lists the shipped names."""
    path = Path(value)
    if path.is_file():
        return path
    if value in shipped:
        return shipped[value]
    if path.is_dir():
        problem = "a folder, not a file"
    elif path.exists():  # a device, a pipe, a socket: not a file a game reads
        problem = "not a regular file"
    else:
        problem = "no such file"
    names = ", ".join(sorted(shipped)) or "none"
    if not path.exists():
        names += extension_hint(value, shipped)
    raise DataError(f"{problem}, and not a shipped {what} ({names})", where=f"{what} {value!r}")


def extension_hint(value: str, shipped: Iterable[str]) -> str:
    """"; name it without '.yaml': sample" when `value` is a shipped name typed with its
    file's extension; else ""."""
    path = Path(value)
    if path.suffix and path.stem in shipped:
        return f"; name it without {path.suffix!r}: {path.stem}"
    return ""


# No such key or index in the data (None is a value a file can hold).
_UNKNOWN: Any = object()


def read_yaml(path: str | Path) -> Any:
    return parse_yaml(read_text(path), path)


def yaml_held(data: Any) -> str:
    """What a YAML file holds where a mapping was wanted, for its error: "the file is empty"
    (nothing but comments, or `null`, reads as nothing), "the file holds a list", "the file
    holds a single value". Told only what the file should be, its author looks for a wrong
    field."""
    if data is None:
        return "the file is empty"
    return f"the file holds {'a list' if isinstance(data, list) else 'a single value'}"


def first_problem(exc: ValidationError, data: Any,
                  model: type[BaseModel] | None = None) -> tuple[str, str]:
    """(field path, message) of a pydantic error's first problem, e.g. ('sides.1.infantry',
    'Input should be greater than or equal to 0'); `data` is what was validated (see
    `data_place`), by `model` where the caller gives it (see `typos_first`). Problems at
    other places are not hidden: the message ends with where they are ("(and 1 more problem,
    at sides.0.cavalry)")."""
    errors = typos_first(exc.errors(), data, model)
    loc = _dotted(data_place(errors[0], data)) or "(top level)"
    return loc, problem_message(errors[0]) + more_problems(errors, data, _dotted)


def _dotted(place: list[str | int]) -> str:
    # a key read from the file may hold a line break or an escape, or be very long
    return ".".join(shortened(displayable(p)) for p in place)


def problem_message(err: ErrorDetails) -> str:
    """One pydantic problem in a data file's words: an unknown or missing tag of a tagged union
    says so and lists the tags (not "Input tag 'x' found using 'kind' does not match any of the
    expected tags"); a value that is not one of a list of literals says what it was."""
    kind, ctx, given = err["type"], err.get("ctx") or {}, err.get("input")
    if kind == "union_tag_invalid":
        tags = ", ".join(t.strip("'") for t in str(ctx.get("expected_tags", "")).split(", "))
        what = _tag_field(err) or "tag"
        return displayable(f"unknown {what} {shown(ctx.get('tag'))}; {what}s are: {tags}")
    if kind == "union_tag_not_found" and isinstance(given, dict) and _tag_field(err):
        return "Field required"  # as for any other missing field
    if kind in ("tuple_type", "list_type"):  # the author wrote YAML, not a Python tuple
        held = "a mapping" if isinstance(given, dict) else "nothing" if given is None \
            else shown(given)
        return f"Input should be a list, got {held}"
    if kind == "too_long" and isinstance(given, str):  # a length checked after validation
        # pydantic says "Value should have at most 300 items after validation" of a text
        return (f"String should have at most {ctx.get('max_length')} characters, not "
                f"{len(given)}")
    message = displayable(err["msg"].removeprefix("Value error, "))
    # A wrong value, or a value of the wrong type ("ten" for a number): say what was written,
    # as records' errors do; a mapping or a list is too long to say.
    if (kind == "literal_error" or kind.endswith(("_parsing", "_type", "_from_float"))) and \
            isinstance(given, str | int | float | None) and ", got " not in message:
        message += f", got {shown(given)}"
    return message


def typos_first(errors: list[ErrorDetails], data: Any,
                model: type[BaseModel] | None = None) -> list[ErrorDetails]:
    """`errors` with each mistyped key said as one: a key not known ("Extra inputs are not
    permitted") that is close to the name of a field missing beside it, or (given the `model`
    that read `data`) of a field the model has there, reads "unknown field 'rank' (did you
    mean 'ranks'?)". One that explains a missing field goes first, in that field's stead:
    the author saw "ranks: Field required" and looked for a field they had written. A tag
    missing ('kind') beside a key close to it is such a typo too (pydantic, finding no tag,
    validated nothing else there)."""
    errors = list(errors)
    absent = {tuple(data_place(e, data)): i for i, e in enumerate(errors)
              if e["type"] == "missing" or _tag_missing(e)}
    lead: list[ErrorDetails] = []
    for field, i in absent.items():
        at, err = list(field[:-1]), errors[i]
        if _tag_missing(err):  # no member was tried: every other key there is unread
            read = set(known_fields(model, at, data)) if model else set()
            unknown = [k for k in err["input"] if isinstance(k, str) and k not in read]
            typo = difflib.get_close_matches(str(field[-1]), unknown, n=1)
            if typo:
                errors[i] = {**err, "type": "extra_forbidden", "loc": (*at, typo[0]),
                             "input": err["input"][typo[0]]}
    for i, err in enumerate(errors):
        place = data_place(err, data)
        if err["type"] != "extra_forbidden" or not place or not isinstance(place[-1], str):
            continue
        at, key = place[:-1], place[-1]
        missing = [str(f[-1]) for f in absent if list(f[:-1]) == at]
        known = missing + (known_fields(model, at, data) if model else [])
        match = difflib.get_close_matches(key, known, n=1)
        if match:
            errors[i] = {**err, "msg": f"unknown field {shown(key)} (did you mean "
                                       f"{shown(match[0])}?)"}
            if match[0] in missing:
                lead.append(errors[i])
                errors[absent[(*at, match[0])]] = errors[i]  # the same mistake, said once
    return list({id(e): e for e in lead + errors}.values())


def _tag_missing(err: ErrorDetails) -> bool:
    """A tagged union's mapping without its tag ('kind'): a field missing, as said."""
    return err["type"] == "union_tag_not_found" and isinstance(err.get("input"), dict) \
        and _tag_field(err) is not None


def known_fields(model: type[BaseModel], place: list[str | int], data: Any) -> list[str]:
    """The fields (the keys a file gives them by) `model`, what validated `data`, reads in the
    mapping at `place`: through lists and optional values; of a union, the members whose
    literal fields ('kind: losses') the mapping matches (all of them, where it matches
    none)."""
    kinds: list[Any] = [model]
    for part in place:
        data = _step(data, part)
        kinds = [get_args(m)[0] if isinstance(part, int) else _keys(m)[part].annotation
                 for k in kinds for m in _members(k)
                 if (isinstance(part, int) and get_origin(m) in (tuple, list) and get_args(m))
                 or (isinstance(part, str) and _is_model(m) and part in _keys(m))]
    models = [m for k in kinds for m in _members(k) if _is_model(m)]
    given = data if isinstance(data, dict) else {}
    matching = [m for m in models if all(
        given[key] in get_args(f.annotation) for key, f in _keys(m).items()
        if key in given and get_origin(f.annotation) is Literal)]
    return list(dict.fromkeys(key for m in matching or models for key in _keys(m)))


def _keys(model: type[BaseModel]) -> dict[str, FieldInfo]:
    return {f.alias or name: f for name, f in model.model_fields.items()}


def _members(kind: Any) -> list[Any]:
    """A type's alternatives, without `Annotated`: those of a union, else the type."""
    if get_origin(kind) is Annotated:
        return _members(get_args(kind)[0])
    if get_origin(kind) in (Union, types.UnionType):
        return [m for arg in get_args(kind) for m in _members(arg)]
    return [kind]


def _is_model(kind: Any) -> bool:
    return isinstance(kind, type) and issubclass(kind, BaseModel)


def more_problems(errors: list[ErrorDetails], data: Any,
                  path: Callable[[list[str | int]], str], listed: int = 3) -> str:
    """' (and N more problems: PLACE: PROBLEM; PLACE: PROBLEM; ...)' for the problems of
    `errors` at places of `data` other than the first one's (pydantic reports each member of
    a union it tried, at one place: one problem), or ''. `path` writes a place. Each says
    what is wrong as well as where: a deck's author fixed one problem a round, told only
    where the others were (an audit, stop 71)."""
    first: dict[tuple[str | int, ...], ErrorDetails] = {}
    for err in errors:
        first.setdefault(tuple(data_place(err, data)), err)
    places = list(first.items())[1:]
    if not places:
        return ""
    shown_places = "; ".join(f"{path(list(p)) or '(top level)'}: {problem_message(err)}"
                             for p, err in places[:listed])
    rest = "; ..." if len(places) > listed else ""
    plural = "s" if len(places) > 1 else ""
    return f" (and {len(places)} more problem{plural}: {shown_places}{rest})"


def _tag_field(err: ErrorDetails) -> str | None:
    """The key a tagged union reads its tag from ('kind'), when it is one."""
    name = str((err.get("ctx") or {}).get("discriminator", ""))
    return name[1:-1] if len(name) > 2 and name[0] == name[-1] == "'" else None


def data_place(err: ErrorDetails, data: Any) -> list[str | int]:
    """The parts of a pydantic error's place that are steps into `data` (the keys and indexes
    a person wrote, and the name of a missing field). The others name the member of a union
    pydantic tried ('function-after[one_line(), constrained-str]', a model's class, a tag's
    value): nothing a person wrote, nor could find in the file."""
    loc = err["loc"]
    parts: list[str | int] = []
    for i, part in enumerate(loc):
        inner = _step(data, part)
        if inner is not _UNKNOWN:
            parts.append(part)
            data = inner
        elif i == len(loc) - 1 and err["type"] == "missing":
            parts.append(part)
    tag = _tag_field(err) if err["type"] in ("union_tag_invalid", "union_tag_not_found") else None
    if tag and isinstance(data, dict):  # the tag is the field at fault: 'effects.2.kind'
        parts.append(tag)
    return parts



def _step(data: Any, part: str | int) -> Any:
    """`data[part]` when `part` is a key or index of it, else _UNKNOWN."""
    if isinstance(data, dict):
        return data.get(part, _UNKNOWN)
    if isinstance(data, (list, tuple)) and isinstance(part, int) and 0 <= part < len(data):
        return data[part]
    return _UNKNOWN


class DataOption:
    """A rule option whose value names a data file (a deck, a scenario): the one declaration
    of it (`Game.data_options`), used by records and results runs (which embed the file's
    content), by `warroom tune` (which patches a copy) and by the browser table (which offers
    the shipped files by name, or an uploaded file: a client never names a path on the
    server).

    - `shipped` maps the name a person picks to the option's value;
    - `check(path)` validates a file (raising a DataError) before any game uses it;
    - `path(value)` is the file a value names (a DataError if there is none), or None when the
      value names no file (a value that already holds the data, like Battle's deck lists);
    - `suffix` is the file name ending the game's loader expects of such a file;
    - `old_names` maps a shipped file's name in an older version to its name now: still
      read (a game stored then), never offered."""

    __slots__ = ("shipped", "check", "path", "suffix", "old_names")

    def __init__(self, shipped: dict[str, str], check: Callable[[str], Any],
                 path: Callable[[Any], Path | None], suffix: str = ".yaml",
                 old_names: dict[str, str] | None = None):
        self.shipped = shipped
        self.check = check
        self.path = path
        self.suffix = suffix
        self.old_names = old_names or {}

    def shipped_value(self, name: str) -> str | None:
        """The option's value for the shipped file a person picked by `name` (or by its old
        name), or None if none is shipped by that name."""
        return self.shipped.get(self.old_names.get(name, name))


# --- text that reaches a terminal --------------------------------------------------------------
# Names and texts from files end up on a terminal: a control character there could move the
# cursor, retitle the window or hide what follows. Line breaks and tabs are allowed in long
# texts only; rich markup is allowed everywhere, because every display escapes it.
# Bidirectional controls, marks included (a right-to-left mark reorders what follows it as an
# override does); and the line and paragraph separators (categories Zl, Zp), line breaks of
# their own.
_BIDI = set("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _unsafe(char: str) -> bool:
    return unicodedata.category(char) in ("Cc", "Zl", "Zp") or char in _BIDI


def _controls(value: str, allowed: str) -> str | None:
    for i, char in enumerate(value):
        if char in allowed:
            continue
        if _unsafe(char):
            return f"a control character ({char!r} at position {i + 1}) is not allowed"
    return None


def one_line(value: str) -> str:
    """A name: printable text on one line (pydantic validator)."""
    problem = _controls(value, "")
    if problem:
        raise ValueError(problem)
    return value


def printable(value: str) -> str:
    """A longer text: printable, with line breaks and tabs (pydantic validator)."""
    problem = _controls(value, "\n\t")
    if problem:
        raise ValueError(problem)
    return value


def displayable(value: object) -> str:
    """Any value as text safe for a terminal: control characters become escapes."""
    text = str(value)
    if _controls(text, "") is None:
        return text
    return "".join(repr(c)[1:-1] if _unsafe(c) else c for c in text)


# A game's text view is read in a panel on a terminal of 80 columns or more (76 inside it).
TEXT_WIDTH = 76
# The columns a terminal gives a text view while it renders one for itself (`reading_width`:
# the terminal's table, agents/human.py); None elsewhere, where a view is written for
# TEXT_WIDTH, one text on every channel (the server's text view, the environments'
# render(), a record printed). A game that reads it (`reader_width`: Viktory II's map) lays
# its view out for that width.
_READER_WIDTH: ContextVar[int | None] = ContextVar("reader_width", default=None)
# And the lines of that terminal, when it is one (None: a table is laid out for 24 lines).
_READER_LINES: ContextVar[int | None] = ContextVar("reader_lines", default=None)
# And the lines its reader's choices take under the table, where the terminal knows them
# (None: a game guesses them from the view, as on every other channel).
_READER_MENU: ContextVar[int | None] = ContextVar("reader_menu", default=None)


def reader_width() -> int | None:
    """The columns of the terminal a text view is being rendered for, or None (TEXT_WIDTH)."""
    return _READER_WIDTH.get()


def view_width() -> int:
    """The columns a text view's lines are fitted to: the terminal's that is rendering it,
    where narrower than TEXT_WIDTH (`reader_width`), else TEXT_WIDTH. Fitted here, each line
    breaks between its own items; a terminal's panel fitting it again could only guess at
    them."""
    return max(20, min(TEXT_WIDTH, reader_width() or TEXT_WIDTH))


def panel_lines() -> int:
    """The lines a terminal's panel gives a table inside its frame: 22 on an 80x24 terminal,
    and for every other channel; more on a taller terminal that is rendering it, whose
    reader would rather see the whole table than one cut short for 24 lines."""
    return max(24, _READER_LINES.get() or 24) - 2


def menu_room(guess: Callable[[], int]) -> int:
    """The lines the reader's choices take under the table: the terminal's own count, where
    it is rendering the table for a decision it lists (`reading_width`), else the game's
    `guess` from the view (called only then). A game that leaves them room reads it here."""
    told = _READER_MENU.get()
    return told if told is not None else guess()


@contextmanager
def reading_width(columns: int, lines: int | None = None,
                  menu: int | None = None) -> Iterator[None]:
    """While in it, text views are rendered for `columns` (a terminal's panel, inside) on a
    terminal of `lines` (None: not known, taken as 24), under which the reader's choices take
    `menu` lines (None: not known, `menu_room`)."""
    token = _READER_WIDTH.set(columns)
    token_lines = _READER_LINES.set(lines)
    token_menu = _READER_MENU.set(menu)
    try:
        yield
    finally:
        _READER_MENU.reset(token_menu)
        _READER_LINES.reset(token_lines)
        _READER_WIDTH.reset(token)


def counted(n: int, noun: str, plural: str = "") -> str:
    """`n` and its noun, singular for one: "1 turn", "2 turns", "1 die", "3 dice"."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"


def first_few(names: list[str], shown: int = 5) -> str:
    """The first `shown` of `names`, and how many more: "C1, C2, C3 and 4 more"."""
    more = f" and {len(names) - shown} more" if len(names) > shown else ""
    return ", ".join(names[:shown]) + more


ANSI = re.compile(r"\x1b\[[0-9;]*m")  # a terminal's colours (Viktory II's map)


def plain(text: str) -> str:
    """`text` without a terminal's colours: as a page or a width check reads it."""
    return ANSI.sub("", text)


def first_fitting(write: Callable[[int], str], steps: int, room: int) -> str:
    """`write(step)` of the first of `steps` (0 the fullest, each shorter) whose lines are
    fewer than `room`; if none is, the shortest: a text view written shorter step by step
    until it fits its share of the terminal."""
    shortest = ""
    for step in range(steps):
        text = write(step)
        if text.count("\n") < room:
            return text
        if not shortest or text.count("\n") < shortest.count("\n"):
            shortest = text
    return shortest


def winner_line(outcome: dict[str, Any], you: int | None) -> str:
    """A table's last line once its game is over, from the outcome's JSON: "Winner: you -
    first to 3 Victories", "Winner: player 1 and player 3 - ...", "Winner: nobody (draw) -
    ..." (`play` then ends on its own "Result:" line)."""
    who = " and ".join("you" if p == you else f"player {p}" for p in outcome["winners"])
    return f"Winner: {who or 'nobody (draw)'} - {outcome['reason']}"


def fit(line: str, sep: str = "; ", width: int | None = None) -> str:
    """A line of a text view broken between its items (parts joined by `sep`) to fit `width`
    (default `view_width()`), each further line indented four more than the first; an item
    longer than that is broken between its own parts (", ") when each of them fits a line,
    else between words (a part broken by words would leave "0," alone on a line). A
    terminal's own wrap breaks anywhere ("1" at one line's end, "infantry" at the next's
    start) and starts again at the margin. Lines already fitted stay as they are, so a view
    may fit its lines once more as a whole."""
    if width is None:
        width = view_width()
    width = max(1, width)
    if "\n" in line:
        return "\n".join(fit(part, sep, width) for part in line.split("\n"))
    return _fit(line, sep, width, " " * (len(line) - len(line.lstrip(" ")) + 4))


def _fit(line: str, sep: str, width: int, more: str) -> str:
    """`fit` of one line, its further lines indented `more`. A further line too long for its
    one item is broken at that same indent, not four more again: "your turn: starting
    hexes" / "revealed" went on a step further in, a staircase down a narrow panel."""
    if len(line) <= width:
        return line

    def one_item(item: str) -> str:  # its own parts if each fits a line, else its words
        pieces = item.split(", ")
        if sep != ", " and len(pieces) > 1 and len(pieces[0]) < width and all(
                len(more) + len(piece) < width for piece in pieces[1:]):
            return _fit(item, ", ", width, more)
        # a word longer than the line stays whole, past its end
        return "\n".join(textwrap.wrap(item, width, subsequent_indent=more,
                                       break_long_words=False, break_on_hyphens=False))

    # The items follow the line's indent: a further line's indent holds "  ", which split as
    # a separator would give empty items, and the line built again as it was, without end.
    body = line.lstrip(" ")
    indent = line[:len(line) - len(body)]
    parts = body.split(sep)
    if len(parts) == 1:
        return one_item(line)
    lines, current = [], indent + parts[0]
    for part in parts[1:]:  # room for the part, and for the separator should a break follow
        if len(current) + len(sep) + len(part) + len(sep.rstrip()) <= width:
            current += sep + part
        else:
            lines.append(current + sep.rstrip())
            current = more + part
    lines.append(current)
    # a line still too long holds one item: lines of several are made only where they fit
    return "\n".join(line if len(line) <= width else one_item(line) for line in lines)


Name = Annotated[str, Field(min_length=1, max_length=60), AfterValidator(one_line)]
Text = Annotated[str, Field(max_length=2000), AfterValidator(printable)]
# A file name, or the name of a bundled file, given as an option.
FileName = Annotated[str, Field(min_length=1, max_length=4096), AfterValidator(one_line)]
