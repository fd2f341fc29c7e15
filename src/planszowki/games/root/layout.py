"""Where things are drawn on Root's maps (data/layout.json: the clearings' and forests' drawing coordinates on a
~400×400 board) together with the map's paths, rivers and forests (data/maps.json), for the pictures of the map in
the terminal (cli/map_root.py) and the browser (web/static/board_root.js)."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def _data() -> tuple[dict[str, Any], dict[str, Any]]:
    data = resources.files("planszowki.games.root") / "data"
    return (json.loads((data / "maps.json").read_text("utf-8")),
            json.loads((data / "layout.json").read_text("utf-8")))


def geometry(map_name: str) -> dict[str, Any]:
    """The fixed drawing of a map: clearing coordinates, paths (closed ones too: a view says which are closed now),
    rivers, whether the lake links the coast, and each forest (``F1`` …, 2.4) with its centre and clearings."""
    maps, layout = _data()
    m = maps[map_name]
    at = layout["clearings"][map_name]
    centres = {frozenset(int(c) for c in key.split("_")): xy for key, xy in layout["forests"][map_name].items()}
    forests = []
    for i, touching in enumerate(m["forests"], 1):  # 2.4: F1 is the first forest of the map's data
        xy = centres.get(frozenset(touching))
        if xy is None:  # no drawn centre: the middle of the clearings it touches
            pts = [at[str(c)] for c in touching]
            xy = [sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)]
        forests.append({"id": f"F{i}", "at": xy, "touches": touching})
    return {"map": map_name, "clearings": at, "paths": m["paths"] + m.get("closed_paths", []),
            "rivers": m.get("rivers", []), "lake": map_name == "lake", "forests": forests}
