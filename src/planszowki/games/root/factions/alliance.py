"""8. Woodland Alliance (Sojusz Stworzeń Leśnych): sympathy, supporters, revolts and officers.

Reads like chapter 8 of the Law: faction rules (8.2: crafting with sympathy, Guerrilla War — in
``battle.py`` —, the Supporters stack, removing bases, sympathy tokens, Outrage), setup (8.3), Birdsong
(8.4: revolt, spread sympathy), Daylight (8.5: craft, mobilize, train), Evening (8.6: military
operations, draw and discard).

The Supporters stack is ``fdata["alliance"]["supporters"]`` (face down: only the Alliance sees it);
officers are ``fdata["alliance"]["officers"]`` (warriors in the Officers box, not in the supply).
"""

from __future__ import annotations

from ....engine import Option, Step
from ..content import SUITS
from ..hooks import Contribution
from ..state import OWNER, RootState
from ..turn import (
    R,
    apply_extra,
    battle_options,
    craft_options,
    daylight_extras,
    do_craft,
    do_move,
    draw_and_discard,
    flush_removals,
    move_options,
    register,
    start_battle,
    take_card,
)

KEY = "alliance"
BASES = {s: f"base_{s}" for s in SUITS}
SUPPORTER_LIMIT = 5  # 8.2.3.I
#: 8.4.2.III / 8.6.1.IV: VP on the space uncovered by the n-th sympathy token (index = tokens on map).
SYMPATHY_VP = (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)
#: 8.4.2.II: supporters to spend, printed above each token on the track (index = tokens on map).
SPREAD_COST = (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)
SYMPATHY_TOKENS = 10  # 8.2.5


def supporters(st: RootState) -> list[int]:
    return st.fdata[KEY]["supporters"]


def bases_on_map(st: RootState) -> list[str]:
    """Suits of the bases on the map."""
    return [s for s in SUITS if st.count_on_map(BASES[s])]


def draw_bonus(st: RootState) -> int:
    """8.6.2: each base on the map uncovers a draw bonus in the Bases box."""
    return len(bases_on_map(st))


def crafting_pieces(st: RootState, seat: str) -> dict[str, int]:
    """8.2.1: the Alliance crafts by activating sympathy tokens."""
    out: dict[str, int] = {}
    for c in st.map.clearings():
        if "sympathy" in st.tokens[c]:
            s = st.craft_suit(c)  # Appendix F: WILD in the Lost City
            out[s] = out.get(s, 0) + 1
    return out


def add_supporter(st: RootState, cid: int, rule: str) -> None:
    """8.2.3.I Capacity: without a base on the map the stack holds five cards; a sixth is discarded."""
    if not bases_on_map(st) and len(supporters(st)) >= SUPPORTER_LIMIT:
        st.discard_card(cid)
        st.emit("supporter_discarded", rule, card=st.card(cid).key)
        return
    supporters(st).append(cid)
    st.emit("supporter_added", rule, count=len(supporters(st)))
    st.emit("supporter_added_private", rule, (KEY,), card=st.card(cid).key)


def sympathetic(st: RootState, c: int) -> bool:
    return "sympathy" in st.tokens[c]


def place_sympathy(st: RootState, c: int, rule: str) -> None:
    """Place a sympathy token and score the space it uncovers (8.4.2.III, 8.6.1.IV)."""
    vp = SYMPATHY_VP[st.count_on_map("sympathy")]
    st.place_token(c, "sympathy", rule)
    st.score(KEY, vp, rule, "sympathy")


def matching_supporters(st: RootState, suit: str) -> list[int]:
    """Supporters that may be spent for ``suit``: only for their suit (8.2.3), birds are wild (2.1.1)."""
    return [c for c in supporters(st) if st.card(c).suit in (suit, "bird")]


def clearing_supporters(st: RootState, c: int) -> list[int]:
    """Supporters matching clearing ``c``; in the Lost City (Appendix F), a clearing of every suit, any supporter
    (several spent there may be of different suits, as its card lets crafting pieces there pay different suits)."""
    if st.lost_city() == c:
        return list(supporters(st))
    return matching_supporters(st, st.suits[c])


def _spend_supporters(st: RootState, keys: list[str], rule: str) -> None:
    for key in keys:
        cid = st.find_in(supporters(st), key)
        assert cid is not None
        supporters(st).remove(cid)
        st.discard_card(cid)
        st.emit("spend_supporter", rule, card=key)


# -- 8.3 Setup -----------------------------------------------------------------------------------
@register
class Setup(Step):
    """8.3: 10 warriors, 3 bases, 10 sympathy tokens; draw 3 cards face down as supporters."""

    kind = "alliance.setup"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        fd = st.fdata[KEY]
        fd["supporters"] = []
        fd["officers"] = 0
        for _ in range(3):
            if not st.deck:
                st.reshuffle()
            if st.deck:
                add_supporter(st, st.deck.pop(), "8.3.4")
        if not st.deck:
            st.reshuffle()


# -- order of triggered effects ------------------------------------------------------------------
TRIGGERS = ("alliance.outrage", "alliance.base_removed")


def order_triggers(st: RootState) -> bool:
    """Put the Outrages (8.2.6) and base removals (8.2.4) triggered by one batch of removals in order.

    The frames are pushed as pieces are removed (1.5.4: all pieces first, then the effects). The order
    matters: an Outrage card matches the clearing, so it matches the suit of a base removed there too,
    and a base removal after it would discard it again.

    * In battle the side taking hits orders the effects its removed pieces trigger (4.3.4): the Alliance
      resolves its base removals first, then the Outrages — never worse for it, as the other order only
      loses the Outrage card.
    * Otherwise the player taking the turn chooses (1.1.3); it is the remover (Favor cards), for whom
      Outrages first are never worse, since the base removal then discards the card it had to give.

    Within each group, effects resolve in the order the pieces were removed. Returns True when the top
    of the stack changed, so the caller must not run now.
    """
    stack = st.stack
    i = len(stack)
    while i > 0 and stack[i - 1]["k"] in TRIGGERS:
        i -= 1
    block = stack[i:]
    if len(block) < 2 or all(f.get("ordered") for f in block):
        return False
    in_battle = i > 0 and stack[i - 1]["k"] == "battle"
    outrages = [f for f in block if f["k"] == "alliance.outrage"]
    bases = [f for f in block if f["k"] == "alliance.base_removed"]
    first, second = (bases, outrages) if in_battle else (outrages, bases)
    new = [*reversed(second), *reversed(first)]  # bottom to top: the first to resolve is on top
    for f in new:
        f["ordered"] = True
    changed = new[-1] is not stack[-1]
    stack[i:] = new
    return changed


# -- 8.2.6 Outrage -------------------------------------------------------------------------------
@register
class Outrage(Step):
    """8.2.6: the player who moved warriors into a sympathetic clearing or removed a sympathy token adds
    a matching card to the Supporters stack; with none (not even a bird) they show their hand and the
    Alliance draws a supporter instead.

    The payer is asked whenever they hold any card, so whether they hold a matching one stays hidden
    until they answer (as with ambushes, 4.3.1); an empty hand (public) shows at once.
    """

    kind = "alliance.outrage"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        if order_triggers(st):
            return
        st.pop(fr)
        payer, c = fr["payer"], fr["c"]
        st.emit("outrage", "8.2.6", faction=payer, clearing=c + 1)
        if st.hands[payer]:
            st.push("alliance.outrage.pay", payer=payer, c=c)
        else:
            show_hand(st, payer)


def show_hand(st: RootState, payer: str) -> None:
    """8.2.6: no matching card: the payer shows the hand to the Alliance only; the Alliance draws a supporter."""
    st.emit("outrage_shown", "8.2.6", faction=payer, target=KEY)
    st.emit("show_hand", "8.2.6", (payer, KEY), faction=payer, target=KEY,
            cards=[st.card(x).key for x in st.hands[payer]])
    for x in st.hands[payer]:
        st.reveal(KEY, payer, x)
    if not st.deck:
        st.reshuffle()
    if st.deck:
        add_supporter(st, st.deck.pop(), "8.2.6")
        if not st.deck:
            st.reshuffle()


@register
class OutragePay(Step):
    """8.2.6: the payer picks which matching card (birds are wild, 2.1.1) goes to the Supporters stack, or,
    holding none, shows the hand."""

    kind = "alliance.outrage.pay"
    rule = R("8.2.6")

    def player(self, st: RootState, fr: dict) -> str:
        return fr["payer"]

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"clearing": fr["c"] + 1}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = []
        for cid in st.distinct(st.clearing_cards(fr["payer"], fr["c"])):  # Appendix F: the Lost City, any suit
            key = st.card(cid).key
            out.append(Option(f"outrage {key}", "outrage", {"card": key}, R("8.2.6")))
        if not out:
            out.append(Option("show hand", "show_hand", {}, R("8.2.6")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        payer = fr["payer"]
        if opt.action == "show_hand":
            show_hand(st, payer)
            return
        cid = take_card(st, payer, opt.args["card"])
        st.hands[payer].remove(cid)
        st.emit("outrage_card", "8.2.6", (payer, KEY), faction=payer, card=opt.args["card"])
        add_supporter(st, cid, "8.2.6")
        if cid in supporters(st):
            # the payer knows this face-down supporter (determinize keeps it); every seat does when it left a
            # public hand (11.2.3)
            st.reveal("*" if payer in st.hooks.public_hands else payer, KEY, cid)


# -- 8.2.4 Removing Bases ------------------------------------------------------------------------
@register
class BaseRemoved(Step):
    """8.2.4: discard supporters of the base's suit (birds too), lose half the officers rounded up;
    with no base left, discard down to five supporters."""

    kind = "alliance.base_removed"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        if order_triggers(st):
            return
        st.pop(fr)
        suit = fr["suit"]
        for cid in [c for c in supporters(st) if st.card(c).suit in (suit, "bird")]:
            supporters(st).remove(cid)
            st.discard_card(cid)
            st.emit("discard_supporter", "8.2.4", card=st.card(cid).key)
        fd = st.fdata[KEY]
        lost = (fd["officers"] + 1) // 2
        if lost:
            fd["officers"] -= lost
            st.emit("officers_lost", "8.2.4", count=lost)
            if st.exiles:
                st.to_coffin(KEY, lost)  # removed officers would return to the supply: A.2 Coffin Makers
        if not bases_on_map(st) and len(supporters(st)) > SUPPORTER_LIMIT:
            st.push("alliance.discard_supporters")


@register
class DiscardSupporters(Step):
    """8.2.4: no base left and more than five supporters: the Alliance discards supporters of its choice
    down to five (face up, like every discard)."""

    kind = "alliance.discard_supporters"
    rule = R("8.2.4")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"discard supporter {st.card(c).key}", "discard_supporter", {"card": st.card(c).key},
                       R("8.2.4")) for c in st.distinct(supporters(st))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        cid = st.find_in(supporters(st), opt.args["card"])
        assert cid is not None
        supporters(st).remove(cid)
        st.discard_card(cid)
        st.emit("discard_supporter", "8.2.4", card=opt.args["card"])
        if len(supporters(st)) <= SUPPORTER_LIMIT:
            st.pop(fr)


# -- 8.4 Birdsong --------------------------------------------------------------------------------
def revolt_options(st: RootState) -> list[Option]:
    """8.4.1.I–II: a sympathetic clearing matching an unbuilt base, with two matching supporters to spend. The Lost
    City (Appendix F) matches each unbuilt base: the Alliance names the base with the clearing."""
    out: list[Option] = []
    unbuilt: set[str] | None = None  # suits whose base is not on the map; asked at the first sympathetic clearing
    enemies: list[str] = []
    tokens = st.tokens
    for c in st.map.clearings():
        if "sympathy" not in tokens[c]:  # sympathetic(), inlined
            continue
        if unbuilt is None:
            unbuilt = {s for s in SUITS if not st.count_on_map(BASES[s])}
            if not unbuilt:
                return out
            enemies = st.enemy_owners(KEY)
        bases = [s for s in st.clearing_suits(c) if s in unbuilt]
        if not bases:
            continue
        # the base must fit once the enemy buildings there are removed (2.2.3: no building without a slot; a
        # controlled hireling's buildings are not enemy pieces, nor can those the Stoic Protector shields be
        # removed, Appendix E)
        enemy_buildings = len([b for b in st.buildings[c] if OWNER[b] in enemies])
        if enemy_buildings and "hirelings" in st.fdata:
            shielded = st.hooks.hirelings["shielded"]
            enemy_buildings -= len([b for b in st.buildings[c]
                                    if OWNER[b] in enemies and shielded(st, c, OWNER[b], KEY)])
        if st.open_slots(c) + enemy_buildings <= 0:
            continue
        if len(clearing_supporters(st, c)) < 2:
            continue
        if st.suits[c] == bases[0] and len(bases) == 1:
            out.append(Option(f"revolt {c + 1}", "revolt", {"clearing": c + 1}, R("8.4.1")))
        else:  # the Lost City
            out.extend([Option(f"revolt {c + 1} {s}", "revolt", {"clearing": c + 1, "as_suit": s}, R("8.4.1"))
                        for s in bases])
    return out


def spread_targets(st: RootState) -> list[int]:
    """8.4.2.I: unsympathetic clearings adjacent to a sympathetic one (any clearing if none)."""
    if st.count_on_map("sympathy") >= SYMPATHY_TOKENS:
        return []
    tokens = st.tokens
    symp = [c for c in st.map.clearings() if "sympathy" in tokens[c]]  # sympathetic(), inlined
    if symp:
        cands = {b for a in symp for b in st.adjacent(a, KEY) if "sympathy" not in tokens[b]}  # 11.2.7.2
    else:
        cands = set(st.map.clearings())
    return sorted([c for c in cands if st.can_place(c, KEY)])


def martial_law(st: RootState, c: int) -> bool:
    """8.4.2.II.a Martial Law: another player has at least 3 warriors in the clearing."""
    for f, n in st.warriors[c].items():  # noqa: SIM110 (a loop, not any(): compiled, a C function, alliance.pxd)
        if f != KEY and n >= 3:
            return True
    return False


def spread_cost(st: RootState, c: int, on_map: int | None = None) -> int:
    """8.4.2.II: the number printed above the next token on the Sympathy track, +1 under Martial Law."""
    if on_map is None:
        on_map = st.count_on_map("sympathy")
    return SPREAD_COST[on_map] + martial_law(st, c)


def spread_options(st: RootState) -> list[Option]:
    """8.4.2.I–II: a target clearing whose cost the matching supporters can pay."""
    out = []
    targets = spread_targets(st)
    if not targets:
        return out
    on_map = st.count_on_map("sympathy")
    have = {s: len(matching_supporters(st, s)) for s in SUITS}
    city = st.lost_city()
    for c in targets:
        cost = spread_cost(st, c, on_map)
        if (have[st.suits[c]] if c != city else len(supporters(st))) >= cost:  # Appendix F: any supporter
            out.append(Option(f"spread {c + 1}", "spread", {"clearing": c + 1, "cost": cost}, R("8.4.2")))
    return out


def revolt(st: RootState, c: int, suit: str) -> None:
    """8.4.1.III: remove all enemy pieces, place the base of ``suit`` (the clearing's; in the Lost City the one
    chosen, Appendix F), warriors per sympathetic clearing matching the base's printed suit, one officer."""
    for e in st.enemy_owners(KEY):  # Appendix E: enemy hirelings' pieces too
        if st.pawn_clearing(e) == c:  # 9.2.2.I Full Removal: a Vagabond there damages three items
            st.hooks.faction_hooks["vagabond"]["full_removal"](st, e)
        w, bs, ts = st.pieces_of(c, e)
        if w:
            st.remove_warriors(c, e, w, KEY, "8.4.1.III")
        for piece in bs + ts:
            st.remove_piece(c, piece, KEY, "8.4.1.III")
        if st.result is not None:
            return
    st.place_building(c, BASES[suit], "8.4.1.III")
    n = sum(1 for x in st.map.clearings() if sympathetic(st, x) and st.suit_matches(x, suit))  # F: the Lost City
    st.place_warriors(c, KEY, n, "8.4.1.III")
    if st.warrior_supply(KEY) > 0:
        st.fdata[KEY]["officers"] += 1
        st.emit("officer", "8.4.1.III", count=st.fdata[KEY]["officers"])


@register
class Birdsong(Step):
    """8.4: revolt any number of times, then spread sympathy any number of times; once the Alliance has
    spread sympathy, no more revolts this Birdsong."""

    kind = "alliance.birdsong"
    rule = R("8.4")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"stage": fr["stage"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = revolt_options(st) if fr["stage"] == "revolt" else []
        out.extend(spread_options(st))
        out.append(Option("end birdsong", "end_birdsong", {}, R("8.4")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        a = opt.action
        if a == "end_birdsong":
            st.pop(fr)
            return
        c = opt.args["clearing"] - 1
        if a == "revolt":  # 8.4.1.I Choose Clearing; the supporters are spent next (8.4.1.II)
            st.emit("revolt", "8.4.1", clearing=c + 1)
            st.push("alliance.pay", act="revolt", c=c, left=2, rule="8.4.1.II",
                    base=opt.args.get("as_suit") or st.suits[c])
        else:  # 8.4.2.I Choose Clearing
            fr["stage"] = "spread"
            st.emit("spread", "8.4.2", clearing=c + 1, cost=opt.args["cost"])
            st.push("alliance.pay", act="spread", c=c, left=opt.args["cost"], rule="8.4.2.II")


@register
class PaySupporters(Step):
    """8.4.1.II, 8.4.2.II: spend supporters matching the chosen clearing one by one (birds are wild),
    then resolve the action: 8.4.1.III revolt, or 8.4.2.III place a sympathy token and score."""

    kind = "alliance.pay"
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"stage": fr["act"], "clearing": fr["c"] + 1, "left": fr["left"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"spend {st.card(c).key}", "spend_supporter", {"card": st.card(c).key}, R(fr["rule"]))
                for c in st.distinct(clearing_supporters(st, fr["c"]))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        _spend_supporters(st, [opt.args["card"]], fr["rule"])
        fr["left"] -= 1
        if fr["left"] > 0:
            return
        st.pop(fr)
        c = fr["c"]
        if fr["act"] == "revolt":
            revolt(st, c, fr.get("base") or st.suits[c])
            flush_removals(st)
        else:
            place_sympathy(st, c, "8.4.2.III")


# -- 8.5 Daylight --------------------------------------------------------------------------------
def daylight_options(st: RootState) -> list[Option]:
    """8.5: craft (8.5.1), mobilize (8.5.2), train (8.5.3), or end the Daylight."""
    out = craft_options(st, KEY, "8.5.1")
    for cid in st.distinct(st.hands[KEY]):
        key = st.card(cid).key
        out.append(Option(f"mobilize {key}", "mobilize", {"card": key}, R("8.5.2")))
    out.extend(train_options(st))
    out.extend(daylight_extras(st, KEY))
    out.append(Option("end daylight", "end_daylight", {}, R("8.5")))
    return out


def train_options(st: RootState) -> list[Option]:
    """8.5.3: spend a card matching the printed suit of a base on the map to gain an officer."""
    if st.warrior_supply(KEY) <= 0:
        return []
    out = []
    seen: set[str] = set()
    for suit in bases_on_map(st):
        for cid in st.distinct(st.hand_cards(KEY, suit)):
            key = st.card(cid).key
            if key not in seen:
                seen.add(key)
                out.append(Option(f"train {key}", "train", {"card": key}, R("8.5.3")))
    return out


@register
class Daylight(Step):
    """8.5: craft, mobilize and train in any order and number."""

    kind = "alliance.daylight"
    rule = R("8.5")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return daylight_options(st)

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        a = opt.action
        if a == "craft":
            do_craft(st, KEY, opt)
        elif a == "mobilize":
            cid = take_card(st, KEY, opt.args["card"])
            st.hands[KEY].remove(cid)
            st.emit("mobilize", "8.5.2")
            add_supporter(st, cid, "8.5.2")
        elif a == "train":
            st.spend(KEY, take_card(st, KEY, opt.args["card"]), "8.5.3", "train")
            st.fdata[KEY]["officers"] += 1
            st.emit("officer", "8.5.3", count=st.fdata[KEY]["officers"])
        else:
            st.pop(fr)


# -- 8.6 Evening ---------------------------------------------------------------------------------
def operations_options(st: RootState, used: int) -> list[Option]:
    """8.6.1: with ``used`` of the officers' actions taken, move, battle, recruit at a base, organize, or stop."""
    out: list[Option] = []
    if used < st.fdata[KEY]["officers"]:
        out.extend(move_options(st, KEY, "8.6.1.I"))
        out.extend(battle_options(st, KEY, "8.6.1.II"))
        if st.warrior_supply(KEY) > 0:
            for c in st.map.clearings():
                for b in st.buildings[c]:
                    if b.startswith("base_"):
                        out.append(Option(f"recruit {c + 1}", "recruit", {"clearing": c + 1}, R("8.6.1.III")))
                        break
        if st.count_on_map("sympathy") < SYMPATHY_TOKENS:
            for c in st.map.clearings():
                if st.warriors[c].get(KEY, 0) and not sympathetic(st, c) and st.can_place(c, KEY):
                    out.append(Option(f"organize {c + 1}", "organize", {"clearing": c + 1}, R("8.6.1.IV")))
    out.append(Option("end operations", "end_operations", {}, R("8.6.1")))
    return out


@register
class MilitaryOperations(Step):
    """8.6.1: up to one action per officer: move, battle, recruit, organize."""

    kind = "alliance.operations"
    rule = R("8.6.1")
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"left": st.fdata[KEY]["officers"] - fr["used"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return operations_options(st, fr["used"])

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        a = opt.action
        if a == "end_operations":
            st.pop(fr)
            draw_and_discard(st, KEY, draw_bonus(st), "8.6.2")
            return
        fr["used"] += 1
        if a == "move":
            do_move(st, KEY, opt, "8.6.1.I")
        elif a == "battle":
            start_battle(st, KEY, opt, "8.6.1.II")
        elif a == "recruit":
            st.place_warriors(opt.args["clearing"] - 1, KEY, 1, "8.6.1.III")
        elif a == "organize":
            c = opt.args["clearing"] - 1
            st.remove_warriors(c, KEY, 1, KEY, "8.6.1.IV")
            place_sympathy(st, c, "8.6.1.IV")
            flush_removals(st)  # the warrior removed to organize: Feline Physicians (Appendix E) asks now


#: what the Alliance add to the shared rules (hooks.py), assembled by the game when they are in play
CONTRIBUTION = Contribution(
    "alliance", KEY,
    phases=(("alliance.birdsong", {"stage": "revolt"}), ("alliance.daylight", {}),
            ("alliance.operations", {"used": 0})),
    crafting_pieces=crafting_pieces,
)
