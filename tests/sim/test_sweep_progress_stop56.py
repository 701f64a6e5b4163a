"""The progress bar of a sweep fits an 80-column terminal: its label gives way, not the
counts, the rate or the time left."""

from __future__ import annotations

from rich.markup import escape

from warroom.sim.progress import game_progress, run_progress

LABEL = "word-iron sweep (cell 4/4: deck0=my-deck.yaml, realm_size=5)"


def rendered(monkeypatch, bar, width: int) -> list[str]:
    monkeypatch.setenv("COLUMNS", str(width))
    with bar() as progress:
        task = progress.add_task(escape(LABEL), total=160)
        progress.update(task, advance=123)
        console = progress.console
        lines = console.render_lines(progress.get_renderable(), console.options, pad=False)
    return ["".join(segment.text for segment in line) for line in lines]


def test_the_sweep_bar_fits_80_columns_with_its_figures_whole(monkeypatch):
    """Audit (stop 56): at 80 columns a sweep's bar read `word-iron sweep (cell 4/4:
    deck0=my-deck.yaml, realm_size=5) ━╸ 1…  … 0… ETA 0:…` and wrapped. The label is cut
    (with "…") before the count, the rate and the times, and nothing wraps."""
    lines = rendered(monkeypatch, game_progress, 80)
    assert len(lines) == 1 and len(lines[0]) <= 80, lines
    line = lines[0]
    assert line.startswith("word-iron sweep (cell 4/4") and "…" in line.split("━")[0]
    assert "123/160" in line and "games/s" in line and "ETA -:--:--" in line
    wide = rendered(monkeypatch, game_progress, 160)
    assert len(wide) == 1 and wide[0].startswith(LABEL + " ")  # whole where there is room


def test_the_benchs_bar_fits_80_columns_too(monkeypatch):
    """Audit (stop 56): the bench's bar of timed runs is made the same way."""
    lines = rendered(monkeypatch, run_progress, 80)
    assert len(lines) == 1 and len(lines[0]) <= 80, lines
    assert "123/160 runs" in lines[0] and "ETA" in lines[0]
