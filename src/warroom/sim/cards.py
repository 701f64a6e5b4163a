"""Card analytics: which cards win. For each card: how often players draw and play it; the
win rate of the player when it was drawn, when it was played and when it was never drawn; and
the difference that answers "is this card too strong?" ("improvement when drawn", "when
played"), with a 95 % interval; a card whose difference stands out after a correction for
the number of cards tested is flagged in plain words.

The unit is a player-game: one seat of one finished game, with the card facts the game gave
for it (`Game.card_events`). Three things make the naive comparison wrong, and are handled:

- **Who, where and how many.** A card drawn more often by one seat (an attacker who draws
  more) or played more often by a stronger player would look strong only because that seat
  or player wins more; and a player who draws more cards (a longer game) is more likely to
  have drawn any one card, so a card that does nothing would look strong wherever long games
  are won more often (and weak where they end in draws). Each comparison is made within
  strata of (seat, listed player, how many cards the player drew in the game, or played for
  the `played` measure) and combined with Mantel-Haenszel weights n1*n0/n, so `win rate when
  drawn` and `when not drawn` are averages over the same mix of seats, players and numbers
  of cards. What is left is mostly which cards the deck's shuffle put in a player's way.
  (A card that wins games quickly still shows: among players who drew as many cards, its
  holder wins more; but a share of its effect, the games it shortened, is not counted.)
- **Both players of a game.** The seats of one game are not independent (in a two-player
  game one's win is the other's loss). Variances are cluster-robust with the game as the
  cluster: the sandwich variance of the weighted difference, which is the slope of a
  least-squares fit of the win on the card with a constant per stratum; a game counts once
  however many of its seats are in a comparison. Each residual is scaled up for its leverage
  (1/n in a stratum of n player-games: CR2, Bell and McCaffrey), since a run of 60 to 100
  games has many strata of two or three player-games.
- **Few games.** The test and the interval take the variance the difference would have if
  its true value were the one tested (a score test, as Wilson's interval is for one rate):
  for "no difference", the residuals of the fit without the card. The variance at the
  estimate (a Wald test) shrinks when a card's difference is far from 0 by chance, and
  flagged cards that do nothing in 6 to 9 % of fair runs of 60 to 100 games. The 95 %
  interval is every difference the test does not reject (a quadratic inequality: the
  variance is quadratic in the difference tested); the win rates with and without the card
  have Wilson intervals on their effective sample sizes (each rate's binomial variance
  divided by its cluster-robust one).

Flags: a two-sided test of "no difference" per card and measure, the one the interval
inverts (its p-value is the level at which the interval just reaches 0, so a card is
significant on its own exactly when its 95 % interval excludes 0), and Holm's correction over
every test made in the report (a sweep's report: over every test of all its cells). When no
card makes a difference, the chance that the report flags any card is at most 5 % (the
family-wise error rate), whatever the number of cards; tests/sim/test_cards.py measures it
on simulated fair games of 60 and of 300 games. A card is tested only with at least
MIN_GROUP player-games on each side of the comparison; `played` is not tested separately
when it splits the player-games as `drawn` does, or all but nearly (cards that resolve as
they are drawn; a resource ransomed once), whatever the strata: it is the same question,
shown with drawn's figures. A card whose every group compared is all wins or all losses (a
player who wins every game) is `settled`: not tested, and named with that reason, as is a
settled card whose player-games split widely enough though the groups compared are small (a
run one player won 19 of 20: "too few games" contradicted the threshold it stated). A card
that splits the player-games that could hold it widely enough but that the strata leave
with too few on a side is named as untested, not passed over. Cards of the deck that no game
drew are listed when the game names its deck's cards (a `card_names(config)` method of the
game). A card drawn in (nearly) every player-game that could hold it (missing from fewer than
MIN_GROUP: Word & Iron's chance cards) has no side to compare it with: it is named, and
judged by how many times it was drawn (OFTEN, tested as the others); a card in no ranking
(each stratum held it in all its player-games or none) is named too. A card's fate shares
are of the player-games that could hold it: those of the seats
whose deck it belongs to, the seats that drew it (played it, in a game whose cards are not
drawn; a card of one seat's deck: that seat's); all of them where the caller says every
seat draws from the same cards (`every_seat`: one deck for all, whose card drawn by some
seats only, by chance, is no card of theirs alone). Every fate's share is of those player-games,
a fate met in another seat's hands too (a resource taken in a ransom): in a two-player game,
the share of the games of its deck in which that happened. The texts say the `played`
measure in the game's own verb (`Game.card_play_verb`: kow's cards are defeated, not
played); its name in the JSON and the fate's stay "played".
"""

from __future__ import annotations

from array import array
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from statistics import median
from typing import TYPE_CHECKING, Any

from ..engine import DRAWN, PLAYED, Game
from ..engine.data import counted, first_few
from .stats import (
    SIGNIFICANCE,
    games_text,
    holm,
    p_text,
    score_interval,
    score_p,
    signed,
    wilson_interval,
)

if TYPE_CHECKING:
    import numpy as np

MEASURES = (DRAWN, PLAYED)
# A card drawn in (nearly) every player-game (Word & Iron's chance cards, drawn 1 to 3 times
# from a small pile reshuffled) has no "without" group, but the shuffle still decides how many
# times it is drawn: this measure compares drawing it more often against fewer times, within
# drawn's strata (`CardEffect.times`). Its JSON name; the texts say `measure_word`'s.
OFTEN = "often"
BASE = {OFTEN: DRAWN}  # the fate a measure counts, where it is not the measure's own name
MIN_GROUP = 20  # player-games needed on each side of a comparison before it is tested
# `played` is drawn's question when the player-games that drew and that played a card differ
# in at most this share of those that did either (a resource ransomed once in 176). Strata of
# the cards played besides the card's own plays, tested exactly, are no mend: a Word & Iron
# realm has a fixed number of resources, so at equal other uses a holder meets non-holders
# who used theirs less (losing players), and every resource came out strong (README)
NEARLY_SAME = 0.05
CORRECTION = "Holm"
# Under this many games, the cards never drawn are not listed: most of a deck is never drawn
# in one or two games, and the list is noise, not news of a dead card.
FEW = 10


@dataclass
class CardEffect:
    """A card's win-rate difference for one measure (drawn or played)."""

    card: str
    measure: str
    with_n: int  # player-games in which the card was drawn (played)
    without_n: int  # player-games of the same strata in which it was not
    rate_with: float  # win rate, weighted over the strata
    rate_with_ci: tuple[float, float]
    rate_without: float
    rate_without_ci: tuple[float, float]
    difference: float
    ci: tuple[float, float]
    p: float
    tested: bool = True
    p_adjusted: float = 1.0
    same_as_drawn: bool = False  # `played` splits the player-games (nearly) as `drawn` does
    # every group compared (seat, listed player, number of cards) was all wins or all
    # losses: the games cannot tell the card's holders from the others (a player who wins
    # every game), whatever their number; not tested, and no difference to show
    settled: bool = False
    times: int = 0  # OFTEN: `with` drew the card at least this many times, `without` fewer

    @property
    def label(self) -> str:
        """The card as a table's row names it: with the draws an OFTEN effect compares."""
        return f"{self.card}, drawn {self.times}+ times" if self.measure == OFTEN else self.card

    @property
    def flagged(self) -> bool:
        return self.tested and self.p_adjusted < SIGNIFICANCE

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "measure": self.measure, "with": self.with_n,
                "without": self.without_n, "rate_with": self.rate_with,
                "rate_with_ci95": list(self.rate_with_ci), "rate_without": self.rate_without,
                "rate_without_ci95": list(self.rate_without_ci),
                "difference": self.difference, "ci95": list(self.ci), "p": self.p,
                "tested": self.tested, "p_adjusted": self.p_adjusted,
                "flagged": self.flagged, "same_as_drawn": self.same_as_drawn,
                "settled": self.settled, **({"times": self.times} if self.times else {})}


@dataclass
class CardAnalysis:
    """Card facts of a run, compared."""

    games: int = 0  # games with card facts
    player_games: int = 0
    usage: dict[str, dict[str, list[int]]] = field(default_factory=dict)  # card -> fate ->
    # [times in all, player-games with it at least once]
    effects: list[CardEffect] = field(default_factory=list)
    tests: int = 0
    # Holm's correction over more tests than this run's (a sweep's cells): how many, and over
    # what, in words ("the 6 cells of the sweep"); 0: this run's own tests
    family: int = 0
    scope: str = ""
    deck: list[str] | None = None  # every card the run's games could name, if the game says
    no_comparison: str = ""  # why there are no effects, in words
    no_facts: str = ""  # why no game has card facts, in words, when the caller knows
    # in every seat each listed player won all its games or lost all of them (a player who
    # always beats the other): no comparison can tell a card's holders from the others
    decided: bool = False
    # the games no player won: their end reasons -> how many (a deck that cannot end a game
    # draws them all at a round limit, and no card can then win more)
    draws: Counter[str] = field(default_factory=Counter)
    # card -> the player-games that could hold it: those of the seats whose deck it belongs
    # to, the seats that drew it (a card of one seat's deck, Word & Iron's `(deck0)`, only
    # that seat's, even when a ransom hands it to the other seat: `deck_seats`)
    could_hold: dict[str, int] = field(default_factory=dict)
    # how the texts say the `played` fate: the game's `card_play_verb` ("defeat" for kow)
    play_verb: str = "play"

    @property
    def all_drawn(self) -> bool:
        """Whether no game with card facts had a winner."""
        return bool(self.games) and sum(self.draws.values()) == self.games

    def said(self, measure: str) -> str:
        """A measure (or fate) as the texts say it: `played` in the game's own verb."""
        return measure_word(measure, self.play_verb)

    def played_caveat(self) -> str:
        """The caveat on an effect when played, in the game's verb; one that recommends the
        drawn measure only where the run has one (`played_caveat`)."""
        return played_caveat(self.play_verb, DRAWN in self.fates)

    def ranked(self, measure: str) -> list[CardEffect]:
        """The effects of one measure, the largest difference first."""
        return sorted((e for e in self.effects if e.measure == measure),
                      key=lambda e: (-e.difference, e.card))

    def flagged(self) -> list[CardEffect]:
        return sorted((e for e in self.effects if e.flagged),
                      key=lambda e: (e.p_adjusted, -abs(e.difference)))

    @property
    def fates(self) -> list[str]:
        seen = Counter(f for fates in self.usage.values() for f in fates)
        return [f for f in MEASURES if f in seen] + sorted(f for f in seen if f not in MEASURES)

    @property
    def first_fate(self) -> str:
        """The first fate the game reports: drawn, or played in a game whose cards are not
        drawn (kow's)."""
        return next((f for f in MEASURES if f in self.fates), DRAWN)

    def unused(self) -> tuple[str, list[str]]:
        """The cards of the deck that never met the first fate the game reports (drawn, or
        played in a game whose cards are not drawn, as kow's): (that fate, the cards); no
        cards when the game does not name its deck's cards."""
        fate = self.first_fate
        if self.deck is None:
            return fate, []
        return fate, sorted(c for c in set(self.deck) if fate not in self.usage.get(c, {}))

    def unused_verdict(self) -> str | None:
        """A line naming the cards never drawn (a dead card is news to a designer), if any;
        none under FEW games (the run's sample line says so: `analysis.sample_words`)."""
        fate, cards = self.unused()
        if not cards or self.games < FEW:
            return None
        # The card facts say what reached a player, not what each draw pile held: a card
        # the players' choices keep out of every pile (Word & Iron's royal that a player
        # always keeps) is never drawn too, and is no dead card.
        verb = "drew" if fate == DRAWN else self.said(fate)
        return (f"card outliers: never {self.said(fate)} in {games_text(self.games)}: "
                f"{', '.join(cards)} "
                f"({len(cards)} of {len(set(self.deck or ()))} cards in play; perhaps never "
                f"in a draw pile: the card facts record what the players {verb}, not what the "
                f"piles held, and the players' choices may keep a card out of them)")

    def share(self, card: str, fate: str) -> tuple[int, int]:
        """(player-games in which `card` met `fate` at least once, player-games that could
        hold it): a card of one seat's deck is a share of that seat's player-games only, for
        every fate, one met in another seat's hands too (`taken` in a ransom)."""
        k = self.usage.get(card, {}).get(fate, (0, 0))[1]
        return k, self.could_hold.get(card, self.player_games)

    def verdict(self) -> str:
        if not self.games:  # e.g. Viktory II with dice: its battles draw no cards
            return ("card outliers: no card facts in this run ("
                    + (self.no_facts or f"no game drew or {self.said(PLAYED)} a card, or the "
                       "run is older than card facts") + ")")
        if not self.effects:
            return f"card outliers: nothing to compare in {games_text(self.games)} " \
                   f"({self.no_comparison or no_split(self.play_verb)})"
        untestable = self.untestable_words()
        # Every card of the deck is named somewhere, where some card could be tested: ranked,
        # never drawn (`unused_verdict`), drawn in (nearly) every game, or in too few to rank.
        unranked = self.always_words() + self.unranked_words()
        if not self.tests and (self.settled() or self.all_drawn):
            # Not "too few games": more games of a matchup one player decides say no more,
            # nor more games that all end in draws, whatever the groups' sizes.
            return (f"card outliers: no card can be told apart in {games_text(self.games)}: "
                    + self.settled_reason() + untestable + unranked)
        if not self.tests and untestable:
            # Not "too few games": a card with MIN_GROUP player-games on each side is there,
            # but its strata leave too few (a 3-player cell: C16 drawn in 114 of 180).
            return (f"card outliers: no card tested in {games_text(self.games)}" + untestable
                    + unranked)
        if not self.tests:  # effects to show, but no comparison large enough to test
            return (f"card outliers: too few games to test any card ({games_text(self.games)}; a "
                    f"card is tested once at least {MIN_GROUP} player-games have it and "
                    f"{MIN_GROUP} do not): play more games")
        untestable += self.settled_words() + unranked
        flagged = self.flagged()
        family = self.family_words()
        # the cards compared with and without them; those judged by how often they were drawn
        # are counted with the cards drawn in every game (`always_words`)
        cards = len({e.card for e in self.effects if e.measure != OFTEN})
        tested = len({e.card for e in self.effects if e.tested and e.measure != OFTEN})
        if not flagged:
            # Only the cards tested can stand out: "none of 53" when one was tested claimed
            # a check of 52 cards that never happened.
            if not cards:
                return (f"card outliers: no card compared with and without it in "
                        f"{games_text(self.games)} ({family})" + untestable)
            if tested == cards:
                return (f"card outliers: none of {counted(cards, 'card')} stands out in "
                        f"{games_text(self.games)} ({family})" + self.sizing_words()
                        + untestable)
            return (f"card outliers: {tested} of {counted(cards, 'card')} tested; none "
                    f"stands out in {games_text(self.games)} ({family})" + self.sizing_words()
                    + untestable)
        caveat = (f"; of the cards flagged when {self.said(PLAYED)}: {self.played_caveat()}"
                  if any(e.measure == PLAYED for e in flagged) else "")
        return (f"card outliers: {len(flagged)} flagged ({family}): " + "; ".join(
            describe(e, self.play_verb, self.share(e.card, BASE.get(e.measure, e.measure)))
            for e in flagged)
            + caveat + self.sizing_words() + untestable)

    def untestable(self) -> list[CardEffect]:
        """The effects not tested although the card splits the player-games that could hold
        it widely enough (MIN_GROUP with it and without): too few of them share a stratum
        (seat, listed player, number of cards) with the other side. A card that shortens
        games (its holders draw fewer cards) is lost this way, and a designer must not read
        its silence as "not strong". The cards the strata lose most come first."""
        out = []
        for e in self.effects:
            if e.tested or e.same_as_drawn or e.settled:  # settled: another reason
                continue
            holders, could = self.share(e.card, e.measure)
            if min(holders, could - holders) >= MIN_GROUP:
                out.append(e)
        return sorted(out, key=lambda e: (e.with_n + e.without_n, e.card, e.measure))

    def untestable_words(self, shown: int = 5) -> str:
        """The verdict's words naming the cards that could not be tested, and why: cards,
        not card measures (a card untested both drawn and played is one card, named once
        with both)."""
        lost = _by_card(self.untestable())
        if not lost:
            return ""

        def one(measures: list[CardEffect]) -> str:
            return f"{measures[0].card} (" + "; ".join(
                f"{self.said(e.measure)} in "
                f"{' of '.join(map(str, self.share(e.card, e.measure)))} "
                f"player-games, {e.with_n + e.without_n} comparable" for e in measures) + ")"

        names = first_few([one(m) for m in lost], shown)
        # by measure too: a card tested when drawn may be untested when played, and "11 of
        # 59 cards tested; 59 cards ... could not be tested" read as a contradiction
        measures = Counter(e.measure for group in lost for e in group)
        per = ", ".join(f"{n} when {self.said(m)}" for m, n in sorted(measures.items()))
        return (f"; {counted(len(lost), 'card')} ({per}) held in at least {MIN_GROUP} player-games "
                f"and missing from {MIN_GROUP} could not be tested, too few player-games per "
                f"stratum (the same seat, listed player and number of cards) with and without "
                f"{'it' if len(lost) == 1 else 'each'}, so nothing is said of "
                f"{'it' if len(lost) == 1 else 'them'}: {names}")

    def settled(self) -> list[CardEffect]:
        """The effects not tested because every group compared was all wins or all losses,
        though they have MIN_GROUP player-games on each side: compared, or of those that
        could hold the card (as `untestable` counts them). Where the groups compared are
        small too, leaving these out said "too few games" of a card drawn in 21 of 80
        player-games, against the very threshold the verdict named, when the truth was a
        player who won 19 of 20 games."""
        out = []
        for e in self.effects:
            if not e.settled or e.same_as_drawn:
                continue
            holders, could = self.share(e.card, e.measure)
            widely = min(holders, could - holders) >= MIN_GROUP
            if widely or min(e.with_n, e.without_n) >= MIN_GROUP:
                out.append(e)
        return out

    def settled_reason(self) -> str:
        """Why the settled effects say nothing, in words; a matchup one player decides is
        named as such, since its remedy is closer players, not more games; so is a run of
        draws, which said "one player decides" when no player won a game."""
        groups = SETTLED
        if self.all_drawn:
            why = ", ".join(reason for reason, _ in self.draws.most_common() if reason)
            return (f"every game was drawn{f' ({why})' if why else ''}, so no card's holders "
                    "can be told to win more than the others: cards are compared by wins, and "
                    "no player won; more games that end so will not change that")
        if not self.decided:  # small groups are often all wins or all losses
            return f"{groups}; more games may help where the groups are small"
        return ("one player decides every game of this matchup (in each seat, each listed "
                f"player won all its games or lost all of them): {groups}; more games of it "
                "will not change that, players closer in strength would")

    def settled_words(self, shown: int = 5) -> str:
        """The verdict's words naming the cards the settled comparisons leave untested."""
        lost = sorted({e.card for e in self.settled()})
        if not lost:
            return ""
        return (f"; {counted(len(lost), 'card')} with at least {MIN_GROUP} player-games on "
                f"each side could not be tested: {self.settled_reason()}: "
                f"{first_few(lost, shown)}")

    def always(self) -> list[str]:
        """The cards that met the first fate (`first_fate`) in at least MIN_GROUP of the
        player-games that could hold them and are missing from fewer: no comparison with and
        without them can be tested (Word & Iron's chance cards, drawn in every game), and
        none of theirs was (a resource always dealt but used in some games is ranked when
        used). When drawn, the OFTEN measure judges them instead."""
        tested = {e.card for e in self.effects if e.tested and e.measure != OFTEN}
        out = []
        for card in sorted(self.usage):
            held, could = self.share(card, self.first_fate)
            if card not in tested and held >= MIN_GROUP and could - held < MIN_GROUP:
                out.append(card)
        return out

    def always_words(self, shown: int = 5) -> str:
        """The verdict's words naming the cards held in (nearly) every player-game and what
        the OFTEN measure says of them: without them, the ranked cards and the cards never
        drawn left them unaccounted for."""
        cards = self.always()
        if not cards:
            return ""
        one = len(cards) == 1
        them = "it" if one else "them"
        words = (f"; {counted(len(cards), 'card')} {self.said(self.first_fate)} in (nearly) "
                 f"every player-game that could hold {them} (missing from fewer than "
                 f"{MIN_GROUP}) cannot be compared with and without {them}: "
                 f"{first_few(cards, shown)}")
        if self.first_fate != DRAWN:  # no draws to count (kow's cards are only defeated)
            return words
        tested = [e for e in self.effects if e.measure == OFTEN and e.tested]
        flagged = sum(e.flagged for e in tested)
        return (words + f"; {'it is' if one else 'each is'} compared instead by how many "
                "times it was drawn (at least as many times as splits the player-games most "
                "evenly, against fewer: the shuffle decides it), within the same strata: "
                f"{len(tested)} of {len(cards)} tested so, "
                + (f"{flagged} flagged above" if flagged else "none stands out")
                + ("" if len(tested) == len(cards) else
                   f", the rest with fewer than {MIN_GROUP} comparable player-games on a side "
                   "or drawn as many times by every player"))

    def unranked_words(self, shown: int = 5) -> str:
        """The verdict's words naming the cards that met the first fate but are in no
        ranking and not held in every player-game: each stratum (seat, listed player, number
        of cards) that held them held them in all its player-games or in none."""
        ranked = {e.card for e in self.effects if e.measure != OFTEN}
        always = set(self.always())
        lost = [card for card in sorted(self.usage) if card not in ranked | always
                and self.share(card, self.first_fate)[0]]
        if not lost:
            return ""
        them = "it" if len(lost) == 1 else "them"
        return (f"; {counted(len(lost), 'card')} in no ranking, too few games to compare "
                f"{them}: every group of the same seat, listed player and number of cards "
                f"held {them} in all its player-games or in none: {first_few(lost, shown)}")

    def family_words(self) -> str:
        """What the flags' correction covers, and what it promises, in words."""
        # The promise holds for the cards themselves only where no player chooses when they
        # count: the unmodified Viktory deck got 13 flags, most when played, from the
        # situations its cards are played in.
        cards = ("cards that make no difference to the games they are drawn in"
                 if self.first_fate == DRAWN else "cards that make no difference")
        chance = f"have at most a {100 * SIGNIFICANCE:.0f} % chance of any flag"
        if any(e.tested and e.measure == PLAYED for e in self.effects):
            chance += (f"; a flag when {self.said(PLAYED)} may also come from when players "
                       f"choose to {self.play_verb} the card, not from its strength")
        if not self.family:
            return (f"{CORRECTION}'s correction for {counted(self.tests, 'test')}, so that "
                    f"{cards} {chance}")
        return (f"{CORRECTION}'s correction for all {counted(self.family, 'test')} of "
                f"{self.scope}, so that over {self.scope}, {cards} {chance}")

    def unseen_below(self) -> float | None:
        """The difference in win rate these games cannot tell from 0: the median half-width of
        the tested cards' 95 % intervals; None when no card was tested. "None of 40 cards
        stands out" at 300 games of Battle, with intervals of about ±10 points, read as
        "balanced"."""
        halves = [(e.ci[1] - e.ci[0]) / 2 for e in self.effects if e.tested]
        return median(halves) if halves else None

    def sizing_words(self) -> str:
        """The verdict's words sizing what its flags (or their absence) can say, and why an
        interval that leaves out 0 may be unflagged; empty when no card was tested."""
        unseen = self.unseen_below()
        if unseen is None:
            return ""
        return (f"; each 95 % interval is its card's own, uncorrected, so one that leaves out 0 "
                f"may go unflagged after {CORRECTION}'s correction; with these games a "
                f"difference under about ±{100 * unseen:.1f} points cannot be told from 0 (the "
                f"median half-width of the tested cards' intervals)")

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "player_games": self.player_games,
                "correction": CORRECTION, "alpha": SIGNIFICANCE, "tests": self.tests,
                "correction_tests": self.family or self.tests,
                "correction_over": self.scope or "this run",
                "deck": self.deck, "never": dict(zip(("fate", "cards"), self.unused())),
                "min_group": MIN_GROUP,
                "usage": {card: {fate: {"count": n, "player_games": k,
                                        "of_player_games": self.share(card, fate)[1]}
                                 for fate, (n, k) in fates.items()}
                          for card, fates in sorted(self.usage.items())},
                "untestable": [[e.card, e.measure] for e in self.untestable()],
                "always": self.always(), "unseen_below": self.unseen_below(),
                "effects": [e.to_json() for e in self.effects],
                "verdict": self.verdict()}


# Why a settled card is not tested, in the verdicts' and the reports' words.
SETTLED = ("every group of player-games compared (the same seat, listed player and number of "
           "cards) was all wins or all losses, so a card's holders cannot be told from the "
           "others")


def no_split(play_verb: str = "play") -> str:
    """Why nothing is compared when no card splits the player-games, in words: the `played`
    fate in the game's verb (`Game.card_play_verb`)."""
    return (f"no card was drawn or {measure_word(PLAYED, play_verb)} by some players and not "
            "by others")


def _by_card(effects: list[CardEffect]) -> list[list[CardEffect]]:
    """`effects` grouped by card, each card where its first effect was."""
    groups: dict[str, list[CardEffect]] = {}
    for e in effects:
        groups.setdefault(e.card, []).append(e)
    return list(groups.values())


def reports_card_facts(game: Game) -> bool:
    """Whether `game` gives card facts at all: it implements `Game.card_events`. One that
    does not never has any, whatever its options or number of games."""
    return type(game).card_events is not Game.card_events


def no_card_facts(game: Game) -> str:
    """Why a run of `game` has no card facts, when the game gives none, in words naming the
    games that do (the registry's, imported only for these words)."""
    from ..games import REGISTRY

    others = ", ".join(name for name, g in REGISTRY.items() if reports_card_facts(g))
    return f"{game.name} does not report card facts (the games that do: {others})"


def no_facts_words(game: Game, config: Any) -> str:
    """Why a run of `game` (which reports card facts) with `config` has none, in words: the
    options of `config` with another declared value that deals cards (Viktory's mode=dice,
    whose battles draw none; mode=cards or mode=hybrid), as the `--set` that may deal some.
    A game that names its deck's cards (`card_names`) says which: a value deals cards when
    the config with it has a deck; another game, a value that names cards."""
    import dataclasses
    import typing

    hints = typing.get_type_hints(type(config))
    options = {f.name: [v for v in typing.get_args(hints[f.name])
                        if isinstance(v, str) and v != getattr(config, f.name)
                        and _deals_cards(game, config, f.name, v)]
               for f in dataclasses.fields(config)
               if typing.get_origin(hints[f.name]) is typing.Literal}
    options = {name: values for name, values in options.items() if values}
    if not options:
        return ("no game drew or played a card with this run's options, or the run is older "
                "than card facts")
    now = ", ".join(f"{name}={getattr(config, name)}" for name in options)
    tries = " or ".join(f"--set {name}={v}" for name, values in options.items() for v in values)
    return (f"no game drew or played a card: this run has {now}; {game.name} deals cards "
            f"with other options, e.g. {tries}")


def _deals_cards(game: Game, config: Any, option: str, value: str) -> bool:
    """Whether `config` with `option` set to `value` may deal cards: it has a deck of named
    cards, where the game names them (Viktory's mode=hybrid does, with dice battles: no
    "card" in its name); else the value names cards (mode=cards)."""
    if type(game).card_names is Game.card_names:
        return "card" in value  # the game names no deck
    if game.card_names(config):
        return False  # this config deals cards already: no other value is why none came
    from ..engine import WarroomError, config_to_json

    try:
        return bool(game.card_names(game.config({**config_to_json(config), option: value})))
    except WarroomError:  # not a config the game takes with the others as they are
        return False


def correct_together(analyses: list[CardAnalysis], scope: str) -> None:
    """Holm's correction over the card tests of several runs at once (a sweep's cells, in
    words `scope`), in place of each run's own: a report that flags a card in any of them
    then keeps its promise of at most a 5 % chance of any flag over all of them."""
    tested = [e for a in analyses for e in a.effects if e.tested]
    for e, p in zip(tested, holm([e.p for e in tested]), strict=True):
        e.p_adjusted = p
    for a in analyses:
        a.family, a.scope = len(tested), scope


def verb_forms(verb: str) -> tuple[str, str, str]:
    """The forms the texts need of `verb`, the base form of a regular English verb (a
    game's `card_play_verb`): (he plays, played, playing); "defeat": defeats, defeated,
    defeating. Regular verbs only: a final e ("use": uses, used, using) and a y after a
    consonant ("carry": carries, carried) are spelt right, but no irregular verb ("draw":
    drawn) nor a doubled consonant ("stop": stopped)."""
    if verb.endswith("e"):
        return verb + "s", verb + "d", verb[:-1] + "ing"
    if verb.endswith("y") and verb[-2:-1] not in tuple("aeiou"):
        return verb[:-1] + "ies", verb[:-1] + "ied", verb + "ing"
    return verb + "s", verb + "ed", verb + "ing"


def measure_word(measure: str, play_verb: str = "play") -> str:
    """A measure (or fate) as the texts say it: `played` as the past participle of the game's
    `play_verb` (kow's "defeated"), OFTEN as "drawn more often"; any other as it is named."""
    if measure == OFTEN:
        return "drawn more often"
    return verb_forms(play_verb)[1] if measure == PLAYED else measure


def played_caveat(play_verb: str = "play", drawn: bool = True) -> str:
    """Why a card's effect when played is not the card's alone, in the game's `play_verb`
    (said wherever a flag or a table rests on it): in Champions a player who drew a 3 and
    never played it won every such game, since a player who is winning need not play a low
    card. With `drawn` (the run has cards drawn), the effect when drawn is named as the
    fairer measure; without (kow, whose cards are dealt to the table for both players), no
    measure free of the players' choices exists, and the words say so."""
    plays, played, playing = verb_forms(play_verb)
    choice = (f"{playing} a card is a player's choice that follows how the game goes"
              + (f" (a player who is winning need not {play_verb} a low card)" if drawn else "")
              + f", so an effect when {played} mixes the card with the situations it is "
              f"{played} in")
    if drawn:
        return (choice + "; the effect when drawn, which no player chooses, is the fairer "
                "measure of the card")
    return (choice + "; the game deals no card to a player (none is drawn), so no measure of "
            "the card free of the players' choices exists")


# The caveat in the default words ("play"), with the drawn measure recommended.
PLAYED_CAVEAT = played_caveat()


def adjusted_for(measure: str, play_verb: str = "play") -> str:
    """What the win rates with and without a card are adjusted for, in words: they are
    averages over the strata, not the raw rates of holders and non-holders."""
    return f"adjusted for seat, listed player and number of cards " \
           f"{measure_word(BASE.get(measure, measure), play_verb)}"


def describe(e: CardEffect, play_verb: str = "play",
             share: tuple[int, int] | None = None) -> str:
    """A flagged card in plain words, `played` in the game's `play_verb`. `share`: the
    player-games that met the card's measure and those that could (`CardAnalysis.share`),
    said before the comparable ones, as the untested cards' words say them ("drawn in 184
    of 300 player-games, 150 comparable, 73 of them drew it": "73 of 150 player-games" read
    as the card's usage)."""
    strong = "strong" if e.difference > 0 else "weak"
    verb = "draws it" if e.measure != PLAYED else f"{verb_forms(play_verb)[0]} it"
    did = "drew it" if e.measure != PLAYED else f"{verb_forms(play_verb)[1]} it"
    otherwise = "otherwise"
    if e.measure == OFTEN:  # held in every game: its holders drawing it more often, or not
        verb, did = (f"{v} {e.times} times or more" for v in (verb, did))
        otherwise = "drawing it fewer times"
    comparable = e.with_n + e.without_n
    counts = (f"{comparable} comparable player-games" if share is None else
              f"{measure_word(BASE.get(e.measure, e.measure), play_verb)} in {share[0]} of "
              f"{share[1]} player-games, {comparable} comparable")
    return (f"{e.card} stands out as {strong}: a player who {verb} wins "
            f"{100 * e.rate_with:.1f} % against {100 * e.rate_without:.1f} % {otherwise}, "
            f"{adjusted_for(e.measure, play_verb)} ({signed_points(e.difference)}, 95 % CI "
            f"{signed_points(e.ci[0])} to {signed_points(e.ci[1])}; {counts}, "
            f"{e.with_n} of them {did}; adjusted {p_text(e.p_adjusted)})")


# The column of `CardEffect.with_n` and `without_n`, and what they count: beside the usage
# table's "11 (18.3 %)" of a card, a bare "with / without" of "2 / 2" read as its usage.
COMPARED = "player-games compared, with / without"
COMPARED_WORDS = ("player-games compared: those of the groups (the same seat, listed player and "
                  "number of cards) that hold some with the card and some without; a group all "
                  "with it or all without is left out, so they may be fewer than its usage "
                  "counts")


# The column of `difference_text`, in the units the report's plot names on its axis:
# "+6.9 (-37.7 to +46.4)" under "difference (95 % CI)" did not say percentage points.
DIFFERENCE_CI = "difference, percentage points (95 % CI)"


def difference_text(e: CardEffect) -> str:
    """A card's difference with its interval; "—" for a settled card, whose "+0.0 (-100.0 to
    +100.0)" would read as a measured zero."""
    if e.settled:
        return "—"
    return f"{signed(100 * e.difference)} ({signed(100 * e.ci[0])} to {signed(100 * e.ci[1])})"


def rate_texts(e: CardEffect, unit: str = " %") -> tuple[str, str]:
    """A card's win rates with and without it; "—" for a settled card: its rates are those of
    the groups it was compared in, each all wins or all losses, alike with and without it (0 %
    in each, when only a losing player's groups compare), and say nothing of the card."""
    if e.settled:
        return "—", "—"
    return f"{100 * e.rate_with:.1f}{unit}", f"{100 * e.rate_without:.1f}{unit}"


def extremes(effects: list[CardEffect], rows: int) -> list[CardEffect]:
    """The first and last of `effects` (ranked), `rows` in all: the highest and lowest (the
    highest one more for an odd number); all of them when they fit."""
    if len(effects) <= rows:
        return effects
    return effects[:rows - rows // 2] + effects[len(effects) - rows // 2:]


def shown_effects(ranked: list[CardEffect],
                  rows: int) -> tuple[list[CardEffect], list[CardEffect]]:
    """What a table or a plot of at most `rows` rows shows of a ranking: (the highest and
    lowest of the tested cards; then, where there is room, the highest and lowest of the
    untested ones), each part ranked as `ranked` is. An untested card's estimate rests on a
    few player-games on a side and would head a ranking shared with the tested cards by
    chance (+49.0 with 11 player-games without it), so it is shown apart, after them."""
    tested = [e for e in ranked if e.tested]
    rest = [e for e in ranked if not e.tested]
    first = extremes(tested, rows)
    return first, extremes(rest, rows - len(first))


def signed_points(x: float) -> str:
    return f"{signed(100 * x)} points"


# --- collecting ---------------------------------------------------------------------------


class CardCollector:
    """Gathers the card facts of a run's games, one game at a time (part of the report's
    single pass over the games): per player-game its game, (seat, player) stratum, win and
    cards drawn and played in all; per card and measure, the player-games with it. `deck`:
    every card the games could name, if known (so that cards never drawn are listed);
    `play_verb`: how the texts say the `played` fate (the game's `card_play_verb`);
    `every_seat`: every seat draws from the same cards (one deck for all), so that every card
    could reach every player-game, whichever seats happened to draw it (`deck_seats`)."""

    def __init__(self, deck: Iterable[str] | None = None, play_verb: str = "play",
                 every_seat: bool = False) -> None:
        self.deck = None if deck is None else list(deck)
        self.play_verb = play_verb
        self.every_seat = every_seat
        self.game_of = array("i")
        self.stratum_of = array("i")
        self.won = array("b")
        self.totals = {m: array("i") for m in MEASURES}
        self.strata: dict[tuple[int, int], int] = {}
        self.rows: dict[tuple[str, str], array] = {}  # -> the player-games with it
        self.drawn_times: dict[str, array] = {}  # card -> its draws in each of those (`rows`)
        self.usage: dict[str, dict[str, list[int]]] = {}
        # card -> fate -> the seats in which the card met it
        self.seats_of: dict[str, dict[str, set[int]]] = {}
        self.seat_games: Counter[int] = Counter()  # seat -> its player-games
        self.draws: Counter[str] = Counter()  # `CardAnalysis.draws`
        self.games = 0

    def add(self, game: dict[str, Any]) -> None:
        cards = game.get("cards")
        if cards is None:
            return
        g = self.games
        self.games += 1
        winners = game["winner_seats"]
        if not winners:
            self.draws[game.get("reason", "")] += 1
        for seat, facts in enumerate(cards):
            row = len(self.won)
            self.game_of.append(g)
            key = (seat, game["seating"][seat])
            self.stratum_of.append(self.strata.setdefault(key, len(self.strata)))
            self.won.append(seat in winners)
            self.seat_games[seat] += 1
            for measure in MEASURES:
                self.totals[measure].append(sum(facts.get(measure, {}).values()))
            for fate, counts in facts.items():
                for card, n in counts.items():
                    self.seats_of.setdefault(card, {}).setdefault(fate, set()).add(seat)
                    tally = self.usage.setdefault(card, {}).setdefault(fate, [0, 0])
                    tally[0] += n
                    tally[1] += 1
                    if fate in MEASURES:
                        self.rows.setdefault((card, fate), array("i")).append(row)
                    if fate == DRAWN:
                        self.drawn_times.setdefault(card, array("i")).append(n)

    def analyse(self) -> CardAnalysis:
        return compare(self)


def deck_seats(seats: dict[str, set[int]]) -> set[int]:
    """The seats whose deck a card belongs to, from the seats in which it met each fate: those
    that drew it, or played it in a game whose cards are not drawn (kow's); not a seat that
    only took it from another in a ransom (Word & Iron's `taken`), or used it once taken:
    counting that seat's player-games made every share of the card, drawn too, a share of
    all the player-games. A card that met neither: every seat it met a fate in. A guess, right
    for decks of the seats' own only: from one deck for all, a card that only some seats drew
    by chance is every seat's (`CardCollector.every_seat`)."""
    for fate in MEASURES:
        if seats.get(fate):
            return seats[fate]
    return set().union(*seats.values())


def collect(games: Iterable[dict[str, Any]], deck: Iterable[str] | None = None,
            play_verb: str = "play", every_seat: bool = False) -> CardAnalysis:
    collector = CardCollector(deck, play_verb, every_seat)
    for g in games:
        collector.add(g)
    return collector.analyse()


# --- comparing ----------------------------------------------------------------------------


def compare(c: CardCollector) -> CardAnalysis:
    import numpy as np  # here, not at the top: a batch that only stores facts never needs it

    # none listed: `share` counts every player-game for each card
    could_hold = {} if c.every_seat else {card: sum(c.seat_games[s] for s in deck_seats(seats))
                                          for card, seats in c.seats_of.items()}
    a = CardAnalysis(games=c.games, player_games=len(c.won), usage=c.usage, deck=c.deck,
                     play_verb=c.play_verb, could_hold=could_hold, draws=c.draws)
    if not c.games:
        return a
    game_of = np.frombuffer(c.game_of, dtype=np.int32)
    base = np.frombuffer(c.stratum_of, dtype=np.int32).astype(np.int64)
    won = np.frombuffer(c.won, dtype=np.int8).astype(float)
    a.decided = _decided(base, won)
    data: dict[str, _Data] = {}
    for measure in MEASURES:  # strata: (seat, player, cards drawn / played in all)
        # Exact numbers, not bands of them: within a band of numbers, where games of
        # different lengths end differently (a truce after a fixed round, say), a card that
        # does nothing can still look strong; exact numbers cost comparisons, not truth.
        totals = np.frombuffer(c.totals[measure], dtype=np.int32).astype(np.int64)
        _, stratum = np.unique(base * (int(totals.max()) + 1) + totals, return_inverse=True)
        stratum = stratum.reshape(-1)
        data[measure] = _Data(game_of, stratum, won, c.games, int(stratum.max()) + 1)
    drawn_of: dict[str, tuple[np.ndarray, CardEffect | None]] = {}
    for (card, measure), rows in sorted(c.rows.items()):  # a card's `drawn` before `played`
        chosen = np.zeros(len(c.won), dtype=bool)
        chosen[np.frombuffer(rows, dtype=np.int32)] = True
        if measure == PLAYED and card in drawn_of and _same_question(drawn_of[card][0], chosen):
            # Played where drawn, or all but nearly: one question, answered once. Its own
            # strata (cards played in all) may differ from drawn's (Word & Iron's strategies
            # are drawn, not all played) and would give a second answer, and a second test to
            # correct for; and a resource used 4 times raises the number played itself, so
            # within those strata its holders meet players who played as much without it.
            effect = drawn_of[card][1]
            if effect is not None:
                a.effects.append(replace(effect, measure=PLAYED, tested=False, p_adjusted=1.0,
                                         same_as_drawn=True))
            continue
        effect = data[measure].effect(card, measure, chosen)
        if measure == DRAWN:
            drawn_of[card] = (chosen, effect)
        if effect is not None:
            a.effects.append(effect)
    if a.first_fate == DRAWN:
        for card in a.always():
            rows = np.frombuffer(c.rows[card, DRAWN], dtype=np.int32)
            times = np.zeros(len(c.won), dtype=np.int64)
            times[rows] = np.frombuffer(c.drawn_times[card], dtype=np.int32)
            least = _often_split(times[rows])
            effect = None if least is None else data[DRAWN].effect(card, OFTEN, times >= least)
            if effect is not None:
                a.effects.append(replace(effect, times=least))
    if not a.effects:
        a.no_comparison = _why_no_comparison(c, data)
    tested = [e for e in a.effects if e.tested]
    a.tests = len(tested)
    for e, p in zip(tested, holm([e.p for e in tested]), strict=True):
        e.p_adjusted = p
    return a


def _decided(stratum: np.ndarray, won: np.ndarray) -> bool:
    """Whether each (seat, listed player) stratum won all its player-games or none, and some
    won: where no player won (every game drawn), no player decided the games."""
    import numpy as np

    wins = np.bincount(stratum, weights=won)
    return bool(wins.any() and np.all((wins == 0) | (wins == np.bincount(stratum))))


def _often_split(times: np.ndarray) -> int | None:
    """The number of draws (2 or more) that splits the player-games that drew a card most
    evenly into those that drew it at least so often and those that drew it fewer times; the
    least such number where several split alike. None when every one drew it as often. The
    split looks at the counts only, never at the wins, so it biases no test."""
    import numpy as np

    counts = np.bincount(times)
    at_least = np.cumsum(counts[::-1])[::-1]  # at_least[k]: player-games with k or more
    best = max(range(2, len(counts)), default=None,
               key=lambda k: (min(at_least[k], len(times) - at_least[k]), -k))
    if best is None or at_least[best] in (0, len(times)):
        return None
    return best


def _same_question(drawn: np.ndarray, played: np.ndarray) -> bool:
    """Whether `played` splits the player-games as `drawn` does, or all but nearly: they
    differ in at most NEARLY_SAME of the player-games in either (a ransom or two), too few
    to ask what playing the card adds to drawing it."""
    import numpy as np

    differ = int(np.count_nonzero(drawn != played))
    return differ <= NEARLY_SAME * int(np.count_nonzero(drawn | played))


def _why_no_comparison(c: CardCollector, data: dict[str, _Data]) -> str:
    """Why no card could be compared: no card split the player-games, or none split them
    within a stratum, or every stratum holds one player-game (one game: each seat is alone
    in its seat, player and number of cards)."""
    import numpy as np

    split = {m for (_, m), rows in c.rows.items() if len(rows) < len(c.won)}
    if not split:
        return no_split(c.play_verb)
    if all(np.bincount(data[m].stratum).max() <= 1 for m in split):
        return ("a card is compared among players of the same seat, listed player and number "
                "of cards, and each such group holds a single player-game")
    return f"{no_split(c.play_verb)} of the same seat, listed player and number of cards"


@dataclass
class _Data:
    game: np.ndarray  # per player-game: its game (0 .. games-1)
    stratum: np.ndarray  # its (seat, listed player) stratum
    won: np.ndarray  # 1.0 for a win
    games: int
    strata: int

    def effect(self, card: str, measure: str, chosen: np.ndarray) -> CardEffect | None:
        """The stratified difference in win rate between player-games where `chosen` holds
        and those (of the same strata) where it does not, with its interval and p-value."""
        import numpy as np
        s, won = self.stratum, self.won
        n = np.bincount(s, minlength=self.strata).astype(float)
        n1 = np.bincount(s, weights=chosen, minlength=self.strata)
        n0 = n - n1
        x1 = np.bincount(s, weights=won * chosen, minlength=self.strata)
        x0 = np.bincount(s, weights=won, minlength=self.strata) - x1
        weight = np.divide(n1 * n0, n, out=np.zeros_like(n), where=n > 0)
        total = weight.sum()
        live = weight > 0
        if total <= 0:
            return None  # in every player-game of its seats, or in none: no comparison
        with_n, without_n = int(n1[live].sum()), int(n0[live].sum())
        omega = weight / total
        p1s = np.divide(x1, n1, out=np.zeros_like(n), where=n1 > 0)
        p0s = np.divide(x0, n0, out=np.zeros_like(n), where=n0 > 0)
        p1, p0 = float(omega @ p1s), float(omega @ p0s)
        d = p1 - p0
        # d is the slope of the least-squares fit of the win on the card with a constant per
        # stratum. Its test and interval take its variance as it would be if the true
        # difference were the one tested (a score test, as Wilson's interval is): the
        # variance at d itself shrinks when a card's d is far from 0 by chance (the fit
        # explains the wins it happened to get), which flagged fair cards too often in runs
        # of 60 to 100 games. Each game's share of the error is summed (the game is the
        # cluster: one seat's win is the other's loss).
        mean_won = np.divide(x1 + x0, n, out=np.zeros_like(n), where=n > 0)
        share = np.divide(n1, n, out=np.zeros_like(n), where=n > 0)
        coef1 = np.divide(omega, n1, out=np.zeros_like(n), where=n1 > 0)
        coef0 = np.divide(omega, n0, out=np.zeros_like(n), where=n0 > 0)
        # d is sum(a * won) over the player-games. The fit with a constant per stratum leaves
        # each residual short of the error it stands for by its leverage 1/n (n: its
        # stratum's size), so each is scaled by sqrt(n / (n - 1)) (CR2, Bell and McCaffrey):
        # strata of two or three player-games are common in a run of 100 games.
        a = np.where(chosen, coef1[s], -coef0[s]) * np.sqrt(
            np.divide(n, n - 1, out=np.zeros_like(n), where=n > 1))[s]
        error = won - mean_won[s]  # the residual if no card made a difference
        slope = chosen - share[s]  # how a difference x moves it: error - x * slope
        g_error = np.bincount(self.game, weights=a * error, minlength=self.games)
        g_slope = np.bincount(self.game, weights=a * slope, minlength=self.games)
        # The variance of d if the true difference were x: sum over games of
        # (g_error - x g_slope)², i.e. va - 2 vb x + vc x².
        va, vb, vc = float(g_error @ g_error), float(g_error @ g_slope), float(g_slope @ g_slope)
        e1, e0 = self._effective_sizes(p1, p0, with_n, without_n, a, error - d * slope, chosen)
        # Where every comparable group was all wins or all losses (a listed player that
        # always wins its seat), the games say nothing of the card: the interval would be
        # "+0.0 to +0.0", which reads as proof of no effect. It is every difference instead,
        # and not tested.
        informed = va > 0
        return CardEffect(
            card, measure, with_n, without_n, p1, wilson_interval(p1 * e1, e1), p0,
            wilson_interval(p0 * e0, e0), d,
            score_interval(d, va, vb, vc) if informed else (-1.0, 1.0), score_p(d, va, vc),
            tested=informed and min(with_n, without_n) >= MIN_GROUP, settled=not informed)

    def _effective_sizes(self, p1: float, p0: float, n1: int, n0: int, a: np.ndarray,
                         residual: np.ndarray, chosen: np.ndarray) -> tuple[float, float]:
        """The effective sample sizes of the two weighted win rates (for their own
        intervals): each rate's cluster-robust variance, from the residuals of the fit."""
        import numpy as np

        u = a * residual
        v1 = np.bincount(self.game, weights=np.where(chosen, u, 0.0), minlength=self.games)
        v0 = np.bincount(self.game, weights=np.where(chosen, 0.0, u), minlength=self.games)
        return _effective(p1, float(v1 @ v1), n1), _effective(p0, float(v0 @ v0), n0)


def clustered_rate(successes: Iterable[float], trials: Iterable[float]
                   ) -> tuple[float, tuple[float, float], float]:
    """A rate pooled over clusters (the battles of each game: `successes[g]` of `trials[g]`
    in cluster g), with a 95 % Wilson interval on its effective sample size (`_effective`,
    as the card win rates have), from the cluster-robust variance of the pooled rate with
    the cluster as the unit: trials of one cluster are not independent. Returns (rate,
    interval, effective trials). Fewer than two clusters with trials: the plain count."""
    pairs = [(float(x), float(n)) for x, n in zip(successes, trials, strict=True) if n > 0]
    total = sum(n for _, n in pairs)
    if not total:
        return 0.0, wilson_interval(0, 0), 0.0
    p = sum(x for x, _ in pairs) / total
    clusters = len(pairs)
    variance = 0.0
    if clusters > 1:
        variance = (clusters / (clusters - 1) * sum((x - p * n) ** 2 for x, n in pairs)
                    / total ** 2)
    e = _effective(p, variance, int(total)) if variance > 0 else total
    return p, wilson_interval(p * e, e), e


def _effective(p: float, variance: float, n: int) -> float:
    """The number of independent trials whose binomial variance of `p` equals its
    cluster-robust `variance`. It may exceed the player-games behind it: two seats of one game
    in the same group share its result (one wins, the other loses), which makes their average
    steadier than two independent games would. A rate of 0 or 1 (no variance to compare)
    keeps the plain count."""
    if variance <= 0 or p <= 0 or p >= 1:
        return float(n)
    return p * (1 - p) / variance
