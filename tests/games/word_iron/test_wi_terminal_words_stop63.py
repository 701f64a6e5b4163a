"""Word & Iron at the terminal: the words a new player read at set-up, in `?`, at a truce and
at the game's end (audit, stop 63)."""

from __future__ import annotations

import importlib
import io
import random

from rich.console import Console

from warroom.agents.human import HumanAgent
from warroom.engine.config import changed_options, config_to_json
from warroom.games.word_iron import GAME
from warroom.games.word_iron.actions import ChooseFirstAttacker, ChooseRoyal, OfferTruce

render = importlib.import_module("warroom.games.word_iron.render")


def at_coin_toss(seed: int = 0):
    """A game at its coin toss: both royals chosen, the winner to choose who attacks first."""
    s = GAME.new_state(GAME.config({}), seed)
    s.apply(0, ChooseRoyal("king"))
    s.apply(1, ChooseRoyal("queen"))
    assert s.observation(None)["decision"]["kind"] == "first"
    return s


def heuristic_until(s, done, rng=None):
    rng = rng or random.Random(0)
    while not s.is_terminal() and not done(s):
        p = s.to_move()[0]
        s.apply(p, GAME.heuristic(s, p, rng))
    return s


def test_the_headline_says_who_won_the_toss_not_who_attacks_before_the_choice():
    """Audit (stop 63): at the coin toss, before its winner had chosen, the headline read
    `Set-up - player 0 attacks first (toss: you)` (or `you win the toss, attack first`, and
    then the winner chose player 1): the default order was shown as chosen. It now says who
    won the toss only, until the order is chosen."""
    for seed in range(6):
        s = at_coin_toss(seed)
        w = s.coin_winner
        mine = render.render(s.observation(w), w).splitlines()[0]
        theirs = render.render(s.observation(1 - w), 1 - w).splitlines()[0]
        assert mine == "Set-up - you won the toss - prize: an agreed card", mine
        assert theirs == f"Set-up - player {w} won the toss - prize: an agreed card", theirs
        s.apply(w, ChooseFirstAttacker(1))
        head = render.render(s.observation(0), 0).splitlines()[0]
        assert "player 1 attacks first" in head or "player 1 won the toss, attacks first" \
            in head, head


def test_the_rules_summary_says_its_numbers_are_the_defaults():
    """Audit (stop 63): with `--set word_deck_size=1 --set realm_size=2 --set
    strategy_deck_size=8`, `?` still said "Realm: 4 resources... Decks: 5 strategies... 3
    Word of Power" as the rules of this game. Each number that is an option now says it is
    the default and names its option, which the line under the summary gives."""
    config = GAME.config({"word_deck_size": 1, "realm_size": 2, "strategy_deck_size": 8})
    out = io.StringIO()
    agent = HumanAgent(GAME, 0, stdin=io.StringIO(""),
                       console=Console(file=out, width=100, height=60, color_system=None))
    agent.options = changed_options(GAME.Config, config_to_json(config))
    agent.show_summary()
    text = " ".join(out.getvalue().split())
    assert "Realm: 4 resources by default (realm_size;" in text
    assert "5 strategies by default (strategy_deck_size;" in text
    assert "3 Word of Power by default (word_deck_size)" in text
    assert "realm_size=2" in text and "word_deck_size=1" in text


def test_the_champion_deck_is_not_dealt_before_the_royal_is_chosen():
    """Audit (stop 63): before the royals were chosen the table showed `champions 0` for
    both sides, read as "this deck has no champions" (rule 11 gives 10). It now says the
    champion deck is not dealt yet, and gives its count alone once it is."""
    s = GAME.new_state(GAME.config({}), 0)
    text = " ".join(render.render(s.observation(0), 0).split())
    assert text.count("champions 0 (not dealt yet)") == 2
    s.apply(0, ChooseRoyal("king"))
    text = " ".join(render.render(s.observation(0), 0).split())
    assert "champions 9 " in text and text.count("champions 0 (not dealt yet)") == 1


def test_help_says_parentheses_as_the_table_writes_them():
    """Audit (stop 63): `?` said "the top card in brackets when the decks are face up",
    but the table writes `strategy 5 (Volley of Arrows)`: it now says parentheses."""
    s = at_coin_toss()
    obs = s.observation(0)
    top = obs["players"][0]["piles"]["strategy"]["top"]
    assert f"strategy 5 ({top})" in " ".join(render.render(obs, 0).split())
    notes = GAME.help_notes(obs, 0)
    assert "the top card in parentheses when the decks are face up" in notes
    assert "brackets" not in notes


def test_the_short_key_at_game_end_does_not_send_to_help():
    """Audit (stop 63): at the game's end in a narrow terminal the table read `Units: S 10,
    ... (ranks; ? names them)`, though no prompt was left to type `?` at. Once the game is
    over the key says no more than "ranks"."""
    s = heuristic_until(GAME.new_state(GAME.config({}), 3), lambda s: False)
    assert s.is_terminal()
    text = render._render(s.observation(0), render.SHORT_KEY)
    assert "Units: S 10, P 15, A 15, H 20, M 25, L 30, K 35, R 40 (ranks)" in text
    assert "? names them" not in text


def test_a_restoring_recruits_their_losses():
    """Audit (stop 63): the log read "Player 0 recruits its losses at once (Raider Queen)":
    a player is "their"."""
    line = GAME.describe_event({"event": "restore", "player": 0, "source": "Raider Queen",
                                "units": ["spearmen"]})
    assert line == "Player 0 recruits their losses at once (Raider Queen): 1 spearmen card"


def test_the_truce_prompts_say_an_accepted_truce_is_a_draw_without_the_prize():
    """Audit (stop 63): "sue for peace: offer a resource for a truce" never said what a
    truce is: an accepted truce ends the battle in a draw and nobody takes the prize. The
    offer's and the answer's prompts say so (and the offer's still fits its line)."""
    s = heuristic_until(GAME.new_state(GAME.config({}), 0),
                        lambda s: s.observation(None)["decision"]["kind"] == "truce_offer")
    p = s.to_move()[0]
    said = "a draw, no prize"
    assert GAME.prompt(s.observation(p), p) == \
        f"offer a resource for a truce ({said}), or none"
    offer = next(a for a in s.legal_actions(p) if isinstance(a, OfferTruce))
    s.apply(p, offer)
    assert GAME.prompt(s.observation(1 - p), 1 - p) == \
        f"player {p} offers {offer.name} for a truce ({said})"
    assert f"Decision for you: player {p} offers {offer.name} for a truce ({said})" in \
        " ".join(render.render(s.observation(1 - p), 1 - p).split())


def test_help_names_the_decks_in_play():
    """Audit (stop 63): in a raiders game with face-down decks (no card in view), `?`
    pointed to `warroom cards show sample --game word-iron (or raiders, ...)`. It now names
    the command for each deck in play."""
    config = GAME.config({"deck0": "raiders", "deck1": "raiders", "decks_face_up": False})
    s = GAME.new_state(config, 0)
    notes = GAME.help_notes(s.observation(0), 0)
    assert "- Every card of Border Raiders: warroom cards show raiders --game word-iron" in notes
    assert "sample" not in notes
    mixed = GAME.new_state(GAME.config({"deck1": "raiders"}), 0)
    notes = GAME.help_notes(mixed.observation(1), 1)
    assert "- Every card of Sample starter deck: warroom cards show sample --game word-iron" \
        in notes
    assert "- Every card of Border Raiders: warroom cards show raiders --game word-iron" in notes
