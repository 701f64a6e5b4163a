"""Audit (stop 67): progress bars on a narrow terminal cut the count itself: `warroom
simulate kow --games 100` at COLUMNS=40 showed `  15/1…  210.1 games/s 0:00:… ETA 0:00:…`,
and `evaluate` (a bar of its own) at 20 `kow ━━━━   0… -:--:…`. The count stays whole;
the rate, the time elapsed, the bar and the time left give way first, in that order."""

from __future__ import annotations

import re
import subprocess

import pytest
from terminal_helpers import run_in_terminal
from test_hotseat_audit47 import WARROOM

from warroom.sim.progress import game_progress, run_progress


def rendered(monkeypatch, bar, width: int, label: str = "kow run 1") -> str:
    """The one line `bar` draws at `width` columns, 15 of 100 done."""
    monkeypatch.setenv("COLUMNS", str(width))
    with bar() as progress:
        task = progress.add_task(label, total=100)
        progress.update(task, advance=15)
        console = progress.console
        lines = console.render_lines(progress.get_renderable(), console.options, pad=False)
    assert len(lines) == 1, lines
    line = "".join(segment.text for segment in lines[0])
    assert len(line) <= width, line
    return line


@pytest.mark.parametrize("width", [16, 20, 30, 40, 50, 60, 80])
def test_the_count_is_whole_at_any_width(monkeypatch, width):
    """Audit (stop 67): each bar keeps `15/100` whole on one line however narrow."""
    assert re.search(r"(^| )15/100( |$)", rendered(monkeypatch, game_progress, width))
    assert re.search(r"(^| )15/100 runs( |$)", rendered(monkeypatch, run_progress, width))


def test_the_figures_give_way_in_turn(monkeypatch):
    """Audit (stop 67): as the terminal narrows, the rate goes first, then the time
    elapsed, then the bar, then the time left; the label keeps its first 12 cells (all of
    a shorter one) until only the count is left beside it."""
    line = rendered(monkeypatch, game_progress, 80)
    assert "games/s" in line and "0:00:00 ETA -:--:--" in line
    line = rendered(monkeypatch, game_progress, 50)
    assert "games/s" not in line and line.endswith(" 15/100 0:00:00 ETA -:--:--")
    line = rendered(monkeypatch, game_progress, 40)
    assert line.startswith("kow run 1 ") and line.endswith(" 15/100 ETA -:--:--")
    assert "0:00:00" not in line and len(line.split()) == 7  # label, bar, count, ETA
    assert rendered(monkeypatch, game_progress, 30).split() == [
        "kow", "run", "1", "15/100", "ETA", "-:--:--"]
    assert rendered(monkeypatch, game_progress, 20).split() == ["kow", "run", "1", "15/100"]
    assert rendered(monkeypatch, game_progress, 10).split() == ["k…", "15/100"]
    long = rendered(monkeypatch, game_progress, 40,
                    "word-iron sweep (cell 4/4: deck0=my-deck.yaml, realm_size=5)")
    assert long.startswith("word-iron sw") and "…" in long and " 15/100 ETA" in long


def frames(width: int, *args: str) -> list[str]:
    """The bar's lines `warroom ARGS` drew in a terminal `width` columns wide."""
    status, shown = run_in_terminal([WARROOM, *args],
                                    env={"COLUMNS": str(width), "WARROOM_NATIVE": "0"},
                                    stdin=subprocess.DEVNULL)
    assert status == 0, shown[-2000:]
    drawn = [piece for piece in re.split(r"[\r\n]+", shown) if "/1" in piece]
    assert drawn and any("100/100" in piece for piece in drawn), shown[-2000:]
    return drawn


def test_simulates_bar_keeps_its_count_at_40_columns(tmp_path, monkeypatch):
    """Audit (stop 67): the reported case: `simulate` at COLUMNS=40 drew `  15/1…`."""
    monkeypatch.chdir(tmp_path)  # where its results database goes
    for piece in frames(40, "simulate", "kow", "--games", "100", "--players",
                        "heuristic,random"):
        assert len(piece) <= 40 and re.search(r" \d+/100 ETA ", piece), piece


def test_evaluates_bar_is_the_same_bar(tmp_path, monkeypatch):
    """Audit (stop 67): `evaluate` built a bar of its own, which at 20 columns cut its count
    to `   0…`; it shows the games' bar every other command does."""
    monkeypatch.chdir(tmp_path)
    for piece in frames(20, "evaluate", "kow", "--games", "100", "--players",
                        "heuristic,random"):
        assert len(piece) <= 20 and re.fullmatch(r"kow +\d+/100", piece), piece
