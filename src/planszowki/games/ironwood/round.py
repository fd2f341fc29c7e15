"""Kolejność Rundy: setup choices, I. Preparation, II. Actions, III. End of round.

The round frame ``iw.round`` walks the phases; steps that follow turn order ("Kolejność Tury") take the
Woodwalkers first, the Ironclad second, always.
"""

from __future__ import annotations

from typing import Any

from ...engine import Option, Step
from .effects import place, play_card, run_effects
from .sections import cite
from .state import HAND_LIMIT, IC, SEATS, WW, IronwoodState

Fr = dict[str, Any]
#: I/1: crystals gained in Preparation
INCOME = {WW: 1, IC: 2}
RECRUIT_COST = 2
ACTIONS_PER_ROUND = 3


class Round(Step):
    kind = "iw.round"
    auto = True
    rule = cite("round.order")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        stage = fr["stage"]
        if stage == "prep":
            st.round_no += 1
            st.phase = "prep"
            st.emit("iw.round", cite("round.order"), n=st.round_no)
            for s in SEATS:
                n = st.gain(s, INCOME[s])
                st.emit("iw.gain", cite("round.prep.crystals"), seat=s, n=n)
            fr["stage"] = "markers"
            if st.round_no == 1 and st.options.get("first_draw", "choose") == "choose":
                for s in reversed(SEATS):  # pushed: the Woodwalkers decide first
                    st.push(st.step_for(s, "iw.first_draw"), seat=s)
            else:
                for s in SEATS:
                    own = st.step_for(s, "iw.draw_cards")  # a solo bot draws its own way (shuffled into its hand)
                    if own == "iw.draw_cards":
                        st.draw(s, 2, cite("round.prep.draw"))
                    else:
                        st.push(own, seat=s)
            return
        if stage == "markers":
            fr["stage"] = "actions"
            fr["t"] = 0
            for s in reversed(SEATS):
                st.push(st.step_for(s, "iw.markers"), seat=s)
            return
        if stage == "actions":
            st.phase = "actions"
            if fr["t"] >= 2 * ACTIONS_PER_ROUND:
                fr["stage"] = "end"
                return
            seat = SEATS[fr["t"] % 2]
            fr["t"] += 1
            st.turn_no += 1
            for arr in (st.mv_ww, st.mv_icw, st.mv_golem):  # each unit moves once per turn
                for i in range(len(arr)):
                    arr[i] = 0
            st.mv_drill = 0
            st.push(st.step_for(seat, "iw.turn"), seat=seat)
            return
        if stage == "end":
            st.phase = "end"
            end_cards(st)
            fr["stage"] = "totems"
            for s in reversed(SEATS):
                if st.action_cards(s) > HAND_LIMIT:
                    st.push(st.step_for(s, "iw.hand_limit"), seat=s)
            return
        if stage == "totems":
            fade_totems(st)
            fr["stage"] = "next"
            for s in reversed(SEATS):
                st.push(st.step_for(s, "iw.end_recruit"), seat=s)
            return
        fr["stage"] = "prep"  # the next round


class FirstDraw(Step):
    """I/2 in the first round: draw 2, or draw 4, keep 2 and shuffle the other 2 back."""

    kind = "iw.first_draw"
    rule = cite("round.prep.draw.first")

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        if fr.get("returning"):
            # the drawn cards are the special cards in hand (round 1 starts with base cards only); the frame keeps
            # no list of them, so a determinized hand (promise 4) stays consistent with it
            return [Option(f"return {c}", "return", {"card": c}, self.rule) for c in dict.fromkeys(st.hand[fr["seat"]])
                    if not st.card(c).base]
        return [Option("draw 2", "draw", {"n": 2}, cite("round.prep.draw")),
                Option("draw 4 keep 2", "draw", {"n": 4}, self.rule)]

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        if opt.action == "draw":
            got = st.draw(seat, opt.args["n"], opt.rule)
            if opt.args["n"] == 2 or len(got) <= 2:
                st.pop(fr)
                return
            fr["returning"] = len(got) - 2
            return
        c = opt.args["card"]
        st.hand[seat].remove(c)
        st.deck[seat].append(c)
        fr["returning"] -= 1
        if fr["returning"] == 0:
            st.rng.shuffle(st.deck[seat])
            st.emit("iw.returned", self.rule, seat=seat, n=2)
            st.pop(fr)


class Markers(Step):
    """I/3: remove one marker from each of your Temporary cards; a card whose last marker goes is resolved (its
    effects on expiry) and discarded; several at once are resolved in the order the player chooses. Map markers of
    effects no longer in play go too."""

    kind = "iw.markers"
    auto = True
    rule = cite("round.prep.markers")

    def run(self, st: IronwoodState, fr: Fr) -> None:
        seat = fr["seat"]
        st.pop(fr)
        keep = []
        expired = []
        for entry in st.temporary[seat]:
            entry[1] -= 1
            if entry[1] > 0:
                keep.append(entry)
            else:
                expired.append(entry[0])
        st.temporary[seat] = keep
        for c in expired:
            st.emit("iw.expired", cite("cards.temporary"), seat=seat, card=c)
        active = {c for c, _ in keep}
        # Ruling (I/3): the markers a card put on the map stay while that card is in play; those of a card that is
        # not Temporary (discarded at the end of the round) leave now, at its owner's next I/3
        before = len(st.marks)
        st.marks = [m for m in st.marks if m[2] != seat or m[3] in active]
        if len(st.marks) != before:
            st.emit("iw.marks_removed", self.rule, seat=seat, n=before - len(st.marks))
        waiting = []
        for c in expired:  # cards without effects on expiry are simply discarded
            if st.card(c).on_expire:
                waiting.append(c)
            else:
                _expire(st, seat, c)
        if waiting:
            st.push("iw.expire", seat=seat, expired=waiting)


class Expire(Step):
    """I/3: the order in which Temporary cards that expire together are resolved."""

    kind = "iw.expire"
    rule = cite("round.prep.markers")
    forced_single = True

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        return [Option(f"expire {c}", "expire", {"card": c}, self.rule) for c in fr["expired"]]

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        c = opt.args["card"]
        fr["expired"].remove(c)
        if not fr["expired"]:
            st.pop(fr)
        _expire(st, fr["seat"], c)
        run_effects(st, fr["seat"], c, st.card(c).on_expire)


def _expire(st: IronwoodState, seat: str, c: str) -> None:
    st.discard[seat].append(c)
    st.bonuses = [b for b in st.bonuses if not (b[0] == seat and b[4] == c)]


class Turn(Step):
    """II: play a card from hand into your leftmost empty slot and resolve it, or draw a card and mark the slot."""

    kind = "iw.turn"
    rule = cite("round.actions")

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        out = [Option(f"play {c}", "play", {"card": c}, self.rule) for c in dict.fromkeys(st.hand[seat])]
        out.append(Option("pass", "pass", {}, cite("round.actions.pass")))
        return out

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        st.pop(fr)
        seat = fr["seat"]
        if opt.action == "pass":
            st.slots[seat].append(["pass"])
            st.emit("iw.pass", opt.rule, seat=seat)
            st.draw(seat, 1, opt.rule)
            return
        c = opt.args["card"]
        st.hand[seat].remove(c)
        st.slots[seat].append([c])
        play_card(st, seat, c, False, self.rule)


def end_cards(st: IronwoodState) -> None:
    """III/1: base cards back to hand, Temporary cards with markers stay in play, other played cards discarded."""
    rule = cite("round.end.cards")
    for s in SEATS:
        active = {c for c, _ in st.temporary[s]}
        back: list[str] = []
        for slot in st.slots[s]:
            for c in slot:
                if c == "pass":
                    continue
                if st.card(c).base:
                    back.append(c)
                elif c not in active:
                    st.discard[s].append(c)
        back += st.spent[s]
        st.hand[s].extend(back)
        st.slots[s] = []
        st.spent[s] = []
        st.emit("iw.cards_back", rule, seat=s, cards=back)
    st.bonuses = [b for b in st.bonuses if b[4] in {c for s in SEATS for c, _ in st.temporary[s]}
                  and b[5] == "every"]


class HandLimit(Step):
    """III/1: more than 8 action cards (base included, vision cards not): discard special cards down to 8."""

    kind = "iw.hand_limit"
    rule = cite("round.end.hand_limit")

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        return [Option(f"discard {c}", "discard", {"card": c}, self.rule)
                for c in dict.fromkeys(st.hand[seat]) if not st.card(c).base]

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        seat = fr["seat"]
        c = opt.args["card"]
        st.hand[seat].remove(c)
        st.discard[seat].append(c)
        st.emit("iw.discard", self.rule, seat=seat, card=c)
        if st.action_cards(seat) <= HAND_LIMIT:
            st.pop(fr)


def fade_totems(st: IronwoodState) -> None:
    """III/2: full totems on the board turn to their fading side; fading ones leave the board.

    Ruling ("usuńcie go z mapy"): a totem that fades away goes back to the supply and may be discovered again with
    another vision card — with three totems in the box a lost one would otherwise end the Woodwalkers' road to
    victory, which the rulebook nowhere says."""
    rule = cite("round.end.totems")
    kept = []
    for t in st.totems:
        if t[1]:
            st.emit("iw.totem_lost", rule, loc=st.lid(t[0]))
        else:
            kept.append([t[0], 1])
            st.emit("iw.totem_fades", rule, loc=st.lid(t[0]))
    st.totems = kept


class EndRecruit(Step):
    """III/3: recruit any number of warriors for 2 crystals each — the Woodwalkers in outer forests, the Ironclad on
    mountains with a forge (Ferrum too)."""

    kind = "iw.end_recruit"
    rule = cite("round.end.recruit")

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        seat = fr["seat"]
        out: list[Option] = []
        if st.crystals[seat] >= RECRUIT_COST and st.supply("ww" if seat == WW else "icw") > 0:
            b = st.board
            places = ([i for i in b.forests() if b.rings[i] == "outer"] if seat == WW
                      else [i for i in b.mountains() if st.has_forge(i)])
            out = [Option(f"recruit at {b.ids[i]}", "recruit", {"loc": b.ids[i]}, self.rule) for i in places]
        out.append(Option("done", "done", {}, self.rule))
        return out

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return True

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        seat = fr["seat"]
        st.crystals[seat] -= RECRUIT_COST
        place(st, seat, st.loc(opt.args["loc"]), "warrior", self.rule)


class Handicap(Step):
    """Starting warriors for a less experienced player: one more warrior on each of up to 4 inner mountains
    (Ironclad) or outer forests (Woodwalkers), chosen by that player."""

    kind = "iw.handicap"
    rule = cite("setup.handicap")

    def options(self, st: IronwoodState, fr: Fr) -> list[Option]:
        b = st.board
        seat = fr["seat"]
        if seat == WW:
            places = [i for i in b.forests() if b.rings[i] == "outer"]
        else:
            places = [i for i in b.mountains() if b.rings[i] == "inner"]
        out = [Option(f"place at {b.ids[i]}", "place", {"loc": b.ids[i]}, self.rule) for i in places
               if b.ids[i] not in fr["used"]]
        if not out or st.supply("ww" if seat == WW else "icw") == 0:  # every place used, or no warrior left
            return [Option("done", "done", {}, self.rule)]
        return out

    def forced(self, st: IronwoodState, fr: Fr) -> bool:
        return self.options(st, fr)[0].action == "done"  # nothing left to place (public); a lone place is asked

    def choose(self, st: IronwoodState, fr: Fr, opt: Option) -> None:
        if opt.action == "done":
            st.pop(fr)
            return
        fr["used"].append(opt.args["loc"])
        place(st, fr["seat"], st.loc(opt.args["loc"]), "warrior", self.rule)
        if len(fr["used"]) >= fr["n"]:
            st.pop(fr)


STEPS: tuple[Step, ...] = (Round(), FirstDraw(), Markers(), Expire(), Turn(), HandLimit(), EndRecruit(), Handicap())
