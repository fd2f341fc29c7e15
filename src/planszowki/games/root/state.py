"""The Root game state and the Law's shared vocabulary (chapters 2–3): rule, pieces, cards, scoring.

The state is flat plain data. Board pieces live in three per-clearing collections:

* ``warriors[c]``  – faction -> count of warriors in clearing ``c`` (index 0 = clearing 1),
* ``buildings[c]`` – building kinds filling slots (``"sawmill"``, ``"roost"``, ``"ruin"`` …),
* ``tokens[c]``    – token kinds (``"wood"``, ``"keep"`` …).

Each building or token kind has one owner (:data:`OWNER`), so a kind name is enough to know whose it
is. Supplies and tracks are derived from the board (a Marquise building not on the map is on its
track, 21.22), so they can never disagree with it.
"""

from __future__ import annotations

from typing import Any, ClassVar

# the kernel's module by name, not `from ... import FlowState`: the compiled build (state.pxd) must see the base
# class as the extension type flow.pxd declares
import planszowki.engine.flow as kernel_flow

from ...engine import Step
from ...engine.flow import copy_frames
from .content import DECK_SIZE, RUIN_ITEMS, SUITS, Card, Deck, Map, load_deck, standard_deck
from .hooks import Hooks

#: Owner of each building / token kind.
OWNER: dict[str, str] = {
    "sawmill": "marquise", "workshop": "marquise", "recruiter": "marquise",
    "wood": "marquise", "keep": "marquise",
    "roost": "eyrie",
    "base_fox": "alliance", "base_rabbit": "alliance", "base_mouse": "alliance", "sympathy": "alliance",
    "ruin": "",
    "torch": "",  # D.6.2 Scorched Earth: an item left on the map, owned by no one
    "trade_fox": "riverfolk", "trade_rabbit": "riverfolk", "trade_mouse": "riverfolk",  # 11.2.5 trade posts
    "garden_fox": "cult", "garden_rabbit": "cult", "garden_mouse": "cult",  # 10.2.4 gardens
    "citadel": "duchy", "market": "duchy", "tunnel": "duchy",  # 12.2.4, 12.3.4 the Underground Duchy
    # 13.2.2 plot tokens: "plot" lies face down (its type hidden, 13.2.2.1), the others face up
    "plot": "corvid", "plot_bomb": "corvid", "plot_snare": "corvid", "plot_extortion": "corvid", "plot_raid": "corvid",
    "stronghold": "warlord", "mob": "warlord",  # 14.2.1 strongholds, 14.4.1 mob tokens (the Lord of the Hundreds)
}
#: 15.2.1 the Keepers' relic types; a relic in a clearing always shows its value: ``relic_<type>_<value>``
RELIC_TYPES = ("figure", "tablet", "jewelry")
RELIC_KINDS = tuple(f"relic_{t}_{v}" for t in RELIC_TYPES for v in (1, 2, 3))
#: 15.2.2 the three waystations, each a relic type on its front and another on its back; on the map a waystation
#: is ``waystation_<side showing>_<other side>``
WAYSTATION_PIECES = (("figure", "tablet"), ("tablet", "jewelry"), ("jewelry", "figure"))
OWNER.update({k: "keepers" for k in RELIC_KINDS})
OWNER.update({f"waystation_{a}_{b}": "keepers" for p in WAYSTATION_PIECES for a, b in (p, p[::-1])})
#: kinds that are tokens (round pieces, 21.32) rather than buildings; the Scoundrel's torch lies among them
TOKEN_KINDS = frozenset({"wood", "keep", "sympathy", "torch", "trade_fox", "trade_rabbit", "trade_mouse",
                         "plot", "plot_bomb", "plot_snare", "plot_extortion", "plot_raid", "tunnel", "mob",
                         "foothold",  # Appendix E: the Sunward Expedition's tokens
                         *RELIC_KINDS})
#: seats that play the Vagabond (9.7: up to two)
VAGABONDS = ("vagabond", "vagabond2")
#: building kinds whose owner rules their clearing whatever else is there (10.2.4 Pilgrims)
RULING_BUILDINGS = frozenset({"garden_fox", "garden_rabbit", "garden_mouse"})
#: faction-board lists holding cards, counted by :meth:`RootState.total_cards` (8.2.3 the Supporters stack,
#: 10.2.6 the Lost Souls pile, 10.5 the Cult's revealed cards)
CARD_LISTS = ("supporters", "lost_souls", "revealed", "artisans")  # Appendix E: cards the Mole Artisans revealed
#: Warriors in each faction's supply at setup (6.3.1, 7.3.1).
WARRIORS = {"marquise": 25, "eyrie": 20, "alliance": 10}
WARRIORS["riverfolk"] = 15  # 11.3.1
WARRIORS["cult"] = 25  # 10.3.1
WARRIORS["duchy"] = 20  # 12.3.1
WARRIORS["corvid"] = 15  # 13.3.1
WARRIORS["warlord"] = 21  # 14.3.1: 20 warriors and the warlord, a warrior (14.2.2)
WARRIORS["keepers"] = 15  # 15.3 (the English Law's "Step 2: Gather Warriors"; the seed's setup leaves it out)
#: Building counts per kind (6.3.5: 6 of each Marquise building; 7.3.5: 7 roosts).
#: factions whose Standard Setup starts them in a corner clearing (6.3.2, 7.3.2, 10.3.2, 12.3.3, 14.3.1, 15.3.2);
#: five or more of them need the Advanced Setup (Law 5: "you must use the Advanced Setup")
CORNER_FACTIONS = ("marquise", "eyrie", "cult", "duchy", "warlord", "keepers")
BUILDING_COUNT = {"sawmill": 6, "workshop": 6, "recruiter": 6, "roost": 7}
TOKEN_COUNT = {"wood": 8, "keep": 1, "sympathy": 10}
TOKEN_COUNT.update({"trade_fox": 3, "trade_rabbit": 3, "trade_mouse": 3})  # 11.3.3
TOKEN_COUNT.update({"plot": 8, "plot_bomb": 2, "plot_snare": 2, "plot_extortion": 2, "plot_raid": 2})  # 13.2.2
BUILDING_COUNT.update({"base_fox": 1, "base_rabbit": 1, "base_mouse": 1})
BUILDING_COUNT.update({"garden_fox": 5, "garden_rabbit": 5, "garden_mouse": 5})  # 10.3.2, 10.3.4: 15 gardens
BUILDING_COUNT.update({"citadel": 3, "market": 3})  # 12.3.4
TOKEN_COUNT["tunnel"] = 3  # 12.3.1
BUILDING_COUNT["stronghold"] = 6  # 14.3.1
TOKEN_COUNT.update({k: 2 if k.endswith("_3") else 1 for k in RELIC_KINDS})  # 15.2.1: values 1, 2, 3, 3 of each type
BUILDING_COUNT.update({k: 1 for k, o in OWNER.items() if o == "keepers" and k.startswith("waystation_")})  # 15.2.2
TOKEN_COUNT["mob"] = 5  # 14.4.1: five mob tokens (faction-board data, not in the Law; warlord.py)
# Appendix E: hirelings' own pieces (E.3.3), owned by the hireling ("hireling:<side>", hirelings.py): the Vault
# Keepers' six vaults (buildings) and the Sunward Expedition's three footholds (tokens)
OWNER.update({"vault": "hireling:vault_keepers", "foothold": "hireling:sunward_expedition"})
BUILDING_COUNT["vault"] = 6
TOKEN_COUNT["foothold"] = 3
#: the faction that always rules the location at index ``map.n``, beyond the clearings (12.2.2 the Burrow)
BURROW_RULER = "duchy"
#: faction -> building and token kinds that are its crafting pieces on the map (6.2.1, 7.2.1, 8.2.1, 12.2.1,
#: 13.2.1; 10.2.1: of the Cult's gardens only those matching the Outcast, see :meth:`RootState.crafting_clearings`).
#: The Vagabond's hammers (9.2.1) and the Riverfolk's Trade Posts tracks (11.2.1) are not on the map.
CRAFTING_KINDS: dict[str, frozenset[str]] = {
    "marquise": frozenset({"workshop"}), "eyrie": frozenset({"roost"}), "alliance": frozenset({"sympathy"}),
    "duchy": frozenset({"citadel", "market"}),
    "corvid": frozenset({"plot", "plot_bomb", "plot_snare", "plot_extortion", "plot_raid"}),
    "warlord": frozenset({"stronghold"}),  # 14.2.1
    "keepers": frozenset(k for k, o in OWNER.items() if o == "keepers" and k.startswith("waystation_")),  # 15.2.2
}
#: Appendix F, the Lost City: the "suit" of a crafting piece there, which may pay any one suit of a cost
WILD = "lost_city"
WIN_VP = 30  # 3.1
HAND_LIMIT = 5  # 6.6, 7.6.2


class RootState(kernel_flow.FlowState):
    """A game of Root in progress. Create with ``planszowki.load("root").new(...)``."""

    GAME: ClassVar[str] = "root"
    STEPS: ClassVar[dict[str, Step]] = {}

    # -- construction & copying ------------------------------------------------------------------
    def __init__(self, board: Map, seats: list[str], hooks: Hooks) -> None:
        super().__init__()
        self.map = board
        #: what the factions in play and the optional modules add to the shared rules (hooks.py), assembled by the
        #: game at setup; immutable, shared by copies
        self.hooks = hooks
        # The map as this game has it (immutable tuples, shared by copies and replaced when they change):
        # the clearings' suits (printed, or the suit markers of A.1), adjacency (2.2.1; opens when a closed
        # path is removed, C.3.3), the closed paths left (C.3.2) and the Ferry's clearing (C.2.5, -1: none).
        self.suits: tuple[str, ...] = board.suits  # type: ignore[assignment]  # set at setup on variant maps
        self.adj: tuple[tuple[int, ...], ...] = board.adj
        self.closed: tuple[tuple[int, int], ...] = board.closed_paths
        self.ferry: int = board.ferry
        #: the Tower's clearing (C.3.4 the Pass on the Mountain map, or the Tower landmark placed in Advanced Setup,
        #: A.5; -1: none) and the landmarks this game plays with (Appendix F; an immutable tuple set at setup)
        self.tower: int = board.tower
        self.landmarks: tuple[str, ...] = ()
        self.deck_info = standard_deck()
        #: A.2: the game uses the Exiles and Partisans deck, whose persistent effects the shared rules ask about
        self.exiles = False
        self.seats: list[str] = list(seats)  # clockwise seating order (5.1.1)
        self.factions: list[str] = list(seats)  # setup order A, B … (5.1.7)
        self.options: dict[str, Any] = {}
        n = board.n
        self.warriors: list[dict[str, int]] = [{} for _ in range(n)]
        self.buildings: list[list[str]] = [[] for _ in range(n)]
        self.tokens: list[list[str]] = [[] for _ in range(n)]
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.available: list[int] = []  # dominance cards near the map (3.3.3)
        self.out: list[int] = []  # cards removed from the game (5.1.3: dominance in 2-player games)
        self.items: dict[str, int] = {}  # item supply on the map (5.1.5)
        self.hands: dict[str, list[int]] = {s: [] for s in seats}
        self.vp: dict[str, int] = {s: 0 for s in seats}
        self.crafted: dict[str, list[int]] = {s: [] for s in seats}  # persistent effects in play area
        self.crafted_items: dict[str, list[str]] = {s: [] for s in seats}  # Crafted Items box (4.1.2)
        #: A.2 League of Adventurous Mice: the items lying exhausted in a Crafted Items box (part of that box's
        #: ``crafted_items``; nothing turns them face up again); only seats with some are keys
        self.crafted_exhausted: dict[str, list[str]] = {}
        self.dominance: dict[str, int | None] = {s: None for s in seats}  # activated card (3.3.1)
        self.fdata: dict[str, dict[str, Any]] = {s: {} for s in seats}  # faction boards
        self.current = seats[0]  # whose turn it is
        self.phase = "setup"
        self.turn_no = 0
        self.turn: dict[str, Any] = {}  # once-per-turn bookkeeping (crafting pieces used, …)
        self.removed_marquise: dict[str, int] = {}  # clearing -> Marquise warriors removed, pending 6.2.3
        #: cards a seat has legitimately seen in another hand: [viewer ("*" = everyone), owner, card id]
        self.known: list[list] = []
        # 9.3.3–9.3.4: the quest deck (top = last), the three face-up quests, and the face-down items
        # under each ruin ("clearing index" -> comma-joined item names)
        self.quest_deck: list[int] = []
        self.quests_up: list[int] = []
        self.ruin_items: dict[str, str] = {}

    def copy(self) -> RootState:
        c = RootState.__new__(RootState)
        c.stack = copy_frames(self.stack)
        c.rng = self.rng.copy()
        c.log_chain = self.log_chain.copy()
        c.result = None if self.result is None else dict(self.result)
        c._decision = self._decision  # decisions are immutable snapshots of the same position
        c.applied = self.applied
        c.map = self.map
        c.hooks = self.hooks
        c.suits = self.suits
        c.adj = self.adj
        c.closed = self.closed
        c.ferry = self.ferry
        c.tower = self.tower
        c.landmarks = self.landmarks
        c.deck_info = self.deck_info
        c.exiles = self.exiles
        c.seats = self.seats
        c.factions = self.factions
        c.options = self.options
        c.warriors = [dict(w) for w in self.warriors]
        c.buildings = [list(b) for b in self.buildings]
        c.tokens = [list(t) for t in self.tokens]
        c.deck = list(self.deck)
        c.discard = list(self.discard)
        c.available = list(self.available)
        c.out = self.out
        c.items = dict(self.items)
        c.hands = {s: list(h) for s, h in self.hands.items()}
        c.vp = dict(self.vp)
        c.crafted = {s: list(h) for s, h in self.crafted.items()}
        c.crafted_items = {s: list(h) for s, h in self.crafted_items.items()}
        c.crafted_exhausted = {s: list(h) for s, h in self.crafted_exhausted.items()}
        c.dominance = dict(self.dominance)
        c.fdata = {s: {k: (list(v) if type(v) is list else v) for k, v in d.items()} for s, d in self.fdata.items()}
        c.current = self.current
        c.phase = self.phase
        c.turn_no = self.turn_no
        c.turn = dict(self.turn)
        c.removed_marquise = dict(self.removed_marquise)
        c.known = list(self.known)  # entries are never mutated, only added or dropped
        c.quest_deck = list(self.quest_deck)
        c.quests_up = list(self.quests_up)
        c.ruin_items = dict(self.ruin_items)
        return c

    def __copy__(self) -> RootState:
        return self.copy()

    def __deepcopy__(self, memo: dict) -> RootState:
        return self.copy()

    def view(self, seat: str | None, log: bool = True) -> dict[str, Any]:
        """What ``seat`` may know (views.py); ``log=False``: without the log's events (``"log": None``), for a
        caller that reads the log by itself (the web server sends only the new lines)."""
        view = self.hooks.view
        if view is None:
            raise RuntimeError("a state assembled without views (hooks.Hooks(view=...)) cannot show a view")
        return view(self, seat, log)

    def use_deck(self, name: str) -> None:
        """2.1 / A.2: play with the standard deck or the Exiles and Partisans deck (``options["deck"]``)."""
        deck: Deck = load_deck(name)
        self.deck_info = deck
        self.exiles = name == "exiles"

    # -- cards ------------------------------------------------------------------------------------
    def card(self, cid: int) -> Card:
        return self.deck_info.cards[cid]

    def draw(self, seat: str, n: int = 1, rule: str = "2.1") -> int:
        """Draw ``n`` cards (21.6); reshuffle the discard pile when the deck runs out (2.1)."""
        got = []
        for _ in range(n):
            if not self.deck:
                self.reshuffle()
                if not self.deck:
                    break
            got.append(self.deck.pop())
            if not self.deck:
                self.reshuffle()  # 2.1: "If the deck is ever empty, shuffle the discard pile immediately"
        self.hands[seat].extend(got)
        if got:
            self.emit("draw", rule, faction=seat, count=len(got))
            self.emit("draw_private", rule, (seat,), faction=seat, cards=[self.card(c).key for c in got])
        return len(got)

    def reshuffle(self) -> None:
        if self.discard:
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            self.emit("reshuffle", "2.1", count=len(self.deck))

    def discard_card(self, cid: int) -> None:
        """21.5 Discard: to the shared pile, except dominance cards, which become available (3.3.3), and
        except where a faction's rule sends every discard elsewhere (``hooks.on_discard``, 10.2.6)."""
        if self.card(cid).kind in ("vizier", "retainer"):  # 15.3.4: a discarded Faithful Retainer leaves the game
            return
        for hook in self.hooks.on_discard:
            if hook(self, cid):
                return
        if self.card(cid).kind == "dominance":
            self.available.append(cid)
        else:
            self.discard.append(cid)

    def spend(self, seat: str, cid: int, rule: str, why: str = "") -> None:
        """Spend (discard) a card from ``seat``'s hand (21.29)."""
        self.hands[seat].remove(cid)
        self.discard_card(cid)
        self.emit("spend", rule, faction=seat, card=self.card(cid).key, why=why)

    def hand_cards(self, seat: str, suit: str | None = None, *, exact: bool = False) -> list[int]:
        """Cards in hand of ``suit``; birds are wild (2.1.1) unless ``exact`` (2.1.1.II)."""
        h = self.hands[seat]
        if suit is None:
            return list(h)
        cards = self.deck_info.cards
        if exact or suit == "bird":
            return [c for c in h if cards[c].suit == suit]
        return [c for c in h if cards[c].suit == suit or cards[c].suit == "bird"]

    # -- Appendix F, the Lost City: its clearing is a fox, a mouse and a rabbit clearing at once ---------------
    def lost_city(self) -> int:
        """The Lost City's clearing (Appendix F, placed in A.5), -1 without it."""
        lmk = self.fdata.get("landmarks")
        return lmk.get("lost_city", -1) if lmk else -1

    def clearing_suits(self, c: int) -> tuple[str, ...]:
        """The suits clearing ``c`` counts as for all purposes: its own, or all three in the Lost City."""
        lmk = self.fdata.get("landmarks")
        if lmk and lmk.get("lost_city") == c:
            return SUITS
        return (self.suits[c],)

    def suit_matches(self, c: int, suit: str) -> bool:
        """Clearing ``c`` is a clearing of ``suit`` (the Lost City is of each of the three suits; never of birds:
        a bird card matching any clearing is the caller's 2.1.1)."""
        if self.suits[c] == suit:
            return True
        lmk = self.fdata.get("landmarks")
        return bool(lmk) and lmk.get("lost_city") == c and suit in SUITS

    def craft_suit(self, c: int) -> str:
        """The suit a crafting piece in ``c`` pays (4.1.1): its clearing's, or ``WILD`` in the Lost City, where each
        crafting piece may pay any one suit of a cost (``turn._ways``)."""
        lmk = self.fdata.get("landmarks")
        if lmk and lmk.get("lost_city") == c:
            return WILD
        return self.suits[c]

    def clearing_cards(self, seat: str, c: int, *, exact: bool = False) -> list[int]:
        """Cards in ``seat``'s hand matching clearing ``c`` (birds wild, 2.1.1, unless ``exact``): in the Lost City
        a card of any of the three suits."""
        lmk = self.fdata.get("landmarks")
        if lmk and lmk.get("lost_city") == c:
            cards = self.deck_info.cards
            return [x for x in self.hands[seat] if cards[x].suit != "bird"] if exact else list(self.hands[seat])
        return self.hand_cards(seat, self.suits[c], exact=exact)

    def distinct(self, cids: list[int]) -> list[int]:
        """One card per key: identical cards are interchangeable, so options name each key once."""
        seen: set[str] = set()
        out = []
        for c in cids:
            k = self.deck_info.cards[c].key
            if k not in seen:
                seen.add(k)
                out.append(c)
        return out

    def take_random_card(self, seat: str, target: str, rule: str) -> int:
        """``seat`` takes a random card from ``target``'s hand (Stand and Deliver!, Swap Meet); only the two of
        them see which. Returns the card."""
        hand = self.hands[target]
        cid = hand.pop(self.rng.below(len(hand)))
        self.hands[seat].append(cid)
        self.emit("card_taken", rule, (seat, target), faction=seat, target=target, card=self.card(cid).key)
        return cid

    def find_in(self, cids: list[int], key: str) -> int | None:
        for c in cids:
            if self.deck_info.cards[c].key == key:
                return c
        return None

    def reveal(self, viewer: str, owner: str, cid: int) -> None:
        """Record that ``viewer`` ("*" for everyone) has seen card ``cid`` in ``owner``'s hand."""
        self.known.append([viewer, owner, cid])

    def return_revealed(self, seat: str, cards: list[int], rule: str) -> None:
        """Revealed cards go back to ``seat``'s hand (10.6.1, 12.6.1); everyone saw them, so everyone knows
        they are there."""
        if not cards:
            return
        self.hands[seat].extend(cards)
        for cid in cards:
            self.reveal("*", seat, cid)
        self.emit("return_revealed", rule, faction=seat, cards=[self.card(c).key for c in cards])

    def known_cards(self, seat: str | None) -> list[tuple[str, int]]:
        """(owner, card) pairs ``seat`` knows to be in another player's hand, or in the Alliance's face-down
        Supporters stack (8.2.3, e.g. the card it gave in Outrage, 8.2.6), right now."""
        out = []
        for viewer, owner, cid in self.known:
            if (viewer == "*" or viewer == seat) and owner != seat and (
                    cid in self.hands[owner] or cid in self.fdata[owner].get("supporters", ())):
                out.append((owner, cid))
        return out

    def face_up_crafted_items(self, seat: str) -> list[str]:
        """The kinds of item lying face up in ``seat``'s Crafted Items box (A.2: others may be exhausted), sorted."""
        box = self.crafted_items.get(seat, ())
        tired = self.crafted_exhausted.get(seat, ())
        return sorted(i for i in set(box) if box.count(i) > tired.count(i))

    def exhaust_crafted_item(self, seat: str, item: str) -> None:
        """A.2 League of Adventurous Mice: a face-up ``item`` in ``seat``'s Crafted Items box is exhausted."""
        self.crafted_exhausted.setdefault(seat, []).append(item)

    def remove_crafted_item(self, seat: str, item: str, exhausted: bool = False) -> None:
        """An ``item`` leaves ``seat``'s Crafted Items box (9.5.4 Aid): an exhausted one when ``exhausted``, or when
        no face-up one is left; otherwise a face-up one."""
        box = self.crafted_items[seat]
        box.remove(item)
        tired = self.crafted_exhausted.get(seat)
        if tired and item in tired and (exhausted or tired.count(item) > box.count(item)):
            tired.remove(item)
            if not tired:
                del self.crafted_exhausted[seat]

    def has_crafted(self, seat: str, effect: str) -> bool:
        mine = self.crafted.get(seat)
        if not mine:  # most seats most of the time: asked by every start-of-phase check
            return False
        cards = self.deck_info.cards
        for c in mine:  # noqa: SIM110 (a loop, not any(): no generator on this hot path)
            if cards[c].effect == effect:
                return True
        return False

    def crafted_card(self, seat: str, effect: str) -> int | None:
        cards = self.deck_info.cards
        for c in self.crafted[seat]:
            if cards[c].effect == effect:
                return c
        return None

    def crafted_by(self, effect: str) -> str | None:
        """The seat with the persistent effect ``effect`` in its play area (the E&P deck has one such card)."""
        cards = self.deck_info.cards
        for s, cs in self.crafted.items():
            for c in cs:
                if cards[c].effect == effect:
                    return s
        return None

    # -- Exiles and Partisans (A.2): persistent effects the shared rules of the board follow ------------
    def crafting_clearings(self, seat: str) -> set[int]:
        """Clearings with any of ``seat``'s crafting pieces (:data:`CRAFTING_KINDS`; 10.2.1: the Cult's gardens
        of the Outcast's suit)."""
        faction = self.faction_of(seat)
        kinds = CRAFTING_KINDS.get(faction)
        if faction == "cult":
            outcast = self.fdata[seat].get("outcast")
            kinds = frozenset({f"garden_{outcast}"}) if outcast else None
        if not kinds:
            return set()
        return {c for c in range(self.map.n)
                if any(b in kinds for b in self.buildings[c]) or any(t in kinds for t in self.tokens[c])}

    def _card_adjacent(self, c: int, seat: str, out: tuple[int, ...]) -> tuple[int, ...]:
        """Boat Builders: "You treat rivers as paths." Tunnels: "You treat clearings with any of your crafting
        pieces as adjacent." (A.2; 4.1.3 persistent effects)"""
        mine = self.crafted.get(seat)
        if not mine:
            return out
        cards = self.deck_info.cards
        effects = {cards[x].effect for x in mine}
        if "boat_builders" in effects and self.map.rivers[c]:
            out = tuple(sorted({*out, *self.map.rivers[c]}))
        if "tunnels" in effects:
            near = self.crafting_clearings(seat)
            if c in near and len(near) > 1:
                out = tuple(sorted({*out, *(x for x in near if x != c)}))
        return out

    def soup_tokens(self, c: int, faction: str) -> int:
        """Soup Kitchens: "Your tokens now count toward rule, and each of your tokens counts twice." (A.2)"""
        if not self.exiles or not self.tokens[c] or self.crafted_by("soup_kitchens") != faction:
            return 0
        return 2 * sum(1 for t in self.tokens[c] if OWNER[t] == faction)

    def coffin(self) -> str | None:
        """The seat with Coffin Makers in its play area (A.2), if any."""
        return self.crafted_by("coffin_makers") if self.exiles else None

    def coffined(self, faction: str) -> int:
        """Warriors of ``faction`` lying on Coffin Makers: neither on the map nor in their supply (A.2)."""
        n = 0
        for d in self.fdata.values():
            held = d.get("coffin")
            if held:
                n += held.count(faction)
        return n

    # -- board ------------------------------------------------------------------------------------
    def presence(self, c: int, faction: str) -> int:
        """Warriors plus buildings of ``faction`` in clearing ``c`` — what counts for rule (2.5); with Soup
        Kitchens, twice its tokens too (A.2)."""
        n = self.warriors[c].get(faction, 0)
        for b in self.buildings[c]:
            if OWNER[b] == faction:
                n += 1
        if self.exiles:
            n += self.soup_tokens(c, faction)
        return n

    def ruler(self, c: int) -> str | None:
        """2.5 Rule, with 7.2.2 Lords of the Forest (the Eyrie win ties if they have a piece there)."""
        if c >= self.map.n:
            return BURROW_RULER  # 12.2.2: the Duchy always rules the Burrow, even with no pieces there
        w = self.warriors[c]
        bs = self.buildings[c]
        hire = self.fdata.get("hirelings")  # Appendix E (E.3.1): hireling pieces rule with their controller
        if not self.exiles and "mercenaries" not in self.turn and hire is None:
            # the common case, answered without building a count: only warriors and buildings count (2.5)
            if not bs:
                if len(w) < 2:
                    for f, n in w.items():
                        return f if n > 0 else None
                    return None
            elif len(w) == 0 and len(bs) == 1:
                b = bs[0]
                return OWNER[b] or None
        counts: dict[str, int] = dict(w)
        for b in bs:
            if b in RULING_BUILDINGS:  # 10.2.4 Pilgrims: overrides every other count, even 7.2.2
                return OWNER[b]
            o = OWNER[b]
            if o:
                counts[o] = counts.get(o, 0) + 1
        if self.exiles and self.tokens[c]:
            soup = self.crafted_by("soup_kitchens")
            if soup is not None:  # A.2 Soup Kitchens: each of its owner's tokens counts twice toward rule
                n = self.soup_tokens(c, soup)
                if n:
                    counts[soup] = counts.get(soup, 0) + n
        merc = self.turn.get("mercenaries")
        if merc and self.phase != "birdsong" and "riverfolk" in counts:
            # 11.2.7.3 Mercenaries: in the buyer's Daylight and Evening, Riverfolk warriors rule for the buyer
            counts[merc] = counts.get(merc, 0) + counts.pop("riverfolk")
        if hire is not None:
            self.hooks.hirelings["rule"](self, hire, counts)  # E.3.1
        best = 0
        who: list[str] = []
        for f, n in counts.items():
            if n > best:
                best, who = n, [f]
            elif n == best and n > 0:
                who.append(f)
        if best == 0:
            return None
        if len(who) == 1:
            return who[0]
        if "eyrie" in who:
            return "eyrie"
        if hire is not None:
            return self.hooks.hirelings["tie"](self, hire, who)  # Bluebird Nobles (E.2.2)
        return None

    def rules(self, c: int, faction: str) -> bool:
        return self.ruler(c) == faction

    def adjacent(self, c: int, seat: str | None = None) -> tuple[int, ...]:
        """Clearings adjacent to ``c`` for ``seat`` (2.2.1); rivers count as paths for the Riverfolk (11.2.2
        Swimmers) and for a buyer of Riverboats this turn (11.2.7.2); a faction's ``hooks.adjacent`` adds
        its own paths (12.2.2: the Burrow is adjacent to each clearing with a tunnel, for the Duchy)."""
        hook = self.hooks.adjacent.get(seat) if seat is not None else None
        if c >= self.map.n:
            return hook(self, c, ()) if hook is not None else ()
        out = self.adj[c]
        if seat is not None and (seat == "riverfolk" or self.turn.get("riverboats") == seat):
            riv = self.map.rivers[c]
            if riv:
                out = tuple(sorted({*out, *riv}))
        if self.exiles and seat is not None:
            out = self._card_adjacent(c, seat, out)  # A.2 Boat Builders, Tunnels
        return out if hook is None else hook(self, c, out)

    def open_path(self, a: int, b: int) -> None:
        """C.3.3: the closed path marker between clearings ``a`` and ``b`` leaves the game for good, so the
        two clearings are adjacent from now on (C.3.2)."""
        path = (min(a, b), max(a, b))
        self.closed = tuple(p for p in self.closed if p != path)
        adj = list(self.adj)
        adj[path[0]] = tuple(sorted((*adj[path[0]], path[1])))
        adj[path[1]] = tuple(sorted((*adj[path[1]], path[0])))
        self.adj = tuple(adj)

    def open_slots(self, c: int) -> int:
        n = self.map.slots[c] - len(self.buildings[c])
        if "landmarks" in self.fdata and self.fdata["landmarks"].get("elder_treetop") == c:
            n += 1  # Appendix F, the Elder Treetop: one more building slot in its clearing
        return n

    def keep_clearing(self) -> int | None:
        for c in range(self.map.n):
            if "keep" in self.tokens[c]:
                return c
        return None

    def can_place(self, c: int, faction: str) -> bool:
        """6.2.2 The Keep: only the Marquise may place pieces in the clearing with the keep.
        D.6.2 Scorched Earth: nothing may be placed in the clearing with the Scoundrel's torch."""
        if "hirelings" in self.fdata and self.hooks.hirelings["blocked"](self, c, faction):
            return False  # Appendix E, the Furious Protector: enemies cannot place pieces in its clearing
        toks = self.tokens[c]
        if not toks:
            return True
        if "torch" in toks:
            return False
        if self.hooks.snares and self.snared(c, faction):  # 13.7.2
            return False
        if faction == "marquise":
            return True
        return "keep" not in toks

    def snared(self, c: int, seat: str) -> bool:
        """13.7.2: a face-up snare in ``c`` whose owner ``seat`` is an enemy of."""
        for t in self.tokens[c]:
            owner = self.hooks.snares.get(t)
            if owner is not None and owner != seat and seat in self.enemies(owner):
                return True
        return False

    def can_move_from(self, c: int, seat: str) -> bool:
        """13.7.2 Snare: enemy pieces cannot be moved from its clearing. Appendix E, the Street Band: enemies cannot
        move from a clearing with a Band warrior on the turn they moved into it."""
        if "hirelings" in self.fdata and self.hooks.hirelings["stuck"](self, c, seat):
            return False
        return not (self.hooks.snares and c < len(self.tokens) and self.tokens[c] and self.snared(c, seat))

    def count_on_map(self, kind: str) -> int:
        # a kind is either a building or a token, so only one of the two collections needs scanning
        n = 0
        for pieces in (self.tokens if kind in TOKEN_KINDS else self.buildings):
            if pieces:
                n += pieces.count(kind)
        return n

    def warriors_on_map(self, faction: str) -> int:
        n = 0
        for w in self.warriors:  # a loop, not sum() of a generator: asked for every supply check
            n += w.get(faction, 0)
        return n

    def warrior_supply(self, faction: str) -> int:
        """Warriors neither on the map nor in an Officers box (8.4.1.III, 8.5.3)."""
        n = WARRIORS[faction] - self.warriors_on_map(faction) - self.fdata[faction].get("officers", 0)
        for holder, hook in self.hooks.held_warriors.items():
            if holder in self.fdata:
                n -= hook(self, faction)
        if self.exiles:
            n -= self.coffined(faction)  # A.2 Coffin Makers
        return n

    def loc(self, c: int) -> int | str:
        """A location as option ids, option args and log events name it: a clearing's printed number, or
        ``"burrow"`` for the location after the clearings (12.2.2 the Burrow, index ``map.n``)."""
        return "burrow" if c == self.map.n else c + 1

    def loc_index(self, v: int | str) -> int:
        """The index of a location named by :meth:`loc`."""
        return self.map.n if v == "burrow" else int(v) - 1

    def place_warriors(self, c: int, faction: str, n: int, rule: str) -> int:
        """Place up to ``n`` warriors from supply (1.5.4: place as many as possible)."""
        n = min(n, self.warrior_supply(faction))
        if n > 0:
            self.warriors[c][faction] = self.warriors[c].get(faction, 0) + n
            self.emit("place_warriors", rule, faction=faction, clearing=self.loc(c), count=n)
        return n

    def place_building(self, c: int, kind: str, rule: str) -> None:
        if "landmarks" in self.fdata:
            lmk = self.fdata["landmarks"]  # Appendix F, the Elder Treetop: its slot once the printed ones are full
            if (lmk.get("elder_treetop") == c and not lmk["treetop"]
                    and len(self.buildings[c]) >= self.map.slots[c]):
                lmk["treetop"] = kind
        self.buildings[c].append(kind)
        self.emit("place_building", rule, faction=OWNER[kind], clearing=c + 1, building=kind)

    def place_token(self, c: int, kind: str, rule: str) -> None:
        self.tokens[c].append(kind)
        self.emit("place_token", rule, faction=OWNER[kind], clearing=c + 1, token=kind)

    def move_warriors(self, a: int, b: int, faction: str, n: int, rule: str) -> None:
        w = self.warriors[a]
        w[faction] -= n
        if not w[faction]:
            del w[faction]
        self.warriors[b][faction] = self.warriors[b].get(faction, 0) + n
        self.emit("move", rule, faction=faction, src=self.loc(a), dst=self.loc(b), count=n)
        if "hirelings" in self.fdata:
            self.hooks.hirelings["moved"](self, b, faction)  # the Bands remember who moved where this turn
            self.hooks.hirelings["path"](self, a, b, faction)  # the Highway Bandits' toll
        if faction != "alliance" and "sympathy" in self.tokens[b]:
            payer = faction if faction in self.vp else self.hooks.hirelings["controller"](self, faction)  # E.3.7
            if payer is not None and payer != "alliance":
                self.push("alliance.outrage", payer=payer, c=b)  # 8.2.6 Outrage
        hook = self.hooks.on_move.get(faction)
        if hook is not None:
            hook(self, a, b, n)

    def movable_warriors(self, c: int, faction: str) -> int:
        """Warriors of ``faction`` in ``c`` that another player's effect may move (14.2.2: not the warlord)."""
        n = self.warriors[c].get(faction, 0)
        pin = self.hooks.pinned.get(faction)
        return n - pin(self, c) if pin is not None and n else n

    def pieces_of(self, c: int, faction: str) -> tuple[int, list[str], list[str]]:
        """(warriors, buildings, tokens) of ``faction`` in clearing ``c``."""
        return (self.warriors[c].get(faction, 0),
                [b for b in self.buildings[c] if OWNER[b] == faction],
                [t for t in self.tokens[c] if OWNER[t] == faction])

    def has_any_piece(self, c: int, faction: str) -> bool:
        if self.warriors[c].get(faction, 0):
            return True
        if faction in VAGABONDS:
            return self.pawn_clearing(faction) == c
        for b in self.buildings[c]:
            if OWNER[b] == faction:
                return True
        for t in self.tokens[c]:  # noqa: SIM110 (loops, not any(): no generator on this hot path)
            if OWNER[t] == faction:
                return True
        return False

    def faction_of(self, seat: str) -> str:
        """Seats are named after their factions; a second Vagabond sits as "vagabond2" (9.7)."""
        return "vagabond" if seat in VAGABONDS else seat

    def pawn_clearing(self, seat: str) -> int | None:
        """The clearing of a Vagabond's pawn (None in a forest, or for other factions)."""
        if seat not in VAGABONDS:
            return None
        w = self.fdata[seat].get("where", -1)
        return w if 0 <= w < self.map.n else None

    def enemies(self, seat: str) -> list[str]:
        """21.8 Enemy: every other player you are not in a coalition with (9.2.8)."""
        friends = self.coalition(seat)
        return [s for s in self.seats if s != seat and s not in friends]

    def enemy_owners(self, seat: str) -> list[str]:
        """Glossary "Enemy Piece": owners of ``seat``'s enemy pieces — enemy players, and the hirelings in the supply
        or held by an enemy (Appendix E, E.3.2), for effects that remove "all enemy pieces"."""
        out = self.enemies(seat)
        if "hirelings" in self.fdata:
            out = out + self.hooks.hirelings["enemy_hirelings"](self, seat)
        return out

    def enemy_pieces_in(self, c: int, seat: str) -> int:
        """Glossary "Enemy Piece": how many of ``seat``'s enemy pieces are in clearing ``c`` — enemy players' and the
        pieces (pawns too) of hirelings in the supply or held by an enemy (E.3.2 Enemy Status)."""
        n = 0
        for e in self.enemy_owners(seat):
            w, bs, ts = self.pieces_of(c, e)
            n += w + len(bs) + len(ts) + (1 if self.pawn_clearing(e) == c else 0)
        if "hirelings" in self.fdata:
            n += self.hooks.hirelings["enemy_pawns"](self, c, seat)
        return n

    def coalition(self, seat: str) -> list[str]:
        """Seats in a coalition with ``seat`` (9.2.8)."""
        out = []
        for v in VAGABONDS:
            if v in self.seats:
                partner = self.fdata[v].get("coalition")
                if v == seat and partner:
                    out.append(partner)
                elif partner == seat:
                    out.append(v)
        return out

    # -- removal & scoring ------------------------------------------------------------------------
    def remove_warriors(self, c: int, faction: str, n: int, by: str | None, rule: str,
                        blame: str | None = None) -> int:
        """Remove up to ``n`` warriors. ``blame``: the faction a Vagabond's removal counts against, when not
        the owner (11.2.7.3.2: a mercenary removed makes the buyer Hostile)."""
        w = self.warriors[c]
        n = min(n, w.get(faction, 0))
        if n > 0 and "hirelings" in self.fdata and self.hooks.hirelings["shielded"](self, c, faction, by):
            return 0  # Appendix E, the Stoic Protector: enemies cannot remove its controller's pieces there
        guard = self.hooks.warrior_removal.get(faction)
        if guard is not None and n > 0:
            n = guard(self, c, n)  # 14.2.2
        if n <= 0:
            return 0
        w[faction] -= n
        if not w[faction]:
            del w[faction]
        self.emit("remove_warriors", rule, faction=faction, clearing=self.loc(c), count=n, by=by)
        if self.exiles:
            self.to_coffin(faction, n)
        if faction not in self.vp:  # a hireling's warriors (Appendix E): no Vagabond relationship with them
            self.hooks.hirelings["removed"](self, c, faction, n)
        else:
            if by in VAGABONDS:
                for hook in self.hooks.on_vagabond_removal:
                    hook(self, by, blame or faction, n, 0)
            if "hirelings" in self.fdata:
                self.hooks.hirelings["seat_removed"](self, c, faction, n)  # Feline Physicians (Appendix E)
        if faction == "marquise":
            key = str(c)
            self.removed_marquise[key] = self.removed_marquise.get(key, 0) + n
        return n

    def to_coffin(self, faction: str, n: int) -> None:
        """Coffin Makers: "Whenever any warriors would return to a supply, place them on this card instead."
        (A.2) Warriors removed from the map (21.22) would return to their supply."""
        owner = self.coffin()
        if owner is not None and n > 0:
            self.fdata[owner].setdefault("coffin", []).extend([faction] * n)
            self.emit("coffin", "A.2", faction=owner, owner=faction, count=n)

    def from_coffin(self, faction: str, n: int) -> None:
        """Warriors of ``faction`` that went onto Coffin Makers but belong elsewhere (10.2.3 Revenge: removed
        while defending, they go to the Acolytes box, not to the supply) leave the card again."""
        for d in self.fdata.values():
            held = d.get("coffin")
            while held and n > 0 and faction in held:
                held.remove(faction)
                n -= 1

    def remove_piece(self, c: int, kind: str, by: str | None, rule: str) -> None:
        """Remove one building or token (21.22); the remover scores 1 VP if it was an enemy's (3.2.1)."""
        owner = OWNER[kind]
        if "hirelings" in self.fdata and self.hooks.hirelings["shielded"](self, c, owner, by):
            return  # Appendix E, the Stoic Protector: enemies cannot remove its controller's pieces there
        treetop = False
        if kind in self.buildings[c]:
            self.buildings[c].remove(kind)
            if "landmarks" in self.fdata:
                lmk = self.fdata["landmarks"]  # Appendix F, the Elder Treetop: the building in its slot goes last
                if lmk.get("elder_treetop") == c and lmk["treetop"] == kind and kind not in self.buildings[c]:
                    lmk["treetop"] = ""
                    treetop = True
        else:
            self.tokens[c].remove(kind)
        self.emit("remove_piece", rule, faction=owner, clearing=c + 1, piece=kind, by=by)
        if by is not None and by != owner and owner and by in self.vp:  # E.3.6: a hireling's removals score no one
            self.score(by, 2 if treetop else 1, "3.2.1", "remove")  # Appendix F, the Elder Treetop: one more
            if by in VAGABONDS:
                for hook in self.hooks.on_vagabond_removal:
                    hook(self, by, owner, 0, 1)
        if owner == "alliance":
            payer = by if by is None or by in self.vp else self.hooks.hirelings["controller"](self, by)  # E.3.7
            if kind == "sympathy" and payer is not None and payer != "alliance":
                self.push("alliance.outrage", payer=payer, c=c)  # 8.2.6 Outrage
            elif kind.startswith("base_"):
                self.push("alliance.base_removed", suit=kind[5:])  # 8.2.4 Removing Bases
        hook = self.hooks.on_piece_removed.get(owner)
        if hook is not None:
            hook(self, c, kind, by)

    # -- ruins (9.3.4): the Vagabond explores them (9.5.3), the Hundreds raze them (14.4.1), the Brigand robs them
    def ruin_sets(self) -> int:
        """9.3.4, 9.7.1: one set of "R" items under the ruins per Vagabond; 14.3.2: one set with the Hundreds and no
        Vagabond. (The Brigand's single set, Appendix E, is dealt by hirelings.py.)"""
        n = 0
        for s in self.seats:
            if s in VAGABONDS:
                n += 1
        return n or (1 if "warlord" in self.seats else 0)

    def deal_ruin_items(self, sets: int) -> None:
        """9.3.4: ``sets`` sets of the "R" items shuffled face down, as many under each ruin (9.7.1: two with two
        Vagabonds), unless they lie there already (another faction or hireling dealt them, 14.3.2)."""
        if self.ruin_items:
            return
        ruins = [c for c in range(self.map.n) if "ruin" in self.buildings[c]]
        pool = [f"R-{it}" for it in RUIN_ITEMS for _ in range(sets)]
        self.rng.shuffle(pool)
        for k, c in enumerate(ruins):
            if k * sets < len(pool):
                self.ruin_items[str(c)] = ",".join(pool[k * sets:(k + 1) * sets])

    def under_ruin(self, c: int) -> list[str]:
        """The items under the ruin of clearing ``c`` (none when it has no ruin)."""
        raw = self.ruin_items.get(str(c), "")
        return raw.split(",") if raw else []

    def take_from_ruin(self, c: int, item: str, rule: str) -> None:
        """Take ``item`` from under the ruin of ``c``; the ruin leaves the map with its last item (9.5.3, 14.4.1).
        The taker's gain (an item, a point) is the caller's."""
        left = self.under_ruin(c)
        del left[len(left) - 1 - left[::-1].index(item)]  # the last such item: with two sets, two alike (9.7.1)
        if left:
            self.ruin_items[str(c)] = ",".join(left)
        else:
            del self.ruin_items[str(c)]
            self.buildings[c].remove("ruin")
            self.emit("ruin_removed", rule, clearing=c + 1)

    def can_score(self, seat: str) -> bool:
        """3.3.1: a player with an activated dominance card can no longer score; a hireling never scores (E.3.6)."""
        return self.dominance.get(seat, 0) is None

    def score(self, seat: str, n: int, rule: str, why: str = "") -> None:
        """Score (or with negative ``n`` lose) victory points; 30 VP wins at once (3.1)."""
        if n == 0 or not self.can_score(seat):
            return
        before = self.vp[seat]
        self.vp[seat] = max(0, before + n)  # the score track has no negative spaces
        if self.vp[seat] != before:
            self.emit("score", rule, faction=seat, delta=self.vp[seat] - before, total=self.vp[seat], why=why)
            if n > 0 and "hirelings" in self.fdata:
                self.hooks.hirelings["score"](self, seat, before)  # E.1.1 hireling markers on the score track
        if self.vp[seat] >= WIN_VP and self.result is None:
            if self.turn.get("simultaneous") and seat != self.current:
                # 3.1: if the player taking the turn also reaches 30 in the same moment, they win;
                # :meth:`end_simultaneous` decides once the simultaneous scoring is over.
                self.turn.setdefault("win_pending", seat)
            else:
                self.finish([seat], "vp", "3.1")

    def begin_simultaneous(self) -> None:
        """Start a moment in which several players may score at once (both sides' hits in 4.3.4)."""
        self.turn["simultaneous"] = True

    def end_simultaneous(self) -> None:
        """3.1: "If multiple players reach 30 or more victory points simultaneously, the player taking
        the current turn wins." The current player has already won in :meth:`score` if they reached 30;
        otherwise the first other player who reached 30 in this moment wins now."""
        self.turn.pop("simultaneous", None)
        pending = self.turn.pop("win_pending", None)
        if pending is not None and self.result is None:
            self.finish([pending], "vp", "3.1")

    def finish(self, winners: list[str], reason: str, rule: str) -> None:
        # 9.2.8: a Vagabond in a coalition wins with his partner
        winners = list(winners) + [v for w in winners for v in self.coalition(w) if v not in winners]
        self.result = {"winners": list(winners), "reason": reason, "rule": rule, "vp": dict(self.vp),
                       "turns": self.turn_no}
        self._decision = None
        self.emit("game_over", rule, winners=list(winners), reason=reason)

    # -- bookkeeping ------------------------------------------------------------------------------
    def total_cards(self) -> int:
        """Every deck card is in exactly one place; used by conservation tests."""
        n = len(self.deck) + len(self.discard) + len(self.available) + len(self.out)
        n += sum(len(h) for h in self.hands.values())
        n += sum(len(h) for h in self.crafted.values())
        n += sum(1 for d in self.dominance.values() if d is not None)
        for s in self.seats:
            fd = self.fdata[s]
            for col in ("decree_recruit", "decree_move", "decree_battle", "decree_build",
                        "retinue_move", "retinue_battle", "retinue_recover"):  # 15.5.2 the Keepers' Retinue
                n += sum(1 for c in fd.get(col, ()) if c < DECK_SIZE)
            for key in CARD_LISTS:
                n += len(fd.get(key, ()))
        n += sum(1 for fr in self.stack if fr.get("amb", -1) >= 0)  # a played ambush card (4.3.1)
        n += len(self.fdata.get("landmarks", {}).get("market", ()))  # Appendix F, the Black Market's cards
        return n
