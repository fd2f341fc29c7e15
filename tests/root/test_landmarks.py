"""Appendix F, Landmarks: the Tower and the Ferry (the variant maps' pieces and their landmark cards), where
Advanced Setup step A.5.3 may place them, F's Safety and Ownership, and the Landmarks Pack's four refused by
name until they are implemented."""

from __future__ import annotations

import pytest
from helpers import GAME, event_args, ids, play, position, warriors

from planszowki.engine import InvalidPosition, UnsupportedSetup
from planszowki.games.root import landmarks as lm

PACK = ("black_market", "elder_treetop", "legendary_forge", "lost_city")


def test_f_every_landmark_card_is_described_with_its_sources():
    cat = lm.catalog()
    assert set(cat) == {"tower", "ferry", *PACK}
    for name, card in cat.items():
        assert card["name"]["en"] and card["name"]["pl"] and card["setup"] and card["effect"]
        assert len(card["sources"]) >= 2, name
        assert card["implemented"] == (name in lm.PLAYABLE)


@pytest.mark.parametrize("name", PACK)
def test_f_a_landmark_not_implemented_is_refused_by_name(name):
    with pytest.raises(UnsupportedSetup, match=lm.catalog()[name]["name"]["en"]):
        GAME.new(seed=1, players=["marquise", "eyrie"], options={"setup": "advanced", "landmarks": [name]})


def test_f_tower_landmark_scores_its_ruler_at_the_end_of_evening():
    # the Tower landmark in clearing 6 of Autumn (a ruin clearing); the Marquise rule it; her Evening (draw, no
    # discard) runs to its end when the position loads
    st = position({6: {"warriors": {"marquise": 2}}, 1: {"tokens": ["keep"]}}, turn="marquise", phase="evening",
                  landmarks=["tower"], tower=6)
    assert st.vp["marquise"] == 1 and st.current == "eyrie"
    assert event_args(st, "score") == [{"faction": "marquise", "delta": 1, "total": 1, "why": "the_pass"}]


def test_f_tower_landmark_does_not_score_without_rule():
    st = position({6: {"warriors": {"marquise": 1, "eyrie": 2}}, 1: {"tokens": ["keep"]}}, turn="marquise",
                  phase="evening", landmarks=["tower"], tower=6)
    assert st.current == "eyrie" and not event_args(st, "score")


def test_f_ferry_landmark_on_autumn_crosses_a_river_and_the_mover_draws():
    # Autumn's rivers: 4–7, 5–10, 7–11, 10–11; the Ferry landmark in clearing 10
    st = position({10: {"warriors": {"marquise": 3}}, 1: {"tokens": ["keep"]}}, landmarks=["ferry"], ferry=10)
    play(st, "end crafting")
    ferry = {o.id for o in st.decision.options if o.args.get("ferry")}
    assert ferry == {f"march 10->{b} x{k} ferry" for b in (5, 11) for k in (1, 2, 3)}
    hand = len(st.hands["marquise"])
    play(st, "march 10->5 x2 ferry")
    assert warriors(st, 5, "marquise") == 2 and st.ferry == 4 and len(st.hands["marquise"]) == hand + 1
    assert st.view(None)["ferry"] == {"clearing": 5, "used": True}
    assert not any(o.args.get("ferry") for o in st.decision.options)  # once per turn


def test_f_safety_a_battle_in_the_tower_clearing_leaves_the_tower():
    st = position({6: {"warriors": {"marquise": 3, "eyrie": 1}}, 1: {"tokens": ["keep"]}}, landmarks=["tower"],
                  tower=6)
    play(st, "end crafting", "battle 6 eyrie")
    while st.decision is not None and st.decision.kind != "marquise.actions":
        st.apply(st.decision.options[0].id)
    assert st.tower == 5 and "tower" not in st.buildings[5] + st.tokens[5]


def test_f_ownership_a_landmark_counts_for_no_one_in_rule():
    st = position({6: {"warriors": {"eyrie": 1}}, 1: {"tokens": ["keep"]}}, landmarks=["tower"], tower=6)
    assert st.ruler(5) == "eyrie"
    empty = position({1: {"tokens": ["keep"]}}, landmarks=["tower"], tower=6)
    assert empty.ruler(5) is None


def test_a_5_3_tower_goes_to_a_ruin_clearing_and_ferry_to_a_river_apart_from_other_landmarks():
    st = GAME.new(seed=2, players=["marquise", "eyrie"], options={"setup": "advanced", "landmarks": ["tower"]})
    ruins = [c for c in range(12) if "ruin" in st.buildings[c]]
    assert sorted(lm.clearings_for(st, "tower")) == ruins
    st.tower = 6  # clearing 7 has a landmark now
    ferry = lm.clearings_for(st, "ferry")
    assert all(st.map.rivers[c] for c in ferry)
    assert 6 not in ferry and not any(c in st.adj[6] for c in ferry)  # not in, nor next to, a landmark


def test_position_landmark_fields_are_checked():
    with pytest.raises(InvalidPosition, match="river"):
        position({1: {"tokens": ["keep"]}}, landmarks=["ferry"], ferry=1)  # clearing 1 of Autumn has no river
    with pytest.raises(InvalidPosition, match="no Tower"):
        position({1: {"tokens": ["keep"]}}, tower=6)
    with pytest.raises(InvalidPosition, match="Lost City"):
        position({1: {"tokens": ["keep"]}}, landmarks=["lost_city"])


def test_landmarks_round_trip_through_a_save():
    st = position({10: {"warriors": {"marquise": 3}}, 1: {"tokens": ["keep"]}}, landmarks=["ferry", "tower"],
                  ferry=10, tower=6)
    back = GAME.from_json(GAME.to_json(st))
    assert (back.ferry, back.tower, back.landmarks) == (9, 5, ("ferry", "tower"))
    assert back.view(None)["landmarks"] == [{"landmark": "ferry", "clearing": 10}, {"landmark": "tower", "clearing": 6}]
    assert "march 10->5 x1 ferry" in ids(play(back, "end crafting"))
