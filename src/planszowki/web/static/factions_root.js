// Root's faction boards in the player panel, drawn from each seat's `view.players[seat]` (games/root/views.py) —
// only what that view holds, so a secret the server does not send (another seat's supporters, plots) cannot show.
// Names come from the server (`names`: cards, quests, items, leaders, ...), the printed numbers of the boards
// (costs, VP) from the board's geometry (`tracks`, web/boards.py), every other word from the catalog's `web` texts.
"use strict";

const ROOT_SUITS = ["fox", "rabbit", "mouse"];

function fbName(ctx, kind, key) { return ctx.names[kind + ":" + key] || key; }
function fbCap(text) { return text.charAt(0).toUpperCase() + text.slice(1); }
function fbRow(label, ...content) {
  return el("div", { class: "fb-row" }, el("span", { class: "fb-label" }, label), el("span", { class: "fb-val" }, ...content));
}
function fbChip(text, cls, title) { return el("span", { class: "fb-chip " + (cls || ""), title: title || null }, text); }
function fbCard(ctx, key) {
  return fbChip(ctx.names[key] || key, "fb-card suit-" + key.split(":")[0], ctx.names[key] || key);
}
function fbCards(ctx, keys) { return keys && keys.length ? keys.map((k) => fbCard(ctx, k)) : [el("span", { class: "dim" }, T("fb_none"))]; }
function fbSuit(ctx, suit) { return el("span", { class: "fb-suit suit-" + suit }, fbCap(fbName(ctx, "suit", suit))); }
function fbFaction(ctx, f) { return el("span", { class: "seat-name seat-" + f }, ctx.seatName(f)); }

// A track of spaces (a building track, the roosts, Sympathy, gardens): `filled` of them covered by pieces on the map
// (their spaces uncovered: the VP scored), the next one marked; each space shows its cost and VP when known.
function fbTrack(n, filled, cost, vp, title) {
  const cells = [];
  for (let i = 0; i < n; i++) {
    const c = cost ? cost[i] : null;
    const v = vp ? vp[i] : null;
    const state = i < filled ? "on-map" : (i === filled ? "next" : "left");
    cells.push(el("span", { class: "fb-space " + state, title: T("fb_space_" + state) },
      c !== null && c !== undefined ? el("span", { class: "fb-cost" }, String(c)) : null,
      v !== null && v !== undefined ? el("span", { class: "fb-vp" }, "+" + v) : null));
  }
  return el("span", { class: "fb-track", title: title || null }, ...cells);
}

function fbMarquise(b, ctx) {
  const tr = ctx.tracks.marquise || { buildings: ["sawmill", "workshop", "recruiter"], cost: [], vp: {} };
  const rows = [fbRow(T("fb_keep"), b.keep ? T("fb_clearing", { n: b.keep })
    : el("span", { class: "dim" }, T(ctx.setup ? "fb_keep_not_yet" : "fb_keep_gone"))),
    fbRow(T("fb_wood"), String(b.wood_supply))];
  for (const kind of tr.buildings) {
    const n = b.buildings_on_map[kind];
    const next = n < 6 ? T("fb_next_building", { cost: tr.cost[n], vp: tr.vp[kind][n] }) : T("fb_track_full");
    rows.push(fbRow(fbCap(fbName(ctx, "piece", kind)), fbTrack(6, n, tr.cost, tr.vp[kind]), " ",
      el("span", { class: "fb-note" }, T("fb_on_map_left", { on_map: n, left: 6 - n }) + " · " + next)));
  }
  rows.push(el("div", { class: "fb-legend dim" }, T("fb_marquise_legend")));
  return rows;
}

function fbEyrie(b, ctx) {
  const tr = ctx.tracks.eyrie || { columns: ["recruit", "move", "battle", "build"], roost_vp: [] };
  const leaders = (xs) => xs.length ? xs.map((x) => fbName(ctx, "leader", x)).join(", ") : T("fb_none");
  const rows = [fbRow(T("fb_leader"), el("strong", {}, b.leader ? fbName(ctx, "leader", b.leader) : T("fb_none")),
    el("span", { class: "fb-note" }, " · " + T("fb_leaders_up") + ": " + leaders(b.leaders_face_up)
      + " · " + T("fb_leaders_down") + ": " + leaders(b.leaders_face_down)))];
  const cols = tr.columns.map((c) => el("div", { class: "fb-column", "data-column": c },
    el("div", { class: "fb-colhead" }, fbName(ctx, "column", c)), ...(b.decree[c] || []).map((k) => fbCard(ctx, k))));
  rows.push(el("div", { class: "fb-decree" }, el("span", { class: "fb-label" }, T("fb_decree")),
    el("div", { class: "fb-columns" }, ...cols)));
  const n = b.roosts_on_map;
  rows.push(fbRow(T("fb_roosts"), fbTrack(7, n, null, tr.roost_vp.slice(1)), " ",
    el("span", { class: "fb-note" }, T("fb_on_map_left", { on_map: n, left: b.roosts_on_track }) + " · "
      + T("fb_roost_score", { vp: tr.roost_vp[n] === undefined ? "—" : tr.roost_vp[n] }))));
  return rows;
}

function fbAlliance(b, ctx) {
  const tr = ctx.tracks.alliance || { spread_cost: [], sympathy_vp: [] };
  const limit = b.supporter_limit === null ? T("fb_no_limit") : T("fb_limit", { n: b.supporter_limit });
  const rows = [fbRow(T("fb_supporters"), el("strong", { class: "fb-supporters-count" }, String(b.supporters_count)),
    el("span", { class: "fb-note" }, " " + T("fb_face_down") + " · " + limit))];
  if (Array.isArray(b.supporters)) {  // 8.2.3: only the Alliance's own view holds the cards
    rows.push(fbRow(T("fb_your_supporters"), el("span", { class: "fb-supporters" }, ...fbCards(ctx, b.supporters))));
  }
  rows.push(fbRow(T("fb_officers"), String(b.officers)));
  rows.push(fbRow(T("fb_bases"), ...ROOT_SUITS.map((s) => el("span", { class: "fb-base" + (b.bases[s] ? " built" : "") },
    fbSuit(ctx, s), ": ", b.bases[s] ? T("fb_clearing", { n: b.bases[s] }) : T("fb_on_board"))),
  el("span", { class: "fb-note" }, " · " + T("fb_evening_draw", { n: 1 + b.draw_bonus }))));
  const n = b.sympathy.length;
  const next = b.next_spread_cost === null ? T("fb_track_full")
    : T("fb_next_sympathy", { cost: b.next_spread_cost, vp: b.next_sympathy_vp });
  rows.push(fbRow(T("fb_sympathy"), fbTrack(10, n, tr.spread_cost, tr.sympathy_vp), " ",
    el("span", { class: "fb-note" }, T("fb_on_map_left", { on_map: n, left: b.sympathy_on_track }) + " · " + next)));
  rows.push(el("div", { class: "fb-legend dim" }, T("fb_alliance_legend")));
  return rows;
}

function fbItem(ctx, e) {
  const state = e.damaged ? (e.face_up ? "d" : "x") : (e.face_up ? "" : "e");
  let label = fbName(ctx, "item", e.item);
  if (state) label += " (" + fbName(ctx, "item_" + state, e.item) + ")";
  const cls = "fb-item" + (e.face_up ? " up" : " exhausted") + (e.damaged ? " damaged" : "");
  return fbChip(label + (e.ruin ? " ▲" : ""), cls, e.ruin ? T("fb_from_ruin") : null);
}

function fbVagabond(b, ctx) {
  const rows = [fbRow(T("fb_character"), el("strong", {}, b.character ? fbName(ctx, "character", b.character) : "—"),
    b.where ? el("span", { class: "fb-note" }, " · " + T("fb_pawn", {
      where: /^\d+$/.test(b.where) ? T("fb_clearing", { n: b.where }) : T("fb_forest", { f: b.where }) })) : null)];
  if (!b.tracks) return rows;  // before setup
  const t = b.tracks;
  rows.push(fbRow(T("fb_item_tracks"), ...["tea", "coin", "bag"].map((k) => fbChip(fbName(ctx, "item", k) + " " + t[k] + "/3")),
    el("span", { class: "fb-note" }, " · " + T("fb_vb_tracks", { refresh: b.refresh, draw: b.draw, swords: b.swords }))));
  for (const [place, key] of [["track", "fb_on_tracks"], ["satchel", "fb_satchel"], ["damaged", "fb_damaged"]]) {
    const items = b.items.filter((e) => e.place === place).map((e) => fbItem(ctx, e));
    rows.push(fbRow(T(key), el("span", { class: "fb-items", "data-place": place },
      ...(items.length ? items : [el("span", { class: "dim" }, T("fb_none"))]))));
  }
  rows.push(fbRow(T("fb_capacity"), T("fb_capacity_n", { n: b.satchel_count, limit: b.item_limit })));
  const rels = Object.entries(b.relationships).map(([f, level]) => el("span", { class: "fb-rel rel-" + level },
    fbFaction(ctx, f), ": ", /^\d$/.test(level) ? T("fb_rel_step", { n: level }) : fbName(ctx, "relationship", level),
    b.aids_this_turn && b.aids_this_turn[f] ? " (" + T("fb_aided", { n: b.aids_this_turn[f] }) + ")" : ""));
  rows.push(fbRow(T("fb_relationships"), ...(rels.length ? rels : ["—"])));
  rows.push(fbRow(T("fb_quests_done"), ...(b.quests_done.length ? b.quests_done.map((q) => fbCard(ctx, q))
    : [el("span", { class: "dim" }, T("fb_none"))])));
  if (b.coalition) rows.push(fbRow(T("fb_coalition"), fbFaction(ctx, b.coalition)));
  if (b.removed_items && b.removed_items.length) {
    rows.push(fbRow(T("fb_removed_items"), b.removed_items.map((x) => fbName(ctx, "item", x)).join(", ")));
  }
  return rows;
}

function fbBoxCount(ctx, owners) {
  const counts = {};
  for (const f of owners) counts[f] = (counts[f] || 0) + 1;
  const parts = Object.entries(counts).map(([f, n]) => el("span", { class: "fb-chip" }, fbFaction(ctx, f), " " + n));
  return parts.length ? parts : [el("span", { class: "dim" }, "0")];
}

function fbRiverfolk(b, ctx) {
  if (!b.funds) return [];
  const tr = ctx.tracks.riverfolk || { post_vp: [] };
  const rows = [fbRow(T("fb_payments"), ...fbBoxCount(ctx, b.payments)), fbRow(T("fb_funds"), ...fbBoxCount(ctx, b.funds)),
    fbRow(T("fb_committed"), ...fbBoxCount(ctx, b.committed))];
  for (const s of ROOT_SUITS) {
    const left = b.posts_on_track[s];
    rows.push(fbRow(el("span", {}, T("fb_posts") + ": ", fbSuit(ctx, s)), fbTrack(3, 3 - left, null, tr.post_vp), " ",
      el("span", { class: "fb-note" }, T("fb_posts_line", { left, free: b.crafting_spaces[s],
        lost: b.posts_lost.filter((x) => x === s).length }))));
  }
  rows.push(fbRow(T("fb_services"), ...Object.entries(b.prices).map(([k, v]) => fbChip(fbName(ctx, "service", k) + ": " + v))));
  return rows;
}

function fbCult(b, ctx) {
  if (!b.lost_souls) return [];
  const tr = ctx.tracks.cult || { garden_vp: [] };
  const rows = [fbRow(T("fb_acolytes"), String(b.acolytes)),
    fbRow(T(b.hated ? "fb_hated_outcast" : "fb_outcast"), b.outcast ? fbSuit(ctx, b.outcast) : "—")];
  for (const s of ROOT_SUITS) {
    const n = b.gardens_on_map[s];
    const vp = b.score_vp[s];
    rows.push(fbRow(el("span", {}, T("fb_gardens") + ": ", fbSuit(ctx, s)), fbTrack(5, n, null, tr.garden_vp), " ",
      el("span", { class: "fb-note" }, T("fb_on_map_left", { on_map: n, left: b.gardens_on_track[s] }) + " · "
        + (vp === null ? T("fb_no_score") : T("fb_garden_score", { vp }))
        + (b.scored_this_turn.includes(s) ? " · " + T("fb_scored") : ""))));
  }
  rows.push(fbRow(T("fb_evening_draw_label"), String(1 + b.draw_bonus)));
  rows.push(fbRow(T("fb_lost_souls"), ...fbCards(ctx, b.lost_souls)));
  if (b.revealed.length) rows.push(fbRow(T("fb_revealed"), ...fbCards(ctx, b.revealed)));
  return rows;
}

function fbDuchy(b, ctx) {
  if (!b.swayed) return [];
  const tr = ctx.tracks.duchy || { ministers: {}, sway_cost: {}, crown_vp: {} };
  const minister = (m, swayed) => {
    const rank = tr.ministers[m];
    return fbChip(fbName(ctx, "minister", m) + (rank ? " · " + T("fb_rank_" + rank) : ""),
      "fb-minister" + (swayed ? " swayed" : ""), rank && !swayed ? T("fb_sway_cost", { n: tr.sway_cost[rank] }) : null);
  };
  const rows = [fbRow(T("fb_burrow"), String(b.burrow), el("span", { class: "fb-note" },
    " · " + T("fb_tunnels", { clearings: b.tunnels.join(", ") || "—", supply: b.tunnels_in_supply })
    + " · " + T("fb_recruit_draw", { recruit: b.recruit, draw: b.draw })))];
  rows.push(fbRow(T("fb_swayed"), ...(b.swayed.length ? b.swayed.map((m) => minister(m, true)) : [T("fb_none")])));
  rows.push(fbRow(T("fb_unswayed"), ...b.unswayed.map((m) => minister(m, false))));
  rows.push(fbRow(T("fb_crowns"), ...Object.entries(b.crowns).map(([r, n]) =>
    fbChip(T("fb_rank_" + r) + ": " + n + (tr.crown_vp[r] ? " (" + T("fb_vp_plus", { n: tr.crown_vp[r] }) + ")" : "")))));
  rows.push(fbRow(T("fb_on_tracks"), fbName(ctx, "piece", "citadel") + ": " + b.citadels_on_track + " · "
    + fbName(ctx, "piece", "market") + ": " + b.markets_on_track));
  if (b.revealed.length) rows.push(fbRow(T("fb_revealed"), ...fbCards(ctx, b.revealed)));
  return rows;
}

function fbCorvid(b, ctx) {
  if (b.plots_in_supply === undefined) return [];
  const rows = [fbRow(T("fb_plots_supply"), String(b.plots_in_supply),
    b.supply ? el("span", { class: "fb-note" }, " (" + Object.entries(b.supply).map(([k, n]) => fbName(ctx, "plot", k) + " " + n).join(", ") + ")") : null)];
  const down = Object.entries(b.face_down).map(([c, kind]) => {
    const out = b.ruled_out[c];
    const what = kind ? fbName(ctx, "plot", kind) : "?" + (out ? " (≠ " + out.map((k) => fbName(ctx, "plot", k)).join(", ") + ")" : "");
    return fbChip(T("fb_clearing", { n: c }) + ": " + what, "fb-plot" + (kind ? " known" : " hidden"));
  });
  rows.push(fbRow(T("fb_plots_face_down"), el("span", { class: "fb-plots" }, ...(down.length ? down : [el("span", { class: "dim" }, T("fb_none"))]))));
  rows.push(fbRow(T("fb_plots_face_up"), String(b.face_up)));
  rows.push(fbRow(T("fb_next_plot"), T("fb_next_plot_cost", { n: b.next_plot_cost }), el("span", { class: "fb-note" },
    " · " + T("fb_evening_draw", { n: b.draw }))));
  return rows;
}

// 14: the Lord of the Hundreds — the warlord (14.2.2), the face-up mood and those still open (14.4.4), the Hoard's
// Command and Prowess tracks of four spaces each (14.2.4), strongholds and mobs left, items removed: all public.
function fbWarlord(b, ctx) {
  if (!b.mood) return [];
  const items = (xs) => (xs.length ? xs.map((x) => fbChip(fbName(ctx, "item", x), "fb-item")) : [el("span", { class: "dim" }, T("fb_none"))]);
  const track = (xs) => el("span", { class: "fb-track" }, ...[0, 1, 2, 3].map((i) =>
    el("span", { class: "fb-space " + (i < xs.length ? "on-map" : (i === xs.length ? "next" : "left")) },
      i < xs.length ? fbName(ctx, "item", xs[i]) : "")));
  const rows = [fbRow(T("fb_warlord"), b.warlord ? T("fb_clearing", { n: b.warlord }) : el("span", { class: "dim" }, T("fb_warlord_off")))];
  rows.push(fbRow(T("fb_mood"), fbChip(T("fb_mood_" + b.mood), "fb-mood")));
  rows.push(fbRow(T("fb_moods_open"), ...b.moods_open.map((m) => fbChip(T("fb_mood_" + m), "fb-mood" + (m === b.mood ? " dim" : "")))));
  rows.push(fbRow(T("fb_hoard_command", { n: b.command }), track(b.command_track)));
  rows.push(fbRow(T("fb_hoard_prowess", { n: b.prowess }), track(b.prowess_track)));
  rows.push(fbRow(T("fb_on_tracks"), T("fb_strongholds_mobs", { strongholds: b.strongholds_on_track, mobs: b.mobs_in_supply })));
  if (b.removed_items.length) rows.push(fbRow(T("fb_hoard_removed"), ...items(b.removed_items)));
  return rows;
}

// 15: the Keepers in Iron — the Retinue's three columns (15.5.2), the Relics spaces with the values recovered and the
// filled columns (15.5.2.III), waystations (15.2.2), relics in the forests: face down by type only (15.2.1), all public.
function fbKeepers(b, ctx) {
  if (!b.retinue) return [];
  const cols = ["move", "battle", "recover"].map((c) => el("div", { class: "fb-column", "data-column": c },
    el("div", { class: "fb-colhead" }, T("fb_retinue_" + c)), ...(b.retinue[c] || []).map((k) => fbCard(ctx, k))));
  const rows = [el("div", { class: "fb-decree" }, el("span", { class: "fb-label" }, T("fb_retinue", { n: b.retinue_count })),
    el("div", { class: "fb-columns" }, ...cols))];
  for (const t of ["figure", "tablet", "jewelry"]) {
    const vals = b.relics[t] || [];
    rows.push(fbRow(T("fb_relic_" + t), el("span", { class: "fb-track" }, ...[0, 1, 2, 3].map((i) =>
      el("span", { class: "fb-space " + (i < vals.length ? "on-map" : (i === vals.length ? "next" : "left")) },
        i < vals.length ? String(vals[i]) : "")))));
  }
  rows.push(fbRow(T("fb_relic_columns"), String(b.filled_columns)));
  const ways = b.waystations.map(([c, k]) => fbChip(T("fb_clearing", { n: c }) + ": " + fbName(ctx, "piece", k), "fb-item up"));
  rows.push(fbRow(T("fb_waystations"), ...(ways.length ? ways : [el("span", { class: "dim" }, T("fb_none"))]),
    el("span", { class: "fb-note" }, " · " + T("fb_evening_draw", { n: b.draw }))));
  const forests = Object.entries(b.forest_relics).map(([f, ks]) => fbChip(f + ": " + ks.map((k) => fbName(ctx, "piece", k)).join(", "),
    "fb-plot" + (ks.some((k) => k.split("_").length === 2) ? " hidden" : " known")));
  rows.push(fbRow(T("fb_forest_relics"), ...(forests.length ? forests : [el("span", { class: "dim" }, T("fb_none"))])));
  return rows;
}

const FB_DRAW = { marquise: fbMarquise, eyrie: fbEyrie, alliance: fbAlliance, vagabond: fbVagabond, vagabond2: fbVagabond,
  riverfolk: fbRiverfolk, cult: fbCult, duchy: fbDuchy, corvid: fbCorvid };
FB_DRAW.warlord = fbWarlord;
FB_DRAW.keepers = fbKeepers;

// One faction's board: its own parts, then what every faction has (warriors in supply, crafted cards and items,
// an active dominance card).
// ctx: { names, tracks, seatName, setup (the game is in its setup) } (the Riverfolk's public hand, 11.2.3, is shown as a hand by table.js)
function rootFactionBoard(seat, pv, ctx) {
  const b = pv.board || {};
  const draw = FB_DRAW[seat];
  const rows = draw ? draw(b, ctx) : [];
  const common = [];
  if (b.warrior_supply !== undefined) common.push(fbRow(T("fb_warriors"), String(b.warrior_supply)));
  common.push(fbRow(T("fb_crafted"), ...fbCards(ctx, pv.crafted || [])));
  if (!seat.startsWith("vagabond")) {  // 9.2.5: the Vagabond's items are on its own board
    const items = (pv.items || []).map((x) => fbChip(fbName(ctx, "item", x)
      + ((pv.exhausted_items || []).includes(x) ? " (" + fbName(ctx, "item_e", x) + ")" : ""), "fb-item up"));
    common.push(fbRow(T("fb_items"), ...(items.length ? items : [el("span", { class: "dim" }, T("fb_none"))])));
  }
  if (pv.dominance) common.push(fbRow(T("fb_dominance"), fbCard(ctx, pv.dominance)));
  if (pv.coffin && Object.keys(pv.coffin).length) {
    common.push(fbRow(T("fb_coffin"), ...Object.entries(pv.coffin).map(([f, n]) => fbChip(ctx.seatName(f) + " " + n))));
  }
  return el("div", { class: "fboard fboard-" + seat, "data-faction": seat }, ...rows, ...common);
}

