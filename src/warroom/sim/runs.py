"""Runs: a batch of games played into the results database, resumable after an interruption."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..engine.embed import edited_warning, file_status
from ..games import get_game
from .batch import run_batch
from .store import ResultStore, RunInfo, StoreError


def find_resumable(store: ResultStore, game: str, players: list[str] | None = None,
                   seed: int | None = None, config: dict[str, Any] | None = None) -> RunInfo:
    """The latest run of `game` that matches every criterion given (None: any), outside
    sweeps and tunes. A run recorded by another version of the game cannot be continued: its
    games would not be comparable."""
    for run in reversed(store.runs(game=game)):
        if run.sweep_id is not None or run.tune_id is not None:
            continue
        if players is not None and run.players != players:
            continue
        if seed is not None and run.seed != seed:
            continue
        if config is not None and run.config != config:
            continue
        refuse_other_version("run", run.id, [run], get_game(game).version)
        return run
    wanted = ", ".join(part for part in (
        players and f"players {','.join(players)}",
        seed is not None and f"seed {seed}",
        config is not None and "these options") if part)
    raise StoreError(f"{store.path}: no run of {game}" + (f" with {wanted}" if wanted else "")
                     + " to resume")


def changed_files(runs: Iterable[RunInfo], kind: str = "run") -> list[str]:
    """One warning line per data file that `runs` name and that is no longer, on disk, the
    copy they keep (changed, or missing): a resume plays on with the copy, so a designer who
    edited the file must hear that the edit is not measured. The file on disk is compared as
    `warroom replay --check-files` compares a record's (`engine.embed`). Each option and file
    once, however many runs (a sweep's cells) name it; none for a run made before runs kept
    copies (it reads the files on disk). `kind`: what is resumed, "run" or "sweep"."""
    lines: list[str] = []
    for run in runs:
        game = get_game(run.game)
        for option, file in (run.files or {}).items():
            value = run.config.get(option)
            status, _ = file_status(game, option, value, file)
            if status == "same":
                continue
            line = edited_warning(option, value, status, kind, "measures")
            if line not in lines:
                lines.append(line)
    return lines


def refuse_other_version(kind: str, number: int, runs: Iterable[RunInfo], version: str) -> None:
    """Refuse to resume the run, sweep or tune (`kind` and its `number`) when any of its
    `runs` was played with another version of its game than `version`, the one installed:
    new games would not be comparable with its old ones, yet be reported with them as of
    the old version."""
    for run in runs:
        if run.version != version:
            raise StoreError(f"{kind} {number} was played with {run.game} version {run.version}; "
                             f"this is version {version}, so it cannot be resumed: start a new "
                             f"{kind} (without --resume), or resume it with the warroom release "
                             f"that made it{get_game(run.game).older_rules_hint(run.version)}")


def execute(store: ResultStore, run: RunInfo, games: int, workers: int = 1,
            backend: str = "process", address: str | None = None,
            on_game: Callable[[dict[str, Any]], None] | None = None) -> int:
    """Play the games of `run` below index `games` that it does not hold yet, writing each as
    it finishes. Whatever stops the run (Ctrl-C, a failing game), every finished game is
    written before the exception goes on. Returns how many games were played. The run is held
    for this process meanwhile: another process playing it is a StoreError."""
    store.claim(run.id)
    if games != run.games_requested:
        # The run's size is what it was last asked to play, smaller too (a resume with fewer
        # --games than an interrupted run asked for): the report's "of N requested" and a
        # bare --resume read it. Never below a game it holds (the store refuses that before
        # writing: a game past the size reads as damage).
        store.set_requested(run.id, games)
    indices = store.missing_indices(run.id, games)
    writer = store.writer(run.id)
    results = run_batch(run.spec(), indices, workers, backend, address, ordered=False)
    try:
        for result in results:
            writer.add(result)
            if on_game is not None:
                on_game(result)
    finally:
        # Stop the workers now, not when the interrupted frames are collected, then keep
        # every finished game.
        results.close()
        writer.flush()
    return writer.written
