"""Battle: making your own deck (constructed, sealed, draft), deck list files, rule options."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from battle_helpers import names, new

from warroom.engine import ConfigError, DataError, config_to_json
from warroom.games.battle import GAME
from warroom.games.battle.actions import AddCard, FinishDeck, Pick
from warroom.games.battle.cards import SKILL, STANDARD_DECK, parse_card
from warroom.games.battle.state import BUILD, DRAFT, MAIN

DECK40 = STANDARD_DECK[:40]


def build_all(state, player_order=None):
    """Every builder says 'done' at once (fill with the highest cards)."""
    for p in player_order or list(state.to_move()):
        state.apply(p, next(a for a in state.legal_actions(p) if isinstance(a, FinishDeck)))


# --- rule options -----------------------------------------------------------------------------

@pytest.mark.parametrize("values,message", [
    ({"players": 1}, "'players' must be from 2 to 8"),
    ({"players": 9}, "'players' must be from 2 to 8"),
    ({"deck_mode": "booster"}, "must be one of"),
    ({"teams": "friends"}, "must be one of"),
    ({"first_player": 2}, "first_player"),
    ({"hits_to_lose": 0}, "hits_to_lose"),
    ({"deck0": "AS,2S"}, "needs deck_mode=constructed"),
    ({"deck_mode": "constructed", "deck2": ",".join(DECK40)}, "no seat 2"),
    ({"deck_mode": "sealed", "limited_size": 60}, "limited_size"),
    ({"deck_mode": "draft", "packs": 4}, "must not exceed one deck per player"),
    ({"colour": "red"}, "unknown option 'colour'"),
])
def test_options_bad_values_are_one_line_config_errors(values, message):
    with pytest.raises(ConfigError, match=message) as info:
        GAME.config(values)
    assert "\n" not in str(info.value)



@pytest.mark.parametrize("values, pool", [
    ({"packs": 4, "pack_size": 13}, 52),
    ({"packs": 1, "pack_size": 52}, 52),
    ({"packs": 2, "pack_size": 27, "jokers": True}, 54),
    ({"packs": 1, "pack_size": 54, "jokers": True}, 54),
])
def test_options_a_draft_may_deal_exactly_one_deck_per_player(values, pool):
    """Audit (stop 47): only 4 x 15 = 60 was refused, so a bound off by one (a draft of one
    card more than a deck) passed. The exact boundary: a whole deck is accepted."""
    config = GAME.config({"deck_mode": "draft", **values})
    assert config.packs * config.pack_size == pool


@pytest.mark.parametrize("values, message", [
    ({"packs": 1, "pack_size": 53},
     "packs x pack_size (53) must not exceed one deck per player (52 cards)"),
    ({"packs": 5, "pack_size": 11, "jokers": True},
     "packs x pack_size (55) must not exceed one deck per player (54 cards)"),
])
def test_options_a_draft_of_one_card_more_than_a_deck_is_refused(values, message):
    """Audit (stop 47): the boundary's other side, one card more than a deck (52, or 54 with
    jokers), refused with the message that says so."""
    with pytest.raises(ConfigError) as info:
        GAME.config({"deck_mode": "draft", **values})
    assert str(info.value) == message

def test_options_defaults_follow_the_text():
    c = GAME.config()
    assert (c.players, c.teams, c.deck_mode, c.jokers, c.hand_size, c.hits_to_lose) == \
        (2, "none", "off-the-top", False, 7, 5)
    assert (c.constructed_size, c.limited_size, c.packs, c.pack_size) == (40, 30, 3, 15)
    assert c.first_player == -1 and c.turn_limit == 0


def test_options_number_of_players_follows_the_config():
    assert GAME.num_players(GAME.config({"players": 5})) == 5
    assert (GAME.min_players, GAME.max_players) == (2, 8)


# --- Constructed ------------------------------------------------------------------------------

def test_constructed_a_40_card_deck_out_of_one_deck_of_playing_cards():
    s = new(deck_mode="constructed", deck0=DECK40, deck1=STANDARD_DECK[12:])
    assert s.phase == MAIN
    deck0 = names(s, s.draw[0] + s.hands[0])
    assert sorted(deck0) == sorted(DECK40) and len(deck0) == 40
    assert len(s.side[0]) == 12  # the cards removed from the deck of playing cards


def test_constructed_deck_list_must_have_40_different_cards():
    with pytest.raises(ConfigError,
                       match=r"exactly 40 cards \(the option constructed_size\); this one has 39"):
        GAME.config({"deck_mode": "constructed", "deck0": ",".join(DECK40[:39])})
    with pytest.raises(ConfigError, match="already in the deck"):
        GAME.config({"deck_mode": "constructed", "deck0": ",".join(DECK40[:39] + ("AS",))})
    with pytest.raises(ConfigError, match="needs the option jokers=true"):
        GAME.config({"deck_mode": "constructed", "deck0": ",".join(DECK40[:39] + ("JK",))})
    GAME.config({"deck_mode": "constructed", "jokers": "true",
                 "deck0": ",".join(DECK40[:38] + ("JK", "Joker"))})


def test_constructed_deck_list_file_one_card_per_line(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("# my deck\n" + "\n".join(DECK40[:20]) + "\n\n"
                    + "\n".join(c.replace("H", "♥") for c in DECK40[20:]) + "  # hearts\n")
    config = GAME.config({"deck_mode": "constructed", "deck1": str(path)})
    assert config.deck1 == DECK40
    assert config_to_json(config)["deck1"] == list(DECK40)  # the record keeps the cards


def test_constructed_deck_list_file_errors_name_the_file_and_line(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("AS\n2S\nZZ\n")
    with pytest.raises(DataError, match=r"deck.txt line 3: 'ZZ' is not a card"):
        GAME.config({"deck_mode": "constructed", "deck0": str(path)})
    path.write_text("AS\n2S\nas\n")
    with pytest.raises(DataError, match=r"deck.txt line 3: A♠ is already in the deck \(line 1\)"):
        GAME.config({"deck_mode": "constructed", "deck0": str(path)})
    path.write_text("AS\n")
    with pytest.raises(DataError,
                       match=r"exactly 40 cards \(the option constructed_size\); this one has 1"):
        GAME.config({"deck_mode": "constructed", "deck0": str(path)})
    with pytest.raises(DataError, match=r"^deck list '.*missing.txt': no such file, and not a "
                                        r"shipped deck list \(sample\)$"):
        GAME.config({"deck_mode": "constructed", "deck0": str(tmp_path / "missing.txt")})


def test_constructed_deck_list_yaml(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("name: hearts first\ncards:\n" + "".join(f"  - {c}\n" for c in DECK40))
    assert GAME.config({"deck_mode": "constructed", "deck0": str(path)}).deck0 == DECK40
    path.write_text("cards:\n  - AS\n  - 11H\n")
    with pytest.raises(DataError, match=r"deck.yaml cards\[1\] \(line 3\): '11H' is not a card"):
        GAME.config({"deck_mode": "constructed", "deck0": str(path)})
    path.write_text("deck: [AS]\n")
    with pytest.raises(DataError, match="deck.yaml: cards: Field required"):
        GAME.config({"deck_mode": "constructed", "deck0": str(path)})
    path.write_text("cards: [AS\n")
    with pytest.raises(DataError, match="not valid YAML"):
        GAME.config({"deck_mode": "constructed", "deck0": str(path)})


def test_constructed_sample_decks_load_and_show_through_the_card_file_hooks(capsys):
    from pathlib import Path

    import warroom.games.battle as battle
    from warroom.cli import main
    data = Path(battle.__file__).parent / "data"
    text_deck = GAME.load_cards(str(data / "sample.txt"))
    yaml_deck = GAME.load_cards(str(data / "sample.yaml"))
    assert text_deck.cards == yaml_deck.cards and len(yaml_deck.cards) == 40
    assert yaml_deck.name == "no fours, fives or sixes" and text_deck.name == "sample"
    assert GAME.show_cards(yaml_deck).startswith("no fours, fives or sixes: 40 cards")
    assert main(["cards", "show", str(data / "sample.yaml")]) == 0
    assert "hearts: A♥ 2♥ 3♥ 7♥" in capsys.readouterr().out
    config = GAME.config({"deck_mode": "constructed", "deck0": str(data / "sample.yaml")})
    assert config.deck0 == yaml_deck.cards


def test_a_text_deck_list_is_checked_with_cards_validate_game_battle(tmp_path, capsys):
    """A text deck list cannot name its game, so `warroom cards validate` could not check
    one ("no top-level 'game:' field"); `--game battle` names it."""
    from pathlib import Path

    import warroom.games.battle as battle
    from warroom.cli import main
    text = str(Path(battle.__file__).parent / "data" / "sample.txt")
    assert main(["cards", "validate", text]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no top-level 'game:' field naming the game, and no " \
        "--game" in err
    assert main(["cards", "validate", text, "--game", "battle"]) == 0
    assert capsys.readouterr().out.strip() == f"{text}: valid battle card file (sample)"
    assert main(["cards", "show", text, "--game", "battle"]) == 0
    assert "hearts: A♥ 2♥ 3♥ 7♥" in capsys.readouterr().out
    bad = tmp_path / "deck.txt"
    bad.write_text("AS\nZZ\n")
    assert main(["cards", "validate", str(bad), "--game", "battle"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "deck.txt line 2: 'ZZ' is not a card" in err
    assert main(["cards", "validate", text, "--game", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--game: game 'chess' is not a registered game" in err


def test_constructed_yaml_deck_list_for_another_game_is_refused(tmp_path):
    path = tmp_path / "deck.yaml"
    path.write_text("game: kow\ncards: [AS]\n")
    with pytest.raises(DataError, match="deck.yaml: game: Input should be 'battle'"):
        GAME.load_cards(str(path))


def test_parse_card_reads_the_usual_ways_of_writing_a_card():
    assert [parse_card(t) for t in ("10h", "10♥", "Queen of spades", "t♦", "1C", "joker")] == \
        ["10H", "10H", "QS", "10D", "AC", "JK"]
    assert parse_card("14H") is None and parse_card("Q") is None


def test_constructed_without_a_list_the_player_builds_its_deck_at_the_table():
    s = new(deck_mode="constructed", deck0=DECK40)
    assert s.phase == BUILD and s.to_move() == (1,)
    legal = s.legal_actions(1)
    assert {a.card for a in legal if isinstance(a, AddCard)} == set(STANDARD_DECK)
    assert legal[-1] == FinishDeck(40)
    s.apply(1, AddCard("2S"))
    s.apply(1, AddCard("3S"))
    assert s.legal_actions(1)[-1] == FinishDeck(38)
    s.apply(1, FinishDeck(38))  # done: the highest cards left fill the deck
    deck = names(s, s.draw[1] + s.hands[1])
    assert len(deck) == 40 and "2S" in deck and "3S" in deck
    rest = [c for c in deck if c not in ("2S", "3S")]
    assert min(SKILL[c] for c in rest) == 4 and sum(c[:-1] == "4" for c in rest) == 2
    assert s.phase == MAIN


def test_constructed_adding_the_last_card_finishes_the_deck():
    s = new(deck_mode="constructed", constructed_size=3)
    for card in ("KS", "QS", "JS"):
        s.apply(1, AddCard(card))
    assert s.built == [False, True]
    assert sorted(names(s, s.draw[1] + s.hands[1])) == ["JS", "KS", "QS"]


# --- Sealed -----------------------------------------------------------------------------------

def test_sealed_one_deck_per_player_shuffled_together_and_dealt_a_deck_worth_each():
    s = new(players=3, deck_mode="sealed")
    assert s.phase == BUILD and s.to_move() == (0, 1, 2)
    assert [len(p) for p in s.pool] == [52, 52, 52]
    everything = Counter(s.names[c] for p in s.pool for c in p)
    assert everything == Counter(STANDARD_DECK * 3)
    assert any(Counter(s.names[c] for c in p) != Counter(STANDARD_DECK) for p in s.pool)


def test_sealed_players_build_their_own_30_card_decks():
    s = new(deck_mode="sealed")
    build_all(s)
    assert s.phase == MAIN
    for p in (0, 1):
        assert len(s.draw[p]) + len(s.hands[p]) == 30 and len(s.side[p]) == 22


def test_sealed_a_players_pool_is_hidden_from_the_others():
    s = new(deck_mode="sealed")
    assert len(s.observation(0)["pool"]) == 52
    assert s.observation(0)["seats"][1]["pool"] == 52
    assert "pool" not in s.observation(None)


# --- Draft ------------------------------------------------------------------------------------

def test_draft_one_deck_per_player_three_piles_of_fifteen_each():
    s = new(players=3, deck_mode="draft")
    assert s.phase == DRAFT
    assert [len(c) for c in s.cur] == [15, 15, 15]
    assert [[len(k) for k in p] for p in s.packs] == [[15, 15]] * 3
    assert len(s.undealt) == 3 * 52 - 3 * 45


def test_draft_everybody_picks_at_the_same_time_then_passes_to_the_left():
    s = new(players=3, deck_mode="draft")
    assert s.to_move() == (0, 1, 2)
    packs = [names(s, c) for c in s.cur]
    picks = []
    for p in range(3):
        pick = s.legal_actions(p)[0]
        picks.append(pick.card)
        s.apply(p, pick)
        if p < 2:
            assert s.to_move() == tuple(range(p + 1, 3))
    for p in range(3):
        rest = list(packs[p])
        rest.remove(picks[p])
        assert names(s, s.cur[(p + 1) % 3]) == rest  # left = the next player clockwise
    assert [names(s, pool) for pool in s.pool] == [[c] for c in picks]


def test_draft_packs_pass_left_right_left_until_all_cards_are_taken():
    s = new(players=3, deck_mode="draft")
    while s.phase == DRAFT:
        for p in s.to_move():
            s.apply(p, s.legal_actions(p)[-1])
    packs = [e for _, e in s.log if e["event"] == "pack"]
    assert [e["direction"] for e in packs] == ["left", "right", "left"]
    assert [len(p) for p in s.pool] == [45, 45, 45] and s.cur == [[], [], []]
    assert s.phase == BUILD


def test_draft_the_second_pack_goes_to_the_player_on_the_right():
    s = new(players=3, deck_mode="draft", packs=2, pack_size=3, limited_size=6)
    for p in range(3):  # first pack: three picks each (the last one is forced)
        s.apply(p, s.legal_actions(p)[0])
    for p in range(3):
        s.apply(p, s.legal_actions(p)[0])
    assert s.pack_no == 1
    packs = [names(s, c) for c in s.cur]
    picks = []
    for p in range(3):
        pick = s.legal_actions(p)[0]
        picks.append(pick.card)
        s.apply(p, pick)
    for p in range(3):
        rest = list(packs[p])
        rest.remove(picks[p])
        assert names(s, s.cur[(p - 1) % 3]) == rest


def test_draft_the_last_card_of_a_pack_is_taken_without_a_decision():
    s = new(deck_mode="draft", packs=1, pack_size=2, limited_size=2)
    s.apply(0, s.legal_actions(0)[0])
    s.apply(1, s.legal_actions(1)[0])
    assert s.phase == BUILD and [len(p) for p in s.pool] == [2, 2]


def test_draft_then_players_build_30_card_decks():
    s = new(deck_mode="draft")
    while s.phase == DRAFT:
        for p in s.to_move():
            s.apply(p, s.legal_actions(p)[0])
    assert s.phase == BUILD and [len(p) for p in s.pool] == [45, 45]
    build_all(s)
    assert [len(s.draw[p]) + len(s.hands[p]) for p in (0, 1)] == [30, 30]


def test_draft_a_pick_is_secret_until_everybody_has_picked():
    s = new(players=3, deck_mode="draft")
    s.apply(0, Pick(s.legal_actions(0)[0].card))
    obs = s.observation(1)
    assert obs["seats"][0]["picked"] and len(obs["pack"]) == 15
    assert not any(e["event"] == "picked" for e in obs["log"])


def test_draft_determinize_keeps_my_pack_and_picks_and_resamples_the_others():
    """After the first pass seat 0 holds seat 2's pack (unseen before) and seat 1 holds the
    pack seat 0 passed, which seat 0 remembers: it stays as seat 0 left it, while seat 2's
    pack, which seat 0 never saw, is resampled."""
    s = new(players=3, deck_mode="draft")
    for p in range(3):
        s.apply(p, s.legal_actions(p)[0])
    truth = s.observation(0)
    others = set()
    for k in range(10):
        d = s.determinize(0, random.Random(k))
        assert d.observation(0) == truth
        assert names(d, d.cur[0]) == names(s, s.cur[0])
        assert names(d, d.cur[1]) == names(s, s.cur[1])  # the pack seat 0 passed on
        others.add(tuple(names(d, d.cur[2])))
        total = Counter(d.names[c] for zone in d.cur + d.pool + [d.undealt] for c in zone)
        total += Counter(d.names[c] for p in d.packs for k in p for c in k)
        assert total == Counter(STANDARD_DECK * 3)
    assert len(others) > 1


def test_sealed_determinize_deals_the_opponents_hidden_cards_from_what_i_cannot_see():
    s = new(deck_mode="sealed")
    build_all(s)
    truth = s.observation(0)
    hands = set()
    for k in range(10):
        d = s.determinize(0, random.Random(k))
        assert d.observation(0) == truth
        hands.add(tuple(names(d, d.hands[1])))
        assert sorted(names(d, d.hands[0])) == sorted(names(s, s.hands[0]))
    assert len(hands) > 1


def test_the_shipped_deck_list_is_found_by_its_name_where_no_file_has_it(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shipped = GAME.load_cards(GAME.data_options["deck0"].shipped["sample"])
    assert GAME.load_cards("sample") == shipped  # `warroom cards show sample`
    config = GAME.config({"deck_mode": "constructed", "deck0": "sample"})
    assert config.deck0 == shipped.cards
    (tmp_path / "sample").write_text("".join(f"{c}\n" for c in DECK40))
    assert GAME.config({"deck_mode": "constructed", "deck0": "sample"}).deck0 == DECK40


def test_the_sample_is_named_sample_as_in_every_game_and_its_old_name_still_reads(
        tmp_path, monkeypatch):
    """Audit (stop 54): Battle shipped its deck list as `sample-deck` where every other game
    ships `sample`. It is `sample` now (the one name listed, in errors and at the browser
    table); `sample-deck`, the name older command lines used, still reads the same cards."""
    monkeypatch.chdir(tmp_path)
    assert list(GAME.data_options["deck0"].shipped) == ["sample"]
    new = GAME.config({"deck_mode": "constructed", "deck0": "sample"}).deck0
    assert GAME.config({"deck_mode": "constructed", "deck0": "sample-deck"}).deck0 == new
    with pytest.raises(DataError, match=r"not a shipped deck list \(sample\), nor"):
        GAME.config({"deck_mode": "constructed", "deck0": "sampel"})
