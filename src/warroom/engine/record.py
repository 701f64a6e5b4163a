"""Records: `{game, version, config, seed, actions}`. The save format, the replay format, and the
unit a test can pin. Replaying a record reproduces the game exactly, because all chance comes
from the state's seeded RNG."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .actions import to_json
from .config import config_to_json
from .core import Game, State
from .errors import IllegalAction, RecordError


@dataclass
class Record:
    game: str
    version: str
    config: dict[str, Any]
    seed: int
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def start(cls, game: Game, config: Any, seed: int, **meta: Any) -> Record:
        return cls(game.name, game.version, config_to_json(config), seed, [], dict(meta))

    def add(self, player: int, action: Any) -> None:
        self.actions.append((player, to_json(action)))

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "version": self.version,
            "config": self.config,
            "seed": self.seed,
            "actions": [{"player": p, "action": a} for p, a in self.actions],
            **({"meta": self.meta} if self.meta else {}),
        }

    @classmethod
    def from_json(cls, data: Any, where: str = "record") -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"{where}: expected a JSON object")
        for key, kind in (("game", str), ("config", dict), ("seed", int), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise RecordError(f"{where}: field {key!r} is missing or not a {kind.__name__}")
        actions = []
        for i, item in enumerate(data["actions"]):
            if (
                not isinstance(item, dict)
                or not isinstance(item.get("player"), int)
                or not isinstance(item.get("action"), dict)
            ):
                raise RecordError(f"{where}: actions[{i}] must be {{player: int, action: {{...}}}}")
            actions.append((item["player"], item["action"]))
        return cls(
            data["game"],
            str(data.get("version", "1")),
            data["config"],
            data["seed"],
            actions,
            dict(data.get("meta") or {}),
        )

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash mid-write leaves the previous save intact."""
        path = Path(path)
        text = json.dumps(self.to_json(), indent=1)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
        try:
            with os.fdopen(fd, "w") as handle:
                handle.write(text)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise

    @classmethod
    def load(cls, path: str | Path) -> Record:
        path = Path(path)
        try:
            text = path.read_text()
        except OSError as exc:
            raise RecordError(f"{path}: cannot read ({exc.strerror or exc})") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
        return cls.from_json(data, where=str(path))


def replay(game: Game, record: Record) -> Iterator[tuple[State, int | None, Any]]:
    """Yield `(state, player, action)` before each recorded action, then `(final, None, None)`.

    The same state object is mutated as the replay advances; clone it to keep a snapshot.
    """
    if record.game != game.name:
        raise RecordError(f"record is of game {record.game!r}, not {game.name!r}")
    if record.version != game.version:
        raise RecordError(
            f"record was made by {game.name} rules version {record.version}; "
            f"this is version {game.version}"
        )
    config = game.config(record.config)
    state = game.new_state(config, record.seed)
    for i, (player, data) in enumerate(record.actions):
        action = game.codec.decode(data, where=f"actions[{i}]")
        yield state, player, action
        try:
            state.apply(player, action)
        except IllegalAction as exc:
            raise RecordError(f"actions[{i}] does not replay: {exc}") from None
    yield state, None, None


def replay_to_end(game: Game, record: Record) -> State:
    *_, (final, _, _) = replay(game, record)
    return final
