"""Strict decoding at the boundaries: records, options and data files. Each test names the
defect it pins (issue: every bad input a one-line error)."""

from __future__ import annotations

import json
from functools import cache

import pytest

from warroom.agents import make_agents
from warroom.engine import (
    ConfigError,
    DataError,
    Record,
    RecordError,
    WarroomError,
    play_game,
    replay_to_end,
)
from warroom.engine.config import check_options, option_bounds
from warroom.engine.data import (
    DuplicateKeyError,
    NumberTooLongError,
    _UniqueKeyLoader,
    displayable,
    loads_json,
    parse_yaml,
    read_text,
)
from warroom.games import REGISTRY, get_game


@cache
def sample_record(name: str) -> str:
    """A whole game of `name` between random players, as record JSON text."""
    game = get_game(name)
    config = game.config({})
    agents = make_agents(["random"] * game.num_players(config), game, 7)
    return json.dumps(play_game(game, config, 7, agents).record.to_json())


def record_data(name: str) -> dict:
    return json.loads(sample_record(name))


def replay_file(tmp_path, data) -> str:
    """Replay `data` saved as a file; returns the error message (RecordError expected)."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    with pytest.raises(RecordError) as info:
        game = get_game(data["game"])
        replay_to_end(game, Record.load(path))
    message = str(info.value)
    assert "\n" not in message and str(path) in message
    return message


# --- records -------------------------------------------------------------------------------

def test_defect_record_unknown_card_name_is_a_record_error_not_a_key_error(tmp_path):
    data = record_data("kow")
    i = next(i for i, a in enumerate(data["actions"]) if a["action"]["type"] == "Defeat")
    data["actions"][i]["action"]["card"] = "Z"
    message = replay_file(tmp_path, data)
    assert f"actions[{i}]: Defeat.card" in message and "'Z'" in message


@pytest.mark.parametrize("bad", [4.0, True, "4", None, [4]])
def test_defect_record_float_or_bool_where_an_int_belongs_is_refused(tmp_path, bad):
    data = record_data("kow")
    data["actions"][0]["action"]["red"] = bad
    message = replay_file(tmp_path, data)
    assert "actions[0]: ChooseDice.red" in message and repr(bad) in message


@pytest.mark.parametrize("bad", [True, 1.0, "1", -1, 64])
def test_defect_record_player_must_be_an_exact_seat_number(tmp_path, bad):
    data = record_data("kow")
    data["actions"][0]["player"] = bad
    with pytest.raises(RecordError, match=r"actions\[0\]\.player"):
        Record.from_json(data, "r.json")


def test_defect_record_out_of_range_index_is_a_record_error_not_an_index_error(tmp_path):
    data = record_data("viktory")
    i = next(i for i, a in enumerate(data["actions"]) if "unit" in a["action"])
    data["actions"][i]["action"]["unit"] = 9
    message = replay_file(tmp_path, data)
    assert f"actions[{i}]" in message and "unit" in message


def test_defect_battle_special_ability_of_a_card_that_has_none_is_a_record_error(tmp_path):
    data = record_data("battle")
    i = next(i for i, a in enumerate(data["actions"]) if a["action"]["type"] == "PlaySoldier")
    data["actions"][i]["action"] = {"type": "PlaySpecial", "card": "5H"}
    message = replay_file(tmp_path, data)
    assert f"actions[{i}]" in message and "PlaySpecial" in message


@pytest.mark.parametrize("field, value, where", [
    ("seed", True, "seed"),
    ("seed", 4.5, "seed"),
    ("seed", 2**64, "seed"),
    ("game", 3, "game"),
    ("version", 1, "version"),
    ("config", [], "config"),
    ("actions", {}, "actions"),
    ("meta", {"players": "human"}, "meta.players"),
])
def test_record_envelope_is_strict(field, value, where):
    data = record_data("kow")
    data[field] = value
    with pytest.raises(RecordError, match=rf"r.json: {where}"):
        Record.from_json(data, "r.json")


def test_record_config_is_read_strictly(tmp_path):
    data = record_data("kow")
    for value in (3.0, True, "3", 1e20):
        data["config"]["victories_to_win"] = value
        message = replay_file(tmp_path, data)
        assert "config: option 'victories_to_win'" in message


def test_record_keeps_top_level_keys_it_does_not_know(tmp_path):
    """A later format may add fields (notes on the moves, say): older code reads the record
    and writes those fields back as they were."""
    data = record_data("champions")
    data["notes"] = {"3": "a blunder"}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    record = Record.load(path)
    assert replay_to_end(get_game("champions"), record).is_terminal()
    record.save(path)
    assert json.loads(path.read_text())["notes"] == {"3": "a blunder"}


@pytest.mark.parametrize("content, problem", [
    # nested too deeply for the JSON reader (audit, stop 43: the message was Python's own,
    # "maximum recursion depth exceeded while decoding a JSON array from a unicode string")
    (b"[" * 100_000, r"r\.json: not a record \(its JSON is nested too deeply\)$"),
    (b"\xff\xfe{}", "looks like UTF-16 text"),
])
def test_record_files_that_break_the_json_reader_are_one_line_errors(tmp_path, content,
                                                                     problem):
    path = tmp_path / "r.json"
    path.write_bytes(content)
    with pytest.raises(RecordError, match=problem):
        Record.load(path)


def _edited_record(tmp_path, old: str, new: str):
    """A kow record saved with its first `old` replaced by `new`."""
    text = sample_record("kow")
    assert old in text
    path = tmp_path / "r.json"
    path.write_text(text.replace(old, new, 1))
    return path


@pytest.mark.parametrize("old, new, problem", [
    ('"seed": 7', '"seed": ' + "9" * 5000, "seed"),
    ('"player": 0', '"player": -' + "1" * 4301, "actions[0].player"),
])
def test_defect_a_number_too_long_in_a_record_says_where(tmp_path, old, new, problem):
    """Python reads no number of more than 4300 digits: a record with one said "not a record
    (Exceeds the limit (4300 digits) for integer string conversion ... use
    sys.set_int_max_str_digits() ...)", naming neither the field nor what to do."""
    path = _edited_record(tmp_path, old, new)
    with pytest.raises(RecordError) as info:
        Record.load(path)
    digits = len(new.split()[-1].lstrip("-"))
    assert str(info.value) == (f"{path}: a number is too long ({digits} digits, at most 4300) "
                               f"at {problem}")
    with pytest.raises(NumberTooLongError, match="at the top level$"):  # any JSON read
        loads_json("9" * 5000)


@pytest.mark.parametrize("old, new, problem", [
    ('"seed": 7', '"seed": 7, "seed": 8', "duplicate key 'seed' in the top-level object"),
    ('"player": 0', '"player": 0, "player": 1',
     "duplicate key 'player' in the object at actions[0]"),
    ('"red": 1', '"red": 1, "red": 2', "duplicate key 'red' in the object at actions[0].action"),
    ('"config": {', '"config": {"max_dice": 1, ', "duplicate key 'max_dice' in the object at "
                                                  "config"),
])
def test_defect_a_key_repeated_in_a_record_is_refused_not_overwritten(tmp_path, old, new,
                                                                       problem):
    """json kept the last of two values of a key without a word: {"seed": 7, ..., "seed": 8}
    replayed with seed 8."""
    path = _edited_record(tmp_path, old, new)
    with pytest.raises(RecordError) as info:
        Record.load(path)
    assert str(info.value) == f"{path}: {problem}"


def test_duplicate_keys_in_json_are_named_where_they_are():
    with pytest.raises(DuplicateKeyError) as info:
        loads_json('[1, {"a": {"b": [{}, {"x\\u001b\\n": 1, "x\\u001b\\n": 2}]}}]')
    assert str(info.value) == r"duplicate key 'x\x1b\n' in the object at [1].a.b[1]"
    with pytest.raises(DuplicateKeyError) as info:
        loads_json('{"a b": {"c": 1, "c": 2}}')
    assert str(info.value) == "duplicate key 'c' in the object at ['a b']"
    with pytest.raises(DuplicateKeyError, match="'a' in the top-level object$"):
        loads_json('{"a": {"c": 1, "c": 2}, "a": 3}')  # the object repeating 'c' is overwritten
    assert loads_json('{"a": {"b": 1}, "c": {"b": 2}}') == {"a": {"b": 1}, "c": {"b": 2}}
    with pytest.raises(json.JSONDecodeError):
        loads_json("{")


def test_every_game_replays_its_own_record_after_strict_decoding():
    for name, game in REGISTRY.items():
        record = Record.from_json(record_data(name))
        assert replay_to_end(game, record).is_terminal(), name


# --- options -------------------------------------------------------------------------------

@pytest.mark.parametrize("name, values", [
    ("kow", {"victories_to_win": "100000000000000000000"}),
    ("kow", {"victories_to_win": "1e20"}),
    ("kow", {"pool_red": "1000000000"}),
    ("kow", {"red_faces": "0,1,999"}),
    ("kow", {"max_rounds": "-1"}),
    ("champions", {"max_turns": "100000000"}),
    ("battle", {"hits_to_lose": "1000000"}),
    ("battle", {"max_rounds": "99999"}),
    ("word-iron", {"max_rounds": "100000"}),
    ("word-iron", {"prize": "\x1b]0;owned\x07"}),
    ("viktory", {"max_rounds": "0"}),
    ("viktory", {"defenders": "99999999i"}),
])
def test_defect_options_out_of_bounds_are_refused(name, values):
    with pytest.raises(ConfigError) as info:
        get_game(name).config(values)
    key = next(iter(values))
    assert key in str(info.value) and "\n" not in str(info.value)


def test_defect_victories_to_win_1e20_in_a_record_is_refused():
    game = get_game("kow")
    with pytest.raises(ConfigError, match="victories_to_win"):
        game.config({"victories_to_win": 1e20})


def test_option_bounds_hold_for_direct_construction_too():
    kow = get_game("kow").Config
    with pytest.raises(ValueError, match="must be from 1 to 20, got 1000"):
        kow(victories_to_win=1000)
    with pytest.raises(ValueError, match="pool_red"):
        kow(pool_red=True)
    check_options(kow())  # the defaults are within bounds


def test_every_game_config_checks_its_options_strictly():
    """Each game's Config calls check_options: a bool where an integer belongs is refused
    however the Config is made."""
    for name, game in REGISTRY.items():
        numbers = [k for k, text in option_bounds(game.Config).items() if text.startswith("from")]
        assert numbers, name
        with pytest.raises(ValueError, match=numbers[0]):
            game.Config(**{numbers[0]: True})


def test_kow_dice_without_swords_need_a_round_limit():
    """All-zero dice could never win a round: without max_rounds the game would never end."""
    game = get_game("kow")
    with pytest.raises(ConfigError, match="set max_rounds"):
        game.config({"red_faces": "0", "white_faces": "0", "blue_faces": "0"})
    game.config({"red_faces": "0", "white_faces": "0", "blue_faces": "0", "max_rounds": "5"})


def test_every_option_of_every_game_has_its_bounds_in_words():
    for name, game in REGISTRY.items():
        bounds = option_bounds(game.Config)
        for option, text in bounds.items():
            assert text and "Annotated" not in text, (name, option, text)
    assert option_bounds(get_game("kow").Config)["victories_to_win"] == "from 1 to 20"


# --- data files ----------------------------------------------------------------------------

def test_yaml_aliases_that_expand_without_end_are_refused():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 10)}]\n"
        for i in range(8))
    with pytest.raises(DataError, match="expands to more than"):
        parse_yaml(bomb, "bomb.yaml")
    with pytest.raises(DataError, match="nested more than"):
        parse_yaml("&a [*a]", "loop.yaml")
    assert parse_yaml("a: &x [1]\nb: *x\n", "ok.yaml") == {"a": [1], "b": [1]}


def test_defect_a_key_repeated_in_a_yaml_mapping_is_refused_not_overwritten():
    """A repeated key kept its last value without a word ('ranks: 45, ranks: 900' read as
    900), though YAML mapping keys are unique and the README says validation is strict."""
    nested = ("cards:\n  - name: Lance\n    effects:\n"
              "      - {kind: losses, ranks: 45, ranks: 900}\n")
    with pytest.raises(DataError) as info:
        parse_yaml(nested, "deck.yaml")
    assert str(info.value) == ("deck.yaml: not valid YAML (line 4, column 35): "
                               "duplicate key 'ranks'")
    with pytest.raises(DataError) as info:
        parse_yaml("name: A\ngame: kow\nname: B\n", "deck.yaml")
    assert str(info.value) == "deck.yaml: not valid YAML (line 3, column 1): duplicate key 'name'"
    # keys that are equal once read are one key, as a dict would keep them
    with pytest.raises(DataError, match=r"\(line 1, column 8\): duplicate key 1\.0$"):
        parse_yaml("{1: a, 1.0: b}", "x.yaml")
    long = "k" * 100
    with pytest.raises(DataError) as info:
        parse_yaml(f"{long}: 1\n{long}: 2\n", "x.yaml")
    assert str(info.value).endswith(f"duplicate key '{'k' * 56}...") and len(str(info.value)) < 120
    # a merge key's values are overridden by the mapping's own keys: not a repeated key,
    # also when the merged mapping is itself read later (PyYAML flattens it in place)
    merged = ("base: &b {ranks: 1, uses: 1}\n"
              "top: {<<: &m {<<: *b, ranks: 2}, uses: 3}\n"
              "again: *m\n")
    assert parse_yaml(merged, "ok.yaml") == {"base": {"ranks": 1, "uses": 1},
                                             "top": {"ranks": 2, "uses": 3},
                                             "again": {"ranks": 2, "uses": 1}}
    with pytest.raises(DataError, match=r"\(line 3, column 1\): duplicate key '<<'"):
        parse_yaml("a: &a {b: 1}\nc: {<<: *a,\n<<: *a}\n", "x.yaml")


@pytest.mark.parametrize("text, problem", [
    ("name: x\nranks: " + "9" * 5000 + "\n", "(line 2, column 8): a number is too long"),
    ("a: [1, -" + "9" * 4301 + "]\n", "(line 1, column 8): a number is too long"),
    ("a: 0x" + "f" * 4000 + "\n", "(line 1, column 4): a number is too long"),  # reads, shows not
    ("when: 2001-13-01\n", "(line 1, column 7): not a date (month must be in 1..12)"),
])
def test_defect_a_number_too_long_in_a_yaml_file_is_a_one_line_error(text, problem):
    """An integer of more than 4300 digits in a deck, map or scenario gave a traceback
    (ValueError "Exceeds the limit (4300 digits) for integer string conversion"; `parse_yaml`
    caught only YAMLError): `cards validate` crashed, the server's upload answered 500."""
    with pytest.raises(DataError) as info:
        parse_yaml(text, "deck.yaml")
    assert str(info.value).startswith(f"deck.yaml: not valid YAML {problem}")
    assert len(str(info.value)) < 120
    assert parse_yaml("a: " + "9" * 4300, "ok.yaml") == {"a": int("9" * 4300)}


@pytest.mark.parametrize("text, problem", [
    ("name: x\n# a bell \x07 in a comment\n", "(line 2, column 10): control character #x07"),
    ("name: x\x00\n", "(line 1, column 8): control character #x00"),
    ("a: 1\r\nb: \x85\x86\n", "(line 2, column 5): control character #x86"),
    ("a: \ufffe\n", "(line 1, column 4): character #xFFFE"),
])
def test_defect_a_control_character_in_a_yaml_file_is_placed(text, problem):
    """A BEL or NUL in a data file, even in a comment, gave "not valid YAML: syntax error":
    PyYAML's ReaderError has no problem or problem_mark, so neither the place nor the
    character was said."""
    with pytest.raises(DataError) as info:
        parse_yaml(text, "deck.yaml")
    assert str(info.value) == f"deck.yaml: not valid YAML {problem} is not allowed"


def test_a_merged_mapping_that_overrides_its_own_base_keeps_its_value():
    """PyYAML 6.0.4 flattens merges keeping the first of two pairs whose keys are the same
    string object, and one-letter keys are interned: `b2` overrides `a` of `b1`, yet a
    mapping that merged `b2` read `a: 1`."""
    text = "b1: &b1 {a: 1, c: 5}\nb2: &b2 {<<: *b1, a: 2}\nx: {<<: *b2}\n"
    assert parse_yaml(text, "deck.yaml")["x"] == {"a": 2, "c": 5}
    # of several mappings merged the first wins, and the mapping's own keys win over all
    text = "p: &p {a: 1, bb: 1}\nq: &q {a: 2, bb: 2, c: 2}\nx: {<<: [*p, *q], bb: 7}\n"
    assert parse_yaml(text, "deck.yaml")["x"] == {"a": 1, "bb": 7, "c": 2}
    with pytest.raises(DataError, match=r"\(line 1\): expected a mapping or list of mappings "
                                        r"for merging, but found scalar$"):
        parse_yaml("x: {<<: [1, 2]}", "deck.yaml")


def test_merging_a_mapping_many_times_over_stays_the_size_of_its_keys():
    """Each level merges the one below nine times: without keeping one pair a key, a level's
    pairs would be nine times the last's (here 9**3 * 2 and more), and at eleven levels 9**11
    before the dict is built."""
    levels = 3
    text = "l0: &l0 {a: 1, b: 2}\n" + "".join(
        f"l{i}: &l{i} {{<<: [{', '.join([f'*l{i - 1}'] * 9)}], k{i}: {i}}}\n"
        for i in range(1, levels + 1))
    loader = _UniqueKeyLoader(text)
    try:
        document = loader.get_single_node()
        data = loader.construct_document(document)
    finally:
        loader.dispose()
    top = document.value[-1][1]  # the node of the last level, as flattened
    assert len(top.value) == 2 + levels  # one pair a key: a, b, k1 .. k3
    assert data[f"l{levels}"] == {"a": 1, "b": 2, **{f"k{i}": i for i in range(1, levels + 1)}}


def test_a_data_file_that_is_too_large_is_refused(tmp_path):
    big = tmp_path / "big.yaml"
    big.write_text("# " + "x" * (2 << 20))
    with pytest.raises(DataError, match="larger than"):
        read_text(big)


def test_control_characters_are_shown_as_escapes():
    assert displayable("a\x1b]0;x\x07b") == "a\\x1b]0;x\\x07b"
    assert displayable("[/red] plain") == "[/red] plain"


def test_defect_a_key_with_a_line_break_in_a_data_file_is_named_on_one_line(tmp_path):
    """Found by the fuzz tests: a unit key "\n" in a scenario put a line break in the error."""
    path = tmp_path / "scenario.yaml"
    path.write_text('attacker:\n  sides:\n    - {"\\n": 2}\n', encoding="utf-8")
    with pytest.raises(DataError) as info:
        get_game("viktory").config({"mode": "hybrid", "scenario": str(path)})
    assert "\n" not in str(info.value) and "sides.0.\\n" in str(info.value)


def test_strict_errors_are_warroom_errors():
    for error in (ConfigError, DataError, RecordError):
        assert issubclass(error, WarroomError)
