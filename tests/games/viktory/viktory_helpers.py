"""Helpers that build precise Viktory II battles: scripted dice, a small test deck with known
cards, and hands and deck order set by hand."""

from __future__ import annotations

import random
import tempfile
from functools import cache
from pathlib import Path
from typing import Any
from unittest import mock

import pytest
import yaml

from warroom.games import get_game
from warroom.games.viktory.state import ViktoryState

GAME = get_game("viktory")

# Test cards: id -> fields. Terrain "water" never matches a land hex, so hits are not
# selective unless a test says so.
TEST_CARDS: dict[str, dict[str, Any]] = {
    "RA1": dict(kind="attack", attack="regular", hits=1, misses=0),
    "RA2": dict(kind="attack", attack="regular", hits=2, misses=0),
    "RA3": dict(kind="attack", attack="regular", hits=3, misses=0),
    "RA3P": dict(kind="attack", attack="regular", hits=3, misses=0, terrain="plains"),
    "SA2": dict(kind="attack", attack="surprise", hits=2, misses=0),
    "SEC": dict(kind="attack", attack="regular", hits=1, misses=0, effect="secrecy"),
    "MP": dict(kind="attack", attack="regular", hits=2, misses=0, effect="plus_one_mp"),
    "AC12": dict(kind="attack_counter", attack="regular", counter="flank", hits=1, misses=2),
    "FL01": dict(kind="counter", counter="flank", hits=0, misses=1),
    "FL11": dict(kind="counter", counter="flank", hits=1, misses=1),
    "FL21": dict(kind="counter", counter="flank", hits=2, misses=1),
    "FL21B": dict(kind="counter", counter="flank", hits=2, misses=1),
    "FL22": dict(kind="counter", counter="flank", hits=2, misses=2),
    "FL2P": dict(kind="counter", counter="flank", hits=2, misses=0, terrain="plains"),
    "FR11": dict(kind="counter", counter="frontal", hits=1, misses=1),
    "FR21": dict(kind="counter", counter="frontal", hits=2, misses=1),
    "FR12": dict(kind="counter", counter="frontal", hits=1, misses=2),
    "SC11": dict(kind="counter", counter="surprise", hits=1, misses=1),
    "SC02": dict(kind="counter", counter="surprise", hits=0, misses=2),
    "ROF": dict(kind="counter", counter="flank", hits=1, misses=0,
                effect="reversal_of_fortune"),
    "ROF2": dict(kind="counter", counter="flank", hits=1, misses=0,
                 effect="reversal_of_fortune"),
    "MUD": dict(kind="attack_counter", attack="regular", counter="frontal", hits=1, misses=1,
                effect="mud", special_event=True),
    "IGN": dict(kind="attack_counter", attack="regular", counter="flank", hits=1, misses=1,
                effect="ignore_terrain", special_event=True),
    "REIN": dict(kind="counter", counter="flank", hits=1, misses=1, effect="reinforcements",
                 special_event=True),
    "REIN2": dict(kind="counter", counter="frontal", hits=1, misses=1, effect="reinforcements",
                  special_event=True),
}
# Fillers for flips and draws: AZ* are hits when flipped, CZ* are not.
TEST_CARDS.update({f"AZ{i}": dict(kind="attack", attack="regular", hits=1, misses=0)
                   for i in range(1, 9)})
TEST_CARDS.update({f"AP{i}": dict(kind="attack", attack="regular", hits=1, misses=0,
                                  terrain="plains") for i in range(1, 5)})
TEST_CARDS.update({f"CZ{i}": dict(kind="counter", counter="flank", hits=0, misses=1)
                   for i in range(1, 13)})


def test_deck() -> str:
    """The path of a card file holding TEST_CARDS (written once per test process)."""
    return ordered_deck(())


@cache
def ordered_deck(top: tuple[str, ...]) -> str:
    """The path of a card file holding TEST_CARDS with `top` last: unshuffled, the top of the
    pile, the last card on top (written once per order and test process)."""
    order = [cid for cid in TEST_CARDS if cid not in top] + list(top)
    cards = [{"name": cid, "terrain": "water", "id": cid, **TEST_CARDS[cid]} for cid in order]
    path = Path(tempfile.mkdtemp(prefix="viktory-")) / "test-deck.yaml"
    path.write_text(yaml.safe_dump({"game": "viktory", "name": "test", "cards": cards}))
    return str(path)


class ScriptedDice:
    """Stands in for the state's RNG: dice come from a script; shuffles keep the order."""

    def __init__(self, rolls: list[int]):
        self.rolls = list(rolls)

    def getrandbits(self, k: int) -> int:
        # A die is rolled as `roll_dice` rolls it: three bits, the face less one.
        assert k == 3, "only six-sided dice are scripted"
        assert self.rolls, "the test ran out of scripted dice"
        return self.rolls.pop(0) - 1

    def shuffle(self, items: list[Any]) -> None:
        pass


def dice_battle(monkeypatch: pytest.MonkeyPatch, rolls: list[int], **values: Any
                ) -> ViktoryState:
    """A dice battle whose dice are `rolls`, in order. Expansion options are off unless set."""
    values = {"overwatch": False, "artillery_characteristics": False, **values}
    config = GAME.config(values)
    dice = ScriptedDice(rolls)
    with monkeypatch.context() as patch:
        # The generator the state makes for itself (also where its rules are compiled, which
        # read `random.Random` off the standard module).
        patch.setattr(random, "Random", lambda seed=None: dice)
        return GAME.new_state(config, 0)


def card_battle(attacker: list[str], defender: list[str], deck: list[str] | None = None,
                **values: Any) -> ViktoryState:
    """A cards battle with the test deck and these hands; `deck` lists the draw pile, the
    top card LAST. Expansion options are off unless set."""
    values = {"mode": "cards", "deck": test_deck(), "overwatch": False,
              "artillery_characteristics": False, **values}
    state = GAME.new_state(GAME.config(values), 0)
    assert state.decision == ("wave", 0), "the dealt hand had no Attack card: change the seed"
    state.hands = [sorted(attacker), sorted(defender)]
    state.deck = list(deck or [])
    state.discard = []
    state._legal = {}
    return state


def hybrid_battle(attacker: list[str], defender: list[str], rolls: list[int],
                  deck: list[str] | None = None, **values: Any) -> ViktoryState:
    """A hybrid battle (dice, and the cards for their text) with the test deck, these hands
    and these dice, in order, at its first decision: the launch when the attacker is asked
    (a reserve to bring, or a card whose text acts there), else the card window or a later
    one. The deal itself gives these hands (unshuffled, the attacker draws first), so every
    question is put from them. Expansion options are off unless set."""
    values = {"mode": "hybrid", "deck": ordered_deck((*sorted(defender), *sorted(attacker))),
              "overwatch": False, "artillery_characteristics": False,
              "attacker_hand": len(attacker), "defender_hand": len(defender), **values}
    config = GAME.config(values)
    dice = ScriptedDice(rolls)
    # The generator the state makes for itself (see `dice_battle`): the deal's shuffle keeps
    # the file's order, and the dice are the script's from the first roll on.
    with mock.patch.object(random, "Random", lambda seed=None: dice):
        state = GAME.new_state(config, 0)
    assert state.hands == [sorted(attacker), sorted(defender)]
    state.deck = list(deck or [])
    state.discard = []
    state._legal = {}
    return state


def act(state: ViktoryState, action: Any) -> None:
    """Apply `action` for the player to move."""
    state.apply(state.to_move()[0], action)


def play(state: ViktoryState, card: str, use: str | None = None) -> None:
    """Play a card for the player to move (as the only use offered, unless `use` says)."""
    player = state.to_move()[0]
    matches = [a for a in state.legal_actions(player)
               if getattr(a, "card", None) == card and (use is None or a.use == use)]
    assert len(matches) == 1, f"{card} ({use}) is not one legal play: {state.legal_actions(player)}"
    state.apply(player, matches[0])


def labels(state: ViktoryState) -> list[str]:
    return [a.label for a in state.legal_actions(state.to_move()[0])]


def follow(state: ViktoryState, moves: list[str]) -> None:
    """Play these moves, each named by its label, for whoever is to move."""
    for label in moves:
        player = state.to_move()[0]
        matches = [a for a in state.legal_actions(player) if a.label == label]
        assert matches, f"{label!r} is not legal now: {labels(state)}"
        state.apply(player, matches[0])


def events(state: ViktoryState, kind: str) -> list[dict[str, Any]]:
    return [e for _, e in state.log if e["event"] == kind]


def finish_turn(state: ViktoryState) -> None:
    """Play the end-of-turn decisions: discard the first card, draw nothing."""
    from warroom.games.viktory.actions import Draw

    while not state.is_terminal():
        actions = state.legal_actions(state.to_move()[0])
        action = Draw(0) if Draw(0) in actions else actions[0]
        act(state, action)


# A small open-field card battle, and non-hits to fill the deck for draws and flips.
BASE = dict(terrain="plains", settlement="none", defenders="2i1c", attackers=("2i1c",))
FILL = ["CZ1", "CZ2", "CZ3", "CZ4", "CZ5", "CZ6"]


def battle(attacker: list[str], defender: list[str], deck: list[str] | None = None,
           **values: Any) -> ViktoryState:
    """A card battle of BASE (overridden by `values`) with these hands, FILL below them."""
    return card_battle(attacker, defender, FILL if deck is None else deck,
                       **{**BASE, **values})


def flips(state: ViktoryState, cause: str) -> list[dict[str, Any]]:
    return [e for e in events(state, "flip") if e["cause"] == cause]
