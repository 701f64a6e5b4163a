"""Beliefs in determinisation (engine.belief, agents.beliefs): a determinisation reads only
what its player may know, keeps everything it has seen, and resamples an opponent's secret
choice from the belief it is given. Strength is measured by benchmarks/beliefs.py."""

from __future__ import annotations

import collections
import json
import random

import pytest

from determinisation_twins import behaviour
from game_cases import config_id, game_configs
from warroom.agents import MctsAgent
from warroom.agents.beliefs import HeuristicBelief, make_belief
from warroom.engine import UNIFORM, ConfigError, Game, PlayerView
from warroom.games import REGISTRY, get_game
from warroom.games.champions.state import sort_cards
from warroom.games.kow.state import dice_choices

# Every registered game with the configs its package asks the conformance suite to test
# (CONFORMANCE_CONFIGS, or its default config), so that a new game is covered; and configs
# whose hidden information differs from those.
EXTRA_CONFIGS = [
    ("champions", {"roshambo": "random", "max_turns": 6}),
    ("battle", {"deck_mode": "draft"}),
    # Viktory II: the open map (tiles, deck), cards (hands), and the hidden maps, where the
    # unseen towns, cities and units are resampled (games/viktory_ii/README.md, "Hidden
    # information"; the twin tests in tests/games/viktory_ii/test_vik2_hidden_twins.py)
    ("viktory-ii", {"dark": True, "radius": 3, "turn_limit": 5}),
]


def belief_configs() -> list[tuple[str, dict]]:
    """Every registered game's conformance configs, and the extra ones above, each once."""
    out: list[tuple[str, dict]] = []
    for case in [*game_configs(), *EXTRA_CONFIGS]:
        if case not in out:
            out.append(case)
    return out


CONFIGS = belief_configs()


def test_every_registered_game_and_conformance_config_is_checked():
    """Audit (stop 48): the cases were a hand-written list of the games there were, which a
    new game did not join (engine/README.md says every game is checked); they come from the
    registry now."""
    assert {name for name, _ in CONFIGS} == set(REGISTRY)
    missing = [config_id(case) for case in game_configs() if case not in CONFIGS]
    assert not missing, f"conformance configs not checked here: {missing}"


def walk(game, config, seed, every):
    """States along one random game (copies), every `every` decisions."""
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    i = 0
    while not state.is_terminal():
        if i % every == 0:
            yield state.clone()
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
        i += 1


def determinize(state, player, seed, belief):
    if belief is None or not state.takes_belief:
        return state.determinize(player, random.Random(seed))
    return state.determinize(player, random.Random(seed), belief=belief)


@pytest.mark.parametrize("case", CONFIGS, ids=config_id)
def test_determinisation_reads_only_what_its_player_may_know(case):
    """Two true states that a player cannot tell apart (the second is a determinisation of
    the first for that player: same observation, different hidden cards and choices) give
    the very same determinisations under the same seed, with a uniform and with a heuristic
    belief: no belief can read the true hidden state."""
    name, values = case
    game = get_game(name)
    config = game.config(values)
    compared = 0
    for k, state in enumerate(walk(game, config, 3, every=5)):
        for player in range(state.num_players):
            twin = state.determinize(player, random.Random(500 + k))
            assert json.dumps(twin.observation(player), sort_keys=True) == \
                json.dumps(state.observation(player), sort_keys=True)
            for belief in (None, UNIFORM, HeuristicBelief(game, noise=0.3)):
                seed = 1000 * k + player
                a = determinize(state, player, seed, belief)
                b = determinize(twin, player, seed, belief)
                assert behaviour(a, seed) == behaviour(b, seed), (
                    f"{name} {values}: after {5 * k} decisions the determinisation for "
                    f"player {player} depends on what it cannot see")
                compared += 1
    assert compared >= 6


@pytest.mark.parametrize("case", CONFIGS, ids=config_id)
def test_a_believed_determinisation_keeps_what_its_player_sees(case):
    """With a heuristic belief too, a determinisation shows its player exactly what the
    true state shows (revealed cards, the log) and offers it the same choices."""
    name, values = case
    game = get_game(name)
    config = game.config(values)
    belief = HeuristicBelief(game, noise=0.3)
    for k, state in enumerate(walk(game, config, 5, every=7)):
        for player in range(state.num_players):
            truth = json.dumps(state.observation(player), sort_keys=True)
            for j in range(3):
                d = determinize(state, player, 100 * k + j, belief)
                assert json.dumps(d.observation(player), sort_keys=True) == truth
                assert d.to_move() == state.to_move()
                if player in state.to_move():
                    assert d.legal_actions(player) == state.legal_actions(player)


# --- the secret choices of each game ----------------------------------------------------------

def first_state(game, config, seed, found, limit=5000):
    """The first state of a random game for which `found(state)` holds."""
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if found(state):
            return state
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    raise AssertionError("no such state")


def test_kow_resamples_a_chosen_fist_of_dice_from_the_belief():
    """Seat 0 has chosen its dice in secret: a heuristic belief without noise always puts
    back the heuristic's choice for seat 0's pool and table; a uniform belief spreads over
    every choice the pool allows; with noise the heuristic's choice is the most common."""
    game = get_game("kow")
    state = first_state(game, game.Config(), 4,
                        lambda s: s.phase == "choose" and s.chosen[0] is not None)
    before = state.clone()
    before.pools[0] = [a + b for a, b in zip(before.pools[0],
                                             (state.chosen[0].red, state.chosen[0].white,
                                              state.chosen[0].blue))]
    before.chosen[0] = None
    before._legal = {}
    # the heuristic draws its secret choice among the near-best (kow/heuristic.py)
    expected = {game.heuristic(before, 0, random.Random(k)) for k in range(200)}
    options = list(dice_choices(tuple(before.pools[0]), before.config.min_dice,
                                before.config.max_dice))
    assert len(expected) < len(options) // 2
    exact = {determinize(state, 1, s, HeuristicBelief(game, 0.0)).chosen[0]
             for s in range(30)}
    assert exact == expected
    uniform = collections.Counter(determinize(state, 1, s, UNIFORM).chosen[0]
                                  for s in range(400))
    assert len(uniform) > len(options) // 2
    noisy = collections.Counter(determinize(state, 1, s, HeuristicBelief(game, 0.25))
                                .chosen[0] for s in range(400))
    assert noisy.most_common(1)[0][0] in expected
    share = sum(noisy[c] for c in expected) / 400  # 0.75 + 0.25 * len(expected) / options
    assert 0.65 < share < 0.97
    for s in range(50):  # the pool that is shown is the pool before the choice
        d = determinize(state, 1, s, HeuristicBelief(game, 0.25))
        shown = [a + b for a, b in zip(d.pools[0], (d.chosen[0].red, d.chosen[0].white,
                                                     d.chosen[0].blue))]
        assert shown == before.pools[0]


def test_champions_secret_order_keeps_flipped_cards_and_follows_the_belief():
    """During a battle, the opponent's secret order keeps the cards already flipped in their
    places; the rest follows its heuristic under a noiseless belief (a defender lays its
    strongest first), and takes several orders under a uniform one."""
    game = get_game("champions")
    config = game.Config()
    state = first_state(game, config, 2, lambda s: s.phase == "battle" and s.battle.flips
                        and len(s.battle.def_unflipped()) >= 2 and s.battle.def_round == 1)
    b = state.battle
    defender = b.defender
    viewer = b.attacker
    start = b.def_pos + b.tie
    flipped = b.def_pass[:start]
    orders = set()
    for s in range(40):
        d = determinize(state, viewer, s, HeuristicBelief(game, 0.0))
        assert d.battle.def_pass[:start] == flipped
        rest = d.battle.def_pass[start:]
        values = [d.battle_value(c, b.def_cmd, False) for c in rest]
        assert values == sorted(values, reverse=True)
        assert d.battle.order[defender] == d.battle.def_pass
        orders.add(tuple(rest))
    assert sorted(rest) == sorted(b.def_pass[start:])
    uniform = {tuple(determinize(state, viewer, s, UNIFORM).battle.def_pass[start:])
               for s in range(60)}
    assert len(uniform) > 1


def test_champions_opponent_distribution_follows_the_belief():
    """Before the reveal the opponent's reinforcements are dealt anew and placed one at a
    time as the belief says: a noiseless heuristic belief places them by the heuristic."""
    game = get_game("champions")
    state = first_state(game, game.Config(), 1, lambda s: s.phase == "distribute"
                        and s._placed(0) >= 3 and s.hands[1])
    for s in range(20):
        d = determinize(state, 1, s, HeuristicBelief(game, 0.0))
        assert d._placed(0) == state._placed(0)
        assert len(d.hands[0]) == len(state.hands[0])
        # replaying the heuristic's placements on the resampled cards gives the same table
        replay = d.clone()
        cards = sorted((c for cs in replay.tables[0].values() for c in cs),
                       key=lambda c: -int(c[:-1]))
        replay.hands[0] = sort_cards(cards + replay.hands[0])
        for cmd in replay.tables[0]:
            replay.tables[0][cmd] = []
        for _ in range(d._placed(0)):
            replay._legal = {}
            move = game.heuristic(replay, 0, random.Random(0))
            replay.tables[0][move.commander].append(replay.hands[0].pop(0))
        assert replay.tables[0] == d.tables[0]


# --- Battle's draft ----------------------------------------------------------------------------

def draft_states(seed):
    """(state, names the opponent is known to have taken, names left in the pack seat 0
    passed last) at each of seat 0's decisions in a random two-player draft, worked out from
    seat 0's own observations: a pack it passed comes back two passes later, less the
    opponent's pick."""
    game = get_game("battle")
    state = game.new_state(game.config({"deck_mode": "draft"}), seed)
    rng = random.Random(seed)
    taken: collections.Counter = collections.Counter()
    history: list[collections.Counter] = []  # what seat 0 left in each pack it passed
    out = []
    while state.phase == "draft":
        player = state.to_move()[0]
        if player == 0:
            out.append((state.clone(), collections.Counter(taken),
                        history[-1] if history else None))
        actions = state.legal_actions(player)
        action = actions[rng.randrange(len(actions))]
        if player == 0:
            left = collections.Counter(state.observation(0)["pack"])
            left[action.card] -= 1
            left = +left
        round_before = state.pack_no
        state.apply(player, action)
        if state.phase != "draft" or any(state.picked):
            continue  # no pass yet
        if state.pack_no != round_before:
            history = []
            continue
        history.append(left)
        if len(history) >= 2:  # the pack passed two passes ago is back
            taken += history[-2] - collections.Counter(state.observation(0)["pack"])
    return game, out


def names(state, ids):
    return collections.Counter(state.names[c] for c in ids)


def test_battle_draft_determinisation_remembers_the_packs_it_saw():
    """Two-player draft: over many determinisations, every card the opponent took from a
    pack seat 0 had passed on (seen when the pack came back) is in the opponent's pool; the
    pack the opponent holds is the one seat 0 passed, less its secret pick if it has made
    it."""
    game, states = draft_states(7)
    checked = 0
    for state, taken, passed in states:
        if passed is None:
            continue
        for s in range(10):
            d = determinize(state, 0, s, HeuristicBelief(game, 0.25))
            pool = names(d, d.pool[1])
            assert not taken - pool, f"the opponent's pool lost {taken - pool}"
            held = names(d, d.cur[1])
            if sum(passed.values()):
                lost = passed - held
                assert not held - passed and sum(lost.values()) == int(d.picked[1])
            checked += 1
    assert checked > 50


def test_battle_draft_memory_reaches_the_game():
    """After a two-player draft, the cards seat 0 knows the opponent took stay among the
    opponent's cards (its deck, hand and side) in every determinisation, never in seat 0's
    unknown cards; the old determinisation mixed them with the undealt cards."""
    game = get_game("battle")
    config = game.config({"deck_mode": "draft"})
    state = game.new_state(config, 3)
    rng = random.Random(3)
    while state.phase in ("draft", "build"):
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    theirs = set(state.pool[1] + state.building[1] + state.side[1] + state.hands[1]
                 + state.draw[1])
    known = {c for cards, takers in state.memory[0].closed for c, q in zip(cards, takers)
             if q == 1}
    assert len(known & theirs) >= 20  # two players: nearly every pick of the other is known
    for s in range(20):
        d = determinize(state, 0, s, UNIFORM)
        mine = set(d.side[1] + d.hands[1] + d.draw[1])
        assert known & theirs <= mine
        assert not (known & set(d.undealt))


# --- the agent ---------------------------------------------------------------------------------

def test_mcts_beliefs_option():
    game = get_game("kow")
    assert MctsAgent(game, 0).belief is UNIFORM
    assert isinstance(MctsAgent(game, 0, beliefs="heuristic").belief, HeuristicBelief)
    assert MctsAgent(game, 0, beliefs="heuristic", noise="0.5").belief.noise == 0.5
    for bad, says in (({"beliefs": "psychic"}, "beliefs must be heuristic or uniform"),
                      ({"noise": "2"}, "noise must be at most 1"),
                      ({"noise": "-1"}, "noise must be at least 0")):
        with pytest.raises(ConfigError, match=says):
            MctsAgent(game, 0, **bad)


def test_a_game_without_a_heuristic_is_believed_uniform():
    class Plain(type(get_game("kow"))):
        heuristic = Game.heuristic

    assert make_belief("heuristic", Plain()) is UNIFORM


def test_mcts_with_beliefs_plays_legal_moves_and_is_reproducible():
    game = get_game("kow")
    config = game.Config()
    state = first_state(game, config, 4, lambda s: s.phase == "choose"
                        and s.chosen[0] is not None)
    view = PlayerView(state, 1, game)
    moves = [MctsAgent(game, 9, iters="40", beliefs="heuristic").act(view) for _ in range(2)]
    assert moves[0] == moves[1] and moves[0] in state.legal_actions(1)


def test_word_iron_cards_once_shown_stay_in_their_deck():
    """Word & Iron: a card that was shown (a face-up top card that was then covered, say)
    is known to be in its deck; every determinisation keeps it there, never sets it aside,
    and keeps the face-up top card on top."""
    game = get_game("word-iron")
    checked = 0
    for state in walk(game, game.Config(), 6, every=3):
        for p in (0, 1):
            for k in range(3):
                pile = state.piles[p][k]
                shown = {c for c in pile[:-1] if state.seen[p][k] >> c & 1}
                for s in range(5):
                    d = determinize(state, 1 - p, s, None)
                    assert shown <= set(d.piles[p][k][:-1])
                    assert d.piles[p][k][-1:] == pile[-1:]
                    checked += bool(shown)
    assert checked > 20
