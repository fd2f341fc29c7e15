// The first game's tutorial of every game: how a turn goes and how one wins, for the person's seat (Root: its faction;
// Ironwood: its side; The Great Wall: the mode). The text is the catalog's web.tutorial_KEY; "?" reopens it.

function tutorialKey(P) {
  if (P.game === "root") return "tutorial_" + (P.seat === "vagabond2" ? "vagabond" : P.seat);
  if (P.game === "ironwood") return "tutorial_ironwood_" + P.seat;
  if (P.game === "great_wall") return "tutorial_great_wall" + (P.view.qin ? "_solo" : P.view.coop ? "_coop" : "");
  return null;
}

function tutorialSeen(key) { return localStorage.getItem("planszowki.tutorial." + key) === "seen"; }
function markTutorialSeen(key) { localStorage.setItem("planszowki.tutorial." + key, "seen"); }

function tutorialPanel(key, seatLabel, onClose) {
  const paras = T(key).split("\n").map((line) => {
    const m = line.match(/^([^:]{1,40}):\s(.*)$/);
    return m ? el("p", {}, el("strong", {}, m[1] + ": "), m[2]) : el("p", {}, line);
  });
  return el("section", { id: "tutorial", class: "tutorial", role: "dialog", "aria-label": T("tutorial_title", { faction: seatLabel }) },
    el("h2", {}, T("tutorial_title", { faction: seatLabel })), ...paras,
    el("p", { class: "dim" }, T("tutorial_more")),
    el("button", { id: "tutorial-close", onclick: onClose }, T("tutorial_close")));
}
