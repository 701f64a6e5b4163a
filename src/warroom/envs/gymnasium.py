"""A Gymnasium environment: one seat of a registered game against warroom's own players.

    from warroom.envs.gymnasium import env
    e = env("kow", opponent="heuristic", victories_to_win=2)   # rule options as keywords
    obs, info = e.reset(seed=0)
    obs, reward, terminated, truncated, info = e.step(action)

`opponent` is a player SPEC as in `warroom play --players` (`random`, `heuristic`,
`mcts:iters=200`, ...), used for every other seat, or a list with one SPEC per other seat in
seat order; one that searches by the clock (a bare `mcts`, `mcts:time=S`) is warned of when
the environment is made, as `reset(seed=N)` may then not repeat an episode. `seat` is the
learner's seat, or `"random"` for a new one each episode. The observation is the PettingZoo
one: a dict of `observation` (the game's encoding) and `action_mask`; `action_masks()` gives
the mask too, as sb3-contrib's MaskablePPO expects (through `gymnasium.make`'s wrappers:
`get_wrapper_attr("action_masks")()`). The reward is 1 for a win (each of several winners
too), -1 for a loss, 0 for a draw (a team's win is shared), given when the game ends. A game
that ends before the learner's first decision (a viktory battle the opponent wins outright)
is no episode: `reset()` plays on to the next game of its seed's sequence and
lists the learner's reward in each such game in `info["skipped"]` (empty as a rule), so an
evaluation can count them. `max_steps=N` truncates an episode after N decisions of the learner.
`render_mode="ansi"` renders the learner's view as text, `"rgb_array"` that text drawn.
When the episode has terminated (the game is over, or lost by an illegal action), the mask
allows action 0 alone: a vector environment's next-step autoreset asks for an action at the
final observation, and ignores it. Seeds are integers >= 0 (numpy's too) or None, as in
Gymnasium's own seeding and PettingZoo's environment here.
An action the mask rules out ends the episode as a loss (-1, `info["illegal_action"]`), as
PettingZoo's TerminateIllegalWrapper does, since Gymnasium lets a policy pick any index of the
space; `illegal="raise"` raises IllegalAction instead. A value that is no index of the space
(out of range, not an integer) is a ValueError: a mistake of the calling code, not a move.
Opponents play unattended, inside `step()`, so `human` is refused. Importing this module
registers every game with Gymnasium as `warroom/<game>-v0`; in a process that has not imported
it, `gymnasium.make("warroom.envs.gymnasium:warroom/kow-v0", opponent="heuristic")` imports it
first (Gymnasium's `module:id` form).
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np

from . import needs_rl

try:
    import gymnasium
    from gymnasium import spaces
except ModuleNotFoundError as exc:  # the `rl` extra is not installed
    raise needs_rl(exc, __name__)  # noqa: B904 (chained by needs_rl)

from ..agents import clock_bound, make_agent, parse_spec, player_failed, refuse_humans
from ..engine import ConfigError, Game, IllegalAction, PlayerView, derive_seed
from .table import (
    RENDER_MODES,
    Table,
    action_index,
    integer,
    picture,
    render_mode_argument,
    seed_argument,
    seed_from,
)

SKIP_LIMIT = 1000  # games in a row that may end before the learner decides, at one reset


def env(game: str | Game = "kow", opponent: str | list[str] = "random",
        **kwargs: Any) -> WarroomEnv:
    return WarroomEnv(game, opponent, **kwargs)


class WarroomEnv(gymnasium.Env):
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1}

    def __init__(self, game: str | Game = "kow", opponent: str | list[str] = "random",
                 seat: int | str = 0, render_mode: str | None = None,
                 max_steps: int | None = None, illegal: str = "lose", **options: Any):
        if illegal not in ("lose", "raise"):
            raise ValueError(f"illegal must be 'lose' or 'raise', got {illegal!r}")
        self.illegal = illegal
        render_mode_argument(render_mode)
        steps = integer(max_steps)  # numpy's integers too, as for seat and PettingZoo's
        if max_steps is not None and (steps is None or steps < 1):
            raise ValueError(f"max_steps must be an integer >= 1 or None, got {max_steps!r}")
        self.table = Table(game, options)
        players = self.table.players
        random_seat = isinstance(seat, str) and seat == "random"
        number = integer(seat)  # numpy's integers too, not a bool
        if not random_seat and (number is None or not 0 <= number < players):
            raise ValueError(f"seat must be 'random' or a seat from 0 to {players - 1}, "
                              f"got {seat!r}")
        if isinstance(opponent, str):
            specs = [opponent] * (players - 1)
        elif isinstance(opponent, list | tuple) and all(isinstance(s, str) for s in opponent):
            specs = list(opponent)
        else:
            raise ConfigError(f"opponent must be a player SPEC or a list of them, got "
                              f"{opponent!r}")
        if len(specs) != players - 1:
            raise ConfigError(f"opponent: {players - 1} SPECs needed (one per other seat), "
                              f"got {len(specs)}")
        for spec in specs:
            parse_spec(spec)  # a clear error now, not at the first reset
        # An opponent plays unattended, inside step(): a person would block it at a prompt.
        refuse_humans(specs, "a Gymnasium environment", "opponent")
        # Said once here, as the command line says it: nothing else tells a learner that its
        # seeded episodes do not repeat.
        timed = [why for spec in dict.fromkeys(specs) if (why := clock_bound(spec)) is not None]
        if timed:
            warnings.warn(f"opponent searching by the clock ({'; '.join(timed)}): its moves "
                          f"depend on the machine's speed, so reset(seed=N) may not repeat an "
                          f"episode; give mcts:iters=N (no time=) for one that repeats",
                          stacklevel=2)
        self.opponent_specs = specs
        self.seat: int = 0 if random_seat or number is None else number
        self.seat_option: int | str = "random" if random_seat else self.seat
        self.render_mode = render_mode
        self.max_steps = steps
        enc = self.table.encoding
        self.pieces = enc.pieces
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(enc.low, enc.high, (enc.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
        })
        self.action_space = spaces.Discrete(enc.num_actions)
        self.opponents: dict[int, Any] = {}
        self.steps = 0
        self.done = False
        self.terminated = False  # the game is over, or lost by an illegal action

    def reset(self, *, seed: int | None = None, options: dict | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """The first observation of a new episode; `seed` repeats one (unless an opponent
        searches by the clock); `options` takes none (the rules' options are given when the
        environment is made)."""
        if options:  # ignored, they would pass for rule options that had been applied
            raise ValueError(f"reset() takes no options (the rules' options are given when the "
                             f"environment is made), got options={options!r}")
        # Gymnasium's seeding takes a Python int >= 0 (it refuses numpy's integers and -1,
        # and takes True for 1): the same rule as PettingZoo's environment, checked here.
        super().reset(seed=seed_argument(seed))
        # A game can end before the learner's first decision (a viktory battle the opponent
        # wins outright). Gymnasium cannot hand back an episode that is already over, so such
        # a game is counted in info["skipped"] (the learner's reward in each) and the next
        # game of the seed's sequence begins.
        skipped: list[float] = []
        at_deal = 0  # of those, the games the rules ended at the deal, before anyone decided
        for _ in range(SKIP_LIMIT):
            at_deal += self._new_game()
            if self.table.to_move() is not None:
                return self._observe(), {**self._info(), "skipped": skipped}
            skipped.append(self.table.rewards()[self.seat])
        if at_deal == SKIP_LIMIT:
            raise RuntimeError(f"{SKIP_LIMIT} games in a row were over at the deal, before any "
                               f"seat had a decision: the rules as configured end every game "
                               f"before play begins, so there is no episode to play")
        raise RuntimeError(f"{SKIP_LIMIT} games in a row ended before seat {self.seat} had a "
                           f"decision ({at_deal} of them at the deal): the opponents never let "
                           f"the learner play")

    def _new_game(self) -> bool:
        """Deal the next game and play the opponents up to the learner's first decision;
        True if the rules ended the game at the deal, before any seat decided."""
        game_seed = seed_from(self.np_random)
        players = self.table.players
        if self.seat_option == "random":
            self.seat = int(self.np_random.integers(players))
        others = [p for p in range(players) if p != self.seat]
        self.opponents = {
            p: make_agent(spec, self.table.game, derive_seed(game_seed, "opponent", p))
            for p, spec in zip(others, self.opponent_specs)}
        self.table.reset(game_seed)
        self.steps = 0
        self.done = self.terminated = False
        over_at_deal = self.table.to_move() is None
        self._play_opponents()
        return over_at_deal

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        if self.done or self.table.to_move() != self.seat:
            raise RuntimeError("the episode is over: call reset()")
        action = action_index(action, self.action_space.n)
        if action not in self.table.legal() and self.illegal == "lose":
            self.done = self.terminated = True  # lost: the mask is action 0 alone, as at an end
            info = {**self._info(), "illegal_action": True}
            return self._observe(), -1.0, True, False, info
        self.table.apply(action)
        self.steps += 1
        self._play_opponents()
        terminated = self.table.to_move() is None
        reward = self.table.rewards()[self.seat] if terminated else 0.0
        truncated = (not terminated and self.max_steps is not None
                     and self.steps >= self.max_steps)
        self.done = terminated or truncated
        self.terminated = terminated
        return self._observe(), reward, terminated, truncated, self._info()

    def action_masks(self) -> np.ndarray:
        if self.table.state is None:  # an empty mask would pass for a game without moves
            raise RuntimeError("no game in play: call reset() first")
        return self._mask().astype(bool)

    def render(self) -> str | np.ndarray | None:
        """The learner's view: the game's text (`ansi`), or that text drawn (`rgb_array`)."""
        if self.render_mode is None:
            return None
        text = self.table.render(self.seat)
        return text if self.render_mode == "ansi" else picture(text)

    def _play_opponents(self) -> None:
        table = self.table
        while True:
            player = table.to_move()
            if player is None or player == self.seat:
                return
            view = PlayerView(table.live, player, table.game)
            try:
                table.apply_action(player, self.opponents[player].act(view))
            except IllegalAction as exc:  # name the player, as the command line does
                others = [p for p in range(table.players) if p != self.seat]
                spec = self.opponent_specs[others.index(player)]
                raise IllegalAction(player_failed(spec, player, exc, True)) from None

    def _observe(self) -> dict[str, np.ndarray]:
        return {"observation": self.table.observation(self.seat),
                "action_mask": self._mask()}

    def _mask(self) -> np.ndarray:
        if self.terminated or self.table.to_move() is None:
            # The episode has terminated (the game is over, or lost by an illegal action), yet
            # a vector environment asks for an action at the final observation (Gymnasium's
            # next-step autoreset) and ignores it. An empty mask broke "pick from the mask" and
            # gave a masked softmax NaN; action 0 alone is what Gymnasium's
            # Discrete.sample(mask) picks for an empty one, and has probability 1. The legal
            # actions of a game lost by an illegal action are no moves any more.
            mask = np.zeros(self.action_space.n, np.int8)
            mask[0] = 1
            return mask
        return self.table.mask(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"seat": self.seat}


def register() -> list[str]:
    """Register `warroom/<game>-v0` with Gymnasium for every game (`gymnasium.make`)."""
    from ..games import REGISTRY

    ids = []
    for name in REGISTRY:
        env_id = f"warroom/{name}-v0"
        ids.append(env_id)
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=WarroomEnv, kwargs={"game": name})
    return ids


IDS = register()
