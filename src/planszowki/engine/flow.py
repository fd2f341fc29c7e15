"""Turn flow as an explicit stack of data frames (DESIGN.md, promise 1).

A game state keeps ``stack``: a list of small dicts, each with a ``"k"`` key naming its :class:`Step`.
The top frame is what happens next. A step is either *automatic* (``run`` mutates the state, usually
popping itself or pushing children) or a *decision* (``options`` lists what its ``player`` may choose,
``choose`` applies one). After every applied option the state is *settled*: automatic frames run until
a decision frame is on top or the game is over. Frames hold only plain data (str, int, bool, None and
lists/dicts of them), so a state pickles, copies and round-trips through JSON unchanged.
"""

from __future__ import annotations

from typing import Any, ClassVar

from .core import Decision, Event, GameOver, IllegalAction, Option, plain
from .rng import Rng

Frame = dict[str, Any]
#: builds an :class:`Event` from its four fields without the named tuple's Python-level ``__new__``
_new_tuple = tuple.__new__


class Step:
    """Handler of one frame kind. Subclasses are stateless; all data lives in the frame."""

    kind: ClassVar[str] = ""
    auto: ClassVar[bool] = False
    #: apply the only option without asking (a forced consequence, not a choice)
    forced_single: ClassVar[bool] = False
    rule: ClassVar[str] = ""

    def forced(self, st: Any, fr: Frame) -> bool:
        """Whether a lone option applies itself. Must depend only on public information, or the
        mere presence of a decision would leak what a seat holds (promise 4)."""
        return self.forced_single

    def run(self, st: Any, fr: Frame) -> None:  # automatic steps
        raise RuntimeError(f"step {self.kind} is not automatic")

    #: the deciding seat when it is always the same faction (e.g. a faction's own steps)
    seat: ClassVar[str] = ""

    def player(self, st: Any, fr: Frame) -> str:
        """The seat that decides: the frame's ``seat`` field, else the step's ``seat``."""
        seat = fr.get("seat") or self.seat
        if not seat:
            raise RuntimeError(f"step {self.kind} has no deciding player")
        return seat

    def options(self, st: Any, fr: Frame) -> list[Option]:
        raise RuntimeError(f"step {self.kind} offers no options")

    def choose(self, st: Any, fr: Frame, opt: Option) -> None:
        raise RuntimeError(f"step {self.kind} cannot apply options")

    def prompt(self, st: Any, fr: Frame) -> dict[str, Any]:
        """Arguments for the decision's prompt message (``decision.<kind>`` in the catalogs)."""
        return {}


class LogChain:
    """Append-only log shared structurally between copies: a copy costs O(1)."""

    __slots__ = ("_n", "_tail")

    def __init__(self) -> None:
        self._tail: tuple[Event, Any] | None = None
        self._n = 0

    def append(self, ev: Event) -> None:
        self._tail = (ev, self._tail)
        self._n += 1

    def __len__(self) -> int:
        return self._n

    def events(self) -> list[Event]:
        out: list[Event] = []
        node = self._tail
        while node is not None:
            out.append(node[0])
            node = node[1]
        out.reverse()
        return out

    def since(self, k: int) -> list[Event]:
        """The events after the first ``k``, oldest first: O(number of them), not of the whole log."""
        out: list[Event] = []
        node = self._tail
        for _ in range(self._n - max(k, 0)):
            out.append(node[0])  # type: ignore[index]
            node = node[1]  # type: ignore[index]
        out.reverse()
        return out

    def copy(self) -> LogChain:
        c = LogChain.__new__(LogChain)
        c._tail = self._tail
        c._n = self._n
        return c

    # Pickle as a flat list: the linked tuples would recurse once per event and overflow the stack.
    def __getstate__(self) -> list[Event]:
        return self.events()

    def __setstate__(self, events: list[Event]) -> None:
        self._tail = None
        self._n = 0
        for ev in events:
            self.append(ev)


class FlowState:
    """Base class of stack-driven game states.

    Subclasses set ``STEPS`` (kind -> Step instance) and implement ``_copy_into``, the game data
    serialisation and ``view``. ``apply`` validates the option id against the current decision before
    mutating anything, so an illegal id leaves the state untouched.
    """

    STEPS: ClassVar[dict[str, Step]] = {}
    GAME: ClassVar[str] = ""

    def __init__(self) -> None:
        self.stack: list[Frame] = []
        self.rng = Rng(0)
        self.log_chain = LogChain()
        self.result: dict[str, Any] | None = None
        self._decision: Decision | None = None
        self.applied = 0

    # -- kernel API -------------------------------------------------------------------------------
    @property
    def decision(self) -> Decision | None:
        if self.result is not None:
            return None
        if self._decision is None:
            self._settle()
        return self._decision

    @property
    def terminal(self) -> bool:
        return self.result is not None

    @property
    def log(self) -> list[Event]:
        return self.log_chain.events()

    def apply(self, option_id: str) -> None:
        d = self.decision
        if d is None:
            raise GameOver()
        opt = d.find(option_id)
        if opt is None:
            raise IllegalAction(f"option {option_id!r} is not legal for {d.player} now ({d.kind})",
                                d.rule, len(d.options))
        self._apply_option(opt)

    def playout(self, rng: Rng, limit: int) -> int:
        """Play uniformly random options until the game ends or ``limit`` decisions have been taken; return how
        many were taken. The same game as applying ``options[rng.below(len(options))]`` at each decision (a lone
        option without a draw), but no :class:`Decision` is built, no prompt asked and no id looked up: the
        random rollouts of a search spend about a tenth of their time on those."""
        if limit <= 0:
            return 0
        d = self.decision
        if d is None:
            return 0
        taken = 0
        opts: list[Option] | tuple[Option, ...] | None = d.options
        while opts is not None and taken < limit:
            fr = self.stack[-1]
            self._decision = None
            self.applied += 1
            self.STEPS[fr["k"]].choose(self, fr, opts[rng.below(len(opts))] if len(opts) > 1 else opts[0])
            taken += 1
            opts = self._next_options()
        return taken

    def legal_ids(self) -> list[str]:
        d = self.decision
        return [] if d is None else [o.id for o in d.options]

    # -- machinery --------------------------------------------------------------------------------
    def _apply_option(self, opt: Option) -> None:
        fr = self.stack[-1]
        step = self.STEPS[fr["k"]]
        self._decision = None
        self.applied += 1
        step.choose(self, fr, opt)
        self._settle()

    def _settle(self) -> None:
        """Run automatic frames until a decision is due (or the game ends)."""
        opts = self._next_options()
        if opts is None:
            self._decision = None
            return
        fr = self.stack[-1]
        step = self.STEPS[fr["k"]]
        # a step without its own citation takes its first option's, so errors always cite a rule
        self._decision = Decision(step.player(self, fr), tuple(opts), fr["k"], step.rule or opts[0].rule,
                                  step.prompt(self, fr))

    def _next_options(self) -> list[Option] | None:
        """Run automatic frames, and lone forced options, until the top frame is a decision; return its options
        (None once the game is over). Leaves ``_decision`` to the caller."""
        guard = 0
        while self.result is None:
            guard += 1
            if guard > 100_000:
                raise RuntimeError("flow did not settle: a step loops without progress")
            if not self.stack:
                raise RuntimeError("empty flow stack in a running game")
            fr = self.stack[-1]
            step = self.STEPS[fr["k"]]
            if step.auto:
                step.run(self, fr)
                continue
            opts = step.options(self, fr)
            if not opts:
                raise RuntimeError(f"decision step {fr['k']} produced no options")
            if len(opts) == 1 and step.forced(self, fr):
                self.applied += 1
                step.choose(self, fr, opts[0])
                continue
            return opts
        return None

    def push(self, kind: str, **data: Any) -> Frame:
        fr: Frame = {"k": kind, **data}
        self.stack.append(fr)
        return fr

    def pop(self, fr: Frame) -> None:
        top = self.stack.pop()
        if top is not fr:
            raise RuntimeError(f"popped {top['k']} while finishing {fr['k']}")

    def emit(self, kind: str, rule: str = "", seats: tuple[str, ...] | None = None, **args: Any) -> None:
        # LogChain.append and Event(...) inlined: every applied option emits a few events
        chain = self.log_chain
        chain._tail = (_new_tuple(Event, (kind, args, seats, rule)), chain._tail)
        chain._n += 1


def copy_frames(stack: list[Frame]) -> list[Frame]:
    """Copy frames one level deep (frames hold scalars and flat lists/dicts of scalars)."""
    out = []
    for fr in stack:
        c = dict(fr)
        for key, val in fr.items():
            t = type(val)
            if t is list:
                c[key] = list(val)
            elif t is dict:
                c[key] = dict(val)
        out.append(c)
    return out


__all__ = ["FlowState", "Frame", "LogChain", "Step", "copy_frames", "plain"]
