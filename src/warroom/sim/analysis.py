"""The balance questions a designer asks of a run, answered from its games in the database:
first-player advantage, card outliers, whether a strategy (a listed player) dominates, win
rate per seat and per player, draws, game length, outcome reasons and the game's own metrics,
each with a plain verdict line.

Everything is computed in one streaming pass; what is kept per game is one number per metric
(for its distribution) and, for card analytics, a few numbers per player-game and card (see
cards.py), never the games themselves.
"""

from __future__ import annotations

import itertools
import math
from array import array
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .cards import CardAnalysis, CardCollector
from .stats import SIGNIFICANCE, Moments, Rate, binomial_p, equal_shares_p, significance
from .store import ResultStore, RunInfo


def pct(rate: Rate) -> str:
    """`54.2 % (53.2-55.2 %)`: the rate and its 95 % Wilson interval, whose ends are not
    equally far from the rate near 0 or 100 % (a '± half-width' read as going past them)."""
    low, high = rate.ci95
    return f"{100 * rate.value:.1f} % ({100 * low:.1f}-{100 * high:.1f} %)"


def quantile(counts: Counter[int], q: float) -> float:
    """The q-quantile (nearest rank) of a distribution given as value -> count."""
    total = sum(counts.values())
    if not total:
        return 0.0
    rank = max(1, math.ceil(q * total))
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= rank:
            return float(value)
    return float(max(counts))


@dataclass
class FirstPlayer:
    """Wins of the first player: overall, and per listed player when first and when not (a
    stronger player's wins then cannot pass for a first-player advantage)."""

    rate: Rate
    fair: float  # the first player's fair share of the wins
    p: float
    first_by_player: list[Rate]
    later_by_player: list[Rate]


@dataclass
class RunAnalysis:
    run: RunInfo
    title: str
    seats: int
    games: int = 0
    seat_wins: list[float] = field(default_factory=list)
    player_wins: list[float] = field(default_factory=list)
    draws: int = 0
    winners_total: int = 0  # sum over decisive games of the number of winners
    first: FirstPlayer | None = None
    no_first_player: int = 0  # games without a first player (simultaneous opening)
    lengths: Counter[int] = field(default_factory=Counter)
    length: Moments = field(default_factory=Moments)
    reasons: Counter[str] = field(default_factory=Counter)
    metric_values: dict[str, array] = field(default_factory=dict)
    metrics: dict[str, Moments] = field(default_factory=dict)
    cards: CardAnalysis | None = None  # None: no game of the run has card facts
    # Pairs of seats, and of listed players, that won and lost together in every game so far
    # (a team game's partners): their wins are one result, not two.
    seat_partners: set[tuple[int, int]] = field(default_factory=set)
    player_partners: set[tuple[int, int]] = field(default_factory=set)

    # --- derived -------------------------------------------------------------------------
    @property
    def fair_share(self) -> float:
        """A seat's expected share of the games it wins if all seats were equal."""
        return self.winners_total / self.games / self.seats if self.games else 1 / self.seats

    def seat_rates(self) -> list[Rate]:
        return [Rate(w, self.games) for w in self.seat_wins]

    def player_rates(self) -> list[Rate]:
        return [Rate(w, self.games) for w in self.player_wins]

    def draw_rate(self) -> Rate:
        return Rate(self.draws, self.games)

    def seat_p(self) -> float:
        """Test of equal shares between seats, each team of partners counted once a game."""
        return equal_shares_p(_per_unit(self.seat_wins, self.seat_partners))

    def player_p(self) -> float:
        """Test of equal shares between listed players, each team of partners (players who
        always sat on one team: seat rotation keeps partners together) counted once a game."""
        return equal_shares_p(_per_unit(self.player_wins, self.player_partners))

    def partners(self, kind: str) -> set[tuple[int, int]]:
        """The partner pairs of seats (`kind` "seat") or of listed players ("player")."""
        return self.seat_partners if kind == "seat" else self.player_partners

    def wins(self, kind: str) -> list[float]:
        return self.seat_wins if kind == "seat" else self.player_wins

    def verdicts(self) -> list[str]:
        """One plain line per question, the three a designer asks first at the top."""
        return [self.first_verdict(), self.card_verdict(), self.strategy_verdict(),
                self.seat_verdict(), self.player_verdict(), self.draw_verdict(),
                self.length_verdict(), self.reason_verdict(), *self.metric_verdicts()]

    def card_verdict(self) -> str:
        return (self.cards or CardAnalysis()).verdict()

    def strategy_verdict(self) -> str:
        """Does any strategy (a listed player's SPEC) win more than its fair share?"""
        players = self.run.players
        if len(set(players)) == 1:
            return (f"dominant strategy: every player is {players[0]}, so there is nothing to "
                    "compare (see the seats for a difference between places at the table)")
        rates = self.player_rates()
        best = self.strongest()
        p = self.player_p()
        rate = rates[best]
        figure = (f"{players[best]} (player {best}) wins {pct(rate)} of {self.games} games "
                  f"(fair share {100 * self.fair_share:.1f} %)")
        if self.dominant() is not None:
            return f"dominant strategy: {figure}: it dominates, {significance(p)}"
        return f"dominant strategy: none; the strongest, {figure}, {significance(p)}"

    def strongest(self) -> int:
        """The listed player who won the most games."""
        rates = self.player_rates()
        return max(range(len(rates)), key=lambda i: rates[i].value)

    def dominant(self) -> int | None:
        """The listed player whose strategy dominates: it wins significantly more than its
        fair share (chi-square test of equal shares), the lower end of its 95 % interval
        above that share; None if no strategy does (or every player is the same)."""
        if len(set(self.run.players)) == 1:
            return None
        best = self.strongest()
        significant = self.player_p() < SIGNIFICANCE
        return best if significant and self.player_rates()[best].ci95[0] > self.fair_share \
            else None

    def first_advantage(self) -> bool:
        """Whether the first player wins significantly more, or less, than its fair share."""
        return self.first is not None and self.first.p < SIGNIFICANCE

    def draw_verdict(self) -> str:
        return f"draws: {pct(self.draw_rate())} of {self.games} games"

    def metric_verdicts(self) -> list[str]:
        return [f"metric {name}: mean {m.mean:.3g} {m.plus_minus('.2g')}, "
                f"range {m.low:.3g} to {m.high:.3g}" for name, m in self.metrics.items()]

    def first_verdict(self) -> str:
        if self.first is None:
            return ("first player advantage: not measured; no game had a first player (they "
                    "open with a simultaneous decision): see the seats")
        f = self.first
        return (f"first player advantage: {pct(f.rate)} wins for the first player (fair share "
                f"{100 * f.fair:.1f} %), {significance(f.p)}")

    def seat_verdict(self) -> str:
        rates = ", ".join(f"seat {i} {pct(r)}" for i, r in enumerate(self.seat_rates()))
        return (f"seat balance: {rates}; differences {significance(self.seat_p())}"
                + teams_note(self.seats, self.seat_partners, "seat"))

    def player_verdict(self) -> str:
        rates = ", ".join(f"{name} (player {i}) {pct(r)}"
                          for i, (name, r) in enumerate(zip(self.run.players,
                                                            self.player_rates(), strict=True)))
        return (f"player strength: {rates}; differences {significance(self.player_p())}"
                + teams_note(self.seats, self.player_partners, "player"))

    def length_verdict(self) -> str:
        m = self.length
        return (f"game length: mean {m.mean:.1f} {m.plus_minus()} decisions, median "
                f"{quantile(self.lengths, 0.5):.0f}, 90 % of games between "
                f"{quantile(self.lengths, 0.05):.0f} and {quantile(self.lengths, 0.95):.0f}")

    def reason_verdict(self) -> str:
        shares = ", ".join(f"{reason} {100 * n / self.games:.1f} %"
                           for reason, n in self.reasons.most_common())
        return f"outcome reasons: {shares}"

    def to_json(self) -> dict[str, Any]:
        """The numbers behind the report's figures, embedded in it for checking and reuse."""
        out: dict[str, Any] = {
            "run": self.run.to_json(), "games": self.games, "seats": self.seats,
            "fair_share": self.fair_share,
            "seat_win_rate": [r.to_json() for r in self.seat_rates()],
            "player_win_rate": [r.to_json() for r in self.player_rates()],
            "draw_rate": self.draw_rate().to_json(),
            "first_player": None, "games_without_first_player": self.no_first_player,
            "length": {**self.length.to_json(), "median": quantile(self.lengths, 0.5),
                       "histogram": sorted(self.lengths.items())},
            "reasons": dict(self.reasons.most_common()),
            "metrics": {k: m.to_json() for k, m in self.metrics.items()},
            "cards": None if self.cards is None else self.cards.to_json(),
            "verdicts": self.verdicts(),
        }
        if self.first is not None:
            f = self.first
            out["first_player"] = {
                **f.rate.to_json(), "fair": f.fair, "p": f.p,
                "when_first": [r.to_json() for r in f.first_by_player],
                "when_later": [r.to_json() for r in f.later_by_player],
            }
        return out


def _units(n: int, partners: set[tuple[int, int]]) -> list[list[int]]:
    """The seats (or players) 0..n-1 grouped with their partners, in order."""
    units: list[list[int]] = []
    for i in range(n):
        unit = next((u for u in units if (u[0], i) in partners), None)
        if unit is None:
            units.append([i])
        else:
            unit.append(i)
    return units


def _per_unit(wins: list[float], partners: set[tuple[int, int]]) -> list[float]:
    """Wins per team of partners (whose wins are the same games), each team once."""
    return [wins[unit[0]] for unit in _units(len(wins), partners)]


def teams_note(n: int, pairs: set[tuple[int, int]], what: str, where: str = "") -> str:
    """The verdict's words naming the teams of partners among `n` seats (or players)."""
    if not pairs:
        return ""
    teams = ", ".join("+".join(map(str, unit)) for unit in _units(n, pairs) if len(unit) > 1)
    return (f" (teams that always won and lost together{where}: {what}s {teams}; each team "
            "is tested once a game, and partners cannot be told apart)")


def shared_partners(analyses: list[RunAnalysis], kind: str) -> set[tuple[int, int]] | None:
    """The partners of several runs of one game (a sweep's cells), `kind` "seat" or "player":
    the pairs that won and lost together in every run (partners there, or neither of them
    ever won, which counts the same) and won together in at least one. None when some run
    has partners of its own that the others do not share (the cells play different teams):
    no one grouping then counts each of their games once."""
    n = analyses[0].seats
    pairs = set(itertools.combinations(range(n), 2))
    shared = {(i, j) for i, j in pairs
              if all((i, j) in a.partners(kind) or a.wins(kind)[i] == a.wins(kind)[j] == 0
                     for a in analyses)
              and any((i, j) in a.partners(kind) for a in analyses)}
    if any(a.partners(kind) - shared for a in analyses):
        return None
    return shared


def wins_per_team(a: RunAnalysis, kind: str, partners: set[tuple[int, int]]) -> list[float]:
    """A run's wins per seat (or listed player), each team of `partners` counted once."""
    return _per_unit(a.wins(kind), partners)


def analyse(store: ResultStore, run: RunInfo, title: str | None = None,
            cards: bool = True) -> RunAnalysis:
    """The run's analysis; `cards=False` skips the card analytics (and reading card facts)."""
    return analyse_games(run, store.iter_games(run.id, cards=cards), title)


def analyse_games(run: RunInfo, games: Iterable[dict[str, Any]],
                  title: str | None = None) -> RunAnalysis:
    seats = len(run.players)
    a = RunAnalysis(run, title or run.game, seats, seat_wins=[0.0] * seats,
                    player_wins=[0.0] * seats)
    a.seat_partners = set(itertools.combinations(range(seats), 2))
    a.player_partners = set(a.seat_partners)
    # partners also won together at least once (two players who only ever drew are not)
    seat_cowins: set[tuple[int, int]] = set()
    player_cowins: set[tuple[int, int]] = set()
    first_wins = first_games = first_winners_total = 0
    first_by = [[0, 0] for _ in range(seats)]  # per listed player: wins, games when first
    later_by = [[0, 0] for _ in range(seats)]
    cards = CardCollector()
    for g in games:
        a.games += 1
        cards.add(g)
        seating, winners = g["seating"], g["winner_seats"]
        if not winners:
            a.draws += 1
        a.winners_total += len(winners)
        for seat in winners:
            a.seat_wins[seat] += 1
            a.player_wins[seating[seat]] += 1
        if a.seat_partners or a.player_partners:
            won = set(winners)
            a.seat_partners = {(i, j) for i, j in a.seat_partners if (i in won) == (j in won)}
            by_player = {seating[seat] for seat in won}
            a.player_partners = {(i, j) for i, j in a.player_partners
                                 if (i in by_player) == (j in by_player)}
            seat_cowins.update(pair for pair in a.seat_partners if pair[0] in won)
            player_cowins.update(pair for pair in a.player_partners if pair[0] in by_player)
        first = g["first_player"]
        if first is None:
            a.no_first_player += 1
        else:
            first_games += 1
            first_winners_total += len(winners)
            first_wins += first in winners
            for seat, player in enumerate(seating):
                tally = first_by[player] if seat == first else later_by[player]
                tally[0] += seat in winners
                tally[1] += 1
        a.lengths[g["length"]] += 1
        a.length.add(g["length"])
        a.reasons[g["reason"]] += 1
        for name, value in g["metrics"].items():
            if isinstance(value, int | float) and math.isfinite(value):
                a.metrics.setdefault(name, Moments()).add(float(value))
                a.metric_values.setdefault(name, array("d")).append(float(value))
    a.seat_partners &= seat_cowins
    a.player_partners &= player_cowins
    if cards.games:
        a.cards = cards.analyse()
    if first_games:
        fair = first_winners_total / first_games / seats
        a.first = FirstPlayer(
            Rate(first_wins, first_games), fair, binomial_p(first_wins, first_games, fair),
            [Rate(w, n) for w, n in first_by], [Rate(w, n) for w, n in later_by])
    return a
