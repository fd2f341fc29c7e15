// The table: one game, live over a websocket. The server sends this browser only what its seat may know.
"use strict";

const GID = location.pathname.split("/").pop();
const TOKEN = location.hash.slice(1) || tokenFor(GID);
rememberToken(GID, TOKEN);
let ws = null;
let P = null;          // the last payload
let shownSeat = null;  // the seat whose secrets are on screen (hot seat: the pass screen comes between seats)
let passedTo = null;   // the seat the device was handed to
// where the person is in the decision's menu (the server's engine/choices.py tree): the group keys chosen so far,
// and a place clicked on the map that is no group of the menu (its options are shown)
let sel = { path: [], place: null };
let geometry = null;
let confirming = null;  // an option waiting for "Confirm" (it spends a card or ends a phase early)
let openCard = null;    // the hand card whose reference is shown under the hand (a click on the card toggles it)
const closedBoards = new Set();  // the seats whose faction board this person folded
let tutorialFor = null;  // the key of the first-game tutorial open (tutorial.js), or null

function connect() {
  const proto = location.protocol === "https:" ? "wss://" : "ws://";
  ws = new WebSocket(proto + location.host + "/ws/" + GID + "?lang=" + PL.lang);
  ws.onopen = () => ws.send(JSON.stringify({ type: "hello", token: TOKEN || null, lang: PL.lang }));
  ws.onmessage = (m) => {
    const msg = JSON.parse(m.data);
    if (msg.type === "error") { showError(msg.message); return; }
    if (msg.type === "state") { onState(msg); }
    if (msg.type === "hint" && P && msg.version === P.version) showHint(msg);
  };
  ws.onclose = () => { setTimeout(connect, 1500); };
}

function send(msg) { ws.send(JSON.stringify(msg)); }

function showError(text) {
  const e = document.getElementById("error");
  e.textContent = text;
  setTimeout(() => { if (e.textContent === text) e.textContent = ""; }, 8000);
}

function onState(p) {
  const before = P;
  // the server sends only the log lines this page does not hold yet (all of them when log_from is 0)
  if (p.log_from > 0 && before) p.log = before.log.slice(0, p.log_from).concat(p.log);
  P = p;
  if (!before || before.version !== p.version) { sel = { path: [], place: null }; confirming = null; }
  if (p.seat && p.held.length > 1 && shownSeat && p.seat !== shownSeat && passedTo !== p.seat) {
    // a hot seat: hide the previous seat's screen until the next person says they hold the device
    document.getElementById("board").replaceChildren();
    document.getElementById("decision").replaceChildren();
    document.getElementById("players").replaceChildren();
    document.getElementById("log").replaceChildren();
    document.getElementById("tutorial-area").replaceChildren();
    document.getElementById("pass-text").textContent = T("pass_device", { seat: seatName(p.seat) });
    document.getElementById("pass").hidden = false;
    return;
  }
  document.getElementById("pass").hidden = true;
  shownSeat = p.seat;
  render();
}

function seatName(seat) {
  const s = P.seats.find((x) => x.seat === seat);
  return s ? s.name : seat;
}

function render() {
  const p = P;
  document.title = "planszowki · " + p.game + " · " + p.id;
  document.getElementById("title").textContent = (p.title || T("game_" + p.game)) + " · " + p.id;
  document.getElementById("you").textContent = p.seat ? T("you_play", { seat: seatName(p.seat) }) : T("spectator");
  const save = document.getElementById("save");
  save.hidden = !(p.terminal || p.held.length === p.seats.filter((s) => s.controller === "human").length);
  save.onclick = (ev) => { ev.preventDefault(); downloadSave(); };
  const rootlog = document.getElementById("rootlog");
  rootlog.hidden = p.game !== "root";
  rootlog.href = "/api/games/" + GID + "/rootlog";
  const label = p.view && p.view.label ? p.view.label[PL.lang] : null;
  const lab = document.getElementById("label");
  lab.hidden = !label;
  lab.textContent = label ? T("content_label", { label }) : "";
  const notice = document.getElementById("notice");
  const mine = p.decision && p.decision.options;
  notice.hidden = !mine;
  notice.textContent = mine ? T("your_turn") : "";
  if (mine && document.hidden) document.title = "● " + document.title;
  renderBoard();
  renderDecision();
  renderPlayers();
  renderTutorial();
  renderLog();
  renderResult();
}

// The first time this browser plays a faction / side / mode, how its turn goes and how it wins (dismissible; "?"
// reopens it): tutorial.js.
function renderTutorial() {
  const box = document.getElementById("tutorial-area");
  const help = document.getElementById("help");
  const key = P.seat ? tutorialKey(P) : null;
  help.hidden = !key;
  if (!key) { box.replaceChildren(); return; }
  help.title = T("tutorial_reopen");
  help.onclick = () => { tutorialFor = tutorialFor === key ? null : key; renderTutorial(); };
  if (tutorialFor === null && !tutorialSeen(key)) tutorialFor = key;
  if (tutorialFor !== key) { tutorialFor = null; box.replaceChildren(); return; }
  box.replaceChildren(tutorialPanel(key, seatName(P.seat), () => {
    markTutorialSeen(key);
    tutorialFor = null;
    box.replaceChildren();
  }));
}

function menuNode() {
  let node = P.decision.menu;
  for (const k of sel.path) node = node.sub[k] || node;
  return node;
}

function currentOptions() {
  if (!P.decision || !P.decision.options) return [];
  let opts = menuNode().indices.map((i) => P.decision.options[i]);
  if (sel.only) opts = opts.filter((o) => sel.only.includes(o.id));
  return sel.place === null ? opts : opts.filter((o) => o.place === sel.place);
}

// A click on a thing of a drawn board that no option names as its place (a Horde card's Vital point, a Wall
// section): the options of the menu's current step it stands for (one: chosen at once).
function onPick(opts) {
  if (!opts.length) return;
  if (opts.length === 1) { choose(opts[0]); return; }
  sel.only = opts.map((o) => o.id);
  render();
}

function placesOfChoice() {
  return new Set(currentOptions().map((o) => o.place).filter((x) => x !== null));
}

// A click on a place of the map: into its group if the menu has one, else its options (one: chosen at once).
function onPlace(place) {
  const node = menuNode();
  if (node.sub["p:" + place]) { sel.path = [...sel.path, "p:" + place]; render(); return; }
  sel.place = place;
  const opts = currentOptions();
  if (opts.length === 1) choose(opts[0]);
  else render();
}

function renderBoard() {
  const box = document.getElementById("board");
  const clickable = P.decision && P.decision.options ? placesOfChoice() : new Set();
  if (P.game === "root" && geometry) {
    box.replaceChildren(drawRootBoard(P.view, geometry, clickable, onPlace, P.names || {}));
  } else if ((P.game === "ironwood" || P.game === "great_wall") && geometry) {
    const ctx = { clickable, onPlace, onPick, names: P.names || {}, cards: P.cards || {},
      options: P.decision && P.decision.options ? currentOptions() : [] };
    box.replaceChildren(P.game === "ironwood" ? drawIronwoodBoard(P.view, geometry, ctx)
      : drawGreatWallBoard(P.view, geometry, ctx));
  } else {
    box.replaceChildren(viewTree(P.view, ["log", "decision"]));
  }
}

// A readable tree of a view (the games without a drawn board yet).
function viewTree(v, skip) {
  if (v === null || v === undefined) return el("span", { class: "dim" }, "—");
  if (typeof v !== "object") return el("span", {}, String(v));
  if (Array.isArray(v)) {
    if (v.every((x) => x === null || typeof x !== "object")) return el("span", {}, v.join(", ") || "—");
    return el("ol", { class: "tree" }, ...v.map((x) => el("li", {}, viewTree(x, []))));
  }
  return el("dl", { class: "tree" }, ...Object.entries(v).filter(([k]) => !(skip || []).includes(k))
    .flatMap(([k, x]) => [el("dt", {}, k), el("dd", {}, viewTree(x, []))]));
}

function optionButton(o) {
  return el("button", { class: "option", title: o.id, "data-option": o.id, onclick: () => choose(o) },
    o.label, o.cite ? el("span", { class: "cite" }, " " + o.cite) : null);
}

function showHint(h) {
  document.querySelectorAll("#decision .hinted").forEach((b) => b.classList.remove("hinted"));
  sel = { path: [], place: null };
  renderDecision();
  const box = document.getElementById("hint-text");
  if (box) box.textContent = T("hint_is", { option: h.label });
  document.querySelectorAll("#decision button[data-option]").forEach((b) => {
    if (b.dataset.option === h.option) b.classList.add("hinted");
  });
}

function hintButton() {
  return el("span", {}, el("button", { class: "hint", id: "hint", title: T("hint_help"),
    onclick: () => send({ type: "hint", seat: P.seat }) }, T("hint")), " ",
  el("span", { id: "hint-text", class: "hint-text" }));
}

function undoButton() {
  if (!P.undo) return null;  // the seat of this browser whose last option may be taken back
  const label = "↶ " + T("undo") + (P.held.length > 1 ? " (" + seatName(P.undo) + ")" : "");
  return el("button", { class: "undo", id: "undo", title: T("undo_hint"),
    onclick: () => send({ type: "undo", seat: P.undo }) }, label);
}

function renderDecision() {
  PL.renders = (PL.renders || 0) + 1;  // each redraw of the decision (tests wait on it)
  const box = document.getElementById("decision");
  const d = P.decision;
  if (!d) { box.replaceChildren(); return; }
  if (confirming && d.options) {
    const o = d.options.find((x) => x.id === confirming);
    if (o) { renderConfirm(o); return; }
    confirming = null;
  }
  if (!d.options) {
    box.replaceChildren(el("p", { class: "waiting" }, T(d.human ? "waiting_for" : "bot_thinks", { seat: d.player_name })),
      undoButton());
    return;
  }
  const parts = [el("h2", {}, d.prompt)];
  const crumbs = [];
  if (sel.path.length || sel.place !== null || sel.only) {
    crumbs.push(el("button", { class: "back", onclick: () => {
      if (sel.only) sel.only = null; else if (sel.place !== null) sel.place = null; else sel.path = sel.path.slice(0, -1);
      render();
    } }, "← " + T("back")));
  }
  if (sel.place !== null || sel.only) {
    parts.push(el("div", { class: "options" }, ...currentOptions().map(optionButton)));
  } else {
    // the menu's entries: options, and groups (an action, then a place — or a click on the map —, then the rest)
    const node = menuNode();
    if (node.entries.some((e) => e.kind === "group" && e.key.startsWith("p:"))) parts.push(el("p", { class: "hint" }, T("choose_place")));
    parts.push(el("div", { class: "options" }, ...node.entries.map((e) => e.kind === "option"
      ? optionButton(d.options[e.index])
      : el("button", { class: e.key.startsWith("p:") ? "place" : "action", "data-group": e.key,
        onclick: () => { sel.path = [...sel.path, e.key]; render(); } },
        e.label, el("span", { class: "count" }, " (" + e.count + ")")))));
  }
  box.replaceChildren(...crumbs, ...parts, el("div", { class: "tools" }, hintButton(), " ", undoButton()));
}

function renderConfirm(o) {
  PL.renders = (PL.renders || 0) + 1;
  document.getElementById("decision").replaceChildren(el("h2", {}, P.decision.prompt),
    el("p", { class: "confirm" }, T("confirm_q", { option: o.label })),
    el("div", { class: "options" },
      el("button", { class: "option confirm-yes", onclick: () => choose(o, true) }, T("confirm_yes")),
      el("button", { class: "option confirm-no", onclick: () => { confirming = null; renderDecision(); } },
        T("confirm_no"))));
}

function choose(o, confirmed) {
  if (!confirmed && o.confirm) {  // it spends a card or ends a phase early (engine/choices.py needs_confirm)
    confirming = o.id;
    renderConfirm(o);
    return;
  }
  confirming = null;
  send({ type: "act", seat: P.seat, option: o.id, version: P.version });
}

function renderPlayers() {
  const box = document.getElementById("players");
  const players = (P.view && P.view.players) || {};
  const rows = P.seats.map((s) => {
    const pv = players[s.seat] || {};
    const who = s.controller === "human" ? T("human") : s.controller;
    const bits = [el("strong", { class: "seat-name seat-" + s.seat }, s.name), " · ", who];
    if (pv.vp !== undefined) bits.push(" · " + T("vp", { n: pv.vp }));
    if (pv.hand_count !== undefined) bits.push(" · " + T("cards_in_hand", { n: pv.hand_count }));
    const details = [];
    if (Array.isArray(pv.hand)) {
      details.push(el("div", { class: "hand" }, el("span", { class: "dim" }, T(s.seat === P.seat ? "hand" : "public_hand") + ": "),
        ...(pv.hand.length ? pv.hand.map((c) => handCard(c)) : [el("span", { class: "dim" }, T("fb_none"))])));
      if (openCard && pv.hand.includes(openCard) && (P.cards || {})[openCard]) details.push(cardRef(P.cards[openCard]));
    }
    if (pv.board && P.game === "root") {  // factions_root.js: the board drawn as its parts
      const ctx = { names: P.names || {}, tracks: (geometry && geometry.tracks) || {}, seatName,
        setup: P.view.phase === "setup" };
      const box = el("details", { class: "faction-board", open: !closedBoards.has(s.seat) },
        el("summary", {}, T("faction_board")), rootFactionBoard(s.seat, pv, ctx));
      box.addEventListener("toggle", () => { if (box.open) closedBoards.delete(s.seat); else closedBoards.add(s.seat); });
      details.push(box);
    } else if (pv.board) {
      details.push(el("details", {}, el("summary", {}, T("faction_board")), viewTree(pv.board, [])));
    }
    return el("div", { class: "player" + (P.decision && P.decision.player === s.seat ? " active" : "") },
      el("div", {}, ...bits), ...details);
  });
  box.replaceChildren(el("h2", {}, T("players")), ...rows);
}

// A hand card: its reference (cost, item, VP, effect; the server's card_reference) as the tooltip, and a click
// shows it under the hand for a touch screen or a longer read.
function handCard(c) {
  const ref = (P.cards || {})[c];
  const toggle = () => { openCard = openCard === c ? null : c; renderPlayers(); };
  return el("span", {
    class: "card" + (ref ? " has-ref" : "") + (openCard === c ? " open" : ""), title: ref ? ref.plain : c,
    tabindex: ref ? 0 : null, role: ref ? "button" : null, onclick: ref ? toggle : null,
    onkeydown: ref ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); toggle(); } } : null,
  }, (P.names || {})[c] || c);
}

function cardRef(r) {
  const [, facts] = r.plain.split("\n");
  return el("div", { class: "card-ref" }, el("strong", {}, r.name), " — " + r.kind,
    el("div", { class: "dim" }, facts), el("p", {}, r.text));
}

function renderLog() {
  const box = document.getElementById("log");
  const items = P.log.slice(-200).map((e) => el("li", { class: e.private ? "private" : "" }, e.text,
    e.cite ? el("span", { class: "cite" }, " " + e.cite) : null));
  box.replaceChildren(...items);
  box.scrollTop = box.scrollHeight;
}

function renderResult() {
  const box = document.getElementById("result");
  if (!P.terminal || !P.result) { box.hidden = true; return; }
  const r = P.result;
  const winners = (r.winners || []).map(seatName).join(", ");
  const scores = r.vp || r.scores || r.honor || {};
  document.getElementById("result-box").replaceChildren(
    el("h2", {}, T("game_over")),
    el("p", {}, T("winners", { names: winners || "—" })),
    el("ul", {}, ...Object.entries(scores).map(([s, v]) => el("li", {}, seatName(s) + ": " + v))),
    el("button", { onclick: () => { box.hidden = true; } }, T("close")));
  box.hidden = false;
}

async function downloadSave() {
  const r = await fetch("/api/games/" + GID + "/save?lang=" + PL.lang, { headers: TOKEN ? { authorization: "Bearer " + TOKEN } : {} });
  if (!r.ok) { showError((await r.json()).error); return; }
  const blob = await r.blob();
  const a = el("a", { href: URL.createObjectURL(blob), download: P.game + "-" + GID + ".json" });
  document.body.append(a);
  a.click();
  a.remove();
}

(async () => {
  await loadTexts();
  try { geometry = await api("/api/games/" + GID + "/board"); } catch (e) { geometry = null; }
  document.getElementById("pass-ok").addEventListener("click", () => {
    passedTo = P.seat;
    document.getElementById("pass").hidden = true;
    shownSeat = P.seat;
    render();
  });
  onLang(() => { if (ws) send({ type: "lang", lang: PL.lang }); });
  connect();
})();
