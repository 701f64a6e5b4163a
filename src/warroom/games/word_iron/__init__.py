"""Word & Iron, Pitched Battle: two players, two 72-card starter decks, cards as data."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ...engine import CardFacts, Game
from ...engine.data import DataOption, shipped_files
from .actions import ACTIONS
from .analytics import CARD_EVENT_KINDS, card_events, deck_card_names, deck_labels
from .config import Config
from .deck import DATA_DIR, Deck, deck_path, deck_warnings, load_deck, show_deck
from .heuristic import evaluate, heuristic_action
from .render import describe_event, help_notes, prompt, render
from .state import WordIronState

SUMMARY = """\
Word & Iron, Pitched Battle - rules summary
- Choose king or queen; the other royal joins your champion deck. Draw a champion (drawing the
  other royal marries you: draw one more). Your own royal's card gives no benefit.
- Realm: 4 resources by default (realm_size; one more for the Grand Tournament winner). Army:
  all 30 soldiers on the field. Decks: 5 strategies by default (strategy_deck_size; reshuffled
  when spent), 8 chance cards (reshuffled), 3 Word of Power by default (word_deck_size).
- Coin toss: the winner chooses who attacks first. Champions take effect.
- Each round: both draw a strategy, then a chance card, then a Word of Power card; then each
  uses resources (one use per card) to recruit fallen soldiers: a partial amount rounds up,
  never above the allotted number, unspent ranks are lost. Only the first resource draw may be
  skipped; after that at least one use is compulsory.
- Losses in ranks of power: highest unit first, one card per unit, rounding up. A named unit
  that is gone: go up one unit, else down (chance cards: down).
- After both Word of Power decks are spent: either side may offer a resource for a truce; an
  accepted truce ends the battle in a draw (the resource changes hands, nobody takes the prize).
- Win by destroying the enemy army, or by taking its royal hostage when it cannot pay a
  ransom (a resource with a use left, of the captor's choice)."""


class WordIronGame(Game):
    name = "word-iron"
    title = "Word & Iron, Pitched Battle"
    # 2: the shipped decks' champions no longer fight (rules 8 and 11), so records of games
    # with those decks replay differently. 3: a champion read at set-up no longer draws a
    # strategy, chance or Word of Power card before the battle (rules 13-15; the raiders' Horse
    # Lord and Scout Master did). 4: an empower applies only in its holder's strategy turns that
    # began with it in use (rule 11), and a resource phase skipped by a card counts as one
    # (rule 18, docs/RULINGS.md): the next is no longer skippable. 5: opposing benefits oppose
    # strategy by strategy (rule 11): a strategy the winner's empowering does not apply to meets
    # the loser's protection or restoring, which it uses up. 6: an empower gained during a
    # strategy turn queues behind the one that turn began with, unasked (rule 11: use one up,
    # then the next); the shipped decks gain none so, but a record of a deck that does replays
    # differently. 7: rule 11's order of overlapping benefits is asked per card, once the card
    # has given them all, and a card's own keep its text's order (the Castellan's protection,
    # then its restoring): it was asked after each, the first answer overtaken.
    version = "7"
    last_commits = {"1": "6c5b0204b6", "2": "4638ed96db", "3": "789ed9f657",
                    "4": "8f260f5938", "5": "7f481f55e7", "6": "77d19521ab"}
    Config = Config
    actions = ACTIONS
    summary = SUMMARY
    score_name = "army ranks standing"
    option_layout = {"more": ["max_rounds"]}
    # Each player's deck: a shipped deck by name, or a deck file.
    data_options = dict.fromkeys(("deck0", "deck1"), DataOption(
        {name: name for name in shipped_files(DATA_DIR)}, load_deck,
        lambda value: deck_path(str(value))))
    seat_options = {"deck0": 0, "deck1": 1}
    # The estimate scores only a round's settled point (heuristic.settled): a search's rollout
    # goes straight to the next one, so every line of play is scored at the same stage.
    estimate_depth = 0

    def new_state(self, config: Config, seed: int) -> WordIronState:
        return WordIronState(config, seed)

    def heuristic(self, state: WordIronState, player: int, rng: random.Random) -> Any:
        return heuristic_action(state, player, rng)

    def heuristic_reads_only_view(self, config: Config) -> bool:
        return True  # what is in the open (every choice of this game is): never a deck's order

    def evaluate(self, state: WordIronState) -> list[float] | None:
        return evaluate(state)

    def render(self, observation: dict[str, Any], player: int | None) -> str:
        return render(observation, player)

    def prompt(self, observation: dict[str, Any], player: int | None) -> str:
        return prompt(observation, player)

    def describe_event(self, event: dict[str, Any]) -> str:
        return describe_event(event)

    def help_notes(self, observation: dict[str, Any], player: int | None) -> str:
        return help_notes(observation, player)

    metric_help: ClassVar[dict[str, str]] = {
        "rounds": "rounds played", "first_player": "the first attacker (rule 13)",
        "army0": "player 0's army at the end, in ranks of power",
        "army1": "player 1's army at the end, in ranks of power",
    }

    def metrics(self, state: WordIronState) -> dict[str, float]:
        # first_player: the first attacker, chosen after the coin toss (rule 13).
        return {"rounds": float(state.round), "first_player": float(state.order[0]),
                "army0": float(state.army(0)), "army1": float(state.army(1))}

    card_event_kinds = CARD_EVENT_KINDS

    def card_events(self, state: WordIronState) -> CardFacts:
        cfg = state.config
        return card_events(state.kept_log, deck_labels(cfg.decks))

    def card_names(self, config: Config) -> list[str]:
        return deck_card_names(config.decks, deck_labels(config.decks))

    def load_cards(self, path: str) -> Deck:
        return load_deck(path)

    def show_cards(self, cards: Deck) -> str:
        return show_deck(cards)

    def card_warnings(self, cards: Deck) -> list[str]:
        return deck_warnings(cards)


GAME = WordIronGame()

# The conformance suite runs every game config listed here.
CONFORMANCE_CONFIGS: list[dict[str, Any]] = [
    {},
    {"deck0": "raiders", "deck1": "raiders"},
    {"deck0": "sample", "deck1": "raiders", "grand_tournament_winner": 1},
]
