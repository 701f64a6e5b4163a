// Viktory II, the map game, at the browser table: the hex map (terrain, fog, towns, cities,
// capitals, units by owner and type, declared attacks, pennants, the moving unit, the hexes
// waiting for a drawn tile), the players, your hand in card modes, and the battle being fought.
//
// Every legal action that names a hex is played by clicking that hex: a unit's hex selects the
// unit, a target hex moves, attacks, bombards, lands or fights there, a build site builds, a
// town takes a reserve unit, the sea hex takes a frigate, a revealed hex takes a drawn tile
// (the drawn tiles themselves are clickable too). A hex with several actions opens a menu.
// Cards are played or discarded by clicking them in the hand. The battle is drawn from
// whatever the resolver puts in the observation's `battle` key, with its actions as buttons;
// every other action (end a step, draw cards) is a button.

const UNITS = ["infantry", "cavalry", "artillery", "frigate"];
const ICONS = ["♟", "♞", "✹", "⚓"];
const TERRAINS = ["plains", "grassland", "forest", "mountain", "water"];
const LETTERS = "pgfmw";
const TERRAIN_FILL = { p: "#d6c36a", g: "#8cc063", f: "#2f6b3a", m: "#8d847c", w: "#3a6ea5", "?": "#2b2f2c" };
const PLAYER_COLOURS = ["#d7263d", "#2457d6", "#e2b714", "#8e44ad", "#e67e22", "#14a38b", "#eef0f2", "#30343a"];
// The step names and decisions of the text view (render.py), word for word: a test compares them.
const PHASES = {
  setup: "setup", capital: "setup: place the capital", second_town: "setup: second town",
  setup_infantry: "setup: second infantry", move: "move and battle", build: "build",
  reserves: "reserves", discard: "discard to the hand limit", draw: "draw", over: "game over",
};
// While a setup turn's drawn tiles are placed, its step is the one that revealed them: the next
// (the second town, which the first player of 2-6 does not build) has not begun.
const SETUP_REVEALS = {
  capital: "setup: starting hexes revealed", second_town: "setup: capital placed",
  setup_infantry: "setup: second town built",
};
const step = (o) => (o.round === 0 && o.decision === "tile" && SETUP_REVEALS[o.phase])
  || PHASES[o.phase] || o.phase;
const DECISIONS = {
  tile: "placing drawn tiles", lose_card: "discarding a card for a town lost",
  disband: "disbanding a unit no longer supported", battle: "deciding in a battle",
  discard: "discarding to the hand limit",
};
const SIZE = 30; // a hex's outer radius in SVG units
const SQRT3 = Math.sqrt(3);
const SVG = "http://www.w3.org/2000/svg";

const CSS = `
.v2map { width: 100%; max-height: 78vh; display: block; }
.v2map text { font: 600 9px system-ui, sans-serif; fill: #fff; stroke: #000; stroke-width: 2.2px;
  stroke-opacity: .75; paint-order: stroke; text-anchor: middle; pointer-events: none; }
.v2map text.name { font-size: 7px; fill: #f4f1e6; stroke-width: 1.6px; }
.v2map text.mark { font-size: 12px; }
.v2map .hex-cell > polygon.ground { stroke: #0b1d13; stroke-width: 1.2; }
.v2map .fogged { fill: #000; opacity: .45; pointer-events: none; }
.v2map .slot { fill: none; stroke: #f3d36b; stroke-width: 2.5; stroke-dasharray: 5 3; pointer-events: none; }
.v2map .slot.now { stroke-width: 4; stroke-dasharray: none; }
.v2map .moving { fill: none; stroke: #fff; stroke-width: 3; stroke-dasharray: 7 3; pointer-events: none; }
.v2map .badge { stroke: #111; stroke-width: .8; }
.v2map .remembered { opacity: .55; stroke-dasharray: 2 2; }
.v2map .playable { outline: none; cursor: pointer; }
.v2map .playable:hover { transform: none; }
.v2map .playable > polygon.ground { stroke: #e8c15a; stroke-width: 3; }
.v2map .playable:hover > polygon.ground { stroke: #fff; stroke-width: 4; }
.v2-legend { display: flex; gap: 10px; flex-wrap: wrap; font-size: 12px; color: var(--muted); }
.v2-legend i { display: inline-block; width: 11px; height: 11px; border-radius: 2px; margin-right: 3px;
  vertical-align: -1px; border: 1px solid #0008; }
.v2-swatch { display: inline-block; width: 12px; height: 12px; border-radius: 50%; margin-right: 6px;
  vertical-align: -1px; border: 1px solid #000a; }
.v2-tiles .tile { min-width: 70px; color: #111; }
.v2-battle dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 4px 0; font-size: 13px; }
.v2-battle dt { color: var(--muted); } .v2-battle dd { margin: 0; }
.v2-battle dl dl { margin: 0; }
/* a phone: the map is as wide as the screen, so its hex names are drawn larger to stay legible */
@media (max-width: 600px) {
  .v2map text.name { font-size: 9px; }
  .v2-legend { font-size: 13px; }
  .v2-battle dl { font-size: 14px; }
}
`;

/** The hexes of a map of this radius, in the game's order (row by row from the top). */
function hexes(radius) {
  const out = [];
  for (let r = -radius; r <= radius; r++) {
    const row = r + radius;
    let col = 1;
    for (let q = Math.max(-radius, -r - radius); q <= Math.min(radius, radius - r); q++) {
      out.push({ x: SIZE * SQRT3 * (q + r / 2), y: SIZE * 1.5 * r,
                 name: `${String.fromCharCode(65 + row)}${col++}` });
    }
  }
  return out;
}

function svg(tag, attrs = {}, text) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

function corners(x, y, r) {
  return Array.from({ length: 6 }, (_, k) => {
    const t = (Math.PI / 3) * k - Math.PI / 6;
    return `${(x + r * Math.cos(t)).toFixed(1)},${(y + r * Math.sin(t)).toFixed(1)}`;
  }).join(" ");
}

// "1 town", "2 towns", "0 cities".
const counted = (n, one, many) => `${n} ${n === 1 ? one : many || `${one}s`}`;
const countText = (c) => c.map((n, u) => (n ? `${n}${ICONS[u]}` : "")).join("");
const unitsWords = (c) => c.map((n, u) => (n ? `${n} ${UNITS[u]}` : "")).filter(Boolean).join(", ") || "none";
const colour = (p) => PLAYER_COLOURS[p % PLAYER_COLOURS.length];

/** The hex an action names on the map: where a frigate goes, else its hex. */
function hexOf(a) {
  if (a.type === "PlaceFrigate") return a.sea;
  return typeof a.hex === "number" ? a.hex : null;
}

export function render(root, view, ctx) {
  const { h, panel, tile, pile, Actions, who } = ctx.kit;
  const o = view.observation;
  const acts = new Actions(view, ctx.act);
  const cells = hexes(o.radius);
  const name = (hx) => (hx >= 0 && hx < cells.length ? cells[hx].name : "?");
  const whose = (p) => (p === view.seat ? "your" : `${who(p, view)}'s`);
  const battleNow = o.decision === "battle";
  const rv = o.reveal;
  const over = o.phase === "over" || view.terminal; // a resignation ends it mid-turn

  root.append(h("style", { text: CSS }));

  // --- what can be clicked: hexes, drawn tiles, cards -------------------------------------
  const byHex = new Map();
  const byCard = new Map();
  if (!battleNow) {
    for (const e of view.legal || []) {
      const hx = hexOf(e.action);
      if (hx !== null) {
        if (!byHex.has(hx)) byHex.set(hx, []);
        byHex.get(hx).push(e);
      }
    }
  }
  for (const e of view.legal || []) {
    if (typeof e.action.card === "string") {
      if (!byCard.has(e.action.card)) byCard.set(e.action.card, []);
      byCard.get(e.action.card).push(e);
    }
  }

  // --- the headline ------------------------------------------------------------------------
  const round = o.round === 0 ? "setup turns" : o.phase === "over"
    ? `${counted(o.turn_limit ? Math.min(o.round, o.turn_limit) : o.round, "round")} played`
    : `round ${o.round}${o.turn_limit ? ` of ${o.turn_limit}` : ""}`;
  const mover = o.to_move && o.to_move.length ? o.to_move[0] : null;
  const now = mover !== null && DECISIONS[o.decision]
    ? `now ${who(mover, view)}: ${DECISIONS[o.decision]}` : null;
  const head = h("div", { class: "stats" },
    h("span", {}, h("b", { text: `${o.mode}` }), ` · ${round}`),
    // At the end no one has a turn: the game is over, and the page knows who won.
    over ? h("span", {}, h("b", { text: view.outcome
      ? `Game over: ${ctx.kit.outcomeText(view)}` : "Game over" }))
      : h("span", {}, h("span", { class: "v2-swatch", style: `background:${colour(o.player)}` }),
        h("b", { text: `${who(o.player, view)}${o.player === view.seat ? "r" : "'s"} turn` }),
        `: ${step(o)}`),
    now ? h("span", { id: "v2-decision" }, h("b", { text: now })) : null,
    o.round ? h("span", {}, `To win: hold ${o.capitals_to_win} capitals`
      + (o.turn_limit ? `, or the most at the end of round ${o.turn_limit}` : "")) : null);

  // --- the map -------------------------------------------------------------------------------
  const map = drawMap();

  // --- the players ---------------------------------------------------------------------------
  const players = o.players.map((info, p) => {
    const cap = info.capital >= 0 ? name(info.capital) : "?";
    const held = o.round === 0 && !info.holds_capital ? "no capital yet"
      : `capital ${cap} ${info.holds_capital ? "held" : "LOST"}`;
    const bits = info.out ? ["out of the game"] : [held, counted(info.towns, "town"),
      counted(info.cities, "city", "cities"), `${counted(info.capitals, "capital")} held`];
    if (!info.out && info.reserve) bits.push(`reserve: ${unitsWords(info.reserve)}`);
    if (!info.out && info.hand !== null && info.hand !== undefined) bits.push(`cards ${info.hand}/${info.max_hand}`);
    const onMap = o.units.filter((s) => s[1] === p).reduce((t, s) => t.map((n, u) => n + s[2][u] + s[4][u]), [0, 0, 0, 0]);
    if (!info.out) bits.push(`on the map: ${unitsWords(onMap)}`);
    return h("div", { class: `seat-area${o.to_move.includes(p) ? " active" : ""}${info.out ? " out" : ""}`,
                      "data-seat": p },
      h("h4", {}, h("span", { class: "v2-swatch", style: `background:${colour(p)}` }),
        `${who(p, view)}${p === o.player && !over ? " · this turn" : ""}`),
      h("div", { class: "stats" }, ...bits.map((b) => h("span", { text: b }))));
  });

  // --- drawn tiles to place ------------------------------------------------------------------
  let tiles = null;
  if (rv) {
    if (rv.tiles) {
      const counts = new Map();
      for (const t of rv.tiles) counts.set(t, (counts.get(t) || 0) + 1);
      const chips = [...counts].map(([t, n]) => {
        const chip = tile(TERRAINS[t], { note: n > 1 ? `× ${n}` : "", class: "terrain" });
        chip.style.background = TERRAIN_FILL[LETTERS[t]];
        chip.style.color = t === 2 || t === 4 ? "#fff" : "#111";
        chip.setAttribute("data-terrain", TERRAINS[t]);
        return acts.bind(chip, acts.take((a) => a.type === "PlaceTile" && a.terrain === t));
      });
      tiles = panel("Drawn tiles",
        h("p", { class: "muted", text: `${who(rv.player, view)} ${rv.player === view.seat ? "put" : "puts"} each on `
          + `a revealed hex (dashed); the next is ${rv.hexes.length ? name(rv.hexes[0]) : "?"} (solid)` }),
        h("div", { class: "row v2-tiles" }, ...chips));
    } else {
      tiles = panel("Drawn tiles", h("p", { class: "muted",
        text: `${who(rv.player, view)} is placing ${counted(rv.count, "drawn tile")}` }));
    }
  }

  // --- this turn: the moving unit, declared attacks, building -------------------------------
  const turn = [];
  if (o.active) {
    const a = o.active;
    turn.push(`Moving: ${UNITS[a.unit]} on ${name(a.hex)}, ${a.mp} move${a.mp === 1 ? "" : "s"} left`
      + (a.cargo ? `, ${a.cargo} aboard` : ""));
  }
  for (const b of o.battles) {
    const parts = b.sides.map(([s, c]) => `from ${name(s)}: ${unitsWords(c)}`);
    const bomb = b.bombard.map(([s, c]) => `${name(s)}: ${unitsWords(c)}`).join("; ");
    if (bomb) parts.push(`bombarding from ${bomb}`);
    turn.push(`Attack declared on ${name(b.hex)}: ${parts.join("; ")}`);
  }
  if (o.pennants.length) turn.push(`Pennants (attacks beaten off this turn): ${o.pennants.map(name).join(", ")}`);
  if (o.build) turn.push(`Built this turn: ${counted(o.build.towns, "town")}${o.build.upgraded ? ", a city" : ""}`);
  if (o.placed && o.placed.length) {
    turn.push(`Reserves placed this turn: ${o.placed.map(([hx, c]) => `${name(hx)} ${unitsWords(c)}`).join("; ")}`);
  }

  // --- cards -----------------------------------------------------------------------------------
  let cards = null;
  if ("hand" in o) {
    const hand = o.hand
      ? h("div", { class: "zone" }, h("div", { class: "label", text: "your hand" }),
        h("div", { class: "row" }, ...(o.hand.length ? o.hand.map((c) => acts.bind(
          tile(c.id, { note: c.desc, id: c.id }), byCard.get(c.id) || []))
          : [h("span", { class: "muted", text: "no cards" })])))
      : null;
    cards = panel("Battle Cards",
      h("div", { class: "row" }, pile("Deck", o.deck_left), pile("Discards", o.discards),
        o.discard_top ? h("span", { class: "muted", text: `top of the discards: ${o.discard_top}` }) : null),
      hand);
  }

  // --- the battle being fought (drawn from whatever the resolver shows) -------------------
  let battle = null;
  if (o.battle) {
    const bar = battleNow ? acts.rest("Battle") : null;
    battle = panel(`Battle${o.battle.resolver ? ` (${o.battle.resolver})` : ""}`,
      h("div", { class: "v2-battle" }, fields(o.battle)),
      battleNow && mover !== view.seat && view.seat !== null ? h("p", { class: "muted",
        text: `${who(mover, view)} decides` }) : null,
      bar);
  }

  const rest = acts.rest();
  root.append(panel("Viktory II", head, rest, map, legend()));
  if (battle) root.append(battle);
  if (tiles) root.append(tiles);
  if (turn.length) root.append(panel("This turn", ...turn.map((t) => h("div", { text: t }))));
  if (cards) root.append(cards);
  root.append(panel("Players", ...players));
  if (view.text) {
    root.append(h("details", { class: "panel" }, h("summary", { text: "Text view" }),
      h("pre", { class: "text-view", text: view.text })));
  }

  function drawMap() {
    const box = svg("svg", { class: "v2map" });
    const xs = cells.map((c) => c.x);
    const ys = cells.map((c) => c.y);
    const pad = SIZE + 4;
    const minX = Math.min(...xs) - pad;
    const minY = Math.min(...ys) - pad;
    box.setAttribute("viewBox", `${minX} ${minY} ${Math.max(...xs) - minX + pad} ${Math.max(...ys) - minY + pad}`);
    const settlements = new Map(o.settlements.map((s) => [s[0], s]));
    const stacks = new Map();
    for (const s of o.units) {
      if (!stacks.has(s[0])) stacks.set(s[0], []);
      stacks.get(s[0]).push(s);
    }
    const battles = new Set(o.battles.map((b) => b.hex));
    const pennants = new Set(o.pennants);
    const slots = rv && rv.hexes ? rv.hexes : [];
    const raised = [];
    cells.forEach((c, hx) => {
      const letter = o.terrain[hx] || "?";
      const g = svg("g", { class: "hex-cell", "data-hex": hx, "data-name": c.name });
      const tip = [`${c.name}: ${letter === "?" ? "unexplored" : TERRAINS[LETTERS.indexOf(letter)]}`];
      g.append(svg("polygon", { class: "ground", points: corners(c.x, c.y, SIZE), fill: TERRAIN_FILL[letter] || "#555" }));
      g.append(svg("text", { class: "name", x: c.x, y: c.y - 17 }, c.name));
      const s = settlements.get(hx);
      if (s) {
        const [, owner, kind, capital, seen] = s;
        const cls = seen ? null : "remembered";
        if (kind === 2) {
          g.append(svg("rect", { x: c.x - 7, y: c.y - 10, width: 14, height: 14, rx: 2, fill: colour(owner),
                                 stroke: "#111", "stroke-width": 1.2, class: cls }));
        } else {
          g.append(svg("circle", { cx: c.x, cy: c.y - 3, r: 6.5, fill: colour(owner), stroke: "#111",
                                   "stroke-width": 1.2, class: cls }));
        }
        if (capital >= 0) g.append(svg("text", { class: "mark", x: c.x, y: c.y + 1, fill: "#ffe27a" }, "★"));
        tip.push(`${whose(owner)} ${kind === 2 ? "city" : "town"}${capital >= 0 ? ` (${whose(capital)} capital)` : ""}`
          + (seen ? "" : " - as last seen"));
      }
      (stacks.get(hx) || []).forEach(([, owner, units, ready, cargo], k) => {
        const text = countText(units) + (cargo.some(Boolean) ? `+${countText(cargo)}` : "");
        const width = 6 + [...text].reduce((w, ch) => w + (/[0-9+]/.test(ch) ? 5.6 : 9), 0);
        const y = c.y + 7 + 11 * k;
        g.append(svg("rect", { class: "badge", x: c.x - width / 2, y, width, height: 11, rx: 3, fill: colour(owner) }));
        g.append(svg("text", { x: c.x, y: y + 8.5 }, text));
        tip.push(`${whose(owner)} units: ${unitsWords(units)}`
          + (cargo.some(Boolean) ? `, aboard: ${unitsWords(cargo)}` : "")
          + (owner === o.player && o.phase === "move" && ready.some(Boolean) ? ` (${ready.reduce((a, b) => a + b)} to move)` : ""));
      });
      if (battles.has(hx)) {
        g.append(svg("text", { class: "mark", x: c.x + 13, y: c.y - 7, fill: "#ff6b5a" }, "⚔"));
        tip.push("attack declared");
      }
      if (pennants.has(hx)) {
        g.append(svg("text", { class: "mark", x: c.x - 13, y: c.y - 7, fill: "#ffe27a" }, "⚑"));
        tip.push("pennant: the attack was beaten off");
      }
      if (o.fog && o.fog[hx] === "0" && letter !== "?") {
        g.append(svg("polygon", { class: "fogged", points: corners(c.x, c.y, SIZE) }));
        tip.push("out of sight");
      }
      if (slots.includes(hx)) {
        g.append(svg("polygon", { class: `slot${hx === slots[0] ? " now" : ""}`, points: corners(c.x, c.y, SIZE - 3) }));
        tip.push(hx === slots[0] ? "a drawn tile goes here next" : "a drawn tile goes here");
      }
      if (o.active && o.active.hex === hx) {
        g.append(svg("polygon", { class: "moving", points: corners(c.x, c.y, SIZE - 3.5) }));
        tip.push("the moving unit");
      }
      const here = byHex.get(hx) || [];
      g.append(svg("title", {}, [...tip, ...here.map((e) => `→ ${e.label}`)].join("\n")));
      acts.bind(g, here);
      if (here.length) raised.push(g);
      else box.append(g);
    });
    box.append(...raised); // drawn last, so that no neighbour covers their highlighted edge
    return box;
  }

  function legend() {
    return h("div", { class: "v2-legend" },
      ...TERRAINS.map((t, i) => h("span", {}, h("i", { style: `background:${TERRAIN_FILL[LETTERS[i]]}` }), t)),
      h("span", {}, h("i", { style: `background:${TERRAIN_FILL["?"]}` }), "unexplored"),
      h("span", { text: "● town  ■ city  ★ capital  ⚔ attack declared  ⚑ pennant" }),
      h("span", { text: ICONS.map((ic, u) => `${ic} ${UNITS[u]}`).join("  ") }));
  }

  /** Any JSON value as a readable list: the battle's fields, whatever the resolver shows. */
  function fields(value) {
    if (value === null || value === undefined) return h("span", { class: "muted", text: "-" });
    if (Array.isArray(value)) {
      if (value.every((v) => v === null || typeof v !== "object")) return h("span", { text: value.join(" · ") || "-" });
      if (value.every((v) => Array.isArray(v))) {
        return h("span", { text: value.map((v) => `[${v.map((x) => (typeof x === "object" && x !== null ? JSON.stringify(x) : x)).join(" ")}]`).join(" ") || "-" });
      }
      return h("div", {}, ...value.map((v) => fields(v)));
    }
    if (typeof value === "object") {
      return h("dl", {}, ...Object.entries(value).flatMap(([k, v]) => [
        h("dt", { text: k.replaceAll("_", " ") }), h("dd", {}, fields(v))]));
    }
    if (typeof value === "boolean") return h("span", { text: value ? "yes" : "no" });
    return h("span", { text: String(value) });
  }
}
