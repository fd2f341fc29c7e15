"""What each seat may know (1.2): the board, scores, play areas and the discard pile are public; a hand
is seen only by its owner (others see its size); the deck's order is seen by no one. The Alliance's
Supporters stack is face down: everyone sees its size, only the Alliance its cards (8.2.3).

The Vagabond's faction board is public: character, pawn, every item with its side and place (tracks,
Satchel, Damaged box), relationships, completed quests, coalition (9.2, 9.3). The three face-up quests
are public, the quest deck only by its size (9.3.3). Items under the ruins are face down (9.3.4): everyone
sees how many lie under each ruin, and only a Vagabond who has looked under a ruin (9.7.3) sees which.

The map is public: each clearing's suit (printed, or its suit marker, A.1) and adjacency as this game has
them, the Lake's coastal clearings and Ferry (C.2), the Mountain's closed paths left and the Pass (C.3).
"""

from __future__ import annotations

from typing import Any

from . import hirelings, landmarks
from .content import SUITS, quests
from .factions import corvid, cult, duchy, keepers, warlord
from .factions import riverfolk as rf
from .factions import vagabond as vb
from .factions.alliance import SPREAD_COST, SUPPORTER_LIMIT, SYMPATHY_TOKENS, SYMPATHY_VP
from .factions.eyrie import COLUMNS
from .state import BUILDING_COUNT, OWNER, TOKEN_COUNT, RootState


def _alliance_board(st: RootState, viewer: str | None) -> dict[str, Any]:
    fd = st.fdata["alliance"]
    sup = fd.get("supporters", [])
    bases = {s: None for s in SUITS}
    sympathy = []
    for c in st.map.clearings():
        for b in st.buildings[c]:
            if b.startswith("base_"):
                bases[b[5:]] = c + 1
        if "sympathy" in st.tokens[c]:
            sympathy.append(c + 1)
    n = len(sympathy)
    return {
        "supporters_count": len(sup),
        # 8.2.3: face down; the Alliance may inspect them at any time
        "supporters": sorted(st.card(c).key for c in sup) if viewer == "alliance" else None,
        # 8.2.3.I: five without a base on the map, unlimited with one
        "supporter_limit": None if any(bases.values()) else SUPPORTER_LIMIT,
        "officers": fd.get("officers", 0),
        "bases": bases,  # suit -> clearing of the base on the map, None while it is in the Bases box
        "bases_in_box": [s for s in SUITS if bases[s] is None],
        "draw_bonus": sum(1 for s in SUITS if bases[s] is not None),  # 8.6.2
        "sympathy": sympathy,
        "sympathy_on_track": SYMPATHY_TOKENS - n,
        # 8.4.2.II / 8.4.2.III: the cost printed above, and the VP under, the next token on the track
        "next_spread_cost": SPREAD_COST[n] if n < SYMPATHY_TOKENS else None,
        "next_sympathy_vp": SYMPATHY_VP[n] if n < SYMPATHY_TOKENS else None,
        "warrior_supply": st.warrior_supply("alliance"),
    }


#: 9.2.9: relationship levels by name (1 and 2 are the Allied track's middle spaces)
REL_NAMES = {vb.HOSTILE: "hostile", vb.INDIFFERENT: "indifferent", 1: "1", 2: "2", vb.ALLIED: "allied"}
#: the places of an item on the Vagabond's board (9.2.5): its side, whether damaged
ITEM_SIDES = {"r": (True, False), "e": (False, False), "d": (True, True), "x": (False, True)}


def _vagabond_board(st: RootState, seat: str) -> dict[str, Any]:
    fd = st.fdata[seat]
    if "items" not in fd:  # before setup
        return {"character": fd.get("character"), "where": None, "items": []}
    tracks = {t: vb.on_track(st, seat, t) for t in vb.TRACKED}
    left = dict(tracks)
    entries = []
    for e in sorted(fd["items"]):
        name, state = vb.split(e)
        item = vb.base(name)
        face_up, damaged = ITEM_SIDES[state]
        if damaged:
            place = "damaged"
        elif face_up and left.get(item, 0) > 0:
            place = "track"
            left[item] -= 1
        else:
            place = "satchel"
        entries.append({"item": item, "face_up": face_up, "damaged": damaged, "ruin": name.startswith("R-"),
                        "place": place})
    rels = {f: REL_NAMES[vb.relation(st, seat, f)] for f in st.seats if f not in vb.SEATS}
    aids = {}
    for f in rels:
        n = st.turn.get(f"aid_{seat}_{f}", 0)
        if n:
            aids[f] = n
    w = fd["where"]
    return {
        "character": fd.get("character"),
        "where": vb.location_id(st, w) if w >= 0 else None,  # "5" a clearing, "F3" a forest
        "items": entries,
        "tracks": tracks,  # 9.2.5.I: tea, coin, bag face up on their tracks (three at most)
        "satchel_count": vb.satchel_size(st, seat),  # Satchel and Damaged box, for 9.6.4
        "item_limit": vb.item_limit(st, seat),  # 9.6.4: six plus two per bag on its track
        "refresh": 3 + 2 * tracks["tea"],  # 9.4.1
        "draw": 1 + tracks["coin"],  # 9.6.2
        "swords": vb.swords(st, seat),  # 9.2.6: undamaged swords, the maximum rolled hits
        "relationships": rels,  # 9.2.9
        "aids_this_turn": aids,  # 9.2.9.I.a: aids counted toward the next improvement this turn
        "quests_done": [quests()[q].key for q in fd.get("quests_done", [])],
        "coalition": fd.get("coalition"),  # 9.2.8
        "removed_items": sorted(fd.get("removed", [])),  # 9.6.4: removed from the game
    }


def _ruins(st: RootState, viewer: str | None) -> list[dict[str, Any]]:
    """Ruins on the map and how many face-down items lie under each (9.3.4); the items only for a Vagabond
    who has looked under that ruin (9.7.3)."""
    # 9.7.3: a Vagabond who explored, or the Hundreds who razed (14.4.1), a ruin with two items
    seen = set(st.fdata[viewer].get("ruins_seen", ())) if viewer in st.fdata else set()
    out = []
    for c in st.map.clearings():
        if "ruin" in st.buildings[c]:
            items = st.under_ruin(c)
            out.append({"clearing": c + 1, "items": len(items),
                        "known": sorted(vb.base(i) for i in items) if c in seen else None})
    return out


def _riverfolk_board(st: RootState) -> dict[str, Any]:
    """11.2: the whole board is public — boxes (by whose warriors they hold), tracks and prices."""
    fd = st.fdata["riverfolk"]
    if "funds" not in fd:  # before setup
        return {"warrior_supply": st.warrior_supply("riverfolk")}
    return {
        "payments": sorted(fd["payments"]), "funds": sorted(fd["funds"]), "committed": sorted(fd["committed"]),
        # 11.2.1: funds committed to the empty spaces of each Trade Posts track
        "tracks": {s: sorted(fd[f"track_{s}"]) for s in SUITS},
        "posts_on_track": {s: rf.posts_on_track(st, s) for s in SUITS},
        "posts_lost": sorted(fd["lost"]),  # 11.2.5.I
        "crafting_spaces": rf.crafting_pieces(st, "riverfolk"),
        "prices": {s: fd[f"price_{s}"] for s in rf.SERVICES},  # 11.2.7
        "warrior_supply": st.warrior_supply("riverfolk"),
    }


def _faction_board(st: RootState, seat: str, viewer: str | None = None) -> dict[str, Any]:
    fd = st.fdata[seat]
    if seat in vb.SEATS:
        return _vagabond_board(st, seat)
    if seat == "riverfolk":
        return _riverfolk_board(st)
    if seat == "cult":
        return cult.board_view(st) if "lost_souls" in fd else {"warrior_supply": st.warrior_supply(seat)}
    if seat == "duchy":
        return duchy.board_view(st) if "swayed" in fd else {"warrior_supply": st.warrior_supply(seat)}
    if seat == "warlord":
        return warlord.board_view(st)  # 14.2.4 the Hoard, 14.4.4 the face-up mood: all public
    if seat == "corvid":
        return corvid.board_view(st, viewer)
    if seat == "keepers":  # 15.2.1: face-down relics show their type only, to every seat
        return keepers.board_view(st) if "forest_relics" in fd else {"warrior_supply": st.warrior_supply(seat)}
    if seat == "alliance":
        return _alliance_board(st, viewer)
    if seat == "marquise":
        return {
            "buildings_on_map": {k: st.count_on_map(k) for k in ("sawmill", "workshop", "recruiter")},
            "wood_supply": TOKEN_COUNT["wood"] - st.count_on_map("wood"),
            "keep": None if st.keep_clearing() is None else st.keep_clearing() + 1,  # type: ignore[operator]
            "warrior_supply": st.warrior_supply(seat),
        }
    if seat == "eyrie":
        return {
            "leader": fd.get("leader"),
            "leaders_face_up": list(fd.get("leaders_up", [])),
            "leaders_face_down": list(fd.get("leaders_down", [])),
            "decree": {col: [st.card(c).key for c in fd.get(f"decree_{col}", [])] for col in COLUMNS},
            "roosts_on_map": st.count_on_map("roost"),
            "roosts_on_track": BUILDING_COUNT["roost"] - st.count_on_map("roost"),
            "warrior_supply": st.warrior_supply(seat),
        }
    return {}


def view(st: RootState, seat: str | None, log: bool = True) -> dict[str, Any]:
    if seat is not None and seat not in st.seats:
        raise ValueError(f"unknown seat {seat!r}; seats: {st.seats}")
    clearings = []
    pawns: dict[int, list[str]] = {}
    for v in vb.SEATS:
        if v in st.seats and st.pawn_clearing(v) is not None:
            pawns.setdefault(st.pawn_clearing(v), []).append(v)  # type: ignore[arg-type]
    for c in st.map.clearings():
        clearings.append({
            "pawns": pawns.get(c, []),  # Vagabond pawns here (9.2.2: not warriors)
            "id": c + 1, "suit": st.suits[c], "slots": st.open_slots(c) + len(st.buildings[c]),  # F: Elder Treetop
            "warriors": dict(sorted(st.warriors[c].items())), "buildings": sorted(st.buildings[c]),
            "tokens": sorted(st.tokens[c]), "ruler": st.ruler(c),
            "adjacent": [a + 1 for a in st.adj[c]],
        })
    board = st.map
    players = {}
    for s in st.seats:
        players[s] = {
            "vp": st.vp[s], "hand_count": len(st.hands[s]),
            # 11.2.3: the Riverfolk's hand lies face up
            "hand": sorted(st.card(c).key for c in st.hands[s]) if s == seat or s in st.hooks.public_hands else None,
            "crafted": sorted(st.card(c).key for c in st.crafted[s]),
            "items": sorted(st.crafted_items[s]),
            "dominance": None if st.dominance[s] is None else st.card(st.dominance[s]).key,  # type: ignore[arg-type]
            "board": _faction_board(st, s, seat),
        }
        if st.exiles:  # A.2 Coffin Makers: the warriors on the card, by faction (public)
            held = st.fdata[s].get("coffin") or []
            players[s]["coffin"] = {f: held.count(f) for f in sorted(set(held))}
            # A.2 League of Adventurous Mice: which of "items" lie exhausted in the Crafted Items box (public)
            players[s]["exhausted_items"] = sorted(st.crafted_exhausted.get(s, ()))
    d = st.decision
    decision = None
    if d is not None:
        decision = {"player": d.player, "kind": d.kind, "rule": d.rule}
        if seat == d.player:  # options reveal the chooser's hand, so only the chooser sees them
            decision["options"] = [o.to_json() for o in d.options]
            decision["args"] = dict(d.args)
    return {
        "game": "root", "seat": seat, "map": st.map.name, "seats": list(st.seats),
        "deck": st.deck_info.name,  # 2.1 the standard deck, or A.2 "exiles" (Exiles and Partisans)
        # Appendix C: the Lake's coastal clearings and Ferry (used this turn or not), the Mountain's closed
        # paths left and the Pass; empty or None on maps without them
        "coastal": [c + 1 for c in board.coastal],
        "ferry": None if st.ferry < 0 else {"clearing": st.ferry + 1, "used": bool(st.turn.get("ferry"))},
        "closed_paths": [[a + 1, b + 1] for a, b in st.closed],
        "pass": None if st.tower < 0 else st.tower + 1,
        # Appendix F: the landmarks on the map (the variant maps' Tower and Ferry among them) and their clearings
        "landmarks": [{"landmark": name, "clearing": c + 1} for name, c in sorted(landmarks.placed(st).items())],
        # the Landmarks Pack's cards: the Black Market's face-down cards (only those this seat put there), the
        # Elder Treetop's slot, the Legendary Forge's items
        "landmark_cards": landmarks.view(st, seat),
        # A.8.1: the faction setup cards left in the draft's pool lie face up (a Vagabond card with its character)
        "draft": next(({"cards": list(fr["pool"]), "locked": fr["locked"] or None} for fr in st.stack
                       if fr["k"] == "setup.draft"), None),
        "turn": st.current, "phase": st.phase, "turn_no": st.turn_no,
        "clearings": clearings, "players": players,
        "deck_count": len(st.deck), "discard": [st.card(c).key for c in st.discard],
        "available_dominance": [st.card(c).key for c in st.available],
        "item_supply": dict(st.items),
        # 9.3.3, 9.7.2: the face-up quests are public, the quest deck only by its size
        "quests": {"face_up": [quests()[q].key for q in st.quests_up], "deck_count": len(st.quest_deck)},
        "ruins": _ruins(st, seat),
        # Appendix E: the hireling cards (controller, control markers) and markers on the score track are public
        "hirelings": hirelings.view(st),
        "decision": decision, "result": st.result,
        "log": [e.to_json() for e in st.log if e.visible_to(seat)] if log else None,
        "owners": OWNER,
    }
