"""Word & Iron decks for the tests, made from the shipped sample deck: a broken one (one card
made overwhelming), a fair one (no card differs from its kind), a marked one, any changed one,
and the one-line error a deck file raises."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from warroom.engine import DataError
from warroom.games.word_iron.deck import DATA_DIR, load_deck

# The Word of Power deck holds all 8 cards, so the truce that random players offer and accept
# at random (after the last Word of Power) comes late: games end by battle, not by chance.
OPTIONS = ["--set", "word_deck_size=8", "--players", "random,random"]
BROKEN_CARD = "Pike Square"  # a strategy: in the 5-card strategy deck 5 times in 8


def sample() -> dict:
    return yaml.safe_load((DATA_DIR / "sample.yaml").read_text())


def broken_deck(directory: Path, count: int = 25) -> Path:
    """The sample deck with Pike Square killing `count` soldiers instead of 1."""
    deck = sample()
    deck["name"] = "Broken deck"
    card = next(c for c in deck["strategies"] if c["name"] == BROKEN_CARD)
    kill = next(e for e in card["effects"] if e["kind"] == "unit_losses")
    kill["count"] = count
    path = directory / "broken.yaml"
    path.write_text(yaml.safe_dump(deck, sort_keys=False))
    return path


def fair_deck(directory: Path) -> Path:
    """Every card of a kind does the same thing: which one a player draws cannot matter."""
    deck = sample()
    deck["name"] = "Fair deck"
    for r in deck["resources"]:
        r.update(ranks=50, uses=2)
    for section, effect in (("strategies", {"kind": "losses", "ranks": 45}),
                            ("chance", {"kind": "recruit", "ranks": 30}),
                            ("words", {"kind": "losses", "ranks": 30}),
                            ("champions", {"kind": "protect", "strategies": 1})):
        for card in deck[section]:
            card["effects"] = [effect]
    path = directory / "fair.yaml"
    path.write_text(yaml.safe_dump(deck, sort_keys=False))
    return path


def marked_deck(directory: Path) -> Path:
    """The sample deck with rich markup in every card's name (`[/red]` before it) and in the
    deck's: a display that read names as markup would fail or lose it."""
    deck = sample()
    deck["name"] = "[/red]Marked deck"
    for section in ("soldiers", "resources", "strategies", "chance", "words", "champions"):
        for card in deck[section]:
            card["name"] = "[/red]" + card["name"]
    deck["strategies"][1]["name"] = "[bold]" + deck["strategies"][1]["name"]
    path = directory / "marked.yaml"
    path.write_text(yaml.safe_dump(deck, sort_keys=False))
    return path


def deck(folder: Path, change: Callable[[dict[str, Any]], Any], name: str = "deck.yaml") -> str:
    """The sample deck with `change` applied to its data, written to folder/name."""
    data = sample()
    change(data)
    path = folder / name
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))
    return str(path)


def error_of(path: str) -> str:
    """The one-line error that loading the deck at `path` raises."""
    with pytest.raises(DataError) as info:
        load_deck(path)
    message = str(info.value)
    assert "\n" not in message
    return message
