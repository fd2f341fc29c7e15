"""`planszowki lab report` on a committed results file: the table's numbers and valid PNG plots."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from rich.console import Console

from planszowki.cli.main import main
from planszowki.lab import LabError, read_results, summarize, wilson
from planszowki.lab.plots import FILES
from planszowki.lab.report import report

#: 20 random Marquise / Eyrie / Alliance games (seeds 1-20, turn cap 60) written by `planszowki lab run`
FIXTURE = Path(__file__).parent / "fixtures" / "results_3p.jsonl"


def test_wilson_interval_known_values() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] == pytest.approx(0.2775, abs=1e-4)
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 0) == (0.0, 1.0)


def test_summary_of_fixture() -> None:
    s = summarize(read_results(FIXTURE))
    assert s.games == 20 and s.errors == 0
    assert dict(s.reasons) == {"capped": 10, "vp": 9, "dominance": 1}
    rows = {r.faction: r for r in s.rows}
    assert [(r.faction, r.bot, r.games, r.wins) for r in s.rows] == [
        ("alliance", "random", 20, 8), ("eyrie", "random", 20, 2), ("marquise", "random", 20, 0)]
    assert rows["alliance"].mean_vp == pytest.approx(23.15)
    assert sum(s.turns) / len(s.turns) == pytest.approx(48.65)
    curve = rows["alliance"].vp_curve()
    assert len(curve) == 20 and curve[-1] == pytest.approx(rows["alliance"].mean_vp)


def test_report_table_and_plots(tmp_path: Path) -> None:
    console = Console(record=True, width=160, force_terminal=False)
    _, paths = report(FIXTURE, console, tmp_path / "plots")
    text = console.export_text()
    lines = {ln.split()[1]: ln for ln in text.splitlines() if ln.startswith("│ ")}
    assert all(x in lines["alliance"] for x in ("random", " 20 ", " 8 ", "40.0%", "21.9–61.3%", "23.1", "48.6",
                                                 "capped 10, vp 9, dominance 1"))
    assert all(x in lines["eyrie"] for x in (" 2 ", "10.0%", "2.8–30.1%", " 9.0 "))
    assert all(x in lines["marquise"] for x in (" 0 ", "0.0%", "0.0–16.1%", "12.2"))
    assert "end reasons: capped 10, vp 9, dominance 1; mean game length 48.6 turns" in text
    assert [p.name for p in paths] == list(FILES)
    from PIL import Image

    for p in paths:
        assert p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        with Image.open(p) as im:
            im.verify()
        with Image.open(p) as im:
            assert im.size[0] >= 800 and im.size[1] >= 250


def test_report_cli_default_dir_and_no_plots(tmp_path: Path, capsys, monkeypatch) -> None:
    monkeypatch.setenv("COLUMNS", "160")
    results = tmp_path / "mine.jsonl"
    results.write_bytes(FIXTURE.read_bytes())
    assert main(["lab", "report", str(results), "--no-plots"]) == 0
    assert "alliance" in capsys.readouterr().out and not (tmp_path / "mine_report").exists()
    assert main(["lab", "report", str(results)]) == 0
    assert sorted(p.name for p in (tmp_path / "mine_report").iterdir()) == sorted(FILES)
    assert main(["lab", "report", str(tmp_path / "none.jsonl")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_plots_without_matplotlib_say_which_extra(monkeypatch, tmp_path: Path) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(LabError, match=r"planszowki\[lab\]"):
        report(FIXTURE, Console(file=open(tmp_path / "out.txt", "w")), tmp_path / "p")  # noqa: SIM115
