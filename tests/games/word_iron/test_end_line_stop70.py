"""Word & Iron: the battle's last line when a royal goes unransomed (audit, stop 69: the
result said "royal not ransomed" beside a loser far ahead on army ranks, and nothing of why
no ransom was paid)."""

from __future__ import annotations

from word_iron_helpers import bare, events

from warroom.games.word_iron import GAME


def test_a_royal_not_ransomed_says_the_realm_had_no_use_left():
    """Rule 6: "A resource card must have at least one use left before it can be used as a
    ransom for your royal": a side whose realm has none loses its captured royal, and the
    game. The end line says so, where it gave the reason's three words alone."""
    s = bare(capture_needs_no_royal_guards=False)
    s.realm[1] = [(deck, index, 0) for deck, index, _ in s.realm[1]]  # every use spent
    s._e_capture(0, None)
    [end] = [GAME.describe_event(e) for e in events(s, "game_over")]
    assert end.startswith("Battle over (royal not ransomed: player 1's realm has no resource "
                          "with a use left): player 0 wins")
