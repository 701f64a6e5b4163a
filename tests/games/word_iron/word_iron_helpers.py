"""Helpers for the Word & Iron tests: decks written for a test, precise states, card play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from warroom.games.word_iron import GAME
from warroom.games.word_iron.actions import ChooseRoyal
from warroom.games.word_iron.deck import DATA_DIR, UNITS
from warroom.games.word_iron.state import CHAMPION, CHANCE, STRATEGY, TASKS, WORD, WordIronState

SECTIONS = {"strategies": STRATEGY, "chance": CHANCE, "words": WORD, "champions": CHAMPION}
QUIET_ROYALS = [{"name": "Quiet King", "royal": "king"}, {"name": "Quiet Queen", "royal": "queen"}]


def sample_data() -> dict[str, Any]:
    return yaml.safe_load((DATA_DIR / "sample.yaml").read_text())


def write_deck(tmp_path: Path, data: dict[str, Any], name: str = "deck.yaml") -> str:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False))
    return str(path)


def quiet_deck(tmp_path: Path, name: str = "quiet.yaml", **sections: list[dict]) -> str:
    """The sample deck with every card of the given sections replaced: the cards given first,
    then cards without effects ("Quiet 1", ...) up to the section's size. Sections not given
    keep no effects either, so nothing happens that a test did not ask for. A deck's names all
    differ, so outside the strategies a quiet card's name says its section ("Quiet 1 (chance)");
    `card_index` finds it by "Quiet 1" too."""
    data = sample_data()
    for section in ("strategies", "chance", "words", "champions"):
        given = list(sections.get(section, []))
        if section == "champions" and not any(c.get("royal") for c in given):
            given = QUIET_ROYALS + given
        size = 10 if section == "champions" else 8
        given += [{"name": quiet_name(section, i)} for i in range(size - len(given))]
        data[section] = given
    if "resources" in sections:
        data["resources"] = sections["resources"]
    return write_deck(tmp_path, data, name)


def quiet_name(section: str, i: int) -> str:
    return f"Quiet {i}" if section == "strategies" else f"Quiet {i} ({section})"


def new(seed: int = 0, **options: Any) -> WordIronState:
    return GAME.new_state(GAME.config(options), seed)


def bare(seed: int = 0, **options: Any) -> WordIronState:
    """A state right after set-up, with nothing scheduled: both play the king, player 0 won
    the coin toss and attacks first, no champion drawn. Tests then play cards or phases."""
    s = new(seed, **options)
    s.todo = []
    s.pending = None
    s.log = []
    for p in (0, 1):
        s._do_royal(p, ChooseRoyal("king"), ())
    s.coin_winner = 0
    s.order = (0, 1)
    s.round = 1
    return s


def card_index(s: WordIronState, p: int, section: str, name: str) -> int:
    names = [c.name for c in s.cards(p, SECTIONS[section])]
    return names.index(name if name in names else f"{name} ({section})")


def play_card(s: WordIronState, p: int, section: str, name: str) -> None:
    """Resolve the card `name` of player p's deck now, as if it had just been drawn."""
    k = SECTIONS[section]
    run_tasks(s, ("card", p, k, card_index(s, p, section, name), False, 0))


def play_in_turn(s: WordIronState, p: int, section: str, name: str) -> None:
    """`play_card` inside a strategy turn of player p: an empowering applies only in a turn
    that began with it in use, and that turn runs it down."""
    k = SECTIONS[section]
    run_tasks(s, ("turn_start", p), ("card", p, k, card_index(s, p, section, name), False, 0),
              ("turn_end", p))


def run_tasks(s: WordIronState, *tasks: tuple) -> None:
    """Run these tasks, named: ("draw", player, pile, extra), ("resources", player), ..."""
    s._push([(TASKS[name], *args) for name, *args in tasks])
    s._run()


def field(counts: dict[str, int]) -> list[int]:
    """A field with exactly these units on it (all others gone)."""
    return [counts.get(u, 0) for u in UNITS]


def events(s: WordIronState, kind: str | None = None) -> list[dict]:
    log = s.visible_log(None)
    return [e for e in log if kind is None or e["event"] == kind]


def act(s: WordIronState, action: Any) -> None:
    s.apply(s.to_move()[0], action)
