"""The random bot: uniform over the legal options, seeded and deterministic."""

from __future__ import annotations

from typing import Any

from ..engine import IllegalAction, Rng


class RandomBot:
    """Chooses uniformly among ``state.decision.options`` with its own seeded generator.

    The generator belongs to the bot, not to the game, so bots never disturb the game's own chance
    (dice, shuffles): the same game seed and the same option ids give the same game whoever chose them.
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)

    def choose(self, state: Any, seat: str) -> str:
        d = state.decision
        if d is None:
            raise IllegalAction("the game is over; there is nothing to choose")
        if d.player != seat:
            raise IllegalAction(f"it is {d.player}'s decision ({d.kind}), not {seat}'s", d.rule, len(d.options))
        return d.options[self.rng.below(len(d.options))].id

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"
