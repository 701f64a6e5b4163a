"""Building and reserves (VIKTORY-II.md, "Building", "Reserves", "Lost capital penalties").
A base class of the state.

Rules that depend on enemy units or towns (where a town may go) use what the building player
can see and remembers, so that with the dark or independent-exploration options the choices
offered reveal nothing hidden (a ruling, in the README).
"""

from __future__ import annotations

from typing import Any, Final

from mypy_extensions import mypyc_attr

from ..viktory_battles.units import NO_UNITS
from .actions import (
    DONE_BUILD,
    DONE_RESERVES,
    BuildTown,
    PlaceFrigate,
    Upgrade,
    Withdraw,
)
from .board import FOREST, LAND, nearest
from .movement import MovementRules
from .units import (
    ART,
    ATTACKING,
    CARGO,
    CAV,
    CITY,
    FREE,
    FRIG,
    INF,
    PLACED,
    TOWN,
    UNIT_NAMES,
    Units,
    support,
)

UNLIMITED: Final = 99
ANY_UNITS: Final[Units] = (UNLIMITED, UNLIMITED, UNLIMITED, UNLIMITED)
ONE_INFANTRY: Final[Units] = (1, 0, 0, 0)


@mypyc_attr(allow_interpreted_subclasses=True)  # the state's, see state.py
class PlacementRules(MovementRules):
    # --- building ---------------------------------------------------------------------------
    def known_settlements(self, p: int) -> list[int]:
        """Hexes the player knows to hold a town or city: its own, those it sees, and those it
        remembers."""
        if not self.hidden_map:
            return list(self.settled)
        vis = self.sight(p)
        known = {h for h in self.settled if self.sowner[h] == p or vis >> h & 1}
        known |= set(self.memory[p])
        return sorted(known)

    def town_sites(self, p: int) -> list[int]:
        """Explored land with no town or city on it, none of the player's own and no enemy
        city within one hex ("at least two hexes from every enemy city": an enemy town does
        not keep it away), and no enemy units in or next to it, judged by what the player
        sees and remembers (a town or city it does not know of does not make a site smaller:
        see `site_taken`)."""
        return self.sites(p, self.explored[p], self.known_settlements(p), self.sight(p))

    def sites(self, p: int, explored: int, settlements: list[int], vis: int) -> list[int]:
        """Where player p's town may stand: land in `explored` on none of `settlements`, with
        none of them that is p's own or an enemy city within one hex (an enemy town out of
        sight as the player remembers it), and no enemy units in `vis` in or next to it."""
        near = self.near1
        memory = self.memory[p]
        # Hexes within one of an own town or city or of an enemy city, and the hexes of enemy
        # towns; hexes holding enemy units the player sees.
        crowded = 0
        for k in settlements:
            owner, kind = self.sowner[k], self.settle[k]
            if owner != p and not vis >> k & 1 and k in memory:
                owner, kind = memory[k][0], memory[k][1]
            crowded |= near[k] if owner == p or kind == CITY else 1 << k
        occ_owner = self.occ_owner
        enemies = 0
        for k, o in enumerate(occ_owner):
            if o >= 0 and o != p and vis >> k & 1:
                enemies |= 1 << k
        free = explored & ~crowded
        terrain = self.terrain
        land = LAND
        out = []
        for h in range(len(occ_owner)):
            if free >> h & 1 and terrain[h] in land and not near[h] & enemies:
                out.append(h)
        return out

    def near_own(self, h: int, own: list[int]) -> bool:
        """A new town goes two or three hexes from one of the player's towns or cities."""
        dist = self.distance[h]
        return any(2 <= dist[s] <= 3 for s in own)

    def build_actions(self, p: int) -> list[Any]:
        """Two new towns, or one town upgraded to a city; only while holding one's capital."""
        done = DONE_BUILD
        if not self.holds_capital(p) or self.upgraded or self.built >= 2:
            return [done]
        acts = self.acts
        own = self.own_settlements(p)
        out: list[Any] = []
        for h in self.town_sites(p):
            if self.near_own(h, own):
                out.append(acts.build[h])
        if not self.built:
            vis = self.sight(p)
            for h in own:
                if self.settle[h] == TOWN and not any(
                        vis >> k & 1 and self.enemy_units_at(k, p) for k in self.neighbours[h]):
                    out.append(acts.upgrade[h])
        return [*out, done]

    def site_taken(self, p: int, h: int) -> bool:
        """A hidden map: the site a player chose holds a town or city or enemy units it could
        not see. The town is not built there (the build is spent)."""
        return bool(self.settle[h]) or self.enemy_units_at(h, p)

    def build_town(self, p: int, action: BuildTown) -> None:
        self.built += 1
        if self.announce_town(p, action):
            self.found(p, action.hex, TOWN)
            self.gain_card(p, "built a town")

    def announce_town(self, p: int, action: BuildTown) -> bool:
        """Whether the town is built (see `site_taken`); everybody is told whether it is (the
        counts of towns are public), the builder where."""
        built = not self.site_taken(p, action.hex)
        self.located_event("town", (p,), action.where, player=p, built=built)
        if not built:
            self.tell(p, action.hex)  # a town or city found there: not offered again
        return built

    def upgrade_town(self, p: int, action: Upgrade) -> None:
        self.upgraded = True
        self.located_event("city", (p,), action.where, player=p)
        self.upgrade(p, action.hex)

    # --- reserves ---------------------------------------------------------------------------
    def enemy_mask(self, p: int) -> int:
        """Bitmask of the hexes holding other players' units."""
        mask = 0
        us, uh = self.us, self.uh
        for u, o in enumerate(self.uo):
            if o != p and o >= 0 and us[u] != ATTACKING:
                mask |= 1 << uh[u]
        return mask

    def accepts(self, p: int, h: int, enemies: int | None = None) -> Units:
        """How many more reserve units of each type the town or city takes this turn: its
        own capital any number and type; another town or city its schedule (a lost capital:
        a city one infantry), nothing with enemy units next to it."""
        if self.sowner[h] != p:
            return NO_UNITS
        if h == self.capital[p]:
            return ANY_UNITS
        if enemies is None:
            enemies = self.enemy_mask(p)
        if self.near1[h] & enemies:
            return NO_UNITS
        if self.holds_capital(p):
            quota = support(self.settle[h], self.terrain[h])
        else:
            quota = ONE_INFANTRY
        done = self.placed.get(h)
        if done:
            return (max(0, quota[0] - done[0]), max(0, quota[1] - done[1]),
                    max(0, quota[2] - done[2]), max(0, quota[3] - done[3]))
        return quota

    def nearest_water(self, p: int, h: int) -> list[int]:
        """The explored water hexes nearest to a town or city (where its frigates appear)."""
        water = self.water & self.explored[p]
        return list(nearest(self.board.radius, h, water)) if water else []

    def frigate_port(self, p: int, h: int) -> bool:
        """Frigates go to a forest city or to the capital."""
        return h == self.capital[p] or (self.settle[h] == CITY and self.terrain[h] == FOREST)

    def reserve_actions(self, p: int, any_hand: bool = False) -> list[Any]:
        """The reserve step's actions; `any_hand`: as if p held Attack cards enough (a frigate
        may go onto an enemy one: whether the step is asked may not depend on the hand)."""
        acts = self.acts
        place = acts.place
        res = self.reserve(p)
        out: list[Any] = []
        takers = [0, 0, 0, 0]  # settlements that would take a unit of each type
        frigates = res[FRIG] > 0 or self.onboard[p][FRIG] > 0
        enemies = self.enemy_mask(p)
        for h in self.own_settlements(p):
            infantry, cavalry, artillery, frigate = self.accepts(p, h, enemies)
            # Written out type by type: the compiled rules keep the four counts unboxed.
            if infantry > 0:
                takers[INF] += 1
                if res[INF] > 0:
                    out.append(place[h * 4 + INF])
            if cavalry > 0:
                takers[CAV] += 1
                if res[CAV] > 0:
                    out.append(place[h * 4 + CAV])
            if artillery > 0:
                takers[ART] += 1
                if res[ART] > 0:
                    out.append(place[h * 4 + ART])
            if frigates and frigate > 0 and self.frigate_port(p, h):
                seas = self.nearest_water(p, h)
                if seas:
                    takers[FRIG] += 1
                    if res[FRIG] > 0:
                        out += [acts.frigate(h, w) for w in seas
                                if self.may_place_on(p, w, any_hand)]
        out += self.withdraw_actions(p, takers)
        out.append(DONE_RESERVES)
        return out

    def hand_may_place(self, p: int) -> bool:
        """Cards mode: whether p would have a reserve action with Attack cards enough (a
        reserve frigate may go onto an enemy one); as `hand_may_act` for the move step,
        whether the reserve step is asked may depend on this, never on the hand."""
        return self.config.mode == "cards" and len(self.reserve_actions(p, any_hand=True)) > 1

    def may_place_on(self, p: int, w: int, any_hand: bool = False) -> bool:
        """A frigate from reserve may go onto sea hex w: in cards mode onto an enemy frigate
        only with an Attack card for it, as a move into enemy units ("You have to play an
        Attack card to move your units into a hex containing enemy units"), judged by what
        the player sees (one it cannot see it may land on: then the battle ends at once, the
        attacker holding no Attack card, and the frigate goes back into the reserve)."""
        if not self.enemy_units_at(w, p) or self.may_attack(p, w, any_hand):
            return True
        return self.hidden_map and not self.sight(p) >> w & 1

    def withdraw_actions(self, p: int, takers: list[int]) -> list[Withdraw]:
        """Units may be taken off the board into reserve (and placed again at once): any
        unit not placed this turn, not aboard a frigate, not a frigate with cargo, of a type
        some town or city would take."""
        us, uh, ut = self.us, self.uh, self.ut
        keys = set()  # hex * 4 + type
        carriers: set[int] | None = None  # the frigates with cargo
        for u, o in enumerate(self.uo):
            if o != p:
                continue
            s = us[u]
            if s == FREE or s == ATTACKING or s == CARGO or s == PLACED:
                continue
            t = ut[u]
            if not takers[t]:
                continue
            if t == FRIG:
                if carriers is None:
                    carriers = {self.uc[c] for c, cs in enumerate(us) if cs == CARGO}
                if u in carriers:
                    continue
            keys.add(uh[u] * 4 + t)
        withdraw = self.acts.withdraw
        return [withdraw[k] for k in sorted(keys)]

    def place_reserve(self, p: int, action: Any) -> None:
        counts = self.placed.setdefault(action.hex, [0, 0, 0, 0])
        if type(action) is PlaceFrigate:
            counts[FRIG] += 1
            if self.enemy_units_at(action.sea, p):
                u = self.add_unit(p, FRIG, action.hex, ATTACKING)
                self.ug[u] = action.sea
                self.event("place", to=self.actor_only(p), player=p, unit="frigate",
                           where=action.sea_where, battle=True)
                self.start_battle("reserve", action.sea, placed=action.hex)
                return
            self.add_unit(p, FRIG, action.sea, PLACED)
            # A hidden map: the placer learns whether an enemy frigate it could not see was
            # there (the event says either way, so both tell what was found).
            self.event("place", to=self.actor_only(p), player=p, unit="frigate",
                       where=action.sea_where, **({"battle": False} if self.hidden_map else {}))
            return
        counts[action.unit] += 1
        self.add_unit(p, action.unit, action.hex, PLACED)
        self.event("place", to=self.actor_only(p), player=p, unit=UNIT_NAMES[action.unit],
                   where=action.where)

    def withdraw(self, p: int, action: Withdraw) -> None:
        uh, ut, us = self.uh, self.ut, self.us
        h, t = action.hex, action.unit
        # one of those `withdraw_actions` offers it for, by what it is (`pick_unit`), not a
        # frigate with cargo
        units = [u for u, o in enumerate(self.uo) if o == p and uh[u] == h and ut[u] == t
                 and us[u] not in (FREE, ATTACKING, CARGO, PLACED)]
        self.remove_unit(self.pick_unit(units))
        self.event("withdraw", to=self.actor_only(p), player=p, unit=UNIT_NAMES[action.unit],
                   where=action.where)
