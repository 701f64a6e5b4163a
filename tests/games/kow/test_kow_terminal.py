"""Kings of War at the terminal: the table and the choices under it, as `warroom play kow`
shows them to a person on a standard 80x24 terminal, over whole seeded games."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

from rich.console import Console

from warroom.agents.base import Agent, HeuristicAgent, RandomAgent
from warroom.agents.human import HumanAgent
from warroom.engine.data import TEXT_WIDTH, plain
from warroom.engine.view import PlayerView
from warroom.games.kow import GAME
from warroom.games.kow.actions import ChooseDice
from warroom.games.kow.render import card_text


def dice_screens(player: Callable[..., Agent], seeds: range) -> tuple[int, int, int]:
    """The tallest screen a person sees at a choice of dice (the panel, the choices, the
    hint and the prompt, as HumanAgent prints them at 80 columns; the log lines above
    aside), how many such screens there were, and the widest line of any table."""
    tallest = shown = widest = 0
    for seed in seeds:
        state = GAME.new_state(GAME.config({}), seed)
        agents = [player(GAME, seed * 10 + p) for p in (0, 1)]
        while not state.is_terminal():
            p = state.to_move()[0]
            view = PlayerView(state, p, GAME)
            action = agents[p].act(view)
            obs = view.observation
            widest = max(widest, *(len(line) for line in
                                   plain(GAME.render(obs, p)).splitlines()))
            if type(action) is ChooseDice:
                out = io.StringIO()
                person = HumanAgent(GAME, 0, console=Console(file=out, width=80, height=24,
                                                             color_system=None))
                person.seen = obs.get("log_start", 0) + len(obs["log"])  # no log lines
                person.stdin = io.StringIO(f"{view.legal_actions.index(action) + 1}\n")
                assert person.act(view) == action
                tallest = max(tallest, out.getvalue().count("\n") + 1)  # the prompt, "> "
                shown += 1
            state.apply(p, action)
    return tallest, shown, widest


def test_the_table_and_the_dice_choices_fit_a_standard_80x24_terminal():
    """Defect: with the 29 dice choices under it (two columns of 15), the panel passed 24
    lines: a row that ran on to a second line for the cards defeated, or the final turn's
    headline broken in two, pushed the table's top off the screen (25 lines on the first
    prompt of a session, whose hint line comes on top: a new game's, or a saved game's at
    any point when it resumes). The screen at a choice of dice - the panel, the choices,
    the hint and the prompt - now fits 24 lines, with players who keep their dice for later
    turns as with the heuristic; every line of the table fits the panel (76 columns)."""
    for player, seeds in ((RandomAgent, range(70, 80)), (HeuristicAgent, range(6))):
        tallest, shown, widest = dice_screens(player, seeds)
        assert shown > 100
        assert tallest <= 24, (player, tallest)
        assert widest <= TEXT_WIDTH, (player, widest)


def test_a_row_shows_the_pool_the_dice_chosen_and_the_score():
    """A player's row: its pool and its choice of dice in one notation, then its score and
    the cards it defeated this round; the rows stay one line each for a choice of dice."""
    state = GAME.new_state(GAME.config({}), 0)
    state.won = [["AC", "2C"], ["5D"]]
    lines = GAME.render(state.observation(0), 0).splitlines()
    assert len(lines) == 4, lines
    assert lines[2].endswith("pool R4 W3 B2  not chosen  score 3: A♣ 2♣")
    assert lines[3].endswith("pool R4 W3 B2  not chosen  score 5: 5♦")
    state.apply(0, ChooseDice(2, 1, 1))
    assert "pool R2 W2 B1  chosen: R2 W1 B1  score 3" in GAME.render(state.observation(0), 0)
    assert "pool R4 W3 B2  chosen (hidden)  score 3" in GAME.render(state.observation(1), 1)


def test_a_choice_of_dice_says_what_the_last_turn_rolled_and_won():
    """The terminal audit: at the next choice of dice the turn's reveal, rolls and defeats
    were printed above a panel and 15 rows of choices, off the top of a 24-line terminal. The
    panel now says what each player rolled and defeated in the turn before (the cards alone
    where the dice would not fit a line), and the screen still fits (the test above)."""
    checked = 0
    for seed in range(4):
        state = GAME.new_state(GAME.config({}), seed)
        agents = [HeuristicAgent(GAME, seed * 10 + p) for p in (0, 1)]
        turn: dict[int, tuple[list[int], list[str]]] = {}  # this turn's rolls and cards won
        last: dict[int, tuple[list[int], list[str]]] = {}  # the turn before's
        while not state.is_terminal():
            p = state.to_move()[0]
            obs = state.observation(p)
            lines = GAME.render(obs, p).splitlines() if obs["phase"] == "choose" else []
            line = next((line for line in lines if "ast turn: " in line), None)
            if lines and last and line is None:
                # a round's first choice whose result and last turn do not fit one line
                # shows the result alone (the next test)
                assert any(re.match(r"Round \d+ (to|drawn)", x) for x in lines), lines
            elif lines and last:  # after a round's result at its start
                assert len(line) <= TEXT_WIDTH
                for q, (dice, cards) in last.items():
                    who = "You" if q == p else f"Player {q}"
                    assert (f"{who} rolled {' '.join(map(str, dice))}" in line
                            or f"{who} defeated {' '.join(cards) or 'nothing'}" in line), line
                    assert all(card in line for card in cards), line
                checked += 1
            log_before = len(state.observation(None)["log"])
            state.apply(p, agents[p].act(PlayerView(state, p, GAME)))
            for e in state.observation(None)["log"][log_before:]:
                if e["event"] == "deal":
                    last, turn = turn, {}
                elif e["event"] == "roll":
                    turn[e["player"]] = ([s for _, s in e["dice"]], [])
                elif e["event"] == "defeat":
                    turn[e["player"]][1].append(card_text(e["card"]))
    assert checked > 50


def test_a_round_s_first_choice_of_dice_says_how_the_round_before_ended():
    """Audit (stop 42): at 80x24 the line "Round 1 over: scores 0-11, player 1 wins the round
    (higher score)" scrolled off above the panel, whose scores were back to 0 and whose last
    turn said only the dice: the tie-break's reason appeared nowhere else. The panel says
    how the round before ended at the next round's first choice of dice."""
    rounds = 0
    for seed in range(4):
        state = GAME.new_state(GAME.config({}), seed)
        agents = [HeuristicAgent(GAME, seed * 10 + p) for p in (0, 1)]
        ended = None
        while not state.is_terminal():
            p = state.to_move()[0]
            obs = state.observation(p)
            if obs["phase"] == "choose" and ended is not None:
                lines = GAME.render(obs, p).splitlines()
                assert len(lines) <= 5, lines  # the panel still fits with the choices
                scores = f"{ended['scores'][0]}-{ended['scores'][1]}"
                who = ("drawn" if ended["winner"] is None else
                       "to you" if ended["winner"] == p else f"to Player {ended['winner']}")
                heading = f"Round {ended['round']} {who}"
                assert any(line.startswith(heading) and scores in line
                           and (ended["why"] in line or ended["winner"] is None)
                           for line in lines), (heading, lines)
                rounds += 1
                ended = None
            log_before = len(state.observation(None)["log"])
            state.apply(p, agents[p].act(PlayerView(state, p, GAME)))
            for e in state.observation(None)["log"][log_before:]:
                if e["event"] == "round_end" and not state.is_terminal():
                    ended = e
    assert rounds >= 4
