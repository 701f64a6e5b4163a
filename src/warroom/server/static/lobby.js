// The lobby: the games on this server, and a form to start one (a game, its rules, its rule
// options from the game's config, and who sits in each seat).
import { closedBy, drawRules, h, winningTeam } from "/static/kit.js";

const $ = (sel) => document.querySelector(sel);
let catalog = null;
const values = {}; // option name -> value the person chose (absent: the default, not sent)

const SEAT_KINDS = [
  ["here", "me, on this device"],
  ["invite", "a person, by invite link"],
  ["random", "AI: random"],
  ["heuristic", "AI: heuristic"],
  ["mcts", "AI: mcts (search)"],
];

function game() {
  return catalog.games.find((g) => g.name === $("#game").value);
}

// --- the server's answers -------------------------------------------------------------------
// A request's answer, its body read as JSON: `{ok, res, body, error}`. A server that cannot be
// reached (restarting, down) or an answer that is no JSON (the plain-text 503 of a server at
// its limit, a proxy's HTML 502) has no body (null), and `error` says which, in a person's
// words; a refusal in JSON has the server's own. Nothing throws: every caller says what was
// not done, where the page shows it (a request that threw had the page say nothing at all).
async function fetchJson(url, options) {
  let res;
  try {
    res = await fetch(url, options);
  } catch {
    return { ok: false, res: null, body: null, error: "could not reach the server" };
  }
  const answered = `the server answered HTTP ${`${res.status} ${res.statusText}`.trim()}`;
  try {
    const body = await res.json();
    return { ok: res.ok, res, body, error: res.ok ? "" : body?.error || answered };
  } catch {
    return { ok: false, res, body: null, error: answered };
  }
}

// The alert above the Start button (role "alert": a screen reader says it at once). `field`:
// the option it is about, whose change takes it away (`putRight`).
function showFormError(message, field = "") {
  const alert = $("#form-error");
  alert.hidden = false;
  alert.textContent = message;
  alert.dataset.field = field;
}

// The players asked for, if the game takes that many (null if not).
function playersChosen(g) {
  const players = g.options.find((o) => o.name === "players");
  if (!players) return g.min_players;
  const text = shown(values.players ?? players.default).trim();
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  return n >= g.min_players && n <= g.max_players ? n : null;
}

function seatCount(g) {
  return playersChosen(g) ?? g.min_players;
}

// A player count the game does not take is said at once at its field, as the server would say
// it when the form is sent (the seats below stay at the fewest the game takes until then).
function checkPlayers(opt, input) {
  const g = game();
  const error = input.closest(".option")?.querySelector(".error");
  if (!error) return;
  const bad = playersChosen(g) === null;
  const allowed = detail(opt.name).allowed || `from ${g.min_players} to ${g.max_players}`;
  const text = input.value.trim();
  const label = detail(opt.name).label || opt.name;
  // A number that is not a whole one (3.5, 1e1), in range or not, is no integer to the
  // server: said in its words, as the form shows them ("Players must be an integer, got
  // '3.5'"); a whole number out of range is said with the range.
  const plus = text.startsWith("+") ? " (written without a plus sign)" : "";
  const said = !text ? `must be ${allowed}, not empty`
    : /^-?\d+$/.test(text) ? `must be ${allowed}, got ${text}`
      : `must be an integer${plus}, got '${text}'`;
  error.textContent = bad ? `${label} ${said}` : "";
  markInvalid(opt.name, bad);
}

function drawSeats() {
  const g = game();
  const box = $("#seats-form");
  const old = [...box.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector("select").value, seconds: row.querySelector(".seconds").value }));
  let before = null;
  box.replaceChildren(...Array.from({ length: seatCount(g) }, (_, i) => {
    const kind = h("select", { name: `seat${i}`, "data-seat": i, "aria-label": `seat ${i}` },
      ...SEAT_KINDS.map(([v, text]) => h("option", { value: v }, text)));
    // A seat added past the first two takes the kind of the seat before it: friends asked
    // to seat 1 by invite link are asked to the new seats too, not seated against AIs.
    const was = old[i] || before || { kind: i === 0 ? "here" : "heuristic", seconds: "1" };
    kind.value = was.kind;
    const seconds = h("input", { type: "number", name: `seconds${i}`, value: was.seconds,
                                 min: "0.05", max: "10", step: "0.05", class: "seconds",
                                 title: "seconds of search per move",
                                 "aria-label": `seat ${i}: seconds of search per move` });
    if (i > 0) before = was;
    const show = () => { seconds.hidden = kind.value !== "mcts"; };
    kind.onchange = show;
    show();
    return h("div", { class: "seat-row" }, h("span", { text: `Seat ${i}` }), kind, seconds,
             h("span", { class: "muted team", "data-seat": i }));
  }));
}

// --- the rule options -----------------------------------------------------------------------
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
const shown = (value) => (Array.isArray(value) ? value.join(",") : String(value ?? ""));

// Only what the person chose is sent: a field put back to the default sends nothing, so that
// the game's own default (for an optional option, the scenario's value) stands.
function setValue(opt, value) {
  if (value === undefined || same(value, opt.default) || shown(value) === shown(opt.default)) {
    delete values[opt.name];
  } else {
    values[opt.name] = value;
  }
  putRight(opt.name);
  if (opt.name === "players") drawSeats();
  showApplicable();
}

function detail(name) {
  return game().option_details?.[name] || {};
}

// Whether an option does anything with the other options as they stand: one of a seat's
// options for a seat in play, the values it needs of the others, and more than one value.
function applies(opt) {
  const d = detail(opt.name);
  if (d.fixed) return false;
  if (d.seat !== undefined && d.seat >= seatCount(game())) return false;
  if (d.when && layoutValues(opt.name)?.length === 1) return false;
  return Object.entries(d.when || {}).every(([other, allowed]) =>
    allowed.map(String).includes(String(current(other))));
}

function current(name) {
  return name in values ? values[name] : game().options.find((x) => x.name === name)?.default;
}

// A choice the game refuses with the players chosen (Battle's teams: 4 or 6 players; the
// server's catalog says which counts) is not offered, and the row says why.
function showPlayerLimits() {
  const g = game();
  const n = playersChosen(g);
  for (const opt of g.options) {
    const counts = detail(opt.name).players;
    const note = document.getElementById(`limit-${opt.name}`);
    if (!counts || !note) continue;
    const off = [];
    for (const item of document.getElementById(`opt-${opt.name}`).options) {
      const taken = counts[item.value];
      item.disabled = Boolean(taken) && n !== null && !taken.includes(n);
      if (item.disabled) off.push([item.value, taken]);
    }
    note.textContent = off.map(([value, taken]) => (taken.length ? `${value}: only with ${
      taken.length > 1 ? `${taken.slice(0, -1).join(", ")} or ${taken.at(-1)}` : taken[0]
    } players.` : `${value}: not played.`)).join(" ");
  }
}

// The values the game takes of an option shown only for some others' values (Battle's team
// size with teams: 2 of 4 players, 2 or 3 of 6), as the catalog's team layouts list them for
// the others as they stand; null where no layout fits (or names the option).
function layoutValues(name) {
  const g = game();
  const fits = (g.teams || []).filter((t) => name in t.options
    && Object.entries(t.options).every(([other, value]) => other === name
      || String(other === "players" ? seatCount(g) : current(other)) === String(value)));
  return fits.length ? [...new Set(fits.map((t) => String(t.options[name])))] : null;
}

// Each seat's team, as the game's own team_seats gives it for the options chosen (the
// catalog's `teams`, computed by the server).
function showTeams() {
  const g = game();
  // An option not offered is not sent: the game's default stands for it.
  const sent = (name) => {
    const opt = g.options.find((x) => x.name === name);
    return opt && !applies(opt) ? opt.default : current(name);
  };
  const layout = (g.teams || []).find((t) => Object.entries(t.options).every(([name, value]) =>
    String(name === "players" ? seatCount(g) : sent(name)) === String(value)));
  for (const label of document.querySelectorAll("#seats-form .team")) {
    const seat = Number(label.dataset.seat);
    const team = layout ? layout.teams.findIndex((seats) => seats.includes(seat)) : -1;
    // From 0, as the seats are numbered and the table numbers the teams.
    label.textContent = team >= 0 ? `team ${team}` : "";
  }
}

function showApplicable() {
  const g = game();
  let more = 0;
  for (const opt of g.options) {
    const row = document.querySelector(`[data-option="${opt.name}"]`);
    if (!row) continue;
    row.hidden = !applies(opt);
    if (!row.hidden && detail(opt.name).more) more += 1;
  }
  $("#more-options").hidden = !more;
  $("#more-options > summary").textContent = `More options (${more})`;
  showPlayerLimits();
  showTeams();
}

// What the option does (the comment its Config gives it), and for a typed value the values
// allowed (a choice or a check box shows its own).
function helpText(opt, d) {
  const said = d.help && !/[.!?:;]["')\]]*$/.test(d.help) ? `${d.help}.` : d.help;
  const typed = ["int", "float", "list", "text"].includes(opt.kind) && d.allowed;
  // "or none" is the command line's way to leave it unset: here, an empty field
  const allowed = typed && d.unset !== undefined ? d.allowed.replace(/,? or none$/, "") : d.allowed;
  return [said, typed ? `Allowed: ${allowed}.` : ""].filter(Boolean).join(" ");
}

function fieldFor(opt) {
  const id = `opt-${opt.name}`;
  const d = detail(opt.name);
  const unset = d.unset !== undefined;
  let input;
  let control;
  if (opt.kind === "file") {
    return fileField(opt, id, d);
  } else if (opt.kind === "bool" && unset) {
    // Three states: left to the game (the scenario's value), on or off.
    input = h("select", { id },
      h("option", { value: "" }, d.unset || "default"),
      h("option", { value: "true" }, "on"), h("option", { value: "false" }, "off"));
    input.value = opt.default === null ? "" : String(opt.default);
    input.onchange = () => setValue(opt, input.value === "" ? null : input.value === "true");
  } else if (opt.kind === "bool") {
    input = h("input", { type: "checkbox", id, checked: opt.default === true });
    input.onchange = () => setValue(opt, input.checked);
    control = h("label", { class: "check", for: id }, input,
                h("span", { class: "muted", text: `default: ${opt.default ? "on" : "off"}` }));
  } else if (opt.kind === "choice") {
    input = h("select", { id },
      unset ? h("option", { value: "" }, d.unset || "default") : null,
      ...opt.choices.map((c) => h("option", { value: c }, String(c))));
    input.value = opt.default ?? "";
    input.onchange = () => setValue(opt, input.value === "" && unset ? null : input.value);
  } else {
    input = h("input", { id, value: shown(opt.default),
                         type: opt.kind === "int" || opt.kind === "float" ? "number" : "text",
                         step: opt.kind === "float" ? "any" : "1",
                         placeholder: unset ? d.unset || "default" : "" });
    input.oninput = () => {
      const text = input.value.trim();
      setValue(opt, text === "" && unset ? null : input.value);
      if (opt.name === "players") checkPlayers(opt, input);
    };
  }
  return optionRow(opt, id, d, control || input);
}

function optionRow(opt, id, d, ...controls) {
  const help = helpText(opt, d);
  const helpId = `help-${opt.name}`;
  const limitId = `limit-${opt.name}`;
  const [first] = controls;
  const input = first.id === id ? first : first.querySelector(`#${CSS.escape(id)}`);
  const described = [help ? helpId : "", d.players ? limitId : ""].filter(Boolean).join(" ");
  if (described && input) input.setAttribute("aria-describedby", described);
  return h("div", { class: "option", "data-option": opt.name },
           h("label", { for: id, text: d.label || opt.name }), ...controls,
           help ? h("p", { class: "help", id: helpId, text: help }) : null,
           d.players ? h("p", { class: "help limit", id: limitId }) : null,
           h("span", { class: "error", id: `error-${opt.name}` }));
}

// The server's refusal of a field, said at the field and in the alert above the form, goes
// once the field changes: a message about a value no longer there would stand next to the
// value put right (the browser's own check may keep the form from being sent again, and
// with it from clearing them). The field's own check (the player count) says its word after.
function putRight(name) {
  const alert = $("#form-error");
  if (alert.dataset.field === name) forgetRefusal();
  const error = document.getElementById(`error-${name}`);
  if (error?.dataset.server) {
    error.textContent = "";
    delete error.dataset.server;
    markInvalid(name, false);
  }
}

function forgetRefusal() {
  const alert = $("#form-error");
  alert.hidden = true;
  alert.textContent = "";
  delete alert.dataset.field;
}

// A field the server refused (or put right again): marked invalid, and described by its error
// as well as by its help, so that a screen reader says why when it reaches the field.
function markInvalid(name, bad) {
  const input = document.getElementById(`opt-${name}`);
  if (!input) return null;
  const errorId = `error-${name}`;
  const ids = (input.getAttribute("aria-describedby") || "").split(/\s+/)
    .filter((one) => one && one !== errorId);
  if (bad) ids.push(errorId);
  if (ids.length) input.setAttribute("aria-describedby", ids.join(" "));
  else input.removeAttribute("aria-describedby");
  if (bad) input.setAttribute("aria-invalid", "true");
  else input.removeAttribute("aria-invalid");
  return input;
}

// The server's message in the form's words: "option 'hand_size' must be from 1 to 20, got 99"
// reads "Hand size must be from 1 to 20, got 99", as the field is labelled. A setting in the
// command line's form, "set players=2", reads "set Players to 2"; the bare name elsewhere in
// a sentence keeps the sentence's case ("the map is for 2 players", not "2 Players").
function errorWords(message, name) {
  const label = name && detail(name).label;
  if (!label) return message;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const forms = [`\\boption (['"])${escaped}\\1`, `(['"])${escaped}\\1`,
                 `\\b${escaped}=(?=[^\\s;,]+)`, `\\b${escaped}\\b`]
    .map((form) => new RegExp(form, "g"));
  const named = forms.find((form) => form.test(message));
  if (!named) return message;
  named.lastIndex = 0;
  const bare = named === forms[3];
  const text = message.replace(named, (found, ...rest) => {
    if (found.endsWith("=")) return `${label} to `;
    const at = rest.at(-2); // where it was found: a label begins a sentence as it is written
    const mid = bare && at > 0 && !/[.!?]\s*$/.test(message.slice(0, at));
    return mid && !/^.[A-Z]/.test(label) ? label[0].toLowerCase() + label.slice(1) : label;
  });
  return text[0].toUpperCase() + text.slice(1);
}

// A data file: one of the game's shipped files, or an upload checked by the server.
function fileField(opt, id, d) {
  const select = h("select", { id },
    h("option", { value: "" }, `${shown(opt.default)} (default)`.trim()),
    ...opt.shipped.filter((name) => name !== opt.default)
      .map((name) => h("option", { value: `shipped:${name}` }, name)),
    h("option", { value: "upload" }, "upload a file..."));
  const upload = h("input", { type: "file", accept: ".yaml,.yml,.txt", hidden: true,
                              "aria-label": `${d.label || opt.name}: file to upload` });
  select.onchange = () => {
    upload.hidden = select.value !== "upload";
    if (select.value === "") setValue(opt, undefined);
    else if (select.value.startsWith("shipped:")) setValue(opt, { shipped: select.value.slice(8) });
    else upload.click();
  };
  const row = optionRow(opt, id, d, select, upload);
  const error = row.querySelector(".error");
  upload.onchange = async () => {
    const file = upload.files[0];
    if (!file) return;
    delete error.dataset.server; // this file's word replaces the server's on the last one
    const form = new FormData();
    form.append("game", game().name);
    form.append("option", opt.name);
    form.append("file", file);
    const { ok, body, error: why } = await fetchJson("/api/uploads",
                                                     { method: "POST", body: form });
    if (!ok) {
      error.textContent = body ? why : `${capital(why)}: the file was not uploaded; try again`;
      markInvalid(opt.name, true);
      setValue(opt, undefined);
      return;
    }
    markInvalid(opt.name, false);
    error.textContent = `uploaded ${body.name}`;
    setValue(opt, { upload: body.id });
  };
  return row;
}

// The number of players of a game that takes several counts sits by the seats it makes, not
// in the folded rule options, where a person making a game of four never looked for it.
function bySeats(g, opt) {
  return opt.name === "players" && g.max_players > g.min_players && !detail(opt.name).fixed;
}

function drawOptions() {
  for (const key of Object.keys(values)) delete values[key];
  forgetRefusal(); // about a field of the game shown before
  const g = game();
  drawRules(g);
  const main = [];
  const more = [];
  const count = [];
  for (const opt of g.options) {
    (bySeats(g, opt) ? count : detail(opt.name).more ? more : main).push(fieldFor(opt));
  }
  $("#players-box").replaceChildren(...count);
  $("#options").replaceChildren(...main);
  $("#options-more").replaceChildren(...more);
  drawSeats();
  showApplicable();
}

async function create(ev) {
  ev.preventDefault();
  document.querySelectorAll(".option .error").forEach((e) => {
    if (!e.textContent.startsWith("uploaded")) e.textContent = "";
    delete e.dataset.server;
  });
  document.querySelectorAll(".option [aria-invalid]").forEach((e) => {
    if (e.id.startsWith("opt-")) markInvalid(e.id.slice(4), false);
  });
  forgetRefusal();
  const seats = [...document.querySelectorAll("#seats-form .seat-row")].map((row) => {
    const kind = row.querySelector("select").value;
    const seat = { kind };
    if (kind === "mcts") seat.seconds = Number(row.querySelector(".seconds").value);
    return seat;
  });
  // An option that does nothing as the others stand (hidden) is not sent, whatever it holds.
  const g = game();
  const options = Object.fromEntries(Object.entries(values).filter(([name]) => {
    const opt = g.options.find((o) => o.name === name);
    return opt && applies(opt);
  }));
  const { ok, body, error } = await fetchJson("/api/games", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: g.name, options, seats }),
  });
  if (!body) {
    showFormError(`${capital(error)}: nothing was started; try again`);
    return;
  }
  if (!ok) {
    // Said at the field, in the field's words, and aloud: the message below the form is an
    // alert (role "alert"), and the focus goes to the field to put right (a screen reader
    // then reads its label and its error).
    const row = body.field && document.querySelector(`[data-option="${CSS.escape(body.field)}"]`);
    const message = errorWords(error, row ? body.field : null);
    let field = null;
    if (row) {
      if (row.closest("#options-box")) $("#options-box").open = true;
      if (row.closest("#more-options")) $("#more-options").open = true;
      row.querySelector(".error").textContent = message;
      row.querySelector(".error").dataset.server = "1";
      field = markInvalid(body.field, true);
    }
    showFormError(message, row ? body.field : "");
    if (field && !row.hidden) field.focus();
    return;
  }
  const mineHere = body.seats.filter((s) => s.kind === "here");
  const here = mineHere.map((s) => s.token);
  const numbers = Object.fromEntries(mineHere.map((s) => [s.token, s.seat]));
  const invites = body.seats.filter((s) => s.kind === "invite");
  localStorage.setItem(`warroom:${body.id}`,
                       JSON.stringify({ here, seats: numbers, invites }));
  location.href = `/game/${body.id}${here.length ? `#t=${here.join(",")}` : ""}`;
}

// --- the games ------------------------------------------------------------------------------
// A person's seat: "connected" is whether its page is connected now (a game over, closed by
// the organiser, or one this server does not play, "outdated", has nobody to be away). In an
// open game only a seat
// nobody has joined (no page has opened its link) is "open": one whose page came is a person,
// away once that page is closed, as in a running game.
function seatText(s, status) {
  const state = seatState(s, status);
  return state === "ai" ? s.label : state === "away" ? "person (away)" : state;
}

// A seat's state in the list: "ai", "person", "open" (nobody has joined) or "away".
function seatState(s, status) {
  if (s.kind === "ai") return "ai";
  if (s.connected) return "person";
  if (status === "open" && !s.joined) return "open";
  return ["finished", "closed", "outdated"].includes(status) ? "person" : "away";
}

function words(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

const capital = (text) => text && text[0].toUpperCase() + text.slice(1);

// How a finished game ended, naming the seats as the list does: "seat 1 (heuristic) won",
// "a draw", "seat 0 resigned: seat 1 (person) won", "team 1 won: seat 1 (person) and seat 3
// (heuristic)" (a team's win, as the game names its teams).
function resultText(g) {
  const out = g.outcome;
  if (!out) return "";
  const seat = (i) => `seat ${i} (${g.seats[i] ? seatText(g.seats[i], g.status) : "?"})`;
  const team = winningTeam(out.winners, g.sides);
  const won = out.draw || !out.winners.length ? "a draw"
    : team >= 0 ? `team ${team} won: ${words(out.winners.map(seat))}`
      : `${words(out.winners.map(seat))} won`;
  const resigned = out.details?.resigned;
  return capital(Number.isInteger(resigned) ? `seat ${resigned} resigned: ${won}` : won);
}

// Whom a game in play waits for, as its spectators read it: "Waiting for seat 1 (away)", so
// that a club's organiser sees which table stands still for whom.
function waitText(g) {
  const WHY = { away: " (away)", open: " (not joined yet)" };
  const seats = (g.to_move || []).map((i) => {
    const state = g.seats[i] ? seatState(g.seats[i], g.status) : "";
    return `seat ${i}${WHY[state] || ""}`;
  });
  return seats.length ? `Waiting for ${words(seats)}` : "";
}

// Under the status: how a finished game ended, whom one in play waits for, or why a closed
// or an outdated one is not played here.
function statusNote(g) {
  if (g.status === "closed") return `Closed ${closedBy(g)}, unfinished`;
  if (g.status === "outdated") return capital(g.note || "");
  return g.outcome ? resultText(g) : waitText(g);
}

// A row's links: play or watch a game this server plays, and a finished one's record and
// replay (a game in play keeps its record back: it holds every secret); an outdated game's
// record when it is offered (a game not known to be over keeps it back). A table the
// organiser closed opens no more: its record so far, and its replay.
function links(g, link, playing) {
  // Each link names its game to a screen reader (a list of links read "watch" five times),
  // after the word it shows.
  const named = (word) => `${word} ${g.title} #${g.id.slice(0, 6)}`;
  const record = h("a", { href: `/api/games/${g.id}/record`, download: true,
                          "aria-label": named("record") }, "record");
  const replay = h("a", { href: `/replay/${g.id}`, "aria-label": named("replay") }, "replay");
  if (g.status === "closed") return [record, replay];
  if (g.status === "outdated") {
    return [g.record ? record
      : h("span", { class: "muted", text: "no record: it may not be over" })];
  }
  const go = playing.length ? "play" : "watch";
  return [h("a", { href: link, "aria-label": named(go) }, go),
          ...(g.status === "finished" ? [record, replay] : [])];
}

// When a game was made, shortly: "just now", "5 min ago", "3 h ago", then its date.
function whenText(created, now) {
  const ago = Math.max(0, now - created);
  if (ago < 60) return "just now";
  if (ago < 3600) return `${Math.floor(ago / 60)} min ago`;
  if (ago < 86400) return `${Math.floor(ago / 3600)} h ago`;
  const date = new Date(created * 1000);
  const year = date.getFullYear() !== new Date(now * 1000).getFullYear();
  return date.toLocaleDateString(undefined, { day: "numeric", month: "short",
                                              ...(year ? { year: "numeric" } : {}) });
}

const LISTED = 100; // games a page of the list shows
// The page of the list shown (the games it skips): the server lists the games in play
// first, so that a finished game never pushes one off the first page, then the others,
// each newest first. "Show older games" pages on through them.
let skipped = 0;
let asked = 0; // the last list asked for: an answer to an earlier one comes too late

async function refresh() {
  const ask = ++asked;
  const from = skipped;
  const { ok, res, body, error } = await fetchJson(
    `/api/games?limit=${LISTED}${from ? `&offset=${from}` : ""}`);
  if (ask !== asked) return;
  // The list as it was, said to be so while the server does not answer (a restart): the
  // next answer takes the note away.
  showStale(ok ? "" : `${capital(error)}: this list may be out of date`);
  if (!ok) return;
  const { games, total } = body;
  if (from && from >= total) { // (the games a page skipped are gone: a fresh database)
    skipped = 0;
    await refresh();
    return;
  }
  const older = $("#older");
  // A first page with a game over on it holds every game in play (they come first); one
  // with none in play means there is none, and its games are the newest.
  const playing = games.filter((g) => ["open", "running"].includes(g.status)).length;
  const listed = games.length;
  older.hidden = !(from || total > listed);
  older.textContent = from ? `Games ${from + 1} to ${from + listed} of ${total}.`
    : !playing ? `The ${listed} newest of ${total} games.`
      : playing === listed ? `The ${listed} newest games in play, of ${total} games.`
        : `Every game in play (${playing}), then the newest of the rest: ${listed} of ${total} games.`;
  $("#paging").hidden = older.hidden;
  $("#newer").disabled = !from;
  $("#more").disabled = from + games.length >= total;
  // "5 min ago" by the server's clock (its answer's Date), not by this device's
  const served = Date.parse(res.headers.get("Date") || "");
  const clock = (Number.isFinite(served) ? served : Date.now()) / 1000;
  const rows = games.map((g) => {
    const mine = JSON.parse(localStorage.getItem(`warroom:${g.id}`) || "null");
    const link = mine?.here?.length ? `/game/${g.id}#t=${mine.here.join(",")}` : `/game/${g.id}`;
    // A seat of this device the AI plays now (resigned, or handed over while away) is played
    // no more from here: its link watches, and the page says why.
    const playing = (mine?.here || []).filter((t) => g.seats[mine.seats?.[t]]?.kind !== "ai");
    const seats = g.seats.map((s) => seatText(s, g.status));
    const made = new Date(g.created * 1000);
    const note = statusNote(g);
    return h("tr", { "data-game": g.id },
      h("td", {}, g.title,
        h("small", { class: "meta" },
          h("span", { class: "game-id", title: `game ${g.id}`, text: `#${g.id.slice(0, 6)}` }),
          " · ",
          h("time", { datetime: made.toISOString(), title: made.toLocaleString(),
                      text: whenText(g.created, clock) }))),
      h("td", {}, g.status, note ? h("small", { class: "result", text: note }) : null),
      h("td", { text: (g.sides || g.seats.map((s) => [s.seat]))
        .map((side) => side.map((i) => seats[i]).join(" & ")).join(" vs ") }),
      h("td", { class: "go" }, ...links(g, link, playing)));
  });
  // An empty server's list says so, not a table of headings alone.
  if (!rows.length && !from) {
    rows.push(h("tr", { class: "none" },
      h("td", { colspan: 4, class: "muted", text: "No games on this server yet." })));
  }
  drawRows($("#games"), rows);
  fitTable($("table.games"));
}

// The one-line note above the games list (role "status"), or none for "".
function showStale(text) {
  let note = $("#games-stale");
  if (!note) {
    note = h("p", { id: "games-stale", class: "error", role: "status" });
    $("table.games").before(note);
  }
  note.textContent = text;
  note.hidden = !text;
}

// The list drawn again keeps the rows that did not change, and the keyboard's place in one
// that did (its link of the same name): every 3 s the focus fell to the page's body, and a
// screen reader heard the focused link again.
function drawRows(body, rows) {
  const focused = document.activeElement?.closest?.("#games tr[data-game] a");
  const place = focused && { game: focused.closest("tr").dataset.game, name: focused.textContent };
  rows.forEach((row, i) => {
    const old = body.children[i];
    if (!old) body.append(row);
    else if (!old.isEqualNode(row)) old.replaceWith(row);
  });
  while (body.children.length > rows.length) body.lastElementChild.remove();
  if (!place || document.activeElement !== document.body) return;
  const row = [...body.children].find((tr) => tr.dataset.game === place.game);
  const found = [...(row?.querySelectorAll("td.go a") || [])];
  (found.find((a) => a.textContent === place.name) || found[0])?.focus({ preventScroll: true });
}

// A table wider than its panel (text spacing at 320 px: 370 px, its links half off the
// screen) breaks its words anywhere to fit ("tight"); one that fits keeps them whole, which
// breaking anywhere always would not (the columns are shared out by their widest text).
function fitTable(table) {
  table.classList.remove("tight");
  const box = getComputedStyle(table.parentElement);
  const room = table.parentElement.clientWidth - parseFloat(box.paddingLeft)
    - parseFloat(box.paddingRight);
  table.classList.toggle("tight", table.offsetWidth > room + 0.5);
}

// --- play again --------------------------------------------------------------------------
// A finished game's "Play again" (`/?again=ID`) fills the form as that game was made: its
// game, rule options and seats, read from its record (offered once a game is over). The link
// holds the game's id alone, and no seed or token is taken from the record: only what the
// form itself holds. Start then makes the game as the form always does.
async function playAgain(gameId) {
  const { ok, body, error } = await fetchJson(`/api/games/${encodeURIComponent(gameId)}/record`);
  const g = ok && catalog.games.find((one) => one.name === body.game);
  if (!g) {
    showFormError(`Play again: ${ok ? `game ${gameId} is of ${body.game}, which this server does `
      + "not play" : error}`);
    return;
  }
  $("#game").value = g.name;
  drawOptions();
  for (const opt of g.options) {
    if (opt.name in (body.config || {})) fillOption(opt, body.config[opt.name]);
  }
  // The seats this device held were played here (hotseat); the other people were invited.
  const here = new Set(Object.values(
    JSON.parse(localStorage.getItem(`warroom:${gameId}`) || "null")?.seats || {}));
  const players = body.meta?.players || [];
  document.querySelectorAll("#seats-form .seat-row").forEach((row, i) => {
    const spec = players[i];
    if (typeof spec !== "string") return;
    const kind = row.querySelector("select");
    const [name] = spec.split(":");
    if (spec === "human") kind.value = here.has(i) ? "here" : "invite";
    else if (SEAT_KINDS.some(([k]) => k === name)) kind.value = name;
    const time = /[:,]time=([\d.]+)/.exec(spec);
    if (time) row.querySelector(".seconds").value = time[1];
    kind.dispatchEvent(new Event("change"));
  });
}

// One option's field set to `value`, through the field's own handler (as if chosen by hand).
function fillOption(opt, value) {
  const input = document.getElementById(`opt-${opt.name}`);
  if (!input || same(value, opt.default)) return;
  if (opt.kind === "file") {
    const name = Array.isArray(value) && value.length === 1 ? value[0] : value;
    if (!opt.shipped.includes(name)) return; // the cards or an upload: chosen again
    input.value = `shipped:${name}`;
  } else if (input.type === "checkbox") {
    input.checked = value === true;
  } else if (opt.kind === "choice" && value !== null
             && !opt.choices.map(String).includes(String(value))) {
    return; // no longer one of the game's choices
  } else {
    input.value = value === null ? "" : shown(value);
  }
  input.dispatchEvent(new Event(input.tagName === "INPUT" && input.type !== "checkbox"
    ? "input" : "change"));
  // a setting not the default is shown, not left in a closed fold
  const row = input.closest(".option");
  if (row.hidden) return;
  if (row.closest("#options-box")) $("#options-box").open = true;
  if (row.closest("#more-options")) $("#more-options").open = true;
}

async function start() {
  showStale(""); // (its place above the list, a live region before anything is said in it)
  await startForm();
  $("#more").onclick = () => page(LISTED);
  $("#newer").onclick = () => page(-LISTED);
  refresh();
  setInterval(refresh, 3000);
}

// The form, from the catalog of the games: without it there is nothing to start (the list
// below may still come).
async function startForm() {
  const answer = await fetchJson("/api/catalog");
  if (!answer.ok) {
    showFormError(`${capital(answer.error)}: the games could not be loaded; reload the page `
                  + "to try again");
    $("#start").disabled = true;
    return;
  }
  catalog = answer.body;
  $("#game").replaceChildren(...catalog.games.map((g) => h("option", { value: g.name }, g.title)));
  $("#game").onchange = drawOptions;
  $("#create").onsubmit = create;
  // Start pressed again and held back by the browser's own check of a field (a player count
  // of 3.5): the refusal of the last Start is of a form no longer there.
  $("#create").addEventListener("invalid", forgetRefusal, true);
  drawOptions();
  const again = new URLSearchParams(location.search).get("again");
  if (again) await playAgain(again);
}

// Another page of the list, read from its first row: the buttons are under the last.
async function page(by) {
  skipped = Math.max(0, skipped + by);
  await refresh();
  $("table.games").scrollIntoView({ block: "start" });
}

start();
