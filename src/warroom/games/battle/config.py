"""Rule options of Battle. Defaults follow the rule text and RULINGS.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import Field

from ...engine.config import OptionValueError, check_options
from ...engine.data import FileName
from .cards import load_deck_option

MAX_PLAYERS = 8
TEAM_MODES = ("none", "alliance", "as-one")
DECK_MODES = ("off-the-top", "constructed", "sealed", "draft")
# A deck list: one file, or the cards themselves (at most two decks' worth, Jokers included).
DeckOption = Annotated[tuple[FileName, ...], Field(max_length=108)]
Rounds = Annotated[int, Field(ge=0, le=1000)]


@dataclass(frozen=True)
class Config:
    # "Any number of players can play simultaneously, but one deck is needed for every two".
    players: Annotated[int, Field(ge=2, le=MAX_PLAYERS)] = 2
    # Teams: "Players in four and six-player games can play teams with two to three players".
    teams: Literal["none", "alliance", "as-one"] = "none"
    team_size: Annotated[int, Field(ge=2, le=3)] = 2
    # How decks are made: one shared deck (the regular way), or each player's own deck.
    deck_mode: Literal["off-the-top", "constructed", "sealed", "draft"] = "off-the-top"
    # "Jokers are an optional third card type."
    jokers: bool = False
    # "Players each draw seven cards."
    hand_size: Annotated[int, Field(ge=1, le=20)] = 7
    # "attacked with unblocked soldiers five times loses"
    hits_to_lose: Annotated[int, Field(ge=1, le=20)] = 5
    # "Make a 40-card deck out of a deck of playing cards." At most 52 without jokers (54
    # with jokers=true); used by deck_mode=constructed only.
    constructed_size: Annotated[int, Field(ge=1, le=54)] = 40
    # Sealed and draft: "create their own 30-card deck".
    limited_size: Annotated[int, Field(ge=1, le=54)] = 30
    # Draft: "three piles of 15 random face-down cards".
    packs: Annotated[int, Field(ge=1, le=8)] = 3
    pack_size: Annotated[int, Field(ge=1, le=54)] = 15
    # -1: "Randomly determine who goes first"; a seat number fixes it (tests, experiments).
    first_player: Annotated[int, Field(ge=-1, le=MAX_PLAYERS - 1)] = -1
    # A tournament's time limit as a number of rounds (0 = none, the text's regular game);
    # at the limit the text's tiebreaks decide.
    turn_limit: Rounds = 0
    # A guard so that games between AI players always end: after this many rounds the game
    # is a draw (the text has no limit; 0 = no guard). A turn limit replaces it.
    max_rounds: Rounds = 300
    # Constructed deck lists by seat: a file (one card per line, or YAML `cards: [...]`), or
    # the cards themselves; empty = the player builds its deck at the table.
    deck0: DeckOption = ()
    deck1: DeckOption = ()
    deck2: DeckOption = ()
    deck3: DeckOption = ()
    deck4: DeckOption = ()
    deck5: DeckOption = ()
    deck6: DeckOption = ()
    deck7: DeckOption = ()

    def __post_init__(self) -> None:
        check_options(self)
        if self.teams != "none":
            if self.players not in (4, 6):
                # about teams and players together: teams is the one the user set (the
                # player count is there before teams are chosen)
                raise OptionValueError("teams are played by four or six players "
                                       f"(option 'teams'={self.teams}, players={self.players})",
                                       "teams")
            if self.team_size not in (2, 3) or self.players % self.team_size:
                raise OptionValueError(f"option 'team_size' must be 2 or 3 and divide the "
                                       f"players ({self.players}), got {self.team_size}",
                                       "team_size")
            if self.players // self.team_size < 2:
                raise OptionValueError("a team game needs at least two teams", "team_size")
        if not -1 <= self.first_player < self.players:
            raise OptionValueError(f"option 'first_player' must be -1 (random) or a seat from "
                                   f"0 to {self.players - 1}, got {self.first_player}",
                                   "first_player")
        per_deck = 54 if self.jokers else 52
        # Only a constructed game builds decks of constructed_size cards: in another mode the
        # option is not used (and the lobby hides it), so its value is not refused there.
        if self.deck_mode == "constructed" and not 1 <= self.constructed_size <= per_deck:
            raise OptionValueError("option 'constructed_size' must be 1 to 52 without jokers "
                                   f"(54 with jokers=true), got {self.constructed_size}",
                                   "constructed_size")
        if self.deck_mode == "draft":
            if self.packs < 1 or self.pack_size < 1:
                raise OptionValueError("a draft needs packs >= 1 and pack_size >= 1",
                                       "packs" if self.packs < 1 else "pack_size")
            if self.packs * self.pack_size > per_deck:
                # about packs and pack_size together: packs, the one the message names first
                # (the number of piles is what a draft's players change most)
                raise OptionValueError(f"packs x pack_size ({self.packs * self.pack_size}) "
                                       f"must not exceed one deck per player ({per_deck} "
                                       "cards)", "packs")
            pool = self.packs * self.pack_size
        else:
            pool = per_deck
        if self.deck_mode in ("sealed", "draft") and not 1 <= self.limited_size <= pool:
            raise OptionValueError(f"option 'limited_size' must be 1 to {pool} (the cards "
                                   f"each player has to build from), got {self.limited_size}",
                                   "limited_size")
        for seat in range(MAX_PLAYERS):
            key = f"deck{seat}"
            value = getattr(self, key)
            if not value:
                continue
            if self.deck_mode != "constructed":
                raise OptionValueError(f"option {key!r} is a constructed deck list; "
                                       "it needs deck_mode=constructed", key)
            if seat >= self.players:
                raise OptionValueError(f"option {key!r}: there is no seat {seat} "
                                       f"with {self.players} players", key)
            cards = load_deck_option(key, value, self.constructed_size, self.jokers)
            object.__setattr__(self, key, cards)  # the record keeps the cards, not the file

    @property
    def own_decks(self) -> bool:
        """Each player uses its own deck and discard pile (every mode but off-the-top)."""
        return self.deck_mode != "off-the-top"

    @property
    def mixed_owners(self) -> bool:
        """Soldiers of one name may differ by owner: only a Joker gives a soldier away, and
        only decks of their own keep owners apart (a shared deck has one discard pile)."""
        return self.own_decks and self.jokers

    @property
    def num_teams(self) -> int:
        return self.players // self.team_size if self.teams != "none" else self.players

    def deck_list(self, seat: int) -> tuple[str, ...]:
        return getattr(self, f"deck{seat}") if seat < MAX_PLAYERS else ()

    def team_of(self, seat: int) -> int:
        """Teammates sit apart, so that turns alternate between teams: seat p is on team
        p mod (number of teams)."""
        return seat % self.num_teams
