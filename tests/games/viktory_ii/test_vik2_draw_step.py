"""The end of a turn in card modes: the draw step (the Battle Cards text, "Drawing new
cards": draw up to the max hand size, no more new cards than the cities held, after
discarding the cards to replace, one a city). Its choices come from one home
(`viktory_battles.hand`), which the legal actions, the observation's `draw`, the prompt and
the text view's menu estimate all read; the prompt is worded as the one-battle game's."""

from __future__ import annotations

import importlib
import json

from test_vik2_terminal import _to_the_draw
from vik2_helpers import GAME, act, capital, events, position

from warroom.games.viktory_battles.actions import Discard, Draw
from warroom.games.viktory_ii.actions import Done

RENDER = importlib.import_module("warroom.games.viktory_ii.render")


def _holding(tmp_path, n: int):
    """Player 0 (a capital city and a town: max hand 2, one city) at its end-of-turn draw,
    holding the deck's top `n` cards."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    state = _to_the_draw(tmp_path)
    for _ in range(n):
        state.pool.hands[0].append(state.pool.deck.pop())
    state.pool.hands[0].sort()
    return state


def _choices(state, p: int = 0) -> tuple[int, bool]:
    """The draw's choices as the legal actions offer them: the most new cards, and whether a
    card may be discarded to draw anew."""
    legal = state.legal_actions(p)
    return (max(a.count for a in legal if type(a) is Draw),
            any(type(a) is Discard for a in legal))


def test_the_draw_step_is_asked_with_its_numbers(tmp_path):
    """Defect: viktory-ii's draw step asked only "Draw your cards for the turn.", not what
    the step is: Viktory's end-of-turn draw says how many new cards, the max hand, the cities
    that bound the draw and whether a card may be discarded to draw anew. The map game now
    asks it in the same words, its numbers from the observation's `draw`."""
    asked = {}
    for n in (0, 1, 2):
        state = _holding(tmp_path / str(n), n)
        assert state.decision() == ("draw", 0)
        asked[n] = GAME.prompt(state.observation(0), 0)
        for p in (1, None):
            assert GAME.prompt(state.observation(p), p) == ""
    assert asked == {
        0: "End of your turn: draw up to 1 new card (max hand 2, no more than your 1 city), "
           "or none.",
        1: "End of your turn: draw up to 1 new card (max hand 2, no more than your 1 city), "
           "or first discard a card you want to replace.",
        2: "End of your turn: your hand is full (2 of 2): discard a card you want to replace "
           "(then draw anew), or draw none.",
    }
    assert not any("Draw your cards for the turn" in text for text in asked.values())


def test_the_observation_gives_the_draws_choices_to_every_reader(tmp_path):
    """Defect: viktory-ii's observation had no `draw` field (Viktory's has: {up_to,
    replace}), so its view could only work the draw's limit out again from the settlements.
    It now gives the choices the legal actions offer, from the same functions; they are
    public (the hand's size, the max hand, the cities and the discards to draw anew are told
    to all), so every seat and a spectator read the same."""
    for n in (0, 1, 2):
        state = _holding(tmp_path / str(n), n)
        up_to, replace = _choices(state)
        for p in (0, 1, None):
            assert state.observation(p)["draw"] == {"up_to": up_to, "replace": replace}, (n, p)
    state = _holding(tmp_path / "before", 0)
    state.phase = "build"  # not the draw: no `draw`
    assert "draw" not in state.observation(0)


def test_the_menu_estimate_reads_the_draw_from_the_observation(tmp_path):
    """Defect: the text view's estimate of the lines the draw's choices take counted the
    reader's cities from the settlements and worked the limit out again, and counted every
    card in hand as a choice to discard to draw anew. After a redraw (one city: one only)
    it counted a discard choice no longer offered. The estimate now reads the observation's
    `draw`: the draws, two a line, and a line for each card only while one may be replaced."""
    state = _holding(tmp_path, 2)  # hand full: draw none, or discard one to draw anew
    assert _choices(state) == (0, True)
    act(state, next(a for a in state.legal_actions(0) if type(a) is Discard))
    assert state.decision() == ("draw", 0)
    assert _choices(state) == (1, False)  # the redraw is spent; one card may be drawn
    legal = state.legal_actions(0)
    draws = sum(type(a) is Draw for a in legal)
    discards = sum(type(a) is Discard for a in legal)
    assert (draws, discards) == (2, 0)
    assert RENDER._menu_lines(state.observation(0), 0) == -(-draws // 2) + discards == 1


def test_the_draw_step_shows_no_seat_another_seats_hand(tmp_path):
    """Hidden information at the draw: the other seat and a spectator read the drawer's hand
    size and the draw's limits, never its cards, in the observation, the table or the
    prompt; and the cards drawn are told to the drawer alone."""
    state = _holding(tmp_path, 1)
    held = list(state.pool.hands[0])
    for p in (1, None):
        obs = state.observation(p)
        seen = json.dumps(obs) + GAME.render(obs, p) + GAME.prompt(obs, p)
        assert not any(c in seen for c in held), (p, held)
    act(state, next(a for a in state.legal_actions(0) if type(a) is Draw and a.count == 1))
    drawn = [c for c in state.pool.hands[0] if c not in held]
    assert len(drawn) == 1
    for p in (1, None):
        seen = json.dumps(state.observation(p)) + json.dumps(state.visible_log(p))
        assert not any(c in seen for c in held + drawn), (p, held, drawn)
    assert any(drawn[0] in e["cards"] for e in state.visible_log(0) if e["event"] == "drew")


def test_the_end_of_turn_draw_is_applied_as_viktorys(tmp_path):
    """Defect: the two games applied the end-of-turn draw each their own way (viktory-ii
    drew card by card itself: its draw told no reason, and the cards drawn went to the end of
    the hand, where a battle's draw sorts them). Both now apply it with
    `viktory_battles.hand.end_of_turn_draw`: the draw is told with its reason, "end of turn",
    as the one-battle game's, and the hand stays in order."""
    state = _holding(tmp_path, 1)
    for pile in (state.pool.deck, state.pool.discard):
        if "A01" in pile:
            pile.remove("A01")
    state.pool.deck.append("A01")  # the first card of the deck file: before any held
    assert state.pool.hands[0][0] > "A01"
    act(state, next(a for a in state.legal_actions(0) if type(a) is Draw and a.count == 1))
    assert state.pool.hands[0] == sorted(state.pool.hands[0])
    assert state.pool.hands[0][0] == "A01"
    told = [e for e in events(state, "draw") if e["player"] == 0]
    assert told[-1]["count"] == 1 and told[-1]["why"] == "end of turn"


def test_an_end_of_turn_draw_with_nothing_to_choose_is_told_as_a_draw_of_none(tmp_path):
    """Defect: the end-of-turn draw with nothing to choose (no city: no new card, no redraw)
    was skipped without a word, while a draw of none chosen (a full hand, the redraw
    declined) is told as "draws 0 cards (end of turn)", as a battle's replenishment of none
    is: which turns' draws the log told depended on the cards held. Both are told now; the
    step is still skipped (nothing is asked)."""
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1)], mode="cards")
    assert state.count_settlements(0) == (1, 0) and state.draw_limit(0) == 0
    assert not state.may_redraw(0)
    while state.player == 0:
        assert state.decision()[0] != "draw"
        act(state, next(a for a in state.legal_actions(0) if type(a) is Done))
    for p in (0, 1, None):
        told = [GAME.describe_event(e) for e in state.visible_log(p) if e["event"] == "draw"]
        assert told == ["Player 0 draws 0 cards (end of turn)"], p
    chosen = _holding(tmp_path / "full", 2)  # a full hand: draw none, or discard to redraw
    act(chosen, Draw(0))
    assert [GAME.describe_event(e) for e in chosen.visible_log(1)
            if e["event"] == "draw"][-1] == "Player 0 draws 0 cards (end of turn)"
