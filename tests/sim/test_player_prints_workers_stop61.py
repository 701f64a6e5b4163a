"""What a player of one's own prints in worker processes comes back to the command's process
(stop 61), which writes it where its own prints go: above its progress bar, or to standard
error under --json."""

from __future__ import annotations

import functools
from pathlib import Path

from warroom.sim import batch
from warroom.sim.batch import BatchSpec, run_batch

CHATTY = '''
import random


class Chatty:
    """A random player that says what it does."""

    def __init__(self, game, seed):
        self.rng = random.Random(seed)

    def act(self, view):
        print("chatty: acting")
        return self.rng.choice(view.legal_actions)
'''


def test_a_players_prints_in_workers_reach_this_process(tmp_path: Path, monkeypatch,
                                                       capsys) -> None:
    """Audit (stop 61): with --workers 2 at a terminal, the lines a student's player printed
    were glued onto the progress bar ("... 0:00:01thinking hard"): the workers wrote them to
    the terminal themselves while the bar was drawn there. They now reach this process's
    standard output (where rich's bar prints them above itself), every one, whole."""
    (tmp_path / "chatty_stop61.py").write_text(CHATTY)
    monkeypatch.chdir(tmp_path)  # workers import the player from the current folder
    spec = BatchSpec("kow", {"victories_to_win": 1}, ("chatty_stop61.Chatty", "random"), seed=5)
    results = list(run_batch(spec, range(4), workers=2))
    out = capsys.readouterr().out
    assert len(results) == 4
    lines = out.splitlines()
    assert lines and set(lines) == {"chatty: acting"}


def test_what_workers_print_in_a_pool_of_jobs_reaches_this_process(capsys) -> None:
    """Audit (stop 61): evaluate and tournament play in `ordered_map`: a worker's print went
    to the terminal past the bar there too."""
    with batch.worker_pool(2) as pool:
        assert list(batch.ordered_map(pool, print, ["job one", "job two"])) == [None, None]
    assert sorted(capsys.readouterr().out.splitlines()) == ["job one", "job two"]


def test_a_line_left_open_in_a_worker_comes_through_when_the_pool_ends(capsys) -> None:
    """Audit (stop 61): what a worker printed without ending the line (a row of dots as a
    player thinks) is not lost: it comes through when the worker ends."""
    with batch.worker_pool(2) as pool:
        list(batch.ordered_map(pool, functools.partial(print, end=""), ["x", "x"]))
    assert capsys.readouterr().out == "xx"
