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
