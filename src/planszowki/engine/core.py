"""The kernel's vocabulary: options, decisions, log events and errors.

Every game in planszowki speaks these types. A :class:`Decision` names the seat that must choose and
the legal :class:`Option` s; each option carries a stable id, a machine action name, its arguments and
the citation of the rule that allows it (DESIGN.md, promise 5).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple


@dataclass(slots=True)
class Option:
    """One legal choice. ``id`` is unique within its decision and stable across runs."""

    id: str
    action: str
    args: dict[str, Any] = field(default_factory=dict)
    rule: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "action": self.action, "args": dict(self.args), "rule": self.rule}


@dataclass(slots=True)
class Decision:
    """What the game waits for: ``player`` chooses one of ``options`` (never empty)."""

    player: str
    options: tuple[Option, ...]
    kind: str = ""
    rule: str = ""
    args: dict[str, Any] = field(default_factory=dict)

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
    """Base of every error the kernel raises on purpose."""


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
