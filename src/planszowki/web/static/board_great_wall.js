// The Great Wall's table: the Time track with its Lethality, the Wall sections (Wall level, Barricades, firing spots,
// the rest zone, the Horde cards in rows with their 2×6 Vital grids: each free point's reward, who covers it, the
// wounds; defense against Offensive Power), the locations and the clerks standing there, the public tracks and pools,
// each clan, and the seat's own screen. Every word is the server's (names: cli/board_great_wall.py's lines).
"use strict";

const GW_COLOUR = { red: "#c62828", blue: "#1f5fbf", yellow: "#e0b100", green: "#2e8b3a", reed: "#7a8f5a" };

function gwLines(text, cls) {
  return (text || "").split("\n").filter((x) => x.trim()).map((x) => el("div", { class: cls || "" }, x));
}

// The options of the menu's current step that a Vital point stands for: a soldier attacking it, an archer wounding it.
function gwCellOptions(ctx, sec, cid, spot) {
  return ctx.options.filter((o) => {
    const a = o.args || {};
    if (a.card !== cid || (a.sec !== undefined && a.sec !== sec)) return false;
    return a.spot === spot || (Array.isArray(a.spots) && a.spots.includes(spot));
  });
}

// The options naming a section by its number and no card: raise its Wall, add a Barricade, rest there.
function gwSectionOptions(ctx, sec) {
  return ctx.options.filter((o) => o.args && o.args.sec === sec && o.args.card === undefined);
}

function gwHordeCard(entry, sec, ctx) {
  const N = ctx.names;
  const C = 30, W = 6 * C + 4;
  const g = svg("svg", { viewBox: `0 0 ${W} ${2 * C + 4}`, class: "gw-grid", "data-card": entry.id, width: W, height: 2 * C + 4 });
  entry.occ.forEach((occ, i) => {
    const [x, y] = [2 + (i % 6) * C, 2 + Math.floor(i / 6) * C];
    const code = N[`gw:cell:${entry.id}:${i}`];
    const picks = ctx.options.length ? gwCellOptions(ctx, sec, entry.id, i) : [];
    const cell = svg("g", { class: "cell" + (code === undefined ? " none" : "") + (picks.length ? " clickable" : ""),
      "data-spot": i, onclick: picks.length ? () => ctx.onPick(picks) : null });
    let fill = "#f4efe2", text = "·", tcls = "cell-none", tip = entry.id + "@" + i;
    if (code !== undefined && occ === null) { fill = "#dff3f5"; text = code; tcls = "cell-free"; tip += " · " + code; }
    else if (occ === "w") { fill = "#f3d5ee"; text = N["gw:wound"] || "✕"; tcls = "cell-wound"; }
    else if (Array.isArray(occ)) {
      const clan = N["clan:" + occ[0]] || occ[0];
      fill = GW_COLOUR[occ[0]] || "#555";
      text = clan.slice(0, 1) + (N["gw:code:" + occ[1]] || "");
      tcls = "cell-soldier" + (occ[0] === "yellow" ? " dark" : "");
      tip += " · " + clan + " · " + (N["gw:soldier:" + occ[1]] || "");
    }
    cell.append(svg("rect", { x, y, width: C - 2, height: C - 2, rx: 3, fill,
      stroke: picks.length ? "#ffb300" : "#b5a987", "stroke-width": picks.length ? 3 : 1 }));
    cell.append(svg("text", { x: x + (C - 2) / 2, y: y + C / 2 + 3, class: tcls }, text));
    cell.append(svg("title", {}, tip));
    g.append(cell);
  });
  return el("div", { class: "gw-horde", "data-horde": entry.id },
    el("div", {}, el("strong", {}, N["card:" + entry.id] || entry.id), " ", el("span", { class: "dim" }, entry.id)),
    el("div", { class: "dim" }, N["gw:stats:" + entry.id] || "",
      N["gw:wounds:" + entry.id] ? el("span", { class: "gw-wounds" }, " · " + N["gw:wounds:" + entry.id]) : null),
    N["gw:ability:" + entry.id] ? el("div", { class: "gw-ability" }, N["gw:ability:" + entry.id]) : null,
    g);
}

function gwSection(view, geo, sec, ctx) {
  const N = ctx.names;
  const s = view.sections[sec];
  const place = String(sec);
  const picks = ctx.options.length ? gwSectionOptions(ctx, sec) : [];
  const click = ctx.clickable.has(place) ? () => ctx.onPlace(place) : picks.length ? () => ctx.onPick(picks) : null;
  // the Wall: its levels built, the Barricades, the firing spots (a clan's archer on each), all in one strip
  const W = 200, wall = svg("svg", { viewBox: `0 0 ${W} 44`, class: "gw-wall", width: W, height: 44 });
  wall.append(svg("title", {}, N["gw:wall:" + sec] || ""));
  for (let i = 0; i < geo.wall_max; i++) {
    wall.append(svg("rect", { x: 4 + i * 22, y: 4, width: 20, height: 16, fill: i < s.wall ? "#8d7b68" : "#fff",
      stroke: "#5b4a3a", class: i < s.wall ? "wall-level built" : "wall-level" }));
  }
  for (let i = 0; i < geo.barricade_slots; i++) {
    wall.append(svg("rect", { x: 4 + i * 22, y: 24, width: 20, height: 14, rx: 6, fill: i < s.barricades ? "#b08b4f" : "#fff",
      stroke: "#7a5b2a", class: i < s.barricades ? "barricade built" : "barricade" }));
  }
  for (let i = 0; i < geo.firing_spots; i++) {
    const seat = s.firing[i];
    wall.append(svg("circle", { cx: 120 + i * 24, cy: 22, r: 10, fill: seat ? GW_COLOUR[seat] || "#555" : "#fff",
      stroke: "#3b2f1e", class: "firing-spot" }, svg("title", {}, N["gw:firing"] + (seat ? ": " + (N["clan:" + seat] || seat) : ""))));
  }
  const danger = s.power > s.defense;
  const rows = s.horde.length
    ? s.horde.map((entry, row) => el("div", { class: "gw-row" }, el("div", { class: "dim" }, N["gw:row:" + row] || ""),
      gwHordeCard(entry, sec, ctx)))
    : [el("p", { class: "dim" }, N["gw:no_horde"] || "")];
  return el("div", { class: "gw-section" + (danger ? " danger" : ""), "data-section": sec },
    el("h3", { class: click ? "clickable" : "", onclick: click, title: click ? N["sec:" + sec] : null },
      N["sec:" + sec] || place),
    wall, ...gwLines(N["gw:sec:" + sec]), ...rows);
}

function drawGreatWallBoard(view, geo, ctx) {
  const N = ctx.names;
  const out = [];
  // the Time track: each space with its Lethality; the Time marker's space filled
  if (view.year) {
    const T = svg("svg", { viewBox: `0 0 ${(geo.time_last + 1) * 34 + 6} 34`, class: "gw-time", width: (geo.time_last + 1) * 34 + 6, height: 34 });
    for (let t = 0; t <= geo.time_last; t++) {
      const on = t === view.time;
      T.append(svg("rect", { x: 3 + t * 34, y: 3, width: 30, height: 28, rx: 4, fill: on ? "#8a4b14" : "#fffaf0", stroke: "#8a4b14",
        class: on ? "time on" : "time" }));
      T.append(svg("text", { x: 18 + t * 34, y: 15, class: on ? "time-n on" : "time-n" }, String(t)));
      T.append(svg("text", { x: 18 + t * 34, y: 27, class: on ? "time-l on" : "time-l" }, "☠" + geo.lethality[t]));
    }
    out.push(el("div", { class: "gw-top" }, T, el("div", { class: "gw-status" }, ...gwLines(N["gw:status"]))));
  } else {
    out.push(el("div", { class: "gw-status" }, ...gwLines(N["gw:status"])));
  }
  out.push(el("div", { class: "gw-sections" }, ...view.sections.map((_, sec) => gwSection(view, geo, sec, ctx))));
  out.push(el("p", { class: "dim gw-legend" }, N["gw:legend"] || ""));
  // the locations: who stands there, how many spaces, the Overseers
  const tiles = geo.locations.filter((l) => view.locations[l.id] !== undefined).map((l) => {
    const clerks = view.locations[l.id];
    const click = ctx.clickable.has(l.id);
    return el("div", { class: "gw-location" + (click ? " clickable" : ""), "data-location": l.id,
      onclick: click ? () => ctx.onPlace(l.id) : null },
    el("div", {}, el("strong", {}, N["loc:" + l.id] || l.id), l.shame ? el("span", { class: "shame" }, " ⚑") : null),
    el("div", { class: "dim" }, N["gw:spaces:" + l.id] || ""),
    el("div", { class: "clerks" }, ...clerks.map((seat) => el("span", { class: "clerk", title: N["clan:" + seat] || seat,
      style: "background:" + (GW_COLOUR[seat] || "#555") }))),
    N["gw:overseers:" + l.id] ? el("div", { class: "dim" }, N["gw:overseers:" + l.id]) : null);
  });
  out.push(el("h3", {}, N["gw:locations"] || ""), el("div", { class: "gw-locations" }, ...tiles));
  out.push(el("h3", {}, N["gw:clans"] || ""), el("div", { class: "gw-clans" },
    ...(N["gw:clan_lines"] || "").split("\n").filter((x) => x.trim()).map((x) =>
      el("div", { class: /^\s/.test(x) ? "gw-clan-more" : "gw-clan-head" }, x.trim()))));
  if (N["gw:own"]) {
    const seat = view.seat;
    const lines = N["gw:own"].split("\n");
    out.push(el("div", { class: "gw-own", style: "border-color:" + (GW_COLOUR[seat] || "#888") },
      el("strong", {}, N["gw:own_title"] || ""), ...gwLines(lines.slice(lines[0] === N["gw:own_title"] ? 1 : 0).join("\n"))));
  }
  return el("div", { class: "gw-board" }, ...out);
}
