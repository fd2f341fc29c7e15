"""Random-playout invariants for games with the Lord of the Hundreds (chapter 14), two to five players, all four maps.

The promises of ``test_invariants.py`` (no exception, options non-empty and unique, all 54 cards conserved, VP in
range, copy/JSON/pickle round trips that continue identically, determinism) plus the Hundreds' own limits: 20
warriors and the warlord (14.3.1: the warlord on the map is one of the Hundreds warriors of its clearing, 14.2.2),
six strongholds and five mobs at most, one mob per clearing (14.4.1, 14.6.1), the Hoard's tracks holding only their
items, four at most each (14.2.4), a mood card on its slot (14.3.3), every item in one place
(``check_items``: supply, Crafted Items boxes, the Hoard, removed, under the ruins). Views leak nothing (promise 4).
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
    random_playout,
    run_playouts,
)
from test_invariants import MAX_VP, check_heavy

from planszowki.games.root.factions import warlord
from planszowki.games.root.invariants import check_items
from planszowki.games.root.state import WIN_VP

LINEUPS = (
    ("warlord", "marquise"),
    ("marquise", "eyrie", "warlord"),
    ("warlord", "alliance", "vagabond", "eyrie"),
    ("vagabond", "warlord", "riverfolk", "vagabond2"),
    ("warlord", "cult", "duchy", "corvid", "alliance"),
)
GAMES = 20


def check_cheap(st, step: int) -> None:
    check_decision(st)
    for f in st.seats:
        assert 0 <= st.vp[f] < WIN_VP or st.turn.get("win_pending") == f, st.vp
    check_cards(st)
    check_items(st)
    fd = st.fdata["warlord"]
    if "command" not in fd:  # before 14.3
        return
    assert st.warrior_supply("warlord") >= 0
    c = warlord.lord(st)
    if c is not None:
        assert st.warriors[c].get("warlord", 0) >= 1  # 14.2.2: the warlord is a warrior there
    assert st.count_on_map("stronghold") <= 6 and st.count_on_map("mob") <= 5
    for x in st.map.clearings():
        assert st.tokens[x].count("mob") <= 1
    assert len(fd["command"]) <= 4 and len(fd["prowess"]) <= 4
    assert all(warlord.base(i) in warlord.COMMAND_ITEMS for i in fd["command"])
    assert all(warlord.base(i) in warlord.PROWESS_ITEMS for i in fd["prowess"])
    assert fd["mood"] in warlord.MOODS or st.phase == "setup"


def check_view(st, rnd: random.Random) -> None:
    """Promise 4: redealing what a seat does not know leaves its view unchanged; the Hoard and mood are public."""
    for seat in (*st.seats, None):
        v = check_redeal(st, rnd, seat)
        board = v["players"]["warlord"]["board"]
        if "command" in st.fdata["warlord"]:
            assert board["mood"] == st.fdata["warlord"]["mood"]
            assert board["command_track"] == [warlord.base(i) for i in st.fdata["warlord"]["command"]]
        assert (v["players"]["warlord"]["hand"] is None) == (seat != "warlord")


@pytest.mark.parametrize("board", ["autumn", "winter", "lake", "mountain"])
def test_playouts_with_the_warlord_keep_every_invariant(board):
    seeds = range(GAMES // 4)
    lineups = LINEUPS

    def rng_seed(s):
        return s * 31 + len(board)

    run_playouts(seeds, lineups, first_seed=50_000, rng_seed=rng_seed, check_cheap=check_cheap,
                 check_heavy=check_heavy, check_view=check_view, max_vp=MAX_VP, heavy_game_every=2,
                 view_every=(2, 53)) if board == "autumn" else _variant(board, seeds)


def _variant(board: str, seeds) -> None:
    for seed in seeds:
        players = LINEUPS[seed % len(LINEUPS)]
        st, _ = random_playout(51_000 + seed, players=players, options={"map": board},
                               visit=lambda st, step: check_cheap(st, step))
        check_finished(st, MAX_VP)


def test_playouts_go_through_the_hundreds_rules():
    """The playouts prove something only if they reach the Hundreds' rules; check that they do."""
    seen: set[str] = set()
    winners: set[str] = set()
    for seed in range(30):
        st, _ = random_playout(50_000 + seed, players=LINEUPS[seed % len(LINEUPS)])
        winners |= set(st.result["winners"])
        for e in st.log:
            if e.kind in ("raze", "anoint", "warlord_removed", "oppress", "loot", "hoard_removed", "warlord_moves",
                          "ignore_hit", "mob_die"):
                seen.add(e.kind)
            elif e.kind == "mood":
                seen.add(f"mood {e.args['mood']}")
            elif e.kind == "hoard_gain":
                seen.add(f"gain {e.rule}")
            elif e.kind == "place_building" and e.args["building"] == "stronghold" and e.rule == "14.5.2.III":
                seen.add("build")
            elif e.kind == "extra_hit" and e.rule == "14.7.8":
                seen.add("wrathful")
    assert "warlord" in winners and len(winners) >= 3
    expected = {"raze", "anoint", "warlord_removed", "oppress", "loot", "hoard_removed", "warlord_moves",
                "ignore_hit", "mob_die", "build", "wrathful", "gain 14.2.3", "gain 14.4.1", "gain 14.2.5"}
    expected |= {f"mood {m}" for m in warlord.MOODS}
    assert expected <= seen, sorted(expected - seen)


@pytest.mark.parametrize("players", LINEUPS[:2])
def test_games_with_the_warlord_are_deterministic(players):
    for seed in (4, 9):
        check_deterministic(seed, players, 43 + seed)
