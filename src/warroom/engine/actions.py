"""Actions and their JSON codec.

An action is a frozen dataclass defined by a game; its `label` says what it does in words.
The JSON form is `{"type": ClassName, **fields}`; lists come back as tuples so that decoded
actions compare equal to (and hash like) the ones the state produced.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Any

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
        if not isinstance(data, dict) or "type" not in data:
            raise RecordError(f"{where}: expected an object with a 'type', got {data!r}")
        cls = self.classes.get(data["type"])
        if cls is None:
            known = ", ".join(sorted(self.classes))
            raise RecordError(f"{where}: unknown action type {data['type']!r} (known: {known})")
        names = {f.name for f in dataclasses.fields(cls)}
        given = set(data) - {"type"}
        if given != names:
            raise RecordError(
                f"{where}: {data['type']} needs fields {sorted(names)}, got {sorted(given)}"
            )
        try:
            return cls(**{k: _frozen(v) for k, v in data.items() if k != "type"})
        except (TypeError, ValueError) as exc:
            raise RecordError(f"{where}: {exc}") from None
