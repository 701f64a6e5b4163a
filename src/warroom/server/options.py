"""Rule options for the lobby's form, and turning what a client sent into a game's Config.

The form comes from the game's Config dataclass (names, defaults, and its types as the engine
reads them: `engine.config.option_schemas`), exactly what `warroom options` lists. An option
that names a data file (listed by the game as `data_options`) takes a shipped name or an
uploaded file, never a path: uploads are stored in the game store and written to a private
directory when a game needs them (removed when the server stops).

`option_details` says what the form shows of each option: its description (the comment the
Config's source gives the field, `engine.config.option_help`), its allowed values (`warroom
options`' words), and how the lobby lays it out (an option that applies only to some seats or
some other option's values, rarely changed ones under "More options": the game's
`option_layout`).
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import itertools
import os
import re
import secrets
import shutil
import tempfile
import threading
from pathlib import Path
from typing import Any

from ..engine import ConfigError, DataError, Game, config_to_json
from ..engine.config import (
    file_options,
    option_bounds,
    option_choices,
    option_help,
    option_schemas,
)
from ..engine.data import DataOption
from ..engine.embed import EmbeddedFile, with_embedded
from .store import FileRow, GameStore

MAX_UPLOAD = 256 * 1024
UPLOAD_SUFFIXES = (".yaml", ".yml", ".txt")


def web_module(game: Game) -> Any:
    """The game's `web` package (its browser table), or None."""
    if not game.package:
        return None
    try:
        return importlib.import_module(f"{game.package}.web")
    except ModuleNotFoundError:
        return None


def data_options(game: Game) -> dict[str, DataOption]:
    return dict(game.data_options)


def option_schema(game: Game) -> list[dict[str, Any]]:
    """One entry per Config field: name, kind, default, choices, and the data files offered."""
    defaults = config_to_json(game.Config())
    files = data_options(game)
    out = []
    for name, schema in option_schemas(game.Config).items():
        kind, values = _kind(schema)
        # "optional": a union of forms (None, or a file option's empty text), as it always was
        entry: dict[str, Any] = {"name": name, "kind": kind, "default": defaults[name],
                                 "optional": "anyOf" in schema}
        if values:
            entry["choices"] = values
        if name in files:
            entry["kind"] = "file"
            entry["shipped"] = list(files[name].shipped)
        out.append(entry)
    return out


SEAT_OPTION = re.compile(r"(.*\D)(\d+)")


def option_details(game: Game) -> dict[str, dict[str, Any]]:
    """For the lobby's form, by option name: `label` (the name in words), `help` (its
    description, if the Config's source gives one), `allowed` (its values in words, as
    `warroom options` says them), and where they apply: `seat` for one of a family of
    options, one per seat (`deck0` ... `deck7`: offered for the seats in play), `when` (the
    values other options must have), `more` (under "More options"), `fixed` (one value is
    allowed: nothing to choose), `unset` (what an optional option left unset means),
    `players` (a choice's player counts, for choices some counts refuse)."""
    layout = game.option_layout
    notes = option_help(game.Config)
    bounds = option_bounds(game.Config)
    schemas = option_schemas(game.Config)
    names = list(schemas)
    seats = _seat_families(names, game.max_players)
    counts = _player_counts(game) if "players" in schemas else {}
    out: dict[str, dict[str, Any]] = {}
    for name in names:
        entry: dict[str, Any] = {"label": _label(name), "allowed": bounds[name]}
        if name in notes:
            entry["help"] = notes[name]
        if name in seats:
            entry["seat"] = seats[name]
        if name in layout.get("when", {}):
            entry["when"] = layout["when"][name]
        if name in layout.get("more", ()):
            entry["more"] = True
        if _one_value(schemas[name]):
            entry["fixed"] = True
        if {"type": "null"} in schemas[name].get("anyOf", ()):  # None: the game decides
            entry["unset"] = layout.get("unset", "default")
        if name in counts:
            entry["players"] = counts[name]
        out[name] = entry
    return out


def _config_or_none(game: Game, values: dict[str, Any]) -> Any:
    try:
        return game.config(values)
    except (ConfigError, DataError):
        return None


@functools.cache  # the game's rules alone decide (the catalog asks on every lobby load)
def _player_counts(game: Game) -> dict[str, dict[str, list[int]]]:
    """By choice option, the player counts each choice is played by, for the choices the
    game refuses at some count it takes (Battle's teams: 4 or 6 players), so that the form
    says so before Start. Asked of the game's own Config, the other options at their
    defaults: a count refused with the defaults says nothing of an option. (For a game with
    a `players` option; `option_details` asks no other, so the cache sees only games.)"""
    schemas = option_schemas(game.Config)
    if "players" not in schemas:
        return {}
    counts = [n for n in range(game.min_players, game.max_players + 1)
              if _config_or_none(game, {"players": n}) is not None]
    out: dict[str, dict[str, list[int]]] = {}
    for name, schema in schemas.items():
        for choice in option_choices(schema) if name != "players" else ():
            taken = [n for n in counts if _config_or_none(game, {"players": n, name: choice})]
            if taken != counts:
                out.setdefault(name, {})[str(choice)] = taken
    return out


@functools.cache
def team_layouts(game: Game) -> list[dict[str, Any]]:
    """The teams of each way of playing in teams, for the lobby to label its seats: one
    entry per set of option values (`options`, the player count among them) whose config the
    game plays in teams, with its `teams` (seats by team, the game's own `team_seats`). The
    options varied are the player count, each choice option, and the options shown only for
    some choice's values (Battle's team_size, its whole range), the rest at their defaults."""
    if type(game).team_seats is Game.team_seats or "players" not in option_schemas(game.Config):
        return []
    schemas = option_schemas(game.Config)
    when = game.option_layout.get("when", {})
    out: list[dict[str, Any]] = []
    for n in range(game.min_players, game.max_players + 1):
        for name, schema in schemas.items():
            for choice in option_choices(schema) if name != "players" else ():
                base = {"players": n, name: choice}
                if _config_or_none(game, base) is None:
                    continue
                extra = [[(other, v) for v in _small_range(schemas[other])]
                         for other, needs in when.items() if name in needs]
                for picks in itertools.product(*filter(None, extra)):
                    values = {**base, **dict(picks)}
                    config = _config_or_none(game, values)
                    seats = config is not None and game.team_seats(config)
                    if seats:
                        out.append({"options": values, "teams": [list(t) for t in seats]})
    return out


def _small_range(schema: dict[str, Any]) -> list[Any]:
    """An option's values where they are few (a choice, or a whole number's short range)."""
    choices = option_choices(schema)
    low, high = schema.get("minimum"), schema.get("maximum")
    if not choices and isinstance(low, int) and isinstance(high, int) and high - low < 8:
        return list(range(low, high + 1))
    return list(choices)


def _label(name: str) -> str:
    """An option's name in words: `victories_to_win` "Victories to win", `deck0` "Deck 0"."""
    words = re.sub(r"(?<=[a-z])(?=\d)", " ", name.replace("_", " "))
    return words[:1].upper() + words[1:]


def _seat_families(names: list[str], seats: int) -> dict[str, int]:
    """Options that come one per seat (`deck0` to `deck7` for 8 seats), by their seat."""
    families: dict[str, dict[int, str]] = {}
    for name in names:
        match = SEAT_OPTION.fullmatch(name)
        if match:
            families.setdefault(match.group(1), {})[int(match.group(2))] = name
    return {name: seat for family in families.values() if sorted(family) == list(range(seats))
            for seat, name in family.items()} if seats > 1 else {}


def _one_value(schema: dict[str, Any]) -> bool:
    """Whether an option's JSON Schema allows one value only (`ge=2, le=2`, one Literal)."""
    low = schema.get("minimum")
    return (low is not None and low == schema.get("maximum")) \
        or len(option_choices(schema)) == 1


def _kind(schema: dict[str, Any]) -> tuple[str, list[Any]]:
    """The form's input for an option's JSON Schema, and its choices (a Literal's values):
    an optional option's is that of what it takes besides none; text for several forms."""
    if "anyOf" in schema:
        inner = [s for s in schema["anyOf"] if s.get("type") != "null"]
        return _kind(inner[0]) if len(inner) == 1 else ("text", [])
    if option_choices(schema):
        return "choice", option_choices(schema)
    kinds = {"boolean": "bool", "integer": "int", "number": "float", "array": "list"}
    return kinds.get(schema.get("type", ""), "text"), []


class Uploads:
    """Uploaded data files: stored in the game store, written under a private directory (by
    content hash) when a game needs one, and checked by the game's own loader.

    `add` runs in a worker thread (the server's, one upload at a time) while the event loop
    creates games from stored files: it checks a copy of its own, never the one games read."""

    def __init__(self, store: GameStore):
        self.store = store
        self.dir: Path | None = None  # made when a game first needs a file, removed by close
        self._making = threading.Lock()  # the directory, made once by either thread

    def close(self) -> None:
        """Remove the private directory (the files stay in the store)."""
        if self.dir is not None:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def add(self, game: Game, option: str, name: str, content: bytes) -> FileRow:
        """Check an uploaded file with the option's loader and store it (the loader reads a
        copy of its own, removed after: a refused file, or one the store cannot take, leaves
        nothing behind, and games read their copies undisturbed meanwhile)."""
        spec = data_options(game).get(option)
        if spec is None:
            raise ConfigError(f"option {option!r} of {game.name} does not take a file",
                              option=option)
        if len(content) > MAX_UPLOAD:
            raise DataError(f"larger than {MAX_UPLOAD // 1024} KiB", where=name)
        row = FileRow(hashlib.sha256(content).hexdigest(), game.name, option,
                      _safe_name(name), content)
        copy = self._private() / f"check-{secrets.token_hex(8)}{self._suffix(row, spec)}"
        copy.write_bytes(row.content)
        try:
            self._check(spec, row, copy)
        finally:
            copy.unlink(missing_ok=True)
        self.store.add_file(row)
        # The same content is one file, kept under the name it was first uploaded with: the
        # name games record and the response tells.
        return self.store.file(row.sha) or row

    def _private(self) -> Path:
        with self._making:
            if self.dir is None:
                self.dir = Path(tempfile.mkdtemp(prefix="warroom-uploads-"))
            return self.dir

    def path(self, row: FileRow, spec: DataOption) -> Path:
        self._private()
        path = self._where(row, spec)
        if not path.exists():  # whole or not at all, for whoever reads it
            part = path.with_name(f"part-{secrets.token_hex(8)}-{path.name}")
            part.write_bytes(row.content)
            os.replace(part, path)
        return path

    def _where(self, row: FileRow, spec: DataOption) -> Path:
        assert self.dir is not None
        return self.dir / (row.sha + self._suffix(row, spec))

    @staticmethod
    def _suffix(row: FileRow, spec: DataOption) -> str:
        """The suffix a copy is read by (a loader may tell YAML from text by it)."""
        suffix = Path(row.name).suffix.lower()
        return suffix if suffix in UPLOAD_SUFFIXES else spec.suffix

    def _written(self, row: FileRow, spec: DataOption) -> bool:
        """Whether `row`'s copy is in the private directory already (a game may read it)."""
        return self.dir is not None and self._where(row, spec).exists()

    def check(self, spec: DataOption, row: FileRow, option: str) -> None:
        """The game's loader reads the file from its copy in the private directory, for
        `option`; a file it refuses leaves no copy behind (unless one was there before: a game
        may read it)."""
        kept = self._written(row, spec)
        path = self.path(row, spec)
        try:
            self._check(spec, row, path)
        except BaseException as exc:
            if not kept:
                path.unlink(missing_ok=True)
            if isinstance(exc, DataError):  # about `option`, not the one it was uploaded for
                raise exc.but(option=option) from None
            raise

    @staticmethod
    def _check(spec: DataOption, row: FileRow, path: Path) -> None:
        try:
            spec.check(str(path))
        except DataError as exc:  # name the file as the person knows it, not ours
            raise as_named(exc, {str(path): row.name}).but(option=row.option) from None

    def resolve(self, game: Game, values: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
        """Option values as Config takes them, and {path: uploaded name} for records."""
        files = data_options(game)
        out: dict[str, Any] = {}
        names: dict[str, str] = {}
        for key, value in values.items():
            spec = files.get(key)
            if spec is None:
                if not _plain(value):
                    raise ConfigError(f"option {key!r} must be a value or a list of values",
                                      option=key)
                # a safety net for a file option not listed; free text ("1/2 of the realm")
                # is no path
                if key in file_options(game.Config) and _looks_like_path(value):
                    raise ConfigError(f"option {key!r}: a client cannot name a path on the "
                                      "server", option=key)
                out[key] = value
                continue
            if value in (None, "", {}):
                continue
            if (not isinstance(value, dict) or len(value) != 1
                    or not isinstance(next(iter(value.values())), str)):
                raise ConfigError(f"option {key!r}: choose a shipped file or upload one "
                                  "(by its name)", option=key)
            if "shipped" in value:
                shipped = spec.shipped_value(value["shipped"])
                if shipped is None:
                    known = ", ".join(spec.shipped)
                    raise ConfigError(f"option {key!r}: no shipped file {value['shipped']!r} "
                                      f"(shipped: {known})", option=key)
                out[key] = shipped
            elif "upload" in value:
                row = self.store.file(value["upload"])
                if row is None:
                    raise ConfigError(f"option {key!r}: no such uploaded file", option=key)
                if (row.game, row.option) != (game.name, key):
                    # The same content first uploaded for another game or option (one file
                    # by its hash): checked by this option's loader instead.
                    self.check(spec, row, key)
                path = self.path(row, spec)
                out[key] = str(path)
                names[str(path)] = row.name
            else:
                raise ConfigError(f"option {key!r}: choose a shipped file or upload one",
                                  option=key)
        return out, names


def _plain(value: Any) -> bool:
    if isinstance(value, list):
        return all(isinstance(v, str | int | float | bool) for v in value)
    return value is None or isinstance(value, str | int | float | bool)


def _looks_like_path(value: Any) -> bool:
    items = value if isinstance(value, list) else [value]
    return any(isinstance(v, str) and ("/" in v or "\\" in v or v.startswith("~")
                                       or v.startswith(".") and not _number(v))
               for v in items)


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _safe_name(name: str) -> str:
    """An uploaded file's name as records keep it: its last part, letters, digits and `._- `
    only, "upload" for a name left with no letter or digit (`..`, `.`, `---`)."""
    base = Path(name or "upload").name
    safe = "".join(c for c in base if c.isalnum() or c in "._- ")[:80].strip()
    return safe if any(c.isalnum() for c in safe) else "upload"


def config_from(game: Game, values: dict[str, Any], uploads: Uploads,
                files: dict[str, EmbeddedFile] | None = None) -> tuple[Any, dict[str, str]]:
    """The Config for `values` (a ConfigError or DataError names the option at fault). With
    `files` (the copies a stored game keeps of its data files, by option), each of those
    options reads its copy, never the file on disk: a shipped file may have changed since."""
    if not isinstance(values, dict):
        raise ConfigError("options must be an object of name: value")
    resolved, names = uploads.resolve(game, values)  # first: a path is refused as a path
    if files:
        resolved = with_embedded(game, resolved, files)
    try:
        return game.config(resolved), names
    except DataError as exc:  # an uploaded file as the person named it, never our copy's path
        raise as_named(exc, names) from None


def as_named(exc: DataError, names: dict[str, str]) -> DataError:
    """`exc` with each of our copies' paths (`names`' keys: a private directory's) said as
    the file's name as it was uploaded (their values), in its `where` and its problem."""
    where, problem = exc.where, exc.problem
    for ours, named in names.items():
        where = None if where is None else where.replace(ours, named)
        problem = problem.replace(ours, named)
    if problem == exc.problem:
        return exc.but(where=where)
    return type(exc)(problem, exc.option, where=where)


def field_of(error: Exception | None) -> str | None:
    """The option an error is about (`ConfigError.option`, `DataError.option`: for one the
    game does not have, the name the client sent), so the form can show it there."""
    return getattr(error, "option", None)
