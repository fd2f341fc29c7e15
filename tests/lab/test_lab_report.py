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


# -- full width, csv, json, empty files, errors and stalls per line-up ----------------------------------------
def _alliance_line(text: str) -> str:
    return next(ln for ln in text.splitlines() if ln.startswith("│ alliance"))


def test_report_table_not_cut_at_80_columns_when_piped(capsys, monkeypatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)  # stdout is captured, not a terminal: rich would use 80
    assert main(["lab", "report", str(FIXTURE), "--no-plots"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "mean turns" in out and "end reasons" in out
    row = _alliance_line(out)
    assert all(x in row for x in ("40.0%", "21.9–61.3%", "23.1", "48.6", "capped 10, vp 9, dominance 1"))
    assert len(row) > 80  # one line, not folded


def test_report_table_into_a_file_is_full_width(tmp_path: Path, capsys) -> None:
    out = tmp_path / "report.txt"
    assert main(["lab", "report", str(FIXTURE), "--no-plots", "--out", str(out)]) == 0
    text = out.read_text("utf-8")
    assert "95% CI" in text and "21.9–61.3%" in _alliance_line(text)
    assert "\x1b[" not in text  # no colour codes in a file
    assert str(out) in capsys.readouterr().out


def test_report_csv_parses(tmp_path: Path, capsys) -> None:
    import csv
    import io

    from planszowki.lab.report import CSV_FIELDS

    assert main(["lab", "report", str(FIXTURE), "--no-plots", "--format", "csv"]) == 0
    captured = capsys.readouterr()
    rows = list(csv.DictReader(io.StringIO(captured.out)))
    assert tuple(rows[0]) == CSV_FIELDS
    by = {r["faction"]: r for r in rows}
    a = by["alliance"]
    assert (a["bot"], a["games"], a["wins"], a["errors"], a["stalls"]) == ("random", "20", "8", "0", "0")
    assert float(a["win_rate"]) == pytest.approx(0.4)
    assert (float(a["ci_low"]), float(a["ci_high"])) == pytest.approx(wilson(8, 20), abs=1e-6)
    assert float(a["mean_vp"]) == pytest.approx(23.15) and float(a["mean_turns"]) == pytest.approx(48.65)
    assert a["end_reasons"] == "capped=10;dominance=1;vp=9"
    out = tmp_path / "r.csv"
    assert main(["lab", "report", str(FIXTURE), "--no-plots", "--format", "csv", "--out", str(out)]) == 0
    assert out.read_text("utf-8") == captured.out


def test_report_json_parses(capsys) -> None:
    import json

    assert main(["lab", "report", str(FIXTURE), "--no-plots", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["games"], doc["lines"], doc["errors"], doc["stalls"]) == (20, 20, 0, 0)
    assert doc["end_reasons"] == {"capped": 10, "dominance": 1, "vp": 9}
    rows = {r["faction"]: r for r in doc["rows"]}
    assert rows["eyrie"]["wins"] == 2 and rows["eyrie"]["ci_high"] == pytest.approx(wilson(2, 20)[1], abs=1e-6)
    [lu] = doc["lineups"]
    assert lu["bots"] == {"alliance": "random", "eyrie": "random", "marquise": "random"}
    assert (lu["options"], lu["max_turns"], lu["games"], lu["capped"], lu["problems"]) == (
        {"map": "autumn"}, 60, 20, 10, [])


def test_csv_json_with_plots_keep_stdout_clean(tmp_path: Path, capsys) -> None:
    import json

    assert main(["lab", "report", str(FIXTURE), "--format", "json", "--out-dir", str(tmp_path / "p")]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["games"] == 20  # the plots' note went to stderr
    assert "plots:" in captured.err and sorted(p.name for p in (tmp_path / "p").iterdir()) == sorted(FILES)


@pytest.mark.parametrize("content", ["", "\n\n", '{"game":"root","seed":4,"sea'])  # empty, blank, cut short
def test_report_of_a_file_without_games_is_one_line_error(content: str, tmp_path: Path, capsys) -> None:
    results = tmp_path / "empty.jsonl"
    results.write_text(content)
    for fmt in ("table", "csv", "json"):
        assert main(["lab", "report", str(results), "--format", fmt]) != 0
        captured = capsys.readouterr()
        assert captured.out == "" and len(captured.err.strip().splitlines()) == 1
        assert "no game lines" in captured.err
    assert not (tmp_path / "empty_report").exists()


def test_report_of_a_header_only_file_is_one_line_error(tmp_path: Path, capsys) -> None:
    results = tmp_path / "header.jsonl"
    results.write_text('{"game": "root", "bots": {"marquise": "random"}}\n')
    assert main(["lab", "report", str(results)]) != 0
    captured = capsys.readouterr()
    assert len(captured.err.strip().splitlines()) == 1 and "not a lab result line" in captured.err
    assert not (tmp_path / "header_report").exists()


def _problem_fixture(tmp_path: Path) -> Path:
    """The 20 fixture games plus, in their line-up, 2 errors and 1 stall; and a second line-up (a 2-player
    game on another map) with 1 finished game, 1 stall and 1 error, where the Eyrie ran ISMCTS."""
    import json

    base = [json.loads(x) for x in FIXTURE.read_text().splitlines() if x.strip()]
    extra = []
    for seed, reason in ((101, "error"), (102, "error"), (103, "stalled")):
        line = dict(base[0], seed=seed, winners=[], reason=reason)
        if reason == "error":
            line["error"] = f"ValueError: boom {seed}"
        else:
            line["stalled"] = "no decision in 30 s"
            line["save"] = f"stalls/seed{seed}.json"
        extra.append(line)
    two = {"game": "root", "seats": ["eyrie", "marquise"], "bots": {"marquise": "heuristic", "eyrie": "ismcts:50"},
           "options": {"map": "winter"}, "max_turns": 500, "scores": {"eyrie": 30, "marquise": 12}, "turns": 40,
           "decisions": 300, "vp_rounds": [[10, 5], [30, 12]], "duration": 1.0}
    extra.append(dict(two, seed=1, winners=["eyrie"], reason="vp"))
    extra.append(dict(two, seed=2, winners=[], reason="stalled", stalled="over 60 s of play", save="s/2.json"))
    extra.append(dict(two, seed=3, winners=[], reason="error", error="IllegalAction: bad", save="s/3.json"))
    path = tmp_path / "mixed.jsonl"
    path.write_text(FIXTURE.read_text() + "".join(json.dumps(x) + "\n" for x in extra))
    return path


def test_errors_and_stalls_counted_per_lineup(tmp_path: Path) -> None:
    s = summarize(read_results(_problem_fixture(tmp_path)))
    assert (s.games, s.errors, s.stalls, s.lines) == (21, 3, 2, 26)
    assert dict(s.reasons) == {"capped": 10, "vp": 10, "dominance": 1}  # errors and stalls are not end reasons
    three, two = s.lineups
    assert three.bots == {"alliance": "random", "eyrie": "random", "marquise": "random"}
    assert (three.games, three.finished, three.errors, three.stalls, three.capped) == (23, 20, 2, 1, 10)
    assert [(p.seed, p.reason, p.save) for p in three.problems] == [
        (101, "error", None), (102, "error", None), (103, "stalled", "stalls/seed103.json")]
    assert three.problems[0].why == "ValueError: boom 101"
    assert (two.bots, two.options, two.max_turns) == ({"eyrie": "ismcts:50", "marquise": "heuristic"},
                                                      {"map": "winter"}, 500)
    assert (two.games, two.finished, two.errors, two.stalls, two.capped) == (3, 1, 1, 1, 0)
    assert s.rows == s.all_rows  # every (faction, bot) finished a game
    rows = {(r.faction, r.bot): r for r in s.rows}
    assert (rows["alliance", "random"].games, rows["alliance", "random"].errors, rows["alliance", "random"].stalls) \
        == (20, 2, 1)
    assert (rows["eyrie", "ismcts:50"].games, rows["eyrie", "ismcts:50"].wins) == (1, 1)  # not 3 games
    assert rows["marquise", "heuristic"].errors == 1 and rows["marquise", "heuristic"].stalls == 1


def test_report_shows_errors_and_stalls_in_every_format(tmp_path: Path, capsys) -> None:
    import csv
    import io
    import json

    results = _problem_fixture(tmp_path)
    assert main(["lab", "report", str(results), "--no-plots"]) == 0
    out = capsys.readouterr().out
    lu = next(ln for ln in out.splitlines() if "alliance=random, eyrie=random, marquise=random" in ln)
    assert [c.strip() for c in lu.strip("│ ").split("│")][1:] == ["map=autumn, cap 60", "23", "2", "1", "10"]
    lu2 = next(ln for ln in out.splitlines() if ln.startswith("│ eyrie=ismcts:50, marquise=heuristic"))
    assert [c.strip() for c in lu2.strip("│ ").split("│")][1:] == ["map=winter, cap 500", "3", "1", "1", "0"]
    assert "seed 103: stalled: no decision in 30 s; reproduce: stalls/seed103.json" in out
    assert "seed 3: error: IllegalAction: bad; reproduce: s/3.json" in out
    assert "seed 101: error: ValueError: boom 101" in out
    alliance = [c.strip() for c in _alliance_line(out).strip("│ ").split("│")]
    assert alliance[:4] == ["alliance", "random", "20", "8"]  # the win-rate row counts only finished games

    assert main(["lab", "report", str(results), "--no-plots", "--format", "csv"]) == 0
    rows = {(r["faction"], r["bot"]): r for r in csv.DictReader(io.StringIO(capsys.readouterr().out))}
    assert (rows["alliance", "random"]["errors"], rows["alliance", "random"]["stalls"]) == ("2", "1")
    assert (rows["eyrie", "ismcts:50"]["games"], rows["eyrie", "ismcts:50"]["errors"]) == ("1", "1")

    assert main(["lab", "report", str(results), "--no-plots", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["errors"], doc["stalls"], doc["games"], doc["lines"]) == (3, 2, 21, 26)
    two = next(x for x in doc["lineups"] if x["options"] == {"map": "winter"})
    assert (two["games"], two["errors"], two["stalls"], two["capped"], two["finished"]) == (3, 1, 1, 0, 1)
    assert two["problems"] == [
        {"seed": 2, "reason": "stalled", "why": "over 60 s of play", "save": "s/2.json"},
        {"seed": 3, "reason": "error", "why": "IllegalAction: bad", "save": "s/3.json"}]


def test_plots_leave_out_errors_and_stalls(tmp_path: Path, monkeypatch) -> None:
    import json

    from planszowki.lab import plots

    results = tmp_path / "r.jsonl"
    lines = [json.loads(x) for x in FIXTURE.read_text().splitlines()[:3]]
    # the Vagabond's only game stopped on an error: it has no row to plot
    lines.append(dict(lines[0], seed=99, seats=["marquise", "vagabond"], bots={"marquise": "random",
                      "vagabond": "random"}, reason="error", error="ValueError: x", winners=[]))
    results.write_text("".join(json.dumps(x) + "\n" for x in lines))
    drawn: list[str] = []
    real = plots._colour
    monkeypatch.setattr(plots, "_colour", lambda faction, i: drawn.append(faction) or real(faction, i))
    s, paths = report(results, Console(file=open(tmp_path / "o.txt", "w")), tmp_path / "p")  # noqa: SIM115
    assert [r.faction for r in s.all_rows if r.errors] == ["marquise", "vagabond"]
    assert "vagabond" not in {r.faction for r in s.rows}
    from planszowki.lab.report import row_dicts

    vagabond = next(r for r in row_dicts(s) if r["faction"] == "vagabond")  # csv / json keep it: games 0
    assert (vagabond["games"], vagabond["errors"], vagabond["stalls"]) == (0, 1, 0)
    assert set(drawn) == {"alliance", "eyrie", "marquise"} and len(paths) == 3
    assert s.turns_by_reason.keys() == {r for r in s.reasons} and "error" not in s.reasons


def test_report_with_no_finished_game_writes_no_plots(tmp_path: Path, capsys) -> None:
    import json

    line = json.loads(FIXTURE.read_text().splitlines()[0])
    results = tmp_path / "bad.jsonl"
    results.write_text(json.dumps(dict(line, reason="stalled", stalled="loop", winners=[])) + "\n")
    assert main(["lab", "report", str(results)]) == 0
    out = capsys.readouterr().out
    assert "no finished game (0 error(s), 1 stalled)" in out and "no plots" in out
    assert not (tmp_path / "bad_report").exists()
