"""Kings of War Battle Deck (Matt Gilbert and Rob Burman), for two players."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ...engine import PLAYED, CardFacts, Game
from .actions import ACTIONS
from .config import Config
from .heuristic import evaluate, heuristic_action
from .render import card_text, describe_event, help_notes, prompt, render
from .state import KowState

SUMMARY = """\
Kings of War Battle Deck - rules summary
- Each turn three cards (A-6) are dealt in a line; the first lies next to the Battle Deck.
- Both players secretly choose 1-4 dice from their pool (4 red, 3 white, 2 blue) and reveal.
  Swords on the faces: red 0 0 1 1 1 2, white 0 1 1 1 2 2, blue 1 1 2 2 2 3.
- Fewer dice has the initiative; on a tie the colour (RED/BLACK) of the card next to the deck.
- Roll, then allocate whole dice to defeat cards: swords must reach the card's number, and no
  die may be superfluous. You must defeat at least one card if you can; then you may stop.
- Dice that defeated cards are spent for the round; the others go back to your pool.
- A round ends when both pools empty together, after one final turn when a player starts a
  turn with no dice, or when the Battle Deck runs out.
- Highest total wins the round (tie: fewer cards; still tied: a draw). First to 3 Victories."""


class KowGame(Game):
    name = "kow"
    title = "Kings of War Battle Deck"
    version = "1"
    Config = Config
    actions = ACTIONS
    summary = SUMMARY
    score_name = "Victories"
    card_play_verb = "defeat"  # its `played` fate is a card defeated with dice (card_events)
    option_layout = {"more": ["red_faces", "white_faces", "blue_faces", "max_rounds"]}

    def new_state(self, config: Config, seed: int) -> KowState:
        return KowState(config, seed)

    def heuristic(self, state: KowState, player: int, rng: random.Random) -> Any:
        return heuristic_action(state, player, rng)

    def heuristic_reads_only_view(self, config: Config) -> bool:
        return True  # its own hand and the open table: never the opponent's hand or the deck

    def evaluate(self, state: KowState) -> list[float]:
        return evaluate(state)

    def render(self, observation: dict[str, Any], player: int | None) -> str:
        return render(observation, player)

    def prompt(self, observation: dict[str, Any], player: int | None) -> str:
        return prompt(observation, player)

    def describe_event(self, event: dict[str, Any]) -> str:
        return describe_event(event)

    def help_notes(self, observation: dict[str, Any], player: int | None) -> str:
        return help_notes(observation, player)

    def one_deck_for_all(self, config: Config) -> bool:
        return True  # the Battle Deck is dealt to the table for both players

    def card_events(self, state: KowState) -> CardFacts:
        """The Battle Deck is dealt to the table for both players, so no card is drawn by
        one of them: a card is `played` by the player who defeats it with dice (and scores
        it), as each `defeat` event of the log says. Read from the state's list of defeats,
        which a simulated game has without its log. A card is named as play and the README
        write it (`5♥`, not the log's code `5H`: `render.card_text`)."""
        facts = CardFacts(2)
        for player, card in state.defeats:
            facts.add(player, PLAYED, card_text(card))
        return facts

    metric_help: ClassVar[dict[str, str]] = {"rounds": "rounds played"}

    def metrics(self, state: KowState) -> dict[str, float]:
        return {"rounds": float(state.round)}


GAME = KowGame()
