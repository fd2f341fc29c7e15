"""Chapter 8, the Woodland Alliance (Sojusz Stworzeń Leśnych): one scenario per rule, built with positions.

Autumn map (printed numbers): 1 fox, 2 mouse, 3 rabbit, 4 rabbit (corners); 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1–5 1–9 1–10, 2–5 2–6 2–10, 3–6 3–7 3–11, 4–8 4–9 4–12, 6–11,
7–8 7–12, 9–12, 10–12, 11–12. Slots: 1, 3, 4 have one; 11 has three; the others two (6, 10, 11, 12 hold a ruin).
"""

from __future__ import annotations

import pytest
from helpers import (
    GAME,
    buildings,
    canonical,
    decision_of,
    discard_keys,
    event_args,
    events,
    hand,
    ids,
    option_list,
    play,
    position,
    seed_for,
    tokens,
    warriors,
)

from planszowki.engine import IllegalAction, InvalidPosition, Rng
from planszowki.games.root.factions.alliance import SPREAD_COST, SYMPATHY_VP

SEATS = ("marquise", "eyrie", "alliance")
#: The Law's Sympathy track (8.4.2.II–III): supporters printed above, and VP under, each of the 10 tokens.
TRACK_COST = (1, 1, 1, 2, 2, 2, 3, 3, 3, 3)
TRACK_VP = (0, 1, 1, 1, 2, 2, 3, 4, 4, 4)
#: An order of clearings in which each one is adjacent to an earlier one (to lay sympathy along).
CHAIN = (1, 5, 2, 10, 12, 4, 9, 8, 7, 11, 6, 3)
FILLER = ["rabbit:Cobbler", "mouse:Sword", "fox:Anvil", "rabbit:Bake Sale", "mouse:Crossbow", "fox:Travel Gear"]


def pos(clearings=None, *, turn="alliance", phase="daylight", alliance=None, marquise=None, eyrie=None,
        deck=None, **extra):
    """A three-player position; the Alliance's ``supporters`` and ``officers`` go in ``alliance``."""
    players = {"alliance": dict(alliance or {}), "marquise": dict(marquise or {}), "eyrie": dict(eyrie or {})}
    if deck is not None:  # otherwise every card not mentioned, shuffled
        extra["deck"] = list(deck)
    return position(clearings, turn=turn, phase=phase, seats=SEATS, players=players, **extra)


def supporters(st) -> list[str]:
    return sorted(st.card(c).key for c in st.fdata["alliance"]["supporters"])


def officers(st) -> int:
    return st.fdata["alliance"]["officers"]


def kinds(st, seat=None) -> list[str]:
    return [e.kind for e in st.log if seat is None or e.visible_to(seat)]


# -- 8.2.1 Crafting ----------------------------------------------------------------------------------
def test_8_2_1_and_8_5_1_the_alliance_crafts_in_daylight_by_activating_sympathy_tokens():
    st = pos({1: {"tokens": ["sympathy"]}, 2: {"tokens": ["sympathy"]}, 8: {"buildings": ["base_fox"]}},
             alliance={"hand": ["fox:Anvil", "bird:Crossbow", "mouse:Sword", "rabbit:A Visit to Friends",
                                "mouse:Codebreakers"]})
    crafts = {o for o in ids(st) if o.startswith("craft")}
    # one fox piece (clearing 1) and one mouse piece (clearing 2); the base and the hand are no pieces
    assert crafts == {"craft fox:Anvil", "craft bird:Crossbow", "craft mouse:Codebreakers"}
    play(st, "craft fox:Anvil")
    assert st.crafted_items["alliance"] == ["hammer"] and st.vp["alliance"] == 2
    # the fox sympathy is activated: nothing else costing fox this turn
    assert {o for o in ids(st) if o.startswith("craft")} == {"craft mouse:Codebreakers"}


# -- 8.2.2 Guerrilla War -----------------------------------------------------------------------------
def _marquise_attacks(seed):
    st = pos({5: {"warriors": {"marquise": 5, "alliance": 5}}}, turn="marquise", seed=seed)
    play(st, "end crafting", "battle 5 alliance")
    return st


def test_8_2_2_guerrilla_war_the_defending_alliance_deals_the_higher_roll():
    seed = seed_for(_marquise_attacks, lambda st: len(set(event_args(st, "roll")[0]["dice"])) == 2)
    st = _marquise_attacks(seed)
    roll = event_args(st, "roll")[0]
    lo, hi = sorted(roll["dice"])
    assert roll["attacker"] == "marquise" and roll["defender"] == "alliance"
    assert roll["att_hits"] == lo and roll["def_hits"] == hi  # attacker the lower, Alliance the higher
    assert warriors(st, 5, "marquise") == 5 - hi and warriors(st, 5, "alliance") == 5 - lo


def _alliance_attacks(seed):
    st = pos({5: {"warriors": {"marquise": 5, "alliance": 5}}}, phase="evening", alliance={"officers": 1},
             seed=seed)
    play(st, "battle 5 marquise")
    return st


def test_8_2_2_guerrilla_war_only_when_defending():
    seed = seed_for(_alliance_attacks, lambda st: len(set(event_args(st, "roll")[0]["dice"])) == 2)
    roll = event_args(_alliance_attacks(seed), "roll")[0]
    lo, hi = sorted(roll["dice"])
    assert roll["attacker"] == "alliance" and roll["att_hits"] == hi and roll["def_hits"] == lo  # 4.3.2


def test_8_2_2_guerrilla_war_hits_are_still_capped_by_warriors():
    # 4.3.2.I: the Alliance deals the higher roll, but no more hits than it has warriors there
    seed = seed_for(_marquise_attacks_one, lambda st: max(event_args(st, "roll")[0]["dice"]) >= 2)
    roll = event_args(_marquise_attacks_one(seed), "roll")[0]
    assert roll["def_hits"] == 1 and roll["att_hits"] == min(roll["dice"])


def _marquise_attacks_one(seed):
    st = pos({5: {"warriors": {"marquise": 5, "alliance": 1}}}, turn="marquise", seed=seed)
    play(st, "end crafting", "battle 5 alliance")
    return st


# -- 8.2.3 The Supporters Stack ------------------------------------------------------------------------
def test_8_2_3_supporters_are_face_down_only_the_alliance_sees_them():
    st = pos({1: {"tokens": ["sympathy"]}}, alliance={"supporters": ["fox:Anvil", "bird:Sappers"],
                                                      "hand": ["mouse:Sword"]})
    for seat in ("marquise", "eyrie", None):
        board = st.view(seat)["players"]["alliance"]["board"]
        assert board["supporters_count"] == 2 and board["supporters"] is None
        assert "fox:Anvil" not in canonical(st.view(seat))
    board = st.view("alliance")["players"]["alliance"]["board"]
    assert board["supporters"] == ["bird:Sappers", "fox:Anvil"]
    # supporters are not in the hand and not counted as hand cards
    assert st.view("eyrie")["players"]["alliance"]["hand_count"] == 1
    # mobilizing tells others that a card went to the stack, never which
    play(st, "mobilize mouse:Sword")
    for seat in ("marquise", "eyrie", None):
        assert "mouse:Sword" not in canonical(st.view(seat))
    private = [e for e in st.view("alliance")["log"] if e["kind"] == "supporter_added_private"]
    assert private[-1]["args"]["card"] == "mouse:Sword"
    # redealing what the Eyrie do not know may change the stack, never its size
    changed = 0
    for k in range(12):
        d = GAME.determinize(st, "eyrie", Rng(k))
        assert len(d.fdata["alliance"]["supporters"]) == 3
        assert canonical(d.view("eyrie")) == canonical(st.view("eyrie"))
        changed += supporters(d) != supporters(st)
        own = GAME.determinize(st, "alliance", Rng(k))
        assert supporters(own) == supporters(st)
    assert changed >= 8


def test_8_2_3_supporters_are_spent_only_for_their_suit_birds_wild():
    # a fox clearing to spread to (no sympathy yet: any clearing, 8.4.2.I); fox cards in hand do not help
    st = pos({}, phase="birdsong", alliance={"supporters": ["rabbit:Cobbler", "mouse:Sword"],
                                             "hand": ["fox:Anvil", "fox:Travel Gear"]})
    spreads = {o for o in ids(st) if o.startswith("spread")}
    assert spreads == {f"spread {c}" for c in (2, 3, 4, 5, 7, 9, 10, 11)}  # rabbit and mouse clearings only
    st = pos({}, phase="birdsong", alliance={"supporters": ["bird:Sappers"]})
    assert {o for o in ids(st) if o.startswith("spread")} == {f"spread {c}" for c in range(1, 13)}
    play(st, "spread 8")
    assert option_list(st) == ["spend bird:Sappers"]


def test_8_2_3_supporters_cannot_be_used_as_hand_cards():
    # an empty hand: supporters cannot be crafted, mobilized again, or spent to train
    st = pos({1: {"tokens": ["sympathy"]}, 8: {"buildings": ["base_fox"]}},
             alliance={"supporters": ["fox:Anvil", "bird:Sappers"]})
    assert option_list(st) == ["end daylight"]


def test_8_2_3_supporters_do_not_count_against_the_hand_size():
    st = pos({8: {"buildings": ["base_fox"]}}, phase="evening",
             alliance={"hand": ["fox:Anvil", "rabbit:Cobbler", "mouse:Sword"],
                       "supporters": ["bird:Sappers", "fox:Root Tea", "mouse:Crossbow", "rabbit:Bake Sale",
                                      "fox:Travel Gear", "mouse:Investments"]},
             deck=["rabbit:A Visit to Friends", "mouse:Codebreakers", "fox:Protection Racket"])
    play(st, "end operations")  # 8.6.2: 1 + 1 (one base) cards: 5 in hand, no discarding
    assert len(st.hands["alliance"]) == 5 and len(supporters(st)) == 6
    assert st.current == "marquise"  # the turn went on without a discard decision
    assert not events(st, "discard")


def test_8_2_3_i_capacity_five_supporters_without_a_base():
    st = pos({}, alliance={"supporters": ["bird:Sappers", "fox:Root Tea", "mouse:Crossbow", "rabbit:Bake Sale",
                                          "fox:Travel Gear"], "hand": ["mouse:Sword", "fox:Anvil"]})
    play(st, "mobilize mouse:Sword")
    assert len(supporters(st)) == 5 and "mouse:Sword" not in supporters(st)
    assert discard_keys(st) == ["mouse:Sword"]  # the card that does not fit is discarded
    assert event_args(st, "supporter_discarded") == [{"card": "mouse:Sword"}]


def test_8_2_3_i_capacity_unlimited_with_a_base_on_the_map():
    five = ["bird:Sappers", "fox:Root Tea", "mouse:Crossbow", "rabbit:Bake Sale", "fox:Travel Gear"]
    st = pos({5: {"buildings": ["base_rabbit"]}}, alliance={"supporters": five, "hand": ["mouse:Sword", "fox:Anvil"]})
    play(st, "mobilize mouse:Sword", "mobilize fox:Anvil")
    assert len(supporters(st)) == 7 and not discard_keys(st)


# -- 8.2.4 Removing Bases ----------------------------------------------------------------------------
def _base_battle(seed, supporters_, officers_, other_base=True):
    clearings = {8: {"warriors": {"marquise": 3}, "buildings": ["base_fox"]}}
    if other_base:
        clearings[5] = {"buildings": ["base_rabbit"]}
    st = pos(clearings, turn="marquise", seed=seed,
             alliance={"supporters": supporters_, "officers": officers_})
    play(st, "end crafting", "battle 8 alliance")
    return st


def test_8_2_4_removing_a_base_discards_its_suit_and_birds_and_half_the_officers():
    sup = ["fox:Anvil", "bird:Sappers", "rabbit:Cobbler", "mouse:Sword", "fox:Root Tea"]
    st = _base_battle(0, sup, 3)
    # defenseless (4.3.3.II): at least one hit, which takes the base; the Marquise scores it (3.2.1)
    assert "base_fox" not in buildings(st, 8) and st.vp["marquise"] == 1
    assert supporters(st) == ["mouse:Sword", "rabbit:Cobbler"]
    assert sorted(e["card"] for e in event_args(st, "discard_supporter")) == ["bird:Sappers", "fox:Anvil",
                                                                             "fox:Root Tea"]
    assert sorted(discard_keys(st)) == ["bird:Sappers", "fox:Anvil", "fox:Root Tea"]
    assert officers(st) == 1  # 3 - ceil(3 / 2)
    assert st.warrior_supply("alliance") == 9  # removed officers return to the supply
    assert event_args(st, "officers_lost") == [{"count": 2}]
    assert decision_of(st) == ("marquise", "marquise.daylight")  # the battle is over


@pytest.mark.parametrize(("before", "after"), [(0, 0), (1, 0), (2, 1), (4, 2), (5, 2)])
def test_8_2_4_half_the_officers_rounded_up(before, after):
    st = _base_battle(0, [], before)
    assert officers(st) == after


def test_8_2_4_no_base_left_the_alliance_discards_down_to_five_of_its_choice():
    sup = ["rabbit:Cobbler", "rabbit:Cobbler", "mouse:Sword", "mouse:Codebreakers", "rabbit:Bake Sale",
           "mouse:Crossbow", "rabbit:Command Warren", "bird:Sappers"]
    st = _base_battle(0, sup, 2, other_base=False)
    assert supporters(st) == sorted(sup[:-1])  # the bird went with the fox base
    assert decision_of(st) == ("alliance", "alliance.discard_supporters")
    assert ids(st) == {f"discard supporter {k}" for k in sup[:-1]}  # each card once (identical ones alike)
    assert st.view("marquise")["decision"].get("options") is None  # the Marquise cannot see the choice
    play(st, "discard supporter rabbit:Cobbler", "discard supporter mouse:Sword")
    assert len(supporters(st)) == 5
    assert decision_of(st) == ("marquise", "marquise.daylight")
    assert [e["card"] for e in event_args(st, "discard_supporter")][-2:] == ["rabbit:Cobbler", "mouse:Sword"]


def test_8_2_4_with_another_base_left_no_discarding_down():
    sup = ["rabbit:Cobbler", "rabbit:Cobbler", "mouse:Sword", "mouse:Codebreakers", "rabbit:Bake Sale",
           "mouse:Crossbow", "rabbit:Command Warren"]
    st = _base_battle(0, sup, 2, other_base=True)
    assert supporters(st) == sorted(sup) and decision_of(st) == ("marquise", "marquise.daylight")


# -- 8.2.5 Sympathy Tokens ---------------------------------------------------------------------------
TEN = (1, 2, 4, 5, 6, 7, 8, 9, 10, 11)


def test_8_2_5_ten_sympathy_tokens():
    st = pos({c: {"tokens": ["sympathy"]} for c in TEN}, phase="birdsong",
             alliance={"supporters": ["bird:Sappers", "bird:Armorers", "bird:Brutal Tactics"]})
    assert not [o for o in ids(st) if o.startswith("spread")]
    assert st.view(None)["players"]["alliance"]["board"]["sympathy_on_track"] == 0
    assert st.view(None)["players"]["alliance"]["board"]["next_spread_cost"] is None
    # nor by organizing (8.6.1.IV): there is no token left to place
    st = pos({c: {"tokens": ["sympathy"]} for c in TEN} | {12: {"warriors": {"alliance": 1}}}, phase="evening",
             alliance={"officers": 1})
    assert not [o for o in ids(st) if o.startswith("organize")]
    with pytest.raises(InvalidPosition, match="sympathy"):
        pos({c: {"tokens": ["sympathy"]} for c in (*TEN, 12)})


def test_8_2_5_i_one_sympathy_token_per_clearing():
    st = pos({1: {"tokens": ["sympathy"], "warriors": {"alliance": 2}}, 9: {"warriors": {"alliance": 1}}},
             phase="evening", alliance={"officers": 2})
    assert {o for o in ids(st) if o.startswith("organize")} == {"organize 9"}  # not in sympathetic 1
    st = pos({1: {"tokens": ["sympathy"]}}, phase="birdsong", alliance={"supporters": ["bird:Sappers"]})
    assert {o for o in ids(st) if o.startswith("spread")} == {"spread 5", "spread 9", "spread 10"}
    with pytest.raises(InvalidPosition, match=r"8\.2\.5\.I"):
        pos({1: {"tokens": ["sympathy", "sympathy"]}})


# -- 8.2.6 Outrage -----------------------------------------------------------------------------------
def _march_into_sympathy(marquise_hand, **kw):
    st = pos({1: {"warriors": {"marquise": 3}}, 5: {"tokens": ["sympathy"]}}, turn="marquise",
             marquise={"hand": marquise_hand}, **kw)
    play(st, "end crafting", "march 1->5 x1")
    return st


def test_8_2_6_outrage_moving_into_a_sympathetic_clearing_gives_a_matching_card():
    st = _march_into_sympathy(["rabbit:Cobbler", "bird:Ambush!", "fox:Anvil"])
    assert decision_of(st) == ("marquise", "alliance.outrage.pay")
    assert ids(st) == {"outrage rabbit:Cobbler", "outrage bird:Ambush!"}  # matching, birds too (2.1.1)
    play(st, "outrage bird:Ambush!")
    assert supporters(st) == ["bird:Ambush!"]
    assert hand(st, "marquise") == ["fox:Anvil", "rabbit:Cobbler"]
    # the card is seen by the payer and the Alliance only
    for seat in ("eyrie", None):
        assert "bird:Ambush!" not in canonical(st.view(seat)["log"])
    assert [e["args"]["card"] for e in st.view("marquise")["log"] if e["kind"] == "outrage_card"] == ["bird:Ambush!"]
    # the payer knows where that card is: redealing for the Marquise leaves it in the stack
    for k in range(8):
        assert supporters(GAME.determinize(st, "marquise", Rng(k))) == ["bird:Ambush!"]


def test_8_2_6_outrage_resolves_in_the_middle_of_a_march_before_the_second_move():
    st = _march_into_sympathy(["rabbit:Cobbler", "rabbit:Bake Sale"])
    play(st, "outrage rabbit:Cobbler")
    assert decision_of(st) == ("marquise", "marquise.march")  # now the second move of the march
    log = kinds(st)
    assert log.index("outrage") > log.index("move") and log[-1] != "move"
    play(st, "move 1->5 x1")  # moving in again is another Outrage
    assert decision_of(st) == ("marquise", "alliance.outrage.pay")
    play(st, "outrage rabbit:Bake Sale")
    assert supporters(st) == ["rabbit:Bake Sale", "rabbit:Cobbler"] and hand(st, "marquise") == []
    assert decision_of(st) == ("marquise", "marquise.daylight")


def test_8_2_6_outrage_without_a_matching_card_shows_the_hand_to_the_alliance_only():
    st = _march_into_sympathy(["fox:Anvil", "mouse:Sword"], deck=["fox:Root Tea", "rabbit:Cobbler"])
    # asked anyway, so others cannot tell from the question whether a matching card is held
    assert decision_of(st) == ("marquise", "alliance.outrage.pay")
    assert option_list(st) == ["show hand"]
    play(st, "show hand")
    assert hand(st, "marquise") == ["fox:Anvil", "mouse:Sword"]  # nothing given
    assert supporters(st) == ["fox:Root Tea"]  # the Alliance draws the top card of the deck
    shown = [e for e in st.view("alliance")["log"] if e["kind"] == "show_hand"]
    assert len(shown) == 1 and sorted(shown[0]["args"]["cards"]) == ["fox:Anvil", "mouse:Sword"]
    for seat in ("eyrie", None):
        log = st.view(seat)["log"]
        assert not [e for e in log if e["kind"] == "show_hand"]
        assert [e["args"]["faction"] for e in log if e["kind"] == "outrage_shown"] == ["marquise"]
        assert "mouse:Sword" not in canonical(log) and "fox:Root Tea" not in canonical(log)
    # what the Alliance has seen stays in place when it redeals the unknown
    for k in range(6):
        assert hand(GAME.determinize(st, "alliance", Rng(k)), "marquise") == ["fox:Anvil", "mouse:Sword"]


def test_8_2_6_outrage_with_an_empty_hand_needs_no_question():
    st = _march_into_sympathy([], deck=["fox:Root Tea", "rabbit:Cobbler"])
    assert decision_of(st) == ("marquise", "marquise.march")
    assert supporters(st) == ["fox:Root Tea"] and "outrage_shown" in kinds(st)


def test_8_2_6_outrage_card_does_not_fit_a_full_stack_without_a_base():
    five = ["bird:Sappers", "fox:Root Tea", "mouse:Crossbow", "rabbit:Bake Sale", "fox:Travel Gear"]
    st = _march_into_sympathy(["rabbit:Cobbler"], alliance={"supporters": five})
    play(st, "outrage rabbit:Cobbler")
    assert supporters(st) == sorted(five) and hand(st, "marquise") == []
    assert discard_keys(st) == ["rabbit:Cobbler"]  # 8.2.3.I


def test_8_2_6_no_outrage_for_the_alliance_itself_or_for_placing_warriors():
    st = pos({1: {"warriors": {"alliance": 2}}, 5: {"tokens": ["sympathy"]}}, phase="evening",
             alliance={"officers": 1})
    play(st, "move 1->5 x2")
    assert "outrage" not in kinds(st)
    # FAQ (8.2.6): placing pieces in a sympathetic clearing is no Outrage; only moving in or removing
    st = pos({5: {"tokens": ["sympathy"], "buildings": ["recruiter"]}}, turn="marquise",
             marquise={"hand": ["rabbit:Cobbler"]})
    play(st, "end crafting", "recruit")
    assert warriors(st, 5, "marquise") == 1 and "outrage" not in kinds(st)


def test_8_2_6_outrage_when_the_eyrie_move_in():
    st = pos({10: {"warriors": {"eyrie": 2}, "buildings": ["ruin", "roost"]}, 12: {"tokens": ["sympathy"]}},
             turn="eyrie", eyrie={"decree": {"move": ["rabbit:Cobbler"]}, "hand": ["fox:Root Tea", "mouse:Sword"]})
    play(st, "resolve decree", "move 10->12 x1 with rabbit")
    assert decision_of(st) == ("eyrie", "alliance.outrage.pay") and option_list(st) == ["outrage fox:Root Tea"]
    play(st, "outrage fox:Root Tea")
    assert supporters(st) == ["fox:Root Tea"] and "fox:Root Tea" not in hand(st, "eyrie")


def _marquise_battles_sympathy(seed, hand_=("rabbit:Cobbler",)):
    st = pos({5: {"warriors": {"marquise": 2}, "tokens": ["sympathy"]}}, turn="marquise", seed=seed,
             marquise={"hand": list(hand_)})
    play(st, "end crafting", "battle 5 alliance")
    return st


def test_8_2_6_outrage_removing_sympathy_in_battle():
    st = _marquise_battles_sympathy(0)
    # defenseless (4.3.3.II): the token is removed, the Marquise scores it (3.2.1) and is outraged
    assert tokens(st, 5) == [] and st.vp["marquise"] == 1
    assert decision_of(st) == ("marquise", "alliance.outrage.pay")
    play(st, "outrage rabbit:Cobbler")
    assert supporters(st) == ["rabbit:Cobbler"]
    assert decision_of(st) == ("marquise", "marquise.daylight")


def test_8_2_6_outrage_removing_sympathy_with_a_favor_card():
    st = pos({1: {"buildings": ["workshop"], "tokens": ["sympathy"]}, 6: {"buildings": ["ruin", "workshop"]},
              8: {"buildings": ["workshop", "base_fox"], "warriors": {"alliance": 2}},
              12: {"tokens": ["sympathy"]}},
             turn="marquise", marquise={"hand": ["fox:Favor of the Foxes", "fox:Anvil", "rabbit:Cobbler"]},
             alliance={"supporters": ["fox:Root Tea", "mouse:Sword"], "officers": 2},
             deck=["mouse:Crossbow", "rabbit:Bake Sale"])
    play(st, "craft fox:Favor of the Foxes")
    # 4.1.2: every enemy piece in fox clearings goes: two sympathy tokens, a base, two warriors (3.2.1: 3 VP)
    assert tokens(st, 1) == [] and tokens(st, 12) == [] and buildings(st, 8) == ["workshop"]
    assert warriors(st, 8, "alliance") == 0 and st.vp["marquise"] == 3
    # then the effects (1.5.4), in the order the Marquise, taking the turn, chooses (1.1.3): one Outrage per
    # token removed, each paid with a fox card, before the base removal (which then discards what she gave)
    assert decision_of(st) == ("marquise", "alliance.outrage.pay") and option_list(st) == ["outrage fox:Anvil"]
    assert officers(st) == 2
    play(st, "outrage fox:Anvil")
    assert [e["clearing"] for e in event_args(st, "outrage")] == [1, 12]
    assert decision_of(st) == ("marquise", "alliance.outrage.pay") and option_list(st) == ["show hand"]
    play(st, "show hand")  # the Alliance draws mouse:Crossbow
    # 8.2.4: fox supporters (the given Anvil too) discarded, one officer of two removed
    assert supporters(st) == ["mouse:Crossbow", "mouse:Sword"] and officers(st) == 1
    assert {"fox:Anvil", "fox:Root Tea"} <= set(discard_keys(st))
    assert decision_of(st) == ("marquise", "marquise.daylight")


def _battle_base_and_sympathy(seed):
    st = pos({8: {"warriors": {"marquise": 3}, "buildings": ["base_fox"], "tokens": ["sympathy"]},
              5: {"buildings": ["base_rabbit"]}},
             turn="marquise", seed=seed, marquise={"hand": ["fox:Anvil"]},
             alliance={"supporters": ["fox:Root Tea", "mouse:Sword"], "officers": 2})
    play(st, "end crafting", "battle 8 alliance")
    return st


def test_8_2_6_and_8_2_4_in_battle_the_alliance_removes_its_base_before_the_outrage():
    # 4.3.4: the side taking hits orders the effects of its removed pieces; base first keeps the Outrage card
    seed = seed_for(_battle_base_and_sympathy, lambda st: min(event_args(st, "roll")[0]["dice"]) >= 1)
    st = _battle_base_and_sympathy(seed)
    assert buildings(st, 8) == [] and tokens(st, 8) == [] and st.vp["marquise"] == 2
    assert supporters(st) == ["mouse:Sword"] and officers(st) == 1  # the base removal has resolved
    assert decision_of(st) == ("marquise", "alliance.outrage.pay")
    play(st, "outrage fox:Anvil")
    assert supporters(st) == ["fox:Anvil", "mouse:Sword"]  # kept: the base removal is over


# -- 8.3 Faction Setup -------------------------------------------------------------------------------
def test_8_3_setup_three_supporters_and_nothing_on_the_map():
    st = GAME.new(seed=5, players=list(SEATS), options={"seating": "fixed"})
    while "supporters" not in st.fdata["alliance"]:
        play(st, option_list(st)[0])
    fd = st.fdata["alliance"]
    assert len(fd["supporters"]) == 3 and fd["officers"] == 0  # 8.3.4
    assert len(st.hands["alliance"]) == 3  # the hand of 5.1.3 besides
    assert st.warriors_on_map("alliance") == 0 and st.warrior_supply("alliance") == 10  # 8.3.1
    board = st.view(None)["players"]["alliance"]["board"]
    assert board["bases_in_box"] == ["fox", "rabbit", "mouse"] and board["sympathy"] == []  # 8.3.2
    assert board["sympathy_on_track"] == 10 and board["next_spread_cost"] == 1  # 8.3.3
    assert st.total_cards() == 54 and len(st.out) == 0  # three players: dominance cards stay in the deck
    private = [e for e in st.view("alliance")["log"] if e["kind"] == "supporter_added_private"]
    assert sorted(e["args"]["card"] for e in private) == supporters(st)
    assert not [e for e in st.view("eyrie")["log"] if e["kind"] == "supporter_added_private"]
    # 5.1.7: setup order A (Marquise), B (Eyrie), C (Alliance): the supporters are drawn last
    log = kinds(st)
    assert log.index("supporter_added") > max(i for i, k in enumerate(log) if k == "place_building")


def test_8_3_setup_order_marquise_eyrie_alliance():
    st = GAME.new(seed=5, players=["alliance", "eyrie", "marquise"])
    assert st.factions == ["marquise", "eyrie", "alliance"]
    assert decision_of(st)[0] == "marquise"


# -- 8.4.1 Revolt ------------------------------------------------------------------------------------
REVOLT = {8: {"tokens": ["sympathy"], "warriors": {"marquise": 2, "eyrie": 3}, "buildings": ["sawmill", "roost"]},
          1: {"tokens": ["sympathy"]}, 12: {"tokens": ["sympathy"], "buildings": ["ruin"]},
          3: {"tokens": ["keep"], "warriors": {"marquise": 1}}}


def _revolt_position(**kw):
    alliance = {"supporters": ["fox:Anvil", "bird:Sappers", "mouse:Sword"], **kw.pop("alliance", {})}
    return pos(kw.pop("clearings", REVOLT), phase="birdsong", alliance=alliance, **kw)


def test_8_4_1_revolt_removes_enemies_places_base_warriors_and_an_officer():
    st = _revolt_position()
    assert decision_of(st) == ("alliance", "alliance.birdsong")
    play(st, "revolt 8")
    # 8.4.1.II: two supporters matching the clearing, spent one by one (birds wild)
    assert decision_of(st) == ("alliance", "alliance.pay") and ids(st) == {"spend fox:Anvil", "spend bird:Sappers"}
    play(st, "spend fox:Anvil", "spend bird:Sappers")
    # 8.4.1.III: all enemy pieces removed, 1 VP per building and token (3.2.1)
    assert st.warriors[7] == {"alliance": 3} and buildings(st, 8) == ["base_fox"] and tokens(st, 8) == ["sympathy"]
    assert st.vp["alliance"] == 2
    # warriors = sympathetic fox clearings (1, 8, 12); then one officer
    assert officers(st) == 1 and st.warrior_supply("alliance") == 6
    assert supporters(st) == ["mouse:Sword"] and sorted(discard_keys(st)) == ["bird:Sappers", "fox:Anvil"]
    assert decision_of(st) == ("alliance", "alliance.birdsong")


def test_8_4_1_i_revolt_needs_a_sympathetic_clearing_matching_an_unbuilt_base():
    st = _revolt_position()
    assert {o for o in ids(st) if o.startswith("revolt")} == {"revolt 1", "revolt 8", "revolt 12"}
    # the fox base is on the map: no fox revolt (FAQ: only an unbuilt base's suit)
    clearings = {**REVOLT, 6: {"buildings": ["ruin", "base_fox"]}}
    st = _revolt_position(clearings=clearings)
    assert not [o for o in ids(st) if o.startswith("revolt")]


def test_8_4_1_iii_no_revolt_where_the_stoic_protector_keeps_every_slot_filled():
    """Appendix E, the Stoic Protector: the Alliance cannot remove its controller's pieces in its clearing, so a
    revolt there needs a slot left once the other enemy buildings go (2.2.3; the base was placed in a full
    clearing)."""
    stoic = {"in_play": ["stoic_protector"], "protector": 8,
             "control": {"stoic_protector": {"controller": "marquise", "markers": 2}}}
    full = {**REVOLT, 8: {**REVOLT[8], "buildings": ["sawmill", "workshop"]}}
    assert "revolt 8" not in ids(_revolt_position(clearings=full, hirelings=stoic))
    assert "revolt 8" in ids(_revolt_position(clearings=REVOLT, hirelings=stoic))  # the roost goes: one slot
    stoic["control"] = {"stoic_protector": {"controller": "eyrie", "markers": 2}}
    assert "revolt 8" in ids(_revolt_position(clearings=full, hirelings=stoic))  # not the Marquise's shield


def test_8_4_1_ii_revolt_needs_two_matching_supporters():
    st = _revolt_position(alliance={"supporters": ["fox:Anvil", "mouse:Sword", "rabbit:Cobbler"]})
    assert not [o for o in ids(st) if o.startswith("revolt")]
    with pytest.raises(IllegalAction):
        st.apply("revolt 8")


def test_8_4_1_iii_warriors_as_many_as_the_supply_allows_officer_only_if_one_is_left():
    # 7 warriors on the map and 1 officer: 2 in supply, 3 owed (1.5.4: place as many as possible), no officer
    clearings = {**REVOLT, 2: {"warriors": {"alliance": 7}}}
    st = _revolt_position(clearings=clearings, alliance={"officers": 1})
    play(st, "revolt 8", "spend fox:Anvil", "spend bird:Sappers")
    assert warriors(st, 8, "alliance") == 2 and officers(st) == 1
    assert st.warrior_supply("alliance") == 0


def test_8_4_1_iii_revolt_needs_a_slot_for_the_base():
    # a fox clearing whose slots are all ruins (not on the printed map, but the rule is general, 2.2.3):
    # the base could not be placed, so there is no revolt there
    clearings = {**REVOLT, 12: {"tokens": ["sympathy"], "buildings": ["ruin", "ruin"]}}
    st = _revolt_position(clearings=clearings)
    assert {o for o in ids(st) if o.startswith("revolt")} == {"revolt 1", "revolt 8"}
    # a 1-slot clearing filled by an enemy building: it is removed first, so the base fits
    clearings = {**REVOLT, 1: {"tokens": ["sympathy"], "buildings": ["workshop"]}}
    st = _revolt_position(clearings=clearings)
    play(st, "revolt 1", "spend fox:Anvil", "spend bird:Sappers")
    assert buildings(st, 1) == ["base_fox"]


def test_8_4_1_several_revolts_in_one_birdsong():
    clearings = {**REVOLT, 9: {"tokens": ["sympathy"], "warriors": {"eyrie": 1}}}
    st = _revolt_position(clearings=clearings,
                          alliance={"supporters": ["fox:Anvil", "fox:Root Tea", "mouse:Sword", "bird:Sappers"]})
    play(st, "revolt 8", "spend fox:Anvil", "spend fox:Root Tea")
    assert "revolt 9" in ids(st)
    play(st, "revolt 9", "spend mouse:Sword", "spend bird:Sappers")
    assert buildings(st, 9) == ["base_mouse"] and officers(st) == 2
    assert warriors(st, 9, "alliance") == 1  # one sympathetic mouse clearing
    assert not [o for o in ids(st) if o.startswith("revolt")]  # fox and mouse built, no rabbit sympathy


def test_8_4_1_no_revolt_after_spreading_sympathy():
    st = _revolt_position(alliance={"supporters": ["fox:Anvil", "bird:Sappers", "mouse:Sword", "mouse:Crossbow",
                                                   "fox:Root Tea"]})
    assert "revolt 8" in ids(st)
    play(st, "spread 9")
    assert ids(st) == {"spend mouse:Crossbow", "spend mouse:Sword", "spend bird:Sappers"}
    play(st, "spend mouse:Crossbow", "spend mouse:Sword")
    assert not [o for o in ids(st) if o.startswith("revolt")]
    assert "end birdsong" in ids(st)


def test_8_4_1_revolt_triggers_field_hospitals_for_removed_marquise_warriors():
    st = _revolt_position(marquise={"hand": ["fox:Travel Gear"]})
    play(st, "revolt 8", "spend fox:Anvil", "spend bird:Sappers")
    assert decision_of(st) == ("marquise", "marquise.field_hospitals")
    play(st, "field hospitals fox:Travel Gear")
    assert warriors(st, 3, "marquise") == 3


def test_8_4_1_no_revolt_in_the_keep_clearing():
    # FAQ (6.2.2, 8.4.1): a sympathy token can never be there, so neither can a revolt
    with pytest.raises(InvalidPosition, match=r"6\.2\.2"):
        pos({1: {"tokens": ["keep", "sympathy"]}})


# -- 8.4.2 Spread Sympathy ---------------------------------------------------------------------------
def test_8_4_2_i_spread_adjacent_to_sympathy_or_anywhere_when_there_is_none():
    st = pos({12: {"tokens": ["sympathy"]}, 3: {"tokens": ["keep"]}}, phase="birdsong",
             alliance={"supporters": ["bird:Sappers"]})
    assert {o for o in ids(st) if o.startswith("spread")} == {f"spread {c}" for c in (4, 7, 9, 10, 11)}
    # none on the map: any clearing but the keep's (6.2.2)
    st = pos({3: {"tokens": ["keep"]}}, phase="birdsong", alliance={"supporters": ["bird:Sappers"]})
    assert {o for o in ids(st) if o.startswith("spread")} == {f"spread {c}" for c in range(1, 13) if c != 3}
    # adjacent to sympathy, but the keep's clearing
    st = pos({11: {"tokens": ["sympathy"]}, 3: {"tokens": ["keep"]}}, phase="birdsong",
             alliance={"supporters": ["bird:Sappers"]})
    assert {o for o in ids(st) if o.startswith("spread")} == {"spread 6", "spread 12"}


@pytest.mark.parametrize("n", range(10))
def test_8_4_2_ii_iii_spread_cost_and_score_follow_the_sympathy_track(n):
    assert SPREAD_COST == TRACK_COST and SYMPATHY_VP == TRACK_VP
    clearings = {c: {"tokens": ["sympathy"]} for c in CHAIN[:n]}
    target = CHAIN[n]
    st = pos(clearings, phase="birdsong",
             alliance={"supporters": ["bird:Sappers", "bird:Armorers", "bird:Brutal Tactics"]})
    spread = next(o for o in st.decision.options if o.id == f"spread {target}")
    assert spread.args["cost"] == TRACK_COST[n]
    assert st.view(None)["players"]["alliance"]["board"]["next_spread_cost"] == TRACK_COST[n]
    play(st, spread.id)
    for _ in range(TRACK_COST[n]):
        assert decision_of(st) == ("alliance", "alliance.pay")
        play(st, option_list(st)[0])
    assert tokens(st, target) == ["sympathy"] and len(supporters(st)) == 3 - TRACK_COST[n]
    assert st.vp["alliance"] == TRACK_VP[n]


def test_8_4_2_ii_spread_needs_enough_matching_supporters():
    st = pos({c: {"tokens": ["sympathy"]} for c in CHAIN[:6]}, phase="birdsong",  # next costs 3
             alliance={"supporters": ["mouse:Sword", "mouse:Crossbow", "fox:Anvil"]})
    assert not [o for o in ids(st) if o.startswith("spread")]


def test_8_4_2_ii_a_martial_law_another_player_with_three_warriors():
    base = {1: {"tokens": ["sympathy"]}}
    sup = {"supporters": ["bird:Sappers", "bird:Armorers", "bird:Brutal Tactics"]}
    st = pos({**base, 5: {"warriors": {"marquise": 3}}, 9: {"warriors": {"marquise": 2, "eyrie": 2}},
              10: {"warriors": {"alliance": 4}}}, phase="birdsong", alliance=sup)
    costs = {o.args["clearing"]: o.args["cost"] for o in st.decision.options if o.action == "spread"}
    assert costs == {5: 2, 9: 1, 10: 1}  # 3 warriors of one player; 2 + 2 of two players; own warriors
    # the extra supporter must match as well
    st = pos({**base, 5: {"warriors": {"eyrie": 3}}}, phase="birdsong",
             alliance={"supporters": ["rabbit:Cobbler", "mouse:Sword"]})
    assert "spread 5" not in ids(st)


def test_8_4_2_iii_spreading_scores_and_is_public():
    st = pos({1: {"tokens": ["sympathy"]}}, phase="birdsong", alliance={"supporters": ["rabbit:Cobbler"]})
    play(st, "spread 5", "spend rabbit:Cobbler")
    assert tokens(st, 5) == ["sympathy"] and st.vp["alliance"] == 1
    assert "rabbit:Cobbler" in discard_keys(st)  # spent supporters are discarded face up
    board = st.view("eyrie")["players"]["alliance"]["board"]
    assert board["sympathy"] == [1, 5] and board["next_sympathy_vp"] == 1 and board["supporters_count"] == 0


# -- 8.5 Daylight ------------------------------------------------------------------------------------
def test_8_5_2_mobilize_adds_a_hand_card_to_the_supporters():
    st = pos({}, alliance={"hand": ["fox:Anvil", "rabbit:Cobbler"]})
    play(st, "mobilize fox:Anvil")
    assert supporters(st) == ["fox:Anvil"] and hand(st, "alliance") == ["rabbit:Cobbler"]
    assert "mobilize fox:Anvil" not in ids(st) and "mobilize rabbit:Cobbler" in ids(st)


def test_8_5_3_train_needs_a_card_matching_a_built_base():
    st = pos({8: {"buildings": ["base_fox"]}}, alliance={"hand": ["fox:Anvil", "bird:Sappers", "rabbit:Cobbler"]})
    assert {o for o in ids(st) if o.startswith("train")} == {"train fox:Anvil", "train bird:Sappers"}
    play(st, "train bird:Sappers")
    assert officers(st) == 1 and discard_keys(st) == ["bird:Sappers"] and st.warrior_supply("alliance") == 9
    # no base on the map: no training at all
    st = pos({}, alliance={"hand": ["fox:Anvil", "bird:Sappers"]})
    assert not [o for o in ids(st) if o.startswith("train")]


def test_8_5_3_train_needs_a_warrior_in_the_supply():
    st = pos({8: {"buildings": ["base_fox"], "warriors": {"alliance": 7}}},
             alliance={"hand": ["fox:Anvil"], "officers": 3})
    assert not [o for o in ids(st) if o.startswith("train")]
    st = pos({8: {"buildings": ["base_fox"], "warriors": {"alliance": 7}}},
             alliance={"hand": ["fox:Anvil"], "officers": 2})
    assert "train fox:Anvil" in ids(st)


def test_8_5_daylight_option_count_by_hand():
    """Hand count: sympathy in fox 1, a rabbit base; hand Anvil (fox), Sappers (bird, cost mouse), Cobbler
    (rabbit, cost 2 rabbit). Craft: Anvil only (1). Mobilize: 3. Train (rabbit base, birds wild): Cobbler,
    Sappers (2). No dominance, no crafted effects. End Daylight (1). Total 7."""
    st = pos({1: {"tokens": ["sympathy"]}, 5: {"buildings": ["base_rabbit"]}},
             alliance={"hand": ["fox:Anvil", "bird:Sappers", "rabbit:Cobbler"]})
    assert sorted(ids(st)) == sorted(["craft fox:Anvil", "mobilize fox:Anvil", "mobilize bird:Sappers",
                                      "mobilize rabbit:Cobbler", "train rabbit:Cobbler", "train bird:Sappers",
                                      "end daylight"])


# -- 8.6 Evening -------------------------------------------------------------------------------------
OPS = {5: {"warriors": {"alliance": 2}, "buildings": ["base_rabbit"], "tokens": ["sympathy"]},
       9: {"warriors": {"alliance": 1, "marquise": 1}}}


def test_8_6_1_operations_option_count_by_hand():
    """Hand count with 2 officers. Move (4.2, rule origin or destination): from 5 (ruled, 2 warriors) to 1 or 2,
    1 or 2 warriors = 4; from 9 (tied, nobody rules) to empty 1, 4, 12 = 0. Battle: 9 against the Marquise = 1.
    Recruit: the base in 5 = 1. Organize: 9 is unsympathetic = 1. End = 1. Total 8."""
    st = pos(OPS, phase="evening", alliance={"officers": 2})
    assert sorted(ids(st)) == sorted(["move 5->1 x1", "move 5->1 x2", "move 5->2 x1", "move 5->2 x2",
                                      "battle 9 marquise", "recruit 5", "organize 9", "end operations"])


def test_8_6_1_as_many_operations_as_officers():
    st = pos(OPS, phase="evening", alliance={"officers": 2})
    play(st, "recruit 5", "move 5->2 x3")
    assert option_list(st) == ["end operations"]
    st = pos(OPS, phase="evening", alliance={"officers": 0})
    assert option_list(st) == ["end operations"]


def test_8_6_1_i_move_is_one_move_ruling_origin_or_destination():
    st = pos({9: {"warriors": {"alliance": 1, "marquise": 1}}, 4: {"warriors": {"alliance": 1}}}, phase="evening",
             alliance={"officers": 1})
    moves = {o for o in ids(st) if o.startswith("move")}
    # 9 is tied (nobody rules, 2.5): only into ruled 4; from ruled 4 anywhere adjacent
    assert moves == {"move 9->4 x1", "move 4->8 x1", "move 4->9 x1", "move 4->12 x1"}
    play(st, "move 9->4 x1")
    assert warriors(st, 4, "alliance") == 2 and option_list(st) == ["end operations"]


def test_8_6_1_ii_battle_is_initiated_by_an_officer():
    st = pos({9: {"warriors": {"alliance": 2, "eyrie": 1}}}, phase="evening", alliance={"officers": 1})
    play(st, "battle 9 eyrie")
    assert events(st, "roll") and event_args(st, "battle")[-1] == {"faction": "alliance", "clearing": 9,
                                                                  "defender": "eyrie"}
    assert option_list(st) == ["end operations"]  # the one officer has acted


def test_8_6_1_iii_recruit_in_any_clearing_with_a_base():
    st = pos({**OPS, 8: {"buildings": ["base_fox"]}}, phase="evening", alliance={"officers": 3})
    assert {o for o in ids(st) if o.startswith("recruit")} == {"recruit 5", "recruit 8"}
    play(st, "recruit 8")
    assert warriors(st, 8, "alliance") == 1


def test_8_6_1_iv_organize_removes_a_warrior_places_sympathy_and_scores():
    st = pos({**OPS, 1: {"tokens": ["sympathy"]}}, phase="evening", alliance={"officers": 1})
    play(st, "organize 9")
    assert warriors(st, 9, "alliance") == 0 and tokens(st, 9) == ["sympathy"]
    assert st.vp["alliance"] == TRACK_VP[2]  # the third token uncovers 1 VP
    assert "outrage" not in kinds(st)


def test_8_6_1_iv_organize_removes_a_warrior_feline_physicians_may_save_it_at_once():
    """Appendix E Feline Physicians ("when your warriors are removed") answers Organize's removal right away (it was
    left pending and asked at some later removal, to whoever held the card by then)."""
    medics = {"in_play": ["feline_physicians"], "control": {"feline_physicians": {"controller": "alliance",
                                                                                  "markers": 2}}}
    st = position({5: {"warriors": {"alliance": 2}, "buildings": ["base_rabbit"], "tokens": ["sympathy"]},
                   9: {"warriors": {"alliance": 1}}}, turn="alliance", phase="evening", seats=("alliance", "cult"),
                  players={"alliance": {"officers": 1, "hand": ["mouse:Sword"]}}, hirelings=medics)
    play(st, "organize 9")  # clearing 9 is a mouse clearing
    assert st.decision.kind == "hirelings.physicians" and st.decision.player == "alliance"
    assert "physicians mouse:Sword 5" in ids(st) and "fp" not in st.fdata["hirelings"]
    play(st, "physicians mouse:Sword 5")
    assert warriors(st, 5, "alliance") == 3 and tokens(st, 9) == ["sympathy"]


def test_8_6_1_iv_no_organizing_in_the_keep_clearing():
    st = pos({3: {"tokens": ["keep"], "warriors": {"alliance": 1}}, 9: {"warriors": {"alliance": 1}}},
             phase="evening", alliance={"officers": 1})
    assert {o for o in ids(st) if o.startswith("organize")} == {"organize 9"}


def test_8_6_2_draw_one_plus_one_per_base_then_discard_to_five():
    st = pos({5: {"buildings": ["base_rabbit"]}, 8: {"buildings": ["base_fox"]}}, phase="evening",
             alliance={"hand": ["fox:Anvil", "rabbit:Cobbler", "mouse:Sword", "mouse:Crossbow"],
                       "supporters": ["bird:Sappers"]},
             deck=["rabbit:Bake Sale", "fox:Root Tea", "mouse:Investments", "fox:Travel Gear"])
    play(st, "end operations")
    assert event_args(st, "draw")[-1] == {"faction": "alliance", "count": 3}
    assert decision_of(st) == ("alliance", "discard_down") and len(st.hands["alliance"]) == 7
    assert "discard bird:Sappers" not in ids(st)  # supporters are no hand cards
    play(st, "discard fox:Anvil", "discard rabbit:Cobbler")
    assert len(st.hands["alliance"]) == 5 and supporters(st) == ["bird:Sappers"]
    assert st.current == "marquise"  # the Alliance's turn is over


def test_8_6_2_no_base_draws_one():
    st = pos({}, phase="evening", alliance={"hand": ["fox:Anvil"]}, deck=["rabbit:Bake Sale", "fox:Root Tea"])
    play(st, "end operations")
    assert hand(st, "alliance") == ["fox:Anvil", "rabbit:Bake Sale"]


# -- positions, views, setup -------------------------------------------------------------------------
def test_position_format_supporters_and_officers():
    st = pos({8: {"buildings": ["base_fox"], "warriors": {"alliance": 3}}},
             alliance={"supporters": ["fox:Anvil", "bird:Sappers"], "officers": 2, "vp": 4})
    assert supporters(st) == ["bird:Sappers", "fox:Anvil"] and officers(st) == 2 and st.vp["alliance"] == 4
    assert st.warrior_supply("alliance") == 5
    assert st.total_cards() == 54
    doc = GAME.to_json(st)
    assert canonical(GAME.to_json(GAME.from_json(doc))) == canonical(doc)


@pytest.mark.parametrize(("clearings", "alliance", "match"), [
    ({8: {"warriors": {"alliance": 9}}}, {"officers": 2}, "officers"),
    ({5: {"buildings": ["base_fox"]}}, {}, r"8\.4\.1\.III"),
    ({}, {"supporters": ["fox:Anvil"] * 2}, "more copies"),
    ({}, {"supporters": ["rabbit:Cobbler", "rabbit:Cobbler", "fox:Anvil", "mouse:Sword", "bird:Sappers",
                         "fox:Root Tea"]}, r"8\.2\.3\.I"),
    ({}, {"officers": -1}, "officers"),
    ({}, {"supporters": "fox:Anvil"}, "supporters"),
    ({1: {"buildings": ["base_fox"]}, 6: {"buildings": ["ruin", "base_fox"]}}, {}, "base_fox"),
])
def test_position_format_rejects_impossible_alliance_boards(clearings, alliance, match):
    with pytest.raises(InvalidPosition, match=match):
        pos(clearings, alliance=alliance)


def test_supporters_are_a_hidden_place_for_determinize_but_public_in_size():
    st = pos({5: {"buildings": ["base_rabbit"]}}, alliance={"supporters": ["fox:Anvil", "bird:Sappers",
                                                                         "rabbit:Cobbler"],
                                                          "hand": ["mouse:Sword"]},
             marquise={"hand": ["fox:Root Tea"]}, deck=FILLER[3:])
    for seat in ("marquise", "eyrie", None):
        for k in range(5):
            d = GAME.determinize(st, seat, Rng(k))
            assert len(d.fdata["alliance"]["supporters"]) == 3 and d.total_cards() == 54
            assert canonical(d.view(seat)) == canonical(st.view(seat))
    # the pool the supporters are redealt from: deck, other hands, the stack itself
    d = GAME.determinize(st, "marquise", Rng(3))
    assert sorted(d.deck + d.hands["alliance"] + d.hands["eyrie"] + d.fdata["alliance"]["supporters"]) == sorted(
        st.deck + st.hands["alliance"] + st.hands["eyrie"] + st.fdata["alliance"]["supporters"])
    assert d.hands["marquise"] == st.hands["marquise"]


def test_determinize_keeps_enough_matching_supporters_for_a_payment_in_progress():
    st = pos({1: {"tokens": ["sympathy"]}, 8: {"tokens": ["sympathy"]}}, phase="birdsong",
             alliance={"supporters": ["fox:Anvil", "bird:Sappers", "mouse:Sword"],
                       "hand": ["rabbit:A Visit to Friends", "mouse:Codebreakers", "rabbit:Command Warren"]},
             deck=["rabbit:Cobbler", "rabbit:Bake Sale", "mouse:Crossbow", "mouse:Investments"])
    play(st, "revolt 8")
    # the only fox or bird cards anywhere hidden are the two the revolt is spending: they must stay in the
    # stack, whoever redeals and however the hand is dealt
    for seat in ("eyrie", "marquise", None):
        for k in range(25):
            d = GAME.determinize(st, seat, Rng(k))
            sup = [d.card(c).suit for c in d.fdata["alliance"]["supporters"]]
            assert sum(s in ("fox", "bird") for s in sup) >= 2 and len(sup) == 3
            assert d.decision.kind == "alliance.pay" and d.decision.options
            assert canonical(d.view(seat)) == canonical(st.view(seat))
    play(st, "spend fox:Anvil")
    for k in range(10):
        d = GAME.determinize(st, "eyrie", Rng(k))
        assert "bird:Sappers" in supporters(d)  # one more owed: the last matching card stays


def test_two_player_games_with_the_alliance_start():
    for players in (["marquise", "alliance"], ["eyrie", "alliance"]):
        st = GAME.new(seed=2, players=players)
        assert len(st.out) == 4  # 5.1.3: no dominance cards in a two-player game
        assert st.decision is not None


def test_the_documented_example_position_loads():
    import json
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "root-position-format.md").read_text("utf-8")
    doc = json.loads(re.search(r"```json\n(.*?)```", text, re.S).group(1))
    st = GAME.from_position(doc)
    assert supporters(st) == ["bird:Sappers", "fox:Root Tea"] and officers(st) == 1
    assert st.view(None)["players"]["alliance"]["board"]["bases"] == {"fox": 8, "rabbit": None, "mouse": None}


def test_a_save_taken_while_the_alliance_discards_down_loads_again():
    sup = ["rabbit:Cobbler", "rabbit:Cobbler", "mouse:Sword", "mouse:Codebreakers", "rabbit:Bake Sale",
           "mouse:Crossbow", "rabbit:Command Warren"]
    st = _base_battle(0, sup, 2, other_base=False)
    assert decision_of(st) == ("alliance", "alliance.discard_supporters") and len(supporters(st)) == 7
    doc = GAME.to_json(st)
    back = GAME.from_json(doc)
    assert canonical(GAME.to_json(back)) == canonical(doc)
    play(back, "discard supporter mouse:Sword", "discard supporter mouse:Crossbow")
    assert len(supporters(back)) == 5
