"""The one-battle game's actions: the shared resolver's battle decisions, and the end-of-turn
card actions (`Discard`, `Draw`) that the map game shares. Seat 0 attacks, seat 1 defends. A
`unit` is a kind of unit by its number: 0 infantry, 1 cavalry, 2 artillery, 3 frigate (`UNITS`
of `viktory_battles.units`); a `card` is a Battle Card by its id in the deck file, `desc` its
name and numbers as the label shows them."""

from __future__ import annotations

from ..viktory_battles.actions import (
    BATTLE_ACTIONS,
    TURN_CARD_ACTIONS,
    USES,
    Bring,
    Casualty,
    Discard,
    Draw,
    DrawIn,
    FightOn,
    FireOverwatch,
    HoldOverwatch,
    Launch,
    MoveIn,
    Pass,
    PassWindow,
    PlayCard,
    Retreat,
    StandGround,
)

ACTIONS = BATTLE_ACTIONS + TURN_CARD_ACTIONS

__all__ = ["ACTIONS", "USES", "Bring", "Casualty", "Discard", "Draw", "DrawIn", "FightOn",
           "FireOverwatch", "HoldOverwatch", "Launch", "MoveIn", "Pass", "PassWindow",
           "PlayCard", "Retreat", "StandGround"]
