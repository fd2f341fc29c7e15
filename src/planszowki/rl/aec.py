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
  (512) is above the largest decision measured for every faction (docs/rl-observation.md: an Underground
  Duchy Parliament, 446) but one: an Underground Duchy Sway with a large hand (one option per set of cards,
  12.5.3; 1,292 seen). A decision with more options raises :class:`ActionSpaceOverflow` rather than hide
  options. An action outside the mask raises ``ValueError``.
* **Observations**: ``{"observation": Box(float32, see docs/rl-observation.md), "action_mask":
  Box(int8, 0/1, MAX_ACTIONS)}`` built only from ``state.view(agent)``.
* **Rewards** come only at the end: +1 to every winner, -1 to the others; a game stopped by the turn cap
  (``max_turns``) is *truncated* with 0 for everyone.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from .. import engine
from ..engine import UnsupportedSetup
from .base import BaseAECEnv
from .encoding import FACTIONS, MAX_ACTIONS, ActionSpaceOverflow, Encoder

SETUP_KEYS = ("map", "seating", "first", "deck", "suits")


class RootAECEnv(BaseAECEnv):
    """Root for reinforcement learning (PettingZoo AEC API).

    ``factions``: any list ``planszowki.load("root").new`` accepts whose factions the observation describes
    (``FACTIONS``: ``marquise``, ``eyrie``, ``alliance``, ``vagabond`` and a second ``vagabond2``, ``riverfolk``,
    ``cult``, ``duchy``, ``corvid``; 2 to 6 seats);
    ``options``: setup options for ``game.new`` (``{"map": "autumn"}``, ``{"deck": "exiles"}`` for the Exiles and
    Partisans deck, A.2); ``max_turns``: truncate after
    that many turns (0: never); ``seed``: seed of the first game when ``reset`` gets none (later games
    draw theirs from it). ``reset(options=...)`` may change ``map``, ``seating``, ``first``, ``deck``, ``suits``.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "planszowki_root_v0", "render_modes": ["ansi", "human"],
                                          "is_parallelizable": False}
    RESET_KEYS = SETUP_KEYS

    def __init__(self, factions: tuple[str, ...] | list[str] = ("marquise", "eyrie"),
                 options: dict[str, Any] | None = None, max_turns: int = 500, render_mode: str | None = None,
                 seed: int | None = None, max_actions: int = MAX_ACTIONS) -> None:
        super().__init__(render_mode, seed)
        self.game = engine.load("root")
        self.factions = list(factions)
        self.setup = dict(options or {})
        self.game.new(seed=0, players=self.factions, options=self.setup)  # unsupported setups fail here
        missing = [f for f in self.factions if f not in FACTIONS]
        if missing:  # playable, but the observation does not describe them (a faction added later; draft seats)
            raise UnsupportedSetup(f"the RL environment's agents are factions it observes ({', '.join(FACTIONS)}); "
                                   f"it does not encode {', '.join(missing)} (a faction draft, A.8, names its seats "
                                   "player1, player2 … until they choose: not supported)")
        self.encoder = Encoder(max_actions)
        self.max_turns = max_turns
        self.init_spaces(self.factions, self.encoder.high, max_actions)

    def new_game(self, seed: int, setup: dict[str, Any]) -> Any:
        return self.game.new(seed=seed, players=self.factions, options=setup)

    def _select(self) -> None:
        d = self.state_.decision
        if d is not None and len(d.options) > self.encoder.max_actions:
            raise ActionSpaceOverflow(
                f"decision {d.kind!r} of {d.player} has {len(d.options)} options but the action space "
                f"holds {self.encoder.max_actions} (MAX_ACTIONS); build the environment with a larger "
                "max_actions")
        super()._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        # the observation does not read the log: the view without it is many times cheaper late in a game
        vec, mask = self.encoder.encode(self.state_.view(agent, log=False))
        return {"observation": vec, "action_mask": mask}

    def action_mask(self, agent: str) -> np.ndarray:
        return self.observe(agent)["action_mask"]

    def option_for(self, agent: str, d: Any, action: int) -> str:
        if not 0 <= action < len(d.options):
            raise ValueError(f"action {action} is not legal for {agent} now: the decision {d.kind!r} has "
                             f"{len(d.options)} options (0..{len(d.options) - 1}; see the action mask)")
        return d.options[action].id

    def capped(self, st: Any) -> bool:
        return bool(self.max_turns) and st.turn_no > self.max_turns

    def legal_option_ids(self, agent: str | None = None) -> list[str]:
        """Ids of the options behind actions 0, 1, … for ``agent`` (default: the agent to act), from its
        view; empty when it has nothing to choose."""
        v = self.state_.view(agent or self.agent_selection, log=False)
        d = v.get("decision") or {}
        return [o["id"] for o in d.get("options") or ()]

    def header(self, st: Any) -> list[str]:
        return [f"Root seed {self.game_seed} · turn {st.turn_no} · {st.current} · {st.phase}",
                "VP: " + ", ".join(f"{s} {st.vp[s]}" for s in st.seats)]


def env(**kwargs: Any) -> RootAECEnv:
    """PettingZoo-style constructor."""
    return RootAECEnv(**kwargs)
