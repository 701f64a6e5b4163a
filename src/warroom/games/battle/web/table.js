// Battle at the browser table: every seat's castle (hits taken), hand size and soldiers in
// play, the attack groups and the combat in progress, the draw and discard piles, your hand
// (and your pack or pool while drafting or building). Click a card in hand to play it, a
// soldier to attack, block, strike, destroy, lose or give it, a seat to choose that opponent.

import { PHONE } from "/static/kit.js";

// Its terminal view tags cards and groups with "P1" for room: kit.seatWords reads them as seats
// ("Seat 1 (you)"), as it reads the logs' and labels' "Player 1".
export const SHORT_SEATS = true;

// The discard piles are face up (the rules): under each pile, a fold (a <details>, opened by a
// click, a tap, Enter or Space, and read as a button that expands) lists its cards in order,
// the top card last. A fold opened stays open across redraws (the other seats' moves), and its
// summary keeps its id, by which the page gives the keyboard's focus back after a redraw.
const openPiles = new Set();

// The steps of a turn in the terminal's words (render.PHASE_TEXT), after the rules' draw,
// attack and main steps: the observation's phase names are the code's.
const STEP_WORDS = {
  declare: "Attack step: declaring attackers", block: "Attack step: declaring blockers",
  strike: "Attack step: combat", main: "Main step",
  "choose-opponent": "Special ability: choosing an opponent", three: "Special ability: Three",
  sacrifice: "Special ability: Two", give: "Special ability: Joker", over: "Game over",
};

const CSS = `
.battle-seats { display: grid; grid-template-columns: repeat(auto-fit, minmax(290px, 1fr));
  column-gap: 8px; }
.battle-seats > .seat-area { margin: 4px 0; min-width: 0; }
.discards { margin: 2px 0 4px; }
.discards > summary { cursor: pointer; width: fit-content; padding: 4px 2px; font-size: 13px;
  color: var(--muted); }
.discards > summary:focus-visible { outline: 3px solid #fff; outline-offset: 2px; border-radius: 4px; }
.discards > ol { list-style: none; margin: 4px 0 0; padding: 0; gap: 4px; }
@media ${PHONE} {
  .discards > summary { padding: 12px 2px; font-size: 14px; } /* a finger tall */
}`;

// Where the draft stands, as the terminal's line says it (render._draft_progress): "Draft,
// pack 1 of 2 · pick 3 of 6 · passing left to Seat 1". The pick is counted from the cards the
// pack has lost (once this seat has picked, it is still that pick); "left" is the next seat.
// A spectator has no pack, and passes none: the pack and its way round.
function draftLine(o, me, who, view) {
  const words = [`Draft${o.pack_number ? `, pack ${o.pack_number} of ${o.packs}` : ""}`];
  if (o.pack && me !== null) {
    const pick = o.pack_size - o.pack.length + (o.seats[me].picked ? 0 : 1);
    words.push(`pick ${pick} of ${o.pack_size}`);
  }
  if (o.passing) {
    const n = o.seats.length;
    const next = me === null ? null : (me + (o.passing === "left" ? 1 : -1) + n) % n;
    words.push(`passing ${o.passing}${next === null ? "" : ` to ${who(next, view)}`}`);
  }
  return words.join(" · ");
}

export function render(root, view, ctx) {
  const { h, card, cardName, pile, pips, panel, Actions, who } = ctx.kit;
  const o = view.observation;
  const acts = new Actions(view, ctx.act);
  const me = view.seat;
  const small = (el) => { el.classList.add("small"); return el; };
  const seats = o.seats.map((_, p) => p);
  // A soldier is clicked to act with it (own) or upon it (strike, destroy).
  const onSoldier = (a, c, p) => {
    if (a.type === "Strike" || a.type === "Destroy") return a.player === p && a.card === c;
    return ["Attack", "Block", "Sacrifice", "GiveSoldier"].includes(a.type) && p === me && a.card === c;
  };
  const others = seats.filter((p) => p !== me);  // (a spectator's: every seat)
  const whose = (p) => (p === me ? "Your" : `${who(p, view)}'s`);
  // A card nothing can be done with now is a picture to a screen reader, named by the card
  // ("10♥") and why it is not a button: a bare span would be read as part of the run of text
  // around it. A playable one is a button, named by Actions.bind.
  const named = (el, label) => {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", label);
    return el;
  };
  const playOrName = (el, entries, label) => (entries.length ? acts.bind(el, entries) : named(el, label));
  // A discard pile's cards, bottom to top: `key` names the pile ("shared" or the seat).
  const discards = (cards, key, whose) => {
    if (!cards.length) return null;
    const n = cards.length;
    const id = `battle-discard-${key}`;
    return h("details", { class: "discards", id, open: openPiles.has(key),
                          ontoggle: (e) => (e.target.open ? openPiles.add(key) : openPiles.delete(key)) },
      h("summary", { id: `${id}-summary`,
                     text: `${whose}: ${n} card${n === 1 ? "" : "s"}, top card last` }),
      h("ol", { class: "row", "aria-label": `${whose}, bottom to top` },
        ...cards.map((c, i) => h("li", {}, small(card(c, {
          title: `${c}: ${i + 1} of ${n}${i === n - 1 ? ", the top card" : ""}` }))))));
  };

  // The game over with attack groups listed (hits put a player out before any combat): the
  // text view's own line, from the frame, ends with the colon that leads its groups.
  const unfought = o.outcome && o.groups.length
    ? (view.text || "").split("\n").find((line) => line.startsWith("The game ended"))?.replace(/:$/, "")
    : null;
  const building = o.phase === "draft" ? draftLine(o, me, who, view)
    : o.phase === "build" ? "Deck building" : null;
  // The groups as the text view draws them: once the game is over, with the blocks of a
  // player the hits put out (it left with its blockers, before any combat).
  const groups = o.final_groups ?? o.groups;
  root.append(panel("Battle",
    h("div", { class: "stats" },
      // Before the first round the phase: "Round 0, turn 0" said nothing of a draft.
      building ? h("b", { text: building })
        : h("span", {}, "Round ", h("b", { text: o.round }), ", turn ", h("b", { text: o.turn })),
      // A draft or deck building names its step already (`building`).
      // A resignation ends the game where the rules stood (its phase the step under way).
      building ? null : h("b", { text: view.terminal ? STEP_WORDS.over : STEP_WORDS[o.phase] || o.phase }),
      h("span", {}, "Decks ", h("b", { text: o.deck_mode })),
      o.teams !== "none" ? h("span", {}, "Teams ", h("b", { text: o.teams })) : null),
    o.draw_pile !== undefined && !building ? h("div", { class: "row" }, pile("Draw pile", o.draw_pile),
      pile("Discard", o.discard.length, o.discard.length ? small(card(o.discard.at(-1))) : null)) : null,
    o.draw_pile !== undefined && !building ? discards(o.discard, "shared", "Discard pile") : null,
    groups.length ? h("div", { class: "zone" }, h("div", { class: "label", text: "attack groups" }),
      unfought ? h("p", { class: "muted", id: "battle-unfought", text: unfought }) : null,
      ...groups.map((g, i) => h("div", { class: "row" }, h("b", { text: `Group ${i + 1} → ${who(g.target, view)}: ` }),
        ...(g.attackers.length ? g.attackers.map(([, c]) => small(card(c)))
          : [h("span", { class: "muted", text: "(none left)" })]),
        g.blockers.length ? h("span", { class: "muted", text: " blocked by " }) : null,
        ...g.blockers.map(([, c]) => small(card(c)))))) : null,
    // Of the strikes at this skill, only your own show: the others' are secret until all have struck.
    o.combat ? h("div", { class: "stats" }, `Combat of group ${o.combat.group + 1}, skill ${o.combat.level}`,
      ...(o.combat.doomed.length ? [h("span", { class: "muted", text: " · you struck: " }),
        ...o.combat.doomed.map(([p, c]) => small(card(c, { title: `${c} (seat ${p})` })))] : [])) : null,
    o.special ? h("div", { class: "stats" }, `${who(o.special.player, view)} ${o.special.player === me ? "use" : "uses"} ${cardName(o.special.card)}`) : null));
  root.append(h("style", { text: CSS }));

  const handTypes = ["PlaySoldier", "PlayCourt", "PlaySpecial", "Pick", "AddCard"];
  const fromHand = (why) => (c) => playOrName(card(c),
    acts.take((a) => handTypes.includes(a.type) && a.card === c), `${cardName(c)}${why}`);
  // Before the battle (a draft, deck building) the cards to choose from come first, under the
  // header: on a phone they were below every seat's box, six boxes down.
  if (o.pack) {
    // Picked: the pack left is the one going on to the next seat, nothing in it to click.
    const picked = me !== null && o.seats[me]?.picked;
    root.append(panel(picked ? `Draft, pack ${o.pack_number}: picked; the rest go on when `
      + "every seat has picked" : `Draft, pack ${o.pack_number}: pick one card`,
      h("div", { class: "row" }, ...o.pack.map(fromHand(", cannot be picked now")))));
  }
  // The pool is the cards picked while drafting; the deck is built from it after.
  if (o.pool && Array.isArray(o.pool) && o.phase === "draft") {
    root.append(panel(`Your picks (${o.pool.length})`,
      h("div", { class: "row" }, ...o.pool.map((c) => named(card(c), cardName(c))))));
  } else if (o.pool && Array.isArray(o.pool)) {
    root.append(panel(`Your pool: build a deck of ${o.deck_size}`,
      h("div", { class: "row" }, ...o.pool.map(fromHand(", cannot be added now"))),
      o.deck ? h("div", { class: "row" }, h("span", { class: "muted", text: `deck so far (${o.deck.length}): ` }),
        ...o.deck.map((c) => small(card(c)))) : null));
  }

  const seatArea = (p) => {
    const s = o.seats[p];
    const soldier = ([c, owner]) => playOrName(card(c, { title: `${c} (owner: seat ${owner})` }),
      acts.take((a) => onSoldier(a, c, p)), `${cardName(c)} (owner: seat ${owner})`);
    // every seat its own: no teams; a teammate's box says so (comparing numbers was left to you)
    const ally = me !== null && p !== me && s.team === o.seats[me]?.team ? " (your team)" : "";
    const team = o.teams !== "none" ? ` · team ${s.team}${ally}` : "";
    const hits = s.castle ?? s.hits;  // As one: the team's castle
    const limit = o.hits_to_lose;
    // Hits past the limit count in the turn limit's tiebreak: said, as the terminal's "+6".
    const castle = pips(Math.min(hits, limit), limit);
    const said = `${hits} hit${hits === 1 ? "" : "s"} (${limit} to lose)`;
    castle.setAttribute("aria-label", said);
    castle.title = said;
    // Before the battle (a draft, deck building) nobody holds a hand or has taken a hit.
    const heading = h("h4", {}, `${who(p, view)}${s.out ? " · out" : ""}${team}`,
      ...(building ? [] : [` · hand ${s.hand}`, " · hits ", castle,
        hits > limit ? h("span", { "aria-hidden": "true", text: ` +${hits - limit}` }) : null]));
    acts.bind(heading, acts.take((a) => a.type === "ChooseOpponent" && a.player === p));
    return h("div", { class: `seat-area${o.to_move.includes(p) ? " active" : ""}${s.out ? " out" : ""}` },
      heading,
      // Before the battle the piles are empty and no soldier is in play: left out.
      s.draw_pile !== undefined && !building ? h("div", { class: "row" }, pile("Draw", s.draw_pile),
        pile("Discard", s.discard.length, s.discard.length ? small(card(s.discard.at(-1))) : null)) : null,
      s.discard && !building ? discards(s.discard, p, `${whose(p)} discard pile`) : null,
      // The draft's picks are secret: what every seat sees of another's is how many it has
      // picked, and whether it has picked from the pack in front of it (the text view's
      // line); building, how far its deck has come.
      o.phase === "draft" ? h("div", { class: "stats" },
        `${s.pool} card${s.pool === 1 ? "" : "s"} picked · ${s.picked ? "has picked" : "still to pick"} from this pack`) : null,
      o.phase === "build" ? h("div", { class: "stats" },
        s.built ? "deck built" : `deck: ${s.deck} card${s.deck === 1 ? "" : "s"}`) : null,
      building ? null : h("div", { class: "row", role: "group", "aria-label": `${whose(p)} soldiers` },
        ...(s.soldiers.length ? s.soldiers.map(soldier)
          : [h("span", { class: "muted", text: "no soldiers in play" })])));
  };
  // The others side by side where the table is wide (one a row on a phone): with eight
  // players your own seat and hand were seven boxes down, under the fold of a desktop.
  root.append(h("div", { class: "battle-seats" }, ...others.map(seatArea)));
  if (me !== null) root.append(seatArea(me));

  // (no hand before the battle: the first cards are drawn as it begins)
  if (o.hand && !building) {
    root.append(panel("Your hand",
      h("div", { class: "row" }, ...o.hand.map(fromHand(", cannot be played now")))));
  }
  const rest = acts.rest();
  if (rest) root.append(rest);
}
