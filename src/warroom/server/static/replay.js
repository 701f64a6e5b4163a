// The replay viewer of a finished game: every position as one seat saw it, or as a spectator.
import * as kit from "/static/kit.js";

const { h } = kit;
const id = location.pathname.split("/").filter(Boolean).pop();
const $ = (sel) => document.querySelector(sel);
let steps = [];
let table = null;
let at = 0;

async function load(seat) {
  const res = await fetch(`/api/games/${id}/replay?seat=${seat}`);
  const body = await res.json();
  // The viewer was changed again while these loaded: they come too late to be shown.
  if (seat !== $("#viewer").value) return;
  if (!res.ok) {
    $("#message").textContent = body.error;
    $("#message").hidden = false;
    return;
  }
  steps = body.steps;
  if (!table) {
    table = await import(`/tables/${body.game}.js`).catch(() => import("/static/fallback-table.js"));
  }
  $("#step").max = steps.length - 1;
  for (const control of ["#first", "#prev", "#step", "#next", "#last"]) {
    $(control).disabled = false;
  }
  go(Math.min(at, steps.length - 1));
}

function go(step) {
  if (!steps.length) return; // the arrow keys are heard before the positions have loaded
  at = Math.max(0, Math.min(step, steps.length - 1));
  const view = steps[at];
  $("#step").value = at;
  $("#where").textContent = `position ${at} of ${steps.length - 1}`;
  const root = $("#table");
  root.replaceChildren();
  table.render(root, view, { kit, act: () => {}, seat: view.seat, names: [] });
  $("#log").replaceChildren(...view.log.map((line) => h("li", { text: line })));
  kit.fitLogNumbers($("#log"), view.log.length);
  $("#log").scrollTop = $("#log").scrollHeight;
  const box = $("#result");
  box.hidden = !view.terminal;
  if (view.terminal) {
    const out = view.outcome;
    box.replaceChildren(h("h3", { text: "Result" }),
      h("p", { class: "headline", text: kit.outcomeText(view) }),
      h("p", { text: `Scores: ${kit.scoresText(view)}; ${out.reason}` }));
  }
}

async function start() {
  const info = await (await fetch(`/api/games/${id}`)).json();
  $("#title").textContent = `Replay of ${info.title || id}`;
  const select = $("#viewer");
  select.replaceChildren(h("option", { value: "spectator" }, "a spectator"),
    ...(info.seats || []).map((s) => h("option", { value: String(s.seat) }, `seat ${s.seat}`)));
  select.onchange = () => load(select.value);
  $("#first").onclick = () => go(0);
  $("#prev").onclick = () => go(at - 1);
  $("#next").onclick = () => go(at + 1);
  $("#last").onclick = () => go(steps.length - 1);
  $("#step").oninput = (ev) => go(Number(ev.target.value));
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowLeft") go(at - 1);
    if (ev.key === "ArrowRight") go(at + 1);
  });
  await load("spectator");
}

start();
