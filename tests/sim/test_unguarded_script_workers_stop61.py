"""A script that plays a batch on workers without `if __name__ == "__main__":` is told so
(stop 61)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

UNGUARDED = '''
from warroom.sim.batch import BatchSpec, run_batch

spec = BatchSpec("kow", {"victories_to_win": 1}, ("random", "random"), seed=1)
print(len(list(run_batch(spec, range(4), workers=2))))
'''


def test_a_script_without_the_main_guard_is_told_to_add_it(tmp_path: Path) -> None:
    """Audit (stop 61): the Python API called from a script without an `if __name__ ==
    "__main__":` guard, with workers=2, printed Python's traceback about a "bootstrapping
    phase" from each worker, then "a worker process stopped unexpectedly (killed, or out of
    memory?)": the workers import the script, and it started games again in each. Now one
    line names the script and the guard it needs, and no worker's traceback."""
    script = tmp_path / "unguarded_stop61.py"
    script.write_text(UNGUARDED)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    done = subprocess.run([sys.executable, str(script)], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last == (f"warroom.sim.batch.SimulationError: {script} starts games as it is "
                    "imported, and each worker process imports it again: put the code that "
                    "plays under 'if __name__ == \"__main__\":'")
    assert "bootstrapping" not in done.stderr
    assert "stopped unexpectedly" not in done.stderr
    assert done.stdout == ""
