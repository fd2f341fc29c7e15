"""Solo against the Forest bot (Lasobot): setup, Locating a totem, the two turn procedures and the flip, each icon on
each side, discovery and securing, battles against the bot, recruiting, the Magic die, the difficulty variants, and
a soak of random games.

The board is the demonstration board (inner forests f1-f8, outer f9-f14; Ferrum borders f1 f3 f5 f7). Icon tests
run the bot's turn frame from its icon stage on a cleared board, so each checks one icon's reading.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from iw_helpers import GAME, ids

from planszowki.engine import UnsupportedSetup
from planszowki.games.ironwood.solo import FACES, location_number, magic_die
from planszowki.games.ironwood.solo import forestbot as fb
from planszowki.games.ironwood.state import FORGE, FOUNDATION, IC, WW, IronwoodState

INNER_M = ["auria", "lithimar", "palladimor", "zincur"]
OUTER_M = ["argentimar", "chromia", "cobaltis", "cuprumis", "gallimor", "plumbarum"]


START: dict[int, int] = {}  # where a cleared state's log starts (events of the test only)


def fresh(seed: int = 1, **options: Any) -> IronwoodState:
    """A Forest bot game at the person's first action (the bot has taken its first turn)."""
    st = GAME.new(seed=seed, options={"opponent": "forestbot", **options})
    st.apply("draw 2")
    assert st.decision.kind == "iw.turn" and st.decision.player == IC
    return st


def clear(st: IronwoodState, deck: list[str] | None = None) -> IronwoodState:
    """An empty board (Ferrum's forge stays, the drill on Ferrum), no crystals, no totems, the bot's vision deck
    ``deck`` (top = last) with its mountains marked and the other vision cards in its discard."""
    n = len(st.board.ids)
    st.ww, st.icw, st.golems = [0] * n, [0] * n, [0] * n
    st.mv_ww, st.mv_icw, st.mv_golem = [0] * n, [0] * n, [0] * n
    st.site = [0] * n
    st.site[st.board.ferrum] = FORGE
    st.drill, st.cargo, st.drill_step = st.board.ferrum, 0, 0
    st.totems = []
    st.crystals = {WW: 0, IC: 0}
    st.marks = []
    deck = list(deck if deck is not None else ["auria", "lithimar"])
    st.vision_deck = deck
    st.vision_discard = [m for m in INNER_M + OUTER_M if m not in deck]
    for m in deck:
        fb.mark(st, m)
    st.forestbot["spirits"] = 0
    st.forestbot["side"] = fb.DISRUPTIVE
    st.slots[WW] = []
    START[id(st)] = len(st.log)
    return st


def put(st: IronwoodState, **where: Any) -> None:
    """``put(st, f3=2, auria=(3, 1))``: Woodwalker warriors in forests, Ironclad (warriors, golems) on mountains."""
    for lid, v in where.items():
        i = st.loc(lid)
        if st.board.types[i] == "forest":
            st.ww[i] = v
        else:
            w, g = v if isinstance(v, tuple) else (v, 0)
            st.icw[i], st.golems[i] = w, g


def run_icons(st: IronwoodState, *icons: str, card: str = "WW15", side: str | None = None) -> IronwoodState:
    """Resolve ``icons`` as the bot's expended card's icons on the current side (the turn's icon stage)."""
    if side is not None:
        st.forestbot["side"] = side
    st.push("iw.forestbot.turn", seat=WW, stage="icons", icons=list(icons), i=0, card=card)
    st._settle()
    return st


def bot_turn(st: IronwoodState, hand: list[str]) -> IronwoodState:
    """A whole bot turn from its start (side check, Locate, expend, procedure) with ``hand`` (top first)."""
    st.hand[WW] = list(hand)
    st.push("iw.forestbot.turn", seat=WW)
    st._settle()
    return st


def events(st: IronwoodState, kind: str, since: int | None = None) -> list[dict[str, Any]]:
    start = START.get(id(st), 0) if since is None else since
    return [e.args for e in st.log[start:] if e.kind == kind]


def mark_of(st: IronwoodState) -> list[str]:
    return sorted(st.lid(m[0]) for m in st.marks if m[1] == fb.POSSIBLE)


# -- setup ---------------------------------------------------------------------------------------------------------
def test_solo_forestbot_setup_cards_vision_deck_markers_units():
    st = GAME.new(seed=4, options={"opponent": "forestbot"})
    assert st.decision is not None  # settles the solo setup
    removed = {"IC13", "IC17", "IC27", "IC33", "IC36"}
    assert not removed & set(st.deck[IC] + st.hand[IC] + st.discard[IC])
    base = [c for c in st.hand[WW] if st.card(c).base]
    assert sorted(base) == ["WW01P", "WW02P", "WW03P"] and len(st.hand[WW]) == 5  # + round 1's 2 specials
    assert sorted(st.vision_deck) == INNER_M and sorted(st.vision_discard) == OUTER_M and st.visions == []
    assert mark_of(st) == INNER_M
    assert st.forestbot["side"] == fb.DISRUPTIVE and st.forestbot["spirits"] == 0
    assert all(st.ww[f] == 2 for f in fb.outer_forests(st)) and sum(st.ww) == 12
    assert st.icw[st.board.ferrum] == 1 and all(st.icw[st.loc(m)] == 3 for m in INNER_M)
    view = st.view(IC)
    assert view["players"][WW]["forestbot"]["side"] == fb.DISRUPTIVE
    assert "hand" not in view["players"][WW]


def test_solo_forestbot_round_bot_first_and_draws_two_into_its_hand():
    st = GAME.new(seed=2, options={"opponent": "forestbot"})
    st.apply("draw 2")
    kinds = [e.kind for e in st.log]
    assert "iw.forestbot.expend" in kinds and "iw.play" not in kinds  # the bot has taken its turn first
    assert len(st.hand[WW]) == 4  # 3 base + 2 drawn - 1 spent
    assert len(st.slots[WW]) == 1 and st.decision.player == IC


# -- Lokalizacja Totemu ------------------------------------------------------------------------------------------
def test_solo_forestbot_locate_reveals_and_discards_top_vision_card():
    st = clear(fresh(), deck=["auria", "zincur", "lithimar"])
    n = len(st.log)
    bot_turn(st, ["WW15", "WW01P"])
    assert events(st, "iw.forestbot.locate", n) == [{"mountain": "lithimar"}]
    assert st.vision_deck == ["auria", "zincur"] and "lithimar" in st.vision_discard
    assert mark_of(st) == ["auria", "zincur"]
    assert events(st, "iw.forestbot.expend", n) == [{"card": "WW15"}]


def test_solo_forestbot_locate_last_card_discovers_even_on_a_controlled_mountain():
    st = clear(fresh(), deck=["zincur"])
    put(st, zincur=3, f8=2, f1=1, f12=1)
    n = len(st.log)
    bot_turn(st, ["WW15", "WW01P"])
    assert st.totems == [[st.loc("f8"), 0]]  # the bordering inner forest with the largest warband
    assert st.crystals[WW] == 3  # an inner mountain's card
    assert "zincur" in st.vision_shown and "zincur" not in st.vision_deck + st.vision_discard
    assert len(st.vision_deck) == 5 and len(st.vision_discard) == 9 - 5  # refilled to 5 from the discard's 9
    assert sorted(mark_of(st)) == sorted(st.vision_deck)
    assert st.slots[WW] == [["WW15"]]  # a card spent to mark the turn, its icons not resolved
    assert not events(st, "iw.forestbot.icon", n)
    assert st.forestbot["side"] == fb.EXALTED


def test_solo_forestbot_discover_refills_vision_deck_to_five_from_discard():
    st = clear(fresh(), deck=["zincur"])
    put(st, f8=1)
    st.vision_discard = ["cobaltis", "chromia"]
    bot_turn(st, ["WW15"])
    assert sorted(st.vision_deck) == ["chromia", "cobaltis"] and st.vision_discard == []
    assert mark_of(st) == ["chromia", "cobaltis"]


def test_solo_forestbot_locate_without_bordering_warband_places_totem_nearest_one():
    st = clear(fresh(), deck=["lithimar"])  # lithimar borders f3, f4, f5
    put(st, f11=2)  # f11 is next to f4 only
    bot_turn(st, ["WW15"])
    assert st.totems == [[st.loc("f4"), 0]]


# -- the turn procedures and the flip -------------------------------------------------------------------------------
def test_solo_forestbot_disruptive_five_crystals_plunder_then_attack_ferrum_steals_half():
    st = clear(fresh(), deck=["auria", "lithimar"])
    st.crystals[IC] = 7
    put(st, f10=3, f3=1, f2=2)  # f3 borders Ferrum; Ferrum empty
    bot_turn(st, ["WW15", "WW01P"])
    assert st.ww[st.loc("f3")] == 1 + 3 + 2  # 5 moved in at most: f10 (outer first) 3, then f2 2
    assert events(st, "iw.attack")[-1]["to"] == "ferrum"
    assert st.crystals[IC] == 3 and st.crystals[WW] == 4  # half of 7, rounded up


def test_solo_forestbot_exalted_totem_held_secures_it_with_five():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f4=2, f3=1)
    st.totems = [[st.loc("f4"), 0]]
    bot_turn(st, ["WW15"])
    assert st.forestbot["side"] == fb.EXALTED
    assert st.secured == 1 and st.totems == []
    assert st.ww[st.loc("f11")] == 2 and st.ww[st.loc("f4")] == 0  # only f4 borders f11: its 2 warriors


def test_solo_forestbot_third_totem_secured_wins_and_nothing_follows():
    st = clear(fresh(), deck=["auria", "lithimar"])
    st.secured = 2
    put(st, f4=2, lithimar=1, f3=3)
    st.totems = [[st.loc("f4"), 0]]
    run_icons(st, "battle", "card", side=fb.EXALTED)  # BATTLE: 2 by Secure carries it out; no attack after
    assert st.result is not None and st.result["winners"] == [WW] and st.result["reason"] == "totems"
    assert st.stack == [] and not events(st, "iw.attack")


def test_solo_forestbot_flip_back_to_disruptive_without_totem_and_when_person_near_victory():
    st = clear(fresh(), deck=["auria", "lithimar"])
    st.forestbot["side"] = fb.EXALTED
    fb.check_side(st)
    assert st.forestbot["side"] == fb.DISRUPTIVE
    st.totems = [[st.loc("f4"), 0]]
    fb.check_side(st)
    assert st.forestbot["side"] == fb.EXALTED
    st.site[st.loc("cobaltis")] = st.site[st.loc("chromia")] = FORGE
    st.site[st.loc("gallimor")] = FOUNDATION
    st.crystals[IC] = 5
    fb.check_side(st)
    assert st.forestbot["side"] == fb.DISRUPTIVE


def test_solo_forestbot_empty_hand_draws_a_special_card_and_ends_turn():
    st = clear(fresh(), deck=["auria", "lithimar", "zincur"])
    n = len(st.log)
    bot_turn(st, [])
    assert len(st.hand[WW]) == 1 and not st.card(st.hand[WW][0]).base
    assert events(st, "iw.forestbot.locate", n)  # Locate first, then the empty hand
    assert events(st, "iw.forestbot.empty_hand", n) and not events(st, "iw.forestbot.expend", n)


def test_solo_forestbot_red_icons_ignored_unless_variant():
    st = fresh()
    assert fb.card_icons(st, "WW01P") == ["search"]
    st2 = fresh(variants=["red_icons"])
    assert fb.card_icons(st2, "WW01P") == ["card", "search"]


def test_solo_forestbot_icons_left_then_right_and_compensation_when_nothing_changes():
    st = clear(fresh(), deck=["auria", "lithimar"])
    run_icons(st, "crystals", "card")  # CRYSTALS: nothing to plunder, no drill cargo -> a crystal
    assert events(st, "iw.forestbot.compensation") and st.crystals[WW] == 2
    order = [e.args["fb_icon"] for e in st.log if e.kind == "iw.forestbot.icon"][-2:]
    assert order == ["crystals", "card"]


# -- icons: SEARCH ------------------------------------------------------------------------------------------------
def test_solo_forestbot_icon_search_disruptive_discovers_and_skips_second_icon():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f2=2, f1=1)  # auria borders f1 f2 f3; uncontrolled
    hand = len(st.hand[WW])
    run_icons(st, "search", "card", side=fb.DISRUPTIVE)
    assert st.totems == [[st.loc("f2"), 0]] and st.crystals[WW] == 3
    assert len(st.hand[WW]) == hand  # CARD skipped: the discovery ended the turn


def test_solo_forestbot_icon_search_disruptive_controlled_mountain_moves_three_by_secure():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, auria=2, lithimar=1, f2=1, f10=3)
    run_icons(st, "search", side=fb.DISRUPTIVE)
    assert st.totems == []
    # Secure without a totem: an inner forest next to an outer forest and a possible uncontrolled mountain
    # (lithimar is controlled too, so any possible mountain: f3 borders auria and lithimar and has f10 beside it)
    assert st.ww[st.loc("f3")] == 3


def test_solo_forestbot_icon_search_exalted_three_without_totem_then_one_with_it():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f4=2, f3=3, f5=2)
    st.totems = [[st.loc("f4"), 0]]
    run_icons(st, "search", side=fb.EXALTED)
    # 3 warriors not holding the totem join it (f11 has no other neighbour): 2 from f5 (smaller) and 1 from f3
    assert (st.ww[st.loc("f5")], st.ww[st.loc("f3")]) == (0, 2)
    assert st.secured == 1 and st.ww[st.loc("f11")] == 1 and st.ww[st.loc("f4")] == 4  # then 1 carried it out


# -- icons: BATTLE, ARROWS, CRYSTALS (moves and attacks) ---------------------------------------------------------
def test_solo_forestbot_icon_battle_disruptive_attacks_controlled_foundation_first():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, cobaltis=1, auria=1, f2=3, f1=2)
    st.site[st.loc("cobaltis")] = FOUNDATION
    run_icons(st, "battle", side=fb.DISRUPTIVE)
    assert events(st, "iw.attack")[-1]["to"] == "cobaltis"
    assert st.decision.kind == "iw.battle.place" and st.decision.player == IC  # the person places first


def test_solo_forestbot_icon_battle_exalted_attacks_warband_beside_totem():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f3=3, chromia=1, lithimar=2, f10=0)
    st.totems = [[st.loc("f10"), 0]]  # chromia borders f10; lithimar does not
    run_icons(st, "battle", side=fb.EXALTED)
    assert events(st, "iw.attack")[-1]["to"] == "chromia"


def test_solo_forestbot_attack_needs_at_least_equal_size_golem_counts_larger():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f2=2, auria=(1, 1))
    assert fb.choose_attack(st, ("adjacent",), "") is None  # 2 vs 2 with a golem: the golem's side is larger
    put(st, auria=(2, 0))
    assert fb.choose_attack(st, ("adjacent",), "") == (st.loc("f2"), st.loc("auria"))


def test_solo_forestbot_attack_largest_difference():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f3=4, auria=3, lithimar=1)
    assert fb.choose_attack(st, ("adjacent",), "") == (st.loc("f3"), st.loc("lithimar"))


def test_solo_forestbot_icon_arrows_disruptive_interfere_plunder_attack_drill():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f9=2, f2=1, cobaltis=1)
    st.drill, st.cargo = st.loc("cobaltis"), 2
    run_icons(st, "arrows", side=fb.DISRUPTIVE)
    assert events(st, "iw.forestbot.move")[0]["mode"] == "interfere"
    assert events(st, "iw.attack")[-1]["to"] == "cobaltis"


def test_solo_forestbot_icon_arrows_exalted_plunder_first_attack_ferrum():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f13=2, f7=1, f14=1)
    st.totems = [[st.loc("f12"), 0]]
    run_icons(st, "arrows", side=fb.EXALTED)
    moves = events(st, "iw.forestbot.move")
    assert moves[0]["mode"] == "plunder"
    assert events(st, "iw.attack")[-1]["to"] == "ferrum"  # empty Ferrum: won at once
    assert events(st, "iw.no_fight")


def test_solo_forestbot_icon_crystals_disruptive_plunders_drill():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f4=1, f11=1, chromia=0)
    st.drill, st.cargo = st.loc("chromia"), 2
    run_icons(st, "crystals", side=fb.DISRUPTIVE)
    assert st.ww[st.loc("f4")] == 2  # plunder: the inner forest beside the drill
    assert st.drill == st.board.ferrum  # an unguarded drill is destroyed at once
    assert st.crystals[WW] == 1  # one crystal of the cargo


def test_solo_forestbot_icon_crystals_exalted_steals_one_on_a_win():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f2=3, argentimar=0)
    st.totems = [[st.loc("f14"), 1]]
    st.crystals[IC] = 3
    st.site[st.loc("argentimar")] = FOUNDATION
    put(st, argentimar=1)
    st.hand[WW] = ["WW14"]  # 2 damage: the lone defender falls
    st.hand[IC] = []  # the person can only place no card (forced)
    run_icons(st, "crystals", side=fb.EXALTED)
    assert events(st, "iw.attack")[-1]["to"] == "argentimar" and events(st, "iw.outcome")[-1]["winner"] == WW
    assert events(st, "iw.forestbot.steal") == [{"n": 1}] and st.crystals[IC] == 2


# -- icons: CARD, WARBAND, CUBES, EYE, ALERT, SHIELD --------------------------------------------------------------
@pytest.mark.parametrize("side", [fb.DISRUPTIVE, fb.EXALTED])
def test_solo_forestbot_icon_card_on_top_and_a_crystal(side):
    st = clear(fresh(), deck=["auria", "lithimar"])
    if side == fb.EXALTED:
        st.totems = [[st.loc("f12"), 0]]
    st.hand[WW] = ["WW01P"]
    top = st.deck[WW][-1]
    run_icons(st, "card", side=side)
    assert st.hand[WW] == [top, "WW01P"] and st.crystals[WW] == 1


def test_solo_forestbot_icon_warband_disruptive_recruits_by_priority():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f9=1)
    st.totems = []
    st.site[st.loc("chromia")] = FOUNDATION
    put(st, chromia=1)  # a controlled foundation: f10, f11 border it
    run_icons(st, "warband", side=fb.DISRUPTIVE)
    assert st.ww[st.loc("f10")] + st.ww[st.loc("f11")] == 1


def test_solo_forestbot_icon_warband_exalted_recruits_into_totem_warband_and_once_more():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f6=2)
    st.totems = [[st.loc("f6"), 0]]
    run_icons(st, "warband", side=fb.EXALTED)
    assert st.ww[st.loc("f6")] == 3 and st.ww[st.loc("f12")] == 1  # f12 is the outer forest beside the totem


@pytest.mark.parametrize("side,mode", [(fb.DISRUPTIVE, "interfere"), (fb.EXALTED, "secure")])
def test_solo_forestbot_icon_cubes_two_spirit_markers_and_two_moves(side, mode):
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f10=2, f13=2)
    if side == fb.EXALTED:
        st.totems = [[st.loc("f5"), 0]]
    run_icons(st, "cubes", side=side)
    assert st.forestbot["spirits"] == 2
    moves = events(st, "iw.forestbot.move")
    assert len(moves) == 2 and {m["mode"] for m in moves} == {mode}


def test_solo_forestbot_icon_eye_disruptive_returns_a_discarded_vision():
    st = clear(fresh(), deck=["auria", "lithimar"])
    n_disc = len(st.vision_discard)
    run_icons(st, "eye", side=fb.DISRUPTIVE)
    back = events(st, "iw.forestbot.vision_back")[-1]["mountain"]
    assert back in st.vision_deck and len(st.vision_discard) == n_disc - 1 and back in mark_of(st)


def test_solo_forestbot_icon_eye_exalted_locates():
    st = clear(fresh(), deck=["zincur"])
    put(st, f1=2)
    st.totems = [[st.loc("f12"), 1]]
    run_icons(st, "eye", "card", side=fb.EXALTED)
    assert len(st.totems) == 2  # the last vision card: a totem discovered by zincur, the turn ends
    assert not [e for e in st.log if e.kind == "iw.forestbot.icon" and e.args["fb_icon"] == "card"]


@pytest.mark.parametrize("side", [fb.DISRUPTIVE, fb.EXALTED])
def test_solo_forestbot_icon_alert_spends_another_card_and_resolves_it_alert_again_gives_crystal(side):
    st = clear(fresh(), deck=["auria", "lithimar"])
    if side == fb.EXALTED:
        st.totems = [[st.loc("f12"), 1]]
    st.hand[WW] = ["WW29", "WW01P"]  # WW29: eye, alert
    st.slots[WW] = [["WW09"]]
    run_icons(st, "alert", side=side, card="WW09")
    assert st.slots[WW][-1] == ["WW09", "WW29"] and st.hand[WW] == ["WW01P"]
    icons = [e.args["fb_icon"] for e in st.log if e.kind == "iw.forestbot.icon"][-3:]
    assert icons == ["alert", "eye", "alert_again"]


@pytest.mark.parametrize("side", [fb.DISRUPTIVE, fb.EXALTED])
def test_solo_forestbot_icon_shield_person_chooses_burn_or_crystal(side):
    st = clear(fresh(), deck=["auria", "lithimar"])
    st.forestbot["side"] = side
    st.crystals[IC] = 2
    st.hand[IC] = ["IC01P", "IC04"]
    run_icons(st, "shield")
    assert st.decision.player == IC and sorted(ids(st)) == ["burn IC04", "give 1"]
    n = len(st.hand[WW])
    st.apply("burn IC04")
    assert "IC04" in st.discard[IC] and len(st.hand[WW]) == n + 1
    run_icons(st, "shield")  # no special card left to burn: the crystal, without asking
    assert st.crystals == {WW: 1, IC: 1} and st.decision.kind == "iw.turn"
    st.crystals[IC] = 0
    run_icons(st, "shield")  # neither: the icon changes nothing, the bot gains a crystal in compensation
    assert st.crystals[WW] == 2 and events(st, "iw.forestbot.compensation")


# -- battles against the bot -------------------------------------------------------------------------------------------
def test_solo_forestbot_battle_person_places_first_bot_reveals_top_card_spirits_bonus():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, f2=2, auria=2)
    st.forestbot["spirits"] = 2
    st.hand[WW] = ["WW04", "WW01P"]  # WW04: 0 damage, 1 defense, 4 dominance
    st.hand[IC] = ["IC01P"]
    st.push("iw.battle", att=IC, a=st.loc("auria"), d=st.loc("f2"), card="", win=[], bonus=[0, 0, 0],
            stage="start", again=False)
    st._settle()
    assert st.decision.kind == "iw.battle.place" and st.decision.player == IC
    st.apply("commit IC01P")  # IC01P: 0 damage, 1 defense, 2 dominance
    reveal = events(st, "iw.reveal")[-1]
    assert reveal["defender_card"] == "WW04" and st.hand[WW] == ["WW01P"]
    dmg = events(st, "iw.damage")[-1]
    assert dmg["to_attacker"] == 0 + 1 - 1  # WW04's 0 damage + 1 (Disruptive side) - IC01P's defense
    assert st.forestbot["spirits"] == 1


def test_solo_forestbot_battle_bot_deals_golems_first_never_one_point_to_golem():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, auria=(3, 1), f2=3)
    st.push("iw.battle", att=WW, a=st.loc("f2"), d=st.loc("auria"), card="", win=[], bonus=[0, 0, 0],
            stage="wounded", dmg=[3, 0])
    st.push("iw.forestbot.battle.wound", seat=WW, side="d", n=3)
    st._settle()
    assert events(st, "iw.losses")[-1] == {"seat": IC, "loc": "auria", "warriors": 1, "golems": 1}
    st2 = clear(fresh(), deck=["auria", "lithimar"])
    put(st2, auria=(2, 1), f2=3)
    st2.push("iw.battle", att=WW, a=st2.loc("f2"), d=st2.loc("auria"), card="", win=[], bonus=[0, 0, 0],
             stage="wounded", dmg=[1, 0])
    st2.push("iw.forestbot.battle.wound", seat=WW, side="d", n=1)
    st2._settle()
    assert events(st2, "iw.losses")[-1]["warriors"] == 1 and events(st2, "iw.losses")[-1]["golems"] == 0


def test_solo_forestbot_battle_retreat_to_fewest_units_preferring_unmarked():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, ferrum=2, zincur=0, palladimor=0, auria=1, lithimar=0)  # lithimar is possible (marked)
    st.push("iw.forestbot.battle.retreat", seat=WW, loser=IC, loc=st.loc("ferrum"))
    st._settle()
    r = events(st, "iw.retreat")[-1]
    assert r["to"] in ("zincur", "palladimor") and st.icw[st.board.ferrum] == 0


# -- recruiting ------------------------------------------------------------------------------------------------------
def test_solo_forestbot_recruit_priorities():
    st = clear(fresh(), deck=["auria", "lithimar"])
    st.totems = [[st.loc("f8"), 0]]
    put(st, f14=1)
    assert fb.recruit_place(st, "") == st.loc("f14")  # beside the totem (the only outer forest next to f8)
    st.totems = []
    st.site[st.loc("gallimor")] = FOUNDATION
    put(st, gallimor=1, f12=1)
    assert fb.recruit_place(st, "") == st.loc("f13")  # beside a controlled foundation, fewer warriors
    st.site[st.loc("gallimor")] = 0
    st.vision_deck = ["argentimar", "chromia"]
    put(st, chromia=1, f10=1)
    assert fb.recruit_place(st, "") == st.loc("f9")  # beside a possible uncontrolled outer mountain (argentimar)
    st.vision_deck = ["auria"]
    st.drill = st.loc("plumbarum")
    assert fb.recruit_place(st, "") in (st.loc("f13"), st.loc("f14"))  # nearest the drill


def test_solo_forestbot_end_recruit_spends_two_each_until_one_left():
    st = clear(fresh(), deck=["auria", "lithimar"])
    st.crystals[WW] = 7
    st.push("iw.forestbot.end_recruit", seat=WW)
    st._settle()
    assert st.crystals[WW] == 1 and sum(st.ww) == 3


# -- the Magic die ----------------------------------------------------------------------------------------------------
class FixedDie:
    def __init__(self, face: int) -> None:
        self.face = face

    def below(self, n: int) -> int:
        return self.face


@pytest.mark.parametrize("face,expect", [(0, "f8"), (1, "f7"), (2, "f2"), (3, "f1")])
def test_solo_magic_die_faces(face, expect):
    st = fresh()
    st.rng = FixedDie(face)
    tied = [st.loc(x) for x in ("f1", "f2", "f7", "f8")]
    assert st.lid(magic_die(st, tied)) == expect
    assert events(st, "iw.magic_die")[-1]["face"] == FACES[face]


def test_solo_magic_die_mountain_numbers_and_parity_fallback():
    st = fresh()
    assert location_number(st, st.board.ferrum) == 1 and location_number(st, st.loc("plumbarum")) == 11
    st.rng = FixedDie(0)  # highest even, none even among 1 and 3: the highest odd
    assert st.lid(magic_die(st, [st.loc("f1"), st.loc("f3")])) == "f3"
    n = len(st.log)
    assert magic_die(st, [st.loc("f5")]) == st.loc("f5") and len(st.log) == n  # no tie, no roll


# -- difficulty ------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("level", range(16))
def test_solo_forestbot_difficulty_levels_sum(level):
    vs = fb.variants_for({"difficulty": level})
    assert fb.level_of(vs) == level
    st = GAME.new(seed=level, options={"opponent": "forestbot", "difficulty": level})
    assert st.decision is not None
    assert st.forestbot["variants"] == vs


def test_solo_forestbot_variant_spirits_and_four_specials_and_fewer_foundations():
    st = GAME.new(seed=3, options={"opponent": "forestbot", "variants": ["spirits", "four_specials",
                                                                         "fewer_foundations"]})
    assert st.decision is not None
    assert st.forestbot["spirits"] == 2
    base = st.supply("forge")
    plain = GAME.new(seed=3, options={"opponent": "forestbot"})
    assert plain.decision is not None
    assert base == plain.supply("forge") - 2
    assert len([c for c in st.hand[WW] if not st.card(c).base]) == 4  # 2 at setup + round 1's 2
    assert len([c for c in plain.hand[WW] if not plain.card(c).base]) == 2


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5])
def test_solo_forestbot_variant_extra_warriors(k):
    st = GAME.new(seed=k, options={"opponent": "forestbot", "variants": [f"warriors_{k}"]})
    assert st.decision is not None
    want = 6 if k == 5 else k  # k random outer forests; every one (all 6) for 5 levels
    assert sorted(st.ww[f] for f in fb.outer_forests(st)) == [2] * (6 - want) + [3] * want


def test_solo_forestbot_variant_red_icons_resolved():
    st = GAME.new(seed=1, options={"opponent": "forestbot", "variants": ["red_icons"]})
    assert st.decision is not None
    assert fb.red_on(st) and fb.card_icons(st, "WW04") == ["arrows", "shield"]


def test_solo_forestbot_variants_refused():
    for bad in (["nope"], ["warriors_1", "warriors_2"], ["spirits", "spirits"], "spirits"):
        with pytest.raises(UnsupportedSetup):
            GAME.new(options={"opponent": "forestbot", "variants": bad})
    with pytest.raises(UnsupportedSetup):
        GAME.new(options={"opponent": "forestbot", "variants": ["spirits"], "difficulty": 2})
    st = GAME.new(options={"opponent": "forestbot", "variants": ["spirits", "warriors_2"], "difficulty": 5})
    assert st.decision is not None and st.forestbot["variants"] == ["spirits", "warriors_2"]


@pytest.mark.parametrize(("opts", "key", "polish"), [
    ({"variants": "spirits"}, "error_iw_forestbot_variant_names", "lista nazw"),
    ({"variants": ["nope"]}, "error_iw_forestbot_variant_unknown", "nieznane warianty Lasobota: nope"),
    ({"variants": ["spirits", "spirits"]}, "error_iw_variants_repeated", "najwyżej raz"),
    ({"variants": ["spirits"], "difficulty": 2}, "error_iw_variants_level", "nie zgadza się"),
    ({"handicap": {WW: 2}}, "error_iw_forestbot_handicap", "Lasobot nie dostaje"),
])
def test_solo_forestbot_refusals_are_said_in_the_players_language(opts, key, polish):
    with pytest.raises(UnsupportedSetup) as exc:
        GAME.new(options={"opponent": "forestbot", **opts})
    assert exc.value.key == key and polish in exc.value.text("pl")


def test_solo_forestbot_no_handicap_for_the_bot_but_for_the_person():
    with pytest.raises(UnsupportedSetup):
        GAME.new(options={"opponent": "forestbot", "handicap": {WW: 2}})
    st = GAME.new(options={"opponent": "forestbot", "handicap": {IC: 1}})
    assert st.decision.kind == "iw.handicap" and st.decision.player == IC


def test_solo_forestbot_foundation_placed_adds_spirit_marker():
    st = clear(fresh(), deck=["auria", "lithimar"])
    put(st, cobaltis=2)
    st.push("iw.found", seat=IC, card="", eff={"do": "found"}, again=False, done=0, picks=[])
    st._settle()
    st.apply("found cobaltis")
    assert st.forestbot["spirits"] == 1


# -- soak ----------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("difficulty", [0, 4, 9, 15])
def test_solo_forestbot_soak_random_person(difficulty):
    ends = 0
    for seed in range(60):
        st = GAME.new(seed=seed, options={"opponent": "forestbot", "difficulty": difficulty})
        r = random.Random(seed * 31 + difficulty)
        steps = 0
        while st.result is None and st.round_no <= 30:
            d = st.decision
            assert d is not None and d.player == IC  # the bot never asks
            st.apply(r.choice(d.options).id)
            steps += 1
            assert steps < 5000
            if steps % 97 == 0:
                assert GAME.from_json(GAME.to_json(st)).view(IC) == st.view(IC)
                assert st.copy().view(None) == st.view(None)
        ends += st.result is not None
        for s in (WW, IC):
            assert st.crystals[s] >= 0
        assert st.supply("ww") >= 0 and st.supply("marker") >= 0 and st.supply("forge") >= 0
    assert ends > 0


def test_solo_forestbot_events_and_shield_choice_read_in_both_languages():
    from planszowki import i18n

    seen: set[str] = set()
    for seed in range(40):
        st = GAME.new(seed=seed, options={"opponent": "forestbot", "difficulty": seed % 16})
        r = random.Random(seed)
        while st.result is None and st.round_no <= 30:
            st.apply(r.choice(st.decision.options).id)
        for e in st.log:
            if e.kind.startswith("iw.forestbot") or e.kind == "iw.magic_die":
                seen.add(e.kind)
                for lang in ("en", "pl"):
                    assert "{" not in i18n.render_event(e, lang, game="ironwood", strict=True)
    assert {"iw.forestbot.locate", "iw.forestbot.discover", "iw.forestbot.move", "iw.magic_die"} <= seen
    st = clear(fresh(), deck=["auria", "lithimar"])
    st.crystals[IC] = 1
    st.hand[IC] = ["IC04"]
    run_icons(st, "shield")
    d = st.decision
    for lang in ("en", "pl"):
        assert i18n.decision_prompt(d, lang, game="ironwood", strict=True)
        assert all(i18n.option_label(o, lang, d.kind, game="ironwood", strict=True) for o in d.options)


def test_solo_forestbot_no_leak_hand_and_vision_deck_order():
    st = fresh(seed=5)
    other = st.copy()
    other.vision_deck.reverse()
    i = next(k for k, c in enumerate(other.hand[WW]) if not other.card(c).base)
    other.hand[WW][i], other.deck[WW][0] = other.deck[WW][0], other.hand[WW][i]
    assert other.view(IC) == st.view(IC)
    assert other.view(WW) != st.view(WW)
    d = GAME.determinize(st, IC, 7)
    assert d.view(IC) == st.view(IC) and sorted(d.vision_discard) == sorted(st.vision_discard)
