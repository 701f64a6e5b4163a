"""Audit (stop 64), a newcomer playing Battle's draft and sealed formats at the terminal
(`warroom play battle --set deck_mode=draft`, four players with teams=alliance, sealed), at
60 and 80 columns."""

from __future__ import annotations

import io

from battle_helpers import arrange, attack, begin_turn, new
from rich.console import Console

from warroom.agents.human import HumanAgent
from warroom.games.battle import GAME
from warroom.games.battle.actions import FinishDeck, Pick


def _table(state, player: int, width: int) -> str:
    """The table as the terminal draws it in its panel, `width` columns wide."""
    agent = HumanAgent(GAME, player, stdin=io.StringIO(""),
                       console=Console(file=io.StringIO(), width=width, height=24))
    return agent.table(state.observation(player), player)


def _pick_round(state) -> None:
    for p in range(state.num_players):
        state.apply(p, state.legal_actions(p)[0])


def test_the_draft_says_how_long_it_is_and_where_the_pack_goes():
    """Audit (stop 64): every pick showed only "Pack 1 in front of you" and "N cards picked":
    never how many packs, which pick of the pack this is, or the way the pack passes (only
    the log's "pack 2 opened, passing right"). The table says "Pack 1 of 2, pick 2 of 5,
    passing left (to Player 1)", the numbers the options set."""
    s = new(deck_mode="draft", players=3, packs=2, pack_size=5, limited_size=8)
    _pick_round(s)
    for width in (60, 80):
        lines = _table(s, 0, width).splitlines()
        assert "Pack 1 of 2, pick 2 of 5, passing left (to Player 1)" in lines, lines
        assert any(line.startswith("Pack 1 in front of you: ") for line in lines)
    s.apply(0, s.legal_actions(0)[0])  # picked, waiting for the others: still pick 2
    assert "Pack 1 of 2, pick 2 of 5, passing left" in GAME.render(s.observation(0), 0)
    for p in (1, 2):
        s.apply(p, s.legal_actions(p)[0])
    while s.observation(0)["pack_number"] == 1:
        _pick_round(s)
    text = GAME.render(s.observation(0), 0)
    assert "Pack 2 of 2, pick 1 of 5, passing right (to Player 2)" in text, text


def test_help_in_a_draft_or_sealed_game_says_what_they_are():
    """Audit (stop 64): `?` in the draft gave the battle rules and three lines on the table:
    nothing on what a draft is (packs, passing, the pool, a deck of N built from it) or a
    sealed pool. The notes say it, with the game's numbers, only where the mode is used."""
    draft = new(deck_mode="draft", players=3, packs=2, pack_size=6, limited_size=9)
    notes = GAME.help_notes(draft.observation(0), 0)
    assert notes.startswith("The draft\n")
    for words in ("2 packs of 6 cards", "in secret", "round 2 right",
                  "Your picks are your pool", "a deck of exactly 9 cards",
                  "'Pack 1 in front of you'"):
        assert words in notes, words
    sealed = new(deck_mode="sealed", limited_size=20)
    notes = GAME.help_notes(sealed.observation(0), 0)
    assert notes.startswith("Sealed\n") and "a deck of exactly 20 cards from your pool" in notes
    assert "The draft" not in notes and "'Pack 1" not in notes
    battle = begin_turn(arrange(new(), soldiers={0: ["KH"]}), 0)
    notes = GAME.help_notes(battle.observation(0), 0)
    assert "The draft" not in notes and "Sealed" not in notes
    assert all(len(line) <= 90 for line in GAME.help_notes(draft.observation(0), 0).split("\n"))


def test_the_draft_and_deck_building_show_the_teams():
    """Audit (stop 64): with teams=alliance the draft read "Player 1: 2 cards picked", no team
    marks until the battle began. Each row gives the team, and the viewer's teammate is its
    "(partner)", during the draft and the deck building, whole at 60 columns."""
    s = new(deck_mode="draft", players=4, teams="alliance", packs=1, pack_size=13,
            limited_size=10)
    _pick_round(s)
    for width in (60, 80):
        lines = _table(s, 0, width).splitlines()
        assert "      Player 0 (you) team 0: 1 card picked" in lines, lines
        assert "  Player 2 (partner) team 0: 1 card picked" in lines, lines
        assert "            Player 1 team 1: 1 card picked" in lines, lines
    text = GAME.render(s.observation(1), 1)
    assert "Player 3 (partner) team 1" in text and "Player 2 (partner)" not in text
    while s.phase == "draft":
        _pick_round(s)
    text = GAME.render(s.observation(3), 3)
    assert "Player 1 (partner) team 1: deck 0 cards" in text, text
    assert "partner" not in GAME.render(new(deck_mode="draft").observation(0), 0)


def test_done_says_the_ability_cards_go_last():
    """Audit (stop 64): "done (fill the 30 free places with the strongest cards left)" filled
    by combat skill, dropping every Ace and Two: the label says what it does."""
    s = new(deck_mode="sealed", limited_size=30)
    finish = s.legal_actions(0)[-1]
    assert finish == FinishDeck(30)
    assert finish.label == ("done (fill the 30 free places with the cards of highest combat "
                            "skill left: A, 2, 3, Joker last)")
    s.apply(0, finish)
    deck = [s.names[c] for c in s.draw[0]]
    # the sealed pool's 40 cards from 4 to K fill it first: no A, 2 or 3 goes in
    assert len(deck) == 30 and not any(c[:-1] in ("A", "2", "3") for c in deck)


def test_a_sealed_pool_is_not_called_picks():
    """Audit (stop 64): sealed showed "Your picks / pool (52)" though nothing was picked:
    "Your pool (52)"; a draft's cards are "Your picks (N)" while drafting."""
    text = GAME.render(new(deck_mode="sealed").observation(0), 0)
    assert "Your pool (52): " in text and "picks" not in text
    s = new(deck_mode="draft", players=2, packs=1, pack_size=4, limited_size=2)
    s.apply(0, Pick(s.observation(0)["pack"][0]))
    assert "Your picks (1): " in GAME.render(s.observation(0), 0)
    s.apply(1, s.legal_actions(1)[0])
    while s.phase == "draft":
        _pick_round(s)
    assert "Your pool (4): " in GAME.render(s.observation(0), 0)  # the 4 picks


def test_a_castle_shows_the_hits_past_its_limit():
    """Audit (stop 64): "Player 1 takes 2 unblocked hits: 6 in all" beside a castle of five
    places, [XXXXX]: every unblocked hit counts (the time limit's tiebreak too). The castle
    shows the hit past its five, [XXXXX+1]."""
    s = begin_turn(arrange(new(), soldiers={0: ["KH", "QH"]}), 0)
    s.hits[1] = 4
    attack(s, 0, "KH", 1)
    attack(s, 0, "QH", 1)  # its last soldier; player 1 has none to block with
    obs = s.observation(0)
    assert GAME.describe_event(obs["log"][-3]) == "Player 1 takes 2 unblocked hits: 6 in all"
    assert "Player 1 [XXXXX+1] hand" in GAME.render(obs, 0)
    assert "'[XXXXX+1]'" in GAME.help_notes(obs, 0)
