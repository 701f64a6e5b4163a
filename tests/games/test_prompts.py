"""Every game's prompt (`Game.prompt`): the question the player to move must answer, in plain
words, from its own observation; "" for everybody else. The text views that ask their reader
show the same words (one home for the prompt text)."""

from __future__ import annotations

import random

import pytest

from game_cases import config_id, game_configs
from warroom.engine.data import plain
from warroom.games import REGISTRY

SEEDS = range(3)
MAX_DECISIONS = 3000  # enough for every kind of decision; a long game is cut short
# The games whose text view asks its reader (a prompt line): it must be the prompt.
TEXT_ASKS = {"champions", "word-iron"}


def walk(game, config, seed):
    """(state, player to move) along one random game; the state is live."""
    state = game.new_state(config, seed)
    rng = random.Random(seed)
    for _ in range(MAX_DECISIONS):
        if state.is_terminal():
            return state
        player = state.to_move()[0]
        yield state
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    return state


@pytest.mark.parametrize("pair", game_configs(), ids=config_id)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_mover_is_asked_and_nobody_else(pair, seed):
    name, values = pair
    game = REGISTRY[name]
    config = game.config(values)
    kinds = set()
    state = None
    gen = walk(game, config, seed)
    while True:
        try:
            state = next(gen)
        except StopIteration as stop:
            state = stop.value
            break
        movers = set(state.to_move())
        for p in range(state.num_players):
            obs = state.observation(p)
            text = game.prompt(obs, p)
            if p in movers:
                assert text.strip(), f"{name}: no prompt for player {p} at {_where(obs)}"
                assert text == plain(text) and "\n" not in text
                kinds.add(text)
                if name in TEXT_ASKS:  # one home: the text view asks in the same words
                    # (a long question is wrapped, going on indented)
                    assert " ".join(text.split()) in " ".join(plain(game.render(obs, p)).split())
            else:
                assert text == "", f"{name}: player {p}, not to move, is asked {text!r}"
        assert game.prompt(state.observation(None), None) == ""
    assert kinds
    if state is not None and state.is_terminal():  # the game over: nobody is asked
        for p in range(state.num_players):
            assert game.prompt(state.observation(p), p) == ""


def _where(obs):
    return {k: obs.get(k) for k in ("phase", "decision", "to_move")}


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_every_game_has_prompts(name):
    """Each game writes its own prompts: the engine's default ("") is not left in place."""
    game = REGISTRY[name]
    assert type(game).prompt is not type(game).__mro__[-2].prompt


def test_word_iron_truce_prompt_says_what_a_resource_does_then():
    """The truce step said only "you may sue for peace": at the table a tap on a resource then
    offers it for a truce, which the prompt did not say."""
    game = REGISTRY["word-iron"]
    for seed in range(20):
        state = game.new_state(game.config({}), seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            player = state.to_move()[0]
            obs = state.observation(player)
            if (obs["decision"] or {}).get("kind") == "truce_offer":
                assert "offer a resource for a truce" in game.prompt(obs, player)
                return
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
    raise AssertionError("no truce offer in 20 games")


@pytest.mark.parametrize("name, values", [("viktory", {"mode": "cards"}),
                                          ("viktory-ii", {"mode": "cards"}),
                                          ("viktory-ii", {})])
@pytest.mark.parametrize("seed", range(4))
def test_a_battles_question_offers_what_the_actions_offer(name, values, seed):
    """A player's audit: a wave against nobody was asked "... or call off the attack" where
    the one way on was to move in without an Attack card; casualties picked among another
    side's units by selective hits were asked as "Choose a unit to remove as a casualty";
    a selected unit left the question at "choose a unit to move". Along random games, each
    question names only what the legal actions offer, and says whose units are picked."""
    game = REGISTRY[name]
    asked = set()
    for state in walk(game, game.config(values), seed):
        player = state.to_move()[0]
        obs = state.observation(player)
        text = game.prompt(obs, player)
        labels = [str(getattr(a, "label", a)) for a in state.legal_actions(player)]
        if "call off the attack" in text:
            assert any(x.startswith("call off the attack") for x in labels), (text, labels)
            asked.add("call off")
        if text.startswith("Nobody defends"):
            assert "move in without an Attack card" in labels, (text, labels)
            asked.add("nobody")
        battle = obs.get("battle") if name == "viktory-ii" else obs
        cas = (battle or {}).get("casualties")
        if cas and (battle or {}).get("decision") == "casualty":
            other = cas["chooser"] != cas["victim"]
            # by the victim's side (since stop 66; player 0 attacks in the single battle)
            side = "attacker" if cas["victim"] == battle.get("seats", [0])[0] else "defender"
            assert (f"of the {side}'s to lose" in text) == other, (text, cas)
            asked.add("theirs" if other else "own")
        if name == "viktory-ii" and obs.get("active") and obs["decision"] == "move":
            assert "choose a unit" not in text, text
            # with no moves left no step is asked for (stop 67), and a card for +1 movement
            # only where one is offered
            moving = obs["active"]["mp"] > 0
            assert ("is moving" in text) == moving != ("has no moves left" in text), text
            if "play a card for +1 movement" in text:
                assert any("for +1 movement" in x for x in labels), (text, labels)
            asked.add("moving")
    assert "call off" in asked or "nobody" in asked or "moving" in asked, asked
