"""What a card allows "anytime on their turn" after the Evening draw: the Black Market's swap (Appendix F, "once on
their turn") and the Exile's aid (Appendix E) are offered in a window after the draw and before the hand limit
(``turn.anytime``), besides the windows before the draw; Exposure (13.2.4, "before drawing any cards in their
Evening") is not offered there.

Autumn map (printed numbers): 1 fox corner (one slot, no ruin), 5 rabbit; forest F1 touches clearings 1, 2, 5, 10.
"""

from __future__ import annotations

from helpers import event_args, ids, play, position

from planszowki import i18n

MARKET = ["fox:Anvil", "mouse:Sword", "rabbit:Bake Sale"]
HAND = ["fox:Root Tea", "bird:Crossbow", "fox:Tax Collector", "rabbit:Cobbler", "mouse:Investments"]


def hand(st, seat="marquise") -> list[str]:
    return sorted(st.card(c).key for c in st.hands[seat])


def market(st) -> list[str]:
    return [st.card(c).key for c in st.fdata["landmarks"]["market"]]


def market_evening(clearings=None, seats=("marquise", "eyrie"), players=None, **extra):
    """The Marquise at the start of her Evening, a warrior at the Black Market (clearing 1), five cards in hand."""
    doc = {"landmarks": ["black_market"], "black_market": 1, "market": list(MARKET)} | extra
    return position({1: {"warriors": {"marquise": 1}}, 3: {"tokens": ["keep"]}, **(clearings or {})},
                    phase="evening", seats=seats, players={"marquise": {"hand": list(HAND)}, **(players or {})},
                    **doc)


def market_options(st) -> set[str]:
    return {o.id for o in st.decision.options if o.action == "black_market"}


def test_f_black_market_swap_after_the_evening_draw_before_the_hand_limit():
    st = market_evening()
    assert st.decision.kind == "turn.extras" and market_options(st)  # before the draw, as before
    play(st, "continue")
    # 6.6: the Marquise has drawn (six cards), and may still swap before discarding down to five
    assert st.decision.kind == "turn.anytime" and len(st.hands["marquise"]) == 6
    drawn = (set(hand(st)) - set(HAND)).pop()
    assert f"black market {drawn} for 3" in market_options(st) and "continue" in ids(st)
    play(st, f"black market {drawn} for 3")
    assert market(st) == ["fox:Anvil", "mouse:Sword", drawn] and "rabbit:Bake Sale" in hand(st)
    assert event_args(st, "black_market") == [{"faction": "marquise", "slot": 3}]
    # once on their turn: the window closes by itself, and the hand limit follows (6.6)
    assert st.decision.kind == "discard_down" and len(st.hands["marquise"]) == 6
    assert not market_options(st)
    play(st, "discard rabbit:Bake Sale")
    assert st.current == "eyrie" and len(st.hands["marquise"]) == 5


def test_f_black_market_once_per_turn_a_swap_before_the_draw_leaves_none_after_it():
    st = market_evening()
    play(st, "black market fox:Root Tea for 1")
    # neither the rest of the window before the draw nor one after it is shown (the Market was used this turn,
    # which is public): the Marquise draws and discards down to five (6.6)
    assert st.decision.kind == "discard_down" and len(st.hands["marquise"]) == 6 and "fox:Anvil" in hand(st)
    assert len(event_args(st, "black_market")) == 1


def test_f_black_market_swap_after_the_draw_is_offered_to_every_faction():
    """The window is the shared Evening draw's (turn.draw_and_discard), so it follows each faction's draw: the
    Eyrie's (7.6.2) here."""
    st = position({1: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}, turn="eyrie", phase="evening",
                  players={"eyrie": {"hand": list(HAND)}}, landmarks=["black_market"], black_market=1,
                  market=list(MARKET))
    while st.decision.kind != "turn.anytime":
        assert st.decision.player == "eyrie"
        play(st, "continue" if "continue" in ids(st) else st.decision.options[0].id)
    assert len(st.hands["eyrie"]) == 6 and market_options(st)


def test_13_2_4_exposure_is_not_offered_after_the_evening_draw():
    """The Corvids' Exposure comes "before drawing any cards in their Evening": the window after the draw offers the
    Black Market only."""
    st = market_evening({5: {"warriors": {"marquise": 1}, "tokens": ["plot"]}}, seats=("marquise", "corvid"),
                        players={"corvid": {"plots": {"5": "raid"}}})
    assert st.decision.kind == "turn.extras" and "expose 5" in ids(st)  # before the draw (a rabbit card in hand)
    play(st, "continue")
    assert st.decision.kind == "turn.anytime" and st.hand_cards("marquise", "rabbit")
    assert market_options(st) and not any(o.action == "expose" for o in st.decision.options)


def test_f_the_window_after_the_draw_reads_in_both_languages():
    st = market_evening()
    play(st, "continue")
    d = st.decision
    assert i18n.decision_prompt(d, "en", strict=True).startswith("After the Evening draw")
    assert i18n.decision_prompt(d, "pl", strict=True).startswith("Po Wieczornym dobraniu kart")


# -- the Exile (Appendix E) --------------------------------------------------------------------------------------
EXILE = {"in_play": ["the_exile"], "exile": {"forest": "F1"}}


def exile_evening(seat="marquise", clearings=None, items=("sword",), **extra):
    return position(clearings or {5: {"warriors": {seat: 1}}, 3: {"tokens": ["keep"]}}, turn=seat, phase="evening",
                    hirelings=EXILE, players={seat: {"hand": list(HAND), "items": list(items), "vp": 1}}, **extra)


def test_e_the_exile_aid_after_the_evening_draw():
    st = exile_evening(items=("sword", "boot"))
    # no Exposure and no Black Market in this game: the first Evening question is the one after the draw
    assert st.decision.kind == "turn.anytime" and len(st.hands["marquise"]) == 6
    assert {"aid the exile sword", "aid the exile boot", "continue"} == ids(st)
    play(st, "aid the exile sword")
    assert st.vp["marquise"] == 2 and len(st.hands["marquise"]) == 7
    assert st.fdata["hirelings"]["exile_ready"] == ["club", "club", "club", "sword"]
    # anytime: the window asks again while an item is left, then the hand limit (6.6)
    assert ids(st) == {"aid the exile boot", "continue"}
    play(st, "aid the exile boot")
    assert st.decision.kind == "discard_down" and st.decision.args["count"] == 3 and st.vp["marquise"] == 3


def test_e_the_exile_aid_needs_faction_pieces_next_to_its_forest_in_the_evening_too():
    st = exile_evening(clearings={7: {"warriors": {"marquise": 1}}, 3: {"tokens": ["keep"]}})
    assert st.decision.kind == "discard_down"  # nothing to offer after the draw: no window


def test_e_the_exile_aid_at_the_end_of_an_evening_without_a_draw():
    """The Riverfolk draw nothing in their Evening (11.6: discard down to five, set costs): the Exile's aid is
    offered at its end."""
    st = exile_evening("riverfolk", seats=("riverfolk", "marquise"))
    kinds = []
    while st.decision.kind != "turn.extras":
        kinds.append(st.decision.kind)
        play(st, st.decision.options[-1].id)
    assert "riverfolk.prices" in kinds and "aid the exile sword" in ids(st)
    play(st, "aid the exile sword")
    assert st.vp["riverfolk"] == 2
