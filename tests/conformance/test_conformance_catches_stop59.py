"""The conformance checks of a game's contract catch the mistakes a sixth game's author made
and users found later (audit, stop 59): each check is run here on a broken variant of kow,
registered nowhere, and must fail it, and pass kow itself."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
import test_conformance as conformance

from warroom.engine import UNIFORM, RecordError
from warroom.engine.flowcheck import determinisation_repeat_problem
from warroom.games.kow import KowGame
from warroom.games.kow.actions import ChooseDice, Stop
from warroom.games.kow.state import KowState

KOW = KowGame()


class ForgetfulGame(KowGame):
    """`Game.actions` leaves Defeat out: the codec cannot decode it."""

    actions = (ChooseDice, Stop)


def test_an_action_class_missing_from_the_games_actions_fails_the_record_checks():
    """Audit (stop 59): a game whose `actions` left out PlayCard played and saved, but its save
    did not replay or resume ("unknown action type 'PlayCard' (known: )"), blamed on the
    file. The record checks encode every action taken and replay the record from its JSON."""
    game = ForgetfulGame()
    with pytest.raises(RecordError, match="unknown action type 'Defeat'"):
        conformance.test_replay_reproduces_every_observation((game, game.config()), 0)
    with pytest.raises(RecordError, match="unknown action type 'Defeat'"):
        conformance.test_observations_are_json_lossless((game, game.config()))


class CarelessState(KowState):
    def determinize(self, player: int, rng: random.Random, belief: Any = UNIFORM) -> KowState:
        return super().determinize(player, random.Random(), belief)  # not the rng given


class CarelessGame(KowGame):
    def new_state(self, config: Any, seed: int) -> KowState:
        return CarelessState(config, seed)


def test_a_determinize_that_ignores_its_rng_is_reported():
    """Audit (stop 59): a determinize drawing from `random.Random()` passed the suite, and the
    same seed gave different mcts games."""
    game = CarelessGame()
    problem = determinisation_repeat_problem(game, game.config(), 13)
    assert problem is not None and "two determinisations for player" in problem
    assert "other than the rng it is given" in problem
    assert determinisation_repeat_problem(KOW, KOW.config(), 13) is None


@dataclass
class LooseConfig:
    rounds: int = 3


@dataclass(unsafe_hash=True)
class AssignableConfig:
    rounds: int = 3


@pytest.mark.parametrize(("config_cls", "says"), [(LooseConfig, "is not hashable"),
                                                  (AssignableConfig, "did not raise")])
def test_a_config_that_is_not_frozen_is_reported(config_cls, says):
    """Audit (stop 59): a Config that was not frozen passed the suite and crashed PettingZoo
    ("unhashable type: 'Config'"); one that hashes but can be assigned to is refused too."""
    game = type("LooseGame", (KowGame,), {"Config": config_cls})()
    problem = conformance.config_problem(game, {})
    assert problem is not None and says in problem and "frozen=True" in problem
    assert conformance.config_problem(KOW, {}) is None


@dataclass
class LooseAction:
    """Not frozen: a dataclass with eq and no hash."""

    inner: Any

    @property
    def label(self) -> str:
        return self.inner.label


@dataclass(frozen=True)
class Unlabelled:
    inner: Any


@pytest.mark.parametrize(("wrap", "says"), [(LooseAction, "is not hashable"),
                                            (Unlabelled, "has no label")])
def test_an_unhashable_or_unlabelled_action_is_reported(wrap, says):
    """Audit (stop 59): an action dataclass that was not frozen passed the suite and crashed
    mcts ("unhashable type"); an action without a label crashed the terminal's human player."""

    class Wrapping(KowState):
        def _legal_actions(self, player: int) -> list[Any]:
            return [wrap(a) for a in super()._legal_actions(player)]

    class WrappingGame(KowGame):
        def new_state(self, config: Any, seed: int) -> KowState:
            return Wrapping(config, seed)

    game = WrappingGame()
    with pytest.raises(AssertionError, match=says):
        conformance.test_every_legal_action_is_hashable_and_labelled((game, game.config()))
    conformance.test_every_legal_action_is_hashable_and_labelled((KOW, KOW.config()))
