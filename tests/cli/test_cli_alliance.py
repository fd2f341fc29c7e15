"""The terminal game with the Woodland Alliance (chapter 8): three seats, its board, its secret supporters."""

from __future__ import annotations

import re

from test_cli import run


def test_three_player_bot_game_with_the_alliance(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "root", "--seats", "marquise=bot,eyrie=bot,alliance=bot", "--seed", "4", "--lang",
                      "en"], capsys, monkeypatch)
    assert rc == 0
    assert "Game over after" in out and "Winner:" in out and "Woodland Alliance" in out
    assert "Sympathy:" in out and "Bases:" in out and "officers:" in out
    assert "Supporters stack of" not in out  # a spectator never sees the face-down supporters (8.2.3)


def test_the_alliance_seat_sees_its_supporters_others_only_their_number(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "root", "--seats", "marquise=bot,eyrie=bot,alliance=human", "--seed", "3",
                      "--lang", "en"], capsys, monkeypatch, "board\nquit\n")
    assert rc == 0
    assert "Supporters stack of Woodland Alliance" in out and "Hand of Woodland Alliance" in out
    assert "Supporters: 3 face down, at most 5 (no base on the map)" in out
    assert "Sympathy: 0 on the map (—), 10 on the track — next costs 1 matching supporter and scores 0 VP" in out
    assert "New Alliance supporter:" in out  # its own private log lines


def test_the_alliance_board_in_polish(capsys, monkeypatch) -> None:
    # the Eyrie choose their setup, then play on until their first turn
    rc, out, _ = run(["play", "root", "--seats", "marquise=bot,eyrie=human,alliance=bot", "--seed", "3",
                      "--lang", "pl"], capsys, monkeypatch, "1\n1\n1\n1\nquit\n")
    assert rc == 0
    assert "Sojusz Stworzeń Leśnych" in out and re.search(r"Stronnicy: \d+ \(zakryci\)", out)
    assert "Oficerowie: " in out and "Sympatycy: na Mapie" in out and "Bazy: lis:" in out
    assert "Stos Stronników" not in out and "Nowy Stronnik" not in out  # the Eyrie do not see them
