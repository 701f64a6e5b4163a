"""Audit (stop 56): a researcher's own training script (`warroom.envs...env(...)`) on a
stale compiled build ran interpreted, slower, with nothing said, where `warroom bench` and
the benchmarks say it: making an environment says it once a process too."""

from __future__ import annotations

from test_native import STALE, stale_build  # noqa: F401  (the fixture)

from warroom.envs.openspiel import pyspiel
from warroom.envs.pettingzoo import raw_env


def test_an_environment_on_a_stale_build_says_so_once(stale_build, capsys):  # noqa: F811
    raw_env("kow").reset(seed=0)
    assert capsys.readouterr().err == STALE
    raw_env("kow")
    pyspiel.load_game("warroom_kow")
    assert capsys.readouterr().err == ""
