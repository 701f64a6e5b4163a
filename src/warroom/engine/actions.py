"""Actions and their JSON codec.

An action is a frozen dataclass defined by a game; its `label` says what it does in words.
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

from pydantic import ConfigDict, TypeAdapter, ValidationError

from .errors import RecordError


def to_json(action: Any) -> dict[str, Any]:
    data = {"type": type(action).__name__}
    for field in dataclasses.fields(action):
        data[field.name] = _jsonable(getattr(action, field.name))
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
            raise RecordError(f"{where}: expected an object with a 'type', got {_short(data)}")
        cls = self.classes.get(data["type"])
        if cls is None:
            known = ", ".join(sorted(self.classes))
            raise RecordError(f"{where}: unknown action type {_short(data['type'])} "
                              f"(known: {known})")
        names = {f.name for f in dataclasses.fields(cls)}
        given = set(data) - {"type"}
        if given != names:
            raise RecordError(
                f"{where}: {data['type']} needs fields {sorted(names)}, "
                f"got {sorted(map(str, given))}"
            )
        values = {}
        for name, adapter in _field_adapters(cls).items():
            try:
                values[name] = adapter.validate_python(_frozen(data[name]))
            except ValidationError as exc:
                err = exc.errors()[0]
                item = "".join(f"[{p}]" for p in err["loc"])
                got = err["input"] if item else data[name]  # as the record wrote it
                raise RecordError(f"{where}: {cls.__name__}.{name}{item}: "
                                  f"{err['msg'].removeprefix('Value error, ')}, "
                                  f"got {_short(got)}") from None
        try:
            action = cls(**values)
            action.label  # noqa: B018 - a value the game cannot describe is not one of its own
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as exc:
            raise RecordError(f"{where}: not a valid {cls.__name__} "
                              f"({type(exc).__name__}: {exc})") from None
        return action


@functools.cache
def _field_adapters(cls: type) -> dict[str, TypeAdapter]:
    hints = typing.get_type_hints(cls, include_extras=True)
    strict = ConfigDict(strict=True)
    return {f.name: TypeAdapter(hints[f.name], config=strict) for f in dataclasses.fields(cls)}


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
