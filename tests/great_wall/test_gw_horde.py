"""Scenario tests of the Horde: defeat and claims ("Pokonanie Hordy"), killing and saving soldiers, Winter's firing
and assault ("Przełamanie"), Spring's arrival and Conquest."""

from __future__ import annotations

from gw_helpers import horde_card, ids, play, pos

TRACK = [["red", "despotism"], ["blue", "mobilization"], None]
SQUARE = horde_card({0: {}, 1: {}, 6: {}, 7: {}}, power=3, reward=7)


def clearing(**doc):
    """The Activation phase of red's turn with nothing to activate: the Horde clearing follows at once."""
    return pos(phase="activation", active="red", track=TRACK, **doc)


def test_horde_defeat_honor_claim_lethality_and_rest_zone():
    st = clearing(horde_cards={"H01": SQUARE}, resources={"red": {"chi": 2}},
                  horde=[[{"id": "H01", "occ": {"0": ["red", "spearman"], "1": ["red", "horseman", 5],
                                                "7": ["red", "horseman", 5], "6": ["blue", "spearman"]}}], [], []],
                  firing=[["red"], [], []])
    # 1. +2 for a soldier on it, 2. +2 per archer on the section's firing spots
    assert st.honor == {"red": 4, "blue": 2, "yellow": 0}
    # 4. Lethality 1 (Time slot 0): red chooses which of its soldiers dies
    assert st.decision.player == "red" and sorted(ids(st)) == ["kill horseman H01@1+7", "kill spearman H01@0"]
    play(st, "kill spearman H01@0")
    assert ids(st) == ["let die", "save (2 chi)"]
    play(st, "save (2 chi)")
    assert st.decision.player == "blue" and ids(st) == ["let die"]  # a lone soldier: no pick; no Chi: no save
    play(st, "let die")
    # 5. survivors and the saved to the rest zone; 6. red covered most Vital points: it claims the card
    assert st.rest[0]["red"] == [1, 0, 1] and st.pool["blue"][0] == 10
    assert st.claimed["red"] == [["H01", 0]] and st.horde[0] == [] and st.res["red"]["chi"] == 0


def test_horde_defeat_claim_tie_goes_to_the_higher_in_tea_order():
    st = clearing(horde_cards={"H01": SQUARE}, tea=["blue", "red", "yellow"],
                  horde=[[{"id": "H01", "occ": {"0": ["red", "spearman"], "1": ["blue", "spearman"], "6": "w",
                                                "7": "w"}}], [], []], time=0)
    play(st, "let die", "let die")
    assert st.claimed["blue"] == [["H01", 0]] and st.claimed["red"] == []


def test_horde_defeat_without_soldiers_is_discarded_and_the_others_close_up():
    other = horde_card({0: {}, 1: {}})
    st = clearing(horde_cards={"H01": SQUARE, "H02": other},
                  horde=[[{"id": "H01", "occ": {"0": "w", "1": "w", "6": "w", "7": "w"}}, {"id": "H02"}], [], []])
    assert "H01" in st.horde_discard and [c["id"] for c in st.horde[0]] == ["H02"]
    assert all(v == 0 for v in st.honor.values())


def test_horde_defeat_is_checked_only_in_a_clearing_phase():
    st = clearing(horde_cards={"H01": horde_card({0: {}, 1: {}})}, clerks={"barracks": ["red"]},
                  resources={"red": {"chi": 2, "wood": 1}}, horde=[[{"id": "H01", "occ": {"0": "w"}}], [], []])
    play(st, "recruit archer", "archer S0 wound H01@1")
    assert st.horde[0] == [] and "H01" in st.horde_discard  # defeated in the clearing after the activation
    kinds = [e.kind for e in st.log]
    assert kinds.index("gw.wound") < kinds.index("gw.defeated")


def test_horde_kill_lethality_follows_the_time_token():
    st = clearing(horde_cards={"H01": SQUARE}, time=2,
                  horde=[[{"id": "H01", "occ": {"0": ["red", "spearman"], "1": ["red", "spearman"], "6": "w",
                                                "7": "w"}}], [], []])
    play(st, "kill spearman H01@0", "let die", "let die")  # Lethality 2 (demo track): both die
    assert st.pool["red"][0] == 10 and st.claimed["red"] == [["H01", 0]]


def test_general_ability_grows_with_supporting_advisors():
    # Liang Hongyu (the rulebook's example): 2 Honor per Supporting Advisor for each killed soldier
    st = clearing(horde_cards={"H01": SQUARE}, generals={"red": "G03"},
                  advisors={"red": {"active": ["A01"], "supporting": ["A02", "A03"]}},
                  horde=[[{"id": "H01", "occ": {"0": ["red", "spearman"], "1": "w", "6": "w", "7": "w"}}], [], []])
    assert st.honor["red"] == 2
    play(st, "let die")
    assert st.honor["red"] == 2 + 2 * 2


def test_tactics_a_tactic_played_when_a_horde_is_defeated():
    st = clearing(horde_cards={"H01": SQUARE}, tactics={"red": ["T01"]}, firing=[["red"], [], []],
                  horde=[[{"id": "H01", "occ": {"0": ["red", "spearman"], "1": "w", "6": "w", "7": "w"}}], [], []])
    assert st.decision.kind == "gw.tactic" and ids(st) == ["play T01", "pass"]  # no Chi for the Boosted half
    play(st, "play T01")  # demo "Victor's glory": a soldier on it and an archer in the section -> 4 Honor
    assert st.honor["red"] == 2 + 2 + 4 and "T01" in st.tac_discard


def test_horde_save_a_tactic_saves_soldiers_for_free():
    st = clearing(horde_cards={"H01": SQUARE}, tactics={"red": ["T08"]},
                  horde=[[{"id": "H01", "occ": {"0": ["red", "spearman"], "1": "w", "6": "w", "7": "w"}}], [], []])
    assert st.content.tactics["T08"]["window"] == "soldiers_killed"
    assert st.decision.kind == "gw.tactic" and ids(st) == ["pass"]  # the "Horde defeated" window: not for T08
    play(st, "pass")
    assert st.decision.kind == "gw.tactic" and ids(st) == ["play T08", "pass"]  # soldiers about to be killed
    play(st, "play T08", "save (tactic)")
    assert st.rest[0]["red"] == [1, 0, 0]


def test_winter_firing_each_archer_must_wound_a_card_of_its_section():
    two = horde_card({0: {}, 1: {}, 2: {}})
    st = pos(phase="winter", horde_cards={"H01": two}, firing=[[], ["red", "blue"], []],
             horde=[[], [{"id": "H01"}], []], tea=["blue", "red", "yellow"])
    assert st.decision.kind == "gw.fire" and st.decision.player == "blue" and "pass" not in ids(st)
    play(st, "wound H01@0")
    assert st.decision.player == "red"
    play(st, "wound H01@2")
    assert st.horde[1][0]["occ"][:3] == ["w", None, "w"]


def test_winter_firing_clans_in_tea_order_each_from_its_left_section_if_possible():
    cards = {"H01": horde_card({0: {}, 1: {}}), "H02": horde_card({0: {}, 1: {}}), "H03": horde_card({0: {}})}
    st = pos(phase="winter", horde_cards=cards, firing=[["red"], ["blue", "red"], ["red", "blue"]],
             horde=[[{"id": "H01"}], [{"id": "H02"}], [{"id": "H03"}]], tea=["blue", "red", "yellow"])
    while st.decision is not None and st.decision.kind == "gw.fire":
        play(st, ids(st)[0])
    wounds = [(e.args["seat"], e.args["card"]) for e in st.log if e.kind == "gw.wound"]
    # blue: the middle section, then the right; red: left, middle — its right-section archer finds no free Vital
    # point left (blue's wound took H03's only one) and does nothing ("jeśli to możliwe")
    assert wounds == [("blue", "H02"), ("blue", "H03"), ("red", "H01"), ("red", "H02")]


def test_winter_assault_wall_holds_when_defense_equals_power():
    st = pos(phase="winter", horde_cards={"H01": horde_card({0: {}}, power=10)}, wall=[1, 0, 0],
             horde=[[{"id": "H01"}], [], []], time=0)
    # demo Wall Defense 10 at level 1: 10 >= 10, the Wall holds; then every Barricade goes
    assert all(e.kind != "gw.breach" for e in st.log)


def test_horde_breach_shame_kill_wounds_and_archers_rest_zones_safe():
    st = pos(phase="winter", horde_cards={"H01": horde_card({0: {}, 1: {}, 2: {}}, power=9)}, barricades=[1, 3, 0],
             horde=[[{"id": "H01", "occ": {"0": ["red", "spearman"]}}], [], []], firing=[["red"], [], []],
             rest=[{"blue": {"spearman": 1}}, {}, {}], time=0)
    # Defense 6 + 2 (one Barricade) = 8 < 9: breach. 1. Shame to each clan without a soldier on the card
    assert st.decision.kind == "gw.fire"  # red's archer fires first (Winter 1A)
    play(st, "wound H01@1")
    assert st.decision.kind == "gw.shame" and st.decision.player == "blue"
    play(st, "shame under spearman", "shame under archer")
    # 2. Lethality on the card, 3. a wound where the soldier stood, 4. the archers on firing spots die
    assert st.decision.player == "red"
    play(st, "let die")
    assert st.horde[0][0]["occ"][0] == "w"
    play(st, "let die")
    assert st.firing[0] == [] and st.pool["red"] == [10, 4, 2] and st.rest[0]["blue"] == [1, 0, 0]
    assert st.barricades == [0, 0, 0]  # after the assault every Barricade is discarded


def test_spring_time_advances_and_horde_cards_follow_the_invasion_indicator():
    cards = {f"H{i}": horde_card({0: {}}, invasion=inv) for i, inv in (("10", 0), ("11", 1), ("12", 2), ("13", 0))}
    st = pos(phase="spring", year=2, horde_cards=cards, time=0, horde_deck=["H10", "H11", "H12", "H13"],
             horde=[[{"id": "H01"}], [{"id": "H02"}], [{"id": "H03"}]])
    assert st.time == 1
    # H13 drawn: the new top H12 shows the right section; H12 drawn: H11 shows the middle; H11: H10 shows left
    assert [c["id"] for c in st.horde[2]] == ["H03", "H13"]
    assert [c["id"] for c in st.horde[1]] == ["H02", "H12"]
    assert [c["id"] for c in st.horde[0]] == ["H01", "H11"]


def test_spring_empty_sections_are_filled_left_to_right_first():
    st = pos(phase="spring", year=2, horde=[[], [{"id": "H02"}], []], horde_deck=["H10", "H11", "H12"])
    assert st.horde[0][0]["id"] == "H12" and st.horde[2][0]["id"] == "H11"


def test_spring_conquest_full_section_discards_the_card_and_boxes_shame():
    cards = {"H10": horde_card({0: {}}, invasion=0), "H11": horde_card({0: {}}, invasion=0),
             "H12": horde_card({0: {}}, invasion=0)}
    st = pos(phase="spring", year=2, horde_cards=cards, horde_deck=["H10", "H11", "H12"],
             horde=[[{"id": "H01"}, {"id": "H02"}, {"id": "H03"}], [{"id": "H04"}], [{"id": "H05"}]])
    # the last card has no deck left to show an indicator: its own back decides (documented)
    assert st.horde_discard[-3:] == ["H12", "H11", "H10"] and st.shame_pool == 30 - 3 * 3 and st.shame_box == 9


def test_spring_advisor_track_refresh_discards_the_first_two():
    st = pos(phase="spring", year=2, advisor_track=["A10", "A11", "A12", "A13"])
    assert st.adv_discard == ["A10", "A11"] and st.adv_track[:2] == ["A12", "A13"] and len(st.adv_track) == 4


def test_spring_as_many_horde_cards_as_printed_above_the_time_token():
    # "Wiosna 2. Umieść nowe karty Hordy w liczbie" printed above the Time token's new slot: one number per slot
    from planszowki.games.great_wall.content import demo_doc

    board = demo_doc()["board"]
    board["time_track"]["spring_hordes"] = {"3": [3, 1, 2, 3, 3], "4": [4, 4, 4, 4, 4]}
    st = pos(phase="spring", year=2, time=1, horde=[[{"id": "H01"}], [{"id": "H02"}], [{"id": "H03"}]],
             horde_deck=["H10", "H11", "H12", "H13"], content={"board": board})
    assert st.time == 2 and sum(len(v) for v in st.horde) == 3 + 2 and len(st.horde_deck) == 2
