"""Scenario tests for Law 5.1 Standard Setup (with the Marquise's 6.3 and the Eyrie's 7.3 steps it calls
for), the hand limit of 6.6 / 7.6.2, and hand-counted legal-option counts ("perft") at fixed positions.
"""

from __future__ import annotations

import pytest
from helpers import GAME, hand, ids, option_list, play, position

from planszowki.engine import UnsupportedSetup


def new(seed=0, **options):
    return GAME.new(seed=seed, players=["marquise", "eyrie"], options={"seating": "fixed", **options})


def all_cards(st) -> list[int]:
    cids = list(st.deck) + st.discard + st.available + st.out
    for s in st.seats:
        cids += st.hands[s] + st.crafted[s]
    return sorted(cids)


# -- 5.1 Standard Setup ---------------------------------------------------------------------------
def test_5_1_1_seating_order_and_first_player_are_random():
    firsts = {GAME.new(seed=s, players=["marquise", "eyrie"]).seats[0] for s in range(16)}
    assert firsts == {"marquise", "eyrie"}
    assert new().seats == ["marquise", "eyrie"]  # unless fixed by the caller
    assert GAME.new(seed=0, players=["marquise", "eyrie"], options={"first": "eyrie"}).seats == ["eyrie", "marquise"]


def test_5_1_1_each_faction_once():
    with pytest.raises(UnsupportedSetup):
        GAME.new(seed=0, players=["marquise", "marquise"])


def test_5_1_2_score_markers_start_at_zero():
    assert new().vp == {"marquise": 0, "eyrie": 0}


def test_5_1_3_two_players_remove_dominance_cards():
    st = new(seed=5)
    assert sorted(st.card(c).key for c in st.out) == ["bird:Dominance", "fox:Dominance", "mouse:Dominance",
                                                      "rabbit:Dominance"]
    assert not [c for c in st.deck + st.hands["marquise"] + st.hands["eyrie"] if st.card(c).kind == "dominance"]
    # a two-player position also plays without them unless told otherwise
    st = position({1: {"warriors": {"marquise": 1}}})
    assert sorted(st.card(c).key for c in st.out) == ["bird:Dominance", "fox:Dominance", "mouse:Dominance",
                                                      "rabbit:Dominance"]


def test_5_1_3_each_player_draws_three_cards_from_the_shuffled_deck():
    st = new(seed=5)
    assert {s: len(h) for s, h in st.hands.items()} == {"marquise": 3, "eyrie": 3}
    assert len(st.deck) == 54 - 4 - 6
    assert all_cards(st) == list(range(54))
    assert new(seed=5).deck == st.deck and new(seed=6).deck != st.deck  # shuffled by the seed


def test_5_1_4_ruins_in_the_four_r_slots():
    st = new()
    assert [c + 1 for c in range(12) if "ruin" in st.buildings[c]] == [6, 10, 11, 12]


def test_5_1_5_item_supply():
    assert new().items == {"boot": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coin": 2}


def test_5_1_7_marquise_sets_up_first_keep_in_any_corner_6_3_2():
    st = new()
    assert (st.decision.player, st.decision.kind) == ("marquise", "marquise.setup.keep")
    assert option_list(st) == ["keep 1", "keep 2", "keep 3", "keep 4"]


def test_5_1_7_marquise_garrison_everywhere_but_the_opposite_corner_6_3_3():
    st = new()
    st.apply("keep 2")
    assert st.tokens[1] == ["keep"]
    assert [st.warriors[c].get("marquise", 0) for c in range(12)] == [1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1]
    assert st.warrior_supply("marquise") == 25 - 11


def test_5_1_7_marquise_starting_buildings_in_keep_clearing_and_adjacent_6_3_4():
    st = new()
    st.apply("keep 1")
    # 1 has one slot; 10 has a ruin and one free slot; 5 and 9 have two slots
    assert option_list(st) == ["sawmill 1", "sawmill 5", "sawmill 9", "sawmill 10"]
    st.apply("sawmill 5")
    assert option_list(st) == ["workshop 1", "workshop 5", "workshop 9", "workshop 10"]
    st.apply("workshop 5")  # any combination: two buildings in one clearing
    assert option_list(st) == ["recruiter 1", "recruiter 9", "recruiter 10"]  # 5 is full now
    st.apply("recruiter 10")
    assert st.buildings[4] == ["sawmill", "workshop"] and sorted(st.buildings[9]) == ["recruiter", "ruin"]
    assert (st.decision.player, st.decision.kind) == ("eyrie", "eyrie.setup.leader")


@pytest.mark.parametrize(("keep", "roost"), [(1, 3), (2, 4), (3, 1), (4, 2)])
def test_5_1_7_eyrie_start_in_the_corner_opposite_the_marquise_7_3_2(keep, roost):
    st = new()
    st.apply(f"keep {keep}")
    while st.decision.kind == "marquise.setup.building":
        st.apply(option_list(st)[0])
    assert "roost" in st.buildings[roost - 1]
    assert st.warriors[roost - 1] == {"eyrie": 6}  # the corner has no garrison warrior (6.3.3)
    assert st.fdata["eyrie"]["start"] == roost - 1


def test_5_1_7_eyrie_choose_a_leader_and_tuck_viziers_7_3_3():
    st = new()
    play(st, "keep 1", "sawmill 1", "workshop 5", "recruiter 9")
    assert option_list(st) == ["leader builder", "leader charismatic", "leader commander", "leader despot"]
    st.apply("leader commander")
    view = st.view("marquise")["players"]["eyrie"]["board"]
    assert view["leader"] == "commander"
    assert view["decree"] == {"recruit": [], "move": ["bird:Loyal Vizier"], "battle": ["bird:Loyal Vizier"],
                              "build": []}
    assert sorted(view["leaders_face_up"]) == ["builder", "charismatic", "despot"]
    # setup done: the first player's first turn begins
    assert st.current == "marquise" and st.turn_no == 1 and st.phase == "daylight"
    assert all_cards(st) == list(range(54))


def test_5_1_7_factions_set_up_in_setup_order_whatever_the_seating():
    # The Marquise are faction A and the Eyrie B (5.1.7), even when the Eyrie sit first and start.
    st = GAME.new(seed=0, players=["eyrie", "marquise"], options={"seating": "fixed"})
    assert st.seats == ["eyrie", "marquise"]
    assert (st.decision.player, st.decision.kind) == ("marquise", "marquise.setup.keep")
    play(st, "keep 4", "sawmill 4", "workshop 8", "recruiter 9", "leader despot")
    assert "roost" in st.buildings[1]  # corner 2, opposite the keep
    assert st.current == "eyrie" and st.phase == "birdsong" and st.decision.kind == "eyrie.add"


# -- Hand limit (6.6, 7.6.2) ----------------------------------------------------------------------
def test_6_6_marquise_discard_down_to_five_in_evening():
    st = position({1: {"warriors": {"marquise": 1}}, 3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}},
                  phase="evening", deck=["fox:Anvil", "mouse:Crossbow"],
                  players={"marquise": {"hand": ["fox:Root Tea", "rabbit:Root Tea", "mouse:Root Tea", "bird:Crossbow",
                                                 "rabbit:Cobbler"]},
                           "eyrie": {"hand": ["mouse:Sword"]}})
    assert st.decision.kind == "discard_down" and st.decision.player == "marquise"
    assert st.decision.args == {"count": 1}
    assert ids(st) == {"discard fox:Root Tea", "discard rabbit:Root Tea", "discard mouse:Root Tea",
                       "discard bird:Crossbow", "discard rabbit:Cobbler", "discard fox:Anvil"}
    st.apply("discard fox:Anvil")  # the card just drawn may go as well
    assert len(st.hands["marquise"]) == 5 and st.current == "eyrie"


def test_6_6_no_discard_with_five_or_fewer():
    st = position({1: {"warriors": {"marquise": 1}}, 3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}},
                  phase="evening", deck=["fox:Anvil", "mouse:Crossbow"],
                  players={"marquise": {"hand": ["fox:Root Tea", "rabbit:Root Tea", "mouse:Root Tea", "bird:Crossbow"]},
                           "eyrie": {"hand": ["mouse:Sword"]}})
    assert len(st.hands["marquise"]) == 5 and st.current == "eyrie"


def test_7_6_2_eyrie_discard_down_to_five_with_draw_bonus():
    # three roosts uncover the first draw bonus: draw two (7.6.2), then discard down to five
    board = {3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]},
             7: {"warriors": {"eyrie": 1}, "buildings": ["roost"]},
             8: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}, 1: {"warriors": {"marquise": 1}}}
    st = position(board, turn="eyrie", phase="evening", deck=["fox:Anvil", "mouse:Crossbow", "rabbit:Cobbler"],
                  players={"eyrie": {"hand": ["fox:Root Tea", "rabbit:Root Tea", "mouse:Root Tea", "bird:Crossbow"]}})
    assert st.decision.kind == "discard_down" and st.decision.player == "eyrie"
    assert st.decision.args == {"count": 1}
    st.apply("discard mouse:Root Tea")
    assert len(st.hands["eyrie"]) == 5 and st.current == "marquise"


# -- perft: hand-counted legal options at fixed positions -----------------------------------------
def test_perft_marquise_daylight_actions():
    # 1 (fox, 1 slot): keep, sawmill, 1 wood, 2 Marquise warriors.   Marquise rule 1.
    # 5 (rabbit, 2 slots): workshop, 1 Marquise and 1 Eyrie warrior. Marquise rule 5 (2 against 1).
    # 2 (mouse): roost and 2 Eyrie warriors.                          Eyrie rule 2.
    # Hand: bird:Armorers, fox:Anvil. No recruiter on the map. 0 VP, nothing available, nothing crafted.
    board = {1: {"warriors": {"marquise": 2}, "buildings": ["sawmill"], "tokens": ["keep", "wood"]},
             5: {"warriors": {"marquise": 1, "eyrie": 1}, "buildings": ["workshop"]},
             2: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}}
    st = position(board, players={"marquise": {"hand": ["bird:Armorers", "fox:Anvil"]}})
    # Crafting: one rabbit workshop; Armorers and Anvil cost fox -> only "end crafting".
    assert option_list(st) == ["end crafting"]
    st.apply("end crafting")
    expected = {
        # battle (6.5.1): Marquise warriors with an Eyrie piece: 5 only                        -> 1
        "battle 5 eyrie",
        # march (6.5.2): from 1 (ruled) to 5, 9, 10 with 1 or 2 warriors                      -> 6
        "march 1->5 x1", "march 1->5 x2", "march 1->9 x1", "march 1->9 x2", "march 1->10 x1", "march 1->10 x2",
        # from 5 (ruled) to 1 and 2 with its 1 warrior                                         -> 2
        "march 5->1 x1", "march 5->2 x1",
        # recruit (6.5.3): no recruiter                                                        -> 0
        # build (6.5.4): ruled clearings with an open slot: 5 only (1 is full). Its ruled zone
        # {5, 1} holds 1 wood; costs: sawmill 1, workshop 1, recruiter 0                       -> 3
        "build sawmill 5", "build workshop 5", "build recruiter 5",
        # overwork (6.5.5): the sawmill in fox clearing 1; Anvil (fox) or Armorers (bird)      -> 2
        "overwork 1 fox:Anvil", "overwork 1 bird:Armorers",
        # an extra action for a bird card (6.5)                                                -> 1
        "extra action bird:Armorers",
        "end daylight",                                                                     # -> 1
    }
    assert len(st.decision.options) == 16
    assert ids(st) == expected


def test_perft_marquise_crafting_with_dominance_extras():
    # Workshops: fox 1 and 8, rabbit 5, mouse 2 (two fox, one rabbit, one mouse piece). 10 VP.
    # Hand: Royal Claim (any x4), Brutal Tactics (fox x2), Anvil (fox), Codebreakers (mouse), fox Ambush!,
    # rabbit Dominance. Available: mouse Dominance.
    board = {1: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}, 8: {"buildings": ["workshop"]},
             5: {"buildings": ["workshop"]}, 2: {"buildings": ["workshop"]},
             3: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}}
    st = position(board, remove_dominance=False, available_dominance=["mouse:Dominance"],
                  players={"marquise": {"vp": 10, "hand": ["bird:Royal Claim", "bird:Brutal Tactics", "fox:Anvil",
                                                           "mouse:Codebreakers", "fox:Ambush!",
                                                           "rabbit:Dominance"]}})
    expected = {
        "craft bird:Royal Claim using fox+fox+mouse+rabbit",  # the only four pieces there are   -> 1
        "craft bird:Brutal Tactics",                           # fox + fox                       -> 1
        "craft fox:Anvil",                                     # fox, hammer in supply            -> 1
        "craft mouse:Codebreakers",                            # mouse                            -> 1
        # Ambush! and Dominance cannot be crafted (2.1.2, 2.1.3)                                 -> 0
        "activate rabbit:Dominance",                           # 10 VP (3.3.1)                    -> 1
        # take the mouse Dominance with a mouse card or a bird (3.3.4, 2.1.1)                    -> 3
        "take mouse:Dominance paying mouse:Codebreakers", "take mouse:Dominance paying bird:Royal Claim",
        "take mouse:Dominance paying bird:Brutal Tactics",
        "end crafting",                                                                        # -> 1
    }
    assert len(st.decision.options) == 9
    assert ids(st) == expected
    st.apply("craft fox:Anvil")
    # one fox piece left: Brutal Tactics and Royal Claim are out of reach
    assert ids(st) == {"craft mouse:Codebreakers", "activate rabbit:Dominance",
                       "take mouse:Dominance paying mouse:Codebreakers",
                       "take mouse:Dominance paying bird:Royal Claim",
                       "take mouse:Dominance paying bird:Brutal Tactics", "end crafting"}


def test_perft_cobbler_moves():
    # Cobbler at the start of Evening: Marquise 2 in 1 (ruled), 1 in 12 with 2 Eyrie (not ruled),
    # Eyrie 1 in 9 (ruled by the Eyrie), nothing in 5 and 10.
    #   from 1: to 5, 9, 10 (origin ruled) x1 or x2                      -> 6
    #   from 12: to 4, 7, 9, 10, 11 — none ruled by the Marquise         -> 0
    #   skip                                                             -> 1
    board = {1: {"warriors": {"marquise": 2}}, 12: {"warriors": {"marquise": 1, "eyrie": 2}},
             9: {"warriors": {"eyrie": 1}}, 3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}
    st = position(board, phase="evening", players={"marquise": {"crafted": ["rabbit:Cobbler"]}})
    assert ids(st) == {"skip", "move 1->5 x1", "move 1->5 x2", "move 1->9 x1", "move 1->9 x2",
                       "move 1->10 x1", "move 1->10 x2"}
    assert len(st.decision.options) == 7
    st.apply("move 1->9 x2")
    assert st.warriors[8] == {"marquise": 2, "eyrie": 1} and st.ruler(8) == "marquise"
    assert st.current == "eyrie"  # one move only, then the Evening goes on
    assert len(hand(st, "marquise")) == 1
