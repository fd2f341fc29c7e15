"""15. Keepers in Iron (Żelazna Straż): relics, waystations, the Retinue, Delve and Recover.

Reads like chapter 15 of the Law: faction rules (15.2: relics, waystations, crafting with waystations, Devout
Knights, Prized Trophies), setup (15.3), Birdsong (15.4: Encamp, Decamp, Recruit), Daylight (15.5: craft, then act
with the Retinue: Move, Battle then Delve, Move or Recover) and Evening (15.6: Live Off the Land — the Polish Law's
"Opuszczenie Terenu" —, Gather Retinue, Draw and Discard).

Numbering follows the seed (the Polish Law, root_law_ksiega_praw.txt): its setup has five steps (15.3.1 starting
relics, 15.3.2 warriors, 15.3.3 remaining relics, 15.3.4 Faithful Retainers, 15.3.5 waystations); the English
Law has a sixth, "Step 2: Gather Warriors" (a supply of 15 warriors), which the seed leaves out — the supply of
15 is taken from it (``state.WARRIORS``). The official FAQ cites 15.3.3 for the second relic step, as the seed.
The sub-steps of 15.5.2 are cited as in the FAQ: 15.5.2.I Move, 15.5.2.II Battle then Delve (steps a, b),
15.5.2.III Move or Recover (steps a, b, c).

Pieces:

* relics (15.2.1): four of each type (figure, tablet, jewelry) with values 1, 2, 3, 3 on their backs. A relic in
  a clearing always shows its value (it got there by a delve, which flips it, 15.5.2.II.a, and moves with
  warriors, 15.2.4): it is a token ``relic_<type>_<value>`` in ``st.tokens``. Relics in forests are on the
  Keepers' board data ``forest_relics``: entries ``"<forest index>:<kind>:<u|d>"`` — ``d`` lies face down, its
  value hidden from everyone (the Keepers too) until a delve flips it; ``u`` face up (Prized Trophies, 15.2.5).
  The state knows a face-down relic's value (dealt at random at setup, 15.3.1); views never show it and
  :func:`determinize` deals the face-down values of each type again.
* waystations (15.2.2): three pieces, figure/tablet, tablet/jewelry, jewelry/figure (the Rootlog spec v2.8 names
  them ``b_f_t``, ``b_t_j``, ``b_j_f``). A waystation on the map is a building ``waystation_<up>_<down>``.
  A piece not on the map is on the faction board.

The faction board ``fdata["keepers"]``: ``forest_relics``; ``rec_figure``, ``rec_tablet``, ``rec_jewelry``
(values of the recovered relics in the Relics spaces, left to right); ``retinue_move``, ``retinue_battle``,
``retinue_recover`` (card ids, public, 15.5.2); ``start`` (the starting corner). The Faithful Retainers are three
bird cards (content.FAITHFUL_IDS) outside the shared deck: a discarded one is removed from the game (Rootlog spec
v2.8: "when they're removed from the game, notate that they're discarded").
"""

from __future__ import annotations

from typing import Any

from ....engine import InvalidPosition, Option, Step
from ..content import FAITHFUL_IDS
from ..hooks import Contribution
from ..state import RELIC_TYPES, WAYSTATION_PIECES, RootState
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
    flush_removals,
    move_options,
    register,
    start_battle,
    take_card,
)

KEY = "keepers"
#: 15.2.1: the values on the backs of the four relics of each type
RELIC_VALUES = (1, 2, 3, 3)
#: 15.5.2: the Retinue's columns, left to right, and the rule of each column's action
COLUMNS = ("move", "battle", "recover")
COLUMN_RULE = {"move": "15.5.2.I", "battle": "15.5.2.II", "recover": "15.5.2.III"}
#: 15.6.2: "Your Retinue cannot hold more than ten cards."
RETINUE_LIMIT = 10
#: 15.5.2.III.a: one Relics space per relic of a type, four columns. 15.5.2.III.b: "two victory points if you
#: filled a Relics column" — a column holds one relic of each type (the English overview, 15.1: "each time they
#: complete a set of the three relic types"). The seed's overview (15.1, "zestaw trzech Reliktów tego samego typu",
#: three of the same type) cannot be meant literally: each type has four relics, and its own rule text (15.5.2.III
#: step 2, "jeśli wypełnił kolumnę na torach Reliktów") speaks of columns; the structured Law decides (four
#: columns of three types: up to 8 VP, as guides for the faction count them).
RELIC_SPACES = 4
#: 15.2.5 with the usual point for a token (3.2.1): "score an extra victory point (for a total of two)"
TROPHY_VP = 1
#: 15.3.2, 15.4.1: clearings on the map edge, by map. Not in the Law or the map data: the outer ring of clearings
#: as drawn (reference/root/map_layout.json, the faces of the paths' plane graph), which on every map is the
#: corners and the clearings Rootlog numbers after them before the inner ones. On the Mountain the forests
#: 1_5_9 and 4_7_12 reach the edge between 1 and 5 and between 4 and 7, so 9 and 12 are inner clearings there.
MAP_EDGE = {
    "autumn": (1, 2, 3, 4, 5, 6, 7, 8, 9),
    "winter": (1, 2, 3, 4, 5, 6, 7, 8, 9, 10),
    "lake": (1, 2, 3, 4, 5, 6, 7, 8, 9),
    "mountain": (1, 2, 3, 4, 5, 6, 7, 8),
}
WAYSTATIONS = tuple(f"waystation_{a}_{b}" for a, b in WAYSTATION_PIECES) + tuple(
    f"waystation_{b}_{a}" for a, b in WAYSTATION_PIECES)


def board(st: RootState) -> dict:
    return st.fdata[KEY]


# -- relics (15.2.1) -------------------------------------------------------------------------------
def relic_kind(rtype: str, value: int) -> str:
    return f"relic_{rtype}_{value}"


def is_relic(kind: str) -> bool:
    return kind.startswith("relic_")


def relic_type(kind: str) -> str:
    return kind.split("_")[1]


def relic_value(kind: str) -> int:
    return int(kind.rsplit("_", 1)[1])


def forest_relics(st: RootState) -> list[tuple[int, str, bool]]:
    """(forest index, kind, face up) of every relic in a forest."""
    out = []
    for e in board(st).get("forest_relics", ()):
        f, kind, face = e.split(":")
        out.append((int(f), kind, face == "u"))
    return out


def entry(f: int, kind: str, face_up: bool) -> str:
    return f"{f}:{kind}:{'u' if face_up else 'd'}"


def shown(kind: str, face_up: bool) -> str:
    """What everyone sees of a relic: its kind face up, its type only face down (15.2.1)."""
    return kind if face_up else f"relic_{relic_type(kind)}"


def forest_name(f: int) -> str:
    return f"F{f + 1}"


def relics_in(st: RootState, c: int) -> list[str]:
    return [t for t in st.tokens[c] if t.startswith("relic_")]


def forests_of(st: RootState, c: int) -> list[int]:
    """Forests adjacent to clearing ``c`` (2.4.1: the forests it touches)."""
    return [f for f, cl in enumerate(st.map.forests) if c in cl]


def place_in_forest(st: RootState, f: int, kind: str, face_up: bool) -> None:
    board(st)["forest_relics"].append(entry(f, kind, face_up))


def take_from_forest(st: RootState, f: int, shown_kind: str) -> str:
    """Take a relic that looks like ``shown_kind`` from forest ``f``; returns its kind (its value is known from
    now on). Face-down relics of a type are alike to everyone, so which of them is taken makes no difference."""
    fd = board(st)
    for i, e in enumerate(fd["forest_relics"]):
        g, kind, face = e.split(":")
        if int(g) == f and shown(kind, face == "u") == shown_kind:
            del fd["forest_relics"][i]
            return kind
    raise RuntimeError(f"no {shown_kind} in forest {f + 1}")


def recovered(st: RootState, rtype: str) -> list[int]:
    return board(st).setdefault(f"rec_{rtype}", [])


def filled_columns(st: RootState) -> int:
    """15.5.2.III.b: Relics columns holding a relic of every type."""
    return min(len(recovered(st, t)) for t in RELIC_TYPES)


# -- waystations (15.2.2) and crafting (15.2.3) ------------------------------------------------------
def waystation_up(kind: str) -> str:
    """The relic type on the side of a waystation that is showing."""
    return kind.split("_")[1]


def piece_of(kind: str) -> tuple[str, str]:
    a, b = kind.split("_")[1:]
    return (a, b) if (a, b) in WAYSTATION_PIECES else (b, a)


def waystations_on_map(st: RootState) -> list[tuple[int, str]]:
    return [(c, b) for c in st.map.clearings() for b in st.buildings[c] if b.startswith("waystation_")]


def waystations_on_board(st: RootState) -> list[tuple[str, str]]:
    """15.3.5: waystation pieces on the faction board (not on the map)."""
    placed = {piece_of(b) for _, b in waystations_on_map(st)}
    return [p for p in WAYSTATION_PIECES if p not in placed]


def crafting_pieces(st: RootState, seat: str) -> dict[str, int]:
    """15.2.3: each waystation, of any type, crafts for the suit of its clearing."""
    out: dict[str, int] = {}
    for c, _ in waystations_on_map(st):
        s = st.craft_suit(c)  # Appendix F: WILD in the Lost City
        out[s] = out.get(s, 0) + 1
    return out


def map_edge(st: RootState) -> list[int]:
    return [c - 1 for c in MAP_EDGE[st.map.name]]


# -- the Retinue (15.5.2) -------------------------------------------------------------------------------
def retinue(st: RootState, column: str) -> list[int]:
    return board(st).setdefault(f"retinue_{column}", [])


def retinue_size(st: RootState) -> int:
    return sum(len(retinue(st, col)) for col in COLUMNS)


def discard_retinue(st: RootState, column: str, cid: int, rule: str) -> None:
    """15.5.2.II.b, 15.5.2.III.c: discard the Retinue card used; a Faithful Retainer is removed from the game."""
    retinue(st, column).remove(cid)
    st.emit("retinue_discard", rule, faction=KEY, card=st.card(cid).key, retinue=column)
    if cid not in FAITHFUL_IDS:
        st.discard_card(cid)


def suit_matches(st: RootState, c: int, suit: str) -> bool:
    return suit == "bird" or st.suit_matches(c, suit)  # 2.1.1: birds are wild; Appendix F: the Lost City, any


# -- 15.2.4 Devout Knights -----------------------------------------------------------------------------
def devout_knights(st: RootState, c: int) -> tuple[str, str] | None:
    """15.2.4: the first hit the Keepers take in a battle is ignored if the clearing has a relic and a Keeper
    warrior (``hooks.ignore_first_hit``)."""
    if st.warriors[c].get(KEY, 0) and any(t.startswith("relic_") for t in st.tokens[c]):
        return "15.2.4", "devout_knights"
    return None


def carry_relics(st: RootState, a: int, b: int, n: int) -> None:
    """15.2.4: "When moving, the Keepers may move one relic with each Keeper warrior that they move" — even when
    forced to move (hooks.on_move)."""
    if a < st.map.n and b < st.map.n and relics_in(st, a):
        st.push("keepers.carry", a=a, b=b, n=n)


@register
class Carry(Step):
    """15.2.4: relics that go along with the moving warriors, one per warrior."""

    kind = "keepers.carry"
    rule = R("15.2.4")
    seat = KEY
    forced_single = True  # relics in a clearing are public

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = []
        if fr["n"] > 0:
            out = [Option(f"carry {k}", "carry", {"relic": k, "from": fr["a"] + 1, "to": fr["b"] + 1}, R("15.2.4"))
                   for k in sorted(set(relics_in(st, fr["a"])))]
        return [*out, Option("carry nothing more", "done", {}, R("15.2.4"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        k = opt.args["relic"]
        st.tokens[fr["a"]].remove(k)
        st.tokens[fr["b"]].append(k)
        st.emit("relic_moved", "15.2.4", faction=KEY, relic=k, src=fr["a"] + 1, dst=fr["b"] + 1)
        fr["n"] -= 1
        if fr["n"] <= 0 or not relics_in(st, fr["a"]):
            st.pop(fr)


# -- 15.2.5 Prized Trophies ----------------------------------------------------------------------------
def prized_trophies(st: RootState, c: int, kind: str, by: str | None) -> None:
    """15.2.5 (``hooks.on_piece_removed``): a removed relic goes face up into a forest the remover chooses, and an
    enemy who removed it scores an extra point. FAQ: a remover who is not an enemy (a Vagabond in a coalition with
    the Keepers) scores nothing extra; the relic still goes to a forest — the Law has no other place for it."""
    if not is_relic(kind):
        return
    if by is not None and by != KEY and by in st.enemies(KEY):
        st.score(by, TROPHY_VP, "15.2.5", "prized_trophies")
    chooser = by if by in st.seats else None
    if chooser is None and by is not None and by.startswith("hireling:") and "controller" in st.hooks.hirelings:
        # FAQ: a controlled hireling's controller places the relic, with no points; uncontrolled, the player taking
        # the turn does (E.3.7)
        chooser = st.hooks.hirelings["controller"](st, by)
    st.push("keepers.trophy", seat=chooser or st.current, relic=kind)


@register
class Trophy(Step):
    """15.2.5: the remover places the relic face up in any forest."""

    kind = "keepers.trophy"
    rule = R("15.2.5")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"trophy {forest_name(f)}", "trophy", {"forest": forest_name(f), "relic": fr["relic"]},
                       R("15.2.5")) for f in range(len(st.map.forests))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        f = int(opt.args["forest"][1:]) - 1
        place_in_forest(st, f, fr["relic"], True)
        st.emit("relic_to_forest", "15.2.5", faction=fr["seat"], relic=fr["relic"], forest=forest_name(f))


# -- 15.3 Setup -----------------------------------------------------------------------------------------
def start_corners(st: RootState) -> list[int]:
    """15.3.2: a corner that is not another player's starting corner and, if possible, diagonally opposite a
    starting corner clearing."""
    taken = {fd["start"] for s, fd in st.fdata.items() if s != KEY and "start" in fd}
    free = [c for c in st.map.corners if c not in taken and st.can_place(c, KEY)]
    opposite = [c for c in free if st.map.opposite[c] in taken]
    return opposite or free


@register
class Setup(Step):
    """15.3.1: shuffle the twelve relics face down and place one at random in each forest (more relics than forests
    wait for 15.3.3); then the warriors (15.3.2) and the rest (:class:`SetupRest`)."""

    kind = "keepers.setup"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        fd = board(st)
        relics = [relic_kind(t, v) for t in RELIC_TYPES for v in RELIC_VALUES]
        st.rng.shuffle(relics)
        fd.update(forest_relics=[], retinue_move=[], retinue_battle=[], retinue_recover=[],
                  **{f"rec_{t}": [] for t in RELIC_TYPES})
        n = len(st.map.forests)
        for f in range(min(n, len(relics))):
            place_in_forest(st, f, relics[f], False)
        fd["relic_pool"] = relics[n:]  # face down, waiting for 15.3.3
        st.emit("relics_placed", "15.3.1", faction=KEY,
                forests=[forest_name(f) for f in range(min(n, len(relics)))],
                relics=[shown(k, False) for k in relics[:n]])
        st.push("keepers.setup.rest")
        st.push("keepers.setup.corner")


@register
class SetupCorner(Step):
    """15.3.2: four warriors in a corner clearing."""

    kind = "keepers.setup.corner"
    rule = R("15.3.2")
    forced_single = True
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"start {c + 1}", "start", {"clearing": c + 1}, R("15.3.2")) for c in start_corners(st)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        c = opt.args["clearing"] - 1
        board(st)["start"] = c
        st.place_warriors(c, KEY, 4, "15.3.2")
        st.push("keepers.setup.edge", c=c)


@register
class SetupEdge(Step):
    """15.3.2: then four warriors in a clearing on the map edge adjacent to the chosen one."""

    kind = "keepers.setup.edge"
    rule = R("15.3.2")
    forced_single = True
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        edge = set(map_edge(st))
        return [Option(f"edge {a + 1}", "edge", {"clearing": a + 1}, R("15.3.2"))
                for a in st.adj[fr["c"]] if a in edge and st.can_place(a, KEY)] or [
            Option("no edge clearing", "skip", {}, R("15.3.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "edge":
            st.place_warriors(opt.args["clearing"] - 1, KEY, 4, "15.3.2")


@register
class SetupRest(Step):
    """15.3.3 the remaining relics, at random and as evenly as possible, in forests not adjacent to clearings with
    Keeper warriors; 15.3.4 a Faithful Retainer in each Retinue column; 15.3.5 the waystations on the board."""

    kind = "keepers.setup.rest"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        fd = board(st)
        pool = fd.pop("relic_pool", [])
        near = {f for c in st.map.clearings() if st.warriors[c].get(KEY, 0) for f in forests_of(st, c)}
        # FAQ (15.3.3): placed randomly. If every forest touches a Keeper clearing, the Law names no forest;
        # then every forest takes them.
        far = [f for f in range(len(st.map.forests)) if f not in near] or list(range(len(st.map.forests)))
        counts = {f: sum(1 for g, _, _ in forest_relics(st) if g == f) for f in far}
        order = list(far)
        st.rng.shuffle(order)
        placed = []
        for kind in pool:  # as evenly as possible: always into a forest with the fewest relics so far
            f = min(order, key=lambda g: counts[g])
            order.remove(f)
            order.append(f)
            counts[f] += 1
            place_in_forest(st, f, kind, False)
            placed.append(f)
        if placed:
            st.emit("relics_placed", "15.3.3", faction=KEY, forests=[forest_name(f) for f in placed],
                    relics=[shown(k, False) for k in pool])
        for col, cid in zip(COLUMNS, FAITHFUL_IDS, strict=True):  # 15.3.4
            retinue(st, col).append(cid)
        st.emit("retainers_tucked", "15.3.4", faction=KEY)


# -- 15.4 Birdsong --------------------------------------------------------------------------------------
@register
class Birdsong(Step):
    """15.4: Encamp, Decamp, Recruit, in this order."""

    kind = "keepers.birdsong"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            if encamp_options(st, []):
                st.push("keepers.encamp", used=[])
        elif i == 1:
            if decamp_options(st, []):
                st.push("keepers.decamp", used=[])
        elif i == 2:
            # asked whenever a card could pay (the hand is private: only its size and the board decide)
            if st.hands[KEY] and st.warrior_supply(KEY) > 0 and any(
                    st.can_place(c, KEY) for c, _ in waystations_on_map(st)):
                st.push("keepers.recruit")
        else:
            st.pop(fr)


def _faces(piece: tuple[str, str]) -> tuple[str, str]:
    a, b = piece
    return f"waystation_{a}_{b}", f"waystation_{b}_{a}"


def encamp_options(st: RootState, used: list[int]) -> list[Option]:
    """15.4.1: once per clearing, replace a Keeper warrior with a waystation (either side up); with no warriors and
    no waystations on the map, instead place a waystation and a warrior in a clearing on the map edge."""
    pieces = waystations_on_board(st)
    if not pieces:
        return []
    fresh = not st.warriors_on_map(KEY) and not waystations_on_map(st)
    spots = map_edge(st) if fresh else [c for c in st.map.clearings() if st.warriors[c].get(KEY, 0)]
    out = []
    for c in spots:
        if c in used or st.open_slots(c) <= 0 or not st.can_place(c, KEY):
            continue
        for p in pieces:
            for kind in _faces(p):
                if fresh:
                    out.append(Option(f"encamp {c + 1} {kind} with warrior", "encamp",
                                      {"clearing": c + 1, "building": kind, "fresh": True}, R("15.4.1")))
                else:
                    out.append(Option(f"encamp {c + 1} {kind}", "encamp", {"clearing": c + 1, "building": kind},
                                      R("15.4.1")))
    return out


@register
class Encamp(Step):
    kind = "keepers.encamp"
    rule = R("15.4.1")
    seat = KEY
    forced_single = True

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = encamp_options(st, fr["used"])
        fresh = not st.warriors_on_map(KEY) and not waystations_on_map(st)
        if not (fresh and out):  # the placement with no pieces on the map is not optional ("instead place")
            out.append(Option("end encamp", "done", {}, R("15.4.1")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        c = opt.args["clearing"] - 1
        fr["used"] = [*fr["used"], c]
        if opt.args.get("fresh"):
            st.place_building(c, opt.args["building"], "15.4.1")
            st.place_warriors(c, KEY, 1, "15.4.1")
        else:
            st.remove_warriors(c, KEY, 1, KEY, "15.4.1")
            st.place_building(c, opt.args["building"], "15.4.1")
        if not encamp_options(st, fr["used"]):
            st.pop(fr)
        flush_removals(st)  # the warrior removed to encamp: Feline Physicians (Appendix E) asks now


def decamp_options(st: RootState, used: list[int]) -> list[Option]:
    """15.4.2: once per clearing, replace a waystation with a Keeper warrior (FAQ: "Replace" is remove then place,
    only if you can do both — not in a clearing where the Keepers cannot place, 13.7.2)."""
    if st.warrior_supply(KEY) <= 0:
        return []
    return [Option(f"decamp {c + 1} {b}", "decamp", {"clearing": c + 1, "building": b}, R("15.4.2"))
            for c, b in waystations_on_map(st) if c not in used and st.can_place(c, KEY)]


@register
class Decamp(Step):
    kind = "keepers.decamp"
    rule = R("15.4.2")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*decamp_options(st, fr["used"]), Option("end decamp", "done", {}, R("15.4.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        c = opt.args["clearing"] - 1
        fr["used"] = [*fr["used"], c]
        st.remove_piece(c, opt.args["building"], KEY, "15.4.2")
        st.place_warriors(c, KEY, 1, "15.4.2")
        if not decamp_options(st, fr["used"]):
            st.pop(fr)


@register
class Recruit(Step):
    """15.4.3: any number of times, spend a card to place two warriors at a waystation in a matching clearing."""

    kind = "keepers.recruit"
    rule = R("15.4.3")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = []
        if st.warrior_supply(KEY) > 0:
            for c in sorted({c for c, _ in waystations_on_map(st)}):
                if not st.can_place(c, KEY):
                    continue
                for cid in st.distinct(st.clearing_cards(KEY, c)):  # Appendix F: the Lost City, any suit
                    key = st.card(cid).key
                    out.append(Option(f"recruit {c + 1} with {key}", "recruit", {"clearing": c + 1, "card": key},
                                      R("15.4.3")))
        return [*out, Option("end recruit", "done", {}, R("15.4.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        st.spend(KEY, take_card(st, KEY, opt.args["card"]), "15.4.3", "recruit")
        st.place_warriors(opt.args["clearing"] - 1, KEY, 2, "15.4.3")  # 1.5.4: as many as the supply has


# -- 15.5 Daylight --------------------------------------------------------------------------------------
@register
class Daylight(Step):
    """15.5: craft (15.5.1), then act with the Retinue (15.5.2)."""

    kind = "keepers.daylight"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            if st.hands[KEY] and waystations_on_map(st):  # public: whether crafting could be possible
                st.push("keepers.craft")
        elif i == 1:
            st.push("keepers.retinue", col=0, done=[])
        else:
            st.pop(fr)


@register
class Craft(Step):
    """15.5.1: craft by activating waystations of any type."""

    kind = "keepers.craft"
    rule = R("15.5.1")
    seat = KEY

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*craft_options(st, KEY, "15.5.1"), *daylight_extras(st, KEY),
                Option("end crafting", "end_crafting", {}, R("15.5.1"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        if opt.action == "end_crafting":
            st.pop(fr)
        else:
            do_craft(st, KEY, opt)


def recover_targets(st: RootState, c: int) -> list[str]:
    """15.5.2.III.a: relics in ``c`` of the type of a waystation there (its side showing)."""
    types = {waystation_up(b) for b in st.buildings[c] if b.startswith("waystation_")}
    return sorted({k for k in relics_in(st, c) if relic_type(k) in types}) if types else []


def delve_targets(st: RootState, c: int) -> list[tuple[int, str]]:
    """15.5.2.II.a: relics in forests adjacent to ``c``, as everyone sees them (forest, shown kind)."""
    near = set(forests_of(st, c))
    return sorted({(f, shown(k, up)) for f, k, up in forest_relics(st) if f in near})


def can_delve(st: RootState, c: int) -> bool:
    """15.5.2.II: rule the clearing, a Keeper warrior there (FAQ: rule is needed only to delve, not to battle)."""
    return bool(st.warriors[c].get(KEY, 0)) and st.rules(c, KEY) and bool(delve_targets(st, c))


def column_options(st: RootState, column: str, cid: int) -> list[Option]:
    """The ways to take ``column``'s action with Retinue card ``cid`` (15.5.2.I–III)."""
    card = st.card(cid)
    key, suit = card.key, card.suit
    rule = COLUMN_RULE[column]
    tail = f" with {key}"
    cl = [c for c in st.map.clearings() if suit_matches(st, c, suit)]
    extra = {"card": key, "retinue": column}
    out: list[Option] = []
    if column in ("move", "recover"):
        out = move_options(st, KEY, rule, sources=cl, suffix=tail)
        for o in out:
            o.args.update(extra)
    if column == "battle":
        for c in cl:
            if not st.warriors[c].get(KEY, 0):
                continue
            fights = battle_options(st, KEY, rule, clearings=[c], suffix=tail)
            for o in fights:  # "you must initiate a battle there if any enemy pieces are there"
                o.args.update(extra)
            out.extend(fights)
            if not fights and can_delve(st, c):
                out.append(Option(f"delve {c + 1}{tail}", "delve", {"clearing": c + 1, **extra}, R(rule)))
    if column == "recover":
        for c in cl:
            if recover_targets(st, c):
                out.append(Option(f"recover {c + 1}{tail}", "recover", {"clearing": c + 1, **extra}, R(rule)))
    return out


@register
class ActWithRetinue(Step):
    """15.5.2: starting with the leftmost column and moving right, the column's action once for each card in it,
    in any order; each is optional ("you may")."""

    kind = "keepers.retinue"
    rule = R("15.5.2")
    seat = KEY

    def forced(self, st: RootState, fr: dict) -> bool:
        return not extras_may_exist(st, KEY)  # a lone "end" hides nothing unless a Daylight extra could exist

    def _remaining(self, st: RootState, fr: dict) -> list[int]:
        if fr["col"] >= len(COLUMNS):
            return []
        return [c for c in retinue(st, COLUMNS[fr["col"]]) if c not in fr["done"]]

    def _advance(self, st: RootState, fr: dict) -> None:
        while fr["col"] < len(COLUMNS) and not self._remaining(st, fr):
            fr["col"] += 1
            fr["done"] = []

    def options(self, st: RootState, fr: dict) -> list[Option]:
        self._advance(st, fr)
        if fr["col"] >= len(COLUMNS):
            return [Option("end daylight", "end_daylight", {}, R("15.5.2")), *daylight_extras(st, KEY)]
        column = COLUMNS[fr["col"]]
        out: list[Option] = []
        for cid in st.distinct(self._remaining(st, fr)):
            out.extend(column_options(st, column, cid))
        out.append(Option(f"end {column}", "end_column", {"retinue": column}, R(COLUMN_RULE[column])))
        out.extend(daylight_extras(st, KEY))
        return out

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"retinue": COLUMNS[min(fr["col"], len(COLUMNS) - 1)]}

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if apply_extra(st, KEY, opt):
            return
        a = opt.action
        if a == "end_daylight":
            st.pop(fr)
            return
        if a == "end_column":
            fr["col"] += 1
            fr["done"] = []
            return
        column = opt.args["retinue"]
        cid = next(c for c in self._remaining(st, fr) if st.card(c).key == opt.args["card"])
        fr["done"] = [*fr["done"], cid]
        rule = COLUMN_RULE[column]
        if a == "move":
            do_move(st, KEY, opt, rule)
        elif a == "battle":
            c = opt.args["clearing"] - 1
            st.push("keepers.delve", c=c, cid=cid)  # 15.5.2.II: "Then, if you rule the clearing …"
            start_battle(st, KEY, opt, rule)
        elif a == "delve":
            st.push("keepers.delve", c=opt.args["clearing"] - 1, cid=cid)
        elif a == "recover":
            st.push("keepers.recover", c=opt.args["clearing"] - 1, cid=cid)


@register
class Delve(Step):
    """15.5.2.II: after the battle (if any), if the Keepers rule the clearing and have a warrior there, they may
    delve: a) move any relic from an adjacent forest into the clearing and flip it face up; b) count the clearings
    they rule adjacent to that forest — fewer than the relic's value discards the Retinue card used."""

    kind = "keepers.delve"
    rule = R("15.5.2.II.a")
    seat = KEY
    forced_single = True  # the board is public: a lone "no delve" hides nothing

    def options(self, st: RootState, fr: dict) -> list[Option]:
        c = fr["c"]
        out = []
        if can_delve(st, c):
            out = [Option(f"delve {k} from {forest_name(f)}", "delve_relic",
                          {"forest": forest_name(f), "relic": k, "clearing": c + 1}, R("15.5.2.II.a"))
                   for f, k in delve_targets(st, c)]
        return [*out, Option("no delve", "done", {}, R("15.5.2.II"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "done":
            return
        c, cid = fr["c"], fr["cid"]
        f = int(opt.args["forest"][1:]) - 1
        kind = take_from_forest(st, f, opt.args["relic"])
        st.tokens[c].append(kind)
        st.emit("delve", "15.5.2.II.a", faction=KEY, relic=kind, forest=forest_name(f), clearing=c + 1,
                flipped=opt.args["relic"] != kind)
        ruled = sum(1 for x in st.map.forests[f] if st.rules(x, KEY))  # 15.5.2.II.b
        if ruled < relic_value(kind) and cid in retinue(st, "battle"):
            discard_retinue(st, "battle", cid, "15.5.2.II.b")


@register
class Recover(Step):
    """15.5.2.III: a) take a relic of the type of a waystation there into the leftmost empty Relics space of its
    type; b) score its value, and 2 more for a filled Relics column; c) count the ruled clearings of this clearing's
    suit — fewer than the relic's value ends the Recover action and discards the Retinue card used; otherwise the
    Keepers may take another relic."""

    kind = "keepers.recover"
    rule = R("15.5.2.III.a")
    seat = KEY
    forced_single = True  # public

    def options(self, st: RootState, fr: dict) -> list[Option]:
        c = fr["c"]
        out = [Option(f"recover {k}", "recover_relic", {"relic": k, "clearing": c + 1}, R("15.5.2.III.a"))
               for k in recover_targets(st, c)]
        return [*out, Option("end recover", "done", {}, R("15.5.2.III.c"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        c, cid = fr["c"], fr["cid"]
        kind = opt.args["relic"]
        st.tokens[c].remove(kind)
        rtype, value = relic_type(kind), relic_value(kind)
        before = filled_columns(st)
        recovered(st, rtype).append(value)
        st.emit("recover", "15.5.2.III.a", faction=KEY, relic=kind, clearing=c + 1)
        st.score(KEY, value, "15.5.2.III.b", "recover")
        if filled_columns(st) > before:
            st.score(KEY, 2, "15.5.2.III.b", "relic_column")
        if st.result is not None:
            return
        # 15.5.2.III.c; Appendix F: the Lost City is of every suit, so it matches any clearing, and recovering from
        # it every ruled clearing matches (the card's "any suit for all purposes")
        suits = st.clearing_suits(c)
        ruled = sum(1 for x in st.map.clearings() if st.rules(x, KEY) and any(st.suit_matches(x, s) for s in suits))
        if ruled < value:
            st.pop(fr)
            if cid in retinue(st, "recover"):
                discard_retinue(st, "recover", cid, "15.5.2.III.c")
        elif not recover_targets(st, c):
            st.pop(fr)


# -- 15.6 Evening ---------------------------------------------------------------------------------------
@register
class Evening(Step):
    """15.6: Live Off the Land, Gather Retinue, Draw and Discard."""

    kind = "keepers.evening"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:
            for c in st.map.clearings():  # 15.6.1
                if st.warriors[c].get(KEY, 0) >= 4:
                    st.remove_warriors(c, KEY, 1, KEY, "15.6.1")
            flush_removals(st)  # one removal from every such clearing; Feline Physicians (Appendix E) asks now
        elif i == 1:
            st.push("keepers.gather", shifted=False, added=False)
        elif i == 2:
            draw_and_discard(st, KEY, len(waystations_on_map(st)), "15.6.3")  # one per uncovered draw bonus
        else:
            st.pop(fr)


@register
class GatherRetinue(Step):
    """15.6.2: add any number of cards from the hand to any Retinue columns, or shift one Retinue card to another
    column; ten cards at most."""

    kind = "keepers.gather"
    rule = R("15.6.2")
    seat = KEY
    forced_single = True  # "done" alone: the hand is empty or the Retinue full, both public

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = []
        if retinue_size(st) < RETINUE_LIMIT:
            for cid in st.distinct(st.hands[KEY]):
                key = st.card(cid).key
                for col in COLUMNS:
                    out.append(Option(f"retinue {col} {key}", "add_retinue", {"retinue": col, "card": key},
                                      R("15.6.2")))
        if not fr["added"]:
            for src in COLUMNS:
                for cid in st.distinct(retinue(st, src)):
                    key = st.card(cid).key
                    for dst in COLUMNS:
                        if dst != src:
                            out.append(Option(f"shift {key} {src}->{dst}", "shift_retinue",
                                              {"card": key, "retinue_from": src, "retinue": dst}, R("15.6.2")))
        return [*out, Option("end gather", "done", {}, R("15.6.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        a = opt.action
        if a == "done":
            st.pop(fr)
            return
        if a == "shift_retinue":
            src, dst = opt.args["retinue_from"], opt.args["retinue"]
            cid = st.find_in(retinue(st, src), opt.args["card"])
            assert cid is not None
            retinue(st, src).remove(cid)
            retinue(st, dst).append(cid)
            st.emit("retinue_shift", "15.6.2", faction=KEY, card=opt.args["card"], retinue_from=src, retinue=dst)
            st.pop(fr)
            return
        fr["added"] = True
        cid = take_card(st, KEY, opt.args["card"])
        st.hands[KEY].remove(cid)
        retinue(st, opt.args["retinue"]).append(cid)
        st.emit("retinue_add", "15.6.2", faction=KEY, card=opt.args["card"], retinue=opt.args["retinue"])
        if retinue_size(st) >= RETINUE_LIMIT or not st.hands[KEY]:
            st.pop(fr)


#: what the Keepers in Iron add to the shared rules (hooks.py), assembled by the game when they are in play
CONTRIBUTION = Contribution(
    "keepers", KEY,
    phases=(("keepers.birdsong", {"i": 0}), ("keepers.daylight", {"i": 0}), ("keepers.evening", {"i": 0})),
    crafting_pieces=crafting_pieces,
    on_piece_removed=prized_trophies,  # 15.2.5
    on_move=carry_relics,  # 15.2.4
    ignore_first_hit=devout_knights,  # 15.2.4
)


# -- hidden information, positions, validation, views ---------------------------------------------------------
def determinize(st: RootState, rng: Any) -> None:
    """Face-down relics (15.3.1): no seat knows their values, so each type's face-down values are dealt again."""
    if KEY not in st.fdata or "forest_relics" not in board(st):
        return
    fd = board(st)
    rel = fd["forest_relics"] = list(fd["forest_relics"])
    pool = fd.get("relic_pool")
    if pool is not None:
        fd["relic_pool"] = pool = list(pool)
    for rtype in RELIC_TYPES:
        slots = [("f", i) for i, e in enumerate(rel) if e.endswith(":d") and relic_type(e.split(":")[1]) == rtype]
        slots += [("p", i) for i, k in enumerate(pool or ()) if relic_type(k) == rtype]
        values = sorted(relic_value(rel[i].split(":")[1] if w == "f" else pool[i]) for w, i in slots)  # type: ignore
        rng.shuffle(values)
        for (w, i), v in zip(slots, values, strict=True):
            if w == "f":
                f = rel[i].split(":")[0]
                rel[i] = f"{f}:{relic_kind(rtype, v)}:d"
            else:
                pool[i] = relic_kind(rtype, v)  # type: ignore[index]


def relic_census(st: RootState) -> dict[str, int]:
    """Every relic kind, wherever it is: clearings, forests, the Relics spaces, a trophy being placed."""
    out: dict[str, int] = {}
    for c in st.map.clearings():
        for k in relics_in(st, c):
            out[k] = out.get(k, 0) + 1
    for _, k, _ in forest_relics(st):
        out[k] = out.get(k, 0) + 1
    for k in board(st).get("relic_pool", ()):
        out[k] = out.get(k, 0) + 1
    for t in RELIC_TYPES:
        for v in recovered(st, t) if f"rec_{t}" in board(st) else ():
            k = relic_kind(t, v)
            out[k] = out.get(k, 0) + 1
    for fr in st.stack:
        if fr["k"] == "keepers.trophy":
            out[fr["relic"]] = out.get(fr["relic"], 0) + 1
    return out


def all_relics() -> dict[str, int]:
    out: dict[str, int] = {}
    for t in RELIC_TYPES:
        for v in RELIC_VALUES:
            out[relic_kind(t, v)] = out.get(relic_kind(t, v), 0) + 1
    return out


def _relic_entry(value: Any, where: str) -> tuple[str, bool | None]:
    """A position's relic: ``"relic_tablet"`` face down (value dealt later), ``"relic_tablet_2"`` face up,
    ``"relic_tablet_2:down"`` face down with its hidden value given."""
    if not isinstance(value, str):
        raise InvalidPosition(f"{where}: a relic is written like 'relic_tablet', 'relic_tablet_2' or "
                              f"'relic_tablet_2:down', not {value!r} (15.2.1)")
    name, _, face = value.partition(":")
    parts = name.split("_")
    ok = len(parts) in (2, 3) and parts[0] == "relic" and parts[1] in RELIC_TYPES and face in ("", "down") and (
        len(parts) == 2 or parts[2] in ("1", "2", "3")) and not (len(parts) == 2 and face)
    if not ok:
        raise InvalidPosition(f"{where}: bad relic {value!r}; write 'relic_<figure|tablet|jewelry>' face down, "
                              "'relic_tablet_2' face up or 'relic_tablet_2:down' face down with its value (15.2.1)")
    if len(parts) == 2:
        return parts[1], None
    return name, face != "down"


def load_position(st: RootState, p: dict[str, Any], take: Any) -> None:
    """players.keepers of a position (docs/root-position-format.md): ``retinue`` (column -> card keys; the
    Faithful Retainers as "bird:Faithful Retainer"), ``relics`` (recovered: type -> values, left to right),
    ``forests`` ("F3" -> relics), ``start``."""
    fd = board(st)
    ret = p.get("retinue")
    retainers = list(FAITHFUL_IDS)
    for col in COLUMNS:
        fd[f"retinue_{col}"] = []
    if ret is None:
        for col, cid in zip(COLUMNS, FAITHFUL_IDS, strict=True):
            fd[f"retinue_{col}"].append(cid)
    else:
        if not isinstance(ret, dict) or set(ret) - set(COLUMNS):
            raise InvalidPosition(f"players.keepers.retinue maps columns ({', '.join(COLUMNS)}) to card keys (15.5.2)")
        for col, keys in ret.items():
            for k in keys:
                if k == "bird:Faithful Retainer":
                    if not retainers:
                        raise InvalidPosition("the Keepers have only three Faithful Retainers (15.3.4)")
                    fd[f"retinue_{col}"].append(retainers.pop(0))
                else:
                    fd[f"retinue_{col}"].append(take(k, f"keepers retinue {col}"))
    rel = p.get("relics", {})
    if not isinstance(rel, dict) or set(rel) - set(RELIC_TYPES):
        raise InvalidPosition(f"players.keepers.relics maps relic types ({', '.join(RELIC_TYPES)}) to the values of "
                              "the recovered relics (15.5.2.III.a)")
    for t in RELIC_TYPES:
        vals = rel.get(t, [])
        if not isinstance(vals, list) or any(v not in (1, 2, 3) for v in vals) or len(vals) > RELIC_SPACES:
            raise InvalidPosition(f"players.keepers.relics.{t}: up to four values 1-3, not {vals!r} (15.2.1)")
        fd[f"rec_{t}"] = list(vals)
    forests = p.get("forests", {})
    if not isinstance(forests, dict):
        raise InvalidPosition("players.keepers.forests maps forests ('F1' …) to lists of relics (15.3)")
    fd["forest_relics"] = []
    unvalued: list[tuple[int, str]] = []
    for name, relics in forests.items():
        try:
            f = int(str(name)[1:]) - 1
        except ValueError:
            f = -1
        if not str(name).startswith("F") or not 0 <= f < len(st.map.forests) or not isinstance(relics, list):
            raise InvalidPosition(f"players.keepers.forests: {name!r} is not a forest of the {st.map.name} map "
                                  f"(F1-F{len(st.map.forests)}) with a list of relics")
        for r in relics:
            kind, up = _relic_entry(r, f"players.keepers.forests.{name}")
            if up is None:
                unvalued.append((f, kind))
            else:
                place_in_forest(st, f, kind, up)
    # face-down relics written without a value take the values of their type no one has placed (15.2.1)
    left = all_relics()
    for k, n in relic_census(st).items():
        left[k] = left.get(k, 0) - n
    for f, rtype in unvalued:
        vals = [v for v in (1, 2, 3) if left.get(relic_kind(rtype, v), 0) > 0]
        if not vals:
            raise InvalidPosition(f"players.keepers.forests: more {rtype} relics than the four of the game (15.2.1)")
        pick = [v for v in vals for _ in range(left[relic_kind(rtype, v)])]
        v = pick[st.rng.below(len(pick))]
        left[relic_kind(rtype, v)] -= 1
        place_in_forest(st, f, relic_kind(rtype, v), False)
    start = p.get("start")
    if start is not None:
        fd["start"] = int(start) - 1


def validate(st: RootState) -> None:
    """15.2.1 twelve relics at most (a position may leave some out of play), 15.2.2 three waystation pieces,
    15.6.2 ten Retinue cards."""
    fd = board(st)
    if "forest_relics" not in fd:  # before setup
        return
    cap = all_relics()
    for k, n in relic_census(st).items():
        if k not in cap or n > cap[k]:
            raise InvalidPosition(f"{n} {k} relics, but the game has {cap.get(k, 0)} (15.2.1)")
    pieces = [piece_of(b) for _, b in waystations_on_map(st)]
    if len(set(pieces)) != len(pieces):
        raise InvalidPosition("a waystation piece is on the map twice; each shows one of its two sides (15.2.2)")
    if retinue_size(st) > RETINUE_LIMIT:
        raise InvalidPosition(f"the Retinue holds {retinue_size(st)} cards, at most ten (15.6.2)")
    retainers = [c for col in COLUMNS for c in retinue(st, col) if c in FAITHFUL_IDS]
    if len(set(retainers)) != len(retainers):
        raise InvalidPosition("a Faithful Retainer is in the Retinue twice (15.3.4)")


def board_view(st: RootState) -> dict[str, Any]:
    """The Keepers' faction board (public): the Retinue, the Relics spaces, waystations on the board; the relics
    in the forests as everyone sees them (face down: the type only, 15.2.1)."""
    fd = board(st)
    forests: dict[str, list[str]] = {}
    for f, k, up in forest_relics(st):
        forests.setdefault(forest_name(f), []).append(shown(k, up))
    return {
        "retinue": {col: [st.card(c).key for c in fd.get(f"retinue_{col}", [])] for col in COLUMNS},
        "retinue_count": retinue_size(st) if "retinue_move" in fd else 0,
        "relics": {t: list(fd.get(f"rec_{t}", [])) for t in RELIC_TYPES},
        "filled_columns": filled_columns(st) if "rec_figure" in fd else 0,
        "forest_relics": {k: sorted(v) for k, v in sorted(forests.items(), key=lambda kv: int(kv[0][1:]))},
        "waystations_on_board": [f"waystation_{a}_{b}" for a, b in waystations_on_board(st)],
        "waystations": [[c + 1, b] for c, b in waystations_on_map(st)],
        "draw": 1 + len(waystations_on_map(st)),  # 15.6.3
        "warrior_supply": st.warrior_supply(KEY),
    }
