"""The Root position format (like FEN in chess); specified in docs/root-position-format.md.

A position is a board, hands, play areas, scores and the start of a phase of someone's turn. Cards are
named by their key ``"suit:Name"`` (e.g. ``"fox:Ambush!"``); clearings by their printed number.
"""

from __future__ import annotations

from typing import Any

from ...engine import InvalidPosition, Rng
from . import hirelings, landmarks
from .catalog import MAPS, SUPPORTED, hooks_for
from .content import (
    DECK_SIZE,
    DECKS,
    ITEM_SUPPLY,
    RUIN_ITEMS,
    VIZIER_IDS,
    Map,
    adjacency,
    characters,
    load_deck,
    load_map,
    quests,
)
from .factions import corvid, cult, duchy, keepers, riverfolk, warlord
from .factions import vagabond as vb
from .factions.eyrie import COLUMNS, LEADERS
from .state import OWNER, WARRIORS, RootState
from .validate import validate
from .variant_maps import place_suit_markers, suits_problem

PHASE_STEP = {"birdsong": 0, "daylight": 4, "evening": 6}


def _need(doc: dict, key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in doc:
        raise InvalidPosition(f"position needs {key!r}")
    if not isinstance(doc[key], kind):
        raise InvalidPosition(f"position field {key!r} has the wrong type")
    return doc[key]


class _Cards:
    """Hands out physical cards by key, so each physical card is used once."""

    def __init__(self, deck: str = "standard") -> None:
        self.deck = load_deck(deck)
        self.free: dict[str, list[int]] = {k: [c for c in ids if c < DECK_SIZE]
                                           for k, ids in self.deck.by_key.items()}

    def take(self, key: Any, where: str) -> int:
        if not isinstance(key, str) or key not in self.free:
            raise InvalidPosition(f"{where}: unknown card {key!r} (cards are named 'suit:Name', e.g. 'fox:Anvil')")
        if not self.free[key]:
            raise InvalidPosition(f"{where}: more copies of {key} than the deck has")
        return self.free[key].pop(0)

    def remaining(self) -> list[int]:
        return sorted(c for ids in self.free.values() for c in ids)


def from_position(doc: dict[str, Any]) -> RootState:
    if not isinstance(doc, dict):
        raise InvalidPosition("a position is a JSON object")
    map_name = doc.get("map", "autumn")
    if map_name not in MAPS:
        raise InvalidPosition(f"unknown map {map_name!r}; maps: {', '.join(MAPS)}")
    seats = _need(doc, "seats", list)
    for s in seats:
        if s not in SUPPORTED:
            raise InvalidPosition(f"unsupported faction {s!r}; playable: {', '.join(SUPPORTED)}")
    if len(set(seats)) != len(seats) or len(seats) < 2:
        raise InvalidPosition("seats must list at least two different factions in clockwise order")
    board = load_map(map_name)
    st = RootState(board, list(seats), hooks_for(list(seats)))
    st.factions = [f for f in SUPPORTED if f in seats]
    st.options = {"map": map_name, "seating": "fixed"}
    deck = doc.get("deck_name", "standard")  # A.2: "exiles" for the Exiles and Partisans deck
    if deck not in DECKS:
        raise InvalidPosition(f"unknown deck_name {deck!r}; decks: {', '.join(DECKS)} (2.1, A.2)")
    if deck != "standard":
        st.options["deck"] = deck
    st.use_deck(deck)
    st.rng = Rng(int(doc.get("seed", 0)))
    _map_fields(st, board, doc)
    cards = _Cards(deck)

    # board
    clearings = doc.get("clearings", {})
    if not isinstance(clearings, dict):
        raise InvalidPosition("'clearings' maps clearing numbers to their pieces")
    for c in range(board.n):
        if board.ruins[c]:
            st.buildings[c].append("ruin")
    for key, spec in clearings.items():
        try:
            c = int(key) - 1
        except ValueError:
            raise InvalidPosition(f"clearing {key!r} is not a number") from None
        if not 0 <= c < board.n or not isinstance(spec, dict):
            raise InvalidPosition(f"clearing {key!r} does not exist on the {map_name} map")
        st.warriors[c] = {f: int(n) for f, n in spec.get("warriors", {}).items() if int(n)}
        if "buildings" in spec:
            st.buildings[c] = list(spec["buildings"])
        st.tokens[c] = list(spec.get("tokens", []))
        for kind in st.buildings[c] + st.tokens[c]:
            if kind not in OWNER:
                raise InvalidPosition(f"clearing {key}: unknown piece {kind!r}")
            if OWNER[kind] and OWNER[kind] not in seats and not OWNER[kind].startswith("hireling:"):
                raise InvalidPosition(f"clearing {key}: {kind} belongs to {OWNER[kind]}, who is not playing")

    # players
    players = doc.get("players", {})
    for s in seats:
        p = players.get(s, {})
        st.vp[s] = int(p.get("vp", 0))
        st.hands[s] = [cards.take(k, f"{s} hand") for k in p.get("hand", [])]
        st.crafted[s] = [cards.take(k, f"{s} crafted") for k in p.get("crafted", [])]
        # the Vagabond has no Crafted Items box: his "items" are on his faction board (9.2.5)
        if s not in vb.SEATS:
            _crafted_items_box(st, s, p.get("items", []))
        dom = p.get("dominance")
        st.dominance[s] = None if dom is None else cards.take(dom, f"{s} dominance")
        coffin = p.get("coffin")  # A.2 Coffin Makers: warriors on the card, faction -> count
        if coffin:
            if not isinstance(coffin, dict) or any(f not in WARRIORS or type(n) is not int or n < 0
                                                   for f, n in coffin.items()):
                raise InvalidPosition(f"players.{s}.coffin maps factions to the number of their warriors on "
                                      "Coffin Makers (A.2)")
            st.fdata[s]["coffin"] = [f for f, n in sorted(coffin.items()) for _ in range(n)]
        fd = st.fdata[s]
        if s == "marquise":
            keep = st.keep_clearing()
            start = p.get("start")
            fd["start"] = int(start) - 1 if start is not None else (keep if keep is not None else board.corners[0])
        elif s == "eyrie":
            leader = p.get("leader", "builder")
            if leader not in LEADERS:
                raise InvalidPosition(f"unknown Eyrie leader {leader!r}; leaders: {', '.join(LEADERS)}")
            fd["leader"] = leader
            fd["leaders_down"] = list(p.get("leaders_face_down", []))
            fd["leaders_up"] = list(p.get("leaders_face_up",
                                          [n for n in LEADERS if n != leader and n not in fd["leaders_down"]]))
            dec = p.get("decree")
            viziers = list(VIZIER_IDS)
            for col in COLUMNS:
                fd[f"decree_{col}"] = []
            if dec is None:
                for vid, col in zip(VIZIER_IDS, LEADERS[leader], strict=True):
                    fd[f"decree_{col}"].append(vid)
            else:
                for col, keys in dec.items():
                    if col not in COLUMNS:
                        raise InvalidPosition(f"unknown Decree column {col!r}; columns: {', '.join(COLUMNS)}")
                    for k in keys:
                        if k == "bird:Loyal Vizier":
                            if not viziers:
                                raise InvalidPosition("the Eyrie have only two Loyal Viziers")
                            fd[f"decree_{col}"].append(viziers.pop(0))
                        else:
                            fd[f"decree_{col}"].append(cards.take(k, f"eyrie decree {col}"))
            start = p.get("start")
            if start is not None:
                fd["start"] = int(start) - 1
        elif s == "alliance":
            sup = p.get("supporters", [])
            if not isinstance(sup, list):
                raise InvalidPosition("players.alliance.supporters is a list of card keys "
                                      "(the Supporters stack, 8.2.3)")
            fd["supporters"] = [cards.take(k, "alliance supporters") for k in sup]
            officers = p.get("officers", 0)
            if not isinstance(officers, int) or isinstance(officers, bool) or officers < 0:
                raise InvalidPosition(f"players.alliance.officers must be a whole number of at least 0, "
                                      f"not {officers!r}")
            fd["officers"] = officers
        elif s in vb.SEATS:
            _vagabond(st, s, p)
        elif s == "riverfolk":
            riverfolk.from_position(st, p)  # 11.2.4–11.2.7: boxes, tracks, prices
        elif s == "cult":
            cult.load_position(st, p, cards.take)  # 10.2.3, 10.2.6, 10.4.1, 10.5: the Cult's board
        elif s == "duchy":
            duchy.load_position(st, p, cards.take)  # 12.2.2 the Burrow, 12.2.3 crowns, 12.5.3 ministers
        elif s == "corvid":
            corvid.load_position(st, p)  # 13.2.2.1, 13.2.4: face-down plots and failed Exposures
        elif s == "warlord":
            warlord.load_position(st, p)  # 14.2.2 the warlord, 14.2.4 the Hoard, 14.7 the mood
        elif s == "keepers":
            keepers.load_position(st, p, cards.take)  # 15.2.1 relics, 15.5.2 the Retinue

    # shared cards and items
    st.discard = [cards.take(k, "discard") for k in doc.get("discard", [])]
    st.available = [cards.take(k, "available dominance") for k in doc.get("available_dominance", [])]
    if len(seats) == 2 and doc.get("remove_dominance", True):
        # 5.1.3: two-player games play without the dominance cards
        for key, ids in cards.free.items():
            if key.endswith(":Dominance"):
                st.out.extend(ids)
                ids.clear()
    market = landmarks.take_market(doc, cards.take)  # Appendix F: the Black Market's face-down cards
    if "deck" in doc:
        st.deck = [cards.take(k, "deck") for k in reversed(doc["deck"])]  # first listed = top card
        leftover = cards.remaining()
        st.out.extend(leftover)  # cards the position does not mention are out of the game
    else:
        st.deck = cards.remaining()
        st.rng.shuffle(st.deck)
    items = dict(ITEM_SUPPLY)
    for s in seats:
        for it in st.crafted_items[s]:
            if it not in items:
                raise InvalidPosition(f"{s}: unknown item {it!r}")
            items[it] -= 1
        if s in vb.SEATS:
            # the Vagabond's items beyond his "S" starting items came from the supply (crafted, or by Aid)
            start = list(characters()[st.fdata[s]["character"]]["items"])
            for name in [vb.split(e)[0] for e in st.fdata[s]["items"]] + st.fdata[s]["removed"]:
                if name.startswith("R-"):
                    continue
                if name in start:
                    start.remove(name)
                elif name in items:
                    items[name] -= 1
        elif s == "warlord":  # 14.2.4: the Hoard's items (but "R" items) and those removed came from the supply
            fd = st.fdata[s]
            for name in fd["command"] + fd["prowess"] + fd["removed"]:
                if not name.startswith("R-") and name in items:
                    items[name] -= 1
    _quests_and_ruins(st, doc)
    if "item_supply" in doc:
        items = {k: int(v) for k, v in doc["item_supply"].items()}
    if any(v < 0 for v in items.values()):
        raise InvalidPosition("more crafted items than the item supply holds (5.1.5)")
    if set(items) - set(ITEM_SUPPLY):
        raise InvalidPosition(f"item_supply: unknown item(s) {sorted(set(items) - set(ITEM_SUPPLY))}; items: "
                              + ", ".join(ITEM_SUPPLY))
    st.items = items
    if any(v in seats for v in vb.SEATS) or "warlord" in seats:
        _check_items(st)

    landmarks.load_position(st, doc, market)  # Appendix F: the Landmarks Pack's cards
    hirelings.load_position(st, doc.get("hirelings"))  # Appendix E

    # whose turn, which phase
    turn = doc.get("turn", seats[0])
    if turn not in seats:
        raise InvalidPosition(f"turn {turn!r} is not one of the seats")
    phase = doc.get("phase", "birdsong")
    if phase not in PHASE_STEP:
        raise InvalidPosition(f"phase must be one of {', '.join(PHASE_STEP)}")
    st.current = turn
    st.phase = phase
    st.turn_no = int(doc.get("turn_no", 1))
    if phase == "birdsong":
        st.turn_no -= 1  # the turn frame counts the turn as it starts
    st.push("turn", seat=turn, i=PHASE_STEP[phase])
    validate(st)
    st.emit("position", "5", turn=turn, phase=phase)
    st._settle()
    return st


def _map_fields(st: RootState, board: Map, doc: dict[str, Any]) -> None:
    """``suits`` (A.1), ``closed_paths`` (C.3.2–C.3.3) and ``ferry`` (C.2.5)."""
    suits = doc.get("suits")
    problem = suits_problem(suits, board)
    if problem:
        raise InvalidPosition.saying(problem)
    if suits is not None:
        st.options["suits"] = suits if isinstance(suits, str) else list(suits)
    place_suit_markers(st, suits)
    if "closed_paths" in doc:
        raw = doc["closed_paths"]
        if not isinstance(raw, list):
            raise InvalidPosition("'closed_paths' is a list of the closed paths left, e.g. [\"5_9\", [8, 9]] (C.3.2)")
        closed = set()
        for p in raw:
            parts = p.split("_") if isinstance(p, str) else p
            try:
                a, b = sorted(int(x) - 1 for x in parts)
            except (TypeError, ValueError):
                raise InvalidPosition(f"closed_paths: {p!r} is not a path; write \"5_9\" or [5, 9]") from None
            if (a, b) not in board.closed_paths:
                shown = ", ".join(f"{x + 1}_{y + 1}" for x, y in board.closed_paths) or "none"
                raise InvalidPosition(f"closed_paths: {p!r} is not one of the {board.name} map's closed paths "
                                      f"({shown}; C.3.1)")
            closed.add((a, b))
        st.closed = tuple(sorted(closed))
        st.adj = adjacency(board.n, board.paths, st.closed)
    _landmark_fields(st, board, doc)


def _landmark_fields(st: RootState, board: Map, doc: dict[str, Any]) -> None:
    """``landmarks`` (Appendix F, set up in A.5), ``ferry`` (C.2.5 or the Ferry landmark) and ``tower`` (C.3.4 the
    Pass or the Tower landmark)."""
    names = doc.get("landmarks", [])
    if names:
        trouble = landmarks.problem(names)
        if trouble:
            raise InvalidPosition(f"landmarks: {trouble}")
        st.landmarks = tuple(names)
    if "ferry" in doc:
        if board.ferry < 0 and "ferry" not in st.landmarks:
            raise InvalidPosition(f"ferry: the {board.name} map has no Ferry (C.2.1); list 'ferry' in 'landmarks' "
                                  "to place the Ferry landmark (A.5)")
        try:
            ferry = int(doc["ferry"]) - 1
        except (TypeError, ValueError):
            ferry = -1
        if not 0 <= ferry < board.n or not board.rivers[ferry]:
            where = ("a coastal clearing (" + ", ".join(str(c + 1) for c in board.coastal) + "; C.2.3)"
                     if board.coastal else "a clearing on a river (the Ferry landmark)")
            raise InvalidPosition(f"ferry: {doc['ferry']!r} is not {where}")
        st.ferry = ferry
    elif "ferry" in st.landmarks and board.ferry < 0:
        raise InvalidPosition("ferry: the Ferry landmark is listed in 'landmarks'; say where it is")
    if "tower" in doc:
        if board.tower < 0 and "tower" not in st.landmarks:
            raise InvalidPosition(f"tower: the {board.name} map has no Tower (C.3.4); list 'tower' in 'landmarks' "
                                  "to place the Tower landmark (A.5)")
        try:
            tower = int(doc["tower"]) - 1
        except (TypeError, ValueError):
            tower = -1
        if not 0 <= tower < board.n:
            raise InvalidPosition(f"tower: {doc['tower']!r} is not a clearing of the {board.name} map")
        st.tower = tower
    elif "tower" in st.landmarks and board.tower < 0:
        raise InvalidPosition("tower: the Tower landmark is listed in 'landmarks'; say where it is")
    if st.tower >= 0 and st.tower == st.ferry:
        raise InvalidPosition("tower and ferry: a clearing has at most one landmark (A.5.3)")


# -- the Vagabond (chapter 9) ------------------------------------------------------------------------
REL_BY_NAME = {"hostile": vb.HOSTILE, "indifferent": vb.INDIFFERENT, "allied": vb.ALLIED}
STATE_NAMES = {"r": "r", "up": "r", "e": "e", "exhausted": "e", "d": "d", "damaged": "d", "x": "x",
               "damaged_exhausted": "x"}


def _location(st: RootState, value: Any, where: str) -> int:
    """A pawn location: a clearing number (``5`` or ``"5"``) or a forest (``"F3"``, 2.4)."""
    text = str(value).strip().upper()
    n = st.map.n
    try:
        if text.startswith("F"):
            f = int(text[1:]) - 1
            if 0 <= f < len(st.map.forests):
                return n + f
        else:
            c = int(text) - 1
            if 0 <= c < n:
                return c
    except ValueError:
        pass
    raise InvalidPosition(f"{where}: {value!r} is no clearing (1–{n}) or forest (F1–F{len(st.map.forests)}) "
                          f"of the {st.map.name} map")


def _crafted_items_box(st: RootState, seat: str, entries: Any) -> None:
    """players.<f>.items: the Crafted Items box (4.1.2), each ``"sword"`` face up or ``"sword:e"`` exhausted (A.2
    League of Adventurous Mice)."""
    if not isinstance(entries, list):
        raise InvalidPosition(f"players.{seat}.items lists the items in the Crafted Items box")
    for value in entries:
        name, _, state = value.partition(":") if isinstance(value, str) else ("", "", "")
        if not name or state not in ("", "e"):
            raise InvalidPosition(f"players.{seat}.items: bad item {value!r}; an item in a Crafted Items box is "
                                  "written 'sword', or 'sword:e' when exhausted (A.2)")
        st.crafted_items[seat].append(name)
        if state:
            st.exhaust_crafted_item(seat, name)


def _item_entry(value: Any, where: str) -> str:
    """``"boot"`` (face up), ``"boot:e"`` exhausted, ``"boot:d"`` damaged, ``"boot:x"`` damaged and exhausted;
    ``"R-boot"`` is an item taken from a ruin (9.3.4)."""
    if not isinstance(value, str):
        raise InvalidPosition(f"{where}: items are written as strings like 'boot' or 'sword:e', not {value!r}")
    name, _, state = value.partition(":")
    state = STATE_NAMES.get(state or "r")
    item = vb.base(name)
    if state is None or item not in vb.ITEM_KINDS:
        raise InvalidPosition(f"{where}: bad item {value!r}; items: {', '.join(vb.ITEM_KINDS)}, optionally with "
                              "':e' (exhausted), ':d' (damaged) or ':x' (damaged and exhausted), 'R-' for ruin items")
    if name.startswith("R-") and item not in RUIN_ITEMS:
        raise InvalidPosition(f"{where}: {value!r}: the ruins hold only {', '.join(RUIN_ITEMS)} (9.3.4)")
    return f"{name}:{state}"


def _vagabond(st: RootState, seat: str, p: dict[str, Any]) -> None:
    """players.vagabond / players.vagabond2: the Vagabond's faction board (9.2, 9.3)."""
    fd = st.fdata[seat]
    taken = [st.fdata[v].get("character") for v in vb.SEATS if v != seat and v in st.seats]
    char = p.get("character")
    if char is None:  # the first character of Appendix D not taken by the other Vagabond
        char = next(c for c in characters() if c not in taken)
    if char not in characters():
        raise InvalidPosition(f"players.{seat}.character: unknown character {char!r}; characters: "
                              + ", ".join(characters()))
    if char in taken:
        raise InvalidPosition(f"players.{seat}.character: both Vagabonds are the {char}; each character is one "
                              "card (9.3.1)")
    fd["character"] = char
    fd["where"] = _location(st, p.get("where", "F1"), f"players.{seat}.where")
    raw = p.get("items")
    if raw is None:
        raw = list(characters()[char]["items"])  # 9.3.5
    if not isinstance(raw, list):
        raise InvalidPosition(f"players.{seat}.items is a list of items such as 'boot' or 'sword:e'")
    fd["items"] = [_item_entry(v, f"players.{seat}.items") for v in raw]
    ruin_held = [vb.split(e)[0] for e in fd["items"] if e.startswith("R-")]
    dup = sorted({x for x in ruin_held if ruin_held.count(x) > 1})
    if dup:
        raise InvalidPosition(f"players.{seat}.items: {', '.join(dup)} twice; a Vagabond cannot take an 'R' item "
                              "he already has (9.7.3)")
    removed = p.get("removed_items", [])
    if not isinstance(removed, list):
        raise InvalidPosition(f"players.{seat}.removed_items is a list of items removed from the game (9.6.4)")
    fd["removed"] = [vb.split(_item_entry(v, f"players.{seat}.removed_items"))[0] for v in removed]
    fd["ruins_seen"] = []
    rels = p.get("relationships", {})
    if not isinstance(rels, dict):
        raise InvalidPosition(f"players.{seat}.relationships maps factions to hostile, indifferent, 1, 2 or allied")
    for f in st.seats:
        if f not in vb.SEATS:
            fd[f"rel_{f}"] = vb.INDIFFERENT  # 9.3.6
    for f, level in rels.items():
        if f not in st.seats or f in vb.SEATS:
            raise InvalidPosition(f"players.{seat}.relationships: {f!r} is not a seated non-Vagabond faction (9.2.9)")
        value = REL_BY_NAME.get(level, level) if isinstance(level, str) else level
        if isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if not isinstance(value, int) or isinstance(value, bool) or not vb.HOSTILE <= value <= vb.ALLIED:
            raise InvalidPosition(f"players.{seat}.relationships.{f}: {level!r}; write hostile, indifferent, 1, 2 "
                                  "or allied (9.2.9)")
        fd[f"rel_{f}"] = value
    keys = {q.key: q.id for q in quests()}
    done = p.get("quests_done", [])
    if not isinstance(done, list) or any(k not in keys for k in done):
        raise InvalidPosition(f"players.{seat}.quests_done: unknown quest in {done!r}; quests are named "
                              "'suit:Name', e.g. 'fox:Errand'")
    fd["quests_done"] = [keys[k] for k in done]
    partner = p.get("coalition")
    fd["coalition"] = partner
    if partner is not None:
        if partner not in st.seats or partner == seat:
            raise InvalidPosition(f"players.{seat}.coalition: {partner!r} is not another seat (9.2.8)")
        if len(st.seats) < 4:
            raise InvalidPosition(f"players.{seat}.coalition: coalitions need four or more players (9.2.8)")
        if st.dominance[seat] is None:
            raise InvalidPosition(f"players.{seat}.coalition: the coalition is formed by activating a dominance "
                                  f"card; give it as players.{seat}.dominance (9.2.8)")
    elif st.dominance[seat] is not None:
        raise InvalidPosition(f"players.{seat}.dominance: the Vagabond activates a dominance card only to form a "
                              f"coalition (9.2.8); give players.{seat}.coalition")


def _quests_and_ruins(st: RootState, doc: dict[str, Any]) -> None:
    """``quests`` (face up, deck) and ``ruins`` (the items under each ruin), 9.3.3–9.3.4 and 9.7."""
    sets = st.ruin_sets()
    if not sets:
        for field in ("quests", "ruins"):
            if field in doc:
                raise InvalidPosition(f"{field!r} belongs to a game with a Vagabond (9.3.3–9.3.4)")
        return
    keys = {q.key: q.id for q in quests()}
    used = [q for v in vb.SEATS if v in st.seats for q in st.fdata[v]["quests_done"]]
    spec = doc.get("quests", {})
    if not isinstance(spec, dict):
        raise InvalidPosition("'quests' is an object with 'face_up' and 'deck' lists of quest keys")

    def take(names: Any, where: str) -> list[int]:
        if not isinstance(names, list):
            raise InvalidPosition(f"quests.{where} is a list of quest keys such as 'fox:Errand'")
        out = []
        for k in names:
            if k not in keys:
                raise InvalidPosition(f"quests.{where}: unknown quest {k!r}")
            if keys[k] in used:
                raise InvalidPosition(f"quests.{where}: quest {k} is used twice")
            used.append(keys[k])
            out.append(keys[k])
        return out

    face_up = take(spec["face_up"], "face_up") if "face_up" in spec else None
    deck = take(spec["deck"], "deck") if "deck" in spec else None
    rest = [q.id for q in quests() if q.id not in used]
    st.rng.shuffle(rest)
    if face_up is None:
        face_up = [rest.pop() for _ in range(min(3, len(rest)))]  # 9.3.3
    if len(face_up) > 3:
        raise InvalidPosition("quests.face_up: three quests lie face up (9.3.3, 9.7.2)")
    st.quests_up = face_up
    st.quest_deck = list(reversed(deck)) if deck is not None else rest  # first listed = top
    if not any(v in st.seats for v in vb.SEATS):  # 14.3.2: the Hundreds bring the ruin items, not the quests
        if "quests" in doc:
            raise InvalidPosition("'quests' belongs to a game with a Vagabond (9.3.3)")
        st.quests_up, st.quest_deck = [], []
    # ruins
    ruins = [c for c in st.map.clearings() if "ruin" in st.buildings[c]]
    held: dict[str, int] = {it: 0 for it in RUIN_ITEMS}
    for v in vb.SEATS:
        if v in st.seats:
            for name in [vb.split(e)[0] for e in st.fdata[v]["items"]] + st.fdata[v]["removed"]:
                if name.startswith("R-"):
                    held[vb.base(name)] += 1
    if "warlord" in st.seats:  # 14.2.4: "R" items in the Hoard or removed by the Hundreds
        fd = st.fdata["warlord"]
        for name in fd["command"] + fd["prowess"] + fd["removed"]:
            if name.startswith("R-"):
                held[vb.base(name)] += 1
    under: dict[int, list[str]] = {}
    if "ruins" in doc:
        if not isinstance(doc["ruins"], dict):
            raise InvalidPosition("'ruins' maps clearing numbers to the items under their ruin, "
                                  "e.g. {\"6\": [\"bag\"]}")
        for key, names in doc["ruins"].items():
            c = _location(st, key, "ruins")
            if c >= st.map.n or c not in ruins:
                raise InvalidPosition(f"ruins: clearing {key} has no ruin")
            if not isinstance(names, list) or not names:
                raise InvalidPosition(f"ruins.{key}: a list of the items under the ruin (a ruin without items is "
                                      "removed, 9.5.3)")
            items = []
            for v in names:
                name = vb.split(_item_entry(v if str(v).startswith("R-") else f"R-{v}", f"ruins.{key}"))[0]
                items.append(name)
            under[c] = items
        missing = [c + 1 for c in ruins if c not in under]
        if missing:
            raise InvalidPosition(f"ruins: no items listed under the ruin(s) in {missing}; every ruin on the map holds "
                                  "items while a Vagabond plays (9.3.4, 9.5.3)")
    else:  # the "R" items nobody has, dealt at random to the ruins on the map (9.3.4, 9.7.1)
        left = [f"R-{it}" for it in RUIN_ITEMS for _ in range(sets - held[it])]
        st.rng.shuffle(left)
        for c in ruins:
            under[c] = []
        for i, name in enumerate(left[:sets * len(ruins)]):
            under[ruins[i % len(ruins)]].append(name)
        for v in vb.SEATS:  # what does not fit was removed from the game earlier
            if v in st.seats:
                st.fdata[v]["removed"].extend(left[sets * len(ruins):])
                break
        else:
            if "warlord" in st.seats:
                st.fdata["warlord"]["removed"].extend(left[sets * len(ruins):])
        for c in ruins:  # a ruin whose items were all taken has been removed (9.5.3)
            if not under[c]:
                del under[c]
                st.buildings[c].remove("ruin")
    for c, items in under.items():
        if len(items) > sets:
            raise InvalidPosition(f"ruins: {len(items)} items under the ruin in {c + 1}; at most {sets} (9.3.4, 9.7.1)")
        st.ruin_items[str(c)] = ",".join(items)
        for name in items:
            held[vb.base(name)] += 1
    over = sorted(it for it, n in held.items() if n > sets)
    if over:
        raise InvalidPosition(f"more 'R' {', '.join(over)} items than the {sets} set(s) hold (9.3.4, 9.7.1)")


def _check_items(st: RootState) -> None:
    """1.5.1: no more items of a kind than the game has (5.1.5, 9.3.4, 9.3.5)."""
    totals, census = vb.item_totals(st), vb.item_census(st)
    over = sorted(k for k in vb.ITEM_KINDS if census[k] > totals[k])
    if over:
        detail = ", ".join(f"{k} {census[k]} > {totals[k]}" for k in over)
        raise InvalidPosition(f"more items than the game has: {detail} (supply 5.1.5, 'S' items 9.3.5, "
                              "'R' items 9.3.4)")
