"""Audit (stop 59), Viktory II played at an 80x24 terminal in dice and cards modes: what the
table hid or misdrew - garrisons and attacks in towns on the compact map, the short hand,
the '+' of ten units, Overwatch outside a battle drawn as a battle, the dice of the round
just fought, and a battle hex's units counted as they stood before the battle."""

from __future__ import annotations

import importlib
import itertools
from functools import partial

from test_vik2_battles import MAP
from vik2_helpers import (
    GAME,
    act,
    capital,
    position,
    script_dice,
    take,
    town,
    troops,
)

from decision_screen import decision_screen, heuristic_decisions
from warroom.engine import PlayerView
from warroom.engine.data import first_fitting, plain
from warroom.games.viktory_battles.cards import load_deck
from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.units import INF

RENDER = importlib.import_module("warroom.games.viktory_ii.render")


def _row(text: str, letter: str) -> str:
    [row] = [line for line in plain(text).splitlines() if line.startswith(f" {letter} ")]
    return row


def test_the_compact_map_tells_what_stands_in_a_town_and_an_attack_on_it(tmp_path):
    """Audit (stop 59): on a terminal's compact map (three characters a hex, as at 80 columns
    from TIGHT) a town or city shows its letter where the units go ("p1t" for a town with 2
    infantry, "m1@" for a capital city with 1 infantry and 1 artillery) and hid the '!' of an
    attack declared on it; once the others' units were only counted ("units 11i 1c 2a 1f")
    nothing said what stood in them. The cell keeps its terrain first (it must read without
    colour), and a line by the map tells what stands in the others' towns and cities and
    where an attack is declared on one; an empty town is not in it, nor the reader's own."""
    state = position(tmp_path, [capital("A1", 0, city=True), troops("C3", 0, infantry=1),
                                town("D3", 1, infantry=2), town("E2", 1),
                                capital("G4", 1, city=True, infantry=1, artillery=1)],
                     tiles=MAP)
    text = plain(RENDER._render(state.observation(0), RENDER.DENSE, 76))
    assert "p1t" in _row(text, "D") and "m1@" in _row(text, "G"), text
    flat = " ".join(text.split())
    assert "Garrisons: D3 2i; G4 1i 1a" in flat and "E2" not in flat, text
    assert "A1" not in flat.split("Garrisons")[1], text
    take(state, SelectUnit, hex="C3", unit=INF)
    take(state, Step, hex="D3")  # an attack declared on the town
    flat = " ".join(plain(RENDER._render(state.observation(0), RENDER.FOCUS, 76)).split())
    assert "Garrisons (! attack declared): D3 2i !" in flat, flat
    # before DENSE the units' lines list them by hex: the line tells the attack alone
    flat = " ".join(plain(RENDER._render(state.observation(0), RENDER.TIGHT, 76)).split())
    assert "Garrisons (! attack declared): D3 ! " in flat + " ", flat
    # the key the table shows at a compact step, and the rules summary ('?'), say so
    assert all("by the map" in " ".join(RENDER._term_key(RENDER.COMPACT_CELL, short))
               for short in RENDER.SHORT)
    assert "Garrisons: D2 1i 1a" in " ".join(GAME.summary.split())


def test_the_line_on_the_towns_takes_no_map_row_away():
    """Audit (stop 59): the line on what stands in the towns and cities is written where the
    table has room for it as it is: a screen of 3 players at 80x24 shows the same map rows
    with it as without it, and it is there at many of the decisions whose compact map hides
    a garrison (at the others, the screen had no line to spare)."""
    config = GAME.config({"players": 3})
    shown = hidden = 0
    for view, _ in itertools.islice(
            heuristic_decisions(GAME, lambda seed: GAME.new_state(config, seed), range(1, 2)),
            0, 900, 3):
        obs, p = view.observation, view.player
        text = plain(RENDER.render(obs, p, 76))
        without = plain(first_fitting(partial(RENDER._render, obs, width=76, with_garrisons=False),
                                      len(RENDER.SHORT), RENDER._room(obs)))
        assert _rows(text) == _rows(without), (text, without)
        if "Garrisons" in plain(RENDER._render(obs, RENDER.FOCUS, 76)):
            hidden += 1
            shown += "Garrisons" in text
    assert hidden > 100 and shown > hidden / 3, (shown, hidden)


def _rows(text: str) -> list[str]:
    """The map's rows as drawn: their letters and hexes, without what is written beside."""
    return [line[:3] + " ".join(line[3:].split()[:3]) for line in text.splitlines()
            if len(line) > 3 and line[0] == " " and line[1].isupper() and line[2] == " "]


def test_the_key_and_the_summary_say_what_plus_means(tmp_path):
    """Audit (stop 59): '+' stands for 10 or more units in a hex ("m1@+" for 15), and
    neither the key nor '?' said so. Every key says it, and the rules summary."""
    state = position(tmp_path, [capital("A1", 0, city=True, infantry=1),
                                capital("G4", 1, city=True)], tiles=MAP)
    obs = state.observation(0)
    obs["units"][0][2] = [15, 0, 0, 0]  # more than a map of this size supports
    assert "g0@+" in _row(RENDER._render(obs, RENDER.FULL, 76), "A")
    keys = [RENDER._key(compact, short) for compact in (False, True) for short in RENDER.SHORT]
    keys += [RENDER._term_key(cell, short) for cell in (RENDER.FULL_CELL, RENDER.COMPACT_CELL)
             for short in RENDER.SHORT]
    assert all("+ 10 or more" in " ".join(key) for key in keys)
    assert "+ 10 or more" in " ".join(GAME.summary.split())


def _cards_position(tmp_path, hand: list[str]):
    state = position(tmp_path, [capital("A1", 0, city=True), capital("G4", 1, city=True)],
                     tiles=MAP, mode="cards")
    pool = state.pool
    for pile in (pool.deck, pool.discard, *pool.hands):
        pile[:] = [c for c in pile if c not in hand]
    pool.hands[0][:] = hand
    return state


def test_the_short_hand_names_its_cards_where_there_is_room_and_help_explains_it(tmp_path):
    """Audit (stop 59): the short hand "A04 2H/0M, C11 0H/1M, X09 1H/1M" gave no name, kind
    nor terrain, and nothing said what A, C and X are. Under the map, where the names take no
    line more, each card has its name ("A04 Regular Attack 2H/0M"); '?' says how the short
    hand reads (the sample deck's ids: A Attack, C Counter, X Attack/Counter) and lists the
    reader's hand in full, and no other seat's: player 1's help holds none of player 0's."""
    one = _cards_position(tmp_path, ["A04"]).observation(0)
    assert "Your hand (deck 59, discards 0): A04 Regular Attack 2H/0M" in plain(
        RENDER._render(one, RENDER.PACKED, 76))
    state = _cards_position(tmp_path, ["A04", "C11", "X09"])
    obs = state.observation(0)
    text = plain(RENDER._render(obs, RENDER.PACKED, 76))  # the names would take a line more
    assert "Your hand (deck 57, discards 0): A04 2H/0M, C11 0H/1M, X09 1H/1M" in text, text
    notes = GAME.help_notes(obs, 0)
    assert "A Attack, C Counter, X Attack/Counter" in notes
    deck = load_deck().by_id()
    for card in ("A04", "C11", "X09"):
        assert f"- {card} {deck[card].short()}: {deck[card].type_words()}" in notes, notes
    theirs = GAME.help_notes(state.observation(1), 1)
    assert "Your hand\n- empty" in theirs
    assert not any(f"- {card} " in theirs for card in ("A04", "C11", "X09")), theirs
    assert GAME.help_notes(position(tmp_path, [capital("A1", 0), capital("G4", 1)],
                                    tiles=MAP, mode="dice").observation(0), 0) == RENDER.MAP_NOTE


def _overwatch(tmp_path):
    """An infantry steps to F4, next to player 1's artillery on G4: Overwatch, no battle."""
    state = position(tmp_path, [capital("A1", 0, city=True), troops("D4", 0, infantry=1),
                                capital("G4", 1, city=True, artillery=1)], tiles=MAP,
                     mode="dice")
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    take(state, Step, hex="F4")
    assert state.decision() == ("battle", 1)
    return state


def test_overwatch_outside_a_battle_is_drawn_as_overwatch(tmp_path):
    """Audit (stop 59): Overwatch fired at a unit moving next to artillery was drawn as
    "Battle at F4 ... player 0 attacks you ... defender: 1a; dice 3", the prompt speaking of
    units moving in and a later wave: no battle is fought there. The table says Overwatch,
    whose artillery may fire at whose units, and the headline and the prompt ask about
    Overwatch; each seat is spoken to in its own person."""
    state = _overwatch(tmp_path)
    mine = " ".join(plain(GAME.render(state.observation(1), 1)).split())
    assert "Battle at" not in mine and "attacks you" not in mine, mine
    assert "Overwatch at F4: your artillery next to it may fire at player 0's units " \
        "moving there, under fire: 1 inf" in mine, mine
    assert "now you: deciding on Overwatch" in mine
    asked = GAME.prompt(state.observation(1), 1)
    assert "Overwatch" in asked and "wave" not in asked and "moving in" not in asked
    theirs = plain(GAME.render(state.observation(0), 0))
    assert "player 1's artillery next to it may fire at your units" in theirs, theirs
    view = PlayerView(state, 1, GAME)
    lines = decision_screen(GAME, view, view.legal_actions[0])
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines), "\n".join(lines)


def _first_round(tmp_path, dice: list[int]):
    """Player 0's 2 infantry on C3 attack player 1's 3 infantry on D3 (plains); after the
    first round, player 0 is asked to fight on or retreat."""
    state = position(tmp_path, [capital("A1", 0, city=True), town("A3", 0),
                                troops("C3", 0, infantry=2),
                                capital("F3", 1, city=True), troops("D3", 1, infantry=3)],
                     tiles=MAP, mode="dice")
    take(state, SelectUnit, hex="C3", unit=INF)
    take(state, Step, hex="D3")
    take(state, Fight, hex="D3")
    script_dice(state, dice + [6] * 40)
    while state.decision()[0] == "battle" and state.session.decision[0] != "continue":
        act(state, state.legal_actions(state.to_move()[0])[0])
    assert state.decision() == ("battle", 0)
    return state


def test_the_screen_that_asks_to_fight_on_shows_the_dice_just_rolled(tmp_path):
    """Audit (stop 59): in a dice battle the screen asking "fight another round / retreat"
    showed no dice, the panel saying only "lost 1" (the log tells both sides the rolls). The
    round's rolls are on it, each side's dice and hits, on a screen that fits 80x24."""
    state = _first_round(tmp_path, [2, 6])
    text = plain(GAME.render(state.observation(0), 0))
    assert "round 1: you rolled 2 -> 1 hit; player 1 rolled 6 -> 0 hits" in text, text
    other = plain(GAME.render(state.observation(1), 1))
    assert "round 1: player 0 rolled 2 -> 1 hit; you rolled 6 -> 0 hits" in other, other
    view = PlayerView(state, 0, GAME)
    lines = decision_screen(GAME, view, view.legal_actions[0])
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines), "\n".join(lines)
    assert any("you rolled 2 -> 1 hit" in line for line in lines), "\n".join(lines)


def test_the_battle_hex_shows_the_defenders_the_battle_has_left(tmp_path):
    """Audit (stop 59): during a battle the map and the unit list showed the defender's hex as
    it stood when the battle began (3 infantry) while the battle panel said 1 had been lost:
    the observation's map changes only when the battle ends. The table shows the battle's
    count on its hex, in the map, the units and (DENSE) the others' count, for both sides."""
    state = _first_round(tmp_path, [2, 6])
    assert state.session.defender[INF] == 2  # one of the 3 lost
    for seat in (0, 1):
        obs = state.observation(seat)
        full = plain(RENDER._render(obs, RENDER.FULL, 76))
        assert "p1 2" in _row(full, "D") and "p1 3" not in _row(full, "D"), full
        assert "D3 2 infantry" in full and "D3 3 infantry" not in full, full
    dense = plain(RENDER._render(state.observation(0), RENDER.DENSE, 76))
    assert "units 2i" in dense and "units 3i" not in dense, dense
