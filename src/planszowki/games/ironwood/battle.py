"""Bitwa and Walka: the Attack keyword, placing cards face down, damage, wounds, the outcome, retreat, and the
drill's destruction.

The attacker chooses one of its warbands and enemy units in a location that shares a border with it; the Ironclad
never attacks outer forests and the Woodwalkers never attack from them ("Bitwa"). With no enemy combat unit there
(Ferrum when a card says so, a mountain with only the drill) the battle is won without a fight. Otherwise both
sides place a card (or none) face down — two decisions, the attacker first, each hidden from the other seat until
the reveal (DESIGN.md, promise 3) — and the fight is resolved by steps II–IV of "Rozpatrzenie Walki".
"""

from __future__ import annotations

from typing import Any

from ...engine import Option, Step
from .effects import run_effects
from .sections import cite
from .state import IC, WW, IronwoodState, other

Fr = dict[str, Any]


def battle_frame(st: IronwoodState) -> Fr:
    for fr in reversed(st.stack):
        if fr["k"] == "iw.battle":
            return fr
    raise RuntimeError("no battle in progress")


def attack_options(st: IronwoodState, seat: str, eff: dict[str, Any]) -> list[Option]:
    b = st.board
    foe = other(seat)
    out: list[Option] = []
    rule = cite("keyword.attack")
    for a in range(len(b.ids)):
        if not st.controls(seat, a):
            continue
        if seat == WW and b.rings[a] == "outer":
            continue  # never from an outer forest
        for d in b.borders[a]:
            if seat == IC and b.rings[d] == "outer":
                continue  # outer forests cannot be attacked
            if st.marked(d, "shelter", foe):
                continue
            units = st.combat_units(foe, d)
            # no combat unit there: a battle without a fight against the drill alone (Zniszczenie Wiertła) or against
            # Ferrum when the card says so (Atakowanie Ferrum). Ruling: the drill standing on Ferrum does not make an
            # empty Ferrum a target — only a card that attacks Ferrum may (it could not be destroyed there anyway).
            special = seat == WW and ((st.drill == d and d != b.ferrum) or (d == b.ferrum and eff.get("ferrum")))
            if units == 0 and not special:
                continue
            out.append(Option(f"attack {b.ids[a]}->{b.ids[d]}", "attack", {"frm": b.ids[a], "to": b.ids[d]}, rule))
    return out


class Attack(Step):
    kind = "iw.attack"
    rule = cite("keyword.attack")

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        return [*attack_options(st, fr["seat"], fr["eff"]), Option("skip", "skip", {}, self.rule)]

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return True  # only 'skip': no target (the board is public)

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "skip":
            return
        eff = fr["eff"]
        a, d = st.loc(opt.args["frm"]), st.loc(opt.args["to"])
        bonus = eff.get("fight", {})
        st.emit("iw.attack", self.rule, seat=fr["seat"], frm=st.lid(a), to=st.lid(d), card=fr["card"])
        st.push("iw.battle", att=fr["seat"], a=a, d=d, card=fr["card"], win=list(eff.get("win", ())),
                bonus=[bonus.get("damage", 0), bonus.get("defense", 0), bonus.get("dominance", 0)], stage="start",
                again=fr["again"])


class Battle(Step):
    """The automatic part of a battle; the card placements, wounds and retreat are decisions pushed on top."""

    kind = "iw.battle"
    auto = True
    rule = cite("battle")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        stage = fr["stage"]
        att = fr["att"]
        dfn = other(att)
        if stage == "start":
            if st.combat_units(dfn, fr["d"]) == 0:
                # no fight: won at once (Atakowanie Ferrum, Zniszczenie Wiertła); no damage is dealt
                st.emit("iw.no_fight", cite("battle.ferrum") if fr["d"] == st.board.ferrum else cite("battle"),
                        seat=att, loc=st.lid(fr["d"]))
                fr["winner"] = att
                if att == WW and st.drill == fr["d"]:
                    destroy_drill(st, fr["a"])
                fr["stage"] = "win"
                return
            fr["stage"] = "placed"
            # in solo play the person places first, whoever attacks ("Przebieg Walki przeciwko …botowi")
            first, second = (dfn, att) if st.bot == att else (att, dfn)
            st.push(st.step_for(second, "iw.battle.place"), seat=second, role="defender" if second == dfn else
                    "attacker")
            st.push(st.step_for(first, "iw.battle.place"), seat=first, role="attacker" if first == att else "defender")
            return
        if stage == "placed":
            fr["revealed"] = True
            ca, cd = fr.get("ca") or "", fr.get("cd") or ""
            st.emit("iw.reveal", cite("battle.place"), attacker=att, attacker_card=ca, defender_card=cd)
            dmg_att, dmg_dfn = damages(st, fr)
            fr["dmg"] = [dmg_att, dmg_dfn]
            st.emit("iw.damage", cite("battle.damage"), attacker=att, to_defender=dmg_att, to_attacker=dmg_dfn)
            fr["stage"] = "wounded"
            # the wounds of both sides are dealt at the same time: each dealer chooses, then both apply
            st.push(st.step_for(dfn, "iw.battle.wound"), seat=dfn, side="a", n=dmg_dfn)
            st.push(st.step_for(att, "iw.battle.wound"), seat=att, side="d", n=dmg_att)
            return
        if stage == "wounded":
            for side, key in (("a", "wa"), ("d", "wd")):
                w, g = fr.get(key, [0, 0])
                loc = fr[side]
                owner = att if side == "a" else dfn
                if owner == WW:
                    st.ww[loc] -= w
                    st.mv_ww[loc] = min(st.mv_ww[loc], st.ww[loc])
                else:
                    st.icw[loc] -= w
                    st.golems[loc] -= g
                    st.mv_icw[loc] = min(st.mv_icw[loc], st.icw[loc])
                    st.mv_golem[loc] = min(st.mv_golem[loc], st.golems[loc])
                if w or g:
                    st.emit("iw.losses", cite("battle.wounds"), seat=owner, loc=st.lid(loc), warriors=w, golems=g)
            fr["stage"] = "outcome"
            return
        if stage == "outcome":
            outcome(st, fr)
            fr["stage"] = "cleanup"
            return
        if stage == "cleanup":
            for seat, key in ((att, "ca"), (dfn, "cd")):
                c = fr.get(key)
                if c:
                    if st.card(c).base:
                        st.spent[seat].append(c)  # beside the discard pile, back at the end of the round
                    else:
                        st.discard[seat].append(c)
            fr["stage"] = "win"
            return
        # stage "win"
        st.pop(fr)
        st.hook("battle_end", a=fr["a"], d=fr["d"])  # e.g. the Ironbot refills an empty Ferrum
        if fr.get("winner") == att and fr["win"]:
            st.emit("iw.win_effects", cite("keyword.win"), seat=att, card=fr["card"])
            run_effects(st, att, fr["card"], fr["win"], fr.get("again", False))


def damages(st: IronwoodState, fr: Fr) -> tuple[int, int]:
    """II. Obliczenie Obrażeń: the card's damage, +1 per golem and +1 for a forge (Ferrum too) on the Ironclad's
    mountain, plus bonuses in play; less the other side's card defense and bonuses."""
    att = fr["att"]
    out = []
    for side, seat, key in (("a", att, "ca"), ("d", other(att), "cd")):
        c = fr.get(key)
        card = st.card(c) if c else None
        dmg = card.damage if card else 0
        if seat == IC:
            dmg += st.golems[fr[side]] + (1 if st.has_forge(fr[side]) else 0)
        dmg += st.fight_bonus(seat)[0] + (fr["bonus"][0] if seat == att else 0) + _solo(fr, seat, 0)
        out.append(dmg)
    defs = []
    for seat, key in ((att, "ca"), (other(att), "cd")):
        c = fr.get(key)
        dfv = st.card(c).defense if c else 0
        dfv += st.fight_bonus(seat)[1] + (fr["bonus"][1] if seat == att else 0) + _solo(fr, seat, 1)
        defs.append(dfv)
    return max(0, out[0] - defs[1]), max(0, out[1] - defs[0])


def _solo(fr: Fr, seat: str, k: int) -> int:
    """A solo bot's bonus in this fight (its stance or board), set by the bot when it places: [damage, defense,
    dominance] by seat in the battle frame's ``sb``."""
    sb = fr.get("sb")
    return sb[seat][k] if sb and seat in sb else 0


def outcome(st: IronwoodState, fr: Fr) -> None:
    """IV. Ustalenie wyniku, then the drill's fate and the retreat."""
    att = fr["att"]
    dfn = other(att)
    left_a = st.combat_units(att, fr["a"])
    left_d = st.combat_units(dfn, fr["d"])
    rule = cite("battle.outcome")
    if left_a == 0 and left_d == 0:
        winner = None
    elif left_a == 0:
        winner = dfn
    elif left_d == 0:
        winner = att
    else:
        doms = []
        for seat, key, left in ((att, "ca", left_a), (dfn, "cd", left_d)):
            c = fr.get(key)
            dom = left + (st.card(c).dominance if c else 0) + st.fight_bonus(seat)[2] + _solo(fr, seat, 2)
            if seat == att:
                dom += fr["bonus"][2]
            doms.append(dom)
        fr["dominance"] = doms
        winner = att if doms[0] >= doms[1] else dfn  # a tie goes to the attacker
    fr["winner"] = winner
    st.emit("iw.outcome", rule, winner=winner or "", attacker=att, dominance=fr.get("dominance", []))
    # Zniszczenie Wiertła: the Ironclad warband beaten (or wiped out) on the drill's mountain
    ic_loc = fr["a"] if att == IC else fr["d"]
    ww_loc = fr["a"] if att == WW else fr["d"]
    if st.drill == ic_loc and winner != IC:
        destroy_drill(st, ww_loc)
    if winner is not None:
        loser = other(winner)
        loc = fr["a"] if loser == att else fr["d"]
        if st.combat_units(loser, loc) > 0:
            st.push(st.step_for(winner, "iw.battle.retreat"), seat=winner, loser=loser, loc=loc)


def destroy_drill(st: IronwoodState, ww_loc: int) -> None:
    """Zniszczenie Wiertła: the Woodwalkers may take one crystal of the cargo if any was carried and one of their
    warriors is left; the rest of the cargo goes back to the pool; the drill returns to Ferrum, the track to start."""
    rule = cite("battle.drill")
    took = 0
    if st.cargo > 0 and st.ww[ww_loc] > 0:
        took = 1
        st.crystals[WW] += 1
    st.emit("iw.drill_destroyed", rule, loc=st.lid(st.drill), took=took, lost=st.cargo - took)
    st.cargo = 0
    st.drill_step = 0
    st.drill = st.board.ferrum


class Place(Step):
    """I. Umieszczenie karty: a card from hand face down, or none (then it counts as all zeros)."""

    kind = "iw.battle.place"
    rule = cite("battle.place")

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        return [*(Option(f"commit {c}", "commit", {"card": c}, self.rule) for c in dict.fromkeys(st.hand[fr["seat"]])),
                Option("commit none", "commit", {"card": ""}, self.rule)]

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return True  # an empty hand (public) leaves only 'commit none'

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        seat = fr["seat"]
        c = opt.args["card"]
        battle = battle_frame(st)
        battle["ca" if fr["role"] == "attacker" else "cd"] = c
        if c:
            st.hand[seat].remove(c)
            st.emit("iw.placed", self.rule, seat=seat, role=fr["role"])
            st.emit("iw.placed_card", self.rule, (seat,), seat=seat, card=c)
        else:
            st.emit("iw.placed_none", self.rule, seat=seat, role=fr["role"])


def wound_choices(n: int, warriors: int, golems: int) -> list[tuple[int, int]]:
    """III. Zadawanie Obrażeń: the (warriors, golems) a dealer of n damage may remove. Each point lands on a unit:
    a warrior falls to one, a golem to two in the same fight, and a golem hit once stands (the point is lost)."""
    out = []
    for g in range(golems, -1, -1):
        for w in range(warriors, -1, -1):
            rest = n - w - 2 * g  # points left for golems hit only once
            if 0 <= rest <= golems - g:
                out.append((w, g))
    return out


class Wound(Step):
    kind = "iw.battle.wound"
    rule = cite("battle.wounds")
    forced_single = True

    def _units(self, st: IronwoodState, fr: Fr) -> tuple[int, int, int]:
        battle = battle_frame(st)
        loc = battle[fr["side"]]
        owner = battle["att"] if fr["side"] == "a" else other(battle["att"])
        if owner == WW:
            return loc, st.ww[loc], 0
        return loc, st.icw[loc], st.golems[loc]

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        _, w, g = self._units(st, fr)
        n = fr["n"]
        if n >= w + 2 * g:
            choices = [(w, g)]
        else:
            choices = wound_choices(n, w, g) or [(min(n, w), 0)]
        return [Option(f"wound {cw}w{cg}g", "wound", {"warriors": cw, "golems": cg}, self.rule) for cw, cg in choices]

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        battle = battle_frame(st)
        battle["wa" if fr["side"] == "a" else "wd"] = [opt.args["warriors"], opt.args["golems"]]


class Retreat(Step):
    """Odwrót: the winner may force the beaten warband, whole, to an adjacent location of its type. It is not a
    move (a card that stops movement does not stop it); a retreating Woodwalker warband leaves its totems."""

    kind = "iw.battle.retreat"
    rule = cite("battle.retreat")

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        loc = fr["loc"]
        # Ruling: a retreat is not a move ("nie jest traktowana jako Poruszanie się"), so a blockade that keeps units
        # from moving in does not stop it either; any adjacent location of the warband's type
        out = [Option(f"retreat {st.lid(d)}", "retreat", {"to": st.lid(d)}, self.rule) for d in st.board.adj[loc]]
        return [*out, Option("stay", "stay", {}, self.rule)]

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "stay":
            return
        a, d = fr["loc"], st.loc(opt.args["to"])
        if fr["loser"] == WW:
            n = st.ww[a]
            st.ww[a] = 0
            st.ww[d] += n
            st.mv_ww[d] += st.mv_ww[a]
            st.mv_ww[a] = 0
            st.emit("iw.retreat", self.rule, seat=WW, frm=st.lid(a), to=st.lid(d), warriors=n, golems=0)
        else:
            w, g = st.icw[a], st.golems[a]
            st.icw[a] = st.golems[a] = 0
            st.icw[d] += w
            st.golems[d] += g
            st.mv_icw[d] += st.mv_icw[a]
            st.mv_golem[d] += st.mv_golem[a]
            st.mv_icw[a] = st.mv_golem[a] = 0
            st.emit("iw.retreat", self.rule, seat=IC, frm=st.lid(a), to=st.lid(d), warriors=w, golems=g)


STEPS: tuple[Step, ...] = (Attack(), Battle(), Place(), Wound(), Retreat())
