// The lobby: create a game, join a free seat, watch, load a save.
"use strict";

let META = null;

function seatRow(seat, defaultWho, bots, engineSeats) {
  const who = el("select", { name: "who-" + seat.seat, "data-seat": seat.seat },
    el("option", { value: "" }, T("not_playing")),
    el("option", { value: "human" }, T("human")),
    ...bots.map((b) => el("option", { value: b }, T("bot_" + b) === "bot_" + b ? b : T("bot_" + b))),
    ...(engineSeats || []).map((b) => el("option", { value: b }, T("engine_" + b))),
    el("option", { value: "custom" }, T("bot_custom")));
  who.value = defaultWho;
  // a bot with its parameters, e.g. ismcts:iterations=400,rollout=heuristic (the server checks the spec)
  const spec = el("input", { name: "spec-" + seat.seat, placeholder: "ismcts:iterations=400", hidden: true,
    "aria-label": T("bot_custom") });
  const mine = el("input", { type: "checkbox", name: "mine-" + seat.seat, "aria-label": T("mine") });
  mine.checked = defaultWho === "human";
  who.addEventListener("change", () => {
    mine.disabled = who.value !== "human";
    if (mine.disabled) mine.checked = false;
    spec.hidden = who.value !== "custom";
  });
  mine.disabled = defaultWho !== "human";
  return el("tr", {}, el("td", {}, seat.name), el("td", {}, who, " ", spec), el("td", {}, mine));
}

function currentGame() {
  return META.games.find((x) => x.game === document.getElementById("game").value) || META.games[0];
}

// The seat rows: the game's factions, or with Root's faction draft (A.8.1) players whose factions are drafted.
function showSeats(g, draft) {
  const body = document.querySelector("#seats tbody");
  const list = draft ? g.draft_seats : g.seats;
  const first = draft ? list.slice(0, 2).map((s) => s.seat) : g.default_seats;
  body.replaceChildren(...list.map((s) => seatRow(s, first.indexOf(s.seat) === 0 ? "human"
    : first.includes(s.seat) ? "heuristic" : "", META.bots, g.engine_seats)));
}

// An option's chosen value: its index in the game's meta (values may be any JSON; null leaves the option out).
function optionValue(g, name, index) {
  const o = g.options.find((x) => x.name === name);
  return o ? o.values[Number(index)].value : undefined;
}

function showGameForm() {
  const g = currentGame();
  showSeats(g, false);
  const opts = document.getElementById("options");
  opts.replaceChildren(...g.options.map((o) => el("label", { "data-advanced": o.advanced ? "1" : null },
    el("span", {}, T("option_" + o.name)), " ",
    el("select", { name: "opt-" + o.name }, ...o.values.map((v, i) => el("option", { value: String(i) }, v.name))))));
  const advanced = () => {  // Appendix A's options show with the Advanced Setup only
    const on = optionValue(g, "setup", (opts.querySelector("[name=opt-setup]") || {}).value || 0) === "advanced";
    opts.querySelectorAll("[data-advanced]").forEach((l) => {
      l.hidden = !on;
      if (!on) l.querySelector("select").value = "0";
    });
  };
  opts.querySelectorAll("select").forEach((s) => s.addEventListener("change", () => {
    const wasDraft = document.querySelector("#seats tbody select[data-seat^=player]") !== null;
    advanced();
    const draft = optionValue(g, "factions", (opts.querySelector("[name=opt-factions]") || {}).value || 0) === "draft";
    if (draft !== wasDraft) showSeats(g, draft);
  }));
  advanced();
  if (g.game === "great_wall") {
    opts.append(el("label", {}, el("span", {}, T("option_mode")), " ", el("select", { name: "opt-mode" },
      ...["standard", "solo", "coop"].map((m) => el("option", { value: m }, T("mode_" + m))))));
  }
}

async function refreshMeta() {
  META = await api("/api/meta");
  const sel = document.getElementById("game");
  const was = sel.value;
  sel.replaceChildren(...META.games.map((g) => el("option", { value: g.game }, g.name)));
  if (was) sel.value = was;
  showGameForm();
}

async function refreshGames() {
  const { games } = await api("/api/games");
  const body = document.querySelector("#games tbody");
  document.getElementById("no-games").hidden = games.length > 0;
  body.replaceChildren(...games.map((g) => {
    const mine = tokenFor(g.id);
    const seats = g.seats.map((s) => {
      const label = s.name + " (" + (s.controller === "human" ? T("human") : s.controller) + ")";
      if (!s.free) return el("span", { class: "seat" }, label);
      return el("button", { class: "join", onclick: () => join(g.id, s.seat) }, T("join_as", { seat: s.name }));
    });
    const state = g.terminal ? T("finished") : g.turn ? T("turn_of", { seat: g.turn }) : "";
    return el("tr", {},
      el("td", {}, el("strong", {}, g.game), " ", g.title || g.id),
      el("td", {}, ...seats),
      el("td", {}, state),
      el("td", {}, el("a", { href: "/game/" + g.id + (mine ? "#" + mine : "") }, mine ? T("open") : T("watch"))));
  }));
}

async function join(gid, seat) {
  try {
    const doc = await api("/api/games/" + gid + "/join", { seat }, tokenFor(gid));
    rememberToken(gid, doc.token);
    location.href = "/game/" + gid + "#" + doc.token;
  } catch (e) {
    alert(e.message);
  }
}

async function create(ev) {
  ev.preventDefault();
  const g = document.getElementById("game").value;
  const form = ev.target;
  const seats = {};
  const claim = [];
  form.querySelectorAll("select[data-seat]").forEach((s) => {
    if (!s.value) return;
    seats[s.dataset.seat] = s.value === "custom" ? form.querySelector("[name=spec-" + s.dataset.seat + "]").value.trim()
      : s.value;
    if (form.querySelector("[name=mine-" + s.dataset.seat + "]").checked) claim.push(s.dataset.seat);
  });
  const options = {};
  const meta = currentGame();
  form.querySelectorAll("select[name^=opt-]").forEach((s) => {
    const name = s.name.slice(4);
    if (name === "mode") {
      if (s.value !== "standard") options.mode = s.value;
      return;
    }
    const value = optionValue(meta, name, s.value);
    if (value === null || value === undefined || (name === "deck" && value === "standard")) return;
    options[name] = value;
  });
  const seed = form.seed.value === "" ? undefined : Number(form.seed.value);
  const err = document.getElementById("create-error");
  err.textContent = "";
  try {
    const doc = await api("/api/games/new", { game: g, seats, options, seed, claim });
    rememberToken(doc.id, doc.token);
    location.href = "/game/" + doc.id + (doc.token ? "#" + doc.token : "");
  } catch (e) {
    err.textContent = e.message;
  }
}

async function loadSave(ev) {
  const file = ev.target.files[0];
  const err = document.getElementById("load-error");
  err.textContent = "";
  if (!file) return;
  try {
    const doc = await api("/api/games/load", JSON.parse(await file.text()));
    rememberToken(doc.id, doc.token);
    location.href = "/game/" + doc.id + "#" + doc.token;
  } catch (e) {
    err.textContent = e.message;
  }
}

(async () => {
  await loadTexts();
  await refreshMeta();
  await refreshGames();
  document.getElementById("game").addEventListener("change", showGameForm);
  document.getElementById("create").addEventListener("submit", create);
  document.getElementById("load-file").addEventListener("change", loadSave);
  onLang(async () => { await refreshMeta(); await refreshGames(); });
  setInterval(refreshGames, 5000);
})();
