"""The rules of Battle (James W. Gray), one decision at a time.

Before play, in the own-deck modes, players draft (all pick at once, then the packs pass) and
build their decks (one card at a time). A turn is: draw step (automatic); attack step
(attackers declared one at a time, each with its target and group; then each defender declares
blockers one at a time; unblocked soldiers hit; then every blocked group fights, strikes going
from the highest combat skill down, equal skills at the same moment, each striker's controller
choosing its victim, unseen by the others until all of that skill have struck); main step
(cards played one at a time, then "end turn").

Physical cards are integer ids; `self.names[id]` is the card's name. Every zone is a list of
ids, so determinisation can resample hidden cards by shuffling ids between hidden zones.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from mypy_extensions import mypyc_attr

from ...engine import UNIFORM, Belief, Outcome, State, shuffle, split_rng
from .actions import (
    AddCard,
    Attack,
    Block,
    ChooseOpponent,
    Destroy,
    Done,
    EndTurn,
    FinishDeck,
    GiveSoldier,
    OwnedAttack,
    OwnedBlock,
    OwnedDestroy,
    OwnedGiveSoldier,
    OwnedSacrifice,
    OwnedStrike,
    Pick,
    PlayCourt,
    PlaySoldier,
    PlaySpecial,
    Sacrifice,
    Strike,
    owner_of,
)
from .cards import JOKER, SKILL, deck_names, has_special, is_court, sort_key, suit
from .config import Config

DRAFT, BUILD = "draft", "build"
DECLARE, BLOCK, STRIKE, MAIN = "declare", "block", "strike", "main"
OPPONENT, THREE, SACRIFICE, GIVE = "choose-opponent", "three", "sacrifice", "give"
OVER = "over"
# The way the packs pass, by pack: "left, right, left" (the rule text); left is the next seat.
PASSING = ("left", "right")
QUEUED = frozenset((DECLARE, BLOCK, MAIN))  # phases in which the queue's head decides

Soldier = tuple[int, int]  # (controller, card id) inside an attack group
# A soldier as a choice names it: its name, and its owner where soldiers of that name differ
# by owner (a destroyed soldier goes to its owner's discard pile), else -1 (`_choices`).
Choice = tuple[str, int]


class DraftMemory:
    """What one player knows of the draft: the packs it passed on that are still going round
    (`open`: pack id -> the cards it left in it), and the cards those
    packs lost before they came back or ran out (`closed`: the cards, and the players they
    went through, each of whom took exactly one). Immutable: every change makes a new one,
    so the copies a search makes share it."""

    __slots__ = ("open", "closed")

    def __init__(self, open: dict[int, tuple[int, ...]] | None = None,
                 closed: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...] = ()):
        self.open = open or {}
        self.closed = closed

    def passing(self, pack: int, left: tuple[int, ...]) -> DraftMemory:
        """The player passes `pack` on with `left` in it."""
        if not left:
            return self
        return DraftMemory({**self.open, pack: left}, self.closed)

    def arriving(self, pack: int, now: list[int], me: int, step: int, n: int) -> DraftMemory:
        """`pack` comes to the player again holding `now`."""
        seen = self.open.get(pack)
        if seen is None:
            return self
        have = set(now)
        gone = tuple(c for c in seen if c not in have)
        opened = {k: v for k, v in self.open.items() if k != pack}
        takers = tuple((me + k * step) % n for k in range(1, len(gone) + 1))
        return DraftMemory(opened, self.closed + ((gone, takers),))

    def close_all(self, me: int, step: int, n: int) -> DraftMemory:
        """The packs ran out: every card left in a pack went to the next players in turn."""
        closed = self.closed + tuple(
            (cards, tuple((me + k * step) % n for k in range(1, len(cards) + 1)))
            for cards in self.open.values())
        return DraftMemory({}, closed)

    def takers_since(self, me: int, holder: int, step: int, n: int) -> list[int]:
        """The players who took a card from the pack `me` passed on, before `holder` (who
        holds it now): the seats in between, in the order the pack went."""
        out = []
        q = (me + step) % n
        while q != holder:
            out.append(q)
            q = (q + step) % n
        return out


@lru_cache(maxsize=32)
def universe(decks: int, jokers: bool) -> tuple[str, ...]:
    """Names of every physical card when `decks` decks are shuffled together."""
    return deck_names(jokers) * decks


# Every card name in the order lists of choices show them (`sort_key`: by skill, then suit),
# and each name's place in it: sorting small integers is cheaper than sorting by a key.
ORDERED = tuple(sorted(deck_names(True), key=sort_key))
PLACE = {name: i for i, name in enumerate(ORDERED)}


@lru_cache(maxsize=32)
def universe_places(decks: int, jokers: bool) -> tuple[int, ...]:
    """`PLACE` of the name of every physical card (see `universe`)."""
    return tuple(PLACE[name] for name in universe(decks, jokers))


@lru_cache(maxsize=32)
def universe_skills(decks: int, jokers: bool) -> tuple[int, ...]:
    """The combat skill of every physical card (see `universe`)."""
    return tuple(SKILL[name] for name in universe(decks, jokers))


# What each name may be played as in the main step: a court card, a soldier, or a soldier
# with a special ability; its suit (None: a Joker).
COURT = {name: is_court(name) for name in ORDERED}
SPECIAL = {name: has_special(name) for name in ORDERED}
SUIT = {name: suit(name) for name in ORDERED}
# Only a Joker and a Two need a victim among the opponents' soldiers.
NEEDS_VICTIM = {name: name == JOKER or name[:-1] == "2" for name in ORDERED}


# The choices offered most, each made once per distinct value and then reused: a frozen
# action costs more to build than to look up, and a search finds the very same object at once.
attack_action = functools.cache(Attack)
block_action = functools.cache(Block)
owned_attack_action = functools.cache(OwnedAttack)
owned_block_action = functools.cache(OwnedBlock)
play_soldier_action = functools.cache(PlaySoldier)
play_court_action = functools.cache(PlayCourt)
play_special_action = functools.cache(PlaySpecial)
DONE = Done()
END_TURN = EndTurn()


@lru_cache(maxsize=1 << 14)
def declare_options(names: tuple[str, ...], target: int, new: int, joinable: tuple[int, ...]
                    ) -> tuple[Attack, ...]:
    """The Attack choices against `target`: each free soldier's name in a new group (number
    `new`) or joining each of the groups already against it."""
    out = []
    for name in names:
        out.append(attack_action(name, target, new, True))
        for g in joinable:
            out.append(attack_action(name, target, g, False))
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def block_options(names: tuple[str, ...], groups: tuple[int, ...]) -> tuple[Block, ...]:
    """The Block choices: each group `player` may block, with each free soldier's name."""
    return tuple(block_action(name, g) for g in groups for name in names)


# Where soldiers of one name may differ by owner (`Config.mixed_owners`), the same choices
# from `_choices`, built afresh: such games are rare, and the plain ones above keep their
# cached tuples of names.
def owned_declare_options(choices: list[Choice], target: int, new: int,
                          joinable: tuple[int, ...]) -> list[Attack]:
    out: list[Attack] = []
    for name, owner in choices:
        if owner < 0:
            out += declare_options((name,), target, new, joinable)
        else:
            out.append(owned_attack_action(name, target, new, True, owner))
            out += [owned_attack_action(name, target, g, False, owner) for g in joinable]
    return out


def owned_block_options(choices: list[Choice], groups: list[int]) -> list[Block]:
    return [block_action(name, g) if owner < 0 else owned_block_action(name, g, owner)
            for g in groups for name, owner in choices]


def _final_groups(obs: dict[str, Any]) -> list[dict[str, Any]]:
    """The attack groups of a game over (`obs`, without its own `final_groups`) as its last
    table shows them: each with the blocks declared in the last attack step that the end took
    off the table (a player who loses leaves, its soldiers blocking or not to the discard pile,
    before any combat: `groups` lists the groups it blocked bare, as if nobody had). The
    public log's "block" events of the last turn tell them; blocks still in `groups` are not
    added twice. The terminal and the browser's table both draw these."""
    log = obs["log"]
    start = max((i for i, e in enumerate(log) if e["event"] == "turn"), default=-1)
    shown = [{**group, "blockers": list(group["blockers"])} for group in obs["groups"]]
    for e in log[start + 1:]:
        if e["event"] != "block" or not 0 <= e["group"] < len(shown):
            continue
        blocker = [e["player"], e["card"]]
        if obs["seats"][e["player"]]["out"] and blocker not in shown[e["group"]]["blockers"]:
            shown[e["group"]]["blockers"].append(blocker)
    return shown


# Compiled with mypyc where built (warroom.native). `allow_interpreted_subclasses` keeps
# Python's `__new__` (no `__init__`, as `clone` needs it) and pickling.
@mypyc_attr(allow_interpreted_subclasses=True)
class BattleState(State):
    takes_belief = True

    def __init__(self, config: Config, seed: int):
        n = config.players
        super().__init__(n, random.Random(seed))
        self.config = config
        # Soldiers of one name may differ by owner: only then do choices name owners.
        self.mixed = config.mixed_owners
        own = config.own_decks
        decks = n if own else (n + 1) // 2  # off the top: one deck for every two players
        self.names = universe(decks, config.jokers)
        self.places = universe_places(decks, config.jokers)
        self.skills = universe_skills(decks, config.jokers)
        zones = n if own else 1
        self.draw: list[list[int]] = [[] for _ in range(zones)]
        self.discard: list[list[int]] = [[] for _ in range(zones)]
        # Per draw pile, the cards its last reshuffle put in it: a discard pile is face up, so
        # everybody knows them; until the next, every card drawn from it is one of them.
        self.reshuffled: list[frozenset[int]] = [frozenset() for _ in range(zones)]
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.side: list[list[int]] = [[] for _ in range(n)]  # pool cards left out of the deck
        self.undealt: list[int] = []
        self.soldiers: list[list[int]] = [[] for _ in range(n)]
        self.owner: dict[int, int] = {}
        self.hits = [0] * n
        self.out = [False] * n
        self.first_hit: list[int | None] = [None] * n
        self.team = [config.team_of(p) for p in range(n)]
        if config.teams == "as-one":
            self.units = tuple(tuple(p for p in range(n) if self.team[p] == t)
                               for t in range(config.num_teams))
        else:
            self.units = tuple((p,) for p in range(n))
        self.first = -1
        self.unit = self.first_unit = 0
        self.active: tuple[int, ...] = ()
        self.round = 0
        self.turn_no = 0
        self.used = [False] * n
        self.phase = BUILD
        self.queue: list[int] = []
        self.groups: list[tuple[int, list[Soldier], list[Soldier]]] = []
        self.combats: list[int] = []
        self.level = 0
        self.strikers: list[Soldier] = []
        # The strikes made at the skill striking now, (striker, victim) in the order made:
        # secret from the other controllers until the last of that skill has struck.
        self.struck: list[tuple[Soldier, Soldier]] = []
        self.special: tuple[int, str, int] | None = None  # (player, card, victim)
        self.sacrifices_left = 0
        self.result: Outcome | None = None
        # draft and deck building
        self.packs: list[list[list[int]]] = [[] for _ in range(n)]
        self.cur: list[list[int]] = [[] for _ in range(n)]
        self.picked = [False] * n
        self.pack_no = 0
        self.pool: list[list[int]] = [[] for _ in range(n)]
        self.building: list[list[int]] = [[] for _ in range(n)]
        self.built = [not own] * n
        # What each player saw of the draft (see `_remember_passes`): never changed in place,
        # only replaced, so copies share it. `pack_id[p]`: which pack `cur[p]` is.
        self.pack_id: list[int] = [-1] * n
        self.memory: tuple[DraftMemory, ...] = tuple(DraftMemory() for _ in range(n))
        self.event("setup", players=n, teams=config.teams, team_of=list(self.team),
                   deck_mode=config.deck_mode, decks=decks, jokers=config.jokers)
        self._set_up_decks()

    # --- before play: decks, draft, deck building ------------------------------------------
    def _set_up_decks(self) -> None:
        cfg = self.config
        ids = list(range(len(self.names)))
        if cfg.deck_mode == "off-the-top":
            shuffle(self.rng, ids)
            self.draw[0] = ids
            self._start_game()
            return
        per_deck = len(deck_names(cfg.jokers))
        if cfg.deck_mode == "constructed":
            for p in range(self.num_players):
                own = ids[p * per_deck:(p + 1) * per_deck]
                listed = cfg.deck_list(p)
                if listed:
                    self.draw[p] = [self._pop_named(own, name) for name in listed]
                    self.side[p] = own
                    self.built[p] = True
                else:
                    self.pool[p] = own
            self._start_building()
            return
        shuffle(self.rng, ids)
        if cfg.deck_mode == "sealed":
            for p in range(self.num_players):
                self.pool[p] = sorted(ids[p * per_deck:(p + 1) * per_deck])
            self._start_building()
            return
        size = cfg.pack_size
        for p in range(self.num_players):
            start = p * cfg.packs * size
            self.packs[p] = [ids[start + k * size:start + (k + 1) * size]
                             for k in range(cfg.packs)]
        self.undealt = ids[self.num_players * cfg.packs * size:]
        self.phase = DRAFT
        self._open_pack()

    def _pop_named(self, ids: list[int], name: str) -> int:
        names = self.names
        for i, cid in enumerate(ids):
            if names[cid] == name:
                return ids.pop(i)
        raise ValueError(f"no {name} here")

    def _open_pack(self) -> None:
        for p in range(self.num_players):
            self.cur[p] = self.packs[p].pop(0)
            self.pack_id[p] = self.pack_no * self.num_players + p
        direction = PASSING[self.pack_no % 2]
        self.event("pack", number=self.pack_no + 1, direction=direction)
        self._forced_picks()

    def _forced_picks(self) -> None:
        """The last card of a pack is taken without a decision."""
        if len(self.cur[0]) == 1:
            for p in range(self.num_players):
                self._pick(p, self.cur[p][0])
            self._pass_packs()

    def _pick(self, player: int, cid: int) -> None:
        self.cur[player].remove(cid)
        self.pool[player].append(cid)
        self.picked[player] = True
        self.event("picked", to=(player,), player=player, card=self.names[cid])

    def _pass_packs(self) -> None:
        n = self.num_players
        step = 1 if self.pack_no % 2 == 0 else -1  # left, right, left: left is the next seat
        self._remember_passes()
        self.cur = [self.cur[(p - step) % n] for p in range(n)]
        self.pack_id = [self.pack_id[(p - step) % n] for p in range(n)]
        self.picked = [False] * n
        if self.cur[0]:
            self._remember_arrivals(step)
            self._forced_picks()
            return
        self.memory = tuple(m.close_all(p, step, n) for p, m in enumerate(self.memory))
        self.pack_no += 1
        if self.pack_no < self.config.packs:
            self._open_pack()
        else:
            self._start_building()

    def _remember_passes(self) -> None:
        """Each player passes on the pack it has just picked from: it saw what is left."""
        self.memory = tuple(m.passing(self.pack_id[p], tuple(sorted(self.cur[p])))
                            for p, m in enumerate(self.memory))

    def _remember_arrivals(self, step: int) -> None:
        """A pack a player passed on comes back: what is gone was taken by the players it
        went through, one card each."""
        n = self.num_players
        self.memory = tuple(m.arriving(self.pack_id[p], self.cur[p], p, step, n)
                            for p, m in enumerate(self.memory))

    def _start_building(self) -> None:
        self.phase = BUILD
        self.event("build", size=self.deck_size)
        if all(self.built):
            self._start_game()

    @property
    def deck_size(self) -> int:
        cfg = self.config
        return cfg.constructed_size if cfg.deck_mode == "constructed" else cfg.limited_size

    def _add_to_deck(self, player: int, cid: int) -> None:
        self.pool[player].remove(cid)
        self.building[player].append(cid)
        if len(self.building[player]) == self.deck_size:
            self._finish_deck(player)

    def _finish_deck(self, player: int) -> None:
        self.built[player] = True
        self.draw[player] = self.building[player]
        self.building[player] = []
        self.side[player] = self.pool[player]
        self.pool[player] = []
        self.event("deck_built", player=player)
        self.event("your_deck", to=(player,), player=player,
                   cards=sorted((self.names[c] for c in self.draw[player]), key=sort_key))
        if all(self.built):
            self._start_game()

    # --- the game ----------------------------------------------------------------------------
    def _start_game(self) -> None:
        n = self.num_players
        if self.config.own_decks:
            for p in range(n):
                shuffle(self.rng, self.draw[p])
        cfg = self.config
        self.first = cfg.first_player if cfg.first_player >= 0 else self.rng.randrange(n)
        self.unit = self.first_unit = next(u for u, members in enumerate(self.units)
                                           if self.first in members)
        self.event("first", player=self.first)
        for k in range(n):
            self._draw((self.first + k) % n, cfg.hand_size)
        self.round = 1
        self._start_turn()

    def _zone(self, player: int) -> int:
        return player if self.config.own_decks else 0

    def _draw(self, player: int, count: int = 1, public: bool = True) -> int:
        """Draw `count` cards (fewer if both piles run out); returns how many were drawn."""
        z = self._zone(player)
        pile = self.draw[z]
        got = []
        for _ in range(count):
            if not pile:
                if not self.discard[z]:
                    break  # both piles empty: nothing to draw (RULINGS.md)
                pile.extend(self.discard[z])
                self.discard[z].clear()
                self.reshuffled[z] = frozenset(pile)
                shuffle(self.rng, pile)
                self.event("reshuffle", player=player if self.config.own_decks else None)
            got.append(pile.pop())
        self.hands[player].extend(got)
        if self._log is not None and public:
            self.event("draws", player=player, count=len(got))
        if got and self.logs("drew"):
            self.event("drew", to=(player,), player=player, cards=[self.names[c] for c in got])
        return len(got)

    def _start_turn(self) -> None:
        out = self.out
        active = self.active = tuple([p for p in self.units[self.unit] if not out[p]])
        self.turn_no += 1
        for p in active:
            self.used[p] = False
        # The draw step: "In a two player game, the player who takes the first turn skips
        # his or her first draw step." The turn event tells everybody how many were drawn.
        skip = self.num_players == 2 and self.turn_no == 1
        drawn: list[int] = []
        if self._log is not None:
            self.event("turn", players=list(active), round=self.round, turn=self.turn_no,
                       drawn=drawn)  # filled in just below, before anybody can see it
        if not skip:
            for p in active:
                drawn.append(self._draw(p, 1, public=False))
        else:
            drawn += [0] * len(active)
        self.groups = []
        soldiers = self.soldiers
        self.queue = [p for p in active if soldiers[p]]
        self.phase = DECLARE
        self._next_declarer()

    # attack step: declaring attackers
    def opponents(self, player: int) -> list[int]:
        """Players still in the game who are not on `player`'s team."""
        team = self.team[player]
        return [q for q in range(self.num_players)
                if q != player and not self.out[q] and self.team[q] != team]

    def _attacking_ids(self) -> set[int]:
        return {cid for _, members, _ in self.groups for _, cid in members}

    def _blocking_ids(self) -> set[int]:
        return {cid for _, _, blockers in self.groups for _, cid in blockers}

    def _next_declarer(self, busy: set[int] | None = None) -> None:
        """The next player of the queue with a free soldier and an opponent declares."""
        if busy is None:
            busy = self._attacking_ids()
        queue = self.queue
        while queue:
            p = queue[0]
            if not busy.issuperset(self.soldiers[p]) and self.opponents(p):
                return
            queue.pop(0)
        if self.groups:
            self._start_blocks()
        else:
            self._start_main()

    def _start_blocks(self) -> None:
        n = self.num_players
        start = self.active[0]
        order = [(start + k) % n for k in range(1, n)]
        self.queue = [p for p in order if not self.out[p] and p not in self.active
                      and self.soldiers[p] and self.blockable_groups(p)]
        self.phase = BLOCK
        self._next_blocker()

    def blockable_groups(self, player: int) -> list[int]:
        """Groups `player` may block: those attacking it, or (as one) attacking its team."""
        if self.config.teams == "as-one":
            team = self.team[player]
            return [g for g, (t, _, _) in enumerate(self.groups) if self.team[t] == team]
        return [g for g, (t, _, _) in enumerate(self.groups) if t == player]

    def _next_blocker(self, busy: set[int] | None = None) -> None:
        if busy is None:
            busy = self._blocking_ids()
        queue = self.queue
        while queue:
            if not busy.issuperset(self.soldiers[queue[0]]):
                return
            queue.pop(0)
        self._resolve_hits()

    def _resolve_hits(self) -> None:
        taken = [0] * self.num_players
        for target, members, blockers in self.groups:
            if blockers:
                continue
            taken[target] += len(members)
            for ctrl, _ in members:
                if self.first_hit[ctrl] is None:
                    self.first_hit[ctrl] = self.turn_no
        as_one = self.config.teams == "as-one"
        for p, k in enumerate(taken):
            if k:
                self.hits[p] += k
                if as_one:  # one castle for the team: its total is what counts (and shows)
                    self.event("hits", player=p, hits=k, total=self.castle_hits()[p],
                               team=self.team[p])
                else:
                    self.event("hits", player=p, hits=k, total=self.hits[p])
        limit = self.config.hits_to_lose
        hits = self.castle_hits()
        losers = [p for p in range(self.num_players) if not self.out[p] and hits[p] >= limit]
        if losers:  # (nobody out: the teams left are as many as before, more than one)
            for p in losers:
                self._eliminate(p)
            if self._check_winner():
                return
        self.combats = [g for g, (_, members, blockers) in enumerate(self.groups)
                        if blockers and members]
        self._next_combat()

    def castle_hits(self) -> list[int]:
        """The unblocked hits against each player's castle: its own, or in As one its team's
        ("If either team is attacked by unblocked soldiers five times, then the entire team
        loses": the team is attacked as one, so its members' hits add up). To read only: it
        may be `hits` itself (the heuristic asks for it at every decision it weighs)."""
        if self.config.teams != "as-one":
            return self.hits
        team_hits: dict[int, int] = {}
        for p in range(self.num_players):
            team_hits[self.team[p]] = team_hits.get(self.team[p], 0) + self.hits[p]
        return [team_hits[self.team[p]] for p in range(self.num_players)]

    def _eliminate(self, player: int) -> None:
        """A player who loses leaves the game; its soldiers and hand go to the discard pile."""
        self.out[player] = True
        for cid in self.soldiers[player]:
            self.discard[self._zone(self.owner.pop(cid))].append(cid)
        self.soldiers[player] = []
        self.discard[self._zone(player)].extend(self.hands[player])
        self.hands[player] = []
        for _, members, blockers in self.groups:
            members[:] = [s for s in members if s[0] != player]
            blockers[:] = [s for s in blockers if s[0] != player]
        self.event("eliminated", player=player)

    def _check_winner(self) -> bool:
        alive_teams = {self.team[p] for p in range(self.num_players) if not self.out[p]}
        if len(alive_teams) > 1:
            return False
        (team,) = alive_teams
        winners = tuple(p for p in range(self.num_players) if self.team[p] == team)
        reason = "last team standing" if self.config.teams != "none" else "last player standing"
        self._finish(winners, reason)
        return True

    def _finish(self, winners: tuple[int, ...], reason: str) -> None:
        limit = self.config.hits_to_lose
        hits = self.castle_hits()
        scores = tuple(0.0 if self.out[p] else float(max(0, limit - hits[p]))
                       for p in range(self.num_players))
        self.result = Outcome(winners, scores, reason)
        self.phase = OVER
        self.queue = []
        self.event("game_over", winners=list(winners), reason=reason)

    # attack step: combat
    def _next_combat(self) -> None:
        """Fight the blocked groups in order, until a striker's controller must decide."""
        while self.combats:
            self.level = 99
            self.strikers = []
            self.struck = []
            if self._run_combat():
                return
            self.combats.pop(0)
        self._start_main()

    def _run_combat(self) -> bool:
        """Advance the current combat; True when a striker's controller must choose a target.

        Strikes go from the highest combat skill down; the soldiers of one skill strike at the
        same moment: each controller chooses without seeing the others' choices, and the
        victims are destroyed together when all of them have struck (`_reveal_strikes`). Their
        controllers are asked one after the other, which tells nobody anything: every enemy
        stays alive until the last has struck."""
        _, members, blockers = self.groups[self.combats[0]]
        while True:
            while self.strikers:
                targets = self._strike_targets(self.strikers[0])
                if len(targets) > 1:
                    self.phase = STRIKE
                    return True
                self._strike(self.strikers.pop(0), targets[0])
            self._reveal_strikes(members, blockers)
            if not (members and blockers):
                return False
            skills, level = self.skills, self.level
            both = members + blockers
            below = [skills[c] for _, c in both if skills[c] < level]
            if not below:
                return False
            self.level = level = max(below)
            self.strikers = [s for s in both if skills[s[1]] == level]

    def _enemies(self, striker: Soldier) -> list[Soldier]:
        _, members, blockers = self.groups[self.combats[0]]
        return blockers if striker in members else members

    def _strike_targets(self, striker: Soldier) -> list[tuple[int, str, int]]:
        """Distinct (controller, card name, owner) of the striker's enemies in this combat, in
        their order; the owner is -1 unless that controller's enemies of that name differ by
        owner (see `_choices`)."""
        enemies = self._enemies(striker)
        names = self.names
        if not self.mixed:
            return list(dict.fromkeys((c, names[cid], -1) for c, cid in enemies))
        return [(c, name, owner) for (c, name), owner
                in self._owners_apart([((c, names[cid]), cid) for c, cid in enemies])]

    def _strike(self, striker: Soldier, target: tuple[int, str, int]) -> None:
        """`striker` strikes the enemy `target` (controller, name, owner or -1: any), in secret
        until the level resolves. Of identical enemy cards it takes one not struck yet at
        this level, if any (RULINGS: "the second strike takes the other")."""
        owners = self.owner
        matching = [s for s in self._enemies(striker)
                    if s[0] == target[0] and self.names[s[1]] == target[1]
                    and (target[2] < 0 or owners[s[1]] == target[2])]
        doomed = [victim for _, victim in self.struck]
        fresh = [s for s in matching if s not in doomed]
        self.struck.append((striker, (fresh or matching)[0]))

    def _reveal_strikes(self, members: list[Soldier], blockers: list[Soldier]) -> None:
        """Every strike of the level is told to everybody at once, and its victims are
        destroyed together (a victim struck twice dies once: the second strike is wasted)."""
        names = self.names
        if self.logs("strike"):
            seen: set[Soldier] = set()
            for striker, victim in self.struck:
                extra: dict[str, Any] = {"wasted": True} if victim in seen else {}  # struck already
                seen.add(victim)
                self.event("strike", player=striker[0], card=names[striker[1]],
                           target=victim[0], target_card=names[victim[1]], **extra)
        for victim in dict.fromkeys(victim for _, victim in self.struck):
            (members if victim in members else blockers).remove(victim)
            self._destroy(*victim, quiet=True)  # the strike events told of these
        self.struck = []

    def own_strikes(self, player: int | None) -> list[Soldier]:
        """The victims of `player`'s strikes at the skill striking now: all it may know of
        that level's strikes until they are revealed (a spectator: none)."""
        return [victim for striker, victim in self.struck if striker[0] == player]

    def _destroy(self, controller: int, cid: int, quiet: bool = False) -> None:
        self.soldiers[controller].remove(cid)
        self.discard[self._zone(self.owner.pop(cid))].append(cid)
        if not quiet:
            self.event("destroyed", player=controller, card=self.names[cid])

    # main step
    def _start_main(self) -> None:
        self.groups = []
        self.combats = []
        self.strikers = []
        self.queue = [p for p in self.active if not self.out[p]]
        self.phase = MAIN
        self._next_main()

    def _next_main(self) -> None:
        while self.queue and not self.hands[self.queue[0]]:
            self.queue.pop(0)  # nothing in hand: nothing to decide
        if not self.queue:
            self._end_turn()

    def _end_turn(self) -> None:
        """The turn passes clockwise to the next player (or team) still in the game; a new
        round begins when it passes the first player's place."""
        units = len(self.units)
        before = (self.unit - self.first_unit) % units
        nxt = self.unit
        for _ in range(units):
            nxt = (nxt + 1) % units
            if any(not self.out[p] for p in self.units[nxt]):
                break
        if (nxt - self.first_unit) % units <= before:
            self.round += 1
        self.unit = nxt
        cfg = self.config
        if cfg.turn_limit and self.round > cfg.turn_limit:
            self._time_limit()
        elif not cfg.turn_limit and cfg.max_rounds and self.round > cfg.max_rounds:
            self._finish((), "safety round limit: draw")
        else:
            self._start_turn()

    def _time_limit(self) -> None:
        """No winner in the time: fewest unblocked hits taken wins; then the first to land an
        unblocked hit; teams win or lose together."""
        teams = sorted({self.team[p] for p in range(self.num_players) if not self.out[p]})
        members = {t: [p for p in range(self.num_players) if self.team[p] == t] for t in teams}
        taken = {t: sum(self.hits[p] for p in members[t]) for t in teams}
        fewest = min(taken.values())
        tied = [t for t in teams if taken[t] == fewest]
        if len(tied) == 1:
            self._finish(tuple(members[tied[0]]), "turn limit: fewest hits taken")
            return
        firsts: dict[int, int | None] = {
            t: min((h for h in (self.first_hit[p] for p in members[t]) if h is not None),
                   default=None) for t in tied}
        landed = {t: h for t, h in firsts.items() if h is not None}
        if landed:
            earliest = min(landed.values())
            best = [t for t in landed if firsts[t] == earliest]
            if len(best) == 1:
                self._finish(tuple(members[best[0]]), "turn limit: first unblocked hit")
                return
        self._finish((), "turn limit: draw")

    # special abilities
    def _use_special(self, player: int, name: str) -> None:
        if name[:-1] == "A":
            self._draw(player, 2)
            return
        if name[:-1] == "3":
            self.special = (player, name, -1)
            self.phase = THREE
            return
        victims = [q for q in self.opponents(player) if self.soldiers[q]]
        self.special = (player, name, -1)
        if len(victims) == 1:
            self._set_victim(victims[0])
        else:
            self.phase = OPPONENT

    def _set_victim(self, victim: int) -> None:
        assert self.special is not None
        player, name, _ = self.special
        self.special = (player, name, victim)
        self.event("victim", player=player, victim=victim, card=name)
        if name == JOKER:
            if len(self.soldiers[victim]) == 1:
                self._give(victim, self.soldiers[victim][0])
            else:
                self.phase = GIVE
            return
        if len(self.soldiers[victim]) <= 2:
            for cid in list(self.soldiers[victim]):
                self._destroy(victim, cid)
            self._end_special()
        else:
            self.sacrifices_left = 2
            self.phase = SACRIFICE

    def _give(self, victim: int, cid: int) -> None:
        assert self.special is not None
        player = self.special[0]
        self.soldiers[victim].remove(cid)
        self.soldiers[player].append(cid)
        self.event("gained", player=player, victim=victim, card=self.names[cid])
        self._end_special()

    def _end_special(self) -> None:
        self.special = None
        self.phase = MAIN

    def _after(self) -> None:
        """Back in the main step after an action: a player with an empty hand is done."""
        if self.phase == MAIN:
            self._next_main()

    # --- the engine contract ----------------------------------------------------------------
    def to_move(self) -> tuple[int, ...]:
        phase = self.phase
        if phase in QUEUED:  # (the phases of most decisions, asked first)
            return (self.queue[0],)
        if phase == OVER:
            return ()
        if phase == DRAFT:
            return tuple(p for p in range(self.num_players) if not self.picked[p])
        if phase == BUILD:
            return tuple(p for p in range(self.num_players) if not self.built[p])
        if phase == STRIKE:
            return (self.strikers[0][0],)
        assert self.special is not None
        if phase in (SACRIFICE, GIVE):
            return (self.special[2],)
        return (self.special[0],)  # OPPONENT, THREE

    def _names(self, ids: list[int]) -> list[str]:
        """The distinct names of these cards, in the order of `sort_key`."""
        places = self.places
        return [ORDERED[i] for i in sorted({places[c] for c in ids})]

    def _owners_apart(self, keyed: list[tuple[Any, int]]) -> list[tuple[Any, int]]:
        """The distinct (key, owner) of these (key, card id) pairs, in their order: the
        owner is -1 for a key whose cards all have one owner (they are interchangeable),
        else each card's owner. A destroyed soldier goes to its owner's discard pile: of
        soldiers alike but for their owner, which one goes matters. Only where
        `self.mixed`: elsewhere every key's cards are interchangeable."""
        owners = self.owner
        owners_of: dict[Any, set[int]] = {}
        for key, cid in keyed:
            owners_of.setdefault(key, set()).add(owners[cid])
        return list(dict.fromkeys((key, owners[cid] if len(owners_of[key]) > 1 else -1)
                                  for key, cid in keyed))

    def _choices(self, controller: int, ids: list[int]) -> list[Choice]:
        """These soldiers of `controller` as distinct choices (`_owners_apart` by name), in
        the order of `sort_key` and then of their owners' seats."""
        if not self.mixed:
            return [(name, -1) for name in self._names(ids)]
        names, places, owners = self.names, self.places, self.owner
        ordered = sorted(ids, key=lambda c: (places[c], owners[c]))
        return self._owners_apart([(names[c], c) for c in ordered])

    def choice_owner(self, controller: int, ids: list[int], cid: int) -> int:
        """The owner a choice of `cid` among these soldiers of `controller` names (-1: none,
        its name alone tells it; see `_choices`)."""
        if not self.mixed:
            return -1
        name, owner = self.names[cid], self.owner[cid]
        return owner if (name, owner) in self._choices(controller, ids) else -1

    def _find(self, ids: list[int], card: str, owner: int,
              busy: set[int] | None = None) -> int:
        """The first of these cards named `card` (and owned by `owner`, unless -1) and not
        in `busy`."""
        names, owners = self.names, self.owner
        if busy is None:
            busy = set()
        if owner < 0:
            return next(c for c in ids if names[c] == card and c not in busy)
        return next(c for c in ids if names[c] == card and owners[c] == owner
                    and c not in busy)

    def _legal_actions(self, player: int) -> list[Any]:
        phase = self.phase
        if phase == DECLARE:
            return self._declare_actions(player)
        if phase == MAIN:
            return self._main_actions(player)
        if phase == BLOCK:
            busy = self._blocking_ids()
            idle = [c for c in self.soldiers[player] if c not in busy]
            groups = self.blockable_groups(player)
            if self.mixed:
                return [*owned_block_options(self._choices(player, idle), groups), DONE]
            return [*block_options(tuple(self._names(idle)), tuple(groups)), DONE]
        if phase == STRIKE:
            striker = self.names[self.strikers[0][1]]
            return [Strike(striker, c, name) if owner < 0 else
                    OwnedStrike(striker, c, name, owner)
                    for c, name, owner in self._strike_targets(self.strikers[0])]
        if phase == DRAFT:
            return [Pick(name) for name in self._names(self.cur[player])]
        if phase == BUILD:
            free = self.deck_size - len(self.building[player])
            return [AddCard(name) for name in self._names(self.pool[player])] + [FinishDeck(free)]
        if phase == OPPONENT:
            return [ChooseOpponent(q) for q in self.opponents(player) if self.soldiers[q]]
        if phase == THREE:
            return [Destroy(q, name) if owner < 0 else OwnedDestroy(q, name, owner)
                    for q in range(self.num_players)
                    for name, owner in self._choices(q, self.soldiers[q])]
        if phase == SACRIFICE:
            return [Sacrifice(name) if owner < 0 else OwnedSacrifice(name, owner)
                    for name, owner in self._choices(player, self.soldiers[player])]
        if phase == GIVE:
            assert self.special is not None
            to = self.special[0]
            return [GiveSoldier(name, to) if owner < 0 else OwnedGiveSoldier(name, to, owner)
                    for name, owner in self._choices(player, self.soldiers[player])]
        return []

    def _declare_actions(self, player: int) -> list[Any]:
        busy = self._attacking_ids()
        free = [c for c in self.soldiers[player] if c not in busy]
        out: list[Any] = []
        groups = self.groups
        new = len(groups)
        mixed = self.mixed
        names = tuple(self._names(free)) if not mixed else ()
        choices = self._choices(player, free) if mixed else []
        for target in self.opponents(player):
            joinable = tuple([g for g, (t, _, _) in enumerate(groups) if t == target])
            if mixed:
                out += owned_declare_options(choices, target, new, joinable)
            else:
                out += declare_options(names, target, new, joinable)
        out.append(DONE)
        return out

    def _main_actions(self, player: int) -> list[Any]:
        """Every card of the hand as a soldier. A court card, and a special ability, only
        while the player has not used one this turn and has a soldier of the card's suit (a
        Joker has none to match); a Joker's or a Two's ability needs an opponent with a
        soldier (an Ace's always works; a Three always has the soldier of its suit)."""
        out: list[Any] = []
        names = self.names
        used = self.used[player]
        suits = () if used else {SUIT[names[c]] for c in self.soldiers[player]}
        victims = None
        for name in self._names(self.hands[player]):
            if COURT[name]:
                if not used and SUIT[name] in suits:
                    out.append(play_court_action(name))
                continue
            out.append(play_soldier_action(name))
            if SPECIAL[name] and not used:
                s = SUIT[name]
                if s is not None and s not in suits:
                    continue
                if NEEDS_VICTIM[name]:
                    if victims is None:
                        victims = any(self.soldiers[q] for q in self.opponents(player))
                    if not victims:
                        continue
                out.append(play_special_action(name))
        out.append(END_TURN)
        return out

    def _apply(self, player: int, action: Any) -> None:
        kind = type(action)
        handler = _HANDLERS[kind]
        handler(self, player, action)

    # handlers (validated already: the action is one of the legal actions)
    def _do_pick(self, player: int, action: Pick) -> None:
        cid = next(c for c in self.cur[player] if self.names[c] == action.card)
        self._pick(player, cid)
        if not any(not p for p in self.picked):
            self._pass_packs()

    def _do_add(self, player: int, action: AddCard) -> None:
        cid = next(c for c in self.pool[player] if self.names[c] == action.card)
        self._add_to_deck(player, cid)

    def _do_finish(self, player: int, action: FinishDeck) -> None:
        best = sorted(self.pool[player], key=lambda c: sort_key(self.names[c]), reverse=True)
        for cid in best[:action.free]:
            self.pool[player].remove(cid)
            self.building[player].append(cid)
        self._finish_deck(player)

    def _do_attack(self, player: int, action: Attack) -> None:
        busy = self._attacking_ids()
        card = action.card
        cid = self._find(self.soldiers[player], card, owner_of(action), busy)
        if action.new:
            self.groups.append((action.target, [(player, cid)], []))
        else:
            self.groups[action.group][1].append((player, cid))
        if self._log is not None:
            self.event("attack", player=player, card=card, target=action.target,
                       group=action.group)
        busy.add(cid)
        self._next_declarer(busy)

    def _do_done(self, player: int, action: Done) -> None:
        self.queue.pop(0)
        if self.phase == DECLARE:
            self._next_declarer()
        else:
            self._next_blocker()

    def _do_block(self, player: int, action: Block) -> None:
        busy = self._blocking_ids()
        card = action.card
        cid = self._find(self.soldiers[player], card, owner_of(action), busy)
        self.groups[action.group][2].append((player, cid))
        if self._log is not None:
            self.event("block", player=player, card=card, group=action.group)
        busy.add(cid)
        self._next_blocker(busy)

    def _do_strike(self, player: int, action: Strike) -> None:
        self._strike(self.strikers.pop(0), (action.player, action.card, owner_of(action)))
        if not self._run_combat():
            self.combats.pop(0)
            self._next_combat()

    def _do_play(self, player: int, action: Any) -> None:
        cid = self._pop_named(self.hands[player], action.card)
        if type(action) is PlaySpecial:
            self.used[player] = True
            self.event("special", player=player, card=action.card)
            discard = self.discard[self._zone(player)]
            if action.card[:-1] == "A":
                # Discarded once its draws are done: an Ace drawing from a reshuffled discard
                # pile cannot draw itself back (and play again every turn once the piles
                # are low). The other abilities draw nothing, so when they are discarded only
                # orders the pile; it stays first, as the seeded games have it.
                self._use_special(player, action.card)
                discard.append(cid)
            else:
                discard.append(cid)
                self._use_special(player, action.card)
        else:
            if type(action) is PlayCourt:
                self.used[player] = True
            self.soldiers[player].append(cid)
            self.owner[cid] = player
            self.event("play", player=player, card=action.card,
                       court=type(action) is PlayCourt)
        self._after()

    def _do_end_turn(self, player: int, action: EndTurn) -> None:
        self.queue.pop(0)
        self._next_main()

    def _do_choose(self, player: int, action: ChooseOpponent) -> None:
        self._set_victim(action.player)
        self._after()

    def _do_destroy(self, player: int, action: Destroy) -> None:
        cid = self._find(self.soldiers[action.player], action.card, owner_of(action))
        self._destroy(action.player, cid)
        self._end_special()
        self._after()

    def _do_sacrifice(self, player: int, action: Sacrifice) -> None:
        cid = self._find(self.soldiers[player], action.card, owner_of(action))
        self._destroy(player, cid)
        self.sacrifices_left -= 1
        if not self.sacrifices_left:
            self._end_special()
            self._after()

    def _do_give(self, player: int, action: GiveSoldier) -> None:
        cid = self._find(self.soldiers[player], action.card, owner_of(action))
        self._give(player, cid)
        self._after()

    def players_out(self) -> frozenset[int]:
        return frozenset([p for p in range(self.num_players) if self.out[p]])

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome | None:
        return self.result

    # --- what each player may see -----------------------------------------------------------
    def observation(self, player: int | None) -> dict[str, Any]:
        self.check_viewer(player)  # refuse -1 (the last seat's view) and seats past the end
        names = self.names
        own = self.config.own_decks
        # As one, a team has one castle: each member's shows the hits its team has taken.
        castle = self.castle_hits() if self.config.teams == "as-one" else None
        seats = []
        for p in range(self.num_players):
            seat: dict[str, Any] = {
                "hits": self.hits[p],
                "out": self.out[p],
                "team": self.team[p],
                "hand": len(self.hands[p]),
                "soldiers": [[names[c], self.owner[c]] for c in self.soldiers[p]],
                "used_court_or_special": self.used[p],
                "first_hit": self.first_hit[p],
            }
            if castle is not None:
                seat["castle"] = castle[p]
            if own:
                seat["draw_pile"] = len(self.draw[p])
                seat["discard"] = [names[c] for c in self.discard[p]]
            if self.phase in (DRAFT, BUILD):
                seat["picked"] = self.picked[p]
                seat["pool"] = len(self.pool[p])
                seat["deck"] = len(self.building[p]) if not self.built[p] else len(self.draw[p])
                seat["built"] = self.built[p]
            seats.append(seat)
        obs: dict[str, Any] = {
            "game": "battle",
            "you": player,
            "phase": self.phase,
            "to_move": list(self.to_move()),
            "deck_mode": self.config.deck_mode,
            "teams": self.config.teams,
            "hits_to_lose": self.config.hits_to_lose,
            "turn_limit": self.config.turn_limit,
            "round": self.round,
            "turn": self.turn_no,
            "first": self.first,
            "active": list(self.active),
            "seats": seats,
            "groups": [{"target": t, "attackers": [[c, names[i]] for c, i in m],
                        "blockers": [[c, names[i]] for c, i in b]}
                       for t, m, b in self.groups],
            "combat": self._combat_view(player),
            "special": None if self.special is None else
            {"player": self.special[0], "card": self.special[1], "victim": self.special[2]},
            "log": self.visible_log(player),
        }
        if self.config.deck_mode == "draft" and self.phase in (DRAFT, BUILD):
            # public: how long the draft is, which pack is going round and which way the packs
            # go ("pack 1 of 3, pick 4 of 15, passing left"), which the pack alone does not say
            # (the log says it too: "pack 1 opened, passing left")
            obs["packs"] = self.config.packs
            obs["pack_size"] = self.config.pack_size
            if self.phase == DRAFT:
                obs["passing"] = PASSING[self.pack_no % 2]
                obs["pack_number"] = self.pack_no + 1
        if not own:
            obs["draw_pile"] = len(self.draw[0])
            obs["discard"] = [names[c] for c in self.discard[0]]
        if player is not None:
            obs["hand"] = sorted((names[c] for c in self.hands[player]), key=sort_key)
            if self.phase == DRAFT:
                obs["pack"] = sorted((names[c] for c in self.cur[player]), key=sort_key)
            if self.phase in (DRAFT, BUILD):
                obs["pool"] = sorted((names[c] for c in self.pool[player]), key=sort_key)
                obs["deck"] = sorted((names[c] for c in self.building[player]), key=sort_key)
                obs["deck_size"] = self.deck_size
        if self.result is not None:
            obs["outcome"] = self.result.to_json()
            if self.groups:  # hits ended the game before these groups' combats
                obs["final_groups"] = _final_groups(obs)
        return obs

    def _combat_view(self, player: int | None) -> dict[str, Any] | None:
        """The combat being fought; `doomed`: the soldiers `player` has struck at this skill
        (the others' strikes are secret until the level resolves)."""
        if self.phase != STRIKE:
            return None
        names = self.names
        return {"group": self.combats[0], "level": self.level,
                "strikers": [[c, names[i]] for c, i in self.strikers],
                "doomed": [[c, names[i]] for c, i in self.own_strikes(player)]}

    def clone(self) -> BattleState:
        new = BattleState.__new__(BattleState)
        self._copy_base(new)
        new.config = self.config
        new.mixed = self.mixed
        new.names = self.names
        new.places = self.places
        new.skills = self.skills
        new.draw = [list(z) for z in self.draw]
        new.discard = [list(z) for z in self.discard]
        new.reshuffled = list(self.reshuffled)
        new.hands = [list(z) for z in self.hands]
        new.side = [list(z) for z in self.side]
        new.undealt = list(self.undealt)
        new.soldiers = [list(z) for z in self.soldiers]
        new.owner = dict(self.owner)
        new.hits = list(self.hits)
        new.out = list(self.out)
        new.first_hit = list(self.first_hit)
        new.team = self.team
        new.units = self.units
        new.first = self.first
        new.unit = self.unit
        new.first_unit = self.first_unit
        new.active = self.active
        new.round = self.round
        new.turn_no = self.turn_no
        new.used = list(self.used)
        new.phase = self.phase
        new.queue = list(self.queue)
        new.groups = [(t, list(m), list(b)) for t, m, b in self.groups]
        new.combats = list(self.combats)
        new.level = self.level
        new.strikers = list(self.strikers)
        new.struck = list(self.struck)
        new.special = self.special
        new.sacrifices_left = self.sacrifices_left
        new.result = self.result
        new.packs = [[list(k) for k in p] for p in self.packs]
        new.cur = [list(z) for z in self.cur]
        new.picked = list(self.picked)
        new.pack_no = self.pack_no
        new.pool = [list(z) for z in self.pool]
        new.building = [list(z) for z in self.building]
        new.built = list(self.built)
        new.pack_id = list(self.pack_id)
        new.memory = self.memory  # immutable: replaced, never changed
        return new

    def determinize(self, player: int, rng: random.Random,
                    belief: Belief = UNIFORM) -> BattleState:
        """Resample what `player` cannot know: the order of every draw pile, the other
        players' hands, their pools, decks and picks, unopened packs and undealt cards. The
        cards of each group of hidden zones are shuffled together and dealt back into the
        same zones with the same sizes; the log keeps only what `player` saw.

        A draft is remembered: every card `player` saw in a pack and did not take is in that
        pack still or with one of the players the pack went to after it, one card each (the
        draft memory, `DraftMemory`); a pack it passed on holds what it left in it, less the
        picks made since, and a pick made in secret at this moment is put to `belief`. Only
        what `player` saw is read: hidden cards are sorted before they are shuffled. The
        strikes the others made in secret at the skill striking now are put to `belief` too
        (`_resample_strikes`)."""
        new = self.clone()
        new.rng = split_rng(rng)
        if self.log_enabled:  # a simulation's state may have its log switched off
            new.log = self.visible_entries(player)
        aside = new._set_aside_reshuffled(player)
        if self.config.deck_mode == "draft":
            new._determinize_draft(player, belief)
        else:
            for zones in new._hidden_groups(player):
                new._deal_into(sorted(c for z in zones for c in z), zones)
        new._deal_reshuffled(aside)
        if new.struck:
            new._resample_strikes(player, belief)
        return new

    def _resample_strikes(self, player: int, belief: Belief) -> None:
        """Strikes at the skill striking now that `player` did not make are secret from it:
        each is chosen again by `belief`, its striker facing its decision as it did then (the
        strikes before it made, as resampled), and aimed the way `_strike` aims any strike.
        `player`'s own keep their targets."""
        made, waiting = self.struck, self.strikers
        self.struck = []
        for k, (striker, victim) in enumerate(made):
            ctrl = striker[0]
            target: tuple[int, str, int]
            if ctrl == player:
                # The victim's owner: the choice named it, or the victim's namesakes all
                # have that owner (`_strike_targets`), so naming it aims the same.
                target = (victim[0], self.names[victim[1]], self.owner[victim[1]])
            else:
                self.strikers = [s for s, _ in made[k:]] + waiting
                self._legal = {}
                chosen = belief.choose(self, ctrl, self.legal_actions(ctrl), self.rng)
                target = (chosen.player, chosen.card, owner_of(chosen))
            self._strike(striker, target)
        self.strikers = waiting
        self._legal = {}

    def _set_aside_reshuffled(self, player: int
                              ) -> list[tuple[int, int, list[int], list[tuple[int, int]]]]:
        """Take out of the hidden zones the cards `player` knows went into a draw pile it
        cannot see at its last reshuffle (`reshuffled`) and are not in sight: those still in
        the pile, and those its holders drew since (how many each holds is public: the
        draws are counted aloud and every card leaves a hand face up). Per pile: (the pile,
        its size, the cards, (holder, how many) pairs), for `_deal_reshuffled` to deal them
        back among those places only, once the other hidden cards are dealt."""
        aside: list[tuple[int, int, list[int], list[tuple[int, int]]]] = []
        own = self.config.own_decks
        for z, known in enumerate(self.reshuffled):
            if not known or (own and z == player):  # its own pile: dealt back into itself
                continue
            holders = [q for q in range(self.num_players) if q != player and (not own or q == z)]
            cards = list(self.draw[z])
            counts: list[tuple[int, int]] = []
            for q in holders:
                drawn = [c for c in self.hands[q] if c in known]
                if drawn:
                    self.hands[q] = [c for c in self.hands[q] if c not in known]
                    cards += drawn
                    counts.append((q, len(drawn)))
            aside.append((z, len(self.draw[z]), sorted(cards), counts))
            self.draw[z] = []
        return aside

    def _deal_reshuffled(self, aside: list[tuple[int, int, list[int], list[tuple[int, int]]]]
                         ) -> None:
        """Deal back what `_set_aside_reshuffled` took out, shuffled: each pile its size, each
        holder as many as it drew since the reshuffle."""
        for z, size, cards, counts in aside:
            shuffle(self.rng, cards)
            self.draw[z] = cards[:size]
            at = size
            for q, k in counts:
                self.hands[q].extend(cards[at:at + k])
                at += k

    def _hidden_groups(self, player: int) -> list[list[list[int]]]:
        """Groups of zones whose cards `player` cannot tell apart (a draft: see
        `_determinize_draft`)."""
        others = [q for q in range(self.num_players) if q != player]
        if self.config.deck_mode == "off-the-top":
            return [[self.draw[0]] + [self.hands[q] for q in others]]
        per_player = [[self.pool[q], self.building[q], self.side[q], self.hands[q], self.draw[q]]
                      for q in others]
        groups = [[self.draw[player]]]
        if self.config.deck_mode == "constructed":  # each player's cards are its own deck's
            return groups + per_player
        return groups + [[self.undealt] + [z for zones in per_player for z in zones]]

    def _deal_into(self, cards: list[int], zones: list[list[int]]) -> None:
        """Shuffle `cards` and deal them back into `zones`, keeping each zone's size."""
        shuffle(self.rng, cards)
        at = 0
        for z in zones:
            z[:] = cards[at:at + len(z)]
            at += len(z)

    def _determinize_draft(self, player: int, belief: Belief) -> None:
        n = self.num_players
        rng = self.rng
        others = [q for q in range(n) if q != player]
        self.draw[player].sort()
        shuffle(rng, self.draw[player])
        # Every card `player` cannot see now, and the zones of each other player.
        zones = {q: [self.pool[q], self.building[q], self.side[q], self.hands[q], self.draw[q]]
                 for q in others}
        hidden = set(self.undealt)
        hidden.update(c for zs in zones.values() for z in zs for c in z)
        hidden.update(c for q in others for c in self.cur[q])
        hidden.update(c for q in range(n) for k in self.packs[q] for c in k)
        memory = self.memory[player]
        # What the others remember is theirs: a copy for `player` keeps only its own memory.
        self.memory = tuple(m if q == player else DraftMemory() for q, m in enumerate(self.memory))
        owned: dict[int, list[int]] = {q: [] for q in others}  # cards known to be q's
        # A card on the table or in a discard pile shows whose it is.
        shown = {c: p for p in range(n) for c in self.discard[p]}
        shown.update((c, self.owner[c]) for z in self.soldiers for c in z)
        for cards, takers in memory.closed:
            left = list(takers)
            for cid in cards:
                if cid in shown and shown[cid] in left:
                    left.remove(shown[cid])
            rest = sorted(c for c in cards if c not in shown)
            shuffle(rng, rest)  # who took which: one card each, in an unknown order
            for cid, q in zip(rest, left):
                if cid in hidden and q in owned:
                    owned[q].append(cid)
        # Packs `player` passed on, still going round: what it left, less the picks since.
        pending: list[tuple[int, list[int]]] = []  # (holder picking in secret now, its pack)
        contents: dict[int, list[int]] = {}
        step = 1 if self.pack_no % 2 == 0 else -1
        if self.phase == DRAFT:
            for q in others:
                seen = memory.open.get(self.pack_id[q])
                if seen is None:
                    continue
                left = sorted(seen)
                for taker in memory.takers_since(player, q, step, n):
                    cid = left.pop(rng.randrange(len(left)))
                    owned[taker].append(cid)
                if self.picked[q]:
                    pending.append((q, left))
                contents[q] = left
        known = {c for cs in owned.values() for c in cs}
        known.update(c for cs in contents.values() for c in cs)
        unknown = sorted(hidden - known)
        shuffle(rng, unknown)
        if self.phase == DRAFT:
            # Packs still unseen, unopened packs and undealt cards: from the unknown cards.
            for q in others:
                if q in contents:
                    self.cur[q][:] = contents[q]
                else:  # a pack it has not seen (with the secret pick, if one is made)
                    self.cur[q][:] = [unknown.pop() for _ in range(len(self.cur[q])
                                                                   + self.picked[q])]
                    if self.picked[q]:
                        pending.append((q, self.cur[q]))
            for q in range(n):
                for k in self.packs[q]:
                    k[:] = [unknown.pop() for _ in k]
            self.undealt[:] = [unknown.pop() for _ in self.undealt]
            for q, _ in pending:  # its secret pick is one slot of its pool
                self.pool[q].pop()
        else:
            self.undealt[:] = [unknown.pop() for _ in self.undealt]
        sizes = {q: sum(len(z) for z in zones[q]) for q in others}
        for q in others:  # more than fits can only come of a wrong guess of who took which
            unknown.extend(owned[q][sizes[q]:])
            del owned[q][sizes[q]:]
        for q in others:
            mine = owned[q] + [unknown.pop() for _ in range(sizes[q] - len(owned[q]))]
            self._deal_into(sorted(mine), zones[q])
        for q, _ in pending:  # the pick made in secret now, as `belief` says
            self.picked[q] = False
            self._legal = {}
            name = belief.choose(self, q, self.legal_actions(q), rng).card
            cid = next(c for c in self.cur[q] if self.names[c] == name)
            self.cur[q].remove(cid)
            self.pool[q].append(cid)
            self.picked[q] = True
            self._legal = {}

_HANDLERS: dict[type, Callable[[BattleState, int, Any], None]] = {
    Pick: BattleState._do_pick,
    AddCard: BattleState._do_add,
    FinishDeck: BattleState._do_finish,
    Attack: BattleState._do_attack,
    Block: BattleState._do_block,
    Done: BattleState._do_done,
    Strike: BattleState._do_strike,
    PlaySoldier: BattleState._do_play,
    PlayCourt: BattleState._do_play,
    PlaySpecial: BattleState._do_play,
    EndTurn: BattleState._do_end_turn,
    ChooseOpponent: BattleState._do_choose,
    Destroy: BattleState._do_destroy,
    Sacrifice: BattleState._do_sacrifice,
    GiveSoldier: BattleState._do_give,
    OwnedAttack: BattleState._do_attack,
    OwnedBlock: BattleState._do_block,
    OwnedStrike: BattleState._do_strike,
    OwnedDestroy: BattleState._do_destroy,
    OwnedSacrifice: BattleState._do_sacrifice,
    OwnedGiveSoldier: BattleState._do_give,
}
