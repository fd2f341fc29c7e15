"""Batch simulation ("the lab"): many bot games in parallel, win-rate statistics, PNG plots.

From Python::

    from planszowki.lab import RunConfig, run, read_results, summarize
    cfg = RunConfig.make("root", {"marquise": "random", "eyrie": "random"}, {"map": "autumn"}, max_turns=500)
    run(cfg, seed=1, games=100, out="results.jsonl", workers=2)          # or use_ray=True
    summary = summarize(read_results("results.jsonl"))

From the shell: ``planszowki lab run …`` and ``planszowki lab report …`` (see docs/lab.md).
"""

from .runner import (
    DEFAULT_MAX_TURNS,
    LabError,
    RunConfig,
    RunSummary,
    bot_seed,
    parse_seats,
    play_batch,
    play_game,
    read_results,
    run,
)
from .stats import Row, Summary, summarize, wilson

__all__ = [
    "DEFAULT_MAX_TURNS", "LabError", "Row", "RunConfig", "RunSummary", "Summary", "bot_seed", "parse_seats",
    "play_batch", "play_game", "read_results", "run", "summarize", "wilson",
]
