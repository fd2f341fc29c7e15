"""Shared test setup: no test writes into the real user data directory.

``planszowki play`` autosaves every game (cli/saves.py, ``$PLANSZOWKI_DATA_DIR``); here each test gets a data
directory of its own under its ``tmp_path``.
"""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    data = tmp_path / "planszowki-data"
    monkeypatch.setenv("PLANSZOWKI_DATA_DIR", str(data))
    return data
