// Viktory II battles at the browser table: the contested hex (terrain, town or city, the
// defenders) with the attacking hex sides around it, the reserves, dice, losses and, with the
// Battle Cards, your hand and the cards played. Click a unit to take it as a casualty, to bring
// it or draw it in; a card in hand to play or discard it; other choices are buttons.

import { counted, plural } from "/static/kit.js";

const UNITS = ["infantry", "cavalry", "artillery", "frigate"];
// Two frigates, but two infantry, cavalry or artillery: those nouns keep their form.
const UNITS_MANY = ["infantry", "cavalry", "artillery", "frigates"];
/** The name of `n` units of type `u` ("frigate", "frigates"), shared with the map game's table. */
export const unitName = (n, u) => plural(n, UNITS[u], UNITS_MANY[u]);
const ICONS = ["♟", "♞", "✹", "⛵"];
// What a Battle Card's short form abbreviates ("Flank Counter 0H/1M plains"), in the Battle
// Cards rules' words: its hits, its misses (a Counter's misses cancel that many hits), and its
// terrain (all its hits selective in a battle on a hex of that terrain).
const CARD_KEY = "H: hits, M: misses (a Counter's misses cancel that many hits against you; "
  + "played as an Attack its misses count nothing). A card's terrain: in a battle on a hex of "
  + "that terrain, all its hits are selective (you pick the units lost).";

// The Battle Cards in words, shared with the map game's table (it imports them from here):
// a card's tooltip, a card played. What a card is and does comes with it in the observation
// (`Card.seen` in viktory_battles/cards.py: "type", "text", and the figures its short form
// abbreviates: "name", "hits", "misses", "terrain"), for a card of any deck; which Counters
// may answer the live hits comes with the battle ("answering", in the terminal's words:
// viktory_battles/render.py `counters_answering`).

/** A card played this round: its card, and what it did (a Counter's hits blocked; the hits
 *  it made live). */
export function playWords(p) {
  const did = [];
  if (p.blocked !== undefined) did.push(`blocked ${p.blocked}`);
  if (p.live !== undefined) did.push(`${p.live} live`);
  return `${p.card} ${p.desc} (${p.use}${did.length ? `: ${did.join(", ")}` : ""})`;
}

/** A card ({name, hits, misses, terrain, type, text}: a hand's or a play's) in words:
 *  "Regular Attack: 2 hits, 0 misses (...); terrain mountain: ...", its type ("Attack/Counter
 *  card: a Regular Attack or a Flank Counter") and what its special text is and does ("Mud
 *  (Special Event): until the end of ..."); null for a card without its figures. */
export function cardWords(card) {
  if (card.hits === undefined || card.misses === undefined || !card.terrain) return null;
  const { name, hits, misses, terrain } = card;
  return `${name}: ${counted(hits, "hit")}, ${counted(misses, "miss", "misses")} (a miss blocks a `
    + `hit against you when it is played as a Counter); terrain ${terrain}: in a battle on a `
    + `${terrain} hex all its hits are selective (you pick the units lost)`
    + [card.type, card.text].filter(Boolean).map((x) => `. ${x}`).join("");
}

const TERRAIN = { plains: "#b9a45a", grassland: "#6f9b4a", forest: "#2f6b3a", mountain: "#8a8078", water: "#3a6ea5" };

export function render(root, view, ctx) {
  const { h, tile, panel, pile, Actions, who } = ctx.kit;
  const o = view.observation;
  const acts = new Actions(view, ctx.act);
  const role = (p) => (p === 0 ? "attacker" : "defender");
  const sides = o.attacker.length - 1;

  const units = (counts, pred, title) => h("div", { class: "units" }, ...counts.flatMap((n, u) => (n
    ? [acts.bind(h("div", { class: "unit", title: `${n} ${unitName(n, u)}` }, h("b", { text: `${ICONS[u]} ${n}` }),
        " ", h("span", { text: unitName(n, u) })), acts.take((a) => pred(a, u)))]
    : [])), counts.every((n) => !n) ? h("span", { class: "muted", text: title || "none" }) : null);

  root.append(panel(`${o.scenario} · ${o.mode}`, hexMap(),
    h("div", { class: "stats" },
      h("span", {}, "Round ", h("b", { text: o.round }), o.wave ? [", wave ", h("b", { text: o.wave })] : null),
      h("span", {}, "Decision ", h("b", { text: o.decision || "-" })),
      h("span", {}, "Dice ", h("b", { text: `attacker ${o.dice[0]} · defender ${o.dice[1]}` })),
      h("span", {}, "Lost ", h("b", { text: `attacker ${o.lost[0]} · defender ${o.lost[1]}` })),
      o.casualties ? h("span", {}, "Casualties to choose: ", h("b", {
        text: `${o.casualties.count} ${role(o.casualties.victim)} (${o.casualties.cause}), by ${who(o.casualties.chooser, view)}` })) : null)));

  root.append(h("div", { class: `seat-area${o.to_move.includes(1) ? " active" : ""}` },
    // Combat supply is a dice rule (the README): with the cards alone it plays no part.
    h("h4", { text: `Defender: ${who(1, view)}${o.supply[1] && o.mode !== "cards" ? " · in supply" : ""} · ${o.settlement} on ${o.terrain}` }),
    // The defending artillery that may still fire Overwatch, as the terminal says it (with
    // dice one launch: held back, it never fires).
    o.overwatch && o.defender[2] ? h("div", { class: "muted", id: "overwatch-ready",
      text: o.mode !== "cards" && (o.log || []).some((e) => e.event === "overwatch_held")
        ? "Overwatch held back: with dice there is no later wave to fire at"
        : `Artillery able to fire Overwatch: ${o.overwatch_ready}${o.secrecy ? " (Secrecy: not at this wave)" : ""}` }) : null,
    units(o.defender, (a, u) => a.type === "Casualty" && !a.attacker && a.unit === u),
    o.attacker[0].some(Boolean) ? h("div", { class: "zone" }, h("div", { class: "label", text: "attackers in the hex" }),
      units(o.attacker[0], (a, u) => a.type === "Casualty" && a.attacker && a.side === 0 && a.unit === u)) : null,
    o.defender_reserve.some(Boolean) ? h("div", { class: "zone" }, h("div", { class: "label", text: "reserve in adjacent hexes" }),
      units(o.defender_reserve, (a, u) => a.type === "DrawIn" && !a.attacker && a.unit === u)) : null));

  root.append(h("div", { class: `seat-area${o.to_move.includes(0) ? " active" : ""}` },
    h("h4", { text: `Attacker: ${who(0, view)}${o.supply[0] && o.mode !== "cards" ? " · in supply" : ""}` }),
    ...Array.from({ length: sides }, (_, i) => {
      const s = i + 1;
      return h("div", { class: "zone" }, h("div", { class: "label", text: `hex side ${s} (from ${o.sources[i]})` }),
        units(o.attacker[s], (a, u) => a.type === "Casualty" && a.attacker && a.side === s && a.unit === u),
        o.reserves[i].some(Boolean) ? h("div", { class: "row" }, h("small", { class: "muted", text: "reserve: " }),
          units(o.reserves[i], (a, u) => (a.type === "Bring" || (a.type === "DrawIn" && a.attacker))
            && a.side === s && a.unit === u)) : null);
    })));

  if (o.hand || o.hand_sizes) {
    // A card's tooltip and accessible name say what its "2H/0M mountain" means.
    const explain = (el, id, card) => {
      const said = cardWords(card);
      if (!said) return el;
      const label = el.getAttribute("aria-label");
      el.setAttribute("aria-label", label ? `${label}. ${said}` : `${id} ${said}`);
      el.title = el.title && el.title !== id ? `${el.title}\n${said}` : `${id} ${said}`;
      return el;
    };
    // A card of the hand with its type in words under its face.
    const typed = (el, c) => {
      if (c.type) el.append(h("small", { class: "card-type", text: c.type }));
      return el;
    };
    const cardOf = (c) => explain(typed(acts.bind(tile(c.id, { note: c.desc, id: c.id }),
      acts.take((a) => (a.type === "PlayCard" || a.type === "Discard") && a.card === c.id)), c), c.id, c);
    // What the terminal says of the card round: the live hits and which Counters may answer
    // them, and the Special Events in effect.
    const now = [];
    if (o.decision === "play" && o.to_move.length) {
      const facing = o.to_move[0] === view.seat ? "you" : `the ${role(o.to_move[0])}`;
      now.push(`Live hits against ${facing}: ${o.pending}${o.pending_selective ? " selective" : ""}; `
        + o.answering);
    }
    if (o.events?.length) {
      now.push(`In effect: ${o.events.map(([e, p]) => `${e} (${role(p)})`).join(", ")}`);
    }
    root.append(panel("Battle Cards",
      h("div", { class: "row" }, o.deck_left !== undefined ? pile("Deck", o.deck_left) : null,
        // The discards are public: the last one face up, not a card's back.
        o.discard ? pile("Discards", o.discard.length, o.discard.length
          ? tile(o.discard[o.discard.length - 1], { note: "last discarded" }) : null) : null,
        o.hand_sizes ? h("span", { class: "stats" },
          `hands: attacker ${o.hand_sizes[0]}/${o.max_hand[0]}, defender ${o.hand_sizes[1]}/${o.max_hand[1]}`) : null),
      o.plays?.length ? h("div", { class: "zone" }, h("div", { class: "label", text: "played this round" }),
        h("div", { class: "row" }, ...o.plays.map((pl) => explain(tile(pl.card,
          { note: `${role(pl.player)}: ${playWords(pl).slice(pl.card.length + 1)}` }), pl.card, pl)))) : null,
      now.length ? h("div", { class: "now", id: "card-now" }, ...now.map((t) => h("div", { text: t }))) : null,
      o.hand ? h("div", { class: "zone" }, h("div", { class: "label", text: "your hand" }),
        h("div", { class: "row" }, ...o.hand.map(cardOf))) : null,
      o.hand?.length || o.plays?.length
        ? h("p", { class: "muted card-key", id: "card-key", text: CARD_KEY }) : null));
  }
  const rest = acts.rest();
  if (rest) root.append(rest);

  function hexMap() {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("class", "hex");
    // The box round the hexes drawn (a battle from one or two sides left most of a fixed
    // box empty).
    const box = { left: Infinity, right: -Infinity, top: Infinity, bottom: -Infinity };
    const hex = (cx, cy, r, fill, lines) => {
      box.left = Math.min(box.left, cx - r);
      box.right = Math.max(box.right, cx + r);
      box.top = Math.min(box.top, cy - r * 0.87); // flat-topped: its height is r·√3
      box.bottom = Math.max(box.bottom, cy + r * 0.87);
      const poly = document.createElementNS(ns, "polygon");
      poly.setAttribute("points", Array.from({ length: 6 }, (_, k) => {
        const t = (Math.PI / 3) * k;
        return `${cx + r * Math.cos(t)},${cy + r * Math.sin(t)}`;
      }).join(" "));
      poly.setAttribute("fill", fill);
      svg.append(poly);
      lines.forEach((line, k) => {
        const text = document.createElementNS(ns, "text");
        text.setAttribute("x", cx);
        text.setAttribute("y", cy - 6 * (lines.length - 1) + 13 * k + 4);
        text.textContent = line;
        svg.append(text);
      });
    };
    const count = (c) => c.map((n, u) => (n ? `${n}${ICONS[u]}` : "")).join(" ").trim() || "-";
    hex(0, 0, 62, TERRAIN[o.terrain] || "#777",
        [`${o.terrain}${o.settlement !== "none" ? ` · ${o.settlement}` : ""}`, `def ${count(o.defender)}`]);
    for (let i = 0; i < sides; i++) {
      const t = -Math.PI / 2 + (Math.PI / 3) * i + Math.PI / 6;
      hex(108 * Math.cos(t), 108 * Math.sin(t), 50, o.sources[i] === "frigate" ? TERRAIN.water : "#5b4a3a",
          [`side ${i + 1}`, count(o.attacker[i + 1])]);
    }
    const pad = 4;
    const width = box.right - box.left + 2 * pad;
    svg.setAttribute("viewBox", `${box.left - pad} ${box.top - pad} `
      + `${width} ${box.bottom - box.top + 2 * pad}`);
    svg.style.maxWidth = `${Math.round(width * 1.4)}px`; // its text no bigger than 1.4 times
    svg.style.display = "block";
    return svg;
  }
}
