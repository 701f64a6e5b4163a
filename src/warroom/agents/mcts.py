"""Information-set Monte Carlo tree search: single-observer ISMCTS (Cowling, Powley and
Whitehouse, 2012), for any registered game.

Each iteration samples a determinisation of the searcher's information set from its PlayerView,
walks one shared tree whose edges are the actions taken, expands one node, finishes the game by
a rollout and backs the result up. Because every determinisation is drawn from the view, the
search never sees anything its player could not see; the tree merges all of them, so its
statistics are per information set of the searcher, not per hidden deal.

Where the game offers a position estimate (`Game.evaluate`), a rollout plays only a few
decisions with the heuristic and then scores the estimate: a whole heuristic game costs
milliseconds in most games, so whole rollouts allowed 40 to 400 iterations a second, and a
rollout's single win or loss is a far noisier signal than the estimate's chance.

Selection is UCB over *availability* counts: an action's exploration term counts the visits in
which it was legal, not the visits of its parent, since which actions are legal varies between
determinisations.

Simultaneous decisions (several players in `to_move()`) are searched as a decoupled joint
node: each mover picks its own action from its own statistics at that node, without knowing
what the others pick (with a little uniform exploration, against lockstep), and the child is
keyed by the joint choice. A choice another player has
already submitted (the runner asks movers one by one) is hidden from the searcher's
observation, and `determinize` resamples it, so the search cannot read it.

Parameters (a SPEC such as `mcts:iters=2000:rollout=random`):
  iters    iterations per move (at most MAX_ITERS, a million)
  time     seconds per move (at most MAX_TIME, an hour); with `iters` too, whichever runs out
           first. With neither, a move stops at 1000 iterations or 1 second; give `iters` alone
           for moves that a seed reproduces exactly on any machine. The clock is read between
           iterations, and a move makes one at least: it may pass its time by one iteration
           (short with the default depth; a `depth=full` rollout of a long game, a Viktory II
           map, can take a second or more)
  rollout  `heuristic` (the game's own policy, when it has one) or `random`
  c        UCB exploration constant (rewards lie in [0, 1])
  depth    rollout decisions before the game's `evaluate` estimate scores the position (default:
           the game's `estimate_depth`, 4 unless it says otherwise; 0: score the new leaf at
           once; `full`: play to the end). Where the game declines a state (its estimate scores
           only settled points, say) the rollout plays on to the next one it scores. A game
           without an estimate plays rollouts to the end; a rollout it cuts short scores as a
           draw (1/players each)
  shape    weight of the final score share in the reward (0 to 1, default 0): a rollout lost
           narrowly then counts for more than one lost badly, a smoother signal in long games
  guard    keep the heuristic's move at the root unless the search's choice has a mean reward
           higher by more than `guard` standard errors (default 0: off; 2 is a usual test): a
           guard against choices that noise made among near-equal moves
  bias     progressive bias towards the game's heuristic move at every tree node: a bonus of
           bias / (visits + 1) to the UCB score of the action the heuristic picks, which is
           also tried first and wins ties of visits at the root (default 5; 0: none). It keeps
           small budgets from playing worse than the heuristic: noise cannot outvote it.
  beliefs  how determinisations resample an opponent's secret choice (its chosen dice, the
           order of its battalion, a draft pick): `uniform` (default) all choices consistent
           with what the searcher has seen alike; `heuristic` as the game's own heuristic
           would have chosen it, with probability `noise` (default 0.25) any consistent
           choice (see agents.beliefs and engine.belief). The default stays uniform until
           the heuristic belief is measured stronger (benchmarks/beliefs-results.md)
  noise    the uniform share of a heuristic belief (0 to 1); only with `beliefs=heuristic`

A search stops early once no other root action can overtake the most visited one in the
iterations left (under a time budget, those the rest of the time allows at the rate so far),
which changes nothing in the choice and saves time on clear decisions.
"""

from __future__ import annotations

import math
import operator
import random
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import ConfigError, Game, Outcome, PlayerView, RulesError, State
from .beliefs import BELIEFS, DEFAULT_NOISE, make_belief

DEFAULT_ITERS = 1000
SIMULTANEOUS_EPSILON = 0.1
DEFAULT_BIAS = 5.0
DEFAULT_TIME = 1.0  # seconds: with neither budget given, a move stops at whichever comes first
# The most a SPEC may ask of one move, so that a typo (iters=10000000000, time=1e12) is an
# error, not a game that never finishes: a million iterations is minutes a move in the slower
# games (and a tree of that many nodes in memory), an hour is longer than any person waits.
MAX_ITERS = 1_000_000
MAX_TIME = 3600.0  # seconds

# A step of the tree: the (player, action) pairs chosen at one node, one per mover.
Step = tuple[tuple[int, Any], ...]


@dataclass(frozen=True)
class MctsParams:
    iters: int | None = DEFAULT_ITERS
    time: float | None = None
    rollout: str = "heuristic"
    c: float = 0.7
    depth: int | None | str = "auto"  # "auto": game.estimate_depth with an estimate, else full
    bias: float = DEFAULT_BIAS
    shape: float = 0.0
    guard: float = 0.0
    beliefs: str = "uniform"
    noise: float = DEFAULT_NOISE

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> MctsParams:
        """Typed parameters from SPEC text; any mistake is a one-line ConfigError."""
        known = ("iters", "time", "rollout", "c", "depth", "bias", "shape", "guard", "beliefs",
                 "noise")
        for key in raw:
            if key not in known:
                raise ConfigError(f"mcts: unknown parameter {key!r}; parameters are: "
                                  f"{', '.join(known)}")
        iters = _number(raw, "iters", int, minimum=1, maximum=MAX_ITERS)
        seconds = _number(raw, "time", float, minimum=0.0, strict=True, maximum=MAX_TIME,
                          unit="seconds")
        if iters is None and seconds is None:  # the default: strong, yet quick for a person
            iters, seconds = DEFAULT_ITERS, DEFAULT_TIME
        rollout = str(raw.get("rollout", "heuristic"))
        if rollout not in ("heuristic", "random"):
            raise ConfigError(f"mcts: rollout must be heuristic or random, not {rollout!r}")
        c = _number(raw, "c", float, minimum=0.0)
        depth: int | None | str = "auto"
        if str(raw.get("depth", "")) == "full":
            depth = None
        elif "depth" in raw:
            depth = _number(raw, "depth", int, minimum=0)
        bias = _number(raw, "bias", float, minimum=0.0)
        shape = _number(raw, "shape", float, minimum=0.0, maximum=1.0)
        guard = _number(raw, "guard", float, minimum=0.0)
        beliefs = str(raw.get("beliefs", cls.beliefs))
        if beliefs not in BELIEFS:
            raise ConfigError(f"mcts: beliefs must be {' or '.join(BELIEFS)}, not {beliefs!r}")
        noise = _number(raw, "noise", float, minimum=0.0, maximum=1.0)
        if noise is not None and beliefs != "heuristic":  # else make_belief would drop it
            raise ConfigError(f"mcts: noise needs beliefs=heuristic (the {beliefs} belief has "
                              "no noise)")
        return cls(iters, seconds, rollout, cls.c if c is None else c, depth,
                   cls.bias if bias is None else bias, cls.shape if shape is None else shape,
                   cls.guard if guard is None else guard, beliefs,
                   cls.noise if noise is None else noise)


# A SPEC's numbers: digits for an integer, with a minus sign (so that a negative one is told
# its bound below); for a number, a decimal with an optional sign and exponent, or inf/nan
# (refused below with their own words)
_PLAIN = {int: re.compile(r"-?[0-9]+"),
          float: re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?|-?inf|nan")}


def _number(raw: dict[str, Any], key: str, kind: type, minimum: float,
            strict: bool = False, maximum: float | None = None, unit: str = "") -> Any:
    """raw[key] as `kind`, from `minimum` (excluded if `strict`) to `maximum`, or None if not
    given; `unit` names what it counts in a message ("time must be at most 3600 seconds")."""
    if key not in raw:
        return None
    text = raw[key]
    try:
        # a SPEC's text as a person writes a number (Python's readers also take "1_000",
        # " 10" and "+10"); a number given from Python is taken as it is, if of its kind
        if isinstance(text, str) and not _PLAIN[kind].fullmatch(text):
            raise ValueError(text)
        # From Python, as strictly as the text: int(10.5) is 10 and int(True) is 1, which
        # ran another search than the one asked for (an integer type of numpy's is one)
        if isinstance(text, bool):
            raise ValueError(text)
        value = operator.index(text) if kind is int and not isinstance(text, str) else kind(text)
    except (TypeError, ValueError):
        raise ConfigError(f"mcts: {key} must be a{'n integer' if kind is int else ' number'}, "
                          f"not {raw[key]!r}") from None
    if kind is float and not math.isfinite(value):  # inf, nan: no bound below says why
        what = f"a finite number of {unit}" if unit else "a finite number"
        raise ConfigError(f"mcts: {key} must be {what}, not {raw[key]!r}")
    unit = f" {unit}" if unit else ""
    if value < minimum or (strict and value == minimum):
        bound = f"more than {minimum:g}" if strict else f"at least {minimum:g}"
        raise ConfigError(f"mcts: {key} must be {bound}{unit}, not {raw[key]!r}")
    if maximum is not None and value > maximum:
        raise ConfigError(f"mcts: {key} must be at most {maximum:.15g}{unit}, "
                          f"not {raw[key]!r}")
    return value


def keep_time(agents: Sequence[object], game: Game) -> None:
    """Make each mcts agent of `agents` spend its whole budget at every decision (`steady`)
    where what a player is offered may hang on its hidden cards (`offers_hidden`): a table
    where people play times its AI seats, and a search that answers a lone move at once, or
    stops once its choice is clear, tells them what no frame does (a card window is put to
    every side whatever its hand: an AI that passed at once held no card it could play)."""
    if offers_hidden(game):
        for agent in agents:
            if isinstance(agent, MctsAgent):
                agent.steady = True


def offers_hidden(game: Game) -> bool:
    """Whether what a player is offered may hang on its hidden cards (a Counter to play, or
    only the pass): the game says so by naming its decisions by their public phase
    (`Game.decision_kind`)."""
    return type(game).decision_kind is not Game.decision_kind


class Node:
    """One information set of the tree. `stats[(player, action)]` holds that edge's
    [visits, total reward of `player`, availability]; `children` are keyed by Step."""

    __slots__ = ("children", "favourite", "stats")

    def __init__(self) -> None:
        self.children: dict[Step, Node] = {}
        self.stats: dict[tuple[int, Any], list[float]] = {}
        # The heuristic's move here, asked once per node and mover: a heuristic call can cost
        # more than the rest of an iteration, and hidden cards rarely change its choice.
        self.favourite: dict[int, Any] = {}


@dataclass
class SearchResult:
    root: Node
    iterations: int
    seconds: float


class MctsAgent:
    """Plays the most visited root action of an ISMCTS search of its PlayerView."""

    name = "mcts"
    trusted = True  # every action it returns is one of its view's legal actions

    def __init__(self, game: Game, seed: int, **params: Any):
        self.game = game
        self.params = MctsParams.parse(params)
        self.rng = random.Random(seed)
        self.has_heuristic = type(game).heuristic is not Game.heuristic
        use_heuristic = self.params.rollout == "heuristic" and self.has_heuristic
        self.policy: Callable[[State, int], Any] = (
            self._heuristic_policy if use_heuristic else self._random_policy)
        self.bias = self.params.bias if self.has_heuristic else 0.0
        self.has_estimate = type(game).evaluate is not Game.evaluate
        depth = self.params.depth
        if depth == "auto":
            depth = game.estimate_depth if self.has_estimate else None
        self.depth: float = math.inf if depth is None else float(depth)
        self.belief = make_belief(self.params.beliefs, game, self.params.noise)
        self.last: SearchResult | None = None  # the latest search, for benchmarks and tests
        # Spend the whole budget at every decision, a lone move too (`keep_time`)
        self.steady = False

    def act(self, view: PlayerView) -> Any:
        actions = view.legal_actions
        if len(actions) == 1 and not self.steady:
            return actions[0]
        result = self.search(view)
        self.last = result
        favourite = None
        if self.bias:  # what the game's heuristic would play, as HeuristicAgent asks it
            favourite = self.game.heuristic(view.policy_state(self.rng), view.player,
                                            self.rng)
        choice = self.best_action(result.root, view.player, actions, favourite)
        if self.params.guard and favourite is not None and choice != favourite and \
                not self._clearly_better(result.root, view.player, choice, favourite):
            return favourite
        return choice

    # --- the search -----------------------------------------------------------------------
    def search(self, view: PlayerView) -> SearchResult:
        params = self.params
        root = Node()
        start = time.perf_counter()
        deadline = start + params.time if params.time is not None else math.inf
        limit = params.iters if params.iters is not None else math.inf
        done = 0
        while done < limit and (done == 0 or time.perf_counter() < deadline):
            state = view.determinize(self.rng, self.belief)
            state.stop_log(rebuild=False)  # nobody reads a search copy's log
            self.iterate(root, state)
            done += 1
            if done % 16 == 0 and not self.steady and \
                    self._settled(root, view, self._left(done, limit, start, deadline)):
                break
        return SearchResult(root, done, time.perf_counter() - start)

    def _left(self, done: int, limit: float, start: float, deadline: float) -> float:
        """The iterations the budget has left: under a time budget, at most as many as the
        rest of the time allows at the rate so far.

        Stopping once the leader's lead exceeds this is safe: had the rest been searched at
        the same rate, no other action could gain more visits than that, so the leader stays
        the only most visited one, and `best_action`'s tie rules (the heuristic's favourite,
        then the mean) never come into it. `guard` compares means, which more iterations
        could still move, so the clock never stops a guarded search early. An `iters` budget
        alone never reads the clock here: its searches stay those a seed repeats."""
        left = limit - done
        if deadline == math.inf or self.params.guard:
            return left
        now = time.perf_counter()
        spent = now - start
        if spent <= 0:  # a clock too coarse to measure a rate yet
            return left
        return min(left, done * (deadline - now) / spent)

    @staticmethod
    def _settled(root: Node, view: PlayerView, remaining: float) -> bool:
        """True when the most visited root action leads all others by more than the
        iterations left: the rest of the search could not change the choice."""
        visits = sorted((root.stats.get((view.player, a), (0,))[0] for a in view.legal_actions),
                        reverse=True)
        return len(visits) < 2 or visits[0] - visits[1] > remaining

    def iterate(self, root: Node, state: State) -> None:
        """One iteration on one determinisation: select, expand, roll out, back up."""
        path: list[tuple[Node, Step]] = []
        node = root
        while not state.is_terminal():
            step = self.select(node, state)
            path.append((node, step))
            for player, action in step:
                state.apply_trusted(player, action)
            child = node.children.get(step)
            if child is None:
                node.children[step] = Node()
                break
            node = child
        rewards = self.rollout(state)
        for node, step in path:
            for player, action in step:
                edge = node.stats[(player, action)]
                edge[0] += 1
                edge[1] += rewards[player]

    def select(self, node: Node, state: State) -> Step:
        """Each mover's action by UCB over availability counts, untried actions first.

        With several movers each picks from its own statistics alone (decoupled), so no
        player's choice depends on another's choice at the same decision. Deterministic UCB
        would let the movers fall into lockstep (each one's choices a fixed function of the
        shared history, say always mismatching in matching pennies), so at such a node each
        mover explores uniformly at random with probability SIMULTANEOUS_EPSILON."""
        movers = state.to_move()
        if len(movers) == 1:
            return ((movers[0], self._select_one(node, state, movers[0])),)
        return tuple((p, self._select_one(node, state, p, SIMULTANEOUS_EPSILON)) for p in movers)

    def _select_one(self, node: Node, state: State, player: int, epsilon: float = 0.0) -> Any:
        actions = state.legal_actions(player)
        if not actions:
            raise self._no_legal_action(player)
        stats = node.stats
        untried, tried = [], []
        for action in actions:  # every legal action is available in this visit
            edge = stats.get((player, action))
            if edge is None:
                stats[(player, action)] = edge = [0, 0.0, 0]
            edge[2] += 1
            (tried if edge[0] else untried).append((action, edge))
        if epsilon and self.rng.random() < epsilon:
            return actions[self.rng.randrange(len(actions))]
        favourite = None
        if self.bias and len(actions) > 1:
            favourite = node.favourite.get(player)
            if favourite is None or favourite not in actions:
                favourite = node.favourite[player] = self.game.heuristic(state, player, self.rng)
        if untried:
            for action, _ in untried:
                if action == favourite:  # the heuristic's move is tried first
                    return action
            return untried[self.rng.randrange(len(untried))][0] if len(untried) > 1 \
                else untried[0][0]
        c = self.params.c
        best, best_score = None, -math.inf
        for action, edge in tried:
            visits = edge[0]
            score = edge[1] / visits + c * math.sqrt(math.log(edge[2]) / visits)
            if action == favourite:
                score += self.bias / (visits + 1)
            if score > best_score:
                best, best_score = action, score
        return best

    def rollout(self, state: State) -> list[float]:
        """Play to the end with the rollout policy; the reward of every player.

        The movers of a simultaneous decision all choose on the state before any of them has
        submitted, so no rollout choice reads another's secret choice."""
        policy = self.policy
        cap = self.depth
        steps = 0
        while not state.is_terminal():
            if steps >= cap:
                if not self.has_estimate:
                    return [1.0 / state.num_players] * state.num_players
                estimate = self.game.evaluate(state)
                if estimate is not None:  # None: the game declines this state; roll on
                    return estimate
            movers = state.to_move()
            if len(movers) == 1:
                state.apply_trusted(movers[0], policy(state, movers[0]))
            else:
                for player, action in [(p, policy(state, p)) for p in movers]:
                    state.apply_trusted(player, action)
            steps += 1
        outcome = state.outcome()
        return self.rewards(outcome, state.num_players,
                            state.players_out() if outcome.is_draw else frozenset())

    def rewards(self, outcome: Outcome, players: int,
                out: frozenset[int] = frozenset()) -> list[float]:
        """Each player's reward in [0, 1]: the game's reward (a player `out` before a draw
        lost it), blended with `shape` of the player's share of the final scores (higher is
        better, as in every game's Outcome)."""
        plain = [outcome.reward(p, out) for p in range(players)]
        shape = self.params.shape
        if not shape:
            return plain
        scores = outcome.scores
        total = sum(scores)
        if total <= 0 or min(scores) < 0:
            shares = [1.0 / players] * players
        else:
            shares = [s / total for s in scores]
        return [(1 - shape) * r + shape * share for r, share in zip(plain, shares)]

    def _random_policy(self, state: State, player: int) -> Any:
        actions = state.legal_actions(player)
        n = len(actions)
        if n > 1:
            return actions[self.rng.randrange(n)]
        if n:
            return actions[0]
        raise self._no_legal_action(player)

    def _heuristic_policy(self, state: State, player: int) -> Any:
        actions = state.legal_actions(player)
        if len(actions) == 1:
            return actions[0]
        if not actions:
            raise self._no_legal_action(player)
        return self.game.heuristic(state, player, self.rng)

    def _no_legal_action(self, player: int) -> RulesError:
        """A searched position where a player to move has no legal action: the game's bug,
        said as the runner says it of the real game (not an IndexError of the search's)."""
        return RulesError.no_legal_action(self.game.name, player,
                                          "in a position the search played ahead to")

    def _clearly_better(self, root: Node, player: int, choice: Any, favourite: Any) -> bool:
        """True if `choice`'s mean reward beats `favourite`'s by more than `guard` standard
        errors (each bounded as for rewards in [0, 1]: mean * (1 - mean) / visits)."""
        a, b = root.stats.get((player, choice)), root.stats.get((player, favourite))
        if not b or not b[0]:
            return True
        mean_a, mean_b = a[1] / a[0], b[1] / b[0]
        spread = math.sqrt(mean_a * (1 - mean_a) / a[0] + mean_b * (1 - mean_b) / b[0])
        return mean_a - mean_b > self.params.guard * max(spread, 1e-9)

    @staticmethod
    def best_action(root: Node, player: int, actions: list[Any], favourite: Any = None) -> Any:
        """The most visited legal root action. Ties go to the heuristic's `favourite` (so a
        budget too small to visit anything twice still plays sensibly), then to the better
        mean, then to list order."""
        best, best_key = actions[0], (-1, False, -math.inf)
        for action in actions:
            edge = root.stats.get((player, action))
            if edge is None:
                continue
            key = (edge[0], action == favourite, edge[1] / edge[0] if edge[0] else -math.inf)
            if key > best_key:
                best, best_key = action, key
        return best
