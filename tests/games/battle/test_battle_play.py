"""Battle: the heuristic player, rendering, hidden information, and playing in the terminal."""

from __future__ import annotations

import io
import json
import random

import pytest
from battle_helpers import arrange, attack, begin_turn, block, done, new

from warroom.agents import HeuristicAgent
from warroom.cli import main
from warroom.engine import PlayerView
from warroom.games.battle import GAME
from warroom.games.battle.actions import (
    Attack,
    Block,
    Done,
    EndTurn,
    Pick,
    PlayCourt,
    PlaySoldier,
    PlaySpecial,
    Strike,
)
from warroom.games.battle.cards import SKILL
from warroom.games.battle.heuristic import BIG_SHARE, fight, heuristic_action, is_big, plan_blocks
from warroom.sim.batch import BatchSpec, play_one

# --- the heuristic ----------------------------------------------------------------------------


def test_heuristic_beats_random_in_most_two_player_games():
    spec = BatchSpec("battle", {}, ("heuristic", "random"), seed=17)
    results = [play_one(spec, i) for i in range(60)]
    wins = sum(r["winners"] == [0] for r in results)
    assert wins >= 51, f"heuristic won only {wins} of 60 games against random"


def test_heuristic_model_of_combat_follows_the_strike_order():
    assert fight([13], [2, 3]) == ([], [2])  # the King takes the Three, the Two strikes it
    assert fight([13, 12], [2, 3]) == ([13, 12], [])
    assert fight([1], [2]) == ([], [2])
    assert fight([7], [7]) == ([], [])


def test_heuristic_blocks_throw_a_soldier_in_the_way_of_a_fatal_hit():
    plan, _ = plan_blocks([[13]], [[]], [2], hits_left=1)
    assert plan == [[2]]
    plan, _ = plan_blocks([[13]], [[]], [9], hits_left=1)
    assert plan == [[9]]
    plan, _ = plan_blocks([[13]], [[]], [9], hits_left=5)
    assert plan == [[]]  # not worth losing a Nine for one hit early on
    plan, _ = plan_blocks([[5]], [[]], [9], hits_left=5)
    assert plan == [[9]]  # a free kill


def _act(state, player, seed=0):
    return HeuristicAgent(GAME, seed).act(PlayerView(state, player, GAME))


@pytest.mark.parametrize(("hits", "blocks"), [([0, 2, 0, 2], True), ([0, 0, 0, 0], False),
                                              ([0, 4, 0, 0], True)])
def test_heuristic_as_one_blocks_a_hit_that_would_fell_its_teams_castle(hits, blocks):
    """As one, the team has one castle: with two hits on each member the next hit loses the
    game for both, and the heuristic throws its Nine in the way (it read the member's own two
    hits of five and let the King through)."""
    s = begin_turn(arrange(new(players=4, teams="as-one"), soldiers={0: ["KH"], 1: ["9S"]}), 0)
    s.hits = hits
    attack(s, 0, "KH", 1)
    assert s.to_move() == (1,)
    assert (_act(s, 1) == Block("9S", 0)) == blocks


def test_heuristic_attacks_with_soldiers_the_defender_cannot_stop_well():
    s = begin_turn(arrange(new(), soldiers={0: ["KH", "QH"], 1: ["5S"]}), 0)
    assert isinstance(_act(s, 0), Attack)
    s = begin_turn(arrange(new(), soldiers={0: ["3H"], 1: ["KS", "QS"]}), 0)
    assert _act(s, 0) == Done()


def test_heuristic_blocks_and_strikes_sensibly():
    s = begin_turn(arrange(new(), soldiers={0: ["5H"], 1: ["9S", "2C"]}), 0)
    attack(s, 0, "5H", 1)
    assert _act(s, 1) == Block("9S", 0)
    s = begin_turn(arrange(new(), soldiers={0: ["KH", "4H"], 1: ["9S", "8S"]}), 0)
    attack(s, 0, "KH", 1)
    attack(s, 0, "4H", 1, group=0)
    block(s, 1, "9S", 0)
    block(s, 1, "8S", 0)
    # the King strikes first: the Nine would strike before the Four can, so it goes first
    assert _act(s, 0) == Strike("KH", 1, "9S")


def test_heuristic_strikes_equal_skills_without_wasting_a_strike_on_its_own_victim():
    """Its own strike at this skill it knows: the second Seven takes the Two, not the Three
    again (the Two would strike a Seven down at skill 2)."""
    s = begin_turn(arrange(new(), soldiers={0: ["7H", "7D"], 1: ["3S", "2S"]}), 0)
    attack(s, 0, "7H", 1)
    attack(s, 0, "7D", 1, group=0)
    block(s, 1, "3S", 0)
    block(s, 1, "2S", 0)
    assert _act(s, 0) == Strike("7H", 1, "3S")
    s.apply(0, Strike("7H", 1, "3S"))
    assert _act(s, 0) == Strike("7D", 1, "2S")


def test_heuristic_main_step_plays_soldiers_keeps_a_three_and_uses_it_on_a_king():
    s = begin_turn(arrange(new(), hands={0: ["3H", "7H"]}, soldiers={1: ["KS"]},
                           top={0: ["4C"]}), 0)
    assert _act(s, 0) == PlaySoldier("7H")
    s.apply(0, PlaySoldier("4C"))
    s.apply(0, PlaySoldier("7H"))
    assert _act(s, 0) == PlaySpecial("3H")
    s = begin_turn(arrange(new(), hands={0: ["KH", "5H"]}, soldiers={0: ["7H"]},
                           top={0: ["3C"]}), 0)
    done(s, 0)
    s.apply(0, PlaySoldier("5H"))
    assert _act(s, 0) == PlayCourt("KH")
    s.apply(0, PlayCourt("KH"))
    assert _act(s, 0) == EndTurn() or s.phase != "main"


def _pack(state, player, cards):
    """Put exactly these cards in front of `player` (taken from any pack)."""
    zones = state.cur + [k for p in state.packs for k in p] + [state.undealt]
    state.cur[player] = [next(z.pop(z.index(c)) for z in zones for c in z
                              if state.names[c] == name) for name in cards]
    state._legal = {}


@pytest.mark.parametrize("pack,pick", [
    (["4C", "9D", "KS"], "KS"),
    (["4C", "9D", "3H"], "3H"),  # a Three's ability is worth more than a Nine
    (["QC", "2D", "AS"], "2D"),
])
def test_heuristic_drafts_the_strongest_card(pack, pick):
    s = new(deck_mode="draft")
    _pack(s, 0, pack)
    assert heuristic_action(s, 0, random.Random(0)) == Pick(pick)


def test_heuristic_builds_a_deck_it_can_play_not_a_pile_of_court_cards():
    s = new(deck_mode="sealed")
    while s.phase == "build":
        p = s.to_move()[0]
        s.apply(p, heuristic_action(s, p, random.Random(0)))
    deck = [s.names[c] for c in s.draw[0] + s.hands[0]]
    big = [c for c in deck if is_big(c)]
    quota = round(BIG_SHARE * 30)
    assert len(deck) == 30 and quota <= len(big) <= quota + 5
    left = [s.names[c] for c in s.side[0] if not is_big(s.names[c])]
    spots = [SKILL[c] for c in deck if not is_big(c)]
    assert min(spots) >= max(SKILL[c] for c in left)  # the best soldiers went in


def test_heuristic_plays_a_kept_card_as_a_soldier_to_bring_in_a_court_card():
    s = begin_turn(arrange(new(), hands={0: ["KH", "2H"]}, soldiers={0: ["9S"]},
                           top={0: ["AC"]}), 0)
    done(s, 0)
    assert _act(s, 0) == PlaySoldier("2H")


@pytest.mark.parametrize("values", [{"deck_mode": "sealed"}, {"players": 4, "teams": "as-one"}])
def test_heuristic_play_ends_with_a_winner(values):
    config = GAME.config(values)
    state = GAME.new_state(config, 2)
    agents = [HeuristicAgent(GAME, p) for p in range(state.num_players)]
    while not state.is_terminal():
        p = state.to_move()[0]
        state.apply(p, agents[p].act(PlayerView(state, p, GAME)))
    assert state.outcome().winners


# --- rendering --------------------------------------------------------------------------------

def test_render_shows_castles_soldiers_your_hand_and_the_combat():
    s = begin_turn(arrange(new(), hands={1: ["QD", "4C"]},
                           soldiers={0: ["KH", "4H"], 1: ["9S", "8S"]}), 0)
    s.hits[1] = 2
    attack(s, 0, "KH", 1)
    attack(s, 0, "4H", 1, group=0)
    block(s, 1, "9S", 0)
    block(s, 1, "8S", 0)
    text = GAME.render(s.observation(1), 1)
    assert "[XX...]" in text and "Player 1 (you)" in text  # stop 55: not "You (P1)"
    assert "soldiers: K♥ 4♥" in text and "soldiers: 9♠ 8♠" in text
    assert "Your hand: 4♣ Q♦" in text
    assert "Group 1: Player 0's K♥ 4♥ -> Player 1  blocked by 9♠[P1] 8♠[P1]" in text
    assert "Combat of group 1: skill 13 strikes" in text
    assert "Your hand" not in GAME.render(s.observation(None), None)


def test_ruling_equal_skills_strike_unseen_in_the_render_and_the_encoding():
    """A strike at a skill still striking shows only to its controller, as text and as
    numbers; nobody else's view holds it until the level resolves."""
    s = begin_turn(arrange(new(), soldiers={0: ["9H", "5H"], 1: ["9S", "5S"]}), 0)
    attack(s, 0, "9H", 1)
    attack(s, 0, "5H", 1, group=0)
    block(s, 1, "9S", 0)
    block(s, 1, "5S", 0)
    s.apply(0, Strike("9H", 1, "5S"))
    assert "you struck: 5♠[P1]" in GAME.render(s.observation(0), 0)
    for viewer in (1, None):
        assert "struck" not in GAME.render(s.observation(viewer), viewer)
    encoding = GAME.encoding(s.config)
    start, end = encoding.slot_range("doomed")
    assert encoding.encode(s, 0)[start:end].any()
    assert not encoding.encode(s, 1)[start:end].any()


def test_render_draft_and_deck_building():
    s = new(deck_mode="draft")
    text = GAME.render(s.observation(0), 0)
    assert "Pack 1 in front of you" in text and "0 cards picked" in text


def test_every_logged_event_has_a_line_of_text():
    for values in ({"players": 3, "jokers": True}, {"deck_mode": "draft", "packs": 1,
                                                    "pack_size": 10, "limited_size": 10}):
        state = GAME.new_state(GAME.config(values), 5)
        rng = random.Random(5)
        while not state.is_terminal():
            p = state.to_move()[0]
            acts = state.legal_actions(p)
            state.apply(p, acts[rng.randrange(len(acts))])
        for p in list(range(state.num_players)) + [None]:
            for event in state.observation(p)["log"]:
                line = GAME.describe_event(event)
                assert not line.startswith("{"), event


def test_a_draw_from_two_empty_piles_says_there_was_nothing_to_draw():
    """Both piles empty: the draw takes nothing (RULINGS.md), and the log says so in words, not
    as "draws 0 cards" (a turn's header too); the first turn's skipped draw keeps its words."""
    s = new()
    s.draw[s._zone(0)].clear()
    s.discard[s._zone(0)].clear()
    assert s._draw(0, 2) == 0
    lines = [GAME.describe_event(e) for e in s.observation(1)["log"] if e["event"] == "draws"]
    assert lines[-1] == "Player 0 has nothing to draw (both piles are empty)"
    turn = {"event": "turn", "players": [0, 1], "round": 2, "turn": 3, "drawn": [0, 2]}
    assert GAME.describe_event(turn) == \
        "--- Round 2, turn 3: player 0 has nothing to draw; player 1 draws 2 ---"
    first = {**turn, "turn": 1, "round": 1}
    assert "player 0 skips the first draw step" in GAME.describe_event(first)


# --- hidden information -----------------------------------------------------------------------

def test_determinize_resamples_the_draw_pile_and_the_other_hands_only():
    s = new(players=3)
    truth = s.observation(0)
    hands = set()
    for k in range(10):
        d = s.determinize(0, random.Random(k))
        assert d.observation(0) == truth
        assert sorted(d.hands[0]) == sorted(s.hands[0])
        hands.add(tuple(sorted(d.names[c] for c in d.hands[1])))
        assert not any(e.get("event") == "drew" and e["player"] != 0 for _, e in d.log)
    assert len(hands) > 1


def test_observations_are_json():
    s = new(players=4, teams="as-one")
    for p in (0, 1, None):
        obs = s.observation(p)
        assert json.loads(json.dumps(obs)) == obs


# --- playing in the terminal ------------------------------------------------------------------

def _play(monkeypatch, capsys, args, answers):
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    code = main(["play", "battle", *args])
    return code, capsys.readouterr()


def test_a_person_plays_against_two_heuristic_players(monkeypatch, capsys):
    code, out = _play(monkeypatch, capsys, ["--players", "human,heuristic,heuristic",
                                            "--seed", "3"], "?\nfoo\n99\n" + "1\n" * 600)
    assert code == 0, out.err
    assert "you are player 0" in out.out and "Player 2" in out.out
    assert "Battle - rules summary" in out.out  # '?'
    assert "not a legal action here" in out.out and "No action 99" in out.out
    assert "Result: player" in out.out


def test_a_person_drafts_and_builds_a_deck_against_the_ai(monkeypatch, capsys):
    answers = "1\n" * 8 + "done\n" + "end turn\n" * 300 + "1\n" * 300
    code, out = _play(monkeypatch, capsys, ["--players", "human,heuristic", "--seed", "4",
                                            "--set", "deck_mode=draft", "--set", "packs=1",
                                            "--set", "pack_size=9", "--set",
                                            "limited_size=9"], answers)
    assert code == 0, out.err
    assert "Pack 1 in front of you" in out.out and "Your deck (0/9)" in out.out
    assert "Your deck: " in out.out and "Result: player" in out.out


def test_a_bad_deck_file_is_a_one_line_error(tmp_path, capsys):
    bad = tmp_path / "deck.txt"
    bad.write_text("AS\nXX\n")
    code = main(["play", "battle", "--players", "random,random", "--set",
                 "deck_mode=constructed", "--set", f"deck0={bad}"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "deck.txt line 2: 'XX' is not a card" in err


@pytest.mark.parametrize("values", [
    {"players": 3, "jokers": True},
    {"players": 4, "teams": "as-one"},
    {"deck_mode": "draft", "packs": 1, "pack_size": 12, "limited_size": 10},
])
def test_labels_are_distinct_within_every_decision(values):
    """A person may type a label, so no two legal actions of one decision share one."""
    state = GAME.new_state(GAME.config(values), 8)
    rng = random.Random(8)
    while not state.is_terminal():
        for p in state.to_move():
            labels = [a.label for a in state.legal_actions(p)]
            assert len(set(labels)) == len(labels), labels
        p = state.to_move()[0]
        acts = state.legal_actions(p)
        state.apply(p, acts[rng.randrange(len(acts))])
