"""The ten locations and what each gives when activated ("Faza Aktywacji", pages 8-9 and 11-14 of the rulebook).

When a location activates, every clan with a clerk there resolves its effect in Tea order, for all its clerks at
once; then the clerks go back to their pools. The Shame icon: a clan alone in such a location takes a Shame token
(not on a Special activation).
"""

from __future__ import annotations

from typing import Any

from ...engine import Option, Step
from .content import BUILD, RESOURCES, SOLDIERS
from .effects import (
    SEC,
    attack_options,
    can_cover,
    discard_shame,
    discard_shame_options,
    do_attack,
    for_clan,
    give_shame,
)
from .sections import cite
from .state import AR, GreatWallState

Fr = dict[str, Any]
RULE = {"production": "loc.production", "barracks": "loc.barracks", "builders": "loc.builders",
        "logistics": "loc.logistics", "tea_house": "loc.tea_house", "embassy": "loc.embassy", "academy": "loc.academy"}


class Activation(Step):
    """The Active player decides the order in which the ready locations activate (normal ones full, special ones
    with at least one clerk)."""

    kind = "gw.activation"
    rule = cite("autumn.activation")
    forced_single = True
    player = for_clan  # in the Reed Clan's turn its Wódz decides

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        # the ready locations are found once, when the phase begins ("sprawdź, które z Lokacji się Aktywują"), and
        # each activates once (the Reed Clan's clerks stay where they are, so a location may still look full)
        todo = fr["todo"] if "todo" in fr else [lid for lid in st.content.loc_ids if st.ready(lid)]
        out = [Option(f"activate {lid}", "activate", {"loc": lid}, self.rule) for lid in todo]
        return out or [Option("done", "done", {}, self.rule)]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        todo = fr["todo"] if "todo" in fr else [lid for lid in st.content.loc_ids if st.ready(lid)]
        fr["todo"] = [lid for lid in todo if lid != opt.args["loc"]]
        st.push("gw.location", loc=opt.args["loc"], special=False, stage="start")


class Location(Step):
    kind = "gw.location"
    auto = True

    def run(self, st: GreatWallState, fr: Fr) -> None:
        lid = fr["loc"]
        loc = st.content.loc[lid]
        rule = cite(RULE[loc["effect"]])
        if fr["stage"] == "start":
            present = st.at[lid]
            counts = {s: present.count(s) for s in st.tea_order(set(present))}
            fr["counts"] = counts
            fr["full_one"] = len(counts) == 1 and len(present) >= st.slots(lid)
            st.emit("gw.activate", cite("autumn.activation"), loc=lid, clerks=dict(counts), special=fr["special"])
            for s, k in counts.items():  # the clerks go home (their number is kept for the effect)
                if s != st.reed:  # the Reed Clan's clerks stay ("nie są usuwani — zostają w Lokacji")
                    st.clerks[s] += k
            st.at[lid] = [s for s in present if s == st.reed]
            if st.qin and st.qin in counts:  # "Tryb solo": his Location track (solo.py)
                st.hooks.track_to_top(st, lid)
            fr["stage"] = "accept" if loc["effect"] in DECLINABLE else "effect"
            if loc["shame"] and not fr["special"] and len(counts) == 1:
                give_shame(st, next(iter(counts)), 1, cite("activation.shame"))
            if st.coop and len(counts) > 1:  # "Tryb kooperacji", Tor Herbaty: the players choose the order
                st.hooks.order_location(st, lid, list(counts))
            return
        if fr["stage"] == "accept":  # effects that need no choice: each clan may still decline them
            fr["stage"] = "effect"
            for s in reversed(list(fr["counts"])):
                if s != st.reed and s != st.qin:  # the Reed Clan's and Qin's effects: procedures, not choices
                    st.push("gw.accept", seat=s, loc=lid)
            return
        seats = list(fr["counts"])
        eff = loc["effect"]
        if eff == "production":
            self.production(st, fr, loc, seats, rule)
            return
        st.pop(fr)
        if eff == "tea_house":
            tea_house(st, fr, rule)
            return
        if eff == "academy":
            for s in reversed(seats):  # pushed: hand limits are met in Tea order (the Reed Clan: nothing happens)
                st.draw_tactics(s, fr["counts"][s], rule)
            return
        step = {"barracks": "gw.barracks", "builders": "gw.builders", "logistics": "gw.logistics",
                "embassy": "gw.embassy"}[eff]
        reed_step = {"barracks": "gw.reed_barracks", "builders": "gw.reed_builders", "embassy": "gw.reed_embassy"}
        for s in reversed(seats):
            if s == st.qin:  # "Tryb solo": his Barracks (he places clerks nowhere else)
                st.hooks.location_effect(st, eff, fr["counts"][s])
            elif s != st.reed:
                st.push(step, seat=s, left=fr["counts"][s], loc=lid)
            elif eff in reed_step:  # the Logistics Center: nothing happens
                st.push(reed_step[eff], seat=s, loc=lid)

    @staticmethod
    def production(st: GreatWallState, fr: Fr, loc: Fr, seats: list[str], rule: str) -> None:
        """Each step in Tea order for everyone before the next: 1. collect, 2. upgrade an overseer, 3. donate."""
        res = loc["resource"]
        if fr["stage"] == "effect":
            reed = False
            for s in seats:
                if s == st.reed:
                    reed = True  # after the upgrades are pushed, so that it resolves first (step 1 for everyone)
                    continue
                if s == st.qin:  # "Tryb solo": Honor instead of resources, then nothing (solo.py)
                    st.hooks.production(st, loc, fr["counts"][s])
                    continue
                n = fr["counts"][s]
                ov = st.overseer[s].get(loc["id"])
                if ov:
                    n += loc["overseer"]["income"][ov[0] - 1]
                st.gain(s, {res: n}, cite("loc.production.collect"))
            fr["stage"] = "upgrade"
            for s in reversed(seats):
                if s != st.reed and s != st.qin:
                    st.push("gw.upgrade", seat=s, loc=loc["id"])
            if reed:
                reed_production(st, loc)
            return
        if fr["stage"] == "upgrade":
            fr["stage"] = "donate"
            if res != "chi":  # the Temple has no donation arrow: Chi is never donated
                for s in reversed(seats):  # asked whatever is behind the screen (promise 4)
                    if s != st.reed and s != st.qin:  # "Qin Jiushao nigdy nie Przekazuje Datków"
                        st.push("gw.donate", seat=s, loc=loc["id"])
            return
        st.pop(fr)


#: locations whose effect runs without further choices; the rulebook lets a clan decline a location's effect
#: ("możesz zdecydować, że odrzucasz jej efekt"); the others are declined by choosing "done"/"skip"
DECLINABLE = ("production", "tea_house", "academy")


class Accept(Step):
    """Take the activated location's effect, or decline it (the clerks go home either way)."""

    kind = "gw.accept"
    rule = cite("autumn.activation")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        return [Option("take", "take", {}, self.rule), Option("decline", "decline", {}, self.rule)]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "take":
            return
        loc_fr = next(f for f in reversed(st.stack) if f["k"] == "gw.location" and f["loc"] == fr["loc"])
        loc_fr["counts"].pop(fr["seat"], None)
        loc_fr["full_one"] = False
        st.emit("gw.declined", self.rule, seat=fr["seat"], loc=fr["loc"])


def tea_house(st: GreatWallState, fr: Fr, rule: str) -> None:
    """Move your Tea marker one place up (directly above the marker above you), in Tea order; all the spaces
    filled by one clan: it goes to the top. On top already: nothing."""
    counts = fr["counts"]
    if fr["full_one"]:
        s = next(iter(counts))
        st.tea.remove(s)
        st.tea.insert(0, s)
        st.emit("gw.tea", rule, seat=s, tea=list(st.tea))
        return
    for s in list(counts):
        i = st.tea.index(s)
        if i == 0:
            continue
        st.tea[i - 1], st.tea[i] = st.tea[i], st.tea[i - 1]
        st.emit("gw.tea", rule, seat=s, tea=list(st.tea))


class Upgrade(Step):
    """Only after collecting here: upgrade your overseer one level — level 0 to 1 puts a soldier (not a clerk) of
    your pool on the first space after paying the arrow's cost; then each level costs what its space shows. One
    overseer per clan per production location; once placed it never leaves."""

    kind = "gw.upgrade"
    rule = cite("loc.production.overseer")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat, lid = fr["seat"], fr["loc"]
        ov = st.overseer[seat].get(lid)
        track = st.content.loc[lid]["overseer"]
        level = ov[0] if ov else 0
        out = []
        if level < len(track["costs"]):
            res, n = track["costs"][level]
            if st.res[seat][res] >= n:
                if level == 0:
                    out = [Option(f"overseer {SOLDIERS[t]}", "overseer", {"type": t}, self.rule) for t in range(3)
                           if st.usable(seat, t) > 0]
                else:
                    out = [Option("upgrade", "upgrade", {}, self.rule)]
        out.append(Option("skip", "skip", {}, self.rule))
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "skip":
            return
        seat, lid = fr["seat"], fr["loc"]
        ov = st.overseer[seat].get(lid)
        level = ov[0] if ov else 0
        res, n = st.content.loc[lid]["overseer"]["costs"][level]
        st.pay(seat, {res: n}, self.rule)
        if ov is None:
            t = opt.args["type"]
            st.pool[seat][t] -= 1
            st.overseer[seat][lid] = [1, t]
        else:
            ov[0] += 1
        st.emit("gw.overseer", self.rule, seat=seat, loc=lid, level=st.overseer[seat][lid][0])
        st.trigger(seat, "overseer_upgraded")  # placing the first is an upgrade too (level 0 to 1)


class Donate(Step):
    """Only after collecting here: put 1 of the resources just collected in the Warehouse and gain 2 Honor."""

    kind = "gw.donate"
    rule = cite("loc.production.donate")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        res = st.content.loc[fr["loc"]]["resource"]
        out = [Option(f"donate {res}", "donate", {"res": res}, self.rule)] if st.res[fr["seat"]][res] > 0 else []
        return [*out, Option("skip", "skip", {}, self.rule)]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "skip":
            return
        seat, res = fr["seat"], opt.args["res"]
        st.res[seat][res] -= 1
        st.warehouse[res] += 1
        st.emit("gw.donate", self.rule, seat=seat, res=res)
        st.add_honor(seat, 2, self.rule)
        st.trigger(seat, "donation")


class Barracks(Step):
    """Recruit 1 soldier of any type per clerk here: choose them all and pay for each first ("rekrutujesz wszystkich
    Żołnierzy jednocześnie"), so a Vital point's reward never pays for another recruit of the same activation; then
    each recruit, in the order recruited, at once attacks (spearmen a first-row card, horsemen any card, archers a
    firing spot and a wound) in any section, or goes to a rest zone."""

    kind = "gw.barracks"
    rule = cite("loc.barracks")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        if fr.get("placing"):
            t = fr["placing"][0]
            out = attack_options(st, seat, t, st.secs, "new", cite("attack"))
            out += [Option(f"rest {SEC[sec]}", "rest", {"sec": sec}, cite("rest")) for sec in st.secs]
            return out
        costs = st.board["recruit_costs"]
        out = [Option(f"recruit {name}", "recruit", {"type": t}, self.rule) for t, name in enumerate(SOLDIERS)
               if st.usable(seat, t) > 0 and st.can_pay(seat, costs[name])]
        out.append(Option("done", "done", {}, self.rule))
        return out

    def forced(self, st: GreatWallState, fr: Fr) -> bool:
        return False

    def prompt(self, st: GreatWallState, fr: Fr) -> dict[str, Any]:
        """Which of the two questions: the recruits (one per clerk, paid now), or where a recruit attacks."""
        if fr.get("placing"):
            return {"stage": "attack", "type": SOLDIERS[fr["placing"][0]]}
        return {"stage": "recruit", "n": fr.get("left", 0)}

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        if opt.action == "done":  # no more recruits: the ones chosen now attack or rest
            fr["left"] = 0
            fr["placing"], fr["recruits"] = fr.get("recruits") or [], []
            if not fr["placing"]:
                st.pop(fr)
            return
        if opt.action == "recruit":
            t = opt.args["type"]
            st.pay(seat, st.board["recruit_costs"][SOLDIERS[t]], self.rule)
            st.pool[seat][t] -= 1
            st.emit("gw.recruit", self.rule, seat=seat, type=SOLDIERS[t])
            st.trigger(seat, "recruit")
            fr.setdefault("recruits", []).append(t)
            fr["left"] -= 1
            if fr["left"] <= 0:
                fr["placing"], fr["recruits"] = fr["recruits"], []
            return
        t = fr["placing"].pop(0)
        if opt.action == "rest":
            st.rest[opt.args["sec"]][seat][t] += 1
            st.emit("gw.to_rest", opt.rule, seat=seat, type=SOLDIERS[t], sec=opt.args["sec"])
        else:
            do_attack(st, seat, opt.args, opt.rule)
        if not fr["placing"]:
            st.pop(fr)


class Builders(Step):
    """Per clerk here, one of: a Barricade (2 Wood/Stone/Gold in any mix, +2 Honor, at most 3 per section) or
    the next Wall level of a section (its printed cost in any mix of Wood/Stone/Gold, the Warehouse's resources
    first; Honor equal to what you paid)."""

    kind = "gw.builders"
    rule = cite("loc.builders")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        out = []
        if can_cover(st, seat, 2):
            out += [Option(f"barricade {SEC[sec]}", "barricade", {"sec": sec}, cite("loc.builders.barricade"))
                    for sec in st.secs if st.barricades[sec] < st.board["barricade_slots"]]
        stock = sum(st.warehouse.values())
        for sec in st.secs:
            lvl = st.wall[sec]
            if lvl < 3 and can_cover(st, seat, max(0, st.board["wall_cost"][lvl] - stock)):
                out.append(Option(f"wall {SEC[sec]}", "wall", {"sec": sec}, cite("loc.builders.wall")))
        out.append(Option("done", "done", {}, self.rule))
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        if opt.action == "done":
            st.pop(fr)
            return
        fr["left"] -= 1
        if fr["left"] <= 0:
            st.pop(fr)
        sec = opt.args["sec"]
        if opt.action == "barricade":
            st.push("gw.pay", seat=seat, n=2, kinds=list(BUILD), paid={}, then="barricade", sec=sec, rule=opt.rule)
            return
        cost = st.board["wall_cost"][st.wall[sec]]
        take = min(cost, sum(st.warehouse.values()))
        if take:  # "W pierwszej kolejności muszą zostać wykorzystane Surowce znajdujące się w Magazynie"
            st.push("gw.warehouse", seat=seat, n=take, rest=cost - take, sec=sec, rule=opt.rule, used={})
            return
        st.push("gw.pay", seat=seat, n=cost, kinds=list(BUILD), paid={}, then="wall", sec=sec, rule=opt.rule)


class Warehouse(Step):
    """Building a Wall level: the Warehouse's resources are used first (as many as the cost allows); when it holds
    more than the cost in several kinds, the builder chooses which go into the Wall ("w dowolnej kombinacji"), a kind
    and an amount at a time. The rest of the cost is then paid from behind the screen. Honor is only for what the
    builder pays (the Warehouse's resources give none: facts_extract, Wall part)."""

    kind = "gw.warehouse"
    forced_single = True  # the Warehouse is public: a lone way to take from it is no choice

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        n, w = fr["n"], st.warehouse
        out = []
        for k in BUILD:
            other = sum(w[x] for x in BUILD if x != k)
            for m in range(max(1, n - other), min(w[k], n) + 1):  # never leave what the other piles cannot cover
                out.append(Option(f"take {k} x{m}", "take_warehouse", {"res": k, "n": m}, fr["rule"]))
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat, k, m = fr["seat"], opt.args["res"], opt.args["n"]
        st.warehouse[k] -= m
        fr["used"][k] = fr["used"].get(k, 0) + m
        fr["n"] -= m
        if fr["n"] > 0:
            return
        st.pop(fr)
        st.emit("gw.warehouse_used", fr["rule"], seat=seat, res=dict(fr["used"]))
        if fr["rest"] <= 0:
            finish_build(st, seat, {"then": "wall", "sec": fr["sec"], "paid": {}, "rule": fr["rule"]})
            return
        st.push("gw.pay", seat=seat, n=fr["rest"], kinds=list(BUILD), paid={}, then="wall", sec=fr["sec"],
                rule=fr["rule"])


def finish_build(st: GreatWallState, seat: str, fr: Fr) -> None:
    sec = fr["sec"]
    paid = sum(fr["paid"].values())
    if st.coop:  # "Tryb kooperacji": counted for the Decrees; a Wall level recovers a discarded Command card
        st.hooks.on_build(st, seat, fr["then"])
    if fr["then"] == "barricade":
        st.barricades[sec] += 1
        st.emit("gw.barricade", fr["rule"], seat=seat, sec=sec)
        st.add_honor(seat, 2, fr["rule"])
        st.trigger(seat, "barricade_built")
        return
    st.wall[sec] += 1
    st.walls_built[seat] += 1
    st.emit("gw.wall", fr["rule"], seat=seat, sec=sec, level=st.wall[sec])
    st.add_honor(seat, paid, fr["rule"])
    st.trigger(seat, "wall_built")


# -- paying a mix ("w dowolnej kombinacji") for a Barricade or a Wall level --------------------------------------
class Pay(Step):
    """Pay n resources in any mix of the allowed kinds, a kind and an amount at a time; then the bought thing is
    built (``then``: "barricade"/"wall" with its section). Asked even with one way to pay: whether there is a
    choice depends on what lies behind the screen (promise 4)."""

    kind = "gw.pay"

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat, n = fr["seat"], fr["n"]
        rule = fr["rule"]
        r = st.res[seat]
        other = {k: sum(r[x] for x in fr["kinds"] if x != k) for k in fr["kinds"]}
        out = []
        for k in fr["kinds"]:
            lo = max(1, n - other[k])  # never leave a remainder the other kinds cannot cover
            for m in range(lo, min(r[k], n) + 1):
                out.append(Option(f"pay {k} x{m}", "pay", {"res": k, "n": m}, rule))
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        st.pay(seat, {opt.args["res"]: opt.args["n"]}, opt.rule)  # public, as at the table
        fr["paid"][opt.args["res"]] = fr["paid"].get(opt.args["res"], 0) + opt.args["n"]
        fr["n"] -= opt.args["n"]
        if fr["n"] > 0:
            return
        st.pop(fr)
        finish_build(st, seat, fr)


class Logistics(Step):
    """Per clerk here: pick one section and move any of your soldiers from its firing spots and rest zone to one
    other section (archers from firing spots to free firing spots or the rest zone, from the rest zone only to
    the rest zone). No attack."""

    kind = "gw.logistics"
    rule = cite("loc.logistics")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        if fr.get("move"):
            a, b = fr["move"]
            rest = st.rest[a][seat]
            out = [Option(f"move {SOLDIERS[t]}", "one", {"type": t, "from": "rest", "to": "rest"}, self.rule)
                   for t in range(3) if rest[t]]
            if seat in st.firing[a]:
                out.append(Option("move archer fire->rest", "one", {"type": AR, "from": "fire", "to": "rest"},
                                  self.rule))
                if len(st.firing[b]) < st.board["firing_spots"]:
                    out.append(Option("move archer fire->fire", "one", {"type": AR, "from": "fire", "to": "fire"},
                                      self.rule))
            out.append(Option("done", "done", {}, self.rule))
            return out
        out = [Option(f"move {SEC[a]}->{SEC[b]}", "section", {"from": a, "to": b}, self.rule)
               for a in st.secs if any(st.rest[a][seat]) or seat in st.firing[a] for b in st.secs if b != a]
        out.append(Option("done", "done", {}, self.rule))
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        if opt.action == "section":
            fr["move"] = [opt.args["from"], opt.args["to"]]
            return
        if opt.action == "one":
            a, b = fr["move"]
            t = opt.args["type"]
            if opt.args.get("from") == "fire":
                st.firing[a].remove(seat)
            else:
                st.rest[a][seat][t] -= 1
            if opt.args["to"] == "fire":
                st.firing[b].append(seat)
            else:
                st.rest[b][seat][t] += 1
            st.emit("gw.move_soldier", self.rule, seat=seat, type=SOLDIERS[t], from_sec=a, to_sec=b, to=opt.args["to"])
            return
        if fr.get("move"):  # done with this clerk's move
            fr["move"] = None
            fr["left"] -= 1
            if fr["left"] > 0:
                return
        st.pop(fr)


class Embassy(Step):
    """Per clerk here, one at a time: hire a clerk (2 Gold) or an Advisor from the track (Gold equal to the number
    of Advisors you will have), placed at once as Active or Supporting; the track closes up and is refilled."""

    kind = "gw.embassy"
    rule = cite("loc.embassy")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        out = []
        if st.unhired[seat] > 0 and st.res[seat]["gold"] >= 2:
            out.append(Option("hire clerk", "clerk", {}, self.rule))
        cost = len(st.active[seat]) + len(st.support[seat]) + 1
        if st.res[seat]["gold"] >= cost:
            for a in st.adv_track:
                out.append(Option(f"hire {a} active", "advisor", {"card": a, "as": "active"}, cite("advisors")))
                out.append(Option(f"hire {a} supporting", "advisor", {"card": a, "as": "supporting"},
                                  cite("advisors")))
        out.append(Option("done", "done", {}, self.rule))
        return out

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        if opt.action == "done":
            st.pop(fr)
            return
        if opt.action == "clerk":
            st.pay(seat, {"gold": 2}, self.rule)
            st.unhired[seat] -= 1
            st.clerks[seat] += 1
            st.emit("gw.hire_clerk", self.rule, seat=seat)
        else:
            a = opt.args["card"]
            st.pay(seat, {"gold": len(st.active[seat]) + len(st.support[seat]) + 1}, opt.rule)
            st.adv_track.remove(a)
            (st.active if opt.args["as"] == "active" else st.support)[seat].append(a)
            st.emit("gw.hire_advisor", opt.rule, seat=seat, card=a, role=opt.args["as"])
            st.trigger(seat, "advisor_hired")
            if st.adv_deck:
                st.adv_track.append(st.adv_deck.pop())
        fr["left"] -= 1
        if fr["left"] <= 0:
            st.pop(fr)


# -- the Reed Clan in the locations ("Tryb dla 2 graczy": "Szczegółowe zasady lokacji") -------------------------
def reed_production(st: GreatWallState, loc: Fr) -> None:
    """Lumber Mill, Quarry, Gold Mine: the Reed Clan donates 1 resource it just received (to the Warehouse, no
    Honor). Temple: the Active player discards 1 of their Shame tokens (nothing if they have none, or if the Reed
    Clan is the Active player)."""
    rule = cite("modes.two")
    if loc["resource"] != "chi":
        st.warehouse[loc["resource"]] += 1
        st.emit("gw.reed_donate", rule, seat=st.reed, res=loc["resource"])
        return
    act = st.active_seat
    if act and act != st.reed and discard_shame_options(st, act, rule):
        st.push("gw.reed_temple", seat=act)


class ReedTemple(Step):
    """The Reed Clan at the Temple: the Active player discards 1 of their Shame tokens, from where they choose."""

    kind = "gw.reed_temple"
    rule = cite("modes.two")
    forced_single = True  # which tokens a clan has is public

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        return discard_shame_options(st, fr["seat"], self.rule)

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        discard_shame(st, fr["seat"], opt.args, self.rule, "gw.reed_temple")


class ReedEmbassy(Step):
    """The Reed Clan at the Imperial Embassy: the Wódz discards any 1 Advisor from the track; it is refilled."""

    kind = "gw.reed_embassy"
    rule = cite("modes.two")
    forced_single = True
    player = for_clan

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        out = [Option(f"discard {a}", "discard", {"card": a}, self.rule) for a in st.adv_track]
        return out or [Option("done", "done", {}, self.rule)]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "done":
            return
        a = opt.args["card"]
        st.adv_track.remove(a)
        st.adv_discard.append(a)
        if st.adv_deck:
            st.adv_track.append(st.adv_deck.pop())
        st.emit("gw.reed_advisor", self.rule, seat=fr["seat"], card=a, track=list(st.adv_track))


class ReedBuilders(Step):
    """The Reed Clan at the Builders' Camp may build 1 Barricade for free; the Wódz places it on any free
    Barricade space (no Honor: the Reed Clan never gains any)."""

    kind = "gw.reed_builders"
    rule = cite("modes.two")
    player = for_clan

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        out = [Option(f"barricade {SEC[sec]}", "barricade", {"sec": sec}, self.rule) for sec in st.secs
               if st.barricades[sec] < st.board["barricade_slots"]]
        return [*out, Option("skip", "skip", {}, self.rule)]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "barricade":
            st.barricades[opt.args["sec"]] += 1
            st.emit("gw.barricade", self.rule, seat=fr["seat"], sec=opt.args["sec"])


class ReedBarracks(Step):
    """The Reed Clan at the Barracks recruits 1 spearman (free); the Wódz chooses any Vital point it may attack
    (a first-row card of a section in play); the rewards under the Reed Clan's spearmen are ignored. No Vital point
    to attack: nothing happens (the spearman stays in the pool)."""

    kind = "gw.reed_barracks"
    rule = cite("modes.two")
    forced_single = True
    player = for_clan

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        if st.pool[fr["seat"]][0] <= 0:
            return [Option("done", "done", {}, self.rule)]
        return attack_options(st, fr["seat"], 0, st.secs, "new", self.rule) or [Option("done", "done", {}, self.rule)]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "done":
            return
        seat = fr["seat"]
        st.pool[seat][0] -= 1
        st.emit("gw.recruit", self.rule, seat=seat, type="spearman")
        do_attack(st, seat, opt.args, self.rule)  # its rewards: st.gain ignores the Reed Clan's Honor and cards


STEPS = (Activation(), Location(), Accept(), Upgrade(), Donate(), Barracks(), Builders(), Pay(), Warehouse(),
         Logistics(), Embassy(), ReedTemple(), ReedEmbassy(), ReedBuilders(), ReedBarracks())
__all__ = ["RESOURCES", "STEPS", "finish_build"]
