"""Text view of a Viktory II observation: the hex map with terrain colours (ANSI; the letters
alone still read on a terminal without colour), then what is on it, and one line per log
event.

Each hex is four characters: terrain (p g f m w, ? unexplored), owner (a player's digit),
town or city (t town, T capital town, C city, @ capital city), and the number of units (+ for
10 or more). Rows are drawn offset like the hexes they are; a hex's name is its row's letter
and its place in the row from the left ("C4"). A map wider than a panel on an 80-column
terminal (radius 9 and 10: 79 and 87 characters against 76) is drawn compact, three
characters a hex: a town's or city's letter takes the place of its terrain's, which its colour
still shows. The width is fixed, not the terminal's: the same view renders the same text on
every channel (the terminal, the server's text view, the environments' `render()`).
"""

from __future__ import annotations

from typing import Any

from ...engine.data import TEXT_WIDTH, fit
from ..viktory_battles.render import battle_prompt, counters_answering, describe_battle_event
from ..viktory_battles.units import count, with_article
from .board import TERRAINS, board, may_build_second_town
from .units import UNIT_NAMES, units_text

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


def render(obs: dict[str, Any], player: int | None) -> str:
    b = board(obs["radius"])
    you = obs.get("you")
    compact = _map_width(b, full=True) > TEXT_WIDTH  # drawn three characters a hex to fit
    top = [fit(_headline(obs, you), " - "), *_map_lines(obs, b, compact)]  # coloured, and fits
    lines = list(COMPACT_KEY if compact else MAP_KEY)
    if obs["round"]:
        lines.append(f"To win: hold {obs['capitals_to_win']} capitals"
                     + (f", or the most at the end of round {obs['turn_limit']}"
                        if obs["turn_limit"] else ""))
    lines += _players(obs, b, you)
    lines += _units(obs, b, you)
    lines += _turn_details(obs, b, you)
    return "\n".join(top + [fit(line) for line in lines])


DECISIONS = {
    "tile": "placing drawn tiles",
    "lose_card": "discarding a card for a town lost",
    "disband": "disbanding a unit no longer supported",
    "battle": "deciding in a battle",
    "discard": "discarding to the hand limit",
}


# The question each decision asks the player to move, in plain words (`prompt`); a battle's
# decisions are the battle's own (viktory_battles.render.battle_prompt).
PROMPTS = {
    "capital": "Place your capital on one of your starting hexes.",
    "second_town": "Build your second town on free explored land 2 or 3 hexes from your "
                   "capital, or build none.",
    "setup_infantry": "Place your second infantry.",
    "move": "Move and battle: choose a unit to move (then where it goes), fight a battle you "
            "declared, or end movement and battles.",
    "build": "Build: a town, a city or new units, or finish building.",
    "reserves": "Place your reserve units, or finish placing reserves.",
    "discard": "Discard a card: your hand is over its limit.",
    "draw": "Draw your cards for the turn.",
    "tile": "Place a drawn tile: choose the hex each revealed terrain goes on.",
    "lose_card": "Discard a card for the town or city you lost.",
    "disband": "Disband a unit your towns and cities no longer support.",
}


def prompt(obs: dict[str, Any], player: int | None) -> str:
    """The question `player` must answer now; "" when it has none."""
    if player is None or player not in obs["to_move"] or obs["result"]:
        return ""
    if obs["decision"] == "battle":
        return battle_prompt((obs.get("battle") or {}).get("decision"))
    return PROMPTS.get(obs["decision"] or "", "")


def _headline(obs: dict[str, Any], you: int | None) -> str:
    limit = f" of {obs['turn_limit']}" if obs["turn_limit"] else ""
    where = "setup" if obs["round"] == 0 else f"round {obs['round']}{limit}"
    if obs["phase"] == "over":  # nobody's turn any more
        head = f"Viktory II ({obs['mode']}) - {where} - game over"
    else:
        head = (f"Viktory II ({obs['mode']}) - {where} - {_whose(obs['player'], you)} turn: "
                f"{_step(obs)}")
    if obs["to_move"] and obs["decision"] in DECISIONS:
        head += f" - now {_who(obs['to_move'][0], you)}: {DECISIONS[obs['decision']]}"
    if you is not None:
        head += f" - you are player {you}"
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


MAP_KEY = ["Hex: terrain (p plains, g grassland, f forest, m mountain, w water,",
           "     ? unexplored), owner, t town / T capital / C city / @ capital city,",
           "     units (! attack declared)"]
COMPACT_KEY = ["Hex (compact, to fit 80 columns): terrain (p plains, g grassland,",
               "     f forest, m mountain, w water, ? unexplored) or on its colour t town /",
               "     T capital / C city / @ capital city; owner; units (! attack declared)"]
ROW_LABEL = 3  # " C " before each row of hexes


def _map_width(b: Any, full: bool) -> int:
    """The widest row of the map, its label included: the middle row, 2 * radius + 1 hexes."""
    width, gap = _cell(b, full)
    return ROW_LABEL + (2 * b.radius + 1) * (width + gap) - gap


def _cell(b: Any, full: bool) -> tuple[int, int]:
    """A hex's characters and the blank after it: a small map is spaced out, a map wider
    than the terminal drawn three characters a hex."""
    if not full:
        return 3, 0
    return 4, 2 if b.radius <= 5 else 0


def _map_lines(obs: dict[str, Any], b: Any, compact: bool = False) -> list[str]:
    cells = {h: ["?", " ", " ", " "] for h in range(b.size)}
    for h, ch in enumerate(obs["terrain"]):
        cells[h][0] = ch
    for h, owner, kind, capital, _seen in obs["settlements"]:
        cells[h][1] = str(owner)
        cells[h][2] = SETTLEMENT_MARK[(kind, capital >= 0)]
    for h, owner, units, _ready, cargo in obs["units"]:
        cells[h][1] = str(owner)
        n = sum(units) + sum(cargo)
        cells[h][3] = str(n) if n < 10 else "+"
    for battle in obs["battles"]:
        cells[battle["hex"]][3] = "!"
    fog = obs.get("fog")
    width, gap = _cell(b, not compact)
    lines = []
    for i, row in enumerate(b.rows):
        # each row half a hex further in than the one nearer the middle
        indent = " " * ((width + gap) * abs(i - b.radius) // 2)
        text = []
        for h in row:
            terrain, owner, settlement, units = cells[h]
            cell = f"{terrain}{owner}{settlement}{units}" if not compact else \
                f"{settlement if settlement != ' ' else terrain}{owner}{units}"
            style = TERRAIN_STYLE.get(terrain, "")
            if fog is not None and fog[h] == "0" and terrain != "?":
                style += FOG
            text.append(f"{style}{cell}{RESET}" + " " * gap)
        lines.append(f" {chr(ord('A') + i)} {indent}{''.join(text).rstrip()}")
    return lines


def _players(obs: dict[str, Any], b: Any, you: int | None) -> list[str]:
    lines = []
    for q, info in enumerate(obs["players"]):
        if info["out"]:
            lines.append(f"Player {q}: out of the game")
            continue
        capital = b.names[info["capital"]] if info["capital"] >= 0 else "?"
        if obs["round"] == 0 and not info["holds_capital"]:
            held = "no capital yet"
        else:
            held = f"capital {capital} ({'held' if info['holds_capital'] else 'LOST'})"
        text = (f"Player {q}{' (you)' if q == you else ''}: {held}; "
                f"{count(info['towns'], 'town')}, {count(info['cities'], 'city', 'cities')}, "
                f"{count(info['capitals'], 'capital')} held")
        if info["reserve"] is not None and any(info["reserve"]):
            text += f"; reserve: {units_text(info['reserve'])}"
        if info["hand"] is not None:
            text += f"; cards {info['hand']}/{info['max_hand']}"
        lines.append(text)
    return lines


def _units(obs: dict[str, Any], b: Any, you: int | None) -> list[str]:
    lines = []
    by_owner: dict[int, list[str]] = {}
    for h, owner, units, ready, cargo in obs["units"]:
        text = f"{b.names[h]} {units_text(units)}"
        if any(ready) and owner == obs["player"] and obs["phase"] == "move":
            text += f" ({sum(ready)} to move)"
        if any(cargo):
            text += f" carrying {units_text(cargo)}"
        by_owner.setdefault(owner, []).append(text)
    for owner in sorted(by_owner):
        who = "Your units" if owner == you else f"Player {owner}'s units"
        lines.append(f"{who}: " + "; ".join(by_owner[owner]))
    return lines


def _turn_details(obs: dict[str, Any], b: Any, you: int | None) -> list[str]:
    lines = []
    active = obs["active"]
    if active:
        lines.append(f"Moving: {UNIT_NAMES[active['unit']]} on {b.names[active['hex']]}, "
                     f"{count(active['mp'], 'move')} left"
                     + (f", {active['cargo']} aboard" if active["cargo"] else ""))
    for battle in obs["battles"]:
        sides = "; ".join(f"from {b.names[s]}: {units_text(c)}" for s, c in battle["sides"])
        bomb = "; ".join(f"{b.names[s]}: {units_text(c)}" for s, c in battle["bombard"])
        lines.append(f"Attack declared on {b.names[battle['hex']]} - {sides}"
                     + (f"; bombarding from {bomb}" if bomb else ""))
    if obs["pennants"]:
        lines.append("Pennants (attacks beaten off this turn): "
                     + ", ".join(b.names[h] for h in obs["pennants"]))
    reveal = obs["reveal"]
    if reveal:
        if reveal["tiles"] is not None:
            tiles = ", ".join(TERRAINS[t] for t in reveal["tiles"])
            hexes = ", ".join(b.names[h] for h in reveal["hexes"])
            lines.append(f"Tiles drawn by {_who(reveal['player'], you)}: {tiles}; to place on "
                         f"{hexes}")
        else:
            lines.append(f"{_who(reveal['player'], you).capitalize()} is placing "
                         f"{count(reveal['count'], 'drawn tile')}")
    if obs["build"]:
        lines.append(f"Built this turn: {count(obs['build']['towns'], 'town')}"
                     + (", a city" if obs["build"]["upgraded"] else ""))
    battle = obs.get("battle")
    if battle:
        lines += battle_lines(battle, b, you)
    if "hand" in obs:
        lines.append(f"Cards: deck {obs['deck_left']}, discards {obs['discards']}")
        if obs["hand"] is not None:
            hand = ", ".join(f"{c['id']} {c['desc']}" for c in obs["hand"]) or "empty"
            lines.append(fit(f"Your hand: {hand}", ", "))
    if obs["result"]:
        winners = obs["result"]["winners"]
        who = " and ".join(_who(w, you) for w in winners) or "nobody (a draw)"
        lines.append(f"Result: {who} - {obs['result']['reason']}")
    return lines


def battle_lines(battle: dict[str, Any], b: Any, you: int | None) -> list[str]:
    """The battle being fought: forces by hex side, dice, and in card modes the cards of
    this round, the live hits and the Special Events in effect."""
    a, d = battle["seats"]
    names = b.names
    place = battle["terrain"] + ("" if battle["settlement"] == "none"
                                 else f" {battle['settlement']}")
    at = f"at {battle['where']}" if battle["hex"] >= 0 else "out of your sight"
    attacks = "attack" if a == you else "attacks"
    head = (f"Battle {at} ({place}): {_who(a, you)} {attacks} {_who(d, you)}, "
            f"round {battle['round']}" + (f", wave {battle['wave']}" if battle["wave"] else ""))
    lines = [head]
    sides = "; ".join(
        f"side {i} from {_place(names, h)}{' (frigate)' if src == 'frigate' else ''}: "
        f"{units_text(u)}"
        + (f" (+{units_text(r)} waiting)" if any(r) else "")
        for i, (h, src, u, r) in enumerate(zip(battle["source_hexes"], battle["sources"],
                                                battle["attacker"][1:], battle["reserves"]), 1))
    supply = ["supply" if s else "no supply" for s in battle["supply"]]
    # dice and losses first, as the defender's: a side's forces may run long
    lines.append(f"  attacker ({supply[0]}): dice {battle['dice'][0]}; lost "
                 f"{battle['lost'][0]}; {sides}")
    if any(battle["attacker"][0]):
        lines.append(f"  bombarding: {units_text(battle['attacker'][0])}")
    near = "; ".join(f"{_place(names, h)} {units_text(u)}" for h, u in battle["defender_groups"]
                     if any(u))
    lines.append(f"  defender ({supply[1]}): {units_text(battle['defender'])}; dice "
                 f"{battle['dice'][1]}; lost {battle['lost'][1]}"
                 + (f"; next to it: {near}" if near else "")
                 + (f"; Overwatch ready: {battle['overwatch_ready']}"
                    if battle["overwatch_ready"] else ""))
    if "plays" in battle:
        if battle["plays"]:
            lines.append(fit("  cards this round: " + " | ".join(
                f"player {p['player']}: {p['card']} {p['desc']} ({p['use']})"
                for p in battle["plays"]), " | "))
        if battle["events"]:
            lines.append(fit("  in effect: " + ", ".join(f"{e} (player {p})"
                                                          for e, p in battle["events"]), ", "))
        if battle["decision"] == "play":
            sel = " selective" if battle["pending_selective"] else ""
            lines.append(f"  live hits against {_who(battle['to_move'][0], you)}: "
                         f"{battle['pending']}{sel}; {counters_answering(battle['respond_to'])}")
    c = battle["casualties"]
    if c:
        lines.append(f"  casualties to choose: {c['count']} of {_whose(c['victim'], you)} "
                     f"units ({c['cause']}), chosen by {_who(c['chooser'], you)}")
    return lines


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


def describe_event(e: dict[str, Any]) -> str:
    kind = e["event"]
    p = f"Player {e.get('player')}"
    text = {
        "game": lambda: f"A {e['players']}-player game ({e['mode']}) on a "
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
        "overwatch": lambda: f"Overwatch: {p}'s artillery on {e['source']} fires at player "
                             f"{e['target']}'s {e['unit']} on {e['where']}",
        "battle_begins": lambda: f"Battle ({e['battle']}) at {e['where']}: player "
                                 f"{e['attacker']} ({e['attackers']}) against player "
                                 f"{e['defender']} ({e['defenders']})",
        "forces": lambda: f"A {e['battle'].replace('_', ' ')} battle: player {e['attacker']} "
                          f"({e['attackers']}; may join: {e['may_join']}; bombarding: "
                          f"{e['bombarding']}) against player {e['defender']} "
                          f"({e['defenders']}; next to it: {e['next_to_it']})",
        "battle": lambda: f"Battle at {e['where']}: {_winner(e)} ({e['reason']}); lost: "
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
        "out": lambda: f"{p} is out of the game",
        "result": lambda: "Game over: " + (", ".join(f"player {w}" for w in e["winners"])
                                           or "a draw") + f" - {e['reason']}",
    }.get(kind)
    if text:
        return text()
    line = describe_battle_event(e, lambda q: f"Player {q}")
    return line if line is not None else str(e)


def _winner(e: dict[str, Any]) -> str:
    """Who won a battle, by seat and side: 'player 1 (the defender) wins'."""
    side = e["winner"]
    if side not in ("attacker", "defender"):
        return "no winner"  # a bombardment or Overwatch on its own
    return f"player {e[side]} (the {side}) wins"


def _among(e: dict[str, Any], key: str, what: str) -> str:
    """Of a side's battle losses, those lost bombarding or aboard its lost frigates (`key`)."""
    lost = e.get(key, "none")
    return f" ({what}: {lost})" if lost != "none" else ""


def _place(names: Any, h: int) -> str:
    """A hex's name; -1: a battle's hex a player is not told (a hidden map)."""
    return names[h] if h >= 0 else "a hex out of sight"
