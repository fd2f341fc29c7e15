"""Invariants every Root state keeps, whatever the line-up, map or players (DESIGN.md "Tests every game carries").

One copy, used by the random-playout tests (``tests/root/helpers.py`` re-exports them) and by ``planszowki
soak``. Each check raises :class:`InvariantViolation` (an ``AssertionError``, so pytest reports it as a failed
check) with a message naming what broke; none of them changes the state.

* :func:`check_decision` — a running game asks a seat of the game to choose among options with unique ids,
  each citing the Law (promises 3 and 5);
* :func:`check_vp` — victory points in range (3.1);
* :func:`check_pieces` — pieces limited by the contents of the game (1.5.1), building slots (2.2.3);
* :func:`check_cards` — each of the 54 cards in exactly one place;
* :func:`check_items` — items conserved (5.1.5; 9.3.4–9.3.5 with Vagabonds);
* :func:`check_eyrie_court` — the Eyrie's leaders and Loyal Viziers (7.3.3, 7.7.3);
* :func:`check_round_trip` — ``copy`` and a JSON text round trip give equal states (promise 1);
* :func:`check_finished` — a finished game has a real result;
* :func:`check_state` — all of the cheap ones (and the round trip when asked) at once.
"""

from __future__ import annotations

import json
from typing import Any

from . import hirelings
from .content import DECK_SIZE, FAITHFUL_IDS, ITEM_SUPPLY, VIZIER_IDS
from .factions import keepers as kp
from .factions import vagabond as vb
from .factions.eyrie import COLUMNS, LEADERS
from .game import GAME
from .hirelings import exile_items
from .state import BUILDING_COUNT, TOKEN_COUNT, VAGABONDS, WARRIORS, WIN_VP, RootState

#: The largest total a finished game can show: 29 and then the largest single score, 5 VP for the seventh roost
#: (7.6.1) or a Royal Claim on all twelve clearings (4.1.3); the game ends as soon as someone reaches 30 (3.1).
#: The Riverfolk's Dividends (11.4.2) have no fixed bound: :func:`check_finished` counts their funds.
MAX_VP = WIN_VP - 1 + 12


class InvariantViolation(AssertionError):
    """A state that breaks a rule every Root state keeps; the message says which."""


def _fail(message: str) -> None:
    raise InvariantViolation(message)


def canonical(doc: Any) -> str:
    """Canonical JSON text: sorted keys, no spaces (what equality checks compare)."""
    return json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def check_decision(st: RootState, *, cite: bool = True) -> None:
    """A running game always asks a seat of the game (promise 3) to pick among options with unique ids,
    each citing the Law (promise 5); ``cite=False`` skips the citations (the costlier part)."""
    d = st.decision
    if d is None or st.terminal:
        _fail("a running game has no decision")
    assert d is not None
    if d.player not in st.seats:
        _fail(f"decision {d.kind} asks {d.player!r}, who has no seat")
    if not d.options:
        _fail(f"decision {d.kind} without options")
    opt_ids = [o.id for o in d.options]
    if len(set(opt_ids)) != len(opt_ids):
        _fail(f"duplicate option ids in {d.kind}: {opt_ids}")
    if cite:
        for o in d.options:
            if not o.rule.startswith("root:"):
                _fail(f"option {o.id!r} of {d.kind} cites {o.rule!r}")
            if not (o.id and o.action):
                _fail(f"option {o.id!r} of {d.kind} has no id or action")
        if not d.rule.startswith("root:"):
            _fail(f"decision {d.kind} cites {d.rule!r}")


def check_vp(st: RootState) -> None:
    """3.1: 30 VP end the game at once — except that one who reaches 30 out of turn in a moment of simultaneous
    scoring (both sides' hits, 4.3.4) wins when that moment is done (``win_pending``)."""
    pending = st.turn.get("win_pending")
    for f in st.seats:
        v = st.vp[f]
        if not (0 <= v < WIN_VP or pending == f):
            _fail(f"{f} has {v} VP in a running game (3.1)")


def check_pieces(st: RootState) -> None:
    """1.5.1: pieces are limited by the contents of the game (warriors on the map, in the Officers box, held by
    others — ``warrior_supply`` — never more than the faction owns; buildings and tokens within their counts);
    2.2.3: buildings within the clearing's slots; 9.2.2: a Vagabond has no warriors."""
    n = st.map.n
    hired = {hirelings.owner(s) for s in hirelings.in_play(st)}  # Appendix E: hirelings' own warriors
    for c, w in enumerate(st.warriors):
        for f, k in w.items():
            if k <= 0 or (f not in st.seats and f not in hired):
                _fail(f"location {c + 1}: warriors {f!r}: {k}")
    try:
        hirelings.check_state(st)  # E.1: one controller per card; 1.5.1: a hireling's warriors within its count
    except AssertionError as exc:
        _fail(str(exc))
    for c in range(n):
        if st.open_slots(c) < 0:  # the Elder Treetop (Appendix F) adds a slot
            _fail(f"clearing {c + 1}: {len(st.buildings[c])} buildings in {st.map.slots[c]} slot(s) (2.2.3)")
    for kind, cap in (*BUILDING_COUNT.items(), *TOKEN_COUNT.items()):
        on = st.count_on_map(kind)
        if on > cap:
            _fail(f"{on} {kind} on the map, but there are only {cap} (1.5.1)")
    for f in st.seats:
        if f in WARRIORS:
            if st.warrior_supply(f) < 0:
                _fail(f"{f}: {st.warriors_on_map(f)} warriors on the map and more elsewhere than its "
                      f"{WARRIORS[f]} (1.5.1)")
        elif st.warriors_on_map(f):
            _fail(f"{f} has warriors on the map (9.2.2)")


def check_cards(st: RootState) -> None:
    """All 54 cards are somewhere, each once: deck, discard pile, dominance cards near the map or out of
    the game, hands, play areas, activated dominance, the Decree, the Supporters stack, the Lost Souls pile
    and the Cult's revealed cards, the Duchy's revealed cards, an ambush card being played (4.3.1)."""
    every = (st.deck + st.discard + st.available + st.out + [c for h in st.hands.values() for c in h]
             + [c for h in st.crafted.values() for c in h] + [c for c in st.dominance.values() if c is not None]
             + [c for col in COLUMNS for c in st.fdata.get("eyrie", {}).get(f"decree_{col}", []) if c < DECK_SIZE]
             + list(st.fdata.get("alliance", {}).get("supporters", []))
             + [c for k in ("lost_souls", "revealed") for c in st.fdata.get("cult", {}).get(k, [])]  # 10.2.6, 10.5
             + list(st.fdata.get("duchy", {}).get("revealed", []))  # 12.5: the Duchy's revealed cards
             + [c for s in st.seats for c in st.fdata[s].get("artisans", [])]  # Appendix E: the Mole Artisans
             + [c for col in ("move", "battle", "recover")  # 15.5.2 the Keepers' Retinue (not the Retainers)
                for c in st.fdata.get("keepers", {}).get(f"retinue_{col}", []) if c < DECK_SIZE]
             + [fr["amb"] for fr in st.stack if fr.get("amb", -1) >= 0]
             + list(st.fdata.get("landmarks", {}).get("market", ())))  # Appendix F: the Black Market's cards
    if sorted(every) != list(range(DECK_SIZE)):
        seen: dict[int, int] = {}
        for c in every:
            seen[c] = seen.get(c, 0) + 1
        twice = sorted(st.card(c).key for c, k in seen.items() if k > 1)
        lost = sorted(st.card(c).key for c in range(DECK_SIZE) if c not in seen)
        _fail(f"cards not conserved: twice {twice}, nowhere {lost}")


def check_crafted_items(st: RootState) -> None:
    """Items in the supply plus those in Crafted Items boxes are the 5.1.5 supply (games without a Vagabond)."""
    held = exile_items(st)  # Appendix E: items given to the Exile (and those it lost)
    held = [*held, *st.fdata.get("landmarks", {}).get("forge", ())]  # Appendix F: the Legendary Forge's card
    for item, n in ITEM_SUPPLY.items():
        crafted = sum(st.crafted_items[s].count(item) for s in st.seats) + held.count(item)
        if not (st.items[item] >= 0 and st.items[item] + crafted == n):
            _fail(f"items {item}: {st.items[item]} in the supply and {crafted} crafted, not {n} (5.1.5)")


def check_exhausted_crafted_items(st: RootState) -> None:
    """A.2 League of Adventurous Mice: the exhausted marks of a Crafted Items box are items in that box."""
    for s, tired in st.crafted_exhausted.items():
        box = st.crafted_items.get(s, [])
        if not tired or any(tired.count(i) > box.count(i) for i in tired):
            _fail(f"{s}: exhausted items {sorted(tired)} not all in the Crafted Items box {sorted(box)} (A.2)")


def check_items(st: RootState) -> None:
    """Every item in exactly one place: without a Vagabond, the 5.1.5 supply; with Vagabonds (once their
    setup is done), also their starting items (9.3.5) and one set of ruin items each (9.3.4); with the Hundreds,
    their Hoard and the items they removed (14.2.4), and the ruin items (14.3.2)."""
    vagabonds = [v for v in VAGABONDS if v in st.seats]
    brigand = "the_brigand" in st.fdata.get("hirelings", {}).get("cards", ())  # Appendix E: "R" items too
    if not vagabonds and "warlord" not in st.seats and not brigand:  # 14.2.4: the Hoard is not a Crafted Items box
        check_crafted_items(st)
        return
    if st.phase == "setup":  # 9.3: characters, starting items and ruins are still being laid out
        return
    census, totals = vb.item_census(st), vb.item_totals(st)
    if census != totals or any(v < 0 for v in st.items.values()):
        _fail(f"items not conserved: found {census}, the game holds {totals}")


def check_eyrie_court(st: RootState) -> None:
    """7.3.3, 7.7.3: one leader, the others face up or down; both Loyal Viziers in the Decree."""
    fd = st.fdata.get("eyrie", {})
    if fd.get("leader") is None:
        return
    if sorted([fd["leader"], *fd["leaders_up"], *fd["leaders_down"]]) != sorted(LEADERS):
        _fail(f"Eyrie leaders: {fd['leader']}, up {fd['leaders_up']}, down {fd['leaders_down']} (7.3.3)")
    viziers = sorted(c for col in COLUMNS for c in fd[f"decree_{col}"] if c >= DECK_SIZE)
    if viziers != list(VIZIER_IDS):
        _fail(f"Loyal Viziers in the Decree: {viziers} (7.7.3)")


def check_keepers(st: RootState) -> None:
    """15.2.1: the twelve relics, each at most once (clearings, forests, Relics spaces, a trophy being placed);
    15.2.2: each waystation piece on the map once; 15.6.2: ten Retinue cards at most; 15.3.4: Faithful Retainers
    only in the Retinue, each once."""
    fd = st.fdata.get("keepers", {})
    if "forest_relics" not in fd or "relic_pool" in fd:
        return
    census, cap = kp.relic_census(st), kp.all_relics()
    if any(n > cap.get(k, 0) for k, n in census.items()):  # a position may leave relics out of play
        _fail(f"relics not conserved: {sorted(census.items())} (15.2.1)")
    pieces = [kp.piece_of(b) for _, b in kp.waystations_on_map(st)]
    if len(set(pieces)) != len(pieces):
        _fail(f"a waystation on the map twice: {pieces} (15.2.2)")
    if kp.retinue_size(st) > kp.RETINUE_LIMIT:
        _fail(f"the Retinue holds {kp.retinue_size(st)} cards (15.6.2)")
    retainers = [c for col in kp.COLUMNS for c in fd[f"retinue_{col}"] if c >= DECK_SIZE]
    if len(set(retainers)) != len(retainers) or not set(retainers) <= set(FAITHFUL_IDS):
        _fail(f"Faithful Retainers in the Retinue: {retainers} (15.3.4)")


def check_round_trip(st: RootState, game: Any = None) -> None:
    """Promise 1: a copy and a JSON text round trip (which also validates the state) equal the original."""
    if game is None:
        game = GAME
    before = canonical(game.to_json(st))
    if canonical(game.to_json(st.copy())) != before:
        _fail("copy() differs from the original")
    back = game.from_json(json.loads(json.dumps(game.to_json(st))))
    if canonical(game.to_json(back)) != before:
        _fail("a JSON round trip differs from the original")


def check_state(st: RootState, *, round_trip: bool = False, game: Any = None) -> None:
    """Every cheap invariant of a running game (and the round trip when ``round_trip``)."""
    check_decision(st)
    check_vp(st)
    check_pieces(st)
    check_cards(st)
    check_items(st)
    check_exhausted_crafted_items(st)
    check_eyrie_court(st)
    check_keepers(st)
    if round_trip:
        check_round_trip(st, game)


def check_finished(st: RootState, max_vp: int = MAX_VP) -> dict:
    """End-of-game invariants: a real result (3.1, 3.3.1), VP in range, every card accounted for; a coalition
    wins with its partner (9.2.8). Returns the result."""
    if not (st.terminal and st.decision is None):
        _fail("the game is not over")
    res = st.result
    if res["reason"] not in ("vp", "dominance"):
        _fail(f"the game ended for reason {res['reason']!r}")
    if not (res["winners"] and all(w in st.seats for w in res["winners"])):
        _fail(f"winners {res['winners']!r}")
    for f in st.seats:
        top = max_vp
        if f == "riverfolk":  # 11.4.2: Dividends score one point per two funds, however many funds there are
            top = max(top, WIN_VP - 1 + len(st.fdata[f].get("funds", ())) // 2)
        if not 0 <= st.vp[f] <= top:
            _fail(f"{f} ends with {st.vp[f]} VP")
    if res["reason"] == "vp" and not any(st.vp[w] >= WIN_VP for w in res["winners"]):
        _fail(f"a VP win without 30 VP: {st.vp}")
    for v in VAGABONDS:
        if v in st.seats and st.fdata[v].get("coalition") in res["winners"] and v not in res["winners"]:
            _fail(f"{v} in coalition with a winner did not win (9.2.8)")
    if st.total_cards() != DECK_SIZE:
        _fail(f"{st.total_cards()} cards at the end, not {DECK_SIZE}")
    return res


__all__ = [
    "MAX_VP", "InvariantViolation", "canonical", "check_cards", "check_crafted_items", "check_decision",
    "check_exhausted_crafted_items", "check_eyrie_court", "check_finished", "check_items", "check_pieces",
    "check_round_trip", "check_state", "check_vp",
]
