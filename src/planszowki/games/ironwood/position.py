"""Ironwood positions: a JSON document that sets up a board, hands and whose turn it is (docs/ironwood.md).

```json
{"seed": 1, "content": {"cards": {"WW10": {"name": {...}, "effects": [...]}}},
 "round": 2, "phase": "actions", "actions_taken": {"woodwalkers": 1, "ironclad": 1},
 "locations": {"f3": {"woodwalkers": 3, "totems": ["full"]},
               "auria": {"ironclad": 2, "golems": 1, "site": "foundation"}},
 "drill": {"at": "auria", "step": 1, "cargo": 2},
 "crystals": {"woodwalkers": 2, "ironclad": 5}, "secured": 1,
 "hands": {"woodwalkers": ["WW01P", "WW10"], "ironclad": ["IC01P", "IC02P", "IC03P"]},
 "visions": ["lithimar"], "temporary": {"ironclad": [["IC20", 2]]},
 "marks": [["f3", "blockade", "ironclad", "IC21"]], "discard": {"ironclad": ["IC05"]}}
```

``phase`` is ``actions`` (the next turn of the Action phase; who plays follows from ``actions_taken``, the
Woodwalkers first) or ``prep`` (the start of round ``round``). Locations not named are empty. Cards not in a hand,
a discard pile or in play are shuffled into the decks; vision cards not in hand, ``vision_shown`` or
``vision_burned`` make the vision deck. ``content`` may be a content name, a file, or inline cards and board
(merged over the demonstration set), so a rule test defines the cards it needs.
"""

from __future__ import annotations

from typing import Any

from ...engine import InvalidPosition, Rng
from .content import ContentError, content_for
from .state import FORGE, FOUNDATION, IC, SEATS, WW, IronwoodState

KNOWN = {"seed", "content", "round", "phase", "actions_taken", "locations", "drill", "crystals", "secured", "hands",
         "visions", "vision_shown", "vision_burned", "temporary", "marks", "discard", "options", "slots"}


def _need(cond: bool, msg: str) -> None:
    if not cond:
        raise InvalidPosition(msg)


def load_position(doc: dict[str, Any]) -> IronwoodState:
    _need(isinstance(doc, dict), "a position must be a JSON object")
    unknown = set(doc) - KNOWN
    _need(not unknown, f"unknown position field(s) {sorted(unknown)}; known: {sorted(KNOWN)}")
    try:
        content = content_for(doc.get("content"))
    except ContentError as exc:
        raise InvalidPosition(str(exc)) from None
    st = IronwoodState(content)
    st.rng = Rng(int(doc.get("seed", 0)))
    st.options = dict(doc.get("options", {}))
    if isinstance(doc.get("content"), str | dict):
        st.options["content"] = doc["content"]
    b = content.board
    for lid, entry in doc.get("locations", {}).items():
        _need(lid in b.index, f"locations: unknown location {lid!r}")
        i = b.index[lid]
        _need(isinstance(entry, dict), f"locations.{lid}: must be an object")
        for key, arr in (("woodwalkers", st.ww), ("ironclad", st.icw), ("golems", st.golems)):
            n = entry.get(key, 0)
            _need(isinstance(n, int) and n >= 0, f"locations.{lid}.{key}: must be a whole number")
            arr[i] = n
        _need(not (st.ww[i] and b.types[i] != "forest"), f"locations.{lid}: Woodwalkers stand only in forests")
        _need(not ((st.icw[i] or st.golems[i]) and b.types[i] != "mountain"),
              f"locations.{lid}: Ironclad units stand only on mountains")
        site = entry.get("site")
        if site is not None:
            _need(site in ("foundation", "forge") and b.rings[i] == "outer" and b.types[i] == "mountain",
                  f"locations.{lid}.site: a foundation or forge on an outer mountain")
            st.site[i] = FORGE if site == "forge" else FOUNDATION
        for t in entry.get("totems", []):
            _need(t in ("full", "fading") and b.types[i] == "forest",
                  f"locations.{lid}.totems: 'full' or 'fading', in a forest")
            st.totems.append([i, 1 if t == "fading" else 0])
    drill = doc.get("drill", {})
    st.drill = b.index.get(drill.get("at", "ferrum"), -1)
    _need(st.drill >= 0 and b.types[st.drill] == "mountain", "drill.at: a mountain")
    st.drill_step = int(drill.get("step", 0))
    st.cargo = int(drill.get("cargo", 0))
    st.crystals = {WW: 0, IC: 0, **doc.get("crystals", {})}
    st.secured = int(doc.get("secured", 0))
    cards = content.cards
    placed: set[str] = set()
    for s in SEATS:
        hand = doc.get("hands", {}).get(s)
        if hand is None:
            hand = content.deck(s, True)
        for c in hand:
            _need(c in cards and cards[c].faction == s, f"hands.{s}: {c!r} is not a {s} card")
        st.hand[s] = list(hand)
        st.discard[s] = list(doc.get("discard", {}).get(s, []))
        st.temporary[s] = [[c, int(n)] for c, n in doc.get("temporary", {}).get(s, [])]
        st.slots[s] = [list(x) for x in doc.get("slots", {}).get(s, [])]
        in_slots = [c for sl in st.slots[s] for c in sl if c != "pass"]
        # a Temporary card played this round lies in its slot and is in play at once (III/1)
        used = [*st.hand[s], *st.discard[s], *(c for c, _ in st.temporary[s] if c not in in_slots), *in_slots]
        _need(len(used) == len(set(used)), f"{s}: a card is in two places")
        placed |= set(used)
        base_left = [c for c in content.deck(s, True) if c not in placed]
        _need(not base_left, f"hands.{s}: base cards {base_left} must be in hand or in play (they never leave)")
        deck = [c for c in content.deck(s, False) if c not in placed]
        st.rng.shuffle(deck)
        st.deck[s] = deck
    # lasting combat bonuses in play: a Temporary card's "In every fight"; a card played this round (in a slot): its
    # printed "fight" effects (never declined), "This round" ones too
    in_play = [(c, False) for s in SEATS for c, _ in st.temporary[s]]
    in_play += [(c, True) for s in SEATS for sl in st.slots[s] for c in sl if c != "pass"]
    for c, played in dict.fromkeys(in_play):
        for eff in cards[c].effects:
            scope = eff.get("scope")
            if eff["do"] == "fight" and (scope == "every" or played) and not any(
                    b[4] == c and b[5] == scope for b in st.bonuses):
                st.bonuses.append([cards[c].faction, eff.get("damage", 0), eff.get("defense", 0),
                                   eff.get("dominance", 0), c, scope])
    st.visions = list(doc.get("visions", []))
    st.vision_shown = list(doc.get("vision_shown", []))
    st.vision_discard = list(doc.get("vision_burned", []))
    all_v = [*content.vision_inner, *content.vision_outer]
    for m in [*st.visions, *st.vision_shown, *st.vision_discard]:
        _need(m in all_v, f"visions: {m!r} is not a vision card's mountain")
    vd = [m for m in all_v if m not in st.visions + st.vision_shown + st.vision_discard]
    st.rng.shuffle(vd)
    st.vision_deck = vd
    st.marks = []
    for m in doc.get("marks", []):
        _need(isinstance(m, list) and len(m) == 4 and m[0] in b.index and m[1] in ("blockade", "shelter")
              and m[2] in SEATS, "marks: [location, blockade|shelter, seat, card]")
        st.marks.append([b.index[m[0]], m[1], m[2], m[3]])
    st.round_no = int(doc.get("round", 1))
    phase = doc.get("phase", "actions")
    _need(phase in ("actions", "prep"), "phase: actions or prep")
    if phase == "prep":
        st.round_no -= 1
        st.push("iw.round", stage="prep")
    else:
        taken = doc.get("actions_taken", {})
        t_ww, t_ic = int(taken.get(WW, len(st.slots[WW]))), int(taken.get(IC, len(st.slots[IC])))
        _need(t_ww in (t_ic, t_ic + 1) and t_ww <= 3, "actions_taken: the Woodwalkers play first, then alternate")
        st.phase = "actions"
        st.push("iw.round", stage="actions", t=t_ww + t_ic)
    for pool in ("ww", "icw", "golem", "forge", "totem"):
        _need(st.supply(pool) >= 0, f"more {pool} pieces than the components ({content.components})")
    return st
