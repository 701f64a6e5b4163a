// The table page: one WebSocket per seat this device holds (several for hotseat), or one as a
// spectator. The server sends each connection only what its seat may see; this page draws the
// latest view with the game's own table module and sends the clicked action back.
import * as kit from "/static/kit.js";

const { h } = kit;
const id = location.pathname.split("/").filter(Boolean).pop();
const saved = JSON.parse(localStorage.getItem(`warroom:${id}`) || "{}");

/** The seats' tokens an address's fragment holds ("#t=TOKEN,TOKEN"). */
function tokensIn(fragment) {
  return (new URLSearchParams(fragment.slice(1)).get("t") || "").split(",").filter(Boolean);
}

// An invite link this device claimed opens the seat by the token the server gave it then:
// the invite's own token opens it no more (whoever created the game holds that link too).
const given = tokensIn(location.hash);
const tokens = given.map((t) => saved.claimed?.[t] || t);
// ... and the address then holds that token, as it does once the link is claimed: a reload, a
// bookmark or a link copied from the address opens the seat, not the spent invite.
if (tokens.some((t, k) => t !== given[k])) {
  history.replaceState(null, "", `${location.pathname}#t=${tokens.join(",")}`);
}

function remember() {
  localStorage.setItem(`warroom:${id}`, JSON.stringify(saved));
}

// A seat the server has let this page in as: kept with its number, so that the lobby links
// back to it, and can tell when the AI plays it now (its person resigned, or was away).
function keepSeat(token, seat) {
  if (!token || ((saved.here || []).includes(token) && saved.seats?.[token] === seat)) return;
  if (!(saved.here || []).includes(token)) saved.here = [...(saved.here || []), token];
  saved.seats = { ...(saved.seats || {}), [token]: seat };
  remember();
}

const CLAIMED = "This seat is yours: the invite link opens it no more, this page's address "
  + "does. Bookmark it (or copy it) to come back from another browser or device.";

// The first page to open an invite link is given the seat's own token: it replaces the
// invite's here, in storage and in the page's address (a reload or a bookmark opens the seat).
function claimed(entry, token) {
  const invite = entry.token;
  saved.claimed = { ...(saved.claimed || {}), [invite]: token };
  saved.here = (saved.here || []).filter((t) => t !== invite);
  sockets.delete(invite);
  sockets.set(token, entry);
  entry.token = token;
  tokens.splice(tokens.indexOf(invite), 1, token);
  remember();
  history.replaceState(null, "", `${location.pathname}#t=${tokens.join(",")}`);
}

const views = new Map(); // seat (or "spectator") -> latest state frame
const sockets = new Map(); // token -> {ws, seat}
let welcome = null;
// Where this table's AI search stands in line for a worker (a `queued` frame; "" when it has
// one): a watched AI-only table behind tables where people play seemed to have stopped.
let queued = "";
let table = null; // the game's table module
let shown = null; // the seat on screen (null: spectator)
let revealed = true; // hotseat: the person at the screen has confirmed who they are
let messageTimer = null;
let refused = false; // the server refused this link: no table, no reconnecting
let confirming = null; // the seat whose "Resign? Yes / No" is open
let drawn; // the seat whose table is on screen (undefined: none is)
// The seats with a page connected (the lobby's flag): from the welcome, then from the
// presence frames the server sends when a seat's first page comes or its last goes.
let connected = new Set();
const awayFrom = new Map(); // person seat not connected -> since when (Date.now())
const joined = new Set(); // seats whose person has opened the game (an invite link spent)
let handing = null; // the seat whose "Let the AI play seat N? Yes / No" is open
let offered = ""; // the seats the page offers to let the AI play, as last drawn
let rulesAsked = false; // the game's rules summary is asked for once (showRules)
let pageTitle = ""; // the tab's title, without the turn (drawStatus puts the turn in front)
let playSeen = false; // a frame of the game in play came: its end comes while the page is here
let endShown = false; // the result was brought into sight (bringResult), once
let noticeUntilMove = false; // the notice on screen goes at the page's next move (notice)

const $ = (sel) => document.querySelector(sel);

function say(text, kind = "error") {
  const box = $("#message");
  box.textContent = text;
  box.className = `message ${kind}`;
  box.hidden = false;
  clearTimeout(messageTimer);
  messageTimer = setTimeout(() => { box.hidden = true; }, 5000);
}

// A connection can die without a word (a phone's network gone, its traffic dropped on the
// way): no close comes for minutes, and the page went on saying "Your turn". So the page asks
// (a ping every `ping` ms), and a connection from which no frame at all comes within `answer`
// ms of a hello, a ping or an act is taken for lost: it is opened again, as after a close. (A
// test may set window.warroomTiming before the page loads, not to wait seconds; `presence` is
// how long a page's coming or going holds before it is said, sayPresence.)
const TIMING = { ping: 10000, answer: 8000, presence: 1500, ...(window.warroomTiming || {}) };

function connect(token) {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${proto}://${location.host}/ws/${id}`);
  const before = sockets.get(token || "");
  // `down`: the connection closed and is not back yet (until the next welcome). `unsent`:
  // the version of an act the connection lost never answered.
  const entry = { ws, token, seat: undefined, retry: before?.retry || 0, log: [],
                  busy: before?.busy || 0, down: before?.down || false,
                  unsent: before?.unsent };
  sockets.set(token || "", entry);
  ws.onopen = () => {
    send(entry, token ? { type: "hello", token } : { type: "hello" });
    entry.pinging = setInterval(() => ping(entry), TIMING.ping);
  };
  ws.onmessage = (ev) => {
    clearTimeout(entry.waiting); // an answer: the connection is alive
    entry.waiting = undefined;
    receive(entry, JSON.parse(ev.data));
  };
  ws.onclose = (ev) => closed(entry, ev.code);
}

// A frame that the server answers (with any frame): the connection is lost if none comes.
function send(entry, frame) {
  entry.ws.send(JSON.stringify(frame));
  entry.waiting ??= setTimeout(() => lost(entry), TIMING.answer);
}

function ping(entry) {
  if (entry.seat !== undefined && entry.ws.readyState === WebSocket.OPEN) {
    send(entry, { type: "ping" });
  }
}

// The connection is given up without waiting for its close, which may never come.
function lost(entry) {
  if (refused || entry.gone || sockets.get(entry.token || "") !== entry) return;
  entry.ws.onopen = entry.ws.onmessage = entry.ws.onclose = null;
  entry.ws.close(4000, "no answer");
  closed(entry, 1006);
}

function closed(entry, code) {
  entry.gone = true;
  clearInterval(entry.pinging);
  clearTimeout(entry.waiting);
  entry.waiting = undefined;
  if (entry.sent !== undefined) entry.unsent = entry.sent; // said once it is back
  if (refused) return; // no table to come back to: nothing to reconnect
  // Too many at once (4429: this address's connections waiting to say hello, a game's or
  // the server's spectators, a seat's pages) is no refusal of the link: it passes. The page
  // tries again later, ever later and each page at its own moment (after a restart every
  // page of a club behind one address comes back at once, and a page that stopped for good
  // at the first of these never came back). That error frame may come with an abnormal
  // close (1006) instead, the server closing before it reads the hello: the frame says
  // so itself (`retry`).
  if (code === 4429 || entry.retryLater) {
    entry.down = true;
    drawStatus();
    const wait = busyWait(entry.busy);
    entry.busy += 1;
    say(`${entry.refusal || "too many connections"}; trying again in `
        + `${Math.ceil(wait / 1000)} s`);
    setTimeout(() => connect(entry.token), wait);
    return;
  }
  // Refused: wrong token, unknown game, no hello. An error frame before the welcome is a
  // refusal too, whatever the close code: a connection reset can turn the server's 44xx
  // into an abnormal close (1006).
  // A refusal after the welcome (4409: another server over the same database changed the
  // game) is said by the error frame just before the close.
  if ((code >= 4400 && code < 4500) || entry.refusal) {
    refuse(entry.refusal || entry.lastError
           || `the server refused this link (code ${code})`, entry.closed);
    return;
  }
  // Say so at once: the table on screen is the last one received, and a click on it does
  // nothing until the connection is back (the welcome and the state then come again).
  entry.down = true;
  drawStatus();
  entry.retry = Math.min(entry.retry + 1, 5);
  // each page at its own moment (0.5 to 1.5 times 0.5 s a try, up to 2.5 s): pages that
  // lost the server together do not all come back together
  entry.again = setTimeout(() => connect(entry.token),
                           500 * entry.retry * (0.5 + Math.random()));
}

// The device says its network went (a phone in a tunnel): the page says so at once; back
// online, it connects again at once. Back in sight (a phone's page frozen behind others), it
// asks whether its connections are still there.
addEventListener("offline", () => [...sockets.values()].forEach(lost));
addEventListener("online", () => {
  for (const entry of [...sockets.values()]) {
    if (entry.again === undefined || refused) continue;
    clearTimeout(entry.again);
    entry.again = undefined;
    connect(entry.token);
  }
});
document.addEventListener("visibilitychange", () => {
  if (!document.hidden) sockets.forEach(ping);
});

const BUSY_FIRST = 1000; // ms: the first wait after a 4429, doubled each time ...
const BUSY_MOST = 30000; // ... up to this

// The wait before try `n` (from 0) after a 4429: between half and the whole of
// BUSY_FIRST * 2^n (at most BUSY_MOST), drawn at random.
function busyWait(n) {
  const most = Math.min(BUSY_MOST, BUSY_FIRST * 2 ** Math.min(n, 10));
  return most / 2 + Math.random() * most / 2;
}

async function receive(entry, frame) {
  // Refused (the organiser closed the table): a frame another connection of this page still
  // brings (hotseat: a seat's page going) draws no table, seat or message over the panel.
  if (refused) return;
  // An action sent is answered by the next state (or an error): until then none is sent again.
  const answered = frame.type === "state" && entry.sent !== undefined; // this page's own move
  if (frame.type === "error" || frame.type === "state") entry.sent = undefined;
  entry.lastError = frame.type === "error" ? frame.message : undefined;
  if (frame.type === "error") {
    entry.closed = frame.closed === true && frame; // closed: who closed it (kit.closedBy)
    if (entry.seat === undefined) { // before the welcome
      entry.refusal = frame.message;
      entry.retryLater = frame.retry === true;
    }
    say(frame.message);
    return;
  }
  if (frame.type === "notice") {
    notice(frame.message);
    return;
  }
  if (frame.type === "queued") {
    queued = frame.message;
    drawStatus();
    return;
  }
  if (frame.type === "welcome") {
    welcome = frame;
    if (frame.token) {
      claimed(entry, frame.token);
      // Said once, when the invite is spent: a person who opens the invite again in another
      // browser (a chat app's own, say) only watches, and the seat's link is in this one.
      notice(CLAIMED, true);
      // Said at once: the server then knows the page holds the seat's own token (else the
      // invite link opens the seat again, for a page this welcome never reached).
      send(entry, { type: "ping" });
    }
    if (frame.seat !== null) keepSeat(entry.token, frame.seat);
    // Sent again when the seats change: a seat this page held was handed to the AI when its
    // person resigned, and the page watches from now on (the AI's view is not the person's).
    if (entry.seat !== undefined && entry.seat !== frame.seat) {
      views.delete(entry.seat);
      if (shown === entry.seat) shown = null;
    }
    entry.seat = frame.seat;
    entry.retry = 0;
    entry.busy = 0;
    entry.down = false;
    connected = new Set(frame.seats.filter((s) => s.connected).map((s) => s.seat));
    presenceSaid = new Set(connected); // what was before this page came is not news
    (frame.joined || []).forEach((s) => joined.add(s));
    connected.forEach((s) => joined.add(s));
    awayFrom.clear();
    for (const [seat, secs] of Object.entries(frame.away || {})) {
      awayFrom.set(Number(seat), Date.now() - secs * 1000);
    }
    if (!rulesAsked) showRules(frame.game);
    if (!table) table = await loadTable(frame.game);
    draw();
    nameTable(frame.title, frame.short_title, frame.id);
    drawStatus();
    return;
  }
  if (frame.type === "presence") {
    connected = new Set(frame.connected);
    sayPresence();
    connected.forEach((s) => { joined.add(s); awayFrom.delete(s); });
    for (const s of welcome?.seats || []) { // a seat whose last page went: away from now
      if (s.kind !== "ai" && !connected.has(s.seat) && !awayFrom.has(s.seat)) {
        awayFrom.set(s.seat, Date.now());
      }
    }
    drawSeats(shownView());
    drawInvites();
    drawStatus();
    return;
  }
  if (frame.type !== "state") return;
  // The frame carries the log lines from log_from on; this connection holds the rest. With
  // log_from 0 the lines begin at the observation's log_start in the whole log: a page opened
  // in the middle of a game has not got the lines before it, and says so.
  // A move sent on a connection lost before its answer: this frame says whether it was played.
  if (entry.unsent !== undefined && frame.version === entry.unsent) {
    say("your last move was not sent; choose again");
  }
  entry.unsent = undefined;
  if (!frame.terminal) playSeen = true;
  if (frame.log_from === 0) entry.logStart = frame.observation.log_start || 0;
  entry.log = (entry.log || []).slice(0, frame.log_from).concat(frame.log);
  frame.log = entry.log.filter((line) => line);
  frame.logEarlier = entry.logStart > 0;
  views.set(frame.seat === null ? "spectator" : frame.seat, frame);
  choose();
  draw();
  if (answered) followMoves();
}

// A move that asks for another (an attacker, then its target; the Spy's pick, then its
// swap): on a phone the next choice may be far up or down the long table, and nothing to tap
// was left in sight. After the page's own move (never when another seat's arrives), with
// nothing playable in sight, the page goes to the first thing that is, as "Your moves" does.
function followMoves() {
  if ($("#jump").hidden || !phone()) return;
  if (playableOutOfSight()) jumpToMoves();
}

// What happened at the table outside the game's log (a resignation, a seat handed to the
// AI, a link that opens its seat no more): one line, kept until the next, or until its close
// button (a "×" drawn by app.css: the notice's text stays the line alone). `untilMove`: gone
// too once the page sends a move (the seat's address, said when its invite is spent, stayed
// over the table for the whole game, and after a restart).
function notice(text, untilMove = false) {
  const box = $("#notice");
  box.replaceChildren(h("button", { class: "dismiss", type: "button",
                                    "aria-label": "Close this notice",
                                    onclick: () => { box.hidden = true; } }), text);
  box.hidden = false;
  noticeUntilMove = untilMove;
}

// A link the server refuses (a wrong token, an unknown game) leads to no table: say why, and
// keep saying it (an error frame's message fades; this one must not leave a blank page). A
// closed table (`closed`: the refusal, saying who closed it) is said so, with its record so
// far and its replay.
// A page that was at the table shows what a page opened afterwards shows: nothing is played
// there any more, so no prompt, no Resign, no hotseat switch, no invite links, and no seat
// connected or to move (the seats and the log so far stay). The closed table is said once, in
// the panel: the notice that came just before goes, and the server's sentence (which spells
// out the record's and the replay's addresses) is not repeated: the links are there.
function refuse(text, closed = null) {
  refused = true;
  confirming = null;
  handing = null;
  clearTimeout(messageTimer);
  drawStatus();
  $("#message").hidden = true;
  $("#status").textContent = closed ? "Table closed" : "Not at the table";
  if (!views.size) document.querySelector(".side").hidden = true; // no seats, no log
  if (!welcome) { // the page's title and heading say so, not "warroom table"
    const heading = closed ? "Table closed" : "This link opens no table";
    pageTitle = `${heading} - warroom`;
    document.title = pageTitle;
    $("#title").textContent = heading;
    if (closed) nameClosedTable();
  }
  for (const sel of ["#prompt", "#pass", "#invites", "#result"]) {
    $(sel).hidden = true;
    $(sel).replaceChildren();
  }
  if ($("#jump")) $("#jump").hidden = true;
  if (closed) $("#notice").hidden = true;
  drawSeats(shownView());
  const more = closed
    ? [h("p", { class: "muted", text: "Nothing more is played in this game; nobody won it." }),
       h("p", {},
         h("a", { href: `/api/games/${id}/record`, download: true }, "Its record so far"),
         " · ", h("a", { href: `/replay/${id}` }, "its replay"),
         " · ", h("a", { href: "/" }, "the lobby"))]
    : [h("p", { class: "muted",
                text: "Check the link you were sent, or ask for it again; the lobby lists the "
                      + "games on this server." }),
       h("p", {}, h("a", { href: "/" }, "Go to the lobby"))];
  $("#table").replaceChildren(h("section", { class: "panel", id: "refused" },
    h("h3", { text: !closed ? "This link opens no table"
      : closed.by === "idle" ? `This table was closed ${kit.closedBy(closed)}`
        : "The organiser closed this table" }),
    closed ? "" : h("p", { class: "error", text }), ...more));
}

// The header's name of the table: its game's title, and the game's id in a span of its own (a
// phone's header shortens the title, never the id). A phone shows the short title where there
// is one (app.css): the whole one was cut in the middle of its note ("Viktory II (the map game,
// with dice..."). The "·" between them ends the name (app.css): one that began the id's span
// started a phone's second line when the id wrapped to it.
function nameTable(title, shortTitle, gameId) {
  const short = shortTitle && shortTitle !== title ? shortTitle : "";
  const name = h("span", { class: "title-name" },
    h("span", { class: short ? "title-long" : null, text: title }),
    short ? h("span", { class: "title-short", text: short }) : null);
  $("#title").replaceChildren(name, h("span", { class: "title-id", text: ` game ${gameId}` }));
  $("#title").title = `${title} · game ${gameId}`;
  pageTitle = `${title} - warroom`;
}

// A closed table opened anew (no welcome comes) is named as it was while open, its game's
// title and id from the lobby's summary: the header said "Table closed" twice, and no game.
async function nameClosedTable() {
  try {
    const answer = await fetch(`/api/games/${encodeURIComponent(id)}`,
                               { signal: AbortSignal.timeout(3000) });
    const title = answer.ok ? (await answer.json()).title : null;
    if (!title) return;
    nameTable(title, null, id);
    document.title = pageTitle;
  } catch (err) {
    // (the heading stays "Table closed")
  }
}

// The rules summary of the game, from the lobby's catalog: public text, the same for every
// seat. Without an answer the fold stays hidden (the table plays on).
async function showRules(game) {
  rulesAsked = true;
  try {
    const answer = await fetch("/api/catalog");
    const entry = answer.ok && (await answer.json()).games.find((g) => g.name === game);
    if (entry) kit.drawRules(entry, welcome?.played_with);
  } catch (err) {
    console.error(err);
  }
}

async function loadTable(game) {
  try {
    return await import(`/tables/${game}.js`);
  } catch (err) {
    console.error(err);
    return import("/static/fallback-table.js");
  }
}

function localSeats() {
  return [...sockets.values()].map((e) => e.seat).filter((s) => s !== undefined && s !== null)
    .sort((a, b) => a - b);
}

// Hotseat: when the decision passes to another seat of this device, hide the table behind a
// "pass the device" screen until that person confirms, so no seat sees another's hand. While
// none of its seats has a decision (another seat is to move), a page whose table is not shown
// (just opened, or the seat on screen resigned) says whom the game waits for.
function choose() {
  const mine = localSeats();
  if (tokens.length <= 1) {
    shown = mine.length ? mine[0] : null;
    revealed = true;
    return;
  }
  if (mine.some((s) => views.get(s)?.terminal)) {
    // The game is over: nobody is to move, and nothing is secret any more (the replay shows
    // every seat's view). The seat on screen stays; a page just opened shows its first seat.
    if (shown === null && mine.length) shown = mine[0];
    revealed = true;
    return;
  }
  const current = shown !== null ? views.get(shown) : null;
  // The seat on screen keeps it while it has a decision, once its person has said who they
  // are. Until then the device is asked for the lowest seat with a decision: each seat has its
  // own connection, their frames arrive in no fixed order, and the first to arrive must not
  // choose who plays first.
  if (current && current.legal.length && revealed) return;
  const next = mine.find(deciding);
  if (next !== undefined && next !== shown) {
    shown = next;
    revealed = false;
  } else if (shown === null && mine.length) {
    shown = mine[0];
    revealed = false;
  }
}

// A seat of this device with a decision now. Each seat's frames come on its own connection, in
// no fixed order: a frame older than another seat's newest is not counted (the decision it
// offers may be gone: the other seat's move answered it), nor is any once the game is over.
function deciding(seat) {
  const view = views.get(seat);
  if (!view?.legal.length) return false;
  return localSeats().every((s) => {
    const other = views.get(s);
    return !other || (!other.terminal && other.version <= view.version);
  });
}

/** No seat of this device has a decision now: the game waits for someone else. */
function waitingHere() {
  return !localSeats().some(deciding);
}

function act(seat, view, index) {
  const entry = [...sockets.values()].find((e) => e.seat === seat);
  if (!entry || entry.ws.readyState !== WebSocket.OPEN) {
    say("not connected; reconnecting");
    return;
  }
  // One action a version: a double click (or a second click before the answer has come) would
  // send another for the version the first one changed, which the server refuses as stale. A
  // tap a while after it is told why nothing happens (the connection is given up, said in the
  // header, if the answer does not come).
  if (entry.sent === view.version) {
    if (Date.now() - entry.sentAt > 1000) {
      say("your move was sent; waiting for the server", "notice");
    }
    return;
  }
  entry.sent = view.version;
  entry.sentAt = Date.now();
  const action = view.legal.find((e) => e.i === index)?.action;
  send(entry, { type: "act", version: view.version, index, action });
  if (noticeUntilMove) {
    noticeUntilMove = false;
    $("#notice").hidden = true;
  }
}

// Giving up the seat on screen: asked twice ("Resign? Yes / No"), since it cannot be undone.
function resign(seat) {
  confirming = null;
  const entry = [...sockets.values()].find((e) => e.seat === seat);
  if (!entry || entry.ws.readyState !== WebSocket.OPEN) {
    say("not connected; reconnecting");
    draw();
    return;
  }
  send(entry, { type: "resign" });
}

function resignControl(view) {
  // The seat on screen is this device's person's (a hotseat seat once its person has said who
  // they are); a spectator, or a game over, has nothing to resign.
  if (shown === null || !revealed || !view || view.terminal || view.out?.includes(shown)) {
    return null; // (a seat the rules put out has nothing left to resign)
  }
  if (confirming !== shown) {
    return h("button", { id: "resign", class: "resign",
                         onclick: () => {
                           confirming = shown;
                           drawSeats(view);
                           // On a phone the seats are at the bottom: the question in sight.
                           $("#resign-confirm")?.scrollIntoView({ block: "center" });
                         } }, "Resign");
  }
  const then = (view.resign_ends_game ?? welcome?.resign_ends_game)
    ? `The other side wins the game${alliesText(shown)}.`
    : "The heuristic AI plays your seat on, and you watch.";
  return confirmation("resign", "Resign?", then, () => resign(shown),
                      () => { confirming = null; drawSeats(view); });
}

// "Resign? Yes / No", "Let the AI play seat 1? Yes / No": an alert dialog named by its question
// and described by what follows, which a screen reader reads when the focus comes to it (it
// heard "Yes, button" alone). The focus comes to No (drawSeats): Enter, Enter resigned.
function confirmation(kind, question, then, yes, no) {
  return h("div", { class: "resign-confirm", id: `${kind}-confirm`, role: "alertdialog",
                    "aria-labelledby": `${kind}-question`, "aria-describedby": `${kind}-then` },
    h("p", {}, h("b", { id: `${kind}-question`, text: `${question} ` }),
      h("span", { id: `${kind}-then`, text: then })),
    h("button", { id: `${kind}-yes`, class: "danger", onclick: yes }, "Yes"), " ",
    h("button", { id: `${kind}-no`, onclick: no }, "No"));
}

// In a team game the allies lose with the resigner: "; seat 2, your ally, loses with you".
function alliesText(seat) {
  const side = (welcome?.sides || []).find((group) => group.includes(seat)) || [];
  const allies = side.filter((s) => s !== seat);
  if (!allies.length) return "";
  return allies.length === 1 ? `; seat ${allies[0]}, your ally, loses with you`
    : `; ${kit.seatsText(allies)}, your allies, lose with you`;
}

// A person's page opening or closing is said aloud (the seats list changes only where the
// eye is), once it has held a moment: a page that reconnects is not news.
let presenceSaid = new Set(); // the seats connected as last said
let presenceTimer = null;
function sayPresence() {
  clearTimeout(presenceTimer);
  presenceTimer = setTimeout(() => {
    const here = localSeats();
    const persons = (welcome?.seats || []).filter((s) => s.kind !== "ai" && !here.includes(s.seat))
      .map((s) => s.seat);
    const came = persons.filter((s) => connected.has(s) && !presenceSaid.has(s));
    const went = persons.filter((s) => !connected.has(s) && presenceSaid.has(s));
    presenceSaid = new Set(connected);
    const news = [[came, "joined the table"], [went, "left the table"]]
      .filter(([seats]) => seats.length).map(([seats, what]) => {
        const who = kit.seatsText(seats);
        return `${who[0].toUpperCase()}${who.slice(1)} ${what}.`;
      });
    if (news.length) $("#presence-said").textContent = news.join(" ");
  }, TIMING.presence);
}

// "3 min": how long a seat has had no page connected.
function awayText(seat) {
  const secs = Math.max(0, (Date.now() - awayFrom.get(seat)) / 1000);
  if (secs < 60) return `${Math.floor(secs)} s`;
  if (secs < 3600) return `${Math.floor(secs / 60)} min`;
  return `${Math.floor(secs / 3600)} h`;
}

// A person seat the game waits for, away (no page connected) long enough that the other
// players may let the AI play it: the game would otherwise wait for them forever.
function awayTooLong(view) {
  if (!view || view.terminal || (!revealed && !waitingHere()) || !localSeats().length
      || !welcome || !allOpened()) return [];
  return (view.observation?.to_move || []).filter((seat) => {
    const info = welcome.seats.find((s) => s.seat === seat);
    return info && info.kind !== "ai" && !localSeats().includes(seat) && !connected.has(seat)
      && awayFrom.has(seat) && Date.now() - awayFrom.get(seat) >= welcome.hand_after * 1000;
  });
}

function handControls(view) {
  const seats = awayTooLong(view);
  offered = seats.join(",");
  if (handing !== null && !seats.includes(handing)) handing = null;
  return seats.map((seat) => {
    if (handing !== seat) {
      return h("button", { class: "hand", id: `hand-${seat}`,
                           onclick: () => { handing = seat; drawSeats(view); } },
        `Let the AI play seat ${seat}`);
    }
    return confirmation("hand", `Let the AI play seat ${seat}?`,
      `Seat ${seat} ${joined.has(seat) ? "has been away" : "has not joined in"} `
      + `${awayText(seat)}: the heuristic AI plays it for the rest `
      + "of the game, and its person watches if they come back.", () => hand(seat),
      () => { handing = null; drawSeats(view); });
  });
}

function hand(seat) {
  handing = null;
  const entry = [...sockets.values()].find((e) => e.seat !== undefined && e.seat !== null
                                                   && e.ws.readyState === WebSocket.OPEN);
  if (!entry) {
    say("not connected; reconnecting");
    return;
  }
  send(entry, { type: "hand", seat });
}

/** The frame of the seat on screen (a spectator's when it is none). */
function shownView() {
  return views.get(shown === null ? "spectator" : shown);
}

// Focus across a redraw: the table and the seats are drawn anew on every frame, and the thing
// the keyboard was on goes with them (focus would fall back to the page's start). What it was
// (its data-action or id) is noted before, and the same thing is focused after, else the
// first playable thing, else the question asked (the prompt), else the table.
function focusNote(box) {
  const el = document.activeElement;
  if (!el || el === document.body || !(box.contains(el) || el.closest(".menu"))) return null;
  const menu = el.closest(".menu");
  return { action: el.getAttribute("data-action"), id: el.id, inMenu: !!menu,
           cancel: el.classList.contains("cancel"), anchor: menu?.dataset.for,
           label: labelOf(el), seen: inSight(el), playable: el.classList.contains("playable") };
}

const labelOf = (el) => el.getAttribute("aria-label") || el.textContent;

function inSight(el) {
  const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.right > 0 && r.top < innerHeight && r.left < innerWidth;
}

// A focus the browser shows (:focus-visible: the keyboard's, not a click's) is brought into
// sight, as little as it takes: a ring below the screen's edge showed the keyboard's user
// nothing, the page left where it was.
function focusInSight(el) {
  el.focus({ preventScroll: true });
  if (el.matches(":focus-visible")) el.scrollIntoView({ block: "nearest" });
}

// A thing focus() moves the focus to: one that takes it (a button, a field, a tabindex; a
// heading given tabindex -1). A Viktory II hex keeps its id when it stops being playable, and
// focus() on it did nothing: the focus fell to the page's body.
const focusable = (e) => (e && (e.tabIndex >= 0 || e.hasAttribute("tabindex")) ? e : null);

function focusAgain(box, note, fallbacks) {
  if (!note) return;
  const el = document.activeElement;
  if (!note.inMenu && el && el !== document.body && el !== box && el.isConnected
      && (box.contains(el) || el.closest(".menu"))) return; // focused already (a menu reopened)
  const visible = (e) => (e && e.getClientRects().length ? e : null);
  const find = (sel) => visible(sel.startsWith("#") ? $(sel) : box.querySelector(sel));
  const attr = (v) => `[data-action="${CSS.escape(v)}"]`;
  // The same action's number on a thing of another kind is another move (a card's number,
  // once it is played, can be the pass that ends a card battle's round): never focused.
  const alike = (e) => (e && (e.classList.contains("playable") === note.playable
                              || labelOf(e) === note.label) ? e : null);
  const menu = document.querySelector(".menu");
  const target = (note.inMenu && menu && visible(note.cancel ? menu.querySelector(".cancel")
    : note.action && menu.querySelector(attr(note.action))))
    || (note.inMenu && note.anchor && find(attr(note.anchor)))
    || (note.action && !note.inMenu && alike(find(attr(note.action))))
    || (note.id && note.id !== box.id && focusable(visible(document.getElementById(note.id))))
    || fallbacks.map(find).find(Boolean)
    || box;
  // A redraw must not move a page the person has scrolled away from the thing focused (a
  // click on a card focuses it too, and the same card on the new table is where it was).
  // Another thing (a fallback, or the same action's number on another card), or the same one
  // while it was in sight, is brought into sight. (A page just opened is not scrolled.)
  if (note.label !== undefined && (note.seen || labelOf(target) !== note.label)) {
    focusInSight(target);
  } else {
    target.focus({ preventScroll: true });
  }
}

// At load the focus is on the page's body: on the person's turn it goes where a move leaves
// it (focusAgain's fallbacks, as for a note of nothing), once every connection of the page has
// drawn its first frame (a hotseat's seats come in no fixed order). Never on another seat's
// turn, nor for a spectator, nor once the person has put the focus somewhere themselves.
let loading = true;

// Every connection of the page has had its first frame: until then a hotseat page knows
// neither which of its seats is to move nor that the others are its own (it said "Waiting for
// seat 1 (a person, not connected)" over a button for each seat it knew of), so it shows one
// neutral screen. Once opened, a reconnection is no opening.
let opened = false;
const OPENING = "Opening the table…";

function allOpened() {
  opened ||= sockets.size > 0 // (none yet: the page asks about its own invite links first)
    && [...sockets.values()].every((e) => views.has(e.seat === null ? "spectator" : e.seat));
  return opened;
}

function loadNote(view) {
  if (!loading || !view || !table || !allOpened()) return null;
  loading = false;
  const el = document.activeElement;
  if (el && el !== document.body) return null;
  const turn = revealed ? view.seat !== null && view.legal.length > 0 : !waitingHere();
  return turn && !view.terminal ? {} : null;
}

// A press on the table or its menu (a mouse button, a finger) is a click only if it is let go
// on the element it went down on: a frame drawn in between (another seat's move: six seats
// drafting bring several a second) replaced that element, and the click was lost unsaid. A
// finger that drags (the Viktory II map, scrolled in its box) is the browser's from its first
// move (a pointercancel), and a frame drawn then replaced the box under it and ended the
// drag. The page is drawn again once the press is let go (after its click) or the finger
// lifts, or after PRESS_HOLD (DRAG_HOLD for a drag) if the end never comes.
const PRESS_HOLD = 1500; // ms: a press held longer (a finger resting) no longer holds frames
const DRAG_HOLD = 10000; // ms: nor a drag held longer
let pressed = null; // the timer that ends the hold of a press on the table
let drawHeld = false; // a frame came during the press: draw it when the press ends

function pressStarted() {
  clearTimeout(pressed);
  pressed = setTimeout(pressEnded, PRESS_HOLD);
}

function dragStarted(ev) {
  if (pressed === null || ev.pointerType !== "touch") {
    setTimeout(pressEnded, 0);
    return;
  }
  clearTimeout(pressed);
  pressed = setTimeout(pressEnded, DRAG_HOLD); // until the finger lifts (touchend)
}

function pressEnded() {
  if (pressed === null) return;
  clearTimeout(pressed);
  pressed = null;
  if (drawHeld) {
    drawHeld = false;
    draw();
  }
}

function draw() {
  if (refused) return; // refuse() drew the page for good
  if (pressed !== null) {
    drawHeld = true;
    return;
  }
  // The actions' labels and the prompt in the table's words ("Seat 1 (you)", kit.seatWords).
  const view = kit.viewWords(shownView(), table || {});
  const root = $("#table");
  const pass = $("#pass");
  const focus = focusNote(root) || focusNote($("#prompt")) || focusNote(pass) || loadNote(view);
  // A menu is offered for an old view: it goes, and comes back below if the seat on screen
  // still has the same choices there (another seat moved while this one was choosing).
  const open = drawn === shown ? document.querySelector(".menu") : null;
  document.querySelectorAll(".menu").forEach((m) => m.remove());
  drawn = undefined;
  drawSeats(view);
  drawInvites();
  drawStatus();
  drawPrompt(view);
  if (!view || !table) {
    if (focus) $("#table").focus({ preventScroll: true });
    return;
  }
  if (!allOpened()) {
    root.replaceChildren();
    pass.replaceChildren(h("h2", { text: OPENING }));
    pass.hidden = false;
    return;
  }
  if (!revealed) {
    // The page kept the scroll of the table just hidden (a card tapped low in a pack): the
    // pass screen's heading would be under the sticky header.
    if (pass.hidden) window.scrollTo(0, 0);
    root.replaceChildren();
    drawLog(view, true);
    $("#result").hidden = true;
    if (waitingHere() && !view.terminal) {
      // None of this device's seats is to move: nobody to pass the device to. Whoever holds
      // it may still look at their own table.
      pass.replaceChildren(
        h("h2", { id: "waiting", text: statusText(view) }),
        h("p", { text: "The tables of this device's seats are hidden until one of them is to "
                       + "move." }),
        h("p", {}, ...localSeats().flatMap((seat) => [h("button", {
          class: "show-seat", "data-seat": seat,
          onclick: () => { shown = seat; revealed = true; draw(); },
        }, `I am seat ${seat}: show my table`), " "])));
      pass.hidden = false;
      if (focus) pass.querySelector("button")?.focus();
      return;
    }
    pass.replaceChildren(
      h("h2", { text: `Pass the device to seat ${shown}` }),
      // (with three or four seats here, "the other seat" named none of them)
      h("p", { text: localSeats().length > 2 ? "The tables of this device's other seats are hidden."
        : "The table of the other seat is hidden." }),
      h("button", { id: "reveal", onclick: () => { revealed = true; draw(); } },
        `I am seat ${shown}: show my table`));
    pass.hidden = false;
    if (focus) $("#reveal").focus();
    return;
  }
  pass.hidden = true;
  root.replaceChildren();
  const ctx = { kit, act: (i) => act(shown, view, i), seat: shown, names: seatNames() };
  try {
    table.render(root, view, ctx);
  } catch (err) {
    console.error(err);
    root.replaceChildren();
    import("/static/fallback-table.js").then((m) => m.render(root, view, ctx));
  }
  drawn = shown;
  kit.reopenMenu(root, open);
  focusAgain(root, focus, [".playable", "button", "#prompt"]);
  drawStatus(); // again: "Your moves" on a wide screen asks where the moves just drawn are
  drawLog(view);
  const ending = view.terminal && $("#result").hidden;
  drawResult(view);
  // The game ended while this page was at the table (not one opened on a game over, which
  // opens at its top as any page does, the header saying who won): its result is news.
  const news = view.terminal && playSeen && !endShown;
  if (news) endShown = true;
  // The game ended under the focus (a last move, a resignation), left on what has nothing to
  // play any more (or on nothing): it goes to the result.
  const left = [root, $("#seats"), $("#prompt")].includes(document.activeElement)
    || (news && document.activeElement === document.body);
  if (ending && left) focusInSight($("#result h3"));
  if (news) bringResult();
}

// The result is brought into sight once, when the game ends, whatever has the focus: on a
// phone it is below the whole table (2,300 px down a Word & Iron page), and after a tap on a
// tile or on the bar's button the page stayed where it was, the header alone saying "Game
// over". Smoothly, unless the person asked for less motion.
function bringResult() {
  const box = $("#result");
  if (inClearSight(box.querySelector("#headline"))) return;
  const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  box.scrollIntoView({ block: "start", behavior: still ? "auto" : "smooth" });
}

// Wholly on the screen, and not under the sticky header.
function inClearSight(el) {
  const r = el.getBoundingClientRect();
  const header = document.querySelector("header.top")?.getBoundingClientRect().bottom || 0;
  return r.top >= Math.max(0, header) && r.bottom <= innerHeight;
}

// The header: whose turn it is, who won, or that the connection is lost.
function drawStatus() {
  const status = $("#status");
  const lost = !refused && [...sockets.values()].some((e) => e.down);
  status.classList.toggle("offline", lost);
  document.body.classList.toggle("offline", lost);
  if (refused) return; // refuse() says so
  const view = shownView();
  // Written only when it changes: this runs every second, and a screen reader may read the
  // status (role "status") again at every write.
  const text = lost ? "Connection lost - reconnecting..."
    : view ? (allOpened() ? statusText(view, false) : OPENING) : null;
  if (text !== null) writeStatus(status, text);
  // The tab's title says it is the person's turn: a friend waiting with the page in another
  // tab, or on a phone in another app, sees only the title (the tab list, the task switcher).
  const title = (text?.startsWith("Your turn") ? `● ${timed(text)} · ` : "") + pageTitle;
  if (pageTitle && document.title !== title) document.title = title;
  // On a phone the table is long: a button beside "Your turn" scrolls to the first thing that
  // can be played. On a wider screen it comes only while nothing playable is in sight (six
  // Battle seats put the hand 1,400 px down a desktop page, under "Your move: ...").
  const jump = lost || !revealed || !view || view.terminal || !view.legal.length
    || (!phone() && !playableOutOfSight());
  if ($("#jump").hidden !== jump) $("#jump").hidden = jump;
  // A seat's page keeps the room the button comes in (app.css): on a phone it came and went
  // at every turn, and the sticky header's height with it, the table moving 22 px each time.
  $("header.top").classList.toggle("seated", !!view && !view.terminal && localSeats().length > 0);
}

// Where an away seat's time goes in a status: it ticks every second (then every minute), so
// it is shown but kept out of what a screen reader reads of the status, which would otherwise
// be read again at every tick; the status still says the seat is "not connected".
const AWAY_TIME = /\u2060(\d+)\u2060/g;
const awayMark = (seat) => `\u2060${seat}\u2060`;
const timed = (text) => text.replace(AWAY_TIME, (_, seat) => ` for ${awayText(Number(seat))}`);
const untimed = (text) => text.replace(AWAY_TIME, "");

// The status as `text` says, its away times in spans hidden from screen readers: the rest is
// written anew only when it changes, the times in place.
function writeStatus(status, text) {
  const said = [...status.childNodes].filter((n) => !n.classList?.contains("away-time"))
    .map((n) => n.textContent).join("");
  if (said !== untimed(text) || status.querySelectorAll(".away-time").length
      !== [...text.matchAll(AWAY_TIME)].length) {
    status.replaceChildren(...text.split(AWAY_TIME).map((part, i) => (i % 2
      ? h("span", { class: "away-time", "aria-hidden": "true", "data-seat": part }) : part)));
  }
  for (const span of status.querySelectorAll(".away-time")) {
    const time = ` for ${awayText(Number(span.dataset.seat))}`;
    if (span.textContent !== time) span.textContent = time;
  }
}

const phone = () => window.matchMedia?.(kit.PHONE).matches;

// Something on the table can be played, and none of it is on the screen.
function playableOutOfSight() {
  const playable = [...document.querySelectorAll("#table .playable, #table button.act")];
  return playable.length > 0 && !playable.some(inSight);
}

// Above the table, on the turn of the seat on screen (hotseat: the seat whose table is
// shown), the question it must answer now in plain words: the frame's `prompt`, from that
// seat's own observation. None for a spectator, while the device is passed, or once the game
// is over.
function drawPrompt(view) {
  const box = document.querySelector("#prompt");
  if (!box) return;
  const text = view && revealed && !view.terminal && view.seat !== null && view.legal.length
    ? (view.prompt || "") : "";
  box.hidden = !text;
  box.replaceChildren(...(text ? [h("b", { text: "Your move: " }), text] : []));
}

function jumpToMoves() {
  const first = document.querySelector("#table .playable, #table button.act");
  // Smoothly, unless the person asked for less motion (prefers-reduced-motion: reduce).
  const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  first?.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  // The keyboard's focus goes there too (a keyboard or screen-reader user was left on the
  // button, with the header and the table to Tab through); the scroll is the one above.
  first?.focus({ preventScroll: true });
}

function seatNames() {
  return (welcome?.seats || []).map((s) => (s.kind === "ai" ? `AI (${s.label})` : `Seat ${s.seat}`));
}

// A device holding several seats (hotseat) is told who won, and each seat's score, by seat:
// "You win" or "You 78" would judge only the seat last on screen.
function neutralHere(view) {
  return localSeats().length > 1 ? { ...view, seat: null } : view;
}

/** The sides whose members share one score (Battle's "as one"), for the result's scores. */
function teamScores() {
  return welcome?.scores_by_team ? welcome.sides || [] : [];
}

function outcomeHere(view) {
  return kit.outcomeText(neutralHere(view), kit.handedNames(welcome?.seats), welcome?.sides);
}

/** The status: whose turn it is, or whom the game waits for; `plain` false leaves the marks
 * where an away seat's time goes (writeStatus). */
function statusText(view, plain = true) {
  const text = statusWords(view);
  return plain ? timed(text) : text;
}

function statusWords(view) {
  // The result is at the top too: on a phone the result panel is below the whole table.
  if (view.terminal) return `Game over: ${outcomeHere(view)}`;
  // While the device is passed, the header must not say whose turn to whoever holds it.
  if (!revealed && !waitingHere()) return `Seat ${view.seat}'s turn: pass the device`;
  // A device holding several seats names the one on screen: "Your turn" fitted every seat,
  // and a pass screen clicked through in haste left its holder guessing whose hand it was.
  if (view.seat !== null && view.legal.length) {
    return localSeats().length > 1 ? `Your turn (seat ${view.seat})` : "Your turn";
  }
  const moving = view.observation?.to_move;
  let wait = "waiting";
  if (Array.isArray(moving) && moving.length) {
    // Who the wait is for: an AI thinks (or waits out its delay), a person may be away.
    const awaited = moving.map((seat) => `seat ${seat} (${seatKind(seat)})`);
    wait = `waiting for ${awaited.length > 1
      ? `${awaited.slice(0, -1).join(", ")} and ${awaited[awaited.length - 1]}` : awaited[0]}`;
  }
  if (queued) wait += `; ${queued}`;
  return view.seat === null ? `Watching - ${wait}` : wait[0].toUpperCase() + wait.slice(1);
}

function seatKind(seat) {
  const info = (welcome?.seats || []).find((s) => s.seat === seat);
  if (!info) return "?";
  if (info.kind === "ai") return `AI: ${info.label}`;
  if (localSeats().includes(seat)) return "on this device";
  if (connected.has(seat)) return "a person";
  // One whose link was never opened has not left: the lobby says "not joined yet" too.
  if (!joined.has(seat)) return "a person, not joined yet";
  return awayFrom.has(seat) ? `a person, not connected${awayMark(seat)}`
    : "a person, not connected";
}

function drawSeats(view) {
  if (!welcome) return;
  const box = $("#seats");
  const focus = focusNote(box);
  // Refused (a closed table): nobody is to move, nobody is at it, nothing to resign or hand.
  const moving = new Set(refused ? [] : view?.observation?.to_move || []);
  const fresh = h("div", {}, h("h3", { text: "Seats" }), h("ul", { class: "seat-list" },
    ...welcome.seats.map((s) => h("li", { class: moving.has(s.seat) ? "moving" : "" },
      // A person's seat is a person wherever they sit: its label (how the seat was made,
      // "hotseat" or "invite") told the invited player that the host played "hotseat".
      `Seat ${s.seat}: ${s.kind === "ai" ? `AI ${s.label}` : "person"}`,
      // On the pass screen the device is between two people: no seat is "you" until the
      // next one says who they are.
      // Nor, on a device of several seats, once the game is over: the result names them all.
      s.seat === shown && revealed && allOpened() && !(view?.terminal && localSeats().length > 1)
        ? h("b", { text: " (you)" }) : null,
      view?.out?.includes(s.seat) ? h("span", { class: "muted out", text: " · out" }) : null,
      // whether an invited person's page is open now (the presence frames keep it current)
      s.kind !== "ai" && !localSeats().includes(s.seat) && !refused
        ? h("span", { class: "muted presence" },
            connected.has(s.seat) ? " · connected"
              : joined.has(s.seat) ? " · not connected" : " · not joined yet") : null,
      // The dot is an image named in words, its glyph hidden: a screen reader says "to move",
      // not "●" (the list's text, as a sighted player reads it, stays "... ●").
      moving.has(s.seat) ? h("span", { class: "turn-dot", role: "img", "aria-label": "to move",
                                       title: "to move" }, h("span", { "aria-hidden": "true" }, " ●"))
        : null))),
  h("p", { class: "muted" }, shown === null && !refused && allOpened() ? "You are watching." : ""),
  ...(refused ? [] : handControls(view)),
  (!refused && resignControl(view)) || "");
  // A frame that changes nothing here (another seat's move) leaves the panel's nodes as they
  // are: drawn anew, a click whose press and release straddled the frame was lost (Resign's
  // "Yes" while an AI was moving).
  const changed = fresh.innerHTML !== box.innerHTML;
  if (changed) box.replaceChildren(...fresh.childNodes);
  // A confirmation opened: its No; closed: what opened it.
  const back = focus?.id?.startsWith("hand") ? ["#resign-no, #hand-no", "button.hand", "#resign"]
    : ["#resign-no, #hand-no", "#resign", "button"];
  focusAgain(box, focus && (focus.id === "resign" || /^hand-\d/.test(focus.id)
    ? { ...focus, id: "" } : focus), back);
  for (const confirm of changed ? box.querySelectorAll(".resign-confirm") : []) {
    confirm.addEventListener("keydown", (ev) => {
      if (ev.key !== "Escape") return;
      ev.preventDefault();
      confirm.querySelector("#resign-no, #hand-no")?.click();
    });
  }
}

function drawInvites() {
  const box = $("#invites");
  const invites = saved.invites || [];
  if (!invites.length || refused) return; // a refused (closed) table: no seat to invite to
  box.hidden = false;
  box.replaceChildren(h("h3", { text: "Invite links" }),
    h("p", { class: "muted", text: "Send each link to one person: it is their seat." }),
    ...invites.map((inv) => {
      // A link opens its seat once: whoever opened it first plays it (the AI, if nobody came).
      const seat = (welcome?.seats || []).find((s) => s.seat === inv.seat);
      if (seat?.kind === "ai" || joined.has(inv.seat)) {
        return h("div", { class: "invite joined", "data-seat": inv.seat }, `Seat ${inv.seat}: `,
          h("b", { text: seat?.kind === "ai" ? "played by the AI" : "joined" }));
      }
      const link = `${location.origin}/game/${id}#t=${inv.token}`;
      return h("div", { class: "invite" }, `Seat ${inv.seat}: `,
        h("input", { readonly: true, value: link, class: "link", "data-seat": inv.seat,
                     "aria-label": `invite link for seat ${inv.seat}` }),
        h("button", { onclick: () => navigator.clipboard?.writeText(link),
                      "aria-label": `copy seat ${inv.seat}'s invite link` }, "copy"));
    }),
    h("p", { class: "muted" }, "Watch link, for spectators only (it opens no seat): ",
      h("a", { href: `/game/${id}` }, `${location.origin}/game/${id}`)),
    LOOPBACK.test(location.hostname) ? h("p", { class: "muted loopback-note", text: LOOPBACK_NOTE })
      : null);
}

// A page opened at a loopback address makes links that open on this computer only: a friend
// sent one from elsewhere reaches their own machine, and nothing said why.
const LOOPBACK = /^(localhost|127(\.\d+){3}|\[::1\])$/;
const LOOPBACK_NOTE = "These links open on this computer only. For a friend on another "
  + "computer, start the server with --host and this computer's network address (warroom "
  + "serve --host 192.168.1.20, say) and open the lobby at that address.";

// `passing`: the device is between two people (hotseat), either of whom may hold it: the log
// keeps only the lines of the one shown before that the seat to come has too (nothing is
// added), so that neither sees a line only the other may.
function drawLog(view, passing = false) {
  const list = $("#log");
  // The page shows the last 300 lines it holds, numbered from its first (not from 1 again).
  $("#log-earlier").hidden = !view.logEarlier;
  const lines = view.log.concat(kit.endLines(neutralHere(view)));
  const from = Math.max(1, lines.length - 299);
  const texts = lines.slice(from - 1).map(logWords(view));
  // A live region (role "log"): a screen reader reads out whatever is added, so the lines
  // already there stay and only the new ones are added (drawn anew, the whole log was read at
  // every move, and at every hand-off of a hotseat device). Those numbered before `from` go,
  // then those the new log has not (another seat's own lines, on a hotseat device).
  const old = [...list.children];
  old.splice(0, Math.max(0, from - (list.start || 1))).forEach((li) => li.remove());
  let at = 0; // the next line already there
  texts.forEach((text, k) => {
    while (at < old.length && old[at].textContent !== text
           && texts.indexOf(old[at].textContent, k) < 0) {
      old[at].remove();
      at += 1;
    }
    if (at < old.length && old[at].textContent === text) at += 1;
    else if (!passing) list.insertBefore(h("li", { text }), old[at] || null);
  });
  old.slice(at).forEach((li) => li.remove());
  list.start = from;
  kit.fitLogNumbers(list, lines.length);
  kit.scrollLog(list);
}

// A line of `view`'s log as the page writes it (kit.seatWords). A device holding several
// seats writes every seat's log in the same words ("Seat 1", no "you", as its result): the
// lines two seats share read the same for both, and a seat's own lines name it ("Seat 1 drew
// 2♣").
function logWords(view) {
  const seat = neutralHere(view).seat;
  const own = (line) => (seat === view.seat || view.seat === null ? line
    : kit.namedYou(line, view.seat));
  return (line) => kit.seatWords(own(line), seat, table || {});
}

function drawResult(view) {
  const box = $("#result");
  if (!view.terminal) { box.hidden = true; return; }
  box.hidden = false;
  box.replaceChildren(...resultParts(view, id));
}

export function resultParts(view, gameId) {
  const out = view.outcome || {};
  const tieBreak = kit.tieBreakText(neutralHere(view));
  // Why the game ended, as the log says it: the server's closing lines of this viewer's own
  // log (the game's end event and what brought it about), in the log's words. The outcome's
  // reason alone ("army destroyed", "royal not ransomed") said neither whose card did it nor
  // where the prize went. A resignation's (no such lines) is its reason, "seat 1 resigned".
  const why = (view.end_lines || []).map(logWords(view));
  return [
    h("h3", { text: "Result", tabindex: "-1" }), // focused when the game ends (draw)
    h("p", { class: "headline", id: "headline", text: outcomeHere(view) }),
    h("div", { id: "reason", class: "reason" },
      ...(why.length ? why : [out.reason || ""]).map((text) => h("p", { text }))),
    h("p", { id: "scores", class: "scores", text: kit.scoresText(neutralHere(view), teamScores())
      + kit.undecidedNote(out) }),
    ...(tieBreak ? [h("p", { id: "tie-break", text: tieBreak })] : []),
    // "go", as the lobby's links: a finger tall on a phone (app.css)
    h("p", { class: "go" }, h("a", { href: `/api/games/${gameId}/record`, download: "", id: "download" },
                 "Download the record"), " · ",
      // as this page's seat saw it (a spectator's page: as a spectator)
      h("a", { href: `/replay/${gameId}${shown === null ? "" : `#as=${shown}`}`,
               id: "replay-link" }, "Replay"), " · ",
      // the lobby's form filled in as this game was made (its game id alone in the link)
      h("a", { href: `/?again=${encodeURIComponent(gameId)}`, id: "play-again" }, "Play again")),
  ];
}

if (document.querySelector("#jump")) {
  $("#jump").onclick = jumpToMoves;
  // on a wide screen "Your moves" comes and goes as the moves leave the screen and come back
  let looking = false;
  window.addEventListener("scroll", () => {
    if (looking) return;
    looking = true;
    requestAnimationFrame(() => { looking = false; if (welcome && !refused) drawStatus(); });
  }, { passive: true });
}
// How long an awaited seat has been away grows, and the offer to let the AI play it comes:
// the seats are redrawn only when the offers change (a button redrawn under a finger loses
// the click).
setInterval(() => {
  if (!welcome || refused) return;
  drawStatus();
  const now = awayTooLong(shownView()).join(",");
  if (now !== offered) drawSeats(shownView());
}, 1000);
// The invite links this device made for friends: opened here, the first page claims the seat
// and the friend's link only watches. Asked first, since a creator may just be trying a link;
// not asked of a seat already taken (the friend claimed it, or the AI plays it: the server's
// welcome to a spectator says so), which the link then watches, told why at once.
async function askAboutOwnInvites(then) {
  const invites = (saved.invites || []).filter((inv) => tokens.includes(inv.token));
  if (!invites.length) { then(); return; }
  const taken = await takenSeats();
  const mine = invites.filter((inv) => !taken.has(inv.seat));
  if (!mine.length) { then(); return; }
  const seats = kit.seatsText(mine.map((inv) => inv.seat));
  // Answered once: the buttons go quiet, and the header says the page connects (the first
  // frame then writes whose turn it is, or that this page watches).
  const answer = (go) => () => {
    $("#own-invite").querySelectorAll("button").forEach((b) => { b.disabled = true; });
    $("#status").textContent = CONNECTING;
    go();
  };
  const watch = () => {
    for (const inv of mine) tokens.splice(tokens.indexOf(inv.token), 1);
    history.replaceState(null, "", tokens.length ? `#t=${tokens.join(",")}` : location.pathname);
    then();
  };
  $("#table").replaceChildren(h("section", { class: "panel", id: "own-invite" },
    h("h3", { text: `This is the invite link you made for ${seats}` }),
    h("p", { text: "Opened here, it takes the seat for this device: the friend you sent it to "
                   + "could then only watch." }),
    h("p", {}, h("button", { id: "own-invite-watch", onclick: answer(watch) }, "Watch the game"),
      " ", h("button", { id: "own-invite-take", onclick: answer(then) }, `Take ${seats} here`))));
  // No connection yet, so no frame to write the header: it says what the page waits for.
  $("#status").textContent = `Waiting for your choice: watch the game, or take ${seats} here`;
}

/** The seats nobody can claim any more, as the game's summary tells them: those whose
 *  person has come (an invite link spent), and those the AI plays. Empty if the server does
 *  not answer in time: then the page asks as before. */
async function takenSeats() {
  try {
    const answer = await fetch(`/api/games/${encodeURIComponent(id)}`,
                               { signal: AbortSignal.timeout(3000) });
    if (!answer.ok) return new Set();
    const seats = (await answer.json()).seats || [];
    return new Set(seats.filter((s) => s.joined || s.kind === "ai").map((s) => s.seat));
  } catch (err) {
    return new Set();
  }
}

// The header until the first frame (or the question above) writes it: never blank.
const CONNECTING = "Connecting...";

if (document.querySelector("#table")) {
  // A link to this game pasted into this tab (the creator's own invite link, say) changes only
  // the address's fragment, which loads no page: this one stayed as it was, watching, while
  // the other seats waited for the seat. Other tokens open the page again, as the link would
  // in a tab of its own. The page's own changes to the address (a claimed token, a link only
  // watched: history.replaceState) fire no hashchange, and leave it holding `tokens`.
  window.addEventListener("hashchange", () => {
    if (tokensIn(location.hash).join(",") !== tokens.join(",")) location.reload();
  });
  $("#status").textContent = CONNECTING;
  // on the table, or on a menu opened from it (drawn outside it, and anew with it)
  document.addEventListener("pointerdown", (ev) => {
    if (ev.target.closest?.("#table, .menu")) pressStarted();
  }, true);
  // let go: after the click it makes (a task later), the frames held are drawn
  document.addEventListener("pointerup", () => setTimeout(pressEnded, 0), true);
  document.addEventListener("pointercancel", dragStarted, true);
  for (const end of ["touchend", "touchcancel"]) {
    document.addEventListener(end, () => setTimeout(pressEnded, 0), { capture: true, passive: true });
  }
  askAboutOwnInvites(() => {
    if (tokens.length) tokens.forEach((t) => connect(t));
    else connect(null);
  });
}
