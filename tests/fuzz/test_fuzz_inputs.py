"""Fuzzing every input a user can hand warroom: records, saves, card and scenario files, and
options, for every game. Each mutated input must give a one-line error (a WarroomError, or the
command's one line on stderr) or a correct game, and never a traceback, never a hang (every
game is played under a step limit and every example under a time limit), never a changed
input file.

The example counts are small so that the suite stays fast; each run draws new examples, and
`pytest --hypothesis-seed=N` repeats a run.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import random
import signal
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from warroom.agents import make_agents
from warroom.cli import main
from warroom.engine import Record, WarroomError, play_game, replay_to_end
from warroom.engine.config import option_names
from warroom.games import REGISTRY, get_game
from warroom.games.viktory.scenario import SCENARIOS
from warroom.games.viktory_battles.cards import SAMPLE_DECK
from warroom.games.word_iron.deck import DATA_DIR

GAMES = sorted(REGISTRY)
STEP_LIMIT = 20_000  # decisions: far more than any game at the bounds of its options takes
SECONDS = 60  # per example: more than ten times the slowest seen
FUZZ = settings(max_examples=20, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                       HealthCheck.function_scoped_fixture])

# --- values a hostile or careless hand may write ---------------------------------------------
TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=12)
SPECIAL = st.sampled_from([
    2**31, 2**63, -(2**63) - 1, 10**29, 2_000_000, 1e20, 4.0, -1, 0, True, False, None, "",
    "Z", "10H", "JK", "AS", "[/red]", "\x1b]0;owned\x07", "rock", "king", "spearmen", "A01",
    "attack", "1e20", "0,0,0", "-5", "9" * 30,
])
SCALARS = st.one_of(SPECIAL, st.booleans(), st.integers(-3, 60), st.integers(),
                    st.floats(allow_nan=False, allow_infinity=False), TEXT)
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(TEXT, inner, max_size=3), max_leaves=6)


@contextlib.contextmanager
def time_limit(seconds: float = SECONDS) -> Iterator[None]:
    """Turn a hang into a test failure."""
    def stop(*_: object) -> None:
        raise AssertionError(f"no answer within {seconds} s: a hang")

    old = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def play_bounded(game: Any, config: Any, seed: int = 1) -> None:
    """A whole game between random players: it must end within the step limit."""
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    for _ in range(STEP_LIMIT):
        if state.is_terminal():
            assert state.outcome() is not None
            return
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        assert actions, "a player to move without a legal action"
        state.apply(player, actions[rng.randrange(len(actions))])
    raise AssertionError(f"{game.name}: no end after {STEP_LIMIT} decisions with {config}")


def assert_one_line(exc: BaseException) -> None:
    assert isinstance(exc, WarroomError), f"{type(exc).__name__}: {exc}"
    assert str(exc) and "\n" not in str(exc)


# --- mutations of nested data (records, card files) ------------------------------------------
def paths(data: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place in nested dicts and lists, the top included."""
    out = [prefix]
    if isinstance(data, dict):
        for key, value in data.items():
            out += paths(value, prefix + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            out += paths(value, prefix + (i,))
    return out


@st.composite
def mutated(draw: Any, base: Any, places: int = 3) -> Any:
    """`base` with one to `places` changes: a value replaced, a key or item removed, a list
    cut short or an item repeated."""
    data = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, places))):
        where = draw(st.sampled_from(paths(data)))
        if not where:
            data = draw(VALUES) if draw(st.integers(0, 9)) == 0 else data
            continue
        parent = data
        for key in where[:-1]:
            parent = parent[key]
        key = where[-1]
        how = draw(st.sampled_from(["replace", "replace", "replace", "remove", "cut",
                                    "repeat"]))
        if how == "replace":
            parent[key] = draw(VALUES)
        elif how == "remove":
            del parent[key]
        elif how == "cut" and isinstance(parent, list):
            del parent[key:]
        elif how == "repeat" and isinstance(parent, list):
            parent.insert(key, json.loads(json.dumps(parent[key])))
    return data


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- records ---------------------------------------------------------------------------------
@cache
def sample_record(name: str) -> str:
    game = get_game(name)
    config = game.config({"roshambo": "random"} if name == "champions" else {})
    agents = make_agents(["random"] * game.num_players(config), game, 11)
    return json.dumps(play_game(game, config, 11, agents).record.to_json())


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_records(name, data):
    """A mutated record replays to a state, or fails with one line naming where."""
    record = data.draw(mutated(json.loads(sample_record(name))))
    with time_limit():
        try:
            state = replay_to_end(get_game(name), Record.from_json(record, "fuzz.json"))
        except Exception as exc:  # noqa: BLE001 - any other kind is the failure looked for
            assert_one_line(exc)
            assert "fuzz.json" in str(exc)
            return
    assert state.num_players >= 2


def corrupt_text(draw: Any, text: str) -> str:
    """Text-level damage: a cut, a deleted span, or a few characters overwritten."""
    how = draw(st.sampled_from(["cut", "delete", "overwrite", "json"]))
    at = draw(st.integers(0, len(text)))
    if how == "cut":
        return text[:at]
    if how == "delete":
        return text[:at] + text[at + draw(st.integers(1, 40)):]
    if how == "overwrite":
        return text[:at] + draw(st.text(st.sampled_from('{}[]":,0123456789.eE-tfn x\\'),
                                         min_size=1, max_size=6)) + text[at + 3:]
    return json.dumps(draw(mutated(json.loads(text))))


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_saves_through_the_command_line(name, data, tmp_path_factory):
    """`warroom play GAME --resume SAVE` with a damaged save: one line on stderr and the save
    untouched, or the game goes on to its end and is saved."""
    save = tmp_path_factory.mktemp("save") / "game.json"
    record = json.loads(sample_record(name))
    record["actions"] = record["actions"][:len(record["actions"]) // 2]  # an unfinished game
    save.write_text(corrupt_text(data.draw, json.dumps(record, indent=1)))
    before = digest(save)
    out, err = io.StringIO(), io.StringIO()
    with time_limit(), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["play", name, "--resume", str(save), "--players", "random,random",
                     "--json"])
    lines = [line for line in err.getvalue().splitlines() if line.strip()]
    if code == 0:
        finished = Record.load(save)
        assert replay_to_end(get_game(name), finished).is_terminal()
    else:
        assert code == 2 and len(lines) == 1 and lines[0].startswith("warroom: error:"), lines
        assert digest(save) == before  # a failed command never touches the save


# --- card and scenario files -----------------------------------------------------------------
def _word_iron(path: str) -> dict[str, Any]:
    return {"deck0": path, "deck1": "sample"}


def _battle(path: str) -> dict[str, Any]:
    return {"deck_mode": "constructed", "jokers": "true", "deck0": path}


def _viktory_cards(path: str) -> dict[str, Any]:
    return {"mode": "cards", "deck": path}


def _viktory_scenario(path: str) -> dict[str, Any]:
    return {"mode": "hybrid", "scenario": path}


BATTLE_DECK = {"game": "battle", "name": "Forty", "cards": [
    f"{rank}{suit}" for suit in "SHDC" for rank in ("A", "2", "3", "4", "5", "6", "7", "8",
                                                     "9", "10")]}
CARD_FILES = {
    "word-iron deck": ("word-iron", lambda: yaml.safe_load((DATA_DIR / "sample.yaml")
                                                           .read_text()), _word_iron),
    "battle deck list": ("battle", lambda: BATTLE_DECK, _battle),
    "viktory cards": ("viktory", lambda: yaml.safe_load(SAMPLE_DECK.read_text()),
                      _viktory_cards),
    "viktory scenario": ("viktory", lambda: yaml.safe_load((SCENARIOS / "reserves.yaml")
                                                           .read_text()), _viktory_scenario),
}


@pytest.mark.parametrize("kind", sorted(CARD_FILES))
@FUZZ
@given(data=st.data())
def test_fuzz_card_and_scenario_files(kind, data, tmp_path_factory):
    """A mutated card or scenario file is refused with one line, or it makes a game that
    plays to its end; the file is never changed."""
    name, base, options = CARD_FILES[kind]
    game = get_game(name)
    path = tmp_path_factory.mktemp("cards") / "file.yaml"
    path.write_text(yaml.safe_dump(data.draw(mutated(base(), places=2)), allow_unicode=True),
                    encoding="utf-8")
    before = digest(path)
    with time_limit():
        try:
            config = game.config(options(str(path)))
            if kind != "viktory scenario":
                game.show_cards(game.load_cards(str(path)))
        except Exception as exc:  # noqa: BLE001 - any other kind is the failure looked for
            assert_one_line(exc)
        else:
            play_bounded(game, config)
    assert digest(path) == before


# --- options ---------------------------------------------------------------------------------
def option_text() -> st.SearchStrategy[str]:
    number = st.one_of(st.integers(-5, 60), st.integers(), st.sampled_from([10**20, 2**63]))
    return st.one_of(
        number.map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(repr),
        st.sampled_from(["true", "false", "yes", "none", "", "1e20", "1e9", "0x10", " 3 ",
                         "scenario", "cards", "hybrid", "alliance", "draft", "constructed",
                         "random", "attacking", "2i1c1a", "1i,1c@frigate", "99i", "0,0,0",
                         "6,6,6", "[/red]", "\x1b[2J", "sample", "raiders", "forest-town",
                         "AS,2S,3S"]),
        st.lists(number.map(str), min_size=1, max_size=5).map(",".join),
        TEXT,
    )


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_options(name, data):
    """Options as text from a command line: refused with one line, or a game that ends."""
    game = get_game(name)
    keys = st.sampled_from(option_names(game.Config) + ["nosuch"])
    values = data.draw(st.dictionaries(keys, option_text(), min_size=1, max_size=3))
    with time_limit():
        try:
            config = game.config(values)
        except Exception as exc:  # noqa: BLE001 - any other kind is the failure looked for
            assert_one_line(exc)
            return
        play_bounded(game, config)


@pytest.mark.parametrize("name", GAMES)
@FUZZ
@given(data=st.data())
def test_fuzz_options_as_a_record_holds_them(name, data):
    """Options as a record's JSON holds them, read strictly: refused with one line naming the
    option, or a game that ends."""
    from warroom.engine.config import make_config

    game = get_game(name)
    keys = st.sampled_from(option_names(game.Config))
    values = data.draw(st.dictionaries(keys, VALUES, min_size=1, max_size=3))
    with time_limit():
        try:
            config = make_config(game.Config, values, game.name, strict=True)
        except Exception as exc:  # noqa: BLE001 - any other kind is the failure looked for
            assert_one_line(exc)
            return
        play_bounded(game, config)
