"""``planszowki lab report``: the win-rate table, the per-line-up count of games that stopped on an error or
stalled, and the PNG plots of a results file; ``--format csv|json`` gives the same numbers machine-readable.

The table is printed at its full width whenever it does not go to a terminal (a pipe, a file, ``--out``),
so no column — the 95% confidence interval above all — is cut or folded at 80 columns. What it says to a person is
in English or Polish (``lang``, the catalogs' ``lab_`` messages); the csv and json are the same in both.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .. import i18n
from . import words
from .runner import LabError, read_results, why_text
from .stats import LineUp, Summary, summarize

FORMATS = ("table", "csv", "json")
#: the width of a console that does not print to a terminal: wide enough that nothing wraps
WIDE = 10_000
#: the columns of ``--format csv`` (and the keys of each row in ``--format json``)
CSV_FIELDS = ("faction", "bot", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_vp", "mean_turns",
              "mean_rounds", "end_reasons", "errors", "stalls")
#: problems (errors, stalls) listed one per line under the table, per line-up; the rest are counted
LIST_PROBLEMS = 10


_reasons = words.reasons


def load_summary(results: str | Path) -> Summary:
    """The summary of a results file; a file without a single game line is a :class:`LabError`."""
    lines = read_results(results)
    if not lines:
        raise LabError.told("error_lab_no_games", path=str(results))
    return summarize(lines)


def table(summary: Summary, title: str = "", lang: str = i18n.DEFAULT_LANG) -> Table:
    """Win rates per (faction, bot), with the mean score and length in the game's own words (``score_terms``: Root's
    "mean VP" and "mean turns", Ironwood's "mean progress" towards victory — totems secured or outer forges, 3 win —,
    The Great Wall's "mean Honor" and "mean years"). Games that count rounds (Ironwood) add a "mean rounds" column.
    In Polish the factions go by their official names."""
    rounds = any(r.mean_rounds is not None for r in summary.rows)
    score, length = summary.score_terms
    tr = i18n.tr
    t = Table(title=title or None, title_justify="left")
    t.add_column(tr("lab_col_faction", lang))
    t.add_column(tr("lab_col_bot", lang))
    for name in (tr("lab_col_games", lang), tr("lab_col_wins", lang), tr("lab_col_win_rate", lang),
                 tr("lab_col_ci", lang), words.mean_of(score, lang), words.mean_of(length, lang),
                 *((words.mean_of("rounds", lang),) if rounds else ())):
        t.add_column(name, justify="right")
    t.add_column(tr("lab_col_end_reasons", lang))
    for r in summary.rows:
        lo, hi = r.ci
        extra = (f"{r.mean_rounds:.1f}" if r.mean_rounds is not None else "—",) if rounds else ()
        t.add_row(escape(words.seat_name(r.faction, lang)), escape(r.bot), str(r.games), str(r.wins),
                  f"{100 * r.win_rate:.1f}%", f"{100 * lo:.1f}–{100 * hi:.1f}%", f"{r.mean_vp:.1f}",
                  f"{r.mean_turns:.1f}", *extra, _reasons(r.reasons))
    return t


def lineup_table(summary: Summary, lang: str = i18n.DEFAULT_LANG) -> Table:
    """One row per line-up: all its games, how many stopped on an error, stalled, or were capped. A line-up is
    written as ``--seats`` takes it, in both languages."""
    tr = i18n.tr
    t = Table(title=tr("lab_lineups_title", lang), title_justify="left")
    t.add_column(tr("lab_col_lineup", lang))
    t.add_column(tr("lab_col_options", lang))
    for key in ("lab_col_games", "lab_col_errors", "lab_col_stalls", "lab_col_capped"):
        t.add_column(tr(key, lang), justify="right")
    for lu in summary.lineups:
        t.add_row(escape(lu.label), escape(lu.settings_in(lang)), str(lu.games), _count(lu.errors, "red"),
                  _count(lu.stalls, "yellow"), str(lu.capped))
    return t


def _count(n: int, colour: str) -> str:
    return f"[bold {colour}]{n}[/]" if n else "0"


def _print_problems(lu: LineUp, console: Console, lang: str) -> None:
    """The games of a line-up that did not finish: seed, reason code, why (the guard's reasons in ``lang``, an
    exception as the results file has it) and the file that reproduces it."""
    if not lu.problems:
        return
    tr = i18n.tr
    console.print(f"[bold]{escape(lu.label)}[/]: "
                  + escape(tr("lab_problems_head", lang, errors=lu.errors, stalls=lu.stalls)))
    for pr in lu.problems[:LIST_PROBLEMS]:
        where = tr("lab_problem_reproduce", lang, save=pr.save) if pr.save else ""
        console.print("  " + escape(tr("lab_problem", lang, seed=pr.seed, code=pr.reason,
                                               detail=why_text(pr.reason, pr.why, lang)) + where),
                      soft_wrap=True)
    if len(lu.problems) > LIST_PROBLEMS:
        console.print("  " + escape(tr("lab_problems_more", lang, n=len(lu.problems) - LIST_PROBLEMS)))


def print_table(summary: Summary, console: Console, name: str, lang: str = i18n.DEFAULT_LANG) -> None:
    """The whole text report: win rates, line-ups, end reasons, and the games that did not finish."""
    tr = i18n.tr
    if summary.games:
        console.print(table(summary, escape(tr("lab_report_title", lang, name=name, games=summary.games)), lang))
    else:
        console.print(escape(tr("lab_no_finished", lang, name=name, errors=summary.errors, stalls=summary.stalls)))
    console.print(lineup_table(summary, lang))
    years = summary.score_terms[1] == "years"
    console.print(escape(tr("lab_report_end_years" if years else "lab_report_end_turns", lang,
                            reasons=_reasons(summary.reasons) or "—", mean=f"{summary.mean_turns:.1f}")))
    for lu in summary.lineups:
        _print_problems(lu, console, lang)


# -- machine-readable -------------------------------------------------------------------------------------
def _num(x: float) -> float:
    return round(x, 6)


def row_dicts(summary: Summary) -> list[dict[str, Any]]:
    """Every row (faction, bot), also those whose every game stopped on an error or stalled (games 0)."""
    out = []
    for r in summary.all_rows:
        lo, hi = r.ci
        out.append({"faction": r.faction, "bot": r.bot, "games": r.games, "wins": r.wins,
                    "win_rate": _num(r.win_rate), "ci_low": _num(lo), "ci_high": _num(hi),
                    "mean_vp": _num(r.mean_vp), "mean_turns": _num(r.mean_turns),
                    "mean_rounds": None if r.mean_rounds is None else _num(r.mean_rounds),
                    "end_reasons": dict(sorted(r.reasons.items())), "errors": r.errors, "stalls": r.stalls})
    return out


def lineup_dicts(summary: Summary) -> list[dict[str, Any]]:
    return [{"bots": lu.bots, "options": lu.options, "max_turns": lu.max_turns, "games": lu.games,
             "finished": lu.finished, "errors": lu.errors, "stalls": lu.stalls, "capped": lu.capped,
             "end_reasons": dict(sorted(lu.reasons.items())),
             "problems": [{"seed": p.seed, "reason": p.reason, "why": p.why, "save": p.save} for p in lu.problems]}
            for lu in summary.lineups]


def to_json(summary: Summary, results: str | Path) -> str:
    score, length = summary.score_terms  # what mean_vp and mean_turns count in these games
    doc = {"results": str(results), "game": list(summary.game_names), "score": score, "length": length,
           "lines": summary.lines, "games": summary.games, "errors": summary.errors,
           "stalls": summary.stalls, "end_reasons": dict(sorted(summary.reasons.items())),
           "mean_turns": _num(summary.mean_turns), "rows": row_dicts(summary), "lineups": lineup_dicts(summary)}
    return json.dumps(doc, ensure_ascii=False, indent=2) + "\n"


def to_csv(summary: Summary) -> str:
    """One row per (faction, bot); ``end_reasons`` as ``reason=count`` pairs joined by ``;``."""
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
    w.writeheader()
    for row in row_dicts(summary):
        row["end_reasons"] = ";".join(f"{k}={n}" for k, n in row["end_reasons"].items())
        w.writerow(row)
    return buf.getvalue()


# -- the command ------------------------------------------------------------------------------------------
def default_out_dir(results: str | Path) -> Path:
    p = Path(results)
    return p.with_name(p.stem + "_report")


def _plots(summary: Summary, results: str | Path, out_dir: str | Path | None, note: Console,
           lang: str = i18n.DEFAULT_LANG) -> list[Path]:
    if not summary.games:
        note.print(escape(i18n.tr("lab_no_plots", lang)))
        return []
    from .plots import write_plots

    paths = write_plots(summary, out_dir or default_out_dir(results), Path(results).stem, lang=lang)
    note.print(escape(i18n.tr("lab_plots", lang, paths=", ".join(str(p) for p in paths))))
    return paths


def report(results: str | Path, console: Console, out_dir: str | Path | None = None,
           plots: bool = True, lang: str = i18n.DEFAULT_LANG) -> tuple[Summary, list[Path]]:
    """Print the text report of ``results`` on ``console`` in ``lang`` and write the plots (unless ``plots`` is
    False)."""
    summary = load_summary(results)
    print_table(summary, console, Path(results).name, lang)
    return summary, (_plots(summary, results, out_dir, console, lang) if plots else [])


def wide_console(console: Console) -> Console:
    """``console`` itself on a terminal; otherwise a console as wide as any table, so nothing is cut."""
    if console.is_terminal:
        return console
    return Console(file=console.file, width=WIDE, highlight=False)


def report_command(results: str | Path, console: Console, fmt: str = "table", out: str | Path | None = None,
                   out_dir: str | Path | None = None, plots: bool = True, lang: str = i18n.DEFAULT_LANG) -> int:
    """``planszowki lab report``: the report in ``fmt`` on stdout (``console``) or in ``out``, then the plots. The
    table, the notes and the plots speak ``lang``; the csv and json do not change with it."""
    if fmt not in FORMATS:
        raise LabError.told("error_lab_report_format", fmt=fmt, formats=", ".join(FORMATS))
    summary = load_summary(results)
    if fmt == "table":
        if out:
            with open(out, "w", encoding="utf-8") as f:
                print_table(summary, Console(file=f, width=WIDE, highlight=False, no_color=True), Path(results).name,
                            lang)
            console.print(escape(i18n.tr("lab_report_written", lang, path=str(out))))
        else:
            print_table(summary, wide_console(console), Path(results).name, lang)
        note = console
    else:
        text = to_csv(summary) if fmt == "csv" else to_json(summary, results)
        if out:
            Path(out).write_text(text, encoding="utf-8")
            note = console
            note.print(escape(i18n.tr("lab_format_written", lang, fmt=fmt, path=str(out))))
        else:
            console.file.write(text)
            console.file.flush()
            note = Console(file=sys.stderr, highlight=False)  # stdout holds only the csv / json
    if plots:
        _plots(summary, results, out_dir, note, lang)
    return 0
