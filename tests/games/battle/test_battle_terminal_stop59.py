"""Audit (stop 59), a new player at `warroom play battle` (80x24): `?` did not say how to read
the table, an emptied group was "Player ?'s", `play J♠` did not choose the court card, and the
final table listed attacks as if still to be fought."""

from __future__ import annotations

import io
import random

from battle_helpers import arrange, attack, begin_turn, block, done, new
from rich.console import Console

from warroom.agents import HeuristicAgent
from warroom.agents.human import HumanAgent
from warroom.engine import PlayerView
from warroom.games.battle import GAME
from warroom.games.battle.actions import PlayCourt, PlaySoldier


def _played(seed: int, options: dict) -> object:
    state = GAME.new_state(GAME.config(options), seed)
    agents = [HeuristicAgent(GAME, seed * 10 + p) for p in range(state.num_players)]
    while not state.is_terminal():
        mover = state.to_move()[0]
        state.apply(mover, agents[mover].act(PlayerView(state, mover, GAME)))
    return state


def _person(typed: str) -> tuple[HumanAgent, io.StringIO]:
    out = io.StringIO()
    agent = HumanAgent(GAME, 0, stdin=io.StringIO(typed),
                       console=Console(file=out, width=80, height=24, color_system=None))
    return agent, out


def test_help_says_how_to_read_the_table():
    """Audit (stop 59): `?` gave the rules summary only: `[XX...]`, `<- turn`, `[P1]`, `…`,
    `team 0`, `(from Player 1)` and `Groups: 1: P1's …` were left for a beginner to guess.
    The help now says what each is (the As one castle and teams when they apply)."""
    s = begin_turn(arrange(new(), hands={0: ["QD"]}, soldiers={0: ["KH"], 1: ["9S"]}), 0)
    agent, out = _person("?\n1\n")
    agent.act(PlayerView(s, 0, GAME))
    text = " ".join(out.getvalue().split())
    for mark in ("How to read the table", "'[XX...]': a castle, X a hit taken", "'<- turn'",
                 "'[P1]': the card's controller", "'…'",
                 "'4♦(from Player 1)': a soldier taken with a Joker",
                 "'Groups: 1: P1's K♦ -> P0; 2: ...'", "'(none left)'", "'top last'",
                 "Players are numbered from 0 (you are player 0)"):
        assert mark in text, mark
    assert "'team 0'" not in text and "As one" not in text.split("How to read")[1]
    teams = begin_turn(arrange(new(players=4, teams="as-one"), soldiers={0: ["KH"]}), 0)
    notes = GAME.help_notes(teams.observation(0), 0)
    assert "'team 0'" in notes and "As one: a castle is the team's" in notes
    own = new(deck_mode="draft", players=3, packs=3, pack_size=6, limited_size=15)
    notes = GAME.help_notes(own.observation(0), 0)
    assert "'Pack 1 in front of you'" in notes and "'[XX...]'" not in notes


def test_help_notes_read_the_view_alone():
    """Audit (stop 59): the notes come from what the viewer sees: two views of one state that
    differ only in hidden cards (the viewer's hand) give the same notes."""
    s = begin_turn(arrange(new(), hands={0: ["QD", "2C"], 1: ["5H"]},
                           soldiers={0: ["KH"], 1: ["9S"]}), 0)
    obs = s.observation(0)
    other = {**obs, "hand": ["AS"]}
    notes = GAME.help_notes(obs, 0)
    assert notes.startswith("How to read the table") and notes == GAME.help_notes(other, 0)


def test_a_group_whose_attackers_are_all_down_names_its_attacker():
    """Audit (stop 59): mid-combat, a group whose attackers were all struck down showed
    `Group 1: Player ?'s (none left) -> Player 1  blocked by 7♦[P1]`. Its attacker is public
    (the log's attack): `Player 0's (none left)`."""
    s = begin_turn(arrange(new(), soldiers={0: ["4H", "KH"], 1: ["7D", "9S", "8S"]}), 0)
    attack(s, 0, "4H", 1)
    attack(s, 0, "KH", 1)  # its last soldier: the declaration ends
    block(s, 1, "7D", 0)
    block(s, 1, "9S", 1)
    block(s, 1, "8S", 1)
    obs = s.observation(1)
    assert obs["phase"] == "strike" and obs["groups"][0]["attackers"] == []
    for viewer in (None, 0, 1):
        text = GAME.render(s.observation(viewer), viewer)
        assert "Group 1: Player 0's (none left) -> Player 1  blocked by 7♦[P1]" in text, text
        assert "?" not in text


def test_play_j_chooses_the_court_card():
    """Audit (stop 59): `play 8♠` chose the soldier but `play J♠` was refused: the court
    card's label was `play court card J♠`. It is `play J♠ as a court card`, as the log says
    ("plays J♠ as a court card"), and `play J♠` chooses it."""
    s = begin_turn(arrange(new(), hands={0: ["JS", "8S"]}, soldiers={0: ["9S"]}), 0)
    done(s, 0)  # no attack
    actions = s.legal_actions(0)
    assert PlayCourt("JS").label == "play J♠ as a court card"
    agent, out = _person("")
    assert agent.parse("play J♠", actions) == PlayCourt("JS"), out.getvalue()
    assert agent.parse("play 8♠", actions) == PlaySoldier("8S")
    s.apply(0, PlayCourt("JS"))
    assert GAME.describe_event(s.log[-1][1]) == "Player 0 plays J♠ as a court card"


def test_the_final_table_says_its_attacks_were_never_fought():
    """Audit (stop 59): the game over table listed `Group 3: … 8♠ -> Player 1  blocked by
    5♦[P1]` under the castles as if the combat were still to come: the hits ended the game
    first. A line above the groups says so (the Winner line stays last); mid-game tables
    have no such line."""
    seen = 0
    for seed in range(6):
        state = _played(seed, {"players": str(2 + seed % 2)})
        obs = state.observation(0)
        text = GAME.render(obs, 0)
        assert text.splitlines()[-1].startswith("Winner:")
        said = any(head in text for head in (  # (unblocked or not: stop 70)
            "The game ended before these attacks were fought:",
            "The game ended on these unblocked attacks (their hits counted):",
            "The game ended on these attacks (unblocked: hit; blocked: not fought):"))
        assert said == bool(obs["groups"]), text
        seen += said
    assert seen
    s = begin_turn(arrange(new(), soldiers={0: ["KH"], 1: ["9S"]}), 0)
    attack(s, 0, "KH", 1)
    assert "ended before" not in GAME.render(s.observation(1), 1)


def test_help_lines_are_short():
    """Audit (stop 59): the notes are short lines, each one mark of the table."""
    rng = random.Random(1)
    s = new(players=4, teams="alliance")
    while not s.is_terminal() and s.phase in ("draft", "build", "declare"):
        p = s.to_move()[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
    notes = GAME.help_notes(s.observation(0), 0)
    assert len(notes.splitlines()) > 10 and "'team 0'" in notes
    assert all(len(line) <= 90 for line in notes.splitlines()), notes
