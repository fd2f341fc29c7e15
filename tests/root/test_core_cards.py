"""Scenario tests for the standard deck's card effects (CARDS.md; Law 4.1.2 immediate effects, 4.1.3
persistent effects), as met by the Marquise and the Eyrie. Battle cards get a basic check here; the
battle itself (4.3) is tested in test_battle.py.

Autumn map (Rootlog numbers): corners 1 fox, 2 mouse, 3 rabbit, 4 rabbit; 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8
7-12 9-12 10-12 11-12. Ruins in 6, 10, 11, 12.
"""

from __future__ import annotations

import json

from helpers import (
    EYRIE_HOME,
    NO_DECREE,
    buildings,
    crafted,
    decision_of,
    discard_keys,
    event_args,
    hand,
    ids,
    option_list,
    play,
    position,
    tokens,
    warriors,
)

from planszowki.i18n import card_name, render_event


# -- Favors ---------------------------------------------------------------------------------------
def _favor_of_the_mice(marquise_hand: list[str]):
    # Eyrie roosts in mouse clearings 7, 9, 11 pay Favor of the Mice. Marquise pieces in mouse clearings:
    # 2 (three warriors, a workshop) and 9 (one warrior, one wood); the keep is in rabbit clearing 3.
    board = {2: {"warriors": {"marquise": 3}, "buildings": ["workshop"]},
             9: {"warriors": {"marquise": 1, "eyrie": 1}, "buildings": ["roost"], "tokens": ["wood"]},
             7: {"warriors": {"eyrie": 1}, "buildings": ["roost"]},
             11: {"warriors": {"eyrie": 1}, "buildings": ["ruin", "roost"]},
             3: {"warriors": {"marquise": 1}, "buildings": ["sawmill"], "tokens": ["keep"]},
             5: {"warriors": {"marquise": 2}}}
    st = position(board, turn="eyrie", players={"eyrie": {"hand": ["mouse:Favor of the Mice"]},
                                                "marquise": {"hand": marquise_hand}})
    st.apply("craft mouse:Favor of the Mice")
    return st


def test_favor_removes_all_enemy_pieces_in_clearings_of_its_suit_and_scores():
    st = _favor_of_the_mice([])
    assert warriors(st, 2, "marquise") == 0 and buildings(st, 2) == []
    assert warriors(st, 9, "marquise") == 0 and tokens(st, 9) == []
    assert st.vp["eyrie"] == 2  # the workshop and the wood (3.2.1); warriors score nothing
    # other suits and the crafter's own pieces are untouched
    assert warriors(st, 5, "marquise") == 2 and warriors(st, 3, "marquise") == 1
    assert buildings(st, 3) == ["sawmill"] and tokens(st, 3) == ["keep"]
    assert warriors(st, 9, "eyrie") == 1 and buildings(st, 9) == ["roost"]
    assert buildings(st, 11) == ["roost", "ruin"]
    assert discard_keys(st) == ["mouse:Favor of the Mice"]
    assert st.decision.player == "eyrie"  # no Field Hospitals question with an empty hand


def test_favor_triggers_field_hospitals_after_all_removals_6_2_3():
    st = _favor_of_the_mice(["mouse:Sword", "bird:Armorers", "fox:Anvil"])
    # 1.5.4: every piece is already removed before the Marquise is asked, clearing by clearing.
    assert buildings(st, 2) == [] and tokens(st, 9) == []
    assert decision_of(st) == ("marquise", "marquise.field_hospitals")
    assert st.decision.args == {"clearing": 2, "count": 3}
    assert ids(st) == {"field hospitals mouse:Sword", "field hospitals bird:Armorers", "decline"}
    st.apply("field hospitals mouse:Sword")
    assert warriors(st, 3, "marquise") == 4  # three saved warriors join the keep
    assert decision_of(st) == ("marquise", "marquise.field_hospitals")
    assert st.decision.args == {"clearing": 9, "count": 1}
    assert ids(st) == {"field hospitals bird:Armorers", "decline"}
    st.apply("decline")
    assert warriors(st, 3, "marquise") == 4
    assert hand(st, "marquise") == ["bird:Armorers", "fox:Anvil"]
    assert discard_keys(st) == ["mouse:Favor of the Mice", "mouse:Sword"]
    assert st.decision.player == "eyrie"


def test_favor_of_the_foxes_by_the_marquise_removes_roosts():
    board = {1: {"warriors": {"marquise": 1, "eyrie": 2}, "buildings": ["workshop"]},
             8: {"warriors": {"marquise": 1}, "buildings": ["workshop", "workshop"]},
             6: {"warriors": {"eyrie": 3}, "buildings": ["ruin", "roost"]},
             12: {"warriors": {"eyrie": 1}, "buildings": ["ruin", "roost"]}, **EYRIE_HOME}
    st = position(board, players={"marquise": {"hand": ["fox:Favor of the Foxes"]}})
    st.apply("craft fox:Favor of the Foxes")
    assert st.vp == {"marquise": 2, "eyrie": 0}
    assert [warriors(st, c, "eyrie") for c in (1, 6, 12, 3)] == [0, 0, 0, 2]
    assert buildings(st, 6) == ["ruin"] and buildings(st, 12) == ["ruin"] and buildings(st, 3) == ["roost"]
    assert buildings(st, 1) == ["workshop"]


# -- Royal Claim ----------------------------------------------------------------------------------
def test_royal_claim_discard_in_birdsong_to_score_per_ruled_clearing():
    board = {1: {"warriors": {"marquise": 1}}, 5: {"warriors": {"marquise": 1}}, 9: {"warriors": {"marquise": 2}},
             7: {"warriors": {"marquise": 1, "eyrie": 1}},  # tie: the Eyrie rule (7.2.2)
             2: {"tokens": ["wood"]},  # tokens rule nothing (2.5)
             **EYRIE_HOME}
    st = position(board, phase="birdsong", players={"marquise": {"crafted": ["bird:Royal Claim"]}})
    assert decision_of(st) == ("marquise", "card.birdsong")
    assert option_list(st) == ["royal claim", "continue"]
    st.apply("royal claim")
    assert st.vp["marquise"] == 3  # clearings 1, 5, 9
    assert crafted(st, "marquise") == [] and discard_keys(st) == ["bird:Royal Claim"]
    assert st.phase == "daylight"  # nothing else to do in Birdsong


def test_royal_claim_may_be_kept_for_later():
    st = position({1: {"warriors": {"marquise": 1}}, **EYRIE_HOME}, phase="birdsong",
                  players={"marquise": {"crafted": ["bird:Royal Claim"]}})
    st.apply("continue")  # start of Birdsong
    assert decision_of(st) == ("marquise", "card.birdsong")  # asked again at the end of Birdsong
    st.apply("continue")
    assert st.phase == "daylight" and crafted(st, "marquise") == ["bird:Royal Claim"]
    assert st.vp["marquise"] == 0


# -- Stand and Deliver! ---------------------------------------------------------------------------
def test_stand_and_deliver_takes_a_random_card_and_the_victim_scores():
    st = position({1: {"warriors": {"marquise": 1}}, **EYRIE_HOME}, phase="birdsong",
                  players={"marquise": {"crafted": ["fox:Stand and Deliver!"]},
                           "eyrie": {"hand": ["fox:Anvil", "mouse:Sword"]}})
    assert option_list(st) == ["stand and deliver eyrie", "continue"]
    st.apply("stand and deliver eyrie")
    taken = event_args(st, "card_taken")
    assert len(taken) == 1 and taken[0]["card"] in ("fox:Anvil", "mouse:Sword")
    assert hand(st, "marquise") == [taken[0]["card"]]
    assert len(st.hands["eyrie"]) == 1
    assert st.vp == {"marquise": 0, "eyrie": 1}
    # once per Birdsong: not offered again at its end although the Eyrie still hold a card
    assert st.phase == "daylight" and st.decision.kind == "marquise.daylight"
    # both players see which card moved; a spectator does not
    spectator = json.dumps(st.view(None)["log"])
    assert taken[0]["card"] not in spectator
    assert taken[0]["card"] in json.dumps(st.view("eyrie")["log"])


def test_stand_and_deliver_needs_a_player_with_cards():
    st = position({1: {"warriors": {"marquise": 1}}, **EYRIE_HOME}, phase="birdsong", deck=[],
                  players={"marquise": {"crafted": ["fox:Stand and Deliver!"]}})
    assert decision_of(st) == ("marquise", "marquise.daylight")
    assert st.vp["eyrie"] == 0


# -- Tax Collector --------------------------------------------------------------------------------
def test_tax_collector_once_in_daylight_remove_a_warrior_to_draw():
    st = position({5: {"warriors": {"marquise": 2}}, 9: {"warriors": {"marquise": 1}}, **EYRIE_HOME},
                  deck=["fox:Anvil", "mouse:Sword"], players={"marquise": {"crafted": ["fox:Tax Collector"]}})
    assert {i for i in ids(st) if i.startswith("tax")} == {"tax collector 5", "tax collector 9"}
    st.apply("tax collector 9")
    assert warriors(st, 9, "marquise") == 0 and st.warrior_supply("marquise") == 25 - 2
    assert hand(st, "marquise") == ["fox:Anvil"]
    assert not [i for i in ids(st) if i.startswith("tax")]
    st.apply("end crafting")
    assert not [i for i in ids(st) if i.startswith("tax")]


def test_tax_collector_for_the_eyrie_during_the_decree():
    st = position({3: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}}, turn="eyrie",
                  deck=["fox:Anvil", "mouse:Sword"],
                  players={"eyrie": {"crafted": ["fox:Tax Collector"], "decree": NO_DECREE}})
    st.apply("resolve decree")
    assert ids(st) == {"end decree", "tax collector 3"}
    st.apply("tax collector 3")
    assert warriors(st, 3, "eyrie") == 1 and hand(st, "eyrie")[:1] == ["fox:Anvil"]


def test_tax_collector_removal_can_trigger_field_hospitals():
    st = position({1: {"warriors": {"marquise": 1}, "tokens": ["keep"]}, 5: {"warriors": {"marquise": 2}},
                   **EYRIE_HOME},
                  deck=["rabbit:Cobbler"], players={"marquise": {"crafted": ["fox:Tax Collector"]}})
    st.apply("tax collector 5")
    assert decision_of(st) == ("marquise", "marquise.field_hospitals")
    assert ids(st) == {"field hospitals rabbit:Cobbler", "decline"}
    st.apply("field hospitals rabbit:Cobbler")
    assert warriors(st, 5, "marquise") == 1 and warriors(st, 1, "marquise") == 2


# -- Better Burrow Bank, Cobbler, Command Warren --------------------------------------------------
def test_better_burrow_bank_you_and_another_player_draw_at_start_of_birdsong():
    st = position({1: {"warriors": {"marquise": 1}}, **EYRIE_HOME}, phase="birdsong",
                  deck=["fox:Anvil", "mouse:Sword", "rabbit:Cobbler"],
                  players={"marquise": {"crafted": ["rabbit:Better Burrow Bank"]}})
    assert hand(st, "marquise") == ["fox:Anvil"]
    assert hand(st, "eyrie") == ["mouse:Sword"]
    assert st.phase == "daylight"
    draws = [e["faction"] for e in event_args(st, "draw")]
    assert draws == ["marquise", "eyrie"]


def test_better_burrow_bank_works_for_the_eyrie_too():
    st = position({3: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}}, turn="eyrie", phase="birdsong",
                  deck=["fox:Anvil", "mouse:Sword"],
                  players={"eyrie": {"crafted": ["rabbit:Better Burrow Bank"]}})
    # drawn at the very start of Birdsong, so Emergency Orders (7.4.1) do not apply
    assert hand(st, "marquise") == ["mouse:Sword"]
    assert not event_args(st, "emergency_orders")
    assert st.decision.kind == "eyrie.add"


def test_cobbler_one_move_at_start_of_evening():
    st = position({1: {"warriors": {"marquise": 2}}, **EYRIE_HOME}, phase="evening",
                  deck=["fox:Anvil", "mouse:Sword"], players={"marquise": {"crafted": ["rabbit:Cobbler"]}})
    assert decision_of(st) == ("marquise", "card.cobbler")
    assert ids(st) == {"skip"} | {f"move 1->{b} x{k}" for b in (5, 9, 10) for k in (1, 2)}
    assert hand(st, "marquise") == []  # before the Evening draw
    st.apply("move 1->5 x2")
    assert warriors(st, 5, "marquise") == 2
    assert hand(st, "marquise") == ["fox:Anvil"] and st.current == "eyrie"


def test_command_warren_battle_at_start_of_daylight():
    st = position({3: {"warriors": {"eyrie": 2, "marquise": 2}, "buildings": ["roost"]},
                   1: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}}, deck=[],
                  players={"marquise": {"crafted": ["rabbit:Command Warren"], "hand": ["fox:Anvil"]}})
    assert decision_of(st) == ("marquise", "card.command_warren")
    assert option_list(st) == ["battle 3 eyrie", "skip"]
    st.apply("skip")
    assert st.decision.kind == "marquise.daylight" and "craft fox:Anvil" in ids(st)


def test_command_warren_battle_is_a_battle():
    st = position({3: {"warriors": {"eyrie": 2, "marquise": 2}, "buildings": ["roost"]}}, deck=[],
                  players={"marquise": {"crafted": ["rabbit:Command Warren"]}})
    st.apply("battle 3 eyrie")
    assert [e["clearing"] for e in event_args(st, "battle")] == [3]
    assert event_args(st, "roll")  # the battle was fought
    assert st.decision.kind == "marquise.daylight"


# -- Codebreakers ---------------------------------------------------------------------------------
def test_codebreakers_look_at_a_hand_privately_once_in_daylight():
    st = position({1: {"warriors": {"marquise": 1}}, **EYRIE_HOME},
                  players={"marquise": {"crafted": ["mouse:Codebreakers"]},
                           "eyrie": {"hand": ["fox:Anvil", "rabbit:Bake Sale"]}})
    assert "codebreakers eyrie" in ids(st)
    st.apply("codebreakers eyrie")
    looks = [e for e in st.log if e.kind == "look_at_hand"]
    assert len(looks) == 1 and sorted(looks[0].args["cards"]) == ["fox:Anvil", "rabbit:Bake Sale"]
    assert "codebreakers eyrie" not in ids(st)
    st.apply("end crafting")
    assert "codebreakers eyrie" not in ids(st)
    names = {lang: (card_name("fox:Anvil", lang), card_name("rabbit:Bake Sale", lang)) for lang in ("en", "pl")}
    for lang, (anvil, bake_sale) in names.items():
        text = "\n".join(render_event(e, lang) for e in st.view("marquise")["log"])
        assert anvil in text and bake_sale in text
    for seat in ("eyrie", None):  # nobody else learns what the Marquise saw
        log = st.view(seat)["log"]
        assert not [e for e in log if e["kind"] == "look_at_hand"]
        assert "rabbit:Bake Sale" not in json.dumps(log) and "fox:Anvil" not in json.dumps(log)
        for lang, (anvil, bake_sale) in names.items():
            text = "\n".join(render_event(e, lang) for e in log)
            assert anvil not in text and bake_sale not in text
    assert [e["kind"] for e in st.view("eyrie")["log"]].count("codebreakers") == 1  # the use is public


# -- Battle cards (basic checks) ------------------------------------------------------------------
def _battle(marquise_crafted=(), eyrie_crafted=(), eyrie_hand=(), seed=0):
    st = position({1: {"warriors": {"marquise": 3, "eyrie": 2}}, **EYRIE_HOME}, seed=seed, deck=[],
                  players={"marquise": {"crafted": list(marquise_crafted)},
                           "eyrie": {"hand": list(eyrie_hand), "crafted": list(eyrie_crafted)}})
    play(st, "end crafting", "battle 1 eyrie")
    return st


def test_scouting_party_attacker_is_not_affected_by_ambush_cards():
    st = _battle(eyrie_hand=["fox:Ambush!"])
    assert decision_of(st) == ("eyrie", "battle.ambush")
    assert "ambush fox:Ambush!" in ids(st)
    st = _battle(marquise_crafted=["mouse:Scouting Party"], eyrie_hand=["fox:Ambush!"])
    assert not event_args(st, "ambush")
    assert hand(st, "eyrie") == ["fox:Ambush!"]
    assert event_args(st, "roll") and st.decision.kind == "marquise.daylight"


def test_armorers_discard_to_ignore_all_rolled_hits_taken():
    st = _battle(eyrie_crafted=["bird:Armorers"])
    assert decision_of(st) == ("eyrie", "battle.effects")
    assert option_list(st) == ["use armorers", "done"]
    roll = event_args(st, "roll")[0]
    assert roll["att_hits"] >= 1  # seed 0: the Marquise would deal a hit
    st.apply("use armorers")
    assert warriors(st, 1, "eyrie") == 2
    assert crafted(st, "eyrie") == [] and discard_keys(st) == ["bird:Armorers"]


def test_sappers_only_as_defender_and_deal_an_extra_hit():
    st = _battle(marquise_crafted=["bird:Sappers"])
    assert not event_args(st, "discard_crafted") and crafted(st, "marquise") == ["bird:Sappers"]
    assert st.decision.kind == "marquise.daylight"  # the attacker was never offered Sappers
    st = _battle(eyrie_crafted=["bird:Sappers"])
    assert option_list(st) == ["use sappers", "done"]
    st.apply("use sappers")
    roll = event_args(st, "roll")[0]
    assert event_args(st, "deal_hits")[0]["to_attacker"] == roll["def_hits"] + 1
    assert discard_keys(st) == ["bird:Sappers"]


def test_brutal_tactics_extra_hit_and_the_defender_scores():
    st = _battle(marquise_crafted=["bird:Brutal Tactics"])
    assert option_list(st) == ["use brutal tactics", "done"]
    st.apply("use brutal tactics")
    roll = event_args(st, "roll")[0]
    assert event_args(st, "deal_hits")[0]["to_defender"] == roll["att_hits"] + 1
    assert st.vp == {"marquise": 0, "eyrie": 1}
    assert crafted(st, "marquise") == ["bird:Brutal Tactics"]  # not discarded: usable every battle
