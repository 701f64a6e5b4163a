"""Battle: multiplayer games, the two team modes, and the tournament time limit's tiebreaks."""

from __future__ import annotations

import pytest
from battle_helpers import arrange, attack, begin_turn, block, done, end_turn, names, new, soldiers

from warroom.engine import ConfigError
from warroom.games.battle import GAME
from warroom.games.battle.actions import (
    Attack,
    Block,
    ChooseOpponent,
    Destroy,
    GiveSoldier,
    PlayCourt,
    PlaySpecial,
    Sacrifice,
)
from warroom.games.battle.cards import STANDARD_DECK
from warroom.games.battle.state import BLOCK, DECLARE, MAIN, OPPONENT, OVER

# --- multiplayer ------------------------------------------------------------------------------


def test_multiplayer_two_player_chooses_the_opponent_who_then_chooses_its_losses():
    s = begin_turn(arrange(new(players=3), hands={0: ["2H"]},
                           soldiers={0: ["7H"], 1: ["KS", "4D", "9C"], 2: ["5S"]}), 0)
    done(s, 0)
    s.apply(0, PlaySpecial("2H"))
    assert s.phase == OPPONENT
    assert set(s.legal_actions(0)) == {ChooseOpponent(1), ChooseOpponent(2)}
    s.apply(0, ChooseOpponent(1))
    assert s.to_move() == (1,)
    s.apply(1, Sacrifice("4D"))
    s.apply(1, Sacrifice("9C"))
    assert soldiers(s, 1) == ["KS"] and soldiers(s, 2) == ["5S"]


def test_multiplayer_joker_player_chooses_the_opponent_who_chooses_the_soldier():
    s = begin_turn(arrange(new(players=3, jokers=True), hands={0: ["JK"]},
                           soldiers={1: ["KS", "4D"], 2: []}), 0)
    s.apply(0, PlaySpecial("JK"))  # only player 1 has a soldier: no choice of opponent
    assert s.to_move() == (1,)
    s.apply(1, GiveSoldier("4D", 0))
    assert soldiers(s, 0) == ["4D"]


def test_multiplayer_defenders_declare_blockers_clockwise_from_the_attacker():
    s = begin_turn(arrange(new(players=4, first_player=2),
                           soldiers={2: ["9H", "8H"], 0: ["5S"], 3: ["4S"]}), 2)
    attack(s, 2, "9H", 0)
    attack(s, 2, "8H", 3)
    assert s.phase == BLOCK and s.queue == [3, 0]
    assert set(s.legal_actions(3)) == {Block("4S", 1), s.legal_actions(3)[-1]}
    done(s, 3)
    done(s, 0)
    assert s.hits == [1, 0, 0, 1]


def test_multiplayer_a_stolen_soldier_when_destroyed_goes_to_its_owners_discard_pile():
    s = new(deck_mode="constructed", jokers=True, deck0=STANDARD_DECK[:38] + ("JK", "JK"),
            deck1=STANDARD_DECK[12:])
    s = begin_turn(arrange(s, hands={0: ["JK"], 1: ["3S"]}, soldiers={1: ["4D", "5S"]}), 0)
    s.apply(0, PlaySpecial("JK"))
    s.apply(1, GiveSoldier("4D", 0))
    end_turn(s, 0)
    done(s, 1)
    s.apply(1, PlaySpecial("3S"))
    s.apply(1, Destroy(0, "4D"))
    assert "4D" in names(s, s.discard[1]) and "4D" not in names(s, s.discard[0])


def test_multiplayer_last_player_remaining_wins():
    s = begin_turn(arrange(new(players=3), soldiers={0: ["9H", "8H"]}), 0)
    s.hits[1] = s.hits[2] = 4
    attack(s, 0, "9H", 1)
    attack(s, 0, "8H", 2)
    assert s.is_terminal() and s.outcome().winners == (0,)
    assert s.out == [False, True, True]


# --- teams ------------------------------------------------------------------------------------

@pytest.mark.parametrize("values, message", [
    ({"players": 3, "teams": "alliance"},
     "teams are played by four or six players (option 'teams'=alliance, players=3)"),
    ({"players": 5, "teams": "as-one"},
     "teams are played by four or six players (option 'teams'=as-one, players=5)"),
    ({"players": 4, "teams": "alliance", "team_size": 3},
     "option 'team_size' must be 2 or 3 and divide the players (4), got 3"),
    ({"players": 6, "teams": "alliance", "team_size": 4},
     "option 'team_size' must be from 2 to 3, got 4"),
])
def test_teams_are_for_four_and_six_player_games_with_two_or_three_per_team(values, message):
    """Audit (stop 47): any ConfigError passed, even one for another option; now the
    message must name the rule broken (players for teams, a team size dividing them)."""
    with pytest.raises(ConfigError) as info:
        GAME.config(values)
    assert str(info.value) == message


def test_teams_teammates_sit_apart_so_turns_alternate_between_teams():
    assert GAME.team_seats(GAME.config({"players": 4, "teams": "alliance"})) == [(0, 2), (1, 3)]
    assert GAME.team_seats(GAME.config({"players": 6, "teams": "as-one"})) == \
        [(0, 3), (1, 4), (2, 5)]
    assert GAME.team_seats(GAME.config({"players": 6, "teams": "as-one", "team_size": 3})) == \
        [(0, 2, 4), (1, 3, 5)]
    assert GAME.team_seats(GAME.config({"players": 4})) is None


def test_teams_1_alliance_teammates_cannot_attack_each_other():
    s = begin_turn(arrange(new(players=4, teams="alliance"), soldiers={0: ["9H"]}), 0)
    targets = {a.target for a in s.legal_actions(0) if isinstance(a, Attack)}
    assert targets == {1, 3}


def test_teams_1_alliance_both_must_lose_before_the_team_loses():
    s = begin_turn(arrange(new(players=4, teams="alliance"), soldiers={0: ["9H", "8H"]}), 0)
    s.hits[1] = 4
    attack(s, 0, "9H", 1)
    done(s, 0)
    assert s.out[1] and not s.is_terminal()
    assert s.players_out() == {1}  # what a resignation counts (engine.record.sides)
    s = begin_turn(arrange(s, soldiers={2: ["7C"]}), 2)
    s.hits[3] = 4
    s.hits[0] = 5
    s.out[0] = True  # player 0 of the winning team is out too: the team still wins together
    attack(s, 2, "7C", 3)
    assert s.is_terminal()
    assert s.outcome().winners == (0, 2) and s.outcome().reason == "last team standing"


def test_teams_1_alliance_players_take_their_own_turns_and_block_for_themselves():
    s = new(players=4, teams="alliance")
    order = []
    for _ in range(4):
        order.append(s.active)
        end_turn(s, s.active[0])
    assert order == [(0,), (1,), (2,), (3,)]
    s = begin_turn(arrange(s, soldiers={0: ["9H"], 3: ["KS"]}), 0)
    attack(s, 0, "9H", 1)
    assert s.hits[1] == 1  # the ally (player 3) could not block for player 1


def test_teams_2_as_one_a_team_shares_a_turn_and_attacks_at_the_same_time():
    s = new(players=4, teams="as-one")
    assert s.active == (0, 2)
    assert [len(h) for h in s.hands] == [8, 7, 8, 7]  # both drew in the shared draw step
    s = begin_turn(arrange(s, soldiers={0: ["9H"], 2: ["8C"]}), 0)
    assert s.phase == DECLARE and s.queue == [0, 2]
    attack(s, 0, "9H", 1)
    attack(s, 2, "8C", 1, group=0)  # teammates attack together, even in one group
    assert s.hits[1] == 2
    assert s.phase == MAIN and s.queue == [0, 2]
    end_turn(s, 0)
    end_turn(s, 2)
    assert s.active == (1, 3)


def test_teams_2_as_one_either_teammate_can_block():
    s = begin_turn(arrange(new(players=4, teams="as-one"),
                           soldiers={0: ["9H"], 3: ["KS"]}), 0)
    done(s, 2) if s.to_move() == (2,) else None
    attack(s, 0, "9H", 1)
    assert s.to_move() == (3,)
    block(s, 3, "KS", 0)
    assert s.hits[1] == 0 and soldiers(s, 0) == []


def test_teams_2_as_one_five_hits_on_the_team_lose_for_the_whole_team():
    """The team is attacked as one: 2 hits on one member and 2 on the other, then a fifth
    on either, and the whole team is out (five hits on one member were needed)."""
    s = begin_turn(arrange(new(players=4, teams="as-one"), soldiers={0: ["9H"]}), 0)
    s.hits[1], s.hits[3] = 2, 2
    attack(s, 0, "9H", 3)
    assert s.hits == [0, 2, 0, 3]
    assert s.out == [False, True, False, True]
    assert s.is_terminal() and s.outcome().winners == (0, 2)


def test_teams_2_as_one_four_hits_on_the_team_do_not_knock_it_out():
    s = begin_turn(arrange(new(players=4, teams="as-one"), soldiers={0: ["9H"]}), 0)
    s.hits[1], s.hits[3] = 2, 1
    attack(s, 0, "9H", 3)
    assert s.out == [False, False, False, False] and not s.is_terminal()


def test_teams_2_as_one_the_team_has_one_castle_its_points_left_are_each_members_score():
    """'If either team is attacked by unblocked soldiers five times, then the entire team
    loses': the team has one castle. A member's score (the castle points left) is the team's,
    not five less its own hits: player 2 took none, but its team's castle has taken three."""
    s = begin_turn(arrange(new(players=4, teams="as-one"), soldiers={0: ["9H"]}), 0)
    s.hits = [3, 2, 0, 2]
    attack(s, 0, "9H", 3)
    assert s.is_terminal() and s.outcome().winners == (0, 2)
    assert s.outcome().scores == (2.0, 0.0, 2.0, 0.0)


def test_teams_2_as_one_the_screen_shows_the_castle_the_team_shares():
    """'If either team is attacked by unblocked soldiers five times, then the entire team
    loses': with two hits on each member the team is one hit from losing, and each member's
    castle on the screen says so (not two hits of five each)."""
    s = begin_turn(arrange(new(players=4, teams="as-one")), 0)
    s.hits = [0, 2, 0, 2]
    seats = s.observation(1)["seats"]
    assert [seat["castle"] for seat in seats] == [0, 4, 0, 4]
    assert [seat["hits"] for seat in seats] == [0, 2, 0, 2]  # who took them stays known
    text = GAME.render(s.observation(1), 1)
    assert text.count("[XXXX.]") == 2 and "[XX...]" not in text


def test_teams_2_as_one_each_teammate_may_play_its_own_court_card():
    s = begin_turn(arrange(new(players=4, teams="as-one"), hands={0: ["KH"], 2: ["KS"]},
                           soldiers={0: ["5H"], 2: ["5S"]}), 0)
    done(s, 0)
    done(s, 2)
    s.apply(0, PlayCourt("KH"))
    end_turn(s, 0)  # it still holds the card it drew
    assert s.to_move() == (2,)
    s.apply(2, PlayCourt("KS"))
    assert "KS" in soldiers(s, 2)


def test_teams_six_players_in_two_teams_of_three_share_turns():
    s = new(players=6, teams="as-one", team_size=3)
    assert s.active == (0, 2, 4)
    for p in (0, 2, 4):
        end_turn(s, p)
    assert s.active == (1, 3, 5)


# --- tournaments: the time limit ---------------------------------------------------------------

def _to_limit(s):
    while not s.is_terminal():
        end_turn(s, s.to_move()[0])
    return s.outcome()


def test_tournament_time_limit_fewest_unblocked_hits_wins():
    s = new(players=3, turn_limit=2)
    s.hits = [2, 1, 3]
    out = _to_limit(s)
    assert out.winners == (1,) and out.reason == "turn limit: fewest hits taken"
    assert s.round == 3 and s.turn_no == 6  # two full rounds were played


def test_tournament_time_limit_then_the_first_player_to_land_an_unblocked_hit_wins():
    s = new(players=3, turn_limit=1)
    s.hits = [1, 1, 3]
    s.first_hit = [None, None, 1]
    assert _to_limit(s).winners == ()  # the tied players never hit anybody: no winner
    s = new(players=3, turn_limit=1)
    s.hits = [1, 1, 3]
    s.first_hit = [5, 2, 1]
    out = _to_limit(s)
    assert out.winners == (1,) and out.reason == "turn limit: first unblocked hit"


def test_tournament_time_limit_draw_when_nothing_separates_the_players():
    out = _to_limit(new(turn_limit=3))
    assert out.winners == () and out.reason == "turn limit: draw"


def test_tournament_first_unblocked_hit_is_recorded():
    s = begin_turn(arrange(new(), soldiers={0: ["9H"], 1: ["8C"]}), 0)
    attack(s, 0, "9H", 1)
    done(s, 1)
    assert s.first_hit == [2, None]


def test_tournament_time_limit_teams_win_or_lose_together():
    s = new(players=4, teams="alliance", turn_limit=1)
    s.hits = [0, 1, 2, 0]  # team 0 (players 0 and 2): 2 hits; team 1: 1 hit
    out = _to_limit(s)
    assert out.winners == (1, 3)


def test_ruling_time_limit_alliance_counts_the_hits_of_a_member_already_out():
    """Audit (stop 63): the README's ruling for a team at the time limit was unwritten (the
    code counted an eliminated member's hits, while a player out of a game without teams
    cannot win): a team's total is every member's, so 5 + 0 loses to 3 + 1 and beats 3 + 3."""
    s = new(players=4, teams="alliance", turn_limit=1)
    s.hits = [5, 3, 0, 1]
    s._eliminate(0)
    assert _to_limit(s).winners == (1, 3)  # without player 0's hits team 0 would have none
    s = new(players=4, teams="alliance", turn_limit=1)
    s.hits = [5, 3, 0, 3]
    s._eliminate(0)
    out = _to_limit(s)
    assert out.winners == (0, 2) and out.reason == "turn limit: fewest hits taken"


def test_safety_round_limit_ends_ai_games_as_a_draw():
    s = new(max_rounds=2)
    out = _to_limit(s)
    assert out.winners == () and out.reason == "safety round limit: draw"
    assert s.phase == OVER


def test_tournament_time_limit_past_the_safety_guard_is_reached_and_its_tiebreaks_decide():
    """Rules, tournaments: "If there is no winner in the limited time, then the winner is the
    player that has been attacked with the fewest number of unblocked soldiers." Audit (stop
    40): a `turn_limit` past `max_rounds` (300 by default) was never reached: the safety
    guard drew the game first. A time limit is itself a guard; it replaces the other."""
    s = new(turn_limit=4, max_rounds=2)
    s.hits = [3, 1]
    out = _to_limit(s)
    assert out.winners == (1,) and out.reason == "turn limit: fewest hits taken"
    assert s.round == 5  # four whole rounds: the guard's two did not end it
