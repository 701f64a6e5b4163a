"""Audit (stop 51): a report's JSON gave one game's mean a 95 % interval of zero width
(`"ci95": [158.0, 158.0]`, `"sd": 0.0`) where its own verdict said "one game: no interval";
a script reading `ci95` took it for a certain figure."""

from __future__ import annotations

import json

import pytest

from warroom.sim.stats import Moments


def _moments(*values: float) -> Moments:
    m = Moments()
    for x in values:
        m.add(x)
    return m


def test_no_values_have_no_mean_min_or_max():
    assert _moments().to_json() == {"n": 0, "mean": None, "sd": None, "ci95": None,
                                    "min": None, "max": None}


def test_one_value_has_a_mean_but_no_sd_and_no_interval():
    figures = _moments(158.0).to_json()
    assert figures == {"n": 1, "mean": 158.0, "sd": None, "ci95": None, "min": 158.0,
                       "max": 158.0}
    assert _moments(158.0).plus_minus() == "(one game: no interval)"
    json.dumps(figures, allow_nan=False)


def test_two_values_have_a_students_t_interval():
    figures = _moments(1.0, 3.0).to_json()
    assert figures["sd"] == pytest.approx(2 ** 0.5)
    # t(0.975, 1 df) = 12.706: 2 +- 12.706 x sqrt(2) / sqrt(2)
    assert figures["ci95"] == pytest.approx([2 - 12.7062, 2 + 12.7062], abs=1e-3)
