"""Ironwood heuristics, one readable module per faction, and the position estimate ISMCTS uses for Ironwood.

Imported by :mod:`planszowki.bots.heuristic` and :mod:`planszowki.bots.ismcts` the first time they meet an
Ironwood state (``state.GAME == "ironwood"``); importing registers the scorers (``heuristic`` picks the seat's
faction: the seats of Ironwood are its factions) and the evaluator.
"""

from __future__ import annotations

from ...games.ironwood.state import FOUNDATION, IC, WW, IronwoodState
from ..heuristic import register_scorer
from ..ismcts import lead_rewards, register_evaluator
from . import ironclad, woodwalkers

GAME = "ironwood"
#: how far a step of progress (a secured totem, an outer forge) is from a sure win, for the estimate below
SCALE = 0.9


def progress(st: IronwoodState, seat: str) -> float:
    """Steps towards victory (``st.vp``: secured totems, outer forges; 3 wins) plus what the board promises.

    Woodwalkers: a full totem on the board is about half a secured one, a fading one less (it leaves at the end of
    the round), visions in hand are future totems. Ironclad: a foundation is about half a forge (it still needs
    5 crystals and control), a controlled one more; crystals count towards the next forge. Both: warriors."""
    b = st.board
    if seat == WW:
        totems = sum(0.35 if fading else 0.5 for loc, fading in st.totems if st.ww[loc] > 0)
        visions = 0.1 * min(len(st.visions), 4)
        return st.secured + totems + visions + 0.015 * sum(st.ww) + 0.02 * st.crystals[WW]
    foundations = sum(0.45 if st.controls(IC, m) else 0.3 for m in b.mountains()
                      if st.site[m] == FOUNDATION and b.rings[m] == "outer")
    crystals = 0.06 * min(st.crystals[IC] + 0.5 * st.cargo, 6)
    return st.outer_forges() + foundations + crystals + 0.015 * (sum(st.icw) + 2 * sum(st.golems))


def evaluate(st: IronwoodState) -> dict[str, float]:
    """Each seat's chance to win, estimated from its lead in progress towards its third totem or forge."""
    return lead_rewards({s: progress(st, s) for s in st.seats}, SCALE)


register_scorer(GAME, woodwalkers.KEY, woodwalkers.scores)
register_scorer(GAME, ironclad.KEY, ironclad.scores)
register_evaluator(GAME, evaluate)
