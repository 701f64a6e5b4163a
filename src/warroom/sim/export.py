"""Export of a results database as plain rows, and of one stored game as a saved-game record.

Rows (`warroom export DB`): one per game (`game_rows`), or one per card fact, a (run, game,
seat, card, fate, count) (`card_rows`), read through the store's own readers
(`ResultStore.iter_games`, whose card facts come with their names, never the per-database ids
of `card_names`). A row is a dict; `csv_header` and `csv_values` spread its lists per seat
for CSV, and JSON lines keep them as lists. The columns, in order:

- games: `run`; for a sweep's cells `sweep`, for a tune's trials `tune`, and `cell.KEY` per
  varied or tuned option (an unset value `none`, as `warroom options` shows it); `index`, `seed`,
  `players` (the SPEC in each seat), `seating` (the listed player in each seat, an index into
  the run's players), `winner_seats`, `winner_players` (listed players), `scores` (per seat),
  `reason`, `length` (decisions), `first_seat` (None when the game opens with a simultaneous
  decision), then `metric.NAME` per metric of the game.
- cards: `run`; `sweep` or `tune` and `cell.KEY` as above; `index`, `seat`, `card`, `fate`,
  `count`.

A record (`record_of`): game I of a run played again, as `batch.play_one` plays it, with the
run's own copies of its data files (`RunInfo.spec`, as `simulate --resume` plays), its moves
kept, and written as `play --save` writes a record (`Record.save`): the same players, seed and
seating, the config as the run stores it (a deck as it was named), the files it carries. The
game must end as the stored row says (winners, scores, reason, length), or nothing is written.
A run whose players search by time (`mcts:time=...`, or `mcts` with neither budget given) is
refused before anything is played: their moves depend on the machine's speed.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from ..agents import clock_bound, make_agents, parse_spec
from ..engine import ConfigError, DataError, Game, Record, play_game, replay_to_end
from ..engine.config import option_text
from ..engine.data import counted, first_few, shell_word
from ..games import REGISTRY, get_game
from .stats import whole_number
from .store import ResultStore, RunInfo, StoreError, SweepInfo

FORMATS = ("csv", "jsonl")
SUFFIXES = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl"}
# The lists of a game row that hold one value per seat: CSV spreads each over KEY.0, KEY.1...
PER_SEAT = ("players", "seating", "scores")
GAME_HEAD = ("index", "seed")
GAME_BODY = ("winner_seats", "winner_players")
GAME_TAIL = ("reason", "length", "first_seat")
CARD_COLUMNS = ("index", "seat", "card", "fate", "count")


class ExportError(StoreError):
    """What was asked for is not in the database, or cannot be exported as asked."""


@dataclass(frozen=True)
class Selection:
    """What an export reads: runs (in order), and the sweep they are the cells of, if the
    export is of a sweep. A run that is a sweep's cell or a tune's trial, exported alone or
    not, has its varied values (`cells`, by run id), the options they are of (`keys`), and
    what names it beside its run (`part`: "sweep" or "tune"), so that rows of runs exported
    one by one still say which cell or trial each is. `unfinished`: whether a cell of the
    sweep's grid holds fewer games than asked (or none)."""

    runs: list[RunInfo]
    sweep: SweepInfo | None = None
    cells: dict[int, dict[str, Any]] = field(default_factory=dict)
    keys: tuple[str, ...] = ()
    part: str | None = None
    unfinished: bool = False

    def describe(self, games: int | None = None) -> str:
        """"run 3 (kow)", "sweep 2 (kow, 6 cells)", "sweep 1 (battle, 1 of 3 cells,
        unfinished)"; with `games`, their number: "sweep 2 (kow, 6 cells, 40 games)"."""
        if self.sweep is None:
            name, said = f"run {self.runs[0].id}", [self.runs[0].game]
        else:
            name = f"sweep {self.sweep.id}"
            said = [self.sweep.game, self.sweep.cells_text(len(self.runs))]
        if games is not None:
            said.append(counted(games, "game"))
        if self.unfinished:
            said.append("unfinished")
        return f"{name} ({', '.join(said)})"


# --- what to export -----------------------------------------------------------------------
def default_selection(store: ResultStore) -> tuple[Selection, str]:
    """What `export DB` exports given neither --run nor --sweep, as `report DB` reports it:
    the latest run with finished games, or the whole sweep it is a cell of; a tune's trial is
    that run alone (there is no export of a tune). With the note that says which (stderr)."""
    latest = store.latest_run_with_games()
    if latest.sweep_id is not None:
        selection = sweep_selection(store, latest.sweep_id)
        return selection, (f"exporting {selection.describe(count_games(store, selection))}, "
                           f"as `report` reports it: run {latest.id}, one of its cells, is the "
                           f"latest run with finished games; --run {latest.id} exports that "
                           "cell alone")
    selection = _one_run(store, latest)
    said = (f"exporting {selection.describe(store.count_games(latest.id))}, the latest with "
            "finished games")
    if latest.tune_id is not None:
        return selection, (f"{said}: one trial of tune {latest.tune_id}, not the whole tune (a "
                           "tune is exported trial by trial, each with --run ID)")
    return selection, said + "; --run ID or --sweep ID exports another"


def run_selection(store: ResultStore, run_id: int | None) -> Selection:
    """One run (the latest with games when `run_id` is None); a run without games is an
    ExportError."""
    run = store.latest_run_with_games() if run_id is None else store.run(run_id)
    if not store.count_games(run.id):
        raise ExportError(f"{store.path}: run {run.id} has no finished games yet")
    return _one_run(store, run)


def _one_run(store: ResultStore, run: RunInfo) -> Selection:
    """One run, with its cell's values as its sweep's export gives them, or its trial's."""
    if run.sweep_id is not None:
        sweep = store.sweep(run.sweep_id)
        return Selection([run], cells=_sweep_cells(sweep, [run]),
                         keys=tuple(key for key, _ in sweep.vary), part="sweep")
    if run.tune_id is not None:
        return Selection([run], cells={run.id: dict(run.cell or {})},
                         keys=tuple(run.cell or ()), part="tune")
    return Selection([run])


def sweep_selection(store: ResultStore, sweep_id: int) -> Selection:
    """A sweep's cells that hold games, each with its varied values."""
    sweep = store.sweep(sweep_id)
    runs = [r for r in store.runs(sweep_id=sweep.id) if store.count_games(r.id)]
    if not runs:
        raise ExportError(f"{store.path}: sweep {sweep.id} has no finished games yet")
    unfinished = len(runs) < sweep.cells or any(store.count_games(r.id) < r.games_requested
                                         for r in runs)
    return Selection(runs, sweep, _sweep_cells(sweep, runs),
                     keys=tuple(key for key, _ in sweep.vary), part="sweep",
                     unfinished=unfinished)


def _sweep_cells(sweep: SweepInfo, runs: list[RunInfo]) -> dict[int, dict[str, Any]]:
    """The varied values of each of `runs`, cells of `sweep` (typed as the game's config
    types them; a data file's as the grid gives it, as `report --json` gives them)."""
    from .sweep import cell_values, typed_vary  # the analyses' modules, only for a sweep

    files = set(get_game(sweep.game).data_options)
    given = {key: pairs for key, pairs in typed_vary(sweep) if key in files}
    return {run.id: {key: _as_given(given.get(key, []), value) if key in files else value
                     for key, value in cell_values(run).items()} for run in runs}


def _as_given(pairs: list[tuple[str, Any]], typed: Any) -> Any:
    """A data file's value as the sweep's grid gives it (`weak.txt`), not as the config holds
    it (Battle's config holds the deck list's cards)."""
    return next((text for text, value in pairs if value == typed), typed)


def count_games(store: ResultStore, selection: Selection) -> int:
    return sum(store.count_games(run.id) for run in selection.runs)


def without_cards(store: ResultStore, selection: Selection) -> str | None:
    """Why some selected runs have no card rows, for a note (None when every run has card
    facts): a run whose game may give card facts but whose options dealt none (Viktory's
    mode=dice) is exported without rows, as a sweep's cell of it always was, so that a script
    exporting run after run goes on. A game that never gives card facts is an ExportError."""
    from .cards import no_card_facts, reports_card_facts  # only for this check

    game = REGISTRY.get(selection.runs[0].game)
    if game is not None and not reports_card_facts(game):
        raise ExportError(f"{store.path}: {selection.describe()} holds no card facts: "
                          f"{no_card_facts(game)}")
    bare = [run for run in selection.runs if not store.has_cards(run.id)]
    if not bare:
        return None
    from .analysis import no_facts_reason

    why = no_facts_reason(bare[0])
    if selection.sweep is None:
        return (f"{selection.describe()} holds no card facts, so no card rows are written"
                + (f": {why}" if why else ""))
    cells = first_few([f"run {run.id} ({_cell_text(selection, run)})" for run in bare])
    one = len(bare) == 1
    return (f"{selection.describe()}: {len(bare)} of its cells {'holds' if one else 'hold'} no "
            f"card facts, so {'has' if one else 'have'} no card rows: {cells}"
            + (f" (run {bare[0].id}: {why})" if why else ""))


def _cell_text(selection: Selection, run: RunInfo) -> str:
    cell = selection.cells.get(run.id, {})
    return ", ".join(f"{key}={option_text(cell.get(key))}" for key in selection.keys)


# --- rows -----------------------------------------------------------------------------------
def metric_names(store: ResultStore, selection: Selection) -> list[str]:
    """Every metric name the selected games hold, sorted (the store reads them)."""
    return store.metric_names([run.id for run in selection.runs])


def seats(selection: Selection) -> int:
    """The most seats any selected run has (cells of a sweep may have different numbers)."""
    return max(len(run.players) for run in selection.runs)


def _lead(selection: Selection, run: RunInfo) -> dict[str, Any]:
    """The columns a row starts with: the run and, for a sweep's cell or a tune's trial, the
    sweep or tune and the cell."""
    if selection.part is None:
        return {"run": run.id}
    cell = selection.cells.get(run.id, {})
    return {"run": run.id, selection.part: getattr(run, f"{selection.part}_id"),
            **{f"cell.{key}": _cell_value(cell.get(key)) for key in selection.keys}}


def _cell_value(value: Any) -> Any:
    """A cell's value; an unset one (None) as `warroom options` shows it, `none`: an empty
    field (null) is read as missing (pandas drops it from a groupby) or as a column that does
    not apply, and this cell's games are neither."""
    return option_text(value) if value is None else value


def lead_columns(selection: Selection) -> list[str]:
    if selection.part is None:
        return ["run"]
    return ["run", selection.part, *(f"cell.{key}" for key in selection.keys)]


def game_columns(selection: Selection, metrics: list[str]) -> list[str]:
    """A game row's keys, in order (its lists unspread: `players`, not `players.0`)."""
    return [*lead_columns(selection), *GAME_HEAD, "players", "seating", *GAME_BODY, "scores",
            *GAME_TAIL, *(f"metric.{name}" for name in metrics)]


def card_columns(selection: Selection) -> list[str]:
    return [*lead_columns(selection), *CARD_COLUMNS]


def game_row(lead: dict[str, Any], run: RunInfo, game: dict[str, Any],
             metrics: list[str]) -> dict[str, Any]:
    """One stored game (as `iter_games` gives it) as an export row."""
    seating = game["seating"]
    return {
        **lead, "index": game["index"], "seed": game["seed"],
        "players": [run.players[p] for p in seating], "seating": seating,
        "winner_seats": game["winner_seats"], "winner_players": game["winners"],
        "scores": game["scores_by_seat"], "reason": game["reason"], "length": game["length"],
        "first_seat": game["first_player"],
        # games give every metric as a float (`Game.metrics`): a count is written as one, 3
        **{f"metric.{name}": whole_number(game["metrics"].get(name)) for name in metrics},
    }


def card_facts(lead: dict[str, Any], game: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """One stored game's card facts as export rows: per seat, fate and card (by name)."""
    for seat, facts in enumerate(game["cards"] or ()):
        for fate, cards in facts.items():
            for card, count in cards.items():
                yield {**lead, "index": game["index"], "seat": seat, "card": card,
                       "fate": fate, "count": count}


def _games(store: ResultStore, selection: Selection, cards: bool,
           on_game: Callable[[], None] | None) -> Iterator[tuple[RunInfo, dict[str, Any]]]:
    for run in selection.runs:
        for game in store.iter_games(run.id, cards=cards):
            yield run, game
            if on_game is not None:
                on_game()


def game_rows(store: ResultStore, selection: Selection, metrics: list[str],
              on_game: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
    """Every selected game as a row, run by run, in index order."""
    for run, game in _games(store, selection, False, on_game):
        yield game_row(_lead(selection, run), run, game, metrics)


def card_rows(store: ResultStore, selection: Selection,
              on_game: Callable[[], None] | None = None) -> Iterator[dict[str, Any]]:
    """Every card fact of the selected games as rows, game by game, seat by seat."""
    for run, game in _games(store, selection, True, on_game):
        yield from card_facts(_lead(selection, run), game)


# --- writing rows -------------------------------------------------------------------------
def csv_header(columns: list[str], seat_count: int) -> list[str]:
    """The CSV columns: a per-seat list's key spread over KEY.0 ... KEY.(seats - 1)."""
    return [name for key in columns for name in _spread(key, seat_count)]


def _spread(key: str, seat_count: int) -> list[str]:
    return [f"{key}.{seat}" for seat in range(seat_count)] if key in PER_SEAT else [key]


def csv_values(columns: list[str], seat_count: int) -> Callable[[dict[str, Any]], list[str]]:
    """The function that gives a row's CSV fields: a per-seat list spread (empty past a run's
    seats), any other list as its JSON text (`[0, 2]`, `[]` for a draw), None empty, text as
    it is, numbers and booleans as JSON writes them."""
    spread = [key in PER_SEAT for key in columns]
    if not any(spread):  # card rows: one field a key
        return lambda row: [_field(row.get(key)) for key in columns]

    def fields(row: dict[str, Any]) -> list[str]:
        out = []
        for key, per_seat in zip(columns, spread, strict=True):
            value = row.get(key)
            if per_seat:
                out += [_field(v) for v in value] + [""] * (seat_count - len(value))
            else:
                out.append(_field(value))
        return out

    return fields


def _field(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return value
    if kind is int or kind is float:  # as JSON writes them (repr), without its cost
        return repr(value)
    return "" if value is None else json.dumps(value)


def write_rows(rows: Iterable[dict[str, Any]], columns: list[str], seat_count: int, fmt: str,
               stream: IO[str]) -> int:
    """Write `rows` to `stream` as CSV (with its header) or JSON lines; how many rows."""
    count = 0
    if fmt == "jsonl":
        for row in rows:
            stream.write(json.dumps({key: row.get(key) for key in columns}) + "\n")
            count += 1
        return count
    writer = csv.writer(stream, lineterminator="\n")
    writer.writerow(csv_header(columns, seat_count))
    fields = csv_values(columns, seat_count)
    for row in rows:
        writer.writerow(fields(row))
        count += 1
    return count


def export_format(out: str | None, fmt: str | None) -> str:
    """The format: --format, else the --out suffix (.csv, .jsonl, .ndjson), else CSV. A
    known suffix that disagrees with --format is an error, and so is another suffix without
    --format (`x.json` written as CSV fails whatever reads it by its name); --format takes
    any other name."""
    suffix = Path(out).suffix.lower() if out else ""
    said = SUFFIXES.get(suffix)
    if fmt and said and fmt != said:
        raise ConfigError(f"--out {out} names a {said} file, but --format is {fmt}; make them "
                          "agree")
    if suffix and said is None and fmt is None:
        raise ConfigError(f"--out {out}: rows are written as CSV (.csv) or JSON lines (.jsonl, "
                          f".ndjson), not {suffix}; name the file so, or give --format csv or "
                          "--format jsonl to write this name")
    return fmt or said or "csv"


# --- a stored game as a record --------------------------------------------------------------
def stored_game(store: ResultStore, run: RunInfo, index: int) -> dict[str, Any]:
    """Game `index` of `run`, as stored (its card facts aside)."""
    for game in store.iter_games(run.id, cards=False):
        if game["index"] == index:
            return game
        if game["index"] > index:
            break
    held = store.count_games(run.id)
    raise ExportError(f"{store.path}: run {run.id} holds no game {index} (it holds "
                      f"{counted(held, 'game')}; `warroom export {shell_word(str(store.path))} "
                      f"--run {run.id}` lists their indices)")


def record_of(store: ResultStore, run: RunInfo, index: int) -> Record:
    """Game `index` of `run` played again with its moves kept, as the record `play --save`
    writes of it; an ExportError if it does not end as the stored game did."""
    game = get_game(run.game)
    if run.version != game.version:
        raise ExportError(f"run {run.id} was played with {run.game} version {run.version}; "
                          f"this is version {game.version}, so its games cannot be played "
                          "again here: export the record with the warroom release that made it")
    refuse_unreplayable(run)
    stored = stored_game(store, run, index)
    spec = run.spec()  # the run's own copies of its data files, as `simulate --resume` plays
    try:
        config = game.config(spec.config)
    except (ConfigError, DataError) as exc:
        raise ExportError(f"{store.path}: run {run.id}: its stored options: {exc}") from None
    specs = [run.players[p] for p in stored["seating"]]
    result = play_game(game, config, stored["seed"], make_agents(specs, game, stored["seed"]),
                       keep_record=True)
    _check_same(store, run, stored, result.outcome.to_json(), result.decisions)
    record = result.record
    assert record is not None
    return _as_saved(game, run, record, specs, result.outcome.to_json())


def refuse_unreplayable(run: RunInfo) -> None:
    """An ExportError, before anything is played, for a run whose games cannot be played
    again as they were: one listing a human player (a run stored before a batch refused
    them), whose moves are not stored, or one whose players search by time, whose moves
    depend on the machine's speed (`agents.clock_bound`)."""
    specs = [spec.strip() for spec in run.players]
    parsed = [parse_spec(spec) for spec in specs]
    if any(name == "human" for name, _ in parsed):
        raise ExportError(f"run {run.id} lists a human player, whose moves are not stored, so "
                          "its games cannot be played again; no record is written")
    timed = [why for spec in specs if (why := clock_bound(spec)) is not None]
    if timed:
        named = "; ".join(dict.fromkeys(timed))
        raise ExportError(f"run {run.id}'s players search by time ({named}): their moves depend "
                          "on the machine's speed, so its games cannot be played again as they "
                          "were; only players with a fixed budget (iters= without time=) can be "
                          "replayed")


def _as_saved(game: Game, run: RunInfo, record: Record, specs: list[str],
              outcome: dict[str, Any]) -> Record:
    """The played record as `play --save` writes it: its config names each data file as the
    run does (the played config names the temporary copy), it carries the run's copies, its
    players and how it ended. Checked to replay to that end from its own JSON, as `warroom
    replay` reads it."""
    for option in game.data_options:
        if option in run.config:
            record.config[option] = run.config[option]
    if run.files is not None:
        record.files = dict(run.files)
    record.meta = {"players": specs}
    record.outcome = outcome
    replay_to_end(game, Record.from_json(json.loads(json.dumps(record.to_json()))))
    return record


def _check_same(store: ResultStore, run: RunInfo, stored: dict[str, Any],
                outcome: dict[str, Any], length: int) -> None:
    """The game played again ends as the stored row says, or an ExportError saying how not."""
    was = (stored["winner_seats"], stored["scores_by_seat"], stored["reason"], stored["length"])
    now = (outcome["winners"], outcome["scores"], outcome["reason"], length)
    if list(map(_plain, was)) == list(map(_plain, now)):
        return
    raise ExportError(
        f"{store.path}: game {stored['index']} of run {run.id} does not play again as it was "
        f"stored (stored: {_ended(*was)}; played again: {_ended(*now)}); no record is written "
        "(the game's rules or its players are not deterministic, or the database was edited)")


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def _ended(winners: list[int], scores: list[float], reason: str, length: int) -> str:
    who = (f"seat{'s' * (len(winners) > 1)} {', '.join(map(str, winners))} won" if winners
           else "a draw")
    return f"{who}, {reason}, scores {', '.join(f'{s:g}' for s in scores)}, {length} decisions"


def save_record(record: Record, path: Path) -> None:
    """Write `record` as `play --save` writes a save (`Record.save`: atomically, the owner's
    alone)."""
    record.save(path)
