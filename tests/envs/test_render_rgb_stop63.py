"""`render_mode="rgb_array"` in the Gymnasium and PettingZoo environments: the ansi text drawn,
one frame shape for a whole episode, the same view as the text, `human` still refused."""

from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test

from warroom.envs import gymnasium as gym_envs  # registers warroom/<game>-v0
from warroom.envs import pettingzoo as pz_envs
from warroom.envs.table import frame_size, picture

HIDDEN_HAND = {"mode": "cards", "turn_limit": 3}  # viktory-ii: Battle Cards hands, a short game
SHORT = {"victories_to_win": 1}  # kow: a short game (each step draws four frames)


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # api_test's and the checker's advice
        yield


def check_frame(frame: np.ndarray) -> tuple[int, ...]:
    assert isinstance(frame, np.ndarray) and frame.dtype == np.uint8
    assert frame.ndim == 3 and frame.shape[2] == 3
    assert (frame != frame[0, 0]).any(axis=2).any()  # not blank: more than one colour
    return frame.shape


def test_sb3_make_vec_env_path_renders_frames_of_one_shape_over_an_episode():
    """Audit (stop 63): stable-baselines3's make_vec_env("warroom/kow-v0") passes
    render_mode="rgb_array" to gymnasium.make, and the environment refused it ("render_mode
    must be 'ansi' or None, got 'rgb_array'"); RecordVideo needs frames of one shape."""
    m = gymnasium.make("warroom/kow-v0", render_mode="rgb_array", opponent="random")
    check_env(m.unwrapped, skip_render_check=False)  # through its spec: ansi and rgb_array
    obs, _ = m.reset(seed=0)
    shapes = {check_frame(m.render())}
    rng = np.random.default_rng(0)
    done = False
    while not done:
        assert np.array_equal(m.get_wrapper_attr("action_masks")(), obs["action_mask"] == 1)
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, _, terminated, truncated, _ = m.step(action)
        done = terminated or truncated
        shapes.add(check_frame(m.render()))
    assert shapes == {(frame_size()[1], frame_size()[0], 3)}
    assert "rgb_array" in m.metadata["render_modes"] and m.metadata["render_fps"] >= 1


@pytest.mark.parametrize("game, options", [("kow", SHORT), ("viktory-ii", HIDDEN_HAND)])
def test_gymnasium_frames_draw_the_learners_text(game, options):
    """Audit (stop 63): rgb_array did not exist; a frame now pictures exactly the text that
    ansi gives the learner (its own hand, no other), at every step of an episode."""
    drawn = gym_envs.env(game, opponent="random", seat=1, render_mode="rgb_array", **options)
    text = gym_envs.env(game, opponent="random", seat=1, render_mode="ansi", **options)
    obs, _ = drawn.reset(seed=5)
    text.reset(seed=5)
    rng = np.random.default_rng(5)
    shapes = set()
    while True:
        frame = drawn.render()
        shapes.add(check_frame(frame))
        assert np.array_equal(frame, picture(text.render()))
        if drawn.done:
            break
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, *_ = drawn.step(action)
        text.step(action)
    assert len(shapes) == 1


@pytest.mark.parametrize("game, options", [("kow", SHORT), ("viktory-ii", HIDDEN_HAND)])
def test_pettingzoo_seat_frame_differs_from_a_spectators_only_where_the_text_does(game,
                                                                                  options):
    """Audit (stop 63): rgb_array did not exist; a frame shows what the ansi text of the same
    view shows: a seat's frame and a spectator's differ exactly when their texts do."""
    envs = {(seat, mode): pz_envs.env(game, render_mode=mode, render_seat=seat, **options)
            for seat in (None, 0) for mode in ("ansi", "rgb_array")}
    for e in envs.values():
        e.reset(seed=7)
    lead = envs[None, "ansi"]
    rng = np.random.default_rng(7)
    shapes, differing = set(), 0
    for _agent in lead.agent_iter():
        obs, _, terminated, truncated, _ = lead.last()
        texts = {seat: envs[seat, "ansi"].render() for seat in (None, 0)}
        frames = {seat: envs[seat, "rgb_array"].render() for seat in (None, 0)}
        for seat in (None, 0):
            shapes.add(check_frame(frames[seat]))
            assert np.array_equal(frames[seat], picture(texts[seat]))
        same_text = texts[None] == texts[0]
        assert np.array_equal(frames[None], frames[0]) == same_text
        differing += not same_text
        action = None if terminated or truncated else int(
            rng.choice(np.flatnonzero(obs["action_mask"])))
        for e in envs.values():
            e.last()
            e.step(action)
    assert len(shapes) == 1
    assert differing  # the seat's view has something the spectator's has not


def test_pettingzoo_api_and_render_tests_pass_in_rgb_array():
    """Audit (stop 63): PettingZoo had no image render; its api_test passes with one, and
    render_test passes for every mode in the metadata once its first call, which asks for
    "human", is answered by no rendering."""
    api_test(pz_envs.env("kow", render_mode="rgb_array"), num_cycles=30)
    render_test(lambda render_mode=None: pz_envs.env(
        "kow", render_mode=None if render_mode == "human" else render_mode))
    assert pz_envs.raw_env.metadata["render_modes"] == ["ansi", "rgb_array"]


@pytest.mark.parametrize("make", [lambda m: gym_envs.env("kow", render_mode=m),
                                  lambda m: pz_envs.env("kow", render_mode=m),
                                  lambda m: pz_envs.raw_env("kow", render_mode=m)])
@pytest.mark.parametrize("mode", ["human", "rgb", ["ansi"]])
def test_other_render_modes_are_still_refused_in_one_line(make, mode):
    """Audit (stop 63): rgb_array is taken now; "human" (and any other mode) is still a
    one-line ValueError naming the modes there are."""
    with pytest.raises(ValueError) as caught:
        make(mode)
    assert str(caught.value) == (f"render_mode must be 'ansi', 'rgb_array' or None, got "
                                 f"{mode!r}")


def test_a_text_taller_than_the_grid_keeps_the_frame_shape_and_escapes_take_no_column():
    """Audit (stop 63): a frame is one size for any text (a large Viktory II map is taller
    than 24 lines: drawn smaller, whole), and the map's colour escapes are colours, not
    characters."""
    tall = picture("\n".join(f"line {i}" for i in range(40)))
    assert tall.shape == picture("x").shape == (frame_size()[1], frame_size()[0], 3)
    assert np.array_equal(picture("\x1b[31m\x1b[0mab"), picture("ab"))
    blue = picture("\x1b[97;44mw   \x1b[0m")  # viktory-ii's water hex
    assert (blue.reshape(-1, 3) == (0, 0, 238)).all(axis=1).any()
    assert not np.array_equal(tall, picture("\n".join(f"line {i}" for i in range(39))))


def test_text_rendering_does_not_load_the_drawing_libraries():
    """Audit (stop 63): the drawing's Pillow (and matplotlib's font) are loaded only when a
    frame is drawn: an environment rendering ansi, or nothing, does not pay for them."""
    code = ("import sys\n"
            "from warroom.envs.gymnasium import env\n"
            "from warroom.envs.pettingzoo import env as pz\n"
            "e = env('kow', render_mode='ansi'); e.reset(seed=0); e.render()\n"
            "p = pz('kow'); p.reset(seed=0); p.render()\n"
            "print('matplotlib' in sys.modules or 'PIL' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
