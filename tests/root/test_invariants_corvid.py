"""Random-playout invariants for games with the Corvid Conspiracy (chapter 13), three and four players.

The same promises as ``test_invariants.py`` (no exception, options non-empty and unique, all 54 cards
conserved, VP in range, copy/JSON/pickle round trips that continue identically, determinism), plus the Corvids'
own limits: 15 warriors (13.3.1), eight plots — two of each type — between the map and the supply (13.2.2),
one plot per clearing (13.2.2.2), a type recorded for every face-down plot and for nothing else (13.2.2.1),
no face-down plot of a type a failed Exposure ruled out (13.2.4), no enemy piece placed in or moved out of a
clearing with a face-up snare (13.7.2). Views leak nothing (promise 4) along some of the games: redealing what a
seat does not know — the face-down plots included — leaves its view unchanged.
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

from planszowki.games.root.factions import corvid
from planszowki.games.root.state import WARRIORS, WIN_VP

LINEUPS = (
    ("corvid", "marquise", "eyrie"),
    ("corvid", "alliance", "vagabond", "eyrie"),
    ("vagabond", "corvid", "marquise", "vagabond2"),
    ("corvid", "riverfolk", "cult"),
    ("cult", "corvid", "alliance", "marquise"),
)
GAMES = 150


def check_cheap(st, step: int) -> None:
    check_decision(st)
    for f in st.seats:
        # 3.1: one who reached 30 out of turn in a battle wins when its hits are done (an Outrage may come first)
        assert 0 <= st.vp[f] < WIN_VP or st.turn.get("win_pending") == f, st.vp
    fd = st.fdata["corvid"]
    if "hidden" not in fd:  # before 13.3
        return
    assert 0 <= st.warriors_on_map("corvid") <= WARRIORS["corvid"]  # 13.3.1
    sup = corvid.supply(st)
    assert all(0 <= n <= corvid.PER_TYPE for n in sup.values()), sup  # 13.2.2
    for c in st.map.clearings():
        plots = [t for t in st.tokens[c] if t in corvid.ALL_PLOTS]
        assert len(plots) <= 1  # 13.2.2.2
        down = corvid.FACE_DOWN in plots
        assert down == bool(fd["hidden"][c])  # 13.2.2.1
        if down:
            assert fd["hidden"][c] not in fd["not_plot"][c].split(",")  # 13.2.4
        else:
            assert fd["not_plot"][c] == ""
        if plots and plots[0] == "plot_bomb":  # 13.7.1: removed right after its effect
            assert st.decision.kind not in ("corvid.flip", "corvid.daylight")
        if "plot_snare" in plots:  # 13.7.2
            for o in st.decision.options:
                if o.action in ("move", "march", "slip") and st.decision.player != "corvid":
                    src = o.args.get("from")
                    assert src is None or src != c + 1 or st.decision.player in st.coalition("corvid"), o.id
    check_cards(st)


def check_view(st, rnd: random.Random) -> None:
    """Promise 4: redealing what a seat does not know leaves its view unchanged; only the Corvids see the types
    of their face-down plots."""
    for seat in (*st.seats, None):
        v = check_redeal(st, rnd, seat)
        board = v["players"]["corvid"]["board"]
        if "hidden" in st.fdata["corvid"] and seat != "corvid":
            assert all(t is None for t in board["face_down"].values()) and board["supply"] is None
        for e in v["log"]:
            if e["kind"] == "place_token":
                assert e["args"]["token"] != "plot" or "plot" not in e["args"] or seat == "corvid"


@pytest.mark.parametrize("seeds", chunks(GAMES, 50), ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_playouts_with_the_corvids_keep_every_invariant(seeds):
    run_playouts(seeds, LINEUPS, first_seed=30_000, rng_seed=lambda s: s * 17 + 5, check_cheap=check_cheap,
                 check_heavy=check_heavy, check_view=check_view, max_vp=MAX_VP, view_every=(6, 89))


def test_playouts_go_through_the_corvids_rules():
    """The playouts above prove something only if they reach the Corvids' rules; check that they do."""
    seen: set[str] = set()
    winners: set[str] = set()
    for seed in range(40):
        st, _ = random_playout(30_000 + seed, players=LINEUPS[seed % len(LINEUPS)])
        winners |= set(st.result["winners"])
        for e in st.log:
            if e.kind in ("plot_placed", "trick", "exert", "exposure_correct", "exposure_wrong", "extortion",
                          "plot_revealed"):
                seen.add(e.kind)
            elif e.kind == "plot_flipped":
                seen.add(f"flip_{e.args['plot']}")
            elif e.kind == "extra_hit" and e.rule == "13.2.5":
                seen.add("embedded_agents")
            elif e.kind == "place_warriors" and e.rule in ("13.4.3", "13.7.4"):
                seen.add(e.rule)
            elif e.kind == "craft" and e.args["faction"] == "corvid":
                seen.add("craft")
    assert "corvid" in winners and len(winners) >= 3
    assert seen == {"plot_placed", "trick", "exert", "exposure_correct", "exposure_wrong", "extortion", "plot_revealed",
                    "flip_bomb", "flip_snare", "flip_extortion", "flip_raid", "embedded_agents", "13.4.3", "13.7.4",
                    "craft"}


@pytest.mark.parametrize("players", LINEUPS[:2])
def test_games_with_the_corvids_are_deterministic(players):
    for seed in (4, 9):
        check_deterministic(seed, players, 37 + seed)


@pytest.mark.parametrize("players", [("corvid", "marquise"), ("eyrie", "corvid"), ("corvid", "alliance"),
                                     ("vagabond", "corvid")])
def test_two_player_games_with_the_corvids_play_to_the_end(players):
    two_player_games(players, range(4))  # 5.1.3


@pytest.mark.parametrize("board", ["winter", "lake", "mountain"])
def test_corvid_games_on_the_variant_maps(board):
    for seed in range(3):
        st, _ = random_playout(seed, players=("corvid", "marquise", "eyrie"), options={"map": board},
                               visit=lambda st, step: check_cheap(st, step))
        check_finished(st, MAX_VP)
