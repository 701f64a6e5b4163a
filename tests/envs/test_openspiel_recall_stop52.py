"""Audit (stop 52): OpenSpiel's information state string is documented as the player's
perfect-recall view, "its log of every event it has seen", but Viktory II's observation shows
only the log since the viewer's previous turn: the string's log went from 41 events to 15 as
a round ended."""

from __future__ import annotations

import json
import random

import pyspiel
from open_spiel.python.observation import make_observation

import warroom.envs.openspiel  # noqa: F401  (registers the games)


def test_viktory_ii_information_state_keeps_every_event_seen():
    """Audit (stop 52): each seat's (and the public) information state string holds the
    whole log it has seen, which only grows, while the observation string holds none."""
    game = pyspiel.load_game("warroom_viktory_ii(radius=3,turn_limit=4,seed=1)")
    state = game.new_initial_state()
    rng = random.Random(1)
    seen = {p: 0 for p in range(game.num_players())}
    windowed = False
    while not state.is_terminal() and state.move_number() < 400:
        for p in seen:
            held = json.loads(state.information_state_string(p))
            assert held.get("log_start", 0) == 0
            assert held["log"] == state.engine.visible_log(p)
            assert len(held["log"]) >= seen[p]
            seen[p] = len(held["log"])
            windowed = windowed or bool(state.engine.observation(p).get("log_start"))
            assert "log" not in json.loads(state.observation_string(p))
        state.apply_action(rng.choice(state.legal_actions()))
    assert windowed  # the observation's own log did start later: the case was met
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=True, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert json.loads(public.string_from(state, 0))["log"] == state.engine.visible_log(None)
