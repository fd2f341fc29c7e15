"""``--deck exiles`` (Law A.2) in ``planszowki play`` and ``planszowki lab run``: the game uses the Exiles and
Partisans deck, the save records it, replay and Rootlog follow it."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from planszowki.cli.main import main


def run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("PLANSZOWKI_LANG", "en")
    rc = main(args)
    out, _ = capsys.readouterr()
    return rc, out


def test_A_2_play_with_the_exiles_deck_saves_replays_and_writes_rootlog(tmp_path: Path, capsys, monkeypatch):
    save = tmp_path / "game.json"
    rc, out = run(["play", "root", "--seats", "marquise=heuristic,eyrie=heuristic", "--seed", "5", "--deck", "exiles",
                   "--save", str(save)], capsys, monkeypatch)
    assert rc == 0 and "Game over after" in out
    doc = json.loads(save.read_text("utf-8"))
    assert doc["record"]["options"]["deck"] == "exiles"
    assert doc["state"]["options"]["deck"] == "exiles"
    rc, out = run(["replay", str(save)], capsys, monkeypatch)
    assert rc == 0 and "Replay OK" in out
    rc, out = run(["replay", str(save), "--rootlog"], capsys, monkeypatch)
    assert rc == 0 and "Deck: E&P" in out


def test_A_2_standard_deck_records_stay_as_they_were(tmp_path: Path, capsys, monkeypatch):
    save = tmp_path / "game.json"
    rc, _ = run(["play", "root", "--seats", "marquise=bot,eyrie=bot", "--seed", "5", "--save", str(save)], capsys,
                monkeypatch)
    assert rc == 0
    assert "deck" not in json.loads(save.read_text("utf-8"))["record"]["options"]


def test_A_2_lab_run_with_the_exiles_deck(tmp_path: Path, capsys, monkeypatch):
    out_file = tmp_path / "runs.jsonl"
    rc, _ = run(["lab", "run", "--seats", "marquise=heuristic,eyrie=random", "--games", "2", "--workers", "1",
                 "--deck", "exiles", "--out", str(out_file), "--no-progress"], capsys, monkeypatch)
    assert rc == 0
    rows = [json.loads(line) for line in out_file.read_text("utf-8").splitlines()]
    assert len(rows) == 2 and all(r["options"]["deck"] == "exiles" for r in rows)
