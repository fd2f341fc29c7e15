"""The game-agnostic kernel: decisions, options, flow stack, RNG, log events, errors, registry."""

from .core import (
    Decision,
    Event,
    GameOver,
    IllegalAction,
    InvalidPosition,
    Option,
    PlanszowkiError,
    UnknownGame,
    UnsupportedPosition,
    UnsupportedSetup,
)
from .flow import FlowState, Frame, LogChain, Step
from .registry import load, names
from .rng import Rng

__all__ = [
    "Decision", "Event", "FlowState", "Frame", "GameOver", "IllegalAction", "InvalidPosition", "LogChain",
    "Option", "PlanszowkiError", "Rng", "Step", "UnknownGame", "UnsupportedPosition", "UnsupportedSetup",
    "load", "names",
]
