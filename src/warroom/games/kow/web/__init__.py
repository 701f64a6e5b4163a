"""The browser table of this game: `table.js` draws an observation."""
