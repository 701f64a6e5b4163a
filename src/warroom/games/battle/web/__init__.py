"""The browser table of Battle: `table.js` draws an observation; the constructed deck lists
(deck0 ... deck7) take the shipped sample or an uploaded deck list, checked by the same code
as `warroom cards validate`."""

from pathlib import Path

from ....engine.data import DataOption
from .. import GAME

_DATA = Path(__file__).parent.parent / "data"
_DECK = DataOption({"sample-deck": str(_DATA / "sample-deck.txt")}, GAME.load_cards,
                   suffix=".txt")
DATA_OPTIONS = {f"deck{seat}": _DECK for seat in range(8)}
