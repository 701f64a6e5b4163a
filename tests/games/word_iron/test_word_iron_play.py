"""Word & Iron: hidden information, the heuristic, rendering, the terminal and `warroom cards`."""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from word_iron_helpers import act, bare, new, quiet_deck, run_tasks, sample_data, write_deck

from warroom.cli import main
from warroom.engine import DataError
from warroom.games.word_iron import GAME
from warroom.games.word_iron.actions import (
    AnswerTruce,
    ChooseFirstAttacker,
    ChooseRoyal,
    FinishResources,
    NoTruceOffer,
    OfferTruce,
    UseResource,
)
from warroom.games.word_iron.deck import DATA_DIR, UNITS, Champion, card_text, load_deck
from warroom.games.word_iron.heuristic import SPENDTHRIFT, heuristic_action, recruit_plan
from warroom.games.word_iron.state import CHAMPION, STRATEGY, WORD
from warroom.sim.batch import BatchSpec, run_batch
from warroom.sim.summary import summarise

RG, KHC = UNITS.index("royal_guards"), UNITS.index("knighted_heavy_cavalry")


# --- hidden information -------------------------------------------------------------------------
def test_determinize_keeps_the_face_up_tops_and_resamples_what_nobody_has_seen():
    s = bare(3)
    orders, asides = set(), set()
    for k in range(20):
        d = s.determinize(0, random.Random(k))
        assert d.observation(0) == s.observation(0)
        for p in (0, 1):
            assert d.piles[p][STRATEGY][-1] == s.piles[p][STRATEGY][-1]
            assert sorted(d.piles[p][STRATEGY] + d.aside[p][STRATEGY]) == list(range(8))
            assert sorted(d.piles[p][CHAMPION]) == sorted(s.piles[p][CHAMPION])
        orders.add(tuple(d.piles[1][STRATEGY]))
        asides.add(tuple(sorted(d.aside[0][WORD])))
    assert len(orders) > 1 and len(asides) > 1


def test_determinize_keeps_strategies_seen_in_the_deck_after_a_reshuffle():
    s = bare(5)
    for _ in range(5):
        run_tasks(s, ("draw", 0, STRATEGY, False))
        while s.pending is not None:  # a tie between pikemen and archers, say
            act(s, s.legal_actions(s.to_move()[0])[0])
    cycle = sorted(s.piles[0][STRATEGY])
    for k in range(10):
        assert sorted(s.determinize(1, random.Random(k)).piles[0][STRATEGY]) == cycle


def test_decks_face_down_hide_the_top_card():
    s = new(0, decks_face_up=False)
    piles = s.observation(0)["players"][0]["piles"]
    assert piles["strategy"]["top"] is None and piles["chance"]["top"] is None
    s = new(0)
    assert s.observation(None)["players"][0]["piles"]["strategy"]["top"]


def test_observation_holds_no_deck_order():
    s = new(1)
    text = json.dumps(s.observation(0))
    strategies = [c.name for c in s.decks[0].strategies]
    below_top = [strategies[i] for i in s.piles[0][STRATEGY][:-1]]
    assert not any(name in text for name in below_top if name not in
                   (strategies[s.piles[0][STRATEGY][-1]],))


# --- the heuristic --------------------------------------------------------------------------------
def test_heuristic_recruit_plan_uses_the_round_up_rule():
    s = bare()
    s.field[0][KHC] = 1
    value, first = recruit_plan(s, 0, 100)
    assert value == 105 and first == KHC  # three knights with 100 ranks


def test_heuristic_recruits_the_cheaper_soldier_first_and_rounds_up_to_a_guard():
    s = bare()
    s.field[0][RG] = 0
    s.field[0][KHC] = 2
    run_tasks(s, ("recruit", 0, 40))
    while s.pending is not None:
        act(s, heuristic_action(s, 0, random.Random(0)))
    # a knight (35), then 5 ranks left: a partial amount that still brings a guard back
    assert s.field[0][KHC] == 3 and s.field[0][RG] == 1


def test_heuristic_skips_the_initial_resource_draw_with_nothing_fallen():
    s = bare()
    run_tasks(s, ("resources", 0))
    assert heuristic_action(s, 0, random.Random(0)) == FinishResources(True)


def test_heuristic_uses_one_resource_a_phase_against_a_deck_that_takes_hostages(tmp_path):
    for opponent, more in (("sample", False), (quiet_deck(tmp_path), True)):
        s = bare(deck1=opponent)
        s.field[0] = [0, 0, 0, 0, 0, 0, 0, 2]  # everything fell but the guards
        s.resource_phases[0] = 1  # past the initial draw (which the heuristic skips)
        run_tasks(s, ("resources", 0))
        act(s, heuristic_action(s, 0, random.Random(0)))
        while s.pending[0] == "recruit":
            act(s, heuristic_action(s, 0, random.Random(0)))
        choice = heuristic_action(s, 0, random.Random(0))
        assert (choice != FinishResources(False)) is more


def test_heuristic_takes_the_one_allowed_skip_even_with_soldiers_fallen():
    s = bare()
    s.field[0][KHC] = 1  # three knights fell in the first round
    run_tasks(s, ("resources", 0))  # the initial draw: the one a player may skip (rule 18)
    assert heuristic_action(s, 0, random.Random(0)) == FinishResources(True)
    # the rule of version 1 spent a use on them
    assert type(heuristic_action(s, 0, random.Random(0), SPENDTHRIFT)) is UseResource


def resources_after_losses(realm):
    """Player 0's second resource phase with all four knights fallen and this realm."""
    s = bare()
    s.field[0][KHC] = 0
    s.realm[0] = [(0, i, uses) for i, uses in realm]
    s.resource_phases[0] = 1  # the initial draw is past: a use is compulsory
    run_tasks(s, ("resources", 0))
    return s


def test_heuristic_keeps_a_cards_last_use_to_pay_a_ransom():
    river, pasture = 0, 5  # Navigable River 100 x1, Highland Pasture 30 x4
    s = resources_after_losses([(river, 1), (pasture, 4)])
    # The sample deck can take a hostage (Word of Binding): the River's one use is a ransom.
    assert heuristic_action(s, 0, random.Random(0)) == UseResource(1, "Highland Pasture", 30)
    assert heuristic_action(s, 0, random.Random(0), SPENDTHRIFT) == \
        UseResource(0, "Navigable River", 100)


def test_heuristic_spends_the_use_that_costs_the_realm_least_for_what_it_recruits():
    river, market = 0, 4  # Navigable River 100 x1, Market Town 70 x1: both last uses
    s = resources_after_losses([(river, 1), (market, 1)])
    # two knights for 70 ranks, against three (rounding up) for 100: the 100 stay in the realm
    assert heuristic_action(s, 0, random.Random(0)) == UseResource(1, "Market Town", 70)
    assert heuristic_action(s, 0, random.Random(0), SPENDTHRIFT) == \
        UseResource(0, "Navigable River", 100)


def test_heuristic_sues_for_peace_only_when_far_behind():
    s = bare()
    s.piles[0][WORD] = s.piles[1][WORD] = []
    run_tasks(s, ("truce",))
    assert heuristic_action(s, 0, random.Random(0)) == NoTruceOffer()
    s.field[0] = [1, 0, 0, 0, 0, 0, 0, 0]
    s.realm[0] = [(0, 0, 1), (0, 5, 4)]  # Navigable River 100 x1, Highland Pasture 30 x4
    s._legal = {}  # the position changed under the decision
    offer = heuristic_action(s, 0, random.Random(0))
    assert offer == OfferTruce(0, "Navigable River")  # the lesser: 100 against 4 x 30
    s.apply(0, offer)
    assert heuristic_action(s, 1, random.Random(0)) == AnswerTruce(False)  # far ahead


def test_heuristic_beats_random():
    spec = BatchSpec("word-iron", {}, ("heuristic", "random"), seed=5)
    summary = summarise(["heuristic", "random"], list(run_batch(spec, range(80))))
    assert summary["win_rate"][0] > 0.7


# --- rendering ----------------------------------------------------------------------------------
def test_every_event_has_a_description():
    for config in ({}, {"deck0": "raiders", "deck1": "raiders"}):
        for seed in range(6):
            s = new(seed, **config)
            rng = random.Random(seed)
            while not s.is_terminal():
                p = s.to_move()[0]
                acts = s.legal_actions(p)
                s.apply(p, acts[rng.randrange(len(acts))])
            for event in s.visible_log(None):
                assert GAME.describe_event(event) != str(event), event


def test_render_shows_realms_formations_decks_and_the_decision():
    s = new(2)
    act(s, ChooseRoyal("queen"))
    act(s, ChooseRoyal("king"))
    act(s, ChooseFirstAttacker(s.to_move()[0]))
    text = GAME.render(s.observation(1), 1)
    # both sides play the same deck: the unit key names it once, not each side's title
    assert "You: king" in text and "both sides: Sample starter deck" in text
    assert "Navigable River" in text or "Market Town" in text or "Iron Mine" in text
    # the formation row and the face-up top cards, in brackets after each deck's count
    assert "Royal guards" in text and "/2" in text and re.search(r"strategy \d \(\w", text)
    assert "Decision for" in text


# --- the terminal -------------------------------------------------------------------------------
def test_a_person_can_play_against_the_heuristic(monkeypatch, capsys):
    lines = ["?", "play as the queen"] + ["1"] * 4000
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["play", "word-iron", "--players", "human,heuristic", "--seed", "7"]) == 0
    out = capsys.readouterr().out
    assert "Word & Iron, Pitched Battle - rules summary" in out
    assert "Player 0 plays as the queen" in out and "Result:" in out


# --- warroom cards ------------------------------------------------------------------------------
def test_cards_validate_and_show(capsys):
    path = str(DATA_DIR / "raiders.yaml")
    assert main(["cards", "validate", path]) == 0
    assert capsys.readouterr().out.strip() == f"{path}: valid word-iron card file (Border Raiders)"
    assert main(["cards", "show", path]) == 0
    out = capsys.readouterr().out
    assert "Hostage Taking: cost: you lose 1 light cavalry card; take your opponent's king" in out
    assert "Plundered Gold: 120 ranks of power per use, 1 use" in out


def test_cards_show_says_a_cards_overlapping_benefits_are_used_one_after_the_other(capsys):
    """Audit (stop 48): rule 11, "When both champion cards benefits overlap, use up one of the
    champion cards benefits first then the next in whichever order you choose."

    The sample Castellan protects from one strategy and restores after one: the two are one
    family, used one after the other (README, ## Rulings (Benefits)), so the second covers
    the strategy after the first's. Its text said both covered "your opponent's next
    strategy"; now it says they come one after the other, from the next strategy, and neither
    is "the next" (the player may choose which goes first). The card's data is unchanged."""
    deck = load_deck(str(DATA_DIR / "sample.yaml"))
    castellan = next(c for c in deck.champions if c.name == "Castellan")
    assert [(e.kind, e.strategies) for e in castellan.effects] == [("protect", 1),
                                                                    ("restore", 1)]
    said = ("from your opponent's next strategy, one after the other: no losses from one "
            "strategy and your losses after one strategy are recruited at once")
    assert card_text(castellan) == said
    assert main(["cards", "show", "sample", "--game", "word-iron"]) == 0
    assert f"  Castellan: {said}\n" in capsys.readouterr().out
    # in general: any number of each, in any order, among other effects; a family's
    # benefits are said together where the first of them is
    champion = Champion.model_validate({"name": "Warden", "effects": [
        {"kind": "restore", "strategies": 2}, {"kind": "extra_draw", "deck": "chance"},
        {"kind": "protect", "strategies": 1}, {"kind": "empower", "turns": 1, "percent": 50},
        {"kind": "empower", "turns": 2, "percent": 25}]})
    assert card_text(champion) == (
        "from your opponent's next strategy, one after the other: your losses after 2 "
        "strategies are recruited at once and no losses from one strategy; draw another "
        "chance card; one after the other: your strategies cause 50% more losses for 1 turn "
        "and your strategies cause 25% more losses for 2 turns")
    # one benefit of a family alone keeps its words
    single = Champion.model_validate({"name": "Sentry", "effects": [
        {"kind": "protect", "strategies": 2}, {"kind": "empower", "turns": 1, "percent": 50}]})
    assert card_text(single) == ("no losses from your opponent's next 2 strategies; your "
                                 "strategies cause 50% more losses for 1 turn")


def test_cards_validate_takes_a_shipped_decks_name_as_play_does(tmp_path, capsys, monkeypatch):
    """`--set deck0=raiders` names a shipped deck; `cards validate raiders` found no file. A name
    only one game ships is that game's file; a name two games ship asks for --game."""
    monkeypatch.chdir(tmp_path)
    assert main(["cards", "validate", "raiders"]) == 0
    assert capsys.readouterr().out.strip() == "raiders: valid word-iron card file (Border Raiders)"
    assert main(["cards", "validate", "sample"]) == 2
    assert capsys.readouterr().err.strip() == (
        "warroom: error: sample: no such file; battle, viktory, viktory-ii and word-iron each "
        "ship a file of that name: say which with --game")
    assert main(["cards", "validate", "sample", "--game", "word-iron"]) == 0


@pytest.mark.parametrize("change, message", [
    (lambda d: d["words"][4]["effects"][0].update(turns="two"),
     "card 'Word of Fury' (words[4]), field effects[0].turns"),
    (lambda d: d.pop("game"), "no top-level 'game:' field"),
    (lambda d: d.update(game="go"), "game 'go' is not a registered game"),
    (lambda d: d["resources"][0].update(uses=5), "card 'Navigable River' (resources[0]), field"
                                                 " uses"),
])
def test_cards_validate_gives_one_line_naming_file_card_and_field(tmp_path, capsys, change,
                                                                   message):
    data = sample_data()
    change(data)
    path = write_deck(tmp_path, data)
    assert main(["cards", "validate", path]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and path in err and message in err


def test_defect_two_resources_of_one_name_are_refused(tmp_path):
    """Two resources named alike were accepted by `cards validate`, and then could not be
    tuned: `deck0:Fertile Valley.ranks` named two entries, and resources have no id."""
    data = sample_data()
    data["resources"][1]["name"] = data["resources"][0]["name"]
    path = write_deck(tmp_path, data)
    with pytest.raises(DataError) as info:
        load_deck(path)
    assert str(info.value) == (f"{path}: two resource cards are both named "
                               f"{data['resources'][0]['name']!r} (resources[0] and "
                               "resources[1]); every card needs a name of its own")


@pytest.mark.parametrize("old, new, message", [
    ("{kind: losses, ranks: 45}", "{kind: losses, ranks: 45, ranks: 900}",
     "not valid YAML (line 48, column 35): duplicate key 'ranks'"),
    ("name: Sample starter deck\n", "name: Sample starter deck\nname: Other\n",
     "not valid YAML (line 12, column 1): duplicate key 'name'"),
])
def test_defect_a_repeated_key_in_a_deck_is_refused_not_read_as_its_last_value(
        tmp_path, capsys, old, new, message):
    """`cards validate` called a deck with 'ranks: 45, ranks: 900' valid and `cards show`
    listed losses of 900 ranks: the last value won without a word."""
    text = (DATA_DIR / "sample.yaml").read_text()
    assert text.count(old) >= 1
    path = tmp_path / "deck.yaml"
    path.write_text(text.replace(old, new, 1))
    for command in ("validate", "show"):
        assert main(["cards", command, str(path)]) == 2
        captured = capsys.readouterr()
        assert captured.err == f"warroom: error: {path}: {message}\n" and "900" not in captured.out
    with pytest.raises(DataError, match=re.escape(message)):  # as a game's deck too
        load_deck(str(path))


def test_a_deck_error_names_the_file_as_given(tmp_path, capsys):
    """A field error named the deck by its resolved absolute path, where the README's example
    (and every other data file's error) names it as the user typed it."""
    from warroom.games.word_iron.deck import DATA_DIR

    text = (DATA_DIR / "sample.yaml").read_text()
    (tmp_path / "my-deck.yaml").write_text(text.replace("ranks: 10", "ranks: lots", 1))
    assert main(["cards", "validate", "my-deck.yaml"]) == 2  # the tests run in tmp_path
    assert capsys.readouterr().err.startswith("warroom: error: my-deck.yaml: card ")
