// Viktory II battles at the browser table: the contested hex (terrain, town or city, the
// defenders) with the attacking hex sides around it, the reserves, dice, losses and, with the
// Battle Cards, your hand and the cards played. Click a unit to take it as a casualty, to bring
// it or draw it in; a card in hand to play or discard it; other choices are buttons.

const UNITS = ["infantry", "cavalry", "artillery", "frigate"];
const ICONS = ["♟", "♞", "✹", "⛵"];
const TERRAIN = { plains: "#b9a45a", grassland: "#6f9b4a", forest: "#2f6b3a", mountain: "#8a8078", water: "#3a6ea5" };

export function render(root, view, ctx) {
  const { h, tile, panel, pile, Actions, who } = ctx.kit;
  const o = view.observation;
  const acts = new Actions(view, ctx.act);
  const role = (p) => (p === 0 ? "attacker" : "defender");
  const sides = o.attacker.length - 1;

  const units = (counts, pred, title) => h("div", { class: "units" }, ...counts.flatMap((n, u) => (n
    ? [acts.bind(h("div", { class: "unit", title: `${n} ${UNITS[u]}` }, h("b", { text: `${ICONS[u]} ${n}` }),
        h("span", { text: UNITS[u] })), acts.take((a) => pred(a, u)))]
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
    h("h4", { text: `Defender: ${who(1, view)}${o.supply[1] ? " · in supply" : ""} · ${o.settlement} on ${o.terrain}` }),
    units(o.defender, (a, u) => a.type === "Casualty" && !a.attacker && a.unit === u),
    o.attacker[0].some(Boolean) ? h("div", { class: "zone" }, h("div", { class: "label", text: "attackers in the hex" }),
      units(o.attacker[0], (a, u) => a.type === "Casualty" && a.attacker && a.side === 0 && a.unit === u)) : null,
    o.defender_reserve.some(Boolean) ? h("div", { class: "zone" }, h("div", { class: "label", text: "reserve in adjacent hexes" }),
      units(o.defender_reserve, (a, u) => a.type === "DrawIn" && !a.attacker && a.unit === u)) : null));

  root.append(h("div", { class: `seat-area${o.to_move.includes(0) ? " active" : ""}` },
    h("h4", { text: `Attacker: ${who(0, view)}${o.supply[0] ? " · in supply" : ""}` }),
    ...Array.from({ length: sides }, (_, i) => {
      const s = i + 1;
      return h("div", { class: "zone" }, h("div", { class: "label", text: `hex side ${s} (from ${o.sources[i]})` }),
        units(o.attacker[s], (a, u) => a.type === "Casualty" && a.attacker && a.side === s && a.unit === u),
        o.reserves[i].some(Boolean) ? h("div", { class: "row" }, h("small", { class: "muted", text: "reserve: " }),
          units(o.reserves[i], (a, u) => (a.type === "Bring" || (a.type === "DrawIn" && a.attacker))
            && a.side === s && a.unit === u)) : null);
    })));

  if (o.hand || o.hand_sizes) {
    const cardOf = (c) => acts.bind(tile(c.id, { note: c.desc, id: c.id }),
      acts.take((a) => (a.type === "PlayCard" || a.type === "Discard") && a.card === c.id));
    root.append(panel("Battle Cards",
      h("div", { class: "row" }, o.deck_left !== undefined ? pile("Deck", o.deck_left) : null,
        // The discards are public: the last one face up, not a card's back.
        o.discard ? pile("Discards", o.discard.length, o.discard.length
          ? tile(o.discard[o.discard.length - 1], { note: "last discarded" }) : null) : null,
        o.hand_sizes ? h("span", { class: "stats" },
          `hands: attacker ${o.hand_sizes[0]}/${o.max_hand[0]}, defender ${o.hand_sizes[1]}/${o.max_hand[1]}`) : null),
      o.plays?.length ? h("div", { class: "zone" }, h("div", { class: "label", text: "played this round" }),
        h("div", { class: "row" }, ...o.plays.map((pl) => tile(pl.card, { note: `${role(pl.player)}: ${pl.desc} (${pl.use})` })))) : null,
      o.hand ? h("div", { class: "zone" }, h("div", { class: "label", text: "your hand" }),
        h("div", { class: "row" }, ...o.hand.map(cardOf))) : null));
  }
  const rest = acts.rest();
  if (rest) root.append(rest);

  function hexMap() {
    const ns = "http://www.w3.org/2000/svg";
    const svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "-160 -150 320 300");
    svg.setAttribute("class", "hex");
    const hex = (cx, cy, r, fill, lines) => {
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
    return svg;
  }
}
