"""Entry point of the ``planszowki`` console script."""

from __future__ import annotations

import argparse
import os
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from .. import __version__, i18n
from ..engine import PlanszowkiError, UnsupportedSetup, load
from ..engine.registry import names as game_names
from ..lab.cli import add_parser as add_lab_parser
from ..lab.soak import add_parser as add_soak_parser
from .args import Parser, lang_asked, localize, positive, texts
from .saves import Record, SaveError, autosave_dir, find_resume, new_autosave_path, read_save

DEFAULT_SEATS = "marquise=human,eyrie=bot"
#: Each game's seats when --seats is not given.
GAME_SEATS = {"root": DEFAULT_SEATS, "ironwood": "woodwalkers=human,ironclad=bot",
              "great_wall": "red=human,blue=bot,yellow=bot"}


def default_lang() -> str:
    """PLANSZOWKI_LANG, else Polish when the locale is Polish, else English."""
    lang = os.environ.get("PLANSZOWKI_LANG", "")
    if lang in i18n.LANGS:
        return lang
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        if os.environ.get(var, "").lower().startswith("pl"):
            return "pl"
    return i18n.DEFAULT_LANG


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The command line; its ``--help`` in ``lang`` (default: :func:`default_lang`)."""
    lang = lang or default_lang()
    say = texts(lang)
    p = Parser(prog="planszowki", description=say("description"))
    p.add_argument("--version", action="version", version=f"planszowki {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="{play,replay,rootlog,bench,lab,soak,serve}",
                           title=say("commands"))

    play = sub.add_parser("play", help=say("play"), description=say("play_description"))
    play.add_argument("game", nargs="?", default=None, help=say("play_game"))
    play.add_argument("--seats", default=None, help=say("play_seats", root=DEFAULT_SEATS,
                                                        ironwood=GAME_SEATS["ironwood"],
                                                        great_wall=GAME_SEATS["great_wall"]))
    play.add_argument("--seed", type=int, default=None, help=say("seed"))
    play.add_argument("--lang", choices=i18n.LANGS, default=None, help=say("lang"))
    play.add_argument("--map", default=None, help=say("play_map"))
    play.add_argument("--deck", choices=("standard", "exiles"), default=None, help=say("play_deck"))
    play.add_argument("--setup", choices=("standard", "advanced"), default=None, help=say("play_setup"))
    play.add_argument("--factions", choices=("standard", "draft"), default=None, help=say("play_factions"))
    play.add_argument("--adventurous", action="store_true", default=None, help=say("play_adventurous"))
    play.add_argument("--hirelings", metavar="random|NAME,NAME,NAME", default=None, help=say("play_hirelings"))
    play.add_argument("--landmarks", metavar="NAME,NAME", default=None, help=say("play_landmarks"))
    play.add_argument("--landmark-count", type=int, choices=(1, 2), default=None, help=say("play_landmark_count"))
    play.add_argument("--content", metavar="FILE", default=None, help=say("play_content"))
    play.add_argument("--mode", default=None, choices=("standard", "solo", "coop"), help=say("play_mode"))
    play.add_argument("--difficulty", type=int, default=None, metavar="N", help=say("play_difficulty"))
    play.add_argument("--variants", metavar="NAME,NAME", default=None, help=say("play_variants"))
    play.add_argument("--handicap", metavar="FACTION=N", default=None, help=say("play_handicap"))
    play.add_argument("--load", metavar="FILE", default=None, help=say("play_load"))
    play.add_argument("--resume", metavar="FILE|ID", nargs="?", const="", default=None, help=say("play_resume"))
    play.add_argument("--save", metavar="FILE", default=None, help=say("play_save"))
    play.add_argument("--max-turns", type=int, default=0, help=say("play_max_turns"))

    rep = sub.add_parser("replay", help=say("replay"), description=say("replay_description"))
    rep.add_argument("file", help=say("replay_file"))
    rep.add_argument("--lang", choices=i18n.LANGS, default=None, help=say("lang"))
    rep.add_argument("--step", action="store_true", help=say("replay_step"))
    rep.add_argument("--rootlog", action="store_true", help=say("replay_rootlog"))

    rlg = sub.add_parser("rootlog", help=say("rootlog"), description=say("rootlog_description"))
    rlg_sub = rlg.add_subparsers(dest="rootlog_command", required=True, metavar="{check}", title=say("commands"))
    rlc = rlg_sub.add_parser("check", help=say("rootlog_check"), description=say("rootlog_check"))
    rlc.add_argument("file", help=say("rootlog_file"))
    rlc.add_argument("--seed", type=int, default=0, help=say("rootlog_seed"))
    rlc.add_argument("--lang", choices=i18n.LANGS, default=None, help=say("lang"))

    ben = sub.add_parser("bench", help=say("bench"), description=say("bench"))
    ben.add_argument("--game", choices=("root", "ironwood", "great_wall"), default="root", help=say("bench_game"))
    ben.add_argument("--games", type=positive, default=20, help=say("bench_games", n=20))
    ben.add_argument("--seed", type=int, default=1, help=say("bench_seed"))
    ben.add_argument("--max-turns", type=positive, default=500, help=say("bench_max_turns"))
    ben.add_argument("--ismcts", type=int, default=50, metavar="N", help=say("bench_ismcts"))
    ben.add_argument("--side-by-side", metavar="DIR", default=None, help=say("bench_side_by_side"))
    ben.add_argument("--rounds", type=positive, default=7, help=say("bench_rounds"))
    ben.add_argument("--web", action="store_true", help=say("bench_web"))
    ben.add_argument("--web-games", type=positive, default=200, metavar="N", help=say("bench_web_games", n=200))
    ben.add_argument("--seconds", type=float, default=60.0, help=say("bench_seconds"))
    ben.add_argument("--lang", choices=i18n.LANGS, default=None, help=say("bench_lang"))

    srv = sub.add_parser("serve", help=say("serve"), description=say("serve_description"))
    srv.add_argument("--host", default="127.0.0.1", help=say("serve_host"))
    srv.add_argument("--port", type=int, default=8000, help=say("serve_port", n=8000))
    srv.add_argument("--db", default=None, help=say("serve_db"))

    add_lab_parser(sub, say)
    add_soak_parser(sub, say)
    localize(p, lang)
    return p


def _error(exc: PlanszowkiError, lang: str) -> int:
    """The error in one line, in the person's language (an error with no catalog message: its English text)."""
    print(f"planszowki: {i18n.tr('error', lang)}: {exc.text(lang)}", file=sys.stderr)
    return 2


def cmd_play(args: argparse.Namespace, console: Console, lang: str) -> int:
    """``planszowki play``. A loaded or resumed game speaks the language it was played in unless --lang says
    otherwise — and so does every refusal from the moment its save is read (a broken record, a seat the save
    cannot give), not only the game."""
    if args.load is not None and args.resume is not None:
        raise SaveError.told("error_load_and_resume")
    path, doc = None, None
    if args.load is not None or args.resume is not None:
        if args.resume is not None:
            ref = args.resume
            if ref and args.game is None and ref in game_names():
                args.game, ref = ref, ""  # 'play --resume root': the newest unfinished game of root
            path = find_resume(ref, args.game)
        else:
            path = Path(args.load)
        doc = read_save(path)
        if args.lang is None and doc.get("lang") in i18n.LANGS:
            lang = doc["lang"]
    try:
        return _play(args, console, lang, path, doc)
    except PlanszowkiError as exc:
        return _error(exc, lang)  # the language in force, which a resumed game may have changed


def _play(args: argparse.Namespace, console: Console, lang: str, path: Path | None,
          doc: dict[str, Any] | None) -> int:
    from .play import SOLO_BOTS, PlaySession, parse_seats
    from .replay import load_checked

    autosave = None
    if path is not None:
        game, state, record, saved, doc = load_checked(path, doc)
        if path.parent.resolve() == autosave_dir().resolve():
            autosave = path  # an autosaved game goes on in its own file
        if args.game is not None and game.name != args.game:
            raise SaveError.told("error_save_of_another_game", path=str(path), game=game.name, wanted=args.game)
        solo = SOLO_BOTS if game.name == "ironwood" else ()
        controllers = parse_seats(args.seats, solo) if args.seats else (
            saved or parse_seats(GAME_SEATS.get(game.name, DEFAULT_SEATS), solo))
    else:
        if args.game is None:
            raise SaveError.told("error_which_game")
        game = load(args.game)
        solo = SOLO_BOTS if game.name == "ironwood" else ()
        controllers = parse_seats(args.seats or GAME_SEATS.get(game.name, DEFAULT_SEATS), solo)
        seed = args.seed if args.seed is not None else secrets.randbelow(1_000_000)
        record = Record(seed, list(controllers), setup_options(game.name, args, controllers))
        state = record.start(game)
    if autosave is None:  # a new game, or a loaded save: a new autosave file of its own
        try:
            autosave = new_autosave_path(game.name)
        except OSError as exc:
            print(f"planszowki: {i18n.tr('autosave_failed', lang, path=autosave_dir(), error=exc.strerror or exc)}",
                  file=sys.stderr)
    try:
        session = PlaySession(game, state, record, controllers, lang, console, max_turns=args.max_turns,
                              save_path=args.save, autosave_path=autosave)
    except BaseException:
        _drop_empty(autosave)
        raise
    return session.run()


def setup_options(game: str, args: argparse.Namespace, controllers: dict[str, str]) -> dict[str, Any]:
    """The game's setup options from the command line; an option of another game is refused in one line."""
    from .play import SOLO_BOTS

    mine = {"root": ("map", "deck", "setup", "factions", "hirelings", "landmarks", "landmark_count", "adventurous"),
            "ironwood": ("content", "difficulty", "variants", "handicap"),
            "great_wall": ("content", "mode")}
    names = {"root": "Root", "ironwood": "Ironwood", "great_wall": "The Great Wall"}
    for other, opts in mine.items():
        if other == game:
            continue
        for opt in opts:
            if opt not in mine.get(game, ()) and getattr(args, opt, None) is not None:
                raise UnsupportedSetup.told("option_only_game", option=f"--{opt}", game=names[other])
    if game == "root":
        options = {"map": args.map or "autumn", **({"deck": args.deck} if args.deck not in (None, "standard") else {})}
        # Appendix A: the engine refuses these without --setup advanced, naming the rule
        if args.setup is not None:
            options["setup"] = args.setup
        if args.factions is not None:
            options["factions"] = args.factions
        if args.hirelings is not None:
            names = [h.strip() for h in args.hirelings.split(",") if h.strip()]
            options["hirelings"] = True if names == ["random"] else names
        if args.landmarks is not None:
            options["landmarks"] = [n.strip() for n in args.landmarks.split(",") if n.strip()]
        if args.landmark_count is not None:
            options["landmark_count"] = args.landmark_count
        if args.adventurous:
            options["adventurous"] = True
        return options
    options: dict[str, Any] = {}
    if args.content is not None:
        options["content"] = str(Path(args.content).expanduser().resolve())  # a replay from elsewhere finds it
    if game == "great_wall":
        if args.mode not in (None, "standard"):
            options["mode"] = args.mode  # the engine refuses a mode for the wrong player count in one line
        return options
    if game != "ironwood":
        return {}
    solo = [c for c in controllers.values() if c in SOLO_BOTS]
    plays = {"ironbot": "ironclad", "forestbot": "woodwalkers"}  # Tryb solo: whom each solo opponent plays
    for seat, who in controllers.items():
        if who in plays and plays[who] != seat:
            raise UnsupportedSetup.told("error_solo_plays", bot=who, side=plays[who], seat=seat)
    if len(solo) > 1:
        raise UnsupportedSetup.told("error_one_solo_opponent")
    if solo:
        options["opponent"] = solo[0]
        if args.variants is not None:  # the engine checks the names and that a --difficulty given agrees
            options["variants"] = [v.strip() for v in args.variants.split(",") if v.strip()]
        if args.difficulty is not None or args.variants is None:
            options["difficulty"] = args.difficulty if args.difficulty is not None else 0
    elif args.difficulty is not None or args.variants is not None:
        raise UnsupportedSetup.told("error_solo_only_option",
                                    option=f"--{'difficulty' if args.difficulty is not None else 'variants'}")
    if args.handicap is not None:
        faction, _, n = args.handicap.partition("=")
        if not n.strip().isdigit():
            raise UnsupportedSetup.told("error_handicap_format", value=args.handicap)
        options["handicap"] = {faction.strip(): int(n)}
    return options


def _drop_empty(path: Path | None) -> None:
    """Remove an autosave file claimed for a game that never started."""
    if path is not None and path.is_file() and path.stat().st_size == 0:
        path.unlink()


def main(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    args = build_parser(lang_asked(argv)).parse_args(argv)
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
        if args.command == "rootlog":
            from ..games.root.rootlog_check import cli_check

            return cli_check(args.file, args.seed, lang)
        if args.command == "lab":
            from ..lab.cli import main as lab_main

            return lab_main(args, console, lang)
        if args.command == "soak":
            from ..lab.soak import main as soak_main

            return soak_main(args, console, lang)
        if args.command == "serve":
            from ..web.serve import serve

            return serve(args.host, args.port, args.db, console)
        if args.web:
            from ..web.bench import run_web_bench

            return run_web_bench(args.web_games, args.seconds, args.seed, console, lang)
        if args.side_by_side:
            from .bench import side_by_side

            return side_by_side(args.side_by_side, args.games, args.rounds, args.seed, console, lang)
        from .bench import run_bench

        return run_bench(args.games, args.seed, args.max_turns, lang, console, ismcts=args.ismcts, game=args.game)
    except PlanszowkiError as exc:
        return _error(exc, lang)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
