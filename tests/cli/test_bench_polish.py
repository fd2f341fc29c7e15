"""`planszowki bench` in Polish (PLANSZOWKI_LANG=pl): every row of the table, the ISMCTS and JSON rows included, and
The Great Wall's years; the English rows stay as they were."""

from __future__ import annotations

import pytest

from planszowki.cli.bench import BenchResult, _rows
from planszowki.cli.main import main

#: English that must not be left in the Polish table
ENGLISH = ("games", "ended naturally", "capped", "wins", "mean", "options applied", "round trip", "iterations",
           "rollouts", "depth", "log events", "Metric", "cap ", "turns", "years", "pure Python")


@pytest.fixture(autouse=True)
def _wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "250")  # one line per row


@pytest.mark.parametrize("how", ["env", "flag"])
def test_bench_table_in_polish(how: str, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    if how == "env":
        monkeypatch.setenv("PLANSZOWKI_LANG", "pl")
    else:
        monkeypatch.setenv("PLANSZOWKI_LANG", "en")  # --lang wins over the environment
    assert main(["bench", "--games", "1", "--max-turns", "5", "--ismcts", "2",
                 *(["--lang", "pl"] if how == "flag" else [])]) == 0
    out = capsys.readouterr().out
    for row in ("planszowki bench: losowe rozgrywki", "Miara", "Markiza, Dynastie", "gry (ziarna)",
                "zakończone normalnie / przerwane limitem", "0 / 1 (limit: 5 tur)", "zwycięstwa", "średnio tur",
                "gry/s", "zastosowane opcje", "zastosowane opcje/s", "state.copy(), średnio",
                "zapis i odczyt JSON, średnio", "iteracje ISMCTS/s (losowe symulacje, głębokość ",
                "iteracje ISMCTS/s (heurystyczne symulacje, głębokość ",
                "iteracje ISMCTS/s (losowe symulacje do końca gry)", "zapis i odczyt JSON po 600 opcjach",
                " w dzienniku)", "rdzeń: "):
        assert row in out, row
    leaked = [phrase for phrase in ENGLISH if phrase in out]
    assert not leaked, (leaked, out)


def test_the_great_walls_bench_counts_years_in_polish(capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLANSZOWKI_LANG", "pl")
    assert main(["bench", "--game", "great_wall", "--games", "1", "--max-turns", "2", "--ismcts", "0"]) == 0
    out = capsys.readouterr().out
    assert "(limit: 2 lata)" in out and "średnio lat" in out and "Czerwony, Niebieski, Żółty" in out
    assert not [phrase for phrase in ENGLISH if phrase in out]


@pytest.mark.parametrize(("cap", "unit", "pl"), [
    (1, "turns", "1 tura"), (3, "turns", "3 tury"), (12, "turns", "12 tur"), (1, "years", "1 rok"),
    (22, "years", "22 lata"), (5, "years", "5 lat")])
def test_the_cap_agrees_with_its_number(cap: int, unit: str, pl: str) -> None:
    game = "great_wall" if unit == "years" else "root"
    rows = dict(_rows(BenchResult(games=1, capped=1, turns=[cap]), 1, 1, cap, "pl", game))
    assert rows["zakończone normalnie / przerwane limitem"] == f"0 / 1 (limit: {pl})"
    assert dict(_rows(BenchResult(games=1, capped=1), 1, 1, cap, "en", game))["ended naturally / capped"] == \
        f"0 / 1 (cap {cap} {unit})"
