"""Tryb solo: the two solo opponents (``ironbot``, ``forestbot``) and what they share — the Magic die.

"Rozstrzyganie remisu: Magiczna kość": whenever a bot must pick a location (or a warband, by its location) and
several options still tie after its criteria, the Magic die is rolled (``st.rng``); its four faces pick the tied
option with the highest even number, the highest odd number, the lowest even number, the lowest odd number; every
tie in the same bot turn gets its own roll.

Location numbers: the printed board numbers its locations; our board data has no numbers, so a location's number is
the number in its id (forests ``f1`` … ``f14`` → 1 … 14), and a location whose id has no digits (the mountains) is
numbered by its place among the board's mountains in board order (the demonstration board: Ferrum 1, Auria 2,
Lithimar 3, Palladimor 4, Zincur 5, Cobaltis 6, Argentimar 7, Chromia 8, Cuprumis 9, Gallimor 10, Plumbarum 11).
A tie is always between locations of one type, so the two numberings never meet. When no tied option has the
face's parity, the face picks the highest (or lowest) number of the other parity.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..sections import cite
from ..state import IronwoodState

#: the die's faces, in the order ``st.rng.below(4)`` picks them
FACES = ("highest_even", "highest_odd", "lowest_even", "lowest_odd")


def location_number(st: IronwoodState, i: int) -> int:
    """The number the Magic die reads for location ``i`` (see the module docstring)."""
    lid = st.board.ids[i]
    digits = "".join(ch for ch in lid if ch.isdigit())
    if digits:
        return int(digits)
    return st.board.mountains().index(i) + 1 if st.board.types[i] == "mountain" else i + 1


def magic_die(st: IronwoodState, tied: Sequence[int], rule: str = "") -> int:
    """One of the tied locations ``tied`` (indices); rolls the Magic die only when there is a real tie."""
    opts = list(dict.fromkeys(tied))
    if not opts:
        raise ValueError("magic_die needs at least one option")
    if len(opts) == 1:
        return opts[0]
    face = st.rng.below(4)
    nums = {i: location_number(st, i) for i in opts}
    want_even = face in (0, 2)
    highest = face in (0, 1)
    pool = [i for i in opts if (nums[i] % 2 == 0) == want_even] or opts
    pick = max(pool, key=lambda i: nums[i]) if highest else min(pool, key=lambda i: nums[i])
    st.emit("iw.magic_die", rule or cite("solo.magic_die"), face=FACES[face], loc=st.lid(pick),
            tied=[st.lid(i) for i in opts])
    return pick
