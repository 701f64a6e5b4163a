"""engine.data.fit: a line of a text view broken between its items to fit a terminal panel."""

from __future__ import annotations

from warroom.engine.data import TEXT_WIDTH, fit

UNITS = ("Your units: " + "; ".join(f"{h} 1 infantry (1 to move)"
                                     for h in ("A1", "B2", "C3", "D4", "E5", "F6")))


def test_a_long_line_breaks_between_items_and_goes_on_indented():
    assert fit(UNITS) == (
        "Your units: A1 1 infantry (1 to move); B2 1 infantry (1 to move);\n"
        "    C3 1 infantry (1 to move); D4 1 infantry (1 to move);\n"
        "    E5 1 infantry (1 to move); F6 1 infantry (1 to move)")
    assert fit("  " + UNITS).splitlines()[1].startswith("      C3")  # four more than its own


def test_a_line_that_fits_is_left_alone_and_fitting_twice_changes_nothing():
    short = "Player 1: capital A2 (held); 5 towns, 3 cities, 1 capital held"
    assert fit(short) == short
    assert fit(fit(UNITS)) == fit(UNITS)
    assert fit("a - b - c", " - ", width=8) == "a - b -\n    c"  # room kept for " -"


def test_an_item_longer_than_the_width_breaks_between_its_own_parts_first():
    line = "Realm: " + ", ".join(f"Fertile Valley {i}" for i in range(6)) + "; army 3"
    assert fit(line) == ("Realm: Fertile Valley 0, Fertile Valley 1, Fertile Valley 2,\n"
                         "    Fertile Valley 3, Fertile Valley 4, Fertile Valley 5;\n"
                         "    army 3")


def test_an_item_longer_than_the_width_breaks_between_words():
    cards = "Your deck (20/30): " + " ".join(["10♦"] * 30)
    lines = fit(cards).splitlines()
    assert len(lines) > 1 and all(len(line) <= TEXT_WIDTH for line in lines)
    assert all(line.startswith("    10♦") for line in lines[1:])
    assert " ".join(line.strip() for line in lines) == cards  # nothing lost or split


def test_an_item_whose_parts_do_not_fit_a_line_breaks_between_words():
    """Broken at its ", " first, the part too long for a line was then broken by words:
    "(lost: attacker" / "0," / "defender 0)", a lone "0," in the middle."""
    line = "The attacker calls off the whole attack at once (lost: attacker 0, defender 0)"
    assert fit(line, width=60) == ("The attacker calls off the whole attack at once (lost:\n"
                                   "    attacker 0, defender 0)")


def test_one_of_a_thing_is_singular_in_the_views_and_labels():
    """"1 unused dice", "fill the 1 free places", "for 1 turns", "you wins"."""
    from warroom.engine.data import counted
    from warroom.games.battle.actions import FinishDeck
    from warroom.games.word_iron.actions import benefit_text

    assert [counted(1, "turn"), counted(2, "turn"), counted(1, "die", "dice"),
            counted(0, "die", "dice")] == ["1 turn", "2 turns", "1 die", "0 dice"]
    assert FinishDeck(1).label == ("done (fill the 1 free place with the cards of highest "
                                   "combat skill left: A, 2, 3, Joker last)")
    assert benefit_text("empower", 1, 25) == "strategies 25% more effective for 1 turn"
    assert benefit_text("protect", 1) == "protection from the next 1 enemy strategy"
    assert benefit_text("protect", 2) == "protection from the next 2 enemy strategies"


def test_a_flip_you_win_says_you_win():
    import random

    from warroom.games import get_game

    game = get_game("champions")
    seen = set()
    for seed in range(6):
        state, rng = game.new_state(game.config({}), seed), random.Random(seed)
        while not state.is_terminal():
            for line in game.render(state.observation(0), 0).splitlines():
                if "-> you win" in line:
                    seen.add(line.split("-> ")[1].split()[1])
            player = state.to_move()[0]
            state.apply(player, rng.choice(state.legal_actions(player)))
    assert seen == {"win"}  # and never "you wins"
