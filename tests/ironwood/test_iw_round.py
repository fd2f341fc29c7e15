"""Kolejność Rundy: I. Preparation (crystals, draw, remove markers / Temporary cards), II. Action phase (3 cards each,
alternating, the Woodwalkers first; the extra card; drawing instead of playing), III. End of round (base cards back,
Temporary cards stay, discard, hand limit 8, totems fade, recruiting)."""

from __future__ import annotations

from iw_helpers import IC_BASE, WW_BASE, at, card, check_components, ids, kinds, play, pos, who

from planszowki.games.ironwood.state import IC, WW

GAIN1 = card([{"do": "gain", "n": 1}])


def test_round_prep_crystals_and_draw_two():
    st = pos(phase="prep", round=3, crystals={WW: 2, IC: 3})
    who(st)
    assert st.round_no == 3
    assert st.crystals == {WW: 3, IC: 5}  # I/1: +1 / +2
    assert len(st.hand[WW]) == 5 and len(st.hand[IC]) == 5  # I/2: 2 specials each, no choice after round 1
    assert [e["seat"] for e in kinds(st, "iw.draw")] == [WW, IC]  # (a step done by both at once: in turn order)


def test_round_prep_crystals_limited_supply():
    # 60 crystals in the box: with 59 out, the Woodwalkers gain the last one and the Ironclad none
    st = pos(phase="prep", round=2, crystals={WW: 30, IC: 29})
    who(st)
    assert st.crystals == {WW: 31, IC: 29}


def test_round_prep_draw_empty_deck_reshuffles_discard():
    cards = {f"WW{n:02d}": GAIN1 for n in range(4, 39)}
    specials = [f"WW{n:02d}" for n in range(4, 39)]
    # every special but one in the discard pile: drawing 2 takes the last card, then the shuffled pile
    st = pos(cards, phase="prep", round=2, discard={WW: specials[1:]})
    who(st)
    assert len(st.hand[WW]) == 5 and len(st.deck[WW]) + len(st.discard[WW]) == 33
    assert st.discard[WW] == [] and kinds(st, "iw.reshuffle")[0]["seat"] == WW
    check_components(st)


def test_round_prep_markers_temporary_expires_in_chosen_order():
    cards = {"IC20": card([], temporary=2, on_expire=[{"do": "gain", "n": 1}]),
             "IC21": card([], temporary=1, on_expire=[{"do": "draw", "n": 1}]),
             "IC22": card([], temporary=1, on_expire=[{"do": "take", "n": 1}]),
             "WW20": card([], temporary=3)}
    st = pos(cards, phase="prep", round=2, crystals={WW: 4},
             temporary={IC: [["IC20", 1], ["IC21", 1], ["IC22", 2]], WW: [["WW20", 2]]})
    # the Woodwalkers' markers first (turn order); nothing of theirs expires
    assert who(st) == (IC, "iw.expire")
    assert st.temporary[WW] == [["WW20", 1]]
    assert st.temporary[IC] == [["IC22", 1]]  # one marker removed from each card
    assert sorted(ids(st)) == ["expire IC20", "expire IC21"]
    play(st, "expire IC21")  # the player decides the order of effects that happen together
    assert who(st) == (IC, "iw.draw")  # IC21's effect is resolved first, then the card discarded
    assert "IC21" in st.discard[IC] and "IC20" not in st.discard[IC]
    play(st, "draw 1")
    # IC20 is the last one left: its turn comes without asking
    assert "IC20" in st.discard[IC]
    assert who(st) == (IC, "iw.gain")
    play(st, "gain 1")
    assert st.crystals[IC] == 2 + 1 and who(st) == (WW, "iw.turn")


def test_round_prep_markers_temporary_card_without_expiry_effect_discarded():
    st = pos({"IC21": card([{"do": "fight", "defense": 1, "scope": "every"}], temporary=1)}, phase="prep",
             round=2, temporary={IC: [["IC21", 1]]})
    assert st.bonuses == [[IC, 0, 1, 0, "IC21", "every"]]
    assert who(st) == (WW, "iw.turn")
    assert st.temporary[IC] == [] and "IC21" in st.discard[IC]
    assert st.bonuses == []  # its "In every fight" ends with it


def test_round_prep_markers_map_markers_of_expired_effects_removed():
    cards = {"IC13": card([{"do": "mark", "n": 1, "where": "forest", "meaning": "blockade"}], temporary=2),
             "IC10": card([{"do": "mark", "n": 1, "where": "mountain", "meaning": "shelter"}], temporary=1)}
    st = pos(cards, phase="prep", round=2, temporary={IC: [["IC13", 2], ["IC10", 1]]},
             marks=[["f3", "blockade", IC, "IC13"], ["auria", "shelter", IC, "IC10"]])
    who(st)
    assert [m[1] for m in st.marks] == ["blockade"]  # IC13 still in play keeps its marker


def test_round_actions_alternate_three_cards_each_woodwalkers_first():
    st = pos(phase="actions", round=2, hands={WW: [*WW_BASE, "WW20"], IC: [*IC_BASE, "IC20"]},
             cards={"WW20": GAIN1, "IC20": GAIN1})
    order = []
    for _ in range(6):
        seat, kind = who(st)
        assert kind == "iw.turn"
        order.append(seat)
        play(st, "pass")
    assert order == [WW, IC, WW, IC, WW, IC]
    who(st)
    assert st.round_no == 3  # after the sixth card the round ends (nothing to decide) and the next begins


def test_round_actions_pass_draws_one_and_marks_the_slot():
    st = pos(phase="actions", round=2)
    markers = st.supply("marker")
    hand = len(st.hand[WW])
    play(st, "pass")
    assert len(st.hand[WW]) == hand + 1 and st.slots[WW] == [["pass"]]
    assert st.supply("marker") == markers - 1
    assert who(st) == (IC, "iw.turn")


def test_round_actions_played_card_goes_to_leftmost_slot_and_resolves():
    st = pos({"WW20": card([{"do": "gain", "n": 2}])}, phase="actions", round=2, hands={WW: [*WW_BASE, "WW20"]})
    play(st, "pass", "pass", "play WW20")
    assert st.slots[WW] == [["pass"], ["WW20"]]
    assert who(st) == (WW, "iw.gain") and ids(st)[0] == "gain 2"
    play(st, "gain 2")
    assert st.crystals[WW] == 2


def test_round_actions_extra_card_after_the_first_cards_effects():
    cards = {"WW20": card([{"do": "extra"}, {"do": "gain", "n": 2}]), "WW21": card([{"do": "draw", "n": 1}])}
    st = pos(cards, phase="actions", round=2, hands={WW: [*WW_BASE, "WW20", "WW21"]})
    play(st, "play WW20")
    # "najpierw rozpatrz efekty pierwszej karty, a następnie zagraj i rozpatrz dodatkową kartę"
    assert who(st) == (WW, "iw.gain")
    play(st, "gain 2")
    assert who(st) == (WW, "iw.extra")
    play(st, "play WW21")
    assert st.slots[WW] == [["WW20", "WW21"]]  # on top of the first card, in the same slot
    play(st, "draw 1")
    assert who(st) == (IC, "iw.turn")  # then the turn ends


def test_round_actions_extra_card_base_only():
    cards = {"IC20": card([{"do": "gain", "n": 1}, {"do": "extra", "base_only": True}]), "IC21": GAIN1}
    st = pos(cards, phase="actions", round=2, actions_taken={WW: 1, IC: 0}, hands={IC: [*IC_BASE, "IC20", "IC21"]})
    play(st, "play IC20", "gain 1")
    assert sorted(ids(st)) == sorted([f"play {c}" for c in IC_BASE] + ["skip"])


def test_round_end_cards_back_discard_and_temporary_stay():
    cards = {"WW20": card([], temporary=2), "WW21": GAIN1, "IC20": GAIN1}
    st = pos(cards, phase="actions", round=2, actions_taken={WW: 2, IC: 2},
             slots={WW: [["WW01P"], ["WW20"]], IC: [["pass"], ["IC02P"]]},
             temporary={WW: [["WW20", 2]]}, hands={WW: ["WW02P", "WW03P", "WW21"], IC: ["IC01P", "IC03P", "IC20"]})
    play(st, "play WW21", "gain 1", "play IC20", "gain 1")
    # end of round: base cards back, WW20 (markers on it) stays in play, WW21 and IC20 discarded
    who(st)
    assert st.round_no == 3  # (round 3 drew 2 each)
    assert set(WW_BASE) <= set(st.hand[WW]) and set(IC_BASE) <= set(st.hand[IC])
    assert len(st.hand[WW]) == 5 and len(st.hand[IC]) == 5
    assert st.temporary[WW] == [["WW20", 1]]  # (next round's markers step removed one)
    assert "WW21" in st.discard[WW] and "IC20" in st.discard[IC] and "WW20" not in st.discard[WW]
    assert st.slots == {WW: [], IC: []}
    check_components(st)


def test_round_end_hand_limit_eight_with_base_cards_without_visions():
    specials = [f"IC{n}" for n in range(20, 26)]
    st = pos({c: GAIN1 for c in specials}, phase="actions", round=2, actions_taken={WW: 3, IC: 2},
             slots={IC: [["pass"], ["pass"]]}, hands={IC: [*IC_BASE, *specials]},
             visions=["auria", "lithimar", "zincur"])
    assert who(st) == (IC, "iw.turn")
    assert len(st.hand[IC]) == 9
    play(st, "pass")  # 10 action cards: 3 base + 7 specials
    assert len(st.hand[IC]) == 10
    assert who(st) == (IC, "iw.hand_limit")
    assert all(o.split()[1] not in IC_BASE for o in ids(st))  # base cards are never discarded
    first = ids(st)[0]
    play(st, first)
    assert who(st) == (IC, "iw.hand_limit")
    play(st, ids(st)[0])
    assert who(st)[1] != "iw.hand_limit"
    assert [e["seat"] for e in kinds(st, "iw.discard")] == [IC, IC]  # down to 8 (then round 3 drew 2)
    assert st.round_no == 3 and len(st.hand[IC]) == 8 + 2
    # the Woodwalkers' vision cards do not count: 3 base + 3 visions is not over the limit
    assert len(st.visions) == 3


def test_round_end_totems_fade_then_leave():
    st = pos(phase="actions", round=2, actions_taken={WW: 3, IC: 3},
             locations={"f3": {"woodwalkers": 1, "totems": ["full"]}, "f5": {"woodwalkers": 1, "totems": ["fading"]}})
    who(st)
    assert [[st.lid(t[0]), t[1]] for t in st.totems] == [["f3", 1]]
    assert kinds(st, "iw.totem_lost")[0]["loc"] == "f5"
    assert st.supply("totem") == 2  # a totem that fades away goes back to the box


def test_round_end_recruit_costs_two_in_turn_order_and_places():
    st = pos(phase="actions", round=2, actions_taken={WW: 3, IC: 3}, crystals={WW: 5, IC: 4},
             locations={"cobaltis": {"ironclad": 1, "site": "forge"}, "plumbarum": {"ironclad": 1,
                                                                                   "site": "foundation"}})
    assert who(st) == (WW, "iw.end_recruit")
    outer = sorted(st.lid(i) for i in st.board.forests() if st.board.rings[i] == "outer")
    assert sorted(o.split()[-1] for o in ids(st) if o != "done") == outer
    play(st, "recruit at f9", "recruit at f9")
    assert st.crystals[WW] == 1 and at(st, "f9")["ww"] == 2
    assert ids(st) == ["done"] or who(st)[0] == IC  # 1 crystal left: no more recruits
    assert who(st) == (IC, "iw.end_recruit")
    assert sorted(o.split()[-1] for o in ids(st) if o != "done") == ["cobaltis", "ferrum"]  # mountains with a forge
    play(st, "recruit at cobaltis", "recruit at ferrum")
    assert at(st, "cobaltis")["icw"] == 2 and at(st, "ferrum")["icw"] == 1
    assert st.round_no == 3 and st.crystals[IC] == 0 + 2  # (round 3's income)


def test_round_end_recruit_limited_warriors():
    st = pos(phase="actions", round=2, actions_taken={WW: 3, IC: 3}, crystals={WW: 9},
             locations={"f9": {"woodwalkers": 29}})
    assert who(st) == (WW, "iw.end_recruit")
    play(st, "recruit at f10")
    # the supply is out: no more recruiting (the lone "done" applies itself)
    assert sum(st.ww) == 30 and st.crystals[WW] == 7 + 1 and who(st) == (WW, "iw.turn")


def test_round_actions_pass_with_no_marker_left_still_draws():
    cards = {"IC21": card([], temporary=9), "IC22": card([], temporary=9), "IC23": card([], temporary=9),
             "WW21": card([], temporary=3)}
    st = pos(cards, phase="actions", round=2, temporary={IC: [["IC21", 9], ["IC22", 9], ["IC23", 9]],
                                                         WW: [["WW21", 3]]})
    assert st.supply("marker") == 0
    hand = len(st.hand[WW])
    play(st, "pass")
    assert len(st.hand[WW]) == hand + 1 and st.slots[WW] == [["pass"]] and st.supply("marker") == 0
    check_components(st)


def test_round_actions_extra_card_none_to_play_passes_by():
    cards = {"WW20": card([{"do": "extra", "base_only": True}]), "WW21": GAIN1}
    st = pos(cards, phase="actions", round=2, slots={WW: [["WW01P"], ["WW02P", "WW03P"]], IC: [["pass"], ["pass"]]},
             hands={WW: ["WW20", "WW21"]})
    play(st, "play WW20")  # no base card in hand (public): nothing to ask
    assert who(st) == (IC, "iw.turn") and st.slots[WW][-1] == ["WW20"]


def test_round_actions_illegal_option_refused_state_unchanged():
    from iw_helpers import GAME

    from planszowki.engine import IllegalAction

    st = pos(phase="actions", round=2)
    assert who(st) == (WW, "iw.turn")
    before = GAME.to_json(st)
    try:
        st.apply("play IC01P")  # not the Woodwalkers' card, not their turn
    except IllegalAction as exc:
        assert exc.rule == "ironwood:round.actions" and exc.legal_count == len(ids(st))
    else:
        raise AssertionError("an illegal option was applied")
    assert GAME.to_json(st) == before
