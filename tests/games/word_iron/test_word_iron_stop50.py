"""Word & Iron, Pitched Battle: the rules audit of stop 50. Opposing benefits oppose strategy
by strategy (rule 11), and the resource phase's question says what rule 18 allows.

States are built with word_iron_helpers (bare: set-up done, player 0 won the coin toss and
attacks first) and cards are resolved as if just drawn, as test_word_iron_rules.py does."""

from __future__ import annotations

from word_iron_helpers import (
    bare,
    card_index,
    events,
    play_card,
    play_in_turn,
    quiet_deck,
    run_tasks,
)

from warroom.games.word_iron import GAME
from warroom.games.word_iron.actions import FinishResources
from warroom.games.word_iron.deck import DECK_LIST, UNITS
from warroom.games.word_iron.render import _choices
from warroom.games.word_iron.state import STRATEGY

FULL = [count for _, _, count in DECK_LIST]
MARSHAL = ("empower", "Marshal of the Field", 3, 3, 50)


def lost(s, p):
    """Cards fallen per unit name."""
    return {UNITS[u]: FULL[u] - n for u, n in enumerate(s.field[p]) if FULL[u] - n}


def on_top(s, p, name):
    """Put player p's strategy `name` on top of its strategy deck."""
    i = card_index(s, p, "strategies", name)
    s.piles[p][STRATEGY] = [x for x in s.piles[p][STRATEGY] if x != i] + [i]


def test_rule_11_a_winners_strategy_its_empower_does_not_apply_to_meets_the_protection():
    """Audit (stop 50): rule 11, "In other words, champion cards will not fight against each
    other. When two champion cards offer opposing benefits the winner of the coin toss will
    use up their champion's opposing benefits first then the other player will use theirs."

    The shipped sample deck. Player 0 won the toss and holds the Marshal of the Field (50 %
    for 3 turns); player 1 the Chaplain of the Host (protect 2). In player 0's strategy turn
    the Marshal applies and the protection waits, unused. The chance card Scouts Report then
    deploys a strategy outside player 0's turns: the Marshal does not apply to it, and it
    used to meet no protection either (the Chaplain still waiting), so player 1 lost two
    soldiers with both benefits untouched, the clash the rule forbids. Now the protection
    meets it and is used: nothing falls, the Chaplain is down to 1, the Marshal stays."""
    s = bare()  # the sample deck for both
    s.benefits[0] = [MARSHAL]
    s.benefits[1] = [("protect", "Chaplain of the Host", 2, 2, 0)]
    on_top(s, 0, "Shield Wall Advance")  # cost 1 heavy infantry, 45 ranks of losses
    run_tasks(s, ("turn_start", 0), ("draw", 0, STRATEGY, False), ("turn_end", 0))
    assert not events(s, "protected")  # inside the winner's turn the protection waits
    assert lost(s, 1) == {"royal_guards": 1, "knighted_heavy_cavalry": 1}  # 68 ranks
    assert s.benefits[1] == [("protect", "Chaplain of the Host", 2, 2, 0)]
    assert s.benefits[0] == [("empower", "Marshal of the Field", 3, 2, 50)]
    s.field[1] = list(FULL)
    on_top(s, 0, "Shield Wall Advance")
    play_card(s, 0, "chance", "Scouts Report")  # an extra strategy, outside the turn
    assert [e["card"] for e in events(s, "draw")][-1] == "Shield Wall Advance"
    assert events(s, "protected")[-1]["source"] == "Chaplain of the Host"
    assert lost(s, 1) == {}
    assert s.benefits[1] == [("protect", "Chaplain of the Host", 2, 1, 0)]  # used
    assert s.benefits[0] == [("empower", "Marshal of the Field", 3, 2, 50)]  # untouched
    assert lost(s, 0) == {"heavy_infantry": 2}  # the cost is borne all the same


def test_rule_11_a_restore_meets_a_winners_strategy_outside_its_empowered_turns():
    """Audit (stop 50): rule 11, "When two champion cards offer opposing benefits the winner
    of the coin toss will use up their champion's opposing benefits first then the other
    player will use theirs."

    As with a protection, the coin toss loser's Quartermaster (restore 2) waits only for the
    strategies the winner's Marshal applies to: the Scouts Report strategy's losses are
    recruited at once and the Quartermaster runs down by one (they used to stay fallen)."""
    s = bare()
    s.benefits[0] = [MARSHAL]
    s.benefits[1] = [("restore", "Quartermaster", 2, 2, 0)]
    on_top(s, 0, "Shield Wall Advance")
    play_card(s, 0, "chance", "Scouts Report")
    assert events(s, "losses")[-1]["units"] == ["royal_guards", "knighted_heavy_cavalry"]
    assert events(s, "restore")[-1]["source"] == "Quartermaster"
    assert lost(s, 1) == {}
    assert s.benefits[1] == [("restore", "Quartermaster", 2, 1, 0)]
    assert s.benefits[0] == [MARSHAL]


def test_rule_11_an_empower_gained_mid_turn_leaves_the_rest_of_the_turn_to_the_protection(
        tmp_path):
    """Audit (stop 50): rule 11, "When two champion cards offer opposing benefits the winner
    of the coin toss will use up their champion's opposing benefits first then the other
    player will use theirs."

    Player 0 (the coin toss winner) deploys a strategy that empowers it and draws one more
    strategy in the same turn. That turn did not begin with the empowering, which applies to
    neither strategy (README, Benefits): so player 1's protection meets both and is used by
    both (it used to wait while player 0 held the empowering, and the extra strategy's 40
    ranks fell unprotected). In player 0's next turn the empowering applies and the
    protection waits."""
    deck = quiet_deck(tmp_path, strategies=[
        {"name": "Rally", "effects": [{"kind": "empower", "turns": 1, "percent": 50},
                                      {"kind": "extra_draw", "deck": "strategy"}]},
        {"name": "Assault", "effects": [{"kind": "losses", "ranks": 40}]}])
    s = bare(deck0=deck, deck1=deck)
    s.benefits[1] = [("protect", "Queen", 2, 2, 0)]
    on_top(s, 0, "Assault")
    play_in_turn(s, 0, "strategies", "Rally")
    assert [e["card"] for e in events(s, "draw")] == ["Assault"]
    assert events(s, "protected") and lost(s, 1) == {}
    assert s.benefits[1] == []  # used up: one strategy each
    assert s.benefits[0] == [("empower", "Rally", 1, 1, 50)]  # waits for the next turn
    s.benefits[1] = [("protect", "Queen", 1, 1, 0)]
    play_in_turn(s, 0, "strategies", "Assault")  # 60 ranks: the protection waits
    assert lost(s, 1) == {"royal_guards": 1, "knighted_heavy_cavalry": 1}
    assert s.benefits[1] == [("protect", "Queen", 1, 1, 0)] and s.benefits[0] == []


def test_rule_11_the_winners_protection_meets_every_strategy_of_the_loser():
    """Audit (stop 50): rule 11, "the player that won the coin toss will use up all
    protections provided by their champion before the other player may use benefits of
    additional effectiveness in strategies given to them by their champion card."

    The other way round (unchanged by the audit, pinned with it): the coin toss winner's
    Chaplain meets the loser's strategies, in its turn and outside it (Scouts Report), and
    the loser's Marshal waits, neither applied nor run down, until the Chaplain is used up."""
    s = bare()
    s.benefits[0] = [("protect", "Chaplain of the Host", 2, 2, 0)]
    s.benefits[1] = [MARSHAL]
    on_top(s, 1, "Shield Wall Advance")
    run_tasks(s, ("turn_start", 1), ("draw", 1, STRATEGY, False), ("turn_end", 1))
    on_top(s, 1, "Shield Wall Advance")
    play_card(s, 1, "chance", "Scouts Report")
    assert len(events(s, "protected")) == 2 and lost(s, 0) == {}
    assert s.benefits[0] == [] and s.benefits[1] == [MARSHAL]
    on_top(s, 1, "Shield Wall Advance")
    run_tasks(s, ("turn_start", 1), ("draw", 1, STRATEGY, False), ("turn_end", 1))
    assert lost(s, 0) == {"royal_guards": 1, "knighted_heavy_cavalry": 1}  # 68 ranks
    assert s.benefits[1] == [("empower", "Marshal of the Field", 3, 2, 50)]


def test_rule_18_the_resource_question_says_what_the_phase_allows():
    """Audit (stop 50): rule 18, "Due to the continued cost of maintaining an army in the field
    you only get to skip a resource draw this one time. From this point on you must use at
    least one resource even if that resource is not needed."

    From the second resource phase on the question still read "resources: use one, or
    finish", though finishing is not offered until a use is made. It now says what the legal
    actions allow: the initial draw's one skip, a compulsory use, or finishing after one."""
    s = bare()
    run_tasks(s, ("resources", 0))  # the first phase: the initial draw may be skipped
    obs = s.observation(0)
    assert FinishResources(True) in s.legal_actions(0)
    assert GAME.prompt(obs, 0) == "resources: use one, or skip (the battle's only skip)"
    assert _choices(obs, obs["decision"]) == s.legal_actions(0)
    s.apply(0, FinishResources(True))
    run_tasks(s, ("resources", 0))  # the second: a use is compulsory
    obs = s.observation(0)
    assert not any(type(a) is FinishResources for a in s.legal_actions(0))
    assert GAME.prompt(obs, 0) == "resources: use at least one (rule 18)"
    assert "finish" not in GAME.render(obs, 0).split("Decision for you:")[1]
    assert _choices(obs, obs["decision"]) == s.legal_actions(0)
    s.apply(0, s.legal_actions(0)[0])  # a use (nothing has fallen: its ranks are lost)
    obs = s.observation(0)
    assert FinishResources(False) in s.legal_actions(0)
    assert GAME.prompt(obs, 0) == "resources: none fallen; another use is lost: finish"
    assert _choices(obs, obs["decision"]) == s.legal_actions(0)
