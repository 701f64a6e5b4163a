"""Audit (stop 57): a record's `outcome` was not checked against its actions, nor decoded strictly
(a finished save cut to its first actions, its outcome kept, is a game taken back, stop 48: it
replays as the game in play, its outcome set aside); `draw: true` beside `winners: [0]`, a key
no outcome has and kow's whole-number scores written `3.0` were all taken; an edited winner was
blamed on the rules alone, never on an edit. The record module's docstring left `outcome` and
`meta` out of the format, and the README called a record saved from Python "the save format of
`warroom play --save`", which it is not quite. Each test failed before the change but the one of
a save cut short."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from warroom.agents import make_agents
from warroom.engine import Record, RecordError, play_game, replay_to_end
from warroom.engine import record as record_module
from warroom.games import get_game

ROOT = Path(__file__).resolve().parents[2]


def finished(name: str = "kow", seed: int = 5) -> dict[str, Any]:
    """A finished game's record as `play --save` writes it at the end: with its outcome and
    its players."""
    game = get_game(name)
    result = play_game(game, game.config({}), seed, make_agents(["heuristic", "random"], game,
                                                                seed))
    data = result.record.to_json()
    data["outcome"] = result.outcome.to_json()
    data["meta"] = {"players": ["heuristic", "random"]}
    return json.loads(json.dumps(data))


def refusal(data: dict[str, Any], name: str = "kow") -> str:
    with pytest.raises(RecordError) as caught:
        replay_to_end(get_game(name), Record.from_json(data, where="rec.json"))
    return str(caught.value)


@pytest.mark.parametrize("name", ["kow", "champions", "word-iron", "viktory", "viktory-ii",
                                  "battle"])
def test_an_outcome_whose_actions_stop_short_of_it_is_set_aside(name):
    """A finished save cut to take the game back (stop 48's way) replays as the game in play
    its actions give: its outcome is of the actions before the cut, and not checked."""
    data = finished(name)
    data["actions"] = data["actions"][: len(data["actions"]) // 2]
    assert not replay_to_end(get_game(name), Record.from_json(data)).is_terminal()


@pytest.mark.parametrize(("edit", "expected"), [
    ({"draw": True}, "rec.json: outcome: draw is true, but winners names player 0: a draw has "
                     "no winners"),
    ({"winners": [], "draw": False}, "rec.json: outcome: draw is false, but winners is empty: a "
                                     "game without winners is a draw"),
    ({"margin": 3}, "rec.json: outcome.margin: Extra inputs are not permitted, got 3"),
    ({"draw": "no"}, "rec.json: outcome.draw: Input should be a valid boolean, got 'no'"),
    ({"draw": None}, "rec.json: outcome.draw: Input should be a valid boolean, got None"),
    ({"details": []}, "rec.json: outcome.details: Input should be a valid dictionary"),
])
def test_an_outcome_is_decoded_strictly(edit, expected):
    data = finished()
    assert data["outcome"]["winners"] == [0]
    data["outcome"].update(edit)
    with pytest.raises(RecordError) as caught:
        Record.from_json(data, where="rec.json")
    assert str(caught.value) == expected


def test_an_outcome_without_draw_is_refused():
    data = finished()
    del data["outcome"]["draw"]
    with pytest.raises(RecordError, match=r"^rec\.json: field 'outcome\.draw' is missing$"):
        Record.from_json(data, where="rec.json")


def test_an_outcome_is_written_as_the_game_writes_it():
    """kow's scores are whole numbers: `3.0` is refused, as the README says of every whole
    number; so is `true` for a number in details. A game whose scores have a decimal point
    (battle's) may have them written without one: a JSON number is a float too."""
    data = finished()
    data["outcome"]["scores"] = [float(x) for x in data["outcome"]["scores"]]
    assert refusal(data) == ("rec.json: outcome.scores: got [3.0, 0.0], but the game gives "
                             "[3, 0]: whole numbers, written without a decimal point (3, not "
                             "3.0)")
    data = finished("word-iron")
    assert data["outcome"]["details"]["prize_to"] == 0
    data["outcome"]["details"]["prize_to"] = False
    assert refusal(data, "word-iron") == (
        'rec.json: outcome.details: got {"prize": "an agreed card", "prize_to": false}, but the '
        'game gives {"prize": "an agreed card", "prize_to": 0}: a number, not true or false')
    data = finished("viktory-ii")
    data["outcome"]["details"]["cities"] = [float(x) for x in data["outcome"]["details"]["cities"]]
    assert refusal(data, "viktory-ii").endswith(": whole numbers, written without a decimal "
                                                "point (3, not 3.0)")
    data = finished("battle")
    assert all(isinstance(x, float) for x in data["outcome"]["scores"])
    data["outcome"]["scores"] = [int(x) for x in data["outcome"]["scores"]]
    assert replay_to_end(get_game("battle"), Record.from_json(data)).is_terminal()


def test_an_outcome_that_is_not_the_replays_may_have_been_edited():
    """As the error of an action that does not replay says it: the record may have been
    edited; if not, the rules are at fault."""
    data = finished()
    data["outcome"]["winners"], data["outcome"]["scores"] = [1], [0, 3]
    assert refusal(data) == (
        "rec.json: outcome: the replay ends otherwise than the game did: the game ended: "
        "player 1 won (first to 3 Victories; scores 0, 3); its replay: player 0 won (first to 3 "
        "Victories; scores 3, 0) (if the record was not edited, the game's rules are not "
        "deterministic, or changed without a version bump)")
    data = finished()
    data["outcome"]["details"] = {}
    assert "; they differ in details: {} in the record, null in the replay (if the record " \
           "was not edited" in refusal(data)


def test_the_record_module_says_every_key_a_record_is_written_with():
    """The docstring's format named `{game, version, config, seed, actions, resigned?,
    files}`: no `outcome`, no `meta`."""
    doc = record_module.__doc__ or ""
    shape = re.search(r"\{(game, version, config, seed.*?)\}\n", doc, re.S)
    assert shape is not None, doc[:300]
    said = {re.split(r"[?:]", part.strip())[0] for part in
            re.sub(r"\[[^]]*\]", "", shape[1]).split(",")}
    game = get_game("word-iron")
    full = finished("word-iron")
    full["resigned"] = {"seat": 0, "at": 3}  # every key at once, though no record has them all
    written = Record.from_json(full).to_json()
    assert set(written) == said, (sorted(written), sorted(said))
    assert game.data_options and "files" in written and "outcome" in written


def test_a_record_saved_from_python_is_what_the_readme_says(tmp_path):
    """`result.record.save(path)` writes no outcome and no meta; the README says so, and how
    to write them as `play --save` does. So written, the record replays to that outcome."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    example = text.split("\n## Use from Python\n", 1)[1].split("\n## ", 1)[0]
    assert "the save format of `warroom play --save`" not in example
    assert "less `outcome` and `meta`" in example
    records = " ".join(text.split("\n## Records\n", 1)[1].split("\n## ", 1)[0].split())
    assert "a record saved from Python (`play_game`'s `result.record.save(path)`), which also " \
           "has no `meta`: set `record.outcome = result.outcome.to_json()`" in records
    game = get_game("kow")
    result = play_game(game, game.config({}), 7, make_agents(["heuristic", "random"], game, 7))
    result.record.save(tmp_path / "plain.json")
    assert {"outcome", "meta"}.isdisjoint(json.loads((tmp_path / "plain.json").read_text()))
    result.record.outcome = result.outcome.to_json()
    result.record.meta = {"players": ["heuristic", "random"]}
    result.record.save(tmp_path / "as-play.json")
    saved = Record.load(tmp_path / "as-play.json")
    assert replay_to_end(game, saved).outcome() == result.outcome
