"""Heuristic Marquise de Cat (Law chapter 6): build an economy and ride it to 30 points.

Priorities, in the order the scores express them:

* **Build** wherever wood connects (6.5.4): sawmills first while wood is short, then workshops and
  recruiters; cheap buildings before dear ones, safe clearings before threatened ones. Building is where
  the Marquise's points come from.
* **Recruit** once per turn when recruiters are out (6.5.3).
* **Overwork** (6.5.5) when a build is one wood short; spend a bird for an **extra action** when a build is
  waiting and the actions are used up.
* **Battle** when the expected result is good (enemy roosts, bases and sympathy are points too).
* **March** to take clearings with free building slots, to guard the keep and threatened buildings, and to
  reach weak enemies; never abandon the rule of a clearing holding our buildings.
* **Craft** items for points and useful improvements (workshops, 6.2.1); **Field Hospitals** (6.2.3) when
  they bring back at least two warriors or cost a cheap card.
"""

from __future__ import annotations

from ...engine import Decision, Option
from ...games.root.factions.marquise import COST, VP, build_options, ruled_zone
from ...games.root.state import RootState
from .common import (
    Board,
    Scores,
    battle_ev,
    card_value,
    craft_value,
    faction_scorer,
    key_value,
    move_args,
    move_score,
    threat,
    with_extras,
)

KEY = "marquise"
#: how much each building kind adds to the economy beyond its VP, before counting what is already built
ECONOMY = {"sawmill": 2.2, "workshop": 1.2, "recruiter": 1.6}


def value(st: RootState, seat: str, cid: int) -> float:
    """Birds buy extra actions (6.5); cards matching a sawmill buy wood (6.5.5)."""
    v = card_value(st, seat, cid)
    card = st.card(cid)
    if card.suit == "bird":
        v += 0.3
    elif any("sawmill" in st.buildings[c] and st.suits[c] == card.suit for c in st.map.clearings()):
        v += 0.2
    return v


def wants(st: RootState, board: Board) -> dict[int, float]:
    """How much the Marquise would like to rule each clearing: free slots to build in, the keep."""
    keep = st.keep_clearing()
    out = {}
    for c in st.map.clearings():
        w = 0.6 * min(2, st.open_slots(c)) if st.can_place(c, KEY) else 0.0
        if c == keep:
            w += 2.0
        if any(board.rules[b] for b in st.adj[c]):
            w += 0.3  # connected to the network that carries wood
        out[c] = w
    return out


def built(st: RootState) -> dict[str, int]:
    return {k: st.count_on_map(k) for k in ECONOMY}


def build_score(st: RootState, board: Board, counts: dict[str, int], kind: str, c: int) -> float:
    n = counts[kind]
    econ = ECONOMY[kind] - 0.35 * n
    if kind == "sawmill" and n <= min(counts["workshop"], counts["recruiter"]):
        econ += 0.5
    danger = max(0, board.threat[c] - board.warriors[c])
    return 2.0 + VP[kind][n] + econ - 0.35 * COST[n] - 0.3 * danger + 0.1 * st.open_slots(c)


def wood_short(st: RootState, counts: dict[str, int], c: int) -> bool:
    """Whether the wood connected to ``c`` is short of the cheapest building (6.5.4.II)."""
    zone = ruled_zone(st, c) if st.rules(c, KEY) else [c]
    wood = sum(st.tokens[z].count("wood") for z in zone)
    cheapest = min((COST[n] for n in counts.values() if n < 6), default=99)
    return wood < cheapest


def daylight(st: RootState, seat: str, d: Decision) -> Scores:
    cache: dict[str, object] = {}

    def ctx() -> tuple[Board, dict[int, float], dict[str, int]]:
        if not cache:
            board = Board(st, seat)
            cache["c"] = (board, wants(st, board), built(st))
        return cache["c"]  # type: ignore[return-value]

    actions = d.args.get("actions", 0)
    builds_waiting = actions == 0 and bool(build_options(st))

    def score(o: Option) -> float:
        a = o.action
        if a == "craft":
            return craft_value(st, seat, o.args["card"]) - 0.4 * key_value(st, seat, o.args["card"])
        if a == "build":
            board, _, counts = ctx()
            return build_score(st, board, counts, o.args["building"], o.args["clearing"] - 1)
        if a == "recruit":
            supply = st.warrior_supply(KEY)
            return 0.5 + 0.6 * min(ctx()[2]["recruiter"], supply)
        if a == "overwork":
            gain = 1.6 if wood_short(st, ctx()[2], o.args["clearing"] - 1) else 0.4
            return gain - 0.6 * key_value(st, seat, o.args["card"])
        if a == "battle":
            return battle_ev(st, seat, o.args["clearing"] - 1, o.args["defender"]) - 0.2
        if a == "march":
            board, want, _ = ctx()
            return move_score(board, *move_args(o), want)
        if a == "extra_action":
            return 2.0 - value(st, seat, st.find_in(st.hands[seat], o.args["card"]) or 0) if builds_waiting else -1.0
        return 0.0  # end crafting / end daylight

    return with_extras(st, seat, d, score)


def march(st: RootState, seat: str, d: Decision) -> Scores:
    board = Board(st, seat)
    want = wants(st, board)
    return [move_score(board, *move_args(o), want) if o.action == "move" else 0.0 for o in d.options]


def setup_keep(st: RootState, seat: str, d: Decision) -> Scores:
    """6.3.2: the corner whose neighbourhood has the most building slots."""
    out = []
    for o in d.options:
        c = o.args["clearing"] - 1
        out.append(st.map.slots[c] + sum(st.map.slots[b] for b in st.adj[c]) + 0.1 * len(st.adj[c]))
    return out


def setup_building(st: RootState, seat: str, d: Decision) -> Scores:
    """6.3.4: spread the three starting buildings, keeping slots free in the keep's clearing."""
    keep = st.keep_clearing()
    return [st.open_slots(o.args["clearing"] - 1) - 0.6 * (o.args["clearing"] - 1 == keep) for o in d.options]


def field_hospitals(st: RootState, seat: str, d: Decision) -> Scores:
    n = st.stack[-1].get("n", 1)
    return [0.9 * n - 0.8 * key_value(st, seat, o.args["card"]) if o.action == "field_hospitals" else 0.0
            for o in d.options]


def pay_wood(st: RootState, seat: str, d: Decision) -> Scores:
    # take wood from the clearing with the most, which is least likely to be needed for its own building
    return [float(st.tokens[o.args["clearing"] - 1].count("wood")) for o in d.options]


def where_threatened(st: RootState, seat: str, d: Decision) -> Scores:
    return [float(threat(st, o.args["clearing"] - 1, KEY)) for o in d.options]


scores = faction_scorer({
    "marquise.daylight": daylight,
    "marquise.march": march,
    "marquise.setup.keep": setup_keep,
    "marquise.setup.building": setup_building,
    "marquise.field_hospitals": field_hospitals,
    "marquise.pay_wood": pay_wood,
    "marquise.wood": where_threatened,
    "marquise.recruit": where_threatened,
}, value)
