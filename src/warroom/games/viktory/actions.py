"""The one-battle game's actions: the shared resolver's battle decisions, and the end-of-turn
card actions (`Discard`, `Draw`) that the map game shares. Seat 0 attacks, seat 1 defends."""

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
