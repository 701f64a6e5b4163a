"""Text view of a Game of Champions observation, and one line per logged event."""

from __future__ import annotations

from typing import Any

from ...engine.data import TEXT_WIDTH, counted, first_fitting, fit, menu_room, panel_lines

ADVANTAGES = {"K": "General", "A": "Spy", "J": "Cavalry", "Q": "Medic"}
PROMPTS = {
    "roshambo": "Throw rock, paper or scissors.",
    "distribute": "Put your next reinforcement (highest first) on one of your face cards.",
    "place": "Put the drawn card on one of your face cards.",
    "main": "Use an advantage, turn in a bare face card, attack, or fortify again.",
    "general": "General: pick up one of your cards to move (up to 3 a turn), or done.",
    "general_place": "General: put the picked card on another face card.",
    "spy": "Spy: pick one of the opponent's cards.",
    "spy_swap": "Spy: the card from another battalion to swap it with.",
    "target": "Choose the opponent's battalion to attack.",
    "order": "Order your cards: which one is next from the top (face down).",
    "battle": "Flip the next pair, or stop the battle.",
    "medic": "Medic: revive your latest casualty into the Queen's battalion?",
    "close": "Turn in a bare face card before your turn ends, or end the turn.",
}
PURPOSES = {"dealer": "for the deal", "first": "for the first turn", "tie": "for a tied pair"}
# The panel's lines on an 80x24 terminal: the table shares them with the choices of its
# reader and the prompt (`_room`). A table taller than its share (a battle of many
# flips, five face cards a side) is written shorter, step by step: the battle's flips run
# on, as many on a line as fit (FLIPS); then each side's face cards go in columns (FACES);
# then the rest of the battle runs on too, and each side's casualties follow its face
# cards (PACKED).
SHORT = FULL, FLIPS, FACES, PACKED = range(4)


def _cards(cards: list[str] | None) -> str:
    if cards is None:
        return "(secret)"
    return " ".join(cards) if cards else "-"


def _kept(cards: list[str] | None) -> str:
    """The cards a battalion keeps, in a sentence: "no card" where a list shows "-"."""
    return _cards(cards) if cards != [] else "no card"


def _who(p: int, you: int | None) -> str:
    return "you" if p == you else f"player {p}"


def _whose(p: int, you: int | None) -> str:
    return "your" if p == you else f"player {p}'s"


def render(obs: dict[str, Any], player: int | None) -> str:
    """The table, written shorter step by step (`SHORT`) while it is taller than its share
    of an 80x24 terminal (`_room`); if no step makes it fit, the shortest."""
    return first_fitting(lambda short: _render(obs, short), len(SHORT), _room(obs))


def prompt(obs: dict[str, Any], player: int | None) -> str:
    """The question `player` must answer now (`PROMPTS`, by phase); "" when it has none."""
    if player is None or player not in obs["to_move"] or "outcome" in obs:
        return ""
    phase = obs["phase"]
    if phase == "medic" and obs["casualties"][player] and obs.get("battle"):
        return _medic_question(obs, player)
    # The card picked, and the battalion attacking, named in the question: a phone's page
    # showed neither where the next choice was made (the table holds them: "Picked: 7H").
    if phase == "spy_swap" and obs.get("picked"):
        return f"Spy: the card from another battalion to swap {obs['picked']} with."
    if phase == "general_place" and obs.get("picked"):
        return f"General: put the picked card, {obs['picked']}, on another face card."
    if phase == "target" and obs.get("attacking"):
        return f"Choose the opponent's battalion for your {obs['attacking']} to attack."
    return PROMPTS.get(phase, "")


def _medic_question(obs: dict[str, Any], player: int) -> str:
    """The Medic's question, naming the card it would revive (the latest of the player's
    casualties, a pile face up: public) and the Queen it would join."""
    card, queen = obs["casualties"][player][-1], obs["battle"]["commanders"][0]
    return f"Medic: revive {card}, your latest casualty, on {queen}? (Reviving ends your turn.)"


def help_notes(obs: dict[str, Any], player: int | None) -> str:
    """What the terminal's help (`?`) adds to the rules summary (`Game.help_notes`): how to
    read the table, each of its words and figures, from the view alone (its options: the
    turn limit, where a Cavalry's 2s count). Nothing in it depends on a card the view hides."""
    where = ", when it attacks only (option cavalry=attacking)" \
        if obs.get("cavalry") == "attacking" else ""
    seat = f" (you are player {player})" if player is not None else ""
    return "\n".join([
        "How to read the table",
        "- Cards are rank + suit letter: 10H the ten of hearts. A J Q K are face cards, 2 to "
        "10 reinforcements. 'QS [Medic]: 10C 9S': a face card, its advantage, the "
        "reinforcements on it (a battalion).",
        "- 'bare': a face card without reinforcements, not a battalion: its advantage cannot "
        "be used, and it may be turned in. 'turned in: AD QD': the face cards a player turned "
        "in, out of the game.",
        "- 'on the table: 80': the ranks of a player's reinforcements on the table added up "
        "(a Jack's 2 counts 2); the larger total wins at the turn limit "
        f"({obs['max_turns']} turns), equal totals draw.",
        "- 'in battle: 51': what the battalion in a battle fights with, its cards not yet "
        "lost (off the table until the battle ends); 'with 2s as 10' (a flip's '2S (10 under "
        f"the Jack)'): a Cavalry's (Jack's) 2s count 10 in its battles{where}.",
        "- 'casualties (latest last)': a player's cards lost in battles, face up, the latest "
        "last: the one a Queen's Medic revives. Reviving ends your turn.",
        "- '(secret)': reinforcements placed after the deal, shown when both have finished.",
        "- In a battle: '(order secret)': cards still to flip, by rank, not in the order they "
        "come; 'top first': yours, in your order; 'survivors': the defender's cards that won, "
        "flipped again in their first order when its others run out ('recycled').",
        f"- Players are numbered from 0: player 0 and player 1{seat}.",
    ])


def _room(obs: dict[str, Any]) -> int:
    """The lines the table may take so that the choices of its reader and the prompt still
    fit an 80x24 terminal under its panel: under a tall table the terminal puts the choices
    (14 characters at most) in four columns, numbered down each. A table that asks its
    reader nothing has the whole panel."""
    you = obs.get("you")
    if you is None or you not in obs["to_move"] or "outcome" in obs:
        return panel_lines()
    return panel_lines() - 1 - max(1, menu_room(lambda: -(-_choices(obs, you) // 4)))


def _choices(obs: dict[str, Any], you: int) -> int:
    """How many choices the reader has (at most), as the table tells them."""
    phase = obs["phase"]
    mine, theirs = obs["tables"][you], obs["tables"][1 - you]

    def cards(table: list[Any]) -> int:
        return sum(len(c or []) for _, c in table)

    battle = obs.get("battle") or {}
    return {
        "roshambo": 3, "battle": 2, "medic": 2,
        "order": len(battle.get("your_hand") or []) + 1,
        "distribute": len(mine), "place": len(mine), "general_place": len(mine),
        "general": cards(mine) + 1, "spy": cards(theirs), "spy_swap": cards(theirs),
        "target": len(theirs), "close": len(mine) + 1,
    }.get(phase, 2 * len(mine) + 3)  # main: General, Spy, turn-ins, attacks, fortify


def _render(obs: dict[str, Any], short: int) -> str:
    you = obs.get("you")
    lines = [_header(obs, you, short)]
    for p in (0, 1):
        lines += _table_lines(obs, p, you, short)
    if obs.get("hand") is not None and obs["phase"] == "distribute":
        lines.append(f"To distribute: {_cards(obs['hand'])}"
                     " (the first one is placed next)")
    if obs.get("drawn"):
        lines.append(f"Drawn from the Reserve Pile: {obs['drawn']}")
    if obs.get("picked"):
        lines.append(f"Picked: {obs['picked']}")
    if obs.get("attacking"):
        lines.append(f"Attacking with the battalion of {obs['attacking']}: its target next")
    if "battle" in obs:
        lines += _battle_lines(obs, you, short)
    if "roshambo" in obs:
        r = obs["roshambo"]
        thrown = ", ".join(
            f"{_who(p, you)} {'have' if p == you else 'has'}{'' if t else ' not'} thrown"
            for p, t in enumerate(r["thrown"]))
        if short >= PACKED:
            thrown = _thrown(r["thrown"], you)
        mine = f"; your throw: {r['yours']}" if r.get("yours") else ""
        lines.append(f"Roshambo {PURPOSES.get(r['purpose'], '')} (round {r['round']}): "
                     f"{thrown}{mine}")
    if you is not None and you in obs["to_move"]:
        lines.append(prompt(obs, you))
    if "outcome" in obs:
        lines.append(_winner_text(obs["outcome"]["winners"], obs["outcome"]["reason"], you))
    return "\n".join(fit(line) for line in lines)  # any line still too long


def _thrown(thrown: list[bool], you: int | None) -> str:
    """Who has thrown their Roshambo hand, in few words."""
    if thrown[0] == thrown[1]:
        return "both have thrown" if thrown[0] else "neither has thrown"
    done = thrown.index(True)

    def has(p: int, yes: bool) -> str:
        return ("have" if p == you else "has") + ("" if yes else " not")

    other = 1 - done
    return f"{_who(done, you)} {has(done, True)} thrown, {_who(other, you)} {has(other, False)}"


def _header(obs: dict[str, Any], you: int | None, short: int) -> str:
    parts = []
    if obs["turn"]:
        whose = "game over" if "outcome" in obs else f"{_who(obs['current'], you)} to play"
        parts.append(f"Turn {obs['turn']}/{obs['max_turns']}, {whose}")
    elif obs["dealer"] < 0:
        parts.append("Before the deal")
    else:
        parts.append("The deal")
    parts.append(f"Reserve Pile: {counted(obs['reserve'], 'card')}")
    if obs["dealer"] >= 0:
        parts.append(f"dealer: {_who(obs['dealer'], you)}")
    if short >= FACES and any(cmd[0] == "J" for table in obs["tables"] for cmd, _ in table):
        parts.append(f"a Cavalry's 2s count 10{_in_attack(obs)}")  # said once for its cells
    return fit("   ".join(parts), "   ")


def _turned_in(obs: dict[str, Any]) -> list[list[str]]:
    """The face cards turned in by player 0 and by player 1: the list alone mixed both
    players' (audit, stop 66)."""
    out: list[list[str]] = [[], []]
    for card, owner in zip(obs["turned_in"], obs["turned_in_by"], strict=True):
        out[owner].append(card)
    return out


def _in_attack(obs: dict[str, Any]) -> str:
    return " in attack" if obs.get("cavalry") == "attacking" else ""


def _table_lines(obs: dict[str, Any], p: int, you: int | None, short: int) -> list[str]:
    # Two figures, named apart (an audit read "strength 27, in battle: 51" as one strength
    # counted twice): the ranks on the table added up (a Jack's 2 counts 2: the turn
    # limit's total), and what a battalion in battle fights with (its 2s as 10 where a
    # Cavalry's count so). `help_notes` says what each is.
    figures = f"on the table: {obs['strength'][p]}" if "strength" in obs else ""
    fighting = _in_battle(obs, p)
    if figures and fighting is not None:  # its cards are off the table, not counted there
        figures += f", in battle: {fighting}" + (" with 2s as 10" if _as_ten(obs, p) else "")
    if p == you:
        title = f"You (player {p}" + (f", {figures})" if figures else ")")
    else:
        title = f"Player {p}" + (f" ({figures})" if figures else "")
    if obs["phase"] == "distribute":  # the browser table's words; the opponent's hand is secret
        total = obs["to_distribute"][p]
        if obs["distributed"][p]:
            title += f" - all {total} reinforcements placed"
        elif p == you and obs.get("hand") is not None:
            title += f" - {len(obs['hand'])} of {total} reinforcements still to place"
        else:
            title += f" - {total} reinforcements, still being placed"
    battle = obs.get("battle") if obs["phase"] != "medic" else None  # the Medic's: it is over
    faces = []
    for cmd, cards in obs["tables"][p]:
        note = ADVANTAGES[cmd[0]]
        if cmd[0] == "J" and short < FACES:  # then the header says it once
            note += f": 2s count 10{_in_attack(obs)}"
        if battle and cmd == battle["commanders"][0 if battle["attacker"] == p else 1]:
            note += ", in battle"
        elif cards == []:
            note += ", bare"
        faces.append(f"{cmd} [{note}]: {_cards(cards)}")
    # Its open piles, on one line: the casualties, and the face cards it turned in (its own:
    # the header's one list of both players' cards did not say whose).
    piles = [f"casualties (latest last): {_cards(obs['casualties'][p])}"] \
        if obs["casualties"][p] else []
    if turned := _turned_in(obs)[p]:
        piles.append(f"turned in: {_cards(turned)}")
    both = ["; ".join(piles)] if piles else []
    if short < FACES:
        return [title + ":", *(f"  {face:>{len(face) + 1}}" for face in faces),
                *(f"  {line}" for line in both)]
    if short < PACKED:
        return [title + ":", *_columns(faces, "   "), *(f"  {line}" for line in both)]
    # packed: the piles beside the title where they fit, else one of them
    for beside in both + piles:
        if len(title) + 2 + len(beside) <= TEXT_WIDTH:
            rest = [pile for pile in piles if pile != beside] if beside in piles else []
            return [f"{title}; {beside}", *_columns(faces + rest, "   ")]
    return [title + ":", *_columns(faces + both, "   ")]


def _columns(cells: list[str], indent: str, gap: int = 3) -> list[str]:
    """The cells in order, in as many columns as fit the table's width (up to 3), read along
    the rows, each column as wide as its widest cell; the widest cells, when the others fit
    so only without them, have a line each, where they come."""
    alone: set[int] = set()  # the cells on a line of their own
    while len(alone) < len(cells) - 1:
        for count in range(min(3, len(cells) - len(alone)), 1, -1):
            rows: list[list[int]] = [[]]
            for i in range(len(cells)):
                if i in alone or len(rows[-1]) == count or rows[-1] and rows[-1][0] in alone:
                    rows.append([])
                rows[-1].append(i)
            rows = [row for row in rows if row]
            widths = [max((len(cells[row[k]]) for row in rows if k < len(row) and len(row) > 1),
                          default=0) for k in range(count)]
            if len(indent) + sum(widths) + gap * (count - 1) <= TEXT_WIDTH:
                return [fit((indent + (" " * gap).join(cells[i].ljust(widths[k]) for k, i
                                                       in enumerate(row))).rstrip())
                        for row in rows]
        alone.add(max((i for i in range(len(cells)) if i not in alone),
                      key=lambda i: len(cells[i])))
    return [fit(indent + cell) for cell in cells]


def _battle_cards(obs: dict[str, Any], p: int) -> tuple[int, list[str]] | None:
    """Player `p`'s side in the battle (0 the attacker, 1 the defender) and its cards still
    in it, or None when it is in no battle (or the battle is over: the Medic's question)."""
    b = obs.get("battle")
    if b is None or p not in (b["attacker"], b["defender"]) or obs["phase"] == "medic":
        return None
    side = 0 if p == b["attacker"] else 1
    if "cards" in b:  # both sides still ordering their cards
        return side, list(b["cards"][p])
    left = b["attacker_left"] if side == 0 else b["defender_left"]
    survivors = b["attacker_survivors"] if side == 0 else b["defender_survivors"]
    return side, left + survivors + ([b["pair"][side]] if b.get("pair") else [])


def _cavalry_fights(obs: dict[str, Any], side: int) -> bool:
    """Whether the battle's battalion of `side` (0 the attacker) counts its 2s as 10: a
    Jack's, attacking or (`cavalry=always`) defending."""
    b = obs["battle"]
    return b["commanders"][side][0] == "J" and (side == 0 or obs["cavalry"] == "always")


def _as_ten(obs: dict[str, Any], p: int) -> bool:
    """Whether player `p`'s strength in battle counts a 2 of its as 10 (then it says so)."""
    fighting = _battle_cards(obs, p)
    return fighting is not None and _cavalry_fights(obs, fighting[0]) \
        and any(c[:-1] == "2" for c in fighting[1])


def _in_battle(obs: dict[str, Any], p: int) -> int | None:
    """The strength player `p`'s battalion fights with (its cards still in the battle, a
    Cavalry's 2s as 10 where they count so), or None when it is in no battle. The header's
    "on the table" counts the cards on the table only, and a battalion's cards leave the
    table while it fights (0 for an army all of whose cards were fighting). Once the
    battle is over (the Medic's question) the survivors are back on the table."""
    fighting = _battle_cards(obs, p)
    if fighting is None:
        return None
    side, cards = fighting
    jack = _cavalry_fights(obs, side)
    return sum(10 if jack and c[:-1] == "2" else int(c[:-1]) for c in cards)


def _battle_lines(obs: dict[str, Any], you: int | None, short: int) -> list[str]:
    """The battle: its sides ordering their cards, then its flips (FLIPS: run on), then the
    cards still to flip and the reader's order (PACKED: run on). Once it is over (the
    Medic's question) its flips alone: nothing is still to flip."""
    b = obs["battle"]
    att, dfn = b["attacker"], b["defender"]
    over = obs["phase"] == "medic"
    verb = "attacked" if over else "attack" if att == you else "attacks"
    lines = [f"Battle{' over' if over else ''}: {_who(att, you)} {verb} with "
             f"{b['commanders'][0]} against {_whose(dfn, you)} {b['commanders'][1]}"]
    ten = [_cavalry_fights(obs, side) for side in (0, 1)]

    def pair(a: str, d: str) -> str:
        return f"{_as_played(a, ten[0])} vs {_as_played(d, ten[1])}"
    ordering, after = [], []
    if "cards" in b:
        for p in (att, dfn):
            state = "ordered" if b["ordered"][p] else "ordering"
            ordering.append(f"{_who(p, you)}: {_cards(b['cards'][p])} ({state})")
    won = [(pair(f["attacker_card"], f["defender_card"]), f"{_who(f['winner'], you)} "
            f"{'win' if f['winner'] == you else 'wins'}{' by Roshambo' if f['roshambo'] else ''}")
           for f in b["flips"]]
    flips = [f"flip {i}: {cards} -> {winner}" for i, (cards, winner) in enumerate(won, 1)]
    if short >= FLIPS and won:  # run on, in the order flipped
        flips = ["flips: " + "; ".join(f"{cards}, {winner}" for cards, winner in won)]
    if "attacker_left" in b and not over:
        after.append(_still_to_flip(b, 0, you))
        after.append(f"{_still_to_flip(b, 1, you)}; survivors "
                     f"{_cards(b['defender_survivors'])}")
        if b.get("pair"):
            after.append(f"tied pair: {pair(*b['pair'])}")
    if b.get("your_order") and "attacker_left" not in b:  # flipping: the line above has it
        after.append(f"your order (top first): {_cards(b['your_order'])}")
    if b.get("your_hand"):
        after.append(f"still to order: {_cards(b['your_hand'])}")
    if short < PACKED:
        return lines + [fit(f"  {line}") for line in ordering + flips + after]
    return lines + [fit("  " + "; ".join(part)) for part in (ordering, flips, after) if part]


def _still_to_flip(b: dict[str, Any], side: int, you: int | None) -> str:
    """A side's cards still to flip (0 the attacker, 1 the defender), as `you` may know them:
    in their order, top first, to the player who set it (its own cards listed by rank read
    as the coming order); by rank and "(order secret)" to anyone else, from whom the order is
    hidden; a defender's recycled cards in their original order, which everyone has seen."""
    role = ("attacker", "defender")[side]
    left = b[f"{role}_left"]
    if side == 1 and b.get("defender_next") is not None:
        return f"{role} still to flip: {_cards(b['defender_next'])} (recycled, in this order)"
    if not left:
        return f"{role} still to flip: -"
    if you is not None and you == b[role] and b.get("your_order"):
        coming = set(left)
        return (f"{role} still to flip, top first: "
                f"{_cards([c for c in b['your_order'] if c in coming])}")
    secret = " (order secret)" if len(left) > 1 else ""  # one card has no order to keep
    return f"{role} still to flip: {_cards(left)}{secret}"


def _as_played(card: str, cavalry: bool) -> str:
    """A flipped card, and what a 2 counted when its battalion's Jack made it 10 (the Jack's
    Cavalry): "2S (10 under the Jack)". `cavalry`: its battalion counts its 2s so. "Flip: 2S
    vs 5C - player 1 wins" read as a mistake (audit, stop 66)."""
    return f"{card} (10 under the Jack)" if cavalry and card[:-1] == "2" else card


def describe_event(e: dict[str, Any]) -> str:
    kind = e["event"]
    p = e.get("player")
    text = _DESCRIBE.get(kind)
    return text(e, p) if text else str(e)


def _roshambo(e: dict[str, Any], p: Any) -> str:
    what = PURPOSES.get(e["purpose"], "")
    if e["throws"] is None:
        return f"Roshambo {what}: player {e['winner']} wins (decided at random)"
    throws = f"{e['throws'][0]} vs {e['throws'][1]}"
    if e["winner"] is None:
        return f"Roshambo {what}: {throws}, a draw - again"
    return f"Roshambo {what}: {throws}, player {e['winner']} wins"


def _flip(e: dict[str, Any], p: Any) -> str:
    how = " by Roshambo" if e["roshambo"] else ""
    recycled = " (recycled)" if e["pass"] > 1 else ""
    a, d = e["attacker_card"], e["defender_card"]
    ten_a, ten_d = (value == 10 for value in e["values"])
    return (f"Flip: {_as_played(a, ten_a)} vs {_as_played(d, ten_d)}{recycled} - "
            f"player {e['winner']} wins{how}")


def _tie(e: dict[str, Any], p: Any) -> str:
    ten = e["value"] == 10  # the pair's value: a 2 in it counted 10
    return (f"Tie: {_as_played(e['attacker_card'], ten)} vs "
            f"{_as_played(e['defender_card'], ten)} - Roshambo")


def _game_over(e: dict[str, Any], p: Any) -> str:
    return _over_text(e["winners"], e["reason"])


def _winner_text(winners: list[int], reason: str, you: int | None) -> str:
    """The table's last line once the game is over: "Winner: player 1 - your army
    destroyed", as the other games' tables say it. Not the log's "Game over: ..." line again
    (`_over_text`): at the end of `warroom play` the table comes right after the closing
    events, and the game's end read twice, word for word."""
    if not winners:
        return f"Winner: nobody (draw) - {reason}"
    if reason == "army destroyed" and len(winners) == 1:
        reason = f"{_whose(1 - winners[0], you)} army destroyed"
    return f"Winner{'s' if len(winners) > 1 else ''}: " \
        f"{' and '.join(_who(w, you) for w in winners)} - {reason}"


def _over_text(winners: list[int], reason: str) -> str:
    """"Game over: player 0 wins - player 1's army destroyed" ("player 0 - army destroyed"
    left a reader to guess whose army it was)."""
    if not winners:
        return f"Game over: a draw - {reason}"
    if reason == "army destroyed" and len(winners) == 1:
        reason = f"player {1 - winners[0]}'s army destroyed"
    return f"Game over: player {winners[0]} wins - {reason}" if len(winners) == 1 else \
        f"Game over: players {', '.join(map(str, winners))} win - {reason}"


_DESCRIBE = {
    "threw": lambda e, p: f"Player {p} has thrown",
    "roshambo": _roshambo,
    "redeal": lambda e, p: "No face card for a player: the cards are dealt again",
    "deal": lambda e, p: (f"Player {e['dealer']} deals. Face cards: player 0 "
                          f"{_cards(e['faces'][0])}; player 1 {_cards(e['faces'][1])}"),
    "distributed": lambda e, p: f"Player {p} has distributed the reinforcements",
    "reveal": lambda e, p: "Both reveal: " + "; ".join(
        f"player {i} " + ", ".join(f"{c}: {_cards(cs)}" for c, cs in t)
        for i, t in enumerate(e["tables"])),
    "first": lambda e, p: f"Player {p} plays first (face cards {e['faces'][0]} - {e['faces'][1]})",
    "turn": lambda e, p: f"--- Turn {e['turn']}: player {p} ---",
    "no_fortify": lambda e, p: "The Reserve Pile is empty: no fortify",
    "draw": lambda e, p: f"Player {p} draws {e['card']}",
    "lay_down": lambda e, p: f"Player {p} draws the face card {e['card']} and lays it down",
    "place": lambda e, p: f"Player {p} puts {e['card']} on {e['commander']}",
    "turn_in": lambda e, p: f"Player {p} turns in {e['commander']}",
    "general": lambda e, p: f"Player {p} uses the General",
    "general_move": lambda e, p: (f"General: player {p} moves {e['card']} from {e['source']}"
                                  f" to {e['commander']}"),
    "spy": lambda e, p: f"Player {p} uses the Spy",
    "spy_swap": lambda e, p: (f"Spy: {e['cards'][0]} ({e['commanders'][0]}) and {e['cards'][1]}"
                              f" ({e['commanders'][1]}) change places"),
    "fortify_again": lambda e, p: f"Player {p} fortifies again",
    "end_turn": lambda e, p: f"Player {p} ends the turn",
    "attack": lambda e, p: (f"Player {p} attacks with {e['commander']} "
                            f"({_cards(e['cards'][p])}) against {e['target']} "
                            f"({_cards(e['cards'][1 - p])})"),
    "ordered": lambda e, p: f"Player {p} has ordered the battalion",
    "tie": _tie,
    "flip": _flip,
    "stop": lambda e, p: f"Player {p} stops the battle",
    "battle_end": lambda e, p: (f"Battle over: the attacker keeps {_kept(e['survivors'][0])},"
                                f" the defender keeps {_kept(e['survivors'][1])}"),
    "revive": lambda e, p: f"Medic: player {p} revives {e['card']} on {e['commander']}",
    "decline": lambda e, p: (f"Medic: player {p} declines to revive {e['card']} on "
                             f"{e['commander']}"),
    "game_over": _game_over,
}
