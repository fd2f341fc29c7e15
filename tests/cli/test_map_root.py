"""Root's map drawn in the terminal (cli/map_root.py): every clearing, its warriors and pieces, forests, rivers,
closed paths, the Ferry and the Tower, on each of the four maps."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import planszowki
from planszowki.cli.map_root import map_picture
from planszowki.games.root.layout import geometry


def _drawn(view, width=100):
    con = Console(width=width, record=True, force_terminal=False)
    con.print(map_picture(view, geometry(view["map"]), "en", width))
    return con.export_text().split("(5) a clearing in its suit")[0]  # the picture, without its legend


@pytest.mark.parametrize("name", ["autumn", "winter", "lake", "mountain"])
def test_every_clearing_and_forest_is_drawn(name):
    game = planszowki.load("root")
    st = game.new(seed=2, players=["marquise", "eyrie", "alliance", "vagabond"], options={"map": name})
    rng = random.Random(2)
    for _ in range(250):
        if st.terminal:
            break
        st.apply(rng.choice(st.decision.options).id)
    view = st.view("marquise")
    text = _drawn(view)
    for c in view["clearings"]:
        assert f"({c['id']})" in text
        for f, n in c["warriors"].items():
            assert f"{dict(marquise='M', eyrie='E', alliance='A', vagabond='V')[f]}{n}" in text
    assert text.count("♣") + sum(1 for ch in text if ch == "V") >= len(geometry(name)["forests"])
    assert max(len(line) for line in text.splitlines()) <= 100


@pytest.mark.parametrize("name,marks", [("autumn", "≈"), ("winter", "≈"), ("lake", "⛴"), ("mountain", "♜x≈")])
def test_rivers_the_ferry_the_tower_and_closed_paths(name, marks):
    """Rivers (2.3), the Ferry (C.2.1), the Tower (C.3.4) and the closed paths at setup (C.3.1)."""
    st = planszowki.load("root").new(seed=2, players=["marquise", "eyrie"], options={"map": name})
    text = _drawn(st.view(None))
    assert all(m in text for m in marks)
