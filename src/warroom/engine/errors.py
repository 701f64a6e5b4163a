"""Errors that carry a one-line message a person can act on."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from os import PathLike


class _Same:
    """Left as it was (`DataError.but`)."""


_SAME = _Same()


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
    """A card or scenario data file that does not validate. Its one line is "WHERE: PROBLEM":
    `where` is where in the data it is (the file, then the card and the field: "deck.yaml:
    card A07: field hits"; None when the problem says no place), `problem` what is wrong
    there; `option` names the rule option that names the file, where that is known. Nothing
    reads them back from the line: a problem or a path may hold ": " too."""

    def __init__(self, problem: str, option: str | None = None, *,
                 where: str | PathLike[str] | None = None):
        self.where = None if where is None else str(where)
        self.problem = problem
        super().__init__(problem if self.where is None else f"{self.where}: {problem}")
        self.option = option

    def but(self, *, where: str | PathLike[str] | None | _Same = _SAME,
            option: str | None | _Same = _SAME) -> DataError:
        """This error with another `where` (the file as the person named it, not as it was
        read) or `option` (the option the file was given for); its problem the same."""
        return type(self)(self.problem,
                          self.option if isinstance(option, _Same) else option,
                          where=self.where if isinstance(where, _Same) else where)


@contextmanager
def about_option(option: str) -> Iterator[None]:
    """A DataError raised inside is about the file that `option` names: it names the option
    (`DataError.option`), where the lobby shows it."""
    try:
        yield
    except DataError as exc:
        raise exc.but(option=option) from None


class RulesError(WarroomError):
    """A game's rules broke the engine contract (docs/DESIGN.md): a bug in the game, not
    in a player's move or the user's input (a player to move with no legal action)."""

    @classmethod
    def no_legal_action(cls, game: str, player: int, when: str) -> RulesError:
        """A player to move with no legal action (`when`: "after 4 actions", or where)."""
        return cls(f"{game}: player {player} is to move but has no legal action ({when}); "
                   "every player in to_move() must have one (a bug in the game's rules: run "
                   "its conformance suite)")
