"""Text view of a Viktory II battle observation, and one line per log event."""

from __future__ import annotations

import re
from typing import Any

from ...engine.data import (
    counted,
    first_few,
    first_fitting,
    fit,
    menu_room,
    panel_lines,
    view_width,
)
from ..viktory_battles.cards import EVENT_EFFECTS, effect_of
from ..viktory_battles.render import (
    battle_progress,
    battle_prompt,
    card_texts,
    counters_answering,
    describe_battle_event,
    draw_prompt,
)
from ..viktory_battles.units import units_text

SIDE_NAMES = ("attacker", "defender")


def _units(units: list[int] | tuple[int, ...]) -> str:
    """Units as this game writes them: '2 frigates' (`units_text`)."""
    return units_text(units, plural=True)


def _who(p: int, you: int | None) -> str:
    return "You" if p == you else f"The {SIDE_NAMES[p]}"


# After the battle, in card modes: the decisions of the cards (`prompt`, `_card_prompt`).
CARD_PROMPTS = {
    "lose_card": "After the battle: discard a card, as you lost the {settlement} (losing a "
                 "town or city loses a card).",
    "discard": "After the battle: your hand of {hand} is over its max of {max} (your towns "
               "and cities): discard a card.",
}

# What a player not to move waits for after the battle, in card modes.
CARD_STEPS = {
    "lose_card": "discard a card for the {settlement} it lost",
    "discard": "discard down to its max hand size",
    "draw": "draw its cards at the end of its turn",
}


def prompt(obs: dict[str, Any], player: int | None) -> str:
    """The question `player` must answer now; "" when it has none."""
    if player is None or player not in obs["to_move"]:  # the cards' steps follow the result
        return ""
    decision = obs["decision"]
    if decision in CARD_PROMPTS or decision == "draw":
        return _card_prompt(obs, player)
    if decision == "overwatch" and obs["mode"] != "cards":
        return DICE_OVERWATCH
    return battle_prompt(decision, obs, player)


# One battle fought with dice has one launch: no later wave for Overwatch held back (the map
# game's "hold it back" waits for a later move that turn; cards mode for a later wave).
DICE_OVERWATCH = ("Fire your artillery's Overwatch at the units moving in now, or hold it back: "
                  "with dice this battle has no later wave, so held back it does not fire.")


def _overwatch_held(obs: dict[str, Any]) -> bool:
    """The defender held its Overwatch back at the launch (the log says so)."""
    return any(e.get("event") == "overwatch_held" for e in obs["log"])


def _card_prompt(obs: dict[str, Any], player: int) -> str:
    """A card step after the battle, with its numbers. The draw is the end of the
    attacker's turn, asked as the map game asks it (`draw_prompt`)."""
    decision = obs["decision"]
    hand, most = obs["hand_sizes"][player], obs["max_hand"][player]
    if decision != "draw":
        return CARD_PROMPTS[decision].format(settlement=obs["settlement"], hand=hand, max=most)
    return draw_prompt(obs["draw"], hand, most, obs["cities"][player])


# The prompt and its line of help: lines of the panel (`panel_lines`) the table leaves them.
PROMPT_LINES = 2
# The ways to write the cards: whole with what the special texts of the cards in sight do,
# whole, cards by name, the hand by id, and that without the discards' line.
SHORTER = 5
TEXTS, WHOLE, BY_NAME, BY_ID, NO_PILE = range(SHORTER)


def render(obs: dict[str, Any], player: int | None) -> str:
    """The battle, written shorter (the cards first) until it leaves the choices of its
    reader's decision room on an 80x24 terminal: a hand of 7 with the choices to play each
    took 31 lines."""
    return first_fitting(lambda short: _render(obs, short), SHORTER, _room(obs))


def _room(obs: dict[str, Any]) -> int:
    """The lines the view may take: its reader's choices take as many as the terminal
    counts (`menu_room`), else as the view tells them (`_menu_lines`)."""
    you = obs.get("you")
    if you is None or you not in obs["to_move"]:
        return panel_lines() - PROMPT_LINES
    return panel_lines() - PROMPT_LINES - menu_room(lambda: _menu_lines(obs))


def _menu_lines(obs: dict[str, Any]) -> int:
    """A decision's choices, a line each: about one a card of the hand (a card to play, to
    discard, to lose; two more to pass or to use an event), else few."""
    hand = len(obs.get("hand") or ())
    # a wave: each card that attacks, each Special Event for its event too, and calling off
    events = sum(effect_of(c["desc"]) in EVENT_EFFECTS for c in obs.get("hand") or ())
    choices = {"play": hand + 2, "discard": hand, "lose_card": hand,
               "wave": hand + events + 1}.get(obs["decision"] or "", 6)
    if obs["decision"] == "draw":  # draw 0 to the limit, or discard a card to draw anew
        draw = obs["draw"]
        choices = draw["up_to"] + 1 + (hand if draw["replace"] else 0)
    return choices


def _render(obs: dict[str, Any], short: int) -> str:
    you = obs.get("you")
    place = obs["terrain"] + ("" if obs["settlement"] == "none" else f" {obs['settlement']}")
    # the rule options that act in this battle: none of them in a naval one (frigates alone)
    extras = [] if obs["terrain"] == "water" else [
        x for x, on in (("naval support", obs["naval_support"]),
                        ("artillery characteristics", obs["artillery_characteristics"]),
                        ("overwatch", obs["overwatch"])) if on]
    lines = [fit(
        f"{obs['scenario'] or 'Battle'} - {obs['mode']} - {place}"
        + (f" ({', '.join(extras)})" if extras else "")
        + f" - {battle_progress(obs['round'], obs['wave'], obs['mode'] == 'cards')}", " - ")]
    roles = {0: "attacker", 1: "defender"}
    if you in roles:
        lines.append(f"You are the {roles[you]}.")
    # Combat supply is a dice rule (README): with the cards alone it plays no part.
    supply = ["" if obs["mode"] == "cards" else " (in supply)" if s else " (no supply)"
              for s in obs["supply"]]
    lines.append(f"Defender{supply[1]}: {_units(obs['defender'])}"
                 f"   dice: {obs['dice'][1]}   lost: {obs['lost'][1]}")
    if any(obs["defender_reserve"]):
        lines.append(f"  reserve in adjacent hexes: {_units(obs['defender_reserve'])}")
    if obs["overwatch"] and obs["defender"][2]:
        if obs["mode"] != "cards" and _overwatch_held(obs):
            lines.append("  Overwatch held back: with dice there is no later wave to fire at")
        else:
            lines.append(f"  artillery able to fire Overwatch: {obs['overwatch_ready']}"
                         + (" (Secrecy: not at this wave)" if obs["secrecy"] else ""))
    sides = "; ".join(f"side {i}: {_units(s)}" + (" (from a frigate)" if src == "frigate"
                                                      else "")
                      for i, (s, src) in enumerate(zip(obs["attacker"][1:], obs["sources"]), 1))
    lines.append(f"Attacker{supply[0]}: {sides}   dice: {obs['dice'][0]}"
                 f"   lost: {obs['lost'][0]}")
    if any(obs["attacker"][0]):
        lines.append(f"  bombarding from adjacent hexes: {_units(obs['attacker'][0])}")
    reserves = [f"side {i}: {_units(r)}" for i, r in enumerate(obs["reserves"], 1) if any(r)]
    if reserves:
        lines.append(f"  reserve in the source hexes: {'; '.join(reserves)}")
    if obs["mode"] != "dice":
        lines += _render_cards(obs, you, short)
    c = obs.get("casualties")
    if c:
        units = counted(c["count"], f"{SIDE_NAMES[c['victim']]} unit")
        lines.append(fit(f"Casualties to choose: {units}"
                         f" ({c['cause']}), chosen by {_who(c['chooser'], you).lower()}", ", "))
    if obs["result"]:
        winners = obs["result"]["winners"]
        who = " and ".join(SIDE_NAMES[w] for w in winners) or "nobody"
        if obs["to_move"]:  # the cards' steps after the battle, the game's last
            lines += _after_battle(obs, who, you)
        else:  # "Winner", as Battle's table says it: `play` ends on its own "Result:" line
            lines.append(f"Winner: {who} - {obs['result']['reason']}")
    return "\n".join(fit(line) for line in lines)  # any line still too long


def _after_battle(obs: dict[str, Any], who: str, you: int | None) -> list[str]:
    """The battle is over but a card step remains (a "Winner:" line above it read as the
    game's end): the battle's result, and the decision (the reader's prompt, or whom the
    game waits for). The one battle is the whole game: its result is the game's, and the
    card steps end it (not "the game goes on", which read as more battle to come)."""
    result = f"Battle over: {who} {'win' if ' and ' in who else 'wins'} - " \
             f"{obs['result']['reason']}; the game ends after the card steps"
    mover = obs["to_move"][0]
    if mover == you:
        return [fit(result), fit(f"Decision for you: {prompt(obs, you)}", " ")]
    step = CARD_STEPS.get(obs["decision"] or "", "take its card step").format(
        settlement=obs["settlement"])
    return [fit(result), fit(f"Waiting for the {SIDE_NAMES[mover]} to {step}.", " ")]


def _card(card: str, desc: str, short: int, tag: str = "") -> str:
    """A card as the view writes it: "C01 Flank Counter 0H/1M plains", shorter its name
    alone ("C01 Flank Counter": the choices that use a card give it whole); with `tag`, its
    type where its name does not say it ("X03 Skirmish 1H/1M forest (Attack/Flank
    Counter)": `Card.seen`)."""
    text = f"{card} {desc}" if short < BY_NAME else f"{card} {CARD_FIGURES.sub('', desc)}"
    return f"{text} ({tag})" if tag else text


CARD_FIGURES = re.compile(r" \d+H/\d+M \w+")  # hits, misses and terrain, after the name


def _render_cards(obs: dict[str, Any], you: int | None, short: int = 0) -> list[str]:
    lines = [f"Cards: deck {obs['deck_left']}, discards {len(obs['discard'])}; hands "
             f"attacker {obs['hand_sizes'][0]} (max {obs['max_hand'][0]}), defender "
             f"{obs['hand_sizes'][1]} (max {obs['max_hand'][1]})"]
    lines += _discards(obs["discard"], short)
    if obs["plays"]:
        lines.append(fit("Cards this round: " + " | ".join(
            f"{SIDE_NAMES[p['player']]}: {_card(p['card'], p['desc'], short)} ({p['use']})"
            for p in obs["plays"]), " | "))
    if obs["events"]:
        lines.append(fit("In effect: " + ", ".join(f"{e} ({SIDE_NAMES[p]})"
                                                   for e, p in obs["events"]), ", "))
    if obs["decision"] == "play":
        sel = " selective" if obs["pending_selective"] else ""
        lines.append(f"Live hits against {_who(obs['to_move'][0], you).lower()}: "
                     f"{obs['pending']}{sel}; {counters_answering(obs['respond_to'])}")
    if obs.get("hand") is not None:
        hand = ", ".join(c["id"] if short >= BY_ID else _card(c["id"], c["desc"], short,
                                                              c.get("tag", ""))
                         for c in obs["hand"]) or "empty"
        lines.append(fit(f"Your hand: {hand}", ", "))
    texts = card_texts([*(obs.get("hand") or ()), *obs["plays"]]) if short == TEXTS else ""
    if texts:
        lines.append(fit(texts, "; "))
    return lines


DISCARDS = "Discards, newest first: "


def _discards(pile: list[str], short: int) -> list[str]:
    """The discard pile, which is face up, by card id, newest first: who is asked to play
    depends on the cards face up there (a player is asked while it may hold a card as far as
    the other side can tell). Whole, or written shorter (`BY_NAME` on) what fits one line and
    how many more; the shortest way (`NO_PILE`) leaves the line to the choices' room."""
    if not pile or short == NO_PILE:
        return []
    newest = pile[::-1]
    if short < BY_NAME:
        return [fit(DISCARDS + ", ".join(newest), ", ")]
    shown = len(newest)
    while shown > 1 and len(DISCARDS + first_few(newest, shown)) > view_width():
        shown -= 1
    return [DISCARDS + first_few(newest, shown)]


def describe_event(e: dict[str, Any]) -> str:
    kind = e["event"]
    if kind == "battle":
        # "in a plains town", "in a water hex": the terrain names no place by itself
        place = f"{e['terrain']} {'hex' if e['settlement'] == 'none' else e['settlement']}"
        held = [_units(r) for r in e.get("reserves", []) if any(r)]
        extra = f" (in reserve: {'; '.join(held)})" if held else ""
        return (f"Battle ({e['mode']}) in a {place}: defender {_units(e['defender'])} vs "
                f"attacker " + "; ".join(_units(s) for s in e["sides"]) + extra)
    if kind == "result":
        who = " and ".join(SIDE_NAMES[w] for w in e["winners"]) or "nobody"
        return f"Battle over: {who} wins - {e['reason']} (lost: attacker {e['lost'][0]}, " \
               f"defender {e['lost'][1]})"
    if kind == "capture":
        return f"The attacker takes the {e['settlement']}"
    if kind == "discard":
        side = SIDE_NAMES[e["player"]].capitalize()
        return f"{side} discards {e['card']} {e['desc']} ({e['why']})"
    line = describe_battle_event(e, lambda p: SIDE_NAMES[p].capitalize())
    return line if line is not None else str(e)
