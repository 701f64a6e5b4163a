"""Viktory battles as the simulator and the options see them: the first player is the
attacker in every battle, and a Battle Cards deck is refused where no card is played."""

from __future__ import annotations

import shutil

import pytest
from viktory_helpers import GAME
from viktory_helpers import test_deck as card_file

from warroom.agents import RandomAgent
from warroom.cli import main
from warroom.engine import ConfigError, Record, play_game, replay_to_end
from warroom.games.viktory.scenario import SCENARIOS
from warroom.games.viktory.state import ATT
from warroom.games.viktory_battles.cards import SAMPLE_DECK
from warroom.sim.batch import BatchSpec, play_one

SCENARIO_NAMES = sorted(p.stem for p in SCENARIOS.glob("*.yaml"))
REFUSED = "option 'deck' is a Battle Cards deck; it needs mode=cards or mode=hybrid"


def test_the_first_player_is_the_attacker_in_every_scenario_and_mode():
    """The first player was the first seat asked to decide: the defender (its Overwatch) in
    plains-town and forest-town dice battles, the attacker in reserves and with cards, nobody
    in an empty town, so a sweep over scenarios or modes compared different sides."""
    assert len(SCENARIO_NAMES) >= 7
    for mode in ("dice", "cards", "hybrid"):
        for scenario in SCENARIO_NAMES:
            spec = BatchSpec("viktory", {"mode": mode, "scenario": scenario},
                             ("random", "random"), 3)
            for index in (0, 1):  # seats rotate: the first player is a seat, the attacker's
                game = play_one(spec, index)
                assert game["first_player"] == ATT, (mode, scenario, index)
                assert "first_player" not in game["metrics"]


def test_a_deck_given_for_a_dice_battle_is_refused_in_one_line(capsys):
    """`--set deck=FILE` in dice mode was loaded and ignored: the same battle as without it,
    and a tune of its numbers played identical games in every trial."""
    with pytest.raises(ConfigError, match=REFUSED):
        GAME.config({"deck": card_file()})
    with pytest.raises(ConfigError, match=REFUSED):
        GAME.config({"mode": "dice", "scenario": "reserves", "deck": card_file()})
    assert main(["play", "viktory", "--players", "random,random", "--set",
                 f"deck={card_file()}"]) == 2
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1 and err[0].startswith("warroom: error: ") and REFUSED in err[0]


def test_the_default_deck_still_serves_every_mode_and_a_dice_records_replay(tmp_path):
    """Guards the refusal: the default deck (by default, by name, or a copy of its file, as
    the copy a record embeds of it) still goes with dice, and a deck with the cards."""
    copy = tmp_path / "my-sample.yaml"
    shutil.copy(SAMPLE_DECK, copy)
    for deck in ("", "sample", str(copy)):
        assert GAME.config({"deck": deck}).mode == "dice"
    for mode in ("cards", "hybrid"):
        assert GAME.config({"mode": mode, "deck": card_file()}).deck_cards.name == "test"
    config = GAME.config({})
    played = play_game(GAME, config, 2, [RandomAgent(GAME, 2), RandomAgent(GAME, 3)])
    assert "deck" in played.record.files  # the default deck's file, whatever the mode
    played.record.save(tmp_path / "dice.json")
    replayed = replay_to_end(GAME, Record.load(tmp_path / "dice.json"))
    assert replayed.outcome().to_json() == played.outcome.to_json()


def test_a_dice_battle_saved_with_a_deck_before_it_was_refused_still_replays(tmp_path):
    """The refusal must not lose a saved game: a dice record that names (and embeds) a deck of
    its own, as `--set deck=FILE` saved before, replays and resumes without it."""
    import json

    from warroom.engine.embed import digest

    config = GAME.config({})
    played = play_game(GAME, config, 4, [RandomAgent(GAME, 4), RandomAgent(GAME, 5)])
    data = played.record.to_json()
    text = open(card_file(), encoding="utf-8").read()
    data["config"]["deck"] = card_file()
    data["files"]["deck"] = {"sha256": digest(text), "text": text}
    (tmp_path / "old.json").write_text(json.dumps(data))
    with pytest.raises(ConfigError, match=REFUSED):  # as a new game, it is refused
        GAME.config({"deck": card_file()})
    replayed = replay_to_end(GAME, Record.load(tmp_path / "old.json"))
    assert replayed.outcome().to_json() == played.outcome.to_json()


def test_a_stored_dice_run_with_a_deck_still_resumes():
    """As a record: a results run stored with `--set deck=FILE` and dice battles plays on."""
    from warroom.sim.store import RunInfo

    run = RunInfo(1, "viktory", GAME.version, {"mode": "dice", "deck": card_file()},
                  ["random", "random"], 0, True, 4, None, None, "")
    spec = run.spec()
    assert "deck" not in spec.config and GAME.config(spec.config).mode == "dice"
    assert play_one(spec, 0)["length"] > 0
