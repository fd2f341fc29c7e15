"""Heuristic Underground Duchy (Law chapter 12): sway ministers early, build where it is safe, dig to spread.

* **Assembly** (12.5.1): **build** a citadel or market where the Duchy rules and few enemies threaten (a lost
  building costs a minister, 12.2.3), **dig** a tunnel next to where the warriors are needed, **recruit** when
  the Burrow runs low, battle only when it pays, and move out of the Burrow onto the tunnels.
* **Parliament** (12.5.2): every minister's action is free, so take the scoring ones (Lords, Banker with
  several cards) and the moves and battles that help.
* **Sway** (12.5.3): always sway when the cards allow, the highest rank first (more VP and a better action);
  revealed cards come back in the Evening, so swaying costs nothing but the cards' use this turn — and the birds
  revealed, which are discarded: cards of a suit are revealed first.
* **Evening** (12.6.2): craft items for points.
"""

from __future__ import annotations

from ...engine import Decision
from ...games.root.factions.duchy import KEY, MINISTERS, RANKS, in_burrow
from ...games.root.state import RootState
from .common import (
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


def _move(st: RootState, seat: str, src: int, dst: int, k: int) -> float:
    n = st.map.n
    if dst == n:
        return -0.5  # into the Burrow: only as a way between tunnels
    v = -0.3
    if src == n:
        v += 0.5  # out of the Burrow onto the map
    elif any(b in ("citadel", "market") for b in st.buildings[src]) and \
            warriors(st, src, KEY) - k < 1 + enemy_warriors(st, src, KEY):
        v -= 1.2  # leaves a building open to attack
    if st.ruler(dst) != KEY and k + warriors(st, dst, KEY) > strongest_enemy(st, dst, KEY):
        v += 0.8 + (0.4 if st.open_slots(dst) else 0.0)
    return v


def _action(st: RootState, seat: str, o) -> float:
    a = o.action
    if a == "build":
        c = o.args["clearing"] - 1
        return 2.0 - 0.25 * threat(st, c, KEY) + 0.2 * warriors(st, c, KEY)
    if a == "recruit":
        return 0.6 if in_burrow(st) < 4 else 0.2
    if a == "dig":
        c = o.args["clearing"] - 1
        return 0.4 + 0.2 * min(4, in_burrow(st)) - (0.5 if "from" in o.args else 0.0) - 0.1 * enemy_warriors(st, c, KEY)
    if a == "battle":
        return battle_ev(st, seat, o.args["clearing"] - 1, o.args["defender"]) - 0.3
    if a == "move":
        return _move(st, seat, *move_args(o, st.map.n))
    if a == "score_minister":
        return 1.0 + o.args["vp"]
    if a == "bank":
        return 0.1 if len(st.hands[seat]) > 3 else -0.5
    return 0.0


def assembly(st: RootState, seat: str, d: Decision) -> Scores:
    return with_extras(st, seat, d, lambda o: _action(st, seat, o))


def parliament(st: RootState, seat: str, d: Decision) -> Scores:
    return with_extras(st, seat, d, lambda o: _action(st, seat, o))


def follow_up(st: RootState, seat: str, d: Decision) -> Scores:
    """Brigadier's second move or battle, the Dig's move from the Burrow, more banking."""
    out = []
    for o in d.options:
        a = o.action
        if a == "dig_move":
            out.append(0.3 * o.args["count"])
        elif a == "bank":
            out.append(0.2 if len(st.hands[seat]) > 3 else -0.3)
        elif a == "done_banking":
            out.append(0.0)
        elif a in ("move", "battle"):
            out.append(_action(st, seat, o))
        else:
            out.append(0.0)
    return out


def sway(st: RootState, seat: str, d: Decision) -> Scores:
    """12.5.3.I: the highest rank offered (only ministers the hand can pay are offered)."""
    return with_extras(st, seat, d, lambda o: 2.0 + RANKS.index(MINISTERS[o.args["minister"]])
                       if o.action == "sway" else 0.0)


def sway_cards(st: RootState, seat: str, d: Decision) -> Scores:
    """12.5.3.II: every offered card still completes the sway; revealed birds are discarded in the Evening (12.6.1)
    while the others come back, so a card of a suit goes first (taking each one that still fits uses the fewest
    birds: sets of cards matched to clearings form a matroid), and the least valuable bird when one is needed."""
    out = []
    for o in d.options:
        cid = st.find_in(st.hands[seat], o.args["card"])
        assert cid is not None
        out.append(-1.0 - card_value(st, seat, cid) if st.card(cid).suit == "bird" else 0.0)
    return out


def price(st: RootState, seat: str, d: Decision) -> Scores:
    return [0.0 for _ in d.options]


def craft(st: RootState, seat: str, d: Decision) -> Scores:
    return [craft_value(st, seat, o.args["card"]) - 0.4 if o.action == "craft" else 0.0 for o in d.options]


def value(st: RootState, seat: str, cid: int) -> float:
    """Cards are revealed again and again to sway and build (12.5): every suit helps; birds are spent."""
    return card_value(st, seat, cid) + (0.0 if st.card(cid).suit == "bird" else 0.3)


scores = faction_scorer({
    "duchy.assembly": assembly,
    "duchy.parliament": parliament,
    "duchy.brigadier": follow_up,
    "duchy.banker": follow_up,
    "duchy.dig_move": follow_up,
    "duchy.sway": sway,
    "duchy.sway_cards": sway_cards,
    "duchy.price": price,
    "duchy.craft": craft,
}, value)
