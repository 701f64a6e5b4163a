"""Word & Iron at the terminal: the table as `warroom play word-iron` shows a person on a
standard 80x24 terminal, measured over whole seeded games."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from typing import Any

import pytest

from decision_screen import decision_screen, heuristic_decisions, screen_heights
from warroom.engine.data import TEXT_WIDTH, plain
from warroom.engine.view import PlayerView
from warroom.games.word_iron import GAME
from warroom.games.word_iron.deck import deck_label
from warroom.games.word_iron.state import UNITS as UNIT_NAMES

DECKS = [{}, {"deck0": "raiders"}, {"deck0": "raiders", "deck1": "raiders"}]


def decisions(options: dict[str, str], seeds: range) -> Iterator[tuple[PlayerView, Any]]:
    """Every decision of heuristic games: the deciding seat's view, and its choice."""
    config = GAME.config(options)
    return heuristic_decisions(GAME, lambda seed: GAME.new_state(config, seed), seeds)


def panel_height(view: PlayerView, action: Any) -> int:
    """The lines of the panel HumanAgent prints for this decision on an 80-column terminal,
    its frame included (the log lines above it and the choices under it aside)."""
    lines = decision_screen(GAME, view, action, hinted=False)
    return next(i for i, line in enumerate(lines, 1) if line.startswith("╰"))


@pytest.mark.parametrize("options", DECKS, ids=["sample", "raiders-sample", "raiders"])
def test_the_panel_fits_a_standard_80x24_terminal(options):
    """Defect: the panel ran to about 36 lines in a game (35 to 49), taller than an 80x24
    terminal: the person had to scroll to see the table. Over whole seeded games it now
    stays within 24 lines with its frame, and no line is wider than the panel (76)."""
    tallest = widest = 0
    for view, action in decisions(options, range(6)):
        tallest = max(tallest, panel_height(view, action))
        text = plain(GAME.render(view.observation, view.player))
        widest = max(widest, *(len(line) for line in text.splitlines()))
    assert tallest <= 24, tallest
    assert widest <= TEXT_WIDTH, widest


def test_the_compact_panel_loses_nothing_the_player_needs():
    """However short the panel is made to fit, each side's realm (every resource, with its
    uses left), formation, decks' top cards, every benefit in force by its source and every
    draw to be skipped are still in it, and so is what is asked."""
    seen_short = False
    for view, _ in decisions({}, range(8)):
        obs = view.observation
        text = " ".join(plain(GAME.render(obs, view.player)).split())
        seen_short |= "(counts: enemy strategies)" in text
        for side in obs["players"]:
            for r in side["realm"]:
                assert f"{r['name']} {r['ranks']}x{r['uses_left']}/{r['uses']}" in text
            formation = " ".join("SPAHMLKR"[u] * n + "." * (a - n)
                                 for u, (n, a) in enumerate(zip(side["field"],
                                                                side["allotted"])))
            assert f"{side['army']} ranks" in text and formation in text
            for pile in side["piles"].values():
                assert pile.get("top") is None or f"({pile['top']})" in text
            for benefit in side["benefits"]:
                assert f"{benefit['source']}: " in text
            for deck in side["skips"]:
                assert f"skips the next {deck_label(deck)}" in text \
                    or f"{deck_label(deck)} draws" in text
        if obs["decision"]:
            assert "Decision for " in text
    assert seen_short  # the games came to a panel that had to be made short


def test_one_key_names_the_units_of_both_formations():
    """The unit names and their ranks of power were printed for both sides, a row a unit
    (16 rows): one key now gives each unit's letter, name and ranks, once for both decks
    when they agree (the shipped decks name the units 'Spearmen' and 'spearmen')."""
    for options in DECKS:
        state = GAME.new_state(GAME.config(options), 1)
        text = GAME.render(state.observation(0), 0)
        assert text.count("Units: ") == 1, text
        key = text[text.index("Units: "):]
        for name, ranks in (("spearmen", 10), ("knighted heavy cavalry", 35),
                            ("royal guards", 40)):
            assert f"{name} {ranks}" in " ".join(key.lower().split())


PAIRINGS = [{"deck0": a, "deck1": b} for a in ("sample", "raiders") for b in ("sample", "raiders")]


def test_the_table_the_choices_and_the_prompt_fit_a_standard_80x24_terminal():
    """Defect: the panel fitted 24 lines, but with the choices and the prompt under it the
    screen of a decision ran to 25 lines in most decisions (up to 31): the player scrolled
    to see the top of the table. The view now takes what the choices leave (it is written
    shorter step by step, and the choices go in columns under a tall view), and the whole
    screen fits 24 lines in all but a few decisions: eight soldiers to recruit, or a truce
    to offer from four resources with long names (one a line), beside two sides each with
    champions, benefits and a full realm; those pass by a line or two."""
    heights = [h for options in PAIRINGS
               for h in screen_heights(GAME, decisions(options, range(5)))]
    over = sum(h > 24 for h in heights)
    assert len(heights) > 2000
    assert over <= len(heights) // 100, (over, len(heights))  # 1%: 13 of 2478
    assert max(heights) <= 26, max(heights)


def facts(obs: dict[str, Any]) -> list[str | re.Pattern[str]]:
    """What the view must tell of an observation, each as it reads with its spaces made
    single: the round and the prize, each unit's letter and ranks of power, and for each
    side its deck, royal, champions, realm (every resource with its uses left), army,
    formation, decks (cards left and face-up top card), what is in force (each benefit by
    its source, with what is left of it and whether it waits), the draws it skips or holds;
    then what is asked."""
    out = [f"Round {obs['round']}" if obs["round"] else "Set-up", f"prize: {obs['prize']}"]
    decks = {side["deck"] for side in obs["players"]}
    for side in obs["players"]:
        out += [re.compile(rf"\b{'SPAHMLKR'[u]}( (?i:{re.escape(name)}))? {ranks}\b")
                for u, (name, ranks) in enumerate(zip(side["units"], side["ranks"]))]
        out += [side["deck"]] if len(decks) > 1 or side is obs["players"][0] else []
        out += ["married" if side["married"] else side["royal"] or "royal not chosen"]
        out += side["champions"]
        out += [f"#{i} {r['name']} {r['ranks']}x{r['uses_left']}/{r['uses']}"
                for i, r in enumerate(side["realm"], 1)]
        out.append(f"{side['army']} ranks, {sum(side['field'])}/{sum(side['allotted'])}")
        out.append(" ".join("SPAHMLKR"[u] * n + "." * (a - n)
                            for u, (n, a) in enumerate(zip(side["field"], side["allotted"]))))
        for key, pile in side["piles"].items():
            if key == "word" and obs["words_aside"]:
                out.append("Word of Power set aside")
                continue
            top = f" ({pile['top']})" if pile.get("top") else ""
            out.append(f"{deck_label(key)}{'s' if key == 'champion' else ''} {pile['left']}{top}")
        out += [re.compile(rf"{re.escape(b['source'])}: [^;]*\b{b['left']}\b[^;]*"
                           + ("" if b["active"] else "(waiting|later)")) for b in side["benefits"]]
        for deck, n in side["skips"].items():
            out.append(f"skips the next {deck_label(deck)} draw" if n == 1
                       else f"skips the next {n} {deck_label(deck)} draws")
        out += [f"{deck_label(deck)} x{n}" for deck, n in side["held"].items()]
    if obs["decision"]:
        out.append("Decision for ")
        out += [str(obs["decision"][k]) for k in ("ranks_left", "resource") if k in obs["decision"]]
    return out


def test_the_shortest_view_loses_nothing_the_player_needs():
    """However far the view is written shorter (each side run on as one paragraph at the
    last step), everything it told in full is still in it, the unit names aside (the key
    keeps each unit's letter, its name's initial, and its ranks): the step the terminal
    takes is chosen by the room the choices leave, so any step may be the one shown."""
    render = importlib.import_module("warroom.games.word_iron.render")
    steps = range(render.FLOWED + 1)
    shown = set()
    for options in PAIRINGS:
        for view, _ in decisions(options, range(2)):
            obs = view.observation
            needed = facts(obs)
            for step in steps:
                text = " ".join(plain(render._render(obs, step)).split())
                missing = [fact for fact in needed if
                           (fact not in text if isinstance(fact, str) else not fact.search(text))]
                assert not missing, (step, missing, text)
                assert all(len(line) <= TEXT_WIDTH
                           for line in render._render(obs, step).splitlines())
            shown.add(render.render(obs, view.player))
    assert len(shown) > 100


def test_losses_count_cards_of_a_unit_not_the_unit_as_if_singular():
    """Audit (stop 40): the log said "Player 0 loses 1 archers": a unit's name is a plural
    noun, and what a loss takes is a card of it."""
    event = {"event": "losses", "player": 0, "units": ["archers", "archers", "spearmen"]}
    assert GAME.describe_event(event) == "Player 0 loses 2 archers cards, 1 spearmen card"
    cost = {"event": "cost", "player": 1, "units": ["heavy_infantry"]}
    assert GAME.describe_event(cost) == "Player 1 bears the cost: 1 heavy infantry card"


def test_a_choice_of_casualty_names_the_cards_the_loss_took_already():
    """Audit (stop 42): at "choose which unit loses a card (10 ranks of losses)" the army row
    already showed a heavy infantry card gone while the log said nothing of it (the loss is
    logged once it is settled). The question names what this loss took so far: at a loss's
    first choice, the cards the army lost in the action before it, less those of the losses
    that action settled (and logged)."""
    from collections import Counter

    from warroom.agents.base import RandomAgent

    asked = 0
    for seed in range(12):
        state = GAME.new_state(GAME.config({}), seed)
        agents = [RandomAgent(GAME, seed), RandomAgent(GAME, seed + 1)]
        before, logged, choosing = None, 0, False
        while not state.is_terminal():
            p = state.to_move()[0]
            obs = state.observation(p)
            d = obs.get("decision")
            if d and d["kind"] == "casualty" and not choosing and before is not None:
                q = d["player"]
                lost = Counter({u: b - n for u, b, n in zip(UNIT_NAMES, before[q],
                                                            state.field[q], strict=True)})
                events = [e for _, e in state.log[logged:] if e.get("player") == q]
                restored = Counter([u for e in events if e["event"] == "restore"
                                    for u in e["units"]]
                                   + [e["unit"] for e in events if e["event"] == "recruit"])
                settled = Counter(u for e in events if e["event"] != "restore"
                                  for u in e.get("units", ()))
                assert Counter(d["fallen"]) == +(lost + restored - settled), (seed, d)
                if d["fallen"]:
                    assert "left; fallen so far: " in GAME.prompt(obs, p)
                    asked += 1
            choosing = bool(d) and d["kind"] == "casualty"
            before, logged = [list(f) for f in state.field], len(state.log)
            state.apply(p, agents[p].act(PlayerView(state, p, GAME)))
    assert asked >= 3
