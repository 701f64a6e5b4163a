"""warroom used as a Python library: what a caller gets wrong is a one-line WarroomError
that says what was expected, and what the engine hands an agent is the agent's own."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from warroom.agents import MctsAgent, make_agent, make_agents
from warroom.engine import ConfigError, IllegalAction, PlayerView, Record, play_game
from warroom.games import get_game

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def kow():
    return get_game("kow")


def _agents(game, seed=1):
    return make_agents(["random", "random"], game, seed)


class PopAgent:
    """Takes its move off the view's list, as a caller may do with a list it was given."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def act(self, view):
        actions = view.legal_actions
        return actions.pop(self.rng.randrange(len(actions)))


def test_an_agent_that_changes_its_legal_actions_leaves_the_state_alone(kow):
    """Audit (stop 48): `PlayerView.legal_actions` was the state's own cached list, so an
    agent that popped its move off it changed what `apply` accepted (IllegalAction for the
    very move it chose). The view's list is a copy made once per view."""
    state = kow.new_state(kow.config(), 1)
    player = state.to_move()[0]
    view = PlayerView(state, player, kow)
    before = list(state.legal_actions(player))
    mine = view.legal_actions
    assert mine is view.legal_actions  # one list per view: reading it twice costs nothing
    assert mine is not state.legal_actions(player)
    mine.clear()
    assert state.legal_actions(player) == before
    result = play_game(kow, kow.config(), 1, [PopAgent(1), make_agent("random", kow, 2)])
    assert result.state.is_terminal()


@pytest.mark.parametrize("seed", ["1", 1.5, True, 2**80, -(2**63) - 1, None])
def test_a_seed_is_a_signed_64_bit_int(kow, seed):
    """Audit (stop 48): `play_game` and `Record.start` took any seed ("1", 1.5, True,
    2**80): "1" played another game than 1, and the record saved was one `Record.load`
    refuses. They refuse it up front, naming the value."""
    with pytest.raises(ConfigError, match=r"^seed must be an integer from -2\*\*63 to "
                                          r"2\*\*63-1; got " + re.escape(repr(seed))):
        play_game(kow, kow.config(), seed, _agents(kow))
    with pytest.raises(ConfigError, match="^seed must be an integer"):
        play_game(kow, kow.config(), seed, _agents(kow), keep_record=False)
    with pytest.raises(ConfigError, match="^seed must be an integer"):
        Record.start(kow, kow.config(), seed)
    with pytest.raises(ConfigError, match="^seed must be an integer"):
        kow.new_state(kow.config(), seed)
    assert Record.start(kow, kow.config(), 2**63 - 1).seed == 2**63 - 1


@pytest.mark.parametrize("config", [{"victories_to_win": 2}, None, "kow"])
def test_a_config_must_be_the_games_config(kow, config):
    """Audit (stop 48): a dict (or None) for a config was a TypeError "must be called with a
    dataclass type or instance" from `play_game` and `Record.start`, and an AttributeError
    from `new_state`. Each says what it expected."""
    expected = (r"^config must be kow's Config, made by game.config\(\{\.\.\.\}\); got "
                + type(config).__name__ + "$")
    for call in (lambda: play_game(kow, config, 1, _agents(kow)),
                 lambda: Record.start(kow, config, 1),
                 lambda: kow.new_state(config, 1)):
        with pytest.raises(ConfigError, match=expected):
            call()
    with pytest.raises(ConfigError, match=r"; got warroom\.games\.champions\.config\.Config$"):
        play_game(kow, get_game("champions").config(), 1, _agents(kow))  # another game's


def test_options_must_be_a_dict_and_a_player_a_seat_number(kow):
    """Audit (stop 48): `game.config([("victories_to_win", 2)])` was an AttributeError, and
    `state.apply("0", action)` said "it is not player 0's decision now" of the player whose
    decision it was."""
    with pytest.raises(ConfigError, match=r"^options must be a dict of option names to "
                                          r"values, e\.g\. \{'players': 3\}; got list$"):
        kow.config([("victories_to_win", 2)])
    state = kow.new_state(kow.config(), 1)
    action = state.legal_actions(0)[0]
    with pytest.raises(IllegalAction, match=r"^a player is a seat number \(an int\); got "
                                            r"'0' \(str\)$"):
        state.apply("0", action)
    state.apply(0, action)  # unchanged by the refusal


def test_a_resumed_record_plays_its_own_config_and_seed_and_grows_in_place(kow):
    """Audit (stop 48): `play_game(..., record=rec)` dropped a `config` and `seed` that were
    not the record's without a word (and extended `rec` in place, undocumented). A config or
    seed given with a record must be the record's (or None)."""
    config = kow.config()
    full = play_game(kow, config, 4, _agents(kow, 4)).record

    def part() -> Record:
        rec = Record.from_json(full.to_json())
        rec.actions = rec.actions[:20]
        return rec

    with pytest.raises(ConfigError, match=r"^config is not the record's \(options "
                                          r"victories_to_win\)"):
        play_game(kow, kow.config({"victories_to_win": 1}), 4, _agents(kow, 4), record=part())
    with pytest.raises(ConfigError, match=r"^seed 999 is not the record's \(4\)"):
        play_game(kow, config, 999, _agents(kow, 4), record=part())
    rec = part()
    result = play_game(kow, config, 4, _agents(kow, 4), record=rec)
    assert result.record is rec and len(rec.actions) == result.decisions > 20
    assert "extended in place" in (play_game.__doc__ or "")
    again = play_game(kow, None, None, _agents(kow, 4), record=part())  # the record's own
    assert again.outcome == result.outcome


@pytest.mark.parametrize(("params", "shown"), [
    ({"iters": 10.5}, "iters must be an integer, not 10.5"),
    ({"iters": True}, "iters must be an integer, not True"),
    ({"depth": 2.0}, "depth must be an integer, not 2.0"),
    ({"c": False}, "c must be a number, not False"),
])
def test_mcts_numbers_from_python_are_taken_as_strictly_as_from_a_spec(params, shown):
    """Audit (stop 48): `MctsAgent(g, 1, iters=10.5)` ran 10 iterations and `iters=True`
    one: int() of a float or a bool. A number given from Python must be of its kind."""
    game = get_game("champions")
    with pytest.raises(ConfigError, match="^mcts: " + re.escape(shown) + "$"):
        MctsAgent(game, 1, **params)
    assert MctsAgent(game, 1, iters=10, c=1).params.iters == 10  # an int is a number too


def test_policy_state_says_it_is_for_the_games_own_heuristic():
    """Audit (stop 48): `PlayerView.policy_state` can be a plain copy of the TRUE state (a
    game whose heuristic reads only the view), while the view is said to hold "everything an
    agent may use": its docstring says who may read it, and what an agent uses instead."""
    doc = " ".join((PlayerView.policy_state.__doc__ or "").split())
    assert "game's own heuristic" in doc
    assert "must not read other seats' hidden information" in doc
    assert "`determinize`" in doc


def _readme_example() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("\n## Use from Python\n", 1)[1].split("\n## ", 1)[0]
    return section.split("```python\n", 1)[1].split("\n```", 1)[0]


def test_the_readme_python_example_runs(tmp_path, monkeypatch, capsys):
    """Audit (stop 48): the library had no documented API. The README's "Use from Python"
    example is run as it is written, so that it cannot drift from the code."""
    monkeypatch.chdir(tmp_path)
    exec(compile(_readme_example(), "README.md (Use from Python)", "exec"), {})
    assert "Victories" in capsys.readouterr().out


def test_the_package_says_it_is_typed():
    """Audit (stop 48): no `py.typed` marker, so type checkers ignored warroom's hints. The
    wheel packages every file of src/warroom (pyproject's hatch target)."""
    assert (ROOT / "src" / "warroom" / "py.typed").is_file()
    assert 'packages = ["src/warroom"]' in (ROOT / "pyproject.toml").read_text()
