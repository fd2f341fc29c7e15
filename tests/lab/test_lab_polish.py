"""The researcher's commands speak Polish (``--lang pl``, or PLANSZOWKI_LANG): `lab run`, `lab report` (the table, the
notes and the plots' titles, axes and legends), `soak` and their errors — with the factions by their official Polish
names — while every file they write (results lines, csv, json, summary.json) is the same in both languages."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from rich.console import Console

import planszowki
from planszowki.cli.main import main
from planszowki.lab import LabError, read_results
from planszowki.lab.report import report, report_command

#: 20 random Marquise / Eyrie / Alliance games (seeds 1-20, turn cap 60) written by `planszowki lab run`
FIXTURE = Path(__file__).parent / "fixtures" / "results_3p.jsonl"
SEATS = "marquise=random,eyrie=random"
#: English that must not be left in the Polish output of the commands
ENGLISH = ("games played", "already in", "end reasons", "win rate", "95% CI", "mean VP", "mean turns", "line-up",
           "mean game length", "plots:", "no plots", "faction", "errors", "stalled (", "error(s)", "seed ",
           "reproduce", "decisions in turn", "guard:", "failing game", "failures", "worker", "bot kinds", "setups",
           "games in", "games (", "written to", "does not exist", "unknown bot", "holds games", "choose another")


def _no_english(text: str, tmp_path: Path) -> None:
    """No English phrase outside the file names (the test's own directory is named after the test)."""
    text = re.sub(r"\S*" + re.escape(str(tmp_path)) + r"\S*", "", text)
    leaked = [phrase for phrase in ENGLISH if phrase in text]
    assert not leaked, f"English left in Polish output: {leaked}\n{text}"


def _run(args: list[str], capsys) -> tuple[int, str, str]:
    rc = main(args)
    out, err = capsys.readouterr()
    return rc, out, err


@pytest.fixture(autouse=True)
def _english_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only --lang (or PLANSZOWKI_LANG where a test sets it) makes these commands speak Polish."""
    monkeypatch.setenv("PLANSZOWKI_LANG", "en")
    monkeypatch.setenv("COLUMNS", "250")


def _stripped(lines: list[dict]) -> list[dict]:
    return sorted(({k: v for k, v in line.items() if k != "duration"} for line in lines), key=lambda d: d["seed"])


def test_lab_run_and_report_in_polish_and_the_files_they_write_do_not_change(tmp_path: Path, capsys) -> None:
    pl, en = tmp_path / "pl.jsonl", tmp_path / "en.jsonl"
    common = ["lab", "run", "--seats", SEATS, "--max-turns", "12", "--workers", "1", "--no-progress"]
    rc, out, err = _run([*common, "--games", "2", "--out", str(pl), "--lang", "pl"], capsys)
    assert rc == 0 and "rozegrano 2 gry (procesy)" in out and "powody zakończenia: capped 2" in out
    _no_english(out + err, tmp_path)
    rc, out, err = _run([*common, "--games", "3", "--out", str(pl), "--lang", "pl"], capsys)  # resumed
    assert rc == 0 and "2 z 3 gier już tam jest; do rozegrania: 1" in err and "rozegrano 1 grę" in out
    _no_english(out + err, tmp_path)
    assert _run([*common, "--games", "3", "--out", str(en)], capsys)[1].startswith("3 games played (processes), 0 "
                                                                                     "already in")
    assert _stripped(read_results(pl)) == _stripped(read_results(en))  # the results file speaks no language

    rc, out, err = _run(["lab", "report", str(pl), "--lang", "pl", "--out-dir", str(tmp_path / "plots")], capsys)
    assert rc == 0
    for polish in ("pl.jsonl: 3 gry", "frakcja", "odsetek zwycięstw", "95% przedział ufności", "średnio PZ",
                   "średnio tur", "Markiza de Kot", "Dynastie Orlich Gniazd", "składy",
                   "eyrie=random, marquise=random",  # a line-up as --seats writes it
                   "map=autumn, limit tur: 12", "powody zakończenia: capped 3; średnia długość gry: 12.0 tury",
                   "wykresy: "):
        assert polish in out, polish
    _no_english(out + err, tmp_path)
    assert sorted(p.name for p in (tmp_path / "plots").iterdir()) == ["game_length.png", "vp_per_round.png",
                                                                      "winrates.png"]
    for fmt in ("csv", "json"):  # machine-readable: the same bytes in both languages
        _, pl_text, _ = _run(["lab", "report", str(pl), "--format", fmt, "--no-plots", "--lang", "pl"], capsys)
        _, en_text, _ = _run(["lab", "report", str(pl), "--format", fmt, "--no-plots", "--lang", "en"], capsys)
        assert pl_text == en_text and "marquise" in pl_text and "Markiza" not in pl_text
    rc, out, _ = _run(["lab", "report", str(pl), "--format", "json", "--out", str(tmp_path / "r.json"),
                       "--no-plots", "--lang", "pl"], capsys)
    assert rc == 0 and f"json zapisano w {tmp_path / 'r.json'}" in out


def test_polish_from_planszowki_lang(tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLANSZOWKI_LANG", "pl")
    rc, out, err = _run(["lab", "report", str(FIXTURE), "--no-plots", "--out", str(tmp_path / "t.txt")], capsys)
    text = (tmp_path / "t.txt").read_text("utf-8")
    assert rc == 0 and "raport zapisano w" in out and "Sojusz Stworzeń Leśnych" in text
    assert "powody zakończenia: capped 10, vp 9, dominance 1; średnia długość gry: 48.6 tury" in text
    _no_english(text + out + err, tmp_path)
    assert "end reasons: capped 10" in _run(["lab", "report", str(FIXTURE), "--no-plots", "--lang", "en"], capsys)[1]


def _plot_texts(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn on the figures the report saves (titles, axis labels, tick labels, legends, notes)."""
    from matplotlib.figure import Figure
    from matplotlib.text import Text

    texts: list[str] = []
    save = Figure.savefig

    def record(fig, *args, **kw):
        texts.extend(t.get_text() for t in fig.findobj(Text) if t.get_text())
        return save(fig, *args, **kw)

    monkeypatch.setattr(Figure, "savefig", record)
    return texts


@pytest.mark.parametrize(("lang", "want", "never"), [
    ("pl", ("Odsetek zwycięstw (20 gier) — results_3p", "odsetek zwycięstw (%), odcinki: 95% przedział Wilsona",
            "Sojusz Stworzeń Leśnych (random)", "Markiza de Kot (random)", "30 PZ daje zwycięstwo (3.1)",
            "runda (każdy gracz rozegrał jedną turę)", "średnia liczba Punktów Zwycięstwa",
            "PZ po każdej rundzie (zakończone gry liczą się dalej z wynikiem końcowym) — results_3p",
            "powód zakończenia", "capped (10)", " średnio 48.6 ", "długość gry (tury)", "liczba gier",
            "Długość gry (20 gier) — results_3p"),
     ("Win rates", "win rate", "VP wins", "round (", "mean", "after each", "end reason", "game length", "games",
      "marquise", "alliance")),
    ("en", ("Win rates (20 games) — results_3p", "win rate (%), bars: 95% Wilson interval", "alliance (random)",
            "30 VP wins (3.1)", "round (every seat has taken one turn)", "mean victory points",
            "VP after each round (ended games keep their final VP) — results_3p", "end reason", " mean 48.6 ",
            "game length (turns)", "games", "Game length (20 games) — results_3p"),
     ("Markiza", "zwycięstw")),
])
def test_plots_speak_the_language_asked_for(lang: str, want: tuple, never: tuple, tmp_path: Path, capsys,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _plot_texts(monkeypatch)
    _, paths = report(FIXTURE, Console(file=open(tmp_path / "o.txt", "w")), tmp_path / "p", lang=lang)  # noqa: SIM115
    assert len(paths) == 3
    for text in want:
        assert text in texts, (text, texts)
    leaked = [t for t in texts for phrase in never if phrase in t]
    assert not leaked, leaked


def test_the_great_walls_plots_and_table_say_honor_and_years_in_polish(tmp_path: Path, capsys,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    results = tmp_path / "gw.jsonl"
    rc, _, _ = _run(["lab", "run", "--game", "great_wall", "--seats", "red=random,blue=random,yellow=random",
                     "--games", "2", "--max-turns", "2", "--workers", "1", "--no-progress", "--out", str(results),
                     "--lang", "pl"], capsys)
    assert rc == 0
    texts = _plot_texts(monkeypatch)
    rc, out, err = _run(["lab", "report", str(results), "--lang", "pl", "--out-dir", str(tmp_path / "p")], capsys)
    assert rc == 0 and "Czerwony" in out and "średni Honor" in out and "średnio lat" in out
    assert "średnia długość gry: 2.0 roku" in out
    _no_english(out + err, tmp_path)
    assert {"rok", "średni Honor", "długość gry (lata)"} <= set(texts)
    assert any(t.startswith("Honor po każdym roku") for t in texts)


def test_soak_in_polish_keeps_its_files(tmp_path: Path, capsys, monkeypatch: pytest.MonkeyPatch) -> None:
    from planszowki.lab import soak as soak_module

    clock = iter(range(0, 10**6, 11))  # every reading 11 s later: the progress line every game
    monkeypatch.setattr(soak_module, "time", SimpleNamespace(monotonic=lambda: next(clock)))
    args = ["soak", "root", "--games", "2", "--max-turns", "5", "--max-decisions", "5"]  # both games stall
    rc, out, err = _run([*args, "--out", str(tmp_path / "pl"), "--lang", "pl"], capsys)
    assert rc == 1
    assert re.search(r"^soak root: 2 gry w [\d.]+ min \(\d+/min, procesy robocze: 1\); składy: 2 z \d+; mapy: 2 "
                     r"\(autumn, winter\); talie: standard; rodzaje botów: heuristic; powody zakończenia: stalled 2; "
                     r"niepowodzenia: 2$", out.strip()), out
    assert "stalled ziarno 1 {'marquise': 'heuristic', 'eyrie': 'heuristic'} na autumn: 5 decyzji w turze" in err
    assert "a tura się nie skończyła (zabezpieczenie: --max-decisions 5) -> " in err
    assert re.search(r"^1 gra \(\d+/min\), składy 1/\d+, 1 mapa, 1 niepowodzenie, [\d.]+ min$", err, re.M), err
    assert "2 gry zakończone niepowodzeniem, każda zapisana (planszowki replay PLIK):" in err
    _no_english(out + err, tmp_path)
    rc, out, _ = _run([*args, "--out", str(tmp_path / "en")], capsys)
    assert rc == 1 and out.startswith("soak root: 2 games in ")
    pl_doc, en_doc = (json.loads((tmp_path / d / "summary.json").read_text()) for d in ("pl", "en"))
    assert {k: v for k, v in pl_doc.items() if k != "minutes"} == {k: v for k, v in en_doc.items() if k != "minutes"}
    pl_lines, en_lines = (_stripped(read_results(tmp_path / d / "games.jsonl")) for d in ("pl", "en"))
    assert [{k: v for k, v in d.items() if k != "save"} for d in pl_lines] == \
        [{k: v for k, v in d.items() if k != "save"} for d in en_lines]
    assert "decisions in turn" in pl_lines[0]["stalled"]  # the file keeps its English reason


def test_the_great_walls_soak_names_its_setups_in_polish(tmp_path: Path, capsys) -> None:
    rc, out, err = _run(["soak", "great_wall", "--games", "2", "--max-turns", "1", "--out", str(tmp_path),
                         "--lang", "pl"], capsys)
    assert rc == 0 and "warianty przygotowania: " in out and "niepowodzenia: 0" in out
    _no_english(out + err, tmp_path)
    assert json.loads((tmp_path / "summary.json").read_text())["setups"]  # keys as ever ("default", "mode=…")


def test_lab_errors_in_polish(tmp_path: Path, capsys) -> None:
    out = tmp_path / "r.jsonl"
    cases = [
        (["lab", "run", "--seats", "marquise=nobody,eyrie=random"], "miejsce marquise: nieznany bot 'nobody'; znane "
                                                                     "boty: "),
        (["lab", "run", "--seats", "marquise=human,eyrie=random"], "w laboratorium grają tylko boty"),
        (["lab", "run", "--seats", "marquise=random,marquise=random"], "frakcja 'marquise' występuje w --seats dwa "
                                                                        "razy"),
        (["lab", "run", "--seats", "marquise="], "miejsce marquise: nie podano bota"),
        (["lab", "run", "--seats", "marquise=ismcts:nonsense=1,eyrie=random"], "miejsce marquise: bot 'ismcts' nie "
                                                                                "przyjmuje parametrów"),
        (["lab", "run", "--seats", SEATS, "--game", "ironwood", "--map", "lake"], "--map to opcja gry Root, a nie "
                                                                                  "gry ironwood"),
        (["lab", "run", "--seats", "woodwalkers=random,ironclad=random", "--game", "ironwood", "--difficulty", "2"],
         "--difficulty to poziom trudności przeciwnika solo"),
        (["lab", "report", str(tmp_path / "none.jsonl")], "nie istnieje"),
    ]
    for args, polish in cases:
        extra = ["--games", "1", "--out", str(out), "--no-progress"] if args[1] == "run" else []
        rc, _, err = _run([*args, *extra, "--lang", "pl"], capsys)
        assert rc == 2 and err.startswith("planszowki: błąd: ") and polish in err, (args, err)
        _no_english(err, tmp_path)
    base = ["lab", "run", "--seats", SEATS, "--games", "1", "--out", str(out), "--no-progress", "--workers", "1"]
    assert _run([*base, "--max-turns", "4"], capsys)[0] == 0
    rc, _, err = _run([*base, "--max-turns", "5", "--lang", "pl"], capsys)  # another run's file
    assert rc == 2 and "zawiera gry innej serii (max_turns: w pliku 4, w tej serii 5); aby zacząć nową serię, podaj " \
                       "inne --out" in err
    rc, _, err = _run([*base, "--max-turns", "5"], capsys)  # in English as before
    assert rc == 2 and "holds games of another run (max_turns: file has 4, this run 5); choose another --out" in err
    with pytest.raises(LabError) as exc:
        report_command(FIXTURE, Console(), fmt="xml", lang="pl")
    assert exc.value.text("pl") == "nieznany format raportu 'xml'; wybierz jeden z: table, csv, json"
    assert str(exc.value) == "unknown report format 'xml'; choose one of table, csv, json"



def test_the_guards_reasons_are_read_in_polish_and_recorded_in_english() -> None:
    from planszowki.lab import RunConfig, play_game
    from planszowki.lab.runner import why_text

    seats = {"marquise": "random", "eyrie": "random"}
    by_time = play_game(RunConfig.make("root", seats, {"map": "autumn"}, 50, max_seconds=1e-9), 1)
    by_loop = play_game(RunConfig.make("root", seats, {"map": "autumn"}, 50, max_decisions=3), 1)
    assert by_time["stalled"] == "0 s of wall-clock time after 0 decisions (guard: --max-seconds 1e-09)"
    assert why_text("stalled", by_time["stalled"], "pl") == \
        "0 s czasu rzeczywistego po 0 decyzjach (zabezpieczenie: --max-seconds 1e-09)"
    assert re.fullmatch(r"3 decyzje w turze \d+, a tura się nie skończyła \(zabezpieczenie: --max-decisions 3\)",
                        why_text("stalled", by_loop["stalled"], "pl")), by_loop["stalled"]
    assert why_text("stalled", by_loop["stalled"], "en") == by_loop["stalled"]
    assert why_text("error", "ValueError: boom", "pl") == "ValueError: boom"  # an exception's own text

# -- nothing printed for a person is written in English in the code ------------------------------------------------
#: the modules whose printed text goes through the catalogs, and the calls that print, draw or title something
PRINTING_MODULES = ("lab/cli.py", "lab/report.py", "lab/soak.py", "lab/plots.py", "cli/bench.py")
PRINTING = {"print", "set_title", "set_xlabel", "set_ylabel", "add_column", "add_row", "add_task", "text", "legend",
            "Table", "TextColumn"}
#: words that are names, not English
NAMES = {"planszowki"}


def _literal(node: ast.AST) -> str:
    """The text written literally in an expression (what a catalog message should say instead); a call's own
    arguments are its business (``tr("lab_plots", lang)``), except the wrappers ``escape`` and ``str``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(_literal(v) for v in node.values)
    if isinstance(node, ast.BinOp):
        return _literal(node.left) + " " + _literal(node.right)
    if isinstance(node, ast.IfExp):
        return _literal(node.body) + " " + _literal(node.orelse)
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("escape", "str") \
            and node.args:
        return _literal(node.args[0])
    return ""


@pytest.mark.parametrize("module", PRINTING_MODULES)
def test_what_the_commands_print_is_not_written_in_english(module: str) -> None:
    """Tables, printed lines, progress bars, plot titles, axes and legends say catalog messages (``i18n.tr``), never
    English written in the code: rich markup, format fields, numbers and names are all a literal may hold."""
    tree = ast.parse((Path(planszowki.__file__).parent / module).read_text("utf-8"))
    written = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name not in PRINTING:
            continue
        for arg in [*node.args, *(k.value for k in node.keywords if k.arg in ("title", "label"))]:
            text = re.sub(r"\[/?[a-z ]*\]", "", _literal(arg))  # rich markup
            text = re.sub(r"\{[^}]*\}", "", text)  # format fields
            words = set(re.findall(r"[A-Za-z]{3,}", text)) - NAMES
            if words:
                written.append((node.lineno, sorted(words)))
    assert not written, f"{module}: English written in the code at {written}"
