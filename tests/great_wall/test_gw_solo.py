"""Scenario tests of the solo mode against Qin Jiushao ("Tryb solo", ``great_wall:modes.solo.*``): his setup, Command
cards, clerks, Location track, location activations, attacks and wounds, Wall building, the golden rules, Qin as the
Reed Clan's Wódz, the Spring Advisor, the end of the game; random playouts, privacy, saves, bots and the lab."""

from __future__ import annotations

import json
import random

import pytest
from gw_helpers import GAME, horde_card, ids, play, pos

from planszowki import i18n
from planszowki.engine import InvalidPosition, UnsupportedSetup
from planszowki.i18n import render_event
from planszowki.lab import great_wall_invariants as gwi

ME, QIN, REED = "red", "yellow", "blue"  # red plays; the Reed Clan takes the first free colour, Qin the next
TRACK = ["barracks", "temple", "gold_mine", "quarry", "lumber_mill"]  # his Location track, highest first


def solo(**doc):
    doc.setdefault("players", [ME])
    doc.setdefault("barricades", [0, 3, 3])
    q = doc.pop("qin", {})
    q.setdefault("track", list(TRACK))
    doc["qin"] = q
    return pos(**doc)


#: Qin's own boxes of the cards these tests play (the effects of each box), defined here so that the tests do not move
#: with the demonstration set's balance (a rule test builds its own cards); the "others" boxes stay the set's
QIN_BOXES = {"qin_despotism": [[{"move_clerks": 2}], [{"special_activation": 1}]],
             "qin_mobilization": [[{"move_clerks": 3}]],
             "qin_attack_order": [[{"move_clerks": 2}], [{"recruit": {"spearman": 2}}, {"attack": 2}]],
             "qin_tribute": [[{"move_clerks": 2}], [{"build_wall": 1}]],
             "qin_betrayal": [[{"move_clerks": 2, "distinct": True}], [{"recruit": {"archer": 1}}]],
             "qin_meditation": [[{"honor": 3}], [{"move_clerks": 2}]]}


def qin_cards() -> list[dict]:
    from planszowki.games.great_wall.content import demo_doc

    cards = demo_doc()["solo_commands"]
    for c in cards:
        c["boxes"] = [*({"who": "owner", "effects": e} for e in QIN_BOXES[c["id"]]),
                      *(b for b in c["boxes"] if b["who"] == "others")]
    return cards


def qin_turn(card: str, **doc):
    doc.setdefault("content", {"solo_commands": qin_cards()})
    return solo(phase="command", active=QIN, track=[[QIN, card], [ME, "meditation"], [REED, "reed_order"]], **doc)


def events(st, kind: str) -> list[dict]:
    return [e.args for e in st.log if e.kind == kind]


def drafted(seed: int = 5, **options):
    st = GAME.new(seed=seed, players=[ME], options=options)
    while st.decision.kind == "gw.draft":
        play(st, ids(st)[0])
    return st


# -- setup -------------------------------------------------------------------------------------------------------------
def test_solo_setup_board_reed_clan_qin_his_pieces_track_deck_advisors_tea_and_shame():
    st = drafted()
    c = st.content
    assert st.qin == QIN and st.reed == REED and st.seats == [ME]
    # 1, 4-6: the 2-player board: the left section out of play, its Horde cards out, 6 Barricades
    assert st.horde[0] == [] and len(st.horde[1]) == len(st.horde[2]) == 1 and st.barricades == [0, 3, 3]
    assert all(c.horde[h]["invasion"] in (1, 2) for h in st.horde_deck)
    # 8: the Reed Clan's clerks in the mills; Qin: 8 clerks, all his soldiers, 2 spearmen + 2 horsemen as level-1
    # overseers, one in each production location; his 6 Solo Command cards shuffled into his deck
    assert [lid for lid, v in st.at.items() if REED in v] == ["lumber_mill", "quarry", "gold_mine"]
    assert st.clerks[QIN] == 8 and st.unhired[QIN] == 0 and not any(QIN in v for v in st.at.values())
    prod = [lid for lid in c.loc_ids if c.loc[lid]["effect"] == "production"]
    assert sorted(st.overseer[QIN]) == sorted(prod) and all(v[0] == 1 for v in st.overseer[QIN].values())
    assert sorted(v[1] for v in st.overseer[QIN].values()) == [0, 0, 2, 2] and st.pool[QIN] == [8, 4, 0]
    assert sorted(st.qin_deck) == sorted(c.solo_commands) and st.cmd_hand[QIN] == []
    # 10 B: the Location track, one marker per production location and the Wound marker (the Barracks)
    assert sorted(st.qin_track) == sorted([*prod, "barracks"]) and st.general[QIN] == c.solo_general["id"]
    # 11: 2 Supporting Advisors face down under his card; 15: 10 Shame tokens; 18: Honor 0; 19: you, Qin, Reed
    assert len(st.support[QIN]) == 2 and not st.active[QIN] and st.shame_pool == 10 and st.honor[QIN] == 0
    assert st.tea == [ME, QIN, REED] and len(st.track) == 3
    v = st.view(ME)
    assert v["qin"] == {"clan": QIN, "track": st.qin_track, "command_deck": 6} and v["players"][QIN]["qin"]
    assert "resources" not in v["players"][QIN] and v["players"][QIN]["supporting_advisors_hired"] == []


def test_solo_setup_difficulty_options_and_refusals():
    assert drafted(qin_honor=50).honor[QIN] == 50 and drafted(qin_honor=150).honor[QIN] == 150
    st = GAME.new(seed=1, players=["green"], options={"mode": "solo", "reed": "red", "qin": "blue"})
    assert (st.reed, st.qin) == ("red", "blue") and "red" in st.at["quarry"]
    for opts, word in (({"qin_honor": 40}, "qin_honor"), ({"qin_advisors": 3}, "qin_advisors"),
                       ({"qin": "red"}, "qin"), ({"reed": "yellow", "qin": "yellow"}, "reed")):
        with pytest.raises(UnsupportedSetup, match=word):
            GAME.new(seed=1, players=[ME], options=opts)
    with pytest.raises(UnsupportedSetup, match="qin_honor"):
        GAME.new(seed=1, players=[ME, "blue", "green"], options={"qin_honor": 50})
    from planszowki.games.great_wall.content import demo_doc

    doc = demo_doc()
    del doc["solo_general"], doc["solo_commands"]
    with pytest.raises(UnsupportedSetup, match="solo_general"):
        GAME.new(seed=1, players=[ME], options={"content": doc})


def test_solo_content_qins_own_box_is_validated():
    from planszowki.games.great_wall.content import ContentError, demo_doc, load_content

    doc = demo_doc()
    doc["solo_commands"][0]["boxes"][0]["effects"] = [{"gain": {"wood": 1}}]
    with pytest.raises(ContentError, match=r"solo_commands\[0\]\.boxes\[0\]\.effects\[0\]\.gain"):
        load_content(doc)
    doc = demo_doc()
    doc["solo_commands"][1]["standard"] = "nonesuch"
    with pytest.raises(ContentError, match=r"solo_commands\[1\]\.standard"):
        load_content(doc)
    doc = demo_doc()
    doc["solo_commands"][2]["boxes"][0]["effects"] = [{"recruit": {"horseman": 1}}]
    with pytest.raises(ContentError, match=r"recruit"):
        load_content(doc)


# -- his Command card --------------------------------------------------------------------------------------------------
def test_solo_commands_qin_draws_after_you_choose_and_takes_the_lowest_free_space():
    st = solo(phase="autumn", commands={ME: ["despotism", "meditation"]},
              qin={"deck": ["qin_meditation", "qin_tribute", "qin_betrayal", "qin_despotism", "qin_mobilization",
                            "qin_attack_order"]})
    assert st.decision.kind == "gw.choose" and st.chosen[QIN] == ""  # his card is not drawn yet
    play(st, "command despotism")
    assert st.chosen[QIN] == "qin_attack_order" and st.qin_deck[-1] == "qin_mobilization"
    assert events(st, "gw.qin_command")[-1]["card"] == "qin_attack_order"
    assert st.decision.kind == "gw.place_command" and st.decision.player == ME
    play(st, "slot 2")  # you are on top of the Tea order; then Qin and the Reed Clan take the lowest free spaces
    assert st.track[0] == [QIN, "qin_attack_order"] and st.track[1] == [ME, "despotism"]
    assert st.track[2] == [REED, "reed_order"]


def test_solo_commands_your_card_gains_from_the_bonus_of_qins_card():
    # "jeśli Qin Jiushao zagrał kartę „Ekonomia”, a gracz kartę „Despotyzm”, gracz może Przenieść 2 dodatkowych
    # Urzędników": the demonstration Despotism's second box applies when another clan played Economy (by name)
    st = solo(phase="command", active=ME, track=[[ME, "despotism"], [QIN, "qin_tribute"], [REED, "reed_order"]])
    assert st.content.command("qin_tribute")["name"] == st.content.command("tribute")["name"]
    play(st, "clerk pool->tea_house", "clerk pool->tea_house")
    assert st.decision.kind == "gw.clerks" and st.decision.player == ME  # 2 more
    play(st, "clerk pool->academy", "clerk pool->academy")
    assert st.at["academy"] == [ME, ME]


def test_solo_commands_betrayal_copies_his_card_with_the_clans_card_of_the_same_name():
    # "możesz skopiować kartę zagraną przez Qin Jiushao, ale korzystając z efektów standardowej karty graczy o tej
    # samej nazwie": his Meditation gives him Honor; the clans' Meditation gives 2 Chi
    st = solo(phase="command", active=ME, track=[[ME, "betrayal"], [QIN, "qin_meditation"], [REED, "reed_order"]])
    assert st.decision.kind == "gw.copy" and ids(st) == ["copy meditation", "skip"]  # as the clans' card
    play(st, "copy meditation")
    assert st.res[ME]["chi"] == 2 and st.honor[ME] == 0
    assert st.decision.kind == "gw.clerks" and st.decision.player == ME


def test_solo_commands_his_card_discarded_in_summer_he_takes_honor_never_the_cards_back():
    st = solo(phase="summer", year=2, track=[[QIN, "qin_meditation"], [ME, "despotism"], [REED, "reed_order"]],
              command_discard=[[QIN, "qin_tribute"]], qin={"honor": 4})
    while st.decision.kind in ("gw.summer_shame", "gw.reclaim", "gw.tactic"):
        play(st, "honor" if "honor" in ids(st) else ids(st)[0])
    assert st.honor[QIN] >= 4 + 2 * 2 and [QIN, "qin_meditation"] in st.cmd_discard
    assert any(e["seat"] == QIN and e["n"] == 2 for e in events(st, "gw.reclaim_honor"))


# -- his clerks --------------------------------------------------------------------------------------------------------
def test_solo_clerks_his_own_card_to_the_lowest_locations_on_his_track_then_they_activate_highest_first():
    st = qin_turn("qin_mobilization")  # his box: move 3 clerks (demonstration card)
    # the lowest location is the Lumber Mill (1 free space beside the Reed clerk), then the Quarry, then the Gold Mine
    moved = [(e["src"], e["dst"]) for e in events(st, "gw.clerk") if e["seat"] == QIN]
    assert moved == [("pool", "lumber_mill"), ("pool", "quarry"), ("pool", "gold_mine")]
    assert st.decision.kind == "gw.clerks" and st.decision.player == ME  # his card's "others" box: yours
    play(st, "done")
    # no Reed clerk moves (Qin as its Wódz: none can go lower); the three full mills activate, his highest first
    acts = [e["loc"] for e in events(st, "gw.activate")]
    assert acts == ["gold_mine", "quarry", "lumber_mill"]
    assert st.qin_track == ["lumber_mill", "quarry", "gold_mine", "barracks", "temple"]
    assert st.honor[QIN] == 3 and st.res[QIN] == {"wood": 0, "stone": 0, "gold": 0, "chi": 0}  # 1 x level 1 each
    assert st.active_seat == ME and st.decision.player == ME


def test_solo_clerks_in_your_turn_qin_moves_two_to_two_different_locations():
    st = solo(phase="command", active=ME, track=[[ME, "meditation"], [QIN, "qin_tribute"], [REED, "reed_order"]],
              clerks={"lumber_mill": [REED], "quarry": [REED], "gold_mine": [REED]})
    play(st, "clerk pool->tea_house", "clerk pool->academy")  # Meditation: your 2 clerks; its others box gives Chi
    mine = st.log[:next(i for i, e in enumerate(st.log) if e.kind == "gw.turn" and e.args["seat"] == QIN)]
    assert not [e for e in mine if e.kind == "gw.clerk" and e.args["seat"] == QIN]  # no clerk move in it: none
    assert st.res[QIN]["chi"] == 0  # and he takes no resources
    st = solo(phase="command", active=ME, track=[[ME, "mobilization"], [QIN, "qin_tribute"], [REED, "reed_order"]])
    play(st, "done")  # your 3 clerks: none; "others": move up to 2 to 2 different locations — Qin always 2
    moved = [(e["src"], e["dst"]) for e in events(st, "gw.clerk") if e["seat"] == QIN]
    assert moved == [("pool", "lumber_mill"), ("pool", "quarry")]


def test_solo_clerks_all_on_the_board_the_one_in_the_highest_location_moves():
    st = qin_turn("qin_despotism", clerks={"barracks": [QIN] * 6, "temple": [QIN, QIN]},
                  horde=[[], [], []])  # nothing to attack: the Barracks' recruits are not recruited
    moved = [(e["src"], e["dst"]) for e in events(st, "gw.clerk") if e["seat"] == QIN]
    assert moved == [("barracks", "lumber_mill"), ("barracks", "quarry")]  # his box: 2 clerks


# -- activation --------------------------------------------------------------------------------------------------------
def test_solo_activation_production_honor_is_his_clerks_times_his_overseer_level():
    # the rulebook's example: 2 clerks and a level-2 overseer give 4 Honor; no resources, no upgrade, no donation
    st = qin_turn("qin_meditation", clerks={"temple": [QIN, QIN]},
                  qin={"overseers": {"temple": [2, "spearman"]}})
    # Meditation (demonstration card): 3 Honor, then 2 clerks to the lowest locations (Lumber Mill, Quarry: full
    # with the Reed clerks); his three locations activate, highest on the track first
    assert [e["loc"] for e in events(st, "gw.activate")] == ["temple", "quarry", "lumber_mill"]
    assert events(st, "gw.qin_production")[0] == {"seat": QIN, "loc": "temple", "n": 4}
    # no overseer of his in the Quarry and the Lumber Mill in this position: level 0, no Honor there
    assert st.honor[QIN] == 3 + 4 and st.warehouse["stone"] == st.warehouse["wood"] == 1  # the Reed Clan's
    assert st.res[QIN]["chi"] == 0 and st.overseer[QIN]["temple"] == [2, 0]
    assert st.qin_track == ["lumber_mill", "quarry", "temple", "barracks", "gold_mine"]
    assert not events(st, "gw.shame")  # alone in a location with the Shame icon: never a Shame token


def test_solo_activation_barracks_a_free_spearman_per_clerk_attacks_the_indicated_section():
    cards = {"H01": horde_card({0: {"honor": 5}, 1: {"wood": 1}, 7: {}}, invasion=1),
             "H02": horde_card({3: {"gold": 2}}, invasion=2), "H03": horde_card({0: {}}, invasion=2)}
    st = solo(phase="activation", active=QIN, track=[[QIN, "qin_meditation"], [ME, "despotism"],
                                                     [REED, "reed_order"]],
              horde_cards=cards, horde=[[], [{"id": "H01"}], [{"id": "H02"}]], horde_deck=["H03"],
              clerks={"barracks": [QIN, QIN, QIN]})
    # the deck's top card points at the right section: the first spearman takes H02's only Vital point, the others
    # go to the other section, the card nearest the Wall, reading order; 2 Honor each whatever the reward
    atk = [(e["card"], e["spots"]) for e in events(st, "gw.attack") if e["seat"] == QIN]
    assert atk == [("H02", [3]), ("H01", [0]), ("H01", [1])]
    assert st.res[QIN]["gold"] == 0 and st.horde[1][0]["occ"][7] is None
    # H02 is defeated in the clearing: +2 Honor for his soldier on it, he claims it, the spearman back to his pool
    assert st.honor[QIN] == 3 * 2 + 2 and st.claimed[QIN] == [["H02", 0]] and st.pool[QIN] == [6, 4, 0]


def test_solo_activation_barracks_nothing_to_attack_no_recruit():
    st = solo(phase="activation", active=QIN, track=[[QIN, "qin_meditation"], [ME, "despotism"],
                                                     [REED, "reed_order"]],
              horde=[[], [], []], clerks={"barracks": [QIN, QIN]})
    assert len(events(st, "gw.qin_no_recruit")) == 2 and st.pool[QIN] == [8, 4, 0] and st.honor[QIN] == 0


def test_solo_activation_his_locations_first_then_you_order_the_rest():
    st = solo(phase="activation", active=QIN, track=[[QIN, "qin_meditation"], [ME, "despotism"],
                                                     [REED, "reed_order"]],
              clerks={"temple": [QIN, ME], "barracks": [QIN], "tea_house": [ME, ME], "academy": [ME, ME]},
              horde=[[], [], []])
    assert [e["loc"] for e in events(st, "gw.activate")][:2] == ["barracks", "temple"]
    while st.decision.kind in ("gw.accept", "gw.upgrade"):  # your part of the Temple
        play(st, "take" if "take" in ids(st) else "skip")
    d = st.decision
    assert d.kind == "gw.activation" and d.player == ME  # "Kolejność Aktywacji pozostałych Lokacji wybiera gracz"
    assert ids(st) == ["activate tea_house", "activate academy"]


# -- attacks, wounds, walls --------------------------------------------------------------------------------------------
def test_solo_attack_a_recruited_archer_takes_a_firing_spot_of_the_indicated_section_or_is_not_recruited():
    cards = {"H01": horde_card({4: {}, 2: {}}, invasion=1), "H02": horde_card({0: {}}, invasion=2),
             "H03": horde_card({0: {}}, invasion=2)}
    st = qin_turn("qin_betrayal", horde_cards=cards, horde=[[], [{"id": "H02"}], [{"id": "H01"}]],
                  horde_deck=["H03"])
    assert st.firing[2] == [QIN] and st.horde[2][0]["occ"][2] == "w" and st.pool[QIN][1] == 3
    assert any(e["card"] == "H01" and e["spot"] == 2 for e in events(st, "gw.wound"))
    st = qin_turn("qin_betrayal", horde_cards=cards, horde=[[], [{"id": "H02"}], [{"id": "H01"}]],
                  horde_deck=["H03"], firing=[[], [], [ME, ME]])
    assert st.firing[1] == [] and st.pool[QIN][1] == 4 and events(st, "gw.qin_no_recruit")


def test_solo_attack_winter_firing_his_archer_wounds_the_nearest_card_reading_order_two_honor():
    cards = {"H01": horde_card({8: {"honor": 4}, 3: {}}, invasion=1), "H02": horde_card({0: {}}, invasion=1)}
    st = solo(phase="winter", horde_cards=cards, horde=[[], [{"id": "H01"}, {"id": "H02"}], []], firing=[[], [QIN], []],
              wall=[0, 3, 0], barricades=[0, 3, 3])
    w = [e for e in events(st, "gw.wound") if e["seat"] == QIN]
    assert w[0] == {"seat": QIN, "card": "H01", "spot": 3} and st.honor[QIN] >= 2


def test_solo_wall_from_the_warehouse_in_the_indicated_section_honor_equal_to_the_cost():
    cards = {"H03": horde_card({0: {}}, invasion=2)}
    st = qin_turn("qin_tribute", horde_cards=cards, horde_deck=["H03"], warehouse={"wood": 3, "stone": 4})
    assert st.wall == [0, 0, 1] and st.honor[QIN] == 5 and st.warehouse == {"wood": 1, "stone": 1, "gold": 0}
    st = qin_turn("qin_tribute", horde_cards=cards, horde_deck=["H03"], warehouse={"stone": 12}, wall=[0, 1, 3])
    assert st.wall == [0, 2, 3] and st.honor[QIN] == 10  # the indicated section is finished: the other one
    st = qin_turn("qin_tribute", horde_cards=cards, horde_deck=["H03"], warehouse={"stone": 4})
    assert st.wall == [0, 0, 0] and events(st, "gw.qin_no_wall") and st.warehouse["stone"] == 4


# -- golden rules ------------------------------------------------------------------------------------------------------
def test_solo_golden_rules_a_defeated_card_his_soldiers_back_to_his_pool_claim_and_honor():
    card = horde_card({0: {}, 1: {}, 6: {}}, invasion=1)
    st = solo(phase="activation", active=ME, track=[[ME, "despotism"], [QIN, "qin_meditation"],
                                                    [REED, "reed_order"]],
              horde_cards={"H01": card}, horde=[[], [{"id": "H01", "occ": {
                  "0": [QIN, "spearman"], "1": [QIN, "spearman"], "6": [ME, "spearman"]}}], []])
    assert st.honor[QIN] == 2  # +2 for a soldier on it ("podobnie jak gracz")
    play(st, "let die")  # your spearman (Lethality 1)
    assert st.claimed[QIN] == [["H01", 0]]  # most Vital points covered: his
    assert st.pool[QIN] == [8, 4, 0] and st.rest[1][QIN] == [0, 0, 0] and events(st, "gw.qin_killed")


def test_solo_golden_rules_never_a_donation_an_upgrade_or_resources_and_you_are_not_alone_beside_him():
    st = solo(phase="activation", active=ME, track=[[ME, "despotism"], [QIN, "qin_meditation"], [REED, "reed_order"]],
              clerks={"temple": [ME, QIN], "lumber_mill": [REED, QIN]}, resources={ME: {"gold": 9}})
    asked = []
    while st.decision.player == ME and st.decision.kind in ("gw.accept", "gw.upgrade", "gw.donate", "gw.activation"):
        asked.append(st.decision.kind)
        play(st, "take" if "take" in ids(st) else ids(st)[0] if st.decision.kind == "gw.activation" else "skip")
    assert "gw.upgrade" in asked  # yours, at the Temple
    assert st.res[QIN] == {"wood": 0, "stone": 0, "gold": 0, "chi": 0} and st.honor[QIN] >= 2  # 1 x level 1, twice
    assert not [e for e in st.log if e.kind in ("gw.donate", "gw.overseer", "gw.shame") and e.args["seat"] == QIN]
    assert not [e for e in st.log if e.kind == "gw.shame"]  # you shared the Temple with him: not alone
    assert st.overseer[QIN]["temple"][0] == 1


def test_solo_golden_rules_breach_no_shame_for_qin_never_saves_killed_back_to_pool():
    card = horde_card({0: {}, 1: {}, 2: {}, 3: {}}, power=40, invasion=1)  # his archer wounds 2: 3 stays free
    st = solo(phase="winter", horde_cards={"H01": card}, time=2, resources={ME: {"chi": 9}},
              horde=[[], [{"id": "H01", "occ": {"0": [QIN, "spearman"], "1": [QIN, "spearman"]}}], []],
              firing=[[], [QIN], []])
    while st.decision is not None and st.decision.kind in ("gw.shame", "gw.fire"):
        play(st, ids(st)[0])
    assert st.shamed[QIN] == [0, 0, 0] and not any(e["seat"] == QIN for e in events(st, "gw.shame"))
    assert not events(st, "gw.saved") and st.firing[1] == [] and st.pool[QIN][1] == 4  # his archer killed
    assert st.pool[QIN][0] == 8 - 2 + 2 and st.horde[1][0]["occ"][0] == "w"  # Lethality 2: both, wounds there


# -- Qin as the Reed Clan's Wódz ---------------------------------------------------------------------------------------
def test_solo_wodz_qin_moves_the_reed_clans_clerks_to_the_lowest_locations_first_from_ones_he_does_not_use():
    st = qin_turn("qin_despotism", clerks={"tea_house": [REED], "lumber_mill": [REED], "temple": [REED]},
                  horde=[[], [], []])
    # his Despotism: "others" move 1 clerk; you first (top of the Tea order), then the Reed Clan with Qin as Wódz
    assert st.decision.kind == "gw.clerks" and st.decision.player == ME
    # his own box moved 2 clerks (Lumber Mill, Quarry) and specially activated the higher one, the Quarry, which went
    # to the top of his track: the lowest free location without a Reed clerk is now the Gold Mine
    assert st.qin_track == ["quarry", "barracks", "temple", "gold_mine", "lumber_mill"]
    play(st, "done")
    moved = [(e["src"], e["dst"]) for e in events(st, "gw.clerk") if e["seat"] == REED]
    assert moved == [("tea_house", "gold_mine")]  # from a location he does not use, to the lowest possible


def test_solo_wodz_the_reed_clans_turn_with_qin_on_top_of_the_tea_order_he_decides_for_it():
    cards = {"H01": horde_card({0: {}, 1: {}}, invasion=1), "H03": horde_card({0: {}}, invasion=1)}
    st = solo(phase="activation", active=REED, tea=[QIN, ME, REED],
              track=[[REED, "reed_order"], [QIN, "qin_meditation"], [ME, "despotism"]],
              horde_cards=cards, horde=[[], [{"id": "H01"}], []], horde_deck=["H03"],
              clerks={"barracks": [REED, ME], "quarry": [REED], "gold_mine": [REED]})
    assert st.wodz() == QIN
    # its spearman attacks by Qin's rule (no decision for anyone), your recruits are yours
    assert st.decision.player == ME and st.decision.kind == "gw.barracks"
    play(st, "done")
    assert [(e["card"], e["spots"]) for e in events(st, "gw.attack") if e["seat"] == REED] == [("H01", [0])]
    before = st.log[:next(i for i, e in enumerate(st.log) if e.kind == "gw.turn" and e.args["seat"] == QIN)]
    assert not [e for e in before if e.kind == "gw.honor"]  # "nigdy nie czerpie żadnych korzyści z akcji Klanu"


# -- Spring ------------------------------------------------------------------------------------------------------------
def test_solo_advisors_spring_you_choose_which_of_the_first_two_goes_under_his_card():
    track = ["A10", "A11", "A12", "A13"]
    st = solo(phase="spring", year=2, advisor_track=track, qin={"supporting": ["A01", "A02"]})
    assert st.decision.kind == "gw.qin_advisor" and ids(st) == ["qin takes A10", "qin takes A11"]
    play(st, "qin takes A11")
    assert st.support[QIN] == ["A01", "A02", "A11"] and "A10" in st.adv_discard and st.adv_track[:2] == ["A12", "A13"]
    assert st.view(ME)["players"][QIN]["supporting_advisors_hired"] == ["A11"]
    # "Jeśli chcesz zwiększyć poziom trudności, umieść obie" (option qin_advisors 2): the same Spring, resumed from a
    # save whose options say so
    doc = GAME.to_json(solo(phase="summer", year=1, advisor_track=track))
    doc["options"]["qin_advisors"] = 2
    doc["stack"] = [{"k": "gw.year", "stage": "spring"}]
    doc["year"] = 1
    st = GAME.from_json(doc)
    _ = st.decision
    assert st.support[QIN][-2:] == ["A10", "A11"] and not set(track[:2]) & set(st.adv_discard)


# -- the end -----------------------------------------------------------------------------------------------------------
def test_solo_end_twenty_honor_per_artifact_and_you_win_only_with_more_honor():
    st = solo(phase="winter", wall=[0, 3, 3], honor={ME: 61}, artifacts=["R1", "R2", "R3"], qin={"honor": 0})
    assert st.terminal and st.result["reason"] == "walls" and st.honor[QIN] == 60
    assert st.result["winners"] == [ME] and st.result["qin"] == {"clan": QIN, "honor": 60}
    st = solo(phase="winter", wall=[0, 3, 3], honor={ME: 60}, artifacts=["R1", "R2", "R3"])
    assert st.result["winners"] == [QIN]  # a tie is his: "Jeśli zdobędziesz więcej Honoru niż Qin — wygrywasz"
    gwi.check_finished(st)


def test_solo_end_an_empty_shame_pool_you_lose():
    st = solo(phase="winter", honor={ME: 500}, shame_pool=0, artifacts=[])
    assert st.terminal and st.result["reason"] == "shame" and st.result["winners"] == [QIN]


# -- positions, playouts, privacy, saves -------------------------------------------------------------------------------
def test_solo_position_refuses_what_is_not_solo():
    with pytest.raises(InvalidPosition, match="qin"):
        pos(players=["red", "blue", "green"], qin={"clan": "yellow"})
    with pytest.raises(InvalidPosition, match=r"qin\.track"):
        solo(qin={"track": ["barracks", "temple"]})
    with pytest.raises(InvalidPosition, match="production locations and the Barracks"):
        solo(clerks={"tea_house": [QIN]})


def playout(seed: int, check: bool = True):
    st = GAME.new(seed=seed, players=[["red", "blue", "yellow", "green"][seed % 4]],
                  options={"qin_advisors": 1 + seed % 2, "qin_honor": (0, 50)[seed % 2]})
    r = random.Random(seed)
    n = 0
    while st.decision is not None:
        d = st.decision
        if check and n % 5 == 0:
            gwi.check_state(st)
        act = [o for o in d.options if o.action not in ("done", "skip", "pass", "die")]
        st.apply(r.choice(act if act and r.random() < 0.8 else d.options).id)
        n += 1
        assert n < 5000
    return st


def test_solo_random_playouts_run_to_the_end_and_conserve_everything():
    reasons = set()
    for seed in range(240):
        st = playout(seed, check=seed % 4 == 0)
        res = gwi.check_finished(st)
        reasons.add(res["reason"])
    assert reasons >= {"time", "shame"}


def test_solo_every_event_option_and_prompt_renders_in_both_languages():
    for seed in range(8):
        st = GAME.new(seed=seed, players=[ME])
        r = random.Random(seed)
        while st.decision is not None:
            d = st.decision
            for lang in ("en", "pl"):
                assert "{" not in i18n.decision_prompt(d, lang, game="great_wall", strict=True)
                for o in d.options:
                    assert "{" not in i18n.option_label(o, lang, d.kind, game="great_wall", strict=True)
            st.apply(r.choice(d.options).id)
        for e in st.log:
            assert e.rule.startswith("great_wall:")
            for lang in ("en", "pl"):
                text = render_event(e, lang, game="great_wall", strict=True)
                assert "{" not in text and "gw." not in text


def test_solo_privacy_his_command_deck_and_setup_advisors_never_leak():
    for seed in range(6):
        st = GAME.new(seed=seed, players=[ME])
        r = random.Random(seed)
        i = 0
        while st.decision is not None and i < 400:
            if i % 11 == 0:
                d = st.copy()
                d.qin_deck.reverse()
                if d.adv_deck and d.support[QIN]:
                    d.support[QIN][0], d.adv_deck[0] = d.adv_deck[0], d.support[QIN][0]
                for seat in (ME, None):
                    assert d.view(seat) == st.view(seat)
                det = GAME.determinize(st, ME, i)
                assert det.view(ME) == st.view(ME) and det.legal_ids() == st.legal_ids()
                gwi.check_components(det)
            st.apply(r.choice(st.decision.options).id)
            i += 1
    st = GAME.new(seed=3, players=[ME])
    orders = {tuple(GAME.determinize(st, ME, k).qin_deck) for k in range(10)}
    assert len(orders) > 1  # the order is redealt, never copied
    assert not any(e.kind == "gw.qin_setup" and "deck" in e.args for e in st.log)


def test_solo_json_round_trip_and_copy_mid_game():
    st = GAME.new(seed=11, players=[ME])
    r = random.Random(5)
    for i in range(300):
        if st.decision is None:
            break
        if i % 20 == 0:
            doc = GAME.to_json(st)
            back = GAME.from_json(json.loads(json.dumps(doc)))
            assert GAME.to_json(back) == doc and back.legal_ids() == st.legal_ids()
            assert GAME.to_json(st.copy()) == doc
        st.apply(r.choice(st.decision.options).id)


# -- bots and the lab --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["heuristic", "random", "ismcts:iterations=4"])
def test_solo_bots_play_the_seat_to_the_end(spec):
    from planszowki.bots import make

    st = GAME.new(seed=2, players=[ME])
    bot = make(spec, seed=1)
    while st.decision is not None:
        assert st.decision.player == ME
        st.apply(bot.choose(st, ME))
    gwi.check_finished(st)


def test_solo_lab_runs_a_one_seat_game_with_its_invariants():
    from planszowki.lab.runner import RunConfig, play_game

    line = play_game(RunConfig.make("great_wall", {ME: "heuristic"}, {}, 500), 4, check_every=3)
    assert line["seats"] == [ME] and line["reason"] in ("walls", "shame", "time") and line["winners"]


def test_solo_cli_a_whole_game_typed_at_the_prompt_shows_qin_and_his_score(capsys, monkeypatch, tmp_path):
    """``planszowki play great_wall --mode solo --seats red=human``: the one seat is asked everything the rulebook
    leaves to the player; Qin's Location track is on the board and his row in the final table."""
    import sys
    from functools import partial
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent.parent / "cli"))
    import cli_helpers

    monkeypatch.setenv("PLANSZOWKI_DATA_DIR", str(tmp_path / "data"))
    lines, final = partial(cli_helpers.script_for, GAME, [ME], single_taken=True)(6, (ME,))
    rc, out, err = cli_helpers.run(["play", "great_wall", "--mode", "solo", "--seats", "red=human", "--seed", "6"],
                                   capsys, monkeypatch, "\n".join(lines) + "\n", columns=140)
    assert rc == 0, err
    assert "Qin Jiushao · his Location track (highest first):" in out and "The winner: " in out
    q = final.result["qin"]
    rows = [ln for ln in out.splitlines() if ln.startswith("│ Yellow ")]
    assert rows and rows[-1].rstrip(" │").endswith(str(q["honor"]))
    assert "Traceback" not in out + err and "{" not in out


def test_solo_rl_environment_one_agent_passes_the_pettingzoo_api_test():
    pytest.importorskip("pettingzoo")
    import warnings

    from pettingzoo.test import api_test

    from planszowki.rl import GreatWallAECEnv

    env = GreatWallAECEnv(players=[ME], seed=5)
    assert env.possible_agents == [ME]  # Qin Jiushao and the Reed Clan are played by the engine
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env, num_cycles=2000)


def test_solo_content_a_transcription_replaces_his_cards(tmp_path):
    from planszowki.games.great_wall.content import demo_doc

    doc = demo_doc()
    doc.update(name="mine", demo=False, label={"en": "my cards", "pl": "moje karty"})
    doc["solo_general"]["name"] = {"en": "Qin (transcribed)", "pl": "Qin (przepisany)"}
    for c in doc["solo_commands"]:  # every card of his: 4 Honor and nothing else
        c["boxes"] = [{"who": "owner", "effects": [{"honor": 4}]}, {"who": "others", "effects": [{"honor": 1}]}]
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(doc), "utf-8")
    st = solo(phase="command", active=QIN, content=str(path),
              track=[[QIN, "qin_meditation"], [ME, "despotism"], [REED, "reed_order"]])
    assert st.honor[QIN] == 4 and st.honor[ME] == 1  # his transcribed box, and yours on his card
    assert not [e for e in events(st, "gw.clerk") if e["seat"] == QIN]  # the demonstration card would move clerks
    new = GAME.new(seed=2, players=[ME], options={"content": str(path)})
    assert new.content.solo_general["name"]["en"] == "Qin (transcribed)" and new.view(ME)["label"]["en"] == "my cards"
