"""Heuristic bots: one scoring module per faction, chosen by the seat's faction.

A *scorer* is ``scores(state, seat, decision) -> list[float] | None``: one number per option of the
decision (higher is better, roughly in victory points), or None when it has no opinion about this kind of
decision. The bot takes the best option; ties are broken by its own seeded generator, and a decision no
scorer understands is answered uniformly at random. Scorers read only what the seat may know (its own
hand, public board and tracks), never other hands or the deck.

Scorers live with their game (``planszowki.bots.<game>``, e.g. ``bots/root/marquise.py``,
``bots/ironwood/woodwalkers.py``), which is imported the first time a state of that game is seen (its ``GAME``
names it) and registers them with :func:`register_scorer`; the seat's faction is ``state.faction_of(seat)`` where
the game has one (Root), else the seat itself (Ironwood's seats are its factions).
The same policy drives ISMCTS rollouts (``rollout=heuristic``), with an ``epsilon`` share of random moves.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from ..engine import Decision, IllegalAction, Rng

Scorer = Callable[[Any, str, Decision], "list[float] | None"]

#: (game, faction) -> scorer
_SCORERS: dict[tuple[str, str], Scorer] = {}
_LOADED: set[str] = set()


def register_scorer(game: str, faction: str, scorer: Scorer) -> None:
    _SCORERS[(game, faction)] = scorer


def _game_name(state: Any) -> str:
    return getattr(state, "GAME", "") or type(state).__module__


def load_game_bots(game: str) -> None:
    """Import ``planszowki.bots.<game>`` once, if it exists (it registers scorers and an evaluator)."""
    if game in _LOADED:
        return
    _LOADED.add(game)
    name = f"{__package__}.{game}"
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # the module exists but something it imports does not


def scorer_for(state: Any, seat: str) -> Scorer | None:
    """The scorer of ``seat``'s faction in ``state``'s game (None: play at random)."""
    game = _game_name(state)
    load_game_bots(game)
    faction_of = getattr(state, "faction_of", None)
    faction = faction_of(seat) if faction_of is not None else seat
    return _SCORERS.get((game, faction))


def best(scores: list[float], rng: Rng, tolerance: float = 1e-9) -> int:
    """Index of the highest score; equal scores are broken by ``rng``."""
    top = max(scores)
    ties = [i for i, s in enumerate(scores) if s >= top - tolerance]
    return ties[0] if len(ties) == 1 else ties[rng.below(len(ties))]


def heuristic_choice(state: Any, seat: str, d: Decision, rng: Rng, epsilon: float = 0.0) -> str:
    """The option id the heuristic policy picks for ``seat`` at decision ``d``."""
    opts = d.options
    if len(opts) == 1:
        return opts[0].id
    if epsilon > 0 and rng.below(1 << 20) < epsilon * (1 << 20):
        return opts[rng.below(len(opts))].id
    scorer = scorer_for(state, seat)
    scores = scorer(state, seat, d) if scorer is not None else None
    if scores is None:
        return opts[rng.below(len(opts))].id
    if len(scores) != len(opts):
        raise RuntimeError(f"scorer for {seat} gave {len(scores)} scores for {len(opts)} options ({d.kind})")
    return opts[best(scores, rng)].id


class HeuristicBot:
    """Plays the best-scoring option by its faction's heuristic (random where it has none)."""

    name = "heuristic"

    def __init__(self, seed: int = 0, epsilon: float = 0.0) -> None:
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError("epsilon must be between 0 and 1")
        self.seed = seed
        self.epsilon = float(epsilon)
        self.rng = Rng(seed)

    def choose(self, state: Any, seat: str) -> str:
        d = state.decision
        if d is None:
            raise IllegalAction("the game is over; there is nothing to choose")
        if d.player != seat:
            raise IllegalAction(f"it is {d.player}'s decision ({d.kind}), not {seat}'s", d.rule, len(d.options))
        return heuristic_choice(state, seat, d, self.rng, self.epsilon)

    def __repr__(self) -> str:
        return f"HeuristicBot(seed={self.seed})"
