"""Audit (stop 62): Battle's question when a Two or a Joker is played against one of several
opponents."""

from __future__ import annotations

from battle_helpers import arrange, begin_turn, done, new

from warroom.games.battle import GAME
from warroom.games.battle.actions import PlaySpecial
from warroom.games.battle.state import OPPONENT


def _asked(card: str) -> str:
    """The question seat 0 is asked after playing `card` with two opponents to choose from."""
    s = begin_turn(arrange(new(players=3, jokers=True), hands={0: [card]},
                           soldiers={0: ["7S"], 1: ["KS", "4D", "9C"], 2: ["5S", "6H"]}), 0)
    done(s, 0)
    s.apply(0, PlaySpecial(card))
    assert s.phase == OPPONENT and s.to_move() == (0,)
    return GAME.prompt(s.observation(0), 0)


def test_a_twos_question_says_what_a_two_does():
    """Audit (stop 62): a Two played against one of two opponents asked "Choose the opponent
    who must give up a soldier (your 2♠)", the Joker's effect; the rule is "Two - Destroy two
    soldiers an opponent controls". The question says the chosen opponent destroys two of its
    soldiers, and the Joker's says that it gives one."""
    two = _asked("2S")
    assert two == "Choose the opponent who must destroy two of its soldiers (your 2♠).", two
    assert "give" not in two
    joker = _asked("JK")
    assert joker == "Choose the opponent who must give you one of its soldiers (your Joker).", \
        joker
