"""The browser table of Viktory II, the map game: `table.js` draws an observation (the hex map
with what is on it, the players, the hand, the battle being fought). The map and Battle Cards
options (`ViktoryIIGame.data_options`) take a bundled file or an uploaded one, checked by the
same loaders as the command line (the map loader, `warroom cards validate` for decks)."""
