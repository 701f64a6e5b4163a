"""Writing a file whole or not at all: the one home of the project's atomic writes."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_atomic(path: str | Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` through a temporary file beside it, synced, then renamed
    over it: a crash, a kill or a full disk mid-write leaves the previous file whole (or no
    file). An OSError says why it failed; the temporary file is gone either way."""
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())  # the new text is on disk before it replaces the old
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
