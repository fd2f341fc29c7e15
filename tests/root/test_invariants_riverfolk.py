"""Random-playout invariants for games with the Riverfolk Company (chapter 11), three and four players.

The promises of ``test_invariants.py`` (no exception, options non-empty, unique and citing the Law, every
card somewhere once, VP in range, copy/JSON/pickle round trips that continue identically) plus the
Riverfolk's own: their 15 warriors are on the map, on their board or in the supply (11.3.1), and no faction
has a negative supply because of warriors paid into the Payments box (11.2.6.I); at most three trade posts
of a suit on the map and lost together, one per clearing, each in a clearing of its suit (11.3.3, 11.5.6);
committed crafting funds only on empty track spaces (11.2.1); prices on their tracks (11.2.7). Views leak
nothing and show the public hand to everyone (11.2.3).
"""

from __future__ import annotations

import random

import pytest
from helpers import GAME, canonical, check_cards, check_decision, check_finished, chunks, random_playout
from test_invariants import MAX_VP, check_heavy

from planszowki.engine import Rng
from planszowki.games.root.content import DECK_SIZE, SUITS
from planszowki.games.root.factions.riverfolk import PRICES, crafting_pieces, held, posts_on_track
from planszowki.games.root.state import WARRIORS, WIN_VP

LINEUPS = (
    ("marquise", "eyrie", "riverfolk"),
    ("riverfolk", "alliance", "vagabond"),
    ("marquise", "riverfolk", "alliance", "vagabond"),
    ("eyrie", "vagabond", "riverfolk", "vagabond2"),
)
GAMES = 120
HEAVY_EVERY = 389
MAPS = ("autumn", "winter", "lake", "mountain")


def check_cheap(st, step: int) -> None:
    check_decision(st)
    for f in st.seats:
        assert 0 <= st.vp[f] < WIN_VP
        if f in WARRIORS:
            assert st.warrior_supply(f) >= 0, (f, st.warrior_supply(f))  # 1.5.1 with 11.2.6.I
    fd = st.fdata["riverfolk"]
    if "funds" in fd:
        own = st.warriors_on_map("riverfolk") + held(st, "riverfolk")
        assert own + st.warrior_supply("riverfolk") == WARRIORS["riverfolk"]
        for s in SUITS:
            assert posts_on_track(st, s) >= 0  # 11.3.3
            assert crafting_pieces(st, "riverfolk")[s] >= 0  # 11.2.1
        for c in st.map.clearings():
            posts = [t for t in st.tokens[c] if t.startswith("trade_")]
            assert len(posts) <= 1 and (not posts or posts[0] == f"trade_{st.suits[c]}")
        for s in ("hand", "riverboats", "mercenaries"):
            assert fd[f"price_{s}"] in PRICES
    check_cards(st)


def check_view(st, rnd: random.Random) -> None:
    """Promise 4 and 11.2.3: redealing what a seat does not know leaves its view unchanged; the Riverfolk's
    hand is in every view and never redealt."""
    hand = sorted(st.card(c).key for c in st.hands["riverfolk"])
    for seat in (*st.seats, None):
        v = st.view(seat)
        assert v["players"]["riverfolk"]["hand"] == hand
        for e in v["log"]:
            assert e["seats"] is None or seat in e["seats"], e
        other = GAME.determinize(st, seat, Rng(rnd.getrandbits(64)))
        assert canonical(other.view(seat)) == canonical(v), f"view of {seat} changed by determinize"
        assert sorted(other.card(c).key for c in other.hands["riverfolk"]) == hand
        assert other.total_cards() == DECK_SIZE


@pytest.mark.parametrize("seeds", chunks(GAMES, 30), ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_riverfolk_playouts_keep_every_invariant(seeds):
    ends: dict[str, int] = {}
    for seed in seeds:
        rnd = random.Random(seed * 13 + 3)
        players = LINEUPS[seed % len(LINEUPS)]
        board = MAPS[(seed // len(LINEUPS)) % len(MAPS)]

        def visit(st, step, rnd=rnd, seed=seed):
            check_cheap(st, step)
            if seed % 6 == 1 and step % HEAVY_EVERY == HEAVY_EVERY // 2:
                check_heavy(st, rnd)
            if seed % 6 == 4 and step % 97 == 11:
                check_view(st, rnd)

        st, _ = random_playout(20_000 + seed, players=players, options={"map": board}, visit=visit)
        res = check_finished(st, MAX_VP)
        if seed % 10 == 7:
            check_heavy(st, rnd)
        ends[res["reason"]] = ends.get(res["reason"], 0) + 1
    assert sum(ends.values()) == len(seeds)


def test_services_are_bought_and_trade_posts_fall_in_random_games():
    """The suite above reaches the chapter's mechanisms: services bought by every kind of buyer, trade
    posts placed and removed (Trade Disruption), mercenaries and riverboats."""
    seen: set[str] = set()
    for seed in range(40):
        st, _ = random_playout(20_000 + seed, players=LINEUPS[seed % len(LINEUPS)])
        for e in st.log:
            if e.kind == "buy_card":
                seen.add(f"card:{st.faction_of(e.args['faction'])}")
            elif e.kind == "buy_service":
                seen.add(e.args["service"])
            elif e.kind in ("trade_disruption", "export"):
                seen.add(e.kind)
    assert {"card:marquise", "card:eyrie", "card:alliance", "card:vagabond", "riverboats", "mercenaries",
            "trade_disruption", "export"} <= seen, seen
