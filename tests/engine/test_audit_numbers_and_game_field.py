"""Config numbers as text and a record's game field, found by an audit. Each test's docstring
names the defect."""

from __future__ import annotations

import pytest

from warroom.engine import ConfigError, Record, RecordError
from warroom.engine.record import check_game_field, misfit
from warroom.games import REGISTRY, get_game
from warroom.server.options import Uploads, config_from


class _NoFiles:
    def file(self, _sha: str) -> None:
        return None


@pytest.mark.parametrize("value", ["+3", "+0"])
def test_defect_a_plus_signed_number_is_refused_on_the_command_line_and_the_server(value):
    """Audit item 3: `--set pool_red=+3` was read as 3. Text numbers are now read as the
    server's JSON has them (no plus sign), the same by both."""
    kow = get_game("kow")
    message = f"option 'pool_red' must be an integer (written without a plus sign), got {value!r}"
    with pytest.raises(ConfigError) as cli:
        kow.config({"pool_red": value})
    with pytest.raises(ConfigError) as server:
        config_from(kow, {"pool_red": value}, Uploads(_NoFiles()))  # type: ignore[arg-type]
    assert str(cli.value) == str(server.value) == message


def test_plain_and_negative_numbers_are_read_as_before():
    kow, battle = get_game("kow"), get_game("battle")
    assert kow.config({"pool_red": "3", "red_faces": "0,1,1,1,2,2"}).pool_red == 3
    assert battle.config({"first_player": "-1"}).first_player == -1
    with pytest.raises(ConfigError, match=r"item 2 must be an integer \(written without a "
                                          r"plus sign\), got '\+1'"):
        kow.config({"red_faces": "0,+1,1,1,2,2"})


def test_defect_check_game_field_names_the_game_a_record_holds():
    """Audit item 2: a record whose `game` field was changed was refused as a version
    mismatch; `check_game_field` says which game it holds instead."""
    battle, kow = get_game("battle"), get_game("kow")
    config = {"players": 2, "hand_size": 7, "jokers": True}  # only battle takes all three
    record = Record("kow", battle.version, config, 1, [], source="r.json")
    assert misfit(battle, record) == ""
    assert misfit(kow, record) == ("its config has options kow does not take: 'players', "
                                   "'hand_size', 'jokers'")
    with pytest.raises(RecordError) as info:
        check_game_field(kow, record, REGISTRY.values())
    assert str(info.value) == ("r.json: the record says it is a game of 'kow', but it holds a "
                               "game of 'battle' (its config has options kow does not take: "
                               "'players', 'hand_size', 'jokers'); was its game field changed?")
    # its own game, or none that fits: left to the checks that name the field at fault
    check_game_field(battle, Record("battle", "1", config, 1, []), REGISTRY.values())
    check_game_field(kow, Record("kow", "1", {"nope": 1}, 1, []), REGISTRY.values())
