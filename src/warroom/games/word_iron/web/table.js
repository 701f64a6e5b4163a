// Word & Iron at the browser table: each side's realm (resources and their uses), army (units
// on the field out of those allotted), champions and the strategy, chance and Word of Power
// piles with their top cards. Click a resource to use it (or to take or offer it), a unit to
// recruit or to lose it; other choices are buttons.

const unitId = (name) => name.toLowerCase().replace(/[^a-z]+/g, "_");

function firstAttacker(o, view, who) {
  if (o.coin_winner < 0) return "not tossed for yet";
  if (o.decision && o.decision.kind === "first") return `${who(o.coin_winner, view)} won the toss, to choose`;
  return who(o.order[0], view);
}

const pileName = (kind) => (kind === "word" ? "Word of Power" : kind);

// What a decision's player is doing, in words, for the Battle panel (its code, "truce_offer",
// read as a word of the rules to a new player).
const DOING = {
  royal: "choosing the king or the queen", first: "choosing who attacks first",
  order: "choosing which benefit to use first", resource: "using resources",
  recruit: "recruiting soldiers", casualty: "choosing losses", ransom: "choosing a ransom",
  truce_offer: "deciding on a truce offer", truce_answer: "answering a truce offer",
};

// What the highlighted things do, by decision, for the bar of the other choices: a tile's
// action is in its tooltip only, which a phone never shows. ("Choose": a finger's, a mouse's
// and a keyboard's word.)
const HIGHLIGHTED = {
  resource: "Choose a highlighted resource in your realm to use it",
  truce_offer: "Choose a highlighted resource in your realm to offer it for a truce",
  ransom: "Choose a highlighted resource in the enemy's realm to take it as ransom",
  recruit: "Choose a highlighted unit to recruit a soldier for it",
  casualty: "Choose a highlighted unit to take the loss from it",
};

/** The Battle panel's word on the decision: what it is and whose, in words. */
function decisionStat(h, d, view, who) {
  if (!d || view.terminal) return null;
  const left = d.ranks_left === undefined ? ""
    : ` · ${d.ranks_left} ranks of ${d.kind === "casualty" ? "losses" : "power"} left`;
  const doing = `${DOING[d.kind] || "deciding"} (${who(d.player, view)})`;
  return h("span", {}, "Decision: ", h("b", { text: doing }), left);
}

/** What a truce that ended the battle cost, as the log says it: the result panel's "A draw"
 *  and "truce" do not say which resource changed hands. */
function truceText(o, me) {
  const r = o.result;
  if (!r || r.reason !== "truce" || r.paid_by === undefined) return null;
  const seat = (p) => (p === me ? "you" : `seat ${p}`);
  return `${seat(1 - r.paid_by)} took ${r.resource} from ${seat(r.paid_by)}`;
}

/** What the face-up cards do, in words: a tile holds a name only, and the cards' effects are
 *  what a player decides by (a tooltip alone is out of reach on a phone). */
function cardTexts(h, s) {
  const lines = s.champions.map((c, i) => [c, "champion", s.champion_texts[i]]).concat(
    Object.entries(s.piles).filter(([, pl]) => pl.top).map(
      ([kind, pl]) => [pl.top, `top of the ${pileName(kind)} pile`, pl.top_text]));
  if (!lines.length) return null;
  return h("ul", { class: "card-texts" }, ...lines.map(([name, where, text]) =>
    h("li", {}, h("b", { text: name }), ` (${where}): ${text}`)));
}

export function render(root, view, ctx) {
  const { h, tile, pile, panel, Actions, who } = ctx.kit;
  const o = view.observation;
  const acts = new Actions(view, ctx.act);
  const me = view.seat;
  const order = me === null ? [0, 1] : [1 - me, me];
  const d = o.decision;
  const truce = truceText(o, me);

  root.append(panel("Battle",
    h("div", { class: "stats" },
      h("span", {}, "Round ", h("b", { text: o.round })),
      // Not chosen until the toss's winner has chosen (`order` holds seat 0 first till then).
      h("span", {}, "Attacks first: ", h("b", { text: firstAttacker(o, view, who) })),
      h("span", {}, "Prize: ", h("b", { text: o.prize })),
      truce ? h("span", {}, "Truce: ", h("b", { text: truce })) : null,
      decisionStat(h, d, view, who))));

  for (const p of order) {
    const s = o.players[p];
    const mine = p === me;
    const realm = s.realm.map((r, slot) => {
      // One used up says so in words too, on a striped chip (app.css .tile.faded).
      const el = tile(r.name, { note: `${r.ranks} ranks · uses ${r.uses_left}/${r.uses}`
                                  + `${r.uses_left ? "" : " · used up"}`,
                                class: r.uses_left ? "" : "faded" });
      const types = mine ? ["UseResource", "OfferTruce"] : ["TakeRansom"];
      return acts.bind(el, acts.take((a) => types.includes(a.type) && a.slot === slot));
    });
    const army = s.units.map((name, i) => {
      const el = h("div", { class: "unit", "data-unit": unitId(name), title: `${name}: ${s.ranks[i]} ranks each` },
        // (spaces between its lines, which a column does not show: what it shows, read as
        // one text, is "4/4 Pikemen 15", not "4/4Pikemen15")
        h("b", { text: `${s.field[i]}/${s.allotted[i]}` }), " ", h("span", { text: name }), " ",
        h("small", { class: "muted", text: `${s.ranks[i]}` }));
      return mine ? acts.bind(el, acts.take((a) => (a.type === "Recruit" || a.type === "ChooseCasualty")
        && a.unit === unitId(name))) : el;
    });
    const piles = Object.entries(s.piles).map(([kind, pl]) => {
      const el = pile(pileName(kind), pl.left,
        pl.top ? tile(pl.top, { note: "top card", title: `${pl.top}: ${pl.top_text}` }) : null);
      // dealt once the royal is chosen (rule 2): a bare "champion: 0" read as a deck without
      // champions, as the terminal's "champions 0" did
      if (kind === "champion" && !s.royal) el.querySelector("small").append(" (not dealt yet)");
      return el;
    });
    root.append(h("div", { class: `seat-area${o.to_move.includes(p) ? " active" : ""}` },
      h("h4", {}, `${who(p, view)} · ${s.deck} · ${s.royal || "royal not chosen"}${s.married ? " (married)" : ""}`,
        ` · army ${s.army} ranks of power`),
      h("div", { class: "zone" }, h("div", { class: "label", text: "realm" }), h("div", { class: "row" }, ...realm)),
      h("div", { class: "zone" }, h("div", { class: "label", text: "army on the field / allotted" }),
        h("div", { class: "units" }, ...army)),
      h("div", { class: "zone" }, h("div", { class: "label", text: "champions and decks" }),
        h("div", { class: "row" }, ...s.champions.map((c, i) => tile(c, { note: "champion",
          title: `${c}: ${s.champion_texts[i]}` })), ...piles)),
      cardTexts(h, s),
      s.benefits?.length ? h("div", { class: "stats" }, "Benefits: ",
        ...s.benefits.map((b) => h("b", { text: `${b.source} (${b.kind} ${b.left}/${b.total})` }))) : null,
      ...[["skips", "Next draws skipped: "], ["held", "Extra draws after the next regular draw: "]].map(
        ([key, label]) => Object.keys(s[key] || {}).length ? h("div", { class: "stats" }, label,
          ...Object.entries(s[key]).map(([deck, n]) => h("b", { text: `${deck} ×${n}` }))) : null)));
  }
  const rest = acts.rest("Choose", (d && HIGHLIGHTED[d.kind]) || "");
  if (rest) root.append(rest);
}
