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
With decks of their own and Jokers, soldiers of one name may differ by owner: choosing one of
them (the state's `Owned...` actions) has the key of the plain action with the owner's seat
offset added last, `("attack", name, seat, owner)`, `("join", name, group, owner)`,
`("block", name, group, owner)`, `("strike", seat, name, owner)`, `("destroy", seat, name,
owner)`, `("sacrifice", name, owner)`, `("give", name, owner)`; these keys come after all the
others, and other configs have none. The observation of those configs ends with one more
piece, `soldier_owners`: the soldiers each seat controls, by their owner.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any, Final

from ...engine.encoding import Encoding, Piece, Vector
from . import actions as A
from .cards import JOKER, SKILL, deck_names, has_special, is_court
from .config import Config
from .state import DRAFT, STRIKE, BattleState, universe

PHASES = ("draft", "build", "declare", "block", "strike", "main", "choose-opponent", "three",
          "sacrifice", "give", "over")
PHASE_INDEX: Final[dict[str, int]] = {phase: i for i, phase in enumerate(PHASES)}
# Actions keyed by their card's name alone, and actions with one key each.
BY_CARD: Final[dict[type, str]] = {
    A.Pick: "pick", A.AddCard: "add", A.PlaySoldier: "soldier", A.PlayCourt: "court",
    A.PlaySpecial: "special", A.Sacrifice: "sacrifice", A.GiveSoldier: "give"}
FIXED: Final[dict[type, str]] = {A.FinishDeck: "finish", A.EndTurn: "end_turn", A.Done: "done"}
SKILLS = 14  # combat skill 0 (Joker) to 13 (King)
SEAT_FIELDS = ("hits / hits_to_lose", "out", "on your team", "hand / cards", "used its court "
               "card or ability this turn", "has landed an unblocked hit", "in the active "
               "turn", "to move", "picked in this draft round", "deck built")


def _plain(action: Any) -> Any:
    """The plain action an `Owned...` action is a choice of (its fields, less the owner)."""
    base: Any = type(action).__mro__[1]
    return base(*(getattr(action, f) for f in base.__dataclass_fields__))


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
        keys: list[Hashable] = [("pick", c) for c in names]
        keys += [("add", c) for c in names]
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
        # Soldiers alike but for their owner have keys of their own (`Config.mixed_owners`).
        self.owned = config.mixed_owners
        if self.owned:
            keys += [("attack", c, s, o) for c in names for s in others for o in seats]
            keys += [("join", c, g, o) for c in names for g in groups for o in seats]
            keys += [("block", c, g, o) for c in names for g in groups for o in seats]
            keys += [("strike", s, c, o) for s in seats for c in names for o in seats]
            keys += [("destroy", s, c, o) for s in seats for c in names for o in seats]
            keys += [("sacrifice", c, o) for c in names for o in seats]
            keys += [("give", c, o) for c in names for o in seats]
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
            Piece("doomed", (SKILLS,), "soldiers your strikers struck at this skill (the "
                  "others' strikes stay secret until all have struck, then all are destroyed "
                  "together), per skill / (4 x decks)"),
            Piece("special", (2 * n + nn,), "a special ability being resolved: its player "
                  "(seat offset), its card, its victim (seat offset)"),
            Piece("pack", (nn,), "draft: the pack in front of you, per name / copies"),
            Piece("pool", (nn,), "draft and deck building: your pool, per name / copies"),
            Piece("deck", (nn,), "deck building: the cards put in your deck so far / copies"),
            Piece("sizes", (n, 2), "draft and deck building, per seat offset: pool, deck "
                  "/ cards"),
        ]
        if self.owned:  # which soldier an `Owned...` action names: whose card each one is
            pieces.append(Piece("soldier_owners", (n, n, nn), "soldiers each seat controls "
                                "(seat offset), by their owner (seat offset), per name / "
                                "copies: only where decks of their own and Jokers let a "
                                "soldier's owner differ from its controller"))
        self._build(pieces, keys)
        o = self.offsets
        self._phase: int = o["phase"]
        self._round: int = o["round"]
        self._first: int = o["first"]
        self._seats: int = o["seats"]
        self._soldiers: int = o["soldiers"]
        self._hand: int = o["hand"]
        self._draw_piles: int = o["draw_piles"]
        self._discards: int = o["discards"]
        self._groups: int = o["groups"]
        self._combat: int = o["combat"]
        self._striker: int = o["striker"]
        self._strikers_left: int = o["strikers_left"]
        self._doomed: int = o["doomed"]
        self._special: int = o["special"]
        self._pack: int = o["pack"]
        self._pool: int = o["pool"]
        self._deck: int = o["deck"]
        self._sizes: int = o["sizes"]
        self._soldier_owners: int = o["soldier_owners"] if self.owned else -1
        self._hits_to_lose: int = config.hits_to_lose
        # per card id (the state's `names`): its name's index, its combat skill
        physical = universe(decks, config.jokers)
        self._name_of: list[int] = [self.name_index[name] for name in physical]
        self._skill_of: list[int] = [SKILL[name] for name in physical]
        # `indices`: where each kind of key starts; a key's fields are its row and column
        index = self.index
        first = names[0]
        self._attack: int = index[("attack", first, 1)] if n > 1 else -1
        self._join: int = index[("join", first, 0)]
        self._block: int = index[("block", first, 0)]
        self._strike: int = index[("strike", 0, first)]
        self._destroy: int = index[("destroy", 0, first)]
        self._opponent: int = index[("opponent", 1)] if n > 1 else -1
        self._by_card: dict[type, dict[str, int]] = {
            kind: {c: index[(name, c)] for c in names if (name, c) in index}
            for kind, name in BY_CARD.items()}
        self._fixed: dict[type, int] = {kind: index[(name,)] for kind, name in FIXED.items()}
        # where each kind of `Owned...` key starts (-1: this config has none)
        owned = self.owned
        self._o_attack: int = index[("attack", first, 1, 0)] if owned and n > 1 else -1
        self._o_join: int = index[("join", first, 0, 0)] if owned else -1
        self._o_block: int = index[("block", first, 0, 0)] if owned else -1
        self._o_strike: int = index[("strike", 0, first, 0)] if owned else -1
        self._o_destroy: int = index[("destroy", 0, first, 0)] if owned else -1
        self._o_sacrifice: int = index[("sacrifice", first, 0)] if owned else -1
        self._o_give: int = index[("give", first, 0)] if owned else -1
        # counts of `_names` and `_skills`, all 0 between calls, and which are not
        self._counts: list[int] = [0] * max(nn, SKILLS)
        self._touched: list[int] = []

    # The methods take this game's state, narrower than the base's State (mypyc, compiling
    # this module, checks the override): hence the `type: ignore[override]`s.
    def key(self, action: Any, player: int,  # type: ignore[override]
            state: BattleState) -> Hashable:
        kind = type(action)
        n = self.n
        if kind in A.OWNED:
            plain = self.key(_plain(action), player, state)
            return (*plain, (action.owner - player) % n)  # type: ignore[misc]
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

    # --- the observation -------------------------------------------------------------------
    # Written whole at every look, compiled (warroom.native) with the rules: offsets are
    # typed attributes, and each card id's name and combat skill are looked up in lists.
    def indices(self, state: BattleState, player: int,  # type: ignore[override]
                actions: Sequence[Any]) -> list[int]:
        """`key`'s indices, computed from each action's fields (compiled: no key is built,
        and no action remembered)."""
        n, groups, nn = self.n, self.groups, len(self.names)
        name_index = self.name_index
        out: list[int] = []
        for a in actions:
            kind = type(a)
            if kind is A.Attack:
                if a.new:
                    i = self._attack + name_index[a.card] * (n - 1) + (a.target - player) % n - 1
                else:
                    i = self._join + name_index[a.card] * groups + a.group
            elif kind is A.Block:
                i = self._block + name_index[a.card] * groups + a.group
            elif kind is A.Strike:
                i = self._strike + (a.player - player) % n * nn + name_index[a.card]
            elif kind is A.Destroy:
                i = self._destroy + (a.player - player) % n * nn + name_index[a.card]
            elif kind is A.ChooseOpponent:
                i = self._opponent + (a.player - player) % n - 1
            elif kind in self._fixed:
                i = self._fixed[kind]
            elif kind in A.OWNED:
                i = self._owned_index(a, player)
            else:
                i = self._by_card[kind][a.card]
            out.append(i)
        return out

    def _owned_index(self, a: Any, player: int) -> int:
        """`indices` of an `Owned...` action."""
        kind = type(a)
        n, groups, nn = self.n, self.groups, len(self.names)
        c = self.name_index[a.card]
        o = (a.owner - player) % n
        if kind is A.OwnedAttack:
            if a.new:
                return self._o_attack + (c * (n - 1) + (a.target - player) % n - 1) * n + o
            return self._o_join + (c * groups + a.group) * n + o
        if kind is A.OwnedBlock:
            return self._o_block + (c * groups + a.group) * n + o
        if kind is A.OwnedStrike:
            return self._o_strike + ((a.player - player) % n * nn + c) * n + o
        if kind is A.OwnedDestroy:
            return self._o_destroy + ((a.player - player) % n * nn + c) * n + o
        if kind is A.OwnedSacrifice:
            return self._o_sacrifice + c * n + o
        return self._o_give + c * n + o

    def _names(self, out: Vector, start: int, ids: list[int]) -> None:
        """Count the cards `ids` per name, as a share of the copies of each name."""
        name_of, counts, touched = self._name_of, self._counts, self._touched
        for cid in ids:
            i = name_of[cid]
            if not counts[i]:
                touched.append(i)
            counts[i] += 1
        copies = self.copies
        for i in touched:
            out[start + i] = counts[i] / copies[i]
            counts[i] = 0
        touched.clear()

    def _owners(self, state: BattleState, player: int, out: Vector) -> None:
        """Each seat's soldiers by their owner (`soldier_owners`), per name / copies."""
        n, nn = self.n, len(self.names)
        name_of, copies = self._name_of, self.copies
        owner: dict[int, int] = state.owner
        soldiers: list[list[int]] = state.soldiers
        for k in range(n):
            base = self._soldier_owners + k * n * nn
            for cid in soldiers[(player + k) % n]:
                i = name_of[cid]
                slot = base + (owner[cid] - player) % n * nn + i
                out[slot] = out[slot] + 1.0 / copies[i]

    def _skills(self, out: Vector, start: int, soldiers: list[tuple[int, int]]) -> None:
        """Count `soldiers` per combat skill, as a share of 4 x decks."""
        skill_of, counts, touched = self._skill_of, self._counts, self._touched
        for soldier in soldiers:
            skill = skill_of[soldier[1]]
            if not counts[skill]:
                touched.append(skill)
            counts[skill] += 1
        per_skill = self.per_skill
        for skill in touched:
            out[start + skill] = counts[skill] / per_skill
            counts[skill] = 0
        touched.clear()

    def write(self, state: BattleState, player: int,  # type: ignore[override]
              out: Vector) -> None:
        n, nn = self.n, len(self.names)
        cards = self.cards
        phase: str = state.phase
        out[self._phase + PHASE_INDEX[phase]] = 1.0
        rounds: int = state.round
        out[self._round] = min(1.0, rounds * self.round_scale)
        first: int = state.first
        if first >= 0:
            out[self._first + (first - player) % n] = 1.0
        limit = self._hits_to_lose
        to_move = state.to_move()
        building = phase == DRAFT or phase == "build"
        teams: list[int] = state.team
        team = teams[player]
        hits: list[int] = state.hits
        outs: list[bool] = state.out
        hands: list[list[int]] = state.hands
        used: list[bool] = state.used
        first_hit: list[int | None] = state.first_hit
        active: tuple[int, ...] = state.active
        picked: list[bool] = state.picked
        built: list[bool] = state.built
        pool: list[list[int]] = state.pool
        deck: list[list[int]] = state.building
        draw: list[list[int]] = state.draw
        soldiers: list[list[int]] = state.soldiers
        fields = len(SEAT_FIELDS)
        for k in range(n):
            p = (player + k) % n
            base = self._seats + k * fields
            out[base] = min(hits[p], limit) / limit
            out[base + 1] = outs[p]
            out[base + 2] = teams[p] == team
            out[base + 3] = len(hands[p]) / cards
            out[base + 4] = used[p]
            out[base + 5] = first_hit[p] is not None
            out[base + 6] = p in active
            out[base + 7] = p in to_move
            if building:
                out[base + 8] = picked[p]
                out[base + 9] = built[p]
                sizes = self._sizes + 2 * k
                out[sizes] = len(pool[p]) / cards
                out[sizes + 1] = (len(deck[p]) if not built[p] else len(draw[p])) / cards
            self._names(out, self._soldiers + k * nn, soldiers[p])
        if self.owned:
            self._owners(state, player, out)
        self._names(out, self._hand, hands[player])
        discard: list[list[int]] = state.discard
        for k in range(self.zones):
            z = (player + k) % n if self.zones > 1 else 0
            out[self._draw_piles + k] = len(draw[z]) / cards
            self._names(out, self._discards + k * nn, discard[z])
        width = 1 + n + 2 * SKILLS
        base = self._groups
        groups: list[tuple[int, list[tuple[int, int]], list[tuple[int, int]]]] = state.groups
        for target, members, blockers in groups:
            out[base] = 1.0
            out[base + 1 + (target - player) % n] = 1.0
            self._skills(out, base + 1 + n, members)
            self._skills(out, base + 1 + n + SKILLS, blockers)
            base += width
        if phase == STRIKE:
            combats: list[int] = state.combats
            level: int = state.level
            strikers: list[tuple[int, int]] = state.strikers
            out[self._combat + combats[0]] = 1.0
            out[self._combat + self.groups] = level / 13
            ctrl, cid = strikers[0]
            out[self._striker + (ctrl - player) % n] = 1.0
            out[self._striker + n + self._name_of[cid]] = 1.0
            self._skills(out, self._strikers_left, strikers)
            self._skills(out, self._doomed, state.own_strikes(player))
        special: tuple[int, str, int] | None = state.special
        if special is not None:
            who, card, victim = special
            base = self._special
            out[base + (who - player) % n] = 1.0
            out[base + n + self.name_index[card]] = 1.0
            if victim >= 0:
                out[base + n + nn + (victim - player) % n] = 1.0
        if phase == DRAFT:
            cur: list[list[int]] = state.cur
            self._names(out, self._pack, cur[player])
        if building:
            self._names(out, self._pool, pool[player])
            self._names(out, self._deck, deck[player])
