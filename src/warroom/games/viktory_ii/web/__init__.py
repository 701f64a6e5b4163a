"""The browser table of Viktory II, the map game: `table.js` draws an observation (the hex map
with what is on it, the players, the hand, the battle being fought). The map and Battle Cards
options take a bundled file or an uploaded one, checked by the same loaders as the command
line (the map loader, `warroom cards validate` for decks)."""

from ....engine.data import DataOption
from ...viktory_battles.cards import load_deck
from ..mapfile import MAPS, load_map

DATA_OPTIONS = {
    "map": DataOption({p.stem: p.stem for p in sorted(MAPS.glob("*.yaml"))}, load_map),
    "deck": DataOption({"sample": ""}, load_deck),
}
