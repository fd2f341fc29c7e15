"""Tryb solo: the Ironbot (Żelazobot). The person plays the Woodwalkers; the engine plays the Ironclad.

The procedure of the rulebook's solo chapter (``shared/seeds/ironwood_instrukcja.txt``, "Przebieg Tury Żelazobota"
and "Kluczowe pojęcia"), completed where the OCR lacks the printed bot aid (stances, the turn card, the icons) by
the facts in ``notes/ironwood_solo_facts.md``; where the two differ the rulebook wins (each such place says so).

* Setup: the person's cards WW17, WW19, WW22, WW36 leave the game (the OCR prints "PK17, PK19, PK22, PK36", but
  the rulebook says "z własnej talii" — the person's, the Woodwalkers' deck); the bot's "hand" is its 3 base cards
  face down, its special cards shuffled as its deck; the stance marker on Expansive; the turn card Alert side up.
* Every bot turn: the stance is checked (Aggressive, else Defensive, else Expansive); if its hand is empty it draws
  one card as its hand and ends its turn; otherwise it spends the top card of its hand into its leftmost empty
  slot and follows its turn card's side. Resolving a card means its two icons, left then right, each read in the
  current stance; red icons (``*_red``) only with the ``red_icons`` variant. An icon that changes nothing (or has
  no valid target) gives the bot 1 crystal.
* The bot's hand is a face-down pile: ``st.hand["ironclad"][0]`` is its top. Cards it draws go to the bottom
  (unless an icon says "on top"); the hand is shuffled only in the round's Draw cards step.
* Ties are broken by the Magic die (``solo.magic_die``, rolled with ``st.rng``).
* The person's choices stay the person's decisions (the card placed in a fight, a card burned for the bot).

Difficulty ("Zwiększanie poziomu trudności"): ``options["variants"]`` lists variants by name, or
``options["difficulty"]`` = N picks the combination ``DIFFICULTY[N]`` (0-15); see ``VARIANTS``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ....engine import Option, Step, UnsupportedSetup
from ..battle import battle_frame
from ..effects import build, move_drill, run_effects
from ..sections import cite
from ..state import FORGE, FOUNDATION, HAND_LIMIT, IC, WW, IronwoodState
from . import magic_die

Fr = dict[str, Any]
STANCES = ("aggressive", "defensive", "expansive")
#: "Zwiększanie poziomu trudności": each variant and the levels it is worth. The five ``warriors_k`` are the
#: rulebook's one choice among "extra warriors" (at most one of them): +1 warrior on k random inner mountains
#: (k = 1-4), or on every inner mountain and Ferrum (k = 5).
VARIANTS: dict[str, int] = {
    "red_icons": 2,  # resolve the red icons
    "golem_on_ferrum": 3,  # a golem on Ferrum at setup
    "foundations": 3,  # a foundation on two random outer mountains (picked with vision cards) at setup
    "four_specials": 2,  # 4 special cards (instead of 2) shuffled into the bot's hand in the first round
    "warriors_1": 1, "warriors_2": 2, "warriors_3": 3, "warriors_4": 4, "warriors_5": 5,
}
#: ``options["difficulty"]`` = N: a documented combination worth exactly N levels (0 = the rules as printed)
DIFFICULTY: dict[int, tuple[str, ...]] = {
    0: (),
    1: ("warriors_1",),
    2: ("red_icons",),
    3: ("red_icons", "warriors_1"),
    4: ("red_icons", "four_specials"),
    5: ("red_icons", "golem_on_ferrum"),
    6: ("red_icons", "golem_on_ferrum", "warriors_1"),
    7: ("red_icons", "golem_on_ferrum", "four_specials"),
    8: ("red_icons", "golem_on_ferrum", "foundations"),
    9: ("red_icons", "golem_on_ferrum", "foundations", "warriors_1"),
    10: ("red_icons", "golem_on_ferrum", "foundations", "four_specials"),
    11: ("red_icons", "golem_on_ferrum", "foundations", "four_specials", "warriors_1"),
    12: ("red_icons", "golem_on_ferrum", "foundations", "four_specials", "warriors_2"),
    13: ("red_icons", "golem_on_ferrum", "foundations", "four_specials", "warriors_3"),
    14: ("red_icons", "golem_on_ferrum", "foundations", "four_specials", "warriors_4"),
    15: ("red_icons", "golem_on_ferrum", "foundations", "four_specials", "warriors_5"),
}
assert all(sum(VARIANTS[v] for v in vs) == n for n, vs in DIFFICULTY.items())


def check_options(options: dict[str, Any]) -> None:
    """Refuse a malformed ``variants`` list, a ``difficulty`` that disagrees with it, or starting warriors for the
    bot's seat (a handicap is for a less experienced player; the bot's extra warriors are the variants)."""
    rule = cite("solo.difficulty")
    if options.get("handicap", {}).get(IC):
        raise UnsupportedSetup.told("error_iw_ironbot_handicap", rule=rule)
    vs = options.get("variants")
    if vs is None:
        return
    if not isinstance(vs, list | tuple) or not all(isinstance(v, str) and v in VARIANTS for v in vs):
        raise UnsupportedSetup.told("error_iw_ironbot_variants", choices=", ".join(VARIANTS), rule=rule)
    if len(set(vs)) != len(vs) or sum(1 for v in vs if v.startswith("warriors_")) > 1:
        raise UnsupportedSetup.told("error_iw_variants_repeated", rule=rule)
    if "difficulty" in options and options["difficulty"] != sum(VARIANTS[v] for v in vs):
        raise UnsupportedSetup.told("error_iw_variants_level", difficulty=options["difficulty"],
                                    level=sum(VARIANTS[v] for v in vs), rule=rule)


def variants(st: IronwoodState) -> tuple[str, ...]:
    vs = st.options.get("variants")
    if vs is not None:
        return tuple(vs)
    return DIFFICULTY[int(st.options.get("difficulty", 0) or 0)]


def has_variant(st: IronwoodState, name: str) -> bool:
    vs = st.options.get("variants")
    if vs is not None:
        return name in vs
    return name in DIFFICULTY[int(st.options.get("difficulty", 0) or 0)]


# -- board measures ----------------------------------------------------------------------------------------
_DIST: dict[int, list[list[int]]] = {}
FAR = 99


def _distances(st: IronwoodState) -> list[list[int]]:
    """Steps between locations of one type along ridges (mountains) or paths (forests); FAR between types."""
    b = st.board
    key = id(b)
    d = _DIST.get(key)
    if d is None:
        n = len(b.ids)
        d = [[FAR] * n for _ in range(n)]
        for s in range(n):
            d[s][s] = 0
            frontier = [s]
            while frontier:
                nxt = []
                for a in frontier:
                    for c in b.adj[a]:
                        if d[s][c] == FAR:
                            d[s][c] = d[s][a] + 1
                            nxt.append(c)
                frontier = nxt
        _DIST[key] = d
    return d


def units(st: IronwoodState, m: int) -> int:
    return st.icw[m] + st.golems[m]


def size(st: IronwoodState, m: int) -> tuple[int, int]:
    """"Najmniejsza/największa Drużyna": by combat units; with as many units, more golems make it larger."""
    return st.icw[m] + st.golems[m], st.golems[m]


def max_ww(st: IronwoodState, m: int) -> int:
    """The largest Woodwalker warband sharing a border with mountain m."""
    return max((st.ww[f] for f in st.board.borders[m]), default=0)


def sum_ww(st: IronwoodState, m: int) -> int:
    return sum(st.ww[f] for f in st.board.borders[m])


def forest_dist_to_totem(st: IronwoodState, f: int) -> int:
    d = _distances(st)
    return min((d[f][t[0]] for t in st.totems), default=FAR)


def mountain_dist_to_totem(st: IronwoodState, m: int) -> int:
    """Mountain to the nearest totem: one step across a border, then along paths."""
    d = _distances(st)
    return min((1 + d[f][t[0]] for f in st.board.borders[m] for t in st.totems), default=FAR)


def is_marked(st: IronwoodState, m: int) -> bool:
    return m in st.ib_marked


def may_enter(st: IronwoodState, m: int) -> bool:
    return not st.marked(m, "blockade", WW)


def best(st: IronwoodState, cands: Sequence[int], key: Callable[[int], Any], rule: str) -> int | None:
    """The candidate with the smallest key; a tie goes to the Magic die."""
    if not cands:
        return None
    k = min(key(c) for c in cands)
    return magic_die(st, [c for c in cands if key(c) == k], rule)


def movable(st: IronwoodState, m: int, keep: int) -> tuple[int, int]:
    """(warriors, golems) that may leave m now: not moved this turn, leaving ``keep`` units behind."""
    fw = max(0, st.icw[m] - st.mv_icw[m])
    fg = max(0, st.golems[m] - st.mv_golem[m])
    room = max(0, units(st, m) - keep)
    g = min(fg, room)
    w = min(fw, room - g)
    return w, g


def move_units(st: IronwoodState, a: int, d: int, n: int, rule: str, keep: int, golems_first: bool = True) -> int:
    """Move up to n units a -> d (golems always before warriors); returns how many moved."""
    w, g = movable(st, a, keep)
    if not golems_first:
        g = 0
    g = min(g, n)
    w = min(w, n - g)
    if w + g == 0:
        return 0
    st.icw[a] -= w
    st.golems[a] -= g
    st.icw[d] += w
    st.golems[d] += g
    st.mv_icw[d] += w
    st.mv_golem[d] += g
    st.emit("iw.move_warband", rule, seat=IC, frm=st.lid(a), to=st.lid(d), warriors=w, golems=g)
    return w + g


def keep_at(st: IronwoodState, m: int, elsewhere: int) -> int:
    """Units a bot move leaves behind: 3 on Ferrum (they guard it), ``elsewhere`` on other mountains."""
    return 3 if m == st.board.ferrum else elsewhere


def last_turn(st: IronwoodState) -> bool:
    """The bot's third turn of the round is the round's last turn (the Woodwalkers play first)."""
    for fr in reversed(st.stack):
        if fr["k"] == "iw.round":
            return fr.get("t", 0) >= 6
    return False


# -- the warband in focus and attacking ---------------------------------------------------------------------
def focus(st: IronwoodState, among: Sequence[int] | None = None) -> int | None:
    """"Drużyna w centrum uwagi": among Woodwalker warbands the Ironclad may attack (not in outer forests, not
    sheltered by a card's mark) that share a border with an Ironclad warband: one with a totem (a fading one, unless
    it is the round's last turn; then the one nearest an outer forest); with no totem among them, the largest of
    those nearest a totem; with no totem on the board, the smallest. Ties: the better unit difference for the bot,
    then the Magic die."""
    b = st.board
    rule = cite("solo.ironbot.focus")
    cands = [f for f in (b.forests() if among is None else among)
             if st.ww[f] > 0 and b.rings[f] != "outer" and any(units(st, m) for m in b.borders[f])
             and not st.marked(f, "shelter", WW)]  # a sheltered warband cannot be attacked (a card's mark)
    if not cands:
        return None
    last = last_turn(st)
    d = _distances(st)
    outer = [f for f in b.forests() if b.rings[f] == "outer"]

    def diff(f: int) -> int:
        return -(max(units(st, m) for m in b.borders[f]) - st.ww[f])

    def totem_here(f: int) -> list[int]:
        return [t[1] for t in st.totems if t[0] == f and not (t[1] and last)]

    with_totem = [f for f in cands if totem_here(f)]
    if with_totem:
        def key(f: int) -> tuple[int, ...]:
            fading = 0 if (not last and any(totem_here(f))) else 1
            return fading, min(d[f][o] for o in outer), diff(f)
        return best(st, with_totem, key, rule)
    if st.totems:
        return best(st, cands, lambda f: (forest_dist_to_totem(st, f), -st.ww[f], diff(f)), rule)
    return best(st, cands, lambda f: (st.ww[f], diff(f)), rule)


def attack(st: IronwoodState, fr: Fr, among: Sequence[int] | None = None) -> None:
    """"Atakowanie": the warband in focus, with the largest Ironclad warband sharing a border with it, if the unit
    difference is at least 0; with no card in hand the bot skips the attack and draws a special card instead."""
    rule = cite("solo.ironbot.attack")
    f = focus(st, among)
    if f is None:
        return
    st.emit("iw.ironbot.focus", cite("solo.ironbot.focus"), loc=st.lid(f))
    b = st.board
    srcs = [m for m in b.borders[f] if units(st, m) > 0]
    a = best(st, srcs, lambda m: tuple(-x for x in size(st, m)), rule)
    assert a is not None
    if units(st, a) - st.ww[f] < 0:
        st.emit("iw.ironbot.no_attack", rule, frm=st.lid(a), to=st.lid(f))
        return
    if not st.hand[IC]:
        st.emit("iw.ironbot.no_card", rule)
        st.draw(IC, 1, rule)
        return
    st.emit("iw.attack", rule, seat=IC, frm=st.lid(a), to=st.lid(f), card=fr.get("card") or "")
    st.push("iw.battle", att=IC, a=a, d=f, card=fr.get("card") or "", win=[], bonus=[0, 0, 0], stage="start",
            again=False)


# -- moving warbands: Chase, Protect, Expand ----------------------------------------------------------------
def chase(st: IronwoodState) -> None:
    """"Pościg": to the mountain bordering the warband in focus where one warband move makes the largest warband
    (unmarked first, then the die), from the adjacent mountain with the largest warband (Ferrum keeps 3), golems
    first, until the Ironclad outnumbers the focus; no move if an adjacent Ironclad warband already does."""
    rule = cite("solo.ironbot.chase")
    f = focus(st)
    if f is None:
        return
    st.emit("iw.ironbot.focus", cite("solo.ironbot.focus"), loc=st.lid(f))
    b = st.board
    if max(units(st, m) for m in b.borders[f]) > st.ww[f]:
        return

    def reach(t: int) -> int:
        return max((sum(movable(st, s, keep_at(st, s, 0))) for s in b.adj[t]), default=0)

    targets = [t for t in b.borders[f] if may_enter(st, t) and reach(t) > 0]
    t = best(st, targets, lambda t: (-(units(st, t) + reach(t)), 1 if is_marked(st, t) else 0), rule)
    if t is None:
        return
    srcs = [s for s in b.adj[t] if sum(movable(st, s, keep_at(st, s, 0))) > 0]
    s = best(st, srcs, lambda s: -sum(movable(st, s, keep_at(st, s, 0))), rule)
    assert s is not None
    need = st.ww[f] + 1 - units(st, t)
    move_units(st, s, t, max(0, need), rule, keep_at(st, s, 0))


def _source(st: IronwoodState, t: int, rule: str, no_foundation: bool) -> int | None:
    srcs = [s for s in st.board.adj[t] if sum(movable(st, s, keep_at(st, s, 1))) > 0
            and not (no_foundation and st.site[s] == FOUNDATION)]
    return best(st, srcs, lambda s: -(units(st, s) - keep_at(st, s, 0)), rule)


def protect(st: IronwoodState) -> None:
    """"Ochrona": Ferrum if it has fewer than 3 units; else a mountain with a foundation bordered by a larger
    Woodwalker warband than the Ironclad one there (unmarked first, the smallest Ironclad warband first); else an
    unmarked inner mountain so threatened. The source: a mountain without a foundation, with the largest adjacent
    warband (Ferrum less 3); all units but one (three on Ferrum) move, golems first; no source: the move is lost."""
    rule = cite("solo.ironbot.protect")
    b = st.board
    t: int | None = None
    if units(st, b.ferrum) < 3:
        t = b.ferrum
    else:
        fnd = [m for m in b.mountains() if st.site[m] == FOUNDATION and max_ww(st, m) > units(st, m)
               and may_enter(st, m)]
        t = best(st, fnd, lambda m: (1 if is_marked(st, m) else 0, size(st, m)), rule)
        if t is None:
            inner = [m for m in b.mountains() if b.rings[m] == "inner" and not is_marked(st, m)
                     and max_ww(st, m) > units(st, m) and may_enter(st, m)]
            t = best(st, inner, lambda m: 0, rule)
    if t is None:
        return
    s = _source(st, t, rule, True)
    if s is None:
        return
    move_units(st, s, t, units(st, s), rule, keep_at(st, s, 1))


def expand(st: IronwoodState) -> None:
    """"Rozwój": an uncontrolled unmarked outer mountain without a forge, a foundation first, with the fewest
    adjacent Woodwalker warriors; else an uncontrolled outer mountain with a foundation, fewest adjacent warriors;
    else an uncontrolled unmarked inner mountain with the largest adjacent Woodwalker warband. The source as for
    Protect (any mountain); when no unit can reach the target, the next target."""
    rule = cite("solo.ironbot.expand")
    b = st.board

    def tier(m: int) -> tuple[int, ...] | None:
        if units(st, m) > 0 or not may_enter(st, m):
            return None
        if b.rings[m] == "outer":
            if not is_marked(st, m) and st.site[m] != FORGE:
                return 0, 0 if st.site[m] == FOUNDATION else 1, sum_ww(st, m)
            if st.site[m] == FOUNDATION:
                return 1, 0, sum_ww(st, m)
            return None
        if b.rings[m] == "inner" and not is_marked(st, m):
            return 2, 0, -max_ww(st, m)
        return None

    left = [m for m in b.mountains() if tier(m) is not None]
    while left:
        t = best(st, left, lambda m: tier(m), rule)
        assert t is not None
        s = _source(st, t, rule, False)
        if s is not None:
            move_units(st, s, t, units(st, s), rule, keep_at(st, s, 1))
            return
        left.remove(t)


# -- the drill, recruiting, forges, golems ------------------------------------------------------------------
def drill_target(st: IronwoodState) -> int | None:
    """"Poruszanie Wiertła": with 3+ crystals of cargo, a step towards the nearest forge; otherwise to an adjacent
    mountain without a forge — the larger Ironclad and the smaller Woodwalker warband there; with no Ironclad warband
    on any of them, the one next to the larger Ironclad warband. Ties: the die."""
    rule = cite("solo.ironbot.drill")
    b = st.board
    a = st.drill
    steps = [m for m in b.adj[a] if may_enter(st, m)]
    if st.cargo >= 3:
        d = _distances(st)
        forges = [g for g in b.mountains() if st.has_forge(g)]
        near = min((d[a][g] for g in forges), default=FAR)
        if near == FAR or near == 0:
            return None
        steps = [m for m in steps if any(d[a][g] == near and d[m][g] == near - 1 for g in forges)]
        return best(st, steps, lambda m: (tuple(-x for x in size(st, m)), max_ww(st, m)), rule)
    steps = [m for m in steps if not st.has_forge(m)]
    if any(units(st, m) for m in steps):
        return best(st, steps, lambda m: (tuple(-x for x in size(st, m)), max_ww(st, m)), rule)

    def near_ic(m: int) -> tuple[int, int]:
        return max((size(st, n) for n in b.adj[m] if n != a), default=(0, 0))
    return best(st, steps, lambda m: tuple(-x for x in near_ic(m)), rule)


def drill(st: IronwoodState) -> None:
    d = drill_target(st)
    if d is not None:
        move_drill(st, st.drill, d)


def drill_pull(st: IronwoodState) -> None:
    """DRILL icon, second part: up to 2 Ironclad warriors from the adjacent warband onto the drill's mountain (the
    largest one; a source keeps one unit, Ferrum three, as in the bot's other moves)."""
    rule = cite("solo.ironbot.drill")
    t = st.drill
    if not may_enter(st, t):
        return
    srcs = [s for s in st.board.adj[t] if movable(st, s, keep_at(st, s, 1))[0] > 0]
    s = best(st, srcs, lambda s: -(units(st, s) - keep_at(st, s, 0)), rule)
    if s is not None:
        move_units(st, s, t, 2, rule, keep_at(st, s, 1), golems_first=False)


def recruit_place(st: IronwoodState) -> int:
    """Werbunek: Ferrum while it has fewer than 3 warriors, else the forge with the smallest Ironclad warband
    (Ferrum too); ties: the die."""
    b = st.board
    if st.icw[b.ferrum] < 3:
        return b.ferrum
    forges = [m for m in b.mountains() if st.has_forge(m)]
    got = best(st, forges, lambda m: size(st, m), cite("solo.ironbot.recruit"))
    return b.ferrum if got is None else got


def recruit(st: IronwoodState, rule: str) -> bool:
    if st.supply("icw") <= 0:
        return False
    m = recruit_place(st)
    st.icw[m] += 1
    st.emit("iw.recruit", rule, seat=IC, loc=st.lid(m), unit="warrior")
    return True


def build_forge(st: IronwoodState) -> bool:
    """"Budowanie Kuźni": spend 5 crystals to turn a controlled foundation into a forge — the one with the smallest
    Ironclad warband; ties: the die."""
    rule = cite("solo.ironbot.forge")
    cands = [m for m in st.board.mountains() if st.site[m] == FOUNDATION and st.controls(IC, m)]
    if st.crystals[IC] < 5 or not cands:
        return False
    m = best(st, cands, lambda m: size(st, m), rule)
    assert m is not None
    st.crystals[IC] -= 5
    st.emit("iw.spend", rule, seat=IC, n=5)
    build(st, m, rule)
    return True


def found(st: IronwoodState) -> bool:
    """Expansive, Alert side: a foundation on the controlled outer mountain (without one) with the largest warband."""
    rule = cite("solo.ironbot.turn")
    b = st.board
    if st.supply("forge") <= 0:
        return False
    cands = [m for m in b.mountains() if b.rings[m] == "outer" and st.site[m] == 0 and st.controls(IC, m)]
    m = best(st, cands, lambda m: tuple(-x for x in size(st, m)), rule)
    if m is None:
        return False
    st.site[m] = FOUNDATION
    st.emit("iw.foundation", rule, loc=st.lid(m))
    return True


def golem(st: IronwoodState) -> None:
    """GOLEM: one Ironclad warrior becomes a golem — in the warband nearest a totem, else the largest; the die."""
    rule = cite("solo.ironbot.icons")
    if st.supply("golem") <= 0:
        return
    cands = [m for m in st.board.mountains() if st.icw[m] > 0]
    if st.totems:
        m = best(st, cands, lambda m: (mountain_dist_to_totem(st, m), tuple(-x for x in size(st, m))), rule)
    else:
        m = best(st, cands, lambda m: tuple(-x for x in size(st, m)), rule)
    if m is None:
        return
    st.icw[m] -= 1
    st.golems[m] += 1
    st.mv_golem[m] += min(1, st.mv_icw[m])
    st.mv_icw[m] = min(st.mv_icw[m], st.icw[m])
    st.emit("iw.ironbot.golem", rule, loc=st.lid(m))


def remove_ww(st: IronwoodState) -> None:
    """SHIELD, Aggressive: one Woodwalker warrior removed from the warband with a totem, else nearest one."""
    rule = cite("solo.ironbot.icons")
    if not st.totems:
        return
    cands = [f for f in st.board.forests() if st.ww[f] > 0]
    f = best(st, cands, lambda f: forest_dist_to_totem(st, f), rule)
    if f is None:
        return
    st.ww[f] -= 1
    st.mv_ww[f] = min(st.mv_ww[f], st.ww[f])
    st.emit("iw.removed", rule, seat=WW, loc=st.lid(f), unit="warrior")


def draw_top(st: IronwoodState, rule: str) -> None:
    """A card drawn "on top of the bot's hand" (the CARD and BATTLE icons)."""
    got = st.draw(IC, 1, rule)
    if got:
        st.hand[IC].remove(got[0])
        st.hand[IC].insert(0, got[0])


def gain(st: IronwoodState, n: int, rule: str) -> None:
    k = st.gain(IC, n)
    st.emit("iw.gain", rule, seat=IC, n=k)


# -- the turn ------------------------------------------------------------------------------------------------
def stance(st: IronwoodState) -> str:
    """Checked at the start of each bot turn, first match: Aggressive — a totem on the board in a forest bordering
    an Ironclad warband (the printed aid is not in the OCR; the app's wording "an Ironclad warband with a totem on
    the same forest" cannot happen literally, Ironclad units stand on mountains, so we read it as "next to");
    Defensive — 5+ crystals and a controlled foundation; Expansive otherwise."""
    b = st.board
    if any(units(st, m) for t in st.totems for m in b.borders[t[0]]):
        return "aggressive"
    if st.crystals[IC] >= 5 and any(st.site[m] == FOUNDATION and st.controls(IC, m) for m in b.mountains()):
        return "defensive"
    return "expansive"


def icon_ops(st: IronwoodState, icon: str) -> list[list[Any]]:
    """What one icon does in the current stance (see the module docstring and the table in the facts notes)."""
    s = st.ib_stance
    if icon == "compass":
        return {"aggressive": [["compass_attack"]], "defensive": [["protect"]], "expansive": [["expand"]]}[s]
    if icon == "shield":
        return {"aggressive": [["remove_ww"]], "defensive": [["burn"]], "expansive": [["gain", 1]]}[s]
    if icon == "hit":
        return {"aggressive": [["chase"], ["attack"]], "defensive": [["protect"], ["attack"]],
                "expansive": [["attack"]]}[s]
    if icon == "crystals":
        return [["gain", 1], ["drill"]]
    if icon == "drill":
        return [["drill"], ["drill_pull"]]
    if icon == "card":
        return [["draw_top"], ["gain", 1]]
    if icon == "warband":
        return [["expand"]] if units(st, st.board.ferrum) >= 5 else [["recruit"]]
    if icon == "forge":
        if s == "defensive":
            return [["forge_or_recruit"]]
        return [["spend", 1, [["recruit"], ["attack" if s == "aggressive" else "expand"]]]]
    if icon == "golem":
        return [["golem"]]
    if icon == "battle":
        return [["battle"]]
    raise ValueError(f"unknown Ironbot icon {icon!r}")


def fingerprint(st: IronwoodState) -> list[Any]:
    """What an icon could change: compared before and after it ("nie powoduje żadnych zmian w stanie gry")."""
    return [st.ww[:], st.icw[:], st.golems[:], st.site[:], st.drill, st.drill_step, st.cargo,
            [st.crystals[WW], st.crystals[IC]], [len(st.hand[WW]), len(st.hand[IC]), len(st.deck[IC])],
            len(st.visions), [t[:] for t in st.totems], st.secured, st.result is not None]


class Turn(Step):
    """Przebieg Tury Żelazobota, as a list of operations in the frame (plain data) run one at a time; an
    operation that starts a fight or asks the person something pushes that on top and the list continues after."""

    kind = "iw.ironbot.turn"
    auto = True
    rule = cite("solo.ironbot.turn")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        ops = fr.setdefault("ops", [["start"]])
        if not ops or st.result is not None:
            st.pop(fr)
            return
        op = ops.pop(0)
        getattr(self, "op_" + op[0])(st, fr, *op[1:])

    # the turn's skeleton
    def op_start(self, st: IronwoodState, fr: Fr) -> None:
        new = stance(st)
        if new != st.ib_stance:
            st.ib_stance = new
            st.emit("iw.ironbot.stance", cite("solo.ironbot.stance"), stance=new)
        if not st.hand[IC]:  # "Jeśli kiedykolwiek w Turze Bota jego ręka będzie pusta" (see op_spend's note)
            st.slots[IC].append(["pass"])
            st.emit("iw.ironbot.empty_hand", cite("solo.ironbot.empty_hand"))
            st.draw(IC, 1, cite("solo.ironbot.empty_hand"))
            fr["ops"] = []
            return
        # The empty-hand rule is checked when the bot must spend a card: read as "at any time", it would also end
        # a turn whose last card was just spent, and the rule "if the bot starts a fight with no card to place it
        # draws instead" could never apply. Both rules are the rulebook's; this reading keeps both alive.
        c = st.hand[IC].pop(0)
        st.slots[IC].append([c])
        fr["card"] = c
        st.emit("iw.ironbot.spend", cite("solo.ironbot.turn"), card=c, stance=st.ib_stance, side=st.ib_side)
        fr["ops"] = [["side"]]

    def op_side(self, st: IronwoodState, fr: Fr) -> None:
        s = st.ib_stance
        if st.ib_side == "exhausted":
            fr["ops"] = [*self._icons(st, fr), ["flip", "alert"]]
        elif s == "aggressive":
            win = (st.outer_forges() >= 2 and st.crystals[IC] >= 5
                   and any(st.site[m] == FOUNDATION and st.controls(IC, m) for m in st.board.mountains()))
            fr["ops"] = [["build"], ["flip", "exhausted"]] if win else [["chase"], ["attack"], ["flip", "exhausted"]]
        elif s == "defensive":
            fr["ops"] = [["build"], ["flip", "exhausted"]]
        else:
            fr["ops"] = [["found"]]

    def _icons(self, st: IronwoodState, fr: Fr) -> list[list[Any]]:
        red = has_variant(st, "red_icons")
        out: list[list[Any]] = []
        for icon in st.card(fr["card"]).icons:
            if icon.endswith("_red"):
                if not red:
                    continue
                icon = icon.removesuffix("_red")
            out.append(["icon", icon])
        return out

    def op_flip(self, st: IronwoodState, fr: Fr, side: str) -> None:
        if st.ib_side != side:
            st.ib_side = side
            st.emit("iw.ironbot.side", cite("solo.ironbot.turn"), side=side)

    def op_found(self, st: IronwoodState, fr: Fr) -> None:
        if found(st):
            gain(st, 1, cite("solo.ironbot.turn"))
            fr["ops"] = [["flip", "exhausted"]]
        else:  # the Alert side stays up
            fr["ops"] = self._icons(st, fr)

    def op_build(self, st: IronwoodState, fr: Fr) -> None:
        build_forge(st)

    # icons
    def op_icon(self, st: IronwoodState, fr: Fr, icon: str) -> None:
        st.emit("iw.ironbot.icon", cite("solo.ironbot.icons"), icon=icon, stance=st.ib_stance)
        fr["fp"] = fingerprint(st)
        fr["ops"][0:0] = [*icon_ops(st, icon), ["icon_end", icon]]

    def op_icon_end(self, st: IronwoodState, fr: Fr, icon: str) -> None:
        if fingerprint(st) == fr.get("fp"):
            n = st.gain(IC, 1)
            st.emit("iw.ironbot.compensation", cite("solo.ironbot.compensation"), icon=icon, n=n)

    def op_gain(self, st: IronwoodState, fr: Fr, n: int) -> None:
        gain(st, n, cite("solo.ironbot.icons"))

    def op_spend(self, st: IronwoodState, fr: Fr, n: int, then: list[list[Any]]) -> None:
        if st.crystals[IC] >= n:  # Wydaj: all or nothing, and what follows only if spent
            st.crystals[IC] -= n
            st.emit("iw.spend", cite("solo.ironbot.icons"), seat=IC, n=n)
            fr["ops"][0:0] = [list(x) for x in then]

    def op_attack(self, st: IronwoodState, fr: Fr) -> None:
        attack(st, fr)

    def op_compass_attack(self, st: IronwoodState, fr: Fr) -> None:
        """COMPASS, Aggressive: attack a smaller Woodwalker warband that has or is next to a totem; else Chase."""
        b = st.board
        near = {t[0] for t in st.totems} | {f for t in st.totems for f in b.adj[t[0]]}
        small = [f for f in near if b.types[f] == "forest" and b.rings[f] != "outer" and 0 < st.ww[f]
                 < max((units(st, m) for m in b.borders[f]), default=0)]
        if small:
            attack(st, fr, small)
        else:
            chase(st)

    def op_chase(self, st: IronwoodState, fr: Fr) -> None:
        chase(st)

    def op_protect(self, st: IronwoodState, fr: Fr) -> None:
        protect(st)

    def op_expand(self, st: IronwoodState, fr: Fr) -> None:
        expand(st)

    def op_drill(self, st: IronwoodState, fr: Fr) -> None:
        drill(st)

    def op_drill_pull(self, st: IronwoodState, fr: Fr) -> None:
        drill_pull(st)

    def op_draw_top(self, st: IronwoodState, fr: Fr) -> None:
        draw_top(st, cite("solo.ironbot.icons"))

    def op_recruit(self, st: IronwoodState, fr: Fr) -> None:
        recruit(st, cite("solo.ironbot.recruit"))

    def op_forge_or_recruit(self, st: IronwoodState, fr: Fr) -> None:
        if not build_forge(st):
            recruit(st, cite("solo.ironbot.recruit"))

    def op_golem(self, st: IronwoodState, fr: Fr) -> None:
        golem(st)

    def op_remove_ww(self, st: IronwoodState, fr: Fr) -> None:
        remove_ww(st)

    def op_burn(self, st: IronwoodState, fr: Fr) -> None:
        """SHIELD, Defensive: the person burns one card (a special or a vision card) of their choice."""
        if any(not st.card(c).base for c in st.hand[WW]) or st.visions:
            st.push("iw.ironbot.burn", seat=WW)

    def op_battle(self, st: IronwoodState, fr: Fr) -> None:
        """BATTLE: Alert side up — Chase, then attack. Exhausted side up — draw a card on top of the hand, discard
        this card, turn the card to its Alert side and take the turn again."""
        if st.ib_side == "alert":
            fr["ops"][0:0] = [["chase"], ["attack"]]
            return
        rule = cite("solo.ironbot.turn")
        draw_top(st, rule)
        c = fr["card"]
        for slot in st.slots[IC]:
            if c in slot:
                slot.remove(c)
        st.slots[IC] = [s for s in st.slots[IC] if s]
        # a base card never leaves its owner: it waits beside the discard pile for the round's end (a content's own
        # base card could show BATTLE; the printed ones do not)
        (st.spent[IC] if st.card(c).base else st.discard[IC]).append(c)
        st.emit("iw.ironbot.battle_again", rule, card=c)
        st.ib_side = "alert"
        st.emit("iw.ironbot.side", rule, side="alert")
        fr["ops"] = [["start"]]


class Burn(Step):
    """The person burns one card for the Ironbot's SHIELD icon (Defensive): all or nothing, no skipping."""

    kind = "iw.ironbot.burn"
    rule = cite("keyword.burn")

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        out = [Option(f"burn {c}", "burn", {"card": c}, self.rule) for c in dict.fromkeys(st.hand[WW])
               if not st.card(c).base]
        out += [Option(f"burn vision:{m}", "burn", {"card": "vision:" + m}, self.rule)
                for m in dict.fromkeys(st.visions)]
        return out

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        c = opt.args["card"]
        if c.startswith("vision:"):
            m = c.split(":", 1)[1]
            st.visions.remove(m)
            st.vision_discard.append(m)
            st.emit("iw.burn_vision", self.rule, seat=WW)
            st.hook("vision_burned", mountain=m)
            return
        st.hand[WW].remove(c)
        st.discard[WW].append(c)
        st.emit("iw.burn", self.rule, seat=WW, card=c)
        if st.card(c).on_burn:
            run_effects(st, WW, c, st.card(c).on_burn)


# -- setup and the round -------------------------------------------------------------------------------------
class Setup(Step):
    """Przygotowanie do gry: the solo changes and the chosen difficulty variants."""

    kind = "iw.ironbot.setup"
    auto = True
    rule = cite("solo.ironbot.setup")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        b = st.board
        removed = [c for c in st.content.solo_removed.get("ironbot", ()) if c in st.deck[WW] or c in st.hand[WW]]
        st.deck[WW] = [c for c in st.deck[WW] if c not in removed]
        st.hand[WW] = [c for c in st.hand[WW] if c not in removed]
        st.rng.shuffle(st.hand[IC])  # the 3 base cards, face down: the bot's hand
        st.ib_stance, st.ib_side, st.ib_marked = "expansive", "alert", []
        vs = variants(st)
        st.emit("iw.ironbot.setup", self.rule, cards=removed, variants=list(vs),
                level=sum(VARIANTS[v] for v in vs))
        rule = cite("solo.difficulty")
        if "golem_on_ferrum" in vs and st.supply("golem") > 0:
            st.golems[b.ferrum] += 1
            st.emit("iw.recruit", rule, seat=IC, loc=st.lid(b.ferrum), unit="golem")
        if "foundations" in vs:
            outer = list(st.content.vision_outer)  # two random outer mountains, picked with their vision cards
            st.rng.shuffle(outer)
            for m in outer[:2]:
                if st.supply("forge") > 0:
                    st.site[st.loc(m)] = FOUNDATION
                    st.emit("iw.foundation", rule, loc=m)
        k = next((VARIANTS[v] for v in vs if v.startswith("warriors_")), 0)
        if k:
            inner = [m for m in b.mountains() if b.rings[m] == "inner"]
            st.rng.shuffle(inner)
            places = inner[:k] if k < 5 else [*inner, b.ferrum]
            for m in places:
                if st.supply("icw") > 0:
                    st.icw[m] += 1
                    st.emit("iw.recruit", rule, seat=IC, loc=st.lid(m), unit="warrior")


class DrawCards(Step):
    """Dobierz karty: the bot draws 2 special cards and shuffles them, face down, into its hand (4 in the first
    round with the ``four_specials`` variant, "zamiast 2")."""

    kind = "iw.ironbot.draw_cards"
    auto = True
    rule = cite("solo.ironbot.draw")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        n = 4 if st.round_no == 1 and has_variant(st, "four_specials") else 2
        st.draw(IC, n, self.rule)
        st.rng.shuffle(st.hand[IC])
        st.emit("iw.ironbot.shuffle", self.rule, n=len(st.hand[IC]))


class FirstDraw(DrawCards):
    """The first round's draw: the person's "draw 4, keep 2" choice is not the bot's; it draws as every round."""

    kind = "iw.ironbot.first_draw"


class Markers(Step):
    """Usuń znaczniki: the bot has no Temporary cards; the markers on the mountains it marked are never removed."""

    kind = "iw.ironbot.markers"
    auto = True
    rule = cite("solo.ironbot.round")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)


class HandLimit(Step):
    """The hand limit of 8 cards (base cards included): the rulebook's round summary exempts the bot from nothing
    here, and its hand is face down and unordered for this purpose — random special cards are discarded."""

    kind = "iw.ironbot.hand_limit"
    auto = True
    rule = cite("round.end.hand_limit")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        while st.action_cards(IC) > HAND_LIMIT:
            specials = [c for c in st.hand[IC] if not st.card(c).base]
            if not specials:
                break
            c = st.rng.choice(specials)
            st.hand[IC].remove(c)
            st.discard[IC].append(c)
            st.emit("iw.discard", self.rule, seat=IC, card=c)


class EndRecruit(Step):
    """Werbunek: while the bot has 5 or more crystals it recruits, 2 crystals a warrior, until it has fewer than 5
    (the app keeps 3: the rulebook wins), by the recruiting priorities."""

    kind = "iw.ironbot.end_recruit"
    auto = True
    rule = cite("solo.ironbot.recruit")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        while st.crystals[IC] >= 5 and st.supply("icw") > 0:
            st.crystals[IC] -= 2
            recruit(st, self.rule)


# -- combat against the Ironbot ------------------------------------------------------------------------------
#: the stance's bonus in a fight: Expansive +1 damage, Aggressive +1 dominance, Defensive +1 defense
STANCE_BONUS = {"expansive": [1, 0, 0], "aggressive": [0, 0, 1], "defensive": [0, 1, 0]}


class Place(Step):
    """Przebieg Walki: the person has placed (or not); the bot reveals the top card of its hand (none if empty)
    and fights with its stance's bonus."""

    kind = "iw.ironbot.battle.place"
    auto = True
    rule = cite("solo.ironbot.battle")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        battle = battle_frame(st)
        c = st.hand[IC].pop(0) if st.hand[IC] else ""
        battle["ca" if fr["role"] == "attacker" else "cd"] = c
        battle["sb"] = {IC: list(STANCE_BONUS[st.ib_stance])}
        st.emit("iw.ironbot.reveal", self.rule, card=c, stance=st.ib_stance)


class Wound(Step):
    """The bot deals its damage: Woodwalker warriors are all alike, one per point."""

    kind = "iw.ironbot.battle.wound"
    auto = True
    rule = cite("battle.wounds")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        battle = battle_frame(st)
        loc = battle[fr["side"]]
        n = fr["n"]
        if st.board.types[loc] == "forest":
            battle["wa" if fr["side"] == "a" else "wd"] = [min(n, st.ww[loc]), 0]
        else:  # not reached (the bot never fights itself); golems take two points each, warriors first
            w = min(n, st.icw[loc])
            battle["wa" if fr["side"] == "a" else "wd"] = [w, min(st.golems[loc], (n - w) // 2)]


class Retreat(Step):
    """The bot won: the person's warband retreats away from the mountain of the fight (no longer bordering it),
    to the adjacent forest with the smallest (or no) Woodwalker warband, never into a forest with a totem; ties:
    the die. With no such forest the warband stays."""

    kind = "iw.ironbot.battle.retreat"
    auto = True
    rule = cite("solo.ironbot.retreat")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        st.pop(fr)
        a = fr["loc"]
        if fr["loser"] != WW:
            return
        battle = battle_frame_or_none(st)
        m = None
        if battle is not None:
            m = battle["a"] if battle["att"] == IC else battle["d"]
        totems = {t[0] for t in st.totems}
        cands = [d for d in st.board.adj[a] if d not in totems and (m is None or m not in st.board.borders[d])]
        d = best(st, cands, lambda d: st.ww[d], self.rule)
        if d is None:
            st.emit("iw.ironbot.no_retreat", self.rule, loc=st.lid(a))
            return
        n = st.ww[a]
        st.ww[a] = 0
        st.ww[d] += n
        st.mv_ww[d] += st.mv_ww[a]
        st.mv_ww[a] = 0
        st.emit("iw.retreat", self.rule, seat=WW, frm=st.lid(a), to=st.lid(d), warriors=n, golems=0)


def battle_frame_or_none(st: IronwoodState) -> Fr | None:
    for fr in reversed(st.stack):
        if fr["k"] == "iw.battle":
            return fr
    return None


# -- reactions to the person's play (IronwoodState.hook) ------------------------------------------------------
def mark(st: IronwoodState, mountain: str) -> None:
    """Oznaczanie Gór: a mountain whose vision card the person played (discovered), discarded or burned is marked
    for good — the bot "knows" the person will not try to discover there."""
    i = st.loc(mountain)
    if i not in st.ib_marked:
        st.ib_marked.append(i)
        st.emit("iw.ironbot.mark", cite("solo.ironbot.mark"), mountain=mountain)


def drill_vision(st: IronwoodState) -> None:
    """The drill track's vision bonus for the bot: it does not look at the vision deck; if the person holds more
    than one vision card, one at random goes back into the vision deck, shuffled."""
    rule = cite("solo.ironbot.drill")
    if len(st.visions) <= 1:
        return
    m = st.rng.choice(st.visions)
    st.visions.remove(m)
    st.vision_deck.append(m)
    st.rng.shuffle(st.vision_deck)
    st.peek = None
    st.emit("iw.ironbot.vision_back", rule)
    st.emit("iw.ironbot.vision_back_card", rule, (WW,), mountain=m)


def battle_end(st: IronwoodState, a: int, d: int) -> None:
    """After a battle on Ferrum (attacked, or the bot's warband there attacking) that left it without a combat
    unit, the bot recruits one warrior there for free."""
    f = st.board.ferrum
    if f in (a, d) and units(st, f) == 0 and st.supply("icw") > 0 and st.result is None:
        st.icw[f] += 1
        st.emit("iw.recruit", cite("solo.ironbot.battle"), seat=IC, loc=st.lid(f), unit="warrior")


HOOKS: dict[str, Any] = {
    "discover": lambda st, mountain: mark(st, mountain),
    "vision_burned": lambda st, mountain: mark(st, mountain),
    "vision_discarded": lambda st, mountain: mark(st, mountain),
    "drill_vision": lambda st: drill_vision(st),
    "battle_end": battle_end,
}

STEPS: tuple[Step, ...] = (Setup(), Turn(), Burn(), DrawCards(), FirstDraw(), Markers(), HandLimit(), EndRecruit(),
                           Place(), Wound(), Retreat())
