"""Appendix F, Landmarks (Punkty Terenu), as set up in Advanced Setup step A.5.

* F General Rules — Safety: a landmark cannot be battled, moved or removed unless its card says so; Ownership:
  it belongs to no faction and is no one's enemy piece. Landmarks are therefore kept apart from the pieces
  (``RootState.warriors / buildings / tokens``): a battle, a removal or a rule count never meets them. The
  Ferry is the one that moves, along with the pieces it carries (C.2.5, its card).
* The Tower and the Ferry are the Mountain and Lake maps' pieces (C.3.4, C.2.1); Advanced Setup may override
  where they go (A.5): ``RootState.tower`` and ``RootState.ferry`` hold their clearings.
* The Landmarks Pack's four (Black Market, Elder Treetop, Legendary Forge, Lost City) are described in
  ``data/landmarks.json`` (setup and effect in our own words, with sources) but not implemented: a setup naming
  one is refused by name (:func:`problem`).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from .state import RootState

#: landmarks whose card the engine plays (the others are refused by name, see :func:`problem`)
PLAYABLE = ("tower", "ferry")


@cache
def catalog() -> dict[str, dict[str, Any]]:
    """The landmark cards (``data/landmarks.json``), by id."""
    raw = json.loads((Path(__file__).parent / "data" / "landmarks.json").read_text("utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def problem(names: Any) -> str | None:
    """What is wrong with a list of landmark cards for A.5.1, or None."""
    if not isinstance(names, (list, tuple)) or not names or not all(isinstance(n, str) for n in names):
        return ("landmarks must be a non-empty list of landmark cards, e.g. ['tower', 'ferry'] (A.5.1); landmarks: "
                + ", ".join(catalog()))
    if len(set(names)) != len(names):
        return "each landmark card can be chosen once (A.5.1)"
    for n in names:
        if n not in catalog():
            return f"unknown landmark {n!r}; landmarks: {', '.join(catalog())} (Appendix F)"
        if n not in PLAYABLE:
            card = catalog()[n]
            return (f"the {card['name']['en']} landmark ({card['from']}, Appendix F) is not implemented yet; playable "
                    f"landmarks: {', '.join(PLAYABLE)} (docs/advanced-setup.md)")
    return None


def _on_river(st: RootState, c: int) -> bool:
    return bool(st.map.rivers[c])


def placed(st: RootState) -> dict[str, int]:
    """Landmark -> its clearing index, for the landmarks on the map (the map's own Tower and Ferry too)."""
    out = {}
    if st.tower >= 0:
        out["tower"] = st.tower
    if st.ferry >= 0:
        out["ferry"] = st.ferry
    return out


def clearings_for(st: RootState, name: str) -> list[int]:
    """A.5.3: where ``name``'s card lets it be set up now — its placement rule, never in a clearing with a
    landmark, and for most cards not adjacent to one either."""
    card = catalog()[name]
    where = card["placement"]
    taken = set(placed(st).values())
    out = []
    for c in st.map.clearings():
        if c in taken or (card["apart"] and any(d in taken for d in st.adj[c])):
            continue
        if where == "ruin" and "ruin" not in st.buildings[c]:
            continue
        if where == "river" and not _on_river(st, c):
            continue
        if where == "corner" and c not in st.map.corners:
            continue
        if where == "single_slot_no_ruin" and (st.map.slots[c] != 1 or st.map.ruins[c]):
            continue
        out.append(c)
    return out


def lift_map_piece(st: RootState, name: str) -> None:
    """A.5: a dealt Tower or Ferry card overrides where the variant map put that piece (C.2.1, C.3.4)."""
    if name == "tower":
        st.tower = -1
    elif name == "ferry":
        st.ferry = -1


def place(st: RootState, seat: str, name: str, c: int) -> None:
    """A.5.3: ``seat`` sets up the landmark ``name`` in clearing ``c`` as its card describes."""
    if name == "tower":
        st.tower = c
    elif name == "ferry":
        st.ferry = c
    else:  # problem() refuses the others before a game starts
        raise ValueError(f"landmark {name!r} is not playable")
    st.landmarks = (*st.landmarks, name)
    st.emit("landmark", "A.5.3", faction=seat, landmark=name, clearing=c + 1)
