"""Text view of a Kings of War Battle Deck observation."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.data import TEXT_WIDTH, counted, fit, winner_line
from .actions import SUIT_SYMBOLS

COLOURS = ("red", "white", "blue")


def card_text(card: str | None) -> str:
    if card is None:
        return "--"
    return card[:-1] + SUIT_SYMBOLS[card[-1]]


def _dice(d: dict[str, int] | str | None) -> str:
    if d is None:
        return "not chosen"
    if d == "hidden":
        return "chosen (hidden)"
    return ", ".join(f"{n} {c}" for c, n in d.items() if n) or "none"


def _fist(obs: dict[str, Any], p: int) -> str:
    """A player's choice of dice as its row shows it, in the pool's own notation, with the
    dice it did not use once they are back in its pool (its pool counts them again: without
    it, a die showed twice), and "no dice" for the player left out of a final turn."""
    d = obs["chosen"][p]
    if d is None:
        return "no dice" if obs["final_turn"] and not any(obs["pools"][p].values()) \
            else "not chosen"
    if d == "hidden":
        return "chosen (hidden)"
    text = "chosen: " + " ".join(f"{c[0].upper()}{d.get(c, 0)}" for c in COLOURS)
    back = _back(obs["log"], p)
    if any(back):
        text += " (" + " ".join(f"{c[0].upper()}{n}" for c, n in zip(COLOURS, back) if n) \
            + " back)"
    return text


def _back(log: list[dict[str, Any]], p: int) -> list[int]:
    """The dice, red, white and blue, that player p put back into its pool unused this turn
    (its `dice_back` event since the turn's deal)."""
    for e in reversed(log):
        if e["event"] == "deal":
            break
        if e["event"] == "dice_back" and e["player"] == p:
            return list(e["dice"])
    return [0, 0, 0]


def _turn_mark(obs: dict[str, Any]) -> str:
    """The header's word for a round's last turn: "(final)", the rules' final turn (one
    player has dice), or "(last)", the turn dealt from the Battle Deck's last
    cards (the round ends after it: "If the Battle Deck has no cards remaining, the Round
    ends")."""
    if obs["final_turn"]:
        return " (final)"
    if obs["deck_left"] == 0 and "outcome" not in obs:
        return " (last)"
    return ""


# The table's lines at a choice of dice: 24 less the panel's frame, the 15 rows of choices,
# the first prompt's line of help and the prompt.
CHOOSING_LINES = 5


def render(obs: dict[str, Any], player: int | None) -> str:
    """The table in four lines when it can: at a choice of dice, 29 choices are listed under
    it in two columns of 15, and the panel, the choices and the prompt must fit a terminal
    of 24 lines."""
    you = obs.get("you")

    def name(p: int) -> str:
        return "You" if p == you else f"Player {p}"
    lines = [
        fit(f"Round {obs['round']}, turn {obs['turn']}" + _turn_mark(obs)
            + f"  Victories: {obs['victories'][0]} - {obs['victories'][1]}"
            + f" ({obs['victories_to_win']} to win)"
            + f"  Battle Deck: {obs['deck_left']} cards", "  "),
    ]
    # A game over has no dice to choose, nor a table to take cards from: "not chosen" under
    # the result read as a choice still owed (the browser's table leaves them out too).
    over = "outcome" in obs
    if not over or obs["table"]:
        lines.append("Table (next to the deck first): "
                     + "  ".join(card_text(c) for c in obs["table"]))
    for p in (0, 1):
        pool = obs["pools"][p]
        won = " ".join(card_text(c) for c in obs["won"][p])
        fist = "" if over else f"  {_fist(obs, p)}"
        row = (f"{name(p):>8} [{obs['colours'][p].upper():5}] pool R{pool['red']} "
               f"W{pool['white']} B{pool['blue']}{fist}")
        score = f"score {obs['scores'][p]}" + (f": {won}" if won else "")  # cards defeated
        # too long, the score goes on under it, in the column of the colours (after the
        # name's 8 characters, a space and "[")
        lines.append(f"{row}  {score}" if len(row) + 2 + len(score) <= TEXT_WIDTH
                     else f"{row}\n{fit(' ' * 10 + score, ' ')}")
    last = _last_turn(obs, name)
    if last and "\n".join(lines).count("\n") + 1 < CHOOSING_LINES:  # when it has its line
        lines.append(last)
    if obs["rolled"]:
        rolled = "  ".join(
            f"#{i + 1} {d['colour']}:{d['swords']}" + ("*" if d["used"] else "")
            for i, d in enumerate(obs["rolled"])
        )
        lines.append(fit(f"{name(obs['active'])} rolled: {rolled}   (* = used)", "  "))
    if "outcome" in obs:
        lines.append(winner_line(obs["outcome"], you))
    return "\n".join(fit(line) for line in lines)  # any line still too long


def _last_turn(obs: dict[str, Any], name: Callable[[int], str]) -> str:
    """At a choice of dice, what each player rolled and defeated in the turn before, and, at
    a round's first, how the round before ended: the log says it above the panel, but the
    panel and the 29 choices under it push it off a 24-line terminal (and the scores are
    back to 0). "" at other steps, and before any turn was played."""
    if obs["phase"] != "choose":
        return ""
    log = obs["log"]
    deals = [i for i, e in enumerate(log) if e["event"] == "deal"]
    if len(deals) < 2:
        return ""
    said: dict[int, list[str]] = {}
    ended: dict[str, Any] | None = None
    for e in log[deals[-2] + 1:deals[-1]]:
        if e["event"] == "roll":
            said[e["player"]] = ["rolled " + " ".join(str(s) for _, s in e["dice"])]
        elif e["event"] == "defeat" and e["player"] in said:
            said[e["player"]].append(card_text(e["card"]))
        elif e["event"] == "round_end":
            ended = e
    whole = "; ".join(f"{name(p)} {roll}" + (f" and defeated {' '.join(won)}" if won else "")
                      for p, (roll, *won) in said.items())
    short = "; ".join(  # the cards won, without the dice
        f"{name(p)} defeated {' '.join(won) or 'nothing'}" for p, (_, *won) in said.items())
    if ended is None:
        tries = [f"Last turn: {whole}", f"Last turn: {short}"] if said else []
    else:
        over = _round_over(ended, name)
        tries = [f"{over}; last turn: {whole}", f"{over}; last turn: {short}"] if said else []
        tries.append(over)
    return next((line for line in tries if len(line) <= TEXT_WIDTH), tries[-1] if tries else "")


def _round_over(e: dict[str, Any], name: Callable[[int], str]) -> str:
    """How a round ended, in a few words: "Round 1 to Player 1 (higher score), 0-11"."""
    scores = f"{e['scores'][0]}-{e['scores'][1]}"
    if e["winner"] is None:
        return f"Round {e['round']} drawn, {scores}, cards {e['cards'][0]}-{e['cards'][1]}"
    winner = name(e["winner"])
    return f"Round {e['round']} to {'you' if winner == 'You' else winner} ({e['why']}), {scores}"


def help_notes(obs: dict[str, Any], player: int | None) -> str:
    """What the terminal's help (`?`) adds to the rules summary (`Game.help_notes`): how to
    read the table's notation, from the view alone (nothing it hides)."""
    seat = f" (you are player {player})" if player is not None else ""
    return "\n".join([
        "How to read the table",
        "- 'Table (next to the deck first): -- A♣ A♦': this turn's cards, the first dealt next "
        "to the Battle Deck; '--' marks a place whose card was defeated. A card's number is "
        "the swords it takes (A is 1).",
        "- '[RED  ]' or '[BLACK]': a player's colour (from the colour card): on equal dice, "
        "the player of the colour of the card next to the deck has the initiative.",
        "- 'pool R4 W3 B2': the dice left in a player's pool this round: red, white, blue. "
        "'chosen: R2 W1 B1': the dice in its fist this turn (out of its pool); 'chosen "
        "(hidden)': chosen in secret, shown when both have chosen (its pool counts them until "
        "then); '(B1 back)': the dice it did not use, back in its pool.",
        "- 'rolled: #1 red:2  #2 white:0*': the dice rolled, numbered, each with its colour "
        "and swords; '*' marks a die used: it defeated a card and is spent for the round. The "
        "choices and the log name the dice by these numbers.",
        "- 'score 7: 3♦ 4♥': the cards a player defeated this round and their total. The "
        "higher total wins the round; on equal totals, 'fewer cards': the player who "
        "defeated fewer cards wins it.",
        "- 'Last turn': what each player rolled (the swords) and defeated in the turn before. "
        "'(final)': the final turn, played by the one player with dice left; '(last)': "
        "the turn dealt from the Battle Deck's last cards; the round ends after "
        "either. Players are numbered from 0: player 0 and player "
        f"1{seat}.",
    ])


def prompt(obs: dict[str, Any], player: int | None) -> str:
    """The question `player` must answer now; "" when it has none."""
    if player is None or player not in obs["to_move"] or obs["phase"] == "over":
        return ""
    if obs["phase"] == "choose" and obs["final_turn"]:
        return ("The final turn, yours alone (the other player has no dice): choose how many "
                "red, white and blue dice of your pool to roll.")
    if obs["phase"] == "choose":
        return ("Choose in secret how many red, white and blue dice of your pool to hold in "
                "your fist (they are rolled when both have chosen).")
    if any(d["used"] for d in obs["rolled"]):
        return ("Defeat another card on the table with your unused rolled dice, or stop (the "
                "card you defeated is yours).")
    return "Defeat a card on the table: allocate rolled dice whose swords reach its value."


def _with(dice: list[int] | None) -> str:
    """The dice that defeated a card, by their number in the roll (the roll's line above
    numbers them; the event holds their places in the roll, from 0, not their swords)."""
    if not dice:
        return ""
    return f" with {'die' if len(dice) == 1 else 'dice'} " + " + ".join(f"#{i + 1}" for i in dice)


def describe_event(e: dict[str, Any]) -> str:
    kind = e["event"]
    if kind == "colours":
        return f"Colour card {card_text(e['card'])}: player 0 is {e['colours'][0].upper()}, " \
               f"player 1 is {e['colours'][1].upper()}"
    if kind == "round":
        return f"--- Round {e['round']} ---"
    if kind == "deal":
        final = " (final turn)" if e["final"] else ""
        return f"Turn {e['turn']}{final}: dealt " + " ".join(card_text(c) for c in e["cards"])
    if kind == "chose":
        return f"Player {e['player']} chose dice"
    if kind == "chose_dice":
        return f"(you chose {_dice(e['dice'])})"
    if kind == "reveal":
        if len(e["chosen"]) == 1:  # a final turn: one player has dice, nobody to reveal to
            (p, d), = e["chosen"].items()
            return f"Final turn: player {p} holds {_dice(d)}, the only player with dice"
        shown = "; ".join(f"player {p}: {_dice(d)}" for p, d in e["chosen"].items())
        return f"Reveal - {shown}. Player {e['initiative']} has the initiative"
    if kind == "roll":  # numbered as the table and the choices number the dice
        dice = ", ".join(f"#{i} {c}:{s}" for i, (c, s) in enumerate(e["dice"], 1))
        return f"Player {e['player']} rolls {dice}"
    if kind == "defeat":
        return f"Player {e['player']} defeats {card_text(e['card'])}{_with(e.get('dice'))}"
    if kind == "stop":
        return f"Player {e['player']} stops"
    if kind == "dice_back":
        n = sum(e["dice"])
        which = ", ".join(f"{k} {c}" for c, k in zip(COLOURS, e["dice"]) if k)
        return f"Player {e['player']}: {counted(n, 'unused die', 'unused dice')} back to the " \
               f"pool ({which})" if n else ""
    if kind == "discard":
        return "Discarded: " + " ".join(card_text(c) for c in e["cards"])
    if kind == "round_end":
        # a draw's reason is "draw": said once, with what made it one
        who = ("a draw (equal scores and cards)" if e["winner"] is None
               else f"player {e['winner']} wins the round ({e['why']})")
        return f"Round {e['round']} over: scores {e['scores'][0]}-{e['scores'][1]}, {who}"
    if kind == "game_over":
        limit = (f" at the round limit ({counted(e['round_limit'], 'round', 'rounds')})"
                 if "round_limit" in e else "")
        return f"Game over{limit}: Victories {e['victories'][0]}-{e['victories'][1]}"
    return str(e)
