"""Random-playout invariants for games with the Vagabond (chapter 9): four players (Marquise, Eyrie, Alliance,
Vagabond) and games with two Vagabonds (9.7).

The promises of ``test_invariants.py`` (no exception, options non-empty, unique and citing the Law, all 54
cards conserved, warriors within their limits, VP in range, copy/JSON/pickle round trips that continue
identically, determinism), plus the Vagabond's: every item conserved — supply, Crafted Items boxes, the
Vagabonds' boards, under the ruins, the Scoundrel's torch on the map and items removed from the game add up
to the supply, the characters' "S" items and the "R" items (5.1.5, 9.3.4, 9.3.5, 9.6.4, D.6.2); items in
known states; the pawn in a clearing or forest; relationships on the chart; quests each in one place;
ruins holding one item per Vagabond at most, and no Vagabond with two "R" items of a kind (9.7.3).

Cheap checks run before every choice; the heavy ones every ``HEAVY_EVERY`` choices of some games.
"""

from __future__ import annotations

import random

import pytest
from helpers import check_cards, check_decision, check_deterministic, check_finished, chunks, random_playout
from test_invariants import MAX_VP, check_heavy

from planszowki.games.root.content import RUIN_ITEMS, quests
from planszowki.games.root.content import characters as CHARACTERS
from planszowki.games.root.factions import vagabond as vb
from planszowki.games.root.state import WARRIORS, WIN_VP

FOUR = ("marquise", "eyrie", "alliance", "vagabond")
TWO_VAGABONDS = ("marquise", "vagabond", "eyrie", "vagabond2")
GAMES = 520
TWO_GAMES = 60
HEAVY_EVERY = 401  # a prime, so the heavy checks land on different kinds of decisions
HEAVY_GAME_EVERY = 16
FULL_EVERY = 3  # the cheap checks past the options' run before every third choice
CARDS_EVERY = 7  # (of those) the full card census is the costliest
N_QUESTS = len(quests())


def check_cheap(st, step: int, totals: dict | None) -> dict | None:
    check_decision(st, cite=False)
    if step % FULL_EVERY:
        return totals
    check_decision(st)
    for f in st.seats:
        # 30 VP end the game (3.1); in a moment of simultaneous scoring (both sides' hits, 4.3.4) the win
        # waits for the end of that moment
        assert 0 <= st.vp[f] < WIN_VP or st.turn.get("win_pending") == f
        if f in WARRIORS:
            assert st.warriors_on_map(f) + st.fdata[f].get("officers", 0) <= WARRIORS[f]
        else:
            assert not st.warriors_on_map(f)  # 9.2.2: the Vagabond has no warriors
    if step % (FULL_EVERY * CARDS_EVERY) == 0:
        check_cards(st)
    vagabonds = [v for v in vb.SEATS if v in st.seats]
    if st.phase == "setup":
        return None
    if totals is None:
        totals = vb.item_totals(st)
    census = vb.item_census(st)
    assert census == totals, (census, totals, st.decision.kind)
    assert all(v >= 0 for v in st.items.values())
    sets = len(vagabonds)
    n = st.map.n
    quest_ids = list(st.quests_up) + list(st.quest_deck)
    for v in vagabonds:
        fd = st.fdata[v]
        assert 0 <= fd["where"] < n + len(st.map.forests)
        ruin_held = []
        for e in fd["items"]:
            name, state = vb.split(e)
            assert state in vb.STATES and vb.base(name) in vb.ITEM_KINDS, e
            if name.startswith("R-"):
                ruin_held.append(name)
        assert len(set(ruin_held)) == len(ruin_held)  # 9.7.3
        for f in st.seats:
            if f not in vb.SEATS:
                assert fd[f"rel_{f}"] in (-1, 0, 1, 2, 3)
        partner = fd["coalition"]
        if partner is not None:
            assert partner in st.seats and partner != v and st.dominance[v] is not None and len(st.seats) >= 4
        quest_ids += fd["quests_done"]
    assert len(st.quests_up) <= 3
    assert sorted(quest_ids) == list(range(N_QUESTS))  # each quest in one place
    ruins = {str(c) for c in range(n) if "ruin" in st.buildings[c]}
    assert set(st.ruin_items) == ruins, (st.ruin_items, ruins)  # a ruin leaves with its last item (9.5.3)
    for raw in st.ruin_items.values():
        names = raw.split(",")
        assert 1 <= len(names) <= sets and all(vb.base(x) in RUIN_ITEMS for x in names)
    torches = st.count_on_map("torch")
    assert torches <= sum(1 for v in vagabonds if st.fdata[v]["character"] == "scoundrel")
    for c in range(n):
        if "torch" in st.tokens[c]:  # D.6.2: nobody's pieces placed or moved in after the torch, save friends'
            for f in st.seats:
                if f in vb.SEATS:
                    continue
                owner_scoundrel = [v for v in vagabonds if st.fdata[v]["character"] == "scoundrel"]
                friends = {p for v in owner_scoundrel for p in st.coalition(v)}
                if f not in friends:
                    assert not st.has_any_piece(c, f), (c, f)
    return totals


def _play(seeds, players, seen=None):
    ends: dict[str, int] = {}
    for seed in seeds:
        rnd = random.Random(seed * 13 + 7)
        totals: dict | None = None

        def visit(st, step, rnd=rnd, seed=seed):
            nonlocal totals
            totals = check_cheap(st, step, totals)
            if seed % HEAVY_GAME_EVERY == 3 and step % HEAVY_EVERY == HEAVY_EVERY // 2:
                check_heavy(st, rnd)

        st, _ = random_playout(20_000 + seed, players=players, visit=visit)
        res = check_finished(st, MAX_VP)
        assert vb.item_census(st) == vb.item_totals(st)
        if seed % HEAVY_GAME_EVERY == 9:
            check_heavy(st, rnd)
        ends[res["reason"]] = ends.get(res["reason"], 0) + 1
        if seen is not None:
            seen.append(st)
    return ends


@pytest.mark.parametrize("seeds", chunks(GAMES, 130), ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_four_player_playouts_keep_every_invariant(seeds):
    ends = _play(seeds, FOUR)
    assert sum(ends.values()) == len(seeds)


@pytest.mark.parametrize("seeds", chunks(TWO_GAMES, 30, 1000), ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_two_vagabond_playouts_keep_every_invariant(seeds):
    ends = _play(seeds, TWO_VAGABONDS)
    assert sum(ends.values()) == len(seeds)


def test_playouts_go_through_the_vagabonds_rules():
    """The playouts above prove something only if they reach the Vagabond's rules; check that they do."""
    games = [random_playout(30_000 + seed, players=FOUR)[0] for seed in range(40)]
    games += [random_playout(31_000 + seed, players=TWO_VAGABONDS)[0] for seed in range(20)]
    seen: set[str] = set()
    winners: set[str] = set()
    characters: set[str] = set()
    for st in games:
        winners |= set(st.result["winners"])
        for v in vb.SEATS:
            if v in st.seats:
                characters.add(st.fdata[v]["character"])
        for e in st.log:
            if e.kind == "relationship" and e.args["level"] == 3:
                seen.add("allied")
            if e.kind in ("vagabond_item", "quest", "aid", "hostile", "relationship", "coalition", "steal",
                          "day_labor", "instigate", "scorched_earth", "enlist", "evening_rest", "item_removed",
                          "explore_nothing", "ruin_removed", "battle_with_ally", "repair", "damage", "refresh"):
                seen.add(e.kind)
            elif e.kind == "extra_hit" and e.args["why"] == "swift_strike":
                seen.add("swift_strike")
            elif e.kind == "pawn_move" and e.rule == "D.9.2":
                seen.add("glide")
            elif e.kind == "exhaust" and e.rule == "D.7.2":
                seen.add("improvise")
            elif e.kind == "score" and e.args["why"] == "infamy":
                seen.add("infamy")
    assert "vagabond" in winners
    assert any(len(st.result["winners"]) == 2 for st in games)  # a coalition won together (9.2.8)
    assert characters == set(CHARACTERS())  # all nine of Appendix D were played
    must = {"vagabond_item", "quest", "aid", "hostile", "relationship", "coalition", "steal", "day_labor", "instigate",
            "scorched_earth", "enlist", "evening_rest", "item_removed", "ruin_removed", "repair", "damage", "refresh",
            "swift_strike", "glide", "improvise", "infamy", "explore_nothing", "allied"}
    assert must <= seen, sorted(must - seen)


def test_games_with_vagabonds_are_deterministic():
    for seed, players in ((3, FOUR), (14, TWO_VAGABONDS)):
        check_deterministic(seed, players, 77 + seed)
