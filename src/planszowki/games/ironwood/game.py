"""Ironwood as a planszowki game: setup ("Przygotowanie do rozgrywki"), saves, positions and determinization.

The game assembles its steps in one place (``STEPS`` below, from the modules of the rules) instead of letting
modules write into shared tables at import time (DESIGN.md, "Inside a game").
"""

from __future__ import annotations

from typing import Any

from ...engine import Event, InvalidPosition, PlanszowkiError, Rng, UnsupportedSetup
from ...engine.flow import plain
from ...engine.rng import as_rng
from . import battle, effects, round
from .content import FACTIONS, ContentError, content_for
from .position import load_position
from .sections import cite
from .solo import forestbot, ironbot
from .state import FORGE, FOUNDATION, IC, SEATS, WW, IronwoodState

IronwoodState.STEPS = {s.kind: s for s in (*round.STEPS, *effects.STEPS, *battle.STEPS, *ironbot.STEPS,
                                           *forestbot.STEPS)}
IronwoodState.HOOKS = {"ironbot": ironbot.HOOKS, "forestbot": forestbot.HOOKS}

KNOWN_OPTIONS = {"content", "first_draw", "handicap", "opponent", "difficulty", "ordered_deck", "variants"}
SOLO = {"ironbot": ("ironclad", "solo.ironbot"), "forestbot": ("woodwalkers", "solo.forestbot")}
SAVE_FORMAT = "planszowki.ironwood/1"


def _check(players: list[str] | None, options: dict[str, Any]) -> None:
    players = list(players or SEATS)
    if sorted(players) != sorted(FACTIONS):
        raise UnsupportedSetup.told("error_iw_factions", rule=cite("setup"), players=players)
    unknown = set(options) - KNOWN_OPTIONS
    if unknown:
        raise UnsupportedSetup.told("error_unknown_options", names=sorted(unknown), known=sorted(KNOWN_OPTIONS))
    if options.get("first_draw", "choose") not in ("choose", "two"):
        raise UnsupportedSetup.told("error_iw_first_draw", rule=cite("round.prep.draw.first"))
    hc = options.get("handicap", {})
    if not isinstance(hc, dict) or any(k not in FACTIONS or not isinstance(v, int) or not 0 <= v <= 4
                                       for k, v in hc.items()):
        raise UnsupportedSetup.told("error_iw_handicap", rule=cite("setup.handicap"))
    opp = options.get("opponent")
    if opp is not None:
        if opp not in SOLO:
            raise UnsupportedSetup.told("error_iw_opponent", rule=cite("solo.ironbot"))
        if f"iw.{opp}.turn" not in IronwoodState.STEPS:
            raise UnsupportedSetup.told("error_iw_solo_not_implemented", bot=opp, rule=cite(SOLO[opp][1]))
        diff = options.get("difficulty", 0)
        if isinstance(diff, bool) or not isinstance(diff, int) or not 0 <= diff <= 15:
            raise UnsupportedSetup.told("error_iw_difficulty", rule=cite("solo.difficulty"))
        if opp == "ironbot":
            ironbot.check_options(options)  # the variants list (solo/ironbot.py, VARIANTS)
        if opp == "forestbot":
            forestbot.check_options(options)  # the variants list (solo/forestbot.py, VARIANTS)


class IronwoodGame:
    """The object ``planszowki.load("ironwood")`` returns."""

    name = "ironwood"
    factions = FACTIONS

    def new(self, seed: int = 0, players: list[str] | None = None,
            options: dict[str, Any] | None = None) -> IronwoodState:
        options = dict(options or {})
        _check(players, options)
        try:
            content = content_for(options.get("content"))
        except ContentError as exc:
            raise UnsupportedSetup.saying(exc) from None
        st = IronwoodState(content)
        st.rng = Rng(seed)
        st.options = options
        b = content.board
        st.emit("iw.setup", cite("setup"), content=content.name, demo=content.demo)
        # the Woodwalkers: base cards in hand, specials shuffled, the hidden first vision, 2 warriors per outer forest
        for s in SEATS:
            st.hand[s] = content.deck(s, True)
            deck = content.deck(s, False)
            if options.get("ordered_deck"):
                deck.sort(reverse=True)  # the lowest numbers are drawn first (the deck's top is the list's end)
            else:
                st.rng.shuffle(deck)
            st.deck[s] = deck
        inner = list(content.vision_inner)
        st.rng.shuffle(inner)
        st.visions = [inner.pop()]
        st.emit("iw.first_vision", cite("setup.vision"), (WW,), mountain=st.visions[0])
        vdeck = inner + list(content.vision_outer)
        st.rng.shuffle(vdeck)
        st.vision_deck = vdeck
        for f in b.forests():
            if b.rings[f] == "outer":
                st.ww[f] = 2
        # the Ironclad: the drill and one warrior on Ferrum, three warriors on each inner mountain
        st.drill = b.ferrum
        st.icw[b.ferrum] = 1
        for m in b.mountains():
            if b.rings[m] == "inner":
                st.icw[m] = 3
        st.push("iw.round", stage="prep")
        if options.get("opponent"):  # the solo setup changes (removed cards, markers, difficulty variants)
            st.push(f"iw.{options['opponent']}.setup")
        hc = options.get("handicap", {})
        for s in reversed(SEATS):
            if hc.get(s):
                st.push("iw.handicap", seat=s, n=hc[s], used=[])
        return st

    # -- saves ----------------------------------------------------------------------------------------
    def to_json(self, st: IronwoodState) -> dict[str, Any]:
        doc: dict[str, Any] = {"format": SAVE_FORMAT, "content": st.options.get("content") or "demo",
                               "content_label": dict(st.content.label), "options": dict(st.options),
                               "rng": st.rng.s, "stack": [dict(f) for f in st.stack], "result": st.result,
                               "applied": st.applied, "log": [e.to_json() for e in st.log]}
        for f in IronwoodState.DATA_FIELDS:
            doc[f] = plain(getattr(st, f))
        return doc

    def from_json(self, doc: dict[str, Any]) -> IronwoodState:
        if not isinstance(doc, dict) or doc.get("format") != SAVE_FORMAT:
            raise InvalidPosition(f"not an Ironwood save (format must be {SAVE_FORMAT!r})")
        try:
            st = IronwoodState(content_for(doc.get("options", {}).get("content")))
            st.options = dict(doc.get("options", {}))
            st.rng = Rng(int(doc["rng"]))
            st.stack = [dict(f) for f in doc["stack"]]
            st.result = doc.get("result")
            st.applied = int(doc.get("applied", 0))
            for e in doc.get("log", []):
                st.log_chain.append(Event.from_json(e))
            for f in IronwoodState.DATA_FIELDS:
                setattr(st, f, plain(doc[f]))
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidPosition(f"Ironwood save is missing or has a bad field: {exc}") from None
        return st

    # -- positions (docs/ironwood.md, "Positions") -----------------------------------------------------
    def from_position(self, doc: dict[str, Any]) -> IronwoodState:
        return load_position(doc)

    # -- hidden information -------------------------------------------------------------------------------
    def determinize(self, st: IronwoodState, seat: str | None, rng: Any) -> IronwoodState:
        """A state consistent with ``view(seat)``: the other seat's special cards in hand (and a card it placed
        face down in a fight not yet revealed) are redealt from what the seat cannot see, decks are reshuffled,
        and for the Ironclad the Woodwalkers' vision cards too (keeping the top card it peeked at)."""
        r = as_rng(rng)
        _ = st.decision  # settled first: automatic steps (a round's draws) happen before the secrets are redealt
        d = st.copy()
        # every pool is sorted before it is shuffled, so the result depends only on what ``seat`` sees and on
        # ``rng``, never on the order of hidden cards (ISMCTS's no-peeking test relies on it)
        for s in SEATS:
            if s == seat:
                d.deck[s].sort()
                r.shuffle(d.deck[s])
                continue
            hidden = [c for c in d.hand[s] if not d.card(c).base]
            pool = hidden + d.deck[s]
            bf = d._battle_frame()
            key = None
            if bf is not None and not bf.get("revealed"):
                key = "ca" if bf["att"] == s else "cd"
                if bf.get(key) and not d.card(bf[key]).base:
                    pool.append(bf[key])
                else:  # none, or a base card: which one is public (the base cards in hand are shown)
                    key = None
            pool.sort()
            r.shuffle(pool)
            k = 0
            d.hand[s] = [c if d.card(c).base else "" for c in d.hand[s]]
            for i, c in enumerate(d.hand[s]):
                if c == "":
                    d.hand[s][i] = pool[k]
                    k += 1
            if key is not None:
                assert bf is not None
                bf[key] = pool[k]
                k += 1
            d.deck[s] = pool[k:]
            if s == d.bot == IC:  # the Ironbot's hand is a face-down pile: where its base cards lie is hidden too
                d.hand[s].sort()
                r.shuffle(d.hand[s])
        if seat != WW:  # vision cards in hand, in the deck and burned face down are all unknown to this seat
            top = d.peek if seat == IC and d.vision_deck and d.vision_deck[-1] == d.peek else None
            deck = d.vision_deck[:-1] if top is not None else d.vision_deck
            face_up = d.bot == WW  # the Forest bot's vision discard lies face up (solo/forestbot.py)
            pool = sorted(d.visions + deck + ([] if face_up else d.vision_discard))
            r.shuffle(pool)
            nv, nd = len(d.visions), len(deck)
            d.visions = pool[:nv]
            d.vision_deck = pool[nv:nv + nd] + ([top] if top is not None else [])
            if not face_up:
                d.vision_discard = pool[nv + nd:]
        else:  # the Woodwalkers know their visions and the ones they burned, not the order of the vision deck
            d.vision_deck.sort()
            r.shuffle(d.vision_deck)
            if d.peek is not None and d.vision_deck:  # the Ironclad peeked at the top card (public): whichever it is
                d.peek = d.vision_deck[-1]
        d.rng = Rng(r.next64())
        return d






GAME = IronwoodGame()
__all__ = ["FORGE", "FOUNDATION", "GAME", "IC", "WW", "IronwoodGame", "PlanszowkiError"]
