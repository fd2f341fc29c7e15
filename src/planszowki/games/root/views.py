"""What each seat may know (1.2): the board, scores, play areas and the discard pile are public; a hand
is seen only by its owner (others see its size); the deck's order is seen by no one. The Alliance's
Supporters stack is face down: everyone sees its size, only the Alliance its cards (8.2.3).
"""

from __future__ import annotations

from typing import Any

from .content import SUITS
from .factions.alliance import SPREAD_COST, SUPPORTER_LIMIT, SYMPATHY_TOKENS, SYMPATHY_VP
from .factions.eyrie import COLUMNS
from .state import BUILDING_COUNT, OWNER, TOKEN_COUNT, RootState


def _alliance_board(st: RootState, viewer: str | None) -> dict[str, Any]:
    fd = st.fdata["alliance"]
    sup = fd.get("supporters", [])
    bases = {s: None for s in SUITS}
    sympathy = []
    for c in st.map.clearings():
        for b in st.buildings[c]:
            if b.startswith("base_"):
                bases[b[5:]] = c + 1
        if "sympathy" in st.tokens[c]:
            sympathy.append(c + 1)
    n = len(sympathy)
    return {
        "supporters_count": len(sup),
        # 8.2.3: face down; the Alliance may inspect them at any time
        "supporters": sorted(st.card(c).key for c in sup) if viewer == "alliance" else None,
        # 8.2.3.I: five without a base on the map, unlimited with one
        "supporter_limit": None if any(bases.values()) else SUPPORTER_LIMIT,
        "officers": fd.get("officers", 0),
        "bases": bases,  # suit -> clearing of the base on the map, None while it is in the Bases box
        "bases_in_box": [s for s in SUITS if bases[s] is None],
        "draw_bonus": sum(1 for s in SUITS if bases[s] is not None),  # 8.6.2
        "sympathy": sympathy,
        "sympathy_on_track": SYMPATHY_TOKENS - n,
        # 8.4.2.II / 8.4.2.III: the cost printed above, and the VP under, the next token on the track
        "next_spread_cost": SPREAD_COST[n] if n < SYMPATHY_TOKENS else None,
        "next_sympathy_vp": SYMPATHY_VP[n] if n < SYMPATHY_TOKENS else None,
        "warrior_supply": st.warrior_supply("alliance"),
    }


def _faction_board(st: RootState, seat: str, viewer: str | None = None) -> dict[str, Any]:
    fd = st.fdata[seat]
    if seat == "alliance":
        return _alliance_board(st, viewer)
    if seat == "marquise":
        return {
            "buildings_on_map": {k: st.count_on_map(k) for k in ("sawmill", "workshop", "recruiter")},
            "wood_supply": TOKEN_COUNT["wood"] - st.count_on_map("wood"),
            "keep": None if st.keep_clearing() is None else st.keep_clearing() + 1,  # type: ignore[operator]
            "warrior_supply": st.warrior_supply(seat),
        }
    if seat == "eyrie":
        return {
            "leader": fd.get("leader"),
            "leaders_face_up": list(fd.get("leaders_up", [])),
            "leaders_face_down": list(fd.get("leaders_down", [])),
            "decree": {col: [st.card(c).key for c in fd.get(f"decree_{col}", [])] for col in COLUMNS},
            "roosts_on_map": st.count_on_map("roost"),
            "roosts_on_track": BUILDING_COUNT["roost"] - st.count_on_map("roost"),
            "warrior_supply": st.warrior_supply(seat),
        }
    return {}


def view(st: RootState, seat: str | None) -> dict[str, Any]:
    if seat is not None and seat not in st.seats:
        raise ValueError(f"unknown seat {seat!r}; seats: {st.seats}")
    clearings = []
    for c in st.map.clearings():
        clearings.append({
            "id": c + 1, "suit": st.map.suits[c], "slots": st.map.slots[c],
            "warriors": dict(sorted(st.warriors[c].items())), "buildings": sorted(st.buildings[c]),
            "tokens": sorted(st.tokens[c]), "ruler": st.ruler(c),
            "adjacent": [a + 1 for a in st.map.adj[c]],
        })
    players = {}
    for s in st.seats:
        players[s] = {
            "vp": st.vp[s], "hand_count": len(st.hands[s]),
            "hand": sorted(st.card(c).key for c in st.hands[s]) if s == seat else None,
            "crafted": sorted(st.card(c).key for c in st.crafted[s]),
            "items": sorted(st.crafted_items[s]),
            "dominance": None if st.dominance[s] is None else st.card(st.dominance[s]).key,  # type: ignore[arg-type]
            "board": _faction_board(st, s, seat),
        }
    d = st.decision
    decision = None
    if d is not None:
        decision = {"player": d.player, "kind": d.kind, "rule": d.rule}
        if seat == d.player:  # options reveal the chooser's hand, so only the chooser sees them
            decision["options"] = [o.to_json() for o in d.options]
            decision["args"] = dict(d.args)
    return {
        "game": "root", "seat": seat, "map": st.map.name, "seats": list(st.seats),
        "turn": st.current, "phase": st.phase, "turn_no": st.turn_no,
        "clearings": clearings, "players": players,
        "deck_count": len(st.deck), "discard": [st.card(c).key for c in st.discard],
        "available_dominance": [st.card(c).key for c in st.available],
        "item_supply": dict(st.items),
        "decision": decision, "result": st.result,
        "log": [e.to_json() for e in st.log if e.visible_to(seat)],
        "owners": OWNER,
    }
