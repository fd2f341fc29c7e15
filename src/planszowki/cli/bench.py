"""``planszowki bench``: how fast the engine plays (DESIGN.md, Performance). Never used by timed tests.

Root (``--game root``, the default): random Marquise-vs-Eyrie games, then random four-player games (Marquise, Eyrie,
Alliance, Vagabond); Ironwood (``--game ironwood``): random Woodwalkers-vs-Ironclad games on the demonstration
content; The Great Wall (``--game great_wall``): random 3- and 4-clan games on the demonstration content (its "turns"
are years). Each from a fixed seed set, to its end or a turn cap. Reported: games
and applied options per second (bot choices included, measurements excluded), mean ``state.copy()`` time
and mean JSON round trip (``to_json`` + dumps + loads + ``from_json``), both sampled during play.
Then ISMCTS iterations per second (``--ismcts N`` iterations at each of a few fixed mid-game decisions,
random and heuristic rollouts to the default depth, and random rollouts to the end of the game; ``--ismcts 0``
skips it), and Root's JSON round trip after 600 applied options.

``--side-by-side DIR`` instead plays random four-player base games here and on the peer engine checked out in
``DIR`` (davpat108/ROOT_boardgame_self-play, :mod:`.bench_peer`), interleaved round by round with the same Python,
and reports the medians (docs/performance.md).
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from .. import i18n
from ..bots.ismcts import ISMCTSBot
from ..bots.random import RandomBot
from ..engine import load
from ..engine.native import native_modules
from ..lab.runner import turn_of

#: Sample copy and JSON timings every this many applied options.
SAMPLE_EVERY = 50
COPY_REPEAT = 20
#: the four factions of the base game, the line-up researchers compare engines with
BASE_FOUR = ("marquise", "eyrie", "alliance", "vagabond")


@dataclass
class BenchResult:
    games: int = 0
    natural: int = 0
    capped: int = 0
    turns: list[int] = field(default_factory=list)
    options: int = 0
    play_seconds: float = 0.0
    copy_ns: list[float] = field(default_factory=list)
    json_ns: list[float] = field(default_factory=list)
    wins: dict[str, int] = field(default_factory=dict)


def bench(games: int, seed: int, max_turns: int, players: tuple[str, ...] = ("marquise", "eyrie"),
          game_name: str = "root", sample: bool = True, clock: Callable[[], float] = time.perf_counter) -> BenchResult:
    """Play the games; ``sample``: measure copies and JSON round trips along the way (not counted as play time);
    ``clock``: wall time by default, ``time.process_time`` for this process's CPU time."""
    game = load(game_name)
    res = BenchResult()
    every = SAMPLE_EVERY if sample else 0
    for g in range(games):
        s = seed + g
        start = clock()
        st = game.new(seed=s, players=list(players))
        bots = {p: RandomBot(s * 31 + i) for i, p in enumerate(players)}
        applied = 0
        excluded = 0.0
        while not st.terminal and turn_of(st) <= max_turns:
            d = st.decision
            st.apply(bots[d.player].choose(st, d.player))
            applied += 1
            if every and applied % every == 0:
                t0 = time.perf_counter_ns()
                for _ in range(COPY_REPEAT):
                    st.copy()
                t1 = time.perf_counter_ns()
                game.from_json(json.loads(json.dumps(game.to_json(st))))
                t2 = time.perf_counter_ns()
                res.copy_ns.append((t1 - t0) / COPY_REPEAT)
                res.json_ns.append(t2 - t1)
                excluded += (t2 - t0) / 1e9
        res.play_seconds += clock() - start - excluded
        res.games += 1
        res.options += applied
        res.turns.append(turn_of(st))
        if st.terminal:
            res.natural += 1
            for w in st.result["winners"]:
                res.wins[w] = res.wins.get(w, 0) + 1
        else:
            res.capped += 1
    return res


#: mid-game positions for the ISMCTS measurement: (game seed, random choices played before it)
ISMCTS_POSITIONS = ((1, 60), (2, 120), (3, 180))


def ismcts_rate(iterations: int, rollout: str, players: tuple[str, ...] = ("marquise", "eyrie"),
                game_name: str = "root", depth: int | None = None) -> float:
    """ISMCTS iterations per second (default depth and exploration) over :data:`ISMCTS_POSITIONS`."""
    game = load(game_name)
    done = 0
    secs = 0.0
    for seed, moves in ISMCTS_POSITIONS:
        st = game.new(seed=seed, players=list(players))
        r = RandomBot(seed)
        i = 0
        while not st.terminal and (i < moves or len(st.decision.options) < 2):
            st.apply(r.choose(st, st.decision.player))
            i += 1
        if st.terminal:
            continue
        bot = ISMCTSBot(seed=seed, iterations=iterations, rollout=rollout, depth=depth)
        t0 = time.perf_counter()
        bot.choose(st, st.decision.player)
        secs += time.perf_counter() - t0
        done += bot.last["iterations"]
    return done / secs if secs else 0.0


#: rollouts "to the end": deeper than any game goes
FULL_DEPTH = 10**9


def full_rollout_rate(iterations: int, players: tuple[str, ...] = ("marquise", "eyrie"),
                      game_name: str = "root") -> float:
    """ISMCTS iterations per second with uniformly random rollouts played to the end of the game."""
    return ismcts_rate(iterations, "random", players, game_name, depth=FULL_DEPTH)


def json_round_trip(actions: int = 600, players: tuple[str, ...] = BASE_FOUR, seed: int = 1,
                    repeat: int = 5) -> tuple[float, int]:
    """Median seconds of ``to_json`` + dumps + loads + ``from_json`` after ``actions`` random options (or the end of
    the game), and the number of log events then."""
    game = load("root")
    st = game.new(seed=seed, players=list(players))
    bots = {p: RandomBot(seed * 31 + i) for i, p in enumerate(players)}
    for _ in range(actions):
        if st.terminal:
            break
        d = st.decision
        st.apply(bots[d.player].choose(st, d.player))
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        game.from_json(json.loads(json.dumps(game.to_json(st))))
        times.append(time.perf_counter() - t0)
    return statistics.median(times), len(st.log_chain)


def side_by_side(peer_dir: str, games: int, rounds: int, seed: int, console: Console,
                 lang: str = i18n.DEFAULT_LANG) -> int:
    """Random four-player base games here and on the peer in ``peer_dir``, interleaved: each round plays ``games``
    games here (in this process) and then ``games`` on the peer (a fresh process of the same Python). Rates are per
    second of each process's CPU time, which other work on a shared machine disturbs less than wall time. The table
    is in ``lang``."""
    tr = i18n.tr
    ours: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    failed = 0
    for r in range(rounds):
        res = bench(games, seed + r * games, 10**6, BASE_FOUR, sample=False, clock=time.process_time)
        ours.append((res.games / res.play_seconds, res.options / res.play_seconds))
        out = subprocess.run([sys.executable, "-m", "planszowki.cli.bench_peer", peer_dir, str(games),
                              str(seed + r)], capture_output=True, text=True, check=False)
        if out.returncode != 0:
            console.print(escape(tr("bench_sbs_peer_failed", lang, path=peer_dir, stderr=out.stderr.strip())))
            return 1
        doc = json.loads(out.stdout.strip().splitlines()[-1])
        theirs.append((doc["games"] / doc["cpu_seconds"], doc["choices"] / doc["cpu_seconds"]))
        failed += doc["failed"]
    t = Table(title=escape(tr("bench_sbs_title", lang, rounds=rounds, games=games)), title_justify="left")
    t.add_column("")
    t.add_column("planszowki", justify="right")
    t.add_column(tr("bench_sbs_peer", lang), justify="right")
    t.add_row(tr("bench_sbs_games", lang), f"{statistics.median(g for g, _ in ours):.1f}",
              f"{statistics.median(g for g, _ in theirs):.1f}")
    t.add_row(tr("bench_sbs_decisions", lang), f"{statistics.median(d for _, d in ours):,.0f}",
              f"{statistics.median(d for _, d in theirs):,.0f}")
    t.add_row(tr("bench_sbs_abandoned", lang), "0", str(failed))
    t.caption, t.caption_justify = core_caption(lang), "left"
    console.print(t)
    return 0


def core_caption(lang: str) -> str:
    """Which build the figures are of: the optional compiled core (setup.py) or pure Python."""
    native = native_modules()
    return i18n.tr("bench_core_native", lang, n=len(native)) if native else i18n.tr("bench_core_python", lang)


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


#: the player sets ``planszowki bench`` measures, per game: Root with two players and with the four factions of the
#: base game; Ironwood's two factions
BENCH_SETS = (("marquise", "eyrie"), BASE_FOUR)
GAME_SETS: dict[str, tuple[tuple[str, ...], ...]] = {"root": BENCH_SETS, "ironwood": (("woodwalkers", "ironclad"),),
                                                     "great_wall": (("red", "blue", "yellow"),
                                                                    ("red", "blue", "yellow", "green"))}


def _seat_name(seat: str, lang: str) -> str:
    """A seat's short name: Root's factions by the catalog, The Great Wall's clans by its terms, others as given."""
    if seat in ("red", "blue", "yellow", "green"):
        from ..i18n.great_wall import gw_term

        return gw_term("clan", seat, lang)
    return i18n.faction_name(seat, lang, "short")


#: what a game's "turn" is in the bench's rows (the cap and the mean length): The Great Wall counts its years
UNIT = {"great_wall": "years"}


def _rows(r: BenchResult, seed: int, games: int, max_turns: int, lang: str,
          game: str = "root") -> list[tuple[str, str]]:
    secs = r.play_seconds or 1e-9
    unit = UNIT.get(game, "turns")
    tr = i18n.tr
    wins = ", ".join(f"{_seat_name(f, lang)} {n}" for f, n in sorted(r.wins.items())) or "—"
    return [
        (tr("bench_games_seeds", lang), f"{r.games} ({seed}–{seed + games - 1})"),
        (tr("bench_natural_capped", lang),
         tr(f"bench_natural_capped_{unit}", lang, natural=r.natural, capped=r.capped, cap=max_turns)),
        (tr("bench_wins", lang), wins),
        (tr(f"lab_mean_{unit}", lang), f"{_mean(r.turns):.1f}"),
        (tr("bench_games_per_s", lang), f"{r.games / secs:.2f}"),
        (tr("bench_options", lang), f"{r.options}"),
        (tr("bench_options_per_s", lang), f"{r.options / secs:,.0f}"),
        (tr("bench_copy_mean", lang), f"{_mean(r.copy_ns) / 1000:.1f} µs"),
        (tr("bench_json_mean", lang), f"{_mean(r.json_ns) / 1e6:.2f} ms"),
    ]


def run_bench(games: int, seed: int, max_turns: int, lang: str, console: Console, ismcts: int = 50,
              game: str = "root") -> int:
    sets = GAME_SETS.get(game)
    if sets is None:
        from ..engine import UnsupportedSetup

        raise UnsupportedSetup.told("error_bench_game", games=", ".join(GAME_SETS), game=game)
    t = Table(title=i18n.tr("bench_title", lang) + ("" if game == "root" else f" — {game}"), title_justify="left")
    t.add_column(i18n.tr("bench_metric", lang))
    columns = [_rows(bench(games, seed, max_turns, players, game), seed, games, max_turns, lang, game)
               for players in sets]
    for players in sets:  # one column of values per set of players
        t.add_column(", ".join(_seat_name(f, lang) for f in players), justify="right")
    for k, row in enumerate(columns[0]):
        t.add_row(row[0], *(col[k][1] for col in columns))
    if ismcts > 0:
        depth = ISMCTSBot().depth
        for rollout in ("random", "heuristic"):
            t.add_row(i18n.tr(f"bench_ismcts_{rollout}", lang, depth=depth),
                      *(f"{ismcts_rate(ismcts, rollout, players, game):,.0f}" for players in sets))
        full = max(1, ismcts // 5)  # each iteration plays the game out: a fifth of the iterations
        t.add_row(i18n.tr("bench_ismcts_full", lang),
                  *(f"{full_rollout_rate(full, players, game):,.1f}" for players in sets))
    if game == "root":
        secs, events = json_round_trip(600, sets[-1])
        t.add_row(i18n.tr("bench_json_after", lang, n=600), *([""] * (len(sets) - 1)),
                  i18n.tr("bench_json_after_value", lang, ms=f"{secs * 1e3:.2f}", events=events))
    t.caption, t.caption_justify = core_caption(lang), "left"
    console.print(t)
    return 0
