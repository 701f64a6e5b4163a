"""Word & Iron at the terminal and the browser table, audit of stop 65: the help's command for
an edited deck, the resource question when nothing has fallen, and the log line of a cost
that destroys its own side's army."""

from __future__ import annotations

import json

from word_iron_helpers import (
    bare,
    events,
    field,
    play_card,
    quiet_deck,
    run_tasks,
    sample_data,
    write_deck,
)

from warroom.games.word_iron import GAME
from warroom.games.word_iron.actions import FinishResources, UseResource
from warroom.server.live import view_frame


def test_help_names_an_edited_copy_of_a_shipped_deck_by_its_option_not_the_shipped_deck(
        tmp_path):
    """Audit (stop 65): a copy of the sample deck, edited (it keeps `name: Sample starter
    deck`) and played with `--set deck0=edited.yaml`, had `?` say "Every card of Sample
    starter deck: warroom cards show sample --game word-iron": the shipped deck, not the one
    in play; with deck1 the shipped sample beside it, one line showed for both. The view now
    says per side which shipped deck it is, if any, and the help points an edited deck to
    the file it was given as, without its path."""
    data = sample_data()
    data["resources"][0]["ranks"] = 99  # edited: its name stays the sample's
    edited = write_deck(tmp_path, data, "edited.yaml")
    copy = write_deck(tmp_path, sample_data(), "copy.yaml")  # the sample's cards, unedited
    s = GAME.new_state(GAME.config({"deck0": edited, "deck1": copy}), 0)
    obs = s.observation(0)
    assert [p["deck"] for p in obs["players"]] == ["Sample starter deck"] * 2
    notes = GAME.help_notes(obs, 0).splitlines()
    shown = [line for line in notes if line.startswith("- Every card of")]
    assert shown == [
        "- Every card of Sample starter deck (deck0, a deck file): "
        "warroom cards show <deck0's file> --game word-iron",
        "- Every card of Sample starter deck: warroom cards show sample --game word-iron"]
    assert [p["shipped"] for p in obs["players"]] == [None, "sample"]
    assert str(tmp_path) not in json.dumps(obs)  # a path is nobody's business (the server's)
    both = GAME.new_state(GAME.config({"deck0": edited, "deck1": edited}), 0)
    shown = [line for line in GAME.help_notes(both.observation(1), 1).splitlines()
             if line.startswith("- Every card of")]
    assert [line.split(": ")[1] for line in shown] == [
        "warroom cards show <deck0's file> --game word-iron",
        "warroom cards show <deck1's file> --game word-iron"]


def test_the_resource_question_says_a_further_use_is_lost_when_nothing_has_fallen():
    """Audit (stop 65): after the compulsory first use, with nothing fallen to recruit, the
    question still read "resources: use another, or finish"; a player used three more and
    the log said "40 ranks of power unspent (lost)" each time (rule 18: no rank is saved).
    The question (the terminal's and the browser table's prompt) now says another use is
    lost; with a soldier fallen it asks as before."""
    s = bare()
    run_tasks(s, ("resources", 0))
    s.apply(0, FinishResources(True))  # the initial draw's one skip
    run_tasks(s, ("resources", 0))
    s.apply(0, next(a for a in s.legal_actions(0) if isinstance(a, UseResource)))
    assert events(s)[-1]["event"] == "unspent"
    obs = s.observation(0)
    assert FinishResources(False) in s.legal_actions(0)  # still legal to use another
    assert GAME.prompt(obs, 0) == "resources: none fallen; another use is lost: finish"
    assert "Decision for player 0: resources: none fallen; another use is lost: finish" in \
        GAME.render(s.observation(1), 1)
    # the browser table's "Your move: ..." is the frame's prompt
    assert view_frame(GAME, s, 0, 0, "g")["prompt"] == \
        "resources: none fallen; another use is lost: finish"
    s.field[0][0] -= 1  # a spearman fallen: another use recruits him
    assert GAME.prompt(s.observation(0), 0) == "resources: use another, or finish"


def test_a_cost_that_takes_its_own_armys_last_soldier_says_so_in_the_log(tmp_path):
    """Audit (stop 65): a strategy's cost took its player's last royal guard; the battle
    ended at once, the result said only "army destroyed" and the strategy's losses on the
    opponent never came. The cost's log line now says the card destroyed its own army and
    the battle ended (the outcome and its reason are unchanged)."""
    deck = quiet_deck(tmp_path, strategies=[{"name": "Last Stand", "effects": [
        {"kind": "cost", "unit": "royal_guards"}, {"kind": "losses", "ranks": 80}]}])
    s = bare(deck0=deck)
    s.field[0] = field({"royal_guards": 1})
    play_card(s, 0, "strategies", "Last Stand")
    outcome = s.outcome()
    assert outcome is not None and outcome.reason == "army destroyed" and outcome.winners == (1,)
    assert not events(s, "losses")  # the card's losses on the enemy never came
    said = ("Player 0 bears the cost: 1 royal guards card, its last soldier: its own card "
            "destroys its army; the battle ends")
    assert GAME.describe_event(events(s, "cost")[-1]) == said
    assert said in view_frame(GAME, s, 1, 0, "g")["log"]  # the browser table's log
    # Losses that take the last soldiers say so too; any other loss reads as before.
    s = bare()
    s.field[1] = field({"spearmen": 2})
    play_card(s, 0, "strategies", "Volley of Arrows")  # two spearmen
    assert GAME.describe_event(events(s, "losses")[-1]) == (
        "Player 1 loses 2 spearmen cards, its last soldiers: its army is destroyed; the "
        "battle ends")
    assert "last" not in GAME.describe_event(events(s, "cost")[-1])
