"""Text view of a Word & Iron observation: both realms, formations, decks and the events.

The view is read in a panel on an 80x24 terminal, with the choices under it: it is compact,
and written shorter where the choices need the room. The unit key (letter, name, ranks of
power) is given once when both decks share it, and each formation is one row, a letter per
soldier standing and a dot per soldier fallen.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any, cast

from ...engine.data import counted, first_fitting, fit, menu_room, panel_lines, view_width
from .actions import (
    AnswerTruce,
    ChooseCasualty,
    ChooseFirstAttacker,
    ChooseRoyal,
    FinishResources,
    NoTruceOffer,
    OfferTruce,
    OrderBenefit,
    Recruit,
    TakeRansom,
    UseResource,
    benefit_text,
)
from .deck import BENEFIT_FAMILY, UNITS, UnitId, deck_label, unit_label

UNIT_MARK = "SPAHMLKR"  # one letter per unit of the deck list, for the formation rows
# A benefit as the log and the view name it beside its source: "the protection of Castellan".
BENEFIT_NOUN = {"protect": "the protection", "restore": "the restoring",
                "empower": "the empowering"}
# The panel's lines on an 80x24 terminal: the view shares them with the choices of its
# reader's decision and the prompt (`_room`). A view taller than its share (a side may
# have four benefits at once, a line each when written out, and five resources) is written
# shorter, step by step: first what is in force (SHORT_BENEFITS); then each side's decks and
# what is in force run on, as many on a line as fit (PACKED); then its realm too, after its
# army (PACKED_REALM); then the unit key (SHORT_KEY: one line, the names kept where that line
# has room for them, else a unit's letter, its name's initial, and the `?` help names them;
# each side's title names its deck); last all of each side runs on, its title too (FLOWED).
# Nothing else is left out on the way.
MENU_WIDTH = 80 - 1  # the columns the terminal lays the choices out in
FULL, SHORT_BENEFITS, PACKED, PACKED_REALM, SHORT_KEY, FLOWED = range(6)


def render(obs: dict[str, Any], player: int | None) -> str:
    """The view, at the first step that fits its share of the terminal (else the shortest)."""
    return first_fitting(lambda short: _render(obs, short), FLOWED + 1, _room(obs))


def _room(obs: dict[str, Any]) -> int:
    """The lines the view may take so that the choices of its reader's decision and the
    prompt still fit an 80x24 terminal under its panel: the terminal puts the choices in two
    columns, numbered down each, when the view leaves too few rows for one a line and they
    fit 79 columns so. A view that asks its reader nothing has the whole panel."""
    d, you = obs["decision"], obs.get("you")
    if obs["result"] or not d or d["player"] != you:
        return panel_lines()
    return panel_lines() - 1 - max(1, menu_room(lambda: _menu_rows(obs, d)))


def _menu_rows(obs: dict[str, Any], d: dict[str, Any]) -> int:
    """The lines the reader's choices take under the view, as the view tells them (a view
    printed elsewhere than a terminal's table, which counts its own, `menu_room`)."""
    numbered = [f"{i}. {a.label}" for i, a in enumerate(_choices(obs, d), 1)]
    rows = -(-len(numbered) // 2)
    widths = [max(map(len, column), default=0) for column in (numbered[:rows], numbered[rows:])]
    if d["kind"] == "order" or sum(widths) + 2 > MENU_WIDTH:  # one a line, a long one broken
        rows = sum(len(textwrap.wrap(f"   {n}", MENU_WIDTH)) for n in numbered)
    return rows


def _choices(obs: dict[str, Any], d: dict[str, Any]) -> list[Any]:
    """The choices of the decision, as far as the view tells them (an overlapping benefit to
    use first: any card's benefits not started, whatever their family)."""
    kind, p = d["kind"], d["player"]
    side = obs["players"][p]

    def usable(s: dict[str, Any]) -> list[tuple[int, dict[str, Any]]]:
        return [(i, r) for i, r in enumerate(s["realm"]) if r["uses_left"]]

    if kind == "royal":
        return [ChooseRoyal("king"), ChooseRoyal("queen")]
    if kind == "first":
        return [ChooseFirstAttacker(0), ChooseFirstAttacker(1)]
    if kind == "truce_answer":
        return [AnswerTruce(True), AnswerTruce(False)]
    if kind == "recruit":
        return [Recruit(cast(UnitId, u), side["ranks"][i]) for i, u in enumerate(UNITS)
                if side["field"][i] < side["allotted"][i]]
    if kind == "resource":
        used = d.get("used", [])  # rule 18: only the initial draw may be skipped
        ends = d.get("finish", "done" if used else "skip" if side["resource_phases"] == 1
                     else None)  # (the legal actions' ending, as the decision tells it)
        finish = [FinishResources(ends == "skip")] if ends else []
        return [UseResource(i, r["name"], r["ranks"]) for i, r in usable(side)
                if i not in used] + finish
    if kind == "casualty":
        return [ChooseCasualty(u) for u in d.get("units", [])]
    if kind == "ransom":
        return [TakeRansom(i, r["name"]) for i, r in usable(obs["players"][d["captive"]])]
    if kind == "truce_offer":
        return [OfferTruce(i, r["name"]) for i, r in usable(side)] + [NoTruceOffer()]
    # a card's first unused benefit of each family, as the legal actions offer them: a card's
    # own benefits keep their order (`WordIronState._order_options`)
    firsts: dict[tuple[str, str], OrderBenefit] = {}
    for b in side["benefits"]:
        if b["left"] == b["total"]:
            firsts.setdefault((b["source"], BENEFIT_FAMILY[b["kind"]]),
                              OrderBenefit(b["kind"], b["source"], b["total"], b["percent"]))
    return list(firsts.values())


def _render(obs: dict[str, Any], short: int) -> str:
    you = obs.get("you")
    sides = obs["players"]
    lines = [fit(_headline(obs, you), " - ")]
    # SHORT_KEY: each side's title names its deck (the key's line has room for the key only)
    same_deck = sides[0]["deck"] == sides[1]["deck"] and short < SHORT_KEY
    shared = _shared_key(sides)
    if shared:  # both decks name and price their units alike: one key for both formations
        both = f", both sides: {sides[0]['deck']}" if same_deck else ""
        lines.append(fit(_key_line(sides[0], short, both, bool(obs["result"])), ", "))
    for p in (0, 1):
        lines += _side(sides[p], sides[1 - p], p, you, obs, with_key=not shared,
                       with_deck=not (same_deck and shared), short=short)
    if obs["result"]:
        r = obs["result"]
        who = ", ".join(_name(w, you) for w in r["winners"]) or "nobody"
        lines.append(f"Battle over: {r['reason']}; winner: {who}")
    elif obs["decision"]:
        lines.append(_decision(obs, you))
    return "\n".join(fit(line) for line in lines)  # any line still too long


def _shared_key(sides: list[dict[str, Any]]) -> bool:
    """Whether both decks name and price their units alike, as deck files give the names or
    as the game names units ("Spearmen", "spearmen"): one key serves both formations."""
    return _unit_key(sides[0], False).lower() == _unit_key(sides[1], False).lower()


def _name(p: int, you: int | None) -> str:
    return "you" if p == you else f"player {p}"


def _headline(obs: dict[str, Any], you: int | None) -> str:
    """The round, who attacks first and the prize (the panel's title names the game)."""
    head = f"Round {obs['round']}" if obs["round"] else "Set-up"
    winner, d = obs["coin_winner"], obs["decision"]
    if winner >= 0 and d and d["kind"] == "first":  # the order is the default until chosen
        head += f" - {_name(winner, you)} won the toss"
    elif winner >= 0:
        first = obs["order"][0]
        attacks = "attack" if first == you else "attacks"
        if first == winner:
            won = "win" if winner == you else "won"
            head += f" - {_name(winner, you)} {won} the toss, {attacks} first"
        else:
            head += f" - {_name(first, you)} {attacks} first (toss: {_name(winner, you)})"
    return f"{head} - prize: {obs['prize']}"


def _key_line(s: dict[str, Any], short: int, note: str = "", over: bool = False) -> str:
    """The unit key's line. SHORT_KEY: one line, with the units' names where they fit in it,
    else their letters, and the line says where the names are (`help_notes`) while the game
    is not `over`."""
    named = f"Units: {_unit_key(s, False)} (ranks of power{note})"
    if short < SHORT_KEY or len(named) <= view_width():
        return named
    where = "" if over else "; ? names them"  # a game over has no prompt to type `?` at
    return f"Units: {_unit_key(s, True)} (ranks{where})"


def _unit_key(s: dict[str, Any], short: bool) -> str:
    """Each unit's letter in the formation rows, its name and its ranks of power. Short: a
    name that begins with its unit's letter is left to the letter."""
    return ", ".join(
        f"{UNIT_MARK[u]}{'' if short and name[:1].upper() == UNIT_MARK[u] else ' ' + name}"
        f" {ranks}" for u, (name, ranks) in enumerate(zip(s["units"], s["ranks"])))


def _side(s: dict[str, Any], other: dict[str, Any], p: int, you: int | None,
          obs: dict[str, Any], with_key: bool, with_deck: bool, short: int) -> list[str]:
    """One side, as rule 12 lays it out from left to right: realm, army, decks; then what is
    in force for it. PACKED: its decks and what is in force run on, as many on a line as
    fit; PACKED_REALM: its army first, then its realm runs on with them too; FLOWED: all of
    the side runs on."""
    royal = s["royal"] or "royal not chosen"
    if s["married"]:
        royal = "king and queen (married)"
    deck = f" - {s['deck']}" if with_deck else ""
    title = f"{_name(p, you).capitalize()}{deck}: {royal}"
    # in pieces, for a run-on paragraph: a name is not broken
    title_pieces = [f"{_name(p, you).capitalize()}{deck}:", *f"{royal};".split(" ")]
    if s["champions"]:
        title += "; champions: " + ", ".join(s["champions"])
        title_pieces += ["champions:", *(f"{c}," for c in s["champions"])]
        title_pieces[-1] = title_pieces[-1][:-1] + ";"
    key = [_key_line(s, short, over=bool(obs["result"]))] if with_key else []
    realm = [f"#{i + 1} {r['name']} {r['ranks']}x{r['uses_left']}/{r['uses']}"
             for i, r in enumerate(s["realm"])] or ["empty"]
    formation = " ".join(UNIT_MARK[u] * n + "." * (a - n)
                         for u, (n, a) in enumerate(zip(s["field"], s["allotted"])))
    soldiers = f"{sum(s['field'])}/{sum(s['allotted'])}" + (" soldiers" if short < FLOWED else "")
    army = f"Army: {s['army']} ranks, {soldiers}:"
    # (label, items): the realm, the decks, what is in force, the extra draws held
    groups = [("Realm:", realm), ("Decks:", _decks(s, obs["words_aside"])),
              _in_force(s, other, short >= SHORT_BENEFITS)]
    if s["held"]:
        groups.append(("Extra draws after the next regular draw:", [", ".join(
            f"{deck_label(d)} x{n}" for d, n in s["held"].items())]))
    # The pieces of a run-on paragraph: a resource or a deck is not broken, and goes with
    # its label if the first; what is in force is broken between words.
    pieces = [[f"{label} {items[0]};", *(item + ";" for item in items[1:])]
              for label, items in groups[:2]]
    pieces += [[*label.replace(" (", "\0(").split("\0"),
                *(x for item in items for x in _words(item + ";"))]
               for label, items in groups[2:] if items]
    if short >= FLOWED:  # the army before or after the realm, whichever takes fewer lines
        head = [*title_pieces, *(k + ";" for k in key)]
        tail = [x for group in pieces[1:] for x in group]
        return [min((_run_on([*head, army, formation + ";", *pieces[0], *tail]),
                     _run_on([*head, *pieces[0], army, formation + ";", *tail])),
                    key=lambda text: text.count("\n"))]
    lines = [title] + [fit(f"  {k}", ", ") for k in key]
    if short >= PACKED_REALM:
        lines.append(f"  {army} {formation}")
        return lines + [_run_on([x for group in pieces for x in group], "  ")]
    lines.append(fit("  Realm: " + "  ".join(realm), "  "))
    lines.append(f"  {army} {formation}")
    if short >= PACKED:
        return lines + [_run_on([x for group in pieces[1:] for x in group], "  ")]
    return lines + [f"  {label} " + "; ".join(items) for label, items in groups[1:] if items]


def _run_on(pieces: list[str], indent: str = "") -> str:
    """The pieces one after the other, as many on a line as fit the view's width, the lines
    after the first indented two more (a piece is not broken: a resource, a formation, a
    deck); the last piece's ";" left out."""
    pieces[-1] = pieces[-1].removesuffix(";")
    width = view_width()
    lines, current = [], indent + pieces[0]
    for piece in pieces[1:]:
        if len(current) + 1 + len(piece) <= width:
            current += " " + piece
        else:
            lines.append(current)
            current = indent + "  " + piece
    lines.append(current)
    return "\n".join(fit(line, ", ") for line in lines)


def _words(item: str) -> list[str]:
    """What is in force in pieces for `_run_on`: a benefit's source whole, then its words."""
    source, colon, text = item.partition(": ")
    return [source + ":", *text.split(" ")] if colon else item.split(" ")


def _in_force(s: dict[str, Any], other: dict[str, Any], short: bool) -> tuple[str, list[str]]:
    """The side's benefits, each not in use marked with what it waits for (`_waits`), and the
    draws it will skip with the cards that set them, after their label. Short: each benefit
    in fewer words (a side may have four at once, a line each when written out)."""
    items = [f"{b['source']}: {_benefit(b, short)}{_waits(b, s, other, short)}"
             for b in s["benefits"]]
    sources = s.get("skip_sources", {})
    items += [(f"skips the next {deck_label(d)} draw" if n == 1 else
               f"skips the next {n} {deck_label(d)} draws")
              + (f" (by {', '.join(sources[d])})" if sources.get(d) else "")
              for d, n in s["skips"].items()]
    counts = short and any(b["kind"] != "empower" for b in s["benefits"])
    return f"In force{' (counts: enemy strategies)' if counts else ''}:", items


def _waits(b: dict[str, Any], s: dict[str, Any], other: dict[str, Any], short: bool) -> str:
    """Why a benefit is not in use, "" when it is. Two reasons (rule 11): one of an
    overlapping family waits its turn, later, after the first of its family; the first of
    its family waits while the coin toss winner's opposing benefit is used up first. Short:
    the word alone ("later", "waiting")."""
    if b["active"]:
        return ""
    family = BENEFIT_FAMILY[b["kind"]]
    first = next(x for x in s["benefits"] if BENEFIT_FAMILY[x["kind"]] == family)
    if first is not b:
        return " (later)" if short else f" (later: after {_owned(first['kind'], first['source'])})"
    opposing = [x for x in other["benefits"] if BENEFIT_FAMILY[x["kind"]] != family]
    if short or not opposing:  # (short: the room is the choices'; `?` says what it means)
        return " (waiting)"
    return f" (waiting: the enemy's {opposing[0]['source']} goes first)"


def _owned(kind: str, source: str) -> str:
    """A benefit as "the protection of Castellan": a card may give two."""
    return f"{BENEFIT_NOUN[kind]} of {source}"


def _benefit(b: dict[str, Any], short: bool) -> str:
    """A benefit, shorter than the log tells it (`benefit_text`); short, without "enemy"
    (the label says what it counts)."""
    n, kind = b["left"], b["kind"]
    if short:
        return {"protect": f"blocks {n}", "restore": f"restores losses of {n}",
                "empower": f"+{b['percent']}% losses, {counted(n, 'turn')}"}[kind]
    if kind == "empower":
        return f"strategies +{b['percent']}% for {counted(n, 'turn')}"
    verb = "blocks" if kind == "protect" else "restores the losses of"
    return f"{verb} {counted(n, 'enemy strategy', 'enemy strategies')}"


def _decks(s: dict[str, Any], words_aside: bool) -> list[str]:
    """The decks left to right, each with the cards left and its face-up top card (in
    parentheses); the champion deck is dealt once its side has chosen its royal (rule 2)."""
    piles = s["piles"]
    parts = []
    for key in ("strategy", "chance", "word"):
        pile = piles[key]
        if key == "word" and words_aside:
            parts.append("Word of Power set aside")
            continue
        top = f" ({pile['top']})" if pile["top"] else ""
        parts.append(f"{deck_label(key)} {pile['left']}{top}")
    # (a bare "champions 0" was read as a deck without champions)
    parts.append(f"champions {piles['champion']['left']}"
                 + ("" if s["royal"] else " (not dealt yet)"))
    return parts


def help_notes(obs: dict[str, Any], player: int | None) -> str:
    """What the terminal's help adds to the rules summary for this view (`Game.help_notes`):
    how to read the table, and what every card in view does (`texts`: each side's
    champions and the cards it has shown, drawn or face up; never a face-down one)."""
    sides = obs["players"]
    keys = [f"- {_key_line(s, FULL)}" for s in sides[: 1 if _shared_key(sides) else 2]]
    seat = f" (you are player {player})" if player is not None else ""
    lines = ["How to read the table", *keys, *HOW_TO_READ,
             f"- Players are numbered from 0: player 0 and player 1{seat}; options name them "
             "so (grand_tournament_winner=1 is player 1).", "Cards in view"]
    for p, s in enumerate(sides):
        texts = s.get("texts", {})
        if texts:
            lines.append(f"- {_name(p, player).capitalize()} ({s['deck']}):")
            lines += [f"  - {name}: {text}" for name, text in texts.items()]
    lines += dict.fromkeys(_show_line(p, s) for p, s in enumerate(sides))
    return "\n".join(lines)


def _show_line(p: int, s: dict[str, Any]) -> str:
    """The help's line naming the command that lists every card of side p's deck: a shipped
    deck's by its name (`shipped`); a deck file's by the option it was given as, since a
    file may keep a shipped deck's name when edited, and its path is not in the view."""
    if s.get("shipped"):
        return f"- Every card of {s['deck']}: warroom cards show {s['shipped']} --game word-iron"
    return (f"- Every card of {s['deck']} (deck{p}, a deck file): "
            f"warroom cards show <deck{p}'s file> --game word-iron")


HOW_TO_READ = (
    "- A formation row: a letter per soldier standing, a dot per soldier fallen, by unit.",
    "- Realm: '#1 Stone Quarry 45x2/2' is resource 1 (use it by that number), Stone Quarry, "
    "45 ranks of power a use, 2 uses left of 2.",
    "- Decks: the cards left, and the top card in parentheses when the decks are face up.",
    "- In force: each benefit by its card, and what is left of it. '(later: ...)' waits for "
    "the benefit of its family before it (they are used one after the other); '(waiting: "
    "...)' waits while the coin toss winner's opposing benefit is used up first (rule 11).",
)


def prompt(obs: dict[str, Any], player: int | None) -> str:
    """The question `player` must answer now, as the view's decision line words it; "" when
    it has none."""
    d = obs["decision"]
    if player is None or obs["result"] or not d or d["player"] != player:
        return ""
    return _question(d, obs["players"][player])


def _decision(obs: dict[str, Any], you: int | None) -> str:
    d = obs["decision"]
    return f"Decision for {_name(d['player'], you)}: {_question(d, obs['players'][d['player']])}"


# Rule 10, in the truce's questions: a new player took a truce for a win bought with a
# resource. Short, so that the offer's decision line keeps to one line of 80 columns.
TRUCE = "a draw, no prize"


def _question(d: dict[str, Any], side: dict[str, Any]) -> str:
    """A decision in plain words, whoever takes it (`side`: the deciding player's)."""
    kind = d["kind"]
    return {
        "royal": "choose to be the king or the queen",
        "first": "won the coin toss: choose who attacks first",
        "order": "choose which overlapping benefit to use first",
        "resource": _resource_question(d, side),
        "recruit": f"recruit soldiers with {d.get('ranks_left')} ranks of power",
        "casualty": f"choose which unit loses a card ({d.get('ranks_left')} ranks of losses"
                    + (f" left; fallen so far: {_units(d['fallen'])}" if d.get("fallen") else "")
                    + ")",
        "ransom": "choose a resource as ransom",
        "truce_offer": f"offer a resource for a truce ({TRUCE}), or none",
        "truce_answer": f"player {d.get('offered_by')} offers {d.get('resource')} for a truce"
                        f" ({TRUCE})",
    }[kind]


def _resource_question(d: dict[str, Any], side: dict[str, Any]) -> str:
    """Rule 18 as the legal actions have it (the decision's "finish"): the initial draw may be
    skipped, this once in the battle; from the second phase on at least one use is
    compulsory; after a use the player may stop. With nothing fallen a further use recruits
    nothing and its ranks are lost (rule 18: none saved), a use a ransom may need (rule 3):
    the question says so, as legal as it is. A realm running low is warned that an empty
    one ransoms no royal (`_ransom_note`)."""
    finish = d.get("finish")
    if finish == "done" and side["field"] == side["allotted"]:
        return "resources: none fallen; another use is lost: finish"
    if finish == "done":
        return "resources: use another, or finish" + _ransom_note(side)
    if finish == "skip":
        return "resources: use one, or skip (the battle's only skip)" + _ransom_note(side)
    return "resources: use at least one (rule 18)" + _ransom_note(side)


# A realm with this many uses left or fewer is running low: the resource question warns that
# an empty realm cannot ransom a royal taken hostage. (Told at every phase, the count would be
# noise beside each resource's own uses left.)
FEW_USES = 3


def _ransom_note(side: dict[str, Any]) -> str:
    """Rule 3 for a realm running low: a royal taken hostage is ransomed with a resource that
    has a use left; with none, the captor wins the battle. Compulsory uses (rule 18) empty a
    realm with nothing fallen too. Worded for any reader (the view's decision line)."""
    left = sum(r["uses_left"] for r in side["realm"])
    if left > FEW_USES:
        return ""
    empty = "once it is spent" if left == 1 else "with none"
    return (f"; {counted(left, 'use')} left in the realm; {empty}, a royal taken hostage"
            " means defeat (rule 3)")


def _units(units: list[str]) -> str:
    if not units:
        return "nothing"
    counts: dict[str, int] = {}
    for u in units:
        counts[u] = counts.get(u, 0) + 1
    # A unit's name is a plural noun ("archers"): it is the cards that are counted.
    return ", ".join(f"{counted(n, unit_label(u) + ' card')}" for u, n in counts.items())


def describe_event(e: dict[str, Any]) -> str:
    describe = _EVENTS.get(e["event"])
    return describe(e, f"Player {e.get('player')}") if describe else str(e)


def _by(e: dict[str, Any]) -> str:
    """The card that set a skip, and whose it is when not the skipping side's."""
    if "source" not in e:  # (an event logged before skips named their source)
        return ""
    whose = "" if e["by"] == e["player"] else f" of player {e['by']}"
    return f" ({e['source']}{whose})"


def _waits_event(e: dict[str, Any], p: str) -> str:
    """A benefit that does not apply to this strategy or turn, and why (rule 11)."""
    first = BENEFIT_NOUN[e["until_benefit"]].removeprefix("the ")
    return (f"{p}: {_owned(e['benefit'], e['source'])} does not apply now: player "
            f"{e['owner']}'s {first} ({e['until']}) goes first (the coin toss winner's "
            "benefits are used up first, rule 11)")


def _army_gone(e: dict[str, Any], cost: bool) -> str:
    """A loss that took an army's last soldier ends the battle at once, mid-card (rule 3):
    its line says so, since the outcome says only "army destroyed" and a cost is paid by the
    card's own side (rule 11), whose effects on the enemy then never come."""
    if not e.get("army_destroyed"):
        return ""
    last = "its last soldier" + ("s" if len(e["units"]) > 1 else "")
    whose = "its own card destroys its army" if cost else "its army is destroyed"
    return f", {last}: {whose}; the battle ends"


def _game_over(e: dict[str, Any]) -> str:
    who = ", ".join(f"player {w}" for w in e["winners"]) or "nobody"
    prize = f"; {e['prize']} goes to player {e['prize_to']}" if "prize_to" in e else ""
    reason = e["reason"]
    if reason == "royal not ransomed" and len(e["winners"]) == 1:
        # (the only way a royal goes unransomed: rule 6, a ransom needs a use left)
        reason += f": player {1 - e['winners'][0]}'s realm has no resource with a use left"
    return f"Battle over ({reason}): {who} wins{prize}"


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
    "skip_next": lambda e, p: (
        f"{p} would skip the next {deck_label(e['deck'])} draw{_by(e)}, but the Word of Power "
        "cards are set aside" if e.get("lapsed") else
        f"{p} will skip the next {deck_label(e['deck'])} draw"
        + (f" x{e['count']}" if e["count"] > 1 else "") + _by(e)),
    "empty": lambda e, p: f"{p}: no {deck_label(e['deck'])} card left to draw",
    "no_chain": lambda e, p: f"{p}: an extra draw adds no further {deck_label(e['deck'])} draw",
    "losses": lambda e, p: f"{p} loses {_units(e['units'])}" + _army_gone(e, False),
    "cost": lambda e, p: f"{p} bears the cost: {_units(e['units'])}" + _army_gone(e, True),
    "protected": lambda e, p: f"{p} is protected by {e['source']}",
    "restore": lambda e, p: f"{p} recruits their losses at once ({e['source']}): "
    + _units(e["units"]),
    "benefit": lambda e, p: f"{p} gains from {e['source']}: "
    + benefit_text(e["benefit"], e["amount"], e["percent"]),
    "benefit_order": lambda e, p: f"{p} will use {_owned(e['benefit'], e['source'])} first",
    "benefit_over": lambda e, p: f"{p}: {_owned(e['benefit'], e['source'])} is used up",
    "benefit_waits": lambda e, p: _waits_event(e, p),
    "capture_failed": lambda e, p: f"{p} cannot take a hostage: the royal guards stand",
    "capture": lambda e, p: f"{p} takes the {e['royal']} of player {e['target']} hostage",
    "ransom": lambda e, p: f"{p} takes {e['resource']} as ransom; the royal returns",
    "recruit": lambda e, p: f"{p} recruits {unit_label(e['unit'])}",
    "unspent": lambda e, p: f"{p}: {e['ranks']} ranks of power unspent (lost)",
    "use_resource": lambda e, p: f"{p} uses {e['resource']} ({e['ranks']} ranks; "
    f"{counted(e['uses_left'], 'use')} left)",
    "resources_skipped": lambda e, p: f"{p} skips the initial resource draw",
    "resources_done": lambda e, p: "",
    "no_resources": lambda e, p: f"{p} has no resource with a use left",
    "truce_time": lambda e, p: "Both Word of Power decks are spent: either side may sue for peace",
    "truce_offer": lambda e, p: f"{p} offers {e['resource']} for a truce",
    "no_truce_offer": lambda e, p: f"{p} makes no truce offer",
    "truce_declined": lambda e, p: f"{p} declines the truce",
    "truce_accepted": lambda e, p: f"{p} accepts the truce"
    + (f" and takes {e['resource']} from player {e['paid_by']}" if "resource" in e else ""),
    "words_aside": lambda e, p: "No truce: the Word of Power cards are set aside"
    + ("; " + " and ".join(f"player {q}" for q in e["lapsed"])
       + " had a draw of them still to skip, which lapses" if e.get("lapsed") else ""),
    "game_over": lambda e, p: _game_over(e),
}
