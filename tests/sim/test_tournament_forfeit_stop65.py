"""Audit (stop 65): a club's tournament of its members' own players ended at the first one
that failed in a game (its `act` raised, or it chose an illegal action): one error line, and
every match already played was lost. A failing player now forfeits that game, as a crashed
engine does in a computer-chess event: the others win it, nobody scores, the game's reason
names the player and its error, and the event goes on."""

from __future__ import annotations

import os
import sys
import textwrap
from pathlib import Path

import pytest

from warroom import agents
from warroom.cli import main
from warroom.engine import RulesError
from warroom.sim.tournament import TournamentSpec, run_tournament

PLAYERS = '''
class Raise:
    name = "raise"

    def __init__(self, game, seed):
        self.n = 0

    def act(self, view):
        self.n += 1
        if self.n > 2:
            raise ValueError("my bug")
        return view.legal_actions[0]


class Label:
    name = "label"

    def __init__(self, game, seed):
        pass

    def act(self, view):
        return "not an action"
'''


@pytest.fixture
def club(monkeypatch, tmp_path):
    """The members' module, importable by its name from the current folder."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("WARROOM_NATIVE", "0")
    name = f"club_players_{os.getpid()}"
    Path(tmp_path, f"{name}.py").write_text(textwrap.dedent(PLAYERS))
    monkeypatch.syspath_prepend(str(tmp_path))
    yield name
    sys.modules.pop(name, None)
    for key in [k for k in agents._FOUND if k.startswith(name + ".")]:
        del agents._FOUND[key]


def test_a_raising_player_forfeits_and_the_event_goes_on(club):
    spec = TournamentSpec("kow", {}, (f"{club}.Raise", "random", "heuristic", "heuristic"),
                          best_of=3, seed=4)
    result = run_tournament(spec)
    assert result.units[result.champion] in ("3:heuristic", "4:heuristic")
    first = next(m for m in result.rounds[0].matches if 0 in m.units)
    other = next(u for u in first.units if u != 0)
    assert first.winner == other and first.wins == {0: 0, other: 2}
    for game in first.games:
        assert game.winners == [other]
        assert game.scores == {0: 0.0, other: 0.0}
        seat = game.seating.index(0)
        assert game.reason.startswith(f"forfeit: player spec '{club}.Raise' (seat {seat}): "
                                      "act(view) failed: ValueError: my bug (at "), game.reason
        assert game.reason.endswith(f"{club}.py:11)"), game.reason
    assert len(result.rounds) == 2  # the final was played


def test_an_illegal_action_forfeits_at_the_command_line(club, capsys):
    assert main(["tournament", "kow", "--players", f"random,{club}.Label"]) == 0
    out = capsys.readouterr().out
    assert "Champion: 1:random" in out, out
    assert (f"forfeit: player spec '{club}.Label' (seat ") in out
    assert "played an illegal action: 'not an action' is not a legal action" in out, out


def test_a_failing_teammate_loses_the_game_for_its_team(club):
    spec = TournamentSpec("battle", {"players": 4, "teams": "alliance"},
                          ("random", f"{club}.Raise", "random", "random"),
                          match_size=4, team_size=2, seed=1)
    result = run_tournament(spec)
    match = result.rounds[0].matches[0]
    assert result.champion == 1 and match.winner == 1
    assert all(g.winners == [1] and g.reason.startswith("forfeit: ") for g in match.games)


def test_the_same_forfeits_with_workers(club):
    spec = TournamentSpec("kow", {}, (f"{club}.Raise", "random", "heuristic", f"{club}.Label"),
                          seed=2)
    alone, pooled = run_tournament(spec), run_tournament(spec, workers=2)
    assert alone.to_json() == pooled.to_json()


def test_the_games_own_error_still_stops_the_event(monkeypatch):
    """A forfeit is for a player's failure; a bug in the rules is not a player's to lose."""
    from warroom.sim import tournament

    def broken(*args, **kwargs):
        raise RulesError("kow: the rules failed")

    monkeypatch.setattr(tournament, "play_game", broken)
    with pytest.raises(RulesError, match="the rules failed"):
        run_tournament(TournamentSpec("kow", {}, ("random", "random")))
