"""Scenario tests of the locations ("Faza Aktywacji" and pages 11-14 of the rulebook), built with from_position."""

from __future__ import annotations

import pytest
from gw_helpers import horde_card, ids, play, pos

from planszowki.engine import IllegalAction

TRACK = [["red", "despotism"], ["blue", "mobilization"], None]  # blue's turn stops the flow after red's


def activation(**doc):
    return pos(phase="activation", active="red", track=TRACK, **doc)


def test_loc_production_collect_upgrade_overseer_and_donate():
    st = activation(clerks={"quarry": ["red", "blue"]}, overseers={"red": {"quarry": [1, "spearman"]}},
                    resources={"red": {"wood": 5}, "blue": {"wood": 1}}, tea=["blue", "red", "yellow"])
    assert st.decision.kind == "gw.accept" and st.decision.player == "blue" and ids(st) == ["take", "decline"]
    play(st, "take", "take")
    # 1. collect, in Tea order: blue 1 stone; red 1 + overseer level 1 income
    assert st.res["blue"]["stone"] == 1 and st.res["red"]["stone"] == 2
    # 2. upgrades in Tea order: blue cannot pay 2 Wood for a level-1 overseer, only skip
    assert st.decision.player == "blue" and ids(st) == ["skip"]
    play(st, "skip")
    assert st.decision.player == "red" and ids(st) == ["upgrade", "skip"]
    play(st, "upgrade")  # level 1 -> 2 costs the space's printed cost (demo: 3 Wood)
    assert st.overseer["red"]["quarry"] == [2, 0] and st.res["red"]["wood"] == 2
    # 3. donations: one of the resources just collected to the Warehouse for 2 Honor
    assert st.decision.player == "blue" and ids(st) == ["donate stone", "skip"]
    play(st, "donate stone", "skip")
    assert st.warehouse["stone"] == 1 and st.honor["blue"] == 2 and st.res["blue"]["stone"] == 0


def test_loc_production_overseer_level_0_takes_a_usable_soldier_from_the_pool():
    st = activation(clerks={"lumber_mill": ["red", "blue"]}, resources={"red": {"chi": 2}},
                    shamed={"red": {"spearman": 10}})
    play(st, "take", "take")
    assert st.decision.player == "red"
    assert ids(st) == ["overseer archer", "overseer horseman", "skip"]  # shamed spearmen cannot be used
    play(st, "overseer archer")
    assert st.overseer["red"]["lumber_mill"] == [1, 1] and st.pool["red"][1] == 3 and st.res["red"]["chi"] == 0


def test_loc_production_temple_chi_is_never_donated():
    st = activation(clerks={"temple": ["red", "blue"]})
    play(st, "take", "take", "skip", "skip")
    assert st.decision is None or st.decision.kind != "gw.donate"
    assert st.res["red"]["chi"] == 1 and st.res["blue"]["chi"] == 1


def test_activation_shame_alone_in_a_location_with_the_icon():
    st = activation(clerks={"gold_mine": ["red", "red"]})
    assert st.decision.kind == "gw.shame" and st.decision.player == "red"
    play(st, "shame under horseman")
    assert st.shamed["red"] == [0, 0, 1] and st.shame_pool == 29


def test_activation_no_shame_when_two_clans_share_the_location():
    st = activation(clerks={"gold_mine": ["red", "blue"]})
    assert st.decision.kind == "gw.accept"
    assert all(e.kind != "gw.shame" for e in st.log)


def test_locations_special_activation_gives_no_shame_and_needs_no_full_location():
    st = pos(phase="command", active="red", track=TRACK, clerks={"gold_mine": ["red"]})
    play(st, "done")  # Despotism (demo): move up to 2 clerks -> none
    assert st.decision.kind == "gw.special" and ids(st) == ["special gold_mine", "skip"]
    play(st, "special gold_mine", "take")
    assert st.res["red"]["gold"] == 1 and st.decision.kind == "gw.upgrade"
    assert all(e.kind != "gw.shame" for e in st.log)


def test_locations_move_clerk_never_out_of_a_full_normal_location():
    st = pos(phase="command", active="red", track=TRACK, clerks={"quarry": ["red", "blue"], "barracks": ["red"]},
             clerk_pool={"red": 1}, unhired={"red": 5})
    opts = ids(st)
    assert "clerk quarry->tea_house" not in opts  # full: locked
    assert "clerk barracks->tea_house" in opts and "clerk pool->tea_house" in opts
    assert "clerk pool->quarry" not in opts  # no free space
    play(st, "clerk barracks->tea_house")
    assert st.at["tea_house"] == ["red"] and st.at["barracks"] == []


def test_locations_others_move_up_to_two_clerks_to_two_different_locations():
    st = pos(phase="command", active="red", track=[["red", "mobilization"], None, None])
    play(st, "done")  # red's own box
    assert st.decision.player in ("blue", "yellow")
    s = st.decision.player
    play(st, "clerk pool->academy")
    assert "clerk pool->academy" not in ids(st) and "clerk pool->temple" in ids(st)
    assert st.at["academy"] == [s]


def test_loc_tea_house_moves_each_clan_up_one_place_in_tea_order():
    st = activation(clerks={"tea_house": ["red", "blue"]}, tea=["yellow", "red", "blue"])
    play(st, "take", "take")
    # red moves above yellow, then blue (who started lower) above yellow
    assert st.tea == ["red", "blue", "yellow"]


def test_loc_tea_house_all_spaces_one_clan_goes_to_the_top():
    st = activation(clerks={"tea_house": ["blue", "blue"]}, tea=["yellow", "red", "blue"])
    play(st, "take")
    assert st.tea == ["blue", "yellow", "red"]


def test_loc_embassy_advisor_costs_gold_equal_to_the_advisors_you_will_have():
    st = activation(clerks={"embassy": ["red", "blue"]}, resources={"red": {"gold": 4}},
                    advisors={"red": {"active": ["A01"], "supporting": ["A02"]}}, advisor_track=["A10", "A11", "A12",
                                                                                                "A13"])
    assert st.decision.player == "red"
    assert "hire A10 active" in ids(st) and "hire clerk" in ids(st)
    play(st, "hire A11 supporting")  # the third Advisor: 3 Gold
    assert st.res["red"]["gold"] == 1 and st.support["red"] == ["A02", "A11"]
    assert st.adv_track[:3] == ["A10", "A12", "A13"] and len(st.adv_track) == 4


def test_loc_embassy_hire_clerk_for_two_gold():
    st = activation(clerks={"embassy": ["red", "blue"]}, resources={"red": {"gold": 2}})
    play(st, "hire clerk")
    assert st.unhired["red"] == 2 and st.clerks["red"] == 6 and st.res["red"]["gold"] == 0


def test_loc_academy_draws_a_tactic_per_clerk_and_the_hand_limit_is_5():
    st = activation(clerks={"academy": ["red", "red"]}, tactics={"red": ["T01", "T02", "T03", "T04"]})
    play(st, "take")
    assert len(st.tac["red"]) == 6 and st.decision.kind == "gw.hand_limit"
    play(st, "discard T01")
    assert len(st.tac["red"]) == 5 and "T01" in st.tac_discard


def test_loc_builders_barricade_costs_two_in_any_mix_and_gives_two_honor():
    st = activation(clerks={"builders_camp": ["red"]}, resources={"red": {"wood": 1, "gold": 1}})
    assert "barricade S0" in ids(st)
    play(st, "barricade S1")
    assert ids(st) == ["pay wood x1", "pay gold x1"]  # never leave what the other kinds cannot cover
    play(st, "pay gold x1", "pay wood x1")
    assert st.barricades[1] == 1 and st.honor["red"] == 2 and st.res["red"]["wood"] == 0


def test_loc_builders_wall_uses_the_warehouse_first_and_honor_equals_what_you_paid():
    st = activation(clerks={"builders_camp": ["red"]}, resources={"red": {"stone": 5}},
                    warehouse={"wood": 2}, barricades=[3, 3, 3])
    play(st, "wall S2", "pay stone x3")
    assert st.wall[2] == 1 and st.warehouse["wood"] == 0 and st.res["red"]["stone"] == 2
    assert st.honor["red"] == 3 and st.walls_built["red"] == 1


def test_loc_builders_wall_the_builder_chooses_which_warehouse_resources_go_in():
    # "W pierwszej kolejności muszą zostać wykorzystane Surowce znajdujące się w Magazynie": the Warehouse holds more
    # than the cost (demo level 1: 5) in two kinds, so which 5 of its 7 go into the Wall is the builder's decision
    st = activation(clerks={"builders_camp": ["red"]}, warehouse={"wood": 3, "stone": 4}, barricades=[3, 3, 3])
    assert ids(st) == ["wall S0", "wall S1", "wall S2", "done"]  # nothing behind the screen: the Warehouse pays
    play(st, "wall S1")
    assert st.decision.kind == "gw.warehouse"
    assert ids(st) == ["take wood x1", "take wood x2", "take wood x3", "take stone x2", "take stone x3",
                       "take stone x4"]
    play(st, "take wood x1")
    assert ids(st) == ["take wood x1", "take wood x2", "take stone x2", "take stone x3", "take stone x4"]
    play(st, "take stone x4")
    assert st.wall[1] == 1 and st.warehouse == {"wood": 2, "stone": 0, "gold": 0}
    assert st.honor["red"] == 0  # no Honor for the Warehouse's resources


def test_loc_builders_wall_level_3_is_the_last():
    st = activation(clerks={"builders_camp": ["red"]}, resources={"red": {"stone": 30}}, wall=[3, 2, 0])
    assert "wall S0" not in ids(st) and "wall S1" in ids(st)


def test_loc_logistics_moves_soldiers_between_sections_archers_from_rest_only_to_rest():
    st = activation(clerks={"logistics_center": ["red"]}, rest=[{"red": {"archer": 1, "spearman": 1}}, {}, {}],
                    firing=[["red"], [], []])
    play(st, "move S0->S2")
    assert set(ids(st)) == {"move spearman", "move archer", "move archer fire->rest", "move archer fire->fire",
                            "done"}
    play(st, "move archer fire->fire", "move archer", "done")
    assert st.firing == [[], [], ["red"]] and st.rest[2]["red"] == [0, 1, 0] and st.rest[0]["red"] == [1, 0, 0]


def test_loc_barracks_spearman_attacks_a_first_row_card_and_takes_the_reward():
    cards = {"H01": horde_card({0: {"wood": 1}, 1: {}, 6: {"honor": 2}}),
             "H02": horde_card({0: {"gold": 1}, 1: {}})}
    st = activation(horde_cards=cards, clerks={"barracks": ["red"]}, resources={"red": {"stone": 2, "wood": 1}},
                    horde=[[{"id": "H01"}, {"id": "H02"}], [], []])
    play(st, "recruit spearman")
    opts = ids(st)
    assert "spearman H01@6" in opts and not any("H02" in o for o in opts)  # only the row nearest the Wall
    play(st, "spearman H01@6")
    assert st.honor["red"] == 2 and st.horde[0][0]["occ"][6] == ["red", 0, 1]


def test_attack_horseman_covers_two_orthogonally_adjacent_vital_points_of_any_card():
    cards = {"H01": horde_card({0: {}, 6: {}}), "H02": horde_card({4: {"chi": 1}, 5: {"chi": 1}, 11: {}})}
    st = activation(horde_cards=cards, clerks={"barracks": ["red"]}, resources={"red": {"gold": 3, "wood": 1}},
                    horde=[[{"id": "H01"}, {"id": "H02"}], [], []])
    play(st, "recruit horseman")
    opts = [o for o in ids(st) if o.startswith("horseman")]
    assert sorted(opts) == ["horseman H01@0+6", "horseman H02@4+5", "horseman H02@5+11"]
    play(st, "horseman H02@4+5")
    assert st.res["red"]["chi"] == 2


def test_attack_archer_takes_a_firing_spot_and_wounds_without_reward():
    cards = {"H01": horde_card({0: {"wood": 1}, 1: {}})}
    st = activation(horde_cards=cards, clerks={"barracks": ["red"]}, resources={"red": {"chi": 2, "wood": 1}},
                    horde=[[], [{"id": "H01"}], []])
    play(st, "recruit archer")
    assert "archer S1 wound H01@0" in ids(st) and "archer S0" in ids(st)
    play(st, "archer S1 wound H01@0")
    assert st.firing[1] == ["red"] and st.horde[1][0]["occ"][0] == "w" and st.res["red"]["wood"] == 0


def test_rest_recruit_may_go_to_a_rest_zone():
    st = activation(clerks={"barracks": ["red"]}, resources={"red": {"stone": 2, "wood": 1}})
    play(st, "recruit spearman", "rest S2")
    assert st.rest[2]["red"] == [1, 0, 0] and st.pool["red"][0] == 9


def test_shame_soldiers_with_a_shame_token_cannot_be_recruited():
    st = activation(clerks={"barracks": ["red"]}, resources={"red": {"stone": 2, "wood": 1}},
                    shamed={"red": {"spearman": 10}})
    assert ids(st) == ["done"]


def test_illegal_option_changes_nothing():
    st = activation(clerks={"barracks": ["red"]}, resources={"red": {"stone": 2, "wood": 1}})
    before = st.view("red")
    with pytest.raises(IllegalAction, match="great_wall:"):
        st.apply("recruit archer")
    assert st.view("red") == before


def test_activation_a_clan_may_decline_the_locations_effect():
    st = activation(clerks={"tea_house": ["red", "blue"]}, tea=["yellow", "red", "blue"])
    play(st, "decline", "take")
    assert st.tea == ["yellow", "blue", "red"] and st.clerks["red"] == 5  # the clerks go home all the same


def test_attack_outside_the_barracks_from_a_rest_zone_only_in_its_own_section():
    cards = {"H01": horde_card({0: {"gold": 1}, 1: {}}), "H02": horde_card({0: {}, 1: {}})}
    st = pos(phase="command", active="red", track=[["red", "attack_order"], ["blue", "tribute"], None],
             horde_cards=cards, rest=[{}, {"red": {"spearman": 1}}, {}],
             horde=[[{"id": "H02"}], [{"id": "H01"}], []])
    play(st, "done")  # Attack Order (demo): move up to 2 clerks, then attack with up to 2 soldiers
    assert st.decision.kind == "gw.attack"
    assert sorted(ids(st)) == ["done", "from rest S1 spearman H01@0", "from rest S1 spearman H01@1"]
    play(st, "from rest S1 spearman H01@0")
    assert st.rest[1]["red"] == [0, 0, 0] and st.res["red"]["gold"] == 1 and ids(st) == ["done"]


def test_tactics_own_turn_boosted_half_costs_chi():
    st = pos(phase="command", active="red", track=TRACK, tactics={"red": ["T11"]}, resources={"red": {"chi": 1}})
    assert st.decision.kind == "gw.tactic" and ids(st) == ["play T11", "play T11 boosted", "pass"]
    play(st, "play T11 boosted")  # demo "Supplies": 2 Wood, boosted 2 Wood and 2 Stone
    assert st.res["red"] == {"wood": 2, "stone": 2, "gold": 0, "chi": 0} and st.tac["red"] == []


def test_loc_production_one_overseer_upgrade_per_activation():
    st = activation(clerks={"quarry": ["red", "red"]}, resources={"red": {"wood": 20}})
    play(st, "shame under spearman", "take", "overseer spearman")
    assert st.overseer["red"]["quarry"] == [1, 0] and st.decision.kind == "gw.donate"


def test_tactics_a_tactic_drawn_as_a_reward_may_force_a_discard_mid_attack():
    cards = {"H01": horde_card({0: {"tactic": 1}, 1: {}})}
    st = activation(horde_cards=cards, clerks={"barracks": ["red", "red"]},
                    resources={"red": {"stone": 4, "wood": 2}}, tactics={"red": ["T01", "T02", "T03", "T04", "T05"]},
                    horde=[[{"id": "H01"}], [], []])
    play(st, "recruit spearman", "recruit spearman", "spearman H01@0")
    assert st.decision.kind == "gw.hand_limit" and len(st.tac["red"]) == 6
    play(st, "discard T02")
    assert st.decision.kind == "gw.barracks" and ids(st) == ["spearman H01@1", "rest S0", "rest S1", "rest S2"]


def test_loc_barracks_all_recruits_are_paid_before_any_attacks():
    # "rekrutujesz wszystkich Żołnierzy jednocześnie": choose and pay every recruit first, then each attacks or
    # rests; the Wood and Stone a Vital point gives cannot pay for a second recruit of the same activation
    cards = {"H01": horde_card({0: {"stone": 2, "wood": 1}, 1: {}})}
    st = activation(horde_cards=cards, clerks={"barracks": ["red", "red"]}, resources={"red": {"stone": 2, "wood": 1}},
                    horde=[[{"id": "H01"}], [], []], tea=["blue", "red", "yellow"])
    assert ids(st) == ["recruit spearman", "done"]
    play(st, "recruit spearman")
    assert ids(st) == ["done"]  # the second clerk cannot recruit: nothing left to pay with
    play(st, "done", "spearman H01@0")
    assert st.res["red"] == {"wood": 1, "stone": 2, "gold": 0, "chi": 0} and st.decision.kind != "gw.barracks"
    assert st.pool["red"][0] == 9


def test_tactics_a_gain_with_a_choice_is_the_players_decision():
    # a card's "Drewno, Kamień lub Złoto" / "dowolny Surowiec" icon: which resources to take is a decision (any mix,
    # optional like every card action), never made for the player
    from planszowki import i18n

    card = {"name": {"pl": "Wybór", "en": "Choice"}, "window": "own_turn",
            "effect": [{"choose": {"n": 2, "of": ["wood", "stone", "gold"]}}],
            "boosted": {"cost": {"chi": 1}, "effect": [{"choose": {"n": 3, "of": ["wood", "stone", "gold", "chi"]}}]}}
    st = pos(phase="command", active="red", track=TRACK, tactics={"red": ["T11"]}, content={"tactics": {"T11": card}})
    play(st, "play T11")
    d = st.decision
    assert d.kind == "gw.choose_gain" and d.player == "red"
    assert ids(st) == ["take wood x1", "take wood x2", "take stone x1", "take stone x2", "take gold x1",
                       "take gold x2", "done"]
    for lang in ("en", "pl"):
        assert "{" not in i18n.decision_prompt(d, lang, game="great_wall", strict=True)
        assert all("{" not in i18n.option_label(o, lang, d.kind, game="great_wall", strict=True) for o in d.options)
    play(st, "take stone x1")
    assert ids(st) == ["take wood x1", "take stone x1", "take gold x1", "done"]
    play(st, "take gold x1")
    assert st.res["red"] == {"wood": 0, "stone": 1, "gold": 1, "chi": 0}
    assert [e.args["res"] for e in st.log if e.kind == "gw.gain"][-2:] == [{"stone": 1}, {"gold": 1}]  # public


def test_content_a_gain_with_a_choice_is_validated():
    from planszowki.games.great_wall.content import ContentError, demo_doc, load_content

    doc = demo_doc()
    doc["tactics"]["T11"]["effect"] = [{"choose": {"n": 1, "of": ["wood", "honor"]}}]
    with pytest.raises(ContentError, match=r"tactics\.T11\.effect\[0\]\.choose\.of"):
        load_content(doc)


def test_faq_11_an_attack_of_all_commits_every_rest_zone_soldier():
    """FAQ #11: the Attack Order commits every soldier of the rest zones — the vocabulary's ``"attack": "all"``: each
    rest-zone soldier attacks in its own section, one at a time, no "done" while one can; a firing spot's archer
    is not asked; the effect ends by itself when none can attack."""
    from planszowki.games.great_wall.content import demo_doc

    commands = demo_doc()["commands"]
    for c in commands:
        if c["id"] == "attack_order":
            c["boxes"] = [{"who": "owner", "effects": [{"attack": "all"}]}]
    cards = {"H01": horde_card({0: {}, 1: {}, 2: {}}), "H02": horde_card({0: {}})}
    st = pos(phase="command", active="red", track=[["red", "attack_order"], ["blue", "tribute"], None],
             content={"horde": cards, "commands": commands}, firing=[[], ["red"], []],
             rest=[{}, {"red": {"spearman": 2}}, {"red": {"spearman": 1}}],
             horde=[[], [{"id": "H01"}], [{"id": "H02"}]])
    assert st.decision.kind == "gw.attack"
    assert "done" not in ids(st) and not any(i.startswith("from fire") for i in ids(st))
    play(st, "from rest S2 spearman H02@0")
    assert st.decision.kind == "gw.attack" and "done" not in ids(st)
    play(st, "from rest S1 spearman H01@0")
    play(st, "from rest S1 spearman H01@1")
    assert st.rest[1]["red"] == [0, 0, 0] and st.rest[2]["red"] == [0, 0, 0]
    assert st.decision is None or st.decision.kind != "gw.attack"
