"""The observation vectors and action masks are pinned: every seat's, at every step of a few
seeded random games of each game and config (encoding_digests.py), must hash to the digest
recorded in encoding_digests.json. A change made for speed must leave every number as it was;
a change that means to alter an encoding (or a game's rules, which change the games played)
rewrites the file with `python tests/envs/encoding_digests.py --pin` and says why."""

from __future__ import annotations

import pytest

from . import encoding_digests as d

PINNED = d.pinned()


@pytest.mark.parametrize("name", sorted(PINNED))
def test_every_observation_and_mask_is_as_pinned(name):
    game, values = next((g, v) for g in d.games() for v in d.configs(g)
                        if d.label(g, v) == name)
    assert d.digest(game, values) == PINNED[name]


PIN = "python tests/envs/encoding_digests.py --pin"


def unpinned_message(pinned: list[str], wanted: list[str]) -> str:
    """What the pins lack and hold too many of, and the command that rewrites them."""
    missing = sorted(set(wanted) - set(pinned))
    extra = sorted(set(pinned) - set(wanted))
    return (f"tests/envs/encoding_digests.json pins {len(pinned)} configs, the games have "
            f"{len(wanted)}; not pinned: {missing}; pinned but no longer a config: {extra}. A "
            f"new game (or config) with an encoding pins its digests: run `{PIN}` in the "
            "checkout's root with the project's Python (.venv/bin/python), then check with "
            "`git diff tests/envs/encoding_digests.json` that only these lines changed (it "
            "rewrites every digest)")


def test_every_game_and_config_is_pinned():
    """Audit (stop 48): a new game failed here with a bare list comparison; the message says
    which configs are not pinned and the command that pins them."""
    pinned = sorted(PINNED)
    wanted = sorted(d.label(g, v) for g in d.games() for v in d.configs(g))
    assert pinned == wanted, unpinned_message(pinned, wanted)


def test_the_message_of_a_missing_pin_names_it_and_the_command():
    """Audit (stop 48): what a game added outside the pins is told."""
    message = unpinned_message(["kow"], ["duel", "kow"])
    assert "not pinned: ['duel']" in message
    assert f"run `{PIN}`" in message
