"""Heuristic Woodland Alliance (Law chapter 8): spread sympathy cheaply, revolt, then fight with officers.

* **Revolt** (8.4.1) whenever a base can be placed: it removes every enemy piece there and brings warriors
  and an officer.
* **Spread sympathy** (8.4.2) where it is cheap: no Martial Law, few enemy warriors nearby, and keep two
  supporters of a suit while a revolt in that suit is still possible.
* **Daylight** (8.5): craft items for points, **train** officers while there are few, **mobilize** the
  other cards (ambush cards are kept for defence).
* **Operations** (8.6.1): **organize** (points and a new sympathy token), **recruit** at bases, move single
  warriors into unsympathetic clearings to organize there next turn, and battle only when it pays.
"""

from __future__ import annotations

from ...engine import Decision, Option
from ...games.root.factions.alliance import (
    BASES,
    SPREAD_COST,
    SYMPATHY_TOKENS,
    SYMPATHY_VP,
    bases_on_map,
    supporters,
    sympathetic,
)
from ...games.root.state import RootState
from .common import (
    PIECE_WORTH,
    Scores,
    battle_ev,
    card_value,
    craft_value,
    enemy_warriors,
    faction_scorer,
    key_value,
    move_args,
    strongest_enemy,
    threat,
    warriors,
    with_extras,
)

KEY = "alliance"


def _supporter_suits(st: RootState) -> dict[str, int]:
    out: dict[str, int] = {}
    for cid in supporters(st):
        s = st.card(cid).suit
        out[s] = out.get(s, 0) + 1
    return out


def revolt_suits(st: RootState) -> set[str]:
    """Suits in which a revolt is still possible: no base yet, and a sympathetic clearing of that suit."""
    return {st.suits[c] for c in st.map.clearings()
            if sympathetic(st, c) and not st.count_on_map(BASES[st.suits[c]])}


def revolt_score(st: RootState, c: int) -> float:
    gain = 6.0
    for e in st.enemies(KEY):
        w, bs, ts = st.pieces_of(c, e)
        gain += 0.8 * w + sum(1.0 + PIECE_WORTH.get(k, 1.0) for k in bs + ts)
    suit = st.suits[c]
    gain += 0.5 * sum(1 for x in st.map.clearings() if sympathetic(st, x) and st.suit_matches(x, suit))
    return gain


def spread_score(st: RootState, c: int, cost: int) -> float:
    n = st.count_on_map("sympathy")
    vp = SYMPATHY_VP[n] if n < SYMPATHY_TOKENS else 0
    v = vp + 1.0 - 0.7 * cost - 0.15 * threat(st, c, KEY) - 0.5 * max(0, cost - SPREAD_COST[n])
    # keep two supporters of a suit while a revolt in it is still to come
    suit = st.suits[c]
    have = _supporter_suits(st)
    usable = have.get(suit, 0) + have.get("bird", 0)
    if suit in revolt_suits(st) and usable - cost < 2 <= usable:
        v -= 1.5
    if st.map.slots[c] and not st.count_on_map(BASES[suit]):
        v += 0.3  # a future revolt site
    return v


def birdsong(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    for o in d.options:
        if o.action == "revolt":
            out.append(revolt_score(st, o.args["clearing"] - 1))
        elif o.action == "spread":
            out.append(spread_score(st, o.args["clearing"] - 1, o.args["cost"]))
        else:
            out.append(0.0)  # end birdsong
    return out


def pay(st: RootState, seat: str, d: Decision) -> Scores:
    """8.4.1.II, 8.4.2.II: spend the clearing's own suit before birds, which are wild (2.1.1)."""
    keep = revolt_suits(st)
    out = []
    for o in d.options:
        suit = o.args["card"].split(":")[0]
        out.append(-(1.5 if suit == "bird" else 1.0 if suit in keep else 0.5))
    return out


def daylight(st: RootState, seat: str, d: Decision) -> Scores:
    officers = st.fdata[KEY].get("officers", 0)
    n_sup = len(supporters(st))
    limit = 99 if bases_on_map(st) else 5

    def score(o: Option) -> float:
        a = o.action
        if a == "craft":
            return craft_value(st, seat, o.args["card"]) - 0.5 * key_value(st, seat, o.args["card"])
        if a == "train":
            return (1.6 if officers < 3 else 0.9 if officers < 5 else 0.2) - 0.3 * key_value(st, seat, o.args["card"])
        if a == "mobilize":
            if n_sup >= limit:
                return -1.0  # 8.2.3.I: it would be discarded
            card = st.card(st.find_in(st.hands[seat], o.args["card"]) or 0)
            return 0.2 if card.kind == "ambush" else 0.7 - 0.05 * n_sup
        return 0.0  # end daylight

    return with_extras(st, seat, d, score)


def operations(st: RootState, seat: str, d: Decision) -> Scores:
    n = st.count_on_map("sympathy")
    out = []
    for o in d.options:
        a = o.action
        if a == "organize":
            c = o.args["clearing"] - 1
            out.append(1.5 + (SYMPATHY_VP[n] if n < SYMPATHY_TOKENS else 0) - 0.1 * threat(st, c, KEY))
        elif a == "recruit":
            out.append(1.0 if st.warrior_supply(KEY) > 0 else -1.0)
        elif a == "battle":
            out.append(battle_ev(st, seat, o.args["clearing"] - 1, o.args["defender"]) - 0.3)
        elif a == "move":
            src, dst, k = move_args(o)
            v = -0.2
            base_here = any(b.startswith("base_") for b in st.buildings[src])
            if base_here and warriors(st, src, KEY) - k < 1 + enemy_warriors(st, src, KEY) // 2:
                v -= 1.0
            if not sympathetic(st, dst) and st.can_place(dst, KEY) and not warriors(st, dst, KEY):
                v += 0.9 - 0.3 * (k - 1) - 0.2 * strongest_enemy(st, dst, KEY)
            out.append(v)
        else:
            out.append(0.0)  # end operations
    return out


def value(st: RootState, seat: str, cid: int) -> float:
    """Every card is a future supporter; cards matching a base also train officers (8.5.3)."""
    v = card_value(st, seat, cid)
    if st.card(cid).suit in bases_on_map(st):
        v += 0.2
    return v


scores = faction_scorer({
    "alliance.birdsong": birdsong,
    "alliance.daylight": daylight,
    "alliance.operations": operations,
    "alliance.pay": pay,
    "alliance.discard_supporters": pay,
}, value)
