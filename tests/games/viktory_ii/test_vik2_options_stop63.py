"""Audit (stop 63): the battle options only the Battle Cards read (`hand_limit`,
`prebattle_fire_each_wave`) are refused, in one line, in a mode that never reads them, as
`deck` was, in both games that fight Viktory II's battles; saved games from before still
load; and the map game's option errors say what was given."""

from __future__ import annotations

import json

import pytest

from warroom.agents import RandomAgent
from warroom.cli import main
from warroom.engine import ConfigError, Record, play_game, replay_to_end
from warroom.games import get_game
from warroom.games.viktory_battles.cards import SAMPLE_DECK
from warroom.sim.store import RunInfo

GAMES = ("viktory", "viktory-ii")
# A short game of each (the map game's smallest map, few rounds).
QUICK = {"viktory": {}, "viktory-ii": {"radius": 2, "turn_limit": 3}}
HAND = ("option 'hand_limit' is a Battle Cards option; it needs mode=cards or mode=hybrid "
        "(a dice battle plays no cards)")
EACH_WAVE = "option 'prebattle_fire_each_wave' is a Battle Cards option; it needs mode=cards ("


def _refused(name: str, values: dict) -> ConfigError:
    with pytest.raises(ConfigError) as caught:
        get_game(name).config(values)
    return caught.value


@pytest.mark.parametrize("name", GAMES)
def test_a_hand_limit_given_with_dice_is_refused_in_one_line(name):
    """Audit (stop 63): `warroom sweep viktory-ii --vary hand_limit=2,10 --set mode=dice`
    played two identical cells (p = 1.000) without a word: a dice battle deals no hands, so
    the value was ignored. It is refused naming the option and the modes that read it; the
    default (which every record stores) and the card modes still take it."""
    exc = _refused(name, {**QUICK[name], "hand_limit": 3})
    assert str(exc) == HAND and exc.option == "hand_limit"
    assert get_game(name).config({**QUICK[name], "hand_limit": 10}).hand_limit == 10
    for mode in ("cards", "hybrid"):
        assert get_game(name).config({**QUICK[name], "mode": mode,
                                      "hand_limit": 3}).hand_limit == 3


@pytest.mark.parametrize("name", GAMES)
def test_prebattle_fire_each_wave_is_refused_outside_cards_mode(name):
    """Audit (stop 63): `simulate --set prebattle_fire_each_wave=false` with dice (or hybrid)
    battles played the same games as without it: only a cards battle launches more than one
    wave. Refused in those modes; `true`, its default, still goes with every mode."""
    for mode, why in (("dice", "a dice battle plays no cards"),
                      ("hybrid", "a hybrid battle launches a single wave")):
        exc = _refused(name, {**QUICK[name], "mode": mode, "prebattle_fire_each_wave": "false"})
        assert str(exc).startswith(EACH_WAVE + why) and "\n" not in str(exc)
        assert exc.option == "prebattle_fire_each_wave"
        assert get_game(name).config({**QUICK[name], "mode": mode,
                                      "prebattle_fire_each_wave": True}).mode == mode
    config = get_game(name).config({**QUICK[name], "mode": "cards",
                                    "prebattle_fire_each_wave": False})
    assert not config.resolver.prebattle_fire_each_wave


@pytest.mark.parametrize("name", GAMES)
def test_the_lobby_hides_exactly_the_options_a_mode_refuses(name, tmp_path):
    """Audit (stop 63): the browser lobby shows a Battle Cards option only in the modes that
    read it (its `when`, as the other options stand) and sends no hidden value: the options
    a mode refuses are the ones it hides, so no value it offers is refused at Start."""
    game = get_game(name)
    deck = tmp_path / "other.yaml"
    deck.write_text(SAMPLE_DECK.read_text().replace("hits: 2", "hits: 3", 1))
    odd = {"deck": str(deck), "hand_limit": 3, "prebattle_fire_each_wave": False}
    when = game.option_layout["when"]
    assert set(when) == set(odd)
    for option, value in odd.items():
        for mode in ("dice", "cards", "hybrid"):
            values = {**QUICK[name], "mode": mode, option: value}
            if mode in when[option]["mode"]:
                assert getattr(game.config(values), option) == value
            else:
                assert _refused(name, values).option == option


@pytest.mark.parametrize("name", GAMES)
def test_a_dice_game_saved_with_card_options_before_the_refusal_still_replays(name, tmp_path):
    """Audit (stop 63): a saved dice game whose options hold hand_limit=3 and
    prebattle_fire_each_wave=false, as `--set` saved them before they were refused, still
    replays (the game it holds never read them); a hybrid save keeps its hand limit."""
    game = get_game(name)
    played = play_game(game, game.config(QUICK[name]), 3,
                       [RandomAgent(game, 3), RandomAgent(game, 4)])
    data = played.record.to_json()
    data["config"].update(hand_limit=3, prebattle_fire_each_wave=False)
    (tmp_path / "old.json").write_text(json.dumps(data))
    replayed = replay_to_end(game, Record.load(tmp_path / "old.json"))
    assert replayed.outcome().to_json() == played.outcome.to_json()
    saved = {"mode": "hybrid", "hand_limit": 3, "prebattle_fire_each_wave": False}
    assert game.record_options(saved) == {"mode": "hybrid", "hand_limit": 3}


def test_a_stored_dice_run_with_a_hand_limit_still_resumes():
    """Audit (stop 63): a results run stored with `--set hand_limit=3` and dice battles, from
    before the refusal, plays on (without the option its games never read)."""
    game = get_game("viktory")
    run = RunInfo(1, "viktory", game.version, {"mode": "dice", "hand_limit": 3},
                  ["random", "random"], 0, True, 2, None, None, "")
    spec = run.spec()
    assert "hand_limit" not in spec.config and game.config(spec.config).mode == "dice"


def test_a_sweep_of_a_card_option_with_dice_is_refused_and_one_of_modes_runs(capsys):
    """Audit (stop 63): the designer's sweep of hand_limit with dice ran its games for
    nothing; it is now a one-line error naming the cell. A sweep over the modes (hand_limit
    left at its default) still runs."""
    assert main(["sweep", "viktory-ii", "--vary", "hand_limit=2,10", "--set", "mode=dice",
                 "--set", "radius=2", "--games", "2", "--players", "random,random"]) == 2
    err = [line for line in capsys.readouterr().err.splitlines()
           if line.strip() and "compiled build" not in line]
    assert err == [f"warroom: error: --vary hand_limit=2: {HAND}"]
    assert main(["sweep", "viktory", "--vary", "mode=dice,cards", "--games", "2",
                 "--players", "random,random"]) in (0, None)


def test_the_options_help_says_which_modes_read_the_card_options(capsys):
    """Audit (stop 63): `warroom options viktory-ii` gave no hint that hand_limit and
    prebattle_fire_each_wave do nothing with dice: each now says the modes it needs."""
    assert main(["options", "viktory-ii"]) in (0, None)
    text = " ".join(capsys.readouterr().out.split())
    assert "hand_limit=10 # from 0 to 30 Battle Cards (cards and hybrid modes):" in text
    assert "prebattle_fire_each_wave=true # true or false Battle Cards (cards mode only):" in text


@pytest.mark.parametrize("values, message", [
    ({"radius": 1}, "option 'radius' must be from 2 to 10 (or 0: by player count), got 1"),
    ({"capitals": 1}, "option 'capitals' must be 0 (every capital) or 2, got 1: every player "
                      "controls one capital from the start"),
    ({"capitals": 3}, "option 'capitals' must be 0 (every capital) or 2, got 3"),
    ({"capitals": 5, "players": 4}, "option 'capitals' must be 0 (every capital) or from 2 "
                                    "to 4, got 5"),
])
def test_the_map_games_option_errors_say_what_was_given(values, message):
    """Audit (stop 63): `radius=1` was refused without the value given ("must be from 2 to 10
    (or 0: by player count)", while radius=11 said "got 11"), and `capitals=1` with two
    players said "or from 2 to 2"."""
    assert str(_refused("viktory-ii", values)) == message


def test_a_list_option_error_shows_the_list_as_set_takes_it():
    """Audit (stop 63): `--set mix=1,1,1` said "got (1, 1, 1)", a Python tuple: the value is
    shown as the user typed it."""
    with pytest.raises(ConfigError) as caught:
        get_game("viktory-ii").config({"mix": (1, 1, 1)})
    assert str(caught.value).endswith("must be a list of 5 items, each from 0 to 100, got 1,1,1")
