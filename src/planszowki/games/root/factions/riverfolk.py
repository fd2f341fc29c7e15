"""11. Riverfolk Company (Kompania Plemion Rzecznych): funds, trade posts, services and a public hand.

Reads like chapter 11 of the Law: faction rules (11.2: crafting on the Trade Posts tracks, Swimmers, the
public hand, funds, trade posts and Trade Disruption, services other players buy), setup (11.3), Birdsong
(11.4: Protectionism, dividends, gathering funds), Daylight (11.5: move, battle, craft and export, draw,
recruit, establish a trade post with a garrison), Evening (11.6: discard, set costs).

The faction board is ``fdata["riverfolk"]``: warriors in the Payments, Funds and Committed boxes and on the
Trade Posts tracks are lists of the faction each warrior belongs to (``payments``, ``funds``,
``committed``, ``track_fox`` …), since other players pay with their own warriors (11.2.6.I) and a spent fund
returns to its owner's supply (11.5). ``lost`` lists the suits of trade posts removed from the game
(11.2.5.I); ``price_hand``, ``price_riverboats``, ``price_mercenaries`` are the Services tracks (1–4).
Trade posts are tokens ``trade_fox``, ``trade_rabbit``, ``trade_mouse`` (21.32).

Shared rules read this faction through hooks: ``RootState.adjacent`` (Swimmers, Riverboats), ``ruler`` and
the battle frame (Mercenaries, 11.2.7.3), ``hooks.held_warriors`` (boxes are not the supply), ``hooks.on_piece_removed``
(Trade Disruption), ``hooks.public_hands`` (views, determinize) and ``hooks.start_of_birdsong`` (buying services).
"""

from __future__ import annotations

from ....engine import InvalidPosition, Option, Step
from ..content import SUITS
from ..hooks import Contribution
from ..state import HAND_LIMIT, VAGABONDS, WARRIORS, RootState
from ..turn import (
    R,
    apply_extra,
    battle_options,
    craft_options,
    daylight_extras,
    do_craft,
    register,
    start_battle,
    take_card,
)
from ..variant_maps import ferry_targets, take_ferry

KEY = "riverfolk"
POSTS = {s: f"trade_{s}" for s in SUITS}
POSTS_PER_SUIT = 3  # 11.3.3: nine trade posts, three of each suit
#: 11.5.6.3: VP on the spaces the 1st, 2nd and 3rd trade post of a suit uncover. Faction-board data, not in the
#: Law: neither the seed nor the structured Law prints the numbers. The first two (2, 2) agree with the recorded
#: tournament game in reference/root/rootlog (2020_11_24_winter_tournament_r2g4: every first and second post
#: scores ++2); no recorded game places a third post of a suit.
POST_VP = (2, 2, 3)
SERVICES = ("hand", "riverboats", "mercenaries")  # 11.2.7
#: the spaces of each Services track (11.2.6.1, 11.3.5). Faction-board data, not in the Law.
PRICES = (1, 2, 3, 4)
BOXES = ("payments", "funds", "committed")


def fd(st: RootState) -> dict:
    return st.fdata[KEY]


def funds(st: RootState) -> list[str]:
    return st.fdata[KEY]["funds"]


def posts_on_map(st: RootState, suit: str) -> int:
    return st.count_on_map(POSTS[suit])


def posts_on_track(st: RootState, suit: str) -> int:
    """Trade posts still covering their track (11.3.3); removed ones are out of the game (11.2.5.I)."""
    return POSTS_PER_SUIT - posts_on_map(st, suit) - fd(st)["lost"].count(suit)


def held(st: RootState, faction: str) -> int:
    """Warriors of ``faction`` on the Riverfolk board: Payments, Funds, Committed, Trade Posts tracks."""
    d = st.fdata[KEY]
    if "funds" not in d:
        return 0
    n = 0
    for box in BOXES:
        n += d[box].count(faction)
    for s in SUITS:
        n += d[f"track_{s}"].count(faction)
    return n


def crafting_pieces(st: RootState, seat: str) -> dict[str, int]:
    """11.2.1: empty spaces of the Trade Posts tracks (uncovered by placed or lost posts, not yet holding a
    committed fund). The total is also limited by the funds to commit (11.5.3)."""
    d = fd(st)
    return {s: POSTS_PER_SUIT - posts_on_track(st, s) - len(d[f"track_{s}"]) for s in SUITS}


def river_clearings(st: RootState) -> list[int]:
    """Clearings touching the river (11.3.2, 11.5.5)."""
    return [c for c in st.map.clearings() if st.map.rivers[c]]


def _trade_disruption(st: RootState, c: int, kind: str, by: str | None) -> None:
    """11.2.5.I: the post leaves the game for good; the Riverfolk lose half their funds, rounded up."""
    suit = kind[len("trade_"):]
    fd(st)["lost"].append(suit)
    st.emit("trade_disruption", "11.2.5.I", clearing=c + 1, suit=suit)
    # half the funds as they are when this resolves: several posts removed at once (a Favor card, a bomb)
    # each halve what the one before left
    st.push("riverfolk.disruption_due")


@register
class DisruptionDue(Step):
    kind = "riverfolk.disruption_due"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        lose = (len(funds(st)) + 1) // 2
        if lose:
            st.push("riverfolk.disruption", n=lose)


# -- 11.3 Setup ----------------------------------------------------------------------------------
@register
class Setup(Step):
    """11.3: 15 warriors; four in clearings touching the river; nine trade posts on their tracks;
    three warriors in Payments; one marker on each Services track."""

    kind = "riverfolk.setup"
    rule = R("11.3")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"placed": fr["i"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        if fr["i"] < 4:  # 11.3.2
            return [Option(f"place {c + 1}", "place", {"clearing": c + 1}, R("11.3.2"))
                    for c in river_clearings(st) if st.can_place(c, KEY)]
        service = SERVICES[fr["i"] - 4]  # 11.3.5
        return [Option(f"price {service} {p}", "set_price", {"service": service, "price": p}, R("11.3.5"))
                for p in PRICES]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        _init_board(st)
        d = fd(st)
        if opt.action == "place":
            st.place_warriors(opt.args["clearing"] - 1, KEY, 1, "11.3.2")
        else:
            d[f"price_{opt.args['service']}"] = opt.args["price"]
            st.emit("set_price", "11.3.5", service=opt.args["service"], price=opt.args["price"])
        fr["i"] += 1
        if fr["i"] == 4:
            d["payments"].extend([KEY] * 3)  # 11.3.4
            st.emit("payments", "11.3.4", faction=KEY, count=3)
        if fr["i"] >= 4 + len(SERVICES):
            st.pop(fr)


def _init_board(st: RootState) -> None:
    d = fd(st)
    if "funds" not in d:
        d.update(payments=[], funds=[], committed=[], lost=[], **{f"track_{s}": [] for s in SUITS},
                 price_hand=1, price_riverboats=1, price_mercenaries=1)


# -- 11.2.6 Buying services (in another player's Birdsong) --------------------------------------
def price(st: RootState, service: str) -> int:
    return fd(st)[f"price_{service}"]


def can_pay(st: RootState, buyer: str, cost: int) -> bool:
    """11.2.6.I: warriors from the buyer's supply; 11.2.6.III: the Vagabond exhausts items instead."""
    if buyer in VAGABONDS:
        return st.hooks.faction_hooks["vagabond"]["ready_count"](st, buyer) >= cost
    return st.warrior_supply(st.faction_of(buyer)) >= cost


def services_allowed(st: RootState, buyer: str) -> int:
    """11.2.6.II: one service plus one per clearing with a trade post and any of the buyer's pieces."""
    n = 1
    for c in st.map.clearings():
        if any(t.startswith("trade_") for t in st.tokens[c]) and st.has_any_piece(c, buyer):
            n += 1
    return n


def service_options(st: RootState, buyer: str) -> list[Option]:
    out = []
    if st.turn.get("services_bought", 0) >= services_allowed(st, buyer):
        return out
    cost = price(st, "hand")
    if st.hands[KEY] and can_pay(st, buyer, cost):
        for cid in st.distinct(st.hands[KEY]):
            key = st.card(cid).key
            out.append(Option(f"buy {key}", "buy_card", {"card": key, "cost": cost}, R("11.2.7.1")))
    cost = price(st, "riverboats")
    if st.turn.get("riverboats") != buyer and can_pay(st, buyer, cost):
        out.append(Option("buy riverboats", "buy_riverboats", {"cost": cost}, R("11.2.7.2")))
    cost = price(st, "mercenaries")
    # 11.2.7.3.2: the Vagabond cannot buy mercenaries
    if buyer not in VAGABONDS and st.turn.get("mercenaries") != buyer and can_pay(st, buyer, cost):
        out.append(Option("buy mercenaries", "buy_mercenaries", {"cost": cost}, R("11.2.7.3")))
    return out


def services_on_offer(st: RootState, seat: str) -> bool:
    """11.2.6: at the start of another player's Birdsong; asked only when they can pay for something (the
    prices, the buyer's supply or items and the Riverfolk's hand are all public). A Vagabond who starts his
    Birdsong with no face-up item may buy once his Refresh (9.4.1, also at the start of Birdsong) has flipped
    some: the start-of-Birdsong effects come in the order he picks (1.1.3, ``turn.StartOfBirdsong``)."""
    return KEY in st.seats and seat != KEY and "funds" in fd(st) and bool(service_options(st, seat))


def offer_services(st: RootState, seat: str) -> None:
    st.push("riverfolk.services", seat=seat)


def pay_service(st: RootState, buyer: str, cost: int, rule: str) -> None:
    """11.2.6.I: the buyer's warriors go to the Payments box; 11.2.6.III: the Vagabond exhausts items, and
    for each the Riverfolk place one of their warriors there."""
    if buyer in VAGABONDS:
        st.push("riverfolk.vagabond_pay", seat=buyer, n=cost)
        return
    f = st.faction_of(buyer)
    fd(st)["payments"].extend([f] * cost)
    st.emit("payments", rule, faction=f, count=cost)


@register
class Services(Step):
    """11.2.6–11.2.7: the buyer buys services one at a time, then goes on with Birdsong."""

    kind = "riverfolk.services"
    rule = R("11.2.6")

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"left": services_allowed(st, fr["seat"]) - st.turn.get("services_bought", 0)}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*service_options(st, fr["seat"]), Option("done", "done", {}, R("11.2.6"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        buyer = fr["seat"]
        if opt.action == "done":
            st.pop(fr)
            return
        st.turn["services_bought"] = st.turn.get("services_bought", 0) + 1
        if opt.action == "buy_card":  # 11.2.7.1
            cid = take_card(st, KEY, opt.args["card"])
            st.hands[KEY].remove(cid)
            st.hands[buyer].append(cid)
            st.emit("buy_card", "11.2.7.1", faction=buyer, card=opt.args["card"])
            st.reveal("*", buyer, cid)  # taken from a public hand: every seat knows where it went
        elif opt.action == "buy_riverboats":  # 11.2.7.2
            st.turn["riverboats"] = buyer
            st.emit("buy_service", "11.2.7.2", faction=buyer, service="riverboats")
        else:  # 11.2.7.3
            st.turn["mercenaries"] = buyer
            st.emit("buy_service", "11.2.7.3", faction=buyer, service="mercenaries")
        if buyer not in VAGABONDS:
            pay_service(st, buyer, opt.args["cost"], "11.2.6.I")
            if not service_options(st, buyer):
                st.pop(fr)
        else:
            if not service_options(st, buyer):
                st.pop(fr)
            pay_service(st, buyer, opt.args["cost"], "11.2.6.III")


@register
class VagabondPay(Step):
    """11.2.6.III: the Vagabond exhausts items one by one; each puts a Riverfolk warrior in Payments."""

    kind = "riverfolk.vagabond_pay"
    rule = R("11.2.6.III")
    forced_single = True

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"count": fr["n"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        kinds = st.hooks.faction_hooks["vagabond"]["ready_kinds"](st, fr["seat"])
        return [Option(f"exhaust {k}", "exhaust", {"item": k}, R("11.2.6.III")) for k in kinds]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.hooks.faction_hooks["vagabond"]["exhaust"](st, fr["seat"], opt.args["item"], 1, "11.2.6.III")
        if st.warrior_supply(KEY) > 0:  # 1.5.4: as many as possible
            fd(st)["payments"].append(KEY)
            st.emit("payments", "11.2.6.III", faction=KEY, count=1)
        fr["n"] -= 1
        if fr["n"] <= 0:
            st.pop(fr)


# -- 11.2.5.I Trade Disruption -------------------------------------------------------------------
@register
class Disruption(Step):
    """11.2.5.I: the Riverfolk remove half their funds, rounded up; they pick which warriors (each returns
    to its owner's supply)."""

    kind = "riverfolk.disruption"
    rule = R("11.2.5.I")
    seat = KEY
    forced_single = True

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"count": fr["n"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"remove fund {f}", "remove_fund", {"owner": f}, R("11.2.5.I"))
                for f in sorted(set(funds(st)))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        funds(st).remove(opt.args["owner"])
        st.emit("funds_removed", "11.2.5.I", owner=opt.args["owner"], count=1)
        fr["n"] -= 1
        if fr["n"] <= 0 or not funds(st):
            st.pop(fr)


# -- 11.4 Birdsong -------------------------------------------------------------------------------
@register
class Birdsong(Step):
    """11.4.1 Protectionism, 11.4.2 Score Dividends, 11.4.3 Gather Funds."""

    kind = "riverfolk.birdsong"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        d = fd(st)
        if not d["payments"]:  # 11.4.1
            n = min(2, st.warrior_supply(KEY))
            if n:
                d["payments"].extend([KEY] * n)
                st.emit("payments", "11.4.1", faction=KEY, count=n)
        if any(posts_on_map(st, s) for s in SUITS):  # 11.4.2: Payments and Committed do not count
            st.score(KEY, len(d["funds"]) // 2, "11.4.2", "dividends")
        gathered = len(d["payments"]) + len(d["committed"])  # 11.4.3
        d["funds"].extend(d["payments"])
        d["funds"].extend(d["committed"])
        d["payments"], d["committed"] = [], []
        for s in SUITS:
            gathered += len(d[f"track_{s}"])
            d["funds"].extend(d[f"track_{s}"])
            d[f"track_{s}"] = []
        d["funds"].sort()
        if gathered:
            st.emit("gather_funds", "11.4.3", count=gathered, funds=len(d["funds"]))


# -- 11.5 Daylight -------------------------------------------------------------------------------
def swims(st: RootState, a: int, b: int) -> bool:
    """11.2.2 Swimmers: along a river the Riverfolk move whoever rules the origin or destination (also when
    another player forces them to move, 1.5.5: the Vagabond's Allied warriors, 9.2.9.II.b)."""
    return b in st.map.rivers[a]


def move_options(st: RootState) -> list[Option]:
    """11.5.1 with 11.2.2 Swimmers: along paths (ruling the origin or destination, 4.2) or along rivers
    regardless of rule; from the Ferry's clearing across the lake (C.2.5)."""
    out = []
    ruled = [st.ruler(c) == KEY or (st.exiles and st.has_crafted(KEY, "corvid_planners"))  # A.2 Corvid Planners
             for c in st.map.clearings()]
    for a in st.map.clearings():
        n = st.warriors[a].get(KEY, 0)
        if not n or not st.can_move_from(a, KEY):  # 13.7.2 Snare
            continue
        rivers = st.map.rivers[a]
        for b in st.adjacent(a, KEY):
            if "torch" in st.tokens[b]:  # D.6.2
                continue
            if not (b in rivers or ruled[a] or ruled[b]):
                continue
            rule = "11.2.2" if b in rivers and not (ruled[a] or ruled[b]) else "11.5.1"
            for k in range(1, n + 1):
                out.append(Option(f"move {a + 1}->{b + 1} x{k}", "move", {"from": a + 1, "to": b + 1, "count": k},
                                  R(rule)))
        if a == st.ferry:
            for b in ferry_targets(st, a):
                if ruled[a] or ruled[b]:
                    for k in range(1, n + 1):
                        out.append(Option(f"move {a + 1}->{b + 1} x{k} ferry", "move",
                                          {"from": a + 1, "to": b + 1, "count": k, "ferry": True}, R("C.2.5")))
    return out


def recruit_options(st: RootState) -> list[Option]:
    """11.5.5: spend one fund to place a warrior in any clearing with a river. Spending one of the Riverfolk's
    own warriors returns it to the supply first, so it can be the warrior placed."""
    if not funds(st) or (st.warrior_supply(KEY) <= 0 and KEY not in funds(st)):
        return []
    return [Option(f"recruit {c + 1}", "recruit", {"clearing": c + 1}, R("11.5.5"))
            for c in river_clearings(st) if st.can_place(c, KEY)]


def trade_post_options(st: RootState) -> list[Option]:
    """11.5.6.I–II: a clearing without a trade post, ruled by any player, whose ruler's warriors are two of
    the funds; a post of its suit still on the track."""
    out = []
    f = funds(st)
    if len(f) < 2:
        return out
    city = st.lost_city()
    for c in st.map.clearings():
        if any(t.startswith("trade_") for t in st.tokens[c]) or not st.can_place(c, KEY):
            continue
        r = st.ruler(c)
        if r is None or f.count(r) < 2:
            continue
        if c != city:
            if posts_on_track(st, st.suits[c]) > 0:
                out.append(Option(f"trade post {c + 1}", "trade_post", {"clearing": c + 1, "payer": r}, R("11.5.6")))
            continue
        for suit in st.clearing_suits(c):  # Appendix F: the Lost City matches a post of any suit; the Riverfolk pick
            if posts_on_track(st, suit) > 0:
                out.append(Option(f"trade post {c + 1} {suit}", "trade_post",
                                  {"clearing": c + 1, "payer": r, "as_suit": suit}, R("11.5.6")))
    return out


def riverfolk_craft_options(st: RootState) -> list[Option]:
    """11.5.3: crafting commits one fund per crafting piece; 11.5.3.1 Export discards a card it could craft
    (FAQ 11.5.3) for one Riverfolk warrior in Payments."""
    n = len(funds(st))
    out = []
    for o in craft_options(st, KEY, "11.5.3"):
        if len(o.args["pieces"]) <= n:
            out.append(o)
            out.append(Option("export" + o.id[len("craft"):], "export", dict(o.args), R("11.5.3.1")))
    return out


def _pay_funds(st: RootState, how: str, n: int, rule: str) -> None:
    """Commit (to Committed, or ``track_<suit>`` spaces when crafting) or spend ``n`` funds, choosing whose."""
    st.push("riverfolk.pay", how=how, n=n, rule=rule)


@register
class PayFunds(Step):
    """11.5: committing moves a fund to the Committed box (crafting: to a Trade Posts track space, 11.5.3);
    spending returns it to its owner's supply. The Riverfolk choose whose warrior it is."""

    kind = "riverfolk.pay"
    seat = KEY
    forced_single = True

    def prompt(self, st: RootState, fr: dict) -> dict:
        how = fr["how"]
        return {"stage": how if how in ("commit", "spend") else "craft", "count": fr["n"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        if fr["how"] == "spend":
            return [Option(f"spend {f}", "spend_fund", {"owner": f}, R(fr["rule"])) for f in sorted(set(funds(st)))]
        return [Option(f"commit {f}", "commit_fund", {"owner": f}, R(fr["rule"])) for f in sorted(set(funds(st)))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        owner = opt.args["owner"]
        how = fr["how"]
        funds(st).remove(owner)
        if how == "commit":
            fd(st)["committed"].append(owner)
        elif how.startswith("track_"):
            fd(st)[how].append(owner)
        if how == "spend":
            st.emit("fund_spent", fr["rule"], owner=owner, count=1)
            if st.exiles:
                st.to_coffin(owner, 1)  # a spent fund would return to its supply: A.2 Coffin Makers
        elif how == "commit":
            st.emit("fund_committed", fr["rule"], owner=owner, count=1)
        else:
            st.emit("fund_crafting", fr["rule"], owner=owner, suit=how[len("track_"):])
        fr["n"] -= 1
        if fr["n"] <= 0 or not funds(st):
            st.pop(fr)


def _pay_crafting(st: RootState, seat: str, pieces: list[str]) -> None:
    """11.5.3: one fund onto an empty space of the matching Trade Posts track per crafting piece."""
    for s in reversed(pieces):
        _pay_funds(st, f"track_{s}", 1, "11.5.3")


@register
class Daylight(Step):
    """11.5: commit and spend funds for actions in any order and number."""

    kind = "riverfolk.daylight"
    rule = R("11.5")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"funds": len(funds(st))}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out: list[Option] = []
        if funds(st):
            out.extend(move_options(st))
            out.extend(battle_options(st, KEY, "11.5.2"))
            out.extend(riverfolk_craft_options(st))
            if st.deck or st.discard:
                out.append(Option("draw", "draw", {}, R("11.5.4")))
            out.extend(recruit_options(st))
            out.extend(trade_post_options(st))
        out.extend(daylight_extras(st, KEY))
        out.append(Option("end daylight", "end_daylight", {}, R("11.5")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        a = opt.action
        if a == "end_daylight":
            st.pop(fr)
        elif a == "move":  # 11.5.1
            src, dst = opt.args["from"] - 1, opt.args["to"] - 1
            st.move_warriors(src, dst, KEY, opt.args["count"], "11.5.1")
            if opt.args.get("ferry"):
                take_ferry(st, KEY, src, dst)
            _pay_funds(st, "commit", 1, "11.5.1")
        elif a == "battle":  # 11.5.2
            start_battle(st, KEY, opt, "11.5.2")
            _pay_funds(st, "commit", 1, "11.5.2")
        elif a == "craft":  # 11.5.3
            do_craft(st, KEY, opt)
        elif a == "export":  # 11.5.3.1
            export(st, opt)
        elif a == "draw":  # 11.5.4
            st.draw(KEY, 1, "11.5.4")
            _pay_funds(st, "commit", 1, "11.5.4")
        elif a == "recruit":  # 11.5.5: the fund is spent first, so a spent Riverfolk warrior may be placed
            st.push("riverfolk.place", c=opt.args["clearing"] - 1, post=0)
            _pay_funds(st, "spend", 1, "11.5.5")
        elif a == "trade_post":  # 11.5.6
            establish_trade_post(st, opt.args["clearing"] - 1, opt.args["payer"], opt.args.get("as_suit"))


def export(st: RootState, opt: Option) -> None:
    """11.5.3.1: pay the crafting cost as usual, discard the card instead of its benefit, and place one
    Riverfolk warrior from the supply in Payments. (The funds committed to the Trade Posts tracks stay on the
    faction board, so whether they are chosen before or after does not change the supply.)"""
    cid = take_card(st, KEY, opt.args["card"])
    st.hands[KEY].remove(cid)
    st.discard_card(cid)
    st.emit("export", "11.5.3.1", card=opt.args["card"])
    if st.warrior_supply(KEY) > 0:
        fd(st)["payments"].append(KEY)
        st.emit("payments", "11.5.3.1", faction=KEY, count=1)
    _pay_crafting(st, KEY, opt.args["pieces"])


def establish_trade_post(st: RootState, c: int, payer: str, suit: str | None = None) -> None:
    """11.5.6.II–III: spend two funds of the clearing's ruler; place the post (of the clearing's suit; in the Lost
    City, Appendix F, the one chosen) and a warrior; score."""
    for _ in range(2):
        funds(st).remove(payer)
    st.emit("fund_spent", "11.5.6.II", owner=payer, count=2)
    st.push("riverfolk.place", c=c, post=1, suit=suit or st.suits[c])


@register
class Place(Step):
    """11.5.5 / 11.5.6.III: place (after the funds were spent) a warrior, with a trade post scoring the space
    it uncovers."""

    kind = "riverfolk.place"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        c = fr["c"]
        if fr["post"]:
            suit = fr.get("suit") or st.suits[c]
            vp = POST_VP[POSTS_PER_SUIT - posts_on_track(st, suit)]
            st.place_token(c, POSTS[suit], "11.5.6.III")
            st.place_warriors(c, KEY, 1, "11.5.6.III")
            st.score(KEY, vp, "11.5.6.III", "trade_post")
        else:
            st.place_warriors(c, KEY, 1, "11.5.5")


# -- 11.6 Evening --------------------------------------------------------------------------------
@register
class Evening(Step):
    """11.6.1 Discard down to five, then 11.6.2 Set Costs."""

    kind = "riverfolk.evening"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        st.push("riverfolk.prices", done=[])
        if len(st.hands[KEY]) > HAND_LIMIT:
            st.push("discard_down", seat=KEY, rule="11.6.1")


@register
class SetCosts(Step):
    """11.6.2: the Riverfolk may move each service marker to any space of its track."""

    kind = "riverfolk.prices"
    rule = R("11.6.2")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = []
        for service in SERVICES:
            if service in fr["done"]:
                continue
            for p in PRICES:
                if p != price(st, service):
                    out.append(Option(f"price {service} {p}", "set_price", {"service": service, "price": p},
                                      R("11.6.2")))
        out.append(Option("done", "done", {}, R("11.6.2")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        service = opt.args["service"]
        fd(st)[f"price_{service}"] = opt.args["price"]
        fr["done"].append(service)
        st.emit("set_price", "11.6.2", service=service, price=opt.args["price"])
        if len(fr["done"]) == len(SERVICES):
            st.pop(fr)


#: what the Riverfolk Company add to the shared rules (hooks.py), assembled by the game when they are in play
CONTRIBUTION = Contribution(
    "riverfolk", KEY,
    phases=(("riverfolk.birdsong", {}), ("riverfolk.daylight", {}), ("riverfolk.evening", {})),
    crafting_pieces=crafting_pieces,
    faction_hooks={"pay": _pay_crafting},
    held_warriors=held,  # 11.2.4
    on_piece_removed=_trade_disruption,  # 11.2.5.I
    public_hand=True,  # 11.2.3
    start_of_birdsong={"services": (Option("services first", "services_first", {"effect": "services"}, R("11.2.6")),
                                    services_on_offer, offer_services)},
    moves_regardless_of_rule=swims,  # 11.2.2 Swimmers
)


# -- positions and saves -------------------------------------------------------------------------
def _box(value, where: str, seats: list[str]) -> list[str]:
    """A box in a position: a number (Riverfolk warriors) or faction -> count."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return [KEY] * value
    if isinstance(value, dict):
        out: list[str] = []
        for f, n in sorted(value.items()):
            if f not in seats or f in VAGABONDS or not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InvalidPosition(f"players.riverfolk.{where}: {f!r}: {n!r} is not a seated faction with warriors "
                                      "and a whole number (11.2.4, 11.2.6.I)")
            out.extend([f] * n)
        return out
    raise InvalidPosition(f"players.riverfolk.{where} is a number of Riverfolk warriors or faction -> count, "
                          f"not {value!r}")


def from_position(st: RootState, p: dict) -> None:
    """``players.riverfolk`` of a position (docs/root-position-format.md): boxes, tracks, lost posts, prices."""
    _init_board(st)
    d = fd(st)
    seats = list(st.seats)
    d["payments"] = _box(p.get("payments", 0), "payments", seats)
    d["funds"] = sorted(_box(p.get("funds", 0), "funds", seats))
    d["committed"] = _box(p.get("committed", 0), "committed", seats)
    tracks = p.get("tracks", {})
    if not isinstance(tracks, dict) or set(tracks) - set(SUITS):
        raise InvalidPosition("players.riverfolk.tracks is suit -> funds on that Trade Posts track (11.5.3)")
    for s in SUITS:
        d[f"track_{s}"] = _box(tracks.get(s, 0), f"tracks.{s}", seats)
    lost = p.get("lost_posts", [])
    if not isinstance(lost, list) or any(s not in SUITS for s in lost):
        raise InvalidPosition("players.riverfolk.lost_posts is a list of suits of trade posts removed (11.2.5.I)")
    d["lost"] = list(lost)
    prices = p.get("prices", {})
    if not isinstance(prices, dict) or set(prices) - set(SERVICES):
        raise InvalidPosition(f"players.riverfolk.prices is service -> cost; services: {', '.join(SERVICES)}")
    for s in SERVICES:
        v = prices.get(s, 1)
        if v not in PRICES or isinstance(v, bool):
            raise InvalidPosition(f"players.riverfolk.prices.{s} must be 1 to 4 (11.2.7), not {v!r}")
        d[f"price_{s}"] = v


def validate(st: RootState) -> None:
    """Board limits: 15 warriors (11.3.1), three posts a suit (11.3.3) each in a clearing of its suit and one per
    clearing, committed crafting funds only on empty spaces (11.2.1), other factions' warriors within their
    supply, prices 1–4."""
    d = fd(st)
    if "funds" not in d:
        return
    for c in st.map.clearings():
        posts = [t for t in st.tokens[c] if t.startswith("trade_")]
        if len(posts) > 1:
            raise InvalidPosition(f"clearing {c + 1} has {len(posts)} trade posts; one at most (11.5.6.I)")
        if posts and all(posts[0] != POSTS.get(s or "") for s in st.clearing_suits(c)):  # F: the Lost City, any
            raise InvalidPosition(f"clearing {c + 1} is a {st.suits[c]} clearing but holds {posts[0]} (11.5.6.III)")
    for s in SUITS:
        if posts_on_track(st, s) < 0:
            raise InvalidPosition(f"more than three {s} trade posts on the map and lost (11.3.3)")
        if crafting_pieces(st, KEY)[s] < 0:
            raise InvalidPosition(f"more funds on the {s} Trade Posts track than it has empty spaces (11.2.1)")
    for f in st.seats:
        if f in WARRIORS and st.warrior_supply(f) < 0:
            raise InvalidPosition(f"{f}: more warriors on the map and on the Riverfolk board than the faction has "
                                  f"({WARRIORS[f]}, 1.5.1)")
    for s in SERVICES:
        if d.get(f"price_{s}") not in PRICES:
            raise InvalidPosition(f"Riverfolk price of {s} must be 1 to 4 (11.2.7)")
