"""Random games on a peer Root engine, for ``planszowki bench --side-by-side DIR`` (docs/performance.md).

Run as ``python -m planszowki.cli.bench_peer DIR GAMES SEED``: plays ``GAMES`` uniformly random four-player games
(Marquise, Eyrie, Alliance, Vagabond) on the engine checked out in ``DIR`` — davpat108/ROOT_boardgame_self-play,
whose own ``main.py`` loop this follows: a random seating order, then each faction's Birdsong, Daylight and
Evening helpers of ``game_helper_random`` until a winner — and prints one JSON line: games, games abandoned on the
peer's known "exhaust a boot it does not have" error (its README), random choices made, wall and CPU seconds.

Nothing is downloaded: the checkout is the caller's. The peer's ``logging.debug`` calls are silenced (its
``main.py`` writes them to a file) and, when torch is not installed, an empty ``torch`` module stands in for it:
only the peer's neural encodings use torch, and random games never call them.
"""

from __future__ import annotations

import json
import logging
import random
import sys
import time
import types
from typing import Any

#: the peer's names of the four base factions and of their helpers in ``game_helper_random``
PEER_FACTIONS = (("cat", "marquise"), ("bird", "eyrie"), ("alliance", "alliance"), ("vagabond", "vagabond"))


def run(peer_dir: str, games: int, seed: int) -> dict[str, Any]:
    sys.path.insert(0, peer_dir)
    logging.disable(logging.CRITICAL)
    try:
        import torch  # noqa: F401
    except ImportError:
        sys.modules["torch"] = types.ModuleType("torch")
    import game_helper_random as helpers  # type: ignore[import-not-found]
    from actors import ExhaustbootERROR  # type: ignore[import-not-found]
    from game import Game  # type: ignore[import-not-found]

    choices = 0
    choose = helpers.random_choose

    def counted(options: Any) -> Any:  # every random pick among the peer's offered options
        nonlocal choices
        if options:
            choices += 1
        return choose(options)

    helpers.random_choose = counted
    phases = {f: tuple(getattr(helpers, f"{p}_{phase}") for phase in ("birdsong", "daylight", "evening"))
              for f, p in PEER_FACTIONS}
    random.seed(seed)
    done = failed = 0
    t0, c0 = time.perf_counter(), time.process_time()
    while done < games:
        game = Game(debug=False)
        order = [f for f, _ in PEER_FACTIONS]
        random.shuffle(order)
        try:
            while not game.winner:
                for f in order:
                    for phase in phases[f]:
                        phase(game)
            done += 1
        except ExhaustbootERROR:
            failed += 1
    return {"games": done, "failed": failed, "choices": choices, "seconds": time.perf_counter() - t0,
            "cpu_seconds": time.process_time() - c0}


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]))))
