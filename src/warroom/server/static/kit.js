// The table kit: what every game's table view draws with. A table is an ES module that
// exports `render(root, view, ctx)`; `ctx.kit` is this module. See the server README.

const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

// A phone, as app.css has it: a screen below 600 px wide, or a touch screen below 500 px tall
// (one held sideways, 640 x 360, got the desktop's 31 px controls). The tables' own phone
// styles and matchMedia ask this query.
export const PHONE = "(max-width: 600px), (pointer: coarse) and (max-height: 500px)";

/** An element: h("div", {class: "x", text: "hi", onclick: f, "data-k": 1}, child, ...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = value;
    else if (key === "text") el.textContent = value;
    else if (key === "title") el.title = value;
    else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else el.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** A section with a heading. */
export function panel(title, ...children) {
  return h("section", { class: "panel" }, title ? h("h3", { text: title }) : null, ...children);
}

/** A playing card from its code ("10H", "AS", "JK"); null or "?" draws its back. */
export function card(code, opts = {}) {
  if (code === null || code === undefined || code === "?") {
    return h("span", { class: "card back", title: opts.title || "face down" });
  }
  if (code === "JK") return h("span", { class: "card joker", "data-card": code }, "🃏");
  const suit = code.slice(-1);
  const rank = code.slice(0, -1);
  const red = suit === "H" || suit === "D";
  return h("span", { class: `card ${red ? "red" : "black"}`, "data-card": code,
                     title: opts.title || code },
           h("b", { text: rank }), h("i", { text: SUITS[suit] || suit }));
}

/** A playing card's code as a person reads it ("10H": "10♥", "JK": "Joker"): a card's name
 * for a screen reader where the card is not a button. */
export function cardName(code) {
  if (code === "JK") return "Joker";
  const suit = code.slice(-1);
  return code.slice(0, -1) + (SUITS[suit] || suit);
}

/** A named card (a word or a tag rather than a playing card). */
export function tile(name, opts = {}) {
  return h("span", { class: `tile ${opts.class || ""}`, title: opts.title || name,
                     "data-card": opts.id || name }, h("b", { text: name }),
           opts.note ? h("small", { text: opts.note }) : null);
}

/** A face-down pile with its count; an empty one is an empty place, not a card's back. */
export function pile(label, count, top = null) {
  const face = top !== null ? top
    : h("span", { class: count ? "card back" : "card gap", title: count ? "face down" : "empty" });
  return h("div", { class: "pile" }, face, h("small", { text: `${label}: ${count}` }));
}

/** A die as SVG: `value` pips (1-6) or a number, in `colour`. `opts`: `label` (the text in
 *  its middle, instead of the value), `mark` (a small letter in its top left corner: a cue
 *  that does not rest on colour alone, such as "R" for red), `used` (drawn hollow), `title`. */
export function die(value, colour = "white", opts = {}) {
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", "0 0 40 40");
  svg.setAttribute("class", `die ${colour}${opts.used ? " used" : ""}`);
  const rect = document.createElementNS(ns, "rect");
  for (const [k, v] of Object.entries({ x: 2, y: 2, width: 36, height: 36, rx: 7 })) {
    rect.setAttribute(k, v);
  }
  svg.append(rect);
  const text = document.createElementNS(ns, "text");
  const label = opts.label !== undefined ? opts.label : String(value);
  // A mark beside a number: the number a little right and down, clear of it.
  const both = opts.mark && label;
  text.setAttribute("x", both ? 23 : 20);
  text.setAttribute("y", both ? 30 : 27);
  text.setAttribute("text-anchor", "middle");
  text.textContent = label;
  svg.append(text);
  if (opts.mark) {
    const mark = document.createElementNS(ns, "text");
    for (const [k, v] of Object.entries({ x: 11, y: 16, class: "mark", "text-anchor": "middle" })) {
      mark.setAttribute(k, v);
    }
    mark.textContent = opts.mark;
    svg.append(mark);
  }
  if (opts.title) svg.append(Object.assign(document.createElementNS(ns, "title"),
                                           { textContent: opts.title }));
  return svg;
}

/** Counters: e.g. hits taken out of a limit, as filled and empty pips. */
export function pips(filled, total, cls = "") {
  const out = h("span", { class: `pips ${cls}`, role: "img", "aria-label": `${filled} of ${total}`,
                          title: `${filled} of ${total}` });
  for (let i = 0; i < total; i++) out.append(h("i", { class: i < filled ? "on" : "" }));
  return out;
}

/**
 * The legal actions of a view, to bind to what the table draws.
 *  - `take(pred)` returns the legal actions (entries {i, label, action}) matching pred;
 *  - `bind(el, entries)` makes el clickable for them (one: acts; several: a menu);
 *  - `rest()` is a bar of buttons for every action not bound to anything, so that every legal
 *    action is always playable by mouse; `rest(title, hint)` leads it with `hint`, what the
 *    things bound on the table do ("Choose a highlighted unit to recruit it"), since what a
 *    thing does is in its tooltip only, which a phone never shows.
 */
export class Actions {
  constructor(view, act) {
    this.legal = view.legal || [];
    this.act = act;
    this.bound = new Set();
  }

  take(pred) {
    return this.legal.filter((e) => pred(e.action, e));
  }

  byType(type, pred = () => true) {
    return this.take((a) => a.type === type && pred(a));
  }

  bind(el, entries) {
    if (!entries || !entries.length) return el;
    for (const e of entries) this.bound.add(e.i);
    el.classList.add("playable");
    el.setAttribute("data-action", entries.map((e) => e.i).join(" "));
    el.title = entries.map((e) => e.label).join("\n");
    // Playable from the keyboard too, and named for a screen reader: a focusable button that
    // Enter or Space plays (a card or a hex is a span, a div or an SVG <g>, not a <button>).
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.setAttribute("aria-label", actionsName(el, entries));
    if (entries.length > 1) {
      el.setAttribute("aria-haspopup", "true");
      el.setAttribute("aria-expanded", "false"); // (true while its menu is open: `menu`)
    }
    el.addEventListener("click", (ev) => {
      ev.stopPropagation();
      if (entries.length === 1) this.act(entries[0].i);
      else menu(el, entries, this.act);
    });
    // As a <button>: Enter plays at once, Space when it is let go. (An SVG element has no
    // click(): the event, as reopenMenu sends it.)
    const press = () => el.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    el.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter" && ev.key !== " ") return;
      ev.preventDefault(); // Space would scroll the page; Enter would reach the menu it opens
      ev.stopPropagation();
      if (ev.key === "Enter" && !ev.repeat) press();
    });
    el.addEventListener("keyup", (ev) => {
      if (ev.key !== " ") return;
      ev.preventDefault();
      ev.stopPropagation();
      press();
    });
    return el;
  }

  button(entry, text) {
    this.bound.add(entry.i);
    return h("button", { class: "act", "data-action": String(entry.i),
                         onclick: () => this.act(entry.i) }, text || entry.label);
  }

  /** The bar of the actions left, under `title`; with a `hint` (given while something is
   *  bound), under the hint instead: "Choose a highlighted unit to recruit it, or:" before the
   *  buttons, the hint alone when there are none (on a phone the bar stays at the bottom of
   *  the screen, the things to tap maybe a screen away, and the question above them). */
  rest(title = "Choose", hint = "") {
    const left = this.legal.filter((e) => !this.bound.has(e.i));
    const hinted = hint && this.bound.size > 0;
    if (!left.length && !hinted) return null;
    const lead = !hinted ? title : left.length ? `${hint}, or:` : `${hint}.`;
    return h("div", { class: "actions" },
             h("span", { class: hinted ? "muted hint" : "muted", text: lead }),
             ...left.map((e) => this.button(e)));
  }
}

/** The accessible name of a thing bound to `entries`: what the thing shows, then its actions'
 *  labels ("♟ 2 infantry: casualty: attacking infantry (hex side 1)"; for several, "A♥: play
 *  A♥ as a soldier, or ...", which a menu then offers). A screen reader, or a person who speaks
 *  to the page, reads the name: it must hold the text a sighted player sees (a unit's count, a
 *  hex's name), so what the thing shows leads, unless the labels say it already ("play A♥ as a
 *  soldier" on the card A♥). */
function actionsName(el, entries) {
  const labels = entries.map((e) => e.label).join(", or ");
  const shown = shownText(el);
  const squeeze = (text) => text.toLowerCase().replace(/\s+/g, "");
  if (!shown || squeeze(labels).includes(squeeze(shown))) return labels;
  return `${shown}: ${labels}`;
}

/** The text a thing shows: its text, without what is not on the screen (an SVG <title> is a
 *  tooltip; a hidden part). A part hidden from screen readers (aria-hidden) is on the screen:
 *  a person who speaks to the page names the thing by it. */
export function shownText(el) {
  const parts = [];
  const walk = (node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      parts.push(node.textContent);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const tag = node.localName;
    if (tag === "title" || tag === "desc" || tag === "script" || tag === "style") return;
    if (node !== el && node.hidden) return;
    node.childNodes.forEach(walk);
  };
  walk(el);
  return parts.join(" ").replace(/\s+/g, " ").trim();
}

function menu(anchor, entries, act) {
  document.querySelectorAll(".menu").forEach((m) => m.remove());
  document.querySelectorAll("[aria-expanded=true]").forEach((el) => el.setAttribute("aria-expanded", "false"));
  anchor.setAttribute("aria-expanded", "true");
  // Closed, focus goes back to what opened it (while it is on the page: a choice's move
  // redraws the table, and the page then focuses the same thing on the new one).
  const close = () => {
    box.remove();
    anchor.setAttribute("aria-expanded", "false");
    if (anchor.isConnected) anchor.focus();
  };
  const box = h("div", { class: "menu", role: "group",
                         "aria-label": anchor.getAttribute("aria-label") || "choose" },
                ...entries.map((e) => h("button", { "data-action": String(e.i),
                                                    onclick: (ev) => {
                                                      ev.stopPropagation();
                                                      close();
                                                      act(e.i);
                                                    } }, e.label)),
                h("button", { class: "cancel", onclick: (ev) => {
                  ev.stopPropagation(); close();
                } }, "cancel"));
  // From the keyboard: Escape closes it, and Tab goes round its buttons (it is at the end of
  // the page, far from what opened it), as do the arrow keys, Home and End, which a list of
  // choices that pops up is expected to take.
  const steps = { Tab: 1, ArrowDown: 1, ArrowRight: 1, ArrowUp: -1, ArrowLeft: -1 };
  box.addEventListener("keydown", (ev) => {
    const buttons = [...box.querySelectorAll("button")];
    const at = buttons.indexOf(document.activeElement);
    let to = null;
    if (ev.key === "Escape") {
      ev.preventDefault();
      close();
    } else if (ev.key in steps && !ev.altKey && !ev.ctrlKey && !ev.metaKey) {
      const step = ev.key === "Tab" && ev.shiftKey ? -1 : steps[ev.key];
      to = (at + step + buttons.length) % buttons.length;
    } else if (ev.key === "Home" || ev.key === "End") {
      to = ev.key === "Home" ? 0 : buttons.length - 1;
    }
    if (to !== null) {
      ev.preventDefault();
      buttons[to].focus();
    }
  });
  // What it was opened on, so that a redraw with the same choices can open it again.
  box.dataset.for = anchor.getAttribute("data-action");
  box.dataset.labels = anchor.title;
  const r = anchor.getBoundingClientRect();
  box.style.top = `${r.bottom + window.scrollY + 4}px`;
  // In the main landmark (at the body's end it was outside every landmark: axe's "region").
  (document.querySelector("main") || document.body).append(box);
  // Under the thing clicked, but inside the screen: on a phone a thing near the right edge
  // would push the menu, and the page, past it.
  const right = document.documentElement.clientWidth - box.offsetWidth - 4;
  box.style.left = `${Math.max(4, Math.min(r.left, right)) + window.scrollX}px`;
  placeInView(box, r);
  box.querySelector("button").focus({ preventScroll: true });
}

/** A menu's place up and down, inside the screen: under the thing clicked where it fits, else
 *  above it, else as low as the screen lets it be (a thing near the bottom of a phone's screen
 *  put its menu's last buttons below the screen's edge); one taller than the screen scrolls.
 *  The screen's top is the bottom of the sticky header, which the menu does not cover (one
 *  opened upward on a phone hid "Your turn"). */
function placeInView(box, r) {
  const screen = window.innerHeight;
  const margin = 4;
  const header = document.querySelector("header.top.sticky");
  const sticky = header && getComputedStyle(header).position === "sticky";
  const ceiling = Math.max(0, sticky ? header.getBoundingClientRect().bottom : 0) + margin;
  if (box.offsetHeight > screen - ceiling - margin) {
    box.style.maxHeight = `${screen - ceiling - margin}px`;
    box.style.overflowY = "auto";
  }
  const height = box.offsetHeight;
  let top = r.bottom + margin; // in the screen's coordinates
  if (top + height > screen - margin) {
    top = r.top - margin - height >= ceiling ? r.top - margin - height
      : Math.max(ceiling, screen - margin - height);
  }
  box.style.top = `${top + window.scrollY}px`;
}

/**
 * After a redraw, open again the menu `before` (removed with the table it was opened on) if
 * the new table has a thing offering the same actions: another seat's move sends a new frame
 * while a person is choosing from the menu, and their choices may be what they were.
 */
export function reopenMenu(root, before) {
  if (!before) return;
  const same = [...root.querySelectorAll(".playable[data-action]")].find((el) =>
    el.getAttribute("data-action") === before.dataset.for && el.title === before.dataset.labels);
  // A hex of the Viktory II map is an SVG element, which has no click().
  same?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
}

/** The noun for a count: `one` for 1, else `many` (by default `one` and an "s": "towns";
 *  "cities", or "artillery" for a noun that keeps its form). */
export function plural(n, one, many) {
  return n === 1 ? one : many || `${one}s`;
}

/** A count and its noun: "1 town", "2 towns", "0 cities". */
export function counted(n, one, many) {
  return `${n} ${plural(n, one, many)}`;
}

// A summary is text wrapped for a terminal: its lines are joined again into the paragraphs and
// list items they were wrapped from, so that a phone's narrow column wraps them afresh. A line
// goes on the one before when it is indented, or when that one ends mid-sentence; "- " starts
// a list item and "1. " a numbered paragraph (at the start of a line, not indented), and the
// first line (the summary's title) stands alone.
function summaryBlocks(text) {
  const blocks = [];
  text.split("\n").forEach((raw, n) => {
    const line = raw.trimEnd();
    const last = blocks[blocks.length - 1];
    if (!line.trim()) { // a blank line ends a paragraph
      if (last) last.ended = true;
      return;
    }
    const item = /^(- |\d+\. )/.test(line);
    const ended = last && (last.ended || /[.!?]["')\]]*$/.test(last.text));
    if (last && !last.title && !last.ended && !item && (/^\s/.test(line) || !ended)) {
      last.text += ` ${line.trim()}`;
    } else {
      const bullet = line.startsWith("- ");
      blocks.push({ bullet, title: n === 0, text: (bullet ? line.slice(2) : line).trim() });
    }
  });
  return blocks;
}

/** A game's rules summary (the catalog's `summary`, what `?` shows in the terminal) in the
 *  page's fold: `<details id="rules"><summary>Rules of <span id="rules-game">` and
 *  `<div id="rules-text">`, as the lobby and the table page have it; hidden with no summary. */
export function drawRules(game, playedWith = "") {
  document.querySelector("#rules-game").textContent = game.title;
  const out = [];
  let list = null;
  for (const block of summaryBlocks(game.summary || "")) {
    if (block.bullet) {
      if (!list) out.push(list = h("ul"));
      list.append(h("li", { text: block.text }));
    } else {
      list = null;
      out.push(h("p", { class: block.title ? "rules-title" : null, text: block.text }));
    }
  }
  // The options this table is played with where they differ from the summary's defaults
  // (the welcome's `played_with`), as the terminal's `?` says them.
  if (playedWith) out.push(h("p", { class: "rules-played-with", text: playedWith }));
  document.querySelector("#rules-text").replaceChildren(...out);
  document.querySelector("#rules").hidden = !out.length;
}

/** "You" for the viewer's own seat, else "Seat N" (names from ctx when the page knows them). */
export function who(p, view) {
  if (p === null || p === undefined) return "-";
  return p === view.seat ? "You" : `Seat ${p}`;
}

/** "seat 1", "seats 1 and 3", "seats 0, 1 and 3"; a seat in `names` with its name in
 *  brackets: "seat 0 (heuristic since seat 0 resigned)", and then each seat named in full,
 *  "seat 1 (heuristic since seat 1 was away) and seat 3" (in "seats 1 (...) and 3" the
 *  brackets read as the whole list's). */
export function seatsText(seats, names = {}) {
  const one = (s) => (names[s] ? `${s} (${names[s]})` : `${s}`);
  if (seats.length === 1) return `seat ${one(seats[0])}`;
  const last = seats.length - 1;
  if (seats.some((s) => names[s])) {
    const each = seats.map((s) => `seat ${one(s)}`);
    return `${each.slice(0, last).join(", ")} and ${each[last]}`;
  }
  return `seats ${seats.slice(0, last).map(one).join(", ")} and ${one(seats[last])}`;
}

// A seat as the games' texts name it: "Player 1", "player 1" and, in a game whose table
// module exports SHORT_SEATS (Battle: "P1 plays 7♦"), "P1"; each a whole word only, with
// its possessive "'s". ("P1" is no seat in every game: a Viktory II hex may be named P3.)
const SEAT_LONG = /\b([Pp])layer (\d+)\b('s\b)?/g;
const SEAT_ANY = /\b(?:([Pp])layer (\d+)|P(\d+))\b('s\b)?/g;

/**
 * A game's text (a log line, an action's label, a prompt) in the table's words: the games
 * name seats "Player 1" (as the terminal does), Battle "P1", where everything else on the
 * page says "Seat 1" and "You". The viewer's own seat reads "Seat 1 (you)" (grammatical
 * whatever verb follows: "Seat 1 (you) plays 7♦", "8♠ attacks seat 1 (you) (group 1)"),
 * its possessive "your" ("strikes your 8♣", "pick 1 unit of yours"); any other seat
 * "Seat 1" at the start of a sentence, else "seat 1". A spectator (`seat` null) reads
 * "Seat N" only. `opts`: a table module, or {SHORT_SEATS, words}: "P1" is a seat too, and
 * `words(text)` is the table's own rewrite, after this one (Champions: card codes).
 */
export function seatWords(text, seat = null, opts = {}) {
  if (text === null || text === undefined) return text;
  const short = !!opts?.SHORT_SEATS;
  let out = String(text).replace(short ? SEAT_ANY : SEAT_LONG, (...m) => {
    const [all, p, long, tiny, possessive] = short ? m : [m[0], m[1], m[2], undefined, m[3]];
    const offset = m[m.length - 2];
    const whole = m[m.length - 1];
    const n = Number(long ?? tiny);
    const before = whole.slice(0, offset);
    const after = whole.slice(offset + all.length);
    // "Player 1" keeps its capital; a bare "P1" has one at the start of a sentence.
    const capital = p ? p === "P" : /(^|[.!?]\s+|---\s*)$/.test(before);
    const mine = seat !== null && seat !== undefined && n === seat
      && !/\byou \($/i.test(before); // "You (P1)" says it already
    if (mine && possessive) {
      const alone = /^(\s+(to|and|or|is|are)\b|\s*[,.;:)!?]|\s*$)/.test(after);
      const your = alone ? "yours" : "your";
      return capital ? your[0].toUpperCase() + your.slice(1) : your;
    }
    return `${capital ? "Seat" : "seat"} ${n}${mine ? " (you)" : ""}${possessive || ""}`;
  });
  if (typeof opts?.words === "function") out = opts.words(out);
  return out;
}

const YOU = /\b([Yy])ou(rs?)?\b/g;

/** A line a game writes to one seat alone ("You drew 2♣", "Your deck: ...", "(you chose
 *  ...)") with that seat named ("Seat 1 drew 2♣", "Seat 1's deck: ..."): on a device several
 *  people share (hotseat), "you" is whoever holds it. */
export function namedYou(text, seat) {
  return String(text).replace(YOU, (all, y, r) => `${y === "Y" ? "Seat" : "seat"} ${seat}`
    + (r ? "'s" : ""));
}

/** A view with its actions' labels and its prompt in the table's words (seatWords), for
 *  `table` (its module: SHORT_SEATS, words); the actions themselves are the view's. */
export function viewWords(view, table = {}) {
  if (!view) return view;
  const words = (text) => seatWords(text, view.seat, table);
  return { ...view, prompt: words(view.prompt),
           legal: (view.legal || []).map((e) => ({ ...e, label: words(e.label) })) };
}

/** The lines the log ends with that no game event gives: a resignation, which ends a game
 *  outside its rules ("Seat 1 resigned: the game is over"). */
export function endLines(view) {
  const resigned = ((view.terminal && view.outcome) || {}).details?.resigned;
  if (resigned === undefined) return [];
  return [`${resigned === view.seat ? "You" : `Seat ${resigned}`} resigned: the game is over`];
}

/** Who closed a closed table, after "Closed": "by the organiser", or "after 30 days with no
 *  move and no page open" for one the server closed as idle (`serve --close-idle`). `info`:
 *  the lobby's summary of the game, or the refusal frame (`by`, `idle_days`). */
export function closedBy(info) {
  if (info?.by !== "idle") return "by the organiser";
  const days = info.idle_days;
  return `after ${days} day${days === 1 ? "" : "s"} with no move and no page open`;
}

/** What an outcome's scores line adds when a seat that lost scored more than one that won
 *  (Word & Iron: a royal taken hostage ends the battle whatever the armies): that the scores
 *  did not decide the game, not to be read as the reason; else nothing. */
export function undecidedNote(out) {
  const scores = out.scores || [];
  const winners = out.winners || [];
  const least = Math.min(...winners.map((seat) => scores[seat]));
  const undecided = winners.length > 0
    && scores.some((n, seat) => !winners.includes(seat) && n > least);
  return undecided ? " (not what decided the game)" : "";
}

/** One number a seat, each named: "You 3 · Seat 1 2". */
function bySeat(numbers, view) {
  return numbers.map((n, seat) => `${seat === view.seat ? "You" : `Seat ${seat}`} ${n}`)
    .join(" · ");
}

/** One number a team, each named as the result names a team: "Your team (with seat 2) 3 ·
 *  Team 1 (seats 1 and 3) 0"; a team's number is its first member's (all share it). */
function byTeam(numbers, view, teams) {
  return teams.map((side, team) => {
    const n = numbers[side[0]];
    const others = side.filter((s) => s !== view.seat);
    if (others.length < side.length) {
      return `Your team${others.length ? ` (with ${seatsText(others)})` : ""} ${n}`;
    }
    return `Team ${team} (${seatsText(side)}) ${n}`;
  }).join(" · ");
}

/** An outcome's scores, named by what they count: "Units left: You 3 · Seat 1 2"; with
 *  `teams` (the sides whose members share one score: the welcome's `sides` where its
 *  `scores_by_team`), a number a team: "Castle points left: Your team (with seat 2) 3 · ...". */
export function scoresText(view, teams = []) {
  const name = view.score_name || "scores";
  const scores = (view.outcome || {}).scores || [];
  const whole = teams.length && teams.flat().length === scores.length
    && teams.every((side) => side.every((s) => scores[s] === scores[side[0]]));
  return `${name[0].toUpperCase()}${name.slice(1)}: `
    + (whole ? byTeam(scores, view, teams) : bySeat(scores, view));
}

/** What decided a win the scores do not show (Viktory II at its turn limit, capitals tied:
 *  the cities, then the towns): the outcome's details that give a number for each seat,
 *  "Cities: Seat 0 1 · Seat 1 1; towns: Seat 0 0 · Seat 1 1", or "" where a winner's score
 *  is above every other seat's. */
export function tieBreakText(view) {
  const out = view.outcome || {};
  const scores = out.scores || [];
  const winners = out.winners || [];
  const others = scores.filter((_, seat) => !winners.includes(seat));
  const least = Math.min(...winners.map((seat) => scores[seat]));
  if (!winners.length || !others.length || Math.max(...others) < least) return "";
  const text = Object.entries(out.details || {})
    .filter(([, v]) => Array.isArray(v) && v.length === scores.length
      && v.every((n) => typeof n === "number"))
    .map(([key, v]) => `${key.replaceAll("_", " ")}: ${bySeat(v, view)}`).join("; ");
  return text && text[0].toUpperCase() + text.slice(1);
}

/** The team (its number, the index of its side) whose members are exactly `winners`, or -1:
 *  a win of a seat alone, or of seats that are no one team. */
export function winningTeam(winners, sides = []) {
  return (sides || []).findIndex((side) => side.length > 1
    && side.length === winners.length && side.every((s) => winners.includes(s)));
}

/** The result of a finished game as its viewer reads it: "You win", "You lose - seat 1 wins",
 *  "You win, with seat 2" (a shared win), "A draw"; a spectator reads "Seat 1 wins". `names`
 *  names seats the AI took over (seatsText). `sides` are who win or lose together (the
 *  welcome's, a lobby summary's): a team that wins is named, "You lose - team 1 (seats 1 and
 *  3) wins", as the game's own words name it ("team 1's castle"). */
export function outcomeText(view, names = {}, sides = []) {
  const out = view.outcome || {};
  const winners = out.winners || [];
  if (!winners.length) return "A draw";
  const team = winningTeam(winners, sides);
  const who = team < 0 ? seatsText(winners, names) : `team ${team} (${seatsText(winners, names)})`;
  const wins = team < 0 && winners.length > 1 ? "win" : "wins";
  const seat = view.seat;
  if (seat === null || seat === undefined) {
    return `${who[0].toUpperCase()}${who.slice(1)} ${wins}`;
  }
  if (winners.includes(seat)) {
    const others = winners.filter((s) => s !== seat);
    return others.length ? `You win, with ${seatsText(others, names)}` : "You win";
  }
  return `You lose - ${who} ${wins}`;
}

/** The seats the AI took over (a lobby summary's seats, `handed`: why), named as the lobby
 *  names them: "heuristic since seat 0 resigned", so that a win is not read as the person's. */
export function handedNames(seats) {
  const names = {};
  for (const s of seats || []) {
    if (s.handed) names[s.seat] = s.label;
  }
  return names;
}

/** A log's list, scrolled to its last line; while it scrolls it takes the focus (in the order
 *  of Tab), so that its earlier lines can be read from the keyboard too (the arrow keys scroll
 *  it), under the name of its heading. */
export function scrollLog(list) {
  list.scrollTop = list.scrollHeight;
  const scrolls = list.scrollHeight > list.clientHeight + 1;
  if (scrolls && list.getAttribute("tabindex") !== "0") list.setAttribute("tabindex", "0");
  else if (!scrolls && list.hasAttribute("tabindex")) list.removeAttribute("tabindex");
}

/** Room left of a numbered log for its widest number: the stylesheet's padding holds two
 *  digits, and a game's log passes 100 lines (Viktory II's, 1000). */
export function fitLogNumbers(list, last) {
  list.style.paddingLeft = `calc(${String(Math.max(last, 1)).length}ch + 1.2em)`;
}
