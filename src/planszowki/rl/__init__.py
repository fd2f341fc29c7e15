"""Reinforcement learning: ``RootAECEnv``, a PettingZoo AEC environment for Root (docs/rl-observation.md),
``IronwoodAECEnv`` for Ironwood and ``GreatWallAECEnv`` for The Great Wall (their action catalogues and observation
layouts: :mod:`planszowki.rl.ironwood`, :mod:`planszowki.rl.great_wall`; what they share: :mod:`planszowki.rl.base`).

Needs the optional extra: ``pip install 'planszowki[rl]'`` (pettingzoo, gymnasium, numpy)::

    from planszowki.rl import RootAECEnv
    env = RootAECEnv(factions=("marquise", "eyrie"))
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)
"""

from __future__ import annotations

from typing import Any

__all__ = ["MAX_ACTIONS", "ActionSpaceOverflow", "Encoder", "GreatWallAECEnv", "IronwoodAECEnv", "RootAECEnv", "env"]

_MISSING = "planszowki.rl needs the optional extra: pip install 'planszowki[rl]' (pettingzoo, gymnasium, numpy)"


def __getattr__(name: str) -> Any:
    if name in __all__:
        try:
            import importlib

            module = {"RootAECEnv": "aec", "env": "aec", "IronwoodAECEnv": "ironwood",
                      "GreatWallAECEnv": "great_wall"}.get(name, "encoding")
            return getattr(importlib.import_module(f"{__name__}.{module}"), name)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.split(".")[0] in ("pettingzoo", "gymnasium", "numpy"):
                raise ImportError(_MISSING) from exc
            raise
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
