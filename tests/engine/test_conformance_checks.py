"""The conformance suite's checks of secrets (engine.flowcheck: `simultaneous_leak`,
`determinisation_problem`) on a tiny game built here, registered nowhere: each round both
seats play a card in secret, the higher card scores (the auditor's "duel"). Its broken
variants tell the other seat what was played before it has chosen (DUEL_BREAK=logleak),
through the log or through what it may play; show the opponent's hand (leak); or resample
nothing (leak2)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from warroom.engine import Game, Outcome, State, shuffle, split_rng
from warroom.engine.flowcheck import (
    determinisation_problem,
    simultaneous_leak,
    simultaneous_leak_in_play,
)


@dataclass(frozen=True)
class Play:
    card: int

    @property
    def label(self) -> str:
        return f"play {self.card}"


class Duel(State):
    """`leak`: "" (honest), "log" (the "played" event goes to everyone), "legal" (the seat
    still to choose is offered its cards highest first when the other played an even card),
    "shows" (an observation shows the opponent's hand), "keeps" (it does, and `determinize`
    resamples nothing)."""

    CARDS = tuple(range(1, 11))

    def __init__(self, leak: str, seed: int):
        super().__init__(2, random.Random(seed))
        self.leak = leak
        deck = list(self.CARDS)
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[:3]), sorted(deck[3:6])]
        self.chosen: list[int | None] = [None, None]
        self.points = [0, 0]
        self.played: list[int] = []
        self.movers: tuple[int, ...] = (0, 1)
        for p in (0, 1):
            self.event("deal", to=(p,), cards=list(self.hands[p]))

    def to_move(self) -> tuple[int, ...]:
        return self.movers

    def _legal_actions(self, player: int) -> list[Any]:
        other = self.chosen[1 - player]
        odd = other is None or other % 2 or self.leak != "legal"
        return [Play(c) for c in (self.hands[player] if odd else self.hands[player][::-1])]

    def _apply(self, player: int, action: Any) -> None:
        self.hands[player].remove(action.card)
        self.chosen[player] = action.card
        self.event("chose", player=player)
        self.event("played", to=None if self.leak == "log" else (player,), player=player,
                   card=action.card)
        self.movers = tuple(p for p in self.movers if p != player)
        if not self.movers:
            a, b = self.chosen
            self.points[0 if a > b else 1] += 1  # type: ignore[operator]
            self.event("reveal", cards=list(self.chosen))
            self.played += self.chosen  # type: ignore[arg-type]
            self.chosen = [None, None]
            self.movers = (0, 1) if self.hands[0] else ()

    def is_terminal(self) -> bool:
        return not self.movers

    def outcome(self) -> Outcome | None:
        if self.movers:
            return None
        p = self.points
        return Outcome((0,) if p[0] > p[1] else (1,), (float(p[0]), float(p[1])), "points")

    def observation(self, player: int | None) -> dict[str, Any]:
        obs = {"to_move": list(self.movers), "points": list(self.points),
               "hand": None if player is None else list(self.hands[player]),
               "chosen": [c is not None for c in self.chosen],
               "log": self.visible_log(player)}
        if self.leak in ("shows", "keeps") and player is not None:
            obs["opp_hand"] = list(self.hands[1 - player])
        return obs

    def clone(self) -> Duel:
        new = Duel.__new__(Duel)
        self._copy_base(new)
        new.leak, new.movers = self.leak, self.movers
        new.hands = [list(h) for h in self.hands]
        new.chosen, new.points = list(self.chosen), list(self.points)
        new.played = list(self.played)
        return new

    def determinize(self, player: int, rng: random.Random) -> Duel:
        new = self.clone()
        new.rng = split_rng(rng)
        if self.leak == "keeps":
            return new
        other = 1 - player
        known = set(self.hands[player]) | set(self.played) | {self.chosen[player]}
        unseen = [c for c in self.CARDS if c not in known]
        shuffle(new.rng, unseen)
        if new.chosen[other] is not None:
            new.chosen[other] = unseen.pop()
        new.hands[other] = sorted(unseen[:len(self.hands[other])])
        return new


class DuelGame(Game):
    name = "secret-duel"
    title = "Secret duel"
    actions = (Play,)

    def new_state(self, config: Any, seed: int) -> Duel:
        return Duel(config, seed)


GAME = DuelGame()


def test_an_honest_game_passes_both_checks():
    """Audit (stop 48): nothing is reported where each seat sees only its own card and that
    the other has chosen, and a determinisation resamples the other's hand and choice."""
    assert all(simultaneous_leak_in_play(GAME, "", seed) is None for seed in range(5))
    assert all(determinisation_problem(GAME, "", seed) is None for seed in range(5))


def test_a_choice_told_through_the_log_is_reported_with_the_seat_the_decision_and_the_key():
    """Audit (stop 48): the "played" event sent to everyone showed seat 0's card to seat 1
    while seat 1 was still to choose, and the conformance suite passed it."""
    leak = simultaneous_leak_in_play(GAME, "log", 0)
    assert leak is not None
    assert leak.startswith("seed 0, decision 0: player 1 can tell what player 0 chose")
    assert "at a simultaneous decision (players [0, 1] to move)" in leak
    assert "player 1's observation differs at key 'log'" in leak
    assert "'event': 'played'" in leak  # the event that gave it away


def test_a_choice_told_through_the_other_seats_legal_actions_is_reported():
    """Audit (stop 48): a seat whose choices depend on what the other played in secret can
    tell what that was."""
    leaks = [simultaneous_leak_in_play(GAME, "legal", seed) for seed in range(5)]
    assert any(leak and "'s legal actions differ" in leak for leak in leaks), leaks


@pytest.mark.parametrize("leak", ["", "log"])
def test_the_check_leaves_the_state_alone(leak):
    """Audit (stop 48): the check plays on clones only."""
    state = Duel(leak, 3)
    before = [state.observation(p) for p in (0, 1, None)]
    simultaneous_leak(GAME, state, random.Random(1))
    assert [state.observation(p) for p in (0, 1, None)] == before
    assert state.to_move() == (0, 1)


def test_an_observation_showing_the_opponents_hand_is_blamed_as_well_as_determinize():
    """Audit (stop 48): an observation that showed the opponent's hand failed with
    "determinize(0) changed what player 0 sees", which sent its author to a determinize that
    was right. The message names the key and both possible causes, the observation first."""
    problem = determinisation_problem(GAME, "shows", 0)
    assert problem is not None
    assert problem.startswith("seed 0, after 0 decisions: player 0's observation differs "
                              "between the state and its determinisation for player 0 at key "
                              "'opp_hand'")
    assert "either observation(0) shows something player 0 cannot know" in problem
    assert "or determinize(0) changed something player 0 can see" in problem


def test_a_determinisation_that_resamples_nothing_is_blamed_as_well_as_the_observation():
    """Audit (stop 48): a determinize that kept the opponent's hand (shown in the
    observation too) failed with "determinisation never changed anything a player cannot
    see". The message says what determinize should resample and names the other cause, an
    observation that shows everything."""
    problem = determinisation_problem(GAME, "keeps", 0)
    assert problem is not None and problem.startswith("seed 0: no determinisation")
    assert "either determinize(p) resamples nothing that p cannot know" in problem
    assert "or observation(p) shows all of it" in problem
