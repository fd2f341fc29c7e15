"""6. Marquise de Cat (Markiza de Kot): workshops, sawmills and recruiters fed by wood.

Reads like chapter 6 of the Law: faction rules (6.2: crafting with workshops, the Keep, Field
Hospitals), setup (6.3), Birdsong (6.4), Daylight (6.5: battle, march, recruit, build, overwork, and
one extra action per bird card spent), Evening (6.6).
"""

from __future__ import annotations

from ....engine import Option, Step
from ..hooks import Contribution
from ..state import RootState
from ..turn import (
    R,
    apply_extra,
    battle_options,
    clearing_card_options,
    craft_options,
    daylight_extras,
    do_craft,
    do_move,
    draw_and_discard,
    move_options,
    register,
    start_battle,
    take_card,
)

KEY = "marquise"
BUILDINGS = ("sawmill", "workshop", "recruiter")
#: 6.5.4.II: the cost at the top of each column, by how many of that building are already on the map.
COST = (0, 1, 2, 3, 3, 4)
#: 6.5.4.III: VP printed on the space uncovered by the n-th building of a kind (index = built before).
VP = {
    "sawmill": (0, 1, 2, 3, 4, 5),
    "workshop": (0, 2, 2, 3, 4, 5),
    "recruiter": (0, 1, 2, 3, 3, 4),
}


def draw_bonus(st: RootState) -> int:
    """6.6: draw bonuses printed on the recruiter track, uncovered by the 3rd and 5th recruiter."""
    n = st.count_on_map("recruiter")
    return (n >= 3) + (n >= 5)


def crafting_pieces(st: RootState, seat: str) -> dict[str, int]:
    """6.2.1: the Marquise crafts with workshops."""
    out: dict[str, int] = {}
    for c in st.map.clearings():
        n = st.buildings[c].count("workshop")
        if n:
            s = st.craft_suit(c)  # Appendix F: WILD in the Lost City
            out[s] = out.get(s, 0) + n
    return out


# -- 6.3 Setup -----------------------------------------------------------------------------------
@register
class Setup(Step):
    kind = "marquise.setup"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            st.push("marquise.setup.keep")
        elif i == 1:  # 6.3.3 Garrison
            keep = st.keep_clearing()
            assert keep is not None
            skip = st.map.opposite[keep]
            for c in st.map.clearings():
                if c != skip:
                    st.place_warriors(c, KEY, 1, "6.3.3")
        elif i in (2, 3, 4):  # 6.3.4 Place Starting Buildings
            st.push("marquise.setup.building", building=BUILDINGS[i - 2])
        else:
            st.pop(fr)


@register
class SetupKeep(Step):
    """6.3.2 Place the keep token in any corner clearing: the Marquise's starting clearing."""

    kind = "marquise.setup.keep"
    rule = R("6.3.2")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"keep {c + 1}", "keep", {"clearing": c + 1}, R("6.3.2")) for c in st.map.corners]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        c = opt.args["clearing"] - 1
        st.fdata[KEY]["start"] = c
        st.place_token(c, "keep", "6.3.2")


@register
class SetupBuilding(Step):
    """6.3.4 Place a sawmill, a workshop and a recruiter in the keep's clearing and adjacent ones."""

    kind = "marquise.setup.building"
    rule = R("6.3.4")
    forced_single = True
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        keep = st.keep_clearing()
        assert keep is not None
        kind = fr["building"]
        return [Option(f"{kind} {c + 1}", "place", {"building": kind, "clearing": c + 1}, R("6.3.4"))
                for c in (keep, *st.adj[keep]) if st.open_slots(c) > 0]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        st.place_building(opt.args["clearing"] - 1, fr["building"], "6.3.4")


# -- 6.2.3 Field Hospitals -----------------------------------------------------------------------
@register
class FieldHospitals(Step):
    """6.2.3: when Marquise warriors are removed from a clearing, the Marquise may spend a card matching
    that clearing to place them in the keep's clearing instead.

    Asked whenever the Marquise holds any card, so the question itself reveals nothing about her hand.
    """

    kind = "marquise.field_hospitals"
    rule = R("6.2.3")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"clearing": fr["c"] + 1, "count": fr["n"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        opts = clearing_card_options(st, KEY, fr["c"], "field_hospitals", "6.2.3", prefix="field hospitals ")
        opts.append(Option("decline", "pass", {}, R("6.2.3")))
        return opts

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action != "field_hospitals":
            return
        st.spend(KEY, take_card(st, KEY, opt.args["card"]), "6.2.3", "field_hospitals")
        keep = st.keep_clearing()
        if keep is not None:
            st.place_warriors(keep, KEY, fr["n"], "6.2.3")


# -- 6.4 Birdsong --------------------------------------------------------------------------------
@register
class Birdsong(Step):
    """6.4: place one wood at each sawmill (as many as the supply of 8 allows, 1.5.4)."""

    kind = "marquise.birdsong"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        mills = [c for c in st.map.clearings() for _ in range(st.buildings[c].count("sawmill")) if st.can_place(c, KEY)]
        supply = 8 - st.count_on_map("wood")
        if len(mills) <= supply:
            for c in mills:
                st.place_token(c, "wood", "6.4")
        elif supply > 0:
            st.push("marquise.wood", left=supply, mills=[c for c in mills])


@register
class WoodShortage(Step):
    """6.4 with 1.5.4: too little wood for every sawmill; the Marquise picks which sawmills get it."""

    kind = "marquise.wood"
    rule = R("6.4")
    forced_single = True
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"wood {c + 1}", "wood", {"clearing": c + 1}, R("6.4")) for c in sorted(set(fr["mills"]))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        c = opt.args["clearing"] - 1
        fr["mills"].remove(c)
        fr["left"] -= 1
        st.place_token(c, "wood", "6.4")
        if fr["left"] == 0 or not fr["mills"]:
            st.pop(fr)


# -- 6.5 Daylight --------------------------------------------------------------------------------
def ruled_zone(st: RootState, start: int) -> list[int]:
    """6.5.4.II: the chosen clearing and every clearing connected to it through ruled clearings."""
    seen = {start}
    todo = [start]
    while todo:
        a = todo.pop()
        for b in st.adjacent(a, KEY):  # 11.2.7.2 Riverboats: rivers connect like paths
            if b not in seen and st.rules(b, KEY):
                seen.add(b)
                todo.append(b)
    return sorted(seen)


def build_options(st: RootState) -> list[Option]:
    """6.5.4.I: a clearing you rule with an open slot; the cost payable with connected wood."""
    out = []
    costs = {}
    for kind in BUILDINGS:
        n = st.count_on_map(kind)
        if n < 6:
            costs[kind] = COST[n]
    if not costs:
        return out
    zone_wood: dict[int, int] = {}
    for c in st.map.clearings():
        if st.open_slots(c) <= 0 or not st.rules(c, KEY) or not st.can_place(c, KEY):  # D.6.2 the torch
            continue
        if c not in zone_wood:
            zone = ruled_zone(st, c)
            wood = 0
            for z in zone:
                wood += st.tokens[z].count("wood")
            for z in zone:
                zone_wood[z] = wood
        for kind, cost in costs.items():
            if zone_wood[c] >= cost:
                out.append(Option(f"build {kind} {c + 1}", "build", {"building": kind, "clearing": c + 1},
                                  R("6.5.4")))
    return out


def overwork_options(st: RootState) -> list[Option]:
    """6.5.5: spend a card matching a sawmill's clearing to place a wood there."""
    if st.count_on_map("wood") >= 8:
        return []
    out = []
    for c in st.map.clearings():
        if "sawmill" in st.buildings[c] and st.can_place(c, KEY):  # D.6.2: nothing placed by the torch
            out.extend(clearing_card_options(st, KEY, c, "overwork", "6.5.5", {"clearing": c + 1},
                                             prefix=f"overwork {c + 1} "))  # Appendix F: the Lost City, any suit
    return out


def recruit_possible(st: RootState) -> bool:
    if st.warrior_supply(KEY) <= 0:
        return False
    for c in st.map.clearings():  # noqa: SIM110 (a loop, not any(): compiled, a C function, marquise.pxd)
        if "recruiter" in st.buildings[c] and st.can_place(c, KEY):
            return True
    return False


def daylight_options(st: RootState, stage: str, actions: int) -> list[Option]:
    """6.5: in the ``craft`` stage, craft with workshops (6.2.1) or end crafting; then, with ``actions`` left, battle,
    march, recruit, build, overwork (6.5.1–6.5.5), spend a bird card for one more action, or end the Daylight."""
    if stage == "craft":
        out = craft_options(st, KEY, "6.2.1")
        out.extend(daylight_extras(st, KEY))
        out.append(Option("end crafting", "end_crafting", {}, R("6.5")))
        return out
    out = []
    if actions > 0:
        out.extend(battle_options(st, KEY, "6.5.1"))
        out.extend(move_options(st, KEY, "6.5.2", action="march"))
        if not st.turn.get("recruited") and recruit_possible(st):
            out.append(Option("recruit", "recruit", {}, R("6.5.3")))
        out.extend(build_options(st))
        out.extend(overwork_options(st))
    for cid in st.distinct(st.hand_cards(KEY, "bird")):
        key = st.card(cid).key
        out.append(Option(f"extra action {key}", "extra_action", {"card": key}, R("6.5")))
    out.extend(daylight_extras(st, KEY))
    out.append(Option("end daylight", "end_daylight", {}, R("6.5")))
    return out


@register
class Daylight(Step):
    """6.5: first craft with workshops, then up to three actions plus one per bird card spent."""

    kind = "marquise.daylight"
    rule = R("6.5")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"stage": fr["stage"], "actions": fr["actions"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return daylight_options(st, fr["stage"], fr["actions"])

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        a = opt.action
        if apply_extra(st, KEY, opt):
            return
        if a == "craft":
            do_craft(st, KEY, opt)
        elif a == "end_crafting":
            fr["stage"] = "actions"
        elif a == "end_daylight":
            st.pop(fr)
        elif a == "extra_action":
            st.spend(KEY, take_card(st, KEY, opt.args["card"]), "6.5", "extra_action")
            fr["actions"] += 1
        else:
            fr["actions"] -= 1
            if a == "battle":
                start_battle(st, KEY, opt, "6.5.1")
            elif a == "march":
                st.push("marquise.march")  # below any Outrage the move triggers, which resolves first
                do_move(st, KEY, opt, "6.5.2")
            elif a == "recruit":
                recruit(st)
            elif a == "build":
                build(st, opt.args["building"], opt.args["clearing"] - 1)
            elif a == "overwork":
                st.spend(KEY, take_card(st, KEY, opt.args["card"]), "6.5.5", "overwork")
                st.place_token(opt.args["clearing"] - 1, "wood", "6.5.5")


@register
class March(Step):
    """6.5.2 March: the second of up to two moves."""

    kind = "marquise.march"
    rule = R("6.5.2")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = move_options(st, KEY, "6.5.2")
        out.append(Option("end march", "end_march", {}, R("6.5.2")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "move":
            do_move(st, KEY, opt, "6.5.2")


def recruit(st: RootState) -> None:
    """6.5.3 Recruit: one warrior at each recruiter, once per turn (the Marquise picks if supply runs short)."""
    st.turn["recruited"] = True
    spots = [c for c in st.map.clearings() for _ in range(st.buildings[c].count("recruiter")) if st.can_place(c, KEY)]
    supply = st.warrior_supply(KEY)
    if len(spots) <= supply:
        for c in spots:
            st.place_warriors(c, KEY, 1, "6.5.3")
    else:
        st.push("marquise.recruit", left=supply, spots=spots)


@register
class RecruitShortage(Step):
    kind = "marquise.recruit"
    rule = R("6.5.3")
    forced_single = True
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"recruit {c + 1}", "recruit_at", {"clearing": c + 1}, R("6.5.3"))
                for c in sorted(set(fr["spots"]))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        c = opt.args["clearing"] - 1
        fr["spots"].remove(c)
        fr["left"] -= 1
        st.place_warriors(c, KEY, 1, "6.5.3")
        if fr["left"] == 0 or not fr["spots"]:
            st.pop(fr)


def build(st: RootState, kind: str, c: int) -> None:
    """6.5.4: pay wood (6.5.4.II), then place the leftmost building and score its space (6.5.4.III)."""
    n = st.count_on_map(kind)
    cost = COST[n]
    zone = ruled_zone(st, c)
    st.push("marquise.build_place", building=kind, c=c, vp=VP[kind][n])
    with_wood = [z for z in zone if "wood" in st.tokens[z]]
    total = sum(st.tokens[z].count("wood") for z in with_wood)
    if cost and (total == cost or len(with_wood) == 1):
        for z in with_wood:
            for _ in range(min(st.tokens[z].count("wood"), cost)):
                st.tokens[z].remove("wood")
                cost -= 1
                st.emit("pay_wood", "6.5.4.II", clearing=z + 1)
    elif cost:
        st.push("marquise.pay_wood", need=cost, zone=zone)


@register
class PayWood(Step):
    """6.5.4.II: choose which wood to remove when the connected clearings hold more than the cost."""

    kind = "marquise.pay_wood"
    rule = R("6.5.4.II")
    forced_single = True
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"need": fr["need"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"wood from {z + 1}", "pay_wood", {"clearing": z + 1}, R("6.5.4.II"))
                for z in fr["zone"] if "wood" in st.tokens[z]]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        z = opt.args["clearing"] - 1
        st.tokens[z].remove("wood")
        st.emit("pay_wood", "6.5.4.II", clearing=z + 1)
        fr["need"] -= 1
        if fr["need"] == 0:
            st.pop(fr)


@register
class BuildPlace(Step):
    kind = "marquise.build_place"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        st.place_building(fr["c"], fr["building"], "6.5.4.III")
        st.score(KEY, fr["vp"], "6.5.4.III", "build")


# -- 6.6 Evening ---------------------------------------------------------------------------------
@register
class Evening(Step):
    kind = "marquise.evening"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        draw_and_discard(st, KEY, draw_bonus(st), "6.6")


#: what the Marquise add to the shared rules (hooks.py), assembled by the game when they are in play
CONTRIBUTION = Contribution(
    "marquise", KEY,
    phases=(("marquise.birdsong", {}), ("marquise.daylight", {"stage": "craft", "actions": 3}),
            ("marquise.evening", {})),
    crafting_pieces=crafting_pieces,
)
