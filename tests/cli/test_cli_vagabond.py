"""The terminal game with the Vagabond (chapter 9): four seats, two Vagabonds, his board, quests and ruins."""

from __future__ import annotations

from test_cli import run


def test_four_player_bot_game_with_the_vagabond(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "root", "--seats", "marquise=bot,eyrie=bot,alliance=bot,vagabond=bot", "--seed", "4",
                      "--lang", "en"], capsys, monkeypatch)
    assert rc == 0
    assert "Game over after" in out and "Winner:" in out and "Vagabond" in out
    assert "Character: " in out and "Satchel: " in out and "Relationships: " in out and "tracks: tea" in out
    assert "Quests face up: " in out and "quest deck: " in out


def test_two_vagabonds_in_polish(capsys, monkeypatch) -> None:
    rc, out, _ = run(["play", "root", "--seats", "vagabond=human,marquise=bot,vagabond2=bot", "--seed", "2",
                      "--lang", "pl"], capsys, monkeypatch, "board\nquit\n")
    assert rc == 0
    assert "Włóczęga 2" in out and "Przygotowanie: wybierz Postać" in out
    assert "Złodziej" in out and "Poszukiwacz Przygód" in out  # the characters to choose from
    assert "Ruiny (2)" in out  # two face-down items under each ruin (9.7.1), their count only


def test_vagabond2_needs_the_first_vagabond(capsys, monkeypatch) -> None:
    rc, _, err = run(["play", "root", "--seats", "marquise=bot,vagabond2=bot"], capsys, monkeypatch)
    assert rc != 0 and "together with 'vagabond'" in err


def test_9_2_5_an_exhausted_item_on_his_board_agrees_with_its_polish_gender() -> None:
    """ "herbata (wyczerpana)", "buty (wyczerpane)", "miecz (wyczerpany)" — not the masculine form for every item."""
    import io

    from rich.console import Console

    import planszowki
    from planszowki.cli.board import board_group

    st = planszowki.load("root").from_position({
        "seats": ["marquise", "vagabond"], "turn": "marquise", "phase": "daylight",
        "clearings": {"4": {"warriors": {"marquise": 1}, "tokens": ["keep"]}},
        "players": {"vagabond": {"character": "thief", "where": "5", "items": ["tea:e", "boot:e", "sword:e"]}}})
    con = Console(file=io.StringIO(), width=200, record=True)
    con.print(board_group(st.view(None), "pl", None))
    screen = con.export_text()
    assert "herbata (wyczerpana)" in screen and "buty (wyczerpane)" in screen and "miecz (wyczerpany)" in screen
    assert "herbata (wyczerpany)" not in screen
