"""``planszowki lab report``: the win-rate table, the per-line-up count of games that stopped on an error or
stalled, and the PNG plots of a results file; ``--format csv|json`` gives the same numbers machine-readable.

The table is printed at its full width whenever it does not go to a terminal (a pipe, a file, ``--out``),
so no column — the 95% confidence interval above all — is cut or folded at 80 columns.
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

from .runner import LabError, read_results
from .stats import LineUp, Summary, summarize

FORMATS = ("table", "csv", "json")
#: the width of a console that does not print to a terminal: wide enough that nothing wraps
WIDE = 10_000
#: the columns of ``--format csv`` (and the keys of each row in ``--format json``)
CSV_FIELDS = ("faction", "bot", "games", "wins", "win_rate", "ci_low", "ci_high", "mean_vp", "mean_turns",
              "mean_rounds", "end_reasons", "errors", "stalls")
#: problems (errors, stalls) listed one per line under the table, per line-up; the rest are counted
LIST_PROBLEMS = 10


def _reasons(counter) -> str:
    return ", ".join(f"{k} {n}" for k, n in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))


def load_summary(results: str | Path) -> Summary:
    """The summary of a results file; a file without a single game line is a :class:`LabError`."""
    lines = read_results(results)
    if not lines:
        raise LabError(f"{results} holds no game lines (an empty results file?); nothing to report")
    return summarize(lines)


def table(summary: Summary, title: str = "") -> Table:
    """Win rates per (faction, bot), with the mean score and length in the game's own words (``score_terms``: Root's
    "mean VP" and "mean turns", Ironwood's "mean progress" towards victory — totems secured or outer forges, 3 win —,
    The Great Wall's "mean Honor" and "mean years"). Games that count rounds (Ironwood) add a "mean rounds" column."""
    rounds = any(r.mean_rounds is not None for r in summary.rows)
    score, length = summary.score_terms
    t = Table(title=title or None, title_justify="left")
    t.add_column("faction")
    t.add_column("bot")
    for name in ("games", "wins", "win rate", "95% CI", f"mean {score}", f"mean {length}",
                 *(("mean rounds",) if rounds else ())):
        t.add_column(name, justify="right")
    t.add_column("end reasons")
    for r in summary.rows:
        lo, hi = r.ci
        extra = (f"{r.mean_rounds:.1f}" if r.mean_rounds is not None else "—",) if rounds else ()
        t.add_row(r.faction, r.bot, str(r.games), str(r.wins), f"{100 * r.win_rate:.1f}%",
                  f"{100 * lo:.1f}–{100 * hi:.1f}%", f"{r.mean_vp:.1f}", f"{r.mean_turns:.1f}", *extra,
                  _reasons(r.reasons))
    return t


def lineup_table(summary: Summary) -> Table:
    """One row per line-up: all its games, how many stopped on an error, stalled, or were capped."""
    t = Table(title="line-ups", title_justify="left")
    t.add_column("line-up")
    t.add_column("options")
    for name in ("games", "errors", "stalls", "capped"):
        t.add_column(name, justify="right")
    for lu in summary.lineups:
        t.add_row(lu.label, lu.settings, str(lu.games), _count(lu.errors, "red"), _count(lu.stalls, "yellow"),
                  str(lu.capped))
    return t


def _count(n: int, colour: str) -> str:
    return f"[bold {colour}]{n}[/]" if n else "0"


def _print_problems(lu: LineUp, console: Console) -> None:
    if not lu.problems:
        return
    console.print(f"[bold]{escape(lu.label)}[/]: {lu.errors} error(s), {lu.stalls} stalled (left out of the table "
                  "and the plots)")
    for pr in lu.problems[:LIST_PROBLEMS]:
        where = f"; reproduce: {pr.save}" if pr.save else ""
        console.print(f"  seed {pr.seed}: {pr.reason}: {escape(pr.why)}{escape(where)}", soft_wrap=True)
    if len(lu.problems) > LIST_PROBLEMS:
        console.print(f"  … and {len(lu.problems) - LIST_PROBLEMS} more (all of them: --format json)")


def print_table(summary: Summary, console: Console, name: str) -> None:
    """The whole text report: win rates, line-ups, end reasons, and the games that did not finish."""
    if summary.games:
        console.print(table(summary, f"{name}: {summary.games} games"))
    else:
        console.print(f"{name}: no finished game ({summary.errors} error(s), {summary.stalls} stalled)")
    console.print(lineup_table(summary))
    console.print(f"end reasons: {_reasons(summary.reasons) or '—'}; mean game length {summary.mean_turns:.1f} "
                  f"{summary.score_terms[1]}")
    for lu in summary.lineups:
        _print_problems(lu, console)


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


def _plots(summary: Summary, results: str | Path, out_dir: str | Path | None, note: Console) -> list[Path]:
    if not summary.games:
        note.print("no plots: no game finished")
        return []
    from .plots import write_plots

    paths = write_plots(summary, out_dir or default_out_dir(results), Path(results).stem)
    note.print("plots: " + ", ".join(str(p) for p in paths))
    return paths


def report(results: str | Path, console: Console, out_dir: str | Path | None = None,
           plots: bool = True) -> tuple[Summary, list[Path]]:
    """Print the text report of ``results`` on ``console`` and write the plots (unless ``plots`` is False)."""
    summary = load_summary(results)
    print_table(summary, console, Path(results).name)
    return summary, (_plots(summary, results, out_dir, console) if plots else [])


def wide_console(console: Console) -> Console:
    """``console`` itself on a terminal; otherwise a console as wide as any table, so nothing is cut."""
    if console.is_terminal:
        return console
    return Console(file=console.file, width=WIDE, highlight=False)


def report_command(results: str | Path, console: Console, fmt: str = "table", out: str | Path | None = None,
                   out_dir: str | Path | None = None, plots: bool = True) -> int:
    """``planszowki lab report``: the report in ``fmt`` on stdout (``console``) or in ``out``, then the plots."""
    if fmt not in FORMATS:
        raise LabError(f"unknown report format {fmt!r}; choose one of {', '.join(FORMATS)}")
    summary = load_summary(results)
    if fmt == "table":
        if out:
            with open(out, "w", encoding="utf-8") as f:
                print_table(summary, Console(file=f, width=WIDE, highlight=False, no_color=True), Path(results).name)
            console.print(f"report written to {out}")
        else:
            print_table(summary, wide_console(console), Path(results).name)
        note = console
    else:
        text = to_csv(summary) if fmt == "csv" else to_json(summary, results)
        if out:
            Path(out).write_text(text, encoding="utf-8")
            note = console
            note.print(f"{fmt} written to {out}")
        else:
            console.file.write(text)
            console.file.flush()
            note = Console(file=sys.stderr, highlight=False)  # stdout holds only the csv / json
    if plots:
        _plots(summary, results, out_dir, note)
    return 0
