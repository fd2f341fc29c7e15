"""Heuristic Keepers in Iron (Law chapter 15): a relic pipeline — delve at waystations of the relic's type, recover in
the same Daylight, carry the others to a waystation of their type — with a Retinue whose cards fit the clearings.

* **Birdsong** (15.4): **encamp** every waystation early (each draws a card, 15.6.3), side up and clearing chosen
  for the relics there, in the forests around and next door, so that the three types show; **decamp** (one a
  Birdsong) a waystation with little left to recover where it stands, to encamp it next Birdsong turned over or
  where relics are; **recruit** with cards the Retinue has no room for, or while warriors are few.
* **Daylight** (15.5): craft items for points; then the Retinue, column by column: **move** toward the work (relics
  in forests, loose relics, waystations without a warrior), to rule the clearings of a waystation's suit before
  recovering there (15.5.2.III.c), carrying relics (15.2.4) toward a waystation of their type, and spreading stacks
  of four (15.6.1 Live Off the Land); **battle then delve**, the relic a waystation there can take first, weighing
  the risk of a discard (15.5.2.II.b) by the values of the type no one can see; **recover** every relic at a
  waystation of its type, the cheapest first (the action ends on the first discard, 15.5.2.III.c).
* **Evening** (15.6): add cards to the Retinue columns their suits serve (Battle: clearings next to relics where
  the warriors are; Recover: the waystations' clearings with relics; Move: clearings whose warriors have work
  nearby), birds anywhere, keeping the last places and shifting a card that fits nowhere.
* A rival with an activated dominance card (3.3.1) who rules enough clearings of its suit, or one short: the
  Keepers battle there and move in enough warriors to end its rule. A point or three short of 30, they battle for
  enemy buildings and tokens.
* Prized Trophies (15.2.5), for every faction: a removed relic goes to the forest farthest from Keeper warriors.

Only public information: a face-down relic's value is never read — only the values of its type no one can see.
"""

from __future__ import annotations

from collections import deque
from itertools import product

from ...engine import Decision, Option
from ...games.root.factions import keepers as kp
from ...games.root.factions.keepers import KEY
from ...games.root.state import OWNER, RELIC_TYPES, RootState
from .common import (
    COMMON,
    Board,
    Scores,
    battle_ev,
    card_value,
    craft_value,
    faction_scorer,
    move_args,
    move_score,
    threat,
    warriors,
    with_extras,
)

#: what losing a Retinue card to a discard (15.5.2.II.b, III.c) costs: one action a turn until a card replaces it
CARD_LOSS = 1.2
#: steps to no waystation of a type at all
FAR = 9
#: a relic one step from a waystation of its type, and one far from any, as a share of its points
NEAR_WORTH = 0.55
FAR_WORTH = 0.35
#: how much a move toward the Keepers' work is worth, per warrior (up to two there) and per unit of :func:`_pull`
PULL = 0.25
#: how much ruling one more clearing of a suit is wanted when a relic waits to be recovered in a clearing of that suit
RULE_SUIT = 0.6
#: a decamp's cost (15.4.2): a turn without the waystation's card (15.6.3), its crafting and its recovering
DECAMP_COST = 2.0
#: recruiting (15.4.3): worth with fewer than 8 warriors on the map, fewer than 11, and less when the Retinue has room
RECRUIT = (2.0, 1.0, 0.9)
#: a battle with a Retinue card that has nothing better to do (random rivals' pieces are points)
BATTLE_BIAS = 0.1
#: a Recover action scores its points at once; the share of a card's loss (15.5.2.III.c) it weighs
RECOVER_BIAS = 2.0
RECOVER_LOSS = 1.0


def _card_loss(st: RootState, suit: str) -> float:
    """A discarded Retinue card is replaced from the hand in the Evening (15.6.2) when the hand has cards to spare;
    a bird fits every clearing."""
    v = CARD_LOSS if len(st.hands[KEY]) < 2 else 0.6
    return v + (0.4 if suit == "bird" else 0.0)


# -- public facts ---------------------------------------------------------------------------------------------
def _types_at(st: RootState, c: int) -> set[str]:
    return {kp.waystation_up(b) for b in st.buildings[c] if b.startswith("waystation_")} if c < st.map.n else set()


def _ruled_around(st: RootState, f: int) -> int:
    return sum(1 for c in st.map.forests[f] if st.rules(c, KEY))


def _ruled_suit(st: RootState, c: int) -> int:
    """15.5.2.III.c: ruled clearings matching the suit of ``c``."""
    suits = st.clearing_suits(c)
    return sum(1 for x in st.map.clearings() if st.rules(x, KEY) and any(st.suit_matches(x, s) for s in suits))


def _face_down_values(st: RootState, rtype: str) -> list[int]:
    """15.2.1: the values a face-down relic of ``rtype`` may have — those of its type no one can see (public
    information only: the bot never reads a face-down value)."""
    left = list(kp.RELIC_VALUES)
    fd = st.fdata[KEY]
    visible = [k for c in st.map.clearings() for k in kp.relics_in(st, c)]
    visible += [k for _, k, up in kp.forest_relics(st) if up]
    visible += [kp.relic_kind(t, v) for t in RELIC_TYPES for v in fd.get(f"rec_{t}", ())]
    visible += [fr["relic"] for fr in st.stack if fr["k"] == "keepers.trophy"]
    for k in visible:
        if kp.relic_type(k) == rtype and kp.relic_value(k) in left:
            left.remove(kp.relic_value(k))
    return left or [2]


def _values(st: RootState, shown: str) -> list[int]:
    """The possible values of a relic as everyone sees it (``relic_tablet_2`` face up, ``relic_tablet`` down)."""
    return [kp.relic_value(shown)] if shown.count("_") == 2 else _face_down_values(st, kp.relic_type(shown))


def _column_bonus(st: RootState, rtype: str) -> float:
    """15.5.2.III.b: two points for a filled Relics column; a type behind the others fills one."""
    fd = st.fdata[KEY]
    mine = len(fd.get(f"rec_{rtype}", ()))
    others = min(len(fd.get(f"rec_{t}", ())) for t in RELIC_TYPES if t != rtype)
    if mine >= kp.RELIC_SPACES:
        return 0.0
    return 2.0 if mine < others else 0.6


def _steps_from(st: RootState, sources: list[int]) -> list[int]:
    """Steps along the map's paths from each clearing to the nearest of ``sources`` (:data:`FAR`: none reachable)."""
    n = st.map.n
    d = [FAR] * n
    for c in sources:
        d[c] = 0
    q: deque[int] = deque(sources)
    while q:
        c = q.popleft()
        for b in st.adj[c]:
            if b < n and d[b] > d[c] + 1:
                d[b] = d[c] + 1
                q.append(b)
    return d


def _dist(st: RootState) -> dict[str, list[int]]:
    """Steps from each clearing to the nearest waystation showing each relic type."""
    return {t: _steps_from(st, [c for c in st.map.clearings() if t in _types_at(st, c)]) for t in RELIC_TYPES}


def _retinue_frame(st: RootState) -> dict | None:
    for fr in reversed(st.stack):
        if fr["k"] == "keepers.retinue":
            return fr
    return None


def _cards_left(st: RootState, column: str) -> list[int]:
    """Retinue cards of ``column`` still to act this Daylight (all of them before the Retinue acts)."""
    cards = kp.retinue(st, column)
    fr = _retinue_frame(st)
    if fr is None or st.phase != "daylight":
        return list(cards) if st.phase in ("birdsong", "daylight") else []
    col = kp.COLUMNS.index(column)
    if fr["col"] > col:
        return []
    if fr["col"] == col:
        return [c for c in cards if c not in fr["done"]]
    return list(cards)


def _covers(st: RootState, cards: list[int], c: int) -> int:
    return sum(1 for cid in cards if kp.suit_matches(st, c, st.card(cid).suit))


def _relic_worth(st: RootState, dist: dict[str, list[int]], c: int, kind: str,
                 recover_left: list[int] | None = None) -> float:
    """What a relic lying in clearing ``c`` is worth: its points, less the farther from a waystation of its type
    (most at one the Recover column can still reach this Daylight: ``recover_left``)."""
    t = kp.relic_type(kind)
    base = kp.relic_value(kind) + _column_bonus(st, t)
    d = dist[t][c] if c < st.map.n else FAR
    if d == 0:
        if recover_left is not None and _covers(st, recover_left, c):
            return 0.95 * base
        return (0.8 if _covers(st, kp.retinue(st, "recover"), c) else 0.6) * base
    if d >= FAR:
        return FAR_WORTH * base if kp.waystations_on_board(st) else (FAR_WORTH - 0.1) * base
    return base * max(FAR_WORTH - 0.1, NEAR_WORTH - 0.1 * d)


def _pull(st: RootState, want: list[float]) -> list[float]:
    """How close each clearing is to work for warriors: relics in the forests around (to delve), loose relics (to
    carry), waystations without a warrior (to delve with), ``want`` (rival dominance); 0.6 as much a step away."""
    n = st.map.n
    work = list(want)
    for f, _, _ in kp.forest_relics(st):
        for c in st.map.forests[f]:
            work[c] += 1.0
    for c in st.map.clearings():
        types = _types_at(st, c)
        work[c] += 1.0 * sum(1 for k in kp.relics_in(st, c) if kp.relic_type(k) not in types)
        if types and not warriors(st, c, KEY):
            work[c] += 0.5
    out = [0.0] * n
    for x in st.map.clearings():
        if not work[x]:
            continue
        dist = _steps_from(st, [x])
        for c in range(n):
            out[c] = max(out[c], min(3.0, work[x]) * 0.6 ** dist[c])
    return out


def _presence(st: RootState, c: int, seat: str) -> int:
    """2.5: warriors and buildings."""
    return st.warriors[c].get(seat, 0) + sum(1 for b in st.buildings[c] if OWNER.get(b) == seat)


def _danger(st: RootState) -> list[tuple[float, str, int]]:
    """3.3.1: clearings whose rule brings a rival with an activated dominance card to a win at its next Birdsong —
    (how urgent: 3 when it would rule enough of them without the Keepers there, 1 when one short; the rival; its
    presence there, which the Keepers must match to end its rule, or pass for the Eyrie, 7.2.2)."""
    out: list[tuple[float, str, int]] = [(0.0, "", 0)] * st.map.n
    for rival, cid in st.dominance.items():
        if rival == KEY or cid is None or rival not in st.enemies(KEY):
            continue
        suit = st.card(cid).suit

        def held(c: int, rival: str = rival) -> bool:  # the rival would rule c but for the Keepers
            mine = _presence(st, c, rival)
            return mine > 0 and all(_presence(st, c, f) < mine or (rival == "eyrie" and _presence(st, c, f) == mine)
                                    for f in st.seats if f not in (rival, KEY))

        def mark(c: int, v: float, rival: str = rival) -> None:
            if v > out[c][0]:
                out[c] = (v, rival, _presence(st, c, rival) + (1 if rival == "eyrie" else 0))

        if suit == "bird":
            for a, b in st.map.opposite.items():
                ha, hb = held(a), held(b)
                if ha and hb:
                    mark(a, 3.0)
                    mark(b, 3.0)
                elif ha or hb:
                    mark(a if ha else b, 0.8)
            continue
        cs = [c for c in st.map.clearings() if st.suit_matches(c, suit) and held(c)]
        for c in cs:
            mark(c, 3.0 if len(cs) >= 3 else 1.0 if len(cs) == 2 else 0.0)
    return out


def _forest_worth(ev: float) -> float:
    return 0.2 * ev


# -- Birdsong -------------------------------------------------------------------------------------------------
def _coverable(shown: set[str], pieces: list[tuple[str, str]]) -> int:
    """How many relic types can show on the map once ``pieces`` (on the board) are encamped too."""
    best = len(shown)
    for sides in product(*pieces):
        best = max(best, len(shown | set(sides)))
    return best


def _site(st: RootState, c: int, rtype: str) -> float:
    """What a waystation showing ``rtype`` in ``c`` would recover: relics of that type there, in the forests around
    (delved and recovered in one Daylight) and in the clearings next to it (carried in)."""
    v = sum(kp.relic_value(k) + 0.5 for k in kp.relics_in(st, c) if kp.relic_type(k) == rtype)
    near = set(kp.forests_of(st, c))
    # delving needs rule there (15.5.2.II): a clearing held by a stronger rival delves little
    others = max((_presence(st, c, f) for f in st.seats if f != KEY), default=0)
    delving = 0.6 if _presence(st, c, KEY) > others or others <= 1 else 0.25
    for f, k, up in kp.forest_relics(st):
        if f in near and kp.relic_type(k) == rtype:
            vals = _values(st, kp.shown(k, up))
            v += delving * sum(vals) / len(vals)
    for b in st.adj[c]:
        if b < st.map.n:
            v += sum(0.3 * kp.relic_value(k) for k in kp.relics_in(st, b) if kp.relic_type(k) == rtype
                     and rtype not in _types_at(st, b))
    return v


def _spare_cards(st: RootState) -> int:
    """Cards in hand beyond what the Retinue has room for (15.6.2: ten cards)."""
    return len(st.hands[KEY]) - (kp.RETINUE_LIMIT - kp.retinue_size(st))


def encamp(st: RootState, seat: str, d: Decision) -> Scores:
    shown = {kp.waystation_up(b) for _, b in kp.waystations_on_map(st)}
    board = kp.waystations_on_board(st)
    out = []
    for o in d.options:
        if o.action != "encamp":
            out.append(0.0)
            continue
        c = o.args["clearing"] - 1
        kind = o.args["building"]
        up = kind.split("_")[1]
        # a card a turn (15.6.3), crafting (15.2.3) and recruiting (15.4.3) there
        v = 1.6 + (0.6 * _site(st, c, up) if up not in _types_at(st, c) else -1.0)
        rest = [p for p in board if p != kp.piece_of(kind)]
        v += 0.6 * _coverable(shown | {up}, rest)
        v += 0.3 * (up not in shown)
        v -= 0.15 * threat(st, c, KEY)
        # the warrior it replaces: keep one where the Keepers delve (15.5.2.II needs a warrior there)
        if warriors(st, c, KEY) <= 1:
            v -= 0.4
        out.append(v)
    return out


def decamp(st: RootState, seat: str, d: Decision) -> Scores:
    """15.4.2, then encamped again next Birdsong (15.4.1 comes first): a waystation with little left to recover
    where it stands turns over when relics of its other side wait there, or moves to where relics are (a clearing
    with a Keeper warrior and room)."""
    candidates = [c for c in st.map.clearings() if st.open_slots(c) > 0 and warriors(st, c, KEY)]
    fr = st.stack[-1]
    again = fr["k"] == "keepers.decamp" and bool(fr["used"])  # one a Birdsong: the others keep drawing cards
    out = []
    for o in d.options:
        if o.action != "decamp":
            out.append(0.0)
            continue
        if again:
            out.append(-2.0)
            continue
        c = o.args["clearing"] - 1
        kind = o.args["building"]
        up, down = kind.split("_")[1], kind.split("_")[2]
        others = {kp.waystation_up(b) for b in st.buildings[c] if b.startswith("waystation_") and b != kind}
        here = _site(st, c, up) if up not in others else 0.0
        flip = _site(st, c, down) if down not in others else 0.0
        away = max((max(_site(st, x, up), _site(st, x, down)) for x in candidates if x != c), default=0.0)
        gain = max(flip, 0.8 * away) - here
        out.append(gain - DECAMP_COST if here < 1.5 else -2.0)
    return out




def recruit(st: RootState, seat: str, d: Decision) -> Scores:
    on_map = st.warriors_on_map(KEY)
    spare = _spare_cards(st)
    out = []
    for o in d.options:
        if o.action != "recruit":
            out.append(0.0)
            continue
        c = o.args["clearing"] - 1
        cid = st.find_in(st.hands[seat], o.args["card"])
        v = RECRUIT[0] if on_map < 8 else RECRUIT[1] if on_map < 11 else 0.2
        if spare <= 0:
            v -= RECRUIT[2]  # the card may be worth more in the Retinue (an action every turn)
        else:
            v = max(v, 0.6)  # a card the Retinue has no room for
        if warriors(st, c, KEY) + 2 >= 4:
            v -= 0.3 if warriors(st, c, KEY) < 3 else 0.8  # 15.6.1: a stack of four loses one in the Evening
        if warriors(st, c, KEY) == 0:
            v += 0.3  # a warrior at a waystation lets the Keepers delve there
        v += 0.1 * min(3, threat(st, c, KEY))
        out.append(v - 0.3 * card_value(st, seat, cid))  # type: ignore[arg-type]
    return out


# -- Daylight -------------------------------------------------------------------------------------------------
def craft(st: RootState, seat: str, d: Decision) -> Scores:
    return with_extras(st, seat, d, lambda o: craft_value(st, seat, o.args["card"]) - 0.4 if o.action == "craft"
                       else 0.0)


class _Plan:
    """What one Retinue decision needs to know, computed once."""

    def __init__(self, st: RootState) -> None:
        self.st = st
        self.dist = _dist(st)
        self.board = Board(st, KEY)
        for c in st.map.clearings():  # relics move with the warriors (15.2.4): not pieces to stand guard over
            self.board.mine[c] -= 0.7 * len(kp.relics_in(st, c))
        self.recover_left = _cards_left(st, "recover")
        n = st.map.n
        relics_by_forest: dict[int, list[str]] = {}
        for f, k, up in kp.forest_relics(st):
            relics_by_forest.setdefault(f, []).append(kp.shown(k, up))
        self.forest = relics_by_forest
        # where rule and a warrior are wanted: next to relics in forests (delve), more at a waystation of their type
        want = [0.0] * n
        for f, shown in relics_by_forest.items():
            for c in st.map.forests[f]:
                match = sum(1 for k in shown if kp.relic_type(k) in _types_at(st, c))
                want[c] += 0.25 * len(shown) + 0.5 * match
        # ruling more clearings of a waystation's suit before recovering there (15.5.2.III.c: else a discard)
        for c in st.map.clearings():
            top = max((kp.relic_value(k) for k in kp.recover_targets(st, c)), default=0)
            if top and _ruled_suit(st, c) < top:
                for x in st.map.clearings():
                    if not st.rules(x, KEY) and any(st.suit_matches(x, s) for s in st.clearing_suits(c)):
                        want[x] += RULE_SUIT
        self.danger = _danger(st)
        for c in st.map.clearings():
            want[c] += 0.5 * self.danger[c][0]
        self.want = {c: min(2.5, w) for c, w in enumerate(want) if w}
        # a point or three short of winning (3.1): any enemy building or token removed may end the game
        self.closing = st.vp[KEY] >= 27
        if self.closing:
            for c in st.map.clearings():
                if any(OWNER.get(x) in st.enemies(KEY) for x in (*st.buildings[c], *st.tokens[c])):
                    want[c] += 1.0
        self.pull = _pull(st, want)

    def delve_gain(self, c: int, shown: str, f: int, loss: float = CARD_LOSS) -> float:
        st = self.st
        vals = _values(st, shown)
        ev = sum(vals) / len(vals)
        t = kp.relic_type(shown)
        r = _ruled_around(st, f)
        risk = sum(1 for v in vals if v > r) / len(vals)
        worth = sum(_relic_worth(st, self.dist, c, kp.relic_kind(t, v), self.recover_left) for v in vals) / len(vals)
        return worth - _forest_worth(ev) - loss * risk

    def best_delve(self, c: int, loss: float = CARD_LOSS) -> float:
        best = -9.0
        for f, shown in kp.delve_targets(self.st, c):
            best = max(best, self.delve_gain(c, shown, f, loss))
        return best

    def recover_gain(self, c: int, loss: float = CARD_LOSS) -> float:
        st = self.st
        kinds = sorted(kp.recover_targets(st, c), key=kp.relic_value)
        relics = [k for k in kp.relics_in(st, c) if k in kinds]
        relics.sort(key=kp.relic_value)
        r = _ruled_suit(st, c)
        gain = 0.0
        for k in relics:
            gain += kp.relic_value(k) + 0.5 * _column_bonus(st, kp.relic_type(k))
            if kp.relic_value(k) > r:
                gain -= RECOVER_LOSS * loss
                break
        return gain

    def carry_gain(self, a: int, b: int, k: int, left: list[int] | None = None) -> float:
        """Relics going along with ``k`` warriors from ``a`` to ``b`` (15.2.4), the best ones; ``left``: the Recover
        cards still to act after this move."""
        st = self.st
        n = st.map.n
        if a >= n or b >= n:
            return 0.0
        left = self.recover_left if left is None else left
        gains = sorted((_relic_worth(st, self.dist, b, r, left) - _relic_worth(st, self.dist, a, r, left)
                        for r in kp.relics_in(st, a)), reverse=True)
        return sum(g for g in gains[:k] if g > 0)

    def move(self, a: int, b: int, k: int, card: str = "", column: str = "move") -> float:
        st = self.st
        v = move_score(self.board, a, b, k, self.want)
        left = self.recover_left
        if column == "recover":  # the card that moves does not recover this Daylight
            i = next((i for i, cid in enumerate(left) if st.card(cid).key == card), None)
            left = left[:i] + left[i + 1:] if i is not None else left
        v += self.carry_gain(a, b, k, left)
        n = st.map.n
        if a < n and b < n:
            wa, wb = warriors(st, a, KEY), warriors(st, b, KEY)
            # 15.6.1 Live Off the Land: four or more lose one in the Evening
            if wa >= 4 and wa - k < 4:
                v += 0.4
            if wb < 4 <= wb + k:
                v -= 0.4
            # a waystation with no warrior cannot delve (15.5.2.II); relics left without a warrior lose Devout Knights
            if wb == 0 and _types_at(st, b) and any(kp.delve_targets(st, b)):
                v += 0.6
            if wa - k < 1 and kp.relics_in(st, a) and len(kp.relics_in(st, a)) > k:
                v -= 0.3
            # toward the work (relics to delve or carry, waystations without warriors): two warriors are enough there
            gained = max(0, min(wb + k, 2) - min(wb, 2))
            lost = max(0, min(wa, 2) - min(wa - k, 2))
            v += PULL * (self.pull[b] * gained - self.pull[a] * lost)
            # 3.3.1: enough Keepers to end a dominant rival's rule there, and not leaving one
            danger, _, need = self.danger[b]
            if danger and self.board.own[b] < need <= self.board.own[b] + k:
                v += 1.5 * danger
            danger, _, need = self.danger[a]
            if danger and self.board.own[a] - k < need <= self.board.own[a]:
                v -= 1.5 * danger
        return v


def retinue(st: RootState, seat: str, d: Decision) -> Scores:
    plan = _Plan(st)

    def score(o: Option) -> float:
        a = o.action
        bird = 0.05 if o.args.get("card", "").startswith("bird:") else 0.0  # a suited card first: birds fit anywhere
        if a == "recover":
            loss = _card_loss(st, o.args["card"].split(":")[0])
            return RECOVER_BIAS + 1.5 * plan.recover_gain(o.args["clearing"] - 1, loss) - bird
        if a == "delve":
            return plan.best_delve(o.args["clearing"] - 1, _card_loss(st, o.args["card"].split(":")[0])) - bird
        if a == "battle":
            c = o.args["clearing"] - 1
            v = battle_ev(st, seat, c, o.args["defender"]) + BATTLE_BIAS
            if kp.delve_targets(st, c) and warriors(st, c, KEY) > threat(st, c, KEY) // 2:
                v += 0.5 * max(0.0, plan.best_delve(c, _card_loss(st, o.args["card"].split(":")[0])))
            if plan.closing and any(OWNER.get(x) == o.args["defender"] for x in (*st.buildings[c], *st.tokens[c])) \
                    and warriors(st, c, KEY) > warriors(st, c, o.args["defender"]):
                v += 1.5  # 3.2.1: a building or token removed is the last point or two
            danger, rival, _ = plan.danger[c]
            if danger and rival == o.args["defender"]:
                v += 1.0 * danger  # 3.3.1: break a dominant rival's rule
            return v - bird
        if a == "move":
            return plan.move(*move_args(o, st.map.n), o.args.get("card", ""), o.args.get("retinue", "move")) - bird
        return 0.0

    return with_extras(st, seat, d, score)


def delve(st: RootState, seat: str, d: Decision) -> Scores:
    plan = _Plan(st)
    fr = st.stack[-1]
    loss = _card_loss(st, st.card(fr["cid"]).suit) if fr["k"] == "keepers.delve" else CARD_LOSS
    out = []
    for o in d.options:
        if o.action != "delve_relic":
            out.append(0.0)
            continue
        c = o.args["clearing"] - 1
        f = int(o.args["forest"][1:]) - 1
        out.append(plan.delve_gain(c, o.args["relic"], f, loss))
    return out


def recover(st: RootState, seat: str, d: Decision) -> Scores:
    """15.5.2.III.c: a relic worth more than the ruled clearings of the suit ends the action, so those go last."""
    out = []
    for o in d.options:
        if o.action != "recover_relic":
            out.append(0.0)
            continue
        k = o.args["relic"]
        v = kp.relic_value(k)
        r = _ruled_suit(st, o.args["clearing"] - 1)
        out.append(5.0 + (10.0 if v <= r else 0.0) + v + _column_bonus(st, kp.relic_type(k)))
    return out


def carry(st: RootState, seat: str, d: Decision) -> Scores:
    dist = _dist(st)
    left = _cards_left(st, "recover")
    out = []
    for o in d.options:
        if o.action != "carry":
            out.append(0.0)
            continue
        a, b = o.args["from"] - 1, o.args["to"] - 1
        k = o.args["relic"]
        out.append(_relic_worth(st, dist, b, k, left) - _relic_worth(st, dist, a, k, left) - 0.01)
    return out


# -- Evening --------------------------------------------------------------------------------------------------
#: how much less a card helps where ``n`` cards of its column fit already: ``DECAY[column] ** n`` (one Recover
#: action may take several relics, 15.5.2.III.c; each delve takes one card, 15.5.2.II)
DECAY = {"move": 0.55, "battle": 0.6, "recover": 0.35}


def _needs(st: RootState) -> dict[str, list[float]]:
    """The work waiting for a Retinue card fitting each clearing, in about victory points, by column: recovering
    relics at waystations of their type, delving where Keeper warriors are next to relics (less where they could
    come), moving warriors toward the work and relics to their waystations."""
    n = st.map.n
    dist = _dist(st)
    pull = _pull(st, [0.0] * n)
    rec = [0.0] * n
    dig = [0.0] * n
    mov = [0.0] * n
    for c in st.map.clearings():
        types = _types_at(st, c)
        for k in kp.relics_in(st, c):
            t = kp.relic_type(k)
            if t in types:
                rec[c] += kp.relic_value(k) + _column_bonus(st, t)
            else:
                mov[c] += 0.8
                for b in st.adj[c]:
                    if b < n and dist[t][b] == 0:
                        rec[b] += 0.4 * kp.relic_value(k)
        w = warriors(st, c, KEY)
        if w:
            ahead = max((pull[b] for b in st.adj[c] if b < n), default=0.0) - pull[c]
            mov[c] += 0.2 + 0.5 * max(0.0, ahead) * min(2, w)
    near = [bool(warriors(st, c, KEY)) or any(warriors(st, b, KEY) for b in st.adj[c] if b < n)
            for c in range(n)]
    for f, k, up in kp.forest_relics(st):
        t = kp.relic_type(k)
        vals = _values(st, kp.shown(k, up))
        ev = sum(vals) / len(vals)
        for c in st.map.forests[f]:
            match = t in _types_at(st, c)
            reach = 1.0 if warriors(st, c, KEY) else 0.5 if near[c] else 0.2
            dig[c] += reach * (0.6 + (0.6 * ev if match else 0.0))
            if match:
                rec[c] += 0.2 * ev  # once delved
    if not kp.forest_relics(st):
        dig = [0.5 * bool(warriors(st, c, KEY)) for c in range(n)]
    return {"move": mov, "battle": dig, "recover": [min(6.0, v) for v in rec]}


#: how many cards a column needs in a full Retinue (15.6.2: ten), beyond which one more is worth less
COLUMN_TARGET = {"move": 3, "battle": 5, "recover": 3}
#: the cost of filling the Retinue's last places (a full Retinue takes no card that would fit better)
ROOM_KEEP = 0.3
#: a card's use in a column beyond the needs: moves spread the warriors, battles score, a Recover card moves too
BASE = {"move": 0.9, "battle": 0.6, "recover": 0.9}


def _card_worth(st: RootState, needs: dict[str, list[float]], column: str, suit: str, skip: int | None = None) -> float:
    """What one more card of ``suit`` does in ``column`` (``skip``: a card of the column left out of the count);
    cards of the column that fit no clearing with work count for nothing."""
    need = needs[column]
    cards = [cid for cid in kp.retinue(st, column) if cid != skip]
    useful = sum(1 for cid in cards if any(need[c] > 0.1 and kp.suit_matches(st, c, st.card(cid).suit)
                                           for c in st.map.clearings()))
    decay = DECAY[column]
    shares = sorted((need[c] * decay ** _covers(st, cards, c) for c in st.map.clearings()
                     if kp.suit_matches(st, c, suit)), reverse=True)
    work = (shares[0] + 0.15 * sum(shares[1:4])) if shares else 0.0
    return BASE[column] * 0.5 ** useful + 0.5 * work


def _crowding(st: RootState, column: str, delta: int = 0) -> float:
    """What one more card costs in a column already holding its :data:`COLUMN_TARGET` (``delta``: cards taken out)."""
    return 0.4 * max(0, len(kp.retinue(st, column)) + delta - COLUMN_TARGET[column] + 1)


def gather(st: RootState, seat: str, d: Decision) -> Scores:
    needs = _needs(st)
    room = kp.RETINUE_LIMIT - kp.retinue_size(st)
    out = []
    for o in d.options:
        if o.action == "add_retinue":
            cid = st.find_in(st.hands[seat], o.args["card"])
            assert cid is not None
            card = st.card(cid)
            worth = _card_worth(st, needs, o.args["retinue"], card.suit)
            keep = 0.3 * card_value(st, seat, cid) + (0.5 if card.kind == "ambush" and card.suit != "bird" else 0.0)
            keep += ROOM_KEEP * max(0, 3 - room)  # keep a place or two for cards that fit better later
            keep += _crowding(st, o.args["retinue"])
            out.append(worth + (0.5 if room > 3 else 0.0) - keep)
        elif o.action == "shift_retinue":
            src = o.args["retinue_from"]
            cid = st.find_in(kp.retinue(st, src), o.args["card"])
            assert cid is not None
            suit = st.card(cid).suit
            out.append(_card_worth(st, needs, o.args["retinue"], suit) - _crowding(st, o.args["retinue"])
                       - _card_worth(st, needs, src, suit, skip=cid) + _crowding(st, src, -1) - 0.3)
        else:
            out.append(0.0)
    return out


def value(st: RootState, seat: str, cid: int) -> float:
    return card_value(st, seat, cid)


def trophy(st: RootState, seat: str, d: Decision) -> Scores:
    """15.2.5, for whoever removed the relic: the forest farthest from Keeper warriors."""
    return [-float(sum(warriors(st, c, KEY) for c in st.map.forests[int(o.args["forest"][1:]) - 1]))
            for o in d.options]


scores = faction_scorer({
    "keepers.encamp": encamp,
    "keepers.decamp": decamp,
    "keepers.recruit": recruit,
    "keepers.craft": craft,
    "keepers.retinue": retinue,
    "keepers.delve": delve,
    "keepers.recover": recover,
    "keepers.carry": carry,
    "keepers.gather": gather,
}, value)
COMMON["keepers.trophy"] = trophy
