"""Building precise Battle positions for rule tests."""

from __future__ import annotations

from warroom.games.battle import GAME
from warroom.games.battle.actions import Attack, Block, Done, EndTurn
from warroom.games.battle.state import BattleState


def new(seed: int = 0, **options) -> BattleState:
    """A fresh game; seat 0 goes first unless `first_player` says otherwise."""
    options.setdefault("first_player", 0)
    return GAME.new_state(GAME.config(options), seed)


def take(state: BattleState, name: str) -> int:
    """Remove a card of that name from a draw pile, discard pile, pool or the undealt cards."""
    for zone in state.draw + state.discard + state.side + [state.undealt] + state.pool:
        for i, cid in enumerate(zone):
            if state.names[cid] == name:
                return zone.pop(i)
    raise LookupError(f"no {name} left to take")


def arrange(state: BattleState, hands: dict | None = None, soldiers: dict | None = None,
            top: dict | None = None) -> BattleState:
    """Exactly these hands and soldiers (everything else back in the draw piles); `top`
    stacks cards on top of a draw pile (zone -> names, the last name is drawn first)."""
    for p in range(state.num_players):
        state.draw[state._zone(p)].extend(state.hands[p])
        state.hands[p] = []
        for cid in state.soldiers[p]:
            state.draw[state._zone(state.owner.pop(cid))].append(cid)
        state.soldiers[p] = []
    for p, names in (hands or {}).items():
        state.hands[p] = [take(state, n) for n in names]
    for p, names in (soldiers or {}).items():
        for n in names:
            cid = take(state, n)
            state.soldiers[p].append(cid)
            state.owner[cid] = p
    for zone, names in (top or {}).items():
        state.draw[zone].extend(take(state, n) for n in names)
    state._legal = {}
    return state


def begin_turn(state: BattleState, player: int) -> BattleState:
    """Start `player`'s turn now (its draw step included)."""
    state.unit = next(u for u, members in enumerate(state.units) if player in members)
    state._legal = {}
    state._start_turn()
    return state


def names(state: BattleState, ids: list[int]) -> list[str]:
    return sorted(state.names[c] for c in ids)


def soldiers(state: BattleState, player: int) -> list[str]:
    return names(state, state.soldiers[player])


def attack(state: BattleState, player: int, card: str, target: int,
           group: int | None = None) -> None:
    if group is None:
        state.apply(player, Attack(card, target, len(state.groups), True))
    else:
        state.apply(player, Attack(card, target, group, False))


def block(state: BattleState, player: int, card: str, group: int) -> None:
    state.apply(player, Block(card, group))


def done(state: BattleState, player: int) -> None:
    state.apply(player, Done())


def end_turn(state: BattleState, player: int) -> None:
    state.apply(player, EndTurn())


def events(state: BattleState, kind: str) -> list[dict]:
    return [e for _, e in state.log if e["event"] == kind]
