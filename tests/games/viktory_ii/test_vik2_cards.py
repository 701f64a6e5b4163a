"""The Battle Cards variant's turn sequence around the battles
(rules/viktory-ii-battle-cards.txt): Move/Attack, Build, Reinforcements, Discard, Draw; the
hand limit; cards gained and lost with towns; an Attack card to move into an enemy-held hex;
+1 MP cards."""

from __future__ import annotations

import pytest
from vik2_helpers import (
    capital,
    events,
    has,
    hx,
    legal,
    position,
    take,
    town,
    troops,
)

from warroom.games.viktory_battles.actions import MoveIn
from warroom.games.viktory_ii.actions import (
    Discard,
    Done,
    Draw,
    Fight,
    PlayMoveCard,
    SelectUnit,
    Step,
)
from warroom.games.viktory_ii.units import INF

MAP = """\
   p p p p
  p p p p p
 w p p p p w
w w p p p w w
 p p p p p w
  p p p p p
   p p p p
"""
ATTACK, COUNTER, PLUS_ONE = "A01", "C01", "A19"


def give(state, player, *cards):
    """Put these cards (taken from the deck) into a player's hand."""
    for cid in cards:
        state.pool.deck.remove(cid)
        state.pool.hands[player].append(cid)
    state._legal = {}


def cards_game(tmp_path, pieces, **options):
    return position(tmp_path, pieces, tiles=MAP, mode=options.pop("mode", "cards"), **options)


def finish_phase(state, what):
    take(state, Done, what=what)


def test_rule_turn_sequence_move_build_reinforcements_discard_draw(tmp_path):
    state = cards_game(tmp_path, [capital("A1", 0, city=True, infantry=1), town("A4", 0),
                                  capital("G4", 1)])
    give(state, 0, *[f"C{i:02d}" for i in range(1, 7)])  # six cards, max hand 2
    seen = [state.decision()[0]]
    finish_phase(state, "move")
    seen.append(state.decision()[0])
    finish_phase(state, "build")
    seen.append(state.decision()[0])
    finish_phase(state, "reserves")
    seen.append(state.decision()[0])
    while state.decision()[0] == "discard":
        state.apply(0, legal(state)[0])
    seen.append(state.decision()[0])
    assert seen == ["move", "build", "reserves", "discard", "draw"]


def test_rule_hand_limit_is_the_lesser_of_ten_and_towns_plus_cities(tmp_path):
    state = cards_game(tmp_path, [capital("A1", 0, city=True), town("A4", 0),
                                  capital("G4", 1)])
    assert state.max_hand(0) == 2 and state.max_hand(1) == 1
    state = cards_game(tmp_path, [capital("A1", 0), capital("G4", 1)], hand_limit=0)
    assert state.max_hand(0) == 0


def test_rule_every_player_discards_to_the_hand_limit_at_the_end_of_each_turn(tmp_path):
    state = cards_game(tmp_path, [capital("A1", 0), capital("G4", 1)])
    give(state, 0, COUNTER, "C02")
    give(state, 1, "C03", "C04", "C05")
    finish_phase(state, "build")  # nothing to move
    finish_phase(state, "reserves")
    assert state.decision() == ("discard", 0)
    take(state, Discard, card=COUNTER)
    assert state.decision() == ("discard", 1)  # not only the player whose turn it is
    take(state, Discard, card="C03")
    take(state, Discard, card="C04")
    assert len(state.pool.hands[1]) == 1 and state.player == 1
    assert [e["why"] for e in events(state, "discard")] == ["hand limit"] * 3


def test_rule_draw_up_to_the_limit_at_most_one_card_per_city(tmp_path):
    state = cards_game(tmp_path, [capital("A1", 0, city=True), town("A2", 0, city=True),
                                  town("A4", 0), town("B2", 0), capital("G4", 1)])
    finish_phase(state, "build")
    finish_phase(state, "reserves")
    assert state.decision() == ("draw", 0)
    assert max(a.count for a in legal(state) if type(a) is Draw) == 2  # two cities
    take(state, Draw, count=2)
    assert len(state.pool.hands[0]) == 2 and state.player == 1


def test_rule_a_player_may_discard_to_draw_anew_at_most_as_many_as_cities(tmp_path):
    state = cards_game(tmp_path, [capital("A1", 0, city=True), capital("G4", 1)])
    give(state, 0, COUNTER)
    finish_phase(state, "build")
    finish_phase(state, "reserves")
    assert state.decision() == ("draw", 0)
    assert max(a.count for a in legal(state) if type(a) is Draw) == 0  # hand full (1 of 1)
    take(state, Discard, card=COUNTER)
    assert not has(state, Discard)  # one city: one card redrawn
    take(state, Draw, count=1)
    assert len(state.pool.hands[0]) == 1 and COUNTER not in state.pool.hands[0]


def test_rule_an_attack_card_is_needed_to_move_into_an_enemy_held_hex(tmp_path):
    pieces = [capital("A1", 0), troops("D4", 0, infantry=1), capital("G4", 1),
              troops("E4", 1, infantry=1)]
    state = cards_game(tmp_path, pieces)
    take(state, SelectUnit, hex="D4", unit=INF)
    assert not has(state, Step, hex="E4")
    give(state, 0, COUNTER)
    assert not has(state, Step, hex="E4")  # a Counter card will not do
    give(state, 0, ATTACK)
    assert has(state, Step, hex="E4", kind="attack")


def test_rule_each_attack_on_enemy_units_needs_its_own_attack_card(tmp_path):
    pieces = [capital("A1", 0, city=True), troops("D4", 0, infantry=2), capital("G4", 1),
              troops("E4", 1, infantry=1), town("E2", 1), troops("E3", 1, infantry=1)]
    state = cards_game(tmp_path, pieces)
    give(state, 0, ATTACK)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    take(state, SelectUnit, hex="D4", unit=INF)
    assert has(state, Step, hex="E4", kind="attack")  # joining needs no second card
    assert not has(state, Step, hex="E3")  # a second attack would
    give(state, 0, "A02")
    assert has(state, Step, hex="E3", kind="attack")


def test_rule_hybrid_mode_needs_no_attack_card(tmp_path):
    pieces = [capital("A1", 0), troops("D4", 0, infantry=1), capital("G4", 1),
              troops("E4", 1, infantry=1)]
    state = cards_game(tmp_path, pieces, mode="hybrid")
    take(state, SelectUnit, hex="D4", unit=INF)
    assert has(state, Step, hex="E4", kind="attack")


def test_rule_a_card_for_a_town_taken_and_one_lost_with_it(tmp_path):
    pieces = [capital("A1", 0), troops("B4", 0, infantry=1), capital("G4", 1), town("A4", 1)]
    state = cards_game(tmp_path, pieces)
    give(state, 1, "C02", "C03")
    take(state, SelectUnit, hex="B4", unit=INF)
    take(state, Step, hex="A4")
    state.pool.deck.remove(COUNTER)
    state.pool.deck.append(COUNTER)  # the empty town's special defense flips a Counter: no hit
    take(state, Fight, hex="A4")
    take(state, MoveIn)  # into an empty town without an Attack card
    assert len(state.pool.hands[0]) == 1  # gained with the town
    assert state.decision() == ("lose_card", 1)  # the loser picks which card goes
    take(state, Discard, card="C03")
    assert state.pool.hands[1] == ["C02"]
    assert events(state, "discard")[-1]["why"] == "lost a town"


def test_rule_plus_one_mp_card_gives_the_moving_unit_another_move(tmp_path):
    state = cards_game(tmp_path, [capital("A1", 0), troops("D4", 0, infantry=1),
                                  capital("G4", 1)])
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    take(state, Step, hex="F4")
    assert state.active == -1  # without the card: two moves and done
    state = cards_game(tmp_path, [capital("A1", 0), troops("D4", 0, infantry=1),
                                  capital("G4", 1)])
    give(state, 0, PLUS_ONE)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, PlayMoveCard, card=PLUS_ONE)
    for h in ("E4", "F4", "G3"):
        take(state, Step, hex=h)
    assert state.units_at(hx(state, "G3"), 0)[INF] == 1
    assert PLUS_ONE in state.pool.discard


def two_steps_holding(tmp_path, card):
    """An infantry that has spent both its movement points (D4 to F4), its player holding
    `card`."""
    state = cards_game(tmp_path, [capital("A1", 0), troops("D4", 0, infantry=1),
                                  capital("G4", 1)])
    give(state, 0, card)
    take(state, SelectUnit, hex="D4", unit=INF)
    take(state, Step, hex="E4")
    take(state, Step, hex="F4")
    return state


def test_rule_plus_one_mp_card_may_follow_the_units_last_step(tmp_path):
    """Audit (stop 62): an infantry that had used both its movement points stopped by
    itself, so its holder could not play a +1 MP card in hand for a third step: the card had
    to be played before the last step, before seeing what that step reveals. The ruling
    excepts only a unit stopped by difficult terrain, or one that has bombarded."""
    state = two_steps_holding(tmp_path, PLUS_ONE)
    assert state.active >= 0
    assert not any(type(a) is Step for a in legal(state))
    assert Done(what="stop") in legal(state)
    take(state, PlayMoveCard, card=PLUS_ONE)
    take(state, Step, hex="G3")
    assert state.units_at(hx(state, "G3"), 0)[INF] == 1
    assert state.active == -1  # no card left: the move ends by itself


def test_a_unit_out_of_movement_stays_selected_for_any_card_so_the_hand_stays_secret(
        tmp_path):
    """Review (stop 62): a unit kept selected only while its player holds a +1 MP card
    told every other player that it holds one (the conformance suite's flow check found
    it). It stays selected while the hand holds any card (its size is public), offering no
    card where none is a +1 MP, and ends by itself with an empty hand."""
    state = two_steps_holding(tmp_path, COUNTER)
    assert state.active >= 0
    assert not any(type(a) in (Step, PlayMoveCard) for a in legal(state))
    take(state, Done, what="stop")
    assert state.active == -1


def test_rule_plus_one_mp_card_is_not_offered_to_a_unit_stopped_by_difficult_terrain(
        tmp_path):
    forest = MAP.replace(" p p p p p w\n", " p p p f p w\n")  # E4
    state = position(tmp_path, [capital("A1", 0), troops("D4", 0, infantry=1),
                                capital("G4", 1)], tiles=forest, mode="cards")
    give(state, 0, PLUS_ONE)
    take(state, SelectUnit, hex="D4", unit=INF)
    assert any(type(a) is PlayMoveCard for a in legal(state))
    take(state, Step, hex="E4")
    assert state.active == -1  # stopped by the forest: no card offered, the move is over
    assert PLUS_ONE in state.pool.hands[0]


def test_rule_dice_mode_has_no_cards(tmp_path):
    state = position(tmp_path, [capital("A1", 0), capital("G4", 1)], tiles=MAP)
    assert state.pool is None and "hand" not in state.observation(0)


def test_a_deck_given_for_dice_battles_is_refused_and_the_default_still_goes(tmp_path):
    """`--set deck=FILE` with dice battles was loaded and ignored, as in the battle game
    (one check for both, in viktory_battles.cards)."""
    from warroom.engine import ConfigError
    from warroom.games import get_game
    from warroom.games.viktory_battles.cards import SAMPLE_DECK

    game = get_game("viktory-ii")
    other = tmp_path / "other.yaml"
    other.write_text(SAMPLE_DECK.read_text().replace("hits: 2", "hits: 3", 1))
    with pytest.raises(ConfigError, match="option 'deck' is a Battle Cards deck; it needs "
                                          "mode=cards or mode=hybrid"):
        game.config({"deck": str(other)})
    assert game.config({"mode": "cards", "deck": str(other)}).mode == "cards"
    assert game.config({"deck": "sample"}).mode == "dice"


def test_cards_show_and_validate_take_the_map_games_deck(capsys):
    """Audit (stop 43): `warroom cards validate FILE --game viktory-ii` said "game
    'viktory-ii' has no card files", though its `deck` option takes one (the battle game's
    format): a designer had to know to say --game viktory."""
    from warroom.cli import main

    assert main(["cards", "validate", "sample", "--game", "viktory-ii"]) == 0
    assert capsys.readouterr().out.strip() == ("sample: valid viktory-ii card file (Sample "
                                               "Battle Cards)")
    assert main(["cards", "show", "sample", "--game", "viktory-ii"]) == 0
    assert capsys.readouterr().out.startswith("Sample Battle Cards: 60 cards")
