"""engine.flowcheck on a tiny card game: it reports a flow that depends on a hidden hand, and
not a flow that parts where a hidden card is revealed or where a hidden hand offers other
moves."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from warroom.engine import Game, Outcome, State
from warroom.engine.flowcheck import flow_leak


@dataclass(frozen=True)
class Play:
    label = "play your red card"


@dataclass(frozen=True)
class Pass:
    label = "pass"


@dataclass(frozen=True)
class Reveal:
    label = "turn the top card of the deck face up"


class RedCard(State):
    """Seat 0 holds a secret card of R1, R2, B1, B2, B3 and may play it if it is red; then
    seat 1 turns the top card of the deck face up. An honest game asks seat 0 whatever it
    holds (a pass among the choices); a leaky one only when it holds a red card."""

    def __init__(self, honest: bool, seed: int):
        super().__init__(2, random.Random(seed))
        self.honest = honest
        self.deck = ["R1", "R2", "B1", "B2", "B3"]
        self.rng.shuffle(self.deck)
        self.hand = self.deck.pop()
        self.phase = "start"
        self.event("dealt", cards=1)

    def to_move(self) -> tuple[int, ...]:
        if self.phase == "start":
            return (0,) if self.honest or self.hand[0] == "R" else (1,)
        return (1,) if self.phase == "reveal" else ()

    def _legal_actions(self, player: int) -> list[Any]:
        if player == 0:
            return ([Play()] if self.hand[0] == "R" else []) + [Pass()]
        return [Reveal()]

    def _apply(self, player: int, action: Any) -> None:
        if type(action) is Reveal:
            card = self.deck.pop()
            # a legitimate reveal: the event's name, too, says what the hidden card was
            self.event("red_turned" if card[0] == "R" else "black_turned", card=card)
            self.phase = "over"
            return
        self.event("played" if type(action) is Play else "passed", player=0)
        self.phase = "reveal"

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome | None:
        return Outcome((), (0.0, 0.0), "the end") if self.phase == "over" else None

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"hand": self.hand if player == 0 else None, "log": self.visible_log(player)}

    def clone(self) -> RedCard:
        new = RedCard.__new__(RedCard)
        self._copy_base(new)
        new.honest, new.deck, new.hand, new.phase = (self.honest, list(self.deck), self.hand,
                                                     self.phase)
        return new

    def determinize(self, player: int, rng: random.Random) -> RedCard:
        new = self.clone()
        new.rng = random.Random(rng.getrandbits(64))
        hidden_hand = player == 1 and not any(e["event"] == "played" for _, e in self.log)
        unseen = new.deck + ([new.hand] if hidden_hand else [])
        new.rng.shuffle(unseen)
        if hidden_hand:
            new.hand = unseen.pop()
        new.deck = unseen
        return new


class RedCardGame(Game):
    name = "red-card"
    title = "Red card"
    actions = (Play, Pass, Reveal)

    def new_state(self, config: Any, seed: int) -> RedCard:
        return RedCard(config, seed)

    def decision_kind(self, state: RedCard, player: int) -> str:
        return state.phase  # whether seat 0 may also play is up to its hidden card


GAME = RedCardGame()


def leaks(honest: bool) -> list[str]:
    """What flow_leak finds, for both seats, at every state of a few games."""
    found = []
    for seed in range(10):
        state = RedCard(honest, seed)
        while True:
            found += [leak for p in (0, 1) for k in range(5)
                      if (leak := flow_leak(GAME, state, p, k))]
            if state.is_terminal():
                break
            mover = state.to_move()[0]
            state.apply(mover, state.legal_actions(mover)[-1])
    return found


def test_a_question_put_only_to_the_holder_of_a_red_card_is_reported():
    found = leaks(honest=False)
    assert found and all(leak.startswith("seen by player 1, 0 action(s) on: to move: ")
                         for leak in found)


def test_asking_whatever_the_hand_reveals_nothing():
    """Seat 0 may play in one game and only pass in its twin: the twin plays the pass, the
    move both games allow, and the flow stays the same."""
    assert leaks(honest=True) == []


def test_the_default_decision_kind_would_give_the_hidden_card_away(monkeypatch):
    """By default a decision's kind is the types of the legal actions: here they say whether
    seat 0 holds a red card, so the game names its decisions by phase instead."""
    monkeypatch.setattr(RedCardGame, "decision_kind", Game.decision_kind)
    assert any("player 0 decides 'Pass' in the real game, 'Pass,Play' in the twin" in leak
               or "player 0 decides 'Pass,Play' in the real game, 'Pass' in the twin" in leak
               for leak in leaks(honest=True))


@pytest.mark.parametrize("honest", [True, False])
def test_a_card_revealed_under_another_event_name_ends_the_comparison(honest):
    state = RedCard(honest, 3)
    if state.to_move() == (0,):
        state.apply(0, Pass())
    assert flow_leak(GAME, state, 0, 0) is None
    names = set()
    for k in range(20):
        copy = state.determinize(0, random.Random(k))
        copy.apply(1, Reveal())
        names.add(copy.log[-1][1]["event"])
    assert names == {"red_turned", "black_turned"}  # the twins did part, legitimately


@dataclass(frozen=True)
class Scout:
    label = "scout the hill"


@dataclass(frozen=True)
class Spring:
    label = "spring the ambush"


class Ambush(State):
    """Seat 1 hides an ambush on the hill or not; seat 0 scouts it and alone learns what is
    there (a private event). An ambush found, seat 1 is asked to spring it: a private reveal
    that changes who is asked next."""

    def __init__(self, seed: int):
        super().__init__(2, random.Random(seed))
        self.ambush = self.rng.random() < 0.5
        self.phase = "scout"

    def to_move(self) -> tuple[int, ...]:
        return {"scout": (0,), "spring": (1,)}.get(self.phase, ())

    def _legal_actions(self, player: int) -> list[Any]:
        return [Scout()] if player == 0 else [Spring()]

    def _apply(self, player: int, action: Any) -> None:
        if type(action) is Scout:
            self.event("scouted", to=(0,), ambush=self.ambush)
            self.phase = "spring" if self.ambush else "over"
            return
        self.event("sprung")
        self.phase = "over"

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def outcome(self) -> Outcome | None:
        return Outcome((), (0.0, 0.0), "the end") if self.phase == "over" else None

    def observation(self, player: int | None) -> dict[str, Any]:
        return {"log": self.visible_log(player)}

    def clone(self) -> Ambush:
        new = Ambush.__new__(Ambush)
        self._copy_base(new)
        new.ambush, new.phase = self.ambush, self.phase
        return new

    def determinize(self, player: int, rng: random.Random) -> Ambush:
        new = self.clone()
        if player == 0:
            new.ambush = rng.random() < 0.5
        return new


class AmbushGame(Game):
    name = "ambush"
    title = "Ambush"
    actions = (Scout, Spring)

    def new_state(self, config: Any, seed: int) -> Ambush:
        return Ambush(seed)


@pytest.mark.parametrize("says_so", [False, True])
def test_a_private_reveal_that_changes_who_is_asked_ends_the_comparison(says_so,
                                                                         monkeypatch):
    """Game.reveal_changes_flow: a game whose private reveals may change who is asked next
    (an ambush found) says so, and the comparison ends there; without it the twins' parting
    is reported."""
    monkeypatch.setattr(AmbushGame, "reveal_changes_flow",
                        lambda self, event: says_so and event["event"] == "scouted")
    found = [leak for seed in range(20)
             if (leak := flow_leak(AmbushGame(), Ambush(seed), 0, 100 + seed))]
    if says_so:
        assert found == []
    else:
        assert found and all("to move" in leak or "ending" in leak for leak in found)


class AmbushWatched(Ambush):
    """The ambush game with a third seat that only watches: it learns neither what seat 0
    scouts nor whether there is an ambush, only who is asked."""

    def __init__(self, seed: int):
        State.__init__(self, 3, random.Random(seed))
        self.ambush = self.rng.random() < 0.5
        self.phase = "scout"

    def clone(self) -> AmbushWatched:
        new = AmbushWatched.__new__(AmbushWatched)
        self._copy_base(new)
        new.ambush, new.phase = self.ambush, self.phase
        return new

    def determinize(self, player: int, rng: random.Random) -> AmbushWatched:
        new = self.clone()
        if player != 1:
            new.ambush = rng.random() < 0.5
        return new


@pytest.mark.parametrize("says_so", [False, True])
def test_another_player_s_private_reveal_that_changes_who_is_asked_ends_the_comparison(
        says_so, monkeypatch):
    """Game.reveal_changes_flow, for a reveal to another player than the observer: seat 0
    scouting an ambush makes seat 1 be asked, which the watching seat 2 sees; the
    comparison for seat 2 ends at seat 0's reveal when the game says so."""
    monkeypatch.setattr(AmbushGame, "reveal_changes_flow",
                        lambda self, event: says_so and event["event"] == "scouted")
    found = [leak for seed in range(20)
             if (leak := flow_leak(AmbushGame(), AmbushWatched(seed), 2, 100 + seed))]
    if says_so:
        assert found == []
    else:
        assert found and all("to move" in leak or "ending" in leak for leak in found)
