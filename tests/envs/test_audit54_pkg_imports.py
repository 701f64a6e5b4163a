"""Audit (stop 54): importing an environment without the `rl` extra says what to install,
as the command line does for its other extras, instead of a bare ModuleNotFoundError."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from warroom import install_hint

PROBE = """
import json, sys
sys.modules[{blocked!r}] = None  # as if not installed
try:
    import {module}
except ImportError as exc:
    cause = exc.__cause__
    print(json.dumps({{"type": type(exc).__name__, "message": str(exc),
                      "is_import_error": isinstance(exc, ImportError),
                      "cause": type(cause).__name__ if cause else None}}))
else:
    print(json.dumps(None))
"""


@pytest.mark.parametrize(("module", "blocked"), [
    ("warroom.envs.gymnasium", "gymnasium"),
    ("warroom.envs.pettingzoo", "gymnasium"),
    ("warroom.envs.pettingzoo", "pettingzoo"),
    ("warroom.envs.openspiel", "pyspiel"),
])
def test_a_missing_rl_package_names_the_extra(module, blocked):
    """Audit (stop 54): `import warroom.envs.gymnasium` without gymnasium said only "No
    module named 'gymnasium'"; now it names the package and `pip install 'warroom[rl]'`,
    chained to the original error."""
    proc = subprocess.run([sys.executable, "-c", PROBE.format(module=module, blocked=blocked)],
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "WARROOM_NATIVE": "0"})
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result is not None and result["is_import_error"]
    assert result["type"] == "ModuleNotFoundError"
    assert blocked in result["message"]
    assert install_hint("rl") in result["message"]
    assert "\n" not in result["message"]
    assert result["cause"] == "ModuleNotFoundError"
