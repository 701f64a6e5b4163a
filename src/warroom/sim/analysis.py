"""The balance questions a designer asks of a run, answered from its games in the database:
first-player advantage, card outliers, whether a strategy (a listed player) dominates, win
rate per seat and per player, draws, game length, outcome reasons and the game's own metrics,
each with a plain verdict line.

Everything is computed in one streaming pass; what is kept per game is one number per metric
(for its distribution), a few numbers of its outcome (for the paired tests across a sweep's
cells, `PerGame`) and, for card analytics, a few numbers per player-game and card (see
cards.py), never the games themselves.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from array import array
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import Any

from ..engine import Game, WarroomError
from ..games import REGISTRY
from .cards import (
    FEW,
    CardAnalysis,
    CardCollector,
    no_card_facts,
    no_facts_words,
    reports_card_facts,
)
from .stats import (
    SIGNIFICANCE,
    Moments,
    Rate,
    equal_shares_p,
    equal_shares_test,
    extra_digits,
    first_mover_moments,
    first_mover_test,
    games_text,
    holm,
    p_text,
    signed,
    significance,
)
from .store import ResultStore, RunInfo
from .summary import seat_names


def pct(rate: Rate) -> str:
    """`54.2 % (53.2-55.2 %)`: the rate and its 95 % Wilson interval, whose ends are not
    equally far from the rate near 0 or 100 % (a '± half-width' read as going past them).
    Of no trials, "—", as the card tables show no data: not a measured 0 %."""
    if not rate.trials:
        return "—"
    low, high = rate.ci95
    value = rate.value

    def digits(x: float, extra: int) -> str:
        return f"{100 * x:.{1 + extra}f}"

    # An end that differs from the rate does not read as it: no draw in 20,000 games is not
    # "0.0 % (0.0-0.0 %)" but "0.00 % (0.00-0.02 %)" (as a tune's and a sweep's figures).
    extra = extra_digits(lambda e: any(end != value and digits(end, e) == digits(value, e)
                                       for end in (low, high)))
    return f"{digits(value, extra)} % ({digits(low, extra)}-{digits(high, extra)} %)"


def plain(x: float, digits: int = 3) -> str:
    """`x` to `digits` significant digits as `:g` gives them (no trailing zeros), without
    its scientific notation: 1800, not 1.8e+03 (the half-width of a metric's interval over
    two games); 0.00012, not 0.000120."""
    if x == 0 or not math.isfinite(x):
        return f"{x:g}"
    decimals = digits - 1 - math.floor(math.log10(abs(x)))
    text = f"{round(x, decimals):.{max(0, decimals)}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def places(x: float, digits: int = 2) -> int:
    """The decimal places that give `x` to `digits` significant digits (negative: to the
    tens, hundreds): 4 for 0.0099, 1 for 1.1, -2 for 4447 (4400), counting a carry into a
    new leading digit (0.0996 is "0.10", 2 places; 0.999 is "1.0", 1 place)."""
    if x == 0 or not math.isfinite(x):
        return 0
    shown = digits - 1 - math.floor(math.log10(abs(x)))
    return shown - 1 if abs(round(x, shown)) >= 10 ** (digits - shown) else shown


def mean_and_interval(m: Moments, at_least: int | None = None) -> tuple[str, str]:
    """A mean and the half-width of its 95 % interval as a report prints them: the half-width
    to 2 significant digits (trailing zeros kept), the mean to the last decimal place the
    half-width shows, never fewer than `at_least` places (a game length's 1, as `simulate`
    gives it, and then the half-width to as many: "646.0" and "190.6"): "1.0050" and
    "0.0099", "20.0" and "1.1", "360" and "4400" (a mean is never rounded to the tens; not,
    as before, 3 significant digits whatever the interval: "1" beside "0.0099", "20" beside
    "1.1"). Without an interval (one value, or every value the same): the mean to 3
    significant digits, and "0"."""
    h = m.half_width
    if m.n < 2 or h == 0 or not math.isfinite(h) or not math.isfinite(m.mean):
        if at_least is None:
            return plain(m.mean), "0"
        return f"{m.mean:.{at_least}f}", f"{0:.{at_least}f}"
    shown = places(h, 2) if at_least is None else max(at_least, places(h, 2))
    decimals = max(0, shown)  # a half-width of 4400 rounds to the hundreds; the mean does not
    return (f"{round(m.mean, decimals) + 0.0:.{decimals}f}",  # never "-0.00"
            f"{round(h, shown):.{decimals}f}")


# The fewest decimal places of a game length's mean and interval: one, as `simulate` gives the
# mean length (a report and the run's summary show the same mean).
LENGTH_PLACES = 1


def mean_words(m: Moments, unit: str = "", at_least: int | None = None) -> str:
    """"mean 1.0050 (95 % CI ± 0.0099)", "mean 88.5 decisions (95 % CI ± 4.6)": the mean to
    the decimal its interval is given to (`mean_and_interval`); of one value, "(one game: no
    interval)" (`Moments.plus_minus`)."""
    mean, half = mean_and_interval(m, at_least)
    interval = f"(95 % CI ± {half})" if m.n > 1 else m.plus_minus()
    return f"mean {mean}{' ' + unit if unit else ''} {interval}"


# A run's figures are rough below ROUGH games (wide intervals, weak tests), and some say
# nothing below FEW (cards.py): a card never drawn in a few games, the 5 % and 95 % of their
# lengths.
ROUGH = 30


def quantile(counts: Counter[int], q: float) -> float:
    """The q-quantile (nearest rank) of a distribution given as value -> count: a value
    that occurred (the 5 % and 95 % of a report)."""
    total = sum(counts.values())
    return _ranked(counts, max(1, math.ceil(q * total))) if total else 0.0


def median(counts: Counter[int]) -> float:
    """The median of a distribution given as value -> count: the middle value, or the mean
    of the two middle values of an even count."""
    total = sum(counts.values())
    if not total:
        return 0.0
    low, high = _ranked(counts, (total + 1) // 2), _ranked(counts, total // 2 + 1)
    return (low + high) / 2


def _ranked(counts: Counter[int], rank: int) -> float:
    """The value of the given rank (1: the smallest)."""
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= rank:
            return float(value)
    return float(max(counts))


@dataclass
class FirstPlayer:
    """Wins of the first player: overall, and per listed player when first and when not.

    The test conditions on who moved first and who won: it shuffles the games' sets of
    winners among the games (if moving first changes nothing, any game's winners could have
    been another's) and asks whether the first mover is among the winners more often than
    that. A stronger player who chooses to move first (Word & Iron's toss winner) then does
    not pass for a first-player advantage: the shuffles expect it to win the games it moved
    first as often as it wins anywhere. Its figure is the first mover's share of the games
    over that expected share (`excess`), with the test's own interval (`ci95`): a Wilson
    interval on `rate` ignores who moved first, and could hold the expected share beside a
    significant p."""

    rate: Rate  # games the first mover won (was among the winners), of the games with one
    expected: float  # the first player's expected share of wins, from who moved first and won
    p: float | None  # None: not measurable (see `unmeasurable`)
    first_by_player: list[Rate]
    later_by_player: list[Rate]
    unmeasurable: str = ""  # why the shuffles cannot tell anything, in plain words
    p_adjusted: float | None = None  # after a correction over several runs (a sweep's cells)
    family: int = 1  # the first-player tests that correction is over
    scope: str = ""  # what they are, in words: "the 6 cells of the sweep"
    excess: float = 0.0  # rate minus expected (as a share of the games)
    ci95: tuple[float, float] | None = None  # the test's 95 % interval of `excess`; None: no test
    seat: int | None = None  # the seat the first mover sat in, when it was the same in every game

    def __post_init__(self) -> None:
        if self.p_adjusted is None:
            self.p_adjusted = self.p


@dataclass
class PerGame:
    """Each game's outcome, in index order, a few numbers a game: what a sweep's cells, which
    play game i from one seed (common random numbers), are compared on game by game."""

    key: Any = field(default_factory=hashlib.blake2b)  # of the games' indices and seeds
    seat_won: array = field(default_factory=lambda: array("Q"))  # bit s: seat s won
    player_won: array = field(default_factory=lambda: array("Q"))  # bit p: listed player p
    first_won: array = field(default_factory=lambda: array("b"))  # 1, 0; -1: no first player
    length: array = field(default_factory=lambda: array("q"))
    reason: array = field(default_factory=lambda: array("L"))  # codes into `reasons`
    reasons: dict[str, int] = field(default_factory=dict)

    def add(self, g: dict[str, Any]) -> None:
        self.key.update(f"{g['index']}:{g['seed']};".encode())
        self.seat_won.append(sum(1 << s for s in g["winner_seats"]))
        players = {g["seating"][s] for s in g["winner_seats"]}
        self.player_won.append(sum(1 << p for p in players))
        first = g["first_player"]
        self.first_won.append(-1 if first is None else int(first in g["winner_seats"]))
        self.length.append(g["length"])
        self.reason.append(self.reasons.setdefault(g["reason"], len(self.reasons)))

    def games(self) -> str:
        """Which games were played (indices and seeds, in order): equal between two runs
        that played the same games."""
        return self.key.hexdigest()

    def won(self, kind: str, unit: int) -> list[bool]:
        """Per game, whether seat (`kind` "seat") or listed player ("player") `unit` won."""
        masks = self.seat_won if kind == "seat" else self.player_won
        return [bool(m >> unit & 1) for m in masks]


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
    length: Moments = field(default_factory=Moments)
    reasons: Counter[str] = field(default_factory=Counter)
    deck_named: bool = False  # the game names its deck's cards (those never drawn can be listed)
    metric_values: dict[str, array] = field(default_factory=dict)
    metrics: dict[str, Moments] = field(default_factory=dict)
    cards: CardAnalysis | None = None  # None: no game of the run has card facts
    # Pairs of seats, and of listed players, that won and lost together in every game so far
    # (a team game's partners): their wins are one result, not two.
    seat_partners: set[tuple[int, int]] = field(default_factory=set)
    player_partners: set[tuple[int, int]] = field(default_factory=set)
    per_game: PerGame = field(default_factory=PerGame)

    # --- derived -------------------------------------------------------------------------
    @property
    def lengths(self) -> Counter[int]:
        """How many games lasted each number of decisions, from each game's length."""
        return Counter(self.per_game.length)

    @property
    def fair_share(self) -> float:
        """A seat's expected share of the games it wins if all seats were equal."""
        return self.winners_total / self.games / self.seats if self.games else 1 / self.seats

    def seat_rates(self) -> list[Rate]:
        """Each seat's share of the games it won, a game won by several seats together (a
        tie at the top) counting as a win for each of them: the shares can add up to more
        than 100 % (`shared_words`). The tests count games instead (`credits`)."""
        return [Rate(w, self.games) for w in self.seat_wins]

    def player_rates(self) -> list[Rate]:
        return [Rate(w, self.games) for w in self.player_wins]

    def draw_rate(self) -> Rate:
        return Rate(self.draws, self.games)

    def seat_p(self) -> float:
        """Test of equal shares between seats, each team of partners counted once a game."""
        return equal_shares_p(self.credits("seat"))

    def player_p(self) -> float:
        """Test of equal shares between listed players, each team of partners (players who
        always sat on one team: seat rotation keeps partners together) counted once a game."""
        return equal_shares_p(self.credits("player"))

    def credits(self, kind: str, partners: set[tuple[int, int]] | None = None) -> list[float]:
        """The games each seat (`kind` "seat") or listed player ("player") won, each team of
        `partners` (by default the run's) as one, and a game won by k of them together (a
        tie at the top) counting 1/k for each: what the balance tests count, so that they
        sum to the decisive games. Counted as a win for each, a tie would be k games to a
        test of equal shares, which takes each win for an independent game."""
        units = _units(self.seats, self.partners(kind) if partners is None else partners)
        credits = [0.0] * len(units)
        masks = self.per_game.seat_won if kind == "seat" else self.per_game.player_won
        for mask, games in Counter(masks).items():
            won = [u for u, unit in enumerate(units) if any(mask >> i & 1 for i in unit)]
            for u in won:
                credits[u] += games / len(won)
        return credits

    def shared_words(self, kind: str) -> str:
        """The verdict's words for the games won by several seats (or listed players)
        together, other than a team's partners: "" when none was."""
        units = _units(self.seats, self.partners(kind))
        masks = self.per_game.seat_won if kind == "seat" else self.per_game.player_won
        shared = sum(games for mask, games in Counter(masks).items()
                     if sum(any(mask >> i & 1 for i in unit) for unit in units) > 1)
        if not shared:
            return ""
        total = sum(r.value for r in (self.seat_rates() if kind == "seat" else
                                      self.player_rates()))
        return (f"; {shared} of {games_text(self.games)} won by several {kind}s together (a "
                f"tie): a win for each in the rates, which add up to {100 * total:.1f} %, and "
                "1/k of a game for each of the k in the test")

    def partners(self, kind: str) -> set[tuple[int, int]]:
        """The partner pairs of seats (`kind` "seat") or of listed players ("player")."""
        return self.seat_partners if kind == "seat" else self.player_partners

    def wins(self, kind: str) -> list[float]:
        return self.seat_wins if kind == "seat" else self.player_wins

    def verdicts(self) -> list[str]:
        """One plain line per question, the three a designer asks first at the top, after a
        line saying so when the run is too small to judge (`sample_verdict`); in the order
        of the report's sections (`report.run_document`), so that `report --json` gives its
        `verdicts` and its `data.verdicts` alike."""
        sample = self.sample_verdict()
        return [*([sample] if sample else []), self.first_verdict(), *self.card_verdicts(),
                self.strategy_verdict(), self.player_verdict(), self.draw_verdict(),
                self.seat_verdict(),
                self.length_verdict(), self.reason_verdict(), *self.metric_verdicts()]

    def sample_verdict(self) -> str | None:
        """A line flagging a run too small to judge (under ROUGH games), or None."""
        return sample_words(self.games, cards=self.deck_named)

    def card_verdict(self) -> str:
        game = REGISTRY.get(self.run.game)
        if self.cards is None and game is not None and not reports_card_facts(game):
            # not "no game drew a card": the game never says what its cards did
            return f"card outliers: not measured; {no_card_facts(game)}"
        return explained(self.cards or CardAnalysis(play_verb=card_play_verb(self.run)),
                         self.run).verdict()

    def card_verdicts(self) -> list[str]:
        """The card verdict, and the cards never drawn if the game names its deck's cards."""
        unused = (self.cards or CardAnalysis()).unused_verdict()  # None under FEW games
        return [self.card_verdict(), *([unused] if unused else [])]

    def strategy_verdict(self) -> str:
        """Does any strategy (a listed player's SPEC) win more than its fair share?"""
        if same := one_strategy(self.run.players):
            return (f"dominant strategy: {same} (see the seats for a difference between places "
                    "at the table)")
        rates = self.player_rates()
        best = self.strongest()
        p = self.player_p()
        rate = rates[best]
        team = self.team_of(best)
        who = (f"the team {' + '.join(team)}, who always won and lost together,"
               if len(team) > 1 else team[0])
        figure = (f"{who} wins {pct(rate)} of {games_text(self.games)} "
                  f"(fair share {100 * self.fair_share:.1f} %)")
        test = f"{significance(p)} by the {equal_shares_test(self.credits('player'))}"
        if self.dominant() is not None:
            return f"dominant strategy: {figure}: it dominates, {test}"
        return f"dominant strategy: none; the strongest, {figure}, {test}"

    def team_of(self, player: int) -> list[str]:
        """The listed `player` and the partners who share every result with it (the
        player-strength line's teams), as the verdicts name them: crediting the one listed
        first would name one of several players who cannot be told apart."""
        team = next(u for u in _units(self.seats, self.player_partners) if player in u)
        return [f"{self.run.players[i]} (player {i})" for i in team]

    def strongest(self) -> int:
        """The listed player who won the most games."""
        rates = self.player_rates()
        return max(range(len(rates)), key=lambda i: rates[i].value)

    def dominant(self) -> int | None:
        """The listed player whose strategy dominates: it wins significantly more than its
        fair share (the test of equal shares, `equal_shares_test`), the lower end of its 95 %
        interval above that share; None if no strategy does (or every player is the same)."""
        if one_strategy(self.run.players):
            return None
        best = self.strongest()
        significant = self.player_p() < SIGNIFICANCE
        return best if significant and self.player_rates()[best].ci95[0] > self.fair_share \
            else None

    def first_advantage(self) -> bool:
        """Whether the first player wins significantly more, or less, than expected from who
        moved first and who won (after the correction over a sweep's cells, if any)."""
        f = self.first
        return f is not None and f.p_adjusted is not None and f.p_adjusted < SIGNIFICANCE

    def first_direction(self) -> int:
        """+1 where the first player wins significantly more than expected (an advantage),
        -1 where significantly less (a disadvantage: the players moving later have the
        edge), 0 where the difference is not significant or cannot be measured."""
        if not self.first_advantage():
            return 0
        assert self.first is not None
        return 1 if self.first.rate.value > self.first.expected else -1

    def draw_verdict(self) -> str:
        return f"draws: {pct(self.draw_rate())} of {games_text(self.games)}"

    def metric_verdicts(self) -> list[str]:
        return [f"metric {name}: {plain(m.low)} in every game" if m.low == m.high else
                f"metric {name}: {mean_words(m)}, "
                f"range {plain(m.low)} to {plain(m.high)}" for name, m in self.metrics.items()]

    def first_verdict(self) -> str:
        if self.first is None:
            return ("first player advantage: not measured; no game had a first player (they "
                    "open with a simultaneous decision): see the seats")
        f = self.first
        figure = (f"first player advantage: {100 * f.rate.value:.1f} % wins for the first player "
                  f"in {games_text(f.rate.trials)}")
        if f.p is None or f.p_adjusted is None or f.ci95 is None:
            return f"{figure}; cannot be measured: {f.unmeasurable}"
        # The excess with the test's own interval, not a Wilson interval on the share: that
        # one ignores who moved first and could hold the expected share beside a significant p.
        low, high = f.ci95
        # Corrected over several tests, the interval stays this test's alone (no interval
        # matches Holm's steps), so its own p stands beside it: it leaves out 0 exactly when
        # that p < 0.05, whatever the verdict, which reads the adjusted p.
        alone = "" if f.family == 1 else f" and {p_text(f.p)} alone, before the correction"
        figure += (f", {signed(100 * f.excess)} points ({signed(100 * low)} to "
                   f"{signed(100 * high)}{alone}) over the expected {100 * f.expected:.1f} % "
                   "from who moved first and who won")
        if f.family == 1:
            verdict = f"{figure}, {significance(f.p)}"
        else:
            verdict = (f"{figure}; the verdict reads Holm's correction over {f.family} "
                       f"first-player tests ({f.scope}): "
                       f"{significance(f.p_adjusted, 'adjusted p')}")
        direction = self.first_direction()
        if direction > 0:
            verdict += "; the first player wins more than its fair share: it has the edge"
        elif direction < 0:
            later = "the second player has" if self.seats == 2 else "the players moving later have"
            verdict += (f"; a disadvantage: the first player wins less than its fair share, "
                        f"{later} the edge")
        if direction and f.seat is not None:
            # Moving first and sitting in that seat are then one: a seat's place on a map (or
            # its side of the board) counts here as much as the turn order.
            verdict += (f" (the first player always sat in seat {f.seat}: this is of that seat "
                        "as a whole, its place or side as well as moving first)")
        return verdict

    def seat_verdict(self) -> str:
        rates = ", ".join(f"{name} {pct(r)}" for name, r in zip(
            seat_names(self.run.game, self.run.config, self.seats), self.seat_rates(), strict=True))
        return (f"seat balance: {rates}; differences {significance(self.seat_p())}"
                + self.shared_words("seat") + teams_note(self.seats, self.seat_partners, "seat"))

    def player_verdict(self) -> str:
        rates = ", ".join(f"{name} (player {i}) {pct(r)}"
                          for i, (name, r) in enumerate(zip(self.run.players,
                                                            self.player_rates(), strict=True)))
        return (f"player strength: {rates}; differences {significance(self.player_p())}"
                + self.shared_words("player")
                + teams_note(self.seats, self.player_partners, "player"))

    def length_verdict(self) -> str:
        m, lengths = self.length, self.lengths
        if self.games < FEW:  # the 5 % and 95 % of a few games are their shortest and longest
            spread = ("" if self.games < 2 else f", {m.low:.0f} in every game"
                      if m.low == m.high else f", from {m.low:.0f} to {m.high:.0f}")
        else:
            spread = (f", 90 % of games between {quantile(lengths, 0.05):.0f} and "
                      f"{quantile(lengths, 0.95):.0f}")
        return (f"game length: {mean_words(m, 'decisions', LENGTH_PLACES)}, median "
                f"{median(lengths):g}{spread}")

    def reason_verdict(self) -> str:
        return reasons_words(self.reasons, self.games)

    def to_json(self) -> dict[str, Any]:
        """The numbers behind the report's figures, embedded in it for checking and reuse."""
        lengths = self.lengths
        out: dict[str, Any] = {
            "run": self.run.to_json(), "games": self.games, "seats": self.seats,
            "fair_share": self.fair_share,
            "seat_win_rate": [r.to_json() for r in self.seat_rates()],
            "player_win_rate": [r.to_json() for r in self.player_rates()],
            "draw_rate": self.draw_rate().to_json(),
            "first_player": None, "games_without_first_player": self.no_first_player,
            "length": {**self.length.to_json(), "median": median(lengths),
                       "histogram": sorted(lengths.items())},
            "reasons": dict(self.reasons.most_common()),
            "metrics": {k: m.to_json() for k, m in self.metrics.items()},
            "cards": None if self.cards is None else self.cards.to_json(),
            "verdicts": self.verdicts(),
        }
        if self.first is not None:
            f = self.first
            out["first_player"] = {
                **f.rate.to_json(), "expected": f.expected, "p": f.p,
                "excess": f.excess, "excess_ci95": None if f.ci95 is None else list(f.ci95),
                "p_adjusted": f.p_adjusted, "family": f.family,
                "unmeasurable": f.unmeasurable or None, "seat": f.seat,
                "when_first": [r.to_json() for r in f.first_by_player],
                "when_later": [r.to_json() for r in f.later_by_player],
            }
        return out


def one_strategy(players: list[str]) -> str:
    """Why the listed players cannot be compared, or "": every one is the same SPEC, so a
    difference between them is only chance (or their seats', which rotate with them)."""
    if len(set(players)) != 1:
        return ""
    return f"every player is {players[0]}, so there is nothing to compare"


def sample_words(games: int, per: str = "", cards: bool = True) -> str | None:
    """The line flagging a run of fewer than ROUGH games, or None: its figures are rough,
    and under FEW games the card outliers never drawn are not listed. `per` names what the
    games are counted per ("pairing": evaluate's, `--games` per pairing), whose figures list
    no cards; `cards`: whether the run's game names a deck whose cards could go unlisted (a
    dice run of Viktory has none to speak of)."""
    if games >= ROUGH:
        return None
    each = f" per {per}" if per else ""
    few = (f"; under {FEW} games the cards never drawn are not listed (most of a deck is "
           "never drawn in so few)" if games < FEW and not per and cards else "")
    return (f"sample size: only {games_text(games)}{each}, too few to judge: every figure here "
            f"is rough (wide intervals, weak tests); play at least {ROUGH} games{each}{few}")


def reasons_words(reasons: Counter[str], games: int) -> str:
    """How the games ended, each reason's share of the `games` (the rules' own words)."""
    shares = ", ".join(f"{reason} {100 * n / games:.1f} %" for reason, n in reasons.most_common())
    return f"outcome reasons: {shares}"


def correct_first_players(analyses: list[RunAnalysis], scope: str) -> None:
    """Holm's correction over the first-player tests of several runs (a sweep's cells, in
    words `scope`): each run's test alone would let one run in twenty of a fair game pass
    for an advantage, and a sweep has many."""
    measured = [a.first for a in analyses if a.first is not None and a.first.p is not None]
    adjusted = holm([f.p for f in measured if f.p is not None])
    for f, p in zip(measured, adjusted, strict=True):
        f.p_adjusted, f.family, f.scope = p, len(measured), scope


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


def team_heads(n: int, partners: set[tuple[int, int]]) -> list[int]:
    """The first seat (or player) of each team of `partners` among n: who stands for it."""
    return [unit[0] for unit in _units(n, partners)]


def wins_per_team(a: RunAnalysis, kind: str, partners: set[tuple[int, int]]) -> list[float]:
    """A run's wins per seat (or listed player), each team of `partners` counted once and a
    game won by several together shared among them (`RunAnalysis.credits`)."""
    return a.credits(kind, partners)


def analyse(store: ResultStore, run: RunInfo, title: str | None = None,
            cards: bool = True) -> RunAnalysis:
    """The run's analysis; `cards=False` skips the card analytics (and reading card facts)."""
    return analyse_games(run, store.iter_games(run.id, cards=cards), title,
                         deck_cards(run) if cards else None, one_deck_for_all(run))


def metric_help(run: RunInfo) -> dict[str, str]:
    """What the run's game says each of its metrics is (`Game.metric_help`); nothing for a
    game no longer registered (its runs still report, by the metrics' names)."""
    game = REGISTRY.get(run.game)
    return dict(game.metric_help) if game is not None else {}


def deck_cards(run: RunInfo) -> list[str] | None:
    """Every card the run's games could name in their card facts, so that the report can
    list those never drawn: the game's `card_names(config)`, read with the run's own copies
    of its deck files; None for a game that names none, or when the decks cannot be read (a
    run older than those copies, whose files are gone)."""
    played = _played(run)
    if played is None:
        return None
    try:  # (a game may read its deck files again to name their cards)
        return played[0].card_names(played[1])
    except WarroomError:
        return None


def one_deck_for_all(run: RunInfo) -> bool:
    """Whether the run's seats all draw from one deck (`Game.one_deck_for_all`): then a card
    drawn by some seats only, by chance, is a share of every player-game, not of theirs."""
    played = _played(run)
    return played is not None and played[0].one_deck_for_all(played[1])


def _played(run: RunInfo) -> tuple[Game, Any] | None:
    """The run's game and its config, made again from the run's options and its own copies
    of its data files; None if the game is not registered here or the config cannot be
    made (a run older than those copies, whose files are gone)."""
    game = REGISTRY.get(run.game)
    if game is None:
        return None
    try:
        return game, game.config(run.spec().config)
    except WarroomError:
        return None


def card_play_verb(run: RunInfo) -> str:
    """How the card analytics of `run` say a card's `played` fate: its game's
    `card_play_verb` (kow's "defeat"); "play" for a game not registered here."""
    game = REGISTRY.get(run.game)
    return "play" if game is None else game.card_play_verb


def explained(cards: CardAnalysis, run: RunInfo) -> CardAnalysis:
    """`cards`, saying why there are none when no game had card facts, as the run's own
    options tell it (a --resume's options are not on its command line)."""
    if not cards.games and not cards.no_facts:
        cards = replace(cards, no_facts=no_facts_reason(run))
    return cards


def no_facts_reason(run: RunInfo) -> str:
    """Why the run has no card facts, from its options (`no_facts_words`); "" when the game
    or its options cannot be read."""
    game = REGISTRY.get(run.game)
    if game is None or not reports_card_facts(game):
        return ""
    try:
        return no_facts_words(game, game.config(run.spec().config))
    except WarroomError:
        return ""


def analyse_games(run: RunInfo, games: Iterable[dict[str, Any]],
                  title: str | None = None, deck: Iterable[str] | None = None,
                  every_seat: bool = False) -> RunAnalysis:
    seats = len(run.players)
    a = RunAnalysis(run, title or run.game, seats, seat_wins=[0.0] * seats,
                    player_wins=[0.0] * seats)
    a.seat_partners = set(itertools.combinations(range(seats), 2))
    a.player_partners = set(a.seat_partners)
    # partners also won together at least once (two players who only ever drew are not)
    seat_cowins: set[tuple[int, int]] = set()
    player_cowins: set[tuple[int, int]] = set()
    firsts = _FirstTally(seats)
    cards = CardCollector(deck, card_play_verb(run), every_seat)
    a.deck_named = bool(cards.deck)
    for g in games:
        a.games += 1
        cards.add(g)
        a.per_game.add(g)
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
        if g["first_player"] is None:
            a.no_first_player += 1
        else:
            firsts.add(seating, winners, g["first_player"])
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
    if firsts.games:
        a.first = firsts.result(run.players)
    return a


class _FirstTally:
    """The games with a first player, counted for its test: per listed player the games it
    moved first and, per pair of listed players, the games both were among the winners; and
    per player its wins when first and when later (the report's table)."""

    def __init__(self, players: int) -> None:
        self.games = 0
        self.first_wins = 0  # games whose first mover is among the winners: the statistic D
        self.first = [0] * players
        self.together = [[0] * players for _ in range(players)]
        self.first_by = [[0, 0] for _ in range(players)]  # wins, games when first
        self.later_by = [[0, 0] for _ in range(players)]
        # per game, the first mover and the bit mask of the winners (listed players): what a
        # run of a few games is shuffled on (`first_mover_test`)
        self.movers = array("B")
        self.winners = array("Q")
        self.seats: set[int] = set()  # the seats the first movers sat in

    def add(self, seating: list[int], winner_seats: list[int], first_seat: int) -> None:
        self.games += 1
        self.first_wins += first_seat in winner_seats
        self.first[seating[first_seat]] += 1
        won = [seating[seat] for seat in winner_seats]
        self.movers.append(seating[first_seat])
        self.seats.add(first_seat)
        self.winners.append(sum(1 << i for i in won))
        for i in won:
            for j in won:
                self.together[i][j] += 1
        for seat, player in enumerate(seating):
            tally = self.first_by[player] if seat == first_seat else self.later_by[player]
            tally[0] += seat in winner_seats
            tally[1] += 1

    def result(self, players: list[str]) -> FirstPlayer:
        n = self.games
        moments = first_mover_moments(n, self.first, self.together)
        first = FirstPlayer(Rate(self.first_wins, n), moments.mean / n, None,
                            [Rate(w, k) for w, k in self.first_by],
                            [Rate(w, k) for w, k in self.later_by],
                            seat=next(iter(self.seats)) if len(self.seats) == 1 else None)
        if moments.variance == 0:
            return replace(first, unmeasurable=self.unmeasurable(players))
        test = first_mover_test(self.movers, self.winners, moments)
        return replace(first, p=test.p, p_adjusted=test.p, excess=test.excess, ci95=test.ci95)

    def unmeasurable(self, players: list[str]) -> str:
        """Why every shuffle of the winners gives the same count (its variance is 0): the
        players who moved first always won and lost together (one player moved first in
        every game, say), or each of them won every game or none (every game a draw, say)."""
        n = self.games
        movers = [i for i, r in enumerate(self.first) if r]
        names = ", ".join(f"{players[i]} (player {i})" for i in movers)
        if n < 2:
            return "only 1 game had a first player; there is no other game to compare it with"
        if len(movers) == 1:
            return (f"{names} moved first in every game, so its wins cannot be told from a "
                    "first player's")
        wins = [self.together[i][i] for i in movers]
        if all(w == 0 for w in wins):
            return (f"no player who moved first ({names}) won a game, so moving first cannot "
                    "be seen to change who wins")
        if all(w in (0, n) for w in wins):
            return (f"each player who moved first ({names}) won every game or none, so moving "
                    "first cannot be seen to change who wins")
        return (f"the players who moved first ({names}) won and lost together in every game, "
                "so moving first cannot be told from their team's strength")
