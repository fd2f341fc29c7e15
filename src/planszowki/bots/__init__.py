"""Bots: players that choose an option for a seat. ``make("random", seed=7)`` builds one by name.

A bot is any object with ``choose(state, seat) -> option_id``; it must only pick among
``state.decision.options`` and be deterministic for a given seed and sequence of states, so a game
between bots is reproduced by its seed (DESIGN.md, promise 2). New kinds register a factory with
:func:`register`; a spec may carry parameters: ``"name:key=value,key=value"``, and a bot registered
with ``positional=("iterations",)`` also takes a bare first value: ``"ismcts:800"``.

Built in: ``random`` (alias ``bot``), ``heuristic`` (the module of the seat's faction, e.g.
``bots/root/marquise.py``; random where it has no opinion) and ``ismcts`` (information-set Monte Carlo
tree search through the kernel only: ``ismcts:800``, ``ismcts:iterations=800,rollout=heuristic,c=0.7``).

A bot may declare its spec parameters with :class:`Param` (type, bounds, allowed words); :func:`check_spec`
then refuses a bad spec before any game starts, with one line that says what to write instead
(:class:`UnknownBot` or :class:`BadBotParameter`, both :class:`~planszowki.engine.PlanszowkiError`).
"""

from __future__ import annotations

import inspect
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine import PlanszowkiError


class Bot(Protocol):
    def choose(self, state: Any, seat: str) -> str: ...


class UnknownBot(PlanszowkiError, ValueError):
    """A bot spec names no registered bot, or gives parameters the bot does not take."""


class BadBotParameter(UnknownBot):
    """A bot parameter with a value of the wrong type, out of its range, or not one of its words."""


_KIND_WORDS = {int: "a whole number", float: "a number", str: "a word"}


@dataclass(frozen=True)
class Param:
    """One parameter of a bot spec: its type (``int``, ``float`` or ``str``), the inclusive bounds ``low`` /
    ``high`` of a number, or the ``choices`` a word may take."""

    kind: type = float
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    def convert(self, bot: str, key: str, value: Any) -> Any:
        """``value`` as this parameter's type, or :class:`BadBotParameter` saying what is wanted."""
        where = f"bot {bot!r}: {key}"
        if self.kind is str:
            text = str(value)
            if self.choices and text not in self.choices:
                raise BadBotParameter(f"{where} must be one of {', '.join(self.choices)}, not {text!r}")
            return text
        out: Any = value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise BadBotParameter(f"{where} must be {self._wanted()}, not {value!r}")
        if not math.isfinite(value):
            raise BadBotParameter(f"{where} must be a finite number, not {value!r}")
        if self.kind is int:
            if isinstance(value, float) and not value.is_integer():
                raise BadBotParameter(f"{where} must be {self._wanted()}, not {value!r}")
            out = int(value)
        else:
            out = float(value)
        if (self.low is not None and out < self.low) or (self.high is not None and out > self.high):
            raise BadBotParameter(f"{where} must be {self._wanted()}, not {value!r}")
        return out

    def _wanted(self) -> str:
        what = _KIND_WORDS.get(self.kind, self.kind.__name__)
        fmt = (lambda x: str(int(x))) if self.kind is int else (lambda x: f"{x:g}")
        if self.low is not None and self.high is not None:
            return f"{what} from {fmt(self.low)} to {fmt(self.high)}"
        if self.low is not None:
            return f"{what} of at least {fmt(self.low)}"
        if self.high is not None:
            return f"{what} of at most {fmt(self.high)}"
        return what


_FACTORIES: dict[str, Callable[..., Bot]] = {}
_ALIASES: dict[str, str] = {}
_POSITIONAL: dict[str, tuple[str, ...]] = {}
_PARAMS: dict[str, dict[str, Param]] = {}


def register(name: str, factory: Callable[..., Bot], *, aliases: tuple[str, ...] = (),
             positional: tuple[str, ...] = (), params: Mapping[str, Param] | None = None) -> None:
    """Make ``factory(seed=..., **params)`` available as ``name`` (and its aliases). ``positional`` names
    the parameters that bare values in a spec fill, in order (``"ismcts:800"`` -> ``iterations=800``).
    ``params`` declares the spec parameters with their types and ranges (checked by :func:`check_spec`);
    without it, any keyword of the factory is taken as it is written."""
    for n in (name, *aliases):
        if n in _FACTORIES or n in _ALIASES:
            raise ValueError(f"bot name {n!r} is already registered")
    _FACTORIES[name] = factory
    _POSITIONAL[name] = tuple(positional)
    if params is not None:
        _PARAMS[name] = dict(params)
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
        if not eq or not key.strip():
            raise UnknownBot(f"bad bot parameter {part!r} in {spec!r}; write key=value")
        if key.strip() in params:
            raise UnknownBot(f"bot parameter {key.strip()!r} is given twice in {spec!r}")
        params[key.strip()] = _parse_value(value.strip())
    return name, params


def param_names(name: str) -> set[str]:
    """The keyword parameters bot ``name`` accepts in a spec (besides ``seed``)."""
    name = _ALIASES.get(name, name)
    if name in _PARAMS:
        return set(_PARAMS[name])
    factory = _FACTORIES.get(name)
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
    """Whether ``spec`` names a registered bot (its parameters are checked by :func:`check_spec`)."""
    try:
        return parse_spec(spec)[0] in _FACTORIES
    except UnknownBot:
        return False


def _takes_any_keyword(factory: Callable[..., Bot]) -> bool:
    try:
        return any(p.kind is p.VAR_KEYWORD for p in inspect.signature(factory).parameters.values())
    except (TypeError, ValueError):
        return True


def check_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Parse ``spec`` and check it against the bot's declared parameters, before any game starts:
    ``"ismcts:iterations=200"`` -> ``("ismcts", {"iterations": 200})``. Raises :class:`UnknownBot` for an
    unknown bot or parameter and :class:`BadBotParameter` for a value of the wrong type or range."""
    name, params = parse_spec(spec)
    factory = _FACTORIES.get(name)
    if factory is None:
        what = f"unknown bot {name!r}" if name else f"no bot named in {spec!r}"
        raise UnknownBot(f"{what}; known bots: {', '.join(names())}")
    known = param_names(name)
    unknown = sorted(k for k in params if k not in known)
    if unknown and (name in _PARAMS or not _takes_any_keyword(factory)):
        takes = f"it takes {', '.join(sorted(known))}" if known else "it takes no parameters"
        raise UnknownBot(f"bot {name!r} does not accept {', '.join(map(repr, unknown))}; {takes}")
    declared = _PARAMS.get(name)
    if declared is not None:
        params = {k: declared[k].convert(name, k, v) for k, v in params.items()}
    return name, params


def make(spec: str, seed: int = 0) -> Bot:
    """Build the bot named by ``spec`` ("random", alias "bot"), seeded with ``seed``; a bad spec raises
    :class:`UnknownBot` or :class:`BadBotParameter` (see :func:`check_spec`)."""
    name, params = check_spec(spec)
    try:
        return _FACTORIES[name](seed=seed, **params)
    except TypeError as exc:
        raise UnknownBot(f"bot {name!r} does not accept {sorted(params)}: {exc}") from exc
    except ValueError as exc:  # a bot checking its own parameters
        if isinstance(exc, PlanszowkiError):
            raise
        raise BadBotParameter(f"bot {name!r}: {exc}") from exc


def _register_builtin() -> None:
    from .heuristic import HeuristicBot
    from .ismcts import ISMCTSBot
    from .random import RandomBot

    register("random", RandomBot, aliases=("bot",), params={})
    register("heuristic", HeuristicBot, params={})
    register("ismcts", ISMCTSBot, positional=("iterations",), params=ISMCTSBot.PARAMS)


_register_builtin()

__all__ = ["BadBotParameter", "Bot", "Param", "UnknownBot", "check_spec", "is_bot", "make", "names", "param_names",
           "parse_spec", "register", "split_seats"]
