"""Audit (stop 53): a Config built directly takes a list where its option is a tuple."""

from __future__ import annotations

import pytest

from warroom.engine import make_config
from warroom.games import REGISTRY


def test_a_config_built_with_a_list_for_a_tuple_takes_it_as_the_tuple():
    """Audit (stop 53): `Config(mix=[1, 1, 1, 1, 2])` said "option 'mix' must be a list of 5
    items, each from 0 to 100, got [1, 1, 1, 1, 2]": a list refused as not a list. A list is
    taken as make_config takes one from JSON, as a tuple: the config is the same, equal and
    of the same hash, as the options given any other way (viktory-ii mix, kow red_faces,
    viktory attackers, battle deck0)."""
    cases = [
        ("viktory-ii", "mix", [1, 1, 1, 1, 2]),
        ("kow", "red_faces", list(REGISTRY["kow"].Config().red_faces)),
        ("viktory", "attackers", ["2i1c", "1i1a"]),
        ("battle", "deck0", []),
    ]
    for game, name, value in cases:
        config_cls = REGISTRY[game].Config
        config = config_cls(**{name: value})
        assert getattr(config, name) == tuple(value), game
        same = make_config(config_cls, {name: value}, game, strict=True)
        assert config == same and hash(config) == hash(same), game


def test_a_bad_list_still_says_what_is_wrong():
    """Audit (stop 53): a list of the wrong length or with a bad item is still refused, by
    what is wrong with it."""
    config_cls = REGISTRY["viktory-ii"].Config
    with pytest.raises(ValueError, match=r"^option 'mix' must be a list of 5 items, each from "
                                         r"0 to 100, got 1,1$"):
        config_cls(mix=[1, 1])
    with pytest.raises(ValueError, match=r"^option 'mix' item 5 must be from 0 to 100, got "
                                         r"200$"):
        config_cls(mix=[1, 1, 1, 1, 200])
    with pytest.raises(ValueError, match=r"^option 'mix' must be a list of 5 items"):
        config_cls(mix="1,1,1,1,2")  # text is no list (make_config splits it, not Config)
