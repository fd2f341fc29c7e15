"""Heuristic Lizard Cult (Law chapter 10): score every turn, spread gardens, convert and sanctify.

* **Outcast** (10.3.3): start with the suit of the starting garden, so the gardens can craft.
* **Conspiracies** (10.4.3): **sanctify** enemy buildings (a garden, rule and a point), then **convert**
  warriors where that wins or keeps a clearing, and **crusade** only into battles that pay.
* **Daylight** (10.5): **score** each suit once (the card is spent, so only for 2 VP or more), **build**
  gardens where the Cult rules and few enemies threaten, **recruit** where gardens need guarding,
  **sacrifice** birds for acolytes. Revealed cards come back in the Evening, so every ritual but Score is
  free: the bot keeps revealing while rituals help.
* **Evening** (10.6.2): craft items for points.
"""

from __future__ import annotations

from ...engine import Decision
from ...games.root.factions.cult import GARDENS, KEY, board, draw_bonus, gardens_on_map
from ...games.root.state import RootState
from .common import (
    PIECE_WORTH,
    Scores,
    battle_ev,
    card_value,
    craft_value,
    enemy_warriors,
    faction_scorer,
    move_args,
    strongest_enemy,
    threat,
    warriors,
    with_extras,
)


def setup_outcast(st: RootState, seat: str, d: Decision) -> Scores:
    start = board(st).get("start")
    suit = st.suits[start] if start is not None else ""
    return [1.0 if o.args["outcast"] == suit else 0.0 for o in d.options]


def _garden_here(st: RootState, c: int) -> bool:
    return any(b.startswith("garden_") for b in st.buildings[c])


def conspiracies(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    for o in d.options:
        a = o.action
        if a == "sanctify":
            out.append(3.0 + PIECE_WORTH.get(o.args["piece"], 1.0))
        elif a == "convert":
            c = o.args["clearing"] - 1
            gain = 1.2 + (0.8 if st.ruler(c) != KEY else 0.0) + (0.5 if _garden_here(st, c) else 0.0)
            out.append(gain)
        elif a == "battle":
            out.append(battle_ev(st, seat, o.args["clearing"] - 1, o.args["defender"]) - 0.8)
        elif a == "move":
            src, dst, k = move_args(o)
            v = -0.6
            if _garden_here(st, src) and warriors(st, src, KEY) - k < 1 + enemy_warriors(st, src, KEY):
                v -= 1.0
            if st.open_slots(dst) and st.ruler(dst) != KEY and k > strongest_enemy(st, dst, KEY):
                v += 0.8  # a clearing to rule and build in
            out.append(v)
        else:
            out.append(0.0)  # end birdsong
    return out


def crusade_battle(st: RootState, seat: str, d: Decision) -> Scores:
    return [battle_ev(st, seat, o.args["clearing"] - 1, o.args["defender"]) - 0.3 if o.action == "battle" else 0.0
            for o in d.options]


def daylight(st: RootState, seat: str, d: Decision) -> Scores:
    def score(o) -> float:
        a = o.action
        if a == "score_ritual":
            vp = o.args["vp"]
            return 1.0 + vp if vp >= 2 and st.can_score(seat) else -1.0
        if a == "build":
            c = o.args["clearing"] - 1
            suit = st.suits[c]
            v = 2.2 - 0.15 * threat(st, c, KEY) + 0.3 * warriors(st, c, KEY)
            if gardens_on_map(st, suit) == 1:
                v += 0.6  # uncovers a draw bonus (10.6.3)
            return v
        if a == "recruit":
            c = o.args["clearing"] - 1
            v = 0.5 + (0.5 if _garden_here(st, c) else 0.0) + 0.1 * enemy_warriors(st, c, KEY)
            if st.ruler(c) != KEY and warriors(st, c, KEY) + 1 > strongest_enemy(st, c, KEY):
                v += 0.4
            return v
        if a == "sacrifice":
            return 0.9 if board(st).get("acolytes", 0) < 4 else 0.3
        return 0.0  # end daylight

    return with_extras(st, seat, d, score)


def craft(st: RootState, seat: str, d: Decision) -> Scores:
    return [craft_value(st, seat, o.args["card"]) - 0.4 if o.action == "craft" else 0.0 for o in d.options]


def value(st: RootState, seat: str, cid: int) -> float:
    """Cards of suits with gardens on the map score (10.5.3); birds sacrifice for acolytes (10.5.4)."""
    v = card_value(st, seat, cid)
    suit = st.card(cid).suit
    if suit in GARDENS and gardens_on_map(st, suit):
        v += 0.4 + 0.1 * draw_bonus(st)
    return v


scores = faction_scorer({
    "cult.setup.outcast": setup_outcast,
    "cult.conspiracies": conspiracies,
    "cult.crusade_battle": crusade_battle,
    "cult.daylight": daylight,
    "cult.craft": craft,
}, value)
