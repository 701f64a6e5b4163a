"""The conformance suite (docs/DESIGN.md): the same checks over every registered game and config."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game_cases import config_id, game_configs, has_heuristic
from warroom.agents import HeuristicAgent
from warroom.engine import Game, IllegalAction, Outcome, PlayerView, Record, replay
from warroom.engine.config import option_names
from warroom.engine.data import TEXT_WIDTH, plain
from warroom.engine.flowcheck import (
    _short,
    compare_flow,
    determinisation_problem,
    determinisation_repeat_problem,
    simultaneous_leak_in_play,
    simultaneous_turn_problem,
    twin,
)
from warroom.games import REGISTRY

MAX_DECISIONS = 20_000


def random_walk(game, config, seed, max_steps=MAX_DECISIONS):
    """Yield (state, player, action) along one random game; the state is live (mutated)."""
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        if state.is_terminal():
            return
        movers = state.to_move()
        assert movers, "a non-terminal state must have a player to move"
        for p in movers:
            assert state.legal_actions(p), f"player {p} is to move with no legal action"
        player = movers[0]
        actions = state.legal_actions(player)
        action = actions[rng.randrange(len(actions))]
        yield state, player, action
        state.apply(player, action)
    raise AssertionError(f"game did not end within {max_steps} decisions")


def all_observations(state):
    return [state.observation(p) for p in range(state.num_players)] + [state.observation(None)]


def outcome_problem(game: Game, state) -> str | None:
    """None if the finished `state`'s `outcome()` is an engine Outcome with one score per
    player and winners among the players; else one sentence naming the game and what it
    returned."""
    outcome, n = state.outcome(), state.num_players
    said = f"{game.name}: outcome() of a finished game returned {_short(outcome)}"
    if not isinstance(outcome, Outcome):
        return (f"{said}, a {type(outcome).__name__}, not an engine Outcome(winners, scores, "
                "reason) (warroom.engine.Outcome), which records, the terminal and the "
                "environments read")
    if len(outcome.scores) != n:
        return f"{said}: {len(outcome.scores)} score(s) for {n} players (one per player)"
    if not set(outcome.winners) <= set(range(n)):
        return f"{said}: its winners {outcome.winners} are not all players 0 to {n - 1}"
    return None


def check_outcome(game, state):
    assert state.is_terminal()
    problem = outcome_problem(game, state)
    assert problem is None, problem
    outcome = state.outcome()
    assert outcome.reason
    assert state.to_move() == ()
    json.dumps(outcome.to_json())


@pytest.mark.parametrize("seed", range(12))
def test_random_play_terminates_with_legal_outcome(game_config, seed):
    game, config = game_config
    final = game.new_state(config, seed)
    for final, _, _ in random_walk(game, config, seed):  # noqa: B007 (the walk mutates it)
        pass
    check_outcome(game, final)


@pytest.mark.parametrize("seed", range(3))
def test_players_out_only_grows_and_an_out_seat_never_moves(game_config, seed):
    """`players_out()`: what a resignation counts as no longer in play (engine.record.sides)."""
    game, config = game_config
    before: frozenset[int] = frozenset()
    for state, player, _ in random_walk(game, config, seed):
        out = state.players_out()
        assert isinstance(out, frozenset) and out <= set(range(state.num_players))
        assert before <= out, "a player put out came back"
        assert player not in out and not out & set(state.to_move())
        before = out


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("game_config", [p for p in game_configs() if has_heuristic(p[0])],
                         ids=config_id, indirect=True)
def test_heuristic_play_terminates(game_config, seed):
    game, config = game_config
    state = game.new_state(config, seed)
    agents = [HeuristicAgent(game, seed * 10 + p) for p in range(state.num_players)]
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            break
        player = state.to_move()[0]
        action = agents[player].act(PlayerView(state, player, game))
        assert action in state.legal_actions(player), f"heuristic chose illegal {action}"
        state.apply(player, action)
    check_outcome(game, state)


def test_illegal_actions_raise_and_leave_state_unchanged(game_config):
    game, config = game_config
    seen = []  # actions from elsewhere in the game: many are illegal at a given moment
    checked = 0
    for i, (state, player, action) in enumerate(random_walk(game, config, 7)):
        seen.append(action)
        if i % 3:
            continue
        before = json.dumps(all_observations(state), sort_keys=True)
        legal = state.legal_actions(player)
        foreign = [a for a in seen[-50:] if a not in legal]
        for bad in foreign[:3]:
            with pytest.raises(IllegalAction) as info:
                state.apply(player, bad)
            assert str(info.value)
            checked += 1
        idle = [p for p in range(state.num_players) if p not in state.to_move()]
        for p in idle[:1]:
            with pytest.raises(IllegalAction):
                state.apply(p, action)
            checked += 1
        assert json.dumps(all_observations(state), sort_keys=True) == before
        assert state.legal_actions(player) == legal
    assert checked > 0


@pytest.mark.parametrize("seed", range(3))
def test_replay_reproduces_every_observation(game_config, seed):
    game, config = game_config
    record = Record.start(game, config, seed)
    trace = []
    final = None
    for state, player, action in random_walk(game, config, seed):
        trace.append(json.dumps(all_observations(state), sort_keys=True))
        record.add(player, action)
        final = state
    final = final or game.new_state(config, seed)
    trace.append(json.dumps(all_observations(final), sort_keys=True))
    # the record survives a JSON round trip and replays to the same observations
    again = Record.from_json(json.loads(json.dumps(record.to_json())))
    replayed = [json.dumps(all_observations(s), sort_keys=True) for s, _, _ in replay(game, again)]
    assert replayed == trace
    assert replayed[-1] == trace[-1]


def test_observations_are_json_lossless(game_config):
    game, config = game_config
    for i, (state, _, action) in enumerate(random_walk(game, config, 3)):
        if i % 5 == 0:
            for obs in all_observations(state):
                assert json.loads(json.dumps(obs)) == obs
        data = game.codec.decode(json.loads(json.dumps(_to_json(action))))
        assert data == action
        assert isinstance(action.label, str) and action.label


def config_problem(game: Game, values: dict) -> str | None:
    """None if the game's config of `values` is hashable, equal configs hash alike, and a
    field cannot be assigned (frozen); else what is wrong."""
    config, same = game.config(values), game.config(values)
    try:
        hash(config)
    except TypeError as exc:
        return (f"{game.name} config {values} is not hashable ({exc}): make its Config a "
                "@dataclass(frozen=True) (PettingZoo environments and caches key on it)")
    if config != same or hash(config) != hash(same):
        return f"two {game.name} configs of {values} are not equal, or do not hash alike"
    names = option_names(type(config))
    if not names:
        return None
    try:
        setattr(config, names[0], getattr(config, names[0]))
    except AttributeError:  # dataclasses' FrozenInstanceError
        return None
    return (f"{game.name} config {values}: assigning its field {names[0]!r} did not raise: "
            "make its Config a @dataclass(frozen=True)")


def action_problem(state, player: int) -> str | None:
    """None if every legal action of `player` is hashable (a search keys its statistics on
    them) and has a non-empty `label` string (what a person is offered); else the first
    action that is not."""
    for action in state.legal_actions(player):
        try:
            hash(action)
        except TypeError as exc:
            return (f"{type(action).__name__} is not hashable ({exc}): make it a "
                    "@dataclass(frozen=True) or a NamedTuple")
        label = getattr(action, "label", None)
        if not isinstance(label, str) or not label:
            return f"{action!r} has no label (a non-empty str): got {label!r}"
    return None


@pytest.mark.parametrize("pair", game_configs(), ids=config_id)
def test_config_is_frozen_and_hashable(pair):
    """Audit (stop 59): a Config that was not frozen passed the suite, and PettingZoo's
    environments crashed on it ("unhashable type: 'Config'")."""
    name, values = pair
    problem = config_problem(REGISTRY[name], values)
    assert problem is None, problem


def test_every_legal_action_is_hashable_and_labelled(game_config):
    """Audit (stop 59): an action dataclass that was not frozen passed the suite, and mcts
    crashed on it ("unhashable type"); an action without a label crashed the terminal's human
    player. Every legal action of every mover along a random game."""
    game, config = game_config
    for i, (state, _, _) in enumerate(random_walk(game, config, 2)):
        for p in state.to_move():
            problem = action_problem(state, p)
            assert problem is None, f"after {i} decisions, player {p}: {problem}"


def _to_json(action):
    from warroom.engine import to_json

    return to_json(action)


@pytest.mark.parametrize("seed", range(2))
def test_the_text_view_fits_a_panel_on_an_80_column_terminal(game_config, seed):
    """Every line of every view (a seat's and a spectator's) is at most TEXT_WIDTH characters
    once its colours are taken out: a terminal's own wrap breaks a line anywhere and starts
    again at the margin."""
    game, config = game_config
    for state, player, _ in random_walk(game, config, seed):
        for viewer in (player, None):
            text = plain(game.render(state.observation(viewer), viewer))
            too_long = [line for line in text.splitlines() if len(line) > TEXT_WIDTH]
            assert not too_long, (viewer, too_long)


def test_clone_is_independent(game_config):
    game, config = game_config
    for i, (state, _, _) in enumerate(random_walk(game, config, 5)):
        if i % 7:
            continue
        before = json.dumps(all_observations(state), sort_keys=True)
        copy = state.clone()
        assert json.dumps(all_observations(copy), sort_keys=True) == before
        rng = random.Random(i)
        for _ in range(20):
            if copy.is_terminal():
                break
            p = copy.to_move()[0]
            acts = copy.legal_actions(p)
            copy.apply(p, acts[rng.randrange(len(acts))])
        assert json.dumps(all_observations(state), sort_keys=True) == before


def heuristic_disagreements(game, config, seed: int, checks: int) -> tuple[int, int]:
    """(decisions checked, decisions where the heuristic's move on a plain copy of the state
    and on two determinisations for its player, with the same random draws, was not the same),
    along a game of heuristic and random moves."""
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    done = differ = 0
    while not state.is_terminal() and done < checks:
        p = state.to_move()[0]
        actions = state.legal_actions(p)
        if len(actions) > 1:
            done += 1
            copy = PlayerView(state, p, game).policy_state(random.Random(1))
            copies = (copy, state.determinize(p, random.Random(2)),
                      state.determinize(p, random.Random(3)))
            moves = [game.heuristic(c, p, random.Random(7)) for c in copies]
            differ += not moves[0] == moves[1] == moves[2]
        heuristic = game.heuristic(state.determinize(p, rng), p, rng) if rng.random() < 0.5 \
            else None
        state.apply(p, heuristic if heuristic is not None else
                    actions[rng.randrange(len(actions))])
    return done, differ


def _reads_only_view(pair: tuple[str, dict]) -> bool:
    game = REGISTRY[pair[0]]
    return game.heuristic_reads_only_view(game.config(pair[1]))


@pytest.mark.parametrize("claimed", [p for p in game_configs() if _reads_only_view(p)],
                         ids=config_id)
def test_a_heuristic_said_to_read_only_the_view_plays_the_same_on_any_determinisation(claimed):
    """Game.heuristic_reads_only_view: where a game says so, a heuristic player decides on a
    plain copy of the state instead of a determinisation, so its move must not depend on
    anything hidden: on the copy and on two determinisations it is the same, every time."""
    name, values = claimed
    game = REGISTRY[name]
    config = game.config(values)
    checked = 0
    for seed in range(40):  # three games, or more of a short game (a single Viktory battle)
        done, differ = heuristic_disagreements(game, config, seed, 150)
        assert differ == 0, f"seed {seed}: the heuristic's move changed with hidden information"
        checked += done
        if seed >= 2 and checked >= 60:
            break
    assert checked >= 60, "too few decisions with a choice to check"


def test_the_check_of_a_view_only_heuristic_catches_one_that_reads_hidden_information():
    """On a dark Viktory II map the heuristic plans against enemy towns it has not seen,
    which a determinisation moves: the game does not claim a view-only heuristic there, and
    the check above would refuse the claim."""
    game = REGISTRY["viktory-ii"]
    config = game.config({"dark": True, "radius": 3, "turn_limit": 6})
    assert not game.heuristic_reads_only_view(config)
    assert sum(heuristic_disagreements(game, config, seed, 400)[1] for seed in range(3)) > 0


def _offers_an_estimate(pair: tuple[str, dict]) -> bool:
    return type(REGISTRY[pair[0]]).evaluate is not Game.evaluate


@pytest.mark.parametrize("estimated", [p for p in game_configs() if _offers_an_estimate(p)],
                         ids=config_id)
def test_position_estimate_is_a_reward_per_player_and_leaves_the_state_alone(estimated):
    """Game.evaluate, for every game that offers it (search stops short of the end with it);
    a game without one leaves search to play to the end."""
    name, values = estimated
    game = REGISTRY[name]
    config = game.config(values)
    seen = set()
    for state, _, _ in random_walk(game, config, 7):
        before = json.dumps(all_observations(state), sort_keys=True)
        estimate = game.evaluate(state)
        assert json.dumps(all_observations(state), sort_keys=True) == before
        if estimate is None:  # a state the game declines to score
            continue
        assert len(estimate) == state.num_players
        assert all(0.0 <= v <= 1.0 for v in estimate)
        seen.add(tuple(round(v, 6) for v in estimate))
    assert len(seen) > 1, "the estimate never changed along a whole game"


def test_determinize_keeps_observation_and_varies_the_unknown(game_config):
    """A determinisation for a player keeps what it sees and what a spectator sees: the
    spectator's view is public, so a player who reads it (any link without a token) must not
    learn from it what its own view hides (Viktory II's hidden map showed where the hexes
    every player saw lay, which told each player where the others could see). And it varies
    what the player cannot see (warroom.engine.flowcheck.determinisation_problem).

    Audit (stop 48): its messages blamed determinize for an observation that showed an
    opponent's hand; they name the key that differs and both possible causes."""
    game, config = game_config
    problem = determinisation_problem(game, config, 11)
    assert problem is None, problem


def test_determinize_draws_only_from_the_rng_it_is_given(game_config):
    """Audit (stop 59): a determinize that drew from `random.Random()` instead of its rng
    passed the suite, and a seeded mcts player then played a different game each time. Two
    determinisations from rngs of the same seed must be the same game
    (warroom.engine.flowcheck.determinisation_repeat_problem)."""
    game, config = game_config
    problem = determinisation_repeat_problem(game, config, 13)
    assert problem is None, problem


@pytest.mark.parametrize("seed", range(2))
def test_flow_of_decisions_and_events_reveals_nothing_hidden(game_config, seed):
    """Who is asked, what kind of decision, and the events a player sees depend only on what
    it may know: a determinisation for it, rolling the same dice, must show the same flow
    until a hidden card is revealed (see warroom.engine.flowcheck)."""
    game, config = game_config
    compared = 0
    for i, (state, _, _) in enumerate(random_walk(game, config, seed)):
        if i % 2:
            continue
        for p in range(state.num_players):
            what, steps = compare_flow(game, state.clone(), twin(state, p, 1000 * i + p), p,
                                       random.Random(i), 30)
            assert what is None, f"seed {seed}, after {i} decisions, seen by player {p}: {what}"
            compared += steps
    assert compared > 0, "no action was ever compared"


def test_a_secret_simultaneous_choice_is_hidden_until_all_are_in(game_config):
    """Audit (stop 48): at a simultaneous decision (several seats in `to_move()`) nobody sees
    another's choice until all are in (docs/DESIGN.md), through its observation, the log
    included (boardgame.io's secrets leaked through logs), or its legal actions: two
    different choices of one mover, on two clones, look the same to every other seat still
    to move (warroom.engine.flowcheck.simultaneous_leak). Up to 40 simultaneous decisions
    along each of three random games."""
    game, config = game_config
    for seed in range(3):
        leak = simultaneous_leak_in_play(game, config, seed, decisions=40)
        assert leak is None, leak


def test_every_mover_of_a_simultaneous_decision_stays_to_move_until_it_has_chosen(game_config):
    """Audit (stop 54): once several seats are to move at once, each stays in `to_move()` until
    it has chosen, and the game does not end with some still to choose (a game that ended
    with one secret card played crashed MctsAgent's rollout, which collects every mover's
    choice first: "IllegalAction: the game is over"). Two random games, the mover that acts
    drawn at random (warroom.engine.flowcheck.simultaneous_turn_problem)."""
    game, config = game_config
    for seed in range(2):
        problem = simultaneous_turn_problem(game, config, seed)
        assert problem is None, problem


@settings(max_examples=25, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_fuzz_action_sequences(game_config, data):
    game, config = game_config
    seed = data.draw(st.integers(0, 2**31 - 1), label="seed")
    state = game.new_state(config, seed)
    for _ in range(data.draw(st.integers(1, 300), label="steps")):
        if state.is_terminal():
            check_outcome(game, state)
            return
        movers = state.to_move()
        player = movers[data.draw(st.integers(0, len(movers) - 1), label="mover")]
        actions = state.legal_actions(player)
        assert actions
        action = actions[data.draw(st.integers(0, len(actions) - 1), label="action")]
        state.apply(player, action)
        obs = state.observation(player)
        assert json.loads(json.dumps(obs)) == obs



def test_no_viewer_but_a_seat_or_none_can_observe(game_config):
    """Audit (stop 48): `observation(-1)` showed the last seat's hidden hand in battle and
    champions (Python reads a negative index from the end); a seat past the end was an
    IndexError in some games and silently a spectator in others. Every game refuses any
    viewer but a seat number or None alike (NoSuchPlayer, a ValueError), and so does a
    PlayerView."""
    from warroom.engine.core import NoSuchPlayer

    game, config = game_config
    for i, (state, _, _) in enumerate(random_walk(game, config, 5)):  # noqa: B007
        if i == 6:
            break
    seats = state.num_players
    for viewer in (-1, -seats, seats, 99, "0", 1.0, True):
        # A viewer of another type than int is refused by the compiled rules' own signature
        # (a TypeError) before the check: refused all the same.
        refused = NoSuchPlayer if type(viewer) is int else (NoSuchPlayer, TypeError)
        with pytest.raises(refused, match=rf"^no player .* in a {seats}-player game "
                                          rf"\(players 0 to {seats - 1}, or None for a "
                                          r"spectator\)$|expected; got"):
            state.observation(viewer)
        with pytest.raises(ValueError, match="^no player"):
            PlayerView(state, viewer, game)
    assert all(state.observation(p) is not None for p in [*range(seats), None])
