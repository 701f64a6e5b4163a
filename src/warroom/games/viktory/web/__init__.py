"""The browser table of Viktory II battles: `table.js` draws an observation; the scenario and
Battle Cards options (`ViktoryGame.data_options`) take a bundled file or an uploaded one,
checked by the same loaders as the command line (`warroom cards validate` for decks)."""
