"""Building precise Game of Champions positions and driving them with a player's actions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from warroom.games.champions import GAME
from warroom.games.champions.actions import Attack, PutNext, RestAsShown, Target, Throw
from warroom.games.champions.state import MAIN, ORDER, ChampionsState


def new(seed: int = 1, **options: Any) -> ChampionsState:
    return GAME.new_state(GAME.config(options), seed)


def arrange(
    mine: dict[str, list[str]],
    theirs: dict[str, list[str]],
    reserve: Iterable[str] = (),
    current: int = 0,
    casualties: tuple[Iterable[str], Iterable[str]] = ((), ()),
    **options: Any,
) -> ChampionsState:
    """A state at the main decision of `current`'s turn, with exactly these face cards and
    reinforcements (`mine` for `current`, `theirs` for the other) and this Reserve Pile (its
    top card last)."""
    s = new(**options)
    tables: list[dict[str, list[str]]] = [{}, {}]
    tables[current] = {c: list(v) for c, v in mine.items()}
    tables[1 - current] = {c: list(v) for c, v in theirs.items()}
    s.tables = tables
    s.reserve = list(reserve)
    s.casualties = [list(casualties[0]), list(casualties[1])]
    s.hands = [[], []]
    s.revealed = True
    s.phase = MAIN
    s.current = current
    s.turn = 1
    s.drawn = None
    s.battle = None
    s.general_used = s.spy_used = False
    s.throws = [None, None]
    s.result = None
    s.log = []
    s._legal = {}
    return s


def fight(s: ChampionsState, mine: str, theirs: str, att_order: list[str] | None = None,
          def_order: list[str] | None = None) -> ChampionsState:
    """The current player attacks `theirs` with `mine`; both put their cards in the given
    orders (None: as shown); the first flip follows."""
    attacker = s.current
    s.apply(attacker, Attack(mine))
    s.apply(attacker, Target(theirs))
    for player, order in ((attacker, att_order), (1 - attacker, def_order)):
        for card in (order or [])[:-1]:
            if player in s.to_move():
                s.apply(player, PutNext(card))
    for player in (attacker, 1 - attacker):
        if s.phase == ORDER and player in s.to_move():
            s.apply(player, RestAsShown())
    return s


def throw(s: ChampionsState, first: str, second: str) -> None:
    """Both players throw their Roshambo hand (player 0 `first`)."""
    s.apply(0, Throw(first))
    s.apply(1, Throw(second))


def events(s: ChampionsState, kind: str, player: int | None = None) -> list[dict[str, Any]]:
    return [e for e in s.visible_log(player) if e["event"] == kind]


def labels(s: ChampionsState, player: int) -> list[str]:
    return [a.label for a in s.legal_actions(player)]
