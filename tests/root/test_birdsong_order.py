"""1.1.3 with 1.4.1: the effects that come "at the start of" Birdsong — buying Riverfolk services (11.2.6), the
Vagabond's Refresh (9.4.1: "Na początku Świtu…"), Better Burrow Bank (4.1.3) — resolve in the order the player
taking the turn chooses; a lone one is not asked about.

Autumn map (printed numbers): 5 rabbit, paths 1–5, 2–5; river 5–10.
"""

from __future__ import annotations

from helpers import event_args, hand, ids, play, position
from vagabond_helpers import plain

VAGABOND_RIVERFOLK = ("marquise", "riverfolk", "vagabond")
MARQUISE_RIVERFOLK = ("marquise", "eyrie", "riverfolk")


def vagabond_birdsong(items, prices=None, riverfolk_hand=("fox:Anvil",)):
    return position({5: {"warriors": {"riverfolk": 1}}}, seats=VAGABOND_RIVERFOLK, turn="vagabond", phase="birdsong",
                    players={"vagabond": {"character": "thief", "where": "5", "items": list(items)},
                             "riverfolk": {"hand": list(riverfolk_hand),
                                           "prices": prices or {"hand": 2, "riverboats": 2, "mercenaries": 2}}})


def test_1_1_3_the_vagabond_orders_refresh_and_services_each_option_citing_its_rule():
    st = vagabond_birdsong(["boot:e", "sword:e", "torch", "crossbow"])
    d = st.decision
    assert (d.player, d.kind, d.rule) == ("vagabond", "turn.start_of_birdsong.order", "root:1.1.3")
    assert {o.id: o.rule for o in d.options} == {"services first": "root:11.2.6", "refresh first": "root:9.4.1"}


def test_1_1_3_9_4_1_11_2_6_vagabond_refreshes_then_buys_with_the_refreshed_items():
    st = vagabond_birdsong(["boot:e", "sword:e", "torch", "crossbow"])
    play(st, "refresh first")
    assert plain(st) == ["boot:r", "crossbow:r", "sword:r", "torch:r"]
    assert st.decision.kind == "riverfolk.services"  # no second question: services are all that is left
    play(st, "buy fox:Anvil", "exhaust boot", "exhaust sword")  # 11.2.6.III: with the items just refreshed
    assert hand(st, "vagabond") == ["fox:Anvil"] and st.fdata["riverfolk"]["payments"] == ["riverfolk"] * 2
    assert plain(st) == ["boot:e", "crossbow:r", "sword:e", "torch:r"]
    assert st.decision.kind == "vagabond.slip"  # 9.4.2 after the start of Birdsong


def test_1_1_3_9_4_1_services_first_then_refresh_flips_the_items_he_paid_with():
    st = vagabond_birdsong(["boot:e", "sword:e", "torch", "crossbow", "tea"])
    play(st, "services first", "buy fox:Anvil", "exhaust torch", "exhaust crossbow")
    # then Refresh alone: two items for the tea on its track and three more, enough for all four exhausted ones
    assert st.decision.kind == "vagabond.slip"
    assert plain(st) == ["boot:r", "crossbow:r", "sword:r", "tea:r", "torch:r"]
    assert event_args(st, "refresh") == [{"faction": "vagabond", "count": 4}]
    assert hand(st, "vagabond") == ["fox:Anvil"]


def test_9_4_1_a_tea_exhausted_to_pay_first_no_longer_counts_for_refresh():
    st = vagabond_birdsong(["boot:e", "sword:e", "torch:e", "crossbow", "tea"])
    play(st, "services first", "buy fox:Anvil", "exhaust tea")  # the crossbow, his last face-up item, follows
    # five exhausted, no tea face up on the track: three refreshes, his choice
    assert st.decision.kind == "vagabond.refresh" and st.decision.args == {"count": 3}


def test_9_4_1_11_2_6_III_a_vagabond_with_no_face_up_item_buys_after_refreshing():
    st = vagabond_birdsong(["boot:e", "sword:e", "torch:e"])
    # nothing to pay with at the start: Refresh alone applies, with no question; then services can be bought
    assert st.decision.kind == "riverfolk.services" and st.decision.player == "vagabond"
    assert plain(st) == ["boot:r", "sword:r", "torch:r"]
    play(st, "buy fox:Anvil", "exhaust torch", "exhaust boot")
    assert hand(st, "vagabond") == ["fox:Anvil"]


def test_1_4_1_a_lone_start_of_birdsong_effect_is_not_asked_about():
    st = vagabond_birdsong(["boot", "sword"], riverfolk_hand=(), prices={"hand": 4, "riverboats": 4, "mercenaries": 4})
    assert st.decision.kind == "vagabond.slip"  # services unaffordable: Refresh alone
    st = position({1: {"warriors": {"marquise": 1}, "tokens": ["keep"]}}, turn="marquise", phase="birdsong",
                  seats=("marquise", "eyrie", "alliance"),
                  players={"marquise": {"crafted": ["rabbit:Better Burrow Bank"]}})
    assert st.decision.kind == "card.better_burrow_bank"  # no Riverfolk: Better Burrow Bank alone


def marquise_bank_and_services():
    return position({1: {"warriors": {"marquise": 1}, "tokens": ["keep"]}}, seats=MARQUISE_RIVERFOLK,
                    turn="marquise", phase="birdsong", deck=["mouse:Sword", "fox:Anvil", "rabbit:Root Tea"],
                    players={"marquise": {"crafted": ["rabbit:Better Burrow Bank"]},
                             "riverfolk": {"hand": [], "prices": {"hand": 1, "riverboats": 1, "mercenaries": 4}}})


def test_1_1_3_better_burrow_bank_first_lets_the_buyer_buy_the_card_the_riverfolk_drew():
    st = marquise_bank_and_services()
    assert st.decision.kind == "turn.start_of_birdsong.order"
    assert {o.id: o.rule for o in st.decision.options} == {"better burrow bank first": "root:4.1.3",
                                                           "services first": "root:11.2.6"}
    play(st, "better burrow bank first", "better burrow bank riverfolk")
    drawn = hand(st, "riverfolk")
    assert len(drawn) == 1 and len(hand(st, "marquise")) == 1
    assert st.decision.kind == "riverfolk.services" and f"buy {drawn[0]}" in ids(st)


def test_1_1_3_services_first_then_better_burrow_bank():
    st = marquise_bank_and_services()
    play(st, "services first")
    assert ids(st) == {"buy riverboats", "buy mercenaries", "done"}  # the Riverfolk hold no card yet
    play(st, "buy riverboats")
    assert st.decision.kind == "card.better_burrow_bank"
    play(st, "better burrow bank eyrie")
    assert len(hand(st, "marquise")) == 1 and len(hand(st, "eyrie")) == 1 and hand(st, "riverfolk") == []
