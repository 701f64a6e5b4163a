"""A data option names a file on disk or a file warroom ships: one resolver for every game
(Word & Iron decks, Viktory scenarios and Battle Cards decks, Viktory II maps, Battle deck
lists)."""

from __future__ import annotations

from pathlib import Path

import pytest

from warroom.engine import DataError
from warroom.engine.data import data_file
from warroom.games import get_game

# (game, option, a shipped name, what the message calls it, the options it needs): each game's
# data option goes through the one resolver
OPTIONS = [("word-iron", "deck0", "raiders", "deck", {}),
           ("viktory", "scenario", "naval", "scenario", {}),
           ("viktory", "deck", "sample", "card file", {"mode": "cards"}),
           ("viktory-ii", "map", "duel", "map", {}),
           ("battle", "deck1", "sample", "deck list", {"deck_mode": "constructed"})]


def test_a_path_to_a_file_comes_before_a_shipped_name(tmp_path, monkeypatch):
    shipped = {"sample": tmp_path / "shipped.yaml"}
    (tmp_path / "shipped.yaml").write_text("x: 1\n")
    monkeypatch.chdir(tmp_path)
    assert data_file("sample", "deck", shipped) == shipped["sample"]
    (tmp_path / "sample").write_text("x: 2\n")  # a file of that name where the person is
    assert data_file("sample", "deck", shipped) == Path("sample")


def test_a_folder_a_missing_file_and_no_shipped_files_say_which(tmp_path):
    shipped = {"b": tmp_path / "b.yaml", "a": tmp_path / "a.yaml"}
    with pytest.raises(DataError, match=r"^deck '.*': a folder, not a file, and not a "
                                        r"shipped deck \(a, b\)$"):
        data_file(str(tmp_path), "deck", shipped)
    with pytest.raises(DataError, match=r"^map 'nowhere': no such file, and not a shipped map "
                                        r"\(none\)$"):
        data_file("nowhere", "map", {})


def test_a_shipped_name_given_with_its_extension_says_how_to_name_it(tmp_path, monkeypatch):
    """`--set deck1=sample-deck.yaml` (Battle's README shows the YAML sample's file) said
    only "no such file, and not a shipped deck list (sample-deck)": a shipped file is named
    without its extension, and the message says so."""
    monkeypatch.chdir(tmp_path)
    shipped = {"sample-deck": tmp_path / "data" / "sample-deck.txt"}
    with pytest.raises(DataError) as error:
        data_file("sample-deck.yaml", "deck list", shipped)
    assert str(error.value) == ("deck list 'sample-deck.yaml': no such file, and not a "
                                "shipped deck list (sample-deck; name it without '.yaml': "
                                "sample-deck)")


def test_a_device_is_not_a_regular_file():
    """`--set deck0=/dev/zero` said "no such file": the path is there, a device."""
    with pytest.raises(DataError, match=r"^deck '/dev/zero': not a regular file, and not a "
                                        r"shipped deck \(none\)$"):
        data_file("/dev/zero", "deck", {})


@pytest.mark.parametrize("game, option, name, what, values", OPTIONS)
def test_every_game_refuses_a_folder_for_a_data_file_in_one_line(tmp_path, game, option, name,
                                                                 what, values):
    """`--set deck0=SOMEDIR` said "no such file" (Word & Iron), "cannot read deck list (Is a
    directory)" (Battle) or named no folder at all."""
    g = get_game(game)
    with pytest.raises(DataError) as info:
        g.config({**values, option: str(tmp_path)})
    message = str(info.value)
    assert message.startswith(f"{what} '{tmp_path}': a folder, not a file, and not a shipped "
                              f"{what} (")
    assert "\n" not in message
    assert name in message.rsplit("(", 1)[1]
    g.config({**values, option: name})  # the shipped name itself is found
    assert name in g.data_options[option].shipped  # and the browser table offers it
