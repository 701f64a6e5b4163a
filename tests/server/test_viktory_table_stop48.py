"""The Battle Cards at both Viktory tables (audit, stop 48): the live hits and which Counters
may answer them, Overwatch still to fire, Secrecy, the Special Events in effect by name, what
each card played did, a card's type and what its text does, and no combat supply with the
cards alone."""

from __future__ import annotations

import random

from table_render import render_table
from test_vik2_table import battle_at_e5, frame, harness, show, take

from warroom.games.viktory import GAME
from warroom.games.viktory_battles.cards import RESPONSES, load_deck
from warroom.games.viktory_battles.render import counters_answering
from warroom.games.viktory_ii.actions import Fight


def _card(card_id: str) -> dict[str, str]:
    return {"id": card_id, **load_deck().by_id()[card_id].seen()}


def _play_decision() -> dict:
    """Seat 0's observation of a one-battle game in cards mode, at its card to play."""
    for seed in range(50):
        state = GAME.new_state(GAME.config({"mode": "cards"}), seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            obs = state.observation(0)
            if obs["decision"] == "play" and obs["to_move"] == [0]:
                return obs
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
    raise AssertionError("no card to play")


def _facing(obs: dict) -> dict:
    """The observation facing 2 live hits of a Frontal Counter, with Mud and Ignore Terrain in
    effect, Secrecy in force and an artillery able to fire Overwatch."""
    obs.update(pending=2, pending_selective=False, respond_to="frontal",
               answers=list(RESPONSES["frontal"]), answering=counters_answering("frontal"),
               events=[["Ignore Terrain", 0], ["Mud", 1]], secrecy=True, overwatch_ready=1,
               hand=[_card(c) for c in ("X03", "A17", "C28", "X07")],
               plays=[{"player": 0, "card": "A05", **load_deck().by_id()["A05"].seen(),
                       "use": "attack", "live": 2},
                      {"player": 1, "card": "C13", **load_deck().by_id()["C13"].seen(),
                       "use": "counter", "blocked": 1, "live": 1}])
    obs["defender"][2] = max(1, obs["defender"][2])
    return obs


CARD_TITLES = """Object.fromEntries([...root.querySelectorAll(".tile[data-card]")]
    .map((e) => [e.dataset.card, e.title + " | " + e.innerText]))"""


def test_the_one_battle_table_shows_the_card_round_as_the_terminal_does(live_server, browser):
    """Audit (stop 48): the page said only "Answer the live hits: play a Counter or a Special
    Event card, or pass", though the terminal says "Live hits against you: 2; a frontal card:
    a Frontal or Surprise Counter answers, or pass"; nor did it show the artillery still able
    to fire Overwatch, Secrecy in force, the Special Events in effect, or what each card
    played blocked and made live. It does now, in the terminal's words."""
    obs = _facing(_play_decision())
    page = browser.new_page()
    page.goto(live_server.url + "/")
    text = render_table(page, "viktory", obs)
    assert ("Live hits against you: 2; a frontal card: a Frontal or Surprise Counter "
            "answers, or pass") in text, text
    assert "In effect: Ignore Terrain (attacker), Mud (defender)" in text, text
    assert "Artillery able to fire Overwatch: 1 (Secrecy: not at this wave)" in text, text
    assert "attack: 2 live" in text and "counter: blocked 1, 1 live" in text, text
    spectator = render_table(page, "viktory", {**obs, "you": None, "hand": None}, seat=None)
    assert "Live hits against the attacker: 2" in spectator, spectator
    page.close()


def test_the_one_battle_table_says_each_cards_type_and_text(live_server, browser):
    """Audit (stop 48): a card's tooltip ended "Special Event: Mud" and called Secrecy and
    Reversal of Fortune "Special Event" too, never saying what a text does nor the card's
    type (Attack, Counter or Attack/Counter; which). The hand shows the type under each
    card, and its tooltip the type and what its text does, classed as the rules class it."""
    obs = _facing(_play_decision())
    page = browser.new_page()
    page.goto(live_server.url + "/")
    cards = render_table(page, "viktory", obs, CARD_TITLES)
    assert "Attack/Counter card: a Regular Attack or a Flank Counter" in cards["X03"], cards
    assert ("Mud (Special Event): until the end of the round no side counts a die for cavalry"
            in cards["X07"]), cards["X07"]
    assert "Secrecy (Attack card text): the defender's artillery cannot fire Overwatch" \
        in cards["A17"] and "(Special Event)" not in cards["A17"], cards["A17"]
    assert "Reversal of Fortune (Counter): blocks all hits" in cards["C28"] \
        and "(Special Event)" not in cards["C28"], cards["C28"]
    assert "Counter card: a Flank Counter" in cards["C28"], cards["C28"]
    page.close()


def test_the_one_battle_table_shows_no_supply_with_the_cards_alone(live_server, browser):
    """Audit (stop 48): in cards mode a side in supply read "· in supply", though combat
    supply is a dice rule (README); with dice it stays."""
    obs = _play_decision()
    obs["supply"] = [True, True]
    page = browser.new_page()
    page.goto(live_server.url + "/")
    assert "supply" not in render_table(page, "viktory", obs)
    assert "in supply" in render_table(page, "viktory", {**obs, "mode": "hybrid"})
    page.close()


def test_the_map_table_shows_the_card_round_and_each_cards_type(live_server, browser,
                                                                tmp_path):
    """Audit (stop 48): the map game's battle panel (`cardsLine`, `battleNowText`) had the
    same gaps: no live hits with the Counters that may answer them, no Secrecy, the events by
    their identifiers ("ignore terrain"), "no supply" in cards mode; its hand's tooltips no
    card type, and "Special Event" for every text."""
    state = battle_at_e5(tmp_path, mode="cards")
    take(state, Fight, hex="E5")
    view = frame(state, 1)
    battle = view["observation"]["battle"]
    battle.update(decision="play", to_move=[1], pending=2, pending_selective=True,
                  respond_to="flank", answers=list(RESPONSES["flank"]),
                  answering=counters_answering("flank"), events=[["Ignore Terrain", 0]],
                  secrecy=True, overwatch_ready=1, supply=[True, True],
                  plays=[{"player": 0, "card": "A05", **load_deck().by_id()["A05"].seen(),
                          "use": "attack", "live": 2}])
    view["observation"]["hand"] = [_card(c) for c in ("X03", "A19", "C10")]
    context, page, errors = harness(browser, live_server.url)
    show(page, view)
    text = page.locator("#v2-battle").inner_text()
    assert ("Live hits against you: 2 selective; a flank card: a Flank or Surprise Counter "
            "answers, or pass") in text, text
    assert "In effect: Ignore Terrain (Seat 0)" in text, text
    assert "(Secrecy: not at this wave)" in text and "A05" in text and "2 live" in text, text
    assert "supply" not in text, text
    cards = {c: page.locator(f".tile[data-card={c}]") for c in ("X03", "A19", "C10")}
    x03 = cards["X03"].get_attribute("title")
    assert "Attack/Counter card: a Regular Attack or a Flank Counter" in x03, x03
    assert "Attack/Counter card" in cards["X03"].inner_text()
    a19 = cards["A19"].get_attribute("title")
    assert "+1 MP (Attack card text): on the map, a moving unit gets one more move" in a19, a19
    c10 = cards["C10"].get_attribute("title")
    assert "Reinforcements (Special Event): draw one unit of your reserve" in c10, c10
    assert not errors, errors
    context.close()


def test_both_tables_read_the_counters_and_a_cards_figures_as_data(live_server, browser,
                                                                   tmp_path):
    """Audit (stop 49): the one-battle table copied the Counter restrictions (`RESPONSES`) and
    the terminal's sentence, and both tables read a card's hits, misses and terrain back out
    of its short form with a regex: a rule changed or a short form reworded in Python broke
    them silently. They show the observation's words for the Counters ("answering") and a
    card's figures ("name", "hits", "misses", "terrain"): here unlike what the old copies
    would make of `respond_to` and of the short forms."""
    obs = _facing(_play_decision())
    obs["answering"] = "the observation's own words"
    obs["hand"] = [{**c, "desc": f"card {c['id']}"} for c in obs["hand"]]  # no short form
    page = browser.new_page()
    page.goto(live_server.url + "/")
    text = render_table(page, "viktory", obs)
    assert "Live hits against you: 2; the observation's own words" in text, text
    cards = render_table(page, "viktory", obs, CARD_TITLES)
    x03 = load_deck().by_id()["X03"]
    assert (f"{x03.name}: {x03.hits} hit" in cards["X03"]
            and f"terrain {x03.terrain}: in a battle on a {x03.terrain} hex" in cards["X03"]), cards
    page.close()
    state = battle_at_e5(tmp_path, mode="cards")
    take(state, Fight, hex="E5")
    view = frame(state, 1)
    view["observation"]["battle"].update(decision="play", to_move=[1], pending=1,
                                         respond_to="regular", answering="as the rules say")
    view["observation"]["hand"] = [{**_card(c), "desc": c} for c in ("X03", "C10")]
    context, page, errors = harness(browser, live_server.url)
    show(page, view)
    assert "Live hits against you: 1; as the rules say" in page.locator("#v2-battle").inner_text()
    title = page.locator(".tile[data-card=X03]").get_attribute("title")
    assert f"{x03.name}: {x03.hits} hit" in title, title
    assert not errors, errors
    context.close()
