// The replay viewer of a finished game: every position as one seat saw it, or as a spectator.
// The positions come a window at a time (`from`, `count` and `log=changes`: each step's log
// given as its change from the step before), fetched as the viewer goes to them: a long
// game shows its first position once its first window has come, not once the whole game has.
import * as kit from "/static/kit.js";

const { h } = kit;
const id = location.pathname.split("/").filter(Boolean).pop();
const $ = (sel) => document.querySelector(sel);
// Positions a request asks for, from a multiple of WINDOW: a long Viktory II game's first
// window is some 8 KB compressed (its whole replay, 170 KB; 10 MB of JSON to read), and all
// its windows together about what the whole replay was.
const WINDOW = 128;
const AHEAD = 32; // the next window is fetched once a step is this close to it
const PARALLEL = 2; // requests at once (a prefetch waits until none is out)
const KEEP = 40; // windows kept: beyond, the one shown longest ago is dropped
let table = null;
let at = 0; // the position asked for: drawn once its window has come
let positions = 0; // how many the game has; 0 until the first window has come
let seats = []; // the game's seats as the lobby lists them
let sides = []; // its teams, as the lobby lists them (a game without teams: none)
let teamScores = false; // whether a team's members share one score (the lobby's scores_by_team)
let held = null; // the chosen viewer's positions (see holder)
let drawn = null; // the step on screen
let newest = 0; // the game's last position as its lobby entry gives it, before any window
let writing = null; // the timer that writes the position into the address (see follow)
let closed = null; // who closed the table (kit.closedBy): its last position is its end, unfinished
const IN_PLAY = ["open", "running"]; // a lobby summary's statuses of a game not over

// A viewer's positions: the answers kept (`steps` from `from`), which answer holds each
// position, and the windows on their way or refused.
function holder(viewer) {
  return { viewer, answers: new Map(), where: [], loading: new Set(), failed: new Set() };
}

const windowOf = (step) => Math.floor(step / WINDOW);

async function load(mine, index) {
  mine.loading.add(index);
  const first = index * WINDOW;
  let ok = false;
  let body;
  try {
    const res = await fetch(
      `/api/games/${id}/replay?seat=${mine.viewer}&from=${first}&count=${WINDOW}&log=changes`);
    body = await res.json();
    ok = res.ok;
  } catch (err) {
    body = { error: `the positions did not load: ${err.message}` };
  }
  mine.loading.delete(index);
  // The viewer was changed again while these loaded: they come too late to be shown.
  if (mine !== held) return;
  if (!ok) {
    mine.failed.add(index); // asked for again when the user goes somewhere
    $("#message").textContent = body.error;
    $("#message").hidden = false;
    if (positions) $("#where").textContent = `position ${at} of ${positions - 1} · not loaded`;
    return;
  }
  $("#message").hidden = true;
  keep(mine, body);
  if (!positions) {
    positions = body.positions;
    at = Math.min(at, positions - 1);
    $("#step").max = positions - 1;
    $("#step").value = at;
    $("#step").disabled = false;
    ends();
  }
  if (!table) {
    table = await import(`/tables/${body.game}.js`).catch(() => import("/static/fallback-table.js"));
    if (mine !== held) return;
  }
  // The position asked for now, not the one this window was fetched for: the user may have
  // gone on since, and this window may not hold it.
  draw();
  fetchAround();
}

// An answer's steps, by position; the answers shown longest ago go beyond KEEP.
function keep(mine, body) {
  const answer = { from: body.from, steps: body.steps, memo: null };
  mine.answers.set(answer.from, answer);
  answer.steps.forEach((_, i) => { mine.where[answer.from + i] = answer; });
  while (mine.answers.size > KEEP) {
    const [from, old] = mine.answers.entries().next().value;
    mine.answers.delete(from);
    old.steps.forEach((_, i) => {
      if (mine.where[from + i] === old) mine.where[from + i] = undefined;
    });
  }
}

// The log of an answer's step i: the lines of the step before it (in the answer) from
// `log_drop`, `log_from` of them, then its own `log`; a step whose `log_from` is 0 has its
// whole log. The last log worked out is kept, so that stepping on costs one change.
function logOf(answer, i) {
  const steps = answer.steps;
  let k = i;
  while (k > 0 && steps[k].log_from) k -= 1;
  let log;
  if (answer.memo && answer.memo.i <= i && answer.memo.i >= k) {
    ({ log } = answer.memo);
    k = answer.memo.i + 1;
  } else {
    ({ log } = steps[k]);
    k += 1;
  }
  for (; k <= i; k += 1) {
    const step = steps[k];
    const drop = step.log_drop || 0;
    log = log.slice(drop, drop + step.log_from).concat(step.log);
  }
  answer.memo = { i, log };
  return log;
}

// The step buttons that lead nowhere from `at` are disabled: "|<" and "< back" at the first
// position, "forward >" and ">|" at the last (a tap there did nothing, and a screen reader
// called them usable). The slider stays. A button that had the keyboard (Enter on "forward >"
// to the end) hands it to the slider, not to the page's body.
function ends() {
  const focused = document.activeElement;
  const off = { "#first": at <= 0, "#prev": at <= 0,
    "#next": at >= positions - 1, "#last": at >= positions - 1 };
  for (const [control, disabled] of Object.entries(off)) $(control).disabled = disabled;
  if (focused?.disabled && Object.keys(off).some((control) => $(control) === focused)) {
    $("#step").focus();
  }
}

function go(step) {
  if (!positions) return; // the arrow keys are heard before the positions have loaded
  at = Math.max(0, Math.min(step, positions - 1));
  $("#step").value = at;
  ends();
  held.failed.clear(); // a window refused before is asked for again
  follow();
  draw();
  fetchAround();
}

// The address follows the position and the viewer (`#as=S&at=N`, as a seat's Replay link
// gives it), so that a copied address comes back to what is on screen. It is replaced, not
// pushed: stepping does not fill the Back history. Written once the steps stop, since a held
// arrow key steps faster than browsers let an address be replaced (Safari throws past 100 in
// 30 s; Chrome ignores them).
function follow() {
  clearTimeout(writing);
  writing = setTimeout(() => {
    const seat = held.viewer === "spectator" ? "" : `as=${held.viewer}&`;
    try {
      history.replaceState(history.state, "", `#${seat}at=${at}`);
    } catch {
      // too many replaced at once: the next step writes it
    }
  }, 200);
}

// What a hash asks for, read alike when the page opens and when the hash changes: `#at=N`
// position N (the end, past it; the start, not a number), `#as=S` as seat S saw it (a seat
// the game has), else as a spectator.
function askedBy(hash) {
  const asked = new URLSearchParams(hash.slice(1));
  const from = asked.get("at") || "";
  const step = /^\d{1,9}$/.test(from) ? Math.min(Number(from), newest) : 0;
  const seat = asked.get("as") || "";
  return { step, viewer: seats.some((s) => String(s.seat) === seat) ? seat : "spectator" };
}

// A hash typed on the open page, or Back and Forward between hashes: go where it says. Read
// from the event: the address `follow` writes for the position before may have replaced it
// since (a write due as the hash was typed), and the page went back there.
function hashChanged(event) {
  const { step, viewer } = askedBy(new URL(event.newURL).hash);
  at = step;
  if (viewer !== held.viewer) {
    $("#viewer").value = viewer;
    choose(viewer);
  } else if (positions) {
    go(step);
  }
  // Before the first window has come, it draws `at` when it comes.
}

function draw() {
  const answer = held.where[at];
  if (!answer || !table) {
    // Not the position drawn before under this one's number: the table waits, hidden.
    $("#where").textContent = `position ${at} of ${positions - 1} · loading…`;
    document.body.classList.add("loading");
    drawn = null;
    return;
  }
  const i = at - answer.from;
  const view = answer.steps[i];
  document.body.classList.remove("loading");
  $("#where").textContent = `position ${at} of ${positions - 1}`;
  // On a phone the result panel is screens below the table: the bar says who won (app.css
  // shows the line on a phone alone).
  const ended = $("#ended");
  ended.textContent = view.terminal ? kit.outcomeText(view, kit.handedNames(seats), sides) : "";
  ended.hidden = !view.terminal;
  if (drawn === view) return;
  drawn = view;
  // The answer's order of age: the one shown last is dropped last.
  held.answers.delete(answer.from);
  held.answers.set(answer.from, answer);
  const own = logOf(answer, i);
  const log = own.concat(kit.endLines(view));
  // What happened at this step, said after its position (a screen reader heard "position 3
  // of 49" alone): the lines it added to the log (a step's log is its change from the step
  // before in its answer; of the first of an answer, whole, the last line), and the result.
  const added = (i > 0 ? view.log : own.slice(-1)).concat(kit.endLines(view))
    .map((line) => kit.seatWords(line, view.seat, table))
    .concat(view.terminal ? [kit.outcomeText(view, kit.handedNames(seats), sides)] : []);
  $("#step-lines").replaceChildren(...added.map((text) => h("p", { text })));
  const root = $("#table");
  root.replaceChildren();
  table.render(root, kit.viewWords(view, table), { kit, act: () => {}, seat: view.seat, names: [] });
  $("#log").replaceChildren(...log.map((line) => h("li", {
    text: kit.seatWords(line, view.seat, table) })));
  kit.fitLogNumbers($("#log"), log.length);
  kit.scrollLog($("#log"));
  const box = $("#result");
  // a closed table's last position is no game stopped mid-turn: it says how it ended
  const cut = closed && !view.terminal && at === positions - 1;
  box.hidden = !view.terminal && !cut;
  if (cut) {
    box.replaceChildren(h("h3", { text: "Result" }),
      h("p", { class: "headline", text: `Closed ${kit.closedBy(closed)}, unfinished: nobody won` }));
  }
  if (view.terminal) {
    const out = view.outcome;
    box.replaceChildren(h("h3", { text: "Result" }),
      h("p", { class: "headline", text: kit.outcomeText(view, kit.handedNames(seats), sides) }),
      // why it ended as the table's result says it: the closing lines of this viewer's log
      // (the end event and what brought it about), else the bare reason (a resignation's)
      ...(view.end_lines?.length ? view.end_lines : [out.reason]).map((line) => h("p", {
        class: "reason", text: kit.seatWords(line, view.seat, table) })),
      h("p", { class: "scores", text: kit.scoresText(view, teamScores ? sides : [])
        + kit.undecidedNote(out) }),
      // what broke a tie of the scores, as the table's result says it
      ...[kit.tieBreakText(view)].filter(Boolean).map((text) => h("p", { class: "tie-break", text })));
  }
}

// The window of the position asked for, if it has not come; then, with no request out, the
// next window a few steps ahead or back, so that stepping on does not wait.
function fetchAround() {
  const mine = held;
  const has = (index) => {
    const last = Math.min(positions, (index + 1) * WINDOW) - 1;
    return mine.where[index * WINDOW] && mine.where[last];
  };
  const wanted = [windowOf(at)];
  for (const near of [at + AHEAD, at - AHEAD]) {
    if (near >= 0 && near < positions) wanted.push(windowOf(near));
  }
  wanted.forEach((index, n) => {
    if (has(index) || mine.loading.has(index) || mine.failed.has(index)) return;
    if (mine.loading.size >= (n === 0 ? PARALLEL : 1)) return;
    load(mine, index).finally(() => { if (mine === held && positions) fetchAround(); });
  });
}

function choose(viewer) {
  held = holder(viewer);
  drawn = null;
  if (positions) go(at);
  else load(held, windowOf(at));
}

// A link to no game (or a server that did not answer): the page says so in its title and
// heading, not "Replay of <id>" over dead controls, and leads back to the lobby.
function noReplay(heading, text) {
  $("#title").textContent = heading;
  document.title = `${heading} - warroom`;
  $("#message").textContent = text;
  $("#message").hidden = false;
  $("#viewer").closest("label").hidden = true;
  document.querySelector(".steps").hidden = true;
  $("#log").closest("section").hidden = true;
  $("#table").replaceChildren(h("p", {}, h("a", { href: "/" }, "Go to the lobby")));
}

async function start() {
  let info;
  try {
    const answer = await fetch(`/api/games/${id}`);
    info = await answer.json();
    if (!answer.ok) {
      noReplay("This link opens no replay", info.error || `the server answered ${answer.status}`);
      return;
    }
  } catch (err) {
    noReplay("The replay did not load",
             `the game did not load: ${err.message}; reload the page to try again`);
    return;
  }
  seats = info.seats || [];
  sides = info.sides || [];
  teamScores = !!info.scores_by_team;
  closed = info.status === "closed" ? info : null;
  $("#title").textContent = `Replay of ${info.title || id}`;
  document.title = `Replay of ${info.title || id} - warroom`; // as the table's, "<game> - warroom"
  if (IN_PLAY.includes(info.status)) {
    // No position would come (the server replays a game once it is over): the page says so
    // and links to the table, where any page may watch; a seat's token stays with its
    // holder, and the lobby links a player to its own seat.
    $("#table-link").href = `/game/${id}`;
    $("#in-play").hidden = false;
    // nothing to see it as, to step through or to read: an empty list, dead buttons, a log
    $("#viewer").closest("label").hidden = true;
    document.querySelector(".steps").hidden = true;
    $("#log").closest("section").hidden = true;
    return;
  }
  const select = $("#viewer");
  select.replaceChildren(h("option", { value: "spectator" }, "a spectator"),
    ...(info.seats || []).map((s) => h("option", { value: String(s.seat) }, `seat ${s.seat}`)));
  select.onchange = () => choose(select.value);
  $("#first").onclick = () => go(0);
  $("#prev").onclick = () => go(at - 1);
  $("#next").onclick = () => go(at + 1);
  $("#last").onclick = () => go(positions - 1);
  $("#step").oninput = (ev) => go(Number(ev.target.value));
  const keys = { ArrowLeft: () => at - 1, ArrowRight: () => at + 1, Home: () => 0,
    End: () => positions - 1 };
  document.addEventListener("keydown", (ev) => {
    // The slider and the viewer's list take their arrow keys themselves; with a modifier a
    // key is the browser's (Alt+Left: Back).
    if (ev.target.closest?.("input, select, textarea")) return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey || ev.shiftKey) return;
    if (!Object.hasOwn(keys, ev.key) || !positions) return;
    // a step, not also a scroll of the page (End went to the last position and the bottom)
    ev.preventDefault();
    go(keys[ev.key]());
  });
  // `/replay/ID#at=N` opens at position N; `#as=S`, as seat S saw it (the table's Replay link
  // gives its seat): see askedBy.
  newest = Number.isInteger(info.version) ? info.version : 0;
  const { step, viewer } = askedBy(location.hash);
  at = step;
  select.value = viewer;
  choose(viewer);
  // an address asking for what is not there (`#at=-1`, `#as=7`) says at once what is shown
  if (location.hash) follow();
  window.addEventListener("hashchange", hashChanged);
}

start();
