"""Heuristic Keepers in Iron (Law chapter 15): grow the Retinue, delve where the Keepers rule, recover at
waystations.

* **Birdsong** (15.4): **encamp** in clearings holding relics (the waystation's side showing their type) or next
  to forests with relics; decamp only a waystation about to be lost; **recruit** at waystations with spare cards.
* **Daylight** (15.5): craft items for points; with the Retinue, **recover** whenever a relic sits at a waystation of
  its type (its value in points), **delve** where the ruled clearings around the forest make a discard unlikely,
  battle where it pays or must be fought to delve, and move warriors — with relics (15.2.4) — toward waystations.
* **Evening** (15.6): add most of the hand to the Retinue (more actions every turn), keeping a card or two.
* Prized Trophies (15.2.5), for every faction: a removed relic goes to the forest farthest from Keeper warriors.
"""

from __future__ import annotations

from ...engine import Decision
from ...games.root.factions import keepers as kp
from ...games.root.factions.keepers import KEY
from ...games.root.state import RootState
from .common import (
    COMMON,
    Scores,
    battle_ev,
    card_value,
    craft_value,
    faction_scorer,
    move_args,
    threat,
    warriors,
    with_extras,
)


def _ruled_around(st: RootState, f: int) -> int:
    return sum(1 for c in st.map.forests[f] if st.rules(c, KEY))


def _waystation_types(st: RootState, c: int) -> set[str]:
    return {kp.waystation_up(b) for b in st.buildings[c] if b.startswith("waystation_")}


def _relic_near(st: RootState, c: int) -> int:
    """Relics in the forests around clearing ``c``."""
    near = set(kp.forests_of(st, c))
    return sum(1 for f, _, _ in kp.forest_relics(st) if f in near)


def _face_down_values(st: RootState, rtype: str) -> list[int]:
    """15.2.1: the values a face-down relic of ``rtype`` may have — those of its type no one can see (public
    information only: the bot never reads a face-down value)."""
    left = list(kp.RELIC_VALUES)
    fd = st.fdata[KEY]
    visible = [k for c in st.map.clearings() for k in kp.relics_in(st, c)]
    visible += [k for _, k, up in kp.forest_relics(st) if up]
    visible += [kp.relic_kind(t, v) for t in kp.RELIC_TYPES for v in fd.get(f"rec_{t}", ())]
    for k in visible:
        if kp.relic_type(k) == rtype and kp.relic_value(k) in left:
            left.remove(kp.relic_value(k))
    return left or [2]


# -- Birdsong -------------------------------------------------------------------------------------------------
def encamp(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    for o in d.options:
        if o.action != "encamp":
            out.append(0.0)
            continue
        c = o.args["clearing"] - 1
        up = kp.waystation_up(o.args["building"])
        here = sum(1 for k in kp.relics_in(st, c) if kp.relic_type(k) == up)
        near = set(kp.forests_of(st, c))
        # relics of the side's type in the forests around: a delve here can be recovered in the same Daylight
        coming = sum(1 for f, k, _ in kp.forest_relics(st) if f in near and kp.relic_type(k) == up)
        # a waystation rules as the warrior it replaces did (2.5), draws a card (15.6.3) and lets recruit (15.4.3)
        v = 1.0 + 1.2 * here + 0.4 * coming + 0.1 * _relic_near(st, c) - 0.3 * threat(st, c, KEY)
        out.append(v)
    return out


def decamp(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    for o in d.options:
        if o.action == "decamp":
            out.append(-1.0)  # a waystation draws, recruits and recovers: kept
        else:
            out.append(0.0)
    return out


def recruit(st: RootState, seat: str, d: Decision) -> Scores:
    spare = len(st.hands[seat]) > 2 or st.warriors_on_map(KEY) < 6
    return [(0.6 if spare else -0.2) - 0.3 * card_value(st, seat, st.find_in(st.hands[seat], o.args["card"]))
            if o.action == "recruit" else 0.0 for o in d.options]  # type: ignore[arg-type]


# -- Daylight -------------------------------------------------------------------------------------------------
def craft(st: RootState, seat: str, d: Decision) -> Scores:
    return with_extras(st, seat, d, lambda o: craft_value(st, seat, o.args["card"]) - 0.4 if o.action == "craft"
                       else 0.0)


def _move(st: RootState, a: int, b: int, k: int) -> float:
    v = -0.2
    relics = kp.relics_in(st, a)
    stranded = {kp.relic_type(r) for r in relics} - _waystation_types(st, a)
    if stranded and _waystation_types(st, b) & stranded:
        v += 1.5  # carries relics to a waystation of their type
    elif stranded and st.open_slots(b) > 0 and any(t in p for p in kp.waystations_on_board(st) for t in stranded):
        v += 0.6  # to where a waystation of their type can be encamped next Birdsong
    if st.ruler(b) != KEY and warriors(st, b, KEY) + k > threat(st, b, KEY):
        v += 0.5
    v += 0.2 * _relic_near(st, b)
    if warriors(st, a, KEY) - k < 1 and (_waystation_types(st, a) or relics):
        v -= 1.0  # leaves a waystation or relics undefended
    return v


def retinue(st: RootState, seat: str, d: Decision) -> Scores:
    def score(o) -> float:
        a = o.action
        if a == "recover":
            return 4.0
        if a == "delve":
            return 2.0 + 0.5 * len(_waystation_types(st, o.args["clearing"] - 1))
        if a == "battle":
            c = o.args["clearing"] - 1
            return battle_ev(st, seat, c, o.args["defender"]) - 0.3 + (0.4 if _relic_near(st, c) else 0.0)
        if a == "move":
            return _move(st, *move_args(o))
        return 0.0

    return with_extras(st, seat, d, score)


def delve(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    for o in d.options:
        if o.action != "delve_relic":
            out.append(0.0)
            continue
        f = int(o.args["forest"][1:]) - 1
        shown = o.args["relic"]
        values = [kp.relic_value(shown)] if shown.count("_") == 2 else _face_down_values(st, kp.relic_type(shown))
        # the relic comes into the clearing: rule around the forest is counted after it leaves (15.5.2.II.b)
        ruled = _ruled_around(st, f)
        risk = sum(1 for v in values if ruled < v) / len(values)
        # a relic of a waystation's type here can be recovered in this Daylight's Move or Recover column
        here = kp.relic_type(shown) in _waystation_types(st, o.args["clearing"] - 1)
        out.append(1.0 + 0.3 * sum(values) / len(values) - 1.2 * risk + (1.0 if here else 0.0))
    return out


def recover(st: RootState, seat: str, d: Decision) -> Scores:
    return [5.0 + kp.relic_value(o.args["relic"]) if o.action == "recover_relic" else 0.0 for o in d.options]


def carry(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    for o in d.options:
        if o.action != "carry":
            out.append(0.0)
            continue
        b = o.args["to"] - 1
        matching = kp.relic_type(o.args["relic"]) in _waystation_types(st, b)
        out.append(1.0 if matching else (0.2 if warriors(st, b, KEY) >= threat(st, b, KEY) else -0.5))
    return out


# -- Evening --------------------------------------------------------------------------------------------------
COLUMN_WORTH = {"move": 0.9, "battle": 1.0, "recover": 0.9}


def _column_worth(st: RootState, column: str) -> float:
    """A card in a column is one more action of its kind every turn; the more there are, the less one more
    helps. Recover pays when relics lie in clearings, Battle then Delve while forests still hold relics."""
    v = COLUMN_WORTH[column] - 0.3 * len(st.fdata[KEY].get(f"retinue_{column}", ()))
    if column == "recover" and any(kp.relics_in(st, c) for c in st.map.clearings()):
        v += 0.5
    if column == "battle" and kp.forest_relics(st):
        v += 0.3
    return v


def gather(st: RootState, seat: str, d: Decision) -> Scores:
    keep = len(st.hands[seat]) <= 1
    out = []
    for o in d.options:
        if o.action == "add_retinue":
            cid = st.find_in(st.hands[seat], o.args["card"])
            worth = _column_worth(st, o.args["retinue"]) - 0.3 * card_value(st, seat, cid)  # type: ignore[arg-type]
            out.append(worth - (0.8 if keep else 0.0))
        elif o.action == "shift_retinue":
            out.append(_column_worth(st, o.args["retinue"]) - _column_worth(st, o.args["retinue_from"]) - 0.6)
        else:
            out.append(0.0)
    return out


def value(st: RootState, seat: str, cid: int) -> float:
    return card_value(st, seat, cid)


def trophy(st: RootState, seat: str, d: Decision) -> Scores:
    """15.2.5, for whoever removed the relic: the forest farthest from Keeper warriors."""
    return [-float(sum(warriors(st, c, KEY) for c in st.map.forests[int(o.args["forest"][1:]) - 1]))
            for o in d.options]


scores = faction_scorer({
    "keepers.encamp": encamp,
    "keepers.decamp": decamp,
    "keepers.recruit": recruit,
    "keepers.craft": craft,
    "keepers.retinue": retinue,
    "keepers.delve": delve,
    "keepers.recover": recover,
    "keepers.carry": carry,
    "keepers.gather": gather,
}, value)
COMMON["keepers.trophy"] = trophy
