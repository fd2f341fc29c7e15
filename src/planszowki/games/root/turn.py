"""Turn structure (1.4.1) and the shared actions every faction takes: move (4.2), battle targets (4.3),
dominance (3.3), card effects used "in Birdsong / at the start of … / once in Daylight", hand limit.

A turn is one automatic ``turn`` frame that walks the phases and pushes each faction's phase frames;
factions name theirs in their contribution's ``phases`` (hooks.py).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations_with_replacement
from typing import ClassVar

from ...engine import Option, Step
from .content import SUITS
from .hooks import Contribution
from .state import HAND_LIMIT, OWNER, VAGABONDS, WILD, RootState
from .variant_maps import (
    ferry_targets,
    open_path_options,
    open_path_possible,
    score_the_pass,
    start_open_path,
    take_ferry,
)

#: What the factions in play and the optional modules add to the turn — their phases, crafting pieces, start-of-phase
#: effects, extras, the Exiles deck's and the hirelings' questions — is asked of ``st.hooks`` (hooks.py), which the
#: game assembles at setup. The turn's own start-of-phase effects (4.1.3 Better Burrow Bank, Cobbler) are declared
#: in :data:`SHARED_RULES` at the end of this module.


def register(cls: type[Step]) -> type[Step]:
    """Class decorator: make a Step handle frames of ``cls.kind``."""
    if cls.kind in RootState.STEPS:
        raise RuntimeError(f"duplicate step kind {cls.kind}")
    RootState.STEPS[cls.kind] = cls()
    return cls


def R(rule: str) -> str:
    """Citation format of Root rules in options and errors."""
    return f"root:{rule}"


# -- the turn ------------------------------------------------------------------------------------
@register
class Turn(Step):
    """1.4.1: Birdsong, Daylight, Evening, then the next player clockwise."""

    kind = "turn"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        run_turn(st, fr)


def run_turn(st: RootState, fr: dict) -> None:
    """:class:`Turn`'s step, a module function so that the compiled build types the state (turn.pxd)."""
    seat = fr["seat"]
    i = fr["i"]
    fr["i"] = i + 1
    birdsong, daylight, evening = st.hooks.phases[st.faction_of(seat)]
    if i == 0:
        st.current = seat
        st.phase = "birdsong"
        st.turn_no += 1
        st.turn = {}
        st.emit("turn_start", "1.4.1", faction=seat, turn=st.turn_no)
        check_dominance_victory(st, seat)  # 3.3.1: nothing else at the start of Birdsong changes rule
        if st.result is None:
            st.push("turn.start_of_birdsong", seat=seat, done=[])
    elif i == 1:
        push_birdsong_window(st, seat)
    elif i == 2:
        st.push(birdsong[0], seat=seat, **birdsong[1])
    elif i == 3:
        if st.exiles:
            st.hooks.exiles["end_of_birdsong"](st, seat)  # A.2 Eyrie Emigre: after everything else in Birdsong
        push_birdsong_window(st, seat)
    elif i == 4:
        st.phase = "daylight"
        st.emit("phase", "1.4.1", faction=seat, phase="daylight")
        if st.has_crafted(seat, "command_warren") and battle_options(st, seat, "4.3"):
            st.push("card.command_warren", seat=seat)
    elif i == 5:
        st.push(daylight[0], seat=seat, **daylight[1])
    elif i == 6:
        st.phase = "evening"
        st.emit("phase", "1.4.1", faction=seat, phase="evening")
        st.push("turn.start_of_evening", seat=seat, done=[])  # Cobbler, A.2 Charm Offensive
    elif i == 7:
        st.push(evening[0], seat=seat, **evening[1])
    else:
        if st.result is None and not st.turn.get("evening_drawn") and (
                extras_in_play(st) or anytime_possible(st, seat)):
            # 13.2.4: an Evening without a draw (11.6, 13.6.1 Exert) is "before drawing" to its end; the
            # abilities usable anytime on one's turn (``hooks.anytime``) get this window too
            st.turn["evening_drawn"] = True
            if turn_extras_possible(st, seat):
                fr["i"] = i
                st.push("turn.extras", seat=seat)
                return
        if not st.turn.get("turn_end"):
            score_the_pass(st, seat)  # C.3.4: at the end of the Evening
            if st.result is not None:
                return
            st.turn["turn_end"] = True
            for hook in st.hooks.end_of_turn:  # E.1: the end of the turn, after the Evening
                if hook(st, seat):
                    fr["i"] = i
                    return
        st.pop(fr)
        nxt = st.seats[(st.seats.index(seat) + 1) % len(st.seats)]
        st.push("turn", seat=nxt, i=0)


def check_dominance_victory(st: RootState, seat: str) -> None:
    """3.3.1.I–II: an activated dominance card wins at the start of its owner's Birdsong."""
    cid = st.dominance[seat]
    if cid is None:
        return
    suit = st.card(cid).suit
    if suit == "bird":
        for a, b in st.map.opposite.items():
            if a < b and st.rules(a, seat) and st.rules(b, seat):
                st.finish([seat], "dominance", "3.3.1.II")
                return
    else:
        ruled = sum(1 for c in st.map.clearings() if st.suit_matches(c, suit) and st.rules(c, seat))  # F: Lost City
        if ruled >= 3:
            st.finish([seat], "dominance", "3.3.1.I")


# -- movement ------------------------------------------------------------------------------------
def move_options(st: RootState, seat: str, rule: str, sources: list[int] | None = None,
                 action: str = "move", suffix: str = "") -> list[Option]:
    """4.2: move any number of warriors from one clearing to an adjacent one; rule origin or destination.
    From the clearing with the Ferry, also across the lake to another coastal clearing (C.2.5)."""
    out = []
    cite = R(rule)
    # every location: the clearings, then the Burrow when the Duchy plays (12.2.2)
    locations = range(len(st.warriors))
    # whether the mover rules each location (True/False), None while not asked: most moves need the rule of only a
    # few clearings (an origin ruled needs no destination's), so rule is counted where it is asked
    ruled: list[bool | None]
    if st.faction_of(seat) in st.hooks.nimble or (st.exiles and st.hooks.exiles["ignores_rule"](st, seat)):
        ruled = [True] * len(locations)  # 13.2.3 Nimble, A.2 Corvid Planners: rule does not matter
    elif "hirelings" in st.fdata and st.hooks.hirelings["divers"](st, seat):  # Otter Divers (Appendix E)
        rivers = st.map.rivers
        ruled = [st.ruler(c) == seat or (c < st.map.n and bool(rivers[c])) for c in locations]
    else:
        ruled = [None] * len(locations)
    ferry = st.ferry
    warriors, tokens, nmap = st.warriors, st.tokens, st.map.n
    for a in (sources if sources is not None else locations):
        wa = warriors[a]
        n = wa.get(seat, 0)
        if not n or not st.can_move_from(a, seat):  # 13.7.2 Snare
            continue
        src = a + 1 if a < nmap else "burrow"  # as st.loc: 12.2.2, the Burrow is "burrow"
        ra = ruled[a]
        if ra is None:
            ra = ruled[a] = st.ruler(a) == seat
        for b in st.adjacent(a, seat):  # 11.2.7.2 Riverboats: rivers as paths
            if not ra:  # 4.2.1: rule the origin or the destination
                rb = ruled[b]
                if rb is None:
                    rb = ruled[b] = st.ruler(b) == seat
                if not rb:
                    continue
            if "torch" in tokens[b]:  # D.6.2: no moving into the torch
                continue
            dst = b + 1 if b < nmap else "burrow"
            if a < nmap and b < nmap:  # two clearings (the compiled build formats their numbers from C integers)
                head = f"{action} {a + 1}->{b + 1} x"
            else:
                head = f"{action} {src}->{dst} x"
            for k in range(1, n + 1):
                out.append(Option(f"{head}{k}{suffix}", action, {"from": src, "to": dst, "count": k}, cite))
        if a == ferry:
            for b in ferry_targets(st, a):
                if ruled[b] is None:
                    ruled[b] = st.ruler(b) == seat
                if ra or ruled[b]:  # C.2.5: "you still must rule the origin or destination clearing"
                    for k in range(1, n + 1):
                        out.append(Option(f"{action} {a + 1}->{b + 1} x{k} ferry{suffix}", action,
                                          {"from": a + 1, "to": b + 1, "count": k, "ferry": True}, R("C.2.5")))
    return out


def may_move(st: RootState, faction: str, a: int, b: int, ferry: bool = False) -> bool:
    """4.2.1: whether ``faction`` may take a move from ``a`` to ``b`` as far as rule goes: it rules the origin or
    the destination (with 7.2.2 Lords of the Forest and every other hook of :meth:`RootState.ruler`), or it moves
    regardless of rule (13.2.3 Nimble; 11.2.2 Swimmers along a river, but not on the Ferry, C.2.5). Used for
    warriors another player forces to move (1.5.5), such as the Vagabond's Allied warriors (9.2.9.II.b)."""
    # 13.2.3 Nimble, A.2 Corvid Planners
    if faction in st.hooks.nimble or (st.exiles and st.hooks.exiles["ignores_rule"](st, faction)):
        return True
    along = st.hooks.moves_regardless_of_rule.get(faction)
    if along is not None and not ferry and along(st, a, b):
        return True
    if "hirelings" in st.fdata and st.hooks.hirelings["divers"](st, faction) and any(
            c < st.map.n and st.map.rivers[c] for c in (a, b)):
        return True  # Otter Divers (Appendix E): rule is ignored moving to or from a clearing on the river
    return st.ruler(a) == faction or st.ruler(b) == faction


def do_move(st: RootState, seat: str, opt: Option, rule: str) -> None:
    a, b = st.loc_index(opt.args["from"]), st.loc_index(opt.args["to"])
    st.move_warriors(a, b, seat, opt.args["count"], rule)
    if opt.args.get("ferry"):
        take_ferry(st, seat, a, b)


# -- battle targets ------------------------------------------------------------------------------
def battle_options(st: RootState, seat: str, rule: str, clearings: list[int] | None = None,
                   suffix: str = "") -> list[Option]:
    """4.3: a clearing with your warriors and any piece of an enemy, who becomes the defender."""
    out = []
    pawn = st.pawn_clearing(seat)
    # 11.2.7.3 Mercenaries: the buyer battles with Riverfolk warriors as their own, but not the Riverfolk (FAQ:
    # even with none of their own pieces in the clearing)
    merc = st.turn.get("mercenaries") == seat and st.phase != "birdsong"
    hire = st.fdata.get("hirelings")
    enemies = st.enemies(seat)
    cite = R(rule)
    warriors, buildings, tokens = st.warriors, st.buildings, st.tokens
    for c in (clearings if clearings is not None else st.map.clearings()):
        w = warriors[c]
        own = w.get(seat, 0) or pawn == c
        if not own and not (merc and w.get("riverfolk", 0)):
            continue
        # the clearing's owners of buildings or tokens, once: most enemies are then answered without a call
        owners = {OWNER[p] for p in buildings[c]} | {OWNER[p] for p in tokens[c]} if buildings[c] or tokens[c] \
            else ()
        for e in enemies:
            if not (w.get(e, 0) or e in owners or (e in VAGABONDS and st.has_any_piece(c, e))):
                continue  # as has_any_piece: warriors, buildings, tokens, a Vagabond's pawn
            if (own or e != "riverfolk") and not (
                    hire is not None and st.hooks.hirelings["shielded"](st, c, e, seat)):  # Appendix E: Stoic Protector
                out.append(Option(f"battle {c + 1} {e}{suffix}", "battle", {"clearing": c + 1, "defender": e}, cite))
        if hire is not None and own:  # E.3.2: hirelings in the supply or held by an enemy are enemies
            for e in st.hooks.hirelings["defenders"](st, seat, c):
                out.append(Option(f"battle {c + 1} {e}{suffix}", "battle",
                                  {"clearing": c + 1, "defender": e}, R(rule)))
    return out


def start_battle(st: RootState, seat: str, opt: Option, rule: str = "4.3") -> None:
    c = opt.args["clearing"] - 1
    st.emit("battle", rule, faction=seat, clearing=c + 1, defender=opt.args["defender"])
    st.push("battle", c=c, att=seat, dfn=opt.args["defender"], step="ally", amb=-1, foiled=False,
            ah=0, dh=0, ax=0, dx=0, a_arm=False, d_arm=False, a_used=[], d_used=[], despot=0,
            ally="", instigator="", arb=0, ally_lost=0, items_hit=0)
    if "hirelings" in st.fdata:
        st.hooks.hirelings["battle_start"](st, seat, opt.args["defender"], c)  # Spring Uprising's toll (Appendix E)


# -- cards spent for a suit ----------------------------------------------------------------------
def clearing_card_options(st: RootState, seat: str, c: int, action: str, rule: str, args: dict | None = None,
                          prefix: str = "") -> list[Option]:
    """One option per distinct card matching clearing ``c`` (birds wild, 2.1.1; in the Lost City, Appendix F, a card
    of any suit) in ``seat``'s hand."""
    out = []
    for cid in st.distinct(st.clearing_cards(seat, c)):
        key = st.card(cid).key
        a = dict(args or {})
        a["card"] = key
        out.append(Option(f"{prefix}{key}", action, a, R(rule)))
    return out


def take_card(st: RootState, seat: str, key: str) -> int:
    cid = st.find_in(st.hands[seat], key)
    if cid is None:  # options are validated before this runs; reaching here is an engine bug
        raise RuntimeError(f"{seat} has no card {key}")
    return cid


# -- once in Daylight: dominance, Tax Collector, Codebreakers ------------------------------------
def daylight_extras(st: RootState, seat: str) -> list[Option]:
    """Things a player may do any time in their Daylight between actions (3.3.1, 3.3.4, cards)."""
    out: list[Option] = []
    cards = st.deck_info.cards
    coalition = st.hooks.faction_hooks.get(st.faction_of(seat), {}).get("coalition")
    if coalition is not None:  # 9.2.8: the Vagabond activates dominance only to form a coalition
        out.extend(coalition(st, seat))
    elif st.dominance[seat] is None and st.vp[seat] >= 10:
        for cid in st.distinct(st.hands[seat]):
            if cards[cid].kind == "dominance":
                out.append(Option(f"activate {cards[cid].key}", "activate_dominance", {"card": cards[cid].key},
                                  R("3.3.1")))
    for dom in (st.distinct(st.available) if st.available else ()):
        dsuit = cards[dom].suit
        # 3.3.4: spend a card of matching suit; an available bird dominance needs a bird card.
        for cid in st.distinct(st.hand_cards(seat, dsuit)):
            out.append(Option(f"take {cards[dom].key} paying {cards[cid].key}", "take_dominance",
                              {"dominance": cards[dom].key, "card": cards[cid].key}, R("3.3.4")))
    crafted = bool(st.crafted[seat])  # no persistent effect in play: neither card below
    if crafted and st.has_crafted(seat, "tax_collector") and not st.turn.get("tax_collector"):
        for c in st.map.clearings():
            if st.warriors[c].get(seat, 0):
                out.append(Option(f"tax collector {c + 1}", "tax_collector", {"clearing": c + 1}, R("4.1.3")))
    if crafted and st.has_crafted(seat, "codebreakers") and not st.turn.get("codebreakers"):
        for other in st.enemies(seat):
            out.append(Option(f"codebreakers {other}", "codebreakers", {"target": other}, R("4.1.3")))
    if st.closed:
        out.extend(open_path_options(st, seat))  # C.3.3
    if st.exiles:
        out.extend(st.hooks.exiles["daylight"][0](st, seat))  # A.2 Propaganda Bureau, League of Adventurous Mice
    for options, _, _, _ in in_game(st, st.hooks.extras):
        out.extend(options(st, seat))
    return out


def in_game(st: RootState, table: tuple) -> list:
    """The entries of ``hooks.extras`` or ``hooks.anytime`` whose optional module this game has (hooks.py,
    ``Contribution.needs``): the others are not asked at all."""
    fdata = st.fdata
    return [e for e in table if e[3] is None or e[3] in fdata]


def extras_may_exist(st: RootState, seat: str) -> bool:
    """Whether :func:`daylight_extras` could offer anything, judged from public information only."""
    if st.has_crafted(seat, "tax_collector") or st.has_crafted(seat, "codebreakers"):
        return True
    if st.exiles and st.hooks.exiles["daylight"][2](st, seat):
        return True
    if any(may_exist(st, seat) for _, _, may_exist, _ in in_game(st, st.hooks.extras)):
        return True
    if not st.hands[seat]:
        return False
    if st.available or open_path_possible(st, seat):
        return True
    out_of_game = sum(1 for c in st.out if st.card(c).kind == "dominance")
    return st.dominance[seat] is None and st.vp[seat] >= 10 and out_of_game < 4


def apply_extra(st: RootState, seat: str, opt: Option) -> bool:
    """Apply a :func:`daylight_extras` option; False if ``opt`` is not one of them."""
    a = opt.action
    hook = st.hooks.faction_hooks.get(st.faction_of(seat), {}).get("apply_extra")
    if hook is not None and hook(st, seat, opt):
        return True
    for _, apply, _, _ in in_game(st, st.hooks.extras):
        if apply(st, seat, opt):
            return True
    if st.exiles and st.hooks.exiles["daylight"][1](st, seat, opt):
        return True
    if a == "activate_dominance":
        cid = take_card(st, seat, opt.args["card"])
        st.hands[seat].remove(cid)
        st.dominance[seat] = cid
        st.emit("activate_dominance", "3.3.1", faction=seat, card=st.card(cid).key)
    elif a == "take_dominance":
        dom = st.find_in(st.available, opt.args["dominance"])
        assert dom is not None
        st.spend(seat, take_card(st, seat, opt.args["card"]), "3.3.4", "take_dominance")
        st.available.remove(dom)
        st.hands[seat].append(dom)
        st.emit("take_dominance", "3.3.4", faction=seat, card=st.card(dom).key)
    elif a == "tax_collector":
        st.turn["tax_collector"] = True
        c = opt.args["clearing"] - 1
        st.remove_warriors(c, seat, 1, seat, "4.1.3")
        st.draw(seat, 1, "4.1.3")
        flush_removals(st)
    elif a == "open_path":
        start_open_path(st, seat, opt)
    elif a == "codebreakers":
        st.turn["codebreakers"] = True
        target = opt.args["target"]
        st.emit("codebreakers", "4.1.3", faction=seat, target=target)
        st.emit("look_at_hand", "4.1.3", (seat,), faction=seat, target=target,
                cards=[st.card(c).key for c in st.hands[target]])
        for cid in st.hands[target]:
            st.reveal(seat, target, cid)
    else:
        return False
    return True


def flush_removals(st: RootState) -> None:
    """After a batch of simultaneous removals, trigger 6.2.3 Field Hospitals (1.5.4: remove first), and Appendix E's
    Feline Physicians."""
    if "hirelings" in st.fdata:
        st.hooks.hirelings["flush"](st)
    if not st.removed_marquise:
        return
    pending = sorted(st.removed_marquise.items(), key=lambda kv: int(kv[0]), reverse=True)
    st.removed_marquise = {}
    keep = st.keep_clearing()
    if "marquise" not in st.seats or not st.hands["marquise"] or keep is None or not st.can_place(keep, "marquise"):
        return  # an empty hand cannot pay; asking only when she holds cards keeps her hand private (D.6.2: no
        # warriors can be placed at a keep by the Scoundrel's torch)
    for key, n in pending:
        st.push("marquise.field_hospitals", c=int(key), n=n)


# -- the start of a phase (1.4.1), in the order the player taking the turn chooses (1.1.3) ------------
class StartOfPhase(Step):
    """1.4.1: what says "at the start of" a phase happens before everything else in it; 1.1.3: when it is unclear
    what order simultaneous effects resolve in, the player taking the turn chooses. Each run resolves the one
    effect of ``START_OF[phase]`` that applies now and has not been resolved yet, or asks (:class:`StartOfPhaseOrder`)
    which of several resolves next; an effect that applies only after another (services the Vagabond can pay for
    with refreshed items, 9.4.1 and 11.2.6.III) still gets its turn. One subclass per phase names its frame."""

    auto = True
    phase: ClassVar[str] = ""

    def run(self, st: RootState, fr: dict) -> None:
        seat = fr["seat"]
        due = start_of_phase_due(st, self.phase, fr)
        if not due:
            st.pop(fr)
        elif len(due) == 1:
            fr["done"].append(due[0])
            st.hooks.start_of[self.phase][due[0]][2](st, seat)
        else:
            st.push(f"{self.kind}.order", seat=seat)


def start_of_phase_due(st: RootState, phase: str, fr: dict) -> list[str]:
    seat, done = fr["seat"], fr["done"]
    needs, fdata = st.hooks.start_of_needs, st.fdata
    return [name for name, (_, applies, _) in st.hooks.start_of[phase].items()
            if name not in done and (needs[name] is None or needs[name] in fdata) and applies(st, seat)]


class StartOfPhaseOrder(Step):
    """1.1.3: the player taking the turn picks which start-of-phase effect resolves next; each option cites the
    rule of its effect. Its frame lies on the phase's :class:`StartOfPhase` frame."""

    rule = R("1.1.3")
    phase: ClassVar[str] = ""

    def options(self, st: RootState, fr: dict) -> list[Option]:
        # options are mutable: a fresh copy each time
        table = st.hooks.start_of[self.phase]
        return [table[name][0].replace(args={"effect": name})
                for name in start_of_phase_due(st, self.phase, st.stack[-2])]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        name = opt.args["effect"]
        st.stack[-1]["done"].append(name)
        st.hooks.start_of[self.phase][name][2](st, fr["seat"])


@register
class StartOfBirdsong(StartOfPhase):
    kind = "turn.start_of_birdsong"
    phase = "birdsong"


@register
class StartOfBirdsongOrder(StartOfPhaseOrder):
    kind = "turn.start_of_birdsong.order"
    phase = "birdsong"


@register
class StartOfEvening(StartOfPhase):
    kind = "turn.start_of_evening"
    phase = "evening"


@register
class StartOfEveningOrder(StartOfPhaseOrder):
    kind = "turn.start_of_evening.order"
    phase = "evening"


# -- Birdsong windows: Royal Claim, Stand and Deliver! -------------------------------------------
def birdsong_window_options(st: RootState, seat: str) -> list[Option]:
    out = []
    if st.has_crafted(seat, "royal_claim"):
        out.append(Option("royal claim", "royal_claim", {}, R("4.1.3")))
    if st.has_crafted(seat, "stand_and_deliver") and not st.turn.get("stand_and_deliver"):
        for other in st.enemies(seat):
            if st.hands[other]:
                out.append(Option(f"stand and deliver {other}", "stand_and_deliver", {"target": other},
                                  R("4.1.3")))
    if st.exiles:
        out.extend(st.hooks.exiles["birdsong"][0](st, seat))  # A.2 False Orders, Swap Meet
    return out


def push_birdsong_window(st: RootState, seat: str) -> None:
    if birdsong_window_options(st, seat) or turn_extras_possible(st, seat):
        st.push("card.birdsong", seat=seat)


# -- abilities usable anytime on one's turn before the Evening draw (13.2.4 Exposure) ----------------
def turn_extras_possible(st: RootState, seat: str) -> bool:
    """Whether an ``hooks.extras`` ability may be usable now: public information only (a window's presence)."""
    return any(may_exist(st, seat) for _, _, may_exist, _ in in_game(st, st.hooks.extras))


def turn_extras_options(st: RootState, seat: str) -> list[Option]:
    out: list[Option] = []
    for options, _, _, _ in in_game(st, st.hooks.extras):
        out.extend(options(st, seat))
    return out


def apply_turn_extra(st: RootState, seat: str, opt: Option) -> bool:
    return any(apply(st, seat, opt) for _, apply, _, _ in in_game(st, st.hooks.extras))


def extras_in_play(st: RootState) -> bool:
    return any(in_play(st) for in_play in st.hooks.extras_in_play)


@register
class ExtrasWindow(Step):
    """13.2.4: "anytime on their turn, but before drawing any cards in their Evening": the Evening's chance, just
    before the Evening draw (or at the end of an Evening without one). Shown only when public information says
    an ability may be usable; the options themselves come from the hand."""

    kind = "turn.extras"
    rule = R("13.2.4")

    def forced(self, st: RootState, fr: dict) -> bool:
        return not turn_extras_possible(st, fr["seat"])  # public: "continue" alone is no question then

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*turn_extras_options(st, fr["seat"]), Option("continue", "continue", {}, R("1.4.1"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "continue":
            st.pop(fr)
        else:
            apply_turn_extra(st, fr["seat"], opt)  # its own frame goes on top; this window asks again after it


@register
class EveningDraw(Step):
    """The Evening draw after an :class:`ExtrasWindow`: draw, then discard down to five."""

    kind = "turn.evening_draw"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        _draw_and_discard(st, fr["seat"], fr["bonus"], fr["rule"])


@register
class BirdsongCards(Step):
    """Royal Claim and Stand and Deliver! are used "in Birdsong"; offered at its start and end."""

    kind = "card.birdsong"
    rule = R("4.1.3")

    def forced(self, st: RootState, fr: dict) -> bool:
        seat = fr["seat"]  # public: crafted cards, hand sizes, the board
        return not birdsong_window_options(st, seat) and not turn_extras_possible(st, seat)

    def options(self, st: RootState, fr: dict) -> list[Option]:
        seat = fr["seat"]
        return [*birdsong_window_options(st, seat), *turn_extras_options(st, seat),
                Option("continue", "continue", {}, R("1.4.1"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        seat = fr["seat"]
        if apply_turn_extra(st, seat, opt):  # 13.2.4 Exposure: its frame goes on top; this window asks again after
            return
        if st.exiles and st.hooks.exiles["birdsong"][1](st, seat, opt):
            pass  # A.2 False Orders, Swap Meet
        elif opt.action == "continue":
            st.pop(fr)
        elif opt.action == "royal_claim":
            cid = st.crafted_card(seat, "royal_claim")
            assert cid is not None
            st.crafted[seat].remove(cid)
            st.discard_card(cid)
            ruled = sum(1 for c in st.map.clearings() if st.rules(c, seat))
            st.emit("royal_claim", "4.1.3", faction=seat, clearings=ruled)
            st.score(seat, ruled, "4.1.3", "royal_claim")
        elif opt.action == "stand_and_deliver":
            st.turn["stand_and_deliver"] = True
            target = opt.args["target"]
            st.emit("stand_and_deliver", "4.1.3", faction=seat, target=target)
            cid = st.take_random_card(seat, target, "4.1.3")
            # 11.2.3: a card taken from a public hand is known to every seat
            st.reveal("*" if target in st.hooks.public_hands else target, seat, cid)
            st.score(target, 1, "4.1.3", "stand_and_deliver")
        if (st.result is None and st.stack and st.stack[-1] is fr and not birdsong_window_options(st, seat)
                and not turn_extras_possible(st, seat)):
            st.pop(fr)


def _better_burrow_bank_applies(st: RootState, seat: str) -> bool:
    return st.has_crafted(seat, "better_burrow_bank")


def _start_better_burrow_bank(st: RootState, seat: str) -> None:
    st.push("card.better_burrow_bank", seat=seat)


_BETTER_BURROW_BANK = (
    Option("better burrow bank first", "better_burrow_bank_first", {"effect": "better_burrow_bank"}, R("4.1.3")),
    _better_burrow_bank_applies, _start_better_burrow_bank)


@register
class BetterBurrowBank(Step):
    """Better Burrow Bank: at the start of Birdsong, you and another player of your choice draw a card."""

    kind = "card.better_burrow_bank"
    rule = R("4.1.3")
    forced_single = True

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"better burrow bank {o}", "better_burrow_bank", {"target": o}, R("4.1.3"))
                for o in st.enemies(fr["seat"])]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        st.draw(fr["seat"], 1, "4.1.3")
        st.draw(opt.args["target"], 1, "4.1.3")


@register
class CommandWarren(Step):
    """Command Warren: at the start of Daylight you may initiate a battle."""

    kind = "card.command_warren"
    rule = R("4.1.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*battle_options(st, fr["seat"], "4.1.3"), Option("skip", "skip", {}, R("4.1.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "battle":
            start_battle(st, fr["seat"], opt, "4.1.3")


def cobbler_moves(st: RootState, seat: str) -> list[Option]:
    """The one move Cobbler gives: warriors (4.2), or the Vagabond's pawn (his faction hook)."""
    hook = st.hooks.faction_hooks.get(st.faction_of(seat), {}).get("cobbler")
    return hook(st, seat) if hook else move_options(st, seat, "4.1.3")


def _cobbler_applies(st: RootState, seat: str) -> bool:
    return st.has_crafted(seat, "cobbler") and bool(cobbler_moves(st, seat))


def _start_cobbler(st: RootState, seat: str) -> None:
    st.push("card.cobbler", seat=seat)


_COBBLER = (Option("cobbler first", "cobbler_first", {"effect": "cobbler"}, R("4.1.3")),
            _cobbler_applies, _start_cobbler)


@register
class Cobbler(Step):
    """Cobbler: at the start of Evening you may take one move."""

    kind = "card.cobbler"
    rule = R("4.1.3")

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [*cobbler_moves(st, fr["seat"]), Option("skip", "skip", {}, R("4.1.3"))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        hook = st.hooks.faction_hooks.get(st.faction_of(fr["seat"]), {}).get("cobbler_move")
        if opt.action == "move" and hook:
            hook(st, fr["seat"], opt)
        elif opt.action == "move":
            do_move(st, fr["seat"], opt, "4.1.3")


# -- Evening: draw and discard down to five ------------------------------------------------------
def draw_and_discard(st: RootState, seat: str, bonus: int, rule: str) -> None:
    """The Evening draw (1 + ``bonus`` cards), then the hand limit. 13.2.4: Exposure may still be tried just before
    it, so an :class:`ExtrasWindow` comes first when public information says it may be possible."""
    if extras_in_play(st):
        st.turn["evening_drawn"] = True
        if turn_extras_possible(st, seat):
            st.push("turn.evening_draw", seat=seat, bonus=bonus, rule=rule)
            st.push("turn.extras", seat=seat)
            return
    _draw_and_discard(st, seat, bonus, rule)


def _draw_and_discard(st: RootState, seat: str, bonus: int, rule: str) -> None:
    if st.exiles and st.hooks.exiles["evening_draw"](st, seat, bonus, rule):
        return  # A.2 Informants: the player chooses between drawing and an ambush from the discard pile
    st.draw(seat, 1 + bonus, rule)
    hand_limit(st, seat, rule)


def hand_limit(st: RootState, seat: str, rule: str) -> None:
    """After the Evening draw: the :class:`AnytimeWindow` when an ``hooks.anytime`` ability may be usable (public
    information), then discard down to five (``rule``: the faction's Evening step)."""
    if anytime_possible(st, seat):
        st.turn["evening_drawn"] = True  # a draw happened: the end of the Evening needs no window of its own
        st.push("turn.hand_limit", seat=seat, rule=rule)
        st.push("turn.anytime", seat=seat)
    elif len(st.hands[seat]) > HAND_LIMIT:
        st.push("discard_down", seat=seat, rule=rule)


def anytime_possible(st: RootState, seat: str) -> bool:
    """Whether an ``hooks.anytime`` ability may be usable now: public information only (a window's presence)."""
    return any(may_exist(st, seat) for _, _, may_exist, _ in in_game(st, st.hooks.anytime))


@register
class AnytimeWindow(Step):
    """After the Evening draw, before the hand limit: what a card allows "anytime on their turn" (the Black Market,
    Appendix F; the Exile's aid, Appendix E), or continue. Exposure (13.2.4) is not offered: it comes "before
    drawing any cards in their Evening" (:class:`ExtrasWindow`)."""

    kind = "turn.anytime"
    rule = R("1.4.1")

    def forced(self, st: RootState, fr: dict) -> bool:
        return not anytime_possible(st, fr["seat"])  # public: "continue" alone is no question then

    def options(self, st: RootState, fr: dict) -> list[Option]:
        seat = fr["seat"]
        out = [o for options, _, _, _ in in_game(st, st.hooks.anytime) for o in options(st, seat)]
        out.append(Option("continue", "continue", {}, R("1.4.1")))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "continue":
            st.pop(fr)
        else:
            any(apply(st, fr["seat"], opt) for _, apply, _, _ in in_game(st, st.hooks.anytime))  # asks again after it


@register
class HandLimit(Step):
    """Discard down to five once the :class:`AnytimeWindow` after the Evening draw is closed."""

    kind = "turn.hand_limit"
    auto = True

    def run(self, st: RootState, fr: dict) -> None:
        st.pop(fr)
        if len(st.hands[fr["seat"]]) > HAND_LIMIT:
            st.push("discard_down", seat=fr["seat"], rule=fr["rule"])


@register
class DiscardDown(Step):
    """Discard cards of your choice until you have five (6.6, 7.6.2)."""

    kind = "discard_down"

    def options(self, st: RootState, fr: dict) -> list[Option]:
        seat = fr["seat"]
        return [Option(f"discard {st.card(c).key}", "discard", {"card": st.card(c).key}, R(fr["rule"]))
                for c in st.distinct(st.hands[seat])]

    def prompt(self, st: RootState, fr: dict) -> dict:
        return {"count": len(st.hands[fr["seat"]]) - HAND_LIMIT}

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        seat = fr["seat"]
        cid = take_card(st, seat, opt.args["card"])
        st.hands[seat].remove(cid)
        st.discard_card(cid)
        st.emit("discard", fr["rule"], faction=seat, card=opt.args["card"])
        if len(st.hands[seat]) <= HAND_LIMIT:
            st.pop(fr)


# -- crafting (4.1) ------------------------------------------------------------------------------
#: the turn's count of crafting pieces of each suit already activated (``st.turn`` keys), made once
CRAFTED_THIS_TURN = {s: f"craft_{s}" for s in (*SUITS, WILD)}


def free_pieces(st: RootState, seat: str) -> dict[str, int]:
    faction = st.faction_of(seat)
    pieces = st.hooks.crafting_pieces[faction](st, seat)
    if "pay" in st.hooks.faction_hooks.get(faction, {}):  # exhausted pieces (hammers) are already left out
        out = {s: pieces.get(s, 0) for s in SUITS}
        if WILD in pieces:
            out[WILD] = pieces[WILD]
        return out
    turn = st.turn
    out = {s: pieces.get(s, 0) - turn.get(CRAFTED_THIS_TURN[s], 0) for s in SUITS}
    if WILD in pieces:  # Appendix F: crafting pieces in the Lost City
        out[WILD] = pieces[WILD] - turn.get(CRAFTED_THIS_TURN[WILD], 0)
    return out


def _allocations(cost: tuple[str, ...], free: dict[str, int]) -> tuple[tuple[str, ...], ...]:
    """Ways to pay ``cost`` with free crafting pieces; "any" may take any suit (4.1.1); a piece in the Lost City
    (``WILD``) may pay any one suit (Appendix F)."""
    fox, rabbit, mouse = SUITS
    return _ways(cost, free[fox], free[rabbit], free[mouse], free.get(WILD, 0))


@lru_cache(maxsize=4096)
def _ways(cost: tuple[str, ...], *counts: int) -> tuple[tuple[str, ...], ...]:
    """:func:`_allocations` of a cost and the free pieces of each suit in :data:`SUITS` order, then the Lost City's
    (``WILD``): a pure function of a few small numbers, asked at every Daylight decision, so kept.

    Appendix F: a piece in the Lost City pays only what the other pieces cannot — for a suit the others lack, or
    for an "any" once the others are spent. Which piece is activated changes nothing but which stay free this turn,
    and the Lost City's piece can pay whatever another could, so the ways that spend it earlier are never better and
    are not offered (as identical cards are offered once)."""
    free = dict(zip(SUITS, counts[:3], strict=True))
    wild = counts[3]
    fixed = {s: cost.count(s) for s in SUITS}
    short = sum(max(0, fixed[s] - free[s]) for s in SUITS)
    if short > wild:
        return ()
    n_any = cost.count("any")
    if short:
        base = tuple(s for s in SUITS for _ in range(min(fixed[s], free[s]))) + (WILD,) * short
    else:
        base = tuple(s for s in cost if s != "any")
    if not n_any:
        return (base,)
    rest = {s: max(0, free[s] - fixed[s]) for s in SUITS}
    normal = min(n_any, sum(rest.values()))
    if n_any - normal > wild - short:
        return ()
    wilds = (WILD,) * (n_any - normal)
    out = []
    for combo in combinations_with_replacement(SUITS, normal):
        if all(combo.count(s) <= rest[s] for s in SUITS):
            out.append(tuple(sorted(base + combo + wilds)))
    return tuple(out)


def craft_options(st: RootState, seat: str, rule: str) -> list[Option]:
    free = free_pieces(st, seat)
    if max(free.values()) <= 0:  # no free crafting piece (free always counts the three suits)
        return []
    cards = st.deck_info.cards
    crafted_names = {cards[c].name for c in st.crafted[seat]}
    out = []
    for cid in st.distinct(st.hands[seat]):
        card = cards[cid]
        if card.kind in ("ambush", "dominance", "vizier"):  # 2.1.2, 2.1.3: cannot be crafted
            continue
        if card.kind == "item" and not st.items.get(card.item or "", 0) and not forge_item(st, seat, card.item):
            continue  # 4.1.2
        if card.kind == "improvement" and card.name in crafted_names:  # 4.1.4
            continue
        allocs = _allocations(card.cost, free)
        for alloc in allocs:
            tail = f" using {'+'.join(alloc)}" if "any" in card.cost else ""
            out.append(Option(f"craft {card.key}{tail}", "craft", {"card": card.key, "pieces": list(alloc)},
                              R(rule)))
    return out


def forge_item(st: RootState, seat: str, item: str | None) -> bool:
    """Appendix F, the Legendary Forge: an item on its card can be crafted only with a faction piece at the Forge."""
    lmk = st.fdata.get("landmarks")
    return (lmk is not None and item in lmk.get("forge", ()) and "legendary_forge" in lmk
            and st.has_any_piece(lmk["legendary_forge"], seat))


def item_vp(st: RootState, seat: str, vp: int) -> int:
    """7.2.3 Disdain for Trade: the Eyrie score 1 VP for an item unless led by the Builder (7.8.1). 14.2.3 Contempt
    for Trade: the Hundreds score when they choose to remove the item (warlord.py), not when crafting."""
    if seat == "warlord":
        return 0
    if seat == "eyrie" and st.fdata["eyrie"].get("leader") != "builder":
        return 1
    return vp


def do_craft(st: RootState, seat: str, opt: Option) -> None:
    """4.1: activate crafting pieces, then resolve the card's immediate or persistent effect."""
    hooks = st.hooks.faction_hooks.get(st.faction_of(seat), {})
    if "pay" in hooks:
        hooks["pay"](st, seat, opt.args["pieces"])
    else:
        for s in opt.args["pieces"]:
            st.turn[CRAFTED_THIS_TURN[s]] = st.turn.get(CRAFTED_THIS_TURN[s], 0) + 1
    cid = take_card(st, seat, opt.args["card"])
    card = st.card(cid)
    st.hands[seat].remove(cid)
    st.emit("craft", "4.1", faction=seat, card=card.key)
    if card.kind == "item":
        item = card.item or ""
        forged = not st.items.get(item, 0)  # Appendix F: not in the supply, so from the Legendary Forge's card
        if forged:
            st.fdata["landmarks"]["forge"].remove(item)
        else:
            st.items[item] -= 1
        if "item" in hooks:  # 9.2.1: the Vagabond takes a crafted item face up onto his board
            hooks["item"](st, seat, item)
        else:
            st.crafted_items[seat].append(item)
        if "hirelings" in st.fdata and st.hooks.hirelings["artisans"](st, seat, cid):
            pass  # Appendix E, the Mole Artisans: revealed instead of discarded, back to the hand after the Evening
        else:
            st.discard_card(cid)
        st.score(seat, item_vp(st, seat, card.vp), "3.2.2", "craft")
        if forged:  # the Forge's card: draw a card and score one more point (even with 7.2.3, 14.2.3)
            st.draw(seat, 1, "F")
            st.score(seat, 1, "F", "legendary_forge")
        if st.exiles:
            st.hooks.exiles["crafted_item"](st, seat)  # A.2 Master Engravers, Murine Broker
    elif card.kind == "improvement":
        st.crafted[seat].append(cid)
    elif card.kind == "favor":
        favor(st, seat, card.cost[0])
        st.discard_card(cid)  # 4.1.2: resolve the effect, then discard the card


class CraftingStep(Step):
    """A crafting step of its own (4.1): craft cards one at a time until the player ends crafting. A faction
    subclasses it with its ``kind``, the rule that lets it craft (``rule``) and, if the frame does not name
    the seat, ``seat``."""

    def options(self, st: RootState, fr: dict) -> list[Option]:
        cite = self.rule.removeprefix("root:")
        return [*craft_options(st, self.player(st, fr), cite), Option("end crafting", "end_crafting", {}, self.rule)]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        if opt.action == "end_crafting":
            st.pop(fr)
            return
        do_craft(st, self.player(st, fr), opt)


def favor(st: RootState, seat: str, suit: str) -> None:
    """Favor of the Foxes/Rabbits/Mice: remove all enemy pieces in every clearing of that suit."""
    for c in st.map.clearings():
        if not st.suit_matches(c, suit):  # Appendix F: the Lost City is a clearing of every suit
            continue
        for e in st.enemy_owners(seat):  # enemy hirelings' pieces too (E.3.2)
            if st.pawn_clearing(e) == c:  # 9.2.2.I Full Removal: the Vagabond damages three items
                st.hooks.faction_hooks["vagabond"]["full_removal"](st, e)
            w, bs, ts = st.pieces_of(c, e)
            if w:
                st.remove_warriors(c, e, w, seat, "4.1.2")
            for b in bs:
                st.remove_piece(c, b, seat, "4.1.2")
            for t in ts:
                st.remove_piece(c, t, seat, "4.1.2")
            if st.result is not None:
                return
    flush_removals(st)


#: the turn's own start-of-phase effects (persistent cards of the shared deck, 4.1.3), first in every game's hooks
SHARED_RULES = Contribution("turn", start_of_birdsong={"better_burrow_bank": _BETTER_BURROW_BANK},
                            start_of_evening={"cobbler": _COBBLER})
