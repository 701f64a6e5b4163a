"""What the lobby's API says of each game's options: a description of every option (the
comment its Config gives it), its allowed values, and where it applies."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import Annotated, Literal

from fastapi.testclient import TestClient
from pydantic import Field

from warroom.games import REGISTRY
from warroom.server import create_app


def catalog(db: Path) -> dict[str, dict]:
    with TestClient(create_app(db, ai_processes=0)) as c:
        return {g["name"]: g for g in c.get("/api/catalog").json()["games"]}


def test_the_catalog_describes_every_option(db):
    """The form showed option names as identifiers ("first_player -1") with no word of what
    they do, though each Config gives its options a comment: the catalog now gives every
    option a label in words, its allowed values, and its description."""
    games = catalog(db)
    for name, game in games.items():
        details = game["option_details"]
        assert [o["name"] for o in game["options"]] == list(details), name
        for option, detail in details.items():
            assert detail["label"] and "_" not in detail["label"], (name, option)
            assert detail["allowed"], (name, option)
    kow = games["kow"]["option_details"]
    assert kow["victories_to_win"]["label"] == "Victories to win"
    assert kow["victories_to_win"]["allowed"] == "from 1 to 20"
    assert kow["victories_to_win"]["help"] == '"first to three Victories claimed".'
    battle = games["battle"]["option_details"]
    assert battle["first_player"]["help"].startswith('-1: "Randomly determine who goes first"')
    # one comment above several fields describes each of them
    assert battle["packs"]["help"] == battle["pack_size"]["help"]
    assert "Draft" in battle["packs"]["help"]
    # a comment after a field on its line is that field's alone
    viktory = games["viktory"]["option_details"]
    assert viktory["defenders"]["help"].startswith("The defending units")
    assert viktory["attacker_supply"]["help"] == viktory["defender_supply"]["help"]
    # every option of every game has words
    for name, game in games.items():
        assert [o for o, d in game["option_details"].items() if "help" not in d] == [], name


def test_the_catalog_says_where_an_option_applies(db):
    """Battle's form offered deck0 to deck7, packs and team_size to a two-player game off the
    top of one deck, where none of them does anything, and Viktory's scenario-default options
    read as plain false: the catalog says which seat an option is for, the values of other
    options it needs, which are rarely changed ("more"), which allow one value only, and what
    an unset optional option means."""
    games = catalog(db)
    battle = games["battle"]["option_details"]
    assert [battle[f"deck{i}"]["seat"] for i in range(8)] == list(range(8))
    assert battle["deck3"]["when"] == {"deck_mode": ["constructed"]}
    assert battle["packs"]["when"] == {"deck_mode": ["draft"]}
    assert battle["team_size"]["when"] == {"teams": ["alliance", "as-one"]}
    assert battle["max_rounds"]["more"] is True
    assert "when" not in battle["players"] and "more" not in battle["players"]
    assert games["champions"]["option_details"]["players"]["fixed"] is True  # 2, always
    viktory = games["viktory"]["option_details"]
    for name in ("overwatch", "naval_support", "artillery_characteristics", "attacker_supply"):
        assert viktory[name]["unset"] == "scenario's value", name
    assert "unset" not in viktory["scenario"]  # a file or "", never None
    assert "unset" not in games["viktory-ii"]["option_details"]["overwatch"]  # true or false


def test_the_lobby_layout_names_only_real_options_and_values():
    """The lobby's layout of each game's options (Game.option_layout) is written by hand: every
    option, other option and value it names is one the game's Config has, so that a renamed
    option or value cannot leave an option hidden for good."""
    for name, game in REGISTRY.items():
        layout = game.option_layout
        config = game.Config
        hints = typing.get_type_hints(config)
        fields = {f.name for f in dataclasses.fields(config)}
        assert set(layout) <= {"when", "more", "unset"}, name
        assert set(layout.get("more", ())) <= fields, name
        for option, needs in layout.get("when", {}).items():
            assert option in fields, (name, option)
            assert option not in layout.get("more", ()), (name, option)
            for other, values in needs.items():
                assert other in fields and other != option, (name, option, other)
                assert set(values) <= set(typing.get_args(hints[other])), (name, option, other)


@dataclasses.dataclass(frozen=True)
class Sample:
    # Shared: the fields below,
    # up to the next comment.
    first: int = 1
    second: Annotated[int, Field(ge=0, le=5)] = 2
    third: str = "x"  # its own # with a hash in it
    fourth: bool = False
    # Split over lines, with a default that
    # holds "# no comment" text.
    fifth: Literal["a",
                   "b"] = "a"

    sixth: int = 6  # after a blank line: nothing is shared

    def method(self) -> int:
        # not an option's
        return 0


def test_an_options_description_is_the_comment_its_config_gives_it():
    """How a description is read from a Config's source: the comment lines above a field
    describe it and the fields after it up to the next comment, a comment after a field on its
    line describes that field alone (and ends the one shared), and a blank line ends it."""
    from warroom.engine.config import option_help

    assert option_help(Sample) == {
        "first": "Shared: the fields below, up to the next comment.",
        "second": "Shared: the fields below, up to the next comment.",
        "third": "its own # with a hash in it",
        "fifth": 'Split over lines, with a default that holds "# no comment" text.',
        "sixth": "after a blank line: nothing is shared",
    }
