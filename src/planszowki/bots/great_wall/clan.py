"""A Great Wall clan's heuristic: what a careful first-time player does, decision by decision.

Every clan plays the same rules (the clans differ only by colour), so one module serves them all. Each decision's
options get a score in rough Honor; the bot takes the best. It reads only what its seat may know: its own
resources and hand, the public board (Horde cards, Walls, locations, tracks). The main lines:

* keep Honor and avoid Shame: a Shame token under a soldier costs 5 Honor at the end, so it goes on a claimed Horde
  card worth less than that when there is one, and Chi buys back Shame in Summer;
* fight the Horde where it pays: cover Vital points with the best rewards, most of all those that finish a card
  (a defeated card gives Honor and may be claimed);
* build: a Wall level (Honor equal to what it costs) before a Barricade (+2), where the Horde outguns the Wall;
* send clerks where their effect can be used now: the Barracks with the resources to recruit, the Builders' Camp
  with the resources to build, production for what is short, the Embassy with Gold; never alone into a location
  with the Shame icon when it can be helped.
"""

from __future__ import annotations

from typing import Any

from ...engine import Decision
from ...games.great_wall.content import BUILD
from ...games.great_wall.state import GreatWallState

KEY = "clan"
SHAME_COST = 5.0
#: what a unit of each reward is worth in Honor to this bot
VALUE = {"honor": 1.0, "wood": 0.5, "stone": 0.5, "gold": 0.6, "chi": 0.6, "tactic": 0.7}
#: a soldier kept in the pool, by type (spearman, archer, horseman): the scarcer, the dearer
SOLDIER = (0.4, 0.8, 1.2)


def reward_value(reward: dict[str, Any] | None) -> float:
    """A reward in Honor; one with a choice ("dowolny Surowiec") by the best of its kinds."""
    total = 0.0
    for k, v in (reward or {}).items():
        if k == "choose":
            total += v["n"] * max(VALUE.get(r, 0.3) for r in v["of"])
        else:
            total += VALUE.get(k, 0.3) * v
    return total


def build_stock(st: GreatWallState, seat: str) -> int:
    return sum(st.res[seat][r] for r in BUILD)


def can_recruit(st: GreatWallState, seat: str) -> bool:
    costs = st.board["recruit_costs"].values()
    return any(st.can_pay(seat, cost) for cost in costs)


def coop_reserve(st: GreatWallState) -> dict[str, int]:
    """Co-op: what each player must keep for the Sacrifices of the active Decrees (resources)."""
    out: dict[str, int] = {}
    for d in st.coop["decrees"]:
        for k, n in st.content.requests[d]["sacrifice"].items():  # type: ignore[attr-defined]
            out[k] = out.get(k, 0) + n
    return out


def coop_short(st: GreatWallState, seat: str, cost: dict[str, int]) -> float:
    """Co-op: 3 for a payment that would leave less than the active Decrees' Sacrifices ask for."""
    keep = coop_reserve(st)
    return 3.0 if any(st.res[seat][k] - n < keep.get(k, 0) for k, n in cost.items()) else 0.0


def location_value(st: GreatWallState, seat: str, lid: str) -> float:
    """How much a clerk of ``seat`` there is worth now, by the location's effect."""
    loc = st.content.loc[lid]
    eff = loc["effect"]
    res = st.res[seat]
    if eff == "production":
        have = res[loc["resource"]]
        short = 2.0 if st.coop and have < coop_reserve(st).get(loc["resource"], 0) + 1 else 0.0  # a Decree's price
        return 2.0 + (1.0 if lid in st.overseer[seat] else 0.0) + (1.0 if have < 3 else 0.0) + short
    if eff == "barracks":  # co-op: every Horde card defeated keeps a Conquest's Shame out of the shared pool
        return (3.0 + (2.5 if st.coop else 0.0)) if can_recruit(st, seat) else 0.2
    if eff == "builders":
        cost = st.board["wall_cost"]
        cheapest = min((cost[st.wall[s]] for s in range(3) if st.wall[s] < len(cost)), default=99)
        if build_stock(st, seat) + sum(st.warehouse.values()) >= cheapest:
            return 4.0
        return 2.5 if build_stock(st, seat) >= 2 else 0.2
    if eff == "embassy":
        return 1.5 if res["gold"] >= 2 else 0.2
    if eff == "academy":
        return 1.2 if len(st.tac[seat]) < st.board["tactic_hand_limit"] else 0.1
    if eff == "tea_house":
        return 1.0 if st.tea[0] != seat else 0.1
    if eff == "logistics":
        return 0.6
    return 0.5


def shame_risk(st: GreatWallState, seat: str, lid: str) -> float:
    """A clan alone in a location with the Shame icon takes a Shame token."""
    loc = st.content.loc[lid]
    if not loc.get("shame"):
        return 0.0
    others = [s for s in st.at[lid] if s != seat]
    return 0.0 if others else 1.5


def spot_value(st: GreatWallState, card_id: str, row: int, sec: int, spots: list[int], seat: str) -> float:
    """Covering Vital points: their rewards, and a bonus when the card is then fully covered (defeated: Honor and
    perhaps the claim)."""
    spec = st.content.horde[card_id]
    card = st.horde[sec][row] if row < len(st.horde[sec]) else None
    value = sum(reward_value(spec["cells"][i]) for i in spots)
    if card is not None:
        free = len(st.free_vitals(card))
        if free <= len(spots):
            value += 2.0 + spec.get("reward", 0) * 0.8
        elif free - len(spots) == 1:
            value += 0.8
    if st.power(sec) > st.defense(sec):  # a breach threatens here: fighting it is worth more
        value += 1.0
    return value


def scores(st: GreatWallState, seat: str, d: Decision) -> list[float] | None:
    kind = d.kind
    res = st.res[seat]
    out: list[float] = []
    for o in d.options:
        a, args = o.action, o.args
        v = 0.0
        if a in ("done", "skip", "pass", "decline"):
            v = 0.0
        elif kind == "gw.draft" and a == "general":
            g = st.content.generals[args["card"]]
            v = sum(VALUE.get(k, 0.5) * n for k, n in g["resources"].items()) + 0.7 * g["tactics"] + 0.02 * g["tea"]
        elif kind == "gw.draft" and a == "active":
            ab = st.content.advisors[args["card"]]["ability"]
            v = reward_value(ab.get("gain")) + ab.get("honor", 0) + (1.0 if ab["on"] == "summer" else 0.0)
        elif kind == "gw.choose":
            v = command_value(st, seat, args["card"])
        elif kind == "gw.place_command":
            v = -float(args["slot"])  # earlier is better: the first pick of the locations
        elif kind == "gw.tactic" and a == "play":
            v = tactic_value(st, seat, args["card"], bool(args.get("boosted")))
        elif kind == "gw.copy" and a == "copy":  # Betrayal: the copied card against the rest of its own
            own = st.content.command(st.chosen[seat]) if st.chosen[seat] else {"boxes": ()}
            rest = [e for b in own["boxes"] if b["who"] == "owner" for e in b["effects"] if "copy" not in e]
            v = command_value(st, seat, args["card"]) - effects_value(st, seat, rest)
        elif kind == "gw.discard_shame" and a == "discard":
            v = SHAME_COST
        elif kind == "gw.clerks" and a == "clerk":
            v = location_value(st, seat, args["to"]) - shame_risk(st, seat, args["to"]) - 0.3
            if args["from"] != "pool":
                v -= location_value(st, seat, args["from"])
        elif kind == "gw.special" and a == "special":
            v = location_value(st, seat, args["loc"])
        elif kind == "gw.activation":
            v = location_value(st, seat, args["loc"]) * 0.1
        elif a == "take":  # a location's effect (1.0), or resources of a choice: the most valuable first
            v = VALUE.get(args["res"], 0.5) * args["n"] if "res" in args else 1.0
        elif kind == "gw.upgrade":
            v = {"overseer": 1.5 - 0.4 * args.get("type", 0), "upgrade": 1.8}.get(a, 0.0)
        elif kind == "gw.donate" and a == "donate":
            v = 2.0 - VALUE.get(args["res"], 0.5) - (0.8 if res[args["res"]] <= 1 else 0.0)
        elif a == "recruit":
            v = 2.0 - 0.3 * args["type"] if st.usable(seat, args["type"]) else -1.0
            if st.coop:  # keep what the Decrees' Sacrifices ask for
                v -= coop_short(st, seat, st.board["recruit_costs"][("spearman", "archer", "horseman")[args["type"]]])
        elif a.startswith("attack_"):
            v = spot_value(st, args["card"], args["row"], args["sec"], list(args["spots"]), seat)
            v -= 0.3 if args["type"] == "horseman" else 0.0
            v -= 0.5 if args["type"] == "archer" else 0.0
        elif a == "rest":
            v = 0.1
        elif kind == "gw.builders" and a == "wall":
            v = 5.0 + st.wall[args["sec"]] + (1.0 if st.power(args["sec"]) > st.defense(args["sec"]) else 0.0)
        elif kind == "gw.builders" and a == "barricade":
            v = 2.0 + (1.5 if st.power(args["sec"]) > st.defense(args["sec"]) else 0.0)
        elif a == "pay":  # pay with what there is most of (co-op: keep what the Decrees will ask for)
            v = res[args["res"]] - VALUE.get(args["res"], 0.5) + 0.1 * args["n"]
            if st.coop and res[args["res"]] - args["n"] < coop_reserve(st).get(args["res"], 0):
                v -= 3.0
        elif a == "take_warehouse":
            v = 1.0 + 0.1 * args["n"]
        elif kind == "gw.logistics":
            v = 0.4 if args.get("to") == "fire" else 0.05
        elif kind == "gw.embassy":
            v = 1.2 if a == "clerk" else 1.0 + (0.3 if args.get("as") == "supporting" else 0.0)
        elif kind == "gw.hand_limit":
            v = -float(len(st.content.tactics[args["card"]].get("effect", ())))
        elif a == "discard_honor":  # co-op: 10 Honor (only a currency there) keeps a token out of the empty pool
            v = -0.3 * args["honor"] + (SHAME_COST + 0.5 if kind == "gw.summer_shame" else 0.0)
        elif kind == "gw.decree":  # co-op: the Decrees are the goal, the Sacrifice its price
            v = 8.0 if a == "sacrifice" else 0.0
        elif kind == "gw.recover":  # co-op: a discarded Command card back in hand
            v = 1.0
        elif kind == "gw.clerk_order":  # co-op: the order the players choose; this bot keeps Tea order
            v = -float(st.tea.index(args["seat"]))
        elif kind == "gw.shame":
            if a == "card":
                v = -next((st.content.horde[c]["reward"] for c, _ in st.claimed[seat] if c == args["card"]), 5)
            elif a == "under":
                v = -SHAME_COST - SOLDIER[args["type"]]
            else:
                v = -SHAME_COST - 0.1
        elif kind == "gw.kill":
            v = {"save_tactic": 2.0, "save_chi": 1.0 if res["chi"] >= 2 else -1.0, "die": 0.0}.get(a, 0.5)
        elif kind == "gw.fire":
            card = st.horde[args.get("sec", _sec_of(st, args["card"]))]
            v = _fire_value(st, args, card)
        elif kind == "gw.summer_shame" and a == "discard":  # 2 Chi: a soldier back (5 Honor), or a card's claim
            if "type" in args:
                v = SHAME_COST - 2 * VALUE["chi"] + SOLDIER[args["type"]] * 0.1
            else:
                v = st.content.horde[args["card"]]["reward"] - 2 * VALUE["chi"] if "card" in args else 0.0
        elif kind == "gw.reclaim":
            v = (1.0 if len(st.cmd_hand[seat]) <= 2 else 0.2) if a == "reclaim" else 0.5 * args["n"]
        out.append(v)
    return out


def effects_value(st: GreatWallState, seat: str, effects: Any) -> float:
    """Card effects for whoever resolves them: clerk moves, Special activation, attacks, gains, Shame discarded."""
    value = 0.0
    soldiers_ready = sum(sum(st.rest[sec][seat]) + st.firing[sec].count(seat) for sec in range(3))
    shame = sum(st.shamed[seat]) + sum(c[1] for c in st.claimed[seat])
    for eff in effects:
        if "if_played" in eff or "require" in eff:  # a condition: worth half, as a guess
            value *= 0.5
        value += 1.0 * eff.get("move_clerks", 0) + 1.5 * eff.get("special_activation", 0)
        value += (1.5 if soldiers_ready else 0.0) * eff.get("attack", 0)
        value += reward_value(eff.get("gain")) + eff.get("honor", 0) + 0.7 * eff.get("draw_tactics", 0)
        value += SHAME_COST * min(shame, eff.get("discard_shame", 0)) + 1.5 * eff.get("save", 0)
        if "choose" in eff:
            value += 0.5 * eff["choose"]["n"]
        if "copy" in eff:  # Betrayal: about as good as an average card, but it is gone for good
            value += 2.0
    return value


def command_value(st: GreatWallState, seat: str, cid: str) -> float:
    """A Command card by its boxes for its owner."""
    if not cid:
        return 0.0
    card = st.content.command(cid)
    value = sum(effects_value(st, seat, box["effects"]) for box in card["boxes"] if box["who"] == "owner")
    return value - (1.0 if card.get("stays_discarded") else 0.0)


def tactic_value(st: GreatWallState, seat: str, cid: str, boosted: bool) -> float:
    """Playing a Tactic now: its effect (the Boosted one less its cost); worth keeping a card that does nothing now."""
    card = st.content.tactics[cid]
    eff = card["boosted"]["effect"] if boosted else card["effect"]
    cost = sum(VALUE.get(k, 0.5) * v for k, v in card["boosted"]["cost"].items()) if boosted else 0.0
    return effects_value(st, seat, eff) - cost - 0.3


def _sec_of(st: GreatWallState, card_id: str) -> int:
    for sec in range(3):
        if any(c["id"] == card_id for c in st.horde[sec]):
            return sec
    return 0


def _fire_value(st: GreatWallState, args: dict[str, Any], cards: list[dict[str, Any]]) -> float:
    """A wound from a firing spot: best where it brings a card nearest to defeat."""
    row = args.get("row", 0)
    if row >= len(cards):
        return 0.0
    free = len(st.free_vitals(cards[row]))
    return 3.0 - free + (2.0 if free == 1 else 0.0)
