"""Random four-player base games (seeds 1..N), the measure of issue 15: games and decisions per CPU second, and a
digest of every chosen option id, so two builds can be checked to play the same games.

    python scripts/random_games.py 20                      # N games, default 20
    python scripts/random_games.py 20 marquise,eyrie lake  # other players, another map

Seconds on a shared machine move by more than the changes being measured; the count of instructions does not.
docs/performance.md counts them with valgrind (the second run's total minus a run of 0 games, which is the start-up):

    PYTHONHASHSEED=0 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \\
        python scripts/random_games.py 10
"""

from __future__ import annotations

import hashlib
import sys
import time

from planszowki.bots.random import RandomBot
from planszowki.engine import load
from planszowki.lab.runner import turn_of


def main(argv: list[str]) -> None:
    n = int(argv[0]) if argv else 20
    players = argv[1].split(",") if len(argv) > 1 else ["marquise", "eyrie", "alliance", "vagabond"]
    options = {"map": argv[2]} if len(argv) > 2 else {}
    game = load("root")
    digest = hashlib.blake2b(digest_size=8)
    decisions = 0
    t0 = time.process_time()
    for seed in range(1, n + 1):
        st = game.new(seed=seed, players=list(players), options=options)
        bots = {p: RandomBot(seed * 31 + i) for i, p in enumerate(st.seats)}
        while not st.terminal and turn_of(st) <= 500:
            d = st.decision
            option = bots[d.player].choose(st, d.player)
            digest.update(option.encode())
            st.apply(option)
            decisions += 1
    t = time.process_time() - t0
    print(f"{n / t:.1f} games/CPU-s  {decisions / t:.0f} decisions/CPU-s  digest {digest.hexdigest()}")


if __name__ == "__main__":
    main(sys.argv[1:])
