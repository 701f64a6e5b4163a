"""The server's AI pace, quickened for tests that only need a served game to end.

In a game that hides how many moves a seat makes out of sight (Champions, a dark Viktory II),
each AI move takes a beat (`warroom.server.ai.AI_BEAT`, a quarter of a second), so that the
pace tells nobody the count. A Champions game of two random seats is some 160 beats: 40 s of
a test waiting for its finished game. Tests of the beat itself (test_ai_beats_stop67) keep
the real one."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest

QUICK_BEAT = 0.005  # seconds: the moves still come one beat apart, as the server plays them


@contextmanager
def quick_beats() -> Iterator[None]:
    """AI seats of a server started or playing within play one beat of QUICK_BEAT a move."""
    from warroom.server import ai

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ai, "AI_BEAT", QUICK_BEAT)
        yield
