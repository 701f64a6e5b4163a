"""The Game of Champions: War with strategy, for two players and a standard deck."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ...engine import CardFacts, Game
from .actions import ACTIONS
from .analytics import CARD_EVENT_KINDS, card_events
from .config import Config
from .heuristic import evaluate, heuristic_action
from .render import describe_event, help_notes, prompt, render
from .state import ChampionsState

SUMMARY = """\
The Game of Champions - rules summary
- Face cards (A J Q K) command; reinforcements (2 to 10) fight. 15 cards each;
  the rest is the Reserve Pile, face down. Face cards are laid down, then each
  player puts every reinforcement on a face card, in secret; both reveal
  together. A face card with reinforcements is a battalion; all are face up.
- Fewer face cards plays first (equal: Roshambo).
- Your turn: 1. Fortify: draw a reserve card, put it on a face card (a drawn
  face card is laid down). 2. Advantages, once each: King (General) moves up to
  3 of your cards to other face cards; Ace (Spy) swaps two of the opponent's
  cards between its battalions. A bare face card may be turned in for a draw.
  3. Attack, or fortify again (with an empty Reserve Pile you must attack).
  4. Before the turn ends, bare face cards may still be turned in.
- Battle: choose your battalion and a target; both order their cards in
  secret; pairs are flipped as in War and the lower card dies (equal:
  Roshambo). The attacker may stop after any flip and plays each card once; a
  defender out of cards recycles its survivors in their original order.
- Jack (Cavalry): its 2s count as 10. Queen (Medic): after attacking with her
  battalion, revive your latest casualty into it.
- Lose every battalion in a battle and you lose. At the turn limit the larger
  total of reinforcement values wins.
- Roshambo: rock beats scissors, scissors beat paper, paper beats rock; a draw
  is replayed."""

# The conformance suite runs over each of these configs.
CONFORMANCE_CONFIGS = [
    {},
    {"roshambo": "random"},
    {"roshambo": "random", "max_turns": 6, "cavalry": "attacking"},
]


class ChampionsGame(Game):
    name = "champions"
    title = "The Game of Champions"
    # 3: no Medic once the battle destroyed the defender's army (the game is over; a revival
    # then changed the final score only).
    version = "4"
    last_commits = {"1": "3c519372e6", "2": "c863b43ca9", "3": "91a27d78b0"}
    Config = Config
    actions = ACTIONS
    summary = SUMMARY
    score_name = "strength on the table"

    def new_state(self, config: Config, seed: int) -> ChampionsState:
        return ChampionsState(config, seed)

    def heuristic(self, state: ChampionsState, player: int, rng: random.Random) -> Any:
        return heuristic_action(state, player, rng)

    def heuristic_reads_only_view(self, config: Config) -> bool:
        return True  # its own deal and what has been revealed: never the opponent's deal or order

    def hides_move_count(self, config: Config) -> bool:
        # Ordering a battle's cards, each card put next is unseen (the opponent sees only
        # whether the order is done), and how many were put tells the order: one move is
        # "rest as shown", strongest first. (The deal's unseen placements count a public hand.)
        return True

    def evaluate(self, state: ChampionsState) -> list[float]:
        return evaluate(state)

    def render(self, observation: dict[str, Any], player: int | None) -> str:
        return render(observation, player)

    def prompt(self, observation: dict[str, Any], player: int | None) -> str:
        return prompt(observation, player)

    def describe_event(self, event: dict[str, Any]) -> str:
        return describe_event(event)

    def help_notes(self, observation: dict[str, Any], player: int | None) -> str:
        return help_notes(observation, player)

    card_event_kinds = CARD_EVENT_KINDS

    def one_deck_for_all(self, config: Config) -> bool:
        return True  # one 52-card deck, dealt to both

    def card_events(self, state: ChampionsState) -> CardFacts:
        return card_events(state.kept_log)

    metric_help: ClassVar[dict[str, str]] = {
        "turns": "turns played", "battles": "battles fought",
        "deals": "deals made (dealt again until both hands hold a face card)",
        "first_player": "the seat that moved first (fewer face cards, or a Roshambo)",
    }

    def metrics(self, state: ChampionsState) -> dict[str, float | None]:
        # The first player is decided after the deal (fewer face cards, or a Roshambo).
        return {"turns": float(state.turn), "battles": float(state.battles),
                "deals": float(state.deals),
                "first_player": state.first if state.first >= 0 else None}


GAME = ChampionsGame()
