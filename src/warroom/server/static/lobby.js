// The lobby: the games on this server, and a form to start one (a game, its rule options from
// the game's config, and who sits in each seat).
import { h } from "/static/kit.js";

const $ = (sel) => document.querySelector(sel);
let catalog = null;
const values = {}; // option name -> value the person set (absent: the default)

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

function seatCount(g) {
  const players = g.options.find((o) => o.name === "players");
  if (!players) return g.min_players;
  const n = Number(values.players ?? players.default);
  return Number.isInteger(n) && n >= g.min_players && n <= g.max_players ? n : g.min_players;
}

function drawSeats() {
  const g = game();
  const box = $("#seats-form");
  const old = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(...Array.from({ length: seatCount(g) }, (_, i) => {
    const kind = h("select", { name: `seat${i}`, "data-seat": i },
      ...SEAT_KINDS.map(([v, text]) => h("option", { value: v }, text)));
    kind.value = old[i] || (i === 0 ? "here" : "heuristic");
    const seconds = h("input", { type: "number", name: `seconds${i}`, value: "1", min: "0.05",
                                 max: "10", step: "0.05", class: "seconds",
                                 title: "seconds of search per move" });
    const show = () => { seconds.hidden = kind.value !== "mcts"; };
    kind.onchange = show;
    show();
    return h("div", { class: "seat-row" }, h("span", { text: `Seat ${i}` }), kind, seconds);
  }));
}

function fieldFor(opt) {
  const id = `opt-${opt.name}`;
  const set = (v) => {
    values[opt.name] = v;
    if (opt.name === "players") drawSeats();
  };
  let input;
  if (opt.kind === "bool") {
    input = h("input", { type: "checkbox", id, checked: opt.default === true });
    input.onchange = () => set(input.checked);
  } else if (opt.kind === "choice") {
    input = h("select", { id }, ...opt.choices.map((c) => h("option", { value: c }, String(c))));
    input.value = opt.default;
    input.onchange = () => set(input.value);
  } else if (opt.kind === "file") {
    return fileField(opt, id);
  } else {
    const text = Array.isArray(opt.default) ? opt.default.join(",") : opt.default ?? "";
    input = h("input", { id, value: String(text),
                         type: opt.kind === "int" || opt.kind === "float" ? "number" : "text",
                         step: opt.kind === "float" ? "any" : "1",
                         placeholder: opt.optional ? "(scenario's value)" : "" });
    input.oninput = () => set(input.value);
  }
  return h("div", { class: "option", "data-option": opt.name },
           h("label", { for: id, text: opt.name }), input, h("span", { class: "error" }));
}

// A data file: one of the game's shipped files, or an upload checked by the server.
function fileField(opt, id) {
  const select = h("select", { id },
    h("option", { value: "" }, "(default)"),
    ...opt.shipped.map((name) => h("option", { value: `shipped:${name}` }, name)),
    h("option", { value: "upload" }, "upload a file..."));
  const upload = h("input", { type: "file", accept: ".yaml,.yml,.txt", hidden: true });
  const error = h("span", { class: "error" });
  select.onchange = () => {
    upload.hidden = select.value !== "upload";
    if (select.value === "") delete values[opt.name];
    else if (select.value.startsWith("shipped:")) values[opt.name] = { shipped: select.value.slice(8) };
    else upload.click();
  };
  upload.onchange = async () => {
    const file = upload.files[0];
    if (!file) return;
    const form = new FormData();
    form.append("game", game().name);
    form.append("option", opt.name);
    form.append("file", file);
    const res = await fetch("/api/uploads", { method: "POST", body: form });
    const body = await res.json();
    if (!res.ok) {
      error.textContent = body.error;
      delete values[opt.name];
      return;
    }
    error.textContent = `uploaded ${body.name}`;
    values[opt.name] = { upload: body.id };
  };
  return h("div", { class: "option", "data-option": opt.name },
           h("label", { for: id, text: opt.name }), select, upload, error);
}

function drawOptions() {
  for (const key of Object.keys(values)) delete values[key];
  const g = game();
  $("#summary").textContent = g.summary.split("\n").slice(0, 4).join(" ");
  $("#options").replaceChildren(...g.options.map(fieldFor));
  drawSeats();
}

async function create(ev) {
  ev.preventDefault();
  document.querySelectorAll(".option .error").forEach((e) => {
    if (!e.textContent.startsWith("uploaded")) e.textContent = "";
  });
  $("#form-error").hidden = true;
  const seats = [...document.querySelectorAll("#seats-form .seat-row")].map((row) => {
    const kind = row.querySelector("select").value;
    const seat = { kind };
    if (kind === "mcts") seat.seconds = Number(row.querySelector(".seconds").value);
    return seat;
  });
  const res = await fetch("/api/games", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: game().name, options: values, seats }),
  });
  const body = await res.json();
  if (!res.ok) {
    const field = body.field && document.querySelector(`[data-option="${body.field}"] .error`);
    if (field) {
      $("#options-box").open = true;
      field.textContent = body.error;
    }
    $("#form-error").textContent = body.error;
    $("#form-error").hidden = false;
    return;
  }
  const here = body.seats.filter((s) => s.kind === "here").map((s) => s.token);
  const invites = body.seats.filter((s) => s.kind === "invite");
  localStorage.setItem(`warroom:${body.id}`, JSON.stringify({ here, invites }));
  location.href = `/game/${body.id}${here.length ? `#t=${here.join(",")}` : ""}`;
}

// A person's seat: "connected" is whether its page is connected now.
function seatText(s, status) {
  if (s.kind === "ai") return s.label;
  if (s.connected) return "person";
  if (status === "open") return "open";
  return status === "finished" ? "person" : "person (away)";
}

async function refresh() {
  const res = await fetch("/api/games");
  const { games } = await res.json();
  $("#games").replaceChildren(...games.slice(0, 100).map((g) => {
    const mine = JSON.parse(localStorage.getItem(`warroom:${g.id}`) || "null");
    const link = mine?.here?.length ? `/game/${g.id}#t=${mine.here.join(",")}` : `/game/${g.id}`;
    const seats = g.seats.map((s) => seatText(s, g.status));
    return h("tr", { "data-game": g.id },
      h("td", {}, g.title), h("td", { text: g.status }), h("td", { text: seats.join(" vs ") }),
      h("td", {}, h("a", { href: link }, mine?.here?.length ? "play" : "watch"),
        g.status === "finished" ? [" · ", h("a", { href: `/replay/${g.id}` }, "replay")] : null));
  }));
}

async function start() {
  catalog = await (await fetch("/api/catalog")).json();
  $("#game").replaceChildren(...catalog.games.map((g) => h("option", { value: g.name }, g.title)));
  $("#game").onchange = drawOptions;
  $("#create").onsubmit = create;
  drawOptions();
  refresh();
  setInterval(refresh, 3000);
}

start();
