"""The face-up discard pile at the terminal: whether a player is asked to play depends on the
cards face up there (`may_hold`), so the text view lists them, newest first."""

from __future__ import annotations

import importlib

from viktory_helpers import GAME, battle, play

from warroom.engine.data import TEXT_WIDTH

# The module (the package's `render` is its function of that name).
VIEW = importlib.import_module("warroom.games.viktory.render")
HEAD = "Discards, newest first: "


def listed(text: str) -> str | None:
    """The view's discards line, with the lines it goes on over, as one; None if none."""
    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if line.startswith(HEAD)), None)
    if at is None:
        return None
    parts = [lines[at][len(HEAD):]]
    for line in lines[at + 1:]:
        if not line.startswith("    "):
            break
        parts.append(line.strip())
    return " ".join(parts)


def test_the_view_lists_the_face_up_discards_newest_first():
    """Audit (stop 68): the panel showed only "discards 2": which cards lay face up (every
    Attack card there, say, and the attacker is no longer asked for a wave) could not be
    seen. The pile is listed by card id, the last discarded first, to both sides and to a
    spectator; the deck and the hands stay out of it."""
    state = battle(["RA1", "FL11"], ["FL01", "FR11"])
    play(state, "RA1")
    play(state, "FL01")
    assert state.discard == ["RA1", "FL01"]
    for player in (0, 1, None):
        line = listed(GAME.render(state.observation(player), player))
        assert line == "FL01, RA1"
        assert not any(c in line for c in [*state.deck, *state.hands[0], *state.hands[1]])


def test_a_long_pile_is_listed_whole_or_cut_to_one_line_within_the_width():
    """Audit (stop 68): a pile of many cards fits the view's width: whole (over lines) while
    the cards are written whole; written shorter, one line of the newest and how many more;
    left out only at the shortest, where a screen's choices need the room."""
    state = battle(["RA1"], ["FL01"])
    pile = [cid for cid in state.cards if cid.startswith(("AZ", "AP", "CZ"))]
    state.discard = pile
    obs = state.observation(0)
    for short in range(VIEW.SHORTER):
        text = VIEW._render(obs, short)
        assert all(len(line) <= TEXT_WIDTH for line in text.splitlines()), text
        line = listed(text)
        if short == VIEW.NO_PILE:
            assert line is None
        elif short < VIEW.BY_NAME:
            assert line is not None and line.split(", ") == pile[::-1]
        else:
            assert line is not None and len(HEAD + line) <= TEXT_WIDTH
            newest, more = line.rsplit(" and ", 1)
            shown = newest.split(", ")
            assert shown == pile[::-1][:len(shown)] and more == f"{len(pile) - len(shown)} more"
