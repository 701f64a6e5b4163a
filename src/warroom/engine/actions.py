"""Actions and their JSON codec.

An action is a frozen dataclass (or a NamedTuple) defined by a game; its `label` says what it
does in words.
The JSON form is `{"type": ClassName, **fields}`; lists come back as tuples so that decoded
actions compare equal to (and hash like) the ones the state produced.

Decoding is strict, by pydantic, against the field types: no bool or float where an int
belongs, no text where a number belongs. A game may narrow a field with `Annotated` (bounds on
an index, the pattern of a card name), so that a record can only name things the game has.
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from .data import shown
from .errors import RecordError


def field_names(action: Any) -> tuple[str, ...]:
    """The names of an action's fields (an action or its class): a dataclass's fields, or a
    NamedTuple's `_fields`."""
    if dataclasses.is_dataclass(action):
        return tuple(f.name for f in dataclasses.fields(action))
    names = getattr(action, "_fields", None)
    cls = action if isinstance(action, type) else type(action)
    if isinstance(names, tuple) and issubclass(cls, tuple):
        return names
    raise TypeError(f"an action is a frozen dataclass or a NamedTuple, not {cls.__name__}")


def to_json(action: Any) -> dict[str, Any]:
    """An action (a game's action dataclass or NamedTuple) as JSON: `{"type": class name,
    field: value, ...}`, as records hold it; `game.codec.decode` reads it back."""
    data = {"type": type(action).__name__}
    for name in field_names(action):
        data[name] = _jsonable(getattr(action, name))
    return data


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple | list):
        return [_jsonable(v) for v in value]
    return value


def _frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


class ActionCodec:
    """Decodes the JSON form of one game's actions back to action objects."""

    def __init__(self, classes: Iterable[type]):
        self.classes = {cls.__name__: cls for cls in classes}

    def decode(self, data: Any, where: str = "action") -> Any:
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise RecordError(f"{where}: expected an object with a 'type', got {shown(data)}")
        cls = self.classes.get(data["type"])
        if cls is None:
            known = ", ".join(sorted(self.classes))
            raise RecordError(f"{where}: unknown action type {shown(data['type'])} "
                              f"(known: {known})")
        names = set(field_names(cls))
        given = set(data) - {"type"}
        if given != names:
            raise RecordError(
                f"{where}: {data['type']} needs fields {sorted(names)}, "
                f"got {sorted(map(str, given))}"
            )
        given_values = {k: _frozen(v) for k, v in data.items() if k != "type"}
        try:
            values = _fields_model(cls).model_validate(given_values).__dict__
        except ValidationError as exc:
            err = exc.errors()[0]
            name, *rest = err["loc"]
            item = "".join(f"[{p}]" for p in rest)
            got = err["input"] if item else data[name]  # as the record wrote it
            raise RecordError(f"{where}: {cls.__name__}.{name}{item}: "
                              f"{err['msg'].removeprefix('Value error, ')}, "
                              f"got {shown(got)}") from None
        try:
            action = cls(**values)
            action.label  # noqa: B018 - a value the game cannot describe is not one of its own
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise RecordError(f"{where}: not a valid {cls.__name__} "
                              f"({type(exc).__name__}: {exc})") from None
        return action


@functools.cache
def _fields_model(cls: type) -> type[BaseModel]:
    """A pydantic model of an action's fields, strict: what a record may hold for them."""
    hints = typing.get_type_hints(cls, include_extras=True)
    fields: dict[str, Any] = {name: (hints[name], ...) for name in field_names(cls)}
    return create_model(f"{cls.__name__}Fields", __config__=ConfigDict(strict=True), **fields)
