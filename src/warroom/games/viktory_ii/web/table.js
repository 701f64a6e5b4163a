// Viktory II, the map game, at the browser table: the hex map (terrain, fog, towns, cities,
// capitals, units by owner and type, declared attacks, pennants, the moving unit, the hexes
// waiting for a drawn tile, the moves next to enemy artillery that may fire Overwatch), the
// players, your hand in card modes, and the battle being fought.
//
// Every legal action that names a hex is played by clicking that hex: a unit's hex selects the
// unit, a target hex moves, attacks, bombards, lands or fights there, a build site builds, a
// town takes a reserve unit, the sea hex takes a frigate, a revealed hex takes a drawn tile
// (the drawn tiles themselves are clickable too). A hex with several actions opens a menu.
// Cards are played or discarded by clicking them in the hand (a line above the hand says
// what a click does now). The battle being fought is told in words (where, who attacks and
// defends with what, the round, what is to be decided now) and stays marked on the map; its
// actions are buttons, named by the hexes the map shows. The last battle of the turn, once
// over, is told above the map from the observation's `last_battle` (who won, the losses, the
// dice and what they hit: data, never the log's words read back) until the turn ends or the
// player closes it. Every other action (end a step, draw cards) is a button. On a narrow screen a large map scrolls inside its box at a size a finger
// can tap, with a button to show it whole. Nothing on it rests on colour alone: towns, cities
// and unit badges bear their owner's seat number, terrains a pattern each, and every hex is
// named for a screen reader (its terrain, town, units and whose), only those with actions
// taking the focus.

import { PHONE, counted } from "/static/kit.js";
import { cardWords, playWords, unitName } from "/tables/viktory.js";

const UNITS = ["infantry", "cavalry", "artillery", "frigate"];
const ICONS = ["♟", "♞", "✹", "⚓"];
const TERRAINS = ["plains", "grassland", "forest", "mountain", "water"];
const LETTERS = "pgfmw";
const TERRAIN_FILL = { p: "#d6c36a", g: "#8cc063", f: "#2f6b3a", m: "#8d847c", w: "#3a6ea5", "?": "#2b2f2c" };
const PLAYER_COLOURS = ["#d7263d", "#2457d6", "#e2b714", "#8e44ad", "#e67e22", "#14a38b", "#eef0f2", "#30343a"];
// Nothing on the map rests on colour alone (several seats' colours, and forest and water, or
// plains and grassland, are about as light as each other; in grey red and blue towns looked the
// same): a town, a city and a unit badge bear their owner's seat number (the Players panel's
// swatches bear it too), and each terrain but plains a faint pattern of its own (the map key's
// boxes too): grass tufts, trees, peaks, waves. A pattern is drawn in a tile of 12 SVG units.
const TERRAIN_PATTERNS = {
  g: '<path d="M2.5 10.5l1-3.5M4.5 10.5v-4M6.5 10.5l-1-3.5M8.5 5l1-3.5M10.5 5v-4" stroke="#24461a" '
    + 'stroke-opacity=".5" stroke-width="1" fill="none" stroke-linecap="round"/>',
  f: '<path d="M4 1.5l3 5h-6zM10 7.5l3 5h-6zM-2 7.5l3 5h-6z" fill="#9fd3a4" fill-opacity=".4"/>',
  m: '<path d="M1 10l3.5-5 3.5 5M7 4.5l2.5-3.5 2.5 3.5" stroke="#2e2a26" stroke-opacity=".5" '
    + 'stroke-width="1.1" fill="none" stroke-linejoin="round"/>',
  w: '<path d="M0 4q1.5-2 3 0t3 0t3 0t3 0M0 10q1.5-2 3 0t3 0t3 0t3 0" stroke="#d5e6f7" '
    + 'stroke-opacity=".55" stroke-width="1" fill="none"/>',
};
/** A terrain's pattern as a CSS background (the map key's boxes), null for none. */
const patternImage = (letter) => (TERRAIN_PATTERNS[letter] ? `url("data:image/svg+xml,${encodeURIComponent(
  `<svg xmlns="${"http://www.w3.org/2000/svg"}" width="12" height="12">${TERRAIN_PATTERNS[letter]}</svg>`)}")` : null);
// Text on a colour is dark or light, whichever reads better on it (white seat 6's units were
// white on white); a town's edge is dark or light, whichever stands out from its hex's ground
// (seat 7's dark towns were lost on forest and unexplored hexes).
const INK = { dark: "#111111", light: "#ffffff" };
const EDGE = { dark: "#111111", light: "#f4f1e6" };
function luminance(hex) {
  const [r, g, b] = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16) / 255)
    .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const ratio = (a, b) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
/** "dark" or "light": which of INK (or EDGE) stands out more on this colour. */
const toneOn = (hex, pair = INK) => (ratio(luminance(hex), luminance(pair.dark))
  >= ratio(luminance(hex), luminance(pair.light)) ? "dark" : "light");
/** Colour a over colour b, a's share `alpha` (a town remembered is drawn at .55). */
function mix(a, b, alpha) {
  const part = (hex, k) => parseInt(hex.slice(k, k + 2), 16);
  return `#${[1, 3, 5].map((k) => Math.round(part(a, k) * alpha + part(b, k) * (1 - alpha))
    .toString(16).padStart(2, "0")).join("")}`;
}
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
const BADGE_MAX = 41; // a unit badge's widest, in SVG units (a hex is 52 across, narrower below)
const SEAT_W = 8; // a badge's part with its owner's number, in SVG units
const SQRT3 = Math.sqrt(3);
const SVG = "http://www.w3.org/2000/svg";
// The map's text, hex names and unit counts (TEXT units of the SVG drawing), is never drawn
// under MIN_TEXT pixels: every action names a hex ("move to E2"), and a count is what a move
// is decided by. Where the whole map fitted to its box (as wide as the column, as tall as the
// screen leaves it) would draw it smaller, the map is drawn at that size in a box that scrolls.
// On a phone (PHONE) 12 px, the page's small print there: hexes 70 px across (a whole
// radius-3 map would give them some 42, and text of 7 px).
// On a larger screen, read from farther, 11 px, hexes 64 px across: a 4-player map fitted to
// a laptop's 1024 x 700 drew its counts 5 px, unread by the family round it.
const TAP_HEX = 44; // a finger's width: a hex centred half of it inside the map's box is in view
const TEXT = 9;
const MIN_TEXT = { phone: 12, wide: 11 };
// How the map was last shown, kept across redraws (each frame draws the table anew): zoomed in
// or whole (null: as the screen needs), where its box was scrolled, the hex it was centred on.
const mapView = { zoom: null, left: null, top: null, focus: null };
// The map on screen fits itself again when the screen turns or the window is resized.
let refit = null;
window.addEventListener("resize", () => refit && refit());
// Battle kinds, as a player calls them.
const BATTLE_KINDS = {
  land: "Battle", naval: "Naval battle", bombard: "Bombardment", reserve_naval: "Naval battle",
  overwatch: "Overwatch",
};
// The battles fought in rounds (or waves), not a bombardment's or Overwatch's one fire.
const FOUGHT = ["land", "naval", "reserve_naval"];
// A move, a sail or an unloading next to enemy artillery that may still fire Overwatch this
// turn (RULINGS: a defending artillery fires once per enemy turn at a unit moving next to it):
// its hex is marked, its action said so. "May": its owner fires or holds it back.
const OVERWATCH_GLYPH = "⚠";
const OVERWATCH_HINT = "next to enemy artillery: Overwatch may fire";

// The last battle's result the player closed (its log line's key), kept across redraws.
let dismissedBattle = null;
// The seat whose drawn tiles to place the last table showed (null: none): the panel below the
// map that the person scrolled down to goes when the last is placed.
let placing = null;
// What a die needs, and what "selective" and "supply" mean (VIKTORY-II rules, RULINGS.md).
const DICE_KEY = "A die hits on 1-3, or 1-4 for a side in combat supply (the battle hex is, or is "
  + "next to, its town or city, and it holds its capital). A 1 is a selective hit: the roller "
  + "picks the unit lost; for other hits the owner picks.";
// A roll whose every hit is selective, 1s or not: an artillery's, under Artillery
// Characteristics, which the key above would seem to contradict.
const ARTILLERY_KEY = "Under Artillery Characteristics every hit of an artillery's bombard, "
  + "pre-battle fire or Overwatch is selective.";
const allSelective = (r) => r.dice && r.hits > 0 && r.selective === r.hits
  && r.dice.filter((d) => d === 1).length < r.hits;
const FLIP_KEY = "A flip hits with each Attack or Attack/Counter card turned up; the hit is "
  + "selective (the flipper picks the unit lost) when the card's terrain is the battle hex's.";
const CARD_KEY = "H: hits, M: misses (a Counter's misses block that many hits against you). A card's "
  + "terrain: in a battle fought on a hex of that terrain, all its hits are selective (you pick "
  + "the units lost).";

/** What a roll's dice needed ("hit_on": the highest face that hits, from the roller's combat
 *  supply), as the battle's data says. */
function hitTarget(r) {
  if (r.hit_on === 4) return "hits on 1-4 (in supply)";
  return r.hit_on === 3 ? "hits on 1-3 (no supply)" : "hits on 1-3, 1-4 in supply";
}

const CSS = `
/* The header, the question, the table's own head, the map and the line and the buttons under
   it fit one screen (1280 x 800: some 270 px besides the map, which leaves a 2-player map's
   text MIN_TEXT tall there). */
.v2map { width: 100%; max-height: min(78vh, calc(100vh - 270px)); min-height: 240px; display: block; }
.v2-mapbox.zoomed { overflow: auto; max-height: 62vh; overscroll-behavior: contain;
  border-radius: 6px; background: #0b1d13; }
.v2-mapbox.zoomed > svg.v2map { max-width: none; } /* its max-height: fitMap (it reads the one above) */
.v2-zoom { margin: 4px 0; }
.v2map .hex-cell.fought > polygon.ground { stroke: #ff6b5a; stroke-width: 3.5; }
.v2-battle .side { display: flex; gap: 6px; align-items: baseline; margin: 3px 0; }
.v2-battle .side > .v2-swatch { flex: none; }
.v2-battle .side small { display: block; color: var(--muted); font-size: 12px; }
.v2-battle .now { margin: 6px 0 2px; color: var(--gold); font-weight: 600; }
.v2-hint { margin: 4px 0; color: var(--gold); font-weight: 600; font-size: 13px; }
.v2-last { margin: 6px 0; padding: 6px 10px; border: 1px solid var(--gold); border-radius: 8px;
  background: rgba(0, 0, 0, .3); font-size: 13px; }
.v2-last-head { display: flex; justify-content: space-between; align-items: center; gap: 8px; }
.v2-last .v2-close { padding: 0 10px; }
.v2-last-won { color: var(--gold); font-weight: 600; }
.v2-roll { margin: 3px 0; }
.v2-dice { display: inline-flex; gap: 3px; vertical-align: middle; }
.v2-last svg.die, .v2-rolls svg.die { width: 24px; height: 24px; }
.v2-last svg.die.hit rect, .v2-rolls svg.die.hit rect { stroke: var(--gold); stroke-width: 4; }
.v2-rolls { margin: 4px 0; }
.v2-last small { display: block; margin-top: 4px; }
.v2-last summary { cursor: pointer; color: var(--muted); }
.v2-card-key { font-size: 12px; margin: 4px 0 0; }
/* the hex names and unit counts are TEXT (9) units tall: MIN_TEXT px and more (fitMap) */
.v2map text { font: 600 9px system-ui, sans-serif; fill: #fff; stroke: #000; stroke-width: 2.2px;
  stroke-opacity: .75; paint-order: stroke; text-anchor: middle; pointer-events: none; }
.v2map text.name { fill: #f4f1e6; stroke-width: 1.8px; }
.v2map text.mark { font-size: 12px; }
.v2map text.mark.star.small { font-size: 10px; }
/* the marks in the legend's colours (a fill attribute loses to the rule above: they drew white) */
.v2map text.mark.star, .v2map text.mark.pennant, .v2-legend .gold { fill: #ffe27a; color: #ffe27a; }
.v2map text.mark.battle, .v2-legend .red { fill: #ff6b5a; color: #ff6b5a; }
.v2map text.mark.overwatch, .v2-legend .warn { fill: #ff9f1c; color: #ff9f1c; }
.v2map text.mark.overwatch { font-size: 13px; stroke-width: 2.6px; stroke-opacity: .9; }
.v2map .hex-cell > polygon.ground { stroke: #0b1d13; stroke-width: 1.2; }
.v2map .fogged { fill: #000; opacity: .45; pointer-events: none; }
.v2map .slot { fill: none; stroke: #f3d36b; stroke-width: 2.5; stroke-dasharray: 5 3; pointer-events: none; }
.v2map .slot.now { stroke-width: 4; stroke-dasharray: none; }
.v2map .moving { fill: none; stroke: #fff; stroke-width: 3; stroke-dasharray: 7 3; pointer-events: none; }
.v2map .badge { stroke-width: 1; }
/* a seat's number and a badge's counts in the ink that reads on its colour (toneOn) */
.v2map text.seat { font-size: 9px; }
.v2map text.ink-dark { fill: #111; stroke: none; }
.v2map text.ink-light { fill: #fff; }
.v2map line.divider { stroke-width: .8; }
.v2map line.divider.ink-dark { stroke: #111; } .v2map line.divider.ink-light { stroke: #fff; }
.v2map .pattern { pointer-events: none; }
.v2map .remembered { opacity: .55; stroke-dasharray: 2 2; }
.v2map .playable { outline: none; cursor: pointer; }
.v2map .playable:hover { transform: none; }
.v2map .playable > polygon.ground { stroke: #e8c15a; stroke-width: 3; }
.v2map .playable:hover > polygon.ground { stroke: #fff; stroke-width: 4; }
.v2-legend { display: flex; gap: 10px; flex-wrap: wrap; font-size: 12px; color: var(--muted); }
.v2-legend i { display: inline-block; width: 14px; height: 14px; border-radius: 2px; margin-right: 3px;
  vertical-align: -2px; border: 1px solid #0008; background-position: 1px 1px; }
/* a seat's colour and number (aria-hidden: its name is beside it) */
.v2-swatch { display: inline-block; width: 15px; height: 15px; line-height: 15px; border-radius: 50%;
  margin-right: 6px; vertical-align: -2px; border: 1px solid #000a; text-align: center;
  font: 700 11px system-ui, sans-serif; }
.v2-swatch::after { content: attr(data-seat); }
/* In forced colours the map keeps its colours: so do its key and the seats' swatches. */
.v2-swatch, .v2-legend i { forced-color-adjust: none; }
.v2-tiles .tile { min-width: 70px; color: #111; }
.v2-battle dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 4px 0; font-size: 13px; }
.v2-battle dt { color: var(--muted); } .v2-battle dd { margin: 0; }
.v2-battle dl dl { margin: 0; }
/* a phone */
@media ${PHONE} {
  .v2-legend { font-size: 13px; }
  .v2-battle dl { font-size: 14px; }
  .v2-battle .side small { font-size: 13px; }
  .v2-hint { font-size: 14px; }
  /* a finger tall: the drawn tiles a tap places (30 px before) and the folds' headings */
  .v2-tiles { gap: 10px; } /* their gold rings apart */
  .v2-tiles .tile { min-height: 44px; justify-content: center; }
  .v2-text > summary, .v2-last summary { min-height: 44px; padding: 10px 0; }
  .v2-last .v2-close { min-width: 44px; min-height: 44px; } /* its ✕ was 33 px wide */
}
`;

// A battle's decisions, by kind: what the player to decide does ("Your move: ..."), and what
// the others read ("Seat 0 ...").
const YOUR_BATTLE_MOVE = {
  launch: "bring more units into the attack, or launch it.",
  overwatch: "fire Overwatch at the units moving in now, or hold it back for a later wave.",
  overwatch_alone: "fire Overwatch at them now, or hold it back (each artillery fires once in an enemy turn).",
  continue: "fight another round, or retreat to the hexes your units came from.",
  window: "play a Special Event card from your hand below before the next round, or pass.",
  play: "choose a card in your hand below to play it, or pass (the card round ends).",
  draw_in: "choose the unit your Reinforcements card draws into the battle.",
};
const THEIR_BATTLE_MOVE = {
  launch: "may bring more units, then launches the attack.",
  overwatch: "decides whether to fire Overwatch at the units moving in.",
  overwatch_alone: "decides whether to fire Overwatch.",
  continue: "decides: fight another round or retreat.",
  window: "may play a Special Event card before the next round.",
  wave: "launches {wave} with an Attack card, or calls off the attack.",
  play: "answers with a card, or passes.",
  draw_in: "chooses a unit to draw into the battle.",
  casualty: "chooses casualties.",
};

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

const countText = (c) => c.map((n, u) => (n ? `${n}${ICONS[u]}` : "")).join("");
const unitsWords = (c) => c.map((n, u) => (n ? `${n} ${unitName(n, u)}` : "")).filter(Boolean).join(", ") || "none";
const colour = (p) => PLAYER_COLOURS[p % PLAYER_COLOURS.length];
/** A seat's swatch: its colour and its number, as the map's towns and badges bear them. */
const swatch = (p) => {
  const el = document.createElement("span");
  el.className = "v2-swatch";
  el.setAttribute("data-seat", p);
  el.setAttribute("aria-hidden", "true");
  el.style.background = colour(p);
  el.style.color = INK[toneOn(colour(p))];
  return el;
};
const addUnits = (a, b) => a.map((n, u) => n + b[u]);
const total = (counts) => counts.reduce(addUnits, [0, 0, 0, 0]);
const any = (c) => Boolean(c) && c.some(Boolean);

/** How many seats this page holds: the page (game.js) opens one connection per token of its
 *  link's `t=`, several on a hotseat device. */
function seatsHere() {
  const tokens = new URLSearchParams(location.hash.slice(1)).get("t") || "";
  return tokens.split(",").filter(Boolean).length;
}

/** The finished game as this page speaks of it: a device holding several seats names every
 *  seat, as a spectator's does, since "You win" or "You" in the players' list would be only
 *  the seat last on screen. */
function overView(view) {
  return seatsHere() > 1 ? { ...view, seat: null } : view;
}

/** The hex an action names on the map: where a frigate goes, else its hex. */
function hexOf(a) {
  if (a.type === "PlaceFrigate") return a.sea;
  return typeof a.hex === "number" ? a.hex : null;
}

/** Whether two of the map's hexes are next to each other (their centres one hex apart). */
const nextTo = (a, b) => Math.hypot(a.x - b.x, a.y - b.y) < SIZE * SQRT3 * 1.1;

/** The artillery that fired Overwatch this turn, by hex, as the seat's log tells it (the
 *  lines since this turn began): one for each Overwatch on its own that was fired, not held
 *  back ("Overwatch: ...'s artillery on E4 may fire at ..." and then its roll or flip); all of a
 *  battle hex's (Infinity) once they fired at units moving in. An artillery that fired and
 *  was then drawn into a battle elsewhere (a Reinforcements card) takes its mark along, which
 *  this count does not follow: there the hint may be missing or too cautious. */
function overwatchFired(lines, index) {
  const fired = new Map();
  let start = lines.length;
  while (start > 0 && !/^--- Round \d+: /.test(lines[start - 1])) start--;
  let at = null; // the artillery's hex the next roll is of, and whether it is all of them
  for (const line of lines.slice(start)) {
    let m = /^Overwatch: .*?artillery on ([A-Z]\d+) may fire at /.exec(line);
    if (m) { at = { hex: index(m[1]), all: false }; continue; }
    m = /^(?:Battle \([\w ]+\)|Bombardment) at ([A-Z]\d+):/.exec(line);
    if (m) { at = { hex: index(m[1]), all: true }; continue; }
    if (at && at.hex >= 0 && / (?:rolls|flips for) overwatch: /.test(line)) {
      fired.set(at.hex, at.all ? Infinity : (fired.get(at.hex) || 0) + 1);
    }
  }
  return fired;
}

export function render(root, view, ctx) {
  // (the actions' labels and the prompt come in the table's words: kit.viewWords, the page's)
  const { h, panel, tile, pile, Actions, who, seatWords } = ctx.kit;
  const o = view.observation;
  const acts = new Actions(view, ctx.act);
  const cells = hexes(o.radius);
  const name = (hx) => (hx >= 0 && hx < cells.length ? cells[hx].name : "?");
  const whose = (p) => (p === view.seat ? "your" : `${who(p, view)}'s`);
  const battleNow = o.decision === "battle";
  const rv = o.reveal;
  const over = o.phase === "over" || view.terminal; // a resignation ends it mid-turn

  root.append(h("style", { text: CSS }));
  const hidden = o.fog !== null && o.fog !== undefined; // a hidden map: dark or explored apart

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

  // The moves, sails and unloadings offered that end next to enemy artillery in sight that
  // may still fire Overwatch: their hexes are marked, their actions' words say so.
  const overwatch = overwatchThreats();
  for (const [hx, entries] of byHex) {
    if (overwatch.has(hx)) byHex.set(hx, entries.map((e) => (overwatchMove(e.action)
      ? { ...e, label: `${e.label} — ${OVERWATCH_HINT}` } : e)));
  }

  // --- the headline ------------------------------------------------------------------------
  const round = o.round === 0 ? "setup turns" : o.phase === "over"
    ? `${counted(o.turn_limit ? Math.min(o.round, o.turn_limit) : o.round, "round")} played`
    : `round ${o.round}${o.turn_limit ? ` of ${o.turn_limit}` : ""}`;
  const mover = o.to_move && o.to_move.length ? o.to_move[0] : null;
  const now = mover !== null && DECISIONS[o.decision]
    ? `now ${who(mover, view).toLowerCase()}: ${DECISIONS[o.decision]}` : null; // "now you: ..."
  const head = h("div", { class: "stats" },
    h("span", {}, h("b", { text: `${o.mode}` }), ` · ${round}`),
    // At the end no one has a turn: the game is over, and the page knows who won.
    over ? h("span", {}, h("b", { text: view.outcome
      ? `Game over: ${ctx.kit.outcomeText(overView(view))}` : "Game over" }))
      : h("span", {}, swatch(o.player),
        h("b", { text: `${who(o.player, view)}${o.player === view.seat ? "r" : "'s"} turn` }),
        `: ${step(o)}`),
    now ? h("span", { id: "v2-decision" }, h("b", { text: now })) : null,
    o.round ? h("span", {}, `To win: hold ${o.capitals_to_win} capitals`
      + (o.turn_limit ? `, or the most at the end of round ${o.turn_limit}` : "")) : null);

  // --- the map -------------------------------------------------------------------------------
  const map = drawMap();

  // --- the players ---------------------------------------------------------------------------
  // On a hidden map the view holds another player's capital only where this seat sees or
  // remembers it, and its units only where this seat sees them now: say so, rather than
  // print "?" and a count that reads as the whole army. Towns, cities and capitals held are
  // everybody's to know: those counts are whole.
  const players = o.players.map((info, p) => {
    const status = info.holds_capital ? "held" : "LOST";
    const held = o.round === 0 && !info.holds_capital ? "no capital yet"
      : info.capital >= 0 ? `capital ${name(info.capital)} ${status}`
        : `capital ${status} (where: not seen)`;
    const bits = info.out ? ["out of the game"] : [held, counted(info.towns, "town"),
      counted(info.cities, "city", "cities"), `${counted(info.capitals, "capital")} held`];
    if (!info.out && info.reserve) {
      // A count below zero is units on the map beyond the player's support, to be disbanded
      // (a town lost; or the game ended first), as the text view says: not "reserve: -1".
      bits.push(`reserve: ${unitsWords(info.reserve.map((n) => Math.max(n, 0)))}`);
      const over = info.reserve.map((n) => Math.max(-n, 0));
      if (over.some(Boolean)) bits.push(`beyond support: ${unitsWords(over)}`);
    }
    if (!info.out && info.hand !== null && info.hand !== undefined) bits.push(`cards ${info.hand}/${info.max_hand}`);
    const onMap = o.units.filter((s) => s[1] === p).reduce((t, s) => t.map((n, u) => n + s[2][u] + s[4][u]), [0, 0, 0, 0]);
    const whole = !hidden || p === view.seat;
    if (!info.out) bits.push(`${whole ? "on the map" : "units in sight"}: ${unitsWords(onMap)}`);
    return h("div", { class: `seat-area${o.to_move.includes(p) ? " active" : ""}${info.out ? " out" : ""}`,
                      "data-seat": p },
      h("h4", {}, swatch(p),
        `${who(p, over ? overView(view) : view)}`
        + `${p === o.player && !over ? " · this turn" : ""}`),
      h("div", { class: "stats" }, ...bits.map((b) => h("span", { text: b }))));
  });

  // --- drawn tiles to place ------------------------------------------------------------------
  let tiles = null;
  // a hidden map shows nobody else another's placing (view.py's _visible_reveal)
  if (rv) {
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
  }

  // --- this turn: the moving unit, declared attacks, building -------------------------------
  const turn = [];
  if (o.active) {
    const a = o.active;
    turn.push(`Moving: ${UNITS[a.unit]} on ${name(a.hex)}, ${counted(a.mp, "move")} left`
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
        h("div", { class: "row" }, ...(o.hand.length ? o.hand.map((c) => explainCard(acts.bind(
          tile(c.id, { note: c.desc, id: c.id }), byCard.get(c.id) || []), c))
          : [h("span", { class: "muted", text: "no cards" })])))
      : null;
    const hint = cardHint();
    cards = panel("Battle Cards",
      // The discards are public: the top one face up (with what it is, if played in this
      // battle round), not a card's back.
      h("div", { class: "row" }, pile("Deck", o.deck_left),
        pile("Discards", o.discards, o.discard_top ? topDiscard(o.discard_top) : null)),
      hint ? h("p", { class: "v2-hint", id: "v2-card-hint", text: hint }) : null,
      hand,
      o.hand && o.hand.length ? h("p", { class: "muted v2-card-key", id: "v2-card-key", text: CARD_KEY }) : null);
  }

  // --- the battle being fought -------------------------------------------------------------
  let battle = null;
  if (o.battle) battle = o.battle.seats ? battlePanel(o.battle) : panel("Battle",
    h("div", { class: "v2-battle" }, fields(o.battle)), battleNow ? acts.rest("Battle") : null);

  const rest = acts.rest();
  const mapBox = h("div", { class: "v2-mapbox" }, map);
  const zoom = h("button", { class: "v2-zoom", type: "button", hidden: true });
  const moving = movingHint();
  const last = o.battle ? null : lastBattlePanel();
  // The map right under the table's head: the line saying which unit is selected, the
  // buttons (stop this unit, end the step) and the last battle's result come and go under
  // it, so that a tap on a hex does not move the map under the next one.
  root.append(panel("Viktory II", head, mapBox, zoom, moving, rest, last, legend()));
  if (battle) root.append(battle);
  if (battle && cards) root.append(cards); // the hand is where a battle's cards are played
  if (tiles) root.append(tiles);
  if (turn.length) root.append(panel("This turn", ...turn.map((t) => h("div", { text: t }))));
  if (cards && !battle) root.append(cards);
  root.append(panel("Players", ...players));
  if (view.text) {
    root.append(h("details", { class: "panel v2-text" }, h("summary", { text: "Text view" }),
      h("pre", { class: "text-view", text: view.text })));
  }
  // Measured once the whole table is drawn (the page laid out as it stays).
  fitMap(mapBox, map, zoom);
  const placed = placing === view.seat && !tiles;
  placing = tiles && rv.player === view.seat ? view.seat : null;
  if (placed) bringBackTheQuestion();

  function drawMap() {
    const box = svg("svg", { class: "v2map" });
    const xs = cells.map((c) => c.x);
    const ys = cells.map((c) => c.y);
    const pad = SIZE + 4;
    const minX = Math.min(...xs) - pad;
    const minY = Math.min(...ys) - pad;
    box.setAttribute("viewBox", `${minX} ${minY} ${Math.max(...xs) - minX + pad} ${Math.max(...ys) - minY + pad}`);
    // A screen reader reads the map hex by hex, each named in full (its terrain, its town and
    // whose, its units and whose); only the hexes with something to do take the focus.
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", "the map");
    // ... in the grid's order, A1 to the last: the hexes with something to do are drawn last
    // (on top, their edges whole), which put them last in the reading order too
    box.setAttribute("aria-owns", cells.map((_, hx) => `v2-hex-${hx}`).join(" "));
    const defs = svg("defs");
    for (const [letter, art] of Object.entries(TERRAIN_PATTERNS)) {
      const pattern = svg("pattern", { id: `v2-pattern-${letter}`, width: 12, height: 12,
                                       patternUnits: "userSpaceOnUse" });
      pattern.innerHTML = art;
      defs.append(pattern);
    }
    box.append(defs);
    const settlements = new Map(o.settlements.map((s) => [s[0], s]));
    const stacks = mapStacks();
    const battles = new Set(o.battles.map((b) => b.hex));
    const fought = o.battle && o.battle.hex >= 0 ? o.battle.hex : null; // -1: out of sight
    const pennants = new Set(o.pennants);
    const slots = rv && rv.hexes ? rv.hexes : [];
    const raised = [];
    cells.forEach((c, hx) => {
      const letter = o.terrain[hx] || "?";
      const g = svg("g", { class: "hex-cell", id: `v2-hex-${hx}`, "data-hex": hx, "data-name": c.name });
      const tip = [`${c.name}: ${letter === "?" ? "unexplored" : TERRAINS[LETTERS.indexOf(letter)]}`];
      const fogged = Boolean(o.fog && o.fog[hx] === "0" && letter !== "?");
      // the ground as it looks: under the fog's black at .45
      const ground = fogged ? mix("#000000", TERRAIN_FILL[letter] || "#555555", 0.45) : TERRAIN_FILL[letter] || "#555555";
      const edge = EDGE[toneOn(ground, EDGE)];
      g.append(svg("polygon", { class: "ground", points: corners(c.x, c.y, SIZE), fill: TERRAIN_FILL[letter] || "#555" }));
      if (TERRAIN_PATTERNS[letter]) {
        g.append(svg("polygon", { class: "pattern", points: corners(c.x, c.y, SIZE), fill: `url(#v2-pattern-${letter})` }));
      }
      // Inside the hex, top to bottom: its name, the town or city (and the capital's star),
      // the units' badges; the marks (⚑ left, ⚔ and ⚠ right) beside the town. Two badges (a
      // battle's two sides) take the room of one and a smaller town, none spilling over the
      // hex's edge into the next hex's name.
      const here = stacks.get(hx) || [];
      const two = here.length > 1;
      g.append(svg("text", { class: "name", x: c.x, y: c.y - 17 }, c.name));
      const s = settlements.get(hx);
      if (s) {
        const [, owner, kind, capital, seen] = s;
        const cls = seen ? null : "remembered";
        const r = two ? 5.5 : 6.5; // half its height
        const cy = two ? c.y - 7.5 : c.y - 5.5;
        // Its owner's number in it; a capital is wider, its star beside the number. A town's
        // ends are round, a city's corners square.
        const half = capital >= 0 ? r + (two ? 3.5 : 4) : r;
        const seat = capital >= 0 ? c.x - half + r - 0.5 : c.x;
        const attrs = { fill: colour(owner), stroke: edge, "stroke-width": 1.4, class: cls };
        if (kind === 2) {
          g.append(svg("rect", { x: c.x - half, y: cy - r, width: 2 * half, height: 2 * r, rx: 2, ...attrs }));
        } else if (capital >= 0) {
          g.append(svg("rect", { x: c.x - half, y: cy - r, width: 2 * half, height: 2 * r, rx: r, ...attrs }));
        } else {
          g.append(svg("circle", { cx: c.x, cy, r, ...attrs }));
        }
        const under = seen ? colour(owner) : mix(colour(owner), ground, 0.55);
        g.append(svg("text", { class: `seat ink-${toneOn(under)}`, x: seat, y: cy + 3.2 }, String(owner)));
        if (capital >= 0) {
          g.append(svg("text", { class: "mark star small", x: c.x + half - r + 0.5, y: cy + 3.6 }, "★"));
        }
        tip.push(`${whose(owner)} ${kind === 2 ? "city" : "town"}${capital >= 0 ? ` (${whose(capital)} capital)` : ""}`
          + (seen ? "" : " - as last seen"));
      }
      const rowH = two ? Math.min(10, 20 / here.length) : 11;
      const top = two ? c.y - 0.5 : c.y + 2.5;
      here.forEach(({ owner, units, ready, cargo, attacking }, k) => {
        const text = (attacking ? "⚔" : "") + countText(units) + (any(cargo) ? `+${countText(cargo)}` : "");
        // As wide as its text, up to BADGE_MAX and what the hex's width leaves at its row (the
        // lower half narrows): a longer one ("⚔8♟2✹") is squeezed into that width rather than
        // spill over the next hexes.
        const y = top + rowH * k;
        const below = y + rowH - c.y; // its bottom edge, down from the hex's centre
        const room = 2 * (SIZE * SQRT3 / 2) * Math.min(1, (SIZE - below) / (SIZE / 2)) - 3;
        // Its owner's number first (SEAT_W wide), a thin line, then the counts.
        const natural = [...text].reduce((w, ch) => w + (/[0-9+]/.test(ch) ? 5.6 : 9), 0);
        const inner = Math.min(natural, Math.min(BADGE_MAX, room) - 4 - SEAT_W);
        const width = SEAT_W + inner + 4;
        const left = c.x - width / 2;
        const ink = `ink-${toneOn(colour(owner))}`;
        g.append(svg("rect", { class: `badge${attacking ? " attackers" : ""}`, x: left, y, width,
                               height: rowH, rx: 3, fill: colour(owner), stroke: edge }));
        g.append(svg("text", { class: `seat ${ink}`, x: left + SEAT_W / 2 + 0.3, y: y + rowH / 2 + 3.2 }, String(owner)));
        g.append(svg("line", { class: `divider ${ink}`, x1: left + SEAT_W, x2: left + SEAT_W, y1: y + 2, y2: y + rowH - 2 }));
        g.append(svg("text", { class: `units ${ink}`, x: left + SEAT_W + (inner + 4) / 2, y: y + rowH / 2 + 3.2,
                               textLength: inner, lengthAdjust: "spacingAndGlyphs" }, text));
        tip.push(`${whose(owner)} ${attacking ? "attackers" : "units"}: ${unitsWords(units)}`
          + (any(cargo) ? `, aboard: ${unitsWords(cargo)}` : "")
          + (owner === o.player && o.phase === "move" && any(ready) ? ` (${ready.reduce((a, b) => a + b)} to move)` : ""));
      });
      if (battles.has(hx) || fought === hx) {
        g.append(svg("text", { class: "mark battle", x: c.x + 16, y: c.y - 4 }, "⚔"));
        tip.push(fought === hx ? `${BATTLE_KINDS[o.battle.kind] || "Battle"} being fought here` : "attack declared");
      }
      if (fought === hx) g.classList.add("fought");
      if (pennants.has(hx)) {
        g.append(svg("text", { class: "mark pennant", x: c.x - 16, y: c.y - 4 }, "⚑"));
        tip.push("pennant: the attack was beaten off");
      }
      if (fogged) {
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
      if (overwatch.has(hx)) {
        g.append(svg("text", { class: "mark overwatch", x: c.x + 16, y: c.y - 3.5 }, OVERWATCH_GLYPH));
        g.classList.add("overwatch");
        tip.push(`${OVERWATCH_GLYPH} next to ${overwatch.get(hx).map(([at, owner]) => `${whose(owner)} artillery on ${name(at)}`)
          .join(", ")}: Overwatch may fire at a unit moving here`);
      }
      const plays = byHex.get(hx) || [];
      g.append(svg("title", {}, [...tip, ...plays.map((e) => `→ ${e.label}`)].join("\n")));
      acts.bind(g, plays);
      // Its name says all the tooltip does: "E5: plains; Seat 1's town; Seat 1's units: 1
      // infantry". A hex with actions keeps the name kit.js gives it (what it shows, then the
      // actions), what it holds put after its name; the others are images, no Tab stops.
      const held = tip.slice(1).join("; ");
      if (plays.length) {
        const label = g.getAttribute("aria-label");
        const shown = ctx.kit.shownText(g);
        const [, called, terrain] = /^([^:]*): (.*)$/.exec(tip[0]);
        const words = `${terrain}${held ? `; ${held}` : ""}`;
        // (the labels alone where they say what it shows, "move to B2 (plains)": then what
        // they do not say after them)
        const extra = [label.includes(terrain) ? null : terrain, held || null].filter(Boolean).join("; ");
        if (label.startsWith(`${shown}: `)) {
          // What it shows, in words: its name, then what its marks say ("I2 0 ★ 0 1♟" read
          // aloud was "I2 zero star zero one pawn"; the words say the same: "your capital")
          g.setAttribute("aria-label", `${called} (${words}): ${label.slice(shown.length + 2)}`);
        } else if (extra) {
          g.setAttribute("aria-label", `${label} (${extra})`);
        }
      } else {
        g.setAttribute("role", "img");
        g.setAttribute("aria-label", `${tip[0]}${held ? `; ${held}` : ""}`);
      }
      if (plays.length || fought === hx) raised.push(g); // its edge is marked: drawn on top
      else box.append(g);
    });
    box.append(...raised); // drawn last, so that no neighbour covers their highlighted edge
    return box;
  }

  /** What stands on each hex, as badges: the units the view holds, the attackers of each
   *  declared attack (waiting at the hex side, in neither hex: the view lists them with the
   *  attack), and while a battle is fought its two sides as they stand now, on its hex (the
   *  map's own counts change only when it ends). */
  function mapStacks() {
    const stacks = new Map();
    const put = (hx, stack) => {
      if (!any(stack.units) && !any(stack.cargo)) return; // all lost in the battle
      if (!stacks.has(hx)) stacks.set(hx, []);
      stacks.get(hx).push(stack);
    };
    const live = liveSides();
    for (const [hx, owner, units, ready, cargo] of o.units) {
      const side = hx === live.hex ? live.sides.find((s) => s.owner === owner && !s.put) : null;
      if (side) side.put = true;
      put(hx, side ? { ...side, cargo } : { owner, units, ready, cargo });
    }
    for (const side of live.sides) if (!side.put) put(live.hex, side);
    for (const b of o.battles) {
      put(b.hex, { owner: b.attacker, units: total(b.sides.map(([, c]) => c)), attacking: true });
    }
    return stacks;
  }

  /** The sides of the battle being fought that stand on its hex, with their units now: the
   *  attackers (not a bombardment's, on their own hexes) and the defenders (not Overwatch's
   *  artillery, next to the hex; nor are the units it fires at all the units of their hex). */
  function liveSides() {
    const b = o.battle;
    if (!b || !b.seats || !(b.hex >= 0) || b.kind === "overwatch") return { hex: null, sides: [] };
    const [a, d] = b.seats;
    const sides = [{ owner: d, units: b.defender }];
    if (b.kind !== "bombard") sides.push({ owner: a, units: total(b.attacker.slice(1)), attacking: true });
    return { hex: b.hex, sides };
  }

  /** A map whose text would be smaller than MIN_TEXT pixels fitted to its box is drawn with
   *  its text MIN_TEXT tall in a box that scrolls; the button shows it whole, or zooms in
   *  again. Where the box was scrolled is kept across redraws; it is centred on what is going
   *  on when that moves out of view. */
  function fitMap(box, map, button) {
    const vb = map.viewBox.baseVal;
    const focus = focusHex();
    let small = false;
    const show = () => {
      const phone = window.matchMedia(PHONE).matches;
      const scale = MIN_TEXT[phone ? "phone" : "wide"] / TEXT; // pixels a unit
      // The whole map is as tall as the stylesheet's max-height lets it (the table's head and
      // buttons on the screen with it; a laptop's map was cut to 400 px tall): read without
      // the zoomed map's own, none.
      map.style.maxHeight = "";
      const css = getComputedStyle(map);
      const tall = Math.max(parseFloat(css.minHeight) || 0, parseFloat(css.maxHeight) || Infinity);
      small = Math.min(box.clientWidth / vb.width, tall / vb.height) < scale;
      const zoomed = small && mapView.zoom !== false;
      box.classList.toggle("zoomed", zoomed);
      map.style.width = zoomed ? `${Math.ceil(vb.width * scale)}px` : "";
      map.style.maxHeight = zoomed ? "none" : "";
      button.hidden = !small;
      button.textContent = zoomed ? "Show the whole map" : "Zoom in on the map";
      return zoomed;
    };
    button.addEventListener("click", () => {
      mapView.zoom = !(small && mapView.zoom !== false);
      mapView.left = null;
      if (show()) centre(box, map, focus);
    });
    refit = show;
    if (show()) {
      if (mapView.left === null) centre(box, map, focus);
      else {
        box.scrollLeft = mapView.left;
        box.scrollTop = mapView.top;
        if (focus !== mapView.focus && !inView(box, map, focus)) centre(box, map, focus);
      }
    }
    mapView.focus = focus;
    box.addEventListener("scroll", () => {
      mapView.left = box.scrollLeft;
      mapView.top = box.scrollTop;
    });
  }

  /** The last drawn tile placed, the page stayed scrolled down where its panel was (under the
   *  map), the question asked next ("Place your capital") and most of the hex to play
   *  above the screen's top. A redraw otherwise leaves the page where the person put it. */
  function bringBackTheQuestion() {
    const first = root.querySelector(".playable");
    if (!first) return;
    const question = [document.getElementById("prompt"), root].find((e) => e && e.getClientRects().length);
    const under = parseFloat(getComputedStyle(first).scrollMarginTop) || 0; // the sticky header
    const top = question.getBoundingClientRect().top;
    const spot = first.getBoundingClientRect();
    if (top >= under && spot.bottom <= window.innerHeight) return; // both in sight
    // The question at the top, if the hex then fits under it; else the hex in the middle.
    if (spot.bottom - top <= window.innerHeight - under) window.scrollBy(0, top - under);
    else first.scrollIntoView({ block: "center" });
  }

  /** Where the eye goes on the map: the battle, the moving unit, the hex a drawn tile goes on,
   *  else the viewer's capital (null: the middle of the map). */
  function focusHex() {
    if (o.battle && o.battle.hex >= 0) return o.battle.hex;
    if (o.active) return o.active.hex;
    if (rv && rv.hexes && rv.hexes.length) return rv.hexes[0];
    const mine = view.seat !== null && view.seat !== undefined ? o.players[view.seat] : null;
    return mine && mine.capital >= 0 ? mine.capital : null;
  }

  /** A hex's place in the map's box, in pixels (the middle of the map for null). */
  function hexPixel(map, hx) {
    const vb = map.viewBox.baseVal;
    const scale = map.getBoundingClientRect().width / vb.width;
    const c = hx === null ? { x: 0, y: 0 } : cells[hx];
    return { x: (c.x - vb.x) * scale, y: (c.y - vb.y) * scale };
  }

  function centre(box, map, hx) {
    const p = hexPixel(map, hx);
    box.scrollLeft = p.x - box.clientWidth / 2;
    box.scrollTop = p.y - box.clientHeight / 2;
    mapView.left = box.scrollLeft;
    mapView.top = box.scrollTop;
  }

  function inView(box, map, hx) {
    if (hx === null) return true;
    const p = hexPixel(map, hx);
    const margin = TAP_HEX / 2;
    return p.x >= box.scrollLeft + margin && p.x <= box.scrollLeft + box.clientWidth - margin
      && p.y >= box.scrollTop + margin && p.y <= box.scrollTop + box.clientHeight - margin;
  }

  /** The map key's box of a terrain: its colour and its pattern. */
  function terrainBox(letter) {
    const el = h("i", { class: "terrain", "data-terrain": letter });
    el.style.backgroundColor = TERRAIN_FILL[letter];
    const art = patternImage(letter);
    if (art) el.style.backgroundImage = art;
    return el;
  }

  function legend() {
    return h("div", { class: "v2-legend" },
      ...TERRAINS.map((t, i) => h("span", {}, terrainBox(LETTERS[i]), t)),
      h("span", {}, terrainBox("?"), "unexplored"),
      h("span", {}, "● town  ■ city  ", h("b", { class: "gold", text: "★" }), " capital  ",
        h("b", { class: "red", text: "⚔" }), " attack declared (red edge: being fought)  ",
        h("b", { class: "gold", text: "⚑" }), " pennant",
        // not a <b>: only what the map always may show is bold
        overwatch.size ? h("span", {}, "  ", h("span", { class: "warn", text: OVERWATCH_GLYPH }),
          " enemy artillery next to it may fire Overwatch") : null),
      h("span", { text: ICONS.map((ic, u) => `${ic} ${UNITS[u]}`).join("  ") }),
      h("span", { id: "v2-owner-key", text: "a number on a town, a city or a unit badge: its owner's seat (Seat 0, Seat 1, ...)" }));
  }

  /** The unit selected to move, and where it can go: the prompt above the table still asks
   *  to "choose a unit to move (then where it goes)" once one is chosen. */
  function movingHint() {
    if (!o.active) return null;
    const targets = (view.legal || []).filter((e) => ["Step", "Bombard", "PickUp", "Unload"]
      .includes(e.action.type) && hexOf(e.action) !== null);
    if (!targets.length) return null;
    const a = o.active;
    const groups = new Map(); // what a click does -> the hexes it does it on, in order
    for (const e of targets) {
      const x = e.action;
      const where = x.where || name(hexOf(x));
      const verb = x.type === "Step" ? { attack: "attack", road: "take the road to" }[x.kind] || "move to"
        : x.type === "Bombard" ? "bombard" : x.type === "Unload" ? (x.attack ? "land and attack" : "unload on")
          : "take a unit aboard from";
      if (!groups.has(verb)) groups.set(verb, []);
      if (!groups.get(verb).includes(where)) groups.get(verb).push(where);
    }
    const can = [...groups].map(([verb, where]) => `${verb} ${where.join(", ")}`).join("; ");
    const risky = [...overwatch.keys()].map(name);
    return h("p", { class: "v2-hint", id: "v2-moving" },
      `Selected: your ${UNITS[a.unit]} on ${name(a.hex)}, ${counted(a.mp, "move")} left`
      + `${a.cargo ? `, ${a.cargo} aboard` : ""}. Choose a gold-edged hex to ${can}.`
      + (risky.length ? ` ${OVERWATCH_GLYPH} ${risky.join(", ")}: ${OVERWATCH_HINT}.` : ""));
  }

  /** A move that Overwatch fires at (a step or a road, a frigate's sail; units unloaded), not
   *  an attack (the battle's own Overwatch, at units moving in, is asked in the battle). */
  function overwatchMove(a) {
    return (a.type === "Step" && a.kind !== "attack") || (a.type === "Unload" && !a.attack);
  }

  /** The hexes a unit selected may move to (or unload on) that are next to enemy artillery
   *  this seat sees and that may still fire Overwatch this turn: hex -> [[artillery's hex,
   *  owner], ...]. Nothing where the observation says the option is off (overwatch: false),
   *  nor artillery its log says fired this turn, nor a player out of the game's. */
  function overwatchThreats() {
    const out = new Map();
    if (!o.active || o.overwatch === false || battleNow) return out;
    const index = (n) => cells.findIndex((c) => c.name === n);
    const fired = overwatchFired(view.log || [], index);
    const guns = o.units.filter(([hx, owner, units]) => owner !== o.player
      && !(o.players[owner] && o.players[owner].out) && units[2] > (fired.get(hx) || 0)
      && hx >= 0 && hx < cells.length);
    if (!guns.length) return out;
    for (const e of view.legal || []) {
      const hx = hexOf(e.action);
      if (hx === null || hx < 0 || hx >= cells.length || !overwatchMove(e.action) || out.has(hx)) continue;
      const near = guns.filter(([at]) => at !== hx && nextTo(cells[at], cells[hx])).map(([at, owner]) => [at, owner]);
      if (near.length) out.set(hx, near);
    }
    return out;
  }

  /** A card of the hand explained where its face abbreviates ("Regular Attack 2H/0M
   *  mountain"): its hits and misses, and what its terrain does (the Battle Cards text: in a
   *  battle fought on a hex of the card's terrain, all its hits are selective). */
  function explainCard(el, c) {
    const words = cardWords(c);
    if (!words) return el;
    if (c.type) el.append(h("small", { class: "card-type", text: c.type })); // under its face too
    const said = `${c.id} ${words}`;
    const label = el.getAttribute("aria-label");
    el.setAttribute("aria-label", label ? `${label}. ${words}` : said);
    el.title = el.title && el.title !== c.id ? `${el.title}\n${words}` : said;
    return el;
  }

  /** The discard pile's top card, face up: its id, and its short form and figures where the
   *  frame has them (a card played this battle round); the id alone otherwise. */
  function topDiscard(id) {
    const played = o.battle && o.battle.plays ? o.battle.plays.find((p) => p.card === id) : null;
    const el = tile(id, { note: played ? played.desc : "top of the discards" });
    el.classList.add("v2-discard-top");
    return played ? explainCard(el, played) : el;
  }

  // --- the last battle ---------------------------------------------------------------------

  /** The outcome of the last battle of this turn the seat saw (`last_battle`, from its own
   *  events: the map shows only its result, and a battle fought in one round left nothing
   *  to decide). Who won, the losses, and each roll's dice with the ones that hit (or the
   *  cards flipped); until the turn ends, or the player closes it. */
  function lastBattlePanel() {
    const fought = o.last_battle;
    if (!fought || dismissedBattle === `${view.seat}:${fought.key}`) return null;
    const seatName = (n) => (n === null ? null : who(n, view));
    const [att, def] = fought.seats;
    const { reason } = fought;
    const winner = fought.winner === "attacker" || fought.winner === "defender" ? fought.winner : null;
    const kind = BATTLE_KINDS[fought.kind] || "Battle";
    const side = (role) => (role === "attacker" ? seatName(att) : seatName(def)) || `the ${role}`;
    const won = winner === "attacker" || winner === "defender"
      ? `${side(winner)} ${side(winner) === "You" ? "win" : "wins"} (the ${winner}): ${reason}`
      : !FOUGHT.includes(fought.kind) ? "fire only: no hex changes hands" : `no winner: ${reason}`;
    const rounds = fought.rounds ? ` · ${counted(fought.rounds, fought.waves ? "wave" : "round")}` : "";
    const lost = [["attacker", fought.lost[0]], ["defender", fought.lost[1]]]
      .map(([role, what]) => `${side(role)} lost ${what === "none" ? "nothing" : what}`).join("; ");
    // The last round's rolls in sight; a long battle's earlier ones folded away.
    const lastRound = Math.max(0, ...fought.course.map((r) => r.round));
    const earlier = fought.course.filter((r) => r.round < lastRound);
    const latest = fought.course.filter((r) => r.round === lastRound);
    const close = h("button", { type: "button", class: "v2-close", title: "close",
                                "aria-label": "close the last battle's result",
                                onclick: () => { dismissedBattle = `${view.seat}:${fought.key}`; box.remove(); } }, "✕");
    const box = h("div", { class: "v2-last", id: "v2-last-battle" },
      h("div", { class: "v2-last-head" },
        // a hidden map tells its place only to its two sides (the others, its result)
        h("b", { text: `${kind} ${fought.where ? `at ${fought.where}` : "out of your sight"}${rounds}` }), close),
      h("div", { class: "v2-last-won", text: `${won[0].toUpperCase()}${won.slice(1)}.` }),
      h("div", { class: "v2-last-lost", text: `${lost}.` }),
      earlier.length ? h("details", {}, h("summary", { text: `the rolls of the earlier ${fought.waves ? "waves" : "rounds"}` }),
        ...earlier.map((r) => rollLine(r, seatName))) : null,
      lastRound && fought.rounds > 1 ? h("div", { class: "muted", text: `${fought.waves ? "Wave" : "Round"} ${lastRound}:` }) : null,
      ...latest.map((r) => rollLine(r, seatName)),
      fought.course.some((r) => r.dice) ? h("small", { class: "muted", text: DICE_KEY
        + (fought.course.some(allSelective) ? ` ${ARTILLERY_KEY}` : "") }) : null,
      fought.course.some((r) => r.descs) ? h("small", { class: "muted", text: FLIP_KEY }) : null);
    return box;
  }

  /** One roll (the data of its event): who rolled for what, its dice (the ones that hit edged
   *  gold, the misses hollow), the hits and what a die needed to hit; a flip's cards; another
   *  step of the battle (a card played, Suppression, a pass, a casualty, the attack's end) in
   *  the log's words. */
  function rollLine(r, seatName) {
    if (r.says) return h("div", { class: "muted", text: seatWords(r.says, view.seat) });
    const by = seatName(r.player);
    const got = `${counted(r.hits, "hit")}${r.selective ? ` (${r.selective} selective)` : ""}`;
    if (r.descs) {
      return h("div", { class: "v2-roll" }, h("span", { text: `${by} flipped for ${r.cause}: ` }),
        h("span", { class: "muted", text: r.descs.join(", ") || "no card left" }), ` → ${got}`);
    }
    const sorted = [...r.dice].sort((x, y) => x - y);
    const top = r.hits ? sorted[r.hits - 1] : 0; // the dice that hit are the lowest
    const target = hitTarget(r);
    const dice = r.dice.map((d) => {
      const hit = d <= top;
      const die = ctx.kit.die(d, "white", { used: !hit, title: `${d}: ${hit ? (d === 1 || r.selective === r.hits
        ? "a selective hit" : "a hit") : "a miss"}` });
      die.classList.add(hit ? "hit" : "miss");
      return die;
    });
    return h("div", { class: "v2-roll", "data-player": r.player ?? "" },
      h("span", { text: `${by} rolled for ${r.cause}: ` }), h("span", { class: "v2-dice" }, ...dice),
      ` → ${got} · ${target}`);
  }

  // --- the battle panel ----------------------------------------------------------------------

  /** The battle being fought, told as a player tells it: where (the hex as the map names it),
   *  who attacks and who defends with what, the round, and what is to be decided now; its
   *  actions as buttons named by the map's hexes (the resolver numbers hex sides, which the map
   *  does not show). The resolver's whole data was a dump of some 35 rows on a phone. */
  function battlePanel(b) {
    const kind = BATTLE_KINDS[b.kind] || "Battle";
    const title = b.hex < 0 ? `${kind} out of your sight` // a hidden map tells only its two sides
      : b.kind === "bombard" ? `Bombardment of ${b.where}` : `${kind} at ${b.where}`;
    return panel(title, h("div", { class: "v2-battle", id: "v2-battle" },
      h("div", { class: "muted", id: "v2-battle-where", text: battlePlace(b) }),
      sideLine(b, 0), sideLine(b, 1), cardsLine(b), rollsLine(b),
      h("div", { class: "now", id: "v2-battle-now", text: battleNowText(b) })),
    battleBar(b));
  }

  /** The dice (or the cards flipped) of the round just fought (the battle's `rolls`, of its
   *  round `rolls_round`): what a loss to pick, or the next round, follows from (the log at
   *  the side has them too). */
  function rollsLine(b) {
    if (!b.rolls || !b.rolls.length) return null;
    const seatName = (n) => (n === null ? null : who(n, view));
    const round = b.rolls_round ? `${b.mode === "cards" ? "Wave" : "Round"} ${b.rolls_round}` : "Before the first round";
    return h("div", { class: "v2-rolls", id: "v2-battle-rolls" },
      h("div", { class: "muted", text: `${round}:` }), ...b.rolls.map((r) => rollLine(r, seatName)));
  }

  /** "plains, Seat 1's town · round 2". */
  function battlePlace(b) {
    const s = b.hex >= 0 ? o.settlements.find((x) => x[0] === b.hex) : null;
    const urban = b.settlement === "none" ? ""
      : `, ${s ? `${whose(s[1])} ` : ""}${b.settlement}${s && s[3] >= 0 ? " (a capital)" : ""}`;
    let when = "";
    if (FOUGHT.includes(b.kind)) {
      when = b.mode === "cards" ? (b.wave ? `wave ${b.wave}` : "before the first wave")
        : b.round ? `round ${b.round}` : "before the first round";
    }
    return `${b.terrain}${urban}${when ? ` · ${when}` : ""}`;
  }

  /** One side of the battle: its seat, what it does, its units by kind and count and where
   *  they are; under it what else counts (dice, supply, losses, units that may join). */
  function sideLine(b, role) {
    const seat = b.seats[role];
    const you = seat === view.seat;
    const [verb, units, more] = role ? defenderSide(b) : attackerSide(b);
    return h("div", { class: "side", "data-role": role ? "defender" : "attacker" },
      swatch(seat),
      h("div", {}, h("b", { text: `${who(seat, view)} ${you ? verb[0] : verb[1]}: ` }), units,
        more.length ? h("small", { text: more.join(" · ") }) : null));
  }

  /** A hex's name, or null where a hidden map keeps the place from this viewer (-1). */
  function hexName(hx) {
    return hx >= 0 ? name(hx) : null;
  }

  function fromHex(hx) {
    return hexName(hx) ? ` from ${hexName(hx)}` : "";
  }

  function attackerSide(b) {
    const more = stats(b, 0);
    const bombard = any(b.attacker[0]) ? unitsWords(b.attacker[0]) : "";
    const where = b.bombard_hexes.map(hexName).filter(Boolean).join(", ");
    if (b.kind === "bombard") return [["bombard", "bombards"], `${bombard || "none"}${where ? ` from ${where}` : ""}`, more];
    if (bombard) more.unshift(`bombarding: ${bombard}${where ? ` from ${where}` : ""}`);
    const from = (i) => (b.kind === "overwatch" ? "" : fromHex(b.source_hexes[i])); // Overwatch's: the hex itself
    const sides = b.attacker.slice(1).map((c, i) => (any(c) ? `${unitsWords(c)}${from(i)}`
      + (b.sources[i] === "frigate" ? " (off a frigate)" : "") : "")).filter(Boolean);
    const waiting = b.reserves.map((c, i) => (any(c) ? `${unitsWords(c)}${hexName(b.source_hexes[i])
      ? ` on ${hexName(b.source_hexes[i])}` : ""}` : "")).filter(Boolean);
    if (waiting.length && b.decision !== "overwatch") more.push(`may still join: ${waiting.join(", ")}`);
    const units = sides.join("; ") || "none left";
    if (b.kind === "overwatch") return [["are under fire", "is under fire"], `${units}${b.hex >= 0 ? ` on ${b.where}` : ""}`, more];
    return [["attack", "attacks"], units, more];
  }

  function defenderSide(b) {
    const more = stats(b, 1);
    if (b.naval_support) more.push("a frigate next to it supports");
    if (b.overwatch_ready && b.kind !== "overwatch") {
      more.push(`${counted(b.overwatch_ready, "artillery", "artillery")} ready to fire Overwatch`
        + (b.secrecy ? " (Secrecy: not at this wave)" : ""));
    }
    const near = b.defender_groups.filter(([, c]) => any(c)).map(([hx, c]) => `${unitsWords(c)}${hexName(hx) ? ` on ${hexName(hx)}` : ""}`);
    if (near.length && b.mode !== "dice") more.push(`Reinforcements may draw in: ${near.join(", ")}`);
    const units = any(b.defender) ? unitsWords(b.defender)
      : b.settlement !== "none" ? `no units (the ${b.settlement} still fires)` : "none left";
    if (b.kind === "overwatch") return [["may fire Overwatch", "may fire Overwatch"], `${units} next to it`, more];
    if (b.kind === "bombard") return [["are bombarded", "is bombarded"], units, more];
    return [["defend", "defends"], units, more];
  }

  /** Dice (in the dice modes), combat supply and losses so far of a side. */
  function stats(b, role) {
    const out = [];
    if (b.kind === "overwatch" && !role) return out; // the units fired at do not fire back
    // in the dice modes, what a die needs: 1-3, 1-4 in combat supply
    const hit = `${b.dice[role] === 1 ? "hits" : "hit"} on 1-${b.hit_on[role]}${b.supply[role] ? " (in supply)" : ""}`;
    if (b.mode !== "cards" && b.kind !== "overwatch") out.push(`${counted(b.dice[role], "die", "dice")} ${hit}`);
    // combat supply is a dice rule: with the cards alone it plays no part
    else if (b.mode !== "cards") out.push(b.supply[role] ? "in supply" : "no supply");
    // Qualified hits (Viktory's README): a card's hits count up to the dice its player would
    // roll. Without it a 2-hit card that landed 1 read as a rule broken.
    else if (FOUGHT.includes(b.kind) && (role ? any(b.defender) : b.attacker.slice(1).some(any))) {
      out.push(`${counted(b.dice[role], "die", "dice")}: a card lands at most ${counted(b.dice[role], "hit")}`);
    }
    if (b.lost[role]) out.push(`lost ${b.lost[role]}`);
    return out;
  }

  /** Card modes: the cards played this card round (what each blocked and made live), the
   *  Special Events in effect, and the live hits with which Counters may answer them (the
   *  terminal's words). */
  function cardsLine(b) {
    const bits = [];
    const plays = b.plays || [];
    // An Attack or Counter card's play says the hits it made live (`live`).
    const cut = (p) => (p.live !== undefined && p.hits > p.live
      ? ` — ${counted(p.hits, "hit")} cut to ${p.live}: a card lands at most its player's dice` : "");
    if (plays.length) {
      bits.push(`Played: ${plays.map((p) => `${who(p.player, view)} ${playWords(p)}${cut(p)}`).join("; ")}`);
    }
    if (b.events && b.events.length) {
      bits.push(`In effect: ${b.events.map(([e, p]) => `${e} (${who(p, view)})`).join(", ")}`);
    }
    if (b.decision === "play" && b.to_move && b.to_move.length) {
      const facing = b.to_move[0] === view.seat ? "you" : who(b.to_move[0], view);
      bits.push(`Live hits against ${facing}: ${b.pending}${b.pending_selective ? " selective" : ""}; `
        + b.answering);
    }
    return bits.length ? h("div", { class: "muted", id: "v2-battle-cards" }, ...bits.map((t) => h("div", { text: t }))) : null;
  }

  /** What is to be decided now, and by whom, in a player's words. */
  function battleNowText(b) {
    if (b.result) {
      const won = b.result.winners.map((w) => who(w, view)).join(" and ");
      return `Over: ${won ? `${won} ${b.result.winners.length > 1 || won === "You" ? "win" : "wins"}` : "nobody wins"} (${b.result.reason}).`;
    }
    const chooser = b.to_move && b.to_move.length ? b.to_move[0] : null;
    if (!b.decision || chooser === null) return "";
    const me = chooser === view.seat;
    const them = who(chooser, view);
    const key = b.kind === "overwatch" && b.decision === "overwatch" ? "overwatch_alone" : b.decision;
    const text = (me ? YOUR_BATTLE_MOVE : THEIR_BATTLE_MOVE)[key];
    if (b.decision === "casualty" && b.casualties) return casualtyText(b.casualties, me, them);
    if (b.decision === "wave" && me) return waveText(b);
    if (b.decision === "play" && me && b.pending) {
      return `Your move: ${counted(b.pending, "hit")}${b.pending_selective ? " (selective)" : ""} against you: `
        + `choose a Counter card in your hand below to block ${b.pending === 1 ? "it" : "them"}, or pass and take ${b.pending === 1 ? "it" : "them"}.`;
    }
    // Every seat gets the window, whether it holds a Special Event or not (skipping it would
    // tell the others): with "pass" its only move, the prompt does not ask for a card.
    if (b.decision === "window" && me && view.legal && view.legal.length === 1) {
      return "Your move: none of your cards is a Special Event you can play now: pass.";
    }
    if (!text) return me ? "Your move." : `${them} decides.`;
    return me ? `Your move: ${text}` : `${them} ${text.replace("{wave}", `wave ${b.wave}`)}`;
  }

  function casualtyText(c, me, them) {
    const n = c.count === 1 ? "one unit" : `${c.count} units`;
    const cause = c.cause === "battle" ? "" : ` (${c.cause})`;
    if (c.victim === c.chooser) {
      return me ? `Your move: choose ${n} of yours to lose${cause}.` : `${them} chooses ${n} of its own to lose${cause}.`;
    }
    return me ? `Your move: your selective hits pick ${n} of ${whose(c.victim)} to lose${cause}.`
      : `${them}'s selective hits pick ${n} of ${whose(c.victim)} to lose${cause}.`;
  }

  function waveText(b) {
    const entries = view.legal || [];
    const attackCards = entries.filter((e) => e.action.type === "PlayCard" && e.action.use === "attack").length;
    const moveIn = entries.some((e) => e.action.type === "MoveIn");
    if (!entries.length) return `Your move: launch wave ${b.wave} with an Attack card, or call off the attack.`; // a replay
    if (moveIn && !attackCards) return "Your move: nobody defends, so move in without an Attack card.";
    if (moveIn) return "Your move: nobody defends, so move in, or choose an Attack card in your hand below.";
    if (!attackCards) return `Your move: you hold no Attack card for wave ${b.wave}, so call off the attack.`;
    return `Your move: to launch wave ${b.wave}, choose an Attack card in your hand below; or call off the attack.`;
  }

  /** The battle's actions not bound to a card, as buttons named by the map's hexes. */
  function battleBar(b) {
    if (!battleNow) return null;
    const left = (view.legal || []).filter((e) => !acts.bound.has(e.i));
    if (!left.length) return null;
    return h("div", { class: "actions" }, ...left.map((e) => acts.button(e, battleLabel(e, b))));
  }

  function battleLabel(e, b) {
    const a = e.action;
    const unit = (u, before = "") => `${/^[aeiou]/.test(before || UNITS[u]) ? "an" : "a"} ${before}${UNITS[u]}`;
    const side = (s) => hexName(b.source_hexes[s - 1]) || `hex side ${s}`;
    if (a.type === "Bring") return `bring ${unit(a.unit)} from ${side(a.side)}`;
    if (a.type === "Casualty") {
      const kind = a.attacker ? "attacking " : "defending ";
      const where = a.attacker ? ` ${a.side ? `from ${side(a.side)}` : "(bombarding)"}` : "";
      // Selective hits pick among another seat's units: "lose" read as giving up one's own.
      const c = b.casualties;
      if (c && c.victim !== c.chooser) return `hit ${whose(c.victim)} ${kind}${UNITS[a.unit]}${where}`;
      return `lose ${unit(a.unit, kind)}${where}`;
    }
    if (a.type === "DrawIn") {
      const group = b.defender_groups[a.side];
      const from = a.attacker ? ` from ${side(a.side)}` : group && hexName(group[0]) ? ` from ${hexName(group[0])}` : "";
      return `draw ${unit(a.unit, a.attacker ? "" : "defending ")}${from} into the battle`;
    }
    return e.label;
  }

  /** What clicking a card in the hand does now (null: nothing): nothing else on the table
   *  says that a wave is launched, or hits blocked, by clicking a card. */
  function cardHint() {
    const uses = new Set([...byCard.values()].flat().map((e) => (e.action.type === "PlayCard"
      ? e.action.use : e.action.type)));
    const wave = o.battle && o.battle.wave ? `wave ${o.battle.wave}` : "the attack";
    const pending = o.battle && o.battle.pending;
    const says = [
      uses.has("attack") && `an Attack card launches ${wave} with it`,
      uses.has("counter") && `a Counter card blocks ${pending ? `the ${counted(pending, "hit")} against you`
        : "the hits against you"}`,
      uses.has("event") && "a Special Event card plays its event",
      uses.has("text") && "a card plays it for its text",
      uses.has("PlayMoveCard") && "a +1 MP card gives the moving unit one more move",
      uses.has("Discard") && "a card discards it",
    ].filter(Boolean);
    if (!says.length) return null;
    return `Choose a card in your hand: ${says.join("; ")}.`;
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
