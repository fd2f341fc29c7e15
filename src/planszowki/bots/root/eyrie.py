"""Heuristic Eyrie Dynasties (Law chapter 7): grow the Decree only as far as it can be carried out.

* **Add to the Decree** (7.4.2) cards whose actions the board can take every turn: a recruit card needs a
  roost in a matching clearing, a move card warriors in one, a battle card warriors beside an enemy, a build
  card a ruled matching clearing without a roost. Each column's demand is checked against what the board
  offers (birds count against any suit); a card that would overload a column is not added. Early on a bird
  goes to Build or Move, where its flexibility is worth most. A second card is added only when it is safe.
* **Resolve the Decree** (7.5.2) resolving suited cards before birds, moving to take clearings where a
  roost can be built, recruiting on the front line, battling where it pays (Commander adds a hit, 7.8.3),
  building roosts where they are safe. Turmoil (7.7) is taken only when nothing else is left.
* **Leaders** (7.3.3, 7.7.3): Charismatic or Builder while the Decree is short, then Commander or Despot.
* **Craft** with roosts when an item or improvement is worth the card.
"""

from __future__ import annotations

from ...engine import Decision, Option
from ...games.root.content import SUITS
from ...games.root.factions.eyrie import COLUMNS, LEADERS, ROOST_VP, decree
from ...games.root.state import RootState
from .common import (
    Board,
    Scores,
    battle_ev,
    card_value,
    craft_value,
    enemy_warriors,
    faction_scorer,
    key_value,
    move_args,
    move_score,
    threat,
    warriors,
    with_extras,
)

KEY = "eyrie"
COLUMN_VALUE = {"recruit": 1.5, "move": 1.3, "battle": 0.8, "build": 2.2}
LEADER_ORDER = ("charismatic", "builder", "commander", "despot")


def _legal_move_from(st: RootState, c: int) -> bool:
    return st.rules(c, KEY) or any(st.rules(b, KEY) for b in st.adj[c])


def capacity(st: RootState) -> dict[str, dict[str, int]]:
    """How many Decree cards of each suit each column can take this turn, judged from the board; the
    ``"total"`` entry bounds all suits together (recruiting needs warriors in the supply: 7.5.2.I, 7.8.2)."""
    cap = {col: dict.fromkeys(SUITS, 0) for col in COLUMNS}
    supply = st.warrior_supply(KEY)
    per_recruit = 2 if st.fdata[KEY].get("leader") == "charismatic" else 1
    cap["recruit"]["total"] = supply // (2 * per_recruit)  # enough warriors for this turn and the next
    for c in st.map.clearings():
        s = st.suits[c]
        w = warriors(st, c, KEY)
        if "roost" in st.buildings[c] and st.can_place(c, KEY) and supply >= per_recruit:
            cap["recruit"][s] = 99
        if w and _legal_move_from(st, c):
            cap["move"][s] += w
        if w and any(st.has_any_piece(c, e) for e in st.enemies(KEY)):
            cap["battle"][s] += min(w, 2)
        if (st.rules(c, KEY) and "roost" not in st.buildings[c] and st.open_slots(c) > 0
                and st.can_place(c, KEY) and st.count_on_map("roost") < 7):
            cap["build"][s] += 1
    # warriors recruited this turn can move on (7.5.2: recruit comes before move)
    for s in SUITS:
        if cap["recruit"][s]:
            cap["move"][s] += 1
    return cap


def demand(st: RootState, cards: list[int]) -> tuple[dict[str, int], int]:
    need = dict.fromkeys(SUITS, 0)
    birds = 0
    for cid in cards:
        suit = st.card(cid).suit
        if suit == "bird":
            birds += 1
        else:
            need[suit] += 1
    return need, birds


def slack(st: RootState, col: str, cards: list[int], cap: dict[str, dict[str, int]]) -> int:
    """Spare capacity of a column holding ``cards`` (negative: Turmoil is likely)."""
    need, birds = demand(st, cards)
    c = cap[col]
    worst = min((min(c[s], 20) - need[s] for s in SUITS if need[s]), default=20)
    total = min(sum(min(c[s], 20) for s in SUITS), c.get("total", 99)) - sum(need.values()) - birds
    return min(worst, total)


def add_to_decree(st: RootState, seat: str, d: Decision) -> Scores:
    cap = capacity(st)
    length = sum(len(decree(st, col)) for col in COLUMNS)
    early = st.turn_no <= 2 * len(st.seats)
    out = []
    for o in d.options:
        if o.action == "done":
            out.append(0.8)
            continue
        col, key = o.args["column"], o.args["card"]
        cid = st.find_in(st.hands[seat], key)
        assert cid is not None
        cards = [*decree(st, col), cid]
        room = slack(st, col, cards, cap)
        bird = st.card(cid).suit == "bird"
        if room < 0:
            out.append(-4.0 - (1.0 if bird else 0.0))
            continue
        v = COLUMN_VALUE[col] + 0.25 * min(room, 3) - 0.35 * len(decree(st, col)) - 0.3 * max(0, length - 5)
        if bird:
            v -= 0.3 if (early and col in ("build", "move")) else 0.9
        v -= 0.3 * (card_value(st, seat, cid) - 1.0)
        out.append(v)
    return out


def wants(st: RootState, build_suits: set[str]) -> dict[int, float]:
    """Clearings worth ruling: a free slot for a roost, more when the Decree must build in that suit."""
    out = {}
    for c in st.map.clearings():
        w = 0.0
        if "roost" not in st.buildings[c] and st.open_slots(c) > 0 and st.can_place(c, KEY):
            w += 0.8 + (1.5 if st.suits[c] in build_suits or "bird" in build_suits else 0.0)
        if "roost" in st.buildings[c]:
            w += 2.0
        out[c] = w
    return out


def _remaining(st: RootState, fr: dict) -> tuple[list[int], list[int]]:
    """Cards left in the current column, and all cards in the columns after it."""
    col = min(fr["col"], len(COLUMNS) - 1)
    left = list(decree(st, COLUMNS[col]))
    for cid in fr["done"]:
        if cid in left:
            left.remove(cid)
    later = [c for name in COLUMNS[col + 1:] for c in decree(st, name)]
    return left, later


def resolve(st: RootState, seat: str, d: Decision) -> Scores:
    fr = st.stack[-1]
    left, later = _remaining(st, fr) if fr["k"] == "eyrie.decree" else ([], [])
    build_suits = {st.card(c).suit for c in decree(st, "build")}
    want = wants(st, build_suits)
    board = Board(st, seat)
    # suits later move/battle cards still need warriors in
    needed = {st.card(c).suit for c in left + later if c in decree(st, "move") or c in decree(st, "battle")}

    def score(o: Option) -> float:
        a = o.action
        suited = 0.5 if o.args.get("suit", "bird") != "bird" else 0.0
        if a == "recruit":
            c = o.args["clearing"] - 1
            return 1.0 + suited + 0.15 * threat(st, c, KEY) + (0.3 if st.suits[c] in needed else 0.0)
        if a == "move":
            src, dst, k = move_args(o)
            v = move_score(board, src, dst, k, want) + suited
            s = st.suits[src]
            if k == warriors(st, src, KEY) and s in needed and sum(
                    warriors(st, c, KEY) for c in st.map.clearings() if st.suits[c] == s) == k:
                v -= 2.0  # the last warriors in a suit later cards need
            return v
        if a == "battle":
            return battle_ev(st, seat, o.args["clearing"] - 1, o.args["defender"]) + suited
        if a == "build":
            c = o.args["clearing"] - 1
            n = st.count_on_map("roost")
            danger = max(0, enemy_warriors(st, c, KEY) + threat(st, c, KEY) // 2 - warriors(st, c, KEY))
            return 3.0 + ROOST_VP[min(n + 1, 7)] + suited - 0.3 * danger
        if a == "turmoil":
            return -6.0
        return 0.0  # end decree

    return with_extras(st, seat, d, score)


def daylight(st: RootState, seat: str, d: Decision) -> Scores:
    def score(o: Option) -> float:
        if o.action == "craft":
            return craft_value(st, seat, o.args["card"]) - 0.6 * key_value(st, seat, o.args["card"])
        return 0.0  # resolve the Decree

    return with_extras(st, seat, d, score)


def leader(st: RootState, seat: str, d: Decision) -> Scores:
    """Recruiting leaders while there are warriors to recruit; without them, a vizier in the recruit
    column means Turmoil at once (7.5.2.I), so then Commander or Despot."""
    short = st.warrior_supply(KEY) < 4
    out = []
    for o in d.options:
        name = o.args["leader"]
        v = float(len(LEADER_ORDER) - LEADER_ORDER.index(name))
        if short and "recruit" in LEADERS[name]:
            v -= 10.0
        out.append(v)
    return out


def new_roost(st: RootState, seat: str, d: Decision) -> Scores:
    """7.4.3: among the allowed clearings, the one with room and the fewest enemies around."""
    return [0.3 * st.open_slots(o.args["clearing"] - 1) - 0.2 * threat(st, o.args["clearing"] - 1, KEY)
            for o in d.options]


scores = faction_scorer({
    "eyrie.add": add_to_decree,
    "eyrie.decree": resolve,
    "eyrie.daylight": daylight,
    "eyrie.setup.leader": leader,
    "eyrie.depose": leader,
    "eyrie.new_roost": new_roost,
})
