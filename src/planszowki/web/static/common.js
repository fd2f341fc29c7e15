// Shared by the lobby and the table: the language, the catalog's "web" texts, small DOM helpers.
"use strict";

const PL = {
  lang: localStorage.getItem("planszowki.lang") || (navigator.language || "en").slice(0, 2),
  texts: {},
};
if (!["pl", "en"].includes(PL.lang)) PL.lang = "en";

function T(key, args) {
  let s = PL.texts[key] || key;
  if (args) for (const [k, v] of Object.entries(args)) s = s.split("{" + k + "}").join(String(v));
  return s;
}

async function loadTexts() {
  const r = await fetch("/api/i18n/" + PL.lang);
  PL.texts = await r.json();
  document.documentElement.lang = PL.lang;
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = T(el.dataset.t); });
  document.querySelectorAll("button.lang").forEach((b) => b.classList.toggle("on", b.dataset.lang === PL.lang));
}

function onLang(callback) {
  document.querySelectorAll("button.lang").forEach((b) => b.addEventListener("click", async () => {
    PL.lang = b.dataset.lang;
    localStorage.setItem("planszowki.lang", PL.lang);
    await loadTexts();
    callback();
  }));
}

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

async function api(path, body, token) {
  const headers = { "content-type": "application/json" };
  if (token) headers.authorization = "Bearer " + token;
  const r = await fetch(path + (path.includes("?") ? "&" : "?") + "lang=" + PL.lang,
    body === undefined ? { headers } : { method: "POST", headers, body: JSON.stringify(body) });
  const doc = await r.json();
  if (!r.ok) throw new Error(doc.error || r.statusText);
  return doc;
}

// The seats a browser holds, per game: the join links' tokens, kept so a closed tab comes back.
function rememberToken(gid, token) {
  if (token) localStorage.setItem("planszowki.token." + gid, token);
}
function tokenFor(gid) {
  return localStorage.getItem("planszowki.token." + gid);
}
