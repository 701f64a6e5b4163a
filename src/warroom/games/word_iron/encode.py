"""Word & Iron, Pitched Battle as numbers, for the research environments (engine.encoding).

Cards are data, so card identities are indices into each seat's deck (the config's `deck0`
and `deck1`): 8 resources, 8 strategies, 8 chance cards, 8 Word of Power cards and 10
champions per deck. Seats are offsets from the player (0: you, 1: the opponent). A realm slot
is a resource's place in its holder's realm; ransoms and truces move resources, so a realm can
hold up to every resource laid out.

Action keys: `("royal", "king" | "queen")`, `("first", seat)`, `("order", kind, source,
amount, percent)` for every benefit a card of either deck grants, `("use", slot)`,
`("finish", skip)`, `("recruit", unit)`, `("casualty", unit)`, `("ransom", slot)`,
`("truce", slot)`, `("no_truce",)`, `("answer", accept)`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Final

from ...engine.encoding import Encoding, Part, Piece, Vector
from . import actions as A
from .army import army_ranks
from .config import Config
from .deck import UNITS, load_deck
from .state import (
    CHAMPION,
    CHANCE,
    STRATEGY,
    WORD,
    Benefit,
    WordIronState,
    in_use,
)

NU = len(UNITS)
# What the benefits part reads: coin winner, benefits, skips, held draws, resource phases
Benefits = tuple[int, list[list[Benefit]], list[list[int]], list[list[int]], list[int]]
PILES = ("strategy", "chance", "word")
BENEFITS = ("protect", "restore", "empower")
DECISIONS = ("royal", "first", "order", "resource", "recruit", "casualty", "ransom",
             "truce_offer", "truce_answer")
SECTION = 8  # resources, strategies, chance and Word of Power cards per deck
CHAMPIONS = 10
SLOT = 4 + SECTION  # a realm slot: held, deck (holder's, other's), index one-hot, ranks
PILE_KINDS: Final = (STRATEGY, CHANCE, WORD)
DECISION_INDEX: Final[dict[str, int]] = {kind: i for i, kind in enumerate(DECISIONS)}
BENEFIT_INDEX: Final[dict[str, int]] = {kind: i for i, kind in enumerate(BENEFITS)}


def encoding(config: Config) -> WordIronEncoding:
    return WordIronEncoding(config)


class WordIronEncoding(Encoding):
    def __init__(self, config: Config):
        self.config = config
        decks = (load_deck(config.deck0), load_deck(config.deck1))
        self.slots = config.realm_of(0) + config.realm_of(1)
        self.unit_ranks = [tuple(s.ranks for s in d.soldiers) for d in decks]
        self.allotted = tuple(s.count for s in decks[0].soldiers)
        # (ranks / the highest, uses / 4) of each resource, by (deck, index)
        self.resources = {(d, i): (r.ranks, r.uses / 4) for d, deck in enumerate(decks)
                          for i, r in enumerate(deck.resources)}
        self.full_army = [army_ranks([s.count for s in d.soldiers],
                                     [s.ranks for s in d.soldiers]) for d in decks]
        self.top_rank = max(s.ranks for d in decks for s in d.soldiers)
        self.top_resource = max(r.ranks for d in decks for r in d.resources)
        self.rounds = config.max_rounds or 200
        orders = []
        for deck in decks:
            for section in ("strategies", "chance", "words", "champions"):
                for card in getattr(deck, section):
                    for e in card.effects:
                        if e.kind in BENEFITS:
                            amount = e.turns if e.kind == "empower" else e.strategies
                            percent = e.percent if e.kind == "empower" else 0
                            orders.append(("order", e.kind, card.name, amount, percent))
        slots = range(self.slots)
        keys: list[Hashable] = [("royal", "king"), ("royal", "queen"), ("first", 0),
                                ("first", 1), *dict.fromkeys(orders)]
        keys += [("use", s) for s in slots] + [("finish", False), ("finish", True)]
        keys += [("recruit", u) for u in UNITS] + [("casualty", u) for u in UNITS]
        keys += [("ransom", s) for s in slots] + [("truce", s) for s in slots]
        keys += [("no_truce",), ("answer", True), ("answer", False)]
        two = "(you, opponent)"
        pieces = [
            Piece("seat", (2,), "your seat, one-hot"),
            Piece("coin_winner", (2,), f"who won the coin toss {two}, one-hot"),
            Piece("first_attacker", (2,), f"who attacks first {two}, one-hot, once chosen"),
            Piece("round", (1,), f"round / {self.rounds}"),
            Piece("words_aside", (1,), "1 once the Word of Power cards are set aside"),
            Piece("royal", (2, 2), f"king, queen: the royal each plays {two}"),
            Piece("married", (2,), f"1 if married {two}"),
            Piece("champions", (2, CHAMPIONS), f"champions drawn, by index in the deck {two}"),
            Piece("champion_pile", (2,), f"champion cards left / {CHAMPIONS} {two}"),
            Piece("field", (2, NU), f"soldiers on the field per unit (spearmen up to royal "
                  f"guards) / allotted {two}"),
            Piece("ranks", (2, NU), f"ranks of power per unit / {self.top_rank} {two}"),
            Piece("army", (2,), f"ranks of power on the field / a full field {two}"),
            Piece("realm", (2, self.slots, SLOT), f"each realm slot {two}: 1 if held; the "
                  "resource's deck (holder's, other's) one-hot and index one-hot (8); its "
                  f"ranks / {self.top_resource}"),
            Piece("uses", (2, self.slots, 2), f"each realm slot {two}: uses / 4, uses left / 4"),
            Piece("piles", (2, 3, 3 + 2 * SECTION), f"strategy, chance, Word of Power deck "
                  f"{two}: cards left / 8, set aside / 8, 1 if a top card shows; the face-up "
                  "top card one-hot; the cards drawn since the last reshuffle"),
            Piece("benefits", (2, 3, 4), f"protect, restore, empower benefits {two}: number "
                  "(at most 4) / 4, 1 if one is in use, the first's turns or strategies left "
                  "/ its total, its percent / 100 (at most 1)"),
            Piece("skips", (2, 4), f"draws to skip (strategy, chance, word, resource) {two}, "
                  "at most 3, / 3"),
            Piece("held", (2, 3), f"extra draws held since set-up (strategy, chance, word) "
                  f"{two}, at most 3, / 3: each comes after that deck's next regular draw"),
            Piece("resource_phases", (2,), f"resource phases so far, at most 10, / 10 {two}"),
            Piece("decision", (len(DECISIONS),), "the pending decision, one-hot: "
                  + ", ".join(DECISIONS)),
            Piece("decider", (2,), f"who decides {two}, one-hot"),
            Piece("ranks_left", (1,), "recruitment or casualty: ranks still to recruit or "
                  f"lose / {self.top_rank * 4}, at most 1"),
            Piece("used", (self.slots,), "resource phase: realm slots used in this phase"),
            Piece("tied_units", (NU,), "casualty: the units of equal ranks, one to fall"),
            Piece("truce_slot", (self.slots,), "truce answer: the offered resource's slot in "
                  "the offerer's realm"),
        ]
        self._build(pieces, keys)
        o = self.offsets
        self._coin_winner: int = o["coin_winner"]
        self._first_attacker: int = o["first_attacker"]
        self._round: int = o["round"]
        self._words_aside: int = o["words_aside"]
        self._royal: int = o["royal"]
        self._married: int = o["married"]
        self._champions: int = o["champions"]
        self._champion_pile: int = o["champion_pile"]
        self._field: int = o["field"]
        self._army: int = o["army"]
        self._realm: int = o["realm"]
        self._uses: int = o["uses"]
        self._piles: int = o["piles"]
        self._benefits: int = o["benefits"]
        self._skips: int = o["skips"]
        self._held: int = o["held"]
        self._resource_phases: int = o["resource_phases"]
        self._decision: int = o["decision"]
        self._decider: int = o["decider"]
        self._ranks_left: int = o["ranks_left"]
        self._used: int = o["used"]
        self._tied_units: int = o["tied_units"]
        self._truce_slot: int = o["truce_slot"]
        self.face_up: bool = config.decks_face_up

    # The methods take this game's state, narrower than the base's State (mypyc, compiling
    # this module, checks the override): hence the `type: ignore[override]`.
    def indices(self, state: WordIronState, player: int,  # type: ignore[override]
                actions: Sequence[Any]) -> list[int]:
        """Each action's key, looked up: the base's way, here in compiled code (the loop and
        its calls of `key` stay native)."""
        index = self.index
        return [index[self.key(a, player, state)] for a in actions]

    def key(self, action: Any, player: int,  # type: ignore[override]
            state: WordIronState) -> Hashable:
        kind = type(action)
        if kind is A.UseResource:
            return ("use", action.slot)
        if kind is A.FinishResources:
            return ("finish", action.skip)
        if kind is A.Recruit:
            return ("recruit", action.unit)
        if kind is A.ChooseCasualty:
            return ("casualty", action.unit)
        if kind is A.OrderBenefit:
            return ("order", action.kind, action.source, action.amount, action.percent)
        if kind is A.TakeRansom:
            return ("ransom", action.slot)
        if kind is A.OfferTruce:
            return ("truce", action.slot)
        if kind is A.NoTruceOffer:
            return ("no_truce",)
        if kind is A.AnswerTruce:
            return ("answer", action.accept)
        if kind is A.ChooseRoyal:
            return ("royal", action.royal)
        return ("first", (action.player - player) % 2)

    def write_constant(self, player: int, out: array) -> None:
        o = self.offsets
        super().write_constant(player, out)  # the seat
        for k, p in enumerate((player, 1 - player)):
            for u, ranks in enumerate(self.unit_ranks[p]):
                out[o["ranks"] + k * NU + u] = ranks / self.top_rank

    # --- the observation: what each part reads of the state, and the slots it writes ------
    # Compiled (warroom.native): offsets are typed attributes.
    def parts(self) -> list[Part]:
        def seat_part(slots: tuple[str, ...], read: Any, write: Any, copy: Any) -> list[Part]:
            """One part per seat offset k, over row k of each piece."""
            return [Part(tuple((name, k) for name in slots), _seat_read(read, k),
                         _seat_write(write, k), copy) for k in (0, 1)]

        return [
            Part(("coin_winner", "first_attacker", "round", "words_aside"), read_standing,
                 self._write_standing),
            *seat_part(("royal", "married", "champions", "field", "army"), read_forces,
                       self._write_forces, copy_forces),
            *seat_part(("realm", "uses"), read_realm, self._write_realm, list),
            *seat_part(("piles", "champion_pile"), read_piles, self._write_piles, copy_piles),
            Part(("benefits", "skips", "held", "resource_phases"), read_benefits,
                 self._write_benefits, copy_benefits),
            Part(("decision", "decider", "ranks_left", "used", "tied_units", "truce_slot"),
                 None, self._write_decision),
        ]

    def _write_standing(self, value: tuple[int, int, int, bool], player: int,
                        out: Vector) -> None:
        coin_winner, first, rounds, words_aside = value
        if coin_winner >= 0:
            out[self._coin_winner + (coin_winner - player) % 2] = 1.0
        if first >= 0:
            out[self._first_attacker + (first - player) % 2] = 1.0
        out[self._round] = min(1.0, rounds / self.rounds)
        out[self._words_aside] = words_aside

    def _write_forces(self, value: tuple[str | None, bool, list[int], list[int]], player: int,
                      k: int, out: Vector) -> None:
        """Seat offset k's royal, marriage, champions drawn and field."""
        p = (player + k) % 2
        royal, married, champions, field = value
        if royal is not None:
            out[self._royal + 2 * k + (royal == "queen")] = 1.0
        out[self._married + k] = married
        at = self._champions + k * CHAMPIONS
        for idx in champions:
            out[at + idx] = 1.0
        ranks = self.unit_ranks[p]
        allotted = self.allotted
        at = self._field + k * NU
        army = 0
        for u in range(len(field)):
            n = field[u]
            out[at + u] = n / allotted[u]
            army += n * ranks[u]
        out[self._army + k] = army / self.full_army[p]

    def _write_piles(self, value: tuple[list[list[int]], list[list[int]], list[list[int]]],
                     player: int, k: int, out: Vector) -> None:
        """Seat offset k's decks: sizes, what is set aside, the face-up top, the discards
        (the order of a deck is read, to notice a change, but never written)."""
        piles, aside, discard = value
        out[self._champion_pile + k] = len(piles[CHAMPION]) / CHAMPIONS
        face_up = self.face_up
        for j in range(3):
            kind = PILE_KINDS[j]
            base = self._piles + (k * 3 + j) * (3 + 2 * SECTION)
            pile = piles[kind]
            out[base] = len(pile) / SECTION
            out[base + 1] = len(aside[kind]) / SECTION
            if pile and face_up:
                out[base + 2] = 1.0
                out[base + 3 + pile[-1]] = 1.0
            for idx in discard[kind]:
                out[base + 3 + SECTION + idx] = 1.0

    def _write_decision(self, state: WordIronState, player: int, out: Vector) -> None:
        pending: tuple | None = state.pending
        if pending is None:
            return
        kind: str = pending[0]
        decider: int = pending[1]
        out[self._decision + DECISION_INDEX[kind]] = 1.0
        out[self._decider + (decider - player) % 2] = 1.0
        scale = self.top_rank * 4
        if kind == "recruit":
            ranks: int = pending[2]
            out[self._ranks_left] = min(1.0, ranks / scale)
        elif kind == "resource":
            used: tuple[int, ...] = state.phase_used
            for slot in used:
                out[self._used + slot] = 1.0
        elif kind == "casualty":
            tied: tuple[int, ...] = pending[2]
            for u in tied:
                out[self._tied_units + u] = 1.0
            left: int = pending[3]
            out[self._ranks_left] = min(1.0, left / scale)
        elif kind == "truce_answer":
            offered: int = pending[3]
            out[self._truce_slot + offered] = 1.0

    def _write_realm(self, realm: list[tuple[int, int, int]], player: int, k: int,
                     out: Vector) -> None:
        """Seat offset k's realm: each resource held, its deck, its uses."""
        p = (player + k) % 2
        base = self._realm + k * self.slots * SLOT
        uses_at = self._uses + k * self.slots * 2
        resources, top = self.resources, self.top_resource
        for slot in range(len(realm)):
            origin, idx, left = realm[slot]
            ranks, uses = resources[origin, idx]
            at = base + slot * SLOT
            out[at] = 1.0
            out[at + 1 + (origin != p)] = 1.0
            out[at + 3 + idx] = 1.0
            out[at + 3 + SECTION] = ranks / top
            out[uses_at + 2 * slot] = uses
            out[uses_at + 2 * slot + 1] = left / 4

    def _write_benefits(self, value: Benefits, player: int, out: Vector) -> None:
        coin_winner, benefits, skips, held, phases = value  # each pair by seat, not offset
        for k in range(2):
            p = player if k == 0 else 1 - player
            base = self._benefits + k * 12
            seen: set[str] = set()
            mine = benefits[p]
            active = in_use(benefits, p, coin_winner)
            for i in range(len(mine)):
                b = mine[i]
                at = base + 4 * BENEFIT_INDEX[b[0]]
                out[at] = min(1.0, out[at] + 0.25)
                if active[i]:
                    out[at + 1] = 1.0
                if b[0] not in seen:
                    seen.add(b[0])
                    out[at + 2] = b[3] / b[2]
                    out[at + 3] = min(1.0, b[4] / 100)
            at = self._skips + 4 * k
            counts = skips[p]
            for d in range(len(counts)):
                out[at + d] = min(counts[d], 3) / 3
            at = self._held + 3 * k
            waiting = held[p]
            for d in range(len(waiting)):
                out[at + d] = min(waiting[d], 3) / 3
            out[self._resource_phases + k] = min(phases[p], 10) / 10


def _seat_read(read: Callable[[WordIronState, int], Any], k: int
               ) -> Callable[[WordIronState, int], Any]:
    """A part's read of seat offset k's side of the state."""
    def seat_read(state: WordIronState, player: int) -> Any:
        return read(state, (player + k) % 2)
    return seat_read


def _seat_write(write: Callable[[Any, int, int, Vector], None], k: int
                ) -> Callable[[Any, int, Vector], None]:
    """A part's write of seat offset k's slots."""
    def seat_write(value: Any, player: int, out: Vector) -> None:
        write(value, player, k, out)
    return seat_write


# What each part reads of a seat `p`'s side of the state: only what `state.observation` shows
# (a deck's order is read to notice a change, never written).
def read_standing(state: WordIronState, player: int) -> tuple[int, int, int, bool]:
    coin_winner = state.coin_winner
    pending = state.pending
    chosen = coin_winner >= 0 and (pending is None or pending[0] != "first")
    return coin_winner, state.order[0] if chosen else -1, state.round, state.words_aside


def read_forces(state: WordIronState, p: int) -> tuple[str | None, bool, list[int], list[int]]:
    return state.royal[p], state.married[p], state.champions[p], state.field[p]


def copy_forces(value: tuple[str | None, bool, list[int], list[int]]
                ) -> tuple[str | None, bool, list[int], list[int]]:
    royal, married, champions, field = value
    return royal, married, list(champions), list(field)


def read_realm(state: WordIronState, p: int) -> list[tuple[int, int, int]]:
    return state.realm[p]


def read_piles(state: WordIronState, p: int
               ) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    return state.piles[p], state.aside[p], state.discard[p]


def copy_piles(value: tuple[list[list[int]], list[list[int]], list[list[int]]]
               ) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
    piles, aside, discard = value
    return [list(c) for c in piles], [list(c) for c in aside], [list(c) for c in discard]


def read_benefits(state: WordIronState, player: int) -> Benefits:
    """Both sides' benefits (which of them is in use depends on both), draws to skip, extra
    draws held and resource phases."""
    return state.coin_winner, state.benefits, state.skips, state.held, state.resource_phases


def copy_benefits(value: Benefits) -> Benefits:
    coin_winner, benefits, skips, held, phases = value
    return (coin_winner, [list(b) for b in benefits], [list(s) for s in skips],
            [list(h) for h in held], list(phases))
