// Root's board as SVG, drawn from the map's data (paths, rivers, forests, the layout's coordinates) and a seat's
// view (suits, buildings, tokens, warriors, pawns, ruins, closed paths, the Ferry, the Tower).
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const SUIT_COLOUR = { fox: "#d9452b", rabbit: "#e8c23a", mouse: "#e58a2e", bird: "#4a90c8" };
const FACTION_COLOUR = {
  marquise: "#e07b22", eyrie: "#2f6db5", alliance: "#3f9a3a", vagabond: "#6b6b6b", vagabond2: "#3a3a3a",
  riverfolk: "#2aa3a3", cult: "#d8c11f", corvid: "#6c3fa0", duchy: "#c9a27a",
};
const ABBR = {
  sawmill: "S", workshop: "W", recruiter: "R", roost: "⌂", base_fox: "B", base_rabbit: "B", base_mouse: "B",
  ruin: "▲", garden_fox: "G", garden_rabbit: "G", garden_mouse: "G", citadel: "C", market: "M",
  keep: "K", wood: "w", sympathy: "☼", trade_post_fox: "T", trade_post_rabbit: "T", trade_post_mouse: "T",
  tunnel: "◎", plot: "?",
};
FACTION_COLOUR.warlord = "#b3262f";  // 14: the Lord of the Hundreds
ABBR.stronghold = "H";
ABBR.mob = "✹";
FACTION_COLOUR.keepers = "#8b8d90";  // 15: the Keepers in Iron — a relic shows its value, a waystation its type's letter
for (const [t, x] of [["figure", "F"], ["tablet", "T"], ["jewelry", "J"]]) {
  for (const v of [1, 2, 3]) ABBR["relic_" + t + "_" + v] = String(v);
  for (const o of ["figure", "tablet", "jewelry"]) if (o !== t) ABBR["waystation_" + t + "_" + o] = x;
}
// Appendix E: hirelings' warriors ("hireling:<side>"), in their card's colour with a dashed white outline
const LANDMARK_MARK = { black_market: "⚖", elder_treetop: "♣", legendary_forge: "⚒", lost_city: "🏛" };  // Appendix F
const LANDMARK_NAME = { black_market: "Black Market", elder_treetop: "Elder Treetop", legendary_forge: "Legendary Forge",
  lost_city: "Lost City" };
const HIRELING_COLOUR = {
  forest_patrol: "#f2a35e", last_dynasty: "#7fa8de", spring_uprising: "#79c16f", warm_sun_prophets: "#efe07a",
  corvid_spies: "#9b76c9", sunward_expedition: "#dcc2a4", vault_keepers: "#9a9a9a", flame_bearers: "#d9646b",
  popular_band: "#e48bc0", street_band: "#e48bc0", bandit_gangs: "#e48bc0",
  // the pawns: the Flotilla (the Riverfolk's colour), the Protector (the neutral card's), the Exile (the Vagabond's)
  riverfolk_flotilla: "#5fb7c9", furious_protector: "#b08850", stoic_protector: "#b08850", the_exile: "#3b3b3b",
};
for (const [k, v] of Object.entries(HIRELING_COLOUR)) FACTION_COLOUR["hireling:" + k] = v;

function svg(tag, attrs, ...children) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

function pieceColour(piece) {
  for (const f of Object.keys(FACTION_COLOUR)) if (piece.startsWith(f)) return FACTION_COLOUR[f];
  if (piece.startsWith("base")) return FACTION_COLOUR.alliance;
  if (["sawmill", "workshop", "recruiter", "keep", "wood"].includes(piece)) return FACTION_COLOUR.marquise;
  if (piece === "roost") return FACTION_COLOUR.eyrie;
  if (piece === "sympathy") return FACTION_COLOUR.alliance;
  if (piece.startsWith("garden")) return FACTION_COLOUR.cult;
  if (piece.startsWith("trade_post")) return FACTION_COLOUR.riverfolk;
  if (["citadel", "market", "tunnel"].includes(piece)) return FACTION_COLOUR.duchy;
  if (piece === "plot") return FACTION_COLOUR.corvid;
  if (piece === "stronghold" || piece === "mob") return FACTION_COLOUR.warlord;
  if (piece.startsWith("relic_") || piece.startsWith("waystation_")) return FACTION_COLOUR.keepers;
  return "#777";
}

function drawRootBoard(view, geo, clickable, onPlace, names) {
  const at = geo.clearings;  // number -> [x, y]
  const P = (n) => { const c = at[String(n)]; return [c[0] + 30, c[1] + 30]; };
  const root = svg("svg", { viewBox: "0 0 470 470", class: "root-map", role: "img", "aria-label": view.map });
  root.append(svg("rect", { x: 0, y: 0, width: 470, height: 470, fill: "#efe6cf" }));
  const inForest = {};  // the Vagabonds' pawns in forests (2.4): "F3" -> factions
  for (const [f, pv] of Object.entries(view.players || {})) {
    const where = pv.board && pv.board.where;
    if (typeof where === "string" && where.startsWith("F")) (inForest[where] = inForest[where] || []).push(f);
  }
  // Appendix E: the hirelings' pawns — the Riverfolk Flotilla and the Protector in clearings, the Exile in a forest
  const hv = view.hirelings || {};
  const sideOf = (card) => ((hv.cards || []).find((c) => c.hireling.endsWith(card)) || {}).hireling;
  const hirelingPawns = {};  // clearing -> hireling owners
  if (hv.flotilla) (hirelingPawns[hv.flotilla] = hirelingPawns[hv.flotilla] || []).push("hireling:riverfolk_flotilla");
  if (hv.protector) (hirelingPawns[hv.protector] = hirelingPawns[hv.protector] || [])
    .push("hireling:" + (sideOf("_protector") || "furious_protector"));
  if (hv.exile && hv.exile.forest) (inForest[hv.exile.forest] = inForest[hv.exile.forest] || []).push("hireling:the_exile");
  const relicsIn = ((view.players || {}).keepers || { board: {} }).board.forest_relics || {};
  for (const forest of geo.forests || []) {
    const [fx, fy] = [forest.at[0] + 30, forest.at[1] + 30];
    const click = clickable.has(forest.id);
    root.append(svg("g", { class: "forest" + (click ? " clickable" : ""), "data-forest": forest.id,
      onclick: click ? () => onPlace(forest.id) : null },
      svg("circle", { cx: fx, cy: fy, r: 11, fill: "#7fa35b", opacity: click ? 1 : 0.7 }, svg("title", {}, forest.id)),
      ...(inForest[forest.id] || []).map((f, i) => svg("circle", { cx: fx + i * 6, cy: fy, r: 5,
        fill: FACTION_COLOUR[f] || "#555", stroke: "#000" })),
      // 15.2.1: the Keepers' relics in this forest, face down ("?") or showing their value
      ...(relicsIn[forest.id] || []).map((k, i) => svg("g", {},
        svg("rect", { x: fx - 12 + i * 9, y: fy + 6, width: 8, height: 8, fill: FACTION_COLOUR.keepers, stroke: "#000",
          "data-relic": k }),
        svg("text", { x: fx - 8 + i * 9, y: fy + 13, class: "token" }, k.split("_").length === 3 ? k.split("_")[2] : "?")))));
  }
  const closed = new Set((view.closed_paths || []).map((p) => p.join("-")));
  for (const [a, b] of geo.paths) {
    const [x1, y1] = P(a); const [x2, y2] = P(b);
    const shut = closed.has(a + "-" + b) || closed.has(b + "-" + a);
    root.append(svg("line", { x1, y1, x2, y2, stroke: shut ? "#a33" : "#8a7350", "stroke-width": 5,
      "stroke-dasharray": shut ? "4 6" : "none", class: "path" }));
  }
  for (const [a, b] of geo.rivers || []) {
    if (geo.lake) continue;
    const [x1, y1] = P(a); const [x2, y2] = P(b);
    root.append(svg("line", { x1, y1, x2, y2, stroke: "#5aa7d6", "stroke-width": 3, class: "river" }));
  }
  for (const c of view.clearings) {
    const [x, y] = P(c.id);
    const click = clickable.has(String(c.id));
    const g = svg("g", { class: "clearing" + (click ? " clickable" : ""), "data-clearing": c.id,
      onclick: click ? () => onPlace(String(c.id)) : null });
    g.append(svg("circle", { cx: x, cy: y, r: 30, fill: "#fbf7ea", stroke: SUIT_COLOUR[c.suit] || "#999",
      "stroke-width": click ? 6 : 4 }));
    g.append(svg("text", { x: x - 26, y: y - 18, class: "num" }, String(c.id)));
    if (view.ferry && view.ferry.clearing === c.id) g.append(svg("text", { x: x + 14, y: y - 18, class: "mark" }, "⛴"));
    if (view.pass === c.id) g.append(svg("text", { x: x + 14, y: y - 18, class: "mark" }, "♜"));
    // Appendix F, the Landmarks Pack: its mark, and in the title what lies on its card (the Black Market's cards
    // only by number, the Elder Treetop's slot, the Legendary Forge's items)
    for (const [name, card] of Object.entries(view.landmark_cards || {})) {
      if (card.clearing !== c.id) continue;
      const more = name === "black_market" ? " ×" + card.count : name === "legendary_forge" ? ": " + card.items.join(", ")
        : name === "elder_treetop" && card.building ? ": " + (names[card.building] || card.building)
        : name === "lost_city" ? ": " + card.suits.map((s) => names[s] || s).join(", ") : "";
      g.append(svg("text", { x: x + 14, y: y + 28, class: "mark" }, LANDMARK_MARK[name] || "✦",
        svg("title", {}, (names[name] || LANDMARK_NAME[name] || name) + more)));
    }
    const slots = [...c.buildings];
    while (slots.length < c.slots) slots.push(null);
    slots.forEach((b, i) => {
      const sx = x - slots.length * 8 + i * 16;
      g.append(svg("rect", { x: sx, y: y - 16, width: 14, height: 14, fill: b ? pieceColour(b) : "#fff",
        stroke: "#555", "stroke-width": 1 }, svg("title", {}, b || "")));
      if (b) g.append(svg("text", { x: sx + 7, y: y - 5, class: "piece" }, ABBR[b] || b[0].toUpperCase()));
    });
    (c.tokens || []).forEach((t, i) => {
      const tx = x - 20 + i * 10;
      g.append(svg("circle", { cx: tx, cy: y + 6, r: 5, fill: pieceColour(t), stroke: "#3b2f1e", "stroke-width": 0.6 },
        svg("title", {}, (names[t] || t))));
      g.append(svg("text", { x: tx, y: y + 8.5, class: "token" }, ABBR[t] || t[0].toUpperCase()));
    });
    Object.entries(c.warriors || {}).forEach(([f, n], i) => {
      const wx = x - 18 + i * 16;
      const hired = f.startsWith("hireling:") ? { stroke: "#fff", "stroke-dasharray": "2,1" } : {};
      g.append(svg("rect", { x: wx - 7, y: y + 12, width: 14, height: 12, rx: 3, fill: FACTION_COLOUR[f] || "#555",
        ...hired },
        svg("title", {}, f + " ×" + n)));
      g.append(svg("text", { x: wx, y: y + 21, class: "count" }, String(n)));
    });
    [...(c.pawns || []), ...(hirelingPawns[c.id] || [])].forEach((f, i) => {
      g.append(svg("circle", { cx: x + 22, cy: y + 4 + i * 10, r: 5, fill: FACTION_COLOUR[f] || "#555",
        stroke: f.startsWith("hireling:") ? "#fff" : "#000", class: f.startsWith("hireling:") ? "hireling-pawn" : null },
        svg("title", {}, names["faction:" + f] || f)));
    });
    if (c.ruler) g.append(svg("title", {}, (names.rule || "") + c.ruler));
    root.append(g);
  }
  return root;
}
