"""A long menu whose choices are a table's cells (Battle's attackers and blockers by group)
shown as that table at the terminal."""

from __future__ import annotations

import re
import statistics
from collections import Counter

from decision_screen import decision_screen
from warroom.agents import HeuristicAgent
from warroom.agents.menu_grid import grid_lines
from warroom.engine import ChoiceGrid, PlayerView
from warroom.games.battle import GAME as BATTLE


def test_a_grid_numbers_each_cell_as_the_menu_does_and_lists_the_rest():
    grid = ChoiceGrid("a card meets a pile", [("A", "p1"), ("A", "p2"), ("B", "p2"), ("C", "p2"),
                                              None])
    lines = grid_lines(grid, ["A on p1", "A on p2", "B on p2", "C on p2", "done"], 79)
    assert lines == ["   Type the number where a card meets a pile:",  # turned: 2 rows, not 3
                     "       A  B  C",
                     "   p1  1  -  -",
                     "   p2  2  3  4",
                     "  5. done"]
    assert grid_lines(grid, ["A on p1", "A on p2", "B on p2", "C on p2", "done"], 8) is None
    twice = ChoiceGrid("", [("A", "p1"), ("A", "p1")])
    assert grid_lines(twice, ["one", "other"], 79) is None  # a cell would hide a choice


def _battle_decisions(kind: str, seeds: range):
    for players in (2, 3):
        config = BATTLE.config({"players": players})
        for seed in seeds:
            state = BATTLE.new_state(config, seed)
            agents = [HeuristicAgent(BATTLE, seed * 10 + p) for p in range(state.num_players)]
            while not state.is_terminal():
                player = state.to_move()[0]
                view = PlayerView(state, player, BATTLE)
                action = agents[player].act(view)
                if type(view.legal_actions[0]).__name__ == kind and len(view.legal_actions) > 1:
                    yield decision_screen(BATTLE, view, action), view.legal_actions
                state.apply(player, action)


def test_defect_battles_attack_and_block_menus_ran_far_past_a_screen():
    """Declaring blockers in Battle offered a choice per soldier and group (up to 197) and
    took up to 93 lines of an 80x24 terminal, 68 at the 95th percentile (attackers 52 and
    39): as a table of soldiers by groups, with the number to type in each cell, and the
    groups run on in the view when there are more than four, they take 38 and 31 (attackers
    27 and 24). The rest is the view: a soldier per group and per blocker is many."""
    for kind, p95, most in (("Block", 32, 40), ("Attack", 25, 28)):  # were 68 and 93, 39 and 52
        heights, widest = [], 0
        for screen, actions in _battle_decisions(kind, range(8)):
            heights.append(len(screen))
            widest = max(widest, max(map(len, screen)))
            if len(actions) > 60:
                assert any(line.lstrip().startswith("Type the number where a soldier meets")
                           for line in screen), screen
        assert len(heights) > 50 and widest <= 80
        assert sorted(heights)[int(0.95 * len(heights))] <= p95, (kind, Counter(heights))
        assert max(heights) <= most and statistics.median(heights) <= 24, kind


def test_every_choice_of_the_table_is_the_number_it_shows():
    checked = 0
    for _, actions in _battle_decisions("Block", range(2)):
        lines = grid_lines(BATTLE.choice_grid(actions), [a.label for a in actions], 79)
        start = next(i for i, line in enumerate(lines) if line.endswith(":")) + 1
        header = lines[start].split()
        for line in lines[start + 1:]:
            if re.match(r"\s*\d+\. ", line):  # a choice outside the table
                continue
            row, *numbers = line.split()
            for column, number in zip(header, numbers, strict=True):
                if number != "-":  # a table of soldiers by groups, or turned
                    soldier, group = (column, row) if row.startswith("g") else (row, column)
                    assert actions[int(number) - 1].label == f"{soldier} blocks group {group[1:]}"
                    checked += 1
    assert checked > 100
