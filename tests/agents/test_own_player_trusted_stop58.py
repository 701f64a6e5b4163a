"""Audit (stop 58): a player of one's own that subclassed a built-in (`class Mine(RandomAgent)`
overriding act) inherited `trusted = True`, so its actions were applied unchecked: an illegal
one was blamed on the game ("a bug in the game's rules: run its conformance suite") or
corrupted it, though the README says every action a player of one's own returns is checked."""

from __future__ import annotations

import itertools
import os
import sys
import textwrap
from pathlib import Path

import pytest

from warroom import agents
from warroom.agents import make_agent
from warroom.engine import IllegalAction, play_game
from warroom.engine.runner import all_trusted
from warroom.games import get_game

MINE = '''
from warroom.agents import RandomAgent


class Mine(RandomAgent):
    """A built-in's subclass whose act returns what no game allows."""

    def act(self, view):
        return "not an action"


class Slotted:
    """Says it is trusted and refuses to be told otherwise."""

    __slots__ = ()
    trusted = True
    name = "slotted"

    def __init__(self, game, seed):
        pass

    def act(self, view):
        return "not an action"

    def note(self):
        return "its own"


class Honest(RandomAgent):
    """A subclass that plays only legal actions: it plays as before, checked."""
'''

_names = itertools.count()


@pytest.fixture
def mine(monkeypatch):
    """MINE as a module of one's own in the current folder (a temporary one), forgotten
    afterwards: its name."""
    name = f"own_trusted_{os.getpid()}_{next(_names)}"
    Path(os.getcwd(), f"{name}.py").write_text(textwrap.dedent(MINE))
    monkeypatch.syspath_prepend(os.getcwd())
    yield name
    sys.modules.pop(name, None)
    for key in [k for k in agents._FOUND if k.startswith(name + ".")]:
        del agents._FOUND[key]


@pytest.mark.parametrize("cls", ["Mine", "Slotted"])
def test_an_illegal_action_of_a_trusted_looking_player_of_ones_own_is_refused(mine, cls):
    """Audit (stop 58): the illegal action is the player's IllegalAction, not the game's
    RulesError, whether the agent takes `trusted = False` or refuses it (`__slots__`)."""
    game = get_game("kow")
    agent = make_agent(f"{mine}.{cls}", game, 1)
    heuristic = make_agent("heuristic", game, 2)
    assert not all_trusted([agent, heuristic])
    with pytest.raises(IllegalAction, match="'not an action' is not a legal action"):
        play_game(game, game.config({}), 1, [agent, heuristic])


def test_a_wrapped_player_keeps_its_own_attributes(mine):
    """Audit (stop 58): a player that refuses the attribute is wrapped, its own methods still
    its own."""
    agent = make_agent(f"{mine}.Slotted", get_game("kow"), 1)
    assert (agent.trusted, agent.name, agent.note()) == (False, "slotted", "its own")


def test_a_legal_subclass_plays_checked_and_built_ins_stay_trusted(mine):
    """Audit (stop 58): a subclass that plays legal actions plays to the end; the built-in
    players keep their fast path."""
    game = get_game("kow")
    agent = make_agent(f"{mine}.Honest", game, 1)
    assert agent.trusted is False and make_agent("random", game, 1).trusted is True
    result = play_game(game, game.config({}), 1, [agent, make_agent("random", game, 2)])
    assert result.outcome is not None
