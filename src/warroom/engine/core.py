"""The engine contract: Game, State, Outcome.

A State is the whole truth of one game. Nothing outside the engine reads it directly: agents,
user interfaces and logs see `observation(player)`, which holds exactly what that player may
know. Chance is driven by the state's own seeded RNG (`self.rng`), which `determinize`
re-seeds so that a planner cannot learn the real future.
"""

from __future__ import annotations

import functools
import importlib
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Final

from .actions import ActionCodec
from .cards import CardFacts
from .config import config_to_json, make_config
from .data import DataOption
from .errors import ConfigError, IllegalAction, WarroomError
from .rng import copy_rng

Player = int

# Named among the seats of an event's `to`, it shows the event to spectators (viewer None)
# too: what the seats told the least learn is the table's to know (Viktory II tells a
# battle's two sides its result with its place, the other seats and spectators without it).
# No seat is -1: `check_viewer` refuses it as a viewer.
SPECTATORS: Final = -1


def told(to: frozenset[Player] | None, viewer: Player) -> bool:
    """Whether an event logged for `to` (None: everybody) is told to `viewer` (a seat, or
    `SPECTATORS` for a spectator): the one rule of who sees which event."""
    return to is None or viewer in to

# Seeds are signed 64-bit integers: what a results database and a record can store.
SEED_MIN, SEED_MAX = -(2**63), 2**63 - 1


def check_seed(seed: Any) -> None:
    """Refuse (ConfigError) a seed that is not an int (bool is not one) from SEED_MIN to
    SEED_MAX: `random.Random` takes "1", 1.5 and 2**80 too, so "1" would play another game
    than 1, and a record of it would not load (`Record.load` reads seeds strictly)."""
    if type(seed) is not int or not SEED_MIN <= seed <= SEED_MAX:
        kind = "" if type(seed) is int else f" ({type(seed).__name__})"
        raise ConfigError(f"seed must be an integer from -2**63 to 2**63-1; got {seed!r}{kind}")


@dataclass(frozen=True)
class ChoiceGrid:
    """A decision's choices as a table (`Game.choice_grid`): `cells[i]` names the row and the
    column of the i-th legal action (a terminal may turn the table, rows for columns), None
    for one outside the table; `caption` says in words where a row meets a column ("a
    soldier meets the group it blocks")."""
    caption: str
    cells: list[tuple[str, str] | None]


@dataclass(frozen=True)
class Outcome:
    """How a game ended. `winners` is empty for a draw; `scores` is one number per player."""

    winners: tuple[Player, ...]
    scores: tuple[float, ...]
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def reward(self, player: Player, out: frozenset[Player] = frozenset()) -> float:
        """1 for a sole win, 0 for a loss, shared for shared wins; a draw is shared by the
        players still in (1/num_players when none is `out`): one the rules put out before it
        lost (a search was told being put out cost nothing when the others then drew)."""
        if not self.winners:
            return 0.0 if player in out else 1.0 / max(1, len(self.scores) - len(out))
        return 1.0 / len(self.winners) if player in self.winners else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason,
            "draw": self.is_draw,
            **({"details": self.details} if self.details else {}),
        }


class LogUnavailable(WarroomError):
    """The event log of a search or simulation copy whose log was switched off for speed."""


class NoSuchPlayer(WarroomError, ValueError):
    """A viewer that is no seat of the game (nor None, a spectator): a negative index would
    show a real seat's hidden hand (see `State.check_viewer`)."""


_CONTRACT = {
    "to_move": "who must decide now, a tuple of seats (several: a simultaneous decision)",
    "_legal_actions": "the actions a player to move may take, a small list",
    "_apply": "the rules: apply a legal action of a player to move",
    "is_terminal": "whether the game is over",
    "outcome": "winners, scores and reason of a finished game (None before)",
    "observation": "a JSON-able dict of exactly what a player (None: a spectator) may know",
    "clone": "an independent copy of the state",
    "determinize": "a copy in which everything the player cannot know is resampled, its RNG "
                   "re-seeded from rng",
}


def _unwritten(state: State, method: str) -> NotImplementedError:
    """What a game's State that leaves out a method of the contract is told (not a bare
    NotImplementedError): the class, the method, and what the method does."""
    return NotImplementedError(
        f"{type(state).__name__}.{method} is not written: every game's State implements it "
        f"({_CONTRACT[method]}; the engine contract, docs/DESIGN.md and "
        "src/warroom/engine/README.md)")


class State:
    """Base of every game's state: the event log, validation and the RNG helpers.

    A game implements `to_move`, `_legal_actions`, `_apply`, `is_terminal`, `outcome`,
    `observation`, `clone` and `determinize`. `legal_actions` caches per decision point, and
    `apply` validates against it before anything changes, so an illegal action leaves the state
    exactly as it was.

    Search and simulation take a faster path (see `apply_trusted` and `stop_log`): they apply
    actions that came from `legal_actions`, and nobody reads their log as they go.
    """

    num_players: int
    # The log while it is written; None while it is off (see `stop_log`).
    _log: list[tuple[frozenset[int] | None, dict[str, Any]]] | None
    # While the log is off: a logging snapshot taken when it went off (None: the log is lost)
    # and the actions applied since, as a chain (previous, player, action) shared by clones.
    _log_source: State | Callable[[], State] | None
    _trail: tuple[Any, Player, Any] | None
    # While the log is off: the kinds of events still kept (`stop_log(keep=)`) and those
    # events, for card analytics (see `kept_log`); an empty set and None otherwise.
    _keep: frozenset[str]
    _kept: list[tuple[frozenset[int] | None, dict[str, Any]]] | None
    # The RNG and how many states share it: a clone shares its original's generator until
    # one of them draws from it (copying a generator costs more than most decisions).
    _rng_box: list[Any]

    def __init__(self, num_players: int, rng: random.Random):
        self.num_players = num_players
        self._rng_box = [rng, 1]
        self._log = []
        self._log_source = None
        self._trail = None
        self._keep = frozenset()
        self._kept = None
        self._legal: dict[Player, list[Any]] = {}
        # What each viewer may see of the log, kept up to date (see `_visible`).
        self._seen: dict[Any, list[Any]] | None = None

    # --- to implement ---------------------------------------------------------------------
    def to_move(self) -> tuple[Player, ...]:
        raise _unwritten(self, "to_move")

    def _legal_actions(self, player: Player) -> list[Any]:
        raise _unwritten(self, "_legal_actions")

    def _apply(self, player: Player, action: Any) -> None:
        raise _unwritten(self, "_apply")

    def is_terminal(self) -> bool:
        raise _unwritten(self, "is_terminal")

    def outcome(self) -> Outcome | None:
        raise _unwritten(self, "outcome")

    def observation(self, player: Player | None) -> dict[str, Any] | None:
        raise _unwritten(self, "observation")

    def clone(self) -> State:
        raise _unwritten(self, "clone")

    def determinize(self, player: Player, rng: random.Random) -> State:
        """A copy in which everything `player` cannot know is resampled from what it has
        seen. A game with secret choices also takes `belief=` (see engine.belief) and sets
        `takes_belief`."""
        raise _unwritten(self, "determinize")

    # True if `determinize` takes `belief=`: how an opponent's secret choices are resampled.
    takes_belief: ClassVar[bool] = False

    def players_out(self) -> frozenset[Player]:
        """The seats the rules have put out of the game: they make no more decisions, and
        win only with a team still in play. None by default; a game that eliminates players
        (Battle, Viktory II) says which. A resignation counts only the sides still in play."""
        return frozenset()

    # --- provided -------------------------------------------------------------------------
    def check_viewer(self, player: Player | None) -> None:
        """Refuse (NoSuchPlayer, a ValueError) a viewer that is neither a seat of this game nor
        None (a spectator). `observation` and `PlayerView` call it first: Python reads a
        negative index from the end, so `observation(-1)` showed the last seat's hidden hand,
        and a seat past the end was an IndexError in some games and a spectator in others."""
        if player is None or (type(player) is int and 0 <= player < self.num_players):
            return
        raise NoSuchPlayer(f"no player {player!r} in a {self.num_players}-player game "
                           f"(players 0 to {self.num_players - 1}, or None for a spectator)")

    def legal_actions(self, player: Player) -> list[Any]:
        """The actions `player` may take now (empty when it has no decision).

        The list is the state's own, shared by every caller until the next `apply`: read it,
        never change it (popping a move off it changes what `apply` accepts). An agent's
        `PlayerView.legal_actions` is a copy of its own."""
        actions = self._legal.get(player)
        if actions is None:
            actions = self._legal_actions(player) if player in self.to_move() else []
            self._legal[player] = actions
        return actions

    def apply(self, player: Player, action: Any) -> None:
        if self.is_terminal():
            raise IllegalAction("the game is over; no more actions")
        if player not in self.to_move():
            if type(player) is not int:  # "0" would read as seat 0 in the message below
                raise IllegalAction(f"a player is a seat number (an int); got {player!r} "
                                    f"({type(player).__name__})")
            raise IllegalAction(f"it is not player {player}'s decision now")
        if action not in self.legal_actions(player):
            label = getattr(action, "label", None) or repr(action)
            raise IllegalAction(f"{label!s} is not a legal action for player {player} now")
        self._legal = {}
        if self._log is None and self._log_source is not None:
            self._trail = (self._trail, player, action)
        self._apply(player, action)

    def apply_trusted(self, player: Player, action: Any) -> None:
        """Apply an action taken from `legal_actions(player)` of this state, now, without
        checking it: the fast path of search and simulation. Anything else is undefined
        (use `apply`, which checks, for actions from people, records and the network)."""
        self._legal = {}
        if self._log is None and self._log_source is not None:
            self._trail = (self._trail, player, action)
        self._apply(player, action)

    # --- the event log ----------------------------------------------------------------------
    def event(self, kind: str, to: tuple[Player, ...] | None = None, **data: Any) -> None:
        """Append an event to the log; `to` limits who may see it (None: everybody) to the
        seats it names, and to spectators too where it names `SPECTATORS`."""
        log = self._log
        if log is None:
            if kind in self._keep:
                data["event"] = kind
                self._kept.append((frozenset(to) if to is not None else None, data))
            return
        data["event"] = kind
        log.append((frozenset(to) if to is not None else None, data))

    @property
    def log(self) -> list[tuple[frozenset[int] | None, dict[str, Any]]]:
        """Every event so far, each with who may see it. Reading the log of a state whose log
        was stopped with `rebuild` rebuilds it exactly and starts writing it again."""
        if self._log is None:
            self._rebuild_log()
        assert self._log is not None
        return self._log

    @log.setter
    def log(self, value: list[tuple[frozenset[int] | None, dict[str, Any]]]) -> None:
        self._log = value
        self._log_source = None
        self._trail = None
        self._seen = None
        self._keep, self._kept = frozenset(), None

    def logs(self, kind: str) -> bool:
        """Whether an event of this kind is written now: the log is on, or the kind is kept
        (`stop_log(keep=)`). For events whose data costs something to build."""
        return self._log is not None or kind in self._keep

    @property
    def kept_log(self) -> list[tuple[frozenset[int] | None, dict[str, Any]]]:
        """The log's entries of the kinds `stop_log(keep=...)` went on keeping while the log
        was off, in order, or the whole log when it is written (or rebuilt, when nothing was
        kept): what card analytics reads, without replaying a simulated game."""
        if self._log is None and self._kept is not None:
            return self._kept
        return self.log

    @property
    def log_enabled(self) -> bool:
        """Whether the log is being written (False after `stop_log`, until it is read)."""
        return self._log is not None

    def stop_log(self, rebuild: bool = True, start: Callable[[], State] | None = None,
                 keep: frozenset[str] = frozenset()) -> None:
        """Stop writing the event log, which search and simulation never read.

        With `rebuild` (simulation) the log stays available: reading `log` or an observation
        replays the actions applied since from a snapshot of the state as it is now (a clone,
        or `start()` if given: a function that makes this state afresh, such as
        `lambda: game.new_state(config, seed)` before the first action, which costs nothing
        until the log is read), rebuilding it exactly, and writing resumes from there.
        Without `rebuild` (search copies) the log is dropped and reading it raises
        LogUnavailable. Replacing the state's RNG (as `determinize` does) drops it too: the
        snapshot could no longer reproduce the state's future.
        `keep` (simulation: `Game.card_event_kinds`): the kinds of events still kept, those
        already in the log included, for `kept_log`; a copy of the state keeps none."""
        if self._log is None:
            if not rebuild:
                self._log_source = self._trail = None
                self._keep, self._kept = frozenset(), None
            return
        self._log_source = (start or self.clone()) if rebuild else None
        self._trail = None
        if rebuild and keep:
            self._keep = keep
            self._kept = [entry for entry in self._log if entry[1]["event"] in keep]
        self._log = None

    def _rebuild_log(self) -> None:
        source = self._log_source
        if source is None:
            raise LogUnavailable("the event log of this state was switched off (a search "
                                 "or simulation copy); play it with its log on to read it")
        steps = []
        trail = self._trail
        while trail is not None:
            trail, player, action = trail
            steps.append((player, action))
        replica = source.clone() if isinstance(source, State) else source()
        for player, action in reversed(steps):
            replica.apply_trusted(player, action)
        self.log = replica.log

    def visible_log(self, player: Player | None) -> list[dict[str, Any]]:
        """The events `player` may see (None: a spectator, who sees the events for everybody
        and those whose `to` names `SPECTATORS`), as a new list. Each viewer's events are
        kept with how much of the log they cover, and only the events written since are
        filtered: observing every seat after every action costs the new events, not the
        whole log again."""
        return list(self._visible(player)[2])

    def whole_log(self, player: Player | None,
                  observation: dict[str, Any]) -> list[dict[str, Any]] | None:
        """The events `player` may see in the whole game, when its `observation` shows only
        their end (its `log`, from `log_start` on: Viktory II's, since the viewer's previous
        turn); None when the observation's log is whole, is not that end (a game whose
        `log_start` counts otherwise), or the log cannot be read (switched off)."""
        start, events = observation.get("log_start") or 0, observation.get("log", [])
        if not start:
            return None
        try:
            whole = self.visible_log(player)
        except LogUnavailable:
            return None
        if len(whole) != start + len(events) or whole[start:] != events:
            return None
        return whole

    def visible_entries(self, player: Player) -> list[tuple[frozenset[int] | None,
                                                            dict[str, Any]]]:
        """The log entries `player` may see and those a spectator may see, as a new list: a
        determinisation's log, which shows the player and a spectator what the state shows
        them (what a spectator sees, the table may read: it holds nothing hidden from the
        player)."""
        return list(self._visible(player, spectators=True)[3])

    def _visible(self, player: Player | None, spectators: bool = False) -> list[Any]:
        # Per viewer (and per seat with the spectators' entries, `spectators`): [the log list,
        # how many of its entries were filtered, the visible events, the visible entries].
        # The log is append-only: an entry is never rewritten once a viewer may have seen it
        # (a determinisation rewrites its own fresh copy).
        log = self.log
        cache = self.__dict__.get("_seen")
        if cache is None:
            cache = self._seen = {}
        key = (player, SPECTATORS) if spectators else player
        seen = cache.get(key)
        if seen is None or seen[0] is not log or seen[1] > len(log):
            seen = cache[key] = [log, 0, [], []]
        if seen[1] < len(log):
            viewer = SPECTATORS if player is None else player
            new = [entry for entry in log[seen[1]:] if told(entry[0], viewer)
                   or (spectators and told(entry[0], SPECTATORS))]
            seen[2] += [e for _, e in new]
            seen[3] += new
            seen[1] = len(log)
        return seen

    # --- pickling and deep copies -----------------------------------------------------------
    def __reduce_ex__(self, protocol: Any) -> tuple[Any, ...]:
        # The trail nests one tuple an action: pickle and deepcopy recurse once a level, and a
        # game of some hundreds of actions played with its log off (an environment's) passed
        # Python's recursion limit. It travels as a flat list, oldest action first. (Here,
        # not in __getstate__: the compiled games' classes make their own __getstate__.)
        state = self.__getstate__()  # compiled: the native fields and a "__dict__" of the rest
        if not isinstance(state, dict):
            state = dict(self.__dict__)
        trail, steps = self._trail, []
        while trail is not None:
            trail, player, action = trail
            steps.append((player, action))
        return _rebuilt_state, (type(self), _with_trail(state, steps[::-1]))

    # --- the RNG ----------------------------------------------------------------------------
    @property
    def rng(self) -> random.Random:
        box = self._rng_box
        if box[1] > 1:  # shared with a clone: take a private copy before anyone draws
            box[1] -= 1
            box = self._rng_box = [copy_rng(box[0]), 1]
        return box[0]

    @rng.setter
    def rng(self, value: random.Random) -> None:
        box = getattr(self, "_rng_box", None)
        if box is not None:
            box[1] -= 1
        self._rng_box = [value, 1]
        # A new RNG is a new future: the snapshot can no longer rebuild this state's log.
        if getattr(self, "_log", ()) is None:
            self._log_source = self._trail = None

    def _copy_base(self, other: State) -> None:
        """Copy the base fields into `other` (used by `clone`): log entries are immutable,
        and the RNG is shared until one of the two draws from it."""
        other.num_players = self.num_players
        box = self._rng_box
        box[1] += 1
        other._rng_box = box
        other._log = None if self._log is None else list(self._log)
        other._log_source = self._log_source
        other._trail = self._trail
        other._keep, other._kept = frozenset(), None  # a copy's kept_log rebuilds the log
        other._legal = {}
        other._seen = None  # a copy's log may be rewritten (see determinize): filter it anew


def _checking_new_state(new_state: Callable[..., State]) -> Callable[..., State]:
    """`new_state` that first checks its config and seed (once a game: not per step)."""
    @functools.wraps(new_state)
    def checked(self: Game, config: Any, seed: int) -> State:
        self.check_config(config)
        check_seed(seed)
        return new_state(self, config, seed)

    checked._checks_arguments = True  # type: ignore[attr-defined]
    return checked


def _with_trail(state: dict[str, Any], trail: Any) -> dict[str, Any]:
    """`state` (a __getstate__ dict, its fields in a "__dict__" of their own where compiled)
    with `trail` as its trail."""
    if isinstance(state.get("__dict__"), dict):
        return {**state, "__dict__": {**state["__dict__"], "_trail": trail}}
    return {**state, "_trail": trail}


def _rebuilt_state(cls: type[State], state: dict[str, Any]) -> State:
    """A state from what `State.__reduce_ex__` gave, its trail nested again."""
    trail = None
    fields = state["__dict__"] if isinstance(state.get("__dict__"), dict) else state
    for player, action in fields["_trail"]:
        trail = (trail, player, action)
    state = _with_trail(state, trail)
    rebuilt = cls.__new__(cls)
    restore = getattr(rebuilt, "__setstate__", None)  # the compiled games' classes have one
    if restore is not None:
        restore(state)
    else:
        rebuilt.__dict__.update(state)
    return rebuilt


# What a viewer reads for another seat's secret option (`Game.options_seen_by`).
HIDDEN_OPTION = "hidden"


class Game:
    """A registered rule set. Subclasses set the class attributes and `new_state`."""

    name: ClassVar[str]
    title: ClassVar[str]
    version: ClassVar[str] = "1"
    # Each older rules version of the game, with the last commit of warroom's repository that
    # plays it: a record or results run of that version is refused with where to play it
    # (`older_rules_hint`), and docs/records.md lists them. A version's bump adds the version
    # it ends, with the commit it was made on (that commit's parent, once it is made).
    last_commits: ClassVar[dict[str, str]] = {}
    Config: ClassVar[type]
    actions: ClassVar[tuple[type, ...]]
    summary: ClassVar[str] = ""  # a short rules summary, shown by `?` in the terminal
    # What an outcome's scores count ("units left"), as the terminal and the table say it.
    score_name: ClassVar[str] = "scores"
    # What each number of `metrics` is, in a few words, for the reports that show them by
    # name (a designer reading "metric underdog_wins" cannot tell what an underdog is).
    metric_help: ClassVar[dict[str, str]] = {}
    # How the browser lobby lays out the options, which the Config does not say: `when` offers
    # an option only while other options have one of the values listed (it changes nothing
    # otherwise), `more` puts rarely changed ones (guards, a scenario's single fields) under
    # "More options", `unset` names what an optional option left unset (None) means ("the
    # scenario's value"; else "default"). None given: every option in view.
    option_layout: ClassVar[dict[str, Any]] = {}
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    # Decisions a search's rollout plays before it asks `evaluate` (see there): a few, so that
    # the estimate scores a position a little past the choice being weighed.
    estimate_depth: ClassVar[int] = 4
    # The rule options whose values name data files (decks, scenarios), by option: records
    # and results runs embed those files, the browser table offers them (see DataOption).
    data_options: ClassVar[dict[str, DataOption]] = {}
    # The rule options that belong to one seat, by option: the seat (Word & Iron's deck0 is
    # seat 0's deck). Seats rotate the listed players but not these, so a balance report
    # names each seat with their values: a strong deck shows as a seat's win rate only.
    seat_options: ClassVar[dict[str, int]] = {}
    # What each seat plays in every config, by seat (Viktory's seat 0 attacks): balance
    # reports and `tune` name a seat by it, as seat0_win alone does not say who that is.
    seat_roles: ClassVar[tuple[str, ...]] = ()
    # The rule options that are one seat's secret, by option: the seat (Battle's constructed
    # deck lists). Kept apart from `seat_options`, which names seats in balance reports: a
    # secret may be a value too long for a label (40 cards). See `options_seen_by`.
    secret_options: ClassVar[dict[str, int]] = {}
    # The kinds of events `card_events` reads: a simulated game keeps them while the rest of
    # its log is off, so reading its card facts does not replay it.
    card_event_kinds: ClassVar[frozenset[str]] = frozenset()
    # How texts say a card's `played` fate: the base form of a regular English verb ("play";
    # kow's "defeat": its cards lie on the table and a player defeats them with dice). The
    # card analytics' words derive its forms (plays, played, playing); the fate, the JSON
    # keys and the measure keep the name "played".
    card_play_verb: ClassVar[str] = "play"

    def score_name_of(self, outcome: Outcome) -> str:
        """What `outcome`'s scores count: the game's `score_name`, or plain "scores" for a
        resignation's (1 for the winning side, 0 for the other: see resignation_outcome)."""
        return "scores" if "resigned" in outcome.details else self.score_name

    def scores_text(self, outcome: Outcome) -> str:
        """An outcome's scores as a person reads them: 'units left: 3, 0'."""
        return f"{self.score_name_of(outcome)}: " + ", ".join(
            str(int(x)) if float(x).is_integer() else f"{x:g}" for x in outcome.scores)

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Every game's own `new_state` checks its arguments first (see `check_config`): it is
        # an entry point of the library, and a dict for a config failed deep in the rules.
        super().__init_subclass__(**kwargs)
        new_state = cls.__dict__.get("new_state")
        if new_state is not None and not getattr(new_state, "_checks_arguments", False):
            cls.new_state = _checking_new_state(new_state)  # type: ignore[method-assign]

    def __init__(self) -> None:
        self.codec = ActionCodec(self.actions)

    def config(self, values: dict[str, Any] | None = None) -> Any:
        """The game's Config from `values` ({option: value}, typed or as text); unknown
        options and bad values are a ConfigError naming the option."""
        return make_config(self.Config, values, self.name)

    def check_config(self, config: Any) -> None:
        """Refuse (ConfigError) anything but this game's Config: a dict of options failed
        with a TypeError or AttributeError deep inside. A game without a Config class (a
        test's) takes what it is given."""
        cls = getattr(type(self), "Config", None)
        if cls is not None and not isinstance(config, cls):
            kind = type(config)  # in full where it is not a builtin: another game's Config
            got = kind.__qualname__ if kind.__module__ == "builtins" else \
                f"{kind.__module__}.{kind.__qualname__}"
            raise ConfigError(f"config must be {self.name}'s Config, made by "
                              f"game.config({{...}}); got {got}")

    def options_seen_by(self, options: dict[str, Any], viewer: int | None,
                        over: bool) -> dict[str, Any]:
        """`options` (a config in its JSON form, as records keep it) as `viewer` (None: a
        spectator) may see them: each of another seat's `secret_options` set to something other
        than its default reads HIDDEN_OPTION while the game is not `over`; once it is, all of
        them (its record, which holds them, is then offered whole)."""
        if over or not self.secret_options:
            return dict(options)
        # A default (Battle: no deck list, the seat builds at the table) is left in view: the
        # table shows it anyway, and a hidden one would read as a secret where none is.
        cls = getattr(type(self), "Config", None)
        defaults = config_to_json(cls()) if cls is not None else {}
        return {k: HIDDEN_OPTION if k in self.secret_options and self.secret_options[k] != viewer
                and defaults.get(k, object()) != v else v for k, v in options.items()}

    def num_players(self, config: Any) -> int:
        return getattr(config, "players", self.min_players)

    def record_options(self, values: dict[str, Any]) -> dict[str, Any]:
        """A saved game's options as the rules read them today. Where an option the rules
        once took and ignored is now refused, a game drops it here, so that a save made
        before still replays and resumes (the game it holds never used the option); by
        default the options as they are."""
        return values

    def new_state(self, config: Any, seed: int) -> State:
        raise NotImplementedError

    def heuristic(self, state: State, player: Player, rng: random.Random) -> Any:
        """A sensible move for `player` in `state` (a determinised state: see agents.heuristic).
        A game has a heuristic player when it overrides this method; without one, `make_agent`
        refuses a "heuristic" player and mcts plays random rollouts."""
        raise NotImplementedError(f"{self.name} has no heuristic player: use random or mcts")

    def heuristic_reads_only_view(self, config: Any) -> bool:
        """True if, under `config`, `heuristic` reads nothing `player` may not see, so that
        its move is the same on the true state as on any determinisation: a heuristic player
        then gets a plain copy (`PlayerView.policy_state`) and skips the determinisation,
        often the larger part of its cost. A claim the conformance suite checks, move by move
        (`test_a_heuristic_said_to_read_only_the_view_plays_the_same_on_any_determinisation`);
        False, the safe default, always determinises."""
        return False

    def evaluate(self, state: State) -> list[float] | None:
        """Each player's expected reward in [0, 1] from a non-terminal state (a determinised
        one), so that a search may stop short of the end of the game; None if the game offers
        no estimate, or declines this state (mid-turn, say: a search then plays on to the next
        state it scores). Optional: games implement it to make search cheaper and less noisy."""
        return None

    def decision_kind(self, state: State, player: Player) -> str:
        """The kind of decision `player` faces in `state`, as every player may know it. By
        default the names of the types of its legal actions; a game whose hidden cards
        decide which types a player is offered (a card to play, or only a pass) returns its
        public phase instead. Whether a player is asked, and what kind of question, must
        not depend on what others cannot know (engine.flowcheck checks it)."""
        return ",".join(sorted({type(a).__name__ for a in state.legal_actions(player)}))

    def reveal_changes_flow(self, event: dict[str, Any]) -> bool:
        """Whether an event only its player sees, revealing hidden content to it, may also
        change who is asked next (a unit on a hidden map coming upon enemy artillery that
        may fire at it). engine.flowcheck ends its comparison at such a reveal, as at a
        public one. By default no: a card drawn into a hand changes no one's turn."""
        return False

    def render(self, observation: dict[str, Any], player: Player | None) -> str:
        """Text view of an observation, for the terminal and logs. By default a plain one, so
        that a game without its own still plays and replays: each entry of the observation
        as `key: value` (the value as JSON), its log left out (`describe_event` tells it)."""
        if observation is None:  # a spectator, in a game that shows a spectator nothing
            return "(nothing to show a spectator)"
        return "\n".join(f"{key}: {json.dumps(value, ensure_ascii=False, default=str)}"
                         for key, value in observation.items() if key != "log")

    def prompt(self, observation: dict[str, Any], player: Player | None) -> str:
        """The question `player` must answer now, in plain words ("Choose a soldier to
        destroy"), read from `player`'s own observation alone: "" when `player` has no
        decision (a spectator, a seat not to move, a game over). The text view shows the same
        words where it asks its reader; the browser table shows them above the table. By
        default "": a game without prompts still plays, its table only says whose turn it is."""
        return ""

    def choice_grid(self, actions: Sequence[Any]) -> ChoiceGrid | None:
        """Where a decision's choices are the cells of a table (Battle: a soldier, and the
        group it attacks with or blocks), each action's (row, column) names, None for a
        choice outside the table ("done"), and a caption: a terminal shows a long menu as
        that table. By default None: a plain list."""
        return None

    def describe_event(self, event: dict[str, Any]) -> str:
        """One line of text for an event of the log."""
        return str(event)

    def help_notes(self, observation: dict[str, Any], player: Player | None) -> str:
        """What a terminal's help (`?`) shows after the rules summary about this view of
        `player`'s, read from the observation alone (so only what that player may know):
        how to read the table, the texts of the cards in view. Lines as a summary's ("- "
        items). By default "": the summary alone."""
        return ""

    def metrics(self, state: State) -> dict[str, float]:
        """Per-game numbers a designer may want in a balance report (optional)."""
        return {}

    def older_rules_hint(self, version: str) -> str:
        """Where a record of rules `version`, older than this one, plays: " (the last commit of
        warroom that plays version V: C)", or "" when the game does not say."""
        commit = self.last_commits.get(version)
        if commit is None:
            return ""
        return f" (the last commit of warroom that plays version {version}: {commit})"

    def team_seats(self, config: Any) -> list[tuple[Player, ...]] | None:
        """The seats of each team when the config plays in teams (tournaments score teams)."""
        return None

    def teams_resign_together(self, config: Any) -> bool:
        """Whether one member resigning gives up the whole team of `team_seats` (it ends a game
        of two sides in play), as where a team shares one position and turn. False where each
        member plays on its own and the team loses only once all have (Battle's alliance): a
        member resigning then ends the game only with no teammate left in play."""
        return True

    def scores_by_team(self, config: Any) -> bool:
        """Whether, under `config`, a team's members share one score, the team's (Battle's
        "as one": one castle a team), so that a result names it once a team; else each seat
        has its own, even where a team wins or loses together."""
        return False

    def hides_move_count(self, config: Any) -> bool:
        """Whether, under `config`, how many actions a player makes out of the others' sight
        may tell what they may not know: on Viktory II's hidden map a unit's steps out of
        sight tell nobody even that they were made; in Champions how many cards a player put
        in order one by one (each unseen) tells the order. A table that times its AI seats
        must then not let the time tell the count (the server paces them in beats: its
        README, "AI seats"). A game whose actions can all go unseen by every other seat must
        say yes (`tests/conformance/test_unseen_moves_stop67.py`). By default no."""
        return False

    def __getstate__(self) -> dict[str, Any]:
        # The encodings are a cache of compiled objects, which need not (and may not) pickle.
        state = dict(self.__dict__)
        state.pop("_encodings", None)
        return state

    @property
    def package(self) -> str:
        """The name of the package the game is written in (`warroom.games.kow`, an entry
        point's package), where its optional parts are found (`encode`, `web`,
        `CONFORMANCE_CONFIGS`): the module that defines the Game class, or the package of that
        module where it is a submodule (`pkg/game.py` re-exported by `pkg/__init__.py`); ""
        for a game in a top-level module, which has no package."""
        module = type(self).__module__
        if hasattr(sys.modules[module], "__path__"):
            return module
        return module.rpartition(".")[0]

    def encoding(self, config: Any) -> Any:
        """The game's numeric view of `config` for the research environments (`warroom.envs`):
        an `engine.encoding.Encoding` with a fixed action index and an observation vector.

        By default it is `encoding(config)` of the module `encode` in the game's package,
        built once per config; a game without that module offers no encoding."""
        cache = self.__dict__.setdefault("_encodings", {})
        if config not in cache:
            package = self.package
            if not package:  # a game in a top-level module (an entry point's) has no package
                raise NotImplementedError(
                    f"{self.name} offers no encoding for the research environments (its "
                    "module is no package, so it has no encode.py)")
            try:
                module = importlib.import_module(package + ".encode")
            except ModuleNotFoundError as exc:
                if exc.name != package + ".encode":
                    raise
                raise NotImplementedError(
                    f"{self.name} offers no encoding for the research environments "
                    f"(its package has no encode.py)") from None
            cache[config] = module.encoding(config)
        return cache[config]

    def card_events(self, state: State) -> CardFacts | None:
        """What happened to each card in the finished `state`, per seat (drawn, played, ...),
        read from its log (`state.kept_log`: the events of `card_event_kinds`), for card
        analytics (`warroom report`). None: the game has none."""
        return None

    def card_names(self, config: Any) -> list[str] | None:
        """Every card name `card_events` may give in a game of `config` (a designer's deck,
        so that a report can list the cards never drawn). None: the game does not say (a
        standard deck of playing cards, where every card turns up)."""
        return None

    def one_deck_for_all(self, config: Any) -> bool:
        """Whether every seat of a game of `config` draws from the same cards (one deck for
        all), so that card analytics count each card in every player-game. False: the seats
        have decks of their own (Word & Iron's deck0 and deck1), and a card counts in the
        player-games of the seats that drew it."""
        return False

    def data_file(self, option: str, value: Any) -> Path | None:
        """The data file (a card or deck file) that the value of rule option `option` names,
        or None if the option names none (see `data_options`). A value naming a file that is
        not there is a DataError."""
        spec = self.data_options.get(option)
        return None if spec is None else spec.path(value)

    # Games whose cards are data files implement these two; `warroom cards` uses them.
    def load_cards(self, path: str) -> Any:
        """Read and validate a card file; raise DataError naming file, card and field."""
        raise NotImplementedError(f"{self.name} has no card files")

    def show_cards(self, cards: Any) -> str:
        """Text listing of a validated card file."""
        raise NotImplementedError(f"{self.name} has no card files")

    def card_warnings(self, cards: Any) -> list[str]:
        """Lines about a validated card file that is legal but goes against the rule text
        (`warroom cards validate` prints them as warnings); none by default."""
        return []
