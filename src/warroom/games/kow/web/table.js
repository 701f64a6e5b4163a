// Kings of War Battle Deck at the browser table: the line of cards, both dice pools, the secret
// choice of dice, the roll, and the cards each side has defeated. Click a card on the table to
// defeat it (a menu offers each way to allocate the dice); choose dice from the dice bar.

const COLOURS = ["red", "white", "blue"];
// Red and blue dice differ by hue only (the same grey to a colour-blind eye): a die bears its
// colour's letter too, in its middle where it shows no number, else in its corner; a choice of
// dice says its dice in words under them (its name, which holds them: no letters then).
const MARKS = { red: "R", white: "W", blue: "B" };
// A side's card colour (the rules' RED or BLACK player), not a die's: named by its suits.
const SIDE_COLOURS = { red: "red suits ♥♦", black: "black suits ♠♣" };
const SIDE_COLOUR_KEY = "This side's card colour, dealt at the start (the rules' RED or BLACK "
  + "player; nothing to do with the dice): when both sides hold as many dice, the initiative "
  + "goes to the side whose colour the card next to the Battle Deck shows.";

// The steps of a turn in the rules' words (the observation's phase names are the code's).
const STEP_WORDS = { choose: "choose dice in secret", allocate: "defeat cards", over: "game over" };

export function render(root, view, ctx) {
  const { h, card, die, pips, panel, Actions, who } = ctx.kit;
  const o = view.observation;
  const acts = new Actions(view, ctx.act);
  const me = view.seat;
  const seats = me === null ? [0, 1] : [1 - me, me];

  const head = h("div", { class: "stats" },
    h("span", {}, "Round ", h("b", { text: o.round }), ", turn ", h("b", { text: o.turn }),
      o.final_turn ? " (final turn)"
        // the turn dealt from the deck's last cards: the round ends after it
        : o.deck_left === 0 && !view.terminal ? " (last turn: the Battle Deck is empty)" : ""),
    h("span", {}, "Step ", h("b", { text: STEP_WORDS[o.phase] || o.phase })),
    ...[0, 1].map((p) => h("span", {}, `${who(p, view)} victories `,
                           pips(o.victories[p], o.victories_to_win, "gold"))));

  const line = h("div", { class: "row" },
    h("div", { class: "pile" }, h("span", { class: "card back" }),
      h("small", { text: `Battle Deck: ${o.deck_left}` })),
    ...o.table.map((c) => (c === null ? h("span", { class: "card gap", title: "defeated" })
      : acts.bind(card(c), acts.byType("Defeat", (a) => a.card === c)))));

  root.append(panel("Table", head, h("div", { class: "zone" },
    h("div", { class: "label", text: "cards in line (next to the deck first)" }), line),
    // What a die can roll decides which to hold: the faces, as a player knows its dice.
    h("div", { class: "stats faces" }, "Swords on each die's faces: ",
      ...COLOURS.map((c) => h("span", {}, h("b", { text: c }), ` ${o.faces[c].join(" ")}`)),
      h("span", { class: "marks" }, `(the dice bear their colour's letter: `
        + `${COLOURS.map((c) => `${MARKS[c]} ${c}`).join(", ")})`))));

  for (const p of seats) root.append(seatArea(p));

  if (o.rolled.length) {
    root.append(panel(`${who(o.active, view)} rolled`, h("div", { class: "row" },
      // Each die numbered as the choices name it ("defeat 3♣ with #1 (1 sword) + #2 ...").
      ...o.rolled.map((d, i) => h("div", { class: "pile" },
        die(d.swords, d.colour, { used: d.used, mark: MARKS[d.colour],
          title: `#${i + 1} ${d.colour}: ${d.swords} swords${d.used ? " (used)" : ""}` }),
        h("small", { text: `#${i + 1}${d.used ? " used" : ""}` }))))));
  }

  const choose = acts.byType("ChooseDice");
  if (choose.length) {
    root.append(panel("Choose your dice (in secret)", h("div", { class: "row dice-choices" },
      ...choose.map((e) => acts.bind(h("span", { class: "choice" },
        // Named by the choice's label ("dice: 1 red, 1 white"), not die by die; the same
        // words under the dice ("1 red, 1 white").
        h("span", { class: "choice-dice" }, ...COLOURS.flatMap((c) => Array.from({ length: e.action[c] }, () => {
          const d = die("", c, { label: "" });
          d.setAttribute("aria-hidden", "true");
          return d;
        }))),
        h("small", { text: COLOURS.filter((c) => e.action[c]).map((c) => `${e.action[c]} ${c}`)
          .join(", ") || "none" })),
        [e])))));
  }
  const rest = acts.rest();
  if (rest) root.append(rest);

  // The dice a side did not use, back in its pool this turn (the pool shows them again), as
  // the log's line says them since the turn's deal: "Player 0: 1 unused die back to the pool
  // (1 blue)". (The page has the log's lines, not its events.)
  function backText(p) {
    const lines = view.log || [];
    for (let i = lines.length - 1; i >= 0; i--) {
      if (/^Turn \d+/.test(lines[i])) break;
      const m = /^Player (\d+): .* back to the pool \((.+)\)$/.exec(lines[i]);
      if (m && Number(m[1]) === p) return ` (${m[2]} back in the pool)`;
    }
    return "";
  }

  function seatArea(p) {
    const pool = o.pools[p];
    const chosen = o.chosen[p];
    // Once the game is over nobody is choosing: no "not chosen yet" then; nor in a final
    // turn for the player with no dice left.
    const empty = !COLOURS.some((c) => pool[c]);
    const fist = chosen === null ? (view.terminal ? null
      : o.final_turn && empty ? "no dice this turn" : "not chosen yet")
      // the other's pool still shows the dice of its hidden fist (which ones is the secret)
      : chosen === "hidden" ? "chosen, hidden (among the dice shown)"
      : (COLOURS.map((c) => chosen[c] ? `${chosen[c]} ${c}` : "").filter(Boolean).join(", ")
        || "none") + backText(p);
    const side = String(o.colours[p]).toLowerCase();
    const active = o.to_move.includes(p);
    return h("div", { class: `seat-area${active ? " active" : ""}` },
      h("h4", {}, `${who(p, view)} · `,
        h("span", { class: "side-colour", title: SIDE_COLOUR_KEY },
          `cards: ${SIDE_COLOURS[side] || side}`),
        o.initiative[0] === p && o.phase !== "choose" && !view.terminal ? " · initiative" : ""),
      h("div", { class: "row" }, ...(COLOURS.some((c) => pool[c])
        ? COLOURS.flatMap((c) => Array.from({ length: pool[c] },
          () => die("", c, { label: MARKS[c], title: `${c} die in the pool` })))
        : [h("span", { class: "muted", text: "no dice left in the pool" })])),
      h("div", { class: "stats" }, fist !== null ? h("span", {}, "Fist: ", h("b", { text: fist })) : null,
        h("span", {}, "Score this round: ", h("b", { text: o.scores[p] }))),
      h("div", { class: "row" }, ...o.won[p].map((c) => card(c, { title: "defeated" }))
        .map((el) => { el.classList.add("small"); return el; })));
  }
}
