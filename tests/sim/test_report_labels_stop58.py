"""Audit (stop 58): a report's player and seat tables headed their intervals "95 % CI",
not saying they are Wilson's (only `report --help` did), and the card table's "difference
(95 % CI)" showed `+6.9 (-37.7 to +46.4)` without units, where the plot says percentage
points. The columns now say both."""

from __future__ import annotations

import pytest

from warroom.cli import main


@pytest.fixture(scope="module")
def report_text(tmp_path_factory) -> str:
    folder = tmp_path_factory.mktemp("labels")
    db = folder / "r.sqlite"
    assert main(["simulate", "kow", "--players", "random,random", "--games", "30",
                 "--db", str(db)]) == 0
    assert main(["report", str(db), "--out", str(folder / "r.md")]) == 0
    return (folder / "r.md").read_text(encoding="utf-8")


def test_the_player_and_seat_intervals_say_they_are_wilson(report_text):
    """Audit (stop 58): both rate tables name the interval."""
    assert "| player | wins | win rate | 95 % CI (Wilson) |" in report_text
    assert "| seat | wins | win rate | 95 % CI (Wilson) |" in report_text


def test_the_card_difference_says_its_units(report_text):
    """Audit (stop 58): the card table's difference is in percentage points."""
    assert "| difference, percentage points (95 % CI) |" in report_text
    assert "difference (95 % CI)" not in report_text
