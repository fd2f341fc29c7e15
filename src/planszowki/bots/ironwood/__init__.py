"""Ironwood heuristics, one readable module per faction, and the position estimate ISMCTS uses for Ironwood.

Imported by :mod:`planszowki.bots.heuristic` and :mod:`planszowki.bots.ismcts` the first time they meet an
Ironwood state (``state.GAME == "ironwood"``); importing registers the scorers (``heuristic`` picks the seat's
faction: the seats of Ironwood are its factions) and the evaluator.
"""

from __future__ import annotations

from ...games.ironwood.state import FOUNDATION, IC, WW, IronwoodState
from ..heuristic import register_scorer
from ..ismcts import lead_rewards, register_defaults, register_evaluator
from . import ironclad, woodwalkers
from .common import forest_distance

GAME = "ironwood"
#: how far a step of progress (a secured totem, an outer forge) is from a sure win, for the estimate below
SCALE = 1.5


def progress(st: IronwoodState, seat: str) -> float:
    """Steps towards victory (``st.vp``: secured totems, outer forges; 3 wins) plus what the board promises.

    Woodwalkers: a totem on the board with a warrior to carry it is most of a secured one, less for every path
    still to go and when it is fading (it leaves at the end of the round); a totem left alone little. A vision of a
    mountain the Ironclad does not hold is a totem to come, more so when a warband already borders it. Ironclad: a
    foundation is half a forge when held, crystals count towards paying for it, a held outer mountain without a
    site is a foundation to come, and held mountains whose vision is unrevealed keep totems away. Both: units."""
    b = st.board
    if seat == WW:
        dist = forest_distance(st)
        totems = 0.0
        for loc, fading in st.totems:
            if st.ww[loc] > 0:
                totems += (0.45 if fading else 0.65) - 0.12 * min(dist[loc], 3)
            else:
                totems += 0.12
        open_visions = [m for m in woodwalkers.open_visions(st)]
        near = sum(1 for m in open_visions if any(b.rings[f] == "inner" and st.ww[f] > 0 for f in b.borders[m]))
        visions = 0.12 * min(len(open_visions), 3) + 0.12 * min(near, 2) + 0.04 * min(len(st.visions), 4)
        return st.secured + totems + visions + 0.012 * sum(st.ww) + 0.02 * st.crystals[WW]
    held = [m for m in b.mountains() if st.controls(IC, m)]
    foundations = sum(0.5 if m in held else 0.3 for m in b.mountains()
                      if st.site[m] == FOUNDATION and b.rings[m] == "outer")
    ready = any(st.site[m] == FOUNDATION for m in held)
    crystals = (0.4 if ready else 0.2) * min(1.0, (st.crystals[IC] + 0.5 * st.cargo) / ironclad.BUILD_COST)
    sites = 0.15 * min(2, sum(1 for m in held if b.rings[m] == "outer" and st.site[m] == 0))
    visions = set(st.content.vision_inner) | set(st.content.vision_outer)
    blocking = 0.05 * sum(1 for m in held if b.ids[m] in visions and b.ids[m] not in st.vision_shown)
    return (st.outer_forges() + foundations + crystals + sites + blocking
            + 0.012 * (sum(st.icw) + 2 * sum(st.golems)))


def evaluate(st: IronwoodState) -> dict[str, float]:
    """Each seat's chance to win, estimated from its lead in progress towards its third totem or forge."""
    return lead_rewards({s: progress(st, s) for s in st.seats}, SCALE)


register_scorer(GAME, woodwalkers.KEY, woodwalkers.scores)
register_scorer(GAME, ironclad.KEY, ironclad.scores)
register_evaluator(GAME, evaluate)
# a turn offers up to a few hundred moves and most decisions a dozen: search only the heuristic's few best
# (narrow widening), roll out with the heuristic itself, explore little: with 100 iterations this beats the
# heuristic, where the general settings (widening 2, epsilon 0.1, c 0.7) lose to it
register_defaults(GAME, widening=0.5, epsilon=0.0, c=0.3)
