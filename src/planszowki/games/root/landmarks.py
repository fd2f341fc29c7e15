"""Appendix F, Landmarks (Punkty Terenu), as set up in Advanced Setup step A.5.

* F General Rules — Safety: a landmark cannot be battled, moved or removed unless its card says so; Ownership:
  it belongs to no faction and is no one's enemy piece. Landmarks are therefore kept apart from the pieces
  (``RootState.warriors / buildings / tokens``): a battle, a removal or a rule count never meets them. The
  Ferry is the one that moves, along with the pieces it carries (C.2.5, its card).
* The Tower and the Ferry are the Mountain and Lake maps' pieces (C.3.4, C.2.1); Advanced Setup may override
  where they go (A.5): ``RootState.tower`` and ``RootState.ferry`` hold their clearings.
* The Landmarks Pack (cards in ``data/landmarks.json``, in our own words, with sources): the Black Market, the
  Elder Treetop, the Legendary Forge and the Lost City. Their state is ``st.fdata["landmarks"]`` (present only
  when one of them is on the map; saves and copies carry it like a faction board): ``black_market`` (its
  clearing), ``market`` (the three face-down card ids), ``market_seen`` (per card: the seat that put it there face
  down and so knows it, or ""), ``elder_treetop`` (its clearing), ``treetop`` (the building in the Treetop's slot,
  or ""), ``legendary_forge`` (its clearing), ``forge`` (the items on its card), ``lost_city`` (its clearing).
* The Black Market's swap is offered through ``hooks.extras`` ("once on their turn"): between Daylight actions, in
  the Birdsong windows and just before the Evening draw; and through ``hooks.anytime`` after the Evening draw,
  before the hand limit (``turn.anytime``). ``st.turn["black_market"]`` keeps it to once a turn. The Elder
  Treetop's slot is kept in ``RootState.open_slots``, ``place_building`` and ``remove_piece``; the Legendary Forge
  in ``turn.craft_options`` and ``turn.do_craft``.
* The Lost City's clearing is a fox, a mouse and a rabbit clearing at once, for all purposes. The rules ask
  ``RootState.clearing_suits`` / ``suit_matches`` / ``clearing_cards`` (a card matching it may be of any suit: the
  attacker's and the defender's ambush may differ) and ``craft_suit`` (each crafting piece there pays any one suit
  of a cost, ``turn._ways``); where a rule places the piece "matching the clearing" (an Alliance base in a revolt,
  a Riverfolk trade post, the Cult's starting garden, a Corvid's setup warrior standing for a suit) the player
  names the suit; the Duchy's sway counts it once, for a card of any suit (``duchy.sway_capacity``).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ...engine import InvalidPosition, Option, UnsupportedSetup
from .content import SUITS
from .hooks import Contribution
from .state import RootState
from .turn import R

#: landmarks whose card the engine plays (the others are refused by name, see :func:`problem`)
PLAYABLE = ("tower", "ferry", "black_market", "elder_treetop", "legendary_forge", "lost_city")
#: the Landmarks Pack's cards whose state lives in ``st.fdata["landmarks"]`` (key: the landmark's clearing)
PACK = ("black_market", "elder_treetop", "legendary_forge", "lost_city")
#: the Legendary Forge card: the items moved from the supply onto it, by the suit of its clearing
FORGE_ITEMS = {"fox": ("sword", "sword", "crossbow", "hammer"), "mouse": ("bag", "bag", "tea", "tea"),
               "rabbit": ("boot", "boot", "coin", "coin")}
#: the Black Market card: cards dealt face down beside it
MARKET_CARDS = 3


@cache
def catalog() -> dict[str, dict[str, Any]]:
    """The landmark cards (``data/landmarks.json``), by id."""
    raw = json.loads((Path(__file__).parent / "data" / "landmarks.json").read_text("utf-8"))
    return {k: v for k, v in raw.items() if not k.startswith("_")}


def problem(names: Any) -> UnsupportedSetup | None:
    """What is wrong with a list of landmark cards for A.5.1 (a refusal said in a person's language), or None."""
    if not isinstance(names, (list, tuple)) or not names or not all(isinstance(n, str) for n in names):
        return UnsupportedSetup.told("error_landmarks_list", names=list(catalog()))
    if len(set(names)) != len(names):
        return UnsupportedSetup.told("error_landmark_twice")
    for n in names:
        if n not in catalog():
            return UnsupportedSetup.told("error_landmark_unknown", name=n, names=list(catalog()))
        if n not in PLAYABLE:
            return UnsupportedSetup.told("error_landmark_not_implemented", landmark=n, names=list(PLAYABLE))
    return None


def _on_river(st: RootState, c: int) -> bool:
    return bool(st.map.rivers[c])


def placed(st: RootState) -> dict[str, int]:
    """Landmark -> its clearing index, for the landmarks on the map (the map's own Tower and Ferry too)."""
    out = {}
    if st.tower >= 0:
        out["tower"] = st.tower
    if st.ferry >= 0:
        out["ferry"] = st.ferry
    lmk = st.fdata.get("landmarks")
    if lmk:
        for name in PACK:
            if name in lmk:
                out[name] = lmk[name]
    return out


def clearings_for(st: RootState, name: str) -> list[int]:
    """A.5.3: where ``name``'s card lets it be set up now — its placement rule, never in a clearing with a
    landmark, and for most cards not adjacent to one either."""
    card = catalog()[name]
    where = card["placement"]
    taken = set(placed(st).values())
    out = []
    for c in st.map.clearings():
        if c in taken or (card["apart"] and any(d in taken for d in st.adj[c])):
            continue
        if where == "ruin" and "ruin" not in st.buildings[c]:
            continue
        if where == "river" and not _on_river(st, c):
            continue
        if where == "corner" and c not in st.map.corners:
            continue
        if where == "single_slot_no_ruin" and (st.map.slots[c] != 1 or st.map.ruins[c]):
            continue
        out.append(c)
    return out


def lift_map_piece(st: RootState, name: str) -> None:
    """A.5: a dealt Tower or Ferry card overrides where the variant map put that piece (C.2.1, C.3.4)."""
    if name == "tower":
        st.tower = -1
    elif name == "ferry":
        st.ferry = -1


def place(st: RootState, seat: str, name: str, c: int) -> None:
    """A.5.3: ``seat`` sets up the landmark ``name`` in clearing ``c`` as its card describes."""
    if name == "tower":
        st.tower = c
    elif name == "ferry":
        st.ferry = c
    elif name in PACK:
        lmk = st.fdata.setdefault("landmarks", {})
        lmk[name] = c
    else:  # problem() refuses the others before a game starts
        raise ValueError(f"landmark {name!r} is not playable")
    st.landmarks = (*st.landmarks, name)
    st.emit("landmark", "A.5.3", faction=seat, landmark=name, clearing=c + 1)
    if name == "black_market":  # its card: three cards drawn and laid face down beside it, unseen
        cards = []
        for _ in range(MARKET_CARDS):
            if not st.deck:
                st.reshuffle()
            if st.deck:
                cards.append(st.deck.pop())
        lmk["market"] = cards
        lmk["market_seen"] = [""] * len(cards)
        st.emit("black_market_dealt", "F", count=len(cards))
    elif name == "elder_treetop":
        lmk["treetop"] = ""  # its card: one more building slot, empty
    elif name == "legendary_forge":  # its card: four items from the supply by the clearing's suit
        moved = []
        for item in FORGE_ITEMS[st.suits[c]]:
            if st.items.get(item, 0) > 0:
                st.items[item] -= 1
                moved.append(item)
        lmk["forge"] = moved
        st.emit("forge_items", "F", clearing=c + 1, items=list(moved))


# -- the Black Market ------------------------------------------------------------------------------
def _market_here(st: RootState, seat: str) -> list[int] | None:
    """The Black Market's cards when ``seat`` may swap now: once on its turn, with faction pieces there."""
    lmk = st.fdata.get("landmarks")
    if not lmk or "black_market" not in lmk or st.turn.get("black_market") or seat != st.current:
        return None
    if not lmk["market"] or not st.hands.get(seat) or not st.has_any_piece(lmk["black_market"], seat):
        return None
    return lmk["market"]


def market_may_exist(st: RootState, seat: str) -> bool:
    """Public information only: the Market's pieces, the hand's size, whether it was used this turn."""
    return _market_here(st, seat) is not None


def market_options(st: RootState, seat: str) -> list[Option]:
    """The Black Market card: swap a hand card with one of the face-down cards (chosen by its place, 1–3)."""
    cards = _market_here(st, seat)
    if cards is None:
        return []
    out = []
    for cid in st.distinct(st.hands[seat]):
        key = st.card(cid).key
        for i in range(len(cards)):
            out.append(Option(f"black market {key} for {i + 1}", "black_market", {"card": key, "slot": i + 1},
                              R("F")))
    return out


def apply_market(st: RootState, seat: str, opt: Option) -> bool:
    if opt.action != "black_market":
        return False
    lmk = st.fdata["landmarks"]
    i = opt.args["slot"] - 1
    given = st.find_in(st.hands[seat], opt.args["card"])
    assert given is not None
    taken = lmk["market"][i]
    if lmk["market_seen"][i] and lmk["market_seen"][i] != seat:  # whoever put it there knows who holds it now
        st.reveal(lmk["market_seen"][i], seat, taken)
    st.hands[seat].remove(given)
    st.hands[seat].append(taken)
    lmk["market"][i] = given
    lmk["market_seen"][i] = seat  # the card lies face down; only the one who put it there knows it
    st.turn["black_market"] = True
    st.emit("black_market", "F", faction=seat, slot=i + 1)
    st.emit("black_market_private", "F", (seat,), faction=seat, slot=i + 1, card=st.card(given).key,
            cards=[st.card(taken).key])  # the card given, the card taken
    return True


def market_in_play(st: RootState) -> bool:
    lmk = st.fdata.get("landmarks")
    return bool(lmk) and "black_market" in lmk


#: what the landmarks add to the shared rules (hooks.py): the Black Market's swap, in every game, offered where
#: the Black Market is on the map
CONTRIBUTION = Contribution(
    "landmarks",
    extras=((market_options, apply_market, market_may_exist),),
    anytime=((market_options, apply_market, market_may_exist),),  # after the Evening draw too
    extras_in_play=market_in_play,
    needs="landmarks",  # not asked in a game without landmarks
)


# -- hidden information ----------------------------------------------------------------------------
def market_unseen(st: RootState, seat: str | None) -> list[int]:
    """Determinization: the Black Market's cards ``seat`` does not know (it knows those it put there)."""
    lmk = st.fdata.get("landmarks")
    if not lmk or not lmk.get("market"):
        return []
    return [c for c, s in zip(lmk["market"], lmk["market_seen"], strict=True) if not seat or s != seat]


def refill_market(st: RootState, seat: str | None, pool: list[int]) -> None:
    """Determinization: deal the unseen places of the Black Market from the front of ``pool`` (already shuffled
    with the cards :func:`market_unseen` gave it)."""
    lmk = st.fdata.get("landmarks")
    if not lmk or not lmk.get("market"):
        return
    lmk["market"] = [c if seat and s == seat else pool.pop(0) for c, s in zip(lmk["market"], lmk["market_seen"],
                                                                              strict=True)]


def view(st: RootState, seat: str | None) -> dict[str, Any]:
    """The Landmarks Pack's cards as ``seat`` sees them: the Black Market's cards face down (only the ones
    ``seat`` put there, by place), the Elder Treetop's slot, the Legendary Forge's items."""
    lmk = st.fdata.get("landmarks")
    if not lmk:
        return {}
    out: dict[str, Any] = {}
    if "black_market" in lmk:
        out["black_market"] = {
            "clearing": lmk["black_market"] + 1, "count": len(lmk["market"]),
            "known": {str(i + 1): st.card(c).key for i, (c, s) in enumerate(zip(lmk["market"], lmk["market_seen"],
                                                                                strict=True))
                      if seat and s == seat}}
    if "elder_treetop" in lmk:
        out["elder_treetop"] = {"clearing": lmk["elder_treetop"] + 1, "building": lmk["treetop"] or None}
    if "legendary_forge" in lmk:
        out["legendary_forge"] = {"clearing": lmk["legendary_forge"] + 1, "items": sorted(lmk["forge"])}
    if "lost_city" in lmk:  # its clearing is of every suit
        out["lost_city"] = {"clearing": lmk["lost_city"] + 1, "suits": list(SUITS)}
    return out


# -- positions (docs/root-position-format.md) ------------------------------------------------------
def take_market(doc: dict[str, Any], take: Any) -> list[int] | None:
    """A position's ``market``: the Black Market's face-down cards by key (taken before the deck is dealt)."""
    raw = doc.get("market")
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) > MARKET_CARDS or "black_market" not in doc.get("landmarks", ()):
        raise InvalidPosition("market: up to three card keys face down beside the Black Market, which 'landmarks' "
                              "lists (Appendix F)")
    return [take(k, "market") for k in raw]


def load_position(st: RootState, doc: dict[str, Any], market: list[int] | None) -> None:
    """A position's Landmarks Pack fields: ``black_market``, ``market`` (card keys; default: three from the deck),
    ``market_seen`` (per card: the seat that put it there, or ""), ``elder_treetop``, ``treetop`` (the building in
    its slot; default: the clearing's building beyond its printed slots, if any), ``legendary_forge``, ``forge``
    (its items; default: the card's four by the clearing's suit, from the supply), ``lost_city`` (its clearing)."""
    for name in PACK:
        if name in doc and name not in st.landmarks:
            raise InvalidPosition(f"{name}: list {name!r} in 'landmarks' to place it (A.5)")
    taken = {c for c in (st.tower, st.ferry) if c >= 0}
    for name in PACK:
        if name not in st.landmarks:
            continue
        c = doc.get(name)
        if type(c) is not int or not 1 <= c <= st.map.n:
            raise InvalidPosition(f"{name}: the {catalog()[name]['name']['en']} is listed in 'landmarks'; say in "
                                  f"which clearing it is (1..{st.map.n})")
        c -= 1
        if c in taken:
            raise InvalidPosition(f"{name}: a clearing has at most one landmark (A.5.3)")
        taken.add(c)
        lmk = st.fdata.setdefault("landmarks", {})
        lmk[name] = c
        if name == "black_market":
            if market is None:
                market = [st.deck.pop() for _ in range(min(MARKET_CARDS, len(st.deck)))]
            seen = doc.get("market_seen", [""] * len(market))
            if not isinstance(seen, list) or len(seen) != len(market) or any(s and s not in st.seats for s in seen):
                raise InvalidPosition("market_seen: per Black Market card, the seat that put it there or \"\"")
            lmk["market"], lmk["market_seen"] = market, [s or "" for s in seen]
        elif name == "elder_treetop":
            extra = st.buildings[c][st.map.slots[c]:]
            treetop = doc.get("treetop", extra[-1] if extra else "")
            if (treetop and treetop not in st.buildings[c]) or (extra and treetop not in extra):
                raise InvalidPosition(f"treetop: {treetop!r} is not a building in the Elder Treetop's clearing "
                                      "(the one in its slot, past the printed slots)")
            lmk["treetop"] = treetop
        elif name == "legendary_forge":
            items = doc.get("forge")
            if items is None:
                items = [it for it in FORGE_ITEMS[st.suits[c]] if st.items.get(it, 0) > 0]
                for it in items:
                    st.items[it] -= 1
            elif not isinstance(items, list) or any(it not in FORGE_ITEMS[st.suits[c]] for it in items):
                raise InvalidPosition(f"forge: items of the Legendary Forge's card for a {st.suits[c]} clearing "
                                      f"({', '.join(sorted(set(FORGE_ITEMS[st.suits[c]])))})")
            lmk["forge"] = list(items)
