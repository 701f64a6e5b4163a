"""Viktory II, the whole map game: the hex map, exploration, building, movement, sea
transport, reserves, with dice or with the Battle Cards variant's turn sequence. Battles are
fought by the resolver the one-battle game `viktory` shares (`viktory_battles`)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ...engine import ChoiceGrid
from ...engine.data import DataOption, shipped_files
from ...engine.estimate import share_chances
from ..viktory_battles.game import CARD_OPTIONS_WHEN, DECK_OPTION, BattleCardsGame
from .actions import ACTIONS
from .config import Config
from .heuristic import heuristic_action, position_scores
from .mapfile import MAPS, load_map, map_path
from .render import choice_grid, describe_event, help_notes, prompt, render, whole_table
from .state import ViktoryIIState

SUMMARY = """\
Viktory II - rules summary
The map: hexes start face down. Units, towns and cities reveal the hexes next to them (a city
everything within two); you draw the tiles and choose which goes where.
Setup (your first turn): place your capital (a town) on land among your five starting hexes,
with an infantry; then you may build a second town 2-3 hexes away and add an infantry to
either town (not the first player in 2-6 player games).
Each turn:
1. Move and battle, one unit at a time: infantry 2, artillery 2, cavalry 3, frigates 5 (water).
   Infantry and artillery stop on entering forest or mountain where you had nothing at the
   start of the turn. Roads: from your town or city to another 2-3 hexes away for 1 move.
   Frigates carry up to 3 land units (pick up, then unload into one land hex, ending the
   move) and pass through your ports. Entering an enemy hex declares an attack; more units
   may join; fight it before the phase ends. A beaten-off attack raises a pennant: no more
   attacks there this turn. Artillery and frigates may bombard a neighbouring hex once.
2. Build (only while you hold your capital): two towns (on explored land 2-3 hexes from one of
   yours, not next to your own town or city nor to an enemy city, no enemy units in or next to
   it), or upgrade a town to a city. Towns support 1 infantry; cities by terrain: plains 3
   infantry, mountain infantry + artillery, grassland infantry + cavalry, forest infantry +
   frigate.
3. Reserves: place supported units not on the board in your towns and cities (each takes its
   own units per turn; your capital any number), frigates on the water nearest a forest city
   or the capital. You may take units off the board and place them again.
Cards (mode=cards or hybrid): a card for each town built and each town or city taken, one lost
with each town or city lost; an Attack card is needed to attack enemy units (cards mode); +1 MP
cards give a moving unit one more move. At the end of every turn all discard down to min(10,
towns + cities); then you may draw up to that, at most one card per city. A card reads "C08
Flank Counter 2H/1M forest": its id, name, hits (H), misses (M: each blocks a hit) and
terrain (on a battle hex of that terrain its hits are selective: the player who played it picks
the casualties).
Without your capital: no building, no combat supply, cities take one reserve infantry.
Win: hold every capital (or `capitals=N`); at the turn limit most capitals, cities, towns.
Battles (as in `warroom play viktory`, `?` there for the details): attacker dice 1 per unit
type present + 1 per extra hex side; defender 1 per unit type + naval support + the best of
forest 1, town 1, mountain 2, city 2 (1 without its capital); hits on 1-3 (1-4 in combat
supply: in or next to your town or city, holding your capital); a 1 is a tactical hit. Artillery
and frigates bombard; attacking artillery fires before the battle; defending artillery fires
Overwatch once a turn (at units moving in, or by itself at units moving, sailing or unloaded
next to it). After each round the attacker fights on or retreats. Cards mode: each wave needs
an Attack card, Counters answer; re-attacks come from the same hex sides without new
replenishment. Cavalry that attacked may move on with the movement it has left.
The terminal's map: each hex its terrain (p plains, g grassland, f forest, m mountain, w water,
? unexplored; on a dark map in upper case, dimmed, an explored hex out of sight), owner,
t town / T capital / C city / @ capital city, units (+ 10 or more; ! attack declared); an empty
hex shows its place in its row (E 07 is E7). A small terminal's compact cell has the terrain,
the owner, then the town's letter or else the units: what stands in a town or city, and an
attack declared on it (!), is written out by the map where the screen has room (the line
"Garrisons: D2 1i 1a"). A short table counts units as 2i 1c 1a 1f (infantry, cavalry,
artillery, frigates)."""

# Two and four players, the hidden-map options and all three modes; small maps and short
# turn limits so that random games end quickly.
CONFORMANCE_CONFIGS = [
    {"radius": 3, "turn_limit": 6},
    {"players": 4, "radius": 4, "turn_limit": 3},
    {"dark": True, "radius": 3, "turn_limit": 6},
    {"independent": True, "players": 3, "radius": 3, "turn_limit": 5},
    {"dark": True, "independent": True, "radius": 3, "turn_limit": 5},
    {"mode": "cards", "radius": 3, "turn_limit": 6},
    {"mode": "hybrid", "radius": 3, "turn_limit": 6},
    {"mode": "cards", "dark": True, "place": "random", "radius": 3, "turn_limit": 6},
    {"map": "duel", "mode": "cards", "turn_limit": 6},
]


class ViktoryIIGame(BattleCardsGame):
    name = "viktory-ii"
    title = "Viktory II (the map game, with dice or the Battle Cards)"
    # 2: battles are fought by the shared resolver (viktory_battles), not a stand-in. 3: units
    # unloaded next to enemy artillery draw its Overwatch, as a unit stepping there does
    # (RULINGS: "a defending artillery fires once per enemy turn at a unit moving next to
    # it"), so records of games with such an unloading replay differently. 4: a unit brought
    # into a battle from a hex side no longer declares that battle again once it is fought (a
    # battle of nobody was then offered, and had to be fought), so records differ after one.
    # 5: a frigate whose only move is into an own port is offered for selection, and on a
    # dark map a town the player was told of (its own, taken; one found where its build
    # failed) is remembered, so no longer offered as a build site: records differ after one.
    # 6: at the turn limit, leaders tied at the top share the win and the players behind them
    # lose (a draw for everybody only when every player still in is among them).
    # 7: a withdrawal, a disbanding and a selection take the unit of the kind on the hex by
    # what it is (no frigate with cargo; status, movement left, marks: `pick_unit`), not by
    # its slot, which a determinisation does not keep: records differ where they differed.
    # 8: leaders tied at the turn limit are named by the outcome's winners only, not in its
    # reason ("a tie at the top"), which records keep and a replay checks.
    # 9: option `capitals` refuses 1 (every player holds its own capital from the start) and
    # a capture's win check looks at the capturer only; a cavalry landed by an amphibious
    # attack moves no more after its battle (units unloaded may not move again). In a set-up
    # position every round begins with its `first` player (a round began with player 0, so
    # `first: 1` cost player 0 a turn); a map file's starts without land, name and
    # description are checked when it is loaded.
    # 10: battles (the `viktory` resolver, its version 2): a second Reversal of Fortune
    # cancels only the first one's hits, and replenishment counts the dice a player would
    # normally get, a Special Event played before the first wave aside. The setup turns
    # keep a land tile in the bag for each setup turn to come, starting hexes left with no
    # free land exchange a water tile for one, and a mix that cannot give every setup turn
    # land is refused (a player could be left with no site for its capital).
    # 11: battles (the `viktory` resolver, its version 3): in cards mode a move into an empty
    # town or city offers only Attack cards with Attack card text, played for it (use
    # "text"), not every Attack card "as an Attack".
    # 12: battles (the `viktory` resolver, its version 4): an Attack card is offered for its
    # text alone only where that text acts: never +1 MP (played while moving, PlayMoveCard),
    # Secrecy only against artillery ready to fire Overwatch; so a move into an empty town or
    # city offers none, and a hybrid launch with no artillery ready and no reserve is not asked.
    # 13: a unit that has spent its movement points stays selected while its player holds
    # any card (not after difficult terrain or a bombardment), so a +1 MP card may follow
    # the last step as well as come before it.
    # 14: on a hidden map a battle's result (who won, the losses its course told) is told to
    # the players who do not fight it too, without its place: their events differ.
    # 15: the shared battle resolver (viktory 5): in a town or city a defender whose last unit
    # fell to its own Counter answers the attacker's next card ("Defender always gets to
    # respond"); the round ended at once. And on a hidden map what the players not told
    # where learn (a battle's result, a town built, a city, a capital placed, a capture)
    # reaches spectators too: their events differ.
    # 16: in cards mode on an open map the move step is asked of a player whose units an
    # Attack card would let act (boxed in by enemy units), whatever its hand holds: it was
    # skipped without an Attack card, which told the others so; and so is the reserve step
    # of one whose reserve frigate could go only onto an enemy frigate. A declared attack on
    # a hex left empty (its owner knocked out by another battle) moves in with no battle; one
    # was fought against "player 255" (in cards mode with a decision). Records differ after
    # either.
    # 17: the starting hexes are spread evenly round the edge (the ring turned until no start
    # falls on a corner) rather than a start on a corner being stepped off it, which left its
    # neighbours 5 and 7 edge hexes away where the rest were 6 (8 players) or 8 and 10 where
    # the rest were 9 (4 players): with 4, 5 or 8 players on the usual map the starts differ.
    version = "17"
    last_commits = {"1": "e81aefe053", "2": "093ac7dcc2", "3": "7a6fe0d370",
                    "4": "21b7e556fe", "5": "ea5a3de634", "6": "abbea0867e",
                    "7": "dcce4586b7", "8": "10b2619347", "9": "0562106afe",
                    "10": "46a4a545f2", "11": "00328e7944", "12": "eaf39afeb1",
                    "13": "7ff0d85cbe", "14": "38e7cb9e79",
                    "15": "25bf78de13", "16": "6c0212253d"}
    Config = Config
    actions = ACTIONS
    summary = SUMMARY
    score_name = "capitals held"
    option_layout = {
        "when": CARD_OPTIONS_WHEN,
        "more": ["mix", "max_rounds"],
    }
    min_players = 2
    max_players = 8
    estimate_depth = 12
    # The map (empty: a random one) and the Battle Cards (empty: the sample deck): a bundled
    # file by name, or a file.
    data_options = {
        "map": DataOption({name: name for name in shipped_files(MAPS)}, load_map,
                          lambda value: map_path(str(value)) if value else None),
        "deck": DECK_OPTION,
    }

    def new_state(self, config: Config, seed: int) -> ViktoryIIState:
        return ViktoryIIState(config, seed)

    def heuristic(self, state: ViktoryIIState, player: int, rng: random.Random) -> Any:
        return heuristic_action(state, player, rng)

    def heuristic_reads_only_view(self, config: Config) -> bool:
        # On an open map it reads the board, which all see, and its own cards; on a hidden
        # map it plans against enemy towns it has not seen, which a determinisation moves.
        return not (config.dark or config.independent)

    def hides_move_count(self, config: Config) -> bool:
        # A step, a tile placed, a unit placed out of sight sends the others nothing.
        return config.dark or config.independent

    def evaluate(self, state: ViktoryIIState) -> list[float] | None:
        """Each player's chance from its holdings: capitals, cities, towns and units."""
        if state.round < 1:
            return None
        return share_chances(position_scores(state))

    def decision_kind(self, state: ViktoryIIState, player: int) -> str:
        """The decision as the observation names it (a battle's by its own kind): which
        cards a player is offered is its own affair."""
        decision = state.decision()
        if decision is None or decision[1] != player:
            return ""
        if decision[0] == "battle":
            return "battle:" + state.session.decision[0]
        return decision[0]

    def reveal_changes_flow(self, event: dict[str, Any]) -> bool:
        """On a hidden map a step, or units unloaded, tell the mover what enemy they come
        next to (enemy artillery there may fire Overwatch: its owner is asked), a town built
        tells the builder whether something it could not see stands there (then no town, no
        card), a frigate placed from reserve whether an enemy frigate it could not see is
        there (then a reserve naval battle), and a battle beginning tells everybody its
        forces (who is asked in it, and what, follows from them). With independent
        exploration, exploring tells the explorer how many of the hexes others had explored
        before (as many fewer tiles to draw, and maybe none to place)."""
        kind = event.get("event")
        return kind in ("move", "town", "place", "forces", "explored") or (
            kind == "unload" and "near" in event)

    def render(self, observation: dict[str, Any], player: int | None) -> str:
        return render(observation, player)

    def prompt(self, observation: dict[str, Any], player: int | None) -> str:
        return prompt(observation, player)

    def whole_table(self, observation: dict[str, Any], player: int | None) -> str:
        """The table with the whole map, never windowed (`map` at a terminal)."""
        return whole_table(observation, player)

    def help_notes(self, observation: dict[str, Any], player: int | None) -> str:
        return help_notes(observation, player)

    def choice_grid(self, actions: Sequence[Any]) -> ChoiceGrid | None:
        """A long menu's choices by what each does (row) and the hex (column)."""
        return choice_grid(actions)

    def describe_event(self, event: dict[str, Any]) -> str:
        return describe_event(event)

    metric_help: ClassVar[dict[str, str]] = {
        "rounds": "full rounds played",
        "battles": "battles fought",
        "captures": "towns and cities taken from another player",
        "underdog_battles": "battles begun by a side with fewer units than the other",
        "underdog_wins": "battles the side with fewer units at their start won",
    }

    def metrics(self, state: ViktoryIIState) -> dict[str, float]:
        return {
            "rounds": float(state.round),
            "battles": float(state.battles_fought),
            "captures": float(state.captures),
            "underdog_battles": float(state.underdog_battles),
            "underdog_wins": float(state.underdog_wins),
        }


GAME = ViktoryIIGame()
