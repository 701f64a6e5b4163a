"""Word & Iron, Pitched Battle: a test (at least) for each of the 19 numbered rules, the deck
list, and the rulings of RULINGS.md and the game's README.

States are built precisely (word_iron_helpers.bare: set-up done, nothing scheduled) and cards
are resolved as if just drawn, or the game is driven with the actions a player would choose.
"""

from __future__ import annotations

import random

import pytest
import yaml
from word_iron_helpers import (
    act,
    bare,
    card_index,
    events,
    field,
    new,
    play_card,
    play_in_turn,
    quiet_deck,
    run_tasks,
    sample_data,
    write_deck,
)

from warroom.cli import main
from warroom.engine import ConfigError, DataError, IllegalAction
from warroom.games.word_iron import GAME
from warroom.games.word_iron.actions import (
    AnswerTruce,
    ChooseCasualty,
    ChooseFirstAttacker,
    ChooseRoyal,
    FinishResources,
    NoTruceOffer,
    OfferTruce,
    OrderBenefit,
    Recruit,
    TakeRansom,
    UseResource,
)
from warroom.games.word_iron.deck import DECK_LIST, UNITS, deck_warnings, load_deck
from warroom.games.word_iron.state import CHAMPION, STRATEGY, WORD, in_use

FULL = [count for _, _, count in DECK_LIST]
RG, KHC, LC, MAA, HI, ARCH, PIKE, SPEAR = (UNITS.index(u) for u in (
    "royal_guards", "knighted_heavy_cavalry", "light_cavalry", "men_at_arms", "heavy_infantry",
    "archers", "pikemen", "spearmen"))


def lost(s, p):
    """Cards fallen per unit name."""
    return {UNITS[u]: FULL[u] - n for u, n in enumerate(s.field[p]) if FULL[u] - n}


def strategy_deck(tmp_path, *effects_per_card, **sections):
    cards = [{"name": f"Card {i}", "effects": list(e)} for i, e in enumerate(effects_per_card)]
    return quiet_deck(tmp_path, strategies=cards, **sections)


# --- rule 1: rounding up, going up or down, highest unit first, royals are not units -----------
def test_rule_01_losses_start_from_the_highest_unit_one_card_per_unit(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 100}])
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "strategies", "Card 0")
    assert lost(s, 1) == {"royal_guards": 1, "knighted_heavy_cavalry": 1, "light_cavalry": 1}


def test_rule_01_losses_round_up_even_when_one_rank_is_left(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 76}])
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "strategies", "Card 0")
    # 40 + 35 = 75: one rank of power is left over, so the light cavalry falls too
    assert lost(s, 1) == {"royal_guards": 1, "knighted_heavy_cavalry": 1, "light_cavalry": 1}


def test_rule_01_no_more_than_one_card_from_each_unit(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 500}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1] = field({"royal_guards": 2, "knighted_heavy_cavalry": 4})
    play_card(s, 0, "strategies", "Card 0")
    assert s.field[1] == field({"royal_guards": 1, "knighted_heavy_cavalry": 3})


def test_rule_01_a_named_unit_that_is_gone_goes_up_one_unit(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "unit_losses", "unit": "archers"}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1][ARCH] = 0
    play_card(s, 0, "strategies", "Card 0")
    assert s.field[1][HI] == 2 and sum(s.field[1]) == 30 - 4 - 1


def test_rule_01_when_the_unit_above_is_gone_too_go_down(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "unit_losses", "unit": "archers"}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1][ARCH] = 0
    s.field[1][HI] = 0
    play_card(s, 0, "strategies", "Card 0")
    assert s.field[1][PIKE] == 3 and s.field[1][MAA] == 4


def test_rule_01_with_nothing_below_the_loss_lands_on_the_nearest_unit_above(tmp_path):
    # README ruling: the loss still lands while any soldier stands.
    deck = strategy_deck(tmp_path, [{"kind": "unit_losses", "unit": "spearmen"}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1] = field({"light_cavalry": 2, "royal_guards": 1})
    play_card(s, 0, "strategies", "Card 0")
    assert s.field[1] == field({"light_cavalry": 1, "royal_guards": 1})


def test_rule_01_each_card_of_a_unit_loss_goes_up_when_the_unit_runs_out(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "unit_losses", "unit": "heavy_infantry",
                                     "count": 3}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1][HI] = 1
    play_card(s, 0, "strategies", "Card 0")
    assert s.field[1][HI] == 0 and s.field[1][MAA] == 2


def test_rule_01_the_royal_is_not_a_military_unit(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 100}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1] = field({"spearmen": 1})
    play_card(s, 0, "strategies", "Card 0")
    # the king still sits behind the army, but no soldier is left: the army is defeated
    assert s.is_terminal() and s.outcome().winners == (0,)


def test_rule_01_equal_ranks_and_one_falls_the_owner_chooses(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 10}],
                         [{"kind": "losses", "ranks": 20}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1] = field({"pikemen": 2, "archers": 2, "spearmen": 2})
    play_card(s, 0, "strategies", "Card 0")
    assert s.to_move() == (1,)
    assert {a.unit for a in s.legal_actions(1)} == {"pikemen", "archers"}
    s.apply(1, ChooseCasualty("archers"))
    assert s.field[1] == field({"pikemen": 2, "archers": 1, "spearmen": 2})
    # with enough losses for both, both fall and nobody is asked
    play_card(s, 0, "strategies", "Card 1")
    assert s.pending is None
    assert s.field[1] == field({"pikemen": 1, "archers": 0, "spearmen": 2})


def test_rule_01_equal_ranks_and_not_all_fall_the_owner_chooses_each_that_does(tmp_path):
    """Three units tied in ranks (a custom deck) and losses for two: the owner picks both,
    one at a time, not only the last of them."""
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 30}])
    data = yaml.safe_load(open(deck))
    for soldier in data["soldiers"]:
        if soldier["unit"] == "heavy_infantry":
            soldier["ranks"] = 15
    deck = write_deck(tmp_path, data, "tied.yaml")
    s = bare(deck0=deck, deck1=deck)
    s.field[1] = field({"heavy_infantry": 1, "archers": 1, "pikemen": 1, "spearmen": 1})
    play_card(s, 0, "strategies", "Card 0")
    assert s.to_move() == (1,)
    assert {a.unit for a in s.legal_actions(1)} == {"heavy_infantry", "archers", "pikemen"}
    s.apply(1, ChooseCasualty("pikemen"))
    assert {a.unit for a in s.legal_actions(1)} == {"heavy_infantry", "archers"}
    s.apply(1, ChooseCasualty("heavy_infantry"))
    assert s.pending is None
    assert s.field[1] == field({"archers": 1, "spearmen": 1})


# --- rule 2: king or queen -------------------------------------------------------------------
def test_rule_02_the_other_royal_joins_the_champion_deck():
    s = new(4)
    s.apply(0, ChooseRoyal("king"))
    s.apply(1, ChooseRoyal("queen"))
    for p, own, other in ((0, "king", "queen"), (1, "queen", "king")):
        deck = s.decks[p]
        held = s.piles[p][CHAMPION] + s.champions[p]
        assert sorted(held) == [i for i in range(10) if i != deck.royal_card(own)]
        assert deck.royal_card(other) in held
        assert s.royal[p] == own


def test_rule_02_your_own_royal_card_gives_no_benefit(tmp_path):
    """Audit (stop 47): in the five games this test used to play the King was never drawn,
    so it passed with the own royal left in the champion deck. Now the deck's contents are
    checked, and then the whole champion deck is drawn through (every card resolved): no draw
    may be the King or give its benefit, and the Queen's (the other royal's) draw is seen."""
    champions = [{"name": "King", "royal": "king", "effects": [{"kind": "protect",
                                                                   "strategies": 5}]},
                 {"name": "Queen", "royal": "queen"}]
    deck = quiet_deck(tmp_path, champions=champions)
    for seed in range(5):  # chosen as a player would choose it
        s = new(seed, deck0=deck, deck1=deck)
        act(s, ChooseRoyal("king"))
        act(s, ChooseRoyal("king"))
        for p in (0, 1):
            king = card_index(s, p, "champions", "King")
            assert king not in s.piles[p][CHAMPION] + s.champions[p]
            assert len(s.piles[p][CHAMPION]) + len(s.champions[p]) == 9
    drawn = []
    for seed in range(3):  # the champion deck drawn to its end
        s = bare(seed, deck0=deck, deck1=deck)
        for p in (0, 1):
            while s.piles[p][CHAMPION]:
                run_tasks(s, ("draw", p, CHAMPION, False))
            names = [s.cards(p, CHAMPION)[i].name for i in s.champions[p]]
            drawn += names
            assert len(names) == 9 and "King" not in names and "Queen" in names
            assert s.married[p]  # the other royal, drawn, marries
        assert all(b[1] != "King" for b in s.benefits[0] + s.benefits[1])
    assert len(drawn) == 2 * 3 * 9  # every draw was checked


# --- rule 3: the two ways to win, hostages and ransom -----------------------------------------
def test_rule_03_destroying_the_whole_army_wins(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 30}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1] = field({"light_cavalry": 1, "spearmen": 1})
    play_card(s, 0, "strategies", "Card 0")
    assert not s.is_terminal()  # 30 ranks: the light cavalry falls, the spearman stands
    s.field[1] = field({"spearmen": 1})
    play_card(s, 0, "strategies", "Card 0")
    assert s.outcome().winners == (0,) and s.outcome().reason == "army destroyed"


def test_rule_03_a_hostage_that_cannot_be_ransomed_loses_the_battle(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "capture"}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1][RG] = 0
    s.realm[1] = [(o, i, 0) for o, i, _ in s.realm[1]]  # every resource depleted
    play_card(s, 0, "strategies", "Card 0")
    assert s.outcome().winners == (0,) and s.outcome().reason == "royal not ransomed"


def test_rule_03_the_captor_chooses_the_ransom_and_its_uses_start_over(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "capture"}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1][RG] = 0
    pasture = card_index_resource(s, "Highland Pasture")  # 4 uses
    river = card_index_resource(s, "Navigable River")
    s.realm[1] = [(1, river, 0), (1, pasture, 1)] + s.realm[1][2:]
    play_card(s, 0, "strategies", "Card 0")
    assert s.to_move() == (0,)  # the captor decides
    slots = [a.slot for a in s.legal_actions(0)]
    assert slots == [1, 2, 3]  # a depleted resource cannot pay a ransom
    s.apply(0, TakeRansom(1, "Highland Pasture"))
    assert s.realm[0][-1] == (1, pasture, 4)  # the receiver's to keep, its uses started over
    assert len(s.realm[1]) == 3 and len(s.realm[0]) == 5
    assert not s.is_terminal()  # the royal returns


def test_rule_03_ruling_no_hostage_while_a_royal_guard_stands(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "capture"}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1] = field({"royal_guards": 1, "spearmen": 1})
    play_card(s, 0, "strategies", "Card 0")
    assert s.pending is None and events(s, "capture_failed")
    s = bare(deck0=deck, deck1=deck, capture_needs_no_royal_guards=False)
    play_card(s, 0, "strategies", "Card 0")
    assert s.pending[0] == "ransom"


# --- rule 4: the wagered prize ----------------------------------------------------------------
def test_rule_04_the_winner_receives_the_prize(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 30}])
    s = bare(deck0=deck, deck1=deck, prize="the Iron Crown")
    s.field[0] = field({"spearmen": 1})
    play_card(s, 1, "strategies", "Card 0")
    details = s.outcome().details
    assert details == {"prize": "the Iron Crown", "prize_to": 1}


# --- rule 5: soldier types and the numbers allotted cannot change ----------------------------
def test_rule_05_a_deck_must_allot_the_listed_numbers(tmp_path):
    data = sample_data()
    data["soldiers"][0]["count"] = 6
    data["soldiers"][1]["count"] = 3
    with pytest.raises(DataError, match="allots 5 spearmen"):
        load_deck(write_deck(tmp_path, data))


def test_rule_05_recruitment_never_exceeds_the_allotted_number():
    s = bare()
    s.field[0][LC] = 3
    run_tasks(s, ("recruit", 0, 200))
    assert [a.unit for a in s.legal_actions(0)] == ["light_cavalry"]
    s.apply(0, Recruit("light_cavalry", 30))
    assert s.field[0] == FULL and s.pending is None and events(s, "unspent")


# --- rule 6: resources, the realm and recruitment ---------------------------------------------
def test_rule_06_the_realm_has_four_resources_five_for_the_tournament_winner():
    s = new(0)
    assert [len(r) for r in s.realm] == [4, 4]
    s = new(0, grand_tournament_winner=1)
    assert [len(r) for r in s.realm] == [4, 5]
    names = [s.resource(e).name for e in s.realm[1]]
    assert len(set(names)) == 5  # five different cards of the 8


def test_rule_06_navigable_river_recruits_three_knighted_heavy_cavalry():
    """The text's example: 100 ranks, three knights at 35: the third is a partial amount."""
    s = bare()
    river = card_index_resource(s, "Navigable River")
    s.realm[0] = [(0, river, 1)]
    s.field[0][KHC] = 1
    run_tasks(s, ("resources", 0))
    s.apply(0, UseResource(0, "Navigable River", 100))
    for _ in range(3):
        s.apply(0, Recruit("knighted_heavy_cavalry", 35))
    assert s.field[0][KHC] == 4 and s.realm[0] == [(0, river, 0)]
    assert s.pending is None


def card_index_resource(s, name):
    return [r.name for r in s.decks[0].resources].index(name)


def test_rule_06_any_fallen_type_may_be_recruited_and_a_use_turns_the_card():
    s = bare()
    s.field[0][SPEAR] = 3
    s.field[0][RG] = 1
    forest = card_index_resource(s, "Great Forest")
    s.realm[0] = [(0, forest, 3)]
    run_tasks(s, ("resources", 0))
    s.apply(0, UseResource(0, "Great Forest", 40))
    assert s.realm[0][0][2] == 2
    assert {a.unit for a in s.legal_actions(0)} == {"spearmen", "royal_guards"}
    s.apply(0, Recruit("royal_guards", 40))  # exactly the 40: nothing left over
    assert s.field[0][SPEAR] == 3 and s.field[0][RG] == 2 and s.pending is None


def test_rule_06_soldiers_are_recruited_only_when_some_have_fallen():
    s = bare()
    run_tasks(s, ("recruit", 0, 50))
    assert s.pending is None and events(s, "unspent")[-1]["ranks"] == 50


# --- rule 7: the battle formation -------------------------------------------------------------
def test_rule_07_all_thirty_soldiers_start_on_the_field():
    s = new(0)
    for p in (0, 1):
        assert s.field[p] == FULL and sum(s.field[p]) == 30
        assert s.army(p) == sum(r * n for _, r, n in DECK_LIST) == 670


# --- rule 8: the strategy deck, losses and costs ------------------------------------------------
def test_rule_08_a_strategy_deck_of_five_the_rest_aside():
    s = new(0)
    for p in (0, 1):
        assert len(s.piles[p][STRATEGY]) == 5 and len(s.aside[p][STRATEGY]) == 3
        assert sorted(s.piles[p][STRATEGY] + s.aside[p][STRATEGY]) == list(range(8))


def test_rule_08_the_strategy_deck_is_reshuffled_after_its_last_card(tmp_path):
    deck = quiet_deck(tmp_path)
    s = bare(deck0=deck, deck1=deck)
    five = sorted(s.piles[0][STRATEGY])
    for i in range(5):
        run_tasks(s, ("draw", 0, STRATEGY, False))
        assert len(s.piles[0][STRATEGY]) == (4 - i if i < 4 else 5)
    assert sorted(s.piles[0][STRATEGY]) == five and s.discard[0][STRATEGY] == []
    assert events(s, "reshuffle")


def test_rule_08_eighty_below_royal_guards(tmp_path):
    """The text's example: start below the royal guards, one card per unit, round up."""
    s = bare()
    play_card(s, 0, "strategies", "Cavalry Charge")
    # 35 + 30 = 65, 15 left over: the men at arms (25) still fall
    assert lost(s, 1) == {"knighted_heavy_cavalry": 1, "light_cavalry": 1, "men_at_arms": 1}
    assert lost(s, 0) == {"light_cavalry": 1}  # the cost of deploying the charge


def test_rule_08_below_a_unit_unless_it_is_the_only_one_left(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 50, "below": "royal_guards"}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1] = field({"royal_guards": 2, "spearmen": 1})
    play_card(s, 0, "strategies", "Card 0")
    assert s.field[1] == field({"royal_guards": 2})  # only below the guards
    play_card(s, 0, "strategies", "Card 0")
    assert s.field[1] == field({"royal_guards": 1})  # the only unit left: no longer excluded


def test_rule_08_the_deploying_side_goes_up_when_its_unit_is_gone():
    s = bare()
    s.field[0][PIKE] = 0
    play_card(s, 0, "strategies", "Pike Square")  # costs one pikeman
    assert lost(s, 0) == {"pikemen": 4, "archers": 1}


def test_rule_08_the_deploying_side_goes_down_when_the_unit_above_is_gone_too():
    """"If you do not have any of the units referenced in the strategy card left to deploy
    that specific strategy you also will go up ... unless the higher unit is no longer on the
    field of battle. In this instance you will go down in military units." (rule 8)"""
    s = bare()
    s.field[0][PIKE] = 0
    s.field[0][ARCH] = 0
    play_card(s, 0, "strategies", "Pike Square")  # costs one pikeman
    assert lost(s, 0) == {"pikemen": 4, "archers": 4, "spearmen": 1}  # not heavy infantry


def test_rule_08_costs_in_ranks_round_up_for_the_deploying_side(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "cost", "ranks": 20}])
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "strategies", "Card 0")
    assert lost(s, 0) == {"royal_guards": 1}


# --- rule 9: the chance deck ----------------------------------------------------------------
def test_rule_09_a_chance_deck_of_eight_reshuffled_when_spent(tmp_path):
    deck = quiet_deck(tmp_path)
    s = bare(deck0=deck, deck1=deck)
    assert sorted(s.piles[0][1]) == list(range(8))
    for _ in range(8):
        run_tasks(s, ("draw", 0, 1, False))
    assert sorted(s.piles[0][1]) == list(range(8)) and events(s, "reshuffle")


def test_rule_09_a_unit_named_by_a_chance_card_that_is_gone_goes_down(tmp_path):
    deck = quiet_deck(tmp_path, chance=[{"name": "Mutiny", "effects": [
        {"kind": "unit_losses", "unit": "archers", "target": "self"}]}])
    s = bare(deck0=deck, deck1=deck)
    s.field[0][ARCH] = 0
    play_card(s, 0, "chance", "Mutiny")
    assert lost(s, 0) == {"archers": 4, "pikemen": 1}  # not the heavy infantry above


def test_rule_09_a_chance_cards_cost_naming_a_unit_that_is_gone_goes_down_too(tmp_path):
    """A cost of a chance card went up like a strategy's; rule 9 is about the chance card,
    whatever its effect."""
    deck = quiet_deck(tmp_path, chance=[{"name": "Desertion", "effects": [
        {"kind": "cost", "unit": "archers"}]}])
    s = bare(deck0=deck, deck1=deck)
    s.field[0][ARCH] = 0
    play_card(s, 0, "chance", "Desertion")
    assert lost(s, 0) == {"archers": 4, "pikemen": 1}


def test_rule_09_chance_effects_are_rounded_up_whether_they_aid_or_harm(tmp_path):
    """"Whether the effects of the chance cards aid or harm your war effort, the effects are
    rounded up when the numerical value listed in ranks of power do not match exactly": losses
    of 41 ranks take the royal guard (40) and, for the one rank left, the knighted heavy
    cavalry too; 5 ranks recruited bring back a whole spearman (10)."""
    deck = quiet_deck(tmp_path, chance=[
        {"name": "Ambush", "effects": [{"kind": "losses", "ranks": 41}]},
        {"name": "Volunteers", "effects": [{"kind": "recruit", "ranks": 5}]}])
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "chance", "Ambush")
    assert lost(s, 1) == {"royal_guards": 1, "knighted_heavy_cavalry": 1}
    s.field[0][SPEAR] = 3
    play_card(s, 0, "chance", "Volunteers")
    assert [a.unit for a in s.legal_actions(0)] == ["spearmen"]
    s.apply(0, Recruit("spearmen", 10))
    assert s.field[0][SPEAR] == 4 and s.pending is None


# --- rule 10: Word of Power and the truce -----------------------------------------------------
def test_rule_10_a_word_of_power_deck_of_three_never_reshuffled(tmp_path):
    deck = quiet_deck(tmp_path)
    s = bare(deck0=deck, deck1=deck)
    assert len(s.piles[0][WORD]) == 3 and len(s.aside[0][WORD]) == 5
    for _ in range(4):
        run_tasks(s, ("draw", 0, WORD, False))
    assert s.piles[0][WORD] == [] and len(s.discard[0][WORD]) == 3


def test_options_set_the_realm_and_the_strategy_and_word_decks_and_their_reshuffle(tmp_path):
    """README, options: `realm_size`, `strategy_deck_size` and `word_deck_size` change the 4,
    5 and 3 of rules 6, 8 and 10 (the audit of stop 40 found no test naming them). The
    strategy deck is reshuffled when its last card of the set size is drawn; the Word of
    Power deck still is not."""
    deck = quiet_deck(tmp_path)
    s = bare(deck0=deck, deck1=deck, realm_size=2, grand_tournament_winner=0,
             strategy_deck_size=2, word_deck_size=7)
    assert [len(r) for r in s.realm] == [3, 2]
    for p in (0, 1):
        assert len(s.piles[p][STRATEGY]) == 2 and len(s.aside[p][STRATEGY]) == 6
        assert len(s.piles[p][WORD]) == 7 and len(s.aside[p][WORD]) == 1
    two = sorted(s.piles[0][STRATEGY])
    for _ in range(2):
        run_tasks(s, ("draw", 0, STRATEGY, False))
    assert sorted(s.piles[0][STRATEGY]) == two and events(s, "reshuffle")
    for _ in range(8):
        run_tasks(s, ("draw", 0, WORD, False))
    assert s.piles[0][WORD] == [] and len(s.discard[0][WORD]) == 7


def word_spent(tmp_path):
    deck = quiet_deck(tmp_path)
    s = bare(deck0=deck, deck1=deck)
    for p in (0, 1):
        s.piles[p][WORD] = s.piles[p][WORD][:1]
    run_tasks(s, ("words",))
    return s


def test_rule_10_after_both_cycle_their_words_either_may_sue_for_peace(tmp_path):
    s = word_spent(tmp_path)
    assert s.pending[0] == "truce_offer" and s.to_move() == (0,)
    offers = s.legal_actions(0)
    assert NoTruceOffer() in offers and len(offers) == 5
    s.apply(0, NoTruceOffer())
    assert s.pending[0] == "truce_offer" and s.to_move() == (1,)


def test_rule_10_an_accepted_truce_ends_the_battle_and_the_resource_changes_hands(tmp_path):
    s = word_spent(tmp_path)
    offer = s.legal_actions(0)[2]
    assert isinstance(offer, OfferTruce)
    s.apply(0, offer)
    assert s.to_move() == (1,)
    s.apply(1, AnswerTruce(True))
    out = s.outcome()
    assert out.winners == () and out.reason == "truce" and out.details["paid_by"] == 0
    assert len(s.realm[0]) == 3 and s.resource(s.realm[1][-1]).name == offer.name


def test_rule_10_a_declined_truce_sets_the_words_aside(tmp_path):
    s = word_spent(tmp_path)
    s.apply(0, s.legal_actions(0)[0])
    s.apply(1, AnswerTruce(False))
    s.apply(1, NoTruceOffer())
    assert s.words_aside and s.pending is None
    drawn = len(events(s, "draw"))
    run_tasks(s, ("words",))
    assert len(events(s, "draw")) == drawn


def test_rule_10_only_a_resource_with_a_use_left_is_offered(tmp_path):
    deck = quiet_deck(tmp_path)
    s = bare(deck0=deck, deck1=deck)
    for p in (0, 1):
        s.piles[p][WORD] = []
    s.realm[0] = [(o, i, 0) for o, i, _ in s.realm[0][:-1]] + s.realm[0][-1:]
    run_tasks(s, ("truce",))
    assert [type(a).__name__ for a in s.legal_actions(0)] == ["OfferTruce", "NoTruceOffer"]


def test_rule_10_effects_of_word_of_power_cards_are_rounded_up(tmp_path):
    """Rule 10: "Effects of these cards are rounded up when the numerical value listed in
    ranks of power does not match exactly." A Word of Power that empowers strategies by 50 %
    makes a strategy of 27 ranks 40.5: rounded up to 41, the royal guard (40) falls and the
    one rank left over fells the knighted heavy cavalry too (rounded down, or to the nearest
    even number, 40 would take the guard alone)."""
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 27}], words=[
        {"name": "Word of Fury", "effects": [{"kind": "empower", "turns": 1, "percent": 50}]}])
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "strategies", "Card 0")
    assert lost(s, 1) == {"royal_guards": 1}  # 27 ranks, without the word
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "words", "Word of Fury")
    play_in_turn(s, 0, "strategies", "Card 0")
    assert lost(s, 1) == {"royal_guards": 1, "knighted_heavy_cavalry": 1}


# --- rule 11: champions -------------------------------------------------------------------------
def test_rule_11_one_champion_is_drawn_face_up():
    s = new(2)
    act(s, ChooseRoyal("king"))
    act(s, ChooseRoyal("queen"))
    for p in (0, 1):
        assert 1 <= len(s.champions[p]) <= 2
        names = s.observation(1 - p)["players"][p]["champions"]
        assert names == [s.decks[p].champions[i].name for i in s.champions[p]]


def test_rule_11_drawing_the_other_royal_marries_you_and_draws_another():
    s = bare()
    queen = s.decks[0].royal_card("queen")
    marshal = card_index(s, 0, "champions", "Marshal of the Field")
    pile = s.piles[0][CHAMPION]
    pile.remove(queen)
    pile.remove(marshal)
    pile += [marshal, queen]  # the queen on top, the marshal under her
    s._draw_champion(0, resolve=False)
    assert s.married[0] and s.champions[0] == [queen, marshal]


def test_rule_11_a_queen_drawing_the_king_marries_him_draws_another_and_he_is_the_hostage(
        tmp_path):
    """"The same is true if you are playing as a queen and you draw a king. ... He will be the
    one who is taken hostage for ransom from now on ... You may draw another champion in
    addition to your king." (rule 11)"""
    deck = quiet_deck(tmp_path, strategies=[{"name": "Raid", "effects": [{"kind": "capture"}]}])
    s = bare(deck0=deck, deck1=deck)
    s.royal[1] = "queen"
    king, queen = (s.decks[1].royal_card(r) for r in ("king", "queen"))
    other = card_index(s, 1, "champions", "Quiet 0")
    pile = s.piles[1][CHAMPION]
    for card in (king, queen, other):
        if card in pile:
            pile.remove(card)
    pile += [other, king]  # the king on top, another champion under him
    s._draw_champion(1, resolve=False)
    assert s.married[1] and s.champions[1] == [king, other]
    s.field[1][RG] = 0
    play_card(s, 0, "strategies", "Raid")
    assert events(s, "capture")[-1]["royal"] == "king"


def test_rule_11_benefits_that_do_not_overlap_apply_together(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 40}], champions=[
        {"name": "King", "royal": "king"},
        {"name": "Queen", "royal": "queen", "effects": [{"kind": "protect", "strategies": 2}]},
        {"name": "Marshal", "effects": [{"kind": "empower", "turns": 1, "percent": 50}]}])
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "champions", "Queen")
    play_card(s, 0, "champions", "Marshal")
    play_card(s, 1, "strategies", "Card 0")
    assert lost(s, 0) == {}  # protected
    play_in_turn(s, 0, "strategies", "Card 0")  # empowered at the same time: 60 ranks
    assert lost(s, 1) == {"royal_guards": 1, "knighted_heavy_cavalry": 1}


def test_rule_11_overlapping_benefits_are_used_one_after_the_other_in_the_order_chosen(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "losses", "ranks": 40}], champions=[
        {"name": "King", "royal": "king"},
        {"name": "Queen", "royal": "queen", "effects": [{"kind": "protect", "strategies": 1}]},
        {"name": "Chaplain", "effects": [{"kind": "restore", "strategies": 1}]}])
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "champions", "Queen")
    play_card(s, 0, "champions", "Chaplain")
    assert s.to_move() == (0,) and len(s.legal_actions(0)) == 2
    s.apply(0, OrderBenefit("restore", "Chaplain", 1, 0))
    play_card(s, 1, "strategies", "Card 0")  # the Chaplain's: the guard falls, and returns
    assert lost(s, 0) == {} and events(s, "restore")
    assert [b[1] for b in s.benefits[0]] == ["Queen"]
    play_card(s, 1, "strategies", "Card 0")  # then the Queen's protection
    assert lost(s, 0) == {} and events(s, "protected") and s.benefits[0] == []
    play_card(s, 1, "strategies", "Card 0")
    assert lost(s, 0) == {"royal_guards": 1}


def test_rule_11_the_opponent_bears_its_cost_even_when_you_are_protected(tmp_path):
    s = bare()
    s.benefits[1] = [("protect", "Queen", 1, 1, 0)]
    play_card(s, 0, "strategies", "Cavalry Charge")
    assert lost(s, 1) == {} and lost(s, 0) == {"light_cavalry": 1}
    assert s.benefits[1] == []


def test_rule_11_opposing_benefits_the_coin_toss_winner_uses_its_own_first(tmp_path):
    deck = strategy_deck(tmp_path, *[[{"kind": "losses", "ranks": 40}]] * 8)
    s = bare(deck0=deck, deck1=deck)  # player 0 won the coin toss
    s.benefits[0] = [("protect", "Queen", 1, 1, 0)]
    s.benefits[1] = [("empower", "Marshal", 1, 1, 50)]
    run_tasks(s, ("turn_start", 1), ("draw", 1, STRATEGY, False), ("turn_end", 1))
    assert events(s, "protected")  # player 0's protection first
    assert lost(s, 0) == {}  # and player 1's empowering waits, unused
    assert s.benefits[1] == [("empower", "Marshal", 1, 1, 50)]
    play_in_turn(s, 1, "strategies", "Card 0")  # its next turn is empowered: 60 ranks
    assert lost(s, 0) == {"royal_guards": 1, "knighted_heavy_cavalry": 1}
    # the other way round: the coin toss winner's empowering goes first, protection waits
    s = bare(deck0=deck, deck1=deck)
    s.benefits[0] = [("empower", "Marshal", 1, 1, 50)]
    s.benefits[1] = [("protect", "Queen", 1, 1, 0)]
    play_in_turn(s, 0, "strategies", "Card 0")
    assert lost(s, 1) == {"royal_guards": 1, "knighted_heavy_cavalry": 1}
    assert s.benefits[1] == [("protect", "Queen", 1, 1, 0)]



def test_rule_11_the_benefit_in_use_is_the_first_of_its_family_and_shown_so(tmp_path):
    # Told by place, not identity (a compiled build hands out equal copies of a benefit):
    # of two equal protections only the first is in use.
    deck = strategy_deck(tmp_path, *[[{"kind": "losses", "ranks": 40}]] * 8)
    s = bare(deck0=deck, deck1=deck)  # player 0 won the coin toss
    twice = ("protect", "Queen", 2, 2, 0)
    s.benefits[0] = [twice, twice, ("empower", "Marshal", 1, 1, 50)]
    s.benefits[1] = [("empower", "Marshal", 1, 1, 50)]
    assert in_use(s.benefits, 0, s.coin_winner) == [True, False, True]
    # player 1's empowering waits for the coin toss winner's protection
    assert in_use(s.benefits, 1, s.coin_winner) == [False]
    shown = [[b["active"] for b in seat["benefits"]] for seat in s.observation(0)["players"]]
    assert shown == [[True, False, True], [False]]


def test_rule_11_the_kings_example_losses_are_recruited_at_once():
    s = bare()
    s.benefits[1] = [("restore", "The King", 5, 5, 0)]
    play_card(s, 0, "strategies", "Knights' Lance")
    assert lost(s, 1) == {} and s.benefits[1][0][3] == 4
    assert events(s, "losses")[-1]["units"] and events(s, "restore")


def test_rule_11_with_a_king_and_a_queen_only_the_king_is_taken(tmp_path):
    deck = strategy_deck(tmp_path, [{"kind": "capture"}])
    s = bare(deck0=deck, deck1=deck)
    s.royal[1] = "queen"
    s.married[1] = True
    s.field[1][RG] = 0
    play_card(s, 0, "strategies", "Card 0")
    assert events(s, "capture")[-1]["royal"] == "king"
    s.apply(0, s.legal_actions(0)[0])  # the ransom
    s.married[1] = False
    play_card(s, 0, "strategies", "Card 0")
    assert events(s, "capture")[-1]["royal"] == "queen"


# --- rule 12: the table -------------------------------------------------------------------------
@pytest.mark.parametrize("deck", ["sample", "raiders"])
def test_rule_08_and_11_no_shipped_champion_partakes_in_direct_combat(deck):
    cards = load_deck(deck)
    fights = [(c.name, e.kind) for c in cards.champions for e in c.effects
              if e.kind == "capture" or (e.kind in ("losses", "unit_losses")
                                         and e.target == "opponent")]
    assert fights == []
    assert deck_warnings(cards) == []


@pytest.mark.parametrize("deck, name, kind", [
    ("sample", "Royal Engineer", "protect"),  # fieldworks, not a bombardment
    ("raiders", "Chief Raider", "empower"),  # plans the raids, does not ride in them
    ("raiders", "Pretender", "restore"),  # wins men to his cause, takes no hostage
])
def test_rule_11_champions_that_used_to_fight_now_give_a_benefit(deck, name, kind):
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "champions", name)
    assert [b[0] for b in s.benefits[0]] == [kind]
    assert s.field[1] == FULL and s.royal[1] == "king" and not events(s, "capture")


def test_rule_08_and_11_cards_validate_warns_about_a_champion_that_fights(tmp_path, capsys):
    data = sample_data()
    data["champions"][7] = {"name": "Royal Engineer", "effects": [
        {"kind": "protect", "strategies": 1}, {"kind": "losses", "ranks": 40}]}
    data["champions"][8] = {"name": "Pretender", "effects": [{"kind": "capture"}]}
    data["champions"][9] = {"name": "Bad Omen", "effects": [  # harms its own side: no fight
        {"kind": "unit_losses", "unit": "spearmen", "target": "self"}]}
    path = write_deck(tmp_path, data)
    assert main(["cards", "validate", path]) == 0  # a warning: rule 1 lets a card say so
    out, err = capsys.readouterr()
    assert out.strip() == f"{path}: valid word-iron card file (Sample starter deck)"
    lines = err.splitlines()
    assert len(lines) == 2 and all(line.startswith(f"warroom: warning: {path}: ")
                                   for line in lines)
    assert "card 'Royal Engineer' (champions[7]), field effects[1].kind: a champion inflicts " \
           "losses" in lines[0] and "rules 8 and 11" in lines[0]
    assert "card 'Pretender' (champions[8]), field effects[0].kind: a champion takes a " \
           "hostage" in lines[1]
    # such a deck still plays: the warning changes nothing
    s = bare(deck0=path)
    play_card(s, 0, "champions", "Royal Engineer")
    assert sum(s.field[1]) < sum(FULL)


def test_rule_12_realm_army_and_decks_from_left_to_right_royals_below():
    s = new(1)
    act(s, ChooseRoyal("king"))
    act(s, ChooseRoyal("queen"))
    text = GAME.render(s.observation(0), 0)
    first = text.split("Player 1")[0]
    assert first.index("Realm:") < first.index("Army:") < first.index("Decks:")
    lines = first.splitlines()
    at = next(i for i, line in enumerate(lines) if "Decks:" in line)
    deck_line = lines[at]  # with the lines it goes on to, broken to fit the terminal
    for line in lines[at + 1:]:
        if not line.startswith("      "):
            break
        deck_line += " " + line.strip()
    assert deck_line.index("strategy") < deck_line.index("chance") < deck_line.index("Word")
    title = next(line for line in first.splitlines() if line.startswith("You"))
    assert "king" in title and "champions:" in title


# --- rule 13: the coin toss -------------------------------------------------------------------
def test_rule_13_the_coin_toss_winner_chooses_who_attacks_first():
    winners = set()
    for seed in range(8):
        s = new(seed)
        act(s, ChooseRoyal("king"))
        act(s, ChooseRoyal("king"))
        winner = events(s, "coin")[0]["winner"]
        winners.add(winner)
        assert s.to_move() == (winner,)
        assert set(s.legal_actions(winner)) == {ChooseFirstAttacker(0), ChooseFirstAttacker(1)}
        s.apply(winner, ChooseFirstAttacker(1 - winner))
        assert s.order == (1 - winner, winner)
    assert winners == {0, 1}


def test_rule_13_a_champion_read_at_set_up_attacks_no_sooner_than_the_battle(tmp_path):
    """The coin toss winner chooses who is first to attack (rule 13) and attacks start with
    the strategy draws (rule 15): an extra draw a champion grants when read at set-up (rule 14)
    waits for the holder's first regular draw of that deck."""
    champions = [{"name": "King", "royal": "king"}, {"name": "Queen", "royal": "queen"}] + [
        {"name": f"Horse Lord {i}", "effects": [{"kind": "extra_draw", "deck": "strategy"},
                                                {"kind": "extra_draw", "deck": "chance"}]}
        for i in range(8)]
    deck = quiet_deck(tmp_path, champions=champions, strategies=[
        {"name": "Card", "effects": [{"kind": "losses", "ranks": 10}]}])
    for first in (0, 1):
        s = new(3, deck0=deck, deck1=deck)
        act(s, ChooseRoyal("king"))
        act(s, ChooseRoyal("king"))
        act(s, ChooseFirstAttacker(first))
        kinds = [e["event"] for e in events(s)]
        draws = [(e["deck"], e["player"], e["extra"]) for e in events(s, "draw")]
        assert kinds.index("round") < kinds.index("draw")  # nothing drawn at set-up
        assert draws[:8] == [("strategy", first, False), ("strategy", first, True),
                             ("strategy", 1 - first, False), ("strategy", 1 - first, True),
                             ("chance", first, False), ("chance", first, True),
                             ("chance", 1 - first, False), ("chance", 1 - first, True)]
        assert s.held == [[0, 0, 0], [0, 0, 0]]


def test_rule_14_an_extra_draw_held_from_set_up_shows_until_its_deck_is_drawn(tmp_path):
    """A champion read at set-up grants an extra chance draw that waits for the battle's
    first chance draw (rule 14, then 15): until then both players see it waiting, in the
    observation, its text view and its encoding."""
    champions = [{"name": "King", "royal": "king"}, {"name": "Queen", "royal": "queen"}] + [
        {"name": f"Horse Lord {i}", "effects": [{"kind": "extra_draw", "deck": "chance"}]}
        for i in range(8)]
    strategies = [{"name": f"Levy {i}", "effects": [{"kind": "losses", "ranks": 10},
                                                    {"kind": "recruit", "ranks": 10}]}
                  for i in range(8)]
    deck = quiet_deck(tmp_path, champions=champions, strategies=strategies)
    s = new(3, deck0=deck, deck1=deck)
    act(s, ChooseRoyal("king"))
    act(s, ChooseRoyal("king"))
    act(s, ChooseFirstAttacker(0))
    # the second attacker recruits after its strategy draw: no chance card drawn yet
    assert s.pending[0] == "recruit" and s.held == [[0, 1, 0], [0, 1, 0]]
    encoding = GAME.encoding(s.config)
    for seat in (0, 1):
        obs = s.observation(seat)
        assert [side["held"] for side in obs["players"]] == [{"chance": 1}, {"chance": 1}]
        assert GAME.render(obs, seat).count("Extra draws after the next regular draw: "
                                            "chance x1") == 2
        held = encoding.encode(s, seat)[encoding.offsets["held"]:][:6]
        assert list(held) == pytest.approx([0, 1 / 3, 0, 0, 1 / 3, 0])
    while not any(e["event"] == "draw" and e["deck"] == "chance" and e["extra"]
                  for e in events(s)):
        act(s, s.legal_actions(s.to_move()[0])[0])
    assert s.held[0] == [0, 0, 0] or s.held[1] == [0, 0, 0]  # the first extra draw was made


# --- rules 14 to 17: champions, then strategy, chance and Word of Power in attack order ---------
def flow_deck(tmp_path):
    def everything(section):  # a deck's names all differ, whatever their section
        return [{"name": f"Card ({section})", "effects": [{"kind": "losses", "ranks": 10}]}]
    return quiet_deck(tmp_path, strategies=everything("strategies"),
                      chance=everything("chance"), words=everything("words"),
                      champions=[{"name": "King", "royal": "king"},
                                 {"name": "Queen", "royal": "queen"}] + [
                          {"name": f"Champion {i}", "effects": [{"kind": "protect",
                                                                  "strategies": 1}]}
                          for i in range(8)])


def test_rule_14_champions_take_effect_after_the_coin_toss(tmp_path):
    deck = flow_deck(tmp_path)
    s = new(3, deck0=deck, deck1=deck)
    act(s, ChooseRoyal("king"))
    act(s, ChooseRoyal("king"))
    assert not events(s, "benefit")  # drawn (rule 11) but not yet read
    act(s, ChooseFirstAttacker(1))
    kinds = [e["event"] for e in events(s)]
    assert kinds.index("first_attacker") < kinds.index("benefit") < kinds.index("round")
    assert [e["player"] for e in events(s, "benefit")][:1] == [1]  # in attack order


def round_draws(tmp_path, first):
    deck = flow_deck(tmp_path)
    s = new(5, deck0=deck, deck1=deck)
    act(s, ChooseRoyal("king"))
    act(s, ChooseRoyal("king"))
    act(s, ChooseFirstAttacker(first))
    return s, [(e["deck"], e["player"]) for e in events(s, "draw")]


def test_rule_15_the_first_attacker_deploys_a_strategy_then_the_opponent(tmp_path):
    _, draws = round_draws(tmp_path, 1)
    assert draws[:2] == [("strategy", 1), ("strategy", 0)]


def test_rule_16_then_both_draw_from_the_chance_deck(tmp_path):
    _, draws = round_draws(tmp_path, 0)
    assert draws[2:4] == [("chance", 0), ("chance", 1)]


def test_rule_17_then_both_draw_a_word_of_power(tmp_path):
    s, draws = round_draws(tmp_path, 1)
    assert draws[4:6] == [("word", 1), ("word", 0)]
    assert s.pending[0] == "resource" and s.to_move() == (1,)  # rule 18 comes last


# --- rule 18: resources -----------------------------------------------------------------------
def test_rule_18_the_initial_resource_draw_may_be_skipped_once(tmp_path):
    s = bare()
    run_tasks(s, ("resources", 0))
    assert FinishResources(True) in s.legal_actions(0)
    s.apply(0, FinishResources(True))
    assert all(uses == s.resource(e).uses for e in s.realm[0] for uses in [e[2]])
    run_tasks(s, ("resources", 0))
    acts = s.legal_actions(0)
    assert all(isinstance(a, UseResource) for a in acts) and len(acts) == 4
    with pytest.raises(IllegalAction):
        s.apply(0, FinishResources(True))


def test_rule_18_after_one_use_the_player_may_stop_or_use_more():
    s = bare()
    run_tasks(s, ("resources", 0))
    first = s.legal_actions(0)[0]
    s.apply(0, first)  # nothing has fallen: its ranks are lost
    assert events(s, "unspent")[-1]["ranks"] == first.ranks
    acts = s.legal_actions(0)
    assert FinishResources(False) in acts and first not in acts  # one use per card a phase
    s.apply(0, FinishResources(False))
    run_tasks(s, ("resources", 0))
    assert FinishResources(True) not in s.legal_actions(0)  # the skip was the first draw only


def test_rule_18_unspent_ranks_of_power_are_not_saved():
    s = bare()
    s.field[0][SPEAR] = 4
    s.realm[0] = [(0, card_index_resource(s, "Market Town"), 1)]
    run_tasks(s, ("resources", 0))
    s.apply(0, UseResource(0, "Market Town", 70))
    s.apply(0, Recruit("spearmen", 10))
    assert s.pending is None and events(s, "unspent")[-1]["ranks"] == 60


def test_rule_18_no_resource_left_means_no_resource_draw():
    s = bare()
    s.realm[0] = [(o, i, 0) for o, i, _ in s.realm[0]]
    run_tasks(s, ("resources", 0))
    assert s.pending is None and events(s, "no_resources")


# --- rule 19: on until victory ----------------------------------------------------------------
def _play_out(s, rng, truce=True):
    """Random legal play to the end; with truce=False nobody offers a truce. Until the end
    both armies stand (rule 3: the battle ends the moment one has no soldier left)."""
    while not s.is_terminal():
        assert all(any(s.field[p]) for p in (0, 1)), "an army is gone but the battle goes on"
        p = s.to_move()[0]
        acts = s.legal_actions(p)
        if not truce and NoTruceOffer() in acts:
            acts = [NoTruceOffer()]
        s.apply(p, acts[rng.randrange(len(acts))])
    return s.outcome()


def test_rule_19_the_rounds_go_on_until_one_side_has_won():
    """Rule 19: the rounds go on until one side has won (rule 3: the other's army destroyed,
    or its royal taken and no resource left to ransom it), or a truce is made (rule 10), or
    the round limit (a ruling) is reached; each end is shown by the state, and no game ends
    before."""
    games = [(new(seed), seed, True) for seed in range(6)]  # truces are offered and made
    games += [(new(seed, deck0="raiders", deck1="raiders"), seed, False)  # hostages taken
              for seed in range(6)]
    games.append((new(0, max_rounds=2), 0, False))
    reasons = set()
    for s, seed, truce in games:
        out = _play_out(s, random.Random(seed), truce)
        reasons.add(out.reason)
        if out.reason == "army destroyed":
            (winner,) = out.winners
            assert not any(s.field[1 - winner]) and any(s.field[winner])
        elif out.reason == "royal not ransomed":
            (winner,) = out.winners
            capture = events(s, "capture")[-1]
            assert (capture["player"], capture["target"]) == (winner, 1 - winner)
            assert all(uses == 0 for _, _, uses in s.realm[1 - winner])  # nothing to pay
            assert any(s.field[1 - winner])  # the army still stood: the hostage decided it
        elif out.reason == "truce":
            assert out.winners == () and events(s, "truce_accepted")
            assert all(any(s.field[p]) for p in (0, 1))
        else:
            assert out.reason == "round limit reached" and out.winners == ()
            assert s.round == s.config.max_rounds == 2
    assert reasons == {"army destroyed", "royal not ransomed", "truce", "round limit reached"}
    # a royal taken while a resource can ransom it does not end the battle
    ransomed = [[e["event"] for e in events(s)] for s, _, _ in games if events(s, "ransom")]
    assert ransomed and all("draw" in kinds[kinds.index("ransom"):] for kinds in ransomed)


def test_rule_19_the_round_limit_is_a_draw(tmp_path):
    deck = quiet_deck(tmp_path)
    s = new(0, deck0=deck, deck1=deck, max_rounds=2)
    while not s.is_terminal():
        act(s, s.legal_actions(s.to_move()[0])[-1])
    assert s.round == 2 and s.outcome().winners == () and s.outcome().reason == \
        "round limit reached"


# --- the deck list --------------------------------------------------------------------------------
def test_rule_deck_list_the_sample_deck_holds_the_72_cards_listed():
    deck = load_deck("sample")
    assert [(s.unit, s.ranks, s.count) for s in deck.soldiers] == list(DECK_LIST)
    assert sum(s.count for s in deck.soldiers) == 30
    sizes = [len(deck.champions), len(deck.resources), len(deck.words), len(deck.chance),
             len(deck.strategies)]
    assert sizes == [10, 8, 8, 8, 8] and 30 + sum(sizes) == 72
    river = next(r for r in deck.resources if r.name == "Navigable River")
    assert river.ranks == 100 and 1 <= river.uses <= 4
    assert sorted(c.royal for c in deck.champions if c.royal) == ["king", "queen"]


def test_rule_deck_list_a_deck_with_a_missing_card_is_refused(tmp_path):
    data = sample_data()
    data["chance"] = data["chance"][:7]
    with pytest.raises(DataError, match="has 8 chance, this one 7"):
        load_deck(write_deck(tmp_path, data))


def test_rule_deck_list_a_typo_names_the_file_the_card_and_the_field(tmp_path):
    data = sample_data()
    data["strategies"][2]["effects"][1]["rank"] = 45
    path = write_deck(tmp_path, data)
    with pytest.raises(DataError) as info:
        load_deck(path)
    text = str(info.value)
    assert text.startswith(path) and "'Shield Wall Advance'" in text
    assert "effects[1].rank" in text and "\n" not in text


def test_rule_deck_list_a_bad_deck_option_is_a_one_line_error(tmp_path):
    with pytest.raises(DataError, match="not a shipped deck"):
        GAME.config({"deck0": "no-such-deck"})
    with pytest.raises(ConfigError, match="grand_tournament_winner"):
        GAME.config({"grand_tournament_winner": "2"})
