"""Text view of a Word & Iron observation: both realms, formations, decks and the events."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.data import fit
from .actions import benefit_text
from .deck import deck_label, unit_label

UNIT_MARK = "SPAHMLKR"  # one letter per unit of the deck list, for the formation rows


def render(obs: dict[str, Any], player: int | None) -> str:
    you = obs.get("you")
    when = f"round {obs['round']}" if obs["round"] else "set-up"
    head = f"Word & Iron, Pitched Battle - {when}"
    if obs["coin_winner"] >= 0:
        head += f"   coin toss: {_name(obs['coin_winner'], you)}; " \
                f"{_name(obs['order'][0], you)} attack{'s' if obs['order'][0] != you else ''} first"
    lines = [fit(head, "   "), f"Prize: {obs['prize']}"]
    for p in (0, 1):
        lines += _side(obs["players"][p], p, you, obs["words_aside"])
    if obs["result"]:
        r = obs["result"]
        who = ", ".join(_name(w, you) for w in r["winners"]) or "nobody"
        lines.append(f"Battle over: {r['reason']}; winner: {who}")
    elif obs["decision"]:
        lines.append(_decision(obs["decision"], you))
    return "\n".join(fit(line) for line in lines)  # any line still too long


def _name(p: int, you: int | None) -> str:
    return "you" if p == you else f"player {p}"


def _side(s: dict[str, Any], p: int, you: int | None, words_aside: bool) -> list[str]:
    royal = s["royal"] or "royal not chosen"
    if s["married"]:
        royal = "king and queen (married)"
    title = f"{_name(p, you).capitalize()} - {s['deck']}: {royal}"
    if s["champions"]:
        title += "; champions: " + ", ".join(s["champions"])
    lines = ["", title]
    realm = "  ".join(f"#{i + 1} {r['name']} {r['ranks']}x{r['uses_left']}/{r['uses']}"
                      for i, r in enumerate(s["realm"])) or "empty"
    lines.append(fit(f"  Realm: {realm}", "  "))
    soldiers = sum(s["field"])
    lines.append(f"  Army: {s['army']} ranks of power, {soldiers}/{sum(s['allotted'])} soldiers")
    for u in range(len(s["field"]) - 1, -1, -1):
        n, a = s["field"][u], s["allotted"][u]
        row = UNIT_MARK[u] * n + "." * (a - n)
        lines.append(f"    {s['units'][u]:<24}{row:<6}{n}/{a}  ({s['ranks'][u]})")
    piles = s["piles"]
    parts = []
    for key in ("strategy", "chance", "word"):
        pile = piles[key]
        if key == "word" and words_aside:
            parts.append("Word of Power: set aside")
            continue
        top = f", top: {pile['top']}" if pile["top"] else ""
        parts.append(f"{deck_label(key)}: {pile['left']} left{top}")
    parts.append(f"champions: {piles['champion']['left']} left")
    lines.append("  Decks: " + "; ".join(parts))
    if s["benefits"]:
        lines.append("  Benefits: " + "; ".join(
            f"{b['source']}: {benefit_text(b['kind'], b['left'], b['percent'])}"
            + ("" if b["active"] else " (waiting)") for b in s["benefits"]))
    if s["skips"]:
        lines.append("  Next draws skipped: " + ", ".join(
            f"{deck_label(d)} x{n}" for d, n in s["skips"].items()))
    if s["held"]:
        lines.append("  Extra draws after the next regular draw: " + ", ".join(
            f"{deck_label(d)} x{n}" for d, n in s["held"].items()))
    return lines


def _decision(d: dict[str, Any], you: int | None) -> str:
    who = _name(d["player"], you)
    kind = d["kind"]
    text = {
        "royal": "choose to be the king or the queen",
        "first": "won the coin toss: choose who attacks first",
        "order": "choose which overlapping benefit to use first",
        "resource": "resources: use one, or finish",
        "recruit": f"recruit soldiers with {d.get('ranks_left')} ranks of power",
        "casualty": f"choose which unit loses a card ({d.get('ranks_left')} ranks of losses)",
        "ransom": "choose a resource as ransom",
        "truce_offer": "you may sue for peace",
        "truce_answer": f"player {d.get('offered_by')} offers {d.get('resource')} for a truce",
    }[kind]
    return f"Decision for {who}: {text}"


def _units(units: list[str]) -> str:
    if not units:
        return "nothing"
    counts: dict[str, int] = {}
    for u in units:
        counts[u] = counts.get(u, 0) + 1
    return ", ".join(f"{n} {unit_label(u)}" for u, n in counts.items())


def describe_event(e: dict[str, Any]) -> str:
    describe = _EVENTS.get(e["event"])
    return describe(e, f"Player {e.get('player')}") if describe else str(e)


def _game_over(e: dict[str, Any]) -> str:
    who = ", ".join(f"player {w}" for w in e["winners"]) or "nobody"
    prize = f"; {e['prize']} goes to player {e['prize_to']}" if "prize_to" in e else ""
    return f"Battle over ({e['reason']}): {who} wins{prize}"


_EVENTS: dict[str, Callable[[dict[str, Any], str], str]] = {
    "realm": lambda e, p: f"{p} lays out the realm of {e['deck']}: {', '.join(e['resources'])}",
    "royal": lambda e, p: f"{p} plays as the {e['royal']}",
    "champion": lambda e, p: f"{p} draws the champion {e['card']}"
    + (f" - the {e['spouse']}: married, draws another" if e["spouse"] else ""),
    "coin": lambda e, p: f"Player {e['winner']} wins the coin toss",
    "first_attacker": lambda e, p: f"Player {e['player']} attacks first",
    "round": lambda e, p: f"--- Round {e['round']} ---",
    "draw": lambda e, p: f"{p} draws {deck_label(e['deck'])} card {e['card']}"
    + (" (extra draw)" if e["extra"] else ""),
    "reshuffle": lambda e, p: f"{p} reshuffles the {deck_label(e['deck'])} deck",
    "skip": lambda e, p: f"{p} skips the {deck_label(e['deck'])} draw",
    "skip_next": lambda e, p: f"{p} will skip the next {deck_label(e['deck'])} draw"
    + (f" x{e['count']}" if e["count"] > 1 else ""),
    "empty": lambda e, p: f"{p}: no {deck_label(e['deck'])} card left to draw",
    "no_chain": lambda e, p: f"{p}: an extra draw adds no further {deck_label(e['deck'])} draw",
    "losses": lambda e, p: f"{p} loses {_units(e['units'])}",
    "cost": lambda e, p: f"{p} bears the cost: {_units(e['units'])}",
    "protected": lambda e, p: f"{p} is protected by {e['source']}",
    "restore": lambda e, p: f"{p} recruits its losses at once ({e['source']}): "
    + _units(e["units"]),
    "benefit": lambda e, p: f"{p} gains from {e['source']}: "
    + benefit_text(e["benefit"], e["amount"], e["percent"]),
    "benefit_order": lambda e, p: f"{p} will use {e['source']} first",
    "benefit_over": lambda e, p: f"{p}: the benefit of {e['source']} is used up",
    "capture_failed": lambda e, p: f"{p} cannot take a hostage: the royal guards stand",
    "capture": lambda e, p: f"{p} takes the {e['royal']} of player {e['target']} hostage",
    "ransom": lambda e, p: f"{p} takes {e['resource']} as ransom; the royal returns",
    "recruit": lambda e, p: f"{p} recruits {unit_label(e['unit'])}",
    "unspent": lambda e, p: f"{p}: {e['ranks']} ranks of power unspent (lost)",
    "use_resource": lambda e, p: f"{p} uses {e['resource']} ({e['ranks']} ranks; "
    f"{e['uses_left']} uses left)",
    "resources_skipped": lambda e, p: f"{p} skips the initial resource draw",
    "resources_done": lambda e, p: "",
    "no_resources": lambda e, p: f"{p} has no resource with a use left",
    "truce_time": lambda e, p: "Both Word of Power decks are spent: either side may sue for peace",
    "truce_offer": lambda e, p: f"{p} offers {e['resource']} for a truce",
    "no_truce_offer": lambda e, p: f"{p} makes no truce offer",
    "truce_declined": lambda e, p: f"{p} declines the truce",
    "truce_accepted": lambda e, p: f"{p} accepts the truce",
    "words_aside": lambda e, p: "No truce: the Word of Power cards are set aside",
    "game_over": lambda e, p: _game_over(e),
}
