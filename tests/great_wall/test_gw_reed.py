"""Scenario tests of the 2-player game with the Reed Clan ("Tryb dla 2 graczy", "Zasady Klanu Trzciny"): its setup,
its single Command card, its clerks, its location effects, what it never does, and its Wódz (Overlord)."""

from __future__ import annotations

from gw_helpers import GAME, horde_card, ids, play, pos

P2 = ["red", "blue"]
REED = "yellow"  # the first clan nobody plays
TRACK = [["red", "despotism"], ["blue", "mobilization"], ["yellow", "reed_order"]]


def two(**doc):
    doc.setdefault("players", P2)
    doc.setdefault("tea", ["red", "blue", REED])
    doc.setdefault("barricades", [0, 3, 3])
    return pos(**doc)


def activation(**doc):
    return two(phase="activation", active="red", track=TRACK, **doc)


def test_two_setup_board_deck_barricades_reed_clerks_tea_and_shame():
    st = GAME.new(seed=5, players=P2)
    while st.decision.kind == "gw.draft":
        play(st, ids(st)[0])
    assert st.reed == REED and st.tea[-1] == REED  # 19. its Tea marker at the very bottom
    # 1, 4, 5: the left section takes no part; the Horde cards pointing at it are out; one card in each other one
    assert st.horde[0] == [] and len(st.horde[1]) == len(st.horde[2]) == 1
    assert all(st.content.horde[h]["invasion"] in (1, 2) for h in st.horde_deck)
    assert sorted(st.horde_discard) == sorted(h for h, c in st.content.horde.items() if c["invasion"] == 0)
    assert st.barricades == [0, 3, 3]  # 6. six Barricades
    assert st.shame_pool == 20 and st.time == st.board["time_track"]["start"]["3"]  # 21; the 3-player slot
    assert len(st.track) == st.board["command_slots"]["3"]
    # 8. a Reed clerk in each of the Lumber Mill, Quarry and Gold Mine; all its spearmen; its Command card
    assert [lid for lid, v in st.at.items() if REED in v] == ["lumber_mill", "quarry", "gold_mine"]
    assert st.pool[REED] == [10, 0, 0] and st.cmd_hand[REED] == ["reed_order"]
    v = st.view("red")
    assert set(v["players"]) == {*P2, REED} and v["players"][REED]["reed"] and v["reed"]["clan"] == REED
    assert v["sections_in_play"] == [1, 2] and "resources" not in v["players"][REED]


def test_two_reed_command_card_every_autumn_on_the_lowest_free_space():
    st = two(phase="autumn", tea=["red", REED, "blue"], commands={"red": ["despotism"], "blue": ["tribute"]})
    # each player chooses (one card left: no question), the Reed Clan plays its one card; in Tea order red places
    # first, then the Reed Clan (above blue) takes the lowest free space, blue the last
    assert st.decision.kind == "gw.place_command" and st.decision.player == "red"
    play(st, "slot 2")
    assert st.track == [[REED, "reed_order"], ["red", "despotism"], ["blue", "tribute"]]
    # the Reed Clan's turn: its Wódz is the player highest in Tea order, who moves its clerks
    assert st.decision.kind == "gw.clerks" and st.decision.player == "red" and st.active_seat == REED
    opts = ids(st)
    assert "clerk quarry->tea_house" in opts and "clerk quarry->lumber_mill" not in opts  # never 2 Reed clerks
    assert not any(o.startswith("clerk pool") for o in opts)


def test_two_reed_card_returns_to_it_each_summer():
    st = two(phase="summer", year=2, track=[[REED, "reed_order"], ["red", "despotism"], ["blue", "tribute"]])
    while st.decision.kind in ("gw.summer_shame", "gw.reclaim"):
        play(st, ids(st)[0])
    assert [REED, "reed_order"] not in st.cmd_discard and st.chosen[REED] == "reed_order"


def test_two_reed_clerks_stay_in_an_activated_location_and_count_as_a_clan_there():
    st = activation(clerks={"lumber_mill": [REED, "red"]})
    # red is not alone in the Lumber Mill (the Reed Clan's clerk stands there too): no Shame token
    assert st.decision.kind == "gw.accept" and st.decision.player == "red"
    play(st, "take")
    # red collects; the Reed Clan donates 1 Wood it just received to the Warehouse (no Honor)
    assert st.res["red"]["wood"] == 1 and st.warehouse["wood"] == 1 and st.honor[REED] == 0
    assert st.at["lumber_mill"] == [REED] and st.clerks["red"] == 5
    assert all(e.kind != "gw.shame" for e in st.log)


def test_two_special_location_holding_only_the_reed_clerk_does_not_activate():
    st = two(phase="command", active="red", track=TRACK, clerks={"barracks": [REED], "quarry": [REED],
                                                                   "gold_mine": [REED]})
    play(st, "done")  # Despotism (demo): move clerks -> none; then its Special activation
    assert st.decision.kind == "gw.special" and "special barracks" not in ids(st) and "special quarry" in ids(st)
    assert not st.ready("barracks")
    play(st, "skip")
    play(st, "done", "done")  # the "others" box: blue moves no clerk; red, as the Wódz, moves no Reed clerk
    # red's Activation phase: nothing is ready (the Barracks holds only the Reed Clan's clerk): on to blue's turn
    assert st.active_seat == "blue" and st.at["barracks"] == [REED]
    assert all(e.kind != "gw.activate" for e in st.log)


def test_two_reed_at_the_temple_the_active_player_discards_a_shame_token():
    st = activation(clerks={"temple": [REED, "blue"]}, shamed={"red": {"spearman": 1}})
    play(st, "take")  # blue's Chi
    assert st.shamed["red"] == [0, 0, 0] and st.shame_pool == 20
    assert any(e.kind == "gw.reed_temple" and e.args["seat"] == "red" for e in st.log)


def test_two_reed_at_the_embassy_the_wodz_discards_an_advisor_from_the_track():
    st = activation(clerks={"embassy": [REED, "blue"]}, advisor_track=["A10", "A11", "A12", "A13"])
    play(st, "done")  # blue (higher in Tea order) hires nobody
    assert st.decision.kind == "gw.reed_embassy" and st.decision.player == "red"  # the Active player
    assert ids(st) == ["discard A10", "discard A11", "discard A12", "discard A13"]
    play(st, "discard A12")
    assert st.adv_track[:3] == ["A10", "A11", "A13"] and len(st.adv_track) == 4 and "A12" in st.adv_discard


def test_two_reed_at_the_builders_camp_may_build_a_free_barricade():
    st = activation(clerks={"builders_camp": [REED, "blue"]}, barricades=[0, 3, 1])
    play(st, "done")  # blue builds nothing
    assert st.decision.kind == "gw.reed_builders" and st.decision.player == "red"
    assert ids(st) == ["barricade S2", "skip"]  # never the left section
    play(st, "barricade S2")
    assert st.barricades == [0, 3, 2] and st.honor[REED] == 0


def test_two_reed_at_the_barracks_a_free_spearman_attacks_and_its_rewards_are_ignored():
    cards = {"H01": horde_card({0: {"wood": 2}, 1: {"honor": 3}}, invasion=1)}
    st = activation(horde_cards=cards, clerks={"barracks": [REED, "blue"]}, horde=[[], [{"id": "H01"}], []])
    play(st, "done")  # blue recruits nothing
    assert st.decision.kind == "gw.reed_barracks" and st.decision.player == "red"
    assert ids(st) == ["spearman H01@0", "spearman H01@1"]
    play(st, "spearman H01@0")
    assert st.horde[1][0]["occ"][0][0] == REED and st.pool[REED][0] == 9
    assert st.warehouse["wood"] == 0 and st.honor[REED] == 0  # rewards ignored


def test_two_reed_soldiers_on_a_defeated_card_no_honor_no_claim_back_to_its_pool():
    card = horde_card({0: {}, 1: {}, 6: {}}, invasion=1)
    st = two(phase="activation", active="red", track=TRACK, horde_cards={"H01": card},
             horde=[[], [{"id": "H01", "occ": {"0": [REED, "spearman"], "1": [REED, "spearman"],
                                               "6": ["red", "spearman"]}}], []])
    # +2 Honor to red; the Reed Clan covers most Vital points but never takes a Horde card: it is discarded
    assert st.honor["red"] == 2 and st.honor[REED] == 0
    play(st, "let die")  # red's spearman (Lethality 1)
    assert "H01" in st.horde_discard and not st.claimed["red"] and not st.claimed[REED]
    assert st.pool[REED] == [10, 0, 0] and st.rest[1][REED] == [0, 0, 0]  # never in a rest zone


def test_two_breach_no_shame_for_the_reed_clan_its_wodz_picks_the_dead_and_it_never_saves():
    card = horde_card({0: {}, 1: {}, 2: {}, 3: {}}, power=30, invasion=1)  # one Vital point left: no defeat
    st = two(phase="winter", horde_cards={"H01": card}, time=2,
             horde=[[], [{"id": "H01", "occ": {"0": [REED, "spearman"], "1": [REED, "spearman"],
                                               "2": [REED, "spearman"]}}], []])
    # 1. Shame: red and blue have no soldier on the card; the Reed Clan never takes Shame
    assert st.decision.kind == "gw.shame" and st.decision.player == "red"
    play(st, "shame under spearman", "shame under spearman")
    # 2. Lethality 2 (demo slot 2): the Wódz (highest in Tea order: red) picks which Reed spearmen die, no save
    assert st.decision.kind == "gw.kill" and st.decision.player == "red"
    play(st, "kill spearman H01@1")
    assert st.decision.player == "red" and "save (2 chi)" not in ids(st)
    while st.decision is not None and st.decision.kind == "gw.kill":
        play(st, ids(st)[-1] if "kill spearman H01@2" in ids(st) else ids(st)[0])
    assert st.shamed[REED] == [0, 0, 0] and st.shame_pool == 18
    occ = st.horde[1][0]["occ"]
    assert occ[1] == "w" and occ[2] == "w" and occ[0][0] == REED and st.pool[REED] == [9, 0, 0]


def test_two_conquest_removes_as_many_shame_tokens_as_players():
    cards = {f"H1{i}": horde_card({0: {}}, invasion=1) for i in range(3)}
    st = two(phase="spring", year=2, horde_cards=cards, horde_deck=["H10", "H11", "H12"],
             horde=[[], [{"id": "H01"}, {"id": "H02"}, {"id": "H03"}], [{"id": "H04"}, {"id": "H05"}]])
    # every card points at the full middle section: 3 Conquests, each removing 2 tokens (the players: FAQ #4), not 3
    assert st.shame_box == 3 * 2 and st.shame_pool == 20 - 6 and len(st.horde[2]) == 2


def test_two_end_two_walls_at_level_three_and_scoring_leaves_the_reed_clan_out():
    st = two(phase="winter", wall=[0, 3, 3], honor={"red": 5, "blue": 7}, artifacts=[])
    assert st.terminal and st.result["reason"] == "walls"
    assert st.result["scores"] == {"red": 5, "blue": 7} and st.result["winners"] == ["blue"]


def test_two_logistics_center_with_only_the_reed_clerk_activates_once_and_does_nothing():
    st = activation(clerks={"logistics_center": [REED], "quarry": [REED], "gold_mine": [REED]})
    # the 3-player side: one space, filled by the Reed Clan's clerk: it activates (nothing happens), once
    acts = [e for e in st.log if e.kind == "gw.activate" and e.args["loc"] == "logistics_center"]
    assert len(acts) == 1 and st.at["logistics_center"] == [REED]


def test_two_refused_options_and_positions():
    import pytest

    from planszowki.engine import InvalidPosition, UnsupportedSetup

    with pytest.raises(UnsupportedSetup, match="reed"):
        GAME.new(players=P2, options={"reed": "red"})
    with pytest.raises(InvalidPosition, match="left section"):
        two(wall=[1, 0, 0])
    st = GAME.new(seed=1, players=P2, options={"reed": "green"})
    assert st.reed == "green" and "green" in st.at["quarry"]
