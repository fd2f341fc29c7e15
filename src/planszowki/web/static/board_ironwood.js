// Ironwood's table: the map drawn from the content in play (the server's geometry: each location's type, ring and
// coordinates, the ridges between mountains, the paths between forests, the borders between the two), what stands on
// each location (warriors, golems, the drill, forges and foundations, totems, markers), the drill's track, both
// factions, the battle in progress, and the seat's own hand and vision cards. Every word is the server's (names).
"use strict";

const IW_COLOUR = { woodwalkers: "#2f7d32", ironclad: "#2f5f9e" };

function iwLines(text) {
  return (text || "").split("\n").filter((x) => x.trim()).map((x) => el("div", {}, x));
}

function drawIronwoodBoard(view, geo, ctx) {
  const N = ctx.names;
  const W = 640, H = 560, M = 56;
  const xs = geo.locations.map((l) => l.xy[0]), ys = geo.locations.map((l) => l.xy[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const sx = (W - 2 * M) / ((x1 - x0) || 1), sy = (H - 2 * M - 20) / ((y1 - y0) || 1);
  const at = {};
  for (const l of geo.locations) at[l.id] = [M + (l.xy[0] - x0) * sx, M + 10 + (y1 - l.xy[1]) * sy];
  const root = svg("svg", { viewBox: `0 0 ${W} ${H}`, class: "iw-map", role: "img", "aria-label": N["iw:title"] || "" });
  root.append(svg("rect", { x: 0, y: 0, width: W, height: H, fill: "#e9e4d2", rx: 8 }));
  root.append(svg("defs", {}, svg("marker", { id: "iw-arrow", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4,
    markerHeight: 4, orient: "auto-start-reverse" }, svg("path", { d: "M0,0 L10,5 L0,10 z", fill: "#c62828" }))));
  const line = (a, b, attrs) => {
    const [ax, ay] = at[a], [bx, by] = at[b];
    root.append(svg("line", { x1: ax, y1: ay, x2: bx, y2: by, ...attrs }));
  };
  for (const [f, m] of geo.borders) line(f, m, { stroke: "#b3a47e", "stroke-width": 1.5, "stroke-dasharray": "3 4", class: "border" });
  for (const [a, b] of geo.paths) line(a, b, { stroke: "#6f9a45", "stroke-width": 5, "stroke-linecap": "round", class: "path" });
  for (const [a, b] of geo.ridges) line(a, b, { stroke: "#7b6f66", "stroke-width": 7, "stroke-linecap": "round", class: "ridge" });
  const drill = view.players.ironclad.drill;
  const labels = [];  // the names go on top of every location, so a forest's circle never hides a mountain's name
  for (const e of view.locations) {
    const [x, y] = at[e.id];
    const click = ctx.clickable.has(e.id);
    const outer = e.ring !== "inner";
    const g = svg("g", { class: "location " + e.type + (click ? " clickable" : ""), "data-location": e.id,
      onclick: click ? () => ctx.onPlace(e.id) : null });
    const r = e.ring === "center" ? 34 : 27;
    const stroke = click ? "#ffb300" : outer ? "#3b2f1e" : "#8a7d66";
    if (e.type === "mountain") {
      g.append(svg("polygon", { points: `${x},${y - r - 4} ${x + r + 4},${y + r - 6} ${x - r - 4},${y + r - 6}`,
        fill: e.ring === "center" ? "#a9a2a6" : "#c9c1b6", stroke, "stroke-width": click ? 5 : outer ? 3 : 1.5 }));
    } else {
      g.append(svg("circle", { cx: x, cy: y, r, fill: "#a9cf8a", stroke, "stroke-width": click ? 5 : outer ? 3 : 1.5 }));
    }
    labels.push(svg("text", { x, y: y + r + 8, class: "iw-name" + (outer ? " outer" : "") }, N["loc:" + e.id] || e.id));
    // warriors (a count in the faction's colour), golems
    const units = [];
    if (e.woodwalkers) units.push(["woodwalkers", String(e.woodwalkers)]);
    if (e.ironclad) units.push(["ironclad", String(e.ironclad)]);
    if (e.golems) units.push(["golem", "g" + e.golems]);
    units.forEach(([who, n], i) => {
      const ux = x - 13 * units.length + 4 + i * 26;
      g.append(svg("rect", { x: ux - 2, y: y - 2, width: 22, height: 15, rx: 4,
        fill: who === "golem" ? "#1d3557" : IW_COLOUR[who], class: "units units-" + who }));
      g.append(svg("text", { x: ux + 9, y: y + 9.5, class: "count" }, n));
    });
    // forge / foundation, the drill, totems, markers
    const marks = [];
    if (e.ring === "center" || e.site === "forge") marks.push(["⚒", "#3b2f1e", "site"]);
    else if (e.site === "foundation") marks.push(["◇", "#3b2f1e", "site"]);
    if (e.id === drill) marks.push(["▼", "#b0268a", "drill"]);
    for (const t of e.totems || []) marks.push([t === "full" ? "✦" : "✧", "#c99700", "totem"]);
    marks.forEach(([sym, fill, cls], i) => {
      g.append(svg("text", { x: x - 8 * (marks.length - 1) + i * 16, y: y - 7, class: "iw-mark " + cls, fill }, sym));
    });
    (e.marks || []).forEach(([meaning, seat], i) => {
      g.append(svg("circle", { cx: x + r - 2 - i * 9, cy: y + r - 10, r: 4, fill: "#c62828", stroke: IW_COLOUR[seat] || "#000",
        "stroke-width": 2, class: "marker" }, svg("title", {}, meaning + " (" + (N["faction:" + seat] || seat) + ")")));
    });
    g.append(svg("title", {}, N["tip:" + e.id] || e.id));
    root.append(g);
  }
  root.append(...labels);
  const bt = view.battle;
  if (bt && at[bt.from] && at[bt.to]) {  // the battle in progress: from where the attacker came, to where
    const [ax, ay] = at[bt.from], [bx, by] = at[bt.to];
    for (const [cx, cy] of [at[bt.from], at[bt.to]]) {
      root.append(svg("circle", { cx, cy, r: 38, fill: "none", stroke: "#c62828", "stroke-width": 3,
        "stroke-dasharray": "6 4", class: "battle-ring" }));
    }
    const d = Math.hypot(bx - ax, by - ay) || 1, k = 26 / d;
    root.append(svg("line", { x1: ax + (bx - ax) * k, y1: ay + (by - ay) * k, x2: bx - (bx - ax) * k, y2: by - (by - ay) * k,
      stroke: "#c62828", "stroke-width": 5, "marker-end": "url(#iw-arrow)", class: "battle-arrow" },
    svg("title", {}, (N["iw:battle"] || "").split("\n")[0])));
  }
  // the drill's track: the start, then steps 1, 2 and 3 (the third and later); the cargo it carries
  const ic = view.players.ironclad;
  const track = svg("g", { class: "drill-track" });
  track.append(svg("text", { x: 14, y: 20, class: "iw-track-title", fill: "#b0268a" }, "▼"));
  for (let s = 0; s <= 3; s++) {
    const cx = 40 + s * 30;
    track.append(svg("circle", { cx, cy: 16, r: 10, fill: s === ic.drill_step ? "#b0268a" : "#fff", stroke: "#b0268a",
      "stroke-width": 2, class: s === ic.drill_step ? "step on" : "step" }));
    track.append(svg("text", { x: cx, y: 20, class: "step-n", fill: s === ic.drill_step ? "#fff" : "#b0268a" },
      s === 0 ? "·" : String(s)));
  }
  track.append(svg("title", {}, (N["iw:lines:ironclad"] || "").split("\n")[1] || ""));
  root.append(track);
  const legend = el("p", { class: "dim iw-legend" }, N["iw:legend"] || "");
  const out = [root, legend];
  // both factions, the battle, the seat's own vision cards and hand
  const sides = el("div", { class: "iw-sides" }, ...["woodwalkers", "ironclad"].map((seat) =>
    el("div", { class: "iw-side", style: "border-color:" + IW_COLOUR[seat], "data-side": seat },
      el("strong", { style: "color:" + IW_COLOUR[seat] }, N["iw:head:" + seat] || seat), ...iwLines(N["iw:lines:" + seat]))));
  out.push(sides);
  if (N["iw:battle"]) out.push(el("div", { class: "iw-battle" }, ...iwLines(N["iw:battle"])));
  const me = view.seat && view.players[view.seat];
  if (me && Array.isArray(me.hand)) {
    if (N["iw:own"]) out.push(el("div", { class: "iw-own" }, ...iwLines(N["iw:own"])));
    const head = el("tr", {}, ...["col_card", "col_dmg", "col_def", "col_dom", "col_effect"].map((k) => el("th", {}, N["iw:" + k] || k)));
    const rows = me.hand.map((c) => {
      const r = ctx.cards[c] || {};
      return el("tr", { "data-card": c }, el("td", {}, el("strong", {}, r.name || N[c] || c), " ", el("span", { class: "dim" }, c)),
        el("td", { class: "n" }, String(r.damage ?? "")), el("td", { class: "n" }, String(r.defense ?? "")),
        el("td", { class: "n" }, String(r.dominance ?? "")), el("td", {}, r.text || ""));
    });
    out.push(el("div", { class: "iw-hand" }, el("h3", {}, N["iw:your_hand"] || ""),
      el("table", {}, head, ...rows), el("p", { class: "dim" }, N["iw:hand_legend"] || "")));
  }
  return el("div", { class: "iw-board" }, ...out);
}
