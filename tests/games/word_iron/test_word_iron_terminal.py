"""Word & Iron at the terminal: the table as `warroom play word-iron` shows a person on a
standard 80x24 terminal, measured over whole seeded games."""

from __future__ import annotations

import io
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

from warroom.agents.base import HeuristicAgent
from warroom.agents.human import HumanAgent
from warroom.engine.data import TEXT_WIDTH, plain
from warroom.engine.view import PlayerView
from warroom.games.word_iron import GAME
from warroom.games.word_iron.deck import deck_label

DECKS = [{}, {"deck0": "raiders"}, {"deck0": "raiders", "deck1": "raiders"}]


def decisions(options: dict[str, str], seeds: range) -> Iterator[tuple[PlayerView, Any]]:
    """Every decision of heuristic games: the deciding seat's view, and its choice."""
    config = GAME.config(options)
    for seed in seeds:
        state = GAME.new_state(config, seed)
        agents = [HeuristicAgent(GAME, seed * 10 + p) for p in (0, 1)]
        while not state.is_terminal():
            player = state.to_move()[0]
            view = PlayerView(state, player, GAME)
            action = agents[player].act(view)
            yield view, action
            state.apply(player, action)


def panel_height(view: PlayerView, action: Any) -> int:
    """The lines of the panel HumanAgent prints for this decision on an 80-column terminal,
    its frame included (the log lines above it and the choices under it aside)."""
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    choice = io.StringIO(f"{view.legal_actions.index(action) + 1}\n")
    person = HumanAgent(GAME, 0, stdin=choice, console=console)
    obs = view.observation
    person.seen = obs.get("log_start", 0) + len(obs["log"])  # no log lines above it
    assert person.act(view) == action
    lines = out.getvalue().splitlines()
    return next(i for i, line in enumerate(lines, 1) if line.startswith("╰"))


@pytest.mark.parametrize("options", DECKS, ids=["sample", "raiders-sample", "raiders"])
def test_the_panel_fits_a_standard_80x24_terminal(options):
    """Defect: the panel ran to about 36 lines in a game (35 to 49), taller than an 80x24
    terminal: the person had to scroll to see the table. Over whole seeded games it now
    stays within 24 lines with its frame, and no line is wider than the panel (76)."""
    tallest = widest = 0
    for view, action in decisions(options, range(6)):
        tallest = max(tallest, panel_height(view, action))
        text = plain(GAME.render(view.observation, view.player))
        widest = max(widest, *(len(line) for line in text.splitlines()))
    assert tallest <= 24, tallest
    assert widest <= TEXT_WIDTH, widest


def test_the_compact_panel_loses_nothing_the_player_needs():
    """However short the panel is made to fit, each side's realm (every resource, with its
    uses left), formation, decks' top cards, every benefit in force by its source and every
    draw to be skipped are still in it, and so is what is asked."""
    seen_short = False
    for view, _ in decisions({}, range(8)):
        obs = view.observation
        text = " ".join(plain(GAME.render(obs, view.player)).split())
        seen_short |= "(counts: enemy strategies)" in text
        for side in obs["players"]:
            for r in side["realm"]:
                assert f"{r['name']} {r['ranks']}x{r['uses_left']}/{r['uses']}" in text
            formation = " ".join("SPAHMLKR"[u] * n + "." * (a - n)
                                 for u, (n, a) in enumerate(zip(side["field"],
                                                                side["allotted"])))
            assert f"{side['army']} ranks" in text and formation in text
            for pile in side["piles"].values():
                assert pile.get("top") is None or f"({pile['top']})" in text
            for benefit in side["benefits"]:
                assert f"{benefit['source']}: " in text
            for deck in side["skips"]:
                assert f"skips the next {deck_label(deck)}" in text \
                    or f"{deck_label(deck)} draws" in text
        if obs["decision"]:
            assert "Decision for " in text
    assert seen_short  # the games came to a panel that had to be made short


def test_one_key_names_the_units_of_both_formations():
    """The unit names and their ranks of power were printed for both sides, a row a unit
    (16 rows): one key now gives each unit's letter, name and ranks, once for both decks
    when they agree (the shipped decks name the units 'Spearmen' and 'spearmen')."""
    for options in DECKS:
        state = GAME.new_state(GAME.config(options), 1)
        text = GAME.render(state.observation(0), 0)
        assert text.count("Units: ") == 1, text
        key = text[text.index("Units: "):]
        for name, ranks in (("spearmen", 10), ("knighted heavy cavalry", 35),
                            ("royal guards", 40)):
            assert f"{name} {ranks}" in " ".join(key.lower().split())
