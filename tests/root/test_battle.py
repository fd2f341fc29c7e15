"""4.3 Battle: scenario tests named after the rules they check, built with ``from_position``.

Dice come from the state's seeded generator. A test that needs particular dice searches the seeds
for a position whose ``roll`` event shows them, then checks what the battle did with them; so the
tests do not depend on how the generator maps seeds to numbers.

Autumn map (Rootlog numbers): 1 fox, 2 mouse, 3 rabbit, 4 rabbit (corners; 1 opposite 3, 2 opposite 4),
5 rabbit, 6 fox, 7 mouse, 8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1-5 1-9 1-10 2-5 2-6
2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8 7-12 9-12 10-12 11-12.
"""

from __future__ import annotations

import pytest
from helpers import (
    NO_DECREE,
    buildings,
    crafted,
    decision_of,
    discard_keys,
    event_args,
    events,
    hand,
    ids,
    play,
    position,
    tokens,
    warriors,
)


def cat_attack(clearings: dict, *, marquise: dict | None = None, eyrie: dict | None = None, seed: int = 0,
               target: str = "battle 5 eyrie"):
    """The Marquise, in her Daylight, skips crafting and battles (6.5.1)."""
    st = position(clearings, players={"marquise": marquise or {}, "eyrie": eyrie or {}}, seed=seed, deck=[])
    return play(st, "end crafting", target)


def bird_attack(clearings: dict, *, marquise: dict | None = None, eyrie_hand: tuple = (), leader: str = "builder",
                crafted_: tuple = (), seed: int = 0, target: str = "battle 8 marquise with fox",
                card: str = "fox:Anvil"):
    """The Eyrie resolve a one-card Battle column of the Decree (7.5.2.III).

    Codebreakers in the Eyrie's play area keeps the Decree a real decision, so the Eyrie's turn stops
    after the battle instead of running on into the Marquise's turn.
    """
    decree = dict(NO_DECREE, battle=[card])
    st = position(clearings, turn="eyrie", seed=seed, deck=[], players={
        "marquise": marquise or {},
        "eyrie": {"hand": list(eyrie_hand), "leader": leader, "decree": decree,
                  "crafted": ["mouse:Codebreakers", *crafted_]}})
    return play(st, "resolve decree", target)


def with_dice(make, want) -> object:
    """The first seeded state (``make(seed)``) whose last roll shows the sorted dice ``want`` wants."""
    for seed in range(2000):
        st = make(seed)
        rolls = event_args(st, "roll")
        if rolls and want(sorted(rolls[-1]["dice"])):
            return st
    raise AssertionError("no seed gives the wanted dice")


def last_roll(st) -> dict:
    return event_args(st, "roll")[-1]


# -- 4.3 choosing the clearing and the defender ---------------------------------------------------
def test_4_3_battle_needs_own_warriors_and_any_enemy_piece():
    st = position({
        5: {"warriors": {"marquise": 1, "eyrie": 1}},  # both warriors: yes
        9: {"warriors": {"marquise": 1}, "buildings": ["roost"]},  # only an enemy building: yes
        10: {"warriors": {"marquise": 2}},  # no enemy: no
        12: {"warriors": {"eyrie": 2}},  # no Marquise warriors: no
        8: {"buildings": ["sawmill"]},  # only her own building: no
    }, deck=[])
    play(st, "end crafting")
    battles = {o.id for o in st.decision.options if o.action == "battle"}
    assert battles == {"battle 5 eyrie", "battle 9 eyrie"}
    opt = next(o for o in st.decision.options if o.id == "battle 9 eyrie")
    assert opt.args == {"clearing": 9, "defender": "eyrie"}
    assert opt.rule == "root:6.5.1"


def test_4_3_defender_may_have_only_tokens_or_buildings():
    st = position({
        8: {"warriors": {"eyrie": 1}, "tokens": ["wood"]},  # only a Marquise token
        7: {"warriors": {"eyrie": 1}, "buildings": ["sawmill"]},  # only a Marquise building
        4: {"warriors": {"eyrie": 1}},  # nothing of the Marquise
        12: {"warriors": {"marquise": 1}},  # no Eyrie warriors
    }, turn="eyrie", deck=[], players={"eyrie": {
        "crafted": ["mouse:Codebreakers"], "decree": dict(NO_DECREE, battle=["bird:Crossbow"])}})
    play(st, "resolve decree")
    assert {o.id for o in st.decision.options if o.action == "battle"} == {
        "battle 7 marquise with bird", "battle 8 marquise with bird"}
    play(st, "battle 8 marquise with bird")
    # 4.3.3.II: no Marquise warriors, so the wood is hit at least once; 3.2.1: 1 VP for the token.
    assert tokens(st, 8) == []
    assert st.vp["eyrie"] == 1
    assert event_args(st, "battle")[-1] == {"faction": "eyrie", "clearing": 8, "defender": "marquise"}


# -- 4.3.1 ambush ---------------------------------------------------------------------------------
def test_4_3_1_defender_is_asked_whenever_holding_any_card():
    st = cat_attack({5: {"warriors": {"marquise": 2, "eyrie": 2}}}, eyrie={"hand": ["fox:Anvil"]})
    assert decision_of(st) == ("eyrie", "battle.ambush")
    assert ids(st) == {"no ambush"}  # asked although no ambush can be played: the question hides the hand


def test_4_3_1_defender_without_cards_is_not_asked():
    st = cat_attack({5: {"warriors": {"marquise": 2, "eyrie": 2}}})
    assert decision_of(st) == ("marquise", "marquise.daylight")  # the whole battle resolved
    assert events(st, "ambush") == []
    assert len(events(st, "roll")) == 1


def test_4_3_1_ambush_options_only_matching_suit_or_bird():
    hand_ = ["fox:Ambush!", "rabbit:Ambush!", "bird:Ambush!", "bird:Ambush!", "mouse:Ambush!"]
    st = cat_attack({5: {"warriors": {"marquise": 2, "eyrie": 2}}}, eyrie={"hand": hand_})  # 5 is rabbit
    assert ids(st) == {"ambush rabbit:Ambush!", "ambush bird:Ambush!", "no ambush"}
    assert all(o.rule == "root:4.3.1" for o in st.decision.options)


def test_4_3_1_ambush_question_leaks_nothing():
    board = {5: {"warriors": {"marquise": 2, "eyrie": 2}}}
    with_ambush = cat_attack(board, eyrie={"hand": ["rabbit:Ambush!"]})
    without = cat_attack(board, eyrie={"hand": ["fox:Anvil"]})
    assert decision_of(with_ambush) == decision_of(without) == ("eyrie", "battle.ambush")
    for seat in ("marquise", None):
        assert with_ambush.view(seat) == without.view(seat)
    assert with_ambush.view("eyrie") != without.view("eyrie")


def test_4_3_1_no_ambush_goes_on_to_the_roll():
    st = cat_attack({5: {"warriors": {"marquise": 2, "eyrie": 2}}}, eyrie={"hand": ["rabbit:Ambush!"]})
    play(st, "no ambush")
    assert hand(st, "eyrie") == ["rabbit:Ambush!"]
    assert len(events(st, "roll")) == 1


# -- 4.3.1.I foil -----------------------------------------------------------------------------------
def test_4_3_1_I_foil_options_only_matching_cards():
    st = cat_attack({5: {"warriors": {"marquise": 2, "eyrie": 2}}},
                    marquise={"hand": ["fox:Ambush!", "bird:Ambush!", "rabbit:Bake Sale"]},
                    eyrie={"hand": ["rabbit:Ambush!"]})
    play(st, "ambush rabbit:Ambush!")
    assert decision_of(st) == ("marquise", "battle.foil")
    assert ids(st) == {"foil bird:Ambush!", "no foil"}


def test_4_3_1_I_attacker_holding_cards_is_asked_to_foil():
    st = cat_attack({5: {"warriors": {"marquise": 2, "eyrie": 2}}}, marquise={"hand": ["fox:Anvil"]},
                    eyrie={"hand": ["rabbit:Ambush!"]})
    play(st, "ambush rabbit:Ambush!")
    assert decision_of(st) == ("marquise", "battle.foil")
    assert ids(st) == {"no foil"}


def test_4_3_1_I_foil_discards_both_ambushes_and_skips_the_hits():
    st = cat_attack({5: {"warriors": {"marquise": 2, "eyrie": 2}}}, marquise={"hand": ["bird:Ambush!"]},
                    eyrie={"hand": ["rabbit:Ambush!"]})
    play(st, "ambush rabbit:Ambush!", "foil bird:Ambush!")
    assert sorted(discard_keys(st)) == ["bird:Ambush!", "rabbit:Ambush!"]
    assert hand(st, "eyrie") == [] and hand(st, "marquise") == []
    assert events(st, "ambush_hits") == []
    assert events(st, "battle_ends") == []
    assert len(events(st, "roll")) == 1  # the battle goes on to step 2
    roll = last_roll(st)
    assert warriors(st, 5, "marquise") == 2 - roll["def_hits"]  # only rolled hits were taken


# -- 4.3.1.II resolve ambush ------------------------------------------------------------------------
def test_4_3_1_II_two_hits_then_battle_ends_without_attacking_warriors():
    st = cat_attack({5: {"warriors": {"marquise": 2, "eyrie": 3}}}, eyrie={"hand": ["rabbit:Ambush!"]})
    play(st, "ambush rabbit:Ambush!")  # the Marquise holds no card: no foil question
    assert warriors(st, 5, "marquise") == 0
    assert warriors(st, 5, "eyrie") == 3
    assert discard_keys(st) == ["rabbit:Ambush!"] and hand(st, "eyrie") == []
    assert event_args(st, "ambush_hits") == [{"faction": "eyrie", "hits": 2}]
    assert len(events(st, "battle_ends")) == 1
    assert events(st, "roll") == []  # ended before the dice
    assert decision_of(st) == ("marquise", "marquise.daylight")


def test_4_3_1_II_battle_goes_on_when_attacking_warriors_remain():
    st = cat_attack({5: {"warriors": {"marquise": 3, "eyrie": 3}}}, eyrie={"hand": ["rabbit:Ambush!"]})
    play(st, "ambush rabbit:Ambush!")
    assert events(st, "battle_ends") == []
    roll = last_roll(st)
    # 4.3.2.I: one attacking warrior left, so at most one rolled hit.
    assert roll["att_hits"] == min(1, max(roll["dice"]))
    assert warriors(st, 5, "eyrie") == 3 - roll["att_hits"]


def test_4_3_1_II_ambush_hits_remove_attacker_buildings_after_its_warriors():
    st = cat_attack({5: {"warriors": {"marquise": 1, "eyrie": 2}, "buildings": ["sawmill", "workshop"]}},
                    eyrie={"hand": ["rabbit:Ambush!"]})
    play(st, "ambush rabbit:Ambush!")
    # first hit took the warrior; the second hit is the Marquise's choice of building (4.3.4)
    assert warriors(st, 5, "marquise") == 0
    assert decision_of(st) == ("marquise", "hits")
    assert ids(st) == {"remove sawmill", "remove workshop"}
    play(st, "remove workshop")
    assert buildings(st, 5) == ["sawmill"]
    assert st.vp["eyrie"] == 1  # 3.2.1
    assert len(events(st, "battle_ends")) == 1 and events(st, "roll") == []


def test_4_3_1_II_ambush_hit_on_a_lone_building_needs_no_choice():
    st = cat_attack({5: {"warriors": {"marquise": 1, "eyrie": 2}, "buildings": ["sawmill"]}},
                    eyrie={"hand": ["bird:Ambush!"]})
    play(st, "ambush bird:Ambush!")
    assert buildings(st, 5) == []
    assert st.vp["eyrie"] == 1
    assert decision_of(st) == ("marquise", "marquise.daylight")


def test_4_3_1_II_field_hospitals_in_the_keep_clearing_keep_the_battle_going():
    """Ruling (FAQ on 4.3.1/6.2.3): Field Hospitals place the warriors at once; when the battle is in
    the keep's clearing they are attacking warriors that remain, so the battle goes on to the dice."""
    board = {1: {"warriors": {"marquise": 2, "eyrie": 3}, "tokens": ["keep"]}}
    st = position(board, deck=[], players={"marquise": {"hand": ["fox:Anvil"]},
                                           "eyrie": {"hand": ["fox:Ambush!"]}})
    play(st, "end crafting", "battle 1 eyrie", "ambush fox:Ambush!", "no foil")
    assert decision_of(st) == ("marquise", "marquise.field_hospitals")
    assert warriors(st, 1, "marquise") == 0
    play(st, "field hospitals fox:Anvil")
    assert events(st, "battle_ends") == []
    roll = last_roll(st)
    assert roll["att_hits"] == min(2, max(roll["dice"]))
    # declining instead: nobody is left to attack, the battle ends
    st2 = position(board, deck=[], players={"marquise": {"hand": ["fox:Anvil"]},
                                            "eyrie": {"hand": ["fox:Ambush!"]}})
    play(st2, "end crafting", "battle 1 eyrie", "ambush fox:Ambush!", "no foil", "decline")
    assert len(events(st2, "battle_ends")) == 1 and events(st2, "roll") == []
    assert warriors(st2, 1, "marquise") == 0


# -- 4.3.2 dice -------------------------------------------------------------------------------------
def test_4_3_2_attacker_deals_the_higher_roll_defender_the_lower():
    st = with_dice(lambda s: cat_attack({5: {"warriors": {"marquise": 3, "eyrie": 3}}}, seed=s),
                   lambda d: d == [1, 3])
    roll = last_roll(st)
    assert roll["attacker"] == "marquise" and roll["defender"] == "eyrie"
    assert (roll["att_hits"], roll["def_hits"]) == (3, 1)
    assert warriors(st, 5, "eyrie") == 0
    assert warriors(st, 5, "marquise") == 2
    assert event_args(st, "deal_hits")[-1]["to_defender"] == 3


def test_4_3_2_equal_rolls_deal_equal_hits():
    st = with_dice(lambda s: cat_attack({5: {"warriors": {"marquise": 3, "eyrie": 3}}}, seed=s),
                   lambda d: d == [2, 2])
    assert (last_roll(st)["att_hits"], last_roll(st)["def_hits"]) == (2, 2)
    assert warriors(st, 5, "eyrie") == 1 and warriors(st, 5, "marquise") == 1


def test_4_3_2_same_seed_same_dice():
    a = cat_attack({5: {"warriors": {"marquise": 3, "eyrie": 3}}}, seed=11)
    b = cat_attack({5: {"warriors": {"marquise": 3, "eyrie": 3}}}, seed=11)
    assert last_roll(a) == last_roll(b)
    assert a.warriors == b.warriors


def test_4_3_2_I_rolled_hits_are_capped_by_warriors_in_the_clearing():
    # each side has one warrior and a building; a 3 and a 2 still deal only one hit each
    board = {5: {"warriors": {"marquise": 1, "eyrie": 1}, "buildings": ["roost", "sawmill"]}}
    st = with_dice(lambda s: cat_attack(board, seed=s), lambda d: d == [2, 3])
    assert (last_roll(st)["att_hits"], last_roll(st)["def_hits"]) == (1, 1)
    assert buildings(st, 5) == ["roost", "sawmill"]  # both buildings survive
    assert warriors(st, 5, "marquise") == 0 and warriors(st, 5, "eyrie") == 0
    assert st.vp == {"marquise": 0, "eyrie": 0}


# -- 4.3.3 effects ----------------------------------------------------------------------------------
def test_4_3_3_brutal_tactics_extra_hit_and_defender_scores():
    board = {5: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = with_dice(lambda s: cat_attack(board, marquise={"crafted": ["bird:Brutal Tactics"]}, seed=s),
                   lambda d: d == [0, 1])
    assert decision_of(st) == ("marquise", "battle.effects")
    assert ids(st) == {"use brutal tactics", "done"}
    play(st, "use brutal tactics")
    assert st.vp["eyrie"] == 1  # the defender scores one point
    assert warriors(st, 5, "eyrie") == 1  # 1 rolled + 1 extra
    assert warriors(st, 5, "marquise") == 3
    assert crafted(st, "marquise") == ["bird:Brutal Tactics"]  # persistent, not discarded


def test_4_3_3_brutal_tactics_may_be_declined():
    board = {5: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = with_dice(lambda s: cat_attack(board, marquise={"crafted": ["bird:Brutal Tactics"]}, seed=s),
                   lambda d: d == [0, 1])
    play(st, "done")
    assert st.vp["eyrie"] == 0 and warriors(st, 5, "eyrie") == 2


def test_4_3_3_brutal_tactics_only_as_attacker():
    board = {8: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = bird_attack(board, marquise={"crafted": ["bird:Brutal Tactics"]})
    assert decision_of(st) != ("marquise", "battle.effects")
    assert len(events(st, "roll")) == 1


def test_4_3_3_sappers_defender_deals_extra_hit_and_discards():
    board = {5: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = with_dice(lambda s: cat_attack(board, eyrie={"crafted": ["bird:Sappers"]}, seed=s),
                   lambda d: d == [0, 0])
    assert decision_of(st) == ("eyrie", "battle.effects")
    assert ids(st) == {"use sappers", "done"}
    play(st, "use sappers")
    assert warriors(st, 5, "marquise") == 2
    assert warriors(st, 5, "eyrie") == 3
    assert crafted(st, "eyrie") == [] and discard_keys(st) == ["bird:Sappers"]


def test_4_3_3_sappers_only_as_defender():
    board = {5: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = cat_attack(board, marquise={"crafted": ["bird:Sappers"]})
    assert decision_of(st) == ("marquise", "marquise.daylight")  # never offered to the attacker
    assert crafted(st, "marquise") == ["bird:Sappers"]


def test_4_3_3_armorers_ignores_all_rolled_hits_taken():
    board = {5: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = with_dice(lambda s: cat_attack(board, marquise={"crafted": ["bird:Armorers"]}, seed=s),
                   lambda d: d == [2, 2])
    assert ids(st) == {"use armorers", "done"}
    play(st, "use armorers")
    assert warriors(st, 5, "marquise") == 3  # two rolled hits ignored
    assert warriors(st, 5, "eyrie") == 1
    assert crafted(st, "marquise") == [] and discard_keys(st) == ["bird:Armorers"]


def test_4_3_3_armorers_do_not_stop_extra_hits():
    board = {5: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = with_dice(lambda s: cat_attack(board, marquise={"crafted": ["bird:Armorers"]},
                                        eyrie={"crafted": ["bird:Sappers"]}, seed=s),
                   lambda d: d == [2, 2])
    play(st, "attacker first")
    assert decision_of(st) == ("marquise", "battle.effects")
    play(st, "use armorers")
    assert decision_of(st) == ("eyrie", "battle.effects")
    play(st, "use sappers")
    assert warriors(st, 5, "marquise") == 2  # the Sappers' extra hit still lands
    assert warriors(st, 5, "eyrie") == 1


def test_4_3_3_attacker_chooses_who_uses_effects_first():
    board = {5: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = with_dice(lambda s: cat_attack(board, marquise={"crafted": ["bird:Brutal Tactics"]},
                                        eyrie={"crafted": ["bird:Armorers"]}, seed=s),
                   lambda d: d == [1, 2])
    assert decision_of(st) == ("marquise", "battle.effects_order")
    assert ids(st) == {"attacker first", "defender first"}
    assert all(o.rule == "root:4.3.3" for o in st.decision.options)
    play(st, "defender first")
    assert decision_of(st) == ("eyrie", "battle.effects")
    assert ids(st) == {"use armorers", "done"}
    play(st, "use armorers")
    # the attacker now decides knowing her two rolled hits are ignored
    assert decision_of(st) == ("marquise", "battle.effects")
    assert ids(st) == {"use brutal tactics", "done"}
    play(st, "use brutal tactics")
    assert warriors(st, 5, "eyrie") == 2  # only the extra hit lands
    assert warriors(st, 5, "marquise") == 2  # the defender's one rolled hit
    assert st.vp["eyrie"] == 1


def test_4_3_3_only_one_side_with_effects_is_asked_directly():
    board = {5: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = cat_attack(board, eyrie={"crafted": ["bird:Armorers"]})
    assert decision_of(st) == ("eyrie", "battle.effects")


def test_4_3_3_defender_armorers():
    board = {8: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = with_dice(lambda s: bird_attack(board, marquise={"crafted": ["bird:Armorers"]}, seed=s),
                   lambda d: d == [1, 3])
    assert decision_of(st) == ("marquise", "battle.effects")
    play(st, "use armorers")
    assert warriors(st, 8, "marquise") == 3
    assert warriors(st, 8, "eyrie") == 2


def test_4_3_3_no_effects_no_question():
    st = cat_attack({5: {"warriors": {"marquise": 3, "eyrie": 3}}}, marquise={"crafted": ["mouse:Scouting Party"]})
    assert events(st, "battle_end") and decision_of(st) == ("marquise", "marquise.daylight")


def test_4_3_3_I_extra_hits_are_not_capped_by_warriors():
    board = {5: {"warriors": {"marquise": 1, "eyrie": 1}, "buildings": ["roost"]}}
    st = with_dice(lambda s: cat_attack(board, marquise={"crafted": ["bird:Brutal Tactics"]}, seed=s),
                   lambda d: d == [0, 3])
    play(st, "use brutal tactics")
    # one rolled hit (capped by the lone warrior) + one extra hit: the warrior, then the roost
    assert warriors(st, 5, "eyrie") == 0 and buildings(st, 5) == []
    assert st.vp == {"marquise": 1, "eyrie": 1}


def test_4_3_3_II_defenseless_defender_takes_an_extra_hit():
    board = {5: {"warriors": {"marquise": 2}, "buildings": ["roost"]}}
    st = with_dice(lambda s: cat_attack(board, seed=s), lambda d: d == [0, 0])
    assert event_args(st, "extra_hit") == [{"faction": "marquise", "why": "defenseless"}]
    assert [e.rule for e in events(st, "extra_hit")] == ["4.3.3.II"]
    assert buildings(st, 5) == []
    assert st.vp["marquise"] == 1


def test_4_3_3_II_defender_with_warriors_is_not_defenseless():
    board = {5: {"warriors": {"marquise": 2, "eyrie": 1}, "buildings": ["roost"]}}
    st = with_dice(lambda s: cat_attack(board, seed=s), lambda d: d == [0, 0])
    assert event_args(st, "extra_hit") == []
    assert buildings(st, 5) == ["roost"] and warriors(st, 5, "eyrie") == 1


# -- 4.3.4 dealing hits -----------------------------------------------------------------------------
def test_4_3_4_warriors_are_removed_before_buildings():
    board = {5: {"warriors": {"marquise": 3, "eyrie": 1}, "buildings": ["roost"]}}
    st = with_dice(lambda s: cat_attack(board, seed=s), lambda d: d == [0, 2])
    assert warriors(st, 5, "eyrie") == 0 and buildings(st, 5) == []
    assert st.vp["marquise"] == 1
    removed = [e.kind for e in events(st) if e.kind in ("remove_warriors", "remove_piece")]
    assert removed == ["remove_warriors", "remove_piece"]


def test_4_3_4_defender_chooses_order_of_buildings_and_tokens():
    board = {8: {"warriors": {"eyrie": 2}, "buildings": ["sawmill", "workshop"], "tokens": ["wood"]}}
    # one rolled hit + one defenseless extra hit = two hits for three pieces of three kinds
    st = with_dice(lambda s: bird_attack(board, seed=s), lambda d: d[1] == 1)
    assert decision_of(st) == ("marquise", "hits")
    assert ids(st) == {"remove sawmill", "remove workshop", "remove wood"}
    assert all(o.rule == "root:4.3.4" for o in st.decision.options)
    play(st, "remove wood")
    assert ids(st) == {"remove sawmill", "remove workshop"}
    play(st, "remove workshop")
    assert buildings(st, 8) == ["sawmill"] and tokens(st, 8) == []
    assert st.vp["eyrie"] == 2  # 3.2.1: one point per building or token


def test_4_3_4_no_choice_when_every_piece_goes():
    board = {8: {"warriors": {"eyrie": 2}, "buildings": ["sawmill"], "tokens": ["wood"]}}
    st = with_dice(lambda s: bird_attack(board, seed=s), lambda d: d[1] >= 1)  # 2+ hits for 2 pieces
    assert decision_of(st) == ("eyrie", "eyrie.decree")
    assert buildings(st, 8) == [] and tokens(st, 8) == []
    assert st.vp["eyrie"] == 2


def test_4_3_4_no_choice_between_identical_pieces():
    board = {8: {"warriors": {"eyrie": 2}, "tokens": ["wood", "wood"]}}
    st = with_dice(lambda s: bird_attack(board, seed=s), lambda d: d[1] == 0)  # defenseless hit only
    assert decision_of(st) == ("eyrie", "eyrie.decree")
    assert tokens(st, 8) == ["wood"]
    assert st.vp["eyrie"] == 1


def test_4_3_4_law_example_one_point_per_enemy_building_or_token():
    """4.3.4: "You score one victory point per enemy building or token removed." — warriors score none."""
    board = {8: {"warriors": {"eyrie": 3, "marquise": 1}, "buildings": ["sawmill", "recruiter"],
                 "tokens": ["wood"]}}
    st = with_dice(lambda s: bird_attack(board, seed=s), lambda d: d[1] == 3)
    # 3 rolled hits: the warrior, then two of the three pieces, chosen by the Marquise
    assert warriors(st, 8, "marquise") == 0
    assert decision_of(st) == ("marquise", "hits")
    play(st, "remove wood", "remove recruiter")
    assert buildings(st, 8) == ["sawmill"]
    assert st.vp["eyrie"] == 2


def test_4_3_4_both_sides_take_their_hits():
    board = {5: {"warriors": {"marquise": 2, "eyrie": 2}, "buildings": ["roost", "sawmill"]}}
    st = with_dice(lambda s: cat_attack(board, seed=s), lambda d: d == [3, 3])
    # both capped at two: each side loses both warriors and keeps its building
    assert warriors(st, 5, "marquise") == 0 and warriors(st, 5, "eyrie") == 0
    assert buildings(st, 5) == ["roost", "sawmill"]


# -- cards and leaders acting in battle -------------------------------------------------------------
def test_scouting_party_attacker_is_not_affected_by_ambush():
    st = cat_attack({5: {"warriors": {"marquise": 2, "eyrie": 2}}},
                    marquise={"crafted": ["mouse:Scouting Party"]}, eyrie={"hand": ["rabbit:Ambush!"]})
    assert events(st, "ambush") == []
    assert hand(st, "eyrie") == ["rabbit:Ambush!"]
    assert len(events(st, "roll")) == 1


def test_scouting_party_does_not_protect_the_defender():
    board = {8: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = bird_attack(board, marquise={"hand": ["fox:Ambush!"], "crafted": ["mouse:Scouting Party"]})
    assert decision_of(st) == ("marquise", "battle.ambush")
    assert ids(st) == {"ambush fox:Ambush!", "no ambush"}


def test_7_8_3_commander_deals_an_extra_hit_as_attacker():
    board = {8: {"warriors": {"marquise": 4, "eyrie": 3}}}
    st = with_dice(lambda s: bird_attack(board, leader="commander", seed=s), lambda d: d == [0, 1])
    assert {"faction": "eyrie", "why": "commander"} in event_args(st, "extra_hit")
    assert [e.rule for e in events(st, "extra_hit")] == ["7.8.3"]
    assert warriors(st, 8, "marquise") == 2  # one rolled hit + one extra


def test_7_8_3_commander_no_extra_hit_as_defender():
    board = {5: {"warriors": {"marquise": 3, "eyrie": 3}}}
    st = with_dice(lambda s: cat_attack(board, eyrie={"leader": "commander"}, seed=s), lambda d: d == [0, 1])
    assert event_args(st, "extra_hit") == []
    assert warriors(st, 5, "marquise") == 3


def test_7_8_4_despot_one_extra_point_for_several_pieces_in_one_step():
    board = {8: {"warriors": {"eyrie": 3}, "buildings": ["sawmill", "workshop"]}}
    st = with_dice(lambda s: bird_attack(board, leader="despot", seed=s), lambda d: d[1] >= 1)
    assert buildings(st, 8) == []
    assert st.vp["eyrie"] == 3  # 2 (3.2.1) + 1 (Despot, once)
    assert [a["why"] for a in event_args(st, "score")] == ["remove", "remove", "despot"]


def test_7_8_4_despot_scores_in_the_ambush_step_and_again_in_the_hits_step():
    """Despot as defender: the ambush removes a sawmill (+1 +1); Field Hospitals bring the attacker back
    into the keep's clearing; the rolled hits then remove the keep (+1 +1). Once the keep is gone,
    Field Hospitals cannot be used (6.2.3)."""
    board = {1: {"warriors": {"marquise": 1, "eyrie": 2}, "buildings": ["sawmill"], "tokens": ["keep"]}}

    def make(seed):
        st = position(board, seed=seed, deck=[], players={
            "marquise": {"hand": ["fox:Anvil", "fox:Root Tea"]},
            "eyrie": {"hand": ["fox:Ambush!"], "leader": "despot"}})
        play(st, "end crafting", "battle 1 eyrie", "ambush fox:Ambush!", "no foil")
        assert ids(st) == {"remove sawmill", "remove keep"}
        play(st, "remove sawmill")
        assert st.vp["eyrie"] == 2
        return play(st, "field hospitals fox:Anvil")

    st = with_dice(make, lambda d: d[0] >= 2)  # the defender's lower roll hits the warrior and the keep
    assert warriors(st, 1, "marquise") == 0 and tokens(st, 1) == []
    assert st.vp["eyrie"] == 4
    assert [a["why"] for a in event_args(st, "score") if a["faction"] == "eyrie"] == [
        "remove", "despot", "remove", "despot"]
    assert decision_of(st) == ("marquise", "marquise.daylight")  # no Field Hospitals without the keep
    assert hand(st, "marquise") == ["fox:Root Tea"]


@pytest.mark.parametrize("seed", range(5))
def test_4_3_battle_costs_one_marquise_action(seed):
    st = cat_attack({5: {"warriors": {"marquise": 3, "eyrie": 3}}}, seed=seed)
    assert st.decision.args["actions"] == 2


def test_3_1_a_defender_reaching_30_in_battle_wins_before_the_outrage_it_triggers():
    """3.1 (30 points win immediately) with 1.5.4 and 8.2.6: the Marquise, defending at 29, removes the
    attacking Alliance warrior and then the sympathy token; once every hit is dealt she has won, and the
    Outrage that token triggered is never asked."""
    board = {1: {"warriors": {"alliance": 1, "marquise": 3}, "tokens": ["sympathy"]}, 3: {"tokens": ["keep"]}}

    def make(seed):
        st = position(board, seats=("marquise", "alliance"), turn="alliance", phase="evening", seed=seed,
                      players={"marquise": {"vp": 29, "hand": ["fox:Anvil", "mouse:Sword"]},
                               "alliance": {"officers": 1, "hand": ["fox:Travel Gear"]}})
        play(st, "battle 1 marquise")
        while st.decision is not None and st.decision.kind in ("battle.ambush", "battle.foil", "battle.effects"):
            play(st, st.decision.options[-1].id)
        return st

    st = with_dice(make, lambda d: d[0] >= 2)  # the defender's lower roll: the warrior, then the token
    assert tokens(st, 1) == [] and st.vp["marquise"] == 30
    assert st.result is not None and st.result["winners"] == ["marquise"] and st.decision is None
    assert not events(st, "outrage")
