"""Battle (James W. Gray, 2013): a combat card game with ordinary playing cards, for 2 to 8
players, with teams, constructed, sealed and draft decks."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from ...engine import CardFacts, ChoiceGrid, Game
from ...engine.data import DataOption
from .actions import ACTIONS
from .analytics import CARD_EVENT_KINDS, card_events
from .cards import (
    OLD_NAMES,
    SHIPPED_DECKS,
    DeckList,
    card_text,
    check_deck,
    deck_file,
    deck_name,
    read_deck_file,
    sort_key,
    suit,
)
from .config import Config
from .heuristic import evaluate, heuristic_action
from .render import choice_grid, describe_event, help_notes, prompt, render
from .state import BattleState

SUMMARY = """\
Battle - rules summary
- Soldiers are playing cards: A=1, 2-10 their number, J 11, Q 12, K 13, Joker 0 (combat skill).
- Your turn: draw a card; attack; then play cards (main step).
- Main step: play any number of spot cards (A-10) as soldiers, and ONE court card (J, Q, K,
  needing a soldier of its suit in play) OR one special ability (needing a soldier of the
  card's suit; a Joker needs none). The card used for its ability is discarded.
  Ace: draw two cards. Two: an opponent destroys two of its soldiers (its choice).
  Three: destroy a soldier. Joker: an opponent gives you a soldier of its choice.
- Attack: choose attackers one by one, each against an opponent, alone or in a group. Each
  defender then chooses blockers: a soldier blocks one group; any number may block a group.
- Every soldier of an unblocked group is a hit on its target. Five hits and you are out.
- Combat: highest skill strikes first, equal skills at the same moment (chosen unseen,
  revealed together); each strike destroys one enemy soldier of that combat, chosen by the
  striker's controller.
- The last player (or team) standing wins."""

CONFORMANCE_CONFIGS = [
    {},
    {"players": 3},
    {"players": 4},
    {"players": 4, "teams": "alliance"},
    {"players": 4, "teams": "as-one"},
    {"deck_mode": "constructed", "jokers": True},
    {"deck_mode": "sealed", "limited_size": 20},
    {"deck_mode": "draft", "players": 3, "packs": 3, "pack_size": 6, "limited_size": 15},
]


class BattleGame(Game):
    name = "battle"
    title = "Battle (James W. Gray)"
    # Bumped when records of the old version would no longer replay the same. Strikes of one
    # skill chosen unseen and revealed together changed what a player sees mid-combat, not
    # the legal actions nor their consequences: old records replay the same, so still 1.
    # 2: soldiers alike but for their owner (own decks, a Joker) are distinct choices.
    version = "2"
    last_commits = {"1": "e8b611b10d"}
    Config = Config
    actions = ACTIONS
    summary = SUMMARY
    score_name = "castle points left"
    # The lobby's layout of the options (Game.option_layout): the draft's and teams' options
    # only while they apply, the guards under "More options".
    option_layout = {
        "when": {"team_size": {"teams": ["alliance", "as-one"]},
                 "constructed_size": {"deck_mode": ["constructed"]},
                 "limited_size": {"deck_mode": ["sealed", "draft"]},
                 "packs": {"deck_mode": ["draft"]},
                 "pack_size": {"deck_mode": ["draft"]},
                 **{f"deck{seat}": {"deck_mode": ["constructed"]} for seat in range(8)}},
        "more": ["first_player", "turn_limit", "max_rounds"],
    }
    min_players = 2
    max_players = 8
    # Constructed deck lists by seat: the shipped sample or a deck file. The Config keeps the
    # cards themselves, not the file, so a record needs no copy of it (`path` names none).
    data_options = dict.fromkeys(
        (f"deck{seat}" for seat in range(8)),
        DataOption({name: str(path) for name, path in SHIPPED_DECKS.items()},
                   lambda path: GAME.load_cards(path), lambda value: None, suffix=".txt",
                   old_names=OLD_NAMES))
    # "Deck lists and pools are secret": a seat's shows to that seat alone until the game is
    # over. Not `seat_options`: a balance report's seat label would hold all 40 cards.
    secret_options = {f"deck{seat}": seat for seat in range(8)}

    def new_state(self, config: Config, seed: int) -> BattleState:
        return BattleState(config, seed)

    def heuristic(self, state: BattleState, player: int, rng: random.Random) -> Any:
        return heuristic_action(state, player, rng)

    def heuristic_reads_only_view(self, config: Config) -> bool:
        return True  # its own hand and what is on the table: never another hand or a deck's order

    def evaluate(self, state: BattleState) -> list[float]:
        return evaluate(state)

    def decision_kind(self, state: BattleState, player: int) -> str:
        """The phase, as the observation shows it: whether a player may also play a court
        card or a special is up to its hidden hand."""
        return state.phase

    def render(self, observation: dict[str, Any], player: int | None) -> str:
        return render(observation, player)

    def prompt(self, observation: dict[str, Any], player: int | None) -> str:
        return prompt(observation, player)

    def help_notes(self, observation: dict[str, Any], player: int | None) -> str:
        return help_notes(observation, player)

    def choice_grid(self, actions: Sequence[Any]) -> ChoiceGrid | None:
        """Attackers and blockers as a table: a soldier (row) and the group it attacks with or
        blocks (column; "new P1": a new group against P1)."""
        return choice_grid(actions)

    def describe_event(self, event: dict[str, Any]) -> str:
        return describe_event(event)

    metric_help: ClassVar[dict[str, str]] = {
        "rounds": "rounds played", "turns": "turns played",
        "hits": "hits the castles took, all players together",
        "first_player": "the seat drawn to play first",
    }

    def metrics(self, state: BattleState) -> dict[str, float]:
        # The first player is drawn at random once the decks are made: say who it was.
        return {"rounds": float(state.round), "turns": float(state.turn_no),
                "hits": float(sum(state.hits)), "first_player": state.first}

    def team_seats(self, config: Config) -> list[tuple[int, ...]] | None:
        """Seats of each team (teammates sit apart), or None without teams. The tournament
        runner uses this to seat a team's members."""
        if config.teams == "none":
            return None
        return [tuple(p for p in range(config.players) if config.team_of(p) == t)
                for t in range(config.num_teams)]

    def teams_resign_together(self, config: Config) -> bool:
        """As one, a team shares a castle and a turn: a member's resignation is the team's. In
        an alliance both members must lose before the team does, so one resigning leaves the
        other playing on."""
        return config.teams != "alliance"

    def scores_by_team(self, config: Config) -> bool:
        """As one, a team's castle points are its one castle's (`castle_hits`)."""
        return config.teams == "as-one"

    card_event_kinds = CARD_EVENT_KINDS

    def one_deck_for_all(self, config: Config) -> bool:
        return config.deck_mode == "off-the-top"  # else a deck or pool of its own each

    def card_events(self, state: BattleState) -> CardFacts:
        return card_events(state.kept_log, state.num_players)

    def load_cards(self, path: str) -> DeckList:
        """A constructed deck list, checked against the default rules (40 cards, one deck of
        playing cards; Jokers allowed, as with jokers=true)."""
        file = deck_file(path)
        cards = check_deck(read_deck_file(file), Config().constructed_size, True, str(path))
        return DeckList(deck_name(file), cards)

    def show_cards(self, deck: DeckList) -> str:
        cards = deck.cards
        lines = [f"{deck.name}: {len(cards)} cards"]
        for s, word in (("S", "spades"), ("H", "hearts"), ("D", "diamonds"), ("C", "clubs")):
            of_suit = sorted((c for c in cards if suit(c) == s), key=sort_key)
            lines.append(f"{word:>9}: " + " ".join(card_text(c) for c in of_suit))
        jokers = sum(1 for c in cards if suit(c) is None)
        if jokers:
            lines.append(f"   jokers: {jokers} (needs jokers=true)")
        return "\n".join(lines)


GAME = BattleGame()
