"""The Game of Champions at the terminal, for a beginner (audit, stop 59): `?` says how to
read the table, the two figures beside each player are named apart, and the Medic's choice
names the card it revives."""

from __future__ import annotations

import io
import random

from champions_helpers import arrange, fight, new
from rich.console import Console

from warroom.agents.human import HumanAgent
from warroom.engine.view import PlayerView
from warroom.games.champions import GAME
from warroom.games.champions.actions import Flip, Revive
from warroom.games.champions.state import DISTRIBUTE, MEDIC

TERMS = ("'on the table: 80'", "'in battle: 51'", "'with 2s as 10'", "'bare'",
         "'turned in: AD QD'", "'casualties (latest last)'", "'(secret)'", "'(order secret)'")


def queen_battle(casualties: list[str]):
    """Player 0's Queen attacks: 3H dies to 5S, then 9H beats 4S; the Medic's question."""
    s = arrange({"QH": ["9H", "3H"], "KH": ["5H"]}, {"KS": ["5S", "4S"], "AS": ["6S"]},
                casualties=(casualties, []))
    fight(s, "QH", "KS", ["3H", "9H"], ["5S", "4S"])
    s.apply(0, Flip())
    assert s.phase == MEDIC
    return s


def test_help_explains_every_term_of_the_table():
    """Audit (stop 59): `?` gave the rules summary alone, which never says what "bare",
    "turned in", "casualties (latest last)", "(secret)" or "(order secret)" mean, nor which
    strength the table's two figures count. `help_notes` now explains each, as the rules and
    the README have them (a Jack's 2 counts 2 on the table, 10 in its battles; the Medic
    revives the latest casualty), and `?` at the terminal shows it after the summary."""
    s = new()
    notes = GAME.help_notes(s.observation(0), 0)
    for term in TERMS:
        assert term in notes, term
    assert "(a Jack's 2 counts 2)" in notes and "2s count 10 in its battles." in notes
    assert "the larger total wins at the turn limit (500 turns)" in notes
    assert "the latest last: the one a Queen's Medic revives" in notes
    assert "(you are player 0)" in notes
    attacking = new(cavalry="attacking", max_turns=40)
    notes = GAME.help_notes(attacking.observation(None), None)
    assert "when it attacks only (option cavalry=attacking)" in notes and "(40 turns)" in notes
    assert "you are player" not in notes
    out = io.StringIO()
    person = HumanAgent(GAME, 0, stdin=io.StringIO("?\n1\n"),
                        console=Console(file=out, width=80, height=24, color_system=None))
    person.act(PlayerView(s, 0, GAME))
    screen = " ".join(out.getvalue().split())
    assert "How to read the table" in screen and "'(order secret)': cards still to flip," in screen


def test_the_help_tells_nothing_the_view_hides():
    """The notes are read from the view, and say nothing of any card: over whole games, at
    every decision (the secret deal, battle orders, Roshambo throws), each seat's notes are
    the same, and a spectator's are a seat's without its seat."""
    seen: dict[int | None, set[str]] = {0: set(), 1: set(), None: set()}
    secret = 0
    for seed in range(3):
        state = new(seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            secret += state.phase == DISTRIBUTE
            for viewer in seen:
                seen[viewer].add(GAME.help_notes(state.observation(viewer), viewer))
            p = state.to_move()[0]
            state.apply(p, GAME.heuristic(state, p, rng))
    assert secret and all(len(notes) == 1 for notes in seen.values())
    (mine,), (theirs,), (spectator,) = seen.values()
    assert "(you are player 0)" in mine and "(you are player 1)" in theirs
    assert mine.replace(" (you are player 0)", "") == spectator


def test_the_two_figures_beside_a_player_are_named_apart():
    """Audit (stop 59): a Jack's battalion read "strength 27, in battle: 51": the word meant
    the ranks on the table (a 2 as 2) and what the battle's cards fight with (a Jack's 2 as
    10). The table's figure is now "on the table", and a strength in battle that counts 2s
    as 10 says so; the table never says "strength"."""
    s = arrange({"JH": ["2H", "3H", "2C"], "KH": ["10H"]}, {"KS": ["9S", "8S"], "AS": ["4S"]})
    fight(s, "JH", "KS")  # 2H (as 10) beats 9S
    for viewer in (0, 1, None):
        text = GAME.render(s.observation(viewer), viewer)
        assert "on the table: 10, in battle: 23 with 2s as 10)" in text
        assert "on the table: 4, in battle: 8)" in text
        assert "strength" not in text
    s = arrange({"KH": ["9H", "8H"]}, {"JS": ["2S", "3S"], "AS": ["4S"]}, cavalry="attacking")
    fight(s, "KH", "JS")  # a defending Jack's 2S counts 2 under cavalry=attacking
    assert "in battle: 2)" in GAME.render(s.observation(1), 1)
    s = arrange({"JH": ["3H", "4H"]}, {"KS": ["9S", "8S"], "AS": ["4S"]})
    fight(s, "JH", "KS")  # a Jack without a 2: nothing counts as 10
    assert "with 2s as 10" not in GAME.render(s.observation(0), 0)


def test_the_medic_s_question_names_the_card_revived():
    """Audit (stop 59): the Medic asked "revive your latest casualty", whichever card that
    was. The casualty piles are face up (both seats and a spectator see them), so the
    question names the latest casualty and the Queen (3H, not the older 10C)."""
    s = queen_battle(["10C"])
    assert all(s.observation(v)["casualties"][0] == ["10C", "3H"] for v in (0, 1, None))
    assert "Medic: revive 3H, your latest casualty, on QH?" in GAME.render(s.observation(0), 0)
    s.apply(0, Revive())
    assert s.casualties[0] == ["10C"] and sorted(s.tables[0]["QH"]) == ["3H", "9H"]
