"""PettingZoo AEC environments for every registered game.

    from warroom.envs.pettingzoo import env
    e = env("kow", render_mode="ansi", victories_to_win=2)   # rule options as keywords
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else policy(obs["observation"], obs["action_mask"])
        e.step(action)

Agents are `player_0` ... `player_{n-1}` (the game's seats). Each observation is a dict, the
PettingZoo classic convention: `observation`, the game's encoding of what that seat may know
(a flat float32 vector of named pieces: `env.unwrapped.pieces`), and `action_mask`, 1 for each
legal index of a fixed-size discrete action space. A simultaneous decision is asked of its
movers one at a time, and no mover's observation shows which choice another has submitted
(that it has chosen may show: who is still to choose is public).
Rewards come at the end: win 1 (each of several winners too), loss -1, draw 0, a team's
shared; a game the rules end at the deal ends every agent at `reset()`. `max_cycles=N`
truncates the game once a seat has made N decisions (no reward). A done agent's (terminated
or truncated) `action_mask` is all 0, as is that of an agent not to move.
`render_mode="ansi"` returns the game's own text view, a spectator's by default
(`render_seat=k`: seat k's); `render_mode="rgb_array"` that text drawn, an image of one size.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from typing import Any, NoReturn

import numpy as np

from . import needs_rl

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
    from pettingzoo.utils.env_logger import EnvLogger
except ModuleNotFoundError as exc:  # the `rl` extra is not installed
    raise needs_rl(exc, __name__)  # noqa: B904 (chained by needs_rl)

from ..engine import Game, derive_seed
from .table import (
    RENDER_MODES,
    Table,
    action_index,
    integer,
    picture,
    render_mode_argument,
    seed_argument,
)


def env(game: str | Game = "kow", **kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo's classic environments are: calls out of order
    raise PettingZoo's errors (`OrderedEnv`), and an action outside the space a clear
    ValueError (the raw environment checks it)."""
    return OrderedEnv(raw_env(game, **kwargs))


def agent_name(seat: int) -> str:
    return f"player_{seat}"


class raw_env(AECEnv):  # noqa: N801 (PettingZoo's name for the unwrapped environment)
    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 1, "name": "warroom_v0",
                "is_parallelizable": False}

    def __init__(self, game: str | Game = "kow", render_mode: str | None = None,
                 max_cycles: int | None = None, render_seat: int | None = None,
                 **options: Any):
        super().__init__()
        render_mode_argument(render_mode)
        cycles = integer(max_cycles)
        if max_cycles is not None and (cycles is None or cycles < 1):
            raise ValueError(f"max_cycles must be an integer >= 1 or None, got {max_cycles!r}")
        self.table = Table(game, options)
        players = self.table.players
        seat = integer(render_seat)
        if render_seat is not None and (seat is None or not 0 <= seat < players):
            raise ValueError(f"render_seat must be None (a spectator) or a seat from 0 to "
                             f"{players - 1}, got {render_seat!r}")
        self.encoding = self.table.encoding
        self.pieces = self.encoding.pieces
        self.render_mode = render_mode
        self.render_seat = seat
        self.max_cycles = cycles
        name = self.table.game.name.replace("-", "_")
        self.metadata = {**self.metadata, "name": f"warroom_{name}_v0"}
        self.possible_agents = [agent_name(p) for p in range(self.table.players)]
        self.seats = {a: p for p, a in enumerate(self.possible_agents)}
        observation = spaces.Box(self.encoding.low, self.encoding.high,
                                 (self.encoding.size,), np.float32)
        mask = spaces.Box(0, 1, (self.encoding.num_actions,), np.int8)
        self._observation_spaces = {a: spaces.Dict({"observation": observation,
                                                    "action_mask": mask})
                                    for a in self.possible_agents}
        self._num_actions = self.encoding.num_actions
        self._action_spaces = {a: spaces.Discrete(self.encoding.num_actions)
                               for a in self.possible_agents}
        # Episode i of the environment's sequence plays the game seed derived from (base, i):
        # a hash, cheaper than seeding a generator at every reset(seed=) of a training loop.
        self._base_seed: int | None = None
        self._episode = 0
        self._truncated = False  # max_cycles has ended this game: no agent has moves

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        del state["encoding"]  # compiled: the table makes it again
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.encoding = self.table.encoding

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: `seed` repeats one (see the module's doc). `options` is taken and
        ignored: the rules' options are given when the environment is made, and PettingZoo's
        api_test passes one to check that reset() takes the argument."""
        base = seed_argument(seed)  # as Gymnasium's: an integer >= 0 or None
        if base is not None:
            self._base_seed, self._episode = base, 0
        elif self._base_seed is None:  # never seeded: a sequence of its own
            self._base_seed = secrets.randbits(63)
        self.table.reset(derive_seed(self._base_seed, "episode", self._episode))
        self._episode += 1
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.decisions = dict.fromkeys(self.agents, 0)
        self._truncated = False
        self._skip_agent_selection = None
        seat = self.table.to_move()
        if seat is None:
            # The rules ended the game at the deal (a viktory battle with hand_limit=0): it
            # ends as any game does, so each agent takes its last step and `agent_iter()` ends.
            self.agent_selection = self.possible_agents[0]
            self._end_game()
        else:
            self.agent_selection = agent_name(seat)

    def _end_game(self) -> None:
        """The game is over: every agent gets its reward and is terminated."""
        for a, r in zip(self.possible_agents, self.table.rewards()):
            self.rewards[a] = r
        self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        observation = self.table.observe(self.seats[agent])
        # Truncated: every agent is, and stays so once it has left (the table has a mover).
        return _no_moves(observation) if self._truncated else observation

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """AECEnv.last, without its calls through `observe` (it runs at every turn)."""
        try:
            agent = self.agent_selection
            reward = self._cumulative_rewards[agent]
        except KeyError:  # every agent has taken its last step: PettingZoo's own is a KeyError
            raise RuntimeError("last(): the game is over and every agent has left it: call "
                               "reset()") from None
        except AttributeError:  # never reset: no agent is to move yet, as in step()
            raise RuntimeError("last() before reset(): call reset() first") from None
        observation = self.table.observe(self.seats[agent]) if observe else None
        if self._truncated and observation is not None:
            observation = _no_moves(observation)
        return (observation, reward, self.terminations[agent], self.truncations[agent],
                self.infos[agent])

    def step(self, action: int | None) -> None:
        try:
            agent = self.agent_selection
            done = self.terminations[agent] or self.truncations[agent]
        except KeyError:  # every agent has taken its last step
            raise RuntimeError("the game is over and every agent has left it: call reset()"
                               ) from None
        except AttributeError:  # never reset: no agent is to move yet (a try costs no time)
            raise RuntimeError("step() before reset(): call reset() first") from None
        if done:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: step() needs an action index, not None")
        self._cumulative_rewards[agent] = 0.0
        table = self.table
        table.apply(action_index(action, self._num_actions))
        seat = table.to_move()
        if self.max_cycles is not None:
            self.decisions[agent] += 1
        if seat is None:  # the game is over: rewards, and every agent's last step
            self._end_game()
            self._deads_step_first()
        elif self.max_cycles is not None and self.decisions[agent] >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
            self._truncated = True
            self._deads_step_first()
        else:  # rewards stay 0 until the end: nothing to clear or add up
            self.agent_selection = self.possible_agents[seat]

    def render(self) -> str | np.ndarray | None:
        """`render_seat`'s view (a spectator's by default): the game's text (`ansi`), or that
        text drawn (`rgb_array`)."""
        if self.render_mode is None:
            return None
        text = self.table.render(self.render_seat)
        return text if self.render_mode == "ansi" else picture(text)

    def close(self) -> None:
        pass


def _no_moves(observation: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """The observation of a done agent: its mask all 0, as PettingZoo asks no policy of it
    (its loop steps None). A game that is over has no seat to move, so a terminated agent's
    mask is all 0 already; a truncated game has one, whose legal actions it may no longer
    take."""
    return {"observation": observation["observation"],
            "action_mask": np.zeros_like(observation["action_mask"])}


class OrderedEnv(wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper (its errors for calls before `reset()` or out of
    order, and its `agent_iter` check that each turn has its `step()`), with what a loop asks
    at every turn passed straight to the environment. PettingZoo's wrappers reach each
    attribute through `__getattr__`, and its generic `last()` reads five of them that way:
    that alone cost more than an engine step."""

    def __init__(self, env: raw_env):
        super().__init__(env)
        self._raw = env

    def _before_reset(self, name: str) -> NoReturn:
        raise AttributeError(f"{name} cannot be accessed before reset")

    @property
    def agent_selection(self) -> str:
        return self._raw.agent_selection if self._has_reset else self._before_reset(
            "agent_selection")

    @property
    def agents(self) -> list[str]:
        return self._raw.agents if self._has_reset else self._before_reset("agents")

    @property
    def rewards(self) -> dict[str, float]:
        return self._raw.rewards if self._has_reset else self._before_reset("rewards")

    @property
    def terminations(self) -> dict[str, bool]:
        return self._raw.terminations if self._has_reset else self._before_reset(
            "terminations")

    @property
    def truncations(self) -> dict[str, bool]:
        return self._raw.truncations if self._has_reset else self._before_reset("truncations")

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        return self._raw.infos if self._has_reset else self._before_reset("infos")

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            self._before_reset("agent_selection")
        return self._raw.last(observe)

    def step(self, action: int | None) -> None:
        if self._has_reset and self._raw.agents:
            self._has_updated = True
            self._raw.step(action)
        else:  # PettingZoo's error before reset, its warning once every agent is done
            super().step(action)

    def agent_iter(self, max_iter: int = 2**63) -> Iterator[str]:
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _Turns(self, max_iter)

    def __str__(self) -> str:
        return str(self._raw)


class _Turns:
    """`OrderedEnv.agent_iter()`: PettingZoo's order-enforcing iterator (the agent to move,
    until none is left or `max_iter` turns; a turn without a `step()` is an error), reading
    the environment directly."""

    def __init__(self, env: OrderedEnv, max_iter: int):
        self.env, self.raw, self.left = env, env._raw, max_iter

    def __iter__(self) -> _Turns:
        return self

    def __next__(self) -> str:
        if not self.raw.agents or self.left <= 0:
            raise StopIteration
        self.left -= 1
        env = self.env
        assert env._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        env._has_updated = False
        return self.raw.agent_selection
