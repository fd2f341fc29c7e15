"""Taking options back, and options that are no choice — game-agnostic rules both interfaces follow (the terminal,
cli/play.py, and the browser, web/tables.py).

* A person may take back their own last options while nothing hidden has come out since (:func:`reveals`) and no
  other seat has decided.
* A decision with a single option is taken without asking only when asking would hide nothing
  (:func:`publicly_forced`): the deciding seat knows nothing a spectator does not.
"""

from __future__ import annotations

from typing import Any

#: how many redeals of the hidden cards must leave the deciding seat's view unchanged (:func:`publicly_forced`)
REDEALS = 4


def reveals(before: Any, after: Any) -> bool:
    """Whether an option brought something hidden out, so it cannot be taken back: it used chance (the state's
    random generator moved: dice, a draw from a deck, a shuffle), wrote a log line only some seats see (a drawn
    card, a secret choice), or revealed something (a log event named ``*reveal*``)."""
    rng_a, rng_b = getattr(before, "rng", None), getattr(after, "rng", None)
    if rng_a is not None and rng_a != rng_b:
        return True
    chain_a, chain_b = getattr(before, "log_chain", None), getattr(after, "log_chain", None)
    new = chain_b.since(len(chain_a)) if chain_a is not None and chain_b is not None else \
        after.log[len(before.log):]
    return any(e.seats is not None or "reveal" in e.kind for e in new)


def publicly_forced(game: Any, state: Any, seeds: list[int]) -> str | None:
    """The single option of the decision, if taking it without asking reveals nothing: in every redeal of what a
    spectator cannot see (``game.determinize(state, None, seed)`` for each seed) the decision is the same single
    option and the deciding seat's own view is unchanged — the seat knows nothing a spectator does not. So the
    Eyrie's one Decree action left is taken for a player with no cards in hand, but asked of one holding cards
    (answering at once would tell the others the hand cannot change it)."""
    d = state.decision
    if d is None or len(d.options) != 1:
        return None
    only = d.options[0].id
    mine = state.view(d.player, log=False)  # what the seat knows now (the log is history both share)
    for seed in seeds:
        other = game.determinize(state, None, seed)
        od = other.decision
        if od is None or od.player != d.player or len(od.options) != 1 or od.options[0].id != only \
                or other.view(d.player, log=False) != mine:
            return None
    return only


class UndoStack:
    """The trailing options one seat may take back, each with the state before it."""

    def __init__(self) -> None:
        self.items: list[tuple[str, Any]] = []

    def applied(self, seat: str, before: Any, after: Any) -> None:
        """Note an option ``seat`` applied (``before``: a copy of the state before it)."""
        if self.items and self.items[-1][0] != seat:
            self.items.clear()  # another seat has decided since: those are no longer anyone's to take back
        if reveals(before, after):
            self.items.clear()
        else:
            self.items.append((seat, before))

    def others_decided(self) -> None:
        self.items.clear()

    def seat(self) -> str | None:
        """The seat whose last option may be taken back, if any."""
        return self.items[-1][0] if self.items else None

    def pop(self) -> Any:
        """Take the last option back: the state before it."""
        return self.items.pop()[1]
