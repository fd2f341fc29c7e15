"""Chapter 9, the Vagabond (Włóczęga): one scenario per numbered rule, built with positions.

Map facts used below are listed in ``vagabond_helpers``. Items are written ``name:state`` (``r`` face up,
``e`` exhausted, ``d`` damaged, ``x`` damaged and exhausted); ``R-`` marks an item taken from a ruin.
"""

from __future__ import annotations

from helpers import (
    GAME,
    buildings,
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
from vagabond_helpers import FOUR, TWO_VAGABONDS, items, plain, quest_keys, rel, vb, vpos, vview, where

HOSTILE, ALLIED = vb.HOSTILE, vb.ALLIED


def crafts(st) -> set[str]:
    return {o for o in ids(st) if o.startswith("craft")}


def kinds(st, seat=None) -> list[str]:
    return [e.kind for e in st.log if seat is None or e.visible_to(seat)]


# -- 9.2.1 Crafting ------------------------------------------------------------------------------------
def test_9_2_1_the_vagabond_crafts_by_exhausting_hammers_matching_his_clearing():
    # clearing 1 is a fox clearing; two face-up hammers, one exhausted (the Tinker starts with a hammer)
    st = vpos(vagabond={"character": "tinker", "where": "1",
                        "items": ["hammer", "hammer", "R-hammer:e", "boot", "torch"],
                        "hand": ["bird:Arms Trader", "mouse:Crossbow", "fox:Anvil", "mouse:Root Tea",
                                 "fox:Tax Collector"]})
    # Arms Trader (fox fox), Crossbow (fox); not Anvil: its hammer is not in the supply any more (4.1.2);
    # not Root Tea (mouse) or Tax Collector (fox rabbit mouse): every hammer is a fox piece here
    assert st.items["hammer"] == 0
    assert crafts(st) == {"craft bird:Arms Trader", "craft mouse:Crossbow"}
    play(st, "craft bird:Arms Trader")
    # both face-up hammers are exhausted; the sword is taken at once, face up (9.2.1), and scores (3.2.2)
    assert plain(st) == ["boot:r", "hammer:e", "hammer:e", "hammer:e", "sword:r", "torch:r"]
    assert st.vp["vagabond"] == 2 and st.items["sword"] == 1 and st.crafted_items["vagabond"] == []
    assert crafts(st) == set()  # no face-up hammer left


def test_9_2_1_the_vagabonds_hammers_follow_the_suit_of_his_clearing():
    hand_ = ["bird:Arms Trader", "mouse:Crossbow", "rabbit:Better Burrow Bank", "mouse:Codebreakers"]
    in_rabbit = vpos(vagabond={"character": "tinker", "where": "5", "items": ["hammer", "hammer", "boot"],
                               "hand": hand_})
    assert crafts(in_rabbit) == {"craft rabbit:Better Burrow Bank"}
    in_mouse = vpos(vagabond={"character": "tinker", "where": "2", "items": ["hammer", "boot"], "hand": hand_})
    assert crafts(in_mouse) == {"craft mouse:Codebreakers"}
    in_forest = vpos(vagabond={"character": "tinker", "where": "F1", "items": ["hammer", "hammer", "boot"],
                               "hand": hand_})
    assert crafts(in_forest) == set()  # a forest has no suit


def test_9_2_1_crafted_tea_coin_and_bags_go_face_up_to_their_tracks():
    st = vpos(vagabond={"character": "tinker", "where": "7", "items": ["hammer", "boot"],
                        "hand": ["mouse:Root Tea"]})
    play(st, "craft mouse:Root Tea")
    assert plain(st) == ["boot:r", "hammer:e", "tea:r"]
    assert vview(st)["tracks"] == {"tea": 1, "coin": 0, "bag": 0}


# -- 9.2.2 Lone Wanderer ---------------------------------------------------------------------------------
def test_9_2_2_the_pawn_is_no_warrior_and_neither_rules_nor_stops_rule():
    st = vpos({5: {"warriors": {"marquise": 1}}, 6: {"warriors": {"eyrie": 1, "marquise": 1}}},
              vagabond={"where": "5"})
    assert st.ruler(4) == "marquise"  # the pawn does not stop the Marquise ruling clearing 5
    assert warriors(st, 5, "vagabond") == 0
    alone = vpos({}, vagabond={"where": "5"})
    assert alone.ruler(4) is None  # the pawn alone rules nothing
    assert alone.view(None)["clearings"][4]["pawns"] == ["vagabond"]


def _marquise_attacks_vagabond(seed, items_=("sword",)):
    st = vpos({5: {"warriors": {"marquise": 6}}}, turn="marquise", seed=seed,
              vagabond={"where": "5", "items": list(items_)})
    play(st, "end crafting", "battle 5 vagabond")
    return st


def test_9_2_2_the_pawn_is_never_removed_from_the_map():
    seed = seed_for(_marquise_attacks_vagabond, lambda st: event_args(st, "roll")[0]["att_hits"] >= 2)
    st = _marquise_attacks_vagabond(seed)
    # one item to damage, the other hits are ignored (9.2.7); the pawn stays (9.2.2)
    assert plain(st) == ["sword:d"]
    assert where(st) == "5"
    assert st.decision.player == "marquise"


def test_9_2_2_entering_a_sympathetic_clearing_with_the_pawn_is_no_outrage():
    # FAQ (8.2.6, 9.2.2): the pawn is not a warrior
    st = vpos({1: {"tokens": ["sympathy"]}}, vagabond={"where": "5", "items": ["boot"], "hand": ["fox:Anvil"]},
              players={"alliance": {"hand": []}})
    play(st, "move 1")
    assert where(st) == "1" and not events(st, "outrage") and hand(st, "vagabond") == ["fox:Anvil"]


# -- 9.2.2.I Full Removal ----------------------------------------------------------------------------------
def test_9_2_2_i_a_favor_card_of_an_enemy_damages_three_items_of_the_vagabond():
    st = vpos({1: {"warriors": {"eyrie": 2}}, 6: {"warriors": {"marquise": 2}, "buildings": ["workshop"]}},
              turn="marquise", vagabond={"where": "1", "items": ["boot", "torch", "sword", "tea", "crossbow"]},
              players={"marquise": {"hand": ["fox:Favor of the Foxes"]}})
    assert "craft fox:Favor of the Foxes" not in ids(st)  # one workshop: the Marquise needs three fox pieces
    st = vpos({1: {"warriors": {"eyrie": 2}}, 6: {"buildings": ["workshop"]}, 8: {"buildings": ["workshop"]},
               12: {"buildings": ["workshop", "ruin"], "warriors": {"marquise": 1}}},
              turn="marquise", vagabond={"where": "1", "items": ["boot", "torch", "sword", "tea", "crossbow"]},
              players={"marquise": {"hand": ["fox:Favor of the Foxes"]}})
    play(st, "craft fox:Favor of the Foxes")
    assert warriors(st, 1, "eyrie") == 0 and where(st) == "1"
    # the Vagabond chooses three items to damage, one at a time
    assert st.decision.player == "vagabond" and st.decision.kind == "vagabond.damage"
    assert st.decision.args == {"count": 3}
    play(st, "damage tea:r", "damage boot:r", "damage crossbow:r")
    assert plain(st) == ["boot:d", "crossbow:d", "sword:r", "tea:d", "torch:r"]
    assert st.decision.player == "marquise"
    assert rel(st, "marquise") == vb.INDIFFERENT  # the Marquise has no relationship to lose


def test_9_2_2_i_with_fewer_undamaged_items_all_of_them_are_damaged():
    st = vpos({3: {"buildings": ["workshop"]}, 5: {"warriors": {"eyrie": 1}}, 10: {"buildings": ["workshop", "ruin"]},
               4: {"buildings": ["workshop"]}},
              turn="marquise", vagabond={"where": "5", "items": ["boot", "torch:d", "sword:e"]},
              players={"marquise": {"hand": ["rabbit:Favor of the Rabbits"]}})
    play(st, "craft rabbit:Favor of the Rabbits")
    assert plain(st) == ["boot:d", "sword:x", "torch:d"]  # forced: both undamaged items, keeping their sides


def test_9_2_2_i_an_alliance_revolt_damages_three_items():
    st = vpos({5: {"tokens": ["sympathy"], "warriors": {"marquise": 2}}}, turn="alliance", phase="birdsong",
              vagabond={"where": "5", "items": ["boot", "torch", "sword"]},
              players={"alliance": {"supporters": ["rabbit:Cobbler", "rabbit:Bake Sale"]}})
    play(st, "revolt 5", "spend rabbit:Cobbler", "spend rabbit:Bake Sale")
    assert plain(st) == ["boot:d", "sword:d", "torch:d"]
    assert "base_rabbit" in buildings(st, 5) and warriors(st, 5, "marquise") == 0 and where(st) == "5"


def test_9_2_2_i_scorched_earth_of_another_vagabond_damages_three_items():
    st = vpos({7: {"warriors": {"eyrie": 2}}}, seats=TWO_VAGABONDS, turn="vagabond2",
              vagabond={"character": "thief", "where": "7", "items": ["boot", "torch", "sword", "tea"]},
              vagabond2={"character": "scoundrel", "where": "7"})
    play(st, "scorched earth")
    assert st.decision.player == "vagabond" and st.decision.kind == "vagabond.damage"
    play(st, "damage tea:r", "damage boot:r", "damage torch:r")
    assert plain(st) == ["boot:d", "sword:r", "tea:d", "torch:d"]
    assert warriors(st, 7, "eyrie") == 0 and "torch" in tokens(st, 7)


def test_9_2_2_i_the_vagabonds_own_favor_leaves_his_items_alone():
    st = vpos({1: {"warriors": {"eyrie": 2}}},
              vagabond={"character": "tinker", "where": "1",
                        "items": ["hammer", "hammer", "R-hammer", "boot", "torch"],
                        "hand": ["fox:Favor of the Foxes"]})
    play(st, "craft fox:Favor of the Foxes")
    assert plain(st) == ["boot:r", "hammer:e", "hammer:e", "hammer:e", "torch:r"]
    assert warriors(st, 1, "eyrie") == 0
    assert rel(st, "eyrie") == HOSTILE  # 9.2.9.III: he removed Eyrie warriors


# -- 9.2.3 Nimble --------------------------------------------------------------------------------------
def test_9_2_3_the_vagabond_moves_whoever_rules_either_clearing():
    st = vpos({1: {"warriors": {"eyrie": 3}}, 5: {"warriors": {"marquise": 3}}, 9: {"warriors": {"marquise": 2}}},
              vagabond={"where": "1", "items": ["boot", "boot"]})
    assert st.ruler(0) == "eyrie" and st.ruler(4) == "marquise"
    assert {o for o in ids(st) if o.startswith("move")} == {"move 5", "move 9", "move 10"}
    play(st, "move 5")
    assert where(st) == "5"


# -- 9.2.4 Defenseless -------------------------------------------------------------------------------------
def test_9_2_4_without_an_undamaged_sword_the_vagabond_is_defenseless():
    st = _marquise_attacks_vagabond(0, ["sword:d", "boot", "torch", "tea", "coin"])
    assert {"faction": "marquise", "why": "defenseless"} in event_args(st, "extra_hit")
    st = _marquise_attacks_vagabond(0, ["sword:e", "boot", "torch", "tea", "coin"])  # exhausted, not damaged
    assert not event_args(st, "extra_hit")


# -- 9.2.5 Items ------------------------------------------------------------------------------------------
def test_9_2_5_i_tea_coins_and_bags_face_up_fill_tracks_of_three():
    st = vpos({}, vagabond={"character": "thief", "where": "F2",
                            "items": ["tea", "tea", "tea:e", "coin", "coin:d", "bag", "boot", "torch", "sword"]},
              item_supply={"boot": 2, "bag": 1, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 0, "coin": 0})
    board = vview(st)
    # the exhausted tea lies face down in the Satchel, the damaged coin in the Damaged box
    assert board["tracks"] == {"tea": 2, "coin": 1, "bag": 1}
    places = sorted((e["item"], e["place"]) for e in board["items"])
    assert places == [("bag", "track"), ("boot", "satchel"), ("coin", "damaged"), ("coin", "track"),
                      ("sword", "satchel"), ("tea", "satchel"), ("tea", "track"), ("tea", "track"),
                      ("torch", "satchel")]
    assert board["refresh"] == 3 + 2 * 2 and board["draw"] == 1 + 1 and board["item_limit"] == 6 + 2
    assert board["satchel_count"] == 9 - 2 - 1 - 1


def test_9_2_5_i_each_track_holds_three_items_at_most():
    # the Tinker's bag, the ruin's bag and both bags of the supply: four bags, three on the track
    st = vpos({}, vagabond={"character": "tinker", "where": "F2", "items": ["bag", "bag", "bag", "R-bag", "boot"]})
    board = vview(st)
    assert board["tracks"]["bag"] == 3 and board["item_limit"] == 6 + 2 * 3
    assert sorted(e["place"] for e in board["items"] if e["item"] == "bag") == ["satchel", "track", "track", "track"]
    assert board["satchel_count"] == 2
    assert st.items["bag"] == 0


def test_9_2_5_exhausting_flips_an_item_face_down_only_face_up_undamaged_items():
    st = vpos({}, vagabond={"where": "5", "items": ["boot:d", "boot:e", "sword"]})
    assert not [o for o in ids(st) if o.startswith("move")]  # a damaged or exhausted boot cannot be exhausted
    st = vpos({}, vagabond={"where": "5", "items": ["boot:d", "boot", "sword"]})
    play(st, "move 1")
    assert plain(st) == ["boot:d", "boot:e", "sword:r"]


# -- 9.2.6 Maximum Rolled Hits -------------------------------------------------------------------------------
def _vagabond_attacks(seed, items_=("sword", "sword:d", "boot"), clearing=None, **kw):
    st = vpos(clearing or {5: {"warriors": {"marquise": 5}}}, seed=seed, vagabond={"where": "5", "items": list(items_)},
              **kw)
    play(st, "battle 5 marquise")
    return st


def test_9_2_6_the_vagabonds_rolled_hits_are_capped_by_undamaged_swords():
    seed = seed_for(_vagabond_attacks, lambda st: max(event_args(st, "roll")[0]["dice"]) >= 2)
    st = _vagabond_attacks(seed)
    roll = event_args(st, "roll")[0]
    # the sword exhausted to battle still counts (face up or down); the damaged one does not
    assert roll["att_hits"] == 1
    assert warriors(st, 5, "marquise") == 4


def test_9_2_6_two_undamaged_swords_two_hits():
    seed = seed_for(lambda s: _vagabond_attacks(s, ("sword", "sword:e", "boot")),
                    lambda st: max(event_args(st, "roll")[0]["dice"]) == 3)
    st = _vagabond_attacks(seed, ("sword", "sword:e", "boot"))
    assert event_args(st, "roll")[0]["att_hits"] == 2


# -- 9.2.7 Taking Hits ----------------------------------------------------------------------------------------
def test_9_2_7_each_hit_damages_an_item_of_the_vagabonds_choice_extra_hits_are_ignored():
    def make(seed):
        return _vagabond_attacks(seed, ("sword", "boot:e"), {5: {"warriors": {"marquise": 3}}})

    seed = seed_for(make, lambda st: event_args(st, "roll")[0]["def_hits"] == 3)
    st = make(seed)
    # 3 hits: the exhausted sword and the exhausted boot are damaged face down; the third hit is ignored
    assert plain(st) == ["boot:x", "sword:x"]
    assert where(st) == "5"


def test_9_2_7_the_vagabond_chooses_which_item_takes_each_hit():
    def make(seed):
        return _vagabond_attacks(seed, ("sword", "boot", "torch", "tea"), {5: {"warriors": {"marquise": 2}}})

    seed = seed_for(make, lambda st: event_args(st, "roll")[0]["def_hits"] == 2)
    st = make(seed)
    assert st.decision.kind == "vagabond.hits" and st.decision.player == "vagabond"
    assert option_list(st) == ["damage boot:r", "damage sword:e", "damage tea:r", "damage torch:r"]
    play(st, "damage tea:r", "damage sword:e")
    assert plain(st) == ["boot:r", "sword:x", "tea:d", "torch:r"]


# -- 9.2.8 Dominance Cards and Coalitions -------------------------------------------------------------------
def coalitions(st) -> set[str]:
    return {o for o in ids(st) if o.startswith("coalition")}


def _coalition_pos(vp=None, seats=FOUR, **kw):
    vp = vp or {"marquise": 3, "eyrie": 5, "alliance": 3, "vagabond": 10}
    players = {s: {"vp": vp.get(s, 0)} for s in seats}
    players["vagabond"]["hand"] = ["mouse:Dominance"]
    for s, extra in kw.pop("players", {}).items():
        players[s].update(extra)
    return vpos(kw.pop("clearings", {}), seats=seats, vagabond={"where": "F1", **kw.pop("vagabond", {})},
                players=players, **kw)


def test_9_2_8_the_vagabond_forms_a_coalition_with_the_lowest_scoring_player_tie_his_choice():
    st = _coalition_pos()
    # 3.3.1 as the Vagabond: no activation for the normal victory, a coalition instead
    assert not [o for o in ids(st) if o.startswith("activate")]
    assert coalitions(st) == {"coalition mouse:Dominance with marquise", "coalition mouse:Dominance with alliance"}
    play(st, "coalition mouse:Dominance with alliance")
    assert st.fdata["vagabond"]["coalition"] == "alliance"
    assert st.card(st.dominance["vagabond"]).key == "mouse:Dominance" and hand(st, "vagabond") == []
    assert event_args(st, "coalition") == [{"faction": "vagabond", "partner": "alliance", "card": "mouse:Dominance"}]
    assert st.coalition("vagabond") == ["alliance"] and st.coalition("alliance") == ["vagabond"]
    assert "alliance" not in st.enemies("vagabond") and "vagabond" not in st.enemies("alliance")
    assert vview(st)["coalition"] == "alliance"


def test_9_2_8_coalitions_only_with_four_or_more_players():
    st = _coalition_pos(seats=("marquise", "eyrie", "vagabond"))
    assert coalitions(st) == set() and not [o for o in ids(st) if o.startswith("activate")]


def test_9_2_8_activating_needs_ten_victory_points():
    st = _coalition_pos({"marquise": 3, "eyrie": 5, "alliance": 3, "vagabond": 9})
    assert coalitions(st) == set()


def test_9_2_8_a_player_with_an_activated_dominance_card_cannot_be_chosen():
    # FAQ (9.2.8): that player has no score marker on the track
    st = _coalition_pos({"marquise": 3, "eyrie": 0, "alliance": 4, "vagabond": 12},
                        players={"eyrie": {"dominance": "fox:Dominance"}})
    assert coalitions(st) == {"coalition mouse:Dominance with marquise"}


def test_9_2_8_the_lowest_player_already_in_a_coalition_leaves_no_partner():
    st = _coalition_pos({"marquise": 2, "vagabond": 12, "eyrie": 5, "vagabond2": 0}, seats=TWO_VAGABONDS,
                        players={"vagabond2": {"dominance": "rabbit:Dominance", "coalition": "marquise"}})
    # the Marquise has fewest VP on the track but is in a coalition; the Eyrie are not the lowest
    assert coalitions(st) == set()
    st = _coalition_pos({"marquise": 2, "vagabond": 12, "eyrie": 5, "vagabond2": 1}, seats=TWO_VAGABONDS)
    assert coalitions(st) == {"coalition mouse:Dominance with vagabond2"}  # a Vagabond can be the partner


def test_9_2_8_in_a_coalition_the_vagabond_scores_no_more_points():
    st = _coalition_pos(vagabond={"where": "6", "items": ["torch", "boot", "sword", "tea"]},
                        ruins={"6": ["bag"], "10": ["boot"], "11": ["hammer"], "12": ["sword"]})
    play(st, "coalition mouse:Dominance with marquise", "explore")
    assert "bag:r" in plain(st) and st.vp["vagabond"] == 10  # the item, but no point (9.5.3)


def test_9_2_8_coalition_partners_do_not_battle_each_other():
    st = _coalition_pos(vagabond={"where": "5", "items": ["sword", "sword", "boot"]},
                        clearings={5: {"warriors": {"marquise": 2, "eyrie": 1}}})
    assert {o for o in ids(st) if o.startswith("battle")} == {"battle 5 marquise", "battle 5 eyrie"}
    play(st, "coalition mouse:Dominance with marquise")
    assert {o for o in ids(st) if o.startswith("battle")} == {"battle 5 eyrie"}
    assert not [o for o in ids(st) if o.startswith("strike")]


def test_9_2_9_iii_d_a_coalition_with_a_hostile_faction_makes_it_indifferent():
    st = _coalition_pos(vagabond={"relationships": {"marquise": "hostile"}})
    play(st, "coalition mouse:Dominance with marquise")
    assert rel(st, "marquise") == vb.INDIFFERENT


def test_9_2_8_if_the_partner_wins_the_vagabond_wins_too():
    st = vpos({1: {"buildings": ["workshop"], "warriors": {"marquise": 1}}}, turn="marquise",
              vagabond={"where": "F1", "dominance": "mouse:Dominance", "coalition": "marquise"},
              players={"marquise": {"vp": 29, "hand": ["fox:Anvil"]}, "vagabond": {"vp": 14}})
    play(st, "craft fox:Anvil")
    assert st.terminal
    assert st.result["winners"] == ["marquise", "vagabond"] and st.result["reason"] == "vp"


def test_9_2_8_a_dominance_victory_of_the_partner_is_shared():
    st = vpos({1: {"warriors": {"eyrie": 1}}, 8: {"warriors": {"eyrie": 1}}, 12: {"warriors": {"eyrie": 1}}},
              turn="eyrie", phase="birdsong",
              vagabond={"where": "F1", "dominance": "mouse:Dominance", "coalition": "eyrie"},
              players={"eyrie": {"dominance": "fox:Dominance"}})
    assert st.terminal and st.result["winners"] == ["eyrie", "vagabond"] and st.result["reason"] == "dominance"


# -- 9.2.9 Relationships --------------------------------------------------------------------------------
RABBITS = ["rabbit:Cobbler", "rabbit:Bake Sale", "rabbit:A Visit to Friends", "rabbit:Root Tea",
           "rabbit:Smuggler's Trail", "rabbit:Better Burrow Bank"]
READY = ["boot", "boot", "torch", "tea", "sword", "crossbow"]


def _aid_pos(level="indifferent", hand_=RABBITS, items_=READY, **kw):
    return vpos({5: {"warriors": {"marquise": 1}}},
                vagabond={"character": "thief", "where": "5", "items": list(items_), "hand": list(hand_),
                          "relationships": {"marquise": level}}, **kw)


def _aid(st, target="marquise"):
    """One Aid: the first matching card, exhausting the first item offered; no item taken."""
    opt = next(o for o in option_list(st) if o.startswith(f"aid {target} "))
    play(st, opt)
    while st.decision.kind == "vagabond.aid":
        play(st, "take nothing" if st.decision.args["stage"] == "take" else option_list(st)[0])


def test_9_2_9_i_improving_costs_one_two_three_aids_in_a_turn_and_scores_one_two_two():
    st = _aid_pos()
    _aid(st)
    assert rel(st, "marquise") == 1 and st.vp["vagabond"] == 1  # cost 1, space worth 1 VP
    _aid(st)
    assert rel(st, "marquise") == 1 and st.vp["vagabond"] == 1  # the next space costs two aids
    assert vview(st)["aids_this_turn"] == {"marquise": 1}
    _aid(st)
    assert rel(st, "marquise") == 2 and st.vp["vagabond"] == 3
    assert event_args(st, "relationship") == [{"faction": "vagabond", "target": "marquise", "level": 1},
                                             {"faction": "vagabond", "target": "marquise", "level": 2}]
    st = _aid_pos(level=2)
    _aid(st)
    _aid(st)
    assert rel(st, "marquise") == 2 and st.vp["vagabond"] == 0
    _aid(st)
    assert rel(st, "marquise") == ALLIED and st.vp["vagabond"] == 2
    assert vview(st)["relationships"]["marquise"] == "allied"


def test_9_2_9_i_a_aids_count_only_within_one_turn():
    st = _aid_pos(level=1)
    _aid(st)
    assert vview(st)["aids_this_turn"] == {"marquise": 1}
    play(st, "end daylight")
    while st.current == "vagabond":
        play(st, option_list(st)[0])
    assert vview(st)["aids_this_turn"] == {}  # the next turn starts from zero
    assert rel(st, "marquise") == 1


def test_9_2_9_ii_a_aiding_an_allied_faction_scores_two():
    st = _aid_pos(level="allied")
    _aid(st)
    _aid(st)
    assert st.vp["vagabond"] == 4 and rel(st, "marquise") == ALLIED
    assert [e["why"] for e in event_args(st, "score")] == ["aid_ally", "aid_ally"]


def test_9_2_9_ii_b_moving_with_allied_warriors():
    st = vpos({5: {"warriors": {"marquise": 3, "eyrie": 2}}, 1: {"tokens": ["sympathy"]}},
              vagabond={"where": "5", "items": ["boot", "boot"],
                        "relationships": {"marquise": "allied", "eyrie": 2}},
              players={"marquise": {"hand": ["fox:Anvil"]}})
    moves = {o for o in ids(st) if o.startswith("move 1")}
    # warriors of one Allied faction only (the Eyrie are not Allied), any number of them
    assert moves == {"move 1", "move 1 with marquise x1", "move 1 with marquise x2", "move 1 with marquise x3"}
    play(st, "move 1 with marquise x2")
    assert where(st) == "1" and warriors(st, 1, "marquise") == 2 and warriors(st, 5, "marquise") == 1
    # the forced Marquise moved warriors into a sympathetic clearing: the Marquise answers the Outrage (8.2.6)
    assert event_args(st, "outrage") == [{"faction": "marquise", "clearing": 1}]
    assert st.decision.player == "marquise"


def test_9_2_9_ii_b_slipping_with_allied_warriors_but_not_into_a_forest():
    st = vpos({5: {"warriors": {"marquise": 1}}}, phase="birdsong",
              vagabond={"where": "5", "items": ["boot"], "relationships": {"marquise": "allied"}})
    assert option_list(st) == ["slip 1", "slip 1 with marquise x1", "slip 2", "slip 2 with marquise x1", "slip F1",
                               "stay"]
    play(st, "slip 2 with marquise x1")
    assert where(st) == "2" and warriors(st, 2, "marquise") == 1


#: issue #9's position: 1 Marquise and 1 Eyrie warrior in 5 (the Eyrie rule it by Lords of the Forest, 7.2.2),
#: 2 Marquise warriors in 2, nobody in 1; the Thief in 5 Allied with both
ALLIED_BOTH = {"character": "thief", "where": "5", "items": ["sword", "boot", "torch"],
               "relationships": {"marquise": "allied", "eyrie": "allied"}}
MARQUISE_EYRIE_VAGABOND = ("marquise", "eyrie", "vagabond")


def test_9_2_9_II_b_1_5_5_4_2_1_allied_warriors_move_only_where_their_faction_rules():
    st = vpos({5: {"warriors": {"marquise": 1, "eyrie": 1}}, 2: {"warriors": {"marquise": 2}}},
              seats=MARQUISE_EYRIE_VAGABOND, vagabond=ALLIED_BOTH)
    assert st.ruler(4) == "eyrie" and st.ruler(1) == "marquise" and st.ruler(0) is None
    moves = {o for o in ids(st) if o.startswith("move")}
    # forced to move (1.5.5), the Marquise must rule 5 or 1 (4.2.1): she rules neither; the Eyrie rule 5
    assert "move 1 with marquise x1" not in moves
    assert moves == {"move 1", "move 1 with eyrie x1", "move 2", "move 2 with marquise x1", "move 2 with eyrie x1"}
    rules = {o.id: o.rule for o in st.decision.options}
    assert rules["move 1 with eyrie x1"] == "root:9.2.9.II.b"
    play(st, "move 1 with eyrie x1")
    assert where(st) == "1" and warriors(st, 1, "eyrie") == 1 and warriors(st, 5, "marquise") == 1


def test_9_4_2_slip_carries_allied_warriors_under_the_same_rule_check_9_2_9_II_b_1_5_5():
    st = vpos({5: {"warriors": {"marquise": 1, "eyrie": 1}}, 2: {"warriors": {"marquise": 2}}},
              seats=MARQUISE_EYRIE_VAGABOND, phase="birdsong", vagabond=ALLIED_BOTH)
    assert st.decision.kind == "vagabond.slip"
    # 9.2.9.II.b: "whenever" he moves to an adjacent clearing, Slip too; never into a forest
    assert option_list(st) == ["slip 1", "slip 1 with eyrie x1", "slip 2", "slip 2 with marquise x1",
                               "slip 2 with eyrie x1", "slip F1", "stay"]
    play(st, "slip 2 with marquise x1")
    assert where(st) == "2" and warriors(st, 2, "marquise") == 3


def test_9_4_2_slip_ignores_the_snare_for_the_pawn_only_13_7_2_1_5_5():
    # the Marquise rule 5, but a face-up snare holds her warriors there; the Slip ignores it for the Vagabond
    st = vpos({5: {"warriors": {"marquise": 2}, "tokens": ["plot_snare"]}}, phase="birdsong",
              seats=("marquise", "corvid", "vagabond"),
              vagabond={"character": "thief", "where": "5", "items": ["boot"], "relationships": {"marquise": "allied"}})
    assert option_list(st) == ["slip 1", "slip 2", "slip F1", "stay"]


def test_9_2_9_II_b_riverfolk_allies_swim_along_the_river_others_cannot_11_2_2_11_2_7_2():
    # The Vagabond buys Riverboats (11.2.7.2: rivers are paths for him only) and slips along the river 5–10.
    # In 5 the Marquise rule (2 against 1): her warriors cannot cross a river; the Allied Riverfolk swim along it
    # ruling neither clearing (11.2.2), and along the path 5–1 only where they would rule, which they do not.
    st = vpos({5: {"warriors": {"marquise": 2, "riverfolk": 1}}}, phase="birdsong",
              seats=("marquise", "riverfolk", "vagabond"),
              vagabond={"character": "thief", "where": "5", "items": ["boot", "sword", "torch"],
                        "relationships": {"marquise": "allied", "riverfolk": "allied"}},
              players={"riverfolk": {"prices": {"riverboats": 1}}})
    play(st, "services first", "buy riverboats", "exhaust torch")
    while st.decision.kind == "riverfolk.services":
        play(st, "done")
    assert st.decision.kind == "vagabond.slip"
    slips = {o for o in ids(st) if o.startswith("slip 10") or o.startswith("slip 1 ") or o == "slip 1"}
    assert slips == {"slip 10", "slip 10 with riverfolk x1", "slip 1", "slip 1 with marquise x1",
                     "slip 1 with marquise x2"}


def test_9_2_9_II_b_cobbler_moves_allied_warriors_under_the_rule_check_4_1_3():
    st = vpos({5: {"warriors": {"marquise": 1, "eyrie": 1}}, 2: {"warriors": {"marquise": 2}}},
              seats=MARQUISE_EYRIE_VAGABOND, phase="evening",
              vagabond={**ALLIED_BOTH, "crafted": ["rabbit:Cobbler"]})
    assert st.decision.kind == "card.cobbler"
    assert ids(st) == {"move 1", "move 1 with eyrie x1", "move 2", "move 2 with marquise x1", "move 2 with eyrie x1",
                       "skip"}
    play(st, "move 2 with eyrie x1")
    assert where(st) == "2" and warriors(st, 2, "eyrie") == 1 and warriors(st, 2, "marquise") == 2


def _ally_battle(seed, with_ally=True, items_=("sword", "boot", "torch")):
    st = vpos({5: {"warriors": {"marquise": 3, "eyrie": 3}}}, seed=seed,
              vagabond={"where": "5", "items": list(items_), "relationships": {"marquise": "allied"}},
              players={"eyrie": {"hand": []}})
    play(st, "battle 5 eyrie")
    assert st.decision.kind == "vagabond.battle_ally"
    assert option_list(st) == ["with marquise", "alone"]
    play(st, "with marquise" if with_ally else "alone")
    return st


def test_9_2_9_ii_c_attacking_with_allied_warriors_raises_the_maximum_rolled_hits():
    seed = seed_for(_ally_battle, lambda st: max(event_args(st, "roll")[0]["dice"]) == 3)
    st = _ally_battle(seed)
    assert event_args(st, "battle_with_ally") == [{"faction": "vagabond", "ally": "marquise"}]
    assert event_args(st, "roll")[0]["att_hits"] == 3  # one sword + three Allied warriors
    alone = _ally_battle(seed, with_ally=False)
    assert event_args(alone, "roll")[0]["att_hits"] == 1


def test_9_2_9_ii_c_no_allied_warriors_against_that_same_ally():
    st = vpos({5: {"warriors": {"marquise": 3}}}, vagabond={"where": "5", "items": ["sword", "boot"],
                                                           "relationships": {"marquise": "allied"}},
              players={"marquise": {"hand": []}})
    play(st, "battle 5 marquise")
    assert not events(st, "battle_with_ally") and st.decision.kind != "vagabond.battle_ally"


def _ally_hits(seed):
    return _ally_battle(seed, items_=("sword", "boot", "torch", "tea"))


def test_9_2_9_ii_d_taking_hits_with_allied_warriors_more_warriors_than_items_makes_them_hostile():
    seed = seed_for(_ally_hits, lambda st: event_args(st, "roll")[0]["def_hits"] == 3)
    st = _ally_hits(seed)
    assert st.decision.kind == "vagabond.hits"
    assert "remove marquise warrior" in ids(st)
    play(st, "remove marquise warrior", "damage tea:r", "remove marquise warrior")
    # two Allied warriors against one item: Hostile at the end of the battle (9.2.9.II.d), not before
    assert rel(st, "marquise") == HOSTILE
    to_marquise = [e for e in events(st, "hostile") if e.args["target"] == "marquise"]
    assert len(to_marquise) == 1 and to_marquise[0].rule == "9.2.9.II.d"
    log = st.log
    assert log.index(to_marquise[0]) > max(i for i, e in enumerate(log) if e.kind == "remove_warriors")


def test_9_2_9_ii_d_as_many_items_as_warriors_keeps_the_alliance():
    seed = seed_for(_ally_hits, lambda st: event_args(st, "roll")[0]["def_hits"] == 2)
    st = _ally_hits(seed)
    play(st, "remove marquise warrior", "damage tea:r")
    assert rel(st, "marquise") == ALLIED
    assert [e["target"] for e in event_args(st, "hostile")] in ([], ["eyrie"])  # the Eyrie, if he removed some
    assert warriors(st, 5, "marquise") == 2


def test_9_2_9_iii_removing_a_warrior_of_a_non_hostile_faction_makes_it_hostile():
    st = vpos({5: {"warriors": {"marquise": 2}}},
              vagabond={"character": "ranger", "where": "5", "items": ["crossbow", "crossbow:e", "boot"]})
    play(st, "strike marquise")
    assert rel(st, "marquise") == HOSTILE and warriors(st, 5, "marquise") == 1
    assert st.vp["vagabond"] == 0  # a warrior scores nothing (3.2.1), and Infamy is only in battle (FAQ)


def test_9_2_9_iii_removing_only_buildings_does_not_make_a_faction_hostile():
    # FAQ (9.2.9.III): no witnesses
    st = vpos({5: {"buildings": ["sawmill", "workshop"]}}, vagabond={"where": "5", "items": ["crossbow", "boot"]})
    assert {o for o in ids(st) if o.startswith("strike")} == {"strike marquise sawmill", "strike marquise workshop"}
    play(st, "strike marquise sawmill")
    assert rel(st, "marquise") == vb.INDIFFERENT and st.vp["vagabond"] == 1 and buildings(st, 5) == ["workshop"]


def _vagabond_battles(seed, clearing, level="indifferent", items_=("sword", "sword", "boot")):
    st = vpos(clearing, seed=seed, vagabond={"where": "5", "items": list(items_), "relationships": {"marquise": level}},
              players={"marquise": {"hand": []}})
    play(st, "battle 5 marquise")
    return st


def test_9_2_9_iii_a_infamy_every_hostile_piece_removed_in_battle_on_his_turn_but_the_first_warrior():
    def make(seed):
        return _vagabond_battles(seed, {5: {"warriors": {"marquise": 2}}})

    seed = seed_for(make, lambda st: event_args(st, "roll")[0]["att_hits"] == 2)
    st = make(seed)
    assert warriors(st, 5, "marquise") == 0 and rel(st, "marquise") == HOSTILE
    assert st.vp["vagabond"] == 1 and event_args(st, "score")[0]["why"] == "infamy"


def test_9_2_9_iii_a_infamy_adds_to_the_point_for_a_building():
    def make(seed):
        return _vagabond_battles(seed, {5: {"buildings": ["sawmill"]}}, level="hostile")

    seed = seed_for(make, lambda st: event_args(st, "roll")[0]["att_hits"] >= 1)
    st = make(seed)
    assert buildings(st, 5) == [] and st.vp["vagabond"] == 2
    assert sorted(e["why"] for e in event_args(st, "score")) == ["infamy", "remove"]


def test_9_2_9_iii_a_no_infamy_on_another_players_turn():
    def make(seed):
        st = vpos({5: {"warriors": {"marquise": 3}}}, turn="marquise", seed=seed,
                  vagabond={"where": "5", "items": ["sword", "sword", "boot", "torch"]})
        play(st, "end crafting", "battle 5 vagabond")
        return st

    seed = seed_for(make, lambda st: event_args(st, "roll")[0]["def_hits"] == 2)
    st = make(seed)
    assert rel(st, "marquise") == HOSTILE and st.vp["vagabond"] == 0


def test_9_2_9_iii_b_entering_a_clearing_with_hostile_warriors_costs_an_extra_boot():
    clearing = {1: {"warriors": {"marquise": 1}}, 2: {"buildings": ["sawmill"]}}
    one = vpos(clearing, vagabond={"where": "5", "items": ["boot"], "relationships": {"marquise": "hostile"}})
    assert {o for o in ids(one) if o.startswith("move")} == {"move 2"}  # only buildings of the Marquise in 2
    two = vpos(clearing, vagabond={"where": "5", "items": ["boot", "boot", "boot"],
                                   "relationships": {"marquise": "hostile"}})
    opt = next(o for o in two.decision.options if o.id == "move 1")
    assert opt.args["boots"] == 2
    play(two, "move 1")
    assert plain(two) == ["boot:e", "boot:e", "boot:r"]


def test_9_2_9_iii_b_slip_needs_no_boot_even_into_hostile_warriors():
    st = vpos({1: {"warriors": {"marquise": 1}}}, phase="birdsong",
              vagabond={"where": "5", "items": ["sword"], "relationships": {"marquise": "hostile"}})
    play(st, "slip 1")
    assert where(st) == "1" and plain(st) == ["sword:r"]


def test_9_2_9_iii_c_aiding_a_hostile_faction_improves_nothing_but_takes_an_item():
    st = vpos({5: {"warriors": {"marquise": 1}}},
              vagabond={"where": "5", "items": ["boot", "torch"], "hand": ["rabbit:Cobbler"],
                        "relationships": {"marquise": "hostile"}},
              players={"marquise": {"items": ["sword", "coin"]}})
    play(st, "aid marquise rabbit:Cobbler")
    assert st.decision.args == {"stage": "exhaust", "target": "marquise"}
    assert option_list(st) == ["exhaust boot", "exhaust torch"]
    play(st, "exhaust torch")
    assert option_list(st) == ["take coin", "take sword", "take nothing"]
    play(st, "take coin")
    assert rel(st, "marquise") == HOSTILE and st.vp["vagabond"] == 0
    assert plain(st) == ["boot:r", "coin:r", "torch:e"] and st.crafted_items["marquise"] == ["sword"]
    assert hand(st, "marquise") == ["rabbit:Cobbler"] and st.vp["marquise"] == 0


# -- 9.3 Faction Setup --------------------------------------------------------------------------------------
def _to_vagabond_setup(players=FOUR, seed=5):
    st = GAME.new(seed=seed, players=list(players), options={"seating": "fixed"})
    while st.decision.kind != "vagabond.setup.character":
        play(st, option_list(st)[0])
    return st


def test_9_3_setup_character_forest_quests_ruins_items_relationships():
    st = _to_vagabond_setup()
    # 9.3.1 any of the nine characters of Appendix D
    assert option_list(st) == [f"character {c}" for c in ("thief", "tinker", "ranger", "vagrant", "arbiter",
                                                          "scoundrel", "adventurer", "ronin", "harrier")]
    play(st, "character ranger")
    # 9.3.2 the pawn in any forest
    assert st.decision.kind == "vagabond.setup.forest"
    assert option_list(st) == [f"forest F{f}" for f in range(1, 8)]
    play(st, "forest F4")
    assert where(st) == "F4" and st.pawn_clearing("vagabond") is None
    # 9.3.3 three quests face up, the other twelve in the quest deck
    assert len(st.quests_up) == 3 and len(st.quest_deck) == 12
    assert sorted(st.quests_up + st.quest_deck) == list(range(15))
    # 9.3.4 one "R" item (bag, boot, hammer, sword) under each of the four ruins
    ruins = [c for c in range(12) if "ruin" in st.buildings[c]]
    assert sorted(st.ruin_items, key=int) == [str(c) for c in ruins] and len(ruins) == 4
    assert sorted(st.ruin_items.values()) == ["R-bag", "R-boot", "R-hammer", "R-sword"]
    # 9.3.5 the character's "S" items face up; 9.3.6 every other faction Indifferent
    assert plain(st) == ["boot:r", "crossbow:r", "sword:r", "torch:r"]
    assert [rel(st, f) for f in ("marquise", "eyrie", "alliance")] == [0, 0, 0]
    assert st.fdata["vagabond"]["quests_done"] == [] and st.fdata["vagabond"]["coalition"] is None
    assert st.items == {"boot": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coin": 2}
    assert st.decision.player == "marquise" and st.phase == "daylight"  # 5.1.7 then the first turn


def test_9_3_5_tea_coins_and_bags_start_on_their_tracks():
    st = _to_vagabond_setup()
    play(st, "character tinker", "forest F1")
    assert vview(st)["tracks"] == {"tea": 0, "coin": 0, "bag": 1}
    st = _to_vagabond_setup()
    play(st, "character vagrant", "forest F1")
    assert vview(st)["tracks"] == {"tea": 0, "coin": 1, "bag": 0}


def test_9_3_the_vagabond_sets_up_last_in_the_standard_order():
    st = GAME.new(seed=2, players=list(FOUR))
    assert st.factions == ["marquise", "eyrie", "alliance", "vagabond"]
    order = []
    while st.phase == "setup":
        if st.decision.player not in order:
            order.append(st.decision.player)
        play(st, option_list(st)[0])
    assert order == ["marquise", "eyrie", "vagabond"]  # the Alliance has no setup choice


# -- 9.4 Birdsong ------------------------------------------------------------------------------------------
def test_9_4_1_refresh_two_per_tea_on_the_track_plus_three():
    # one tea on the track: five refreshes for six exhausted items, the Vagabond picks
    st = vpos({}, phase="birdsong", vagabond={"where": "F1", "items": ["tea", "boot:e", "boot:e", "torch:e", "sword:e",
                                                                       "crossbow:e", "hammer:x"]},
              players={"marquise": {"items": []}},
              item_supply={"boot": 1, "bag": 2, "crossbow": 0, "hammer": 0, "sword": 2, "tea": 1, "coin": 2})
    assert st.decision.kind == "vagabond.refresh" and st.decision.args == {"count": 5}
    assert option_list(st) == ["refresh boot:e", "refresh crossbow:e", "refresh hammer:x", "refresh sword:e",
                               "refresh torch:e"]
    play(st, "refresh hammer:x", "refresh boot:e", "refresh boot:e", "refresh torch:e")
    assert st.decision.args == {"count": 1}
    play(st, "refresh sword:e")
    # a refreshed damaged item stays damaged, face up (9.2.5)
    assert plain(st) == ["boot:r", "boot:r", "crossbow:e", "hammer:d", "sword:r", "tea:r", "torch:r"]
    assert st.decision.kind == "vagabond.slip"


def test_9_4_1_with_no_more_exhausted_items_than_refreshes_all_flip_at_once():
    st = vpos({}, phase="birdsong",
              vagabond={"where": "F1", "items": ["boot:e", "torch:e", "sword:x", "tea", "coin:e"]})
    assert st.decision.kind == "vagabond.slip"
    assert plain(st) == ["boot:r", "coin:r", "sword:d", "tea:r", "torch:r"]
    assert event_args(st, "refresh") == [{"faction": "vagabond", "count": 4}]


def test_9_4_1_an_exhausted_tea_does_not_count():
    st = vpos({}, phase="birdsong", vagabond={"where": "F1", "items": ["tea:e", "boot:e", "torch:e", "sword:e",
                                                                       "boot:e"]})
    assert st.decision.kind == "vagabond.refresh" and st.decision.args == {"count": 3}


def test_9_4_2_slip_to_an_adjacent_clearing_or_forest_without_boots():
    st = vpos({}, phase="birdsong", vagabond={"where": "10", "items": ["sword"]})
    assert option_list(st) == ["slip 1", "slip 2", "slip 12", "slip F1", "slip F2", "slip F3", "stay"]
    play(st, "slip F3")
    assert where(st) == "F3"
    st = vpos({}, phase="birdsong", vagabond={"where": "F5", "items": ["sword"]})
    # from forest 5 (3, 6, 11) to its clearings and to the forests across one path (F3 over 6–11, F4 over 3–11)
    assert option_list(st) == ["slip 3", "slip 6", "slip 11", "slip F3", "slip F4", "stay"]


def test_9_4_2_slip_then_daylight():
    st = vpos({}, phase="birdsong", vagabond={"where": "F1", "items": ["sword"]})
    play(st, "stay")
    assert where(st) == "F1" and st.phase == "daylight" and st.decision.kind == "vagabond.daylight"


# -- 9.5 Daylight ------------------------------------------------------------------------------------------
def test_9_5_1_move_exhausts_a_boot_only_into_clearings():
    st = vpos({}, vagabond={"where": "10", "items": ["boot", "boot:e"]})
    assert {o for o in ids(st) if o.startswith("move")} == {"move 1", "move 2", "move 12"}  # no forests
    play(st, "move 12")
    assert where(st) == "12" and plain(st) == ["boot:e", "boot:e"]
    assert not [o for o in ids(st) if o.startswith("move")]  # no face-up boot left


def test_9_5_1_from_a_forest_only_into_an_adjacent_clearing():
    st = vpos({}, vagabond={"where": "F6", "items": ["boot"]})
    assert {o for o in ids(st) if o.startswith("move")} == {"move 4", "move 9", "move 12"}


def test_9_5_2_battle_exhausts_a_sword_against_any_enemy_with_pieces_there():
    st = vpos({5: {"warriors": {"marquise": 1}, "buildings": ["base_rabbit"]}, 1: {"warriors": {"eyrie": 1}}},
              vagabond={"where": "5", "items": ["sword", "boot"]}, players={"marquise": {"hand": []}})
    assert {o for o in ids(st) if o.startswith("battle")} == {"battle 5 marquise", "battle 5 alliance"}
    play(st, "battle 5 alliance")
    assert "sword:e" in plain(st)
    assert events(st, "battle")[0].rule == "9.5.2"
    st = vpos({5: {"warriors": {"marquise": 1}}}, vagabond={"where": "5", "items": ["sword:e", "sword:d", "boot"]})
    assert not [o for o in ids(st) if o.startswith("battle")]


def test_9_5_3_explore_takes_the_item_under_the_ruin_scores_and_removes_the_empty_ruin():
    st = vpos({}, vagabond={"where": "10", "items": ["torch", "boot"]},
              ruins={"6": ["bag"], "10": ["sword"], "11": ["hammer"], "12": ["boot"]})
    assert "explore" in ids(st)
    play(st, "explore")
    assert items(st) == ["R-sword:r", "boot:r", "torch:e"]
    assert st.vp["vagabond"] == 1 and "ruin" not in buildings(st, 10) and "9" not in st.ruin_items
    assert event_args(st, "vagabond_item") == [{"faction": "vagabond", "item": "sword"}]  # revealed
    assert event_args(st, "ruin_removed") == [{"clearing": 10}]
    assert "explore" not in ids(st)


def test_9_5_3_explore_needs_a_face_up_torch_and_a_ruin():
    st = vpos({}, vagabond={"where": "10", "items": ["torch:e", "boot"]})
    assert "explore" not in ids(st)
    st = vpos({}, vagabond={"where": "5", "items": ["torch", "boot"]})
    assert "explore" not in ids(st)


def test_9_5_4_aid_exhausts_any_item_gives_a_matching_card_birds_wild_then_takes_a_crafted_item():
    st = vpos({5: {"warriors": {"eyrie": 1}, "buildings": ["sawmill"]}},
              vagabond={"where": "5", "items": ["boot", "torch:e", "sword"],
                        "hand": ["rabbit:Cobbler", "bird:Sappers", "fox:Anvil"]},
              players={"marquise": {"items": ["tea"]}, "eyrie": {"items": ["hammer"]}})
    aids = {o for o in ids(st) if o.startswith("aid")}
    # any player with a piece there (the Marquise has only a building); a rabbit card or a bird
    assert aids == {"aid marquise rabbit:Cobbler", "aid marquise bird:Sappers", "aid eyrie rabbit:Cobbler",
                    "aid eyrie bird:Sappers"}
    play(st, "aid marquise bird:Sappers")
    assert option_list(st) == ["exhaust boot", "exhaust sword"]  # any face-up undamaged item
    play(st, "exhaust sword")
    assert st.decision.args["stage"] == "take"
    play(st, "take tea")
    assert plain(st) == ["boot:r", "sword:e", "tea:r", "torch:e"] and st.crafted_items["marquise"] == []
    assert hand(st, "marquise") == ["bird:Sappers"] and hand(st, "vagabond") == ["fox:Anvil", "rabbit:Cobbler"]
    # the card given is seen by both, the suit by everyone
    assert [e.args for e in events(st, "card_given")] == [{"faction": "vagabond", "target": "marquise",
                                                           "card": "bird:Sappers"}]
    assert events(st, "card_given")[0].seats == ("vagabond", "marquise")
    assert event_args(st, "aid") == [{"faction": "vagabond", "target": "marquise", "suit": "bird"}]
    assert rel(st, "marquise") == 1 and st.vp["vagabond"] == 1


def test_9_5_4_aid_without_crafted_items_to_take_ends_at_once():
    st = vpos({5: {"warriors": {"eyrie": 1}}},
              vagabond={"where": "5", "items": ["boot"], "hand": ["rabbit:Cobbler"]})
    play(st, "aid eyrie rabbit:Cobbler")  # one item to exhaust, nothing to take: no further choice
    assert st.decision.kind == "vagabond.daylight" and plain(st) == ["boot:e"] and rel(st, "eyrie") == 1


def test_9_5_5_quest_exhausts_the_two_items_keeps_the_card_draws_a_new_one_and_rewards():
    st = vpos({}, vagabond={"where": "1", "items": ["tea", "boot", "torch"], "quests_done": ["fox:Fundraising"]},
              quests={"face_up": ["fox:Errand", "rabbit:Guard Duty", "mouse:Escort"], "deck": ["fox:Give a Speech"]},
              deck=["mouse:Sword", "fox:Anvil", "rabbit:Cobbler"])
    assert {o for o in ids(st) if o.startswith("quest")} == {"quest fox:Errand"}  # a fox quest in a fox clearing
    play(st, "quest fox:Errand")
    assert plain(st) == ["boot:e", "tea:e", "torch:r"]
    assert quest_keys(st.fdata["vagabond"]["quests_done"]) == ["fox:Fundraising", "fox:Errand"]
    assert quest_keys(st.quests_up) == ["rabbit:Guard Duty", "mouse:Escort", "fox:Give a Speech"]
    assert st.quest_deck == []
    # one VP per completed fox quest, this one included, or two cards
    assert option_list(st) == ["score 2", "draw 2"]
    play(st, "score 2")
    assert st.vp["vagabond"] == 2
    st = vpos({}, vagabond={"where": "1", "items": ["tea", "boot", "torch"]},
              quests={"face_up": ["fox:Errand", "rabbit:Guard Duty", "mouse:Escort"]},
              deck=["mouse:Sword", "fox:Anvil", "rabbit:Cobbler"])
    play(st, "quest fox:Errand", "draw 2")
    assert hand(st, "vagabond") == ["fox:Anvil", "mouse:Sword"] and st.vp["vagabond"] == 0


def test_9_5_5_a_quest_needs_both_items_face_up():
    st = vpos({}, vagabond={"where": "2", "items": ["boot", "boot:e", "torch"]},
              quests={"face_up": ["mouse:Escort", "rabbit:Guard Duty", "fox:Errand"]})
    assert not [o for o in ids(st) if o.startswith("quest")]
    st = vpos({}, vagabond={"where": "2", "items": ["boot", "boot", "torch"]},
              quests={"face_up": ["mouse:Escort", "rabbit:Guard Duty", "fox:Errand"]})
    assert {o for o in ids(st) if o.startswith("quest")} == {"quest mouse:Escort"}


def test_9_5_6_strike_removes_an_enemy_warrior_or_with_none_another_piece():
    st = vpos({5: {"warriors": {"marquise": 1}, "buildings": ["sawmill"], "tokens": ["wood"]},
               }, vagabond={"character": "ranger", "where": "5", "items": ["crossbow", "boot"]},
              players={"eyrie": {}})
    assert {o for o in ids(st) if o.startswith("strike")} == {"strike marquise"}  # the warrior first
    play(st, "strike marquise")
    assert warriors(st, 5, "marquise") == 0 and plain(st) == ["boot:r", "crossbow:e"]
    st = vpos({5: {"buildings": ["sawmill"], "tokens": ["wood"]}},
              vagabond={"character": "ranger", "where": "5", "items": ["crossbow", "boot"]})
    assert {o for o in ids(st) if o.startswith("strike")} == {"strike marquise sawmill", "strike marquise wood"}
    play(st, "strike marquise wood")
    assert tokens(st, 5) == [] and st.vp["vagabond"] == 1


def test_9_5_7_repair_exhausts_a_hammer_and_keeps_the_items_side():
    st = vpos({}, vagabond={"character": "tinker", "where": "F1", "items": ["hammer", "boot:x", "sword:d"]})
    assert {o for o in ids(st) if o.startswith("repair")} == {"repair boot:x", "repair sword:d"}
    play(st, "repair boot:x")
    assert plain(st) == ["boot:e", "hammer:e", "sword:d"]  # repaired face down, in the forest too
    assert not [o for o in ids(st) if o.startswith("repair")]


def test_9_5_8_craft_plays_a_card_and_exhausts_matching_hammers():
    st = vpos({}, vagabond={"character": "tinker", "where": "3", "items": ["hammer", "hammer", "R-hammer", "boot"],
                            "hand": ["rabbit:Cobbler"]})
    play(st, "craft rabbit:Cobbler")
    assert [st.card(c).key for c in st.crafted["vagabond"]] == ["rabbit:Cobbler"]
    assert plain(st).count("hammer:e") == 2 and plain(st).count("hammer:r") == 1


def test_9_5_9_special_action_exhausts_a_torch():
    st = vpos({}, vagabond={"character": "ranger", "where": "F1", "items": ["torch:e", "sword:d"]})
    assert "hideout" not in ids(st)
    st = vpos({}, vagabond={"character": "ranger", "where": "F1", "items": ["torch", "sword:d"]})
    play(st, "hideout")
    assert "torch:e" in plain(st)


def test_9_5_actions_in_any_order_and_number():
    st = vpos({5: {"warriors": {"marquise": 2}}}, vagabond={"where": "10", "items": ["boot", "boot", "torch"]},
              ruins={"6": ["bag"], "10": ["sword"], "11": ["hammer"], "12": ["boot"]})
    play(st, "move 12", "move 10", "explore")  # the same action twice, then another
    assert st.vp["vagabond"] == 1 and where(st) == "10" and plain(st) == ["boot:e", "boot:e", "sword:r", "torch:e"]


# -- 9.6 Evening -------------------------------------------------------------------------------------------
def test_9_6_1_an_evenings_rest_in_a_forest_repairs_everything_face_up():
    st = vpos({}, vagabond={"where": "F1", "items": ["boot:x", "sword:d", "torch:e"]}, deck=list(FILLER_DECK))
    play(st, "end daylight")
    assert plain(st) == ["boot:r", "sword:r", "torch:e"]  # damaged ones repaired face up; the torch stays exhausted
    assert event_args(st, "evening_rest") == [{"faction": "vagabond", "count": 2}]


def test_9_6_1_no_rest_in_a_clearing():
    st = vpos({}, vagabond={"where": "5", "items": ["boot:x", "sword:d"]}, deck=list(FILLER_DECK))
    play(st, "end daylight")
    assert plain(st) == ["boot:x", "sword:d"] and not events(st, "evening_rest")


FILLER_DECK = ["rabbit:Cobbler", "mouse:Sword", "fox:Anvil", "rabbit:Bake Sale", "mouse:Crossbow", "fox:Travel Gear"]


def test_9_6_2_draw_one_plus_one_per_face_up_coin_on_the_track():
    st = vpos({}, vagabond={"character": "vagrant", "where": "F1", "items": ["coin", "coin", "coin:e", "boot"]},
              deck=list(FILLER_DECK))
    play(st, "end daylight")
    assert len(st.hands["vagabond"]) == 3  # 1 + 2 coins on the track; the exhausted coin does not count


def test_9_6_3_discard_down_to_five():
    st = vpos({}, vagabond={"where": "F1", "items": ["boot"], "hand": FILLER_DECK[:5]},
              deck=["bird:Sappers", "rabbit:Command Warren"])
    play(st, "end daylight")
    assert st.decision.kind == "discard_down" and st.decision.player == "vagabond"
    play(st, "discard fox:Anvil")
    assert len(st.hands["vagabond"]) == 5 and st.current == "marquise"


def test_9_6_4_item_capacity_six_plus_two_per_bag_on_the_track():
    many = ["boot", "boot", "torch", "sword", "sword", "crossbow", "hammer", "tea", "bag:e"]
    st = vpos({}, vagabond={"character": "thief", "where": "5", "items": many}, deck=list(FILLER_DECK))
    # tea on its track; the exhausted bag is in the Satchel: 8 items there, limit 6
    assert vview(st)["satchel_count"] == 8 and vview(st)["item_limit"] == 6
    play(st, "end daylight")
    assert st.decision.kind == "vagabond.capacity" and st.decision.args == {"limit": 6, "count": 8}
    assert "remove tea:r" not in ids(st)  # items on tracks stay
    play(st, "remove bag:e", "remove crossbow:r")
    assert vview(st)["satchel_count"] == 6 and st.current == "marquise"
    assert st.fdata["vagabond"]["removed"] == ["bag", "crossbow"]
    assert vview(st)["removed_items"] == ["bag", "crossbow"]
    # the side each was on goes with it (Rootlog writes it: ``%be->``, the spec's ``%fe->``)
    assert event_args(st, "item_removed") == [{"faction": "vagabond", "item": "bag", "state": "e"},
                                             {"faction": "vagabond", "item": "crossbow", "state": "r"}]


def test_9_6_4_bags_on_the_track_raise_the_limit():
    many = ["boot", "boot", "torch", "sword", "sword", "crossbow", "hammer", "tea", "bag"]
    st = vpos({}, vagabond={"character": "thief", "where": "5", "items": many}, deck=list(FILLER_DECK))
    assert vview(st)["item_limit"] == 8 and vview(st)["satchel_count"] == 7
    play(st, "end daylight")
    assert st.current == "marquise" and not events(st, "item_removed")


# -- 9.7 Two Vagabonds -------------------------------------------------------------------------------------
def test_9_7_1_two_vagabonds_two_random_r_items_under_each_ruin_and_a_random_first():
    firsts = set()
    for seed in range(12):
        st = GAME.new(seed=seed, players=list(TWO_VAGABONDS))
        firsts.add(st.factions.index("vagabond") < st.factions.index("vagabond2"))
        while st.phase == "setup":
            play(st, option_list(st)[0])
        assert all(len(v.split(",")) == 2 for v in st.ruin_items.values()) and len(st.ruin_items) == 4
        assert sorted(",".join(st.ruin_items.values()).split(",")) == sorted(
            f"R-{it}" for it in ("bag", "boot", "hammer", "sword") for _ in range(2))
    assert firsts == {True, False}  # 9.7.1: randomly which Vagabond sets up first


def test_9_7_1_the_second_vagabond_picks_another_character():
    st = _to_vagabond_setup(TWO_VAGABONDS)
    first = st.decision.player
    play(st, "character thief", "forest F1")
    assert st.decision.kind == "vagabond.setup.character" and st.decision.player != first
    assert "character thief" not in ids(st) and len(st.decision.options) == 8


def test_9_7_2_both_vagabonds_share_three_face_up_quests():
    st = _to_vagabond_setup(TWO_VAGABONDS)
    play(st, "character thief", "forest F1", "character tinker", "forest F2")
    assert len(st.quests_up) == 3 and len(st.quest_deck) == 12
    q = quest_keys(st.quests_up)
    assert st.view(None)["quests"] == {"face_up": q, "deck_count": 12}


def _two_ruin(ruins=None, **kw):
    return vpos({}, seats=TWO_VAGABONDS, vagabond={"where": "10", "items": ["torch", "torch:e", "boot"], **kw},
                vagabond2={"character": "tinker", "where": "F7", "items": ["boot", "hammer"]},
                ruins=ruins or {"6": ["bag", "hammer"], "10": ["sword", "boot"], "11": ["hammer", "sword"],
                                "12": ["bag", "boot"]},
                players={"vagabond": {"character": "thief"}})


def test_9_7_3_exploring_two_items_look_at_both_and_take_one():
    st = _two_ruin()
    play(st, "explore")
    assert st.decision.kind == "vagabond.explore" and st.decision.player == "vagabond"
    assert option_list(st) == ["take boot", "take sword", "take nothing"]
    play(st, "take boot")
    assert items(st) == ["R-boot:r", "boot:r", "torch:e", "torch:e"] and st.vp["vagabond"] == 1
    assert st.ruin_items["9"] == "R-sword" and "ruin" in buildings(st, 10)  # one item left, the ruin stays
    assert vview(st)["items"][0]["ruin"] is True


def test_9_7_3_taking_nothing_scores_nothing_but_the_torch_stays_exhausted():
    st = _two_ruin()
    play(st, "explore", "take nothing")
    assert st.vp["vagabond"] == 0 and plain(st) == ["boot:r", "torch:e", "torch:e"]
    assert st.ruin_items["9"] == "R-sword,R-boot"
    assert event_args(st, "explore_nothing") == [{"faction": "vagabond", "clearing": 10}]


def test_9_7_3_no_r_item_of_a_kind_he_already_has():
    st = _two_ruin(items=["torch", "torch", "R-sword", "boot"],
                   ruins={"6": ["bag", "hammer"], "10": ["sword", "boot"], "11": ["hammer", "boot"], "12": ["bag"]})
    play(st, "explore")
    assert option_list(st) == ["take boot", "take nothing"]
    play(st, "take boot")
    assert st.ruin_items["9"] == "R-sword"
    # the last item is an "R" sword he already has: he explores, looks, and takes nothing (9.7.3)
    assert "explore" in ids(st)
    play(st, "explore")
    assert st.ruin_items["9"] == "R-sword" and st.vp["vagabond"] == 1
    assert event_args(st, "explore_nothing") == [{"faction": "vagabond", "clearing": 10}]


def test_9_7_3_by_two_explores_both_items_of_one_ruin():
    st = _two_ruin(items=["torch", "torch", "boot"])
    play(st, "explore", "take sword", "explore")  # the second explore: one item, taken at once
    assert "ruin" not in buildings(st, 10) and st.vp["vagabond"] == 2
    assert items(st) == ["R-boot:r", "R-sword:r", "boot:r", "torch:e", "torch:e"]


def test_9_7_3_what_a_vagabond_saw_under_a_ruin_only_he_knows():
    st = _two_ruin()
    play(st, "explore", "take sword")
    assert [r for r in st.view("vagabond")["ruins"] if r["clearing"] == 10] == [
        {"clearing": 10, "items": 1, "known": ["boot"]}]
    for seat in ("vagabond2", "marquise", None):
        assert [r for r in st.view(seat)["ruins"] if r["clearing"] == 10] == [
            {"clearing": 10, "items": 1, "known": None}]
    for k in range(6):
        assert GAME.determinize(st, "vagabond", k).ruin_items["9"] == "R-boot"


def test_9_7_2_both_vagabonds_take_quests_from_the_same_three():
    st = vpos({}, seats=TWO_VAGABONDS, turn="vagabond2",
              vagabond={"character": "thief", "where": "2", "items": ["boot", "boot", "torch"]},
              vagabond2={"character": "tinker", "where": "2", "items": ["boot", "boot", "hammer"]},
              quests={"face_up": ["mouse:Escort", "rabbit:Guard Duty", "fox:Errand"], "deck": ["mouse:Guard Duty"]},
              players={"marquise": {"items": []}})
    play(st, "quest mouse:Escort", "score 1")
    assert quest_keys(st.quests_up) == ["rabbit:Guard Duty", "fox:Errand", "mouse:Guard Duty"]
    assert quest_keys(st.fdata["vagabond2"]["quests_done"]) == ["mouse:Escort"]
    assert st.fdata["vagabond"]["quests_done"] == []


def test_9_7_two_vagabonds_have_no_relationship_with_each_other():
    st = vpos({2: {"warriors": {"marquise": 1}}}, seats=TWO_VAGABONDS,
              vagabond={"character": "thief", "where": "2", "items": ["boot", "sword", "sword"]},
              vagabond2={"character": "ranger", "where": "2"},
              players={"vagabond2": {"hand": []}, "marquise": {"hand": []}})
    assert sorted(vview(st)["relationships"]) == ["eyrie", "marquise"]
    assert {o for o in ids(st) if o.startswith("battle")} == {"battle 2 marquise", "battle 2 vagabond2"}


def test_9_2_8_a_vagabond_who_is_a_partner_already_forms_no_second_coalition():
    st = _coalition_pos({"marquise": 2, "vagabond": 12, "eyrie": 5, "vagabond2": 0}, seats=TWO_VAGABONDS,
                        players={"vagabond2": {"dominance": "rabbit:Dominance", "coalition": "vagabond"}})
    assert st.coalition("vagabond") == ["vagabond2"]
    assert coalitions(st) == set()


# -- crafted cards used by the Vagabond --------------------------------------------------------------------
def test_cobbler_gives_the_vagabond_one_move_at_the_start_of_evening():
    st = vpos({}, vagabond={"where": "5", "items": ["boot:e"], "crafted": ["rabbit:Cobbler"]},
              deck=["fox:Anvil", "mouse:Sword"])
    play(st, "end daylight")
    assert st.decision.kind == "card.cobbler"
    # a move of the pawn to an adjacent clearing (4.2; Nimble, 9.2.3), no boot needed
    assert option_list(st) == ["move 1", "move 2", "skip"]
    play(st, "move 2")
    assert where(st) == "2" and plain(st) == ["boot:e"] and st.current == "marquise"


def test_command_warren_lets_the_vagabond_battle_at_the_start_of_daylight_without_a_sword():
    st = vpos({5: {"warriors": {"marquise": 1}}}, phase="birdsong",
              vagabond={"where": "5", "items": ["sword:e", "boot"], "crafted": ["rabbit:Command Warren"]},
              players={"marquise": {"hand": []}})
    play(st, "stay")
    assert st.decision.kind == "card.command_warren"
    assert option_list(st) == ["battle 5 marquise", "skip"]
    play(st, "battle 5 marquise")
    assert events(st, "battle")[0].rule == "4.1.3" and plain(st)[0] in ("boot:r", "boot:d")
