"""The Battle Cards' hooks of both games that fight Viktory II's battles (`viktory` and
`viktory-ii`) have one home, `viktory_battles.game.BattleCardsGame`, and a card file's hits
are all within the dice the rules give a player (`viktory_battles.dice`)."""

from __future__ import annotations

import annotated_types
import pytest

from warroom.agents import make_agents
from warroom.cli import main
from warroom.engine import play_game
from warroom.games import get_game
from warroom.games.viktory_battles.cards import (
    ATTACK,
    ATTACK_COUNTER,
    COUNTER,
    CardModel,
    load_deck,
)
from warroom.games.viktory_battles.dice import attacker_dice, defender_dice
from warroom.games.viktory_battles.game import BattleCardsGame
from warroom.games.viktory_battles.units import ART, CAV, INF

GAMES = ("viktory", "viktory-ii")
HOOKS = ("card_event_kinds", "card_events", "card_names", "load_cards", "show_cards",
         "record_options")


@pytest.mark.parametrize("name", GAMES)
def test_the_card_hooks_are_written_once_for_both_games(name):
    """Defect: `viktory` and `viktory-ii` each wrote the same card hooks (card_events,
    card_names, load_cards, show_cards, record_options, the deck option and the lobby's
    card options) on their own Game class: a rule written twice. Both now inherit them."""
    game = get_game(name)
    assert isinstance(game, BattleCardsGame)
    for hook in HOOKS:
        assert hook not in type(game).__dict__, f"{name} writes {hook} again"
    shared = get_game(GAMES[0])
    assert game.data_options["deck"] is shared.data_options["deck"]
    assert game.option_layout["when"] is shared.option_layout["when"]


@pytest.mark.parametrize("name", GAMES)
def test_card_names_none_with_dice_the_deck_with_cards(name):
    game = get_game(name)
    assert game.card_names(game.config({"mode": "dice"})) is None
    for mode in ("cards", "hybrid"):
        names = game.card_names(game.config({"mode": mode}))
        assert names == [f"{c.id} {c.name}" for c in load_deck().cards]


@pytest.mark.parametrize("name, options, players", [
    ("viktory", {}, 2), ("viktory", {"mode": "cards"}, 2),
    ("viktory-ii", {"radius": 3, "turn_limit": 4}, 2),
    ("viktory-ii", {"mode": "cards", "radius": 3, "turn_limit": 4, "players": 3}, 3),
])
def test_card_events_per_seat_in_card_modes_and_none_with_dice(name, options, players):
    game = get_game(name)
    config = game.config(options)
    result = play_game(game, config, 5, make_agents(["random"] * players, game, 5),
                       keep_record=False)
    facts = game.card_events(result.state)
    if options.get("mode", "dice") == "dice":
        assert facts is None
    else:
        assert facts is not None and len(facts.to_json()) == players


@pytest.mark.parametrize("name", GAMES)
def test_cards_show_and_validate_read_the_same_deck(name, capsys):
    assert main(["cards", "validate", "sample", "--game", name]) in (0, None)
    assert "valid" in capsys.readouterr().out
    assert main(["cards", "show", "sample", "--game", name]) in (0, None)
    assert "SAMPLE DATA" in capsys.readouterr().out


@pytest.mark.parametrize("name", GAMES)
def test_a_deck_saved_with_dice_battles_is_dropped_from_saved_options(name):
    game = get_game(name)
    assert game.record_options({"mode": "dice", "deck": "x.yaml"}) == {"mode": "dice"}
    assert game.record_options({"mode": "cards", "deck": "x.yaml"}) == {
        "mode": "cards", "deck": "x.yaml"}


def _most(bounds: list) -> int:
    return next(b.le for b in bounds if isinstance(b, annotated_types.Le))


def test_every_hit_a_card_file_may_hold_can_land():
    """Rule "Can only 'land' as many hits as 'dice' you qualify for as either attacker or
    defender": a card's hits are capped at its player's dice (`viktory_battles.resolver`).
    `warroom cards validate` would warn about a card whose hits can never all land; no
    valid card can be one, and this pins why: the most dice the rules give (RULINGS.md,
    Viktory II: attacker 1 per unit type + 1 per further hex side, up to six sides, so 8;
    defender 1 per unit type + naval support + mountain or city 2, so 6) reach the most hits
    a card file allows. Attack cards are played by the attacker; Counter and Attack/Counter
    cards by either side (the attacker answers a Counter with a Counter)."""
    most_hits = _most(CardModel.model_fields["hits"].metadata)
    every_type = [0, 0, 0, 0]
    every_type[INF] = every_type[CAV] = every_type[ART] = 1
    attacker = attacker_dice([every_type] * 6, naval=False)
    defender = max(defender_dice(every_type, terrain, "city", False, True)[0]
                   for terrain in ("plains", "grassland", "forest", "mountain"))
    assert (attacker, defender) == (8, 6)
    most_dice = {ATTACK: attacker, COUNTER: max(attacker, defender),
                 ATTACK_COUNTER: max(attacker, defender)}
    for kind, dice in most_dice.items():
        assert most_hits <= dice, f"a {kind} card of {most_hits} hits can never all land"
