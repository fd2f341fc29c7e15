"""Root heuristics, one readable module per faction, and the position estimate ISMCTS uses for Root.

Imported by :mod:`planszowki.bots.heuristic` and :mod:`planszowki.bots.ismcts` the first time they meet a
Root state; importing registers the scorers (``heuristic`` picks the seat's faction) and the evaluator.
"""

from __future__ import annotations

from ...games.root.state import VAGABONDS, RootState
from ..heuristic import register_scorer
from ..ismcts import lead_rewards, register_evaluator
from . import alliance, corvid, cult, eyrie, marquise, riverfolk, vagabond
from . import duchy as _duchy
from . import keepers as _keepers
from . import warlord as _warlord

GAME = "root"
#: how far a point of board potential is from a victory point, for the estimate below
SCALE = 6.0


def potential(st: RootState, seat: str) -> float:
    """Points a faction can expect from what it has on the board, beyond its score."""
    f = st.faction_of(seat)
    w = 0.05 * st.warriors_on_map(seat)
    if f == "marquise":
        return w + 0.6 * sum(st.count_on_map(k) for k in ("sawmill", "workshop", "recruiter")) \
            + 0.1 * st.count_on_map("wood")
    if f == "eyrie":
        return w + 1.0 * st.count_on_map("roost")
    if f == "alliance":
        bases = sum(st.count_on_map(f"base_{s}") for s in ("fox", "rabbit", "mouse"))
        return w + 0.4 * st.count_on_map("sympathy") + 1.0 * bases + 0.3 * st.fdata[seat].get("officers", 0)
    if f == "cult":
        gardens = sum(st.count_on_map(f"garden_{s}") for s in ("fox", "rabbit", "mouse"))
        return w + 0.9 * gardens + 0.2 * st.fdata[seat].get("acolytes", 0)
    if f == "riverfolk":  # 11.4.2: funds pay dividends, trade posts are points placed
        posts = sum(st.count_on_map(f"trade_{s}") for s in ("fox", "rabbit", "mouse"))
        return w + 0.25 * len(st.fdata[seat].get("funds", ())) + 0.6 * posts
    if f == "corvid":  # 13.4.2: plots on the map are points to flip
        plots = sum(st.count_on_map(k) for k in ("plot", "plot_bomb", "plot_snare", "plot_extortion", "plot_raid"))
        return w + 0.8 * plots
    if f == "duchy":  # 12.5.3: swayed ministers act every turn
        buildings = st.count_on_map("citadel") + st.count_on_map("market")
        return w + 0.5 * buildings + 0.4 * len(st.fdata[seat].get("swayed", ()))
    if f == "warlord":  # 14.6.2: strongholds recruit and craft, mobs raze; 14.2.4.II: the Hoard's tracks
        fd = st.fdata[seat]
        return (w + 0.5 * st.count_on_map("stronghold") + 0.3 * st.count_on_map("mob")
                + 0.3 * (len(fd.get("command", ())) + len(fd.get("prowess", ()))))
    if f == "keepers":  # 15.6.3: waystations draw cards; 15.5.2: the Retinue acts, relics in clearings recover
        relics = sum(1 for c in st.map.clearings() for t in st.tokens[c] if t.startswith("relic_"))
        ways = sum(1 for c in st.map.clearings() for b in st.buildings[c] if b.startswith("waystation_"))
        ret = sum(len(st.fdata[seat].get(f"retinue_{col}", ())) for col in ("move", "battle", "recover"))
        return w + 0.5 * ways + 0.2 * ret + 0.5 * relics
    if seat in VAGABONDS:
        fd = st.fdata[seat]
        rel = sum(max(0, v) for k, v in fd.items() if k.startswith("rel_") and isinstance(v, int))
        return 0.3 * len(fd.get("items", ())) + 0.4 * rel
    return w


def evaluate(st: RootState) -> dict[str, float]:
    """Each seat's chance to win, estimated from its lead in victory points plus board potential."""
    return lead_rewards({s: st.vp[s] + potential(st, s) for s in st.seats}, SCALE)


for _module in (marquise, eyrie, alliance, vagabond, cult, riverfolk, corvid):
    register_scorer(GAME, _module.KEY, _module.scores)
register_scorer(GAME, _duchy.KEY, _duchy.scores)
register_scorer(GAME, _warlord.KEY, _warlord.scores)
register_scorer(GAME, _keepers.KEY, _keepers.scores)
register_evaluator(GAME, evaluate)
