"""Designer's audit: an unfinished sweep's report (cells holding different numbers of games,
or one cell alone with games), the direction of a significant first-player difference, the
caveat on cards' effects when played, and Word & Iron decks of the same contents under two
file names."""

from __future__ import annotations

import random
import re
import shutil
import sqlite3
from pathlib import Path

import pytest
from test_card_verdicts import played_by_the_winner

from warroom.cli import main
from warroom.engine import DRAWN, PLAYED, CardFacts
from warroom.sim.analysis import analyse_games
from warroom.sim.report import questions_section, render_markdown, run_document
from warroom.sim.store import ResultStore, RunInfo
from warroom.sim.sweep import correct_across_cells

GAMES = 12
# the words of the caveat on a card's effect when played (cards.PLAYED_CAVEAT)
PLAYED_CAVEAT = "playing a card is a player's choice that follows how the game goes"


@pytest.fixture(scope="module")
def battle_sweep(tmp_path_factory) -> Path:
    """A finished sweep of battle, two cells of 12 games, to cut down per test."""
    db = tmp_path_factory.mktemp("sweep") / "x.sqlite"
    assert main(["sweep", "battle", "--vary", "hand_size=5,7", "--games", str(GAMES),
                 "--players", "random,random", "--db", str(db), "--seed", "1",
                 "--out", str(db.with_suffix(".md"))]) == 0
    return db


def _cut(source: Path, where: Path, keep: list[int]) -> Path:
    """A copy of the sweep whose cell j keeps only its first keep[j] games (as a resume
    interrupted part way leaves them)."""
    db = where / "cut.sqlite"
    shutil.copy(source, db)
    with sqlite3.connect(db) as con:
        runs = [r for (r,) in con.execute("SELECT id FROM runs ORDER BY id")]
        for run, n in zip(runs, keep, strict=True):
            con.execute("DELETE FROM games WHERE run_id = ? AND idx >= ?", (run, n))
            con.execute("DELETE FROM cards WHERE run_id = ? AND idx >= ?", (run, n))
    return db


def _report(db: Path, capsys) -> str:
    capsys.readouterr()
    assert main(["report", str(db), "--format", "md", "--out",
                 str(db.with_name("r.md"))]) == 0
    return db.with_name("r.md").read_text()


def test_report_of_a_sweep_whose_cells_hold_different_numbers_of_games(battle_sweep, tmp_path,
                                                                     capsys):
    """Audit defect 1 (HIGH): the report of an interrupted sweep (cells of 128 and 20 games)
    crashed in sweep._first_test with an IndexError: it took the game indices of the first
    cell and looked them up in the shorter one. The cells did not play the same games, so
    every figure falls back to the tests of independent samples, as the README promises."""
    text = _report(_cut(battle_sweep, tmp_path, [GAMES, 5]), capsys)
    first = next(line for line in text.splitlines()
                 if line.startswith("first player win rate:"))
    assert "chi-square test (not paired by seed: the cells did not play the same games)" \
        in first
    for line in text.splitlines():
        if "differences across cells" in line:
            assert "; paired by seed:" not in line, line
    # the header says the sweep is unfinished, with what each cell holds
    assert (f"unfinished sweep: {GAMES} requested per cell, held hand_size=5: {GAMES}; "
            "hand_size=7: 5") in text
    assert f"{GAMES} per cell" not in text


def test_the_shorter_cell_first_is_no_crash_either(battle_sweep, tmp_path, capsys):
    """Audit defect 1 (HIGH), the other way round (a guard: this order did not crash, the
    shorter cell's indices all being in the longer): the first cell the shorter."""
    text = _report(_cut(battle_sweep, tmp_path, [4, GAMES]), capsys)
    assert "not paired by seed: the cells did not play the same games" in text


def test_a_sweep_with_one_cell_with_games_tests_nothing_across_cells(battle_sweep, tmp_path,
                                                                    capsys):
    """Audit defect 2: a sweep where only one cell has games ran the tests of 'differences
    across cells' (Cochran's Q p = 1.000, Friedman, '... in every cell') on that one cell,
    and its header said 'games: 12 per cell'. The comparison needs two cells with games: the
    verdicts say so, and the header says the sweep is unfinished."""
    text = _report(_cut(battle_sweep, tmp_path, [GAMES, 0]), capsys)
    across = [line for line in text.splitlines() if "differences across cells" in line]
    assert across
    for line in across:
        assert ("differences across cells not tested: the comparison needs two cells with "
                "games, and only one has any") in line, line
    lines = [line for line in text.splitlines() if "(hand_size=5)" in line or "across" in line]
    for words in ("Cochran", "Friedman", "McNemar", "Wilcoxon", "chi-square",
                  "Kruskal", "in every cell", "p = 1.000"):
        assert not any(words in line for line in lines), words
    assert "the only cell with games" in text
    assert (f"unfinished sweep: {GAMES} requested per cell, held hand_size=5: {GAMES}; "
            "1 cell not started") in text or \
        (f"unfinished sweep: {GAMES} requested per cell, held hand_size=5: {GAMES}; "
         "hand_size=7: 0") in text


def test_a_grid_of_one_cell_tests_nothing_across_cells(tmp_path, capsys):
    """Audit defect 2: a sweep of one cell (`--vary hand_size=5`) ran Cochran's Q and
    Friedman's test 'across' its one cell (p = 1.000)."""
    db = tmp_path / "one.sqlite"
    assert main(["sweep", "battle", "--vary", "hand_size=5", "--games", "6", "--players",
                 "random,random", "--db", str(db), "--seed", "2", "--out",
                 str(tmp_path / "one.md")]) == 0
    text = (tmp_path / "one.md").read_text()
    across = "\n".join(line for line in text.splitlines() if "across cells" in line)
    assert "Cochran" not in text and "Friedman" not in text and "p = 1.000" not in across
    assert "the comparison needs two cells with games" in text
    assert "6 per cell, batch seed 2" in text  # finished: no "unfinished"


def _first_games(n: int, first_wins: int, seats: int = 2) -> list[dict]:
    """n games, the first player (seat 0, each listed player in turn) winning the first
    `first_wins`."""
    games = []
    for i in range(n):
        seating = [(s + i) % seats for s in range(seats)]
        winner = 0 if i < first_wins else 1 + i % (seats - 1)
        games.append({"index": i, "seed": i, "seating": seating, "winner_seats": [winner],
                      "scores_by_seat": [0] * seats, "reason": "won", "length": 10,
                      "first_player": 0, "metrics": {}})
    return games


def _run(label: str = "", players: int = 2) -> RunInfo:
    return RunInfo(1, "battle", "1", {}, ["h"] * players, 0, True, 200, None,
                   {"x": label} if label else None, "2026-01-01")


def test_a_first_player_disadvantage_is_not_called_an_advantage():
    """Audit defect 3: a first player winning 42.0 % (35.4-48.9) of a fair two-player game
    was reported 'first player advantage: ... significant (p = 0.022)', as if it had the
    edge. The verdict says the direction: the first player wins less than its fair share,
    the second player has the edge."""
    a = analyse_games(_run(), _first_games(200, 84))
    verdict = a.first_verdict()
    assert "significant (p = 0.02" in verdict
    assert ("a disadvantage: the first player wins less than its fair share, the second "
            "player has the edge") in verdict
    assert a.first_direction() == -1
    ahead = analyse_games(_run(), _first_games(200, 116))
    assert "the first player wins more than its fair share: it has the edge" \
        in ahead.first_verdict()
    assert ahead.first_direction() == 1
    fair = analyse_games(_run(), _first_games(200, 100))
    assert "fair share" not in fair.first_verdict() and fair.first_direction() == 0
    three = analyse_games(_run(players=3), _first_games(300, 60, seats=3))
    assert "the players moving later have the edge" in three.first_verdict()


def test_a_sweep_counts_first_player_disadvantages_apart_from_advantages():
    """Audit defect 3: 'first-player advantage: significant in 2 of 3 cells' where those
    cells' first players won 29.3 % and 38.0 %: disadvantages. The summary counts the cells
    where the first player has the edge, and apart those where it wins less than its
    share."""
    cells = [analyse_games(_run("a"), _first_games(300, 88)),
             analyse_games(_run("b"), _first_games(300, 114)),
             analyse_games(_run("c"), _first_games(300, 150))]
    correct_across_cells(cells)
    section = questions_section([(f"x={k}", a) for k, a in zip("abc", cells, strict=True)],
                                "cell")
    line = section.verdicts[0]
    assert line.startswith("first-player advantage: significant in 0 of 3 cells")
    assert ("a significant disadvantage instead (the first player wins less than its fair "
            "share: the players moving later have the edge) in 2 of 3 cells (x=a; x=b)") in line


def test_small_p_values_print_as_below_0_001_everywhere():
    """Audit defect 3: a table printed 'p = 0.000 alone' next to 'adjusted p < 0.001'."""
    cells = [analyse_games(_run("a"), _first_games(400, 120)),
             analyse_games(_run("b"), _first_games(400, 200))]
    correct_across_cells(cells)
    verdict = cells[0].first_verdict()
    assert "adjusted p < 0.001" in verdict and "p < 0.001 alone" in verdict
    assert "0.000" not in verdict


def test_a_card_flagged_when_played_carries_the_caveat_of_a_players_choice(tmp_path):
    """Audit defect 4: in Champions a card flagged 'weak when played' is an artefact
    (a player who is winning never needs to play a low card: drew a 3 and never played it,
    won 100 %). Where the report shows the played measure (the verdict, the played table),
    it says that playing is a player's choice that follows how the game goes; and the plot,
    of the cards when drawn, says that the card flagged when played is not red in it."""
    a = analyse_games(_run(), played_by_the_winner())
    assert a.cards is not None
    assert [(e.card, e.measure) for e in a.cards.flagged()] == [("A", PLAYED)]
    assert PLAYED_CAVEAT in a.card_verdict()
    doc = run_document(a)
    played = next(s for s in doc.sections if s.key == "cards-played")
    assert PLAYED_CAVEAT in played.note
    assert PLAYED_CAVEAT in render_markdown(doc, tmp_path / "f", "f")
    cards = next(s for s in doc.sections if s.key == "cards")
    assert ("Red marks the cards flagged when drawn; A is flagged when played instead, a "
            "figure this plot does not show") in cards.note


def test_a_verdict_without_played_flags_has_no_caveat():
    """Audit defect 4 (a guard): the caveat is said where a flag rests on "played", not
    everywhere."""
    rng = random.Random(5)
    games = []
    for i in range(200):
        facts = CardFacts(2)
        for seat in (0, 1):
            facts.add(seat, DRAWN, "A" if rng.random() < 0.5 else "B")
        games.append({"index": i, "seed": i, "seating": [0, 1],
                      "winner_seats": [rng.randrange(2)], "scores_by_seat": [0, 0],
                      "reason": "won", "length": 10, "first_player": None, "metrics": {},
                      "cards": facts.to_json()})
    a = analyse_games(_run(), games)
    assert PLAYED_CAVEAT not in a.card_verdict()


def test_word_iron_decks_of_the_same_contents_are_one_deck(tmp_path):
    """Audit defect 5: Word & Iron split every card into '(deck0)' and '(deck1)' whenever
    the two deck options named different files, even files of identical contents
    (`deck_labels` compared paths). Two decks of the same cards are one deck, whatever their
    files (a copy with a comment added, as the audit made)."""
    from warroom.games.word_iron.deck import deck_path

    same = tmp_path / "copy-of-sample.yaml"
    same.write_text("# a copy of the sample deck\n" + deck_path("sample").read_text())
    other = tmp_path / "raiders-copy.yaml"
    other.write_text(deck_path("raiders").read_text())
    names = {}
    for key, deck in (("same", same), ("other", other)):
        db = tmp_path / f"{key}.sqlite"
        assert main(["simulate", "word-iron", "--games", "2", "--players", "random,random",
                     "--set", f"deck1={deck}", "--db", str(db), "--seed", "1"]) == 0
        with ResultStore(db) as store:
            names[key] = {n for (n,) in store.db.execute("SELECT name FROM card_names")}
    assert names["same"] and not any(re.search(r"\(deck[01]\)$", n) for n in names["same"])
    assert any(n.endswith(" (deck1)") for n in names["other"])
