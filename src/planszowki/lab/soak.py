"""``planszowki soak``: play bot games over every line-up and map for a while, checking the invariants, and
keep every game that fails as a save file that reproduces it.

Game ``i`` of a soak starting at seed ``S`` is fixed by ``(S, i)`` alone, whatever the worker count:

* its line-up is the ``i``-th (cycling) of every set of 2–6 factions the engine accepts (two Vagabonds included;
  it refuses some, e.g. two Vagabonds alone), its setup the next one for that line-up — a map and a deck (the
  standard deck, 2.1, or the Exiles and Partisans deck, A.2) —, so every line-up meets every map with every
  deck once in ``8 × line-ups`` games;
  for The Great Wall the setups are its modes — the standard game and co-op for 2–4 clans (2 with the Reed Clan),
  the solo mode against Qin Jiushao for one clan —, each line-up taking the modes it plays (:func:`fits`);
* each seat's bot is drawn from ``(S, i)``: ``random`` or ``heuristic``, and in about one game in
  :data:`ISMCTS_EVERY` one seat plays a small-budget ISMCTS (:data:`ISMCTS_SPEC`), so throughput stays high
  and all three kinds meet every faction;
* its seed is ``S + i``; each bot's seed comes from it as in ``lab run`` and ``planszowki play``.

A game runs under the lab's guard (:func:`~planszowki.lab.runner.play_game`: decisions per turn, seconds per
game) with a turn cap (a capped game is no failure) and the game's invariants checked every ``check_every``
decisions and at the end (:mod:`planszowki.games.root.invariants`). An error, a stalled game or a broken
invariant is a failure: its save file goes to ``OUT/failures/seed-N.json`` (``planszowki replay FILE`` follows
it to the failure). Every game's result line is appended to ``OUT/games.jsonl`` (the ``lab run`` format, which
``lab report`` reads). What the command prints is in English or Polish (``--lang``); ``games.jsonl`` and
``summary.json`` are the same in both.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import math
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from .. import i18n
from ..cli.args import positive
from ..engine import PlanszowkiError, load
from .runner import (
    DEFAULT_MAX_DECISIONS,
    LabError,
    RunConfig,
    _ignore_sigint,
    dumps,
    play_game,
    solo_opponents,
    why_text,
    write_failure,
)

#: the bot kinds a soak mixes, with their weights per seat (``random`` and ``heuristic``), and how often a game
#: gets one small-budget ISMCTS seat: ISMCTS games cost about eight times a heuristic one, so seating it in one
#: game in :data:`ISMCTS_EVERY` keeps the soak fast while it still meets every faction on every map
BOT_KINDS = (("random", 1), ("heuristic", 1))
ISMCTS_EVERY = 12
#: a small-budget ISMCTS: the search code runs, the games stay fast
ISMCTS_SPEC = "ismcts:iterations=4,depth=8"
SPECS = {"random": "random", "heuristic": "heuristic", "ismcts": ISMCTS_SPEC}
#: a soak's turn cap: a game that runs past it is 'capped' (not a failure)
DEFAULT_TURNS = 200
#: a soak's wall-clock guard per game: its games take a fraction of a second
DEFAULT_SECONDS = 60.0
#: invariants are checked every this many decisions (and at the end)
DEFAULT_CHECK_EVERY = 50
#: line-up sizes a soak tries (the engine refuses the ones a game does not play: one player is The Great Wall's solo)
SIZES = range(1, 7)
#: reasons that count as failures
FAILURES = ("error", "stalled", "invariant")


def lineups(game_name: str, sizes: range = SIZES) -> list[tuple[str, ...]]:
    """Every set of ``sizes`` factions ``game_name`` accepts, in a fixed order (smallest first)."""
    game = load(game_name)
    factions = tuple(getattr(game, "factions", ()))
    out = []
    for n in sizes:
        for combo in itertools.combinations(factions, n):
            try:
                game.new(seed=0, players=list(combo))
            except PlanszowkiError:
                continue  # e.g. two Vagabonds alone, or the second without the first (9.7)
            out.append(combo)
    if not out:
        raise LabError.told("error_soak_no_lineup", game=game_name, low=sizes.start, high=sizes.stop - 1)
    return out


def bot_mix(seed: int, i: int, seats: tuple[str, ...]) -> dict[str, str]:
    """Each seat's bot spec for game ``i`` of a soak starting at ``seed``: random or heuristic, and in about one
    game in :data:`ISMCTS_EVERY` one seat (drawn) plays a small-budget ISMCTS."""
    rnd = random.Random(f"soak:{seed}:{i}")
    kinds = [k for k, _ in BOT_KINDS]
    weights = [w for _, w in BOT_KINDS]
    mix = {f: SPECS[rnd.choices(kinds, weights)[0]] for f in seats}
    if rnd.randrange(ISMCTS_EVERY) == 0:
        mix[rnd.choice(seats)] = ISMCTS_SPEC
    return mix


@dataclass(frozen=True)
class SoakConfig:
    """What is the same for every game of a soak."""

    game: str = "root"
    seed: int = 1
    max_turns: int = DEFAULT_TURNS
    max_decisions: int = DEFAULT_MAX_DECISIONS
    max_seconds: float = DEFAULT_SECONDS
    check_every: int = DEFAULT_CHECK_EVERY


#: the solo opponents' difficulty levels a soak plays (Ironwood: 0-15)
SOLO_DIFFICULTIES = (0, 5, 10, 15)


def setups(game_name: str) -> list[dict[str, Any]]:
    """Every setup a soak plays: each map with each deck (the maps first, so consecutive setups change map); for a
    game without maps with solo opponents (Ironwood), the two-player game and each solo opponent at a few
    difficulties (:data:`SOLO_DIFFICULTIES`)."""
    import sys

    game = load(game_name)
    module = sys.modules[type(game).__module__]
    if not hasattr(game, "maps") and hasattr(module, "SOLO"):
        return [{}] + [{"opponent": o, "difficulty": d} for o in module.SOLO for d in SOLO_DIFFICULTIES]
    if not hasattr(game, "maps"):  # The Great Wall: the standard game and co-op (2-4 clans), solo (1 clan)
        return [{}, {"mode": "coop"}, {"mode": "solo"}]
    maps = tuple(getattr(game, "maps", ("autumn",)))
    decks = tuple(getattr(sys.modules[type(game).__module__], "DECKS", ("standard",)))
    out = [{"map": m, **({"deck": d} if d != "standard" else {})} for d in decks for m in maps]
    if game_name == "root":  # Appendix A: the Advanced Setup with three random hirelings and every playable landmark
        from ..games.root.landmarks import PLAYABLE

        out += [{"map": m, "setup": "advanced", "hirelings": True, "landmarks": list(PLAYABLE),
                 **({"deck": decks[-1]} if k % 2 else {})} for k, m in enumerate(maps)]
    return out


def fits(game_name: str, seats: tuple[str, ...], options: dict[str, Any]) -> bool:
    """Whether a line-up plays a setup: the engine accepts it, and a setup without a ``mode`` (the standard game) is
    not played by one seat where another setup names the mode (The Great Wall: one clan is its solo mode)."""
    key = tuple(sorted((k, tuple(v) if isinstance(v, list) else v) for k, v in options.items()))
    return _fits(game_name, len(seats), tuple(seats), key)


@functools.lru_cache(maxsize=4096)
def _fits(game_name: str, n: int, seats: tuple[str, ...], options: tuple[tuple[str, Any], ...]) -> bool:
    opts = {k: list(v) if isinstance(v, tuple) else v for k, v in options}
    if n == 1 and "mode" not in opts:
        return False
    try:
        load(game_name).new(seed=0, players=list(seats), options=opts)
    except PlanszowkiError:
        return False
    return True


def game_config(soak: SoakConfig, i: int, plan: list[tuple[str, ...]], setups: list[dict[str, Any]]) -> RunConfig:
    """The run settings of game ``i``: its line-up, setup and bots (see the module's docstring). A line-up takes the
    setups it plays (:func:`fits`; The Great Wall: 2-4 clans the standard game and co-op, 1 clan solo)."""
    seats = plan[i % len(plan)]
    if any("mode" in o for o in setups):
        setups = [o for o in setups if fits(soak.game, seats, o)] or setups
    options = setups[(i // len(plan) + i % len(plan)) % len(setups)]  # each line-up: the next setup each round
    return RunConfig.make(soak.game, with_opponent(soak.game, bot_mix(soak.seed, i, seats), options), dict(options),
                          soak.max_turns, soak.max_decisions, soak.max_seconds)


def with_opponent(game_name: str, mix: dict[str, str], options: dict[str, Any]) -> dict[str, str]:
    """``mix`` with the seat of the setup's solo opponent (``options["opponent"]``) played by that opponent."""
    opp = options.get("opponent")
    if opp is None:
        return mix
    seat = solo_opponents(game_name)[opp]
    return {f: (opp if f == seat else spec) for f, spec in mix.items()}


def smoke_configs(game_name: str = "root", max_turns: int = 12, groups: int = 3,
                  max_seconds: float = DEFAULT_SECONDS) -> list[RunConfig]:
    """The fast smoke (CI, ``soak --smoke``): every faction with every bot kind on every map. The factions are
    split into ``groups`` line-ups the engine accepts (the two Vagabonds together, with a third faction) and
    each line-up plays once per (bot kind, map), every seat with that kind; the decks take turns."""
    game = load(game_name)
    factions = list(getattr(game, "factions", ()))
    every = setups(game_name)
    if not hasattr(game, "maps") and not any(o.get("opponent") for o in every) and len(factions) > 2:
        # The Great Wall: every mode and player count with every bot kind (2-4 clans the standard game and co-op,
        # one clan solo)
        return [RunConfig.make(game_name, dict.fromkeys(factions[:n], SPECS[kind]), dict(o), max_turns,
                               DEFAULT_MAX_DECISIONS, max_seconds)
                for o in every for n in range(1, len(factions) + 1) if fits(game_name, tuple(factions[:n]), o)
                for kind in SPECS]
    if not hasattr(game, "maps"):  # Ironwood: both factions with every bot kind, then against each solo opponent
        solo = [o for o in every if o.get("opponent")]
        plain = [RunConfig.make(game_name, dict.fromkeys(factions, SPECS[kind]), {}, max_turns, DEFAULT_MAX_DECISIONS,
                                max_seconds) for kind in SPECS]
        return plain + [RunConfig.make(game_name, with_opponent(game_name, dict.fromkeys(factions, SPECS[kind]), o),
                                       dict(o), max_turns, DEFAULT_MAX_DECISIONS, max_seconds)
                        for kind in SPECS for o in solo if o["difficulty"] in (0, SOLO_DIFFICULTIES[-1])]
    maps = tuple(dict.fromkeys(o["map"] for o in every))
    decks = [{k: v for k, v in o.items() if k != "map"} for o in every if o["map"] == maps[0]]
    size = math.ceil(len(factions) / groups)
    chunks = [list(factions[k:k + size]) for k in range(0, len(factions), size)]
    if "vagabond2" in factions:  # 9.7: the second Vagabond plays together with the first
        for chunk in chunks:
            if "vagabond2" in chunk and "vagabond" not in chunk:
                chunk.remove("vagabond2")
                next(c for c in chunks if "vagabond" in c).append("vagabond2")
    parts = [tuple(c) for c in chunks if c]
    for part in parts:
        try:
            game.new(seed=0, players=list(part))
        except PlanszowkiError as exc:
            raise LabError.told("error_soak_smoke_refused", lineup=str(part), problem=exc) from exc
    combos = itertools.product(maps, SPECS, parts)
    return [RunConfig.make(game_name, dict.fromkeys(part, SPECS[kind]), {"map": board, **decks[k % len(decks)]},
                           max_turns, DEFAULT_MAX_DECISIONS, max_seconds)
            for k, (board, kind, part) in enumerate(combos)]


def play_one(args: tuple[RunConfig, int, int]) -> dict[str, Any]:
    cfg, seed, check_every = args
    return play_game(cfg, seed, check_every=check_every)


@dataclass
class SoakSummary:
    games: int = 0
    seconds: float = 0.0
    lineups: set = field(default_factory=set)
    maps: set = field(default_factory=set)
    decks: set = field(default_factory=set)
    kinds: set = field(default_factory=set)
    setups: Counter = field(default_factory=Counter)  # games per setup (options other than map and deck)
    players: Counter = field(default_factory=Counter)  # games per setup and number of players ("mode=coop 3")
    pairs: set = field(default_factory=set)  # (faction, bot kind, map) met
    reasons: Counter = field(default_factory=Counter)
    failures: list[dict[str, Any]] = field(default_factory=list)  # the failed lines (with "save")
    planned_lineups: int = 0

    @property
    def failed(self) -> int:
        return len(self.failures)

    def add(self, line: dict[str, Any]) -> None:
        self.games += 1
        self.lineups.add(tuple(sorted(line["bots"])))
        self.maps.add(line["options"].get("map"))
        self.decks.add(line["options"].get("deck", "standard"))
        rest = {k: v for k, v in line["options"].items() if k not in ("map", "deck")}
        setup = " ".join(f"{k}={v}" for k, v in sorted(rest.items())) or "default"
        self.setups[setup] += 1
        self.players[f"{setup} {len(line['bots'])}"] += 1
        for f, spec in line["bots"].items():
            kind = spec.partition(":")[0]
            self.kinds.add(kind)
            self.pairs.add((f, kind, line["options"].get("map")))
        self.reasons[line["reason"]] += 1
        if line["reason"] in FAILURES:
            self.failures.append(line)


def _tasks(soak: SoakConfig, plan: list[tuple[str, ...]], every: list[dict[str, Any]], games: int | None,
           deadline: float, configs: list[RunConfig] | None) -> Iterator[tuple[RunConfig, int, int]]:
    for i in itertools.count():
        if (games is not None and i >= games) or time.monotonic() >= deadline:
            return
        cfg = configs[i % len(configs)] if configs else game_config(soak, i, plan, every)
        yield cfg, soak.seed + i, soak.check_every


def _lines(tasks: Iterator[tuple[RunConfig, int, int]], workers: int) -> Iterator[dict[str, Any]]:
    """Result lines as games finish; with several workers, at most two games per worker are queued, so the
    deadline is read when a game is started, not when the whole plan was handed out."""
    if workers <= 1:
        for t in tasks:
            yield play_one(t)
        return
    import multiprocessing as mp
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    ctx = mp.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=ctx, initializer=_ignore_sigint) as pool:
        pending = set()
        try:
            for t in itertools.islice(tasks, 2 * workers):
                pending.add(pool.submit(play_one, t))
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in done:
                    for t in itertools.islice(tasks, 1):
                        pending.add(pool.submit(play_one, t))
                    yield fut.result()
        finally:
            for fut in pending:
                fut.cancel()


def soak(out: str | Path, *, minutes: float = 30.0, games: int | None = None, workers: int = 1,
         config: SoakConfig | None = None, on_line: Callable[[dict[str, Any], SoakSummary], None] | None = None,
         plan: list[tuple[str, ...]] | None = None, options: list[dict[str, Any]] | None = None,
         configs: list[RunConfig] | None = None) -> SoakSummary:
    """Play soak games for ``minutes`` (and at most ``games``); write ``OUT/games.jsonl`` and a save file per
    failure into ``OUT/failures/``. ``plan`` and ``options`` replace every accepted line-up and every setup;
    ``configs`` replaces the whole plan (game ``i`` plays ``configs[i % len(configs)]``: the smoke)."""
    soak_cfg = config or SoakConfig()
    if minutes <= 0 and games is None:
        raise LabError.told("error_soak_minutes_or_games")
    plan = plan or ([tuple(c.players) for c in configs] if configs else lineups(soak_cfg.game))
    every = options or setups(soak_cfg.game)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    summary = SoakSummary(planned_lineups=len(set(plan)))
    t0 = time.monotonic()
    deadline = t0 + minutes * 60 if minutes > 0 else math.inf
    lines = _lines(_tasks(soak_cfg, plan, every, games, deadline, configs), workers)
    with (folder / "games.jsonl").open("a", encoding="utf-8") as f:
        try:
            for line in lines:
                line = write_failure(line, folder / "failures")
                f.write(dumps(line) + "\n")
                f.flush()
                summary.add(line)
                summary.seconds = time.monotonic() - t0
                if on_line:
                    on_line(line, summary)
        finally:
            summary.seconds = time.monotonic() - t0
            close = getattr(lines, "close", None)
            if close:
                close()
    return summary


# -- the command -----------------------------------------------------------------------------------------

def add_parser(sub: argparse._SubParsersAction, say: Callable[..., str]) -> None:
    """``planszowki soak``; ``say`` gives its help texts (``cli.args.texts``: the person's language)."""
    p = sub.add_parser("soak", help=say("soak"), description=say("soak_description"))
    p.add_argument("game", help=say("soak_game"))
    p.add_argument("--minutes", type=float, default=30.0, help=say("soak_minutes"))
    p.add_argument("--games", type=positive, default=None, help=say("soak_games"))
    p.add_argument("--workers", type=positive, default=1, help=say("soak_workers"))
    p.add_argument("--seed", type=int, default=1, help=say("first_seed", n=1))
    p.add_argument("--out", default="soak", help=say("soak_out"))
    p.add_argument("--max-turns", type=int, default=None, help=say("soak_max_turns", n=DEFAULT_TURNS))
    p.add_argument("--max-decisions", type=int, default=DEFAULT_MAX_DECISIONS,
                   help=say("soak_max_decisions", n=DEFAULT_MAX_DECISIONS))
    p.add_argument("--max-seconds", type=float, default=DEFAULT_SECONDS,
                   help=say("soak_max_seconds", n=f"{DEFAULT_SECONDS:g}"))
    p.add_argument("--smoke", action="store_true", help=say("soak_smoke"))
    p.add_argument("--check-every", type=positive, default=DEFAULT_CHECK_EVERY,
                   help=say("soak_check_every", n=DEFAULT_CHECK_EVERY))
    p.add_argument("--lang", choices=i18n.LANGS, default=None, help=say("soak_lang"))


def main(args: argparse.Namespace, console: Console, lang: str = i18n.DEFAULT_LANG) -> int:
    """``planszowki soak``, speaking ``lang`` (the files it writes do not change with it)."""
    err = Console(file=sys.stderr, highlight=False)
    tr = i18n.tr
    turns = args.max_turns if args.max_turns is not None else (12 if args.smoke else DEFAULT_TURNS)
    cfg = SoakConfig(args.game, args.seed, turns, args.max_decisions, args.max_seconds, args.check_every)
    configs = smoke_configs(args.game, turns, max_seconds=args.max_seconds) if args.smoke else None
    games = args.games if args.games is not None or not configs else len(configs)
    last = [time.monotonic()]

    def progress(line: dict[str, Any], s: SoakSummary) -> None:
        if line["reason"] in FAILURES:
            where = line["options"].get("map") or ", ".join(f"{k}={v}" for k, v in line["options"].items()) or "-"
            said = tr("soak_failure", lang, seed=line["seed"], bots=str(dict(line["bots"])), where=where,
                      detail=why_text(line["reason"], str(line.get(line["reason"])), lang),
                      save=str(line.get("save")))
            err.print(f"[bold red]{escape(line['reason'])}[/] {escape(said)}", soft_wrap=True)
        now = time.monotonic()
        if now - last[0] >= 10:
            last[0] = now
            rate = 60 * s.games / s.seconds if s.seconds else 0.0
            spread = (tr("soak_maps", lang, n=len([m for m in s.maps if m])) if any(s.maps)
                      else tr("soak_setups", lang, n=len(s.setups)))
            err.print(escape(tr("soak_progress", lang, games=s.games, rate=f"{rate:.0f}", lineups=len(s.lineups),
                                planned=s.planned_lineups, spread=spread, failed=s.failed,
                                minutes=f"{s.seconds / 60:.1f}")), soft_wrap=True)

    try:
        s = soak(args.out, minutes=0 if args.smoke else args.minutes, games=games, workers=args.workers,
                 config=cfg, on_line=progress, configs=configs)
    except KeyboardInterrupt:
        err.print(escape(tr("soak_interrupted", lang, path=args.out)))
        return 130
    rate = 60 * s.games / s.seconds if s.seconds else 0.0
    reasons = ", ".join(f"{k} {n}" for k, n in sorted(s.reasons.items())) or "-"
    maps = sorted(m for m in s.maps if m)  # games without maps (Ironwood) have none
    default = tr("soak_default_setup", lang)  # summary.json keeps the key "default"
    where = (tr("soak_where_maps", lang, n=len(maps), names=", ".join(maps), decks=", ".join(sorted(s.decks)))
             if maps else tr("soak_where_setups", lang, setups=", ".join(
                 f"{default if k == 'default' else k} ({n})" for k, n in sorted(s.setups.items()))))
    console.print(escape(tr("soak_summary", lang, game=args.game, games=s.games, minutes=f"{s.seconds / 60:.1f}",
                            rate=f"{rate:.0f}", workers=args.workers, lineups=len(s.lineups),
                            planned=s.planned_lineups, where=where, kinds=", ".join(sorted(s.kinds)),
                            reasons=reasons, failed=s.failed)), soft_wrap=True)
    summary = {"game": args.game, "games": s.games, "minutes": round(s.seconds / 60, 2), "workers": args.workers,
               "lineups": len(s.lineups), "planned_lineups": s.planned_lineups, "maps": maps,
               "decks": sorted(s.decks), "setups": dict(s.setups), "players": dict(sorted(s.players.items())),
               "bot_kinds": sorted(s.kinds),
               "reasons": dict(s.reasons), "failures": s.failed}
    (Path(args.out) / "summary.json").write_text(json.dumps(summary, indent=1) + "\n", encoding="utf-8")
    if s.failures:
        err.print(f"[bold red]{escape(tr('soak_failing_head', lang, n=s.failed))}[/], "
                  f"{escape(tr('soak_failing_tail', lang))}")
        for line in s.failures:
            err.print(escape(f"  {line['reason']}: {line.get('save', line.get('save_error'))}"), soft_wrap=True)
        return 1
    return 0


__all__ = ["SoakConfig", "SoakSummary", "add_parser", "bot_mix", "fits", "game_config", "lineups", "main", "setups",
           "smoke_configs", "soak"]
