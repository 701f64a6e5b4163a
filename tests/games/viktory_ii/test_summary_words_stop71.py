"""The rules summary of Viktory II (`warroom rules viktory-ii`, `?` at the table), as a rules
lawyer read it (audit, stop 71): a card was "for each town built or taken, one lost with each
town lost" where the text says town/city ("A player that takes a town/city gains a card, a
player losing a town/city must lose a card"); combat supply was "next to your town or city"
where the ruling is "is, or is next to"; and the line on the map's garrisons began a
paragraph of its own, out of the indentation of the lines around it."""

from __future__ import annotations

from warroom.cli import main
from warroom.games import get_game


def test_the_summary_says_town_or_city_and_in_or_next_to():
    summary = " ".join(get_game("viktory-ii").summary.split())
    assert "a card for each town built and each town or city taken, one lost with each " \
           "town or city lost" in summary
    assert "(1-4 in combat supply: in or next to your town or city" in summary


def test_every_wrapped_line_of_the_printed_summary_is_indented(capsys):
    assert main(["rules", "viktory-ii"]) == 0
    out = capsys.readouterr().out
    garrisons = next(line for line in out.splitlines() if "Garrisons: D2" in line)
    assert garrisons.startswith("  "), garrisons
