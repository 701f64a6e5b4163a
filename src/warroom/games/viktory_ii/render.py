"""Text view of a Viktory II observation: the hex map with terrain colours (ANSI; the letters
alone still read on a terminal without colour), then what is on it, and one line per log
event.

Each hex is four characters: terrain (p g f m w, ? unexplored), owner (a player's digit),
town or city (t town, T capital town, C city, @ capital city), and the number of units (+ for
10 or more). Rows are drawn offset like the hexes they are; a hex's name is its row's letter
and its place in the row from the left ("C4"). A map wider than a panel on an 80-column
terminal (radius 9 and 10: 79 and 87 characters against 76) is drawn compact, three
characters a hex: a town's or city's letter takes the place of its terrain's, which its colour
still shows. The channels' text (the server's text view, the environments' `render()`: no
terminal) has a fixed width, so the same view renders the same text on each; a terminal's is
laid out for the columns of the panel it is read in (`render`'s `width`), the map compact
where the full one would not fit them.

The table is read in a panel on an 80x24 terminal with the choices of its reader under it
(`_room`). A table taller than its share is written shorter, step by step (SHORT): first
without the line that says what the special texts of the reader's cards do (TEXTS); the
hex key on one line and the turn limit and the capitals to win in the headline
(ONE_KEY); then each player's holdings, the units and the battle in short words
("2 inf, 1 art") and the hand as its cards' ids, hits and misses, and names where they
take no line more (PACKED); then the map
is drawn without the blanks between its hexes (as from radius 6) and the players, the
units, the hand and the key are written beside it (BESIDE); then the headline too
(TIGHT); then the rows at the map's top and bottom with nothing explored and nothing
to place are left out (TRIMMED). Nothing else is left out on the way. A terminal's table
goes further (the channels' text stops at TRIMMED), for 3 and 4 players on 11 and 13 rows:
the others' units counted, the map showing where (DENSE); only the map's rows around the
hexes the decision is about, and a row either side (WINDOW; `_focus`); those rows alone, the
mode and the capitals to win left to the rules summary, the others' holdings together and
the reader's units left to its choices, which name each that may act (FOCUS).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ...engine import ChoiceGrid
from ...engine.data import (
    TEXT_WIDTH,
    first_fitting,
    fit,
    menu_room,
    panel_lines,
    plain,
    reader_width,
)
from ..viktory_battles.cards import effect_of
from ..viktory_battles.render import (
    NOBODY_DEFENDS,
    battle_progress,
    battle_prompt,
    card_texts,
    counters_answering,
    describe_battle_event,
    draw_prompt,
)
from ..viktory_battles.units import count, with_article
from .actions import (
    BuildTown,
    Disband,
    PlaceCapital,
    PlaceFrigate,
    PlaceReserve,
    PlaceTile,
    SelectUnit,
    Step,
    Upgrade,
    Withdraw,
)
from .board import TERRAINS, board, may_build_second_town
from .units import ART, FRIG, UNIT_LETTERS, UNIT_NAMES, units_text

RESET = "\x1b[0m"
TERRAIN_STYLE = {
    "p": "\x1b[30;43m",  # plains: gold
    "g": "\x1b[30;102m",  # grassland: light green
    "f": "\x1b[97;42m",  # forest: dark green
    "m": "\x1b[30;47m",  # mountain: grey
    "w": "\x1b[97;44m",  # water: blue
    "?": "\x1b[37;40m",  # unexplored: dark
}
FOG = "\x1b[2m"
PHASES = {
    "capital": "setup: place the capital",
    "second_town": "setup: second town",
    "setup_infantry": "setup: second infantry",
    "move": "move and battle",
    "build": "build",
    "reserves": "reserves",
    "discard": "discard to the hand limit",
    "draw": "draw",
    "over": "game over",
}
# A setup turn without a second town: declined, or (why) skipped by the rules.
NO_SECOND_TOWN = {
    "": " builds no second town",
    "first player": " builds no second town: in a game of 2-6 players the first player builds "
                    "none on its setup turn",
    "no site": " has no site for a second town (free explored land 2 or 3 hexes from its "
               "capital)",
}
# A setup turn's tiles being placed, by the step they came before: what revealed them.
SETUP_REVEALS = {
    "capital": "setup: starting hexes revealed",
    "second_town": "setup: capital placed",
    "setup_infantry": "setup: second town built",
}
SETTLEMENT_MARK = {(1, False): "t", (1, True): "T", (2, False): "C", (2, True): "@"}


def _who(q: int, you: int | None) -> str:
    return "you" if q == you else f"player {q}"


def _whose(q: int, you: int | None) -> str:
    return "your" if q == you else f"player {q}'s"


# The panel's lines on an 80x24 terminal: the table shares them with the choices of its
# reader and the prompt (`_room`); a taller table is written shorter step by step (SHORT,
# as the module's docstring tells).
MENU_WIDTH = 80 - 1  # the columns the terminal lays the choices out in
SHORT = TEXTS, FULL, ONE_KEY, PACKED, BESIDE, TIGHT, TRIMMED, DENSE, WINDOW, FOCUS = range(10)
CHANNEL_SHORTEST = TRIMMED  # the channels' one text goes no further (DENSE on: a terminal's)
SIDE_MIN = 20  # the narrowest column beside the map worth writing in
UNIT_SHORT = ("inf", "cav", "art", "frig")  # the units in short words (PACKED)
# A menu with a long choice is one a line unless its short ones are more than the lines left
# to it (`_menu`), which may be a line or two more than asked (the table came out shorter).
SLACK = 2
LISTED = 7  # the hexes of one kind of choice a line of a long menu lists ("12. F10")


def render(obs: dict[str, Any], player: int | None, width: int | None = None,
           whole: bool = False) -> str:
    """The table, at the first step (SHORT) that fits its share of an 80x24 terminal
    (`_room`); if none does, the shortest. `width`: the columns of a terminal's panel it is
    read in (by default the terminal's that renders it, `reader_width`), laid out for them
    (TERMINAL); None: the one text of every channel, for TEXT_WIDTH. `whole`: the map never
    windowed (no step from WINDOW), in the whole panel (`whole_table`)."""
    if width is None:
        width = reader_width()
    # a terminal's each step first with the line on what its compact map's towns hold
    # (`_garrisons`), then without: where it does not fit, it takes no map row away
    tries = [(short, line) for short in SHORT if not whole or short < WINDOW
             for line in ((True, False) if width else (False,))]
    same: dict[int, str] = {}  # a step's table with no Garrisons line: laid out once

    def write(n: int) -> str:
        short, with_garrisons = tries[n]
        if short in same:  # not a compact map, or nothing in its towns to write out
            return same[short]
        text, garrisoned = _table(obs, short, width, with_garrisons)
        if not garrisoned:
            same[short] = text
        return text

    return first_fitting(write, len(tries), panel_lines() if whole else _room(obs))


def whole_table(obs: dict[str, Any], player: int | None) -> str:
    """The table with every row of the map that holds anything (`map` at a terminal): a busy
    turn's table at 80x24 shows only the rows its decision is about (WINDOW), and the rest
    of the map, where the other players stand, was nowhere to be seen until the turn was
    over. Written for the whole panel: no choices under it."""
    return render(obs, player, whole=True)


def _render(obs: dict[str, Any], short: int, width: int | None = None,
            with_garrisons: bool = True) -> str:
    return _table(obs, short, width, with_garrisons)[0]


def _table(obs: dict[str, Any], short: int, width: int | None,
           with_garrisons: bool) -> tuple[str, bool]:
    """The table at this step (`_render`), and whether it has a Garrisons line."""
    b = board(obs["radius"])
    you = obs.get("you")
    if width is None:  # the channels' text: a terminal's steps (from DENSE) are not its
        short = min(short, CHANNEL_SHORTEST)
    columns = TEXT_WIDTH if width is None else max(MIN_WIDTH, width)
    rows = _rows_shown(obs, b, short) if short >= TRIMMED else range(len(b.rows))
    garrisons: list[str] = []
    if width is None:
        # drawn three characters a hex to fit (TIGHT: to leave room beside it)
        compact = _map_width(b, full=True) > TEXT_WIDTH or short >= TIGHT
        grid = _map_lines(obs, b, compact, tight=short >= BESIDE, rows=rows)  # coloured, fits
        key = _key(compact, short)
    else:
        cell, gap = _layout(b, short, columns)
        grid = _map_lines(obs, b, rows=rows, cell=cell, gap=gap)
        key = _term_key(cell, short, _fogged(obs))
        if cell == COMPACT_CELL and with_garrisons:
            garrisons = _garrisons(obs, b, you, short, rows)
    head = fit(_headline(obs, you, short), " - ", columns)
    win = _to_win(obs, short)
    details = _turn_details(obs, b, you, short, columns)
    hand = _hand(obs, short, columns)
    if short < BESIDE:
        lines = [*key, *win, *_players(obs, b, you, short), *_units(obs, b, you, short),
                 *garrisons, *details, *hand, *_result(obs, you)]
        return "\n".join([head, *grid] + [fit(line, width=columns) for line in lines]), \
            bool(garrisons)
    # the players, the units, the hand and the key beside the map (the headline too: TIGHT)
    seats = [you] if you is not None and you < len(obs["players"]) else []
    seats += [q for q in range(len(obs["players"])) if q != you]
    side: list[tuple[str, str]] = []
    if short >= TIGHT:  # the headline and the unit moving first
        side.append((head, " - "))
        if obs["active"]:
            side.append((details.pop(0), ", "))
    for q in seats:
        if q != you and short >= FOCUS:  # the others' holdings in a line or two together
            continue
        side += [(line, "; ") for line in _players(obs, b, you, short, q)]
        side += [(line, "; ") for line in _units(obs, b, you, short, q)]
        if q == you:
            side += [(line, ", ") for line in hand]
    others = [line for q in seats if q != you for line in _players(obs, b, you, short, q)]
    if short >= FOCUS and others:
        side.append(("; ".join(others), "; "))
    side += [(line, "; ") for line in garrisons]
    if short < TIGHT:  # then the rules summary ('?') gives the key and the turn limit's win
        side += [(line, ", ") for line in win + key]
    top: list[str] = [] if short >= TIGHT else [head]
    below: list[tuple[str, str]] = []
    lines = _beside(grid, side, below, columns)
    below += [(line, "; ") for line in details + _result(obs, you)]
    return "\n".join(top + lines + [fit(line, sep, columns) for line, sep in below]), \
        bool(garrisons)


def _room(obs: dict[str, Any]) -> int:
    """The lines the table may take so that the choices of its reader and the prompt still
    fit an 80x24 terminal under its panel: under a tall table the terminal puts the choices
    in two columns, numbered down each, a choice too long for a column on a line of its own
    (`_menu_lines`; the terminal's own count where it tells it, `menu_room`). A table that
    asks its reader nothing has the whole panel."""
    you = obs.get("you")
    if you is None or you not in obs["to_move"] or obs["result"]:
        return panel_lines()
    return panel_lines() - 1 - max(1, menu_room(lambda: _menu_lines(obs, you)))


def _menu_lines(obs: dict[str, Any], you: int) -> int:
    """The lines the reader's choices take under a tall table, as far as the table tells
    them (for a text view printed elsewhere than a terminal's table, which counts its own):
    choices of a short label (up to 33 characters) two a line, a longer one a line; or,
    where fewer, as the terminal lists a long menu by what each choice does (`choice_grid`:
    a line for its caption, each kind's hexes a line or more, the others a line each)."""
    b = board(obs["radius"])
    kind = obs["decision"]
    mine = [(h, units, ready) for h, owner, units, ready, _ in obs["units"] if owner == you]
    own = [s[0] for s in obs["settlements"] if s[1] == you]
    hand = len(obs.get("hand") or [])
    short = long = 0
    listed: list[int] = []  # a long menu's lists: the hexes of each kind of choice
    outside = 0  # and the choices outside them, a line each
    if kind == "tile":
        short = len(set(obs["reveal"]["tiles"])) if obs["reveal"] else 1
    elif kind in ("capital", "second_town", "setup_infantry"):
        short = {"capital": 5, "second_town": 7}.get(kind, len(own))
    elif kind == "move":
        listed = [sum(1 for _, _, ready in mine if ready[t]) for t in range(4)]
        outside = len(obs["battles"]) + 1  # fighting a declared battle, ending the step
        short = sum(listed) + outside
        active = obs["active"]
        if active:  # where it may go (a road to each own town 2-3 hexes off), stopping it
            at = active["hex"]
            roads = sum(1 for h in own if 2 <= b.distance[at][h] <= 3) if at in own else 0
            foes = {h for h, owner, *_ in [*obs["units"], *obs["settlements"]] if owner != you}
            attacks = sum(1 for h in b.neighbours[at] if h in foes)  # its label a line
            # a step on land, or at sea for a frigate (into a port too: own towns)
            steps = sum(1 for h in b.neighbours[at] if h not in foes and (
                (obs["terrain"][h] == "w") == (active["unit"] == FRIG) or h in own))
            bombard = attacks if active["unit"] == ART else 0
            long = 1 + attacks + sum("+1 MP" in c["desc"] for c in obs.get("hand") or [])
            listed += [steps, roads]
            outside += long + bombard  # the attacks a line each in the lists too
            # in two columns the steps and the other choices each, stopping the unit between
            short += 2 * -(-(steps + roads + bombard) // 2)
    elif kind == "build":  # a town on each site, each town upgraded, finishing the step
        build = obs["build"]
        short = len(build["sites"]) + len(build["upgrades"]) + 1
    elif kind == "reserves":
        reserve = obs["players"][you]["reserve"] or [0] * 4
        short = len(own) * sum(1 for n in reserve[:3] if n) + 3 * (reserve[3] > 0) + 1
        long = sum(1 for _, units, _ in mine for n in units if n)  # units to take off
        listed = [len(own) if n > 0 else 0 for n in reserve[:3]] + [3 * (reserve[3] > 0)]
        listed += [sum(1 for _, units, _ in mine if units[t]) for t in range(4)]
        outside = 1  # finishing the step
    elif kind in ("discard", "lose_card"):
        long = hand
    elif kind == "draw":  # draw 0 to the limit, or discard a card to draw anew
        draw = obs["draw"]
        short = draw["up_to"] + 1
        long = hand if draw["replace"] else 0
    elif kind == "disband":
        short = sum(1 for _, units, _ in mine for n in units if n) + 1
    elif kind == "battle":
        battle = obs.get("battle") or {}
        decision = battle.get("decision")
        casualties = battle.get("casualties")
        if decision in ("window", "wave", "play"):
            long = hand + 2
        elif decision == "casualty" and casualties:  # a unit of each kind on each hex side
            attacker_loses = casualties["victim"] == battle["seats"][0]
            stacks = battle["attacker"] if attacker_loses else [battle["defender"]]
            long = sum(1 for stack in stacks for n in stack if n)  # its label a line
        else:
            short = {"continue": 2, "overwatch": 2}.get(decision, 5)
    columns = -(-short // 2) + long
    if long and short <= columns + SLACK:  # as few short ones as lines left: one a line
        columns = short + long
    if not any(listed):
        return columns
    # as `menu_grid` lays them out, a table (a column a hex) or lists: the longer of the two
    lists = 1 + sum(-(-n // LISTED) for n in listed) + outside
    table = 2 + sum(1 for n in listed if n) + outside
    return min(columns, max(lists, table))


def _beside(grid: list[str], items: list[tuple[str, str]],
            below: list[tuple[str, str]], columns: int = TEXT_WIDTH) -> list[str]:
    """The map's lines with these items (a line of text and what separates its parts)
    written in a column on their right, in order; what the column has no room for goes
    `below` the map, an item begun beside it going on there."""
    widths = [len(plain(line)) for line in grid]
    column = max(widths) + 2
    room = columns - column
    side: list[str] = []
    for n, (text, sep) in enumerate(items):
        if room < SIDE_MIN or len(side) == len(grid):
            below += items[n:]
            break
        parts = fit(text, sep, room).split("\n")
        left = len(grid) - len(side)
        side += parts[:left]
        if len(parts) > left:  # the rest of it under the map, going on indented
            below.append(("    " + " ".join(part.strip() for part in parts[left:]), sep))
            below += items[n + 1:]
            break
    return [line + (" " * (column - width) + text if text else "")
            for line, width, text in zip(grid, widths, side + [""] * len(grid))]


DECISIONS = {
    "tile": "placing drawn tiles",
    "lose_card": "discarding a card for a town lost",
    "disband": "disbanding a unit no longer supported",
    "battle": "deciding in a battle",
    "discard": "discarding to the hand limit",
}


# The question each decision asks the player to move, in plain words (`prompt`); a battle's
# decisions are the battle's own (viktory_battles.render.battle_prompt), and the end-of-turn
# draw is asked with its numbers in both games' words (viktory_battles.render.draw_prompt).
PROMPTS = {
    "capital": "Place your capital on one of your starting hexes.",
    "second_town": "Build your second town on free explored land 2 or 3 hexes from your "
                   "capital, or build none.",
    "setup_infantry": "Place your second infantry.",
    "move": "Move and battle: choose a unit to move (then where it goes), fight a battle you "
            "declared, or end movement and battles.",
    # (units come to the reserve with what is built, and are placed at the reserves step)
    "build": "Build: up to two new towns, or upgrade a town to a city, or finish building.",
    "reserves": "Place your reserve units, or finish placing reserves.",
    "discard": "Discard a card: your hand is over its limit.",
    "tile": "Place a drawn tile: choose the hex each revealed terrain goes on.",
    "lose_card": "Discard a card for the town or city you lost.",
    "disband": "Disband a unit your towns and cities no longer support.",
}
# On a hidden map the loser of a town or city is asked whether or not a unit is beyond support
# (README, "Hidden information"), its only choice then to disband nothing: the question may
# not say that it must disband one.
HIDDEN_DISBAND = "Disband any unit your towns and cities no longer support."
# Overwatch outside a battle: no units move in and no wave follows (the battles' own words,
# "at the units moving in ... for a later wave", are Overwatch's in a battle).
OVERWATCH_PROMPT = ("Fire your artillery's Overwatch at the units moving next to it now, or "
                    "hold it back (each artillery fires once in an enemy turn).")


# A battle's decisions that bring units waiting on the attackers' source hexes into the
# attack: worded with those hexes (the shared words' "reserve" is the one-battle game's, and on
# the map the name of the units off the board).
BRING_PROMPTS = {
    "launch": "Bring a unit waiting {where} into the attack, or launch the attack.",
    "wave": "Launch a wave: play an Attack card (or a Special Event, or bring units waiting "
            "{where}), or call off the attack.",
}


def _bring_prompt(battle: dict[str, Any], b: Any) -> str:
    """A launch or a wave, with the hexes whose units may be brought (the attacker, who is
    asked, sees them)."""
    hexes = sorted({h for h, r in zip(battle["source_hexes"], battle["reserves"])
                    if any(r) and h >= 0})
    if not hexes:  # nothing to bring (a launch is asked only with units to bring)
        return ("Launch a wave: play an Attack card (or a Special Event), or call off the "
                "attack." if battle["decision"] == "wave" else battle_prompt("launch"))
    names = [b.names[h] for h in hexes]
    where = "on " + _either(names)
    return BRING_PROMPTS[battle["decision"]].format(where=where)


def prompt(obs: dict[str, Any], player: int | None) -> str:
    """The question `player` must answer now; "" when it has none."""
    if player is None or player not in obs["to_move"] or obs["result"]:
        return ""
    if obs["decision"] == "battle":
        battle = obs.get("battle") or {}
        if battle.get("kind") == "overwatch" and battle.get("decision") == "overwatch":
            return OVERWATCH_PROMPT
        worded = battle_prompt(battle.get("decision"), battle, player)
        if battle.get("decision") in BRING_PROMPTS and worded != NOBODY_DEFENDS:
            return _bring_prompt(battle, board(obs["radius"]))
        return worded
    if obs["decision"] == "draw":  # the end of the turn, with its numbers (both games' words)
        info = obs["players"][player]
        return draw_prompt(obs["draw"], info["hand"], info["max_hand"], info["cities"])
    if obs["decision"] == "disband" and obs.get("fog") is not None:
        return HIDDEN_DISBAND
    if obs["decision"] == "move" and obs["active"]:  # a unit selected: where it goes now
        return _moving_prompt(obs, obs["active"])
    return PROMPTS.get(obs["decision"] or "", "")


# What a unit selected may still do with no moves left, where something is next to it
# (`unit_options`): bombard, and a frigate take units aboard or unload its cargo.
WITHOUT_MOVES = {ART: ["bombard"], FRIG: ["take units aboard", "unload", "bombard"]}


def _moving_prompt(obs: dict[str, Any], active: dict[str, int]) -> str:
    """The unit selected, asked for its next step; with no moves left (it stays selected while
    its player holds a card, for a +1 MP card may follow its last step, or while it may act
    without moving), what it may still do: "choose its next step" asked for a step none was
    left for. An infantry's or a cavalry's +1 MP card is offered then (neither stopped nor
    bombarded, or it would not be selected); an artillery's or a frigate's only if it can."""
    unit = active["unit"]
    head = f"Your {UNIT_NAMES[unit]} on {board(obs['radius']).names[active['hex']]}"
    if active["mp"]:
        return f"{head} is moving ({count(active['mp'], 'move')} left): choose its next step."
    still = list(WITHOUT_MOVES.get(unit, ()))
    if any(effect_of(c["desc"]) == "plus_one_mp" for c in obs.get("hand") or ()):
        still.insert(0, "play a card for +1 movement")
    doing = (f"{_either(still)}{' if it can' if unit in WITHOUT_MOVES else ''}, "
             if still else "")
    return f"{head} has no moves left: {doing}stop it, or choose another unit."


def _either(items: Sequence[str]) -> str:
    """Items as a choice: "a", "a or b", "a, b or c"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _headline(obs: dict[str, Any], you: int | None, short: int = FULL) -> str:
    """The round, whose turn and its step, and who decides what now (the panel's title names
    the game and the reader's seat, and the players' lines say which is "you"). From
    ONE_KEY it holds the turn limit and the capitals to win too (`_to_win`)."""
    limit = f" of {obs['turn_limit']}" if obs["turn_limit"] else ""
    if short >= ONE_KEY:
        limit = f"/{obs['turn_limit']}" if obs["turn_limit"] else ""
    where = ("Setup" if obs["round"] == 0 else f"Round {obs['round']}{limit}") \
        + (f" ({obs['mode']})" if short < FOCUS else "")  # FOCUS: both left to '?'
    if obs["round"] and ONE_KEY <= short < FOCUS:
        where += f", {obs['capitals_to_win']} capitals win"
    if obs["phase"] == "over":  # nobody's turn any more
        head = f"{where} - game over"
    else:
        step = _step(obs)
        if obs["round"] == 0:  # "Setup - your turn: setup: ..." said it twice
            step = step.removeprefix("setup: ")
        head = f"{where} - {_whose(obs['player'], you)} turn: {step}"
    if obs["to_move"] and obs["decision"] in DECISIONS:
        doing = DECISIONS[obs["decision"]]
        if obs["decision"] == "disband" and obs.get("fog") is not None:
            doing = "disbanding any unit no longer supported"  # as asked (HIDDEN_DISBAND)
        if (obs.get("battle") or {}).get("kind") == "overwatch":  # not a battle
            doing = "deciding on Overwatch"
        head += f" - now {_who(obs['to_move'][0], you)}: {doing}"
    return head


def _step(obs: dict[str, Any]) -> str:
    """The step of the turn under way. In a setup turn, while the tiles a placement revealed
    are placed, the step is what revealed them: the next step (the second town, which the first
    player of 2-6 does not build) has not begun."""
    phase = obs["phase"]
    if obs["round"] == 0 and obs["decision"] == "tile" and phase in SETUP_REVEALS:
        step = SETUP_REVEALS[phase]
        if phase == "second_town" and not may_build_second_town(obs["player"],
                                                                len(obs["players"])):
            step += " (the first player builds no second town)"
        return step
    return PHASES.get(phase, phase)


def _to_win(obs: dict[str, Any], short: int) -> list[str]:
    """What wins: the capitals to hold, and at the turn limit the most (from ONE_KEY the
    headline gives the capitals and the limit, and this line the rest, beside the map)."""
    if not obs["round"]:
        return []
    if short < ONE_KEY:
        return [f"To win: hold {obs['capitals_to_win']} capitals"
                + (f", or the most at the end of round {obs['turn_limit']}"
                   if obs["turn_limit"] else "")]
    return [f"After round {obs['turn_limit']}: the most capitals win"] if obs["turn_limit"] \
        else []


MAP_KEY = ["Hex: terrain (p plains, g grassland, f forest, m mountain, w water,",
           "     ? unexplored), owner, t town / T capital / C city / @ capital city,",
           "     units (+ 10 or more; ! attack declared)"]
COMPACT_KEY = ["Hex (compact, to fit 80 columns): terrain (p plains, g grassland, f forest,",
               "     m mountain, w water, ? unexplored) or on its colour t town, T capital,",
               "     C city, @ capital city; owner; units (+ 10 or more; ! attack declared)"]
# The key in one line (ONE_KEY), its parts broken between ", " beside the map; the terrain
# letters are their names' initials (p g f m w, ? unexplored) and the colours show them.
SHORT_KEY = ("Hex: terrain, owner, t town, T capital, C city, @ capital city, units, "
             "+ 10 or more, ! attack")
SHORT_COMPACT_KEY = ("Hex (compact): terrain or on its colour t town, T capital, C city, "
                     "@ capital city, owner, units, + 10 or more, ! attack")
ROW_LABEL = 3  # " C " before each row of hexes
# A terminal's table (TERMINAL, the module's docstring): every hex its terrain's letter first,
# a blank between two hexes, an empty hex its place in its row. Each key one line, which `fit`
# breaks for the panel: a key broken by hand, its indents built in, was broken once more there
# in a staircase ("an" alone, indents of 4, 5, 10 and 14 at 40 columns).
TERM_KEY = ("Hex: terrain (p plains, g grassland, f forest, m mountain, w water, ? unexplored), "
            "owner, t town, T capital, C city or @ capital city, units (+ 10 or more, "
            "! attack), an empty hex its place in its row")
TERM_COMPACT_KEY = ("Hex (compact): terrain (p plains, g grassland, f forest, m mountain, w water, "
                    "? unexplored), owner, then t town, T capital, C city or @ capital city, "
                    "or else the units (+ 10 or more, ! attack); a town's units and "
                    "'!' are written out by the map; an empty hex its place in its row (? 7, "
                    "?12, p 7, not past 9)")
SHORT_TERM_KEY = SHORT_KEY + ", 07 place in row"
SHORT_TERM_COMPACT_KEY = ("Hex (compact): terrain, owner, t town, T capital, C city, "
                          "@ capital city or else units, + 10 or more, ! attack, a town's "
                          "units and ! by the map, ? 7 place in row")
FULL_CELL, COMPACT_CELL = 4, 3  # a terminal's hex: its characters (`_layout`)
# The narrowest a terminal's table is written for, as the panel fits a line (`view_width`).
# Above it the map is laid out for the panel's own width: the panel cuts a map row wider than
# itself, never re-fits it (a map laid out for 40 columns lost hex E9 to a 36-column panel).
MIN_WIDTH = 20


def _layout(b: Any, short: int, columns: int) -> tuple[int, int]:
    """A terminal's map (TERMINAL): the characters a hex and the blanks between two, the
    roomiest that fits `columns` (from BESIDE one blank, and four characters a hex only with
    room for a column of text beside it; from TIGHT three, to leave it more); if none does,
    three without a blank."""
    n = 2 * b.radius + 1
    tries = [(FULL_CELL, 2, 0), (FULL_CELL, 1, 0), (COMPACT_CELL, 1, 0)]
    if short >= BESIDE:
        tries = [(FULL_CELL, 1, 2 + SIDE_MIN), (COMPACT_CELL, 1, 0)][short >= TIGHT:]
    return next(((cell, gap) for cell, gap, side in tries
                 if ROW_LABEL + n * (cell + gap) - gap + side <= columns), (COMPACT_CELL, 0))


# On a dark map, a terminal's explored hex out of sight: its terrain's letter in upper case
# (P G F M W), as well as dim, so that it reads without colours or dim (NO_COLOR).
TERM_FOG_KEY = "P G F M W: explored, out of sight (upper case, dim)"
SHORT_TERM_FOG_KEY = "P G F M W (dim) out of sight"


def _term_key(cell: int, short: int, fogged: bool = False) -> list[str]:
    """A terminal's key; `fogged`: what an out-of-sight hex looks like, too (`_fogged`)."""
    if short < ONE_KEY:
        return [(TERM_KEY if cell == FULL_CELL else TERM_COMPACT_KEY)
                + f"; {TERM_FOG_KEY}" * fogged]
    return [(SHORT_TERM_KEY if cell == FULL_CELL else SHORT_TERM_COMPACT_KEY)
            + f", {SHORT_TERM_FOG_KEY}" * fogged]


def _fogged(obs: dict[str, Any]) -> bool:
    """Whether the map shows an explored hex out of the viewer's sight (a dark map)."""
    fog = obs.get("fog")
    return fog is not None and any(
        fog[h] == "0" and terrain != "?" for h, terrain in enumerate(obs["terrain"]))


def _key(compact: bool, short: int) -> list[str]:
    if short < ONE_KEY:
        return list(COMPACT_KEY if compact else MAP_KEY)
    return [SHORT_COMPACT_KEY if compact else SHORT_KEY]


def _map_width(b: Any, full: bool) -> int:
    """The widest row of the map, its label included: the middle row, 2 * radius + 1 hexes."""
    width, gap = _cell(b, full)
    return ROW_LABEL + (2 * b.radius + 1) * (width + gap) - gap


def _cell(b: Any, full: bool, tight: bool = False) -> tuple[int, int]:
    """A hex's characters and the blank after it: a small map is spaced out (but `tight`,
    the text beside it), a map wider than the terminal drawn three characters a hex."""
    if not full:
        return 3, 0
    return 4, 2 if b.radius <= 5 and not tight else 0


def _rows_shown(obs: dict[str, Any], b: Any, short: int = TRIMMED) -> range:
    """The map's rows but those at its top and bottom with nothing explored, nobody's units
    or towns and no hex a drawn tile may go on (TRIMMED): unexplored rows hold nothing to
    decide about. From WINDOW, on a terminal, only the rows of the hexes the reader's
    decision is about (`_focus`) and a row either side (FOCUS: none)."""
    named = set(obs["reveal"]["hexes"]) if obs["reveal"] and obs["reveal"]["tiles"] else set()
    named |= {s[0] for s in obs["settlements"]} | {u[0] for u in obs["units"]}
    busy = [i for i, row in enumerate(b.rows)
            if any(obs["terrain"][h] != "?" or h in named for h in row)]
    shown = range(busy[0], busy[-1] + 1) if busy else range(len(b.rows))
    focus = _focus(obs, b, short) if short >= WINDOW else set()
    wanted = [i for i, row in enumerate(b.rows) if focus.intersection(row)]
    if not wanted:
        return shown
    margin = 0 if short >= FOCUS else 1
    first = max(shown[0], min(wanted[0] - margin, shown[-1]))
    last = min(shown[-1], max(wanted[-1] + margin, first))
    return range(first, last + 1)


def _focus(obs: dict[str, Any], b: Any, short: int = WINDOW) -> set[int]:
    """The hexes the reader's decision is about (WINDOW): the unit moving and where it may
    step or take a road to (FOCUS: step), else the units that may still move and the attacks
    declared; the battle being fought and its sides; the hexes a drawn tile may go on; the
    reader's towns, cities and units, where it builds, places reserves or disbands. None for
    any other decision (the map is shown whole), nor for a reader not asked anything."""
    you = obs.get("you")
    if you is None or you not in obs["to_move"] or obs["result"]:
        return set()
    kind = obs["decision"]
    units = [(h, ready) for h, owner, _, ready, _ in obs["units"] if owner == you]
    own = {s[0] for s in obs["settlements"] if s[1] == you}
    if kind == "tile":
        return set(obs["reveal"]["hexes"]) if obs["reveal"] else set()
    if kind == "move":
        active = obs["active"]
        if not active:
            return {h for h, ready in units if any(ready)} | {x["hex"] for x in obs["battles"]}
        at = active["hex"]
        roads = {h for h in own if 2 <= b.distance[at][h] <= 3} \
            if at in own and short < FOCUS else set()  # FOCUS: the choices name them
        return {at, *b.neighbours[at], *roads}
    if kind == "battle":
        at = (obs.get("battle") or {}).get("hex", -1)
        return {at, *b.neighbours[at]} if at >= 0 else set()
    if kind in ("build", "reserves", "disband"):
        return own | {h for h, _ in units}
    return set()


def _map_lines(obs: dict[str, Any], b: Any, compact: bool = False, tight: bool = False,
               rows: range | None = None, cell: int = 0, gap: int = 0) -> list[str]:
    """The map's rows, coloured: as every channel reads it (`compact`, `tight`), or with
    `cell` characters a hex and `gap` blanks between two (a terminal's, `_layout`)."""
    cells = {h: ["?", " ", " ", " "] for h in range(b.size)}
    for h, ch in enumerate(obs["terrain"]):
        cells[h][0] = ch
    for h, owner, kind, capital, _seen in obs["settlements"]:
        cells[h][1] = str(owner)
        cells[h][2] = SETTLEMENT_MARK[(kind, capital >= 0)]
    for h, owner, units, _ready, cargo in _units_now(obs):
        cells[h][1] = str(owner)
        n = sum(units) + sum(cargo)
        cells[h][3] = str(n) if n < 10 else "+"
    for battle in obs["battles"]:
        cells[battle["hex"]][3] = "!"
    fog = obs.get("fog")
    width, gap = (cell, gap) if cell else _cell(b, not compact, tight)
    lines = []
    for i in rows if rows is not None else range(len(b.rows)):
        # each row half a hex further in than the one nearer the middle
        indent = " " * ((width + gap) * abs(i - b.radius) // 2)
        text = []
        for place, h in enumerate(b.rows[i], 1):
            terrain, owner, settlement, units = cells[h]
            style = TERRAIN_STYLE.get(terrain, "")
            if fog is not None and fog[h] == "0" and terrain != "?":
                style += FOG
                if cell:  # a terminal's: out of sight without colours too (`_term_key`)
                    terrain = terrain.upper()
            if width == FULL_CELL and cell and owner == " " and units == " ":
                shown = f"{terrain} {place:02}"  # empty: its place in the row ("E 07": E7)
            elif cell and owner == " " and units == " " and (place < 10 or terrain == "?"):
                # compact, empty: its place where it reads as one ("? 7", "?12": "?" holds
                # nothing, while "p12" would read as player 1's 2 units; `TERM_COMPACT_KEY`)
                shown = f"{terrain}{place:>2}"
            elif cell:  # a terminal's: the terrain always first (compact: `_garrisons`)
                shown = f"{terrain}{owner}{settlement}{units}" if width == FULL_CELL else \
                    f"{terrain}{owner}{settlement if settlement != ' ' else units}"
            elif not compact:
                shown = f"{terrain}{owner}{settlement}{units}"
            else:
                shown = f"{settlement if settlement != ' ' else terrain}{owner}{units}"
            text.append(f"{style}{shown}{RESET}" + " " * gap)
        lines.append(f" {chr(ord('A') + i)} {indent}{''.join(text).rstrip()}")
    return lines


# The battles fought on their hex by the units there: a bombardment's attackers and Overwatch's
# artillery stand on hexes of their own, among units that are not in it.
ON_ITS_HEX = ("land", "naval", "reserve_naval")


def _units_now(obs: dict[str, Any]) -> list[list[Any]]:
    """The units on the map as the table shows them (the observation's rows: hex, owner,
    units, units yet to move, cargo): while a battle is fought on its hex, the defender's
    there as the battle has them. The map's own counts change only when the battle ends: the
    map showed 3 infantry where the battle said 1 was left (the web table's `liveSides`
    does the same)."""
    battle = obs.get("battle")
    if not battle or battle.get("hex", -1) < 0 or battle.get("kind") not in ON_ITS_HEX:
        return obs["units"]
    h, d = battle["hex"], battle["seats"][1]
    rows = [row for row in obs["units"] if (row[0], row[1]) != (h, d)]
    stood = next((row for row in obs["units"] if (row[0], row[1]) == (h, d)), None)
    # No more of a kind than stood there: the battle also counts the units the defender
    # brought in (a Reinforcements card, a neighbour's), which the map and the reserve still
    # show where they came from until the battle ends (review, stop 59: counted twice).
    live = [min(s, n) for s, n in zip(stood[2], battle["defender"])] if stood \
        else [0] * len(battle["defender"])
    ready = [min(r, n) for r, n in zip(stood[3], live)] if stood else [0] * len(live)
    cargo = stood[4] if stood and live[FRIG] else [0] * len(live)  # aboard what is left
    if any(live) or any(cargo):
        rows.append([h, d, live, ready, cargo])
    return sorted(rows, key=lambda row: (row[0], row[1]))


def _garrisons(obs: dict[str, Any], b: Any, you: int | None, short: int,
               rows: range) -> list[str]:
    """What stands in the towns and cities of a terminal's compact map (on its rows shown),
    and the attacks declared on them: their cells have room for the town's letter after the
    terrain's (first, so that it reads without colour), not for their units nor the '!'
    ("p1t" held 2 infantry). The others' units from DENSE, where the table no longer lists
    them by hex (the reader's are its own), in a line; none if nothing is hidden. `render`
    takes it where it fits the screen as it is: it takes no map row away."""
    shown = {h for i in rows for h in b.rows[i]}
    attacked = {x["hex"] for x in obs["battles"]}
    stands = {(h, owner): [n + c for n, c in zip(units, cargo)]
              for h, owner, units, _, cargo in _units_now(obs)}
    items, marked = [], False
    for h, owner, *_ in obs["settlements"]:
        listed = owner == you or short < DENSE
        units = None if listed else stands.get((h, owner))
        if h in shown and (units or h in attacked):
            marked = marked or h in attacked
            items.append(" ".join([b.names[h], *([_units_text(units, TIGHT)] if units else []),
                                   *(["!"] if h in attacked else [])]))
    if not items:
        return []
    return [f"Garrisons{' (! attack declared)' if marked else ''}: " + "; ".join(items)]


def _units_text(units: Any, short: int) -> str:
    """'2 infantry, 1 artillery'; from PACKED '2 inf, 1 art'; from TIGHT '2i 1a'."""
    if short < PACKED:
        return units_text(units)
    if short >= TIGHT:
        return " ".join(f"{n}{letter}" for letter, n in zip(UNIT_LETTERS, units) if n) or "none"
    return ", ".join(f"{n} {name}" for name, n in zip(UNIT_SHORT, units) if n) or "none"


def _players(obs: dict[str, Any], b: Any, you: int | None, short: int = FULL,
             only: int | None = None) -> list[str]:
    """Each player's holdings (`only` one's), a line each."""
    lines = []
    for q, info in enumerate(obs["players"]):
        if only is not None and q != only:
            continue
        name = f"Player {q}{' (you)' if q == you else ''}"
        if short >= PACKED:
            name = "You" if q == you else f"Player {q}"
        if info["out"]:
            lines.append(f"{name}: out of the game")
            continue
        capital = b.names[info["capital"]] if info["capital"] >= 0 else "?"
        if obs["round"] == 0 and not info["holds_capital"]:
            held = "no capital yet"
        elif short < PACKED:
            held = f"capital {capital} ({'held' if info['holds_capital'] else 'LOST'})"
        else:
            held = f"capital {capital} {'held' if info['holds_capital'] else 'LOST'}"
        held_counts = [count(info["towns"], "town"), count(info["cities"], "city", "cities"),
                       count(info["capitals"], "capital")]
        if short >= FOCUS:  # only what is there, and the capitals held but one's own
            held_counts = [words for words, n, usual in zip(
                held_counts, (info["towns"], info["cities"], info["capitals"]),
                (0, 0, int(info["holds_capital"])))
                if n != usual] or ["nothing"]
        holdings = ", ".join(held_counts)
        if short < DENSE:
            text = f"{name}: {held}; {holdings}{' held' if short < TIGHT else ''}"
        else:  # the capital's hex is on the map (@, T): said only when lost
            text = f"{name}: " + ("" if info["holds_capital"] else f"{held}; ") + holdings
            if q != you and short < FOCUS:  # their units, which the map shows by hex
                text += _units_counted(obs, q)
        if short >= PACKED and held == "no capital yet" and not (
                info["towns"] or info["cities"] or info["capitals"]):
            text = f"{name}: {held}"
        if info["reserve"] is not None and (q == you or short < FOCUS):
            # A count below zero is units on the map beyond the player's support, to be
            # disbanded (a town lost; or the game ended first): "reserve: -1 infantry" read
            # as nonsense.
            colon = ":" if short < PACKED else ""
            spare = [max(n, 0) for n in info["reserve"]]
            over = [max(-n, 0) for n in info["reserve"]]
            if any(spare):
                text += f"; reserve{colon} {_units_text(spare, short)}"
            if any(over):
                text += f"; beyond support{colon} {_units_text(over, short)}"
        if info["hand"] is not None:
            text += f"; cards {info['hand']}/{info['max_hand']}"
        lines.append(text)
    return lines


def _units(obs: dict[str, Any], b: Any, you: int | None, short: int = FULL,
           only: int | None = None) -> list[str]:
    """Each player's units on the map by hex (`only` one's), a line a player."""
    lines = []
    by_owner: dict[int, list[str]] = {}
    for h, owner, units, ready, cargo in _units_now(obs):
        text = f"{b.names[h]} {_units_text(units, short)}"
        if any(ready) and owner == obs["player"] and obs["phase"] == "move":
            text += f" ({sum(ready)} to move)"
        if any(cargo):
            text += f" carrying {_units_text(cargo, short)}"
        by_owner.setdefault(owner, []).append(text)
    for owner in sorted(by_owner):
        # from DENSE the others' units are counted in their lines, the map showing where;
        # from FOCUS the reader's go too: its choices name each unit that may act
        if only is not None and owner != only or short >= DENSE and owner != you \
                or short >= FOCUS:
            continue
        who = "Your units" if owner == you else f"Player {owner}'s units"
        lines.append(f"{who}: " + "; ".join(by_owner[owner]))
    return lines


def _units_counted(obs: dict[str, Any], q: int) -> str:
    """A player's units on the map, counted by type (DENSE: the map shows where), those in
    sight on a hidden map."""
    total = [0] * len(UNIT_LETTERS)
    for _, owner, units, _, cargo in _units_now(obs):
        if owner == q:
            total = [t + n + c for t, n, c in zip(total, units, cargo)]
    if not any(total):
        return ""
    return f"; {'in sight' if obs.get('fog') is not None else 'units'} " \
        + _units_text(total, TIGHT)


def _hand(obs: dict[str, Any], short: int, columns: int = TEXT_WIDTH) -> list[str]:
    """The cards: the deck and the discards, and the reader's hand (PACKED: each card its id,
    hits and misses, its name too where that takes no line more; the choices that play a card
    name it in full, and '?' each card of the hand, `help_notes`)."""
    if "hand" not in obs:
        return []
    cards = f"deck {obs['deck_left']}, discards {obs['discards']}"
    if obs["hand"] is None:
        return [f"Cards: {cards}"]
    if short < PACKED:
        hand = ", ".join(_typed(c) for c in obs["hand"]) or "empty"
        plays = (obs.get("battle") or {}).get("plays") or ()
        texts = card_texts([*obs["hand"], *plays]) if short == TEXTS else ""
        return [f"Cards: {cards}", fit(f"Your hand: {hand}", ", ", columns)] \
            + ([fit(texts, "; ", columns)] if texts else [])
    hand = ", ".join(f"{c['id']} {_hits(c['desc'])}" for c in obs["hand"]) or "empty"
    line = f"Your hand ({cards}): {hand}"
    if short < BESIDE:  # under the map: the names too, where they take no line more
        named = fit(f"Your hand ({cards}): " + ", ".join(
            " ".join(x for x in (c["id"], c.get("name"), _hits(c["desc"])) if x)
            for c in obs["hand"]), ", ", columns)
        if named.count("\n") <= fit(line, ", ", columns).count("\n"):
            return [named]
    return [line]


# The help's word on the `map` command (`whole_table`).
MAP_NOTE = ("At a terminal, type 'map' at the prompt to see the whole map: a busy turn's table "
            "shows only the rows its choices are about.")
# How a short table's hand reads ("A04 2H/0M, C11 0H/1M, X09 1H/1M" named no card nor its
# type). The ids are the deck's own; the sample deck's begin with the card's type.
HAND_KEY = (
    "- Your hand in short: 'A04 2H/0M' is a card's id, its hits (H) and misses (M: each "
    "blocks a hit); with room, its name too ('A04 Regular Attack 2H/0M'). The choices that "
    "play a card name it in full. The sample deck's ids begin with the card's type: A Attack, "
    "C Counter, X Attack/Counter (it may attack or counter).",
)


def help_notes(obs: dict[str, Any], player: int | None) -> str:
    """What the terminal's help (`?`) adds to the rules summary (`Game.help_notes`): in card
    modes how the short hand reads, and each card of the reader's hand in full (its name,
    figures, terrain, type and text): its own, from its observation. First, in every mode, the
    word on `map` (MAP_NOTE)."""
    hand = obs.get("hand")
    if hand is None:  # dice mode, or a spectator
        return MAP_NOTE
    cards = []
    for c in hand:
        says = "; ".join(x for x in (c.get("type"), c.get("text")) if x)
        cards.append(f"- {c['id']} {c['desc']}: {says}")
    return "\n".join([MAP_NOTE, "How to read your hand", *HAND_KEY, "Your hand",
                      *(cards or ["- empty"])])


def _typed(card: dict[str, Any]) -> str:
    """A card of the hand with its type where its name does not say it ("X03 Skirmish
    1H/1M forest (Attack/Flank Counter)": `Card.seen`)."""
    tag = card.get("tag")
    return f"{card['id']} {card['desc']}" + (f" ({tag})" if tag else "")


def _hits(desc: str) -> str:
    """A card's hits and misses from its text ("Flank Counter 2H/1M forest": "2H/1M")."""
    return next((word for word in desc.split() if word.endswith("M") and "H/" in word), desc)


def _turn_details(obs: dict[str, Any], b: Any, you: int | None,
                  short: int = FULL, columns: int = TEXT_WIDTH) -> list[str]:
    lines = []
    active = obs["active"]
    if active:
        on = " " if short >= DENSE else " on "  # DENSE: "Moving: infantry H6," fits 20
        lines.append(f"Moving: {UNIT_NAMES[active['unit']]}{on}{b.names[active['hex']]}, "
                     f"{count(active['mp'], 'move')} left"
                     + (f", {active['cargo']} aboard" if active["cargo"] else ""))
    for battle in obs["battles"]:
        sides = "; ".join(f"from {b.names[s]}: {_units_text(c, short)}"
                          for s, c in battle["sides"])
        bomb = "; ".join(f"{b.names[s]}: {_units_text(c, short)}" for s, c in battle["bombard"])
        lines.append(f"Attack declared on {b.names[battle['hex']]} - {sides}"
                     + (f"; bombarding from {bomb}" if bomb else ""))
    if obs["pennants"]:
        lines.append(("Pennants: " if short >= DENSE else
                      "Pennants (attacks beaten off this turn): ")
                     + ", ".join(b.names[h] for h in obs["pennants"]))
    reveal = obs["reveal"]
    if reveal:  # a hidden map shows nobody else another's placing (view._visible_reveal)
        tiles = ", ".join(TERRAINS[t] for t in reveal["tiles"])
        hexes = ", ".join(b.names[h] for h in reveal["hexes"])
        lines.append(f"Tiles drawn by {_who(reveal['player'], you)}: {tiles}; to place on "
                     f"{hexes}")
    if obs["build"]:
        lines.append(f"Built this turn: {count(obs['build']['towns'], 'town')}"
                     + (", a city" if obs["build"]["upgraded"] else ""))
    battle = obs.get("battle")
    if battle:
        lines += battle_lines(battle, b, you, short, columns)
    return lines


def _result(obs: dict[str, Any], you: int | None) -> list[str]:
    if not obs["result"]:
        return []
    winners = obs["result"]["winners"]
    who = " and ".join(_who(w, you) for w in winners) or "nobody (a draw)"
    return [f"Winner: {who} - {obs['result']['reason']}"]  # `play` says "Result:" after it


def battle_lines(battle: dict[str, Any], b: Any, you: int | None,
                 short: int = FULL, columns: int = TEXT_WIDTH) -> list[str]:
    """The battle being fought: forces by hex side, dice, and in card modes the cards of
    this round, the live hits and the Special Events in effect (from PACKED its units in
    short words)."""
    a, d = battle["seats"]
    names = b.names
    place = battle["terrain"] + ("" if battle["settlement"] == "none"
                                 else f" {battle['settlement']}")
    at = f"at {battle['where']}" if battle["hex"] >= 0 else "out of your sight"
    if battle["kind"] == "overwatch":
        return _overwatch_lines(battle, at, you, short, columns)
    attacks = "attack" if a == you else "attacks"
    # A bombardment is one fire, no round; the others say how far they are as Viktory's
    # battles do ("round 0, wave 1" named one thing twice, and round 0 none fought yet).
    progress = "" if battle["kind"] == "bombard" else ", " + battle_progress(
        battle["round"], battle["wave"], battle["mode"] == "cards")
    lines = [fit(f"Battle {at} ({place}): {_who(a, you)} {attacks} {_who(d, you)}{progress}",
                 ", ", columns)]
    sides = "; ".join(
        f"side {i} from {_place(names, h)}{' (frigate)' if src == 'frigate' else ''}: "
        f"{_units_text(u, short)}"
        + (f" (+{_units_text(r, short)} waiting)" if any(r) else "")
        for i, (h, src, u, r) in enumerate(zip(battle["source_hexes"], battle["sources"],
                                                battle["attacker"][1:], battle["reserves"]), 1))
    # Combat supply is a dice rule (viktory's README): with the cards alone it plays no part.
    supply = ["" if battle["mode"] == "cards" else " (supply)" if s else " (no supply)"
              for s in battle["supply"]]
    # dice and losses first, as the defender's: a side's forces may run long
    lines.append(f"  attacker{supply[0]}: dice {battle['dice'][0]}; lost "
                 f"{battle['lost'][0]}; {sides}")
    if any(battle["attacker"][0]):
        lines.append(f"  bombarding: {_units_text(battle['attacker'][0], short)}")
    near = "; ".join(f"{_place(names, h)} {_units_text(u, short)}"
                     for h, u in battle["defender_groups"] if any(u))
    lines.append(f"  defender{supply[1]}: {_units_text(battle['defender'], short)}; dice "
                 f"{battle['dice'][1]}; lost {battle['lost'][1]}"
                 + (f"; next to it: {near}" if near else "")
                 + (f"; Overwatch ready: {battle['overwatch_ready']}"
                    if battle["overwatch_ready"] else ""))
    if "plays" in battle:
        if battle["plays"]:
            lines.append(fit("  cards this round: " + " | ".join(
                f"player {p['player']}: {p['card']} {p['desc']} ({p['use']})"
                for p in battle["plays"]), " | ", columns))
        if battle["events"]:
            lines.append(fit("  in effect: " + ", ".join(f"{e} (player {p})"
                                                          for e, p in battle["events"]), ", ",
                              columns))
        if battle["decision"] == "play":
            sel = " selective" if battle["pending_selective"] else ""
            lines.append(f"  live hits against {_who(battle['to_move'][0], you)}: "
                         f"{battle['pending']}{sel}; {counters_answering(battle['respond_to'])}")
    return lines + _after_rolls(battle, you, columns)


def _overwatch_lines(battle: dict[str, Any], at: str, you: int | None, short: int,
                     columns: int) -> list[str]:
    """Overwatch outside a battle: artillery firing at units that moved next to it. Told as
    a battle ("Battle at F4: player 1 attacks you ... defender: 1a; dice 3") it named the
    mover an attacker and the artillery's battle dice, not what it fires."""
    a, d = battle["seats"]
    moving = [sum(n) for n in zip(*battle["attacker"][1:])]
    head = (f"Overwatch {at}: {_whose(d, you)} artillery next to it may fire at "
            f"{_whose(a, you)} units")
    ready = battle["overwatch_ready"]
    lines = [head, f"  moving there, under fire: {_units_text(moving, short)}; lost "
             f"{battle['lost'][0]}" + (f"; artillery ready to fire: {ready}" if ready else "")]
    return lines + _after_rolls(battle, you, columns)


def _after_rolls(battle: dict[str, Any], you: int | None, columns: int) -> list[str]:
    """The dice (or cards flipped) of the round that had the last, and the casualties to
    choose: the screen that asks to fight on or retreat said only "lost 1" (the rolls are
    the battle's, public, and in everybody's log)."""
    lines = []
    rolls = battle.get("rolls") or []
    if rolls:
        n = battle.get("rolls_round", 0)
        when = (f"{'wave' if battle['mode'] == 'cards' else 'round'} {n}" if n
                else "before the first round")
        lines.append(fit(f"  {when}: " + "; ".join(_roll(r, you) for r in rolls), "; ",
                         columns))
    c = battle["casualties"]
    if c:
        lines.append(f"  casualties to choose: {c['count']} of {_whose(c['victim'], you)} "
                     f"units ({c['cause']}), chosen by {_who(c['chooser'], you)}")
    return lines


def _roll(r: dict[str, Any], you: int | None) -> str:
    """A roll or a flip of the battle's (`table_data`): "you rolled 2 5 6 -> 1 hit", "player 1
    flipped A04 C11 for overwatch -> 1 hit (1 selective)"."""
    done = f"rolled {' '.join(map(str, r['dice']))}" if "dice" in r \
        else f"flipped {' '.join(r['cards']) or 'no card'}"
    cause = "" if r["cause"] == "battle" else f" for {r['cause']}"
    got = count(r["hits"], "hit") + (f" ({r['selective']} selective)" if r["selective"] else "")
    return f"{_who(r['player'], you)} {done}{cause} -> {got}"


def _on(e: dict[str, Any]) -> str:
    """The place (" on C4"), or nothing for an event whose place is hidden from the reader."""
    return f" on {e['where']}" if "where" in e else ""


def _sighted(e: dict[str, Any]) -> str:
    """The enemy a step or an unloading on a hidden map comes next to."""
    near = e.get("near")
    if not near:
        return ""
    return " - next to " + "; ".join(
        f"player {o}'s " + ", ".join(x for x in (kind, units) if x and x != "none")
        + f" on {where}" for where, o, kind, units in near)


def _a(n: int) -> str:
    """The article before the number `n` said aloud: "An 8-player game", "A 2-player game"."""
    spoken = str(n)
    return "An" if spoken.startswith("8") or spoken in ("11", "18") else "A"


def describe_event(e: dict[str, Any]) -> str:
    kind = e["event"]
    p = f"Player {e.get('player')}"
    text = {
        "game": lambda: f"{_a(e['players'])} {e['players']}-player game ({e['mode']}) on a "
                        f"{'random' if e['map'] == 'random' else e['map']} map of radius "
                        f"{e['radius']}",
        "setup": lambda: f"{p} sets up",
        "turn": lambda: f"--- Round {e['round']}: {p}'s turn ---",
        "drawn": lambda: f"{p} draws {count(e['count'], 'tile')}: {', '.join(e['tiles'])}",
        "explored": lambda: "" if not e["hexes"] else (
            f"{p} explores {count(e['hexes'], 'hex', 'hexes')}"
            + (f", {e['hexes'] - e['drawn']} of them with a tile already placed"
               if e["hexes"] > e["drawn"] else "")),
        "tile": lambda: f"{p} puts a {e['terrain']} tile on {e['where']}",
        "capital": lambda: f"{p} places its capital{_on(e)}",
        "town": lambda: (f"{p} builds a town{_on(e)}" if e.get("built", True) else
                         f"{p} cannot build a town{_on(e)}: something it could not see stands "
                         "there"),
        "city": lambda: f"{p} upgrades a town{_on(e)} to a city",
        "no_second_town": lambda: p + NO_SECOND_TOWN[e.get("why", "")],
        "place": lambda: f"{p} places {with_article(e['unit'])} on {e['where']}"
                         + (" - a reserve naval battle" if e.get("battle") else ""),
        "withdraw": lambda: f"{p} takes {with_article(e['unit'])} off {e['where']} into reserve",
        "select": lambda: "",
        "move": lambda: f"{p}: {e['unit']} {e['source']} -> {e['where']}"
                        + (" by road" if e.get("road") else "") + _sighted(e),
        "attack": lambda: f"{p}: {e['unit']} attacks {e['where']} from {e['source']}",
        "bombard": lambda: f"{p}: {e['unit']} on {e['source']} bombards {e['where']}",
        "pick_up": lambda: f"{p}: a frigate on {e['where']} takes {with_article(e['unit'])} aboard "
                           f"from {e['source']}",
        "unload": lambda: f"{p}: a frigate on {e['source']} "
                          f"{'lands and attacks' if e['attack'] else 'unloads'} "
                          f"{e['units']} on {e['where']}" + _sighted(e),
        "move_card": lambda: f"{p} plays {e['card']} {e['desc']} for +1 movement",
        # (said as its owner is asked: whether it fires, or holds back, comes next)
        "overwatch": lambda: f"Overwatch: {p}'s artillery on {e['source']} may fire at player "
                             f"{e['target']}'s {e['unit']} on {e['where']}",
        "unopposed": lambda: f"Player {e['player']} moves {e['units']} into {e['where']} "
                             "unopposed: nothing is left there to fight",
        # (a bombardment on its own moves no unit in: its attackers were "(none)"; Overwatch
        # begins with its own event)
        "battle_begins": lambda: (
            f"{FIRE_ONLY[e['battle']]} at {e['where']}: player {e['attacker']} against player "
            f"{e['defender']} ({e['defenders']})" if e["battle"] in FIRE_ONLY else
            f"Battle ({e['battle']}) at {e['where']}: player {e['attacker']} "
            f"({e['attackers']}) against player {e['defender']} ({e['defenders']})"),
        "forces": lambda: f"A {e['battle'].replace('_', ' ')} battle: player {e['attacker']} "
                          f"({e['attackers']}; may join: {e['may_join']}; bombarding: "
                          f"{e['bombarding']}) against player {e['defender']} "
                          f"({e['defenders']}; next to it: {e['next_to_it']})",
        "battle": lambda: f"{_battle_ends(e)}: {_winner(e)}; lost: "
                          f"attacker {e['attacker_lost']}"
                          f"{_among(e, 'bombard_lost', 'bombarding')}"
                          f"{_among(e, 'attacker_aboard_lost', 'aboard')}, defender "
                          f"{e['defender_lost']}{_among(e, 'defender_aboard_lost', 'aboard')}",
        "pennant": lambda: f"A pennant goes up on {e['where']}",
        "capture": lambda: f"{p} takes player {e['loser']}'s {e['settlement']}{_on(e)}"
                           + (" - a capital!" if e["capital"] else ""),
        "gain": lambda: f"{p} gains a card ({e['why']})",
        "card": lambda: f"{p} gets {e['card']} {e['desc']}",
        "reshuffle": lambda: f"The discards are shuffled into a new deck ({e['cards']})",
        "discard": lambda: f"{p} discards {e['card']} {e['desc']} ({e['why']})",
        "draw": lambda: f"{p} draws {count(e['count'], 'card')}"
                        + (f" ({e['why']})" if "why" in e else ""),
        "disband": lambda: f"{p} disbands {with_article(e['unit'])} on {e['where']}",
        # A unit brought or drawn into a battle comes from a hex next to it, not from the
        # reserve off the board (the shared words say "its reserve": the one-battle game's)
        "bring": lambda: f"The attacker brings {with_article(UNIT_NAMES[e['unit']])} "
                         f"{_source(e)} into the attack (hex side {e['side']})",
        "drawn_in": lambda: f"{p} draws {with_article(UNIT_NAMES[e['unit']])} {_source(e)} "
                            + (f"into the attack (hex side {e['side']})" if e["attacker"]
                               else "into the battle hex"),
        "out": lambda: f"{p} is out of the game",
        "result": lambda: "Game over: " + (", ".join(f"player {w}" for w in e["winners"])
                                           or "a draw") + f" - {e['reason']}",
    }.get(kind)
    if text:
        return text()
    line = describe_battle_event(e, lambda q: f"Player {q}")
    return line if line is not None else str(e)


def _source(e: dict[str, Any]) -> str:
    """Where a unit brought or drawn into a battle comes from: its hex ("from A2"), or, where
    the event does not name it (a hidden map), a hex next to the battle."""
    return f"from {e['source']}" if "source" in e else "from a hex next to the battle"


# A bombardment or Overwatch on its own: fire, and no hex to win.
FIRE_ONLY = {"bombard": "Bombardment", "overwatch": "Overwatch"}


def _battle_ends(e: dict[str, Any]) -> str:
    """A battle's result's head: its place ("Battle at B4", "Bombardment at B4"), or on a
    hidden map, to a player who does not fight it, its kind only, as its forces were told ("A
    land battle ends", "A bombardment ends")."""
    kind = FIRE_ONLY.get(e["battle"])
    if "where" in e:
        return f"{kind or 'Battle'} at {e['where']}"
    if kind:
        return f"A {kind.lower()} ends"
    return f"A {e['battle'].replace('_', ' ')} battle ends"


def _winner(e: dict[str, Any]) -> str:
    """Who won a battle, by seat and side, and why: 'player 1 (the defender) wins (attacker
    destroyed)'; a bombardment or Overwatch on its own wins no hex (its reason, "bombardment",
    would only repeat the head)."""
    side = e["winner"]
    if side not in ("attacker", "defender"):
        if e["battle"] in FIRE_ONLY:
            return "fire only, no hex changes hands"
        return f"no winner ({e['reason']})"
    return f"player {e[side]} (the {side}) wins ({e['reason']})"


def _among(e: dict[str, Any], key: str, what: str) -> str:
    """Of a side's battle losses, those lost bombarding or aboard its lost frigates (`key`)."""
    lost = e.get(key, "none")
    return f" ({what}: {lost})" if lost != "none" else ""


def _place(names: Any, h: int) -> str:
    """A hex's name; -1: a battle's hex a player is not told (a hidden map)."""
    return names[h] if h >= 0 else "a hex out of sight"


UNIT_WORDS = re.compile(r"\b(infantry|cavalry|artillery|frigate)s?\b")
# What a choice does (a row of the terminal's table, `choice_grid`) and where (its column).
STEP_ROWS = {"attack": "attack", "road": "take the road to", "move": "move to", "port": "move to"}
CELLS: dict[type, Any] = {
    PlaceReserve: lambda a: (f"place {with_article(UNIT_NAMES[a.unit])} on", a.where),
    PlaceFrigate: lambda a: ("place a frigate on", f"{a.sea_where} (from {a.where})"),
    Withdraw: lambda a: ("take into reserve", f"{UNIT_SHORT[a.unit]} {a.where}"),
    SelectUnit: lambda a: (f"move {with_article(UNIT_NAMES[a.unit])} from", a.where),
    Step: lambda a: (STEP_ROWS[a.kind], _step_cell(a)),
    Disband: lambda a: (f"disband {with_article(UNIT_NAMES[a.unit])} on", a.where),
    BuildTown: lambda a: ("build a town on", a.where),
    Upgrade: lambda a: ("upgrade your town to a city on", a.where),
    PlaceCapital: lambda a: ("place your capital on", a.where),
    PlaceTile: lambda a: (f"put the {TERRAINS[a.terrain]} tile on", a.where),
}


def _step_cell(step: Step) -> str:
    """Where a step goes, and what is there unless the map shows it (a terrain; a road's
    end, always the mover's town or city): a long menu's lists ran a line longer a row. The
    units there in short words ("1 inf"): a list's cell must fit a line, or the menu is not
    listed at all (33 choices a line each, beside the map)."""
    if step.kind == "road" or step.what in TERRAINS:
        return step.where
    what = UNIT_WORDS.sub(lambda m: UNIT_SHORT[UNIT_NAMES.index(m[1])], step.what)
    return f"{step.where} ({what})"


def choice_grid(actions: Sequence[Any]) -> ChoiceGrid | None:
    """A long menu's choices by what each does and where: a terminal lists each kind of
    choice with its hexes ("place an infantry on:  1. C9   3. D9"); the 35 choices of a
    reserves step took 35 lines of an 80-column terminal (their labels too long for two
    columns), the map scrolled off. None when no choice has a hex."""
    cells = [CELLS[type(a)](a) if type(a) in CELLS else None for a in actions]
    if not any(cells):
        return None
    return ChoiceGrid("a choice meets its hex", cells)
