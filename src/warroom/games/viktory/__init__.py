"""Viktory II battles: the base game's dice combat, the Battle Cards variant, and dice with
the cards' text (hybrid), one battle per game, side by side. Seat 0 attacks, seat 1 defends."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ...engine.data import DataOption, shipped_files
from ..viktory_battles.game import CARD_OPTIONS_WHEN, DECK_OPTION, BattleCardsGame
from .actions import ACTIONS
from .config import Config, refuse_empty_units
from .heuristic import heuristic_action
from .render import describe_event, prompt, render
from .scenario import DEFAULT_SCENARIO, SCENARIOS, load_scenario, scenario_path
from .state import ATT, DEF, ViktoryState

SUMMARY = """\
Viktory II battles - rules summary (seat 0 attacks, seat 1 defends)
Dice (mode=dice):
- Attacker dice: 1 each if infantry, cavalry, artillery are present, +1 per extra hex side.
- Defender dice: 1 per unit type, +1 naval support, + the best of forest 1, town 1,
  mountain 2, city 2. A die hits on 1-3 (1-4 in combat supply); a 1 is a tactical hit whose
  casualty the roller picks; otherwise the owner picks.
- Attacker hits beyond the defender's units suppress defender dice; in a town or city
  only its units' (the place's dice, naval support's among them, stay).
- The launch: the attacker may bring units of its reserve (each joins its hex side). Then
  Overwatch (the defender fires it or holds it back), bombard and pre-battle fire; then
  rounds until one side is gone or the attacker retreats. A town or city is fought for
  at least one round.
Dice with the cards' text (mode=hybrid): the dice battle above, and a secret hand of cards
  played only for their text. At the launch an Attack card may be played for its text
  (Secrecy: no Overwatch). Before each dice round the attacker, then the defender, may play
  a Special Event (it lasts the round) or a Reversal of Fortune against the opponent's
  events, or pass; two passes in a row close the window. Cards never block dice hits.
  After the battle, towns and cities gain and lose cards as with the Battle Cards.
Battle Cards (mode=cards):
- Launch each wave with an Attack card; its hits are live up to your dice. The defender
  answers with a Counter (Flank/Frontal/Surprise; only Surprise answers Surprise): its misses
  block hits, unblocked hits are casualties, then its hits are live against you. Answer in
  turn (Flank with Flank or Surprise, Frontal with Frontal or Surprise) or pass.
- A card whose terrain matches the hex makes its hits selective. The attacker needs a unit
  that survives (after its card's misses) to play; the defender always gets to answer.
- The first wave draws replenishment cards (dice - 1 each). After a card battle round the
  attacker pulls back and may renew with another Attack card, or stand its ground. Each
  wave may bring reserve units first; Overwatch may be held back for a later wave.
- Reinforcements (a Special Event) draws one unit of your reserve into the battle: an
  artillery drawn in fires no Pre-Battle Fire or Overwatch until the next wave.
- Overwatch, bombard, pre-battle fire and empty towns flip cards: each Attack or
  Attack/Counter card flipped is one hit.
Hands are secret: a player who might hold a card to play is asked whether or not it holds
one, with a pass among its choices, so that being asked tells the other side nothing."""

# All three modes, a town and a city, naval, reserves, and the expansion options on and off.
CONFORMANCE_CONFIGS = [
    {},
    {"mode": "cards"},
    {"mode": "hybrid"},
    {"mode": "hybrid", "scenario": "reserves"},
    {"mode": "cards", "scenario": "reserves"},
    {"mode": "cards", "scenario": "reserves", "prebattle_fire_each_wave": False},
    {"mode": "dice", "scenario": "reserves"},
    {"mode": "hybrid", "scenario": "mountain-city", "attacker_reserves": ("1i1a", "1c"),
     "defender_reserve": "1a"},
    {"mode": "cards", "scenario": "mountain-city", "prebattle_fire_each_wave": False},
    {"mode": "dice", "scenario": "forest-town", "artillery_characteristics": False},
    {"mode": "cards", "scenario": "empty-town"},
    {"mode": "cards", "scenario": "naval"},
    {"mode": "dice", "scenario": "open-field", "defenders": "4i2c", "attackers": ("3i1c", "2i2c")},
]


class ViktoryGame(BattleCardsGame):
    name = "viktory"
    title = "Viktory II battles (dice, Battle Cards, or both)"
    # 2: a second Reversal of Fortune cancels only the first one's hits (it cancelled the
    # other side's Special Events too), and replenishment counts the dice a player would
    # normally get (a Mud or Ignore Terrain played before the first wave changed it).
    # 3: with cards, a move into an empty town or city offers only Attack cards with Attack
    # card text, played for it (use "text"; they were offered "as an Attack", and one
    # without text was discarded for nothing); a unit option naming a letter twice (2i3i)
    # is refused, as is an empty one.
    # 4: an Attack card is offered for its text alone only where that text acts (rule 43):
    # never +1 MP (there is no movement in a battle), Secrecy only while defending artillery
    # is ready to fire Overwatch; so a move into an empty town or city offers none, and a
    # hybrid launch with no artillery ready and no reserve is not asked.
    # 5: "Defender always gets to respond" (rule 34): in a town or city a defender whose last
    # unit fell to its own Counter answers the attacker's next card with the place's dice, and
    # the round goes on until a pass (it ended at once, the attacker taking the place); in the
    # open the battle still ends there.
    version = "5"
    last_commits = {"1": "0562106afe", "2": "46a4a545f2", "3": "00328e7944",
                    "4": "38e7cb9e79"}
    Config = Config
    actions = ACTIONS
    summary = SUMMARY
    score_name = "units left"
    seat_roles = ("attacker", "defender")
    # The lobby's layout of the options (Game.option_layout): the cards' options in the card
    # modes only, a scenario's single fields under "More options".
    option_layout = {
        "when": CARD_OPTIONS_WHEN,
        "more": ["defenders", "attackers", "attacker_reserves", "defender_reserve", "bombard",
                 "attacker_supply", "defender_supply", "attacker_towns", "attacker_cities",
                 "defender_towns", "defender_cities", "attacker_hand", "defender_hand",
                 "max_rounds"],
        "unset": "scenario's value",
    }
    # The battle's scenario and its Battle Cards: a bundled file by name, or a file (empty:
    # the default scenario, the sample deck).
    data_options = {
        "scenario": DataOption({name: name for name in shipped_files(SCENARIOS)},
                               load_scenario,
                               lambda value: scenario_path(str(value or DEFAULT_SCENARIO))),
        "deck": DECK_OPTION,
    }

    def config(self, values: dict[str, Any] | None = None) -> Config:
        """The Config for `values`, an empty unit option refused first: as text (`--set
        defenders=`) it would read as none, the scenario's units (`refuse_empty_units`)."""
        if isinstance(values, dict):
            refuse_empty_units(values)
        return super().config(values)

    def new_state(self, config: Config, seed: int) -> ViktoryState:
        return ViktoryState(config, seed)

    def heuristic(self, state: ViktoryState, player: int, rng: random.Random) -> Any:
        return heuristic_action(state, player, rng)

    def heuristic_reads_only_view(self, config: Config) -> bool:
        return True  # the battle as both sides see it and its own hand: never the other's cards

    def decision_kind(self, state: ViktoryState, player: int) -> str:
        """The decision as the observation names it: which cards a player is offered (a
        Counter to play, or only the pass) is its own affair."""
        return state.decision[0] if state.decision and not state.over else ""

    def render(self, observation: dict[str, Any], player: int | None) -> str:
        return render(observation, player)

    def prompt(self, observation: dict[str, Any], player: int | None) -> str:
        return prompt(observation, player)

    def describe_event(self, event: dict[str, Any]) -> str:
        return describe_event(event)

    metric_help: ClassVar[dict[str, str]] = {
        "first_player": "the attacker's seat (the attacker acts first)",
        "attacker_won": "1 if the attacker won the battle, else 0",
        "attacker_losses": "units the attacker lost",
        "defender_losses": "units the defender lost",
        "rounds": "rounds of the battle",
        "cards_played": "Battle Cards played (cards and hybrid modes)",
    }

    def metrics(self, state: ViktoryState) -> dict[str, float]:
        outcome = state.outcome()
        return {
            # The attacker acts first in every battle: it moves in, and all else (Overwatch at
            # the units moving in, the defender's casualties, an empty town's roll) answers
            # that. The first seat asked to decide varies with the scenario and the mode, so
            # it would make "first player" the defender in one battle and the attacker in the
            # next: the report's first-player advantage is the attacker's advantage.
            "first_player": float(ATT),
            "attacker_won": float(outcome is not None and outcome.winners == (ATT,)),
            "attacker_losses": float(state.session.lost[ATT]),
            "defender_losses": float(state.session.lost[DEF]),
            "rounds": float(state.session.round),
            "cards_played": float(state.session.cards_played),
        }


GAME = ViktoryGame()
