"""Random-playout invariants for three-player games: Marquise, Eyrie and Woodland Alliance (chapter 8).

The same promises as ``test_invariants.py`` (no exception, options non-empty and unique, pieces and all
54 cards conserved — the Supporters stack included —, VP in range, copy/JSON/pickle round trips that
continue identically, determinism), plus the Alliance's own limits: warriors on the map and officers
together at most 10 (8.3.1), at most 10 sympathy tokens, one per clearing and never in the keep's
clearing (8.2.5.I, 6.2.2), one base of each suit in a clearing of its suit, five supporters at most
without a base (8.2.3.I). Views leak nothing (promise 4) along some of the games.
"""

from __future__ import annotations

import random

import pytest
from helpers import (
    GAME,
    canonical,
    check_cards,
    check_crafted_items,
    check_decision,
    check_deterministic,
    check_eyrie_court,
    check_finished,
    chunks,
    random_playout,
    two_player_games,
)
from test_invariants import MAX_VP, check_heavy

from planszowki.engine import Rng
from planszowki.games.root.content import DECK_SIZE
from planszowki.games.root.state import BUILDING_COUNT, OWNER, TOKEN_COUNT, WARRIORS, WIN_VP

SEATS = ("marquise", "eyrie", "alliance")
GAMES = 160
HEAVY_EVERY = 389  # a prime, so the heavy checks land on different kinds of decisions
HEAVY_GAME_EVERY = 8  # heavy checks along every eighth game (they cost most)
HEAVY_END_EVERY = 8
BASES = ("base_fox", "base_rabbit", "base_mouse")
CAPS = {**BUILDING_COUNT, **TOKEN_COUNT}


def check_cheap(st, step: int) -> None:
    check_decision(st)
    d = st.decision
    on_map: dict[str, int] = {}
    for w in st.warriors:
        for f, n in w.items():
            assert n > 0
            on_map[f] = on_map.get(f, 0) + n
    for f in st.seats:
        assert 0 <= st.vp[f] < WIN_VP, st.vp  # the game ends at 30 (3.1)
        assert on_map.get(f, 0) <= WARRIORS[f], (f, on_map)  # 1.5.1
    al = st.fdata["alliance"]
    if "supporters" in al:  # after 8.3: officers come from the same 10 warriors
        assert al["officers"] >= 0
        assert on_map.get("alliance", 0) + al["officers"] <= WARRIORS["alliance"]
    keep = st.keep_clearing()
    counts: dict[str, int] = {}
    bases = 0
    for c in st.map.clearings():
        b, t = st.buildings[c], st.tokens[c]
        assert len(b) <= st.map.slots[c]
        for kind in b:
            counts[kind] = counts.get(kind, 0) + 1
            if kind in BASES:
                bases += 1
                assert kind == f"base_{st.map.suits[c]}"  # 8.4.1.III: the matching base
        assert b.count("roost") <= 1  # 7.5.2.IV
        for kind in t:
            counts[kind] = counts.get(kind, 0) + 1
            assert OWNER[kind] in ("marquise", "alliance")
        if "sympathy" in t:
            assert t.count("sympathy") == 1  # 8.2.5.I
            assert c != keep  # 6.2.2
    for kind, cap in CAPS.items():
        assert counts.get(kind, 0) <= cap, (kind, counts)
    if "supporters" in al and not bases and d.kind != "alliance.discard_supporters":
        assert len(al["supporters"]) <= 5  # 8.2.3.I (8.2.4: the Alliance discards down at once)
    check_cards(st)  # the Supporters stack included
    check_crafted_items(st)
    check_eyrie_court(st)


def check_view(st, rnd: random.Random) -> None:
    """Promise 4: redealing what a seat does not know leaves its view unchanged (supporters included)."""
    for seat in (*SEATS, None):
        v = st.view(seat)
        board = v["players"]["alliance"]["board"]
        assert board["supporters_count"] == len(st.fdata["alliance"].get("supporters", []))
        if seat == "alliance":
            assert board["supporters"] == sorted(st.card(c).key for c in st.fdata["alliance"]["supporters"])
        else:
            assert board["supporters"] is None
        for e in v["log"]:
            assert e["seats"] is None or seat in e["seats"], e
        other = GAME.determinize(st, seat, Rng(rnd.getrandbits(64)))
        assert canonical(other.view(seat)) == canonical(v), f"view of {seat} changed by determinize"
        assert other.total_cards() == DECK_SIZE


@pytest.mark.parametrize("seeds", chunks(GAMES, 40), ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_three_player_playouts_keep_every_invariant(seeds):
    ends: dict[str, int] = {}
    for seed in seeds:
        rnd = random.Random(seed * 11 + 5)

        def visit(st, step, rnd=rnd, seed=seed):
            check_cheap(st, step)
            if seed % HEAVY_GAME_EVERY == 3 and step % HEAVY_EVERY == HEAVY_EVERY // 2:
                check_heavy(st, rnd)
            if seed % 8 == 0 and step % 101 == 7:
                check_view(st, rnd)

        st, _ = random_playout(10_000 + seed, players=SEATS, visit=visit)
        res = check_finished(st, MAX_VP)
        if seed % HEAVY_END_EVERY == 5:
            check_heavy(st, rnd)
        ends[res["reason"]] = ends.get(res["reason"], 0) + 1
    assert sum(ends.values()) == len(seeds)


def test_three_player_playouts_go_through_the_alliance_rules():
    """The playouts above prove something only if they reach the Alliance's rules; check that they do."""
    seen: set[str] = set()
    winners: set[str] = set()
    for seed in range(30):
        st, _ = random_playout(10_000 + seed, players=SEATS)
        winners |= set(st.result["winners"])
        for e in st.log:
            if e.kind in ("revolt", "outrage", "outrage_card", "outrage_shown", "supporter_discarded",
                          "discard_supporter", "officers_lost", "mobilize"):
                seen.add(e.kind)
            elif e.kind == "place_token" and e.args["token"] == "sympathy":
                seen.add("organize" if e.rule == "8.6.1.IV" else "spread")
            elif e.kind == "place_warriors" and e.rule == "8.6.1.III":
                seen.add("recruit")
            elif e.kind == "officer" and e.rule == "8.5.3":
                seen.add("train")
            elif e.kind == "craft" and e.args["faction"] == "alliance":
                seen.add("craft")
            elif e.kind == "roll" and e.args["defender"] == "alliance":
                seen.add("guerrilla")
    assert winners == set(SEATS)
    assert seen == {"revolt", "outrage", "outrage_card", "outrage_shown", "supporter_discarded", "discard_supporter",
                    "officers_lost", "mobilize", "spread", "organize", "recruit", "train", "craft", "guerrilla"}


def test_three_player_games_are_deterministic():
    for seed in (3, 14):
        check_deterministic(seed, SEATS, 77 + seed)


@pytest.mark.parametrize("players", [("alliance", "marquise"), ("eyrie", "alliance")])
def test_two_player_games_with_the_alliance_play_to_the_end(players):
    """5.1.3: two-player games are played without the dominance cards."""
    two_player_games(players, range(6))
