"""Appendix C, Variant Maps (Winter C.1, Lake C.2, Mountain C.3), and the suit markers of Advanced Setup (A.1).

Maps in printed (Rootlog) numbers. Lake: coastal clearings 1, 10, 11, 12 (the Ferry starts in 1); paths 1–5
1–9, 2–7 2–8 2–10, 3–8 3–9 3–12, 4–5 4–6, 5–11, 6–7 6–11, 7–10 7–11, 8–10, 9–12. Mountain: closed paths 2–5
3–7 5–9 6–11 8–9 11–12; open paths 1–8 1–9, 2–6 2–11, 3–6 3–11, 4–8 4–12, 5–10 5–11, 7–12, 9–10 9–12, 10–11
10–12; the Pass is clearing 10.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from helpers import (
    GAME,
    canonical,
    check_cards,
    check_decision,
    check_finished,
    event_args,
    hand,
    ids,
    play,
    position,
    random_playout,
    warriors,
)

from planszowki.engine import InvalidPosition, Rng
from planszowki.games.root.content import SUIT_MARKERS, load_map

REFERENCE = Path(__file__).resolve().parents[3] / "shared" / "reference" / "root" / "maps.json"
VARIANTS = ("winter", "lake", "mountain")
#: suit markers in clearing order for scenario positions (4 of each suit, A.1)
SUITS = ["fox", "rabbit", "mouse", "fox", "rabbit", "mouse", "fox", "rabbit", "mouse", "fox", "rabbit", "mouse"]
EYRIE_AWAY = {4: {"warriors": {"eyrie": 2}}}  # the Eyrie somewhere out of the way (clearing 4, a corner)


def lake(clearings=None, **kw):
    return position({**EYRIE_AWAY, **(clearings or {})}, map="lake", suits=SUITS, **kw)


def mountain(clearings=None, **kw):
    return position({**EYRIE_AWAY, **(clearings or {})}, map="mountain", suits=SUITS, **kw)


def pairs(paths) -> set[tuple[int, int]]:
    return {tuple(sorted(p)) for p in paths}


# -- the map data --------------------------------------------------------------------------------
@pytest.mark.skipif(not REFERENCE.exists(), reason="shared/reference is not beside the checkout")
@pytest.mark.parametrize("name", ["autumn", *VARIANTS])
def test_map_data_agrees_with_the_reference(name):
    ref = json.loads(REFERENCE.read_text("utf-8"))[name]
    m = load_map(name)
    closed = pairs(ref["closed_paths"])
    # the reference lists Mountain's 3-7 both as a path and as a closed path; it is one of the six closed ones
    assert {(a + 1, b + 1) for a, b in m.paths} == pairs(ref["paths"]) | closed
    assert {(a + 1, b + 1) for a, b in m.closed_paths} == closed
    assert {(a + 1, b + 1) for a in range(m.n) for b in m.rivers[a] if a < b} == pairs(ref["water"])
    assert [sorted(c + 1 for c in f) for f in m.forests] == [sorted(f) for f in ref["forests"]]
    for c in range(m.n):
        printed = ref["clearings"][str(c + 1)]
        assert (m.suits[c], m.slots[c], m.ruins[c]) == (printed["suit"], printed["slots"], printed["ruin"])
        landmark = {m.ferry: "ferry", m.tower: "tower"}.get(c)
        assert landmark == printed["landmark"]


def test_c_2_lake_coastal_clearings_and_the_ferry_corner():
    m = load_map("lake")
    # C.2.2-C.2.3: the lake links every coastal clearing to every other one
    assert {a for a in range(m.n) if m.rivers[a]} == set(m.coastal) == {0, 9, 10, 11}
    assert all(set(m.rivers[a]) == set(m.coastal) - {a} for a in m.coastal)
    assert m.ferry in m.corners and m.ferry in m.coastal  # C.2.1
    assert not any(b in m.coastal for a in m.coastal for b in m.adj[a])  # no path runs along the shore


def test_c_2_4_coastal_forests_are_adjacent_around_the_lake():
    m = load_map("lake")
    forest = {tuple(c + 1 for c in f): i for i, f in enumerate(m.forests)}
    f1_9_12, f1_5_11, f3_8_10_12, f7_10_11 = (forest[(1, 9, 12)], forest[(1, 5, 11)], forest[(3, 8, 10, 12)],
                                               forest[(7, 10, 11)])
    ring = {f1_9_12: {f1_5_11, f3_8_10_12}, f1_5_11: {f1_9_12, f7_10_11}, f3_8_10_12: {f1_9_12, f7_10_11},
            f7_10_11: {f1_5_11, f3_8_10_12}}
    for f, near in ring.items():
        coastal_near = {g for g in m.forest_adj[f] if g in ring}
        assert coastal_near == near  # separated by one coastal clearing, never straight across the lake


def test_c_1_1_winter_river_divides_forests_like_a_path():
    m = load_map("winter")
    f2_7_12 = m.forests.index((1, 6, 11))
    f3_7_12 = m.forests.index((2, 6, 11))
    assert 7 - 1 in m.rivers[12 - 1] and 7 - 1 not in m.adj[12 - 1]  # 7-12 is river, not path
    assert f3_7_12 in m.forest_adj[f2_7_12] and f2_7_12 in m.forest_adj[f3_7_12]


def test_c_3_2_closed_paths_block_clearings_but_divide_forests():
    m = load_map("mountain")
    assert {(a + 1, b + 1) for a, b in m.closed_paths} == {(2, 5), (3, 7), (5, 9), (6, 11), (8, 9), (11, 12)}
    for a, b in m.closed_paths:
        assert b not in m.adj[a] and a not in m.adj[b]
    f1_5_9, f5_9_10 = m.forests.index((0, 4, 8)), m.forests.index((4, 8, 9))
    assert f5_9_10 in m.forest_adj[f1_5_9]  # the Vagabond can slip across a closed path (C.3.2)
    assert m.tower == 10 - 1  # C.3.1: the central clearing with the tower


# -- A.1 suit markers ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", VARIANTS)
def test_a_1_suit_markers_are_shuffled_from_the_seed(name):
    seen = set()
    for seed in range(6):
        st = GAME.new(seed=seed, players=["marquise", "eyrie"], options={"map": name})
        assert Counter(st.suits) == Counter(SUIT_MARKERS) == {"fox": 4, "rabbit": 4, "mouse": 4}
        again = GAME.new(seed=seed, players=["marquise", "eyrie"], options={"map": name})
        assert again.suits == st.suits
        assert event_args(st, "suits") == [{"suits": list(st.suits)}]
        assert [c["suit"] for c in st.view(None)["clearings"]] == list(st.suits)
        seen.add(st.suits)
    assert len(seen) > 1


def test_a_1_autumn_keeps_its_printed_suits_unless_asked():
    printed = load_map("autumn").suits
    st = GAME.new(seed=1, players=["marquise", "eyrie"])
    assert st.suits == printed and not event_args(st, "suits")
    shuffled = {GAME.new(seed=s, players=["marquise", "eyrie"], options={"suits": "random"}).suits for s in range(5)}
    assert all(Counter(s) == Counter(SUIT_MARKERS) for s in shuffled) and shuffled != {printed}


def test_a_1_explicit_suit_markers_reproduce_a_game():
    st = GAME.new(seed=4, players=["marquise", "eyrie"], options={"map": "winter", "suits": SUITS})
    assert st.suits == tuple(SUITS) and st.options["suits"] == SUITS and st.options["suits"] is not SUITS
    saved = GAME.to_json(st)
    assert saved["suits"] == SUITS
    assert GAME.from_json(json.loads(json.dumps(saved))).suits == tuple(SUITS)


def test_a_1_rules_read_the_suit_markers():
    """6.5.5 Overwork in a sawmill's clearing needs a card of the clearing's suit: the marker's, not a printed one."""
    suits = list(SUITS)
    suits[4], suits[5] = "mouse", "rabbit"  # clearing 5 is a mouse clearing in this game
    st = position({5: {"warriors": {"marquise": 1}, "buildings": ["sawmill"]}, **EYRIE_AWAY}, map="winter",
                  suits=suits, players={"marquise": {"hand": ["mouse:Sword", "fox:Anvil", "rabbit:Cobbler"]}})
    play(st, "end crafting")
    assert {o for o in ids(st) if o.startswith("overwork")} == {"overwork 5 mouse:Sword"}


# -- C.2.5 The Ferry -----------------------------------------------------------------------------
def test_c_2_5_ferry_carries_warriors_across_the_lake_and_the_mover_draws():
    st = lake({1: {"warriors": {"marquise": 3}}}, players={"marquise": {"hand": ["fox:Anvil"]}})
    play(st, "end crafting")
    ferry = {o.id for o in st.decision.options if o.args.get("ferry")}
    assert ferry == {f"march 1->{b} x{k} ferry" for b in (10, 11, 12) for k in (1, 2, 3)}
    assert all(o.rule == "root:C.2.5" for o in st.decision.options if o.args.get("ferry"))
    play(st, "march 1->12 x2 ferry")
    assert warriors(st, 12, "marquise") == 2 and warriors(st, 1, "marquise") == 1
    assert st.ferry == 12 - 1 and len(st.hands["marquise"]) == 2  # the Ferry went along; one card drawn
    assert event_args(st, "ferry") == [{"faction": "marquise", "src": 1, "dst": 12}]
    assert st.view("eyrie")["ferry"] == {"clearing": 12, "used": True}


def test_c_2_5_ferry_once_per_turn():
    st = lake({1: {"warriors": {"marquise": 3}}})
    play(st, "end crafting", "march 1->10 x2 ferry")
    assert st.decision.kind == "marquise.march"
    assert not any(o.args.get("ferry") for o in st.decision.options)  # the Ferry is in 10, but used up
    play(st, "end march")
    assert not any(o.args.get("ferry") for o in st.decision.options)
    play(st, "end daylight")  # Evening, then the Eyrie's turn: a new turn, the Ferry can carry pieces again
    while st.current == "marquise":
        play(st, st.decision.options[0].id)
    assert st.view(None)["ferry"] == {"clearing": 10, "used": False}


def test_c_2_5_ferry_still_needs_rule_of_origin_or_destination():
    # the Eyrie rule clearing 1 (4.2): only a coastal clearing the Marquise rules is a ferry destination
    st = lake({1: {"warriors": {"marquise": 1, "eyrie": 2}}, 11: {"buildings": ["workshop"]}})
    play(st, "end crafting")
    assert {o.id for o in st.decision.options if o.args.get("ferry")} == {"march 1->11 x1 ferry"}


def test_c_2_5_ferry_only_from_its_clearing():
    st = lake({12: {"warriors": {"marquise": 3}}})
    play(st, "end crafting")
    assert not any(o.args.get("ferry") for o in st.decision.options)


def test_c_2_5_ferry_for_the_eyrie_decree_move():
    st = lake({1: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}, 4: {"warriors": {"marquise": 1}}},
              seats=("eyrie", "marquise"), turn="eyrie",
              players={"eyrie": {"decree": {"recruit": [], "move": ["fox:Anvil"], "battle": [], "build": []}}})
    play(st, "resolve decree")
    assert "move 1->10 x2 ferry with fox" in ids(st)  # clearing 1 is a fox clearing in this game
    play(st, "move 1->10 x2 ferry with fox")
    assert warriors(st, 10, "eyrie") == 2 and st.ferry == 9
    assert [e.rule for e in st.log if e.kind == "draw"][:1] == ["C.2.5"]  # then the Evening's draw (7.6.2)


def test_c_2_5_ferry_for_the_alliance_move():
    st = lake({1: {"warriors": {"alliance": 2}, "tokens": ["sympathy"]}, 7: {"buildings": ["base_fox"]}},
              seats=("alliance", "eyrie"), turn="alliance", phase="evening",
              players={"alliance": {"officers": 1}})
    assert "move 1->11 x2 ferry" in ids(st)
    play(st, "move 1->11 x2 ferry")
    assert warriors(st, 11, "alliance") == 2 and st.ferry == 10


def test_c_2_5_vagabond_takes_the_ferry_with_allied_warriors_and_both_draw():
    st = lake({1: {"warriors": {"marquise": 2}}}, seats=("vagabond", "marquise", "eyrie"), turn="vagabond",
              players={"vagabond": {"character": "thief", "where": "1", "items": ["boot", "boot", "sword", "torch"],
                                    "relationships": {"marquise": "allied"}}})
    assert {"move 10 ferry", "move 11 ferry", "move 12 ferry", "move 12 ferry with marquise x2"} <= ids(st)
    play(st, "move 12 ferry with marquise x2")
    assert st.fdata["vagabond"]["where"] == 11 and warriors(st, 12, "marquise") == 2 and st.ferry == 11
    # C.2.5 and its FAQ: the Vagabond draws, and so does the faction whose Allied warriors came along
    assert len(st.hands["vagabond"]) == 1 and len(st.hands["marquise"]) == 1
    assert not any(o.args.get("ferry") for o in st.decision.options)


def test_c_2_5_the_ferry_cannot_be_battled_or_removed():
    st = lake({1: {"warriors": {"marquise": 2}}, 12: {"warriors": {"eyrie": 1}}})
    play(st, "end crafting", "march 1->12 x1 ferry")
    assert {o.id for o in st.decision.options if o.action == "battle"} == set()  # a march is pending
    play(st, "end march")
    assert {o.id for o in st.decision.options if o.action == "battle"} == {"battle 12 eyrie"}
    st2 = lake({1: {"warriors": {"marquise": 2}}})
    play(st2, "end crafting")
    assert not any(o.action == "battle" for o in st2.decision.options)  # the Ferry alone is nothing to fight


def test_c_2_5_position_and_save_keep_the_ferry():
    st = lake({11: {"warriors": {"marquise": 1}}}, ferry=11)
    play(st, "end crafting")
    assert st.ferry == 10 and "march 11->1 x1 ferry" in ids(st)
    st2 = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
    assert st2.ferry == 10 and canonical(GAME.to_json(st2)) == canonical(GAME.to_json(st))
    with pytest.raises(InvalidPosition, match="not a coastal clearing"):
        lake(ferry=5)
    with pytest.raises(InvalidPosition, match="has no Ferry"):
        mountain(ferry=1)


# -- C.3.3 Removing closed paths -----------------------------------------------------------------
def test_c_3_3_remove_a_closed_path_for_a_card_and_a_point():
    st = mountain({5: {"warriors": {"marquise": 2}}}, players={"marquise": {"hand": ["fox:Anvil", "mouse:Sword"]}})
    opening = {o.id for o in st.decision.options if o.action == "open_path"}
    assert opening == {"open path 2_5", "open path 5_9"}  # pieces in either clearing (3_7, 8_9 … are not)
    play(st, "end crafting")
    assert not any(o.startswith("march 5->9") for o in ids(st))  # 9 is not adjacent yet (C.3.2)
    play(st, "open path 5_9")
    assert st.decision.kind == "map.open_path" and ids(st) == {"spend fox:Anvil", "spend mouse:Sword"}
    play(st, "spend mouse:Sword")
    assert st.vp["marquise"] == 1 and hand(st, "marquise") == ["fox:Anvil"]
    assert [st.card(c).key for c in st.discard] == ["mouse:Sword"]
    assert (4, 8) not in st.closed and 8 in st.adj[4] and 4 in st.adj[8]
    assert "march 5->9 x2" in ids(st)  # adjacent from now on
    assert not any(o.startswith("open path") for o in ids(st))  # once per turn
    assert st.view(None)["closed_paths"] == [[2, 5], [3, 7], [6, 11], [8, 9], [11, 12]]
    assert event_args(st, "open_path") == [{"faction": "marquise", "path": "5_9", "clearing": 5, "to": 9}]
    # the rest of the game: copies and saves keep the opened path
    for other in (st.copy(), GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))):
        assert other.adj == st.adj and other.closed == st.closed


def test_c_3_3_needs_pieces_and_a_card():
    st = mountain({12: {"warriors": {"marquise": 2}}})  # 11_12 is next to her warriors, but no card
    assert not any(o.action == "open_path" for o in st.decision.options)
    st = mountain({10: {"warriors": {"marquise": 2}}}, players={"marquise": {"hand": ["fox:Anvil"]}})
    assert not any(o.action == "open_path" for o in st.decision.options)  # 10 touches no closed path
    st = mountain({9: {"buildings": ["sawmill"]}}, players={"marquise": {"hand": ["fox:Anvil"]}})
    assert {o.id for o in st.decision.options if o.action == "open_path"} == {"open path 5_9", "open path 8_9"}


def test_c_3_3_the_vagabond_pawn_is_a_piece():
    st = mountain({}, seats=("vagabond", "eyrie"), turn="vagabond",
                  players={"vagabond": {"character": "thief", "where": "11", "hand": ["fox:Anvil"]}})
    assert {o.id for o in st.decision.options if o.action == "open_path"} == {"open path 6_11", "open path 11_12"}


def test_c_3_3_only_in_daylight():
    st = mountain({5: {"warriors": {"alliance": 2}}, 10: {"buildings": ["base_fox"]}}, seats=("alliance", "eyrie"),
                  turn="alliance", phase="evening", players={"alliance": {"hand": ["fox:Anvil"], "officers": 1}})
    assert st.decision.kind == "alliance.operations" and not any(o.action == "open_path" for o in st.decision.options)
    st = mountain({5: {"warriors": {"alliance": 2}}}, seats=("alliance", "eyrie"), turn="alliance", phase="daylight",
                  players={"alliance": {"hand": ["fox:Anvil"]}})
    assert "open path 5_9" in ids(st)


def test_c_3_3_closed_paths_in_positions():
    st = mountain({2: {"warriors": {"marquise": 1}}}, closed_paths=["3_7", [9, 8], "6_11", "11_12"])
    assert 4 in st.adj[1] and (1, 4) not in st.closed  # 2_5 was removed earlier in the game
    with pytest.raises(InvalidPosition, match="not one of the mountain map's closed paths"):
        mountain(closed_paths=["1_2"])


# -- C.3.4 The Pass ------------------------------------------------------------------------------
def test_c_3_4_ruling_the_pass_scores_at_the_end_of_the_evening():
    st = mountain({10: {"warriors": {"marquise": 2}}}, phase="evening")
    assert st.current == "eyrie" and st.vp["marquise"] == 1
    assert [e.rule for e in st.log if e.kind == "score"] == ["C.3.4"]
    st = mountain({10: {"warriors": {"marquise": 1, "eyrie": 2}}}, phase="evening")
    assert st.vp["marquise"] == 0 and st.vp["eyrie"] == 0  # the Eyrie rule it, but it is not their Evening


def test_c_3_4_the_pass_scores_after_the_hand_limit():
    full = ["fox:Anvil", "mouse:Sword", "rabbit:Cobbler", "fox:Travel Gear", "mouse:Crossbow"]
    st = mountain({10: {"warriors": {"marquise": 2}}}, phase="evening",
                  players={"marquise": {"hand": full}}, deck=["rabbit:Bake Sale"])
    assert st.decision.kind == "discard_down" and st.vp["marquise"] == 0
    play(st, "discard rabbit:Bake Sale")
    assert st.vp["marquise"] == 1


# -- whole games ---------------------------------------------------------------------------------
LINEUPS = [("marquise", "eyrie"), ("marquise", "eyrie", "alliance", "vagabond")]


@pytest.mark.parametrize("players", LINEUPS, ids=len)
@pytest.mark.parametrize("name", VARIANTS)
def test_random_games_end_on_every_map(name, players):
    """No exception; every decision has options citing the Law; cards conserved; copies and saves equal."""
    used = Counter()
    for seed in range(10):
        def visit(st, step):
            check_decision(st, cite=step % 7 == 0)
            if step % 53 == 0:
                check_cards(st)
                assert canonical(GAME.to_json(st.copy())) == canonical(GAME.to_json(st))
                again = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
                assert again.adj == st.adj and again.suits == st.suits and again.ferry == st.ferry

        st, _ = random_playout(seed, players=players, options={"map": name}, visit=visit)
        check_finished(st, 60)
        used.update(e.kind for e in st.log if e.kind in ("ferry", "open_path"))
        used.update(e.args.get("why") for e in st.log if e.kind == "score")
    if name == "lake":
        assert used["ferry"] > 0
    if name == "mountain":
        assert used["open_path"] > 0 and used["the_pass"] > 0


def _check_view(st, rnd):
    for seat in (*st.seats, None):
        v = st.view(seat)
        json.dumps(v)
        for s in st.seats:
            assert (v["players"][s]["hand"] is None) == (s != seat)
        for k in range(2):
            other = GAME.determinize(st, seat, Rng(rnd.getrandbits(64)))
            assert canonical(other.view(seat)) == canonical(v), f"view of {seat} changed by determinize #{k}"


@pytest.mark.parametrize("name", VARIANTS)
def test_views_show_the_map_and_leak_nothing(name):
    rnd = random.Random(name)
    for seed in range(2):
        st, _ = random_playout(seed + 40, players=("marquise", "eyrie", "alliance", "vagabond"),
                               options={"map": name},
                               visit=lambda st, step: _check_view(st, rnd) if step % 41 == 5 else None)
        v = st.view(None)
        assert v["map"] == name and [c["suit"] for c in v["clearings"]] == list(st.suits)
        assert [c["adjacent"] for c in v["clearings"]] == [[b + 1 for b in st.adj[c]] for c in range(12)]
        assert (v["ferry"] is not None) == (name == "lake") and (v["pass"] == 10) == (name == "mountain")
        assert v["coastal"] == ([1, 10, 11, 12] if name == "lake" else [])


def test_cli_plays_a_variant_map(capsys):
    from planszowki.cli.main import main

    assert main(["play", "root", "--map", "lake", "--seats", "marquise=bot,eyrie=bot", "--seed", "3", "--lang", "en",
                 "--max-turns", "6"]) == 0
    out = capsys.readouterr().out
    assert "Lake map" in out and "Suit markers on clearings 1–12" in out
