"""Unit options of the one-battle game as the command line gives them: an empty value, a
letter given twice, and a starting hand above the max hand size."""

from __future__ import annotations

import pytest

from warroom.engine import ConfigError
from warroom.engine.config import option_help
from warroom.games import get_game
from warroom.games.viktory.config import Config

GAME = get_game("viktory")
UNIT_OPTIONS = ("defenders", "attackers", "attacker_reserves", "defender_reserve", "bombard")


@pytest.mark.parametrize("option", UNIT_OPTIONS)
def test_an_empty_unit_option_is_refused_in_one_line(option):
    """Audit (stop 58): `--set defenders=` (an empty value) silently kept the scenario's
    garrison (2 infantry, 1 cavalry, 1 artillery), so a user computing the odds against an
    empty town got 0.0 % without a hint; the same held for the other unit options. Now it is
    a one-line error naming the option and saying how to write no units or the scenario's."""
    with pytest.raises(ConfigError) as caught:
        GAME.config({option: ""})
    message = str(caught.value)
    assert caught.value.option == option and "\n" not in message
    assert message.startswith(f"option {option!r} is empty: ")
    assert "leave it out to keep the scenario's" in message
    if option != "attackers":  # an attack needs units: 0 is no way to write it
        assert "write 0 for no units" in message


def test_zero_and_none_still_mean_no_units_and_the_scenarios():
    """Audit (stop 58): refusing the empty value leaves the two ways it was confused with:
    `0` is no defenders, `none` (as `warroom options` lists it) the scenario's."""
    assert GAME.config({"defenders": "0"}).battle.defender == (0, 0, 0, 0)
    assert GAME.config({"defenders": "none"}).battle.defender == (2, 1, 1, 0)
    with pytest.raises(ValueError, match="option 'defenders' is empty"):
        Config(defenders="")  # the Python API's empty text too: it was no units there


@pytest.mark.parametrize(("option", "value", "letter"), [
    ("defenders", "2i3i", "i"), ("attackers", "1i,2c1a2c", "c"),
    ("attacker_reserves", "1a1a,0", "a"), ("defender_reserve", "1c1i1c", "c"),
    ("bombard", "1f1a1f", "f")])
def test_a_unit_letter_given_twice_is_refused_naming_the_option_and_letter(option, value,
                                                                          letter):
    """Audit (stop 58): `--set defenders=2i3i` was added up to `defender 5 infantry`; a
    repeated letter is more likely a typo. It is refused in one line, naming the option and
    the letter, as `2x` or `-1i` already were."""
    with pytest.raises(ConfigError) as caught:
        GAME.config({option: value})
    message = str(caught.value)
    assert caught.value.option == option and "\n" not in message
    assert message.startswith(f"option {option!r}: ") and f"gives {letter!r} twice" in message


def test_a_starting_hand_above_the_max_is_kept_and_the_help_says_why():
    """Audit (stop 58): `--set attacker_towns=10 --set attacker_hand=12` showed `hands
    attacker 12 (max 10)` with nothing saying why a hand above "the lesser of 10 cards" is
    allowed. It is (a hand can be larger during a turn, and for what-if studies); the
    option's help says so, and that the max applies at the discard after the battle."""
    config = GAME.config({"mode": "cards", "attacker_towns": "10", "attacker_hand": "12"})
    assert config.battle.hands[0] == 12
    help_text = option_help(Config)
    for option in ("attacker_hand", "defender_hand"):
        assert "may exceed the max hand size" in help_text[option]
        assert "the max applies at the discard after the battle" in help_text[option]
