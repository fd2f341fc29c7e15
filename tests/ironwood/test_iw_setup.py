"""Przygotowanie do rozgrywki (setup), the hidden first vision, the starting warriors for a less experienced player,
and I/2's first-round "draw 4, keep 2"."""

from __future__ import annotations

import pytest
from iw_helpers import GAME, IC_BASE, WW, WW_BASE, at, check_components, ids, play, who

from planszowki.engine import UnsupportedSetup
from planszowki.games.ironwood.state import IC


def test_setup_pieces_on_the_board():
    st = GAME.new(seed=3)
    b = st.board
    for i in b.forests():
        assert st.ww[i] == (2 if b.rings[i] == "outer" else 0)  # 2 warriors on each outer forest
    for i in b.mountains():
        want = 1 if i == b.ferrum else (3 if b.rings[i] == "inner" else 0)
        assert st.icw[i] == want and st.golems[i] == 0
    assert st.drill == b.ferrum and st.drill_step == 0 and st.cargo == 0
    assert st.site[b.ferrum] == 2 and st.outer_forges() == 0  # Ferrum's forge does not count towards the three
    assert sorted(st.hand[WW]) == WW_BASE and sorted(st.hand[IC]) == IC_BASE
    assert len(st.deck[WW]) == 35 and len(st.deck[IC]) == 35
    assert st.crystals == {WW: 0, IC: 0} and st.totems == [] and st.secured == 0
    check_components(st)


def test_setup_vision_first_card_is_one_of_the_four_inner_and_hidden():
    seen = set()
    for seed in range(30):
        st = GAME.new(seed=seed)
        assert len(st.visions) == 1 and st.visions[0] in st.content.vision_inner
        seen.add(st.visions[0])
        # the other three inner cards are shuffled into the deck with the outer ones
        deck = sorted(st.vision_deck)
        assert deck == sorted(set(st.content.vision_inner + st.content.vision_outer) - set(st.visions))
        assert st.view(WW)["players"][WW]["vision_hand"] == st.visions
        assert "vision_hand" not in st.view(IC)["players"][WW]
        assert st.view(IC)["players"][WW]["visions"] == 1
        first = [e for e in st.log if e.kind == "iw.first_vision"]
        assert len(first) == 1 and first[0].seats == (WW,)
    assert seen == set(GAME.new(seed=0).content.vision_inner)  # each of the four can be drawn


def test_setup_handicap_extra_warriors_chosen_by_the_player():
    st = GAME.new(seed=2, options={"handicap": {"woodwalkers": 2, "ironclad": 4}})
    assert who(st) == (WW, "iw.handicap")
    outer = [st.lid(i) for i in st.board.forests() if st.board.rings[i] == "outer"]
    assert sorted(o.split()[-1] for o in ids(st)) == sorted(outer)
    play(st, "place at f9")
    assert "place at f9" not in ids(st)  # one warrior per forest
    play(st, "place at f10")
    assert at(st, "f9")["ww"] == 3 and at(st, "f10")["ww"] == 3
    assert who(st) == (IC, "iw.handicap")
    inner = [st.lid(i) for i in st.board.mountains() if st.board.rings[i] == "inner"]
    assert sorted(o.split()[-1] for o in ids(st)) == sorted(inner)
    for m in inner:
        play(st, f"place at {m}")
    for m in inner:
        assert at(st, m)["icw"] == 4
    assert who(st)[1] == "iw.first_draw"


@pytest.mark.parametrize("bad", [{"woodwalkers": 5}, {"ironclad": -1}, {"elves": 1}])
def test_setup_handicap_up_to_four(bad):
    with pytest.raises(UnsupportedSetup):
        GAME.new(seed=1, options={"handicap": bad})


def test_round_prep_draw_first_round_draw_4_keep_2():
    st = GAME.new(seed=5)
    assert who(st) == (WW, "iw.first_draw")  # turn order: the Woodwalkers first
    # I/1 first: 1 crystal to the Woodwalkers, 2 to the Ironclad
    assert st.crystals == {WW: 1, IC: 2}
    assert ids(st) == ["draw 2", "draw 4 keep 2"]
    top4 = st.deck[WW][-4:]
    play(st, "draw 4 keep 2")
    assert sorted(st.hand[WW]) == sorted(WW_BASE + top4)
    ret = [o for o in ids(st) if o.startswith("return")]
    assert sorted(r.split()[1] for r in ret) == sorted(top4)
    play(st, f"return {top4[0]}")
    assert f"return {top4[0]}" not in ids(st)
    play(st, f"return {top4[1]}")
    assert sorted(st.hand[WW]) == sorted(WW_BASE + top4[2:])
    assert len(st.deck[WW]) == 33 and top4[0] in st.deck[WW] and top4[1] in st.deck[WW]
    assert who(st) == (IC, "iw.first_draw")
    play(st, "draw 2")
    assert len(st.hand[IC]) == 5 and len(st.deck[IC]) == 33
    assert who(st) == (WW, "iw.turn")
    check_components(st)


def test_round_prep_draw_option_two_draws_two_without_asking():
    st = GAME.new(seed=5, options={"first_draw": "two"})
    assert who(st) == (WW, "iw.turn")
    assert len(st.hand[WW]) == 5 and len(st.hand[IC]) == 5


def test_setup_handicap_limited_warriors():
    content = {"components": {"woodwalkers_warriors": 13, "ironclad_warriors": 30, "golems": 4, "forges": 5,
                              "totems": 3, "markers": 30, "crystals": 60}}
    st = GAME.new(seed=2, options={"content": content, "handicap": {"woodwalkers": 3}})
    play(st, "place at f9")  # the 13th warrior: none left for the other two
    assert who(st) == (WW, "iw.first_draw") and sum(st.ww) == 13
