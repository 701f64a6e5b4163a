"""Battle as numbers, for the research environments (engine.encoding).

Cards are indexed by name (AS 2S ... KS, then hearts, diamonds, clubs, then JK with Jokers);
copies of a name (several decks) are counted. Seats are offsets from the player (0: you, 1: the
next seat clockwise, ...). Attack groups are numbered as the state numbers them, up to the
number of physical cards (a group holds at least one soldier).

Action keys: `("pick", name)`, `("add", name)`, `("finish",)`, `("attack", name, seat)` (a new
group against that seat), `("join", name, group)`, `("block", name, group)`, `("done",)`,
`("strike", seat, name)` (the striker is fixed by the combat), `("soldier", name)`,
`("court", name)`, `("special", name)`, `("end_turn",)`, `("opponent", seat)`,
`("destroy", seat, name)`, `("sacrifice", name)`, `("give", name)` (to the Joker's player).
"""

from __future__ import annotations

from array import array
from collections.abc import Hashable
from typing import Any

from ...engine.encoding import Encoding, Piece
from . import actions as A
from .cards import JOKER, SKILL, deck_names, has_special, is_court
from .config import Config
from .state import DRAFT, STRIKE, BattleState, universe

PHASES = ("draft", "build", "declare", "block", "strike", "main", "choose-opponent", "three",
          "sacrifice", "give", "over")
SKILLS = 14  # combat skill 0 (Joker) to 13 (King)
SEAT_FIELDS = ("hits / hits_to_lose", "out", "on your team", "hand / cards", "used its court "
               "card or ability this turn", "has landed an unblocked hit", "in the active "
               "turn", "to move", "picked in this draft round", "deck built")


def encoding(config: Config) -> BattleEncoding:
    return BattleEncoding(config)


class BattleEncoding(Encoding):
    def __init__(self, config: Config):
        self.config = config
        n = self.n = config.players
        decks = n if config.own_decks else (n + 1) // 2
        self.cards = len(universe(decks, config.jokers))
        self.names = tuple(dict.fromkeys(deck_names(config.jokers)))
        self.name_index = {name: i for i, name in enumerate(self.names)}
        self.copies = [decks * (2 if name == JOKER else 1) for name in self.names]
        self.per_skill = 4 * decks  # at most 4 x decks soldiers share a skill
        self.groups = self.cards  # a group holds at least one soldier
        self.zones = n if config.own_decks else 1
        names, seats, groups = self.names, range(n), range(self.groups)
        others = range(1, n)
        keys: list[Hashable] = [("pick", c) for c in names] + [("add", c) for c in names]
        keys.append(("finish",))
        keys += [("attack", c, s) for c in names for s in others]
        keys += [("join", c, g) for c in names for g in groups]
        keys += [("block", c, g) for c in names for g in groups]
        keys.append(("done",))
        keys += [("strike", s, c) for s in seats for c in names]
        keys += [("soldier", c) for c in names if not is_court(c)]
        keys += [("court", c) for c in names if is_court(c)]
        keys += [("special", c) for c in names if has_special(c)]
        keys.append(("end_turn",))
        keys += [("opponent", s) for s in others]
        keys += [("destroy", s, c) for s in seats for c in names]
        keys += [("sacrifice", c) for c in names] + [("give", c) for c in names]
        nn = len(names)
        limit = config.turn_limit or config.max_rounds or 300
        self.round_scale = 1.0 / limit
        pieces = [
            Piece("seat", (n,), "your seat, one-hot"),
            Piece("phase", (len(PHASES),), "one-hot: " + ", ".join(PHASES)),
            Piece("round", (1,), f"round / {limit} (the turn limit or the safety limit)"),
            Piece("first", (n,), "the first player (seat offset), one-hot"),
            Piece("seats", (n, len(SEAT_FIELDS)), "per seat offset: " + ", ".join(SEAT_FIELDS)),
            Piece("soldiers", (n, nn), "soldiers each seat controls, per name / copies"),
            Piece("hand", (nn,), "your hand, per name / copies"),
            Piece("draw_piles", (self.zones,), "cards in each draw pile / cards (one shared "
                  "pile, or one per seat offset)"),
            Piece("discards", (self.zones, nn), "each discard pile, per name / copies"),
            Piece("groups", (self.groups, 1 + n + 2 * SKILLS), "each attack group: 1 if it "
                  "exists, its target (seat offset) one-hot, attackers per combat skill 0-13, "
                  "blockers per combat skill, / (4 x decks)"),
            Piece("combat", (self.groups + 1,), "the group whose combat is being fought, "
                  "one-hot, then the combat skill striking now / 13"),
            Piece("striker", (n + nn,), "the soldier that strikes next: its controller (seat "
                  "offset), then its name"),
            Piece("strikers_left", (SKILLS,), "soldiers of the skill striking now yet to "
                  "strike, per skill / (4 x decks)"),
            Piece("doomed", (SKILLS,), "soldiers struck at this skill, destroyed together "
                  "when all have struck, per skill / (4 x decks)"),
            Piece("special", (2 * n + nn,), "a special ability being resolved: its player "
                  "(seat offset), its card, its victim (seat offset)"),
            Piece("pack", (nn,), "draft: the pack in front of you, per name / copies"),
            Piece("pool", (nn,), "draft and deck building: your pool, per name / copies"),
            Piece("deck", (nn,), "deck building: the cards put in your deck so far / copies"),
            Piece("sizes", (n, 2), "draft and deck building, per seat offset: pool, deck "
                  "/ cards"),
        ]
        self._build(pieces, keys)

    def key(self, action: Any, player: int, state: BattleState) -> Hashable:
        kind = type(action)
        n = self.n
        if kind is A.Attack:
            if action.new:
                return ("attack", action.card, (action.target - player) % n)
            return ("join", action.card, action.group)
        if kind is A.Block:
            return ("block", action.card, action.group)
        if kind is A.Strike:
            return ("strike", (action.player - player) % n, action.card)
        if kind is A.PlaySoldier:
            return ("soldier", action.card)
        if kind is A.PlayCourt:
            return ("court", action.card)
        if kind is A.PlaySpecial:
            return ("special", action.card)
        if kind is A.Pick:
            return ("pick", action.card)
        if kind is A.AddCard:
            return ("add", action.card)
        if kind is A.Destroy:
            return ("destroy", (action.player - player) % n, action.card)
        if kind is A.Sacrifice:
            return ("sacrifice", action.card)
        if kind is A.GiveSoldier:
            return ("give", action.card)
        if kind is A.ChooseOpponent:
            return ("opponent", (action.player - player) % n)
        if kind is A.FinishDeck:
            return ("finish",)
        if kind is A.EndTurn:
            return ("end_turn",)
        return ("done",)

    def _names(self, out: array, start: int, ids: list[int],
               names: tuple[str, ...]) -> None:
        """Count the cards `ids` per name, as a share of the copies of each name."""
        index = self.name_index
        counts: dict[int, int] = {}
        for cid in ids:
            i = index[names[cid]]
            counts[i] = counts.get(i, 0) + 1
        copies = self.copies
        for i, n in counts.items():
            out[start + i] = n / copies[i]

    def _skills(self, out: array, start: int, soldiers: list[tuple[int, int]],
                names: tuple[str, ...]) -> None:
        """Count `soldiers` per combat skill, as a share of 4 x decks."""
        counts: dict[int, int] = {}
        for _, cid in soldiers:
            skill = SKILL[names[cid]]
            counts[skill] = counts.get(skill, 0) + 1
        for skill, n in counts.items():
            out[start + skill] = n / self.per_skill

    def write(self, state: BattleState, player: int, out: array) -> None:
        o = self.offsets
        n, nn = self.n, len(self.names)
        names = state.names
        cards = self.cards
        out[o["seat"] + player] = 1.0
        phase = state.phase
        out[o["phase"] + PHASES.index(phase)] = 1.0
        out[o["round"]] = min(1.0, state.round * self.round_scale)
        if state.first >= 0:
            out[o["first"] + (state.first - player) % n] = 1.0
        limit = self.config.hits_to_lose
        to_move = state.to_move()
        building = phase in (DRAFT, "build")
        team = state.team[player]
        fields = len(SEAT_FIELDS)
        for k in range(n):
            p = (player + k) % n
            base = o["seats"] + k * fields
            out[base] = min(state.hits[p], limit) / limit
            out[base + 1] = state.out[p]
            out[base + 2] = state.team[p] == team
            out[base + 3] = len(state.hands[p]) / cards
            out[base + 4] = state.used[p]
            out[base + 5] = state.first_hit[p] is not None
            out[base + 6] = p in state.active
            out[base + 7] = p in to_move
            if building:
                out[base + 8] = state.picked[p]
                out[base + 9] = state.built[p]
                sizes = o["sizes"] + 2 * k
                out[sizes] = len(state.pool[p]) / cards
                out[sizes + 1] = (len(state.building[p]) if not state.built[p]
                                  else len(state.draw[p])) / cards
            self._names(out, o["soldiers"] + k * nn, state.soldiers[p], names)
        self._names(out, o["hand"], state.hands[player], names)
        for k in range(self.zones):
            z = (player + k) % n if self.zones > 1 else 0
            out[o["draw_piles"] + k] = len(state.draw[z]) / cards
            self._names(out, o["discards"] + k * nn, state.discard[z], names)
        width = 1 + n + 2 * SKILLS
        for g, (target, members, blockers) in enumerate(state.groups):
            base = o["groups"] + g * width
            out[base] = 1.0
            out[base + 1 + (target - player) % n] = 1.0
            self._skills(out, base + 1 + n, members, names)
            self._skills(out, base + 1 + n + SKILLS, blockers, names)
        if phase == STRIKE:
            out[o["combat"] + state.combats[0]] = 1.0
            out[o["combat"] + self.groups] = state.level / 13
            ctrl, cid = state.strikers[0]
            out[o["striker"] + (ctrl - player) % n] = 1.0
            out[o["striker"] + n + self.name_index[names[cid]]] = 1.0
            self._skills(out, o["strikers_left"], state.strikers, names)
            self._skills(out, o["doomed"], state.doomed, names)
        if state.special is not None:
            who, card, victim = state.special
            base = o["special"]
            out[base + (who - player) % n] = 1.0
            out[base + n + self.name_index[card]] = 1.0
            if victim >= 0:
                out[base + n + nn + (victim - player) % n] = 1.0
        if phase == DRAFT:
            self._names(out, o["pack"], state.cur[player], names)
        if building:
            self._names(out, o["pool"], state.pool[player], names)
            self._names(out, o["deck"], state.building[player], names)
