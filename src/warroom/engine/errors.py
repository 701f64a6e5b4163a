"""Errors that carry a one-line message a person can act on."""

from __future__ import annotations


class WarroomError(Exception):
    """Base of every error warroom reports to a user as a single line."""


class IllegalAction(WarroomError):
    """An action that is not legal for that player now. The state is left unchanged."""


class ConfigError(WarroomError):
    """A rule option that does not exist or has an invalid value. `option` names the option
    at fault, where one is (the name as given, for one the game does not have): the lobby
    shows the error at that field."""

    def __init__(self, message: str, option: str | None = None):
        super().__init__(message)
        self.option = option


class RecordError(WarroomError):
    """A record (saved game) that cannot be read or replayed."""


class DataError(WarroomError):
    """A card or scenario data file that does not validate; `option` names the rule option
    that names the file, where that is known."""

    def __init__(self, message: str, option: str | None = None):
        super().__init__(message)
        self.option = option


class RulesError(WarroomError):
    """A game's rules broke the engine contract (docs/DESIGN.md): a bug in the game, not
    in a player's move or the user's input (a player to move with no legal action)."""

    @classmethod
    def no_legal_action(cls, game: str, player: int, when: str) -> RulesError:
        """A player to move with no legal action (`when`: "after 4 actions", or where)."""
        return cls(f"{game}: player {player} is to move but has no legal action ({when}); "
                   "every player in to_move() must have one (a bug in the game's rules: run "
                   "its conformance suite)")
