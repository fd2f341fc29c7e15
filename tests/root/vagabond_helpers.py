"""Helpers for the Vagabond's scenario tests (chapter 9, Appendix D), built on the position format.

Autumn map (printed numbers): 1 fox, 2 mouse, 3 rabbit, 4 rabbit (corners); 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1–5 1–9 1–10, 2–5 2–6 2–10, 3–6 3–7 3–11, 4–8 4–9 4–12, 6–11,
7–8 7–12, 9–12, 10–12, 11–12. Ruins in 6, 10, 11, 12. Forests (by the clearings they touch):
F1 1 2 5 10, F2 1 9 10 12, F3 2 6 10 11 12, F4 3 7 11 12, F5 3 6 11, F6 4 9 12, F7 4 7 8 12.
"""

from __future__ import annotations

from typing import Any

from helpers import GAME, position

from planszowki.games.root.content import quests
from planszowki.games.root.factions import vagabond as vb

FOUR = ("marquise", "eyrie", "alliance", "vagabond")
TWO_VAGABONDS = ("marquise", "vagabond", "eyrie", "vagabond2")
#: cards that matter for nothing in particular, to fill hands and decks
FILLER = ["rabbit:Cobbler", "mouse:Sword", "fox:Anvil", "rabbit:Bake Sale", "mouse:Crossbow", "fox:Travel Gear"]


def vpos(clearings: dict | None = None, *, turn: str = "vagabond", phase: str = "daylight", seats=FOUR,
         vagabond: dict | None = None, vagabond2: dict | None = None, players: dict | None = None, **extra: Any):
    """A position with a Vagabond (``vagabond``: his players entry, e.g. character, where, items)."""
    ps: dict[str, Any] = {s: {} for s in seats}
    for s, p in (players or {}).items():
        ps[s] = dict(p)
    if vagabond is not None:
        ps["vagabond"] = {**ps.get("vagabond", {}), **vagabond}
    if vagabond2 is not None:
        ps["vagabond2"] = {**ps.get("vagabond2", {}), **vagabond2}
    return position(clearings, turn=turn, phase=phase, seats=tuple(seats), players=ps, **extra)


def items(st, seat: str = "vagabond") -> list[str]:
    """The Vagabond's items as sorted ``name:state`` entries (ruin marks kept)."""
    return sorted(st.fdata[seat]["items"])


def plain(st, seat: str = "vagabond") -> list[str]:
    """The Vagabond's items as sorted ``name:state`` entries, ruin marks dropped."""
    return sorted(f"{vb.base(vb.split(e)[0])}:{vb.split(e)[1]}" for e in st.fdata[seat]["items"])


def where(st, seat: str = "vagabond") -> str:
    return vb.location_id(st, st.fdata[seat]["where"])


def rel(st, faction: str, seat: str = "vagabond") -> int:
    return vb.relation(st, seat, faction)


def quest_keys(ids) -> list[str]:
    return [quests()[q].key for q in ids]


def vview(st, viewer=None, seat: str = "vagabond") -> dict:
    return st.view(viewer)["players"][seat]["board"]


__all__ = ["FILLER", "FOUR", "GAME", "TWO_VAGABONDS", "items", "plain", "quest_keys", "rel", "vb", "vpos", "vview",
           "where"]
