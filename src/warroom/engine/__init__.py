"""The game-agnostic core of warroom."""

from .actions import ActionCodec, to_json
from .belief import UNIFORM, Belief, UniformBelief
from .cards import DRAWN, PLAYED, CardFacts
from .config import config_to_json, make_config, parse_assignments, typed_options
from .core import ChoiceGrid, Game, LogUnavailable, NoSuchPlayer, Outcome, Player, State
from .errors import (
    ConfigError,
    DataError,
    IllegalAction,
    RecordError,
    RulesError,
    WarroomError,
    about_option,
)
from .record import Record, replay, replay_to_end
from .rng import copy_rng, derive_seed, make_rng, roll_dice, shuffle, split_rng
from .runner import GameResult, play_game
from .view import PlayerView

__all__ = [
    "ActionCodec",
    "Belief",
    "CardFacts",
    "ChoiceGrid",
    "ConfigError",
    "DRAWN",
    "DataError",
    "Game",
    "GameResult",
    "IllegalAction",
    "LogUnavailable",
    "NoSuchPlayer",
    "Outcome",
    "PLAYED",
    "Player",
    "PlayerView",
    "Record",
    "RecordError",
    "RulesError",
    "State",
    "UNIFORM",
    "UniformBelief",
    "WarroomError",
    "about_option",
    "config_to_json",
    "copy_rng",
    "derive_seed",
    "make_config",
    "make_rng",
    "parse_assignments",
    "play_game",
    "replay",
    "replay_to_end",
    "roll_dice",
    "shuffle",
    "split_rng",
    "to_json",
    "typed_options",
]
