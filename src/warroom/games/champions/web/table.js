// The Game of Champions at the browser table: both sides' battalions (face card and its
// reinforcements), the Reserve Pile, your hand while distributing, the battle in progress,
// Roshambo. Click a card in hand to place it, a face card to attack, turn in or target, a
// reinforcement to pick or swap; other choices are buttons.

import { PHONE } from "/static/kit.js";

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
const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
// What the header's strength is (the game's army_strength, the turn limit's tiebreak).
const STRENGTH_KEY = "Strength: the total printed value of each side's reinforcements on the "
  + "table (face cards count nothing; the cards of a battalion in battle are off the table "
  + "until it ends). When the turn limit is reached, the side with the larger strength wins.";

/** The game's texts (menus, log, prompts) with the suits the table draws: "8S on KD" reads
 *  "8♠ on K♦" (a card code as a whole word only). The page (kit.seatWords) calls it. */
export function words(text) {
  return String(text).replace(/\b(10|[2-9AJQK])([SHDC])\b/g, (_, rank, suit) => `${rank}${SUITS[suit]}`);
}

export function render(root, view, ctx) {
  const { h, card, pile, panel, Actions, who } = ctx.kit;
  const o = view.observation;
  const acts = new Actions(view, ctx.act);
  const me = view.seat;
  const order = me === null ? [0, 1] : [1 - me, me];
  const small = (el) => { el.classList.add("small"); return el; };
  const counted = (n) => `${n} card${n === 1 ? "" : "s"}`;
  const narrow = window.matchMedia?.(PHONE).matches;

  const bindCard = (code, el) => acts.bind(el, acts.take((a) => a.card === code && a.type !== "Place"));
  // A reinforcement to tap (the Spy's and the General's picks) keeps the full card on a phone:
  // a small one, 34 px wide, was under a finger's 44 px.
  const reinforcement = (code) => {
    const el = bindCard(code, card(code));
    return narrow && el.classList.contains("playable") ? el : small(el);
  };
  // Open piles (casualties, face cards turned in) as one line of text: a row of cards each
  // would make a phone's page grow by a card's height for every few.
  const cardsLine = (cls, label, cards) => h("div", { class: `stats ${cls}` },
    h("span", {}, label, h("b", { text: words(cards.join(" ")) })));
  // Each side's face cards turned in go with its casualties (the one list of both sides' cards
  // said nobody's).
  const turnedIn = (p) => (o.turned_in || []).filter((c, i) => o.turned_in_by[i] === p);
  const turnedInLine = (cards) => (cards.length
    ? cardsLine("turned-in", "Turned in (out of the game): ", cards) : null);

  root.append(panel("Table",
    h("div", { class: "stats" },
      h("span", {}, "Turn ", h("b", { text: `${o.turn}/${o.max_turns}` })),
      h("span", {}, "Phase ", h("b", { text: o.phase })),
      o.current !== null && o.current >= 0 && !view.terminal ? h("span", {}, "Playing: ", h("b", { text: who(o.current, view) })) : null,
      o.strength ? h("span", { class: "strength", title: STRENGTH_KEY }, "Strength ",
        h("b", { text: o.strength.map((n, p) => `${who(p, view)} ${n}`).join(" · ") })) : null),
    // Folded: on a phone six lines of it stood over the table at every turn (stop 70).
    o.strength ? h("details", { class: "muted strength-key" },
      h("summary", { text: "What Strength counts" }), STRENGTH_KEY) : null,
    h("div", { class: "row" }, pile("Reserve Pile", o.reserve),
      o.drawn ? h("div", { class: "pile" }, card(o.drawn), h("small", { text: "drawn" })) : null)));

  const areas = order.map((p) => {
    const battalions = o.tables[p];
    const lost = o.casualties[p];
    // While distributing, how far each side is: the opponent's reinforcements are secret
    // until both have finished, their number and whether it is done are not.
    const total = o.to_distribute?.[p];
    const progress = total === undefined ? null : h("div", { class: "stats distributing" },
      o.distributed[p] ? `All ${total} reinforcements placed`
        : p === me ? `${o.hand.length} of ${total} reinforcements still to place`
          : `${total} reinforcements, still being placed`);
    return h("div", { class: `seat-area${o.to_move.includes(p) ? " active" : ""}` },
      h("h4", { text: who(p, view) }),
      progress,
      lost.length ? cardsLine("casualties", `Casualties (${lost.length}, latest last): `, lost) : null,
      turnedInLine(turnedIn(p)),
      h("div", { class: "row" }, ...battalions.map(([cmd, reinf]) => {
        const face = acts.bind(card(cmd, { title: ROLES[cmd[0]] || cmd }),
          acts.take((a) => a.commander === cmd && a.type !== "Place"));
        const stack = reinf === null
          ? h("small", { class: "muted", text: "hidden until both have placed" })
          : h("div", { class: "row" }, ...reinf.map(reinforcement));
        const role = ROLES[cmd[0]];
        return h("div", { class: "zone battalion" }, face,
          h("div", { class: "label", text: role || "", title: role ? ADVANTAGES[cmd[0]](o) : "" }),
          role ? h("small", { class: "muted advantage", text: ADVANTAGES[cmd[0]](o) }) : null, stack);
      })));
  });
  // What the seat acts on now (its hand to distribute, its battle): on a phone above the
  // battalions, which run a box a row there (the hand sat 2,500 px down, under eight of them).
  const mine = [];
  if (o.hand?.length) { // all placed: no instruction left to follow while the other places
    mine.push(panel("Your hand: put each reinforcement on a face card",
      h("div", { class: "row" }, ...o.hand.map((c) =>
        acts.bind(card(c), acts.byType("Place", (a) => a.card === c))))));
  }
  if (o.battle) {
    const b = o.battle;
    // A Jack's 2 is said to have counted 10 (the flip's `values`), as the log says it.
    const tens = (f) => [f.attacker_card, f.defender_card]
      .filter((c, i) => c.startsWith("2") && f.values[i] === 10)
      .map((c) => ` · ${words(c)} counted 10 (Jack)`).join("");
    const flips = (b.flips || []).map((f) => h("span", { class: "zone" },
      h("div", { class: "row" }, small(card(f.attacker_card)), small(card(f.defender_card))),
      h("small", { class: "flip-result",
                   text: `${who(f.winner, view)} won${f.roshambo ? " (Roshambo)" : ""}${tens(f)}` })));
    // While flipping, how many cards each side has still to turn up (the observation's
    // lists of them, by rank: only their number is shown).
    const left = b.attacker_left ? h("div", { class: "stats still-to-flip" }, "Still to flip: ",
      h("b", { text: `${who(b.attacker, view)} ${counted(b.attacker_left.length)}` }), " · ",
      h("b", { text: `${who(b.defender, view)} ${counted(b.defender_left.length)}` })) : null;
    mine.push(panel(`Battle: ${words(b.commanders.join(" attacks "))}`,
      h("div", { class: "stats" }, h("span", {}, "Attacker ", h("b", { text: who(b.attacker, view) })),
        h("span", {}, "Defender ", h("b", { text: who(b.defender, view) }))),
      left,
      b.your_hand?.length ? h("div", { class: "zone" },
        h("div", { class: "label", text: "your cards to order" }),
        h("div", { class: "row" }, ...b.your_hand.map((c) => bindCard(c, card(c))))) : null,
      b.your_order?.length ? h("div", { class: "zone" }, h("div", { class: "label", text: "your order" }),
        h("div", { class: "row" }, ...b.your_order.map((c) => small(card(c))))) : null,
      flips.length ? h("div", { class: "row" }, ...flips) : null,
      // The pair a tie's Roshambo settles, each card under its owner's name (it was in the
      // log only), just above the Roshambo's buttons.
      b.pair ? h("div", { class: "zone tied-pair" },
        h("div", { class: "label", text: "tied pair: Roshambo decides" }),
        h("div", { class: "row" }, ...[b.attacker, b.defender].map((p, side) =>
          h("div", { class: "pile" }, card(b.pair[side]), h("small", { text: who(p, view) }))))) : null));
  }
  if (o.roshambo) { // in what the seat acts on now: on a phone above the battalions
    mine.push(panel(`Roshambo (${o.roshambo.purpose})`, h("div", { class: "row" },
      ...acts.byType("Throw").map((e) => acts.button(e, SIGNS[e.action.sign] || e.label)),
      o.roshambo.yours ? h("span", { class: "muted", text: `you threw ${o.roshambo.yours}` }) : null)));
  }
  // On a phone what the seat acts on comes first, and the seats' areas get a heading of their
  // own: their headings fell under the last of it ("Roshambo (dealer)").
  const seats = narrow && mine.length
    ? [h("h3", { class: "visually-hidden", text: "Battalions" }), ...areas] : areas;
  root.append(...(narrow ? [...mine, ...seats] : [...areas, ...mine]));
  const rest = acts.rest("Choose", faceCardsHint(acts));
  if (rest) root.append(rest);
}

/** What the face cards bound on the table do, to lead the bar's buttons (kit's
 *  `Actions.rest`): on a phone the bar stays at the screen's bottom with "general" and
 *  "fortify again", the face cards to attack with or turn in screens above it (stop 80). */
function faceCardsHint(acts) {
  const does = [["Attack", "attack with it"], ["TurnIn", "turn it in"]]
    .filter(([type]) => acts.byType(type).length).map(([, text]) => text);
  return does.length ? `Choose a highlighted face card to ${does.join(" or ")}` : "";
}
