"""Balance reports: a self-contained HTML page (figures inline as SVG, the numbers behind them
as embedded JSON) or Markdown (figures as SVG files beside it), for a run or a sweep."""

from __future__ import annotations

import html
import json
import os
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..engine import DRAWN, PLAYED, ConfigError, WarroomError
from ..engine.config import changed_options, option_text
from ..engine.data import counted
from ..engine.files import left_as_was, write_atomic
from ..games import REGISTRY
from . import plots
from .analysis import (
    LENGTH_PLACES,
    FirstPlayer,
    RunAnalysis,
    mean_and_interval,
    median,
    metric_help,
    pct,
    plain,
    quantile,
)
from .cards import (
    COMPARED,
    COMPARED_WORDS,
    CORRECTION,
    DIFFERENCE_CI,
    MIN_GROUP,
    NEARLY_SAME,
    OFTEN,
    SETTLED,
    CardAnalysis,
    CardEffect,
    adjusted_for,
    difference_text,
    rate_texts,
    shown_effects,
)
from .outputs import OutputError, check_folders, make_folders
from .stats import FIRST_SHUFFLE_BELOW, SHUFFLES, SIGNIFICANCE, Rate
from .store import RunInfo
from .summary import clock_words, seat_names

FORMATS = ("html", "md")


@dataclass
class Plot:
    key: str  # stable id: the HTML element id and the Markdown file name
    svg: str


@dataclass
class Section:
    key: str
    title: str
    verdicts: list[str]
    plots: list[Plot] = field(default_factory=list)
    table: tuple[list[str], list[list[str]]] | None = None
    note: str = ""


@dataclass
class Document:
    title: str
    facts: list[tuple[str, str]]  # what was run: (label, value)
    sections: list[Section]
    data: dict[str, Any]

    @property
    def verdicts(self) -> list[str]:
        return [v for s in self.sections for v in s.verdicts]


def game_title(name: str) -> str:
    game = REGISTRY.get(name)
    return game.title if game else name


def run_options(run: RunInfo) -> str:
    """The options of a run that differ from the game's defaults (all of them if the game is
    not registered here)."""
    game = REGISTRY.get(run.game)
    return changed_options(game.Config if game else None, run.config) or "the defaults"


def run_facts(run: RunInfo, games: int) -> list[tuple[str, str]]:
    return [
        ("game", f"{game_title(run.game)} ({run.game}, version {run.version})"),
        ("run", f"{run.id}, created {run.created}"),
        ("players", ", ".join(f"{i}: {p}" for i, p in enumerate(run.players))
         + (" (seats rotate)" if run.rotate else " (fixed seats)")),
        *_part_of(run),
        ("options", run_options(run)),
        *_files_fact(run),
        ("games", f"{games} of {run.games_requested} requested, batch seed {run.seed}"),
        *clock_fact(run.players),
    ]


def _files_fact(run: RunInfo) -> list[tuple[str, str]]:
    """The content of each data file the run played, as the start of its SHA-256 (the store
    keeps the copy by it): two runs of one file name, the file edited between them, had
    headers alike, the options naming the file only (an audit, stop 71)."""
    if not run.files:
        return []
    return [("data files", ", ".join(f"{option} {f.sha256[:12]}"
                                     for option, f in sorted(run.files.items()))
             + " (SHA-256: a file changed between two runs shows other digits)")]


def clock_fact(players: list[str]) -> list[tuple[str, str]]:
    """The fact under the seed when a player searches by the clock: the seed does not then
    make the games again, which simulate said on standard error only (`clock_words`)."""
    words = clock_words(players)
    return [("clock", words)] if words else []


def _part_of(run: RunInfo) -> list[tuple[str, str]]:
    """The sweep cell or tune trial a run is, with its varied or tuned values: a trial's
    options name only the patched copy of a card file, not the number tuned in it."""
    values = ", ".join(f"{k} = {option_text(v)}" for k, v in (run.cell or {}).items())
    if run.tune_id is not None:
        return [("tune", f"{run.tune_id}, its trial of {values or 'the values as they are'} "
                         f"(the tune's report, --tune {run.tune_id}, lists every trial)")]
    if run.sweep_id is not None:
        return [("sweep", f"{run.sweep_id}, the cell {values}")]
    return []


def run_document(a: RunAnalysis) -> Document:
    """The report of one run. It opens with the three questions a designer asks first (is
    there a first-player advantage, which cards are outliers, does any strategy dominate),
    each answered with its figure, interval and sample size and the plot behind it; then
    the details, a section per question."""
    names = [f"{p} ({i})" for i, p in enumerate(a.run.players)]
    sections = [_first_section(a, names, a.first_verdict()), _cards_section(a),
                _strategy_section(a, names), _seat_section(a), _length_section(a),
                _reasons_section(a)]
    if a.metrics:
        sections.append(_metrics_section(a))
    if a.cards is not None and a.cards.games:  # the fates table, even with nothing to rank
        sections += _card_tables(a.cards)
    sample = a.sample_verdict()  # a run too small to judge says so first (as verdicts())
    if sample:
        sections[0].verdicts.insert(0, sample)
    return Document(f"Balance report: {a.title}", run_facts(a.run, a.games), sections,
                    a.to_json())


def questions_section(cells: list[tuple[str, RunAnalysis]], what: str) -> Section:
    """The three questions a designer asks first, answered for several runs (a sweep's
    cells, a tune's best trial): a line per question over all runs, then a row per run with
    each figure, its interval and its sample size as the run's own report gives them."""
    def which(labels: list[str]) -> str:
        if len(cells) == 1:  # a tune's best trial: "0 of 1 trials" read as all the tune's
            counted = f"1 {what}, the only one analysed here" + ("" if labels else
                                                                  f": {cells[0][0].split(': ')[0]}")
        else:
            counted = f"{len(cells)} {what}s"
        return f"{len(labels)} of {counted}" + (f" ({'; '.join(labels)})" if labels else "")

    def answer(verdict: str) -> str:
        return verdict.split(": ", 1)[-1]

    first = [label for label, a in cells if a.first_direction() > 0]
    behind = [label for label, a in cells if a.first_direction() < 0]
    unmeasured = sum(a.first is None for _, a in cells)
    unmeasurable = sum(a.first is not None and a.first.p is None for _, a in cells)
    dominant = [f"{label}: {' + '.join(a.team_of(d))}" for label, a in cells
                if (d := a.dominant()) is not None]
    outliers = [f"{label}: {', '.join(e.card for e in a.cards.flagged())}" for label, a in cells
                if a.cards is not None and a.cards.flagged()]
    with_cards = sum(a.cards is not None and bool(a.cards.effects) for _, a in cells)
    # a cell whose games hold card facts, too few to compare, is not one "without card facts"
    no_facts = sum(a.cards is None for _, a in cells)
    untestable = [label for label, a in cells if a.cards is not None and a.cards.untestable()]
    settled = [label for label, a in cells if a.cards is not None and a.cards.settled()]
    # a game with no first player (kow opens with a simultaneous choice): "significant in 0
    # of 6 cells; not measured in 6" read as if 6 of 6 had been tested
    first_line = (f"first-player advantage: not measured in any {what} (no first player)"
                  if unmeasured == len(cells) else
                  f"first-player advantage: significant in {which(first)}" + _first_family(cells)
                  + (f"; a significant disadvantage instead (the first player wins less than "
                     f"its fair share: the players moving later have the edge) in "
                     f"{which(behind)}" if behind else "")
                  + (f"; not measured in {unmeasured} (no first player)" if unmeasured else "")
                  + (f"; cannot be measured in {unmeasurable} (see the table)"
                     if unmeasurable else ""))
    verdicts = [
        first_line,
        f"card outliers: flagged in {which(outliers)}" + _card_family(cells)
        + (f"; {no_facts} without card facts" if no_facts else "")
        + (f"; {len(cells) - with_cards - no_facts} with card facts but nothing to compare "
           "(too few games)" if len(cells) - with_cards - no_facts else "")
        + (f"; cards that could not be tested (too few player-games per stratum) in "
           f"{which(untestable)}: see the table" if untestable else "")
        + (f"; cards that cannot be told apart (every group compared all wins or all losses) "
           f"in {which(settled)}: see the table" if settled else ""),
        f"dominant strategy: in {which(dominant)}",
    ]
    rows = [[label, answer(a.first_verdict()), answer(a.card_verdict()),
             answer(a.strategy_verdict())] for label, a in cells]
    together = " and of ".join(name for name, family in (
        ("first-player advantage", _first_family(cells)), ("cards", _card_family(cells)))
        if family)
    return Section("questions", "Is there a first-player advantage, which cards are outliers, "
                   "does any strategy dominate?", verdicts,
                   table=([what, "first-player advantage", "card outliers",
                           "dominant strategy"], rows),
                   note=f"Each {what}'s answers as its run's own report (warroom report --run N) "
                        "gives them, with the plots behind them: the figure, its 95 % "
                        "interval, the games it rests on and a test"
                        + (f"; but the tests of {together} are "
                           f"corrected (Holm) over every {what} at once, not each {what} "
                           "alone, so that a fair game is not found unfair somewhere only "
                           f"because there are many {what}s." if together else "."))


def _first_family(cells: list[tuple[str, RunAnalysis]]) -> str:
    """The words saying that the first-player tests were corrected together, if they were."""
    family = max((a.first.family for _, a in cells if a.first is not None), default=1)
    return f" (Holm's correction over the {family} first-player tests)" if family > 1 else ""


def _card_family(cells: list[tuple[str, RunAnalysis]]) -> str:
    """The words saying that the card tests were corrected together, if they were."""
    family = max((a.cards.family for _, a in cells if a.cards is not None), default=0)
    return f" (Holm's correction over all {family} card tests)" if family else ""


def _seat_section(a: RunAnalysis) -> Section:
    seats = seat_names(a.run.game, a.run.config, a.seats)
    seat_rates = a.seat_rates()
    return Section("seats", "Win rate per seat", [a.seat_verdict()],
                   [Plot("win-rate-seat", plots.rate_bars(
                       seats, seat_rates, "Win rate per seat (95 % CI)", a.fair_share))],
                   _rate_table("seat", seats, seat_rates))


def _strategy_section(a: RunAnalysis, names: list[str]) -> Section:
    player_rates = a.player_rates()
    return Section("strategy", "Does any strategy dominate?",
                   [a.strategy_verdict(), a.player_verdict(), a.draw_verdict()],
                   [Plot("win-rate-player", plots.rate_bars(
                       names, player_rates, "Win rate per player (95 % CI)", a.fair_share))],
                   _rate_table("player", names, player_rates),
                   "A strategy is a listed player (its SPEC). Seats rotate, so each plays "
                   "every seat equally often; it dominates when it wins significantly more "
                   "than its fair share (chi-square test of equal shares) and the lower end "
                   "of its 95 % interval is above that share.")


# --- cards ---------------------------------------------------------------------------------

CARD_PLOT_ROWS = 30  # the forest plot shows at most this many cards: the extremes


def _cards_section(a: RunAnalysis) -> Section:
    title = "Which cards are outliers?"
    cards = a.cards
    if cards is None or not cards.effects:
        return Section("cards", title, a.card_verdicts())
    drawn = cards.ranked(DRAWN) or cards.ranked(PLAYED) or cards.ranked(OFTEN)
    measure = drawn[0].measure
    # A settled card has no difference to draw: its interval is every difference.
    plotted = [e for e in drawn if not e.settled]
    shown, marks, words = _card_plot_rows(plotted)
    label = f"improvement when {cards.said(measure)}"
    figures = [Plot("card-outliers", plots.difference_forest(
        [e.card for e in shown],
        [(100 * e.difference, 100 * e.ci[0], 100 * e.ci[1]) for e in shown],
        [e.flagged for e in shown], f"Win rate {label} (95 % CI)",
        "win rate difference (percentage points)", marks, [not e.tested for e in shown]))
    ] if plotted else []
    flagged = cards.flagged()
    # The plot shows one measure; a card flagged on another is not red in it: say so.
    red = {e.card for e in flagged if e.measure == measure}
    elsewhere = {other: sorted({e.card for e in flagged if e.measure == other} - red)
                 for other in (DRAWN, PLAYED, OFTEN) if other != measure}
    table = None
    if flagged:
        table = (["card", "measure", "win rate with (adjusted)", "without (adjusted)",
                  DIFFERENCE_CI, COMPARED, f"p ({CORRECTION})"],
                 [_effect_row(e, cards.said(e.measure)) for e in flagged])
    note = (f"Each card's {label}: the win rate of the players who had it minus that of the "
            "players who did not, compared among players in the same seat, of the same listed "
            "player and with as many cards in all (Mantel-Haenszel weights: the win rates "
            "with and without a card are these adjusted rates, not the raw ones), so that a "
            "longer game, which draws more cards, does not pass for a strong card; 95 % intervals "
            "and tests by a cluster-robust score test with the game as the cluster (the "
            "players of a game are not independent), the interval holding every difference "
            "the test does not reject; each interval is its card's own, uncorrected, so one "
            f"that leaves out 0 may go unflagged after {CORRECTION}'s correction. "
            + (f"Flags: {CORRECTION}'s correction over all {counted(cards.tests, 'test')} at "
               f"{100 * SIGNIFICANCE:.0f} %; cards" if cards.tests else
               "No card was tested, so none is flagged: cards")
            + f" with fewer than {MIN_GROUP} comparable player-games on either side are not "
            "tested. "
            + " ".join(filter(None, (words, f"Cards where {SETTLED} are not plotted."
                                     if len(plotted) < len(drawn) else "",
                                     _flagged_elsewhere(elsewhere, measure, cards)))))
    return Section("cards", title, a.card_verdicts(), figures, table, note.strip())


def _flagged_elsewhere(elsewhere: dict[str, list[str]], measure: str,
                       analysis: CardAnalysis) -> str:
    """The plot's words for the cards flagged on the measures it does not show (`elsewhere`:
    by measure; red marks a flag on the plotted measure only): a card flagged when played is
    black in a plot of the cards when drawn. The measures as `analysis` says them (`played`
    in the game's verb)."""
    parts = [f"{', '.join(cards)} {'is' if len(cards) == 1 else 'are'} flagged when "
             f"{analysis.said(other)} instead, a figure this plot does not show (see the table "
             "of flagged cards)" + (f": {analysis.played_caveat()}" if other == PLAYED else "")
             for other, cards in elsewhere.items() if cards]
    if not parts:
        return ""
    return f"Red marks the cards flagged when {analysis.said(measure)}; {'; '.join(parts)}."


def _card_plot_rows(plotted: list[CardEffect]) -> tuple[list[CardEffect],
                                                          list[tuple[int, str]], str]:
    """The card plot's rows as the terminal table has them (`shown_effects`): the highest
    and lowest of the tested cards, then, where there is room, the untested ones, ranked
    apart (an untested card's estimate, from a few player-games on a side, would head the
    ranking by chance); the marked rows saying what is left out and where the untested
    begin; and the note's words for them."""
    tested, rest = shown_effects(plotted, CARD_PLOT_ROWS)
    all_tested = sum(e.tested for e in plotted)
    all_rest = len(plotted) - all_tested
    marks: list[tuple[int, str]] = []
    words = ""
    if len(tested) < all_tested:
        marks.append((CARD_PLOT_ROWS - CARD_PLOT_ROWS // 2,
                      f"… {all_tested - len(tested)} not shown …"))
        words += (f"The plot shows the {CARD_PLOT_ROWS // 2} highest and lowest of "
                  f"{all_tested} tested cards.")
    if all_rest:
        room = CARD_PLOT_ROWS - len(tested)
        if not rest:
            marks.append((len(tested), f"… {all_rest} not tested, not shown …"))
        else:
            marks.append((len(tested), f"not tested ({all_rest}):"))
            if len(rest) < all_rest:
                marks.append((len(tested) + room - room // 2,
                              f"… {all_rest - len(rest)} not shown …"))
        shown_words = ("not shown" if not rest else "below the tested ones, in grey"
                       if len(rest) == all_rest else
                       f"below the tested ones, in grey (the {len(rest)} highest and lowest)")
        words += (f" {counted(all_rest, 'card')} not tested (fewer than {MIN_GROUP} comparable "
                  f"player-games on a side) {'is' if all_rest == 1 else 'are'} ranked apart, "
                  f"{shown_words}: such an estimate would head the ranking by chance.")
    return tested + rest, marks, words.strip()


def _effect_row(e: CardEffect, measure: str | None = None) -> list[str]:
    """A card's row; its measure as `measure` says it (`CardAnalysis.said`), if given."""
    return [e.label, measure or e.measure, *rate_texts(e),
            difference_text(e), f"{e.with_n} / {e.without_n}",
            ("not tested" if not e.tested else
             "< 0.001" if e.p_adjusted < 0.001 else f"{e.p_adjusted:.3f}")
            + (" flagged" if e.flagged else "")]


def _card_tables(cards: CardAnalysis) -> list[Section]:
    headers = ["card", "win rate with (adjusted)", "without (adjusted)",
               DIFFERENCE_CI, COMPARED, f"p ({CORRECTION})"]
    out = []
    played = cards.said(PLAYED)  # in the game's verb: kow's cards are defeated
    for measure, key in ((DRAWN, "cards-drawn"), (PLAYED, "cards-played"),
                         (OFTEN, "cards-often")):
        title = f"Cards ranked by improvement when {cards.said(measure)}"
        ranked = cards.ranked(measure)
        if not ranked:
            continue
        note = (f"Win rates {adjusted_for(measure, cards.play_verb)}: averages over players "
                "of the same seat, listed player and number of cards, not the raw rates of "
                f"holders and non-holders; {COMPARED_WORDS}.")
        if measure == PLAYED:
            note += f" Mind that {cards.played_caveat()}."
        if measure == OFTEN:
            note += (f" These cards were drawn in (nearly) every player-game that could hold "
                     f"them (missing from fewer than {MIN_GROUP}), so none can be compared with "
                     "and without it: each is compared drawn at least N times (N after its "
                     "name, the number that splits its player-games most evenly) against "
                     "fewer times, which the shuffle decides.")
        if measure == PLAYED and any(e.same_as_drawn for e in ranked):
            note += (f" Cards {played} whenever they are drawn (they resolve as they are "
                     f"drawn), or in all but at most {100 * NEARLY_SAME:.0f} % of the "
                     f"player-games that drew or {played} them (a resource handed over in a "
                     "ransom), have the same figures as when drawn and are tested once.")
        if any(e.settled for e in ranked):
            note += f" Cards shown as — are those where {SETTLED}: they are not tested."
        # The untested cards ranked apart, after the tested ones, as the terminal table and
        # the plot have them: an estimate from a few player-games on a side would head a
        # ranking shared with the tested cards by chance.
        tested = [e for e in ranked if e.tested]
        untested = [e for e in ranked if not e.tested]
        if tested and untested:
            note += (f" The {counted(len(untested), 'card')} not tested "
                     f"{'is' if len(untested) == 1 else 'are'} ranked apart, after the tested "
                     "ones: such an estimate would head the ranking by chance.")
        rows = [_effect_row(e)[:1] + _effect_row(e)[2:] for e in tested + untested]
        out.append(Section(key, title, [], table=(headers, rows), note=note))
    fates = cards.fates
    rows = []
    for card in sorted({*cards.usage, *cards.unused()[1]}):  # the dead cards too
        row = [card]
        for fate in fates:
            n = cards.usage.get(card, {}).get(fate, (0, 0))[0]
            k, could = cards.share(card, fate)  # of the player-games that could hold it
            row.append(f"{n} ({100 * k / could:.1f} %)" if n else "-")
        rows.append(row)
    out.append(Section("cards-usage", "How often each card met each fate", [],
                       table=(["card", *map(cards.said, fates)], rows),
                       note=f"Times in all, and in brackets the share of the player-games "
                            "that could hold the card in which it happened at least once: "
                            f"of all {cards.player_games} player-games ({cards.games} games) "
                            "for a card every seat drew, or any card of a game whose seats "
                            "draw from one deck, of its deck's seats' player-games for "
                            "a card only some seats drew (a card of one seat's deck). Every "
                            "fate of a card is a share of those player-games, one met in "
                            "another seat's hands too (a card taken in a ransom counts the "
                            "taker's player-games, out of those of the card's deck: in a "
                            "two-player game, the share of the games in which it was taken)."
                       ))
    return out


def _length_section(a: RunAnalysis) -> Section:
    m, lengths = a.length, a.lengths
    # the mean as the verdict gives it: to the decimal of its interval, at least one
    row = [mean_and_interval(m, LENGTH_PLACES)[0], f"{m.sd:.1f}", f"{m.low:.0f}",
           f"{quantile(lengths, 0.05):.0f}",
           f"{median(lengths):g}", f"{quantile(lengths, 0.95):.0f}", f"{m.high:.0f}"]
    return Section("length", "Game length", [a.length_verdict()],
                   [Plot("game-length", plots.count_histogram(
                       lengths, "Game length", "decisions per game"))],
                   (["mean", "sd", "min", "5 %", "median", "95 %", "max"], [row]))


def _reasons_section(a: RunAnalysis) -> Section:
    rows = [[r, str(n), f"{100 * n / a.games:.1f} %"] for r, n in a.reasons.most_common()]
    return Section("reasons", "Outcome reasons", [a.reason_verdict()],
                   [Plot("outcome-reasons", plots.share_bars(a.reasons, "How games end"))],
                   (["reason", "games", "share"], rows))


def _metrics_section(a: RunAnalysis) -> Section:
    # the mean to the decimal its interval is given to, as in the verdicts
    rows = [[name, *mean_and_interval(m), plain(m.sd), plain(m.low), plain(m.high)]
            for name, m in a.metrics.items()]
    helps = metric_help(a.run)
    told = [f"{name}: {helps[name]}" for name in a.metrics if name in helps]
    return Section("metrics", "Per-game metrics", a.metric_verdicts(),
                   # a metric with one value in every game (champions' deals at the usual
                   # hand size) is said in its verdict: its histogram would be one bar
                   [Plot(f"metric-{name}", plots.value_histogram(a.metric_values[name], name,
                                                                 helps.get(name, name)))
                    for name, m in a.metrics.items() if m.low != m.high],
                   (["metric", "mean", "± (95 %)", "sd", "min", "max"], rows),
                   note=f"The metrics: {'; '.join(told)}." if told else "")


def _first_section(a: RunAnalysis, names: list[str], verdict: str) -> Section:
    if a.first is None:
        return Section("first", "Is there a first-player advantage?", [verdict], note=(
            "A game has a first player when one player alone makes the opening decision, or "
            "when the game names one in its metrics."))
    f = a.first
    groups = [*names, "all"]
    series = {"moving first": [*f.first_by_player, f.rate],
              "moving later": [*f.later_by_player, _later_overall(f)]}
    rows = [[g, pct(first), pct(later)]
            for g, first, later in zip(groups, series["moving first"], series["moving later"],
                                       strict=True)]
    figures = [Plot("first-player-by-player", plots.grouped_rate_bars(
        names, {k: v[:-1] for k, v in series.items()},
        "Win rate per player moving first and later (95 % CI)"))]
    if f.ci95 is not None:  # the test's figure first: what the verdict says
        low, high = f.ci95
        figures.insert(0, Plot("first-player", plots.difference_forest(
            ["first player"], [(100 * f.excess, 100 * low, 100 * high)], [False],
            f"First player's wins over the expected {100 * f.expected:.1f} % (95 % CI)",
            "percentage points of the games over the expected share")))
    note = ("The test holds who moved first and who won as they were, and asks whether the "
            "first mover is among the winners more often than if the games' winners were "
            "shuffled among the games (a permutation test: by its normal approximation from "
            f"{FIRST_SHUFFLE_BELOW} informative games, those whose winners, or first mover, "
            f"differ from the most common, from {SHUFFLES:,} seeded shuffles below): a "
            "stronger player who often moves first then does not pass for a first-player "
            "advantage."
            + (" The first figure is that test's: the points of the games the first mover won "
               "above (or below) the share it would win if moving first made no difference, "
               "given who moved first and who won, with the test's 95 % interval, which "
               "leaves out 0 exactly when the test is significant." if f.ci95 else "")
            + " The bars per player and the table give each player's own win rate moving "
            "first and moving later, with its Wilson interval: these mix moving first with "
            "the player's strength, and the first mover's share over all games (the table's "
            "last row) is judged against its expected share by the test, not by this interval.")
    if a.no_first_player:
        note += f" {a.no_first_player} games had no first player and are left out here."
    return Section("first", "Is there a first-player advantage?", [verdict], figures,
                   (["player", "win rate moving first", "win rate moving later"], rows), note)


def _later_overall(f: FirstPlayer) -> Rate:
    wins = sum(r.successes for r in f.later_by_player)
    return Rate(wins, sum(r.trials for r in f.later_by_player))


Table = tuple[list[str], list[list[str]]]
# A player's or seat's win rate interval is Wilson's (as `report --help` says), which the
# column said nowhere.
WILSON_CI = "95 % CI (Wilson)"


def _rate_table(what: str, names: list[str], rates: list[Rate]) -> Table:
    rows = [[name, f"{r.successes:g}", f"{100 * r.value:.1f} %",
             f"{100 * r.ci95[0]:.1f} % - {100 * r.ci95[1]:.1f} %"]
            for name, r in zip(names, rates, strict=True)]
    return [what, "wins", "win rate", WILSON_CI], rows


# --- rendering ---------------------------------------------------------------------------

CSS = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.5rem 0; font-size: 0.9rem; }
td, th { border: 1px solid #ccc; padding: 0.2rem 0.6rem; text-align: left; }
th { background: #f3f3f3; }
ul.verdicts li { font-family: ui-monospace, monospace; font-size: 0.9rem; }
figure { margin: 0.5rem 0; } figure svg { max-width: 100%; height: auto; }
.note { color: #666; font-size: 0.85rem; }
"""


def render_html(doc: Document) -> str:
    e = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{e(doc.title)}</title><style>{CSS}</style></head><body>",
           f"<h1>{e(doc.title)}</h1>", "<table class=facts>"]
    out += [f"<tr><th>{e(k)}</th><td>{e(v)}</td></tr>" for k, v in doc.facts]
    out += ["</table>", "<h2>Verdicts</h2>", '<ul class="verdicts" id="verdicts">']
    out += [f"<li>{e(v)}</li>" for v in doc.verdicts]
    out.append("</ul>")
    for s in doc.sections:
        out.append(f'<section id="{e(s.key)}"><h2>{e(s.title)}</h2>')
        out += [f'<p class="verdict">{e(v)}</p>' for v in s.verdicts]
        out += [f'<figure id="fig-{e(p.key)}" data-figure="{e(p.key)}">{p.svg}</figure>'
                for p in s.plots]
        if s.table:
            out.append(_html_table(*s.table))
        if s.note:
            out.append(f'<p class="note">{e(s.note)}</p>')
        out.append("</section>")
    data = json.dumps(doc.data, sort_keys=True).replace("</", "<\\/")
    out += [f'<script type="application/json" id="warroom-data">{data}</script>',
            "</body></html>"]
    return "\n".join(out) + "\n"


def _html_table(headers: list[str], rows: list[list[str]]) -> str:
    e = html.escape
    head = "".join(f"<th>{e(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in rows)
    return f"<table><tr>{head}</tr>{body}</table>"


def render_markdown(doc: Document, figure_dir: Path, link_prefix: str) -> str:
    """Markdown text; figures are written as SVG files into `figure_dir`, linked as
    `link_prefix/<key>.svg`. Both carry a mark (a comment) that says a report wrote them."""
    figure_dir.mkdir(parents=True, exist_ok=True)
    out = [f"# {doc.title}", ""]
    out += [f"- **{k}**: {v}" for k, v in doc.facts]
    out += ["", "## Verdicts", ""]
    out += [f"- {v}" for v in doc.verdicts]
    for s in doc.sections:
        out += ["", f"## {s.title}", ""]
        out += [f"{v}  " for v in s.verdicts]
        for p in s.plots:
            _write(figure_dir / f"{p.key}.svg", _marked_figure(p.svg))
            out += ["", f"![{p.key}]({link_prefix}/{p.key}.svg)"]
        if s.table:
            headers, rows = s.table
            out += ["", "| " + " | ".join(headers) + " |",
                    "|" + "---|" * len(headers)]
            out += ["| " + " | ".join(c.replace("|", "\\|") for c in row) + " |" for row in rows]
        if s.note:
            out += ["", f"*{s.note}*"]
    out += ["", MD_MARK]
    return "\n".join(out) + "\n"


def _marked_figure(svg: str) -> str:
    """The figure with FIGURE_MARK just inside its root element (the file still opens with
    `<svg`, as an SVG file should)."""
    tag, end, rest = svg.partition(">")
    return f"{tag}{end}\n{FIGURE_MARK}{rest}"


class ReportError(WarroomError):
    """A report that cannot be written (an unwritable place, a full disk)."""


# The file names a report can have, and the format each means.
SUFFIXES = {".html": "html", ".htm": "html", ".md": "md", ".markdown": "md"}


def report_format(out: str | None, fmt: str | None) -> str:
    """The format to write: --format, else the one the --out suffix names, else html. A
    suffix that names no format the report is written in (`rep.pdf`), or another format than
    --format, is a ConfigError: the file would not hold what its name says."""
    suffix = Path(out).suffix.lower() if out else ""
    if not suffix:
        return fmt or "html"
    named = SUFFIXES.get(suffix)
    if named is None:
        raise ConfigError(f"--out {out}: a report is written as HTML (.html, .htm) or "
                          f"Markdown (.md, .markdown), not {suffix}")
    if fmt is not None and fmt != named:
        raise ConfigError(f"--out {out} names a {named} file, but --format is {fmt}")
    return named


# --- replacing files ---------------------------------------------------------------------
# A report holds nothing its results database cannot give again, so a later report replaces
# one silently (a run's report after more games, a sweep's report written again); any other
# file a report would overwrite is the user's, and is refused unless --force. These marks say
# which files a report wrote: the data every HTML report carries, and a comment as the last
# line of a Markdown report and inside each of its figures.
HTML_MARK = b'<script type="application/json" id="warroom-data">'
MD_MARK = "<!-- warroom report -->"
FIGURE_MARK = "<!-- figure of a warroom report -->"
FORCE_HINT = "choose another --out, or add --force to overwrite it"


def is_report(path: Path) -> bool:
    """Whether `path` is a report warroom wrote (HTML or Markdown)."""
    try:
        with open(path, "rb") as handle:
            size = handle.seek(0, 2)
            handle.seek(max(0, size - 256))
            if handle.read().rstrip().endswith(MD_MARK.encode()):
                return True
            handle.seek(0)
            return _holds(handle, HTML_MARK)
    except OSError:
        return False


def _holds(handle: Any, mark: bytes, block: int = 1 << 20) -> bool:
    """Whether the rest of a binary file holds `mark`, read a block at a time (a sweep's
    report can be megabytes; an unrelated file, anything)."""
    tail = b""
    while chunk := handle.read(block):
        if mark in tail + chunk:
            return True
        tail = chunk[-len(mark):]
    return False


def is_figure(path: Path) -> bool:
    """Whether `path` is a figure a Markdown report wrote."""
    try:
        with open(path, "rb") as handle:
            return FIGURE_MARK.encode() in handle.read(4096)
    except OSError:
        return False


def figure_folder(out: Path) -> Path:
    """Where a Markdown report's figures go: beside it, named after it."""
    return out.with_name(out.stem + "-figures")


def check_report_files(out: Path, fmt: str, force: bool) -> None:
    """Before a report is made (for a sweep, before any game): its folders can be made, and
    every file it would replace (the report; a Markdown report's figures, every SVG file of
    its figures folder) is one a report wrote, unless `force`. A one-line ReportError names
    the first file in the way."""
    try:
        check_folders(out, "write the report")
    except OutputError as exc:
        raise ReportError(str(exc)) from None
    if out.exists():
        if not out.is_file():
            raise ReportError(f"{out} exists and is not a regular file; choose another --out")
        if not force and not is_report(out):
            raise ReportError(f"{out} exists and is not a warroom report; {FORCE_HINT}")
    if fmt != "md":
        return
    figures = figure_folder(out)
    if figures.exists() and not figures.is_dir():
        raise ReportError(f"{out}: cannot write the report here ({figures}, where its figures "
                          "go, is a file, not a folder); choose another --out")
    if figures.is_dir() and not force:
        for svg in sorted(figures.glob("*.svg")):
            if not is_figure(svg):
                raise ReportError(f"{svg} exists and is not a figure of a warroom report (the "
                                  f"figures of {out} go there); {FORCE_HINT}")


def write_document(doc: Document, out: Path, fmt: str) -> list[Path]:
    """Write the report; returns the files written. A failure is a one-line ReportError.
    (Whether it may replace what is there is check_report_files's to say, before.)"""
    try:
        make_folders(out, "write the report")
    except OutputError as exc:
        raise ReportError(str(exc)) from None
    if fmt == "html":
        _write(out, render_html(doc))
        return [out]
    figure_dir = figure_folder(out)
    try:
        figure_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise ReportError(f"cannot write the report to {figure_dir} "
                          f"({exc.strerror or exc})") from None
    _write(out, render_markdown(doc, figure_dir, link_to(figure_dir.name)))
    return [out, *sorted(figure_dir.glob("*.svg"))]


def link_to(name: str) -> str:
    """A file name as a relative link of a Markdown report: percent-encoded from its bytes
    (`os.fsencode`), so that a space or a bracket does not end the link, and a name that is
    not text in the locale's encoding (a non-ASCII name under an ASCII-only locale) still
    names the file: its bytes, not a character the report could not be written with."""
    return urllib.parse.quote(os.fsencode(name))


def _write(path: Path, text: str) -> None:
    """Write a report or a figure whole or not at all (through a temporary file): a full disk
    leaves the file that was there, or none, never a cut-off one. A failure is a one-line
    ReportError naming the file (not the temporary one)."""
    existed = path.exists()
    try:
        write_atomic(path, text)
    except OSError as exc:
        raise ReportError(f"cannot write the report to {path} ({exc.strerror or exc}); "
                          f"{left_as_was(existed)}") from None
