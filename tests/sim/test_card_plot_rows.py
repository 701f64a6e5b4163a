"""The report's card plot shows the cards as the terminal table of `simulate --cards` does: the
highest and lowest of the tested cards, then, apart and marked, the untested ones; both pick
their rows with one function (`cards.shown_effects`)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from warroom.cli.simulate import _card_rows
from warroom.engine import DRAWN, CardFacts
from warroom.sim.analysis import analyse_games
from warroom.sim.cards import collect, extremes, shown_effects
from warroom.sim.report import CARD_PLOT_ROWS, run_document
from warroom.sim.store import ResultStore


def _game(i: int, facts: CardFacts, winner: int) -> dict:
    return {"index": i, "seed": i, "seating": [i % 2, 1 - i % 2], "winner_seats": [winner],
            "scores_by_seat": [0, 0], "reason": "won", "length": 10, "first_player": None,
            "metrics": {}, "cards": facts.to_json()}


def rare_winners(n: int = 200, common: int = 10, rare: int = 1, seed: int = 5) -> list[dict]:
    """Each seat draws 3 of `common` cards C0.. (each drawn often enough to be tested); the
    rare cards R0.. are drawn each by the winner of 8 games only, in place of a common card:
    too few player-games to test, and the highest estimates of the run."""
    rng = random.Random(seed)
    commons = [f"C{k:02d}" for k in range(common)]
    games = []
    for i in range(n):
        facts = CardFacts(2)
        winner = rng.randrange(2)
        k = i // 8
        for seat in (0, 1):
            rare_one = k < rare and seat == winner
            facts.add_all(seat, DRAWN, rng.sample(commons, 2 if rare_one else 3))
            if rare_one:  # in place of a common card: as many cards drawn
                facts.add(seat, DRAWN, f"R{k}")
        games.append(_game(i, facts, winner))
    return games


def _plot(tmp_path, games: list[dict]) -> tuple[list[str], str]:
    """The card plot's text (its labels top down, then the rest) and the section's note."""
    with ResultStore(tmp_path / "r.sqlite") as store:
        run = store.create_run("kow", "1", {}, ["a", "b"], 0, len(games))
        a = analyse_games(store.run(run.id), games)
    (section,) = [s for s in run_document(a).sections if s.key == "cards"]
    root = ET.fromstring(section.plots[0].svg)
    texts = ["".join(t.itertext()).strip() for t in root.iter("{http://www.w3.org/2000/svg}text")]
    return texts, section.note


def test_the_card_plot_ranks_untested_cards_apart_as_the_table_does(tmp_path):
    """Defect: the report's card plot ranked the untested cards with the tested ones, so a
    card drawn by the winners of 8 games (+50 points on 8 player-games, not tested) headed
    it, while the terminal table of `simulate --cards` lists the tested cards first and the
    untested ones after them, marked. The plot now shows the tested cards, then a marked row
    and the untested ones in grey."""
    games = rare_winners()
    analysis = collect(games)
    ranked = analysis.ranked(DRAWN)
    assert ranked[0].card == "R0" and not ranked[0].tested and not ranked[0].settled
    assert all(e.tested for e in ranked[1:])
    texts, note = _plot(tmp_path, games)
    cards = [t for t in texts if t in {e.card for e in ranked}]
    tested = [e.card for e in ranked if e.tested]
    assert cards == [*tested, "R0"], cards  # the tested first, the untested after them
    assert "not tested (1):" in texts and "not tested" in texts  # the mark, the legend
    assert ("1 card not tested (fewer than 20 comparable player-games on a side) is ranked "
            "apart, below the tested ones, in grey") in note
    # the table of `simulate --cards`, given as many rows, has the same order
    rows, which = _card_rows(ranked, CARD_PLOT_ROWS)
    assert [e.card for e in rows] == [*tested, "R0"]
    assert which == "all 10 tested; all 1 not tested"


def test_a_long_card_plot_marks_what_it_leaves_out_of_each_part(tmp_path):
    """With 36 tested cards and 5 untested, the plot shows the 15 highest and lowest tested
    (a mark for the 6 left out) and, with no room left, a mark for the 5 untested ones."""
    games = rare_winners(n=400, common=36, rare=5, seed=6)
    ranked = collect(games).ranked(DRAWN)
    assert sum(e.tested for e in ranked) == 36 and len(ranked) == 41
    texts, note = _plot(tmp_path, games)
    assert "… 6 not shown …" in texts and "… 5 not tested, not shown …" in texts
    assert not any(t.startswith("R") for t in texts)
    assert note.endswith("The plot shows the 15 highest and lowest of 36 tested cards. 5 cards "
                         "not tested (fewer than 20 comparable player-games on a side) are "
                         "ranked apart, not shown: such an estimate would head the ranking "
                         "by chance."), note


def test_untested_cards_fill_the_room_the_tested_leave(tmp_path):
    """With 26 tested cards and 9 untested, 4 rows are left: the 2 highest and 2 lowest
    untested, under a mark naming the 9, and a mark for the 5 left out."""
    games = rare_winners(n=400, common=26, rare=9, seed=7)
    ranked = collect(games).ranked(DRAWN)
    assert sum(e.tested for e in ranked) == 26 and len(ranked) == 35
    texts, _ = _plot(tmp_path, games)
    untested = [e.card for e in ranked if not e.tested]
    shown = [t for t in texts if t.startswith("R")]
    assert shown == untested[:2] + untested[-2:]
    assert "not tested (9):" in texts and "… 5 not shown …" in texts


def test_the_table_and_the_plot_choose_their_rows_with_one_function():
    """Review: the highest-and-lowest choice was written twice (the terminal table's and the
    plot's); both now use `shown_effects`, and the table's choice is as it was."""
    ranked = collect(rare_winners(n=400, common=26, rare=9, seed=7)).ranked(DRAWN)
    for rows in (4, 10, CARD_PLOT_ROWS, 40):
        first, then = shown_effects(ranked, rows)
        assert _card_rows(ranked, rows)[0] == first + then
        tested = [e for e in ranked if e.tested]
        rest = [e for e in ranked if not e.tested]
        # the table's rule before the move: tested extremes, then untested in the room left
        old_first = tested if len(tested) <= rows else \
            tested[:rows - rows // 2] + tested[len(tested) - rows // 2:]
        room = rows - len(old_first)
        old_then = rest if len(rest) <= room else \
            rest[:room - room // 2] + rest[len(rest) - room // 2:]
        assert (first, then) == (old_first, old_then)
    assert extremes(list(range(7)), 3) == [0, 1, 6]  # the highest one more for an odd number
    assert extremes(list(range(3)), 5) == [0, 1, 2]
    assert extremes(list(range(3)), 0) == []
