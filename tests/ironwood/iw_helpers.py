"""Shared helpers for Ironwood rule tests (``from iw_helpers import ...``).

Tests build their positions with :func:`pos` in the documented position format (position.py) and define the
cards they depend on inline with :func:`card`, so a rule test holds whatever content is loaded: a card's
combat values and effects are the test's own, never the demonstration set's.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import planszowki
from planszowki.games.ironwood.state import IC, WW, IronwoodState

GAME = planszowki.load("ironwood")
WW_BASE = ["WW01P", "WW02P", "WW03P"]
IC_BASE = ["IC01P", "IC02P", "IC03P"]


def card(effects: list[dict[str, Any]] | None = None, damage: int = 0, defense: int = 0, dominance: int = 0,
         **extra: Any) -> dict[str, Any]:
    """An inline card entry: a test's own name, effects and combat values (temporary, on_expire, on_burn)."""
    return {"name": {"en": "Test card", "pl": "Karta testowa"}, "effects": effects or [], "damage": damage,
            "defense": defense, "dominance": dominance, **extra}


def pos(cards: dict[str, dict[str, Any]] | None = None, **doc: Any) -> IronwoodState:
    """A state from a position; ``cards`` become the position's inline content (merged over the demo set)."""
    d: dict[str, Any] = dict(doc)
    if cards:
        d["content"] = {"cards": cards}
    d.setdefault("seed", 1)
    return GAME.from_position(d)


def ids(st: IronwoodState) -> list[str]:
    return [o.id for o in st.decision.options]


def play(st: IronwoodState, *option_ids: str) -> IronwoodState:
    for oid in option_ids:
        st.apply(oid)
    return st


def at(st: IronwoodState, lid: str) -> dict[str, int]:
    i = st.loc(lid)
    return {"ww": st.ww[i], "icw": st.icw[i], "golems": st.golems[i]}


def kinds(st: IronwoodState, kind: str) -> list[dict[str, Any]]:
    return [e.args for e in st.log if e.kind == kind]


def who(st: IronwoodState) -> tuple[str, str]:
    d = st.decision
    return d.player, d.kind


def digest(st: IronwoodState) -> str:
    doc = GAME.to_json(st)
    doc.pop("log")
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def check_components(st: IronwoodState) -> None:
    """Limited components never above the box's counts nor below zero; every card in exactly one place."""
    for what in ("ww", "icw", "golem", "forge", "totem", "marker", "crystal"):
        assert st.supply(what) >= 0, (what, st.supply(what))
    for arr in (st.ww, st.icw, st.golems, st.mv_ww, st.mv_icw, st.mv_golem):
        assert min(arr) >= 0
    for units, moved in ((st.ww, st.mv_ww), (st.icw, st.mv_icw), (st.golems, st.mv_golem)):
        assert all(m <= u for u, m in zip(units, moved, strict=True)), "more units moved than stand there"
    assert 0 <= st.drill_step <= 3 and st.board.types[st.drill] == "mountain"
    # a totem on the board is in an inner forest: one carried to an outer forest is secured at once
    assert all(st.board.types[t[0]] == "forest" and not st.board.is_outer(t[0]) for t in st.totems)
    assert st.secured <= 3
    for i, t in enumerate(st.board.types):
        assert not (st.ww[i] and t != "forest") and not ((st.icw[i] or st.golems[i]) and t != "mountain")
    assert min(st.crystals.values()) >= 0 and st.cargo >= 0
    battle = st._battle_frame()
    for s in (WW, IC):
        in_slots = [c for sl in st.slots[s] for c in sl if c != "pass"]
        where = [*st.hand[s], *st.deck[s], *st.discard[s], *st.spent[s], *in_slots,
                 *(c for c, _ in st.temporary[s] if c not in in_slots)]
        if battle is not None:  # a placed card lies in the fight until the battle's clean-up
            key = "ca" if battle["att"] == s else "cd"
            if battle.get(key) and battle["stage"] in ("placed", "wounded", "cleanup"):
                where.append(battle[key])
        for fr in st.stack:  # Temporary cards whose last marker went, waiting for the order of their effects
            if fr["k"] == "iw.expire" and fr["seat"] == s:
                where.extend(fr["expired"])
        full = sorted(st.content.deck(s, True) + st.content.deck(s, False))
        assert sorted(where) == full, (s, sorted(set(full) - set(where)), [c for c in where if where.count(c) > 1])
    visions = sorted([*st.visions, *st.vision_deck, *st.vision_discard, *st.vision_shown])
    assert visions == sorted([*st.content.vision_inner, *st.content.vision_outer])
