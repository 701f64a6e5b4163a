"""A Viktory II record's actions, edited by hand: what is refused when the record is read, and
that each field is bounded as every action offered is."""

from __future__ import annotations

import random

import pytest

from warroom.agents import RandomAgent
from warroom.engine import Record, RecordError, play_game, replay_to_end
from warroom.engine.actions import to_json
from warroom.games import get_game
from warroom.games.viktory_ii.actions import (
    MAX_RADIUS,
    PlaceTile,
    map_hexes,
)
from warroom.games.viktory_ii.board import board

GAME = get_game("viktory-ii")
LAST_HEX = map_hexes(MAX_RADIUS) - 1


def record() -> Record:
    config = GAME.config({"radius": 3, "turn_limit": 2})
    result = play_game(GAME, config, 5, [RandomAgent(GAME, 1), RandomAgent(GAME, 2)])
    return result.record


def first(rec: Record, kind: str) -> int:
    return next(i for i, (_, data) in enumerate(rec.actions) if data["type"] == kind)


def refused(rec: Record) -> str:
    with pytest.raises(RecordError) as caught:
        replay_to_end(GAME, Record.from_json(rec.to_json()))
    return str(caught.value)


def test_a_hex_out_of_every_map_is_refused_when_the_record_is_read():
    """Audit (stop 57): PlaceTile.hex was any int (-1, 10**30), unlike kow's fields: read,
    then refused as an illegal move. Now it is refused where it is read, naming the field."""
    for value in (-1, LAST_HEX + 1, 10**30):
        rec = record()
        i = first(rec, "PlaceTile")
        rec.actions[i][1]["hex"] = value
        assert f"actions[{i}]: PlaceTile.hex: " in refused(rec)


@pytest.mark.parametrize(("field", "value"), [
    ("where", ""), ("where", "H3\n"), ("where", "H03"), ("where", "H1000"), ("where", "3H"),
    ("terrain", 5), ("terrain", 255),
])
def test_a_tile_naming_no_hex_or_terrain_is_refused_when_read(field, value):
    """Audit (stop 57): PlaceTile.where was any text and terrain any int (255 was refused only
    as a label that could not be made, "not a valid PlaceTile (IndexError...)")."""
    rec = record()
    i = first(rec, "PlaceTile")
    rec.actions[i][1][field] = value
    assert f"actions[{i}]: PlaceTile.{field}: " in refused(rec)


@pytest.mark.parametrize(("data", "field"), [
    ({"type": "Step", "hex": 3, "where": "A4", "kind": "fly", "what": "plains"}, "kind"),
    ({"type": "Step", "hex": 3, "where": "A4", "kind": "move", "what": ""}, "what"),
    ({"type": "Done", "what": "nap"}, "what"),
    ({"type": "SelectUnit", "hex": 3, "where": "A4", "unit": 4}, "unit"),
    ({"type": "PlaceFrigate", "hex": 3, "where": "A4", "sea": -2, "sea_where": "A3"}, "sea"),
    ({"type": "PlayMoveCard", "card": "no such card!", "desc": "x"}, "card"),
])
def test_the_other_map_actions_fields_are_bounded_as_read(data, field):
    """Audit (stop 57): the map's actions took any int or text in their fields, where the
    battle's actions (and kow's) are bounded when a record is read."""
    with pytest.raises(RecordError) as caught:
        GAME.codec.decode(data)
    assert f"{data['type']}.{field}: " in str(caught.value)


def test_the_bounds_hold_every_action_offered_even_on_the_largest_map_file(tmp_path):
    """Audit (stop 57): the bounds refuse nothing a game offers (every action offered in random
    games of the conformance configs, and on a map file of the largest radius, 10, whose rows
    go to U, decodes to itself) and refuse one past the largest map. (Stop 62: a map file of
    radius 13, whose rows went past Z, is refused now; the bound is the radius option's.)"""
    big = board(MAX_RADIUS)
    rows = "\n".join("  " + " ".join("?" for _ in row) for row in big.rows)
    (tmp_path / "big.yaml").write_text(f"name: big\ntiles: |\n{rows}\n")
    configs = [{"radius": 3, "turn_limit": 4}, {"mode": "cards", "radius": 3, "turn_limit": 4},
               {"map": str(tmp_path / "big.yaml"), "turn_limit": 2}]
    names = set()
    for seed, values in enumerate(configs):
        state = GAME.new_state(GAME.config(values), seed)
        rng = random.Random(seed)
        for _ in range(300):
            if state.is_terminal():
                break
            player = state.to_move()[0]
            for action in state.legal_actions(player):
                assert GAME.codec.decode(to_json(action)) == action
                names.add(getattr(action, "where", ""))
            state.apply(player, rng.choice(state.legal_actions(player)))
    assert any(name[:1] == "U" for name in names)  # the big map's last row was offered
    edge = to_json(PlaceTile(LAST_HEX, "A1", 0))
    GAME.codec.decode(edge)
    with pytest.raises(RecordError):
        GAME.codec.decode({**edge, "hex": LAST_HEX + 1})
