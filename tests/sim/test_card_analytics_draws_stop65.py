"""Audit (stop 65): card analytics of a run whose every game was drawn, and report figures of
cards whose names the plot font lacks a glyph for. Synthetic card facts: seconds."""

from __future__ import annotations

import random
import warnings

from warroom.cli import main
from warroom.engine import DRAWN, CardFacts
from warroom.sim.cards import collect
from warroom.sim.store import ResultStore


def _game(i: int, facts: CardFacts, winners: list[int], reason: str) -> dict:
    return {"index": i, "seed": i, "seating": [0, 1], "winner_seats": winners,
            "scores_by_seat": [0, 0], "reason": reason, "length": 10, "first_player": None,
            "metrics": {}, "cards": facts.to_json()}


def _games(n: int, card: str = "A", drawn: bool = False, seed: int = 3) -> list[dict]:
    """Each seat draws `card` half the time, else B; a random seat wins, or no one
    (`drawn`: the round limit ends every game)."""
    rng = random.Random(seed)
    games = []
    for i in range(n):
        facts = CardFacts(2)
        for seat in (0, 1):
            facts.add(seat, DRAWN, card if rng.random() < 0.5 else "B")
        games.append(_game(i, facts, [] if drawn else [rng.randrange(2)],
                           "round limit reached" if drawn else "won"))
    return games


def test_a_run_of_draws_is_named_as_such_not_one_player_deciding():
    """Audit (stop 65): `simulate word-iron --cards` with a deck that inflicts no losses (all
    20 games drawn at the round limit) said "one player decides every game of this matchup
    ... players closer in strength would" help; no player had won a game."""
    for n in (100, 20):  # groups of 20 on each side, and groups too small to test
        analysis = collect(_games(n, drawn=True))
        verdict = analysis.verdict()
        assert verdict.startswith(f"card outliers: no card can be told apart in {n} games: "
                                  "every game was drawn (round limit reached), so no card's "
                                  "holders can be told to win more"), verdict
        assert "one player decides" not in verdict and "closer in strength" not in verdict
        assert "play more games" not in verdict, verdict
        assert not analysis.decided and analysis.all_drawn and analysis.tests == 0


def test_a_run_with_winners_keeps_its_verdict():
    """Audit (stop 65): only a run no player won is named as drawn; one with a winner in
    some games is not."""
    games = _games(100, drawn=True)
    games[0]["winner_seats"] = [0]
    analysis = collect(games)
    assert not analysis.all_drawn and analysis.draws == {"round limit reached": 99}
    assert "every game was drawn" not in analysis.verdict()


def test_a_card_named_with_an_emoji_draws_its_figure_without_a_warning(tmp_path, capsys):
    """Audit (stop 65): `warroom report DB --format md` of a run with a card "Rowboat 🚣"
    printed matplotlib's "UserWarning: Glyph 128675 (\\N{ROWBOAT}) missing from font(s)
    DejaVu Sans." and a source line on the terminal."""
    db = tmp_path / "r.sqlite"
    with ResultStore(db) as store:
        run = store.create_run("kow", "1", {}, ["a", "b"], 0, 100)
        store.add_games(run.id, _games(100, card="Rowboat 🚣"))
    out = tmp_path / "r.md"
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert main(["report", str(db), "--format", "md", "--out", str(out)]) == 0
    assert [str(w.message) for w in seen] == []
    assert "Glyph" not in capsys.readouterr().err
    figures = [p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.svg")]
    assert any("Rowboat 🚣" in svg for svg in figures), [p.name for p in tmp_path.rglob("*")]
