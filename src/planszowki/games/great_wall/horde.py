"""The Horde: arrival ("Wiosna 2", "Podbój"), the clearing phases ("Pokonanie Hordy"), killing and saving soldiers
("Zabijanie Żołnierzy", "Ratowanie Żołnierzy"), Winter's firing and assault ("Przełamanie").
"""

from __future__ import annotations

from typing import Any

from ...engine import Option, Step
from .content import SOLDIERS
from .effects import for_clan, push_windows
from .sections import cite
from .state import AR, WOUND, GreatWallState

Fr = dict[str, Any]
ROWS = 3  # Horde card spaces per Wall Section


def new_card(cid: str) -> dict[str, Any]:
    return {"id": cid, "occ": [None] * 12, "n": 0}


def place_horde_card(st: GreatWallState, rule: str) -> None:
    """Draw the top Horde card and place it as near the Wall as possible: first into any empty section, left to
    right; else in the section the invasion indicator on the back of the deck's new top card shows. A full
    section (3 cards): Conquest — the card is discarded and as many Shame tokens as players leave the pool."""
    if not st.horde_deck:
        st.emit("gw.horde_deck_empty", rule)
        return
    cid = st.horde_deck.pop()
    empty = [s for s in st.secs if not st.horde[s]]
    if empty:
        sec = empty[0]
    elif st.horde_deck:
        sec = st.content.horde[st.horde_deck[-1]]["invasion"]
    else:  # no card left to show an indicator: the card's own back (the rulebook does not say; documented)
        sec = st.content.horde[cid]["invasion"]
    if len(st.horde[sec]) >= ROWS:
        st.horde_discard.append(cid)
        k = min(st.n, st.shame_pool)  # as many as players (the Reed Clan is none: FAQ #4)
        st.shame_pool -= k
        st.shame_box += k
        st.emit("gw.conquest", cite("spring.conquest"), card=cid, sec=sec, shame=k)
        return
    st.horde[sec].append(new_card(cid))
    st.emit("gw.horde_arrives", rule, card=cid, sec=sec)


class Clearing(Step):
    """Check the Horde cards one at a time, from the row nearest the Wall, left to right; a card with every Vital
    point covered (soldiers or wounds) is defeated — each defeat is a trigger of its own."""

    kind = "gw.clearing"
    auto = True

    def run(self, st: GreatWallState, fr: Fr) -> None:
        for row in range(ROWS):
            for sec in range(3):
                if row < len(st.horde[sec]) and st.defeated(st.horde[sec][row]):
                    st.push("gw.defeat", sec=sec, row=row, stage="honor", rule=fr["rule"])
                    return
        st.pop(fr)


class Defeat(Step):
    kind = "gw.defeat"
    auto = True
    rule = cite("horde.defeat")

    def run(self, st: GreatWallState, fr: Fr) -> None:
        sec, row = fr["sec"], fr["row"]
        card = st.horde[sec][row]
        if fr["stage"] == "honor":
            st.emit("gw.defeated", self.rule, card=card["id"], sec=sec)
            present = [s for s in st.tea if st.on_card(card, s)]
            for s in present:  # 1. +2 Honor for a soldier on it
                st.add_honor(s, 2, self.rule)
                st.trigger(s, "horde_defeated")
            for s in st.tea:  # 2. +2 Honor per archer on this section's firing spots
                k = st.firing[sec].count(s)
                if k:
                    st.add_honor(s, 2 * k, self.rule)
            # 3. who covers the most Vital points (wounds ignored; Tea order breaks ties) will claim it
            best, most = "", 0
            for s in st.tea:
                k = st.spots_of(card, s)
                if k > most:
                    best, most = s, k
            fr["claimer"] = best  # the Reed Clan never takes a Horde card: then it is discarded (ruling)
            fr["stage"] = "kill"
            push_windows(st, list(st.seats), "horde_defeated", {"sec": sec, "row": row})
            return
        if fr["stage"] == "kill":  # 4. Lethality: each clan kills that many of its soldiers on the card
            fr["stage"] = "finish"
            leth = st.card_lethality(card)  # the Time token's, and the card's special ability
            victims = [s for s in st.tea if st.on_card(card, s)]
            for s in reversed(victims):
                n = min(leth, len(st.on_card(card, s)))
                if n and s == st.reed:  # which of its spearmen die changes nothing: all leave the card for its pool
                    st.emit("gw.reed_killed", cite("horde.kill"), seat=s, n=n)
                elif n and s == st.qin:  # "Tryb solo", golden rule 3: all back to his pool, never saved
                    st.emit("gw.qin_killed", cite("modes.solo.golden"), seat=s, n=n)
                    st.trigger(s, "soldier_killed", n)
                elif n:
                    st.push("gw.kill", seat=s, sec=sec, row=row, n=n, mode="defeat", stage="pick")
            push_windows(st, victims, "soldiers_killed", {"sec": sec, "row": row})  # on top: played first
            return
        # 5. survivors to the section's rest zone, wounds back; 6. the claim; 7. the rest close up
        for k, t in st.on_card(card).items():
            owner = next(c[0] for c in card["occ"] if type(c) is list and c[2] == k)
            if owner == st.reed or owner == st.qin:  # never in a rest zone: back to its pool instead
                st.pool[owner][t] += 1
            else:
                st.rest[sec][owner][t] += 1
        st.horde[sec].pop(row)
        if fr["claimer"] and fr["claimer"] != st.reed:
            st.claimed[fr["claimer"]].append([card["id"], 0])
            st.emit("gw.claim", self.rule, seat=fr["claimer"], card=card["id"])
            st.trigger(fr["claimer"], "claim")
        else:
            st.horde_discard.append(card["id"])
        if st.coop:  # "Tryb kooperacji": counted for the Decrees; the claimer's Honor for the card at once
            st.hooks.on_defeat(st, fr["claimer"], card["id"])
        for s in st.seats:
            st.saves[s] = 0
        st.pop(fr)


class Kill(Step):
    """Kill soldiers: the clan picks which of its soldiers die; each may be saved for 2 Chi (or by a Tactic's
    save) and goes to this section's rest zone instead. Killed soldiers return to the pool. In a Breach the
    Vital points a removed soldier covered get wounds; on a defeated card they do not. ``mode`` "archers": the
    archers on a breached section's firing spots."""

    kind = "gw.kill"
    rule = cite("horde.kill")
    player = for_clan  # the Reed Clan's Wódz picks which of its spearmen die in a Breach

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        if fr["stage"] == "save":
            out = [Option("let die", "die", {}, self.rule)]
            if seat == st.reed:  # "Klan Trzciny nigdy nie Ratuje swoich Żołnierzy"
                return out
            if st.saves[seat] > 0:
                out.append(Option("save (tactic)", "save_tactic", {"free": True}, cite("horde.save")))
            if st.res[seat]["chi"] >= 2:
                out.append(Option("save (2 chi)", "save_chi", {"free": False}, cite("horde.save")))
            return out
        if fr["mode"] == "archers":
            return [Option("archer", "pick_archer", {"k": -1}, self.rule)]
        card = st.horde[fr["sec"]][fr["row"]]
        out = []
        for k, t in st.on_card(card, seat).items():
            spots = [i for i, c in enumerate(card["occ"]) if type(c) is list and c[2] == k]
            out.append(Option(f"kill {SOLDIERS[t]} {card['id']}@{'+'.join(map(str, spots))}", "pick",
                              {"k": k, "type": SOLDIERS[t], "card": card["id"], "spots": spots}, self.rule))
        return out

    def forced(self, st: GreatWallState, fr: Fr) -> bool:
        return fr["stage"] == "pick" or fr["seat"] == st.reed

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat, sec = fr["seat"], fr["sec"]
        if fr["stage"] == "pick":  # "pick" or "pick_archer"
            fr["victim"] = opt.args["k"]
            fr["stage"] = "save"
            return
        k = fr["victim"]
        if fr["mode"] == "archers":
            st.firing[sec].remove(seat)
            t = AR
        else:
            card = st.horde[sec][fr["row"]]
            t = -1
            for i, c in enumerate(card["occ"]):
                if type(c) is list and c[2] == k:
                    t = c[1]
                    card["occ"][i] = WOUND if fr["mode"] == "breach" else None
        if opt.action != "die":  # saved
            if opt.args["free"]:
                st.saves[seat] -= 1
            else:
                st.pay(seat, {"chi": 2}, opt.rule)
            st.rest[sec][seat][t] += 1
            st.emit("gw.saved", opt.rule, seat=seat, type=SOLDIERS[t], sec=sec)
        else:
            st.pool[seat][t] += 1
            st.emit("gw.killed", self.rule, seat=seat, type=SOLDIERS[t], sec=sec)
            st.trigger(seat, "soldier_killed")
        fr["n"] -= 1
        fr["stage"] = "pick"
        if fr["n"] <= 0:
            st.pop(fr)


class Firing(Step):
    """Winter 1A ("Faza Strzelania"): "w kolejności Herbaty, rozpoczynając od lewej Sekcji Muru", every archer on a
    firing spot must put a wound on a free Vital point of a Horde card of its own section, if it can (mandatory:
    FAQ #39). Clan by clan in Tea order, each from its left section. The rulebook gives no example here, and the
    other reading (section by section, clans in Tea order within each) ends in the same position: an archer wounds
    only its own section's cards and nothing is defeated before the clearing phase (1B), so within a section both
    readings follow Tea order and the sections do not affect one another."""

    kind = "gw.firing"
    auto = True

    def run(self, st: GreatWallState, fr: Fr) -> None:
        while fr["queue"]:
            seat, sec = fr["queue"].pop(0)
            if any(st.free_vitals(c) for c in st.horde[sec] if not st.immune(c["id"], "archer")):
                st.push("gw.fire", seat=seat, sec=sec)
                return
        st.pop(fr)


class Fire(Step):
    kind = "gw.fire"
    rule = cite("winter.firing")
    forced_single = True

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        sec = fr["sec"]
        return [Option(f"wound {c['id']}@{v}", "wound", {"row": row, "spot": v, "card": c["id"]}, self.rule)
                for row, c in enumerate(st.horde[sec]) if not st.immune(c["id"], "archer") for v in st.free_vitals(c)]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        c = st.horde[fr["sec"]][opt.args["row"]]
        c["occ"][opt.args["spot"]] = WOUND
        st.emit("gw.wound", self.rule, seat=fr["seat"], card=c["id"], spot=opt.args["spot"])


class Breach(Step):
    """A breached section: 1. Shame for each card on which a clan has no soldier; 2. Lethality on every card (all
    at once: one trigger for the section); 3. wounds where removed soldiers stood; 4. the section's archers on
    firing spots are killed. Rest zones are safe."""

    kind = "gw.breach"
    auto = True
    rule = cite("horde.breach")

    def run(self, st: GreatWallState, fr: Fr) -> None:
        sec = fr["sec"]
        if fr["stage"] == "shame":
            st.emit("gw.breach", self.rule, sec=sec, defense=st.defense(sec), power=st.power(sec))
            fr["stage"] = "kill"
            for s in reversed(st.seats_in_tea()):  # never the Reed Clan
                # a card's special ability may add Shame tokens ("shame": n more for each clan without a soldier)
                k = sum(1 + (st.content.horde[c["id"]].get("ability") or {}).get("shame", 0)
                        for c in st.horde[sec] if not st.on_card(c, s))
                for _ in range(k):
                    st.push("gw.shame", seat=s, rule=cite("shame"))
            return
        if fr["stage"] == "kill":
            fr["stage"] = "done"
            victims = [s for s in st.tea if s in st.firing[sec] or any(st.on_card(c, s) for c in st.horde[sec])]
            frames = []
            for s in victims:
                for row, c in enumerate(st.horde[sec]):
                    n = min(st.card_lethality(c), len(st.on_card(c, s)))
                    if n:
                        frames.append({"seat": s, "sec": sec, "row": row, "n": n, "mode": "breach", "stage": "pick"})
                if s in st.firing[sec]:
                    frames.append({"seat": s, "sec": sec, "row": 0, "n": st.firing[sec].count(s), "mode": "archers",
                                   "stage": "pick"})
            for f in reversed(frames):
                st.push("gw.kill", **f)
            # one trigger for the whole section: each clan may play one Tactic, for the Breach or (its soldiers
            # dying) to save them ("Przełamanie rozpatrujemy jako pojedyncze uruchomienie efektu")
            push_windows(st, list(st.seats), "breach", {"sec": sec}, {s: ("soldiers_killed",) for s in victims})
            return
        for s in st.seats:
            st.saves[s] = 0
        st.pop(fr)


STEPS = (Clearing(), Defeat(), Kill(), Firing(), Fire(), Breach())
