"""Audit (stop 61): a long number given to a Config's numeric option was a Python traceback
(OverflowError "int too large to convert to float"), not a one-line error."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from warroom.engine import ConfigError, make_config, parse_assignments
from warroom.engine.config import check_options
from warroom.games import REGISTRY


@dataclass(frozen=True)
class Plain:
    """A game author's Config whose numbers declare no bounds."""

    count: int = 3
    rate: float = 0.5

    def __post_init__(self) -> None:
        check_options(self)


def test_an_integer_past_a_floats_range_is_an_integer():
    """Audit (stop 61): `--set count=1000...` (309 digits or more) on an option without
    bounds stopped with OverflowError: its value was checked to be finite as a float."""
    text = "1" + "0" * 400
    config = make_config(Plain, parse_assignments([f"count={text}"]))
    assert config.count == 10 ** 400


@pytest.mark.parametrize("values, message", [
    ({"count": "9" * 5000}, "option 'count' is too long (5000 digits, at most 4300), got '999"),
    ({"rate": 10 ** 400}, "option 'rate' must be a finite number, got 1000"),
    ({"count": "x" * 500}, "option 'count' must be an integer, got 'xxx"),
])
def test_a_bad_number_is_one_short_line_naming_the_option(values, message):
    """Audit (stop 61): a number too long for Python to read said "Exceeds the limit (4300
    digits) ... use sys.set_int_max_str_digits()" and echoed all 5000 digits; a JSON
    integer past a float's range for a float option was an OverflowError traceback."""
    with pytest.raises(ConfigError) as info:
        make_config(Plain, values)
    text = str(info.value)
    assert text.startswith(message) and "\n" not in text and len(text) < 140
    assert info.value.option == next(iter(values))


def test_a_bounded_option_given_a_long_number_says_its_bounds():
    """Audit (stop 61): `warroom play kow --set pool_red=1000...` (400 digits) was an
    OverflowError traceback before the bounds were read."""
    with pytest.raises(ConfigError, match=r"^option 'pool_red' must be from 0 to 12, got 1000"):
        REGISTRY["kow"].config({"pool_red": "1" + "0" * 400})
