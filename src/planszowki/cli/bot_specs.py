"""A bot spec refused in the person's language: ``--seats marquise=ismcts:iterations=lots`` on the command line,
the lobby's "bot with parameters" field on the web.

:func:`bots.check_spec <planszowki.bots.check_spec>` refuses a bad spec with an English message. :func:`check`
asks it and, when it refuses, finds which rule of the spec was broken — the same rules, in the same order — and
tells that by a catalog message (``error_bot_*``, :meth:`PlanszowkiError.told`); the error keeps the class bots
gave it (:class:`~planszowki.bots.UnknownBot`, :class:`~planszowki.bots.BadBotParameter`), its English text
bots' own words. A refusal this module does not know is passed on as bots said it.

(The refusals belong in ``bots/__init__.py`` itself, told there; that module was being changed for speed when
this was written, so the catalog side lives here until they can move.)
"""

from __future__ import annotations

import math
from typing import Any

from .. import bots
from ..bots import BadBotParameter, UnknownBot


def check(spec: str) -> tuple[str, dict[str, Any]]:
    """``bots.check_spec(spec)``: the bot's name and parameters; a refusal told by a catalog message."""
    try:
        return bots.check_spec(spec)
    except UnknownBot as exc:
        raise (_told(spec, exc) or exc) from None


def _told(spec: str, exc: UnknownBot) -> UnknownBot | None:
    """The refusal ``exc`` of ``spec``, told by a catalog message; None when it is not one of check_spec's."""
    name, _, rest = spec.strip().partition(":")
    seen: set[str] = set()
    # bots.parse_spec: key=value parts, each key once; only the first part may be a bare value, for a bot that
    # takes one (e.g. "ismcts:800")
    for i, part in enumerate(p.strip() for p in rest.replace(";", ",").split(",") if p.strip()):
        key, eq, _ = part.partition("=")
        if not eq and i == 0 and _takes_a_bare_value(name):
            continue
        if not eq or not key.strip():
            return UnknownBot.told("error_bot_param_malformed", part=part, spec=spec)
        if key.strip() in seen:
            return UnknownBot.told("error_bot_param_twice", param=key.strip(), spec=spec)
        seen.add(key.strip())
    # bots.check_spec: a registered bot, parameters it accepts, values of the declared kind and range
    name, params = bots.parse_spec(spec)
    if not bots.is_bot(spec):
        if not name:
            return UnknownBot.told("error_bot_none_named", spec=spec, bots=bots.names())
        return UnknownBot.told("error_bot_unknown", name=name, bots=bots.names())
    known = bots.param_names(name)
    unknown = sorted(k for k in params if k not in known)
    if unknown and not isinstance(exc, BadBotParameter):
        keys = [repr(k) for k in unknown]
        if known:
            return UnknownBot.told("error_bot_params_unknown", name=name, keys=keys, known=sorted(known))
        return UnknownBot.told("error_bot_takes_no_params", name=name, keys=keys)
    declared = bots._PARAMS.get(name, {})  # read only: the types and ranges bots declared (Param)
    for key, value in params.items():
        param = declared.get(key)
        if param is None:
            continue
        try:
            param.convert(name, key, value)
        except BadBotParameter:
            return _bad_value(name, key, value, param)
    return None


def _takes_a_bare_value(name: str) -> bool:
    try:
        bots.parse_spec(f"{name}:1")
    except UnknownBot:
        return False
    return True


def _bad_value(bot: str, key: str, value: Any, param: bots.Param) -> BadBotParameter:
    """``bots.Param.convert``'s refusal of ``value``: not one of its words, or not a number of its kind and range."""
    if param.kind is str:
        return BadBotParameter.told("error_bot_param_word", name=bot, param=key, words=list(param.choices),
                                    value=repr(str(value)))
    if isinstance(value, int | float) and not isinstance(value, bool) and not math.isfinite(value):
        return BadBotParameter.told("error_bot_param_finite", name=bot, param=key, value=repr(value))
    whole = param.kind is int

    def shown(x: float) -> str:
        return str(int(x)) if whole else f"{x:g}"

    if param.low is not None and param.high is not None:
        if whole:
            return BadBotParameter.told("error_bot_param_whole_between", name=bot, param=key, low=shown(param.low),
                                        high=shown(param.high), value=repr(value))
        return BadBotParameter.told("error_bot_param_number_between", name=bot, param=key, low=shown(param.low),
                                    high=shown(param.high), value=repr(value))
    if param.low is not None:
        if whole:
            return BadBotParameter.told("error_bot_param_whole_at_least", name=bot, param=key, low=shown(param.low),
                                        value=repr(value))
        return BadBotParameter.told("error_bot_param_number_at_least", name=bot, param=key, low=shown(param.low),
                                    value=repr(value))
    if param.high is not None:
        if whole:
            return BadBotParameter.told("error_bot_param_whole_at_most", name=bot, param=key, high=shown(param.high),
                                        value=repr(value))
        return BadBotParameter.told("error_bot_param_number_at_most", name=bot, param=key, high=shown(param.high),
                                    value=repr(value))
    if whole:
        return BadBotParameter.told("error_bot_param_whole", name=bot, param=key, value=repr(value))
    return BadBotParameter.told("error_bot_param_number", name=bot, param=key, value=repr(value))
