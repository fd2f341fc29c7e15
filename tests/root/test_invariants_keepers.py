"""Random-playout invariants for games with the Keepers in Iron (chapter 15), two to five players, on all four maps.

The same promises as ``test_invariants.py`` (no exception, options non-empty and unique, all 54 cards conserved —
the Retinue included —, VP in range, copy/JSON/pickle round trips that continue identically, determinism), plus
the Keepers' own: the twelve relics each in one place (15.2.1), each waystation piece on the map at most once
(15.2.2), 15 warriors (15.3), ten Retinue cards at most (15.6.2), the three Faithful Retainers only in the Retinue
(15.3.4). Views leak nothing (promise 4): a face-down relic's value is seen by no seat, and redealing the face-down
values (``determinize``) leaves every view unchanged.
"""

from __future__ import annotations

import random

import pytest
from helpers import (
    GAME,
    canonical,
    check_cards,
    check_decision,
    check_deterministic,
    check_finished,
    check_redeal,
    random_playout,
    run_playouts,
)
from test_invariants import MAX_VP, check_heavy

from planszowki.engine import Rng
from planszowki.games.root.factions import keepers as kp
from planszowki.games.root.invariants import check_keepers
from planszowki.games.root.state import WARRIORS, WIN_VP

LINEUPS = (
    ("keepers", "marquise"),
    ("eyrie", "keepers", "alliance"),
    ("keepers", "vagabond", "duchy", "cult"),
    ("riverfolk", "keepers", "corvid", "eyrie", "vagabond"),
    ("keepers", "alliance", "marquise"),
)
MAPS = ("autumn", "winter", "lake", "mountain")
GAMES = 16


def check_cheap(st, step: int) -> None:
    check_decision(st)
    for f in st.seats:
        assert 0 <= st.vp[f] < WIN_VP, st.vp
    assert st.warriors_on_map("keepers") <= WARRIORS["keepers"] and st.warrior_supply("keepers") >= 0
    check_cards(st)
    check_keepers(st)
    fd = st.fdata["keepers"]
    if "forest_relics" in fd and "relic_pool" not in fd:
        assert kp.relic_census(st) == kp.all_relics()  # a game from setup keeps all twelve


def check_view(st, rnd: random.Random) -> None:
    """Promise 4: no seat's view shows a face-down relic's value; redealing the values changes no view."""
    hidden = [k for _, k, up in kp.forest_relics(st) if not up]
    for seat in (*st.seats, None):
        v = check_redeal(st, rnd, seat)
        board = v["players"]["keepers"]["board"]
        for shown in board.get("forest_relics", {}).values():
            for k in shown:
                assert k.count("_") == 1 or k in {x for _, x, up in kp.forest_relics(st) if up}
        assert len([k for ks in board.get("forest_relics", {}).values() for k in ks if k.count("_") == 1]) == len(
            hidden)


@pytest.mark.parametrize("board", MAPS)
def test_playouts_with_the_keepers_keep_every_invariant(board):
    run_playouts(range(GAMES // 4), LINEUPS, first_seed=40_000 + 100 * MAPS.index(board),
                 rng_seed=lambda s: s * 13 + 7, check_cheap=check_cheap, check_heavy=check_heavy,
                 check_view=check_view, max_vp=MAX_VP, view_every=(2, 61), heavy_game_every=2, heavy_every=211)


def _playout_on(board: str, seed: int):
    st = GAME.new(seed=seed, players=list(LINEUPS[seed % len(LINEUPS)]), options={"map": board})
    rnd = random.Random(seed)
    while st.decision is not None:
        check_cheap(st, 0)
        st.apply(rnd.choice(st.decision.options).id)
    check_finished(st, MAX_VP)
    return st


@pytest.mark.parametrize("board", MAPS)
def test_keepers_games_on_every_map(board):
    for seed in range(2):
        _playout_on(board, 50 + seed)


def test_playouts_go_through_the_keepers_rules():
    """The playouts prove something only if they reach the Keepers' rules; check that they do."""
    seen: set[str] = set()
    for seed in range(12):
        st, _ = random_playout(40_000 + seed, players=LINEUPS[seed % len(LINEUPS)])
        for e in st.log:
            if e.kind in ("delve", "recover", "retinue_discard", "retinue_add", "retinue_shift", "relic_to_forest",
                          "relic_moved", "ignore_hit"):
                seen.add(e.kind)
            elif e.kind == "place_building" and e.rule == "15.4.1":
                seen.add("encamp")
            elif e.kind == "remove_piece" and e.rule == "15.4.2":
                seen.add("decamp")
            elif e.kind == "place_warriors" and e.rule == "15.4.3":
                seen.add("recruit")
            elif e.kind == "remove_warriors" and e.rule == "15.6.1":
                seen.add("live off the land")
    assert {"delve", "retinue_add", "encamp", "decamp", "recruit", "live off the land", "relic_moved"} <= seen, seen


@pytest.mark.parametrize("players", LINEUPS[:2])
def test_games_with_the_keepers_are_deterministic(players):
    for seed in (3, 8):
        check_deterministic(seed, players, 29 + seed)


def test_determinize_redeals_face_down_relic_values_only():
    """15.3.1: determinize deals face-down values again within each type; face-up relics, and everything a seat
    sees, stay as they are."""
    st = GAME.new(seed=5, players=["keepers", "marquise", "eyrie"], options={"map": "mountain"})
    while st.phase == "setup":
        st.apply(st.decision.options[0].id)
    before = sorted(kp.forest_relics(st))
    changed = False
    for i in range(20):
        d = GAME.determinize(st, "keepers", Rng(i))
        after = kp.forest_relics(d)
        assert sorted((f, kp.relic_type(k), up) for f, k, up in after) == sorted(
            (f, kp.relic_type(k), up) for f, k, up in before)
        assert kp.relic_census(d) == kp.all_relics()
        changed |= sorted(after) != before
        assert canonical(d.view("keepers")) == canonical(st.view("keepers"))
    assert changed


def test_determinize_depends_only_on_the_view_and_the_generator():
    """What ISMCTS relies on (no peeking): a state and a copy with its hidden information redealt (face-down relic
    values included) determinize alike for every seat, and the redeal leaves every seat's view as it was."""
    from planszowki.bots.random import RandomBot

    st = GAME.new(seed=8, players=["keepers", "corvid", "alliance", "vagabond"])
    bot = RandomBot(8)
    for step in range(240):
        if st.terminal:
            break
        if step % 40 == 0:
            for seat in st.seats:
                scrambled = GAME.determinize(st, seat, Rng(step))
                assert canonical(scrambled.view(seat)) == canonical(st.view(seat)), (seat, step)
                a = GAME.to_json(GAME.determinize(st, seat, Rng(99)))
                assert a == GAME.to_json(GAME.determinize(scrambled, seat, Rng(99))), (seat, step)
        st.apply(bot.choose(st, st.decision.player))
