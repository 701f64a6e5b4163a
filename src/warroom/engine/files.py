"""Writing a file whole or not at all: the one home of the project's atomic writes."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO


def write_atomic(path: str | Path, text: str, private: bool = False) -> None:
    """Write `text` (UTF-8) to `path` whole or not at all (`atomic_file`)."""
    with atomic_file(path, private) as handle:
        handle.write(text)


@contextmanager
def atomic_file(path: str | Path, private: bool = False) -> Iterator[IO[str]]:
    """A text stream (UTF-8) into a temporary file beside `path`, synced, then renamed over
    it when the block ends: a crash, a kill, an exception or a full disk mid-write leaves
    the previous file whole (or no file). An OSError says why it failed; the temporary file
    is gone either way. The file keeps the mode of the one it replaces, or gets the one any
    new file gets (the umask's); `private` keeps it the owner's alone (a save holds every
    hand and the seed). A stream, so that a large export need not be held in memory."""
    # through a symbolic link to the file it names (replacing the link would leave that as it
    # was, and the link a copy)
    path = Path(os.path.realpath(path))
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent or ".")
    try:
        if not private:  # mkstemp makes it the owner's alone
            os.chmod(tmp, _mode_for(path))
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            yield handle
            handle.flush()
            os.fsync(handle.fileno())  # the new text is on disk before it replaces the old
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def left_as_was(existed: bool) -> str:
    """What a failed `write_atomic` left, for its one-line message."""
    return "the file is unchanged" if existed else "no file is written"


def _mode_for(path: Path) -> int:
    """The permissions of the file at `path`, or those a new file gets (0666 less the umask)."""
    try:
        return path.stat().st_mode & 0o7777
    except OSError:
        return 0o666 & ~_umask()


def _umask() -> int:
    """The process's umask, read where Linux shows it: setting it to read it (the portable
    way) would, for that instant, give files other threads make (SQLite's) no mask at all."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    mask = os.umask(0o077)  # the strictest while it is read; set back at once
    os.umask(mask)
    return mask
