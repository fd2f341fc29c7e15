"""Ironwood invariants the lab checks along games (``planszowki soak ironwood``, ``play_game(check_every=...)``).

Read only through the state's plain data, so they hold whatever content is loaded:

* a running game always has a decision with options, never empty;
* components are conserved ("Liczba komponentów jest ograniczona"): units, sites, totems, markers and crystals
  never below zero nor above the supply; every action card of a faction is in exactly one place (hand, deck,
  discard pile, a slot, spent beside the pile, in play as Temporary, expiring, placed in the fight in progress);
  every vision card in exactly one place (hand, deck, burned, shown);
* progress is 0–3 (secured totems, outer forges) and only a finished game has reached 3;
* ``copy()`` and the JSON round trip give equal states (DESIGN.md, promise 1).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..games.ironwood.state import SEATS, IronwoodState
from .round_trip import check_round_trip


def check_decision(st: IronwoodState) -> None:
    if st.terminal:
        assert st.decision is None, "a finished game still asks for a decision"
        return
    d = st.decision
    assert d is not None and d.options, "a running game without a decision or without options"
    assert d.player in SEATS, f"decision for an unknown seat {d.player!r}"
    assert len({o.id for o in d.options}) == len(d.options), f"duplicate option ids in {d.kind}"


def check_components(st: IronwoodState) -> None:
    for what in ("ww", "icw", "golem", "forge", "totem", "marker", "crystal"):
        assert st.supply(what) >= 0, f"more {what} on the table than the supply holds ({st.supply(what)})"
    for name in ("ww", "icw", "golems"):
        assert min(getattr(st, name)) >= 0, f"a negative count of {name}"
    assert min(st.crystals.values()) >= 0 and st.cargo >= 0, "negative crystals"
    assert 0 <= st.drill_step <= 3, f"drill track step {st.drill_step}"
    cards = st.content.cards
    for seat in SEATS:
        places: Counter[str] = Counter(st.hand[seat]) + Counter(st.deck[seat]) + Counter(st.discard[seat])
        places += Counter(st.spent[seat])
        in_slots = [c for slot in st.slots[seat] for c in slot if c != "pass"]
        places += Counter(in_slots)
        places += Counter(c for c, _ in st.temporary[seat] if c not in in_slots)
        for f in st.stack:  # Temporary cards whose last marker went, waiting to be resolved in the chosen order
            if f["k"] == "iw.expire" and f["seat"] == seat:
                places += Counter(f["expired"])
        fr = st._battle_frame()
        if fr is not None and fr.get("stage") != "win":
            key = "ca" if fr["att"] == seat else "cd"
            if fr.get(key):
                places[fr[key]] += 1
        removed = set(st.content.solo_removed.get(st.options.get("opponent") or "", ()))  # out of a solo game
        want = Counter(c for c, card in cards.items() if card.faction == seat and c not in removed)
        assert places == want, (f"{seat}: cards not conserved; extra {sorted((places - want).elements())}, "
                                f"missing {sorted((want - places).elements())}")
    visions = Counter(st.visions) + Counter(st.vision_deck) + Counter(st.vision_discard) + Counter(st.vision_shown)
    want_v = Counter(st.content.vision_inner) + Counter(st.content.vision_outer)
    assert visions == want_v, f"vision cards not conserved: {dict(visions - want_v)} / {dict(want_v - visions)}"


def check_progress(st: IronwoodState) -> None:
    for seat, v in st.vp.items():
        assert 0 <= v <= 3, f"{seat} progress {v} out of 0-3"
        if v >= 3:
            assert st.terminal, f"{seat} reached 3 but the game goes on"


def check_state(st: IronwoodState, *, round_trip: bool = False, game: Any = None) -> None:
    """Every cheap invariant of a running game (and the round trip when ``round_trip``)."""
    check_decision(st)
    check_components(st)
    check_progress(st)
    if round_trip:
        if game is None:
            from ..engine import load

            game = load("ironwood")
        check_round_trip(st, game)


def check_finished(st: IronwoodState) -> dict:
    """End-of-game invariants: a real result with a winner who reached 3 (or resigned), components conserved."""
    assert st.terminal and st.decision is None, "the game did not finish"
    res = st.result
    assert res is not None and len(res["winners"]) == 1, f"a result without one winner: {res}"
    winner = res["winners"][0]
    assert res["reason"] in ("totems", "forges", "resignation"), f"unknown end reason {res['reason']!r}"
    if res["reason"] != "resignation":
        assert st.vp[winner] >= 3, f"{winner} won by {res['reason']} with progress {st.vp[winner]}"
    check_components(st)
    return res
