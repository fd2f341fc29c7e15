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


@dataclass(frozen=True)
class Param:
    """One parameter of a bot spec: its type (``int``, ``float`` or ``str``), the inclusive bounds ``low`` /
    ``high`` of a number, or the ``choices`` a word may take."""

    kind: type = float
    low: float | None = None
    high: float | None = None
    choices: tuple[str, ...] = ()

    def convert(self, bot: str, key: str, value: Any) -> Any:
        """``value`` as this parameter's type, or :class:`BadBotParameter` saying what is wanted (a catalog
        message, said in the person's language by the terminal and the lobby)."""
        if self.kind is str:
            text = str(value)
            if self.choices and text not in self.choices:
                raise BadBotParameter.told("error_bot_param_word", name=bot, param=key, words=list(self.choices),
                                           value=repr(text))
            return text
        out: Any = value
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise self._unwanted(bot, key, value)
        if not math.isfinite(value):
            raise BadBotParameter.told("error_bot_param_finite", name=bot, param=key, value=repr(value))
        if self.kind is int:
            if isinstance(value, float) and not value.is_integer():
                raise self._unwanted(bot, key, value)
            out = int(value)
        else:
            out = float(value)
        if (self.low is not None and out < self.low) or (self.high is not None and out > self.high):
            raise self._unwanted(bot, key, value)
        return out

    def _unwanted(self, bot: str, key: str, value: Any) -> BadBotParameter:
        """The refusal of ``value``: a whole number or a number, between bounds, at least or at most one, or any."""
        low, high, v = self.low, self.high, repr(value)

        def shown(x: float) -> str:
            return str(int(x)) if self.kind is int else f"{x:g}"

        if self.kind is int:
            if low is not None and high is not None:
                return BadBotParameter.told("error_bot_param_whole_between", name=bot, param=key, low=shown(low),
                                            high=shown(high), value=v)
            if low is not None:
                return BadBotParameter.told("error_bot_param_whole_at_least", name=bot, param=key, low=shown(low),
                                            value=v)
            if high is not None:
                return BadBotParameter.told("error_bot_param_whole_at_most", name=bot, param=key, high=shown(high),
                                            value=v)
            return BadBotParameter.told("error_bot_param_whole", name=bot, param=key, value=v)
        if low is not None and high is not None:
            return BadBotParameter.told("error_bot_param_number_between", name=bot, param=key, low=shown(low),
                                        high=shown(high), value=v)
        if low is not None:
            return BadBotParameter.told("error_bot_param_number_at_least", name=bot, param=key, low=shown(low), value=v)
        if high is not None:
            return BadBotParameter.told("error_bot_param_number_at_most", name=bot, param=key, high=shown(high),
                                        value=v)
        return BadBotParameter.told("error_bot_param_number", name=bot, param=key, value=v)


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
            raise UnknownBot.told("error_bot_param_malformed", part=part, spec=spec)
        if key.strip() in params:
            raise UnknownBot.told("error_bot_param_twice", param=key.strip(), spec=spec)
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
        if name:
            raise UnknownBot.told("error_bot_unknown", name=name, bots=names())
        raise UnknownBot.told("error_bot_none_named", spec=spec, bots=names())
    known = param_names(name)
    unknown = sorted(k for k in params if k not in known)
    if unknown and (name in _PARAMS or not _takes_any_keyword(factory)):
        keys = [repr(k) for k in unknown]
        if known:
            raise UnknownBot.told("error_bot_params_unknown", name=name, keys=keys, known=sorted(known))
        raise UnknownBot.told("error_bot_takes_no_params", name=name, keys=keys)
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
        raise UnknownBot.told("error_bot_factory_refused", name=name, params=str(sorted(params)),
                               reason=str(exc)) from exc
    except ValueError as exc:  # a bot checking its own parameters
        if isinstance(exc, PlanszowkiError):
            raise
        raise BadBotParameter.told("error_bot_factory_value", name=name, reason=str(exc)) from exc


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
