"""Card analytics on real games: every game's card events are well formed and agree with its
log; a deliberately broken Word & Iron card is flagged, and a fair deck flags nothing."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from warroom.agents import make_agents
from warroom.cli import main
from warroom.engine import DRAWN, PLAYED, play_game
from warroom.games import get_game
from warroom.sim.analysis import analyse
from warroom.sim.store import ResultStore
from word_iron_decks import BROKEN_CARD, OPTIONS, broken_deck, fair_deck, marked_deck

WITH_CARDS = {"word-iron", "battle", "champions", "kow", "viktory", "viktory-ii"}


def test_card_events_are_per_seat_counts_of_named_cards(game_config):
    game, config = game_config
    result = play_game(game, config, 11, make_agents(["random"] * game.num_players(config),
                                                     game, 11), keep_record=False)
    facts = game.card_events(result.state)
    if facts is None:
        assert game.name not in WITH_CARDS or getattr(config, "mode", "") == "dice"
        return
    seats = facts.to_json()
    assert len(seats) == result.state.num_players
    assert json.loads(json.dumps(seats)) == seats
    for fates in seats:
        for fate, cards in fates.items():
            assert isinstance(fate, str) and cards
            assert all(isinstance(c, str) and c and isinstance(n, int) and n > 0
                       for c, n in cards.items())
    assert any(DRAWN in f or PLAYED in f for f in seats)


@pytest.mark.parametrize("players", ["random", "heuristic"])
def test_a_simulated_games_card_facts_are_read_without_replaying_it(game_config, players):
    """Simulation plays with the log off, keeping only the events card analytics reads
    (Game.card_event_kinds): the facts must be those of the whole log, and reading them must
    not rebuild the log (which replays the game: half the cost of a random batch)."""
    game, config = game_config
    n = game.num_players(config)
    for seed in range(3):
        fast = play_game(game, config, seed, make_agents([players] * n, game, seed),
                         keep_record=False).state
        facts = game.card_events(fast)
        assert not fast.log_enabled, "reading the card facts replayed the game"
        logged = play_game(game, config, seed, make_agents([players] * n, game, seed),
                           keep_record=False, trusted=False).state
        assert logged.log_enabled
        whole = game.card_events(logged)
        assert (facts and facts.to_json()) == (whole and whole.to_json()), f"seed {seed}"


def events(state, kind):
    return [e for _, e in state.log if e["event"] == kind]


def play(name, values, seed=5):
    from warroom.games import REGISTRY

    game = REGISTRY[name]
    config = game.config(values)
    n = game.num_players(config)
    result = play_game(game, config, seed, make_agents(["heuristic"] * n, game, seed),
                       keep_record=False)
    return game, result.state, game.card_events(result.state).to_json()


def test_word_iron_counts_every_draw_and_every_use_of_a_resource():
    _, state, facts = play("word-iron", {"deck1": "raiders"})
    for p in (0, 1):
        label = f" (deck{p})"
        draws = Counter(e["card"] + label for e in events(state, "draw") + events(
            state, "champion") if e["player"] == p)
        realm = next(e for e in events(state, "realm") if e["player"] == p)["resources"]
        draws.update(r + label for r in realm)
        assert facts[p][DRAWN] == dict(draws)
        uses = Counter(e["resource"] for e in events(state, "use_resource") if e["player"] == p)
        assert sum(facts[p].get(PLAYED, {}).values()) == sum(uses.values())


def test_word_iron_names_cards_plainly_when_both_use_one_deck():
    _, _, facts = play("word-iron", {})
    assert all("(deck" not in card for f in facts for card in f[DRAWN])


def test_battle_counts_the_hand_drawn_and_the_cards_put_into_play():
    _, state, facts = play("battle", {})
    for p in (0, 1):
        drew = sum(len(e["cards"]) for e in events(state, "drew") if e["player"] == p)
        assert sum(facts[p][DRAWN].values()) == drew >= 7
        played = [e for e in events(state, "play") + events(state, "special")
                  if e["player"] == p]
        assert sum(facts[p].get(PLAYED, {}).values()) == len(played)
    assert all(c[-1] in "♠♥♦♣" or c == "Joker" for f in facts for c in f[DRAWN])


def test_champions_deals_fifteen_cards_each_and_names_them_by_rank():
    _, state, facts = play("champions", {"roshambo": "random"})
    for p in (0, 1):
        reserve = len([e for e in events(state, "lay_down") + events(state, "draw")
                       if e["player"] == p])
        assert sum(facts[p][DRAWN].values()) == 15 + reserve
        flips = len(events(state, "flip"))
        assert sum(facts[p].get(PLAYED, {}).values()) <= flips
    assert set(c for f in facts for c in f[DRAWN]) <= {"A", "K", "Q", "J", *map(str,
                                                                                 range(2, 11))}


def test_kow_credits_each_defeated_card_to_the_player_who_defeated_it():
    from warroom.games.kow.render import card_text  # named as play writes them: 5♥, not 5H

    _, state, facts = play("kow", {})
    for p in (0, 1):
        defeated = Counter(card_text(e["card"]) for e in events(state, "defeat")
                           if e["player"] == p)
        assert facts[p][PLAYED] == dict(defeated)
        assert DRAWN not in facts[p]  # dealt to the table for both: nobody draws it


def test_viktory_card_battles_name_cards_by_id_and_name_and_dice_battles_have_none():
    game, state, facts = play("viktory", {"mode": "cards"})
    for p in (0, 1):
        drew = Counter(c for e in events(state, "drew") if e["player"] == p for c in e["cards"])
        assert {c.split()[0]: n for c, n in facts[p][DRAWN].items()} == dict(drew)
    assert all(" " in c for f in facts for c in f[DRAWN])  # "A03 Regular Attack"
    dice = game.config({"mode": "dice"})
    result = play_game(game, dice, 1, make_agents(["random", "random"], game, 1),
                       keep_record=False)
    assert game.card_events(result.state) is None


@pytest.mark.parametrize("mode, players, agent", [("cards", 2, "heuristic"),
                                                  ("hybrid", 3, "heuristic"),
                                                  ("cards", 2, "random")])
def test_viktory_ii_card_facts_account_for_every_card_of_every_hand(mode, players, agent):
    """The map game's Battle Cards (audit, stop 43: `simulate viktory-ii --set mode=cards
    --cards` was refused, its cards never measured): every card that came into a hand (the
    end-of-turn draw, a battle's replenishment, the card for a town built or taken) is drawn,
    and left it played (in a battle, or for +1 movement: the random player plays those, the
    heuristic never; a second audit found them missing, then charged as discarded when their
    player was put out), discarded (the hand limit, a town lost, a player out) or is in the
    hand at the end; a dice game has no facts."""
    game = get_game("viktory-ii")
    config = game.config({"mode": mode, "players": players, "turn_limit": 30})
    moved = 0
    for seed in range(3):
        state = play_game(game, config, seed, make_agents([agent] * players, game, seed),
                          keep_record=False, trusted=False).state
        moved += sum(1 for _, e in state.log if e["event"] == "move_card")
        facts = game.card_events(state).to_json()
        assert len(facts) == players
        for p, fates in enumerate(facts):
            drawn, played, discarded = (sum(fates.get(f, {}).values())
                                        for f in (DRAWN, PLAYED, "discarded"))
            assert drawn == played + discarded + len(state.pool.hands[p]), (seed, p)
        assert sum(sum(f.get(PLAYED, {}).values()) for f in facts) > 0
        names = set(game.card_names(config))
        assert {c for f in facts for cards in f.values() for c in cards} <= names
    assert moved > 0 or agent == "heuristic"
    dice = game.config({"mode": "dice", "turn_limit": 10})
    state = play_game(game, dice, 1, make_agents(["random", "random"], game, 1),
                      keep_record=False).state
    assert game.card_events(state) is None


@pytest.fixture(scope="module")
def broken_run(tmp_path_factory):
    where = tmp_path_factory.mktemp("broken")
    db = where / "r.sqlite"
    deck = broken_deck(where)
    assert main(["simulate", "word-iron", "--games", "400", *OPTIONS, "--set", f"deck0={deck}",
                 "--seed", "0", "--db", str(db), "--json"]) == 0
    return db


def test_the_broken_card_is_flagged_and_ranked_first(broken_run, capsys):
    with ResultStore(broken_run) as store:
        analysis = analyse(store, store.runs()[-1]).cards
    card = f"{BROKEN_CARD} (deck0)"
    top = analysis.ranked(DRAWN)[0]
    assert top.card == card and top.flagged and top.ci[0] > 0.15
    assert card in {e.card for e in analysis.flagged()}
    assert main(["report", str(broken_run), "--out", str(broken_run.with_suffix(".md"))]) == 0
    verdicts = capsys.readouterr().out.splitlines()
    assert verdicts[1].startswith("card outliers: ") and \
        f"{card} stands out as strong: a player who draws it wins" in verdicts[1]


def test_a_fair_deck_flags_no_card(tmp_path, capsys):
    deck = fair_deck(tmp_path)
    db = tmp_path / "fair.sqlite"
    assert main(["simulate", "word-iron", "--games", "400", *OPTIONS, "--set", f"deck0={deck}",
                 "--set", f"deck1={deck}", "--seed", "0", "--db", str(db), "--json"]) == 0
    with ResultStore(db) as store:
        analysis = analyse(store, store.runs()[-1]).cards
    assert analysis.tests >= 20 and not analysis.flagged(), analysis.verdict()
    assert analysis.verdict().startswith("card outliers: none of ")


def test_markup_in_card_names_prints_as_written_in_the_cards_table(tmp_path, capsys,
                                                                  monkeypatch):
    """`simulate --cards` read card names as rich markup: `[/red]` in a name ended the command
    with a MarkupError traceback."""
    monkeypatch.setenv("COLUMNS", "200")  # wide enough that no name is cut
    deck = marked_deck(tmp_path)
    assert main(["simulate", "word-iron", "--games", "60", *OPTIONS, "--set", f"deck0={deck}",
                 "--set", f"deck1={deck}", "--db", str(tmp_path / "m.sqlite"), "--cards"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if "cards by improvement when drawn" in line)
    cards = [line.split("│")[1].strip() for line in lines[start:] if line.startswith("│ ")]
    assert len(cards) == 10, out  # the highest and lowest 5, every name as written
    assert all(c.startswith(("[/red]", "[bold][/red]")) and len(c) > len("[/red]")
               for c in cards), cards
    assert lines[-1].startswith("card outliers: ") and "stands out in 60 games" in lines[-1]


def test_a_game_played_without_its_log_is_an_error_not_a_cardless_game(monkeypatch):
    from warroom.engine import State
    from warroom.sim.batch import BatchSpec, SimulationError, play_one

    monkeypatch.setattr(State, "event", lambda self, kind, to=None, **data: None)
    with pytest.raises(SimulationError, match="card analytics need the game's event log"):
        play_one(BatchSpec("battle", {}, ("random", "random"), 1), 0)
