"""Mapa i poruszanie się: control, movement basics (once per turn, the exceptions), warbands and warriors, golems,
the drill (its track, unloading, a forge built under it); the roads to victory: foundations and forges, discovering,
carrying, relaying, securing and losing totems."""

from __future__ import annotations

import pytest
from iw_helpers import IC_BASE, WW_BASE, at, card, check_components, ids, kinds, play, pos, who

from planszowki.games.ironwood.state import FORGE, FOUNDATION, IC, WW


def ww_turn(cards, **doc):
    doc.setdefault("hands", {})
    return pos(cards, phase="actions", round=2, **doc)


def ic_turn(cards, **doc):
    return pos(cards, phase="actions", round=2, actions_taken={WW: 1, IC: 0}, **doc)


def moves(st):
    return [o for o in ids(st) if o.startswith(("move", "drill"))]


# -- control -------------------------------------------------------------------------------------------------
def test_map_control_needs_a_combat_unit():
    st = pos(locations={"cobaltis": {"site": "foundation"}, "auria": {"golems": 1}, "f3": {"woodwalkers": 1}},
             drill={"at": "lithimar"})
    assert not st.controls(IC, st.loc("cobaltis"))  # a foundation alone
    assert not st.controls(IC, st.loc("lithimar"))  # the drill alone
    assert st.controls(IC, st.loc("auria"))  # a lone golem is a combat unit
    assert st.controls(WW, st.loc("f3")) and not st.controls(WW, st.loc("auria"))


# -- movement basics -----------------------------------------------------------------------------------------
def test_map_move_warriors_one_by_one_to_adjacent_forests_only():
    st = ww_turn({"WW20": card([{"do": "move", "n": 2, "units": "warriors"}])}, hands={WW: [*WW_BASE, "WW20"]},
                 locations={"f1": {"woodwalkers": 2}})
    play(st, "play WW20")
    assert sorted(m.split()[1] for m in moves(st)) == ["f1->f2", "f1->f3", "f1->f7", "f1->f8"]
    play(st, "move f1->f2", "move f1->f3")  # warriors of one warband may go to different forests
    assert at(st, "f2")["ww"] == 1 and at(st, "f3")["ww"] == 1
    assert who(st) == (IC, "iw.turn")  # two moved: the effect is done


def test_map_move_each_unit_once_per_turn():
    st = ww_turn({"WW20": card([{"do": "move", "n": 2, "units": "warriors"}, {"do": "move", "n": 2,
                                                                              "units": "warriors"}])},
                 hands={WW: [*WW_BASE, "WW20"]}, locations={"f1": {"woodwalkers": 1}, "f5": {"woodwalkers": 1}})
    play(st, "play WW20", "move f1->f2", "done")
    assert not any(m.startswith("move f2->") for m in moves(st))  # it moved this turn
    assert any(m.startswith("move f5->") for m in moves(st))


def test_map_move_again_exception_but_once_per_move_effect():
    # Błyskotliwe duchy: the same warriors may move twice in a turn; each Move effect moves a unit once
    st = ww_turn({"WW20": card([{"do": "move", "n": 2, "units": "warriors"},
                                {"do": "move", "n": 2, "units": "warriors", "again": True}])},
                 hands={WW: [*WW_BASE, "WW20"]}, locations={"f1": {"woodwalkers": 1}})
    play(st, "play WW20", "move f1->f3")
    assert who(st) == (WW, "iw.move") and st.stack[-1]["again"]  # (the first Move has nothing left to move)
    play(st, "move f3->f4")
    assert at(st, "f4")["ww"] == 1
    assert who(st) == (IC, "iw.turn")  # no second step for it in the same effect


def test_map_move_extra_base_card_moves_again():
    # Osłona baldachimu: an extra base card whose Move may move the same warriors again
    st = ww_turn({"WW20": card([{"do": "move", "n": 4, "units": "warriors"}, {"do": "extra", "base_only": True,
                                                                              "again": True}])},
                 hands={WW: [*WW_BASE, "WW20"]}, locations={"f1": {"woodwalkers": 1}})
    play(st, "play WW20", "move f1->f3", "play WW03P")
    assert any(m.startswith("move f3->") for m in moves(st))
    # without "again" the extra card's Move may not
    st = ww_turn({"WW20": card([{"do": "move", "n": 4, "units": "warriors"}, {"do": "extra", "base_only": True}])},
                 hands={WW: [*WW_BASE, "WW20"]}, locations={"f1": {"woodwalkers": 1}})
    play(st, "play WW20", "move f1->f3", "play WW03P")
    assert who(st) != (WW, "iw.move")  # nothing may move: the Move passes by


def test_map_move_warband_part_or_all_to_one_adjacent_mountain():
    st = ic_turn({"IC20": card([{"do": "move", "n": 2, "units": "warbands"}])}, hands={IC: [*IC_BASE, "IC20"]},
                 locations={"auria": {"ironclad": 2, "golems": 1}, "zincur": {"ironclad": 1}})
    play(st, "play IC20")
    got = moves(st)
    assert "move auria->cobaltis 2w1g" in got and "move auria->cobaltis 1w0g" in got
    assert "move auria->cobaltis 0w1g" in got  # golems move in a warband, even without warriors
    assert all(st.board.types[st.loc(m.split()[1].split("->")[1])] == "mountain" for m in got)  # never a forest
    assert {m.split()[1].split("->")[1] for m in got if m.startswith("move auria")} == {"ferrum", "cobaltis",
                                                                                     "argentimar"}
    play(st, "move auria->cobaltis 1w1g")
    got = moves(st)
    assert not any(m.startswith("move auria->") for m in got)  # the rest stays: not by the same effect
    assert not any(m.startswith("move cobaltis->") for m in got)  # moved units do not move again
    play(st, "move zincur->cobaltis 1w0g")
    assert at(st, "cobaltis") == {"ww": 0, "icw": 2, "golems": 1} and at(st, "auria")["icw"] == 1
    assert moves(st) == []  # two warbands moved


def test_map_move_warband_again():
    st = ic_turn({"IC20": card([{"do": "move", "n": 1, "units": "warbands"},
                                {"do": "move", "n": 1, "units": "warbands", "again": True}])},
                 hands={IC: [*IC_BASE, "IC20"]}, locations={"auria": {"ironclad": 2}})
    play(st, "play IC20", "move auria->cobaltis 2w0g", "move cobaltis->zincur 2w0g")
    assert at(st, "zincur")["icw"] == 2


def test_map_move_blockade_mark_keeps_enemy_out():
    st = ww_turn({"WW20": card([{"do": "move", "n": 1, "units": "warriors"}])}, hands={WW: [*WW_BASE, "WW20"]},
                 locations={"f1": {"woodwalkers": 1}}, marks=[["f3", "blockade", IC, "IC13"]])
    play(st, "play WW20")
    assert "move f1->f3" not in moves(st) and "move f1->f2" in moves(st)


# -- the drill -----------------------------------------------------------------------------------------------
DRILL = card([{"do": "move", "units": "drill"}])


def test_map_drill_not_moved_by_warband_moves():
    st = ic_turn({"IC20": card([{"do": "move", "n": 1, "units": "warbands"}])}, hands={IC: [*IC_BASE, "IC20"]},
                 locations={"ferrum": {"ironclad": 1}})
    play(st, "play IC20", "move ferrum->auria 1w0g")
    assert st.drill == st.loc("ferrum")


def test_map_drill_track_first_step_two_crystals_cargo():
    st = ic_turn({"IC20": DRILL}, hands={IC: [*IC_BASE, "IC20"]}, crystals={IC: 1})
    play(st, "play IC20")
    assert sorted(moves(st)) == ["drill ferrum->auria", "drill ferrum->lithimar", "drill ferrum->palladimor",
                                 "drill ferrum->zincur"]
    play(st, "drill ferrum->auria")
    assert st.drill == st.loc("auria") and st.drill_step == 1 and st.cargo == 2
    assert st.crystals[IC] == 1  # cargo is not available


def test_map_drill_track_second_step_crystal_peek_recruit():
    st = ic_turn({"IC20": DRILL}, hands={IC: [*IC_BASE, "IC20"]}, drill={"at": "auria", "step": 1, "cargo": 2})
    top = st.vision_deck[-1]
    play(st, "play IC20", "drill auria->cobaltis")
    assert st.drill_step == 2 and st.cargo == 3
    assert st.peek == top and st.vision_deck[-1] == top  # looked at in secret and put back
    assert st.view(IC)["players"][IC]["vision_top"] == top and "vision_top" not in st.view(WW)["players"][IC]
    assert at(st, "auria")["icw"] == 1  # a warrior recruited on the mountain the drill left


def test_map_drill_track_third_and_later_steps_crystal_and_card():
    st = ic_turn({"IC20": card([{"do": "move", "units": "drill", "times": 2}])}, hands={IC: [*IC_BASE, "IC20"]},
                 drill={"at": "auria", "step": 2, "cargo": 3})
    play(st, "play IC20", "drill auria->cobaltis")
    assert st.drill_step == 3 and st.cargo == 4 and len(st.hand[IC]) == 4
    play(st, "drill cobaltis->zincur")  # the marker stays on the last space and gives its bonuses again
    assert st.drill_step == 3 and st.cargo == 5 and len(st.hand[IC]) == 5


def test_map_drill_unloads_at_a_forge_without_advancing():
    st = ic_turn({"IC20": DRILL}, hands={IC: [*IC_BASE, "IC20"]}, crystals={IC: 1},
                 drill={"at": "auria", "step": 3, "cargo": 5})
    play(st, "play IC20", "drill auria->ferrum")  # Ferrum has a forge
    assert st.cargo == 0 and st.drill_step == 0 and st.crystals[IC] == 6 and len(st.hand[IC]) == 3
    st = ic_turn({"IC20": DRILL}, hands={IC: [*IC_BASE, "IC20"]}, drill={"at": "auria", "step": 1, "cargo": 2},
                 locations={"cobaltis": {"site": "forge"}})
    play(st, "play IC20", "drill auria->cobaltis")
    assert st.cargo == 0 and st.drill_step == 0 and st.crystals[IC] == 2


def test_map_drill_once_per_turn_unless_the_card_says():
    cards = {"IC20": card([{"do": "move", "units": "drill"}, {"do": "move", "units": "drill"}])}
    st = ic_turn(cards, hands={IC: [*IC_BASE, "IC20"]})
    play(st, "play IC20", "drill ferrum->auria")
    assert moves(st) == []  # the second Move of the drill in the same turn is not allowed
    st = ic_turn({"IC20": card([{"do": "move", "units": "drill", "times": 2}])}, hands={IC: [*IC_BASE, "IC20"]})
    play(st, "play IC20", "drill ferrum->auria")
    assert "drill auria->cobaltis" in moves(st)  # Drżenie: twice in the same turn


def test_map_drill_forge_built_under_the_drill_unloads_it():
    st = ic_turn({}, hands={IC: IC_BASE}, crystals={IC: 5}, drill={"at": "cobaltis", "step": 2, "cargo": 3},
                 locations={"cobaltis": {"ironclad": 1, "site": "foundation"}})
    play(st, "play IC03P", "spend 5")
    assert ids(st) == ["build cobaltis", "skip"]
    play(st, "build cobaltis")
    assert st.site[st.loc("cobaltis")] == FORGE and st.cargo == 0 and st.drill_step == 0 and st.crystals[IC] == 3


# -- foundations and forges ----------------------------------------------------------------------------------
def test_win_ironclad_foundation_only_on_controlled_outer_mountain_without_one():
    st = ic_turn({}, hands={IC: IC_BASE}, locations={"cobaltis": {"ironclad": 1}, "argentimar": {"ironclad": 1,
                 "site": "foundation"}, "auria": {"ironclad": 1}, "chromia": {"site": "foundation"}},
                 drill={"at": "gallimor"})
    play(st, "play IC01P", "done")
    assert ids(st) == ["found cobaltis", "skip"]  # not inner, not Ferrum, not uncontrolled, not twice
    play(st, "found cobaltis")
    assert st.site[st.loc("cobaltis")] == FOUNDATION


def test_win_ironclad_build_needs_control_and_five_crystals():
    st = ic_turn({}, hands={IC: IC_BASE}, crystals={IC: 4}, locations={"cobaltis": {"ironclad": 1,
                                                                                 "site": "foundation"}})
    play(st, "play IC03P")
    assert ids(st)[0] != "spend 5"  # not enough: nothing to spend, the Build is not reached
    assert st.site[st.loc("cobaltis")] == FOUNDATION
    st = ic_turn({}, hands={IC: IC_BASE}, crystals={IC: 9}, locations={"cobaltis": {"site": "foundation"}})
    play(st, "play IC03P", "spend 5")
    assert who(st)[1] != "iw.build"  # an uncontrolled foundation: nothing to build (the lone skip applies)


def test_win_ironclad_third_outer_forge_wins_at_once():
    st = ic_turn({}, hands={IC: IC_BASE}, crystals={IC: 5},
                 locations={"cobaltis": {"site": "forge"}, "chromia": {"site": "forge"},
                            "gallimor": {"ironclad": 1, "site": "foundation"}})
    play(st, "play IC03P", "spend 5", "build gallimor")
    assert st.result["winners"] == [IC] and st.result["reason"] == "forges" and st.decision is None


def test_win_ironclad_ferrum_forge_does_not_count():
    st = ic_turn({}, hands={IC: IC_BASE}, crystals={IC: 5},
                 locations={"cobaltis": {"site": "forge"}, "gallimor": {"ironclad": 1, "site": "foundation"}})
    play(st, "play IC03P", "spend 5", "build gallimor")
    assert st.result is None and st.outer_forges() == 2


# -- totems --------------------------------------------------------------------------------------------------
def test_win_woodwalkers_discover_conditions_and_inner_crystals():
    st = ww_turn({}, hands={WW: WW_BASE}, visions=["auria", "cobaltis", "lithimar", "palladimor"],
                 locations={"f1": {"woodwalkers": 1}, "f9": {"woodwalkers": 2}, "f5": {"woodwalkers": 1},
                            "lithimar": {"ironclad": 1}, "palladimor": {"ironclad": 0}},
                 drill={"at": "palladimor"}, crystals={WW: 1})
    play(st, "play WW01P")
    got = ids(st)
    # auria from f1 (inner, bordering); cobaltis borders f1 (inner) and f9/f14 (outer: never from there)
    assert "discover auria from f1" in got and "discover cobaltis from f1" in got
    assert not any("from f9" in o for o in got)
    assert not any(o.startswith("discover lithimar") for o in got)  # controlled by the Ironclad
    assert "discover palladimor from f5" in got  # the drill alone does not control
    play(st, "discover auria from f1")
    assert st.totems == [[st.loc("f1"), 0]] and st.crystals[WW] == 4 and st.vision_shown == ["auria"]
    assert "auria" not in st.visions


def test_win_woodwalkers_discover_outer_mountain_no_crystals():
    st = ww_turn({}, hands={WW: WW_BASE}, visions=["cobaltis"], locations={"f1": {"woodwalkers": 1}})
    play(st, "play WW01P", "discover cobaltis from f1")
    assert st.crystals[WW] == 0 and len(st.totems) == 1


def test_win_woodwalkers_carry_totem_and_relay_within_one_move():
    st = ww_turn({"WW20": card([{"do": "move", "n": 3, "units": "warriors"}])}, hands={WW: [*WW_BASE, "WW20"]},
                 locations={"f1": {"woodwalkers": 1, "totems": ["full"]}, "f2": {"woodwalkers": 1}})
    play(st, "play WW20", "move f1->f2 +totem")
    assert [st.lid(t[0]) for t in st.totems] == ["f2"]
    # the f2 warrior has not moved: the totem is handed over and moves on in the same effect
    assert "move f2->f9 +totem" in ids(st)
    play(st, "move f2->f9 +totem")
    assert st.totems == [] and st.secured == 1  # secured at once in an outer forest
    assert at(st, "f9")["ww"] == 1 and at(st, "f2")["ww"] == 1  # the units stay on the board


def test_win_woodwalkers_one_totem_per_warrior_and_only_unmoved_carry():
    st = ww_turn({"WW20": card([{"do": "move", "n": 3, "units": "warriors"}])}, hands={WW: [*WW_BASE, "WW20"]},
                 locations={"f1": {"woodwalkers": 1, "totems": ["full", "fading"]}})
    play(st, "play WW20")
    assert "move f1->f2 +totem" in ids(st) and "move f1->f2 +fading totem" in ids(st)
    play(st, "move f1->f2 +fading totem")
    assert sorted((st.lid(t[0]), t[1]) for t in st.totems) == [("f1", 0), ("f2", 1)]
    assert not any(o.startswith("move f2") for o in ids(st))  # its carrier has moved; no one to relay to


def test_win_woodwalkers_third_secured_totem_wins_at_once():
    st = ww_turn({"WW20": card([{"do": "move", "n": 1, "units": "warriors"}, {"do": "gain", "n": 1}])},
                 hands={WW: [*WW_BASE, "WW20"]}, secured=2,
                 locations={"f2": {"woodwalkers": 1, "totems": ["fading"]}})
    play(st, "play WW20", "move f2->f9 +fading totem")
    assert st.result["winners"] == [WW] and st.result["reason"] == "totems" and st.decision is None


def test_win_woodwalkers_totem_left_when_warband_removed_then_picked_up():
    cards = {"IC20": card([{"do": "remove", "n": 2, "where": "adjacent"}]),
             "WW20": card([{"do": "move", "n": 3, "units": "warriors"}])}
    st = pos(cards, phase="actions", round=2, actions_taken={WW: 1, IC: 0},
             hands={IC: [*IC_BASE, "IC20"], WW: [*WW_BASE, "WW20"]},
             locations={"f1": {"woodwalkers": 1, "totems": ["full"]}, "auria": {"ironclad": 1},
                        "f2": {"woodwalkers": 1}, "f5": {"woodwalkers": 1}})
    play(st, "play IC20", "remove warrior at f1")
    assert at(st, "f1")["ww"] == 0 and [st.lid(t[0]) for t in st.totems] == ["f1"]  # the totem stays
    assert who(st) == (WW, "iw.turn")  # nothing more to remove there (the lone "done" applied itself)
    play(st, "play WW20", "move f2->f1")
    assert not any(o.startswith("move f1->") for o in ids(st))  # the warrior that came in has moved this turn
    assert "move f5->f3" in ids(st)
    play(st, "move f5->f3")
    assert who(st) == (IC, "iw.turn") and [st.lid(t[0]) for t in st.totems] == ["f1"]
    check_components(st)


@pytest.mark.parametrize("fading", [0, 1])
def test_win_woodwalkers_secure_any_totem_side(fading):
    st = ww_turn({"WW20": card([{"do": "move", "n": 1, "units": "warriors"}])}, hands={WW: [*WW_BASE, "WW20"]},
                 locations={"f8": {"woodwalkers": 1, "totems": ["fading" if fading else "full"]}})
    play(st, "play WW20", "move f8->f14 " + ("+fading totem" if fading else "+totem"))
    assert st.secured == 1 and kinds(st, "iw.totem_secured")[0]["loc"] == "f14"
    assert st.supply("totem") == 2


def test_map_move_example_canopy_cover_then_ravage_moves_the_same_warriors_again():
    """Przykład (Podstawy Poruszania się): Osłona baldachimu moves 4 warriors and lets a base card be played; the
    base card Splądrowanie's "move 5 warriors" may move all or some of those 4 again in the same turn."""
    cards = {"WW20": card([{"do": "move", "n": 4, "units": "warriors"},
                           {"do": "extra", "base_only": True, "again": True}]),
             "WW02P": card([{"do": "resolve", "n": 1, "choices": [[{"do": "move", "n": 5, "units": "warriors"}],
                                                                  [{"do": "gain", "n": 2}]]}])}
    st = ww_turn(cards, hands={WW: [*WW_BASE, "WW20"]}, locations={"f9": {"woodwalkers": 4},
                                                                  "f5": {"woodwalkers": 1}})
    play(st, "play WW20")
    for _ in range(4):
        play(st, "move f9->f2")
    assert who(st) == (WW, "iw.extra") and sorted(ids(st)) == ["play WW01P", "play WW02P", "play WW03P", "skip"]
    play(st, "play WW02P", "choose 1")
    assert "move f2->f1" in ids(st) and "move f5->f3" in ids(st)
    for _ in range(4):
        play(st, "move f2->f1")
    play(st, "move f5->f3")
    assert at(st, "f1")["ww"] == 4 and at(st, "f3")["ww"] == 1 and who(st) == (IC, "iw.turn")
    assert st.slots[WW] == [["WW20", "WW02P"]]
