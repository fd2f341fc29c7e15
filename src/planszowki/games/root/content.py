"""Root's immutable content: maps (Law 2.2–2.4 and Appendix C, Variant Maps) and the shared decks (2.1,
5.1.3; the Exiles and Partisans deck of A.2), loaded from data/.

Nothing here changes during a game, so states share these objects instead of copying them. What a game
changes about its map — the suit markers of Advanced Setup (A.1), closed paths removed on the Mountain map
(C.3.3), the Ferry's clearing (C.2.5) — lives in the state (``RootState.suits``, ``adj``, ``closed``,
``ferry``); the map keeps what is printed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

SUITS = ("fox", "rabbit", "mouse")
CARD_SUITS = ("bird", "fox", "rabbit", "mouse")
#: A.1: the 12 suit markers, four of each suit, shuffled face down and placed one per clearing.
SUIT_MARKERS = ("fox",) * 4 + ("rabbit",) * 4 + ("mouse",) * 4
#: 5.1.5 Step 5: Form Item Supply.
ITEM_SUPPLY = {"boot": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coin": 2}


def _data(name: str) -> dict:
    return json.loads(resources.files("planszowki.games.root").joinpath("data").joinpath(name).read_text("utf-8"))


Path = tuple[int, int]


def adjacency(n: int, paths: tuple[Path, ...], closed: tuple[Path, ...] = ()) -> tuple[tuple[int, ...], ...]:
    """2.2.1: clearings linked by a path are adjacent; C.3.2: not across a closed path."""
    adj: list[set[int]] = [set() for _ in range(n)]
    shut = set(closed)
    for a, b in paths:
        if (a, b) not in shut:
            adj[a].add(b)
            adj[b].add(a)
    return tuple(tuple(sorted(s)) for s in adj)


@dataclass(frozen=True, slots=True)
class Map:
    """A Woodland map. Clearings are numbered 1..N as printed in Rootlog; index i holds clearing i+1.

    Paths are pairs of clearing indices, smaller first. ``suits`` are the printed suits: None on the
    variant maps, whose clearings get suit markers at setup (A.1)."""

    name: str
    n: int
    suits: tuple[str | None, ...]
    slots: tuple[int, ...]
    ruins: tuple[bool, ...]
    adj: tuple[tuple[int, ...], ...]  # 2.2.1 at setup: clearings linked by an open path (C.3.2: not closed ones)
    paths: tuple[Path, ...]  # every printed path, closed ones included (C.3.2)
    closed_paths: tuple[Path, ...]  # C.3.1: covered by a closed path marker at setup
    rivers: tuple[tuple[int, ...], ...]  # 2.3: not paths unless a rule says so; the lake on the Lake map (C.2.2)
    forests: tuple[tuple[int, ...], ...]  # 2.4: each forest as the clearings it touches
    forest_adj: tuple[tuple[int, ...], ...]  # 2.4.1 with C.1.1, C.2.4, C.3.2: forests adjacent to each forest
    corners: tuple[int, ...]
    opposite: dict[int, int]
    coastal: tuple[int, ...] = ()  # C.2.3: clearings touching the lake
    ferry: int = -1  # C.2.1: where the Ferry starts (-1: no Ferry)
    tower: int = -1  # C.3.4: the Pass (-1: none)

    def clearings(self) -> range:
        return range(self.n)

    @property
    def printed_suits(self) -> bool:
        return all(s is not None for s in self.suits)


def _forest_adjacency(m: dict, n: int, forests: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """2.4.1: forests separated by one path are adjacent — they share that path's two clearings. Closed paths
    divide forests as paths do (C.3.2), and so does the Winter river (C.1.1); the lake divides forests
    (C.2.2) but only neighbouring coastal forests are adjacent across it (C.2.4)."""
    dividers = {tuple(sorted((a - 1, b - 1))) for a, b in [*m["paths"], *m.get("closed_paths", [])]}
    if m.get("river_divides_forests"):
        dividers |= {tuple(sorted((a - 1, b - 1))) for a, b in m["rivers"]}
    near: list[set[int]] = [set() for _ in forests]
    for f, cl in enumerate(forests):
        for g, other in enumerate(forests):
            shared = sorted(set(cl) & set(other))
            if g != f and any((a, b) in dividers for i, a in enumerate(shared) for b in shared[i + 1:]):
                near[f].add(g)
    coastal = {c - 1 for c in m.get("coastal", [])}
    ring = [f - 1 for f in m.get("coastal_forests", [])]
    for f in ring:  # C.2.4: separated by one coastal clearing
        for g in ring:
            if f != g and set(forests[f]) & set(forests[g]) & coastal:
                near[f].add(g)
    return tuple(tuple(sorted(s)) for s in near)


@cache
def load_map(name: str) -> Map:
    raw = _data("maps.json")
    if name not in raw or name.startswith("_"):
        raise KeyError(name)
    m = raw[name]
    n = len(m["clearings"])
    cl = [m["clearings"][str(i + 1)] for i in range(n)]

    def pairs(key: str) -> tuple[Path, ...]:
        return tuple(sorted({(min(a, b) - 1, max(a, b) - 1) for a, b in m.get(key, [])}))

    closed = pairs("closed_paths")
    paths = tuple(sorted(set(pairs("paths")) | set(closed)))
    riv: list[set[int]] = [set() for _ in range(n)]
    for a, b in m["rivers"]:
        riv[a - 1].add(b - 1)
        riv[b - 1].add(a - 1)
    opposite: dict[int, int] = {}
    for a, b in m["opposite_corners"]:
        opposite[a - 1] = b - 1
        opposite[b - 1] = a - 1
    forests = tuple(tuple(c - 1 for c in f) for f in m["forests"])
    return Map(
        name=name,
        n=n,
        suits=tuple(c["suit"] for c in cl),
        slots=tuple(c["slots"] for c in cl),
        ruins=tuple(bool(c["ruin"]) for c in cl),
        adj=adjacency(n, paths, closed),
        paths=paths,
        closed_paths=closed,
        rivers=tuple(tuple(sorted(s)) for s in riv),
        forests=forests,
        forest_adj=_forest_adjacency(m, n, forests),
        corners=tuple(c - 1 for c in m["corners"]),
        opposite=opposite,
        coastal=tuple(c - 1 for c in m.get("coastal", [])),
        ferry=m.get("ferry", 0) - 1,
        tower=m.get("tower", 0) - 1,
    )


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``key`` ("suit:Name") names it in option ids and positions; copies share it."""

    id: int
    name: str
    suit: str
    kind: str  # ambush | dominance | item | improvement | favor | vizier | retainer
    cost: tuple[str, ...]
    item: str | None
    vp: int
    effect: str | None
    #: "suit:Name", made once: option ids and positions ask for it at almost every decision
    key: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "key", f"{self.suit}:{self.name}")


@dataclass(frozen=True, slots=True)
class Deck:
    """A shared deck (2.1): the standard deck, or the Exiles and Partisans deck of Advanced Setup (A.2).
    Both hold 54 cards; ids 54–55 are the Eyrie's Loyal Viziers (7.3.4), outside the shared deck."""

    cards: tuple[Card, ...]
    by_key: dict[str, tuple[int, ...]]
    name: str = "standard"

    def __getitem__(self, cid: int) -> Card:
        return self.cards[cid]


#: The Eyrie's two Loyal Viziers (7.3.4) are bird cards that never enter the shared deck.
VIZIER_IDS = (54, 55)
#: The Keepers' three Faithful Retainers (15.3.4): bird cards outside the shared deck, removed from the game when
#: discarded (Rootlog spec v2.8: "#faith ... when they're removed from the game, notate that they're discarded").
FAITHFUL_IDS = (56, 57, 58)
#: The decks a game can use: the standard deck (2.1) and the Exiles and Partisans deck (A.2), by the name
#: ``options["deck"]`` gives them, with the key of their list in data/cards.json.
DECKS = {"standard": "standard", "exiles": "exiles"}
CARD_KINDS = ("ambush", "dominance", "item", "improvement", "favor")
#: 4.1.1: a cost names crafting-piece suits; "any" is the three-color question mark
COST_SUITS = ("fox", "rabbit", "mouse", "any")


class BadContent(ValueError):
    """Content data that does not follow its schema; the message names the entry and the field."""


def _check_card(deck: str, i: int, e: object) -> None:
    """The card schema (docs: data/cards.json): name, suit, count, kind; cost for craftable cards; item and vp
    for items; effect for improvements and favors."""
    where = f"cards.json {deck}[{i}]"
    if not isinstance(e, dict):
        raise BadContent(f"{where}: a card entry is an object")
    name = e.get("name")
    if not isinstance(name, str) or not name:
        raise BadContent(f"{where}: field 'name' must be a non-empty string")
    where = f"{where} ({name})"
    if e.get("suit") not in CARD_SUITS:
        raise BadContent(f"{where}: field 'suit' must be one of {', '.join(CARD_SUITS)}, not {e.get('suit')!r}")
    if type(e.get("count")) is not int or e["count"] < 1:
        raise BadContent(f"{where}: field 'count' must be a whole number of at least 1")
    kind = e.get("kind")
    if kind not in CARD_KINDS:
        raise BadContent(f"{where}: field 'kind' must be one of {', '.join(CARD_KINDS)}, not {kind!r}")
    cost = e.get("cost", [])
    if kind in ("item", "improvement", "favor") and (
            not isinstance(cost, list) or not cost or any(s not in COST_SUITS for s in cost)):
        raise BadContent(f"{where}: field 'cost' must be a non-empty list of {', '.join(COST_SUITS)}")
    if kind == "item":
        if e.get("item") not in ITEM_SUPPLY:
            raise BadContent(f"{where}: field 'item' must be one of {', '.join(ITEM_SUPPLY)}")
        if type(e.get("vp")) is not int or e["vp"] < 0:
            raise BadContent(f"{where}: field 'vp' must be a whole number of at least 0")
    if kind in ("improvement", "favor") and (not isinstance(e.get("effect"), str) or not e["effect"]):
        raise BadContent(f"{where}: field 'effect' must name the card's effect")


def build_deck(name: str, entries: list) -> Deck:
    """Validate ``entries`` (the card schema, :func:`_check_card`) and number their physical cards."""
    if not isinstance(entries, list):
        raise BadContent(f"cards.json {name}: a deck is a list of card entries")
    cards: list[Card] = []
    for i, e in enumerate(entries):
        _check_card(name, i, e)
        for _ in range(e["count"]):
            cards.append(Card(len(cards), e["name"], e["suit"], e["kind"], tuple(e.get("cost", ())),
                              e.get("item"), e.get("vp", 0), e.get("effect")))
    if len(cards) != 54:
        raise BadContent(f"cards.json {name}: a deck has 54 cards (2.1), this one {len(cards)}")
    for _ in VIZIER_IDS:
        cards.append(Card(len(cards), "Loyal Vizier", "bird", "vizier", (), None, 0, None))
    for _ in FAITHFUL_IDS:
        cards.append(Card(len(cards), "Faithful Retainer", "bird", "retainer", (), None, 0, None))
    by_key: dict[str, list[int]] = {}
    for c in cards:
        by_key.setdefault(c.key, []).append(c.id)
    return Deck(tuple(cards), {k: tuple(v) for k, v in by_key.items()}, name)


@cache
def load_deck(name: str) -> Deck:
    """The deck called ``name`` (:data:`DECKS`), loaded and validated once."""
    if name not in DECKS:
        raise KeyError(name)
    return build_deck(name, _data("cards.json")[DECKS[name]])


def standard_deck() -> Deck:
    return load_deck("standard")


DECK_SIZE = 54


@dataclass(frozen=True, slots=True)
class Quest:
    """A quest card (9.5.5): its suit and the two items it asks for."""

    id: int
    name: str
    suit: str
    items: tuple[str, str]

    @property
    def key(self) -> str:
        return f"{self.suit}:{self.name}"


@cache
def quests() -> tuple[Quest, ...]:
    return tuple(Quest(i, q["name"], q["suit"], (q["items"][0], q["items"][1]))
                 for i, q in enumerate(_data("cards.json")["quests"]))


@cache
def characters() -> dict[str, dict]:
    """The Vagabond characters of the Law's Appendix D: starting items and special action."""
    return _data("characters.json")["characters"]


#: 9.3.4: the items marked "R" placed under the ruins (one set per Vagabond, 9.7.1).
RUIN_ITEMS = ("bag", "boot", "hammer", "sword")
