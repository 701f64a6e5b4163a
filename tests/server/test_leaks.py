"""No frame the server sends leaks hidden information, for every registered game.

Random games are played through the server with every seat and a spectator connected. Each
frame is then checked against an independent replay of the game's record: its observation is
exactly `observation(viewer)` at that version (but a `log_start` of 0, for a game whose
observation shows only the recent part of the log: the page is sent the viewer's whole log, the
events `visible_log(viewer)` lets it see), its legal actions, log and text derive from that
alone, the outcome appears only at the end, and no value found only in other seats'
observations (a card in an opponent's hand, a secret choice) appears anywhere in it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_api import receive
from test_seats_away import frames_until

from warroom.engine import Record, config_to_json, replay, to_json
from warroom.engine.data import plain
from warroom.games import REGISTRY
from warroom.server import create_app

# Options that keep a random game short; a game not listed plays with its defaults.
SHORT = {"champions": {"max_turns": 8}, "word-iron": {"max_rounds": 5}, "battle": {"players": 3},
         "viktory-ii": {"radius": 3, "turn_limit": 4}}
EXTRA = [("viktory", {"mode": "cards"}), ("kow", {"victories_to_win": 1}),
         ("viktory-ii", {"dark": True, "mode": "cards", "radius": 3, "turn_limit": 4}),
         ("viktory-ii", {"independent": True, "players": 3, "radius": 3, "turn_limit": 3})]
CASES = [(name, SHORT.get(name, {})) for name in REGISTRY] + EXTRA
FRAME_KEYS = {"type", "id", "version", "seat", "observation", "log_from", "log", "text",
              "legal", "terminal", "outcome", "score_name", "out", "resign_ends_game",
              "prompt", "end_lines"}
MAX_ACTIONS = 400


def leaves(value: Any) -> set[str]:
    """Every scalar inside a JSON value, as JSON text."""
    out: set[str] = set()
    if isinstance(value, dict):
        for item in value.values():
            out |= leaves(item)
    elif isinstance(value, list):
        for item in value:
            out |= leaves(item)
    elif value is not None:
        out.add(json.dumps(value))
    return out


def play_through_the_server(tmp_path, name: str, options: dict, seed: int):
    app = create_app(tmp_path / f"{name}-{seed}.sqlite", ai_processes=0, rate=1e6,
                     allow_seed=True)
    rng = random.Random(seed)
    frames: dict[int | None, list[dict]] = {}
    with TestClient(app) as c:
        # as --set writes them: booleans `true` and `false` (json.dumps), not Python's `True`
        probe = REGISTRY[name].new_state(REGISTRY[name].config(
            {k: json.dumps(v) if isinstance(v, bool) else str(v) for k, v in options.items()}),
            0)
        seats = [{"kind": "invite"} for _ in range(probe.num_players)]
        made = c.post("/api/games", json={"game": name, "options": options, "seats": seats,
                                          "seed": seed}).json()
        viewers = [s["token"] for s in made["seats"]] + [None]
        sockets = []
        try:
            for token in viewers:
                ws = c.websocket_connect(f"/ws/{made['id']}").__enter__()
                sockets.append(ws)
                ws.send_text(json.dumps({"type": "hello", "token": token} if token
                                        else {"type": "hello"}))
                assert receive(ws)["type"] == "welcome"
            latest = {}
            for seat, ws in zip([*range(len(viewers) - 1), None], sockets):
                latest[seat] = receive(ws)
                frames.setdefault(seat, []).append((latest[seat], 0))
            live = app.state.server.games[made["id"]]
            for played in range(1, MAX_ACTIONS + 1):
                if latest[None]["terminal"]:
                    break
                movers = [s for s in latest if s is not None and latest[s]["legal"]]
                seat = rng.choice(movers)
                pick = rng.randrange(len(latest[seat]["legal"]))
                seen = {s: shown(live.state, s) for s in latest}
                sockets[seat].send_text(json.dumps({"type": "act", "index": pick,
                                                    "version": latest[seat]["version"]}))
                latest[seat] = receive(sockets[seat])  # the mover's comes whatever it sees
                assert live.version == played, latest[seat]
                frames[seat].append((latest[seat], played))
                # a frame comes to the others when, and only when, what they see changed (by
                # the engine's own view, not the server's mark): a ping's answer comes after it
                for s, ws in zip([*range(len(viewers) - 1), None], sockets):
                    if s == seat:
                        continue
                    ws.send_text(json.dumps({"type": "ping"}))
                    *got, pong = frames_until(ws, "pong")
                    assert len(got) == (shown(live.state, s) != seen[s]), (s, played, got)
                    if got:
                        latest[s] = got[0]
                        frames[s].append((latest[s], played))
                    assert pong["version"] == latest[s]["version"]
                for s in latest:
                    assert latest[s]["type"] == "state", latest[s]
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
        record = c.get(f"/api/games/{made['id']}/record")
        actions = app.state.server.games[made["id"]].actions
    return app, made["id"], frames, actions, record


@pytest.mark.parametrize("name,options", CASES,
                         ids=[f"{n}{options or ''}" for n, options in CASES])
def test_no_frame_leaks_another_seats_secrets(tmp_path, name, options):
    game = REGISTRY[name]
    for seed in (1,):
        app, game_id, frames, actions, record = play_through_the_server(tmp_path, name,
                                                                        options, seed)
        config = app.state.server.games[game_id].config
        full = Record(game.name, game.version, config_to_json(config),
                      seed, list(actions))
        # Every position of the game, replayed independently of the server.
        truth = []
        for state, _, _ in replay(game, full):
            truth.append(_views(game, state))
        assert truth, config
        for viewer, sent in frames.items():
            lines: list[str] = []  # the log as this connection's page holds it
            for frame, played in sent:
                assert set(frame) <= FRAME_KEYS
                expected = truth[played]
                own = expected[viewer]
                # A game that shows only the recent part of a viewer's log (from log_start
                # on) is sent the viewer's whole log, the frame's observation saying it begins
                # at the start: the events the engine's `visible_log` lets that viewer see,
                # of which the observation's are the end.
                shown = own["observation"].get("log_start")
                assert frame["observation"] == ({**own["observation"], "log_start": 0}
                                                if shown else own["observation"])
                assert frame["legal"] == own["legal"]
                lines = lines[:frame["log_from"]] + frame["log"]
                assert lines[len(lines) - len(own["log"]):] == own["log"]
                assert lines == (own["whole_log"] if shown else own["log"])
                assert frame["text"] == own["text"]
                assert frame["prompt"] == own["prompt"]  # from the viewer's observation
                assert frame["seat"] == viewer
                if "end_lines" in frame:  # how the game ended: the viewer's own last lines,
                    said = [line for line in lines if line]  # the end line alone at a limit
                    limit = bool(own["events"] and own["events"][-1].get("round_limit"))
                    assert frame["end_lines"] == (said[-1:] if limit else said[-2:])
                assert ("outcome" in frame) == frame["terminal"] == own["terminal"]
                others = set().union(*(leaves(v["observation"]) | leaves(v["events"])
                                       for k, v in expected.items()
                                       if k != viewer))
                hidden = others - leaves(own["observation"]) - leaves(own["events"])
                # The legal actions, text, prompt and log were compared with the viewer's own above;
                # nothing else in the frame may hold a value only others can see. The
                # counters are left out: the version counts the viewer's own views, log_from
                # indexes the viewer's own log lines (checked above); a small number such as
                # 1 is found in another seat's observation by coincidence (its own seat).
                values = leaves({k: v for k, v in frame.items()
                               if k not in ("legal", "text", "prompt", "log", "version",
                                            "log_from", "end_lines")})
                assert not hidden & values, (viewer, played, hidden & values)
            # each frame shows something the one before did not (else it was not sent)
            for (before, _), (after, played) in zip(sent, sent[1:]):
                assert before["version"] < after["version"]
                assert after["log"] or any(after[k] != before[k] for k in (
                    "observation", "legal", "terminal", "out")), (viewer, played)
        if frames[None][-1][0]["terminal"]:
            assert record.status_code == 200
        else:
            assert record.status_code == 409  # the record holds every secret


def shown(state, viewer) -> str:
    """What the engine shows `viewer`: its observation, legal actions and the outcome."""
    legal = state.legal_actions(viewer) if viewer is not None and not state.is_terminal() \
        else []
    return json.dumps([state.observation(viewer), [to_json(a) for a in legal],
                       state.is_terminal()], default=str, sort_keys=True)


def _views(game, state) -> dict[int | None, dict[str, Any]]:
    out: dict[int | None, dict[str, Any]] = {}
    for viewer in [*range(state.num_players), None]:
        obs = state.observation(viewer)
        legal = state.legal_actions(viewer) if viewer is not None and \
            not state.is_terminal() else []
        out[viewer] = {
            "observation": json.loads(json.dumps({k: v for k, v in obs.items() if k != "log"})),
            "legal": [{"i": i, "label": str(getattr(a, "label", a)), "action": to_json(a)}
                      for i, a in enumerate(legal)],
            "log": [game.describe_event(e) for e in obs.get("log", [])],
            "whole_log": [game.describe_event(e) for e in state.visible_log(viewer)],
            "text": plain(game.render(obs, viewer)),  # sent plain, as a page shows it
            "prompt": game.prompt(obs, viewer) if not state.is_terminal() else "",
            "events": obs.get("log", []),
            "terminal": state.is_terminal(),
        }
    return out
