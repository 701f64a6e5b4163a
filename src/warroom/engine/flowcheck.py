"""Does the flow of a game give hidden information away? A check that any game can run.

Whether a decision is put to a player, what kind of decision it is, and every event a player
sees may depend only on what that player may know. A game that asks a player only when it
holds a card it could play tells the others about its hand as surely as showing it.

The check: at a state S, `determinize` for an observer p gives a twin D in which everything
p cannot know is resampled (the other hands, the order of the decks). The twin also gets a
copy of S's random generator, so that both roll the same dice: apart from the hidden cards,
S and D are the same game. Then both are driven forward with the same actions (for p, one of
its legal actions, the same in both; for another player, one legal in both games, so that
its public consequences can match; where there is none the comparison ends: that player's
hidden hand decides what it can do). After every action, and before the first, S and D must
agree on what p can observe of the flow:
- who is to move (`to_move()`) and the kind of decision each mover faces
  (`Game.decision_kind`);
- the events p sees: the public ones, and p's own until p's hands in S and D differ;
- whether the game is over, its winners and the reason.

Where the two games legitimately part is where a hidden card or a chance draw is revealed:
a card flipped from the deck, a card drawn into p's hand. Such an event carries the revealed
content, so the two games show the same event with different data (a different card), or
different events carrying different data (a face card laid down instead of a reinforcement
drawn). That is where the comparison of a public event ends, and for p's own events where the
comparison of the private ones ends (and the whole comparison, where the game says such a
private reveal, to p or to another player, may change who is asked next:
`Game.reveal_changes_flow`). What the check
reports is a difference nothing revealed explains: a mover, a decision kind or an ending
that differs after the same visible history, an event present in one game only, or another
event carrying the same data ("no attack card" where the twin says "wave" for the same
wave).

It is sound in this sense: the twin is a game p cannot tell from the real one, both see the
same dice and the same actions, and the comparison stops where content p could not know
becomes visible. It is not complete: a leak that hides in an event's data (a public "pass"
that lists the cards its player could have played) ends the comparison instead of being
reported, and a leak in a state that random play does not reach is not found.
"""

from __future__ import annotations

import random
from typing import Any

from .core import Game, Player, State
from .rng import copy_rng

Event = dict[str, Any]


def twin(state: State, observer: Player, seed: int) -> State:
    """A determinisation of `state` for `observer` that rolls the same dice as `state`."""
    new = state.determinize(observer, random.Random(seed))
    new.rng = copy_rng(state.rng)
    return new


def _events(state: State, observer: Player, since: int,
            until: int | None = None) -> tuple[list[Event], list[Event]]:
    """The public events, and those only `observer` (and maybe others) sees, after the first
    `since` entries of the log (and before entry `until`)."""
    public, own = [], []
    for to, e in state.log[since:until]:
        if to is None:
            public.append(e)
        elif observer in to:
            own.append(e)
    return public, own


def _carries_other_data(a: Event, b: Event) -> bool:
    """Whether two events disagree on a field both have (other than the event's name): they
    reveal different content, such as a different card drawn or flipped."""
    return any(k != "event" and k in b and a[k] != b[k] for k in a)


def _compare(real: list[Event], other: list[Event]) -> tuple[str, str]:
    """("same", ""), ("revealed", ""), or ("leak", what differs)."""
    for a, b in zip(real, other):
        if a != b:
            if _carries_other_data(a, b):
                return "revealed", ""
            return "leak", f"event {a} in the real game, {b} in the twin"
    if len(real) != len(other):
        longer, which = (real, "real game") if len(real) > len(other) else (other, "twin")
        extra = longer[min(len(real), len(other))]
        return "leak", f"only the {which} has event {extra}"
    return "same", ""


def _flow_reveal(game: Game, real: State, other: State,
                 since: tuple[int, int]) -> tuple[int, int] | None:
    """Where (log indexes in the real game and in its twin) some player's own events since
    `since` (the latest action's) first part by revealing content that, the game says, may
    change who is asked next: the observer's, or another's (a player coming upon something
    hidden from it makes a third be asked, which the observer sees)."""
    def own(state: State, start: int, p: Player) -> list[tuple[int, Event]]:
        return [(i, e) for i, (to, e) in enumerate(state.log[start:], start)
                if to is not None and p in to]

    cuts = []
    for p in range(real.num_players):
        for (i, a), (j, b) in zip(own(real, since[0], p), own(other, since[1], p)):
            if a != b:
                if _carries_other_data(a, b) and game.reveal_changes_flow(a):
                    cuts.append((i, j))
                break
    return min(cuts) if cuts else None


def _ending(state: State) -> tuple[Any, ...] | None:
    if not state.is_terminal():
        return None
    outcome = state.outcome()
    return (outcome.winners, outcome.reason) if outcome is not None else ()


def compare_flow(game: Game, real: State, other: State, observer: Player,
                 rng: random.Random, steps: int) -> tuple[str | None, int]:
    """Drive `real` and its twin `other` (both are changed) forward together for up to
    `steps` actions. Returns (None, actions compared) when they agree on what `observer`
    can observe of the flow until the comparison ends, else (what differs, at which action)."""
    start = (len(real.log), len(other.log))
    own_diverged = False
    last = start  # where the events of the latest action begin
    for step in range(steps + 1):
        cut = _flow_reveal(game, real, other, last)
        if cut is not None:  # the events before the reveal must agree; then the games part
            verdict, what = _compare(_events(real, observer, start[0], cut[0])[0],
                                     _events(other, observer, start[1], cut[1])[0])
            return (f"public events: {what}" if verdict == "leak" else None), step
        public_r, own_r = _events(real, observer, start[0])
        public_o, own_o = _events(other, observer, start[1])
        verdict, what = _compare(public_r, public_o)
        if verdict == "leak":
            return f"public events: {what}", step
        if verdict == "revealed":
            return None, step
        if not own_diverged:
            verdict, what = _compare(own_r, own_o)
            if verdict == "leak":
                return f"player {observer}'s own events: {what}", step
            own_diverged = verdict == "revealed"
        ending = _ending(real)
        if ending != _ending(other):
            return f"the ending differs: {ending} in the real game, {_ending(other)} in the " \
                   "twin", step
        if ending is not None:
            return None, step
        movers = real.to_move()
        if movers != other.to_move():
            return f"to move: {movers} in the real game, {other.to_move()} in the twin", step
        for m in movers:
            kinds = game.decision_kind(real, m), game.decision_kind(other, m)
            if kinds[0] != kinds[1]:
                return f"player {m} decides {kinds[0]!r} in the real game, {kinds[1]!r} in " \
                       "the twin", step
        if step == steps:
            break
        mover = movers[0]
        theirs = other.legal_actions(mover)
        common = [a for a in real.legal_actions(mover) if a in theirs]
        if not common:  # the mover's hidden cards decide what it can do: the games part
            return None, step
        action = common[rng.randrange(len(common))]
        last = (len(real.log), len(other.log))
        real.apply(mover, action)
        other.apply(mover, action)
    return None, steps


def flow_leak(game: Game, state: State, observer: Player, seed: int,
              steps: int = 30) -> str | None:
    """None if the flow from `state`, as `observer` observes it, reveals nothing hidden from
    it along one random continuation; else a sentence saying what gave it away."""
    what, step = compare_flow(game, state.clone(), twin(state, observer, seed), observer,
                              random.Random(seed), steps)
    return None if what is None else f"seen by player {observer}, {step} action(s) on: {what}"
