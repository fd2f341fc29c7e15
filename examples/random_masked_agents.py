"""Random masked agents playing Root, Ironwood or The Great Wall through the PettingZoo AEC API (trains nothing).

    pip install -e ".[rl]"
    python examples/random_masked_agents.py --games 3 --seed 1
    python examples/random_masked_agents.py --game great_wall --players red,blue,yellow,green
    python examples/random_masked_agents.py --game ironwood

Each agent looks only at its own observation: it picks uniformly among the actions its ``action_mask``
allows. ``agent_selection`` follows the engine's decisions, so an agent may act out of turn (ambush,
Field Hospitals) and several times in a row.
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

from planszowki.rl import GreatWallAECEnv, IronwoodAECEnv, RootAECEnv


def play(env: RootAECEnv | IronwoodAECEnv | GreatWallAECEnv, seed: int,
         rng: np.random.Generator) -> tuple[dict[str, float], int, dict]:
    env.reset(seed=seed)
    steps = 0
    returns: Counter[str] = Counter()
    result: dict = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        returns[agent] += reward
        if terminated or truncated:
            result = info.get("result", result)
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"])
            action = int(rng.choice(legal))
            steps += 1
        env.step(action)
    return dict(returns), steps, result


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", choices=("root", "ironwood", "great_wall"), default="root")
    p.add_argument("--factions", default="marquise,eyrie", help="Root: the factions")
    p.add_argument("--players", default="red,blue,yellow", help="The Great Wall: the clans (2 add the Reed Clan)")
    p.add_argument("--max-turns", type=int, default=200, help="Root: truncate after this many turns")
    a = p.parse_args()
    if a.game == "root":
        env = RootAECEnv(factions=a.factions.split(","), max_turns=a.max_turns)
    elif a.game == "ironwood":
        env = IronwoodAECEnv()
    else:
        env = GreatWallAECEnv(players=a.players.split(","))
    rng = np.random.default_rng(a.seed)
    print(f"observation: {env.observation_space(env.possible_agents[0])['observation'].shape[0]} floats, "
          f"actions: Discrete({env.action_space(env.possible_agents[0]).n})")
    for g in range(a.games):
        returns, steps, result = play(env, a.seed + g, rng)
        st = env.state_
        length = f"{st.year} years" if a.game == "great_wall" else f"{st.turn_no} turns"
        ending = f"{result.get('reason')} after {length}" if result else "?"
        scores = result.get("vp", result.get("scores"))
        print(f"game seed {a.seed + g}: {steps} actions, {ending}, returns {returns}, scores {scores}")
    env.close()


if __name__ == "__main__":
    main()
