"""The battle's course as data for the browser tables (audit, stop 49): the Viktory II table
read the rolls, hits, rounds and results back out of the log's English lines with regexes,
and the one-battle table copied the Counter restrictions and parsed a card's short form
("2H/0M mountain"). The observation carries them: a battle's rolls (or flips) of its round,
the highest face a die hits on, the Counters that may answer the live hits (from the one
rule, `RESPONSES` / `counters_answering`), a card's figures (`Card.seen`), and on the map
the last battle of the turn (`last_battle`)."""

from __future__ import annotations

import random
import re
import sys
from pathlib import Path

import pytest

from warroom.games import get_game
from warroom.games.viktory_battles.cards import RESPONSES, load_deck
from warroom.games.viktory_battles.dice import hit_faces
from warroom.games.viktory_battles.render import counters_answering, describe_battle_event
from warroom.games.viktory_ii.actions import Fight, SelectUnit, Step
from warroom.games.viktory_ii.render import describe_event as map_line
from warroom.games.viktory_ii.units import ART, INF

sys.path.insert(0, str(Path(__file__).parents[1] / "viktory_ii"))
from vik2_helpers import PLAINS_MAP, capital, position, take, town, troops  # noqa: E402

VIKTORY = get_game("viktory")
FIRE = ("roll", "flip")


def _fire_data(e: dict) -> dict:
    return {k: v for k, v in e.items() if k != "event"}


def _rolls_since_marker(events: list[dict]) -> tuple[list[dict], int]:
    """The rolls (flips) of the last round that had any, by the log's events: what the table
    used to read out of the log's lines, here from the events themselves."""
    by_round: dict[int, list[dict]] = {}
    n = 0
    for e in events:
        if e["event"] in ("round", "wave"):
            n += 1
        elif e["event"] in FIRE:
            by_round.setdefault(n, []).append(_fire_data(e))
    if not by_round:
        return [], 0
    last = max(by_round)
    return by_round[last], last


def _battle_events(state) -> list[dict]:
    return [e for _, e in state.log]


@pytest.mark.parametrize("mode", ["dice", "cards", "hybrid"])
def test_the_one_battle_observation_holds_its_rounds_rolls_as_the_log_tells_them(mode):
    """Audit (stop 49): at every decision of played battles the observation's `rolls` are the
    roll (or flip) events of the last round that had any, `rolls_round` its number as the
    log's round (wave) markers count; `hit_on` the face a die hits on up to (3, 4 in
    supply); each roll says its own. Everybody sees the same (the course is public)."""
    checked = 0
    for seed in range(4):
        state = VIKTORY.new_state(VIKTORY.config({"mode": mode}), seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            obs = state.observation(0)
            rolls, n = _rolls_since_marker(_battle_events(state))
            assert obs["rolls"] == rolls and obs["rolls_round"] == (n if rolls else 0)
            assert obs["hit_on"] == [hit_faces(s) for s in obs["supply"]]
            for r in obs["rolls"]:
                if mode == "cards":
                    assert "dice" not in r and len(r["cards"]) == len(r["descs"])
                else:
                    assert r["hit_on"] == obs["hit_on"][r["player"]]  # seat 0 attacks
                    assert r["hits"] == sum(1 for d in r["dice"] if d <= r["hit_on"])
            for viewer in (1, None):
                assert state.observation(viewer)["rolls"] == obs["rolls"]
            checked += bool(rolls)
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
    assert checked > 5


def test_a_roll_s_log_line_is_worded_as_before():
    """Audit (stop 49): the roll event now says what a die hit on (`hit_on`); the terminal's
    line reads as it did."""
    e = {"event": "roll", "player": 0, "cause": "battle", "dice": [1, 5], "hits": 1,
         "selective": 1, "hit_on": 3}
    assert describe_battle_event(e, lambda p: f"Player {p}") == \
        "Player 0 rolls battle: 1 5 -> 1 hit, 1 selective"


def _card_play(seed_range=range(60)):
    """A one-battle cards game at a Counter to play (live hits against the side to move)."""
    for seed in seed_range:
        state = VIKTORY.new_state(VIKTORY.config({"mode": "cards"}), seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            obs = state.observation(0)
            if obs["decision"] == "play" and obs["plays"] and obs["pending"]:
                return state
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
    raise AssertionError("no card round")


def test_the_counters_that_may_answer_come_from_the_one_rule():
    """Audit (stop 49): the table copied the Counter restrictions (RESPONSES) and the
    terminal's sentence. The observation says which Counters may answer the live hits and
    the terminal's words for it, from the one rule."""
    state = _card_play()
    obs = state.observation(0)
    kind = obs["respond_to"]
    assert kind in RESPONSES
    assert obs["answers"] == list(RESPONSES[kind])
    assert obs["answering"] == counters_answering(kind)
    assert obs["answering"].startswith(f"a {kind} card: a ")
    # each kind, as the state would show it
    session = state.session
    for kind, answers in RESPONSES.items():
        session.last_type = kind
        seen = state.observation(None)
        assert seen["answers"] == list(answers)
        assert seen["answering"] == counters_answering(kind)
    session.last_type = ""
    assert state.observation(1)["answering"] == "no Counter answers it: pass"


def test_a_card_comes_with_the_figures_its_short_form_abbreviates():
    """Audit (stop 49): the tables read a card's hits, misses and terrain back out of its
    short form ("2H/0M mountain") with a regex. `Card.seen` gives them, for the hand and
    the cards played; they agree with the short form."""
    state = _card_play()
    obs = state.observation(0)
    deck = load_deck().by_id()
    shown = [*obs["hand"], *({**p, "id": p["card"]} for p in obs["plays"])]
    assert shown
    for c in shown:
        card = deck[c["id"]]
        assert (c["name"], c["hits"], c["misses"], c["terrain"]) == \
            (card.name, card.hits, card.misses, card.terrain)
        m = re.match(r"^(.*) (\d+)H/(\d+)M (\w+)(?: \[(.+)\])?$", c["desc"])
        assert m and (m[1], int(m[2]), int(m[3]), m[4]) == \
            (c["name"], c["hits"], c["misses"], c["terrain"])


# --- the map game: a battle fought, and the last one of the turn ------------------------------

# vik2_helpers' PLAINS_MAP with A1 a mountain: a city there supports an artillery.
MOUNTAIN_A1 = "   m" + PLAINS_MAP[4:]


def _attack(tmp_path, **options):
    """Player 0's 3 infantry and an artillery on D5 attack player 1's 3 infantry on E5, in a
    game of three players (player 2 far off): declared and fought to its end, one decision
    at a time; `during` collects each viewer's battle observation."""
    state = position(tmp_path, [
        capital("A1", 0, city=True), town("A3", 0, city=True),
        troops("D5", 0, infantry=3, artillery=1), capital("E1", 2),
        capital("G4", 1, city=True), town("G1", 1), troops("E5", 1, infantry=3),
    ], tiles=MOUNTAIN_A1, players=3, **options)
    if state.pool is not None:  # card modes: Attack cards for player 0, Counters for player 1
        cards = state.cards
        for seat, wanted in ((0, "can_attack"), (1, "can_counter")):
            for cid in [c for c in reversed(state.pool.deck) if getattr(cards[c], wanted)][:3]:
                state.pool.deck.remove(cid)
                state.pool.hands[seat].append(cid)
    take(state, SelectUnit, hex="D5", unit=INF)
    take(state, Step, hex="E5")
    take(state, SelectUnit, hex="D5", unit=ART)  # its pre-battle fire: a roll, or a flip
    take(state, Step, hex="E5")
    take(state, Fight, hex="E5")
    during = []
    for _ in range(80):
        if state.session is None:
            return state, during
        during.append({v: state.observation(v)["battle"] for v in (0, 1, 2, None)})
        player = state.to_move()[0]
        legal = state.legal_actions(player)
        keep = [a for a in legal if "retreat" not in str(getattr(a, "label", a))
                and "call off" not in str(getattr(a, "label", a))]
        state.apply(player, (keep or legal)[0])
    raise AssertionError("the battle did not end")


@pytest.mark.parametrize("mode", ["dice", "cards"])
def test_a_map_battle_s_rolls_are_public_its_place_is_not(tmp_path, mode):
    """Audit (stop 49): on a dark map a third player and a spectator see a battle's course
    (its rolls, the round) as its sides do, never its place (README)."""
    _, during = _attack(tmp_path, dark=True, mode=mode)
    assert any(b[0]["rolls"] for b in during)
    for b in during:
        for viewer in (2, None):
            assert b[viewer]["rolls"] == b[0]["rolls"] == b[1]["rolls"]
            assert b[viewer]["rolls_round"] == b[0]["rolls_round"]
            assert b[viewer]["hex"] == -1 and b[viewer]["where"] == ""
            assert b[viewer]["hit_on"] == b[0]["hit_on"]


# The old table's readings of the log's lines (viktory_ii/web/table.js before stop 49).
ROLL = re.compile(r"^Player (\d+) rolls (.+): ([\d ]+) -> (\d+) hits?, (\d+) selective$")
FLIP = re.compile(r"^Player (\d+) flips for (.+): (.*) -> (\d+) hits?, (\d+) selective$")
RESULT = re.compile(r"^Battle at (.*?): (.*) \(([^()]*)\); lost: attacker (.*), defender (.*)$")
WON = re.compile(r"^player (\d+) \(the (attacker|defender)\) wins$")


@pytest.mark.parametrize("mode", ["dice", "cards"])
def test_the_last_battle_agrees_with_the_log_lines_the_table_parsed(tmp_path, mode):
    """Audit (stop 49): the last battle of the turn came from the log's lines; it is data now
    (`last_battle`), and says what those lines said: where, who won and why, the losses, the
    rounds, each roll's (flip's) seat, cause, dice (cards), hits and selective hits. The
    viewer's own events make it: on a dark map the third player, told how it ended but not
    where (since stop 67), gets it without its place, and a spectator, told neither, none."""
    state, _ = _attack(tmp_path, dark=True, mode=mode)
    for viewer in (0, 1):
        obs = state.observation(viewer)
        last = obs["last_battle"]
        assert last is not None and obs["battle"] is None
        lines = [map_line(e) for e in obs["log"]]
        [end] = [k for k, line in enumerate(lines) if RESULT.match(line)]
        assert last["key"] == obs["log_start"] + end
        where, won, reason, att_lost, def_lost = RESULT.match(lines[end]).groups()
        assert (last["where"], last["reason"], last["lost"]) == (where, reason,
                                                                  [att_lost, def_lost])
        w = WON.match(won)
        assert last["winner"] == w[2] and last["seats"][0 if w[2] == "attacker" else 1] == \
            int(w[1])
        assert last["seats"] == [0, 1] and last["kind"] == "land"
        begin = max(k for k, line in enumerate(lines[:end]) if line.startswith("Battle ("))
        body = lines[begin + 1:end]
        markers = [line for line in body if re.match(r"^--- (Battle round|Attack wave) \d+ ---$",
                                                     line)]
        assert last["rounds"] == len(markers) and last["waves"] == (mode == "cards")
        parsed = []
        for line in body:
            if m := ROLL.match(line):
                parsed.append((int(m[1]), m[2], [int(d) for d in m[3].split()], int(m[4]),
                               int(m[5])))
            elif m := FLIP.match(line):
                parsed.append((int(m[1]), m[2], m[3], int(m[4]), int(m[5])))
        fire = [r for r in last["course"] if "says" not in r]
        assert parsed
        assert parsed == [(r["player"], r["cause"], r["dice"] if "dice" in r
                           else ", ".join(r["descs"]) or "no card left", r["hits"],
                           r["selective"]) for r in fire]
        said = [r["says"] for r in last["course"] if "says" in r]
        assert said == [line for line in body if line in said]  # the log's own lines
    third = state.observation(2)["last_battle"]
    assert third["where"] is None
    assert {**third, "key": 0} == {**state.observation(0)["last_battle"], "key": 0,
                                   "where": None}
    # a spectator learns the result as the third seat does (rules version 15)
    assert {**state.observation(None)["last_battle"], "key": 0} == {**third, "key": 0}


def test_the_last_battle_is_gone_when_the_next_turn_begins(tmp_path):
    """Audit (stop 49): the last battle is the turn's: the next player's turn has none (its
    viewer's events since its turn began hold no battle)."""
    state, _ = _attack(tmp_path)
    assert state.observation(0)["last_battle"] is not None
    for _ in range(40):
        if state.player != 0:
            break
        player = state.to_move()[0]
        legal = state.legal_actions(player)
        state.apply(player, legal[-1] if state.decision()[0] != "battle" else legal[0])
    assert state.player != 0
    assert state.observation(state.player)["last_battle"] is None
