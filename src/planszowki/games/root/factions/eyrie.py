"""7. Eyrie Dynasties (Dynastie Orlich Gniazd): roosts, the Decree and Turmoil.

Reads like chapter 7 of the Law: faction rules (7.2: crafting with roosts, Lords of the Forest — in
``RootState.ruler`` — and Disdain for Trade — in ``turn.item_vp``), setup (7.3), Birdsong (7.4:
Emergency Orders, Add to the Decree, A New Roost), Daylight (7.5: craft, resolve the Decree column by
column), Evening (7.6), Turmoil (7.7) and the four leaders (7.8).
"""

from __future__ import annotations

from ....engine import Option, Step
from ..content import VIZIER_IDS
from ..hooks import Contribution
from ..state import RootState
from ..turn import (
    R,
    apply_extra,
    battle_options,
    craft_options,
    daylight_extras,
    do_craft,
    do_move,
    draw_and_discard,
    extras_may_exist,
    move_options,
    register,
    start_battle,
    take_card,
)

KEY = "eyrie"
COLUMNS = ("recruit", "move", "battle", "build")
#: 7.8: where each leader tucks the two Loyal Viziers.
LEADERS = {
    "builder": ("recruit", "move"),
    "charismatic": ("recruit", "battle"),
    "commander": ("move", "battle"),
    "despot": ("move", "build"),
}
#: 7.6.1: VP on the rightmost empty space of the Roosts track, by roosts on the map.
ROOST_VP = (0, 0, 1, 2, 3, 4, 4, 5)
COLUMN_RULE = {"recruit": "7.5.2.I", "move": "7.5.2.II", "battle": "7.5.2.III", "build": "7.5.2.IV"}


def draw_bonus(st: RootState) -> int:
    """7.6.2: draw bonuses on the Roosts track, uncovered by the 3rd and 6th roost on the map."""
    n = st.count_on_map("roost")
    return (n >= 3) + (n >= 6)


def crafting_pieces(st: RootState, seat: str) -> dict[str, int]:
    """7.2.1: the Eyrie craft by activating roosts."""
    out: dict[str, int] = {}
    for c in st.map.clearings():
        if "roost" in st.buildings[c]:
            s = st.craft_suit(c)  # Appendix F: WILD in the Lost City
            out[s] = out.get(s, 0) + 1
    return out


def decree(st: RootState, column: str) -> list[int]:
    return st.fdata[KEY][f"decree_{column}"]


def tuck_viziers(st: RootState, leader: str, rule: str) -> None:
    """7.3.4 / 7.7.3: tuck the two Loyal Viziers into the columns listed on the leader."""
    for vid, col in zip(VIZIER_IDS, LEADERS[leader], strict=True):
        decree(st, col).append(vid)
    st.emit("viziers", rule, columns=list(LEADERS[leader]))


# -- 7.3 Setup -----------------------------------------------------------------------------------
def start_corners(st: RootState) -> list[int]:
    """7.3.2: a corner that is no one's starting corner and, if possible, opposite one that is."""
    taken = {fd["start"] for s, fd in st.fdata.items() if s != KEY and "start" in fd}
    free = [c for c in st.map.corners if c not in taken and st.can_place(c, KEY)]
    opposite = [c for c in free if st.map.opposite[c] in taken]
    return opposite or free


@register
class Setup(Step):
    kind = "eyrie.setup"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        fd = st.fdata[KEY]
        if i == 0:
            for col in COLUMNS:
                fd[f"decree_{col}"] = []
            st.push("eyrie.setup.corner")
        elif i == 1:
            st.push("eyrie.setup.leader")
        else:
            st.pop(fr)


@register
class SetupCorner(Step):
    """7.3.2 Place 1 roost and 6 warriors in the starting corner."""

    kind = "eyrie.setup.corner"
    rule = R("7.3.2")
    forced_single = True
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"roost {c + 1}", "start", {"clearing": c + 1}, R("7.3.2")) for c in start_corners(st)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        c = opt.args["clearing"] - 1
        st.fdata[KEY]["start"] = c
        st.place_building(c, "roost", "7.3.2")
        st.place_warriors(c, KEY, 6, "7.3.2")


@register
class SetupLeader(Step):
    """7.3.3 Choose 1 of the 4 leaders; the rest stay face up. 7.3.4 Tuck the viziers."""

    kind = "eyrie.setup.leader"
    rule = R("7.3.3")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"leader {name}", "leader", {"leader": name}, R("7.3.3")) for name in LEADERS]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        leader = opt.args["leader"]
        fd = st.fdata[KEY]
        fd["leader"] = leader
        fd["leaders_up"] = [n for n in LEADERS if n != leader]
        fd["leaders_down"] = []
        st.emit("leader", "7.3.3", leader=leader)
        tuck_viziers(st, leader, "7.3.4")


# -- 7.4 Birdsong --------------------------------------------------------------------------------
@register
class Birdsong(Step):
    kind = "eyrie.birdsong"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            if not st.hands[KEY]:  # 7.4.1 Emergency Orders
                st.emit("emergency_orders", "7.4.1")
                st.draw(KEY, 1, "7.4.1")
        elif i == 1:
            if st.hands[KEY]:  # 7.4.2 Add to the Decree
                st.push("eyrie.add", added=0, bird=False)
        elif i == 2:
            if not st.count_on_map("roost") and new_roost_clearings(st):  # 7.4.3 A New Roost
                st.push("eyrie.new_roost")
        else:
            st.pop(fr)


@register
class AddToDecree(Step):
    """7.4.2: add one or two cards to the Decree, at most one of them a bird card."""

    kind = "eyrie.add"
    rule = R("7.4.2")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = []
        for cid in st.distinct(st.hands[KEY]):
            card = st.card(cid)
            if card.suit == "bird" and fr["bird"]:
                continue
            for col in COLUMNS:
                out.append(Option(f"decree {col} {card.key}", "decree", {"column": col, "card": card.key},
                                  R("7.4.2")))
        if fr["added"] >= 1:
            out.append(Option("done", "done", {}, R("7.4.2")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        cid = take_card(st, KEY, opt.args["card"])
        st.hands[KEY].remove(cid)
        decree(st, opt.args["column"]).append(cid)
        fr["added"] += 1
        if st.card(cid).suit == "bird":
            fr["bird"] = True
        st.emit("add_to_decree", "7.4.2", column=opt.args["column"], card=opt.args["card"])
        if fr["added"] >= 2 or not st.hands[KEY] or (fr["bird"] and all(
                st.card(c).suit == "bird" for c in st.hands[KEY])):
            st.pop(fr)


def new_roost_clearings(st: RootState) -> list[int]:
    """7.4.3: clearings with the fewest warriors where a roost (and warriors) can be placed."""
    ok = [c for c in st.map.clearings() if st.open_slots(c) > 0 and st.can_place(c, KEY)]
    if not ok:
        return []
    fewest = min(sum(st.warriors[c].values()) for c in ok)
    return [c for c in ok if sum(st.warriors[c].values()) == fewest]


@register
class NewRoost(Step):
    """7.4.3 A New Roost: with no roosts on the map, place a roost and three warriors."""

    kind = "eyrie.new_roost"
    rule = R("7.4.3")
    forced_single = True
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"new roost {c + 1}", "new_roost", {"clearing": c + 1}, R("7.4.3"))
                for c in new_roost_clearings(st)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        c = opt.args["clearing"] - 1
        st.place_building(c, "roost", "7.4.3")
        st.place_warriors(c, KEY, 3, "7.4.3")


# -- 7.5 Daylight --------------------------------------------------------------------------------
@register
class Daylight(Step):
    """7.5.1 Craft with roosts; then 7.5.2 resolve the Decree."""

    kind = "eyrie.daylight"
    rule = R("7.5.1")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*craft_options(st, KEY, "7.5.1"), *daylight_extras(st, KEY),
                Option("resolve decree", "resolve_decree", {}, R("7.5.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        if opt.action == "craft":
            do_craft(st, KEY, opt)
        else:
            st.pop(fr)
            st.push("eyrie.decree", col=0, done=[])


def _suit_matches(st: RootState, c: int, suit: str) -> bool:
    return suit == "bird" or st.suit_matches(c, suit)  # Appendix F: the Lost City matches a card of any suit


def decree_action_options(st: RootState, column: str, suit: str) -> list[Option]:
    """The legal ways to resolve one Decree card of ``suit`` in ``column`` (7.5.2.I–IV)."""
    rule = COLUMN_RULE[column]
    tail = f" with {suit}"
    cl = [c for c in st.map.clearings() if _suit_matches(st, c, suit)]
    if column == "recruit":
        if st.warrior_supply(KEY) <= 0:
            return []
        return [Option(f"recruit {c + 1}{tail}", "recruit", {"clearing": c + 1, "suit": suit}, R(rule))
                for c in cl if "roost" in st.buildings[c] and st.can_place(c, KEY)]
    if column == "move":
        opts = move_options(st, KEY, rule, sources=cl, suffix=tail)
    elif column == "battle":
        opts = battle_options(st, KEY, rule, clearings=cl, suffix=tail)
    else:
        if st.count_on_map("roost") >= 7:
            return []
        return [Option(f"build {c + 1}{tail}", "build", {"clearing": c + 1, "suit": suit}, R(rule))
                for c in cl if st.rules(c, KEY) and "roost" not in st.buildings[c]
                and st.open_slots(c) > 0 and st.can_place(c, KEY)]
    for o in opts:
        o.args["suit"] = suit
    return opts


@register
class ResolveDecree(Step):
    """7.5.2: columns left to right; inside a column, any order; a card that cannot be resolved is
    Turmoil (7.7). The option "turmoil" appears exactly when some remaining card cannot be resolved."""

    kind = "eyrie.decree"
    rule = R("7.5.2")
    seat = KEY

    def forced(self, st: RootState, fr: dict) -> bool:
        # A lone "turmoil"/"end decree" applies itself unless a Daylight extra could exist (that
        # depends on the hidden hand, so then the Eyrie are asked either way).
        return not extras_may_exist(st, KEY)

    def _advance(self, st: RootState, fr: dict) -> bool:
        """Skip finished columns; False when the whole Decree is resolved."""
        while fr["col"] < len(COLUMNS):
            cards = decree(st, COLUMNS[fr["col"]])
            if len(fr["done"]) < len(cards):
                return True
            fr["col"] += 1
            fr["done"] = []
        return False

    def _remaining(self, st: RootState, fr: dict) -> list[int]:
        cards = list(decree(st, COLUMNS[fr["col"]]))
        for cid in fr["done"]:
            cards.remove(cid)
        return cards

    def options(self, st: RootState, fr: dict) -> list[Option]:
        if not self._advance(st, fr):
            # Daylight lasts until the Eyrie end it: Daylight extras (3.3.1, 3.3.4, cards) stay open.
            return [Option("end decree", "end", {}, R("7.5.2")), *daylight_extras(st, KEY)]
        column = COLUMNS[fr["col"]]
        out: list[Option] = []
        blocked = False
        for suit in sorted({st.card(c).suit for c in self._remaining(st, fr)}):
            opts = decree_action_options(st, column, suit)
            if not opts:
                blocked = True
            out.extend(opts)
        if blocked:
            out.append(Option("turmoil", "turmoil", {}, R("7.7")))
        out.extend(daylight_extras(st, KEY))
        return out

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"column": COLUMNS[min(fr["col"], 3)]}

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        a = opt.action
        if a == "end":
            st.pop(fr)
            return
        if a == "turmoil":
            st.pop(fr)
            st.push("eyrie.turmoil", i=0)
            return
        suit = opt.args["suit"]
        cid = next(c for c in self._remaining(st, fr) if st.card(c).suit == suit)
        fr["done"].append(cid)
        c = opt.args["clearing"] - 1 if "clearing" in opt.args else -1
        if a == "recruit":
            want = 2 if st.fdata[KEY]["leader"] == "charismatic" else 1  # 7.8.2
            placed = st.place_warriors(c, KEY, want, "7.5.2.I")
            if placed < want:  # could not fully take the action (FAQ: place what you can first)
                st.pop(fr)
                st.push("eyrie.turmoil", i=0)
        elif a == "move":
            do_move(st, KEY, opt, "7.5.2.II")
        elif a == "battle":
            start_battle(st, KEY, opt, "7.5.2.III")
        elif a == "build":
            st.place_building(c, "roost", "7.5.2.IV")


# -- 7.7 Turmoil ---------------------------------------------------------------------------------
@register
class Turmoil(Step):
    kind = "eyrie.turmoil"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        st.emit("turmoil", "7.7")
        all_cards = [c for col in COLUMNS for c in decree(st, col)]
        birds = sum(1 for c in all_cards if st.card(c).suit == "bird")
        st.score(KEY, -birds, "7.7.1", "humiliate")  # 7.7.1 Humiliate (viziers count)
        for col in COLUMNS:  # 7.7.2 Purge
            cards = decree(st, col)
            for c in [c for c in cards if c not in VIZIER_IDS]:
                cards.remove(c)
                st.discard_card(c)
                st.emit("purge", "7.7.2", card=st.card(c).key)
            cards.clear()
        fd = st.fdata[KEY]  # 7.7.3 Depose
        fd["leaders_down"].append(fd["leader"])
        st.emit("depose", "7.7.3", leader=fd["leader"])
        fd["leader"] = None
        if not fd["leaders_up"]:  # 7.7.3.I A New Clutch
            fd["leaders_up"] = sorted(fd["leaders_down"], key=list(LEADERS).index)
            fd["leaders_down"] = []
            st.emit("new_clutch", "7.7.3.I")
        # 7.7.4 Rest: Daylight ends once the new leader is chosen (nothing else remains of it).
        st.push("eyrie.depose")


@register
class Depose(Step):
    """7.7.3: choose a new leader from those face up and tuck the viziers as it lists."""

    kind = "eyrie.depose"
    rule = R("7.7.3")
    forced_single = True
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"leader {n}", "leader", {"leader": n}, R("7.7.3")) for n in st.fdata[KEY]["leaders_up"]]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        fd = st.fdata[KEY]
        leader = opt.args["leader"]
        fd["leaders_up"].remove(leader)
        fd["leader"] = leader
        st.emit("leader", "7.7.3", leader=leader)
        tuck_viziers(st, leader, "7.7.3")
        st.emit("rest", "7.7.4")


# -- 7.6 Evening ---------------------------------------------------------------------------------
@register
class Evening(Step):
    kind = "eyrie.evening"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        st.score(KEY, ROOST_VP[st.count_on_map("roost")], "7.6.1", "roosts")
        if st.result is None:
            draw_and_discard(st, KEY, draw_bonus(st), "7.6.2")


#: what the Eyrie add to the shared rules (hooks.py), assembled by the game when they are in play
CONTRIBUTION = Contribution(
    "eyrie", KEY,
    phases=(("eyrie.birdsong", {"i": 0}), ("eyrie.daylight", {}), ("eyrie.evening", {})),
    crafting_pieces=crafting_pieces,
)
