"""Scenario tests of setup, the seasons, the end of the game and final scoring; content and position errors."""

from __future__ import annotations

import json

import pytest
from gw_helpers import GAME, P3, horde_card, ids, play, pos

from planszowki.engine import InvalidPosition, UnsupportedSetup
from planszowki.games.great_wall.content import demo_doc, load_content


def drafted(seed: int = 1, players: list[str] = P3):
    st = GAME.new(seed=seed, players=players)
    while st.decision.kind == "gw.draft":
        play(st, ids(st)[0])
    return st


def test_setup_board_for_three_and_four_players():
    for players, cards, shame, start in ((P3, 3, 30, 0), ([*P3, "green"], 4, 40, 1)):
        st = GAME.new(seed=3, players=players)
        assert sum(len(v) for v in st.horde) == cards and all(st.horde)
        assert st.barricades == [3, 3, 3] and len(st.artifacts) == 3 and len(st.adv_track) == 4
        assert st.shame_pool == shame and st.time == start
        # "Przygotowanie gry" 8 and 20: 8 clerks, 3 of them in the Clerks' Chamber (Izba Urzędników) to be hired at the
        # Embassy ("dobrać nowego Urzędnika i umieścić go w swojej puli"), the other 5 in the clan's pool
        assert all(st.clerks[s] == 5 and st.unhired[s] == 3 for s in players)
        assert all(st.pool[s] == [10, 4, 2] for s in players)
        assert all(len(st.cmd_hand[s]) == 6 for s in players)


def test_setup_draft_is_hidden_until_all_have_chosen():
    st = GAME.new(seed=5, players=P3)
    assert st.decision.kind == "gw.draft" and st.decision.player == "red"
    assert ids(st) == [f"general {g}" for g in st.draft["red"]["generals"]]
    play(st, ids(st)[0])
    play(st, ids(st)[0])
    assert "draft" not in st.view("blue")["players"]["red"] and st.view("blue")["players"]["red"]["general"] == ""
    assert st.view("red")["players"]["red"]["draft"]["general"] == st.draft["red"]["general"]


def test_setup_starting_resources_tactics_and_tea_order_from_the_general():
    st = drafted(seed=2)
    for s in P3:
        g = st.content.generals[st.general[s]]
        assert st.res[s] == g["resources"] and len(st.tac[s]) == g["tactics"]
        assert len(st.active[s]) == 1 and len(st.support[s]) == 1
    teas = [st.content.generals[st.general[s]]["tea"] for s in st.tea]
    assert teas == sorted(teas, reverse=True)


def test_setup_yang_ye_errata_resources_are_shipped_exactly():
    c = load_content()
    yang = next(g for g in c.generals.values() if g["name"]["en"] == "Yang Ye")
    assert yang["resources"] == {"wood": 2, "stone": 4, "gold": 3, "chi": 7}
    assert yang["tactics"] == 2 and yang["tea"] == 55
    assert c.board["recruit_costs"] == {"spearman": {"stone": 2, "wood": 1}, "archer": {"chi": 2, "wood": 1},
                                        "horseman": {"gold": 3, "wood": 1}}
    assert c.demo and c.label["pl"] == "zawartość demonstracyjna, nie drukowane karty"


def test_overview_year_one_skips_spring_and_summer():
    st = drafted()
    assert st.year == 1 and st.season == "autumn" and st.time == 0 and st.decision.kind == "gw.choose"
    assert all(e.kind not in ("gw.time", "gw.horde_arrives") for e in st.log)


def test_autumn_choose_face_down_reveal_together_then_place_in_tea_order():
    st = drafted()
    first, second, third = st.tea
    assert st.decision.player == first
    play(st, "command despotism")
    assert st.view(second)["players"][first]["chosen"] == "hidden"
    play(st, "command tribute", "command mobilization")
    assert st.revealed and st.view(second)["players"][first]["chosen"] == "despotism"
    assert st.decision.kind == "gw.place_command" and st.decision.player == first
    assert ids(st) == ["slot 1", "slot 2", "slot 3"]
    play(st, "slot 3")
    assert st.decision.player == second and ids(st) == ["slot 1", "slot 2"]
    play(st, "slot 1")  # the last clan's single empty space is filled without asking
    assert st.track == [[second, "tribute"], [third, "mobilization"], [first, "despotism"]]


def test_autumn_command_others_box_in_tea_order():
    st = pos(phase="command", active="red", track=[["red", "meditation"], ["blue", "mobilization"], None],
             tea=["yellow", "blue", "red"])
    # Meditation (demo): owner +2 Chi, owner moves 2 clerks, others +1 Chi each
    assert st.res["red"]["chi"] == 2
    play(st, "done")
    assert st.res["yellow"]["chi"] == 1 and st.res["blue"]["chi"] == 1


def test_summer_income_shame_discard_and_reclaim():
    st = pos(phase="summer", year=2, overseers={"red": {"gold_mine": [2, "archer"]}}, resources={"red": {"chi": 4}},
             shamed={"red": {"spearman": 2}}, command_discard=[["red", "despotism"], ["red", "tribute"],
                                                               ["blue", "mobilization"]],
             track=[["blue", "tribute"], None, None])
    assert st.res["red"]["gold"] == 2  # 1. income: the level-2 overseer's printed 2 Gold
    assert st.decision.player == "red" and ids(st) == ["discard shame from spearman", "done"]
    play(st, "discard shame from spearman", "discard shame from spearman")
    assert st.shamed["red"][0] == 0 and st.res["red"]["chi"] == 0 and st.shame_pool == 30
    # 3. the track's cards go to the discard pile, 4. reclaim in Tea order (red, blue, yellow)
    assert st.decision.kind == "gw.reclaim" and st.decision.player == "red"
    play(st, "honor")
    assert st.honor["red"] == 4 and len(st.cmd_hand["red"]) == 4
    play(st, "reclaim")
    assert sorted(st.cmd_hand["blue"]) == sorted(st.content.commands)


def test_end_time_on_the_last_slot_ends_the_game_after_winter_and_scoring():
    st = pos(phase="winter", time=4, honor={"red": 10, "blue": 12, "yellow": 3}, shamed={"red": {"archer": 1}},
             claimed={"blue": [["H05", 1]], "yellow": [["H06", 0]]}, artifacts=["R1", "R4", "R5"],
             walls_built={"yellow": 1})
    assert st.terminal and st.result["reason"] == "time"
    reward = st.content.horde["H06"]["reward"]
    r1, r4, r5 = (st.content.artifacts[a]["score"]["honor"] for a in ("R1", "R4", "R5"))  # per card, wall, clerk
    # red: 10 - 5 (a shamed soldier) + R5 (5 clerks); blue: 12 + 0 (Shame on its card) + R1 (1 card) + R5 (5 clerks);
    # yellow: 3 + the card's Honor + R1 (1 card) + R4 (1 wall) + R5 (5 clerks)
    assert st.result["scores"] == {"red": 5 + 5 * r5, "blue": 12 + r1 + 5 * r5, "yellow": 3 + reward + r1 + r4 + 5 * r5}


def test_end_scoring_ties_go_to_the_higher_in_tea_order():
    st = pos(phase="winter", time=4, honor={"red": 10, "blue": 10, "yellow": 3}, tea=["yellow", "blue", "red"],
             artifacts=[])
    assert st.result["winners"] == ["blue"]


def test_end_shame_pool_empty_ends_the_game():
    st = pos(phase="winter", time=0, shame_pool=0)
    assert st.terminal and st.result["reason"] == "shame"


def test_end_walls_two_sections_at_level_three_in_a_three_player_game():
    st = pos(phase="winter", time=0, wall=[3, 0, 3])
    assert st.terminal and st.result["reason"] == "walls"
    st4 = pos(phase="winter", time=1, wall=[3, 0, 3], players=[*P3, "green"])
    assert not st4.terminal


def test_shame_empty_pool_costs_five_honor_instead():
    st = pos(phase="activation", active="red", track=[["red", "despotism"], ["blue", "tribute"], None],
             clerks={"gold_mine": ["red", "red"]}, honor={"red": 7}, shame_pool=0)
    assert st.decision.kind == "gw.accept" and st.honor["red"] == 2


def test_shame_on_a_claimed_horde_card_back_and_nowhere_to_put_it():
    st = pos(phase="activation", active="red", track=[["red", "despotism"], ["blue", "tribute"], None],
             clerks={"gold_mine": ["red", "red"]}, honor={"red": 7}, shamed={"red": {"spearman": 10, "archer": 4,
                                                                                     "horseman": 2}},
             claimed={"red": [["H09", 2]]})
    assert st.decision.kind == "gw.accept" and st.honor["red"] == 2 and st.shame_box == 1
    st = pos(phase="activation", active="red", track=[["red", "despotism"], ["blue", "tribute"], None],
             clerks={"gold_mine": ["red", "red"]}, shamed={"red": {"spearman": 10, "archer": 4, "horseman": 2}},
             claimed={"red": [["H09", 1]]})
    assert st.decision.kind == "gw.accept"  # the single free place is filled without asking (all public)
    assert st.claimed["red"] == [["H09", 2]]


# -- content and positions ----------------------------------------------------------------------------------------
def test_content_malformed_file_is_refused_naming_the_field(tmp_path):
    doc = demo_doc()
    doc["horde"]["H03"]["grid"] = [[None] * 6]
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(doc))
    with pytest.raises(UnsupportedSetup, match=r"horde\.H03\.grid"):
        GAME.new(seed=1, players=P3, options={"content": str(p)})
    doc = demo_doc()
    doc["tactics"]["T01"]["window"] = "whenever"
    p.write_text(json.dumps(doc))
    with pytest.raises(UnsupportedSetup, match=r"tactics\.T01\.window"):
        GAME.new(seed=1, players=P3, options={"content": str(p)})
    doc = demo_doc()
    doc["commands"][0]["boxes"][0]["effects"] = [{"betray": 1}]
    p.write_text(json.dumps(doc))
    with pytest.raises(UnsupportedSetup, match=r"commands\[0\]\.boxes\[0\]\.effects\[0\]\.betray"):
        GAME.new(seed=1, players=P3, options={"content": str(p)})


def test_content_transcription_file_is_loaded_and_recorded(tmp_path):
    doc = demo_doc()
    doc["name"], doc["demo"] = "owner", False
    p = tmp_path / "mine.json"
    p.write_text(json.dumps(doc))
    st = GAME.new(seed=1, players=P3, options={"content": str(p)})
    assert st.view(None)["content"] == "owner" and st.view(None)["demo"] is False
    back = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
    assert back.content.name == "owner"


def test_position_errors_name_the_field():
    with pytest.raises(InvalidPosition, match="unknown position field"):
        pos(board=1)
    with pytest.raises(InvalidPosition, match="clerks: unknown location"):
        pos(clerks={"moon": ["red"]})
    with pytest.raises(InvalidPosition, match=r"horde\[0\]\[0\]\.occ\.5: not a Vital point"):
        pos(horde_cards={"H01": horde_card({0: {}})}, horde=[[{"id": "H01", "occ": {"5": "w"}}], [], []])
    with pytest.raises(InvalidPosition, match="players"):
        pos(players=["red", "red"])
    with pytest.raises(InvalidPosition, match="not a Great Wall save"):
        GAME.from_json({"format": "x"})
