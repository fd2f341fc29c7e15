"""DESIGN ("Imports run one way … no circles"): each game package's modules import one another one way, imports
inside functions included, and in Root no faction imports another. Read from the source, so a circle hidden in a
function body is seen too."""

from __future__ import annotations

import ast
import graphlib
from pathlib import Path

import pytest

import planszowki

GAMES = Path(planszowki.__file__).parent / "games"


def module_imports(root: Path) -> dict[str, set[str]]:
    """Every module under ``root`` (dotted, relative: ``factions.vagabond``) -> the modules under ``root`` it
    imports, at the top or inside a function."""
    mods = {p.relative_to(root).with_suffix("").as_posix().replace("/", "."): p for p in root.rglob("*.py")}
    out: dict[str, set[str]] = {}
    for name, path in mods.items():
        package = name.split(".")[:-1]
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level and node.level - 1 <= len(package):
                up = package[:len(package) - (node.level - 1)]
                base = ".".join([*up, *([node.module] if node.module else [])])
                found.update(m for m in [base, *(f"{base}.{a.name}".lstrip(".") for a in node.names)] if m in mods)
        out[name] = found - {name}
    return out


@pytest.mark.parametrize("game", ["root", "ironwood", "great_wall"])
def test_design_a_games_imports_run_one_way_even_inside_functions(game):
    """Root: the views the state shows come with its hooks, the ruins are the state's, a Vagabond paying the
    Riverfolk goes through his hooks; Ironwood: content is named in content.py, below the game and positions; The
    Great Wall: the modes' cards are read in content.py and their rules reached through the state's mode hooks."""
    graph = module_imports(GAMES / game)
    assert "state" in graph and "game" in graph and "position" in graph
    order = list(graphlib.TopologicalSorter(graph).static_order())  # raises CycleError on a circle
    assert order.index("state") < order.index("game") and order.index("position") < order.index("game")


def test_design_no_root_faction_imports_another():
    graph = module_imports(GAMES / "root")
    assert "factions.vagabond" in graph
    for name, imported in graph.items():
        if name.startswith("factions.") and name != "factions.__init__":
            others = {m for m in imported if m.startswith("factions.") and m != "factions.__init__"}
            assert not others, f"{name} imports another faction: {sorted(others)}"


def test_design_the_great_walls_shared_rules_import_no_mode():
    """The Great Wall's solo and co-operative modes are its "factions": the shared rules (the state, the Year, the
    locations, the effects, the Horde) reach them through ``st.hooks`` (state.ModeHooks), never by importing them;
    only ``modes.py``, the positions and the game do."""
    graph = module_imports(GAMES / "great_wall")
    modes = {"solo", "coop"}
    for name in ("content", "sections", "state", "effects", "horde", "locations", "year"):
        assert not graph[name] & modes, f"{name} imports a mode: {sorted(graph[name] & modes)}"
    assert graph["modes"] >= modes and "modes" in graph["game"] and "modes" in graph["position"]


def test_the_import_check_sees_a_circle_through_a_function():
    """The check fails on Root's old shape: the state importing the views inside ``view``."""
    graph = module_imports(GAMES / "root")
    assert "views" not in graph["state"] and "state" in graph["views"]
    graph["state"] = graph["state"] | {"views"}
    with pytest.raises(graphlib.CycleError):
        list(graphlib.TopologicalSorter(graph).static_order())
