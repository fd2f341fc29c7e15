"""Playing many bot games: one game per seed, in worker processes or on Ray, one JSON line per game.

A run is fixed by a :class:`RunConfig` (game, faction -> bot spec, setup options, turn cap) and a range of
seeds. Game ``i`` of a run starting at seed ``S`` uses seed ``S + i``; each bot's own seed is derived from
the game seed and its seat exactly as ``planszowki play`` does it, so a lab game can be watched again with
``planszowki play root --seats <same seats> --seed <seed> --max-turns <cap>``.

Every line is a pure function of (config, seed): the same seed gives the same line whatever the backend
(processes, Ray) or the worker count, except ``duration`` (wall-clock seconds). Lines are written in the
order games finish, which does depend on scheduling; readers never rely on that order.

A line (keys in this order)::

    {"game": "root", "seed": 7, "seats": ["eyrie", "marquise"],        # seating order, first player first
     "bots": {"marquise": "random", "eyrie": "random"},               # as given in --seats
     "options": {"map": "autumn"}, "max_turns": 500,
     "winners": ["eyrie"], "scores": {"eyrie": 31, "marquise": 23},
     "reason": "vp",                                                   # vp | dominance | capped | error | …
     "turns": 39, "decisions": 412,                                    # turns played, options applied
     "vp_rounds": [[0, 1], [2, 3], …],                                 # VP per seat (``seats`` order) at the
                                                                       # end of each round; the last entry is
                                                                       # the VP when the game stopped
     "duration": 0.051}
    # plus "error": "ValueError: …" when a game raised (reason "error"), so one engine or bot bug does
    # not lose a long run; the report counts such games apart.
"""

from __future__ import annotations

import json
import math
import os
import time
import traceback
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import bots
from ..engine import PlanszowkiError, load

#: Turn cap of ``lab run`` unless ``--max-turns`` says otherwise (0: no cap). Random 2-player games last
#: about 45 turns; the cap only stops a pair of bots that never finish.
DEFAULT_MAX_TURNS = 500


class LabError(PlanszowkiError):
    """A lab run or report that cannot go ahead; the message says what to change."""


@dataclass(frozen=True)
class RunConfig:
    """What is the same for every game of a run."""

    game: str
    bots: tuple[tuple[str, str], ...]  # (faction, bot spec), in the order given
    options: tuple[tuple[str, Any], ...] = ()
    max_turns: int = DEFAULT_MAX_TURNS

    @classmethod
    def make(cls, game: str, seats: dict[str, str], options: dict[str, Any] | None = None,
             max_turns: int = DEFAULT_MAX_TURNS) -> RunConfig:
        return cls(game, tuple(seats.items()), tuple((options or {}).items()), max_turns)

    @property
    def players(self) -> list[str]:
        return [f for f, _ in self.bots]

    def header(self) -> dict[str, Any]:
        """The fields every line of this run repeats; a resumed run must match them."""
        return {"game": self.game, "bots": dict(self.bots), "options": dict(self.options),
                "max_turns": self.max_turns}


def bot_seed(seed: int, seat: str) -> int:
    """A bot's seed for game ``seed``: the same as ``planszowki play`` gives a bot at the start of a game
    (``cli.play.bot_seed(seed, seat, 0)``)."""
    return zlib.crc32(f"{seed}:{seat}:0".encode())


def parse_seats(spec: str, factions: Iterable[str] = ()) -> dict[str, str]:
    """``"marquise=heuristic,eyrie=ismcts:iterations=200,rollout=random"`` -> faction -> bot spec.

    Bot specs may hold commas of their own (``name:key=value,key=value``): after a spec with parameters,
    a part starts a new seat only when the text before its ``=`` is one of ``factions``."""
    known = set(factions)
    out: dict[str, str] = {}
    last: str | None = None
    for part in filter(None, (p.strip() for p in spec.split(","))):
        name, eq, who = part.partition("=")
        name = name.strip()
        starts_seat = bool(eq) and (name in known or last is None or ":" not in out[last])
        if not starts_seat:
            if last is None:
                raise LabError(f"bad seat {part!r} in --seats; write faction=bot, e.g. marquise=random")
            out[last] += "," + part
            continue
        if name in out:
            raise LabError(f"faction {name!r} appears twice in --seats (5.1.1: one seat each)")
        if not who.strip():
            raise LabError(f"seat {name}: no bot given; write {name}=random (or another bot)")
        out[name] = who.strip()
        last = name
    if not out:
        raise LabError("--seats is empty; e.g. --seats marquise=random,eyrie=random")
    for faction, who in out.items():
        if who == "human":
            raise LabError(f"seat {faction}: the lab plays bots only; choose a bot: {', '.join(bots.names())}")
        if not bots.is_bot(who):
            raise LabError(f"seat {faction}: unknown bot {who!r}; known bots: {', '.join(bots.names())}")
    return out


def known_factions(game_name: str) -> set[str]:
    """Every faction name a game knows, playable or planned (to tell seats from bot parameters)."""
    import sys

    game = load(game_name)
    mod = sys.modules[type(game).__module__]
    return set(getattr(game, "factions", ())) | set(getattr(mod, "SETUP_ORDER", ())) | set(getattr(mod, "PLANNED", ()))


def check_config(cfg: RunConfig) -> None:
    """Fail fast, before any worker starts: unknown game, unplayable factions or options, unknown bots."""
    game = load(cfg.game)
    game.new(seed=0, players=cfg.players, options=dict(cfg.options))
    for faction, spec in cfg.bots:
        try:
            bots.make(spec, 0)
        except PlanszowkiError as exc:
            raise LabError(f"seat {faction}: {exc}") from exc


# -- one game -----------------------------------------------------------------------------------------
def _vp_rounds(st: Any, turns: int) -> list[list[int]]:
    """VP of each seat (seating order) at the end of every round, from the public log: ``score`` events
    carry the new total, a ``turn_start`` of turn ``k*n + 1`` closes round ``k``. The last entry is the VP
    when the game stopped (a round cut short by the end of the game counts as a round)."""
    seats = list(st.seats)
    n = len(seats)
    vp = dict.fromkeys(seats, 0)
    rounds: list[list[int]] = []
    for e in st.log_chain.events():
        if e.kind == "score" and e.args.get("faction") in vp:
            vp[e.args["faction"]] = int(e.args["total"])
        elif e.kind == "turn_start":
            t = int(e.args.get("turn", 0))
            if t > 1 and (t - 1) % n == 0 and (t - 1) // n == len(rounds) + 1:
                rounds.append([vp[s] for s in seats])
    if turns > n * len(rounds):
        rounds.append([int(st.vp[s]) for s in seats])
    return rounds


def play_game(cfg: RunConfig, seed: int) -> dict[str, Any]:
    """Play game ``seed`` of a run to its end (or the turn cap) and return its result line."""
    start = time.perf_counter()
    game = load(cfg.game)
    st = game.new(seed=seed, players=cfg.players, options=dict(cfg.options))
    players = {f: bots.make(spec, bot_seed(seed, f)) for f, spec in cfg.bots}
    cap = cfg.max_turns
    error = None
    try:
        while not st.terminal and not (cap and st.turn_no > cap):
            d = st.decision
            st.apply(players[d.player].choose(st, d.player))
    except Exception as exc:
        error = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    if st.terminal:
        res = st.result
        winners, reason, turns = list(res["winners"]), str(res["reason"]), int(st.turn_no)
    else:
        winners, reason = [], "error" if error else "capped"
        turns = min(int(st.turn_no), cap) if cap and not error else int(st.turn_no)
    line: dict[str, Any] = {
        "game": cfg.game, "seed": seed, "seats": list(st.seats), "bots": dict(cfg.bots),
        "options": dict(cfg.options), "max_turns": cap,
        "winners": winners, "scores": {s: int(st.vp[s]) for s in st.seats}, "reason": reason,
        "turns": turns, "decisions": int(st.applied), "vp_rounds": _vp_rounds(st, turns),
    }
    if error:
        line["error"] = error
    line["duration"] = round(time.perf_counter() - start, 4)
    return line


def play_batch(cfg: RunConfig, seeds: list[int]) -> list[dict[str, Any]]:
    """Several games in one task (the unit of work sent to a Ray worker)."""
    return [play_game(cfg, s) for s in seeds]


def _play_one(args: tuple[RunConfig, int]) -> dict[str, Any]:
    return play_game(*args)


def _ignore_sigint() -> None:
    """Workers leave Ctrl-C to the parent, which stops them (no traceback from every worker)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


# -- results files --------------------------------------------------------------------------------------
def dumps(line: dict[str, Any]) -> str:
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"))


def read_results(path: str | Path) -> list[dict[str, Any]]:
    """Every complete line of a results file (a last line cut short by an interrupted run is skipped)."""
    p = Path(path)
    if not p.exists():
        raise LabError(f"results file {p} does not exist")
    out = []
    text = p.read_text("utf-8")
    lines = text.split("\n")
    for i, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            doc = json.loads(raw)
        except json.JSONDecodeError:
            if i == len(lines):  # the partial last line of an interrupted run
                continue
            raise LabError(f"{p}:{i}: not a JSON line; is this a `planszowki lab run` results file?") from None
        if not isinstance(doc, dict) or "seed" not in doc or "scores" not in doc:
            raise LabError(f"{p}:{i}: not a lab result line (no seed/scores)")
        out.append(doc)
    return out


def _prepare_out(path: Path, cfg: RunConfig) -> set[int]:
    """Seeds already in ``path`` (to skip). Drops a trailing partial line; refuses a file of another run."""
    if not path.exists() or path.stat().st_size == 0:
        return set()
    data = path.read_bytes()
    if not data.endswith(b"\n"):  # interrupted in the middle of a line: cut it off
        cut = data.rfind(b"\n") + 1
        with path.open("r+b") as f:
            f.truncate(cut)
    done: set[int] = set()
    want = cfg.header()
    for line in read_results(path):
        have = {k: line.get(k) for k in want}
        if have != want:
            diff = ", ".join(f"{k}: file has {have[k]!r}, this run {want[k]!r}" for k in want if have[k] != want[k])
            raise LabError(f"{path} holds games of another run ({diff}); choose another --out to start a new run")
        done.add(int(line["seed"]))
    return done


# -- running ----------------------------------------------------------------------------------------------
@dataclass
class RunSummary:
    requested: int
    skipped: int  # already in the file
    played: int = 0
    errors: int = 0
    seconds: float = 0.0
    reasons: dict[str, int] = field(default_factory=dict)


def _batches(seeds: list[int], size: int) -> list[list[int]]:
    return [seeds[i:i + size] for i in range(0, len(seeds), size)]


def _iter_processes(cfg: RunConfig, seeds: list[int], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1 or len(seeds) <= 1:
        for s in seeds:
            yield play_game(cfg, s)
        return
    import multiprocessing as mp

    # spawn: workers start clean (no copy of the parent's threads, e.g. the progress bar's refresher)
    ctx = mp.get_context("spawn")
    pool = ctx.Pool(processes=min(workers, len(seeds)), initializer=_ignore_sigint)
    try:
        yield from pool.imap_unordered(_play_one, [(cfg, s) for s in seeds], chunksize=1)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _iter_ray(cfg: RunConfig, seeds: list[int], workers: int, address: str | None,
              batch: int | None) -> Iterator[dict[str, Any]]:
    try:
        import ray
    except ImportError:
        raise LabError("--ray needs Ray, which is an optional extra: pip install 'planszowki[ray]'") from None
    started = False
    if not ray.is_initialized():
        kw: dict[str, Any] = {"include_dashboard": False, "logging_level": "warning"}
        if address:
            ray.init(address=address, **kw)
        else:  # a fresh local Ray on this machine, whatever RAY_ADDRESS says
            ray.init(address="local", num_cpus=workers, **kw)
        started = True
    try:
        cpus = int(ray.cluster_resources().get("CPU", workers)) or 1
        size = batch or max(1, min(50, math.ceil(len(seeds) / (4 * cpus))))
        task = ray.remote(play_batch)
        pending = [task.remote(cfg, b) for b in _batches(seeds, size)]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                yield from ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def run(cfg: RunConfig, seed: int, games: int, out: str | Path, *, workers: int | None = None,
        ray_address: str | None = None, use_ray: bool = False, batch: int | None = None,
        on_start: Callable[[int, int], None] | None = None,
        on_line: Callable[[dict[str, Any]], None] | None = None) -> RunSummary:
    """Play seeds ``seed .. seed+games-1`` that are not yet in ``out`` and append their lines to it.

    ``on_start(total, already_done)`` is called once before the first game, ``on_line(line)`` after each
    line is written (progress bars)."""
    if games < 1:
        raise LabError("--games must be at least 1")
    workers = workers or os.cpu_count() or 1
    check_config(cfg)
    path = Path(out)
    if path.parent and not path.parent.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
    done = _prepare_out(path, cfg)
    seeds = [s for s in range(seed, seed + games) if s not in done]
    summary = RunSummary(requested=games, skipped=games - len(seeds))
    if on_start:
        on_start(games, summary.skipped)
    if not seeds:
        return summary
    t0 = time.perf_counter()
    lines = _iter_ray(cfg, seeds, workers, ray_address, batch) if use_ray else _iter_processes(cfg, seeds, workers)
    with path.open("a", encoding="utf-8") as f:
        try:
            for line in lines:
                f.write(dumps(line) + "\n")
                f.flush()
                summary.played += 1
                summary.reasons[line["reason"]] = summary.reasons.get(line["reason"], 0) + 1
                if line["reason"] == "error":
                    summary.errors += 1
                if on_line:
                    on_line(line)
        finally:
            summary.seconds = time.perf_counter() - t0
            close = getattr(lines, "close", None)
            if close:
                close()
    return summary
