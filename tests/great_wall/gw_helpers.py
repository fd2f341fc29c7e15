"""Shared helpers for Great Wall rule tests (``from gw_helpers import ...``).

Rule tests build positions with :func:`pos` in the documented position format (position.py) and define the Horde
cards they depend on inline with :func:`horde_card`, so a rule test holds whatever the demonstration set says.
"""

from __future__ import annotations

from typing import Any

import planszowki
from planszowki.games.great_wall.state import GreatWallState

GAME = planszowki.load("great_wall")
P3 = ["red", "blue", "yellow"]


def horde_card(vitals: dict[int, dict[str, int]], power: int = 3, reward: int = 5, invasion: int = 0) -> dict:
    """A Horde card whose Vital points are the given cells (0-11: row*6+column) with their rewards."""
    grid = [[None] * 6, [None] * 6]
    for i, rew in vitals.items():
        grid[i // 6][i % 6] = dict(rew)
    return {"name": {"en": "Test Horde", "pl": "Testowa Horda"}, "power": power, "invasion": invasion,
            "reward": reward, "grid": grid}


def pos(horde_cards: dict[str, dict] | None = None, **doc: Any) -> GreatWallState:
    d: dict[str, Any] = dict(doc)
    if horde_cards:
        d["content"] = {"horde": horde_cards}
    d.setdefault("seed", 1)
    d.setdefault("players", P3)
    st = GAME.from_position(d)
    _ = st.decision  # settled: the automatic steps up to the first decision have run
    return st


def ids(st: GreatWallState) -> list[str]:
    return [o.id for o in st.decision.options]


def play(st: GreatWallState, *option_ids: str) -> None:
    for o in option_ids:
        st.apply(o)


def kinds(st: GreatWallState) -> list[str]:
    return [e.kind for e in st.log]
