"""The browser table of Word & Iron: `table.js` draws an observation; the deck options take a
shipped deck or an uploaded deck file, checked as `warroom cards validate` checks it."""

from ....engine.data import DataOption
from ..deck import load_deck, shipped_decks

_DECK = DataOption({name: name for name in shipped_decks()}, load_deck)
DATA_OPTIONS = {"deck0": _DECK, "deck1": _DECK}
