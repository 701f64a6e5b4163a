"""Audit (stop 56): `warroom tune --param` over Word & Iron losses. A range reaching past
what a loss can take (one card of each unit: 190 ranks of power with the sample's soldiers)
spends its trials on values that all play the same: the tune says so, one warning line before
its games (the game's own `card_warnings` of the file patched to the range's end). A card
name that is not in the file (renamed since) gets a close match in its one-line error."""

from __future__ import annotations

import pytest
import yaml

from warroom.cli import main
from warroom.engine import ConfigError
from warroom.games import REGISTRY
from warroom.games.word_iron.deck import DATA_DIR
from warroom.sim.datafile import did_you_mean
from warroom.sim.tune import make_plan

WORD_IRON = REGISTRY["word-iron"]
SHIELD = "deck0:Shield Wall Advance.losses.ranks"


def plan(tmp_path, *params, sets=()):
    return make_plan(WORD_IRON, tuple(sets), params, "first_player_win=0.5", "random,random",
                     1, 2, 4, tmp_path / "t.sqlite")


def test_a_range_past_what_a_loss_can_take_is_warned_of(tmp_path):
    """Audit (stop 56): `deck0:Shield Wall Advance.losses.ranks=20..400`: three trials of
    four sat above 190, where nothing changes, and the tune said nothing."""
    lines = plan(tmp_path, f"{SHIELD}=20..400").warnings
    assert lines == [
        f"--param {SHIELD}=20..400: at {SHIELD}=400: card 'Shield Wall Advance' "
        "(strategies[2]), field effects[1].ranks: losses of 400 ranks of power, but one card "
        "of each unit, all a loss takes (rule 8), is 190 ranks of power with an opponent of "
        "this deck's soldiers or of the deck list's, whichever is more: any number above 190 "
        "takes the same cards"]


def test_a_range_within_the_reach_and_a_rule_option_are_quiet(tmp_path):
    """Audit (stop 56): up to 190 (or 150 below royal guards) nothing is said, nor of a rule
    option; both files of `deck0+deck1` are one line."""
    assert plan(tmp_path, f"{SHIELD}=20..190", "realm_size=2..6").warnings == []
    assert plan(tmp_path, "deck0:Knights' Lance.losses=20..150").warnings == []
    both = plan(tmp_path, "deck0+deck1:Knights' Lance.losses=20..151").warnings
    assert len(both) == 1 and "any number above 150 takes the same cards" in both[0]


def test_the_warning_comes_before_the_games_on_standard_error(tmp_path, capsys):
    """Audit (stop 56): the command prints the plan's warnings, a warning and no error."""
    assert main(["tune", "word-iron", "--param", f"{SHIELD}=20..400", "--target",
                 "first_player_win=0.5", "--players", "random,random", "--budget", "2",
                 "--batch", "1", "--db", str(tmp_path / "t.sqlite"), "--json"]) == 0
    err = capsys.readouterr().err
    warnings = [line for line in err.splitlines() if line.startswith("warroom: warning: ")]
    assert len(warnings) == 1 and "any number above 190 takes the same cards" in warnings[0]


def test_a_card_name_not_in_the_file_suggests_the_closest(tmp_path):
    """Audit (stop 56): after 'Storm the Lines' was renamed 'Storm the Walls', the error listed
    the first 12 card names and "...", without the new one."""
    data = yaml.safe_load((DATA_DIR / "sample.yaml").read_text())
    data["strategies"][5]["name"] = "Storm the Walls"
    deck = tmp_path / "renamed.yaml"
    deck.write_text(yaml.safe_dump(data, sort_keys=False))
    with pytest.raises(ConfigError) as info:
        plan(tmp_path, "deck0:Storm the Lines.losses=20..100", sets=[f"deck0={deck}"])
    message = str(info.value)
    assert "\n" not in message and "no card named 'Storm the Lines'" in message
    assert message.endswith("; did you mean 'Storm the Walls'?")
    with pytest.raises(ConfigError) as info:  # the card is there: no field is the mistake
        plan(tmp_path, "deck0:Knights' Lance=20..100")
    assert "did you mean" not in str(info.value)
    with pytest.raises(ConfigError) as info:  # nothing close
        plan(tmp_path, "deck0:Zzyzx Qwv.losses=20..100")
    assert "did you mean" not in str(info.value)


def test_did_you_mean_reads_a_card_name_with_a_dot_in_it():
    """Audit (stop 56): a card name may hold a dot ('St. Crispin'), so every part of the
    address up to a dot is read as the card."""
    names = ["Ambush", "St. Crispin's Charge", "Storm"]
    assert did_you_mean(["St", "St. Crispins Charge", "St. Crispins Charge.losses"],
                        names) == "; did you mean \"St. Crispin's Charge\"?"
    assert did_you_mean(["Storm", "Storm.losses"], names) == ""
