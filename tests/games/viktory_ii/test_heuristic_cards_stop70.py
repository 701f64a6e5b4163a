"""Viktory II's map heuristic with the Battle Cards (audit, stop 70: a strong player watching
the AI): a hand of Counters alone stood 52 rounds, a Reversal of Fortune was the card it
discarded first, and artillery beside the enemy never fired."""

from __future__ import annotations

import random

from warroom.games import get_game
from warroom.games.viktory_ii import heuristic
from warroom.games.viktory_ii.actions import Discard, Draw

GAME = get_game("viktory-ii")


def at_draw(seed: int = 1):
    """A cards game played by the heuristic to a player's end-of-turn draw where it may
    discard to draw anew: the state and the drawing player."""
    state = GAME.new_state(GAME.config({"mode": "cards", "radius": 3}), seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        kind, p = state.decision()
        if kind == "draw" and state.may_redraw(p) and len(state.pool.hands[p]) >= 3:
            return state, p
        state.apply(p, GAME.heuristic(state, p, rng))
    raise AssertionError("no redraw decision")


def choose(state, p):
    return heuristic._draw(state, p, state.legal_actions(p), [0.0] * len(state.terrain))


def test_a_hand_with_no_attack_card_discards_its_weakest_to_draw_anew():
    """The rules let a player discard to draw anew at the end of its turn (one a city); a
    hand of Counters alone starts no battle ("You have to play an Attack card to move your
    units into a hex containing enemy units"), so the heuristic draws anew for one, its
    weakest card first, two a turn at most; with an Attack card in hand it only draws."""
    state, p = at_draw()
    state.pool.hands[p] = ["C01", "C05", "C28"]
    state.redraws = 0
    assert choose(state, p) == Discard("C01", state.cards["C01"].short())
    state.redraws = heuristic.REDRAW_MOST
    assert type(choose(state, p)) is Draw
    state.redraws = 0
    state.pool.hands[p] = ["C01", "C05", "A01"]
    assert type(choose(state, p)) is Draw


def test_a_reversal_of_fortune_is_kept_before_a_plain_counter():
    """A Reversal of Fortune (1 hit, no miss) blocks every hit of the card it answers: the
    heuristic discarded it first (it counted hits and misses alone); now a 0-hit 2-miss
    Counter goes before it, and an Attack card is kept before both."""
    state, _ = at_draw()
    value = {c: heuristic._card_value(state, c) for c in ("C06", "C28", "A01")}
    assert value["C06"] < value["C28"] < value["A01"]


def test_artillery_with_nothing_else_to_do_bombards_the_enemy_beside_it(tmp_path):
    """Audit (stop 70): artillery free to leave its hex, with nowhere better to go, stood
    beside a lone enemy cavalry for 52 rounds and never fired; only a garrison's artillery
    bombarded. Now artillery left with no other move bombards the enemy beside it."""
    from test_vik2_heuristic_stall import play_moves
    from test_vik2_movement import MOVE_MAP, home
    from vik2_helpers import hx, position, troops

    from warroom.games.viktory_ii.actions import Bombard

    state = position(tmp_path, home(troops("D4", 0, artillery=1),
                                    enemy=[troops("E4", 1, infantry=1)]), tiles=MOVE_MAP)
    assert state.board.distance[hx(state, "D4")][hx(state, "E4")] == 1
    chosen = play_moves(state)
    assert Bombard in {type(a) for a in chosen}, chosen


def test_a_reserve_frigate_is_put_out_of_the_enemy_artillerys_reach(tmp_path):
    """Audit (stop 70): a frigate was put three times on the same water beside an enemy
    artillery, which sank it each time before it had moved (53 frigates sunk idle in 39
    games). Of the waters it may be put on, the heuristic now takes one no enemy artillery
    is beside (heuristic self-play, 40 deals: 13 frigates sunk by bombardment instead of
    26)."""
    from test_vik2_encode import legal, take
    from vik2_helpers import capital, position, town, troops

    from warroom.games.viktory_ii.actions import Done, PlaceFrigate

    tiles = "   p w f p\n  p p p p p\n p p p p p p\np p p p p p m\n p p p p p p\n" \
            "  p p p p p\n   p p w f\n"
    state = position(tmp_path, [capital("A1", 0), town("G4", 0, city=True),
                                capital("D7", 1, city=True), troops("B2", 1, artillery=1)],
                     tiles=tiles)
    if state.decision() == ("move", 0):
        take(state, Done, what="move")
    take(state, Done, what="build")
    frigates = [a for a in legal(state) if type(a) is PlaceFrigate]
    assert {a.sea_where for a in frigates} == {"A2", "G3"}
    # (the land reserves would go first: the frigates' choice alone)
    choice = heuristic._reserves(state, 0, frigates, [0.0] * len(state.terrain))
    assert type(choice) is PlaceFrigate and choice.sea_where == "G3"
    assert heuristic._guns(state, 0, state.board.index["A2"]) == 1
