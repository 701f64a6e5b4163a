"""Audit (stop 78), a new player at an 80x24 terminal: Viktory II's build step ran a line
over the screen (the table's top border scrolled away). The table made room for the choices
by a guess from the player's towns (two each, and finishing), while the step offers a town on
each site it may build on and each town's upgrade: 8 choices where 5 were guessed. Battles'
casualty questions likewise (a line each, "casualty: attacking cavalry (hex side 2)", 7 where
3 were guessed). The builder's view names its sites and upgrades, and the table makes room
for them and for a unit of each kind the losing side has."""

from __future__ import annotations

from vik2_helpers import GAME

from decision_screen import decision_screen, heuristic_decisions
from warroom.games.viktory_ii.actions import BuildTown, Upgrade


def _decisions(players: int, seeds: range):
    config = GAME.config({"players": players})
    return heuristic_decisions(GAME, lambda seed: GAME.new_state(config, seed), seeds)


def test_every_build_and_casualty_screen_fits_80x24():
    checked = {"build": 0, "casualty": 0}
    for players, seeds in ((2, range(1, 4)), (3, range(1, 2))):
        for view, action in _decisions(players, seeds):
            obs = view.observation
            kind = "build" if obs["decision"] == "build" else (
                (obs.get("battle") or {}).get("decision"))
            if kind not in checked:
                continue
            lines = decision_screen(GAME, view, action)
            assert len(lines) <= 24, "\n".join(lines)
            checked[kind] += 1
    assert checked["build"] > 50 and checked["casualty"] > 50, checked


def test_the_builder_is_told_its_sites_and_upgrades_as_its_choices_name_them():
    """What the view adds is what the builder's choices say (on a hidden map its sites
    follow what it knows of the map)."""
    seen = 0
    for view, _ in _decisions(2, range(1, 2)):
        obs = view.observation
        if obs["decision"] != "build":
            continue
        legal = view.legal_actions
        assert obs["build"]["sites"] == [a.hex for a in legal if type(a) is BuildTown]
        assert obs["build"]["upgrades"] == [a.hex for a in legal if type(a) is Upgrade]
        seen += 1
    assert seen > 10


def test_others_and_spectators_see_only_what_was_built():
    """Where another player may build is what it knows of the map: not theirs to read."""
    config = GAME.config({"players": 2})
    state = GAME.new_state(config, 1)
    for _ in range(500):  # each decision's last choice: the first turn's build step soon
        if state.observation(0)["phase"] == "build":
            break
        player = state.to_move()[0]
        state.apply(player, state.legal_actions(player)[-1])
    else:
        raise AssertionError("no build step in 500 decisions")
    builder = state.observation(0)["player"]
    assert "sites" in state.observation(builder)["build"]
    for viewer in (1 - builder, None):
        assert set(state.observation(viewer)["build"]) == {"towns", "upgraded"}
