"""What every Root heuristic shares: card and piece values, expected battle results, move values, and the
scores of decisions any faction meets (ambush, foil, battle effects, hits, hand limit, card effects, Outrage).

Everything here reads only what the deciding seat may know: the board, tracks, crafted cards, its own
hand, and the sizes of other hands. Scores are rough victory-point equivalents.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import Decision, Option
from ...games.root.state import OWNER, VAGABONDS, RootState

#: (higher, lower) die of each of the 16 equally likely rolls (4.3.2: dice show 0–3)
ROLLS = tuple((max(a, b), min(a, b)) for a in range(4) for b in range(4))

#: what a building or token is worth to its owner beyond the 1 VP its remover scores (3.2.1)
PIECE_WORTH = {
    "wood": 0.3, "keep": 2.0, "sawmill": 1.5, "workshop": 1.5, "recruiter": 1.5, "roost": 2.5,
    "sympathy": 1.2, "base_fox": 3.0, "base_rabbit": 3.0, "base_mouse": 3.0, "ruin": 0.0, "torch": 0.0,
}
#: improvements worth crafting, by effect (beyond their own VP, which is 0 for improvements)
IMPROVEMENT_WORTH = {
    "armorers": 0.8, "sappers": 0.8, "brutal_tactics": 0.6, "royal_claim": 1.5, "stand_and_deliver": 1.2,
    "tax_collector": 1.0, "better_burrow_bank": 1.5, "command_warren": 0.8, "cobbler": 0.6,
    "codebreakers": 0.1, "scouting_party": 0.8,
}

Scores = list[float]
DecisionScorer = Callable[[RootState, str, Decision], "Scores | None"]


# -- small board helpers ----------------------------------------------------------------------------
def warriors(st: RootState, c: int, seat: str) -> int:
    return st.warriors[c].get(seat, 0)


def enemy_warriors(st: RootState, c: int, seat: str) -> int:
    return sum(n for f, n in st.warriors[c].items() if f != seat and f in st.enemies(seat))


def strongest_enemy(st: RootState, c: int, seat: str) -> int:
    return max((n for f, n in st.warriors[c].items() if f != seat), default=0)


def threat(st: RootState, c: int, seat: str) -> int:
    """Enemy warriors in ``c`` and next to it: how much could strike ``c`` next turn."""
    n = enemy_warriors(st, c, seat)
    for b in st.adj[c]:
        n += enemy_warriors(st, b, seat)
    return n


def own_pieces_value(st: RootState, c: int, seat: str) -> float:
    _, bs, ts = st.pieces_of(c, seat)
    return sum(PIECE_WORTH.get(k, 1.0) for k in bs + ts)


# -- cards ------------------------------------------------------------------------------------------
def card_value(st: RootState, seat: str, cid: int) -> float:
    """How much a card in hand is worth keeping (about 1 for an ordinary card)."""
    card = st.card(cid)
    v = 1.0
    if card.suit == "bird":
        v += 0.3
    if card.kind == "ambush":
        v += 0.6
    elif card.kind == "dominance":
        v = 0.5 if st.vp[seat] < 10 else 0.9
    elif card.kind == "item":
        v += 0.25 * card.vp
    elif card.kind == "improvement":
        v += 0.3 * IMPROVEMENT_WORTH.get(card.effect or "", 0.5)
    elif card.kind == "favor":
        v += 0.5
    return v


def key_value(st: RootState, seat: str, key: str) -> float:
    cid = st.find_in(st.hands[seat], key)
    return card_value(st, seat, cid) if cid is not None else 1.0


def craft_value(st: RootState, seat: str, key: str) -> float:
    """Gain from crafting the card ``key`` (4.1): its VP (3.2.2, with 7.2.3 for the Eyrie) or its effect."""
    from ...games.root.turn import item_vp

    cid = st.find_in(st.hands[seat], key)
    if cid is None:
        return 0.0
    card = st.card(cid)
    if card.kind == "item":  # Appendix F: an item of the Legendary Forge's card also scores 1 and draws a card
        forge = 1.6 if not st.items.get(card.item or "", 0) else 0.0
        return float(item_vp(st, seat, card.vp)) + 0.2 + forge
    if card.kind == "improvement":
        special = WORTH_FOR(st, seat, card.effect or "") if st.exiles else None  # A.2: bots/root/exiles.py
        return special if special is not None else IMPROVEMENT_WORTH.get(card.effect or "", 0.3)
    if card.kind == "favor":
        return favor_value(st, seat, card.cost[0])
    return 0.0


def favor_value(st: RootState, seat: str, suit: str) -> float:
    """A favor card removes every enemy piece in the clearings of its suit."""
    v = 0.0
    for c in st.map.clearings():
        if not st.suit_matches(c, suit):  # Appendix F: the Lost City is of every suit
            continue
        for e in st.enemies(seat):
            w, bs, ts = st.pieces_of(c, e)
            v += 0.4 * w + sum(1.0 + PIECE_WORTH.get(k, 1.0) for k in bs + ts)
    return v - 1.0


# -- battle -----------------------------------------------------------------------------------------
def battle_strength(st: RootState, c: int, seat: str) -> int:
    """The most hits ``seat`` can roll in ``c`` (4.3.2.I; 9.2.6: a Vagabond's undamaged swords)."""
    if seat in VAGABONDS:
        from ...games.root.factions import vagabond as vb

        return vb.swords(st, seat) if st.pawn_clearing(seat) == c else 0
    return warriors(st, c, seat)


def battle_ev(st: RootState, seat: str, c: int, dfn: str, extra: int = 0) -> float:
    """Expected gain of attacking ``dfn`` in ``c``: enemy warriors (0.8 each) and pieces (1 VP plus their
    worth) removed, minus own warriors lost and the risk of an ambush when the defender holds cards."""
    a = battle_strength(st, c, seat)
    dw = battle_strength(st, c, dfn)
    _, bs, ts = st.pieces_of(c, dfn)
    pieces = sorted((1.0 + PIECE_WORTH.get(k, 1.0) for k in bs + ts), reverse=True)
    bonus = extra + (1 if dw == 0 else 0)  # 4.3.3.II Defenseless (9.2.4: a Vagabond without swords)
    if seat == "eyrie" and st.fdata["eyrie"].get("leader") == "commander":
        bonus += 1
    lose_each = 1.0 if seat not in VAGABONDS else 0.7
    kill_each = 0.8 if dfn not in VAGABONDS else 0.6
    total = 0.0
    for hi, lo in ROLLS:
        if dfn == "alliance":  # 8.2.2 Guerrilla War
            hi, lo = lo, hi
        to_dfn = min(hi, a) + bonus
        to_att = min(lo, dw)
        gain = 0.0
        if dfn in VAGABONDS:
            gain += kill_each * to_dfn
        else:
            k = min(to_dfn, warriors(st, c, dfn))
            gain += kill_each * k
            gain += sum(pieces[:max(0, to_dfn - k)])
        gain -= lose_each * min(to_att, a if seat not in VAGABONDS else 3)
        total += gain
    ev = total / len(ROLLS)
    if st.hands.get(dfn) and seat not in VAGABONDS and not st.has_crafted(seat, "scouting_party"):
        ev -= 0.15 * min(2, a)  # a possible ambush (4.3.1) costs up to two warriors
    return ev


def current_battle(st: RootState) -> dict | None:
    for fr in reversed(st.stack):
        if fr["k"] == "battle":
            return fr
    return None


# -- moves ------------------------------------------------------------------------------------------
class Board:
    """Per-clearing facts for one seat, computed once per decision (scoring many moves stays cheap).

    Every list has one more entry after the clearings: the Duchy's Burrow (12.2.2, index ``map.n``), a location
    moves may start or end in (12.2.2, Cobbler too), which no one rules and holds nothing to battle."""

    __slots__ = ("mine", "n", "others", "own", "rules", "seat", "st", "strongest", "targets", "threat", "warriors")

    def __init__(self, st: RootState, seat: str) -> None:
        self.st = st
        self.seat = seat
        enemies = set(st.enemies(seat))
        pawns = {st.pawn_clearing(e) for e in enemies if e in VAGABONDS}
        n = st.map.n
        self.mine: list[float] = []  # worth of our buildings and tokens
        self.warriors: list[int] = []  # our warriors
        self.own: list[int] = []  # our presence (2.5: warriors and buildings)
        self.others: list[int] = []  # the largest presence of any other faction
        self.rules: list[bool] = []
        self.strongest: list[int] = []  # the most warriors of any other faction
        self.targets: list[bool] = []  # an enemy piece to battle
        near: list[int] = []
        eyrie = seat == "eyrie"
        for c in range(n):
            w = st.warriors[c]
            counts = dict(w)
            mine = 0.0
            target = c in pawns
            for kind in (*st.buildings[c], *st.tokens[c]):
                o = OWNER[kind]
                if not o:
                    continue
                if kind in st.buildings[c]:
                    counts[o] = counts.get(o, 0) + 1
                if o == seat:
                    mine += PIECE_WORTH.get(kind, 1.0)
                elif o in enemies:
                    target = True
            own = counts.pop(seat, 0)
            other = max(counts.values(), default=0)
            strongest = 0
            foes = 0
            for f, k in w.items():
                if f != seat:
                    strongest = max(strongest, k)
                    if f in enemies:
                        foes += k
                        target = target or k > 0
            self.mine.append(mine)
            self.warriors.append(w.get(seat, 0))
            self.own.append(own)
            self.others.append(other)
            self.rules.append(own > 0 and (own > other or (own == other and eyrie)))
            self.strongest.append(strongest)
            self.targets.append(target)
            near.append(foes)
        self.threat = [near[c] + sum(near[b] for b in st.adj[c]) for c in range(n)]
        # 12.2.2 the Burrow: only the Duchy's warriors, never ruled (2.5 is about clearings), never a target
        burrow = st.warriors[n].get(seat, 0) if len(st.warriors) > n else 0
        self.n = n
        self.mine.append(0.0)
        self.warriors.append(burrow)
        self.own.append(burrow)
        self.others.append(0)
        self.rules.append(False)
        self.strongest.append(0)
        self.targets.append(False)
        self.threat.append(0)

    def rules_after(self, c: int, delta: int) -> bool:
        """2.5 Rule (7.2.2: the Eyrie win ties) of ``c`` if the seat had ``delta`` more warriors there."""
        if c >= self.n:  # 12.2.2: the Burrow is not a clearing
            return False
        own = self.own[c] + delta
        other = self.others[c]
        return own > 0 and (own > other or (own == other and self.seat == "eyrie"))


def move_score(board: Board, a: int, b: int, k: int, want: dict[int, float] | None = None) -> float:
    """Value of moving ``k`` warriors from ``a`` to ``b`` (4.2): rule gained or kept, buildings left
    unguarded, battles made possible, Outrage paid. ``want[c]`` adds the faction's wish to rule ``c``."""
    want = want or {}
    st, seat = board.st, board.seat
    v = -0.1 - 0.02 * k
    # the source: losing rule where we have pieces is bad; leaving them without guards too
    mine_a = board.mine[a]
    if board.rules[a] and not board.rules_after(a, -k):
        v -= 1.0 + mine_a + want.get(a, 0.0)
    if mine_a and board.warriors[a] - k <= 0 and board.threat[a]:
        v -= 0.5 * mine_a
    # the destination
    if board.rules_after(b, k):
        v += 0.2 * want.get(b, 0.0) if board.rules[b] else 1.0 + want.get(b, 0.0)
    if board.targets[b]:
        mine = board.warriors[b] + k
        enemy = board.strongest[b]
        v += 0.4 if mine > enemy else -0.3 * (enemy - mine)
    if seat != "alliance" and "sympathy" in st.tokens[b] and not board.warriors[b]:
        v -= 0.6 if st.hands[seat] else 0.3  # 8.2.6 Outrage: a matching card to the Alliance
    if mine_a and k == board.warriors[a] and not board.targets[b]:
        v -= 0.2
    return v


def move_args(opt: Option, n: int = -1) -> tuple[int, int, int]:
    """(origin, destination, count) of a move option as location indices; ``n``: the Burrow's index (12.2.2,
    ``"burrow"`` in the option; ``st.map.n``), needed wherever the Duchy may move."""
    def index(v: int | str) -> int:
        return n if v == "burrow" else int(v) - 1

    return index(opt.args["from"]), index(opt.args["to"]), opt.args["count"]


# -- Daylight extras (3.3, Tax Collector, Codebreakers) ---------------------------------------------
def extra_score(st: RootState, seat: str, opt: Option) -> float | None:
    """Scores of :func:`daylight_extras` options; None for other options."""
    a = opt.action
    if a == "activate_dominance":
        return -3.0  # no more points once activated (3.3.1): the heuristics play for 30 VP
    if a == "take_dominance":
        return -2.0
    if a == "codebreakers":
        return -1.0
    if a == "tax_collector":
        c = opt.args["clearing"] - 1
        spare = warriors(st, c, seat) - 1 - (1 if st.ruler(c) == seat and own_pieces_value(st, c, seat) else 0)
        return 0.3 if spare >= 2 and not threat(st, c, seat) else -1.0
    if a == "coalition":
        return -3.0
    if a == "open_path":  # C.3.3: a point for a card, when the hand can spare one
        return 0.4 if len(st.hands[seat]) >= 3 else -0.5
    if a == "black_market":  # Appendix F: a weak card for an unseen one (about 1.15 on average), never its own back
        if st.fdata["landmarks"]["market_seen"][opt.args["slot"] - 1] == seat:
            return -1.0
        return 1.15 - key_value(st, seat, opt.args["card"])
    if a == "expose":  # 13.2.4: only a guess public information makes sure
        from .corvid import exposure_extra

        return exposure_extra(st, seat, opt.args["clearing"] - 1)
    fn = EXTRA_SCORES.get(a)  # A.2 the Exiles and Partisans deck's Birdsong and Daylight options
    return fn(st, seat, opt) if fn is not None else None


# -- decisions every faction meets ------------------------------------------------------------------
def _ambush(st: RootState, seat: str, d: Decision) -> Scores:
    bf = current_battle(st)
    att = bf["att"] if bf else ""
    c = bf["c"] if bf else 0
    foes = battle_strength(st, c, att) if att else 0
    out = []
    for o in d.options:
        if o.action == "ambush":
            bird = o.args["card"].startswith("bird:")
            out.append(0.9 * min(2, foes) - 0.6 - (0.1 if bird else 0.0))
        else:
            out.append(0.0)
    return out


def _foil(st: RootState, seat: str, d: Decision) -> Scores:
    bf = current_battle(st)
    mine = battle_strength(st, bf["c"], seat) if bf else 0
    return [0.9 * min(2, mine) - 0.8 if o.action == "foil" else 0.0 for o in d.options]


def _effects(st: RootState, seat: str, d: Decision) -> Scores:
    bf = current_battle(st)
    out = []
    for o in d.options:
        a = o.action
        if bf is None or a == "done":
            out.append(0.0)
            continue
        attacker = seat == bf["att"]
        other = bf["dfn"] if attacker else bf["att"]
        incoming = bf["dh"] if attacker else bf["ah"]
        if a == "armorers":
            out.append(0.9 * incoming - 1.2)
        elif a == "brutal_tactics":
            _, bs, ts = st.pieces_of(bf["c"], other)
            out.append(0.3 if (bs or ts) and bf["ah"] >= warriors(st, bf["c"], other) else -0.2)
        elif a == "sappers":
            out.append(0.2 if battle_strength(st, bf["c"], other) > bf["dh"] else -0.3)
        elif a == "swift_strike":
            out.append(0.3)
        else:
            out.append(-0.5)
    return out


def _hits(st: RootState, seat: str, d: Decision) -> Scores:
    victim = st.stack[-1].get("victim", seat)
    # the victim's cheapest piece goes first; a Vagrant choosing for someone else (D.4.2) picks the dearest
    sign = 1.0 if victim == seat else -1.0
    return [-sign * PIECE_WORTH.get(o.args["piece"], 1.0) for o in d.options]


def discard_scores(st: RootState, seat: str, d: Decision, value: Callable[[RootState, str, int], float]) -> Scores:
    out = []
    for o in d.options:
        cid = st.find_in(st.hands[seat], o.args["card"])
        out.append(-value(st, seat, cid) if cid is not None else 0.0)
    return out


def _birdsong_cards(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    ruled = sum(1 for c in st.map.clearings() if st.rules(c, seat))
    for o in d.options:
        if o.action == "royal_claim":
            out.append(ruled - 4.5 if st.vp[seat] < 30 - ruled else float(ruled))
        elif o.action == "stand_and_deliver":
            t = o.args["target"]
            out.append(0.8 - (0.5 if st.vp[t] >= max(st.vp.values()) else 0.0))
        else:  # 13.2.4 Exposure, also offered in Birdsong
            e = extra_score(st, seat, o)
            out.append(e if e is not None else 0.0)
    return out


def _turn_extras(st: RootState, seat: str, d: Decision) -> Scores:
    """13.2.4: the Evening window before the draw (Exposure), or the one after it (the Black Market, the Exile's
    aid), or continue."""
    out = []
    for o in d.options:
        e = extra_score(st, seat, o)
        out.append(e if e is not None else 0.0)
    return out


def _better_burrow_bank(st: RootState, seat: str, d: Decision) -> Scores:
    return [-float(st.vp[o.args["target"]]) for o in d.options]


def _services_first(st: RootState, seat: str) -> float:
    """Services before the Vagabond's Refresh (9.4.1) when the Refresh has room for the items he pays with."""
    if seat not in VAGABONDS:
        return 0.0
    fd = st.fdata[seat]
    tea = min(3, sum(1 for e in fd["items"] if e.endswith("tea:r")))  # 9.2.5.I: three on the track
    room = 2 * tea + 3 - sum(1 for e in fd["items"] if e[-1] in "ex")
    return 0.1 if room > 0 else 0.0


#: 1.1.3: how much a player wants each start-of-phase effect (``turn.START_OF``, by phase and effect name) to
#: resolve before the others; a number, or a function of (state, seat). Unlisted effects: 0.
#: Birdsong: Better Burrow Bank first (a card the Riverfolk draw may be bought); a Vagabond buys services before
#: refreshing when his Refresh has room for the items he pays. Evening: Cobbler's move first, so that an Outrage
#: (8.2.6) the move causes cannot take a card another effect (A.2 Charm Offensive) has just drawn.
START_FIRST: dict[str, dict[str, float | Callable[[RootState, str], float]]] = {
    "birdsong": {"better_burrow_bank": 0.2, "services": _services_first, "refresh": 0.05},
    "evening": {"cobbler": 0.1},
}


def start_of_phase_order(phase: str) -> DecisionScorer:
    """The scorer of ``turn.start_of_<phase>.order`` (1.1.3): each effect's :data:`START_FIRST` priority."""
    first = START_FIRST[phase]

    def scores(st: RootState, seat: str, d: Decision) -> Scores:
        out = []
        for o in d.options:
            v = first.get(o.args["effect"], 0.0)
            out.append(v(st, seat) if callable(v) else v)
        return out

    return scores


def _command_warren(st: RootState, seat: str, d: Decision) -> Scores:
    return [battle_ev(st, seat, o.args["clearing"] - 1, o.args["defender"]) - 0.3 if o.action == "battle" else 0.0
            for o in d.options]


def _cobbler(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    board = Board(st, seat)
    for o in d.options:
        if o.action == "move" and "from" in o.args:
            a, b, k = move_args(o, st.map.n)
            out.append(move_score(board, a, b, k))
        else:
            out.append(0.0)
    return out


def _outrage_pay(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    for o in d.options:
        key = o.args.get("card")
        out.append(-key_value(st, seat, key) if key else 0.0)
    return out


def _protector(st: RootState, seat: str, d: Decision) -> Scores:
    return [0.2 if o.action == "enlist" else 0.0 for o in d.options]


def _effects_order(st: RootState, seat: str, d: Decision) -> Scores:
    # deciding second means deciding knowing what the other side did
    return [0.1 if o.action == "defender_first" else 0.0 for o in d.options]


COMMON: dict[str, DecisionScorer] = {
    "map.open_path": _outrage_pay,  # C.3.3: spend the least valuable card
    "battle.ambush": _ambush,
    "battle.foil": _foil,
    "battle.effects": _effects,
    "battle.effects_order": _effects_order,
    "hits": _hits,
    "card.birdsong": _birdsong_cards,
    "turn.extras": _turn_extras,
    "turn.anytime": _turn_extras,  # after the Evening draw: the Black Market, the Exile (Appendices F, E)
    "card.better_burrow_bank": _better_burrow_bank,
    "turn.start_of_birdsong.order": start_of_phase_order("birdsong"),
    "turn.start_of_evening.order": start_of_phase_order("evening"),
    "card.command_warren": _command_warren,
    "card.cobbler": _cobbler,
    "alliance.outrage.pay": _outrage_pay,
    "vagabond.protector": _protector,
    "riverfolk.services": lambda st, seat, d: _buy_services(st, seat, d),  # 11.2.6: any faction may buy
    "corvid.exposure": lambda st, seat, d: _exposure(st, seat, d),  # 13.2.4: any enemy of the Corvids
}


def _exposure(st: RootState, seat: str, d: Decision) -> Scores:
    from .corvid import exposure

    return exposure(st, seat, d)


def _buy_services(st: RootState, seat: str, d: Decision) -> Scores:
    from .riverfolk import buy_scores

    return buy_scores(st, seat, d)


def faction_scorer(own: dict[str, DecisionScorer],
                   value: Callable[[RootState, str, int], float] = card_value) -> Callable[..., Any]:
    """A scorer from a faction's own decision scorers, falling back to the shared ones above."""

    def scores(st: RootState, seat: str, d: Decision) -> Scores | None:
        fn = own.get(d.kind)
        if fn is not None:
            return fn(st, seat, d)
        if d.kind == "discard_down":
            return discard_scores(st, seat, d, value)
        fn = COMMON.get(d.kind)
        if fn is not None:
            return fn(st, seat, d)
        return None

    return scores


def with_extras(st: RootState, seat: str, d: Decision, score: Callable[[Option], float]) -> Scores:
    """Score each option with ``score``, except Daylight extras, which :func:`extra_score` scores."""
    out = []
    for o in d.options:
        e = extra_score(st, seat, o)
        out.append(e if e is not None else score(o))
    return out


# -- the Exiles and Partisans deck (A.2): its valuations live in bots/root/exiles.py --------------------
from . import exiles as _exiles  # noqa: E402  (it imports the helpers above)

IMPROVEMENT_WORTH.update(_exiles.IMPROVEMENT_WORTH)
WORTH_FOR = _exiles.worth_for
EXTRA_SCORES: dict[str, Callable[[RootState, str, Option], float]] = dict(_exiles.EXTRA_SCORES)
COMMON.update(_exiles.DECISIONS)
for _phase, _first in _exiles.START_FIRST.items():
    START_FIRST[_phase].update(_first)
COMMON["battle.effects"] = _exiles.battle_effects(_effects)

# -- Appendix E hirelings: bots/root/hirelings.py ----------------------------------------------------------------
from . import hirelings as _hirelings  # noqa: E402  (it imports the helpers above)

EXTRA_SCORES.update(_hirelings.EXTRA_SCORES)
COMMON.update(_hirelings.DECISIONS)
