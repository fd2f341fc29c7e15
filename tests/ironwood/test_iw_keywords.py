"""Słowa kluczowe: every keyword of the glossary as an engine effect, partial resolution, Spend and Burn all or
nothing, and limited components ("Liczba komponentów jest ograniczona": an effect that needs an exhausted component
is ignored)."""

from __future__ import annotations

import pytest
from iw_helpers import IC_BASE, WW_BASE, at, card, check_components, ids, play, pos, who

from planszowki.engine import InvalidPosition
from planszowki.games.ironwood.state import IC, WW


def ww_play(effects, extra_cards=None, hand=(), **doc):
    cards = {"WW20": card(effects, **doc.pop("card_extra", {})), **(extra_cards or {})}
    st = pos(cards, phase="actions", round=2, hands={WW: [*WW_BASE, "WW20", *hand], **doc.pop("hands", {})},
             **doc)
    play(st, "play WW20")
    return st


def ic_play(effects, extra_cards=None, hand=(), **doc):
    cards = {"IC20": card(effects, **doc.pop("card_extra", {})), **(extra_cards or {})}
    st = pos(cards, phase="actions", round=2, actions_taken={WW: 1, IC: 0},
             hands={IC: [*IC_BASE, "IC20", *hand], **doc.pop("hands", {})}, **doc)
    play(st, "play IC20")
    return st


def test_keyword_gain_up_to_n_from_the_pool():
    st = ww_play([{"do": "gain", "n": 3}])
    assert ids(st) == ["gain 3", "gain 2", "gain 1", "skip"]  # a smaller number may be taken
    play(st, "gain 2")
    assert st.crystals[WW] == 2


def test_keyword_gain_limited_crystals():
    st = ww_play([{"do": "gain", "n": 3}], crystals={WW: 0, IC: 58})
    assert ids(st) == ["gain 2", "gain 1", "skip"]
    st = ww_play([{"do": "gain", "n": 3}, {"do": "draw", "n": 1}], crystals={IC: 60})
    assert who(st) == (WW, "iw.draw")  # none left: the Gain is ignored


def test_keyword_take_from_opponents_available_never_cargo():
    st = ww_play([{"do": "take", "n": 2}], crystals={IC: 1}, drill={"at": "auria", "step": 1, "cargo": 2})
    assert ids(st) == ["take 1", "skip"]
    play(st, "take 1")
    assert st.crystals == {WW: 1, IC: 0} and st.cargo == 2


def test_keyword_draw_special_and_vision():
    st = ww_play([{"do": "draw", "n": 2}, {"do": "draw", "n": 1, "deck": "vision"}])
    top = st.deck[WW][-2:]
    assert ids(st) == ["draw 2", "draw 1", "skip"]
    play(st, "draw 2")
    assert set(top) <= set(st.hand[WW])
    vtop = st.vision_deck[-1]
    play(st, "draw 1 vision")
    assert st.visions == [vtop]
    ev = [e for e in st.log if e.kind == "iw.drew_vision"]
    assert ev and ev[-1].seats == (WW,)  # which vision card is private


def test_keyword_draw_vision_clears_the_ironclads_peek():
    st = ww_play([{"do": "draw", "n": 1, "deck": "vision"}])
    st.peek = st.vision_deck[-1]
    play(st, "draw 1 vision")
    assert st.peek is None


def test_keyword_spend_all_or_nothing_then_effects():
    eff = [{"do": "spend", "n": 3, "then": [{"do": "gain", "n": 1}]}, {"do": "draw", "n": 1}]
    st = ww_play(eff, crystals={WW: 2})
    assert who(st) == (WW, "iw.draw")  # 2 < 3: nothing to spend, its effects are not reached
    assert st.crystals[WW] == 2
    st = ww_play(eff, crystals={WW: 4})
    assert ids(st) == ["spend 3", "skip"]
    play(st, "spend 3")
    assert st.crystals[WW] == 1 and ids(st) == ["gain 1", "skip"]
    play(st, "gain 1")
    assert st.crystals[WW] == 2 and who(st) == (WW, "iw.draw")
    st = ww_play(eff, crystals={WW: 4})
    play(st, "skip")  # declined: the effects that depend on it are not resolved either
    assert st.crystals[WW] == 4 and who(st) == (WW, "iw.draw")


def test_keyword_burn_all_or_nothing_no_effect_of_burned_card():
    eff = [{"do": "burn", "n": 2, "then": [{"do": "gain", "n": 2}]}]
    extra = {"WW21": card([{"do": "gain", "n": 5}]), "WW22": card([])}
    st = ww_play(eff, extra, hand=["WW21"])
    assert who(st) == (IC, "iw.turn")  # one special card only: the Burn cannot be resolved whole
    st = ww_play(eff, extra, hand=["WW21", "WW22"])
    assert sorted(ids(st)) == ["burn WW21", "burn WW22", "skip"]  # base cards are never burned
    play(st, "burn WW21")
    assert ids(st) == ["burn WW22"]  # once begun, all of it
    play(st, "burn WW22")
    assert st.discard[WW] == ["WW21", "WW22"]
    play(st, "gain 2")
    assert st.crystals[WW] == 2  # WW21's own effect is not resolved


def test_keyword_burn_vision_card_face_down():
    st = ww_play([{"do": "burn", "n": 1, "cards": "vision", "then": [{"do": "gain", "n": 1}]}],
                 visions=["auria", "cobaltis"])
    assert sorted(ids(st)) == ["burn vision:auria", "burn vision:cobaltis", "skip"]
    play(st, "burn vision:cobaltis")
    assert st.vision_discard == ["cobaltis"] and st.visions == ["auria"] and st.totems == []
    assert "vision_burned" not in st.view(IC)["players"][WW] and st.view(IC)["players"][WW]["vision_discard"] == 1
    assert all("cobaltis" not in str(e.args) for e in st.log if e.visible_to(IC) and e.kind.startswith("iw.burn"))


def test_keyword_burn_on_burn_effect_offered():
    eff = [{"do": "burn", "n": 1, "then": [{"do": "gain", "n": 1}]}, {"do": "draw", "n": 1}]
    extra = {"WW21": card([], on_burn=[{"do": "recruit", "n": 1, "where": "outer_forest"}])}
    st = ww_play(eff, extra, hand=["WW21"])
    play(st, "burn WW21")
    assert who(st) == (WW, "iw.recruit")  # "po spaleniu karty": the burned card's effect
    play(st, "recruit warrior at f9")
    assert at(st, "f9")["ww"] == 1
    assert ids(st) == ["gain 1", "skip"]
    play(st, "gain 1")
    assert who(st) == (WW, "iw.draw")


def test_keyword_recruit_places_and_golems():
    st = ic_play([{"do": "recruit", "n": 2, "where": "forge"}, {"do": "recruit", "n": 1, "unit": "golem",
                                                                 "where": "ferrum"}],
                 locations={"cobaltis": {"site": "forge"}, "chromia": {"site": "foundation"}})
    assert sorted(ids(st)) == ["done", "recruit warrior at cobaltis", "recruit warrior at ferrum"]
    play(st, "recruit warrior at cobaltis", "recruit warrior at cobaltis")
    assert at(st, "cobaltis")["icw"] == 2
    assert ids(st) == ["recruit golem at ferrum", "done"]
    play(st, "recruit golem at ferrum")
    assert at(st, "ferrum")["golems"] == 1


def test_keyword_recruit_limited_golems_ignored():
    st = ic_play([{"do": "recruit", "n": 1, "unit": "golem", "where": "ferrum"}, {"do": "draw", "n": 1}],
                 locations={"auria": {"golems": 4}})
    assert who(st) == (IC, "iw.draw") and at(st, "ferrum")["golems"] == 0


def test_keyword_recruit_woodwalkers_outer_or_controlled_inner():
    st = ww_play([{"do": "recruit", "n": 1, "where": "inner_forest"}], locations={"f3": {"woodwalkers": 1}})
    assert sorted(ids(st)) == ["done", "recruit warrior at f3"]


def test_keyword_remove_units_of_one_bordering_location():
    st = ww_play([{"do": "remove", "n": 2, "where": "adjacent"}],
                 locations={"f1": {"woodwalkers": 1}, "auria": {"ironclad": 1, "golems": 1},
                            "zincur": {"ironclad": 2}, "lithimar": {"ironclad": 1}})
    got = sorted(ids(st))
    assert got == ["done", "remove golem at auria", "remove warrior at auria", "remove warrior at zincur"]
    play(st, "remove golem at auria")  # a golem is removed whole: Remove is not damage
    assert sorted(ids(st)) == ["done", "remove warrior at auria"]  # the same location
    play(st, "remove warrior at auria")
    assert at(st, "auria") == {"ww": 0, "icw": 0, "golems": 0}


def test_keyword_discover_limited_totems():
    st = ww_play([{"do": "discover"}], visions=["auria"], secured=2,
                 locations={"f1": {"woodwalkers": 1}, "f5": {"woodwalkers": 1, "totems": ["full"]}})
    assert ids(st) == ["skip"]  # the three totems are in use: the effect is ignored (asked: visions are secret)


def test_keyword_found_and_build_limited_forge_markers():
    st = ic_play([{"do": "found"}], locations={
        "cobaltis": {"ironclad": 1}, "argentimar": {"site": "forge"}, "chromia": {"site": "forge"},
        "cuprumis": {"site": "foundation"}, "gallimor": {"site": "foundation"}, "plumbarum": {"site": "foundation"}})
    assert who(st) == (WW, "iw.turn")  # five markers in use: no foundation (the lone skip applied itself)
    assert st.site[st.loc("cobaltis")] == 0


def test_keyword_build_without_spending_flips_a_controlled_foundation():
    st = ic_play([{"do": "build"}], locations={"cobaltis": {"ironclad": 1, "site": "foundation"},
                                                "chromia": {"site": "foundation"}})
    assert ids(st) == ["build cobaltis", "skip"]
    play(st, "build cobaltis")
    assert st.outer_forges() == 1


def test_keyword_mark_blockade_and_shelter_stay_while_card_in_play():
    st = ic_play([{"do": "mark", "n": 2, "where": "forest", "meaning": "blockade"}], card_extra={"temporary": 1})
    play(st, "mark f3", "mark f5")
    assert [(st.lid(m[0]), m[1], m[2], m[3]) for m in st.marks] == [("f3", "blockade", IC, "IC20"),
                                                                   ("f5", "blockade", IC, "IC20")]
    assert st.view(WW)["locations"][st.loc("f3")]["marks"] == [["blockade", IC]]


def test_keyword_mark_limited_markers():
    # 30 markers: 28 on cards in play, 2 left for a mark of 3
    st = ic_play([{"do": "mark", "n": 3, "where": "forest", "meaning": "blockade"}],
                 {"IC21": card([], temporary=9), "IC22": card([], temporary=9), "IC23": card([], temporary=9),
                  "WW21": card([], temporary=1)},
                 temporary={IC: [["IC21", 9], ["IC22", 9], ["IC23", 9]], WW: [["WW21", 1]]})
    play(st, "mark f3", "mark f5")
    assert st.supply("marker") == 0 and who(st) == (WW, "iw.turn")


def test_keyword_temporary_card_without_markers_left_is_not_kept():
    st = ic_play([{"do": "gain", "n": 1}], {"IC21": card([], temporary=9), "IC22": card([], temporary=9),
                                            "IC23": card([], temporary=9), "WW21": card([], temporary=3)},
                 card_extra={"temporary": 2},
                 temporary={IC: [["IC21", 9], ["IC22", 9], ["IC23", 9]], WW: [["WW21", 3]]})
    assert st.temporary[IC] == [["IC21", 9], ["IC22", 9], ["IC23", 9]]  # no marker for IC20: it is not kept
    check_components(st)


def test_keyword_resolve_n_distinct_any_order():
    st = ww_play([{"do": "resolve", "n": 2, "choices": [[{"do": "gain", "n": 1}], [{"do": "draw", "n": 1}],
                                                         [{"do": "gain", "n": 3}]]}])
    assert ids(st) == ["choose 1", "choose 2", "choose 3", "done"]
    play(st, "choose 3", "gain 3")
    assert ids(st) == ["choose 1", "choose 2", "done"]  # not the same one twice
    play(st, "choose 1", "gain 1")
    assert st.crystals[WW] == 4 and who(st) == (IC, "iw.turn")


def test_keyword_order_of_effects_as_printed_each_may_be_declined():
    st = ww_play([{"do": "gain", "n": 1}, {"do": "draw", "n": 1}, {"do": "gain", "n": 2}])
    assert who(st) == (WW, "iw.gain") and ids(st)[0] == "gain 1"
    play(st, "skip")
    assert who(st) == (WW, "iw.draw")
    play(st, "skip", "gain 1")  # partly: 1 of 2
    assert st.crystals[WW] == 1 and len(st.hand[WW]) == 3


def test_keyword_this_round_bonus_ends_at_end_of_round():
    st = ww_play([{"do": "fight", "dominance": 2, "scope": "round"}])
    assert st.bonuses == [[WW, 0, 0, 2, "WW20", "round"]]
    for _ in range(5):
        play(st, "pass")
    who(st)
    assert st.bonuses == [] and "WW20" in st.discard[WW]


def test_keyword_temporary_with_on_expire_runs_when_last_marker_goes():
    st = ww_play([{"do": "gain", "n": 1}], card_extra={"temporary": 1, "on_expire": [{"do": "gain", "n": 2}]})
    play(st, "gain 1")
    assert st.temporary[WW] == [["WW20", 1]]
    for _ in range(5):
        play(st, "pass")
    # round 3 preparation: its last marker is removed, its effect offered, the card discarded
    assert who(st) == (WW, "iw.gain") and ids(st)[0] == "gain 2"
    play(st, "gain 2")
    assert st.crystals[WW] == 1 + 1 + 2 and "WW20" in st.discard[WW] and st.temporary[WW] == []


def test_keyword_lure_moves_an_enemy_warband():
    st = ic_play([{"do": "move", "n": 1, "units": "warbands", "enemy": True}],
                 locations={"f1": {"woodwalkers": 3, "totems": ["full"]}})
    assert "lure f1->f3 x2" in ids(st)
    play(st, "lure f1->f3 x2")
    assert at(st, "f1")["ww"] == 1 and at(st, "f3")["ww"] == 2 and st.lid(st.totems[0][0]) == "f1"


@pytest.mark.parametrize("cid,eff", [
    ("IC20", {"do": "draw", "n": 1, "deck": "vision"}), ("IC20", {"do": "discover"}),
    ("IC20", {"do": "burn", "n": 1, "cards": "vision"}), ("IC20", {"do": "attack", "ferrum": True}),
    ("IC20", {"do": "recruit", "n": 1, "where": "outer_forest"}), ("WW20", {"do": "recruit", "n": 1, "where": "forge"}),
    ("WW20", {"do": "move", "units": "drill"}), ("WW20", {"do": "recruit", "n": 1, "unit": "golem"})])
def test_keyword_content_refuses_an_effect_of_the_other_faction(cid, eff):
    with pytest.raises(InvalidPosition, match=f"cards.{cid}.effects"):
        pos({cid: card([eff])})


def test_keyword_remove_does_not_destroy_the_drill():
    # ruling (effects.Remove): only a battle destroys the drill (Zniszczenie Wiertła), not a Remove
    st = ww_play([{"do": "remove", "n": 2, "where": "adjacent"}], drill={"at": "auria", "step": 1, "cargo": 2},
                 locations={"f1": {"woodwalkers": 1}, "auria": {"ironclad": 1}})
    play(st, "remove warrior at auria")
    assert st.drill == st.loc("auria") and st.cargo == 2


def test_keyword_temporary_card_gets_the_markers_there_are():
    st = ic_play([{"do": "gain", "n": 1}], {"IC21": card([], temporary=9), "IC22": card([], temporary=9),
                                            "IC23": card([], temporary=9), "WW21": card([], temporary=2)},
                 card_extra={"temporary": 2},
                 temporary={IC: [["IC21", 9], ["IC22", 9], ["IC23", 9]], WW: [["WW21", 2]]})
    assert st.temporary[IC][-1] == ["IC20", 1] and st.supply("marker") == 0
