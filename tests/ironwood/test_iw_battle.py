"""Bitwa and Walka: who may attack what, placing cards face down, damage (cards, forges, golems, defense), wounds,
the outcome and dominance, retreat, attacking Ferrum, the drill's destruction, the placed cards afterwards, the
keywords This fight / Win / In every fight, and the rulebook's worked example ("Przykład Walki")."""

from __future__ import annotations

from iw_helpers import IC_BASE, WW_BASE, at, card, check_components, ids, kinds, play, pos, who

from planszowki.games.ironwood.state import IC, WW

ATTACK = card([{"do": "attack"}])


def ww_attack(cards=None, hand=(), ic_hand=(), **doc):
    cards = {"WW20": ATTACK, **(cards or {})}
    hands = {WW: [*WW_BASE, "WW20", *hand], IC: [*IC_BASE, *ic_hand]}
    st = pos(cards, phase="actions", round=2, hands=hands, **doc)
    play(st, "play WW20")
    return st


def ic_attack(cards=None, hand=(), ww_hand=(), **doc):
    cards = {"IC20": ATTACK, **(cards or {})}
    hands = {IC: [*IC_BASE, "IC20", *hand], WW: [*WW_BASE, *ww_hand]}
    st = pos(cards, phase="actions", round=2, actions_taken={WW: 1, IC: 0}, hands=hands, **doc)
    play(st, "play IC20")
    return st


def attacks(st):
    return sorted(o for o in ids(st) if o.startswith("attack"))


# -- who may attack --------------------------------------------------------------------------------------------
def test_battle_woodwalkers_never_attack_from_outer_forests():
    st = ww_attack(locations={"f9": {"woodwalkers": 3}, "f2": {"woodwalkers": 1}, "cobaltis": {"ironclad": 1},
                              "argentimar": {"ironclad": 1}})
    assert attacks(st) == ["attack f2->argentimar", "attack f2->cobaltis"]  # f9 borders both but is outer


def test_battle_ironclad_never_attacks_outer_forests():
    st = ic_attack(locations={"cobaltis": {"ironclad": 2}, "f9": {"woodwalkers": 1}, "f2": {"woodwalkers": 1},
                              "f14": {"woodwalkers": 1}})
    assert attacks(st) == ["attack cobaltis->f2"]


def test_battle_attack_needs_enemy_units_in_a_bordering_location():
    st = ww_attack(locations={"f1": {"woodwalkers": 1}, "lithimar": {"ironclad": 2}, "auria": {"ironclad": 1}})
    assert attacks(st) == ["attack f1->auria"]  # lithimar does not border f1; empty mountains are no target


def test_battle_shelter_mark_cannot_be_attacked():
    st = ww_attack(locations={"f1": {"woodwalkers": 1}, "auria": {"ironclad": 1}, "zincur": {"ironclad": 1}},
                   marks=[["auria", "shelter", IC, "IC10"]])
    assert attacks(st) == ["attack f1->zincur"]


# -- placing cards ---------------------------------------------------------------------------------------------
def test_battle_place_attacker_first_then_defender_face_down():
    cards = {"WW21": card(damage=1), "IC21": card(damage=1)}
    st = ww_attack(cards, hand=["WW21"], ic_hand=["IC21"],
                   locations={"f1": {"woodwalkers": 2}, "auria": {"ironclad": 2}})
    play(st, "attack f1->auria")
    assert who(st) == (WW, "iw.battle.place")
    assert "commit none" in ids(st) and "commit WW21" in ids(st) and "commit WW01P" in ids(st)
    play(st, "commit WW21")
    assert who(st) == (IC, "iw.battle.place")
    assert st.view(IC)["battle"]["attacker_card"] == "hidden"
    assert st.view(WW)["battle"]["attacker_card"] == "WW21"
    assert not any(e.kind == "iw.placed_card" and e.visible_to(IC) for e in st.log)
    play(st, "commit IC21")
    rev = kinds(st, "iw.reveal")[0]
    assert rev["attacker_card"] == "WW21" and rev["defender_card"] == "IC21"


def test_battle_place_none_counts_as_zero_values():
    st = ww_attack(locations={"f1": {"woodwalkers": 2}, "auria": {"ironclad": 2}})
    play(st, "attack f1->auria", "commit none", "commit none")
    assert kinds(st, "iw.damage")[0] == {"attacker": WW, "to_defender": 0, "to_attacker": 0}
    # no losses: dominance 2 : 2, a tie goes to the attacker
    assert kinds(st, "iw.outcome")[0]["winner"] == WW


# -- damage ------------------------------------------------------------------------------------------------------
def test_battle_damage_forge_and_golem_add_one_each_defense_subtracts():
    cards = {"WW21": card(damage=2, defense=1), "IC21": card(damage=1, defense=1)}
    st = ww_attack(cards, hand=["WW21"], ic_hand=["IC21"],
                   locations={"f2": {"woodwalkers": 5}, "cobaltis": {"ironclad": 1, "golems": 2, "site": "forge"}})
    play(st, "attack f2->cobaltis", "commit WW21", "commit IC21")
    # Woodwalkers: 2 - 1 = 1; Ironclad: 1 + 2 golems + 1 forge - 1 = 3
    assert kinds(st, "iw.damage")[0] == {"attacker": WW, "to_defender": 1, "to_attacker": 3}


def test_battle_damage_ferrum_forge_counts():
    st = ww_attack(locations={"f1": {"woodwalkers": 3}, "ferrum": {"ironclad": 1}})
    play(st, "attack f1->ferrum", "commit none", "commit none")
    assert kinds(st, "iw.damage")[0]["to_attacker"] == 1


def test_battle_damage_forge_counts_when_the_ironclad_attack_from_it():
    st = ic_attack(locations={"cobaltis": {"ironclad": 2, "site": "forge"}, "f2": {"woodwalkers": 3}})
    play(st, "attack cobaltis->f2", "commit none", "commit none")
    assert kinds(st, "iw.damage")[0] == {"attacker": IC, "to_defender": 1, "to_attacker": 0}


def test_battle_damage_never_below_zero():
    cards = {"WW21": card(defense=5), "IC21": card(damage=1)}
    st = ww_attack(cards, hand=["WW21"], ic_hand=["IC21"], locations={"f1": {"woodwalkers": 1},
                                                                        "auria": {"ironclad": 1}})
    play(st, "attack f1->auria", "commit WW21", "commit IC21")
    assert kinds(st, "iw.damage")[0]["to_attacker"] == 0


# -- wounds -------------------------------------------------------------------------------------------------------
def test_battle_wounds_golem_needs_two_dealer_chooses():
    cards = {"WW21": card(damage=3)}
    st = ww_attack(cards, hand=["WW21"], locations={"f1": {"woodwalkers": 5}, "auria": {"ironclad": 2,
                                                                                        "golems": 1}})
    play(st, "attack f1->auria", "commit WW21", "commit none")
    assert who(st) == (WW, "iw.battle.wound")  # the one who deals the damage distributes it
    # 3 damage: 2 warriors (+1 on the golem, which stands), or 1 warrior + the golem
    assert sorted(ids(st)) == ["wound 1w1g", "wound 2w0g"]
    play(st, "wound 1w1g")
    assert at(st, "auria") == {"ww": 0, "icw": 1, "golems": 0}


def test_battle_wounds_one_damage_on_a_golem_does_not_carry_over():
    cards = {"WW20": card([{"do": "attack"}, {"do": "attack"}]), "WW21": card(damage=1), "WW22": card(damage=1)}
    st = ww_attack(cards, hand=["WW21", "WW22"], locations={"f1": {"woodwalkers": 5}, "auria": {"golems": 1}})
    play(st, "attack f1->auria", "commit WW21", "commit none")
    assert at(st, "auria")["golems"] == 1  # one damage is not enough (the lone option applied itself)
    play(st, "stay")
    play(st, "attack f1->auria", "commit WW22", "commit none")  # a second fight in the same turn
    assert at(st, "auria")["golems"] == 1  # the first point did not carry over


def test_battle_wounds_dealt_at_the_same_time():
    # both warbands lose their last unit: neither side is spared by having lost first
    cards = {"WW21": card(damage=1), "IC21": card(damage=1)}
    st = ww_attack(cards, hand=["WW21"], ic_hand=["IC21"], locations={"f1": {"woodwalkers": 1},
                                                                        "auria": {"ironclad": 1}})
    play(st, "attack f1->auria", "commit WW21", "commit IC21")
    assert at(st, "f1")["ww"] == 0 and at(st, "auria")["icw"] == 0
    assert kinds(st, "iw.outcome")[0]["winner"] == ""  # IV.2: all removed from both: no one wins


# -- outcome --------------------------------------------------------------------------------------------------
def test_battle_outcome_survivor_wins_when_the_other_is_wiped():
    cards = {"IC21": card(damage=5)}
    st = ww_attack(ic_hand=["IC21"], cards=cards, locations={"f1": {"woodwalkers": 2},
                                                             "auria": {"ironclad": 1}})
    play(st, "attack f1->auria", "commit none", "commit IC21")
    assert kinds(st, "iw.outcome")[0]["winner"] == IC and at(st, "f1")["ww"] == 0


def test_battle_outcome_dominance_units_plus_card_defender_wins_when_higher():
    cards = {"WW21": card(dominance=1), "IC21": card(dominance=3)}
    st = ww_attack(cards, hand=["WW21"], ic_hand=["IC21"], locations={"f1": {"woodwalkers": 3},
                                                                        "auria": {"ironclad": 1, "golems": 1}})
    play(st, "attack f1->auria", "commit WW21", "commit IC21")
    out = kinds(st, "iw.outcome")[0]
    # the golem's damage took one warrior: 2+1 against 1+1 (the golem counts)+3
    assert out["dominance"] == [3, 5] and out["winner"] == IC


def test_battle_outcome_tie_goes_to_the_attacker():
    st = ic_attack(locations={"auria": {"ironclad": 2}, "f1": {"woodwalkers": 2}})
    play(st, "attack auria->f1", "commit none", "commit none")
    out = kinds(st, "iw.outcome")[0]
    assert out["dominance"] == [2, 2] and out["winner"] == IC


# -- retreat ----------------------------------------------------------------------------------------------------
def test_battle_retreat_whole_warband_to_adjacent_location_of_its_type():
    st = ic_attack(locations={"auria": {"ironclad": 3}, "f1": {"woodwalkers": 2}})
    play(st, "attack auria->f1", "commit none", "commit none")
    assert who(st) == (IC, "iw.battle.retreat")  # the winner decides
    assert sorted(ids(st)) == ["retreat f2", "retreat f3", "retreat f7", "retreat f8", "stay"]
    play(st, "retreat f8")
    assert at(st, "f1")["ww"] == 0 and at(st, "f8")["ww"] == 2  # never split


def test_battle_retreat_leaves_totem_behind():
    st = ic_attack(locations={"auria": {"ironclad": 3}, "f1": {"woodwalkers": 2, "totems": ["full"]}})
    play(st, "attack auria->f1", "commit none", "commit none", "retreat f2")
    assert [st.lid(t[0]) for t in st.totems] == ["f1"] and at(st, "f2")["ww"] == 2


def test_battle_retreat_is_not_a_move_units_that_moved_may_be_forced():
    # the Ironclad attack with a warband whose units just moved; the Woodwalkers win and push it back anyway
    cards = {"IC20": card([{"do": "move", "n": 1, "units": "warbands"}, {"do": "attack"}])}
    st = ic_attack(cards, locations={"ferrum": {"ironclad": 1}, "f1": {"woodwalkers": 3}})
    play(st, "move ferrum->auria 1w0g", "attack auria->f1", "commit none", "commit none")
    assert who(st) == (WW, "iw.battle.retreat")
    play(st, "retreat cobaltis")
    assert at(st, "cobaltis")["icw"] == 1


def test_battle_retreat_attacker_may_be_forced_back():
    st = ww_attack(locations={"f1": {"woodwalkers": 1}, "auria": {"ironclad": 3}})
    play(st, "attack f1->auria", "commit none", "commit none")
    assert who(st) == (IC, "iw.battle.retreat") and "retreat f9" not in ids(st)
    play(st, "retreat f2")
    assert at(st, "f2")["ww"] == 1


# -- Ferrum and the drill -------------------------------------------------------------------------------------
def test_battle_ferrum_attack_without_units_won_without_a_fight():
    cards = {"WW20": card([{"do": "attack", "ferrum": True, "win": [{"do": "gain", "n": 2}]}])}
    st = ww_attack(cards, locations={"f1": {"woodwalkers": 1}})
    assert attacks(st) == ["attack f1->ferrum"]
    play(st, "attack f1->ferrum")
    assert kinds(st, "iw.no_fight") and not kinds(st, "iw.damage")  # no fight: the forge deals nothing
    assert who(st) == (WW, "iw.gain")  # Win: the battle was won
    play(st, "gain 2")
    assert st.crystals[WW] == 2 and at(st, "f1")["ww"] == 1


def test_battle_ferrum_empty_is_no_target_without_the_card_saying_so():
    # (the drill standing on Ferrum does not make it a target either: ruling in battle.attack_options)
    st = ww_attack(locations={"f1": {"woodwalkers": 1}}, drill={"at": "ferrum"})
    assert attacks(st) == []


def test_battle_drill_alone_destroyed_without_a_fight_crystal_taken():
    st = ww_attack(locations={"f1": {"woodwalkers": 1}}, drill={"at": "auria", "step": 2, "cargo": 3},
                   crystals={WW: 0, IC: 4})
    assert attacks(st) == ["attack f1->auria"]
    play(st, "attack f1->auria")
    assert st.drill == st.board.ferrum and st.drill_step == 0 and st.cargo == 0
    assert st.crystals == {WW: 1, IC: 4}  # one from the cargo, the rest back to the pool
    assert kinds(st, "iw.drill_destroyed")[0] == {"loc": "auria", "took": 1, "lost": 2}
    check_components(st)


def test_battle_drill_destroyed_empty_cargo_no_crystal():
    st = ww_attack(locations={"f1": {"woodwalkers": 1}}, drill={"at": "auria", "step": 0, "cargo": 0})
    play(st, "attack f1->auria")
    assert st.drill == st.board.ferrum and st.crystals[WW] == 0


def test_battle_drill_destroyed_when_the_warband_on_its_mountain_loses():
    cards = {"WW21": card(damage=1, dominance=3)}
    st = ww_attack(cards, hand=["WW21"], locations={"f1": {"woodwalkers": 2}, "auria": {"ironclad": 2}},
                   drill={"at": "auria", "step": 1, "cargo": 2})
    play(st, "attack f1->auria", "commit WW21", "commit none")
    assert kinds(st, "iw.outcome")[0]["winner"] == WW
    assert st.drill == st.board.ferrum and st.crystals[WW] == 1 and st.cargo == 0


def test_battle_drill_survives_when_the_ironclad_win():
    st = ww_attack(locations={"f1": {"woodwalkers": 1}, "auria": {"ironclad": 2}},
                   drill={"at": "auria", "step": 1, "cargo": 2})
    play(st, "attack f1->auria", "commit none", "commit none")
    assert kinds(st, "iw.outcome")[0]["winner"] == IC and st.drill == st.loc("auria") and st.cargo == 2


def test_battle_drill_destroyed_both_wiped_no_crystal_without_a_warrior_left():
    cards = {"WW21": card(damage=1), "IC21": card(damage=1)}
    st = ww_attack(cards, hand=["WW21"], ic_hand=["IC21"], locations={"f1": {"woodwalkers": 1},
                                                                        "auria": {"ironclad": 1}},
                   drill={"at": "auria", "step": 1, "cargo": 2})
    play(st, "attack f1->auria", "commit WW21", "commit IC21")
    assert st.drill == st.board.ferrum and st.crystals[WW] == 0 and st.cargo == 0


def test_battle_drill_destroyed_when_the_ironclad_attack_from_its_mountain_and_lose():
    cards = {"WW21": card(dominance=2)}
    st = ic_attack(ww_hand=["WW21"], cards=cards, locations={"auria": {"ironclad": 1}, "f1": {"woodwalkers": 1}},
                   drill={"at": "auria", "step": 1, "cargo": 2})
    play(st, "attack auria->f1", "commit none", "commit WW21")
    assert kinds(st, "iw.outcome")[0]["winner"] == WW and st.drill == st.board.ferrum and st.crystals[WW] == 1


# -- after the battle -----------------------------------------------------------------------------------------
def test_battle_placed_special_discarded_base_back_at_end_of_round():
    cards = {"WW21": card(damage=1)}
    st = ww_attack(cards, hand=["WW21"], locations={"f1": {"woodwalkers": 3}, "auria": {"ironclad": 3}})
    play(st, "attack f1->auria", "commit WW21", "commit IC01P")
    assert who(st) == (IC, "iw.battle.retreat")  # 3 - 1 + 0 against 3 + 0: the defender wins
    play(st, "stay")
    assert "WW21" in st.discard[WW]  # a special card: discarded after the battle
    assert st.spent[IC] == ["IC01P"] and "IC01P" not in st.discard[IC] and "IC01P" not in st.hand[IC]
    check_components(st)
    for _ in range(5):  # the rest of the round
        play(st, "pass")
    who(st)
    assert "IC01P" in st.hand[IC] and st.spent[IC] == []


def test_battle_keyword_this_fight_bonus_only_for_the_attack_of_that_card():
    cards = {"WW20": card([{"do": "attack", "fight": {"damage": 2, "defense": 1, "dominance": 1}}]),
             "IC21": card(damage=1)}
    st = ww_attack(cards, ic_hand=["IC21"], locations={"f1": {"woodwalkers": 2}, "auria": {"ironclad": 3}})
    play(st, "attack f1->auria", "commit none", "commit IC21")
    assert kinds(st, "iw.damage")[0] == {"attacker": WW, "to_defender": 2, "to_attacker": 0}
    assert kinds(st, "iw.outcome")[0]["dominance"] == [3, 1]


def test_battle_keyword_win_only_when_won():
    cards = {"WW20": card([{"do": "attack", "win": [{"do": "gain", "n": 3}]}])}
    st = ww_attack(cards, locations={"f1": {"woodwalkers": 1}, "auria": {"ironclad": 3}})
    play(st, "attack f1->auria", "commit none", "commit none", "stay")
    assert st.crystals[WW] == 0 and who(st) == (IC, "iw.turn")


def test_battle_keyword_in_every_fight_and_this_round_bonuses():
    cards = {"IC20": card([{"do": "fight", "defense": 1, "scope": "every"}], temporary=2),
             "IC21": card([{"do": "fight", "damage": 1, "scope": "round"}]), "WW20": ATTACK,
             "WW21": card([{"do": "attack"}]), "WW22": card(damage=1), "WW23": card(damage=2)}
    st = pos(cards, phase="actions", round=2, actions_taken={WW: 1, IC: 0},
             hands={WW: [*WW_BASE, "WW20", "WW21", "WW22", "WW23"], IC: [*IC_BASE, "IC20", "IC21"]},
             locations={"f1": {"woodwalkers": 4}, "auria": {"ironclad": 4}, "f5": {"woodwalkers": 4},
                        "lithimar": {"ironclad": 4}})
    play(st, "play IC20", "play WW20", "attack f1->auria", "commit WW22", "commit none")
    assert kinds(st, "iw.damage")[0] == {"attacker": WW, "to_defender": 0, "to_attacker": 0}  # +1 defense
    assert who(st) == (WW, "iw.battle.retreat")  # 4 : 4, the attacker wins
    play(st, "stay")
    play(st, "play IC21", "play WW21", "attack f5->lithimar", "commit WW23", "commit none")
    # This round: +1 damage; In every fight: still +1 defense (2 - 1)
    assert kinds(st, "iw.damage")[1] == {"attacker": WW, "to_defender": 1, "to_attacker": 1}
    assert who(st) == (WW, "iw.battle.retreat")  # 3 : 3, the attacker wins
    play(st, "stay")
    play(st, "pass", "pass")  # end of round 2: IC21's bonus ends, IC20's stays while the card is in play
    who(st)
    assert [b[4] for b in st.bonuses] == ["IC20"]


# -- the rulebook's example --------------------------------------------------------------------------------------
def test_battle_example_plumbarum_hunters_instinct():
    """Przykład Walki: Instynkt łowcy moves 4 warriors next to Plumbarum and attacks 2 warriors, a golem and a
    forge. Dzieci puszczy (1/2/2) against Machina bojowa (2/0/3): 1 damage each (4 - (2 + 1 of Instynkt łowcy)),
    dominance 5 : 5, the attacker wins, the Ironclad warband retreats, the forge stays; Win: take 1 crystal."""
    cards = {
        "WW07": card([{"do": "burn", "n": 1, "cards": "special", "then": [{"do": "move", "n": 4,
                                                                           "units": "warriors"}]},
                      {"do": "attack", "fight": {"defense": 1}, "win": [{"do": "take", "n": 1}]}],
                     damage=2, defense=1, dominance=1),
        "WW28": card([], damage=1, defense=2, dominance=2),  # Dzieci puszczy
        "WW09": card([]),
        "IC23": card([], damage=2, defense=0, dominance=3),  # Machina bojowa
    }
    st = pos(cards, phase="actions", round=2, crystals={IC: 3},
             hands={WW: [*WW_BASE, "WW07", "WW28", "WW09"], IC: [*IC_BASE, "IC23"]},
             locations={"f13": {"woodwalkers": 4}, "plumbarum": {"ironclad": 2, "golems": 1, "site": "forge"}},
             drill={"at": "plumbarum", "step": 1, "cargo": 2})
    play(st, "play WW07", "burn WW09")
    for _ in range(4):
        play(st, "move f13->f7")
    assert at(st, "f7")["ww"] == 4 and at(st, "f13")["ww"] == 0
    play(st, "attack f7->plumbarum", "commit WW28", "commit IC23")
    assert kinds(st, "iw.damage")[0] == {"attacker": WW, "to_defender": 1, "to_attacker": 1}
    # a golem would need 2: one warrior falls (or the point is wasted on the golem)
    assert sorted(ids(st)) == ["wound 0w0g", "wound 1w0g"]
    play(st, "wound 1w0g")
    assert at(st, "plumbarum") == {"ww": 0, "icw": 1, "golems": 1} and at(st, "f7")["ww"] == 3
    out = kinds(st, "iw.outcome")[0]
    assert out["dominance"] == [5, 5] and out["winner"] == WW
    # had the drill been on Plumbarum it is destroyed and goes to Ferrum
    assert st.drill == st.board.ferrum and st.crystals[WW] == 1
    assert who(st) == (WW, "iw.battle.retreat")
    assert sorted(ids(st)) == ["retreat gallimor", "retreat zincur", "stay"]
    play(st, "retreat gallimor")
    assert at(st, "gallimor") == {"ww": 0, "icw": 1, "golems": 1}
    assert st.site[st.loc("plumbarum")] == 2  # the forge is never destroyed
    assert ids(st) == ["take 1", "skip"]
    play(st, "take 1")
    assert st.crystals == {WW: 2, IC: 2}
    assert "WW28" in st.discard[WW] and "IC23" in st.discard[IC]
    check_components(st)


def test_battle_position_restores_bonuses_of_cards_in_play():
    cards = {"IC20": card([{"do": "fight", "defense": 1, "scope": "every"}], temporary=2),
             "IC21": card([{"do": "fight", "damage": 1, "scope": "round"}])}
    st = pos(cards, phase="actions", round=2, actions_taken={WW: 1, IC: 1}, slots={IC: [["IC21"]], WW: [["pass"]]},
             temporary={IC: [["IC20", 1]]})
    assert sorted(map(tuple, st.bonuses)) == [(IC, 0, 1, 0, "IC20", "every"), (IC, 1, 0, 0, "IC21", "round")]


def test_battle_retreat_into_a_blockaded_forest_allowed():
    st = ic_attack(locations={"auria": {"ironclad": 3}, "f1": {"woodwalkers": 2}},
                   marks=[["f2", "blockade", IC, "IC13"]])
    play(st, "attack auria->f1", "commit none", "commit none")
    assert "retreat f2" in ids(st)  # not a move: a blockade does not stop it
