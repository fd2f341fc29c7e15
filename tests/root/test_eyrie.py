"""Chapter 7 of the Law of Root: the Eyrie Dynasties, rule by rule.

Every test is named after the rule it checks and builds its situation with ``from_position``.
Map facts used below (Autumn, Rootlog numbers): suits 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit,
6 fox, 7 mouse, 8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox; slots 1:1 2:2 3:1 4:1 5:2 6:2 7:2 8:2 9:2
10:2 11:3 12:2; ruins in 6, 10, 11, 12; paths 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12
6-11 7-8 7-12 9-12 10-12 11-12.
"""

from __future__ import annotations

import pytest
from helpers import GAME, buildings, discard_keys, event_args, hand, ids, play, position, warriors

from planszowki.games.root.state import WIN_VP

VIZIER = "bird:Loyal Vizier"
#: A known draw pile (top first) so Evening draws are predictable; none of these appear in hands below.
DECK = ["rabbit:Cobbler", "rabbit:Command Warren", "fox:Tax Collector", "mouse:Scouting Party",
        "rabbit:Better Burrow Bank", "fox:Stand and Deliver!", "mouse:Codebreakers", "rabbit:Cobbler",
        "rabbit:Command Warren", "fox:Tax Collector"]
EMPTY_DECREE = {"recruit": [], "move": [], "battle": [], "build": []}


def eyrie(clearings, *, decree=None, hand=(), leader="builder", phase="daylight", vp=0, deck=DECK,
          up=None, down=None, marquise=None, crafted=(), **extra):
    """A position on the Eyrie's turn. ``decree`` maps columns to card keys (missing columns empty)."""
    e: dict = {"hand": list(hand), "leader": leader, "vp": vp, "crafted": list(crafted),
               "decree": {**EMPTY_DECREE, **(decree or {})}}
    if up is not None:
        e["leaders_face_up"] = list(up)
    if down is not None:
        e["leaders_face_down"] = list(down)
    players = {"eyrie": e, "marquise": dict(marquise or {})}
    return position(clearings, turn="eyrie", phase=phase, players=players, deck=list(deck), **extra)


def decree_keys(st, column: str) -> list[str]:
    return [st.card(c).key for c in st.fdata["eyrie"][f"decree_{column}"]]


def fd(st) -> dict:
    return st.fdata["eyrie"]


# -- 7.2 Faction rules ------------------------------------------------------------------------------
def test_7_2_1_eyrie_craft_by_activating_roosts():
    # Roosts in 1 (fox) and 5 (rabbit); the Marquise workshop in 2 (mouse) is no Eyrie crafting piece.
    st = eyrie({1: {"warriors": {"eyrie": 1}, "buildings": ["roost"]},
                5: {"warriors": {"eyrie": 1}, "buildings": ["roost"]},
                2: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}},
               hand=["fox:Anvil", "mouse:Crossbow", "rabbit:A Visit to Friends", "fox:Root Tea",
                     "bird:Arms Trader"])
    assert st.decision.kind == "eyrie.daylight"
    # Anvil (fox), Crossbow (fox), A Visit to Friends (rabbit) are payable; Root Tea needs a mouse
    # roost; Arms Trader needs two fox roosts.
    assert ids(st) == {"craft fox:Anvil", "craft mouse:Crossbow", "craft rabbit:A Visit to Friends",
                       "resolve decree"}
    assert all(o.rule == "root:7.5.1" for o in st.decision.options if o.action == "craft")
    play(st, "craft fox:Anvil")
    # the fox roost is activated: nothing else needing fox can be crafted this turn
    assert ids(st) == {"craft rabbit:A Visit to Friends", "resolve decree"}
    assert st.crafted_items["eyrie"] == ["hammer"]


def test_7_2_1_eyrie_craft_only_before_resolving_the_decree():
    st = eyrie({1: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}},
               decree={"move": [VIZIER]}, hand=["fox:Anvil"])
    assert "craft fox:Anvil" in ids(st)
    play(st, "resolve decree")
    assert st.decision.kind == "eyrie.decree"
    assert not any(o.action == "craft" for o in st.decision.options)


def test_7_2_2_lords_of_the_forest_win_ties_with_a_piece_there():
    st = eyrie({5: {"warriors": {"marquise": 2, "eyrie": 1}, "buildings": ["roost"]},  # 2 v 2
                9: {"warriors": {"marquise": 1, "eyrie": 1}},  # 1 v 1
                1: {"warriors": {"marquise": 1, "eyrie": 1}, "tokens": ["wood"]},  # tokens do not count
                7: {"warriors": {"marquise": 2, "eyrie": 1}},  # Marquise has more
                8: {"warriors": {"eyrie": 1}, "buildings": ["sawmill", "workshop"]}})  # 1 v 2
    assert st.ruler(4) == "eyrie"
    assert st.ruler(8) == "eyrie"
    assert st.ruler(0) == "eyrie"
    assert st.ruler(6) == "marquise"
    assert st.ruler(7) == "marquise"
    view = st.view(None)
    assert [c["ruler"] for c in view["clearings"] if c["id"] in (1, 5, 7, 8, 9)] == [
        "eyrie", "eyrie", "marquise", "marquise", "eyrie"]


def test_7_2_2_lords_of_the_forest_do_not_rule_a_clearing_without_eyrie_pieces():
    # Polish Law 7.2.2: "Nie kontrolują pustych polan." 6 holds only a ruin, 12 is empty of pieces.
    st = eyrie({9: {"warriors": {"marquise": 2, "eyrie": 1}},
                1: {"warriors": {"eyrie": 1}},
                2: {"warriors": {"eyrie": 1}}},
               decree={"move": ["mouse:Crossbow"]})
    assert st.ruler(5) is None  # ruin only
    assert st.ruler(11) is None
    assert st.ruler(3) is None  # no pieces at all
    play(st, "resolve decree")
    # from 9 (Marquise rules) the Eyrie may only go where they rule: 1, not the empty 4 or 12;
    # from 2 (Eyrie rule) anywhere adjacent
    assert ids(st) == {"move 9->1 x1 with mouse", "move 2->5 x1 with mouse", "move 2->6 x1 with mouse",
                       "move 2->10 x1 with mouse"}


def test_7_2_2_lords_of_the_forest_let_the_eyrie_build_in_a_tied_clearing():
    st = eyrie({8: {"warriors": {"marquise": 2, "eyrie": 2}},
                1: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}},
               decree={"build": ["fox:Anvil"]})
    assert st.ruler(7) == "eyrie"
    play(st, "resolve decree")
    # the only legal build (1 already has a roost) applies itself
    assert buildings(st, 8) == ["roost"]
    assert [e.rule for e in st.log if e.kind == "place_building"] == ["7.5.2.IV"]


@pytest.mark.parametrize(("card", "item", "listed"), [
    ("fox:Anvil", "hammer", 2), ("rabbit:Bake Sale", "coin", 3), ("mouse:Crossbow", "crossbow", 1)])
def test_7_2_3_disdain_for_trade_scores_one_vp_per_item(card, item, listed):
    roosts = {1: {"warriors": {"eyrie": 1}, "buildings": ["roost"]},
              3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]},
              4: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}
    st = eyrie(roosts, hand=[card], leader="despot", vp=4)
    play(st, f"craft {card}")
    assert st.vp["eyrie"] == 5
    assert st.crafted_items["eyrie"] == [item]
    assert event_args(st, "score")[-1] == {"faction": "eyrie", "delta": 1, "total": 5, "why": "craft"}
    # 7.8.1 Builder ignores Disdain for Trade: the listed VP
    st = eyrie(roosts, hand=[card], leader="builder", vp=4)
    play(st, f"craft {card}")
    assert st.vp["eyrie"] == 4 + listed


def test_7_2_3_disdain_for_trade_improvements_score_nothing():
    st = eyrie({1: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}, hand=["bird:Armorers"],
               leader="commander", vp=2)
    play(st, "craft bird:Armorers")
    assert st.vp["eyrie"] == 2
    assert [st.card(c).key for c in st.crafted["eyrie"]] == ["bird:Armorers"]


# -- 7.3 Setup --------------------------------------------------------------------------------------
def _setup_until_leader(keep: int):
    st = GAME.new(seed=5, players=["marquise", "eyrie"], options={"seating": "fixed"})
    play(st, f"keep {keep}")
    while st.decision.kind == "marquise.setup.building":
        play(st, st.decision.options[0].id)
    return st


@pytest.mark.parametrize(("keep", "corner"), [(1, 3), (2, 4), (3, 1), (4, 2)])
def test_7_3_2_roost_and_six_warriors_in_the_corner_opposite_the_keep(keep, corner):
    st = _setup_until_leader(keep)
    assert buildings(st, corner) == ["roost"]
    assert warriors(st, corner, "eyrie") == 6
    assert st.warriors_on_map("eyrie") == 6  # 7.3.1: the other 14 of 20 stay in supply
    assert st.warrior_supply("eyrie") == 14
    assert st.count_on_map("roost") == 1  # 7.3.5: six roosts stay on the track
    assert st.view("eyrie")["players"]["eyrie"]["board"]["roosts_on_track"] == 6
    assert fd(st)["start"] == corner - 1


def test_7_3_2_no_corner_choice_is_asked_when_the_opposite_corner_is_free():
    st = _setup_until_leader(2)
    kinds = [e.args for e in st.log if e.kind == "place_building" and e.args["faction"] == "eyrie"]
    assert kinds == [{"faction": "eyrie", "clearing": 4, "building": "roost"}]
    assert st.decision.player == "eyrie"
    assert st.decision.kind == "eyrie.setup.leader"


def test_7_3_3_choose_one_of_four_leaders():
    st = _setup_until_leader(1)
    d = st.decision
    assert d.player == "eyrie"
    assert [o.id for o in d.options] == ["leader builder", "leader charismatic", "leader commander",
                                         "leader despot"]
    assert {o.rule for o in d.options} == {"root:7.3.3"}


@pytest.mark.parametrize(("leader", "columns"), [
    ("builder", ("recruit", "move")), ("charismatic", ("recruit", "battle")),
    ("commander", ("move", "battle")), ("despot", ("move", "build"))])
def test_7_3_4_viziers_tucked_as_the_leader_lists_and_others_face_up(leader, columns):
    st = _setup_until_leader(1)
    play(st, f"leader {leader}")
    assert fd(st)["leader"] == leader
    assert fd(st)["leaders_up"] == [n for n in ("builder", "charismatic", "commander", "despot") if n != leader]
    assert fd(st)["leaders_down"] == []
    for col in ("recruit", "move", "battle", "build"):
        assert decree_keys(st, col) == ([VIZIER] if col in columns else [])
    board = st.view("marquise")["players"]["eyrie"]["board"]
    assert board["leader"] == leader
    assert board["decree"][columns[0]] == [VIZIER]
    # the game then starts with the Marquise (seating fixed, she is first)
    assert st.current == "marquise"


# -- 7.4 Birdsong -----------------------------------------------------------------------------------
def test_7_4_1_emergency_orders_draw_one_card_with_an_empty_hand():
    st = eyrie({3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}, phase="birdsong", hand=[])
    assert hand(st, "eyrie") == ["rabbit:Cobbler"]  # top of the deck
    assert len(st.deck) == len(DECK) - 1
    assert [e.rule for e in st.log if e.kind == "emergency_orders"] == ["7.4.1"]
    assert st.decision.kind == "eyrie.add"
    assert ids(st) == {f"decree {c} rabbit:Cobbler" for c in ("recruit", "move", "battle", "build")}


def test_7_4_1_no_emergency_orders_with_cards_in_hand():
    st = eyrie({3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}, phase="birdsong", hand=["fox:Anvil"])
    assert hand(st, "eyrie") == ["fox:Anvil"]
    assert len(st.deck) == len(DECK)
    assert not [e for e in st.log if e.kind == "emergency_orders"]


def test_7_4_2_add_one_or_two_cards_at_most_one_bird():
    st = eyrie({3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}, phase="birdsong",
               hand=["bird:Armorers", "bird:Sappers", "fox:Anvil"])
    cols = ("recruit", "move", "battle", "build")
    # must add at least one: no "done" yet; 3 cards x 4 columns
    assert ids(st) == {f"decree {c} {k}" for c in cols for k in ("bird:Armorers", "bird:Sappers", "fox:Anvil")}
    assert {o.rule for o in st.decision.options} == {"root:7.4.2"}
    play(st, "decree move bird:Armorers")
    # a second bird is not allowed; stopping after one card is
    assert ids(st) == {f"decree {c} fox:Anvil" for c in cols} | {"done"}
    play(st, "decree move fox:Anvil")
    assert decree_keys(st, "move") == ["bird:Armorers", "fox:Anvil"]
    assert hand(st, "eyrie") == ["bird:Sappers"]
    assert st.phase == "daylight"  # two cards added: Birdsong is over


def test_7_4_2_stop_after_one_card():
    st = eyrie({3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}, phase="birdsong",
               hand=["fox:Anvil", "mouse:Crossbow"])
    play(st, "decree battle mouse:Crossbow", "done")
    assert decree_keys(st, "battle") == ["mouse:Crossbow"]
    assert hand(st, "eyrie") == ["fox:Anvil"]
    assert st.decision.kind == "eyrie.daylight"


def test_7_4_2_after_a_bird_only_birds_left_ends_adding():
    st = eyrie({3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}, phase="birdsong",
               hand=["bird:Armorers", "bird:Sappers"])
    play(st, "decree build bird:Sappers")
    assert decree_keys(st, "build") == ["bird:Sappers"]
    assert hand(st, "eyrie") == ["bird:Armorers"]
    assert st.decision.kind == "eyrie.daylight"


def test_7_4_2_each_column_can_hold_any_number_of_cards():
    st = eyrie({3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}, phase="birdsong",
               decree={"recruit": [VIZIER, "fox:Anvil", "fox:Root Tea"]}, hand=["rabbit:Bake Sale"])
    play(st, "decree recruit rabbit:Bake Sale")
    assert decree_keys(st, "recruit") == [VIZIER, "fox:Anvil", "fox:Root Tea", "rabbit:Bake Sale"]


def _new_roost_board():
    # Every clearing holds a warrior except: 3 (keep, none), 6 (ruin + open slot, none),
    # 12 (ruin + open slot, none), 10 (ruin + sawmill: no open slot, none).
    cl = {c: {"warriors": {"marquise": 1}} for c in (1, 2, 4, 5, 7, 8, 9, 11)}
    cl[3] = {"tokens": ["keep"]}
    cl[10] = {"buildings": ["ruin", "sawmill"]}
    return cl


def test_7_4_3_a_new_roost_in_a_clearing_with_fewest_warriors_where_it_can_be_placed():
    st = eyrie(_new_roost_board(), phase="birdsong", hand=["fox:Anvil"])
    play(st, "decree move fox:Anvil")  # the hand is empty now: adding ends by itself
    # candidates: fewest warriors (0) where a roost and warriors can be placed: 6 and 12
    # (3 has the keep, 6.2.2; 10 has no open slot)
    assert st.decision.kind == "eyrie.new_roost"
    assert ids(st) == {"new roost 6", "new roost 12"}
    assert {o.rule for o in st.decision.options} == {"root:7.4.3"}
    play(st, "new roost 12")
    assert buildings(st, 12) == ["roost", "ruin"]
    assert warriors(st, 12, "eyrie") == 3


def test_7_4_3_a_new_roost_is_placed_without_asking_when_only_one_clearing_qualifies():
    cl = _new_roost_board()
    cl[6] = {"warriors": {"marquise": 1}}
    st = eyrie(cl, phase="birdsong", hand=["fox:Anvil"])
    play(st, "decree move fox:Anvil")
    assert buildings(st, 12) == ["roost", "ruin"]
    assert warriors(st, 12, "eyrie") == 3
    assert warriors(st, 3, "eyrie") == 0  # never in the keep's clearing


def test_7_4_3_a_new_roost_prefers_fewest_warriors_of_any_faction():
    cl = {c: {"warriors": {"marquise": 2}} for c in range(1, 13)}
    cl[7] = {"warriors": {"marquise": 1}}
    cl[9] = {"warriors": {"marquise": 1, "eyrie": 1}}  # two warriors: not fewest
    st = eyrie(cl, phase="birdsong", hand=["fox:Anvil"])
    play(st, "decree move fox:Anvil")
    assert buildings(st, 7) == ["roost"]
    assert warriors(st, 7, "eyrie") == 3


def test_7_4_3_no_new_roost_while_a_roost_is_on_the_map():
    st = eyrie({3: {"buildings": ["roost"]}}, phase="birdsong", hand=["fox:Anvil"])
    play(st, "decree move fox:Anvil")
    assert st.count_on_map("roost") == 1
    assert st.warriors_on_map("eyrie") == 0
    assert st.decision.kind == "eyrie.daylight"


# -- 7.5 Daylight: resolve the Decree ---------------------------------------------------------------
def test_7_5_2_columns_left_to_right():
    st = eyrie({1: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}, 5: {"warriors": {"eyrie": 1}}},
               decree={"recruit": ["fox:Anvil"], "move": ["rabbit:Bake Sale"]})
    play(st, "resolve decree")
    # the recruit column comes first: no move is offered although one is possible
    # (a single recruit option applies itself, so the move column is already current)
    assert warriors(st, 1, "eyrie") == 3
    assert all(o.action == "move" for o in st.decision.options)
    assert [e.args["count"] for e in st.log if e.kind == "place_warriors"] == [1]


def test_7_5_2_any_order_within_a_column():
    st = eyrie({1: {"warriors": {"eyrie": 1}}, 2: {"warriors": {"eyrie": 1}}},
               decree={"move": ["fox:Anvil", "mouse:Crossbow"]})
    play(st, "resolve decree")
    # both cards are open: from fox 1 (to 5, 9, 10) and from mouse 2 (to 5, 6, 10)
    assert ids(st) == {"move 1->5 x1 with fox", "move 1->9 x1 with fox", "move 1->10 x1 with fox",
                       "move 2->5 x1 with mouse", "move 2->6 x1 with mouse", "move 2->10 x1 with mouse"}
    play(st, "move 2->5 x1 with mouse")  # the mouse card first
    assert ids(st) == {"move 1->5 x1 with fox", "move 1->9 x1 with fox", "move 1->10 x1 with fox"}
    play(st, "move 1->5 x1 with fox")
    assert warriors(st, 5, "eyrie") == 2
    assert fd(st)["leader"] == "builder"  # no turmoil


def test_7_5_2_the_same_warrior_may_serve_several_move_cards():
    # FAQ (7.5.2): one warrior may be moved back and forth for several move cards.
    st = eyrie({1: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}},
               decree={"move": ["fox:Anvil", "rabbit:Bake Sale"]})
    play(st, "resolve decree", "move 1->5 x1 with fox")
    assert ids(st) == {"move 5->1 x1 with rabbit", "move 5->2 x1 with rabbit"}
    play(st, "move 5->1 x1 with rabbit")
    assert warriors(st, 1, "eyrie") == 1
    assert fd(st)["leader"] == "builder"


def test_7_5_2_I_recruit_at_a_roost_of_the_matching_suit():
    st = eyrie({1: {"buildings": ["roost"]}, 5: {"buildings": ["roost"]}, 3: {"warriors": {"eyrie": 1}}},
               decree={"recruit": ["rabbit:Bake Sale"], "move": [], "build": ["rabbit:Cobbler"]}, deck=DECK[2:])
    play(st, "resolve decree")
    # only the rabbit roost in 5 (3 is rabbit but has no roost); a single option applies itself
    assert warriors(st, 5, "eyrie") == 1
    assert warriors(st, 1, "eyrie") == 0
    assert [e.rule for e in st.log if e.kind == "place_warriors"] == ["7.5.2.I"]


def test_7_5_2_I_recruit_with_a_bird_card_at_any_roost():
    st = eyrie({1: {"buildings": ["roost"]}, 5: {"buildings": ["roost"]}, 2: {"warriors": {"eyrie": 1}}},
               decree={"recruit": ["bird:Armorers"]})
    play(st, "resolve decree")
    assert ids(st) == {"recruit 1 with bird", "recruit 5 with bird"}
    assert {o.rule for o in st.decision.options} == {"root:7.5.2.I"}
    play(st, "recruit 1 with bird")
    assert warriors(st, 1, "eyrie") == 1


def test_7_5_2_I_recruit_without_a_matching_roost_is_turmoil():
    st = eyrie({1: {"buildings": ["roost"], "warriors": {"eyrie": 1}}},
               decree={"recruit": ["mouse:Crossbow"]}, vp=3)
    play(st, "resolve decree")
    # the only option is turmoil, which applies itself
    assert [e.rule for e in st.log if e.kind == "turmoil"] == ["7.7"]
    assert st.fdata["eyrie"]["leader"] != "builder"


def test_7_5_2_II_move_from_a_matching_clearing_by_rule_of_control():
    st = eyrie({1: {"warriors": {"eyrie": 2}},  # fox, ruled
                8: {"warriors": {"eyrie": 1, "marquise": 2}},  # fox, Marquise rules
                7: {"warriors": {"eyrie": 1}},  # mouse, Eyrie rule: a destination from 8
                5: {"warriors": {"eyrie": 3}}},  # rabbit: not a source for a fox card
               decree={"move": ["fox:Anvil"]})
    play(st, "resolve decree")
    # 1 -> 5, 9, 10 with 1 or 2 warriors (6); 8 -> 7 only (4 is unruled) with 1 warrior (1): 7 options
    assert ids(st) == {"move 1->5 x1 with fox", "move 1->5 x2 with fox", "move 1->9 x1 with fox",
                       "move 1->9 x2 with fox", "move 1->10 x1 with fox", "move 1->10 x2 with fox",
                       "move 8->7 x1 with fox"}
    assert {o.rule for o in st.decision.options} == {"root:7.5.2.II"}
    play(st, "move 1->9 x2 with fox")
    assert warriors(st, 9, "eyrie") == 2
    assert warriors(st, 1, "eyrie") == 0


def test_7_5_2_II_move_needs_at_least_one_warrior_in_a_matching_clearing():
    # a roost alone is no warrior: a fox move with no fox warriors is turmoil
    st = eyrie({1: {"buildings": ["roost"]}, 5: {"warriors": {"eyrie": 2}}},
               decree={"move": ["fox:Anvil"]}, vp=1)
    play(st, "resolve decree")
    assert [e.kind for e in st.log if e.kind in ("move", "turmoil")] == ["turmoil"]


def test_7_5_2_III_battle_in_a_matching_clearing():
    st = eyrie({1: {"warriors": {"eyrie": 2, "marquise": 1}},  # fox: yes
                8: {"buildings": ["roost"], "warriors": {"marquise": 1}},  # fox, no Eyrie warriors: no
                12: {"warriors": {"eyrie": 2}},  # fox, no enemy: no
                6: {"warriors": {"eyrie": 1}, "buildings": ["ruin", "sawmill"]},  # fox, enemy building: yes
                5: {"warriors": {"eyrie": 2, "marquise": 2}}},  # rabbit: no
               decree={"battle": ["fox:Anvil"]})
    play(st, "resolve decree")
    assert ids(st) == {"battle 1 marquise with fox", "battle 6 marquise with fox"}
    assert {o.rule for o in st.decision.options} == {"root:7.5.2.III"}
    play(st, "battle 1 marquise with fox")
    assert [e.args for e in st.log if e.kind == "battle"] == [
        {"faction": "eyrie", "clearing": 1, "defender": "marquise"}]
    assert [e.rule for e in st.log if e.kind == "battle"] == ["7.5.2.III"]


def test_7_5_2_III_battle_with_no_matching_target_is_turmoil():
    st = eyrie({5: {"warriors": {"eyrie": 2, "marquise": 2}, "buildings": ["roost"]}},
               decree={"battle": ["mouse:Crossbow"]})
    play(st, "resolve decree")
    assert [e.rule for e in st.log if e.kind == "turmoil"] == ["7.7"]
    assert not [e for e in st.log if e.kind == "battle"]


def test_7_5_2_IV_build_a_roost_in_a_ruled_matching_clearing_without_roost():
    st = eyrie({1: {"warriors": {"eyrie": 1}},  # fox, ruled, 1 free slot: yes
                8: {"warriors": {"eyrie": 2}, "buildings": ["roost"]},  # has a roost: no
                12: {"warriors": {"eyrie": 1}},  # fox, ruin + 1 free slot: yes
                6: {"warriors": {"eyrie": 3}, "buildings": ["ruin", "sawmill"]},  # no free slot: no
                5: {"warriors": {"eyrie": 2}}},  # rabbit: no
               decree={"build": ["fox:Anvil"]})
    play(st, "resolve decree")
    assert ids(st) == {"build 1 with fox", "build 12 with fox"}
    assert {o.rule for o in st.decision.options} == {"root:7.5.2.IV"}
    play(st, "build 12 with fox")
    assert buildings(st, 12) == ["roost", "ruin"]
    assert st.count_on_map("roost") == 2


def test_7_5_2_IV_build_not_where_the_marquise_rules():
    st = eyrie({1: {"warriors": {"eyrie": 1, "marquise": 2}}, 8: {"buildings": ["roost"]}},
               decree={"build": ["fox:Anvil"]}, vp=2)
    play(st, "resolve decree")
    assert buildings(st, 1) == []
    assert [e.rule for e in st.log if e.kind == "turmoil"] == ["7.7"]
    assert st.vp["eyrie"] == 2  # no bird on the Decree: nothing to lose


def test_7_5_2_IV_build_never_in_the_keep_clearing():
    # 6.2.2 The Keep: only the Marquise may place pieces there, even where the Eyrie rule
    st = eyrie({1: {"warriors": {"eyrie": 3, "marquise": 1}, "tokens": ["keep"]},
                8: {"buildings": ["roost"]}},
               decree={"build": ["fox:Anvil"]})
    assert st.ruler(0) == "eyrie"
    play(st, "resolve decree")
    assert buildings(st, 1) == []
    assert [e.rule for e in st.log if e.kind == "turmoil"] == ["7.7"]


def test_7_5_2_IV_build_with_no_roost_left_is_turmoil():
    cl = {c: {"warriors": {"eyrie": 1}, "buildings": ["roost"]} for c in (1, 2, 3, 4, 5, 7, 8)}
    cl[12] = {"warriors": {"eyrie": 2}}
    st = eyrie(cl, decree={"build": ["fox:Anvil"]})
    play(st, "resolve decree")
    assert buildings(st, 12) == ["ruin"]
    assert [e.rule for e in st.log if e.kind == "turmoil"] == ["7.7"]


# -- 7.6 Evening ------------------------------------------------------------------------------------
ROOST_CLEARINGS = (1, 2, 3, 4, 5, 7, 8)


@pytest.mark.parametrize(("roosts", "vp"), [(0, 0), (1, 0), (2, 1), (3, 2), (4, 3), (5, 4), (6, 4), (7, 5)])
def test_7_6_1_score_the_rightmost_empty_space_of_the_roosts_track(roosts, vp):
    cl = {c: {"buildings": ["roost"]} for c in ROOST_CLEARINGS[:roosts]}
    st = eyrie(cl, phase="evening", vp=3)
    assert st.vp["eyrie"] == 3 + vp
    scores = [e for e in st.log if e.kind == "score" and e.args["faction"] == "eyrie"]
    assert [e.rule for e in scores] == (["7.6.1"] if vp else [])


@pytest.mark.parametrize(("roosts", "drawn"), [(0, 1), (2, 1), (3, 2), (5, 2), (6, 3), (7, 3)])
def test_7_6_2_draw_one_plus_uncovered_draw_bonuses(roosts, drawn):
    cl = {c: {"buildings": ["roost"]} for c in ROOST_CLEARINGS[:roosts]}
    st = eyrie(cl, phase="evening", hand=[])
    assert hand(st, "eyrie") == sorted(DECK[:drawn])
    assert st.current == "marquise"  # Evening over, the Marquise's turn


def test_7_6_2_discard_down_to_five():
    cl = {c: {"buildings": ["roost"]} for c in ROOST_CLEARINGS[:3]}
    st = eyrie(cl, phase="evening", hand=["fox:Anvil", "mouse:Crossbow", "rabbit:Bake Sale", "bird:Armorers"])
    # 4 + 2 drawn = 6 cards: discard one of the Eyrie's choice
    assert st.decision.player == "eyrie"
    assert st.decision.kind == "discard_down"
    assert ids(st) == {f"discard {k}" for k in ("fox:Anvil", "mouse:Crossbow", "rabbit:Bake Sale",
                                                "bird:Armorers", "rabbit:Cobbler", "rabbit:Command Warren")}
    assert {o.rule for o in st.decision.options} == {"root:7.6.2"}
    play(st, "discard bird:Armorers")
    assert len(st.hands["eyrie"]) == 5
    assert discard_keys(st) == ["bird:Armorers"]
    assert st.current == "marquise"


# -- 7.7 Turmoil ------------------------------------------------------------------------------------
def _turmoil_position(vp=5, leader="builder", **kw):
    """Recruit: Vizier + fox:Anvil (no fox roost: blocked); the only roost is in 5 (rabbit)."""
    return eyrie({5: {"warriors": {"eyrie": 2}, "buildings": ["roost"]},
                  2: {"warriors": {"eyrie": 1}}},
                 decree={"recruit": [VIZIER, "fox:Anvil"], "move": [VIZIER, "bird:Armorers"],
                         "battle": ["rabbit:Bake Sale"], "build": ["mouse:Crossbow"]},
                 vp=vp, leader=leader, **kw)


def test_7_7_turmoil_is_offered_when_a_card_cannot_be_done():
    st = _turmoil_position()
    play(st, "resolve decree")
    assert ids(st) == {"recruit 5 with bird", "turmoil"}
    assert [o.rule for o in st.decision.options if o.id == "turmoil"] == ["root:7.7"]


def test_7_7_turmoil_after_doing_what_can_be_done_in_the_column():
    # FAQ: turmoil as soon as even one card cannot be completed; the others may be done first.
    st = _turmoil_position()
    play(st, "resolve decree", "recruit 5 with bird")
    assert warriors(st, 5, "eyrie") == 3
    # the fox card is left and cannot be resolved: turmoil follows without a question
    assert [e.rule for e in st.log if e.kind == "turmoil"] == ["7.7"]


def test_7_7_an_empty_column_is_no_turmoil():
    # FAQ: an empty column is fine. Despot: viziers on move and build only.
    st = eyrie({1: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}},
               decree={"move": [VIZIER], "build": [VIZIER]}, leader="despot", vp=4)
    play(st, "resolve decree", "move 1->5 x1 with bird")
    # the only legal build, in 5, applies itself
    assert buildings(st, 5) == ["roost"]
    assert not [e for e in st.log if e.kind == "turmoil"]
    assert fd(st)["leader"] == "despot"
    assert st.vp["eyrie"] == 4 + 1  # Evening: 2 roosts on the map score 1


def test_7_7_1_humiliate_loses_one_vp_per_bird_card_including_viziers():
    st = _turmoil_position(vp=5)
    play(st, "resolve decree", "turmoil")
    # birds on the Decree: 2 viziers + Armorers = 3
    assert event_args(st, "score")[0] == {"faction": "eyrie", "delta": -3, "total": 2, "why": "humiliate"}
    assert next(e.rule for e in st.log if e.kind == "score") == "7.7.1"


def test_7_7_1_humiliate_never_below_zero():
    st = _turmoil_position(vp=1)
    play(st, "resolve decree", "turmoil", "leader despot")
    assert st.vp["eyrie"] == 0


def test_7_7_2_purge_discards_the_decree_except_the_viziers():
    st = _turmoil_position()
    play(st, "resolve decree", "turmoil")
    assert sorted(discard_keys(st)) == ["bird:Armorers", "fox:Anvil", "mouse:Crossbow", "rabbit:Bake Sale"]
    assert VIZIER not in discard_keys(st)
    assert [e.rule for e in st.log if e.kind == "purge"] == ["7.7.2"] * 4


def test_7_7_3_depose_choose_a_new_leader_from_those_face_up():
    st = _turmoil_position(leader="builder")
    play(st, "resolve decree", "turmoil")
    assert st.decision.player == "eyrie"
    assert st.decision.kind == "eyrie.depose"
    assert ids(st) == {"leader charismatic", "leader commander", "leader despot"}
    assert {o.rule for o in st.decision.options} == {"root:7.7.3"}
    assert fd(st)["leaders_down"] == ["builder"]
    play(st, "leader commander")
    assert fd(st)["leader"] == "commander"
    assert fd(st)["leaders_up"] == ["charismatic", "despot"]
    assert fd(st)["leaders_down"] == ["builder"]
    # the viziers are retucked as the new leader lists: move and battle
    for col, keys in (("recruit", []), ("move", [VIZIER]), ("battle", [VIZIER]), ("build", [])):
        assert decree_keys(st, col) == keys


def test_7_7_3_a_single_face_up_leader_is_taken_without_asking():
    st = _turmoil_position(leader="despot", up=["charismatic"], down=["builder", "commander"])
    play(st, "resolve decree", "turmoil")
    assert fd(st)["leader"] == "charismatic"
    assert fd(st)["leaders_up"] == []
    assert fd(st)["leaders_down"] == ["builder", "commander", "despot"]
    assert decree_keys(st, "recruit") == [VIZIER]
    assert decree_keys(st, "battle") == [VIZIER]


def test_7_7_3_I_a_new_clutch_when_no_leader_is_face_up():
    st = _turmoil_position(leader="despot", up=[], down=["builder", "charismatic", "commander"])
    play(st, "resolve decree", "turmoil")
    # all four flip face up, the one just deposed included
    assert ids(st) == {"leader builder", "leader charismatic", "leader commander", "leader despot"}
    assert [e.rule for e in st.log if e.kind == "new_clutch"] == ["7.7.3.I"]
    play(st, "leader builder")
    assert fd(st)["leaders_up"] == ["charismatic", "commander", "despot"]
    assert fd(st)["leaders_down"] == []


def test_7_7_4_rest_ends_daylight_and_evening_follows():
    st = _turmoil_position(vp=5)
    play(st, "resolve decree", "turmoil", "leader despot")
    # the battle and build cards were never resolved (no battle, no new roost) ...
    assert not [e for e in st.log if e.kind == "battle"]
    assert st.count_on_map("roost") == 1
    # ... and Evening happened: 1 roost scores 0, one card drawn; then the Marquise's turn
    assert [e.rule for e in st.log if e.kind == "rest"] == ["7.7.4"]
    assert hand(st, "eyrie") == ["rabbit:Cobbler"]
    assert st.vp["eyrie"] == 2
    assert st.current == "marquise"


# -- 7.8 Leaders ------------------------------------------------------------------------------------
def test_7_8_1_builder_scores_the_listed_vp_for_items():
    st = eyrie({1: {"buildings": ["roost"]}, 8: {"buildings": ["roost"]}}, hand=["fox:Foxfolk Steel"],
               leader="builder")
    play(st, "craft fox:Foxfolk Steel")
    assert st.vp["eyrie"] == 2


def test_7_8_2_charismatic_recruits_two_warriors():
    st = eyrie({1: {"buildings": ["roost"]}}, decree={"recruit": [VIZIER]}, leader="charismatic")
    play(st, "resolve decree")
    assert warriors(st, 1, "eyrie") == 2
    assert event_args(st, "place_warriors") == [{"faction": "eyrie", "clearing": 1, "count": 2}]
    assert fd(st)["leader"] == "charismatic"


def test_7_8_2_charismatic_with_one_warrior_left_places_it_then_turmoil():
    # FAQ: place as many as you can (1.5.4), then fall into turmoil.
    cl = {c: {"warriors": {"eyrie": 2}} for c in range(2, 11)}
    cl[11] = {"warriors": {"eyrie": 1}}  # 19 of 20 warriors on the map
    cl[1] = {"buildings": ["roost"]}
    st = eyrie(cl, decree={"recruit": [VIZIER], "battle": [VIZIER]}, leader="charismatic", vp=6)
    play(st, "resolve decree")
    assert warriors(st, 1, "eyrie") == 1
    assert st.warrior_supply("eyrie") == 0
    assert [e.rule for e in st.log if e.kind == "turmoil"] == ["7.7"]
    assert st.vp["eyrie"] == 4  # two viziers humiliate


def test_7_8_2_charismatic_with_no_warriors_left_is_turmoil_at_once():
    cl = {c: {"warriors": {"eyrie": 2}} for c in range(2, 12)}  # all 20 on the map
    cl[1] = {"buildings": ["roost"]}
    st = eyrie(cl, decree={"recruit": [VIZIER], "battle": [VIZIER]}, leader="charismatic")
    play(st, "resolve decree")
    assert warriors(st, 1, "eyrie") == 0
    assert [e.rule for e in st.log if e.kind == "turmoil"] == ["7.7"]


def _battle_hits(leader: str, seed: int, *, eyrie_attacks: bool = True):
    """One battle in 5 between 3 Eyrie and 3 Marquise warriors; returns (roll args, deal_hits args)."""
    cl = {5: {"warriors": {"eyrie": 3, "marquise": 3}}, 1: {"buildings": ["roost"]}}
    if eyrie_attacks:
        st = eyrie(cl, decree={"battle": ["rabbit:Bake Sale"]}, leader=leader, seed=seed)
        play(st, "resolve decree")
    else:
        st = position(cl, turn="marquise", phase="daylight", seed=seed, deck=DECK,
                      players={"eyrie": {"leader": leader}})
        play(st, "end crafting", "battle 5 eyrie")
    return event_args(st, "roll")[0], event_args(st, "deal_hits")[0]


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_7_8_3_commander_deals_an_extra_hit_as_attacker(seed):
    roll, hits = _battle_hits("commander", seed)
    assert hits["to_defender"] == roll["att_hits"] + 1
    assert hits["to_attacker"] == roll["def_hits"]
    roll_b, hits_b = _battle_hits("builder", seed)
    assert roll_b == roll  # same seed, same dice
    assert hits_b["to_defender"] == roll["att_hits"]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_7_8_3_commander_no_extra_hit_as_defender(seed):
    roll, hits = _battle_hits("commander", seed, eyrie_attacks=False)
    assert hits["to_defender"] == roll["att_hits"]  # the Marquise's hits on the Eyrie
    assert hits["to_attacker"] == roll["def_hits"]  # the Eyrie defend: no extra hit


def _despot_battle(leader: str, seed: int):
    # 8 (fox): three Eyrie warriors against two undefended sawmills and a wood token
    st = eyrie({8: {"warriors": {"eyrie": 3}, "buildings": ["sawmill", "sawmill"], "tokens": ["wood"]},
                1: {"buildings": ["roost"]}},
               decree={"battle": ["fox:Anvil"]}, leader=leader, seed=seed, vp=0)
    play(st, "resolve decree")
    while st.decision is not None and st.decision.kind == "hits":
        play(st, st.decision.options[0].id)
    return st


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 5])
def test_7_8_4_despot_scores_one_extra_vp_when_removing_buildings_or_tokens_in_battle(seed):
    st = _despot_battle("despot", seed)
    removed = 3 - len(st.buildings[7]) - len(st.tokens[7])
    assert removed >= 1  # defenseless: at least one extra hit (4.3.3.II)
    battle_vp = [e.args["delta"] for e in st.log if e.kind == "score" and e.args["why"] in ("remove", "despot")]
    # one VP per piece (3.2.1) plus one extra, once per battle (FAQ: not one per piece)
    assert sum(battle_vp) == removed + 1
    assert [e.rule for e in st.log if e.kind == "score" and e.args["why"] == "despot"] == ["7.8.4"]
    other = _despot_battle("builder", seed)
    assert sum(e.args["delta"] for e in other.log if e.kind == "score" and e.args["why"] == "despot") == 0
    assert 3 - len(other.buildings[7]) - len(other.tokens[7]) == removed


def test_7_8_4_despot_no_extra_vp_when_only_warriors_are_removed():
    for seed in range(4):
        st = eyrie({5: {"warriors": {"eyrie": 3, "marquise": 3}}, 1: {"buildings": ["roost"]}},
                   decree={"battle": ["rabbit:Bake Sale"]}, leader="despot", seed=seed)
        play(st, "resolve decree")
        assert not [e for e in st.log if e.kind == "score" and e.args["why"] == "despot"]


# -- 30 VP during the Eyrie turn ------------------------------------------------------------------
def test_3_1_eyrie_win_at_thirty_in_evening():
    cl = {c: {"buildings": ["roost"]} for c in ROOST_CLEARINGS[:4]}
    st = eyrie(cl, phase="evening", vp=WIN_VP - 3)
    assert st.terminal
    assert st.result["winners"] == ["eyrie"]
    assert st.decision is None


# -- hand-counted option counts ("perft") ---------------------------------------------------------
def test_perft_eyrie_daylight_crafting_position():
    """Roosts: 1 (fox), 5 (rabbit), 9 (mouse), 2 (mouse, no warriors). Hand, by hand:
    fox:Anvil (fox) yes; mouse:Crossbow (fox) yes; rabbit:A Visit to Friends (rabbit) yes;
    rabbit:Root Tea (mouse) yes; bird:Royal Claim (any x4) yes, 4 roosts, one way to pay (fox+mouse+mouse+rabbit);
    fox:Favor of the Foxes (fox x3) no; bird:Brutal Tactics (fox x2) no; bird:Ambush! never craftable.
    Tax Collector crafted: once per Daylight, in a clearing with Eyrie warriors: 1, 5, 9 -> 3.
    Plus "resolve decree": 5 + 3 + 1 = 9."""
    st = eyrie({1: {"warriors": {"eyrie": 1}, "buildings": ["roost"]},
                5: {"warriors": {"eyrie": 2}, "buildings": ["roost"]},
                9: {"warriors": {"eyrie": 1}, "buildings": ["roost"]},
                2: {"buildings": ["roost"]}},
               hand=["fox:Anvil", "mouse:Crossbow", "rabbit:A Visit to Friends", "bird:Royal Claim",
                     "fox:Favor of the Foxes", "bird:Brutal Tactics", "rabbit:Root Tea", "bird:Ambush!"],
               crafted=["fox:Tax Collector"], deck=DECK[:2])
    expected = {"craft fox:Anvil", "craft mouse:Crossbow", "craft rabbit:A Visit to Friends",
                "craft rabbit:Root Tea", "craft bird:Royal Claim using fox+mouse+mouse+rabbit",
                "tax collector 1", "tax collector 5", "tax collector 9", "resolve decree"}
    assert len(st.decision.options) == 9
    assert ids(st) == expected


def test_perft_eyrie_bird_move_position():
    """A bird move card (any clearing). Eyrie warriors: 1 x3 (Eyrie rule: 3 v 1), 9 x1 (Marquise rules,
    2 v 1), 12 x2 (Eyrie rule). By hand:
    from 1 (ruled) to 5, 9, 10 with 1..3 warriors: 3 x 3 = 9;
    from 9 (not ruled) to ruled neighbours only: 1 and 12 (4 is empty), 1 warrior: 2;
    from 12 (ruled) to 4, 7, 9, 10, 11 with 1..2 warriors: 5 x 2 = 10.  Total 21, no turmoil option."""
    st = eyrie({1: {"warriors": {"eyrie": 3, "marquise": 1}},
                9: {"warriors": {"eyrie": 1, "marquise": 2}},
                12: {"warriors": {"eyrie": 2}}},
               decree={"move": [VIZIER]})
    play(st, "resolve decree")
    expected = {f"move 1->{b} x{k} with bird" for b in (5, 9, 10) for k in (1, 2, 3)}
    expected |= {"move 9->1 x1 with bird", "move 9->12 x1 with bird"}
    expected |= {f"move 12->{b} x{k} with bird" for b in (4, 7, 9, 10, 11) for k in (1, 2)}
    assert len(st.decision.options) == 21
    assert ids(st) == expected
