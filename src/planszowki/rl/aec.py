"""A PettingZoo AEC environment for Root: ``RootAECEnv``.

* **Agents** are the seats (faction names, e.g. ``"marquise"``, ``"eyrie"``); ``possible_agents`` keeps
  the order given, the seating order of each game is drawn from its seed (5.1.1).
* **Who acts**: ``agent_selection`` is always the seat of the engine's current decision, which may be out
  of turn (an ambush card, Field Hospitals, hits to assign …), so the same agent often acts several times
  in a row and agents do not simply alternate.
* **Actions** — a "pointer" design: ``Discrete(MAX_ACTIONS)``, action ``i`` chooses the i-th option of the
  current decision in the engine's own order (``state.decision.options[i]``). The order is deterministic
  for a given state, and the observation's option table describes each slot (action name, clearings,
  count, card, value, faction, item …), so a policy can learn what slot ``i`` means here. ``MAX_ACTIONS``
  (512) is well above the largest decision measured for the base factions (186 options, in 4-player games
  with two Vagabonds; docs/rl-observation.md); a decision with more options raises
  :class:`ActionSpaceOverflow` rather than hide options. An action outside the mask raises ``ValueError``.
* **Observations**: ``{"observation": Box(float32, see docs/rl-observation.md), "action_mask":
  Box(int8, 0/1, MAX_ACTIONS)}`` built only from ``state.view(agent)``.
* **Rewards** come only at the end: +1 to every winner, -1 to the others; a game stopped by the turn cap
  (``max_turns``) is *truncated* with 0 for everyone.
"""

from __future__ import annotations

import warnings
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .. import engine
from ..engine import UnsupportedSetup
from .encoding import FACTIONS, MAX_ACTIONS, ActionSpaceOverflow, Encoder

SETUP_KEYS = ("map", "seating", "first", "deck", "suits")


class RootAECEnv(AECEnv):
    """Root for reinforcement learning (PettingZoo AEC API).

    ``factions``: any list ``planszowki.load("root").new`` accepts (the base factions: ``marquise``,
    ``eyrie``, ``alliance``, ``vagabond`` and a second ``vagabond2``, 2 to 5 seats);
    ``options``: setup options for ``game.new`` (``{"map": "autumn"}``, ``{"deck": "exiles"}`` for the Exiles and
    Partisans deck, A.2); ``max_turns``: truncate after
    that many turns (0: never); ``seed``: seed of the first game when ``reset`` gets none (later games
    draw theirs from it).
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "planszowki_root_v0", "render_modes": ["ansi", "human"],
                                          "is_parallelizable": False}

    def __init__(self, factions: tuple[str, ...] | list[str] = ("marquise", "eyrie"),
                 options: dict[str, Any] | None = None, max_turns: int = 500, render_mode: str | None = None,
                 seed: int | None = None, max_actions: int = MAX_ACTIONS) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.game = engine.load("root")
        self.factions = list(factions)
        self.setup = dict(options or {})
        self.game.new(seed=0, players=self.factions, options=self.setup)  # unsupported setups fail here
        missing = [f for f in self.factions if f not in FACTIONS]
        if missing:  # playable, but the observation encoding does not describe their boards yet
            raise UnsupportedSetup(f"the RL environment does not encode {', '.join(missing)} yet; it encodes "
                                   + ", ".join(FACTIONS))
        self.encoder = Encoder(max_actions)
        self.max_turns = max_turns
        self.render_mode = render_mode
        self.possible_agents = list(self.factions)
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=0.0, high=self.encoder.high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(max_actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(max_actions) for a in self.possible_agents}
        self._seeds = np.random.default_rng(seed)
        self.state_: Any = None
        self.agents: list[str] = []

    # -- spaces ----------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- episode -----------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` fixes it (same seed, same actions: same game); ``options`` may hold
        setup options for ``game.new`` (``map``, ``seating``, ``first``, ``deck``, ``suits``) for this game."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(0, 2**31 - 1))
        setup = dict(self.setup)
        for k, val in (options or {}).items():
            if k in SETUP_KEYS:
                setup[k] = val
            else:
                warnings.warn(f"RootAECEnv.reset: option {k!r} is not a setup option ({', '.join(SETUP_KEYS)}); "
                              "ignored", stacklevel=2)
        self.state_ = self.game.new(seed=game_seed, players=self.factions, options=setup)
        self.game_seed = game_seed
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._select()

    def _select(self) -> None:
        d = self.state_.decision
        if d is not None:
            if len(d.options) > self.encoder.max_actions:
                raise ActionSpaceOverflow(
                    f"decision {d.kind!r} of {d.player} has {len(d.options)} options but the action space "
                    f"holds {self.encoder.max_actions} (MAX_ACTIONS); build the environment with a larger "
                    "max_actions")
            self.agent_selection = d.player
        else:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        vec, mask = self.encoder.encode(self.state_.view(agent))
        return {"observation": vec, "action_mask": mask}

    def action_mask(self, agent: str) -> np.ndarray:
        return self.observe(agent)["action_mask"]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        d = self.state_.decision
        if action is None:
            raise ValueError(f"{agent} must choose: an action is required (only finished agents step with None)")
        a = int(action)
        if not 0 <= a < len(d.options):
            raise ValueError(f"action {a} is not legal for {agent} now: the decision {d.kind!r} has "
                             f"{len(d.options)} options (0..{len(d.options) - 1}; see the action mask)")
        self._cumulative_rewards[agent] = 0.0
        self.state_.apply(d.options[a].id)
        self._clear_rewards()
        st = self.state_
        if st.terminal:
            winners = set(st.result["winners"])
            for s in self.agents:
                self.rewards[s] = 1.0 if s in winners else -1.0
                self.terminations[s] = True
                self.infos[s] = {"result": dict(st.result)}
        elif self.max_turns and st.turn_no > self.max_turns:
            for s in self.agents:
                self.truncations[s] = True
                self.infos[s] = {"result": {"winners": [], "reason": "capped", "vp": dict(st.vp)}}
        self._accumulate_rewards()
        if st.terminal or (self.max_turns and st.turn_no > self.max_turns):
            self.agent_selection = self.agents[0]
        else:
            self._select()

    def legal_option_ids(self, agent: str | None = None) -> list[str]:
        """Ids of the options behind actions 0, 1, … for ``agent`` (default: the agent to act), from its
        view; empty when it has nothing to choose."""
        v = self.state_.view(agent or self.agent_selection)
        d = v.get("decision") or {}
        return [o["id"] for o in d.get("options") or ()]

    def render(self) -> str | None:
        if self.state_ is None:
            return None
        st = self.state_
        lines = [f"Root seed {self.game_seed} · turn {st.turn_no} · {st.current} · {st.phase}",
                 "VP: " + ", ".join(f"{s} {st.vp[s]}" for s in st.seats)]
        d = st.decision
        if d is None:
            lines.append(f"game over: {st.result}")
        else:
            lines.append(f"{d.player} decides ({d.kind}): " + " | ".join(
                f"{i}: {o.id}" for i, o in enumerate(d.options[:12])) + (" …" if len(d.options) > 12 else ""))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state_ = None


def env(**kwargs: Any) -> RootAECEnv:
    """PettingZoo-style constructor."""
    return RootAECEnv(**kwargs)
