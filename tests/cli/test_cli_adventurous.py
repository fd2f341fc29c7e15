"""``planszowki play root --adventurous``: the two-player faction draft with hirelings keeps the insurgent setup
cards (A.8.1.I); the engine's refusal comes back in one line without hirelings."""

from __future__ import annotations

import io

import pytest

from planszowki.cli.main import main

DRAFT = ["play", "root", "--setup", "advanced", "--factions", "draft", "--adventurous", "--seats",
         "player1=bot,player2=random", "--seed", "2", "--lang", "en"]


def run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("PLANSZOWKI_LANG", "en")
    rc = main(args)
    out, err = capsys.readouterr()
    return rc, out, err


def test_a_8_1_i_adventurous_flag_plays_a_two_player_draft_with_hirelings(capsys, monkeypatch) -> None:
    rc, out, err = run([*DRAFT, "--hirelings", "random"], capsys, monkeypatch)
    assert rc == 0, err
    assert "Game over after" in out


def test_a_8_1_i_adventurous_flag_without_hirelings_is_refused(capsys, monkeypatch) -> None:
    rc, _, err = run(DRAFT, capsys, monkeypatch)
    assert rc != 0 and err.startswith("planszowki: error:") and "hirelings" in err and "A.8.1.I" in err


def test_adventurous_is_an_option_of_root_only(capsys, monkeypatch) -> None:
    rc, _, err = run(["play", "ironwood", "--adventurous"], capsys, monkeypatch)
    assert rc != 0 and "--adventurous is an option of Root only" in err
