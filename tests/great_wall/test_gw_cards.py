"""Scenario tests of the card rules: the Betrayal Command card ("Zdrada"), a Command card's condition on another
card played, Horde cards' special abilities ("Zdolność specjalna"), Vital point rewards with a choice ("dowolny
Surowiec"), the Tactic cards' timing windows ("Karty Taktyk": one card per trigger), and the ability triggers of
Generals and Advisors. Every test defines the cards it depends on inline (position.py's ``content``), so it holds
whatever the demonstration set says."""

from __future__ import annotations

import pytest
from gw_helpers import horde_card, ids, kinds, play, pos

from planszowki.engine import InvalidPosition


def cmd(cid: str, *boxes: tuple[str, list], **extra) -> dict:
    return {"id": cid, "name": {"pl": cid, "en": cid}, "boxes": [{"who": w, "effects": e} for w, e in boxes],
            **extra}


BET = cmd("betrayal", ("owner", [{"copy": 1}, {"move_clerks": 1}]), ("others", [{"honor": 3}]), stays_discarded=True)
GOLD = cmd("tribute", ("owner", [{"gain": {"gold": 3}}]), ("others", [{"honor": 1}]))
DESP = cmd("despotism", ("owner", [{"if_played": "tribute"}, {"gain": {"stone": 2}}]),
           ("owner", [{"gain": {"wood": 1}}]))
FILL = [cmd(c, ("owner", [{"honor": 1}])) for c in ("mobilization", "attack_order", "meditation")]
CMDS = [BET, GOLD, DESP, *FILL]


def tactic(window: str, effect: list, boosted: list | None = None) -> dict:
    return {"name": {"pl": "Test", "en": "Test"}, "window": window, "effect": effect,
            "boosted": {"cost": {"chi": 1}, "effect": boosted or effect}}


def turn(track: list, **doc):
    """The start of red's turn (its Command card on the track about to resolve), with the test's Command cards."""
    return pos(phase="command", active="red", track=track, content={"commands": CMDS}, **doc)


def events(st, kind: str) -> list[dict]:
    return [dict(e.args) for e in st.log if e.kind == kind]


# -- "Zdrada" (Betrayal) -----------------------------------------------------------------------------------------
def test_commands_betrayal_copies_all_the_effects_of_another_clans_card_instead_of_its_own():
    st = turn([["red", "betrayal"], ["blue", "tribute"], None])
    assert st.decision.kind == "gw.copy" and ids(st) == ["copy tribute", "skip"]
    play(st, "copy tribute")
    # the copied card's boxes: its owner's for red (3 Gold), its "others" box for the others in Tea order (+1 each);
    # the rest of Betrayal (a clerk move, its own "others" box) is not resolved
    seen = [e for e in st.log if e.kind in ("gw.copy", "gw.gain", "gw.honor", "gw.clerk")]
    seen = seen[:seen.index(next(e for e in seen if e.kind == "gw.gain" and e.args["seat"] == "blue"))]
    assert [(e.kind, e.args["seat"]) for e in seen] == [("gw.copy", "red"), ("gw.gain", "red"), ("gw.honor", "blue"),
                                                       ("gw.honor", "yellow")]
    assert seen[1].args["res"] == {"gold": 3} and all(e.args["delta"] == 1 for e in seen[2:])


def test_commands_betrayal_stays_in_the_discard_pile_for_good_at_the_summer_reclaim():
    st = turn([["red", "betrayal"], ["blue", "tribute"], None])
    play(st, "copy tribute")
    while st.decision.kind != "gw.reclaim":
        play(st, ids(st)[0])
    # Summer 4: red's only card in the discard pile is Betrayal: reclaiming takes back none of it
    assert st.decision.player == "red" and ids(st) == ["reclaim", "honor"]
    assert [o.args["n"] for o in st.decision.options] == [0, 1]
    play(st, "reclaim")
    assert ["red", "betrayal"] in st.cmd_discard and "betrayal" not in st.cmd_hand["red"]


def test_commands_betrayal_counts_for_honor_in_the_discard_pile_but_is_never_reclaimed():
    st = pos(phase="summer", year=2, content={"commands": CMDS},
             command_discard=[["red", "betrayal"], ["red", "tribute"], ["blue", "betrayal"], ["blue", "tribute"]])
    assert ids(st) == ["reclaim", "honor"] and [o.args["n"] for o in st.decision.options] == [1, 2]
    play(st, "honor")  # 2 Honor per card of yours in the discard pile (ruling: Betrayal is one of them)
    assert st.honor["red"] == 4
    play(st, "reclaim")
    assert sorted(st.cmd_hand["blue"]) == ["attack_order", "despotism", "meditation", "mobilization", "tribute"]
    assert ["blue", "betrayal"] in st.cmd_discard


def test_commands_betrayal_skip_resolves_the_rest_of_the_card():
    st = turn([["red", "betrayal"], ["blue", "tribute"], None])
    play(st, "skip")
    assert st.decision.kind == "gw.clerks" and st.decision.player == "red"  # the errata's other effect
    play(st, "clerk pool->barracks")
    assert [e["delta"] for e in events(st, "gw.honor")][:2] == [3, 3]  # its own "others" box


def test_commands_betrayal_never_copies_the_reed_clans_card_faq_35():
    two = {"players": ["red", "blue"], "tea": ["red", "blue", "yellow"], "barricades": [0, 3, 3]}
    st = turn([["yellow", "reed_order"], ["red", "betrayal"], ["blue", "tribute"]], **two)
    assert ids(st) == ["copy tribute", "skip"]
    st = turn([["yellow", "reed_order"], ["red", "betrayal"], None], **two)
    assert st.decision.kind == "gw.clerks"  # nothing to copy: no question, the rest of the card


def test_commands_betrayal_does_not_copy_another_betrayal():
    st = pos(phase="command", active="red", track=[["red", "betrayal"], ["blue", "betrayal"], ["yellow", "tribute"]],
             content={"commands": CMDS})
    assert ids(st) == ["copy tribute", "skip"]


def test_commands_a_box_that_applies_only_if_another_clan_played_a_card():
    st = pos(phase="command", active="red", track=[["red", "despotism"], ["blue", "tribute"], None],
             content={"commands": CMDS})
    assert events(st, "gw.gain")[:2] == [{"seat": "red", "res": {"stone": 2}}, {"seat": "red", "res": {"wood": 1}}]
    st = turn([["red", "despotism"], ["blue", "mobilization"], None])
    assert events(st, "gw.gain")[0] == {"seat": "red", "res": {"wood": 1}} and "gw.requirement_failed" in kinds(st)


@pytest.mark.parametrize("cards, field", [
    ([cmd("betrayal", ("others", [{"copy": 1}])), GOLD, DESP, *FILL], r"commands\.betrayal\.boxes\[0\]"),
    ([cmd("betrayal", ("owner", [{"copy": 1, "honor": 1}])), GOLD, DESP, *FILL],
     r"commands\[0\]\.boxes\[0\]\.effects\[0\]\.copy"),
    ([cmd("betrayal", ("owner", [{"if_played": "nope"}])), GOLD, DESP, *FILL], r"commands\.betrayal\.boxes\[0\]"),
    ([cmd("betrayal", ("owner", [{"honor": 1}]), stays_discarded="yes"), GOLD, DESP, *FILL],
     r"commands\[0\]\.stays_discarded"),
])
def test_commands_betrayal_content_is_validated(cards, field):
    with pytest.raises(InvalidPosition, match=field):
        pos(content={"commands": cards})


def test_commands_copy_belongs_to_a_clans_command_card():
    with pytest.raises(InvalidPosition, match=r"tactics\.T01\.effect"):
        pos(content={"tactics": {"T01": tactic("own_turn", [{"copy": 1}])}})
    reed = cmd("reed_order", ("owner", [{"copy": 1}]))
    with pytest.raises(InvalidPosition, match=r"reed_command\.boxes\[0\]"):
        pos(content={"reed_command": reed})


# -- Horde special abilities ("Zdolność specjalna") -------------------------------------------------------------
def test_horde_ability_offensive_power_front_and_alone_counts_in_the_assault():
    front = horde_card({0: {}}, power=1) | {"ability": {"power": 2, "if": "front"}}
    alone = horde_card({0: {}}, power=1) | {"ability": {"power": 3, "if": "alone"}}
    always = horde_card({0: {}}, power=1) | {"ability": {"power": 1}}
    plain = horde_card({0: {}}, power=1)
    cards = {"H01": front, "H02": plain, "H03": alone, "H04": plain, "H05": front, "H06": always}
    st = pos(horde_cards=cards, horde=[[{"id": "H01"}, {"id": "H02"}], [{"id": "H03"}],
                                       [{"id": "H04"}, {"id": "H05"}, {"id": "H06"}]])
    assert [st.power(s) for s in range(3)] == [1 + 2 + 1, 1 + 3, 1 + 1 + (1 + 1)]


@pytest.mark.parametrize("bonus, breach", [(2, True), (0, False)])
def test_horde_ability_power_decides_a_breach(bonus, breach):
    d = pos(barricades=[0, 0, 0]).defense(0)
    card = horde_card({0: {}}, power=d - 1)
    if bonus:
        card["ability"] = {"power": bonus, "if": "front"}
    st = pos(phase="winter", horde_cards={"H01": card}, horde=[[{"id": "H01"}], [], []], barricades=[0, 0, 0])
    assert ("gw.breach" in kinds(st)) is breach


def test_horde_ability_lethality_adds_to_the_time_tokens_when_defeated():
    leth = pos().lethality()
    spots = list(range(leth + 1))
    card = horde_card({i: {} for i in spots}) | {"ability": {"lethality": 1}}
    st = pos(phase="activation", active="red", track=[["red", "despotism"], ["blue", "mobilization"], None],
             horde_cards={"H01": card}, horde=[[{"id": "H01", "occ": {str(i): ["red", "spearman"] for i in spots}}],
                                               [], []])
    killed = 0
    while st.decision is not None and st.decision.kind == "gw.kill":
        play(st, "let die" if "let die" in ids(st) else ids(st)[0])
        killed = len(events(st, "gw.killed"))
    assert killed == leth + 1 and st.rest[0]["red"] == [0, 0, 0] and st.pool["red"][0] == 10


def test_horde_ability_shame_more_tokens_in_a_breach():
    card = horde_card({0: {}}, power=99) | {"ability": {"shame": 1}}
    st = pos(phase="winter", horde_cards={"H01": card}, horde=[[{"id": "H01"}], [], []])
    while st.decision is not None and st.decision.kind == "gw.shame":
        play(st, "shame under spearman")
    assert all(st.shamed[s][0] == 2 for s in ("red", "blue", "yellow"))  # 1 + 1 for the card's ability


def test_horde_ability_immune_soldiers_cannot_attack_it():
    cards = {"H01": horde_card({0: {}, 1: {}}) | {"ability": {"immune": ["spearman", "archer"]}},
             "H02": horde_card({0: {}})}
    st = pos(phase="activation", active="red", track=[["red", "despotism"], ["blue", "mobilization"], None],
             horde_cards=cards, clerks={"barracks": ["red"]}, resources={"red": {"stone": 2, "wood": 1}},
             horde=[[{"id": "H01"}], [{"id": "H02"}], []])
    play(st, "recruit spearman")
    assert [i for i in ids(st) if "H0" in i] == ["spearman H02@0"]
    st = pos(phase="winter", horde_cards=cards, horde=[[{"id": "H01"}], [], []], firing=[["red"], [], []])
    assert "gw.wound" not in kinds(st)  # an archer cannot wound it: it fires at nothing ("jeśli to możliwe")


def test_horde_ability_content_is_validated():
    bad = horde_card({0: {}}) | {"ability": {"immune": ["spearman", "archer", "horseman"]}}
    with pytest.raises(InvalidPosition, match=r"horde\.H01\.ability\.immune"):
        pos(horde_cards={"H01": bad})
    with pytest.raises(InvalidPosition, match=r"horde\.H01\.ability\.if"):
        pos(horde_cards={"H01": horde_card({0: {}}) | {"ability": {"lethality": 1, "if": "front"}}})
    with pytest.raises(InvalidPosition, match=r"horde\.H01\.ability\.fly"):
        pos(horde_cards={"H01": horde_card({0: {}}) | {"ability": {"fly": 1}}})


# -- Vital point rewards with a choice ("dowolny Surowiec") -----------------------------------------------------
def test_attack_vital_point_reward_with_a_choice_asks_the_attacker():
    card = horde_card({0: {"honor": 1, "choose": {"n": 1, "of": ["wood", "stone", "gold", "chi"]}}, 1: {}})
    st = pos(phase="activation", active="red", track=[["red", "despotism"], ["blue", "mobilization"], None],
             horde_cards={"H01": card}, clerks={"barracks": ["red"]}, resources={"red": {"stone": 2, "wood": 1}},
             horde=[[{"id": "H01"}], [], []])
    play(st, "recruit spearman", "spearman H01@0")
    assert st.decision.kind == "gw.choose_gain" and st.decision.player == "red"
    assert ids(st) == ["take wood x1", "take stone x1", "take gold x1", "take chi x1", "done"]
    assert st.honor["red"] == 1  # the fixed part at once
    play(st, "take gold x1")
    assert st.res["red"]["gold"] == 1


def test_attack_vital_point_reward_choice_is_validated():
    card = horde_card({0: {"choose": {"n": 1, "of": ["wood", "honor"]}}})
    with pytest.raises(InvalidPosition, match=r"horde\.H01\.grid\[0\]\[0\]\.choose\.of"):
        pos(horde_cards={"H01": card})


# -- Tactic windows ("Karty Taktyk"): one card per seat per trigger -----------------------------------------------
def test_tactics_any_turn_window_in_another_clans_turn():
    st = pos(phase="command", active="red", track=[["red", "despotism"], ["blue", "mobilization"], None],
             tactics={"blue": ["T01"]}, content={"tactics": {"T01": tactic("any_turn", [{"gain": {"gold": 1}}])}})
    assert st.decision.kind == "gw.tactic" and st.decision.player == "blue" and ids(st) == ["play T01", "pass"]
    play(st, "play T01")
    assert st.res["blue"]["gold"] == 1


def test_tactics_own_turn_and_any_turn_share_the_turns_trigger_one_card():
    content = {"tactics": {"T01": tactic("any_turn", [{"gain": {"gold": 1}}]),
                           "T02": tactic("own_turn", [{"gain": {"wood": 1}}])}}
    st = pos(phase="command", active="red", track=[["red", "despotism"], ["blue", "mobilization"], None],
             tactics={"red": ["T01", "T02"]}, content=content)
    assert ids(st) == ["play T01", "play T02", "pass"]
    play(st, "play T02")
    assert st.decision.kind != "gw.tactic" and st.tac["red"] == ["T01"]


def test_tactics_breach_window_after_the_shame_discards_a_token():
    content = {"horde": {"H01": horde_card({0: {}}, power=99)},
               "tactics": {"T01": tactic("breach", [{"discard_shame": 1}])}}
    st = pos(phase="winter", content=content, horde=[[{"id": "H01"}], [], []], tactics={"red": ["T01"]})
    assert st.decision.kind == "gw.tactic" and ids(st) == ["pass"]  # Winter's window first: not this card's
    play(st, "pass")
    while st.decision.kind == "gw.shame":
        play(st, "shame under spearman")
    assert st.decision.kind == "gw.tactic" and st.decision.player == "red" and st.shamed["red"][0] == 1
    play(st, "play T01")
    assert st.decision.kind == "gw.discard_shame" and ids(st) == ["discard shame from spearman", "done"]
    play(st, "discard shame from spearman")
    assert st.shamed["red"][0] == 0 and "gw.shame_discarded_card" in kinds(st)


def test_tactics_breach_window_a_victim_may_save_its_soldiers_instead():
    content = {"horde": {"H01": horde_card({0: {}, 1: {}}, power=99)},
               "tactics": {"T01": tactic("soldiers_killed", [{"save": 1}])}}
    st = pos(phase="winter", content=content, horde=[[{"id": "H01", "occ": {"0": ["red", "spearman"]}}], [], []],
             tactics={"red": ["T01"]})
    play(st, "pass")  # Winter's window
    while st.decision.kind == "gw.shame":
        play(st, "shame under spearman")
    assert st.decision.kind == "gw.tactic" and ids(st) == ["play T01", "pass"]
    play(st, "play T01", "save (tactic)")
    assert st.rest[0]["red"][0] == 1


def test_tactics_summer_window_after_the_income():
    st = pos(phase="summer", year=2, overseers={"red": {"gold_mine": [1, "spearman"]}}, tactics={"red": ["T01"]},
             content={"tactics": {"T01": tactic("summer", [{"choose": {"n": 2, "of": ["wood", "stone"]}}])}})
    assert st.decision.kind == "gw.tactic" and st.decision.player == "red"
    assert kinds(st).index("gw.gain") < len(kinds(st))  # the income came first
    play(st, "play T01", "take stone x2")
    assert st.res["red"]["stone"] == 2


def test_tactics_winter_window_before_the_archers_fire():
    content = {"horde": {"H01": horde_card({0: {}, 1: {}})}, "tactics": {"T01": tactic("winter", [{"attack": 1}])}}
    st = pos(phase="winter", content=content, horde=[[{"id": "H01"}], [], []], tactics={"red": ["T01"]},
             rest=[{"red": {"archer": 1}}, {}, {}])
    assert st.decision.kind == "gw.tactic"
    play(st, "play T01")
    assert "from rest S0 archer S0 wound H01@0" in ids(st)
    play(st, "from rest S0 archer S0 wound H01@0")
    # then Winter 1A: the archer now on its firing spot fires too (its one possible wound, without asking)
    assert [e["spot"] for e in events(st, "gw.wound")] == [0, 1] and "gw.defeated" in kinds(st)


def test_tactics_an_effect_outside_its_window_is_refused():
    with pytest.raises(InvalidPosition, match=r"tactics\.T01\.effect"):
        pos(content={"tactics": {"T01": tactic("summer", [{"attack": 1}])}})


# -- ability triggers of Generals and Advisors ---------------------------------------------------------------------
def test_abilities_advisor_triggers_on_recruit_and_on_claim():
    adv = {"A01": {"name": {"pl": "R", "en": "R"}, "ability": {"on": "recruit", "honor": 1}},
           "A02": {"name": {"pl": "C", "en": "C"}, "ability": {"on": "claim", "honor": 3}}}
    st = pos(phase="activation", active="red", track=[["red", "despotism"], ["blue", "mobilization"], None],
             content={"advisors": adv, "horde": {"H01": horde_card({0: {}, 1: {}})}},
             advisors={"red": {"active": ["A01", "A02"]}}, clerks={"barracks": ["red"]},
             resources={"red": {"stone": 2, "wood": 1}}, horde=[[{"id": "H01", "occ": {"1": "w"}}], [], []])
    play(st, "recruit spearman")
    assert st.honor["red"] == 1
    play(st, "spearman H01@0", "let die")  # defeated in the clearing: +2, then red claims it: +3
    assert st.claimed["red"] == [["H01", 0]] and st.honor["red"] == 1 + 2 + 3


def test_abilities_advisor_triggers_on_an_overseer_upgrade():
    adv = {"A01": {"name": {"pl": "O", "en": "O"}, "ability": {"on": "overseer_upgraded", "gain": {"chi": 1}}}}
    st = pos(phase="activation", active="red", track=[["red", "despotism"], ["blue", "mobilization"], None],
             content={"advisors": adv}, advisors={"red": {"active": ["A01"]}},
             clerks={"quarry": ["red", "blue"]}, resources={"red": {"wood": 5}})
    play(st, "take", "take")  # the only ready location activates at once
    cost = st.content.loc["quarry"]["overseer"]["costs"][0]
    assert st.decision.kind == "gw.upgrade" and cost[0] == "wood"
    play(st, "overseer spearman")
    assert st.res["red"]["chi"] == 1 and st.overseer["red"]["quarry"][0] == 1
