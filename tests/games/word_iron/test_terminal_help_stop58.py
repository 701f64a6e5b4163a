"""Word & Iron at the terminal: what `?` tells of the cards and the table, the short key and
benefits, and the log kept in sight (audit, stop 58)."""

from __future__ import annotations

import importlib
import io
import random
import re

from rich.console import Console

from warroom.agents.human import HumanAgent
from warroom.engine import Game
from warroom.engine.view import PlayerView
from warroom.games import get_game
from warroom.games.word_iron import GAME

render = importlib.import_module("warroom.games.word_iron.render")


def played(seed: int = 3, rounds: int = 3):
    """A heuristic game of the sample decks, stopped at a decision of round `rounds`."""
    s = GAME.new_state(GAME.config({}), seed)
    rng = random.Random(0)
    while s.round < rounds:
        p = s.to_move()[0]
        s.apply(p, GAME.heuristic(s, p, rng))
    return s


class Terminal(io.StringIO):
    """Typed input, read as at a terminal."""

    def isatty(self) -> bool:
        return True


def person(typed: str, height: int = 24, tty: bool = False) -> tuple[HumanAgent, io.StringIO]:
    out = io.StringIO()
    stdin = Terminal(typed) if tty else io.StringIO(typed)
    # (at a terminal both ways: output sent to a file is never held for an Enter)
    agent = HumanAgent(GAME, 0, stdin=stdin,
                       console=Console(file=out, width=80, height=height, color_system=None,
                                       force_terminal=tty or None))
    return agent, out


def test_help_gives_what_the_cards_in_view_do_and_how_to_read_the_realm():
    """Audit (stop 58): the table named champions and face-up top cards (`champions:
    Quartermaster`, `Decks: strategy 5 (Strike at the Guard)`) and the log named cards drawn,
    but neither `?` nor `help` said what they do, nor what `#1 Stone Quarry 45x2/2` means.
    `?` now lists the texts of every card in view, of both sides (their champions, the
    cards shown: drawn or face up; never a face-down one), the realm's notation and where
    every card of a deck is listed."""
    s = played()
    p = s.to_move()[0]
    agent, out = person("?\n1\n")
    agent.act(PlayerView(s, p, GAME))
    text = " ".join(out.getvalue().split())
    deck = s.decks[0]
    for q in (0, 1):
        for i in s.champions[q]:
            card = s.decks[q].champions[i]
            assert f"{card.name}: {deck.card_texts[3][i]}" in text, card.name
        top = s.piles[q][0][-1]  # face up (the default)
        assert f"{s.cards(q, 0)[top].name}: {s.decks[q].card_texts[0][top]}" in text
    hidden = s.piles[1][0][0]  # the bottom of a strategy deck, never shown
    if not s.seen[1][0] >> hidden & 1:
        assert f"{s.cards(1, 0)[hidden].name}:" not in text
    assert "'#1 Stone Quarry 45x2/2' is resource 1" in text
    assert "S Spearmen 10" in text  # the key with the units' names
    assert "warroom cards show sample --game word-iron" in text


def test_another_game_s_help_is_the_summary_alone():
    """Audit (stop 58): the help's notes are a game's own (Game.help_notes, by default
    none): another game's `?` shows what it showed. (Stop 59: kow and Battle have notes of
    their own now: the base class's default is the one checked.)"""
    assert Game.help_notes(get_game("battle"), {}, 0) == ""


def test_the_short_key_says_where_the_units_names_are():
    """Audit (stop 58): at 80x24 the table switched mid-game to `Units: S 10, P 15, ...`,
    in which the letters no longer named the units (no name fits the key's one line at 80
    columns). The line now says that `?` names them, and `?` does."""
    s = played()
    narrow = render._render(s.observation(0), render.SHORT_KEY)
    assert "Units: S 10, P 15, A 15, H 20, M 25, L 30, K 35, R 40 (ranks; ? names them)" \
        in narrow
    notes = GAME.help_notes(s.observation(0), 0)
    assert "- Units: S Spearmen 10, P Pikemen 15, A Archers 15, H Heavy infantry 20" in notes


def test_short_benefits_say_what_they_do():
    """Audit (stop 58): shortened, benefits read `Castellan: restores 1` and `Bodyguard
    Captain: restores 1 later`; they now say what is restored."""
    s = played()
    s.benefits[0] = [("protect", "Castellan", 1, 1, 0), ("restore", "Castellan", 1, 1, 0)]
    text = " ".join(render._render(s.observation(0), render.SHORT_BENEFITS).split())
    assert "Castellan: blocks 1; Castellan: restores losses of 1 (later)" in text


def test_the_rounds_log_waits_for_enter_before_the_table_that_would_scroll_it_away():
    """Audit (stop 58): at 80x24 a round's 18 log lines scrolled off above the redrawn
    table. At a terminal, when the new log lines and the screen of the decision do not fit
    together, the player reads the log and presses Enter for the table; a choice typed
    there is taken as at the prompt. Review (stop 58): a log longer than the screen (this
    one's 64 lines; 30 to 106 at a hotseat's hand-over or after a person's own move) showed
    only its last screenful before the pause: it is shown a screenful at a time."""
    s = played()
    p = s.to_move()[0]
    agent, out = person("\n" * 3 + "1\n", tty=True)  # Enter at each pause, then the choice
    choice = agent.act(PlayerView(s, p, GAME))
    screen = out.getvalue()
    assert choice == s.legal_actions(p)[0]
    pauses = re.compile(r"-- \d+ (more lines of the log: Enter|lines of the log above: "
                        r"Enter shows the table) --")
    pages = pauses.split(screen[:screen.index("╭")])[::2]  # the text between the pauses
    assert len(pages) == 4 and "--- Round 1 ---" in pages[0]
    assert [m[1] for m in pauses.finditer(screen)] == [
        "more lines of the log: Enter", "more lines of the log: Enter",
        "lines of the log above: Enter shows the table"]
    assert all(page.count("\n") <= 23 for page in pages)  # a screenful, then the pause
    typed, out = person("1\n", tty=True)  # typed at the first pause: the choice, at once
    assert typed.act(PlayerView(s, p, GAME)) == s.legal_actions(p)[0]
    assert out.getvalue().count("lines of the log") == 1
    tall, out = person("1\n", height=200, tty=True)  # room for all: no pause
    tall.act(PlayerView(s, p, GAME))
    assert "lines of the log" not in out.getvalue()
    to_file, out = person("1\n", tty=True)
    to_file.console = Console(file=out, width=80, height=24, color_system=None)  # not a tty
    to_file.act(PlayerView(s, p, GAME))
    assert "lines of the log" not in out.getvalue()  # nobody to see the pause there
