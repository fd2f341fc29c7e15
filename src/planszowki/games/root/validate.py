"""The checks a Root state passes when it is loaded from a save (``game.py``'s ``from_json``) or written as a position
(``position.py``): pieces and cards within what the game has (1.5.1), each faction's board consistent with its
chapter. They raise :class:`InvalidPosition` naming the problem."""

from __future__ import annotations

from typing import Any

from ...engine import InvalidPosition
from .content import DECK_SIZE, FAITHFUL_IDS, VIZIER_IDS, characters
from .factions import corvid, cult, duchy, keepers, riverfolk, warlord
from .factions import vagabond as vb
from .factions.eyrie import LEADERS
from .hirelings import in_play, side_of
from .state import BUILDING_COUNT, CARD_LISTS, OWNER, TOKEN_COUNT, VAGABONDS, WARRIORS, RootState


def validate(st: RootState) -> None:
    """Sanity checks shared by saves and positions; raise InvalidPosition naming the problem."""
    n = st.map.n
    hirelings_in_play = in_play(st)
    # 12.2.2: with the Duchy, the Burrow follows the clearings (checked by duchy.validate)
    extra = 1 if "duchy" in st.seats and len(st.warriors) == n + 1 else 0
    if len(st.warriors) != n + extra or len(st.buildings) != n + extra or len(st.tokens) != n + extra:
        raise InvalidPosition(f"the {st.map.name} map has {n} clearings")
    for c in range(n):
        for kind in st.buildings[c] + st.tokens[c]:
            if kind not in OWNER:
                raise InvalidPosition(f"clearing {c + 1}: unknown piece {kind!r}")
        if st.open_slots(c) < 0:  # the Elder Treetop (Appendix F) adds a slot
            raise InvalidPosition(f"clearing {c + 1} has {st.map.slots[c]} slot(s) but "
                                  f"{len(st.buildings[c])} building(s) (2.2.3)")
        for f, k in st.warriors[c].items():
            if (f not in st.seats and side_of(f) not in hirelings_in_play) or k < 0:  # Appendix E: hirelings
                raise InvalidPosition(f"clearing {c + 1}: bad warriors {f!r}: {k}")
    # 1.5.1: pieces are limited by the contents of the game
    for f in st.seats:
        on_map = st.warriors_on_map(f)
        if f in WARRIORS and on_map > WARRIORS[f]:
            raise InvalidPosition(f"{on_map} {f} warriors on the map, but the faction has only {WARRIORS[f]} (1.5.1)")
        if not isinstance(st.vp.get(f), int) or st.vp[f] < 0:
            raise InvalidPosition(f"{f}: victory points must be a whole number of at least 0, not {st.vp.get(f)!r}")
    for f, tired in st.crafted_exhausted.items():  # A.2 League of Adventurous Mice: exhausted in the box itself
        box = st.crafted_items.get(f)
        brigand = "the_brigand" in hirelings_in_play  # Appendix E: the Brigand exhausts them too
        if not (st.exiles or brigand) or box is None or not tired or any(tired.count(i) > box.count(i) for i in tired):
            raise InvalidPosition(f"{f}: exhausted items {sorted(tired)} must lie in the Crafted Items box "
                                  f"{sorted(box or [])}, and only League of Adventurous Mice (A.2, the Exiles and "
                                  "Partisans deck) exhausts them")
    if "eyrie" in st.seats:
        _validate_eyrie(st.fdata["eyrie"])
    if "vagabond2" in st.seats and "vagabond" not in st.seats:
        raise InvalidPosition("'vagabond2' is the second Vagabond (9.7): it plays together with 'vagabond'")
    for v in VAGABONDS:
        if v in st.seats:
            _validate_vagabond(st, v)
    if "alliance" in st.seats:
        _validate_alliance(st)
    for module in (riverfolk, cult, corvid, duchy, keepers, warlord):  # each checks its own board, in this order
        if module.KEY in st.seats:
            module.validate(st)
    for kind, cap in (*BUILDING_COUNT.items(), *TOKEN_COUNT.items()):
        if st.count_on_map(kind) > cap:
            raise InvalidPosition(f"{st.count_on_map(kind)} {kind} pieces on the map, but there are only {cap} (1.5.1)")
    seen: set[int] = set()
    for cid in st.deck + st.discard + st.available + st.out + [c for h in st.hands.values() for c in h] + [
            c for h in st.crafted.values() for c in h] + [c for c in st.dominance.values() if c is not None] + [
            c for fd in st.fdata.values() for k, v in fd.items() if k.startswith(("decree_", "retinue_"))
            for c in v] + [
            c for fd in st.fdata.values() for k in CARD_LISTS for c in fd.get(k, ())] + list(
            st.fdata.get("landmarks", {}).get("market", ())):  # Appendix F: the Black Market's cards
        if not 0 <= cid < DECK_SIZE + len(VIZIER_IDS) + len(FAITHFUL_IDS):
            raise InvalidPosition(f"unknown card id {cid}")
        if cid in seen:
            raise InvalidPosition(f"card {st.card(cid).key} appears twice")
        seen.add(cid)



def _validate_alliance(st: RootState) -> None:
    """8.2.3–8.2.5, 8.4.1.III: officers come from the 10 warriors, one sympathy token per clearing and none
    in the keep's clearing (6.2.2), each base in a clearing of its suit, the stack's capacity."""
    fd = st.fdata["alliance"]
    if "supporters" not in fd:  # before setup
        return
    officers = fd.get("officers", 0)
    if not isinstance(officers, int) or officers < 0:
        raise InvalidPosition(f"Alliance officers must be a whole number of at least 0, not {officers!r}")
    on_map = st.warriors_on_map("alliance")
    if on_map + officers > WARRIORS["alliance"]:
        raise InvalidPosition(f"the Alliance has {on_map} warriors on the map and {officers} officers, but only "
                              f"{WARRIORS['alliance']} warriors (8.3.1)")
    bases = 0
    for c in range(st.map.n):
        n = st.tokens[c].count("sympathy")
        if n > 1:
            raise InvalidPosition(f"clearing {c + 1} has {n} sympathy tokens; a clearing holds only one (8.2.5.I)")
        if n and "keep" in st.tokens[c]:
            raise InvalidPosition(f"clearing {c + 1} has the keep: no sympathy token may be placed there (6.2.2)")
        for b in st.buildings[c]:
            if b.startswith("base_"):
                bases += 1
                if not st.suit_matches(c, b[5:]):  # Appendix F: the Lost City is of every suit
                    raise InvalidPosition(f"the {b[5:]} base is in clearing {c + 1}, a {st.suits[c]} clearing; "
                                          "a base stands in a clearing of its suit (8.4.1.III)")
    sup = fd.get("supporters", [])
    pending = any(fr.get("k") in ("alliance.base_removed", "alliance.discard_supporters") for fr in st.stack)
    if not bases and len(sup) > 5 and not pending:  # a save may be taken while it discards down (8.2.4)
        raise InvalidPosition(f"{len(sup)} supporters but no base on the map: the stack holds at most five (8.2.3.I)")


def _validate_vagabond(st: RootState, seat: str) -> None:
    """9.3.1 one character card each; the pawn in a clearing or forest (9.3.2); items in known states (9.2.5);
    relationships on the chart (9.2.9); a coalition with one other seat (9.2.8); items counted (1.5.1)."""
    fd = st.fdata[seat]
    char = fd.get("character")
    if char is None:  # before setup
        return
    if char not in characters():
        raise InvalidPosition(f"{seat}: unknown character {char!r}; characters: {', '.join(characters())}")
    for other in VAGABONDS:
        if other != seat and other in st.seats and st.fdata[other].get("character") == char:
            raise InvalidPosition(f"both Vagabonds are the {char}; each character is one card (9.3.1)")
    if "items" not in fd:
        return
    w = fd.get("where")
    if w == -1 and any(fr.get("k") == "vagabond.setup" and fr.get("seat") == seat for fr in st.stack):
        return  # 9.3.1–9.3.2: saved while this Vagabond sets up, before the pawn is placed
    if not isinstance(w, int) or not 0 <= w < st.map.n + len(st.map.forests):
        raise InvalidPosition(f"{seat}: the pawn is nowhere on the map ({w!r}); it stands in a clearing or a forest "
                              "(9.3.2)")
    for e in fd["items"]:
        name, state = vb.split(e) if isinstance(e, str) else ("", "")
        if vb.base(name) not in vb.ITEM_KINDS or len(state) != 1 or state not in vb.STATES:
            raise InvalidPosition(f"{seat}: bad item {e!r} (9.2.5)")
    for f in st.seats:
        if f not in VAGABONDS and fd.get(f"rel_{f}", 0) not in (-1, 0, 1, 2, 3):
            raise InvalidPosition(f"{seat}: bad relationship with {f}: {fd.get(f'rel_{f}')!r} (9.2.9)")
    partner = fd.get("coalition")
    if partner is not None:
        if partner not in st.seats or partner == seat:
            raise InvalidPosition(f"{seat}: coalition with {partner!r}, who is not another seat (9.2.8)")
        others = [v for v in VAGABONDS if v != seat and v in st.seats and st.fdata[v].get("coalition") in (
            partner, seat)]
        if others or st.fdata[partner].get("coalition"):
            raise InvalidPosition(f"{seat}: {partner} is already in a coalition (9.2.8)")
    if all("items" in st.fdata[v] for v in VAGABONDS if v in st.seats):
        totals, census = vb.item_totals(st), vb.item_census(st)
        over = sorted(k for k in vb.ITEM_KINDS if census[k] > totals[k])
        if over:
            raise InvalidPosition("more items than the game has: " + ", ".join(
                f"{k} {census[k]} > {totals[k]}" for k in over) + " (5.1.5, 9.3.4, 9.3.5)")


def _validate_eyrie(fd: dict[str, Any]) -> None:
    """7.3.3, 7.7.3: each of the four leaders is the leader, face up or face down, exactly once."""
    if "leader" not in fd:  # before setup chose one
        return
    names = [fd["leader"], *fd.get("leaders_up", []), *fd.get("leaders_down", [])]
    placed = [n for n in names if n is not None]
    unknown = [n for n in placed if n not in LEADERS]
    if unknown:
        raise InvalidPosition(f"unknown Eyrie leader(s) {unknown}; leaders: {', '.join(LEADERS)}")
    if len(set(placed)) != len(placed):
        raise InvalidPosition(f"an Eyrie leader is listed twice (leader, face up, face down): {placed}")
    missing = [n for n in LEADERS if n not in placed]
    if missing:
        raise InvalidPosition(f"Eyrie leader(s) {', '.join(missing)} must be the leader, face up or face down")
