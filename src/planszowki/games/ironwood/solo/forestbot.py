"""Tryb solo: the Forest bot (Lasobot) plays the Woodwalkers; the person plays the Ironclad.

The rulebook's solo section against the Forest bot (``ironwood_instrukcja.txt``, "Przygotowanie", "Podsumowanie
Rundy", "Słowa kluczowe i kluczowe pojęcia", "Przebieg Walki przeciwko Lasobotowi", "Zwiększanie poziomu
trudności") read as steps. The printed Bot Control Aid (its two turn procedures, the icon table, when it flips, when
markers go beside the Forest Spirits) is not in the rulebook's text; those facts come from the unofficial solo app
(``/work/notes/ironwood_solo_facts.md``, part 2). Where the two differ the rulebook wins and a comment says so.

The bot's own data lives in ``st.forestbot`` (plain data): ``side`` — which side of the Bot Control Aid is up,
``"disruptive"`` (Procedura Przełamania Tury) or ``"exalted"``; ``spirits`` — markers beside the Forest Spirits;
``boxed`` — foundations put back in the box by a difficulty variant; ``variants`` — the chosen difficulty variants.
Its hand is ``st.hand[WW]``, face down: the top card is ``hand[0]``, a drawn card goes to the bottom (the end) unless
an icon says "on top" ("Dobieranie kart"); the hand is shuffled only in the round's draw step (the app picks hand
cards at random — the rulebook wins). Its vision deck is ``st.vision_deck`` (top = the end), its face-up vision
discard ``st.vision_discard``, vision cards removed from the game after a discovery ``st.vision_shown``. A possible
mountain ("Oznaczona/możliwa Góra") is one whose vision card is in the vision deck; it carries a marker
``[mountain, "possible", "woodwalkers", "forestbot"]`` in ``st.marks``.

Rulings where the text leaves a gap (each also at its place below): a movement target "is possible" when at least one
warrior that has not moved this turn can step into it, and the keyword's groups and bullets are tried in order until
one is; "with the most warriors" counts the forest's own warriors unless the text says "adjacent"; an empty hand
is checked whenever the bot must spend a card (turn start, ALERT); the bot has no hand limit (the round summary gives
it to the person only); the side of the aid is checked at the start of every bot turn; with no totem left in the
supply the last vision card waits (Locate) and SEARCH finds nothing; the retreat the bot forces prefers an unmarked
mountain among those with the fewest Ironclad units.

Every bot step is automatic; the only decision it leaves to the person is the SHIELD icon's choice (burn a card or
give a crystal). Ties go to the Magic die (``solo.magic_die``).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from ....engine import Option, Step, UnsupportedSetup
from ..battle import Retreat, battle_frame
from ..effects import _carry_totem
from ..sections import cite
from ..state import FOUNDATION, IC, WW, IronwoodState
from . import magic_die

Fr = dict[str, Any]
BOT = "forestbot"
POSSIBLE = "possible"
DISRUPTIVE, EXALTED = "disruptive", "exalted"
RECRUIT_COST = 2
VISION_REFILL = 5  # the vision deck is refilled to 5 cards after a discovery

#: "Zwiększanie poziomu trudności" (the Forest bot's list): variant -> levels. At most one "warriors_k".
VARIANTS: dict[str, int] = {
    "red_icons": 2,  # resolve the red action icons instead of ignoring them
    "spirits": 3,  # 2 markers beside the Forest Spirits at setup (not removed in the first preparation)
    "four_specials": 2,  # 4 special cards (instead of 2) shuffled into the bot's hand in the first round
    "fewer_foundations": 3,  # the person puts 2 foundations back in the box
    "warriors_1": 1,  # +1 Woodwalker warrior on 1 random outer forest
    "warriors_2": 2,  # … on 2 random outer forests
    "warriors_3": 3,
    "warriors_4": 4,
    "warriors_5": 5,  # +1 on every outer forest
}
#: the fixed variants in the order a numeric difficulty takes them (then warriors_k fills the rest)
_LADDER = ("red_icons", "spirits", "four_specials", "fewer_foundations")


def variants_for(options: dict[str, Any]) -> list[str]:
    """The difficulty variants chosen by ``options``: ``options["variants"]`` (a list of names from ``VARIANTS``)
    if given, else those of ``options["difficulty"]`` (0-15): the fixed variants of ``_LADDER`` taken in order while
    they fit, then ``warriors_k`` for the remaining k levels — e.g. 1 → warriors_1, 2 → red_icons,
    5 → red_icons + spirits, 10 → the four fixed variants, 15 → all of them and warriors_5. Raises
    :class:`UnsupportedSetup` for an unknown name, a repeated name, two ``warriors_k``, or a ``difficulty`` given
    with the list that is not the list's level."""
    given = options.get("variants")
    if given is not None:
        if not isinstance(given, list | tuple) or not all(isinstance(v, str) for v in given):
            raise UnsupportedSetup.told("error_iw_forestbot_variant_names", rule=cite("solo.forestbot.difficulty"),
                                        choices=", ".join(sorted(VARIANTS)))
        unknown = [v for v in given if v not in VARIANTS]
        if unknown:
            raise UnsupportedSetup.told("error_iw_forestbot_variant_unknown", names=", ".join(unknown),
                                        rule=cite("solo.forestbot.difficulty"), choices=", ".join(sorted(VARIANTS)))
        if len(set(given)) != len(given) or sum(v.startswith("warriors_") for v in given) > 1:
            raise UnsupportedSetup.told("error_iw_variants_repeated", rule=cite("solo.forestbot.difficulty"))
        if "difficulty" in options and options["difficulty"] != level_of(given):
            raise UnsupportedSetup.told("error_iw_variants_level", difficulty=options["difficulty"],
                                        level=level_of(given), rule=cite("solo.forestbot.difficulty"))
        return list(given)
    level = options.get("difficulty", 0)
    out: list[str] = []
    total = 0
    for v in _LADDER:
        if total + VARIANTS[v] <= level:
            out.append(v)
            total += VARIANTS[v]
    if level - total:
        out.append(f"warriors_{level - total}")
    return out


def check_options(options: dict[str, Any]) -> None:
    """Refuse what the Forest bot cannot play: unknown variants (``variants_for``), and starting warriors
    ("handicap") for the bot's seat — they are for a less experienced person; the bot's extra warriors are the
    difficulty variants ``warriors_k``."""
    variants_for(options)
    if options.get("handicap", {}).get(WW):
        raise UnsupportedSetup.told("error_iw_forestbot_handicap", rule=cite("setup.handicap"),
                                    variants_rule=cite("solo.forestbot.difficulty"))


def level_of(variants: Iterable[str]) -> int:
    return sum(VARIANTS[v] for v in variants)


# -- small helpers ------------------------------------------------------------------------------------------
def red_on(st: IronwoodState) -> bool:
    return "red_icons" in st.forestbot.get("variants", ())


def possible(st: IronwoodState, m: int) -> bool:
    """Oznaczona/możliwa Góra: its vision card is still in the bot's vision deck."""
    return st.lid(m) in st.vision_deck


def mark(st: IronwoodState, mid: str) -> None:
    i = st.loc(mid)
    if not st.marked(i, POSSIBLE, WW) and st.supply("marker") > 0:
        st.marks.append([i, POSSIBLE, WW, BOT])


def unmark(st: IronwoodState, mid: str) -> None:
    i = st.loc(mid)
    st.marks = [m for m in st.marks if not (m[0] == i and m[1] == POSSIBLE and m[2] == WW)]


def inner_forests(st: IronwoodState) -> list[int]:
    b = st.board
    return [i for i in b.forests() if b.rings[i] == "inner"]


def outer_forests(st: IronwoodState) -> list[int]:
    b = st.board
    return [i for i in b.forests() if b.rings[i] == "outer"]


def ic_units(st: IronwoodState, m: int) -> int:
    return st.icw[m] + st.golems[m]


def totem_forests(st: IronwoodState) -> list[int]:
    return sorted({t[0] for t in st.totems})


def free(st: IronwoodState, f: int) -> int:
    """Woodwalker warriors in f that have not moved this turn (Podstawy Poruszania się)."""
    return st.ww[f] - st.mv_ww[f]


def may_enter(st: IronwoodState, f: int) -> bool:
    return not st.marked(f, "blockade", IC)


def best(st: IronwoodState, cands: Iterable[int], key: Callable[[int], Any], rule: str) -> int | None:
    """The candidate with the highest key; a tie goes to the Magic die."""
    cs = list(cands)
    if not cs:
        return None
    top = max(key(c) for c in cs)
    return magic_die(st, [c for c in cs if key(c) == top], rule)


def distances(st: IronwoodState, starts: Iterable[int], forests_only: bool) -> list[int]:
    """Steps from the nearest of ``starts`` to every location (forest paths only, or any adjacency and border)."""
    b = st.board
    n = len(b.ids)
    dist = [10**6] * n
    q: deque[int] = deque()
    for s in starts:
        dist[s] = 0
        q.append(s)
    while q:
        i = q.popleft()
        nxt = b.adj[i] if forests_only else (*b.adj[i], *b.borders[i])
        for j in nxt:
            if forests_only and b.types[j] != "forest":
                continue
            if dist[j] > dist[i] + 1:
                dist[j] = dist[i] + 1
                q.append(j)
    return dist


def gain(st: IronwoodState, n: int, rule: str) -> None:
    got = st.gain(WW, n)
    st.emit("iw.gain", rule, seat=WW, n=got)


def draw_special(st: IronwoodState, top: bool, rule: str) -> None:
    """Dobieranie kart: the top special card of the bot's deck, unseen, to the bottom of its hand (or its top)."""
    got = st.draw(WW, 1, rule)
    if got and top:
        st.hand[WW].remove(got[0])
        st.hand[WW].insert(0, got[0])


def add_spirits(st: IronwoodState, n: int, rule: str) -> int:
    n = max(0, min(n, st.supply("marker")))
    if n:
        st.forestbot["spirits"] = st.forestbot.get("spirits", 0) + n
        st.emit("iw.forestbot.spirits", rule, n=n, total=st.forestbot["spirits"])
    return n


def flip_to(st: IronwoodState, side: str, rule: str) -> None:
    if st.forestbot.get("side") != side:
        st.forestbot["side"] = side
        st.emit("iw.forestbot.side", rule, fb_side=side)


def near_win(st: IronwoodState) -> bool:
    """The person is one forge from victory: 2 forges besides Ferrum, a foundation and 5 crystals."""
    return (st.outer_forges() >= 2 and FOUNDATION in st.site and st.crystals[IC] >= 5)


def check_side(st: IronwoodState) -> None:
    """The condition printed at the bottom of the turn procedure (facts, part 2): the Disruptive side (Procedura
    Przełamania Tury) while no totem is on the map or the person is one forge from victory; the Exalted side while a
    totem is on the map. Checked at the start of every bot turn ("Nie zapomnij sprawdzić warunku na dole Przebiegu
    Tury"); the Forest Spirits' markers stay beside the Spirits when the aid is flipped."""
    want = DISRUPTIVE if (not st.totems or near_win(st)) else EXALTED
    flip_to(st, want, cite("solo.forestbot.flip"))


def signature(st: IronwoodState) -> tuple[Any, ...]:
    """What an icon could change; equal before and after = the icon changed nothing (1 crystal in compensation)."""
    return (tuple(st.ww), tuple(st.icw), tuple(st.golems), tuple(st.site), st.drill, st.cargo,
            tuple(tuple(t) for t in st.totems), st.secured, st.crystals[WW], st.crystals[IC], tuple(st.hand[WW]),
            len(st.hand[IC]), tuple(st.vision_deck), len(st.vision_discard), st.forestbot.get("spirits", 0))


# -- the vision deck: locating and discovering a totem --------------------------------------------------------
def reveal_top(st: IronwoodState) -> str:
    m = st.vision_deck.pop()
    if st.peek == m:
        st.peek = None
    unmark(st, m)
    return m


def locate(st: IronwoodState, rule: str) -> bool:
    """Lokalizacja Totemu: with exactly one vision card left it is revealed and a totem discovered near its
    mountain, even one the Ironclad controls (True: the turn ends); with more, the top card is revealed and
    discarded face up and its mountain unmarked. With no totem left in the supply the single card waits (an effect
    needing an exhausted component is ignored)."""
    deck = st.vision_deck
    if len(deck) == 1:
        if st.supply("totem") <= 0:
            return False
        m = reveal_top(st)
        st.emit("iw.forestbot.locate_last", rule, mountain=m)
        discover_totem(st, m, rule)
        return True
    if len(deck) > 1:
        m = reveal_top(st)
        st.vision_discard.append(m)
        st.emit("iw.forestbot.locate", rule, mountain=m)
    return False


def discover_totem(st: IronwoodState, m: str, rule: str) -> None:
    """Odkrywanie Totemu by the bot: the totem goes to the bordering inner forest with the largest Woodwalker warband
    (none bordering: the bordering inner forest nearest a Woodwalker warband, the larger first); the bot gains the
    crystals of the mountain's card (an inner mountain's card: 3), the card leaves the game and its mountain is
    unmarked; the vision deck is refilled to 5 from the discard at random (each added mountain marked) and shuffled.
    Discovering always ends the bot's turn (the caller ends it)."""
    rule = cite("solo.forestbot.discover")
    b = st.board
    mi = st.loc(m)
    forests = [f for f in b.borders[mi] if b.rings[f] == "inner"]
    with_ww = [f for f in forests if st.ww[f] > 0]
    if with_ww:
        f = best(st, with_ww, lambda x: st.ww[x], rule)
    else:
        holders = [i for i in b.forests() if st.ww[i] > 0]
        if holders:
            dist = distances(st, holders, True)
            dmin = min(dist[x] for x in forests)
            near = [x for x in forests if dist[x] == dmin]

            def nearest_size(x: int) -> int:
                d1 = distances(st, [x], True)
                return max((st.ww[h] for h in holders if d1[h] == dmin), default=0)

            f = best(st, near, nearest_size, rule)
        else:
            f = magic_die(st, forests, rule)
    assert f is not None
    st.totems.append([f, 0])
    if m in st.vision_deck:
        st.vision_deck.remove(m)
        if st.peek == m:
            st.peek = None
    unmark(st, m)
    st.vision_shown.append(m)  # removed from the game
    n = st.gain(WW, 3) if m in st.content.vision_inner else 0
    st.emit("iw.forestbot.discover", rule, mountain=m, loc=st.lid(f), n=n)
    added: list[str] = []
    while len(st.vision_deck) + len(added) < VISION_REFILL and st.vision_discard:
        added.append(st.vision_discard.pop(st.rng.below(len(st.vision_discard))))
    for a in added:
        mark(st, a)
    st.vision_deck.extend(added)
    st.rng.shuffle(st.vision_deck)
    st.peek = None
    if added:
        st.emit("iw.forestbot.refill", rule, mountains=added, n=len(st.vision_deck))


def search_target(st: IronwoodState, rule: str) -> str | None:
    """SEARCH on the Disruptive side: a possible, uncontrolled mountain bordered by an inner forest holding a
    Woodwalker warband (the largest such warband first; ties: the Magic die). The rulebook: during an action the bot
    still needs a warband beside the mountain and only an uncontrolled mountain will do."""
    b = st.board
    if st.supply("totem") <= 0:
        return None
    cands = [m for m in b.mountains() if possible(st, m) and not st.controls(IC, m)
             and any(b.rings[f] == "inner" and st.ww[f] > 0 for f in b.borders[m])]

    def largest(m: int) -> int:
        return max(st.ww[f] for f in b.borders[m] if b.rings[f] == "inner")

    m = best(st, cands, largest, rule)
    return None if m is None else st.lid(m)


# -- moving warriors: Plunder, Secure, Interfere ------------------------------------------------------------
def reachable(st: IronwoodState, t: int, avoid: frozenset[int] = frozenset()) -> bool:
    return may_enter(st, t) and any(free(st, a) > 0 for a in st.board.adj[t] if a not in avoid)


Bullet = tuple[list[int], Callable[[int], Any]]


def pick_target(st: IronwoodState, bullets: list[Bullet], rule: str,
                avoid: frozenset[int] = frozenset()) -> int | None:
    """The first bullet with a target some warrior can reach; in it the highest key; ties: the Magic die."""
    for cands, key in bullets:
        ok = [t for t in cands if reachable(st, t, avoid)]
        if ok:
            return best(st, ok, key, rule)
    return None


def _near(st: IronwoodState, m: int) -> list[int]:
    return [f for f in st.board.borders[m] if st.board.rings[f] == "inner"]


def _controlled_foundations(st: IronwoodState) -> list[int]:
    return [m for m in st.board.mountains() if st.site[m] == FOUNDATION and st.controls(IC, m)]


def _adj_ww(st: IronwoodState, f: int) -> int:
    return sum(st.ww[a] for a in st.board.adj[f])


def _adj_outer_ww(st: IronwoodState, f: int) -> int:
    return sum(st.ww[a] for a in st.board.adj[f] if st.board.rings[a] == "outer")


def plunder_bullets(st: IronwoodState) -> list[Bullet]:
    """Plądrowanie. The three groups are checked in order ("Sprawdź pierwszy możliwy warunek")."""
    b = st.board
    own: Callable[[int], Any] = lambda f: st.ww[f]  # noqa: E731
    out: list[Bullet] = []
    if st.crystals[IC] >= 5:
        out.append((_near(st, b.ferrum), own))
        out.append((sorted({f for m in _controlled_foundations(st) for f in _near(st, m)}), own))
    if st.cargo >= 2:
        out.append((_near(st, st.drill), own))
        out.append((_near(st, b.ferrum), own))
    # in other cases: the inner forest bordering the outer mountain with most warriors in its bordering outer forests
    score = {m: sum(st.ww[f] for f in b.borders[m] if b.rings[f] == "outer")
             for m in b.mountains() if b.rings[m] == "outer"}
    if any(score.values()):
        cands = sorted({f for m, s in score.items() if s > 0 for f in _near(st, m)})
        out.append((cands, lambda f: max(score.get(m, 0) for m in b.borders[f])))
    return out


def interfere_bullets(st: IronwoodState) -> list[Bullet]:
    """Ingerencja."""
    b = st.board
    own: Callable[[int], Any] = lambda f: st.ww[f]  # noqa: E731
    out: list[Bullet] = [
        (sorted({f for m in _controlled_foundations(st) for f in _near(st, m)}), own),
        (_near(st, b.ferrum), own),
    ]
    if st.cargo >= 2:
        out.append((_near(st, st.drill), lambda f: _adj_ww(st, f)))
    out.append((sorted({f for m in b.mountains() if possible(st, m) for f in _near(st, m)}),
                lambda f: _adj_outer_ww(st, f)))
    return out


def _outer_ic(st: IronwoodState, o: int) -> int:
    return sum(st.icw[m] for m in st.board.borders[o])


def secure_bullets(st: IronwoodState, carry: bool) -> tuple[list[Bullet], int | None]:
    """Zabezpieczanie: with a totem held by a Woodwalker warband the target is an outer forest beside it (the totem
    carried along), else an inner forest beside it next to an outer forest bordered by the fewest Ironclad warriors;
    with a totem on the map, its forest, else an inner forest beside it; with none, an inner forest next to an outer
    forest and bordering a possible (preferably uncontrolled) mountain. Returns the bullets and, when the totem is
    carried, the forest it is carried from (its warband must have a warrior that has not moved)."""
    b = st.board
    held = [f for f in totem_forests(st) if free(st, f) > 0]
    if carry and held:
        outer = sorted({o for f in held for o in b.adj[f] if b.rings[o] == "outer"})
        inner = sorted({g for f in held for g in b.adj[f] if b.rings[g] == "inner"
                        and any(b.rings[o] == "outer" for o in b.adj[g])})

        def fewest_ic(g: int) -> int:
            return -min(_outer_ic(st, o) for o in b.adj[g] if b.rings[o] == "outer")

        return [(outer, lambda o: 0), (inner, fewest_ic)], -1
    if totem_forests(st) and not (not carry and held):
        tf = totem_forests(st)
        beside = sorted({g for f in tf for g in b.adj[f] if b.rings[g] == "inner"})
        return [(tf, lambda f: _adj_ww(st, f)), (beside, lambda f: _adj_ww(st, f))], None
    if not carry and held:  # warriors moved "without a totem" still head for the totem's outer forest
        outer = sorted({o for f in held for o in b.adj[f] if b.rings[o] == "outer"})
        return [(outer, lambda o: 0), (totem_forests(st), lambda f: _adj_ww(st, f))], None
    base = [f for f in inner_forests(st) if any(b.rings[o] == "outer" for o in b.adj[f])]
    free_m = sorted({f for f in base for m in b.borders[f] if possible(st, m) and not st.controls(IC, m)})
    any_m = sorted({f for f in base for m in b.borders[f] if possible(st, m)})
    return [(free_m, lambda f: _adj_ww(st, f)), (any_m, lambda f: _adj_ww(st, f))], None


def move_warriors(st: IronwoodState, mode: str, n: int, carry: bool = True) -> int:
    """Move up to ``n`` Woodwalker warriors by ``mode`` ("plunder", "secure", "interfere") into the chosen forest:
    from bordering forests only, outer forests first, then the smaller warbands, ties by the Magic die; a warrior
    moves once per turn. Secure with a held totem carries it (the first warrior comes from the totem's forest); a
    totem carried into an outer forest is secured. Returns how many moved."""
    rule = cite("solo.forestbot.move")
    b = st.board
    carry_from: int | None = None
    if st.result is not None:
        return 0
    if mode == "plunder":
        bullets = plunder_bullets(st)
    elif mode == "interfere":
        bullets = interfere_bullets(st)
    else:
        bullets, carry_flag = secure_bullets(st, carry)
        if carry_flag is not None:
            held = [f for f in totem_forests(st) if free(st, f) > 0]
            # only targets the totem's own warriors can reach count (the totem moves with them)
            bullets = [([t for t in cands if may_enter(st, t) and any(f in b.adj[t] for f in held)], key)
                       for cands, key in bullets]
            t = None
            for cands, key in bullets:
                if cands:
                    t = best(st, cands, key, rule)
                    break
            if t is None:
                st.emit("iw.forestbot.no_target", rule, mode=mode)
                return 0
            carry_from = magic_die(st, [f for f in held if f in b.adj[t]], rule)
            return _move_into(st, t, n, mode, carry_from, rule)
    # "warriors without a totem" (SEARCH, Exalted side) are not taken from a warband holding one
    avoid = frozenset(totem_forests(st)) if mode == "secure" and not carry else frozenset()
    t = pick_target(st, bullets, rule, avoid)
    if t is None:
        st.emit("iw.forestbot.no_target", rule, mode=mode)
        return 0
    return _move_into(st, t, n, mode, carry_from, rule, avoid)


def _move_into(st: IronwoodState, t: int, n: int, mode: str, carry_from: int | None, rule: str,
               avoid: frozenset[int] = frozenset()) -> int:
    b = st.board
    moved = 0
    while moved < n and st.result is None:
        if carry_from is not None and moved == 0:
            a = carry_from
        else:
            srcs = [x for x in b.adj[t] if free(st, x) > 0 and x not in avoid]
            if not srcs:
                break
            outer = [x for x in srcs if b.rings[x] == "outer"]
            pool = outer or srcs
            small = min(st.ww[x] for x in pool)
            a = magic_die(st, [x for x in pool if st.ww[x] == small], rule)
        st.ww[a] -= 1
        st.mv_ww[a] = min(st.mv_ww[a], st.ww[a])
        st.ww[t] += 1
        st.mv_ww[t] += 1
        moved += 1
        st.emit("iw.forestbot.move", rule, mode=mode, frm=st.lid(a), to=st.lid(t))
        if carry_from is not None and moved == 1:
            fading = 0 if any(x[0] == a and x[1] == 0 for x in st.totems) else 1
            _carry_totem(st, a, t, fading)
    return moved


# -- attacking ------------------------------------------------------------------------------------------------
def warband_size(st: IronwoodState, m: int) -> tuple[int, int]:
    """Najmniejsza/największa Drużyna: units, then +1 for any golem (a forge counts like a golem when attacking,
    "Atakowanie"): compared as a pair."""
    return ic_units(st, m), 1 if (st.golems[m] or st.has_forge(m)) else 0


def attack_targets(st: IronwoodState, kind: str) -> list[int]:
    b = st.board
    if kind == "foundation":
        return _controlled_foundations(st)
    if kind == "possible":
        return [m for m in b.mountains() if possible(st, m) and st.controls(IC, m)]
    if kind == "drill":
        return [st.drill] if st.cargo > 0 else []  # never with an empty cargo
    if kind == "ferrum":
        return [b.ferrum]
    if kind == "totem":
        return sorted({m for f in totem_forests(st) for m in b.borders[f] if st.controls(IC, m)})
    if kind == "adjacent":
        return [m for m in b.mountains() if st.controls(IC, m)]
    raise KeyError(kind)


def choose_attack(st: IronwoodState, kinds: Iterable[str], rule: str) -> tuple[int, int] | None:
    """Atakowanie: the first kind of target with one the bot may attack — from an inner forest whose warband is at
    least as large as the Ironclad's there (a golem or a forge makes a warband of equal count the larger) — and in
    it the target where the bot's warband is larger by the most warriors; ties: the Magic die."""
    b = st.board
    for kind in kinds:
        pairs: dict[int, list[tuple[int, int]]] = {}
        for d in attack_targets(st, kind):
            size, extra = warband_size(st, d)
            for a in b.borders[d]:
                if b.types[a] != "forest" or b.rings[a] != "inner" or st.ww[a] == 0:
                    continue
                if st.marked(d, "shelter", IC):
                    continue
                if st.ww[a] > size or (st.ww[a] == size and not extra):
                    pairs.setdefault(d, []).append((a, st.ww[a] - size))
        if pairs:
            top = max(diff for ps in pairs.values() for _, diff in ps)
            d = magic_die(st, [d for d, ps in pairs.items() if any(x == top for _, x in ps)], rule)
            a = magic_die(st, [a for a, x in pairs[d] if x == top], rule)
            return a, d
    return None


def attack(st: IronwoodState, fr: Fr, kinds: Iterable[str], steal1: bool = False) -> bool:
    """Push the bot's attack on the first target of ``kinds`` (True if pushed). A fight with an empty hand is
    skipped and a special card drawn instead; a successful attack on Ferrum steals half the person's crystals."""
    rule = cite("solo.forestbot.attack")
    if st.result is not None:  # the game was won by the move before the attack
        return False
    pick = choose_attack(st, kinds, rule)
    if pick is None:
        return False
    a, d = pick
    if ic_units(st, d) > 0 and not st.hand[WW]:
        st.emit("iw.forestbot.no_card", rule)
        draw_special(st, False, rule)
        return True
    win: list[dict[str, Any]] = []
    if d == st.board.ferrum:
        win.append({"do": "forestbot.steal", "half": 1})
    if steal1:
        win.append({"do": "forestbot.steal", "n": 1})
    card = fr.get("card") or ""
    st.emit("iw.attack", cite("keyword.attack"), seat=WW, frm=st.lid(a), to=st.lid(d), card=card)
    st.push("iw.battle", att=WW, a=a, d=d, card=card, win=win, bonus=[0, 0, 0], stage="start", again=False)
    return True


class Steal(Step):
    """A won attack's theft: half the person's crystals (rounded up) after a successful attack on Ferrum, or 1
    (CRYSTALS on the Exalted side)."""

    kind = "iw.forestbot.steal"
    auto = True
    rule = cite("solo.forestbot.attack")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        have = st.crystals[IC]
        n = (have + 1) // 2 if fr["eff"].get("half") else min(1, have)
        if n:
            st.crystals[IC] -= n
            st.crystals[WW] += n
        st.emit("iw.forestbot.steal", self.rule, n=n)


# -- recruiting -----------------------------------------------------------------------------------------------
def recruit_place(st: IronwoodState, rule: str) -> int:
    """Werbunek priorities: an outer forest beside a totem; beside a controlled foundation; beside a possible outer
    mountain (uncontrolled first, without a forge first); nearest the drill — in the first that applies, the one
    with the fewest Woodwalker warriors; ties: the Magic die."""
    b = st.board
    outer = outer_forests(st)
    tf = set(totem_forests(st))
    found = set(_controlled_foundations(st))
    groups = [[o for o in outer if tf & set(b.adj[o])], [o for o in outer if found & set(b.borders[o])]]
    for ctl in (False, True):
        for forge in (False, True):
            groups.append([o for o in outer if any(possible(st, m) and b.rings[m] == "outer"
                                                   and st.controls(IC, m) == ctl and st.has_forge(m) == forge
                                                   for m in b.borders[o])])
    dist = distances(st, [st.drill], False)
    dmin = min(dist[o] for o in outer)
    groups.append([o for o in outer if dist[o] == dmin])
    for g in groups:
        if g:
            least = min(st.ww[o] for o in g)
            return magic_die(st, [o for o in g if st.ww[o] == least], rule)
    raise RuntimeError("no outer forest")


def recruit(st: IronwoodState, rule: str, at: int | None = None) -> bool:
    if st.supply("ww") <= 0:
        return False
    i = recruit_place(st, rule) if at is None else at
    st.ww[i] += 1
    st.emit("iw.recruit", rule, seat=WW, loc=st.lid(i), unit="warrior")
    return True


# -- the icons ------------------------------------------------------------------------------------------------
def resolve_icon(st: IronwoodState, fr: Fr, icon: str) -> None:
    """One icon of the expended card, by the side of the Bot Control Aid that is up (facts, part 2, icon table).
    Sets ``fr["end"]`` when the turn ends (a discovery); may push a battle or the person's SHIELD choice."""
    rule = cite("solo.forestbot.icons")
    side = st.forestbot["side"]
    ex = side == EXALTED
    if icon == "search":
        if not ex:
            m = search_target(st, rule)
            if m is not None:
                discover_totem(st, m, rule)
                fr["end"] = True
                return
            move_warriors(st, "secure", 3)
        else:
            move_warriors(st, "secure", 3, carry=False)
            move_warriors(st, "secure", 1)
    elif icon == "battle":
        if not ex:
            move_warriors(st, "interfere", 2)
            attack(st, fr, ("foundation", "possible", "drill", "adjacent"))
        else:
            move_warriors(st, "secure", 2)
            attack(st, fr, ("totem", "possible", "adjacent"))
    elif icon == "card":
        draw_special(st, True, rule)
        gain(st, 1, rule)
    elif icon == "arrows":
        if not ex:
            move_warriors(st, "interfere", 3)
            move_warriors(st, "plunder", 2)
            attack(st, fr, ("possible", "drill", "ferrum", "adjacent"))
        else:
            move_warriors(st, "plunder", 3)
            move_warriors(st, "interfere", 2)
            attack(st, fr, ("drill", "ferrum", "foundation", "adjacent"))
    elif icon == "crystals":
        if not ex:
            move_warriors(st, "plunder", 2)
            attack(st, fr, ("drill", "ferrum"))
        else:
            move_warriors(st, "interfere", 2)
            attack(st, fr, ("foundation", "possible", "adjacent"), steal1=True)
    elif icon == "warband":
        if ex:
            held = [f for f in totem_forests(st) if st.ww[f] > 0]
            if held:
                recruit(st, rule, magic_die(st, held, rule))
        recruit(st, rule)
    elif icon == "cubes":
        add_spirits(st, 2, rule)
        move_warriors(st, "secure" if ex else "interfere", 2)
    elif icon == "eye":
        if not ex:
            if st.vision_discard:
                m = st.vision_discard.pop(st.rng.below(len(st.vision_discard)))
                st.vision_deck.append(m)
                st.rng.shuffle(st.vision_deck)
                st.peek = None
                mark(st, m)
                st.emit("iw.forestbot.vision_back", rule, mountain=m)
            move_warriors(st, "secure", 2)
        else:
            # the app reads "move a 2-warrior warband by Interfere"; taken as moving 2 warriors by Interfere
            move_warriors(st, "interfere", 2)
            if locate(st, cite("solo.forestbot.locate")):
                fr["end"] = True
    elif icon == "alert":
        if not st.hand[WW]:
            empty_hand(st, fr)
            return
        c = expend(st, fr, on_top=True)
        fr["icons"][fr["i"]:fr["i"]] = ["alert_again" if x == "alert" else x for x in card_icons(st, c)]
    elif icon == "alert_again":  # ALERT on the card an ALERT expended: a crystal instead of a chain
        gain(st, 1, rule)
    elif icon == "shield":
        if any(not st.card(c).base for c in st.hand[IC]) or st.crystals[IC] > 0:
            st.push("iw.forestbot.shield", seat=IC)
    else:
        raise KeyError(f"unknown Forest bot icon {icon!r}")


def card_icons(st: IronwoodState, c: str) -> list[str]:
    """The card's two icons, left then right; a red icon only with the red-icons variant (else ignored)."""
    out = []
    for ic in st.card(c).icons:
        if ic.endswith("_red"):
            if not red_on(st):
                continue
            ic = ic[:-4]
        out.append(ic)
    return out


def expend(st: IronwoodState, fr: Fr, on_top: bool = False) -> str:
    """Zużyj kartę: the top card of the bot's hand face up on its leftmost empty slot (ALERT: on top of the card)."""
    c = st.hand[WW].pop(0)
    if on_top and st.slots[WW]:
        st.slots[WW][-1].append(c)
    else:
        st.slots[WW].append([c])
    fr["card"] = c
    st.emit("iw.forestbot.expend", cite("solo.forestbot.turn"), card=c)
    return c


def empty_hand(st: IronwoodState, fr: Fr) -> None:
    """An empty hand during the bot's turn: it draws one special card face down as its hand; the turn ends."""
    rule = cite("solo.forestbot.turn")
    st.emit("iw.forestbot.empty_hand", rule)
    draw_special(st, False, rule)
    fr["end"] = True


class ShieldChoice(Step):
    """SHIELD: the person chooses — burn a special card from hand (and the bot draws a card), or give the bot one
    crystal."""

    kind = "iw.forestbot.shield"
    rule = cite("solo.forestbot.icons")
    forced_single = True

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        out = [Option(f"burn {c}", "burn", {"card": c}, self.rule)
               for c in dict.fromkeys(st.hand[IC]) if not st.card(c).base]
        if st.crystals[IC] > 0:
            out.append(Option("give 1", "give", {}, self.rule))
        return out

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "give":
            st.crystals[IC] -= 1
            st.crystals[WW] += 1
            st.emit("iw.forestbot.steal", self.rule, n=1)
            return
        c = opt.args["card"]
        st.hand[IC].remove(c)
        st.discard[IC].append(c)
        st.emit("iw.burn", cite("keyword.burn"), seat=IC, card=c)
        draw_special(st, False, self.rule)


# -- the bot's steps --------------------------------------------------------------------------------------------
class Setup(Step):
    """Przygotowanie (solo, against the Forest bot) and the chosen difficulty variants."""

    kind = "iw.forestbot.setup"
    auto = True
    rule = cite("solo.forestbot.setup")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        rule = self.rule
        content = st.content
        b = st.board
        variants = variants_for(st.options)
        st.forestbot = {"side": DISRUPTIVE, "spirits": 0, "boxed": 0, "variants": list(variants)}
        # the person's deck loses the cards the solo mode leaves out
        removed = [c for c in content.solo_removed.get(BOT, ()) if c in st.deck[IC]]
        st.deck[IC] = [c for c in st.deck[IC] if c not in removed]
        # the bot's hand: its base cards face down (the round's draw adds the special cards)
        st.hand[WW] = content.deck(WW, True)
        st.rng.shuffle(st.hand[WW])
        # its vision deck: the 4 inner-mountain cards; the other 6 face up as its discard; markers on the inner four
        st.visions = []
        st.vision_shown = []
        st.peek = None
        deck = list(content.vision_inner)
        st.rng.shuffle(deck)
        st.vision_deck = deck
        st.vision_discard = list(content.vision_outer)
        for m in content.vision_inner:
            mark(st, m)
        st.emit("iw.forestbot.setup", rule, cards=removed, fb_variants=variants, level=level_of(variants))
        drule = cite("solo.forestbot.difficulty")
        if "spirits" in variants:
            add_spirits(st, 2, drule)
        if "four_specials" in variants:
            st.draw(WW, 2, drule)
        if "fewer_foundations" in variants:
            st.forestbot["boxed"] = 2
            st.emit("iw.forestbot.boxed", drule, n=2)
        for v in variants:
            if v.startswith("warriors_"):
                k = int(v.split("_")[1])
                outer = outer_forests(st)
                if k < 5:
                    st.rng.shuffle(outer)
                    outer = sorted(outer[:k])
                for o in outer:
                    if st.supply("ww") > 0:
                        st.ww[o] += 1
                        st.emit("iw.recruit", drule, seat=WW, loc=b.ids[o], unit="warrior")


class Turn(Step):
    """Tura Bota: Lokalizacja Totemu (Disruptive side), then the turn procedure of the side that is up."""

    kind = "iw.forestbot.turn"
    auto = True
    rule = cite("solo.forestbot.turn")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        stage = fr.get("stage", "start")
        if stage == "start":
            self._start(st, fr)
            return
        if stage == "check":
            if repr(signature(st)) == fr["sig"]:
                st.emit("iw.forestbot.compensation", cite("solo.forestbot.turn"), fb_icon=fr["icon"])
                gain(st, 1, cite("solo.forestbot.turn"))
            fr["stage"] = "icons"
            if fr.get("end"):
                _finish(st, fr)
            return
        # stage "icons"
        if fr.get("end") or fr["i"] >= len(fr["icons"]):
            st.pop(fr)
            return
        icon = fr["icons"][fr["i"]]
        fr["i"] += 1
        fr["icon"] = icon
        fr["sig"] = repr(signature(st))  # plain data in the frame
        fr["stage"] = "check"
        st.emit("iw.forestbot.icon", cite("solo.forestbot.icons"), fb_icon=icon, fb_side=st.forestbot["side"])
        resolve_icon(st, fr, icon)

    def _start(self, st: IronwoodState, fr: Fr) -> None:
        if "side" not in st.forestbot:  # a position set up without the solo setup step
            st.forestbot = {"side": DISRUPTIVE, "spirits": 0, "boxed": 0, "variants": variants_for(st.options)}
        check_side(st)
        side = st.forestbot["side"]
        if side == DISRUPTIVE and locate(st, cite("solo.forestbot.locate")):
            # discovered at the Locate step: a card is expended to mark the turn, the aid flips, the turn ends
            if st.hand[WW]:
                expend(st, fr)
            flip_to(st, EXALTED, cite("solo.forestbot.flip"))
            _finish(st, fr)
            return
        if not st.hand[WW]:
            empty_hand(st, fr)
            _finish(st, fr)
            return
        c = expend(st, fr)
        if side == DISRUPTIVE and st.crystals[IC] >= 5:
            st.emit("iw.forestbot.plunder", self.rule)
            move_warriors(st, "plunder", 5)
            _finish(st, fr)
            attack(st, fr, ("ferrum", "foundation"))
            return
        if side == EXALTED and any(st.ww[f] > 0 for f in totem_forests(st)):
            st.emit("iw.forestbot.secure", self.rule)
            move_warriors(st, "secure", 5)
            _finish(st, fr)
            return
        fr["icons"] = card_icons(st, c)
        fr["i"] = 0
        fr["stage"] = "icons"


def _finish(st: IronwoodState, fr: Fr) -> None:
    """End the bot's turn (unless the game just ended: a won game has no flow left)."""
    if st.result is None:
        st.pop(fr)


class FirstDraw(Step):
    """I/2 in the first round: the bot draws 2 special cards (it never takes the "draw 4, keep 2" option)."""

    kind = "iw.forestbot.first_draw"
    auto = True
    rule = cite("solo.forestbot.round")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        st.draw(WW, 2, self.rule)


class Markers(Step):
    """I/2-I/3 for the bot: the 2 cards just drawn are shuffled into its face-down hand (the only time its hand is
    shuffled); it has no Temporary cards, and the markers beside the Forest Spirits are not removed here."""

    kind = "iw.forestbot.markers"
    auto = True
    rule = cite("solo.forestbot.round")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        st.rng.shuffle(st.hand[WW])


class HandLimit(Step):
    """III/1: the hand limit of 8 is the person's ("Sprawdź limit kart Specjalnych na ręce"); the bot takes its base
    cards back, discards its special cards that were played, and keeps its hand as it is."""

    kind = "iw.forestbot.hand_limit"
    auto = True
    rule = cite("solo.forestbot.round")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)


class EndRecruit(Step):
    """III/3: with 2 or more crystals the bot recruits, 2 crystals a warrior, by its priorities (checked anew each
    time) until 0 or 1 crystal is left — before the person."""

    kind = "iw.forestbot.end_recruit"
    auto = True
    rule = cite("solo.forestbot.recruit")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        while st.crystals[WW] >= RECRUIT_COST and st.supply("ww") > 0:
            st.crystals[WW] -= RECRUIT_COST
            recruit(st, self.rule)


class BattlePlace(Step):
    """Przebieg Walki przeciwko Lasobotowi, I: after the person has placed (or not), the top card of the bot's hand
    is drawn and revealed as its card (none with an empty hand). The Forest Spirits: with a marker beside them the
    bot gets +1 dominance and +1 damage (Disruptive side up) or +1 defense (Exalted side up) in this fight, and one
    marker is removed."""

    kind = "iw.forestbot.battle.place"
    auto = True
    rule = cite("solo.forestbot.battle")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        battle = battle_frame(st)
        c = st.hand[WW].pop(0) if st.hand[WW] else ""
        battle["ca" if fr["role"] == "attacker" else "cd"] = c
        st.emit("iw.forestbot.placed", self.rule, card=c, role=fr["role"])
        # the rulebook ("Przebieg Walki przeciwko Lasobotowi", II) gives the Spirits' bonus whenever a marker is
        # beside them; the app gives it only when the bot places a card — the rulebook wins
        if st.forestbot.get("spirits", 0) > 0:
            ex = st.forestbot["side"] == EXALTED
            battle["sb"] = {WW: [0 if ex else 1, 1 if ex else 0, 1]}
            st.forestbot["spirits"] -= 1
            st.emit("iw.forestbot.spirits_used", cite("solo.forestbot.spirits"), fb_side=st.forestbot["side"],
                    left=st.forestbot["spirits"])


class BattleWound(Step):
    """The bot deals its damage: more than 1 and the person has golems there — golems first (2 points each); it
    never spends a lone point on a golem, it takes a warrior instead."""

    kind = "iw.forestbot.battle.wound"
    auto = True
    rule = cite("solo.forestbot.battle")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        battle = battle_frame(st)
        loc = battle[fr["side"]]
        n = fr["n"]
        w_have, g_have = st.icw[loc], st.golems[loc]
        g = min(g_have, n // 2) if n > 1 else 0
        w = min(w_have, n - 2 * g)
        battle["wa" if fr["side"] == "a" else "wd"] = [w, g]


class BattleRetreat(Step):
    """The bot wins: it forces the person's warband to the adjacent mountain with the fewest Ironclad units,
    preferring one that is not possible (unmarked); ties: the Magic die."""

    kind = "iw.forestbot.battle.retreat"
    auto = True
    rule = cite("solo.forestbot.retreat")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        loc = fr["loc"]
        adj = list(st.board.adj[loc])
        least = min(ic_units(st, m) for m in adj)
        cands = [m for m in adj if ic_units(st, m) == least]
        cands = [m for m in cands if not possible(st, m)] or cands
        to = magic_die(st, cands, self.rule)
        Retreat().choose(st, fr, Option(f"retreat {st.lid(to)}", "retreat", {"to": st.lid(to)}, self.rule))


def on_foundation(st: IronwoodState, mountain: str) -> None:
    """The person places a foundation: a marker goes beside the Forest Spirits (facts, part 2)."""
    add_spirits(st, 1, cite("solo.forestbot.spirits"))


STEPS: tuple[Step, ...] = (Setup(), Turn(), FirstDraw(), Markers(), HandLimit(), EndRecruit(), BattlePlace(),
                           BattleWound(), BattleRetreat(), Steal(), ShieldChoice())
HOOKS: dict[str, Any] = {"foundation": on_foundation}
