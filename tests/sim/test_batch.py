"""Batch simulation: reproducible games whatever the workers, seat rotation, first player."""

from __future__ import annotations

import pytest

from warroom.engine import ConfigError, derive_seed
from warroom.games import REGISTRY
from warroom.sim import batch
from warroom.sim.batch import BatchSpec, Chunk, Chunker, first_player, play_one, run_batch
from warroom.sim.summary import summarise

SPEC = BatchSpec("kow", {}, ("heuristic", "random"), seed=11)


def test_play_one_is_determined_by_spec_and_index():
    a, b = play_one(SPEC, 5), play_one(SPEC, 5)
    assert a == b
    assert a["seed"] == derive_seed(11, "game", 5)
    assert play_one(SPEC, 6)["seed"] != a["seed"]


def test_play_one_reports_winners_as_listed_players_and_seats():
    for index in range(4):
        r = play_one(SPEC, index)
        assert r["seating"] == ([0, 1] if index % 2 == 0 else [1, 0])
        assert r["winners"] == sorted(r["seating"][s] for s in r["winner_seats"])
        assert len(r["scores_by_seat"]) == 2 and r["length"] > 0
        assert r["metrics"]["rounds"] >= 1  # kow's own metric


def test_seats_rotate_so_each_player_sits_in_each_seat():
    spec = BatchSpec("kow", {}, ("a", "b", "c"), seed=0)
    seatings = [spec.seating(i) for i in range(3)]
    for seat in range(3):
        assert sorted(s[seat] for s in seatings) == [0, 1, 2]
    fixed = BatchSpec("kow", {}, ("a", "b"), seed=0, rotate=False)
    assert fixed.seating(1) == [0, 1]


def test_same_results_whatever_the_workers_and_the_order():
    inline = list(run_batch(SPEC, range(24), workers=1))
    pooled = list(run_batch(SPEC, range(24), workers=2))
    unordered = list(run_batch(SPEC, range(24), workers=2, ordered=False))
    assert [r["index"] for r in inline] == list(range(24))
    assert inline == pooled
    assert sorted(unordered, key=lambda r: r["index"]) == inline
    assert summarise(list(SPEC.players), unordered) == summarise(list(SPEC.players), inline)


def test_run_batch_plays_exactly_the_indices_given():
    got = [r["index"] for r in run_batch(SPEC, [7, 3, 12], workers=2)]
    assert got == [7, 3, 12]


def test_unknown_backend_is_a_config_error():
    with pytest.raises(ConfigError, match="unknown backend 'spark'"):
        list(run_batch(SPEC, range(2), backend="spark"))


class _Opening:
    def __init__(self, to_move):
        self._to_move = to_move

    def to_move(self):
        return self._to_move


class _StubGame:
    def __init__(self, to_move):
        self._to_move = to_move

    def new_state(self, config, seed):
        return _Opening(self._to_move)


def test_first_player_is_the_sole_player_to_move_at_the_start():
    assert first_player(_StubGame((1,)), None, 0, {}) == 1


def test_first_player_is_unknown_when_the_game_opens_with_a_simultaneous_decision():
    assert first_player(_StubGame((0, 1)), None, 0, {}) is None
    # kow opens with the secret choice of dice
    assert play_one(SPEC, 0)["first_player"] is None


def test_first_player_metric_of_a_game_wins_and_is_not_a_metric(monkeypatch):
    assert first_player(_StubGame((0, 1)), None, 0, {"first_player": 1}) == 1
    kow = REGISTRY["kow"]
    monkeypatch.setattr(type(kow), "metrics", lambda self, state: {"first_player": 1, "x": 2.0})
    r = play_one(SPEC, 0)
    assert r["first_player"] == 1 and r["metrics"] == {"x": 2.0}


def test_a_failing_game_is_a_one_line_error_naming_game_and_seed(monkeypatch):
    def boom(spec, index):
        raise ZeroDivisionError("division by zero")

    monkeypatch.setattr(batch, "play_one", boom)
    with pytest.raises(batch.SimulationError) as info:
        batch.play_chunk(SPEC, [4])
    message = str(info.value)
    assert "kow game 4 (batch seed 11) failed: ZeroDivisionError" in message
    assert "\n" not in message


def test_chunks_grow_to_about_half_a_second_of_work():
    chunker = Chunker(range(10_000))
    assert len(chunker.next()) == 1  # nothing known yet
    chunker.observe(Chunk([{}] * 10, elapsed=0.05))  # 5 ms a game
    assert len(chunker.next()) == 100
    chunker.observe(Chunk([{}] * 2, elapsed=20.0))  # very slow games: one at a time
    for _ in range(10):
        chunker.observe(Chunk([{}], elapsed=10.0))
    assert len(chunker.next()) == 1


def test_chunks_shrink_towards_the_end_so_no_worker_waits_on_a_long_last_chunk():
    chunker = Chunker(range(1000), workers=2)
    handed = chunker.next()
    chunker.observe(Chunk([{}] * 10, elapsed=0.05))  # 5 ms a game: 100 a chunk at most
    sizes = []
    while chunk := chunker.next():
        left = 1000 - len(handed)
        assert len(chunk) <= max(1, -(-left // 4)), (len(chunk), left)  # a quarter at most
        sizes.append(len(chunk))
        handed += chunk
    assert handed == list(range(1000))  # every index once, in order
    assert sizes[0] == 100 and sizes[-4:] == [1, 1, 1, 1]


def test_chunks_of_indices_of_unknown_number_keep_their_size_to_the_end():
    chunker = Chunker(iter(range(250)), workers=2)
    chunker.next()
    chunker.observe(Chunk([{}] * 10, elapsed=0.05))
    assert [len(chunker.next()) for _ in range(3)] == [100, 100, 49]


def test_a_pool_left_by_ctrl_c_has_wound_down_before_the_interpreter_exits():
    # The pool's own thread must be gone when the block is left: were it still closing its
    # wake-up pipe while the interpreter's exit writes to it, Ctrl-C would end in a traceback.
    # Only this pool's thread and pipe are looked at: a pool of another test in the same
    # process (the server's AI workers, say) may still be winding down on a loaded machine.
    import time

    with pytest.raises(KeyboardInterrupt):
        with batch.worker_pool(2) as pool:
            [pool.submit(time.sleep, 30) for _ in range(4)]
            time.sleep(0.5)  # the workers are busy
            manager = pool._executor_manager_thread
            wakeup = pool._executor_manager_thread_wakeup
            raise KeyboardInterrupt
    assert not manager.is_alive()
    assert wakeup._closed


def test_ctrl_c_while_the_fork_server_starts_is_not_lost():
    """The fork server starts with Ctrl-C held back and ignored (so that it cannot die
    half-started); the resource tracker it starts first unblocks Ctrl-C on its way out, and a
    Ctrl-C held back till then was dropped: the command played on. It must come through."""
    import subprocess
    import sys

    script = (
        "import os, signal\n"
        "from multiprocessing import forkserver\n"
        "from warroom.sim import batch, pool_start\n"
        "real = forkserver.ensure_running\n"
        "def interrupted_start():\n"
        "    os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C as the server starts\n"
        "    real()\n"
        "forkserver.ensure_running = interrupted_start\n"
        "try:\n"
        "    pool_start.start_server()\n"
        "except KeyboardInterrupt:\n"
        "    print('interrupted')\n"
        "else:\n"
        "    print('lost')\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=60)
    assert out.stdout.strip() == "interrupted", (out.stdout, out.stderr)


def test_a_pool_found_broken_when_more_work_is_handed_to_it_is_the_one_line_error():
    """A worker killed after its last chunk came back: the pool says it is broken at the next
    submit, not in a result. The same one-line error as a lost chunk, not a traceback."""
    from concurrent.futures import Future
    from concurrent.futures.process import BrokenProcessPool

    class BreaksAtTheThirdSubmit:
        submitted = 0

        def submit(self, function, *args):
            self.submitted += 1
            if self.submitted > 2:
                raise BrokenProcessPool("A child process terminated abruptly")
            future = Future()
            future.set_result(function(*args))
            return future

    chunks = batch._pooled_chunks(BreaksAtTheThirdSubmit(), SPEC, Chunker(range(50)), 1)
    with pytest.raises(batch.SimulationError, match="worker process stopped unexpectedly"):
        list(chunks)


def test_the_workers_find_their_game_imported_by_the_fork_server(tmp_path):
    """A pool for a game's batch has the fork server import that game's package once,
    before any worker is forked, rather than every worker importing it for itself."""
    import subprocess
    import sys

    script = tmp_path / "pool.py"  # a file: the workers find `imported` in it by name
    script.write_text(
        "import sys\n"
        "from warroom.sim import batch, pool_start\n"
        "def imported(_):\n"
        "    return 'warroom.games.word_iron' in sys.modules\n"
        "if __name__ == '__main__':\n"
        "    assert 'warroom.games.word_iron' not in sys.modules\n"
        "    with batch.worker_pool(1, 'word-iron') as pool:\n"
        "        print(pool.submit(imported, 0).result())\n"
    )
    out = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"


def test_the_games_of_a_batch_share_its_config_and_another_batch_gets_its_own():
    game = REGISTRY["kow"]
    one = BatchSpec("kow", {"victories_to_win": 1}, ("random", "random"), seed=1)
    two = BatchSpec("kow", {"victories_to_win": 2}, ("random", "random"), seed=1)
    first = batch._config(one, game)
    assert batch._config(one, game) is first  # built once for the batch
    assert batch._config(BatchSpec("kow", {"victories_to_win": 1}, ("random", "random"),
                                   seed=1), game) is first  # an equal spec (a new chunk)
    assert batch._config(two, game).victories_to_win == 2  # never another batch's
    assert batch._config(one, game).victories_to_win == 1
