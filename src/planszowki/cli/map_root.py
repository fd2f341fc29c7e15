"""Root's map drawn in the terminal: clearings where the map has them, paths, rivers, forests, and what stands in each
clearing — from the map data and the layout's coordinates (games/root/data/maps.json, layout.json; the browser draws
the same data as SVG, web/boards.py).

Each clearing is ``(5)`` in its suit's colour (a closed path ``x``, the Ferry ``⛴``, the Tower ``♜`` beside it), and
under it the pieces: a faction's initial with its warriors (``M4``), its buildings and tokens as small letters, the
Vagabond's pawn ``V``. Paths are dotted lines, rivers ``≈``, forests ``♣`` (with ``V`` where a Vagabond stands).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text

from .. import i18n
from .board import FACTION_STYLE, SUIT_STYLE

#: One letter per faction on the map, then the building and token letters (a legend is printed under the map).
INITIAL = {"marquise": "M", "eyrie": "E", "alliance": "A", "vagabond": "V", "vagabond2": "W", "riverfolk": "R",
           "cult": "L", "corvid": "C", "duchy": "D"}
PIECE = {"sawmill": "s", "workshop": "w", "recruiter": "r", "keep": "k", "wood": "o", "roost": "n", "sympathy": "y",
         "base_fox": "b", "base_rabbit": "b", "base_mouse": "b", "garden_fox": "g", "garden_rabbit": "g",
         "garden_mouse": "g", "trade_post_fox": "t", "trade_post_rabbit": "t", "trade_post_mouse": "t",
         "citadel": "c", "market": "m", "tunnel": "u", "plot": "p", "ruin": "^"}
OWNER = {"sawmill": "marquise", "workshop": "marquise", "recruiter": "marquise", "keep": "marquise",
         "wood": "marquise", "roost": "eyrie", "sympathy": "alliance", "citadel": "duchy", "market": "duchy",
         "tunnel": "duchy", "plot": "corvid"}


def _owner(piece: str) -> str:
    if piece in OWNER:
        return OWNER[piece]
    for prefix, f in (("base", "alliance"), ("garden", "cult"), ("trade_post", "riverfolk")):
        if piece.startswith(prefix):
            return f
    return ""


class _Canvas:
    def __init__(self, w: int, h: int) -> None:
        self.w, self.h = w, h
        self.ch = [[" "] * w for _ in range(h)]
        self.st: list[list[str]] = [[""] * w for _ in range(h)]
        self.fixed = [[False] * w for _ in range(h)]

    def put(self, r: int, c: int, text: str, style: str = "", fixed: bool = True) -> None:
        for i, ch in enumerate(text):
            if 0 <= r < self.h and 0 <= c + i < self.w and not self.fixed[r][c + i]:
                self.ch[r][c + i] = ch
                self.st[r][c + i] = style
                self.fixed[r][c + i] = fixed

    def line(self, a: tuple[int, int], b: tuple[int, int], ch: str, style: str) -> None:
        (r0, c0), (r1, c1) = a, b
        n = max(abs(r1 - r0), abs(c1 - c0) // 2, 1) * 2
        for k in range(1, n):
            r = round(r0 + (r1 - r0) * k / n)
            c = round(c0 + (c1 - c0) * k / n)
            self.put(r, c, ch, style, fixed=False)

    def text(self) -> Text:
        out = Text()
        for r in range(self.h):
            row = Text()
            for c in range(self.w):
                row.append(self.ch[r][c], style=self.st[r][c] or None)
            row.rstrip()
            out.append_text(row)
            if r < self.h - 1:
                out.append("\n")
        return out


def map_picture(view: dict[str, Any], geometry: dict[str, Any], lang: str, width: int = 80) -> Text:
    """The map as ``view`` shows it, drawn in at most ``width`` columns (wider terminals get a wider map)."""
    w = max(60, min(width - 1, 110))
    h = round(w * 0.30)
    at = geometry["clearings"]
    xs = [p[0] for p in at.values()]
    ys = [p[1] for p in at.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)

    def cell(xy: list[float]) -> tuple[int, int]:
        return (round((xy[1] - y0) / (y1 - y0 or 1) * (h - 3)), round((xy[0] - x0) / (x1 - x0 or 1) * (w - 12)))

    pos = {int(n): cell(xy) for n, xy in at.items()}
    cv = _Canvas(w, h)
    clearings = {c["id"]: c for c in view["clearings"]}
    # labels first (fixed cells), so lines pass around them
    for n, (r, c) in pos.items():
        cl = clearings[n]
        label = f"({n})"
        cv.put(r, c, label, "bold " + SUIT_STYLE.get(cl.get("suit") or "", ""))
        mark = ""
        ferry = view.get("ferry")
        if isinstance(ferry, dict) and ferry.get("clearing") == n:  # C.2.1 the Ferry
            mark = "⛴"
        if view.get("pass") == n:
            mark = "♜"
        if mark:
            cv.put(r, c + len(label), mark, "bold")
        col = c
        for f, k in (cl.get("warriors") or {}).items():
            bit = f"{INITIAL.get(f, '?')}{k}"
            cv.put(r + 1, col, bit, FACTION_STYLE.get(f, ""))
            col += len(bit) + 1
        for p in cl.get("pawns") or ():
            cv.put(r + 1, col, INITIAL.get(p, "?"), FACTION_STYLE.get(p, "") + " reverse")
            col += 2
        pieces = [*(b for b in cl.get("buildings") or ()), *(t for t in cl.get("tokens") or ())]
        if pieces:
            col2 = c
            for p in pieces:
                cv.put(r + 2, col2, PIECE.get(p, "?"), FACTION_STYLE.get(_owner(p), "dim"))
                col2 += 1
    closed = {tuple(sorted(p)) for p in view.get("closed_paths") or ()}
    open_paths = [p for p in geometry["paths"] if tuple(sorted(p)) not in closed]
    for a, b in open_paths:
        (ra, ca), (rb, cb) = pos[a], pos[b]
        cv.line((ra, ca + 1), (rb, cb + 1), "·", "grey50")
    if not geometry.get("lake"):
        for a, b in geometry.get("rivers") or ():
            (ra, ca), (rb, cb) = pos[a], pos[b]
            cv.line((ra, ca + 1), (rb, cb + 1), "≈", "blue")
    for a, b in sorted(closed):  # C.3.1 closed paths, over what crosses them
        (ra, ca), (rb, cb) = pos[a], pos[b]
        cv.line((ra, ca + 1), (rb, cb + 1), "x", "red")
    where = {pv["board"]["where"]: f for f, pv in (view.get("players") or {}).items()
             if isinstance(pv.get("board"), dict) and isinstance(pv["board"].get("where"), str)}
    for forest in geometry.get("forests") or ():
        r, c = cell(forest["at"])
        f = where.get(forest["id"])
        cv.put(r, c, INITIAL.get(f, "♣") if f else "♣", (FACTION_STYLE.get(f, "") + " reverse") if f else "green")
    out = Text(i18n.tr("map_title", lang, map=i18n.map_name(view["map"], lang)) + "\n", style="bold")
    out.append_text(cv.text())
    out.append("\n")
    out.append(i18n.tr("map_legend", lang), style="dim")
    return out
