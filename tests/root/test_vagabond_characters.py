"""Appendix D, the Vagabond's characters (Opis Postaci Włóczęgi): starting items and special actions.

Each special action is taken by exhausting a torch (9.5.9), except Protector (D.5.2), Improvise (D.7.2) and
Swift Strike (D.8.2), which say when they apply.
"""

from __future__ import annotations

import pytest
from helpers import (
    GAME,
    buildings,
    canonical,
    discard_keys,
    event_args,
    events,
    hand,
    ids,
    option_list,
    play,
    seed_for,
    tokens,
    warriors,
)
from vagabond_helpers import FOUR, TWO_VAGABONDS, plain, quest_keys, rel, vb, vpos, where

from planszowki.engine import IllegalAction

STARTING = {  # D.x.1 Przedmioty Startowe
    "thief": ["boot", "sword", "tea", "torch"],
    "tinker": ["bag", "boot", "hammer", "torch"],
    "ranger": ["boot", "crossbow", "sword", "torch"],
    "vagrant": ["boot", "coin", "torch"],
    "arbiter": ["boot", "sword", "sword", "torch"],
    "scoundrel": ["boot", "boot", "crossbow", "torch"],
    "adventurer": ["boot", "hammer", "torch"],
    "ronin": ["boot", "boot", "sword", "torch"],
    "harrier": ["coin", "crossbow", "sword", "torch"],
}


@pytest.mark.parametrize(("character", "rule"), [(c, f"D.{i}.1") for i, c in enumerate(STARTING, 1)])
def test_d_x_1_starting_items(character, rule):
    st = GAME.new(seed=3, players=list(FOUR), options={"seating": "fixed"})
    while st.decision.kind != "vagabond.setup.character":
        play(st, option_list(st)[0])
    play(st, f"character {character}", "forest F2")
    assert sorted(vb.split(e)[0] for e in st.fdata["vagabond"]["items"]) == STARTING[character], rule
    assert all(e.endswith(":r") for e in st.fdata["vagabond"]["items"])  # face up (9.3.5)
    assert st.fdata["vagabond"]["character"] == character
    assert st.view("eyrie")["players"]["vagabond"]["board"]["character"] == character  # public


def specials(st) -> set[str]:
    actions = {"steal", "day_labor", "hideout", "instigate", "scorched_earth", "glide"}
    return {o.id for o in st.decision.options if o.action in actions}


# -- D.1 Thief: Steal ------------------------------------------------------------------------------------
def test_d_1_2_steal_takes_a_random_card_from_each_player_in_the_clearing():
    st = vpos({5: {"warriors": {"marquise": 1, "eyrie": 1}}, 1: {"warriors": {"alliance": 1}}},
              vagabond={"character": "thief", "where": "5", "items": ["torch", "boot"]},
              players={"marquise": {"hand": ["fox:Anvil", "mouse:Sword"]}, "eyrie": {"hand": ["rabbit:Cobbler"]},
                       "alliance": {"hand": ["bird:Sappers"]}})
    assert specials(st) == {"steal"}
    play(st, "steal")
    assert plain(st) == ["boot:r", "torch:e"]
    assert len(st.hands["marquise"]) == 1 and hand(st, "eyrie") == [] and hand(st, "alliance") == ["bird:Sappers"]
    assert len(st.hands["vagabond"]) == 2 and "rabbit:Cobbler" in hand(st, "vagabond")
    assert [e["target"] for e in event_args(st, "steal")] == ["marquise", "eyrie"]
    # which card was taken: only the thief and the robbed player see it
    for e in events(st, "card_taken"):
        assert set(e.seats) == {"vagabond", e.args["target"]}
    taken = next(e.args["card"] for e in events(st, "card_taken") if e.args["target"] == "marquise")
    assert taken not in canonical(st.view("alliance")["log"])


def test_d_1_2_steal_needs_a_player_with_cards_in_the_clearing():
    st = vpos({5: {"warriors": {"marquise": 1}}}, vagabond={"character": "thief", "where": "5", "items": ["torch"]},
              players={"marquise": {"hand": []}, "eyrie": {"hand": ["fox:Anvil"]}})
    assert specials(st) == set()
    st = vpos({}, vagabond={"character": "thief", "where": "F1", "items": ["torch"]},
              players={"marquise": {"hand": ["fox:Anvil"]}})
    assert specials(st) == set()


def test_d_1_2_steal_from_the_other_vagabond_in_the_clearing():
    st = vpos({}, seats=TWO_VAGABONDS, vagabond={"character": "thief", "where": "7", "items": ["torch"]},
              vagabond2={"character": "ranger", "where": "7", "hand": ["fox:Anvil"]})
    play(st, "steal")
    assert hand(st, "vagabond") == ["fox:Anvil"] and hand(st, "vagabond2") == []


# -- D.2 Tinker: Day Labor -------------------------------------------------------------------------------
def test_d_2_2_day_labor_takes_a_discarded_card_of_the_clearings_suit_or_a_bird():
    st = vpos({}, vagabond={"character": "tinker", "where": "2", "items": ["torch", "boot"]},
              discard=["fox:Anvil", "mouse:Sword", "bird:Sappers", "mouse:Codebreakers", "mouse:Codebreakers",
                       "rabbit:Cobbler"])
    assert specials(st) == {"day labor mouse:Sword", "day labor bird:Sappers", "day labor mouse:Codebreakers"}
    play(st, "day labor bird:Sappers")
    assert hand(st, "vagabond") == ["bird:Sappers"] and discard_keys(st) == [
        "fox:Anvil", "mouse:Sword", "mouse:Codebreakers", "mouse:Codebreakers", "rabbit:Cobbler"]
    assert plain(st) == ["boot:r", "torch:e"]
    assert event_args(st, "day_labor") == [{"faction": "vagabond", "card": "bird:Sappers"}]


def test_d_2_2_day_labor_not_in_a_forest():
    st = vpos({}, vagabond={"character": "tinker", "where": "F1", "items": ["torch"]}, discard=["bird:Sappers"])
    assert specials(st) == set()


# -- D.3 Ranger: Hideout ---------------------------------------------------------------------------------
def test_d_3_2_hideout_repairs_three_items_then_daylight_ends():
    st = vpos({}, vagabond={"character": "ranger", "where": "5",
                            "items": ["torch", "boot:d", "sword:x", "crossbow:d", "boot:d", "boot"]},
              deck=["fox:Anvil", "rabbit:Cobbler"])
    play(st, "hideout")
    assert st.decision.kind == "vagabond.repair" and st.decision.args == {"count": 3}
    play(st, "repair sword:x", "repair boot:d", "repair crossbow:d")
    assert plain(st) == ["boot:d", "boot:r", "boot:r", "crossbow:r", "sword:e", "torch:e"]  # sides kept
    # straight into Evening: the Vagabond draws (9.6.2) and the turn passes
    assert st.current == "marquise" and len(st.hands["vagabond"]) == 1
    assert [e.args["phase"] for e in events(st, "phase") if e.args["faction"] == "vagabond"] == ["daylight", "evening"]


def test_d_3_2_hideout_with_three_or_fewer_damaged_items_repairs_them_all():
    st = vpos({}, vagabond={"character": "ranger", "where": "F3", "items": ["torch", "boot:d", "sword:x"]},
              deck=["fox:Anvil"])
    play(st, "hideout")
    assert st.current == "marquise"
    # repaired by Hideout (the exhausted sword stays face down), then no damaged item is left to rest
    assert plain(st) == ["boot:r", "sword:e", "torch:e"] and not events(st, "evening_rest")


# -- D.4 Vagrant: Instigate ------------------------------------------------------------------------------
def _instigate(seed):
    st = vpos({6: {"warriors": {"marquise": 3, "eyrie": 2}, "buildings": ["sawmill", "roost"],
                   "tokens": ["wood"]}},
              seed=seed, vagabond={"character": "vagrant", "where": "6", "items": ["torch", "boot"]},
              players={"eyrie": {"hand": []}, "marquise": {"hand": []}})
    assert specials(st) == {"instigate marquise vs eyrie", "instigate eyrie vs marquise"}
    play(st, "instigate marquise vs eyrie")
    return st


def test_d_4_2_instigate_the_vagrant_picks_the_sides_and_removes_pieces_for_both():
    seed = seed_for(_instigate, lambda st: event_args(st, "roll")[0]["att_hits"] == 3
                    and event_args(st, "roll")[0]["def_hits"] == 2)
    st = _instigate(seed)
    assert event_args(st, "instigate") == [{"faction": "vagabond", "attacker": "marquise", "defender": "eyrie"}]
    assert event_args(st, "battle")[0]["faction"] == "marquise" and events(st, "battle")[0].rule == "D.4.2"
    # three hits to the Eyrie: two warriors, then the roost; two hits to the Marquise: two warriors
    assert warriors(st, 6, "eyrie") == 0 and warriors(st, 6, "marquise") == 1
    assert buildings(st, 6) == ["sawmill"] and tokens(st, 6) == ["wood"]
    # the Vagrant removed them all: both factions became Hostile with their first warrior removed (9.2.9.III);
    # he scores the roost (3.2.1) and Infamy for every other piece (9.2.9.III.a): the second warrior of each
    # and the roost; the Marquise scores nothing
    assert st.vp["vagabond"] == 1 + 3 and st.vp["marquise"] == 0
    assert sorted(e["why"] for e in event_args(st, "score")) == ["infamy", "infamy", "infamy", "remove"]
    assert rel(st, "eyrie") == vb.HOSTILE and rel(st, "marquise") == vb.HOSTILE
    assert plain(st) == ["boot:r", "torch:e"]


def test_d_4_2_the_vagrant_chooses_the_order_of_buildings_and_tokens():
    def make(seed):
        st = vpos({6: {"warriors": {"eyrie": 3}, "buildings": ["sawmill", "workshop"], "tokens": ["wood", "wood"]}},
                  seed=seed, vagabond={"character": "vagrant", "where": "6", "items": ["torch", "boot"]},
                  players={"marquise": {"hand": []}})
        play(st, "instigate eyrie vs marquise")
        return st

    seed = seed_for(make, lambda st: event_args(st, "roll")[0]["att_hits"] == 2)
    st = make(seed)
    # two rolled hits and one for the defenseless Marquise, four pieces: the Vagrant picks, not the Marquise
    assert st.decision.kind == "hits" and st.decision.player == "vagabond"
    play(st, "remove wood", "remove workshop", "remove sawmill")
    assert buildings(st, 6) == [] and tokens(st, 6) == ["wood"]
    assert st.vp["vagabond"] == 3 and st.vp["eyrie"] == 0 and rel(st, "marquise") == vb.INDIFFERENT


def test_d_4_2_instigate_scores_infamy_for_hostile_pieces():
    def make(seed):
        st = vpos({6: {"warriors": {"marquise": 3, "eyrie": 3}}}, seed=seed,
                  vagabond={"character": "vagrant", "where": "6", "items": ["torch", "boot"],
                            "relationships": {"eyrie": "hostile"}},
                  players={"eyrie": {"hand": []}, "marquise": {"hand": []}})
        play(st, "instigate marquise vs eyrie")
        return st

    seed = seed_for(make, lambda st: event_args(st, "roll")[0]["att_hits"] == 2
                    and event_args(st, "roll")[0]["def_hits"] == 0)
    st = make(seed)
    assert warriors(st, 6, "eyrie") == 1 and st.vp["vagabond"] == 2  # two Hostile warriors, Infamy each


def test_d_4_2_instigate_needs_an_attacker_with_warriors_and_an_enemy_defender():
    st = vpos({6: {"warriors": {"marquise": 1}, "buildings": ["roost"]}},
              vagabond={"character": "vagrant", "where": "6", "items": ["torch"]})
    assert specials(st) == {"instigate marquise vs eyrie"}  # the Eyrie have no warriors to attack with
    st = vpos({6: {"warriors": {"marquise": 1}}}, vagabond={"character": "vagrant", "where": "6", "items": ["torch"]})
    assert specials(st) == set()


def test_d_4_2_a_vagabond_hit_in_an_instigated_battle_picks_his_own_items():
    def make(seed):
        st = vpos({7: {"warriors": {"eyrie": 3}}}, seats=TWO_VAGABONDS, seed=seed,
                  vagabond={"character": "vagrant", "where": "7", "items": ["torch", "boot"]},
                  vagabond2={"character": "ranger", "where": "7", "items": ["sword", "boot", "torch", "crossbow"],
                             "hand": []})
        play(st, "instigate eyrie vs vagabond2")
        return st

    seed = seed_for(make, lambda st: event_args(st, "roll")[0]["att_hits"] == 2)
    st = make(seed)
    assert st.decision.kind == "vagabond.hits" and st.decision.player == "vagabond2"  # 9.2.7


# -- D.5 Arbiter: Protector ------------------------------------------------------------------------------
def _protected(seed, enlist=True, arbiter_items=("sword", "sword", "boot", "torch")):
    st = vpos({7: {"warriors": {"marquise": 4, "eyrie": 1}}}, turn="marquise", seed=seed,
              vagabond={"character": "arbiter", "where": "7", "items": list(arbiter_items)},
              players={"eyrie": {"hand": []}})
    play(st, "end crafting", "battle 7 eyrie")
    assert st.decision.kind == "vagabond.protector" and st.decision.player == "eyrie"  # the defender decides
    assert option_list(st) == ["enlist vagabond", "no enlist"]
    play(st, "enlist vagabond" if enlist else "no enlist")
    return st


def test_d_5_2_protector_the_arbiter_scores_and_adds_his_swords_to_the_defenders_maximum():
    seed = seed_for(_protected, lambda st: min(event_args(st, "roll")[0]["dice"]) == 3)
    st = _protected(seed)
    assert event_args(st, "enlist") == [{"faction": "eyrie", "arbiter": "vagabond"}]
    assert st.vp["vagabond"] == 1
    assert event_args(st, "roll")[0]["def_hits"] == 3  # one warrior + two undamaged swords
    assert warriors(st, 7, "marquise") == 1
    alone = _protected(seed, enlist=False)
    assert event_args(alone, "roll")[0]["def_hits"] == 1 and alone.vp["vagabond"] == 0


def test_d_5_2_protector_only_undamaged_swords_count():
    seed = seed_for(lambda s: _protected(s, arbiter_items=("sword:d", "sword:e", "boot")),
                    lambda st: min(event_args(st, "roll")[0]["dice"]) == 3)
    st = _protected(seed, arbiter_items=("sword:d", "sword:e", "boot"))
    assert event_args(st, "roll")[0]["def_hits"] == 2


def test_d_5_2_the_arbiter_cannot_enlist_himself_or_be_enlisted_against_himself():
    st = vpos({7: {"warriors": {"marquise": 4}}}, turn="marquise",
              vagabond={"character": "arbiter", "where": "7", "items": ["sword", "sword", "boot"]},
              players={"vagabond": {"hand": []}})
    play(st, "end crafting", "battle 7 vagabond")
    assert not events(st, "enlist") and st.decision.kind != "vagabond.protector"
    st = vpos({7: {"warriors": {"eyrie": 4}}}, vagabond={"character": "arbiter", "where": "7",
                                                        "items": ["sword", "sword", "boot"]},
              players={"eyrie": {"hand": []}})
    play(st, "battle 7 eyrie")
    assert not events(st, "enlist") and st.decision.kind != "vagabond.protector"


def test_d_5_2_no_protector_elsewhere():
    st = vpos({7: {"warriors": {"marquise": 4, "eyrie": 1}}}, turn="marquise",
              vagabond={"character": "arbiter", "where": "8", "items": ["sword", "sword"]},
              players={"eyrie": {"hand": []}})
    play(st, "end crafting", "battle 7 eyrie")
    assert not events(st, "enlist")


# -- D.6 Scoundrel: Scorched Earth -----------------------------------------------------------------------
def test_d_6_2_scorched_earth_places_the_torch_and_removes_every_enemy_piece():
    st = vpos({6: {"warriors": {"marquise": 2, "eyrie": 1}, "buildings": ["sawmill", "ruin"], "tokens": ["wood"]}},
              vagabond={"character": "scoundrel", "where": "6", "items": ["torch", "boot", "boot", "crossbow"]},
              players={"marquise": {"hand": []}})
    assert "scorched earth" in specials(st)
    play(st, "scorched earth")
    assert tokens(st, 6) == ["torch"] and buildings(st, 6) == ["ruin"]  # the ruin is no enemy piece
    assert warriors(st, 6, "marquise") == 0 and warriors(st, 6, "eyrie") == 0
    # the torch left his board for the map; he stays; 1 VP each for the sawmill and the wood (3.2.1)
    assert plain(st) == ["boot:r", "boot:r", "crossbow:r"] and where(st) == "6" and st.vp["vagabond"] == 2
    assert rel(st, "marquise") == vb.HOSTILE and rel(st, "eyrie") == vb.HOSTILE
    assert event_args(st, "scorched_earth") == [{"faction": "vagabond", "clearing": 6}]
    assert st.view(None)["clearings"][5]["tokens"] == ["torch"]


def test_d_6_2_nothing_is_placed_in_or_moved_into_the_clearing_with_the_torch():
    # the Marquise rules 3 and 11 and 6 is next to both; a recruiter of her coalition partner stays in 6
    st = vpos({6: {"tokens": ["torch"], "buildings": ["recruiter"], "warriors": {"marquise": 1}},
               3: {"warriors": {"marquise": 3}, "buildings": ["recruiter"]},
               11: {"warriors": {"marquise": 3}, "buildings": ["sawmill"]}},
              turn="marquise", vagabond={"character": "scoundrel", "where": "11",
                                         "items": ["boot", "boot", "crossbow"], "dominance": "mouse:Dominance",
                                         "coalition": "marquise"},
              players={"marquise": {"hand": ["fox:Anvil", "mouse:Sword"]}})
    play(st, "end crafting")
    assert not [o for o in ids(st) if "->6 " in o]  # no march into 6
    assert "overwork 11 mouse:Sword" in ids(st) and not [o for o in ids(st) if o.startswith("overwork 6")]
    assert not [o for o in ids(st) if o.startswith("build") and o.endswith(" 6")]
    play(st, "recruit")
    assert warriors(st, 6, "marquise") == 1 and warriors(st, 3, "marquise") == 4  # none placed by the torch


def test_d_6_2_once_out_the_vagabond_cannot_return_to_the_torch():
    st = vpos({6: {"tokens": ["torch"]}}, vagabond={"character": "scoundrel", "where": "6",
                                                   "items": ["boot", "boot", "crossbow"]})
    assert {o for o in ids(st) if o.startswith("move")} == {"move 2", "move 3", "move 11"}
    play(st, "move 3")
    assert "move 6" not in ids(st)
    st = vpos({6: {"tokens": ["torch"]}}, phase="birdsong",
              vagabond={"character": "scoundrel", "where": "3", "items": ["boot"]})
    assert "slip 6" not in ids(st)


def test_d_6_2_the_torch_cannot_be_removed_by_a_favor():
    st = vpos({6: {"tokens": ["torch"], "warriors": {"eyrie": 1}}, 1: {"buildings": ["workshop"]},
               8: {"buildings": ["workshop"]}, 12: {"buildings": ["workshop", "ruin"]}}, turn="marquise",
              vagabond={"character": "scoundrel", "where": "F1", "items": ["boot", "boot", "crossbow"]},
              players={"marquise": {"hand": ["fox:Favor of the Foxes"]}})
    play(st, "craft fox:Favor of the Foxes")
    assert tokens(st, 6) == ["torch"] and warriors(st, 6, "eyrie") == 0


# -- D.7 Adventurer: Improvise ---------------------------------------------------------------------------
def _adventurer(items_, **kw):
    return vpos({}, vagabond={"character": "adventurer", "where": "1", "items": list(items_)},
                quests={"face_up": ["fox:Repair a Shed", "fox:Errand", "mouse:Escort"],
                        "deck": ["rabbit:Guard Duty", "fox:Fundraising"]}, **kw)


def test_d_7_2_improvise_one_face_up_item_stands_for_another_and_is_damaged():
    st = _adventurer(["torch", "boot", "sword"])
    quests_ = {o for o in ids(st) if o.startswith("quest")}
    # Repair a Shed (torch, hammer): the boot or the sword as the hammer; Errand (tea, boot): sword or torch
    # as the tea
    assert quests_ == {"quest fox:Repair a Shed improvising boot as hammer",
                       "quest fox:Repair a Shed improvising sword as hammer",
                       "quest fox:Errand improvising sword as tea", "quest fox:Errand improvising torch as tea"}
    play(st, "quest fox:Repair a Shed improvising sword as hammer")
    assert plain(st) == ["boot:r", "sword:x", "torch:e"]  # exhausted and damaged
    assert quest_keys(st.fdata["vagabond"]["quests_done"]) == ["fox:Repair a Shed"]
    play(st, "score 1")
    # once per turn: Errand needs a real tea now
    assert not [o for o in ids(st) if o.startswith("quest")]


def test_d_7_2_improvise_only_for_the_adventurer_and_never_for_both_items():
    st = vpos({}, vagabond={"character": "tinker", "where": "1", "items": ["torch", "boot", "sword"]},
              quests={"face_up": ["fox:Repair a Shed", "fox:Errand", "mouse:Escort"]})
    assert not [o for o in ids(st) if o.startswith("quest")]
    st = _adventurer(["sword", "crossbow"])
    assert not [o for o in ids(st) if o.startswith("quest")]  # one stand-in at most


def test_d_7_2_the_normal_quest_stays_available():
    st = _adventurer(["torch", "hammer", "boot"])
    quests_ = {o for o in ids(st) if o.startswith("quest fox:Repair")}
    assert "quest fox:Repair a Shed" in quests_
    play(st, "quest fox:Repair a Shed")
    assert plain(st) == ["boot:r", "hammer:e", "torch:e"]  # nothing damaged


# -- D.8 Ronin: Swift Strike -----------------------------------------------------------------------------
def _ronin_attacks(seed, items_=("sword", "sword", "boot")):
    st = vpos({5: {"warriors": {"marquise": 5}}}, seed=seed,
              vagabond={"character": "ronin", "where": "5", "items": list(items_)}, players={"marquise": {"hand": []}})
    play(st, "battle 5 marquise")
    return st


def test_d_8_2_swift_strike_exhausts_a_sword_for_an_extra_hit_after_rolling():
    st = _ronin_attacks(0)
    assert st.decision.kind == "battle.effects" and option_list(st) == ["use swift strike", "done"]
    assert events(st, "roll")  # after the roll
    hits = event_args(st, "roll")[0]["att_hits"]
    play(st, "use swift strike")
    assert {"faction": "vagabond", "why": "swift_strike"} in event_args(st, "extra_hit")
    assert warriors(st, 5, "marquise") == 5 - hits - 1
    assert [e.rule for e in events(st, "exhaust")] == ["9.5.2", "D.8.2"]  # both swords face down now
    assert "use swift strike" not in ids(st) if st.decision.kind == "battle.effects" else True


def test_d_8_2_swift_strike_needs_a_face_up_sword():
    st = _ronin_attacks(0, items_=("sword", "sword:d", "boot"))
    assert st.decision.kind != "battle.effects"


def test_d_8_2_swift_strike_when_defending_too():
    st = vpos({5: {"warriors": {"marquise": 5}}}, turn="marquise", seed=1,
              vagabond={"character": "ronin", "where": "5", "items": ["sword", "boot"], "hand": []})
    play(st, "end crafting", "battle 5 vagabond")
    assert st.decision.player == "vagabond" and "use swift strike" in ids(st)
    play(st, "use swift strike")
    assert {"faction": "vagabond", "why": "swift_strike"} in event_args(st, "extra_hit")


# -- D.9 Harrier: Glide ----------------------------------------------------------------------------------
def test_d_9_2_glide_moves_only_the_pawn_to_any_clearing_without_boots():
    st = vpos({12: {"warriors": {"eyrie": 3}}, 1: {"warriors": {"marquise": 2}}},
              vagabond={"character": "harrier", "where": "1", "items": ["torch", "sword"],
                        "relationships": {"eyrie": "hostile", "marquise": "allied"}})
    glides = {o for o in specials(st)}
    assert glides == {f"glide {c}" for c in range(2, 13)}  # every other clearing, Hostile ones too, no forests
    play(st, "glide 12")
    assert where(st) == "12" and plain(st) == ["sword:r", "torch:e"]
    assert warriors(st, 1, "marquise") == 2  # Allied warriors do not come along


def test_d_9_2_glide_from_a_forest_but_not_into_the_torch():
    st = vpos({6: {"tokens": ["torch"]}}, seats=TWO_VAGABONDS,
              vagabond={"character": "harrier", "where": "F5", "items": ["torch", "sword"]},
              vagabond2={"character": "scoundrel", "where": "6", "items": ["boot", "crossbow"]})
    assert {o for o in specials(st)} == {f"glide {c}" for c in range(1, 13) if c != 6}


def test_special_actions_are_once_per_torch():
    st = vpos({}, vagabond={"character": "harrier", "where": "1", "items": ["torch", "sword"]})
    play(st, "glide 5")
    assert specials(st) == set()
    with pytest.raises(IllegalAction):
        st.apply("glide 1")


def test_d_2_2_everyone_knows_the_card_taken_by_day_labor():
    st = vpos({}, vagabond={"character": "tinker", "where": "2", "items": ["torch"], "hand": ["fox:Anvil"]},
              discard=["bird:Sappers"])
    play(st, "day labor bird:Sappers")
    for k in range(6):  # redealing what the Marquise does not know keeps that card in his hand
        assert "bird:Sappers" in hand(GAME.determinize(st, "marquise", k), "vagabond")
