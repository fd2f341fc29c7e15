"""Shared test setup: no test writes into the real user data directory.

``planszowki play`` autosaves every game (cli/saves.py, ``$PLANSZOWKI_DATA_DIR``); here each test gets a data
directory of its own, apart from its ``tmp_path`` (whose contents some tests list).
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path_factory.mktemp("planszowki-data")
    monkeypatch.setenv("PLANSZOWKI_DATA_DIR", str(data))
    return data


@pytest.fixture
def lent_cobbler(monkeypatch: pytest.MonkeyPatch) -> None:
    """Root games made in the test have the shared rules' Cobbler entry (4.1.3) apply whenever a move is possible,
    as if the card were crafted: A.2 replaces the standard deck, so only a lent entry meets the Exiles deck's
    start-of-Evening effects (tests/root/test_evening_order.py)."""
    from dataclasses import replace

    from planszowki.games.root import catalog, turn

    option, _, start = turn.SHARED_RULES.start_of_evening["cobbler"]
    lent = replace(turn.SHARED_RULES, start_of_evening={
        "cobbler": (option, lambda st, seat: bool(turn.cobbler_moves(st, seat)), start)})
    monkeypatch.setattr(catalog, "CATALOG", tuple(lent if c is turn.SHARED_RULES else c for c in catalog.CATALOG))
