"""Heuristic Woodwalkers (Leśni Wędrowcy): find the totems the visions show and carry three of them home.

Priorities, in the order the scores express them:

* **Secure a totem** ("Zabezpieczanie Totemów"): a warrior carrying a totem into an outer forest is worth more
  than anything else; a totem carried one path nearer comes next, a fading one first.
* **Discover** ("Odkrywanie"): reveal a vision whose mountain the Ironclad does not control from an inner forest
  with a warband — best from an inner forest one path from an outer forest, so the totem is home next turn.
* **Stand where the visions point**: warriors gather in the inner forests bordering the mountains of the visions
  in hand; a vision mountain the Ironclad holds is a target for an attack.
* **Attack** ("Bitwa") the drill (it loses its cargo), an Ironclad warband holding a vision mountain or an
  outer foundation (pushed away by the retreat it cannot build), when the fight looks won.
* Draw visions while few are in hand; burn visions of mountains the Ironclad holds; recruit with spare crystals.
"""

from __future__ import annotations

from typing import Any

from ...engine import Decision
from ...games.ironwood.battle import attack_options
from ...games.ironwood.state import FOUNDATION, IC, WW, IronwoodState
from . import common
from .common import Scores, concave, effects_value, forest_distance

KEY = WW
#: worth of a secured totem (a third of the victory)
SECURE = 10.0


# -- reading the board --------------------------------------------------------------------------------------
def open_visions(st: IronwoodState) -> list[int]:
    """Mountains of the visions in hand that the Ironclad does not control (they can be discovered)."""
    return [st.loc(m) for m in dict.fromkeys(st.visions) if not st.controls(IC, st.loc(m))]


def _discoverable(st: IronwoodState) -> list[tuple[int, int]]:
    """(mountain, inner forest) pairs a Discover would take now."""
    if st.supply("totem") <= 0:
        return []
    b = st.board
    return [(m, f) for m in open_visions(st) for f in b.borders[m] if b.rings[f] == "inner" and st.ww[f] > 0]


def _wants(st: IronwoodState) -> list[float]:
    """How much the Woodwalkers want warriors in each forest (mountains: 0)."""
    b = st.board
    dist = forest_distance(st)
    w = [0.0] * len(b.ids)
    for f in b.forests():
        w[f] = 0.35 if b.rings[f] == "inner" else 0.15
    for m in dict.fromkeys(st.visions):
        mi = st.loc(m)
        held = st.controls(IC, mi)
        for f in b.borders[mi]:
            if b.rings[f] == "inner":
                w[f] += (1.2 if held else 2.5) + (0.6 if dist[f] == 1 else 0.0)
    for f in b.borders[st.drill]:
        if b.rings[f] == "inner":
            w[f] += 0.4 + 0.2 * st.cargo
    for m in b.mountains():
        if st.site[m] == FOUNDATION:
            for f in b.borders[m]:
                if b.rings[f] == "inner":
                    w[f] += 0.9
    for loc, _ in st.totems:
        w[loc] += 4.0  # a totem needs a warrior to carry it
    for f in b.forests():
        if b.rings[f] == "outer":
            w[f] += 0.3 * max((w[j] for j in b.adj[f]), default=0.0)
    return w


def wants(st: IronwoodState) -> list[float]:
    """:func:`_wants`, worked out once per decision."""
    return common.cached(st, "ww.wants", _wants)


def gain_at(want: list[float], units: list[int], i: int, n: int = 1) -> float:
    return concave(want[i], units[i] + n) - concave(want[i], units[i])


def loss_at(want: list[float], units: list[int], i: int, n: int = 1) -> float:
    return concave(want[i], units[i]) - concave(want[i], units[i] - n)


def vision_worth(st: IronwoodState, m: str) -> float:
    """A vision of a mountain the Ironclad holds is far from a totem; an open one is close."""
    return 0.4 if st.controls(IC, st.loc(m)) else 2.0


def attack_stake(st: IronwoodState, d: int) -> float:
    """What beating the Ironclad on mountain ``d`` is worth to the Woodwalkers."""
    b = st.board
    s = 0.6
    if st.drill == d:
        s += 2.0 + 0.8 * st.cargo  # Zniszczenie Wiertła: the cargo is lost, the drill goes back to Ferrum
    if b.ids[d] in st.visions and st.controls(IC, d):
        s += 3.0  # opens the mountain to a discovery
    if b.rings[d] == "outer":
        if st.site[d] == FOUNDATION:
            s += 3.5  # pushed away, the foundation cannot be built on
        elif st.site[d] == 0:
            s += 1.0
    return s


def attack_score(st: IronwoodState, a: int, d: int) -> float:
    stake = attack_stake(st, d)
    if st.combat_units(IC, d) == 0:
        return stake
    won, lost, killed = common.attack_edge(st, WW, a, d)
    return stake * won + 1.0 * killed - 1.3 * lost - 0.5


def _best_attack(st: IronwoodState) -> float:
    best = 0.0
    for o in attack_options(st, WW, {}):
        best = max(best, attack_score(st, st.loc(o.args["frm"]), st.loc(o.args["to"])))
    return best


def _carry_value(st: IronwoodState) -> float:
    """The best a single warrior move can do with a totem now."""
    b = st.board
    dist = forest_distance(st)
    best = 0.0
    for loc, fading in st.totems:
        if st.ww[loc] == 0:
            continue
        for j in b.adj[loc]:
            if st.marked(j, "blockade", IC):
                continue
            if b.rings[j] == "outer":
                best = max(best, SECURE)
            elif dist[j] < dist[loc]:
                best = max(best, 2.0 + fading)
    return best


def can_discover_after_move(st: IronwoodState) -> bool:
    b = st.board
    targets = {f for m in open_visions(st) for f in b.borders[m] if b.rings[f] == "inner"}
    return any(st.ww[j] > 0 for f in targets for j in b.adj[f])


# -- the worth of effects -------------------------------------------------------------------------------------
def effect_value(st: IronwoodState, eff: dict[str, Any], before: list[dict[str, Any]]) -> float:
    """What resolving ``eff`` now is worth, ``before`` being the card's effects resolved ahead of it."""
    kw = eff["do"]
    n = eff.get("n", 1)
    moved = any(e["do"] == "move" for e in before)
    if kw == "discover":
        if common.cached(st, "ww.discoverable", _discoverable):
            return 7.0
        return 4.5 if moved and st.supply("totem") > 0 and can_discover_after_move(st) else 0.0
    if kw == "draw":
        if eff.get("deck") == "vision":
            if not (st.vision_deck or st.vision_discard):
                return 0.0
            return n * (1.6 if len(st.visions) < 2 else 0.9 if len(st.visions) < 4 else 0.3)
        return 0.7 * n
    if kw == "move":
        if eff.get("units") != "warriors":
            return 0.0
        return max(common.cached(st, "ww.carry_value", _carry_value), 0.0) + 0.35 * min(n, 4)
    if kw == "attack":
        return common.cached(st, "ww.best_attack", _best_attack) + (0.5 if moved else 0.0)
    if kw == "gain":
        return 0.4 * min(n, st.supply("crystal"))
    if kw == "take":
        return 0.55 * min(n, st.crystals[IC])
    if kw == "recruit":
        return 0.7 * n if st.supply("ww") > 0 else 0.0
    if kw == "mark":
        if eff.get("meaning") == "shelter":
            return 1.5 if any(st.ww[loc] > 0 for loc, _ in st.totems) else 0.4
        return 0.8 if any(st.site[m] == FOUNDATION for m in st.board.mountains()) else 0.4
    if kw == "remove":
        return 1.0 * min(n, max((st.combat_units(IC, j) for i in st.board.forests() if st.ww[i]
                                 for j in st.board.borders[i]), default=0))
    if kw == "resolve":
        vals = sorted((effects_value(st, effect_value, list(ch)) for ch in eff["choices"]), reverse=True)
        return sum(vals[:n])
    if kw == "extra":
        return 1.0 if len(st.hand[WW]) > 1 else 0.0
    if kw == "fight":
        return common.fight_bonus_value(eff)
    if kw == "burn":
        kind = eff.get("cards", "special")
        avail = 0 if kind == "vision" else sum(1 for c in st.hand[WW] if not st.card(c).base)
        if kind in ("vision", "any"):
            avail += len(st.visions)
        if avail <= n:  # the card itself is still in hand when valued from the turn: keep a margin
            return 0.0
        return effects_value(st, effect_value, list(eff.get("then", ()))) - 1.0 * n
    if kw == "spend":
        if st.crystals[WW] < n:
            return 0.0
        return effects_value(st, effect_value, list(eff.get("then", ()))) - 0.35 * n
    return 0.0


def play_value(st: IronwoodState, cid: str) -> float:
    """Playing card ``cid`` as an action: its effects, less what it is worth kept (base cards come back)."""
    card = st.card(cid)
    v = effects_value(st, effect_value, list(card.effects))
    if card.on_expire:
        v += 0.7 * effects_value(st, effect_value, list(card.on_expire))
    return v - (0.0 if card.base else 0.6 * common.keep_value(st, WW, cid))


# -- decisions ---------------------------------------------------------------------------------------------
def move_scores(st: IronwoodState, d: Decision) -> Scores:
    want = common.cached(st, "ww.wants", _wants)
    dist = forest_distance(st)
    out = []
    for o in d.options:
        if o.action != "move":
            out.append(0.05)
            continue
        a, b = st.loc(o.args["frm"]), st.loc(o.args["to"])
        s = gain_at(want, st.ww, b) - loss_at(want, st.ww, a)
        if "totem" in o.args:
            fading = o.args["totem"] == "fading"
            if st.board.rings[b] == "outer":
                s += SECURE + (0.5 if fading else 0.0)
            else:
                s += (2.0 + fading) * (dist[a] - dist[b])
        out.append(s)
    return out


def turn_scores(st: IronwoodState, d: Decision) -> Scores:
    return [play_value(st, o.args["card"]) if o.action == "play" else 0.8 for o in d.options]


def place_scores(st: IronwoodState, d: Decision, extra: float) -> Scores:
    """Recruit (card or end of round) and the starting warriors: where warriors are wanted most."""
    want = common.cached(st, "ww.wants", _wants)
    return [gain_at(want, st.ww, st.loc(o.args["loc"])) + extra if "loc" in o.args else 0.0 for o in d.options]


def discover_scores(st: IronwoodState, d: Decision) -> Scores:
    dist = forest_distance(st)
    out = []
    for o in d.options:
        if o.action != "discover":
            out.append(-1.0)
            continue
        f = st.loc(o.args["loc"])
        out.append(5.0 + (1.0 if o.args["mountain"] in st.content.vision_inner else 0.0) - 0.8 * dist[f]
                   + 0.3 * st.ww[f])
    return out


def mark_scores(st: IronwoodState, d: Decision) -> Scores:
    """Shelter (Schronienie) over warbands holding totems next to the Ironclad; a blockade (Blokada) on the
    mountains the Ironclad would found or build on next."""
    b = st.board
    out = []
    for o in d.options:
        if o.action != "mark":
            out.append(0.0)
            continue
        i = st.loc(o.args["loc"])
        if o.args["meaning"] == "shelter":
            near = sum(st.combat_units(IC, j) for j in b.borders[i])
            totems = sum(1 for loc, _ in st.totems if loc == i)
            out.append((2.5 * totems + 0.2 * st.ww[i]) * (1.0 if near else 0.3) + 0.01)
        else:
            s = 0.05
            if b.rings[i] == "outer" and st.site[i] != 2:
                s += 1.0 + (1.5 if st.site[i] == FOUNDATION else 0.0)
                s += 0.5 * sum(1 for j in b.adj[i] if st.combat_units(IC, j))
                s -= 1.0 if st.controls(IC, i) else 0.0
            out.append(s)
    return out


def remove_scores(st: IronwoodState, d: Decision) -> Scores:
    out = []
    for o in d.options:
        if o.action != "remove":
            out.append(0.0)
            continue
        i = st.loc(o.args["loc"])
        s = 1.0 + (1.0 if o.args["unit"] == "golem" else 0.0)
        if st.combat_units(IC, i) == 1:
            s += 0.5 * attack_stake(st, i)
        out.append(s)
    return out


def retreat_scores(st: IronwoodState, d: Decision) -> Scores:
    """Odwrót: push a beaten Ironclad warband off the mountain it mattered on, to one where it matters less."""
    loc = common.frame(st)["loc"]
    here = attack_stake(st, loc)
    return [here - 0.6 * attack_stake(st, st.loc(o.args["to"])) if o.action == "retreat" else 0.0
            for o in d.options]


def commit_stake(st: IronwoodState) -> float:
    bf = common.battle(st)
    assert bf is not None
    if bf["att"] == WW:
        return attack_stake(st, bf["d"])
    forest = bf["d"]
    return 1.5 + 3.0 * sum(1 for loc, _ in st.totems if loc == forest)


def scores(st: IronwoodState, seat: str, d: Decision) -> Scores | None:
    kind = d.kind
    if kind == "iw.turn":
        return turn_scores(st, d)
    if kind == "iw.move":
        return move_scores(st, d)
    if kind == "iw.attack":
        return [attack_score(st, st.loc(o.args["frm"]), st.loc(o.args["to"])) if o.action == "attack" else 0.0
                for o in d.options]
    if kind == "iw.battle.place":
        return common.commit(st, seat, d, commit_stake(st))
    if kind == "iw.battle.wound":
        return common.wounds(st, seat, d)
    if kind == "iw.battle.retreat":
        return retreat_scores(st, d)
    if kind == "iw.discover":
        return discover_scores(st, d)
    if kind in ("iw.recruit", "iw.handicap"):
        return place_scores(st, d, 0.6)
    if kind == "iw.end_recruit":
        return place_scores(st, d, 0.4)
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
        return common.burn(st, seat, d, effect_value, lambda m: vision_worth(st, m))
    if kind == "iw.ironbot.burn":  # the Ironbot's SHIELD (solo): the card or vision least worth keeping
        return [-(vision_worth(st, o.args["card"][7:]) if o.args["card"].startswith("vision:")
                  else common.keep_value(st, WW, o.args["card"])) for o in d.options]
    if kind == "iw.resolve":
        return common.resolve(st, d, effect_value)
    if kind == "iw.extra":
        return common.extra(st, seat, d, play_value)
    return None
