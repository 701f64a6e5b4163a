"""The browser table of Word & Iron: `table.js` draws an observation; the deck options
(`WordIronGame.data_options`) take a shipped deck or an uploaded deck file, checked as
`warroom cards validate` checks it."""
