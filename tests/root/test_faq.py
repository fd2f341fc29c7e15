"""The official FAQ of Root (reference/root/law/faq_pl.yml) as scenario tests.

Each ruling that concerns implemented content (chapters 1–9 of the Law, Appendix D, the standard deck, the
Autumn map) has one test here, or is already checked by a test elsewhere that the table names. The FAQ cites
rules by the numbers printed with each entry; a few use an older numbering, and the docstrings then give the
Marauders-era number as well.

Entries are numbered by their position in the FAQ file (48 items; #26 and #41 are the Polish wording of the
questions answered under #27 and #42).

Status of each entry: "tested" (a test in this file), "covered by" (tests elsewhere already check the whole
ruling), "not applicable yet (chapter or appendix)" (content not implemented), "no engine consequence" (none).

 #1  A rule means its own term only: "move" is not "place" (6.2.2).
     tested: test_faq_6_2_2_the_keep_stops_placing_not_moving
 #2  Which pieces are buildings and which are tokens (2.5, 16.6.3, 16.6.32).
     tested: test_faq_2_5_tokens_take_no_building_slots
 #3  No victory points are lost when your building is removed (2.5.2, 16.6.22; now 3.2.1).
     tested: test_faq_3_2_1_losing_a_building_costs_no_victory_points
 #4  One ambush card per player per battle (4.3.1).
     tested: test_faq_4_3_1_one_ambush_card_per_battle
 #5  Favor cards remove all enemy pieces except the Vagabond (9.2.2; the Rat Warlord of 14.2.2 is not implemented).
     tested: test_faq_9_2_2_favor_removes_every_enemy_piece_but_the_vagabond_pawn
 #6  Sympathy tokens are removed like any piece, by battle or removing effects (2.1, 2.5, 4.3).
     covered by: test_8_2_6_outrage_removing_sympathy_in_battle and
     test_8_2_6_outrage_removing_sympathy_with_a_favor_card (test_alliance.py); by an ability (Strike):
     test_faq_8_2_6_the_vagabond_outrages_by_removing_sympathy_not_by_entering
 #7  Placing pieces in a sympathetic clearing is no Outrage (8.2.6, 8.2.5).
     tested: test_faq_8_2_6_placing_in_a_sympathetic_clearing_is_no_outrage
 #8  Removed buildings and tokens go back to their owner's board or supply (2.5, 16.6.22).
     tested: test_faq_2_5_a_removed_building_returns_to_its_track
 #9  Activating a crafting piece does nothing to the piece (4.1.1).
     tested: test_faq_4_1_1_activating_a_workshop_leaves_it_in_place
 #10 No action needs another player's consent (9.2.8, 9.5.4; 11.2.6).
     tested: test_faq_9_5_4_aid_needs_no_consent (the Riverfolk part: not applicable yet, chapter 11)
 #11 All your pieces removed from the map: probably out of the game (6).
     tested: test_faq_6_the_marquise_without_pieces_only_passes_and_draws
 #12 Others may move pieces into the keep's clearing (4.2, 6.2.2).
     covered by: test_4_2_warriors_may_move_into_the_keep_clearing (test_core_actions.py),
     test_6_2_2_others_may_move_into_the_keep_clearing (test_marquise.py); see also #1
 #13 Field Hospitals after an ambush in the keep's clearing act at once (4.3.1, 6.2.3).
     covered by: test_4_3_1_II_field_hospitals_in_the_keep_clearing_keep_the_battle_going (test_battle.py)
 #14 The Marquise may place hirelings in the keep's clearing (6.2.3).
     not applicable yet (Appendix E, hirelings)
 #15 An empty Decree column is no Turmoil (7.7).
     covered by: test_7_7_an_empty_column_is_no_turmoil (test_eyrie.py)
 #16 One card of a column that cannot be done is Turmoil (7.7).
     covered by: test_7_7_turmoil_after_doing_what_can_be_done_in_the_column,
     test_7_7_turmoil_is_offered_when_a_card_cannot_be_done (test_eyrie.py)
 #17 The Decree may move warriors one at a time, or back and forth (7.5.2).
     tested: test_faq_7_5_2_two_move_cards_may_take_one_warrior_each_from_one_clearing;
     back and forth: test_7_5_2_the_same_warrior_may_serve_several_move_cards (test_eyrie.py)
 #18 Despot: one extra point per removal, not per piece removed at once (7.8.4).
     covered by: test_7_8_4_despot_scores_one_extra_vp_when_removing_buildings_or_tokens_in_battle
     (test_eyrie.py), test_7_8_4_despot_one_extra_point_for_several_pieces_in_one_step (test_battle.py)
 #19 Charismatic with one warrior left: place it, then Turmoil (7.7, 7.8.3; Charismatic is now 7.8.2).
     covered by: test_7_8_2_charismatic_with_one_warrior_left_places_it_then_turmoil (test_eyrie.py)
 #20 No revolt for the suit of a base already built (8.4.1).
     covered by: test_8_4_1_i_revolt_needs_a_sympathetic_clearing_matching_an_unbuilt_base (test_alliance.py)
 #21 No revolt in the keep's clearing (6.2.2, 8.4.1).
     tested: test_faq_8_4_1_no_sympathy_and_so_no_revolt_in_the_keep_clearing
 #22 A hireling removing sympathy outrages its controller (8.2.6, 16.4.3.7).
     not applicable yet (Appendix E, hirelings)
 #23 The Vagabond outrages by removing sympathy, not by entering (8.2.6).
     tested: test_faq_8_2_6_the_vagabond_outrages_by_removing_sympathy_not_by_entering
 #24 Hammers craft in the suit of the current clearing only (9.2.1).
     tested: test_faq_9_2_1_hammers_cannot_pay_several_suits
 #25 The friendly Vagabond entering a sympathetic clearing: no Outrage (8.2.6, 9.2.2).
     tested: test_faq_9_2_2_slipping_into_a_sympathetic_clearing_is_no_outrage;
     by Move: test_9_2_2_entering_a_sympathetic_clearing_with_the_pawn_is_no_outrage (test_vagabond.py)
 #26 (The Polish wording of #27, without an answer of its own.) See #27.
 #27 Moving Allied Alliance warriors into a sympathetic clearing: no Outrage (8.2.6, 9.2.9).
     tested: test_faq_9_2_9_moving_allied_alliance_warriors_into_sympathy_is_no_outrage
 #28 No Hostility for removing only buildings or tokens (9.2.9.3).
     tested: test_faq_9_2_9_3_removing_only_buildings_in_battle_leaves_no_witnesses;
     by Strike: test_9_2_9_iii_removing_only_buildings_does_not_make_a_faction_hostile (test_vagabond.py)
 #29 Removing a hireling warrior makes no faction Hostile (9.2.9.3).
     not applicable yet (Appendix E, hirelings)
 #30 Battling with a controlled hireling: no Hostility, no Infamy (9.2.9.3, 16.4.3.5, 16.4.3.6).
     not applicable yet (Appendix E, hirelings)
 #31 Moving allied warriors with the Ferry (16.2.2.5; now C.2.5): yes, and their faction draws a card too.
     covered by: test_c_2_5_vagabond_takes_the_ferry_with_allied_warriors_and_both_draw (test_maps.py)
 #32 No coalition with a player who activated dominance; activating after a coalition is allowed (9.2.8).
     tested: test_faq_9_2_8_the_partner_may_activate_dominance_after_the_coalition;
     first half: test_9_2_8_a_player_with_an_activated_dominance_card_cannot_be_chosen (test_vagabond.py)
 #33 Coalition partners cannot battle each other (4.3, 9.2.8).
     tested: test_faq_9_2_8_the_partner_cannot_battle_the_vagabond;
     the Vagabond's side: test_9_2_8_coalition_partners_do_not_battle_each_other (test_vagabond.py)
 #34 No Infamy for a Strike (9.2.9.3.1).
     tested: test_faq_9_2_9_3_1_a_strike_scores_no_infamy
 #35 Riverfolk mercenaries may battle where you have no pieces (11.2.7).   not applicable yet (chapter 11)
 #36 Export needs a card you could craft (11.5.3).                         not applicable yet (chapter 11)
 #37 The Riverfolk cannot refuse a service (11.2.6).                       not applicable yet (chapter 11)
 #38 Mercenaries against Riverfolk-controlled hirelings (11.2.7).          not applicable yet (chapter 11)
 #39 Convert and Sanctify must be completed (10.4.3).                      not applicable yet (chapter 10)
 #40 Relics are placed at random (15.3.3).                                 not applicable yet (chapter 15)
 #41 (The Polish wording of #42.) See #42.
 #42 The Keepers need not rule to battle (15.5.2.2).                       not applicable yet (chapter 15)
 #43 Hirelings removing a relic (15.2.5).                                  not applicable yet (chapter 15, Appendix E)
 #44 Prized Trophies and a coalitioned Vagrant (15.2.5).                   not applicable yet (chapter 15)
 #45 The Hundreds choose whether a hit takes the Warlord (14.2.2, 4.3.4).  not applicable yet (chapter 14)
 #46 What the Hundreds need to oppress (14.6.2).                           not applicable yet (chapter 14)
 #47 Rowdy mood and Charm Offensive (14.7.6).                              not applicable yet (chapter 14)
 #48 Looters are declared before the ambush (14.2.5).                      not applicable yet (chapter 14)

No entry is purely about physical components: #2 (buildings and tokens) and #9 (activation) both have
consequences the engine must get right (slots; the piece stays and keeps counting for rule).

Autumn map (printed numbers): 1 fox, 2 mouse, 3 rabbit, 4 rabbit (corners); 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1–5 1–9 1–10, 2–5 2–6 2–10, 3–6 3–7 3–11, 4–8 4–9 4–12, 6–11,
7–8 7–12, 9–12, 10–12, 11–12. Slots: 1, 3, 4 have one; 11 has three; the others two (6, 10, 11, 12 hold a ruin).
"""

from __future__ import annotations

from helpers import (
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
from vagabond_helpers import plain, rel, vb, vpos, where

ALLIANCE_SEATS = ("marquise", "eyrie", "alliance")
NO_DECREE = {"recruit": [], "move": [], "battle": [], "build": []}


def supporters(st) -> list[str]:
    return sorted(st.card(c).key for c in st.fdata["alliance"]["supporters"])


def starting(st, prefix: str) -> set[str]:
    return {o for o in ids(st) if o.startswith(prefix)}


# -- #1, #12: The Keep (6.2.2) ------------------------------------------------------------------------------
def test_faq_6_2_2_the_keep_stops_placing_not_moving():
    """FAQ #1 (6.2.2): a rule means its own term only, not related ones; "place" and "move" differ, which
    matters for the Keep. Other players' warriors may move into the keep's clearing, but nothing of theirs
    may be placed there."""
    st = position({1: {"warriors": {"marquise": 1}, "tokens": ["keep"]}, 5: {"warriors": {"alliance": 3}}},
                  turn="alliance", phase="evening", seats=ALLIANCE_SEATS, players={"alliance": {"officers": 2}})
    assert {"move 5->1 x1", "move 5->1 x2", "move 5->1 x3"} <= ids(st)
    play(st, "move 5->1 x2")
    assert warriors(st, 1, "alliance") == 2 and warriors(st, 5, "alliance") == 1
    # Organize (8.6.1.IV) would place a sympathy token: offered where the warrior stayed, not in the keep's
    # clearing, although the Alliance now has more warriors there
    assert starting(st, "organize") == {"organize 5"}


# -- #2: buildings and tokens ------------------------------------------------------------------------------
def test_faq_2_5_tokens_take_no_building_slots():
    """FAQ #2 (2.5; 2.2.3): buildings are square and fill the building slots; tokens are round and fill
    none. A full clearing takes no more buildings, but still takes wood and sympathy."""
    st = position({5: {"warriors": {"marquise": 2}, "buildings": ["sawmill", "workshop"], "tokens": ["wood"]}},
                  seats=ALLIANCE_SEATS, players={"marquise": {"hand": ["rabbit:Cobbler"]}})
    play(st, "end crafting")
    assert not starting(st, "build")  # both slots of 5 are taken, wood or not
    play(st, "overwork 5 rabbit:Cobbler")
    assert tokens(st, 5) == ["wood", "wood"] and len(buildings(st, 5)) == 2
    # the Alliance spreads into clearing 3, whose only slot holds a roost
    st = position({3: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}}, turn="alliance", phase="birdsong",
                  seats=ALLIANCE_SEATS, players={"alliance": {"supporters": ["rabbit:Bake Sale"]}})
    assert "spread 3" in ids(st)
    play(st, "spread 3", "spend rabbit:Bake Sale")
    assert tokens(st, 3) == ["sympathy"] and buildings(st, 3) == ["roost"]


# -- #3: removed buildings cost their owner nothing -------------------------------------------------------
def test_faq_3_2_1_losing_a_building_costs_no_victory_points():
    """FAQ #3 (2.5.2; now 3.2.1): when your building is removed you lose no victory points; only the
    remover scores."""
    # the Alliance crafts Favor of the Foxes with its three fox sympathy tokens (1, 8, 12)
    st = position({1: {"tokens": ["sympathy"]}, 12: {"tokens": ["sympathy"]},
                   8: {"buildings": ["roost"], "tokens": ["sympathy"]},
                   6: {"buildings": ["ruin", "sawmill"]}},
                  turn="alliance", seats=ALLIANCE_SEATS,
                  players={"alliance": {"vp": 3, "hand": ["fox:Favor of the Foxes"]},
                           "marquise": {"vp": 7}, "eyrie": {"vp": 9}})
    play(st, "craft fox:Favor of the Foxes")
    assert buildings(st, 6) == ["ruin"] and buildings(st, 8) == []
    assert st.vp == {"marquise": 7, "eyrie": 9, "alliance": 3 + 2}
    assert [e["faction"] for e in event_args(st, "score")] == ["alliance", "alliance"]


# -- #4: one ambush per battle ------------------------------------------------------------------------------
def test_faq_4_3_1_one_ambush_card_per_battle():
    """FAQ #4 (4.3.1): each player may use only one ambush card in a battle. Once the defender's ambush is
    foiled, the defender may not play a second one, though it holds another matching card."""
    st = position({5: {"warriors": {"marquise": 4, "eyrie": 2}}, 3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}},
                  seed=1, players={"marquise": {"hand": ["bird:Ambush!"]},
                                   "eyrie": {"hand": ["rabbit:Ambush!", "bird:Ambush!", "fox:Anvil"]}})
    play(st, "end crafting", "battle 5 eyrie")
    assert decision_of(st) == ("eyrie", "battle.ambush")
    play(st, "ambush rabbit:Ambush!")
    assert decision_of(st) == ("marquise", "battle.foil")
    play(st, "foil bird:Ambush!")
    # no second ambush question: the battle went straight on to the dice and ended
    assert len(events(st, "ambush")) == 1 and len(events(st, "roll")) == 1
    assert decision_of(st) == ("marquise", "marquise.daylight")
    assert hand(st, "eyrie") == ["bird:Ambush!", "fox:Anvil"]
    assert sorted(discard_keys(st)) == ["bird:Ambush!", "rabbit:Ambush!"]


# -- #5: Favor cards ----------------------------------------------------------------------------------------
def test_faq_9_2_2_favor_removes_every_enemy_piece_but_the_vagabond_pawn():
    """FAQ #5 (9.2.2; the Rat Warlord of 14.2.2 is not implemented): a Favor card really removes every enemy
    piece in the clearings of its suit (warriors, buildings, tokens, even the keep) except the Vagabond's
    pawn, which cannot be removed; he damages three items instead (9.2.2.I)."""
    st = vpos({1: {"warriors": {"marquise": 2}, "buildings": ["sawmill"], "tokens": ["keep", "wood"]},
               6: {"warriors": {"eyrie": 1}, "buildings": ["ruin", "roost"]},
               8: {"warriors": {"eyrie": 1, "alliance": 1}, "buildings": ["roost", "base_fox"],
                   "tokens": ["sympathy"]},
               12: {"warriors": {"eyrie": 1}, "buildings": ["ruin", "roost"]}},
              turn="eyrie", vagabond={"where": "12", "items": ["boot", "torch", "sword", "tea"]},
              players={"eyrie": {"hand": ["fox:Favor of the Foxes"], "decree": NO_DECREE}},
              deck=["mouse:Sword", "rabbit:Cobbler", "fox:Anvil"])
    play(st, "craft fox:Favor of the Foxes")
    # every enemy piece in fox clearings 1, 8, 12 is gone; the Eyrie's own pieces stay
    assert warriors(st, 1, "marquise") == 0 and buildings(st, 1) == [] and tokens(st, 1) == []
    assert warriors(st, 8, "alliance") == 0 and buildings(st, 8) == ["roost"] and tokens(st, 8) == []
    assert [warriors(st, c, "eyrie") for c in (6, 8, 12)] == [1, 1, 1]
    assert st.vp["eyrie"] == 5  # sawmill, keep, wood, base, sympathy (3.2.1)
    # the pawn stays in 12; the Vagabond damages three of his four items
    while st.decision.kind != "eyrie.daylight":
        play(st, option_list(st)[0])
    assert where(st) == "12"
    assert sum(1 for e in plain(st) if e.endswith(":d")) == 3


# -- #7: placing is no Outrage ------------------------------------------------------------------------------
def test_faq_8_2_6_placing_in_a_sympathetic_clearing_is_no_outrage():
    """FAQ #7 (8.2.6, 8.2.5): placing pieces in a sympathetic clearing triggers no Outrage; only moving
    warriors in or removing the sympathy token does."""
    st = position({5: {"warriors": {"marquise": 2}, "buildings": ["sawmill"], "tokens": ["sympathy"]}},
                  seats=ALLIANCE_SEATS, players={"marquise": {"hand": ["rabbit:Cobbler", "rabbit:Bake Sale"]}})
    play(st, "end crafting", "build workshop 5", "overwork 5 rabbit:Cobbler")
    assert buildings(st, 5) == ["sawmill", "workshop"] and tokens(st, 5) == ["sympathy", "wood"]
    assert not events(st, "outrage") and hand(st, "marquise") == ["rabbit:Bake Sale"] and supporters(st) == []
    assert decision_of(st) == ("marquise", "marquise.daylight")
    # the Eyrie recruit at a roost in a sympathetic clearing and build a roost in another one
    st = position({5: {"warriors": {"eyrie": 1}, "buildings": ["roost"], "tokens": ["sympathy"]},
                   10: {"warriors": {"eyrie": 1}, "buildings": ["ruin"], "tokens": ["sympathy"]}},
                  turn="eyrie", seats=ALLIANCE_SEATS,
                  players={"eyrie": {"hand": ["rabbit:Cobbler"],
                                     "decree": {**NO_DECREE, "recruit": ["rabbit:Bake Sale"],
                                                "build": ["rabbit:Better Burrow Bank"]}}})
    play(st, "resolve decree")  # each card has one way to be resolved, which applies itself
    assert event_args(st, "place_warriors") == [{"faction": "eyrie", "clearing": 5, "count": 1}]
    assert buildings(st, 10) == ["roost", "ruin"]
    assert not events(st, "outrage") and "rabbit:Cobbler" in hand(st, "eyrie") and supporters(st) == []


# -- #8: removed pieces go back to their owner --------------------------------------------------------------
def test_faq_2_5_a_removed_building_returns_to_its_track():
    """FAQ #8 (2.5, 16.6.22; see 21.22): removed buildings and tokens go back to their owner's faction board
    or supply. A Marquise sawmill removed by an ambush goes back on its track, so the next sawmill costs and
    scores what the second space of the track shows again."""
    st = position({5: {"warriors": {"marquise": 1, "eyrie": 1}, "buildings": ["sawmill"]},
                   9: {"warriors": {"marquise": 1}, "buildings": ["sawmill"]},
                   2: {"warriors": {"marquise": 2}, "tokens": ["wood", "wood"]}},
                  players={"marquise": {"vp": 5}, "eyrie": {"hand": ["rabbit:Ambush!"]}})
    play(st, "end crafting", "battle 5 eyrie", "ambush rabbit:Ambush!")
    # the two ambush hits took the warrior, then the sawmill; the battle is over (4.3.1.II)
    assert buildings(st, 5) == [] and st.count_on_map("sawmill") == 1 and st.vp == {"marquise": 5, "eyrie": 1}
    play(st, "build sawmill 2")
    # with two sawmills on the map this would cost 2 wood and score 2; now it costs 1 and scores 1 (6.5.4)
    assert tokens(st, 2) == ["wood"] and st.vp["marquise"] == 6


# -- #9: activating crafting pieces ---------------------------------------------------------------------------
def test_faq_4_1_1_activating_a_workshop_leaves_it_in_place():
    """FAQ #9 (4.1.1): "activating" a piece to craft just means using it; nothing happens to the piece. The
    workshop stays on the map and keeps counting for rule, but cannot be activated again this turn."""
    st = position({8: {"buildings": ["workshop"]}, 5: {"warriors": {"marquise": 1}}},
                  players={"marquise": {"hand": ["fox:Anvil", "bird:Crossbow"]}})
    play(st, "craft fox:Anvil")
    assert buildings(st, 8) == ["workshop"] and st.crafted_items["marquise"] == ["hammer"]
    assert not starting(st, "craft")  # activated once this turn
    play(st, "end crafting")
    assert st.ruler(7) == "marquise"  # clearing 8, ruled by the workshop alone (2.5)
    assert "build sawmill 8" in ids(st)


# -- #10: no consent ---------------------------------------------------------------------------------------
def test_faq_9_5_4_aid_needs_no_consent():
    """FAQ #10 (9.2.8, 9.5.4; 11.2.6 is Riverfolk): no action asks another player's consent. The Vagabond
    aids the Marquise and takes her crafted item without her ever being asked anything."""
    st = vpos({5: {"warriors": {"marquise": 1}}},
              vagabond={"character": "thief", "where": "5", "items": ["boot", "torch", "sword"],
                        "hand": ["rabbit:Cobbler"]},
              players={"marquise": {"items": ["hammer"], "hand": []}})
    deciders = []
    play(st, "aid marquise rabbit:Cobbler")
    while st.decision.kind == "vagabond.aid":
        deciders.append(st.decision.player)
        oid = "take hammer" if "take hammer" in ids(st) else option_list(st)[0]
        play(st, oid)
    assert deciders and set(deciders) == {"vagabond"}
    assert decision_of(st) == ("vagabond", "vagabond.daylight")
    assert hand(st, "marquise") == ["rabbit:Cobbler"] and st.crafted_items["marquise"] == []
    assert "hammer:r" in plain(st)


# -- #11: every piece removed -------------------------------------------------------------------------------
def test_faq_6_the_marquise_without_pieces_only_passes_and_draws():
    """FAQ #11 (6): with all your pieces removed from the map you are probably out of the game (only the
    Riverfolk or hirelings, not implemented, would let you build again). The Marquise keeps her seat and her
    turns, but can only pass them and draw."""
    st = position({3: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}}, phase="birdsong",
                  players={"marquise": {"vp": 12, "hand": ["fox:Anvil"]}},
                  deck=["rabbit:Cobbler", "mouse:Sword", "fox:Travel Gear"])
    assert option_list(st) == ["end crafting"]
    play(st, "end crafting")
    assert option_list(st) == ["end daylight"]
    play(st, "end daylight")
    assert hand(st, "marquise") == ["fox:Anvil", "rabbit:Cobbler"]  # 6.6: one card, no bonus
    assert st.current == "eyrie" and not st.terminal and st.vp["marquise"] == 12


# -- #17: the Decree, one warrior at a time -------------------------------------------------------------------
def test_faq_7_5_2_two_move_cards_may_take_one_warrior_each_from_one_clearing():
    """FAQ #17 (7.5.2): the Decree may be resolved however the cards allow, following the move rules: two
    fox move cards may each move one warrior out of the same clearing."""
    st = position({1: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}}, turn="eyrie",
                  players={"eyrie": {"decree": {**NO_DECREE, "move": ["fox:Anvil", "fox:Travel Gear"]}}})
    play(st, "resolve decree", "move 1->5 x1 with fox")
    assert {"move 1->9 x1 with fox", "move 1->10 x1 with fox"} <= ids(st)
    play(st, "move 1->9 x1 with fox")
    assert [warriors(st, c, "eyrie") for c in (1, 5, 9)] == [0, 1, 1]
    assert not events(st, "turmoil") and st.fdata["eyrie"]["leader"] == "builder"


# -- #21: no revolt at the keep -------------------------------------------------------------------------------
def test_faq_8_4_1_no_sympathy_and_so_no_revolt_in_the_keep_clearing():
    """FAQ #21 (6.2.2, 8.4.1): the Alliance cannot revolt in the keep's clearing, because it would first need
    a sympathy token there, which the Keep forbids it to place."""
    st = position({1: {"warriors": {"marquise": 1}, "tokens": ["keep"]}, 9: {"tokens": ["sympathy"]}},
                  turn="alliance", phase="birdsong", seats=ALLIANCE_SEATS,
                  players={"alliance": {"supporters": ["bird:Sappers", "fox:Anvil", "fox:Root Tea"]}})
    # clearing 9 borders 1, 4 and 12: sympathy may spread to 4 and 12 only
    assert starting(st, "spread") == {"spread 4", "spread 12"}
    assert not starting(st, "revolt")
    # with the keep gone the same clearing is open to sympathy, and then to a revolt
    st = position({1: {"warriors": {"marquise": 1}}, 9: {"tokens": ["sympathy"]}},
                  turn="alliance", phase="birdsong", seats=ALLIANCE_SEATS,
                  players={"alliance": {"supporters": ["bird:Sappers", "fox:Anvil", "fox:Root Tea"]}})
    assert starting(st, "spread") == {"spread 1", "spread 4", "spread 12"}
    # and sympathy there is all a fox revolt needs (8.4.1.I)
    st = position({1: {"warriors": {"marquise": 1}, "tokens": ["sympathy"]}},
                  turn="alliance", phase="birdsong", seats=ALLIANCE_SEATS,
                  players={"alliance": {"supporters": ["bird:Sappers", "fox:Anvil", "fox:Root Tea"]}})
    assert starting(st, "revolt") == {"revolt 1"}


# -- #23, #25: the Vagabond and Outrage -------------------------------------------------------------------------
def test_faq_8_2_6_the_vagabond_outrages_by_removing_sympathy_not_by_entering():
    """FAQ #23 (8.2.6): whoever removes a sympathy token causes Outrage, the Vagabond too; entering a
    sympathetic clearing does not, as his pawn is not a warrior."""
    st = vpos({1: {"tokens": ["sympathy"]}},
              vagabond={"where": "5", "items": ["boot", "crossbow", "torch"], "hand": ["fox:Anvil", "rabbit:Cobbler"]})
    play(st, "move 1")
    assert where(st) == "1" and not events(st, "outrage")
    assert decision_of(st) == ("vagabond", "vagabond.daylight")
    play(st, "strike alliance sympathy")
    assert tokens(st, 1) == [] and st.vp["vagabond"] == 1
    assert event_args(st, "outrage") == [{"faction": "vagabond", "clearing": 1}]
    assert decision_of(st) == ("vagabond", "alliance.outrage.pay") and option_list(st) == ["outrage fox:Anvil"]
    play(st, "outrage fox:Anvil")
    assert supporters(st) == ["fox:Anvil"] and hand(st, "vagabond") == ["rabbit:Cobbler"]


def test_faq_9_2_2_slipping_into_a_sympathetic_clearing_is_no_outrage():
    """FAQ #25 (8.2.6, 9.2.2): a Vagabond entering a sympathetic clearing triggers no Outrage: he has a pawn,
    not warriors. Checked here for the Birdsong Slip (9.4.2)."""
    st = vpos({1: {"tokens": ["sympathy"]}}, phase="birdsong",
              vagabond={"where": "5", "items": ["boot", "torch"], "hand": ["fox:Anvil"]})
    play(st, "slip 1")
    assert where(st) == "1" and not events(st, "outrage")
    assert hand(st, "vagabond") == ["fox:Anvil"] and supporters(st) == []
    assert st.decision.player == "vagabond"


# -- #27: Allied Alliance warriors -------------------------------------------------------------------------------
def test_faq_9_2_9_moving_allied_alliance_warriors_into_sympathy_is_no_outrage():
    """FAQ #27 (8.2.6, 9.2.9; since the Marauders edition moving with an ally is "force", 1.5.5): a
    Vagabond Allied with the Woodland Alliance who moves their warriors along into a sympathetic clearing
    triggers no Outrage: the Alliance itself counts as moving them."""
    st = vpos({5: {"warriors": {"alliance": 2}}, 1: {"tokens": ["sympathy"]}},
              vagabond={"where": "5", "items": ["boot", "torch"], "hand": ["fox:Anvil"],
                        "relationships": {"alliance": "allied"}},
              players={"alliance": {"officers": 1}})
    assert "move 1 with alliance x2" in ids(st)
    play(st, "move 1 with alliance x2")
    assert where(st) == "1" and warriors(st, 1, "alliance") == 2
    assert not events(st, "outrage") and hand(st, "vagabond") == ["fox:Anvil"] and supporters(st) == []
    assert decision_of(st) == ("vagabond", "vagabond.daylight")


# -- #28: no witnesses ---------------------------------------------------------------------------------------------
def test_faq_9_2_9_3_removing_only_buildings_in_battle_leaves_no_witnesses():
    """FAQ #28 (9.2.9.3): the Vagabond does not become Hostile with a faction when he removes its buildings
    or tokens but no warrior: no witnesses. Checked in battle, against a defenseless sawmill."""
    for seed in range(4):
        st = vpos({5: {"buildings": ["sawmill"]}}, seed=seed,
                  vagabond={"where": "5", "items": ["sword", "boot"]}, players={"marquise": {"hand": []}})
        play(st, "battle 5 marquise")
        assert buildings(st, 5) == []  # the extra hit of 4.3.3.II at least
        assert rel(st, "marquise") == vb.INDIFFERENT and not events(st, "hostile")
        assert st.vp["vagabond"] == 1  # the building (3.2.1), no Infamy


# -- #32, #33: coalitions --------------------------------------------------------------------------------------------
def _coalition(vagabond_vp=14, **players):
    ps = {"marquise": {"vp": 10}, "vagabond": {"vp": vagabond_vp}}
    for seat, extra in players.items():
        ps[seat] = {**ps.get(seat, {}), **extra}
    return ps


def test_faq_9_2_8_the_partner_may_activate_dominance_after_the_coalition():
    """FAQ #32 (9.2.8): no coalition with a player who activated a dominance card (no score marker on the
    track), but a player may activate a dominance card after a Vagabond formed a coalition with them."""
    st = vpos({1: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}}, turn="marquise",
              vagabond={"where": "F1", "dominance": "mouse:Dominance", "coalition": "marquise"},
              players=_coalition(marquise={"hand": ["fox:Dominance"]}))
    assert "activate fox:Dominance" in ids(st)
    play(st, "activate fox:Dominance")
    assert st.card(st.dominance["marquise"]).key == "fox:Dominance"
    assert st.fdata["vagabond"]["coalition"] == "marquise"


def test_faq_9_2_8_the_partner_cannot_battle_the_vagabond():
    """FAQ #33 (4.3, 9.2.8; changed with the Marauders edition): coalition partners are not enemies, so
    neither may battle the other. The partner's side: the Marquise may battle the Eyrie in the clearing,
    never the Vagabond."""
    board = {5: {"warriors": {"marquise": 3, "eyrie": 1}}}
    st = vpos(board, turn="marquise", vagabond={"where": "5", "dominance": "mouse:Dominance", "coalition": "marquise"},
              players=_coalition())
    play(st, "end crafting")
    assert starting(st, "battle") == {"battle 5 eyrie"}
    # the same position without the coalition: the Vagabond is a legal defender
    st = vpos(board, turn="marquise", vagabond={"where": "5"}, players=_coalition())
    play(st, "end crafting")
    assert starting(st, "battle") == {"battle 5 eyrie", "battle 5 vagabond"}


# -- #34: no Infamy for a Strike ---------------------------------------------------------------------------------------
def test_faq_9_2_9_3_1_a_strike_scores_no_infamy():
    """FAQ #34 (9.2.9.3.1): Infamy scores only pieces removed in battle during the Vagabond's turn; a Strike
    is no battle. Striking a Hostile warrior scores nothing, striking a Hostile building only the usual
    point (3.2.1)."""
    st = vpos({5: {"warriors": {"marquise": 1}, "buildings": ["sawmill"]}},
              vagabond={"character": "ranger", "where": "5", "items": ["crossbow", "crossbow", "boot"],
                        "relationships": {"marquise": "hostile"}})
    play(st, "strike marquise")
    assert warriors(st, 5, "marquise") == 0 and st.vp["vagabond"] == 0
    play(st, "strike marquise sawmill")
    assert buildings(st, 5) == [] and st.vp["vagabond"] == 1
    assert [e["why"] for e in event_args(st, "score")] == ["remove"]


# -- #24: hammers and multi-suit costs ---------------------------------------------------------------------------------
def test_faq_9_2_1_hammers_cannot_pay_several_suits():
    """FAQ #24 (9.2.1): all of the Vagabond's hammers match his current clearing, so he crafts in one suit at
    a time: three hammers in a fox clearing pay fox-fox-fox (Favor of the Foxes), never fox-rabbit-mouse
    (Tax Collector) or mouse-mouse-mouse (Stand and Deliver!)."""
    st = vpos(vagabond={"character": "tinker", "where": "1", "items": ["hammer", "hammer", "R-hammer", "boot", "torch"],
                        "hand": ["fox:Tax Collector", "fox:Favor of the Foxes", "fox:Stand and Deliver!"]})
    assert starting(st, "craft") == {"craft fox:Favor of the Foxes"}

