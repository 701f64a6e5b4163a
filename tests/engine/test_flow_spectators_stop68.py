"""What an event told to spectators (`to` naming SPECTATORS) says, any seat may read: the
flow check compares it as a public event, for every observer."""

from __future__ import annotations

from typing import Any

from test_flowcheck import GAME, Pass, RedCard

from warroom.engine.core import SPECTATORS
from warroom.engine.flowcheck import flow_leak


class Whispered(RedCard):
    """RedCard whose holder's pass tells `told` its card's colour, by the event's name: told
    to spectators, a leak to seat 1, which may watch as one."""

    told: tuple[int, ...] = (0, SPECTATORS)

    def _apply(self, player: int, action: Any) -> None:
        super()._apply(player, action)
        if type(action) is Pass:
            self.event("red_held" if self.hand[0] == "R" else "black_held", to=self.told)

    def clone(self) -> Whispered:
        new = super().clone()
        new.__class__ = type(self)
        return new


class Kept(Whispered):
    told = (0,)


def test_an_event_told_to_spectators_is_compared_as_public():
    """Audit (stop 68): the flow check compared the events for everybody and the observer's
    own; one told to another seat and to spectators was compared for nobody, so the colour
    of seat 0's hidden card, told to spectators, went unreported for seat 1."""
    found = [leak for seed in range(6) for k in range(6)
             if (leak := flow_leak(GAME, Whispered(True, seed), 1, k))]
    assert found and all(leak.startswith("seen by player 1, 1 action(s) on: public events: ")
                         for leak in found), found
    # Told to the holder alone, the colour is no leak.
    assert not any(flow_leak(GAME, Kept(True, seed), 1, k)
                   for seed in range(6) for k in range(6))
