"""The years and their seasons ("Opis gry", "Wiosna", "Lato", "Jesień", "Zima", "Koniec gry"), the General and
Advisor draft of the setup, and final scoring.

``gw.year`` walks one year's stages: spring (skipped in year 1) -> summer (skipped in year 1) -> autumn ->
winter -> the end check. Steps that follow Tea order push one frame per clan in reverse, so the top of the Tea
stack decides first.
"""

from __future__ import annotations

from typing import Any

from ...engine import Option, Step
from .effects import discard_shame, discard_shame_options, push_windows, run_effects
from .horde import place_horde_card
from .sections import cite
from .state import GreatWallState

Fr = dict[str, Any]


# -- setup: the draft ("Przygotowanie gry", 9-14) -----------------------------------------------------------------
class Draft(Step):
    """Each player looks at 2 Generals and 2 Advisors and keeps 1 General and picks the Active Advisor; the other
    Advisor goes face down under the General as Supporting. The choices are simultaneous: sequential decisions
    kept from the other seats until everyone has chosen."""

    kind = "gw.draft"
    rule = cite("setup.draft")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        d = st.draft[fr["seat"]]
        if not d.get("general"):
            return [Option(f"general {g}", "general", {"card": g}, self.rule) for g in d["generals"]]
        return [Option(f"active {a}", "active", {"card": a}, cite("advisors")) for a in d["advisors"]]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        d = st.draft[seat]
        if opt.action == "general":
            d["general"] = opt.args["card"]
            st.emit("gw.draft_general", self.rule, (seat,), seat=seat, card=opt.args["card"])
            return
        d["active"] = opt.args["card"]
        st.emit("gw.draft_done", self.rule, seat=seat)
        st.pop(fr)


class Reveal(Step):
    """Reveal the drafts; take the General's starting resources and Tactic cards; stack the Tea markers (highest
    Tea value on top)."""

    kind = "gw.reveal"
    auto = True
    rule = cite("setup.resources")

    def run(self, st: GreatWallState, fr: Fr) -> None:
        st.pop(fr)
        for s in st.seats:
            d = st.draft.pop(s)
            g = d["general"]
            st.general[s] = g
            st.active[s] = [d["active"]]
            st.support[s] = [a for a in d["advisors"] if a != d["active"]]
            st.emit("gw.general", cite("setup.draft"), seat=s, general=g, advisor=d["active"])
        for s in st.seats:
            gen = st.content.generals[st.general[s]]
            st.gain(s, dict(gen["resources"]), self.rule)
        st.tea = sorted(st.seats, key=lambda s: -st.content.generals[st.general[s]]["tea"])
        if st.qin:  # "Tryb solo" 19: your marker on top, Qin Jiushao's in the middle, the Reed Clan's at the bottom
            st.tea.append(st.qin)
        if st.reed:  # "umieść znacznik Herbaty Klanu Trzciny na samym dole"
            st.tea.append(st.reed)
        st.emit("gw.tea", cite("setup.tea"), seat=st.tea[0], tea=list(st.tea))
        for s in reversed(st.seats_in_tea()):
            st.draw_tactics(s, st.content.generals[st.general[s]]["tactics"], self.rule)


# -- the year ------------------------------------------------------------------------------------------------------
class Year(Step):
    kind = "gw.year"
    auto = True
    rule = cite("overview")

    def run(self, st: GreatWallState, fr: Fr) -> None:
        stage = fr["stage"]
        if stage == "spring":
            st.year += 1
            st.emit("gw.year", self.rule, n=st.year)
            fr["stage"] = "summer"
            if st.year == 1:  # "W pierwszym Roku Wiosna i Lato są pomijane"
                fr["stage"] = "autumn"
                return
            st.season = "spring"
            st.time += 1
            st.emit("gw.time", cite("spring.time"), time=st.time, lethality=st.lethality())
            for _ in range(st.spring_hordes()):
                place_horde_card(st, cite("spring.horde"))
            refresh_advisors(st)
            return
        if stage == "summer":
            st.season = "summer"
            for s in st.tea:  # 1. income from overseers
                for lid, (level, _t) in st.overseer[s].items() if s != st.qin else ():  # Qin: none (FAQ #6)
                    loc = st.content.loc[lid]
                    st.gain(s, {loc["resource"]: loc["overseer"]["income"][level - 1]}, cite("summer.income"))
                st.trigger(s, "summer")
                if st.coop:  # a co-op Event's passive Summer gain
                    st.hooks.summer_income(st, s)
            fr["stage"] = "reclaim"
            for s in reversed(st.seats_in_tea()):  # 2. discard Shame for 2 Chi each
                st.push("gw.summer_shame", seat=s)
            push_windows(st, list(st.seats), "summer", {})  # Summer's Tactics, after the income (played first)
            return
        if stage == "reclaim":
            for x in st.track:  # 3. the Command track to the discard pile
                if x is not None and x[0] == st.reed:  # the Reed Clan plays its one card every Autumn (ruling)
                    st.cmd_hand[x[0]].append(x[1])
                elif x is not None:
                    st.cmd_discard.append(x)
            st.track = [None] * len(st.track)
            fr["stage"] = "autumn"
            if st.coop:  # "Brak możliwości odzyskania kart": step 4 is skipped (a Wall level recovers a card)
                st.emit("gw.no_reclaim", cite("modes.coop.no_reclaim"))
                return
            if st.qin:  # "Tryb solo": Qin never takes his cards back (solo.py)
                st.hooks.summer_reclaim(st)
            for s in reversed(st.seats_in_tea()):  # 4. reclaim or Honor
                st.push("gw.reclaim", seat=s)
            return
        if stage == "autumn":
            st.season = "autumn"
            st.revealed = False
            if st.qin:  # his card is drawn after yours is chosen ("Następnie dobierz wierzchnią kartę")
                st.chosen[st.qin] = ""
            fr["stage"] = "reveal"
            for s in reversed(st.seats_in_tea()):
                if st.cmd_hand[s]:
                    st.push("gw.choose", seat=s)
            if st.reed:  # "Klan Trzciny ma tylko 1 kartę Rozkazu, którą zagrywa każdej Jesieni" (face up)
                st.chosen[st.reed] = st.cmd_hand[st.reed][0]
            return
        if stage == "reveal":
            if st.qin:
                st.hooks.draw_command(st)
            st.revealed = True
            st.emit("gw.commands_revealed", cite("autumn.choose"), chosen={s: c for s, c in st.chosen.items() if c})
            fr["stage"] = "resolve"
            fr["slot"] = 0
            for s in reversed(st.tea):
                if st.chosen[s]:
                    st.push("gw.place_command", seat=s)
            return
        if stage == "resolve":
            while fr["slot"] < len(st.track):
                x = st.track[fr["slot"]]
                fr["slot"] += 1
                if x is not None:
                    st.push("gw.turn", seat=x[0], card=x[1], stage="tactic", box=0)
                    return
            fr["stage"] = "winter"
            st.active_seat = ""
            for s in st.seats:
                st.chosen[s] = ""
            return
        if stage == "winter":
            st.season = "winter"
            fr["stage"] = "firing"
            push_windows(st, list(st.seats), "winter", {})  # Winter's Tactics, before the archers fire
            return
        if stage == "firing":
            fr["stage"] = "assault"
            queue = [[s, sec] for s in st.tea for sec in range(3) for _ in range(st.firing[sec].count(s))]
            st.push("gw.clearing", rule=cite("winter.clearing"))
            st.push("gw.firing", queue=queue)
            return
        if stage == "assault":
            fr["stage"] = "barricades"
            for sec in reversed(range(3)):
                if st.power(sec) > st.defense(sec):
                    st.push("gw.breach", sec=sec, stage="shame")
            return
        if stage == "barricades":
            if any(st.barricades):
                st.emit("gw.barricades_discarded", cite("winter.assault"), n=sum(st.barricades))
            st.barricades = [0, 0, 0]
            if st.coop:  # "Tryb kooperacji": 3. fulfil Decrees, 4. the end check, 5. Decree phase, 6. Event phase
                fr["stage"] = "spring"
                st.push("gw.coop_winter", stage="fulfil")
                return
            why = st.win_check()
            if why:
                final_scoring(st, why)
                return
            fr["stage"] = "spring"


def refresh_advisors(st: GreatWallState) -> None:
    """Spring 3: discard the first 2 Advisors from the left, slide the rest left, fill from the deck (solo: one goes
    to Qin Jiushao)."""
    if st.qin:
        st.hooks.spring_advisors(st)
        return
    gone = st.adv_track[:2]
    st.adv_discard.extend(gone)
    st.adv_track = st.adv_track[2:]
    while len(st.adv_track) < st.board["advisor_track"] and st.adv_deck:
        st.adv_track.append(st.adv_deck.pop())
    st.emit("gw.advisors_refreshed", cite("spring.advisors"), discarded=gone, track=list(st.adv_track))


class SummerShame(Step):
    """Summer 2: pay 2 Chi to discard a Shame token from anywhere back to the pool, as often as you like."""

    kind = "gw.summer_shame"
    rule = cite("summer.shame")

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        if st.coop:  # "Żetony Hańby" of the co-op game: 10 Honor instead of Chi
            return [*st.hooks.summer_shame_options(st, fr["seat"], self.rule), Option("done", "done", {}, self.rule)]
        out = discard_shame_options(st, fr["seat"], self.rule) if st.res[fr["seat"]]["chi"] >= 2 else []
        return [*out, Option("done", "done", {}, self.rule)]

    def forced(self, st: GreatWallState, fr: Fr) -> bool:
        # only the Shame tokens (public) decide whether there is a question: never a hint of the Chi behind the screen
        seat = fr["seat"]
        if st.coop:  # Shame tokens and Honor are public
            return True
        return not any(st.shamed[seat]) and not any(c[1] for c in st.claimed[seat])

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        if opt.action == "discard_honor":
            st.add_honor(fr["seat"], -opt.args["honor"], opt.rule)
            discard_shame(st, fr["seat"], opt.args, opt.rule)
            return
        st.pay(fr["seat"], {"chi": 2}, self.rule)
        discard_shame(st, fr["seat"], opt.args, self.rule)


class Reclaim(Step):
    """Summer 4: take back all your Command cards from the discard pile, or gain 2 Honor for each there."""

    kind = "gw.reclaim"
    rule = cite("summer.reclaim")
    forced_single = True

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        mine = [x[1] for x in st.cmd_discard if x[0] == fr["seat"]]
        if not mine:  # nothing in the discard pile: no choice (public)
            return [Option("reclaim", "reclaim", {"n": 0}, self.rule)]
        back = sum(1 for c in mine if not st.content.command(c).get("stays_discarded"))
        return [Option("reclaim", "reclaim", {"n": back}, self.rule),
                Option("honor", "honor", {"n": len(mine)}, self.rule)]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        st.pop(fr)
        # "Zdrada" stays in the discard pile for good: never taken back; it counts for Honor as any card of yours
        # there ("2 Honoru za każdą swoją kartę Rozkazu w stosie odrzuconych"; ruling, docs/great_wall.md)
        mine = [x for x in st.cmd_discard if x[0] == seat and (opt.action == "honor"
                                                                or not st.content.command(x[1]).get("stays_discarded"))]
        if opt.action == "reclaim":
            st.cmd_discard = [x for x in st.cmd_discard if x not in mine]
            st.cmd_hand[seat].extend(x[1] for x in mine)
            st.emit("gw.reclaim", self.rule, seat=seat, n=len(mine))
        else:
            st.emit("gw.reclaim_honor", self.rule, seat=seat, n=len(mine))
            st.add_honor(seat, 2 * len(mine), self.rule)


class ChooseCommand(Step):
    """Autumn 1: each player puts a Command card from hand face down; all are revealed together."""

    kind = "gw.choose"
    rule = cite("autumn.choose")
    forced_single = True  # one card left in hand (public: the hand follows from the track and the discard pile)

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        return [Option(f"command {c}", "command", {"card": c}, self.rule) for c in st.cmd_hand[fr["seat"]]]

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        st.chosen[fr["seat"]] = opt.args["card"]
        st.emit("gw.command_chosen", self.rule, seat=fr["seat"])
        st.emit("gw.command_chosen_card", self.rule, (fr["seat"],), seat=fr["seat"], card=opt.args["card"])


class PlaceCommand(Step):
    """Autumn 2: in Tea order each player puts the card on an empty space of the Command track; cards resolve from
    space 1."""

    kind = "gw.place_command"
    rule = cite("autumn.order")
    forced_single = True

    def options(self, st: GreatWallState, fr: Fr) -> list[Option]:
        out = [Option(f"slot {i + 1}", "slot", {"slot": i, "n": i + 1}, self.rule) for i, x in enumerate(st.track)
               if x is None]
        # the Reed Clan always takes the free space with the lowest number ("Zasady Rozkazów i Urzędników")
        return out[:1] if fr["seat"] == st.reed or fr["seat"] == st.qin else out  # and Qin Jiushao's ("Tryb solo")

    def choose(self, st: GreatWallState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        seat = fr["seat"]
        st.cmd_hand[seat].remove(st.chosen[seat])
        st.track[opt.args["slot"]] = [seat, st.chosen[seat]]
        st.emit("gw.command_placed", self.rule, seat=seat, card=st.chosen[seat], slot=opt.args["slot"] + 1)


class Turn(Step):
    """Autumn 3 for one Command card, its owner the Active player: A. the boxes top to bottom (dark ones the
    owner's, "Pozostali gracze" the others' in Tea order), B. activation, C. Horde clearing."""

    kind = "gw.turn"
    auto = True
    rule = cite("autumn.command")

    def run(self, st: GreatWallState, fr: Fr) -> None:
        seat = fr["seat"]
        card = st.content.command(fr.get("copy") or fr["card"])  # "Zdrada": the copied card's boxes
        if fr["stage"] == "tactic":
            st.active_seat = seat
            st.emit("gw.turn", self.rule, seat=seat, card=fr["card"])
            fr["stage"] = "boxes"
            # "Możesz zagrywać karty Taktyk podczas tury dowolnego z graczy": the turn's start is one trigger
            push_windows(st, list(st.seats), "any_turn", {}, {seat: ("own_turn",)})
            return
        if fr["stage"] == "boxes":
            if fr["box"] >= len(card["boxes"]):
                fr["stage"] = "activation"
                return
            box = card["boxes"][fr["box"]]
            fr["box"] += 1
            who = [seat] if box["who"] == "owner" else [s for s in st.tea if s != seat]
            if st.coop and len(who) > 1:  # "Tryb kooperacji", Tor Herbaty: the players choose the order
                st.hooks.order_box(st, who, box["effects"], self.rule)
                return
            for s in reversed(who):
                run_effects(st, s, box["effects"], self.rule)
            return
        if fr["stage"] == "activation":
            fr["stage"] = "clearing"
            st.push("gw.activation", seat=seat)
            return
        if fr["stage"] == "clearing":
            fr["stage"] = "end"
            st.push("gw.clearing", rule=cite("autumn.clearing"))
            return
        st.pop(fr)


# -- the end ("Koniec gry", "Końcowe podliczenie punktów") ----------------------------------------------------------
def final_scoring(st: GreatWallState, reason: str) -> None:
    """1. -5 Honor per soldier with a Shame token (not below 0); 2. the Honor of each claimed Horde card without
    Shame; 3. the 3 Artifacts. Most Honor wins; a tie goes to the higher in Tea order."""
    if st.qin:  # "Tryb solo": against Qin Jiushao (solo.py)
        st.hooks.final_scoring(st, reason)
        return
    rule = cite("end.scoring")
    st.emit("gw.game_end", cite("end"), reason=reason)
    detail = {}
    for s in st.seats_in_tea():
        pen = 5 * sum(st.shamed[s])
        st.add_honor(s, -pen, rule)
        horde = sum(st.content.horde[c]["reward"] for c, k in st.claimed[s] if k == 0)
        st.add_honor(s, horde, rule)
        art = 0
        for a in st.artifacts:
            sc = st.content.artifacts[a]["score"]
            art += sc["honor"] * st.artifact_count(s, sc["per"])
        st.add_honor(s, art, rule)
        detail[s] = {"shame": -pen, "horde": horde, "artifacts": art}
    best = max(st.honor[s] for s in st.seats)
    winner = next(s for s in st.seats_in_tea() if st.honor[s] == best)
    st.result = {"winners": [winner], "scores": {s: st.honor[s] for s in st.seats}, "reason": reason, "rule": rule,
                 "years": st.year, "detail": detail, "tea": list(st.tea)}
    st.stack.clear()
    st.emit("gw.victory", rule, seat=winner, honor=best)


STEPS = (Draft(), Reveal(), Year(), SummerShame(), Reclaim(), ChooseCommand(), PlaceCommand(), Turn())
