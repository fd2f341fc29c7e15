"""The Great Wall heuristics and the position estimate ISMCTS uses for it.

Imported by :mod:`planszowki.bots.heuristic` and :mod:`planszowki.bots.ismcts` the first time they meet a Great Wall
state (``state.GAME == "great_wall"``); importing registers the clan scorer for every clan (the clans play the same
rules: ``clan.py``) and the evaluator.
"""

from __future__ import annotations

from ...games.great_wall.state import CLANS, GreatWallState
from ..heuristic import register_scorer
from ..ismcts import lead_rewards, register_evaluator
from . import clan

GAME = "great_wall"
#: Honor between two clans that makes the leader's win nearly sure, for the estimate below
SCALE = 6.0


def expected_honor(st: GreatWallState, seat: str) -> float:
    """Honor now, minus 5 per soldier with a Shame token under it, plus each claimed Horde card without Shame (what
    final scoring will add or take: "Koniec gry"), plus a little for resources that will become Honor."""
    shame = 5.0 * sum(st.shamed[seat])
    claimed = sum(st.content.horde[c]["reward"] for c, s in st.claimed[seat] if not s)
    stock = 0.2 * sum(st.res[seat].values())
    return st.honor[seat] - shame + claimed + stock


def coop_chance(st: GreatWallState) -> float:
    """Co-op ("Tryb kooperacji"): the players' one shared chance, from the Decrees fulfilled against the target and
    the Shame pool left (a Shame token meeting an empty pool loses the game)."""
    co = st.coop
    total = st.content.board["shame_per_player"] * st.n
    return min(1.0, 0.65 * co["fulfilled"] / co["target"] + 0.3 * st.shame_pool / total + 0.05)


def evaluate(st: GreatWallState) -> dict[str, float]:
    """Each clan's chance to win, estimated from its lead in expected final Honor (solo: against Qin Jiushao, who
    will add 20 Honor per Artifact card and must be beaten, not tied)."""
    if st.coop:  # all win or all lose together
        return dict.fromkeys(st.seats, coop_chance(st))
    points = {s: expected_honor(st, s) for s in st.seats}
    if st.qin:
        points[st.qin] = expected_honor(st, st.qin) + 20 * len(st.artifacts) + 0.5
    out = lead_rewards(points, SCALE)
    return {s: out[s] for s in st.seats}


for _clan in CLANS:
    register_scorer(GAME, _clan, clan.scores)
register_evaluator(GAME, evaluate)
