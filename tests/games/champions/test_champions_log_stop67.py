"""The Game of Champions' log lines (stop 67)."""

from __future__ import annotations

from champions_helpers import arrange, fight

from warroom.games.champions import GAME


def flips(attacker: dict, defender: dict, att: str, dfn: str, order: list[str]) -> list[str]:
    s = arrange(attacker, defender)
    fight(s, att, dfn, def_order=order)
    return [GAME.describe_event(e) for e in s.visible_log(None) if e["event"] == "flip"]


def test_a_jacks_2_that_wins_a_flip_outright_is_said_to_count_10():
    """Audit (stop 67): a 2 under a Jack won a flip outright and the log read "Flip: 2H vs 5S
    - player 0 wins" (or, against a plain 2, "2H vs 2S", two equal cards and no Roshambo):
    the flip event did not say what each card counted, so only ties could be marked. It says
    now ("values"), and the line marks a 2 that counted 10, the attacker's or the
    defender's."""
    assert flips({"JH": ["2H"]}, {"KS": ["5S", "8S"], "AS": ["4S"]}, "JH", "KS",
                 ["5S", "8S"])[0] == "Flip: 2H (10 under the Jack) vs 5S - player 0 wins"
    assert flips({"JH": ["2H"]}, {"KS": ["2S", "8S"], "AS": ["4S"]}, "JH", "KS",
                 ["2S", "8S"])[0] == "Flip: 2H (10 under the Jack) vs 2S - player 0 wins"
    assert flips({"KH": ["2H"]}, {"JS": ["2S", "8S"], "AS": ["4S"]}, "KH", "JS",
                 ["2S", "8S"])[0] == "Flip: 2H vs 2S (10 under the Jack) - player 1 wins"
    assert flips({"KH": ["9H"]}, {"QS": ["5S", "8S"], "AS": ["4S"]}, "KH", "QS",
                 ["5S", "8S"])[0] == "Flip: 9H vs 5S - player 0 wins"
