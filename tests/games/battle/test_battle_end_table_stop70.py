"""Battle: the table of a game over, and `play --help` on resigning in an alliance (audit,
stop 70: a rules lawyer at the terminal)."""

from __future__ import annotations

import random

from test_battle_terminal_stop59 import _played

from warroom.cli import main
from warroom.games.battle import GAME

HEADS = {"blocked": "The game ended before these attacks were fought:",
         "unblocked": "The game ended on these unblocked attacks (their hits counted):",
         "mixed": "The game ended on these attacks (unblocked: hit; blocked: not fought):"}


def test_the_attacks_a_game_ended_on_are_said_to_have_hit_when_unblocked():
    """Audit (stop 70): five unblocked groups dealt player 0 its five hits ("takes 5
    unblocked hits: 5 in all") and the last table listed them under "The game ended before
    these attacks were fought:": hits are counted before combat (the text: "If any soldiers
    are unblocked, then the defending player gets that many hits"), and those hits ended it.
    The heading says which hit and which were never fought."""
    seen = set()
    for seed in range(40):
        state = _played(seed, {"players": str(2 + seed % 3)})
        obs = state.observation(None)
        groups = obs.get("final_groups", obs["groups"])
        if not groups:
            continue
        blocked = sum(1 for g in groups if g["blockers"])
        kind = ("blocked" if blocked == len(groups) else
                "unblocked" if not blocked else "mixed")
        text = GAME.render(obs, None)
        assert HEADS[kind] in text and sum(h in text for h in HEADS.values()) == 1, text
        seen.add(kind)
        if kind == "mixed":  # the same table with only its blocked, or unblocked, groups
            for part, keep in (("blocked", True), ("unblocked", False)):
                only = [g for g in groups if bool(g["blockers"]) == keep]
                text = GAME.render({**obs, "final_groups": only, "groups": only}, None)
                assert HEADS[part] in text and sum(h in text for h in HEADS.values()) == 1
    assert "mixed" in seen


def test_a_game_over_shows_the_rounds_played_and_nobody_to_move():
    """Audit (stop 70): a draw at a 1-round time limit showed "round 2, turn 2 of a 1-round
    limit" and "<- turn" on player 0: the round the limit stopped was never played. The
    header of a game over gives the rounds played, no turn, and no seat is marked to move."""
    for seed in range(30):
        state = _played(seed, {"turn_limit": 1})
        obs = state.observation(0)
        if "turn limit" in obs["outcome"]["reason"]:
            break
    else:
        raise AssertionError("no game reached the limit")
    text = GAME.render(obs, 0)
    assert "- round 1 of a 1-round limit - game over" in text.replace("\n    ", " ")
    assert "<- turn" not in text and "turn 2" not in text
    playing = GAME.new_state(GAME.config({"turn_limit": 3}), 1)
    rng = random.Random(1)
    while not playing.observation(None)["round"]:
        mover = playing.to_move()[0]
        playing.apply(mover, rng.choice(playing.legal_actions(mover)))
    assert "<- turn" in GAME.render(playing.observation(0), 0)  # a game in play marks it


def test_play_help_says_an_alliance_member_who_resigns_is_played_on(capsys):
    """Audit (stop 70): `play --help` said that with two sides in play resigning ends the
    game; in a Battle alliance of two teams the heuristic AI played the resigned seat on, as
    the rules' alliance wants ("they must both lose the game before the entire team loses
    the game"), and the help did not say so."""
    assert main(["play", "--help"]) == 0
    shown = " ".join(capsys.readouterr().out.split())
    assert ("as it does for a member of a team whose members play on their own (Battle's "
            "alliance) until the team's last person resigns") in shown
