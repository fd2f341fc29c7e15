"""The kernel's vocabulary: options, decisions, log events and errors.

Every game in planszowki speaks these types. A :class:`Decision` names the seat that must choose and
the legal :class:`Option` s; each option carries a stable id, a machine action name, its arguments and
the citation of the rule that allows it (DESIGN.md, promise 5).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, NamedTuple, Self


class Option:
    """One legal choice. ``id`` is unique within its decision and stable across runs.

    Written out rather than a dataclass (the same fields, ``repr``, equality and no hash): options are made at every
    decision, and the compiled core (``engine/core.pxd``) builds them as an extension type, which the ``dataclasses``
    decorator cannot change. :meth:`replace` is ``dataclasses.replace``."""

    __slots__ = ("action", "args", "id", "rule")

    def __init__(self, id: str, action: str, args: dict[str, Any] | None = None, rule: str = "") -> None:
        self.id = id
        self.action = action
        self.args = {} if args is None else args
        self.rule = rule

    def __repr__(self) -> str:
        return f"Option(id={self.id!r}, action={self.action!r}, args={self.args!r}, rule={self.rule!r})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        o: Option = other  # type: ignore[assignment]
        return self.id == o.id and self.action == o.action and self.args == o.args and self.rule == o.rule

    __hash__ = None  # type: ignore[assignment]  # equal options may differ later: args is a dict

    def replace(self, **changes: Any) -> Option:
        """A copy with the named fields changed, as ``dataclasses.replace`` does."""
        unknown = set(changes) - {"id", "action", "args", "rule"}
        if unknown:
            raise TypeError(f"Option has no field {sorted(unknown)[0]!r}")
        return Option(changes.get("id", self.id), changes.get("action", self.action), changes.get("args", self.args),
                      changes.get("rule", self.rule))

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "action": self.action, "args": dict(self.args), "rule": self.rule}


class Decision:
    """What the game waits for: ``player`` chooses one of ``options`` (never empty).

    Written out like :class:`Option` (the same fields, ``repr`` and equality a dataclass would give, no hash): one is
    made at every decision, and the compiled core builds it as an extension type too."""

    __slots__ = ("args", "kind", "options", "player", "rule")

    def __init__(self, player: str, options: tuple[Option, ...], kind: str = "", rule: str = "",
                 args: dict[str, Any] | None = None) -> None:
        self.player = player
        self.options = options
        self.kind = kind
        self.rule = rule
        self.args = {} if args is None else args

    def __repr__(self) -> str:
        return (f"Decision(player={self.player!r}, options={self.options!r}, kind={self.kind!r}, rule={self.rule!r}, "
                f"args={self.args!r})")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        o: Decision = other  # type: ignore[assignment]
        return (self.player == o.player and self.options == o.options and self.kind == o.kind and self.rule == o.rule
                and self.args == o.args)

    __hash__ = None  # type: ignore[assignment]  # args is a dict

    def find(self, option_id: str) -> Option | None:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        return None


class Event(NamedTuple):
    """A log entry. ``seats`` is None when public, else the seats that may see it.

    ``kind`` is a message key in the i18n catalogs; ``args`` fill the fields of that message; ``rule`` cites the
    rule that produced it. Events are immutable by convention and shared between copies of a state.
    """

    kind: str
    args: dict[str, Any]
    seats: tuple[str, ...] | None = None
    rule: str = ""

    def visible_to(self, seat: str | None) -> bool:
        return self.seats is None or (seat is not None and seat in self.seats)

    def to_json(self) -> dict[str, Any]:
        """The event as JSON-ready data sharing nothing with the event (its arguments are copied)."""
        return {"kind": self.kind, "args": plain(self.args), "seats": None if self.seats is None else list(self.seats),
                "rule": self.rule}

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Event:
        """The event of :meth:`to_json`'s data, sharing nothing with ``doc``."""
        seats = doc.get("seats")
        args = doc.get("args", {})
        if type(args) is not dict:
            raise TypeError(f"an event's args must be an object, not {type(args).__name__}")
        return cls(doc["kind"], plain(args), None if seats is None else tuple(seats), doc.get("rule", ""))


#: types :func:`plain` keeps as they are (immutable leaves of JSON-like data)
_LEAVES = frozenset({str, int, float, bool, type(None)})


def plain(x: Any) -> Any:
    """A deep copy of JSON-like data with tuples as lists (what a save document holds). Leaves are kept without a
    call each: a save is mostly leaves, and a long game's log makes this the bulk of a JSON round trip."""
    t = type(x)
    if t is dict:
        return {k: v if type(v) in _LEAVES else plain(v) for k, v in x.items()}
    if t is list or t is tuple:
        return [v if type(v) in _LEAVES else plain(v) for v in x]
    return x


class PlanszowkiError(Exception):
    """Base of every error the kernel raises on purpose.

    An error a person can meet (a setup refused, a seat taken …) is made with :meth:`told`: it names a message of
    the i18n catalogs' ``ui`` section and that message's arguments. Its message (``str(exc)``, for programs and logs)
    is the English text; :meth:`text` says it in a person's language. An error made the ordinary way has no key and
    is said in English everywhere. An argument that is itself a PlanszowkiError is said in the same language as the
    message around it (a refusal wrapped by the web server: "nie można przygotować tej gry: …" + the reason)."""

    #: the ``ui`` message this error says, or None (then :meth:`text` is ``str(self)``)
    key: str | None = None
    #: the arguments of that message
    fmt: Mapping[str, Any] = MappingProxyType({})

    @classmethod
    def told(cls, key: str, /, **args: Any) -> Self:
        """The error saying the catalog message ``key`` with ``args``; its ``str`` is the English text."""
        exc = cls(_say(key, "en", args))
        exc.key = key
        exc.fmt = args
        return exc

    @classmethod
    def saying(cls, other: PlanszowkiError) -> Self:
        """An error of this class that says what ``other`` says, in every language (a content file's problem
        refused as a setup, a save's problem answered by the web server)."""
        exc = cls(str(other))
        exc.key, exc.fmt = other.key, other.fmt
        return exc

    def text(self, lang: str) -> str:
        """The error in ``lang`` ("en" or "pl"): its catalog message, else its (English) message."""
        return _say(self.key, lang, self.fmt) if self.key is not None else str(self)


def _say(key: str, lang: str, args: Mapping[str, Any]) -> str:
    # the catalogs are not a game: the kernel may read them, and only when an error is said (no import cycle)
    from .. import i18n

    return i18n.tr(key, lang, **{k: v.text(lang) if isinstance(v, PlanszowkiError) else v for k, v in args.items()})


class IllegalAction(PlanszowkiError):
    """An option id that is not legal now. The state is unchanged."""

    def __init__(self, reason: str, rule: str = "", legal_count: int = 0) -> None:
        self.reason = reason
        self.rule = rule
        self.legal_count = legal_count
        cite = f" (rule {rule})" if rule else ""
        super().__init__(f"{reason}{cite}; {legal_count} legal option(s) available")


class GameOver(IllegalAction):
    """Raised when an option is applied to a finished game."""

    def __init__(self) -> None:
        super().__init__("the game is over; no option can be applied", "", 0)


class UnsupportedSetup(PlanszowkiError):
    """A faction, map or option this version does not implement yet (named with its rule)."""


class InvalidPosition(PlanszowkiError):
    """A position or save document that cannot be loaded; the message says what is wrong."""


class UnsupportedPosition(UnsupportedSetup, InvalidPosition):
    """A position that names a faction, map or option not implemented yet: both unsupported and unloadable."""


class UnknownGame(PlanszowkiError):
    """``planszowki.load`` was given a name that is not registered."""
