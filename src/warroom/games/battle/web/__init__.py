"""The browser table of Battle: `table.js` draws an observation; the constructed deck lists
(deck0 ... deck7, `BattleGame.data_options`) take the shipped sample or an uploaded deck list,
checked by the same code as `warroom cards validate`."""
