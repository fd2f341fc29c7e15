"""6. Marquise de Cat: scenario tests named after the rules they check, built with ``from_position``.

Autumn map (Rootlog numbers): 1 fox (1 slot), 2 mouse (2), 3 rabbit (1), 4 rabbit (1) are the corners
(1 opposite 3, 2 opposite 4); 5 rabbit (2), 6 fox (2, ruin), 7 mouse (2), 8 fox (2), 9 mouse (2),
10 rabbit (2, ruin), 11 mouse (3, ruin), 12 fox (2, ruin). Paths: 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11
4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12.
"""

from __future__ import annotations

import pytest
from helpers import (
    GAME,
    NO_DECREE,
    buildings,
    decision_of,
    discard_keys,
    event_args,
    events,
    hand,
    ids,
    option_list,
    play,
    position,
    tokens,
    warriors,
)

#: The Marquise's faction board (6.3.5, 6.5.4.II–III): cost at the top of each column, VP per space.
BOARD_COST = [0, 1, 2, 3, 3, 4]
BOARD_VP = {"sawmill": [0, 1, 2, 3, 4, 5], "workshop": [0, 2, 2, 3, 4, 5], "recruiter": [0, 1, 2, 3, 3, 4]}


def cat_daylight(clearings: dict, *, hand_: tuple = (), crafted_: tuple = (), actions: bool = True, **extra):
    """The Marquise at the start of her Daylight; with ``actions`` the crafting step is ended."""
    st = position(clearings, players={"marquise": {"hand": list(hand_), "crafted": list(crafted_)}},
                  **extra)
    if actions:
        play(st, "end crafting")
    return st


def actions_left(st) -> int:
    assert decision_of(st) == ("marquise", "marquise.daylight")
    return st.decision.args["actions"]


def kinds(st, action: str) -> set[str]:
    return {o.id for o in st.decision.options if o.action == action}


# -- 6.2.1 crafting ---------------------------------------------------------------------------------
def test_6_2_1_marquise_crafts_with_workshops():
    st = cat_daylight({8: {"buildings": ["workshop"]}, 5: {"buildings": ["workshop", "roost"]},
                       9: {"buildings": ["roost"]}},
                      hand_=("fox:Anvil", "mouse:Mouse-in-a-Sack", "rabbit:A Visit to Friends"), actions=False)
    # a fox and a rabbit workshop; the Eyrie roost in 9 (mouse) is no crafting piece of hers
    assert kinds(st, "craft") == {"craft fox:Anvil", "craft rabbit:A Visit to Friends"}
    play(st, "craft fox:Anvil")
    assert st.crafted_items["marquise"] == ["hammer"]
    assert st.vp["marquise"] == 2  # 3.2.2
    # 4.1.1: each workshop once per turn; the fox workshop is spent
    assert kinds(st, "craft") == {"craft rabbit:A Visit to Friends"}


def test_6_2_1_without_workshops_nothing_to_craft():
    st = cat_daylight({1: {"buildings": ["sawmill"], "warriors": {"marquise": 1}}}, hand_=("fox:Anvil",),
                      actions=False)
    assert option_list(st) == ["end crafting"]


# -- 6.2.2 the Keep ---------------------------------------------------------------------------------
def eyrie_daylight(clearings: dict, decree: dict, hand_: tuple = (), leader: str = "builder"):
    """The Eyrie at the start of their Daylight; Codebreakers keep every Decree step a real decision."""
    st = position(clearings, turn="eyrie", deck=[], players={"eyrie": {
        "hand": list(hand_), "leader": leader, "decree": dict(NO_DECREE, **decree),
        "crafted": ["mouse:Codebreakers"]}})
    return play(st, "resolve decree")


def test_6_2_2_others_cannot_build_in_the_keep_clearing():
    st = eyrie_daylight({1: {"warriors": {"eyrie": 2}, "tokens": ["keep"]},  # ruled by the Eyrie, open slot
                         12: {"warriors": {"eyrie": 1}},
                         8: {"warriors": {"eyrie": 1}}},
                        {"build": ["fox:Anvil"]})
    assert kinds(st, "build") == {"build 8 with fox", "build 12 with fox"}


def test_6_2_2_others_cannot_recruit_in_the_keep_clearing():
    st = eyrie_daylight({1: {"warriors": {"eyrie": 2}, "buildings": ["roost"], "tokens": ["keep"]},
                         8: {"buildings": ["roost"]}},
                        {"recruit": ["fox:Anvil"]})
    assert kinds(st, "recruit") == {"recruit 8 with fox"}


def test_6_2_2_others_may_move_into_the_keep_clearing():
    st = eyrie_daylight({1: {"warriors": {"marquise": 1}, "tokens": ["keep"]},
                         10: {"warriors": {"eyrie": 2}}},
                        {"move": ["rabbit:Bake Sale"]})
    assert {"move 10->1 x1 with rabbit", "move 10->1 x2 with rabbit"} <= kinds(st, "move")
    play(st, "move 10->1 x2 with rabbit")
    assert warriors(st, 1, "eyrie") == 2


def test_6_2_2_new_roost_cannot_go_to_the_keep_clearing():
    # every clearing but the keep's (1) and clearing 3 holds a warrior: without the Keep, the Eyrie
    # could choose 1 or 3; with it, 3 is the only clearing for A New Roost (7.4.3)
    board = {c: {"warriors": {"marquise": 1}} for c in range(2, 13) if c != 3}
    board[1] = {"tokens": ["keep"]}
    st = position(board, turn="eyrie", phase="birdsong", deck=[], players={"eyrie": {"hand": ["fox:Anvil"]}})
    play(st, "decree recruit fox:Anvil")
    assert buildings(st, 3) == ["roost"] and warriors(st, 3, "eyrie") == 3
    assert buildings(st, 1) == []


def test_6_2_2_marquise_places_in_the_keep_clearing():
    st = cat_daylight({1: {"warriors": {"marquise": 1}, "tokens": ["keep", "wood"], "buildings": []}},
                      **{"deck": []})
    # build there (6.5.4) — workshop, the first on the map, costs nothing
    assert "build workshop 1" in ids(st)
    play(st, "build recruiter 1", "recruit")
    assert warriors(st, 1, "marquise") == 2


def test_6_2_2_removed_keep_never_returns_and_then_others_may_place():
    # the Eyrie battle the lone keep (defenseless: at least one hit) and then may build there
    st = eyrie_daylight({1: {"warriors": {"eyrie": 2}, "tokens": ["keep"]}, 8: {"warriors": {"eyrie": 1}}},
                        {"battle": ["fox:Anvil"], "build": ["fox:Root Tea"]})
    play(st, "battle 1 marquise with fox")
    assert st.keep_clearing() is None and tokens(st, 1) == []
    assert st.vp["eyrie"] == 1
    assert kinds(st, "build") == {"build 1 with fox", "build 8 with fox"}
    assert all("keep" not in t for t in st.tokens)


# -- 6.2.3 Field Hospitals --------------------------------------------------------------------------
def with_dice(make, want):
    for seed in range(2000):
        st = make(seed)
        rolls = event_args(st, "roll")
        if rolls and want(sorted(rolls[-1]["dice"])):
            return st
    raise AssertionError("no seed gives the wanted dice")


def eyrie_battle_at_8(marquise_hand: tuple, seed: int, keep: bool = True):
    board = {8: {"warriors": {"eyrie": 3, "marquise": 2}}, 4: {"tokens": ["keep"] if keep else []}}
    st = position(board, turn="eyrie", seed=seed, deck=[], players={
        "marquise": {"hand": list(marquise_hand)},
        "eyrie": {"decree": dict(NO_DECREE, battle=["fox:Foxfolk Steel"]), "crafted": ["mouse:Codebreakers"]}})
    play(st, "resolve decree", "battle 8 marquise with fox")
    if st.decision.kind == "battle.ambush":
        play(st, "no ambush")
    return st


def test_6_2_3_field_hospitals_after_battle_as_defender():
    st = with_dice(lambda s: eyrie_battle_at_8(("fox:Anvil", "rabbit:Bake Sale", "bird:Crossbow"), s),
                   lambda d: d[1] >= 2)
    assert warriors(st, 8, "marquise") == 0
    assert decision_of(st) == ("marquise", "marquise.field_hospitals")
    assert st.decision.args == {"clearing": 8, "count": 2}
    # a card matching the fox clearing, birds being wild (2.1.1); the rabbit card cannot pay
    assert ids(st) == {"field hospitals fox:Anvil", "field hospitals bird:Crossbow", "decline"}
    assert all(o.rule == "root:6.2.3" for o in st.decision.options)
    play(st, "field hospitals bird:Crossbow")
    assert warriors(st, 4, "marquise") == 2  # placed at the keep
    assert hand(st, "marquise") == ["fox:Anvil", "rabbit:Bake Sale"]
    assert discard_keys(st) == ["bird:Crossbow"]
    assert st.warrior_supply("marquise") == 25 - 2


def test_6_2_3_declined_warriors_go_to_supply():
    st = with_dice(lambda s: eyrie_battle_at_8(("fox:Anvil",), s), lambda d: d[1] >= 2)
    play(st, "decline")
    assert warriors(st, 4, "marquise") == 0
    assert st.warrior_supply("marquise") == 25
    assert hand(st, "marquise") == ["fox:Anvil"]


def test_6_2_3_asked_whenever_marquise_holds_a_card():
    st = with_dice(lambda s: eyrie_battle_at_8(("rabbit:Bake Sale",), s), lambda d: d[1] >= 1)
    assert decision_of(st) == ("marquise", "marquise.field_hospitals")
    assert ids(st) == {"decline"}  # the question itself reveals nothing about her hand


def test_6_2_3_field_hospitals_question_leaks_nothing():
    seed = next(s for s in range(2000) if warriors(eyrie_battle_at_8(("rabbit:Bake Sale",), s), 8, "marquise") < 2)
    a = eyrie_battle_at_8(("rabbit:Bake Sale",), seed)  # cannot pay
    b = eyrie_battle_at_8(("fox:Anvil",), seed)  # can pay
    assert decision_of(a) == decision_of(b) == ("marquise", "marquise.field_hospitals")
    assert a.view("eyrie") == b.view("eyrie")
    assert a.view(None) == b.view(None)


def test_6_2_3_not_asked_with_empty_hand():
    st = with_dice(lambda s: eyrie_battle_at_8((), s), lambda d: d[1] >= 2)
    assert decision_of(st) == ("eyrie", "eyrie.decree")
    assert warriors(st, 4, "marquise") == 0


def test_6_2_3_impossible_once_the_keep_is_gone():
    st = with_dice(lambda s: eyrie_battle_at_8(("fox:Anvil",), s, keep=False), lambda d: d[1] >= 2)
    assert warriors(st, 8, "marquise") == 0
    assert decision_of(st) == ("eyrie", "eyrie.decree")
    assert hand(st, "marquise") == ["fox:Anvil"]


def test_6_2_3_keep_removed_with_the_warriors_leaves_no_field_hospitals():
    """1.5.4: pieces removed together are all removed before their effects trigger; when the same hits
    remove the last warrior and the keep, Field Hospitals find no keep."""
    def make(seed):
        st = position({1: {"warriors": {"eyrie": 3, "marquise": 1}, "tokens": ["keep"]}}, turn="eyrie",
                      seed=seed, deck=[], players={
                          "marquise": {"hand": ["fox:Anvil"]},
                          "eyrie": {"decree": dict(NO_DECREE, battle=["fox:Foxfolk Steel"]),
                                    "crafted": ["mouse:Codebreakers"]}})
        return play(st, "resolve decree", "battle 1 marquise with fox", "no ambush")

    st = with_dice(make, lambda d: d[1] >= 2)
    assert warriors(st, 1, "marquise") == 0 and tokens(st, 1) == []
    assert decision_of(st) == ("eyrie", "eyrie.decree")
    assert hand(st, "marquise") == ["fox:Anvil"] and st.warrior_supply("marquise") == 25


def test_6_2_3_each_batch_of_removals_in_a_battle_asks_again():
    def make(seed):
        st = position({5: {"warriors": {"marquise": 4, "eyrie": 3}}, 1: {"tokens": ["keep"]}}, seed=seed, deck=[],
                      players={"marquise": {"hand": ["rabbit:Bake Sale", "bird:Crossbow"]},
                               "eyrie": {"hand": ["bird:Ambush!"]}})
        play(st, "end crafting", "battle 5 eyrie", "ambush bird:Ambush!", "no foil")
        assert st.decision.args == {"clearing": 5, "count": 2}
        return play(st, "field hospitals rabbit:Bake Sale")

    st = with_dice(make, lambda d: d[0] in (1, 2))  # the defender's roll hits one or both attackers left
    lost = event_args(st, "roll")[-1]["def_hits"]
    assert lost >= 1 and warriors(st, 5, "marquise") == 2 - lost
    assert decision_of(st) == ("marquise", "marquise.field_hospitals")
    assert st.decision.args == {"clearing": 5, "count": lost}
    assert ids(st) == {"field hospitals bird:Crossbow", "decline"}
    play(st, "field hospitals bird:Crossbow")
    assert warriors(st, 1, "marquise") == 2 + lost


def test_6_2_3_field_hospitals_after_an_ambush():
    st = position({5: {"warriors": {"marquise": 2, "eyrie": 2}}, 1: {"tokens": ["keep"]}}, deck=[],
                  players={"marquise": {"hand": ["rabbit:Bake Sale"]}, "eyrie": {"hand": ["bird:Ambush!"]}})
    play(st, "end crafting", "battle 5 eyrie", "ambush bird:Ambush!", "no foil")
    assert decision_of(st) == ("marquise", "marquise.field_hospitals")
    assert ids(st) == {"field hospitals rabbit:Bake Sale", "decline"}
    play(st, "field hospitals rabbit:Bake Sale")
    assert warriors(st, 1, "marquise") == 2 and warriors(st, 5, "marquise") == 0
    assert len(events(st, "battle_ends")) == 1  # the saved warriors are not in the clearing of battle


def test_6_2_3_field_hospitals_after_tax_collector():
    st = cat_daylight({5: {"warriors": {"marquise": 2}}, 1: {"tokens": ["keep"]}},
                      hand_=("rabbit:Bake Sale",), crafted_=("fox:Tax Collector",), deck=["mouse:Sword"])
    play(st, "tax collector 5")
    assert hand(st, "marquise") == ["mouse:Sword", "rabbit:Bake Sale"]  # the drawn card came first
    assert decision_of(st) == ("marquise", "marquise.field_hospitals")
    assert ids(st) == {"field hospitals rabbit:Bake Sale", "decline"}
    play(st, "field hospitals rabbit:Bake Sale")
    assert warriors(st, 5, "marquise") == 1 and warriors(st, 1, "marquise") == 1
    assert actions_left(st) == 3  # Tax Collector is no action


def test_6_2_3_field_hospitals_after_a_favor_one_question_per_clearing():
    board = {6: {"buildings": ["ruin", "roost"]}, 8: {"buildings": ["roost", "sawmill"],
                                                       "warriors": {"marquise": 2}},
             12: {"buildings": ["ruin", "roost"], "warriors": {"marquise": 1}},
             4: {"tokens": ["keep"]}}
    st = position(board, turn="eyrie", deck=[], players={
        "marquise": {"hand": ["fox:Anvil", "bird:Crossbow", "rabbit:Bake Sale"]},
        "eyrie": {"hand": ["fox:Favor of the Foxes"], "decree": dict(NO_DECREE)}})
    play(st, "craft fox:Favor of the Foxes")
    assert warriors(st, 8, "marquise") == 0 and warriors(st, 12, "marquise") == 0
    assert buildings(st, 8) == ["roost"] and st.vp["eyrie"] == 1  # the sawmill (3.2.1)
    asked = []
    while st.decision.kind == "marquise.field_hospitals":
        asked.append(dict(st.decision.args))
        opts = sorted(o for o in ids(st) if o != "decline")
        play(st, opts[0])
    assert sorted(a["clearing"] for a in asked) == [8, 12]
    assert {a["clearing"]: a["count"] for a in asked} == {8: 2, 12: 1}
    assert warriors(st, 4, "marquise") == 3
    assert hand(st, "marquise") == ["rabbit:Bake Sale"]


# -- 6.3 setup --------------------------------------------------------------------------------------
def test_6_3_setup_keep_garrison_and_starting_buildings():
    st = GAME.new(seed=1, players=["marquise", "eyrie"], options={"seating": "fixed"})
    assert decision_of(st) == ("marquise", "marquise.setup.keep")
    assert ids(st) == {"keep 1", "keep 2", "keep 3", "keep 4"}  # 6.3.2: any corner
    play(st, "keep 3")
    assert tokens(st, 3) == ["keep"]
    # 6.3.3: one warrior everywhere except the diagonally opposite corner (1)
    assert [warriors(st, c, "marquise") for c in range(1, 13)] == [0] + [1] * 11
    assert st.warrior_supply("marquise") == 14
    # 6.3.4: the keep's clearing and adjacent ones (6, 7, 11), while slots last
    assert ids(st) == {"sawmill 3", "sawmill 6", "sawmill 7", "sawmill 11"}
    play(st, "sawmill 6")  # 6 has a ruin: now full
    assert ids(st) == {"workshop 3", "workshop 7", "workshop 11"}
    play(st, "workshop 3")  # 3 has one slot: now full
    assert ids(st) == {"recruiter 7", "recruiter 11"}
    play(st, "recruiter 11")
    assert buildings(st, 6) == ["ruin", "sawmill"] and buildings(st, 3) == ["workshop"]
    assert buildings(st, 11) == ["recruiter", "ruin"]
    assert {k: st.count_on_map(k) for k in ("sawmill", "workshop", "recruiter", "wood")} == {
        "sawmill": 1, "workshop": 1, "recruiter": 1, "wood": 0}  # 6.3.5: five of each left on the tracks
    assert st.fdata["marquise"]["start"] == 2  # index of clearing 3: her starting clearing
    assert decision_of(st)[0] == "eyrie"
    assert "roost" not in buildings(st, 3)


def test_6_3_4_all_three_buildings_may_share_the_keep_neighbourhood():
    st = GAME.new(seed=2, players=["marquise", "eyrie"], options={"seating": "fixed"})
    play(st, "keep 2", "sawmill 2", "workshop 2")  # clearing 2 has two slots
    assert ids(st) == {"recruiter 5", "recruiter 6", "recruiter 10"}
    play(st, "recruiter 10")
    assert buildings(st, 2) == ["sawmill", "workshop"]


# -- 6.4 Birdsong -----------------------------------------------------------------------------------
def birdsong(clearings: dict):
    return position(clearings, phase="birdsong", deck=[])


def test_6_4_one_wood_per_sawmill():
    st = birdsong({5: {"buildings": ["sawmill", "sawmill"]}, 8: {"buildings": ["sawmill"], "tokens": ["wood"]},
                   9: {"buildings": ["workshop"]}})
    assert tokens(st, 5) == ["wood", "wood"] and tokens(st, 8) == ["wood", "wood"] and tokens(st, 9) == []
    assert event_args(st, "phase")[-1]["phase"] == "daylight"
    assert decision_of(st) == ("marquise", "marquise.daylight")


def test_6_4_wood_shortage_marquise_chooses_sawmills():
    # 6 of the 8 wood are on the map: two left for three sawmills (1.5.4: place as many as possible)
    st = birdsong({5: {"buildings": ["sawmill"], "tokens": ["wood"] * 3}, 8: {"buildings": ["sawmill"]},
                   9: {"buildings": ["sawmill"], "tokens": ["wood"] * 3}})
    assert decision_of(st) == ("marquise", "marquise.wood")
    assert ids(st) == {"wood 5", "wood 8", "wood 9"}
    play(st, "wood 8")
    assert ids(st) == {"wood 5", "wood 9"}
    play(st, "wood 9")
    assert st.count_on_map("wood") == 8
    assert tokens(st, 5).count("wood") == 3 and tokens(st, 8) == ["wood"] and tokens(st, 9).count("wood") == 4


def test_6_4_wood_shortage_without_choice_is_automatic():
    st = birdsong({5: {"buildings": ["sawmill", "sawmill"], "tokens": ["wood"] * 7}})
    assert tokens(st, 5).count("wood") == 8
    assert decision_of(st) == ("marquise", "marquise.daylight")


def test_6_4_no_wood_left_places_nothing():
    st = birdsong({5: {"buildings": ["sawmill"], "tokens": ["wood"] * 8}, 8: {"buildings": ["sawmill"]}})
    assert tokens(st, 8) == [] and st.count_on_map("wood") == 8
    assert decision_of(st) == ("marquise", "marquise.daylight")


# -- 6.5 Daylight -----------------------------------------------------------------------------------
def test_6_5_craft_first_then_actions():
    board = {8: {"buildings": ["workshop"], "warriors": {"marquise": 2}}, 5: {"buildings": ["recruiter"]}}
    st = cat_daylight(board, hand_=("fox:Anvil", "bird:Crossbow"), actions=False)
    assert st.decision.args == {"stage": "craft", "actions": 3}
    assert kinds(st, "craft") == {"craft fox:Anvil", "craft bird:Crossbow"}
    assert not kinds(st, "march") and not kinds(st, "recruit") and not kinds(st, "extra_action")
    play(st, "end crafting")
    assert not kinds(st, "craft")  # no crafting once actions begin
    assert kinds(st, "recruit") == {"recruit"}


def test_6_5_three_actions_plus_one_per_bird_card():
    board = {5: {"buildings": ["recruiter"], "warriors": {"marquise": 3}}, 1: {"warriors": {"marquise": 1}}}
    st = cat_daylight(board, hand_=("bird:Crossbow", "fox:Anvil"), deck=[])
    assert actions_left(st) == 3
    play(st, "recruit")
    play(st, "march 5->2 x1", "end march")
    play(st, "march 5->1 x1", "end march")
    assert actions_left(st) == 0
    assert ids(st) == {"extra action bird:Crossbow", "end daylight"}
    play(st, "extra action bird:Crossbow")
    assert actions_left(st) == 1 and hand(st, "marquise") == ["fox:Anvil"]
    assert discard_keys(st) == ["bird:Crossbow"]
    assert kinds(st, "march")
    play(st, "march 1->5 x1", "end march")
    assert ids(st) == {"end daylight"}  # a fox card cannot buy an action (2.1.1.II)


def test_6_5_1_battle_is_an_action():
    st = cat_daylight({5: {"warriors": {"marquise": 3, "eyrie": 1}}}, deck=[])
    play(st, "battle 5 eyrie")
    assert actions_left(st) == 2
    assert len(events(st, "battle_end")) == 1


def test_6_5_2_march_is_up_to_two_moves_for_one_action():
    st = cat_daylight({1: {"warriors": {"marquise": 3}}, 9: {"warriors": {"eyrie": 1}}}, deck=[])
    play(st, "march 1->5 x2")
    assert decision_of(st) == ("marquise", "marquise.march")
    assert "end march" in ids(st)
    play(st, "move 5->2 x2")
    assert actions_left(st) == 2
    assert [warriors(st, c, "marquise") for c in (1, 5, 2)] == [1, 0, 2]
    play(st, "march 1->9 x1", "end march")  # one move only is fine
    assert actions_left(st) == 1


def test_6_5_3_recruit_one_warrior_per_recruiter_once_per_turn():
    st = cat_daylight({5: {"buildings": ["recruiter", "recruiter"]}, 8: {"buildings": ["recruiter"]}}, deck=[])
    play(st, "recruit")
    assert warriors(st, 5, "marquise") == 2 and warriors(st, 8, "marquise") == 1
    assert actions_left(st) == 2
    assert not kinds(st, "recruit")  # only once per turn


def test_6_5_3_recruit_shortage_marquise_chooses():
    st = cat_daylight({10: {"warriors": {"marquise": 24}}, 5: {"buildings": ["recruiter"]},
                       8: {"buildings": ["recruiter"]}}, deck=[])
    play(st, "recruit")
    assert decision_of(st) == ("marquise", "marquise.recruit")
    assert ids(st) == {"recruit 5", "recruit 8"}
    play(st, "recruit 8")
    assert warriors(st, 8, "marquise") == 1 and warriors(st, 5, "marquise") == 0
    assert st.warrior_supply("marquise") == 0


def test_6_5_3_no_recruit_without_supply_or_recruiters():
    st = cat_daylight({10: {"warriors": {"marquise": 25}}, 5: {"buildings": ["recruiter"]}}, deck=[])
    assert not kinds(st, "recruit")
    st = cat_daylight({10: {"warriors": {"marquise": 2}}}, deck=[])
    assert not kinds(st, "recruit")


# -- 6.5.4 build ------------------------------------------------------------------------------------
#: existing buildings go to these clearings (two slots each), so the target clearing 11 stays open
FILL = [2, 2, 5, 5, 7, 7]


def build_board(kind: str, on_map: int, wood: int = 4) -> dict:
    board: dict = {11: {"warriors": {"marquise": 3}, "tokens": ["wood"] * wood}}
    for c in FILL[:on_map]:
        board.setdefault(c, {"buildings": []})["buildings"].append(kind)
    return board


@pytest.mark.parametrize("kind", ["sawmill", "workshop", "recruiter"])
@pytest.mark.parametrize("on_map", range(6))
def test_6_5_4_cost_and_vp_follow_the_track(kind, on_map):
    st = cat_daylight(build_board(kind, on_map), deck=[])
    play(st, f"build {kind} 11")
    assert sorted(st.buildings[10]) == sorted(["ruin", kind])
    assert tokens(st, 11).count("wood") == 4 - BOARD_COST[on_map]
    assert st.vp["marquise"] == BOARD_VP[kind][on_map]
    assert actions_left(st) == 2


def test_6_5_4_no_building_left_on_the_track():
    st = cat_daylight(build_board("sawmill", 6), deck=[])
    assert "build sawmill 11" not in ids(st)
    assert {"build workshop 11", "build recruiter 11"} <= ids(st)


def test_6_5_4_cost_must_be_payable():
    # three sawmills on the map: the next costs 3, but only 2 wood are connected
    st = cat_daylight({**build_board("sawmill", 3, wood=2), 9: {"buildings": ["workshop"]}}, deck=[])
    assert "build sawmill 11" not in ids(st)
    assert "build workshop 11" in ids(st)  # the second workshop costs 1


def test_6_5_4_I_only_ruled_clearings_with_an_open_slot():
    st = cat_daylight({
        5: {"warriors": {"marquise": 1}, "tokens": ["wood"] * 3},  # ruled, open slots
        2: {"warriors": {"marquise": 1, "eyrie": 2}},  # not ruled
        1: {"warriors": {"marquise": 2}, "buildings": ["sawmill"]},  # ruled, no open slot
        10: {"warriors": {"marquise": 1, "eyrie": 1}},  # tie: the Eyrie rule (7.2.2 Lords of the Forest)
        8: {"buildings": ["workshop"]}, 7: {"buildings": ["recruiter"]},
    }, deck=[])
    assert kinds(st, "build") == {"build sawmill 5", "build workshop 5", "build recruiter 5"}


def cut_off_board(bridge: str) -> dict:
    """Build in 10; the wood lies in 9, reachable only through 1 or 12."""
    return {
        10: {"warriors": {"marquise": 1}},
        1: {"warriors": {bridge: 2}},
        12: {"warriors": {"eyrie": 1}},
        2: {"warriors": {"eyrie": 1}},
        9: {"warriors": {"marquise": 1}, "buildings": ["sawmill", "workshop"], "tokens": ["wood", "wood"]},
        7: {"buildings": ["recruiter"]},
    }


def test_6_5_4_II_wood_cut_off_by_an_unruled_clearing_cannot_pay():
    st = cat_daylight(cut_off_board("eyrie"), deck=[])
    assert kinds(st, "build") == set()


def test_6_5_4_II_wood_in_an_adjacent_clearing_she_does_not_rule_cannot_pay():
    # 10 is ruled; its neighbours 1 (Eyrie) and 12 (only wood: tokens give no rule, 2.5) hold wood
    st = cat_daylight({10: {"warriors": {"marquise": 1}},
                       1: {"warriors": {"eyrie": 1}, "tokens": ["wood"]},
                       12: {"tokens": ["wood", "wood"]},
                       7: {"buildings": ["sawmill", "workshop"]}, 8: {"buildings": ["recruiter"]}}, deck=[])
    assert st.ruler(11) is None
    assert kinds(st, "build") == set()


def test_6_5_4_II_wood_connected_through_ruled_clearings_pays():
    st = cat_daylight(cut_off_board("marquise"), deck=[])
    assert {"build sawmill 10", "build workshop 10", "build recruiter 10"} <= kinds(st, "build")
    play(st, "build workshop 10")  # second workshop: cost 1, 2 VP
    assert tokens(st, 9) == ["wood"]
    assert st.vp["marquise"] == 2
    assert buildings(st, 10) == ["ruin", "workshop"]


def test_6_5_4_II_choose_which_wood_when_more_than_needed():
    st = cat_daylight({10: {"warriors": {"marquise": 1}, "tokens": ["wood"]},
                       1: {"warriors": {"marquise": 2}, "buildings": ["sawmill"], "tokens": ["wood"]},
                       5: {"warriors": {"marquise": 1}, "tokens": ["wood"]},
                       7: {"buildings": ["workshop"]}, 8: {"buildings": ["recruiter"]}}, deck=[])
    play(st, "build sawmill 10")  # second sawmill: cost 1, three wood in reach
    assert decision_of(st) == ("marquise", "marquise.pay_wood")
    assert ids(st) == {"wood from 1", "wood from 5", "wood from 10"}
    play(st, "wood from 5")
    assert tokens(st, 5) == [] and tokens(st, 10) == ["wood"] and tokens(st, 1) == ["wood"]
    assert "sawmill" in buildings(st, 10) and st.vp["marquise"] == 1


def test_6_5_4_II_payment_is_automatic_when_there_is_no_choice():
    # cost 2, exactly two wood in reach, in two clearings
    st = cat_daylight({10: {"warriors": {"marquise": 1}, "tokens": ["wood"]},
                       1: {"warriors": {"marquise": 2}, "buildings": ["sawmill"], "tokens": ["wood"]},
                       7: {"buildings": ["sawmill", "workshop"]}, 8: {"buildings": ["recruiter"]}}, deck=[])
    play(st, "build sawmill 10")  # third sawmill: cost 2
    assert actions_left(st) == 2
    assert st.count_on_map("wood") == 0 and st.vp["marquise"] == 2


def test_6_5_4_law_example_wood_from_chosen_adjacent_and_connected_clearings():
    """6.5.4.II: wood may come "from the chosen clearing, any adjacent clearings you rule, or any
    clearings connected to the chosen clearing you rule through any number of clearings you rule"."""
    # build in 12; wood in 12 (chosen), 4 (adjacent, ruled) and 8 (connected through 4); the wood in
    # 3 is behind 7, which the Eyrie rule. The fourth sawmill costs 3.
    board = {12: {"warriors": {"marquise": 1}, "tokens": ["wood"]},
             4: {"warriors": {"marquise": 1}, "tokens": ["wood"]},
             8: {"warriors": {"marquise": 1}, "buildings": ["sawmill", "sawmill"], "tokens": ["wood"]},
             7: {"warriors": {"eyrie": 1}},
             3: {"warriors": {"marquise": 1}, "buildings": ["sawmill"], "tokens": ["wood"] * 2},
             2: {"buildings": ["workshop", "recruiter"]}}
    st = cat_daylight(board, deck=[])
    play(st, "build sawmill 12")
    assert actions_left(st) == 2  # exactly three wood in reach: paid without a question
    assert tokens(st, 12) == [] and tokens(st, 4) == [] and tokens(st, 8) == []
    assert tokens(st, 3) == ["wood", "wood"]
    assert st.vp["marquise"] == 3


def test_6_5_4_marquise_may_build_in_the_keep_clearing():
    st = cat_daylight({1: {"warriors": {"marquise": 1}, "tokens": ["keep", "wood"]},
                       5: {"buildings": ["sawmill", "workshop"]}, 8: {"buildings": ["recruiter"]}}, deck=[])
    assert kinds(st, "build") == {"build sawmill 1", "build workshop 1", "build recruiter 1"}


# -- 6.5.5 overwork ---------------------------------------------------------------------------------
def test_6_5_5_overwork_spends_a_card_matching_a_sawmill_clearing():
    st = cat_daylight({8: {"buildings": ["sawmill"]}, 5: {"buildings": ["sawmill"]}},
                      hand_=("fox:Anvil", "bird:Crossbow", "mouse:Sword"), deck=[])
    assert kinds(st, "overwork") == {"overwork 8 fox:Anvil", "overwork 8 bird:Crossbow",
                                     "overwork 5 bird:Crossbow"}
    play(st, "overwork 8 fox:Anvil")
    assert tokens(st, 8) == ["wood"]
    assert discard_keys(st) == ["fox:Anvil"] and actions_left(st) == 2


def test_6_5_5_no_overwork_without_wood_in_supply():
    st = cat_daylight({8: {"buildings": ["sawmill"], "tokens": ["wood"] * 8}}, hand_=("fox:Anvil",), deck=[])
    assert not kinds(st, "overwork")


# -- 6.6 Evening ------------------------------------------------------------------------------------
DECK = ["fox:Anvil", "rabbit:Bake Sale", "mouse:Sword", "bird:Crossbow", "fox:Root Tea"]


def evening(recruiters: int, hand_: tuple = ()):
    board = {c: {"buildings": ["recruiter"]} for c in [5, 7, 8, 9, 11][:recruiters]}
    return position(board, phase="evening", deck=DECK,
                    players={"marquise": {"hand": list(hand_)}, "eyrie": {"hand": ["mouse:Root Tea"]}})


@pytest.mark.parametrize(("recruiters", "drawn"), [(0, 1), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_6_6_draw_one_plus_uncovered_draw_bonuses(recruiters, drawn):
    st = evening(recruiters)
    assert len(st.hands["marquise"]) == drawn
    assert hand(st, "marquise") == sorted(DECK[:drawn])  # the top of the deck


def test_6_6_discard_down_to_five():
    st = evening(3, ("mouse:Codebreakers", "mouse:Scouting Party", "rabbit:Cobbler", "rabbit:Command Warren"))
    assert decision_of(st) == ("marquise", "discard_down")
    assert len(st.hands["marquise"]) == 6
    assert all(o.rule == "root:6.6" for o in st.decision.options)
    play(st, "discard rabbit:Cobbler")
    assert len(st.hands["marquise"]) == 5
    assert discard_keys(st) == ["rabbit:Cobbler"]
    assert st.current == "eyrie"


def test_6_6_no_discard_at_five():
    st = evening(0, ("mouse:Codebreakers", "mouse:Scouting Party", "rabbit:Cobbler", "rabbit:Command Warren"))
    assert len(st.hands["marquise"]) == 5
    assert st.current == "eyrie"


# -- perft: hand-counted legal options at fixed Daylight positions ---------------------------------
PERFT_BOARD = {
    1: {"warriors": {"marquise": 2}, "buildings": ["sawmill"], "tokens": ["keep"]},
    5: {"warriors": {"marquise": 1, "eyrie": 1}, "buildings": ["recruiter"]},
    9: {"warriors": {"eyrie": 2}, "buildings": ["roost"]},
    10: {"warriors": {"marquise": 1}, "tokens": ["wood"]},
}


def test_perft_crafting_step():
    """Workshops in 1 (fox), 2 (mouse) and 5 (rabbit): one crafting piece of each suit.

    Hand, by hand count:
      fox:Anvil            fox     -> hammer not in the supply (4.1.2)        0
      mouse:Root Tea       mouse   -> tea in supply                           1
      rabbit:Bake Sale     rabbit+rabbit -> only one rabbit piece             0
      bird:Sappers         mouse                                              1
      fox:Ambush!          ambush cards cannot be crafted (2.1.2)             0
      mouse:Codebreakers   identical one already crafted (4.1.4)              0
      bird:Woodland Runners rabbit -> boot                                    1
    plus "codebreakers eyrie" (crafted Codebreakers, once in Daylight) and "end crafting": 5 options.
    """
    st = cat_daylight({1: {"buildings": ["workshop"]}, 2: {"buildings": ["workshop"]},
                       5: {"buildings": ["workshop"]}},
                      hand_=("fox:Anvil", "mouse:Root Tea", "rabbit:Bake Sale", "bird:Sappers", "fox:Ambush!",
                             "mouse:Codebreakers", "bird:Woodland Runners"),
                      crafted_=("mouse:Codebreakers",), actions=False, deck=[],
                      item_supply={"boot": 2, "bag": 2, "crossbow": 1, "hammer": 0, "sword": 2, "tea": 2,
                                   "coin": 2})
    assert len(st.decision.options) == 5
    assert ids(st) == {"craft mouse:Root Tea", "craft bird:Sappers", "craft bird:Woodland Runners",
                       "codebreakers eyrie", "end crafting"}
    # after Root Tea the mouse workshop is used: Sappers goes, Woodland Runners stays -> 3 options
    play(st, "craft mouse:Root Tea")
    assert ids(st) == {"craft bird:Woodland Runners", "codebreakers eyrie", "end crafting"}


def test_perft_actions():
    """Hand fox:Anvil, bird:Crossbow; rulers: 1 Marquise (2+sawmill), 5 Marquise (1+recruiter vs 1),
    9 Eyrie, 10 Marquise.

      battle: 5 (the only clearing with her warriors and an Eyrie piece)            1
      march:  1->5,1->9,1->10 x1..2 = 6; 5->1,5->2 x1 = 2; 10->1,10->2,10->12 x1 = 3  11
      recruit (a recruiter on the map)                                              1
      build: open slots in ruled 5 and 10 (1 is full); both reach {1,5,10} with one
             wood; costs sawmill 1, workshop 0 (none on the map), recruiter 1: 2 x 3  6
      overwork at the fox sawmill in 1: fox:Anvil or bird:Crossbow                 2
      extra action with bird:Crossbow                                               1
      end daylight                                                                  1
                                                                            total  23
    """
    st = cat_daylight(PERFT_BOARD, hand_=("fox:Anvil", "bird:Crossbow"), deck=[])
    expected = {
        "battle 5 eyrie",
        "march 1->5 x1", "march 1->5 x2", "march 1->9 x1", "march 1->9 x2", "march 1->10 x1", "march 1->10 x2",
        "march 5->1 x1", "march 5->2 x1", "march 10->1 x1", "march 10->2 x1", "march 10->12 x1",
        "recruit",
        "build sawmill 5", "build workshop 5", "build recruiter 5",
        "build sawmill 10", "build workshop 10", "build recruiter 10",
        "overwork 1 fox:Anvil", "overwork 1 bird:Crossbow",
        "extra action bird:Crossbow",
        "end daylight",
    }
    assert len(st.decision.options) == 23
    assert ids(st) == expected


def test_perft_second_move_of_a_march():
    """After "march 1->5 x2": 1 keeps its rule (sawmill vs nothing), 5 has 3 cats vs 1 eagle.

      5->1, 5->2 x1..3 = 6; 10->1, 10->2, 10->12 x1 = 3; 1 has no warriors; "end march"   10
    """
    st = cat_daylight(PERFT_BOARD, hand_=("fox:Anvil", "bird:Crossbow"), deck=[])
    play(st, "march 1->5 x2")
    assert len(st.decision.options) == 10
    assert ids(st) == {"move 5->1 x1", "move 5->1 x2", "move 5->1 x3", "move 5->2 x1", "move 5->2 x2",
                       "move 5->2 x3", "move 10->1 x1", "move 10->2 x1", "move 10->12 x1", "end march"}
