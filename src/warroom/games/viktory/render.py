"""Text view of a Viktory II battle observation, and one line per log event."""

from __future__ import annotations

from typing import Any

from .actions import with_article
from .scenario import UNITS, units_text

SIDE_NAMES = ("attacker", "defender")


def _who(p: int, you: int | None) -> str:
    return "You" if p == you else f"The {SIDE_NAMES[p]}"


def render(obs: dict[str, Any], player: int | None) -> str:
    you = obs.get("you")
    place = obs["terrain"] + ("" if obs["settlement"] == "none" else f" {obs['settlement']}")
    extras = [x for x, on in (("naval support", obs["naval_support"]),
                              ("artillery characteristics", obs["artillery_characteristics"]),
                              ("overwatch", obs["overwatch"])) if on]
    lines = [
        f"{obs['scenario'] or 'Battle'} - {obs['mode']} - {place}"
        + (f" ({', '.join(extras)})" if extras else "")
        + f" - round {obs['round']}" + (f", wave {obs['wave']}" if obs["mode"] == "cards" else ""),
    ]
    roles = {0: "attacker", 1: "defender"}
    if you in roles:
        lines.append(f"You are the {roles[you]}.")
    supply = ["in supply" if s else "no supply" for s in obs["supply"]]
    lines.append(f"Defender ({supply[1]}): {units_text(obs['defender'])}"
                 f"   dice: {obs['dice'][1]}   lost: {obs['lost'][1]}")
    if any(obs["defender_reserve"]):
        lines.append(f"  reserve in adjacent hexes: {units_text(obs['defender_reserve'])}")
    if obs["overwatch"] and obs["defender"][2]:
        lines.append(f"  artillery able to fire Overwatch: {obs['overwatch_ready']}"
                     + (" (Secrecy: not at this wave)" if obs["secrecy"] else ""))
    sides = "; ".join(f"side {i}: {units_text(s)}" + (" (from a frigate)" if src == "frigate"
                                                      else "")
                      for i, (s, src) in enumerate(zip(obs["attacker"][1:], obs["sources"]), 1))
    lines.append(f"Attacker ({supply[0]}): {sides}   dice: {obs['dice'][0]}"
                 f"   lost: {obs['lost'][0]}")
    if any(obs["attacker"][0]):
        lines.append(f"  bombarding from adjacent hexes: {units_text(obs['attacker'][0])}")
    reserves = [f"side {i}: {units_text(r)}" for i, r in enumerate(obs["reserves"], 1) if any(r)]
    if reserves:
        lines.append(f"  reserve in the source hexes: {'; '.join(reserves)}")
    if obs["mode"] != "dice":
        lines += _render_cards(obs, you)
    c = obs.get("casualties")
    if c:
        lines.append(f"Casualties to choose: {c['count']} {SIDE_NAMES[c['victim']]} unit(s)"
                     f" ({c['cause']}), chosen by {_who(c['chooser'], you).lower()}")
    if obs["result"]:
        winners = obs["result"]["winners"]
        who = " and ".join(SIDE_NAMES[w] for w in winners) or "nobody"
        lines.append(f"Result: {who} wins - {obs['result']['reason']}")
    return "\n".join(lines)


def _render_cards(obs: dict[str, Any], you: int | None) -> list[str]:
    lines = [f"Cards: deck {obs['deck_left']}, discards {len(obs['discard'])}; hands "
             f"attacker {obs['hand_sizes'][0]} (max {obs['max_hand'][0]}), defender "
             f"{obs['hand_sizes'][1]} (max {obs['max_hand'][1]})"]
    if obs["plays"]:
        lines.append("Cards this round: " + " | ".join(
            f"{SIDE_NAMES[p['player']]}: {p['card']} {p['desc']} ({p['use']})"
            for p in obs["plays"]))
    if obs["events"]:
        lines.append("In effect: " + ", ".join(f"{e} ({SIDE_NAMES[p]})" for e, p in obs["events"]))
    if obs["decision"] == "play":
        sel = " selective" if obs["pending_selective"] else ""
        lines.append(f"Live hits against {_who(obs['to_move'][0], you).lower()}: "
                     f"{obs['pending']}{sel}; a Counter must answer '{obs['respond_to']}'")
    if obs.get("hand") is not None:
        hand = ", ".join(f"{c['id']} {c['desc']}" for c in obs["hand"]) or "empty"
        lines.append(f"Your hand: {hand}")
    return lines


def describe_event(e: dict[str, Any]) -> str:
    kind = e["event"]
    side = SIDE_NAMES[e["player"]].capitalize() if "player" in e else ""
    if kind == "battle":
        place = e["terrain"] + ("" if e["settlement"] == "none" else f" {e['settlement']}")
        held = [units_text(r) for r in e.get("reserves", []) if any(r)]
        extra = f" (in reserve: {'; '.join(held)})" if held else ""
        return (f"Battle ({e['mode']}) in a {place}: defender {units_text(e['defender'])} vs "
                f"attacker " + "; ".join(units_text(s) for s in e["sides"]) + extra)
    if kind == "round":
        return f"--- Battle round {e['round']} ---"
    if kind == "wave":
        return f"--- Attack wave {e['wave']} ---"
    if kind == "roll":
        return (f"{side} rolls {e['cause']}: {' '.join(map(str, e['dice']))} -> {e['hits']} "
                f"hit(s), {e['selective']} selective")
    if kind == "flip":
        cards = ", ".join(e["descs"]) or "no card left"
        return (f"{side} flips for {e['cause']}: {cards} -> {e['hits']} hit(s), "
                f"{e['selective']} selective")
    if kind == "suppress":
        return f"Suppression: the defender rolls {e['dice']} die/dice fewer"
    if kind == "casualty":
        owner = "attacking" if e["attacker"] else "defending"
        where = f" (hex side {e['side']})" if e["attacker"] and e["side"] else ""
        return f"Lost: {owner} {UNITS[e['unit']]}{where} to {e['cause']}"
    if kind == "retreat":
        return "The attacker must withdraw (round limit)" if e["forced"] else \
            "The attacker retreats to the hexes it entered from"
    if kind == "result":
        who = " and ".join(SIDE_NAMES[w] for w in e["winners"]) or "nobody"
        return f"Battle over: {who} wins - {e['reason']} (lost: attacker {e['lost'][0]}, " \
               f"defender {e['lost'][1]})"
    if kind == "secrecy":
        return "Secrecy: no Overwatch against this wave"
    if kind == "bring":
        unit = with_article(UNITS[e["unit"]])
        return f"The attacker brings {unit} from its reserve to hex side {e['side']}"
    if kind == "drawn_in":
        where = f"hex side {e['side']}" if e["player"] == 0 else "the battle hex"
        return f"{side} draws {with_article(UNITS[e['unit']])} from its reserve into {where}"
    if kind == "overwatch_held":
        return f"The defender holds Overwatch back ({e['artillery']} artillery)"
    if kind == "window":
        return f"--- Card window before dice round {e['round']} ---"
    if kind == "window_pass":
        return f"{side} plays no card"
    if kind == "draw":
        return f"{side} draws {e['count']} card(s) ({e['why']})"
    if kind == "drew":
        return f"(you drew {', '.join(e['cards']) or 'nothing'})"
    if kind == "reshuffle":
        return f"The discards are shuffled into a new deck ({e['cards']} cards)"
    if kind == "play":
        use = {"attack": "as an Attack", "counter": f"as a Counter facing {e['facing']} hit(s)",
               "event": "for its Special Event", "text": "for its text"}[e["use"]]
        return f"{side} plays {e['card']} {e['desc']} {use}"
    if kind == "cancelled":
        return f"Reversal of Fortune cancels {', '.join(e['effects'])}"
    if kind == "pass":
        return f"{side} passes, taking {e['hits']} hit(s); the card battle round ends"
    if kind == "pull_back":
        frig = " (some onto their frigate)" if "frigate" in e["sources"] else ""
        return f"The attacking units pull back to their source hexes{frig}"
    if kind == "stand_ground":
        if e.get("forced"):
            return "The attacker has no card it could attack with: it stands its ground"
        return "The attacker stands its ground"
    if kind == "move_in":
        return "The attacker moves into the empty town/city without an Attack card"
    if kind == "capture":
        return f"The attacker takes the {e['settlement']}"
    if kind == "discard":
        return f"{side} discards {e['card']} {e['desc']} ({e['why']})"
    return str(e)
