"""Audit (stop 67): what an OpenSpiel researcher tripped on. An illegal action through
`apply_action_with_legality_check` said only "GetRNGState unimplemented"; resampling for a
player out of range was a bare IndexError; and the README did not say that copies of a game
deal alike, that tabular methods fail on every config, or how an OpenSpiel bot plays a
warroom agent."""

from __future__ import annotations

import contextlib
import io
import pickle
import re
import textwrap

import pyspiel
import pytest
from open_spiel.python import policy
from open_spiel.python.algorithms import cfr, exploitability

import warroom.envs.openspiel  # noqa: F401 (registers the games)
from warroom.engine import IllegalAction
from warroom.envs import docs


def _snippet(containing: str) -> str:
    """The README's one Python block holding `containing`, dedented (a list item's block is
    indented)."""
    blocks = re.findall(r"```python\n(.*?)```", docs.README.read_text(), re.S)
    found = [textwrap.dedent(b) for b in blocks if containing in b]
    assert len(found) == 1, f"{len(found)} README blocks hold {containing!r}"
    return found[0]


def _seen(state) -> tuple:
    return (state.history(), state.move_number(), state.current_player(),
            [state.information_state_string(p) for p in range(state.num_players())])


def test_apply_action_with_legality_check_names_the_legal_actions_and_changes_nothing():
    """Audit (stop 67): OpenSpiel's check words an illegal action's error with
    SerializeGameAndState, which a sampled-stochastic Python game cannot do: the researcher
    got `SpielError: GetRNGState unimplemented.`, not the reason."""
    state = pyspiel.load_game("warroom_kow").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    assert 74 not in state.legal_actions()
    before = _seen(state)
    with pytest.raises(IllegalAction, match=r"action 74 is not legal for player 1 now "
                                            r"\(legal: \[0, 1, 2"):
        state.apply_action_with_legality_check(74)
    assert _seen(state) == before
    legal = state.legal_actions()[-1]
    state.apply_action_with_legality_check(legal)  # a legal one is applied as apply_action's
    assert state.history()[-1] == legal and state.move_number() == before[1] + 1


@pytest.mark.parametrize("player", [5, 2, -1])
def test_resample_from_infostate_names_the_players(player):
    """Audit (stop 67): a player out of range was a bare `IndexError: list index out of
    range` (5, -1), or, one past the last seat, a world resampled for no player (kow's
    `determinize(2)` reads seat 1 - 2 = -1); it is a ValueError naming the range, asked
    before the sampler is drawn from."""
    state = pyspiel.load_game("warroom_kow").new_initial_state()
    state.apply_action(state.legal_actions()[0])
    draws = []
    with pytest.raises(ValueError, match=rf"^player {player} is no player of this game "
                                         r"\(0 to 1\)$"):
        state.resample_from_infostate(player, lambda: draws.append(1) or 0.5)
    assert draws == []


def test_readme_bot_against_a_warroom_agent_plays_a_game():
    """Audit (stop 67): the README showed no way to seat an OpenSpiel bot against a warroom
    agent; its snippet, as written, plays a game to its end, both seats moving."""
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(_snippet('make_agent("heuristic"'), namespace)
    state = namespace["state"]
    assert state.is_terminal() and sorted(state.returns()) == [-1.0, 1.0]
    assert out.getvalue() == f"{state.returns()}\n"
    assert {step.player for step in state.full_history()} == {0, 1}


def test_readme_worker_seed_gives_each_worker_its_own_deals():
    """Audit (stop 67): the README did not say that every pickled or `str(game)` copy of a
    game deals one sequence of games (alpha_zero's actors all replay it); its per-worker seed
    snippet gives each worker other deals, and the same game otherwise."""
    game = pyspiel.load_game("warroom_kow(victories_to_win=1,red_faces=0;0;2;2;2;3)")

    def deals(g) -> list[str]:
        return [g.new_initial_state().information_state_string(0) for _ in range(3)]

    copies = [pickle.loads(pickle.dumps(game)), pyspiel.load_game(str(game)), game]
    assert deals(copies[0]) == deals(copies[1]) == deals(copies[2])
    workers = []
    for worker in range(2):
        namespace = {"pyspiel": pyspiel, "game": game, "base_seed": 100, "worker": worker}
        exec(_snippet('"seed": base_seed + worker'), namespace)
        workers.append(namespace["worker_game"])
    assert deals(workers[0]) != deals(workers[1])
    assert [w.get_parameters() for w in workers] == [
        {**game.get_parameters(), "seed": 100 + w} for w in range(2)]


def test_readme_smallest_kow_is_too_big_for_tabular_methods():
    """Audit (stop 67): the README's smallest kow config, on which it says CFR and nash_conv
    fail with a KeyError on an information state they never enumerated, does."""
    smallest = re.search(r"`(warroom_kow\(pool_red=1,[^`]*)`", docs.README.read_text())
    assert smallest, "the README names no smallest kow config"
    game = pyspiel.load_game(smallest[1])
    with pytest.raises(KeyError, match='^\'{"active"'):
        cfr.CFRSolver(game)
    with pytest.raises(KeyError, match='^\'{"active"'):
        exploitability.nash_conv(game, policy.UniformRandomPolicy(game))
