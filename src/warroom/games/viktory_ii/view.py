"""What each player may see (observation), what it remembers in the dark, and
determinisation. The base class of the state's rules, and unlike the rules built on it not
compiled (warroom.native).

Without the dark and independent-exploration options the whole map is public; only the
cards in other players' hands and the order of the deck and of the tile bag are hidden.
With independent exploration a player sees only the hexes it has explored; in the dark only
those next to its units and towns, within two of its cities, and on its own turn within one
hex beyond a moving unit's reach; towns and cities out of sight are remembered as last seen.
"""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass
from typing import Any

from ...engine import State
from ...engine.core import SPECTATORS, told
from ..viktory_battles.hand import max_hand
from ..viktory_battles.resolver import battle_course
from .actions import BuildTown, PlaceCapital, Upgrade
from .board import (
    FOREST,
    GRASSLAND,
    LAND,
    MAX_BALL,
    MOUNTAIN,
    PLAINS,
    TERRAIN_LETTERS,
    UNKNOWN,
    WATER,
    mask_hexes,
    start_area,
)
from .units import (
    ACTIVE,
    ART,
    ATTACKING,
    CARGO,
    CAV,
    CITY,
    DONE,
    FREE,
    FRESH,
    FRIG,
    INF,
    LAND_UNITS,
    MOVABLE,
    NOBODY,
    PLACED,
    RANGE,
    REGROUP,
    TOWN,
    Units,
    support,
)

# How many times `ViewRules._place_settlements` tries before it gives up, and how many hexes
# a player's exploration may grow in a copy to make room for a piece (`ViewRules._widen`).
PLACING_TRIES = 4
WIDENING = 6
# Hexes out of the player's sight a player's exploration holds in a copy for each of its towns
# and cities that the copy puts back (`ViewRules._explore_afresh`): water and the spacing of
# towns take some.
ROOM = 5
# Terrain bytes to the letters of observations ("?" for a tile not yet placed).
LETTERS = bytes(ord(TERRAIN_LETTERS[t]) if t < len(TERRAIN_LETTERS) else ord("?")
                for t in range(256))


class ViewRules(State):
    # --- sight ------------------------------------------------------------------------------
    def sight(self, p: int, away: set[int] | None = None) -> int:
        """Bitmask of the hexes whose contents the player sees now (`away`: units not on the
        map, in a determinisation under way)."""
        everything = (1 << self.board.size) - 1
        if not self.hidden_map:
            return everything
        known = self.explored[p]
        if not self.config.dark:
            return known
        balls = self.board.balls
        near = balls[1]
        mask = 0
        moving = p == self.player and self.phase == "move"
        for u in range(len(self.uo)):
            if self.uo[u] != p or self.us[u] == FREE or away and u in away:
                continue
            h = self.uh[u]
            mask |= near[h]
            if moving and self.us[u] in (FRESH, ACTIVE, REGROUP):
                mask |= balls[min(self.um[u] + 1, MAX_BALL)][h]
        for h in self.settled:
            if self.sowner[h] == p:
                mask |= balls[2 if self.settle[h] == CITY else 1][h]
        return mask & known

    def spectator_sight(self) -> tuple[int, int]:
        """What is public on a hidden map, as (explored, seen; -1: every hex): in play, the
        terrain explored when exploration is shared (`dark` alone), and no hex in sight. Not
        what every player happens to see or to have explored: any player may watch, and
        where those overlap would tell it where the others see and have been. Once the game
        is over nothing is secret (its record is public then): the terrain any player
        explored, and every hex in sight, as on an open map."""
        if self.result is not None:
            explored = 0
            for mask in self.explored:
                explored |= mask
            return explored, -1
        return (0 if self.config.independent else self.explored[0]), 0

    def remember(self) -> None:
        """Dark: each player's memory of the towns and cities it has seen, as last seen."""
        settled, sowner, settle = self.settled, self.sowner, self.settle
        capitals = {h: q for q, h in enumerate(self.capital) if h >= 0}
        for p in range(self.num_players):
            vis = self.sight(p)
            memory = self.memory[p]
            for h in [h for h in memory if vis >> h & 1 and not settle[h]]:
                del memory[h]
            for h in settled:
                if sowner[h] == p:
                    memory.pop(h, None)
                elif vis >> h & 1:
                    memory[h] = (sowner[h], settle[h], capitals.get(h, -1))

    def tell(self, p: int, h: int) -> None:
        """Dark: the player is told of the town or city on h, out of its sight or about to be
        (the loser of a capture, whose own town it was; a builder that found one it could not
        see where it meant to build): it remembers it as it stands now, as though seen. Its
        own towns and cities it knows without memory (`remember`)."""
        if self.config.dark and self.settle[h] and self.sowner[h] != p:
            self.memory[p][h] = (self.sowner[h], self.settle[h], self.capital_owner(h))

    def capital_owner(self, h: int) -> int:
        """Whose capital the hex is (-1: nobody's)."""
        try:
            return self.capital.index(h)
        except ValueError:
            return -1

    # --- observation ------------------------------------------------------------------------
    def _build_view(self, player: int | None) -> dict[str, Any]:
        """The build step: the towns built and whether a town was upgraded (public); and to
        the builder, as its choices name them, where it may build a town now (`sites`) and
        which towns it may upgrade (`upgrades`), by what it knows of the map."""
        out: dict[str, Any] = {"towns": self.built, "upgraded": self.upgraded}
        if player == self.player:
            choices = self.build_actions(player)
            out["sites"] = [a.hex for a in choices if type(a) is BuildTown]
            out["upgrades"] = [a.hex for a in choices if type(a) is Upgrade]
        return out

    def observation(self, player: int | None) -> dict[str, Any]:
        self.check_viewer(player)  # refuse -1 (the last seat's view) and seats past the end
        b = self.board
        if player is None:
            # An open map still has face-down tiles: the explored ones, shared by all, are public.
            explored, vis = self.spectator_sight() if self.hidden_map else (self.explored[0], -1)
            memory: dict[int, tuple[int, int, int]] = {}
        else:
            explored, vis = self.explored[player], self.sight(player)
            memory = self.memory[player]
        decision = self.decision_seen_by(player)
        terrain = self.terrain.translate(LETTERS).decode()
        if explored != -1 and explored != (1 << b.size) - 1:
            terrain = "".join(ch if explored >> h & 1 else "?" for h, ch in enumerate(terrain))
        settlements = []
        for h in sorted({*self.settled, *memory}):
            if self.settle[h] and vis >> h & 1:
                settlements.append([h, self.sowner[h], self.settle[h], self.capital_owner(h), 1])
            elif h in memory:
                owner, kind, capital = memory[h]
                settlements.append([h, owner, kind, capital, 0])
        obs: dict[str, Any] = {
            "game": "viktory-ii",
            "you": player,
            "mode": self.config.mode,
            "radius": b.radius,
            "round": self.round,
            "turn_limit": self.config.turn_limit,
            # the rule option (public): whether artillery fires Overwatch at units moving by
            "overwatch": self.config.overwatch,
            "player": self.player,
            "phase": self.phase,
            "decision": decision[0] if decision else None,
            "to_move": list(self.to_move()),
            "terrain": terrain,
            "fog": ("".join("1" if vis >> h & 1 else "0" for h in range(b.size))
                    if self.hidden_map else None),
            "settlements": settlements,
            "units": self._visible_units(vis),
            "battles": self._visible_battles(vis),
            "pennants": [h for h in range(b.size) if self.pennants >> h & 1 and vis >> h & 1],
            "active": self._visible_active(vis),
            "reveal": self._visible_reveal(player),
            "queue": [[q[0], q[1]] for q in self.queue],
            "players": [self._player_info(q, player, vis, memory)
                        for q in range(self.num_players)],
            "build": self._build_view(player) if self.phase == "build" else None,
            "placed": ([[h, list(c)] for h, c in sorted(self.placed.items())]
                       if not self.hidden_map or player == self.player else []),
            "capitals_to_win": self.capitals_to_win(),
            "battle": self.visible_session(player, for_table=True),
            "result": self.result.to_json() if self.result is not None else None,
        }
        if self.pool is not None:
            obs["hand"] = ([{"id": c, **self.cards[c].seen()}
                            for c in sorted(self.pool.hands[player])]
                           if player is not None else None)
            obs["deck_left"] = len(self.pool.deck)
            obs["discards"] = len(self.pool.discard)
            obs["discard_top"] = self.pool.discard[-1] if self.pool.discard else None
            obs["discard_pile"] = list(self.pool.discard)  # face up: everybody sees it
            if decision is not None and decision[0] == "draw":
                # The end-of-turn draw's choices, as the state offers them: from counts
                # everybody sees (the hand's size, its max, the cities; the discards made
                # to draw anew are told to all).
                p = decision[1]
                obs["draw"] = {"up_to": self.draw_limit(p), "replace": self.may_redraw(p)}
        start, events = self._log_window(player)
        obs["log_start"] = start
        obs["log"] = events
        obs["last_battle"] = last_battle(events, start)
        return obs

    def visible_session(self, player: int | None,
                        for_table: bool = False) -> dict[str, Any] | None:
        """The battle being fought, as the resolver shows it; on a hidden map where it is
        fought (its hex, the hexes its attackers came from, bombard from and the defender
        may draw in from) only to its two sides: the others see its course, not its place
        (the hexes are -1, the name empty). `for_table`: with the data the tables show
        (the session's `table_data`); the encoding hashes the rest, which it was pinned on."""
        if self.session is None:
            return None
        obs = self.session.observation(player)
        if for_table:
            obs.update(self.session.table_data())
        request = self.session_request
        if (self.hidden_map and request is not None
                and player not in (request.attacker, request.defender)):
            if "hex" in obs:
                obs["hex"], obs["where"] = -1, ""
            for key in ("source_hexes", "bombard_hexes"):
                if key in obs:
                    obs[key] = [-1] * len(obs[key])
            if "defender_groups" in obs:
                obs["defender_groups"] = [[-1, units] for _, units in obs["defender_groups"]]
        return obs

    def _visible_units(self, vis: int) -> list[list[Any]]:
        """Per hex and owner: [hex, owner, units, units yet to move, cargo]. The units of a
        battle under way are its own, not the map's: those that declared the attack, and
        those brought or drawn into it from the hexes next to it (`_in_battle`), which
        stood counted on their hex as well as in the battle."""
        stacks: dict[tuple[int, int], list[Any]] = {}
        fighting = self._in_battle()
        for u in range(len(self.uo)):
            s = self.us[u]
            if s in (FREE, ATTACKING) or u in fighting:
                continue
            h = self.uh[u]
            if not vis >> h & 1:
                continue
            key = (h, self.uo[u])
            entry = stacks.get(key)
            if entry is None:
                entry = stacks[key] = [h, self.uo[u], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
            t = self.ut[u]
            if s == CARGO:
                entry[4][t] += 1
            else:
                entry[2][t] += 1
                if s in MOVABLE:
                    entry[3][t] += 1
        return [stacks[k] for k in sorted(stacks)]

    def _in_battle(self) -> set[int]:
        """The units the battle under way has brought or drawn in from the hexes next to it:
        they stay on their hex until it ends (`finish_battle` moves the same ones, as picked
        here: an attacking side's fresh units of its source hex, the first of each kind; a
        defending group's first units of each kind not attacking and not aboard: `_pick`)."""
        session, request = self.session, self.session_request
        if session is None or request is None:
            return set()
        # the resolver's counts of them (a session of another resolver may keep none)
        joined_in: list[list[int]] = getattr(session, "joined", [])
        drawn_in: list[list[int]] = getattr(session, "drawn", [])
        wanted: list[tuple[int, int, int, int, bool]] = []  # owner, hex, type, count, fresh
        for side, joined in zip(request.sides, joined_in[1:]):
            wanted += [(request.attacker, side.source, t, k, True)
                       for t, k in enumerate(joined) if k]
        for group, drawn in zip(request.defender_reserve, drawn_in):
            wanted += [(request.defender, group.hex, t, k, False)
                       for t, k in enumerate(drawn) if k]
        out: set[int] = set()
        for owner, h, t, k, fresh in wanted:
            out.update(self._pick(owner, h, t, k, (FRESH,) if fresh else None))
        return out

    def _battle_losses(self, q: int) -> list[int]:
        """Player q's units lost so far in the battle under way, by type (each told to
        everybody as it falls): the state takes them off the board into the reserve only as
        the battle ends (`finish_battle`), and the reserve shown without them lagged until
        then. Units aboard a frigate lost are counted then, with the battle's event."""
        session, request = self.session, self.session_request
        lost = [0, 0, 0, 0]
        if session is None or request is None or q not in (request.attacker, request.defender):
            return lost
        defends = q == request.defender
        # the resolver's forces as they stand (a session of another resolver may keep none)
        now = getattr(session, "defender" if defends else "attacker", None)
        if now is None:
            return lost
        if defends:
            came = [request.defender_units, *getattr(session, "drawn", [])]
            now = [now]
        else:  # its hex sides, the units brought or drawn in, and the bombarding units
            bombard = (0, 0, sum(b.artillery for b in request.bombard),
                       sum(b.frigates for b in request.bombard))
            came = [*(side.units for side in request.sides), *getattr(session, "joined", []),
                    bombard]
        for units in came:
            lost = [n + k for n, k in zip(lost, units)]
        for units in now:
            lost = [n - k for n, k in zip(lost, units)]
        return lost

    def _pick(self, p: int, h: int, t: int, k: int,
              statuses: tuple[int, ...] | None = None) -> list[int]:
        """k of the player's units of type t in hex h (not attackers, not cargo): the units a
        battle's end moves (`finish_battle`), and the view leaves off their hex meanwhile."""
        found = [u for u in range(len(self.uo)) if self.uo[u] == p and self.uh[u] == h
                 and self.ut[u] == t and self.us[u] not in (FREE, ATTACKING, CARGO)
                 and (statuses is None or self.us[u] in statuses)]
        return found[:k]

    def _visible_battles(self, vis: int) -> list[dict[str, Any]]:
        out = []
        for h in self.battles:
            if not vis >> h & 1:
                continue
            sides: dict[int, list[int]] = {}
            for u in range(len(self.uo)):
                if self.us[u] == ATTACKING and self.ug[u] == h:
                    sides.setdefault(self.uh[u], [0, 0, 0, 0])[self.ut[u]] += 1
            bombard: dict[int, list[int]] = {}
            for u in self.bombards.get(h, []):
                if self.us[u] != FREE:  # a unit lost since it joined is no longer there
                    bombard.setdefault(self.uh[u], [0, 0, 0, 0])[self.ut[u]] += 1
            if not sides and not bombard:
                continue  # every unit that declared it is gone: nothing is left to fight
            out.append({"hex": h, "attacker": self.player,
                        "sides": [[s, c] for s, c in sorted(sides.items())],
                        "bombard": [[s, c] for s, c in sorted(bombard.items())]})
        return out

    def _visible_active(self, vis: int) -> dict[str, int] | None:
        u = self.active
        if u < 0 or not vis >> self.uh[u] & 1:
            return None
        return {"hex": self.uh[u], "unit": self.ut[u], "mp": self.um[u],
                "cargo": len(self.cargo_of(u)) if self.ut[u] == FRIG else 0}

    def _visible_reveal(self, player: int | None) -> dict[str, Any] | None:
        if self.reveal_pending is None:
            return None
        p, hexes, tiles = self.reveal_pending
        if self.hidden_map and player != p:
            # Not even that tiles are being placed, nor how many: that and their count tell
            # how much of the map the player came upon out of the viewer's sight (its
            # "explored" and "drawn" events go to it alone), and every placement would
            # change the viewer's observation, so each would reach its page as a frame.
            return None
        return {"player": p, "hexes": list(hexes), "tiles": list(tiles), "count": len(tiles)}

    def _player_info(self, q: int, player: int | None, vis: int,
                     memory: dict[int, tuple[int, int, int]]) -> dict[str, Any]:
        towns, cities = self.count_settlements(q)
        c = self.capital[q]
        known = c >= 0 and (not self.hidden_map or q == player or bool(vis >> c & 1)
                            or c in memory)
        # every hex in sight (-1): an open map's spectator, or a hidden one's once it is over
        public = not self.hidden_map or q == player or vis == -1
        cards = self.pool is not None
        return {
            "towns": towns,
            "cities": cities,
            "capitals": self.capitals_held(q),
            "holds_capital": self.holds_capital(q),
            "capital": c if known else -1,
            "out": self.out[q],
            "reserve": [n + k for n, k in zip(self.reserve(q), self._battle_losses(q))]
            if public else None,
            "hand": len(self.pool.hands[q]) if cards else None,
            "max_hand": max_hand(self.config.hand_limit, towns, cities) if cards else None,
        }

    def _log_window(self, player: int | None) -> tuple[int, list[dict[str, Any]]]:
        """The events this player saw since its previous turn began (a spectator: since the
        previous turn began; everything once the game is over), and the index of the first
        in the player's whole log."""
        if self.result is not None:
            return 0, self.visible_log(player)
        who, viewer = (self.num_players, SPECTATORS) if player is None else (player, player)
        mark = self.marks[who][0]
        events = [e for to, e in self.log[mark[0]:] if told(to, viewer)]
        return mark[1], events

    # --- determinisation --------------------------------------------------------------------
    def determinize(self, player: int, rng: random.Random) -> Any:
        """A copy in which what `player` cannot know is resampled: the order of the tile bag
        and of the deck, other players' hands, tiles on hexes it has not explored, the drawn
        tiles it has not seen, and (dark or independent exploration) what the others have
        explored and remember, who holds the towns and cities it remembers out of sight and
        whether each is a town or a city, where those it neither sees nor remembers stand and
        on what terrain the cities, where enemy units out of its sight stand, how many there
        are and of what kind, land or frigates (from what the towns and cities support).
        Every piece out of sight leaves the map first and goes back by rules that read only
        what the player knows and the copy as it is being built, never where the piece
        stood. What it sees, remembers and what is public (each player's towns, cities and
        capitals held) stays, and what a turn under way is bound to. The copy's RNG is
        re-seeded."""
        new = self.clone()  # a battle under way is bound to the copy: its rng, its pool
        new.rng = random.Random(rng.getrandbits(64))
        if not self.hidden_map:
            new._resample_tiles(player)
            new._resample_cards(player)
            new._keep_starts_land(player)
            return new
        if self.log_enabled:
            new._keep_log_of(player, self.visible_entries(player))  # cached in the real one
        # What moves below is out of the player's sight, and not next to its units: the rules
        # let a unit act on an enemy next to it (a frigate placed from reserve may bombard
        # one on a hex it has not explored), so such an enemy stays and none comes.
        vis = self.sight(player) | self.board.within(
            [self.uh[u] for u in range(len(self.uo)) if self.uo[u] == player
             and self.us[u] != FREE], 1)
        # A capital to place is offered on the free hexes of the player's starting area: the
        # offer tells it that nobody's capital stands there (starting areas may overlap), so
        # no hidden piece may be put there.
        vis |= self.board.within([a.hex for a in self.legal_actions(player)
                                  if isinstance(a, PlaceCapital)], 0)
        held = self._bound_hexes()
        unseen = self.unseen_settlements(player, vis, held)
        # artillery that fired stays where it fired (but for a town or city lifted below: the
        # mark goes with it, and where it stood binds nothing)
        held |= self.overwatch_fired.keys() - set(unseen)
        # Every unseen piece leaves the map before the tiles are resampled, so that the hidden
        # hexes they stood on keep nothing of them (not even whether they are land or
        # water); their kinds, frigates' too, are drawn again below from what the towns and
        # cities support, and where they go owes nothing to where they stood.
        stacks = new._unseen_stacks(player, vis, held)
        blank = new._blank_unseen_kinds(player, vis, held)
        lifted = {u for units in stacks.values() for u in units}
        new._lift(player, stacks, vis, held)
        garrisons = new._lift_garrisons(player, vis, held, blank)
        lifted |= garrisons
        if self.config.dark:
            new._reconcile(player, vis, unseen, held, blank, lifted, stacks, garrisons)
        tokens = new._lift_settlements(unseen, blank, lifted, stacks, garrisons)
        new._resample_tiles(player, new._explore_afresh(player, lifted, tokens, vis)
                            if self.config.independent else None)
        new._resample_cards(player)
        naval = new._naval_owners(blank, vis, held, tokens)
        # (the units drawn again are away too: whether a town out of sight holds any must
        # play no part in where the towns and cities lifted go, `_pick_site`)
        hidden = _HiddenFrom(new, player, vis, lifted.union(*blank.values()))
        new._place_settlements(player, tokens, hidden, held)
        if tokens or new.settle != self.settle or new.sowner != self.sowner:
            new._count_support()
        kept = new._stacks_kept(stacks, blank, garrisons)
        drawn = new._draw_units(blank, naval, lifted)
        for units in drawn.values():
            hidden.away.update(units)
        parts = new._group_units(drawn, hidden, held, kept)
        new._put_back(player, parts, hidden, vis, held)
        if self.config.dark:
            new._remember_afresh(player)
        new._keep_starts_land(player)
        return new

    def _resample_cards(self, p: int) -> None:
        if self.pool is not None:
            self._resample_hands(p)
            if self.session is not None:
                self.session.pose_again()

    def _remember_afresh(self, p: int) -> None:
        """Dark: what another player remembers of towns and cities out of its sight is its own
        knowledge (where it saw them, and which of the player's it has seen): in a copy for
        p each other player remembers only what it sees there."""
        capitals = {h: q for q, h in enumerate(self.capital) if h >= 0}
        settled, sowner = self.settled, self.sowner
        for q in range(self.num_players):
            if q != p:
                vis = self.sight(q)
                self.memory[q] = {h: (sowner[h], self.settle[h], capitals.get(h, -1))
                                  for h in settled if sowner[h] != q and vis >> h & 1}

    def _keep_log_of(self, p: int, kept: list[Any]) -> None:
        """The copy's log keeps only the events the player or a spectator saw (`kept`: the
        others' own events tell where their pieces truly are; a spectator's are the table's
        to read). Its turn marks count in that log: exactly for the player and for a
        spectator; for the other players, whose view of the copy nothing reads, as the
        player's."""
        self.log = kept
        self.n_events = len(kept)
        own, public = self.seen_counts[p], self.seen_counts[-1]
        players = len(self.spectator_only_counts)
        self.seen_counts = [own] * players + [public]
        self.spectator_only_counts = [self.spectator_only_counts[p]] * players
        self.marks = [[_cut_mark(m, p, w == players) for m in marks]
                      for w, marks in enumerate(self.marks)]

    def unseen_settlements(self, p: int, vis: int, bound: set[int]) -> list[int]:
        """The enemy towns and cities the player neither sees nor remembers, except those a
        turn under way is bound to (`bound`) and its own capital taken (it knows where that
        stands): a search may not count on where they stand."""
        memory = self.memory[p]
        return [h for h in self.settled if self.sowner[h] != p and not vis >> h & 1
                and h not in memory and h not in bound and h != self.capital[p]]

    def _bound_hexes(self) -> set[int]:
        """Hexes a turn under way is bound to (a battle or bombardment there, units attacking
        from or into it, a pennant, cargo in it, the moving unit in it; the battle being
        fought, the hexes next to it, whose defender's units it counts by kind and may draw
        in, and the artillery firing Overwatch in it). The hexes of the last battle and
        the last Overwatch are kept after they are over (`battle_units`, `overwatch_from`):
        they bind nothing then (a battle out of the player's sight, not its own, was not
        even told where)."""
        bound = {*self.battles, *self.bombards}
        request = self.session_request
        if self.session is not None and request is not None:
            bound.update((request.hex, self.battle_units[0]))
            bound.update(self.board.neighbours[request.hex])
            if request.kind == "overwatch":
                bound.add(self.overwatch_from)
        for u in range(len(self.uo)):
            s = self.us[u]
            if s == FREE:
                continue
            if s in (ATTACKING, CARGO) or u == self.active:
                bound.add(self.uh[u])
            if self.ug[u] >= 0:
                bound.add(self.ug[u])
        for units in self.bombards.values():
            bound.update(self.uh[u] for u in units)
        bound.update(mask_hexes(self.pennants))
        return bound

    def _reconcile(self, p: int, vis: int, movable: list[int], bound: set[int],
                   blank: dict[int, list[int]], lifted: set[int],
                   stacks: dict[int, list[int]], garrisons: set[int]) -> None:
        """Dark: the towns and cities the player remembers out of its sight show as it
        remembers them where the public counts allow. Which player holds each of them, and
        whether it is a town or a city, are drawn with the towns and cities it does not know
        of (`movable`), keeping each player's towns, cities and capitals held (public): each
        remembered one keeps what the player remembers unless too many remembered ones claim
        it (then those that do are drawn at random); a remembered capital's holder follows
        who holds whose capital (public: each player's capitals held, whether it holds its
        own), the remembered holder where it may; the others take what is left, at random,
        a remembered city a city. So a town upgraded or taken out of sight never shows as it
        is when another may take the change, whichever that is. What a turn under way is
        bound to (`bound`) stays as it is. Land units whose kinds stay in these towns go
        into towns of their owner's drawn among them (`_rehouse`); the other units in a
        remembered town that changes hands leave it (`lifted`: drawn again; frigates as
        stacks of their own, `stacks`). If no draw of a few keeps the units whose kinds stay
        supported, it is left as it is. (`garrisons`: units off the map already,
        `_lift_garrisons`.)"""
        memory = self.memory[p]
        known = [r for r in sorted(memory) if not vis >> r & 1 and r not in bound
                 and self.settle[r]]
        if not known:
            return
        truth = {h: (self.sowner[h], self.settle[h]) for h in known + movable}
        for _ in range(PLACING_TRIES):
            # (a draw that leaves them as they stand goes on like any other: whether it
            # does is the true state's, and so would be what follows)
            values = self._draw_holders(p, known, movable, truth)
            if values is not None and self._supportable(p, values, set(known), vis):
                break
        else:
            return
        drawn = {u for units in blank.values() for u in units}
        here: dict[int, list[int]] = {}
        for u in range(len(self.uo)):
            if self.us[u] not in (FREE, ATTACKING) and self.uh[u] in truth \
                    and u not in garrisons:
                here.setdefault(self.uh[u], []).append(u)
        kept = {h: [u for u in units if u not in drawn and self.ut[u] != FRIG]
                for h, units in here.items()}
        for h, (owner, kind) in values.items():
            if owner != truth[h][0] and h in memory:  # (the others are lifted afterwards)
                units = [u for u in here.get(h, []) if u not in kept.get(h, ())]
                if units:  # out of it: drawn again (`_draw_units`), frigates as stacks
                    self.occ_sub(h, len(units))
                    lifted.update(units)
                    frigates = [u for u in units if self.ut[u] == FRIG]
                    if frigates:
                        stacks[h] = frigates
            self.sowner[h], self.settle[h] = owner, kind
        self._rehouse(truth, values, set(known),
                      {h: units for h, units in kept.items() if units})

    def _rehouse(self, truth: dict[int, tuple[int, int]], values: dict[int, tuple[int, int]],
                 known: set[int], kept: dict[int, list[int]]) -> None:
        """`_reconcile`: the units whose kinds stay in the towns and cities whose holders
        are drawn (the mover's placed from reserve this turn), with each town's count of
        them (`placed`), go into towns drawn among their owner's there in the copy (its own
        capital's into it): which of its towns out of sight took them does not show, and
        where they truly stood must play no part (two positions alike but for which town a
        unit was placed in gave different copies). The remembered towns (`known`) stay
        where they are; the others are lifted afterwards (`_lift_settlements`), so only
        what they are counts, not where they stand."""
        capital, easy, fired = self.capital, self.easy, self.overwatch_fired

        def order(h: int) -> tuple[int, ...]:
            if h in known:
                return (0, h)
            return (1, values[h][1], easy >> h & 1, h in fired, h)

        # the towns holding some, by owner and whether it is the owner's own capital
        groups: dict[tuple[int, bool], list[int]] = {}
        for h in sorted(truth):
            if h in kept or h in self.placed:
                owner = truth[h][0]
                groups.setdefault((owner, h == capital[owner]), []).append(h)
        ut, us, um, uf = self.ut, self.us, self.um, self.uf
        for (owner, own), sources in sorted(groups.items()):
            homes = sorted((h for h in values
                            if values[h][0] == owner and (h == capital[owner]) == own),
                           key=order)
            if len(homes) < len(sources):
                continue  # (the counts are kept: never so)
            # what each holds, in an order that owes nothing to where it stood
            loads = sorted(((sorted((ut[u], us[u], um[u], uf[u]) for u in kept.get(h, ())),
                             self.placed.get(h) or [], kept.get(h, [])) for h in sources),
                           key=lambda load: (load[0], load[1]))
            for h in sources:
                self.placed.pop(h, None)
                if h in kept:
                    self.occ_sub(h, len(kept[h]))
            for (_, placed, units), home in zip(loads, self.rng.sample(homes, len(sources)),
                                                strict=True):
                if placed:
                    self.placed[home] = placed
                for u in units:
                    self.uh[u] = home
                if units:
                    self.occ_add(home, owner, len(units))

    def _draw_holders(self, p: int, known: list[int], unknown: list[int],
                      truth: dict[int, tuple[int, int]]) -> dict[int, tuple[int, int]] | None:
        """One draw of `_reconcile`: {hex: (owner, kind)} for the remembered towns and cities
        out of sight (`known`) and those the player does not know of (`unknown`), or None
        where the draw leaves one with nothing it may be."""
        memory = self.memory[p]
        left: dict[tuple[int, int], int] = {}
        for value in truth.values():
            left[value] = left.get(value, 0) + 1
        out: dict[int, tuple[int, int]] = {}

        def take(h: int, value: tuple[int, int]) -> None:
            out[h] = value
            left[value] -= 1

        def pick(h: int, fits: Any) -> bool:
            choices = [v for v, k in sorted(left.items()) for _ in range(k) if fits(v)]
            if choices:
                take(h, choices[self.rng.randrange(len(choices))])
            return bool(choices)

        # capitals first: whose they are never changes, who holds them does (public counts)
        markers = {h: q for q, h in enumerate(self.capital) if h in truth}
        owners: dict[int, int] = {}
        holders: dict[int, int] = {}
        foreign = sorted(h for h, m in markers.items() if truth[h][0] != m)
        for h in foreign:
            holders[truth[h][0]] = holders.get(truth[h][0], 0) + 1
        self.rng.shuffle(foreign)
        foreign.sort(key=lambda h: h not in memory)  # the remembered ones first
        for h in foreign:
            o = memory[h][0] if h in memory else -1
            if not holders.get(o) or o == markers[h]:
                choices = [q for q, k in sorted(holders.items()) for _ in range(k)
                           if q != markers[h]]
                if not choices:
                    return None
                o = choices[self.rng.randrange(len(choices))]
            holders[o] -= 1
            owners[h] = o
        for h, m in markers.items():
            owners.setdefault(h, m)
        for h in sorted(owners, key=lambda h: h not in memory):
            o = owners[h]
            # (one it does not know of keeps its kind where it may: where it may stand, among
            # its owner's starting hexes, holds it to terrains it has room for)
            kind = memory[h][1] if h in memory else truth[h][1]
            if left.get((o, kind)):
                take(h, (o, kind))
            elif not pick(h, lambda v, o=o, least=kind if h in memory else 0:
                          v[0] == o and v[1] >= least):
                return None
        # the remembered ones as remembered, as far as there is room
        claims: dict[tuple[int, int], list[int]] = {}
        for r in known:
            if r not in out:
                claims.setdefault(memory[r][:2], []).append(r)
        changed = []
        for value, claimants in sorted(claims.items()):
            self.rng.shuffle(claimants)
            room = max(0, left.get(value, 0))
            for r in claimants[:room]:
                take(r, value)
            changed += claimants[room:]
        changed.sort(key=lambda r: -memory[r][1])  # remembered cities first: still cities
        for r in changed:
            if not pick(r, lambda v, r=r: v[1] >= memory[r][1]):
                return None
        # What is left goes to those it does not know of: which takes which is no matter
        # (where they go is drawn afterwards), so nothing is drawn for it.
        rest = [h for h in unknown if h not in out]
        for h in rest:
            if left.get(truth[h]):
                take(h, truth[h])
        spare = [v for v, k in sorted(left.items()) for _ in range(k)]
        for h in rest:
            if h not in out:
                take(h, spare.pop())
        return out

    def _supportable(self, p: int, values: dict[int, tuple[int, int]], known: set[int],
                     vis: int) -> bool:
        """Would each player's units whose kinds stay still be supported (VIKTORY-II.md,
        "Unit support") with these owners and kinds (`_draw_holders`): the remembered ones
        (`known`) on their terrain, each city not known on a terrain there is room for out
        of the player's sight (`vis`; a capital among its owner's starting hexes; with
        independent exploration, also any of the unseen tiles, which may be traded there)?"""
        terrain = self.terrain
        independent = self.config.independent
        b = self.board
        owners = {o for o, _ in values.values()} | {self.sowner[h] for h in values}
        need = {q: [min(k, s) for k, s in zip(self.onboard[q], self.supported[q])]
                for q in owners}
        cities: dict[int, list[int]] = {q: [] for q in owners}  # the hexes of those not known
        for h in self.settled:
            owner, kind = values.get(h, (self.sowner[h], self.settle[h]))
            if owner not in owners:
                continue
            if h in known or h not in values:
                need[owner] = _less(need[owner], support(kind, terrain[h]))
            elif kind == CITY:
                cities[owner].append(h)
            else:
                need[owner] = _less(need[owner], support(TOWN, terrain[h]))
        found: dict[int, frozenset[int]] = {}

        def terrains(hexes: int) -> frozenset[int]:
            """The land terrains a city not known might stand on among these hexes."""
            if hexes not in found:
                kinds = {terrain[h] for h in mask_hexes(hexes & ~vis)
                         if not self.settle[h] or h in values and h not in known}
                if independent and hexes & self.drawn & ~self.explored[p] & ~vis:
                    kinds.update(self.bag)
                found[hexes] = frozenset(kinds & set(LAND))
            return found[hexes]

        anywhere = (self.drawn & ~vis if independent
                    else self._inner_of(self.explored[p])) if any(cities.values()) else 0
        for q in owners:
            if not any(need[q]):
                continue
            options = []
            for h in cities[q]:
                m = self.capital_owner(h)
                area = start_area(b, self.config.starts[m]) if m >= 0 else ()
                options.append(terrains(b.within(area, 0) if h in area else anywhere))
            if not _can_cover(need[q], options):
                return False
        return True

    def _resample_tiles(self, p: int, placed: int | None = None) -> None:
        """The unseen tiles (bag, placed tiles out of the player's knowledge, drawn tiles it
        has not seen) are reshuffled among themselves: which tiles they are counts (the
        player can tell), not where each lay. A hidden hex keeps its tile under a town or
        city that stays (its units depend on its terrain), its class (land or water) under
        units that stay; the unseen pieces have left the map (`_lift`,
        `_lift_settlements`), so their hexes keep nothing. `placed`: the hexes out of the
        player's knowledge that hold a tile in the copy (`_explore_afresh`; by default
        those that do)."""
        unseen = self.drawn & ~self.explored[p]
        keep = set(self.settled)
        hidden = [h for h in mask_hexes(unseen) if h not in keep] if unseen else []
        pending = self.reveal_pending
        unseen_drawn = pending is not None and self.hidden_map and pending[0] != p
        pool = list(self.bag) + [self.terrain[h] for h in hidden]
        if unseen_drawn:
            pool += pending[2]
        pool.sort()
        self.rng.shuffle(pool)
        sea = {h for h in hidden if self.occ_owner[h] >= 0 and self.terrain[h] == WATER}
        if placed is not None:
            for h in hidden:
                self.terrain[h] = UNKNOWN
            self.drawn &= ~unseen
            self.drawn |= sum(1 << h for h in keep) & unseen
            hidden = [h for h in mask_hexes(placed & ~self.explored[p]) if h not in keep]
            hidden = hidden[:len(pool) - (len(pending[2]) if unseen_drawn else 0)]
            for h in hidden:
                self.drawn |= 1 << h
        land = [t for t in pool if t in LAND]
        water = [t for t in pool if t == WATER]
        classed = [h for h in hidden if self.occ_owner[h] >= 0]
        for h in classed:
            self.terrain[h] = water.pop() if h in sea else land.pop()
        rest = land + water
        self.rng.shuffle(rest)
        for h in hidden:
            if self.occ_owner[h] < 0:
                self.terrain[h] = rest.pop()
        if hidden or placed is not None:
            self._count_water()
        if unseen_drawn:
            k = len(pending[2])
            pending[2] = sorted(rest[:k])
            rest = rest[k:]
        self.bag = rest

    def _keep_starts_land(self, p: int) -> None:
        """Setup turns: the copy for p keeps what the real game's drawing keeps (state.py
        `_reveal_start`, `_keep_land_for_starts`): the player placing its capital has free land
        among its starting hexes (or among the tiles it is placing there), and the bag a land
        tile for each setup turn to come. Land comes from the hexes out of p's knowledge the
        copy put a land tile on (of no starting hexes to come, with no town, city or units on
        it; for the bag, also the free land of the capital's starting hexes but one), else from
        the bag, and changes places with a water tile."""
        if self.round != 0:
            return
        b = self.board
        future = self._starts_to_come()
        q = self.player
        area = start_area(b, self.config.starts[q]) if self.phase == "capital" else []
        unknown = self.drawn & ~self.explored[p]
        donors = self._free_land(mask_hexes(unknown & ~future & ~b.within(area, 0)))
        self.rng.shuffle(donors)
        pending = self.reveal_pending
        placing = (pending[2] if self.hidden_map and pending is not None and pending[0] == q != p
                   else [])  # the tiles q is placing, unseen by p
        if area and q != p and not self._free_land(area) and not any(t in LAND
                                                                     for t in placing):
            spots = [h for h in mask_hexes(unknown & b.within(area, 0))
                     if self.terrain[h] == WATER and self.sowner[h] == NOBODY
                     and self.occ_owner[h] < 0]
            if spots or WATER in placing:
                t = self._take_land(donors)
                if t >= 0 and spots:
                    self.terrain[spots[self.rng.randrange(len(spots))]] = t
                elif t >= 0:
                    placing[placing.index(WATER)] = t
                    placing.sort()
        keep_tile = 0  # land tiles q's placing keeps
        if area:  # the starting hexes keep one free land hex (or tile): the rest may go too
            spare = [h for h in self._free_land(area) if unknown >> h & 1]
            self.rng.shuffle(spare)
            known = len(self._free_land(area)) - len(spare)
            donors += spare if known else spare[1:]
            keep_tile = 0 if known or spare else 1
        owed = self.starts_owed()
        have = sum(1 for t in self.bag if t in LAND)
        for h in donors:
            sea = [j for j, t in enumerate(self.bag) if t == WATER]
            if have >= owed or not sea:
                break
            if self.terrain[h] not in LAND:  # given away above
                continue
            j = sea[self.rng.randrange(len(sea))]
            self.terrain[h], self.bag[j] = WATER, self.terrain[h]
            have += 1
        spare_tiles = sum(1 for t in placing if t in LAND) - keep_tile
        while have < owed and spare_tiles > 0 and WATER in self.bag:
            i = next(i for i, t in enumerate(placing) if t in LAND)
            sea = [j for j, t in enumerate(self.bag) if t == WATER]
            j = sea[self.rng.randrange(len(sea))]
            placing[i], self.bag[j] = WATER, placing[i]
            placing.sort()
            have += 1
            spare_tiles -= 1
        self._count_water()

    def _take_land(self, donors: list[int]) -> int:
        """A land tile for `_keep_starts_land`, its place taken by a water tile: from the
        first donor hex, else from the bag (-1: none left)."""
        if donors:
            h = donors.pop()
            t, self.terrain[h] = self.terrain[h], WATER
            return t
        land = [j for j, t in enumerate(self.bag) if t in LAND]
        if not land:
            return -1
        j = land[self.rng.randrange(len(land))]
        t, self.bag[j] = self.bag[j], WATER
        return t

    def _explore_afresh(self, p: int, lifted: set[int], unknown: list[_Unknown],
                        vis: int) -> int:
        """Independent exploration: what each other player has explored is its own (where its
        units have been), so a copy for p draws it again. Each starts from what it must have
        explored: its starting hexes, those around its pieces still on the map (those p sees
        or remembers, and those a turn under way is bound to; not those lifted, `lifted`)
        and the tiles it is placing; and grows, a random hex next to it at a time with the
        hexes around it (as a unit stepping there reveals them), to as many hexes as p has
        explored (its own exploration is what p knows of the pace), and until its towns and
        cities lifted (`unknown`) have room in it out of p's sight (`vis`; `ROOM` hexes with
        those around them explored each). Returns the hexes out of p's knowledge whose tile
        comes from the bag that now hold one (`_resample_tiles`): those some other player
        has explored in the copy."""
        b = self.board
        n = b.size
        full = (1 << n) - 1
        fixed = self.config.fixed_map
        bagged = full
        common = 0  # explored by all from the start: a map file's face-up tiles
        if fixed is not None:
            bagged = sum(1 << h for h in range(n) if fixed.tiles[h] == UNKNOWN)
            if fixed.explored:
                common = full & ~bagged
        pending = self.reveal_pending
        waiting = b.within(pending[1], 0) if pending is not None else 0  # no tile yet
        mine_size = self.explored[p].bit_count()
        placed = 0
        ball = b.balls[1]
        # The starting hexes of the setup turns to come are left to them (as in the real game,
        # where only the setup turns before have explored): what they draw there is theirs.
        future = self._starts_to_come()
        for q in range(self.num_players):
            if q == p:
                continue
            if self.round == 0 and q > self.player:  # its setup turn, and exploring, to come
                self.explored[q] = common
                continue
            core = common | b.within(start_area(b, self.config.starts[q]), 0)
            for h in self.own_settlements(q):
                core |= ball[h]
            for u in range(len(self.uo)):  # a frigate placed from reserve revealed nothing
                if self.uo[u] == q and self.us[u] != FREE and u not in lifted:
                    core |= 1 << self.uh[u] if self.ut[u] == FRIG else ball[self.uh[u]]
            mine = pending is not None and pending[0] == q
            region = core | waiting if mine else core
            room = ROOM * sum(1 for t in unknown if t.owner == q)
            while region.bit_count() < mine_size or (
                    room and (self._inner_of(region) & ~vis).bit_count() < room):
                edge = mask_hexes(b.within(mask_hexes(region), 1) & ~region & ~future)
                if not edge:
                    break
                region |= ball[edge[self.rng.randrange(len(edge))]] & ~future
            self.explored[q] = region if mine else region & ~waiting
            placed |= region
        return placed & bagged & ~waiting & ~self.explored[p]

    def starts_owed(self) -> int:
        """Setup turns: the players whose setup turn is still to come: the bag keeps a land
        tile for each (state.py `_keep_land_for_starts`), whatever their starting hexes hold
        now (a second town may yet take the free land there)."""
        if self.round != 0:
            return 0
        return self.num_players - 1 - self.player

    def _starts_to_come(self) -> int:
        """Setup turns: the starting hexes of the players whose setup turn is still to come,
        as a mask (0 after the setup turns)."""
        if self.round != 0:
            return 0
        b = self.board
        return b.within([h for q in range(self.player + 1, self.num_players)
                         for h in start_area(b, self.config.starts[q])], 0)

    def _free_land(self, hexes: list[int]) -> list[int]:
        return [h for h in hexes if self.terrain[h] in LAND and self.sowner[h] == NOBODY
                and self.occ_owner[h] < 0]

    def _count_water(self) -> None:
        self.water = sum(1 << h for h in range(self.board.size) if self.terrain[h] == WATER)

    def _lift_settlements(self, movable: list[int], blank: dict[int, list[int]],
                          lifted: set[int], stacks: dict[int, list[int]],
                          garrisons: set[int]) -> list[_Unknown]:
        """The enemy towns and cities the player neither sees nor remembers leave the map,
        with the units in them (`lifted` gains them: those whose kinds are drawn again leave
        them for good, `_draw_units`; the others go with their town), before the tiles are
        resampled, so that their hexes keep nothing of them; `_place_settlements` puts them
        back. Their support is counted afresh there. Frigates in port leave their town as a
        stack of their own (`stacks` gains them by the town's hex): one whose kind stays is
        put back at sea (`_put_back`), so that where it lay does not hold its town to a
        port. (`garrisons`: units off the map already, `_lift_garrisons`.)"""
        drawn = {u for units in blank.values() for u in units}
        out = []
        mover = self.player
        for h in movable:
            q = self.sowner[h]
            units = [u for u in range(len(self.uo))
                     if self.uh[u] == h and self.us[u] not in (FREE, ATTACKING)
                     and u not in garrisons]
            if units:
                self.occ_sub(h, len(units))
                lifted.update(units)
                frigates = [u for u in units if self.ut[u] == FRIG]
                if frigates:
                    stacks[h] = frigates
                    units = [u for u in units if self.ut[u] != FRIG]
            marker = self.capital_owner(h)
            if marker >= 0:
                self.capital[marker] = -1
                # a capital stands among its owner's starting hexes, but in a position set up
                # by a map file (whose pieces everybody knows)
                if h not in start_area(self.board, self.config.starts[marker]):
                    marker = -2 - marker
            # the mover's mark goes with its town (and leaves the hex whoever holds it now)
            easy = bool(self.easy >> h & 1)
            if easy:
                self.easy &= ~(1 << h)
                easy = q == mover
            out.append(_Unknown(q, self.settle[h], marker, h, self.terrain[h],
                                [u for u in units if u not in drawn], self.placed.pop(h, None),
                                self.overwatch_fired.pop(h, None), easy))
            self.settle[h], self.sowner[h] = 0, NOBODY
        if out:
            self.settled = [h for h in self.settled if self.settle[h]]
        # in an order that owes nothing to where they stood (which of two alike, one with
        # units whose kinds stay, stood first on the board)
        ut, us, um, uf = self.ut, self.us, self.um, self.uf
        out.sort(key=lambda t: (t.owner, t.kind, t.marker,
                                sorted((ut[u], us[u], um[u], uf[u]) for u in t.units),
                                t.placed or [], -1 if t.fired is None else t.fired, t.easy))
        return out

    def _place_settlements(self, p: int, unknown: list[_Unknown], hidden: _HiddenFrom,
                           bound: set[int]) -> None:
        """Each town or city lifted (`_lift_settlements`) goes to a random hex where its owner
        could have it (`_try_placing`), so where it stood plays no part. Where one is left
        nowhere to go, its owner's exploration grows a little (`_widen`: independent
        exploration) and another try is made; if a few tries fail (the map packed so tight
        that they could hardly stand elsewhere) they go back where they stood. (Every
        player's unit support is then counted afresh: `_count_support`.)"""
        for _ in range(PLACING_TRIES if unknown else 0):
            short = self._try_placing(unknown, hidden, bound)
            if short < 0:
                break
            for _ in range(WIDENING):  # its owner explored where it stands
                self._widen(p, short)
        else:
            for t in unknown:
                h = t.hex
                self._reveal_to(p, t.owner, h)
                for wanted in ((t.terrain,) if t.kind == CITY else LAND, LAND):
                    if self.terrain[h] not in wanted:
                        self._trade_tile(p, h, wanted)
                self._set_down(t, h)

    def _count_support(self) -> None:
        """Every player's unit support counted afresh from its towns and cities."""
        totals = [[0, 0, 0, 0] for _ in range(self.num_players)]
        for h in self.settled:
            total = totals[self.sowner[h]]
            for i, k in enumerate(support(self.settle[h], self.terrain[h])):
                total[i] += k
        self.supported = totals

    def _try_placing(self, unknown: list[_Unknown], hidden: _HiddenFrom,
                     bound: set[int]) -> int:
        """Put the towns and cities lifted, the one with fewest hexes left to stand on first
        (ties at random), each on a random hex where its owner could have it: one its owner
        has explored, out of the player's sight, with no town or city and nobody's units on
        it and nothing a turn under way is bound to (`bound`); a capital among its owner's
        starting hexes; on land, a city only on a terrain that leaves its owner's units on
        the board supported with what the cities still to be put may support (`_coverable`)
        - or on a hex the player has not explored, onto which such a tile is traded from the
        unseen ones (only where they hold one: never onto water, never onto a terrain the
        player could not find there). Among those, with no town or city next to it (the
        building rules allow an enemy town there) where there is such a hex, else with none
        of its owner's (a town built out of sight may stand next to another player's its builder
        could not see), else anywhere (a town taken may stand next to its taker's); then as
        `_pick_site` prefers. Returns -1; where one is left nowhere, those put are taken back
        and its owner returned."""
        b = self.board
        p = hidden.p
        busy = hidden.vis
        for h in range(b.size):
            if self.occ_owner[h] >= 0 or h in bound:
                busy |= 1 << h
        room = []
        for t in unknown:
            mask = self._inner(t.owner) & ~busy
            if t.marker >= 0:
                mask &= b.within(start_area(b, self.config.starts[t.marker]), 0)
            room.append(mask)
        unexplored = self.drawn & ~self.explored[p]
        by_terrain = self._terrain_masks()
        settled = b.within(self.settled, 0)
        near_any = b.within(self.settled, 1)
        near_own = {t.owner: b.within(self.own_settlements(t.owner), 1) for t in unknown}
        cities: dict[int, int] = {}
        for t in unknown:
            if t.kind == CITY:
                cities[t.owner] = cities.get(t.owner, 0) + 1
        deficit = {q: self._city_deficit(q, unknown) for q in cities}
        left = sorted(range(len(unknown)), key=lambda i: (
            unknown[i].owner, unknown[i].kind, unknown[i].marker))
        done: list[tuple[_Unknown, int]] = []
        while left:
            free: dict[int, tuple[int, tuple[int, ...]]] = {}  # the best it may have
            room_left: dict[int, int] = {}  # all it may have
            tiles: set[int] | None = None
            for i in left:
                t = unknown[i]
                wanted = LAND
                if t.kind == CITY:
                    wanted = tuple(k for k in LAND if _coverable(
                        _less(deficit[t.owner], support(CITY, k)), cities[t.owner] - 1)) \
                        or (t.terrain,)
                fit = 0
                for k in wanted:
                    fit |= by_terrain[k]
                mask = room[i] & ~settled & fit
                trade = room[i] & ~settled & unexplored & ~mask
                if trade:  # only where a tile it may stand on is among the unseen ones
                    if tiles is None:
                        tiles = self._unseen_terrains(p)
                    if tiles.isdisjoint(wanted):
                        trade = 0
                room_left[i] = mask | trade
                for near in (near_any, near_own[t.owner], 0):
                    if mask & ~near or trade & ~near:
                        free[i] = (mask & ~near or trade & ~near,
                                   () if mask & ~near else wanted)
                        break
                else:
                    free[i] = (0, ())
            fewest = min(room_left[i].bit_count() for i in left)
            if not fewest:
                for t, h in reversed(done):
                    self._pick_up(t, h)
                    hidden.away.update(t.units)
                    hidden.moved(t.owner)
                return next(unknown[i].owner for i in left if not room_left[i])
            ties = [i for i in left if room_left[i].bit_count() == fewest]
            i = ties[self.rng.randrange(len(ties))]
            left.remove(i)
            t = unknown[i]
            q = t.owner
            spare = 0
            for j in left:
                spare |= room_left[j]
            if spare.bit_count() >= ROOM * len(left):
                spare = 0  # room enough: no need to pack them tight
            target = self._pick_site(q, free[i][0], t.marker >= 0, hidden, spare)
            if free[i][1]:
                self._trade_tile(p, target, free[i][1])
                by_terrain = self._terrain_masks()
            if t.kind == CITY:
                cities[q] -= 1
                deficit[q] = _less(deficit[q], support(CITY, self.terrain[target]))
            self._set_down(t, target)
            hidden.away.difference_update(t.units)
            done.append((t, target))
            settled |= 1 << target
            near_any |= b.balls[1][target]
            near_own[q] |= b.balls[1][target]
            hidden.moved(q)
        return -1

    def _terrain_masks(self) -> dict[int, int]:
        """The land hexes by terrain, as bitmasks."""
        masks = {k: 0 for k in LAND}
        for h, k in enumerate(self.terrain):
            if k in masks:
                masks[k] |= 1 << h
        return masks

    def _unseen_terrains(self, p: int) -> set[int]:
        """The terrains among the tiles player p has not seen that `_trade_tile` may trade."""
        out = set(self.bag)
        for h in mask_hexes(self.drawn & ~self.explored[p]):
            if not self.settle[h] and self.occ_owner[h] < 0:
                out.add(self.terrain[h])
        return out

    def _pick_site(self, q: int, free: int, capital: bool, hidden: _HiddenFrom,
                   spare: int) -> int:
        """A random hex of `free` for a town or city of q's (`_try_placing`): preferably out
        of every other player's sight (else out of the player's: `free` is), a site by the
        building rules (no other player's units in or next to it, of those on the map: not
        those `hidden.away`), two or three hexes from
        another of q's towns or cities (not for a capital); where room is short (`spare`:
        the hexes the others still to be put may take), one that takes fewest of them."""
        b = self.board
        away, uo, us, uh = hidden.away, self.uo, self.us, self.uh
        enemy = list({uh[u] for u in range(len(uo)) if uo[u] not in (-1, q)
                      and us[u] not in (FREE, ATTACKING) and u not in away})
        sites = free & ~b.within(enemy, 1)
        ranked = [sites, free]
        if not capital:
            own = self.own_settlements(q)
            ranked.insert(0, sites & b.within(own, 3))
        for out_of in (hidden.seen(q), 0):
            for group in ranked:
                hexes = mask_hexes(group & ~out_of)
                if hexes and spare:
                    ball = b.balls[1]
                    least = min((ball[k] & spare).bit_count() for k in hexes)
                    hexes = [k for k in hexes if (ball[k] & spare).bit_count() == least]
                if hexes:
                    return hexes[self.rng.randrange(len(hexes))]
        raise AssertionError("no hex in a non-empty mask")

    def _city_deficit(self, q: int, unknown: list[_Unknown]) -> list[int]:
        """What q's cities yet to be put must support of its units on the board (those whose
        kinds stay: the others are drawn afterwards, from what the towns and cities
        support), beyond its towns and cities on the map and its towns yet to be put. (Units
        a battle has left unsupported, to be disbanded, may stay so, no more of them.)"""
        need = [min(b, s) for b, s in zip(self.onboard[q], self.supported[q])]
        have = [0, 0, 0, 0]
        for h in self.own_settlements(q):
            for i, k in enumerate(support(self.settle[h], self.terrain[h])):
                have[i] += k
        have[INF] += sum(1 for t in unknown if t.owner == q and t.kind == TOWN)
        return [max(0, n - k) for n, k in zip(need, have)]

    def _set_down(self, t: _Unknown, h: int) -> None:
        """The town or city t, lifted, stands on h with what went with it."""
        q = t.owner
        self.settle[h], self.sowner[h] = t.kind, q
        bisect.insort(self.settled, h)
        if t.marker != -1:
            self.capital[t.marker if t.marker >= 0 else -2 - t.marker] = h
        for u in t.units:
            self.uh[u] = h
        if t.units:
            self.occ_add(h, q, len(t.units))
        if t.placed is not None:
            self.placed[h] = t.placed
        if t.fired is not None:
            self.overwatch_fired[h] = t.fired
        if t.easy:
            self.easy |= 1 << h

    def _pick_up(self, t: _Unknown, h: int) -> None:
        """Undo `_set_down(t, h)`."""
        self.settle[h], self.sowner[h] = 0, NOBODY
        self.settled.remove(h)
        if t.marker != -1:
            self.capital[t.marker if t.marker >= 0 else -2 - t.marker] = -1
        if t.units:
            self.occ_sub(h, len(t.units))
        self.placed.pop(h, None)
        self.overwatch_fired.pop(h, None)
        if t.easy:
            self.easy &= ~(1 << h)

    def _trade_tile(self, p: int, h: int, wanted: tuple[int, ...] = LAND) -> None:
        """The tile under an unseen town, city or stack on a hex the player has not explored
        is traded with a random land tile (`wanted`: water for a frigate) among those it has
        not seen (the bag, the empty hidden hexes, its own if of that class)."""
        if not self.drawn >> h & 1 or self.explored[p] >> h & 1:
            return
        hidden = self.drawn & ~self.explored[p]
        bag = [i for i, t in enumerate(self.bag) if t in wanted]
        hexes = [k for k in mask_hexes(hidden) if k != h and self.terrain[k] in wanted
                 and not self.settle[k] and self.occ_owner[k] < 0]
        mine = self.terrain[h]
        choices = len(bag) + len(hexes) + (mine in wanted)
        if not choices:
            return
        i = self.rng.randrange(choices)
        if i < len(bag):
            j = bag[i]
            self.terrain[h], self.bag[j] = self.bag[j], mine
        elif i < len(bag) + len(hexes):
            k = hexes[i - len(bag)]
            self.terrain[h], self.terrain[k] = self.terrain[k], mine
        if mine not in wanted:
            self._count_water()

    def _reveal_to(self, p: int, q: int, h: int) -> None:
        """q's piece goes on h (`_widen`, or a last resort): q has explored it and the hexes
        around it (a piece revealed them), which hold tiles (from the bag) if they did not
        (but for the hexes waiting for a drawn tile). Only with independent exploration:
        otherwise everybody has explored what anybody has."""
        if not self.config.independent:
            return
        fixed = self.config.fixed_map
        pending = self.reveal_pending
        for k in self.board.near[1][h]:
            if pending is not None and k in pending[1]:
                continue
            self.explored[q] |= 1 << k
            if (self.terrain[k] == UNKNOWN and self.bag and not self.explored[p] >> k & 1
                    and (fixed is None or fixed.tiles[k] == UNKNOWN)):
                self.terrain[k] = self.bag.pop()
                self.drawn |= 1 << k
                self._count_water()

    def _widen(self, p: int, q: int) -> bool:
        """Independent exploration: q has explored a little more in the copy (`_reveal_to`
        a random hex next to what it has), where the copy needs room for a piece of q's
        that must stand somewhere. False when there is nothing more to explore."""
        b = self.board
        edge = mask_hexes(b.within(mask_hexes(self.explored[q]), 1) & ~self.explored[q])
        if not self.config.independent or not edge:
            return False
        # the starting hexes of the setup turns to come are left to them where it can be
        future = self._starts_to_come()
        edge = [h for h in edge if not future >> h & 1] or edge
        self._reveal_to(p, q, edge[self.rng.randrange(len(edge))])
        return True

    def _blank_unseen_kinds(self, p: int, vis: int, bound: set[int]) -> dict[int, list[int]]:
        """Enemy land units out of the player's sight whose number and kinds are to be drawn
        again (`_draw_units`), by owner: every other player, in turn order, one with none
        out of sight too (whether it has any there does not show: it may have them all in
        reserve, or not); they leave the owner's count on the board meanwhile.
        Their kinds tell the terrain of cities the player has not seen (VIKTORY-II.md, "Unit
        support"). Kinds stay where something binds them: units a turn under way is bound to
        (`bound`: their hexes, the hexes next to a battle under way, which it may draw
        in from, too), and the mover's units that
        have moved or been placed this turn. An army its towns and cities no longer support
        (disbands pending) is drawn again too, within what they support: how many units it
        must disband is its own affair, and it is asked as often whatever it must
        (`state.queue_disbands`), so it may disband nothing. Frigates are blanked too (at
        sea or in port): their number would tell the owner's forest cities; `_naval_owners`
        gives back theirs to owners with no water to put a frigate on."""
        # every owner, in order: which owners have units out of sight, and which unit of
        # whose comes first on the board, are the true state's
        blank: dict[int, list[int]] = {q: [] for q in range(self.num_players) if q != p}
        uo, ut, uh, us, mover = self.uo, self.ut, self.uh, self.us, self.player
        for u in range(len(uo)):
            q, t, h = uo[u], ut[u], uh[u]
            if (q == p or us[u] in (FREE, ATTACKING, CARGO) or vis >> h & 1
                    or h in bound):
                continue
            if q == mover and (us[u] != FRESH or self.uf[u] or self.um[u] != RANGE[t]):
                continue
            blank[q].append(u)
        for q in blank:
            for u in blank[q]:
                self.onboard[q][self.ut[u]] -= 1
        return blank

    def _naval_owners(self, blank: dict[int, list[int]], vis: int, bound: set[int],
                      unknown: list[_Unknown]) -> set[int]:
        """The owners whose blanked units may be drawn as frigates: those with a city (on
        the board, or among those lifted, `unknown`) and an explored water hex out of the
        player's sight (`vis`) that a frigate of theirs may stand on (`_free_hexes`, with
        the stacks out of sight lifted). The others' blanked frigates are drawn again as
        land units (or go into the reserve) like the rest: given back their kind, they
        would tell how many frigates stood out of sight (a land unit drawn with no land to
        stand on goes into the reserve, `_put_back`)."""
        naval = set()
        cities = {t.owner for t in unknown if t.kind == CITY}
        for q in blank:
            if q not in cities and not any(self.settle[h] == CITY
                                           for h in self.own_settlements(q)):
                continue  # only a city supports a frigate: none on the board, none drawn
            if self._free_hexes(q, True, vis, bound):
                naval.add(q)
        return naval

    def _draw_units(self, blank: dict[int, list[int]], naval: set[int],
                    lifted: set[int]) -> dict[int, list[int]]:
        """How many units each owner has out of the player's sight, and of which kinds, is
        drawn again: neither shows on a hidden map (reserves are not shown; the kinds would
        tell the terrain of unseen cities, VIKTORY-II.md, "Unit support"). The blanked units
        leave the board (out of towns and cities too); of the units the owner's towns and
        cities (as they stand in the copy) support beyond those on the board, land units and
        frigates for the owners in `naval`, a number drawn evenly from none to all is put
        back, of kinds drawn at random among them; the rest is the reserve. Returns the
        units, by owner, on no hex yet (`_group_units` places them): the mover's may move
        this turn (they stood on the board when it began), the others' are at rest.
        `lifted`: the units lifted off the map (`_lift`), the others are in towns."""
        out: dict[int, list[int]] = {}
        mover = self.player
        for q, units in blank.items():
            for u in units:
                if u not in lifted:  # in a town or city: it leaves it
                    self.occ_sub(self.uh[u], 1)
            s, b = self.supported[q], self.onboard[q]
            free = [t for t in _drawable(q, naval) for _ in range(s[t] - b[t])]
            kinds = self.rng.sample(free, self.rng.randint(0, len(free)))
            for u in units[len(kinds):]:  # into the reserve (their count was taken off)
                self.us[u] = FREE
                self.uo[u] = self.uh[u] = self.uc[u] = self.ug[u] = -1
            drawn = units[:len(kinds)]
            while len(drawn) < len(kinds):
                drawn.append(self.add_unit(q, kinds[len(drawn)], -1, ATTACKING))
                self.onboard[q][kinds[len(drawn) - 1]] -= 1  # counted below with the others
            for u, t in zip(drawn, kinds, strict=True):
                self.ut[u] = t
                self.onboard[q][t] += 1
                self.us[u] = FRESH if q == mover else DONE
                self.um[u] = RANGE[t] if q == mover else 0
                self.uf[u], self.uc[u], self.ug[u], self.uh[u] = 0, -1, -1, -1
            out[q] = drawn
        return out

    def _resample_hands(self, p: int) -> None:
        """Other players' hands and the deck are dealt again from the cards among them,
        sorted first: the true order must not show (the deck's, the hands')."""
        pool = self.pool
        others = [q for q in range(self.num_players) if q != p]
        unseen = list(pool.deck)
        for q in others:
            unseen += pool.hands[q]
        unseen.sort()
        self.rng.shuffle(unseen)
        for q in others:
            k = len(pool.hands[q])
            pool.hands[q] = unseen[:k]
            unseen = unseen[k:]
        pool.deck = unseen

    def _unseen_stacks(self, p: int, vis: int, bound: set[int]) -> dict[int, list[int]]:
        """Enemy units out of the player's sight that nothing binds, by hex: they are lifted
        off the map (`_lift`) and put back (`_put_back`), so that where they stood plays no
        part in where they, or the towns and cities resampled meanwhile, go. Units in towns
        and cities stay with them; units a turn under way is bound to (a battle, a
        bombardment, the moving unit, cargo, a pennant, artillery that has fired Overwatch
        this turn) stay (`bound`: their hexes). `vis`: the player's sight."""
        stacks: dict[int, list[int]] = {}
        for u in range(len(self.uo)):
            if self.uo[u] == p or self.us[u] in (FREE, ATTACKING, CARGO):
                continue
            h = self.uh[u]
            if vis >> h & 1 or self.settle[h] or h in bound:
                continue
            stacks.setdefault(h, []).append(u)
        return stacks

    def _lift(self, p: int, stacks: dict[int, list[int]], vis: int, bound: set[int]) -> None:
        """These stacks' hexes are left empty until `_put_back`, without the mover's mark of
        the hexes it had something on when the turn began (`easy`: not difficult terrain
        for it this turn): its stacks put back bring one. The hexes out of the player's
        sight (`vis`) its units have left this turn lose theirs too: where they stood is
        the true state's (towns and cities keep theirs, which go with them; what a turn
        under way binds, `bound`, stays as it is)."""
        for h in stacks:  # a frigate with cargo is bound: no stack carries any
            self.occ_sub(h, self.occ_n[h])
        if self.player != p and self.easy:
            keep = vis
            for h in [*self.settled, *bound]:
                if h >= 0:
                    keep |= 1 << h
            self.easy &= keep

    def _lift_garrisons(self, p: int, vis: int, bound: set[int],
                        blank: dict[int, list[int]]) -> set[int]:
        """The mover's units whose kinds stay (`_blank_unseen_kinds`: they have moved this
        turn) in its towns and cities out of the player's sight that nothing binds leave
        them (`_stacks_kept` pools them with those in the field): which town holds them,
        or whether one does, does not show (units placed from reserve this turn stay in
        their town: its count of them, `placed`, goes with it)."""
        mover = self.player
        if mover == p or mover < 0:
            return set()
        drawn = {u for units in blank.values() for u in units}
        out = set()
        uo, uh, us, settle = self.uo, self.uh, self.us, self.settle
        for u in range(len(uo)):
            h = uh[u]
            if (uo[u] != mover or us[u] in (FREE, ATTACKING, CARGO, PLACED) or u in drawn
                    or not settle[h] or vis >> h & 1 or h in bound):
                continue
            self.occ_sub(h, 1)
            out.add(u)
        return out

    def _stacks_kept(self, stacks: dict[int, list[int]], blank: dict[int, list[int]],
                     garrisons: set[int]) -> dict[int, list[int]]:
        """The lifted units whose kinds stay (`_blank_unseen_kinds`) and the mover's taken
        out of its towns (`garrisons`), by owner, to be placed afresh with the units drawn
        (`_group_units`): how they were grouped, and where, does not show. In an order that
        owes nothing to where they stood or to their slots (by kind and state)."""
        drawn = {u for units in blank.values() for u in units}
        kept: dict[int, list[int]] = {}
        for u in [u for units in stacks.values() for u in units if u not in drawn] + \
                sorted(garrisons):
            kept.setdefault(self.uo[u], []).append(u)
        ut, us, um, uf = self.ut, self.us, self.um, self.uf
        for units in kept.values():
            units.sort(key=lambda u: (ut[u], us[u], um[u], uf[u]))
        return kept

    def _group_units(self, drawn: dict[int, list[int]], hidden: _HiddenFrom,
                     bound: set[int], kept: dict[int, list[int]]
                     ) -> list[tuple[list[int], bool]]:
        """The units drawn (`_draw_units`) placed afresh, since where they are and the sizes
        of stacks out of sight do not show either: each land unit goes into one of its
        owner's towns and cities out of every other player's sight or into the field,
        evenly (in the setup turns, when no unit has moved, into a town only, when there is
        one; not into one a turn under way is bound to, `bound`: what stands there stays
        as it is, and nothing drawn joins it); the units in the field, by class (land units,
        frigates), form a number of stacks drawn evenly from one to as many as they are,
        each unit into one of them at random. So are the units whose kinds stay lifted
        (`kept`, `_stacks_kept`; the mover's land units into its towns too). Returns those
        stacks to put back (`_put_back`) as (units, whether any is kept)."""
        parts: list[tuple[list[int], bool]] = []
        for q in sorted({*drawn, *kept}):
            units = drawn.get(q, []) + kept.get(q, [])
            if kept.get(q):
                hidden.away.update(kept[q])
            seen = hidden.seen(q)
            homes = [h for h in self.own_settlements(q) if not seen >> h & 1 and h not in bound]
            field: dict[bool, list[int]] = {False: [], True: []}
            # the setup turns: no unit has moved yet, every land unit stands in a town
            afield = 0 if self.round == 0 and homes else 1
            for u in units:
                naval = self.ut[u] == FRIG
                i = len(homes) if naval else self.rng.randrange(len(homes) + afield)
                if i < len(homes):
                    self.uh[u] = homes[i]
                    self.occ_add(homes[i], q, 1)
                    hidden.away.discard(u)
                else:
                    field[naval].append(u)
            hidden.moved(q)  # the mover's units in towns see their reach
            for group in field.values():
                if not group:
                    continue
                k = self.rng.randint(1, len(group))
                stacked: list[list[int]] = [[] for _ in range(k)]
                for u in group:
                    stacked[self.rng.randrange(k)].append(u)
                old = set(kept.get(q, ()))
                parts += [(part, not old.isdisjoint(part)) for part in stacked if part]
        return parts

    def _put_back(self, p: int, parts: list[tuple[list[int], bool]], hidden: _HiddenFrom,
                  vis: int, bound: set[int]) -> None:
        """Each stack (`_stacks_kept`, `_group_units`) goes to a random hex where its owner
        could have it (`_stack_sites`), judged by what the player knows and where the owner's
        towns and cities stand in the copy, never by where a stack stood (where no such hex
        is out of every other player's sight, on one out of the player's sight, `vis`).
        Where there is none (the owner has explored no such hex) a stack drawn afresh
        stays in the reserve; one with units whose kinds stay goes into a town
        (`_stand_again`). Land units go first, and of each class the stacks with units
        whose kinds stay. A land stack of the mover's gets its
        start-of-turn mark (`easy`) wherever it goes: which of its hexes had one does not
        show."""
        land = [i for i, (units, _) in enumerate(parts) if self.ut[units[0]] != FRIG]
        sea = [i for i, (units, _) in enumerate(parts) if self.ut[units[0]] == FRIG]
        for group in (land, sea):
            self.rng.shuffle(group)
            # those with units whose kinds stay first: a stack drawn afresh that finds no
            # room goes into the reserve, one kept must stand somewhere (were the last hex
            # taken by one drawn, the kept units would be lost to the copy and its copies)
            group.sort(key=lambda i: not parts[i][1])
        mover = self.player
        for i in land + sea:
            units, kept = parts[i]
            owner = self.uo[units[0]]
            naval = self.ut[units[0]] == FRIG
            reach = max(RANGE[self.ut[u]] for u in units)
            sites = (self._stack_sites(owner, naval, reach, hidden.seen(owner), bound)
                     or self._stack_sites(owner, naval, reach, vis, bound))
            for _ in range(WIDENING if kept else 0):  # it stands somewhere its owner explored
                if sites or not self._widen(p, owner):
                    break
                sites = self._stack_sites(owner, naval, reach, vis, bound)
                hidden.moved(owner)
            if sites:
                target = sites[self.rng.randrange(len(sites))]
            else:
                target = self._stand_again(owner, naval, vis, bound) if kept else -1
            if target < 0:
                for u in units:  # nowhere to stand out of sight: in the reserve
                    self.onboard[owner][self.ut[u]] -= 1
                    self.us[u] = FREE
                    self.uo[u] = self.uh[u] = -1
                continue
            for u in units:
                self.uh[u] = target
            self.occ_add(target, owner, len(units))
            hidden.away.difference_update(units)
            hidden.moved(owner)  # what its units see has changed
            if not naval and owner == mover:
                self.easy |= 1 << target

    def _stand_again(self, q: int, naval: bool, vis: int, bound: set[int]) -> int:
        """Where a stack with units of q's whose kinds stay goes when q has explored no hex
        out of sight for it: into one of q's towns (a frigate: ports) out of the player's
        sight (`vis`) that nothing a turn under way binds (`bound`: what stands there stays
        as it is, and nothing joins it); else -1 (the reserve). Not back where it stood:
        that is the true state's."""
        towns = [k for k in self._own_out_of(q, vis) if k not in bound
                 and (not naval or self.is_port(k, q))]
        return towns[self.rng.randrange(len(towns))] if towns else -1

    def _own_out_of(self, q: int, vis: int) -> list[int]:
        """q's towns and cities out of `vis`."""
        return [h for h in self.own_settlements(q) if not vis >> h & 1]

    def _stack_sites(self, q: int, naval: bool, reach: int, seen: int,
                     barred: set[int]) -> list[int]:
        """Where player q's stack out of sight may stand, judged from what the player knows
        (`_free_hexes`): those within the stack's reach (its fastest unit's movement,
        `units.RANGE`) of one of q's towns or cities when there are such hexes."""
        b = self.board
        sites = self._free_hexes(q, naval, seen, barred)
        if not sites:
            return sites
        # the setup turns: units stand off the starting hexes to come where they can
        future = self._starts_to_come()
        sites = [k for k in sites if not future >> k & 1] or sites
        home = b.within(self.own_settlements(q), min(reach, MAX_BALL))
        near = [k for k in sites if home >> k & 1]
        return near or sites

    def _inner(self, q: int) -> int:
        """The hexes q has explored whose neighbours it has explored too: where its units,
        towns and cities may stand (each revealed the hexes around it)."""
        return self._inner_of(self.explored[q])

    def _inner_of(self, explored: int) -> int:
        b = self.board
        outside = ((1 << b.size) - 1) & ~explored
        return explored & ~b.within(mask_hexes(outside), 1)

    def _free_hexes(self, q: int, naval: bool, seen: int, barred: set[int]) -> list[int]:
        """Hexes out of every other player's sight (`seen`: in it) that q has explored (units
        move only there), land units' with the hexes around them (`_inner`), of a stack's
        class (frigates on water, land units on land), with no town or city, no other
        player's units, nothing a turn under way is bound to (`barred`)."""
        # a frigate placed from reserve stands on explored water whatever is around it
        free = ~seen & (self.water & self.explored[q] if naval else ~self.water & self._inner(q))
        return [k for k in mask_hexes(free & ((1 << self.board.size) - 1))
                if self.terrain[k] != UNKNOWN and not self.settle[k]
                and self.occ_owner[k] in (-1, q) and k not in barred
                and not self.pennants >> k & 1]


@dataclass
class _Unknown:
    """A town or city the player neither sees nor remembers, lifted off the map in a copy
    (`ViewRules._lift_settlements`) with what goes with it: its units whose kinds stay, the
    mover's reserve placements and Overwatch fired there, and the mover's start-of-turn
    mark. `hex` and `terrain`: where it stood, for the last resort only
    (`ViewRules._site_for`)."""
    owner: int
    kind: int
    # whose capital it is (-1: none; -2 - q: q's, standing where a map file put it, not
    # among q's starting hexes)
    marker: int
    hex: int
    terrain: int
    units: list[int]
    placed: list[int] | None
    fired: int | None
    easy: bool


def _less(need: list[int], given: Units) -> list[int]:
    """What is still needed once a city supports `given`."""
    return [max(0, n - k) for n, k in zip(need, given)]


def _can_cover(need: list[int], cities: list[frozenset[int]]) -> bool:
    """Could these cities, each on one of its terrains, support `need` more units?"""
    seen: set[tuple[int, tuple[int, ...]]] = set()

    def search(i: int, need: list[int]) -> bool:
        if sum(need) - need[INF] > len(cities) - i:
            return False
        if i == len(cities):
            return not need[INF]
        key = (i, tuple(need))
        if key in seen:
            return False
        seen.add(key)
        return any(search(i + 1, _less(need, support(CITY, k))) for k in sorted(cities[i]))

    return search(0, need)


def _coverable(need: list[int], cities: int, terrains: Any = LAND) -> bool:
    """Could this many cities, on `terrains`, support `need` more units? Each supports one
    artillery, cavalry or frigate (on mountain, grassland, forest) and an infantry, or three
    infantry (on plains) (VIKTORY-II.md, "Unit support")."""
    special = sum(need) - need[INF]
    if special > cities or (cities and not terrains):
        return False
    if any(need[t] and k not in terrains
           for t, k in ((CAV, GRASSLAND), (ART, MOUNTAIN), (FRIG, FOREST))):
        return False
    return need[INF] <= special + (3 if PLAINS in terrains else 1) * (cities - special)


def _drawable(q: int, naval: set[int]) -> tuple[int, ...]:
    """The kinds q's units out of sight are drawn among: frigates too when it has water for
    them (`ViewRules._naval_owners`)."""
    return (*LAND_UNITS, FRIG) if q in naval else tuple(LAND_UNITS)


class _HiddenFrom:
    """What is out of sight of every player but one, in a copy being determinised for
    player p: a piece moved there changes no other player's view as it stands (p's sight
    stays as it was; the others' are found when first needed, from the pieces on the copy's
    map: `away` holds the units lifted, or drawn, not yet put back, so that what another
    player sees owes nothing to where its pieces stand in the real game)."""

    def __init__(self, state: Any, p: int, vis: int, away: set[int]):
        self.state = state
        self.p = p
        self.vis = vis  # the player's own
        self.away = set(away)
        self.sights = {p: vis}

    def seen(self, q: int) -> int:
        """Bitmask of the hexes some player other than q sees."""
        seen = 0
        for r in range(self.state.num_players):
            if r != q:
                if r not in self.sights:
                    self.sights[r] = self.state.sight(r, self.away)
                seen |= self.sights[r]
        return seen

    def moved(self, q: int) -> None:
        """A town or city of q's has moved: what q sees is found again when needed."""
        self.sights.pop(q, None)


def _cut_mark(mark: tuple[int, int, tuple[int, ...], tuple[int, ...]], p: int,
              spectator: bool) -> tuple[int, int, tuple[int, ...], tuple[int, ...]]:
    """A turn mark in a log cut to the events player p or a spectator saw: it stands after
    the events p saw before it and those only spectators saw; for a spectator the events
    it saw before it stay its own count."""
    seen, only = mark[2], mark[3]
    at, public, unseen = seen[p], seen[-1], only[p]
    return (at + unseen, public if spectator else at, (at,) * len(only) + (public,),
            (unseen,) * len(only))


def last_battle(events: list[dict[str, Any]], start: int) -> dict[str, Any] | None:
    """The last battle of the turn under way that ended, from the viewer's own events (so
    nothing it did not see: on a hidden map every player learns its result and course, only
    its two sides its place), for the table, whose map no longer shows it: its kind, place
    (None where the viewer is not told it), seats, winner, reason, each side's losses, rounds
    and course (`battle_course`); "key": its result's index in the viewer's whole log
    (`start`: the first event's). None when the turn has seen none end."""
    end = len(events) - 1
    while end >= 0 and events[end]["event"] not in ("battle", "turn"):
        end -= 1
    if end < 0 or events[end]["event"] != "battle":
        return None
    begin = end - 1
    # A hidden map's battle begins, for a player who does not fight it, with its forces.
    while begin >= 0 and events[begin]["event"] not in ("battle_begins", "forces", "battle",
                                                        "turn"):
        begin -= 1
    e = events[end]
    course, rounds, waves = battle_course(events[begin + 1:end], lambda q: f"Player {q}")
    return {"key": start + end, "kind": e["battle"], "where": e.get("where"),
            "seats": [e["attacker"], e["defender"]], "winner": e["winner"],
            "reason": e["reason"], "lost": [e["attacker_lost"], e["defender_lost"]],
            "rounds": rounds, "waves": waves, "course": course}
