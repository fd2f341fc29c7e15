"""Chapter 13, the Corvid Conspiracy (Krucza Konspiracja): one scenario per rule, built with positions.

Autumn map (printed numbers): 1 fox, 2 mouse, 3 rabbit, 4 rabbit (corners); 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1–5 1–9 1–10, 2–5 2–6 2–10, 3–6 3–7 3–11, 4–8 4–9 4–12, 6–11,
7–8 7–12, 9–12, 10–12, 11–12. A face-down plot is the token ``plot``; ``players.corvid.plots`` gives its type.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import GAME, canonical, decision_of, event_args, hand, ids, play, position, seed_for, tokens, warriors

from planszowki.engine import IllegalAction, InvalidPosition, Rng
from planszowki.games.root.factions import corvid

SEATS = ("marquise", "eyrie", "corvid")


def pos(clearings=None, *, turn="corvid", phase="daylight", corvid_board=None, marquise=None, eyrie=None, deck=None,
        seats=SEATS, **extra):
    players = {"corvid": dict(corvid_board or {}), "marquise": dict(marquise or {}), "eyrie": dict(eyrie or {})}
    players = {s: p for s, p in players.items() if s in seats}
    if deck is not None:
        extra["deck"] = list(deck)
    return position(clearings, turn=turn, phase=phase, seats=seats, players=players, **extra)


def hidden(st) -> dict[int, str]:
    return {c + 1: k for c, k in enumerate(st.fdata["corvid"]["hidden"]) if k}


# -- 13.2 Faction rules -----------------------------------------------------------------------------
def test_13_2_1_plots_face_up_or_down_craft_in_birdsong():
    st = pos({1: {"warriors": {"corvid": 1}, "tokens": ["plot"]}, 6: {"tokens": ["plot_snare"]}},
             phase="birdsong", corvid_board={"hand": ["fox:Foxfolk Steel"], "plots": {"1": "raid"}})
    assert decision_of(st) == ("corvid", "corvid.craft")
    assert "craft fox:Foxfolk Steel" in ids(st)  # two fox plots pay its two fox
    play(st, "craft fox:Foxfolk Steel")
    assert st.crafted_items["corvid"] == ["sword"]


def test_13_2_3_nimble_corvids_move_where_they_rule_neither_clearing():
    st = pos({5: {"warriors": {"corvid": 1, "marquise": 3}}, 1: {"warriors": {"marquise": 2}}})
    assert "move 5->1 x1" in ids(st) and "move 5->2 x1" in ids(st)
    st2 = pos({5: {"warriors": {"eyrie": 1, "marquise": 3}}, 1: {"warriors": {"marquise": 2}}}, turn="eyrie")
    assert st2.ruler(4) == "marquise"
    from planszowki.games.root.turn import move_options
    assert not any(o.id == "move 5->1 x1" for o in move_options(st2, "eyrie", "4.2"))  # 4.2: others need rule


def test_13_2_4_a_correct_exposure_removes_the_plot_scores_and_ignores_a_raid():
    st = pos({5: {"warriors": {"marquise": 2, "corvid": 1}, "tokens": ["plot"]}}, turn="marquise",
             marquise={"hand": ["rabbit:Bake Sale"]}, corvid_board={"plots": {"5": "raid"}})
    assert "expose 5" in ids(st)
    play(st, "expose 5")
    assert decision_of(st) == ("marquise", "corvid.exposure")
    assert "guess raid with rabbit:Bake Sale" in ids(st) and "cancel" not in ids(st)  # begun, carried out (1.4.2)
    play(st, "guess raid with rabbit:Bake Sale")
    assert tokens(st, 5) == [] and st.vp["marquise"] == 1  # 3.2.1
    assert hand(st, "marquise") == ["rabbit:Bake Sale"]  # a correct guess keeps the card
    assert sum(warriors(st, c, "corvid") for c in (1, 2, 10, 12)) == 0  # the raid's effect is ignored
    assert not event_args(st, "plot_revealed")


def test_13_2_4_no_exposure_where_the_stoic_protector_shields_the_corvids_plot():
    """Appendix E, the Stoic Protector: its controller's enemies cannot remove the controller's pieces in its
    clearing, so a right guess could not remove the plot — no exposure there (the plot lost its type and stayed)."""
    stoic = {"in_play": ["stoic_protector"], "protector": 5,
             "control": {"stoic_protector": {"controller": "corvid", "markers": 2}}}
    clearings = {5: {"warriors": {"marquise": 2, "corvid": 1}, "tokens": ["plot"]},
                 6: {"warriors": {"marquise": 1, "corvid": 1}, "tokens": ["plot"]}}
    st = pos(clearings, turn="marquise", marquise={"hand": ["rabbit:Bake Sale", "fox:Anvil"]},
             corvid_board={"plots": {"5": "raid", "6": "bomb"}}, hirelings=stoic)
    assert "expose 5" not in ids(st) and "expose 6" in ids(st)  # 6 is a fox clearing, away from the Protector
    stoic["control"] = {"stoic_protector": {"controller": "eyrie", "markers": 2}}
    st = pos(clearings, turn="marquise", marquise={"hand": ["rabbit:Bake Sale"]},
             corvid_board={"plots": {"5": "raid", "6": "bomb"}}, hirelings=stoic)
    assert "expose 5" in ids(st)  # it shields only its controller's pieces


def test_13_2_4_a_wrong_exposure_gives_the_card_to_the_corvids_and_is_remembered():
    st = pos({5: {"warriors": {"marquise": 2}, "tokens": ["plot"]}}, turn="marquise",
             marquise={"hand": ["bird:Sappers", "fox:Anvil"]}, corvid_board={"plots": {"5": "bomb"}})
    play(st, "expose 5")
    assert not any("fox:Anvil" in i for i in ids(st))  # 13.2.4: a card matching the clearing (birds wild)
    play(st, "guess snare with bird:Sappers")
    assert hand(st, "corvid") == ["bird:Sappers"] and hand(st, "marquise") == ["fox:Anvil"]
    assert tokens(st, 5) == ["plot"] and st.vp["marquise"] == 0
    assert event_args(st, "exposure_wrong") == [{"faction": "marquise", "clearing": 5, "plot": "snare"}]
    # everyone heard "no"; only the two players saw the card
    for seat in SEATS:
        v = st.view(seat)
        assert v["players"]["corvid"]["board"]["ruled_out"] == {"5": ["snare"]}
        shown = [e for e in v["log"] if e["kind"] == "exposure_card"]
        assert bool(shown) == (seat in ("marquise", "corvid"))
    # the guesser knows where the card went: it stays in the Corvids' hand in its determinizations
    for k in range(5):
        d = GAME.determinize(st, "marquise", Rng(k))
        assert "bird:Sappers" in hand(d, "corvid")
        assert d.fdata["corvid"]["hidden"][4] != "snare"


def test_13_2_4_exposure_needs_a_piece_in_the_clearing_and_the_vagabond_may_try_it():
    st = pos({5: {"tokens": ["plot"]}, 6: {"warriors": {"marquise": 1}}}, turn="marquise",
             marquise={"hand": ["rabbit:Bake Sale"]}, corvid_board={"plots": {"5": "bomb"}})
    assert "expose 5" not in ids(st)
    st = position({5: {"tokens": ["plot"]}}, turn="vagabond", phase="daylight", seats=("vagabond", "corvid"),
                  players={"vagabond": {"character": "thief", "where": "5", "hand": ["rabbit:Bake Sale"],
                                        "items": ["boot:r", "torch:r", "sword:r", "tea:r"]},
                           "corvid": {"plots": {"5": "extortion"}}})
    play(st, "expose 5", "guess extortion with rabbit:Bake Sale")
    assert tokens(st, 5) == [] and st.vp["vagabond"] == 1


def test_13_2_4_exposure_anytime_in_birdsong_at_its_start_and_end():
    st = pos({5: {"warriors": {"marquise": 2}, "tokens": ["plot"]}}, turn="marquise", phase="birdsong",
             marquise={"hand": ["rabbit:Bake Sale", "fox:Anvil"]}, corvid_board={"plots": {"5": "raid"}})
    assert decision_of(st) == ("marquise", "card.birdsong")  # the start of Birdsong
    assert ids(st) == {"expose 5", "continue"}
    play(st, "continue")
    assert decision_of(st) == ("marquise", "card.birdsong")  # the end of Birdsong (after 6.4)
    play(st, "expose 5", "guess bomb with rabbit:Bake Sale")  # wrong: the card goes to the Corvids
    assert hand(st, "corvid") == ["rabbit:Bake Sale"] and tokens(st, 5) == ["plot"]
    # the window asks again: a card is left and the plot is still there (public), though the fox cannot match
    assert decision_of(st) == ("marquise", "card.birdsong") and ids(st) == {"continue"}
    play(st, "continue")
    assert st.phase == "daylight"


def test_13_2_4_exposure_in_the_evening_before_the_draw_not_after():
    st = pos({5: {"warriors": {"marquise": 2}, "tokens": ["plot"]}}, turn="marquise", phase="evening",
             marquise={"hand": ["rabbit:Bake Sale"]}, corvid_board={"plots": {"5": "snare"}},
             deck=["fox:Anvil", "mouse:Sword"])
    assert decision_of(st) == ("marquise", "turn.extras")
    assert ids(st) == {"expose 5", "continue"} and len(st.hands["marquise"]) == 1  # nothing drawn yet
    play(st, "expose 5", "guess snare with rabbit:Bake Sale")
    assert tokens(st, 5) == [] and st.vp["marquise"] == 1
    # no face-down plot left (public): no more questions; the draw follows, then the next turn
    assert len(st.hands["marquise"]) == 2 and st.current == "eyrie"


def test_13_2_4_no_exposure_window_when_public_information_rules_it_out():
    # no Marquise piece where the plot lies: neither the Birdsong windows nor the Evening window are shown
    st = pos({5: {"tokens": ["plot"]}, 6: {"warriors": {"marquise": 1}}}, turn="marquise", phase="evening",
             marquise={"hand": ["rabbit:Bake Sale"]}, corvid_board={"plots": {"5": "snare"}})
    assert st.current == "eyrie" and len(st.hands["marquise"]) == 2
    # a piece there but an empty hand: no window either (the hand size is public)
    st = pos({5: {"warriors": {"marquise": 1}, "tokens": ["plot"]}}, turn="marquise", phase="evening",
             corvid_board={"plots": {"5": "snare"}})
    assert st.current == "eyrie"
    # the Corvids never expose their own plots
    st = pos({5: {"warriors": {"corvid": 1}, "tokens": ["plot"]}}, phase="birdsong",
             corvid_board={"hand": ["rabbit:Bake Sale"], "plots": {"5": "snare"}})
    assert decision_of(st) != ("corvid", "card.birdsong")


def test_13_2_4_an_evening_without_a_draw_allows_exposure_to_its_end():
    st = position({5: {"warriors": {"riverfolk": 1}, "tokens": ["plot"]}}, turn="riverfolk", phase="evening",
                  seats=("riverfolk", "corvid"),
                  players={"riverfolk": {"hand": ["rabbit:Bake Sale"]}, "corvid": {"plots": {"5": "raid"}}})
    play(st, "done")  # 11.6.2 costs; the Riverfolk draw no cards in their Evening
    assert decision_of(st) == ("riverfolk", "turn.extras") and ids(st) == {"expose 5", "continue"}
    play(st, "continue")
    assert st.current == "corvid"


def test_13_2_4_the_window_shows_without_a_matching_card_so_its_presence_leaks_nothing():
    st = pos({5: {"warriors": {"marquise": 1}, "tokens": ["plot"]}}, turn="marquise", phase="evening",
             marquise={"hand": ["fox:Anvil"]}, corvid_board={"plots": {"5": "snare"}})
    assert decision_of(st) == ("marquise", "turn.extras") and ids(st) == {"continue"}


def test_13_2_5_embedded_agents_deal_an_extra_hit_even_defenseless():
    st = pos({5: {"warriors": {"marquise": 3}, "tokens": ["plot"]}}, turn="marquise",
             corvid_board={"plots": {"5": "snare"}}, seed=3)
    play(st, "end crafting", "battle 5 corvid")
    extra = [e for e in event_args(st, "extra_hit") if e["why"] == "embedded_agents"]
    assert extra == [{"faction": "corvid", "why": "embedded_agents"}]
    assert warriors(st, 5, "marquise") <= 2  # the extra hit removes a Marquise warrior
    assert tokens(st, 5) == []  # the defenseless plot fell (4.3.3.II) and was turned over as it left
    assert event_args(st, "plot_revealed") == [{"faction": "corvid", "clearing": 5, "plot": "snare"}]


def test_13_2_5_no_extra_hit_for_a_face_up_plot():
    st = pos({5: {"warriors": {"marquise": 3, "corvid": 1}, "tokens": ["plot_snare"]}}, turn="marquise", seed=3)
    play(st, "end crafting", "battle 5 corvid")
    assert not [e for e in event_args(st, "extra_hit") if e["why"] == "embedded_agents"]


# -- 13.3 Setup -------------------------------------------------------------------------------------
def test_13_3_setup_one_warrior_in_a_clearing_of_each_suit_after_the_keep():
    st = GAME.new(seed=1, players=["corvid", "marquise"], options={"seating": "fixed"})
    while decision_of(st)[0] == "marquise":
        st.apply(st.decision.options[0].id)
    assert decision_of(st) == ("corvid", "corvid.setup.scatter")
    keep = st.keep_clearing()
    assert f"scatter {keep + 1}" not in ids(st)  # 6.2.2
    play(st, "scatter 2")  # mouse
    assert not any(o.args["clearing"] in (7, 9, 11) for o in st.decision.options)
    play(st, "scatter 5", "scatter 6")
    assert st.warriors_on_map("corvid") == 3 and corvid.supply_count(st) == 8
    assert st.view("corvid")["players"]["corvid"]["board"]["supply"] == {p: 2 for p in corvid.PLOTS}


# -- 13.4 Birdsong ----------------------------------------------------------------------------------
def test_13_4_2_flipping_scores_each_face_up_plot_then_bomb_removes_enemies_and_itself():
    st = pos({1: {"warriors": {"corvid": 1, "marquise": 2}, "buildings": ["sawmill"], "tokens": ["plot", "wood"]},
              3: {"tokens": ["plot_snare"]}, 9: {"warriors": {"corvid": 1}, "tokens": ["plot"]}},
             phase="birdsong", corvid_board={"plots": {"1": "bomb", "9": "raid"}})
    assert decision_of(st) == ("corvid", "corvid.flip")
    assert ids(st) == {"flip 1", "flip 9", "end flipping"}
    play(st, "flip 1")
    assert st.vp["corvid"] == 2 + 2  # two face-up plots (snare, bomb); then the bomb's sawmill and wood (3.2.1)
    assert warriors(st, 1, "marquise") == 0 and tokens(st, 1) == [] and st.buildings[0] == []
    assert warriors(st, 1, "corvid") == 1 and corvid.supply_count(st) == 6
    play(st, "flip 9")
    assert st.vp["corvid"] == 4 + 2  # snare and raid face up now (the bomb left)


def test_13_7_3_extortion_takes_a_random_card_from_each_enemy_there_and_draws_in_the_evening():
    st = pos({7: {"warriors": {"corvid": 1, "marquise": 1}, "tokens": ["plot"]},
              8: {"warriors": {"eyrie": 1}}},
             phase="birdsong", corvid_board={"plots": {"7": "extortion"}},
             marquise={"hand": ["fox:Anvil"]}, eyrie={"hand": ["mouse:Sword"]})
    play(st, "flip 7")
    assert hand(st, "corvid") == ["fox:Anvil"] and hand(st, "eyrie") == ["mouse:Sword"]
    taken = [e for e in st.view("eyrie")["log"] if e["kind"] == "card_taken"]
    assert taken == []  # only the Corvids and the victim see which card
    assert st.view("corvid")["players"]["corvid"]["board"]["draw"] == 2  # 13.6.2


def test_13_4_3_recruit_once_with_a_bird_choosing_a_suit():
    st = pos({2: {"warriors": {"marquise": 1}}}, phase="birdsong", corvid_board={"hand": ["bird:Sappers"]},
             marquise={"start": 3}, clearings_keep=None) if False else pos(
        {3: {"tokens": ["keep"], "warriors": {"marquise": 1}}}, phase="birdsong",
        corvid_board={"hand": ["bird:Sappers", "fox:Anvil"]})
    assert decision_of(st) == ("corvid", "corvid.recruit")
    assert {"recruit fox with bird:Sappers", "recruit rabbit with bird:Sappers", "recruit mouse with bird:Sappers",
            "recruit with fox:Anvil", "skip"} == ids(st)
    play(st, "recruit rabbit with bird:Sappers")
    assert [warriors(st, c, "corvid") for c in (3, 4, 5, 10)] == [0, 1, 1, 1]  # not in the keep (6.2.2)
    assert decision_of(st) == ("corvid", "corvid.daylight")


# -- 13.5 Daylight ----------------------------------------------------------------------------------
def test_13_5_2_each_plot_this_turn_costs_one_more_warrior_from_that_clearing():
    st = pos({5: {"warriors": {"corvid": 1}}, 6: {"warriors": {"corvid": 2}}, 7: {"warriors": {"corvid": 3}}})
    assert {"plot 5 bomb", "plot 5 raid", "plot 6 snare", "plot 7 extortion"} <= ids(st)
    play(st, "plot 5 bomb")
    assert warriors(st, 5, "corvid") == 0 and tokens(st, 5) == ["plot"] and hidden(st) == {5: "bomb"}
    assert not any(o.action == "plot" and o.args["clearing"] == 5 for o in st.decision.options)  # 13.2.2.2
    assert "plot 6 bomb" in ids(st) and "plot 7 bomb" in ids(st)
    play(st, "plot 7 bomb")
    assert warriors(st, 7, "corvid") == 1
    assert not any(o.action == "plot" for o in st.decision.options)  # three warriors needed; also 3 actions used
    # the others see only a face-down plot, and no event names its type
    for seat in ("marquise", "eyrie", None):
        v = st.view(seat)
        assert v["players"]["corvid"]["board"]["face_down"] == {"5": None, "7": None}
        assert "bomb" not in json.dumps(v["log"])


def test_13_5_3_three_actions_then_end():
    st = pos({5: {"warriors": {"corvid": 3}}})
    play(st, "move 5->1 x1", "move 1->9 x1", "move 9->4 x1")
    assert ids(st) == {"end daylight"}


def test_13_5_4_trick_swaps_two_plots_of_the_same_facing():
    st = pos({5: {"tokens": ["plot"]}, 6: {"tokens": ["plot"]}, 7: {"tokens": ["plot_snare"]},
              8: {"tokens": ["plot_raid"]}},
             corvid_board={"plots": {"5": "bomb", "6": "raid"}, "not_plot": {"6": ["bomb"]}})
    tricks = {i for i in ids(st) if i.startswith("trick")}
    assert tricks == {"trick 5<->6", "trick 7<->8"}
    play(st, "trick 5<->6")
    assert hidden(st) == {5: "raid", 6: "bomb"}
    assert st.view("eyrie")["players"]["corvid"]["board"]["ruled_out"] == {"5": ["bomb"]}  # the "no" travels
    play(st, "trick 7<->8")
    assert tokens(st, 7) == ["plot_raid"] and tokens(st, 8) == ["plot_snare"]


def test_13_7_2_a_face_up_snare_stops_enemies_placing_in_or_moving_out():
    st = pos({5: {"warriors": {"marquise": 3}, "tokens": ["plot_snare"], "buildings": ["recruiter"]}},
             turn="marquise")
    play(st, "end crafting")
    assert not any(o.action in ("move", "march") and o.args.get("from") == 5 for o in st.decision.options)
    assert "march 5->1 x1" not in ids(st)
    assert not st.can_place(4, "marquise") and st.can_place(4, "corvid")
    assert "recruit" not in ids(st)  # 6.5.3: the only recruiter stands in the snared clearing


def test_9_4_2_the_vagabonds_slip_ignores_a_face_up_snare():
    st = position({5: {"tokens": ["plot_snare"]}}, turn="vagabond", phase="birdsong", seats=("vagabond", "corvid"),
                  players={"vagabond": {"character": "thief", "where": "5",
                                        "items": ["boot:r", "torch:r", "sword:r", "tea:r"]}, "corvid": {}})
    assert decision_of(st) == ("vagabond", "vagabond.slip")
    assert {"slip 1", "slip 2", "slip F1", "stay"} <= ids(st)  # 9.4.2: "ignores ... the Corvids' snare"
    play(st, "slip 1")
    assert st.pawn_clearing("vagabond") == 0


def test_13_7_4_a_raid_removed_in_battle_places_warriors_in_each_adjacent_clearing():
    st = pos({5: {"warriors": {"marquise": 3}, "tokens": ["plot_raid"]}}, turn="marquise", seed=1)
    play(st, "end crafting", "battle 5 corvid")
    assert tokens(st, 5) == []
    assert [warriors(st, c, "corvid") for c in (1, 2)] == [1, 1]  # 5 touches 1 and 2
    assert corvid.supply_count(st) == 8


# -- 13.6 Evening -----------------------------------------------------------------------------------
def test_13_6_1_exert_takes_one_more_action_instead_of_drawing():
    st = pos({5: {"warriors": {"corvid": 2}}}, phase="evening", deck=["fox:Anvil", "mouse:Sword"])
    assert decision_of(st) == ("corvid", "corvid.exert")
    play(st, "exert")
    assert "move 5->1 x2" in ids(st) and "end exert" in ids(st)
    play(st, "move 5->1 x2")
    assert hand(st, "corvid") == [] and st.current == "marquise"


def test_13_6_2_draw_one_plus_one_per_face_up_extortion():
    st = pos({5: {"warriors": {"corvid": 1}, "tokens": ["plot_extortion"]}, 6: {"tokens": ["plot_extortion"]}},
             phase="evening", deck=["fox:Anvil", "mouse:Sword", "rabbit:Bake Sale", "fox:Root Tea"])
    play(st, "draw")
    assert len(hand(st, "corvid")) == 3


# -- perft ------------------------------------------------------------------------------------------
def test_perft_corvid_daylight_options_at_a_fixed_position():
    """Counted by hand: moves 5->1 and 5->2 (x1, x2: 4) and 6->2, 6->3, 6->11 (x1: 3); plots: 5 and 6 with the
    three types left in the supply (6), not 7 (a plot is there); battles: 5 marquise (1); trick: none (one plot);
    no daylight extras; end daylight (1). Total 15."""
    st = pos({5: {"warriors": {"corvid": 2, "marquise": 1}}, 6: {"warriors": {"corvid": 1}},
              7: {"tokens": ["plot"]}, 8: {"tokens": ["plot_extortion"]}},
             corvid_board={"plots": {"7": "extortion"}})
    opts = [o.id for o in st.decision.options]
    assert len(opts) == 15, sorted(opts)
    assert sum(1 for o in opts if o.startswith("plot ")) == 6


# -- positions, saves, views, determinize ----------------------------------------------------------
def test_positions_check_the_plots():
    with pytest.raises(InvalidPosition, match=r"13\.2\.2\.1"):
        pos({5: {"tokens": ["plot"]}})  # no type given
    with pytest.raises(InvalidPosition, match=r"13\.2\.2\.2"):
        pos({5: {"tokens": ["plot", "plot_snare"]}}, corvid_board={"plots": {"5": "bomb"}})
    with pytest.raises(InvalidPosition, match=r"13\.2\.2\b"):
        pos({5: {"tokens": ["plot_bomb"]}, 6: {"tokens": ["plot_bomb"]}, 7: {"tokens": ["plot"]}},
            corvid_board={"plots": {"7": "bomb"}})
    with pytest.raises(InvalidPosition, match=r"13\.2\.4"):
        pos({5: {"tokens": ["plot"]}}, corvid_board={"plots": {"5": "bomb"}, "not_plot": {"5": ["bomb"]}})


def test_save_round_trip_and_determinize_keep_what_each_seat_knows():
    st = pos({5: {"tokens": ["plot"]}, 6: {"tokens": ["plot"]}, 7: {"tokens": ["plot"]}, 8: {"tokens": ["plot_raid"]}},
             corvid_board={"plots": {"5": "bomb", "6": "bomb", "7": "raid"}, "not_plot": {"7": ["snare"]}})
    again = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
    assert canonical(GAME.to_json(again)) == canonical(GAME.to_json(st))
    assert GAME.determinize(st, "corvid", Rng(1)).fdata["corvid"]["hidden"] == st.fdata["corvid"]["hidden"]
    seen = set()
    for k in range(40):
        d = GAME.determinize(st, "eyrie", Rng(k))
        h = d.fdata["corvid"]["hidden"]
        assert canonical(d.view("eyrie")) == canonical(st.view("eyrie"))
        assert h[6] != "snare" and h[7] == "" and all(h[c] for c in (4, 5, 6))
        assert sum(1 for x in h if x == "raid") <= 1  # one raid is face up
        seen.add(tuple(h[4:7]))
    assert len(seen) > 3


def test_determinize_depends_only_on_the_view():
    a = pos({5: {"tokens": ["plot"]}, 6: {"tokens": ["plot"]}}, corvid_board={"plots": {"5": "bomb", "6": "raid"}})
    b = pos({5: {"tokens": ["plot"]}, 6: {"tokens": ["plot"]}}, corvid_board={"plots": {"5": "snare", "6": "snare"}})
    assert canonical(a.view("marquise")) == canonical(b.view("marquise"))
    for k in range(5):
        da, db = GAME.determinize(a, "marquise", Rng(k)), GAME.determinize(b, "marquise", Rng(k))
        assert da.fdata["corvid"]["hidden"] == db.fdata["corvid"]["hidden"]


def test_illegal_plot_is_refused_and_changes_nothing():
    st = pos({5: {"warriors": {"corvid": 1}}})
    before = canonical(GAME.to_json(st))
    with pytest.raises(IllegalAction):
        st.apply("plot 6 bomb")
    assert canonical(GAME.to_json(st)) == before


def test_random_corvid_games_reach_the_end():
    for seed in range(3):
        st = GAME.new(seed=seed, players=["corvid", "marquise", "eyrie", "alliance"])
        rnd = random.Random(seed)
        while st.decision:
            st.apply(rnd.choice(st.decision.options).id)
        assert st.terminal
    assert seed_for  # helpers imported for later scenario searches


# -- Rootlog and the heuristic bot -----------------------------------------------------------------
def test_rootlog_writes_flips_tricks_and_exposure_and_follows_them():
    from planszowki.games.root import rootlog

    st = pos({1: {"warriors": {"corvid": 1}, "tokens": ["plot"]}, 5: {"tokens": ["plot_snare"]},
              6: {"tokens": ["plot_raid"]}}, phase="birdsong", corvid_board={"plots": {"1": "extortion"}})
    play(st, "flip 1")  # nothing else to flip, no card to recruit with: Daylight
    play(st, "trick 5<->6")
    line = rootlog.write(st).strip().splitlines()[-1]
    assert line.startswith("P:") and "t1^t_e" in line and "t5<->t6" in line
    # the replay starts from an empty map (a position's pieces are not in the log): it follows the flip
    tally = rootlog.replay(rootlog.read(rootlog.write(st)), st.map, strict=False)
    assert tally.pieces["1"]["Pt_e"] == 1
    ex = pos({5: {"warriors": {"marquise": 2}, "tokens": ["plot"]}}, turn="marquise",
             marquise={"hand": ["rabbit:Bake Sale"]}, corvid_board={"plots": {"5": "bomb"}})
    play(ex, "expose 5", "guess raid with rabbit:Bake Sale")
    line = rootlog.write(ex).strip().splitlines()[-1]
    assert "#^P/?Pt_r5/#C->P" in line and "bomb" not in rootlog.write(ex)


def test_heuristic_corvids_flip_and_beat_random_opponents():
    from planszowki import bots
    from planszowki.bots.heuristic import heuristic_choice

    st = pos({1: {"warriors": {"corvid": 1}, "tokens": ["plot"]}}, phase="birdsong",
             corvid_board={"plots": {"1": "raid"}})
    assert heuristic_choice(st, "corvid", st.decision, Rng(1)) == "flip 1"
    # an Exposure is tried only when public information pins the type down (13.2.4)
    sure = pos({5: {"warriors": {"marquise": 2}, "tokens": ["plot"], "buildings": ["sawmill", "workshop"]},
                6: {"tokens": ["plot_raid"]},
                7: {"tokens": ["plot_raid"]}}, turn="marquise", marquise={"hand": ["rabbit:Bake Sale"]},
               corvid_board={"plots": {"5": "bomb"}, "not_plot": {"5": ["snare", "extortion"]}})
    play(sure, "end crafting")
    assert heuristic_choice(sure, "marquise", sure.decision, Rng(1)) == "expose 5"
    play(sure, "expose 5")
    assert heuristic_choice(sure, "marquise", sure.decision, Rng(1)) == "guess bomb with rabbit:Bake Sale"
    won = 0
    for seed in range(6):
        st = GAME.new(seed=seed, players=list(SEATS))
        players = {"corvid": bots.make("heuristic", seed), "marquise": bots.make("random", seed),
                   "eyrie": bots.make("random", seed + 1)}
        while not st.terminal:
            st.apply(players[st.decision.player].choose(st, st.decision.player))
        won += "corvid" in st.result["winners"]
    assert won >= 4
