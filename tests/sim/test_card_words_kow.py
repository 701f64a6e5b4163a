"""Audit (stop 53): Kings of War Battle Deck's cards are dealt face up to the table and a
player defeats them with dice (its `played` fate: `KowGame.card_events`), yet its card
analytics said "cards by improvement when played", "a player who plays it", and a flag's
caveat pointed to "the effect when drawn", a measure kow does not have. The texts now say
the game's verb (`Game.card_play_verb`), and the caveat of a game without a drawn measure
says that no measure free of the players' choices exists; games with both measures keep
"played" and the pointer to the drawn one. The JSON keys and fates stay "played". A few kow
games and synthetic card facts: seconds."""

from __future__ import annotations

import json
import random

from test_card_verdicts import _game, played_by_the_winner  # the games those tests build

from warroom.cli import main
from warroom.engine import PLAYED, CardFacts
from warroom.games import REGISTRY
from warroom.sim.analysis import analyse, analyse_games
from warroom.sim.cards import PLAYED_CAVEAT, describe, verb_forms
from warroom.sim.report import render_html, render_markdown, run_document
from warroom.sim.store import ResultStore, RunInfo

RECOMMENDS_DRAWN = "the effect when drawn, which no player chooses, is the fairer measure"
NO_FREE_MEASURE = "no measure of the card free of the players' choices exists"


def _run(game: str) -> RunInfo:
    return RunInfo(1, game, "1", {}, ["a", "b"], 0, True, 200, None, None, "2026-01-01")


def defeated_by_the_winner(n: int = 200, seed: int = 3) -> list[dict]:
    """kow-like facts, `played` only: each seat defeats A or B; A only when it wins the game,
    so A stands out when defeated."""
    rng = random.Random(seed)
    games = []
    for i in range(n):
        facts, winner = CardFacts(2), rng.randrange(2)
        for seat in (0, 1):
            card = "A" if rng.random() < 0.5 else "B"
            if card == "B" or seat == winner:
                facts.add(seat, PLAYED, card)
        games.append(_game(i, facts, winner))
    return games


def test_kow_says_defeat_and_other_games_say_play():
    """Audit (stop 53): the verb is the game's: kow's cards are defeated, every other game's
    played; the forms come from one helper for regular verbs."""
    assert REGISTRY["kow"].card_play_verb == "defeat"
    assert {name: g.card_play_verb for name, g in REGISTRY.items() if name != "kow"} == \
        dict.fromkeys(set(REGISTRY) - {"kow"}, "play")
    assert verb_forms("defeat") == ("defeats", "defeated", "defeating")
    assert verb_forms("play") == ("plays", "played", "playing")
    assert verb_forms("use") == ("uses", "used", "using")
    assert verb_forms("carry") == ("carries", "carried", "carrying")


def test_a_kow_flag_says_defeated_and_points_to_no_drawn_measure(tmp_path):
    """Audit (stop 53): a kow card flagged said 'a player who plays it wins ...' and ended
    with 'the effect when drawn, which no player chooses, is the fairer measure of the card',
    though kow deals no card to a player. The verdict, the report's tables, titles, plot
    label and notes (md and html) say "defeated", and the caveat says that no measure free of
    the players' choices exists; the JSON keeps the measure's name `played`."""
    a = analyse_games(_run("kow"), defeated_by_the_winner())
    assert a.cards is not None and a.cards.play_verb == "defeat"
    flagged = a.cards.flagged()
    assert "A" in {e.card for e in flagged} and {e.measure for e in flagged} == {PLAYED}
    verdict = a.card_verdict()
    assert "A stands out as strong: a player who defeats it wins" in verdict, verdict
    assert "adjusted for seat, listed player and number of cards defeated" in verdict
    assert "; of the cards flagged when defeated: defeating a card is a player's choice" \
        in verdict, verdict
    assert "the game deals no card to a player (none is drawn), so " + NO_FREE_MEASURE \
        in verdict, verdict
    assert RECOMMENDS_DRAWN not in verdict and "plays it" not in verdict
    assert "when played" not in verdict
    doc = run_document(a)
    cards = next(s for s in doc.sections if s.key == "cards")
    assert cards.table is not None and {row[1] for row in cards.table[1]} == {"defeated"}
    assert cards.note.startswith("Each card's improvement when defeated:"), cards.note
    ranked = next(s for s in doc.sections if s.key == "cards-played")
    assert ranked.title == "Cards ranked by improvement when defeated"
    assert "Mind that defeating a card is a player's choice" in ranked.note, ranked.note
    assert NO_FREE_MEASURE in ranked.note and RECOMMENDS_DRAWN not in ranked.note
    usage = next(s for s in doc.sections if s.key == "cards-usage")
    assert usage.table is not None and usage.table[0] == ["card", "defeated"]
    for text in (render_markdown(doc, tmp_path / "f", "f"), render_html(doc)):
        assert "improvement when defeated" in text and "Mind that defeating" in text
        assert "improvement when played" not in text and "Mind that playing" not in text
        assert "a player who plays it" not in text and RECOMMENDS_DRAWN not in text
    assert {e["measure"] for e in doc.data["cards"]["effects"]} == {PLAYED}
    card = next(e for e in flagged if e.card == "A")
    assert describe(card, "defeat").startswith("A stands out as strong: a player who defeats it")
    assert describe(card).startswith(  # the default verb, for any game
        "A stands out as strong: a player who plays it wins")


def test_a_game_with_both_measures_keeps_played_and_the_drawn_pointer(tmp_path):
    """Audit (stop 53): Champions' cards are drawn and played; a card flagged when played
    keeps "played", "plays it" and the caveat that points to the effect when drawn."""
    a = analyse_games(_run("champions"), played_by_the_winner())
    assert a.cards is not None and a.cards.play_verb == "play"
    assert [(e.card, e.measure) for e in a.cards.flagged()] == [("A", PLAYED)]
    verdict = a.card_verdict()
    assert "a player who plays it wins" in verdict and "when played: " + PLAYED_CAVEAT in verdict
    assert PLAYED_CAVEAT.endswith(RECOMMENDS_DRAWN + " of the card")
    assert "(a player who is winning need not play a low card)" in PLAYED_CAVEAT
    assert NO_FREE_MEASURE not in verdict and "defeat" not in verdict
    doc = run_document(a)
    ranked = next(s for s in doc.sections if s.key == "cards-played")
    assert ranked.title == "Cards ranked by improvement when played"
    assert f"Mind that {PLAYED_CAVEAT}." in ranked.note
    cards = next(s for s in doc.sections if s.key == "cards")
    assert ("A is flagged when played instead, a figure this plot does not show (see the "
            f"table of flagged cards): {PLAYED_CAVEAT}.") in cards.note
    md = render_markdown(doc, tmp_path / "f", "f")
    assert "improvement when played" in md and "defeat" not in md


def test_simulate_kow_cards_titles_its_table_by_defeats(tmp_path, capsys, monkeypatch):
    """Audit (stop 53): `warroom simulate kow --cards` titled its table 'cards by
    improvement when played', captioned 'adjusted for ... number of cards played'; a report
    of the run said 'improvement when played'. Both say "defeated"; `--json` keeps the
    measure `played`."""
    monkeypatch.setenv("COLUMNS", "200")
    db = tmp_path / "k.sqlite"
    assert main(["simulate", "kow", "--games", "10", "--players", "random,random",
                 "--db", str(db), "--cards"]) == 0
    out = capsys.readouterr().out
    assert "cards by improvement when defeated" in out, out
    assert "win rates adjusted for seat, listed player and number of cards defeated" in out
    assert "when played" not in out and "cards played" not in out
    with ResultStore(db) as store:
        a = analyse(store, store.run(1))
    assert a.cards is not None and a.cards.play_verb == "defeat"
    page = render_html(run_document(a))
    assert "improvement when defeated" in page and "improvement when played" not in page
    assert main(["simulate", "kow", "--db", str(db), "--resume", "--games", "10",
                 "--cards", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {e["measure"] for e in data["cards"]["effects"]} == {PLAYED}
