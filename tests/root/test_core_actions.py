"""Scenario tests for the Law of Root, 4.1 Craft and 4.2 Move, as met by the Marquise and the Eyrie.

Autumn map (Rootlog numbers): corners 1 fox, 2 mouse, 3 rabbit, 4 rabbit; 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8
7-12 9-12 10-12 11-12. Ruins in 6, 10, 11, 12.
"""

from __future__ import annotations

from helpers import EYRIE_HOME, crafted, discard_keys, hand, ids, option_list, play, position, warriors


def crafts(st) -> set[str]:
    return {i for i in ids(st) if i.startswith("craft")}


# -- 4.1.1 Cost -----------------------------------------------------------------------------------
def test_4_1_1_crafting_pieces_have_the_suit_of_their_clearing():
    # One workshop, in fox clearing 1: only fox costs can be paid.
    st = position({1: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}, **EYRIE_HOME},
                  players={"marquise": {"hand": ["fox:Anvil", "bird:Crossbow", "rabbit:A Visit to Friends",
                                                 "mouse:Codebreakers", "bird:Brutal Tactics"]}})
    # Anvil and Crossbow cost one fox; A Visit to Friends a rabbit, Codebreakers a mouse, Brutal Tactics two fox.
    assert crafts(st) == {"craft fox:Anvil", "craft bird:Crossbow"}


def test_4_1_1_each_crafting_piece_may_be_activated_once_per_turn():
    st = position({1: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}, **EYRIE_HOME},
                  players={"marquise": {"hand": ["fox:Anvil", "bird:Crossbow"]}})
    st.apply("craft fox:Anvil")
    assert crafts(st) == set()  # the fox workshop is spent for this turn
    assert option_list(st) == ["end crafting"]


def test_4_1_1_two_pieces_of_a_suit_pay_two_costs_or_one_double_cost():
    st = position({8: {"warriors": {"marquise": 1}, "buildings": ["workshop", "workshop"]}, **EYRIE_HOME},
                  players={"marquise": {"hand": ["fox:Anvil", "bird:Crossbow", "bird:Brutal Tactics"]}})
    assert crafts(st) == {"craft fox:Anvil", "craft bird:Crossbow", "craft bird:Brutal Tactics"}
    st.apply("craft fox:Anvil")
    assert crafts(st) == {"craft bird:Crossbow"}
    st.apply("craft bird:Crossbow")
    assert crafts(st) == set()
    assert sorted(st.crafted_items["marquise"]) == ["crossbow", "hammer"]


def test_4_1_1_crafting_pieces_are_fresh_again_next_turn():
    # The Eyrie craft with the same roost in two consecutive turns.
    st = position({1: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}, 5: {"warriors": {"marquise": 1}}},
                  turn="eyrie", deck=["mouse:Sword", "rabbit:Cobbler", "fox:Travel Gear", "mouse:Crossbow"],
                  players={"eyrie": {"hand": ["fox:Anvil", "bird:Crossbow", "bird:Armorers"],
                                     "decree": {"recruit": [], "move": [], "battle": [], "build": []}}})
    st.apply("craft fox:Anvil")
    assert crafts(st) == set()
    play(st, "resolve decree")
    # Eyrie Evening, Marquise turn (nothing to do but end it), Eyrie Birdsong: add to the Decree.
    assert st.current == "marquise"
    play(st, "end crafting", "end daylight")
    assert st.current == "eyrie" and st.decision.kind == "eyrie.add"
    play(st, "decree recruit bird:Armorers", "done")
    assert st.phase == "daylight"
    assert "craft bird:Crossbow" in ids(st)


def test_4_1_1_any_suit_cost_royal_claim():
    # Four workshops: fox (1), rabbit (5), mouse (2, 9). Royal Claim costs four pieces of any suit.
    board = {1: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}, 5: {"buildings": ["workshop"]},
             2: {"buildings": ["workshop"]}, 9: {"buildings": ["workshop"]}, **EYRIE_HOME}
    st = position(board, players={"marquise": {"hand": ["bird:Royal Claim", "mouse:Codebreakers"]}})
    assert crafts(st) == {"craft bird:Royal Claim using fox+mouse+mouse+rabbit", "craft mouse:Codebreakers"}
    st.apply("craft bird:Royal Claim using fox+mouse+mouse+rabbit")
    assert crafted(st, "marquise") == ["bird:Royal Claim"]
    assert crafts(st) == set()  # every workshop is used


def test_4_1_1_any_suit_cost_offers_each_way_to_pay():
    # Five workshops (two fox, one rabbit, two mouse): the piece left over differs by way of paying.
    board = {8: {"warriors": {"marquise": 1}, "buildings": ["workshop", "workshop"]},
             5: {"buildings": ["workshop"]}, 2: {"buildings": ["workshop"]}, 9: {"buildings": ["workshop"]},
             **EYRIE_HOME}
    st = position(board, players={"marquise": {"hand": ["bird:Royal Claim", "fox:Anvil"]}})
    assert crafts(st) == {"craft bird:Royal Claim using fox+fox+mouse+mouse",
                          "craft bird:Royal Claim using fox+fox+mouse+rabbit",
                          "craft bird:Royal Claim using fox+mouse+mouse+rabbit",
                          "craft fox:Anvil"}
    st.apply("craft bird:Royal Claim using fox+mouse+mouse+rabbit")
    assert crafts(st) == {"craft fox:Anvil"}  # a fox workshop is left
    st = position(board, players={"marquise": {"hand": ["bird:Royal Claim", "fox:Anvil"]}})
    st.apply("craft bird:Royal Claim using fox+fox+mouse+mouse")
    assert crafts(st) == set()  # only the rabbit workshop is left


def test_4_1_1_any_suit_cost_needs_enough_pieces():
    board = {1: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}, 5: {"buildings": ["workshop"]},
             2: {"buildings": ["workshop"]}, **EYRIE_HOME}
    st = position(board, players={"marquise": {"hand": ["bird:Royal Claim"]}})
    assert crafts(st) == set()


def test_4_1_1_eyrie_craft_with_roosts():
    st = position({2: {"warriors": {"eyrie": 1}, "buildings": ["roost"]},
                   9: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}, turn="eyrie",
                  players={"eyrie": {"hand": ["mouse:Scouting Party", "fox:Anvil", "rabbit:Smuggler's Trail"]}})
    assert crafts(st) == {"craft mouse:Scouting Party", "craft rabbit:Smuggler's Trail"}


# -- 4.1.2 Immediate Effects ----------------------------------------------------------------------
def test_4_1_2_crafted_item_goes_to_the_crafted_items_box_and_the_card_is_discarded():
    st = position({1: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}, **EYRIE_HOME},
                  players={"marquise": {"hand": ["fox:Anvil"]}})
    assert st.items["hammer"] == 1
    st.apply("craft fox:Anvil")
    assert st.items["hammer"] == 0
    assert st.crafted_items["marquise"] == ["hammer"]
    assert discard_keys(st) == ["fox:Anvil"]
    assert hand(st, "marquise") == [] and crafted(st, "marquise") == []
    assert st.view("eyrie")["players"]["marquise"]["items"] == ["hammer"]


def test_4_1_2_a_card_whose_item_is_not_in_the_supply_cannot_be_crafted():
    st = position({1: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}, **EYRIE_HOME},
                  players={"eyrie": {"items": ["hammer"]},
                           "marquise": {"hand": ["fox:Anvil", "bird:Crossbow"]}})
    assert st.items["hammer"] == 0
    assert crafts(st) == {"craft bird:Crossbow"}


def test_4_1_2_the_last_item_of_a_kind_goes_to_the_first_crafter():
    # One crossbow in the supply (5.1.5) and two crossbow cards.
    st = position({8: {"warriors": {"marquise": 1}, "buildings": ["workshop", "workshop"]}, **EYRIE_HOME},
                  players={"marquise": {"hand": ["bird:Crossbow", "mouse:Crossbow"]}})
    st.apply("craft bird:Crossbow")
    assert st.items["crossbow"] == 0
    assert crafts(st) == set()


# -- 4.1.3 Persistent Effects / 4.1.4 No Duplicates -----------------------------------------------
def test_4_1_3_persistent_effect_stays_in_the_play_area():
    st = position({2: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}, **EYRIE_HOME},
                  players={"marquise": {"hand": ["mouse:Codebreakers"]}})
    st.apply("craft mouse:Codebreakers")
    assert crafted(st, "marquise") == ["mouse:Codebreakers"]
    assert st.discard == [] and hand(st, "marquise") == []
    assert st.view("eyrie")["players"]["marquise"]["crafted"] == ["mouse:Codebreakers"]
    assert "codebreakers eyrie" in ids(st)  # usable the same Daylight


def test_4_1_4_no_duplicate_persistent_effects():
    board = {2: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}, 9: {"buildings": ["workshop"]},
             **EYRIE_HOME}
    st = position(board, players={"marquise": {"crafted": ["mouse:Codebreakers"],
                                               "hand": ["mouse:Codebreakers", "bird:Sappers"]}})
    assert crafts(st) == {"craft bird:Sappers"}
    st = position(board, players={"marquise": {"hand": ["mouse:Codebreakers", "mouse:Codebreakers"]}})
    assert crafts(st) == {"craft mouse:Codebreakers"}
    st.apply("craft mouse:Codebreakers")
    assert crafts(st) == set()  # a mouse workshop is free, but the second copy would be a duplicate


def test_4_1_4_different_persistent_effects_may_be_held_together():
    board = {2: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}, 9: {"buildings": ["workshop"]},
             **EYRIE_HOME}
    st = position(board, players={"marquise": {"crafted": ["mouse:Codebreakers"], "hand": ["bird:Sappers"]}})
    st.apply("craft bird:Sappers")
    assert crafted(st, "marquise") == ["bird:Sappers", "mouse:Codebreakers"]


# -- 4.2 Move -------------------------------------------------------------------------------------
def test_4_2_move_any_number_of_warriors_more_than_zero():
    st = position({9: {"warriors": {"marquise": 3}}, **EYRIE_HOME})
    st.apply("end crafting")
    assert {i for i in ids(st) if i.startswith("march 9->1 ")} == {"march 9->1 x1", "march 9->1 x2",
                                                                  "march 9->1 x3"}
    st.apply("march 9->1 x2")
    assert warriors(st, 9, "marquise") == 1 and warriors(st, 1, "marquise") == 2


def test_4_2_1_you_must_rule_the_origin_or_the_destination():
    # Marquise in 5 are outnumbered (no rule); they rule 1 (the keep counts for nothing) but not 2.
    board = {5: {"warriors": {"marquise": 1, "eyrie": 2}},
             1: {"warriors": {"marquise": 1}, "tokens": ["keep"]},
             2: {"warriors": {"eyrie": 1}}, **EYRIE_HOME}
    st = position(board)
    st.apply("end crafting")
    marches = {i for i in ids(st) if i.startswith("march")}
    assert marches == {"march 5->1 x1",  # into a ruled clearing
                       "march 1->5 x1", "march 1->9 x1", "march 1->10 x1"}  # out of a ruled clearing
    assert "march 5->2 x1" not in marches  # neither end ruled


def test_4_2_1_rule_is_checked_at_the_moment_of_each_move():
    # 9 is empty; after the first move of a march the Marquise rule it and may move on from it.
    board = {1: {"warriors": {"marquise": 2}}, 12: {"warriors": {"eyrie": 3}}, **EYRIE_HOME}
    st = position(board)
    play(st, "end crafting", "march 1->9 x1")
    assert st.decision.kind == "marquise.march"
    assert "move 9->12 x1" in ids(st)  # 9 is ruled now although 12 is not


def test_4_2_2_the_same_warriors_may_move_again():
    st = position({1: {"warriors": {"marquise": 2}}, **EYRIE_HOME})
    play(st, "end crafting", "march 1->5 x2")
    assert {"move 5->2 x1", "move 5->2 x2", "move 5->1 x2"} <= ids(st)
    st.apply("move 5->2 x2")
    assert warriors(st, 2, "marquise") == 2 and warriors(st, 1, "marquise") == 0
    st.apply("march 2->10 x2")  # a second March action moves them a third time
    st.apply("move 10->12 x2")
    assert warriors(st, 12, "marquise") == 2


def test_4_2_2_two_moves_may_move_separate_groups():
    st = position({1: {"warriors": {"marquise": 2}}, 2: {"warriors": {"marquise": 1}}, **EYRIE_HOME})
    play(st, "end crafting", "march 1->9 x2", "move 2->6 x1")
    assert warriors(st, 9, "marquise") == 2 and warriors(st, 6, "marquise") == 1


def test_4_2_warriors_may_move_into_the_keep_clearing():
    # 6.2.2 forbids placing, not moving, in the keep's clearing (FAQ): the Eyrie move in.
    board = {1: {"warriors": {"marquise": 1}, "tokens": ["keep"]},
             5: {"warriors": {"eyrie": 3}, "buildings": ["roost"]}}
    st = position(board, turn="eyrie",
                  players={"eyrie": {"decree": {"recruit": [], "move": ["bird:Loyal Vizier"], "battle": [],
                                                "build": []}}})
    st.apply("resolve decree")
    assert "move 5->1 x3 with bird" in ids(st)
