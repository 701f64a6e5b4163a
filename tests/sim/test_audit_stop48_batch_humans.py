"""A batch from Python refuses a person's seat, as the commands do."""

from __future__ import annotations

import pytest

from warroom.engine import ConfigError
from warroom.sim.batch import BatchSpec, play_one, run_batch

REFUSED = (r"^BatchSpec\.players: 'human' cannot play \(a batch plays AI players only: "
           r"random, heuristic, mcts\)$")


@pytest.mark.parametrize("workers", [1, 2])
def test_run_batch_and_play_one_refuse_a_human(workers, capsys):
    """Audit (stop 48): `run_batch` and `play_one` took a `human` SPEC: the game printed a
    table on stdout and stopped at a prompt (KeyboardInterrupt on a closed stdin). They
    refuse it before anything is played, with ConfigError, as `refuse_humans` does for the
    CLI's batch commands."""
    spec = BatchSpec("kow", {}, ("heuristic", "human"), 1)
    with pytest.raises(ConfigError, match=REFUSED):
        run_batch(spec, range(2), workers=workers)
    with pytest.raises(ConfigError, match=REFUSED):
        play_one(spec, 0)
    assert capsys.readouterr().out == ""
    fine = BatchSpec("kow", {}, ("heuristic", "random"), 1)
    assert len(list(run_batch(fine, range(2)))) == 2
