"""Dice against the Battle Cards, Viktory II's variant, measured by the batch simulator with 95 %
confidence intervals (`stats.Rate`, Wilson, for rates; `stats.Moments`, Student t, for means):
`warroom viktory compare` fights one battle of the one-battle game (`viktory`) many times in
each mode (dice, cards, hybrid), `warroom viktory compare-games` plays whole games of the map
game (`viktory-ii`) in each mode. Here in the simulator, not in the games: a game never imports
the simulator (docs/DESIGN.md's layers).

Battles (`compare_modes`): seats are fixed (seat 0 attacks), so a figure belongs to a role.

Games (`compare_game_modes`), the designer's question "does the variant change the game?":
seat 0 moves first. With one SPEC in every seat the seats are fixed; with different SPECs
(heuristic against random) they rotate from game to game (`rotate_seats`), so each player
moves first in as many games as the others (one more for some, with a number of games the
players do not divide): "first player wins" is then the first mover's share of the wins,
not the strength of whoever sat in seat 0, which `player_wins` gives per listed player.
Game i has the same seed and the same seating in every mode, so the modes stay paired game
by game. The underdog of a battle is the side with fewer units when it begins (the
attacker's committed units against the defender's units in the hex; battles with equal
numbers have none); its win rate pools the battles of all games, and its interval takes the
game as the cluster (the battles of one game are not independent: `clustered_rate`, a
Wilson interval on the effective number of battles).

Differences (`differences`, both commands), the designer's question "do the modes differ?":
each mode against the first of the run (dice by default), game by game, since game i has the
same seed in every mode (`stats.PairedDifference`): a win rate by McNemar's exact test on
the games whose outcome differs between the two modes, with Tango's score interval; a mean
by the paired t test and interval. Each figure is tested on its own. Not compared: the cards
played (dice play none) and the underdog's rate (its battles are not the same battles from
one mode to the other).

Battle or game i of a run is determined by (options, players, seed, i), whatever the number
of workers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..engine import typed_options
from ..games import get_game
from ..games.viktory_battles.cards import options_for_mode
from ..games.viktory_battles.resolver import MODES
from .batch import BatchSpec, run_batch
from .cards import clustered_rate
from .stats import Moments, Rate, paired_mean_difference, paired_rate_difference

MEASURES = ("attacker_losses", "defender_losses", "rounds", "cards_played")


def rate_estimate(successes: int, trials: int) -> dict[str, Any]:
    """A rate as the comparisons give it: `{"value", "ci95": [low, high]}` (Wilson)."""
    rate = Rate(successes, trials)
    return {"value": rate.value, "ci95": list(rate.ci95)}


def mean_estimate(values: Iterable[float]) -> dict[str, Any]:
    """A mean with its Student t interval, as `rate_estimate` (one value, or no spread: a
    point)."""
    moments = Moments()
    for x in values:
        moments.add(x)
    half = moments.half_width
    return {"value": moments.mean, "ci95": [moments.mean - half, moments.mean + half]}


def _play(game: str, values: dict[str, Any], players: tuple[str, ...], games: int, seed: int,
          workers: int, rotate: bool, on_each: Callable[[], None] | None
          ) -> list[dict[str, Any]]:
    """The batch simulator's per-game summaries of games 0 .. games-1."""
    spec = BatchSpec(game, dict(values), tuple(players), seed, rotate=rotate)
    out = []
    for result in run_batch(spec, range(games), workers):
        out.append(result)
        if on_each is not None:
            on_each()
    return out


def _by_count(reasons: Iterable[str]) -> dict[str, int]:
    """How often each reason ended a battle or game, the most frequent first."""
    counts: dict[str, int] = {}
    for reason in reasons:
        counts[reason] = counts.get(reason, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: -kv[1]))


# --- one battle (viktory) ------------------------------------------------------------------


def run_battles(values: dict[str, Any], attacker: str, defender: str, games: int, seed: int,
                workers: int = 1, on_battle: Callable[[], None] | None = None,
                ) -> list[dict[str, Any]]:
    """Per-battle summaries of `games` battles with `attacker` in seat 0 and `defender` in
    seat 1 (player SPECs, e.g. heuristic, random)."""
    return _play("viktory", values, (attacker, defender), games, seed, workers, False,
                 on_battle)


def summarise_battles(results: list[dict[str, Any]]) -> dict[str, Any]:
    n = len(results)
    won = sum(1 for r in results if r["winner_seats"] == [0])
    held = sum(1 for r in results if r["winner_seats"] == [1])
    out: dict[str, Any] = {
        "battles": n,
        "attacker_win": rate_estimate(won, n),
        "defender_win": rate_estimate(held, n),
        "draws": n - won - held,
    }
    for name in MEASURES:
        out[name] = mean_estimate([r["metrics"][name] for r in results])
    out["reasons"] = _by_count(r["reason"] for r in results)
    return out


# What `differences` compares: (key, whether a rate, the figure of one battle or game).
Figure = tuple[str, bool, Callable[[dict[str, Any]], Any]]
BATTLE_DIFFERENCES: tuple[Figure, ...] = (
    ("attacker_win", True, lambda r: r["winner_seats"] == [0]),
    *((name, False, lambda r, name=name: r["metrics"][name]) for name in MEASURES
      if name != "cards_played"),
)
GAME_DIFFERENCES: tuple[Figure, ...] = (
    ("first_player_win", True, lambda r: r["winner_seats"] == [0]),
    ("rounds", False, lambda r: r["metrics"]["rounds"]),
    ("decisions", False, lambda r: float(r["length"])),
    ("battles", False, lambda r: r["metrics"]["battles"]),
    ("captures", False, lambda r: r["metrics"]["captures"]),
)


def player_differences(players: int) -> tuple[Figure, ...]:
    """Each listed player's sole wins, as `player{i}_win`."""
    return tuple((f"player{i}_win", True, lambda r, i=i: r["winners"] == [i])
                 for i in range(players))


def differences(by_mode: dict[str, list[dict[str, Any]]], figures: Iterable[Figure]
                ) -> dict[str, dict[str, Any]]:
    """Each mode's figures minus the first mode's, as `"cards - dice"`: per figure a
    `PairedDifference` as JSON (`{value, ci95, p, told_apart, test}`), paired game by game
    (`by_mode[mode][i]`: game i, from the same seed in every mode)."""
    figures = tuple(figures)
    modes = list(by_mode)
    out: dict[str, dict[str, Any]] = {}
    for mode in modes[1:]:
        pair = (by_mode[modes[0]], by_mode[mode])
        out[f"{mode} - {modes[0]}"] = {
            key: (paired_rate_difference if is_rate else paired_mean_difference)(
                *([figure(r) for r in results] for results in pair)).to_json()
            for key, is_rate, figure in figures}
    return out


def compare_modes(values: dict[str, Any], games: int, seed: int, workers: int = 1,
                  players: tuple[str, str] = ("heuristic", "heuristic"),
                  on_battle: Callable[[], None] | None = None,
                  modes: tuple[str, ...] = MODES) -> dict[str, Any]:
    """The same scenario fought `games` times in each mode (dice, cards, hybrid)."""
    out: dict[str, Any] = {"players": list(players), "games": games, "seed": seed,
                           "modes": {}}
    by_mode = {}
    for mode in modes:
        by_mode[mode] = run_battles(options_for_mode(values, mode), *players, games, seed,
                                    workers, on_battle)
        out["modes"][mode] = summarise_battles(by_mode[mode])
    out["differences"] = differences(by_mode, BATTLE_DIFFERENCES)
    return out


# --- whole games (viktory-ii) --------------------------------------------------------------


def run_games(values: dict[str, Any], players: tuple[str, ...], games: int, seed: int,
              workers: int = 1, on_game: Callable[[], None] | None = None,
              ) -> list[dict[str, Any]]:
    """Per-game summaries of `games` games: `players[i]` in seat i, or, when the players
    differ, seats rotating from game to game (`rotate_seats`; a game's `seating`)."""
    return _play("viktory-ii", values, tuple(players), games, seed, workers,
                 rotate_seats(players), on_game)


def rotate_seats(players: tuple[str, ...] | list[str]) -> bool:
    """Whether the seats rotate: when the players differ, so that the first player's win
    rate is the first mover's advantage and not one player's strength."""
    return len(set(players)) > 1


def summarise_games(results: list[dict[str, Any]], players: int | None = None
                    ) -> dict[str, Any]:
    """The figures of one mode. With `players` (how many are listed), also each listed
    player's sole wins (`player_wins`: the strength of its SPEC when the seats rotate)."""
    n = len(results)
    first = sum(1 for r in results if r["winner_seats"] == [0])
    metrics = [r["metrics"] for r in results]
    underdog_battles = int(sum(m["underdog_battles"] for m in metrics))
    underdog_wins = int(sum(m["underdog_wins"] for m in metrics))
    # the game is the cluster: the battles of one game are not independent
    rate, (low, high), effective = clustered_rate([m["underdog_wins"] for m in metrics],
                                                  [m["underdog_battles"] for m in metrics])
    out = {
        "games": n,
        "first_player_win": rate_estimate(first, n),
        "draws": sum(1 for r in results if not r["winner_seats"]),
        "rounds": mean_estimate([m["rounds"] for m in metrics]),
        "decisions": mean_estimate([float(r["length"]) for r in results]),
        "battles": mean_estimate([m["battles"] for m in metrics]),
        "captures": mean_estimate([m["captures"] for m in metrics]),
        "underdog_win": {"value": rate, "ci95": [low, high]},
        "underdog_battles": underdog_battles,
        "underdog_wins": underdog_wins,
        "underdog_effective_battles": effective,
        # "conquest", "turn limit (60 rounds)", ...
        "reasons": _by_count(r["reason"].split(":")[0] for r in results),
    }
    if players is not None:
        out["player_wins"] = [rate_estimate(sum(1 for r in results if r["winners"] == [i]), n)
                              for i in range(players)]
    return out


def modes_options(values: dict[str, Any], modes: tuple[str, ...]) -> dict[str, Any]:
    """The options given (`--set`'s text, "3"), each as viktory-ii's config types it (3; a
    list as a list), read from the config of the first mode that plays it (a deck: a card
    mode's); as given where no mode's config holds it."""
    typed: dict[str, Any] = {}
    game = get_game("viktory-ii")
    for mode in modes:
        options = options_for_mode(values, mode)
        given = [k for k in options if k in values and k not in typed]
        typed.update(typed_options(game.config(options), given))
    return {k: typed.get(k, v) for k, v in values.items()}


def compare_game_modes(values: dict[str, Any], games: int, seed: int, workers: int = 1,
                       players: tuple[str, ...] = ("heuristic", "heuristic"),
                       on_game: Callable[[], None] | None = None,
                       modes: tuple[str, ...] = ("dice", "cards")) -> dict[str, Any]:
    """The same options played `games` times in each mode."""
    out: dict[str, Any] = {"players": list(players), "games": games, "seed": seed,
                           "options": modes_options(values, modes),
                           "seats_rotate": rotate_seats(players), "modes": {}}
    by_mode = {}
    for mode in modes:
        by_mode[mode] = run_games(options_for_mode(values, mode), players, games, seed,
                                  workers, on_game)
        out["modes"][mode] = summarise_games(by_mode[mode], len(players))
    # with fixed seats player i's wins are seat i's: player 0's are the first player's
    figures = GAME_DIFFERENCES[:1] + (player_differences(len(players))
                                      if out["seats_rotate"] else ()) + GAME_DIFFERENCES[1:]
    out["differences"] = differences(by_mode, figures)
    return out
