"""Audit (stop 62): Word & Iron benefits gained mid-turn, and card texts that hid what a cost
takes, or when a capture fails. States are built with
word_iron_helpers (bare: set-up done, player 0 won the coin toss and attacks first)."""

from __future__ import annotations

from word_iron_helpers import bare, card_index, events, play_card, quiet_deck, run_tasks

from warroom.games.word_iron.deck import card_text, load_deck
from warroom.games.word_iron.state import STRATEGY

RALLY = {"name": "Rally", "effects": [{"kind": "empower", "turns": 1, "percent": 100},
                                      {"kind": "losses", "ranks": 40}]}
MARSHAL = {"name": "Marshal", "effects": [{"kind": "empower", "turns": 3, "percent": 50}]}


def test_an_empower_gained_in_a_turn_queues_behind_the_one_the_turn_uses(tmp_path):
    """Audit (stop 62): with Marshal (+50 % for 3 turns) in play, a strategy "Rally" gave
    itself +100 % for 1 turn; the game asked "use first: Marshal / Rally" after Marshal had
    already made Rally's 40 ranks 60, and choosing Rally left Marshal counted down and behind
    it: Marshal partly used, then interrupted (rule 11: use up one, then the next)."""
    deck = quiet_deck(tmp_path, "c0.yaml", strategies=[RALLY], champions=[MARSHAL])
    s = bare(0, deck0=deck, deck1=deck)
    play_card(s, 0, "champions", "Marshal")
    rally = card_index(s, 0, "strategies", "Rally")
    run_tasks(s, ("turn_start", 0), ("card", 0, STRATEGY, rally, False, 0), ("turn_end", 0))
    assert s.pending is None
    assert s.benefits[0] == [("empower", "Marshal", 3, 2, 50), ("empower", "Rally", 1, 1, 100)]
    # 40 ranks made 60 by Marshal: a royal guard (40) and a knighted heavy cavalry (35)
    assert events(s, "losses")[-1]["units"] == ["royal_guards", "knighted_heavy_cavalry"]


def test_a_cost_in_ranks_says_it_falls_one_card_per_unit_from_the_highest():
    """Audit (stop 62): "Raid the Baggage" read "cost: you lose 20 ranks of power" but the
    engine took a royal guard (40 ranks), as losses fall by rule 1; the text of a loss said
    "one card per unit from the highest", the text of a cost did not."""
    raiders = load_deck("raiders")
    raid = next(c for c in raiders.strategies if c.name == "Raid the Baggage")
    hit = next(c for c in raiders.strategies if c.name == "Hit and Run")
    assert card_text(raid).startswith(
        "cost: you lose 20 ranks of power, one card per unit from the highest; ")
    assert card_text(hit).startswith("cost: you lose 15 ranks of power below heavy infantry, "
                                     "one card per unit from the highest; ")


def _top_text(capture_needs_no_royal_guards: bool) -> str:
    """"Hostage Taking" as the table's help tells it once seen (`_known_texts`), in a game of
    the raiders deck under that option."""
    s = bare(0, deck0="raiders", deck1="raiders",
             capture_needs_no_royal_guards=capture_needs_no_royal_guards)
    s.seen[0][STRATEGY] = -1  # every strategy shown
    return s._known_texts(0)["Hostage Taking"]


def test_a_capture_says_when_it_fails_and_whom_it_takes_under_the_games_options():
    """Audit (stop 62): "Hostage Taking" read "take your opponent's king or queen hostage",
    not that with the default option it fails while a royal guard stands, nor that of a
    married side only the king is taken."""
    assert _top_text(True) == ("cost: you lose 1 light cavalry card; take your opponent's "
                               "king or queen hostage (the king if married), only while they "
                               "have no royal guard left")
    assert _top_text(False) == ("cost: you lose 1 light cavalry card; take your opponent's "
                                "king or queen hostage (the king if married)")
