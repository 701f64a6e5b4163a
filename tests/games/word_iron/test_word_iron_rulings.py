"""Word & Iron, Pitched Battle: the rulings of the game's README ("## Rulings") and of
docs/RULINGS.md that no other test names, each pinned by a test that names it.

Every test quotes its ruling and where it is written. States are built with
word_iron_helpers (bare: set-up done, player 0 won the coin toss and attacks first) and
cards are resolved as if just drawn, as test_word_iron_rules.py does.
"""

from __future__ import annotations

import pytest
from word_iron_helpers import (
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

from warroom.engine import DataError
from warroom.games.word_iron.actions import (
    AnswerTruce,
    ChooseRoyal,
    FinishResources,
    OrderBenefit,
    UseResource,
)
from warroom.games.word_iron.deck import DECK_LIST, UNITS, load_deck
from warroom.games.word_iron.render import _choices
from warroom.games.word_iron.state import CHAMPION, STRATEGY, WORD, in_use

FULL = [count for _, _, count in DECK_LIST]
SPEAR, PIKE, ARCH, RG = (UNITS.index(u) for u in (
    "spearmen", "pikemen", "archers", "royal_guards"))


def lost(s, p):
    """Cards fallen per unit name."""
    return {UNITS[u]: FULL[u] - n for u, n in enumerate(s.field[p]) if FULL[u] - n}


def strategies(tmp_path, *effects_per_card, **sections):
    cards = [{"name": f"Card {i}", "effects": list(e)} for i, e in enumerate(effects_per_card)]
    return quiet_deck(tmp_path, strategies=cards, **sections)


# --- Losses and units ---------------------------------------------------------------------------

def test_ruling_chance_cards_go_down_first_then_up(tmp_path):
    """README, ## Rulings (Losses and units): "Chance cards go down first (rule 9), then up."

    The chance card names the pikemen; they are gone and nothing is left below them (the
    spearmen are gone too): the loss goes up, to the archers."""
    deck = quiet_deck(tmp_path, chance=[{"name": "Mutiny", "effects": [
        {"kind": "unit_losses", "unit": "pikemen", "target": "self"}]}])
    s = bare(deck0=deck, deck1=deck)
    s.field[0][PIKE] = 0
    s.field[0][SPEAR] = 0
    play_card(s, 0, "chance", "Mutiny")
    assert lost(s, 0) == {"spearmen": 5, "pikemen": 4, "archers": 1}


def test_ruling_losses_below_a_unit_with_only_units_above_it_left_nothing_falls(tmp_path):
    """README, ## Rulings (Losses and units): "`below` a unit: only units under it on the
    ladder; ... when only units above it are left, nothing falls."."""
    deck = strategies(tmp_path, [{"kind": "losses", "ranks": 50, "below": "archers"}])
    s = bare(deck0=deck, deck1=deck)
    s.field[1] = field({"knighted_heavy_cavalry": 2, "royal_guards": 1})
    play_card(s, 0, "strategies", "Card 0")
    assert s.field[1] == field({"knighted_heavy_cavalry": 2, "royal_guards": 1})
    assert not s.is_terminal()


def test_ruling_the_battle_ends_the_moment_an_army_has_no_soldier_left_even_mid_card(tmp_path):
    """README, ## Rulings (Losses and units): "The battle ends **the moment an army has no
    soldier left**, even in the middle of a card (so a deploying side that pays its own last
    soldier as a cost has lost)."

    Player 0's last soldier pays the card's cost: it has lost, and the card's losses against
    player 1 (the rest of the card) are never inflicted."""
    deck = strategies(tmp_path, [{"kind": "cost", "unit": "spearmen"},
                                 {"kind": "losses", "ranks": 1000}])
    s = bare(deck0=deck, deck1=deck)
    s.field[0] = field({"spearmen": 1})
    play_card(s, 0, "strategies", "Card 0")
    assert s.is_terminal() and s.outcome().winners == (1,)
    assert s.outcome().reason == "army destroyed"
    assert s.field[1] == FULL and not events(s, "losses")


# --- Benefits -----------------------------------------------------------------------------------

def test_ruling_two_empower_benefits_overlap_and_are_used_one_after_the_other(tmp_path):
    """README, ## Rulings (Benefits): "When a second one arrives and none has started, the
    player chooses which goes first. Two `empower` benefits overlap likewise."

    The 100 % one is chosen first: 40 ranks become 80 (three units fall), not 40 x 1.5 x 2 or
    40 x 2.5 (four would fall), nor 60 (two)."""
    deck = strategies(tmp_path, [{"kind": "losses", "ranks": 40}], champions=[
        {"name": "King", "royal": "king"}, {"name": "Queen", "royal": "queen"},
        {"name": "Marshal", "effects": [{"kind": "empower", "turns": 1, "percent": 50}]},
        {"name": "Captain", "effects": [{"kind": "empower", "turns": 1, "percent": 100}]}])
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "champions", "Marshal")
    play_card(s, 0, "champions", "Captain")
    assert s.to_move() == (0,)
    assert set(s.legal_actions(0)) == {OrderBenefit("empower", "Marshal", 1, 50),
                                       OrderBenefit("empower", "Captain", 1, 100)}
    s.apply(0, OrderBenefit("empower", "Captain", 1, 100))
    assert in_use(s.benefits, 0, s.coin_winner) == [True, False]
    play_in_turn(s, 0, "strategies", "Card 0")
    assert lost(s, 1) == {"royal_guards": 1, "knighted_heavy_cavalry": 1, "light_cavalry": 1}


def test_ruling_a_ward_runs_down_with_every_enemy_strategy_even_one_without_losses(tmp_path):
    """README, ## Rulings (Benefits): "A `protect` or `restore` runs down by one with every
    strategy the opponent deploys (extra draws included), whether or not it caused losses"."""
    deck = quiet_deck(tmp_path)  # strategies without effects
    s = bare(deck0=deck, deck1=deck)
    s.benefits[1] = [("protect", "Queen", 3, 3, 0)]
    play_card(s, 0, "strategies", "Quiet 0")
    assert s.benefits[1] == [("protect", "Queen", 3, 2, 0)]
    run_tasks(s, ("draw", 0, STRATEGY, True))  # an extra draw of a strategy
    assert s.benefits[1] == [("protect", "Queen", 3, 1, 0)]
    play_card(s, 1, "strategies", "Quiet 1")  # its own strategy does not count
    play_card(s, 0, "chance", "Quiet 2")  # nor does a chance card
    assert s.benefits[1] == [("protect", "Queen", 3, 1, 0)]
    s.benefits[1] = [("restore", "Chaplain", 2, 2, 0)]
    play_card(s, 0, "strategies", "Quiet 3")
    assert s.benefits[1] == [("restore", "Chaplain", 2, 1, 0)]


def test_ruling_protect_stops_losses_not_captures_or_skips(tmp_path):
    """README, ## Rulings (Benefits): "`protect` stops losses (not costs, captures or skips)".
    (Costs are pinned in test_word_iron_rules.py; these are captures and skips.)"""
    deck = strategies(tmp_path, [{"kind": "capture"}],
                      [{"kind": "skip_draw", "deck": "strategy"}, {"kind": "losses",
                                                                   "ranks": 40}])
    s = bare(deck0=deck, deck1=deck)
    s.benefits[1] = [("protect", "Queen", 5, 5, 0)]
    play_card(s, 0, "strategies", "Card 1")
    assert s.skips[1][STRATEGY] == 1 and lost(s, 1) == {} and events(s, "protected")
    s.field[1][RG] = 0
    play_card(s, 0, "strategies", "Card 0")
    assert events(s, "capture") and s.pending[0] == "ransom"


def test_ruling_empower_runs_down_only_in_a_turn_that_began_with_it_in_use(tmp_path):
    """README, ## Rulings (Benefits): "An `empower` applies only in its holder's strategy turns
    that began with it in use, and runs down by one at the end of each"."""
    deck = strategies(tmp_path, [{"kind": "empower", "turns": 2, "percent": 50}])
    s = bare(deck0=deck, deck1=deck)
    run_tasks(s, ("turn_start", 0))
    play_card(s, 0, "strategies", "Card 0")  # gained in the middle of the turn
    run_tasks(s, ("turn_end", 0))
    assert s.benefits[0] == [("empower", "Card 0", 2, 2, 50)]  # not run down
    run_tasks(s, ("turn_start", 0), ("turn_end", 0))
    assert s.benefits[0] == [("empower", "Card 0", 2, 1, 50)]


def test_ruling_an_empower_applies_only_in_a_turn_that_began_with_it_in_use():
    """Audit (stop 48): rule 11, "When both champion cards benefits overlap, use up one of the
    champion cards benefits first then the next" (and "the player that won the coin toss will
    use up all protections provided by their champion before the other player may use
    benefits of additional effectiveness"); README, ## Rulings (Benefits): an `empower`
    "applies only in its holder's strategy turns that began with it in use, and runs down by
    one at the end of each".

    The shipped raiders: player 1's Chief Raider (40 %) waits behind the coin toss winner's
    Shaman (protect 1). Feigned Retreat uses the protection up mid-turn and draws Wild Charge
    (120 ranks): it was resolved at 168 ranks, seven units falling, and the turn did not run
    the Chief Raider down, a use for nothing. Now it resolves at 120 (four units) and the
    Chief Raider's three turns start with the next turn."""
    s = bare(deck0="raiders", deck1="raiders")  # player 0 won the coin toss
    s.benefits[0] = [("protect", "Shaman", 1, 1, 0)]
    s.benefits[1] = [("empower", "Chief Raider", 3, 3, 40)]
    pile = s.piles[1][STRATEGY]
    retreat, charge = (card_index(s, 1, "strategies", n) for n in ("Feigned Retreat",
                                                                    "Wild Charge"))
    s.piles[1][STRATEGY] = [i for i in pile if i not in (retreat, charge)] + [charge, retreat]
    run_tasks(s, ("turn_start", 1), ("draw", 1, STRATEGY, False), ("turn_end", 1))
    assert s.pending is None and events(s, "protected")
    assert events(s, "losses")[-1]["units"] == ["royal_guards", "knighted_heavy_cavalry",
                                                "light_cavalry", "men_at_arms"]  # 130 >= 120
    assert s.benefits[1] == [("empower", "Chief Raider", 3, 3, 40)]
    # the next turn begins with it in use: empowered, and run down
    s.field[0] = list(FULL)
    s.piles[1][STRATEGY].append(charge)
    run_tasks(s, ("turn_start", 1), ("draw", 1, STRATEGY, False), ("turn_end", 1))
    assert len(events(s, "losses")[-1]["units"]) == 7  # 168 ranks
    assert s.benefits[1] == [("empower", "Chief Raider", 3, 2, 40)]
    # a strategy outside its holder's strategy turns (a chance card's extra draw): not
    # empowered, and nothing runs down
    s.field[0] = list(FULL)
    s.piles[1][STRATEGY].append(charge)
    run_tasks(s, ("draw", 1, STRATEGY, True))
    assert len(events(s, "losses")[-1]["units"]) == 4
    assert s.benefits[1] == [("empower", "Chief Raider", 3, 2, 40)]


def test_ruling_opposing_benefits_from_any_card_not_only_champions(tmp_path):
    """README, ## Rulings (Benefits): "Opposing benefits (a side's `protect`/`restore` against
    the other side's `empower`): the coin toss winner's are used up first; meanwhile the other
    side's opposing benefits wait, unused. This applies to benefits from any card, not only
    champions."

    Player 0 (the coin toss winner) is empowered by a chance card; player 1 protected by a
    Word of Power: player 1's protection waits while player 0's empowering is in use."""
    deck = strategies(tmp_path, [{"kind": "losses", "ranks": 40}],
                      chance=[{"name": "Rally", "effects": [
                          {"kind": "empower", "turns": 1, "percent": 50}]}],
                      words=[{"name": "Blessing", "effects": [
                          {"kind": "protect", "strategies": 1}]}])
    s = bare(deck0=deck, deck1=deck)
    assert s.coin_winner == 0
    play_card(s, 1, "words", "Blessing")
    play_card(s, 0, "chance", "Rally")
    assert in_use(s.benefits, 0, 0) == [True] and in_use(s.benefits, 1, 0) == [False]
    play_in_turn(s, 0, "strategies", "Card 0")  # 60 ranks: the guard and a knight fall
    assert lost(s, 1) == {"royal_guards": 1, "knighted_heavy_cavalry": 1}
    assert s.benefits[1] == [("protect", "Blessing", 1, 1, 0)]  # waited, unused


# --- Cards and decks ----------------------------------------------------------------------------

def test_ruling_the_champion_deck_is_never_reshuffled(tmp_path):
    """README, ## Rulings (Cards and decks): "the Word of Power deck and the champion deck
    never are" reshuffled. (The Word of Power deck is pinned in test_word_iron_rules.py.)"""
    deck = strategies(tmp_path, [{"kind": "extra_draw", "deck": "champion"}])
    s = bare(deck0=deck, deck1=deck)
    s.piles[0][CHAMPION] = []
    held = list(s.champions[0])
    play_card(s, 0, "strategies", "Card 0")  # its extra draw finds the champion deck spent
    run_tasks(s, ("draw", 0, CHAMPION, True))
    assert s.champions[0] == held and s.piles[0][CHAMPION] == []
    assert [e for e in events(s, "empty") if e["deck"] == "champion"]
    assert not [e for e in events(s, "reshuffle") if e["deck"] == "champion"]


def test_ruling_skip_draw_skips_regular_draws_not_extra_draws(tmp_path):
    """README, ## Rulings (Cards and decks): "`skip_draw` skips the target's regular draws of a
    phase, not extra draws"."""
    deck = strategies(tmp_path, [{"kind": "skip_draw", "deck": "strategy"}])
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "strategies", "Card 0")
    assert s.skips[1][STRATEGY] == 1
    left = len(s.piles[1][STRATEGY])
    run_tasks(s, ("draw", 1, STRATEGY, True))  # an extra draw is made all the same
    assert len(s.piles[1][STRATEGY]) == left - 1 and s.skips[1][STRATEGY] == 1
    run_tasks(s, ("draw", 1, STRATEGY, False))  # the regular one is skipped
    assert len(s.piles[1][STRATEGY]) == left - 1 and s.skips[1][STRATEGY] == 0
    assert [e["deck"] for e in events(s, "skip")] == ["strategy"]


def test_ruling_a_resource_phase_skipped_by_a_card_is_a_resource_phase(tmp_path):
    """Audit (stop 48): rule 18, "Due to the continued cost of maintaining an army in the
    field you only get to skip a resource draw this one time."; docs/RULINGS.md: "from the
    second resource phase on, at least one use is compulsory". README, ## Rulings (Cards and
    decks): "a resource phase skipped by a card is one of the player's resource phases".

    A card (the raiders' Burn the Fields) skips player 1's first resource phase: the next one
    is its second, so a use is compulsory there. The code counted only the phases played, so
    "skip this resource draw" was offered again: two skips in two rounds."""
    deck = strategies(tmp_path, [{"kind": "skip_draw", "deck": "resource"}])
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "strategies", "Card 0")
    run_tasks(s, ("resources", 1))
    assert s.pending is None and events(s, "skip")
    run_tasks(s, ("resources", 1))
    assert s.pending == ("resource", 1)
    assert FinishResources(True) not in s.legal_actions(1)
    assert all(isinstance(a, UseResource) for a in s.legal_actions(1))
    assert s.resource_phases[1] == 2  # the skipped phase and this one
    # the terminal, which sizes its menu from the observation, agrees
    view = s.observation(1)
    assert set(_choices(view, view["decision"])) == set(s.legal_actions(1))
    # a skip that comes later leaves the first phase the player's own to skip
    s = bare(deck0=deck, deck1=deck)
    run_tasks(s, ("resources", 1))
    assert FinishResources(True) in s.legal_actions(1)


# --- Resources and recruitment ------------------------------------------------------------------

def test_ruling_the_initial_resource_draw_may_be_skipped_whatever_has_fallen():
    """README, ## Rulings (Resources and recruitment): "The initial resource draw (a player's
    first resource phase) may be skipped, whatever has fallen"."""
    s = bare()
    s.field[0][SPEAR] = 1
    s.field[0][RG] = 0
    run_tasks(s, ("resources", 0))
    assert FinishResources(True) in s.legal_actions(0)
    s.apply(0, FinishResources(True))
    assert s.pending is None and events(s, "resources_skipped")
    run_tasks(s, ("resources", 0))  # from then on a use is compulsory
    acts = s.legal_actions(0)
    assert acts and all(isinstance(a, UseResource) for a in acts)


def test_ruling_a_resource_card_has_1_to_4_uses(tmp_path):
    """docs/RULINGS.md (Word & Iron): "A resource card has 1 to 4 uses."."""
    for uses, ok in ((0, False), (1, True), (4, True), (5, False)):
        data = sample_data()
        data["resources"][0]["uses"] = uses
        path = write_deck(tmp_path, data, f"uses-{uses}.yaml")
        if ok:
            assert load_deck(path).resources[0].uses == uses
        else:
            with pytest.raises(DataError, match="uses"):
                load_deck(path)


# --- Hostages and truce -------------------------------------------------------------------------

def test_ruling_an_accepted_truce_is_a_draw_and_nobody_takes_the_prize(tmp_path):
    """README, ## Rulings (Hostages and truce): "An accepted truce ends the battle as a
    **draw** (reason `truce`); the offered resource changes hands and nobody takes the
    prize." (docs/RULINGS.md: "The wagered prize card (rule 4) is recorded in the outcome".)"""
    deck = quiet_deck(tmp_path)
    s = bare(deck0=deck, deck1=deck, prize="the Iron Crown")
    for p in (0, 1):
        s.piles[p][WORD] = s.piles[p][WORD][:1]
    run_tasks(s, ("words",))
    assert s.pending[0] == "truce_offer" and s.to_move() == (0,)  # the first attacker first
    s.apply(0, s.legal_actions(0)[0])
    s.apply(1, AnswerTruce(True))
    out = s.outcome()
    assert out.winners == () and out.reason == "truce"
    assert "prize_to" not in out.details
    assert s.observation(None)["result"].get("prize_to") is None


# --- Other --------------------------------------------------------------------------------------

def test_ruling_the_choice_of_king_or_queen_is_made_openly_seat_0_first():
    """README, ## Rulings (Other): "The choice of king or queen is made openly, seat 0
    first."."""
    s = new(4)
    assert s.to_move() == (0,)
    s.apply(0, ChooseRoyal("queen"))
    assert s.to_move() == (1,)
    for viewer in (1, None):
        obs = s.observation(viewer)
        assert obs["players"][0]["royal"] == "queen"
        assert [(e["player"], e["royal"]) for e in obs["log"] if e["event"] == "royal"] == [
            (0, "queen")]
