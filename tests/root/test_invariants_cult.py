"""Random-playout invariants for games with the Lizard Cult (chapter 10), three and four players.

The same promises as ``test_invariants.py`` (no exception, options non-empty and unique, pieces and all
54 cards conserved — the Lost Souls pile and the revealed cards included —, VP in range, copy/JSON/pickle
round trips that continue identically, determinism), plus the Cult's own limits: warriors on the map and
acolytes together at most 25 (10.3.1), at most five gardens of each suit, each in a clearing of its suit,
the Cult ruling every clearing with a garden (10.2.4), the Outcast a suit (10.3.3), revealed cards only in
Daylight (10.6.1) and the Lost Souls pile empty right after the Cult's Birdsong steps (10.4.2). Views leak nothing
(promise 4) along some of the games.
"""

from __future__ import annotations

import random

import pytest
from helpers import (
    check_cards,
    check_decision,
    check_deterministic,
    check_finished,
    check_redeal,
    chunks,
    random_playout,
    run_playouts,
    two_player_games,
)
from test_invariants import MAX_VP, check_heavy

from planszowki.games.root.content import SUITS
from planszowki.games.root.state import BUILDING_COUNT, WARRIORS, WIN_VP

LINEUPS = (
    ("marquise", "eyrie", "cult"),
    ("cult", "alliance", "vagabond", "eyrie"),
    ("vagabond", "cult", "marquise", "vagabond2"),
    ("cult", "marquise", "alliance"),
)
GAMES = 160
GARDENS = tuple(f"garden_{s}" for s in SUITS)


def check_cheap(st, step: int) -> None:
    check_decision(st)
    for f in st.seats:
        assert 0 <= st.vp[f] < WIN_VP, st.vp
    fd = st.fdata["cult"]
    if "lost_souls" not in fd:  # before 10.3
        return
    on_map = st.warriors_on_map("cult")
    assert fd["acolytes"] >= 0 and on_map + fd["acolytes"] <= WARRIORS["cult"]  # 10.3.1
    assert st.warrior_supply("cult") >= 0
    counts = dict.fromkeys(GARDENS, 0)
    for c in st.map.clearings():
        here = [b for b in st.buildings[c] if b in counts]
        for b in here:
            counts[b] += 1
            assert b == f"garden_{st.suits[c]}"  # a garden stands in a clearing of its suit
        if here:
            assert st.ruler(c) == "cult"  # 10.2.4 Pilgrims
    for kind, n in counts.items():
        assert n <= BUILDING_COUNT[kind]
    if fd["outcast"] is not None:
        assert fd["outcast"] in SUITS
    if fd["revealed"]:
        # 10.6.1: back in the hand in the Evening's first step (Cobbler, 4.1.3, and what it triggers come first)
        assert st.current == "cult" and st.phase in ("daylight", "evening")
        assert st.decision.kind not in ("cult.craft", "discard_down")
    if st.current == "cult" and st.phase == "birdsong" and st.decision.kind == "cult.conspiracies":
        # 10.4.2: the pile was emptied just before; a conspiracy may refill it (an ambush card, Field Hospitals)
        if not any(e.kind == "acolytes_spent" for e in _this_turn(st)):
            assert fd["lost_souls"] == []
    check_cards(st)  # the Lost Souls pile and the revealed cards included


def _this_turn(st) -> list:
    out = []
    for e in reversed(st.log):
        if e.kind == "turn_start":
            break
        out.append(e)
    return out


def check_view(st, rnd: random.Random) -> None:
    """Promise 4: redealing what a seat does not know leaves its view unchanged; Lost Souls are public."""
    for seat in (*st.seats, None):
        v = check_redeal(st, rnd, seat)
        board = v["players"]["cult"]["board"]
        if "lost_souls" in st.fdata["cult"]:
            assert board["lost_souls"] == [st.card(c).key for c in st.fdata["cult"]["lost_souls"]]
        assert (v["players"]["cult"]["hand"] is None) == (seat != "cult")


@pytest.mark.parametrize("seeds", chunks(GAMES, 40), ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_playouts_with_the_cult_keep_every_invariant(seeds):
    run_playouts(seeds, LINEUPS, first_seed=20_000, rng_seed=lambda s: s * 13 + 7, check_cheap=check_cheap,
                 check_heavy=check_heavy, check_view=check_view, max_vp=MAX_VP, view_every=(8, 97))


def test_playouts_go_through_the_cults_rules():
    """The playouts above prove something only if they reach the Cult's rules; check that they do."""
    seen: set[str] = set()
    winners: set[str] = set()
    for seed in range(40):
        st, _ = random_playout(20_000 + seed, players=LINEUPS[seed % len(LINEUPS)])
        winners |= set(st.result["winners"])
        for e in st.log:
            if e.kind in ("revenge", "crusade", "convert", "sanctify", "sacrifice", "outcast_hated",
                          "lost_souls_discarded", "return_revealed"):
                seen.add(e.kind)
            elif e.kind == "discard" and e.rule == "10.2.5":
                seen.add("fear")
            elif e.kind == "spend" and e.rule == "10.5.3":
                seen.add("score")
            elif e.kind == "place_building" and e.rule == "10.5.1":
                seen.add("build")
            elif e.kind == "place_warriors" and e.rule == "10.5.2":
                seen.add("recruit")
            elif e.kind == "craft" and e.args["faction"] == "cult":
                seen.add("craft")
    assert "cult" in winners and len(winners) >= 3
    assert seen == {"revenge", "crusade", "convert", "sanctify", "sacrifice", "outcast_hated", "lost_souls_discarded",
                    "return_revealed", "fear", "score", "build", "recruit", "craft"}


@pytest.mark.parametrize("players", LINEUPS[:2])
def test_games_with_the_cult_are_deterministic(players):
    for seed in (4, 9):
        check_deterministic(seed, players, 31 + seed)


@pytest.mark.parametrize("players", [("cult", "marquise"), ("eyrie", "cult"), ("cult", "alliance"),
                                     ("vagabond", "cult")])
def test_two_player_games_with_the_cult_play_to_the_end(players):
    two_player_games(players, range(4))  # 5.1.3


@pytest.mark.parametrize("board", ["winter", "lake", "mountain"])
def test_cult_games_on_the_variant_maps(board):
    for seed in range(3):
        st, _ = random_playout(seed, players=("cult", "marquise", "eyrie"), options={"map": board},
                               visit=lambda st, step: check_cheap(st, step))
        check_finished(st, MAX_VP)
