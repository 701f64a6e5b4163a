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
- the events p sees: the public ones (a spectator's, which any seat may read), and p's own
  until p's hands in S and D differ;
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

Two more checks of secrets, which the conformance suite runs on every game:
`simultaneous_leak` (nobody sees another's choice at a simultaneous decision until all are
in) and `determinisation_problem` (a determinisation keeps what its player and a spectator
see, and varies what the player cannot see); each says what most likely is wrong. And one of
the flow of a simultaneous decision, `simultaneous_turn_problem`: each of its movers stays to
move until it has chosen, and the game does not end in the middle of it. And
`determinisation_repeat_problem`: a determinisation depends on nothing but the rng it is
given, so that a seeded search plays the same game twice.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from .core import SPECTATORS, Game, Player, State, told
from .rng import copy_rng

Event = dict[str, Any]


def twin(state: State, observer: Player, seed: int) -> State:
    """A determinisation of `state` for `observer` that rolls the same dice as `state`."""
    new = state.determinize(observer, random.Random(seed))
    new.rng = copy_rng(state.rng)
    return new


def _events(state: State, observer: Player, since: int,
            until: int | None = None) -> tuple[list[Event], list[Event]]:
    """The public events (those a spectator sees, which any seat may read), and those only
    `observer` (and maybe other seats) sees, after the first `since` entries of the log (and
    before entry `until`)."""
    public, own = [], []
    for to, e in state.log[since:until]:
        if told(to, SPECTATORS):
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
                if to is not None and p in to and SPECTATORS not in to]  # (see `_events`)

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


def first_difference(a: Any, b: Any) -> str:
    """Where two observations (JSON-able dicts) first differ: a key, and for a list (the
    log) the first item that differs, e.g. "key 'log' (item 3: {...} or {...})"."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            if key not in a or key not in b:
                return f"key {key!r} (in one observation only)"
            if a[key] != b[key]:
                x, y = a[key], b[key]
                if isinstance(x, list) and isinstance(y, list):
                    for i, (u, v) in enumerate(zip(x, y)):
                        if u != v:
                            return f"key {key!r} (item {i}: {u!r} or {v!r})"
                    i = min(len(x), len(y))
                    extra = (x if len(x) > len(y) else y)[i]
                    return f"key {key!r} (item {i}: {extra!r} in one observation only)"
                return f"key {key!r} ({_short(x)} or {_short(y)})"
        return "nowhere"
    return f"the whole observation ({_short(a)} or {_short(b)})"


def _short(value: Any, limit: int = 120) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def simultaneous_leak(game: Game, state: State, rng: random.Random,
                      tries: int = 6) -> str | None:
    """At a simultaneous decision (`to_move()` has several seats), nobody may see another's
    choice until all are in (docs/DESIGN.md). For each mover q with two or more legal
    actions, two different ones (drawn with `rng`) are applied to two clones, and every other
    seat still to move must see the very same observation, log included, and have the same
    legal actions, in both. None if so (and at any state with one mover), else a sentence
    naming the seat that could tell, the chooser, its two actions and the first key of the
    observation that differs. `state` is not changed.

    That q has finished choosing is public, as a player sees the others lay their card down:
    where q's choice is made of several sub-decisions ("add this card", "done"), the two
    actions compared are two after which the same seats are to move (up to `tries` of q's
    actions are tried to find such a pair); what q chose is not public."""
    movers = state.to_move()
    if len(movers) < 2:
        return None
    for q in movers:
        actions = state.legal_actions(q)
        if len(actions) < 2:
            continue
        order = rng.sample(range(len(actions)), min(len(actions), tries))
        after: dict[tuple[Player, ...], tuple[Any, State]] = {}
        pair = None
        for k in order:
            copy = state.clone()
            copy.apply(q, actions[k])
            first = after.setdefault(copy.to_move(), (actions[k], copy))
            if first[1] is not copy:
                pair = (first, (actions[k], copy))
                break
        if pair is None:
            continue
        (a, copy_a), (b, copy_b) = pair
        where = (f"at a simultaneous decision (players {list(movers)} to move), player {q} "
                 f"chose {a.label!r} or {b.label!r}")
        for p in copy_a.to_move():
            if p == q or p not in movers:
                continue
            seen = copy_a.observation(p), copy_b.observation(p)
            if seen[0] != seen[1]:
                return (f"player {p} can tell what player {q} chose in secret before choosing "
                        f"itself: {where}, and player {p}'s observation differs at "
                        f"{first_difference(seen[0], seen[1])}")
            legal = copy_a.legal_actions(p), copy_b.legal_actions(p)
            if legal[0] != legal[1]:
                return (f"player {p} can tell what player {q} chose in secret before choosing "
                        f"itself: {where}, and player {p}'s legal actions differ "
                        f"({_short([x.label for x in legal[0]])} or "
                        f"{_short([x.label for x in legal[1]])})")
    return None


def random_walk(game: Game, config: Any, seed: int,
                max_steps: int = 20_000) -> Iterator[tuple[int, State]]:
    """(actions applied so far, the live state) along one random game from `seed`, in which
    the first mover plays a random legal action (drawn from `random.Random(seed)`); the state
    is changed as the walk goes on."""
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    for i in range(max_steps):
        if state.is_terminal():
            return
        yield i, state
        mover = state.to_move()[0]
        actions = state.legal_actions(mover)
        state.apply(mover, actions[rng.randrange(len(actions))])


def simultaneous_leak_in_play(game: Game, config: Any, seed: int,
                              decisions: int = 40) -> str | None:
    """`simultaneous_leak` at up to `decisions` simultaneous decisions along a `random_walk`
    from `seed`: None if none leaks, else "seed S, decision I: " and what leaked (I counts
    the actions applied before it)."""
    rng = random.Random(seed)
    checked = 0
    for i, state in random_walk(game, config, seed):
        if checked >= decisions:
            break
        if len(state.to_move()) > 1:
            checked += 1
            leak = simultaneous_leak(game, state, rng)
            if leak is not None:
                return f"seed {seed}, decision {i}: {leak}"
    return None


def simultaneous_turn_problem(game: Game, config: Any, seed: int,
                              max_steps: int = 20_000) -> str | None:
    """Once several players are to move at once (`to_move()` has several seats), each stays
    to move until it has chosen, and the game does not end with some still to choose: an
    agent's search (MctsAgent's rollout) collects every mover's choice before applying them.
    Along one random game from `seed`, in which a random mover plays a random legal action,
    after each action of such a decision the movers that have not acted yet must still be in
    `to_move()` and the state not terminal, until all have acted. None if so, else
    "seed S, decision I: " and what went wrong (I counts the actions applied before it)."""
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    movers: tuple[Player, ...] = ()
    waiting: set[Player] = set()  # the movers of the open simultaneous decision yet to act
    for i in range(max_steps):
        if state.is_terminal():
            return None
        if not waiting and len(state.to_move()) > 1:
            movers = state.to_move()
            waiting = set(movers)
        now = state.to_move()
        player = now[rng.randrange(len(now))]
        actions = state.legal_actions(player)
        action = actions[rng.randrange(len(actions))]
        state.apply(player, action)
        waiting.discard(player)
        if not waiting:
            continue
        where = (f"seed {seed}, decision {i}: at a simultaneous decision (players "
                 f"{list(movers)} to move), after player {player} chose {action.label!r}, ")
        rule = ("; every player to move at once stays to move until it has chosen (an agent's "
                "search collects every mover's choice before applying any)")
        pending = sorted(waiting)
        if state.is_terminal():
            return (f"{where}the game is over with player{'s' * (len(pending) > 1)} "
                    f"{pending} still to choose{rule}")
        gone = [p for p in pending if p not in state.to_move()]
        if gone:
            return (f"{where}player {gone[0]}, who has not chosen yet, is no longer to move "
                    f"(to move: {list(state.to_move())}){rule}")
    return None


def _plain(value: Any) -> Any:
    """`value` as JSON gives it back (tuples as lists): what observations are compared as."""
    return json.loads(json.dumps(value))


def determinisation_mismatch(state: State, player: Player, determinisation: State) -> str | None:
    """None if `determinisation`, of `state` for `player`, shows `player` and a spectator
    exactly what `state` shows them, with the same seats to move and `player`'s same legal
    actions; else what differs, where, and what is most likely wrong. A difference in what
    `player` sees has two causes no check can tell apart: `observation(player)` shows
    something hidden from it, which `determinize(player)` rightly resampled, or `determinize`
    changed something it can see. Both are named."""
    p, d = player, determinisation
    truth, seen = _plain(state.observation(p)), _plain(d.observation(p))
    if truth != seen:
        return (f"player {p}'s observation differs between the state and its determinisation "
                f"for player {p} at {first_difference(truth, seen)}: either observation({p}) "
                f"shows something player {p} cannot know (an opponent's hand, a secret choice, "
                f"the deck order: determinize resamples it), or determinize({p}) changed "
                f"something player {p} can see")
    public, seen = _plain(state.observation(None)), _plain(d.observation(None))
    if public != seen:
        return (f"a spectator's observation differs between the state and its determinisation "
                f"for player {p} at {first_difference(public, seen)}: either observation(None) "
                f"shows something player {p} cannot know (a spectator's view is public: anyone "
                f"at the table may read it), or determinize({p}) changed something public")
    if d.to_move() != state.to_move():
        return (f"determinize({p}) changed who is to move: {state.to_move()} in the state, "
                f"{d.to_move()} in its determinisation for player {p}")
    if p in state.to_move() and d.legal_actions(p) != state.legal_actions(p):
        return (f"player {p}'s legal actions differ between the state and its determinisation "
                f"for player {p}: either they depend on something player {p} cannot know, or "
                f"determinize({p}) changed something player {p} can see")
    return None


def _future(state: State, seed: int, steps: int = 40) -> tuple[str, ...]:
    """The spectator's observations along a random continuation of `state` (changed): a
    fingerprint of what lies ahead."""
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if state.is_terminal():
            break
        p = state.to_move()[0]
        acts = state.legal_actions(p)
        state.apply(p, acts[rng.randrange(len(acts))])
        out.append(json.dumps(state.observation(None), sort_keys=True))
    return tuple(out)


def determinisation_problem(game: Game, config: Any, seed: int, every: int = 4,
                            tries: int = 4, continuations: int = 4) -> str | None:
    """The no-leak check of docs/DESIGN.md along a `random_walk` from `seed`: at each of the
    first `every` decisions and then at one decision in every `every` (a random one of each
    run of `every`, so that the sample does not lock onto a game's rhythm, such as a round of
    two decisions whose secret choice is hidden only at the second), for each player p, `tries`
    determinisations for p must each pass `determinisation_mismatch` and leave the state
    alone, and determinisation must vary what p cannot see somewhere (two determinisations,
    driven on by the same random actions, part somewhere along the game; each is driven on
    along `continuations` random continuations, since one may never bring the resampled cards
    into view: a poker hand folded at once shows no card). None if so, else
    what is wrong and where. A game with nothing hidden (no hand, no deck, no secret choice)
    cannot pass the last part: there is nothing to vary."""
    varied = checked = 0
    pick = random.Random(seed)
    sampled = 0
    for i, state in random_walk(game, config, seed):
        if i % every == 0:
            sampled = i + pick.randrange(every)
        if i >= every and i != sampled:
            continue
        for p in range(state.num_players):
            before = json.dumps([state.observation(v) for v in [*range(state.num_players), None]],
                                sort_keys=True)
            futures = set()
            for k in range(tries):
                d = state.determinize(p, random.Random(1000 * i + k))
                mismatch = determinisation_mismatch(state, p, d)
                if mismatch is not None:
                    return f"seed {seed}, after {i} decisions: {mismatch}"
                if not varied:  # once anything has varied, the futures cost time for nothing
                    futures.add(tuple(_future(d.clone(), 99 + j) for j in range(continuations)))
            after = json.dumps([state.observation(v) for v in [*range(state.num_players), None]],
                               sort_keys=True)
            if after != before:
                return (f"seed {seed}, after {i} decisions: determinize({p}) changed the state "
                        "it was called on")
            varied += len(futures) > 1
            checked += 1
    if not varied:
        return (f"seed {seed}: no determinisation (of {checked}, for every player at the "
                f"first {every} decisions of a random game and one in every {every} after) "
                f"changed what a spectator sees in any of {continuations} random "
                "continuations: either determinize(p) resamples nothing that p cannot know (the "
                "other hands, the deck order, secret choices; and re-seeds its copy's RNG from "
                "rng), or observation(p) shows all of it, so that nothing is hidden to resample "
                "(a game with nothing hidden cannot pass this check: the suite is for games of "
                "hidden information); or, less likely, no continuation brought what was "
                "resampled into a spectator's view (another seed may)")
    return None


def _fingerprint(state: State, seed: int, steps: int = 12) -> list[dict[str, Any]]:
    """What every seat and a spectator see, who is to move and the movers' legal actions, now
    and after a random continuation of `state` (changed), which brings what no one sees yet
    (the deck's order, the state's own dice) into view."""
    rng = random.Random(seed)
    seen = []
    for k in range(steps + 1):
        movers = state.to_move()
        if k in (0, steps) or state.is_terminal():
            seen.append(_plain({
                **{f"player {v}'s view": state.observation(v) for v in range(state.num_players)},
                "the spectator's view": state.observation(None), "to move": movers,
                "legal actions": [[a.label for a in state.legal_actions(p)] for p in movers]}))
        if state.is_terminal():
            break
        acts = state.legal_actions(movers[0])
        state.apply(movers[0], acts[rng.randrange(len(acts))])
    return seen


def determinisation_repeat_problem(game: Game, config: Any, seed: int, every: int = 6,
                                   checks: int = 4) -> str | None:
    """`determinize` draws only from the rng it is given: at up to `checks` decisions (one in
    every `every`) along a `random_walk` from `seed`, for every player p, two determinisations
    for p from rngs of the same seed must show every seat and a spectator the same, with the
    same movers and legal actions, now and after the same random continuation. One that drew
    from `random.Random()` (or the clock, or Python's random module) made a seeded MctsAgent
    play differently each time. None if so, else what differs and where."""
    checked = 0
    for i, state in random_walk(game, config, seed):
        if checked >= checks:
            break
        if i % every:
            continue
        checked += 1
        for p in range(state.num_players):
            a, b = (_fingerprint(state.determinize(p, random.Random(1000 * i + p)), i)
                    for _ in range(2))
            if a == b:
                continue
            at_once = a[0] != b[0]
            when = "at once" if at_once else "after the same random continuation"
            where = (first_difference(a[0], b[0]) if at_once else
                     first_difference(a[-1], b[-1]) if len(a) == len(b) else
                     "whether the game is over")
            return (f"seed {seed}, after {i} decisions: two determinisations for player {p} "
                    f"from rngs of the same seed differ {when}, at {where}: "
                    f"determinize({p}) draws from something "
                    "other than the rng it is given (random.Random(), Python's random module, "
                    "the clock); every draw, and the seed of its copy's own "
                    "rng, must come from that rng")
    return None
