"""Audit (stop 53): Battle's deck options and constructed_size say what is wrong and where."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from warroom.cli import cli
from warroom.engine import ConfigError, DataError
from warroom.games.battle import GAME


def test_a_single_card_is_a_one_card_deck_list():
    """Audit (stop 53): `deck0=AS` with constructed_size=1 was read as a file name ("deck list
    'AS': no such file"); a single item that is a card is a one-card list, by the command
    line's text and by the Python config's tuple alike."""
    for deck in ("AS", ("AS",), ["as"], "Ace of spades"):
        config = GAME.config({"deck_mode": "constructed", "constructed_size": 1, "deck0": deck})
        assert config.deck0 == ("AS",)
    config = GAME.config({"deck_mode": "constructed", "constructed_size": 1, "jokers": "true",
                          "deck1": "Joker"})
    assert config.deck1 == ("JK",)
    # a single card for a 40-card deck: told as the option's cards, not as a missing file
    with pytest.raises(ConfigError, match=r"^option 'deck0': a constructed deck has exactly 40 "
                                          r"cards \(the option constructed_size\); this one "
                                          r"has 1$") as info:
        GAME.config({"deck_mode": "constructed", "deck0": "AS"})
    assert info.value.option == "deck0"


def test_a_single_card_on_the_command_line_plays(tmp_path):
    """Audit (stop 53): `warroom play battle --set deck_mode=constructed --set
    constructed_size=1 --set deck0=AS` failed before the game began."""
    result = CliRunner().invoke(cli, [
        "play", "battle", "--players", "random,random", "--seed", "1",
        "--set", "deck_mode=constructed", "--set", "constructed_size=1",
        "--set", "deck0=AS", "--set", "deck1=KH"])
    assert "no such file" not in result.output
    assert result.exit_code == 0, result.output


def test_a_file_still_reads_as_a_file_and_a_card_wins_over_a_file_of_its_name(
        tmp_path, monkeypatch):
    """Audit (stop 53): a single item that is no card names a file (or a shipped list); one
    that is a card is the card even with a file of that name in the folder (`./AS` reads the
    file); a plain word that is neither says it is no card either."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "AS").write_text("KH\n")
    (tmp_path / "one.txt").write_text("QD\n")
    values = {"deck_mode": "constructed", "constructed_size": 1}
    assert GAME.config({**values, "deck0": "AS"}).deck0 == ("AS",)
    assert GAME.config({**values, "deck0": "./AS"}).deck0 == ("KH",)
    assert GAME.config({**values, "deck0": "one.txt"}).deck0 == ("QD",)
    assert len(GAME.config({"deck_mode": "constructed", "deck0": "sample"}).deck0) == 40
    with pytest.raises(DataError) as info:
        GAME.config({**values, "deck0": "11H"})
    assert str(info.value) == ("deck list '11H': no such file, and not a shipped deck list "
                               "(sample), nor a card (rank and suit, e.g. 10H, QS, A♦, "
                               "or Joker)")
    assert info.value.option == "deck0"
    # a path is a file's: not said to be a card
    with pytest.raises(DataError, match=r"^deck list 'missing.txt': no such file, and not a "
                                        r"shipped deck list \(sample\)$"):
        GAME.config({**values, "deck0": "missing.txt"})


def test_constructed_size_says_the_value_and_why_and_only_where_it_is_used():
    """Audit (stop 53): `warroom options battle` says constructed_size is 1 to 54, yet 53 was
    refused in every deck mode with "must be 1 to 52", saying neither the value nor that
    jokers are why. It is refused only where it is used (deck_mode=constructed), saying
    both."""
    with pytest.raises(ConfigError) as info:
        GAME.config({"deck_mode": "constructed", "constructed_size": 53})
    assert str(info.value) == ("option 'constructed_size' must be 1 to 52 without jokers (54 "
                               "with jokers=true), got 53")
    assert info.value.option == "constructed_size"
    for mode in ("off-the-top", "sealed", "draft"):
        assert GAME.config({"deck_mode": mode, "constructed_size": 54}).constructed_size == 54
    assert GAME.config({"deck_mode": "constructed", "jokers": "true",
                        "constructed_size": 54}).constructed_size == 54
