"""The effect keywords of Ironwood's glossary ("Słowa kluczowe"), one step each.

A card's effects run in the order printed ("Faza Akcji: efekty muszą być zawsze rozpatrywane w kolejności, w jakiej
pojawiają się na karcie"); each may be declined in whole or in part (fewer units, a smaller number, no attack), so
every step offers ``skip``/``done``; Spend and Burn are all or nothing. An effect that needs a component the supply
has run out of is ignored ("Liczba komponentów jest ograniczona").

The runner frame ``iw.fx`` holds the list of effects still to resolve (plain data taken from the content) and
pushes one keyword frame at a time.
"""

from __future__ import annotations

from typing import Any

from ...engine import Option, Step
from .sections import cite
from .state import FORGE, FOUNDATION, IC, WW, IronwoodState, other

Fr = dict[str, Any]

KEYWORD_SECTION = {
    "gain": "keyword.gain", "take": "keyword.take", "draw": "keyword.draw", "spend": "keyword.spend",
    "burn": "keyword.burn", "move": "keyword.move", "attack": "keyword.attack", "recruit": "keyword.recruit",
    "remove": "keyword.remove", "discover": "keyword.discover", "found": "win.ironclad.foundation",
    "build": "keyword.build", "mark": "keyword.mark", "resolve": "keyword.resolve", "extra": "round.actions.extra",
    "fight": "keyword.this_round",
}


def run_effects(st: IronwoodState, seat: str, card: str, effects: Any, again: bool = False,
                root: bool = False) -> None:
    """Push the resolution of ``effects`` (played from ``card``) for ``seat``; ``root``: a card played as an action
    (an extra card it allows is played after all of its effects)."""
    if effects:
        st.push("iw.fx", seat=seat, card=card, effs=list(effects), i=0, again=again, root=root)


class Fx(Step):
    kind = "iw.fx"
    auto = True

    def run(self, st: IronwoodState, fr: Fr) -> None:
        if fr["i"] >= len(fr["effs"]):
            st.pop(fr)
            return
        eff = fr["effs"][fr["i"]]
        fr["i"] += 1
        kw = eff["do"]
        if kw == "fight":  # a lasting combat bonus: never worse to have, so not asked
            scope = eff.get("scope", "round")
            st.bonuses.append([fr["seat"], eff.get("damage", 0), eff.get("defense", 0), eff.get("dominance", 0),
                               fr["card"], scope])
            st.emit("iw.bonus", cite("keyword.every_fight" if scope == "every" else "keyword.this_round"),
                    seat=fr["seat"], card=fr["card"], damage=eff.get("damage", 0), defense=eff.get("defense", 0),
                    dominance=eff.get("dominance", 0), scope=scope)
            return
        child = {"k": "iw." + kw, "seat": fr["seat"], "card": fr["card"], "eff": eff,
                 "again": fr.get("again", False) or bool(eff.get("again")), "done": 0, "picks": []}
        if kw == "extra":
            # Faza Akcji: "najpierw rozpatrz efekty pierwszej karty, a następnie zagraj i rozpatrz dodatkową
            # kartę" — the extra card waits below the played card's effects (all of them, wherever "extra" is)
            for j in range(len(st.stack) - 1, -1, -1):
                if st.stack[j]["k"] == "iw.fx" and st.stack[j].get("root"):
                    st.stack.insert(j, child)
                    return
        st.stack.append(child)


class KeywordStep(Step):
    keyword = ""

    @property
    def rule(self) -> str:  # type: ignore[override]
        return cite(KEYWORD_SECTION[self.keyword])

    def opt(self, oid: str, action: str, **args: Any) -> Option:
        return Option(oid, action, args, self.rule)

    def skip(self, label: str = "skip") -> Option:
        return Option(label, label, {}, self.rule)


# -- crystals and cards -------------------------------------------------------------------------------------
class Gain(KeywordStep):
    kind = "iw.gain"
    keyword = "gain"
    forced_single = True

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        n = min(fr["eff"]["n"], st.supply("crystal"))
        return [self.opt(f"gain {k}", "gain", n=k) for k in range(n, 0, -1)] + [self.skip()]

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "gain":
            st.gain(fr["seat"], opt.args["n"])
            st.emit("iw.gain", self.rule, seat=fr["seat"], n=opt.args["n"])


class Take(KeywordStep):
    kind = "iw.take"
    keyword = "take"
    forced_single = True

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        n = min(fr["eff"]["n"], st.crystals[other(fr["seat"])])  # never from the drill's cargo
        return [self.opt(f"take {k}", "take", n=k) for k in range(n, 0, -1)] + [self.skip()]

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "take":
            n = opt.args["n"]
            st.crystals[other(fr["seat"])] -= n
            st.crystals[fr["seat"]] += n
            st.emit("iw.take", self.rule, seat=fr["seat"], n=n)


class Draw(KeywordStep):
    kind = "iw.draw"
    keyword = "draw"

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        n = fr["eff"]["n"]
        what = fr["eff"].get("deck", "special")
        return [self.opt(f"draw {k}" + (" vision" if what == "vision" else ""), "draw", n=k, deck=what)
                for k in range(n, 0, -1)] + [self.skip()]

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "draw":
            if opt.args["deck"] == "vision":
                st.draw_vision(opt.args["n"], self.rule)
            else:
                st.draw(fr["seat"], opt.args["n"], self.rule)


class Spend(KeywordStep):
    """Wydaj: all n crystals or none; only then are the effects that follow it resolved."""

    kind = "iw.spend"
    keyword = "spend"
    forced_single = True

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        n = fr["eff"]["n"]
        out = [self.opt(f"spend {n}", "spend", n=n)] if st.crystals[fr["seat"]] >= n else []
        return [*out, self.skip()]

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "spend":
            st.crystals[fr["seat"]] -= opt.args["n"]
            st.emit("iw.spend", self.rule, seat=fr["seat"], n=opt.args["n"])
            run_effects(st, fr["seat"], fr["card"], fr["eff"].get("then", ()), fr["again"])


def _burnable(st: IronwoodState, seat: str, cards: str) -> list[str]:
    out: list[str] = []
    if cards in ("special", "any"):
        out += [c for c in dict.fromkeys(st.hand[seat]) if not st.card(c).base]
    if cards in ("vision", "any") and seat == WW:
        out += ["vision:" + m for m in dict.fromkeys(st.visions)]
    return out


class Burn(KeywordStep):
    """Spal: discard n cards from hand without their effects — all n or none. A burned vision card goes face down;
    a Woodwalker card with an effect "when burned" offers it."""

    kind = "iw.burn"
    keyword = "burn"

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        eff = fr["eff"]
        cards = _burnable(st, fr["seat"], eff.get("cards", "special"))
        if not fr["picks"]:
            kind = eff.get("cards", "special")
            avail = [c for c in st.hand[fr["seat"]] if not st.card(c).base] if kind != "vision" else []
            if kind in ("vision", "any") and fr["seat"] == WW:
                avail += st.visions
            if len(avail) < eff["n"]:  # all or nothing (Spal)
                return [self.skip()]
            return [*(self.opt(f"burn {c}", "burn", card=c) for c in cards), self.skip()]
        return [self.opt(f"burn {c}", "burn", card=c) for c in cards]

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return not fr["picks"] and len(self.options(st, fr)) == 1  # only "skip": nothing to burn (public count)

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        if opt.action == "skip":
            st.pop(fr)
            return
        c = opt.args["card"]
        if c.startswith("vision:"):
            m = c.split(":", 1)[1]
            st.visions.remove(m)
            st.vision_discard.append(m)
            st.emit("iw.burn_vision", self.rule, seat=seat)
            st.hook("vision_burned", mountain=m)
        else:
            st.hand[seat].remove(c)
            st.discard[seat].append(c)
            st.emit("iw.burn", self.rule, seat=seat, card=c)
        fr["picks"].append(c)
        if len(fr["picks"]) >= fr["eff"]["n"]:
            st.pop(fr)
            # Ruling (Spal: an effect resolved "po spaleniu karty"; Faza Akcji: several cards' effects at once may be
            # resolved in any order): each burned card's "when burned" effects come at once, in the order burned,
            # then the Burn's own "then" effects, then the rest of the played card. Every effect may be declined.
            run_effects(st, seat, fr["card"], fr["eff"].get("then", ()), fr["again"])
            for p in reversed(fr["picks"]):  # pushed last: resolved first
                if not p.startswith("vision:") and st.card(p).on_burn:
                    run_effects(st, seat, p, st.card(p).on_burn)


# -- movement -----------------------------------------------------------------------------------------------
def _may_enter(st: IronwoodState, seat: str, i: int) -> bool:
    return not st.marked(i, "blockade", other(seat))


def _carry_totem(st: IronwoodState, a: int, b: int, fading: int) -> None:
    for t in st.totems:
        if t[0] == a and t[1] == fading:
            t[0] = b
            break
    st.emit("iw.totem_carried", cite("win.woodwalkers.carry"), frm=st.lid(a), to=st.lid(b))
    if st.board.is_outer(b):
        st.totems = [t for t in st.totems if t[0] != b] + [t for t in st.totems if t[0] == b][1:]
        st.secured += 1
        st.emit("iw.totem_secured", cite("win.woodwalkers.secure"), loc=st.lid(b), n=st.secured)
        if st.secured >= 3:
            st.win(WW, "totems", cite("win.woodwalkers.secure"))


class Move(KeywordStep):
    """Porusz: warriors one by one (Woodwalkers), warbands (the Ironclad), the drill; each unit once per turn
    unless the card says otherwise, and once per Move effect in any case."""

    kind = "iw.move"
    keyword = "move"

    def player(self, st: IronwoodState, fr: Fr) -> str:
        return fr["seat"]

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return True  # only 'done' left: the count is used up or nothing can move (the board is public)

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        eff = fr["eff"]
        units = eff["units"]
        if units == "drill":
            return self._drill_options(st, fr)
        if eff.get("enemy"):
            return self._lure_options(st, fr)
        if units == "warriors":
            return self._warrior_options(st, fr)
        return self._warband_options(st, fr)

    # Woodwalker warriors, one at a time
    def _warrior_options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        out: list[Option] = []
        if fr["done"] < fr["eff"]["n"]:
            arrived = fr.setdefault("arr", {})
            b = st.board
            for a in b.forests():
                free = st.ww[a] - (arrived.get(str(a), 0) if fr["again"] else max(st.mv_ww[a], arrived.get(str(a), 0)))
                if free <= 0:
                    continue
                fadings = sorted({t[1] for t in st.totems if t[0] == a})
                for d in b.adj[a]:
                    if not _may_enter(st, WW, d):
                        continue
                    out.append(self.opt(f"move {b.ids[a]}->{b.ids[d]}", "move", frm=b.ids[a], to=b.ids[d]))
                    for f in fadings:
                        tag = "+fading totem" if f else "+totem"
                        out.append(self.opt(f"move {b.ids[a]}->{b.ids[d]} {tag}", "move", frm=b.ids[a],
                                            to=b.ids[d], totem="fading" if f else "full"))
        out.append(self.skip("done"))
        return out

    # Ironclad warbands: part or all of the units in one location, to one adjacent mountain
    def _warband_options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        out: list[Option] = []
        b = st.board
        if fr["done"] < fr["eff"]["n"]:
            arrived = fr.setdefault("arr", {})
            used = fr.setdefault("used", [])
            for a in b.mountains():
                if a in used:
                    continue
                arr_w, arr_g = arrived.get(str(a), [0, 0])
                if fr["again"]:
                    fw, fg = st.icw[a] - arr_w, st.golems[a] - arr_g
                else:
                    fw, fg = st.icw[a] - max(st.mv_icw[a], arr_w), st.golems[a] - max(st.mv_golem[a], arr_g)
                if fw <= 0 and fg <= 0:
                    continue
                for d in b.adj[a]:
                    if not _may_enter(st, IC, d):
                        continue
                    for w in range(max(fw, 0), -1, -1):
                        for g in range(max(fg, 0), -1, -1):
                            if w + g == 0:
                                continue
                            out.append(self.opt(f"move {b.ids[a]}->{b.ids[d]} {w}w{g}g", "move", frm=b.ids[a],
                                                to=b.ids[d], warriors=w, golems=g))
        out.append(self.skip("done"))
        return out

    # Zwodnicza przynęta: move all or part of one enemy Woodwalker warband
    def _lure_options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        out: list[Option] = []
        b = st.board
        if fr["done"] < fr["eff"]["n"]:
            used = fr.setdefault("used", [])
            for a in b.forests():
                if a in used or st.ww[a] == 0:
                    continue
                for d in b.adj[a]:
                    for k in range(st.ww[a], 0, -1):
                        out.append(self.opt(f"lure {b.ids[a]}->{b.ids[d]} x{k}", "lure", frm=b.ids[a], to=b.ids[d],
                                            count=k))
        out.append(self.skip("done"))
        return out

    def _drill_options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        out: list[Option] = []
        times = fr["eff"].get("times", 1)
        # Podstawy Poruszania się: every unit moves once per turn; Drżenie's exception lets the drill move twice in
        # the same turn. Ruling: an effect that moves the drill n times lets it make up to n moves this turn in all
        # (counting moves by earlier effects), an "again" effect moves it regardless.
        if fr["done"] < times and (fr["again"] or st.mv_drill < times):
            a = st.drill
            for d in st.board.adj[a]:
                if _may_enter(st, IC, d):
                    out.append(Option(f"drill {st.lid(a)}->{st.lid(d)}", "drill", {"frm": st.lid(a), "to": st.lid(d)},
                                      cite("map.move.drill")))
        out.append(self.skip("done"))
        return out

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        a, d = st.loc(opt.args["frm"]), st.loc(opt.args["to"])
        fr["done"] += 1
        if opt.action == "drill":
            st.mv_drill += 1
            move_drill(st, a, d)
            return
        if opt.action == "lure":
            k = opt.args["count"]
            st.ww[a] -= k
            st.ww[d] += k
            moved = min(k, st.mv_ww[a])
            st.mv_ww[a] -= moved
            st.mv_ww[d] += moved
            fr["used"].append(a)
            st.emit("iw.lure", self.rule, seat=fr["seat"], frm=st.lid(a), to=st.lid(d), n=k)
            return
        arrived = fr["arr"]
        if opt.action == "move" and "warriors" in opt.args:  # an Ironclad warband
            w, g = opt.args["warriors"], opt.args["golems"]
            # units that already moved this turn go first when the card lets them move again
            mw = min(w, st.mv_icw[a]) if fr["again"] else 0
            mg = min(g, st.mv_golem[a]) if fr["again"] else 0
            st.icw[a] -= w
            st.golems[a] -= g
            st.mv_icw[a] -= mw
            st.mv_golem[a] -= mg
            st.icw[d] += w
            st.golems[d] += g
            st.mv_icw[d] += w
            st.mv_golem[d] += g
            prev = arrived.get(str(d), [0, 0])
            arrived[str(d)] = [prev[0] + w, prev[1] + g]
            fr["used"].append(a)
            st.emit("iw.move_warband", cite("map.move.warband"), seat=IC, frm=st.lid(a), to=st.lid(d), warriors=w,
                    golems=g)
            return
        # a Woodwalker warrior
        if fr["again"] and st.mv_ww[a] > 0:
            st.mv_ww[a] -= 1
        st.ww[a] -= 1
        st.ww[d] += 1
        st.mv_ww[d] += 1
        arrived[str(d)] = arrived.get(str(d), 0) + 1
        st.emit("iw.move_warrior", cite("map.move.warrior"), seat=WW, frm=st.lid(a), to=st.lid(d))
        if "totem" in opt.args:
            _carry_totem(st, a, d, 1 if opt.args["totem"] == "fading" else 0)


def move_drill(st: IronwoodState, a: int, d: int) -> None:
    """Poruszanie Wiertła and Tor Wiertła: to a mountain with a forge (Ferrum too) the drill unloads; elsewhere it
    advances on its track and the Ironclad takes the bonuses of the new position (the last one again and again)."""
    st.drill = d
    st.emit("iw.drill_moved", cite("map.move.drill"), frm=st.lid(a), to=st.lid(d))
    if st.has_forge(d):
        unload(st)
        return
    st.drill_step = min(st.drill_step + 1, 3)
    rule = cite("map.drill.track")
    if st.drill_step == 1:
        n = min(2, st.supply("crystal"))
        st.cargo += n
        st.emit("iw.cargo", rule, n=n, step=1)
    elif st.drill_step == 2:
        n = min(1, st.supply("crystal"))
        st.cargo += n
        st.emit("iw.cargo", rule, n=n, step=2)
        if st.bot == IC:  # the Ironbot does not look: a random vision card of the person's goes back (solo)
            st.hook("drill_vision")
        elif st.vision_deck:
            st.peek = st.vision_deck[-1]
            st.emit("iw.peek", rule, (IC,), mountain=st.peek)
            st.emit("iw.peeked", rule)
        if st.supply("icw") > 0:
            st.icw[a] += 1
            st.emit("iw.recruit", rule, seat=IC, loc=st.lid(a), unit="warrior")
    else:
        n = min(1, st.supply("crystal"))
        st.cargo += n
        st.emit("iw.cargo", rule, n=n, step=3)
        st.draw(IC, 1, rule)


def unload(st: IronwoodState) -> None:
    """Rozładowanie: the cargo becomes available crystals and the track marker goes back to the start."""
    if st.cargo:
        st.crystals[IC] += st.cargo
    st.emit("iw.unload", cite("map.drill.unload"), n=st.cargo, loc=st.lid(st.drill))
    st.cargo = 0
    st.drill_step = 0


# -- placing things -----------------------------------------------------------------------------------------
def recruit_places(st: IronwoodState, seat: str, where: str) -> list[int]:
    b = st.board
    if seat == WW:
        if where == "inner_forest":
            return [i for i in b.forests() if b.rings[i] == "inner" and st.ww[i] > 0]
        if where == "controlled":
            return [i for i in b.forests() if st.ww[i] > 0]
        return [i for i in b.forests() if b.rings[i] == "outer"]
    if where == "ferrum":
        return [b.ferrum]
    if where == "controlled":
        return [i for i in b.mountains() if st.controls(IC, i)]
    if where == "drill":
        return [st.drill]
    return [i for i in b.mountains() if st.has_forge(i)]


class Recruit(KeywordStep):
    kind = "iw.recruit"
    keyword = "recruit"

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        eff = fr["eff"]
        seat = fr["seat"]
        unit = eff.get("unit", "warrior")
        pool = "golem" if unit == "golem" else ("ww" if seat == WW else "icw")
        out: list[Option] = []
        if fr["done"] < eff["n"] and st.supply(pool) > 0:
            where = eff.get("where", "outer_forest" if seat == WW else "forge")
            for i in recruit_places(st, seat, where):
                out.append(self.opt(f"recruit {unit} at {st.lid(i)}", "recruit", loc=st.lid(i), unit=unit))
        out.append(self.skip("done"))
        return out

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return True  # only 'done' left: the supply or the count ran out (public)

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        fr["done"] += 1
        place(st, fr["seat"], st.loc(opt.args["loc"]), opt.args["unit"], self.rule)


def place(st: IronwoodState, seat: str, i: int, unit: str, rule: str) -> None:
    if unit == "golem":
        st.golems[i] += 1
    elif seat == WW:
        st.ww[i] += 1
    else:
        st.icw[i] += 1
    st.emit("iw.recruit", rule, seat=seat, loc=st.lid(i), unit=unit)


class Remove(KeywordStep):
    """Usuń: n enemy combat units from one location that borders one of your warbands."""

    kind = "iw.remove"
    keyword = "remove"

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        foe = other(seat)
        out: list[Option] = []
        if fr["done"] < fr["eff"]["n"]:
            if fr.get("at") is not None:
                places = [fr["at"]]
            else:
                places = sorted({j for i in range(len(st.board.ids)) if st.controls(seat, i)
                                 for j in st.board.borders[i] if st.combat_units(foe, j) > 0})
            for j in places:
                if foe == WW:
                    if st.ww[j]:
                        out.append(self.opt(f"remove warrior at {st.lid(j)}", "remove", loc=st.lid(j), unit="warrior"))
                else:
                    if st.icw[j]:
                        out.append(self.opt(f"remove warrior at {st.lid(j)}", "remove", loc=st.lid(j), unit="warrior"))
                    if st.golems[j]:
                        out.append(self.opt(f"remove golem at {st.lid(j)}", "remove", loc=st.lid(j), unit="golem"))
        out.append(self.skip("done"))
        return out

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return True

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        j = st.loc(opt.args["loc"])
        fr["at"] = j
        fr["done"] += 1
        foe = other(fr["seat"])
        if opt.args["unit"] == "golem":
            st.golems[j] -= 1
        elif foe == WW:
            st.ww[j] -= 1
        else:
            st.icw[j] -= 1
        st.mv_ww[j] = min(st.mv_ww[j], st.ww[j])
        st.mv_icw[j] = min(st.mv_icw[j], st.icw[j])
        st.mv_golem[j] = min(st.mv_golem[j], st.golems[j])
        st.emit("iw.removed", self.rule, seat=foe, loc=st.lid(j), unit=opt.args["unit"])
        # Ruling: the drill is destroyed only after a battle (Zniszczenie Wiertła), never by a Remove that leaves it
        # alone on its mountain (the Woodwalkers may then attack it there)


class Discover(KeywordStep):
    """Odkryj: reveal a vision card; its mountain must be uncontrolled and bordered by an inner forest with your
    warband; the totem joins that warband; an inner mountain also gives 3 crystals."""

    kind = "iw.discover"
    keyword = "discover"
    forced_single = True

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        out: list[Option] = []
        if st.supply("totem") > 0:
            b = st.board
            for m in dict.fromkeys(st.visions):
                mi = st.loc(m)
                if st.controls(IC, mi):
                    continue
                for f in b.borders[mi]:
                    if b.rings[f] == "inner" and st.ww[f] > 0:
                        out.append(self.opt(f"discover {m} from {b.ids[f]}", "discover", mountain=m, loc=b.ids[f]))
        return [*out, self.skip()]

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return False  # whether a vision fits is secret: always ask (promise 4)

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "skip":
            return
        discover(st, opt.args["mountain"], st.loc(opt.args["loc"]), self.rule)


def discover(st: IronwoodState, m: str, f: int, rule: str) -> None:
    st.visions.remove(m)
    st.vision_shown.append(m)
    st.totems.append([f, 0])
    st.emit("iw.discover", rule, mountain=m, loc=st.lid(f))
    st.hook("discover", mountain=m)
    if m in st.content.vision_inner:
        n = st.gain(WW, 3)
        st.emit("iw.gain", cite("win.woodwalkers.discover"), seat=WW, n=n)


class Found(KeywordStep):
    kind = "iw.found"
    keyword = "found"
    forced_single = True

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        out: list[Option] = []
        if st.supply("forge") > 0:
            b = st.board
            for i in b.mountains():
                if b.rings[i] == "outer" and st.site[i] == 0 and st.controls(IC, i):
                    out.append(self.opt(f"found {b.ids[i]}", "found", loc=b.ids[i]))
        return [*out, self.skip()]

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "found":
            i = st.loc(opt.args["loc"])
            st.site[i] = FOUNDATION
            st.emit("iw.foundation", self.rule, loc=st.lid(i))
            st.hook("foundation", mountain=st.lid(i))  # the Forest bot's Spirits take a marker


class Build(KeywordStep):
    kind = "iw.build"
    keyword = "build"
    forced_single = True

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        b = st.board
        out = [self.opt(f"build {b.ids[i]}", "build", loc=b.ids[i]) for i in b.mountains()
               if st.site[i] == FOUNDATION and st.controls(IC, i)]
        return [*out, self.skip()]

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "build":
            build(st, st.loc(opt.args["loc"]), self.rule)


def build(st: IronwoodState, i: int, rule: str) -> None:
    st.site[i] = FORGE
    st.emit("iw.forge", rule, loc=st.lid(i), n=st.outer_forges())
    if st.drill == i:  # "Jeśli Kuźnia zostanie zbudowana na Górze, na której znajduje się już Wiertło"
        unload(st)
    if st.outer_forges() >= 3:
        st.win(IC, "forges", cite("win.ironclad.forge"))


class Mark(KeywordStep):
    kind = "iw.mark"
    keyword = "mark"

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        eff = fr["eff"]
        out: list[Option] = []
        if fr["done"] < eff["n"] and st.supply("marker") > 0:
            typ = eff.get("where", "forest")
            meaning = eff.get("meaning", "blockade")
            for i, t in enumerate(st.board.types):
                if t == typ and not st.marked(i, meaning, fr["seat"]):
                    out.append(self.opt(f"mark {st.lid(i)}", "mark", loc=st.lid(i), meaning=meaning))
        out.append(self.skip("done"))
        return out

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return True

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        fr["done"] += 1
        st.marks.append([st.loc(opt.args["loc"]), opt.args["meaning"], fr["seat"], fr["card"]])
        st.emit("iw.mark", self.rule, seat=fr["seat"], loc=opt.args["loc"], meaning=opt.args["meaning"])


class Resolve(KeywordStep):
    """Rozpatrz: choose n different options of the list and resolve them, in any order."""

    kind = "iw.resolve"
    keyword = "resolve"

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        out: list[Option] = []
        if len(fr["picks"]) < fr["eff"]["n"]:
            out = [self.opt(f"choose {j + 1}", "choose", index=j) for j in range(len(fr["eff"]["choices"]))
                   if j not in fr["picks"]]
        out.append(self.skip("done"))
        return out

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return True

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        j = opt.args["index"]
        fr["picks"].append(j)
        st.emit("iw.chose", self.rule, seat=fr["seat"], card=fr["card"], index=j + 1)
        run_effects(st, fr["seat"], fr["card"], fr["eff"]["choices"][j], fr["again"])


class Extra(KeywordStep):
    """An extra card this turn: played after this card's effects, on top of it (Faza Akcji)."""

    kind = "iw.extra"
    keyword = "extra"

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        base_only = fr["eff"].get("base_only", False)
        cards = [c for c in dict.fromkeys(st.hand[seat]) if st.card(c).base or not base_only]
        return [*(self.opt(f"play {c}", "play", card=c) for c in cards), self.skip()]

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return True  # only 'skip': no card to play (an empty hand, or no base card in it: both public)

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "play":
            seat = fr["seat"]
            c = opt.args["card"]
            st.hand[seat].remove(c)
            if st.slots[seat]:
                st.slots[seat][-1].append(c)
            else:
                st.slots[seat].append([c])
            play_card(st, seat, c, bool(fr["eff"].get("again")), self.rule)


def play_card(st: IronwoodState, seat: str, c: str, again: bool, rule: str) -> None:
    """A card played as an action: a Temporary card gets its markers (if the supply has them), then its effects
    are resolved in order."""
    card = st.card(c)
    st.emit("iw.play", rule, seat=seat, card=c)
    if card.temporary:
        # Ruling (Liczba komponentów jest ograniczona): with fewer markers in the supply than the card asks for, it
        # gets those there are; with none, it is not kept in play (discarded at the end of the round like any card)
        n = min(card.temporary, st.supply("marker"))
        if n > 0:
            st.temporary[seat].append([c, n])
            st.emit("iw.temporary", cite("cards.temporary"), seat=seat, card=c, n=n)
    run_effects(st, seat, c, card.effects, again, root=True)


STEPS: tuple[Step, ...] = (Fx(), Gain(), Take(), Draw(), Spend(), Burn(), Move(), Recruit(), Remove(), Discover(),
                           Found(), Build(), Mark(), Resolve(), Extra())
