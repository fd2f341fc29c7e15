"""The Root position format (like FEN in chess); specified in docs/root-position-format.md.

A position is a board, hands, play areas, scores and the start of a phase of someone's turn. Cards are
named by their key ``"suit:Name"`` (e.g. ``"fox:Ambush!"``); clearings by their printed number.
"""

from __future__ import annotations

from typing import Any

from ...engine import InvalidPosition, Rng
from .content import DECK_SIZE, ITEM_SUPPLY, VIZIER_IDS, load_map, standard_deck
from .factions.eyrie import COLUMNS, LEADERS
from .game import MAPS, SUPPORTED, _validate
from .state import OWNER, RootState

PHASE_STEP = {"birdsong": 0, "daylight": 4, "evening": 6}


def _need(doc: dict, key: str, kind: type | tuple[type, ...]) -> Any:
    if key not in doc:
        raise InvalidPosition(f"position needs {key!r}")
    if not isinstance(doc[key], kind):
        raise InvalidPosition(f"position field {key!r} has the wrong type")
    return doc[key]


class _Cards:
    """Hands out physical cards by key, so each physical card is used once."""

    def __init__(self) -> None:
        self.deck = standard_deck()
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
        raise InvalidPosition(f"unknown or unsupported map {map_name!r}")
    seats = _need(doc, "seats", list)
    for s in seats:
        if s not in SUPPORTED:
            raise InvalidPosition(f"unsupported faction {s!r}; playable: {', '.join(SUPPORTED)}")
    if len(set(seats)) != len(seats) or len(seats) < 2:
        raise InvalidPosition("seats must list at least two different factions in clockwise order")
    board = load_map(map_name)
    st = RootState(board, list(seats))
    st.factions = [f for f in SUPPORTED if f in seats]
    st.options = {"map": map_name, "seating": "fixed"}
    st.rng = Rng(int(doc.get("seed", 0)))
    cards = _Cards()

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
            if OWNER[kind] and OWNER[kind] not in seats:
                raise InvalidPosition(f"clearing {key}: {kind} belongs to {OWNER[kind]}, who is not playing")

    # players
    players = doc.get("players", {})
    for s in seats:
        p = players.get(s, {})
        st.vp[s] = int(p.get("vp", 0))
        st.hands[s] = [cards.take(k, f"{s} hand") for k in p.get("hand", [])]
        st.crafted[s] = [cards.take(k, f"{s} crafted") for k in p.get("crafted", [])]
        st.crafted_items[s] = list(p.get("items", []))
        dom = p.get("dominance")
        st.dominance[s] = None if dom is None else cards.take(dom, f"{s} dominance")
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

    # shared cards and items
    st.discard = [cards.take(k, "discard") for k in doc.get("discard", [])]
    st.available = [cards.take(k, "available dominance") for k in doc.get("available_dominance", [])]
    if len(seats) == 2 and doc.get("remove_dominance", True):
        # 5.1.3: two-player games play without the dominance cards
        for key, ids in cards.free.items():
            if key.endswith(":Dominance"):
                st.out.extend(ids)
                ids.clear()
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
    if "item_supply" in doc:
        items = {k: int(v) for k, v in doc["item_supply"].items()}
    if any(v < 0 for v in items.values()):
        raise InvalidPosition("more crafted items than the item supply holds (5.1.5)")
    st.items = items

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
    _validate(st)
    st.emit("position", "5", turn=turn, phase=phase)
    st._settle()
    return st
