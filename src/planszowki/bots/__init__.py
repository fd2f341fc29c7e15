"""Bots: players that choose an option for a seat. ``make("random", seed=7)`` builds one by name.

A bot is any object with ``choose(state, seat) -> option_id``; it must only pick among
``state.decision.options`` and be deterministic for a given seed and sequence of states, so a game
between bots is reproduced by its seed (DESIGN.md, promise 2). New kinds register a factory with
:func:`register`; a spec may carry parameters: ``"name:key=value,key=value"``, and a bot registered
with ``positional=("iterations",)`` also takes a bare first value: ``"ismcts:800"``.

Built in: ``random`` (alias ``bot``), ``heuristic`` (the module of the seat's faction, e.g.
``bots/root/marquise.py``; random where it has no opinion) and ``ismcts`` (information-set Monte Carlo
tree search through the kernel only: ``ismcts:800``, ``ismcts:iterations=800,rollout=heuristic,c=0.7``).
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, Protocol

from ..engine import PlanszowkiError


class Bot(Protocol):
    def choose(self, state: Any, seat: str) -> str: ...


class UnknownBot(PlanszowkiError, ValueError):
    """A bot spec names no registered bot, or gives parameters the bot does not take."""


_FACTORIES: dict[str, Callable[..., Bot]] = {}
_ALIASES: dict[str, str] = {}
_POSITIONAL: dict[str, tuple[str, ...]] = {}


def register(name: str, factory: Callable[..., Bot], *, aliases: tuple[str, ...] = (),
             positional: tuple[str, ...] = ()) -> None:
    """Make ``factory(seed=..., **params)`` available as ``name`` (and its aliases). ``positional`` names
    the parameters that bare values in a spec fill, in order (``"ismcts:800"`` -> ``iterations=800``)."""
    for n in (name, *aliases):
        if n in _FACTORIES or n in _ALIASES:
            raise ValueError(f"bot name {n!r} is already registered")
    _FACTORIES[name] = factory
    _POSITIONAL[name] = tuple(positional)
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
    """``"ismcts:iterations=200"`` -> ``("ismcts", {"iterations": 200})``; ``"ismcts:200"`` too.

    Parameters are separated by ``,`` (or ``;``, handy inside ``--seats``)."""
    name, _, rest = spec.strip().partition(":")
    name = _ALIASES.get(name, name)
    positional = list(_POSITIONAL.get(name, ()))
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.replace(";", ",").split(","))):
        key, eq, value = part.partition("=")
        if not eq and positional and not params:
            params[positional.pop(0)] = _parse_value(part)
            continue
        if not eq or not key:
            raise UnknownBot(f"bad bot parameter {part!r} in {spec!r}; write key=value")
        params[key.strip()] = _parse_value(value.strip())
    return name, params


def param_names(name: str) -> set[str]:
    """The keyword parameters bot ``name`` accepts (besides ``seed``)."""
    factory = _FACTORIES.get(_ALIASES.get(name, name))
    if factory is None:
        return set()
    try:
        sig = inspect.signature(factory)
    except (TypeError, ValueError):
        return set()
    return {p.name for p in sig.parameters.values()
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name != "seed"}


def split_seats(spec: str) -> list[str]:
    """Split a ``--seats`` value on commas, keeping a bot's own ``key=value`` parameters with it:
    ``"marquise=ismcts:iterations=800,rollout=heuristic,eyrie=bot"`` ->
    ``["marquise=ismcts:iterations=800,rollout=heuristic", "eyrie=bot"]``."""
    out: list[str] = []
    for part in (p.strip() for p in spec.split(",")):
        if not part:
            continue
        if out and ":" in out[-1].partition("=")[2]:
            bot = out[-1].partition("=")[2].partition(":")[0].strip()
            key = part.partition("=")[0].strip()
            if key in param_names(bot) or "=" not in part:
                out[-1] += "," + part
                continue
        out.append(part)
    return out


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
    from .heuristic import HeuristicBot
    from .ismcts import ISMCTSBot
    from .random import RandomBot

    register("random", RandomBot, aliases=("bot",))
    register("heuristic", HeuristicBot)
    register("ismcts", ISMCTSBot, positional=("iterations",))


_register_builtin()

__all__ = ["Bot", "UnknownBot", "is_bot", "make", "names", "param_names", "parse_spec", "register", "split_seats"]
