"""How many options a decision offers: the measurement behind MAX_ACTIONS.

``python -m planszowki.rl.measure --factions marquise,eyrie,alliance,vagabond --games 3000`` plays games
(random bots unless ``--bot heuristic`` …; random seating from each game's seed) and prints the largest
option count per decision kind and the seed where it happened; ``--factions`` may be repeated to measure
several line-ups in one run (``--factions marquise,eyrie --factions marquise,eyrie,vagabond,vagabond2``).
"""

from __future__ import annotations

import argparse
from typing import Any

from .. import engine
from ..bots import make


def max_options(factions: list[str], games: int, seed: int = 0, max_turns: int = 500,
                options: dict[str, Any] | None = None, bot: str = "random") -> dict[str, tuple[int, int]]:
    """decision kind -> (largest option count seen, game seed); every seat is played by one ``bot`` (a bot
    spec such as ``random`` or ``heuristic:epsilon=0.2``) seeded with the game's seed."""
    game = engine.load("root")
    best: dict[str, tuple[int, int]] = {}
    for s in range(seed, seed + games):
        st = game.new(seed=s, players=list(factions), options=dict(options or {}))
        player = make(bot, seed=s)
        while not st.terminal and st.turn_no <= max_turns:
            d = st.decision
            n = len(d.options)
            if n > best.get(d.kind, (0, 0))[0]:
                best[d.kind] = (n, s)
            st.apply(player.choose(st, d.player))
    return best


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--factions", action="append", help="comma-separated seats (repeatable); default "
                   "marquise,eyrie")
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--map", default="autumn")
    p.add_argument("--deck", default="standard", help="standard, or exiles (the Exiles and Partisans deck, A.2)")
    p.add_argument("--max-turns", type=int, default=500)
    p.add_argument("--bot", default="random", help="bot spec playing every seat (random, heuristic, "
                   "heuristic:epsilon=0.3 …)")
    p.add_argument("--top", type=int, default=0, help="print only the N largest decision kinds (0: all)")
    a = p.parse_args(argv)
    for line_up in a.factions or ["marquise,eyrie"]:
        best = max_options(line_up.split(","), a.games, a.seed, a.max_turns, {"map": a.map, "deck": a.deck}, a.bot)
        ranked = sorted(best.items(), key=lambda kv: -kv[1][0])
        print(f"# {line_up} · {a.games} games from seed {a.seed} · map {a.map} · bot {a.bot} · "
              f"largest decision: {ranked[0][1][0] if ranked else 0} options")
        for kind, (n, s) in ranked[:a.top or None]:
            print(f"{n:6d}  {kind}  (seed {s})")


if __name__ == "__main__":
    main()
