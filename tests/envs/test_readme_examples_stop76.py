"""The envs README's first examples run as written (an audit, stop 76, read `e.rewards` after
its PettingZoo loop: PettingZoo empties it as agents finish, and the example showed nowhere
the game's rewards could be read). Each is run with the one name it leaves to the reader
(`my_policy`, `action`) given."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np

README = Path(__file__).parents[2] / "src" / "warroom" / "envs" / "README.md"


def examples() -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", README.read_text(), re.S | re.M)


def first_legal(observation, mask) -> int:
    assert observation.dtype == np.float32
    return int(np.flatnonzero(mask)[0])


def test_the_pettingzoo_loop_plays_a_game_and_keeps_each_agent_s_reward():
    names = {"my_policy": first_legal}
    exec(examples()[0], names)
    final = names["final"]
    assert set(final) == {"player_0", "player_1", "player_2", "player_3"}
    # an alliance game: partners (seats 0 and 2, 1 and 3) share the team's win or loss
    assert final["player_0"] == final["player_2"] == -final["player_1"] == -final["player_3"]
    assert abs(final["player_0"]) == 1
    assert names["e"].rewards == {}  # why the loop keeps them


def test_the_gymnasium_example_steps_once():
    code = examples()[1].replace("obs, reward, terminated", "action = int(np.flatnonzero("
                                 "obs['action_mask'])[0])\nobs, reward, terminated", 1)
    names = {"np": np}
    exec(code, names)
    assert names["obs"]["action_mask"].dtype == np.int8 and not names["truncated"]
