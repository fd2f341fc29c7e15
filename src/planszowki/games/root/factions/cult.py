"""10. Lizard Cult (Jaszczurzy Kultyści): gardens, the Outcast, acolytes, conspiracies and rituals.

Reads like chapter 10 of the Law: faction rules (10.2: crafting with gardens matching the Outcast, Hatred
of Birds, Revenge, Pilgrims — in ``RootState.ruler`` —, Fear of the Faithful, the Lost Souls pile), setup
(10.3), Birdsong (10.4: adjust the Outcast, discard the Lost Souls, conspiracies), Daylight (10.5: one
ritual per revealed card) and Evening (10.6: return revealed cards, craft, draw and discard).

The faction board is ``fdata["cult"]``: ``outcast`` (a suit) and ``hated`` (the marker's side, 10.4.1),
``acolytes`` (warriors in the Acolytes box, 10.2.3), ``lost_souls`` (card ids, 10.2.6: public),
``revealed`` (card ids in the play area this Daylight, 10.5: public) and ``start`` (the starting corner).
The Gardens tracks are derived from the map: a garden not on the map is on its track (10.3.4), so the
rightmost empty space of a suit is the number of its gardens on the map.

Hooks into the shared rules: ``hooks.on_discard`` (every spent or discarded card goes to Lost Souls),
``hooks.on_piece_removed`` (Fear of the Faithful), ``hooks.held_warriors`` (acolytes are not in the
supply), ``hooks.on_defender_losses`` (Revenge) and ``state.RULING_BUILDINGS`` (Pilgrims).
"""

from __future__ import annotations

from typing import Any

from ....engine import InvalidPosition, Option, Step
from .. import state as _state
from ..content import SUITS
from ..hooks import Contribution
from ..state import BUILDING_COUNT, OWNER, RootState
from ..turn import (
    CraftingStep,
    R,
    apply_extra,
    battle_options,
    daylight_extras,
    do_move,
    draw_and_discard,
    flush_removals,
    move_options,
    register,
    start_battle,
    take_card,
)

KEY = "cult"
GARDENS = {s: f"garden_{s}" for s in SUITS}
#: 10.5.3: VP printed above each column of the Gardens tracks, left to right (the seed: "powyżej tej kolumny
#: Ogrodów"); the rightmost empty space is the number of that suit's gardens on the map. Faction-board data, not
#: in the Law: neither the seed nor the structured Law prints the numbers. The recorded game
#: reference/root/rootlog/2020_11_19_orderly_eyrie agrees on the second column (two fox, then two mouse
#: gardens on the map: "F#L->/++2", "M#L->/++2").
GARDEN_VP = (2, 2, 3, 4, 5)
#: 10.6.3: each Gardens track has one draw bonus, uncovered by the second garden of its suit on the map.
#: Faction-board data, not in the Law. The same recorded game agrees: the Cult draws 1, then 2 with two mouse
#: gardens on the map, then 3 with two fox and two mouse gardens ("#->L", "2#->L", "3#->L").
DRAW_BONUS_AT = 2
#: 10.4.3.1–10.4.3.3: acolytes each conspiracy costs (one fewer if the Outcast is Hated)
COSTS = {"crusade": 2, "convert": 2, "sanctify": 3}
CONSPIRACY_RULE = {"crusade": "10.4.3.1", "convert": "10.4.3.2", "sanctify": "10.4.3.3"}


def board(st: RootState) -> dict:
    return st.fdata[KEY]


def gardens_on_map(st: RootState, suit: str) -> int:
    return st.count_on_map(GARDENS[suit])


def gardens_on_track(st: RootState, suit: str) -> int:
    return BUILDING_COUNT[GARDENS[suit]] - gardens_on_map(st, suit)


def score_vp(st: RootState, suit: str) -> int | None:
    """10.5.3: VP above the rightmost empty space of ``suit``'s track; None when no space is empty."""
    n = gardens_on_map(st, suit)
    return GARDEN_VP[min(n, len(GARDEN_VP)) - 1] if n else None


def draw_bonus(st: RootState) -> int:
    """10.6.3: draw bonuses uncovered on the Gardens tracks."""
    return sum(1 for s in SUITS if gardens_on_map(st, s) >= DRAW_BONUS_AT)


def outcast_clearings(st: RootState) -> list[int]:
    """10.4.3: clearings matching the Outcast."""
    out = board(st).get("outcast")
    return [c for c in st.map.clearings() if out and st.suit_matches(c, out)]  # Appendix F: the Lost City


def crafting_pieces(st: RootState, seat: str) -> dict[str, int]:
    """10.2.1: gardens whose printed suit matches the Outcast; each fulfils the suit of its clearing."""
    kind = GARDENS.get(board(st).get("outcast") or "")
    out: dict[str, int] = {}
    if kind is None:
        return out
    for c in st.map.clearings():
        n = st.buildings[c].count(kind)
        if n:
            s = st.craft_suit(c)  # Appendix F: WILD in the Lost City (the garden's printed suit still decides)
            out[s] = out.get(s, 0) + n
    return out


# -- 10.2 Faction rules ---------------------------------------------------------------------------
def lost_souls(st: RootState, cid: int) -> bool:
    """10.2.6: with the Cult in the game every spent or discarded card, dominance cards too, goes to the
    Lost Souls pile instead of the discard pile (``hooks.on_discard``)."""
    fd = st.fdata.get(KEY)
    if fd is None or "lost_souls" not in fd:
        return False
    fd["lost_souls"].append(cid)
    return True


def fear_of_the_faithful(st: RootState, c: int, kind: str, by: str | None) -> None:
    """10.2.5: whenever a garden is removed, the Cult discards a random card (after the removals, 1.5.4)."""
    if kind.startswith("garden_"):
        st.push("cult.fear")


@register
class Fear(Step):
    """10.2.5 Fear of the Faithful: a random card from the Cult's hand, face up to the Lost Souls pile."""

    kind = "cult.fear"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        hand = st.hands[KEY]
        if not hand:
            return
        cid = hand.pop(st.rng.below(len(hand)))
        st.discard_card(cid)
        st.emit("discard", "10.2.5", faction=KEY, card=st.card(cid).key)


def revenge(st: RootState, c: int, n: int) -> None:
    """10.2.3: Cult warriors removed while defending in battle go to the Acolytes box, not the supply."""
    board(st)["acolytes"] = board(st).get("acolytes", 0) + n
    st.emit("revenge", "10.2.3", faction=KEY, clearing=c + 1, count=n, total=board(st)["acolytes"])


def held_warriors(st: RootState, faction: str) -> int:
    """10.2.3: acolytes are Cult warriors kept on the faction board (``hooks.held_warriors``)."""
    return board(st).get("acolytes", 0) if faction == KEY else 0


# -- 10.3 Setup -----------------------------------------------------------------------------------
def start_corners(st: RootState) -> list[int]:
    """10.3.2: a corner that is no other player's starting corner and, if possible, diagonally opposite one
    that is. (The seed adds: with both the Marquise and the Eyrie in the game, either remaining corner —
    which is what "if possible" gives, since those two face each other.)"""
    taken = {fd["start"] for s, fd in st.fdata.items() if s != KEY and "start" in fd}
    free = [c for c in st.map.corners if c not in taken and st.can_place(c, KEY) and st.open_slots(c) > 0]
    opposite = [c for c in free if st.map.opposite[c] in taken]
    return opposite or free


@register
class Setup(Step):
    kind = "cult.setup"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:  # 10.3.1: 25 warriors (state.WARRIORS); the board starts empty
            fd = board(st)
            fd.update(outcast=None, hated=False, acolytes=0, lost_souls=[], revealed=[])
            st.push("cult.setup.corner")
        elif i == 1:
            st.push("cult.setup.outcast")
        else:
            st.pop(fr)


@register
class SetupCorner(Step):
    """10.3.2: 4 warriors and the garden of its suit in the starting corner, 1 warrior in each adjacent
    clearing; 10.3.4: the other 14 gardens fill the tracks (derived from the map)."""

    kind = "cult.setup.corner"
    rule = R("10.3.2")
    forced_single = True
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        city = st.lost_city()  # Appendix F: in the Lost City, a clearing of every suit, the Cult picks the garden
        return [Option(f"start {c + 1}", "start", {"clearing": c + 1}, R("10.3.2")) if c != city else
                Option(f"start {c + 1} {s}", "start", {"clearing": c + 1, "as_suit": s}, R("10.3.2"))
                for c in start_corners(st) for s in st.clearing_suits(c)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        c = opt.args["clearing"] - 1
        board(st)["start"] = c
        st.place_warriors(c, KEY, 4, "10.3.2")
        st.place_building(c, GARDENS[opt.args.get("as_suit") or st.suits[c]], "10.3.2")
        for a in st.adj[c]:
            if st.can_place(a, KEY):
                st.place_warriors(a, KEY, 1, "10.3.2")


@register
class SetupOutcast(Step):
    """10.3.3: the outcast marker goes on any suit of the Outcast box."""

    kind = "cult.setup.outcast"
    rule = R("10.3.3")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"outcast {s}", "outcast", {"outcast": s}, R("10.3.3")) for s in SUITS]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        board(st)["outcast"] = opt.args["outcast"]
        board(st)["hated"] = False
        emit_outcast(st, "10.3.3")


# -- 10.4 Birdsong --------------------------------------------------------------------------------
def adjust_outcast(st: RootState) -> None:
    """10.4.1: the suit with the most cards in Lost Souls (birds ignored) becomes the Outcast; the same suit
    again, or no single most, flips the marker to Hated."""
    fd = board(st)
    counts = {s: 0 for s in SUITS}
    for cid in fd["lost_souls"]:
        s = st.card(cid).suit
        if s in counts:
            counts[s] += 1
    top = max(counts.values())
    most = [s for s in SUITS if counts[s] == top]
    if top > 0 and len(most) == 1 and most[0] != fd["outcast"]:
        fd["outcast"], fd["hated"] = most[0], False
    else:  # the same suit again, or no one suit has the most: the marker stays and shows Hated
        fd["hated"] = True
    emit_outcast(st, "10.4.1")


def emit_outcast(st: RootState, rule: str) -> None:
    fd = board(st)
    if fd["hated"]:
        st.emit("outcast_hated", rule, faction=KEY, outcast=fd["outcast"])
    else:
        st.emit("outcast", rule, faction=KEY, outcast=fd["outcast"])


def discard_lost_souls(st: RootState) -> None:
    """10.4.2: the Lost Souls go to the discard pile; dominance cards become available (3.3.3). With the Cult in
    the game this is the only way cards reach the discard pile, so when the deck ran out meanwhile, the discard
    pile is shuffled at once to form a new deck (2.1: "If the deck is ever empty, shuffle the discard pile
    immediately")."""
    fd = board(st)
    souls, fd["lost_souls"] = fd["lost_souls"], []
    for cid in souls:
        (st.available if st.card(cid).kind == "dominance" else st.discard).append(cid)
    if souls:
        st.emit("lost_souls_discarded", "10.4.2", faction=KEY, count=len(souls))
        if not st.deck:
            st.reshuffle()


def cost(st: RootState, name: str) -> int:
    """10.4.3: the conspiracy's acolytes, one fewer if the Outcast is Hated."""
    return COSTS[name] - (1 if board(st).get("hated") else 0)


def convert_targets(st: RootState, c: int) -> list[str]:
    """10.4.3.2: enemies with a warrior in ``c``, which a Cult warrior can replace. The acolytes spent return
    to the supply first (10.4.3), so there is always a Cult warrior to place, even from an empty supply."""
    if not st.can_place(c, KEY):
        return []
    return [e for e in st.enemy_owners(KEY) if st.warriors[c].get(e, 0)  # hirelings' warriors too (E.3.2)
            and not ("hirelings" in st.fdata and st.hooks.hirelings["shielded"](st, c, e, KEY))]


def sanctify_targets(st: RootState, c: int) -> list[str]:
    """10.4.3.3: enemy buildings in ``c`` that a garden of the Outcast suit can replace. (The seed says a garden
    matching the clearing; the clearing matches the Outcast, so both texts name the same garden.)"""
    if not gardens_on_track(st, board(st)["outcast"]) or not st.can_place(c, KEY):
        return []
    enemies = st.enemy_owners(KEY)  # the Vault Keepers' vaults too (E.3.2)
    if "hirelings" in st.fdata:  # the Stoic Protector's controller's buildings stay
        enemies = [e for e in enemies if not st.hooks.hirelings["shielded"](st, c, e, KEY)]
    return sorted({b for b in st.buildings[c] if OWNER[b] in enemies})


def conspiracy_options(st: RootState) -> list[Option]:
    acolytes = board(st).get("acolytes", 0)
    out: list[Option] = []
    clearings = outcast_clearings(st)
    if acolytes >= cost(st, "crusade"):
        out.extend(battle_options(st, KEY, "10.4.3.1", clearings))
        out.extend(move_options(st, KEY, "10.4.3.1", clearings))
    if acolytes >= cost(st, "convert"):
        for c in clearings:
            for e in convert_targets(st, c):
                out.append(Option(f"convert {c + 1} {e}", "convert", {"clearing": c + 1, "target": e},
                                  R("10.4.3.2")))
    if acolytes >= cost(st, "sanctify"):
        for c in clearings:
            for b in sanctify_targets(st, c):
                out.append(Option(f"sanctify {c + 1} {b}", "sanctify", {"clearing": c + 1, "piece": b},
                                  R("10.4.3.3")))
    return out


def spend_acolytes(st: RootState, name: str) -> None:
    n = cost(st, name)
    board(st)["acolytes"] -= n
    st.emit("acolytes_spent", CONSPIRACY_RULE[name], faction=KEY, count=n, conspiracy=name)
    if st.exiles:
        st.to_coffin(KEY, n)  # spent acolytes would return to the supply: A.2 Coffin Makers


@register
class Birdsong(Step):
    """10.4.1 Adjust Outcast and 10.4.2 Discard Lost Souls, then 10.4.3 conspiracies if any can be paid."""

    kind = "cult.birdsong"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        adjust_outcast(st)
        discard_lost_souls(st)
        if conspiracy_options(st):  # acolytes and the board are public: skipping leaks nothing
            st.push("cult.conspiracies")


@register
class Conspiracies(Step):
    """10.4.3: spend acolytes on Crusade, Convert and Sanctify in Outcast clearings, in any order and
    number."""

    kind = "cult.conspiracies"
    rule = R("10.4.3")
    forced_single = True  # nothing left to pay for ends Birdsong: acolytes and the board are public
    seat = KEY

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"acolytes": board(st).get("acolytes", 0), "outcast": board(st)["outcast"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*conspiracy_options(st), Option("end birdsong", "end_birdsong", {}, R("10.4.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        a = opt.action
        if a == "end_birdsong":
            st.pop(fr)
            return
        c = opt.args.get("clearing", opt.args.get("from", 0)) - 1
        if a in ("battle", "move"):  # 10.4.3.1 Crusade
            spend_acolytes(st, "crusade")
            st.emit("crusade", "10.4.3.1", faction=KEY, clearing=c + 1)
            if a == "battle":
                start_battle(st, KEY, opt, "10.4.3.1")
            else:
                dst = opt.args["to"] - 1
                # the optional battle is asked after the move and anything it triggers (8.2.6 Outrage)
                st.push("cult.crusade_battle", c=dst)
                do_move(st, KEY, opt, "10.4.3.1")
        elif a == "convert":  # 10.4.3.2
            spend_acolytes(st, "convert")
            st.emit("convert", "10.4.3.2", faction=KEY, clearing=c + 1, target=opt.args["target"])
            st.remove_warriors(c, opt.args["target"], 1, KEY, "10.4.3.2")
            st.place_warriors(c, KEY, 1, "10.4.3.2")
            flush_removals(st)
        elif a == "sanctify":  # 10.4.3.3
            spend_acolytes(st, "sanctify")
            st.emit("sanctify", "10.4.3.3", faction=KEY, clearing=c + 1, piece=opt.args["piece"])
            st.remove_piece(c, opt.args["piece"], KEY, "10.4.3.3")  # an enemy building: 1 VP (3.2.1)
            if st.result is None:
                st.place_building(c, GARDENS[board(st)["outcast"]], "10.4.3.3")


@register
class CrusadeBattle(Step):
    """10.4.3.1: after a Crusade's move, the Cult may initiate a battle in the destination clearing."""

    kind = "cult.crusade_battle"
    rule = R("10.4.3.1")
    forced_single = True  # only "skip" when no enemy is there: public
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*battle_options(st, KEY, "10.4.3.1", [fr["c"]]), Option("skip", "skip", {}, R("10.4.3.1"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "battle":
            start_battle(st, KEY, opt, "10.4.3.1")


# -- 10.5 Daylight --------------------------------------------------------------------------------
def ritual_options(st: RootState) -> list[Option]:
    """10.5: reveal a card for one ritual. Birds are not wild (10.2.2): a bird card only sacrifices."""
    out: list[Option] = []
    supply = st.warrior_supply(KEY)
    ruled = [st.rules(c, KEY) for c in st.map.clearings()]
    for cid in st.distinct(st.hands[KEY]):
        card = st.card(cid)
        key, suit = card.key, card.suit
        if suit == "bird":
            if supply > 0:
                out.append(Option(f"sacrifice {key}", "sacrifice", {"card": key}, R("10.5.4")))
            continue
        if suit not in GARDENS:
            continue
        room = gardens_on_track(st, suit) > 0
        for c in st.map.clearings():
            if not st.suit_matches(c, suit) or not st.can_place(c, KEY):  # Appendix F: the Lost City
                continue
            if room and ruled[c] and st.open_slots(c) > 0:
                out.append(Option(f"build {c + 1} with {key}", "build", {"clearing": c + 1, "card": key},
                                  R("10.5.1")))
            if supply > 0:
                out.append(Option(f"recruit {c + 1} with {key}", "recruit", {"clearing": c + 1, "card": key},
                                  R("10.5.2")))
        vp = score_vp(st, suit)
        if vp is not None and not st.turn.get(f"cult_scored_{suit}"):
            out.append(Option(f"score {key}", "score_ritual", {"card": key, "vp": vp}, R("10.5.3")))
    return out


def reveal(st: RootState, key: str) -> int:
    """10.5: the card leaves the hand, face up in the play area; it cannot be used otherwise this Daylight."""
    cid = take_card(st, KEY, key)
    st.hands[KEY].remove(cid)
    st.emit("reveal", "10.5", faction=KEY, card=key)
    return cid


@register
class Daylight(Step):
    """10.5: reveal any number of cards, one ritual each: build, recruit, score, sacrifice."""

    kind = "cult.daylight"
    rule = R("10.5")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*ritual_options(st), *daylight_extras(st, KEY), Option("end daylight", "end_daylight", {}, R("10.5"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        a = opt.action
        if a == "end_daylight":
            st.pop(fr)
            return
        cid = reveal(st, opt.args["card"])
        suit = st.card(cid).suit
        if a == "score_ritual":  # 10.5.3: the revealed card is spent, to Lost Souls
            st.turn[f"cult_scored_{suit}"] = True
            vp = score_vp(st, suit) or 0
            st.discard_card(cid)
            st.emit("spend", "10.5.3", faction=KEY, card=opt.args["card"], why="ritual")
            st.score(KEY, vp, "10.5.3", "ritual")
            return
        board(st)["revealed"].append(cid)
        if a == "build":  # 10.5.1
            st.place_building(opt.args["clearing"] - 1, GARDENS[suit], "10.5.1")
        elif a == "recruit":  # 10.5.2
            st.place_warriors(opt.args["clearing"] - 1, KEY, 1, "10.5.2")
        elif a == "sacrifice":  # 10.5.4: a warrior from the supply to the Acolytes box
            board(st)["acolytes"] += 1
            st.emit("sacrifice", "10.5.4", faction=KEY, total=board(st)["acolytes"])


# -- 10.6 Evening ---------------------------------------------------------------------------------
def return_revealed(st: RootState) -> None:
    """10.6.1: revealed cards go back to the hand (the seed: except those spent, which a Score ritual sent to
    Lost Souls at once); everyone saw them go there."""
    fd = board(st)
    cards, fd["revealed"] = fd["revealed"], []
    st.return_revealed(KEY, cards, "10.6.1")


@register
class Evening(Step):
    """10.6: return revealed cards, craft, then draw one card plus the uncovered bonuses and discard to five."""

    kind = "cult.evening"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            return_revealed(st)
            # asked whenever gardens can craft and the hand is not empty (both public), so whether a card
            # is craftable stays hidden
            if st.hands[KEY] and any(v > 0 for v in crafting_pieces(st, KEY).values()):
                st.push("cult.craft")
        elif i == 1:
            draw_and_discard(st, KEY, draw_bonus(st), "10.6.3")
        else:
            st.pop(fr)


@register
class Craft(CraftingStep):
    """10.6.2: craft by activating gardens whose printed suit matches the Outcast."""

    kind = "cult.craft"
    rule = R("10.6.2")
    seat = KEY


#: what the Lizard Cult add to the shared rules (hooks.py), assembled by the game when they are in play
CONTRIBUTION = Contribution(
    "cult", KEY,
    phases=(("cult.birdsong", {}), ("cult.daylight", {}), ("cult.evening", {"i": 0})),
    crafting_pieces=crafting_pieces,
    on_discard=lost_souls,  # 10.2.6
    on_piece_removed=fear_of_the_faithful,  # 10.2.5
    held_warriors=held_warriors,  # 10.2.3 acolytes
    on_defender_losses=revenge,  # 10.2.3
)


# -- positions, saves and views ------------------------------------------------------------------
def load_position(st: RootState, p: dict[str, Any], take: Any) -> None:
    """players.cult of a position (docs/root-position-format.md): ``outcast``, ``hated``, ``acolytes``,
    ``lost_souls`` and ``revealed`` (card keys), ``start`` (the starting corner)."""
    fd = board(st)
    outcast = p.get("outcast", "fox")
    if outcast not in SUITS:
        raise InvalidPosition(f"players.cult.outcast must be one of {', '.join(SUITS)}, not {outcast!r} (10.3.3)")
    hated = p.get("hated", False)
    if not isinstance(hated, bool):
        raise InvalidPosition(f"players.cult.hated is true or false, not {hated!r} (10.4.1)")
    acolytes = p.get("acolytes", 0)
    if not isinstance(acolytes, int) or isinstance(acolytes, bool) or acolytes < 0:
        raise InvalidPosition(f"players.cult.acolytes must be a whole number of at least 0, not {acolytes!r}")
    piles = {}
    for name in ("lost_souls", "revealed"):
        keys = p.get(name, [])
        if not isinstance(keys, list):
            raise InvalidPosition(f"players.cult.{name} is a list of card keys (10.2.6, 10.5)")
        piles[name] = [take(k, f"cult {name}") for k in keys]
    fd.update(outcast=outcast, hated=hated, acolytes=acolytes, **piles)
    start = p.get("start")
    if start is not None:
        fd["start"] = int(start) - 1


def validate(st: RootState) -> None:
    """10.3.1: 25 warriors between the map, the Acolytes box and the supply; 10.3.3 the Outcast is a suit;
    each garden stands in a clearing of its suit (10.3.2, 10.4.3.3, 10.5.1)."""
    fd = board(st)
    if "lost_souls" not in fd:  # before setup
        return
    if fd.get("outcast") is not None and fd["outcast"] not in SUITS:
        raise InvalidPosition(f"the Outcast is {fd['outcast']!r}; it is one of {', '.join(SUITS)} (10.3.3)")
    acolytes = fd.get("acolytes", 0)
    if not isinstance(acolytes, int) or acolytes < 0:
        raise InvalidPosition(f"Cult acolytes must be a whole number of at least 0, not {acolytes!r}")
    on_map = st.warriors_on_map(KEY)
    if on_map + acolytes > _state.WARRIORS[KEY]:
        raise InvalidPosition(f"the Cult has {on_map} warriors on the map and {acolytes} acolytes, but only "
                              f"{_state.WARRIORS[KEY]} warriors (10.3.1)")
    for c in st.map.clearings():
        for b in st.buildings[c]:
            if b.startswith("garden_") and not st.suit_matches(c, b[7:]):  # Appendix F: the Lost City
                raise InvalidPosition(f"the {b[7:]} garden is in clearing {c + 1}, a {st.suits[c]} clearing; a "
                                      "garden stands in a clearing of its suit (10.5.1)")


def board_view(st: RootState) -> dict[str, Any]:
    """The Cult's faction board: all public (10.2.6: anyone may inspect Lost Souls; 10.5 revealed cards)."""
    fd = board(st)
    on_map = {s: gardens_on_map(st, s) for s in SUITS}
    return {
        "outcast": fd.get("outcast"),
        "hated": bool(fd.get("hated")),
        "acolytes": fd.get("acolytes", 0),
        "lost_souls": [st.card(c).key for c in fd.get("lost_souls", [])],
        "revealed": [st.card(c).key for c in fd.get("revealed", [])],
        "gardens_on_map": on_map,
        "gardens_on_track": {s: BUILDING_COUNT[GARDENS[s]] - on_map[s] for s in SUITS},
        "score_vp": {s: score_vp(st, s) for s in SUITS},  # 10.5.3
        "scored_this_turn": [s for s in SUITS if st.turn.get(f"cult_scored_{s}")],
        "draw_bonus": draw_bonus(st),  # 10.6.3
        "warrior_supply": st.warrior_supply(KEY),
    }
