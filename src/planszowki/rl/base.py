"""What the PettingZoo environments of the three games share (needs ``pip install 'planszowki[rl]'``).

* :class:`BaseAECEnv`: the AEC bookkeeping every game's environment does the same way — spaces per agent, a game
  per ``reset`` (the seed fixes it; later games draw theirs from the first), ``agent_selection`` following the
  engine's decision, rewards only at the end (+1 to each winner, -1 to the others; a game stopped by the cap is
  truncated with 0 for all), the dead steps, ``render``. A game's environment says how to start a game, how an
  action becomes an option id and when a game is capped.
* :class:`CatalogueAECEnv`: the "fixed catalogue" action design of Ironwood and The Great Wall — action ``i`` is the
  option whose id is ``catalogue.ids[i]``, the mask marks the ids of the current decision (all zeros for an agent
  that is not deciding), the observation comes from ``state.view(agent)`` alone.
* :class:`ActionCatalogue` (ids and their index, :class:`NotInCatalogue` for an id it lacks), :class:`Group` and
  :class:`GroupEncoder` (an observation laid out in named groups, each with an upper bound) and
  :func:`markdown_layout` (the layout as a table).

Root's environment (:mod:`planszowki.rl.aec`) uses the base with "pointer" actions (action ``i`` = the ``i``-th
option of the decision).
"""

from __future__ import annotations

import warnings
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from ..engine import PlanszowkiError


class NotInCatalogue(PlanszowkiError, ValueError):
    """An option of the engine the action catalogue does not list (a bug of the catalogue)."""


class ActionCatalogue:
    """Every option id the engine can offer: ``ids[i]`` is action ``i``, ``index[id]`` its action (ids listed
    twice keep their first place)."""

    game = "the"  # named in the error: "not in the <game> action catalogue"

    def __init__(self, ids: Iterable[str]) -> None:
        self.ids: tuple[str, ...] = tuple(dict.fromkeys(ids))
        self.index: dict[str, int] = {oid: i for i, oid in enumerate(self.ids)}

    def __len__(self) -> int:
        return len(self.ids)

    def action(self, option_id: str) -> int:
        try:
            return self.index[option_id]
        except KeyError:
            raise NotInCatalogue(f"option {option_id!r} is not in the {self.game} action catalogue") from None


@dataclass(frozen=True)
class Group:
    name: str
    size: int
    high: float


class GroupEncoder:
    """An observation laid out in :class:`Group` s (``groups``, set by the subclass with :meth:`set_groups`), the
    mask of legal actions from the option ids of a decision (``catalogue``)."""

    catalogue: ActionCatalogue
    groups: list[Group]
    size: int
    high: np.ndarray

    def set_groups(self, groups: list[Group]) -> None:
        self.groups = groups
        self.size = sum(g.size for g in groups)
        self.high = np.concatenate([np.full(g.size, g.high, dtype=np.float32) for g in groups])

    @property
    def layout(self) -> list[tuple[str, int, int, float]]:
        """(group, first index, size, upper bound) of every group of the observation, in order."""
        out, start = [], 0
        for g in self.groups:
            out.append((g.name, start, g.size, g.high))
            start += g.size
        return out

    def mask(self, option_ids: list[str]) -> np.ndarray:
        m = np.zeros(len(self.catalogue), dtype=np.int8)
        for oid in option_ids:
            m[self.catalogue.action(oid)] = 1
        return m


def markdown_layout(encoder: GroupEncoder) -> str:
    rows = ["| group | first index | size | upper bound |", "|---|---:|---:|---:|"]
    rows += [f"| {name} | {start} | {size} | {high:g} |" for name, start, size, high in encoder.layout]
    return "\n".join(rows) + f"\n\nobservation size {encoder.size}, actions {len(encoder.catalogue)}\n"


class BaseAECEnv(AECEnv, ABC):
    """The AEC bookkeeping shared by the games' environments. A subclass sets ``metadata`` and ``TITLE``, calls
    :meth:`init_spaces`, and implements :meth:`new_game`, :meth:`option_for`, :meth:`capped` and
    :meth:`header`; it may override :meth:`rewards_at_end` and :meth:`action_label`."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}
    #: the game's name at the top of ``render``
    TITLE: ClassVar[str] = ""
    #: setup options ``reset(options=...)`` may change between games
    RESET_KEYS: ClassVar[tuple[str, ...]] = ()

    def __init__(self, render_mode: str | None, seed: int | None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']} or None")
        self.render_mode = render_mode
        self._seeds = np.random.default_rng(seed)
        self.state_: Any = None
        self.agents: list[str] = []
        self.setup: dict[str, Any] = {}

    def init_spaces(self, agents: list[str], high: np.ndarray, n_actions: int) -> None:
        """The same observation and action space for every agent: ``Box(0..high)`` and a 0/1 mask of
        ``n_actions``; ``Discrete(n_actions)``."""
        self.possible_agents = list(agents)
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=0.0, high=high, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n_actions) for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- what a game's environment says (each game's environment implements these) -------------------------------
    @abstractmethod
    def new_game(self, seed: int, setup: dict[str, Any]) -> Any:
        ...

    @abstractmethod
    def option_for(self, agent: str, d: Any, action: int) -> str:
        """The id of the option ``action`` chooses in decision ``d``; ``ValueError`` when it is not legal."""
        ...

    @abstractmethod
    def capped(self, st: Any) -> bool:
        ...

    @abstractmethod
    def header(self, st: Any) -> list[str]:
        ...

    def action_label(self, d: Any, i: int, opt: Any) -> int:
        """The action that chooses ``opt`` (the ``i``-th option of ``d``), for ``render``."""
        return i

    def rewards_at_end(self, st: Any) -> dict[str, float]:
        winners = set(st.result["winners"])
        return {s: 1.0 if s in winners else -1.0 for s in self.agents}

    def capped_result(self, st: Any) -> dict[str, Any]:
        return {"winners": [], "reason": "capped", "vp": dict(st.vp)}

    # -- episode ---------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game. ``seed`` fixes it (same seed, same actions: same game); ``options`` may change the
        setup options in ``RESET_KEYS`` for this game (others are ignored with a warning)."""
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._seeds.integers(0, 2**31 - 1))
        setup = dict(self.setup)
        for k, val in (options or {}).items():
            if k in self.RESET_KEYS:
                setup[k] = val
            else:
                warnings.warn(f"{type(self).__name__}.reset: option {k!r} cannot change between games (these can: "
                              f"{', '.join(self.RESET_KEYS) or 'none'}); ignored", stacklevel=2)
        self.state_ = self.new_game(game_seed, setup)
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
        self.agent_selection = d.player if d is not None and d.player in self.agents else self.agents[0]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must choose: an action is required (only finished agents step with None)")
        st = self.state_
        oid = self.option_for(agent, st.decision, int(action))
        self._cumulative_rewards[agent] = 0.0
        st.apply(oid)
        self._clear_rewards()
        capped = not st.terminal and self.capped(st)
        if st.terminal:
            self.rewards.update(self.rewards_at_end(st))
            for s in self.agents:
                self.terminations[s] = True
                self.infos[s] = {"result": dict(st.result)}
        elif capped:
            for s in self.agents:
                self.truncations[s] = True
                self.infos[s] = {"result": self.capped_result(st)}
        self._accumulate_rewards()
        if st.terminal or capped:
            self.agent_selection = self.agents[0]
        else:
            self._select()

    def render(self) -> str | None:
        if self.state_ is None:
            return None
        st = self.state_
        lines = self.header(st)
        d = st.decision
        if d is None:
            lines.append(f"game over: {st.result}")
        else:
            lines.append(f"{d.player} decides ({d.kind}): " + " | ".join(
                f"{self.action_label(d, i, o)}: {o.id}" for i, o in enumerate(d.options[:12]))
                + (" …" if len(d.options) > 12 else ""))
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.state_ = None


class CatalogueAECEnv(BaseAECEnv):
    """Actions from a fixed catalogue (``self.encoder.catalogue``); observations from ``state.view(agent)``
    through ``self.encoder`` (a :class:`GroupEncoder` with ``encode(view)``)."""

    encoder: Any

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        st = self.state_
        d = st.decision
        ids = [o.id for o in d.options] if d is not None and d.player == agent else []
        return {"observation": self.encoder.encode(st.view(agent)), "action_mask": self.encoder.mask(ids)}

    def action_mask(self, agent: str) -> np.ndarray:
        return self.observe(agent)["action_mask"]

    def option_id(self, action: int) -> str:
        return self.encoder.catalogue.ids[int(action)]

    def option_for(self, agent: str, d: Any, action: int) -> str:
        cat = self.encoder.catalogue
        oid = cat.ids[action] if 0 <= action < len(cat) else None
        if oid is None or d.find(oid) is None:
            raise ValueError(f"action {action} ({oid!r}) is not legal for {agent} now ({d.kind}); see the action mask")
        return oid

    def action_label(self, d: Any, i: int, opt: Any) -> int:
        return self.encoder.catalogue.action(opt.id)
