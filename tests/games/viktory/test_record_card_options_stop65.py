"""Audit (stop 65): a fuzzer set a dice-mode record's `hand_limit` to "garbage" (and to
true, and `prebattle_fire_each_wave` to [1]) and `warroom replay` took it without a word,
where the same values in a cards-mode record, or any other option, are refused by name: an
old save's Battle Cards option that its mode never read is dropped (it was taken before such
values were refused), and the drop hid any value at all. Only a value the option takes is
dropped now; one of a wrong type is refused as everywhere else."""

from __future__ import annotations

import json

import pytest

from warroom.agents import make_agents
from warroom.engine import Record, RecordError, play_game, replay_to_end
from warroom.engine.config import takes_value
from warroom.games import get_game


def _saved(tmp_path, name: str, **config) -> Record:
    game = get_game(name)
    options = {"radius": 2, "turn_limit": 2} if name == "viktory-ii" else {}
    played = play_game(game, game.config(options), 4, make_agents(["random", "random"], game, 4))
    data = played.record.to_json()
    data["config"].update(config)
    path = tmp_path / f"{name}.json"
    path.write_text(json.dumps(data))
    return Record.load(path)


@pytest.mark.parametrize("name", ["viktory", "viktory-ii"])
@pytest.mark.parametrize("option, value, words", [
    ("hand_limit", "garbage", "option 'hand_limit' must be from 0 to 30, got 'garbage'"),
    ("hand_limit", True, "option 'hand_limit' must be from 0 to 30, got True"),
    ("prebattle_fire_each_wave", [1], "option 'prebattle_fire_each_wave'"),
])
def test_a_card_option_of_a_wrong_type_is_refused_in_a_dice_record(tmp_path, name, option,
                                                                   value, words):
    record = _saved(tmp_path, name, **{option: value})
    with pytest.raises(RecordError, match="config: " + words.replace("(", r"\(")
                       .replace(")", r"\)")):
        replay_to_end(get_game(name), record)


@pytest.mark.parametrize("name", ["viktory", "viktory-ii"])
def test_an_old_dice_save_with_a_card_option_it_never_read_still_replays(tmp_path, name):
    """The drop the refusal must not lose: a value the option takes, from a save made before
    such options were refused in dice mode."""
    record = _saved(tmp_path, name, hand_limit=5, prebattle_fire_each_wave=False)
    assert replay_to_end(get_game(name), record).is_terminal()


def test_takes_value_reads_the_options_declared_type_strictly():
    config = get_game("viktory-ii").Config
    assert takes_value(config, "hand_limit", 5)
    assert not takes_value(config, "hand_limit", 31)
    assert not takes_value(config, "hand_limit", True)
    assert not takes_value(config, "hand_limit", "5")
    assert takes_value(config, "mix", [1, 1, 1, 1, 2])  # a list, as JSON holds a tuple
