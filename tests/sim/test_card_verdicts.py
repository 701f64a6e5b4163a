"""Card verdicts say what was tested, of what, and in which terms: the cards tested of those
compared, the cards the strata left untested, the played measure tested once when it is the
drawn one, fate shares of the player-games that could hold a card, adjusted win rates named
as such, and plain numbers (no "-0.0", no "1 tests"). Synthetic card facts: seconds."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from warroom.cli import main
from warroom.engine import DRAWN, PLAYED, CardFacts
from warroom.sim.analysis import analyse, analyse_games
from warroom.sim.cards import CardEffect, collect, describe
from warroom.sim.report import (
    _card_tables,
    _effect_row,
    questions_section,
    render_html,
    render_markdown,
    run_document,
)
from warroom.sim.stats import signed
from warroom.sim.store import ResultStore


def _game(i: int, facts: CardFacts, winner: int, seating: list[int] | None = None) -> dict:
    return {"index": i, "seed": i, "seating": seating or [0, 1], "winner_seats": [winner],
            "scores_by_seat": [0, 0], "reason": "won", "length": 10, "first_player": None,
            "metrics": {}, "cards": facts.to_json()}


def one_card_tested(n: int = 60, seed: int = 1) -> list[dict]:
    """Each seat draws one card a game: A half the time, else one of ten rare cards. Only A
    has 20 player-games on each side; the rare ones are compared but not tested."""
    rng = random.Random(seed)
    games = []
    for i in range(n):
        facts = CardFacts(2)
        for seat in (0, 1):
            facts.add(seat, DRAWN, "A" if rng.random() < 0.5 else f"r{rng.randrange(10)}")
        games.append(_game(i, facts, rng.randrange(2)))
    return games


def test_the_verdict_counts_the_cards_tested_not_all_compared():
    """Defect 1: a battle run of 30 games said 'none of 53 cards stands out in 30 games
    (Holm's correction for 1 tests ...)' when 1 card was tested and 52 were not."""
    analysis = collect(one_card_tested())
    assert analysis.tests == 1 and len({e.card for e in analysis.effects}) == 11
    verdict = analysis.verdict()
    assert verdict.startswith("card outliers: 1 of 11 cards tested; none stands out in 60 "
                              "games (Holm's correction for 1 test, so that"), verdict
    assert "none of 11" not in verdict and "1 tests" not in verdict


def test_counts_and_signed_figures_read_as_numbers():
    """Defect 13: '1 tests', '(+ 1 figures)', and a bound printed '-0.0' ('-24.0 (-46.8 to
    -0.0)', which reads as excluding 0)."""
    assert signed(-0.0004) == "+0.0" and signed(-0.04) == "+0.0" and signed(-0.06) == "-0.1"
    e = CardEffect("K", DRAWN, 30, 30, 0.4, (0.3, 0.5), 0.64, (0.5, 0.7), -0.24,
                   (-0.468, -0.0000004), 0.05)
    assert _effect_row(e)[4] == "-24.0 (-46.8 to +0.0)"
    assert "95 % CI -46.8 points to +0.0 points" in describe(e)


def test_a_report_of_one_figure_says_figure(tmp_path, monkeypatch, capsys):
    """Defect 13: `warroom report` said '(+ 1 figures)'."""
    import warroom.sim.report as report

    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store:
        run = store.create_run("kow", "1", {}, ["a", "b"], 0, 60)
        store.add_games(run.id, one_card_tested())

    def one_figure(doc, out: Path, fmt: str) -> list[Path]:
        out.write_text("report")
        return [out, out.with_suffix(".svg")]

    monkeypatch.setattr(report, "write_document", one_figure)
    assert main(["report", str(db), "--out", str(tmp_path / "r.md")]) == 0
    assert capsys.readouterr().out.splitlines()[-1].endswith("r.md (+ 1 figure)")


def test_a_game_without_card_facts_says_so_and_simulate_cards_refuses_it(tmp_path, capsys):
    """Defect 3: `simulate viktory-ii --set mode=cards --cards` said 'no card facts in this
    run (no game drew or played a card, or the run is older than card facts)', but viktory-ii
    never reports card facts (the battle game viktory does)."""
    db = tmp_path / "v.sqlite"
    assert main(["simulate", "viktory-ii", "--games", "2", "--players", "random,random",
                 "--set", "mode=cards", "--cards", "--db", str(db)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "viktory-ii does not report card facts" in err, err
    assert "viktory" in err.split("the games that do:")[1]
    assert not db.exists()  # refused before any game
    with ResultStore(db) as store:
        run = store.create_run("viktory-ii", "1", {}, ["a", "b"], 0, 1)
        game = _game(0, CardFacts(2), 0)
        store.add_games(run.id, [{**game, "cards": None}])
        verdict = analyse(store, store.run(run.id)).card_verdict()
    assert verdict.startswith("card outliers: not measured; viktory-ii does not report card "
                              "facts (the games that do: "), verdict


def resources_played_as_drawn(n: int = 200, seed: int = 2) -> list[dict]:
    """Word & Iron-like: resources R0-R4 are played exactly when drawn; strategies S0-S4 are
    drawn and only sometimes played, so the numbers of cards drawn and played in all (the
    two measures' strata) differ."""
    rng = random.Random(seed)
    games = []
    for i in range(n):
        facts = CardFacts(2)
        for seat in (0, 1):
            for card in rng.sample([f"R{k}" for k in range(5)], 2):
                facts.add(seat, DRAWN, card)
                facts.add(seat, PLAYED, card)
            for card in rng.sample([f"S{k}" for k in range(5)], rng.randrange(1, 4)):
                facts.add(seat, DRAWN, card)
                if rng.random() < 0.5:
                    facts.add(seat, PLAYED, card)
        games.append(_game(i, facts, rng.randrange(2), [i % 2, 1 - i % 2]))
    return games


def test_played_exactly_where_drawn_is_one_question_tested_once():
    """Defect 4: in Word & Iron a resource played in exactly the player-games that drew it
    got a second 'played' test with other figures (its strata, cards played in all, differ
    from drawn's), inflating the Holm family and giving two answers to one question."""
    analysis = collect(resources_played_as_drawn())
    drawn = {e.card: e for e in analysis.ranked(DRAWN)}
    played = {e.card: e for e in analysis.ranked(PLAYED)}
    for card in (f"R{k}" for k in range(5)):
        p, d = played[card], drawn[card]
        assert p.same_as_drawn and not p.tested and d.tested
        assert (p.difference, p.ci, p.with_n, p.without_n) == \
            (d.difference, d.ci, d.with_n, d.without_n)
    assert analysis.tests == sum(e.tested for e in analysis.effects)
    assert analysis.tests == len(drawn) + sum(e.tested for e in played.values()
                                              if e.card.startswith("S"))


FILLERS = [f"x{k}" for k in range(80)]


def one_seat_strong_card(n: int = 100, seed: int = 3) -> list[dict]:
    """Seat 0's own deck holds P (as Word & Iron's `Pike Square (deck0)`), drawn in about 70 %
    of seat 0's player-games. P wins, and wins fast: its holder draws 3 to 6 cards, a player
    without it 6 to 9, so only the player-games with 6 cards compare holders with the others
    in strata of (seat, listed player, cards drawn). Q, of both seats' decks, does nothing."""
    rng = random.Random(seed)
    games = []
    for i in range(n):
        facts = CardFacts(2)
        held = rng.random() < 0.7
        for seat in (0, 1):
            size = rng.randrange(3, 7) if held or seat == 1 else rng.randrange(6, 10)
            hand = ["P"] if seat == 0 and held else []
            if rng.random() < 0.5:
                hand.append("Q")
            hand += rng.sample(FILLERS, size - len(hand))  # each rare: not tested
            facts.add_all(seat, DRAWN, hand)
        p_seat0 = 0.9 if held else 0.4
        games.append(_game(i, facts, 0 if rng.random() < p_seat0 else 1, [i % 2, 1 - i % 2]))
    return games


def test_a_card_the_strata_leave_untested_is_named_not_passed_as_ordinary():
    """Defect 5: a strong card of one seat's deck (Pike Square (deck0), which moved seat 0
    from 53 % to 88 % wins) was left with 15 of 100 player-games after the stratification
    by cards drawn, 'not tested', and the verdict said 'none stands out'."""
    analysis = collect(one_seat_strong_card())
    p = next(e for e in analysis.effects if e.card == "P")
    verdict = analysis.verdict()
    assert not p.tested and "none stands out" in verdict
    assert "could not be tested, too few player-games per stratum" in verdict, verdict
    assert verdict.endswith("so nothing is said of it: P (drawn in 74 of 100 player-games, "
                            "21 comparable)"), verdict
    assert [e.card for e in analysis.untestable()] == ["P"]
    assert analysis.to_json()["untestable"] == [["P", DRAWN]]


def test_a_sweep_summary_names_the_cells_with_cards_it_could_not_test(tmp_path):
    """Defect 5: a sweep whose strong card could not be tested said only 'flagged in 0 of 2
    cells'."""
    with ResultStore(tmp_path / "s.sqlite") as store:
        run = store.create_run("kow", "1", {}, ["a", "b"], 0, 100)
        info = store.run(run.id)
    strong = analyse_games(info, one_seat_strong_card())
    plain = analyse_games(info, one_card_tested(100))
    section = questions_section([("deck0=sample", plain), ("deck0=STRONG", strong)], "cell")
    line = section.verdicts[1]
    assert line.startswith("card outliers: flagged in 0 of 2 cells"), line
    assert "could not be tested (too few player-games per stratum) in 1 of 2 cells " \
           "(deck0=STRONG)" in line, line


def test_fate_shares_are_of_the_player_games_that_could_hold_the_card():
    """Defect 9: 'Pike Square (deck0) | 171 (35.5 %)' of the 200 player-games, when only
    seat 0's 100 could hold a deck0 card (true share 71 %)."""
    analysis = collect(one_seat_strong_card())
    held = analysis.usage["P"][DRAWN][1]
    shared = analysis.usage["Q"][DRAWN][1]
    usage = next(s for s in _card_tables(analysis) if s.key == "cards-usage")
    assert usage.table is not None
    rows = {row[0]: row for row in usage.table[1]}
    assert rows["P"][1] == f"{held} ({held:.1f} %)"  # of seat 0's 100 player-games
    assert rows["Q"][1] == f"{shared} ({100 * shared / 200:.1f} %)"  # of all 200
    assert "that could hold the card" in usage.note


def strong_card(n: int = 600, seed: int = 9) -> list[dict]:
    """Each seat draws 5 of 15 cards; the holder of C3 wins more."""
    rng = random.Random(seed)
    cards = [f"C{k}" for k in range(15)]
    games = []
    for i in range(n):
        facts = CardFacts(2)
        hands = [rng.sample(cards, 5) for _ in (0, 1)]
        for seat in (0, 1):
            facts.add_all(seat, DRAWN, hands[seat])
        p_seat0 = 0.5 + 0.3 * (("C3" in hands[0]) - ("C3" in hands[1]))
        games.append(_game(i, facts, 0 if rng.random() < p_seat0 else 1, [i % 2, 1 - i % 2]))
    return games


def test_adjusted_win_rates_are_labelled_as_adjusted(tmp_path):
    """Defect 10: 'C30 Reversal of Fortune ... wins 64.6 % against 52.8 % otherwise' read as
    raw win rates (63.5 % against 48.0 %), but they are adjusted (averages over the strata of
    seat, listed player and number of cards): the text and the reports' tables say so."""
    with ResultStore(tmp_path / "a.sqlite") as store:
        run = store.create_run("kow", "1", {}, ["a", "b"], 0, 600)
        info = store.run(run.id)
    a = analyse_games(info, strong_card())
    assert a.cards is not None and [e.card for e in a.cards.flagged()] == ["C3"]
    words = "adjusted for seat, listed player and number of cards drawn"
    assert f"% otherwise, {words} (" in a.card_verdict()
    doc = run_document(a)
    md = render_markdown(doc, tmp_path / "figures", "figures")
    page = render_html(doc)
    for text in (md, page):
        assert "win rate with (adjusted)" in text and "without (adjusted)" in text
        assert f"Win rates {words}" in text


def test_simulate_cards_labels_its_table_as_adjusted(tmp_path, capsys, monkeypatch):
    """Defect 10, `simulate --cards`: its table's columns 'win rate with' and 'without'."""
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["simulate", "kow", "--games", "10", "--players", "random,random",
                 "--db", str(tmp_path / "k.sqlite"), "--cards"]) == 0
    out = capsys.readouterr().out
    assert "win rate with (adjusted)" in out and "without (adjusted)" in out
    assert "win rates adjusted for seat, listed player and number of cards" in out


@pytest.mark.parametrize("done, words", [(1, "1 of 5 games of run 1 is kept"),
                                         (2, "2 of 5 games of run 1 are kept")])
def test_an_interrupted_simulate_counts_its_kept_games_in_good_grammar(
        tmp_path, monkeypatch, capsys, done, words):
    """Defect 13: Ctrl-C after one game said '1 of 2000 games ... are kept'."""
    import warroom.cli.simulate as simulate
    from warroom.sim.runs import execute

    def stopped(store, run, total, *args, **kwargs):
        execute(store, run, done, 1, "process", None)
        raise KeyboardInterrupt

    monkeypatch.setattr(simulate, "execute", stopped)
    assert main(["simulate", "kow", "--games", "5", "--players", "random,random",
                 "--db", str(tmp_path / "k.sqlite")]) != 0
    assert words in capsys.readouterr().err


def test_a_comparison_the_winners_settle_whatever_the_card_says_nothing_of_it():
    """A heuristic-against-random Word & Iron run showed Knights' Lance at "+0.0 (+0.0 to
    +0.0)", p = 1: the listed player won every game in each seat, with the card or without,
    so the games said nothing of it, but a zero-width interval read as proof that it does
    nothing. Such a comparison has every difference in its interval and is not tested."""
    rng = random.Random(3)
    games = []
    for i in range(80):
        facts = CardFacts(2)
        for seat in (0, 1):
            facts.add(seat, DRAWN, "Lance" if rng.random() < 0.5 else "Shield")
        # listed player 0 wins every game, in either seat
        games.append(_game(i, facts, winner=i % 2, seating=[0, 1] if i % 2 == 0 else [1, 0]))
    [lance] = [e for e in collect(games).effects if e.card == "Lance"]
    assert min(lance.with_n, lance.without_n) >= 20  # enough to test, had the games varied
    assert lance.ci == (-1.0, 1.0) and not lance.tested and lance.p == 1.0
    assert _effect_row(lance)[4] == "+0.0 (-100.0 to +100.0)"
