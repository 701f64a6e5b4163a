"""Audit (stop 49): an error about one option carries its name (`ConfigError.option`,
`DataError.option`) instead of the lobby reading it back from the message, and a Config's
types are read once (pydantic's JSON Schema, `option_schemas`) for `warroom options`, its
words and the lobby's form."""

from __future__ import annotations

import dataclasses
import inspect
import json
import pickle
from types import SimpleNamespace
from typing import Annotated, Literal

import pytest
from click.testing import CliRunner
from pydantic import Field

from warroom.cli import cli
from warroom.engine import ConfigError, DataError, make_config, parse_assignments
from warroom.engine.config import (
    OptionValueError,
    check_options,
    option_bounds,
    option_schemas,
)
from warroom.games import REGISTRY, get_game
from warroom.server import options as server_options
from warroom.server.options import Uploads, config_from, field_of, option_details, option_schema
from warroom.server.store import FileRow


class _NoFiles:
    """A store with no uploaded file."""

    def file(self, sha: str) -> None:
        return None


def _refused(game: str, values: dict) -> ConfigError | DataError:
    with pytest.raises((ConfigError, DataError)) as caught:
        config_from(get_game(game), values, Uploads(_NoFiles()))  # type: ignore[arg-type]
    return caught.value


@pytest.mark.parametrize(("game", "values", "option", "message"), [
    # unknown: the name as the client sent it, not an option listed after it
    ("kow", {"it's": 1}, "it's", "unknown option \"it's\" for kow; options are: red_faces, "),
    ("kow", {"max_rounds": "7x"}, "max_rounds", "option 'max_rounds' must be an integer, "),
    ("kow", {"red_faces": "0,1,x"}, "red_faces", "option 'red_faces' item 3 must be an "),
    ("kow", {"victories_to_win": 0}, "victories_to_win", "option 'victories_to_win' must be "),
    # a path in a file option (the unlisted one's safety net: tests/server/test_audit54_server.py)
    ("word-iron", {"deck0": "../x"}, "deck0", "option 'deck0': choose a shipped file or "),
    ("battle", {"first_player": 5}, "first_player", "option 'first_player' must be -1 "),
    ("word-iron", {"deck0": {"shipped": "nosuch"}}, "deck0", "option 'deck0': no shipped "),
])
def test_an_error_carries_the_option_it_is_about(game, values, option, message):
    """Audit (stop 49): the option at fault is carried from where its value is checked (the
    engine's conversion and bounds, a Config's own checks, the server's file options); the
    message stays as it was."""
    exc = _refused(game, values)
    assert exc.option == option and field_of(exc) == option
    assert str(exc).startswith(message)


def test_the_field_is_the_errors_option_not_a_name_in_its_text():
    """Audit (stop 49): the server reads the attribute only: a message that names other
    options (or none) is not read back."""
    assert field_of(ConfigError("option 'players' clashes with 'teams'", option="teams")) \
        == "teams"
    assert field_of(ConfigError("option 'players' must be 2")) is None
    assert field_of(None) is None
    source = inspect.getsource(server_options)
    assert "literal_eval" not in source and "get_type_hints" not in source


def test_check_options_names_the_option_it_refuses():
    """Audit (stop 49): `check_options` raises a ValueError that names its option (a
    Config made directly still raises a ValueError), and `make_config` carries it on."""
    kow = get_game("kow")
    with pytest.raises(OptionValueError) as caught:
        kow.Config(victories_to_win=0)
    assert isinstance(caught.value, ValueError) and caught.value.option == "victories_to_win"
    with pytest.raises(ConfigError) as made:
        make_config(kow.Config, {"victories_to_win": 0}, "kow", strict=True)
    assert made.value.option == "victories_to_win"
    assert str(made.value) == "option 'victories_to_win' must be from 1 to 20, got 0"


def test_a_malformed_set_names_what_it_can():
    """Audit (stop 49): `--set players` names the option written; `--set =3` none. The
    messages are as they were."""
    with pytest.raises(ConfigError) as named:
        parse_assignments(["players"])
    with pytest.raises(ConfigError) as unnamed:
        parse_assignments(["=3"])
    assert (named.value.option, unnamed.value.option) == ("players", None)
    assert str(named.value) == "--set 'players': must look like key=value"


def test_an_option_survives_a_process_boundary():
    """Audit (stop 49): the option travels with a pickled error (a worker process's)."""
    for exc in (ConfigError("m", option="x"), DataError("m", option="y"), ConfigError("m")):
        back = pickle.loads(pickle.dumps(exc))
        assert (str(back), back.option) == (str(exc), exc.option)


def test_a_stored_file_checked_for_another_option_names_that_option(tmp_path):
    """Audit (stop 49): a file first uploaded for one option, refused by another's loader,
    is an error of the option it was given for."""
    uploads = Uploads(_NoFiles())  # type: ignore[arg-type]
    spec = get_game("word-iron").data_options["deck1"]
    row = FileRow("0" * 64, "word-iron", "deck0", "deck.yaml", b"not: [a deck")
    try:
        with pytest.raises(DataError) as caught:
            uploads.check(spec, row, "deck1")
    finally:
        uploads.close()
    assert caught.value.option == "deck1"
    assert str(caught.value).startswith("deck.yaml: ")


def test_a_data_file_a_config_refuses_is_its_options_error():
    """Audit (stop 49): a data file the Config refuses (a map for 2 players, 3 playing) is a
    DataError naming an option, as the lobby's field showed before."""
    exc = _refused("viktory-ii", {"players": 3, "map": {"shipped": "duel"}})
    assert isinstance(exc, DataError) and exc.option == "players"


def test_an_item_of_an_optional_list_is_said_as_an_item():
    """Audit (stop 49): an item of an optional list option was described as the whole list
    ("item 1 must be a list, each text of ..."); it is what each item may be."""
    exc = _refused("viktory", {"attackers": ["x" * 101]})
    assert str(exc).startswith("option 'attackers' item 1 must be text of at most 100 "
                               "characters, got ")
    assert exc.option == "attackers"


@dataclasses.dataclass(frozen=True)
class _Every:
    """A Config with every kind of option the form offers."""

    count: Annotated[int, Field(ge=1, le=20)] = 3
    share: Annotated[float, Field(ge=0, le=1)] = 0.5
    seats: Annotated[int, Field(ge=2, le=2)] = 2
    only: Literal["one"] = "one"
    mode: Literal["a", "b"] = "a"
    fast: bool = False
    maybe: bool | None = None
    faces: Annotated[tuple[Annotated[int, Field(ge=0, le=6)], ...],
                     Field(min_length=1, max_length=3)] = (1,)
    name: Annotated[str, Field(max_length=10)] = "x"
    either: Annotated[int, Field(ge=0)] | Literal["all"] = 0

    def __post_init__(self) -> None:
        check_options(self)


def test_the_form_reads_the_engines_schemas():
    """Audit (stop 49): the lobby's form (kinds, choices, optional, fixed, unset) and
    `option_bounds`' words come from one reading of the types, `option_schemas`."""
    game = SimpleNamespace(Config=_Every, data_options={}, option_layout={}, max_players=2)
    form = {e["name"]: (e["kind"], e.get("choices"), e["optional"])
            for e in option_schema(game)}  # type: ignore[arg-type]
    assert form == {
        "count": ("int", None, False), "share": ("float", None, False),
        "seats": ("int", None, False), "only": ("choice", ["one"], False),
        "mode": ("choice", ["a", "b"], False), "fast": ("bool", None, False),
        "maybe": ("bool", None, True), "faces": ("list", None, False),
        "name": ("text", None, False), "either": ("text", None, True)}
    details = option_details(game)  # type: ignore[arg-type]
    assert [n for n, d in details.items() if d.get("fixed")] == ["seats", "only"]
    assert [n for n, d in details.items() if "unset" in d] == ["maybe"]
    assert option_bounds(_Every) == {
        "count": "from 1 to 20", "share": "from 0 to 1", "seats": "2", "only": "one",
        "mode": "a or b", "fast": "true or false", "maybe": "true or false, or none",
        "faces": "a list of 1 to 3 items, each from 0 to 6",
        "name": "text of at most 10 characters", "either": ">= 0 or all"}


@pytest.mark.parametrize("name", list(REGISTRY))
def test_warroom_options_json_prints_the_engines_schemas(name):
    """Audit (stop 49): `warroom options --json` prints the schemas the form is read from."""
    out = CliRunner().invoke(cli, ["options", name, "--json", "--brief"])
    assert out.exit_code == 0, out.output
    printed = {o["name"]: o["type"] for o in json.loads(out.output)["options"]}
    assert printed == option_schemas(get_game(name).Config)
