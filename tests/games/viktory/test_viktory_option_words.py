"""Audit (stop 53): an option that does not fit a scenario is the option's error, not the
scenario file's."""

from __future__ import annotations

import pytest

from warroom.engine import ConfigError, DataError
from warroom.games.viktory import GAME
from warroom.games.viktory.scenario import scenario_path

CASES = [
    ({"scenario": "naval", "terrain": "plains"}, "terrain",
     "option 'terrain' (plains) does not fit scenario 'naval': frigates fight only in water "
     "hexes; use naval_support or attacker.bombard.frigate"),
    ({"scenario": "empty-town", "terrain": "water"}, "terrain",
     "option 'terrain' (water) does not fit scenario 'empty-town': a naval battle (water) has "
     "frigates only"),
    ({"scenario": "naval", "settlement": "city"}, "settlement",
     "option 'settlement' (city) does not fit scenario 'naval': a water hex has no town or "
     "city"),
    ({"scenario": "naval", "defenders": "0"}, "defenders",
     "option 'defenders' (0) does not fit scenario 'naval': a naval battle needs defending "
     "frigates"),
    # the field at fault is not one an option given sets: the options that changed the battle
    ({"scenario": "naval", "naval_support": "true"}, "naval_support",
     "option 'naval_support' (true) does not fit scenario 'naval' (field terrain): no naval "
     "support or bombard in a naval battle"),
    ({"scenario": "reserves", "attacker_reserves": "0"}, "attacker_reserves",
     "option 'attacker_reserves' (0) does not fit scenario 'reserves' (field "
     "attacker.sides.2): a hex side with no units, committed or in reserve"),
    ({"scenario": "naval", "defender_reserve": "1i", "bombard": "1a"}, "defender_reserve",
     "options 'defender_reserve' (1i) and 'bombard' (1a) do not fit scenario 'naval' (field "
     "terrain): a naval battle (water) has no land reserves"),
]


@pytest.mark.parametrize(("values", "option", "message"), CASES,
                         ids=[c[1] + "-" + c[0]["scenario"] for c in CASES])
def test_an_option_that_does_not_fit_the_scenario_is_the_options_error(values, option, message):
    """Audit (stop 53): `--set scenario=naval --set terrain=plains` said "…/scenarios/
    naval.yaml: field terrain: frigates fight only in water hexes", blaming a shipped file
    that is fine (a path inside the install) and a DataError through the Python API. It is
    a ConfigError of the option given, naming the scenario."""
    with pytest.raises(ConfigError) as info:
        GAME.config(values)
    assert str(info.value) == message
    assert info.value.option == option
    assert "scenarios/" not in str(info.value)


def test_a_defect_of_a_users_own_scenario_file_still_names_the_file_and_field(tmp_path):
    """Audit (stop 53): the file itself at fault (no option given) is still the file's error,
    at its field."""
    scenario = tmp_path / "mine.yaml"
    scenario.write_text(scenario_path("naval").read_text().replace(
        "terrain: water", "terrain: water\nsettlement: city"))
    with pytest.raises(DataError) as info:
        GAME.config({"scenario": str(scenario), "terrain": "water"})
    assert (info.value.where, info.value.problem, info.value.option) == (
        f"{scenario}: field settlement", "a water hex has no town or city", "scenario")
    # the user's own valid file, with an option that does not fit it: the option's error
    scenario.write_text(scenario_path("naval").read_text())
    with pytest.raises(ConfigError) as info:
        GAME.config({"scenario": str(scenario), "terrain": "plains"})
    assert str(info.value).startswith("option 'terrain' (plains) does not fit the scenario "
                                      "file given (Naval battle): frigates fight only in "
                                      "water hexes")
    assert info.value.option == "terrain"
    # named by the file's `name:`, never by a path (a lobby's upload is kept in a private
    # folder, and the server renames paths only in a DataError)
    assert str(tmp_path) not in str(info.value)
