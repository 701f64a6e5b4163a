"""Tuning: which values of rule options and card-data numbers bring a simulated figure to the
target a designer wants (`warroom tune`).

- A **param** is `NAME=LOW..HIGH` (a number, integer when the option or the field is one) or
  `NAME=V1|V2|...` (a choice, any option: lists too). NAME is a rule option, or a number in a
  card file: `OPTION:CARD.FIELD` (see datafile.py).
- A **target** is `FIGURE=VALUE`: `first_player_win`, `seatN_win`, `playerN_win` (a share of
  the games, a game won by several together a win for each), the same with `_score` (the
  seat's share of each game, as its reward: 1/k of a game k won together, and of a draw 1/n
  among n players, half with two: 0.5 is balance in a two-player game with draws), `draws`,
  `length` (mean decisions per game), `metric:NAME` (the mean of one of the game's
  metrics) or `card:NAME` (the card's improvement when drawn, or when played where no card
  is drawn, kow's defeated: the win-rate difference with and without it, adjusted as the
  report's card tables adjust it, from -1 to 1; `card:NAME=0` is a card that neither
  carries nor sinks its holder).
- **Trials** are proposed by Optuna's TPE sampler; each is a run in the results database
  (the tune's seed in every run, so game i starts from the same deal in every trial: common
  random numbers) with `batch` games. The Optuna study lives in the same SQLite file, so
  `--resume` continues where an interruption stopped.
- **Noise**: a figure from a batch of games is uncertain, so each trial's figure has its 95 %
  interval (Wilson for shares, Student's t for means) and two thirds of the budget go to the
  search, the last third to **extending promising trials**: again and again the trial whose
  interval comes closest to the target (it holds the target, or the nearest bound is
  nearest; then the one with fewer games) gets another batch. A value Optuna proposes again
  during the search is answered from its run (up to REASKS times a step; then the most
  promising trial is extended, as in the last third): no game is ever replayed. A resume
  that adds games splits them alike (`_search_end`). The **best**
  trial is the one whose interval lies closest to the target at its worst end (the largest
  distance from the target to any value in its interval): a lucky batch with a wide interval
  cannot win over a trial measured on many games. Two caveats (`TuneResult.best`): the values
  as they are, when their interval holds the target, are kept (a change chosen among trials
  that also hold it would be chosen by luck: the winner's curse), and when several trials hold
  the target none is named best, only the one taken.
"""

from __future__ import annotations

import difflib
import logging
import math
import re
import shlex
import tempfile
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..agents import parse_specs, refuse_humans
from ..engine import (
    DRAWN,
    PLAYED,
    ConfigError,
    DataError,
    Game,
    Outcome,
    WarroomError,
    config_to_json,
    derive_seed,
    parse_assignments,
)
from ..engine.config import option_names, option_text, read_number
from ..engine.data import first_few
from ..games import REGISTRY
from . import datafile
from .analysis import card_play_verb, one_deck_for_all
from .cards import collect, reports_card_facts
from .runs import execute, refuse_other_version
from .stats import Moments, Rate, extra_digits
from .store import ResultStore, RunInfo, StoreError, TuneInfo

SEARCH_SHARE = 2 / 3  # of the budget: the rest extends the most promising trials
REASKS = 5  # proposals of values tried already, answered from their runs, before one is played
RATE_FIGURES = ("first_player_win", "first_player_score", "draws")
FIGURE_HELP = ("first_player_win, first_player_score, seatN_win, seatN_score, playerN_win, "
               "playerN_score, draws, length, metric:NAME, card:NAME")


class TuneError(ConfigError):
    """A --param or --target that cannot be used, or a tune that cannot go on."""


# --- params --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Param:
    text: str  # as given
    name: str  # the option, or OPTION:CARD.FIELD
    kind: str  # "int", "float" or "choice"
    low: float = 0
    high: float = 0
    choices: tuple[str, ...] = ()
    address: datafile.Address | None = None  # a number in a data file
    current: Any = None  # the value now (in the file, or the option's value)

    def distribution(self) -> Any:
        import optuna

        if self.kind == "int":
            return optuna.distributions.IntDistribution(int(self.low), int(self.high))
        if self.kind == "float":
            return optuna.distributions.FloatDistribution(self.low, self.high)
        return optuna.distributions.CategoricalDistribution(list(self.choices))

    def contains(self, value: Any) -> bool:
        if self.kind == "choice":
            return value in self.choices
        return isinstance(value, int | float) and self.low <= value <= self.high


def parse_param(game: Game, text: str, base: dict[str, Any], config: Any) -> Param:
    """One --param, checked: the option or the data-file number exists and is a number (for a
    range), the range is in order. ConfigError names the param."""
    name, sep, spec = text.rpartition("=")
    name, spec = name.strip(), spec.strip()
    try:
        if not sep or not name or not spec:
            raise TuneError("must look like NAME=LOW..HIGH or NAME=V1|V2|...")
        if ":" in name:
            address, current = datafile.resolve(game, name, base, config)
            number_type = address.number_type
        else:
            known = option_names(game.Config)
            if name not in known:
                raise TuneError(f"unknown option for {game.name}; options are: "
                                f"{', '.join(known)}")
            address, current = None, config_to_json(config)[name]
            number_type = _number_hint(game.Config, name)
        if "|" in spec:
            choices = tuple(_plain(v) for v in spec.split("|"))
            if not all(choices) or len(set(choices)) != len(choices):
                raise TuneError("a choice is empty or repeated")
            if address is not None:
                raise TuneError("a number in a card file takes a range LOW..HIGH")
            return Param(text, name, "choice", choices=choices, current=_plain(current))
        low_text, dots, high_text = spec.partition("..")
        if not dots:
            raise TuneError("the values must be a range LOW..HIGH or choices V1|V2|...")
        if number_type is None:
            raise TuneError("is not a number option: give choices V1|V2|...")
        low, high = _number(low_text, number_type), _number(high_text, number_type)
        if not low < high:
            raise TuneError(f"the range {spec} is empty: LOW must be below HIGH")
        kind = "int" if number_type is int else "float"
        return Param(text, name, kind, low, high, address=address, current=current)
    except (ConfigError, DataError) as exc:
        raise TuneError(f"--param {text}: {exc}") from None


def _plain(value: Any) -> str:
    """An option value as text, the way --set takes it, without spaces (a choice compared
    with one typed in `--param`)."""
    return option_text(value).replace(" ", "").strip()


def _number_hint(config_cls: type, name: str) -> type | None:
    """int or float for a number option (an optional one too), else None."""
    hint = typing.get_type_hints(config_cls)[name]
    args = typing.get_args(hint)
    if type(None) in args and len(args) == 2:
        hint = next(a for a in args if a is not type(None))
    return hint if hint in (int, float) else None


def _number(text: str, number_type: type) -> float:
    """A range's end, read as `--set` reads an option's number (`config.read_number`)."""
    try:
        return read_number(text.strip(), number_type)
    except ValueError as exc:
        raise TuneError(f"{text.strip()!r}: {exc}") from None


# --- targets -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Target:
    figure: str
    value: float

    @property
    def is_rate(self) -> bool:
        return self.figure in RATE_FIGURES or re.fullmatch(r"(seat|player)\d+_(win|score)",
                                                           self.figure) is not None

    @property
    def card(self) -> str | None:
        """The card a `card:NAME` figure measures, else None."""
        return self.figure[5:] if self.figure.startswith("card:") else None

    @property
    def seat(self) -> int | None:
        """The seat a seatN figure measures, else None."""
        match = re.fullmatch(r"seat(\d+)_(win|score)", self.figure)
        return None if match is None else int(match[1])

    def text(self) -> str:
        return f"{self.figure}={self.value:g}"

    def show(self, value: float) -> str:
        """The figure as text, with as many more digits as it takes for a value that is not
        the target not to read as the target (an interval's end at 4.000017 is not '4' when
        the target is 4), and for the target to read as itself."""
        return self._digits(value, extra_digits(lambda extra: self._reads_wrong(value, extra)))

    def texts(self, f: Figure) -> tuple[str, str]:
        """A trial's figure and its 95 % interval as the tables and verdicts give them."""
        if not f.known:
            return "unknown", "-"
        between = " to " if self.card is not None else " - "  # "-15.2 - -5.7" misreads
        return self.show(f.value), f"{self.show(f.low)}{between}{self.show(f.high)}"

    def _reads_wrong(self, value: float, extra: int) -> bool:
        shown = self._digits(value, extra)
        if value == self.value:
            scale = 100 if self.is_rate or self.card is not None else 1
            return not math.isclose(float(shown.split()[0]) / scale, value, rel_tol=1e-9,
                                    abs_tol=1e-12)
        return shown == self._digits(self.value, extra)

    def _digits(self, value: float, extra: int) -> str:
        if self.card is not None:  # a difference of win rates, as the card tables give it
            return f"{100 * value:+.{1 + extra}f} points"
        return f"{100 * value:.{1 + extra}f} %" if self.is_rate else f"{value:.{3 + extra}g}"


def parse_target(text: str, seats: int) -> Target:
    figure, sep, value_text = text.partition("=")
    figure = figure.strip()
    try:
        if not sep:
            raise TuneError(f"must look like FIGURE=VALUE; figures: {FIGURE_HELP}")
        value = _number(value_text, float)  # finite: no figure reaches infinity
        target = Target(figure, value)
        match = re.fullmatch(r"(seat|player)(\d+)_(win|score)", figure)
        if match and int(match[2]) >= seats:
            raise TuneError(f"there is no {match[1]} {match[2]} with {seats} players")
        if not (target.is_rate or figure == "length" or
                (figure.startswith("metric:") and figure[7:]) or target.card):
            raise TuneError(f"unknown figure {figure!r}; figures: {FIGURE_HELP}")
        if target.is_rate and not 0 <= value <= 1:
            raise TuneError("a share of the games is from 0 to 1")
        if target.card and not -1 <= value <= 1:
            raise TuneError("a card's improvement is a difference of win rates, from -1 to 1 "
                            "(0: the card neither helps nor hinders its holder)")
        if figure == "length" and value < 0:  # a metric's range is the game's: not known here
            raise TuneError("a game's length (mean decisions per game) cannot be negative")
        return target
    except TuneError as exc:
        raise TuneError(f"--target {text}: {exc}") from None


@dataclass
class Figure:
    """A trial's measured figure: value, 95 % interval and the games behind it. Not
    `known`: the games could not measure it (a card never drawn, or drawn only where every
    group compared was all wins or all losses): it holds no target and lies as far from
    one as a card's figure can (UNKNOWN_DISTANCE), so no trial is chosen on it."""

    value: float
    low: float
    high: float
    games: int
    known: bool = True

    def distance(self, target: float) -> float:
        return abs(self.value - target) if self.known else UNKNOWN_DISTANCE

    def optimistic(self, target: float) -> float:
        """How close the target could be: 0 when the interval holds it."""
        if not self.known:
            return UNKNOWN_DISTANCE
        return 0.0 if self.low <= target <= self.high else min(abs(self.low - target),
                                                               abs(self.high - target))

    def pessimistic(self, target: float) -> float:
        """How far the target could be: the interval's farther end."""
        if not self.known:
            return UNKNOWN_DISTANCE
        return max(abs(self.low - target), abs(self.high - target))

    def holds(self, target: float) -> bool:
        return self.known and self.low <= target <= self.high

    def to_json(self) -> dict[str, Any]:
        """`figure`, `ci95` (null when not `known`) and `games`, as the JSON gives a trial."""
        return {"figure": self.value if self.known else None,
                "ci95": [self.low, self.high] if self.known else None, "games": self.games}


# An unknown figure's distance from any target: a card's difference and its target are both
# from -1 to 1, so no figure measured is farther.
UNKNOWN_DISTANCE = 2.0


def measure_run(store: ResultStore, run: RunInfo, target: Target) -> Figure:
    """The target's figure over the games of a trial's run, card facts read only for a card
    figure."""
    if target.card is None:
        return measure(store.iter_games(run.id, cards=False), target)
    return card_figure(store.iter_games(run.id), target.card, card_play_verb(run),
                       one_deck_for_all(run))


def card_figure(games: typing.Iterable[dict[str, Any]], card: str, play_verb: str = "play",
                every_seat: bool = False) -> Figure:
    """A card's improvement when drawn (when played, in a game that draws no card: kow's
    cards are defeated) over these games, with its 95 % interval, as the report's card table
    gives it; unknown (`Figure.known`) when the games cannot measure it."""
    analysis = collect(games, None, play_verb, every_seat)
    names = (card, _deckless(card))
    effects = {e.measure: e for name in reversed(names) for e in analysis.effects
               if e.card == name}
    e = effects.get(DRAWN) or effects.get(PLAYED)
    if e is None or e.settled:
        return Figure(0.0, -1.0, 1.0, analysis.games, known=False)
    return Figure(e.difference, e.ci[0], e.ci[1], analysis.games)


def _deckless(card: str) -> str:
    """A card named with its deck (Word & Iron's `Pike Square (deck0)`) goes by its own name
    in a trial whose two decks are the same cards (the tuned number at the other deck's): the
    game then names it without its deck, and that card is the one measured."""
    return re.sub(r" \(deck\d+\)$", "", card)


def measure(games: typing.Iterable[dict[str, Any]], target: Target) -> Figure:
    """The target's figure over a run's games (not a card figure: `measure_run`)."""
    figure = target.figure
    match = re.fullmatch(r"(seat|player)(\d+)_(win|score)", figure)
    score = figure.endswith("_score")
    successes, trials, played = 0.0, 0, 0
    moments = Moments()
    for g in games:
        played += 1
        winners = g["winner_seats"]
        if match or figure.startswith("first_player"):
            if match and match[1] == "seat":
                seat: int | None = int(match[2])
            elif match:
                seat = g["seating"].index(int(match[2]))
            else:
                seat = g["first_player"]
                if seat is None:
                    continue
            trials += 1
            # a seat's share of the game, as its reward (1/k of a win k shared, 1/n of a draw)
            successes += (Outcome(tuple(winners), (0.0,) * len(g["seating"]), "").reward(seat)
                          if score else seat in winners)
        elif figure == "draws":
            trials += 1
            successes += not winners
        elif figure == "length":
            moments.add(g["length"])
        else:
            value = g["metrics"].get(figure[7:])
            if isinstance(value, int | float):
                moments.add(float(value))
    if target.is_rate:
        rate = Rate(successes, trials)
        return Figure(rate.value, *rate.ci95, trials)
    if figure.startswith("metric:") and played and not moments.n:
        # (A trial interrupted before its first game has no games: an empty figure, as for
        # the other figures, not an error that would keep its tune from being reported.)
        raise TuneError(f"no game has a number for the metric {figure[7:]!r}")
    half = moments.half_width
    return Figure(moments.mean, moments.mean - half, moments.mean + half, moments.n)


# --- the plan ------------------------------------------------------------------------------


@dataclass
class Plan:
    """A tune, checked before any game is played."""

    game: Game
    params: list[Param]
    target: Target
    base: dict[str, Any]  # the --set options (and players)
    players: list[str]
    seed: int
    batch: int
    budget: int
    files_dir: Path
    # What the game warns of (`card_warnings`) in a card file patched to an end of a param's
    # range and not in the file as it is, one line each (`check` finds them; the command
    # prints them before any game): a range reaching past what a number can change.
    warnings: list[str] = field(default_factory=list)
    # The base options the tune set itself, not --set: `players`, from the --players count.
    implied: frozenset[str] = frozenset()

    def patches(self, values: dict[str, Any]) -> dict[str, tuple[Path, list]]:
        """Each data-file option the params change: the file the base options name, and the
        (path, value, label) edits that the trial's values make to it."""
        changes: dict[str, list] = {}
        for p in self.params:
            for option in (p.address.options if p.address else ()):
                changes.setdefault(option, []).append((p.address.path, values[p.name], p.name))
        base_config = self.game.config(self.base)
        out: dict[str, tuple[Path, list]] = {}
        for option, edits in changes.items():
            source = self.game.data_file(option, getattr(base_config, option))
            assert source is not None  # checked by parse_param
            out[option] = (source, edits)
        return out

    def values_config(self, values: dict[str, Any],
                      files_dir: Path | None = None) -> dict[str, Any]:
        """The options of a trial: the base, the rule-option params, and each patched data
        file written (once, in `files_dir`, by default the tune's) and named."""
        options = dict(self.base)
        options.update({p.name: values[p.name] for p in self.params if p.address is None})
        for option, (source, edits) in self.patches(values).items():
            options[option] = str(datafile.write_patched(files_dir or self.files_dir, option,
                                                         source, edits))
        return options

    def out_files(self, values: dict[str, Any],
                  out: Path) -> list[tuple[Path, str, bool]]:
        """What `--out` writes for these values, as (file, text, whether a card file keeps its
        own text with only the tuned numbers changed): each patched card file (the first at
        `out`, the others beside it named after their option; one file serves options
        patched alike), or, with rule options only, a YAML options file. Which files does
        not depend on the values, so the names can be checked before the tune."""
        rules = {p.name: values[p.name] for p in self.params if p.address is None}
        patches = self.patches(values)
        if not patches:
            # no command reads the file back (options are given with --set): it says the line
            return [(out, "# no warroom command reads this file; play these values with:\n# "
                     + shlex.join(self.play_command(values)) + "\n"
                     + yaml.safe_dump({"game": self.game.name, "options": rules},
                                      sort_keys=False), True)]
        header = "# with " + ", ".join(f"{k}={option_text(v)}" for k, v in rules.items()) + "\n" \
            if rules else ""
        files: list[tuple[Path, str, bool]] = []
        for option, (source, edits) in sorted(patches.items()):
            text, kept = datafile.patch(source, edits)
            text = header + text
            if any(text == written for _, written, _ in files):
                continue  # the same patch in two options' files: one file serves both
            target = out.with_name(f"{out.stem}-{option}{out.suffix}") if files else out
            files.append((target, text, kept))
        return files

    def play_command(self, values: dict[str, Any]) -> list[str]:
        """`warroom play` with these rule-option values and the tune's --set options. The
        player count the tune took from --players is left out where the game's default is the
        same (`play` then seats as many): the user never typed it."""
        default = config_to_json(self.game.config({}))
        options = {k: v for k, v in self.base.items()
                   if k not in self.implied or option_text(default.get(k)) != option_text(v)}
        options.update({p.name: values[p.name] for p in self.params if p.address is None})
        return ["warroom", "play", self.game.name,
                *[part for k, v in options.items() for part in ("--set", f"{k}={option_text(v)}")]]

    def start_values(self) -> dict[str, Any]:
        """The values a tune starts from: each param's current value when inside its range."""
        return {p.name: _inside(p) for p in self.params}

    def check(self) -> None:
        """Every param's low and high (every choice) makes a valid game, with a first deal,
        before anything is played: the error names the param, the value and the user's file.
        The files patched to check go to a scratch folder, so that a refused tune leaves
        nothing behind (the tune's own folder is made with its database)."""
        self.warnings = []
        with tempfile.TemporaryDirectory(prefix="warroom-tune-check-") as scratch:
            for p in self.params:
                for value in list(p.choices) if p.kind == "choice" else [p.low, p.high]:
                    self._check_values(p, value, Path(scratch))
            self.check_target(Path(scratch))

    def _check_values(self, p: Param, value: Any, scratch: Path) -> None:
        values = {**self.start_values(), p.name: value}
        options = self.values_config(values, scratch)
        try:
            config = self.game.config(options)
            parse_specs(",".join(self.players), self.game.num_players(config))
            self.game.new_state(config, 0)
        except (ConfigError, DataError) as exc:
            # The game names the patched copy it read: name the user's file instead (the
            # value and the card's field are in the message already).
            message = str(exc)
            for option, (source, _) in self.patches(values).items():
                message = message.replace(options[option], str(source))
            raise TuneError(f"--param {p.text}: at {p.name}={value}: {message}") from None
        for line in self._file_warnings(p, values, options):
            line = f"--param {p.text}: at {p.name}={value}: {line}"
            if line not in self.warnings:
                self.warnings.append(line)

    def _file_warnings(self, p: Param, values: dict[str, Any],
                       options: dict[str, Any]) -> list[str]:
        """The game's warnings (`card_warnings`) of the files `p` patches, read as `options`
        name them, that the files as they are do not have: e.g. Word & Iron's losses asking
        more ranks of power than a loss can take, so that every value past that number plays
        the same (a warning naming the number: the game knows it, the tune need not). Only
        read where the game has card files and warnings; cached loads, before any game."""
        game = self.game
        if p.address is None or type(game).card_warnings is Game.card_warnings:
            return []
        lines: list[str] = []
        for option, (source, _) in self.patches(values).items():
            if option not in p.address.options:
                continue
            try:
                before = game.card_warnings(game.load_cards(str(source)))
                after = game.card_warnings(game.load_cards(str(options[option])))
            except (WarroomError, NotImplementedError):
                continue  # not a card file `load_cards` reads (a scenario)
            lines += [line for line in after if line not in before and line not in lines]
        return lines

    def check_target(self, files_dir: Path | None = None) -> None:
        """The target's figure is one the games will have: a metric the game reports, a first
        player the game has. A game names the same metrics in every state (checked for every
        game by tests/sim/test_tune_target.py), so its first deal tells, with no game played
        and nothing stored."""
        figure, game = self.target.figure, self.game
        config = game.config(self.values_config(self.start_values(), files_dir))
        state = game.new_state(config, 0)
        metrics = game.metrics(state)
        if figure.startswith("metric:"):
            names = metric_names(metrics)
            if figure[7:] not in names:
                raise TuneError(f"--target {self.target.text()}: {game.name} has no metric "
                                f"{figure[7:]!r}; its metrics are: {', '.join(names) or 'none'}")
        elif self.target.card is not None:
            self._check_card(self.target.card, config)
        elif figure.startswith("first_player") and "first_player" not in metrics \
                and len(state.to_move()) != 1:
            raise TuneError(f"--target {self.target.text()}: {game.name} has no first player "
                            "(its games open with a simultaneous decision); choose another "
                            "figure")

    def _check_card(self, card: str, config: Any) -> None:
        """A card target names a card of a game that gives card facts, one of its deck's
        where the game names them (kow's standard deck it does not)."""
        game, text = self.game, self.target.text()
        if not reports_card_facts(game):
            raise TuneError(f"--target {text}: {game.name} reports no card facts, so no card's "
                            "improvement can be measured; choose another figure")
        names = game.card_names(config)
        if names is not None and card not in names and _deckless(card) not in names:
            base = _deckless(card)
            if base != card and all(_deckless(n) == n for n in names):  # decks alike here
                close = [m + card[len(base):]
                         for m in difflib.get_close_matches(base, names, n=3, cutoff=0.5)]
            else:
                close = difflib.get_close_matches(card, names, n=3, cutoff=0.5)
            hint = (f"did you mean {', '.join(map(repr, close))}?" if close else
                    f"its cards: {first_few(sorted(set(names)), 8)}")
            raise TuneError(f"--target {text}: no card {card!r} in the decks these options "
                            f"deal; {hint}")


def metric_names(metrics: dict[str, Any]) -> list[str]:
    """The metrics a tune can target: `first_player` says who moved first (the batch keeps it
    apart from the metrics it stores), the rest are per-game numbers."""
    return sorted(name for name in metrics if name != "first_player")


def current_values(params: list[Param]) -> dict[str, Any] | None:
    """The params' values as the rules are, when each is inside its range (a tune's first
    trial); else None: the rules as they are are not among the values a tune tries."""
    if not all(p.contains(p.current) for p in params):
        return None
    return {p.name: p.current for p in params}


def _inside(p: Param) -> Any:
    """A value of the param's range: its current one if inside, else the low end."""
    if p.contains(p.current):
        return p.current
    return p.choices[0] if p.kind == "choice" else p.low


def make_plan(game: Game, sets: tuple[str, ...], params: tuple[str, ...], target: str,
              players_text: str, seed: int, batch: int, budget: int, db: Path) -> Plan:
    if not params:
        raise TuneError("a tune needs at least one --param NAME=LOW..HIGH")
    base: dict[str, Any] = parse_assignments(list(sets))
    specs = parse_specs(players_text)
    refuse_humans(specs, "tune")
    implied: frozenset[str] = frozenset()
    if "players" not in base and "players" in option_names(game.Config):
        base["players"] = str(len(specs))
        implied = frozenset({"players"})
    config = game.config(base)
    parse_specs(players_text, game.num_players(config))
    parsed = [parse_param(game, text, base, config) for text in params]
    names = [p.name for p in parsed]
    for p in parsed:
        if names.count(p.name) > 1:
            raise TuneError(f"--param {p.text}: {p.name} is tuned twice")
        if p.address is None and p.name in base:
            raise TuneError(f"--param {p.text}: {p.name} is also given with --set")
        for option in (p.address.options if p.address else ()):
            if any(q.address is None and q.name == option for q in parsed):
                raise TuneError(f"--param {p.text}: {option} is also tuned as a whole")
    if batch < 1 or budget < batch:
        raise TuneError(f"the budget ({budget} games) must hold at least one batch ({batch})")
    plan = Plan(game, parsed, parse_target(target, game.num_players(config)), base, specs,
                seed, batch, budget, db.with_name(f"{db.stem}-files"), implied=implied)
    plan.check()
    return plan


# --- running -------------------------------------------------------------------------------


@dataclass
class Trial:
    run: RunInfo
    values: dict[str, Any]
    figure: Figure
    numbers: list[int] = field(default_factory=list)  # the Optuna trials that asked for it


@dataclass
class TuneResult:
    info: TuneInfo
    target: Target
    trials: list[Trial]
    games: int
    current: dict[str, Any] | None = None  # the params' values as they are (current_values)

    @property
    def current_trial(self) -> Trial | None:
        """The trial of the values as they are, when the tune has one."""
        return next((r for r in self.trials if r.values == self.current), None) \
            if self.current is not None else None

    @property
    def consistent(self) -> int:
        """How many trials hold the target in their 95 % interval: none of them is shown to
        miss it, nor to come closer to it than another."""
        return sum(r.figure.holds(self.target.value) for r in self.trials)

    @property
    def choice(self) -> str:
        """Why `best` is taken: "current" (the values as they are hold the target: kept),
        "several" (it is one of several trials that hold the target: not shown better than
        the others), "best" (the one trial holding it, or, with none, the closest)."""
        now = self.current_trial
        if now is not None and now.figure.holds(self.target.value):
            return "current"
        return "several" if self.consistent > 1 else "best"

    @property
    def best(self) -> Trial:
        """The values the tune gives (and --out writes): the values as they are when their
        interval holds the target, since a change picked among trials that also hold it would
        be picked by luck (the best of many trials is a multiple comparison: the winner's
        curse); else the trial whose interval lies closest to the target at its worst end."""
        if self.choice == "current":
            return typing.cast(Trial, self.current_trial)
        t = self.target.value
        return min(self.trials, key=lambda r: (r.figure.pessimistic(t), -r.figure.games,
                                               r.run.id))

    def verdict(self) -> str:
        b, t = self.best, self.target
        f = b.figure
        values = ", ".join(f"{k}={_show(v)}" for k, v in b.values.items())
        value, interval = t.texts(f)
        measured = (f"{values}: {t.figure} {value} (95 % CI {interval}, {f.games} games)"
                    if f.known else f"{values}: {t.figure} unknown ({f.games} games could "
                    "not measure it: the card never drawn, or every group compared all wins "
                    "or all losses)")
        target = f"the target {t.show(t.value)}"
        luck = ("none is shown closer to it than another (the closest of several trials is "
                "partly luck: the winner's curse)")
        others = self.consistent - 1
        if self.choice == "current":
            text = f"the current rules already reach {target}: {measured}; keep them"
            if others:
                text += (f" ({others} other value{'s hold' if others > 1 else ' holds'} it "
                         f"too: {luck})")
        elif self.choice == "several":
            text = (f"no best: {others + 1} values hold {target} in their intervals, and "
                    f"{luck}; the closest at its interval's farther end: {measured}"
                    + ("" if f.holds(t.value) else ", whose interval leaves the target out"))
        else:
            inside = "inside" if f.holds(t.value) else "outside"
            # one value is no search: "best" of one would say more than was done
            text = (f"{'best' if len(self.trials) > 1 else 'the only value tried'}: "
                    f"{measured}; {target} is {inside} the interval")
        n = len(self.trials)
        text += f" ({n} value{'s' if n > 1 else ''} tried, {self.games} games)"
        if n == 1:
            text += ("; too few games to search: the search has two thirds of --budget, a "
                     f"batch of {self.info.batch} per value (--budget {5 * self.info.batch} "
                     "or more gives it room for 3 values)")
        return text


def _show(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def run_tune(store: ResultStore, plan: Plan, workers: int = 1, backend: str = "process",
             address: str | None = None, resume: bool = False,
             on_game: Callable[[dict[str, Any]], None] | None = None,
             on_trial: Callable[[Trial], None] | None = None) -> TuneResult:
    """Search, then extend the promising trials, until the budget's games are played. A
    damaged database (or a trial's stored games, on a resume) is refused before the tune adds
    a row or Optuna its tables."""
    import optuna

    optuna.logging.set_verbosity(logging.WARNING)
    store.check()
    info = find_tune(store, plan) if resume else None
    if info is not None:
        for run in store.runs(tune_id=info.id):
            store.check_games(run.id)
        refuse_smaller_budget(store, info, plan.budget)
    budget_before = plan.budget if info is None else info.budget  # before a resume's own
    if info is None:
        info = store.create_tune(plan.game.name, [p.text for p in plan.params],
                                 (plan.target.figure, plan.target.value), plan.base,
                                 plan.players, plan.seed, plan.batch, plan.budget)
    elif info.budget != plan.budget:
        store.set_budget(info.id, plan.budget)
    storage = optuna.storages.RDBStorage(
        f"sqlite:///{store.path.resolve()}", engine_kwargs={"connect_args": {"timeout": 30}})
    sampler = optuna.samplers.TPESampler(
        seed=derive_seed(plan.seed, "tune") % 2**32,
        n_startup_trials=max(3, min(10, int(plan.budget * SEARCH_SHARE) // plan.batch // 3)))
    study = optuna.create_study(storage=storage, sampler=sampler, study_name=info.study,
                                direction="minimize", load_if_exists=True)
    distributions = {p.name: p.distribution() for p in plan.params}
    tuner = _Tuner(store, plan, info, study, workers, backend, address, on_game, on_trial)
    current = current_values(plan.params)
    if not study.trials and current is not None:
        study.enqueue_trial(current)
    tuner.finish_interrupted()
    search = _search_end(study, budget_before, plan.budget, tuner.spent())
    while tuner.spent() + plan.batch <= max(search, plan.batch):
        trial = study.ask(distributions)
        for _ in range(REASKS):  # a value tried already: tell Optuna its figure, ask again
            if not tuner.tell_known(trial.number, dict(trial.params)):
                break
            trial = study.ask(distributions)
        if tuner.tell_known(trial.number, dict(trial.params)):
            # Optuna keeps to values it has (a small space, or one it has settled on): the
            # batch goes where the extension phase would put it, not to its last proposal,
            # which may be far from the target.
            tuner.extend(tuner.most_promising())
        else:
            tuner.evaluate(trial.number, dict(trial.params))
    while tuner.spent() + plan.batch <= plan.budget:
        tuner.extend(tuner.most_promising())
    return tuner.result()


SEARCH_END = "warroom_search_end"  # the study's [budget, games]: its search ends at games


def _search_end(study: Any, budget_before: int, budget: int, spent: int) -> int:
    """The games after which the tune proposes no new values: two thirds of a fresh budget.
    A resume that adds games splits them alike, its search going on from where the tune
    stands (the earlier search's end, or the games played when that is past): else all of
    them went to extending the trial liked best. Kept in the study, with the budget it is
    for, so that a resume of that resume goes on with the same split."""
    stored = study.user_attrs.get(SEARCH_END)
    before, end = stored or (budget_before, int(budget_before * SEARCH_SHARE))
    if budget > before:
        end = max(end, spent) + int((budget - before) * SEARCH_SHARE)
    if stored != [budget, end]:
        study.set_user_attr(SEARCH_END, [budget, end])
    return end


class _Tuner:
    def __init__(self, store: ResultStore, plan: Plan, info: TuneInfo, study: Any, workers: int,
                 backend: str, address: str | None, on_game: Any, on_trial: Any):
        self.store, self.plan, self.info, self.study = store, plan, info, study
        self.workers, self.backend, self.address = workers, backend, address
        self.on_game, self.on_trial = on_game, on_trial
        self.trials: dict[tuple, Trial] = {}
        for run in store.runs(tune_id=info.id):
            values = run.cell or {}
            self.trials[_key(values)] = Trial(run, values, self._measure(run))

    def spent(self) -> int:
        """Games played by the tune so far."""
        return sum(self.store.count_games(t.run.id) for t in self.trials.values())

    def _measure(self, run: RunInfo) -> Figure:
        try:
            return measure_run(self.store, run, self.plan.target)
        except TuneError as exc:
            raise TuneError(f"--target {self.plan.target.text()}: {exc}") from None

    def evaluate(self, number: int, values: dict[str, Any]) -> Trial:
        """Play the trial's values (a new run, or more games of the run these values have):
        then tell Optuna the distance to the target."""
        key = _key(values)
        trial = self.trials.get(key)
        if trial is None:
            config = self.plan.game.config(self.plan.values_config(values))
            run = self.store.create_run(self.plan.game.name, self.plan.game.version,
                                        config_to_json(config), self.plan.players,
                                        self.plan.seed, self.plan.batch, cell=values,
                                        tune_id=self.info.id)
            trial = Trial(run, values, Figure(0, 0, 1, 0))
            self.trials[key] = trial
            self._play(trial, self.plan.batch)
        else:
            self._play(trial, self.store.count_games(trial.run.id) + self.plan.batch)
        trial.numbers.append(number)
        self.study.tell(number, trial.figure.distance(self.plan.target.value))
        return trial

    def tell_known(self, number: int, values: dict[str, Any]) -> bool:
        """Answer a proposal of values that have a run already from that run, without
        playing; False for new values."""
        trial = self.trials.get(_key(values))
        if trial is None:
            return False
        trial.numbers.append(number)
        self.study.tell(number, trial.figure.distance(self.plan.target.value))
        return True

    def _play(self, trial: Trial, games: int) -> None:
        execute(self.store, trial.run, games, self.workers, self.backend, self.address,
                self.on_game)
        trial.run = self.store.run(trial.run.id)
        trial.figure = self._measure(trial.run)
        if not trial.figure.games:
            raise TuneError(f"--target {self.plan.target.text()}: no game of {self.plan.game.name}"
                            " has a first player (its games open with a simultaneous "
                            "decision); choose another figure")
        if self.on_trial is not None:
            self.on_trial(trial)

    def extend(self, trial: Trial) -> None:
        self._play(trial, self.store.count_games(trial.run.id) + self.plan.batch)

    def most_promising(self) -> Trial:
        t = self.plan.target.value
        return min(self.trials.values(), key=lambda r: (r.figure.optimistic(t),
                                                        self.store.count_games(r.run.id),
                                                        r.figure.distance(t), r.run.id))

    def finish_interrupted(self) -> None:
        """Trials an interruption left open: finish their batch and tell Optuna. An
        extension (no Optuna trial of its own) left open is finished too, so that a resumed
        tune goes on from where an uninterrupted one would be: the same games, the budget
        spent to the end. A trial interrupted while Optuna was still choosing its values
        (created, not all of its params stored) played nothing: it is failed, and values that
        were enqueued for it are enqueued again, so that they are the next ones tried."""
        import optuna

        names = {p.name for p in self.plan.params}
        for trial in self.study.get_trials(deepcopy=False,
                                           states=(optuna.trial.TrialState.RUNNING,)):
            values = dict(trial.params)
            if not names <= set(values):
                self.study.tell(trial.number, state=optuna.trial.TrialState.FAIL)
                fixed = trial.system_attrs.get("fixed_params")
                if fixed:
                    self.study.enqueue_trial(dict(fixed))
                continue
            known = self.trials.get(_key(values))
            if known is None:
                self.evaluate(trial.number, values)
                continue
            requested = known.run.games_requested
            if self.store.count_games(known.run.id) < requested:
                self._play(known, requested)
            self.study.tell(trial.number, known.figure.distance(self.plan.target.value))
        for known in list(self.trials.values()):
            requested = known.run.games_requested
            if self.store.count_games(known.run.id) < requested:
                self._play(known, requested)

    def result(self) -> TuneResult:
        if not self.trials:
            raise StoreError(f"{self.store.path}: tune {self.info.id} has no trials")
        return TuneResult(self.store.tune(self.info.id), self.plan.target,
                          list(self.trials.values()), self.spent(),
                          current_values(self.plan.params))


def _key(values: dict[str, Any]) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in values.items()))


def played(store: ResultStore, info: TuneInfo) -> int:
    """Games the tune `info` has played so far, in all its trials."""
    return sum(store.count_games(run.id) for run in store.runs(tune_id=info.id))


def refuse_smaller_budget(store: ResultStore, info: TuneInfo, budget: int) -> None:
    """A resume only adds games: a budget below those played would be stored as the tune's
    and reported against them ("200 games of a budget of 100")."""
    spent = played(store, info)
    if budget < spent:
        raise TuneError(f"--budget {budget}: tune {info.id} has played {spent} games already, "
                        "and --resume only adds games (give more, or leave --budget out)")


def find_tune(store: ResultStore, plan: Plan) -> TuneInfo:
    """The latest tune `plan` resumes (the same game, params, target, options, players, seed
    and batch), or a StoreError; one whose trials were played with another version of the
    game too (its new games would be measured with the old ones)."""
    wanted = (plan.game.name, [p.text for p in plan.params], (plan.target.figure,
              plan.target.value), plan.base, plan.players, plan.seed, plan.batch)
    for info in reversed(store.tunes()):
        if (info.game, info.params, info.target, info.base_config, info.players, info.seed,
                info.batch) == wanted:
            refuse_other_version("tune", info.id, store.runs(tune_id=info.id),
                                 plan.game.version)
            return info
    raise StoreError(f"{store.path}: no tune of {plan.game.name} with these params, target, "
                     "options, players, seed and batch to resume")


def load_result(store: ResultStore, info: TuneInfo) -> TuneResult:
    """A tune's trials as stored (for the report)."""
    target = Target(*info.target)
    try:
        trials = [Trial(run, run.cell or {}, measure_run(store, run, target))
                  for run in store.runs(tune_id=info.id)]
    except TuneError as exc:  # a tune stored before its target was checked up front
        raise TuneError(f"{store.path}: tune {info.id}, target {target.text()}: {exc}"
                        ) from None
    if not trials:
        raise StoreError(f"{store.path}: tune {info.id} has no finished trials yet")
    return TuneResult(info, target, trials, sum(t.figure.games for t in trials),
                      _stored_current(info))


def _stored_current(info: TuneInfo) -> dict[str, Any] | None:
    """The values a stored tune's params have now (`current_values`): None when its game, an
    option or a card file cannot be read any more, and the report names no current rules."""
    game = REGISTRY.get(info.game)
    if game is None:
        return None
    try:
        config = game.config(info.base_config)
        return current_values([parse_param(game, text, info.base_config, config)
                               for text in info.params])
    except (WarroomError, OSError):
        return None


# --- the tune report -----------------------------------------------------------------------

MARKS = {"current": "kept", "several": "closest", "best": "best"}  # the row of `best`, by choice


def tune_document(store: ResultStore, info: TuneInfo) -> Any:
    """The report of a tune: the best values with their figure, interval and games, a plot
    of the figure against each param, and every trial."""
    from . import plots
    from .analysis import analyse
    from .report import Document, Plot, Section, clock_fact, game_title, questions_section

    result = load_result(store, info)
    t = result.target
    best = result.best
    trials = sorted(result.trials, key=lambda r: r.run.id)
    names = list(best.values) or [p.split("=")[0] for p in info.params]
    measured = [r for r in trials if r.figure.known]  # an unknown figure has no point
    points = [(r.figure.value, r.figure.low, r.figure.high) for r in measured]
    sizes = [r.figure.games for r in measured]
    unit = ("share of games" if t.is_rate else "win-rate difference" if t.card is not None
            else t.figure)
    figures = [Plot(f"tune-{i}", plots.trial_points(
        [r.values.get(name) for r in measured], points, sizes, t.value,
        measured.index(best) if best in measured else -1,
        f"{t.figure} against {name} (95 % CI)", name, unit)) for i, name in enumerate(names)
        ] if measured else []
    rows = [[str(r.run.id), *[_show(r.values.get(n)) for n in names], *t.texts(r.figure),
             str(r.figure.games),
             MARKS[result.choice] if r is best else ""] for r in trials]
    section = Section("tune", f"Which values bring {t.figure} to {t.show(t.value)}?",
                      [result.verdict()], figures,
                      (["run", *names, t.figure, "95 % CI", "games", ""], rows),
                      "Each trial is a run of the results database, played with the tune's "
                      "seed. Two thirds of the budget search; the rest extends the trials whose "
                      "intervals come closest to the target. The best trial is the one whose "
                      "interval lies closest to the target at its farther end, but the current "
                      "values are kept when their interval holds the target, and none is named "
                      "best when several trials hold it.")
    facts = [("game", f"{game_title(info.game)} ({info.game})"),
             ("tune", f"{info.id}, created {info.created}"),
             ("params", "; ".join(info.params)),
             ("target", t.text()),
             ("fixed options", ", ".join(f"{k}={v}" for k, v in info.base_config.items())
              or "the defaults"),
             ("players", ", ".join(f"{i}: {p}" for i, p in enumerate(info.players))),
             ("games", f"{result.games} of a budget of {info.budget}, {info.batch} per batch, "
                       f"batch seed {info.seed} in every trial"),
             *clock_fact(info.players)]
    data = {"tune": {"id": info.id, "game": info.game, "params": info.params,
                     "target": [t.figure, t.value], "budget": info.budget,
                     "batch": info.batch, "seed": info.seed},
            "best": {"run": best.run.id, "values": best.values, **best.figure.to_json()},
            "trials": [{"run": r.run.id, "values": r.values, **r.figure.to_json()}
                       for r in trials]}
    label = ", ".join(f"{k}={_show(v)}" for k, v in best.values.items()) or "best"
    questions = questions_section([(f"best trial (run {best.run.id}): {label}",
                                    analyse(store, best.run))], "trial")
    return Document(f"Tune report: {game_title(info.game)}", facts, [section, questions], data)
