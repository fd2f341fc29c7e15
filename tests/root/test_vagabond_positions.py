"""The Vagabond in positions, views and counts: the position format's Vagabond fields and their checks
(docs/root-position-format.md), hand-counted option counts ("perft"), and what each seat sees (promise 4):
the whole Vagabond board is public, the quest deck only by size, the items under ruins only by number.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from helpers import GAME, canonical, option_list, random_playout
from vagabond_helpers import FOUR, TWO_VAGABONDS, items, quest_keys, rel, vb, vpos, vview, where

from planszowki.engine import InvalidPosition, Rng, UnsupportedSetup


# -- perft: option counts at fixed positions, counted by hand ---------------------------------------------
def test_perft_thief_daylight_with_a_second_vagabond_in_the_clearing():
    st = vpos({10: {"warriors": {"marquise": 2}, "buildings": ["sawmill", "ruin"]}, 12: {"warriors": {"eyrie": 2}}},
              seats=TWO_VAGABONDS,
              vagabond={"character": "thief", "where": "10", "items": ["boot", "boot:e", "torch", "sword", "tea"],
                        "hand": ["rabbit:Cobbler", "bird:Sappers", "fox:Anvil"], "relationships": {"eyrie": "hostile"}},
              vagabond2={"character": "tinker", "where": "10", "hand": []},
              players={"marquise": {"hand": ["mouse:Sword"]}},
              quests={"face_up": ["rabbit:Guard Duty", "rabbit:Errand", "fox:Errand"]},
              ruins={"6": ["bag"], "10": ["sword", "boot"], "11": ["hammer", "hammer"], "12": ["bag", "boot"]})
    by_action = Counter(o.action for o in st.decision.options)
    assert by_action == {
        "move": 2,  # one face-up boot: 1 and 2; 12 holds Hostile Eyrie warriors and would cost two (9.2.9.III.b)
        "battle": 2,  # the Marquise and the other Vagabond have pieces in 10 (the Eyrie do not)
        "explore": 1,  # a torch and a ruin with items
        "aid": 4,  # two players there x two cards matching rabbit (a rabbit and a bird); not the fox card
        "quest": 2,  # Guard Duty (torch, sword) and Errand (tea, boot); the fox quest needs a fox clearing
        "steal": 1,  # D.1.2: someone there holds cards
        "end_daylight": 1,
    }
    assert len(st.decision.options) == 13


def test_perft_tinker_daylight_with_an_ally():
    st = vpos({2: {"warriors": {"marquise": 2, "eyrie": 1}}}, seats=TWO_VAGABONDS, turn="vagabond2",
              vagabond={"character": "thief", "where": "F1"},
              vagabond2={"character": "tinker", "where": "2",
                         "items": ["hammer", "hammer", "boot", "torch", "bag", "sword:d", "crossbow"],
                         "hand": ["mouse:Codebreakers", "bird:Crossbow", "mouse:Root Tea", "fox:Anvil"],
                         "relationships": {"marquise": "allied"}},
              quests={"face_up": ["fox:Errand", "rabbit:Errand", "mouse:Escort"]},
              discard=["mouse:Sword", "fox:Travel Gear", "bird:Sappers"])
    by_action = Counter(o.action for o in st.decision.options)
    assert by_action == {
        "move": 9,  # 5, 6 and 10, each alone or with one or two Allied Marquise warriors (9.2.9.II.b)
        "aid": 6,  # the Marquise and the Eyrie x two mouse cards and a bird
        "strike": 2,  # a warrior of each enemy there (the Allied Marquise is still an enemy)
        "craft": 2,  # Codebreakers and Root Tea (mouse); Anvil and Crossbow cost fox
        "repair": 1,  # the damaged sword
        "day_labor": 2,  # the mouse card and the bird card of the discard pile
        "end_daylight": 1,
    }  # no battle (the only sword is damaged), no explore (no ruin), no quest (Escort needs two boots)
    assert len(st.decision.options) == 23


def test_perft_slip_from_a_forest_past_the_torch():
    st = vpos({6: {"tokens": ["torch"]}}, seats=TWO_VAGABONDS, phase="birdsong",
              vagabond={"character": "thief", "where": "F3", "items": ["sword"]},
              vagabond2={"character": "scoundrel", "where": "6", "items": ["boot", "crossbow"]})
    # forest 3 touches 2, 6, 10, 11, 12 (6 holds the torch, D.6.2) and borders F1 (path 2–10), F2 (10–12),
    # F4 (11–12) and F5 (6–11)
    assert option_list(st) == ["slip 2", "slip 10", "slip 11", "slip 12", "slip F1", "slip F2", "slip F4", "slip F5",
                               "stay"]


# -- the position format: Vagabond fields --------------------------------------------------------------
def test_position_vagabond_fields():
    st = vpos({1: {"warriors": {"marquise": 1}}, 12: {"buildings": []}}, turn="marquise",
              vagabond={"character": "ranger", "where": "F3",
                        "items": ["boot", "sword:e", "crossbow:d", "R-hammer:x", "torch"],
                        "relationships": {"marquise": "allied", "eyrie": "hostile", "alliance": 2},
                        "quests_done": ["fox:Errand", "mouse:Escort"], "removed_items": ["tea"], "vp": 7},
              quests={"face_up": ["rabbit:Guard Duty", "fox:Fundraising", "mouse:Expel Bandits"],
                      "deck": ["fox:Give a Speech", "rabbit:Errand"]},
              ruins={"6": ["bag"], "10": ["boot"], "11": ["sword"]}, deck=["fox:Anvil"])
    fd = st.fdata["vagabond"]
    assert fd["character"] == "ranger" and where(st) == "F3" and fd["where"] == 12 + 2
    assert items(st) == ["R-hammer:x", "boot:r", "crossbow:d", "sword:e", "torch:r"]
    assert [rel(st, f) for f in ("marquise", "eyrie", "alliance")] == [vb.ALLIED, vb.HOSTILE, 2]
    assert quest_keys(fd["quests_done"]) == ["fox:Errand", "mouse:Escort"] and fd["removed"] == ["tea"]
    assert quest_keys(st.quests_up) == ["rabbit:Guard Duty", "fox:Fundraising", "mouse:Expel Bandits"]
    assert quest_keys(reversed(st.quest_deck)) == ["fox:Give a Speech", "rabbit:Errand"]  # top first
    assert st.ruin_items == {"5": "R-bag", "9": "R-boot", "10": "R-sword"}
    assert "ruin" not in st.buildings[11] and "11" not in st.ruin_items  # explored away (9.5.3)
    board = vview(st)
    assert board["relationships"] == {"marquise": "allied", "eyrie": "hostile", "alliance": "2"}
    assert board["quests_done"] == ["fox:Errand", "mouse:Escort"] and board["removed_items"] == ["tea"]


def test_position_defaults_starting_items_indifference_random_ruins_and_quests():
    st = vpos({}, turn="marquise", vagabond={})
    fd = st.fdata["vagabond"]
    assert fd["character"] == "thief" and where(st) == "F1"
    assert sorted(items(st)) == ["boot:r", "sword:r", "tea:r", "torch:r"]
    assert all(rel(st, f) == vb.INDIFFERENT for f in ("marquise", "eyrie", "alliance"))
    assert sorted(st.ruin_items.values()) == ["R-bag", "R-boot", "R-hammer", "R-sword"]
    assert len(st.quests_up) == 3 and len(st.quest_deck) == 12
    assert st.items == {"boot": 2, "bag": 2, "crossbow": 1, "hammer": 1, "sword": 2, "tea": 2, "coin": 2}
    two = vpos({}, turn="marquise", seats=TWO_VAGABONDS, vagabond={}, vagabond2={})
    assert two.fdata["vagabond2"]["character"] == "tinker"  # the first character not taken
    assert all(len(v.split(",")) == 2 for v in two.ruin_items.values())


def test_position_r_items_held_are_missing_from_the_ruins():
    st = vpos({}, turn="marquise", vagabond={"items": ["boot", "torch", "R-sword", "R-bag"]})
    assert sorted(st.ruin_items.values()) == ["R-boot", "R-hammer"]
    assert sum("ruin" in b for b in st.buildings) == 2  # the two emptied ruins are gone (9.5.3)


def test_position_extra_items_come_from_the_supply():
    st = vpos({}, turn="marquise", vagabond={"character": "thief", "items": ["boot", "boot", "torch", "coin", "sword"]},
              players={"eyrie": {"items": ["coin"]}})
    assert st.items["boot"] == 1 and st.items["coin"] == 0 and st.items["tea"] == 2  # the Thief's tea is gone


@pytest.mark.parametrize(("change", "message"), [
    ({"vagabond": {"character": "wizard"}}, "unknown character"),
    ({"vagabond": {"where": "F9"}}, "no clearing"),
    ({"vagabond": {"where": "13"}}, "no clearing"),
    ({"vagabond": {"items": ["boot:z"]}}, "bad item"),
    ({"vagabond": {"items": ["shield"]}}, "bad item"),
    ({"vagabond": {"items": ["R-tea"]}}, "ruins hold only"),
    ({"vagabond": {"items": ["torch", "torch"]}}, "torch 2 > 1"),
    ({"vagabond": {"items": ["R-boot", "R-boot"]}}, "9.7.3"),
    ({"vagabond": {"relationships": {"marquise": "friendly"}}}, "relationships.marquise"),
    ({"vagabond": {"relationships": {"vagabond": "allied"}}}, "not a seated non-Vagabond"),
    ({"vagabond": {"quests_done": ["fox:Dragon"]}}, "unknown quest"),
    ({"vagabond": {"quests_done": ["fox:Errand"]}, "quests": {"face_up": ["fox:Errand"]}}, "used twice"),
    ({"quests": {"face_up": ["fox:Errand", "rabbit:Errand", "mouse:Escort", "fox:Fundraising"]}}, "three quests"),
    ({"ruins": {"5": ["bag"]}}, "has no ruin"),
    ({"ruins": {"6": ["bag", "boot"], "10": ["hammer"], "11": ["sword"], "12": ["bag"]}}, "at most 1"),
    ({"ruins": {"6": ["bag"], "10": ["hammer"]}}, "no items listed"),
    ({"ruins": {"6": ["bag"], "10": ["bag"], "11": ["sword"], "12": ["boot"]}}, "more 'R' bag"),
    ({"vagabond": {"dominance": "fox:Dominance"}}, "only to form a coalition"),
    ({"vagabond": {"coalition": "marquise"}}, "activating a dominance card"),
    ({"vagabond": {"coalition": "nobody", "dominance": "fox:Dominance"}}, "not another seat"),
])
def test_position_vagabond_checks(change, message):
    doc = {"seats": list(FOUR), "players": {"vagabond": {}}}
    for k, v in change.items():
        if k == "vagabond":
            doc["players"]["vagabond"] = v
        else:
            doc[k] = v
    with pytest.raises(InvalidPosition, match=message):
        GAME.from_position(doc)


def test_position_two_vagabonds_checks():
    with pytest.raises(InvalidPosition, match="each character is one card"):
        GAME.from_position({"seats": list(TWO_VAGABONDS), "players": {"vagabond": {"character": "ronin"},
                                                                      "vagabond2": {"character": "ronin"}}})
    with pytest.raises(InvalidPosition, match="plays together with 'vagabond'"):
        GAME.from_position({"seats": ["marquise", "vagabond2"]})
    with pytest.raises(InvalidPosition, match="four or more players"):
        GAME.from_position({"seats": ["marquise", "eyrie", "vagabond"],
                            "players": {"vagabond": {"coalition": "eyrie", "dominance": "fox:Dominance"}}})
    with pytest.raises(InvalidPosition, match="already in a coalition"):
        GAME.from_position({"seats": list(TWO_VAGABONDS), "players": {
            "vagabond": {"coalition": "eyrie", "dominance": "fox:Dominance"},
            "vagabond2": {"coalition": "eyrie", "dominance": "mouse:Dominance"}}})


def test_quests_and_ruins_need_a_vagabond():
    with pytest.raises(InvalidPosition, match="Vagabond"):
        GAME.from_position({"seats": ["marquise", "eyrie"], "quests": {"face_up": []}})


def test_new_game_setups_with_vagabonds():
    with pytest.raises(UnsupportedSetup, match="together with 'vagabond'"):
        GAME.new(seed=1, players=["marquise", "vagabond2"])
    GAME.new(seed=1, players=["marquise", "eyrie", "alliance", "vagabond", "vagabond2"])  # five players (5)
    with pytest.raises(UnsupportedSetup, match="at least one other faction"):
        GAME.new(seed=1, players=["vagabond", "vagabond2"])
    for players in (["vagabond", "marquise"], ["eyrie", "vagabond"], ["alliance", "vagabond", "vagabond2"],
                    list(TWO_VAGABONDS)):
        st, _ = random_playout(7, players=players)
        assert st.terminal
    assert GAME.new(seed=1).seats and sorted(GAME.new(seed=1).seats) == sorted(FOUR)  # the default players


def test_saves_round_trip_the_vagabond():
    st = vpos({}, seats=TWO_VAGABONDS, vagabond={"items": ["boot", "torch:e", "R-sword:d"]},
              vagabond2={"character": "ranger", "where": "7"})
    doc = json.loads(json.dumps(GAME.to_json(st)))
    back = GAME.from_json(doc)
    assert canonical(GAME.to_json(back)) == canonical(GAME.to_json(st))
    doc["fdata"]["vagabond2"]["character"] = "thief"  # the same character twice
    with pytest.raises(InvalidPosition, match="each character is one card"):
        GAME.from_json(doc)


# -- views (promise 4) ----------------------------------------------------------------------------------
def test_the_whole_vagabond_board_is_public():
    st = vpos({}, turn="marquise", vagabond={"character": "tinker", "where": "7",
                                             "items": ["boot", "hammer:e", "bag", "torch:x", "R-sword:d"],
                                             "hand": ["fox:Anvil"], "relationships": {"eyrie": 1},
                                             "quests_done": ["mouse:Escort"]})
    for seat in ("marquise", "eyrie", "alliance", "vagabond", None):
        board = vview(st, seat)
        assert board["character"] == "tinker" and board["where"] == "7"
        assert board["items"] == [
            {"item": "sword", "face_up": True, "damaged": True, "ruin": True, "place": "damaged"},
            {"item": "bag", "face_up": True, "damaged": False, "ruin": False, "place": "track"},
            {"item": "boot", "face_up": True, "damaged": False, "ruin": False, "place": "satchel"},
            {"item": "hammer", "face_up": False, "damaged": False, "ruin": False, "place": "satchel"},
            {"item": "torch", "face_up": False, "damaged": True, "ruin": False, "place": "damaged"},
        ]
        assert board["tracks"] == {"tea": 0, "coin": 0, "bag": 1} and board["swords"] == 0
        assert board["relationships"] == {"marquise": "indifferent", "eyrie": "1", "alliance": "indifferent"}
        assert board["quests_done"] == ["mouse:Escort"] and board["coalition"] is None
        assert st.view(seat)["players"]["vagabond"]["hand_count"] == 1
        hand_ = st.view(seat)["players"]["vagabond"]["hand"]
        assert hand_ == (["fox:Anvil"] if seat == "vagabond" else None)


def test_quests_face_up_are_public_the_deck_only_by_size_ruins_only_by_count():
    st = vpos({}, turn="marquise", vagabond={},
              quests={"face_up": ["rabbit:Guard Duty", "fox:Fundraising", "mouse:Expel Bandits"],
                      "deck": ["fox:Give a Speech", "rabbit:Errand"]},
              ruins={"6": ["bag"], "10": ["boot"], "11": ["sword"], "12": ["hammer"]})
    for seat in (*FOUR, None):
        v = st.view(seat)
        assert v["quests"] == {"face_up": ["rabbit:Guard Duty", "fox:Fundraising", "mouse:Expel Bandits"],
                               "deck_count": 2}
        assert v["ruins"] == [{"clearing": c, "items": 1, "known": None} for c in (6, 10, 11, 12)]
        text = canonical(v)
        assert "Give a Speech" not in text and "R-" not in text
    # redealing: the quest deck's order and the ruins' items change, the views do not
    changed = 0
    for k in range(10):
        d = GAME.determinize(st, "vagabond", Rng(k))
        assert canonical(d.view("vagabond")) == canonical(st.view("vagabond"))
        assert sorted(d.ruin_items.values()) == sorted(st.ruin_items.values())
        changed += d.ruin_items != st.ruin_items or d.quest_deck != st.quest_deck
    assert changed >= 8


def _check_views(st, rnd: random.Random) -> None:
    for seat in (*st.seats, None):
        v = st.view(seat)
        json.dumps(v)
        for e in v["log"]:
            assert e["seats"] is None or seat in e["seats"], e
        d = v["decision"]
        if d is not None and d["player"] != seat:
            assert "options" not in d
        for r in v["ruins"]:
            assert r["items"] == len(st.under_ruin(r["clearing"] - 1))
            assert r["known"] is None or seat in vb.SEATS
        other = GAME.determinize(st, seat, Rng(rnd.getrandbits(64)))
        assert canonical(other.view(seat)) == canonical(v), f"view of {seat} changed by determinize"
        assert other.total_cards() == st.total_cards()
        assert vb.item_census(other) == vb.item_census(st)


@pytest.mark.parametrize("players", [FOUR, TWO_VAGABONDS, ("vagabond", "alliance", "vagabond2")],
                         ids=["four", "two-vagabonds", "three"])
def test_views_leak_nothing_along_random_games_with_vagabonds(players):
    checked = 0
    for seed in range(8):
        rnd = random.Random(seed)

        def visit(st, step, rnd=rnd):
            nonlocal checked
            if step % 41 == 5:
                _check_views(st, rnd)
                checked += 1

        st, _ = random_playout(900 + seed, players=players, visit=visit)
        _check_views(st, rnd)
    assert checked > 40


def test_the_documented_vagabond_example_position_loads():
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "root-position-format.md").read_text("utf-8")
    docs = [json.loads(b) for b in re.findall(r"```json\n(.*?)```", text, re.S)]
    st = GAME.from_position(next(d for d in docs if "vagabond" in d["seats"]))
    board = vview(st)
    assert board["character"] == "ranger" and board["where"] == "5" and board["tracks"]["tea"] == 1
    assert board["relationships"] == {"marquise": "allied", "eyrie": "hostile", "alliance": "1"}
    assert "ruin" not in st.buildings[11] and st.ruin_items == {"5": "R-bag", "9": "R-sword", "10": "R-boot"}
    assert st.items["tea"] == 1 and st.items["bag"] == 1  # the tea and the removed bag came from the supply
    assert "move 1 with marquise x2" in option_list(st)
