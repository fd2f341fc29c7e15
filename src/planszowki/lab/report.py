"""``planszowki lab report``: the win-rate table (rich) and the PNG plots of a results file."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table

from .runner import read_results
from .stats import Summary, summarize


def _reasons(counter) -> str:
    return ", ".join(f"{k} {n}" for k, n in sorted(counter.items(), key=lambda kv: (-kv[1], kv[0])))


def table(summary: Summary, title: str = "") -> Table:
    t = Table(title=title or None, title_justify="left")
    t.add_column("faction")
    t.add_column("bot")
    for name in ("games", "wins", "win rate", "95% CI", "mean VP", "mean turns"):
        t.add_column(name, justify="right")
    t.add_column("end reasons")
    for r in summary.rows:
        lo, hi = r.ci
        t.add_row(r.faction, r.bot, str(r.games), str(r.wins), f"{100 * r.win_rate:.1f}%",
                  f"{100 * lo:.1f}–{100 * hi:.1f}%", f"{r.mean_vp:.1f}", f"{r.mean_turns:.1f}", _reasons(r.reasons))
    return t


def default_out_dir(results: str | Path) -> Path:
    p = Path(results)
    return p.with_name(p.stem + "_report")


def report(results: str | Path, console: Console, out_dir: str | Path | None = None,
           plots: bool = True) -> tuple[Summary, list[Path]]:
    lines = read_results(results)
    summary = summarize(lines)
    console.print(table(summary, f"{Path(results).name}: {summary.games} games"))
    mean = sum(summary.turns) / len(summary.turns) if summary.turns else 0.0
    console.print(f"end reasons: {_reasons(summary.reasons) or '—'}; mean game length {mean:.1f} turns")
    if summary.errors:
        console.print(f"[bold red]{summary.errors} game(s) stopped on an error[/] (reason 'error' in the file; "
                      "left out of the table)")
    paths: list[Path] = []
    if plots:
        from .plots import write_plots

        paths = write_plots(summary, out_dir or default_out_dir(results), Path(results).stem)
        console.print("plots: " + ", ".join(str(p) for p in paths))
    return summary, paths
