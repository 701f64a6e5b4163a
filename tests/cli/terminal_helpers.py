"""Run a command in a pseudo-terminal, as a person's terminal would show it."""

from __future__ import annotations

import os
import pty
import re
import subprocess


def run_in_terminal(argv: list[str], env: dict[str, str] | None = None,
                    timeout: float = 60, stdin: int | None = None) -> tuple[int, str]:
    """The command's exit status, and all it displayed, colours taken out (`stdin`, as
    subprocess takes it: this process's own when None)."""
    leader, follower = pty.openpty()
    process = subprocess.Popen(argv, stdin=stdin, stdout=follower, stderr=follower,
                               env={**os.environ, **(env or {})})
    os.close(follower)
    seen = b""
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the terminal's other end closed: the command is done
            break
        if not chunk:
            break
        seen += chunk
    os.close(leader)
    status = process.wait(timeout=timeout)
    return status, re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", seen.decode(errors="replace"))
