// Battle at the browser table: every seat's castle (hits taken), hand size and soldiers in
// play, the attack groups and the combat in progress, the draw and discard piles, your hand
// (and your pack or pool while drafting or building). Click a card in hand to play it, a
// soldier to attack, block, strike, destroy, lose or give it, a seat to choose that opponent.

// Its logs and labels name seats "P1": kit.seatWords reads them as seats ("Seat 1 (you)").
export const SHORT_SEATS = true;

// The discard piles are face up (the rules): under each pile, a fold (a <details>, opened by a
// click, a tap, Enter or Space, and read as a button that expands) lists its cards in order,
// the top card last. A fold opened stays open across redraws (the other seats' moves), and its
// summary keeps its id, by which the page gives the keyboard's focus back after a redraw.
const openPiles = new Set();

const CSS = `
.discards { margin: 2px 0 4px; }
.discards > summary { cursor: pointer; width: fit-content; padding: 4px 2px; font-size: 13px;
  color: var(--muted); }
.discards > summary:focus-visible { outline: 3px solid #fff; outline-offset: 2px; border-radius: 4px; }
.discards > ol { list-style: none; margin: 4px 0 0; padding: 0; gap: 4px; }
@media (max-width: 600px) {
  .discards > summary { padding: 12px 2px; font-size: 14px; } /* a finger tall */
}`;

export function render(root, view, ctx) {
  const { h, card, pile, pips, panel, Actions, who } = ctx.kit;
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
  const order = me === null ? seats : [...seats.filter((p) => p !== me), me];
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

  root.append(panel("Battle",
    h("div", { class: "stats" },
      h("span", {}, "Round ", h("b", { text: o.round }), ", turn ", h("b", { text: o.turn })),
      h("span", {}, "Step ", h("b", { text: o.phase })),
      h("span", {}, "Decks ", h("b", { text: o.deck_mode })),
      o.teams !== "none" ? h("span", {}, "Teams ", h("b", { text: o.teams })) : null),
    o.draw_pile !== undefined ? h("div", { class: "row" }, pile("Draw pile", o.draw_pile),
      pile("Discard", o.discard.length, o.discard.length ? small(card(o.discard.at(-1))) : null)) : null,
    o.draw_pile !== undefined ? discards(o.discard, "shared", "Discard pile") : null,
    o.groups.length ? h("div", { class: "zone" }, h("div", { class: "label", text: "attack groups" }),
      ...o.groups.map((g, i) => h("div", { class: "row" }, h("b", { text: `Group ${i + 1} → ${who(g.target, view)}: ` }),
        ...g.attackers.map(([, c]) => small(card(c))),
        g.blockers.length ? h("span", { class: "muted", text: " blocked by " }) : null,
        ...g.blockers.map(([, c]) => small(card(c)))))) : null,
    // Of the strikes at this skill, only your own show: the others' are secret until all have struck.
    o.combat ? h("div", { class: "stats" }, `Combat of group ${o.combat.group + 1}, skill ${o.combat.level}`,
      ...(o.combat.doomed.length ? [h("span", { class: "muted", text: " · you struck: " }),
        ...o.combat.doomed.map(([p, c]) => small(card(c, { title: `${c} (seat ${p})` })))] : [])) : null,
    o.special ? h("div", { class: "stats" }, `${who(o.special.player, view)} uses ${o.special.card}`) : null));
  root.append(h("style", { text: CSS }));

  for (const p of order) {
    const s = o.seats[p];
    const soldier = ([c, owner]) => acts.bind(card(c, { title: `${c} (owner: seat ${owner})` }),
      acts.take((a) => onSoldier(a, c, p)));
    const team = o.teams !== "none" ? ` · team ${s.team}` : "";  // every seat its own: no teams
    const heading = h("h4", {}, `${who(p, view)}${s.out ? " · out" : ""}${team} · hand ${s.hand}`,
      " · hits ", pips(s.castle ?? s.hits, o.hits_to_lose));  // As one: the team's castle
    acts.bind(heading, acts.take((a) => a.type === "ChooseOpponent" && a.player === p));
    root.append(h("div", { class: `seat-area${o.to_move.includes(p) ? " active" : ""}${s.out ? " out" : ""}` },
      heading,
      s.draw_pile !== undefined ? h("div", { class: "row" }, pile("Draw", s.draw_pile),
        pile("Discard", s.discard.length, s.discard.length ? small(card(s.discard.at(-1))) : null)) : null,
      s.discard ? discards(s.discard, p, `${p === me ? "Your" : `${who(p, view)}'s`} discard pile`) : null,
      h("div", { class: "row" }, ...(s.soldiers.length ? s.soldiers.map(soldier)
        : [h("span", { class: "muted", text: "no soldiers in play" })]))));
  }

  const handTypes = ["PlaySoldier", "PlayCourt", "PlaySpecial", "Pick", "AddCard"];
  const fromHand = (c) => acts.bind(card(c), acts.take((a) => handTypes.includes(a.type) && a.card === c));
  if (o.pack) root.append(panel(`Pack ${o.pack_number}: pick a card`, h("div", { class: "row" }, ...o.pack.map(fromHand))));
  if (o.pool && Array.isArray(o.pool)) {
    root.append(panel(`Your pool: build a deck of ${o.deck_size}`, h("div", { class: "row" }, ...o.pool.map(fromHand)),
      o.deck ? h("div", { class: "row" }, h("span", { class: "muted", text: `deck so far (${o.deck.length}): ` }),
        ...o.deck.map((c) => small(card(c)))) : null));
  }
  if (o.hand) root.append(panel("Your hand", h("div", { class: "row" }, ...o.hand.map(fromHand))));
  const rest = acts.rest();
  if (rest) root.append(rest);
}
