"""Appendix E Hirelings: scenario tests named after the Law's rules and after each implemented hireling's effect.

Positions use the ``hirelings`` section of the position format (docs/root-position-format.md); hireling warriors sit
in clearings under ``"hireling:<side>"``. Dice are read from the state's generator before they are rolled, so the
tests know what the control die and the battle dice will show without fixing them.
"""

from __future__ import annotations

import json

import pytest
from helpers import GAME, event_args, events, ids, play, position, warriors

from planszowki.engine import IllegalAction, InvalidPosition, UnsupportedSetup
from planszowki.games.root import hirelings as h

LD = "hireling:last_dynasty"
FP = "hireling:forest_patrol"
IN_PLAY = ["last_dynasty", "bluebird_nobles", "raven_sentries"]


def hire_pos(clearings, *, hirelings=None, seats=("marquise", "alliance"), turn="marquise", phase="daylight",
             **extra):
    spec = {"in_play": ["last_dynasty", "raven_sentries", "badger_bodyguards"]}
    spec.update(hirelings or {})
    st = position(clearings, seats=seats, turn=turn, phase=phase, hirelings=spec, **extra)
    if st.decision is not None and "end crafting" in ids(st) and len(ids(st)) == 1:
        play(st, "end crafting")  # 6.5: the Marquise crafts first; no cards to craft with here
    return st


def next_face(st) -> tuple[int, int]:
    """The control die face the next roll shows (E.1.2): the state's generator, read ahead on a copy."""
    faces = h.content()["faces"]
    return faces[st.rng.copy().below(len(faces))]


# -- the cards' data -------------------------------------------------------------------------------------------
def test_hirelings_json_is_validated_and_names_the_field():
    data = json.loads(json.dumps({"cards": [], "control_die": {"faces": [{"gold": 2, "all": 1}]}}))
    with pytest.raises(h.HirelingDataError, match=r"control_die.faces\[0\]"):
        h.validate(data)
    good = h.content()
    assert len(good["sides"]) == 26  # 13 cards, two sides each (Marauder expansion and the three packs)
    bad = {"cards": [{"card": "x", "faction": "", "sources": [], "promoted": {"id": "a"}, "demoted": {}}],
           "control_die": {"faces": [{"gold": 0, "all": 1}]}}
    with pytest.raises(h.HirelingDataError, match=r"cards\[0\].promoted.name"):
        h.validate(bad)


def test_a_6_unimplemented_and_unknown_hirelings_are_refused_by_name(monkeypatch):
    # every side of the 13 cards is implemented now: a side marked unimplemented in the data is still refused
    monkeypatch.setitem(h.side_info("stoic_protector"), "implemented", False)
    assert "furious_protector" not in h._full_cards()
    st = GAME.new(seed=1, players=["marquise", "alliance"])
    with pytest.raises(UnsupportedSetup, match=r"Stoic Protector \('stoic_protector'\) is not implemented") as exc:
        h.setup_hirelings(st, ["last_dynasty", "stoic_protector"])
    assert "Zaciężni Niewzruszony Obrońca ('stoic_protector') nie są jeszcze dostępni" in exc.value.text("pl")
    with pytest.raises(UnsupportedSetup, match="unknown hireling 'dragons'"):
        h.setup_hirelings(st, ["dragons"])
    with pytest.raises(UnsupportedSetup, match="chosen twice"):
        h.setup_hirelings(st, ["last_dynasty", "bluebird_nobles"])
    with pytest.raises(InvalidPosition, match=r"'stoic_protector'\) is not implemented"):
        hire_pos({}, hirelings={"in_play": ["stoic_protector"]})


def test_a_6_step_5_a_faction_cannot_play_with_its_corresponding_hireling():
    st = GAME.new(seed=1, players=["eyrie", "alliance"])
    with pytest.raises(UnsupportedSetup, match=r"Last Dynasty \('last_dynasty'\) corresponds to the faction Eyrie "
                       "Dynasties") as exc:
        h.setup_hirelings(st, ["last_dynasty"])
    polish = "Zaciężni Ostatnia Dynastia ('last_dynasty') odpowiadają frakcji Dynastie Orlich Gniazd"
    assert polish in exc.value.text("pl")


@pytest.mark.parametrize(("chosen", "demoted", "polish"), [
    ("last_dynasty", None, "lista od jednego do trzech Zaciężnych"),
    (["dragons"], None, "nieznany Zaciężny 'dragons'"),
    (["last_dynasty"], ["forest_patrol"], "zdegradowany Zaciężny 'forest_patrol' nie należy do wybranych"),
    (["last_dynasty", "bluebird_nobles"], None, "wybrana dwa razy"),
])
def test_a_6_hireling_choices_refused_in_the_players_language(chosen, demoted, polish):
    with pytest.raises(UnsupportedSetup) as exc:
        h.resolve(chosen, demoted)
    assert polish in exc.value.text("pl"), exc.value.text("pl")


def test_a_6_step_2_demoted_flips_the_named_cards():
    assert h.resolve(["last_dynasty", "corvid_spies", "vault_keepers"],
                     demoted=["last_dynasty", "corvid_spies", "vault_keepers"]) == [
        "bluebird_nobles", "raven_sentries", "badger_bodyguards"]
    assert h.resolve(["bluebird_nobles"], demoted=[]) == ["last_dynasty"]


def test_a_6_setup_places_markers_and_sets_up_forest_patrol_and_last_dynasty():
    st = GAME.new(seed=3, players=["cult", "alliance"], options={"map": "autumn"})
    h.setup_hirelings(st, ["forest_patrol", "last_dynasty"])
    st._settle()
    d = st.decision
    # Step 3: the last player in turn order sets up the first hireling, the one before it the next
    assert d.kind == "hirelings.setup" and d.player == st.seats[-2]  # the Forest Patrol's setup needs no choice
    edge = h.edge_clearings(st)
    assert ids(st) == {f"set up last_dynasty {c + 1}" for c in edge}
    assert all(st.warriors[c].get(FP) == 1 for c in st.map.clearings())  # one Patrol warrior in each clearing
    play(st, f"set up last_dynasty {edge[0] + 1}")
    assert st.warriors[edge[0]][LD] == 5
    assert st.fdata["hirelings"]["markers"] == [4, 8, 12]  # Step 4


def test_edge_clearings_of_autumn_are_the_outer_ring():
    st = position({})
    assert [c + 1 for c in h.edge_clearings(st)] == [1, 2, 3, 4, 5, 6, 7, 8, 9]


# -- E.1 gaining and losing hirelings --------------------------------------------------------------------------
def test_e_1_1_gaining_from_supply_a_score_marker_entering_a_marker_space_takes_the_marker():
    st = hire_pos({1: {"warriors": {"marquise": 1}}}, players={"marquise": {"vp": 3}})
    st.score("marquise", 2, "test")  # 3 -> 5 passes the marker on space 4
    d = st.fdata["hirelings"]
    assert d["markers"] == [8, 12] and d["taken"] == ["marquise"]
    assert event_args(st, "hireling_marker") == [{"faction": "marquise", "space": 4}]
    st.score("marquise", -3, "test")
    st.score("marquise", 3, "test")  # back over 4: that marker is gone
    assert d["markers"] == [8, 12] and st.fdata["hirelings"]["taken"] == ["marquise"]


def test_e_1_1_at_the_end_of_the_turn_the_player_takes_any_hireling_card_and_rolls():
    st = hire_pos({1: {"warriors": {"marquise": 1}}}, phase="evening", players={"marquise": {"vp": 5}},
                  hirelings={"markers": [8, 12], "taken": ["marquise"]})
    while st.decision.kind != "hirelings.hire":
        st.apply(st.decision.options[0].id)
    assert st.decision.player == "marquise"
    assert ids(st) == {"hire last_dynasty", "hire raven_sentries", "hire badger_bodyguards"}
    gold, _ = next_face(st)
    play(st, "hire raven_sentries")
    d = st.fdata["hirelings"]
    assert d["ctl_raven_sentries"] == "marquise" and d["taken"] == []
    assert d["cm_raven_sentries"] == gold  # E.1.2: leading, so only the gold pips count
    assert event_args(st, "hireling_gained")[-1]["hireling"] == "hireling:raven_sentries"


def test_e_1_2_rolling_for_control_counts_all_pips_when_not_leading():
    st = hire_pos({1: {"warriors": {"marquise": 1}}}, phase="evening",
                  players={"marquise": {"vp": 5}, "alliance": {"vp": 9}},
                  hirelings={"markers": [8, 12], "taken": ["marquise"]})
    while st.decision.kind != "hirelings.hire":
        st.apply(st.decision.options[0].id)
    _, every = next_face(st)
    play(st, "hire badger_bodyguards")
    assert st.fdata["hirelings"]["cm_badger_bodyguards"] == every


def test_e_1_3_end_of_turn_removes_a_control_marker_and_a_card_without_markers_goes_to_another_player():
    st = hire_pos({1: {"warriors": {"marquise": 1}}}, phase="evening", turn_no=3,
                  hirelings={"control": {"last_dynasty": {"controller": "marquise", "markers": 1, "gained": 1},
                                         "raven_sentries": {"controller": "marquise", "markers": 1, "gained": 3}}})
    while st.decision.kind != "hirelings.give":
        st.apply(st.decision.options[0].id)
    d = st.fdata["hirelings"]
    assert d["cm_last_dynasty"] == 0
    assert d["cm_raven_sentries"] == 1  # gained this turn: no marker removed (E.1.3 "gained on previous turns")
    assert ids(st) == {"give last_dynasty alliance"}
    gold, _ = next_face(st)
    play(st, "give last_dynasty alliance")
    d = st.fdata["hirelings"]
    assert d["ctl_last_dynasty"] == "alliance"
    assert d["cm_last_dynasty"] == gold  # tied for the most victory points (0 = 0): gold pips only
    assert st.decision.player == "alliance" and st.current == "alliance"


# -- E.3 rules ------------------------------------------------------------------------------------------------
def test_e_3_1_rule_a_controller_rules_with_hireling_pieces_and_uncontrolled_hirelings_rule_as_players():
    st = hire_pos({1: {"warriors": {LD: 2, "alliance": 1}}, 2: {"warriors": {LD: 1}}})
    assert st.ruler(0) == LD and st.ruler(1) == LD  # in the supply: they rule as a player would
    st = hire_pos({1: {"warriors": {LD: 2, "marquise": 1, "alliance": 2}}, 2: {"warriors": {LD: 1}}},
                  hirelings={"control": {"last_dynasty": {"controller": "marquise", "markers": 2}}})
    assert st.ruler(0) == "marquise" and st.ruler(1) == "marquise"


def test_e_3_2_enemy_status_players_battle_hirelings_in_the_supply_or_held_by_an_enemy():
    st = hire_pos({1: {"warriors": {LD: 2, "marquise": 2}}})
    assert "battle 1 hireling:last_dynasty" in ids(st)
    st = hire_pos({1: {"warriors": {LD: 2, "marquise": 2}}},
                  hirelings={"control": {"last_dynasty": {"controller": "marquise", "markers": 2}}})
    assert not any("hireling:last_dynasty" in o for o in ids(st))  # its controller's own


def test_e_3_2_enemy_status_14_6_2_oppress_counts_hireling_pieces_as_enemy_pieces_unless_the_hundreds_control_them():
    board = {"warlord": {"warlord": 1, "mood": "stubborn"}, "marquise": {}}
    where = {1: {"warriors": {"warlord": 2, LD: 1}}, 2: {"warriors": {"warlord": 1}},
             3: {"warriors": {"warlord": 2}, "buildings": ["vault"]}}
    keepers = {"in_play": ["last_dynasty", "vault_keepers", "furious_protector"], "protector": 2}
    st = hire_pos(where, hirelings=keepers, seats=("warlord", "marquise"), turn="warlord", phase="evening",
                  players=board)
    assert event_args(st, "oppress")[0]["clearings"] == 0  # in the supply: warriors, a vault and a pawn are enemies
    held = {"control": {"last_dynasty": {"controller": "warlord", "markers": 2},
                        "vault_keepers": {"controller": "marquise", "markers": 2}}}
    st = hire_pos(where, hirelings={**keepers, **held}, seats=("warlord", "marquise"), turn="warlord",
                  phase="evening", players=board)
    assert event_args(st, "oppress")[0]["clearings"] == 1  # its own Dynasty is no enemy; the Marquise's vault is
    held["control"]["furious_protector"] = {"controller": "warlord", "markers": 2}
    st = hire_pos(where, hirelings={**keepers, **held}, seats=("warlord", "marquise"), turn="warlord",
                  phase="evening", players=board)
    assert event_args(st, "oppress")[0]["clearings"] == 2


def test_e_3_2_enemy_status_4_1_2_favor_removes_enemy_hirelings_pieces_but_not_its_crafters_own():
    from planszowki.games.root.turn import favor
    where = {1: {"warriors": {LD: 2, "marquise": 1}}, 3: {"warriors": {"alliance": 1}, "buildings": ["vault"]}}
    keepers = {"in_play": ["last_dynasty", "vault_keepers", "raven_sentries"]}
    st = hire_pos(where, hirelings=keepers)
    assert st.suits[0] != st.suits[2]
    favor(st, "marquise", st.suits[0])
    assert not st.warriors[0].get(LD) and st.warriors[0]["marquise"] == 1  # the Dynasty in the supply is an enemy
    st = hire_pos(where, hirelings={**keepers, "control": {"last_dynasty": {"controller": "marquise", "markers": 2},
                                                           "vault_keepers": {"controller": "alliance", "markers": 2}}})
    favor(st, "marquise", st.suits[2])
    assert st.warriors[0][LD] == 2 and "vault" not in st.buildings[2]  # its own Dynasty stays; the Alliance's vault


def test_e_3_3_separate_pieces_hireling_warriors_are_not_the_controllers_warriors():
    st = hire_pos({1: {"warriors": {LD: 3}}, 5: {"warriors": {"alliance": 1}}},
                  hirelings={"control": {"last_dynasty": {"controller": "marquise", "markers": 2}}})
    assert st.warriors_on_map("marquise") == 0
    assert not any(o.startswith("battle ") for o in ids(st))  # only the hireling's own action battles with them


def test_e_3_6_no_scoring_from_removal_and_e_3_7_the_controller_pays_the_outrage_of_a_hirelings_removal():
    st = hire_pos({2: {"tokens": ["sympathy"]}}, hirelings={"control": {"last_dynasty": {"controller": "marquise",
                                                                                         "markers": 2}}},
                  players={"marquise": {"vp": 1, "hand": ["fox:Anvil"]}})
    play(st, "hireling last_dynasty place 2", "battle 2 alliance")  # the Alliance has no warriors: defenseless
    while not events(st, "remove_piece"):
        st.apply(st.decision.options[0].id)
    assert event_args(st, "remove_piece") == [{"faction": "alliance", "clearing": 2, "piece": "sympathy", "by": LD}]
    assert st.vp["marquise"] == 1  # E.3.6: no point for the removed token
    assert event_args(st, "outrage")[0]["faction"] == "marquise"  # E.3.7: the player removing with the hireling
    assert st.decision.kind == "alliance.outrage.pay" and st.decision.player == "marquise"


def test_e_3_7_weird_stuff_moving_hireling_warriors_into_sympathy_triggers_outrage_for_the_controller():
    st = hire_pos({1: {"warriors": {LD: 3}}, 5: {"tokens": ["sympathy"]}},
                  hirelings={"control": {"last_dynasty": {"controller": "marquise", "markers": 2}}},
                  players={"marquise": {"hand": ["fox:Anvil"]}})
    play(st, "hireling last_dynasty move 1->5")
    assert st.warriors[4][LD] == 3
    outrage = [fr for fr in st.stack if fr["k"] == "alliance.outrage"]
    assert outrage and outrage[0]["payer"] == "marquise"


# -- E.2.4 Last Dynasty -----------------------------------------------------------------------------------------
CTL_LD = {"control": {"last_dynasty": {"controller": "marquise", "markers": 2}}}


def test_last_dynasty_with_no_warriors_on_the_map_places_all_five_in_an_edge_clearing_and_battles_there():
    st = hire_pos({2: {"warriors": {"alliance": 1}}}, hirelings=CTL_LD)
    assert "hireling last_dynasty place 2" in ids(st)
    assert "hireling last_dynasty place 10" not in ids(st)  # clearing 10 is not on the map's edge
    play(st, "hireling last_dynasty place 2")
    assert st.warriors[1][LD] == 5
    assert st.decision.kind == "hirelings.battle" and ids(st) == {"battle 2 alliance"}  # must battle, no "done"
    play(st, "battle 2 alliance")
    assert event_args(st, "battle")[-1] == {"faction": LD, "clearing": 2, "defender": "alliance"}


def test_last_dynasty_ruling_their_clearing_moves_all_then_battles_if_able():
    st = hire_pos({1: {"warriors": {LD: 3}}, 5: {"warriors": {"alliance": 1}}}, hirelings=CTL_LD)
    assert {"hireling last_dynasty move 1->5", "hireling last_dynasty move 1->9"} <= ids(st)
    play(st, "hireling last_dynasty move 1->5")
    assert st.warriors[0].get(LD, 0) == 0 and st.warriors[4][LD] == 3  # all of them
    assert ids(st) == {"battle 5 alliance"}
    # once per Daylight (E.2.4)
    while st.decision.kind != "marquise.daylight":
        st.apply(st.decision.options[0].id)
    assert not any(o.startswith("hireling ") for o in ids(st))


def test_last_dynasty_not_ruling_their_clearing_battles_there_twice():
    st = hire_pos({1: {"warriors": {LD: 2, "alliance": 3}}}, hirelings=CTL_LD)
    assert "hireling last_dynasty battle 1" in ids(st)
    assert not any(o.startswith("hireling last_dynasty move") for o in ids(st))
    play(st, "hireling last_dynasty battle 1", "battle 1 alliance")
    while st.decision.kind != "hirelings.battle" and st.decision.kind != "marquise.daylight":
        st.apply(st.decision.options[0].id)
    if st.warriors[0].get(LD, 0) and st.warriors[0].get("alliance", 0):
        assert st.decision.kind == "hirelings.battle"  # the second battle
        play(st, "battle 1 alliance")
    assert len([a for a in event_args(st, "battle") if a["faction"] == LD]) in (1, 2)


# -- Forest Patrol ------------------------------------------------------------------------------------------------
PATROL = {"in_play": ["forest_patrol", "raven_sentries"],
          "control": {"forest_patrol": {"controller": "alliance", "markers": 2}}}


def test_forest_patrol_whenever_patrol_warriors_are_removed_one_goes_onto_the_card():
    st = hire_pos({1: {"warriors": {FP: 2, "cult": 3}}}, seats=("cult", "alliance"), turn="cult",
                  hirelings={"in_play": ["forest_patrol"]})
    st.remove_warriors(0, FP, 2, "cult", "test")
    assert st.fdata["hirelings"]["card_forest_patrol"] == 1
    assert h.warrior_supply(st, "forest_patrol") == 12 - 1  # the other went to the supply


def test_forest_patrol_daylight_moves_then_may_battle_or_musters_the_warriors_on_its_card():
    st = hire_pos({1: {"warriors": {FP: 2}}, 5: {"warriors": {"cult": 1}}, 2: {"warriors": {FP: 1}}},
                  seats=("cult", "alliance"), turn="alliance",
                  hirelings={**PATROL, "on_card": {"forest_patrol": 2}})
    assert {"hireling forest_patrol move 1->5 x1", "hireling forest_patrol move 1->5 x2",
            "hireling forest_patrol muster 1", "hireling forest_patrol muster 2"} <= ids(st)
    play(st, "hireling forest_patrol move 1->5 x2")
    assert st.decision.kind == "hirelings.battle" and ids(st) == {"battle 5 cult", "done"}
    play(st, "done")
    assert not any(o.startswith("hireling forest_patrol") for o in ids(st))  # once per Daylight
    st = hire_pos({1: {"warriors": {FP: 2}}}, seats=("cult", "alliance"), turn="alliance",
                  hirelings={**PATROL, "on_card": {"forest_patrol": 2}})
    play(st, "hireling forest_patrol muster 1")
    assert st.warriors[0][FP] == 4 and "card_forest_patrol" not in st.fdata["hirelings"]


# -- Bluebird Nobles, Raven Sentries, Badger Bodyguards ---------------------------------------------------------
def test_bluebird_nobles_the_controller_rules_ties():
    nobles = {"in_play": ["bluebird_nobles"], "control": {"bluebird_nobles": {"controller": "alliance", "markers": 2}}}
    st = hire_pos({1: {"warriors": {"marquise": 2, "alliance": 2}}}, hirelings=nobles)
    assert st.ruler(0) == "alliance"
    st = hire_pos({1: {"warriors": {"marquise": 2, "alliance": 2}}}, hirelings={"in_play": ["bluebird_nobles"]})
    assert st.ruler(0) is None


def test_bluebird_nobles_at_the_start_of_birdsong_score_one_per_three_ruled_clearings():
    nobles = {"in_play": ["bluebird_nobles"], "control": {"bluebird_nobles": {"controller": "marquise", "markers": 2}}}
    clearings = {c: {"warriors": {"marquise": 1}} for c in range(1, 8)}  # seven clearings: two points
    st = hire_pos(clearings, hirelings=nobles, phase="birdsong")
    assert event_args(st, "bluebird_nobles") == [{"faction": "marquise", "clearings": 7}]
    assert st.vp["marquise"] == 2


def test_raven_sentries_the_controller_deals_an_extra_hit_where_it_has_buildings_or_tokens():
    sentries = {"in_play": ["raven_sentries"], "control": {"raven_sentries": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({1: {"warriors": {"marquise": 3, "alliance": 3}, "buildings": ["sawmill"]}}, hirelings=sentries,
                  players={"alliance": {"hand": []}})
    play(st, "battle 1 alliance")
    while not events(st, "deal_hits"):
        st.apply(st.decision.options[0].id)
    assert {"faction": "marquise", "why": "raven_sentries"} in event_args(st, "extra_hit")
    st = hire_pos({1: {"warriors": {"marquise": 3, "alliance": 3}}}, hirelings=sentries)
    play(st, "battle 1 alliance")
    while not events(st, "deal_hits"):
        st.apply(st.decision.options[0].id)
    assert not any(a["why"] == "raven_sentries" for a in event_args(st, "extra_hit"))


def test_badger_bodyguards_the_controller_ignores_the_first_hit_it_takes_in_battle():
    guards = {"in_play": ["badger_bodyguards"], "control": {"badger_bodyguards": {"controller": "alliance",
                                                                                  "markers": 2}}}
    st = hire_pos({1: {"warriors": {"marquise": 3, "alliance": 3}}}, hirelings=guards,
                  players={"alliance": {"hand": []}})
    play(st, "battle 1 alliance")
    while not events(st, "deal_hits"):
        st.apply(st.decision.options[0].id)
    hits = event_args(st, "deal_hits")[-1]["to_defender"]
    lost = sum(a["count"] for a in event_args(st, "remove_warriors") if a["faction"] == "alliance")
    if hits:
        assert {"faction": "alliance", "why": "badger_bodyguards"} in event_args(st, "ignore_hit")
        assert lost == hits - 1
    else:
        assert not events(st, "ignore_hit")


# -- views, saves, positions ----------------------------------------------------------------------------------------
def test_hireling_cards_are_public_in_every_view_and_the_position_round_trips():
    st = hire_pos({1: {"warriors": {LD: 3}}}, hirelings={**CTL_LD, "markers": [12]})
    for seat in (*st.seats, None):
        v = st.view(seat)["hirelings"]
        assert v["markers"] == [12]
        assert v["cards"][0] == {"hireling": "last_dynasty", "name": "Last Dynasty", "side": "promoted",
                                 "controller": "marquise", "control_markers": 2, "on_card": 0, "warrior_supply": 2,
                                 "used": False}
    doc = GAME.to_json(st)
    back = GAME.from_json(json.loads(json.dumps(doc)))
    assert GAME.to_json(back) == doc and back.ruler(0) == "marquise"


def test_a_position_with_too_many_hireling_warriors_is_refused():
    with pytest.raises(InvalidPosition, match="last_dynasty warriors"):
        hire_pos({1: {"warriors": {LD: 6}}})
    with pytest.raises(InvalidPosition, match="warriors 'hireling:forest_patrol'"):
        hire_pos({1: {"warriors": {FP: 1}}})


def test_a_hireling_option_cannot_be_applied_out_of_its_daylight():
    st = hire_pos({1: {"warriors": {LD: 3}}}, hirelings=CTL_LD, phase="evening")
    with pytest.raises(IllegalAction):
        st.apply("hireling last_dynasty move 1->5")


def test_the_terminal_board_shows_the_hireling_cards_and_markers():
    from planszowki.cli import board

    st = hire_pos({1: {"warriors": {LD: 3}}}, hirelings={**CTL_LD, "markers": [12]})
    en = board.hirelings_line(st.view(None), "en").plain
    assert "Last Dynasty — Marquise de Cat (2 control markers)" in en and "Raven Sentries — in the supply" in en
    assert "score track: 12" in en
    pl = board.hirelings_line(st.view(None), "pl").plain
    assert "Ostatnia Dynastia — Markiza de Kot (żetony kontroli: 2)" in pl


# -- the packs' demoted sides: Bandit Gangs, Rat Smugglers, Rabbit Scouts, Lizard Envoys, Otter Divers ---------
BG = "hireling:bandit_gangs"
PACK = ["bandit_gangs", "rat_smugglers", "otter_divers"]


def test_bandit_gangs_cannot_be_battled_in_clearings_with_their_controllers_faction_pieces():
    gangs = {"in_play": PACK, "control": {"bandit_gangs": {"controller": "alliance", "markers": 2}}}
    st = hire_pos({1: {"warriors": {BG: 1, "marquise": 2}}, 2: {"warriors": {BG: 1, "marquise": 2, "alliance": 1}}},
                  hirelings=gangs)
    assert "battle 1 hireling:bandit_gangs" in ids(st)
    assert "battle 2 hireling:bandit_gangs" not in ids(st)


def test_bandit_gangs_when_hired_put_a_bandit_warrior_where_the_new_controller_has_pieces():
    st = hire_pos({3: {"warriors": {"marquise": 1}}, 7: {"buildings": ["sawmill"]}}, phase="evening",
                  players={"marquise": {"vp": 5}}, hirelings={"in_play": PACK, "markers": [8, 12],
                                                           "taken": ["marquise"]})
    while st.decision.kind != "hirelings.hire":
        st.apply(st.decision.options[0].id)
    play(st, "hire bandit_gangs")
    assert st.decision.kind == "hirelings.place" and ids(st) == {"place bandit_gangs 3", "place bandit_gangs 7"}
    play(st, "place bandit_gangs 7")
    assert st.warriors[6][BG] == 1


def test_bandit_gangs_daylight_put_a_controller_warrior_at_each_bandit_warrior_or_place_a_bandit():
    gangs = {"in_play": PACK, "control": {"bandit_gangs": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({1: {"warriors": {BG: 2, "marquise": 1}}, 6: {"warriors": {BG: 1}}}, hirelings=gangs)
    assert {"hireling bandit_gangs recruit", "hireling bandit_gangs place 1"} <= ids(st)
    play(st, "hireling bandit_gangs recruit")
    assert st.warriors[0]["marquise"] == 3 and st.warriors[5]["marquise"] == 1
    assert not any(o.startswith("hireling bandit_gangs") for o in ids(st))  # once per Daylight


def test_rat_smugglers_the_controller_discards_an_item_card_to_move_or_battle_any_number_of_times():
    rats = {"in_play": PACK, "control": {"rat_smugglers": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({1: {"warriors": {"marquise": 2, "alliance": 1}}}, hirelings=rats,
                  players={"marquise": {"hand": ["fox:Anvil", "fox:Stand and Deliver!"]}})
    assert {"rat smugglers move fox:Anvil", "rat smugglers battle fox:Anvil"} <= ids(st)
    assert not any("Stand and Deliver" in o for o in ids(st))  # no item on that card
    play(st, "rat smugglers move fox:Anvil")
    assert "fox:Anvil" in [st.card(c).key for c in st.discard]
    assert st.decision.kind == "hirelings.smuggle" and "move 1->5 x2" in ids(st)
    play(st, "move 1->5 x2")
    assert st.warriors[4]["marquise"] == 2


def test_rabbit_scouts_the_defending_controller_spends_a_matching_card_for_the_higher_roll():
    scouts = {"in_play": ["rabbit_scouts"], "control": {"rabbit_scouts": {"controller": "eyrie", "markers": 2}}}
    st = hire_pos({1: {"warriors": {"marquise": 3, "eyrie": 3}}}, seats=("marquise", "eyrie"), hirelings=scouts,
                  players={"eyrie": {"hand": ["fox:Anvil", "mouse:Sword"]}})
    play(st, "battle 1 eyrie")
    while st.decision.kind != "hirelings.scouts":
        st.apply(st.decision.options[-1].id)
    assert ids(st) == {"scouts fox:Anvil", "no scouts"}  # clearing 1 is a fox clearing
    play(st, "scouts fox:Anvil")
    roll = event_args(st, "roll")[-1]
    assert roll["def_hits"] == max(roll["dice"]) and roll["att_hits"] == min(roll["dice"])


def test_lizard_envoys_take_a_card_of_the_most_common_suit_among_the_top_five_discards():
    envoys = {"in_play": ["lizard_envoys"], "control": {"lizard_envoys": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({1: {"warriors": {"marquise": 1}}}, hirelings=envoys, phase="birdsong",
                  discard=["mouse:Sword", "fox:Anvil", "fox:Ambush!", "rabbit:Bake Sale", "fox:Root Tea",
                           "bird:Crossbow"])
    assert st.decision.kind == "hirelings.envoys"
    # the top five: Anvil, fox Ambush!, Bake Sale, fox Root Tea, Crossbow: foxes are most common; no ambush
    assert ids(st) == {"envoys take fox:Anvil", "envoys take fox:Root Tea", "no envoys"}
    play(st, "envoys take fox:Root Tea")
    assert "fox:Root Tea" in [st.card(c).key for c in st.hands["marquise"]]


def test_otter_divers_the_controller_moves_regardless_of_rule_to_or_from_a_river_clearing():
    divers = {"in_play": PACK, "control": {"otter_divers": {"controller": "marquise", "markers": 2}}}
    crowded = {"alliance": 2}
    st = hire_pos({1: {"warriors": {"marquise": 1, **crowded}}, 5: {"warriors": crowded},
                   7: {"warriors": {"marquise": 1, **crowded}}, 8: {"warriors": crowded}}, hirelings=divers)
    assert "march 1->5 x1" in ids(st)  # clearing 5 is on the river (6.5.2 March: moves)
    assert "march 7->8 x1" in ids(st)  # from clearing 7, on the river
    st = hire_pos({1: {"warriors": {"marquise": 1, **crowded}}, 5: {"warriors": crowded}},
                  hirelings={"in_play": PACK})
    assert "march 1->5 x1" not in ids(st)


# -- Feline Physicians, Spring Uprising ---------------------------------------------------------------------------
SU = "hireling:spring_uprising"


def test_feline_physicians_the_controller_spends_a_matching_card_to_save_removed_warriors():
    from planszowki.games.root.turn import flush_removals

    medics = {"in_play": ["feline_physicians"], "control": {"feline_physicians": {"controller": "alliance",
                                                                                  "markers": 2}}}
    st = hire_pos({1: {"warriors": {"alliance": 2, "cult": 1}}, 5: {"warriors": {"alliance": 1}}},
                  seats=("cult", "alliance"), turn="cult", hirelings=medics,
                  players={"alliance": {"hand": ["fox:Anvil", "mouse:Sword"]}})
    st.remove_warriors(0, "alliance", 2, "cult", "test")
    flush_removals(st)
    st._settle()
    assert st.decision.kind == "hirelings.physicians" and st.decision.player == "alliance"
    assert ids(st) == {"physicians fox:Anvil 5", "no physicians"}  # clearing 1 is a fox clearing; pieces only in 5
    play(st, "physicians fox:Anvil 5")
    assert st.warriors[4]["alliance"] == 3 and [st.card(c).key for c in st.hands["alliance"]] == ["mouse:Sword"]


def test_spring_uprising_setup_rolls_the_uprising_die_twice():
    st = GAME.new(seed=5, players=["cult", "eyrie"])
    h.setup_hirelings(st, ["spring_uprising"])
    st._settle()
    while st.decision.kind == "hirelings.uprising_place":
        st.apply(st.decision.options[0].id)
    rolls = [e.args["suit"] for e in st.log if e.kind == "uprising_roll"]
    placed = [st.suits[c] for c in st.map.clearings() for _ in range(st.warriors[c].get(SU, 0))]
    assert len(rolls) == 2 and sorted(rolls) == sorted(placed)


def test_spring_uprising_birdsong_strike_removes_an_uprising_warrior_and_every_enemy_piece_there():
    rising = {"in_play": ["spring_uprising"], "control": {"spring_uprising": {"controller": "marquise",
                                                                              "markers": 2}}}
    clearings = {c: {"warriors": {SU: 1, "eyrie": 2, "marquise": 1}, "buildings": ["roost"]} for c in (1, 2, 3)}
    st = hire_pos(clearings, hirelings=rising, phase="birdsong", players={"marquise": {"vp": 2}},
                  seats=("marquise", "eyrie"))
    assert st.decision.kind == "hirelings.uprising"
    suit = event_args(st, "uprising_roll")[-1]["suit"]
    c = {"fox": 1, "mouse": 2, "rabbit": 3}[suit]  # Autumn: clearing 1 fox, 2 mouse, 3 rabbit
    assert f"uprising strike {c}" in ids(st) and f"uprising place {c}" in ids(st)
    play(st, f"uprising strike {c}")
    w = st.warriors[c - 1]
    assert SU not in w and "eyrie" not in w and w["marquise"] == 1  # the controller's pieces are not enemies
    assert "roost" not in st.buildings[c - 1] and st.vp["marquise"] == 2  # E.3.6: no point for the roost


def test_spring_uprising_a_player_battling_it_first_discards_a_card_of_the_clearings_suit():
    st = hire_pos({1: {"warriors": {SU: 1, "marquise": 2}}}, hirelings={"in_play": ["spring_uprising"]},
                  players={"marquise": {"hand": ["mouse:Sword"]}}, seats=("marquise", "eyrie"))
    assert "battle 1 hireling:spring_uprising" not in ids(st)  # no fox (or bird) card to pay with
    st = hire_pos({1: {"warriors": {SU: 1, "marquise": 2}}}, hirelings={"in_play": ["spring_uprising"]},
                  players={"marquise": {"hand": ["fox:Anvil", "mouse:Sword"]}}, seats=("marquise", "eyrie"))
    play(st, "battle 1 hireling:spring_uprising")
    assert st.decision.kind == "hirelings.toll" and ids(st) == {"toll fox:Anvil"}
    play(st, "toll fox:Anvil")
    assert "fox:Anvil" in [st.card(c).key for c in st.discard]


# -- The Brigand ------------------------------------------------------------------------------------------------
BRIGAND = {"in_play": ["the_brigand"], "control": {"the_brigand": {"controller": "marquise", "markers": 2}}}


def test_the_brigand_setup_puts_the_r_items_under_the_ruins_as_if_the_vagabond_played():
    st = GAME.new(seed=2, players=["marquise", "eyrie"])
    assert not st.ruin_items
    h.setup_hirelings(st, ["the_brigand"])
    st._settle()
    items = sorted(i for v in st.ruin_items.values() for i in v.split(","))
    assert items == ["R-bag", "R-boot", "R-hammer", "R-sword"]


def test_the_brigand_takes_an_item_from_a_ruin_where_the_controller_has_pieces_and_the_empty_ruin_goes():
    st = hire_pos({6: {"warriors": {"marquise": 1}}}, hirelings=BRIGAND, seats=("marquise", "eyrie"))
    under = st.ruin_items["5"]  # dealt at random as the position loads (one "R" item per Autumn ruin)
    assert "hireling the_brigand explore 6" in ids(st) and "hireling the_brigand explore 10" not in ids(st)
    play(st, "hireling the_brigand explore 6")
    assert st.crafted_items["marquise"] == [under[2:]] and "ruin" not in st.buildings[5] and "5" not in st.ruin_items
    assert not any("explore" in o for o in ids(st))  # once per Daylight


def test_the_brigand_exhausts_a_crafted_item_to_take_a_random_card_from_a_player_where_both_have_pieces():
    st = hire_pos({1: {"warriors": {"marquise": 1, "eyrie": 1}}}, hirelings=BRIGAND, seats=("marquise", "eyrie"),
                  players={"marquise": {"items": ["sword"]}, "eyrie": {"hand": ["fox:Anvil"]}})
    play(st, "hireling the_brigand steal eyrie sword")
    assert [st.card(c).key for c in st.hands["marquise"]] == ["fox:Anvil"]
    assert st.crafted_exhausted == {"marquise": ["sword"]}
    assert not any("steal" in o for o in ids(st))  # once per Daylight, and no face-up item is left
    doc = GAME.to_json(st)
    assert GAME.to_json(GAME.from_json(json.loads(json.dumps(doc)))) == doc  # saved and validated


# -- The Exile ---------------------------------------------------------------------------------------------------
EXILE = {"in_play": ["the_exile"], "control": {"the_exile": {"controller": "marquise", "markers": 2}},
         "exile": {"forest": "F1"}}  # Autumn F1 touches clearings 1, 2, 5, 10


def test_the_exile_setup_puts_its_pawn_in_a_forest_with_three_clubs():
    st = GAME.new(seed=2, players=["marquise", "eyrie"])
    h.setup_hirelings(st, ["the_exile"])
    st._settle()
    assert st.decision.kind == "hirelings.setup" and "set up the_exile F3" in ids(st)
    play(st, "set up the_exile F3")
    assert st.view(None)["hirelings"]["exile"] == {"forest": "F3", "items": ["club", "club", "club"], "exhausted": []}


def test_the_exile_moves_for_one_item_battles_for_two_and_refreshes_when_done():
    st = hire_pos({1: {"warriors": {"eyrie": 2}}}, hirelings=EXILE, seats=("marquise", "eyrie"),
                  players={"eyrie": {"hand": []}})
    play(st, "hireling the_exile act")
    assert st.decision.kind == "hirelings.exile"
    assert {"exile move F2", "battle 1 eyrie", "exile done"} <= ids(st)  # F1 and F2 share a path (1-10)
    play(st, "battle 1 eyrie")
    while st.decision.kind != "hirelings.exile":
        st.apply(st.decision.options[0].id)
    roll = event_args(st, "roll")[-1]
    assert roll["attacker"] == LD.replace("last_dynasty", "the_exile") and roll["att_hits"] <= 3
    assert "battle 1 eyrie" not in ids(st) or len(st.fdata["hirelings"]["exile_ready"]) >= 2
    play(st, "exile done")
    d = st.fdata["hirelings"]
    assert d["exile_tired"] == [] and len(d["exile_ready"]) + len(d["exile_gone"]) == 3


def test_the_exile_takes_hits_by_exhausting_then_removing_items():
    st = hire_pos({}, hirelings={**EXILE, "exile": {"forest": "F1", "items": ["club"], "exhausted": ["club"]}})
    h._exile_hits(st, 3, "test")
    d = st.fdata["hirelings"]
    assert d["exile_ready"] == [] and d["exile_tired"] == [] and d["exile_gone"] == ["club", "club"]


def test_the_exile_a_player_next_to_it_gives_an_item_to_draw_a_card_and_score_a_point():
    st = hire_pos({5: {"warriors": {"marquise": 1}}}, hirelings={"in_play": ["the_exile"], "exile": {"forest": "F1"}},
                  seats=("marquise", "eyrie"), players={"marquise": {"items": ["sword"], "vp": 1}})
    assert "aid the exile sword" in ids(st)
    hand = len(st.hands["marquise"])
    play(st, "aid the exile sword")
    assert st.crafted_items["marquise"] == [] and st.vp["marquise"] == 2 and len(st.hands["marquise"]) == hand + 1
    assert st.fdata["hirelings"]["exile_ready"] == ["club", "club", "club", "sword"]


# -- Corvid Spies, Flame Bearers, Furious Protector (the Underworld and Marauder packs) ---------------------------
SPY = "hireling:corvid_spies"
FB = "hireling:flame_bearers"


def test_corvid_spies_place_two_among_enemies_then_battle_in_each_clearing_with_spies():
    spies = {"in_play": ["corvid_spies"], "control": {"corvid_spies": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({1: {"warriors": {SPY: 1, "alliance": 1}}, 5: {"warriors": {"alliance": 2}}}, hirelings=spies,
                  players={"alliance": {"hand": []}})
    play(st, "hireling corvid_spies act")
    assert ids(st) == {"spies place 1", "spies place 5"}  # only clearings with enemy pieces
    play(st, "spies place 5", "spies place 5")
    assert st.warriors[4][SPY] == 2
    # no card to steal (the Alliance's hand is empty): the battles follow by themselves
    assert st.decision.kind == "hirelings.battle" and ids(st) == {"battle 1 alliance", "battle 5 alliance"}
    play(st, "battle 5 alliance")
    while st.decision.kind != "hirelings.battle" and st.decision.kind != "marquise.daylight":
        st.apply(st.decision.options[0].id)
    if st.warriors[0].get(SPY) and st.warriors[0].get("alliance"):
        assert ids(st) == {"battle 1 alliance"}  # each clearing once


def test_corvid_spies_steal_a_random_card_from_each_enemy_in_one_clearing():
    spies = {"in_play": ["corvid_spies"], "control": {"corvid_spies": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({1: {"warriors": {SPY: 1, "alliance": 1}}}, hirelings=spies, seats=("marquise", "alliance"),
                  players={"alliance": {"hand": ["fox:Anvil"]}})
    play(st, "hireling corvid_spies act")  # one clearing with enemy pieces: both Spies go there by themselves
    assert st.warriors[0][SPY] == 3 and ids(st) == {"spies battle", "spies steal 1"}
    play(st, "spies steal 1")
    assert [st.card(c).key for c in st.hands["marquise"]] == ["fox:Anvil"]


def test_flame_bearers_birdsong_burns_one_enemy_piece_per_bearer_warriors_first_then_spreads():
    bearers = {"in_play": ["flame_bearers"], "control": {"flame_bearers": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({1: {"warriors": {FB: 2, "eyrie": 1, "marquise": 1}, "buildings": ["roost"]}},
                  hirelings=bearers, phase="birdsong", seats=("marquise", "eyrie"))
    assert "eyrie" not in st.warriors[0] and "roost" not in st.buildings[0]  # the warrior first, then the roost
    assert st.warriors[0]["marquise"] == 1 and st.vp["marquise"] == 0  # not an enemy; no point (E.3.6)
    assert st.decision.kind == "hirelings.place"
    assert ids(st) == {"place flame_bearers 1", "place flame_bearers 5", "place flame_bearers 9",
                       "place flame_bearers 10"}  # at a Bearer warrior or next to one


SP = "hireling:stoic_protector"
STOIC = {"in_play": ["stoic_protector"], "protector": 1,
         "control": {"stoic_protector": {"controller": "marquise", "markers": 2}}}


def test_stoic_protector_both_sides_of_the_card_are_dealt_at_random_and_it_has_no_setup():
    assert "furious_protector" in h._full_cards() and "stoic_protector" in h.implemented()
    st = GAME.new(seed=3, players=["marquise", "eyrie"])
    h.setup_hirelings(st, ["stoic_protector"])
    st._settle()
    assert st.decision.kind != "hirelings.setup" and "stoic_at" not in st.fdata["hirelings"]  # off the map


def test_stoic_protector_when_hired_goes_into_a_clearing_with_the_controllers_faction_pieces():
    st = hire_pos({3: {"warriors": {"marquise": 1}}, 7: {"buildings": ["sawmill"]}}, phase="evening",
                  players={"marquise": {"vp": 5}}, hirelings={"in_play": ["stoic_protector"], "markers": [8, 12],
                                                           "taken": ["marquise"]})
    while st.decision.kind != "hirelings.hire":
        st.apply(st.decision.options[0].id)
    play(st, "hire stoic_protector")
    assert st.decision.kind == "hirelings.stoic" and ids(st) == {"protector 3", "protector 7"}
    play(st, "protector 7")
    assert st.fdata["hirelings"]["stoic_at"] == 6 and h.view(st)["protector"] == 7


def test_stoic_protector_at_the_start_of_the_controllers_birdsong_must_move_ignoring_rule():
    st = hire_pos({5: {"warriors": {"eyrie": 3}}}, hirelings=STOIC, phase="birdsong", seats=("marquise", "eyrie"))
    assert st.decision.kind == "hirelings.stoic" and ids(st) == {"protector 5", "protector 9", "protector 10"}
    play(st, "protector 5")  # the Eyrie rule clearing 5
    assert st.fdata["hirelings"]["stoic_at"] == 4 and events(st, "stoic_moved")


def test_stoic_protector_enemies_cannot_battle_the_controllers_faction_pieces_in_its_clearing():
    st = hire_pos({1: {"warriors": {"marquise": 2, "eyrie": 2}}, 2: {"warriors": {"marquise": 1, "eyrie": 1}}},
                  hirelings=STOIC, seats=("marquise", "eyrie"))
    from planszowki.games.root.turn import battle_options
    assert {o.id for o in battle_options(st, "eyrie", "4.3")} == {"battle 2 marquise"}
    st = hire_pos({1: {"warriors": {"marquise": 2, "eyrie": 2}}}, hirelings=STOIC, seats=("marquise", "eyrie"))
    assert "battle 1 eyrie" in ids(st)  # the controller may still battle there
    st = hire_pos({1: {"warriors": {"marquise": 2, "eyrie": 2}}}, seats=("marquise", "eyrie"),
                  hirelings={**STOIC, "control": {"stoic_protector": {"controller": "eyrie", "markers": 2}}})
    assert {o.id for o in battle_options(st, "eyrie", "4.3")} == {"battle 1 marquise"}  # only its controller's


def test_stoic_protector_enemies_cannot_remove_the_controllers_pieces_there_not_even_with_battle_hits():
    st = hire_pos({1: {"warriors": {"marquise": 2, "alliance": 1}, "buildings": ["sawmill"]}},
                  hirelings={**STOIC, "in_play": ["stoic_protector", "last_dynasty"]}, seats=("marquise", "alliance"))
    assert st.remove_warriors(0, "marquise", 1, "alliance", "4.3") == 0
    assert st.remove_warriors(0, "marquise", 1, LD, "4.3") == 0  # an uncontrolled hireling is an enemy too
    st.remove_piece(0, "sawmill", "alliance", "4.3")
    assert st.warriors[0]["marquise"] == 2 and "sawmill" in st.buildings[0] and st.vp["alliance"] == 0
    assert st.remove_warriors(0, "marquise", 1, "marquise", "6.4") == 1  # its controller may
    from planszowki.games.root.battle import deal_hits
    deal_hits(st, 0, "marquise", "alliance", 3)  # the defender's hits on the controller attacking there
    assert st.warriors[0]["marquise"] == 1 and "sawmill" in st.buildings[0]
    deal_hits(st, 0, "alliance", "marquise", 1)
    assert "alliance" not in st.warriors[0]


def test_furious_protector_blocks_enemy_placement_and_its_birdsong_move_removes_one_warrior_of_each():
    prot = {"in_play": ["furious_protector"], "protector": 5,
            "control": {"furious_protector": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({1: {"warriors": {"marquise": 2, "eyrie": 2}}}, hirelings=prot, phase="birdsong",
                  seats=("marquise", "eyrie"))
    assert not st.can_place(4, "eyrie") and st.can_place(4, "marquise")
    assert st.decision.kind == "hirelings.protector" and ids(st) == {"protector 1", "protector 2"}
    play(st, "protector 1")
    assert st.warriors[0] == {"marquise": 1, "eyrie": 1}  # one of each player's warriors, the controller's too
    assert st.can_place(4, "eyrie") and not st.can_place(0, "eyrie")


# -- Warm Sun Prophets, Riverfolk Flotilla (the Riverfolk pack) ----------------------------------------------------
WSP = "hireling:warm_sun_prophets"


def test_warm_sun_prophets_setup_puts_one_in_each_clearing_with_a_ruin():
    st = GAME.new(seed=2, players=["marquise", "eyrie"])
    h.setup_hirelings(st, ["warm_sun_prophets"])
    st._settle()
    assert [c + 1 for c in st.map.clearings() if st.warriors[c].get(WSP)] == [6, 10, 11, 12]


def test_warm_sun_prophets_force_a_player_to_battle_there_and_the_player_scores_as_usual():
    prophets = {"in_play": ["warm_sun_prophets"],
                "control": {"warm_sun_prophets": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({3: {"warriors": {WSP: 1, "eyrie": 2}, "buildings": ["sawmill"]}}, hirelings=prophets,
                  seats=("marquise", "eyrie"), players={"marquise": {"hand": []}})
    assert "hireling warm_sun_prophets battle eyrie 3 marquise" in ids(st)
    assert "hireling warm_sun_prophets battle eyrie 3 hireling:warm_sun_prophets" in ids(st)
    play(st, "hireling warm_sun_prophets battle eyrie 3 marquise")
    assert event_args(st, "battle")[-1] == {"faction": "eyrie", "clearing": 3, "defender": "marquise"}
    while not events(st, "battle_end"):
        st.apply(st.decision.options[0].id)
    if "sawmill" not in st.buildings[2]:
        assert st.vp["eyrie"] >= 1  # the Eyrie scored the sawmill they removed (E.3.6: forced battles score)


def test_warm_sun_prophets_force_a_move_of_all_the_warriors_then_maybe_a_battle():
    prophets = {"in_play": ["warm_sun_prophets"],
                "control": {"warm_sun_prophets": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({1: {"warriors": {WSP: 1, "eyrie": 3}}, 5: {"warriors": {"marquise": 1}}}, hirelings=prophets,
                  seats=("marquise", "eyrie"))
    play(st, "hireling warm_sun_prophets move eyrie 1->5")
    assert st.warriors[4]["eyrie"] == 3 and "eyrie" not in st.warriors[0]
    assert st.decision.kind == "hirelings.prophets" and ids(st) == {"prophets battle marquise", "prophets no battle"}
    play(st, "prophets no battle")
    assert st.decision.kind == "marquise.daylight"


def test_riverfolk_flotilla_birdsong_draws_for_players_there_then_moves_along_the_river_and_may_battle():
    flotilla = {"in_play": ["riverfolk_flotilla"], "flotilla": 5,
                "control": {"riverfolk_flotilla": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({5: {"warriors": {"marquise": 1, "eyrie": 1}}, 10: {"warriors": {"eyrie": 2}}},
                  hirelings=flotilla, phase="birdsong", seats=("marquise", "eyrie"))
    assert st.decision.kind == "hirelings.flotilla_draw" and st.decision.player == "marquise"
    hand = len(st.hands["eyrie"])
    play(st, "flotilla draw")
    assert st.decision.player == "eyrie"
    play(st, "flotilla draw")
    assert len(st.hands["eyrie"]) == hand + 1
    # clearing 5 lies on the river only toward 10: the Flotilla goes there by itself, and may battle the Eyrie
    assert st.fdata["hirelings"]["flotilla_at"] == 9
    assert st.decision.kind == "hirelings.battle" and ids(st) == {"battle 10 eyrie", "done"}
    play(st, "battle 10 eyrie")
    while not events(st, "battle_end"):
        st.apply(st.decision.options[0].id)
    roll = event_args(st, "roll")[-1]
    assert roll["att_hits"] == min(max(roll["dice"]), 3) and st.fdata["hirelings"]["flotilla_at"] == 9


# -- Vault Keepers: a hireling's buildings ------------------------------------------------------------------------
VK = "hireling:vault_keepers"
VAULTS = {"in_play": ["vault_keepers"], "control": {"vault_keepers": {"controller": "marquise", "markers": 2}}}


def test_vault_keepers_daylight_a_vault_next_to_a_vault_then_a_warrior_at_each_vault():
    st = hire_pos({5: {"warriors": {VK: 1}, "buildings": ["vault"]}}, hirelings=VAULTS, seats=("marquise", "eyrie"))
    play(st, "hireling vault_keepers act")
    assert ids(st) == {"vault 1", "vault 2", "vault 5", "no vault"}  # clearing 5 has two slots
    play(st, "vault 1")
    assert ids(st) == {"vaults recruit"} or "vaults recruit" in ids(st)
    if st.decision.kind == "hirelings.vaults":
        play(st, "vaults recruit")
    assert st.warriors[4][VK] == 2 and st.warriors[0][VK] == 1  # one Keeper warrior at each vault


def test_vault_keepers_buildings_rule_for_the_controller_and_a_player_removing_one_scores():
    st = hire_pos({3: {"warriors": {"alliance": 1}, "buildings": ["vault"]}, 4: {"buildings": ["vault"]}},
                  hirelings=VAULTS, turn="alliance")
    assert st.ruler(2) is None and st.ruler(3) == "marquise"  # the vaults count for the Marquise (E.3.1)
    st.remove_piece(2, "vault", "alliance", "test")
    assert st.vp["alliance"] == 1  # players score for removing a hireling's building (E.3.6)


def test_vault_keepers_setup_avoids_the_corners():
    st = GAME.new(seed=4, players=["marquise", "eyrie"])
    h.setup_hirelings(st, ["vault_keepers"])
    st._settle()
    assert st.decision.kind == "hirelings.setup"
    assert not {f"set up vault_keepers {c + 1}" for c in st.map.corners} & ids(st)
    play(st, st.decision.options[0].id)
    c = next(c for c in st.map.clearings() if "vault" in st.buildings[c])
    assert st.warriors[c][VK] == 2


def _protector_setup(players: list[str]):
    st = GAME.new(seed=4, players=players)
    h.setup_hirelings(st, ["furious_protector"])
    st._settle()
    assert st.decision.kind == "hirelings.setup"
    return st


def test_a_6_furious_protector_setup_leaves_a_corner_for_each_corner_faction_of_the_line_up():
    """A.6 then A.8 (our reading, :func:`hirelings.spare_corner`): four factions that start in corners need all four
    corners, so the pawn, which keeps enemies from placing there, is set up elsewhere; each faction then finds its
    corner."""
    st = _protector_setup(["marquise", "eyrie", "duchy", "warlord"])
    corners = {f"set up furious_protector {c + 1}" for c in st.map.corners}
    others = {f"set up furious_protector {c + 1}" for c in st.map.clearings() if c not in st.map.corners}
    assert ids(st) == others and not corners & ids(st)
    play(st, st.decision.options[0].id)
    while st.phase == "setup":
        play(st, st.decision.options[-1].id)
    starts = {f: st.fdata[f]["start"] for f in ("eyrie", "duchy", "warlord")} | {"marquise": st.keep_clearing()}
    assert sorted(starts.values()) == sorted(st.map.corners)
    assert st.fdata["hirelings"]["protector_at"] not in st.map.corners


def test_a_6_furious_protector_may_take_a_corner_the_line_up_does_not_need():
    """Three corner factions leave a corner to spare: the pawn may be set up in any clearing, corners too, and the
    factions set up around it."""
    st = _protector_setup(["marquise", "eyrie", "warlord", "alliance"])
    assert ids(st) == {f"set up furious_protector {c + 1}" for c in st.map.clearings()}
    play(st, f"set up furious_protector {st.map.corners[1] + 1}")
    while st.phase == "setup":
        play(st, st.decision.options[0].id)
    taken = {st.keep_clearing(), st.fdata["eyrie"]["start"], st.fdata["warlord"]["start"]}
    assert st.map.corners[1] not in taken and len(taken) == 3


# -- Sunward Expedition: a hireling's tokens -----------------------------------------------------------------------
SE = "hireling:sunward_expedition"
EXPEDITION = {"in_play": ["sunward_expedition"],
              "control": {"sunward_expedition": {"controller": "marquise", "markers": 2}}}


def test_sunward_expedition_a_foothold_and_warriors_then_a_move_and_a_battle_or_recruits():
    st = hire_pos({2: {"warriors": {SE: 2}, "tokens": ["foothold"]}, 6: {"warriors": {"eyrie": 1}}},
                  hirelings=EXPEDITION, seats=("marquise", "eyrie"))
    play(st, "hireling sunward_expedition act")
    assert "foothold 2 x1" not in ids(st) and "foothold 6 x3" in ids(st)  # not where a foothold is
    play(st, "foothold 5 x3")
    assert "foothold" in st.tokens[4] and st.warriors[4][SE] == 3
    assert {"expedition move 2->6 x2", "expedition recruit", "expedition done"} <= ids(st)
    play(st, "expedition move 2->6 x2")
    assert st.decision.kind == "hirelings.battle" and ids(st) == {"battle 6 eyrie", "done"}


def test_sunward_expedition_with_no_foothold_left_one_comes_from_the_map_and_removing_one_scores():
    st = hire_pos({c: {"tokens": ["foothold"], "warriors": {SE: 1}} for c in (1, 2, 3)}, hirelings=EXPEDITION,
                  seats=("marquise", "eyrie"))
    play(st, "hireling sunward_expedition act")
    assert "foothold 1->5 x0" in ids(st) and not any(o.startswith("foothold 5 ") for o in ids(st))
    play(st, "foothold 1->5 x0")
    assert "foothold" not in st.tokens[0] and "foothold" in st.tokens[4]
    st.remove_piece(1, "foothold", "eyrie", "test")
    assert st.vp["eyrie"] == 1  # E.3.6: players score for removing a hireling's token


# -- Street Band ---------------------------------------------------------------------------------------------------
SB = "hireling:street_band"


def test_street_band_enemies_cannot_move_out_of_a_band_clearing_the_turn_they_moved_in():
    band = {"in_play": ["street_band"], "control": {"street_band": {"controller": "eyrie", "markers": 2}}}
    st = hire_pos({1: {"warriors": {"marquise": 3}}, 5: {"warriors": {SB: 1}}}, hirelings=band,
                  seats=("marquise", "eyrie"))
    play(st, "march 1->5 x2")  # March: two moves
    assert not any(o.startswith("move 5->") for o in ids(st))  # moved into the Band's clearing this turn
    assert "move 1->5 x1" in ids(st)


def test_street_band_daylight_puts_a_band_warrior_in_any_clearing():
    band = {"in_play": ["street_band"], "control": {"street_band": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({1: {"warriors": {"marquise": 1}}}, hirelings=band, seats=("marquise", "eyrie"))
    play(st, "hireling street_band place 7")
    assert st.warriors[6][SB] == 1 and not any(o.startswith("hireling street_band") for o in ids(st))


# -- Mole Artisans ---------------------------------------------------------------------------------------------------
def test_mole_artisans_a_crafted_item_card_is_revealed_and_back_in_hand_after_the_evening():
    moles = {"in_play": ["mole_artisans"], "control": {"mole_artisans": {"controller": "marquise", "markers": 2}}}
    st = position({1: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}}, seats=("marquise", "eyrie"),
                  hirelings=moles, players={"marquise": {"hand": ["fox:Anvil"]}}, turn_no=2)
    assert any("fox:Anvil" in o.id for o in st.decision.options)  # 6.2.1: a workshop in a fox clearing
    play(st, next(o.id for o in st.decision.options if "fox:Anvil" in o.id))
    assert st.decision.kind == "hirelings.artisans"
    play(st, "artisans reveal")
    assert st.crafted_items["marquise"] == ["hammer"] and st.view("eyrie")["hirelings"]["artisans"] == {
        "marquise": ["fox:Anvil"]}
    while st.current == "marquise":
        st.apply(next((o.id for o in st.decision.options if o.action in ("end_crafting", "end_daylight", "pass",
                                                                              "continue", "done")),
                      st.decision.options[0].id))
    assert "fox:Anvil" in [st.card(c).key for c in st.hands["marquise"]]
    assert "artisans" not in st.fdata["marquise"]


# -- Popular Band ----------------------------------------------------------------------------------------------------
PB = "hireling:popular_band"


def test_popular_band_draws_a_warrior_from_each_adjacent_clearing_then_may_place_a_band_warrior():
    band = {"in_play": ["popular_band"], "control": {"popular_band": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({5: {"warriors": {PB: 1, "marquise": 1}}, 1: {"warriors": {"eyrie": 2}},
                   2: {"warriors": {"eyrie": 1, "marquise": 1}}}, hirelings=band, seats=("marquise", "eyrie"))
    play(st, "hireling popular_band act")
    assert ids(st) == {"band at 5"}
    play(st, "band at 5")
    assert ids(st) == {"band pull eyrie 1", "band leave 1"}  # clearing 1 first; the Eyrie rule it
    play(st, "band pull eyrie 1")
    assert "band pull marquise 2" in ids(st)  # clearing 2 next (the Marquise rule 5, so the Eyrie may come too)
    play(st, "band leave 2")
    assert st.warriors[4]["eyrie"] == 1 and st.warriors[0]["eyrie"] == 1
    play(st, "band place 9")
    assert st.warriors[8][PB] == 1
    # the Band's ability: the Eyrie, enemies of the Band, moved into clearing 5 this turn (st.turn resets each turn)
    assert not st.can_move_from(4, "eyrie")


# -- Highway Bandits: pieces on paths -------------------------------------------------------------------------------
def test_highway_bandits_an_enemy_moving_along_their_path_loses_a_moving_warrior():
    bandits = {"in_play": ["highway_bandits"], "bandits": ["1-5"],
               "control": {"highway_bandits": {"controller": "alliance", "markers": 2}}}
    st = hire_pos({1: {"warriors": {"marquise": 3}}}, hirelings=bandits)
    play(st, "march 1->5 x2")
    assert st.warriors[4]["marquise"] == 1 and event_args(st, "bandit_toll") == [{"faction": "marquise",
                                                                                  "path": "1-5"}]
    play(st, "move 1->9 x1")  # no bandit on that path
    assert st.warriors[8]["marquise"] == 1


def test_highway_bandits_their_controller_gains_a_warrior_moving_along_their_path_and_places_bandits():
    bandits = {"in_play": ["highway_bandits"], "bandits": ["1-5"],
               "control": {"highway_bandits": {"controller": "marquise", "markers": 2}}}
    st = hire_pos({1: {"warriors": {"marquise": 3}}}, hirelings=bandits)
    assert "hireling highway_bandits place 1-9" in ids(st) and "hireling highway_bandits place 3-7" not in ids(st)
    play(st, "end crafting", "march 1->5 x2")
    assert st.warriors[4]["marquise"] == 3  # two moved, one placed
    play(st, "end march", "hireling highway_bandits place 1-9")
    assert st.view(None)["hirelings"]["bandits"] == ["1-5", "1-9"]


def test_the_terminal_board_shows_the_hirelings_pawns_and_bandits():
    from planszowki.cli import board

    st = hire_pos({}, hirelings={"in_play": ["the_exile", "highway_bandits", "furious_protector"],
                                 "exile": {"forest": "F2"}, "protector": 7, "bandits": ["1-5"]},
                  seats=("marquise", "eyrie"))
    en = board.hirelings_line(st.view(None), "en").plain
    assert "The Exile — forest F2" in en and "Furious Protector — clearing 7" in en
    assert "Highway Bandits — paths 1-5" in en
    st = hire_pos({}, hirelings=STOIC, seats=("marquise", "eyrie"))
    assert "Stoic Protector — clearing 1" in board.hirelings_line(st.view(None), "en").plain


def test_E_2_2_feline_physicians_asks_at_a_corvid_plot_and_never_a_vagabond_controller():
    """"When your warriors are removed": the plot's warriors (13.5.2) are asked about at once; once the card passes to
    a Vagabond, who has no warriors, an earlier removal of another faction's warriors never asks it (it crashed)."""
    from planszowki.games.root.turn import flush_removals

    medics = {"in_play": ["feline_physicians"], "control": {"feline_physicians": {"controller": "corvid",
                                                                                  "markers": 2}}}
    st = hire_pos({5: {"warriors": {"corvid": 1}}, 6: {"warriors": {"corvid": 2}}},
                  seats=("corvid", "vagabond"), turn="corvid", hirelings=medics,
                  players={"corvid": {"hand": ["rabbit:Bake Sale", "mouse:Sword"]},
                           "vagabond": {"hand": ["fox:Anvil"]}})
    play(st, "plot 5 raid")  # clearing 5 is a rabbit clearing
    assert st.decision.kind == "hirelings.physicians" and st.decision.player == "corvid"
    assert ids(st) == {"physicians rabbit:Bake Sale 5", "physicians rabbit:Bake Sale 6", "no physicians"}  # the plot
    play(st, "physicians rabbit:Bake Sale 6")
    assert warriors(st, 6, "corvid") == 3 and warriors(st, 5, "corvid") == 0
    # a removal of the Corvid's warriors still waiting when the card changes hands: the Vagabond is not asked
    st.remove_warriors(5, "corvid", 1, "vagabond", "test")
    st.fdata["hirelings"]["ctl_feline_physicians"] = "vagabond"
    flush_removals(st)
    st._settle()
    assert st.decision.kind != "hirelings.physicians" and "fp" not in st.fdata["hirelings"]
