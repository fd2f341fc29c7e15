"""4.3 Battle, step by step, as frames: ambush and foil (4.3.1), dice (4.3.2), effects (4.3.3), hits (4.3.4).

The ``battle`` frame is automatic and walks its ``step`` field; the choices inside it are decisions of
the seat concerned: the defender's ambush, the attacker's foil, who uses effects first (the attacker
decides when both sides have some), each side's optional effects, and the order in which the side
taking hits loses its buildings and tokens. Field Hospitals (6.2.3) answer right after the ambush hits,
before 4.3.1.II checks whether attacking warriors remain.
"""

from __future__ import annotations

from ...engine import Option, Step
from .state import VAGABONDS, RootState
from .turn import R, flush_removals, register, take_card

# What factions and optional modules add to battle is asked of ``st.hooks`` (hooks.py): ``on_defender_losses``
# (10.2.3 Revenge), ``defender_extra_hits`` (13.2.5), ``ignore_first_hit`` (15.2.4 Devout Knights),
# ``faction_battle`` (the Hundreds' Looters and moods, 14.2.5, 14.7), ``exiles_battle`` (A.2 the Partisans) and
# ``hireling_battle`` (Appendix E).



def first_hit(st: RootState, fr: dict, seat: str, hits: int) -> int:
    """15.2.4: the first hit ``seat`` takes in this battle may be ignored (an ambush's hits included: one of them,
    then no more). The frame remembers who has taken a hit."""
    if hits <= 0 or not st.hooks.ignore_first_hit or seat in fr.get("hit_taken", ()):
        return hits
    fr["hit_taken"] = [*fr.get("hit_taken", ()), seat]
    hook = st.hooks.ignore_first_hit.get(seat)
    why = hook(st, fr["c"]) if hook is not None else None
    if why is None:
        return hits
    st.emit("ignore_hit", why[0], faction=seat, why=why[1])
    return hits - 1


def _side_hooks(st: RootState, fr: dict, name: str) -> list:
    out = []
    for side in (fr["att"], fr["dfn"]):
        h = st.hooks.faction_battle.get(side)
        if h is not None and name in h:
            out.append(h[name])
    return out


def _max_rolled(st: RootState, fr: dict, seat: str) -> int:
    """4.3.2.I, 9.2.6, 9.2.9.II.c, D.5.2: the most hits a side can deal from rolling."""
    c = fr["c"]
    n = st.hooks.faction_hooks["vagabond"]["swords"](st, seat) if seat in VAGABONDS else st.warriors[c].get(seat, 0)
    if seat == fr["att"] and fr["ally"]:
        n += st.warriors[c].get(fr["ally"], 0)
    if seat == fr["dfn"]:
        n += fr["arb"]
    if mercenaries(st, fr, seat):
        n += st.warriors[c].get("riverfolk", 0)
    if "hirelings" in st.fdata and seat == "hireling:the_exile":
        n = st.hooks.hireling_battle["exile_items"](st)  # Appendix E: the Exile rolls up to its items
    elif seat == "hireling:riverfolk_flotilla":
        n = 3  # Appendix E: the Riverfolk Flotilla rolls up to three hits
    return n


def mercenaries(st: RootState, fr: dict, seat: str) -> bool:
    """11.2.7.3: ``seat`` bought mercenaries and fights this battle against someone other than the Riverfolk."""
    return (st.turn.get("mercenaries") == seat and st.phase != "birdsong"
            and "riverfolk" not in (fr["att"], fr["dfn"]))


def _remover(fr: dict, side: str) -> str:
    """Who removes the pieces a side's hits take: the side, or the Vagrant who instigated (D.4.2)."""
    return fr["instigator"] or side


def _ambush_cards(st: RootState, seat: str, c: int) -> list[int]:
    """Ambush cards matching the clearing of battle (birds match any clearing, 2.1.1; in the Lost City, Appendix F,
    each side's of any suit: the defender's and the attacker's may differ)."""
    cards = st.deck_info.cards
    suits = (*st.clearing_suits(c), "bird")
    return st.distinct([cid for cid in st.hands[seat]
                        if cards[cid].kind == "ambush" and cards[cid].suit in suits])


def _despot_check(st: RootState, fr: dict) -> None:
    """7.8.4 Despot: one extra VP whenever the Eyrie remove at least one building or token in battle."""
    if fr["despot"]:
        fr["despot"] = 0
        st.score("eyrie", 1, "7.8.4", "despot")


@register
class Battle(Step):
    kind = "battle"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        step = fr["step"]
        c, att, dfn = fr["c"], fr["att"], fr["dfn"]
        if step == "ally":
            fr["step"] = "ambush"
            for hook in _side_hooks(st, fr, "start"):
                hook(st, fr)  # 14.2.5 Looters
            # 9.2.9.II.c: attacking, the Vagabond may treat one Allied faction's warriors as his own
            if att in VAGABONDS and [f for f in st.hooks.faction_hooks["vagabond"]["allies"](st, att)
                                     if f != dfn and st.warriors[c].get(f, 0)]:
                st.push("vagabond.battle_ally", seat=att, c=c, dfn=dfn)
        elif step == "ambush":
            fr["step"] = "foil"
            # Scouting Party: as attacker you are not affected by ambush cards. The defender is asked
            # whenever they hold any card, so whether they hold an ambush stays hidden (1.2.1).
            # E.3.5: a hireling has no hand, and its controller plays no ambush card for it
            if st.hands.get(dfn) and not st.has_crafted(att, "scouting_party"):
                st.push("battle.ambush", seat=dfn, c=c)
        elif step == "foil":
            fr["step"] = "resolve_ambush"
            if fr["amb"] >= 0 and st.hands.get(att):
                st.push("battle.foil", seat=att, c=c)
        elif step == "resolve_ambush":
            fr["step"] = "ambush_end"
            if fr["amb"] >= 0 and not fr["foiled"]:
                st.emit("ambush_hits", "4.3.1.II", faction=dfn, hits=2)
                hits = st.hooks.hireling_battle["ignore"](st, fr, att, 2) if "hirelings" in st.fdata else 2
                hits = first_hit(st, fr, att, hits)  # 15.2.4
                h = st.hooks.faction_battle.get(att)
                if h is not None and "shield" in h:
                    hits = h["shield"](st, fr, hits)  # 14.7.7 Stubborn
                deal_hits(st, c, att, _remover(fr, dfn), hits, "4.3.1.II")
        elif step == "ambush_end":
            fr["step"] = "protector"  # D.5.2 comes right before the roll, ambush or not
            if fr["amb"] >= 0:
                if not fr["foiled"]:
                    cid = fr["amb"]
                    st.discard_card(cid)
                    st.emit("discard", "4.3.1.II", faction=dfn, card=st.card(cid).key)
                fr["amb"] = -1
                _despot_check(st, fr)
                fr["step"] = "ambush_check"
                # Field Hospitals answer first: warriors saved into a battle in the keep's clearing
                # are attacking warriors that remain (6.2.3, FAQ: they are placed at once).
                flush_removals(st)
        elif step == "ambush_check":
            fr["step"] = "protector"
            remain = st.warriors[c].get(att, 0) or st.pawn_clearing(att) == c or att in (
                "hireling:the_exile", "hireling:riverfolk_flotilla") or (
                fr["ally"] and st.warriors[c].get(fr["ally"], 0)) or (
                mercenaries(st, fr, att) and st.warriors[c].get("riverfolk", 0))
            if not remain:  # 4.3.1.II: no attacking warriors or pawns remain
                fr["step"] = "faction_end"
                st.emit("battle_ends", "4.3.1.II", clearing=c + 1)
        elif step == "protector":
            fr["step"] = "roll"
            for hook in _side_hooks(st, fr, "before_roll"):
                hook(st, fr)  # 14.7.1 Bitter
            if "hirelings" in st.fdata:
                st.hooks.hireling_battle["before_roll"](st, fr)  # Appendix E: Rabbit Scouts
            # D.5.2 Protector: just before the roll the defender may enlist an Arbiter in the clearing
            vagabond = st.hooks.faction_hooks.get("vagabond")
            if dfn in st.hands and vagabond is not None and vagabond["arbiters"](st, c, att, dfn):
                st.push("vagabond.protector", seat=dfn, c=c, att=att)
        elif step == "roll":
            fr["step"] = "effects"
            d1, d2 = st.rng.roll(4, "battle"), st.rng.roll(4, "battle")
            hi, lo = max(d1, d2), min(d1, d2)
            if dfn == "alliance" or fr.get("scouts"):  # 8.2.2 Guerrilla War (Appendix E: Rabbit Scouts, alike)
                hi, lo = lo, hi
            # 4.3.2.I Maximum Rolled Hits: no more than your warriors in the clearing of battle.
            fr["ah"] = min(hi, _max_rolled(st, fr, att))
            fr["dh"] = min(lo, _max_rolled(st, fr, dfn))
            for hook in _side_hooks(st, fr, "rolled"):
                hook(st, fr)  # 14.2.5: a looting attacker deals no rolled hits
            st.emit("roll", "4.3.2", dice=[d1, d2], attacker=att, defender=dfn, att_hits=fr["ah"],
                    def_hits=fr["dh"])
        elif step == "effects":
            fr["step"] = "hits"
            # 4.3.3.II Defenseless; 9.2.4: a Vagabond is defenseless without an undamaged sword
            if ((not st.hooks.faction_hooks["vagabond"]["swords"](st, dfn)) if dfn in VAGABONDS
                    else not st.warriors[c].get(dfn, 0)):
                fr["ax"] += 1
                st.emit("extra_hit", "4.3.3.II", faction=att, why="defenseless")
            if att == "eyrie" and st.fdata["eyrie"].get("leader") == "commander":  # 7.8.3
                fr["ax"] += 1
                st.emit("extra_hit", "7.8.3", faction=att, why="commander")
            for hook in _side_hooks(st, fr, "extra_hits"):
                hook(st, fr)  # 14.7.8 Wrathful
            extra = st.hooks.defender_extra_hits.get(dfn)
            rule = extra(st, c) if extra is not None else None
            if rule is not None:  # 13.2.5 Embedded Agents
                fr["dx"] += 1
                st.emit("extra_hit", rule, faction=dfn, why="embedded_agents")
            if "hirelings" in st.fdata:
                st.hooks.hireling_battle["effects"](st, fr)  # Appendix E: Raven Sentries
            # 4.3.3: both may use effects; if both can, the attacker chooses who uses them first
            # (the second side decides knowing what the first did).
            a_eff, d_eff = bool(_effect_options(st, fr, att)), bool(_effect_options(st, fr, dfn))
            if a_eff and d_eff:
                st.push("battle.effects_order", seat=att)
            elif d_eff:
                st.push("battle.effects", seat=dfn)
            elif a_eff:
                st.push("battle.effects", seat=att)
        elif step == "hits":
            fr["step"] = "after_hits"
            to_dfn = (0 if fr["d_arm"] else fr["ah"]) + fr["ax"]
            to_att = (0 if fr["a_arm"] else fr["dh"]) + fr["dx"]
            if "hirelings" in st.fdata:  # Appendix E: Badger Bodyguards ignore the first hit their controller takes
                to_dfn = st.hooks.hireling_battle["ignore"](st, fr, dfn, to_dfn)
                to_att = st.hooks.hireling_battle["ignore"](st, fr, att, to_att)
            for side in (att, dfn):
                h = st.hooks.faction_battle.get(side)
                if h is not None and "shield" in h:  # 14.7.7 Stubborn
                    if side == att:
                        to_att = h["shield"](st, fr, to_att)
                    else:
                        to_dfn = h["shield"](st, fr, to_dfn)
            to_dfn, to_att = first_hit(st, fr, dfn, to_dfn), first_hit(st, fr, att, to_att)  # 15.2.4
            # 4.3.4: hits are dealt at once; triggered effects wait until all are removed (1.5.4).
            st.emit("deal_hits", "4.3.4", attacker=att, defender=dfn, to_defender=to_dfn, to_attacker=to_att)
            st.begin_simultaneous()  # 3.1: both sides may reach 30 VP in this step
            deal_hits(st, c, att, _remover(fr, dfn), to_att, chooser=fr["instigator"])
            if st.result is None:
                before = st.warriors[c].get(dfn, 0)
                deal_hits(st, c, dfn, _remover(fr, att), to_dfn, chooser=fr["instigator"])
                lost = before - st.warriors[c].get(dfn, 0)
                if lost > 0 and dfn in st.hooks.on_defender_losses:
                    if st.exiles:
                        st.from_coffin(dfn, lost)  # 10.2.3: to the Acolytes box, so not onto Coffin Makers (A.2)
                    st.hooks.on_defender_losses[dfn](st, c, lost)
            end_hits_when_dealt(st)
        elif step == "after_hits":
            fr["step"] = "faction_end"
            st.end_simultaneous()
            if st.result is not None:
                return
            _despot_check(st, fr)
            # 9.2.9.II.d: more Allied warriors removed than items damaged makes that ally Hostile
            if fr["ally"] and fr["ally_lost"] > fr["items_hit"]:
                st.hooks.faction_hooks["vagabond"]["make_hostile"](st, att, fr["ally"], "9.2.9.II.d")
            flush_removals(st)
        elif step == "faction_end":
            fr["step"] = "end"
            for hook in _side_hooks(st, fr, "end"):
                hook(st, fr)  # 14.2.5 Looters
        else:
            st.pop(fr)
            st.emit("battle_end", "4.3", clearing=c + 1)


def _battle_frame(st: RootState) -> dict:
    for fr in reversed(st.stack):
        if fr["k"] == "battle":
            return fr
    raise RuntimeError("no battle in progress")


@register
class Ambush(Step):
    """4.3.1 The defender may play one ambush card matching the clearing of battle."""

    kind = "battle.ambush"
    rule = R("4.3.1")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        opts = [Option(f"ambush {st.card(cid).key}", "ambush", {"card": st.card(cid).key}, R("4.3.1"))
                for cid in _ambush_cards(st, fr["seat"], fr["c"])]
        opts.append(Option("no ambush", "pass", {}, R("4.3.1")))
        return opts

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "ambush":
            bf = _battle_frame(st)
            # A played ambush card leaves the hand at once and lies face up in the battle frame until it
            # is discarded (4.3.1.II) or foiled (4.3.1.I); it can no longer be spent, e.g. to Outrage.
            bf["amb"] = take_card(st, fr["seat"], opt.args["card"])
            st.hands[fr["seat"]].remove(bf["amb"])
            st.emit("ambush", "4.3.1", faction=fr["seat"], card=opt.args["card"])


@register
class Foil(Step):
    """4.3.1.I The attacker may foil the ambush with an ambush card of their own."""

    kind = "battle.foil"
    rule = R("4.3.1.I")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        opts = [Option(f"foil {st.card(cid).key}", "foil", {"card": st.card(cid).key}, R("4.3.1.I"))
                for cid in _ambush_cards(st, fr["seat"], fr["c"])]
        opts.append(Option("no foil", "pass", {}, R("4.3.1.I")))
        return opts

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action != "foil":
            return
        bf = _battle_frame(st)
        seat = fr["seat"]
        cid = take_card(st, seat, opt.args["card"])
        st.hands[seat].remove(cid)
        st.discard_card(cid)
        st.emit("foil", "4.3.1.I", faction=seat, card=opt.args["card"])
        st.discard_card(bf["amb"])
        bf["foiled"] = True


def _effect_options(st: RootState, bf: dict, seat: str) -> list[Option]:
    attacker = seat == bf["att"]
    used = bf["a_used"] if attacker else bf["d_used"]
    out = []
    if attacker and st.has_crafted(seat, "brutal_tactics") and "brutal_tactics" not in used:
        out.append(Option("use brutal tactics", "brutal_tactics", {}, R("4.3.3")))
    if not attacker and st.has_crafted(seat, "sappers") and "sappers" not in used:
        out.append(Option("use sappers", "sappers", {}, R("4.3.3")))
    if st.has_crafted(seat, "armorers") and "armorers" not in used:
        out.append(Option("use armorers", "armorers", {}, R("4.3.3")))
    # D.8.2 Swift Strike: the Ronin may exhaust a sword for an extra hit after rolling
    if (seat in VAGABONDS and st.fdata[seat].get("character") == "ronin" and "swift_strike" not in used
            and st.hooks.faction_hooks["vagabond"]["count"](st, seat, "sword")):
        out.append(Option("use swift strike", "swift_strike", {}, R("D.8.2")))
    if st.exiles and seat in st.hands:  # a hireling side uses no cards (E.3.5)
        out.extend(st.hooks.exiles_battle["options"](st, bf, seat))  # A.2 the Partisans
    return out


@register
class EffectsOrder(Step):
    """4.3.3: when both sides may use effects, the attacker chooses who uses them first (1.1.3)."""

    kind = "battle.effects_order"
    rule = R("4.3.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option("attacker first", "attacker_first", {}, R("4.3.3")),
                Option("defender first", "defender_first", {}, R("4.3.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        bf = _battle_frame(st)
        first, second = (bf["att"], bf["dfn"]) if opt.action == "attacker_first" else (bf["dfn"], bf["att"])
        st.emit("effects_order", "4.3.3", faction=fr["seat"], player=first)
        st.push("battle.effects", seat=second)
        st.push("battle.effects", seat=first)


@register
class Effects(Step):
    """4.3.3 Use optional battle effects: Brutal Tactics, Sappers, Armorers."""

    kind = "battle.effects"
    rule = R("4.3.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*_effect_options(st, _battle_frame(st), fr["seat"]), Option("done", "done", {}, R("4.3.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        seat = fr["seat"]
        bf = _battle_frame(st)
        attacker = seat == bf["att"]
        if opt.action == "done":
            st.pop(fr)
            return
        (bf["a_used"] if attacker else bf["d_used"]).append(opt.action)
        if st.exiles and st.hooks.exiles_battle["apply"](st, bf, seat, opt):
            pass  # A.2 the Partisans
        elif opt.action == "brutal_tactics":
            bf["ax"] += 1
            st.emit("extra_hit", "4.3.3.I", faction=seat, why="brutal_tactics")
            st.score(bf["dfn"], 1, "4.3.3", "brutal_tactics")
        elif opt.action == "swift_strike":
            st.hooks.faction_hooks["vagabond"]["exhaust"](st, seat, "sword", 1, "D.8.2")
            bf["ax" if attacker else "dx"] += 1
            st.emit("extra_hit", "D.8.2", faction=seat, why="swift_strike")
        else:
            cid = st.crafted_card(seat, opt.action)
            assert cid is not None
            st.crafted[seat].remove(cid)
            st.discard_card(cid)
            st.emit("discard_crafted", "4.3.3", faction=seat, card=st.card(cid).key)
            if opt.action == "sappers":
                bf["dx"] += 1
                st.emit("extra_hit", "4.3.3.I", faction=seat, why="sappers")
            else:  # armorers: ignore all rolled hits you take
                bf["a_arm" if attacker else "d_arm"] = True
                st.emit("ignore_rolled_hits", "4.3.3", faction=seat)
        if not _effect_options(st, bf, seat) and fr in st.stack:
            st.pop(fr)


def deal_hits(st: RootState, c: int, victim: str, by: str, n: int, rule: str = "4.3.4",
              chooser: str = "") -> None:
    """4.3.4 Deal hits: warriors go first; then the side taking hits picks its buildings and tokens.

    Only when the hits left cannot remove every building and token, and these are of different kinds,
    does the victim (or the Vagrant who instigated, D.4.2: ``chooser``) get a decision; otherwise the
    removal is forced. A Vagabond takes hits by damaging items (9.2.7), or with an ally's warriors.
    """
    if victim in VAGABONDS:
        # 9.2.7: the Vagabond himself picks the items he damages (a Vagrant who instigated, D.4.2, picks only
        # the order of buildings and tokens)
        st.hooks.faction_hooks["vagabond"]["take_hits"](st, victim, c, by, n, rule)
        return
    if victim == "hireling:the_exile":  # Appendix E: the Exile takes hits with the items on its card
        st.hooks.hireling_battle["exile_hits"](st, n, rule)
        return
    if victim == "hireling:riverfolk_flotilla":  # Appendix E: the Flotilla cannot be removed
        return
    if "hirelings" in st.fdata and st.hooks.hirelings["shielded"](st, c, victim, by):
        return  # Appendix E, the Stoic Protector: enemies cannot remove its controller's pieces in its clearing
    w = st.warriors[c].get(victim, 0)
    merc = st.warriors[c].get("riverfolk", 0) if (
        st.turn.get("mercenaries") == victim and st.phase != "birdsong" and by != "riverfolk") else 0
    if merc and n:
        # 11.2.7.3.1: odd hits remove the buyer's own warriors, even hits the mercenaries, while both last
        own_hits = merc_hits = 0
        for i in range(n):
            if (i % 2 == 0 and own_hits < w) or merc_hits >= merc:
                if own_hits < w:
                    own_hits += 1
            elif merc_hits < merc:
                merc_hits += 1
        if own_hits:
            st.remove_warriors(c, victim, own_hits, by, rule)
        if merc_hits:
            st.remove_warriors(c, "riverfolk", merc_hits, by, rule, blame=victim)  # 11.2.7.3.2
        n -= own_hits + merc_hits
        w = 0
    if w and n:
        k = min(w, n)
        st.remove_warriors(c, victim, k, by, rule)
        n -= k
    _, bs, ts = st.pieces_of(c, victim)
    targets = bs + ts
    if not n or not targets:
        return
    if n >= len(targets) or len(set(targets)) == 1:
        for kind in targets[:n]:
            _remove_hit(st, c, kind, by, rule)
        return
    st.push("hits", c=c, victim=victim, by=by, n=n, rule=rule, chooser=chooser)


def _remove_hit(st: RootState, c: int, kind: str, by: str, rule: str) -> None:
    st.remove_piece(c, kind, by, rule)
    if by == "eyrie" and st.fdata["eyrie"].get("leader") == "despot":
        for fr in reversed(st.stack):
            if fr["k"] == "battle":
                fr["despot"] += 1
                break


@register
class Hits(Step):
    """4.3.4: the side taking hits chooses which of its buildings and tokens are removed."""

    kind = "hits"
    rule = R("4.3.4")

    def player(self, st: RootState, fr: dict) -> str:
        return fr.get("chooser") or fr["victim"]

    def options(self, st: RootState, fr: dict) -> list[Option]:
        _, bs, ts = st.pieces_of(fr["c"], fr["victim"])
        return [Option(f"remove {k}", "remove", {"piece": k}, R(fr["rule"])) for k in sorted(set(bs + ts))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        c, victim, by = fr["c"], fr["victim"], fr["by"]
        _remove_hit(st, c, opt.args["piece"], by, fr["rule"])
        if st.result is None:
            deal_hits(st, c, victim, by, fr["n"] - 1, fr["rule"], fr.get("chooser", ""))
            end_hits_when_dealt(st)


def end_hits_when_dealt(st: RootState) -> None:
    """3.1 "immediately wins" with 1.5.4: once a battle's last hit is dealt (no building or token choice left to
    make, :class:`Hits`), its simultaneous moment ends — a player who reached 30 wins before the effects the
    removals triggered (8.2.6 Outrage, …) are resolved. Items a Vagabond damages score no one."""
    if st.result is not None or not st.turn.get("simultaneous"):
        return
    for fr in reversed(st.stack):
        if fr["k"] == "hits":
            return
        if fr["k"] == "battle":
            st.end_simultaneous()
            return
