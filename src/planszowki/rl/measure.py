"""How many options a decision offers: the measurement behind MAX_ACTIONS.

``python -m planszowki.rl.measure --factions marquise,eyrie --games 3000`` plays random games and prints
the largest option count per decision kind (and the seed where it happened).
"""

from __future__ import annotations

import argparse

from .. import engine
from ..bots.random import RandomBot


def max_options(factions: list[str], games: int, seed: int = 0, max_turns: int = 500
                ) -> dict[str, tuple[int, int]]:
    """decision kind -> (largest option count seen, game seed)."""
    game = engine.load("root")
    best: dict[str, tuple[int, int]] = {}
    for s in range(seed, seed + games):
        st = game.new(seed=s, players=list(factions))
        bot = RandomBot(s)
        while not st.terminal and st.turn_no <= max_turns:
            d = st.decision
            n = len(d.options)
            if n > best.get(d.kind, (0, 0))[0]:
                best[d.kind] = (n, s)
            st.apply(bot.choose(st, d.player))
    return best


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--factions", default="marquise,eyrie")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    best = max_options(a.factions.split(","), a.games, a.seed)
    for kind, (n, s) in sorted(best.items(), key=lambda kv: -kv[1][0]):
        print(f"{n:6d}  {kind}  (seed {s})")


if __name__ == "__main__":
    main()
