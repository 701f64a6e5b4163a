"""A record that ends with a resignation: its file format (`resigned: {seat, at}`, decoded
strictly), its outcome (`record_outcome`), and records made before the field, unchanged."""

from __future__ import annotations

import json

import pytest

from warroom.agents import make_agents
from warroom.engine import Outcome, Record, RecordError, play_game, replay, replay_to_end
from warroom.engine.record import Resignation, record_config, record_outcome, resignation_outcome
from warroom.games import get_game


def partial_record(name: str = "kow", options: dict | None = None, actions: int = 6) -> Record:
    """The first `actions` actions of a game between random players."""
    game = get_game(name)
    config = game.config(options or {})
    agents = make_agents(["random"] * game.num_players(config), game, 11)
    full = play_game(game, config, 11, agents).record
    assert full is not None and len(full.actions) > actions
    full.actions = full.actions[:actions]
    return full


def resigned_json(seat: int = 1, **change) -> dict:
    data = partial_record().to_json()
    data["resigned"] = {"seat": seat, "at": len(data["actions"]), **change}
    return data


def test_a_resignation_ends_a_two_seat_game_and_the_other_seat_wins():
    record = Record.from_json(resigned_json(seat=1))
    assert record.resigned == Resignation(1, 6)
    outcome = record_outcome(get_game("kow"), record)
    assert outcome == Outcome((0,), (1, 0), "seat 1 resigned", {"resigned": 1})
    assert not replay_to_end(get_game("kow"), record).is_terminal()  # the rules played on


def test_play_game_refuses_to_play_on_after_a_resignation():
    game = get_game("kow")
    record = Record.from_json(resigned_json(seat=1))
    agents = make_agents(["random"] * 2, game, 3)
    with pytest.raises(RecordError, match=r"^the game is over \(seat 1 resigned\); nothing"):
        play_game(game, record_config(game, record), record.seed, agents, record=record)
    assert len(record.actions) == 6 and record.resigned == Resignation(1, 6)  # unchanged


def test_a_resignation_survives_the_file_and_the_file_says_it(tmp_path):
    record = Record.from_json(resigned_json(seat=0))
    path = tmp_path / "r.json"
    record.save(path)
    assert json.loads(path.read_text())["resigned"] == {"seat": 0, "at": 6}
    again = Record.load(path)
    assert again == record
    assert record_outcome(get_game("kow"), again).winners == (1,)


def test_a_record_without_the_field_loads_and_ends_by_its_rules_as_before():
    game = get_game("kow")
    agents = make_agents(["random", "random"], game, 3)
    result = play_game(game, game.config({}), 3, agents)
    data = result.record.to_json()
    assert "resigned" not in data  # records of games that ended by the rules are unchanged
    record = Record.from_json(json.loads(json.dumps(data)))
    assert record.resigned is None
    assert record_outcome(game, record) == result.outcome
    unfinished = partial_record()
    assert record_outcome(game, Record.from_json(unfinished.to_json())) is None


def test_a_team_that_resigns_loses_together():
    game = get_game("battle")
    config = game.config({"players": 4, "teams": "alliance"})
    teams = game.team_seats(config)
    outcome = resignation_outcome(game, config, 4, 1)
    loser_team = next(t for t in teams if 1 in t)
    assert set(outcome.winners) == set(range(4)) - set(loser_team)
    assert [outcome.scores[p] for p in loser_team] == [0] * len(loser_team)
    assert outcome.reason == "seat 1 resigned"


def test_a_resignation_decides_nothing_between_three_sides():
    game = get_game("battle")
    assert resignation_outcome(game, game.config({"players": 3}), 3, 2) is None


@pytest.mark.parametrize("value, where", [
    ({"seat": -1, "at": 6}, "resigned.seat"),
    ({"seat": 64, "at": 6}, "resigned.seat"),
    ({"seat": True, "at": 6}, "resigned.seat"),
    ({"seat": "1", "at": 6}, "resigned.seat"),
    ({"seat": 1, "at": 6.0}, "resigned.at"),
    ({"seat": 1, "at": -1}, "resigned.at"),
    ({"seat": 1}, "'resigned.at' is missing"),
    ({"seat": 1, "at": 6, "why": "tired"}, "resigned.why"),
    ([1, 6], "resigned"),
    (1, "resigned"),
])
def test_a_malformed_resignation_is_a_one_line_error_naming_it(value, where):
    data = resigned_json()
    data["resigned"] = value
    with pytest.raises(RecordError) as info:
        Record.from_json(data, "r.json")
    message = str(info.value)
    assert message.startswith("r.json: ") and where in message and "\n" not in message


@pytest.mark.parametrize("change, problem", [
    ({"at": 5}, "resigned.at: nothing is played after a resignation"),
    ({"seat": 2}, "resigned.seat: the game has seats 0 to 1; got 2"),
])
def test_a_resignation_that_cannot_have_ended_the_game_is_refused(tmp_path, change, problem):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(resigned_json(**change)))
    with pytest.raises(RecordError) as info:
        record_outcome(get_game("kow"), Record.load(path))
    assert str(info.value).startswith(f"{path}: {problem}")


def test_a_finished_game_or_one_of_three_sides_cannot_end_by_resigning():
    game = get_game("kow")
    agents = make_agents(["random", "random"], game, 3)
    done = play_game(game, game.config({}), 3, agents).record
    done.resigned = Resignation(0, len(done.actions))
    with pytest.raises(RecordError, match="the game had already ended by its rules"):
        record_outcome(game, done)
    three = partial_record("battle", {"players": 3})
    three.resigned = Resignation(2, len(three.actions))
    with pytest.raises(RecordError,
                       match="a game of 3 sides in play does not end when one resigns"):
        record_outcome(get_game("battle"), three)


def record_with_a_player_out(name: str, options: dict) -> Record:
    """A record of random play, cut just after the rules first put one player out (and only
    one), the others playing on."""
    game = get_game(name)
    config = game.config(options)
    for seed in range(40):
        result = play_game(game, config, seed, make_agents(["random"] * config.players, game,
                                                           seed))
        record = result.record
        for at, (state, _, _) in enumerate(replay(game, record)):
            if state.players_out():
                if len(state.players_out()) == 1 and not state.is_terminal():
                    record.actions = record.actions[:at]
                    return record
                break
    raise AssertionError(f"no {name} game put exactly one player out before its end")


def test_sides_put_out_by_the_rules_do_not_count_when_one_resigns():
    """Battle for three, one of them out: the last two are two sides, so one resigning ends
    the game and the other wins; the seat already out cannot resign. (Viktory II says who is
    out the same way: tests/games/viktory_ii/test_vik2_capital.py.)"""
    game = get_game("battle")
    record = record_with_a_player_out("battle", {"players": 3})
    [out] = replay_to_end(game, record).players_out()
    stays, resigns = (seat for seat in range(3) if seat != out)
    record.resigned = Resignation(resigns, len(record.actions))
    assert record_outcome(game, record) == Outcome(
        (stays,), tuple(int(seat == stays) for seat in range(3)), f"seat {resigns} resigned",
        {"resigned": resigns})
    record.resigned = Resignation(out, len(record.actions))
    with pytest.raises(RecordError, match=rf"^resigned.seat: seat {out} was already out of the "
                                          "game; only a seat in play can resign$"):
        record_outcome(game, record)


def test_only_the_same_resigned_record_follows_a_resigned_one():
    record = Record.from_json(resigned_json())
    longer = partial_record(actions=8)
    assert not record.is_prefix_of(longer)
    assert record.is_prefix_of(Record.from_json(resigned_json()))
    assert partial_record(actions=4).is_prefix_of(record)
