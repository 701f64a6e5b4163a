"""The browser table of Viktory II battles: `table.js` draws an observation; the scenario and
Battle Cards options take a bundled file or an uploaded one, checked by the same loaders as
the command line (`warroom cards validate` for decks)."""

from ....engine.data import DataOption
from ...viktory_battles.cards import load_deck
from ..scenario import SCENARIOS, load_scenario

DATA_OPTIONS = {
    "scenario": DataOption({p.stem: p.stem for p in sorted(SCENARIOS.glob("*.yaml"))},
                           load_scenario),
    "deck": DataOption({"sample": ""}, load_deck),
}
