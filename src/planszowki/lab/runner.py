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
     "rounds": 5,                                                      # games with rounds (Ironwood) only
     "duration": 0.051}
    # Ironwood: "scores" and "vp_rounds" are each side's progress (``state.vp``: totems secured, forges on outer
    # mountains, 3 wins); the reason is "totems" or "forges". A seat given as a solo opponent of the game
    # (``ironclad=ironbot``, ``woodwalkers=forestbot``: the game module's ``SOLO``) is played by the engine itself:
    # the run's options carry ``{"opponent": ...}`` and no bot is built for that seat (:func:`solo_options`).
    # plus "error": "ValueError: …" when a game raised (reason "error"), so one engine or bot bug does
    # not lose a long run; the report counts such games apart.
    # plus "stalled": "…why…" when the per-game guard stopped it (reason "stalled"): more than
    # ``max_decisions`` options applied without the turn ending (a loop of options that changes nothing), or
    # more than ``max_seconds`` of wall-clock time (checked every 64 decisions, so inside worker processes too).
    # plus "save": "<results>.failures/seed-N.json" for an error or a stalled game: a save file (the format of
    # ``planszowki play --save``: seed, players, options, moves, controllers) that ``planszowki replay``
    # follows to the failure; for an error raised by the engine while applying an option, that option is the
    # record's last move (replaying it raises the error again) and the saved state is the one before it.
"""

from __future__ import annotations

import json
import math
import os
import re
import time
import traceback
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import bots, i18n
from ..engine import PlanszowkiError, load

#: Turn cap of ``lab run`` unless ``--max-turns`` says otherwise (0: no cap). Random 2-player games last
#: about 45 turns; the cap only stops a pair of bots that never finish.
DEFAULT_MAX_TURNS = 500
#: The guard: options applied within one turn before a game counts as stalled (a real turn takes tens, a few
#: hundred at most), and wall-clock seconds per game (0: no limit; ISMCTS with a large budget may need more).
DEFAULT_MAX_DECISIONS = 20_000
DEFAULT_MAX_SECONDS = 600.0
#: how often (in decisions) the wall clock is read
CLOCK_EVERY = 64
#: why the guard stopped a game, as a line's ``"stalled"`` records it (in English, whatever the language of the
#: command: the results file is for programs too) -> the catalog message a person reads it in (:func:`why_text`)
STALLS = {
    "lab_stalled_decisions": re.compile(r"(?P<n>\d+) decisions in turn (?P<turn_no>\d+) without the turn ending "
                                        r"\(guard: --max-decisions (?P<limit>\d+)\)"),
    "lab_stalled_seconds": re.compile(r"(?P<secs>\d+) s of wall-clock time after (?P<n>\d+) decisions "
                                      r"\(guard: --max-seconds (?P<limit>[^)]+)\)"),
}


class LabError(PlanszowkiError):
    """A lab run or report that cannot go ahead; the message says what to change (``told`` a catalog message, so
    ``planszowki lab … --lang pl`` says it in Polish)."""


class _Differences(LabError):
    """What differs between a results file and the run asked for (an argument of ``error_lab_other_run``), said in the
    language of the message around it: one ``lab_other_run_field`` per field."""

    def __init__(self, fields: list[tuple[str, Any, Any]]) -> None:
        self.fields = fields
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        return ", ".join(i18n.tr("lab_other_run_field", lang, field=k, have=repr(have), want=repr(want))
                         for k, have, want in self.fields)


@dataclass(frozen=True)
class RunConfig:
    """What is the same for every game of a run."""

    game: str
    bots: tuple[tuple[str, str], ...]  # (faction, bot spec), in the order given
    options: tuple[tuple[str, Any], ...] = ()
    max_turns: int = DEFAULT_MAX_TURNS
    # the guard (not part of the header: it changes no finished game's line)
    max_decisions: int = DEFAULT_MAX_DECISIONS  # per turn; 0: no limit
    max_seconds: float = DEFAULT_MAX_SECONDS  # per game; 0: no limit

    @classmethod
    def make(cls, game: str, seats: dict[str, str], options: dict[str, Any] | None = None,
             max_turns: int = DEFAULT_MAX_TURNS, max_decisions: int = DEFAULT_MAX_DECISIONS,
             max_seconds: float = DEFAULT_MAX_SECONDS) -> RunConfig:
        return cls(game, tuple(seats.items()), tuple((options or {}).items()), max_turns, max_decisions,
                   float(max_seconds))

    @property
    def players(self) -> list[str]:
        return [f for f, _ in self.bots]

    def options_dict(self) -> dict[str, Any]:
        return dict(self.options)

    def header(self) -> dict[str, Any]:
        """The fields every line of this run repeats; a resumed run must match them."""
        return {"game": self.game, "bots": dict(self.bots), "options": dict(self.options),
                "max_turns": self.max_turns}


def bot_seed(seed: int, seat: str) -> int:
    """A bot's seed for game ``seed``: the same as ``planszowki play`` gives a bot at the start of a game
    (``cli.play.bot_seed(seed, seat, 0)``)."""
    return zlib.crc32(f"{seed}:{seat}:0".encode())


def solo_opponents(game_name: str) -> dict[str, str]:
    """The game's solo opponents, played by the engine itself: name -> the seat it plays (Ironwood's ``SOLO``:
    ``{"ironbot": "ironclad", "forestbot": "woodwalkers"}``); empty for games without them."""
    import sys

    game = load(game_name)
    solo = getattr(sys.modules[type(game).__module__], "SOLO", {})
    return {name: (v[0] if isinstance(v, tuple | list) else str(v)) for name, v in solo.items()}


def is_solo_seat(game_name: str, seat: str, spec: str) -> bool:
    """Whether ``seat=spec`` names the game's own solo opponent for that seat (not a bot of ``planszowki.bots``)."""
    return solo_opponents(game_name).get(spec) == seat


def solo_options(game_name: str, seats: dict[str, str]) -> dict[str, Any]:
    """The setup options the solo seats of ``seats`` mean: ``{"opponent": "ironbot"}`` for ``ironclad=ironbot``."""
    opponents = [spec for seat, spec in seats.items() if is_solo_seat(game_name, seat, spec)]
    if len(opponents) > 1:
        raise LabError.told("error_lab_one_solo_opponent", bots=", ".join(opponents))
    return {"opponent": opponents[0]} if opponents else {}


def parse_seats(spec: str, factions: Iterable[str] = (), solo: dict[str, str] | None = None) -> dict[str, str]:
    """``"marquise=heuristic,eyrie=ismcts:iterations=200,rollout=random"`` -> faction -> bot spec.

    Bot specs may hold commas of their own (``name:key=value,key=value``): after a spec with parameters,
    a part starts a new seat only when the text before its ``=`` is one of ``factions``. ``solo`` (name -> seat,
    see :func:`solo_opponents`) lists the game's own solo opponents, accepted for their seat only."""
    known = set(factions)
    solo = solo or {}
    out: dict[str, str] = {}
    last: str | None = None
    for part in filter(None, (p.strip() for p in spec.split(","))):
        name, eq, who = part.partition("=")
        name = name.strip()
        starts_seat = bool(eq) and (name in known or last is None or ":" not in out[last])
        if not starts_seat:
            if last is None:
                raise LabError.told("error_lab_seat_malformed", seat=part)
            out[last] += "," + part
            continue
        if name in out:
            raise LabError.told("error_seat_twice", name=name)
        if not who.strip():
            raise LabError.told("error_lab_seat_no_bot", seat=name)
        out[name] = who.strip()
        last = name
    if not out:
        raise LabError.told("error_lab_seats_empty")
    for faction, who in out.items():
        if who in solo:
            if solo[who] != faction:
                raise LabError.told("error_lab_solo_plays", seat=faction, bot=who, side=solo[who])
            continue
        if who == "human":
            raise LabError.told("error_lab_bots_only", seat=faction, bots=", ".join(bots.names()))
        if not bots.is_bot(who):
            raise LabError.told("error_lab_unknown_bot", seat=faction, bot=who, bots=", ".join(bots.names()))
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
        if is_solo_seat(cfg.game, faction, spec):
            if cfg.options_dict().get("opponent") != spec:
                raise LabError.told("error_lab_solo_seat_options", seat=faction, bot=spec)
            continue
        try:
            bots.make(spec, 0)
        except PlanszowkiError as exc:
            raise LabError.told("error_lab_seat", seat=faction, problem=exc) from exc


# -- one game -----------------------------------------------------------------------------------------
def turn_of(st: Any) -> int:
    """How far a game is: Root's and Ironwood's turn number; The Great Wall's year (its turns are Command cards,
    not numbered)."""
    return st.year if getattr(st, "GAME", "") == "great_wall" else st.turn_no


def scores_of(st: Any) -> dict[str, int]:
    """Each seat's score: Root's VP, Ironwood's progress, The Great Wall's Honor (final Honor once scored)."""
    if getattr(st, "GAME", "") == "great_wall":
        return {s: int(st.honor[s]) for s in st.seats}  # the players (not the 2-player game's Reed Clan)
    return {s: int(st.vp[s]) for s in st.seats}


def _vp_rounds(st: Any, turns: int) -> list[list[int]]:
    """VP of each seat (seating order) at the end of every round, from the public log: ``score`` events
    carry the new total, a ``turn_start`` of turn ``k*n + 1`` closes round ``k``. The last entry is the VP
    when the game stopped (a round cut short by the end of the game counts as a round)."""
    if getattr(st, "GAME", "root") == "ironwood":
        return _progress_rounds(st)
    if getattr(st, "GAME", "root") == "great_wall":
        return _honor_rounds(st)
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


def _progress_rounds(st: Any) -> list[list[int]]:
    """Ironwood: each side's progress (``st.vp``: totems secured, outer forges) at the end of every round, from the
    public log (``iw.totem_secured`` and ``iw.forge`` carry the new count, ``iw.round`` opens a round); the last
    entry is the progress when the game stopped."""
    seats = list(st.seats)
    vp = dict.fromkeys(seats, 0)
    rounds: list[list[int]] = []
    started = False
    for e in st.log_chain.events():
        if e.kind == "iw.round":
            if started:
                rounds.append([vp[s] for s in seats])
            started = True
        elif e.kind == "iw.totem_secured" and "woodwalkers" in vp:
            vp["woodwalkers"] = int(e.args.get("n", 0))
        elif e.kind == "iw.forge" and "ironclad" in vp:
            vp["ironclad"] = int(e.args.get("n", 0))
    rounds.append([int(st.vp[s]) for s in seats])
    return rounds


def _honor_rounds(st: Any) -> list[list[int]]:
    """The Great Wall: each clan's Honor at the end of every year, from the public log (``gw.honor`` carries the new
    total, ``gw.year`` opens a year); the last entry is the Honor when the game stopped (after final scoring)."""
    seats = list(st.seats)
    honor = dict.fromkeys(seats, 0)
    rounds: list[list[int]] = []
    started = False
    for e in st.log_chain.events():
        if e.kind == "gw.year":
            if started:
                rounds.append([honor[s] for s in seats])
            started = True
        elif e.kind == "gw.honor" and e.args.get("seat") in honor:
            honor[e.args["seat"]] = int(e.args["total"])
    rounds.append([int(st.honor[s]) for s in seats])
    return rounds


def _checks(game_name: str) -> tuple[Callable[..., None], Callable[..., Any]] | None:
    """(check of a running state, check of a finished one) for games that have invariants (soak)."""
    if game_name == "root":
        from ..games.root import invariants

        return invariants.check_state, invariants.check_finished
    if game_name == "ironwood":
        from . import ironwood_invariants

        return ironwood_invariants.check_state, ironwood_invariants.check_finished
    if game_name == "great_wall":
        from . import great_wall_invariants

        return great_wall_invariants.check_state, great_wall_invariants.check_finished
    return None


def play_game(cfg: RunConfig, seed: int, *, check_every: int = 0) -> dict[str, Any]:
    """Play game ``seed`` of a run to its end (or the turn cap, or the guard) and return its result line.

    ``check_every`` > 0 (``planszowki soak``) checks the game's invariants every that many decisions (the
    copy/JSON round trip every fourth time) and at the end; a broken one ends the game with reason
    ``invariant`` and the message under ``"invariant"``. A failed game (error, stalled, invariant) carries its
    save document under the private key ``"_save"``, which :func:`run` writes to a file and replaces by
    ``"save"``."""
    start = time.perf_counter()
    game = load(cfg.game)
    st = game.new(seed=seed, players=cfg.players, options=dict(cfg.options))
    players = {f: bots.make(spec, bot_seed(seed, f)) for f, spec in cfg.bots if not is_solo_seat(cfg.game, f, spec)}
    # the bots by place in the seating: a seat keeps its place when the game renames it (Root's faction draft, A.8.2)
    by_place = [players.get(s) for s in st.seats]
    cap = cfg.max_turns
    limit = cfg.max_decisions
    deadline = start + cfg.max_seconds if cfg.max_seconds > 0 else math.inf
    checks = _checks(cfg.game) if check_every > 0 else None
    moves: list[str] = []
    failure: dict[str, str] = {}  # reason -> why
    applying: str | None = None  # the option being applied when the engine raised
    turn_no, turn_start = turn_of(st), 0
    try:
        while not st.terminal and not (cap and turn_of(st) > cap):
            n = len(moves)
            if turn_of(st) != turn_no:
                turn_no, turn_start = turn_of(st), n
            elif limit and n - turn_start >= limit:
                failure["stalled"] = (f"{n - turn_start} decisions in turn {turn_no} without the turn ending "
                                      f"(guard: --max-decisions {limit})")
                break
            if n % CLOCK_EVERY == 0 and time.perf_counter() > deadline:
                failure["stalled"] = (f"{time.perf_counter() - start:.0f} s of wall-clock time after {n} decisions "
                                      f"(guard: --max-seconds {cfg.max_seconds:g})")
                break
            if checks and n % check_every == 0:
                why = _check(checks[0], st, round_trip=n % (4 * check_every) == 0, game=game)
                if why:
                    failure["invariant"] = f"after {n} decisions: {why}"
                    break
            d = st.decision
            oid = by_place[st.seats.index(d.player)].choose(st, d.player)
            applying = oid
            st.apply(oid)
            applying = None
            moves.append(oid)
        if checks and not failure:
            why = (_check(checks[1], st) if st.terminal
                   else _check(checks[0], st, round_trip=True, game=game))
            if why:
                failure["invariant"] = f"at the end: {why}"
    except Exception as exc:
        failure["error"] = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    if st.terminal and not failure:
        res = st.result
        winners, reason, turns = list(res["winners"]), str(res["reason"]), int(turn_of(st))
    else:
        winners, reason = [], next(iter(failure), "capped")
        turns = min(int(turn_of(st)), cap) if cap and not failure else int(turn_of(st))
    line: dict[str, Any] = {
        "game": cfg.game, "seed": seed, "seats": list(st.seats), "bots": dict(cfg.bots),
        "options": dict(cfg.options), "max_turns": cap,
        "winners": winners, "scores": scores_of(st), "reason": reason,
        "turns": turns, "decisions": int(st.applied), "vp_rounds": _vp_rounds(st, turns),
    }
    if hasattr(st, "round_no"):
        line["rounds"] = int(st.round_no)
    if failure:
        line[reason] = failure[reason]
        try:
            line["_save"] = failure_save(cfg, seed, moves, applying, reason, failure[reason])
        except Exception as exc:  # the replay itself failed: say so rather than lose the run
            line["save_error"] = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    line["duration"] = round(time.perf_counter() - start, 4)
    return line


def why_text(reason: str, why: str, lang: str) -> str:
    """Why a game did not finish, for a person in ``lang``: the guard's reasons (:data:`STALLS`) in the catalog's
    words; anything else (an exception's text, a broken invariant) as the results file has it."""
    if reason == "stalled" and lang != "en":
        for key, pattern in STALLS.items():
            m = pattern.fullmatch(why)
            if m:
                return i18n.tr(key, lang, **m.groupdict())
    return why


def _check(fn: Callable[..., Any], st: Any, **kw: Any) -> str | None:
    """The message of a broken invariant, or None."""
    try:
        fn(st, **kw)
    except AssertionError as exc:
        return str(exc) or type(exc).__name__
    return None


def failure_save(cfg: RunConfig, seed: int, moves: list[str], applying: str | None, reason: str,
                 why: str) -> dict[str, Any]:
    """A save document (``planszowki play --save`` format) reproducing a failed game: the record of its moves
    (plus the option whose application raised, if the engine raised) and the state before the failure, found
    again by replaying the moves on a fresh game (the failed one may be half-changed). ``"failure"`` says what
    went wrong and which seat's bot was to choose."""
    from ..cli.saves import Record, save_doc

    game = load(cfg.game)
    record = Record(seed, cfg.players, dict(cfg.options), list(moves))
    st = record.start(game)
    for m in moves:
        st.apply(m)
    if applying is not None:
        record.moves.append(applying)
    doc = save_doc(game, st, record, dict(cfg.bots))
    d = st.decision
    doc["failure"] = {"reason": reason, reason: why, "moves": len(moves),
                      "seat": d.player if d is not None else None, "decision": d.kind if d is not None else None,
                      "raised_applying": applying}
    return doc


def write_failure(line: dict[str, Any], folder: str | Path) -> dict[str, Any]:
    """Write a failed game's save into ``folder`` as ``seed-N.json`` (``lab run``: ``<results>.failures/``);
    return the line with ``"save"`` (the file's path) in place of the document, ``duration`` still last."""
    from ..cli.saves import write_save

    doc = line.pop("_save", None)
    if doc is None:
        return line
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"seed-{line['seed']}.json"
    write_save(path, doc)
    duration = line.pop("duration", None)
    line["save"] = str(path)
    if duration is not None:
        line["duration"] = duration
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
        raise LabError.told("error_lab_results_missing", path=str(p))
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
            raise LabError.told("error_lab_not_json_line", path=str(p), line=i) from None
        if not isinstance(doc, dict) or "seed" not in doc or "scores" not in doc:
            raise LabError.told("error_lab_not_result_line", path=str(p), line=i)
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
            diff = _Differences([(k, have[k], want[k]) for k in want if have[k] != want[k]])
            raise LabError.told("error_lab_other_run", path=str(path), diff=diff)
        done.add(int(line["seed"]))
    return done


# -- running ----------------------------------------------------------------------------------------------
@dataclass
class RunSummary:
    requested: int
    skipped: int  # already in the file
    played: int = 0
    errors: int = 0
    stalled: int = 0
    seconds: float = 0.0
    reasons: dict[str, int] = field(default_factory=dict)
    saves: list[str] = field(default_factory=list)  # reproduction files of the errors and stalled games


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
        raise LabError.told("error_lab_ray_missing") from None
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
        raise LabError.told("error_lab_games_at_least_one")
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
                line = write_failure(line, f"{path}.failures")
                f.write(dumps(line) + "\n")
                f.flush()
                summary.played += 1
                summary.reasons[line["reason"]] = summary.reasons.get(line["reason"], 0) + 1
                if line["reason"] == "error":
                    summary.errors += 1
                elif line["reason"] == "stalled":
                    summary.stalled += 1
                if "save" in line:
                    summary.saves.append(line["save"])
                if on_line:
                    on_line(line)
        finally:
            summary.seconds = time.perf_counter() - t0
            close = getattr(lines, "close", None)
            if close:
                close()
    return summary
