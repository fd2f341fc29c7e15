"""Appendix F, the Landmarks Pack's Lost City: set up by A.5.3 in a clearing on a river (the Lake's coastal clearings),
not next to another landmark; its clearing is a fox, a mouse and a rabbit clearing at once, for all purposes.

Autumn (printed numbers): 1 fox, 2 mouse, 3 rabbit, 4 rabbit (corners); 5 rabbit, 6 fox, 7 mouse, 8 fox, 9 mouse,
10 rabbit, 11 mouse, 12 fox. Rivers 4–7, 5–10, 7–11, 10–11. Clearing 5 (rabbit, two slots, on the river 5–10) holds
the Lost City below unless said otherwise.
"""

from __future__ import annotations

import random

import pytest
from helpers import GAME, canonical, event_args, hand, ids, landmark_visit, play, position, random_playout, warriors

from planszowki.games.root import landmarks as lm
from planszowki.games.root import turn
from planszowki.games.root.content import SUITS
from planszowki.games.root.state import WILD

CITY = 5  # printed number; a rabbit clearing
LOST_CITY = {"landmarks": ["lost_city"], "lost_city": CITY}
KEEP = {3: {"tokens": ["keep"]}}


def city(clearings: dict, **extra):
    return position({**KEEP, **clearings}, **LOST_CITY, **extra)


# -- the card and its setup (A.5.3) -------------------------------------------------------------------
def test_f_lost_city_is_playable_and_described():
    card = lm.catalog()["lost_city"]
    assert card["implemented"] and "lost_city" in lm.PLAYABLE and lm.problem(["lost_city"]) is None
    assert card["placement"] == "river" and card["apart"]


@pytest.mark.parametrize("map_", ["autumn", "lake"])
def test_a_5_3_lost_city_goes_to_a_clearing_on_a_river_not_next_to_a_landmark(map_):
    st = GAME.new(seed=3, players=["marquise", "eyrie"],
                  options={"setup": "advanced", "map": map_, "landmarks": ["lost_city"], "map_landmarks": "ignore"})
    where = lm.clearings_for(st, "lost_city")
    assert where and all(st.map.rivers[c] for c in where)  # on the Lake map: the coastal clearings
    if map_ == "lake":
        assert set(where) == set(st.map.coastal)
    st.tower = where[0]  # a landmark there now: neither that clearing nor its neighbours
    again = lm.clearings_for(st, "lost_city")
    assert where[0] not in again and not any(c in st.adj[where[0]] for c in again)


def test_a_5_3_lost_city_is_set_up_by_a_player_and_stored_once():
    st = GAME.new(seed=4, players=["marquise", "eyrie"], options={"setup": "advanced", "landmarks": ["lost_city"]})
    assert st.decision.kind == "setup.landmark"
    offered = {o.args["clearing"] - 1 for o in st.decision.options}
    assert offered == set(lm.clearings_for(st, "lost_city"))
    c = sorted(offered)[0]
    play(st, f"landmark lost_city {c + 1}")
    assert st.lost_city() == c and st.fdata["landmarks"] == {"lost_city": c}
    assert lm.placed(st) == {"lost_city": c}
    assert event_args(st, "landmark")[-1]["landmark"] == "lost_city"


# -- a clearing of every suit ----------------------------------------------------------------------------
def test_f_lost_city_clearing_is_fox_mouse_and_rabbit_at_once():
    st = city({})
    c = CITY - 1
    assert st.clearing_suits(c) == SUITS and all(st.suit_matches(c, s) for s in SUITS)
    assert not st.suit_matches(c, "bird")  # birds match by 2.1.1, never as a clearing's suit
    assert st.clearing_suits(0) == ("fox",) and not st.suit_matches(0, "rabbit")  # the others keep their one suit
    plain = position(KEEP)
    assert plain.lost_city() == -1 and plain.clearing_suits(c) == ("rabbit",) and not plain.suit_matches(c, "fox")


def test_f_a_card_of_any_suit_matches_the_lost_city():
    st = city({}, players={"marquise": {"hand": ["fox:Anvil", "mouse:Sword", "rabbit:Bake Sale", "bird:Sappers"]}})
    keys = sorted(st.card(x).key for x in st.clearing_cards("marquise", CITY - 1))
    assert keys == ["bird:Sappers", "fox:Anvil", "mouse:Sword", "rabbit:Bake Sale"]
    assert [st.card(x).key for x in st.clearing_cards("marquise", 0)] == ["fox:Anvil", "bird:Sappers"]


# -- 4.1.1 crafting pieces in the Lost City ---------------------------------------------------------------
def test_4_1_1_f_crafting_pieces_in_the_lost_city_each_pay_a_different_suit():
    # workshops: two in the Lost City (5), one in 1 (fox); Tax Collector costs a fox, a rabbit and a mouse
    board = {CITY: {"buildings": ["workshop", "workshop"]}, 1: {"buildings": ["workshop"]}}
    hand_ = {"marquise": {"hand": ["fox:Tax Collector"]}}
    without = position({**KEEP, **board}, players=hand_)
    assert "craft fox:Tax Collector" not in ids(without)  # two rabbit workshops and a fox one: no mouse
    st = city(board, players=hand_)
    assert "craft fox:Tax Collector" in ids(st)
    opt = next(o for o in st.decision.options if o.id == "craft fox:Tax Collector")
    assert sorted(opt.args["pieces"]) == ["fox", WILD, WILD]  # the fox workshop pays the fox; the city the rest
    play(st, "craft fox:Tax Collector")
    assert "fox:Tax Collector" not in hand(st, "marquise") and st.turn[f"craft_{WILD}"] == 2


def test_4_1_1_f_lost_city_pieces_pay_only_what_the_other_pieces_cannot():
    # (fox, rabbit, mouse, Lost City) free pieces -> the ways to pay a cost
    assert turn._ways(("fox",), 1, 0, 0, 1) == (("fox",),)  # the fox piece; the Lost City's stays free
    assert turn._ways(("fox", "fox"), 1, 0, 0, 1) == (("fox", WILD),)
    assert turn._ways(("fox", "fox"), 0, 0, 0, 1) == ()  # one piece pays one suit of the cost
    assert turn._ways(("mouse", "mouse", "mouse"), 0, 0, 1, 2) == (("mouse", WILD, WILD),)
    assert turn._ways(("any", "any"), 1, 0, 0, 1) == (("fox", WILD),)
    assert turn._ways(("any",), 1, 1, 0, 3) == (("fox",), ("rabbit",))
    assert turn._ways(("fox", "rabbit"), 1, 1, 0, 0) == (("fox", "rabbit"),)  # no Lost City: as before


def test_4_1_1_f_each_roost_and_hammer_in_the_lost_city_is_wild():
    from planszowki.games.root.factions import eyrie, vagabond

    st = city({CITY: {"buildings": ["roost"], "warriors": {"eyrie": 1}}, 8: {"buildings": ["roost"]}})
    assert eyrie.crafting_pieces(st, "eyrie") == {WILD: 1, "fox": 1}
    st = city({}, seats=("marquise", "vagabond"),
              players={"vagabond": {"character": "tinker", "where": str(CITY), "items": ["hammer", "hammer", "torch"]}})
    assert vagabond.crafting_pieces(st, "vagabond") == {WILD: 2}


# -- 4.3.1 ambush -------------------------------------------------------------------------------------------
def test_4_3_1_f_ambush_in_the_lost_city_any_suit_and_attacker_and_defender_may_differ():
    board = {CITY: {"warriors": {"marquise": 2, "eyrie": 2}}}
    players = {"eyrie": {"hand": ["mouse:Ambush!"]}, "marquise": {"hand": ["fox:Ambush!"]}}
    plain = position({**KEEP, **board}, players=players)
    play(plain, "end crafting", "battle 5 eyrie")
    assert ids(plain) == {"no ambush"}  # a mouse ambush cannot be played in a rabbit clearing
    st = city(board, players=players)
    play(st, "end crafting", "battle 5 eyrie")
    assert ids(st) == {"ambush mouse:Ambush!", "no ambush"}
    play(st, "ambush mouse:Ambush!")
    assert ids(st) == {"foil fox:Ambush!", "no foil"}  # the attacker's, of another suit
    play(st, "foil fox:Ambush!")
    assert [a["card"] for a in event_args(st, "ambush")] == ["mouse:Ambush!"]


# -- 7.5.2 the Eyrie's Decree ---------------------------------------------------------------------------------
def test_7_5_2_f_a_decree_card_of_any_suit_may_be_resolved_in_the_lost_city():
    decree = {"recruit": ["mouse:Sword"], "move": [], "battle": [], "build": []}
    board = {CITY: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}, 2: {"warriors": {"eyrie": 1},
                                                                         "buildings": ["roost"]}}
    players = {"eyrie": {"leader": "builder", "decree": decree}}
    st = city(board, turn="eyrie", players=players)
    play(st, "resolve decree")
    assert ids(st) >= {"recruit 5 with mouse", "recruit 2 with mouse"}
    plain = position({**KEEP, **board}, turn="eyrie", players=players)
    play(plain, "resolve decree")
    assert "recruit 5 with mouse" not in ids(plain)


# -- 3.3.1.I dominance ---------------------------------------------------------------------------------------
def test_3_3_1_I_f_the_lost_city_counts_as_a_clearing_of_the_dominance_suit():
    # the Marquise rule 1 and 6 (fox) and the Lost City (printed rabbit): three fox clearings
    board = {1: {"warriors": {"marquise": 1}}, 6: {"warriors": {"marquise": 1}}, CITY: {"warriors": {"marquise": 1}},
             2: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}
    players = {"marquise": {"vp": 14, "dominance": "fox:Dominance"}}
    plain = position({**KEEP, **board}, phase="birdsong", remove_dominance=False, players=players)
    assert not plain.terminal
    st = city(board, phase="birdsong", remove_dominance=False, players=players)
    assert st.terminal and st.result["winners"] == ["marquise"] and st.result["rule"] == "3.3.1.I"


def test_4_1_2_f_a_favor_removes_enemy_pieces_in_the_lost_city():
    # workshops in the mouse clearings 2, 7 and 9 pay the Favor of the Mice; the Eyrie's warriors in the Lost City go
    workshops = {c: {"buildings": ["workshop"]} for c in (2, 7, 9)}
    st = city({CITY: {"warriors": {"eyrie": 2}}, 12: {"warriors": {"eyrie": 1}}, **workshops},
              players={"marquise": {"hand": ["mouse:Favor of the Mice"]}})
    play(st, "craft mouse:Favor of the Mice")
    assert warriors(st, CITY, "eyrie") == 0 and warriors(st, 12, "eyrie") == 1  # 12 is a fox clearing


# -- 8.4 the Woodland Alliance -------------------------------------------------------------------------------
def test_8_4_1_f_revolt_in_the_lost_city_names_the_base_and_spends_supporters_of_any_suit():
    seats = ("marquise", "eyrie", "alliance")
    board = {CITY: {"tokens": ["sympathy"], "warriors": {"eyrie": 1}}, 2: {"tokens": ["sympathy"]},
             9: {"tokens": ["sympathy"]}, 1: {"tokens": ["sympathy"]}, 8: {"warriors": {"eyrie": 1},
                                                                         "buildings": ["roost"]}}
    st = city(board, seats=seats, turn="alliance", phase="birdsong",
              players={"alliance": {"supporters": ["fox:Anvil", "rabbit:Bake Sale"]}})
    revolts = {o for o in ids(st) if o.startswith("revolt")}
    assert revolts == {"revolt 5 fox", "revolt 5 rabbit", "revolt 5 mouse"}  # 1 (fox) has one slot, but no room
    play(st, "revolt 5 mouse")
    assert ids(st) == {"spend fox:Anvil", "spend rabbit:Bake Sale"}
    play(st, "spend fox:Anvil", "spend rabbit:Bake Sale")
    assert "base_mouse" in st.buildings[CITY - 1] and warriors(st, CITY, "eyrie") == 0
    # warriors: the sympathetic clearings matching the base's printed suit — 2 and 9 (mouse) and the Lost City
    assert warriors(st, CITY, "alliance") == 3


def test_8_2_6_f_outrage_in_the_lost_city_takes_a_card_of_any_suit():
    seats = ("marquise", "eyrie", "alliance")
    st = city({CITY: {"tokens": ["sympathy"]}, 1: {"warriors": {"marquise": 2}}}, seats=seats,
              players={"marquise": {"hand": ["mouse:Sword", "fox:Anvil"]}})
    play(st, "end crafting", "march 1->5 x1")
    assert st.decision.kind == "alliance.outrage.pay"
    assert ids(st) == {"outrage mouse:Sword", "outrage fox:Anvil"}


# -- 12.5.3 the Duchy's sway ---------------------------------------------------------------------------------
def test_12_5_3_f_duchy_sway_counts_the_lost_city_once_for_a_card_of_any_suit():
    from planszowki.games.root.factions import duchy

    seats = ("marquise", "duchy")
    # Duchy pieces in 1 (fox) and the Lost City: two fox cards can be revealed (one for each), never three cards
    st = city({1: {"warriors": {"duchy": 1}}, CITY: {"warriors": {"duchy": 1}}}, seats=seats, turn="duchy",
              players={"duchy": {"hand": ["fox:Anvil", "fox:Root Tea", "mouse:Sword"], "burrow": 4}})
    assert duchy.sway_capacity(st) == {"fox": 1, "rabbit": 0, "mouse": 0, WILD: 1}
    play(st, "end assembly")
    assert {o for o in ids(st) if o.startswith("sway ")} == {"sway foremole", "sway captain", "sway marshal"}
    play(st, "sway captain", "sway captain reveal fox:Anvil")
    assert ids(st) == {"sway captain reveal fox:Root Tea", "sway captain reveal mouse:Sword"}
    play(st, "sway captain reveal fox:Root Tea")
    assert st.fdata["duchy"]["swayed"] == ["captain"]


# -- 10 the Lizard Cult ----------------------------------------------------------------------------------------
def test_10_2_1_faq_cult_crafts_with_gardens_printed_as_the_outcast_even_in_the_lost_city():
    """The Law's FAQ (10.4.1): gardens whose printed suit matches the Outcast craft — "generally this matches the
    clearing, except with the Lost City landmark"; such a garden in the Lost City pays any one suit."""
    from planszowki.games.root.factions import cult

    seats = ("marquise", "cult")
    st = city({CITY: {"buildings": ["garden_fox", "garden_mouse"], "warriors": {"cult": 1}}}, seats=seats,
              turn="cult", players={"cult": {"outcast": "fox"}})
    assert cult.crafting_pieces(st, "cult") == {WILD: 1}  # the fox garden only, for any suit
    st.fdata["cult"]["outcast"] = "rabbit"  # the clearing's printed suit, yet neither garden is printed rabbit
    assert cult.crafting_pieces(st, "cult") == {}
    assert CITY - 1 in cult.outcast_clearings(st)  # the Lost City matches a rabbit Outcast for the conspiracies


def test_10_3_2_f_cult_starting_in_the_lost_city_names_its_garden():
    st = GAME.new(seed=2, players=["marquise", "cult"], options={"setup": "advanced", "landmarks": ["lost_city"]})
    play(st, "landmark lost_city 4")  # corner 4 (rabbit) is on the river 4–7
    play(st, "keep 2")  # the Cult's corner must face the keep: 4
    while st.decision.kind == "marquise.setup.building":
        play(st, st.decision.options[0].id)
    assert st.decision.kind == "cult.setup.corner"
    assert ids(st) == {"start 4 fox", "start 4 mouse", "start 4 rabbit"}
    play(st, "start 4 mouse")
    assert st.buildings[3] == ["garden_mouse"] and warriors(st, 4, "cult") == 4


def test_a_8_2_f_cult_setup_card_with_its_homeland_in_the_lost_city_names_the_garden():
    from planszowki.games.root import setup_cards

    st = city({}, seats=("marquise", "cult"), turn="cult")
    setup_cards._place_cult(st, "cult", [CITY - 1])  # the Cult's card, its homeland the Lost City
    st._decision = None
    assert st.decision.kind == "setup.cult_garden" and st.decision.player == "cult"
    assert ids(st) == {"garden fox", "garden rabbit", "garden mouse"}
    play(st, "garden fox")
    assert "garden_fox" in st.buildings[CITY - 1] and warriors(st, CITY, "cult") == 4


def test_10_5_1_f_a_ritual_of_any_suit_builds_that_suits_garden_in_the_lost_city():
    seats = ("marquise", "cult")
    st = city({CITY: {"warriors": {"cult": 2}}}, seats=seats, turn="cult",
              players={"cult": {"outcast": "fox", "hand": ["mouse:Sword"]}})
    assert {"build 5 with mouse:Sword", "recruit 5 with mouse:Sword"} <= ids(st)
    play(st, "build 5 with mouse:Sword")
    assert "garden_mouse" in st.buildings[CITY - 1]


# -- placing a piece "matching the clearing" -------------------------------------------------------------------
def test_11_5_6_f_riverfolk_name_the_trade_post_in_the_lost_city():
    seats = ("marquise", "riverfolk")
    st = city({CITY: {"warriors": {"marquise": 2}}}, seats=seats, turn="riverfolk",
              players={"riverfolk": {"funds": {"marquise": 2}}})
    posts = {o for o in ids(st) if o.startswith("trade post 5")}
    assert posts == {"trade post 5 fox", "trade post 5 rabbit", "trade post 5 mouse"}
    play(st, "trade post 5 mouse")
    assert "trade_mouse" in st.tokens[CITY - 1] and warriors(st, CITY, "riverfolk") == 1


def test_13_3_2_f_corvid_scatter_in_the_lost_city_names_its_suit():
    from planszowki.games.root.factions import corvid

    st = city({}, seats=("marquise", "corvid"))
    fr = {"k": "corvid.setup.scatter", "seat": "corvid", "done": ["rabbit"]}
    opts = {o.id for o in corvid.SetupScatter().options(st, fr)}
    assert {"scatter 5 fox", "scatter 5 mouse"} <= opts and "scatter 5 rabbit" not in opts
    assert "scatter 10" not in opts and "scatter 1" in opts  # 10 is a rabbit clearing; rabbit is done


# -- views, positions, saves, the terminal board -----------------------------------------------------------
def test_f_lost_city_in_views_saves_positions_and_the_terminal_board():
    from planszowki.cli import board

    st = city({1: {"warriors": {"marquise": 1}}})
    for seat in ("marquise", "eyrie", None):
        v = st.view(seat)
        assert {"landmark": "lost_city", "clearing": CITY} in v["landmarks"]
        assert v["landmark_cards"]["lost_city"] == {"clearing": CITY, "suits": list(SUITS)}
    back = GAME.from_json(GAME.to_json(st))
    assert back.lost_city() == CITY - 1 and canonical(back.view(None)) == canonical(st.view(None))
    assert "Lost City: clearing 5, a fox, mouse and rabbit clearing at once" in board.map_line(st.view(None),
                                                                                                "en").plain
    assert "Zaginione Miasto: polana 5" in board.map_line(st.view(None), "pl").plain


def test_rootlog_writes_the_lost_city_in_the_landmark_setup_header():
    from planszowki.games.root import rootlog

    st = GAME.new(seed=5, players=["marquise", "eyrie"], options={"setup": "advanced", "landmarks": ["lost_city"]})
    play(st, "landmark lost_city 5")
    text = rootlog.write(st)
    assert "Landmarks: city->5" in text.splitlines()
    rootlog.read(text)  # the reader takes the header


def test_position_lost_city_field_is_checked():
    from planszowki.engine import InvalidPosition

    with pytest.raises(InvalidPosition, match="lost_city"):
        position(KEEP, landmarks=["lost_city"], lost_city=13)
    with pytest.raises(InvalidPosition, match="lost_city"):
        position(KEEP, lost_city=5)  # not listed in 'landmarks'
    # a base, a trade post or a garden of any suit may stand in the Lost City
    st = city({CITY: {"buildings": ["base_fox"], "tokens": ["trade_mouse"]}},
              seats=("marquise", "alliance", "riverfolk"))
    assert "base_fox" in st.buildings[CITY - 1]
    with pytest.raises(InvalidPosition, match="base"):
        position({**KEEP, CITY: {"buildings": ["base_fox"]}}, seats=("marquise", "alliance"))


# -- random playouts: invariants, determinism, no leaks ----------------------------------------------------------
LINEUPS = {
    "autumn": ("marquise", "eyrie", "alliance", "vagabond", "cult"),
    "winter": ("riverfolk", "duchy", "corvid", "eyrie"),
    "lake": ("warlord", "keepers", "alliance", "riverfolk"),
    "mountain": ("marquise", "duchy", "cult", "corvid", "vagabond"),
}


@pytest.mark.parametrize("map_", sorted(LINEUPS))
def test_f_random_playouts_with_the_lost_city_on_every_map(map_):
    players = LINEUPS[map_]
    options = {"setup": "advanced", "map": map_, "landmarks": ["lost_city"], "landmark_count": 1}
    rnd = random.Random(5)

    visit = landmark_visit(rnd, 89, 30)  # promise 4 and the save, every 89 steps

    st, chosen = random_playout(13, players=players, options=options, visit=visit)
    assert st.terminal and st.lost_city() >= 0
    again = GAME.new(seed=13, players=list(players), options=options)
    for oid in chosen:
        again.apply(oid)
    assert canonical(GAME.to_json(again)) == canonical(GAME.to_json(st))  # promise 2: deterministic
