"""Word & Iron: the effect vocabulary of the card data (README.md), one behaviour per test."""

from __future__ import annotations

from word_iron_helpers import bare, events, play_card, quiet_deck, run_tasks

from warroom.games.word_iron.actions import Recruit
from warroom.games.word_iron.deck import UNITS
from warroom.games.word_iron.state import CHANCE, STRATEGY

KHC, SPEAR = UNITS.index("knighted_heavy_cavalry"), UNITS.index("spearmen")


def every_strategy(tmp_path, *effects, **sections):
    cards = [{"name": f"Card {i}", "effects": list(effects)} for i in range(8)]
    return quiet_deck(tmp_path, strategies=cards, **sections)


def test_effect_skip_draw_skips_the_targets_next_draw(tmp_path):
    deck = every_strategy(tmp_path, {"kind": "skip_draw", "deck": "strategy", "count": 2})
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "strategies", "Card 0")
    assert s.skips[1] == [2, 0, 0, 0]
    before = list(s.piles[1][STRATEGY])
    run_tasks(s, ("draw", 1, STRATEGY, False), ("draw", 1, STRATEGY, False))
    assert s.piles[1][STRATEGY] == before and len(events(s, "skip")) == 2
    run_tasks(s, ("draw", 1, STRATEGY, False))
    assert len(s.piles[1][STRATEGY]) == 4


def test_effect_skip_draw_of_a_resource_skips_a_resource_phase(tmp_path):
    deck = every_strategy(tmp_path, {"kind": "skip_draw", "deck": "resource"})
    s = bare(deck0=deck, deck1=deck)
    play_card(s, 0, "strategies", "Card 0")
    run_tasks(s, ("resources", 1))
    assert s.pending is None and s.resource_phases[1] == 1  # a phase all the same
    run_tasks(s, ("resources", 1))
    assert s.pending == ("resource", 1)


def test_effect_skip_draw_of_a_resource_waits_for_a_phase_the_target_has(tmp_path):
    """README: a player with no use left has no resource phase, so the skip is not spent on
    one: it skips the next phase the player has (here after a ransom brought a resource)."""
    deck = every_strategy(tmp_path, {"kind": "skip_draw", "deck": "resource"})
    s = bare(deck0=deck, deck1=deck)
    s.realm[1] = [(o, i, 0) for o, i, _ in s.realm[1]]
    play_card(s, 0, "strategies", "Card 0")
    run_tasks(s, ("resources", 1))
    assert s.pending is None and s.skips[1][3] == 1 and not events(s, "skip")
    s.realm[1][0] = (1, s.realm[1][0][1], 1)  # a resource with a use comes to the realm
    run_tasks(s, ("resources", 1))
    assert s.pending is None and s.skips[1][3] == 0 and events(s, "skip")
    run_tasks(s, ("resources", 1))
    assert s.pending == ("resource", 1)


def test_effect_extra_draw_comes_after_the_card_and_never_chains(tmp_path):
    deck = every_strategy(tmp_path, {"kind": "extra_draw", "deck": "strategy"},
                          {"kind": "losses", "ranks": 10})
    s = bare(deck0=deck, deck1=deck)
    run_tasks(s, ("draw", 0, STRATEGY, False))
    draws = events(s, "draw")
    assert [d["extra"] for d in draws] == [False, True]
    assert len(events(s, "losses")) == 2 and events(s, "no_chain")
    kinds = [e["event"] for e in events(s)]
    first, extra = (i for i, k in enumerate(kinds) if k == "draw")
    assert first < kinds.index("losses") < extra  # the first card resolves first


def test_effect_extra_draw_of_a_champion_may_marry(tmp_path):
    deck = every_strategy(tmp_path, {"kind": "extra_draw", "deck": "champion"})
    s = bare(deck0=deck, deck1=deck)
    s.piles[0][3] = [2, 1]  # the quiet queen (index 1) on top, a quiet champion under her
    run_tasks(s, ("draw", 0, STRATEGY, False))
    assert s.married[0] and s.champions[0] == [1, 2]


def test_effect_recruit_is_free_and_rounds_up(tmp_path):
    deck = quiet_deck(tmp_path, chance=[{"name": "Reinforcements",
                                         "effects": [{"kind": "recruit", "ranks": 50}]}])
    s = bare(deck0=deck, deck1=deck)
    s.field[0][KHC] = 2
    realm = list(s.realm[0])
    play_card(s, 0, "chance", "Reinforcements")
    s.apply(0, Recruit("knighted_heavy_cavalry", 35))
    s.apply(0, Recruit("knighted_heavy_cavalry", 35))  # 15 left: a partial amount
    assert s.field[0][KHC] == 4 and s.realm[0] == realm and s.pending is None


def test_effect_empower_rounds_up_and_lasts_its_turns(tmp_path):
    deck = every_strategy(tmp_path, {"kind": "unit_losses", "unit": "spearmen"})
    s = bare(deck0=deck, deck1=deck)
    s.benefits[0] = [("empower", "Marshal", 2, 2, 50)]
    for _ in range(3):
        run_tasks(s, ("turn_start", 0), ("draw", 0, STRATEGY, False), ("turn_end", 0))
    # 1 card + 50 % = 1.5, rounded up to 2, for two turns; then 1
    assert s.field[1][SPEAR] == 5 - 2 - 2 - 1 and s.benefits[0] == []


def test_effect_losses_and_costs_may_fall_on_your_own_side(tmp_path):
    deck = quiet_deck(tmp_path, chance=[{"name": "Plague", "effects": [
        {"kind": "losses", "ranks": 40, "target": "self"}]}])
    s = bare(deck0=deck, deck1=deck)
    s.benefits[0] = [("protect", "Queen", 1, 1, 0)]  # protects from strategies only
    play_card(s, 0, "chance", "Plague")
    assert sum(s.field[0]) == 29 and s.benefits[0][0][3] == 1


def test_effect_chance_losses_on_the_opponent_are_not_strategies(tmp_path):
    deck = quiet_deck(tmp_path, chance=[{"name": "Ambush", "effects": [
        {"kind": "losses", "ranks": 10}]}])
    s = bare(deck0=deck, deck1=deck)
    s.benefits[1] = [("protect", "Queen", 1, 1, 0)]
    run_tasks(s, ("card", 0, CHANCE, 0, False, 0))
    assert sum(s.field[1]) == 29 and s.benefits[1] == [("protect", "Queen", 1, 1, 0)]
