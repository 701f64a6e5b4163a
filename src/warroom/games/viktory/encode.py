"""A Viktory II battle as numbers, for the research environments (engine.encoding).

Seat 0 attacks, seat 1 defends; pieces that concern both list you first. Units are counted
per kind (infantry, cavalry, artillery, frigate) as a share of every unit the scenario holds.
The attacker's units are listed by hex side: side 0 is its bombarding units in adjacent
hexes, sides 1 to N the hex sides of the scenario. Battle Cards (cards and hybrid modes) are
indexed by their place in the config's deck file; dice mode has no card pieces or keys.

Action keys: `("casualty", attacker, side, unit)`, `("play", card, use)` (use: attack,
counter, event, text), `("bring", side, unit)`, `("draw_in", attacker, side, unit)`,
`("discard", card)`, `("draw", count)`, and one key for each action without data
(`("fight_on",)`, `("retreat",)`, `("launch",)`, ...).
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable, Sequence
from typing import Any, Final

from ...engine.encoding import Encoding, Piece, Vector
from ..viktory_battles.resolver import BattleSession
from ..viktory_battles.units import SETTLEMENTS, TERRAINS
from . import actions as A
from .config import Config
from .state import ViktoryState

DECISIONS = ("casualty", "continue", "overwatch", "draw_in", "launch", "window", "wave", "play",
             "discard", "lose_card", "draw")
RESPONDS = ("regular", "flank", "frontal", "surprise")
EFFECTS = ("mud", "ignore_terrain", "reinforcements")
DECISION_INDEX: Final[dict[str, int]] = {kind: i for i, kind in enumerate(DECISIONS)}
RESPOND_INDEX: Final[dict[str, int]] = {kind: i for i, kind in enumerate(RESPONDS)}
EFFECT_INDEX: Final[dict[str, int]] = {effect: i for i, effect in enumerate(EFFECTS)}
SIMPLE = {A.FightOn: "fight_on", A.Retreat: "retreat", A.Launch: "launch",
          A.FireOverwatch: "fire_overwatch", A.HoldOverwatch: "hold_overwatch",
          A.PassWindow: "pass_window", A.MoveIn: "move_in", A.Pass: "pass",
          A.StandGround: "stand_ground"}


def encoding(config: Config) -> ViktoryEncoding:
    return ViktoryEncoding(config)


class ViktoryEncoding(Encoding):
    def __init__(self, config: Config):
        self.config = config
        b = config.battle
        self.sides = len(b.sides)
        self.units_total = max(1, sum(b.defender) + sum(b.defender_reserve) + sum(b.bombard)
                               + sum(map(sum, b.sides)) + sum(map(sum, b.reserves)))
        self.has_cards = config.mode != "dice"
        ids = [c.id for c in config.deck_cards.cards] if self.has_cards else []
        self.card_ids = tuple(ids)
        self.card_index = {c: i for i, c in enumerate(ids)}
        nc = len(ids)
        self.places = max(1, sum(b.towns) + sum(b.cities) + 1)
        sides = range(self.sides + 1)
        keys: list[Hashable] = [("casualty", False, 0, u) for u in range(4)]
        keys += [("casualty", True, s, u) for s in sides for u in range(4)]
        keys += [(name,) for name in SIMPLE.values()]
        keys += [("bring", s, u) for s in sides if s for u in range(3)]
        keys += [("draw_in", False, 0, u) for u in range(3)]
        keys += [("draw_in", True, s, u) for s in sides if s for u in range(3)]
        keys += [("play", c, use) for c in ids for use in A.USES]
        keys += [("discard", c) for c in ids]
        if self.has_cards:
            keys += [("draw", n) for n in range(config.hand_limit + 1)]
        two = "(you, opponent)"
        units = "infantry, cavalry, artillery, frigate"
        pieces = [
            Piece("seat", (2,), "your seat, one-hot (seat 0 attacks, seat 1 defends)"),
            Piece("terrain", (len(TERRAINS),), "the battle hex: " + ", ".join(TERRAINS)),
            Piece("settlement", (len(SETTLEMENTS),), "the battle hex: " + ", ".join(SETTLEMENTS)),
            Piece("rules", (5,), "naval support, attacker in supply, defender in supply, "
                  "artillery characteristics, overwatch"),
            Piece("decision", (len(DECISIONS),), "the pending decision, one-hot: "
                  + ", ".join(DECISIONS)),
            Piece("decider", (2,), f"who decides {two}, one-hot"),
            Piece("progress", (2,), f"battle rounds, waves / max_rounds ({config.max_rounds})"),
            Piece("defender", (4,), f"defending units ({units}) / all units"),
            Piece("attacker", (self.sides + 1, 4), "attacking units per hex side (0: "
                  f"bombarding from adjacent hexes) ({units}) / all units"),
            Piece("reserves", (self.sides, 3), "each hex side's reserve (infantry, cavalry, "
                  "artillery) / all units"),
            Piece("defender_reserve", (3,), "the defender's reserve / all units"),
            Piece("fire", (4,), "artillery ready to fire Overwatch / all units, Secrecy in "
                  "effect, attacker dice / 10, defender dice / 10"),
            Piece("lost", (2,), "units lost (attacker, defender) / all units"),
            Piece("casualties", (5,), "casualties to choose: the victim (attacker, "
                  "defender), the chooser (attacker, defender), how many / all units"),
        ]
        if self.has_cards:
            pieces += [
                Piece("hand", (nc,), "your Battle Cards, by index in the deck file"),
                Piece("hand_sizes", (2,), f"cards in hand {two} / {max(1, nc)}"),
                Piece("max_hand", (2,), f"maximum hand size {two} / {max(1, config.hand_limit)}"),
                Piece("places", (2, 2), f"towns, cities held {two} / {self.places}"),
                Piece("deck_left", (1,), f"cards left in the deck / {nc}"),
                Piece("discard", (nc,), "the discard pile"),
                Piece("attack_card", (nc,), "the Attack card of this wave"),
                Piece("pending", (2,), "live hits against the player to play / 12, 1 if they "
                      "are selective"),
                Piece("respond_to", (len(RESPONDS),), "the card type the next Counter answers: "
                      + ", ".join(RESPONDS)),
                Piece("plays", (2, nc), f"cards played this card battle round {two}"),
                Piece("events", (2, len(EFFECTS)), f"Special Events in effect {two}: "
                      + ", ".join(EFFECTS)),
            ]
        self._build(pieces, keys)
        o = self.offsets
        self._decision: int = o["decision"]
        self._decider: int = o["decider"]
        self._progress: int = o["progress"]
        self._defender: int = o["defender"]
        self._attacker: int = o["attacker"]
        self._reserves: int = o["reserves"]
        self._defender_reserve: int = o["defender_reserve"]
        self._fire: int = o["fire"]
        self._lost: int = o["lost"]
        self._casualties: int = o["casualties"]
        self._max_rounds: int = config.max_rounds
        # the card pieces (cards and hybrid modes only)
        self._hand: int = o.get("hand", -1)
        self._hand_sizes: int = o.get("hand_sizes", -1)
        self._max_hand: int = o.get("max_hand", -1)
        self._places: int = o.get("places", -1)
        self._deck_left: int = o.get("deck_left", -1)
        self._discard: int = o.get("discard", -1)
        self._attack_card: int = o.get("attack_card", -1)
        self._pending: int = o.get("pending", -1)
        self._respond_to: int = o.get("respond_to", -1)
        self._plays: int = o.get("plays", -1)
        self._events: int = o.get("events", -1)

    # The methods take this game's state, narrower than the base's State (mypyc, compiling
    # this module, checks the override): hence the `type: ignore[override]`s.
    def indices(self, state: ViktoryState, player: int,  # type: ignore[override]
                actions: Sequence[Any]) -> list[int]:
        """Each action's key, looked up: the base's way, here in compiled code (the loop and
        its calls of `key` stay native)."""
        index = self.index
        return [index[self.key(a, player, state)] for a in actions]

    def key(self, action: Any, player: int,  # type: ignore[override]
            state: ViktoryState) -> Hashable:
        kind = type(action)
        name = SIMPLE.get(kind)
        if name is not None:
            return (name,)
        if kind is A.Casualty:
            return ("casualty", action.attacker, action.side, action.unit)
        if kind is A.PlayCard:
            return ("play", action.card, action.use)
        if kind is A.Bring:
            return ("bring", action.side, action.unit)
        if kind is A.DrawIn:
            return ("draw_in", action.attacker, action.side, action.unit)
        if kind is A.Discard:
            return ("discard", action.card)
        return ("draw", action.count)

    def write_constant(self, player: int, out: array) -> None:
        o = self.offsets
        b = self.config.battle
        super().write_constant(player, out)  # the seat
        out[o["terrain"] + TERRAINS.index(b.terrain)] = 1.0
        out[o["settlement"] + SETTLEMENTS.index(b.settlement)] = 1.0
        rules = (b.naval_support, b.supply[0], b.supply[1], b.artillery_characteristics,
                 b.overwatch)
        for i, flag in enumerate(rules):
            out[o["rules"] + i] = flag

    # Written whole at every look, compiled (warroom.native) with the battle it reads.
    def write(self, state: ViktoryState, player: int,  # type: ignore[override]
              out: Vector) -> None:
        # The battle's fields are its session's.
        session: BattleSession = state.session
        scale = self.units_total
        over: bool = state.over
        decision: tuple[str, int] | None = None if over else state.decision
        if decision:
            out[self._decision + DECISION_INDEX[decision[0]]] = 1.0
            out[self._decider + (decision[1] - player) % 2] = 1.0
        rounds = self._max_rounds
        progress = self._progress
        out[progress] = min(1.0, session.round / rounds)
        out[progress + 1] = min(1.0, session.wave / rounds)
        base = self._defender
        defender = session.defender
        for k in range(4):
            if defender[k]:
                out[base + k] = defender[k] / scale
        base = self._attacker
        for side in session.attacker:
            for k in range(4):
                if side[k]:
                    out[base + k] = side[k] / scale
            base += 4
        base = self._reserves
        reserves = session.reserve
        for i in range(1, len(reserves)):
            reserve = reserves[i]
            for k in range(3):
                if reserve[k]:
                    out[base + k] = reserve[k] / scale
            base += 3
        base = self._defender_reserve
        held: list[int] = session.defender_reserve
        for k in range(3):
            if held[k]:
                out[base + k] = held[k] / scale
        base = self._fire
        out[base] = session.overwatch_ready / scale
        out[base + 1] = session.secrecy
        out[base + 2] = session.attacker_dice() / 10
        out[base + 3] = session.defender_dice()[0] / 10
        lost = session.lost
        out[self._lost] = lost[0] / scale
        out[self._lost + 1] = lost[1] / scale
        queue = session.queue
        if queue and decision:
            first = queue[0]
            victim: int = first[0]
            chooser: int = first[1]
            count: int = first[2]
            base = self._casualties
            out[base + victim] = 1.0
            out[base + 2 + chooser] = 1.0
            out[base + 4] = min(1.0, count / scale)
        if self.has_cards:
            self._write_cards(state, session, player, out)

    def _write_cards(self, state: ViktoryState, session: BattleSession, player: int,
                     out: Vector) -> None:
        index = self.card_index
        nc = len(self.card_ids)
        hands: list[list[str]] = state.hands
        at = self._hand
        for c in hands[player]:
            out[at + index[c]] = 1.0
        limit = max(1, self.config.hand_limit)
        towns: list[int] = state.towns
        cities: list[int] = state.cities
        places = self.places
        for k in range(2):
            p = player if k == 0 else 1 - player
            out[self._hand_sizes + k] = len(hands[p]) / nc
            out[self._max_hand + k] = state.max_hand(p) / limit
            out[self._places + 2 * k] = min(1.0, towns[p] / places)
            out[self._places + 2 * k + 1] = min(1.0, cities[p] / places)
        out[self._deck_left] = len(state.deck) / nc
        at = self._discard
        for c in state.discard:
            out[at + index[c]] = 1.0
        if session.attack_card:
            out[self._attack_card + index[session.attack_card]] = 1.0
        out[self._pending] = min(1.0, session.pending / 12)
        out[self._pending + 1] = session.pending_selective
        if session.last_type:
            out[self._respond_to + RESPOND_INDEX[session.last_type]] = 1.0
        at = self._plays
        for play in session.plays:
            seat: int = play["player"]
            out[at + (seat - player) % 2 * nc + index[play["card"]]] = 1.0
        at = self._events
        for effect, who in session.events:
            out[at + (who - player) % 2 * len(EFFECTS) + EFFECT_INDEX[effect]] = 1.0
