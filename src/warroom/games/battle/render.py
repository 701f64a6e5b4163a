"""Text view of a Battle observation, and one line per logged event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import ChoiceGrid
from ...engine.data import TEXT_WIDTH, counted, fit, winner_line
from .actions import Attack, Block
from .cards import SKILL, card_text, rank

PHASE_TEXT = {
    "draft": "draft: pick a card",
    "build": "deck building",
    "declare": "attack step: declaring attackers",
    "block": "attack step: declaring blockers",
    "strike": "attack step: combat",
    "main": "main step",
    "choose-opponent": "special ability: choosing an opponent",
    "three": "special ability: Three",
    "sacrifice": "special ability: Two",
    "give": "special ability: Joker",
    "over": "game over",
}


# The question each step asks the player to move, in plain words (`prompt`): what to do, and
# what a choice does. The special abilities' steps name whose card asked ({by}).
PROMPTS = {
    "draft": "Draft: pick a card from the pack in front of you (the rest of the pack is "
             "passed on).",
    "build": "Build your deck: add a card from your pool, or finish (the cards of highest "
             "combat skill left fill the free places).",
    "declare": "Declare an attacker: choose a soldier and the castle it attacks, or done (no "
               "more attackers).",
    "block": "Declare a blocker: choose a soldier to block an attacking group, or done (no "
             "more blockers).",
    "strike": "Combat: choose the enemy soldier your striking soldier destroys.",
    "main": "Main step: play a soldier, a court card or a special ability, or end your turn.",
    # The opponent of a Two or of a Joker, keyed by the card's rank: what that opponent must
    # do is the card's ("Two - Destroy two soldiers an opponent controls"; a Joker takes one).
    "choose-opponent": "Choose the opponent your {card} is used against.",
    "choose-opponent-2": "Choose the opponent who must destroy two of its soldiers (your "
                         "{card}).",
    "choose-opponent-Joker": "Choose the opponent who must give you one of its soldiers (your "
                             "{card}).",
    "three": "Choose a soldier to destroy (your Three).",
    "sacrifice": "Choose one of your soldiers to destroy (the Two: {by}'s card).",
    "give": "Choose one of your soldiers to give to {by} (the Joker: {by}'s card).",
}


def prompt(obs: dict[str, Any], player: int | None) -> str:
    """The question `player` must answer now (`PROMPTS`, by step); "" when it has none."""
    if player is None or player not in obs["to_move"] or obs.get("outcome"):
        return ""
    special = obs.get("special") or {}
    step = obs["phase"]
    if step == "choose-opponent" and special.get("card"):
        step = f"{step}-{rank(special['card'])}"
    text = PROMPTS.get(step, "")
    card = card_text(special["card"]) if special.get("card") else "Two or Joker"
    by = f"Player {special['player']}" if "player" in special else "your opponent"
    return text.format(card=card, by=by)


def help_notes(obs: dict[str, Any], player: int | None) -> str:
    """What the terminal's help (`?`) adds to the rules summary (`Game.help_notes`): how to
    read this table's marks, from the view alone (its phase and options, nothing hidden)."""
    seat = f" (you are player {player})" if player is not None else ""
    building = obs["phase"] in ("draft", "build")
    lines = _deck_mode_notes(obs) if building else []
    lines += ["How to read the table",
              "- Cards: rank + suit (10♥: ten of hearts); skill A 1, J 11, Q 12, K 13, "
              "Joker 0."]
    if building:
        if obs["deck_mode"] == "draft":
            lines += [
                "- 'Pack 1 of 3, pick 4 of 15, passing left': the draft so far, and where "
                "your pack goes.",
                "- 'Pack 1 in front of you': the cards you pick one from; the rest are "
                "passed on.",
                "- '(has picked)': that player has picked from its pack; picks are secret.",
                "- 'Your picks (18)', then 'Your pool (18)': the cards you build your deck "
                "from.",
            ]
        else:
            lines.append("- 'Your pool (52)': the cards you build your deck from.")
        lines.append(f"- 'Your deck (10/{obs.get('deck_size', 15)})': cards in your deck / "
                     "its size.")
        if obs["teams"] != "none":
            lines.append("- 'team 0': the player's team (from 0); '(partner)': your "
                         "teammate.")
    else:
        limit = obs["hits_to_lose"]
        castle = "X" * 2 + "." * max(0, limit - 2)
        lines.append(f"- '[{castle}]': a castle, X a hit taken, . a hit left; at {limit} "
                     "hits its player is 'OUT'.")
        lines.append(f"- '[{'X' * limit}+1]': a castle taken, 1 hit past the {limit} (a log "
                     "line's 'in all' counts all).")
        if obs["teams"] == "as-one":
            lines.append("- As one: a castle is the team's (its members' hits together).")
        if obs["teams"] != "none":
            lines.append("- 'team 0': the player's team (from 0); teammates never attack "
                         "each other.")
        lines += [
            "- 'hand 2': cards in that hand. 'soldiers:' its soldiers in play.",
            "- '4♦(from Player 1)': a soldier taken with a Joker; Player 1 owns it.",
            "- '<- turn': " + ("the team whose turn it is." if obs["teams"] == "as-one"
                               else "the player whose turn it is."),
        ]
        if "draw_pile" in obs:
            lines.append("- 'Shared draw pile', 'discard pile': everybody's; 'top last': "
                         "the top card last.")
        else:
            lines.append("- 'draw 5 discard 9': a player's own draw and discard piles (cards). "
                         "'Discard piles': each face up, the top card last (P0: Player 0's).")
        lines += [
            "- '…': cards further down a discard pile, left out for room.",
            "- '(court card or special ability used this turn)': no other one this turn.",
            "- 'Group 1: Player 0's K♥ -> Player 1  blocked by 9♠[P1]': attackers, "
            "target, blockers.",
            "- '[P1]': the card's controller, Player 1.",
            "- '(none left)': the group's attackers were all destroyed.",
            "- 'Groups: 1: P1's K♦ -> P0; 2: ...': many groups run on; P1 is Player 1.",
            "- 'Combat of group 1: skill 9 strikes': the soldiers of skill 9 strike now.",
            "- 'you struck': your strikes, shown to all once every striker has struck.",
        ]
    lines.append(f"- Players are numbered from 0{seat}.")
    return "\n".join(lines)


def _deck_mode_notes(obs: dict[str, Any]) -> list[str]:
    """What the deck mode is, before the battle: how a draft goes, what a sealed pool is, from
    the view's public facts (its options' numbers)."""
    size = obs.get("deck_size")
    deck = f"a deck of exactly {size} cards" if size else "a deck"
    mode = obs["deck_mode"]
    if mode == "draft":
        packs, per = obs.get("packs", "several"), obs.get("pack_size", "some")
        lines = ["The draft",
                 f"- Each player gets {packs} packs of {per} cards, opened one a round.",
                 "- All pick a card from the pack in front of them, in secret, then pass it "
                 "on,",
                 "  until the packs are empty (the last card is taken without asking).",
                 "- Round 1 passes left (to the next seat), round 2 right, round 3 left, ...",
                 f"- Your picks are your pool: after the draft you build {deck} from it."]
    elif mode == "sealed":
        lines = ["Sealed",
                 "- A deck per player is shuffled together; each player gets a deck's worth",
                 "  (52 cards, 54 with Jokers): its pool, secret.",
                 f"- You build {deck} from your pool."]
    else:  # constructed, without a deck list
        lines = ["Constructed",
                 f"- You build {deck} from a full deck of playing cards (your pool)."]
    return lines + [
        "- 'add' puts a card of your pool into your deck; 'done' fills the free places",
        "  with the cards of highest combat skill left (ability cards A, 2, 3, Joker last).",
        "- The cards left out are not played; each player draws from its own deck."]


def cards(names: list[str]) -> str:
    return " ".join(card_text(n) for n in names) or "-"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _drew(k: int, turn: int) -> str:
    """What a turn's header says of one player's draw step."""
    if k:
        return f"draws {k}"
    return "skips the first draw step" if turn == 1 else "has nothing to draw"


def _who(p: int, you: int | None) -> str:
    """"Player 1", "Player 0 (you)": as the other games' tables name the seats. A card's
    owner or controller tagged on the card keeps "P1" ("9♠[P1]": one a card, where a line
    lists many; `_group_text`), as does a line of three or more discard piles."""
    return f"Player {p} (you)" if p == you else f"Player {p}"


WHO_WIDTH = len("Player 0 (you)")  # a seat's name, right-aligned, on its line


def _soldiers(seat: dict[str, Any], p: int) -> str:
    out = []
    for name, owner in seat["soldiers"]:
        mark = f"(from Player {owner})" if owner != p else ""
        out.append(card_text(name) + mark)
    return " ".join(out) or "-"


def render(obs: dict[str, Any], player: int | None) -> str:
    you = obs.get("you")
    phase = obs["phase"]
    lines = []
    movers = ", ".join(_who(p, you) for p in obs["to_move"]) or "nobody"
    head = f"Battle - {obs['deck_mode']}"
    if obs["teams"] != "none":
        head += f", teams: {obs['teams']}"
    limit = obs["turn_limit"]
    if obs["round"] and obs.get("outcome"):
        # a game the time limit ended had begun the round past it: the rounds played, no turn
        played = min(obs["round"], limit) if limit else obs["round"]
        head += f" - round {played}" + (f" of a {limit}-round limit" if limit else "")
    elif obs["round"]:
        head += f" - round {obs['round']}, turn {obs['turn']}"
        if limit:
            head += f" of a {limit}-round limit"
    lines.append(fit(f"{head} - {PHASE_TEXT.get(phase, phase)} - to move: {movers}", " - "))
    if phase in ("draft", "build"):
        lines.extend(_render_building(obs))
    else:
        lines.extend(_render_table(obs))
    if obs.get("outcome"):
        lines.append(winner_line(obs["outcome"], you))
    return "\n".join(fit(line) for line in lines)  # any line still too long


def _render_building(obs: dict[str, Any]) -> list[str]:
    you = obs.get("you")
    seats = obs["seats"]
    teams = obs["teams"] != "none"
    mine = seats[you]["team"] if teams and you is not None else None
    names = [_who(p, you) + (" (partner)" if p != you and seat["team"] == mine else "")
             for p, seat in enumerate(seats)]
    width = max(len(name) for name in names)
    lines = []
    for p, seat in enumerate(seats):
        state = "deck built" if seat["built"] else f"deck {_count(seat['deck'], 'card')}"
        if obs["phase"] == "draft":
            state = f"{_count(seat['pool'], 'card')} picked" + (
                " (has picked)" if seat["picked"] else "")
        team = f" team {seat['team']}" if teams else ""
        lines.append(f"  {names[p]:>{width}}{team}: {state}")
    if "pack" in obs:
        if "packs" in obs:
            lines.append(_draft_progress(obs))
        lines.append(f"Pack {obs['pack_number']} in front of you: {cards(obs['pack'])}")
    if "pool" in obs:
        # a draft's pool is what was picked; sealed and constructed pools were dealt
        whose = "Your picks" if obs["phase"] == "draft" else "Your pool"
        lines.append(f"{whose} ({len(obs['pool'])}): {cards(obs['pool'])}")
    if "deck" in obs and obs["phase"] == "build":
        lines.append(f"Your deck ({len(obs['deck'])}/{obs['deck_size']}): {cards(obs['deck'])}")
    return lines


def _draft_progress(obs: dict[str, Any]) -> str:
    """"Pack 1 of 3, pick 4 of 15, passing left (to Player 1)": the viewer's place in the
    draft, and who gets its pack next."""
    you, n = obs["you"], len(obs["seats"])
    size = obs["pack_size"]
    # once picked, the pack has lost that pick's card: it is still this pick
    pick = size - len(obs["pack"]) + (0 if obs["seats"][you]["picked"] else 1)
    step = 1 if obs["passing"] == "left" else -1  # left is the next seat
    return (f"Pack {obs['pack_number']} of {obs['packs']}, pick {pick} of {size}, passing "
            f"{obs['passing']} (to {_who((you + step) % n, you)})")


def _render_table(obs: dict[str, Any]) -> list[str]:
    you = obs.get("you")
    limit = obs["hits_to_lose"]
    lines = []
    if "draw_pile" in obs:
        head = (f"Shared draw pile: {counted(obs['draw_pile'], 'card')}   discard pile: "
                f"{counted(len(obs['discard']), 'card')}")
        if obs["discard"]:
            head += ", top last: "
            head += _top_cards(obs["discard"], TEXT_WIDTH - len(head))
        lines.append(head)
    lines.append(f"Castles ({limit} unblocked hits lose), hands and soldiers in play:")
    for p, seat in enumerate(obs["seats"]):
        hits = seat.get("castle", seat["hits"])  # As one: the team's castle
        # hits past the limit count too (the log's "6 in all", the time limit's tiebreak)
        castle = "X" * min(hits, limit) + "." * max(0, limit - hits) + (
            f"+{hits - limit}" if hits > limit else "")
        team = f" team {seat['team']}" if obs["teams"] != "none" else ""
        status = "  OUT" if seat["out"] else ""
        turn = (" <- turn" if p in obs["active"] and not seat["out"] and not obs.get("outcome")
                else "")
        piles = ""
        if "draw_pile" in seat:
            piles = f"  draw {seat['draw_pile']} discard {len(seat['discard'])}"
        lines.append(f"  {_who(p, you):>{WHO_WIDTH}}{team} [{castle}] hand {seat['hand']:>2}{piles}"
                     f"  soldiers: {_soldiers(seat, p)}{status}{turn}")
    discards = [seat["discard"] for seat in obs["seats"] if "discard" in seat]
    if any(discards):  # face up (and the AI players see them): the top cards of each that fit
        n = len(discards)
        head = "Discard piles (top card last):" if n <= 3 else "Discards:"
        who = "Player " if n <= 2 else "P"  # three piles or more: the cards need the room
        room = (TEXT_WIDTH - len(head) - (n - 1)) // n - len(f" {who}0 ")  # " P0 9♥ K♦;"
        lines.append(head + ";".join(f" {who}{p} " + _top_cards(pile, room)
                                     for p, pile in enumerate(discards)))
    if obs.get("hand") is not None and you is not None:
        # the flag stays up from the player's own turn until its next begins: said in its turn
        used = you in obs["active"] and obs["seats"][you]["used_court_or_special"]
        note = "  (court card or special ability used this turn)" if used else ""
        lines.append(fit(f"Your hand: {cards(obs['hand'])}{note}", "  "))
    # once the game is over, with the blocks the end took off the table (state._final_groups)
    shown = obs.get("final_groups", obs["groups"])
    owners = _attackers(obs)
    if shown and obs.get("outcome"):  # hits ended the game before any of their combats
        lines.append(_ended_on(shown))
    if len(shown) <= GROUP_LINES:
        lines += [fit(f"  Group {g}: {_group_text(group, owners.get(g - 1))}", "  ")
                  for g, group in enumerate(shown, 1)]
    else:  # a line each would push the choices off the screen (12 groups took 12 lines),
        # and "P1" for "Player 1" keeps them to a few lines
        lines.append(fit("Groups: " + "; ".join(
            f"{g}: {_group_text(group, owners.get(g - 1), short=True)}"
            for g, group in enumerate(shown, 1)), "; "))
    combat = obs.get("combat")
    if combat:
        strikers = " ".join(f"{card_text(n)}[P{c}]" for c, n in combat["strikers"])
        # Only the viewer's own strikes: the others' stay secret until the level resolves.
        doomed = " ".join(f"{card_text(n)}[P{c}]" for c, n in combat["doomed"])
        lines.append(f"  Combat of group {combat['group'] + 1}: skill {combat['level']} strikes;"
                     f" still to strike: {strikers or '-'}"
                     + (f"; you struck: {doomed} (revealed when all have struck)"
                        if doomed else ""))
    special = obs.get("special")
    if special:
        victim = f" against Player {special['victim']}" if special["victim"] >= 0 else ""
        lines.append(f"  Player {special['player']} used {card_text(special['card'])}"
                     f"{victim}")
    return lines


def _top_cards(pile: list[str], room: int) -> str:
    """The top cards of a discard pile (its last cards), in the order they came, as many as
    fit in `room` columns (the top card always): "…" first when some are left out (where
    there is room for it), "-" for an empty pile."""
    if not pile:
        return "-"
    texts = [card_text(name) for name in pile]
    whole = " ".join(texts)
    if len(whole) <= room:
        return whole
    shown = [texts[-1]]
    width = len(texts[-1]) + 1  # and the "…"
    for text in reversed(texts[:-1]):
        if width + 1 + len(text) > room:
            break
        shown.append(text)
        width += 1 + len(text)
    return ("…" if width <= room else "") + " ".join(reversed(shown))


def describe_event(e: dict[str, Any]) -> str:
    kind = e["event"]
    # A seat as the other games' logs name it: "Player 1" opens a line, "player 1" within one
    # (the browser's table reads either as "Seat 1"; kit.seatWords)
    p = f"Player {e['player']}" if isinstance(e.get("player"), int) else ""
    simple = {
        "first": f"{p} goes first",
        "eliminated": f"{p} has lost and leaves the game",
        "deck_built": f"{p} has built a deck",
    }
    if kind in simple:
        return simple[kind]
    if kind == "setup":
        teams = "" if e["teams"] == "none" else f", teams: {e['teams']}"
        return (f"Battle: {e['players']} players, {e['deck_mode']}{teams}, "
                f"{counted(e['decks'], 'deck')}" + (" with Jokers" if e["jokers"] else ""))
    if kind == "pack":
        return f"Draft: pack {e['number']} opened, passing {e['direction']}"
    if kind == "picked":
        return f"You picked {card_text(e['card'])}"
    if kind == "build":
        return f"Each player builds a {e['size']}-card deck"
    if kind == "your_deck":
        return f"Your deck: {cards(e['cards'])}"
    if kind == "turn":  # each player of the turn named once, with its draw step
        draws = "; ".join(f"player {q} " + _drew(k, e["turn"])
                          for q, k in zip(e["players"], e["drawn"]))
        return f"--- Round {e['round']}, turn {e['turn']}: {draws} ---"
    if kind == "draws":
        return f"{p} " + ("has nothing to draw (both piles are empty)" if not e["count"]
                          else f"draws {_count(e['count'], 'card')}")
    if kind == "drew":
        return f"You drew {cards(e['cards'])}"
    if kind == "reshuffle":
        whose = f"{p}'s" if p else "The"
        return f"{whose} discard pile is shuffled into the draw pile"
    if kind == "attack":
        return (f"{p} attacks player {e['target']} with {card_text(e['card'])} "
                f"(group {e['group'] + 1})")
    if kind == "block":
        return f"{p} blocks group {e['group'] + 1} with {card_text(e['card'])}"
    if kind == "hits":
        if "team" in e:  # as one: the team's castle
            return (f"{p} takes {_count(e['hits'], 'unblocked hit')}: team {e['team']}'s castle "
                    f"has {e['total']} in all")
        return f"{p} takes {_count(e['hits'], 'unblocked hit')}: {e['total']} in all"
    if kind == "strike":
        down = " too (a wasted strike)" if e.get("wasted") else " down"
        return (f"{p}'s {card_text(e['card'])} (skill {SKILL[e['card']]}) strikes "
                f"player {e['target']}'s {card_text(e['target_card'])}{down}")
    if kind == "destroyed":
        return f"{p}'s {card_text(e['card'])} is destroyed"
    if kind == "play":
        what = "court card" if e["court"] else "soldier"
        return f"{p} plays {card_text(e['card'])} as a {what}"
    if kind == "special":
        return f"{p} uses the special ability of {card_text(e['card'])}"
    if kind == "victim":
        return f"{p} chooses player {e['victim']} for {card_text(e['card'])}"
    if kind == "gained":
        return f"{p} gains control of player {e['victim']}'s {card_text(e['card'])}"
    if kind == "game_over":
        who = ", ".join(f"player {q}" for q in e["winners"]) or "nobody (draw)"
        return f"Game over: {who} - {e['reason']}"
    return str(e)


GROUP_LINES = 4  # attacking groups shown a line each; more run on, in as few lines as fit


def _ended_on(groups: list[dict[str, Any]]) -> str:
    """The heading of the attack groups a game ended on: the hits of the unblocked ones were
    counted (that is what ended it: hits are counted before combat), the blocked ones never
    fought."""
    blocked = sum(1 for group in groups if group["blockers"])
    if blocked == len(groups):
        return "The game ended before these attacks were fought:"
    if not blocked:
        return "The game ended on these unblocked attacks (their hits counted):"
    return "The game ended on these attacks (unblocked: hit; blocked: not fought):"


def _group_text(group: dict[str, Any], declarer: int | None = None, short: bool = False) -> str:
    """An attacking group: "Player 1's K♦ 4♥ -> Player 2  blocked by 9♠[P2]" (`short`, where
    many groups run on: "P1's K♦ 4♥ -> P2 ..."); each card's controller tagged "[P2]". A group
    whose attackers are all gone is its `declarer`'s: "Player 1's (none left)"."""
    attackers = " ".join(f"{card_text(n)}" + (f"[P{c}]" if len({a[0] for a in
                         group['attackers']}) > 1 else "") for c, n in group["attackers"])
    blockers = " ".join(f"{card_text(n)}[P{c}]" for c, n in group["blockers"])
    owner = group["attackers"][0][0] if group["attackers"] else declarer
    if owner is None:  # a view without its log (never the game's own)
        owner = "?"
    seat = "P" if short else "Player "
    return (f"{seat}{owner}'s {attackers or '(none left)'} -> {seat}{group['target']}"
            + (f"  blocked by {blockers}" if blockers else ""))


def _attackers(obs: dict[str, Any]) -> dict[int, int]:
    """The player who declared each group of this attack step (the first to attack with it),
    by group: the public log's "attack" events since the turn began. The group itself lists
    only the attackers still in it, none once all are destroyed."""
    log = obs.get("log") or []
    start = max((i for i, e in enumerate(log) if e.get("event") == "turn"), default=-1)
    first: dict[int, int] = {}
    for e in log[start + 1:]:
        if e.get("event") == "attack":
            first.setdefault(e["group"], e["player"])
    return first


def choice_grid(actions: Sequence[Any]) -> ChoiceGrid | None:
    """A decision to attack or to block as a table: a soldier (row) and the group it joins
    (column), a new group named by its target. None for other decisions."""
    cells: list[tuple[str, str] | None] = []
    for a in actions:
        if isinstance(a, Attack):
            cells.append((card_text(a.card), f"new P{a.target}" if a.new else f"g{a.group + 1}"))
        elif isinstance(a, Block):
            cells.append((card_text(a.card), f"g{a.group + 1}"))
        else:
            cells.append(None)
    if not any(cells):
        return None
    if any(isinstance(a, Attack) for a in actions):
        return ChoiceGrid("a soldier meets the group it attacks with (g1: group 1; new P1: a "
                          "new group against P1)", cells)
    return ChoiceGrid("a soldier meets the group it blocks (g1: group 1)", cells)
