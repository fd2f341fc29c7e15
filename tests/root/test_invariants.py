"""Random-playout invariants (DESIGN.md "Tests every game carries"): Marquise against Eyrie, many seeds.

Cheap invariants are checked before every choice; the costly ones (copy, JSON and pickle round trips,
continuing identically after them) every ``HEAVY_EVERY`` choices and at the end of each game.
"""

from __future__ import annotations

import json
import pickle
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
)

from planszowki.games.root.content import DECK_SIZE
from planszowki.games.root.state import BUILDING_COUNT, OWNER, TOKEN_COUNT, WARRIORS, WIN_VP

GAMES = 320
HEAVY_EVERY = 397  # a prime, so the heavy checks land on different kinds of decisions
HEAVY_END_EVERY = 4  # every 4th game is also checked when it is over
#: The largest single score: 5 VP for 7 roosts (7.6.1) or a Royal Claim on every clearing (12); a game
#: ends as soon as someone reaches 30 (3.1), so no total can pass 29 + 12.
MAX_VP = WIN_VP - 1 + 12


def check_cheap(st, step: int) -> None:
    check_decision(st)
    # pieces are conserved (1.5.1): never more on the map than the faction owns
    for f in st.seats:
        assert 0 <= st.warriors_on_map(f) <= WARRIORS[f]
        assert 0 <= st.vp[f] < WIN_VP, st.vp  # the game ends at 30 (3.1)
    for kind, cap in (*BUILDING_COUNT.items(), *TOKEN_COUNT.items()):
        assert st.count_on_map(kind) <= cap, (kind, st.count_on_map(kind))
    for c in st.map.clearings():
        assert len(st.buildings[c]) <= st.map.slots[c]
        assert all(n > 0 for n in st.warriors[c].values())
        assert st.buildings[c].count("roost") <= 1  # 7.5.2.IV: a clearing has at most one roost
        for kind in st.tokens[c]:
            assert OWNER[kind] == "marquise"
    assert st.total_cards() == DECK_SIZE
    check_cards(st)
    check_crafted_items(st)
    check_eyrie_court(st)


def check_heavy(st, rnd: random.Random) -> None:
    before = canonical(GAME.to_json(st))
    # copy equals the original, and changing the copy leaves the original alone (promise 1)
    c = st.copy()
    assert canonical(GAME.to_json(c)) == before
    if c.decision is not None:
        c.apply(c.decision.options[-1].id)
    assert canonical(GAME.to_json(st)) == before
    # JSON text round trip
    doc = json.loads(json.dumps(GAME.to_json(st)))
    back = GAME.from_json(doc)
    assert canonical(GAME.to_json(back)) == before
    # a save object taken directly, and a second state loaded from the same document
    live_doc = GAME.to_json(st)
    twin = GAME.from_json(doc)
    # pickle round trip
    pick = pickle.loads(pickle.dumps(st))
    assert canonical(GAME.to_json(pick)) == before
    # all of them continue identically: same options, same ids -> same states and logs (promise 2)
    copies = [st.copy(), back, pick]
    for _ in range(12):
        d = copies[0].decision
        if d is None:
            break
        for other in copies[1:]:
            assert [o.id for o in other.decision.options] == [o.id for o in d.options]
        oid = rnd.choice(d.options).id
        for s in copies:
            s.apply(oid)
    texts = {canonical(GAME.to_json(s)) for s in copies}
    assert len(texts) == 1
    assert canonical(GAME.to_json(st)) == before
    # playing on changed neither the saves nor the state loaded beside them
    assert canonical(doc) == before
    assert canonical(live_doc) == before
    assert canonical(GAME.to_json(twin)) == before


@pytest.mark.parametrize("seeds", chunks(GAMES, 40), ids=lambda r: f"seeds{r.start}-{r.stop - 1}")
def test_random_playouts_keep_every_invariant(seeds):
    ends = {}
    for seed in seeds:
        rnd = random.Random(seed * 7 + 1)

        def visit(st, step, rnd=rnd):
            check_cheap(st, step)
            if step % HEAVY_EVERY == HEAVY_EVERY // 2:
                check_heavy(st, rnd)

        st, _ = random_playout(seed, visit=visit)
        res = check_finished(st, MAX_VP)
        if seed % HEAVY_END_EVERY == 0:
            check_heavy(st, rnd)
        ends[res["reason"]] = ends.get(res["reason"], 0) + 1
    assert sum(ends.values()) == len(seeds)


def test_random_playouts_reach_both_winners_and_every_eyrie_path():
    """The playouts above only prove something if they go through the Eyrie's rules; check they do."""
    winners = set()
    seen = set()
    for seed in range(40):
        st, _ = random_playout(seed)
        winners |= set(st.result["winners"])
        for e in st.log:
            if e.kind in ("turmoil", "new_clutch", "emergency_orders", "purge", "codebreakers", "ambush"):
                seen.add(e.kind)
            elif e.kind == "place_building" and e.rule == "7.4.3":
                seen.add("new_roost")
            elif e.kind == "place_warriors" and e.rule == "7.5.2.I" and e.args["count"] == 2:
                seen.add("charismatic")
            elif e.kind == "extra_hit" and e.args["why"] == "commander":
                seen.add("commander")
            elif e.kind == "score" and e.args["why"] in ("despot", "humiliate"):
                seen.add(e.args["why"])
    assert winners == {"marquise", "eyrie"}
    assert seen == {"turmoil", "new_clutch", "emergency_orders", "purge", "codebreakers", "ambush", "new_roost",
                    "charismatic", "commander", "despot", "humiliate"}


def test_determinism_same_seed_same_ids_same_game():
    for seed in (3, 14, 15, 92):
        check_deterministic(seed, ("marquise", "eyrie"), 1000 + seed)
        # a different game seed gives a different game (the seed matters)
        a, _ = random_playout(seed, policy_seed=1000 + seed)
        c, _ = random_playout(seed + 1, policy_seed=1000 + seed)
        assert canonical(GAME.to_json(c)) != canonical(GAME.to_json(a))


def test_saves_share_nothing_with_the_states_they_come_from():
    # mid-Decree: the frame holds a list of resolved cards that grows as the Eyrie play on
    st = GAME.from_position({
        "seats": ["marquise", "eyrie"], "turn": "eyrie", "phase": "daylight", "deck": ["rabbit:Cobbler"],
        "clearings": {"1": {"warriors": {"eyrie": 1}}, "2": {"warriors": {"eyrie": 1}}},
        "players": {"eyrie": {"decree": {"move": ["fox:Anvil", "mouse:Crossbow"]}}}})
    st.apply("resolve decree")
    doc = GAME.to_json(st)
    before = canonical(doc)
    a, b = GAME.from_json(doc), GAME.from_json(doc)
    a.apply("move 2->5 x1 with mouse")
    st.apply("move 1->5 x1 with fox")
    assert canonical(doc) == before
    assert canonical(GAME.to_json(b)) == before
    b.apply("move 2->5 x1 with mouse")  # b still has both cards to resolve
    assert b.warriors[4] == {"eyrie": 1}


def test_copy_after_a_finished_game_is_finished_too():
    st, _ = random_playout(5)
    c = st.copy()
    assert c.terminal and c.decision is None
    assert c.result == st.result
    assert c.result is not st.result
