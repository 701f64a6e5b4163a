"""Rule options: each game's Config is a frozen dataclass; this turns text into one."""

from __future__ import annotations

import dataclasses
import functools
import typing
from typing import Any

from .errors import ConfigError


def option_names(config_cls: type) -> list[str]:
    return [f.name for f in dataclasses.fields(config_cls)]


def make_config(config_cls: type, values: dict[str, Any] | None = None, game: str = "") -> Any:
    """Build `config_cls` from `values` (already typed or as strings from a command line).

    Unknown keys and unparsable values raise ConfigError naming the option; the dataclass's own
    `__post_init__` checks ranges and combinations.
    """
    values = values or {}
    hints = _option_hints(config_cls)
    kwargs = {}
    for key, raw in values.items():
        if key not in hints:
            where = f" for {game}" if game else ""
            known = ", ".join(hints) or "none"
            raise ConfigError(f"unknown option {key!r}{where}; options are: {known}")
        kwargs[key] = _convert(key, raw, hints[key])
    try:
        return config_cls(**kwargs)
    except (TypeError, ValueError) as exc:
        raise ConfigError(str(exc)) from None


@functools.cache
def _option_hints(config_cls: type) -> dict[str, Any]:
    """Each option's resolved type, in field order: resolving type hints costs more than
    building a config, and a class's hints never change while a process runs."""
    hints = typing.get_type_hints(config_cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(config_cls)}


def config_to_json(config: Any) -> dict[str, Any]:
    return {
        f.name: _plain(getattr(config, f.name)) for f in dataclasses.fields(config)
    }


def _plain(value: Any) -> Any:
    return [_plain(v) for v in value] if isinstance(value, tuple) else value


def parse_assignments(items: list[str]) -> dict[str, str]:
    """`["a=1", "b=x"]` -> `{"a": "1", "b": "x"}`; a malformed item is a ConfigError."""
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"option {item!r} must look like key=value")
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
            raise ConfigError(f"option {key!r} must be one of {choices}, got {raw!r}")
        return raw
    if origin is tuple:
        if isinstance(raw, str):
            items = [s for s in raw.replace(" ", "").split(",") if s]
        elif isinstance(raw, list | tuple):
            items = list(raw)
        else:
            raise ConfigError(f"option {key!r} must be a list, got {raw!r}")
        item_hint = args[0] if args else str
        return tuple(_convert(key, v, item_hint) for v in items)
    if hint is bool:
        if isinstance(raw, bool):
            return raw
        text = str(raw).lower()
        if text in ("1", "true", "yes", "on"):
            return True
        if text in ("0", "false", "no", "off"):
            return False
        raise ConfigError(f"option {key!r} must be true or false, got {raw!r}")
    if hint in (int, float):
        if isinstance(raw, bool):
            raise ConfigError(f"option {key!r} must be a number, got {raw!r}")
        try:
            value = hint(raw)
        except (TypeError, ValueError):
            kind = "an integer" if hint is int else "a number"
            raise ConfigError(f"option {key!r} must be {kind}, got {raw!r}") from None
        if hint is int and isinstance(raw, float) and raw != value:
            raise ConfigError(f"option {key!r} must be an integer, got {raw!r}")
        return value
    if hint is str:
        if not isinstance(raw, str):
            raise ConfigError(f"option {key!r} must be text, got {raw!r}")
        return raw
    return raw
