"""One line of text for each event a battle logs, in both games. `who(seat)` names a player
as the game does ("The attacker", "Player 2")."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from .cards import RESPONSES
from .units import UNITS, count, with_article

USES = {"attack": "as an Attack", "event": "for its Special Event", "text": "for its text"}


def battle_progress(round_: int, wave: int, cards: bool) -> str:
    """How far a battle is, for a header: the dice round, or with cards the attack wave, in
    the text's words ("a second wave attack"). Each wave is one card battle round, cards
    mode's round count: "round 1, wave 2" named one thing twice, with two numbers. Dice
    rounds count those fought: "round 0" (none yet) read as a round numbered 0."""
    if not cards:
        return f"round {round_}" if round_ else "before the first round"
    return f"attack wave {wave}" if wave else "no attack wave launched"


def describe_battle_event(e: dict[str, Any], who: Callable[[int], str]) -> str | None:
    """The event's line, or None if it is not a battle event."""
    kind = e["event"]
    side = who(e["player"]) if "player" in e else ""
    if kind == "round":
        return f"--- Battle round {e['round']} ---"
    if kind == "wave":
        return f"--- Attack wave {e['wave']} ---"
    if kind == "roll":
        return (f"{side} rolls {e['cause']}: {' '.join(map(str, e['dice']))} -> "
                f"{count(e['hits'], 'hit')}, {e['selective']} selective")
    if kind == "flip":
        cards = ", ".join(e["descs"]) or "no card left"
        return (f"{side} flips for {e['cause']}: {cards} -> {count(e['hits'], 'hit')}, "
                f"{e['selective']} selective")
    if kind == "suppress":
        return f"Suppression: the defender rolls {count(e['dice'], 'die', 'dice')} fewer"
    if kind == "casualty":
        if e.get("moving"):  # Overwatch on its own, at a unit moving next to the artillery
            return f"Lost: the moving {UNITS[e['unit']]} to {e['cause']}"
        owner = "attacking" if e["attacker"] else "defending"
        where = ""
        if e["attacker"]:
            where = f" (hex side {e['side']})" if e["side"] else " (bombarding)"
        return f"Lost: {owner} {UNITS[e['unit']]}{where} to {e['cause']}"
    if kind == "retreat":
        return "The attacker must withdraw (round limit)" if e["forced"] else \
            "The attacker retreats to the hexes it entered from"
    if kind == "secrecy":
        return "Secrecy: no Overwatch against this wave"
    if kind == "bring":
        unit = with_article(UNITS[e["unit"]])
        return f"The attacker brings {unit} from its reserve to hex side {e['side']}"
    if kind == "drawn_in":
        where = f"hex side {e['side']}" if e["attacker"] else "the battle hex"
        return f"{side} draws {with_article(UNITS[e['unit']])} from its reserve into {where}"
    if kind == "overwatch_held":
        return f"{side} holds Overwatch back ({e['artillery']} artillery)"
    if kind == "window":
        return f"--- Card window before dice round {e['round']} ---"
    if kind == "window_pass":
        return f"{side} plays no card"
    if kind == "draw":
        why = f" ({e['why']})" if "why" in e else ""
        return f"{side} draws {count(e['count'], 'card')}{why}"
    if kind == "drew":  # to the drawer alone, after the public count
        return f"{side} gets " + ", ".join(f"{c} {d}" for c, d in zip(e["cards"], e["descs"]))
    if kind == "reshuffle":
        return f"The discards are shuffled into a new deck ({e['cards']} cards)"
    if kind == "play":
        use = (f"as a Counter facing {count(e['facing'], 'hit')}" if e["use"] == "counter"
               else USES[e["use"]])
        return f"{side} plays {e['card']} {e['desc']} {use}"
    if kind == "cancelled":
        return f"Reversal of Fortune cancels {', '.join(e['effects'])}"
    if kind == "pass":
        return f"{side} passes, taking {count(e['hits'], 'hit')}; the card battle round ends"
    if kind == "pull_back":
        frig = " (some onto their frigate)" if "frigate" in e["sources"] else ""
        return f"The attacking units pull back to their source hexes{frig}"
    if kind == "stand_ground":
        if e.get("forced"):
            return "The attacker has no card it could attack with: it stands its ground"
        if e.get("wave") == 1:  # before any Attack card was played
            return "The attacker calls off the attack"
        return "The attacker calls off the attack: its units stand their ground (no new wave)"
    if kind == "move_in":
        return "The attacker moves into the empty town/city without an Attack card"
    return None


def counters_answering(respond_to: str) -> str:
    """Which Counters may answer the card just played (the text's response restrictions),
    and the way out, for the live-hits line of both games' tables ("a Counter must answer
    'regular'" named neither)."""
    kinds = [k.capitalize() for k in RESPONSES.get(respond_to, ())]
    if not kinds:
        return "no Counter answers it: pass"
    which = kinds[0] if len(kinds) == 1 else f"{', '.join(kinds[:-1])} or {kinds[-1]}"
    return f"a {respond_to} card: a {which} Counter answers, or pass"


def card_texts(cards: Iterable[dict[str, Any]]) -> str:
    """What the special texts of these cards (a hand's, and those played this round) do,
    each once ("Card text: Mud (Special Event): until the end of the round no side counts a
    die for cavalry"; `Card.seen`), or "": the hand and the choices name them only ("[Mud]")."""
    texts = dict.fromkeys(c["text"] for c in cards if c.get("text"))
    return "Card text: " + "; ".join(texts) if texts else ""


# The question each decision of a battle asks the side to move, in plain words
# (`battle_prompt`): Viktory's battles and Viktory II's.
BATTLE_PROMPTS = {
    "casualty": "Choose a unit to remove as a casualty.",
    "continue": "Fight another battle round, or retreat to the hexes you came from.",
    "overwatch": "Fire your artillery's Overwatch at the units moving in now, or hold it back "
                 "for a later wave.",
    "draw_in": "Reinforcements: choose a unit of your reserve to draw into the battle.",
    "launch": "Bring a unit of the reserve into the attack, or launch the attack.",
    # asked whatever the hand (skipping it would tell the others): "if you hold one"
    "window": "Play a Special Event card (or a Reversal of Fortune against the other side's) "
              "before the dice round, if you hold one you can play now, or pass.",
    "wave": "Launch a wave: play an Attack card (or a Special Event, or bring reserve units), "
            "or call off the attack.",
    "play": "Answer the live hits: play a Counter or a Special Event card, or pass (play no "
            "more cards).",
}


# A wave with nobody left to defend: no Counter can answer, so there is no holding back
# either (no "call off"); the attacker moves in without an Attack card. No card's text acts
# there (`BattleSession.text_acts`: no Overwatch for Secrecy to stop, and +1 MP is played
# while moving), so none is offered and the question says so.
NOBODY_DEFENDS = "Nobody defends: move in without an Attack card (no card's text acts here)."


def battle_prompt(decision: str | None, battle: dict[str, Any] | None = None,
                  player: int | None = None) -> str:
    """A battle's decision as a question to the side taking it ("" for none). With the
    battle's observation (`battle`) and the seat asked, worded by what is offered: a wave
    against nobody, or casualties that the asker picks among another side's units."""
    if battle is not None:
        if decision == "wave" and not any(battle.get("defender") or ()):
            return NOBODY_DEFENDS
        cas = battle.get("casualties")
        if decision == "casualty" and cas and player == cas["chooser"] != cas["victim"]:
            lost = count(cas["count"], "unit")
            # by its side, which every table names alike (a player's number is the engine's);
            # the single battle's observation leaves out the map's seats: player 0 attacks
            attacker = battle.get("seats", (0,))[0]
            side = "attacker" if cas["victim"] == attacker else "defender"
            return f"Your selective hits choose: pick {lost} of the {side}'s to lose."
    return BATTLE_PROMPTS.get(decision or "", "")


def draw_prompt(draw: dict[str, Any], hand: int, most: int, cities: int) -> str:
    """The end-of-turn draw as a question to the player drawing, in both games (the Battle
    Cards text): it "may draw additional new cards up to his max hand size", no more than one
    for each city it holds, and may first discard cards it wants to replace (as many as its
    cities, each drawn anew). The numbers are its observation's: `draw` ({up_to, replace}:
    the choices the state offers, from `viktory_battles.hand`), its hand, its max hand size
    and its cities; none is worked out here."""
    limit, replace = draw["up_to"], draw["replace"]
    head = "End of your turn: "
    if limit:
        text = (f"{head}draw up to {count(limit, 'new card')} (max hand {most}, no more "
                f"than your {count(cities, 'city', 'cities')})")
        return text + (", or first discard a card you want to replace." if replace
                       else ", or none.")
    full = f"{head}your hand is full ({hand} of {most})"
    if replace:
        return f"{full}: discard a card you want to replace (then draw anew), or draw none."
    return f"{full}: draw none."
