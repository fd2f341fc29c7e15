"""12. Underground Duchy (Podziemne Księstwo): the Burrow, tunnels, citadels and markets, ministers.

Reads like chapter 12 of the Law: faction rules (12.2: crafting with citadels and markets, the Burrow, the
Price of Failure, tunnels), setup (12.3), Birdsong (12.4: recruit into the Burrow), Daylight (12.5: Assembly,
Parliament, Sway) and Evening (12.6: return revealed cards, craft, draw and discard).

The Burrow (12.2.2) is a location of its own, index ``st.map.n`` in ``warriors``/``buildings``/``tokens``
(the lists get one more entry when the Duchy plays). It is not one of the map's clearings, so every rule that
walks the clearings (battle, rule, dominance, suits) leaves it out; it is adjacent to each clearing with a
tunnel only for the Duchy (``hooks.adjacent``: non-Duchy pieces can never be placed or moved there, so no one
else ever needs the path), and ``RootState.ruler`` gives it to the Duchy even when empty.

The faction board is ``fdata["duchy"]``: ``swayed`` (minister names, in the order swayed), ``lost_squire``,
``lost_noble``, ``lost_lord`` (crowns removed from the game by 12.2.3), ``revealed`` (card ids revealed this
turn: public, 12.5) and ``start`` (the starting corner). Buildings and tunnels off the map are on their tracks
(12.3.4), so the tracks are derived from the map. All of it is public.
"""

from __future__ import annotations

from typing import Any

from ....engine import InvalidPosition, Option, Step
from ..content import SUITS
from ..hooks import Contribution
from ..state import BUILDING_COUNT, TOKEN_COUNT, WILD, RootState
from ..turn import (
    CraftingStep,
    R,
    apply_extra,
    battle_options,
    daylight_extras,
    do_move,
    draw_and_discard,
    move_options,
    register,
    start_battle,
    take_card,
)

KEY = "duchy"
BUILDINGS = ("citadel", "market")
#: 12.4 (seed: "plus po jednym dodatkowym wojowniku za każdy odkryty symbol wojownika na planszy Frakcji"; the
#: Underworld booklet: "na torze Cytadel"): extra warriors recruited in Birdsong, by the number of citadels on
#: the map. The Law says one per warrior icon uncovered, not how many icons each space shows: faction-board
#: data, not in the Law (icons 1, 2, 2).
CITADEL_RECRUIT = (0, 1, 3, 5)
#: 12.6.3 (seed: "po jednej dodatkowej karcie za każdą odkrytą premię dobierania"): extra cards drawn in the
#: Evening, by the number of markets on the map. Faction-board data, not in the Law (one draw icon per space).
MARKET_DRAW = (0, 1, 2, 3)
RANKS = ("squire", "noble", "lord")
MINISTERS = {
    "foremole": "squire", "captain": "squire", "marshal": "squire",
    "brigadier": "noble", "banker": "noble", "mayor": "noble",
    "duchess": "lord", "baron": "lord", "earl": "lord",
}
#: 12.5.3.II: "the number of cards listed on the chosen minister" — given by the Underworld booklet (seed
#: root_underworld_podziemia_instrukcja.txt, Daylight: "Ziemianin potrzebuje dwóch kart, Notabl trzech, a Wielmoża
#: czterech").
SWAY_COST = {"squire": 2, "noble": 3, "lord": 4}
#: 12.5.3.III: "Score the victory points listed on the space uncovered on your faction board" — faction-board
#: data, not in the Law (taken as one value per rank, whichever space of the rank is uncovered).
CROWN_VP = {"squire": 1, "noble": 2, "lord": 3}
CROWNS = 3  # 12.3.6: nine crowns, three of each rank
MINISTER_RULE = {
    "foremole": "12.5.2.1", "captain": "12.5.2.2", "marshal": "12.5.2.3", "brigadier": "12.5.2.4",
    "banker": "12.5.2.5", "mayor": "12.5.2.6", "duchess": "12.5.2.7", "baron": "12.5.2.8", "earl": "12.5.2.9",
}


def board(st: RootState) -> dict:
    return st.fdata[KEY]


def burrow(st: RootState) -> int:
    """12.2.2: the Burrow's index (after the map's clearings)."""
    return st.map.n


def in_burrow(st: RootState) -> int:
    return st.warriors[st.map.n].get(KEY, 0) if len(st.warriors) > st.map.n else 0


def tunnels(st: RootState) -> list[int]:
    return [c for c in st.map.clearings() if "tunnel" in st.tokens[c]]


def crowns_left(st: RootState, rank: str) -> int:
    """12.5.3.I: crowns of ``rank`` still on the faction board."""
    fd = board(st)
    swayed = sum(1 for m in fd.get("swayed", ()) if MINISTERS[m] == rank)
    return CROWNS - swayed - fd.get(f"lost_{rank}", 0)


def adjacent(st: RootState, c: int, base: tuple[int, ...]) -> tuple[int, ...]:
    """12.2.2: the Burrow is adjacent to each clearing with a tunnel (``hooks.adjacent`` for the Duchy)."""
    b = st.map.n
    if c == b:
        return tuple(tunnels(st))
    if "tunnel" in st.tokens[c] and len(st.warriors) > b:
        return (*base, b)
    return base


def crafting_pieces(st: RootState, seat: str) -> dict[str, int]:
    """12.2.1: citadels and markets, each for the suit of its clearing."""
    out: dict[str, int] = {}
    for c in st.map.clearings():
        n = sum(1 for b in st.buildings[c] if b in BUILDINGS)
        if n:
            s = st.craft_suit(c)  # Appendix F: WILD in the Lost City
            out[s] = out.get(s, 0) + n
    return out


# -- 12.2.3 The Price of Failure ----------------------------------------------------------------
def price_of_failure(st: RootState, c: int, kind: str, by: str | None) -> None:
    """12.2.3: whenever any number of Duchy buildings are removed. Buildings removed together (the hits of one
    battle, 4.3.4) pay once: a Price still waiting on the stack covers them."""
    if kind in BUILDINGS and not any(fr["k"] == "duchy.price" for fr in st.stack):
        st.push("duchy.price")


@register
class Price(Step):
    """12.2.3: return the swayed minister of highest rank (the Duchy chooses among equals), its crown leaves
    the game, then discard a random card (the seed's order, as the English Law; the structured Polish text puts
    the discard first — the seed wins)."""

    kind = "duchy.price"
    rule = R("12.2.3")
    forced_single = True  # the swayed ministers are public
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        swayed = board(st).get("swayed", [])
        for rank in reversed(RANKS):
            top = [m for m in swayed if MINISTERS[m] == rank]
            if top:
                return [Option(f"lose {m}", "lose_minister", {"minister": m}, R("12.2.3")) for m in sorted(top)]
        return [Option("no minister", "no_minister", {}, R("12.2.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        fd = board(st)
        m = opt.args.get("minister")
        if m:
            fd["swayed"].remove(m)
            rank = MINISTERS[m]
            fd[f"lost_{rank}"] = fd.get(f"lost_{rank}", 0) + 1
            st.emit("minister_lost", "12.2.3", faction=KEY, minister=m)
        hand = st.hands[KEY]
        if hand:
            cid = hand.pop(st.rng.below(len(hand)))
            st.discard_card(cid)
            st.emit("discard", "12.2.3", faction=KEY, card=st.card(cid).key)


# -- 12.3 Setup ---------------------------------------------------------------------------------
def start_corners(st: RootState) -> list[int]:
    """12.3.3: a corner that is no other player's starting corner and, if possible, diagonally opposite the
    Marquise's keep or the Eyrie's starting roost. (The seed names those two; the English reference says "a
    starting corner clearing". The seed wins.)"""
    taken = {fd["start"] for s, fd in st.fdata.items() if s != KEY and "start" in fd}
    anchors = {st.fdata[s]["start"] for s in ("marquise", "eyrie") if s in st.fdata and "start" in st.fdata[s]}
    free = [c for c in st.map.corners if c not in taken and st.can_place(c, KEY)]
    opposite = [c for c in free if st.map.opposite[c] in anchors]
    return opposite or free


def add_burrow(st: RootState) -> None:
    """12.3.2: the Burrow board is placed near the map: one more location after the clearings."""
    while len(st.warriors) <= st.map.n:
        st.warriors.append({})
        st.buildings.append([])
        st.tokens.append([])


@register
class Setup(Step):
    kind = "duchy.setup"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        # 12.3.1 20 warriors (state.WARRIORS), 3 tunnels; 12.3.4 buildings on their tracks; 12.3.5-6 ministers
        # unswayed, nine crowns on the board
        add_burrow(st)
        board(st).update(swayed=[], lost_squire=0, lost_noble=0, lost_lord=0, revealed=[])
        st.push("duchy.setup.corner")


@register
class SetupCorner(Step):
    """12.3.3 Surface: 2 warriors and a tunnel in the corner, 2 warriors in each adjacent clearing."""

    kind = "duchy.setup.corner"
    rule = R("12.3.3")
    forced_single = True
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"start {c + 1}", "start", {"clearing": c + 1}, R("12.3.3")) for c in start_corners(st)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        c = opt.args["clearing"] - 1
        board(st)["start"] = c
        st.place_warriors(c, KEY, 2, "12.3.3")
        st.place_token(c, "tunnel", "12.3.3")
        for a in st.adj[c]:  # the map's paths: the Burrow is excepted
            if st.can_place(a, KEY):
                st.place_warriors(a, KEY, 2, "12.3.3")


# -- 12.4 Birdsong ------------------------------------------------------------------------------
def recruit_count(st: RootState) -> int:
    return 1 + CITADEL_RECRUIT[min(st.count_on_map("citadel"), BUILDING_COUNT["citadel"])]


def draw_count(st: RootState) -> int:
    """12.6.3: one card plus one per draw icon uncovered on the Markets track."""
    return 1 + MARKET_DRAW[min(st.count_on_map("market"), BUILDING_COUNT["market"])]


@register
class Birdsong(Step):
    """12.4: one warrior plus one per warrior icon showing, into the Burrow."""

    kind = "duchy.birdsong"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        st.place_warriors(burrow(st), KEY, recruit_count(st), "12.4")


# -- 12.5 Daylight ------------------------------------------------------------------------------
def reveal(st: RootState, key: str, rule: str) -> int:
    """12.5: a revealed card is shown to everyone and lies in the play area until the Evening (12.6.1)."""
    cid = take_card(st, KEY, key)
    st.hands[KEY].remove(cid)
    board(st)["revealed"].append(cid)
    st.emit("reveal", rule, faction=KEY, card=key)
    return cid


def build_spots(st: RootState) -> list[int]:
    """Clearings the Duchy rules with an open slot where it may place a building."""
    return [c for c in st.map.clearings()
            if st.open_slots(c) > 0 and st.can_place(c, KEY) and st.ruler(c) == KEY]


def build_options(st: RootState, rule: str, any_suit: bool, prefix: str = "",
                  args: dict | None = None) -> list[Option]:
    """12.5.1.I Build (a card matching the clearing) / 12.5.2.I Foremole (any card)."""
    kinds = [b for b in BUILDINGS if st.count_on_map(b) < BUILDING_COUNT[b]]
    if not kinds or not st.hands[KEY]:
        return []
    out = []
    for c in build_spots(st):
        cards = st.distinct(st.hands[KEY] if any_suit else st.clearing_cards(KEY, c))  # F: the Lost City, any
        for cid in cards:
            key = st.card(cid).key
            for b in kinds:
                a = {"building": b, "clearing": c + 1, "card": key, **(args or {})}
                out.append(Option(f"{prefix}build {b} {c + 1} with {key}", "build", a, R(rule)))
    return out


def dig_options(st: RootState) -> list[Option]:
    """12.5.1.V Dig: spend a card to place a tunnel in a matching clearing without one (with all three on the
    map, moving one of them, 12.2.4)."""
    placed = tunnels(st)
    full = len(placed) >= TOKEN_COUNT["tunnel"]
    out = []
    for c in st.map.clearings():
        if "tunnel" in st.tokens[c] or not st.can_place(c, KEY):
            continue
        for cid in st.distinct(st.clearing_cards(KEY, c)):  # Appendix F: the Lost City, any suit
            key = st.card(cid).key
            for src in (placed if full else (None,)):
                if src is None:
                    out.append(Option(f"dig {c + 1} with {key}", "dig", {"clearing": c + 1, "card": key},
                                      R("12.5.1.V")))
                else:
                    out.append(Option(f"dig {c + 1} from {src + 1} with {key}", "dig",
                                      {"clearing": c + 1, "card": key, "from": src + 1}, R("12.2.4")))
    return out


def do_dig(st: RootState, opt: Option) -> None:
    c = opt.args["clearing"] - 1
    cid = take_card(st, KEY, opt.args["card"])
    st.spend(KEY, cid, "12.5.1.V", "dig")
    src = opt.args.get("from")
    if src is not None:
        st.remove_piece(src - 1, "tunnel", KEY, "12.2.4")
    st.place_token(c, "tunnel", "12.5.1.V")
    if in_burrow(st):
        st.push("duchy.dig_move", c=c)


@register
class DigMove(Step):
    """12.5.1.V: then move up to four warriors from the Burrow to the new tunnel's clearing."""

    kind = "duchy.dig_move"
    rule = R("12.5.1.V")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        c = fr["c"]
        out = [Option(f"tunnel move x{k}", "dig_move", {"to": c + 1, "count": k}, R("12.5.1.V"))
               for k in range(1, min(4, in_burrow(st)) + 1)]
        out.append(Option("no tunnel move", "skip", {}, R("12.5.1.V")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "dig_move":
            st.move_warriors(burrow(st), fr["c"], KEY, opt.args["count"], "12.5.1.V")


def assembly_options(st: RootState) -> list[Option]:
    """12.5.1 Assembly: Build, Recruit, Move, Battle, Dig."""
    out = build_options(st, "12.5.1.I", False)
    if st.warrior_supply(KEY) > 0:
        out.append(Option("recruit", "recruit", {}, R("12.5.1.II")))
    out.extend(move_options(st, KEY, "12.5.1.III"))
    out.extend(battle_options(st, KEY, "12.5.1.IV"))
    out.extend(dig_options(st))
    return out


def apply_assembly(st: RootState, opt: Option) -> None:
    a = opt.action
    if a == "build":
        reveal(st, opt.args["card"], opt.rule[5:])
        st.place_building(opt.args["clearing"] - 1, opt.args["building"], opt.rule[5:])
    elif a == "recruit":
        st.place_warriors(burrow(st), KEY, 1, "12.5.1.II")
    elif a == "move":
        do_move(st, KEY, opt, opt.rule[5:])
    elif a == "battle":
        start_battle(st, KEY, opt, opt.rule[5:])
    elif a == "dig":
        do_dig(st, opt)


@register
class Assembly(Step):
    """12.5.1: up to two actions, in any order and number."""

    kind = "duchy.assembly"
    rule = R("12.5.1")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"left": 2 - fr["n"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*assembly_options(st), *daylight_extras(st, KEY),
                Option("end assembly", "end_assembly", {}, R("12.5.1"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        if opt.action == "end_assembly":
            st.pop(fr)
            return
        fr["n"] += 1
        if fr["n"] >= 2:
            st.pop(fr)
        apply_assembly(st, opt)


# 12.5.2 Parliament ------------------------------------------------------------------------------
def minister_options(st: RootState, m: str, mayor: bool = False) -> list[Option]:
    """The options of one swayed minister's action; as the Mayor's (12.5.2.VI) with "mayor as" in front."""
    rule = MINISTER_RULE[m]
    prefix = f"mayor as {m}: " if mayor else f"{m}: "
    sfx = f" ({'mayor as ' if mayor else ''}{m})"
    args = {"minister": m, "mayor": mayor}
    if m == "foremole":
        return build_options(st, rule, True, prefix, args)
    # moves and battles name their minister in the id's suffix: "move 1->5 x2 (mayor as marshal)"
    if m == "captain":
        return battle_options(st, KEY, rule, suffix=sfx)
    if m == "marshal":
        return move_options(st, KEY, rule, suffix=sfx)
    if m == "brigadier":
        return [*move_options(st, KEY, rule, suffix=sfx), *battle_options(st, KEY, rule, suffix=sfx)]
    if m == "banker":
        return [Option(f"{prefix}bank {st.card(cid).key}", "bank", {"card": st.card(cid).key, **args}, R(rule))
                for cid in st.distinct(st.hands[KEY])]
    if m == "duchess" and len(tunnels(st)) >= TOKEN_COUNT["tunnel"]:
        return [Option("duchess of mud", "score_minister", {"vp": 2, **args}, R(rule))]
    if m == "baron" and st.count_on_map("market"):
        return [Option("baron of dirt", "score_minister", {"vp": st.count_on_map("market"), **args}, R(rule))]
    if m == "earl" and st.count_on_map("citadel"):
        return [Option("earl of stone", "score_minister", {"vp": st.count_on_map("citadel"), **args}, R(rule))]
    return []


def minister_of(opt: Option) -> tuple[str, bool]:
    """(minister, as the Mayor?) of a Parliament option."""
    if "minister" in opt.args:
        return opt.args["minister"], opt.args["mayor"]
    tag = opt.id[opt.id.rindex("(") + 1:-1]
    return (tag[9:], True) if tag.startswith("mayor as ") else (tag, False)


def parliament_options(st: RootState, used: list[str]) -> list[Option]:
    swayed = board(st).get("swayed", [])
    out: list[Option] = []
    for m in swayed:
        if m in used:
            continue
        if m == "mayor":  # 12.5.2.VI: the action of any swayed noble or squire (even one used already)
            for other in swayed:
                if other != "mayor" and MINISTERS[other] != "lord":
                    out.extend(minister_options(st, other, True))
        else:
            out.extend(minister_options(st, m))
    return out


@register
class Parliament(Step):
    """12.5.2: the action of each swayed minister once, in any order."""

    kind = "duchy.parliament"
    rule = R("12.5.2")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*parliament_options(st, fr["used"]), *daylight_extras(st, KEY),
                Option("end parliament", "end_parliament", {}, R("12.5.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        a = opt.action
        if a == "end_parliament":
            st.pop(fr)
            return
        m, mayor = minister_of(opt)
        fr["used"] = [*fr["used"], "mayor" if mayor else m]
        if mayor:  # 12.5.2.VI
            st.emit("mayor_action", "12.5.2.VI", faction=KEY, minister=m)
        else:
            st.emit("minister_action", opt.rule[5:], faction=KEY, minister=m)
        rule = opt.rule[5:]
        if a == "build":  # Foremole: reveal any card
            reveal(st, opt.args["card"], rule)
            st.place_building(opt.args["clearing"] - 1, opt.args["building"], rule)
        elif a == "score_minister":
            st.score(KEY, opt.args["vp"], rule, m)
        elif a == "bank":
            cid = take_card(st, KEY, opt.args["card"])
            s = st.card(cid).suit
            st.spend(KEY, cid, rule, "banker")
            st.push("duchy.banker", suits=list(SUITS) if s == "bird" else [s], n=1)
        elif m == "brigadier":  # a second move, or a second battle, may follow
            st.push("duchy.brigadier", action=a, mayor=mayor)
            if a == "move":
                do_move(st, KEY, opt, rule)
            else:
                start_battle(st, KEY, opt, rule)
        elif a == "move":
            do_move(st, KEY, opt, rule)
        elif a == "battle":
            start_battle(st, KEY, opt, rule)


@register
class Brigadier(Step):
    """12.5.2.IV: up to two moves or up to two battles: the second, of the same kind, may follow."""

    kind = "duchy.brigadier"
    rule = R("12.5.2.IV")
    seat = KEY
    forced_single = True  # "done" alone hides nothing: the board is public

    def options(self, st: RootState, fr: dict) -> list[Option]:
        sfx = " (mayor as brigadier again)" if fr["mayor"] else " (brigadier again)"
        opts = (move_options(st, KEY, "12.5.2.IV", suffix=sfx) if fr["action"] == "move"
                else battle_options(st, KEY, "12.5.2.IV", suffix=sfx))
        return [*opts, Option("brigadier done", "skip", {}, R("12.5.2.IV"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "move":
            do_move(st, KEY, opt, "12.5.2.IV")
        elif opt.action == "battle":
            start_battle(st, KEY, opt, "12.5.2.IV")


@register
class Banker(Step):
    """12.5.2.V: spend any number of cards of one suit (birds are wild, 2.1.1), then score one VP each."""

    kind = "duchy.banker"
    rule = R("12.5.2.V")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = []
        for cid in st.distinct(st.hands[KEY]):
            s = st.card(cid).suit
            if s == "bird" or s in fr["suits"]:
                key = st.card(cid).key
                out.append(Option(f"bank {key}", "bank", {"card": key}, R("12.5.2.V")))
        out.append(Option("done banking", "done_banking", {"vp": fr["n"]}, R("12.5.2.V")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "done_banking":
            st.pop(fr)
            st.score(KEY, fr["n"], "12.5.2.V", "banker")
            return
        key = opt.args["card"]
        cid = take_card(st, KEY, key)
        s = st.card(cid).suit
        if s != "bird":
            fr["suits"] = [x for x in fr["suits"] if x == s]
        fr["n"] += 1
        st.spend(KEY, cid, "12.5.2.V", "banker")


# 12.5.3 Sway ----------------------------------------------------------------------------------
def sway_capacity(st: RootState) -> dict[str, int]:
    """12.5.3.II: each clearing with a Duchy piece lets one card of its suit be revealed (the Burrow has no
    suit). The Lost City (Appendix F) counts once, for a card of any suit (``WILD``)."""
    cap = {s: 0 for s in SUITS}
    city = st.lost_city()
    for c in st.map.clearings():
        if st.has_any_piece(c, KEY):
            if c == city:
                cap[WILD] = 1
            else:
                cap[st.suits[c]] += 1
    return cap


def can_complete(st: RootState, chosen: list[int], need: int, hand: list[int]) -> bool:
    """Whether ``need`` more cards of ``hand`` can join ``chosen``, each matched to its own clearing."""
    cap = sway_capacity(st)
    wild = cap.pop(WILD, 0)  # the Lost City's one card, of any suit
    for cid in chosen:
        s = st.card(cid).suit
        if s != "bird":
            cap[s] -= 1
    short = sum(-v for v in cap.values() if v < 0)  # chosen cards beyond their suit's clearings: the Lost City's
    if short > wild:
        return False
    wild -= short
    cap = {s: max(0, v) for s, v in cap.items()}
    birds_chosen = sum(1 for c in chosen if st.card(c).suit == "bird")
    room = sum(cap.values()) + wild - birds_chosen
    if room < need:
        return False
    have = {s: 0 for s in SUITS}
    birds = 0
    for cid in hand:
        s = st.card(cid).suit
        if s == "bird":
            birds += 1
        elif s in have:
            have[s] += 1
    beyond = sum(max(0, have[s] - cap[s]) for s in SUITS)
    return sum(min(have[s], cap[s]) for s in SUITS) + min(wild, beyond) + birds >= need


def sway_minister_options(st: RootState) -> list[Option]:
    """12.5.3.I: one option per minister in the Unswayed Ministers pile with a crown of its rank left, offered only
    when the hand holds cards that can be revealed for it (12.5.3.II) — once chosen, the sway is carried out."""
    swayed = board(st).get("swayed", [])
    hand = st.hands[KEY]
    out = []
    able: dict[str, bool] = {}
    for m, rank in MINISTERS.items():
        if m in swayed or crowns_left(st, rank) <= 0:
            continue
        if rank not in able:
            able[rank] = len(hand) >= SWAY_COST[rank] and can_complete(st, [], SWAY_COST[rank], hand)
        if able[rank]:
            out.append(Option(f"sway {m}", "sway", {"minister": m, "vp": CROWN_VP[rank]}, R("12.5.3.I")))
    return out


def sway_card_options(st: RootState, fr: dict) -> list[Option]:
    """12.5.3.II: the next card to reveal for the minister chosen, one option per card (by key) that still leaves a
    way to reveal the rest, each card matched to its own clearing with a Duchy piece."""
    m = fr["minister"]
    need = SWAY_COST[MINISTERS[m]] - len(fr["cards"])
    rest = list(st.hands[KEY])
    chosen = []
    for key in fr["cards"]:
        cid = st.find_in(rest, key)
        assert cid is not None
        rest.remove(cid)
        chosen.append(cid)
    out = []
    for cid in st.distinct(rest):
        others = list(rest)
        others.remove(cid)
        if can_complete(st, [*chosen, cid], need - 1, others):
            key = st.card(cid).key
            out.append(Option(f"sway {m} reveal {key}", "reveal", {"minister": m, "card": key}, R("12.5.3.II")))
    return out


@register
class Sway(Step):
    """12.5.3: choose a minister with a crown of its rank left (12.5.3.I); :class:`SwayCards` then reveals its
    number of cards, each matching its own clearing with a Duchy piece."""

    kind = "duchy.sway"
    rule = R("12.5.3")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*sway_minister_options(st), *daylight_extras(st, KEY), Option("end daylight", "end_daylight", {},
                                                                             R("12.5.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        st.pop(fr)
        if opt.action == "sway":
            st.push("duchy.sway_cards", minister=opt.args["minister"], cards=[])


@register
class SwayCards(Step):
    """12.5.3.II–III: the cards to reveal for the chosen minister, one per decision, then the sway.

    The cards are revealed together once the last is chosen: until then the choice stays with the Duchy (the
    frame's ``cards``, still in the hand; no event, no view shows them), and only the cards that keep the sway
    possible are offered, so a sway begun always completes (there is no "cancel": the minister was offered only
    because the hand could pay, and withdrawing would return to the same decision). ``game.determinize`` redeals
    the hand for other seats so it can still pay, with no card chosen yet."""

    kind = "duchy.sway_cards"
    rule = R("12.5.3.II")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        m = fr["minister"]
        return {"minister": m, "left": SWAY_COST[MINISTERS[m]] - len(fr["cards"]), "cards": list(fr["cards"])}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return sway_card_options(st, fr)

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        m = fr["minister"]
        fr["cards"] = cards = [*fr["cards"], opt.args["card"]]
        if len(cards) < SWAY_COST[MINISTERS[m]]:
            return
        st.pop(fr)
        for key in cards:  # 12.5.3.II: shown together
            reveal(st, key, "12.5.3.II")
        board(st)["swayed"].append(m)  # 12.5.3.III
        st.emit("sway", "12.5.3.III", faction=KEY, minister=m)
        st.score(KEY, CROWN_VP[MINISTERS[m]], "12.5.3.III", "sway")


def sway_owed(st: RootState, fixed: list[int], pool: list[int]) -> list[int]:
    """Determinization of a sway begun (:class:`SwayCards`) for a seat that does not know the Duchy's hand: the
    cards of ``pool`` (in its order) that, with the hand's ``fixed`` cards, let the minister be paid. Sets of cards
    that can be revealed together form a matroid (a transversal one: birds are wild, 2.1.1), so taking each card
    that still fits finds a full set whenever the cards hold one — as the true hand does."""
    fr = next((f for f in reversed(st.stack) if f["k"] == "duchy.sway_cards"), None)
    if fr is None:
        return []
    need = SWAY_COST[MINISTERS[fr["minister"]]]
    fr["cards"] = []  # which cards are chosen is the Duchy's secret
    chosen: list[int] = []
    for cid in fixed:
        if len(chosen) < need and can_complete(st, [*chosen, cid], 0, []):
            chosen.append(cid)
    owed = []
    for cid in pool:
        if len(chosen) >= need:
            break
        if can_complete(st, [*chosen, cid], 0, []):
            chosen.append(cid)
            owed.append(cid)
    return owed


@register
class Daylight(Step):
    """12.5: Assembly, Parliament, Sway, in this order."""

    kind = "duchy.daylight"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            st.push("duchy.assembly", n=0)
        elif i == 1:
            if board(st).get("swayed"):
                st.push("duchy.parliament", used=[])
        elif i == 2:
            st.push("duchy.sway")
        else:
            st.pop(fr)


# -- 12.6 Evening -------------------------------------------------------------------------------
def return_revealed(st: RootState) -> None:
    """12.6.1: revealed birds are discarded; every other revealed card goes back to the hand, seen by all."""
    fd = board(st)
    cards, fd["revealed"] = fd["revealed"], []
    back = []
    for cid in cards:
        if st.card(cid).suit == "bird":
            st.discard_card(cid)
            st.emit("discard", "12.6.1", faction=KEY, card=st.card(cid).key)
        else:
            back.append(cid)
    st.return_revealed(KEY, back, "12.6.1")


@register
class Evening(Step):
    """12.6: return revealed cards, craft, then draw one card plus one per market on the map, discard to five."""

    kind = "duchy.evening"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            return_revealed(st)
            # asked whenever buildings can craft and the hand is not empty (both public)
            if st.hands[KEY] and any(v > 0 for v in crafting_pieces(st, KEY).values()):
                st.push("duchy.craft")
        elif i == 1:
            draw_and_discard(st, KEY, draw_count(st) - 1, "12.6.3")
        else:
            st.pop(fr)


@register
class Craft(CraftingStep):
    """12.6.2: craft by activating citadels and markets."""

    kind = "duchy.craft"
    rule = R("12.6.2")
    seat = KEY


#: what the Underground Duchy add to the shared rules (hooks.py), assembled by the game when they are in play
CONTRIBUTION = Contribution(
    "duchy", KEY,
    phases=(("duchy.birdsong", {}), ("duchy.daylight", {"i": 0}), ("duchy.evening", {"i": 0})),
    crafting_pieces=crafting_pieces,
    on_piece_removed=price_of_failure,  # 12.5.2 The Price of Failure
    adjacent=adjacent,  # 12.2.2 the Burrow
)


# -- positions, saves and views ------------------------------------------------------------------
def load_position(st: RootState, p: dict[str, Any], take: Any) -> None:
    """players.duchy of a position (docs/root-position-format.md): ``burrow`` (warriors), ``swayed``
    (ministers), ``lost_crowns`` (rank -> crowns removed), ``revealed`` (card keys), ``start``."""
    add_burrow(st)
    fd = board(st)
    n = p.get("burrow", 0)
    if not isinstance(n, int) or isinstance(n, bool) or n < 0:
        raise InvalidPosition(f"players.duchy.burrow must be a whole number of at least 0, not {n!r} (12.2.2)")
    if n:
        st.warriors[st.map.n][KEY] = n
    swayed = p.get("swayed", [])
    if not isinstance(swayed, list) or any(m not in MINISTERS for m in swayed) or len(set(swayed)) != len(swayed):
        raise InvalidPosition(f"players.duchy.swayed is a list of distinct ministers ({', '.join(MINISTERS)}), "
                              f"not {swayed!r} (12.5.3)")
    lost = p.get("lost_crowns", {})
    if not isinstance(lost, dict) or any(r not in RANKS or not isinstance(v, int) or v < 0 for r, v in lost.items()):
        raise InvalidPosition(f"players.duchy.lost_crowns maps a rank ({', '.join(RANKS)}) to a count, "
                              f"not {lost!r} (12.2.3)")
    revealed = p.get("revealed", [])
    if not isinstance(revealed, list):
        raise InvalidPosition("players.duchy.revealed is a list of card keys (12.5)")
    fd.update(swayed=list(swayed), revealed=[take(k, "duchy revealed") for k in revealed],
              **{f"lost_{r}": lost.get(r, 0) for r in RANKS})
    start = p.get("start")
    if start is not None:
        fd["start"] = int(start) - 1


def validate(st: RootState) -> None:
    """12.2.2 the Burrow holds only Duchy warriors; 12.3.6 three crowns of each rank; 12.3.1 20 warriors."""
    fd = board(st)
    if "swayed" not in fd:  # before setup
        return
    if len(st.warriors) != st.map.n + 1 or len(st.buildings) != st.map.n + 1 or len(st.tokens) != st.map.n + 1:
        raise InvalidPosition("the Underground Duchy's Burrow is missing (12.2.2)")
    b = st.map.n
    if any(f != KEY for f in st.warriors[b]) or st.buildings[b] or st.tokens[b]:
        raise InvalidPosition("only Duchy warriors can be in the Burrow (12.2.2)")
    if any(m not in MINISTERS for m in fd["swayed"]) or len(set(fd["swayed"])) != len(fd["swayed"]):
        raise InvalidPosition(f"bad swayed ministers {fd['swayed']!r} (12.5.3)")
    for r in RANKS:
        if crowns_left(st, r) < 0:
            raise InvalidPosition(f"more {r} ministers swayed and crowns lost than the three {r} crowns (12.3.6)")
    for c in st.map.clearings():
        if st.tokens[c].count("tunnel") > 1:
            raise InvalidPosition(f"clearing {c + 1} has two tunnels; a dig needs a clearing without one (12.5.1.V)")


def board_view(st: RootState) -> dict[str, Any]:
    """The Duchy's faction board and the Burrow: all public (12.5: revealed cards are shown)."""
    fd = board(st)
    swayed = fd.get("swayed", [])
    return {
        "burrow": in_burrow(st),
        "swayed": list(swayed),
        "unswayed": [m for m in MINISTERS if m not in swayed],
        "crowns": {r: crowns_left(st, r) for r in RANKS},
        "revealed": [st.card(c).key for c in fd.get("revealed", [])],
        "citadels_on_track": BUILDING_COUNT["citadel"] - st.count_on_map("citadel"),
        "markets_on_track": BUILDING_COUNT["market"] - st.count_on_map("market"),
        "tunnels_in_supply": TOKEN_COUNT["tunnel"] - st.count_on_map("tunnel"),
        "tunnels": [c + 1 for c in tunnels(st)],
        "recruit": recruit_count(st),  # 12.4
        "draw": draw_count(st),  # 12.6.3
        "warrior_supply": st.warrior_supply(KEY),
    }
