"""Random-playout invariants for games with the Underground Duchy (chapter 12), two to four players.

The same promises as ``test_invariants.py`` (no exception, options non-empty and unique, all 54 cards conserved
— the revealed cards included —, VP in range, copy/JSON/pickle round trips that continue identically,
determinism), plus the Duchy's own limits: its 20 warriors between the map, the Burrow and the supply
(12.3.1), only Duchy warriors in the Burrow (12.2.2), at most three tunnels, one per clearing, three citadels
and three markets (12.3.1, 12.3.4), swayed ministers distinct and never more than the crowns of their rank
left (12.3.6, 12.2.3), and revealed cards only during the Duchy's Daylight and Evening (12.6.1). Views leak
nothing (promise 4) along some of the games.
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
)
from test_invariants import MAX_VP, check_heavy

from planszowki.games.root.factions import duchy
from planszowki.games.root.state import WARRIORS, WIN_VP

LINEUPS = (
    ("marquise", "eyrie", "duchy"),
    ("duchy", "alliance", "vagabond", "eyrie"),
    ("vagabond", "duchy", "riverfolk", "vagabond2"),
    ("duchy", "cult", "marquise"),
    ("duchy", "marquise"),
)
GAMES = 120


def check_cheap(st, step: int) -> None:
    check_decision(st)
    for f in st.seats:
        assert 0 <= st.vp[f] < WIN_VP, st.vp
    fd = st.fdata["duchy"]
    if "swayed" not in fd:  # before 12.3
        return
    b = st.map.n
    assert len(st.warriors) == b + 1 and not st.buildings[b] and not st.tokens[b]
    assert set(st.warriors[b]) <= {"duchy"}  # 12.2.2
    assert st.warriors_on_map("duchy") <= WARRIORS["duchy"] and st.warrior_supply("duchy") >= 0
    assert st.count_on_map("tunnel") <= 3 and st.count_on_map("citadel") <= 3 and st.count_on_map("market") <= 3
    for c in st.map.clearings():
        assert st.tokens[c].count("tunnel") <= 1
    assert len(set(fd["swayed"])) == len(fd["swayed"])
    for r in duchy.RANKS:
        assert duchy.crowns_left(st, r) >= 0
    if fd["revealed"]:
        assert st.current == "duchy" and st.phase in ("daylight", "evening")
        assert st.decision.kind not in ("duchy.craft", "discard_down")
    check_cards(st)  # the revealed cards included


def check_view(st, rnd: random.Random) -> None:
    """Promise 4: redealing what a seat does not know leaves its view unchanged; revealed cards are public."""
    for seat in (*st.seats, None):
        v = check_redeal(st, rnd, seat)
        board = v["players"]["duchy"]["board"]
        if "swayed" in st.fdata["duchy"]:
            assert board["revealed"] == [st.card(c).key for c in st.fdata["duchy"]["revealed"]]
        assert (v["players"]["duchy"]["hand"] is None) == (seat != "duchy")


@pytest.mark.parametrize("seeds", chunks(GAMES, 40), ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_playouts_with_the_duchy_keep_every_invariant(seeds):
    run_playouts(seeds, LINEUPS, first_seed=30_000, rng_seed=lambda s: s * 17 + 5, check_cheap=check_cheap,
                 check_heavy=check_heavy, check_view=check_view, max_vp=MAX_VP, view_every=(8, 97))


def test_playouts_go_through_the_duchys_rules():
    """The playouts above prove something only if they reach the Duchy's rules; check that they do."""
    seen: set[str] = set()
    winners: set[str] = set()
    for seed in range(30):
        st, _ = random_playout(30_000 + seed, players=LINEUPS[seed % len(LINEUPS)])
        winners |= set(st.result["winners"])
        for e in st.log:
            if e.kind in ("sway", "minister_lost", "mayor_action", "return_revealed"):
                seen.add(e.kind)
            elif e.kind == "place_token" and e.rule == "12.5.1.V":
                seen.add("dig")
            elif e.kind == "remove_piece" and e.rule == "12.2.4":
                seen.add("tunnel moved")
            elif e.kind == "move" and e.args["faction"] == "duchy" and "burrow" in (e.args["src"], e.args["dst"]):
                seen.add("burrow move")
            elif e.kind == "score" and e.args["faction"] == "duchy" and e.rule == "12.5.2.V":
                seen.add("banker")
            elif e.kind == "craft" and e.args["faction"] == "duchy":
                seen.add("craft")
    assert "duchy" in winners and len(winners) >= 3
    assert seen == {"sway", "minister_lost", "mayor_action", "return_revealed", "dig", "tunnel moved", "burrow move",
                    "banker", "craft"}


@pytest.mark.parametrize("players", LINEUPS[:2])
def test_games_with_the_duchy_are_deterministic(players):
    for seed in (4, 9):
        check_deterministic(seed, players, 41 + seed)


@pytest.mark.parametrize("board", ["winter", "lake", "mountain"])
def test_duchy_games_on_the_variant_maps(board):
    for seed in range(3):
        st, _ = random_playout(seed, players=("duchy", "marquise", "eyrie"), options={"map": board},
                               visit=lambda st, step: check_cheap(st, step))
        check_finished(st, MAX_VP)
