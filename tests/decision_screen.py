"""What a person sees at one decision on an 80x24 terminal, as `HumanAgent` prints it: the
tests that bound a game's screen to 24 lines read it here."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from rich.console import Console

from warroom.agents import HeuristicAgent
from warroom.agents.human import HumanAgent
from warroom.engine import Game, PlayerView, State


def decision_screen(game: Game, view: PlayerView, action: Any, hinted: bool = True) -> list[str]:
    """The lines printed for this decision (which picks `action`): the panel, the choices and
    the prompt, with no log lines above them; `hinted` as after the game's first prompt, which
    adds a line of help."""
    out = io.StringIO()
    console = Console(file=out, width=80, height=24, color_system=None)
    person = HumanAgent(game, 0, stdin=io.StringIO(f"{view.legal_actions.index(action) + 1}\n"),
                        console=console)
    obs = view.observation
    person.seen = obs.get("log_start", 0) + len(obs["log"])  # no log lines above it
    person.hinted = hinted
    assert person.act(view) == action
    return out.getvalue().splitlines()


def heuristic_decisions(game: Game, new_state: Callable[[int], State],
                        seeds: range) -> Iterator[tuple[PlayerView, Any]]:
    """Every decision of heuristic games, one a seed (`new_state(seed)`), a heuristic player
    a seat: the deciding seat's view, and its choice."""
    for seed in seeds:
        state = new_state(seed)
        agents = [HeuristicAgent(game, seed * 10 + p) for p in range(state.num_players)]
        while not state.is_terminal():
            player = state.to_move()[0]
            view = PlayerView(state, player, game)
            action = agents[player].act(view)
            yield view, action
            state.apply(player, action)


def screen_heights(game: Game, decisions: Iterable[tuple[PlayerView, Any]],
                   every: int = 1) -> list[int]:
    """The height of each decision's screen (of every `every`-th decision), each checked to
    fit 80 columns: what the tests that bound a game's screen count."""
    heights = []
    for n, (view, action) in enumerate(decisions):
        if n % every == 0:
            lines = decision_screen(game, view, action)
            assert all(len(line) <= 80 for line in lines), lines
            heights.append(len(lines))
    return heights
