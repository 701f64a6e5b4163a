"""Turns per-game summaries into the figures `warroom simulate` reports.

The tally is streaming: a run of any length is summarised without keeping its games in memory.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from ..agents import clock_bound, parse_spec
from ..engine import ConfigError
from ..engine.config import option_text
from ..games import REGISTRY
from .stats import Rate, wilson_interval


class Tally:
    """Wins per listed player and per seat, draws and total length, updated one game at a
    time. A game won by several players together (a tie at the top, a team's partners) is a
    win for each of them, as in a report's win rates (the balance tests there count it 1/k
    for each of the k): the wins then add up to more than the games won, which
    `shared_words` says; a draw is no one's. Seats rotate, so the listed players' shares hide
    a seat's (a strong deck in seat 0 won 78 % of the games, its listed players 50 % each):
    both are counted (a run lists one player per seat)."""

    def __init__(self, players: list[str]):
        self.players = list(players)
        self.games = 0
        self.wins = [0] * len(players)
        self.seat_wins = [0] * len(players)
        self.draws = 0
        self.total_length = 0
        self.reasons: Counter[str] = Counter()  # how the games ended (the rules' words)

    def add(self, result: dict[str, Any]) -> None:
        self.games += 1
        self.reasons[result["reason"]] += 1
        if not result["winners"]:
            self.draws += 1
        for p in result["winners"]:
            self.wins[p] += 1
        for s in result.get("winner_seats", ()):
            self.seat_wins[s] += 1
        self.total_length += result["length"]

    def to_json(self) -> dict[str, Any]:
        n = self.games
        return {
            "games": n,
            "players": list(self.players),
            "wins": list(self.wins),
            "draws": self.draws,
            "win_rate": [w / n if n else 0.0 for w in self.wins],
            "ci95": [list(wilson_interval(w, n)) for w in self.wins],
            # as a report's `seat_win_rate`: {successes, trials, rate, ci95} per seat
            "seat_win_rate": [Rate(w, n).to_json() for w in self.seat_wins],
            "mean_length": self.total_length / n if n else 0.0,
            "reasons": dict(self.reasons.most_common()),
        }


def summarise(players: list[str], results: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """`games`, `players`, `wins` and `win_rate` and `ci95` per listed player,
    `seat_win_rate` per seat, `draws`, `mean_length`. `winners` of a result are listed
    players, `winner_seats` seats."""
    tally = Tally(players)
    for r in results:
        tally.add(r)
    return tally.to_json()


def shared_words(summary: dict[str, Any]) -> str | None:
    """The line to print under a summary (`Tally.to_json`) whose wins add up to more than
    the games won, because some were won by several players together; None if none was."""
    total, won = sum(summary["wins"]), summary["games"] - summary["draws"]
    if total <= won:
        return None
    return (f"shared wins: {total} wins in {won} games won: a game won by several players "
            "together (a team's partners, or a tie) is a win for each of them, so the win "
            "rates add up to "
            f"{100 * total / summary['games']:.1f} %")


def clock_words(specs: Iterable[str]) -> str | None:
    """What simulate's note says (on standard error) and a run's report says by its seed when
    a player searches by the clock (`agents.clock_bound`): the same seed may then give other
    games. None when none does."""
    timed = {why: parse_spec(spec)[0] for spec in specs
             if (why := _clock_bound(spec)) is not None}
    if not timed:
        return None
    names = list(dict.fromkeys(timed.values()))
    return (f"{' and '.join(names)} search{'es' if len(names) == 1 else ''} by the clock "
            f"({'; '.join(timed)}): moves then depend on the machine's speed, so the same "
            "--seed may give other games; mcts:iters=N alone repeats them")


def _clock_bound(spec: str) -> str | None:
    """`clock_bound`, None for a SPEC that does not parse here: a run's report reads the
    players the run stored (a player of a module not installed here, or a test's "a"), which
    say nothing of a clock; simulate's own have been checked."""
    try:
        return clock_bound(spec)
    except ConfigError:
        return None


def seat_names(game: str, config: dict[str, Any], seats: int) -> list[str]:
    """Each seat as the balance texts name it: `seat 0`, with the options that belong to it
    (`Game.seat_options`) and their values, defaults too (a run's config holds every option):
    `seat 0 (deck0=my.yaml)`, and the part it plays (`Game.seat_roles`): `seat 0 (the
    attacker)`. Seats rotate the listed players, so a strong deck shows only
    in its seat's win rate, which must then say whose deck that is."""
    owned = REGISTRY[game].seat_options if game in REGISTRY else {}
    roles = REGISTRY[game].seat_roles if game in REGISTRY else ()
    names = []
    for seat in range(seats):
        words = [f"the {roles[seat]}"] if seat < len(roles) else []
        words += [f"{option}={option_text(config[option])}" for option, owner in owned.items()
                  if owner == seat and option in config]
        names.append(f"seat {seat}" + (f" ({', '.join(words)})" if words else ""))
    return names
