"""Root as a planszowki game: standard setup (5.1), saves, positions, views and determinization."""

from __future__ import annotations

from typing import Any

from ...engine import Event, InvalidPosition, PlanszowkiError, Rng, UnsupportedSetup
from ...engine.flow import plain
from ...engine.rng import as_rng
from . import advanced_setup as _advanced  # Appendix A Advanced Setup (its steps, A.5 landmarks, A.10 hands)
from . import battle as _battle  # noqa: F401  (registers battle steps)
from . import landmarks  # Appendix F: the Landmarks Pack (its catalog; the Black Market's hidden cards)
from .catalog import CATALOG, MAPS, SUPPORTED, hooks_for  # noqa: F401  (CATALOG, as the game's)
from .content import DECK_SIZE, DECKS, ITEM_SUPPLY, adjacency, load_map
from .factions import corvid as _corvid
from .factions import duchy as _duchy
from .factions import keepers as _keepers
from .position import from_position
from .state import CORNER_FACTIONS, RootState
from .validate import validate
from .variant_maps import place_suit_markers, suits_problem

#: The players of ``new()`` when none are given: the four factions of the base game.
DEFAULT_PLAYERS = ("marquise", "eyrie", "alliance", "vagabond")
#: Setup order of every faction the engine knows (5.1.7; two Vagabonds go in random order, 9.7.1). The
#: letters of the expansion factions are printed on their boards, not in the Law, so the order follows what
#: each setup depends on: the Duchy's corner on the keep and the Eyrie's roost (12.3.3), the Cult's corner on
#: all of those (10.3.2), the Hundreds' corner on all of those too (14.3.1), and the Corvids scatter single
#: warriors last, once the keep (6.2.2) is on the map (13.3).
SETUP_ORDER = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "riverfolk", "duchy", "cult", "warlord",
               "keepers", "corvid")
KNOWN_OPTIONS = {"map", "seating", "first", "deck", "suits", "setup", *_advanced.ADVANCED_ONLY}


def _check_players(players: list[str]) -> None:
    if not isinstance(players, (list, tuple)) or not players:
        raise UnsupportedSetup.told("error_root_players_list")
    for f in players:
        if f not in SUPPORTED:
            raise UnsupportedSetup.told("error_root_unknown_faction", name=f, playable=list(SUPPORTED))
    if len(set(players)) != len(players):
        raise UnsupportedSetup.told("error_root_faction_twice")
    if not 2 <= len(players) <= 6:
        raise UnsupportedSetup.told("error_root_player_count")
    if "vagabond2" in players and "vagabond" not in players:
        raise UnsupportedSetup.told("error_root_second_vagabond_alone")
    if all(f in ("vagabond", "vagabond2") for f in players):
        # two Vagabonds alone have no one to aid or be Hostile to (9.2.9) and can run out of points to score
        raise UnsupportedSetup.told("error_root_only_vagabonds")


def _check_options(options: dict[str, Any]) -> str:
    unknown = set(options) - KNOWN_OPTIONS
    if unknown:
        raise UnsupportedSetup.told("error_unknown_options", names=sorted(unknown), known=sorted(KNOWN_OPTIONS))
    name = options.get("map", "autumn")
    if name not in MAPS:
        raise UnsupportedSetup.told("error_root_unknown_map", name=name, maps=list(MAPS))
    problem = suits_problem(options.get("suits"), load_map(name))
    if problem:
        raise problem
    deck = options.get("deck", "standard")
    if deck not in DECKS:
        raise UnsupportedSetup.told("error_root_unknown_deck", name=deck)
    if options.get("seating", "random") not in ("random", "fixed"):
        raise UnsupportedSetup.told("error_root_seating")
    _advanced.check_options(options, [])
    return name


class RootGame:
    """The object ``planszowki.load("root")`` returns."""

    name = "root"
    factions = SUPPORTED
    maps = MAPS

    # -- new game (5.1 Standard Setup) ------------------------------------------------------------
    def new(self, seed: int = 0, players: list[str] | None = None,
            options: dict[str, Any] | None = None) -> RootState:
        players = list(players or DEFAULT_PLAYERS)
        options = dict(options or {})
        if not _advanced.setup_cards.is_draft(options):  # A.8.1: with the draft, the players are seat names
            _check_players(players)
        map_name = _check_options(options)
        corners = [f for f in players if f in CORNER_FACTIONS]
        if len(corners) > 4 and options.get("setup", "standard") == "standard":
            raise UnsupportedSetup.told("error_root_corners_need_advanced_setup", count=len(corners), factions=corners)
        rng = Rng(seed)
        seats = list(players)
        # 5.1.1: starting player and seating order are random unless the caller fixes them.
        if options.get("seating", "random") == "random":
            rng.shuffle(seats)
        first = options.get("first")
        if first is not None:
            if first not in seats:
                raise UnsupportedSetup.told("error_root_first_player", name=first, seats=seats)
            i = seats.index(first)
            seats = seats[i:] + seats[:i]
        st = RootState(load_map(map_name), seats, hooks_for(seats))
        st.rng = rng
        st.factions = [f for f in SETUP_ORDER if f in seats]
        if "vagabond" in seats and "vagabond2" in seats and rng.below(2):
            st.factions[-2:] = st.factions[-1:-3:-1]  # 9.7.1: a random Vagabond sets up first
        st.options = {"map": map_name, **{k: v for k, v in options.items() if k != "map"}}
        st.use_deck(st.options.get("deck", "standard"))  # A.2 Step 2: Choose Deck
        if isinstance(st.options.get("suits"), (list, tuple)):
            st.options["suits"] = list(st.options["suits"])  # the game keeps its own copy
        advanced = _advanced.is_advanced(options)
        _advanced.check_players(players, options, CORNER_FACTIONS)  # Law 5, A.8
        st.emit("setup", "A" if advanced else "5.1", order=list(seats), map=map_name)
        # A.1 (printed suits on Autumn unless asked otherwise; the Advanced Setup covers them with markers)
        place_suit_markers(st, options.get("suits", "random" if advanced else None))
        deck = list(range(DECK_SIZE))
        if len(seats) == 2:  # 5.1.3: remove the four dominance cards in a two-player game
            cards = st.deck_info.cards
            st.out = [c for c in deck if cards[c].kind == "dominance"]
            deck = [c for c in deck if cards[c].kind != "dominance"]
        rng.shuffle(deck)
        st.deck = deck
        if not advanced:  # A.7: the Advanced Setup draws five cards after its landmarks and hirelings
            for s in seats:
                st.draw(s, 3, "5.1.3")
        for c in st.map.clearings():  # 5.1.4 ruins
            if st.map.ruins[c]:
                st.buildings[c].append("ruin")
        st.items = dict(ITEM_SUPPLY)  # 5.1.5
        st.push("turn", seat=seats[0], i=0)
        if advanced:
            _advanced.start(st)  # A.5–A.10, the factions set up at A.8
        else:
            for f in reversed(st.factions):  # 5.1.7 factions set up in order A, B …
                st.push(f"{st.faction_of(f)}.setup", i=0, seat=f)
        st._settle()
        return st

    # -- saves ------------------------------------------------------------------------------------
    def to_json(self, st: RootState) -> dict[str, Any]:
        # plain: the document shares no list or dict with the live state (frames, decree, log args), so
        # keeping a save while the game goes on, or editing it, never changes either side
        doc = plain({
            "format": "planszowki.root.save/1",
            "map": st.map.name, "seats": list(st.seats), "factions": list(st.factions),
            "options": dict(st.options),
            "rng": st.rng.s, "stack": [dict(f) for f in st.stack],
            "warriors": [dict(w) for w in st.warriors], "buildings": [list(b) for b in st.buildings],
            "tokens": [list(t) for t in st.tokens],
            "deck": list(st.deck), "discard": list(st.discard), "available": list(st.available), "out": list(st.out),
            "items": dict(st.items), "hands": {s: list(h) for s, h in st.hands.items()},
            "vp": dict(st.vp), "crafted": {s: list(h) for s, h in st.crafted.items()},
            "crafted_items": {s: list(h) for s, h in st.crafted_items.items()},
            # A.2 League of Adventurous Mice: written only when some item in a Crafted Items box is exhausted
            **({"crafted_exhausted": {s: list(h) for s, h in st.crafted_exhausted.items()}}
               if st.crafted_exhausted else {}),
            "dominance": dict(st.dominance),
            "fdata": {s: {k: (list(v) if isinstance(v, list) else v) for k, v in d.items()}
                      for s, d in st.fdata.items()},
            "current": st.current, "phase": st.phase, "turn_no": st.turn_no, "turn": dict(st.turn),
            "removed_marquise": dict(st.removed_marquise), "applied": st.applied, "known": list(st.known),
            "quest_deck": list(st.quest_deck), "quests_up": list(st.quests_up), "ruin_items": dict(st.ruin_items),
            "result": st.result, "log": None,
            **_map_state(st),
        })
        doc["log"] = [e.to_json() for e in st.log]  # each a copy already: the log is not copied twice
        return doc

    def from_json(self, doc: dict[str, Any]) -> RootState:
        if not isinstance(doc, dict) or doc.get("format") != "planszowki.root.save/1":
            raise InvalidPosition("not a planszowki Root save (expected format 'planszowki.root.save/1')")
        if doc.get("map") not in MAPS:
            raise InvalidPosition(f"save of an unknown map {doc.get('map')!r}; maps: {', '.join(MAPS)}")
        seats = doc.get("seats")
        draft = _advanced.setup_cards.PLACEHOLDER  # A.8.2: a seat that has not chosen its faction yet
        if not isinstance(seats, list) or not all(isinstance(s, str) and (s in SUPPORTED or draft.match(s))
                                                  for s in seats):
            raise InvalidPosition(f"save with unsupported seats {seats!r}; playable: {', '.join(SUPPORTED)}")
        # states loaded from one document must not share its lists (promise 1); the log's events copy their own
        doc = plain({k: v for k, v in doc.items() if k != "log"}) | {"log": doc.get("log")}
        try:
            st = RootState(load_map(doc["map"]), list(doc["seats"]), hooks_for(list(doc["seats"])))
            st.factions = list(doc["factions"])
            st.options = dict(doc["options"])
            if st.options.get("deck", "standard") not in DECKS:
                raise InvalidPosition(f"save with an unknown deck {st.options.get('deck')!r}; decks: "
                                      + ", ".join(DECKS))
            st.use_deck(st.options.get("deck", "standard"))
            st.rng = Rng(int(doc["rng"]))
            st.stack = [dict(f) for f in doc["stack"]]
            st.warriors = [{k: int(v) for k, v in w.items()} for w in doc["warriors"]]
            st.buildings = [list(b) for b in doc["buildings"]]
            st.tokens = [list(t) for t in doc["tokens"]]
            st.deck, st.discard = list(doc["deck"]), list(doc["discard"])
            st.available, st.out = list(doc["available"]), list(doc["out"])
            st.items = dict(doc["items"])
            st.hands = {s: list(h) for s, h in doc["hands"].items()}
            st.vp = dict(doc["vp"])
            st.crafted = {s: list(h) for s, h in doc["crafted"].items()}
            st.crafted_items = {s: list(h) for s, h in doc["crafted_items"].items()}
            st.crafted_exhausted = {s: list(h) for s, h in doc.get("crafted_exhausted", {}).items()}
            st.dominance = dict(doc["dominance"])
            st.fdata = {s: dict(d) for s, d in doc["fdata"].items()}
            st.current, st.phase = doc["current"], doc["phase"]
            st.turn_no, st.turn = int(doc["turn_no"]), dict(doc["turn"])
            st.removed_marquise = dict(doc["removed_marquise"])
            st.applied = int(doc.get("applied", 0))
            st.known = [list(k) for k in doc.get("known", [])]
            st.quest_deck = [int(q) for q in doc.get("quest_deck", [])]
            st.quests_up = [int(q) for q in doc.get("quests_up", [])]
            st.ruin_items = {str(k): str(v) for k, v in doc.get("ruin_items", {}).items()}
            st.result = doc["result"]
            _load_map_state(st, doc)
            for e in doc["log"]:
                st.log_chain.append(Event.from_json(e))
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InvalidPosition(f"damaged Root save: {exc!r}") from exc
        validate(st)
        return st

    # -- positions --------------------------------------------------------------------------------
    def from_position(self, doc: dict[str, Any]) -> RootState:
        try:
            return from_position(doc)
        except PlanszowkiError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise InvalidPosition(f"malformed position: {exc} (a field has the wrong type or value; "
                                  "see docs/root-position-format.md)") from exc

    # -- hidden information -----------------------------------------------------------------------
    def determinize(self, st: RootState, seat: str | None, rng: Any) -> RootState:
        """A full state consistent with ``view(seat)``: unseen cards are redealt at random, and the future
        dice and shuffles are reseeded.

        Unseen cards are the deck, the other seats' hands and — for every seat but the Alliance — the
        Supporters stack, which is face down (8.2.3). Each place keeps its number of cards; cards this seat
        has seen there (``known_cards``: Codebreakers, a card it gave in Outrage, a hand shown to the
        Alliance, 8.2.6) stay where they are."""
        r = as_rng(rng)
        d = st.copy()
        # hidden places, each a list in ``d`` that is refilled in place: (owner, list)
        # 11.2.3: a public hand (the Riverfolk's) is seen by every seat, so it is never redealt
        places: list[tuple[str, list[int]]] = [(s, d.hands[s]) for s in d.seats
                                               if s != seat and s not in d.hooks.public_hands]
        if "alliance" in d.seats and seat != "alliance":
            sup = d.fdata["alliance"].get("supporters")
            if sup is not None:
                d.fdata["alliance"]["supporters"] = sup = list(sup)
                places.append(("alliance", sup))
        # Only this seat's (and public) knowledge that still holds survives: other seats' knowledge is about
        # cards the redeal moves, and a stale entry (the card has left that hand) must not come true again
        # by chance in the redealt state, or determinizing that state would differ (tests/bots)
        sup_of = {s: d.fdata[s].get("supporters", ()) for s in d.seats}
        d.known = [k for k in d.known
                   if k[0] in (seat, "*") and (k[2] in d.hands[k[1]] or k[2] in sup_of[k[1]])]
        known = d.known_cards(seat)
        pool = list(d.deck)
        pool.extend(landmarks.market_unseen(d, seat))  # Appendix F: the Black Market's face-down cards
        keep: list[list[int]] = []
        for owner, cards in places:
            fixed = sorted(c for c in cards if (owner, c) in known)
            keep.append(fixed)
            pool.extend(c for c in cards if c not in fixed)
        # sorted first, so the result depends only on what ``seat`` sees and on ``rng``, never on how the
        # hidden cards happen to lie: a bot searching determinizations cannot peek (tests/bots)
        pool.sort()
        r.shuffle(pool)
        suits, left = _supporters_owed(d)
        if left and places and places[-1][0] == "alliance" and places[-1][1] is not d.hands["alliance"]:
            # a revolt or spread being paid (8.4.1.II, 8.4.2.II) shows that the Alliance holds enough
            # matching supporters: the redealt stack gets that many before anything else is dealt
            info = d.deck_info.cards
            have = sum(1 for c in keep[-1] if info[c].suit in suits)
            owed = [c for c in pool if info[c].suit in suits][:max(0, left - have)]
            for c in owed:
                pool.remove(c)
            keep[-1] = keep[-1] + owed
        if seat != "duchy" and "duchy" in d.seats:
            # a sway begun (12.5.3.II, one card per decision) shows that the Duchy's hand can pay its minister
            i = next(i for i, (owner, cards) in enumerate(places) if cards is d.hands["duchy"])
            owed = _duchy.sway_owed(d, keep[i], pool)
            for c in owed:
                pool.remove(c)
            keep[i] = keep[i] + owed
        for (_, cards), fixed in zip(places, keep, strict=True):
            n = len(cards) - len(fixed)
            cards[:] = fixed + pool[:n]
            del pool[:n]
        landmarks.refill_market(d, seat, pool)
        d.deck = pool
        # 9.3.3–9.3.4: the quest deck's order and the face-down items under the ruins are hidden too; a
        # Vagabond who has looked under a ruin (9.7.3) knows what is left there
        d.quest_deck.sort()
        r.shuffle(d.quest_deck)
        if d.ruin_items:
            seen = {str(c) for c in d.fdata[seat].get("ruins_seen", ())} if seat in d.fdata else set()
            keys = sorted((k for k in d.ruin_items if k not in seen), key=int)
            hidden = sorted(it for k in keys for it in d.ruin_items[k].split(","))
            r.shuffle(hidden)
            j = 0
            for k in keys:
                n = len(d.ruin_items[k].split(","))
                d.ruin_items[k] = ",".join(hidden[j:j + n])
                j += n
        _corvid.determinize(d, seat, r)  # 13.2.2.1: face-down plots
        if "keepers" in d.fdata:
            _keepers.determinize(d, r)  # 15.3.1: face-down relics' values
        d.rng = Rng(r.next64())
        d._decision = None
        return d


def _supporters_owed(st: RootState) -> tuple[tuple[str, ...], int]:
    """(suits, number) of matching supporters a pending Alliance payment still has to spend (birds are wild; in
    the Lost City, Appendix F, any supporter matches)."""
    for fr in st.stack:
        if fr["k"] == "alliance.pay":
            return (*st.clearing_suits(fr["c"]), "bird"), int(fr["left"])
    return (), 0


def _map_state(st: RootState) -> dict[str, Any]:
    """What this game changed about its map (A.1 suits, C.3.3 closed paths, C.2.5 the Ferry), for saves.
    Fields are written only when the map has them, so Autumn saves with printed suits are unchanged."""
    out: dict[str, Any] = {}
    if st.suits != st.map.suits:
        out["suits"] = list(st.suits)
    if st.map.closed_paths:
        out["closed_paths"] = [list(p) for p in st.closed]
    if st.map.ferry >= 0 or st.ferry >= 0:  # C.2.5, or the Ferry landmark (A.5)
        out["ferry"] = st.ferry
    if st.tower != st.map.tower:  # the Tower landmark (A.5) placed elsewhere than the Pass, or not at all
        out["tower"] = st.tower
    if st.landmarks:
        out["landmarks"] = list(st.landmarks)
    return out


def _load_map_state(st: RootState, doc: dict[str, Any]) -> None:
    board = st.map
    suits = doc.get("suits")
    if suits is not None:
        problem = suits_problem(list(suits), board)
        if problem:
            raise InvalidPosition(f"damaged Root save: {problem}")
        st.suits = tuple(suits)
    elif not board.printed_suits:
        raise InvalidPosition(f"damaged Root save: the {board.name} map needs its suit markers ('suits', A.1)")
    if "closed_paths" in doc:
        closed = tuple(sorted((int(a), int(b)) for a, b in doc["closed_paths"]))
        if not set(closed) <= set(board.closed_paths) or len(set(closed)) != len(closed):
            raise InvalidPosition(f"damaged Root save: closed paths {doc['closed_paths']} are not closed paths of the "
                                  f"{board.name} map (C.3.1)")
        st.closed = closed
        st.adj = adjacency(board.n, board.paths, closed)
    if "ferry" in doc:
        ferry = int(doc["ferry"])
        if ferry != -1 and not (0 <= ferry < board.n and board.rivers[ferry]):
            raise InvalidPosition(f"damaged Root save: the Ferry is in clearing {ferry + 1}, which is on no river "
                                  "or lake (C.2.5, the Ferry landmark)")
        st.ferry = ferry
    if "tower" in doc:
        tower = int(doc["tower"])
        if not -1 <= tower < board.n:
            raise InvalidPosition(f"damaged Root save: the Tower is in clearing {tower + 1}, not on the map (A.5)")
        st.tower = tower
    if "landmarks" in doc:
        names = tuple(str(n) for n in doc["landmarks"])
        if any(n not in landmarks.catalog() for n in names):
            raise InvalidPosition(f"damaged Root save: unknown landmark(s) in {list(names)} (Appendix F)")
        st.landmarks = names




GAME = RootGame()
