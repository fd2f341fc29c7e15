"""Profile random Root games (docs/performance.md, issue 15): where a decision's time goes.

    python scripts/profile_root.py [--games N] [--sizes 2,4,6] [--top K]

For each player count, plays ``N`` uniformly random games with line-ups cycling over every accepted set of that
many factions (the soak's order, so all factions appear) and maps cycling over the four, to the end or turn 500,
first under cProfile (top functions by self time), then without it, timing each decision kind's option building,
the automatic steps and the rest (applying the chosen option, the bots) with ``time.perf_counter_ns``. Reports
per-CPU-second rates of the unprofiled run. Not a test: figures depend on the machine.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import pstats
import time
from typing import Any

from planszowki.bots.random import RandomBot
from planszowki.engine import flow, load
from planszowki.lab.runner import turn_of
from planszowki.lab.soak import lineups

MAPS = ("autumn", "winter", "lake", "mountain")


def games_for(size: int, n: int) -> list[tuple[tuple[str, ...], str, int]]:
    plan = lineups("root", range(size, size + 1))
    step = max(1, len(plan) // n)
    return [(plan[(i * step) % len(plan)], MAPS[i % len(MAPS)], i + 1) for i in range(n)]


def play(plan: list[tuple[tuple[str, ...], str, int]]) -> int:
    game = load("root")
    decisions = 0
    for players, board, seed in plan:
        st = game.new(seed=seed, players=list(players), options={"map": board})
        bots = {p: RandomBot(seed * 31 + i) for i, p in enumerate(st.seats)}
        while not st.terminal and turn_of(st) <= 500:
            d = st.decision
            st.apply(bots[d.player].choose(st, d.player))
            decisions += 1
    return decisions


class Timed:
    """Replace the kernel's settle loop with one that times each step kind (restored by :meth:`restore`)."""

    def __init__(self) -> None:
        self.options: collections.Counter[str] = collections.Counter()
        self.auto: collections.Counter[str] = collections.Counter()
        self.orig = flow.FlowState._settle
        timed = self

        def _settle(self: Any) -> None:
            clock = time.perf_counter_ns
            while self.result is None:
                fr = self.stack[-1]
                step = self.STEPS[fr["k"]]
                t = clock()
                if step.auto:
                    step.run(self, fr)
                    timed.auto[fr["k"]] += clock() - t
                    continue
                opts = step.options(self, fr)
                timed.options[fr["k"]] += clock() - t
                if len(opts) == 1 and step.forced(self, fr):
                    self.applied += 1
                    step.choose(self, fr, opts[0])
                    continue
                self._decision = flow.Decision(step.player(self, fr), tuple(opts), fr["k"],
                                               step.rule or opts[0].rule, step.prompt(self, fr))
                return
            self._decision = None

        flow.FlowState._settle = _settle  # type: ignore[method-assign]

    def restore(self) -> None:
        flow.FlowState._settle = self.orig  # type: ignore[method-assign]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--sizes", default="2,4,6")
    ap.add_argument("--top", type=int, default=15)
    a = ap.parse_args()
    for size in (int(s) for s in a.sizes.split(",")):
        plan = games_for(size, a.games)
        t0 = time.process_time()
        decisions = play(plan)
        cpu = time.process_time() - t0
        print(f"\n## {size} players: {a.games} games, {decisions} decisions, {a.games / cpu:.1f} games and "
              f"{decisions / cpu:,.0f} decisions per CPU second, {1e6 * cpu / decisions:.1f} µs a decision")
        prof = cProfile.Profile()
        prof.runcall(play, plan)
        stats = pstats.Stats(prof)
        total = stats.total_tt  # type: ignore[attr-defined]
        rows = sorted(stats.stats.items(), key=lambda kv: -kv[1][2])  # type: ignore[attr-defined]
        print("\nself time under cProfile:")
        for (path, line, name), (_, calls, tt, _ct, _) in rows[:a.top]:
            where = path.split("src/planszowki/")[-1] if "planszowki" in path else path
            print(f"  {100 * tt / total:5.1f}%  {calls:8d} calls  {where}:{line}({name})")
        timed = Timed()
        t0 = time.perf_counter_ns()
        try:
            play(plan)
        finally:
            timed.restore()
        wall = time.perf_counter_ns() - t0
        opt = sum(timed.options.values())
        auto = sum(timed.auto.values())
        print(f"\nbuilding options {100 * opt / wall:.0f}%, automatic steps {100 * auto / wall:.0f}%, the rest "
              f"(applying chosen options, bots, the loop) {100 * (wall - opt - auto) / wall:.0f}%")
        for kind, ns in timed.options.most_common(8):
            print(f"  options {kind:32s} {100 * ns / wall:5.1f}%")
        for kind, ns in timed.auto.most_common(4):
            print(f"  auto    {kind:32s} {100 * ns / wall:5.1f}%")


if __name__ == "__main__":
    main()
