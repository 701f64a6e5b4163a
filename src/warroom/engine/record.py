"""Records: the save format, the replay format, and the unit a test can pin. As written
(`Record.to_json`; keys this version does not know first, kept as they were read):

    {game, version, config, seed, actions: [{player, action}], resigned?, outcome?, meta?,
     files?}

Replaying a record reproduces the game exactly, because all chance comes from the state's
seeded RNG, and every data file the config names travels with it (`files`: option ->
{sha256, text}; see embed.py). A record without `files` (made before they were embedded)
reads the files on disk, as it always did.

A game can also end outside its rules, when a seat resigns: `resigned: {seat, at}` says which
seat gave up after how many actions (all of them: nothing is played after a resignation).
`record_outcome` gives a record's outcome either way; a record without `resigned` ended, or
not, by its rules alone, as records always did.

`outcome: {winners, scores, reason, draw, details?}` (exactly `Outcome.to_json`) is how the
game ended by its rules, as `play --save` writes it at the end: a replay that reaches the end
must give that outcome, value for value (a game whose rules are not deterministic showed
nothing otherwise); a record whose actions stop short of it was cut to take the game back,
and its outcome is set aside (`play --resume` drops it). Optional: records made before it,
unfinished ones and those a program saves (`play_game`'s record) have none, nor has a game
that ended by a resignation (one given is set aside).

`meta` (written by `play`; optional): `players` names each seat's player;
`players_changed: [{seat, at, was, now}]` says whose player a resume replaced, and after how
many actions (a record without it had the same players throughout, or is older than the
field); `handed_to_ai` which seats the AI played on for a person (who resigned a game that
went on, at the browser table or the terminal, or was away from the browser table);
`seed_chosen: true` that the seed was chosen (`play --seed`), not drawn."""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError, model_validator

from .actions import to_json
from .config import config_to_json, make_config, option_names
from .core import SEED_MAX, SEED_MIN, Game, Outcome, State, check_seed
from .data import (
    MAX_DATA_BYTES,
    DuplicateKeyError,
    NumberTooLongError,
    displayable,
    loads_json,
    looks_utf16,
    one_line,
    read_bytes,
    shortened,
    shown,
)
from .embed import (
    MAX_EMBEDDED_BYTES,
    EmbeddedFile,
    digest,
    embed_files,
    file_checks,
    name_copies,
    with_embedded,
)
from .errors import ConfigError, DataError, IllegalAction, RecordError
from .files import write_atomic

MAX_SEATS = 64
MAX_RECORD_BYTES = 64 << 20  # a record of a million decisions is about 60 MB

Seed = Annotated[int, Field(ge=SEED_MIN, le=SEED_MAX)]


class _Entry(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    player: Annotated[int, Field(ge=0, lt=MAX_SEATS)]
    action: dict[str, Any]


class _Resigned(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    seat: Annotated[int, Field(ge=0, lt=MAX_SEATS)]
    at: Annotated[int, Field(ge=0)]


class _Handed(BaseModel):
    """A seat the AI played from `at` actions on (its person resigned in a game that went
    on, or was away from the browser table)."""

    model_config = ConfigDict(strict=True, extra="forbid")
    seat: Annotated[int, Field(ge=0, lt=MAX_SEATS)]
    at: Annotated[int, Field(ge=0)]
    agent: Annotated[str, Field(max_length=200), AfterValidator(one_line)]
    why: Literal["resigned", "away"]


class _Outcome(BaseModel):
    """How the game ended by its rules (`Outcome.to_json`): what its replay must give. Its
    keys are that JSON's and no others; `draw` is true exactly when `winners` is empty."""

    model_config = ConfigDict(strict=True, extra="forbid")
    winners: Annotated[list[Annotated[int, Field(ge=0, lt=MAX_SEATS)]],
                       Field(max_length=MAX_SEATS)]
    scores: Annotated[list[float], Field(max_length=MAX_SEATS)]
    reason: Annotated[str, Field(max_length=1000)]
    draw: bool
    details: dict[str, Any] | None = None

    @model_validator(mode="after")
    def _draw_has_no_winners(self) -> _Outcome:
        if self.draw and self.winners:
            raise ValueError(f"draw is true, but winners names player"
                             f"{'s' if len(self.winners) > 1 else ''} "
                             f"{', '.join(map(str, self.winners))}: a draw has no winners")
        if not self.draw and not self.winners:
            raise ValueError("draw is false, but winners is empty: a game without winners "
                             "is a draw")
        return self


class _Changed(BaseModel):
    """A seat whose player was replaced when the game was resumed: `was` played it to action
    `at`, `now` from there on (`play --resume` with other --players)."""

    model_config = ConfigDict(strict=True, extra="forbid")
    seat: Annotated[int, Field(ge=0, lt=MAX_SEATS)]
    at: Annotated[int, Field(ge=0)]
    was: Annotated[str, Field(max_length=200), AfterValidator(one_line)]
    now: Annotated[str, Field(max_length=200), AfterValidator(one_line)]


# Replacements a record keeps, at most (a bound on what a file can make replay print).
MAX_CHANGES = 1000


class _Meta(BaseModel):
    model_config = ConfigDict(strict=True, extra="allow")
    # The players' SPECs by seat: `play` and `replay` print them, so a control character in
    # one would reach the terminal (retitle it, clear it) as a result line is shown.
    players: Annotated[list[Annotated[str, Field(max_length=200), AfterValidator(one_line)]],
                       Field(max_length=MAX_SEATS)] | None = None
    handed_to_ai: Annotated[list[_Handed], Field(max_length=MAX_SEATS)] | None = None
    # Who played a seat before a resume replaced its player (older records have none).
    players_changed: Annotated[list[_Changed], Field(max_length=MAX_CHANGES)] | None = None
    # Whether the seed was the user's (`play --seed`): a resume's start line says it again
    # only for `true`, so "yes" or 1 was read as a drawn seed without a word.
    seed_chosen: bool | None = None


class _File(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")
    sha256: Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]
    text: Annotated[str, Field(max_length=MAX_DATA_BYTES)]

    @model_validator(mode="after")
    def _intact(self) -> _File:
        if digest(self.text) != self.sha256:
            raise ValueError("the text does not match its sha256 (the record was altered)")
        return self


class _RecordFile(BaseModel):
    """The JSON form of a record, decoded strictly. Top-level keys it does not know are kept
    (a later format may add some), not refused."""

    model_config = ConfigDict(strict=True, extra="allow")
    game: Annotated[str, Field(min_length=1, max_length=64)]
    version: Annotated[str, Field(max_length=64)] = "1"
    config: dict[str, Any]
    seed: Seed
    actions: list[_Entry]
    resigned: _Resigned | None = None
    outcome: _Outcome | None = None
    meta: _Meta = _Meta()
    files: dict[Annotated[str, Field(max_length=64)], _File] = {}

    @model_validator(mode="after")
    def _bounded(self) -> _RecordFile:
        if sum(len(f.text) for f in self.files.values()) > MAX_EMBEDDED_BYTES:
            raise ValueError(f"embedded files hold more than {MAX_EMBEDDED_BYTES >> 20} MiB")
        return self


@dataclass(frozen=True)
class Resignation:
    """A seat that gave the game up after `at` actions, ending it (see `resignation_outcome`)."""

    seat: int
    at: int

    def to_json(self) -> dict[str, int]:
        return {"seat": self.seat, "at": self.at}


@dataclass
class Record:
    game: str
    version: str
    config: dict[str, Any]
    seed: int
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    # Top-level keys of the file this code does not know: written back as they were.
    extra: dict[str, Any] = field(default_factory=dict)
    # The data files the config names, by option (empty: a record made before they were
    # embedded, whose replay reads the files on disk).
    files: dict[str, EmbeddedFile] = field(default_factory=dict)
    # The resignation that ended the game, if one did (None: it ends, or not, by its rules).
    resigned: Resignation | None = None
    # How the game ended by its rules (`Outcome.to_json()`), written when it ends (None: not
    # ended, or not said): a replay must end the same way (see `replay`).
    outcome: dict[str, Any] | None = None
    # Where the record was read from, for error messages (not part of the record).
    source: str = field(default="", compare=False, repr=False)
    # False when the file has no `version`: it reads as "1" (records older than the field),
    # but to a game of another version the field is missing, not of version "1".
    version_given: bool = field(default=True, compare=False, repr=False)
    # The log's length before each action, as the last replay to the end found it, with the
    # list of actions it replayed (`replay_marks` reads it): placing a replay's events by
    # action then needs no second replay of a long game. Not part of the record.
    log_marks: tuple[list[tuple[int, dict[str, Any]]], list[int]] | None = field(
        default=None, compare=False, repr=False)

    @classmethod
    def start(cls, game: Game, config: Any, seed: int, **meta: Any) -> Record:
        """A new record, with no actions yet, of a game of `config` (the game's Config) and
        `seed` (an int in the signed 64-bit range: what `load` reads back); `meta` goes to
        its `meta` (`players=[SPEC, ...]`). ConfigError for any other config or seed."""
        game.check_config(config)
        check_seed(seed)
        return cls(game.name, game.version, config_to_json(config), seed, [], dict(meta),
                   files=embed_files(game, config))

    def add(self, player: int, action: Any) -> None:
        self.actions.append((player, to_json(action)))

    def to_json(self) -> dict[str, Any]:
        return {
            **self.extra,
            "game": self.game,
            "version": self.version,
            "config": self.config,
            "seed": self.seed,
            "actions": [{"player": p, "action": a} for p, a in self.actions],
            **({"resigned": self.resigned.to_json()} if self.resigned else {}),
            **({"outcome": self.outcome} if self.outcome is not None else {}),
            **({"meta": self.meta} if self.meta else {}),
            **({"files": {k: f.to_json() for k, f in self.files.items()}} if self.files else {}),
        }

    @classmethod
    def from_json(cls, data: Any, where: str = "record") -> Record:
        if not isinstance(data, dict):
            raise RecordError(f"{where}: expected a JSON object")
        try:
            model = _RecordFile.model_validate(data)
        except ValidationError as exc:
            raise RecordError(f"{where}: {_problem(exc)}") from None
        meta = data.get("meta") or {}
        return cls(model.game, model.version, model.config, model.seed,
                   [(e.player, e.action) for e in model.actions], dict(meta),
                   dict(model.model_extra or {}),
                   {k: EmbeddedFile(f.sha256, f.text) for k, f in model.files.items()},
                   Resignation(model.resigned.seat, model.resigned.at)
                   if model.resigned else None,
                   dict(data["outcome"]) if model.outcome is not None else None,
                   source=where if where != "record" else "", version_given="version" in data)

    def save(self, path: str | Path) -> None:
        """Write atomically: a crash mid-write leaves the previous save intact. A failure is a
        RecordError saying why; the previous save is then untouched."""
        path = Path(path)
        text = json.dumps(self.to_json(), indent=1)
        if not path.parent.is_dir():
            why = f"{path.parent} is not a folder" if path.parent.exists() else "no such folder"
            raise RecordError(f"{path}: cannot save here ({why})")
        try:
            write_atomic(path, text, private=True)
        except OSError as exc:
            raise RecordError(f"{path}: cannot save ({exc.strerror or exc}); "
                              "the previous save, if any, is intact") from None

    @classmethod
    def load(cls, path: str | Path) -> Record:
        path = Path(path)
        raw = read_bytes(path, MAX_RECORD_BYTES, RecordError, "a record")
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(f"{path}: larger than {MAX_RECORD_BYTES >> 20} MiB; not a record")
        if raw.startswith(b"SQLite format 3\0"):  # NUL bytes too, but no text at all
            raise RecordError(f"{path}: an SQLite database (a warroom results or games "
                              "database?), not a record: `warroom export DB --run ID --index "
                              "I --record FILE` writes a stored game as one")
        if looks_utf16(raw):
            raise RecordError(f"{path}: looks like UTF-16 text (a byte-order mark or NUL "
                              "bytes), not UTF-8, so not a record: save it as UTF-8") from None
        bom = b"\xef\xbb\xbf" if raw.startswith(b"\xef\xbb\xbf") else b""
        try:
            # A byte-order mark (an editor on Windows may write one) is not part of the JSON.
            data = loads_json(raw[len(bom):].decode("utf-8"))
        except UnicodeDecodeError as exc:
            # the byte at fault and where, in the file: Latin-1 text ("café") read as a
            # binary file was all it said
            raise RecordError(f"{path}: not UTF-8 text (byte 0x{raw[len(bom) + exc.start]:02X} "
                              f"at offset {len(bom) + exc.start}), so not a record: save it "
                              "as UTF-8") from None
        except (DuplicateKeyError, NumberTooLongError) as exc:  # each says where
            raise RecordError(f"{path}: {exc}") from None
        except json.JSONDecodeError as exc:
            # json's message may end in "... starting at" (the place follows): say it whole
            what = re.sub(r"( starting)? at$", "", exc.msg)
            raise RecordError(f"{path}: not valid JSON (line {exc.lineno}, column {exc.colno}: "
                              f"{what})") from None
        except RecursionError:
            raise RecordError(f"{path}: not a record (its JSON is nested too deeply)") from None
        except ValueError as exc:
            raise RecordError(f"{path}: not a record ({str(exc).splitlines()[0]})") from None
        return cls.from_json(data, where=str(path))

    def is_prefix_of(self, other: Record) -> bool:
        """The same game, options and seed, and `other` goes on from where this one is: a
        save of this game at an earlier (or the same) point."""
        return (self.game == other.game and self.version == other.version
                and self.config == other.config and self.seed == other.seed
                and (not self.files or not other.files or self.files == other.files)
                and self.actions == other.actions[:len(self.actions)]
                # a resigned game goes on nowhere: only the same record follows it
                and (self.resigned is None or (self.resigned == other.resigned
                                               and self.actions == other.actions)))


# What each part of a record must be, in a user's words: pydantic's message names the class
# that decodes it ("a valid dictionary or instance of _Entry").
_SHAPES = {
    "_Entry": "an object with player and action",
    "_Resigned": "an object with seat and at",
    "_Meta": "an object",
    "_Handed": "an object with seat, at, agent and why",
    "_Changed": "an object with seat, at, was and now",
    "_Outcome": "an object with winners, scores, reason and draw",
    "_File": "an object with sha256 and text",
}


def _problem(exc: ValidationError) -> str:
    """'actions[3].player: Input should be a valid integer, got True' for the first problem."""
    err = exc.errors()[0]
    where = ""
    for part in err["loc"]:
        where += f"[{part}]" if isinstance(part, int) else (f".{part}" if where else str(part))
    message = err["msg"].removeprefix("Value error, ")
    if err["type"] == "missing":
        return f"field {where!r} is missing"
    if err["type"] == "model_type":
        shape = _SHAPES.get(err.get("ctx", {}).get("class_name", ""), "an object")
        message = f"must be {shape}"
    # Our own checks say what is wrong in full; a part of a whole object or of a long text
    # would say nothing more.
    if err["type"] in ("value_error", "string_too_long") or isinstance(err["input"],
                                                                       (dict, list)):
        return f"{where or 'record'}: {message}"
    return f"{where or 'record'}: {message}, got {shown(err['input'])}"


def record_config(game: Game, record: Record) -> Any:
    """The Config a record was played with, its options read strictly (as JSON holds them),
    its data files read from the record (when it carries them), never from disk."""
    where = f"{record.source}: " if record.source else ""
    try:
        values = game.record_options(with_embedded(game, record.config, record.files))
    except DataError as exc:
        raise RecordError(f"{where}{exc}") from None
    try:
        return make_config(game.Config, values, game.name, strict=True)
    except (ConfigError, DataError) as exc:
        raise RecordError(f"{where}config: {name_copies(str(exc), values, record.files)}"
                          ) from None


FIT_ACTIONS = 20  # the actions a record's fit to a game is judged on (decoding is cheap)


def misfit(game: Game, record: Record) -> str:
    """Why `record` cannot be a record of `game` whatever its rules version, in words ("its
    config has options kow does not take: 'players', 'teams'"); '' when its config names only
    options `game` takes and its first actions are `game`'s kind of action. A record whose
    `game` field was changed to another game's name is told by this, not by the version."""
    try:
        options = game.record_options(dict(record.config))
    except (ConfigError, DataError, TypeError, ValueError):
        options = record.config
    names = set(option_names(game.Config))
    foreign = [key for key in options if key not in names]
    if foreign:
        listed = ", ".join(shown(key) for key in foreign[:3])
        more = f" and {len(foreign) - 3} more" if len(foreign) > 3 else ""
        return f"its config has options {game.name} does not take: {listed}{more}"
    for i, (_, data) in enumerate(record.actions[:FIT_ACTIONS]):
        try:
            game.codec.decode(data, where=f"actions[{i}]")
        except RecordError:
            return f"actions[{i}] is no action of {game.name}"
    return ""


def games_fitting(record: Record, games: Iterable[Game]) -> list[Game]:
    """The `games` (other than the one the record names) that `record` fits (see `misfit`),
    those of its rules version first; none if it fits none."""
    fitting = [g for g in games if g.name != record.game and not misfit(g, record)]
    same = [g for g in fitting if g.version == record.version]
    return same or fitting


def check_game_field(game: Game | None, record: Record, games: Iterable[Game]) -> None:
    """Refuse, saying so, a record whose `game` field names another game than the one it
    holds: one edited by hand was refused as a "rules version" mismatch, or by an option of
    its config, which says nothing of what happened. `game` is the game the field names (None:
    no registered game has that name); `games` those the record may be of instead. A record
    that fits its own game, or none of `games`, is left to the checks that follow (which name
    the version, the option or the action at fault)."""
    where = f"{record.source}: " if record.source else ""
    problem = misfit(game, record) if game is not None else f"no game is called {record.game!r}"
    others = games_fitting(record, games) if problem else []
    if not others:
        return
    names = " or ".join(repr(g.name) for g in others[:3])
    raise RecordError(f"{where}the record says it is a game of {record.game!r}, but it holds "
                      f"a game of {names} ({problem}); was its game field changed?")


# Why a record made by play does not replay, most often (a record's actions were legal when
# they were played): the rules drew on something other than the state's own RNG.
REPLAY_HINT = ("if the record was not edited, the game's rules draw randomness outside the "
               "state's own rng (Python's random module, the clock, a set's order), and so play "
               "differently on replay: every draw must come from state.rng")


def _refused(state: State, player: int, exc: IllegalAction) -> str:
    """Why `state` refused a recorded action of `player`: an action of a seat not to move
    says who is (the state's own words named only the seat refused). REPLAY_HINT follows in
    every case: rules that play differently on replay may end a game early or hand the move
    to another seat as well as refuse an action, and it says "if the record was not
    edited"."""
    movers = state.to_move()
    if not state.is_terminal() and player not in movers:
        who = (f"player {movers[0]} is" if len(movers) == 1 else
               f"players {', '.join(map(str, movers))} are" if movers else "no player is")
        return f"recorded for player {player}, but {who} to move ({REPLAY_HINT})"
    return f"{exc} ({REPLAY_HINT})"


def replay(game: Game, record: Record) -> Iterator[tuple[State, int | None, Any]]:
    """Yield `(state, player, action)` before each recorded action, then `(final, None, None)`.

    The same state object is mutated as the replay advances; clone it to keep a snapshot.
    """
    where = f"{record.source}: " if record.source else ""
    if record.game != game.name:
        raise RecordError(f"{where}record is of game {record.game!r}, not {game.name!r}")
    if record.version != game.version and not record.version_given:
        raise RecordError(f"{where}version: missing, so of rules version 1 (older than the "
                          f"field); this is {game.name} rules version {game.version}: replay "
                          "or finish it with the warroom release that made it"
                          f"{game.older_rules_hint('1')}")
    if record.version != game.version:
        raise RecordError(
            f"{where}record was made by {game.name} rules version {_short(record.version)}; "
            f"this is version {game.version}: replay or finish it with the warroom release "
            f"that made it{game.older_rules_hint(record.version)}"
        )
    state = game.new_state(record_config(game, record), record.seed)
    marks: list[int] = []
    for i, (player, data) in enumerate(record.actions):
        try:
            action = game.codec.decode(data, where=f"actions[{i}]")
        except RecordError as exc:
            raise RecordError(f"{where}{exc}") from None
        marks.append(len(state.log))
        yield state, player, action
        try:
            state.apply(player, action)
        except IllegalAction as exc:
            raise RecordError(f"{where}actions[{i}] does not replay: "
                              f"{_refused(state, player, exc)}") from None
    # Not over: actions cut short to take the game back (or ended by a resignation, which
    # has no outcome of the rules): the recorded outcome is of the game it was, set aside.
    if record.outcome is not None and record.resigned is None and state.is_terminal():
        _check_outcome(record, state, where)
    record.log_marks = (record.actions, marks)
    yield state, None, None


# Why a recorded outcome is not the replay's, when the record was played as it says.
OUTCOME_HINT = ("if the record was not edited, the game's rules are not deterministic, or "
                "changed without a version bump")
_OUTCOME_KEYS = ("winners", "scores", "reason", "draw", "details")


def _check_outcome(record: Record, final: State, where: str) -> None:
    """The replay of a record that says how its game ended must end so, value for value:
    else the record was edited, or the game's rules drew on something other than the state's
    seeded RNG, or changed unversioned. Each value must also be written as the game writes
    it (a whole number without a decimal point: `3.0` is refused where the game gives 3)."""
    assert record.outcome is not None
    recorded = record.outcome
    ended = final.outcome()
    replayed = json.loads(json.dumps(ended.to_json())) if ended is not None else {}
    differ = [key for key in _OUTCOME_KEYS if replayed.get(key) != recorded.get(key)]
    if differ:
        said, gives = _ended(recorded), _ended(replayed)
        # the summaries leave out details (and the difference of a draw): name the field
        which = "" if said != gives else (
            f"; they differ in {differ[0]}: {_json(recorded.get(differ[0]))} in the record, "
            f"{_json(replayed.get(differ[0]))} in the replay")
        raise RecordError(f"{where}outcome: the replay ends otherwise than the game did: the "
                          f"game ended: {said}; its replay: {gives}{which} ({OUTCOME_HINT})")
    for key in _OUTCOME_KEYS:
        why = _unlike(replayed.get(key), recorded.get(key))
        if why:
            raise RecordError(f"{where}outcome.{key}: got {_json(recorded.get(key))}, but the "
                              f"game gives {_json(replayed.get(key))}: {why}")


def _unlike(given: Any, value: Any) -> str:
    """Why `value` (a record's, equal to `given` by ==) is not written as the game writes
    `given`, or '' if it is: a whole number written as 3.0, true for 1. A number the game
    gives with a decimal point may be written without one (a JSON number is a float too)."""
    if isinstance(given, bool) or isinstance(value, bool):
        if type(given) is type(value):
            return ""
        return ("true or false, not a number" if isinstance(given, bool)
                else "a number, not true or false")
    if isinstance(given, int) and not isinstance(value, int):
        return "whole numbers, written without a decimal point (3, not 3.0)"
    if isinstance(given, list) and isinstance(value, list):
        return next((why for a, b in zip(given, value) if (why := _unlike(a, b))), "")
    if isinstance(given, dict) and isinstance(value, dict):
        return next((why for k in given if (why := _unlike(given[k], value.get(k)))), "")
    return ""


def _json(value: Any) -> str:
    """A value of a record's JSON as the file writes it, for a one-line message."""
    return shortened(displayable(json.dumps(value)))


def _ended(outcome: dict[str, Any]) -> str:
    """"player 1 won (most points; scores 2, 3)", of an outcome's JSON."""
    winners = list(outcome.get("winners") or ())
    who = ("a draw" if not winners else
           f"player{'s' if len(winners) > 1 else ''} {', '.join(map(str, winners))} won")
    scores = ", ".join(f"{x:g}" if isinstance(x, float) else str(x)
                       for x in outcome.get("scores") or ())
    return f"{who} ({shortened(displayable(str(outcome.get('reason', ''))))}; scores {scores})"


def _short(value: str) -> str:
    return repr(value) if len(value) <= 20 else repr(value[:17] + "...")


def replay_to_end(game: Game, record: Record) -> State:
    """The state after every action of `record` (a game of `game`), replayed and checked
    as `replay` does it: RecordError if the record is of another game or rules version, or
    an action does not replay."""
    *_, (final, _, _) = replay(game, record)
    return final


def replay_marks(game: Game, record: Record) -> list[int]:
    """The length of the log before each of `record`'s actions (a game of `game`): as its
    last replay to the end noted them (`Record.log_marks`), else by replaying it now."""
    kept = record.log_marks
    if kept is None or kept[0] is not record.actions or len(kept[1]) != len(record.actions):
        replay_to_end(game, record)
        kept = record.log_marks
    assert kept is not None
    return kept[1]


def _log_places(final: State, events: list[dict[str, Any]]) -> list[int | None]:
    """Where each of `events` (entries of `final.log` in their order, as every game's
    observation gives them) is in `final.log`; None for one not in it (which a game's
    observation would have made up)."""
    log = final.log
    at = 0
    out: list[int | None] = []
    for event in events:
        found = next((i for i in range(at, len(log))
                      if log[i][1] is event or log[i][1] == event), None)
        out.append(found)
        if found is not None:
            at = found + 1
    return out


def event_actions(game: Game, record: Record, final: State,
                  events: list[dict[str, Any]]) -> list[int | None]:
    """For each of `events` (a viewer's log of `final`, the state after `record`'s actions:
    entries of `final.log` in their order, as every game's observation gives them), the index
    in `record.actions` of the action whose play wrote it; None for an event written as the
    game was set up, before the first action (or one not in the log, which a game's
    observation would have made up). The log does not keep which action wrote an event: the
    log's length before each action (`replay_marks`) tells."""
    marks = replay_marks(game, record)
    out: list[int | None] = []
    for found in _log_places(final, events):
        index = -1 if found is None else bisect.bisect_right(marks, found) - 1
        out.append(index if index >= 0 else None)
    return out


def resignation_lines(record: Record) -> list[tuple[int, str]]:
    """Each resignation `record` holds, in the order played, as the number of actions before
    it and the line a replay's log says it with: a seat whose person resigned while more than
    two sides played on (`meta.handed_to_ai`: the AI played it on), then the
    resignation that ended the game (`resigned`). Public: the table told every page."""
    out = [(handed["at"], f"Player {handed['seat']} resigned; the {handed['agent']} AI plays "
                          "the seat on")
           for handed in record.meta.get("handed_to_ai") or () if handed["why"] == "resigned"]
    out.sort(key=lambda said: said[0])
    if record.resigned is not None:
        out.append((record.resigned.at,
                    f"Player {record.resigned.seat} resigned: the game is over"))
    return out


def resignations_in_log(game: Game, record: Record, final: State,
                        events: list[dict[str, Any]], whole: bool,
                        played: int | None = None) -> list[tuple[int, str]]:
    """Where each of `resignation_lines` goes among `events` (a viewer's log of `final`, as
    `event_actions` takes it): the number of events before it, and its line. With `whole`
    false the events are the end of the viewer's log only (a Viktory II observation mid-game:
    since the viewer's previous turn), and a resignation before them is left out. With
    `played`, `final` is the state after that many of the record's actions (a position of its
    replay), and a resignation after them is left out: it has not happened yet."""
    said = [(at, line) for at, line in resignation_lines(record)
            if played is None or at <= played]
    if not said:
        return []
    marks = replay_marks(game, record)
    places = _log_places(final, events)
    out = []
    for at, line in said:
        where = marks[at] if at < len(marks) else len(final.log)
        before = next((k for k, found in enumerate(places)
                       if found is not None and found >= where), len(events))
        if before or whole or not events:
            out.append((before, line))
    return out


def sides(game: Game, config: Any, players: int,
          out: Collection[int] = ()) -> list[tuple[int, ...]]:
    """Who wins or loses together: the teams the config plays in, else each seat alone. With
    `out` (the seats the rules have put out of the game), only the sides still in play: a side
    is in play while one of its seats is."""
    groups = game.team_seats(config) or [(seat,) for seat in range(players)]
    return [group for group in groups if any(p not in out for p in group)]


def resignation_outcome(game: Game, config: Any, players: int, seat: int,
                        out: Collection[int] = ()) -> Outcome | None:
    """The outcome of `seat` resigning a game of `players` seats under `config`, with the
    seats `out` already put out by the rules: with two sides in play, the other side wins; None
    with more, since one side giving up decides nothing between the others (the server has an
    AI play the seat on instead), or when `seat` is out itself.

    Scores are 1 for each seat of the winning side and 0 for every other. The game stopped
    short of its end, so its rules gave no score, and games keep no common score of a
    position in play: a game's own tally mid-game (victories, hits) would read as final."""
    groups = sides(game, config, players, out)
    if len(groups) != 2 or seat in out:
        return None
    winners = next(group for group in groups if seat not in group)
    return Outcome(tuple(sorted(winners)), tuple(1 if p in winners else 0 for p in range(players)),
                   f"seat {seat} resigned", {"resigned": seat})


def resignation_ends_game(game: Game, config: Any, players: int, seat: int,
                          out: Collection[int] = (), resigned: Collection[int] = ()) -> bool:
    """Whether `seat` resigning now ends the game (`resignation_outcome`), the seats `out`
    put out by the rules: two sides in play, and the seat's side gives up with it (its teams
    resign together, `Game.teams_resign_together`, or no teammate is left in play but those
    `resigned` already, whom the AI plays on: the team's last person gives it up). Else the
    AI plays the seat on (`resign`). A record's `resigned` is read by `resignation_outcome`
    alone: a record made before this rule, whose resignation ended an alliance, still reads."""
    groups = sides(game, config, players, out)
    if len(groups) != 2 or seat in out:
        return False
    if game.teams_resign_together(config):
        return True
    side = next(group for group in groups if seat in group)
    return all(p == seat or p in out or p in resigned for p in side)


# The AI that plays on the seat of a person who resigned a game that goes on (more than two
# sides in play), at the browser table and at the terminal alike.
HANDOVER = "heuristic"


def handed_to_ai(handed: Resignation, agent: str, why: str) -> dict[str, Any]:
    """An entry of a record's `meta.handed_to_ai`: `agent` played `handed.seat` from
    `handed.at` actions on, its person having `why` ("resigned", or been "away")."""
    return {**handed.to_json(), "agent": agent, "why": why}


def resigned_to_ai(record: Record) -> set[int]:
    """The seats whose person resigned while the game went on (`meta.handed_to_ai`): the AI
    plays them on, but their side has given them up (`resignation_ends_game`'s `resigned`)."""
    return {h["seat"] for h in record.meta.get("handed_to_ai") or () if h["why"] == "resigned"}


def resigning_ends_game(game: Game, config: Any, record: Record, final: State,
                        seat: int) -> bool:
    """Whether `seat` resigning after `record`'s actions (`final`: the state after them) ends
    the game (`resignation_ends_game`, by the seats out then and those resigned already)."""
    return resignation_ends_game(game, config, final.num_players, seat, final.players_out(),
                                 resigned_to_ai(record))


def resign(game: Game, config: Any, record: Record, final: State, seat: int) -> Outcome | None:
    """`seat` resigns after `record`'s actions (`final`: the state after them, not over), as a
    person resigns at the browser table: when that ends the game (`resigning_ends_game`) the
    record ends with it (`resigned`) and its outcome is returned; else the HANDOVER AI plays
    the seat on, which the record's `meta.handed_to_ai` says, and None is returned."""
    at = len(record.actions)
    if resigning_ends_game(game, config, record, final, seat):
        record.resigned = Resignation(seat, at)
        return record_outcome(game, record, final)
    handed = handed_to_ai(Resignation(seat, at), HANDOVER, "resigned")
    record.meta["handed_to_ai"] = [*(record.meta.get("handed_to_ai") or ()), handed]
    return None


def record_outcome(game: Game, record: Record, final: State | None = None) -> Outcome | None:
    """How a recorded game ended: by its rules, or by the resignation it ends with; None if it
    has not ended. `final` is the state after the record's actions (`replay_to_end`), replayed
    here if not given. A resignation that cannot have ended this game is a RecordError."""
    if final is None:
        final = replay_to_end(game, record)
    resigned = record.resigned
    if resigned is None:
        return final.outcome() if final.is_terminal() else None
    where = f"{record.source}: " if record.source else ""
    if resigned.at != len(record.actions):
        raise RecordError(f"{where}resigned.at: nothing is played after a resignation, so it "
                          f"follows the last of the {len(record.actions)} actions; got "
                          f"{resigned.at}")
    if final.is_terminal():
        raise RecordError(f"{where}resigned: the game had already ended by its rules; a "
                          "finished game cannot be resigned")
    if resigned.seat >= final.num_players:
        raise RecordError(f"{where}resigned.seat: the game has seats 0 to "
                          f"{final.num_players - 1}; got {resigned.seat}")
    config = record_config(game, record)
    out = final.players_out()
    if resigned.seat in out:
        raise RecordError(f"{where}resigned.seat: seat {resigned.seat} was already out of the "
                          "game; only a seat in play can resign")
    outcome = resignation_outcome(game, config, final.num_players, resigned.seat, out)
    if outcome is None:
        count = len(sides(game, config, final.num_players, out))
        raise RecordError(f"{where}resigned: a game of {count} sides in play does not end when "
                          "one resigns (its seat plays on)")
    return outcome


def check_record_files(game: Game, record: Record) -> list[dict[str, Any]]:
    """One object per data file the record's options name (`embed.file_checks`: `option`,
    `path`, `status`, `sha256`, `found`, `next_to_record`): is the file on disk still the
    copy the record carries (a path is read from here, else from the record's folder), or is
    none read (the config holds the data itself), or none carried (an older record, which
    reads it on disk)? `embed.check_line` says one to a person."""
    beside = Path(record.source).parent if record.source else None
    return file_checks(game, record.config, record.files, beside, record_config(game, record))
