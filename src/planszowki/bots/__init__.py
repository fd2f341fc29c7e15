"""Bots: players that choose an option for a seat. ``make("random", seed=7)`` builds one by name.

A bot is any object with ``choose(state, seat) -> option_id``; it must only pick among
``state.decision.options`` and be deterministic for a given seed and sequence of states, so a game
between bots is reproduced by its seed (DESIGN.md, promise 2). New kinds (heuristics, ISMCTS) register
a factory with :func:`register`; a spec may carry parameters: ``"name:key=value,key=value"``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from ..engine import PlanszowkiError


class Bot(Protocol):
    def choose(self, state: Any, seat: str) -> str: ...


class UnknownBot(PlanszowkiError, ValueError):
    """A bot spec names no registered bot, or gives parameters the bot does not take."""


_FACTORIES: dict[str, Callable[..., Bot]] = {}
_ALIASES: dict[str, str] = {}


def register(name: str, factory: Callable[..., Bot], *, aliases: tuple[str, ...] = ()) -> None:
    """Make ``factory(seed=..., **params)`` available as ``name`` (and its aliases)."""
    for n in (name, *aliases):
        if n in _FACTORIES or n in _ALIASES:
            raise ValueError(f"bot name {n!r} is already registered")
    _FACTORIES[name] = factory
    for a in aliases:
        _ALIASES[a] = name


def names() -> list[str]:
    """Registered bot names and aliases, sorted."""
    return sorted([*_FACTORIES, *_ALIASES])


def _parse_value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=200"`` -> ``("ismcts", {"iterations": 200})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise UnknownBot(f"bad bot parameter {part!r} in {spec!r}; write key=value")
        params[key.strip()] = _parse_value(value.strip())
    return _ALIASES.get(name, name), params


def is_bot(spec: str) -> bool:
    return parse_spec(spec)[0] in _FACTORIES


def make(spec: str, seed: int = 0) -> Bot:
    """Build the bot named by ``spec`` ("random", alias "bot"), seeded with ``seed``."""
    name, params = parse_spec(spec)
    factory = _FACTORIES.get(name)
    if factory is None:
        raise UnknownBot(f"unknown bot {spec!r}; known bots: {', '.join(names())}")
    try:
        return factory(seed=seed, **params)
    except TypeError as exc:
        raise UnknownBot(f"bot {name!r} does not accept {sorted(params)}: {exc}") from exc


def _register_builtin() -> None:
    from .random import RandomBot

    register("random", RandomBot, aliases=("bot",))


_register_builtin()

__all__ = ["Bot", "UnknownBot", "is_bot", "make", "names", "parse_spec", "register"]
