"""Playing whole games: the heuristic against random, random games ending, the text view and
the log lines, the action codec, the command line and a person at the terminal."""

from __future__ import annotations

import io
import json
import random

import pytest
from rich.console import Console
from vik2_helpers import GAME, capital, legal, position, troops

from warroom.agents import make_agent
from warroom.agents.human import HumanAgent
from warroom.cli import main
from warroom.engine import PlayerView, play_game, to_json
from warroom.engine.data import plain
from warroom.games.viktory_ii.actions import ACTIONS


def test_heuristic_beats_random_in_both_seats():
    config = GAME.config({"turn_limit": 40})
    wins = 0
    for seed in range(8):
        seat = seed % 2
        specs = ["heuristic", "random"] if seat == 0 else ["random", "heuristic"]
        agents = [make_agent(s, GAME, seed * 7 + i) for i, s in enumerate(specs)]
        result = play_game(GAME, config, seed, agents, keep_record=False)
        wins += result.outcome.winners == (seat,)
    assert wins >= 7


def test_a_two_player_random_game_ends():
    state = GAME.new_state(GAME.config({}), 11)
    rng = random.Random(11)
    steps = 0
    while not state.is_terminal():
        actions = legal(state)
        state.apply(state.to_move()[0], actions[rng.randrange(len(actions))])
        steps += 1
    assert steps < 20_000 and state.outcome().reason


def test_render_shows_the_map_what_is_on_it_and_the_turn(tmp_path):
    state = position(tmp_path, [capital("A1", 0, infantry=1), capital("G4", 1, city=True),
                                troops("F3", 1, infantry=2)], mode="cards")
    text = GAME.render(state.observation(0), 0)
    assert "\x1b[" in text  # terrain colours
    lines = plain(text).splitlines()
    assert lines[0].startswith("Round 1 of 80 (cards) - your turn: move and battle")
    rows = [line for line in lines if line[:2].strip().isalpha() and line[:1] == " "]
    assert rows[0].split()[0] == "A" and "p0T1" in rows[0]  # capital town, one unit
    assert rows[6].split()[0] == "G" and "p1@" in rows[6]  # capital city
    body = plain(text)
    assert "Player 1's units: F3 2 infantry" in body and "Your units: A1 1 infantry" in body
    assert "Your hand: empty" in body


def test_render_of_a_dark_game_shows_fog_and_hides_the_unseen(tmp_path):
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1, city=True),
                                troops("F3", 1, infantry=2)], dark=True)
    text = plain(GAME.render(state.observation(0), 0))
    assert "F3" not in text and "Player 1's units" not in text
    assert "\x1b[2m" in GAME.render(state.observation(0), 0)  # fogged hexes are dim


def test_every_log_event_reads_as_a_line():
    config = GAME.config({"mode": "cards", "turn_limit": 25, "players": 3})
    agents = [make_agent("heuristic", GAME, i) for i in range(3)]
    result = play_game(GAME, config, 2, agents, keep_record=False)
    kinds = set()
    for _, event in result.state.log:
        line = GAME.describe_event(event)
        assert isinstance(line, str) and not line.startswith("{"), event
        kinds.add(event["event"])
    assert {"turn", "capital", "town", "move", "battle", "gain", "card", "result"} <= kinds


def test_every_action_round_trips_through_the_codec():
    seen = set()
    for values in ({"mode": "cards", "turn_limit": 15}, {"place": "choose", "turn_limit": 8}):
        state = GAME.new_state(GAME.config(values), 3)
        rng = random.Random(3)
        while not state.is_terminal():
            actions = legal(state)
            for a in actions:
                assert GAME.codec.decode(json.loads(json.dumps(to_json(a)))) == a
                assert a.label
                seen.add(type(a))
            state.apply(state.to_move()[0], actions[rng.randrange(len(actions))])
    assert len(seen) >= 12 and seen <= set(ACTIONS)


def test_command_line_plays_a_game(capsys):
    assert main(["play", "viktory-ii", "--players", "heuristic,random", "--seed", "3",
                 "--set", "turn_limit=20", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "viktory-ii" and data["reason"]


def test_command_line_options_error_is_one_line(capsys):
    assert main(["play", "viktory-ii", "--players", "random,random", "--set",
                 "radius=1"]) != 0
    err = capsys.readouterr().err.strip()
    assert "radius" in err and "\n" not in err


@pytest.mark.parametrize("players", [2, 4])
def test_mcts_plays_it(players):
    config = GAME.config({"players": players, "turn_limit": 3, "radius": 4})
    state = GAME.new_state(config, 1)
    agents = [make_agent("mcts:iters=6", GAME, p) for p in range(players)]
    for _ in range(60):
        if state.is_terminal():
            break
        p = state.to_move()[0]
        action = agents[p].act(PlayerView(state, p, GAME))
        assert action in state.legal_actions(p)
        state.apply(p, action)


def test_position_estimate_favours_the_player_ahead(tmp_path):
    state = position(tmp_path, [capital("A1", 0, city=True), capital("G4", 1)])
    ahead = GAME.evaluate(state)
    assert ahead[0] > ahead[1] and abs(sum(ahead) - 1) < 1e-9


def test_a_person_sees_every_event_once_though_observations_hold_recent_ones():
    state = GAME.new_state(GAME.config({"place": "random", "turn_limit": 6}), 8)
    out = io.StringIO()
    person = HumanAgent(GAME, 0, console=Console(file=out, width=200))
    rng = random.Random(8)
    while not state.is_terminal():
        if state.to_move()[0] == 0:
            person.show_new_events(state.observation(0))
        actions = legal(state)
        state.apply(state.to_move()[0], actions[rng.randrange(len(actions))])
    person.show_new_events(state.observation(0))
    shown = [line.strip() for line in out.getvalue().splitlines() if line.strip()]
    expected = [GAME.describe_event(e) for e in state.visible_log(0)]
    assert shown == [line for line in expected if line]


def test_compare_games_reports_dice_and_cards_with_intervals():
    from click.testing import CliRunner

    from warroom.cli import cli

    result = CliRunner().invoke(cli, ["viktory", "compare-games", "--games", "4", "--set",
                                      "radius=3", "--set", "turn_limit=8", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert list(data["modes"]) == ["dice", "cards"]
    for summary in data["modes"].values():
        assert summary["games"] == 4 and sum(summary["reasons"].values()) == 4
        for key in ("first_player_win", "rounds", "decisions", "battles", "underdog_win"):
            low, high = summary[key]["ci95"]
            assert low <= summary[key]["value"] <= high
        assert 1 <= summary["rounds"]["value"] <= 9
        assert summary["underdog_battles"] <= summary["battles"]["value"] * 4


def test_compare_games_refuses_a_mode_option_in_one_line():
    assert main(["viktory", "compare-games", "--set", "mode=cards", "--games", "2"]) == 2
    assert main(["viktory", "compare-games", "--modes", "dice,poker", "--games", "2"]) == 2
