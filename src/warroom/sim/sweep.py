"""Sweeps: the grid of rule options (or card-data files, which are options too), each cell a
run in the results database, and how each figure moves across the grid.

Every cell plays the same game indices with the same batch seed (common random numbers): game
i of every cell starts from the same seed, so differences between cells come from the rules,
not from luck.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from ..agents import parse_specs, refuse_humans
from ..engine import (
    DRAWN,
    PLAYED,
    ConfigError,
    DataError,
    Game,
    config_to_json,
    parse_assignments,
    typed_options,
)
from ..engine.config import option_names, option_text
from ..engine.data import counted
from ..games import REGISTRY
from .analysis import (
    RunAnalysis,
    analyse,
    correct_first_players,
    metric_help,
    one_strategy,
    plain,
    shared_partners,
    team_heads,
    teams_note,
    wins_per_team,
)
from .cards import CardAnalysis, CardEffect, correct_together, difference_text
from .report import Document, Plot, Section, clock_fact, game_title, questions_section
from .runs import execute, refuse_other_version
from .stats import (
    Moments,
    Rate,
    extra_digits,
    holm,
    homogeneity_p,
    p_text,
    paired_location_p,
    paired_rate_p,
    same_location_p,
    significance,
    smallest_adjusted_p,
)
from .store import ResultStore, RunInfo, StoreError, SweepInfo

Vary = list[tuple[str, list[str]]]


def parts(key: str) -> list[str]:
    """The options a --vary key sets: `deck0+deck1` sets both to each value (as `warroom
    tune --param deck0+deck1:...` patches both files), a plain key the one."""
    return [k.strip() for k in key.split("+")]


def expand(values: dict[str, Any]) -> dict[str, Any]:
    """A cell's varied values as options: each key's value to every option it names."""
    return {option: value for key, value in values.items() for option in parts(key)}


def parse_vary(items: tuple[str, ...] | list[str]) -> Vary:
    """`key=v1,v2,...` per item; values that hold commas themselves (list options) are
    separated with `;` instead: `red_faces=0,0,1,1,1,2;0,1,1,1,2,2`."""
    out: Vary = []
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError(f"--vary {item!r} must look like key=value1,value2,...")
        values = [v.strip() for v in text.split(";" if ";" in text else ",")]
        if not all(values):
            raise ConfigError(f"--vary {item!r}: a value is empty")
        if not all(parts(key)):
            raise ConfigError(f"--vary {item!r}: an option name is empty")
        if set(parts(key)) & {o for k, _ in out for o in parts(k)} \
                or len(set(parts(key))) != len(parts(key)):
            raise ConfigError(f"--vary {key}: the option is varied twice")
        if len(set(values)) != len(values):
            raise ConfigError(f"--vary {item!r}: a value is repeated")
        out.append((key, values))
    if not out:
        raise ConfigError("a sweep needs at least one --vary key=value1,value2,...")
    return out


@dataclass(frozen=True)
class Cell:
    values: dict[str, str]  # the varied options of this cell, as given (its label)
    config: dict[str, Any]  # every option of the cell, as stored with its run
    players: tuple[str, ...] = ()  # the cell's SPECs, one per seat (empty: the sweep's)

    @property
    def label(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.values.items())

    @property
    def typed(self) -> dict[str, Any]:
        """The varied options as the game's config types them (2, not "2"; a list as a
        list): what the cell's run stores as its `cell`, and the JSON gives (a key that
        sets several options, `deck0+deck1`, as its first option holds it)."""
        return {k: self.config[parts(k)[0]] for k in self.values}


def cell_values(run: RunInfo) -> dict[str, Any]:
    """A sweep cell's varied options as the game's config types them, read from the run's
    stored config (always typed). A sweep stored before the cells were typed holds them in
    `cell` as given ("2" for 2): read so, both kinds of cell give the same values."""
    return {k: run.config.get(k, v) for k, v in (run.cell or {}).items()}


def _with_players(game: Game, base: dict[str, str], vary: Vary, count: int) -> dict[str, str]:
    """The options every cell's config is built on: the --set ones and, as play, simulate
    and tune take it, the number of SPECs as the number of players (the cells' configs hold
    it; the sweep's stored options stay the --set ones, so that a sweep made before still
    resumes)."""
    if ("players" in option_names(game.Config) and "players" not in base
            and "players" not in dict(vary)):
        return {**base, "players": str(count)}
    return base


def typed_vary(sweep: SweepInfo) -> list[tuple[str, list[tuple[str, Any]]]]:
    """Each varied option with each of its values as given (the grid the sweep stores, the
    one a --resume matches) and as the game's config types it; the text as given where the
    game cannot read it here (not registered, or changed since)."""
    game = REGISTRY.get(sweep.game)
    base = (_with_players(game, dict(sweep.base_config), sweep.vary, len(sweep.players))
            if game is not None else {})
    out = []
    for key, values in sweep.vary:
        pairs = []
        for value in values:
            typed: Any = value
            if game is not None:
                try:
                    first = parts(key)[0]
                    typed = typed_options(game.config({**base, **expand({key: value})}),
                                          [first]).get(first, value)
                except (ConfigError, DataError, OSError, ValueError, TypeError):
                    pass
            pairs.append((value, typed))
        out.append((key, pairs))
    return out


def cell_labels(sweep: SweepInfo, runs: list[RunInfo]) -> list[str]:
    """Each cell run's label, `key=value, ...`, its values as the grid gives them ("0.50"
    stays "0.50"), whether its cell was stored typed or, before, as given."""
    return [", ".join(f"{k}={v}" for k, v in given.items()) for given in _given(sweep, runs)]


def _given(sweep: SweepInfo, runs: list[RunInfo]) -> list[dict[str, str]]:
    """Each cell run's varied values as the grid gives them, as text (`cell_labels`)."""
    grid = typed_vary(sweep)
    given = {key: {_same(typed): text for text, typed in pairs} for key, pairs in grid}
    texts = {key: {text for text, _ in pairs} for key, pairs in grid}

    def shown(key: str, raw: Any, typed: Any) -> str:
        if isinstance(raw, str) and raw in texts.get(key, ()):
            return raw
        return given.get(key, {}).get(_same(typed), option_text(typed))

    return [{k: shown(k, raw, typed)
             for (k, raw), typed in zip((r.cell or {}).items(), cell_values(r).values(),
                                        strict=True)}
            for r in runs]


def _data_options(sweep: SweepInfo) -> set[str]:
    """The options of the sweep's game that name a data file (a deck, a scenario): the JSON
    gives their values as given (`weak.txt`), as the verdicts do, not as the config holds
    them (Battle's config holds the 40 cards of a deck list itself)."""
    game = REGISTRY.get(sweep.game)
    return set() if game is None else set(game.data_options)


def plan(game: Game, sets: tuple[str, ...], vary: Vary, players_text: str) -> list[Cell]:
    """Every cell of the grid, checked before any game is played: each value on its own (so
    the error names it), then each combination, the players, and a first deal."""
    base = parse_assignments(list(sets))
    specs = parse_specs(players_text)
    refuse_humans(specs, "sweep")
    for key, _ in vary:
        if any(option in base for option in parts(key)):
            raise ConfigError(f"--vary {key}: the option is also given with --set")
    known = option_names(game.Config)
    base = _with_players(game, base, vary, len(specs))
    for key, values in vary:
        if key not in known and _card_number(key):
            # the shape of a tune param, `deck0:Shield Wall Advance.losses.ranks`
            option = key.partition(":")[0].split("+")[0].strip()
            raise ConfigError(
                f"--vary {key}: sweep varies rule options only, not a number in a card "
                f"file; make one card file per value (--vary {option}=a.yaml,b.yaml) or use "
                f"warroom tune --param \"{key}=LOW..HIGH\"")
        unknown = [option for option in parts(key) if option not in known]
        if unknown:
            which = f" {unknown[0]!r}" if len(parts(key)) > 1 else ""
            raise ConfigError(f"--vary {key}: unknown option{which} for {game.name}; "
                              f"options are: {', '.join(known)}")
        for value in values:
            try:
                game.config({**base, **expand({key: value})})
            except (ConfigError, DataError) as exc:
                raise type(exc)(f"--vary {key}={value}: {exc}") from None
    cells = []
    for combo in itertools.product(*(values for _, values in vary)):
        values = dict(zip((k for k, _ in vary), combo, strict=True))
        try:
            config = game.config({**base, **expand(values)})
            seats = game.num_players(config)
            cell_specs = (seat_specs(specs, seats) if "players" in values
                          else parse_specs(players_text, seats))
            game.new_state(config, 0)  # a card file that cannot be read fails here, not later
        except (ConfigError, DataError) as exc:
            raise type(exc)(f"sweep cell {Cell(values, {}).label}: {exc}") from None
        cells.append(Cell(values, config_to_json(config), tuple(cell_specs)))
    return cells


def _card_number(key: str) -> bool:
    """Whether a --vary name has the shape of a number in a card file, OPTION:CARD.FIELD,
    as `warroom tune --param` takes it (`datafile.resolve`)."""
    options, sep, rest = key.partition(":")
    return bool(sep and options.strip() and "." in rest)


def seat_specs(specs: list[str], seats: int) -> list[str]:
    """A cell's SPECs when `--vary` gives `players`: the list as given, its last SPEC filling
    the seats past its end (`heuristic,random` at 4 players: heuristic, random, random,
    random), so that one list serves every table size and the first SPECs keep their place
    in every cell. More SPECs than seats would leave one out: refused."""
    if len(specs) > seats:
        raise ConfigError(f"--players lists {len(specs)} SPECs, more than the cell's {seats} "
                          "players (when --vary gives players, the last SPEC fills the seats "
                          f"past the list: list at most as many as the fewest players)")
    return specs + specs[-1:] * (seats - len(specs))


def run_sweep(store: ResultStore, game: Game, sets: tuple[str, ...], vary: Vary,
              cells: list[Cell], players: list[str], seed: int, games: int,
              workers: int = 1, backend: str = "process", address: str | None = None,
              on_cell: Callable[[Cell, int], None] | None = None,
              on_game: Callable[[dict[str, Any]], None] | None = None,
              resume: bool = False) -> SweepInfo:
    """Play every cell into the store. With `resume`, continue the latest sweep with the same
    game, grid, options, players and seed, cell by cell, repeating no game. A damaged
    database (or a cell's stored games, on a resume) is refused before the sweep adds a row."""
    store.check()
    sweep = find_sweep(store, game, sets, vary, players, seed) if resume else None
    if sweep is not None:
        for run in store.runs(sweep_id=sweep.id):
            store.check_games(run.id)
    if sweep is None:
        sweep = store.create_sweep(game.name, vary, parse_assignments(list(sets)), players,
                                   seed, games)
    else:
        cells = in_sweep_order(cells, sweep)
    # matched by typed values: a cell stored as given ("2") by a sweep made before is 2
    runs = {_key(cell_values(r)): r for r in store.runs(sweep_id=sweep.id)}
    played = max((store.count_games(r.id) for r in runs.values()), default=0)
    if games < played:  # before any game: execute would play nothing and say nothing
        raise ConfigError(f"--games {games}: sweep {sweep.id} has {played} games in a cell "
                          "already, and --resume only adds games (give more, or leave "
                          "--games out)")
    if games != sweep.games:  # a later bare --resume reads this number (a smaller one too)
        store.set_sweep_games(sweep.id, games)
        sweep = store.sweep(sweep.id)
    for run in runs.values():  # every cell at once: an interrupted resume leaves none behind
        if run.games_requested != games:
            store.set_requested(run.id, games)
    for cell in cells:
        run = runs.get(_key(cell.typed))
        if run is None:
            run = store.create_run(game.name, game.version, cell.config,
                                   list(cell.players) or players, seed, games,
                                   sweep_id=sweep.id, cell=cell.typed)
        if on_cell is not None:
            on_cell(cell, store.count_games(run.id))
        execute(store, run, games, workers, backend, address, on_game)
    return sweep


def _key(values: dict[str, Any]) -> str:
    return _same(values)


def _same(value: Any) -> str:
    """A typed value (a list too) as a key: equal values, equal keys."""
    return json.dumps(value, sort_keys=True)


def find_sweep(store: ResultStore, game: Game, sets: tuple[str, ...], vary: Vary,
               players: list[str], seed: int) -> SweepInfo:
    """The latest sweep with this game, grid, --set options, players and seed. The grid and
    options are matched by the cells they make, as `simulate --resume` matches a run by its
    whole config: the --vary in another order, a value list in another order, an option set
    to its default or left out are the same sweep. One whose cells were played with another
    version of the game cannot be resumed: its new games would be compared with the old
    ones, and reported as of the old version."""
    base = parse_assignments(list(sets))
    grid = _grid(game, base, vary, len(players))
    for sweep_id in reversed(store.sweep_ids()):
        s = store.sweep(sweep_id)
        if (s.game, s.players, s.seed) != (game.name, players, seed):
            continue
        if (s.vary, s.base_config) != (vary, base) and (
                grid is None or _grid(game, s.base_config, s.vary, len(s.players)) != grid):
            continue
        refuse_other_version("sweep", s.id, store.runs(sweep_id=s.id), game.version)
        return s
    raise StoreError(f"{store.path}: no sweep of {game.name} with this grid, options, players "
                     "and seed to resume")


def _grid(game: Game, base: dict[str, str], vary: Vary,
          count: int) -> tuple[frozenset[str], frozenset[str]] | None:
    """The varied options and every cell's whole config, in no order: equal for two grids
    of the same cells however they were typed; None where a cell cannot be made here (an
    option the game no longer has)."""
    base = _with_players(game, base, vary, count)
    keys = [k for k, _ in vary]
    try:
        cells = frozenset(
            _same(config_to_json(game.config({**base,
                                              **expand(dict(zip(keys, combo, strict=True)))})))
            for combo in itertools.product(*(values for _, values in vary)))
    except (ConfigError, DataError, OSError, ValueError, TypeError):
        return None
    return frozenset(keys), cells


def in_sweep_order(cells: list[Cell], sweep: SweepInfo) -> list[Cell]:
    """`cells` in the order of the sweep's own grid, each with its options in that order: a
    resume given the --vary (or their values) in another order plays and labels the cells
    as the sweep first did, and a cell it starts reads as the others."""
    rank = {key: {_same(typed): i for i, (_, typed) in enumerate(pairs)}
            for key, pairs in typed_vary(sweep)}
    if set(rank) != set(cells[0].values):
        return cells
    ordered = sorted(cells, key=lambda c: [rank[k].get(_same(c.config[parts(k)[0]]),
                                                        len(rank[k])) for k in rank])
    return [Cell({k: c.values[k] for k in rank}, c.config, c.players) for c in ordered]


def resumed_games(store: ResultStore, sweep: SweepInfo) -> int:
    """Games per cell that a resume without --games plays to: the most the sweep has asked
    of any cell (a resume with a larger --games asked more of the cells it reached)."""
    return max([sweep.games, *(r.games_requested for r in store.runs(sweep_id=sweep.id))])


# --- the sweep report --------------------------------------------------------------------

Point = tuple[float, float, float]  # value, 95 % low, 95 % high


def _rate_point(r: Rate) -> Point:
    return (r.value, *r.ci95)


def _mean_point(m: Moments) -> Point:
    return (m.mean, m.mean - m.half_width, m.mean + m.half_width)


def sweep_document(store: ResultStore, sweep: SweepInfo) -> Document:
    runs = store.runs(sweep_id=sweep.id)
    analyses = [analyse(store, r) for r in runs if store.count_games(r.id)]
    if not analyses:
        raise StoreError(f"{store.path}: sweep {sweep.id} has no finished games yet")
    correct_across_cells(analyses)
    labels = cell_labels(sweep, [a.run for a in analyses])
    xlabel = " / ".join(k for k, _ in sweep.vary)
    figures = _figures(analyses)
    tested = [f[4] for f in figures if f[4] is not None]
    adjusted = iter(holm(tested))
    sections = [questions_section(list(zip(labels, analyses, strict=True)), "cell"),
                *(_figure_section(*figure, labels, xlabel,
                                  None if figure[4] is None else next(adjusted), len(tested))
                  for figure in figures)]
    sections += _card_sections(labels, analyses)
    facts = [
        ("game", f"{game_title(sweep.game)} ({sweep.game})"),
        ("sweep", f"{sweep.id}, created {sweep.created}"),
        ("grid", "; ".join(f"{k} = {' | '.join(v)}" for k, v in sweep.vary)
         + f" ({counted(sweep.cells, 'cell')})"),
        ("fixed options", ", ".join(f"{k}={v}" for k, v in sweep.base_config.items())
         or "the defaults"),
        ("players", ", ".join(f"{i}: {p}" for i, p in enumerate(sweep.players))
         + (" (the last SPEC fills the seats a cell has past them)"
            if any(r.players != sweep.players for r in runs) else "")),
        ("games", _games_fact(store, sweep, runs)),
        *clock_fact(sweep.players),
    ]
    # values as the game's config types them (2, not the "2" given), in the grid and cells;
    # a data file's as given (`weak.txt`), as the labels above give it
    files = _data_options(sweep)
    vary = [[key, [text if key in files else typed for text, typed in pairs]]
            for key, pairs in typed_vary(sweep)]
    cells = [{**cell_values(a.run), **{k: v for k, v in given.items() if k in files}}
             for a, given in zip(analyses, _given(sweep, [a.run for a in analyses]),
                                 strict=True)]
    data = {"sweep": {"id": sweep.id, "game": sweep.game, "vary": vary,
                      "players": sweep.players, "seed": sweep.seed, "games": sweep.games},
            "cells": [{"cell": cell, **_cell_json(a, cell)}
                      for a, cell in zip(analyses, cells, strict=True)]}
    return Document(f"Sweep report: {game_title(sweep.game)}", facts, sections, data)


def correct_across_cells(analyses: list[RunAnalysis]) -> None:
    """Correct the card flags and the first-player tests over every cell at once (Holm):
    corrected within each cell alone, a sweep of M cells where no card makes a difference
    flags some card in up to M times 5 % of sweeps (40 % of sweeps of 6 cells, before the
    card test itself was mended), where a report promises at most 5 %."""
    scope = f"the {len(analyses)} cells of the sweep"
    correct_first_players(analyses, scope)
    correct_together([a.cards for a in analyses if a.cards is not None], scope)


def _card_sections(labels: list[str], analyses: list[RunAnalysis]) -> list[Section]:
    """Each card's improvement when drawn (and when played, in the game's verb), cell by
    cell: what a designer varying an option asks of a card (does it carry the game in one
    cell and not in another?), where each cell's own report ranks its cards alone. The sweep
    report had only the names flagged in each cell (an audit, stop 71)."""
    cards = [a.cards for a in analyses]
    first = next((c for c in cards if c is not None and c.effects), None)
    if first is None:
        return []
    return [section for measure in (DRAWN, PLAYED)
            if (section := _card_section(labels, cards, first, measure)) is not None]


def _card_section(labels: list[str], cards: list[CardAnalysis | None], first: CardAnalysis,
                  measure: str) -> Section | None:
    """One measure's table: a row per card, a column per cell."""
    effects: dict[str, list[CardEffect | None]] = {}
    for j, c in enumerate(cards):
        for e in c.ranked(measure) if c is not None else ():
            effects.setdefault(e.card, [None] * len(cards))[j] = e
    if not effects:
        return None

    def cell(e: CardEffect | None) -> str:
        if e is None:
            return "-"
        if not e.tested and not e.settled:
            return "not tested"
        return difference_text(e) + (" flagged" if e.flagged else "")

    def order(card: str) -> tuple[bool, float, str]:
        tested = [e.difference for e in effects[card] if e is not None and e.tested]
        return (not tested, -sum(tested) / len(tested) if tested else 0.0, card)

    said = first.said(measure)
    note = (f"The win rate of the player-games in which the card was {said} less that of "
            "those in which it was not, in points, adjusted as each cell's own report adjusts "
            "it (warroom report --run N, which has the rates, the player-games and the other "
            "measures), with its 95 % interval; \"flagged\" after Holm's correction over "
            "every cell's card tests at once. Cards whose tested differences are highest on "
            "average come first; - : no figure in that cell (the card was not there, or never "
            f"{said}); — : every group compared was all wins or all losses; not tested: too "
            "few player-games on a side.")
    if measure == PLAYED:
        note += f" Mind that {first.played_caveat()}."
    return Section(f"cards-{measure}-by-cell",
                   f"Each card's improvement when {said}, cell by cell", [],
                   table=(["card", *labels],
                          [[card, *map(cell, effects[card])]
                           for card in sorted(effects, key=order)]),
                   note=note)


# key, title, unit, series, p (None: not tested), a note on what the test counted
Figure = tuple[str, str, str, dict[str, list[Point]], float | None, str]


def _setups_differ(analyses: list[RunAnalysis]) -> str:
    """Why the cells' shares of wins cannot be compared with each other, or "": cells with
    different numbers of players, or different teams, expect different shares of a seat
    (25 % of four alone, 50 % of two teams), so a difference across them is no finding."""
    if len({a.seats for a in analyses}) > 1:
        return "the cells play different numbers of players"
    if shared_partners(analyses, "seat") is None:
        return "the cells play different teams"
    return ""


def _unpaired(analyses: list[RunAnalysis]) -> str:
    """Why the cells cannot be compared game by game, or "" when they can: every cell played
    the same games (indices and seeds), as a finished sweep's cells do."""
    if len({a.per_game.games() for a in analyses}) > 1:
        return "the cells did not play the same games"
    return ""


def _paired_rates(tables: list[list[list[bool]]], what: str) -> tuple[float, str]:
    """One p-value, and the words naming its test, for binary outcomes compared game by game
    across the cells (tables[t][j][i]: outcome t in cell j, game i; `paired_rate_p`). An
    outcome that is another's, or its complement (seat 1 won where seat 0 lost, two players
    and no draw), is the same test and counted once; of several, the smallest p after Holm's
    correction, so that where no cell differs at most 5 % of sweeps find one that does."""
    distinct: list[list[list[bool]]] = []
    for table in tables:
        if table not in distinct and [[not x for x in row] for row in table] not in distinct:
            distinct.append(table)
    test = "McNemar's exact test" if len(tables[0]) == 2 else "Cochran's Q"
    many = (f" per {what}, the smallest p of {len(distinct)} after Holm's correction"
            if len(distinct) > 1 else "")
    return (smallest_adjusted_p([paired_rate_p(t) for t in distinct]),
            f"; paired by seed: {test}{many}")


LONE = " not tested: the comparison needs two cells with games, and only one has any"


def _rates_test(why: str, counts: list[list[float]],
                tables: list[list[list[bool]]], what: str) -> tuple[float | None, str]:
    """Rates across the cells: paired by seed when the cells played the same games (`why`
    empty), else the chi-square test of independent samples on `counts`, saying why; none
    with one cell."""
    if len(counts) < 2:
        return None, LONE
    if why:
        return homogeneity_p(counts), f"; chi-square test (not paired by seed: {why})"
    return _paired_rates(tables, what)


def _location_test(why: str, paired: list[list[float]] | None,
                   samples: list[list[float]] | list[Any]) -> tuple[float | None, str]:
    """Lengths or a metric across the cells: paired by seed (Wilcoxon's signed-rank test for
    two cells, Friedman's for more) when the cells played the same games and every game has
    the figure (`paired`), else Kruskal-Wallis on `samples` as independent, saying why; none
    with one cell."""
    if len(samples) < 2:
        return None, LONE
    if why or paired is None:
        why = why or "not every game has it"
        return same_location_p(samples), f"; Kruskal-Wallis test (not paired by seed: {why})"
    test = "Wilcoxon signed-rank test" if len(paired) == 2 else "Friedman test"
    return paired_location_p(paired), f"; paired by seed: {test}"


def _wins_test(why: str, analyses: list[RunAnalysis], kind: str) -> tuple[float | None, str]:
    """Test that the cells share one distribution of wins per seat (or listed player), each
    team of partners counted once a game, as a run's own report does (partners' wins are the
    same games): game by game when the cells played the same games, else as independent
    samples (the wins per team and the draws). Cells that play different teams, or different
    numbers of players, are not tested: no one grouping counts each of their games once."""
    if len(analyses) < 2:
        return None, LONE
    differ = _setups_differ(analyses)
    partners = None if differ else shared_partners(analyses, kind)
    if partners is None:
        sizes = len({a.seats for a in analyses}) > 1
        shown = f" (shown: the {kind}s every cell has)" if sizes else ""
        return None, f" not tested: {differ or 'the cells play different teams'}{shown}"
    heads = team_heads(analyses[0].seats, partners)
    p, test = _rates_test(
        why,
        [[*wins_per_team(a, kind, partners), a.draws] for a in analyses],
        [[a.per_game.won(kind, h) for a in analyses] for h in heads], kind)
    return p, test + teams_note(analyses[0].seats, partners, kind, " in every cell")


def _first_test(why: str, analyses: list[RunAnalysis],
                firsts: list[Rate]) -> tuple[float | None, str]:
    """The first player's wins across the cells, game by game over the games with a first
    player when they are the same games in every cell."""
    flags = [a.per_game.first_won for a in analyses]
    if not why and any([f < 0 for f in flag] != [f < 0 for f in flags[0]] for flag in flags):
        why = "the games with a first player differ between cells"
    counts = [[r.successes, r.trials - r.successes] for r in firsts]
    if why:  # the cells' games differ (an unfinished sweep: cells of 128 and 20 games)
        return _rates_test(why, counts, [], "")
    games = [i for i, f in enumerate(flags[0]) if f >= 0]
    return _rates_test(why, counts, [[[flag[i] == 1 for i in games] for flag in flags]], "")


NUMBER = re.compile(r"\d+(?:\.\d+)?")
# A count of one and the word after it, the word whose form the count sets ("1 Victory")
ONE = re.compile(r"(?<![\d.])1 ([A-Za-z]+)")


def _plural(word: str) -> str:
    """A word's regular English plural: Victory, Victories; round, rounds; match, matches."""
    if re.search(r"[^aeiou]y$", word):
        return word[:-1] + "ies"
    return word + ("es" if re.search(r"(?:s|x|z|ch|sh)$", word) else "s")


def reason_kinds(reasons: Iterable[str]) -> dict[str, str]:
    """Each outcome reason's kind: its text with each number replaced by N. A sweep of
    victories_to_win ends "first to 2 Victories" in one cell and "first to 3 Victories" in
    another: the same way to win, not a difference between the cells. A count of one sets
    its word in the singular ("first to 1 Victory"): that reason is of the kind another
    reason shows with the word in the plural, if one does, so that a count's grammatical
    number does not split one way to win in two (p = 0.002 for a sweep of 1 and 2
    Victories). An irregular plural (life, lives) is not matched: two kinds, as before."""
    plain = {r: NUMBER.sub("N", r) for r in reasons}
    seen = set(plain.values())
    kinds: dict[str, str] = {}
    for reason, kind in plain.items():
        plural = NUMBER.sub("N", ONE.sub(lambda m: f"1 {_plural(m[1])}", reason))
        kinds[reason] = plural if plural in seen else kind
    return kinds


def _reason_kinds(a: RunAnalysis, kinds: dict[str, str]) -> Counter[str]:
    """A cell's games per kind of outcome reason (`kinds`, from `reason_kinds`)."""
    counts: Counter[str] = Counter()
    for reason, n in a.reasons.items():
        counts[kinds[reason]] += n
    return counts


def _reasons_test(why: str, analyses: list[RunAnalysis], kinds: dict[str, str],
                  shown: list[str]) -> tuple[float | None, str]:
    """The `shown` kinds of outcome reasons across the cells, game by game when they are
    paired."""
    def ended(a: RunAnalysis, kind: str) -> list[bool]:
        codes = {code for reason, code in a.per_game.reasons.items() if kinds[reason] == kind}
        return [c in codes for c in a.per_game.reason]

    counts = [_reason_kinds(a, kinds) for a in analyses]
    return _rates_test(why, [[c[k] for k in shown] for c in counts],
                       [[ended(a, k) for a in analyses] for k in shown], "reason")


def _figures(analyses: list[RunAnalysis]) -> list[Figure]:
    """Each figure across the cells: its series of points, and the p-value of a test that
    the cells differ. The cells play game i from one seed, so they are compared game by game
    (McNemar's exact test or Cochran's Q for rates, Wilcoxon's signed-rank or Friedman's test
    for lengths and metrics): as independent samples (chi-square, Kruskal-Wallis), the games
    that the rules did not change (most, for a small change) hide the few that they did.
    Cells that did not play the same games (an unfinished sweep) are tested as independent
    samples, as the verdict says."""
    # The seats and listed players every cell has (a sweep of `players` adds some)
    players = min((a.run.players for a in analyses), key=len)
    seats = min(a.seats for a in analyses)
    why = _unpaired(analyses)
    lengths = [list(a.per_game.length) for a in analyses]  # each game's, in index order
    # As a run's report: players of one SPEC differ only by chance (and by the seats they
    # rotate through, which the seats' figure tests), so their figure is shown, not tested
    # (a lone cell says it is alone first, as the other figures do).
    same = one_strategy([p for a in analyses for p in a.run.players]) if len(analyses) > 1 else ""
    out: list[Figure] = [
        ("player-win-rate", "win rate per player", "win rate",
         {f"{p} ({i})": [_rate_point(a.player_rates()[i]) for a in analyses]
          for i, p in enumerate(players)},
         *((None, f" not tested: {same} (see the seats for a difference between places at "
                  "the table)") if same else _wins_test(why, analyses, "player"))),
        ("seat-win-rate", "win rate per seat", "win rate",
         {f"seat {s}": [_rate_point(a.seat_rates()[s]) for a in analyses] for s in range(seats)},
         *_wins_test(why, analyses, "seat")),
    ]
    firsts = [a.first.rate for a in analyses if a.first is not None]
    if len(firsts) == len(analyses):
        # As for the seats: the first player's fair share is each cell's own.
        differ = _setups_differ(analyses)
        p, test = (None, "") if differ else _first_test(why, analyses, firsts)
        out.append(("first-player", "first player win rate", "win rate",
                    {"first player": [_rate_point(r) for r in firsts]}, p,
                    f" not tested: {differ}, so the first player's fair share differs too "
                    "(each cell's own test is in the table above)" if differ else test))
    out += [
        ("draws", "draw rate", "share of games",
         {"draws": [_rate_point(a.draw_rate()) for a in analyses]},
         *_rates_test(why, [[a.draws, a.games - a.draws] for a in analyses],
                      [[[m == 0 for m in a.per_game.seat_won] for a in analyses]], "")),
        ("length", "mean game length", "decisions",
         {"mean length": [_mean_point(a.length) for a in analyses]},
         *_location_test(why, lengths, lengths)),
    ]
    # Reasons by kind (numbers as N, `reason_kinds`): "first to 1 Victory" and "first to 2
    # Victories" in a sweep of victories_to_win are one way to win, not a finding.
    kinds = reason_kinds({r for a in analyses for r in [*a.reasons, *a.per_game.reasons]})
    counts = [_reason_kinds(a, kinds) for a in analyses]
    reasons = sorted({r for k in counts for r in k})
    if len(reasons) > 1:
        out.append(("reasons", "outcome reasons", "share of games",
                    {r: [_rate_point(Rate(k[r], a.games)) for k, a in zip(counts, analyses,
                                                                          strict=True)]
                     for r in reasons},
                    *_reasons_test(why, analyses, kinds, reasons)))
    helps = metric_help(analyses[0].run) if analyses else {}
    for name in sorted({m for a in analyses for m in a.metrics}):
        if all(name in a.metrics for a in analyses):
            values = [a.metric_values[name] for a in analyses]
            whole = all(len(v) == a.games for v, a in zip(values, analyses, strict=True))
            # the plot's axis says what the number is: "underdog_wins" alone did not
            out.append((f"metric-{name}", f"metric {name}", helps.get(name, name),
                        {f"mean {name}": [_mean_point(a.metrics[name]) for a in analyses]},
                        *_location_test(why, [list(v) for v in values] if whole else None,
                                        values)))
    return out


def _figure_section(key: str, title: str, unit: str, series: dict[str, list[Point]],
                    p: float | None, note: str, labels: list[str], xlabel: str,
                    adjusted: float | None = None, family: int = 1) -> Section:
    """A figure's verdict lines (where each series is lowest and highest, and whether the
    cells differ), its plot across the cells, and its table. `adjusted`: its p after Holm's
    correction over the `family` figures of the sweep tested across cells: each alone would
    let a sweep whose rules change nothing find some figure that differs in up to a quarter
    of sweeps of 6 figures, where a verdict promises 5 %."""
    from . import plots

    many = len(series) > 1
    percent = unit in ("win rate", "share of games")
    lines = [_moves(f"{title}, {name}" if many else title, points, labels, percent)
             for name, points in series.items()]
    if p is None:
        tested = f"differences across cells{note}"
    elif family > 1 and adjusted is not None:
        tested = (f"differences across cells {significance(adjusted, 'adjusted p')}: Holm's "
                  f"correction over the {family} figures tested across cells ({p_text(p)} "
                  f"alone){note}")
    else:
        tested = f"differences across cells {significance(p)}{note}"
    if many:
        lines.append(f"{title}: {tested}")
    else:
        lines[0] += f"; {tested}"
    plot = plots.sweep_lines(labels, series, f"{title} by cell (95 % CI)", unit, xlabel)
    table = (["cell", *series],
             [[label, *(_fmt(series[s][i], unit) for s in series)]
              for i, label in enumerate(labels)])
    return Section(key, title, lines, [Plot(f"sweep-{key}", plot)], table)


def _games_fact(store: ResultStore, sweep: SweepInfo, runs: list[Any]) -> str:
    """The games of the sweep: so many per cell when every cell of the grid holds the games
    it was asked for; else that the sweep is unfinished, with the games requested and held
    in each cell (a cell of the grid not started holds none)."""
    seed = f"batch seed {sweep.seed} in every cell"
    cells = sweep.cells
    held = [(label, store.count_games(r.id), r.games_requested)
            for label, r in zip(cell_labels(sweep, runs), runs, strict=True)]
    if len(held) == cells and all(n == asked for _, n, asked in held):
        return f"{held[0][1]} per cell, {seed}"
    asked = sorted({a for _, _, a in held} | ({sweep.games} if len(held) < cells else set()))
    each = "; ".join(f"{label}: {n}" for label, n, _ in held)
    missing = cells - len(held)
    return (f"unfinished sweep: {' or '.join(map(str, asked))} requested per cell, held "
            f"{each}" + (f"; {missing} cell{'s' if missing > 1 else ''} not started" if missing
                         else "")
            + f"; {seed} (warroom sweep ... --resume plays the rest)")


def _cell_json(a: RunAnalysis, cell: dict[str, Any]) -> dict[str, Any]:
    """A cell's figures; its run's `cell` is `cell`, the values as the JSON's `cell` gives
    them (typed; a data file as given)."""
    full = a.to_json()
    out = {k: full[k] for k in ("games", "seat_win_rate", "player_win_rate", "draw_rate",
                                "first_player", "length", "reasons", "metrics", "cards",
                                "run")}
    if isinstance(out["run"], dict) and out["run"].get("cell") is not None:
        out["run"] = {**out["run"], "cell": cell}
    return out


def _fmt(point: Point, unit: str) -> str:
    value, low, high = point
    if unit in ("win rate", "share of games"):
        return f"{100 * value:.1f} % ({100 * low:.1f} - {100 * high:.1f})"
    d = _decimals(value)
    return f"{value:.{d}f} ({low:.{d}f} - {high:.{d}f})"


def _decimals(*values: float) -> int:
    """The decimal places that show these figures (a game length, a metric) alike: those
    that three significant digits of each take (`plain`), at least one, as `simulate` gives a mean
    length and the report a mean (sim/README.md): a sweep printed "from 63.9 to 111" and
    "108 (104 - 113)" (an audit, stop 71)."""
    shown = [plain(v) for v in values if math.isfinite(v)]
    return max([1, *(len(t.partition(".")[2]) for t in shown)])


def _moves(title: str, points: list[Point], labels: list[str], percent: bool) -> str:
    values = [v for v, _, _ in points]
    low, high = values.index(min(values)), values.index(max(values))

    places = _decimals(values[low], values[high])

    def digits(value: float, extra: int) -> str:
        return f"{100 * value:.{1 + extra}f} %" if percent else f"{value:.{places + extra}f}"

    # as a tune shows its figures: the lowest and highest never read alike when they differ
    # ("from 119 to 119" for 118.99 and 119.41)
    extra = extra_digits(lambda e: values[low] != values[high]
                         and digits(values[low], e) == digits(values[high], e))

    def show(i: int) -> str:
        return f"{digits(values[i], extra)} ({labels[i]})"

    if len(values) == 1:
        return f"{title}: {show(0)}, the only cell with games"
    if values[low] == values[high]:
        return f"{title}: {show(low).split(' (')[0]} in every cell"
    return f"{title}: from {show(low)} to {show(high)}"
