"""Rule options: each game's Config is a frozen dataclass; this turns text into one.

A Config declares each option's bounds on its type, the pydantic way:
`victories_to_win: Annotated[int, Field(ge=1, le=20)] = 3`. `check_options` (called by every
Config's `__post_init__`) validates the values strictly against those types (no bool or float
where an integer belongs), `option_schemas` is each type as pydantic's JSON Schema (the one
reading of them: `option_bounds` says them in words for `warroom options`, the lobby's form
takes its kinds and choices from them), and `option_help` reads each option's description from
the comments above its field (the one place they are written: `warroom options` and the
lobby's form show them).

An error about one option carries its name (`ConfigError.option`, `OptionValueError.option`):
the lobby shows the error at that field without reading the message.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import io
import math
import re
import textwrap
import tokenize
import typing
from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError, create_model

from .data import MAX_NUMBER_DIGITS, FileName, displayable, shortened, shown
from .errors import ConfigError


class OptionValueError(ValueError):
    """A Config's check refusing an option's value, naming the option (`make_config`'s
    ConfigError carries it on): what `check_options` raises, and what a game's own checks in
    `__post_init__` may raise for the same reason."""

    def __init__(self, message: str, option: str):
        super().__init__(message)
        self.option = option


def option_names(config_cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(config_cls)]


def make_config(config_cls: type, values: dict[str, Any] | None = None, game: str = "",
                strict: bool = False) -> Any:
    """Build `config_cls` from `values` (already typed or as strings from a command line).

    Unknown keys and unparsable values raise ConfigError naming the option; the dataclass's own
    `__post_init__` checks ranges and combinations. `strict` takes values as a record's JSON
    holds them: exact types (lists for tuples), no conversion from text.
    """
    if values is None:
        values = {}
    elif not isinstance(values, Mapping):  # a list of pairs failed as an AttributeError
        raise ConfigError(f"options must be a dict of option names to values, e.g. "
                          f"{{'players': 3}}; got {type(values).__name__}")
    hints = _option_hints(config_cls)
    kwargs = {}
    for key, raw in values.items():
        if key not in hints:
            where = f" for {game}" if game else ""
            known = ", ".join(hints) or "none"
            raise ConfigError(f"unknown option {key!r}{where}; options are: {known}",
                              option=key)
        kwargs[key] = _frozen(raw) if strict else _convert(key, raw, hints[key])
    try:
        return config_cls(**kwargs)  # a Config's __post_init__ checks its options first
    except (TypeError, ValueError) as exc:
        raise ConfigError(str(exc), option=_at_fault(exc)) from None
    # A DataError (a data file an option names: a scenario, a map) carries its option itself.


def _at_fault(exc: Exception) -> str | None:
    """The option a Config's check refused: the one its error names (`OptionValueError`, as
    every check of one option raises); None for another error. Never read from the message:
    one may name two options, or an option's name as a word ("players")."""
    return getattr(exc, "option", None)


@functools.cache
def _option_hints(config_cls: type) -> dict[str, Any]:
    """Each option's resolved type, in field order: resolving type hints costs more than
    building a config, and a class's hints never change while a process runs."""
    hints = typing.get_type_hints(config_cls)  # without Annotated, inside lists too
    return {f.name: hints[f.name] for f in dataclasses.fields(config_cls)}


def check_options(config: Any) -> None:
    """Check every option of a Config against its declared type and bounds, strictly (one
    pydantic validation of all of them): raises ValueError naming the first bad option. Each
    game's Config calls it first thing in `__post_init__`."""
    cls = type(config)
    values = {f.name: getattr(config, f.name) for f in dataclasses.fields(cls)}
    hints = _option_hints(cls)
    for name, value in values.items():
        if isinstance(value, list) and _takes_tuple(hints[name]):
            # A list where a tuple is expected (`Config(mix=[1, 1, 1, 1, 2])`) is taken as
            # make_config takes one from JSON: as a tuple, so the config hashes and compares
            # equal to the same options given any other way.
            values[name] = _frozen(value)
            object.__setattr__(config, name, values[name])
    try:
        _model(cls).model_validate(values)
    except ValidationError as exc:
        name = str(exc.errors()[0]["loc"][0])
        problem = _problem(name, values[name], exc, option_schemas(cls)[name])
        raise OptionValueError(problem, name) from None


@functools.cache
def list_options(config_cls: type) -> frozenset[str]:
    """The options that hold a list (a tuple type, or an optional one)."""
    return frozenset(name for name, hint in _option_hints(config_cls).items()
                     if _takes_tuple(hint))


def _takes_tuple(hint: Any) -> bool:
    """A tuple type, or an optional one (`tuple[str, ...] | None`)."""
    if typing.get_origin(hint) is tuple:
        return True
    return any(typing.get_origin(arg) is tuple for arg in typing.get_args(hint))


def option_bounds(config_cls: type) -> dict[str, str]:
    """Each option's allowed values in words: '1 to 20', 'dice, cards or hybrid', ..."""
    return {name: _describe(schema) for name, schema in option_schemas(config_cls).items()}


@functools.cache
def option_schemas(config_cls: type) -> dict[str, dict[str, Any]]:
    """Each option's type as a JSON Schema, from the bounds its Config declares (pydantic's,
    what `check_options` validates against): `{"type": "integer", "minimum": 1, "maximum":
    20}`, `{"enum": [...]}`, `{"anyOf": [..., {"type": "null"}]}` for an optional one. The
    one reading of the Config's types: `warroom options --json` prints them, `option_bounds`
    words them, the lobby's form takes its kinds and choices from them. Shared: not to be
    changed."""
    return {name: TypeAdapter(hint).json_schema() for name, hint in _hints(config_cls).items()}


@functools.cache
def option_help(config_cls: type) -> dict[str, str]:
    """Each option's description, from the comments of the Config's source: the comment
    lines above a field describe it and the fields that follow, up to the next comment or
    blank line (`packs` and `pack_size` share theirs); a comment after a field on its line
    describes that field alone. Empty if the source cannot be read."""
    try:
        source = textwrap.dedent(inspect.getsource(config_cls))
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (OSError, TypeError, tokenize.TokenError, IndentationError):
        return {}
    fields = {f.name for f in dataclasses.fields(config_cls)}
    comments: dict[int, tuple[str, bool]] = {}  # line: (text, alone on its line)
    code_lines: set[int] = set()
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            text = tok.string.lstrip("#").strip()
            comments[tok.start[0]] = (text, tok.start[0] not in code_lines)
        elif tok.type not in (tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT,
                              tokenize.ENCODING, tokenize.ENDMARKER):
            code_lines.update(range(tok.start[0], tok.end[0] + 1))
    out: dict[str, str] = {}
    block: list[str] = []  # comment lines read since the last field
    current = ""  # the description the fields from here on share
    for number, line in enumerate(source.splitlines(), 1):
        comment = comments.get(number)
        if comment is not None and comment[1]:
            if not block:
                current = ""
            block.append(comment[0])
            continue
        if not line.strip():
            block, current = [], ""
            continue
        field = re.match(r"    (\w+)\s*:", line)
        if field is None or field.group(1) not in fields:
            if re.match(r"    (def|@|class)\b", line):
                break
            continue
        if block:
            current, block = " ".join(block), []
        if comment is not None:  # after the field: its own, and the end of a shared one
            out[field.group(1)] = comment[0]
            current = ""
        elif current:
            out[field.group(1)] = current
    return out


@functools.cache
def _hints(config_cls: type) -> dict[str, Any]:
    hints = typing.get_type_hints(config_cls, include_extras=True)
    return {f.name: hints[f.name] for f in dataclasses.fields(config_cls)}


@functools.cache
def file_options(config_cls: type) -> frozenset[str]:
    """The options whose type holds a file name (`data.FileName`): the server refuses a path
    in one even where its game forgot to list it in `data_options` (a safety net)."""
    def holds(hint: Any) -> bool:
        return hint == FileName or any(holds(arg) for arg in typing.get_args(hint))
    return frozenset(name for name, hint in _hints(config_cls).items() if holds(hint))


def takes_value(config_cls: type, name: str, value: Any) -> bool:
    """Whether option `name` of `config_cls` takes `value` as a record's JSON holds it (a
    list for a tuple): its declared type and bounds, strictly, as `check_options` checks
    them. What a game that drops an option from an old save checks first (a value of the
    wrong type is refused by name, not dropped unseen)."""
    try:
        _adapter(config_cls, name).validate_python(_frozen(value), strict=True)
    except ValidationError:
        return False
    return True


@functools.cache
def _adapter(config_cls: type, name: str) -> TypeAdapter[Any]:
    return TypeAdapter(_hints(config_cls)[name])


@functools.cache
def _model(config_cls: type) -> type[BaseModel]:
    fields: dict[str, Any] = {name: (hint, ...) for name, hint in _hints(config_cls).items()}
    return create_model(f"{config_cls.__name__}Options", __config__=ConfigDict(strict=True),
                        **fields)


def _problem(name: str, value: Any, exc: ValidationError, schema: dict[str, Any]) -> str:
    err = exc.errors()[0]
    item = "".join(f" item {p + 1}" for p in err["loc"][1:] if isinstance(p, int))
    # a list as `--set` writes it (1,1,1), not as Python prints a tuple
    got = shown(err["input"]) if item else (
        shortened(displayable(option_text(value) or "no item")) if isinstance(value, list | tuple)
        else shown(value))
    if err["type"] in _BOUND_ERRORS:
        if item:  # an item of a list (of an optional list too): say what each may be
            lists = [s for s in schema.get("anyOf", [schema]) if "items" in s]
            schema = lists[0]["items"] if lists else schema
        return f"option {name!r}{item} must be {_describe(schema)}, got {got}"
    message = err["msg"].removeprefix("Value error, ")
    return f"option {name!r}{item}: {message[:1].lower()}{message[1:]}, got {got}"


_BOUND_ERRORS = {"greater_than", "greater_than_equal", "less_than", "less_than_equal",
                 "too_short", "too_long", "string_too_short", "string_too_long",
                 "literal_error", "int_type", "bool_type", "string_type", "tuple_type"}


def _describe(schema: dict[str, Any]) -> str:
    """Words for what an option's JSON Schema (`option_schemas`) allows: its `allowed` words
    where the Config gives them (bounds with a gap, as Viktory II's radius: 0, or 2 to 10)."""
    if "allowed" in schema:
        return str(schema["allowed"])
    kind = schema.get("type")
    if "anyOf" in schema:
        inner = [s for s in schema["anyOf"] if s.get("type") != "null"]
        text = " or ".join(map(_describe, inner))
        return f"{text}, or none" if len(inner) < len(schema["anyOf"]) else text
    if "enum" in schema or "const" in schema:  # a Literal
        words = [str(a) if a != "" else "empty" for a in option_choices(schema)]
        return ", ".join(words[:-1]) + (" or " if len(words) > 1 else "") + words[-1]
    if kind == "array":
        items = _describe(schema["items"]) if "items" in schema else "text"
        size = _range(schema.get("minItems"), schema.get("maxItems"), "items")
        return "a list" + (f" of {size}" if size else "") + f", each {items}"
    if kind == "boolean":
        return "true or false"
    if kind in ("integer", "number"):
        # bounds are declared with ge/le (minimum/maximum): gt/lt are not said
        words = "an integer" if kind == "integer" else "a number"
        return _range(schema.get("minimum"), schema.get("maximum"), "") or words
    if kind == "string":
        size = _range(schema.get("minLength"), schema.get("maxLength"), "characters")
        return "text" + (f" of {size}" if size else "")
    return str(kind or "any value")


def option_choices(schema: dict[str, Any]) -> list[Any]:
    """The values a Literal option's JSON Schema allows (`enum`, or `const` for one); none
    for any other."""
    if "enum" in schema:
        return list(schema["enum"])
    return [schema["const"]] if "const" in schema else []


def _range(low: Any, high: Any, unit: str) -> str:
    """'from 1 to 20', '>= 0', '1 to 12 items', 'at most 60 characters', or ''."""
    if low is not None and low == high:
        return f"{low}" + (f" {unit}" if unit else "")
    if low is not None and high is not None:
        return f"{low} to {high} {unit}" if unit else f"from {low} to {high}"
    if low is not None:
        return f"at least {low} {unit}" if unit else f">= {low}"
    if high is not None:
        return f"at most {high} {unit}" if unit else f"<= {high}"
    return ""


def config_to_json(config: Any) -> dict[str, Any]:
    """A Config as JSON holds it (a record's `config`): {option: value}, tuples as lists."""
    return {
        f.name: _plain(getattr(config, f.name)) for f in dataclasses.fields(config)
    }


def typed_options(config: Any, names: Iterable[str]) -> dict[str, Any]:
    """The options `names` (those a user gave, as `--set` text) as `config` holds them in JSON
    (3 where "3" was given, a list as a list): how outputs show the options a user set."""
    held = config_to_json(config)
    return {name: held[name] for name in names if name in held}


def changed_options(config_cls: type | None, options: dict[str, Any]) -> str:
    """The `options` (a config in its JSON form, as records and runs keep it) whose values
    differ from `config_cls`'s defaults (all of them without one), as `key=value, ...` (a
    list's items joined by commas, as `--set` takes them); empty when none differ."""
    defaults = config_to_json(config_cls()) if config_cls else {}
    return ", ".join(f"{k}={option_text(v)}"
                     for k, v in options.items() if defaults.get(k, object()) != v)


def played_with(changed: str) -> str:
    """The line under a rules summary that names the options a game is played with where they
    differ from the summary's defaults (`changed_options`), at the terminal's `?` and the
    browser's rules panel alike; "" when none differ."""
    return f"This game is played with {changed} (the summary gives the defaults)." \
        if changed else ""


def option_text(value: Any) -> str:
    """An option's value as `--set` takes it and `warroom options` shows it: a list's items
    joined by commas, booleans `true` and `false` (not Python's `True`), unset `none`."""
    if isinstance(value, list | tuple):
        return ",".join(map(option_text, value))
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def _frozen(value: Any) -> Any:
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


# A number written as text: ASCII digits, a minus sign if negative, never a plus. The server
# takes an option's number as JSON, which has no '+3', and the lobby's number inputs send none:
# `--set pool_red=+3` read as 3 took on the command line what the server refused.
INTEGER = re.compile(r"-?[0-9]+")
NUMBER = re.compile(r"-?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?")


def read_number(text: str, hint: type) -> Any:
    """A number written as text (a command line's, the lobby's inputs, a tuning range's
    ends), `hint` int or float: plain ASCII digits, a minus sign if negative, finite (Python's
    int() and float() would also take '3_0' (30), ' 7', other scripts' digits, 'inf', '+3'),
    an integer of at most MAX_NUMBER_DIGITS digits; else a ValueError saying what is wrong
    ("must be an integer")."""
    if not (INTEGER if hint is int else NUMBER).fullmatch(text):
        plus = " (written without a plus sign)" if text.startswith("+") else ""
        raise ValueError(f"must be {'an integer' if hint is int else 'a number'}{plus}")
    digits = len(text.lstrip("-"))
    if hint is int and digits > MAX_NUMBER_DIGITS:  # Python's own error named sys functions
        raise ValueError(f"is too long ({digits} digits, at most {MAX_NUMBER_DIGITS})")
    value = hint(text)
    # only a float may be infinite: math.isfinite of an int past a float's range raised
    # OverflowError (a traceback for `--set pool_red=1000...`, 309 digits or more)
    if hint is float and not math.isfinite(value):
        raise ValueError("must be a finite number")
    return value


def parse_assignments(items: list[str]) -> dict[str, str]:
    """`["a=1", "b=x"]` -> `{"a": "1", "b": "x"}`; a malformed item is a ConfigError naming
    it as the --set value it came from (every caller reads --set)."""
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            # the option's name as given, where there is one (`--set players`)
            raise ConfigError(f"--set {shown(item)}: must look like key=value",
                              option=key.strip() or None)
        out[key.strip()] = value.strip()
    return out


def _convert(key: str, raw: Any, hint: Any) -> Any:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or origin is getattr(__import__("types"), "UnionType", None):
        if raw is None or (isinstance(raw, str) and raw.lower() in ("none", "")):
            if type(None) in args:
                return None
        inner = [a for a in args if a is not type(None)]
        return _convert(key, raw, inner[0]) if len(inner) == 1 else raw
    if origin is typing.Literal:
        if raw not in args:
            choices = ", ".join(map(str, args))
            raise ConfigError(f"option {key!r} must be one of {choices}, got {raw!r}", option=key)
        return raw
    if origin is tuple:
        if isinstance(raw, str):
            # spaces around an item go; one inside ("1 1") stays, and is no number
            items = [item.strip(" ") for item in raw.split(",")] if raw.strip(" ") else []
            if "" in items:
                raise ConfigError(f"option {key!r} has an empty item (a comma too many?), "
                                  f"got {raw!r}", option=key)
        elif isinstance(raw, list | tuple):
            items = list(raw)
        else:
            raise ConfigError(f"option {key!r} must be a list, got {raw!r}", option=key)
        item_hint = args[0] if args else str
        converted = []
        for n, item in enumerate(items):
            try:
                converted.append(_convert(key, item, item_hint))
            except ConfigError as exc:
                raise ConfigError(str(exc).replace(f"option {key!r}",
                                                   f"option {key!r} item {n + 1}", 1),
                                  option=key) from None
        return tuple(converted)
    if hint is bool:
        if isinstance(raw, bool):
            return raw
        # Exactly the words `warroom options` gives ("true or false"), as reports and
        # `--set` print them: yes/on/1 or TRUE would pass for a boolean on the command line
        # but nowhere else.
        if raw in ("true", "false"):
            return raw == "true"
        raise ConfigError(f"option {key!r} must be true or false, got {raw!r}", option=key)
    if hint in (int, float):
        kind = "an integer" if hint is int else "a number"
        if isinstance(raw, bool):
            raise ConfigError(f"option {key!r} must be {kind}, got {raw!r}", option=key)
        if isinstance(raw, str):
            try:
                return read_number(raw, hint)
            except ValueError as exc:
                raise ConfigError(f"option {key!r} {exc}, got {shown(raw)}",
                                  option=key) from None
        if hint is int and isinstance(raw, float):  # 100.0 is a JSON client's float
            raise ConfigError(f"option {key!r} must be an integer, got {raw!r}", option=key)
        try:
            value = hint(raw)
        except (TypeError, ValueError):
            raise ConfigError(f"option {key!r} must be {kind}, got {shown(raw)}",
                              option=key) from None
        except OverflowError:  # float() of an int past a float's range: JSON's 1e400 as digits
            value = math.inf
        # JSON's 1e400 is infinity (a stored game's or the lobby's options): no option's number
        if hint is float and not math.isfinite(value):
            raise ConfigError(f"option {key!r} must be a finite number, got {shown(raw)}",
                              option=key)
        return value
    if hint is str:
        if not isinstance(raw, str):
            raise ConfigError(f"option {key!r} must be text, got {raw!r}", option=key)
        return raw
    return raw
