"""Appendix C, Variant Maps (Warianty Map), and the suit markers of Advanced Setup (A.1).

* A.1: on a variant map the 12 suit markers are shuffled face down and placed one per clearing; the game's
  suits are ``RootState.suits``, never the printed map's.
* C.1 Winter: the river divides forests (C.1.1) — only map data (``content.py``).
* C.2 Lake: the lake links the coastal clearings and divides forests (C.2.2–C.2.4, map data); the Ferry
  starts in the coastal corner (C.2.1) and carries moving pieces across the lake once per turn (C.2.5):
  :func:`ferry_targets` and :func:`take_ferry`, used by every move option builder.
* C.3 Mountain: closed paths make clearings not adjacent (C.3.2, ``RootState.adj``); once per turn in
  Daylight a player may spend a card to remove one and score a point (C.3.3): :func:`open_path_options`,
  the ``map.open_path`` step; the Pass scores its ruler a point at the end of their Evening (C.3.4).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...engine import Option, Step, UnsupportedSetup
from .content import SUIT_MARKERS, SUITS, Map
from .state import RootState


def _cite(rule: str) -> str:
    return f"root:{rule}"


def _register(cls: type[Step]) -> type[Step]:
    # the same registry turn.register fills; this module is imported by turn.py, so it cannot import it
    if cls.kind in RootState.STEPS:
        raise RuntimeError(f"duplicate step kind {cls.kind}")
    RootState.STEPS[cls.kind] = cls()
    return cls


# -- A.1 Suit markers ------------------------------------------------------------------------------
def suits_problem(value: Any, board: Map) -> UnsupportedSetup | None:
    """What is wrong with a ``suits`` setup option or position field (a refusal said in a person's language), or
    None when it is fine.

    Accepted: None (printed suits on Autumn, markers shuffled on a variant map), ``"random"`` (markers
    shuffled, A.1), ``"printed"`` (Autumn only), or the 12 markers in clearing order (4 of each suit)."""
    if value is None or value == "random":
        return None
    if value == "printed":
        return None if board.printed_suits else UnsupportedSetup.told("error_suits_not_printed", map=board.name)
    if not isinstance(value, (list, tuple)) or len(value) != board.n or not all(
            isinstance(s, str) and s in SUITS for s in value):
        return UnsupportedSetup.told("error_suits_value", n=board.n)
    counts = Counter(value)
    if counts != Counter(SUIT_MARKERS):
        return UnsupportedSetup.told("error_suits_markers", fox=counts["fox"], rabbit=counts["rabbit"],
                                     mouse=counts["mouse"])
    return None


def place_suit_markers(st: RootState, value: Any) -> None:
    """A.1: the clearings' suits for this game — shuffled markers from the game's generator, the markers
    given, or the printed suits. Logged unless they are the printed ones."""
    if value == "printed" or (value is None and st.map.printed_suits):
        return  # the state starts with the printed suits
    if value is None or value == "random":
        markers = list(SUIT_MARKERS)
        st.rng.shuffle(markers)
        st.suits = tuple(markers)
    else:
        st.suits = tuple(value)
    st.emit("suits", "A.1", suits=list(st.suits))


# -- C.2 The Lake ----------------------------------------------------------------------------------
def ferry_targets(st: RootState, src: int) -> tuple[int, ...]:
    """C.2.5: the coastal clearings pieces moving from ``src`` may reach on the Ferry this turn (none when
    the Ferry is elsewhere or has already carried pieces this turn). The lake links every coastal clearing
    to every other as a river (C.2.2), so this is the clearings linked to ``src`` by a river — which is also
    where the Ferry landmark goes on the other maps: an adjacent river clearing (Appendix F, the Ferry card)."""
    if st.ferry < 0 or src != st.ferry or st.turn.get("ferry"):
        return ()
    return tuple(c for c in st.map.rivers[src] if "torch" not in st.tokens[c])  # D.6.2: not into the torch


def take_ferry(st: RootState, seat: str, src: int, dst: int, ally: str | None = None) -> None:
    """C.2.5: the Ferry goes along with the pieces that moved on it, then the mover draws a card. When the
    Vagabond's Allied warriors come along (9.2.9.II.b), their faction draws one too (FAQ to C.2.5)."""
    st.ferry = dst
    st.turn["ferry"] = True
    st.emit("ferry", "C.2.5", faction=seat, src=src + 1, dst=dst + 1)
    st.draw(seat, 1, "C.2.5")
    if ally:
        st.draw(ally, 1, "C.2.5")


# -- C.3 The Mountain ------------------------------------------------------------------------------
def _openable(st: RootState, seat: str) -> list[tuple[int, int]]:
    """C.3.3: closed paths with any of ``seat``'s pieces in one of their two clearings."""
    return [(a, b) for a, b in st.closed if st.has_any_piece(a, seat) or st.has_any_piece(b, seat)]


def open_path_options(st: RootState, seat: str) -> list[Option]:
    """C.3.3: once per turn in Daylight, spend a card to remove a closed path marker. Choosing the path comes
    first; the card is chosen in the ``map.open_path`` step (any card: the rule asks for no suit)."""
    if not st.closed or st.turn.get("open_path") or not st.hands[seat]:
        return []
    return [Option(f"open path {a + 1}_{b + 1}", "open_path", {"clearing": a + 1, "to": b + 1}, _cite("C.3.3"))
            for a, b in _openable(st, seat)]


def open_path_possible(st: RootState, seat: str) -> bool:
    """Whether :func:`open_path_options` offers anything; public information only (a hand's size)."""
    return bool(st.closed) and not st.turn.get("open_path") and bool(st.hands[seat]) and bool(_openable(st, seat))


def start_open_path(st: RootState, seat: str, opt: Option) -> None:
    st.push("map.open_path", seat=seat, a=opt.args["clearing"] - 1, b=opt.args["to"] - 1)


@_register
class OpenPath(Step):
    """C.3.3: spend a card to remove the chosen closed path marker from the game and score one point."""

    kind = "map.open_path"
    rule = _cite("C.3.3")

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"clearing": fr["a"] + 1, "to": fr["b"] + 1}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"spend {st.card(c).key}", "spend_card", {"card": st.card(c).key}, _cite("C.3.3"))
                for c in st.distinct(st.hands[fr["seat"]])]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        seat, a, b = fr["seat"], fr["a"], fr["b"]
        cid = st.find_in(st.hands[seat], opt.args["card"])
        assert cid is not None
        st.turn["open_path"] = True
        st.spend(seat, cid, "C.3.3", "open_path")
        st.open_path(a, b)
        st.emit("open_path", "C.3.3", faction=seat, path=f"{a + 1}_{b + 1}", clearing=a + 1, to=b + 1)
        st.score(seat, 1, "C.3.3", "open_path")


def score_the_pass(st: RootState, seat: str) -> None:
    """C.3.4: at the end of a player's Evening, ruling the Pass (the Tower's clearing) scores one point."""
    if st.tower >= 0 and st.rules(st.tower, seat):  # the Tower landmark's card says the same (Appendix F)
        st.score(seat, 1, "C.3.4", "the_pass")
