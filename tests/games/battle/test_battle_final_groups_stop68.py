"""Audit (stop 68), six friends playing Battle with a draft at the browser table: a knocked-out
defender's block missing from the browser's last table, and a spectator's draft line that
could not say which pack was going round."""

from __future__ import annotations

from battle_helpers import arrange, attack, begin_turn, block, new

from warroom.games.battle import GAME


def knocked_out_with_a_block():
    """Six players, seats 0 to 3 out already: seat 4 attacks seat 5 (one hit taken) with
    four soldiers in group 1 and 9♣ in group 2, which seat 5 blocks with its 5♥; the four
    unblocked hits put seat 5 out, and the game is over before any combat."""
    s = new(players=6, first_player=4)
    for p in range(4):
        s._eliminate(p)
    s = arrange(s, soldiers={4: ["KH", "QH", "JH", "10H", "9C"], 5: ["5H"]})
    s.hits[5] = 1
    s = begin_turn(s, 4)
    attack(s, 4, "KH", 5)
    for card in ("QH", "JH", "10H"):
        attack(s, 4, card, 5, group=0)
    attack(s, 4, "9C", 5)  # its last soldier: the declaration ends
    block(s, 5, "5H", 1)  # seat 5's only soldier: the blocks end, the hits are counted
    assert s.is_terminal() and s.outcome().winners == (4,)
    return s


def test_the_last_observation_carries_the_groups_with_the_knocked_out_players_blocks():
    """Audit (stop 68): seat 5 blocked group 2 with 5♥ and the four unblocked hits put it out:
    the terminal showed `Group 2: Player 4's 9♣ -> Player 5  blocked by 5♥[P5]` (rebuilt from
    the log), the browser's table `Group 2 → Seat 5: 9♣`, an unblocked attack (it drew
    `groups`, from which the leaving player's blockers are gone, and gets no log). Every
    viewer's last observation carries the groups as shown (`final_groups`), and the text view
    draws those, log or no log."""
    s = knocked_out_with_a_block()
    for viewer in (None, 0, 4, 5):
        obs = s.observation(viewer)
        assert obs["groups"][1]["blockers"] == []  # the state's: the blocker left with seat 5
        assert [g["blockers"] for g in obs["final_groups"]] == [[], [[5, "5H"]]], obs
        assert [g["attackers"] for g in obs["final_groups"]] == \
            [g["attackers"] for g in obs["groups"]]
        unlogged = {k: v for k, v in obs.items() if k != "log"}  # as a page is sent it
        for shown in (obs, unlogged):
            text = GAME.render(shown, viewer)
            assert "  Group 2: Player 4's 9♣ -> Player 5  blocked by 5♥[P5]\n" in text, text
            assert "  Group 1: Player 4's K♥ Q♥ J♥ 10♥ -> Player 5\n" in text, text


def test_only_a_game_over_with_groups_left_carries_them():
    """Audit (stop 68): `final_groups` is the last table's; a game in play has none (its
    groups are as they stand)."""
    s = begin_turn(arrange(new(), soldiers={0: ["KH"], 1: ["9S"]}), 0)
    attack(s, 0, "KH", 1)
    assert "final_groups" not in s.observation(1)


def test_a_spectator_of_a_draft_sees_which_pack_is_going_round():
    """Audit (stop 68): the browser's draft line for a spectator (or a seat the AI plays)
    read only "Draft": the pack's number was in a seat's observation alone, though the log
    says it to all ("Draft: pack 2 opened, passing right"). Every viewer has it."""
    s = new(deck_mode="draft", players=3, packs=2, pack_size=4, limited_size=8)
    for number, passing in ((1, "left"), (2, "right")):
        while s.observation(0)["pack_number"] != number:
            for p in range(3):
                s.apply(p, s.legal_actions(p)[0])
        watched = s.observation(None)
        assert (watched["pack_number"], watched["packs"], watched["passing"]) == \
            (number, 2, passing), watched
        assert "pack" not in watched  # the cards stay secret
