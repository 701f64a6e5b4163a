"""`--json` for the commands that had only text (`report`, `sweep`, `replay`, `cards validate`,
`cards show`, `games`, `options`): one JSON object alone on standard output, its figures those
of the library, an error one line on standard error with nothing on standard output, and a
replay's object holding only what its viewer may see."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest
import yaml

import warroom.games.battle as battle_package
from warroom.cli import main
from warroom.engine import Record, config_to_json, replay_to_end
from warroom.engine.config import option_bounds, option_help
from warroom.engine.record import check_record_files
from warroom.games import REGISTRY, get_game
from warroom.sim.analysis import analyse
from warroom.sim.report import game_title, run_document
from warroom.sim.store import ResultStore
from warroom.sim.sweep import sweep_document

PLAYERS = ["--players", "heuristic,random"]


def one_object(capsys) -> dict:
    """Standard output holds one JSON object and nothing else (one line)."""
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and out.endswith("}\n"), out
    return json.loads(out)


def refused(capsys, args: list[str]) -> str:
    """A refused command: a non-zero exit, standard output empty, one line on standard
    error; the line."""
    assert main(args) != 0
    captured = capsys.readouterr()
    assert captured.out == ""
    err = [line for line in captured.err.splitlines() if line.strip()]
    assert len(err) == 1 and err[0].startswith("warroom: error: "), err
    return err[0]


def plain(value: object) -> object:
    """`value` as JSON reads it back (tuples as lists, keys as text)."""
    return json.loads(json.dumps(value))


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("json49") / "r.sqlite"
    assert main(["simulate", "kow", *PLAYERS, "--games", "6", "--seed", "4", "--db", str(db),
                 "--json"]) == 0
    return db


# --- games and options ---------------------------------------------------------------------

def test_games_json_lists_every_registered_game(capsys):
    """Audit (stop 49): `warroom games` had only its text lines; --json gives each game's
    name, title and numbers of players, as the registry holds them."""
    assert main(["games", "--json"]) == 0
    shown = one_object(capsys)["games"]
    # stop 63: and each game's rules version (`rules_version`)
    assert shown == [{"name": n, "title": g.title, "min_players": g.min_players,
                      "max_players": g.max_players, "rules_version": g.version}
                     for n, g in REGISTRY.items()]


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_options_json_gives_each_option_its_type_default_and_help(name, capsys):
    """Audit (stop 49): `warroom options GAME --json`: every Config field, in order, with its
    default (as a record holds it), its allowed values in words, its description and its type
    as a JSON Schema that the default satisfies."""
    game = get_game(name)
    assert main(["options", name, "--json"]) == 0
    shown = one_object(capsys)
    assert shown["game"] == name
    fields = [f.name for f in dataclasses.fields(game.Config)]
    assert [o["name"] for o in shown["options"]] == fields
    defaults, bounds = config_to_json(game.Config()), option_bounds(game.Config)
    notes = option_help(game.Config)
    for option in shown["options"]:
        key = option["name"]
        assert option["default"] == plain(defaults[key])
        assert option["allowed"] == bounds[key]
        assert option["help"] == notes.get(key)
        assert _fits(option["default"], option["type"]), (key, option)


def _fits(value: object, schema: dict) -> bool:
    """Whether `value` fits the (small) JSON Schema `options --json` gives an option."""
    if "anyOf" in schema:
        return any(_fits(value, s) for s in schema["anyOf"])
    if "const" in schema:
        return value == schema["const"]
    if "enum" in schema and value not in schema["enum"]:
        return False
    kind = schema.get("type")
    if kind == "integer":
        return (isinstance(value, int) and not isinstance(value, bool)
                and schema.get("minimum", value) <= value <= schema.get("maximum", value))
    if kind == "number":
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind == "boolean":
        return isinstance(value, bool)
    if kind == "null":
        return value is None
    if kind == "string":
        return isinstance(value, str) and len(value) <= schema.get("maxLength", len(value))
    if kind == "array":
        return (isinstance(value, list) and len(value) <= schema.get("maxItems", len(value))
                and all(_fits(v, schema.get("items", {})) for v in value))
    return not kind


def test_options_json_bounds_a_number_and_brief_leaves_out_the_help(capsys):
    """Audit (stop 49): a bounded option's type carries its bounds (Battle's players: 2 to
    8), and --brief leaves the descriptions out of the object as it does of the text."""
    assert main(["options", "battle", "--json"]) == 0
    players = one_object(capsys)["options"][0]
    assert players["name"] == "players"
    assert players["type"] == {"type": "integer", "minimum": 2, "maximum": 8}
    assert players["help"]
    assert main(["options", "battle", "--brief", "--json"]) == 0
    assert all("help" not in o for o in one_object(capsys)["options"])


def test_options_json_of_an_unknown_game_is_one_line_and_no_output(capsys):
    """Audit (stop 49): an error with --json leaves standard output empty."""
    assert "nosuchgame" in refused(capsys, ["options", "nosuchgame", "--json"])


# --- cards ---------------------------------------------------------------------------------

def test_cards_validate_json_of_a_valid_file(capsys):
    """Audit (stop 49): `cards validate --json`: ok, the game, the deck's name and the
    warnings the game gives (in the object, not on standard error)."""
    assert main(["cards", "validate", "sample", "--game", "word-iron", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    shown = json.loads(captured.out)
    game = get_game("word-iron")
    deck = game.load_cards("sample")
    assert shown == {"file": "sample", "game": "word-iron", "ok": True, "name": deck.name,
                     "warnings": game.card_warnings(deck), "errors": []}


def test_cards_validate_json_of_a_file_with_warnings(tmp_path, capsys):
    """Audit (stop 49): a file legal but against the rule text (a champion that fights):
    ok, with the game's warnings in the object and none on standard error; exit status 0."""
    src = Path(get_game("word-iron").data_file("deck0", "sample"))
    data = yaml.safe_load(src.read_text())
    data["champions"][8] = {"name": "Pretender", "effects": [{"kind": "capture"}]}
    path = tmp_path / "warned.yaml"
    path.write_text(yaml.safe_dump(data))
    assert main(["cards", "validate", str(path), "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    shown = json.loads(captured.out)
    game = get_game("word-iron")
    warnings = game.card_warnings(game.load_cards(str(path)))
    assert shown["ok"] is True and len(warnings) == 1 and shown["warnings"] == warnings
    assert "Pretender" in warnings[0]


def test_cards_validate_json_of_an_invalid_file_says_where_and_exits_non_zero(tmp_path,
                                                                               capsys):
    """Audit (stop 49): a file that does not validate is a result (ok false, the error with
    where it is) and still the error it was: exit status 2. (Stop 61: its line is no longer
    said again on standard error, where a program reading both got it twice.)"""
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: word-iron\nname: x\nsoldiers: []\n")
    assert main(["cards", "validate", str(bad), "--json"]) == 2
    captured = capsys.readouterr()
    shown = json.loads(captured.out)
    assert shown["ok"] is False and shown["game"] == "word-iron" and shown["warnings"] == []
    [error] = shown["errors"]
    assert error["where"] == f"{bad}: field resources"
    assert error["message"] == f"{error['where']}: {error['problem']}"
    assert captured.err == ""


def test_cards_show_json_gives_the_cards_as_the_game_loads_them(capsys):
    """Audit (stop 49): `cards show --json`: the cards as data, field by field, for each
    kind of card file (a pydantic deck, a dataclass deck, a deck list)."""
    viktory = get_game("viktory").load_cards("sample")
    assert main(["cards", "show", "sample", "--game", "viktory", "--json"]) == 0
    shown = one_object(capsys)
    assert shown["game"] == "viktory" and shown["name"] == viktory.name
    assert shown["cards"]["cards"] == [dataclasses.asdict(c) for c in viktory.cards]

    word_iron = get_game("word-iron").load_cards("sample")
    assert main(["cards", "show", "sample", "--game", "word-iron", "--json"]) == 0
    assert one_object(capsys)["cards"] == word_iron.model_dump(mode="json")

    deck = Path(battle_package.__file__).parent / "data" / "sample.txt"  # a text list
    battle = get_game("battle").load_cards(str(deck))
    assert main(["cards", "show", str(deck), "--game", "battle", "--json"]) == 0
    assert one_object(capsys)["cards"] == {"name": battle.name, "cards": list(battle.cards)}


def test_cards_show_json_of_an_invalid_file_prints_nothing(tmp_path, capsys):
    """Audit (stop 49): `cards show --json` of a bad file: the error alone."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("game: word-iron\nname: x\nsoldiers: []\n")
    assert "field resources" in refused(capsys, ["cards", "show", str(bad), "--json"])


# --- report and sweep ----------------------------------------------------------------------

def test_report_json_gives_the_verdicts_and_figures_of_the_run(results, tmp_path, capsys):
    """Audit (stop 49): `report --json` writes the report as before and prints the run, the
    files and the verdicts and figures the analysis gives (first player, cards, win rates
    with intervals, draws, lengths)."""
    out = tmp_path / "rep.md"
    assert main(["report", str(results), "--out", str(out), "--json"]) == 0
    shown = one_object(capsys)
    with ResultStore(results, create=False) as store:
        run = store.runs()[-1]
        tally = store.tally(run).to_json()
        doc = run_document(analyse(store, run, game_title(run.game)))
    assert (shown["run"], shown["sweep"], shown["tune"]) == (run.id, None, None)
    assert shown["db"] == str(results) and shown["report"] == str(out) and out.is_file()
    assert shown["figures"] and all(Path(f).is_file() and f.endswith(".svg")
                                    for f in shown["figures"])
    assert shown["verdicts"] == doc.verdicts
    assert any(v.startswith("first player advantage") for v in shown["verdicts"])
    data = shown["data"]
    assert data == plain(doc.data)
    assert data["games"] == tally["games"] == 6
    assert [r["successes"] for r in data["player_win_rate"]] == tally["wins"]
    assert [r["ci95"] for r in data["player_win_rate"]] == tally["ci95"]
    assert data["draw_rate"]["successes"] == tally["draws"]
    assert data["length"]["mean"] == pytest.approx(tally["mean_length"])
    assert "seat_win_rate" in data and "first_player" in data and "cards" in data


def test_report_json_of_an_empty_database_is_one_line_and_no_output(tmp_path, capsys):
    """Audit (stop 49): a refusal with --json writes nothing to standard output."""
    empty = tmp_path / "empty.sqlite"
    with ResultStore(empty):
        pass
    assert "no runs" in refused(capsys, ["report", str(empty), "--json"])


def test_sweep_json_is_the_report_of_the_sweep(tmp_path, capsys):
    """Audit (stop 49): `sweep --json` prints one object (no verdict or results lines on
    standard output): the sweep, the database, the report and each cell's values and
    figures, the same object `report --sweep --json` gives."""
    db = tmp_path / "s.sqlite"
    assert main(["sweep", "kow", "--vary", "victories_to_win=1,2", *PLAYERS, "--games", "3",
                 "--db", str(db), "--json"]) == 0
    shown = one_object(capsys)
    with ResultStore(db, create=False) as store:
        info = store.sweep(shown["sweep"])
        runs = store.runs(sweep_id=info.id)
        counts = [store.count_games(r.id) for r in runs]
        doc = sweep_document(store, info)
    assert (shown["run"], shown["sweep"], shown["tune"]) == (None, info.id, None)
    assert shown["db"] == str(db) and Path(shown["report"]).is_file()
    cells = shown["data"]["cells"]
    assert [c["cell"] for c in cells] == [r.cell for r in runs]
    assert [c["games"] for c in cells] == counts == [3, 3]
    assert [c["run"]["id"] for c in cells] == [r.id for r in runs]
    assert shown["verdicts"] == doc.verdicts
    assert shown["data"] == plain(doc.data)
    assert main(["report", str(db), "--sweep", str(info.id), "--out", shown["report"],
                 "--json"]) == 0
    assert one_object(capsys) == shown


# --- replay --------------------------------------------------------------------------------

def unfinished_battle(path: Path, steps: int = 40, seed: int = 918273645) -> Record:
    """A Battle game between two people, played at random for `steps` actions and saved
    unfinished: hands held, hidden from the other seat."""
    game = get_game("battle")
    config = game.config({})
    record = Record.start(game, config, seed, players=["human", "human"])
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        player = state.to_move()[0]
        action = rng.choice(state.legal_actions(player))
        state.apply(player, action)
        record.add(player, action)
    assert not state.is_terminal()
    record.save(path)
    return record


def hidden_names(state, viewer: int | None) -> list[str]:
    """Names of cards in the other seats' hands that `viewer`'s own observation never shows
    (one deck, every card once: none of them is anywhere else in view)."""
    seen = json.dumps(state.observation(viewer))
    names = [state.names[c] for p in range(state.num_players) if p != viewer
             for c in state.hands[p]]
    return [n for n in names if json.dumps(n) not in seen]


@pytest.mark.parametrize("viewer", [None, 0, 1])
def test_replay_json_shows_only_what_the_viewer_saw(viewer, tmp_path, capsys):
    """Audit (stop 49): `replay --json` of an unfinished Battle game: a spectator's object and
    a seat's hold none of the hands they could not see (checked against the record's true
    state), nor the record's seed or actions; the view and the events are the viewer's own
    observation and log."""
    save = tmp_path / "battle.json"
    record = unfinished_battle(save)
    game = get_game("battle")
    state = replay_to_end(game, record)
    hidden = hidden_names(state, viewer)
    assert hidden  # the test means something: the others hold cards this viewer cannot see
    args = ["replay", str(save), "--json"] + ([] if viewer is None else ["--as", str(viewer)])
    assert main(args) == 0
    out = capsys.readouterr().out
    shown = json.loads(out)
    for name in hidden:
        assert json.dumps(name) not in out, name
    # a seat's view of a game in play counts no actions (stop 60: they told a dark map's
    # hidden moves); a spectator's does
    assert "seed" not in shown
    assert shown["actions"] == (len(record.actions) if viewer is None else None)
    assert str(record.seed) not in out  # a seed of nine digits: nothing else reads so
    obs = plain(state.observation(viewer))
    assert shown["viewer"] == viewer
    assert shown["view"] == {k: v for k, v in obs.items() if k not in ("log", "log_start")}
    assert [e["event"] for e in shown["events"]] == obs["log"]
    assert shown["outcome"] is None and shown["result"] is None
    assert shown["game"] == "battle" and shown["config"] == record.config
    assert shown["players"] == ["human", "human"]
    if viewer is not None:  # its own hand, as its view shows it, and nobody else's
        assert sorted(shown["view"]["hand"]) == sorted(state.names[c]
                                                       for c in state.hands[viewer])


def test_replay_json_events_are_the_lines_of_the_text_replay(tmp_path, capsys):
    """Audit (stop 49): the object's events, in data form, are what the text replay prints:
    its log lines in order, then the result line (a finished kow game, seen by seat 1)."""
    save = tmp_path / "kow.json"
    assert main(["play", "kow", "--players", "random,heuristic", "--seed", "5", "--save",
                 str(save), "--json"]) == 0
    capsys.readouterr()
    assert main(["replay", str(save), "--as", "1"]) == 0
    text = capsys.readouterr().out.splitlines()
    assert main(["replay", str(save), "--as", "1", "--json"]) == 0
    shown = one_object(capsys)
    lines = [e["text"] for e in shown["events"] if e["text"]]
    assert text[0] == "Players: player 0 (random), player 1 (heuristic)"
    assert text[1:1 + len(lines)] == lines
    assert text[-1] == shown["result"]
    final = replay_to_end(get_game("kow"), Record.load(save)).outcome()
    assert shown["outcome"] == final.to_json()
    assert shown["players"] == ["random", "heuristic"] and shown["notes"] == []


def test_replay_json_check_files_puts_its_lines_in_the_object(tmp_path, capsys):
    """Audit (stop 49): with --check-files, the per-file lines are in the object, not on
    standard output before it."""
    save = tmp_path / "wi.json"
    assert main(["play", "word-iron", "--players", "random,random", "--seed", "2", "--save",
                 str(save), "--json"]) == 0
    capsys.readouterr()
    assert main(["replay", str(save), "--check-files", "--json"]) == 0
    shown = one_object(capsys)
    game = get_game("word-iron")
    assert shown["check_files"] == check_record_files(game, Record.load(save))
    assert len(shown["check_files"]) == 2
    assert main(["replay", str(save), "--json"]) == 0
    assert "check_files" not in one_object(capsys)


def test_replay_json_refusals_leave_standard_output_empty(tmp_path, capsys):
    """Audit (stop 49): a refused replay prints no part of an object, even with
    --check-files, whose lines the text replay prints before it refuses."""
    save = tmp_path / "battle.json"
    unfinished_battle(save)
    assert "--as must be" in refused(capsys, ["replay", str(save), "--check-files", "--as",
                                              "5", "--json"])
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    refused(capsys, ["replay", str(broken), "--json"])
