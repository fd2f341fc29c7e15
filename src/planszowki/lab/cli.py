"""The ``planszowki lab`` subcommand: ``lab run`` plays many bot games, ``lab report`` sums them up. What they print
for a person is in English or Polish (``--lang``, default ``PLANSZOWKI_LANG``); the files they write are the same in
both."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from .. import i18n
from ..cli.args import nonneg, positive
from .report import FORMATS as REPORT_FORMATS
from .runner import (
    DEFAULT_MAX_DECISIONS,
    DEFAULT_MAX_SECONDS,
    DEFAULT_MAX_TURNS,
    LabError,
    RunConfig,
    check_config,
    known_factions,
    parse_seats,
    run,
    solo_opponents,
    solo_options,
)


def add_parser(sub: argparse._SubParsersAction, say: Callable[..., str]) -> None:
    """``planszowki lab``; ``say`` gives its help texts (``cli.args.texts``: the person's language)."""
    lab = sub.add_parser("lab", help=say("lab"), description=say("lab_description"))
    lsub = lab.add_subparsers(dest="lab_command", required=True, metavar="{run,report}", title=say("commands"))
    r = lsub.add_parser("run", help=say("lab_run"), description=say("lab_run_description"))
    r.add_argument("--game", default="root", help=say("lab_game"))
    r.add_argument("--seats", required=True, help=say("lab_seats"))
    r.add_argument("--games", type=positive, default=100, help=say("lab_games", n=100))
    r.add_argument("--seed", type=int, default=1, help=say("first_seed", n=1))
    r.add_argument("--workers", type=positive, default=None, help=say("lab_workers", n=os.cpu_count()))
    r.add_argument("--out", required=True, help=say("lab_out"))
    r.add_argument("--max-turns", type=nonneg, default=DEFAULT_MAX_TURNS,
                   help=say("lab_max_turns", n=DEFAULT_MAX_TURNS))
    r.add_argument("--max-decisions", type=nonneg, default=DEFAULT_MAX_DECISIONS,
                   help=say("lab_max_decisions", n=DEFAULT_MAX_DECISIONS))
    r.add_argument("--max-seconds", type=float, default=DEFAULT_MAX_SECONDS,
                   help=say("lab_max_seconds", n=f"{DEFAULT_MAX_SECONDS:g}"))
    r.add_argument("--map", default=None, help=say("lab_map"))
    r.add_argument("--deck", choices=("standard", "exiles"), default=None, help=say("lab_deck"))
    r.add_argument("--difficulty", type=nonneg, default=None, help=say("lab_difficulty"))
    r.add_argument("--mode", default=None, choices=("standard", "solo", "coop"), help=say("lab_mode"))
    r.add_argument("--content", default=None, metavar="FILE", help=say("lab_content"))
    r.add_argument("--ray", nargs="?", const="", default=None, metavar="ADDRESS", help=say("lab_ray"))
    r.add_argument("--batch", type=positive, default=None, help=say("lab_batch"))
    r.add_argument("--no-progress", action="store_true", help=say("lab_no_progress"))
    r.add_argument("--lang", choices=i18n.LANGS, default=None, help=say("lab_run_lang"))
    p = lsub.add_parser("report", help=say("lab_report"), description=say("lab_report_description"))
    p.add_argument("results", help=say("lab_results"))
    p.add_argument("--format", choices=REPORT_FORMATS, default="table", help=say("lab_format"))
    p.add_argument("--out", default=None, metavar="FILE", help=say("lab_report_out"))
    p.add_argument("--out-dir", default=None, help=say("lab_out_dir"))
    p.add_argument("--no-plots", action="store_true", help=say("lab_no_plots"))
    p.add_argument("--lang", choices=i18n.LANGS, default=None, help=say("lab_report_lang"))


def setup_options(args: argparse.Namespace, seats: dict[str, str]) -> dict:
    """The setup options of a run, by game: Root's map and deck; Ironwood's content, solo opponent (from a solo
    seat such as ``ironclad=ironbot``) and its difficulty; The Great Wall's mode. An option of another game is
    refused."""
    mode = getattr(args, "mode", None)
    if mode not in (None, "standard") and args.game != "great_wall":
        raise LabError.told("error_lab_mode_of_great_wall", game=args.game)
    if args.game == "root":
        for flag, value in (("--difficulty", args.difficulty), ("--content", args.content)):
            if value is not None:
                raise LabError.told("error_lab_option_of_ironwood", option=flag, game=args.game)
        deck = args.deck or "standard"
        return {"map": args.map or "autumn", **({"deck": deck} if deck != "standard" else {})}
    for flag, value in (("--map", args.map), ("--deck", args.deck)):
        if value is not None:
            raise LabError.told("error_lab_option_of_root", option=flag, game=args.game)
    if args.game == "great_wall" and args.difficulty is not None:
        raise LabError.told("error_lab_option_of_ironwood", option="--difficulty", game=args.game)
    options: dict = {}
    if mode not in (None, "standard"):
        options["mode"] = mode  # The Great Wall's co-operative (or solo) game
    if args.content is not None:
        options["content"] = args.content
    options.update(solo_options(args.game, seats))
    if args.difficulty is not None:
        if "opponent" not in options:
            raise LabError.told("error_lab_difficulty_needs_solo")
        options["difficulty"] = args.difficulty
    return options


def _run(args: argparse.Namespace, console: Console, lang: str) -> int:
    seats = parse_seats(args.seats, known_factions(args.game), solo_opponents(args.game))
    options = setup_options(args, seats)
    cfg = RunConfig.make(args.game, seats, options, args.max_turns, args.max_decisions, args.max_seconds)
    check_config(cfg)  # bad bots, factions or options: one line before the progress bar starts
    err = Console(file=sys.stderr, highlight=False)
    tr = i18n.tr
    eta = TextColumn(escape(tr("lab_progress_eta", lang)))
    progress = Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TextColumn("{task.fields[rate]}"), TimeElapsedColumn(), eta, TimeRemainingColumn(),
                        console=err, disable=args.no_progress, transient=False)
    state: dict = {}

    def on_start(total: int, skipped: int) -> None:
        if skipped:
            err.print(escape(tr("lab_run_resume", lang, path=args.out, skipped=skipped, total=total,
                                rest=total - skipped)))
        state["task"] = progress.add_task(tr("lab_progress_games", lang), total=total, completed=skipped, rate="")
        state["n"] = 0

    def on_line(line: dict) -> None:
        state["n"] += 1
        el = progress.tasks[0].elapsed or 0
        rate = tr("lab_progress_rate", lang, rate=f"{state['n'] / el:.1f}") if el else ""
        progress.update(state["task"], advance=1, rate=rate)

    backend = tr("lab_backend_ray" if args.ray is not None else "lab_backend_processes", lang)
    try:
        with progress:
            summary = run(cfg, args.seed, args.games, args.out, workers=args.workers, use_ray=args.ray is not None,
                          ray_address=args.ray or None, batch=args.batch, on_start=on_start, on_line=on_line)
    except KeyboardInterrupt:
        err.print(escape(tr("lab_run_interrupted", lang, path=args.out)))
        return 130
    reasons = ", ".join(f"{k} {n}" for k, n in sorted(summary.reasons.items())) or "—"
    console.print(escape(tr("lab_run_summary", lang, played=summary.played, backend=backend, skipped=summary.skipped,
                            path=args.out, reasons=reasons, seconds=f"{summary.seconds:.1f}")), soft_wrap=True)
    if summary.errors or summary.stalled:
        head = tr("lab_run_failed_head", lang, errors=summary.errors, stalled=summary.stalled)
        err.print(f"[bold red]{escape(head)}[/]: {escape(tr('lab_run_failed_tail', lang, path=args.out))}",
                  soft_wrap=True)
        return 1
    return 0


def main(args: argparse.Namespace, console: Console, lang: str = i18n.DEFAULT_LANG) -> int:
    """Entry from ``planszowki lab``, speaking ``lang``; errors the user can fix are LabError (a PlanszowkiError)."""
    if args.lab_command == "run":
        return _run(args, console, lang)
    from .report import report_command

    return report_command(args.results, console, fmt=args.format, out=args.out, out_dir=args.out_dir,
                          plots=not args.no_plots, lang=lang)


__all__ = ["LabError", "add_parser", "main"]
