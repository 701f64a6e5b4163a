"""`warroom viktory compare` and `compare-games` say whether the modes differ: each mode against
the first, paired battle by battle or game by game (battle or game i has the same seed in
every mode), as a difference with its 95 % interval and a verdict."""

from __future__ import annotations

import json
import math

import pytest

from warroom.cli import main
from warroom.sim.compare_viktory import BATTLE_DIFFERENCES, differences
from warroom.sim.stats import (
    Z95,
    paired_mean_difference,
    paired_rate_difference,
    tango_interval,
)

DIFFERENCE_KEYS = ["value", "ci95", "p", "told_apart", "test"]


def outcomes(b: int, c: int, both: int, neither: int) -> tuple[list[bool], list[bool]]:
    """Paired outcomes: b games won in the second setting only, c in the first only."""
    first = [False] * b + [True] * c + [True] * both + [False] * neither
    second = [True] * b + [False] * c + [True] * both + [False] * neither
    return first, second


def test_mcnemar_exact_p_is_the_hand_worked_one():
    """Audit (stop 65): `viktory compare` gave no test of cards against dice. The paired test
    is McNemar's exact one: of 12 games whose outcome differs, 10 one way and 2 the other,
    p = 2 (C(12,0) + C(12,1) + C(12,2)) / 2^12 = 158 / 4096."""
    first, second = outcomes(10, 2, 13, 15)
    diff = paired_rate_difference(first, second)
    assert diff.p == pytest.approx(158 / 4096, rel=1e-12)
    assert diff.value == pytest.approx(8 / 40)
    assert diff.told_apart and diff.test == "McNemar exact"
    assert 0 < diff.ci95[0] < diff.value < diff.ci95[1]
    assert not paired_rate_difference(*outcomes(9, 3, 13, 15)).told_apart  # p = 598 / 4096


def test_tango_interval_is_the_published_one_and_inverts_the_score_test():
    """Audit (stop 65): the interval of a paired difference of rates is Tango's: Bentur et
    al.'s table (b = 1, c = 7 of 21; Fagerland, Lydersen and Laake, Statistical Analysis of
    Contingency Tables, ch. 8) gives -0.517 to -0.026; at each end the score statistic, with
    the share of differing games fitted by maximum likelihood (here numerically), is 1.96."""
    from scipy.optimize import minimize_scalar

    b, c, n = 1, 7, 21
    low, high = tango_interval(b, c, n)
    assert (round(low, 3), round(high, 3)) == (-0.517, -0.026)
    for delta, sign in ((low, 1), (high, -1)):
        def minus_loglik(p21: float, delta: float = delta) -> float:
            return -(b * math.log(p21 + delta) + c * math.log(p21)
                     + (n - b - c) * math.log(1 - 2 * p21 - delta))
        lo = max(0.0, -delta) + 1e-12
        fit = minimize_scalar(minus_loglik, bounds=(lo, (1 - delta) / 2 - 1e-12),
                              method="bounded", options={"xatol": 1e-12})
        score = (b - c - n * delta) / math.sqrt(n * (2 * fit.x + delta * (1 - delta)))
        assert score == pytest.approx(sign * Z95, abs=1e-4)


def test_the_interval_never_says_told_apart_where_the_exact_test_does_not():
    """Audit (stop 65): 5 games of 20 won in cards only, none in dice only: the normal score
    interval leaves out 0 (z = 2.24) but McNemar's exact p is 2 / 32; the interval is
    stretched to 0, so that it agrees with the verdict "not told apart"."""
    assert tango_interval(5, 0, 20)[0] > 0
    diff = paired_rate_difference(*outcomes(5, 0, 5, 10))
    assert diff.p == pytest.approx(0.0625)
    assert not diff.told_apart
    assert diff.ci95[0] == 0.0 and diff.ci95[1] == tango_interval(5, 0, 20)[1]


def test_paired_t_is_the_hand_worked_one():
    """Audit (stop 65): means are compared by the paired t test and interval: differences
    1, 2, 0, 2, 2 have mean 1.4, sd sqrt(0.8), t = 3.50 on 4 degrees of freedom."""
    from scipy.stats import t, ttest_rel

    first, second = [1, 2, 3, 4, 5], [2, 4, 3, 6, 7]
    diff = paired_mean_difference(first, second)
    half = t.ppf(0.975, 4) * math.sqrt(0.8) / math.sqrt(5)
    assert diff.value == pytest.approx(1.4)
    assert diff.ci95 == pytest.approx((1.4 - half, 1.4 + half))
    assert diff.p == pytest.approx(ttest_rel(second, first).pvalue)
    assert diff.told_apart and diff.test == "paired t"


def battle(won: bool, losses: int) -> dict:
    metrics = {"attacker_losses": losses, "defender_losses": 2, "rounds": 3,
               "cards_played": 0}
    return {"winner_seats": [0] if won else [1], "metrics": metrics}


def test_a_known_difference_is_told_apart_and_none_is_not():
    """Audit (stop 65): only per-mode figures, no verdict on whether the modes differ. Cards
    where the attacker wins 20 battles of 30 that it lost with dice are told apart from dice;
    identical battles are not (p = 1, an interval holding 0)."""
    dice = [battle(False, 3) for _ in range(30)]
    cards = [battle(i < 20, 3 - (i % 2)) for i in range(30)]
    result = differences({"dice": dice, "cards": cards, "hybrid": list(dice)},
                         BATTLE_DIFFERENCES)
    assert list(result) == ["cards - dice", "hybrid - dice"]
    assert list(result["cards - dice"]) == ["attacker_win", "attacker_losses",
                                            "defender_losses", "rounds"]
    win = result["cards - dice"]["attacker_win"]
    assert win["told_apart"] and win["value"] == pytest.approx(20 / 30)
    assert win["p"] == pytest.approx(2 / 2 ** 20) and win["ci95"][0] > 0
    assert result["cards - dice"]["attacker_losses"]["told_apart"]
    assert not result["cards - dice"]["rounds"]["told_apart"]  # the same in every battle
    for figure in result["hybrid - dice"].values():
        assert not figure["told_apart"] and figure["p"] == 1.0
        assert figure["value"] == 0 and figure["ci95"][0] <= 0 <= figure["ci95"][1]


def test_compare_json_and_table_carry_the_differences(capsys, monkeypatch):
    """Audit (stop 65): `viktory compare plains-town` showed the attacker's losses in each mode
    with no word on whether cards and dice differ; in 20 battles the cards save the attacker
    about 2 units, which the paired test tells apart, in `--json` and in the table."""
    args = ["viktory", "compare", "plains-town", "--games", "20", "--modes", "dice,cards"]
    assert main([*args, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert list(result["differences"]) == ["cards - dice"]
    losses = result["differences"]["cards - dice"]["attacker_losses"]
    assert list(losses) == DIFFERENCE_KEYS
    assert losses["told_apart"] and losses["ci95"][1] < 0
    dice, cards = (result["modes"][m]["attacker_losses"]["value"] for m in ("dice", "cards"))
    assert losses["value"] == pytest.approx(cards - dice)
    monkeypatch.setenv("COLUMNS", "200")
    assert main(args) == 0
    lines = capsys.readouterr().out.splitlines()
    row = next(line for line in lines if "cards - dice: attacker losses" in line)
    assert "told apart (p " in row and "not told apart" not in row
    assert "\u2212" in row  # the attacker loses fewer units with the cards
    assert any("cards - dice: attacker wins" in line for line in lines)


def test_compare_games_json_carries_each_figure_paired(capsys):
    """Audit (stop 65): `viktory compare-games` gave no difference between the modes, though
    game i has the same seed and seating in every mode. With the seats rotating each listed
    player's wins are compared too."""
    assert main(["viktory", "compare-games", "--games", "4", "--players", "heuristic,random",
                 "--set", "radius=3", "--set", "turn_limit=2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    figures = result["differences"]["cards - dice"]
    assert list(figures) == ["first_player_win", "player0_win", "player1_win", "rounds",
                             "decisions", "battles", "captures"]
    for figure in figures.values():
        assert list(figure) == DIFFERENCE_KEYS
        assert figure["ci95"][0] <= figure["value"] <= figure["ci95"][1]
        assert figure["told_apart"] == (figure["p"] < 0.05)
