"""Errors that carry a one-line message a person can act on."""


class WarroomError(Exception):
    """Base of every error warroom reports to a user as a single line."""


class IllegalAction(WarroomError):
    """An action that is not legal for that player now. The state is left unchanged."""


class ConfigError(WarroomError):
    """A rule option that does not exist or has an invalid value."""


class RecordError(WarroomError):
    """A record (saved game) that cannot be read or replayed."""


class DataError(WarroomError):
    """A card or scenario data file that does not validate."""


class RulesError(WarroomError):
    """A game's rules broke the engine contract (docs/DESIGN.md): a bug in the game, not
    in a player's move or the user's input (a player to move with no legal action)."""
