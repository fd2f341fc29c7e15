"""Root's immutable content: maps (Law 2.2–2.4, 17) and the shared deck (2.1, 5.1.3), loaded from data/.

Nothing here changes during a game, so states share these objects instead of copying them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

SUITS = ("fox", "rabbit", "mouse")
CARD_SUITS = ("bird", "fox", "rabbit", "mouse")
#: 5.1.5 Step 5: Form Item Supply.
ITEM_SUPPLY = {"boot": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coin": 2}


def _data(name: str) -> dict:
    return json.loads(resources.files("planszowki.games.root").joinpath("data").joinpath(name).read_text("utf-8"))


@dataclass(frozen=True, slots=True)
class Map:
    """A Woodland map. Clearings are numbered 1..N as printed in Rootlog; index i holds clearing i+1."""

    name: str
    n: int
    suits: tuple[str, ...]
    slots: tuple[int, ...]
    ruins: tuple[bool, ...]
    adj: tuple[tuple[int, ...], ...]  # 2.2.1: clearings linked by a path (closed paths excluded)
    rivers: tuple[tuple[int, ...], ...]  # 2.3: not paths unless a rule says so
    forests: tuple[tuple[int, ...], ...]  # 2.4: each forest as the clearings it touches
    corners: tuple[int, ...]
    opposite: dict[int, int]

    def clearings(self) -> range:
        return range(self.n)


@cache
def load_map(name: str) -> Map:
    raw = _data("maps.json")
    if name not in raw or name.startswith("_"):
        raise KeyError(name)
    m = raw[name]
    n = len(m["clearings"])
    cl = [m["clearings"][str(i + 1)] for i in range(n)]
    adj: list[set[int]] = [set() for _ in range(n)]
    closed = {tuple(sorted(p)) for p in m.get("closed_paths", [])}
    for a, b in m["paths"]:
        if tuple(sorted((a, b))) in closed:
            continue
        adj[a - 1].add(b - 1)
        adj[b - 1].add(a - 1)
    riv: list[set[int]] = [set() for _ in range(n)]
    for a, b in m["rivers"]:
        riv[a - 1].add(b - 1)
        riv[b - 1].add(a - 1)
    opposite: dict[int, int] = {}
    for a, b in m["opposite_corners"]:
        opposite[a - 1] = b - 1
        opposite[b - 1] = a - 1
    return Map(
        name=name,
        n=n,
        suits=tuple(c["suit"] for c in cl),
        slots=tuple(c["slots"] for c in cl),
        ruins=tuple(bool(c["ruin"]) for c in cl),
        adj=tuple(tuple(sorted(s)) for s in adj),
        rivers=tuple(tuple(sorted(s)) for s in riv),
        forests=tuple(tuple(c - 1 for c in f) for f in m["forests"]),
        corners=tuple(c - 1 for c in m["corners"]),
        opposite=opposite,
    )


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``key`` ("suit:Name") names it in option ids and positions; copies share it."""

    id: int
    name: str
    suit: str
    kind: str  # ambush | dominance | item | improvement | favor | vizier
    cost: tuple[str, ...]
    item: str | None
    vp: int
    effect: str | None

    @property
    def key(self) -> str:
        return f"{self.suit}:{self.name}"


@dataclass(frozen=True, slots=True)
class Deck:
    cards: tuple[Card, ...]
    by_key: dict[str, tuple[int, ...]]

    def __getitem__(self, cid: int) -> Card:
        return self.cards[cid]


#: The Eyrie's two Loyal Viziers (7.3.4) are bird cards that never enter the shared deck.
VIZIER_IDS = (54, 55)


@cache
def standard_deck() -> Deck:
    cards: list[Card] = []
    for e in _data("cards.json")["standard"]:
        for _ in range(e["count"]):
            cards.append(Card(len(cards), e["name"], e["suit"], e["kind"], tuple(e.get("cost", ())),
                              e.get("item"), e.get("vp", 0), e.get("effect")))
    assert len(cards) == 54, "the standard deck has 54 cards (2.1)"
    for _ in VIZIER_IDS:
        cards.append(Card(len(cards), "Loyal Vizier", "bird", "vizier", (), None, 0, None))
    by_key: dict[str, list[int]] = {}
    for c in cards:
        by_key.setdefault(c.key, []).append(c.id)
    return Deck(tuple(cards), {k: tuple(v) for k, v in by_key.items()})


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
