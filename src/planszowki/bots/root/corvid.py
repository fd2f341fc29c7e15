"""Heuristic Corvid Conspiracy (Law chapter 13): plot where warriors can guard, flip, recruit wide.

* **Setup** (13.3.2): scatter where few enemies stand.
* **Birdsong**: craft for points (13.4.1); **flip** every plot that can be flipped — each flip scores one VP per
  face-up plot (13.4.2); **recruit** with the card that places the most warriors (13.4.3).
* **Daylight** (13.5): **plot** in clearings where warriors stay to flip it next Birdsong — a bomb where
  enemies stand thick, an extortion where enemies hold cards —, **move** warriors to face-down plots that
  have none, **battle** when it pays; tricks are rare.
* **Evening** (13.6.1): exert when the hand is full enough, else draw.
* **Exposure** (13.2.4), for every other faction: guess only a plot whose type public information pins down.
"""

from __future__ import annotations

from ...engine import Decision
from ...games.root.factions.corvid import FACE_DOWN, FACE_UP, KEY, PER_TYPE, PLOTS, board, face_down
from ...games.root.state import RootState
from .common import (
    Scores,
    battle_ev,
    card_value,
    craft_value,
    enemy_warriors,
    faction_scorer,
    move_args,
    threat,
    warriors,
    with_extras,
)


def possible_plots(st: RootState, c: int) -> list[str]:
    """Types the face-down plot in ``c`` can be, from what every seat knows: not all face up, not ruled out."""
    ruled_out = board(st)["not_plot"][c].split(",")
    return [p for p in PLOTS if st.count_on_map(FACE_UP[p]) < PER_TYPE and p not in ruled_out]


def exposure_extra(st: RootState, seat: str, c: int) -> float:
    """A sure point that also denies the Corvids theirs; otherwise never (an exposure, once begun, shows a card
    and a wrong guess gives it away, 13.2.4): below every ordinary option, even Turmoil."""
    return 3.0 if len(possible_plots(st, c)) == 1 else -20.0


def exposure(st: RootState, seat: str, d: Decision) -> Scores:
    """13.2.4: guess the one possible type with the least valuable card; otherwise any type the public
    information leaves possible (an exposure begun is carried out)."""
    possible = possible_plots(st, d.args["clearing"] - 1)
    out = []
    for o in d.options:
        if o.args["plot"] not in possible:
            out.append(-2.0)
        elif len(possible) == 1:
            cid = st.find_in(st.hands[seat], o.args["card"])
            out.append(2.0 - (0.1 * card_value(st, seat, cid) if cid is not None else 0.0))
        else:
            out.append(-1.0)
    return out


def scatter(st: RootState, seat: str, d: Decision) -> Scores:
    return [-threat(st, o.args["clearing"] - 1, KEY) - 0.1 * len(st.adj[o.args["clearing"] - 1]) for o in d.options]


def craft(st: RootState, seat: str, d: Decision) -> Scores:
    return [craft_value(st, seat, o.args["card"]) - 0.4 if o.action == "craft" else 0.0 for o in d.options]


def flip(st: RootState, seat: str, d: Decision) -> Scores:
    return [2.0 if o.action == "flip" else 0.0 for o in d.options]


def recruit(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    supply = st.warrior_supply(KEY)
    for o in d.options:
        if o.action == "skip":
            out.append(0.0)
            continue
        n = sum(1 for c in st.map.clearings() if st.suit_matches(c, o.args["suit"]) and st.can_place(c, KEY))
        cid = st.find_in(st.hands[KEY], o.args["card"])
        cost = card_value(st, seat, cid) if cid is not None else 1.0
        out.append(0.4 * min(n, supply) - 0.5 * cost)
    return out


def _plot_value(st: RootState, c: int, kind: str, after: int) -> float:
    enemies = [e for e in st.enemies(KEY) if st.has_any_piece(c, e)]
    v = 1.2 + 0.4 * after - 0.2 * threat(st, c, KEY)
    if kind == "bomb":
        v += 0.3 * enemy_warriors(st, c, KEY) + 0.5 * len(enemies) - 0.3
    elif kind == "extortion":
        v += 0.4 * sum(1 for e in enemies if st.hands[e]) + 0.3
    elif kind == "snare":
        v += 0.2
    elif kind == "raid":
        v += 0.1 * len(st.adj[c])
    return v


def daylight(st: RootState, seat: str, d: Decision) -> Scores:
    bare = [c for c in face_down(st) if not warriors(st, c, KEY)]

    def score(o) -> float:
        a = o.action
        if a == "plot":
            c = o.args["clearing"] - 1
            cost = 1 + st.turn.get("corvid_plots", 0)
            after = warriors(st, c, KEY) - cost
            if after < 1 and cost > 1:
                return -0.5
            return _plot_value(st, c, o.args["plot"], after)
        if a == "move":
            src, dst, k = move_args(o)
            v = -0.2
            if dst in bare and k == 1:
                v += 1.5
            if FACE_DOWN in st.tokens[src] and warriors(st, src, KEY) - k < 1:
                v -= 1.5
            if warriors(st, src, KEY) - k >= 2 and not st.tokens[dst]:
                v += 0.3  # spread out for the next plot
            return v
        if a == "battle":
            return battle_ev(st, seat, o.args["clearing"] - 1, o.args["defender"]) - 0.3
        if a == "trick":
            return -0.8
        return 0.0  # end daylight / end exert

    return with_extras(st, seat, d, score)


def exert(st: RootState, seat: str, d: Decision) -> Scores:
    full = len(st.hands[KEY]) >= 4
    return [(0.5 if full else -0.5) if o.action == "exert" else 0.0 for o in d.options]


def place_choice(st: RootState, seat: str, d: Decision) -> Scores:
    return [0.1 * enemy_warriors(st, o.args["clearing"] - 1, KEY) for o in d.options]


def value(st: RootState, seat: str, cid: int) -> float:
    """Any card recruits (13.4.3), so the suit with more clearings is worth a little more."""
    return card_value(st, seat, cid)


scores = faction_scorer({
    "corvid.setup.scatter": scatter,
    "corvid.craft": craft,
    "corvid.flip": flip,
    "corvid.recruit": recruit,
    "corvid.daylight": daylight,
    "corvid.exert": exert,
    "corvid.place_choice": place_choice,
}, value)
