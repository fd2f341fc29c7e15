"""Entry point of the ``planszowki`` console script."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Sequence

from rich.console import Console

from .. import __version__, i18n
from ..engine import PlanszowkiError, load
from .saves import Record, SaveError, load_save

DEFAULT_SEATS = "marquise=human,eyrie=bot"


def default_lang() -> str:
    """PLANSZOWKI_LANG, else Polish when the locale is Polish, else English."""
    lang = os.environ.get("PLANSZOWKI_LANG", "")
    if lang in i18n.LANGS:
        return lang
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(var, "").lower().startswith("pl"):
            return "pl"
    return i18n.DEFAULT_LANG


def _positive(text: str) -> int:
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return n


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="planszowki", description="Rule-exact board games: Root in the terminal, "
                                "replays of saved games, engine benchmarks.")
    p.add_argument("--version", action="version", version=f"planszowki {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="{play,replay,bench,lab}")

    play = sub.add_parser("play", help="play a game in the terminal", description="Play a game in the terminal. "
                          "At the prompt type an option's number, or: save FILE, log, board, help, quit.")
    play.add_argument("game", help="the game, e.g. root")
    play.add_argument("--seats", default=None, help=f"who plays each faction: 'human', or a bot ('bot' = "
                      "'random', 'heuristic', 'ismcts:800' or 'ismcts:iterations=800,rollout=heuristic,c=0.7'); "
                      f"default {DEFAULT_SEATS}. Seating and the first player are drawn from the seed (5.1.1)")
    play.add_argument("--seed", type=int, default=None, help="random seed (default: a random one, printed)")
    play.add_argument("--lang", choices=i18n.LANGS, default=None, help="language: en or pl")
    play.add_argument("--map", default="autumn",
                      help="map: autumn (printed suits), or winter, lake or mountain (the variant maps of Appendix C, "
                      "their suit markers shuffled from the seed, A.1)")
    play.add_argument("--load", metavar="FILE", default=None, help="resume a saved game")
    play.add_argument("--save", metavar="FILE", default=None,
                      help="save the game to FILE when it ends or when you quit")
    play.add_argument("--max-turns", type=int, default=0, help="stop after this many turns (0: no limit)")

    rep = sub.add_parser("replay", help="replay a saved game from its seed and moves and verify it",
                         description="Replay a save's record (seed + option ids), print every move and the "
                         "log, and check that it reaches the saved state.")
    rep.add_argument("file")
    rep.add_argument("--lang", choices=i18n.LANGS, default=None)
    rep.add_argument("--step", action="store_true", help="wait for Enter after each move")
    rep.add_argument("--rootlog", action="store_true",
                     help="print the saved Root game in Rootlog notation (what every seat may see) instead")

    ben = sub.add_parser("bench", help="measure engine speed with random two- and four-player games")
    ben.add_argument("--games", type=_positive, default=20)
    ben.add_argument("--seed", type=int, default=1, help="first seed of the fixed seed set")
    ben.add_argument("--max-turns", type=_positive, default=500, help="turn cap per game")
    ben.add_argument("--ismcts", type=int, default=50, metavar="N",
                     help="ISMCTS iterations per measured decision (0: skip the ISMCTS measurement)")

    from ..lab.cli import add_parser as add_lab_parser

    add_lab_parser(sub)
    return p


def _error(message: str, lang: str) -> int:
    print(f"planszowki: {i18n.tr('error', lang)}: {message}", file=sys.stderr)
    return 2


def cmd_play(args: argparse.Namespace, console: Console, lang: str) -> int:
    from .play import PlaySession, parse_seats

    if args.load:
        game, state, record, saved = load_save(args.load)
        if game.name != args.game:
            raise SaveError(f"{args.load} holds a game of {game.name}, not {args.game}")
        controllers = parse_seats(args.seats) if args.seats else (saved or parse_seats(DEFAULT_SEATS))
    else:
        game = load(args.game)
        controllers = parse_seats(args.seats or DEFAULT_SEATS)
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        record = Record(seed, list(controllers), {"map": args.map})
        state = record.start(game)
    session = PlaySession(game, state, record, controllers, lang, console, max_turns=args.max_turns,
                          save_path=args.save)
    return session.run()


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    lang = args.lang if getattr(args, "lang", None) else default_lang()
    console = Console(highlight=False)
    try:
        if args.command == "play":
            return cmd_play(args, console, lang)
        if args.command == "replay":
            from .replay import print_rootlog, run_replay

            if args.rootlog:
                return print_rootlog(args.file, lang)
            return run_replay(args.file, lang, console, step=args.step)
        if args.command == "lab":
            from ..lab.cli import main as lab_main

            return lab_main(args, console)
        from .bench import run_bench

        return run_bench(args.games, args.seed, args.max_turns, lang, console, ismcts=args.ismcts)
    except PlanszowkiError as exc:
        return _error(str(exc), lang)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
