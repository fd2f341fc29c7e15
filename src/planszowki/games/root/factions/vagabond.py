"""9. Vagabond (Włóczęga) and Appendix D, the characters.

Reads like chapter 9 of the Law: faction rules (9.2: crafting with hammers, Lone Wanderer, Nimble,
Defenseless, items and tracks, maximum rolled hits, taking hits, coalitions, relationships), setup
(9.3), Birdsong (9.4: refresh, slip), Daylight (9.5: move, battle, explore, aid, quest, strike, repair,
craft, special action), Evening (9.6) and two Vagabonds (9.7).

Board data (``fdata[seat]``):

* ``where`` – the pawn: a clearing index, or ``n + f`` for forest ``f`` (n = clearings on the map);
* ``items`` – one string per item, ``"name:state"``: state ``r`` face up, ``e`` exhausted (face down),
  ``d`` damaged face up, ``x`` damaged face down. Items taken from ruins are named ``"R-boot"`` …
  (9.7.3 needs to know them). Tea, coin and bag face up and undamaged sit on their tracks (up to three
  each, 9.2.5.I); every other item is in the Satchel or the Damaged box;
* ``rel_<faction>`` – relationship: -1 Hostile, 0 Indifferent, 1, 2, 3 Allied (9.2.9);
* ``quests_done`` – completed quest ids; ``coalition`` – the partner's seat (9.2.8) or None.

Battle, removal and movement hooks for the Vagabond live in ``battle.py``, ``state.py`` and ``turn.py``
and call the functions below.
"""

from __future__ import annotations

from ....engine import Option, Step
from ..content import ITEM_SUPPLY, RUIN_ITEMS, characters, quests
from ..hooks import Contribution
from ..state import RootState
from ..turn import (
    R,
    apply_extra,
    craft_options,
    daylight_extras,
    do_craft,
    draw_and_discard,
    flush_removals,
    may_move,
    register,
    start_battle,
    take_card,
)
from ..variant_maps import ferry_targets, take_ferry

KEY = "vagabond"
SEATS = ("vagabond", "vagabond2")
HOSTILE, INDIFFERENT, ALLIED = -1, 0, 3
#: 9.2.9.I.a: aids needed in one turn to advance from a relationship space; 9.2.9.I.b: VP of the new space.
AID_COST = {0: 1, 1: 2, 2: 3}
REL_VP = {1: 1, 2: 2, 3: 2}
TRACKED = ("tea", "coin", "bag")  # 9.2.5.I
TRACK_MAX = 3


# -- items ---------------------------------------------------------------------------------------
def base(name: str) -> str:
    return name[2:] if name.startswith("R-") else name


def items(st: RootState, seat: str) -> list[str]:
    return st.fdata[seat]["items"]


#: "name:state" entry -> (name, state, kind without the ruin mark): a memo of a pure parse (a few dozen entries),
#: so counting items on the hot path (9.2.5, 9.2.6) does not split strings again
_PARSED: dict[str, tuple[str, str, str]] = {}


def _parse(entry: str) -> tuple[str, str, str]:
    p = _PARSED.get(entry)
    if p is None:
        name, _, state = entry.partition(":")
        p = _PARSED[entry] = (name, state, base(name))
    return p


def split(entry: str) -> tuple[str, str]:
    p = _PARSED.get(entry) or _parse(entry)
    return p[0], p[1]


def count(st: RootState, seat: str, item: str, states: str = "r") -> int:
    n = 0
    parsed = _PARSED
    for e in st.fdata[seat]["items"]:
        p = parsed.get(e)
        if p is None:
            p = _parse(e)
        if p[2] == item and p[1] in states:
            n += 1
    return n


def on_track(st: RootState, seat: str, item: str) -> int:
    """9.2.5.I: tea, coin and bag face up and undamaged fill their track, three at most."""
    return min(TRACK_MAX, count(st, seat, item, "r"))


def swords(st: RootState, seat: str) -> int:
    """9.2.6: undamaged swords, face up or face down."""
    return count(st, seat, "sword", "re")


def satchel_size(st: RootState, seat: str) -> int:
    """Items in the Satchel and the Damaged box (everything not on a track), for 9.6.4."""
    return len(items(st, seat)) - sum(on_track(st, seat, i) for i in TRACKED)


def add_item(st: RootState, seat: str, name: str, rule: str) -> None:
    items(st, seat).append(f"{name}:r")
    st.emit("vagabond_item", rule, faction=seat, item=base(name))


def _find(st: RootState, seat: str, item: str, states: str) -> int:
    """Index of an ``item`` in one of ``states``; an "R-" name asks for that ruin item exactly, a plain
    name for any item of that kind, plain ones first (their "R" mark matters only for 9.7.3)."""
    exact = item.startswith("R-")
    found = -1
    for i, e in enumerate(items(st, seat)):
        name, state = split(e)
        if state not in states:
            continue
        if exact:
            if name == item:
                return i
        elif base(name) == item:
            if name == item:
                return i
            if found < 0:
                found = i
    if found >= 0:
        return found
    raise RuntimeError(f"{seat} has no {item} in state {states}")


def exhaust(st: RootState, seat: str, item: str, n: int = 1, rule: str = "9.2.5") -> None:
    """Flip ``n`` face-up undamaged ``item`` face down (9.2.5)."""
    for _ in range(n):
        i = _find(st, seat, item, "r")
        name, _ = split(items(st, seat)[i])
        items(st, seat)[i] = f"{name}:e"
    st.emit("exhaust", rule, faction=seat, item=item, count=n)


def ready_kinds(st: RootState, seat: str) -> list[str]:
    kinds = set()
    for e in items(st, seat):  # a loop calling _parse, not map(): the compiled build calls it as a C function
        p = _parse(e)
        if p[1] == "r":
            kinds.add(p[2])
    return sorted(kinds)


def ready_count(st: RootState, seat: str) -> int:
    """Face-up undamaged items of any kind (what 11.2.6.III lets him exhaust to pay the Riverfolk)."""
    return sum(1 for e in items(st, seat) if split(e)[1] == "r")


def entry_kinds(st: RootState, seat: str, states: str) -> list[str]:
    """Distinct ``name:state`` entries (ruin marks dropped) in the given states, for options."""
    kinds = set()
    for e in items(st, seat):  # as ready_kinds
        p = _parse(e)
        if p[1] in states:
            kinds.add(f"{p[2]}:{p[1]}")
    return sorted(kinds)


def damage(st: RootState, seat: str, kind: str, rule: str = "9.2.7") -> None:
    """Move one undamaged item (``kind`` = "name:state") to the Damaged box, keeping its side."""
    item, state = kind.split(":")
    i = _find(st, seat, item, state)
    name, _ = split(items(st, seat)[i])
    items(st, seat)[i] = f"{name}:{'d' if state == 'r' else 'x'}"
    st.emit("damage", rule, faction=seat, item=item, state=state)


def repair(st: RootState, seat: str, kind: str, rule: str = "9.5.7") -> None:
    """Move one damaged item back, keeping its side (9.5.7)."""
    item, state = kind.split(":")
    i = _find(st, seat, item, state)
    name, _ = split(items(st, seat)[i])
    items(st, seat)[i] = f"{name}:{'r' if state == 'd' else 'e'}"
    st.emit("repair", rule, faction=seat, item=item, state=state)


def refresh_one(st: RootState, seat: str, kind: str) -> None:
    item, state = kind.split(":")
    i = _find(st, seat, item, state)
    name, _ = split(items(st, seat)[i])
    items(st, seat)[i] = f"{name}:{'r' if state == 'e' else 'd'}"


def remove_item(st: RootState, seat: str, kind: str, rule: str) -> None:
    """9.6.4: remove an item from the game (kept in ``removed`` so items can be counted)."""
    item, state = kind.split(":")
    name, _ = split(items(st, seat).pop(_find(st, seat, item, state)))
    st.fdata[seat].setdefault("removed", []).append(name)
    st.emit("item_removed", rule, faction=seat, item=base(item), state=state)


def undamaged(st: RootState, seat: str) -> int:
    return sum(1 for e in items(st, seat) if split(e)[1] in "re")


def damage_all(st: RootState, seat: str, rule: str) -> int:
    """Damage every undamaged item (when the damage to take is at least that many, there is no choice)."""
    n = 0
    for e in list(items(st, seat)):
        name, state = split(e)
        if state in "re":
            damage(st, seat, f"{base(name)}:{state}", rule)
            n += 1
    return n


def push_damage(st: RootState, seat: str, n: int, rule: str) -> None:
    """Damage ``n`` items, chosen by the Vagabond (9.2.2.I, 9.2.7); extra damage is ignored."""
    if n >= undamaged(st, seat):
        damage_all(st, seat, rule)
    elif n > 0:
        st.push("vagabond.damage", seat=seat, n=n, rule=rule)


@register
class Damage(Step):
    kind = "vagabond.damage"
    rule = R("9.2.7")
    forced_single = True

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"count": fr["n"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"damage {k}", "damage", {"item": k}, R(fr["rule"])) for k in entry_kinds(st, fr["seat"], "re")]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        damage(st, fr["seat"], opt.args["item"], fr["rule"])
        fr["n"] -= 1
        if fr["n"] <= 0 or not entry_kinds(st, fr["seat"], "re"):
            st.pop(fr)


# -- counting items (conservation, positions) ----------------------------------------------------
#: every kind of item (5.1.5, the "S" items of Appendix D, the "R" items of 9.3.4)
ITEM_KINDS = ("bag", "boot", "coin", "crossbow", "hammer", "sword", "tea", "torch")
#: an item's state on the board: face up, exhausted (face down), damaged face up, damaged face down
STATES = "redx"


def item_totals(st: RootState) -> dict[str, int]:
    """Items in the game, by kind: the item supply (5.1.5), each Vagabond's "S" starting items (9.3.5) and
    the "R" items (9.3.4, one set per Vagabond)."""
    out = {k: ITEM_SUPPLY.get(k, 0) for k in ITEM_KINDS}
    for v in SEATS:
        if v in st.seats and st.fdata[v].get("character"):
            for it in characters()[st.fdata[v]["character"]]["items"]:
                out[it] += 1
            for it in RUIN_ITEMS:
                out[it] += 1
    brigand = "the_brigand" in st.fdata.get("hirelings", {}).get("cards", ())  # Appendix E: ruins as if with one
    if not any(v in st.seats for v in SEATS) and ("command" in st.fdata.get("warlord", {}) or brigand):
        for it in RUIN_ITEMS:  # 14.3.2: the Hundreds placed one set under the ruins
            out[it] += 1
    return out


def item_census(st: RootState) -> dict[str, int]:
    """Where every item is, by kind: supply, Crafted Items boxes, Vagabonds' boards, under ruins, the
    Scoundrel's torch on the map (D.6.2) and items removed from the game (9.6.4)."""
    out = {k: st.items.get(k, 0) for k in ITEM_KINDS}
    for s in st.seats:
        for it in st.crafted_items[s]:
            out[it] += 1
        if s in SEATS:
            for e in st.fdata[s].get("items", ()):
                out[base(split(e)[0])] += 1
            for name in st.fdata[s].get("removed", ()):
                out[base(name)] += 1
        elif s == "warlord":  # 14.2.4 the Hoard, and items it removed permanently (14.2.3, 14.2.4.I, 14.7.4)
            fd = st.fdata[s]
            for name in (*fd.get("command", ()), *fd.get("prowess", ()), *fd.get("removed", ()),
                         *fd.get("pending", ())):
                out[base(name)] += 1
    hd = st.fdata.get("hirelings")
    if hd:  # Appendix E: items given to the Exile, and those it lost (its clubs are not items of the game)
        for name in (*hd.get("exile_ready", ()), *hd.get("exile_tired", ()), *hd.get("exile_gone", ())):
            if name in out:
                out[name] += 1
    for raw in st.ruin_items.values():
        for name in raw.split(","):
            if name:
                out[base(name)] += 1
    for name in st.fdata.get("landmarks", {}).get("forge", ()):  # Appendix F: the Legendary Forge's card
        out[name] += 1
    out["torch"] += st.count_on_map("torch")
    return out


# -- the pawn and the map ------------------------------------------------------------------------
def where(st: RootState, seat: str) -> int:
    return st.fdata[seat]["where"]


def clearing_of(st: RootState, seat: str) -> int | None:
    w = where(st, seat)
    return w if 0 <= w < st.map.n else None


def neighbours(st: RootState, w: int, seat: str | None = None) -> list[int]:
    """Locations adjacent to location ``w`` (clearings and forests, as ``where`` values): 2.2.1 clearings by
    open paths (C.3.2), 2.4.1 forests touching a clearing and forests separated by one path (the map's
    ``forest_adj``: closed paths and the Winter river divide forests, C.1.1, C.3.2; coastal forests, C.2.4)."""
    n = st.map.n
    forests = st.map.forests
    if w < n:  # 11.2.7.2: a Vagabond who bought Riverboats treats rivers as paths
        return [*st.adjacent(w, seat), *[n + f for f, cl in enumerate(forests) if w in cl]]
    f = w - n
    return [*forests[f], *[n + g for g in st.map.forest_adj[f]]]


def snared(st: RootState, seat: str) -> bool:
    """13.7.2 Snare: the pawn cannot be moved from a clearing with an enemy's face-up snare."""
    c = clearing_of(st, seat)
    return c is not None and not st.can_move_from(c, seat)


def blocked(st: RootState, c: int) -> bool:
    """D.6.2 Scorched Earth: nothing may be placed in or moved into the clearing with the torch."""
    return 0 <= c < st.map.n and "torch" in st.tokens[c]


def relation(st: RootState, seat: str, other: str) -> int:
    return st.fdata[seat].get(f"rel_{st.faction_of(other)}", INDIFFERENT) if other not in SEATS else INDIFFERENT


def hostile_warriors_in(st: RootState, seat: str, c: int) -> bool:
    """9.2.9.III.b: any warriors of a Hostile faction in clearing ``c``."""
    for f, n in st.warriors[c].items():  # noqa: SIM110 (a loop, not any(): compiled, a C function, vagabond.pxd)
        if n and f not in SEATS and relation(st, seat, f) == HOSTILE:
            return True
    return False


def allies(st: RootState, seat: str) -> list[str]:
    return [f for f in st.seats if f not in SEATS and relation(st, seat, f) == ALLIED]


def move_pawn(st: RootState, seat: str, dest: int, rule: str) -> None:
    src = where(st, seat)
    st.fdata[seat]["where"] = dest
    st.emit("pawn_move", rule, faction=seat, src=_label(st, src), dst=_label(st, dest))
    if "hirelings" in st.fdata and src < st.map.n and dest < st.map.n:
        st.hooks.hirelings["path"](st, src, dest, seat)  # Appendix E: the Highway Bandits' toll (an item damaged)


def _label(st: RootState, w: int) -> str:
    return str(w + 1) if w < st.map.n else f"F{w - st.map.n + 1}"


def location_id(st: RootState, w: int) -> str:
    return _label(st, w)


# -- relationships (9.2.9) -----------------------------------------------------------------------
def make_hostile(st: RootState, seat: str, faction: str, rule: str = "9.2.9.III") -> None:
    fd = st.fdata[seat]
    if fd.get(f"rel_{faction}", INDIFFERENT) != HOSTILE:
        fd[f"rel_{faction}"] = HOSTILE
        st.emit("hostile", rule, faction=seat, target=faction)


def aided(st: RootState, seat: str, target: str) -> None:
    """9.2.9.I–II: count the aid; advance the relationship when this turn's aids reach the cost."""
    f = st.faction_of(target)
    if target in SEATS:
        return
    fd = st.fdata[seat]
    level = fd.get(f"rel_{f}", INDIFFERENT)
    if level == HOSTILE:  # 9.2.9.III.c
        return
    if level == ALLIED:  # 9.2.9.II.a
        st.score(seat, 2, "9.2.9.II.a", "aid_ally")
        return
    key = f"aid_{seat}_{f}"
    st.turn[key] = st.turn.get(key, 0) + 1
    if st.turn[key] >= AID_COST[level]:
        st.turn[key] = 0  # a given aid counts toward only one improvement
        fd[f"rel_{f}"] = level + 1
        st.emit("relationship", "9.2.9.I.b", faction=seat, target=f, level=level + 1)
        st.score(seat, REL_VP[level + 1], "9.2.9.I.b", "relationship")


def on_removal(st: RootState, by: str, victim: str, warriors: int, others: int) -> None:
    """Called when Vagabond ``by`` removes pieces of ``victim``: 9.2.9.III Hostile, III.a Infamy."""
    if victim in SEATS or by == victim:
        return
    in_battle = any(fr["k"] == "battle" for fr in st.stack)
    ally_hits = any(fr["k"] == "battle" and fr.get("ally") == victim and fr["att"] == by for fr in st.stack)
    if ally_hits:
        return  # 9.2.9.II.d decides hostility at the end of the battle instead
    became = 0
    if warriors and relation(st, by, victim) != HOSTILE:
        make_hostile(st, by, st.faction_of(victim))
        became = 1
    if in_battle and st.current == by and relation(st, by, victim) == HOSTILE:
        infamy = warriors + others - became
        if infamy > 0:
            st.score(by, infamy, "9.2.9.III.a", "infamy")


# -- coalitions (9.2.8) --------------------------------------------------------------------------
def coalition_partners(st: RootState, seat: str) -> list[str]:
    """9.2.8: the other player with the fewest VP (the forming Vagabond aside; a tie gives a choice) who is
    not in a coalition already. Only score markers on the score track count: a player who activated a
    dominance card (3.3.1) or a Vagabond in a coalition has none there, so cannot be chosen (FAQ 9.2.8)."""
    if len(st.seats) < 4:
        return []
    on_track = [s for s in st.seats if s != seat and st.dominance[s] is None]
    if not on_track:
        return []
    low = min(st.vp[s] for s in on_track)
    return [s for s in on_track if st.vp[s] == low and not st.coalition(s)]


def form_coalition(st: RootState, seat: str, partner: str, dominance: int) -> None:
    st.hands[seat].remove(dominance)
    st.dominance[seat] = dominance
    st.fdata[seat]["coalition"] = partner
    if partner not in SEATS and relation(st, seat, partner) == HOSTILE:  # 9.2.9.III.d
        st.fdata[seat][f"rel_{st.faction_of(partner)}"] = INDIFFERENT
    st.emit("coalition", "9.2.8", faction=seat, partner=partner, card=st.card(dominance).key)


# -- 9.3 Setup -----------------------------------------------------------------------------------
@register
class Setup(Step):
    kind = "vagabond.setup"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        seat = fr["seat"]
        i = fr["i"]
        fr["i"] = i + 1
        fd = st.fdata[seat]
        if i == 0:
            fd["items"] = []
            fd["quests_done"] = []
            fd["coalition"] = None
            fd["where"] = -1
            fd["removed"] = []  # items removed from the game (9.6.4)
            fd["ruins_seen"] = []  # ruins whose items this Vagabond has looked at (9.7.3)
            st.push("vagabond.setup.character", seat=seat)
        elif i == 1:
            st.push("vagabond.setup.forest", seat=seat)
        elif i == 2:
            if not st.quests_up and not st.quest_deck:  # 9.3.3 (shared by two Vagabonds, 9.7.2)
                deck = list(range(len(quests())))
                st.rng.shuffle(deck)
                st.quest_deck = deck
                for _ in range(3):
                    st.quests_up.append(st.quest_deck.pop())
                st.emit("quests", "9.3.3", quests=[quests()[q].key for q in st.quests_up])
            st.deal_ruin_items(st.ruin_sets())  # 9.3.4; with two Vagabonds both sets, two per ruin (9.7.1)
            for it in characters()[fd["character"]]["items"]:  # 9.3.5
                add_item(st, seat, it, "9.3.5")
            for f in st.seats:  # 9.3.6
                if f not in SEATS:
                    fd[f"rel_{st.faction_of(f)}"] = INDIFFERENT
        else:
            st.pop(fr)


@register
class SetupCharacter(Step):
    """9.3.1 Choose a character (Appendix D)."""

    kind = "vagabond.setup.character"
    rule = R("9.3.1")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        taken = {st.fdata[s].get("character") for s in SEATS if s in st.seats and s != fr["seat"]}
        return [Option(f"character {name}", "character", {"character": name}, R("9.3.1"))
                for name in characters() if name not in taken]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        st.fdata[fr["seat"]]["character"] = opt.args["character"]
        st.emit("character", "9.3.1", faction=fr["seat"], character=opt.args["character"])


@register
class SetupForest(Step):
    """9.3.2 Place the pawn in any forest."""

    kind = "vagabond.setup.forest"
    rule = R("9.3.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        n = st.map.n
        return [Option(f"forest F{f + 1}", "forest", {"forest": f + 1}, R("9.3.2"))
                for f in range(len(st.map.forests))] if n else []

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        st.fdata[fr["seat"]]["where"] = st.map.n + opt.args["forest"] - 1
        st.emit("pawn_placed", "9.3.2", faction=fr["seat"], location=f"F{opt.args['forest']}")


# -- 9.4 Birdsong --------------------------------------------------------------------------------
def refresh(st: RootState, seat: str) -> None:
    """9.4.1 Refresh, "at the start of Birdsong" (the Polish Law: "Na początku Świtu należy odkryć…"): flip two
    exhausted items per face-up tea on the track, then three more. It is a start-of-Birdsong effect like buying
    Riverfolk services (11.2.6), so the Vagabond orders the two (1.1.3, ``turn.StartOfBirdsong``): refreshed
    items can pay for services, or items exhausted to pay can be refreshed. The teas are counted when he
    refreshes (a tea exhausted to pay first is no longer face up on its track)."""
    allowance = 2 * on_track(st, seat, "tea") + 3
    exhausted = [e for e in items(st, seat) if split(e)[1] in "ex"]
    if len(exhausted) <= allowance:
        for idx, e in enumerate(items(st, seat)):
            name, state = split(e)
            if state in "ex":
                items(st, seat)[idx] = f"{name}:{'r' if state == 'e' else 'd'}"
        if exhausted:
            st.emit("refresh", "9.4.1", faction=seat, count=len(exhausted))
    else:
        st.push("vagabond.refresh", seat=seat, n=allowance)


def _refresh_applies(st: RootState, seat: str) -> bool:
    return seat in SEATS


_REFRESH = (Option("refresh first", "refresh_first", {"effect": "refresh"}, R("9.4.1")),
            _refresh_applies, refresh)


@register
class Birdsong(Step):
    """9.4: Refresh (9.4.1) has happened at the start of Birdsong (:func:`refresh`); then Slip (9.4.2)."""

    kind = "vagabond.birdsong"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        i = fr["i"]
        fr["i"] = 2
        if i < 2:  # 9.4.2 Slip (a frame saved before Refresh moved to the start of Birdsong may still show i=0)
            st.push("vagabond.slip", seat=fr["seat"])
        else:
            st.pop(fr)


@register
class Refresh(Step):
    """9.4.1 with more exhausted items than refreshes: the Vagabond picks which to flip."""

    kind = "vagabond.refresh"
    rule = R("9.4.1")
    forced_single = True

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"count": fr["n"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"refresh {k}", "refresh", {"item": k}, R("9.4.1")) for k in entry_kinds(st, fr["seat"], "ex")]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        refresh_one(st, fr["seat"], opt.args["item"])
        item, state = opt.args["item"].split(":")
        st.emit("refresh", "9.4.1", faction=fr["seat"], count=1, item=item, state=state)
        fr["n"] -= 1
        if fr["n"] <= 0 or not entry_kinds(st, fr["seat"], "ex"):
            st.pop(fr)


def ally_may_follow(st: RootState, ally: str, src: int, dest: int, ferry: bool = False) -> bool:
    """9.2.9.II.b with 1.5.5: the Vagabond *forces* the Allied warriors to move, which is resolved exactly as if
    their faction chose that move — so the move must be one it may take itself: along its own paths (11.2.7.2:
    Riverboats the Vagabond bought are his, not theirs; 11.2.2: the Riverfolk's rivers are theirs), out of a
    clearing no snare holds them in (13.7.2), and ruling the origin or the destination (4.2.1, with 7.2.2 Lords
    of the Forest for the Eyrie — 1.5.5's own example — 13.2.3 Nimble, 11.2.2 Swimmers: ``turn.may_move``).
    On the Lake's Ferry (C.2.5) the crossing replaces the path, and rule is still needed.

    Slip (9.4.2) carries allies too: it is a move "into an adjacent clearing", and 9.2.9.II.b applies
    "whenever" the Vagabond moves to an adjacent clearing. What Slip ignores (boots, the Hostile clearing,
    effects that prevent movement out of a clearing) it ignores for the Vagabond alone — "Wykonując ten ruch,
    Włóczęga ignoruje…" (9.4.2) — so the warriors he forces along still need their faction's rule and stay
    held by a snare. The same holds for the Cobbler's move (4.1.3 with 9.2.9.II.b)."""
    if not st.warriors[src].get(ally, 0) or not st.can_move_from(src, ally):
        return False
    if not ferry and dest not in st.adjacent(src, ally):
        return False
    return may_move(st, ally, src, dest, ferry)


def _ally_followers(st: RootState, seat: str, src: int, dest: int, action: str, rule: str,
                    args: dict, label: str) -> list[Option]:
    """9.2.9.II.b: moving between clearings, warriors of one Allied faction may come along, when that faction
    could take the move itself (:func:`ally_may_follow`)."""
    out = []
    if src < st.map.n and dest < st.map.n:
        ferry = bool(args.get("ferry"))
        for f in allies(st, seat):
            if not ally_may_follow(st, f, src, dest, ferry):
                continue
            for k in range(1, st.movable_warriors(src, f) + 1):  # 14.2.2: not the warlord
                out.append(Option(f"{label} with {f} x{k}", action, {**args, "ally": f, "count": k}, R(rule)))
    return out


@register
class Slip(Step):
    """9.4.2 Slip: move to an adjacent clearing or forest without exhausting boots."""

    kind = "vagabond.slip"
    rule = R("9.4.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        seat = fr["seat"]
        src = where(st, seat)
        out = []
        # 9.4.2 (and the seed): the slip ignores all effects that prevent movement out of a clearing (13.7.2 the
        # Corvids' snare)
        for d in neighbours(st, src, seat):
            if blocked(st, d):
                continue
            label = f"slip {location_id(st, d)}"
            args = {"to": location_id(st, d), "dest": d}
            out.append(Option(label, "slip", args, R("9.4.2")))
            out.extend(_ally_followers(st, seat, src, d, "slip", "9.2.9.II.b", args, label))
        for d in ferry_targets(st, src):  # C.2.5: the Ferry carries the pawn across the lake
            label = f"slip {location_id(st, d)} ferry"
            args = {"to": location_id(st, d), "dest": d, "ferry": True}
            out.append(Option(label, "slip", args, R("C.2.5")))
            out.extend(_ally_followers(st, seat, src, d, "slip", "C.2.5", args, label))
        out.append(Option("stay", "stay", {}, R("9.4.2")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "slip":
            _move(st, fr["seat"], opt, "9.4.2")


def _move(st: RootState, seat: str, opt: Option, rule: str) -> None:
    src = where(st, seat)
    dest = opt.args["dest"]
    move_pawn(st, seat, dest, rule)
    if opt.args.get("ally"):
        st.move_warriors(src, dest, opt.args["ally"], opt.args["count"], "9.2.9.II.b")
    if opt.args.get("ferry"):
        take_ferry(st, seat, src, dest, opt.args.get("ally"))


# -- 9.5 Daylight --------------------------------------------------------------------------------
def move_options(st: RootState, seat: str) -> list[Option]:
    """9.5.1: exhaust a boot (+1 into Hostile warriors); only into clearings."""
    src = where(st, seat)
    boots = count(st, seat, "boot")
    out: list[Option] = []
    if snared(st, seat):
        return out
    for d in neighbours(st, src, seat):
        if d >= st.map.n or blocked(st, d):
            continue
        cost = 1 + hostile_warriors_in(st, seat, d)
        if boots < cost:
            continue
        label = f"move {location_id(st, d)}"
        args = {"to": location_id(st, d), "dest": d, "boots": cost}
        out.append(Option(label, "move", args, R("9.5.1")))
        out.extend(_ally_followers(st, seat, src, d, "move", "9.2.9.II.b", args, label))
    for d in ferry_targets(st, src):  # C.2.5: across the lake on the Ferry, still paying boots (9.5.1)
        cost = 1 + hostile_warriors_in(st, seat, d)
        if boots < cost:
            continue
        label = f"move {location_id(st, d)} ferry"
        args = {"to": location_id(st, d), "dest": d, "boots": cost, "ferry": True}
        out.append(Option(label, "move", args, R("C.2.5")))
        out.extend(_ally_followers(st, seat, src, d, "move", "C.2.5", args, label))
    return out


def battle_targets(st: RootState, seat: str) -> list[str]:
    c = clearing_of(st, seat)
    if c is None:
        return []
    out = [e for e in st.enemies(seat) if st.has_any_piece(c, e)]
    if "hirelings" in st.fdata:
        out = [e for e in out if not st.hooks.hirelings["shielded"](st, c, e, seat)]  # the Stoic Protector
        out += st.hooks.hirelings["defenders"](st, seat, c)  # E.3.2: hirelings in the supply or held by an enemy
    return out


def explore_choices(st: RootState, seat: str, c: int) -> list[str]:
    """9.5.3 / 9.7.3: items the explorer may take from the ruin (not an "R" item he already has)."""
    have = {split(e)[0] for e in items(st, seat)}
    return sorted({it for it in st.under_ruin(c) if it not in have})


def aid_targets(st: RootState, seat: str, c: int) -> list[str]:
    return [s for s in st.seats if s != seat and st.has_any_piece(c, s)]


def quest_options(st: RootState, seat: str, c: int) -> list[Option]:
    """9.5.5 (and D.7.2 Improvise: one unexhausted item may stand for any other, and is damaged)."""
    out = []
    ready = {k: count(st, seat, k) for k in ready_kinds(st, seat)}
    improvise = st.fdata[seat]["character"] == "adventurer" and not st.turn.get(f"improvise_{seat}")
    seen: set[str] = set()
    for q in st.quests_up:
        quest = quests()[q]
        if not st.suit_matches(c, quest.suit) or quest.key in seen:  # Appendix F: the Lost City, any suit
            continue
        seen.add(quest.key)
        a, b = quest.items
        need = {a: 1 + (a == b)} if a == b else {a: 1, b: 1}
        if _holds(ready, need):
            out.append(Option(f"quest {quest.key}", "quest", {"quest": quest.key, "improvise": None}, R("9.5.5")))
        if improvise:
            for stand_in in ready:
                for replaced in sorted(need):
                    rest = dict(need)
                    rest[replaced] -= 1
                    pool = dict(ready)
                    pool[stand_in] -= 1
                    if pool[stand_in] < 0 or not _holds(pool, rest):
                        continue
                    if stand_in == replaced:
                        continue
                    out.append(Option(f"quest {quest.key} improvising {stand_in} as {replaced}", "quest",
                                      {"quest": quest.key, "improvise": [stand_in, replaced], "stand_in": stand_in,
                                       "replaced": replaced}, R("D.7.2")))
    return out


def _holds(pool: dict[str, int], need: dict[str, int]) -> bool:
    """Whether ``pool`` has at least ``need`` of each item kind."""
    for k, n in need.items():  # noqa: SIM110 (a loop, not all(): compiled, a C function, vagabond.pxd)
        if n and pool.get(k, 0) < n:
            return False
    return True


def special_options(st: RootState, seat: str) -> list[Option]:
    """9.5.9: exhaust a torch for the character's special action (Appendix D)."""
    if not count(st, seat, "torch"):
        return []
    char = st.fdata[seat]["character"]
    c = clearing_of(st, seat)
    out: list[Option] = []
    if char == "thief" and c is not None and [s for s in aid_targets(st, seat, c) if st.hands[s]]:
        out.append(Option("steal", "steal", {}, R("D.1.2")))
    elif char == "tinker" and c is not None:
        for cid in st.distinct([x for x in st.discard  # Appendix F: in the Lost City a card of any suit
                                if st.card(x).suit == "bird" or st.suit_matches(c, st.card(x).suit)]):
            key = st.card(cid).key
            out.append(Option(f"day labor {key}", "day_labor", {"card": key}, R("D.2.2")))
    elif char == "ranger":
        out.append(Option("hideout", "hideout", {}, R("D.3.2")))
    elif char == "vagrant" and c is not None:
        present = [s for s in st.seats if s != seat and st.has_any_piece(c, s)]
        for a in present:
            if not st.warriors[c].get(a, 0) and st.pawn_clearing(a) != c:  # the attacker needs warriors or a pawn
                continue
            for d in present:
                if d != a and d not in st.coalition(a):
                    out.append(Option(f"instigate {a} vs {d}", "instigate", {"attacker": a, "defender": d}, R("D.4.2")))
    elif char == "scoundrel" and c is not None:
        out.append(Option("scorched earth", "scorched_earth", {}, R("D.6.2")))
    elif char == "harrier" and not snared(st, seat):
        for d in st.map.clearings():
            if d != where(st, seat) and not blocked(st, d):
                out.append(Option(f"glide {d + 1}", "glide", {"to": str(d + 1), "dest": d}, R("D.9.2")))
    return out


@register
class Daylight(Step):
    """9.5: exhaust items to take actions in any order and number."""

    kind = "vagabond.daylight"
    rule = R("9.5")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        seat = fr["seat"]
        c = clearing_of(st, seat)
        out = move_options(st, seat)
        if c is not None:
            if count(st, seat, "sword"):
                out.extend(Option(f"battle {c + 1} {e}", "battle", {"clearing": c + 1, "defender": e}, R("9.5.2"))
                           for e in battle_targets(st, seat))
            # whether the items under the ruin can be taken is seen only after exploring (9.7.3)
            if count(st, seat, "torch") and st.under_ruin(c):
                out.append(Option("explore", "explore", {}, R("9.5.3")))
            if ready_kinds(st, seat):
                for t in aid_targets(st, seat, c):
                    for cid in st.distinct(st.clearing_cards(seat, c)):  # Appendix F: the Lost City, any suit
                        key = st.card(cid).key
                        out.append(Option(f"aid {t} {key}", "aid", {"target": t, "card": key}, R("9.5.4")))
            out.extend(quest_options(st, seat, c))
            if count(st, seat, "crossbow"):
                for e in st.enemy_owners(seat):  # hirelings' pieces too (E.3.2)
                    if "hirelings" in st.fdata and st.hooks.hirelings["shielded"](st, c, e, seat):
                        continue  # the Stoic Protector
                    w, bs, ts = st.pieces_of(c, e)
                    if w:
                        out.append(Option(f"strike {e}", "strike", {"target": e, "piece": "warrior"}, R("9.5.6")))
                    else:
                        for p in sorted(set(bs + ts)):
                            out.append(Option(f"strike {e} {p}", "strike", {"target": e, "piece": p}, R("9.5.6")))
            out.extend(craft_options(st, seat, "9.5.8"))
        if count(st, seat, "hammer"):
            for k in entry_kinds(st, seat, "dx"):
                out.append(Option(f"repair {k}", "repair", {"item": k}, R("9.5.7")))
        out.extend(special_options(st, seat))
        out.extend(daylight_extras(st, seat))
        out.append(Option("end daylight", "end_daylight", {}, R("9.5")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        seat = fr["seat"]
        if apply_extra(st, seat, opt):
            return
        a = opt.action
        c = clearing_of(st, seat)
        if a == "end_daylight":
            st.pop(fr)
        elif a == "move":
            exhaust(st, seat, "boot", opt.args["boots"], "9.5.1")
            _move(st, seat, opt, "9.5.1")
        elif a == "battle":
            exhaust(st, seat, "sword", 1, "9.5.2")
            start_battle(st, seat, opt, "9.5.2")
        elif a == "explore":
            exhaust(st, seat, "torch", 1, "9.5.3")
            assert c is not None
            explore(st, seat, c)
        elif a == "aid":
            st.push("vagabond.aid", seat=seat, target=opt.args["target"], card=opt.args["card"], stage="exhaust")
        elif a == "quest":
            do_quest(st, seat, opt)
        elif a == "strike":
            exhaust(st, seat, "crossbow", 1, "9.5.6")
            assert c is not None
            if opt.args["piece"] == "warrior":
                st.remove_warriors(c, opt.args["target"], 1, seat, "9.5.6")
            else:
                st.remove_piece(c, opt.args["piece"], seat, "9.5.6")
            flush_removals(st)
        elif a == "repair":
            exhaust(st, seat, "hammer", 1, "9.5.7")
            repair(st, seat, opt.args["item"])
        elif a == "craft":
            do_craft(st, seat, opt)
        else:
            special(st, seat, fr, opt)


def explore(st: RootState, seat: str, c: int) -> None:
    """9.5.3: take the item under the ruin. 9.7.3: with two items the explorer looks at both and takes one
    of his choice; he cannot take an "R" item of a kind he already has, and then takes nothing."""
    under = st.under_ruin(c)
    choices = explore_choices(st, seat, c)
    if len(under) == 1 and choices:
        take_from_ruin(st, seat, c, choices[0])
        return
    seen = st.fdata[seat].setdefault("ruins_seen", [])
    if c not in seen:
        seen.append(c)  # he has looked under this ruin: determinize keeps what he saw (views.py)
    if len(under) == 1:
        st.emit("explore_nothing", "9.7.3", faction=seat, clearing=c + 1)
    else:
        st.push("vagabond.explore", seat=seat, c=c)


def take_from_ruin(st: RootState, seat: str, c: int, item: str) -> None:
    """9.5.3: take the item, score one VP, remove the ruin with its last item."""
    st.take_from_ruin(c, item, "9.5.3")
    add_item(st, seat, item, "9.5.3")
    st.score(seat, 1, "9.5.3", "explore")


@register
class Explore(Step):
    """9.7.3: with two items under a ruin the explorer looks at both and may take one."""

    kind = "vagabond.explore"
    rule = R("9.7.3")

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"clearing": fr["c"] + 1}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*(Option(f"take {base(i)}", "take", {"item": i}, R("9.7.3"))
                  for i in explore_choices(st, fr["seat"], fr["c"])),
                Option("take nothing", "pass", {}, R("9.7.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "take":
            take_from_ruin(st, fr["seat"], fr["c"], opt.args["item"])
        else:
            st.emit("explore_nothing", "9.7.3", faction=fr["seat"], clearing=fr["c"] + 1)


def aid_take_options(st: RootState, target: str) -> list[Option]:
    """9.5.4: one "take" per kind of item in ``target``'s Crafted Items box; where both a face-up and an exhausted
    one lie there (A.2 League of Adventurous Mice), a second option takes the exhausted one. Either arrives face
    up ("place it face up in your Satchel or on its track")."""
    box = st.crafted_items[target]
    tired = st.crafted_exhausted.get(target, ())
    out = []
    for i in sorted(set(box)):
        out.append(Option(f"take {i}", "take", {"item": i}, R("9.5.4")))
        if 0 < tired.count(i) < box.count(i):
            out.append(Option(f"take {i} (exhausted)", "take", {"item": i, "exhausted": True}, R("9.5.4")))
    return out


@register
class Aid(Step):
    """9.5.4 Aid: exhaust any item, give a matching card, then you may take one of their crafted items."""

    kind = "vagabond.aid"
    rule = R("9.5.4")
    forced_single = True

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"stage": fr["stage"], "target": fr["target"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        if fr["stage"] == "exhaust":
            return [Option(f"exhaust {k}", "exhaust", {"item": k}, R("9.5.4")) for k in ready_kinds(st, fr["seat"])]
        return [*aid_take_options(st, fr["target"]), Option("take nothing", "pass", {}, R("9.5.4"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        seat, target = fr["seat"], fr["target"]
        if fr["stage"] == "exhaust":
            exhaust(st, seat, opt.args["item"], 1, "9.5.4")
            cid = take_card(st, seat, fr["card"])
            st.hands[seat].remove(cid)
            st.hands[target].append(cid)
            st.reveal(seat, target, cid)
            st.emit("aid", "9.5.4", faction=seat, target=target, suit=st.card(cid).suit)
            st.emit("card_given", "9.5.4", (seat, target), faction=seat, target=target, card=fr["card"])
            if st.crafted_items[target]:
                fr["stage"] = "take"
                return
        elif opt.action == "take":
            st.remove_crafted_item(target, opt.args["item"], bool(opt.args.get("exhausted")))
            add_item(st, seat, opt.args["item"], "9.5.4")  # face up, whatever its side in the box
        st.pop(fr)
        aided(st, seat, target)


def do_quest(st: RootState, seat: str, opt: Option) -> None:
    """9.5.5: exhaust the two items, keep the quest, draw a new one, then VP or two cards."""
    qid = next(q for q in st.quests_up if quests()[q].key == opt.args["quest"])
    quest = quests()[qid]
    need = list(quest.items)
    imp = opt.args.get("improvise")
    if imp:  # D.7.2 Improvise: the stand-in is exhausted and damaged
        stand_in, replaced = imp
        need.remove(replaced)
        st.turn[f"improvise_{seat}"] = True
        exhaust(st, seat, stand_in, 1, "D.7.2")
        damage(st, seat, f"{stand_in}:e", "D.7.2")
    for it in need:
        exhaust(st, seat, it, 1, "9.5.5")
    st.quests_up.remove(qid)
    st.fdata[seat]["quests_done"].append(qid)
    st.emit("quest", "9.5.5", faction=seat, quest=quest.key)
    if st.quest_deck:
        new = st.quest_deck.pop()
        st.quests_up.append(new)
        st.emit("new_quest", "9.5.5", quest=quests()[new].key)
    st.push("vagabond.quest_reward", seat=seat, suit=quest.suit)


@register
class QuestReward(Step):
    kind = "vagabond.quest_reward"
    rule = R("9.5.5")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        done = sum(1 for q in st.fdata[fr["seat"]]["quests_done"] if quests()[q].suit == fr["suit"])
        return [Option(f"score {done}", "score", {"vp": done}, R("9.5.5")),
                Option("draw 2", "draw", {}, R("9.5.5"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "score":
            st.score(fr["seat"], opt.args["vp"], "9.5.5", "quest")
        else:
            st.draw(fr["seat"], 2, "9.5.5")


def special(st: RootState, seat: str, fr: dict, opt: Option) -> None:
    """9.5.9: the characters' special actions (Appendix D)."""
    a = opt.action
    exhaust(st, seat, "torch", 1, "9.5.9")
    c = clearing_of(st, seat)
    if a == "steal":  # D.1.2 (Polish Law: from each player in the clearing)
        assert c is not None
        for t in aid_targets(st, seat, c):
            if st.hands[t]:
                cid = st.hands[t].pop(st.rng.below(len(st.hands[t])))
                st.hands[seat].append(cid)
                st.emit("steal", "D.1.2", faction=seat, target=t)
                st.emit("card_taken", "D.1.2", (seat, t), faction=seat, target=t, card=st.card(cid).key)
                st.reveal("*" if t in st.hooks.public_hands else t, seat, cid)  # 11.2.3: from a public hand
    elif a == "day_labor":  # D.2.2
        cid = st.find_in(st.discard, opt.args["card"])
        assert cid is not None
        st.discard.remove(cid)
        st.hands[seat].append(cid)
        st.reveal("*", seat, cid)  # taken face up from the discard pile: everyone knows it is in his hand
        st.emit("day_labor", "D.2.2", faction=seat, card=opt.args["card"])
    elif a == "hideout":  # D.3.2: repair three items, then Daylight ends
        st.pop(fr)
        broken = [e for e in items(st, seat) if split(e)[1] in "dx"]
        if len(broken) <= 3:  # no choice to make
            for e in broken:
                name, state = split(e)
                repair(st, seat, f"{base(name)}:{state}", "D.3.2")
        else:
            st.push("vagabond.repair", seat=seat, n=3)
    elif a == "instigate":  # D.4.2
        assert c is not None
        st.emit("instigate", "D.4.2", faction=seat, attacker=opt.args["attacker"], defender=opt.args["defender"])
        start_battle(st, opt.args["attacker"], Option("", "battle", {"clearing": c + 1,
                                                                       "defender": opt.args["defender"]}), "D.4.2")
        st.stack[-1]["instigator"] = seat
    elif a == "scorched_earth":  # D.6.2
        assert c is not None
        items(st, seat).pop(_find(st, seat, "torch", "e"))
        st.tokens[c].append("torch")
        st.emit("scorched_earth", "D.6.2", faction=seat, clearing=c + 1)
        remove_all_enemy_pieces(st, seat, c, "D.6.2")
        flush_removals(st)
    elif a == "glide":  # D.9.2
        move_pawn(st, seat, opt.args["dest"], "D.9.2")


def remove_all_enemy_pieces(st: RootState, by: str, c: int, rule: str) -> None:
    """Remove every enemy piece in ``c``; a Vagabond there damages three items instead (9.2.2.I)."""
    for e in st.enemy_owners(by):  # Appendix E: enemy hirelings' pieces too
        if e in SEATS:
            if clearing_of(st, e) == c:
                push_damage(st, e, 3, "9.2.2.I")
            continue
        w, bs, ts = st.pieces_of(c, e)
        if w:
            st.remove_warriors(c, e, w, by, rule)
        for p in bs + ts:
            st.remove_piece(c, p, by, rule)
        if st.result is not None:
            return


@register
class RepairSome(Step):
    """D.3.2 Hideout: repair up to three items of the Vagabond's choice."""

    kind = "vagabond.repair"
    rule = R("D.3.2")
    forced_single = True

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"count": fr["n"]}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"repair {k}", "repair", {"item": k}, R("D.3.2")) for k in entry_kinds(st, fr["seat"], "dx")]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        repair(st, fr["seat"], opt.args["item"], "D.3.2")
        fr["n"] -= 1
        if fr["n"] <= 0 or not entry_kinds(st, fr["seat"], "dx"):
            st.pop(fr)


# -- 9.6 Evening ---------------------------------------------------------------------------------
@register
class Evening(Step):
    kind = "vagabond.evening"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        seat = fr["seat"]
        i = fr["i"]
        fr["i"] = i + 1
        if i == 0:  # 9.6.1 An Evening's Rest
            if where(st, seat) >= st.map.n:
                fixed = 0
                for idx, e in enumerate(items(st, seat)):
                    name, state = split(e)
                    if state in "dx":
                        items(st, seat)[idx] = f"{name}:r"
                        fixed += 1
                if fixed:
                    st.emit("evening_rest", "9.6.1", faction=seat, count=fixed)
        elif i == 1:  # 9.6.2 Draw Cards, 9.6.3 Discard Cards
            draw_and_discard(st, seat, on_track(st, seat, "coin"), "9.6.2")
        elif i == 2:  # 9.6.4 Check Item Capacity
            if satchel_size(st, seat) > item_limit(st, seat):
                st.push("vagabond.capacity", seat=seat)
        else:
            st.pop(fr)


def item_limit(st: RootState, seat: str) -> int:
    return 6 + 2 * on_track(st, seat, "bag")


@register
class Capacity(Step):
    """9.6.4: remove items of your choice from the Satchel and Damaged box down to the limit."""

    kind = "vagabond.capacity"
    rule = R("9.6.4")
    forced_single = True

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"limit": item_limit(st, fr["seat"]), "count": satchel_size(st, fr["seat"])}

    def options(self, st: RootState, fr: dict) -> list[Option]:
        seat = fr["seat"]
        # named with their "R" mark: which one is kept matters for 9.7.3
        kinds = sorted(set(items(st, seat)))
        out = []
        for k in kinds:
            name, state = split(k)
            item = base(name)
            if state == "r" and item in TRACKED and count(st, seat, item, "r") <= TRACK_MAX:
                continue  # on its track, not in the Satchel
            out.append(Option(f"remove {k}", "remove_item", {"item": k}, R("9.6.4")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        seat = fr["seat"]
        remove_item(st, seat, opt.args["item"], "9.6.4")
        if satchel_size(st, seat) <= item_limit(st, seat):
            st.pop(fr)


# -- crafting with hammers (9.2.1, 9.5.8) ---------------------------------------------------------
def crafting_pieces(st: RootState, seat: str) -> dict[str, int]:
    """9.2.1: every face-up hammer matches the suit of the Vagabond's clearing."""
    c = clearing_of(st, seat)
    if c is None:
        return {}
    return {st.craft_suit(c): count(st, seat, "hammer")}  # Appendix F: in the Lost City each hammer pays any suit


# -- battle (9.2.4, 9.2.6, 9.2.7, 9.2.9.II.c–d, D.5.2) ---------------------------------------------
def _battle(st: RootState) -> dict:
    for fr in reversed(st.stack):
        if fr["k"] == "battle":
            return fr
    raise RuntimeError("no battle in progress")


def arbiters(st: RootState, c: int, att: str, dfn: str) -> list[str]:
    """D.5.2: Arbiters in the clearing of battle who are neither attacker nor defender."""
    return [v for v in SEATS if v in st.seats and v not in (att, dfn) and st.fdata[v].get("character") == "arbiter"
            and clearing_of(st, v) == c]


@register
class BattleAlly(Step):
    """9.2.9.II.c: at the start of battle as attacker, treat one Allied faction's warriors as your own."""

    kind = "vagabond.battle_ally"
    rule = R("9.2.9.II.c")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*(Option(f"with {f}", "with_ally", {"ally": f}, R("9.2.9.II.c")) for f in allies(st, fr["seat"])
                  if f != fr["dfn"] and st.warriors[fr["c"]].get(f, 0)),
                Option("alone", "alone", {}, R("9.2.9.II.c"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "with_ally":
            _battle(st)["ally"] = opt.args["ally"]
            st.emit("battle_with_ally", "9.2.9.II.c", faction=fr["seat"], ally=opt.args["ally"])


@register
class Protector(Step):
    """D.5.2 Protector: the defender may enlist an Arbiter in the clearing before the roll."""

    kind = "vagabond.protector"
    rule = R("D.5.2")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*(Option(f"enlist {v}", "enlist", {"arbiter": v}, R("D.5.2"))
                  for v in arbiters(st, fr["c"], fr["att"], fr["seat"])),
                Option("no enlist", "pass", {}, R("D.5.2"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "enlist":
            v = opt.args["arbiter"]
            _battle(st)["arb"] += swords(st, v)
            st.emit("enlist", "D.5.2", faction=fr["seat"], arbiter=v)
            st.score(v, 1, "D.5.2", "protector")


def take_hits(st: RootState, seat: str, c: int, by: str, n: int, rule: str) -> None:
    """9.2.7: ``n`` hits to the Vagabond; with no more choice than damaging everything, no decision."""
    bf = next((fr for fr in reversed(st.stack) if fr["k"] == "battle"), None)
    with_ally = bf is not None and bf["att"] == seat and bf["ally"] and st.warriors[c].get(bf["ally"], 0)
    if n <= 0:
        return
    if not with_ally and n >= undamaged(st, seat):
        hit = damage_all(st, seat, rule)
        if bf is not None:
            bf["items_hit"] += hit
        return
    st.push("vagabond.hits", seat=seat, c=c, by=by, n=n, rule=rule, chooser="")


def hit_options(st: RootState, seat: str, c: int, rule: str) -> list[Option]:
    out = [Option(f"damage {k}", "damage", {"item": k}, R(rule)) for k in entry_kinds(st, seat, "re")]
    bf = next((fr for fr in reversed(st.stack) if fr["k"] == "battle"), None)
    if bf is not None and bf["att"] == seat and bf["ally"] and st.warriors[c].get(bf["ally"], 0):
        out.append(Option(f"remove {bf['ally']} warrior", "ally_warrior", {"ally": bf["ally"]}, R("9.2.9.II.d")))
    return out


@register
class TakeHits(Step):
    """9.2.7: each hit damages one undamaged item (or, 9.2.9.II.d, removes an Allied warrior treated
    as his own); with nothing left to damage the remaining hits are ignored."""

    kind = "vagabond.hits"
    rule = R("9.2.7")
    forced_single = True

    def player(self, st: RootState, fr: dict) -> str:
        return fr.get("chooser") or fr["seat"]

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"count": fr["n"]}

    def forced(self, st: RootState, fr: dict) -> bool:
        return True

    def options(self, st: RootState, fr: dict) -> list[Option]:
        opts = hit_options(st, fr["seat"], fr["c"], fr["rule"])
        return opts or [Option("ignore hits", "ignore", {}, R("9.2.7"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        seat = fr["seat"]
        bf = next((b for b in reversed(st.stack) if b["k"] == "battle"), None)
        if opt.action == "ignore":
            st.pop(fr)
            return
        if opt.action == "damage":
            damage(st, seat, opt.args["item"], fr["rule"])
            if bf is not None:
                bf["items_hit"] += 1
        else:
            st.remove_warriors(fr["c"], opt.args["ally"], 1, fr["by"], "9.2.9.II.d")
            if bf is not None:
                bf["ally_lost"] += 1
        fr["n"] -= 1
        if fr["n"] <= 0 or not hit_options(st, seat, fr["c"], fr["rule"]):
            st.pop(fr)


# -- hooks into the shared rules -----------------------------------------------------------------
def _pay_hammers(st: RootState, seat: str, pieces: list[str]) -> None:
    exhaust(st, seat, "hammer", len(pieces), "9.5.8")


def _take_crafted_item(st: RootState, seat: str, item: str) -> None:
    add_item(st, seat, item, "9.2.1")


def _cobbler_moves(st: RootState, seat: str) -> list[Option]:
    """Cobbler gives one move: the pawn to an adjacent clearing, no boots (4.2, 9.2.3 Nimble), with Allied
    warriors along when their faction could take that move (9.2.9.II.b, :func:`ally_may_follow`)."""
    src = where(st, seat)
    out: list[Option] = []
    if snared(st, seat):
        return out
    for d in neighbours(st, src, seat):
        if d < st.map.n and not blocked(st, d):
            label = f"move {location_id(st, d)}"
            args = {"to": location_id(st, d), "dest": d, "boots": 0}
            out.append(Option(label, "move", args, R("4.1.3")))
            out.extend(_ally_followers(st, seat, src, d, "move", "9.2.9.II.b", args, label))
    for d in ferry_targets(st, src):  # C.2.5
        label = f"move {location_id(st, d)} ferry"
        args = {"to": location_id(st, d), "dest": d, "boots": 0, "ferry": True}
        out.append(Option(label, "move", args, R("C.2.5")))
        out.extend(_ally_followers(st, seat, src, d, "move", "C.2.5", args, label))
    return out


def _cobbler_move(st: RootState, seat: str, opt: Option) -> None:
    _move(st, seat, opt, "4.1.3")


def _coalition_options(st: RootState, seat: str) -> list[Option]:
    """9.2.8: with four or more players, activate a dominance card to join the lowest-scoring player.
    Activating still needs 10 VP in Daylight (3.3.1); 9.2.8 changes only what activation does."""
    # a Vagabond who is some other Vagabond's partner is in a coalition already (9.2.8)
    if st.dominance[seat] is not None or st.vp[seat] < 10 or st.coalition(seat):
        return []
    out = []
    for cid in st.distinct(st.hands[seat]):
        if st.card(cid).kind != "dominance":
            continue
        for partner in coalition_partners(st, seat):
            key = st.card(cid).key
            out.append(Option(f"coalition {key} with {partner}", "coalition", {"card": key, "partner": partner},
                              R("9.2.8")))
    return out


def _apply_coalition(st: RootState, seat: str, opt: Option) -> bool:
    if opt.action != "coalition":
        return False
    form_coalition(st, seat, opt.args["partner"], take_card(st, seat, opt.args["card"]))
    return True


def _full_removal(st: RootState, seat: str) -> None:
    push_damage(st, seat, 3, "9.2.2.I")


#: what the Vagabonds (one or two, 9.7) add to the shared rules (hooks.py), assembled by the game when in play
CONTRIBUTION = Contribution(
    "vagabond", KEY,
    phases=(("vagabond.birdsong", {"i": 0}), ("vagabond.daylight", {}), ("vagabond.evening", {"i": 0})),
    crafting_pieces=crafting_pieces,
    faction_hooks={
        "pay": _pay_hammers, "item": _take_crafted_item, "cobbler": _cobbler_moves, "cobbler_move": _cobbler_move,
        "coalition": _coalition_options, "apply_extra": _apply_coalition, "full_removal": _full_removal,
        # battle (battle.py) and the Highway Bandits' toll (hirelings.py) ask about his items and relationships
        "swords": swords, "count": count, "exhaust": exhaust, "allies": allies, "arbiters": arbiters,
        "make_hostile": make_hostile, "take_hits": take_hits, "push_damage": push_damage,
        # 11.2.6.III: a Vagabond buying the Riverfolk's services pays with face-up items (riverfolk.py)
        "ready_count": ready_count, "ready_kinds": ready_kinds,
    },
    on_vagabond_removal=on_removal,  # 9.2.9.III
    start_of_birdsong={"refresh": _REFRESH},  # 9.4.1
)
