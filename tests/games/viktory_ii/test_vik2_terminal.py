"""What a person reads at the terminal: the table's lines and the log's wording, as
`warroom play viktory-ii` prints them."""

from __future__ import annotations

import importlib
import random
import re
from pathlib import Path

from test_vik2_battles import MAP, bombardment_joins_an_attack
from vik2_helpers import (
    GAME,
    act,
    capital,
    events,
    played_at_random,
    position,
    script_dice,
    take,
    town,
)
from vik2_helpers import troops as units_at

# The battle tests' map: water at C1, D1, D2, C6, D6, D7; a mountain at G4 (a city there
# supports artillery).
from decision_screen import heuristic_decisions
from warroom.engine.data import plain
from warroom.games.viktory_battles.actions import FireOverwatch, PlayCard
from warroom.games.viktory_ii.actions import Done, Fight, SelectUnit, Step
from warroom.games.viktory_ii.board import board
from warroom.games.viktory_ii.units import CAV, FREE, FRIG, INF

RENDER = importlib.import_module("warroom.games.viktory_ii.render")


def table(state, player: int) -> str:
    return GAME.render(state.observation(player), player)


def full(state, player: int | None) -> str:
    """The table written in full (`FULL`), however little room the reader's choices leave
    it: as a spectator reads it, or a reader with few choices."""
    return RENDER._render(state.observation(player), RENDER.FULL)


def line(text: str, start: str) -> str:
    found = [x for x in text.splitlines() if x.startswith(start)]
    assert len(found) == 1, (start, text)
    return found[0]


def test_the_battle_headline_speaks_to_the_attacker_in_the_second_person(tmp_path):
    state = position(tmp_path, [capital("A1", 0, city=True), town("A3", 0),
                                units_at("C3", 0, infantry=2),
                                capital("G4", 1, city=True), town("D3", 1, infantry=2)],
                     tiles=MAP)
    take(state, SelectUnit, hex="C3", unit=INF)
    take(state, Step, hex="D3")  # an attack declared
    take(state, Fight, hex="D3")
    script_dice(state, [6] * 40)  # nobody hits: the attacker is asked to fight on
    while state.decision()[0] == "battle" and state.decision()[1] != 0:
        act(state, state.legal_actions(state.to_move()[0])[0])
    assert state.decision() == ("battle", 0)
    mine = line(table(state, 0), "Battle at D3")
    assert "you attack player 1" in mine and "you attacks" not in mine
    assert "player 0 attacks you" in line(table(state, 1), "Battle at D3")


def test_the_players_lines_count_in_the_singular_and_the_plural(tmp_path):
    state = position(tmp_path, [capital("A1", 0, city=True), town("A4", 0),
                                capital("G4", 1)], tiles=MAP)
    text = table(state, 0)
    assert "Player 0 (you): capital A1 (held); 1 town, 1 city, 1 capital held" in text
    assert "Player 1: capital G4 (held); 1 town, 0 cities, 1 capital held" in text
    assert "1 towns" not in text and "capital(s)" not in text


def test_one_drawn_tile_is_a_tile_and_one_explored_hex_a_hex():
    assert GAME.describe_event({"event": "drawn", "player": 0, "count": 1,
                                "tiles": ["plains"]}) == "Player 0 draws 1 tile: plains"
    assert GAME.describe_event({"event": "drawn", "player": 0, "count": 2,
                                "tiles": ["plains", "water"]}) == \
        "Player 0 draws 2 tiles: plains, water"
    assert GAME.describe_event({"event": "explored", "player": 0, "hexes": 1, "drawn": 1}) \
        == "Player 0 explores 1 hex"


def test_the_battle_result_says_who_won_by_seat(tmp_path):
    base = {"event": "battle", "battle": "land", "where": "D4", "attacker": 0, "defender": 1,
            "reason": "attacker destroyed", "attacker_lost": "1 infantry",
            "defender_lost": "none"}
    assert GAME.describe_event({**base, "winner": "defender"}) == (
        "Battle at D4: player 1 (the defender) wins (attacker destroyed); lost: attacker "
        "1 infantry, defender none")
    assert GAME.describe_event({**base, "winner": "attacker"}).startswith(
        "Battle at D4: player 0 (the attacker) wins")
    assert GAME.describe_event({**base, "winner": "none"}).startswith(
        "Battle at D4: no winner")


def test_a_unit_overwatch_hits_while_moving_is_not_told_as_attacking(tmp_path):
    state = position(tmp_path, [capital("A1", 0, city=True), units_at("D4", 0, infantry=1),
                                capital("G4", 1, city=True, artillery=1)], tiles=MAP)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    take(state, Step, hex="F4")  # next to the artillery on G4: Overwatch, no battle
    script_dice(state, [1, 6])
    act(state, FireOverwatch())
    lost = events(state, "casualty")[-1]
    assert GAME.describe_event(lost) == "Lost: the moving infantry to overwatch"


def test_a_unit_overwatch_hits_moving_into_a_battle_is_attacking(tmp_path):
    state = position(tmp_path, [capital("A1", 0, city=True),
                                units_at("G3", 0, infantry=1, cavalry=1),
                                capital("G4", 1, city=True, artillery=1)],
                     tiles=MAP, mode="dice")
    take(state, SelectUnit, hex="G3", unit=INF)
    take(state, Step, hex="G4")  # an attack declared on the artillery's own hex
    take(state, Fight, hex="G4")
    script_dice(state, [1, 1] + [6] * 40)
    while state.decision()[0] == "battle" and not events(state, "casualty"):
        actions = state.legal_actions(state.to_move()[0])
        fire = [a for a in actions if type(a) is FireOverwatch]
        act(state, fire[0] if fire else actions[0])
    lost = events(state, "casualty")
    assert lost and lost[0]["attacker"] and "moving" not in lost[0]
    assert GAME.describe_event(lost[0]).startswith("Lost: attacking infantry")


def test_the_rules_summary_explains_how_a_card_reads():
    assert "2H/1M" in GAME.summary
    assert "hits (H), misses (M" in GAME.summary


def test_no_line_of_a_played_game_counts_with_an_s_in_brackets():
    """'1 move left', '2 cards': the table and the log count as a person writes, never
    'move(s)' or 'card(s)' (a random game with the Battle Cards, every seat's view)."""
    import random

    for seed in range(3):
        state = GAME.new_state(GAME.config({"mode": "cards", "turn_limit": 6}), seed)
        rng = random.Random(seed)
        seen = []
        while not state.is_terminal():
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            state.apply(player, actions[rng.randrange(len(actions))])
            if rng.random() < 0.05:
                seen.append(table(state, player))
        seen += [GAME.describe_event(e) or "" for e in state.visible_log(0)]
        text = "\n".join(seen)
        assert "(s)" not in text and "die/dice" not in text


def headline(state, player: int) -> str:
    """The headline, on one line again where it was broken to fit the terminal."""
    first, *rest = full(state, player).splitlines()
    for line in rest:
        if not line.startswith("    "):
            return first
        first += " " + line.strip()
    return first


def test_the_setup_headline_names_the_step_under_way_not_the_next():
    """While the tiles the capital revealed are placed, the turn is past the capital and not
    yet at the second town, which the first player of 2-6 never builds."""
    state = GAME.new_state(GAME.config({"players": 3}), 7)
    seen = {}
    while state.round == 0:
        kind, p = state.decision()
        if kind == "tile":
            seen.setdefault((state.phase, p), headline(state, p))
        act(state, state.legal_actions(p)[0])
    assert seen[("capital", 0)].startswith(
        "Setup (dice) - your turn: starting hexes revealed - now you: placing drawn tiles")
    first = seen[("second_town", 0)]
    assert "your turn: capital placed (the first player builds no second town) - " \
        "now you: placing drawn tiles" in first
    assert "setup: second town" not in first
    later = [text for (phase, p), text in seen.items() if phase == "second_town" and p > 0]
    assert later and all("your turn: capital placed - now you" in text for text in later)


def test_a_battle_draw_is_told_once_and_its_cards_only_to_the_drawer(tmp_path):
    """Cards mode: two unit types attack (two dice: one replenishment card, A11 off the top of
    the deck), the defender's one die draws none. Everybody reads how many each drew; the
    attacker alone reads which card it got, as its hand shows it. A draw of nothing is one
    line."""
    state = position(tmp_path, [capital("A1", 0, city=True),
                                units_at("C3", 0, infantry=1, cavalry=1),
                                capital("G4", 1, city=True), town("G1", 1),
                                units_at("D3", 1, infantry=2)], tiles=MAP, mode="cards")
    pool = state.pool
    for card in ("A01", "A11"):
        for pile in (pool.deck, pool.discard, *pool.hands):
            if card in pile:
                pile.remove(card)
    pool.hands[0][:] = ["A01"]
    pool.hands[1][:] = []
    pool.deck.append("A11")
    take(state, SelectUnit, hex="C3", unit=INF)
    take(state, Step, hex="D3")
    take(state, SelectUnit, hex="C3", unit=CAV)
    take(state, Step, hex="D3")
    take(state, Fight, hex="D3")
    act(state, next(a for a in state.legal_actions(0) if type(a) is PlayCard))
    in_hand = line(full(state, 0), "Your hand:")
    assert "A11 " in in_hand
    a11 = "A11 " + in_hand.split("A11 ", 1)[1]  # as the hand shows it (the last card)
    told = {p: [GAME.describe_event(e) for e in state.visible_log(p)
                if e["event"] in ("draw", "drew")] for p in (0, 1, None)}
    public = ["Player 0 draws 1 card (replenishment)", "Player 1 draws 0 cards (replenishment)"]
    assert told[0] == [public[0], f"Player 0 gets {a11}", public[1]]
    assert told[1] == told[None] == public
    for p in (1, None):
        assert not any("A11" in (GAME.describe_event(e) or "") for e in state.visible_log(p))


def _to_the_draw(tmp_path):
    """Cards mode, round 1: player 0 (one city, an empty hand) at its end-of-turn draw."""
    state = position(tmp_path, [capital("A1", 0, city=True), town("A3", 0),
                                capital("G4", 1, city=True)], mode="cards")
    state.pool.deck.extend(state.pool.hands[0])
    state.pool.hands[0][:] = []
    while state.decision()[0] != "draw":
        act(state, next(a for a in state.legal_actions(0) if type(a) is Done))
    return state


def test_the_turns_draw_tells_the_count_to_all_and_the_cards_to_the_drawer(tmp_path):
    state = _to_the_draw(tmp_path)
    top = state.pool.deck[-1]
    act(state, state.legal_actions(0)[-1])  # draw 1 card
    assert state.pool.hands[0] == [top]
    shown = f"{top} {state.cards[top].short()}"
    told = {p: [GAME.describe_event(e) for e in state.visible_log(p)
                if e["event"] in ("draw", "drew", "card")] for p in (0, 1, None)}
    assert told[0] == ["Player 0 draws 1 card (end of turn)", f"Player 0 gets {shown}"]
    assert told[1] == told[None] == ["Player 0 draws 1 card (end of turn)"]


def test_the_turns_draw_counts_the_cards_drawn_not_those_asked_for(tmp_path):
    state = _to_the_draw(tmp_path)
    state.pool.deck[:] = []
    state.pool.discard[:] = []  # nothing left to draw
    act(state, state.legal_actions(0)[-1])  # draw 1 card
    told = [GAME.describe_event(e) for e in state.visible_log(0)
            if e["event"] in ("draw", "drew", "card")]
    assert told == ["Player 0 draws 0 cards (end of turn)"]


def test_at_the_end_the_headline_says_game_over():
    """Nobody's turn once the game is over: 'game over', not "player 1's turn: game over"."""
    import random

    state = GAME.new_state(GAME.config({"turn_limit": 2}), 3)
    rng = random.Random(3)
    while not state.is_terminal():
        player = state.to_move()[0]
        actions = state.legal_actions(player)
        state.apply(player, actions[rng.randrange(len(actions))])
    for seat in (0, 1, None):
        head = table(state, seat).splitlines()[0]
        assert head.endswith("game over") or " - game over - " in head, head
        assert "turn:" not in head


def test_a_declared_attack_shows_only_the_units_still_there(tmp_path):
    """A unit lost since it joined an attack (a bombarding frigate, say) is no longer in it,
    and an attack all of whose units are gone is not declared any more: the observation read
    'bombarding from' a hex of no name, and 'Attack declared on D3 - ' with nothing after."""
    state = bombardment_joins_an_attack(tmp_path, infantry=1)
    (battle,) = state.observation(0)["battles"]
    assert battle["sides"] and battle["bombard"]
    frigate, infantry = (next(u for u in range(len(state.uo)) if state.uo[u] == 0
                              and state.ut[u] == t and state.us[u] != FREE)
                         for t in (FRIG, INF))
    state.remove_unit(frigate)
    (battle,) = state.observation(0)["battles"]
    assert battle["sides"] and battle["bombard"] == []
    state.remove_unit(infantry)
    assert state.observation(0)["battles"] == []
    assert "Attack declared" not in table(state, 0)


def test_long_lines_break_between_items_to_fit_an_80_column_terminal():
    """A panel on an 80-column terminal holds 76 characters a line. The headline, the players
    and the units used to run to 80-150 and were wrapped by the terminal mid-item ("1" at
    one line's end, "infantry" at the next's start)."""
    state = GAME.new_state(GAME.config({}), 2)
    rng = random.Random(2)
    for _ in range(600):  # a random game well into its middle: many stacks on the map
        p = state.to_move()[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    p = state.to_move()[0]
    text = plain(full(state, p))
    units = text[text.index("Your units: "):].split("\n")
    assert len(units) > 2 and units[1].startswith("    ")  # a long list, broken
    for line in text.splitlines():
        assert len(line) <= 76, line
        if line.startswith("    ") and line[4] != " ":  # a line going on: whole items
            assert re.match(r"    (you are|reserve:|[A-Z]\d+ \d+ )", line), line


def _js_object(source: str, name: str) -> dict[str, str]:
    body = re.search(rf"const {name} = \{{(.*?)\}};", source, re.S).group(1)
    return dict(re.findall(r'(\w+): "([^"]*)"', body))


def test_the_browser_table_names_steps_and_decisions_as_the_text_view_does():
    """Both tables name a turn's steps and the decisions within it; the browser's had drifted
    ("setup: the second town", "draw cards")."""
    render = importlib.import_module("warroom.games.viktory_ii.render")
    source = (Path(render.__file__).parent / "web" / "table.js").read_text()
    for name, words in (("PHASES", render.PHASES), ("SETUP_REVEALS", render.SETUP_REVEALS),
                        ("DECISIONS", render.DECISIONS)):
        shown = _js_object(source, name)
        assert {k: shown.get(k) for k in words} == words, name



def _mid_game(radius: int, seed: int = 1, moves: int = 300):
    """A random game of this radius some hundreds of moves in: towns, cities and units."""
    return played_at_random({"radius": radius}, seed, moves)


def test_a_map_of_radius_9_or_10_fits_an_80_column_terminal():
    """Defect: at radius 10 the map's middle row is 21 hexes of 4 characters and its label,
    87 characters (79 at radius 9): wider than the 76 of a panel on an 80-column terminal,
    so the terminal wrapped every long row. A map wider than the terminal is now drawn
    three characters a hex, a town's or city's letter in its terrain's place (its colour
    still shows the terrain), and the key says so; every line fits."""
    for radius in (9, 10):
        state = _mid_game(radius)
        for viewer in (0, 1, None):
            text = plain(full(state, viewer))
            assert max(len(line) for line in text.splitlines()) <= 76, (radius, viewer)
            assert "Hex (compact, to fit 80 columns)" in text
            middle = line(text, f" {chr(ord('A') + radius)} ")
            assert len(middle) == 3 + (2 * radius + 1) * 3  # its hexes, 3 characters each
        obs = state.observation(0)
        names = board(radius).names
        text = plain(full(state, 0))
        for h, owner, kind, capital_of, _ in obs["settlements"]:  # its letter and owner
            row, place = names[h][0], int(names[h][1:])
            cells = line(text, f" {row} ")[3:].strip()
            assert cells[(place - 1) * 3:(place - 1) * 3 + 2] == \
                "tTC@"[(kind - 1) * 2 + (capital_of >= 0)] + str(owner)


def test_a_map_that_fits_keeps_four_characters_a_hex_whatever_the_terminal(monkeypatch):
    """A map that fits 80 columns (radius 8 and less) keeps its four characters a hex
    (terrain, owner, town or city, units); and the width is fixed, not read from the terminal,
    so one view renders one text on every channel (a wide terminal draws radius 10 compact
    too, as the server's text view and the environments' render() do)."""
    text = plain(full(_mid_game(8), 0))
    assert "Hex: terrain" in text and len(line(text, " I ")) == 3 + 17 * 4
    narrow = table(_mid_game(10), 0)
    monkeypatch.setenv("COLUMNS", "200")
    assert table(_mid_game(10), 0) == narrow


def test_the_live_hits_say_which_counters_may_answer():
    """Defect: "a Counter must answer 'regular'" named neither the Counters that may answer
    nor the way out. The line now names them by the card just played (a regular card: a
    Flank, Frontal or Surprise Counter; a flank card: a Flank or Surprise one; ...), or
    pass."""
    kinds = {"regular": "Flank, Frontal or Surprise", "flank": "Flank or Surprise",
             "frontal": "Frontal or Surprise", "surprise": "Surprise"}
    seen = set()
    for seed in range(6):  # (random games: enough of them to meet a flank card's answer)
        state = GAME.new_state(GAME.config({"mode": "cards"}), seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            p = state.to_move()[0]
            battle = state.observation(p).get("battle")
            if battle and battle["decision"] == "play":
                text = " ".join(plain(table(state, p)).split())
                answer = battle["respond_to"]
                assert f"a {answer} card: a {kinds[answer]} Counter answers, or pass" in text
                assert "must answer" not in text
                seen.add(answer)
            state.apply(p, rng.choice(state.legal_actions(p)))
    assert {"regular", "flank"} <= seen


def _decisions(players: int, mode: str, seeds: range):
    """Every decision of heuristic games of the default map: the deciding seat's view, and
    its choice."""
    config = GAME.config({"players": players, "mode": mode})
    return heuristic_decisions(GAME, lambda seed: GAME.new_state(config, seed), seeds)


def test_the_table_the_choices_and_the_prompt_fit_a_standard_80x24_terminal():
    """Defect: the table ran to 24-35 lines (the map, a 3-line key, a line per player, the
    units and the hand in full), and with the choices and the prompt under it the first
    screen was 29 lines and a move 40: the headline, whose turn and the map were off an
    80x24 terminal at almost every decision. The table is now written shorter while it is
    taller than the choices leave (`SHORT`): half the decisions of a 2-player game fit 24
    lines, nine in ten 28, none is wider than 80 columns."""
    import statistics

    from decision_screen import screen_heights

    heights = sorted(screen_heights(GAME, _decisions(2, "dice", range(3)), every=4))
    assert len(heights) > 300
    assert statistics.median(heights) <= 24, statistics.median(heights)
    assert heights[int(0.9 * len(heights))] <= 28, heights[int(0.9 * len(heights))]


HEX = re.compile(r"\b[A-U]\d{1,2}\b")  # a hex's name, or a card's id (A04, C12, X06)


def told(obs: dict, text: str) -> set[str]:
    """What a table tells that a decision needs: every hex it names (units, towns, the
    battle, the tiles to place) and card it lists, each player's towns, cities and cards,
    the round, whose turn, and the unit moving."""
    facts = set(HEX.findall(text))
    flat = " ".join(text.split())
    for q, info in enumerate(obs["players"] if obs["round"] else []):  # setup: nothing yet
        for words in (f"{info['towns']} town", f"{info['cities']} cit",
                      f"cards {info['hand']}/{info['max_hand']}"):
            facts.add(f"{q}: {words}" if words in flat else f"{q}: no {words}")
    facts.add(str(obs["round"] in (0, int((re.findall(r"Round (\d+)", flat) or ["0"])[0]))))
    facts.add("your turn" if "your turn" in flat else "not yours")
    facts.add("moving" if "Moving: " in flat else "nothing moving")
    return facts


def test_a_shorter_table_loses_nothing_the_player_needs():
    """However far the table is written shorter (`SHORT`), it names every hex and card the
    full table names (the units, the towns, the battle, the tiles to place, the hand), each
    player's towns, cities and cards, the round, whose turn it is and the unit moving, and
    every line fits; the map key it leaves out is in the rules summary ('?')."""
    shortened = 0
    for n, (view, _) in enumerate(_decisions(3, "cards", range(1))):
        if n % 7:
            continue
        obs = view.observation
        full_text = plain(RENDER._render(obs, RENDER.FULL))
        shortened += plain(RENDER.render(obs, view.player)) != full_text
        want = told(obs, full_text)
        for step in RENDER.SHORT:
            text = plain(RENDER._render(obs, step))
            assert all(len(x) <= 76 for x in text.splitlines()), (step, text)
            assert told(obs, text) >= want, (step, want - told(obs, text), text)
    assert shortened > 100
    assert "t town / T capital / C city / @ capital city" in " ".join(GAME.summary.split())


def test_the_headline_says_each_thing_once():
    """Defect: the headline read "Viktory II (dice) - setup - your turn: setup: starting
    hexes revealed - ... - you are player 0" under a panel title that says "Viktory II - you
    are player 0": the game, the seat and "setup" twice. The players' lines say which is
    "you"."""
    state = GAME.new_state(GAME.config({"players": 3}), 2)
    head = headline(state, 0)
    assert head.startswith("Setup (dice) - your turn: starting hexes revealed - now you")
    assert "you are player" not in full(state, 0) and "Viktory II" not in head
    assert "Player 0 (you): no capital yet" in full(state, 0)


def test_a_long_menu_lists_each_kind_of_choice_with_its_hexes():
    """Audit (stop 47, left then): a reserves step's choices ("take an artillery off G13
    into reserve", 38 characters) were too long for two columns at 80, so 35 of them took
    35 lines and pushed the map off a 24-line screen. The terminal lists them by what each
    does, its hexes after it (`choice_grid`): the same choices in half as many lines or
    fewer (35 in 10), each number once, each the choice its row and hex name. (Stop 80: the
    units taken into reserve share one row, "take into reserve:  30. inf B3   31. cav D3",
    where each unit had its own caption of 35 characters: a line or two fewer.)"""
    import io

    from rich.console import Console

    from warroom.agents.human import HumanAgent

    UNITS = {"inf": "an infantry", "cav": "a cavalry", "art": "an artillery", "frig": "a frigate"}
    checked = withdrawn = 0
    for seed in range(6):
        state = GAME.new_state(GAME.config({"players": 2}), seed)
        rng = random.Random(seed)
        while not state.is_terminal() and checked < 40:
            player = state.to_move()[0]
            actions = state.legal_actions(player)
            if len(actions) >= 25:
                console = Console(file=io.StringIO(), width=80, height=24, color_system=None)
                person = HumanAgent(GAME, 0, stdin=io.StringIO(), console=console)
                menu = [text.plain for text in person.menu_lines(actions, rows=8)]
                assert len(menu) <= len(actions) // 2 and all(len(x) <= 79 for x in menu), menu
                listed = {}
                assert menu[0] == "   Type the number before your choice:"
                for line_ in menu[1:]:
                    if line_.startswith("       "):  # a row going on
                        items = line_
                    elif ":" in line_:  # "   place an infantry on:   1. C9   3. D9"
                        row, items = (part.strip() for part in line_.split(":"))
                    else:  # a choice outside the lists: "35. finish placing reserves"
                        number, label = line_.strip().split(". ", 1)
                        listed[int(number)] = label
                        continue
                    for number, where in re.findall(
                            r"(\d+)\. ((?:inf |cav |art |frig )?\S+(?: \(from \w+\))?)", items):
                        listed[int(number)] = (row, where)
                assert sorted(listed) == list(range(1, len(actions) + 1)), "\n".join(menu)
                for number, shown in listed.items():
                    label = actions[number - 1].label
                    if isinstance(shown, str):
                        assert shown == label
                    else:  # "place an infantry on" and "C9": "place an infantry on C9"
                        row, where = shown
                        if row == "take into reserve":  # "inf C9": "take an infantry off C9
                            unit, where = where.split()  # into reserve"
                            assert label.startswith(f"take {UNITS[unit]} off "), (shown, label)
                        else:
                            assert row.split()[:3] == label.split()[:3], (shown, label)
                        assert HEX.findall(where) == HEX.findall(label), (shown, label)
                checked += 1
                withdrawn += sum(isinstance(shown, tuple) and shown[0] == "take into reserve"
                                 for shown in listed.values())
            state.apply(player, rng.choice(actions))
    assert checked >= 20 and withdrawn >= 20
