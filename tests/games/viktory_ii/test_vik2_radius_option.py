"""viktory-ii's `radius` option: what `warroom options` says it accepts is what its check
accepts."""

from __future__ import annotations

import re

import pytest

from warroom.cli import main
from warroom.engine import ConfigError
from warroom.games import REGISTRY

GAME = REGISTRY["viktory-ii"]
# The smallest radius other than 0 by player count, as the description states it.
SMALLEST = {2: 2, 3: 2, 4: 3, 5: 3, 6: 3, 7: 5, 8: 6}


def _description(capsys) -> str:
    assert main(["options", "viktory-ii"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("radius="))
    assert lines[at].split("#", 1)[1].strip() == "0, or from 2 to 10"  # the bounds, with the gap
    described = []
    for line in lines[at + 1:]:
        if not line.startswith("    "):
            break
        described.append(line.strip())
    return " ".join(described)


def test_the_options_text_says_which_radii_are_taken(capsys):
    """Defect: `warroom options viktory-ii` said `radius` is "from 0 to 10", and nothing
    more, while radius=1 was refused ("must be from 2 to 10 (or 0: by player count)"), as
    was a radius too small for the players' starting hexes: the description now says what
    is accepted."""
    text = _description(capsys)
    assert ("0: the publisher's size for the player count. Else from 2 to 10 with 2 or 3 "
            "players, 3 to 10 with 4 to 6, 5 to 10 with 7, 6 to 10 with 8") in text
    assert "with a map file, 0 or its radius" in text
    stated = {}
    for low, players in re.findall(r"(\d+) to 10 with (\d+(?: (?:or|to) \d+)?)", text):
        ends = [int(n) for n in re.findall(r"\d+", players)]
        for p in range(ends[0], ends[-1] + 1):
            stated[p] = int(low)
    assert stated == SMALLEST


@pytest.mark.parametrize("players", sorted(SMALLEST))
def test_the_check_takes_exactly_what_the_text_says(players):
    for radius in range(0, 11):
        taken = radius == 0 or radius >= SMALLEST[players]
        if taken:
            assert GAME.config({"players": players, "radius": radius}).map_radius >= 2
        else:
            with pytest.raises(ConfigError, match="radius"):
                GAME.config({"players": players, "radius": radius})


def test_a_map_file_takes_0_or_its_own_radius():
    from warroom.engine import DataError

    assert GAME.config({"map": "duel"}).map_radius == 4
    assert GAME.config({"map": "duel", "radius": 4}).map_radius == 4
    with pytest.raises((ConfigError, DataError), match="the map has radius 4"):
        GAME.config({"map": "duel", "radius": 5})
