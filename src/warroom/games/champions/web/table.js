// The Game of Champions at the browser table: both sides' battalions (face card and its
// reinforcements), the Reserve Pile, your hand while distributing, the battle in progress,
// Roshambo. Click a card in hand to place it, a face card to attack, turn in or target, a
// reinforcement to pick or swap; other choices are buttons.

const ROLES = { K: "General", Q: "Medic", J: "Cavalry", A: "Spy" };
/** What each face card's advantage does, in the rules summary's words (a face card's name
 *  alone told a new player nothing). */
const ADVANTAGES = {
  K: () => "once a turn, moves up to 3 of your cards to other face cards",
  A: () => "once a turn, swaps two of the opponent's cards between its battalions",
  J: (o) => `its 2s count as 10${o.cavalry === "attacking" ? " in attack" : ""}`,
  Q: () => "after attacking with her battalion, revives your latest casualty into it",
};
const SIGNS = { rock: "✊ rock", paper: "✋ paper", scissors: "✌ scissors" };

export function render(root, view, ctx) {
  const { h, card, pile, panel, Actions, who } = ctx.kit;
  const o = view.observation;
  const acts = new Actions(view, ctx.act);
  const me = view.seat;
  const order = me === null ? [0, 1] : [1 - me, me];
  const small = (el) => { el.classList.add("small"); return el; };

  const bindCard = (code, el) => acts.bind(el, acts.take((a) => a.card === code && a.type !== "Place"));

  root.append(panel("Table",
    h("div", { class: "stats" },
      h("span", {}, "Turn ", h("b", { text: `${o.turn}/${o.max_turns}` })),
      h("span", {}, "Phase ", h("b", { text: o.phase })),
      o.current !== null && o.current >= 0 && !view.terminal ? h("span", {}, "Playing: ", h("b", { text: who(o.current, view) })) : null,
      o.strength ? h("span", {}, "Strength ", h("b", { text: o.strength.join(" - ") })) : null),
    h("div", { class: "row" }, pile("Reserve Pile", o.reserve),
      o.drawn ? h("div", { class: "pile" }, card(o.drawn), h("small", { text: "drawn" })) : null)));

  for (const p of order) {
    const battalions = o.tables[p];
    root.append(h("div", { class: `seat-area${o.to_move.includes(p) ? " active" : ""}` },
      h("h4", { text: `${who(p, view)}${o.casualties[p].length ? ` · casualties: ${o.casualties[p].length}` : ""}` }),
      h("div", { class: "row" }, ...battalions.map(([cmd, reinf]) => {
        const face = acts.bind(card(cmd, { title: ROLES[cmd[0]] || cmd }),
          acts.take((a) => a.commander === cmd && a.type !== "Place"));
        const stack = reinf === null
          ? h("small", { class: "muted", text: "hidden" })
          : h("div", { class: "row" }, ...reinf.map((c) => bindCard(c, small(card(c)))));
        const role = ROLES[cmd[0]];
        return h("div", { class: "zone battalion" }, face,
          h("div", { class: "label", text: role || "", title: role ? ADVANTAGES[cmd[0]](o) : "" }),
          role ? h("small", { class: "muted advantage", text: ADVANTAGES[cmd[0]](o) }) : null, stack);
      }))));
  }

  if (o.hand?.length) { // all placed: no instruction left to follow while the other places
    root.append(panel("Your hand: put each reinforcement on a face card",
      h("div", { class: "row" }, ...o.hand.map((c) =>
        acts.bind(card(c), acts.byType("Place", (a) => a.card === c))))));
  }
  if (o.battle) {
    const b = o.battle;
    const flips = (b.flips || []).map((f) => h("span", { class: "zone" },
      h("div", { class: "row" }, small(card(f.attacker_card)), small(card(f.defender_card))),
      h("small", { text: `${who(f.winner, view)} won${f.roshambo ? " (Roshambo)" : ""}` })));
    root.append(panel(`Battle: ${b.commanders.join(" attacks ")}`,
      h("div", { class: "stats" }, h("span", {}, "Attacker ", h("b", { text: who(b.attacker, view) })),
        h("span", {}, "Defender ", h("b", { text: who(b.defender, view) }))),
      b.your_hand ? h("div", { class: "zone" }, h("div", { class: "label", text: "your cards to order" }),
        h("div", { class: "row" }, ...b.your_hand.map((c) => bindCard(c, card(c))))) : null,
      b.your_order?.length ? h("div", { class: "zone" }, h("div", { class: "label", text: "your order" }),
        h("div", { class: "row" }, ...b.your_order.map((c) => small(card(c))))) : null,
      flips.length ? h("div", { class: "row" }, ...flips) : null));
  }
  if (o.roshambo) {
    root.append(panel(`Roshambo (${o.roshambo.purpose})`, h("div", { class: "row" },
      ...acts.byType("Throw").map((e) => acts.button(e, SIGNS[e.action.sign] || e.label)),
      o.roshambo.yours ? h("span", { class: "muted", text: `you threw ${o.roshambo.yours}` }) : null)));
  }
  const rest = acts.rest();
  if (rest) root.append(rest);
}
