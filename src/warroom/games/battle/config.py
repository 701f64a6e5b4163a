"""Rule options of Battle. Defaults follow the rule text and RULINGS.md."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .cards import load_deck_option

MAX_PLAYERS = 8
TEAM_MODES = ("none", "alliance", "as-one")
DECK_MODES = ("off-the-top", "constructed", "sealed", "draft")


@dataclass(frozen=True)
class Config:
    # "Any number of players can play simultaneously, but one deck is needed for every two".
    players: int = 2
    # Teams: "Players in four and six-player games can play teams with two to three players".
    teams: Literal["none", "alliance", "as-one"] = "none"
    team_size: int = 2
    # How decks are made: one shared deck (the regular way), or each player's own deck.
    deck_mode: Literal["off-the-top", "constructed", "sealed", "draft"] = "off-the-top"
    # "Jokers are an optional third card type."
    jokers: bool = False
    hand_size: int = 7  # "Players each draw seven cards."
    hits_to_lose: int = 5  # "attacked with unblocked soldiers five times loses"
    constructed_size: int = 40  # "Make a 40-card deck out of a deck of playing cards."
    limited_size: int = 30  # sealed and draft: "create their own 30-card deck"
    packs: int = 3  # draft: "three piles of 15 random face-down cards"
    pack_size: int = 15
    # -1: "Randomly determine who goes first"; a seat number fixes it (tests, experiments).
    first_player: int = -1
    # A tournament's time limit as a number of rounds (0 = none, the text's regular game);
    # at the limit the text's tiebreaks decide.
    turn_limit: int = 0
    # A guard so that games between AI players always end: after this many rounds the game
    # is a draw (the text has no limit; 0 = no guard).
    max_rounds: int = 300
    # Constructed deck lists by seat: a file (one card per line, or YAML `cards: [...]`), or
    # the cards themselves; empty = the player builds its deck at the table.
    deck0: tuple[str, ...] = ()
    deck1: tuple[str, ...] = ()
    deck2: tuple[str, ...] = ()
    deck3: tuple[str, ...] = ()
    deck4: tuple[str, ...] = ()
    deck5: tuple[str, ...] = ()
    deck6: tuple[str, ...] = ()
    deck7: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not 2 <= self.players <= MAX_PLAYERS:
            raise ValueError(f"option 'players' must be 2 to {MAX_PLAYERS}, got {self.players}")
        if self.teams != "none":
            if self.players not in (4, 6):
                raise ValueError("teams are played by four or six players "
                                 f"(option 'teams'={self.teams}, players={self.players})")
            if self.team_size not in (2, 3) or self.players % self.team_size:
                raise ValueError(f"option 'team_size' must be 2 or 3 and divide the players "
                                 f"({self.players}), got {self.team_size}")
            if self.players // self.team_size < 2:
                raise ValueError("a team game needs at least two teams")
        for name in ("hand_size", "constructed_size", "limited_size", "packs", "pack_size",
                     "turn_limit", "max_rounds"):
            if getattr(self, name) < 0:
                raise ValueError(f"option {name!r} must be >= 0, got {getattr(self, name)}")
        if self.hits_to_lose < 1:
            raise ValueError("option 'hits_to_lose' must be >= 1")
        if not -1 <= self.first_player < self.players:
            raise ValueError(f"option 'first_player' must be -1 (random) or a seat from 0 to "
                             f"{self.players - 1}, got {self.first_player}")
        per_deck = 54 if self.jokers else 52
        if not 1 <= self.constructed_size <= per_deck:
            raise ValueError(f"option 'constructed_size' must be 1 to {per_deck}")
        if self.deck_mode == "draft":
            if self.packs < 1 or self.pack_size < 1:
                raise ValueError("a draft needs packs >= 1 and pack_size >= 1")
            if self.packs * self.pack_size > per_deck:
                raise ValueError(f"packs x pack_size ({self.packs * self.pack_size}) must not "
                                 f"exceed one deck per player ({per_deck} cards)")
            pool = self.packs * self.pack_size
        else:
            pool = per_deck
        if self.deck_mode in ("sealed", "draft") and not 1 <= self.limited_size <= pool:
            raise ValueError(f"option 'limited_size' must be 1 to {pool} (the cards each "
                             f"player has to build from), got {self.limited_size}")
        for seat in range(MAX_PLAYERS):
            key = f"deck{seat}"
            value = getattr(self, key)
            if not value:
                continue
            if self.deck_mode != "constructed":
                raise ValueError(f"option {key!r} is a constructed deck list; "
                                 "it needs deck_mode=constructed")
            if seat >= self.players:
                raise ValueError(f"option {key!r}: there is no seat {seat} "
                                 f"with {self.players} players")
            cards = load_deck_option(key, value, self.constructed_size, self.jokers)
            object.__setattr__(self, key, cards)  # the record keeps the cards, not the file

    @property
    def own_decks(self) -> bool:
        """Each player uses its own deck and discard pile (every mode but off-the-top)."""
        return self.deck_mode != "off-the-top"

    @property
    def num_teams(self) -> int:
        return self.players // self.team_size if self.teams != "none" else self.players

    def deck_list(self, seat: int) -> tuple[str, ...]:
        return getattr(self, f"deck{seat}") if seat < MAX_PLAYERS else ()

    def team_of(self, seat: int) -> int:
        """Teammates sit apart, so that turns alternate between teams: seat p is on team
        p mod (number of teams)."""
        return seat % self.num_teams
