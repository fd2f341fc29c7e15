"""Heuristic Ironclad (Żelaźni): lay foundations on the outer mountains, build three forges, keep the drill busy.

Priorities, in the order the scores express them:

* **Build** ("Budowanie Kuźni"): pay for a forge on a foundation the Ironclad controls — a third of the victory.
* **Found** a foundation on an outer mountain without one the Ironclad controls; a warband marches there first
  when the card moves before it founds.
* **Hold** what matters: warbands spread over the outer mountains without a forge (a foundation most of all),
  then the inner mountains (a vision there cannot be discovered while the Ironclad holds it) and the drill.
* **Save crystals** for the next forge; recruit at the end of the round only what is left over.
* **The drill** ("Tor Wiertła") moves on for its bonuses and unloads at a forge when it carries a load.
* **Attack** Woodwalkers carrying totems (a beaten warband retreats without them) and warbands next to our
  foundations, when the fight looks won.
"""

from __future__ import annotations

from typing import Any

from ...engine import Decision
from ...games.ironwood.battle import attack_options
from ...games.ironwood.state import FORGE, FOUNDATION, IC, WW, IronwoodState
from . import common
from .common import Scores, concave, effects_value

KEY = IC
#: worth of a forge on an outer mountain (a third of the victory)
FORGE_WORTH = 10.0
#: crystals a forge costs with the base card (IC03P: Wydaj 5, Zbuduj)
BUILD_COST = 5
#: a golem counts as this many warriors when spreading warbands (it adds damage and takes two wounds)
GOLEM = 1.6
#: worth of holding a mountain whose vision has not been revealed yet (the Woodwalkers cannot discover it there)
HOLD_VISION = 5.0


# -- reading the board --------------------------------------------------------------------------------------
def units(st: IronwoodState, i: int) -> float:
    return st.icw[i] + GOLEM * st.golems[i]


def can_build(st: IronwoodState) -> bool:
    return any(st.site[m] == FOUNDATION and st.controls(IC, m) for m in st.board.mountains())


def can_found(st: IronwoodState) -> bool:
    b = st.board
    return st.supply("forge") > 0 and any(b.rings[m] == "outer" and st.site[m] == 0 and st.controls(IC, m)
                                          for m in b.mountains())


def found_after_move(st: IronwoodState) -> bool:
    """A warband next to an outer mountain without a site it could found on once there."""
    b = st.board
    return st.supply("forge") > 0 and any(
        b.rings[m] == "outer" and st.site[m] == 0 and not st.controls(IC, m) and not st.marked(m, "blockade", WW)
        and any(st.combat_units(IC, j) for j in b.adj[m]) for m in b.mountains())


def threat(st: IronwoodState, m: int) -> int:
    """Woodwalker warriors in the inner forests bordering mountain ``m`` (they may attack it)."""
    b = st.board
    return sum(st.ww[f] for f in b.borders[m] if b.rings[f] == "inner")


def _wants(st: IronwoodState) -> list[float]:
    """How much the Ironclad wants units on each mountain (forests: 0)."""
    b = st.board
    w = [0.0] * len(b.ids)
    visions = set(st.content.vision_inner) | set(st.content.vision_outer)
    for m in b.mountains():
        if b.rings[m] == "outer":
            if st.site[m] == FOUNDATION:
                w[m] = 4.0
            elif st.site[m] == 0:
                w[m] = 2.8 if st.supply("forge") > 0 else 0.4
            else:
                w[m] = 0.3
        else:
            w[m] = 0.4 if m == b.ferrum else 0.3
        if b.ids[m] in visions and b.ids[m] not in st.vision_shown:
            w[m] += HOLD_VISION  # a mountain the Ironclad controls cannot be discovered
        w[m] += 0.12 * threat(st, m)
    w[st.drill] += 0.4 + 0.2 * st.cargo
    return w


def wants(st: IronwoodState) -> list[float]:
    """:func:`_wants`, worked out once per decision."""
    return common.cached(st, "ic.wants", _wants)


def delta(st: IronwoodState, want: list[float], i: int, n: float) -> float:
    """The change of worth when ``n`` (golem-weighted) units arrive at (or, negative, leave) mountain ``i``."""
    u = units(st, i)
    return concave(want[i], u + n, 0.55) - concave(want[i], u, 0.55)


def attack_stake(st: IronwoodState, f: int) -> float:
    """What beating the Woodwalkers in forest ``f`` is worth to the Ironclad."""
    b = st.board
    s = 0.5 + 3.5 * sum(1 for loc, _ in st.totems if loc == f)
    s += 0.8 * sum(1 for m in b.borders[f] if st.site[m] == FOUNDATION)
    s += 0.3 * sum(1 for m in b.borders[f] if b.rings[m] == "inner" and b.ids[m] not in st.vision_shown)
    return s


def attack_score(st: IronwoodState, a: int, d: int) -> float:
    stake = attack_stake(st, d)
    if st.combat_units(WW, d) == 0:
        return stake
    won, lost, killed = common.attack_edge(st, IC, a, d)
    return stake * won + 1.0 * killed - 1.3 * lost - 0.5


def _best_attack(st: IronwoodState) -> float:
    return max((attack_score(st, st.loc(o.args["frm"]), st.loc(o.args["to"])) for o in attack_options(st, IC, {})),
               default=0.0)


def _best_warband_move(st: IronwoodState) -> float:
    """The best a single warband move can do now (moving all but one, or all, units of a mountain)."""
    want = common.cached(st, "ic.wants", _wants)
    b = st.board
    best = 0.0
    for a in b.mountains():
        u = units(st, a)
        if u <= 0:
            continue
        for d in b.adj[a]:
            if st.marked(d, "blockade", WW):
                continue
            for k in {max(1.0, u - 1), u}:
                best = max(best, delta(st, want, d, k) + delta(st, want, a, -k))
    return best


def _drill_value(st: IronwoodState) -> float:
    """Moving the drill: unloading a cargo at a forge, or the next bonus of its track."""
    b = st.board
    best = 0.0
    for d in b.adj[st.drill]:
        if st.marked(d, "blockade", WW):
            continue
        best = max(best, drill_step_score(st, d))
    return best


def drill_step_score(st: IronwoodState, d: int) -> float:
    if st.has_forge(d):
        return 0.7 * st.cargo - (0.3 if st.cargo == 0 else 0.0)
    step = min(st.drill_step + 1, 3)
    v = {1: 1.0, 2: 1.2, 3: 0.9}[step]
    if st.combat_units(IC, d) == 0 and threat(st, d):
        v -= 0.35 * (st.cargo + 1)  # a drill alone next to Woodwalkers is lost with its cargo
    return v + 0.1 * st.combat_units(IC, d)


# -- the worth of effects -------------------------------------------------------------------------------------
def effect_value(st: IronwoodState, eff: dict[str, Any], before: list[dict[str, Any]]) -> float:
    kw = eff["do"]
    n = eff.get("n", 1)
    moved = any(e["do"] == "move" and e.get("units") == "warbands" for e in before)
    if kw == "build":
        return FORGE_WORTH if can_build(st) else 0.0
    if kw == "found":
        if can_found(st):
            return 5.0
        return 4.0 if moved and found_after_move(st) else 0.0
    if kw == "spend":
        if st.crystals[IC] < n:
            return 0.0
        then = effects_value(st, effect_value, list(eff.get("then", ())))
        reserve = 0.6 if can_build(st) and n < BUILD_COST and st.crystals[IC] - n < BUILD_COST else 0.0
        return then - 0.3 * n - reserve * n if then > 0 else 0.0
    if kw == "move":
        units_kind = eff.get("units")
        if units_kind == "drill":
            return common.cached(st, "ic.drill_value", _drill_value) * eff.get("times", 1)
        if eff.get("enemy"):
            return 1.0 if any(st.ww[loc] for loc, _ in st.totems) else 0.3
        return common.cached(st, "ic.best_warband_move", _best_warband_move) + 0.3 * min(n, 2)
    if kw == "recruit":
        if st.supply("golem" if eff.get("unit") == "golem" else "icw") <= 0:
            return 0.0
        return (1.2 if eff.get("unit") == "golem" else 0.7) * n
    if kw == "attack":
        return common.cached(st, "ic.best_attack", _best_attack) + (0.4 if moved else 0.0)
    if kw == "gain":
        return 0.45 * min(n, st.supply("crystal"))
    if kw == "take":
        return 0.6 * min(n, st.crystals[WW])
    if kw == "draw":
        return 0.7 * n
    if kw == "mark":
        if eff.get("meaning") == "blockade":
            return 1.5 if st.totems else 0.4
        return 0.9 if can_build(st) else 0.4
    if kw == "remove":
        return 1.0 * min(n, max((st.ww[j] for i in st.board.mountains() if st.controls(IC, i)
                                 for j in st.board.borders[i]), default=0))
    if kw == "resolve":
        vals = sorted((effects_value(st, effect_value, list(ch)) for ch in eff["choices"]), reverse=True)
        return sum(vals[:n])
    if kw == "extra":
        return 1.0 if len(st.hand[IC]) > 1 else 0.0
    if kw == "fight":
        return common.fight_bonus_value(eff)
    if kw == "burn":
        avail = sum(1 for c in st.hand[IC] if not st.card(c).base)
        if avail <= n:
            return 0.0
        return effects_value(st, effect_value, list(eff.get("then", ()))) - 1.0 * n
    return 0.0


def play_value(st: IronwoodState, cid: str) -> float:
    card = st.card(cid)
    v = effects_value(st, effect_value, list(card.effects))
    if card.on_expire:
        v += 0.7 * effects_value(st, effect_value, list(card.on_expire))
    return v - (0.0 if card.base else 0.6 * common.keep_value(st, IC, cid))


# -- decisions ---------------------------------------------------------------------------------------------
def move_scores(st: IronwoodState, d: Decision) -> Scores:
    want = common.cached(st, "ic.wants", _wants)
    fr = common.frame(st)
    effs = list(st.card(fr["card"]).effects) if fr.get("card") in st.content.cards else []
    founds_next = any(e["do"] == "found" for e in effs) and st.supply("forge") > 0
    out = []
    for o in d.options:
        if o.action == "drill":
            out.append(drill_step_score(st, st.loc(o.args["to"])))
        elif o.action == "lure":
            out.append(lure_score(st, o.args))
        elif o.action == "move":
            a, b = st.loc(o.args["frm"]), st.loc(o.args["to"])
            k = o.args["warriors"] + GOLEM * o.args["golems"]
            s = delta(st, want, b, k) + delta(st, want, a, -k)
            if founds_next and st.board.rings[b] == "outer" and st.site[b] == 0 and not st.controls(IC, b):
                s += 3.0
            if st.drill == a and o.args["warriors"] + o.args["golems"] == st.combat_units(IC, a) and threat(st, a):
                s -= 0.4 * (st.cargo + 1)
            out.append(s)
        else:
            out.append(0.05)
    return out


def lure_score(st: IronwoodState, args: dict[str, Any]) -> float:
    """Zwodnicza przynęta: lead Woodwalkers away from their totems and our foundations."""
    a, b = st.loc(args["frm"]), st.loc(args["to"])
    k = args["count"]
    s = 0.1 * k
    if k == st.ww[a]:
        s += 3.0 * sum(1 for loc, _ in st.totems if loc == a)
        s += 0.8 * sum(1 for m in st.board.borders[a] if st.site[m] == FOUNDATION)
    if st.board.rings[b] == "outer":
        s -= 2.0 * sum(1 for loc, _ in st.totems if loc == a)  # it would carry nothing, but stay near home
        s += 0.3 * k
    return s


def turn_scores(st: IronwoodState, d: Decision) -> Scores:
    return [play_value(st, o.args["card"]) if o.action == "play" else 0.8 for o in d.options]


def recruit_scores(st: IronwoodState, d: Decision, cost: float) -> Scores:
    """Recruit by a card (free) or at the end of the round (2 crystals, kept for a forge while one is due)."""
    want = common.cached(st, "ic.wants", _wants)
    out = []
    for o in d.options:
        if "loc" not in o.args:
            out.append(0.0)
            continue
        k = GOLEM if o.args.get("unit") == "golem" else 1.0
        s = delta(st, want, st.loc(o.args["loc"]), k) + 0.5 * k - cost
        out.append(s)
    return out


def end_recruit_cost(st: IronwoodState) -> float:
    """Crystals are for forges first: recruiting below the price of the next forge costs dearly."""
    due = can_build(st) or can_found(st) or found_after_move(st) or any(
        st.site[m] == FOUNDATION for m in st.board.mountains())
    if due and st.crystals[IC] - 2 < BUILD_COST:
        return 3.0
    return 0.6


def mark_scores(st: IronwoodState, d: Decision) -> Scores:
    """A blockade (Blokada) on the forests a totem would be carried into; shelter (Schronienie) over foundations
    and the drill."""
    b = st.board
    dist = common.forest_distance(st)
    out = []
    for o in d.options:
        if o.action != "mark":
            out.append(0.0)
            continue
        i = st.loc(o.args["loc"])
        if o.args["meaning"] == "blockade" and b.types[i] == "forest":
            s = 0.05
            for loc, _ in st.totems:
                if i in b.adj[loc] and dist[i] < dist[loc]:
                    s += 2.5
            s += 0.2 * sum(st.ww[j] for j in b.adj[i])
            out.append(s)
        else:
            s = 0.05 + (2.0 if st.site[i] == FOUNDATION else 0.0) + (1.0 if st.drill == i else 0.0)
            s += 0.2 * threat(st, i)
            out.append(s)
    return out


def remove_scores(st: IronwoodState, d: Decision) -> Scores:
    out = []
    for o in d.options:
        if o.action != "remove":
            out.append(0.0)
            continue
        i = st.loc(o.args["loc"])
        out.append(1.0 + 2.0 * sum(1 for loc, _ in st.totems if loc == i) / max(1, st.ww[i]))
    return out


def retreat_scores(st: IronwoodState, d: Decision) -> Scores:
    """Odwrót: a beaten Woodwalker warband leaves its totems behind; send it where it threatens least."""
    fr = common.frame(st)
    loc = fr["loc"]
    if fr["loser"] == IC:  # cannot happen: the winner decides the loser's retreat
        return [0.0 for _ in d.options]
    b = st.board
    totems = 3.0 * sum(1 for t, _ in st.totems if t == loc)
    out = []
    for o in d.options:
        if o.action != "retreat":
            out.append(0.0)
            continue
        j = st.loc(o.args["to"])
        s = totems + 0.5 * attack_stake(st, loc) - 0.5 * attack_stake(st, j)
        if b.rings[j] == "outer":
            s += 0.6  # the Woodwalkers never attack from an outer forest
        out.append(s)
    return out


def shield_scores(st: IronwoodState, d: Decision) -> Scores:
    """The Forest bot's SHIELD (solo): give it a crystal, unless the crystals pay for the next forge; else burn the
    special card least worth keeping (the bot then draws one)."""
    short = can_build(st) and st.crystals[IC] <= BUILD_COST
    return [-(2.5 if short else 0.8) if o.action == "give" else -common.keep_value(st, IC, o.args["card"]) - 0.5
            for o in d.options]


def commit_stake(st: IronwoodState) -> float:
    bf = common.battle(st)
    assert bf is not None
    if bf["att"] == IC:
        return attack_stake(st, bf["d"])
    m = bf["d"]
    return 1.5 + (4.0 if st.site[m] == FOUNDATION else 0.0) + (1.5 + 0.5 * st.cargo if st.drill == m else 0.0)


def scores(st: IronwoodState, seat: str, d: Decision) -> Scores | None:
    kind = d.kind
    if kind == "iw.turn":
        return turn_scores(st, d)
    if kind == "iw.move":
        return move_scores(st, d)
    if kind == "iw.build":
        return [FORGE_WORTH if o.action == "build" else -1.0 for o in d.options]
    if kind == "iw.found":
        return [5.0 + 0.3 * units(st, st.loc(o.args["loc"])) if o.action == "found" else -1.0 for o in d.options]
    if kind == "iw.attack":
        return [attack_score(st, st.loc(o.args["frm"]), st.loc(o.args["to"])) if o.action == "attack" else 0.0
                for o in d.options]
    if kind == "iw.battle.place":
        return common.commit(st, seat, d, commit_stake(st))
    if kind == "iw.battle.wound":
        return common.wounds(st, seat, d)
    if kind == "iw.battle.retreat":
        return retreat_scores(st, d)
    if kind == "iw.recruit":
        return recruit_scores(st, d, 0.0)
    if kind == "iw.handicap":
        return recruit_scores(st, d, 0.0)
    if kind == "iw.end_recruit":
        return recruit_scores(st, d, end_recruit_cost(st))
    if kind == "iw.mark":
        return mark_scores(st, d)
    if kind == "iw.remove":
        return remove_scores(st, d)
    if kind == "iw.first_draw":
        return common.first_draw(st, seat, d)
    if kind == "iw.hand_limit":
        return common.hand_limit(st, seat, d)
    if kind in ("iw.gain", "iw.take", "iw.draw"):
        return common.amounts(d)
    if kind == "iw.spend":
        return common.spend(st, d, effect_value)
    if kind == "iw.burn":
        return common.burn(st, seat, d, effect_value)
    if kind == "iw.forestbot.shield":
        return shield_scores(st, d)
    if kind == "iw.resolve":
        return common.resolve(st, d, effect_value)
    if kind == "iw.extra":
        return common.extra(st, seat, d, play_value)
    return None


__all__ = ["FORGE", "KEY", "effect_value", "play_value", "scores", "wants"]
