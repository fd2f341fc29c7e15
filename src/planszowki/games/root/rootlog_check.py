"""Checking a Rootlog record against the rules engine (``planszowki rootlog check FILE``).

A Rootlog line records what moved — pieces, cards, points — not which decisions were taken, so the checker
sets the game up from the record's header (map, deck, clearing suits, factions, seating and first player) and
drives the engine: for each stretch of recorded actions it searches the engine's options (a few decisions
deep) for a sequence whose effects, written in Rootlog by :func:`rootlog.write`'s writer and followed on a
:class:`rootlog.Tally`, are exactly what the record says. Effects compared: pieces on the map and on faction
boards, points, cards on faction boards, items under ruins, closed paths, battles (who, whom, where, ambush
cards), crafts, face-up cards by suit (ambush and dominance cards by name) and where they went (a dominance card
discarded goes beside the map, 3.3.3), how many pieces moved (two moves that cancel out are not no move), cards
put among the supporters from a hand or from the deck, cards from one hand to another, items taken from a Crafted
Items box (9.5.4), and whose turn begins. Compared one way (what the record shows must be among what the engine
did, :func:`split_items`), until the turn ends: items exhausted, damaged, repaired or removed (with the side they
started on where the record says it) and refreshed where it says the side, hands shown for Outrage, cards drawn
(the opening hands count as drawn until the first turn) and the suit of a card given to another hand (an Aid).
Not compared, because hand records leave them out or the notation cannot say them: refreshes without a side, the
Vagabond's item tracks, relationships, prices and other track markers, reveals.

Hidden information (1.2): the engine deals its own hands from a seed; a card the record has not shown is
unknown to the checker. Before a stretch of actions that shows cards leaving a hand (or the Alliance's
supporters), the checker makes the engine's hidden cards agree with the record — it swaps a card of the shown
suit or name from the unseen pool (the deck and other players' hidden hands, never a card it has already
seen there) into that hand ("lazy determinization"); a swap that would leave the engine's pending decision
without options (a supporter the Alliance is paying with) is not made. Dice follow the record: a battle's roll
is chosen among the ten outcomes of two dice so that its hits give what the record shows, the lowest first
(:class:`RecordedDice`). The Keepers' relics, placed face down at random (15.3.1, 15.3.3), are put where the
Keepers' setup line has them (:func:`_relics_as_recorded`), and a face-down relic a delve turns face up is given the
value the record shows (:meth:`Checker.relic_reveals`).

The Advanced Setup (Appendix A) is set up from the header's ADSET lines (``Landmarks:``, ``Hirelings:`` with the
sides in play, ``Pool:`` for the draft, A.8.1) and the five-card draw (A.7); the cards put back (A.10) are hidden, so
the first ones are. Hirelings (Appendix E) are matched like factions, a hire (``h_E->A$4``) by hireling, board and
control markers; the dice the notation does not carry — the control die (E.1.2), the Spring Uprising's die, the
Hundreds' mob die (14.4.1) — are tried outcome by outcome (:meth:`Checker.children`).

The check stops at the first stretch the engine cannot match and reports the line, the action, the options
the engine offers there and their rules; or it follows the record to the end and compares the scores and
winners with the record's ``Winner:`` line.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ... import i18n
from ...engine import Rng, UnsupportedSetup
from . import hirelings
from . import rootlog as rl
from .content import DECK_SIZE, characters, quests
from .factions import keepers as kp
from .setup_cards import cards

MAP_OF = {v: k for k, v in rl.MAP_NAME.items()}
SUIT_OF_LETTER = {v: k for k, v in rl.SUIT.items()}
#: the search: at most this many decisions for one stretch of actions, and this many positions tried
DEPTH = 7
BUDGET = 4000
#: positions kept at each depth of the search
BEAM = 120
#: going back to earlier choices: how many times from one stop on, and how many choice points are remembered
BACKTRACKS = 300
#: … and in all (each further stop starts ``BACKTRACKS`` afresh, up to this many for the whole record)
TOTAL_BACKTRACKS = 1000
KEEP_FRAMES = 24
#: searching on for longer matches at a choice point: how many times from one stop on, and among how many latest
#: choice points
DEEPER_SEARCHES = 16
DEEPER_FRAMES = 4


class NeedDice(Exception):
    """The engine asked for a die the checker has not given yet while it was trying an option: ``kind`` is
    "battle" (4.3.2, two dice), "mob" (14.4.1) or "hireling" (Appendix E), ``n`` the die's faces."""

    def __init__(self, kind: str = "battle", n: int = 4) -> None:
        super().__init__(kind)
        self.kind, self.n = kind, n


class RecordedDice(Rng):
    """The engine's random source with the battle dice given by the record.

    While ``armed``, a roll of a named die (:meth:`Rng.roll`: the battle's two, 4.3.2; the mob die; the hirelings')
    takes the next value the record gave for it — or, with none left, raises :class:`NeedDice` so that the checker
    tries each outcome; every other draw (a shuffle of the discard pile into a new deck, 2.1, a random card taken
    from a hand) is drawn as usual. Used only by the checker: normal play never sees this class. (The dice are told
    apart by name, not by the calling module: a compiled core has no Python frames to look at.)
    """

    __slots__ = ("armed", "dice", "hire", "mob")

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.dice: list[int] = []
        self.mob: list[int] = []  # 14.4.1: the mob die's suits (indices), which the record shows only by the mob
        self.hire: list[int] = []  # Appendix E: the control die's face (E.1.2), the Spring Uprising's suit
        self.armed = False

    def roll(self, faces: int, die: str = "") -> int:
        # the dice by name (Rng.roll): the battle's (4.3.2), the mob die (14.4.1, 14.7.3, never notated) and the
        # hirelings' (Appendix E: the control die, E.1.2, its markers notated with the hire, ``h_E->A$4``; the Spring
        # Uprising's die, not notated)
        if self.armed:
            if die == "battle" and faces == 4:
                if not self.dice:
                    raise NeedDice("battle", 4)
                return self.dice.pop(0)
            if die == "mob":
                if not self.mob:
                    raise NeedDice("mob", faces)
                return self.mob.pop(0)
            if die == "hireling":
                if not self.hire:
                    raise NeedDice("hireling", faces)
                return self.hire.pop(0) % faces
        return super().roll(faces, die)

    def copy(self) -> RecordedDice:
        r = RecordedDice.__new__(RecordedDice)
        r.s, r.dice, r.mob, r.hire, r.armed = self.s, list(self.dice), list(self.mob), list(self.hire), self.armed
        return r


#: the ten outcomes of two dice that differ (higher, lower); the order of the dice does not matter (4.3.2). The
#: lowest first: of the rolls that give the hits the record shows, a lower one does less the record has not shown
#: (a Vagabond's items damaged, which its writer would have shown)
ROLLS = sorted(((hi, lo) for hi in range(4) for lo in range(hi + 1)), key=lambda r: (r[0] + r[1], r[0]))


@dataclass
class CheckResult:
    """What :func:`check` found."""

    followed: bool
    lines_followed: int = 0  # record lines followed completely
    line: int = 0  # where it stopped (0 when followed to the end)
    action: str = ""
    allowed: list[str] = field(default_factory=list)  # "option (rule)" the engine offered there
    decision: str = ""  # whose decision and its kind, where it stopped
    reason: str = ""  # no_match (no sequence of decisions gives the action's effects) or game_over
    effects: str = ""  # what the action stopped at changes, as the check compares it
    scores: dict[str, int] = field(default_factory=dict)  # faction letter -> VP at the end (or at the stop)
    record_winner: str = ""
    engine_winner: str = ""

    def text(self, lang: str = "en") -> str:
        if self.followed:
            return i18n.tr("rootlog_check_followed", lang, n=self.lines_followed,
                           scores=", ".join(f"{f} {v}" for f, v in self.scores.items()),
                           engine=self.engine_winner or "-", record=self.record_winner or "-")
        allowed = "; ".join(self.allowed[:40]) + (" …" if len(self.allowed) > 40 else "")
        return i18n.tr("rootlog_check_stop", lang, line=self.line, action=self.action,
                       cause=i18n.tr(f"rootlog_check_{self.reason}", lang), effects=self.effects,
                       decision=self.decision, allowed=allowed)


# == effects =======================================================================================
_CARD = re.compile(r"^(\d*)([BFMR])#([a-z@]*)(.*)$")
_GROUP_CARDS = re.compile(r"^\(([^)]*)\)#(.*)$")


def _card_keys(left: str, right: str, cur: str, out: Counter) -> None:
    """Face-up cards by suit (``B@``, ``Bdom`` for an ambush or a dominance card, named where shown):
    ``("card", suit, from, to)``."""
    def where(s: str, default: str) -> str:
        s = s.replace("@", "").replace("dom", "")
        if not s:
            return default
        return f"{cur}{s}" if s.startswith("$") else s

    dests = right.split("+") if right else [""]
    parts: list[tuple[int, str, str, bool]] = []
    g = _GROUP_CARDS.match(left)
    if g:
        for p in g.group(1).split("+"):
            m = re.fullmatch(r"(\d*)([BFMR])#?", p)
            if m:
                parts.append((int(m.group(1) or 1), m.group(2), g.group(2), False))
    else:
        for p in left.split("+"):
            m = _CARD.match(p)
            if m:  # an ambush or a dominance card is named where it is shown face up (``B#@A->``, ``R#domE->$_b``):
                # not any card of its suit
                special = "@" if "@" in m.group(3) else "dom" if "dom" in m.group(3) else ""
                parts.append((int(m.group(1) or 1), m.group(2) + special,
                              m.group(3).replace("@", "").replace("dom", "") + m.group(4), "dom" in m.group(3)))
    for n, suit, src, dom in parts:
        if not src and not right:
            continue  # ``R#->``: a card from the deck (a supporter with no room, 8.2.3.I); the deck stays unseen
        for d in dests:
            # 3.3.3: a dominance card discarded goes beside the map, not to the discard pile
            to = where(d, "<beside the map>" if dom else "<discard>")
            if to == "A$":
                continue  # a supporter goes face down (8.2.6, 8.3.4): its suit is not compared
            frm = where(src, cur)
            if frm != to and len(frm) == len(to) == 1:  # from one hand to another (Aid, 9.5.4): the suit one way,
                out[("to hand", frm, to)] += n  # as records may leave it out (``#V->C``)
                out[("hand card", suit[0], frm, to)] += n  # the Aid's event gives the suit alone
                continue
            out[("card", suit, frm, to)] += n


#: ``2%s->e``, ``%bd->s``, ``%fV$->d``, ``%r->``: one kind of item turned, damaged, repaired or removed; where it
#: starts may say whether it is damaged and which side is up (``%hde->``, ``%sr->d``, ``%fV$e->d``)
_ITEM_TRACK = re.compile(r"(\d*)%([a-z])(?:([A-Z])\$)?(d?)([re]?)->([edsr]?)")
#: ``%hC$->$``: an item taken from another player's Crafted Items box (9.5.4 Aid)
_ITEM_TAKEN = re.compile(r"(\d*)%([a-z])([A-Z])\$->([A-Z]?)\$")
#: ``C^A``: a hand shown to the Alliance (8.2.6)
_SHOWN = re.compile(r"([A-Z])\^A")
#: ``3w11->12``, ``Cw10->1``, ``p->12``: warriors or a pawn moved from a clearing or forest to another
_MOVED = re.compile(r"(\d*)([A-Z]?)w[\d_]+->[\d_]+|([A-Z]?)p->[\d_]+")
#: ``#C``, ``2#A``, ``M#C``, ``#``: a card (or cards) put among the supporters, from a hand or from the deck
_SUPPORTER = re.compile(r"(\d*)[BFMR]?#[a-z@]*([A-Z]?)")
#: ``#C->A$``: a card of a hand paid face down to the supporters (8.2.6 Outrage)
_PAID = re.compile(r"#([A-Z])->(A?)\$")
#: ``Ab_f8->``: a base of the Alliance removed (8.2.4)
_BASE_REMOVED = re.compile(r"(A?)b_([fmr])\d+->")
#: ``#C->V``: a card unseen from one hand to another (the Thief's Steal, D.1.2; Stand and Deliver!; Swap Meet)
_TAKEN = re.compile(r"(\d*)#([A-Z])->([A-Z])")
#: ``2#->E``, ``#->C+V``: cards drawn from the deck into a hand (or one into each of several)
_DRAWN = re.compile(r"(\d*)#->([A-Z](?:\+[A-Z])*)")
#: ``h_E->A$4``: a hireling gained (Appendix E, E.1.2 and E.1.3) with that many control markers
_HIRED = re.compile(r"(h_[A-Z])d?->([A-Z])\$(\d*)")
#: decisions of the player whose turn it is that come amid an action, its effects not all there yet: Field Hospitals
#: (6.2.3) after the Furious Protector removed a Marquise warrior in her own Birdsong (Appendix E)
AMID = frozenset({"marquise.field_hospitals"})
#: the keys compared one way (see :func:`split_items`)
ONE_WAY = ("item", "shown", "drawn", "hand card", "control markers", "revealed")
#: ``M#^``, ``2F#^``: cards revealed from a hand (the Duchy's build and sway, 12.5; the Cult's rituals, 10.5)
_REVEALED = re.compile(r"(\d*)([BFMR])#([a-z@]*)\^")


def token_keys(token: str, cur: str) -> Counter:
    """The effects of one Rootlog action that a :class:`rootlog.Tally` does not keep."""
    out: Counter = Counter()
    if m := rl._BATTLE.match(token):
        att, dfn = m.group(1) or cur, m.group(2)
        out[("X", att, dfn, m.group(3))] += 1
        for who, suit in zip((dfn, att), re.findall(r"([BFMR]?)@", m.group(4)), strict=False):
            out[("@", who, suit)] += 1
        return out
    if token.startswith("Z"):
        out[("Z", cur, token[1:])] += 1
        return out
    if m := _REVEALED.fullmatch(token):  # a card revealed: its suit one way (hand records may leave it out) …
        out[("revealed", cur, m.group(2))] += int(m.group(1) or 1)
        special = "@" if "@" in m.group(3) else "dom" if m.group(3) == "dom" else ""
        if special:  # … and an ambush or a dominance card by name as well (the writer names them): ``B#@^`` is
            out[("revealed", cur, m.group(2) + special)] += int(m.group(1) or 1)  # also a ``B#^``
        return out
    if m := _HIRED.fullmatch(token):  # E.1.2: who gained the hireling and the control markers rolled
        out[("hired", m.group(1), m.group(2))] += 1
        if m.group(3):  # the markers may be left out ("If omitted, it's not included"): compared one way
            out[("control markers", m.group(1), m.group(2), int(m.group(3)))] += 1
        return out
    if m := _SHOWN.fullmatch(token):  # 8.2.6 Outrage: no matching card, so the hand is shown to the Alliance
        out[("shown", m.group(1))] += 1
        return out
    if m := re.fullmatch(r"%([a-z])(\d+)->.*", token):  # 9.5.3 which item came from the ruin
        out[("ruin item", m.group(2), m.group(1))] += 1
        return out
    if m := _ITEM_TAKEN.fullmatch(token):  # 9.5.4: an item taken from a Crafted Items box after an Aid
        out[("item taken", m.group(3), m.group(4) or cur, m.group(2))] += int(m.group(1) or 1)
        return out
    if m := _ITEM_TRACK.fullmatch(token):  # an item exhausted (9.5), damaged (9.2.7), repaired or removed (9.6)
        n, who, item, start = int(m.group(1) or 1), m.group(3) or cur, m.group(2), m.group(4) + m.group(5)
        if m.group(6) == "r" and not start:
            # ``%r->r``, a hand record's refresh: not compared; the writer's ``%re->r``, ``%rde->r`` say which item
            # was refreshed where 9.4.1 lets the Vagabond pick (more exhausted items than refreshes) and are
            return out
        out[("item", who, item, m.group(6))] += n
        # where it started, in every form the spec allows (``%hde->`` is also ``%hd->`` and ``%he->``): a record
        # saying less still finds its form among the engine's
        for form in {start, m.group(4), m.group(5)} - {""}:
            out[("item", who, item, m.group(6), form)] += n
        return out
    if m := _TAKEN.fullmatch(token):  # a card unseen from one hand into another (Steal, Stand and Deliver!, Aid)
        out[("to hand", m.group(2), m.group(3))] += int(m.group(1) or 1)
        return out
    if m := _DRAWN.fullmatch(token):  # cards drawn from the deck into hands (a hand record may leave them out)
        for who in m.group(2).split("+"):
            out[("drawn", who)] += int(m.group(1) or 1)
        return out
    if m := _MOVED.fullmatch(token):  # how many pieces moved, also when moves cancel out (w11->12/w12->11)
        out[("moved", m.group(2) or m.group(3) or cur)] += int(m.group(1) or 1) if m.group(3) is None else 1
        return out
    if "->" in token and "#" in token:
        left, right = token.split("->", 1)
        _card_keys(left, right, cur, out)
        if (m := _SUPPORTER.fullmatch(left)) and (right == "A$" or (right == "$" and cur == "A")):
            # 8.2.6, 8.3.4, 8.5.2: a supporter goes face down — from whose hand, or from the deck, is compared
            out[("supporter", m.group(2) or "<deck>")] += int(m.group(1) or 1)
    return out


def signature(t: rl.Tally) -> Counter:
    """What of a tally the check compares: pieces (map and boards), points, board cards, ruins, paths."""
    out: Counter = Counter()
    for where, c in t.pieces.items():
        for k, n in c.items():
            if n:
                out[("p", where, k)] += n
    for where, c in t.cards.items():
        if "$" in where:
            for k, n in c.items():
                if n:
                    out[("c", where, k)] += n
    for f, v in t.vp.items():
        if v:
            out[("vp", f)] += v
    for where, n in t.ruins.items():
        if n:
            out[("ruin", where)] += n
    for p in t.closed:
        out[("closed", p)] += 1
    return out


class _Over:
    """``Tally.pieces`` or ``Tally.cards`` over a base left as it is: an entry is copied from the base when it is
    first looked up for a change (:meth:`setdefault`, the only way a :class:`rootlog.Tally` changes a count)."""

    __slots__ = ("base", "own")

    def __init__(self, base: dict[str, Counter]) -> None:
        self.base = base
        self.own: dict[str, Counter] = {}

    def setdefault(self, k: str, default: Counter) -> Counter:
        c = self.own.get(k)
        if c is None:
            b = self.base.get(k)
            c = self.own[k] = Counter(b) if b is not None else default
        return c

    def get(self, k: str, default: Any = None) -> Any:
        c = self.own.get(k)
        return c if c is not None else self.base.get(k, default)

    def __setitem__(self, k: str, v: Counter) -> None:
        self.own[k] = v

    def __contains__(self, k: str) -> bool:
        return k in self.own or k in self.base

    def __iter__(self) -> Any:
        yield from self.own
        yield from (k for k in self.base if k not in self.own)

    def items(self) -> Any:
        return ((k, self.get(k)) for k in self)

    def changes(self, key: str, out: Counter, only: str = "") -> None:
        """Add to ``out`` how the counts changed from the base, as :func:`signature` keys ``(key, where, what)``
        (only at places whose name contains ``only``)."""
        for where, c in self.own.items():
            if only not in where:
                continue
            b = self.base.get(where) or {}
            for k in c.keys() | b.keys():
                d = c.get(k, 0) - b.get(k, 0)
                if d:
                    out[(key, where, k)] += d


def copy_tally(t: rl.Tally) -> rl.Tally:
    return rl.Tally(pieces={k: Counter(v) for k, v in t.pieces.items()},
                    cards={k: Counter(v) for k, v in t.cards.items()}, vp=Counter(t.vp), ruins=dict(t.ruins),
                    closed=set(t.closed), strict=False)


def follow(t: rl.Tally, tokens: list[str], cur: str) -> Counter:
    """Follow ``tokens`` on ``t`` (changed in place); returns the keys :func:`token_keys` adds."""
    r = rl._Replayer(t)
    r.cur = cur
    keys: Counter = Counter()
    for a in tokens:
        if a.startswith("<turn "):
            keys[("turn", a[6:-1])] += 1
            r.cur = cur = a[6:-1]
            continue
        a = re.sub(r"^(\d*[BFMR]?)#[a-z]+Q->", r"\1#Q->", a)  # quests (9.5.5): often written by suit only
        keys.update(token_keys(a, cur))
        r.action(a)
    return keys


def delta(base: Counter, now: Counter) -> Counter:
    out = Counter(now)
    out.subtract(base)
    return Counter({k: v for k, v in out.items() if v})


def _optional(eff: Counter) -> Counter:
    """Takes out of ``eff`` (in place) the effects a record may or may not show, returned as the keys they stand
    for: the Duchy's revealed birds discarded in Evening (12.6.1)."""
    opt = Counter({k[1:]: v for k, v in eff.items() if k[0] == "optional"})
    for k in [k for k in eff if k[0] == "optional"]:
        del eff[k]
    return opt


def _nonzero(c: Counter) -> Counter:
    return Counter({k: v for k, v in c.items() if v})


def split_items(c: Counter) -> tuple[Counter, Counter]:
    """The effects compared exactly, and those compared one way: the items turned, damaged, repaired or removed
    (``("item", …)`` keys) and hands shown for Outrage (``("shown", …)``).

    These are compared one way only: what the record shows of them must be among what the engine did (hand
    records often leave out an exhausted boot, a damaged item or a shown hand), so the engine's changes the
    record has not shown yet are carried as a credit that a later ``%…`` or ``^`` action of the record may
    use."""
    plain, items = Counter(), Counter()
    for k, v in c.items():
        (items if k[0] in ONE_WAY else plain)[k] = v
    return plain, items


def shown(want: Counter, have: Counter) -> bool:
    """Every item change ``want`` shows is in ``have``."""
    return all(have.get(k, 0) >= v for k, v in want.items())


def _overlap(c: Counter, d: Counter | None) -> int:
    """How much of the changes ``d`` the changes ``c`` have made (as many of each, in the same direction)."""
    if not d:
        return 0
    n = 0
    for k, v in c.items():
        w = d.get(k, 0)
        if v * w > 0:
            n += min(abs(v), abs(w))
    return n


def toward(c: Counter, d: Counter) -> bool:
    """Every change in ``c`` goes the same way as in ``d`` and no further."""
    for k, v in c.items():
        w = d.get(k, 0)
        if (v > 0 and not 0 < v <= w) or (v < 0 and not w <= v < 0):
            return False
    return True


# == engine events to Rootlog tokens ===============================================================
class _Events:
    """The engine's public events since a point, written as Rootlog tokens (the writer of ``rootlog.write``)
    plus turn starts and ambush cards as keys of their own."""

    def __init__(self, st: Any) -> None:
        self.w = rl._Writer(st.map, list(st.seats))
        self.w.in_setup = False

    def tokens(self, events: list, current: str, commit: bool = False) -> tuple[list[str], Counter, str]:
        """Tokens of ``events`` for the faction whose turn (or setup) it is; returns the tokens, extra keys
        and the current letter at the end. The writer remembers pawns, the aided player and Outrage payers
        only for events ``commit``-ted (those the check accepted)."""
        w = self.w
        kept = (dict(w.pawn), w.aided, w.outrage)
        try:
            return self._tokens(events, current)
        finally:
            if not commit:
                w.pawn, w.aided, w.outrage = kept

    def _tokens(self, events: list, current: str) -> tuple[list[str], Counter, str]:
        w = self.w
        w.current = current
        w.tokens, w.removed, w.battle_at = [], [], -1
        out: list[str] = []
        keys: Counter = Counter()
        cur = rl.LETTER.get(current, "")
        for ev in events:
            if ev.seats is not None or ev.args.get("faction") in rl._DRAFTING:
                continue  # private, or a seat not named yet in the draft (A.8.2; the writer leaves them out)
            if ev.kind == "turn_start":
                out += [t for t in w.tokens if t]
                w.tokens, w.removed, w.battle_at = [], [], -1
                w.current = ev.args["faction"]
                cur = rl.LETTER[w.current]
                out.append(f"<turn {cur}>")
                continue
            if ev.kind == "discard" and ev.rule == "12.6.1":
                # the Duchy's revealed birds: hand records write neither their return nor this discard, the writer
                # writes the discard (``B#D->``): matched with the record's or without (:func:`_optional`)
                for k, v in token_keys(f"{rl._card(ev.args['card'])}{rl.LETTER['duchy']}->", cur).items():
                    keys[("optional", *k)] += v
                continue
            if ev.kind in ("ambush", "foil"):
                keys[("@", rl.LETTER[ev.args["faction"]], rl._suit(ev.args["card"]))] += 1
                continue
            handler = getattr(w, f"on_{ev.kind}", None)
            if handler is not None:
                handler(ev.args, ev.rule)
        out += [t for t in w.tokens if t]
        return out, keys, cur


def _since(st: Any, n: int) -> list:
    """The events logged after the first ``n`` (walking the shared log chain from its end)."""
    out = []
    node = st.log_chain._tail
    for _ in range(len(st.log_chain) - n):
        out.append(node[0])
        node = node[1]
    out.reverse()
    return out


# == lazy determinization ==========================================================================
#: the spec's item letters back to the engine's items
ITEM_OF_LETTER = {v: k for k, v in rl.ITEM.items()}


@dataclass(frozen=True)
class Need:
    """A card the record shows leaving (or shown from) a hidden place: a hand, or the Alliance's supporters."""

    where: str  # faction letter, or ``A$`` for the supporters
    suit: str = ""  # B F M R, "" for any
    name: str = ""  # the spec's name of the card (``@``, ``dom``, ``emi``, ``favor`` …), "" for any
    item: str = ""  # a card that crafts this item (``hammer``)
    by: str = ""  # for a quest (``where`` ``Q``): the Vagabond who completes it
    #: shown after the hand drew: kept if the hand holds it already, not swapped in yet (see ``Checker.wanted``)
    later: bool = False

    def fits(self, card: Any) -> bool:
        if self.suit and rl.SUIT.get(card.suit) != self.suit:
            return False
        if self.name and rl._name(card.key) != self.name:
            return False
        return not self.item or card.item == self.item


#: the name of a :class:`Need` that says a hand holds no card of the suit (nor a bird)
LACKS = "!"
_NEED_CARD = re.compile(r"^(\d*)([BFMR])#([a-z@]*?)([A-Z]?\$?)$")


def needs(token: str, cur: str) -> list[Need]:
    """The hidden cards one action shows: cards spent, discarded, given face up, revealed or crafted from a
    hand, ambush cards in a battle, supporters spent."""
    out: list[Need] = []
    if m := rl._BATTLE.match(token):
        att, dfn = m.group(1) or cur, m.group(2)
        for who, suit in zip((dfn, att), re.findall(r"([BFMR]?)@", m.group(4)), strict=False):
            out.append(Need(who, suit, "@"))
        return out
    if m := re.fullmatch(r"%([a-z])(\d+)->.*", token):  # 9.5.3 an item taken from the ruin in a clearing
        return [Need(f"R{m.group(2)}", item=ITEM_OF_LETTER.get(m.group(1), ""))]
    if token.startswith("Z"):
        what = token[1:]
        if what.startswith("%"):
            out.append(Need(cur, item=ITEM_OF_LETTER.get(what[1:2], "")))
        elif m := re.fullmatch(r"([fmr])(favor|part)", what):
            out.append(Need(cur, m.group(1).upper(), m.group(2)))
        else:
            out.append(Need(cur, name=what))
        return out
    sep = "->" if "->" in token else "^" if "^" in token else ""
    if not sep or "#" not in token:
        return out
    left = token.split(sep, 1)[0]
    groups: list[tuple[int, str, str, str]] = []
    g = _GROUP_CARDS.match(left)
    if g:
        for p in g.group(1).split("+"):
            mm = re.fullmatch(r"(\d*)([BFMR])#?", p)
            if mm:
                groups.append((int(mm.group(1) or 1), mm.group(2), "", g.group(2)))
    else:
        for p in left.split("+"):
            mm = _NEED_CARD.match(p)
            if mm:
                groups.append((int(mm.group(1) or 1), mm.group(2), mm.group(3), mm.group(4)))
    for n, suit, name, src in groups:
        if src == "Q":  # 9.5.5 a quest completed: one of that suit was face up
            out += [Need("Q", suit, name, by=cur)] * n
            continue
        if not src and sep == "->" and not token.split("->", 1)[1]:
            continue  # ``R#->``: from the deck (8.2.3.I), not from a hand
        if not src and name == "dom":  # ``M#dom->C``: a dominance card taken from beside the map (3.3.3)
            out += [Need("avail", suit, "dom")] * n
            continue
        if src in ("", "$") or re.fullmatch(r"[A-Z]\$?", src):
            where = (src or cur).rstrip("$") if not src.endswith("$") else (src[:-1] or cur) + "$"
            if where.endswith("$") and where != "A$":
                continue  # a card on a faction board is public
            out += [Need(where, suit, name.replace("@", "@"))] * n
    return out


def _special(card: Any) -> bool:
    """An ambush or a dominance card: Rootlog's writer names them where a card is shown face up."""
    return rl._name(card.key) in ("@", "dom")


class Hidden:
    """Makes the engine's hidden cards agree with what the record shows, swapping unseen cards.

    Only the cards the record shows in the stretch ahead are held fixed: a card shown earlier has left its
    hidden place by then (spent, discarded, given, crafted), so the rest of every hidden place is unseen."""

    def __init__(self) -> None:
        #: cards the record has shown by name or by the item they craft, with how it showed them
        self.named: dict[int, Need] = {}

    def place(self, st: Any, where: str) -> list[int] | None:
        if where == "A$":
            return st.fdata["alliance"].get("supporters") if "alliance" in st.seats else None
        f = rl.FACTION_OF_LETTER.get(where)
        return st.hands.get(f) if f in st.seats else None

    def pool(self, st: Any, but: str) -> list[list[int]]:
        return [cards for _, cards in self.places(st, but)]

    def places(self, st: Any, but: str) -> list[tuple[str, list[int]]]:
        """The unseen places but ``but``: the deck (``""``), hidden hands (by letter), the supporters (``A$``)."""
        out = [("", st.deck)]
        for f in st.seats:
            # (a seat not named yet in the draft: A.8.2)
            if rl.LETTER.get(f, f) != but and f not in st.hooks.public_hands:
                out.append((rl.LETTER.get(f, f), st.hands[f]))
        if but != "A$" and "alliance" in st.seats and "supporters" in st.fdata["alliance"]:
            out.append(("A$", st.fdata["alliance"]["supporters"]))
        return out

    def ensure(self, st: Any, wanted: list[Need]) -> bool:
        """Swap unseen cards so that each hidden place holds what ``wanted`` shows; True if any moved."""
        # 2.1: a card shown by name that a reshuffle took back into the deck is unseen again
        if self.named:
            deck = set(st.deck)
            self.named = {c: nd for c, nd in self.named.items() if c not in deck}
        swapped = False
        used: set[int] = set()  # cards the stretch ahead shows: never traded away
        nds = sorted((n for n in wanted if n.name != LACKS and not n.later),
                     key=lambda n: (n.where in ("Q", "avail") or n.where.startswith("R"), not n.name, not n.item,
                                    not n.suit))
        later = [n for n in wanted if n.later and n.name != LACKS]
        for nd in nds:
            if later and (nd.where in ("Q", "avail") or nd.where.startswith("R")):
                # the cards a hand shows after it drew stay where they are if it holds them (never traded away
                # by what comes before; the face-up quests, ruins and dominance cards come after the hands)
                for ld in later:
                    place = self.place(st, ld.where) or []
                    have = next((c for c in place if c not in used and ld.fits(st.card(c))), None)
                    if have is not None:
                        used.add(have)
                later = []
            if nd.where == "Q":
                swapped = self.quest(st, nd, used) or swapped
                continue
            if nd.where == "avail":
                swapped = self.dominance(st, nd, used) or swapped
                continue
            if nd.where.startswith("R"):
                swapped = self.ruin(st, int(nd.where[1:]) - 1, nd.item) or swapped
                continue
            place = self.place(st, nd.where)
            if place is None:
                continue
            # a card shown by suit alone is a plain one if that can be: the writer names an ambush or a dominance
            # card shown face up (a dominance card does not go to the discard pile, 3.3.3)
            ways = [nd.fits] if nd.name or nd.item else [lambda card, nd=nd: nd.fits(card) and not _special(card),
                                                         nd.fits]
            done = False
            for fits in ways:
                have = next((c for c in place if c not in used and fits(st.card(c))), None)
                if have is not None:
                    used.add(have)
                    if nd.name or nd.item:
                        self.named[have] = nd
                    done = True
                    break
                spare = [i for i, c in enumerate(place) if c not in used]
                if not spare:
                    break  # nothing unseen to trade: the search will report the action
                # trade away a card no other need of this place could use, if there is one
                rest = [n for n in nds if n.where == nd.where and n is not nd]
                spare.sort(key=lambda i: any(n.fits(st.card(place[i])) for n in rest))
                for other in self.pool(st, nd.where):
                    k = next((k for k, c in enumerate(other) if c not in used and fits(st.card(c))), None)
                    if k is not None:
                        i = spare[0]
                        place[i], other[k] = other[k], place[i]
                        used.add(place[i])
                        if nd.name or nd.item:
                            self.named[place[i]] = nd
                        swapped = done = True
                        break
                if done:
                    break
            if not done:
                spare = [i for i, c in enumerate(place) if c not in used]
                if spare:
                    swapped = self.from_discard(st, nd, place, spare[0], used) or swapped
        lacks = [nd for nd in wanted if nd.name == LACKS]
        for nd in lacks:
            swapped = self.lack(st, nd, used, lacks) or swapped
        return swapped

    def lack(self, st: Any, nd: Need, used: set[int], lacks: list[Need]) -> bool:
        """8.2.6: a hand shown for Outrage holds no card of the clearing's suit nor a bird (2.1.1, birds are
        wild); each such card is traded for an unseen card of another suit — never into another hand that the
        stretch shows without that suit (``lacks``)."""
        place = self.place(st, nd.where)
        if place is None:
            return False
        bad = {"B"} | {n.suit for n in lacks if n.where == nd.where}  # every suit the stretch shows it lacks
        swapped = False
        for i, c in enumerate(place):
            suit = rl.SUIT.get(st.card(c).suit)
            if c in used or suit not in bad:
                continue
            for where, other in self.places(st, nd.where):
                if any(n.where == where and suit in (n.suit, "B") for n in lacks):
                    continue
                k = next((k for k, y in enumerate(other) if y not in used and y not in self.named
                          and rl.SUIT.get(st.card(y).suit) not in bad), None)
                if k is not None:
                    place[i], other[k] = other[k], place[i]
                    swapped = True
                    break
        return swapped

    def quest(self, st: Any, nd: Need, used: set[int]) -> bool:
        """9.3.3: the face-up quests drawn by the engine are not in the record (it shows a quest only when it
        is completed), so a quest of the suit shown is swapped up from the quest deck — one asking for items
        the Vagabond has, if there is one."""
        qs = quests()

        def fits(q: int) -> bool:
            return (q + 1000 not in used and rl.SUIT.get(qs[q].suit) == nd.suit
                    and (not nd.name or rl._name(qs[q].key) == nd.name))

        vag = st.fdata.get(rl.FACTION_OF_LETTER.get(nd.by, ""), {})
        items = Counter(i.split(":")[0].removeprefix("R-") for i in vag.get("items", []))

        def doable(q: int) -> bool:
            return not Counter(qs[q].items) - items

        have = sorted((q for q in st.quests_up if fits(q)), key=lambda q: not doable(q))
        ks = sorted((k for k, q in enumerate(st.quest_deck) if fits(q)), key=lambda k: not doable(st.quest_deck[k]))
        if have and (doable(have[0]) or not ks or not doable(st.quest_deck[ks[0]])):
            used.add(have[0] + 1000)
            return False
        spare = sorted((i for i, q in enumerate(st.quests_up) if q + 1000 not in used),
                       key=lambda i: not fits(st.quests_up[i]))  # trade a quest of that suit first
        if not spare or not ks:
            return False
        i, k = spare[0], ks[0]
        st.quests_up[i], st.quest_deck[k] = st.quest_deck[k], st.quests_up[i]
        used.add(st.quests_up[i] + 1000)
        return True

    def ruin(self, st: Any, c: int, item: str) -> bool:
        """9.3.4: items under ruins are face down; the record shows one when it is taken (``%s10->$``), so it
        is swapped with an item under another ruin no Vagabond has looked at (9.7.3)."""
        seen = {r for f in st.seats if f.startswith("vagabond") for r in st.fdata[f].get("ruins_seen", [])}
        under = st.ruin_items.get(str(c), "").split(",")
        item = f"R-{item}"  # an item from a ruin keeps its mark (9.7.3)
        if item == "R-" or item in under or c in seen or not under[0]:
            return False
        for other, raw in st.ruin_items.items():
            there = raw.split(",")
            if int(other) != c and int(other) not in seen and item in there:
                k = there.index(item)
                there[k], under[0] = under[0], item
                st.ruin_items[other], st.ruin_items[str(c)] = ",".join(there), ",".join(under)
                return True
        return False

    def dominance(self, st: Any, nd: Need, used: set[int]) -> bool:
        """3.3.3: a dominance card taken must lie beside the map. If the engine's does not, a card the record
        showed only by suit went to the discard pile (from a Decree, say) where the record's game had that
        dominance card — which would have gone beside the map instead: the two are exchanged."""
        if any(nd.fits(st.card(c)) for c in st.available):
            return False
        for other in self.pool(st, ""):
            k = next((k for k, c in enumerate(other) if c not in used and nd.fits(st.card(c))), None)
            if k is None:
                continue
            suit = st.card(other[k]).suit
            d = next((d for d, c in enumerate(st.discard) if c not in self.named and st.card(c).suit == suit
                      and st.card(c).kind != "dominance"), None)
            if d is None:
                return False
            st.available.append(other[k])
            other[k] = st.discard.pop(d)
            return True
        return False

    def from_discard(self, st: Any, nd: Need, place: list[int], i: int, used: set[int]) -> bool:
        """The card needed lies in the discard pile or in the Eyrie's Decree (7.4.2), where the record showed only
        its suit, or only the item it crafted (``Z%t``: a Root Tea of any suit): any unseen card shown so agrees
        with the record as well, so that one goes there instead."""
        piles = [st.discard] + [cards for f in st.seats if f == "eyrie"
                                for k, cards in st.fdata[f].items() if k.startswith("decree_")]
        for pile, d, c in ((p, d, c) for p in piles for d, c in enumerate(p)):
            if c >= DECK_SIZE or not nd.fits(st.card(c)):  # a Loyal Vizier is no card of the deck (7.3.4)
                continue
            how = self.named.get(c)
            if how is not None and (how.name or not how.item):
                continue  # shown by name: no other card is that one
            card = st.card(c)

            def alike(y: int, how: Need | None = how, card: Any = card) -> bool:
                other = st.card(y)
                if _special(other) or other.kind == "dominance":
                    return False
                return other.item == how.item if how is not None else other.suit == card.suit

            for other in self.pool(st, nd.where):
                k = next((k for k, y in enumerate(other) if y not in used and y not in self.named and alike(y)),
                         None)
                if k is not None:
                    if how is not None:
                        self.named[other[k]] = self.named.pop(c)
                    pile[d], other[k], place[i] = other[k], place[i], c
                    used.add(c)
                    return True
        return False


def _can_go_on(st: Any) -> bool:
    """Whether a position with swapped cards still has a decision with options (or the game is over): a swap amid
    a decision that counted on the cards it traded away (a supporter the Alliance is paying with, 8.4.2.II) makes a
    position no game reaches, and the engine rightly refuses it."""
    try:
        return st.decision is None or bool(st.decision.options)
    except RuntimeError:
        return False


# == setting up from the record ====================================================================
@dataclass
class _Step:
    line: int
    letter: str  # the faction of the record line
    token: str  # one action, or ``<turn X>`` where a line begins a turn


def advanced(game: rl.RootlogGame) -> bool:
    """Appendix A: a record of the Advanced Setup — the spec's ADSET ``Landmarks:`` line, or setup lines that draw
    five cards (A.7, ``5#->C``) or put cards back (A.10, ``2#C->``). A ``Hirelings:`` line alone does not tell (hand
    records leave the draws out; a game may add hirelings to the Standard Setup, as the engine's tests do): its
    hirelings are then set up on the Standard Setup, each on the side the line names. Nor does ``Pool:``, which the
    spec also writes for a Standard Setup whose players draft from a limited pool of factions (the shared records)."""
    if "Landmarks" in game.header:
        return True
    n = len(game.players)
    return any(a == f"5#->{letter}" or re.fullmatch(rf"\d*#{letter}->", a)
               for letter, actions in game.turns[:n] for a in actions)


def hireling_sides(game: rl.RootlogGame) -> list[str]:
    """A.6: the hirelings of the ``Hirelings:`` line (``h_K, h_Pd, h_V``), each as the side in play (``d``: the
    demoted side, A.6 Step 2)."""
    line = game.header.get("Hirelings", "").split("/", 1)[0]
    out = []
    for part in (x.strip() for x in line.split(",") if x.strip()):
        m = re.fullmatch(r"h_([A-Z])(d?)", part)
        want = "demoted" if m and m.group(2) else "promoted"
        side = next((k for k, v in rl.HIRELING_LETTER.items() if m and v == m.group(1)
                     and hirelings.side_info(k)["side"] == want), None)
        if side is None:
            raise rl.RootlogError(f"Hirelings: unknown hireling {part!r} (the spec's h_<type>[d], e.g. h_Ed)")
        out.append(side)
    return out


def landmarks(game: rl.RootlogGame) -> list[tuple[str, int]]:
    """A.5.3: the landmarks of the ``Landmarks:`` line and their clearings (``market->1/treetop->5``)."""
    names = {v: k for k, v in rl.LANDMARK.items()} | {"f": "ferry"}
    out = []
    for part in (x.strip() for x in game.header.get("Landmarks", "").split("/") if x.strip()):
        m = re.fullmatch(r"([a-z]+)->(\d+)", part)
        if not m or m.group(1) not in names:
            raise rl.RootlogError(f"Landmarks: cannot read {part!r} (write <landmark>-><clearing>, market->1)")
        out.append((names[m.group(1)], int(m.group(2))))
    return out


def _force_landmarks(st: Any, marks: list[tuple[str, int]]) -> None:
    """A.5.3: the landmarks set up where the ``Landmarks:`` line puts them (public, and who set each up is not
    notated)."""
    while st.decision is not None and st.decision.kind == "setup.landmark":
        opt = next((o for o in st.decision.options
                    if (o.args["landmark"], o.args["clearing"]) in marks), None)
        if opt is None:
            raise rl.RootlogError("Landmarks: the engine cannot set up "
                                  + ", ".join(f"{rl.LANDMARK[m]}->{c}" for m, c in marks) + " there (A.5.3)")
        st.apply(opt.id)


def draft_pool(game: rl.RootlogGame) -> list[str]:
    """A.8.1: the setup cards of the ``Pool:`` line as the engine names them (``vagabond:<character>``, with the
    character the record's setup line of that Vagabond takes, A.8.1.III)."""
    chars = {letter: m.group(1) for letter, actions in game.turns[:len(game.players)] for a in actions
             if (m := re.fullmatch(r"#([a-z]+)->\$", a)) and m.group(1) in characters()}
    spare = sorted(set(characters()) - set(chars.values()))
    out = []
    for letter in game.header["Pool"].replace(" ", ""):
        f = rl.FACTION_OF_LETTER.get(letter)
        if f is None:
            raise rl.RootlogError(f"Pool: unknown faction {letter!r}")
        if f.startswith("vagabond"):
            out.append(f"vagabond:{chars.get(letter) or spare.pop(0)}")
        else:
            out.append(f)
    return out


def _deal_as_recorded(st: Any, game: rl.RootlogGame) -> None:
    """A.8.1: the setup cards dealt are those of the ``Pool:`` line (public), in its order: a last insurgent card
    is locked until a militant faction has been chosen (A.8.1.II)."""
    fr = next((f for f in reversed(st.stack) if f["k"] == "setup.draft"), None)
    if fr is None or fr.get("as_recorded"):
        return
    pool = draft_pool(game)
    fr["pool"], fr["as_recorded"] = pool, True
    fr["locked"] = "" if cards()[pool[-1].split(":")[0]]["militant"] else pool[-1]
    st._decision = None


#: 15.3.1, 15.3.3: a face-down relic placed in a forest at setup (``t_t->1_2_5_10``); 15.5.2.II.a one delved from a
#: forest into a clearing (``t_t1_2_5_10->1``), turned face up next (``t1^t_2_t``)
_RELIC_PLACED = re.compile(r"K?t_([ftj])->(\d+(?:_\d+)+)")
_RELIC_DELVED = re.compile(r"K?t_([ftj])(\d+(?:_\d+)+)->(\d+)")
RELIC_OF_LETTER = {v: k for k, v in rl.RELIC_LETTER.items()}


def _forest_of(board: Any, where: str) -> int | None:
    """The forest a Rootlog location names (the clearings around it, ``1_2_5_10``)."""
    around = sorted(int(c) - 1 for c in where.split("_"))
    return next((f for f, cl in enumerate(board.forests) if sorted(cl) == around), None)


def recorded_relics(game: rl.RootlogGame, board: Any) -> tuple[list[tuple[int, str]], list[tuple[int, str]]] | None:
    """15.3.1 and 15.3.3 as the Keepers' setup line places the relics: ``(forest, type)`` of the first relic in each
    forest, then of the remaining ones (the spec writes a relic face down by its type, ``t_t->1_2_5_10``)."""
    letter = rl.LETTER["keepers"]
    line = next((actions for f, actions in game.turns[:len(game.players)] if f == letter), None)
    if line is None:
        return None
    placed = []
    for a in line:
        if (m := _RELIC_PLACED.fullmatch(a)) and (f := _forest_of(board, m.group(2))) is not None:
            placed.append((f, RELIC_OF_LETTER[m.group(1)]))
    n = min(len(board.forests), len(placed))
    return placed[:n], placed[n:]


def _relics_as_recorded(st: Any, events: list, first: list[tuple[int, str]], rest: list[tuple[int, str]]) -> None:
    """15.3.1, 15.3.3: the engine places the relics face down at random; the check places them in the forests the
    record's setup line names, by type (their values are hidden, 15.2.1: those of the engine's relics of each type
    are dealt to them in order — :meth:`Checker.relic_reveals` makes a value agree once the record shows it). The
    events the engine logged are made to say the same. 15.3.3's forests must be ones the engine may choose: not
    next to the Keepers' warriors (if there are such forests) and as evenly filled. Where the record does not fit,
    nothing is changed (and the check stops there)."""
    placed = [e for e in events if e.kind == "relics_placed"]
    stage1 = next((e for e in placed if e.rule.endswith("15.3.1")), None)
    stage3 = next((e for e in placed if e.rule.endswith("15.3.3")), None)
    if stage1 is None and stage3 is None:
        return
    fd = kp.board(st)
    rel = list(fd["forest_relics"])
    pool = list(fd.get("relic_pool", ()))
    n = len(first)
    if len(rel) < n or (stage1 is not None and sorted(f for f, _ in first) != list(range(n))):
        return
    lo = 0 if stage1 is not None else n
    old = [e.split(":")[1] for e in rel[lo:]] + pool
    if stage3 is not None:
        if len(rest) != len(rel) - n:
            return
        nf = len(st.map.forests)
        near = {f for c in st.map.clearings() if st.warriors[c].get(kp.KEY, 0) for f in kp.forests_of(st, c)}
        far = [f for f in range(nf) if f not in near] or list(range(nf))
        before = Counter(int(e.split(":")[0]) for e in rel[:n])
        engine = before + Counter(int(e.split(":")[0]) for e in rel[n:])
        record = before + Counter(f for f, _ in rest)
        if any(f not in far for f, _ in rest) or sorted(engine[f] for f in range(nf)) != sorted(
                record[f] for f in range(nf)):
            return
    types = [t for _, t in first] if stage1 is not None else []
    if stage3 is not None:
        types += [t for _, t in rest]
    else:
        types += list((Counter(kp.relic_type(k) for k in old) - Counter(types)).elements())
    if Counter(types) != Counter(kp.relic_type(k) for k in old):
        return
    values = {t: sorted(kp.relic_value(k) for k in old if kp.relic_type(k) == t) for t in set(types)}
    kinds = [kp.relic_kind(t, values[t].pop(0)) for t in types]
    if stage1 is not None:
        rel[:n] = [kp.entry(f, k, False) for (f, _), k in zip(first, kinds, strict=False)]
        stage1.args["forests"] = [kp.forest_name(f) for f, _ in first]
        stage1.args["relics"] = [kp.shown(k, False) for k in kinds[:n]]
        kinds = kinds[n:]
    if stage3 is not None:
        rel[n:] = [kp.entry(f, k, False) for (f, _), k in zip(rest, kinds, strict=True)]
        stage3.args["forests"] = [kp.forest_name(f) for f, _ in rest]
        stage3.args["relics"] = [kp.shown(k, False) for k in kinds]
    else:
        fd["relic_pool"] = kinds
    fd["forest_relics"] = rel


def setup(game: rl.RootlogGame, seed: int = 0) -> tuple[Any, list[_Step]]:
    """The engine's game set up as the record says (map, deck, clearing suits, seating from the first round
    of turns, the two Vagabonds' setup order; the Advanced Setup's landmarks, hirelings and draft pool), and the
    record as one list of actions (the hirelings' setup first, A.6; then the factions' in the engine's setup order,
    5.1.7, or the draft's, A.8.2)."""
    import planszowki

    n = len(game.players)
    if len(game.turns) < n:
        raise rl.RootlogError("the record has fewer lines than factions (a setup line for each is needed)")
    setup_lines = list(range(n))
    order = [game.turns[i][0] for i in setup_lines]
    if sorted(order) != sorted(game.players):
        raise rl.RootlogError(f"line {game.lines[0]}: the first {n} lines must set up each faction once")
    seating = [game.turns[i][0] for i in range(n, min(2 * n, len(game.turns)))]
    if sorted(seating) != sorted(game.players):
        raise rl.RootlogError(f"line {game.lines[n]}: the first round of turns must have each faction once")
    for letter in seating:
        if letter not in rl.FACTION_OF_LETTER:
            raise rl.RootlogError(f"faction {letter!r} is not one the engine plays")
    players = [rl.FACTION_OF_LETTER[x] for x in seating]
    board = MAP_OF.get(game.header.get("Map", "Fall"))
    if board is None:
        raise rl.RootlogError(f"Map: unknown map {game.header.get('Map')!r}")
    options: dict[str, Any] = {"map": board, "deck": game.deck(), "seating": "fixed"}
    if game.suits() is not None:
        options["suits"] = game.suits()
    draft = False
    marks: list[tuple[str, int]] = []
    sides = hireling_sides(game) if "Hirelings" in game.header else []
    if advanced(game):  # Appendix A
        options["setup"] = "advanced"
        if sides:
            options["hirelings"] = sides
        if "Landmarks" in game.header:
            marks = landmarks(game)
            options["landmarks"], options["landmark_count"] = [m for m, _ in marks], len(marks)
        if "Pool" in game.header:  # A.8.1: the faction setup cards dealt (or the pool they are dealt from)
            draft = True
            pool = [rl.FACTION_OF_LETTER.get(x) for x in game.header["Pool"].replace(" ", "")]
            if None in pool or not set(players) <= set(pool):
                raise rl.RootlogError(f"Pool: {game.header['Pool']!r} must name the factions of the record (A.8.1)")
            options["factions"], options["draft_pool"] = "draft", list(dict.fromkeys(pool))
            players = [f"player{i + 1}" for i in range(n)]
    g = planszowki.load("root")
    want = [rl.FACTION_OF_LETTER[x] for x in order]
    on_standard = "Hirelings" in game.header and options.get("setup") != "advanced"
    if on_standard:
        options.pop("hirelings", None)
    try:
        # 9.7.1 which Vagabond sets up first, A.6 Step 2 which hirelings are demoted, A.8.1 the setup cards dealt:
        # a seed that agrees with the record
        for s in range(seed, seed + 400):
            st = g.new(s, players, options)
            _force_landmarks(st, marks)
            if sorted(st.fdata.get("hirelings", {}).get("cards", [])) != sorted(options.get("hirelings", [])):
                continue
            if draft or [f for f in st.factions if f.startswith("vagabond")] == [
                    f for f in want if f.startswith("vagabond")]:
                break
        else:
            raise rl.RootlogError("no deal of the engine agrees with the record: the hirelings demoted (A.6 Step 2) "
                                  "or which Vagabond sets up first (9.7.1)")
        if on_standard:  # the hirelings on the Standard Setup, their setup first (A.6 Step 3), each side as named
            hirelings.setup_hirelings(st, sides)
            st._settle()
    except UnsupportedSetup as e:
        raise rl.RootlogError(f"the engine cannot set this game up: {e}") from None
    st.rng = RecordedDice(st.rng.s)
    steps: list[_Step] = []
    first = seating[-1]  # A.6 Step 3: the last player in turn order sets up the first hireling
    steps += [_Step(game.lines[0], first, a) for a in rl.hireling_setup(game)]
    by_faction = {game.turns[i][0]: i for i in setup_lines}
    for letter in (reversed(seating) if draft else (rl.LETTER[f] for f in st.factions)):  # A.8.2 or 5.1.7
        i = by_faction[letter]
        steps += [_Step(game.lines[i], game.turns[i][0], a) for a in game.turns[i][1]]
    for i in range(n, len(game.turns)):
        letter, actions = game.turns[i]
        steps.append(_Step(game.lines[i], letter, f"<turn {letter}>"))
        steps += [_Step(game.lines[i], letter, a) for a in actions]
    return st, steps


# == the check =====================================================================================
class Checker:
    """Follows a record's actions on the engine; see the module docstring."""

    #: 15.3.1, 15.3.3: where the Keepers' setup line places the relics (:func:`recorded_relics`), if they play
    relics: tuple[list[tuple[int, str]], list[tuple[int, str]]] | None = None

    def __init__(self, game: rl.RootlogGame, seed: int = 0, depth: int = DEPTH, budget: int = BUDGET) -> None:
        self.game = game
        self.st, self.steps = setup(game, seed)
        self.depth, self.budget = depth, budget
        board = self.st.map
        self.tally = rl.replay(rl.RootlogGame(), board)  # ruins, the Ferry, closed paths; nothing else yet
        # 9.7.1; 14.3.2 and the Brigand's setup (Appendix E): one set of items as if one Vagabond played
        vag = sum(1 for f in game.players if f in ("V", "G")) or (1 if "H" in game.players or rl.brigand(game) else 0)
        for c in list(self.tally.ruins):
            self.tally.ruins[c] = vag
        self.tally.strict = False
        self.events = _Events(self.st)
        self.draft = "Pool" in game.header and advanced(game)  # A.8.1–A.8.2: the factions are drafted
        n = len(game.players)
        self.seating = [letter for letter, _ in game.turns[n:2 * n]]  # the first round of turns
        # what the engine did before the first decision the record is matched to (A.5.3 the landmarks, set up as
        # the ``Landmarks:`` line says: the Ferry lifted from its corner, ``f1->``, and set up, ``f->4``): followed on
        # the tally, and the same actions of the record's setup lines are done
        # 15.3.1, 15.3.3: the relics in the forests the Keepers' setup line names (:func:`_relics_as_recorded`)
        self.relics = recorded_relics(game, board) if rl.LETTER["keepers"] in game.players else None
        if self.relics is not None:
            _relics_as_recorded(self.st, _since(self.st, 0), *self.relics)
        done, _, _ = self.events.tokens(_since(self.st, 0), "", commit=True)
        follow(self.tally, done, "")
        for tok in done:
            k = next((k for k, x in enumerate(self.steps) if x.token == tok), None)
            if k is not None and not any(x.token.startswith("<turn ") for x in self.steps[:k]):
                del self.steps[k]
        self.i = 0
        self.current = ""
        self.reached = -1  # the last of the record's actions the latest search saw done …
        self.reached_at: Any = self.st  # … and the first position that had done it
        self.playing = False  # a turn has begun (setup is over)
        self.chosen: list[str] = []  # every option applied, in order
        # item changes, shown hands and draws the engine made that the record has not shown yet: to begin with,
        # the opening hands (5.1.3), dealt before any decision, until the first turn begins
        self.credit: Counter = Counter({("drawn", rl.LETTER[f]): len(h) for f, h in self.st.hands.items()
                                        if h and f in rl.LETTER})
        self.deeper_left = DEEPER_SEARCHES
        self.hidden = Hidden()

    def wanted(self) -> list[Need]:
        """The hidden cards the stretch ahead shows (:func:`needs`). A supporter shown leaving (``R#A$->``) after
        cards were put among the supporters face down in the stretch (``#C->A$``) may be one of those: as many
        of them are not asked of the supporters beforehand."""
        out: list[Need] = []
        added = 0
        refilled: set[str] = set()  # hands that draw or take a card in the stretch (see below)
        beside: Counter = Counter()  # dominance cards the stretch discards beside the map (3.3.3), by suit
        # 12.6.1: the Duchy's revealed birds are discarded in Evening from among the revealed cards, not the hand
        birds = sum(1 for c in self.st.fdata.get("duchy", {}).get("revealed", []) if self.st.card(c).suit == "bird")
        for s in self.steps[self.i:self.i + 16]:
            if s.letter == "D" and (m := _REVEALED.fullmatch(s.token)) and m.group(2) == "B":
                birds += int(m.group(1) or 1)
            for nd in needs(s.token, s.letter):
                if birds and nd.where == "D" and nd.suit == "B" and s.token.endswith("D->"):
                    birds -= 1
                    continue
                if nd.where == "A$" and added and not nd.name:
                    added -= 1
                    continue
                if nd.where == "avail" and beside[nd.suit]:
                    beside[nd.suit] -= 1  # taken after the stretch discarded it: that card
                    continue
                if nd.where in refilled:
                    # a card shown after the hand drew (``2#->A`` … ``XA11B@``) may be one it drew: it is asked
                    # of the hand once the draw is done, not now, when the hand may have no room for every card
                    nd = Need(nd.where, nd.suit, nd.name, nd.item, nd.by, later=True)
                out.append(nd)
            if "->" in s.token and "#" in s.token:
                keys = token_keys(s.token, s.letter)
                added += sum(v for k, v in keys.items() if k[0] == "supporter")
                refilled.update(k[1] for k in keys if k[0] == "drawn")
                refilled.update(k[2] for k in keys if k[0] == "to hand")
                for k, v in keys.items():
                    if k[0] == "card" and k[3] == "<beside the map>":
                        beside[k[1].removesuffix("dom")] += v
        return out

    def shown_hands(self) -> list[Need]:
        """8.2.6: a hand the record shows to the Alliance (``C^A``) in the stretch ahead holds no card matching
        the clearing of the Outrage — the clearing the action before it moved into or removed sympathy from; a
        hand that pays a card face down (``#C->A$``) holds one of that suit. 8.2.4: when a base is removed
        (``Ab_f8->``), the supporters the record shows discarded are all those of its suit and birds."""
        out = []
        for k in range(self.i, min(len(self.steps), self.i + 16)):
            if (b := _BASE_REMOVED.fullmatch(self.steps[k].token)) and (b.group(1) or self.steps[k].letter) == "A":
                out.append(Need("A$", b.group(2).upper(), LACKS))  # 8.2.4: the supporters discarded are all of them
                continue
            m = _SHOWN.fullmatch(self.steps[k].token) or _PAID.fullmatch(self.steps[k].token)
            if not m or m.group(1) == "A" or (m.re is _PAID and not m.group(2) and self.steps[k].letter != "A"):
                continue  # ``#E->$`` in the Alliance's own turn: to its supporters
            paid = "->" in self.steps[k].token
            for b in range(k - 1, max(-1, k - 16), -1):
                tok = self.steps[b].token
                if self.steps[b].line != self.steps[k].line:
                    break
                left, _, right = tok.partition("->")
                at = re.fullmatch(r"(\d+)", right) or (not right and re.search(r"(\d+)$", left))
                if at and 1 <= int(at.group(1)) <= len(self.st.suits):
                    suit = rl.SUIT.get(self.st.suits[int(at.group(1)) - 1], "")
                    out.append(Need(m.group(1), suit, "" if paid else LACKS))
                    break
        return out

    def relic_reveals(self) -> None:
        """15.5.2.II.a: a relic delved from a forest face down is turned face up (``t_f1_2_5_10->5/t5^t_2_f``). Its
        value was hidden (15.2.1), so the engine's face-down relic of that type in that forest is given the record's
        value — swapped with a face-down relic of the same type elsewhere (a forest, or those waiting for 15.3.3)
        that has it, as no one has seen either. Relics shown earlier are face up and never swapped."""
        if "forest_relics" not in self.st.fdata.get(kp.KEY, {}):
            return
        st = None
        pinned: set[int] = set()
        for k in range(self.i, min(len(self.steps), self.i + 16)):
            m = rl._RELIC_FLIP.fullmatch(self.steps[k].token)
            if not m or (m.group(1) or self.steps[k].letter) != rl.LETTER[kp.KEY]:
                continue
            rtype, value = RELIC_OF_LETTER[m.group(4)], int(m.group(3))
            forest = None
            for b in range(k - 1, max(-1, k - 4), -1):  # the delve just before, into that clearing
                d = _RELIC_DELVED.fullmatch(self.steps[b].token)
                if self.steps[b].line == self.steps[k].line and d and d.group(3) == m.group(2) and (
                        RELIC_OF_LETTER[d.group(1)] == rtype):
                    forest = _forest_of(self.st.map, d.group(2))
                    break
            if forest is None:
                continue
            if st is None:
                st = self.st.copy()
            fd = kp.board(st)
            rel = fd["forest_relics"] = list(fd["forest_relics"])
            pool = fd["relic_pool"] = list(fd.get("relic_pool", ()))
            # take_from_forest takes the first face-down relic of the type in that forest not delved before it
            at = next((x for x, e in enumerate(rel) if x not in pinned and e == kp.entry(
                forest, e.split(":")[1], False) and kp.relic_type(e.split(":")[1]) == rtype), None)
            if at is None:
                continue
            pinned.add(at)
            want = kp.relic_kind(rtype, value)
            if rel[at].split(":")[1] == want:
                continue
            have = rel[at].split(":")[1]
            other = next((x for x, e in enumerate(rel) if x not in pinned and e.endswith(":d")
                          and e.split(":")[1] == want), None)
            if other is not None:
                rel[other] = kp.entry(int(rel[other].split(":")[0]), have, False)
                rel[at] = kp.entry(forest, want, False)
            elif want in pool:
                pool[pool.index(want)] = have
                rel[at] = kp.entry(forest, want, False)
            if not pool and "relic_pool" not in self.st.fdata[kp.KEY]:
                del fd["relic_pool"]
        if st is not None:
            st._decision = None
            if _can_go_on(st):
                self.st = st

    # -- targets -----------------------------------------------------------------------------------
    def targets(self) -> list[tuple[int, Counter]]:
        """``(j, effects of steps i..j)`` for the next stretch of the record."""
        base = signature(self.tally)
        t = copy_tally(self.tally)
        keys: Counter = Counter()
        out = []
        # a setup line can be longer (the Keepers' twelve relics, 15.3, placed with their warriors in one decision)
        span = 16 if self.playing else 40
        for j in range(self.i, min(len(self.steps), self.i + span)):
            s = self.steps[j]
            try:
                keys.update(follow(t, [s.token], s.letter))
            except rl.RootlogError as e:
                raise rl.RootlogError(f"line {s.line}: {e}") from None
            d = delta(base, signature(t))
            d.update(keys)
            out.append((j, _nonzero(d)))
        return out

    def effects(self, st: Any, n0: int) -> Counter:
        """What the engine's events since ``n0`` change, as :func:`signature` and :func:`token_keys` keys (the
        tally's counts are copied only where the events change them)."""
        toks, extra, _ = self.events.tokens(_since(st, n0), self.current)
        base = self.tally
        t = rl.Tally(pieces=_Over(base.pieces), cards=_Over(base.cards), vp=Counter(base.vp),  # type: ignore[arg-type]
                     ruins=dict(base.ruins), closed=set(base.closed), strict=False)
        d = follow(t, toks, rl.LETTER.get(self.current, ""))
        t.pieces.changes("p", d)
        t.cards.changes("c", d, "$")
        for f in t.vp.keys() | base.vp.keys():
            if t.vp[f] != base.vp[f]:
                d[("vp", f)] += t.vp[f] - base.vp[f]
        for where in t.ruins.keys() | base.ruins.keys():
            if t.ruins.get(where, 0) != base.ruins.get(where, 0):
                d[("ruin", where)] += t.ruins.get(where, 0) - base.ruins.get(where, 0)
        for p in t.closed ^ base.closed:
            d[("closed", p)] += 1 if p in t.closed else -1
        d.update(extra)
        return _nonzero(d)

    def children(self, st: Any, opt: Any) -> list[tuple[Any, str]]:
        """The positions ``opt`` leads to: one, or one per outcome of the dice it rolls — a battle's roll (4.3.2,
        the lowest first), the mob die (14.4.1), a hireling's die (the control die, E.1.2; the Spring Uprising's) —
        each die tried as the engine asks for it. Outcomes that leave the same public events (two faces of the
        control die giving as many markers) are kept once, but a battle's rolls (their hits may differ only in
        what the record leaves unshown)."""
        out: list[tuple[Any, str]] = []
        seen: set = set()
        queue: list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = [((), (), ())]
        n0 = len(st.log_chain)
        while queue:
            dice, mob, hire = queue.pop(0)
            c = st.copy()
            c.rng.armed, c.rng.dice, c.rng.mob, c.rng.hire = True, list(dice), list(mob), list(hire)
            try:
                c.apply(opt.id)
            except NeedDice as need:
                if need.kind == "battle":
                    queue += [((*dice, *r), mob, hire) for r in ROLLS]
                elif need.kind == "mob":
                    queue += [(dice, (*mob, m), hire) for m in range(need.n)]
                else:
                    queue += [(dice, mob, (*hire, h)) for h in range(need.n)]
                continue
            c.rng.armed = False
            if self.relics is not None and not self.playing:  # 15.3.1, 15.3.3: the relics where the record has them
                _relics_as_recorded(c, _since(c, n0), *self.relics)
            if not dice and not mob and not hire:
                return [(c, opt.id)]
            if not dice:
                key = tuple((e.kind, repr(e.args)) for e in _since(c, n0) if e.seats is None)
                if key in seen:
                    continue
                seen.add(key)
            label = "".join(f" [dice {dice[k]} {dice[k + 1]}]" for k in range(0, len(dice), 2)) + "".join(
                f" [mob die {m}]" for m in mob) + "".join(f" [hireling die {h}]" for h in hire)
            out.append((c, f"{opt.id}{label}"))
        return out

    def search(self, targets: list[tuple[int, Counter]], frontier: list[tuple[Any, list[str]]] | None = None,
               start: int = 0) -> tuple[list[tuple[Any, list[str], int, Counter]], Any]:
        """Every shortest sequence of decisions (at most ``depth``) whose effects are those of the record's
        actions ``i..j`` for some ``j`` (the items the record shows among those the engine changed, see
        :func:`split_items`); each with the item credit it leaves. Also returns where to go on for longer
        sequences (``frontier``, ``start``: the positions not matched yet at that many decisions) — one
        recorded action can be two decisions of the engine (a move of 7 warriors made as 4 and 3). Where every
        match does something the record has not shown (one-way keys left over), the matches one decision longer
        are searched as well, and those that leave nothing over come first."""
        st0 = self.st
        n0 = len(st0.log_chain)
        self.reached, self.reached_at = self.i - 1, st0
        if frontier is None:
            frontier = [(st0, [])]
        tried = 0
        wants = [(j, *split_items(want)) for j, want in targets]
        wants_at = {j: want for j, want, _ in wants}
        plain_of = {j: want for j, want, _ in wants}
        before = sum(self.credit.values())  # what the engine had done that the record had not shown yet
        held: list[tuple[int, Any, list[str], Counter]] = []  # matches one decision shorter, doing more than that
        for level in range(start, self.depth):
            found: list[tuple[int, Any, list[str], Counter]] = []
            nxt: list[tuple[Any, list[str]]] = []
            for st, path in frontier:
                d = st.decision
                if d is None:
                    continue
                for opt in self.allowed(d, st):
                    for child, label in self.children(st, opt):
                        tried += 1
                        eff, items = split_items(self.effects(child, n0))
                        items.update(self.credit)
                        opt = _optional(eff)  # what a record may or may not show (12.6.1): either way matches
                        hit = [(j, w) for j, want, w in wants if (want == eff or (opt and want == eff + opt))
                               and shown(w, items)]
                        # a decision of another player (Field Hospitals, an ambush, paying for Outrage) comes
                        # amid an action: the action's effects are not all there yet, so it goes on too
                        onward = any(toward(eff, want) or (opt and toward(eff + opt, want))
                                     for _, want, _ in wants) or (child.decision is not None
                                                                  and child.decision.player != child.current)
                        # (an own decision amid an action, AMID, goes on too, but counts for no action done)
                        amid = child.decision is not None and child.decision.kind in AMID
                        if hit or onward:
                            for j, want, w in wants:  # the record's actions this position has done in full
                                if j > self.reached and toward(want, eff) and shown(w, items):
                                    self.reached, self.reached_at = j, child
                        if hit:
                            j, w = min(hit, key=lambda x: x[0])
                            items.subtract(w)
                            if opt and dict(wants_at[j]) == eff:  # done but not shown yet: the record may show it
                                items.update({("optional", *k): v for k, v in opt.items()})  # later (a credit)
                            found.append((j, child, [*path, label], _nonzero(items)))
                        elif onward or amid:
                            done = max((j for j, want, w in wants if toward(want, eff) and shown(w, items)),
                                       default=self.i - 1)
                            nxt.append((child, [*path, label], (done, _overlap(eff, plain_of.get(done + 1)),
                                                                len(eff))))
                    if tried > self.budget:
                        break
                if tried > self.budget:
                    break
            if tried > self.budget and not found:
                return [(child, path, j, credit) for j, child, path, credit in held], None
            # a beam: the positions that have done most of the record's actions, then most of the next one (then
            # changed most) go on
            nxt.sort(key=lambda x: x[2], reverse=True)
            frontier = [(c, p) for c, p, _ in nxt[:BEAM]]
            if found:  # the fewest decisions; of those, the ones covering the fewest actions first, then the ones
                # doing least the record has not shown (an item damaged by a roll the record's hits allow either way)
                found.sort(key=lambda x: (x[0], sum(x[3].values())))
                # the same decisions in another order (items damaged one by one, moves that do not depend on each
                # other) come to the same position: one of them is enough
                seen: set = set()
                found = [x for x in found if not ((k := (x[0], tuple(sorted(x[2])))) in seen or seen.add(k))]
            if found or held:
                more = frontier and level + 1 < self.depth
                if found and not held and more and all(sum(x[3].values()) > before for x in found):
                    # every match does something the record has not shown (an item repaired with the hammer the
                    # record exhausts for an Aid): one decision more may do just what it shows — those come first
                    held = found
                    continue
                found = [x for x in found if sum(x[3].values()) <= before] + held + [
                    x for x in found if sum(x[3].values()) > before]
                deeper = (targets, frontier, level + 1) if more else None
                return [(child, path, j, credit) for j, child, path, credit in found], deeper
        return [(child, path, j, credit) for j, child, path, credit in held], None

    def allowed(self, d: Any, st: Any = None) -> list[Any]:
        """The options searched: all, but in the draft (A.8.2) only the card of the faction the record seats there
        (the seat's place in the first round of turns), of the cards a hand may put back (A.10) the first, no
        swap with the Black Market, the Duchy's Sway only of a minister the record sways, its cards in one order."""
        if d.kind == "setup.keep_three":  # A.10: which card goes back is hidden
            return d.options[:1]
        if d.kind == "duchy.sway":  # 12.5.3.I: the minister the record sways in the stretch ahead (``#earl->$``)
            named = {m.group(1) for s in self.steps[self.i:self.i + 24]
                     if (m := re.fullmatch(r"#([a-z]+)->\$", s.token)) and s.letter == "D"}
            return [o for o in d.options if o.action != "sway" or o.args["minister"] in named]
        if d.kind == "duchy.sway_cards" and st is not None:
            # 12.5.3.II: the cards revealed together are a set — chosen in one order (by name) it is found once, not
            # once per order (any part of a set that pays can be completed by the rest, so no set is missed)
            fr = next((f for f in reversed(st.stack) if f["k"] == "duchy.sway_cards"), None)
            last = max(fr["cards"]) if fr and fr["cards"] else ""
            return [o for o in d.options if o.args.get("card", "") >= last]
        if d.kind == "turn.anytime":
            # the Black Market's swap (Appendix F) has no notation and trades a hidden card for a face-down one: the
            # hands are made to agree with the record anyway (:class:`Hidden`), so it is never needed to match
            return [o for o in d.options if o.action != "black_market"]
        if d.kind != "setup.draft" or not d.player.startswith("player"):
            return d.options
        letter = self.seating[int(d.player[6:]) - 1]
        f = rl.FACTION_OF_LETTER[letter].removesuffix("2")
        return [o for o in d.options if o.args.get("faction") == f]

    def _agree_setup(self) -> None:
        """The Advanced Setup's steps the record shows nothing of to match: A.8.1 the setup cards dealt are those of
        the ``Pool:`` line; A.10 which two cards each player puts back on the deck is hidden (and the deck is
        shuffled after), so the first ones are — all but the last, which the search takes (:meth:`allowed`) with the
        first turn it begins."""
        d = self.st.decision
        if d is None or d.kind not in ("setup.draft", "setup.keep_three"):
            return
        st = self.st.copy()
        if d.kind == "setup.draft":
            _deal_as_recorded(st, self.game)
        n0 = len(st.log_chain)
        while st.decision is not None and st.decision.kind == "setup.keep_three":
            nxt = st.copy()
            nxt.apply(st.decision.options[0].id)
            if nxt.decision is None or nxt.decision.kind != "setup.keep_three":
                break
            st = nxt
        toks, _, _ = self.events.tokens(_since(st, n0), self.current, commit=True)
        follow(self.tally, toks, rl.LETTER.get(self.current, ""))
        self.st = st

    def advance(self, child: Any, path: list[str], j: int, credit: Counter) -> None:
        if self.playing and any(s.token.startswith("<turn ") for s in self.steps[self.i:j + 1]):
            # a turn ends: what the engine did that the record has not shown by then (an item repaired, a hand
            # shown) is not shown in a later turn — the credit from before this stretch is dropped
            credit = Counter({k: v - self.credit[k] for k, v in credit.items() if v > self.credit[k]})
        self.credit = credit
        toks, _, cur = self.events.tokens(_since(child, len(self.st.log_chain)), self.current, commit=True)
        for s in self.steps[self.i:j + 1]:
            follow(self.tally, [s.token], s.letter)
        self.st = child
        self.chosen += path
        if any(t.startswith("<turn ") for t in toks):
            self.current = rl.FACTION_OF_LETTER[cur]
            if not self.playing:  # opening hands the setup lines did not show (hand records leave them out) are no
                self.credit = Counter({k: v for k, v in self.credit.items() if k[0] != "drawn"})  # credit later on
            self.playing = True
        self.i = j + 1

    def _more(self, fr: dict[str, Any]) -> bool:
        """Whether a remembered choice point has another way to try: the next of its matches, or else the
        matches with more decisions than those found (searched only now, from the positions kept)."""
        while not fr["alternatives"] and fr["deeper"] is not None and self.deeper_left > 0:
            self.deeper_left -= 1
            self._restore(fr)
            targets, frontier, start = fr["deeper"]
            fr["alternatives"], fr["deeper"] = self.search(targets, frontier, start)
        return bool(fr["alternatives"])

    def _save(self, alternatives: list, deeper: Any = None) -> dict[str, Any]:
        w = self.events.w
        return {"i": self.i, "st": self.st, "tally": copy_tally(self.tally), "current": self.current,
                "playing": self.playing, "writer": (dict(w.pawn), w.aided, w.outrage),
                "chosen": len(self.chosen), "credit": Counter(self.credit),
                "alternatives": alternatives, "deeper": deeper}

    def _restore(self, fr: dict[str, Any]) -> None:
        w = self.events.w
        self.i, self.st, self.tally = fr["i"], fr["st"], copy_tally(fr["tally"])
        self.current, self.playing = fr["current"], fr["playing"]
        pawn, w.aided, w.outrage = fr["writer"]
        w.pawn = dict(pawn)
        del self.chosen[fr["chosen"]:]
        self.credit = Counter(fr["credit"])

    def run(self) -> CheckResult:
        """Follow the record; where two ways of matching a stretch give the same effects (a move of one warrior
        or the net of two moves, the wood paid for one building or another), a later stop goes back to the
        latest such choice and tries the next one (at most ``BACKTRACKS`` times in all)."""
        g = self.game
        frames: list[dict[str, Any]] = []
        furthest: CheckResult | None = None
        furthest_i = -1
        backtracks = total = 0
        while self.i < len(self.steps):
            step = self.steps[self.i]
            if not self.playing:  # setup (5.1): the faction of the record's setup line places its pieces
                self.current = rl.FACTION_OF_LETTER[step.letter]
            wanted = self.wanted()
            wanted += self.shown_hands()
            if wanted:
                st = self.st.copy()  # the saved positions keep their own cards
                if self.hidden.ensure(st, wanted):
                    st._decision = None  # the options named the cards held before
                    if _can_go_on(st):
                        self.st = st
            if self.relics is not None:
                self.relic_reveals()
            targets = self.targets()
            first, items = split_items(targets[0][1])
            done = Counter({k[1:]: v for k, v in self.credit.items() if k[0] == "optional"})
            if done and first and not items and all(v > 0 for v in first.values()) and shown(first, done):
                # shown after the engine did it (12.6.1, see _optional)
                follow(self.tally, [step.token], step.letter)
                self.credit = _nonzero(self.credit - Counter({("optional", *k): v for k, v in first.items()}))
                self.i += 1
                continue
            if not first and (shown(items, self.credit) or (not self.playing and all(k[0] == "drawn" for k in items))):
                # nothing compared (a draw, a track marker …), or an item change the engine has already made, or
                # the opening draw (5.1.3, A.7: the engine deals it when its setup comes to it)
                follow(self.tally, [step.token], step.letter)
                self.credit = _nonzero(self.credit - items)
                self.i += 1
                continue
            self._agree_setup()
            self.reached, self.reached_at = self.i - 1, self.st
            hits, deeper = self.search(targets) if self.st.decision is not None else ([], None)
            if not hits:
                why = "game_over" if self.st.decision is None else "no_match"
                # the first action no position tried has done: the one the engine cannot match
                j = min(max(self.i, self.reached + 1), len(self.steps) - 1) if self.st.decision else self.i
                want = dict(targets).get(j, targets[0][1])
                if j > self.i and j - 1 in dict(targets):  # what that action itself changes
                    want = delta(dict(targets)[j - 1], want)
                stop = self._stop(self.steps[j], why, want)
                if self.i > furthest_i:  # a stop further on than any before: the going back starts afresh
                    backtracks, self.deeper_left = 0, DEEPER_SEARCHES
                if self.i >= furthest_i:
                    furthest, furthest_i = stop, self.i
                # the latest choice point with another match: the next of its matches, or else (for the latest few
                # choice points) its matches with more decisions, before any earlier choice point
                back = next((k for k in range(len(frames) - 1, -1, -1) if frames[k]["alternatives"] or (
                    k >= len(frames) - DEEPER_FRAMES and self._more(frames[k]))), None)
                if back is None or backtracks >= BACKTRACKS or total >= TOTAL_BACKTRACKS:
                    return furthest
                del frames[back + 1:]
                backtracks += 1
                total += 1
                fr = frames[-1]
                self._restore(fr)
                self.advance(*fr["alternatives"].pop(0))
                continue
            frames.append(self._save(hits[1:], deeper))
            del frames[:-KEEP_FRAMES]
            self.advance(*hits[0])
        scores = {rl.LETTER[f]: self.st.vp[f] for f in self.st.seats}
        winners = "".join(rl.LETTER[f] for f in (self.st.result or {}).get("winners", []))
        return CheckResult(True, lines_followed=len(g.turns), scores=scores, record_winner=g.winner,
                           engine_winner=winners)

    def _stop(self, step: _Step, reason: str, want: Counter) -> CheckResult:
        """The report of a stop: the options are those of the position that had done every action before
        ``step`` (as far as the search got)."""
        d = self.reached_at.decision if self.reached_at is not None else self.st.decision
        allowed = [f"{o.id} ({o.rule.removeprefix('root:')})" for o in d.options] if d else []
        who = f"{d.player}, {d.kind} ({d.rule.removeprefix('root:')})" if d else "game over"
        done = sum(1 for i, _ in enumerate(self.game.lines) if self.game.lines[i] < step.line)
        at = self.reached_at if self.reached_at is not None else self.st
        scores = {rl.LETTER.get(f, f): at.vp[f] for f in at.seats}
        effects = ", ".join(f"{'/'.join(map(str, k))}:{v:+d}" for k, v in want.items())
        return CheckResult(False, lines_followed=done, line=step.line, action=step.token,
                           allowed=allowed, decision=who, reason=reason, effects=effects,
                           scores=scores, record_winner=self.game.winner)


def check(text: str, seed: int = 0, depth: int = DEPTH, budget: int = BUDGET) -> CheckResult:
    """Check the Rootlog ``text`` against the rules engine (see the module docstring)."""
    return Checker(rl.read(text), seed, depth, budget).run()


def cli_check(path: str, seed: int = 0, lang: str = "en") -> int:
    """``planszowki rootlog check FILE``: print the report; exit 0 when followed to the end, 1 at a stop,
    2 when the file cannot be read, 3 when the checker itself fails (a defect of the checker: one line, no
    traceback, so the report is never mistaken for a verdict on the record)."""
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        print(f"planszowki: {i18n.tr('error', lang)}: {path}: {exc}", file=sys.stderr)
        return 2
    try:
        result = check(text, seed)
    except rl.RootlogError as exc:
        print(f"planszowki: {i18n.tr('error', lang)}: {path}: {exc}", file=sys.stderr)
        return 2
    except RuntimeError as exc:  # e.g. a position the checker's card swaps made that the engine cannot go on from
        print(f"planszowki: {i18n.tr('error', lang)}: {path}: the checker failed (a defect of the checker, not a "
              f"verdict on the record): {exc}", file=sys.stderr)
        return 3
    print(result.text(lang))
    return 0 if result.followed else 1
