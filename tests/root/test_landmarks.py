"""Appendix F, Landmarks: the Tower and the Ferry (the variant maps' pieces and their landmark cards), where
Advanced Setup step A.5.3 may place them, F's Safety and Ownership; the Landmarks Pack's Black Market, Elder
Treetop and Legendary Forge (their cards' setup and effects, hidden cards, random playouts on every map); the Lost
City has its own tests (test_lost_city.py)."""

from __future__ import annotations

import pytest
from helpers import GAME, canonical, event_args, ids, landmark_visit, play, position, random_playout, warriors

from planszowki.engine import InvalidPosition, Rng, UnsupportedSetup
from planszowki.games.root import invariants
from planszowki.games.root import landmarks as lm
from planszowki.games.root.content import DECK_SIZE

PACK = ("black_market", "elder_treetop", "legendary_forge", "lost_city")


def test_f_every_landmark_card_is_described_with_its_sources():
    cat = lm.catalog()
    assert set(cat) == {"tower", "ferry", *PACK}
    for name, card in cat.items():
        assert card["name"]["en"] and card["name"]["pl"] and card["setup"] and card["effect"]
        assert len(card["sources"]) >= 2, name
        assert card["implemented"] == (name in lm.PLAYABLE)


def test_f_an_unknown_landmark_is_refused_by_name():
    with pytest.raises(UnsupportedSetup, match="unknown landmark 'atlantis'"):
        GAME.new(seed=1, players=["marquise", "eyrie"], options={"setup": "advanced", "landmarks": ["atlantis"]})


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
    with pytest.raises(InvalidPosition, match="Lost City"):  # listed, but not placed
        position({1: {"tokens": ["keep"]}}, landmarks=["lost_city"])


def test_landmarks_round_trip_through_a_save():
    st = position({10: {"warriors": {"marquise": 3}}, 1: {"tokens": ["keep"]}}, landmarks=["ferry", "tower"],
                  ferry=10, tower=6)
    back = GAME.from_json(GAME.to_json(st))
    assert (back.ferry, back.tower, back.landmarks) == (9, 5, ("ferry", "tower"))
    assert back.view(None)["landmarks"] == [{"landmark": "ferry", "clearing": 10}, {"landmark": "tower", "clearing": 6}]
    assert "march 10->5 x1 ferry" in ids(play(back, "end crafting"))


# -- the Black Market ------------------------------------------------------------------------------
MARKET = ["fox:Anvil", "mouse:Sword", "rabbit:Bake Sale"]


def market_position(clearings: dict, **extra):
    """The Marquise at the start of her Daylight with the Black Market in clearing 1 of Autumn (one slot, no
    ruin), its three cards known to the test."""
    doc = {"landmarks": ["black_market"], "black_market": 1, "market": list(MARKET)} | extra
    return position({3: {"tokens": ["keep"]}, **clearings},
                    players={"marquise": {"hand": ["fox:Root Tea", "bird:Crossbow"]}}, **doc)


def test_f_black_market_setup_deals_three_cards_face_down_unseen():
    st = GAME.new(seed=5, players=["marquise", "eyrie"], options={"setup": "advanced", "landmarks": ["black_market"]})
    assert st.decision.kind == "setup.landmark"
    where = lm.clearings_for(st, "black_market")
    assert where and all(st.map.slots[c] == 1 and not st.map.ruins[c] for c in where)  # its card's placement
    deck = len(st.deck)
    play(st, f"landmark black_market {where[0] + 1}")
    lmk = st.fdata["landmarks"]
    # three cards beside the Black Market, then A.7: five cards to each player
    assert len(lmk["market"]) == 3 and len(st.deck) == deck - 3 - 5 * 2 and lmk["market_seen"] == ["", "", ""]
    for seat in (*st.seats, None):
        v = st.view(seat)
        assert v["landmark_cards"]["black_market"] == {"clearing": where[0] + 1, "count": 3, "known": {}}
        assert not any(e["kind"] == "black_market_private" for e in v["log"])
    assert st.total_cards() == DECK_SIZE


def test_f_black_market_swap_once_per_turn_with_faction_pieces_there():
    st = market_position({1: {"warriors": {"marquise": 1}}, 8: {"buildings": ["workshop"]}})
    offered = {o.id for o in st.decision.options if o.action == "black_market"}
    assert offered == {f"black market {k} for {i}" for k in ("fox:Root Tea", "bird:Crossbow") for i in (1, 2, 3)}
    play(st, "black market bird:Crossbow for 2")
    assert sorted(st.card(c).key for c in st.hands["marquise"]) == ["fox:Root Tea", "mouse:Sword"]
    assert [st.card(c).key for c in st.fdata["landmarks"]["market"]] == ["fox:Anvil", "bird:Crossbow",
                                                                         "rabbit:Bake Sale"]
    assert st.view("marquise")["landmark_cards"]["black_market"]["known"] == {"2": "bird:Crossbow"}
    assert st.view("eyrie")["landmark_cards"]["black_market"]["known"] == {}
    assert event_args(st, "black_market") == [{"faction": "marquise", "slot": 2}]
    assert not any(o.action == "black_market" for o in st.decision.options)  # once on their turn
    assert st.total_cards() == DECK_SIZE


def test_f_black_market_needs_a_faction_piece_in_its_clearing():
    st = market_position({2: {"warriors": {"marquise": 1}}, 8: {"buildings": ["workshop"]}})
    assert not any(o.action == "black_market" for o in st.decision.options)


def test_f_black_market_determinize_redeals_only_the_cards_a_seat_does_not_know():
    st = market_position({1: {"warriors": {"marquise": 1}}, 8: {"buildings": ["workshop"]}})
    play(st, "black market bird:Crossbow for 2")
    mine, theirs = set(), set()
    for k in range(12):
        d = GAME.determinize(st, "marquise", Rng(k))
        market = [d.card(c).key for c in d.fdata["landmarks"]["market"]]
        assert market[1] == "bird:Crossbow"  # the Marquise put it there face down
        mine.add((market[0], market[2]))
        e = GAME.determinize(st, "eyrie", Rng(k))
        theirs.add(e.card(e.fdata["landmarks"]["market"][1]).key)
        assert d.total_cards() == e.total_cards() == DECK_SIZE
        assert canonical(d.view("marquise")) == canonical(st.view("marquise"))
        assert canonical(e.view("eyrie")) == canonical(st.view("eyrie"))
    assert len(mine) > 1 and len(theirs) > 1  # the cards nobody (or not the Eyrie) knows are redealt


# -- the Elder Treetop ------------------------------------------------------------------------------
def test_f_elder_treetop_adds_a_building_slot_to_its_corner_clearing():
    # Autumn's clearing 1 (a fox corner) has one printed slot, filled by a workshop; the Treetop adds one
    st = position({1: {"buildings": ["workshop"], "warriors": {"marquise": 3}}, 3: {"tokens": ["keep"]},
                   2: {"tokens": ["wood"]}},
                  landmarks=["elder_treetop"], elder_treetop=1)
    assert st.open_slots(0) == 1 and st.view(None)["clearings"][0]["slots"] == 2
    play(st, "end crafting")
    build = [o for o in st.decision.options if o.action == "build" and o.args.get("clearing") == 1]
    assert build, "the Treetop's slot can be built in"
    play(st, build[0].id)
    assert st.fdata["landmarks"]["treetop"] == build[0].args["building"]
    assert st.view(None)["landmark_cards"]["elder_treetop"] == {"clearing": 1, "building": build[0].args["building"]}


def test_f_elder_treetop_removing_the_enemy_building_in_its_slot_scores_one_more():
    st = position({1: {"buildings": ["workshop", "roost"], "warriors": {"marquise": 3}}, 3: {"tokens": ["keep"]}},
                  landmarks=["elder_treetop"], elder_treetop=1, treetop="roost")
    play(st, "end crafting", "battle 1 eyrie")
    while st.decision is not None and st.decision.kind != "marquise.daylight":
        st.apply(st.decision.options[0].id)
    assert "roost" not in st.buildings[0]
    assert {"faction": "marquise", "delta": 2, "total": 2, "why": "remove"} in event_args(st, "score")
    assert st.fdata["landmarks"]["treetop"] == ""


def test_f_elder_treetop_a_building_in_a_printed_slot_scores_as_usual():
    st = position({1: {"buildings": ["roost", "workshop"], "warriors": {"eyrie": 3}}, 3: {"tokens": ["keep"]}},
                  landmarks=["elder_treetop"], elder_treetop=1, treetop="workshop", turn="eyrie")
    st.remove_piece(0, "roost", "marquise", "4.3.3")  # an enemy roost in the printed slot
    assert st.vp["marquise"] == 1 and st.fdata["landmarks"]["treetop"] == "workshop"


def test_f_elder_treetop_a_building_stays_in_its_slot_when_the_printed_slot_empties():
    st = position({1: {"buildings": ["workshop", "roost"], "warriors": {"eyrie": 1}}, 3: {"tokens": ["keep"]}},
                  landmarks=["elder_treetop"], elder_treetop=1, treetop="roost", turn="eyrie")
    st.remove_piece(0, "workshop", "eyrie", "4.3.3")  # the printed slot empties; the roost stays in the Treetop's
    assert st.vp["eyrie"] == 1 and st.fdata["landmarks"]["treetop"] == "roost" and st.open_slots(0) == 1
    st.place_building(0, "sawmill", "6.5.3")
    assert st.fdata["landmarks"]["treetop"] == "roost"  # the sawmill takes the printed slot
    st.remove_piece(0, "roost", "marquise", "4.3.3")
    assert st.vp["marquise"] == 2 and st.fdata["landmarks"]["treetop"] == ""


def test_f_black_market_whoever_put_a_card_there_knows_who_takes_it():
    st = market_position({1: {"warriors": {"marquise": 1, "eyrie": 1}}, 8: {"buildings": ["workshop"]}},
                         market_seen=["", "eyrie", ""])
    play(st, "black market bird:Crossbow for 2")  # the Eyrie put mouse:Sword there face down
    sword = next(c for c in st.hands["marquise"] if st.card(c).key == "mouse:Sword")
    assert ("marquise", sword) in st.known_cards("eyrie")
    for k in range(4):  # the Eyrie's redeal keeps it in the Marquise's hand
        d = GAME.determinize(st, "eyrie", Rng(k))
        assert sword in d.hands["marquise"]


# -- the Legendary Forge ----------------------------------------------------------------------------
def forge_position(at_forge: bool, seat: str = "marquise"):
    # the Forge in clearing 1 of Autumn (fox): 2 swords, the crossbow and the hammer lie on its card
    clearings = {3: {"tokens": ["keep"]}, 8: {"buildings": ["workshop"]}}
    if at_forge:
        clearings[1] = {"warriors": {"marquise": 1}}
    return position(clearings, players={"marquise": {"hand": ["fox:Anvil", "rabbit:A Visit to Friends"]}},
                    landmarks=["legendary_forge"], legendary_forge=1)


def test_f_legendary_forge_setup_moves_its_suits_items_from_the_supply():
    st = GAME.new(seed=5, players=["marquise", "eyrie"],
                  options={"setup": "advanced", "landmarks": ["legendary_forge"]})
    c = lm.clearings_for(st, "legendary_forge")[0]
    play(st, f"landmark legendary_forge {c + 1}")
    items = sorted(lm.FORGE_ITEMS[st.suits[c]])
    assert sorted(st.fdata["landmarks"]["forge"]) == items
    assert all(st.items[i] == 0 for i in items)  # every copy of those items lies on the Forge's card
    assert st.view(None)["landmark_cards"]["legendary_forge"] == {"clearing": c + 1, "items": items}


def test_f_legendary_forge_its_items_need_a_faction_piece_at_the_forge():
    st = forge_position(at_forge=False)
    assert st.items["hammer"] == 0 and "hammer" in st.fdata["landmarks"]["forge"]
    assert "craft fox:Anvil" not in ids(st)


def test_f_legendary_forge_crafting_its_item_draws_a_card_and_scores_one_more():
    st = forge_position(at_forge=True)
    hand = len(st.hands["marquise"])
    play(st, "craft fox:Anvil")
    assert st.crafted_items["marquise"] == ["hammer"] and "hammer" not in st.fdata["landmarks"]["forge"]
    assert st.vp["marquise"] == 3  # 2 for the Anvil (3.2.2) and 1 for the Forge
    assert len(st.hands["marquise"]) == hand - 1 + 1  # the Anvil crafted, a card drawn
    assert {"faction": "marquise", "delta": 1, "total": 3, "why": "legendary_forge"} in event_args(st, "score")
    invariants.check_crafted_items(st)


def test_f_legendary_forge_scores_its_point_even_with_disdain_for_trade():
    st = position({3: {"tokens": ["keep"]}, 1: {"buildings": ["roost"], "warriors": {"eyrie": 1}}},
                  turn="eyrie", players={"eyrie": {"hand": ["bird:Crossbow"], "leader": "charismatic"}},
                  landmarks=["legendary_forge"], legendary_forge=1)
    craft = [o.id for o in st.decision.options if o.action == "craft"]
    assert craft == ["craft bird:Crossbow"], st.decision.kind
    play(st, craft[0])
    assert st.vp["eyrie"] == 2  # 7.2.3 Disdain for Trade: 1 for the item, and the Forge's point


# -- positions, saves, random playouts ----------------------------------------------------------------
def test_position_landmarks_pack_fields_are_checked():
    with pytest.raises(InvalidPosition, match="say in which clearing"):
        position({3: {"tokens": ["keep"]}}, landmarks=["black_market"])
    with pytest.raises(InvalidPosition, match="list 'elder_treetop'"):
        position({3: {"tokens": ["keep"]}}, elder_treetop=1)
    with pytest.raises(InvalidPosition, match="forge"):
        position({3: {"tokens": ["keep"]}}, landmarks=["legendary_forge"], legendary_forge=1, forge=["tea"])
    with pytest.raises(InvalidPosition, match="slot"):
        position({1: {"buildings": ["workshop", "sawmill", "recruiter"]}, 3: {"tokens": ["keep"]}},
                 landmarks=["elder_treetop"], elder_treetop=1)


def test_landmarks_pack_round_trip_through_a_save():
    st = market_position({1: {"warriors": {"marquise": 1}}, 8: {"buildings": ["workshop"]}})
    play(st, "black market bird:Crossbow for 2")
    back = GAME.from_json(GAME.to_json(st))
    assert canonical(back.view("marquise")) == canonical(st.view("marquise"))
    assert back.fdata["landmarks"] == st.fdata["landmarks"]


@pytest.mark.parametrize("name", ("black_market", "elder_treetop", "legendary_forge"))
@pytest.mark.parametrize("map_", ("autumn", "winter", "lake", "mountain"))
def test_f_random_playouts_with_each_landmark_on_every_map(name, map_):
    players = ("marquise", "eyrie", "alliance", "vagabond")
    options = {"setup": "advanced", "map": map_, "landmarks": [name]}
    import random
    rnd = random.Random(7)

    visit = landmark_visit(rnd, 97, 40)  # promise 4 and the save, every 97 steps

    st, chosen = random_playout(11, players=players, options=options, visit=visit)
    assert st.terminal and name in st.landmarks
    again = GAME.new(seed=11, players=list(players), options=options)
    for oid in chosen:
        again.apply(oid)
    assert canonical(GAME.to_json(again)) == canonical(GAME.to_json(st))  # promise 2: deterministic


@pytest.mark.parametrize("name", ("black_market", "elder_treetop", "legendary_forge"))
def test_f_every_bot_finishes_a_game_with_each_landmark(name):
    """Heuristic bots (and one ISMCTS seat, kept cheap) play a game with the landmark to its end; with the Black
    Market the heuristics swap weak cards there."""
    from planszowki.bots.heuristic import HeuristicBot
    from planszowki.bots.ismcts import ISMCTSBot
    from planszowki.bots.random import RandomBot

    players = ["marquise", "eyrie", "alliance", "vagabond"]
    st = GAME.new(seed=3, players=players, options={"setup": "advanced", "map": "winter", "landmarks": [name]})
    bots = {"marquise": HeuristicBot(seed=1), "eyrie": HeuristicBot(seed=2), "alliance": RandomBot(seed=3),
            "vagabond": HeuristicBot(seed=4)}
    ismcts = ISMCTSBot(seed=5, iterations=4, depth=4)
    steps = 0
    while st.decision is not None:
        assert steps < 6000
        d = st.decision
        bot = ismcts if d.player == "eyrie" and steps % 40 == 0 else bots[d.player]
        st.apply(bot.choose(st, d.player))
        steps += 1
    assert st.result is not None and name in st.landmarks
    invariants.check_cards(st)


def test_rootlog_writes_the_landmark_setup_header():
    """Rootlog's Landmark Setup (spec: ``Landmarks: market->1/forge->7``, names ``market``, ``treetop``, ``forge``);
    the Black Market's swaps and the Forge's items have no notation and are not written."""
    from planszowki.games.root import rootlog

    st = GAME.new(seed=5, players=["marquise", "eyrie"],
                  options={"setup": "advanced", "landmarks": ["black_market", "legendary_forge"]})
    while st.decision.kind == "setup.landmark":
        play(st, st.decision.options[0].id)
    placed = {lm.placed(st)[n] + 1 for n in ("black_market", "legendary_forge")}
    header = next(line for line in rootlog.write(st).splitlines() if line.startswith("Landmarks: "))
    parts = header.removeprefix("Landmarks: ").split("/")
    assert {p.split("->")[0] for p in parts} == {"market", "forge"}
    assert {int(p.split("->")[1]) for p in parts} == placed
    rootlog.read(rootlog.write(st))  # the reader takes the header


def test_terminal_board_shows_the_landmarks_pack_in_both_languages():
    from planszowki.cli import board

    st = position({1: {"buildings": ["workshop", "roost"], "warriors": {"marquise": 3}}, 3: {"tokens": ["keep"]}},
                  landmarks=["elder_treetop", "legendary_forge"], elder_treetop=1, treetop="roost", legendary_forge=6)
    en = board.map_line(st.view(None), "en").plain
    assert "Elder Treetop: clearing 1" in en and "Legendary Forge: clearing 6" in en
    pl = board.map_line(st.view(None), "pl").plain
    assert "Prastara Korona Drzewa: polana 1" in pl and "Legendarna Kuźnia: polana 6" in pl and "miecz" in pl
    market = market_position({1: {"warriors": {"marquise": 1}}, 8: {"buildings": ["workshop"]}})
    play(market, "black market bird:Crossbow for 2")
    assert "(yours: 2: Crossbow" in board.map_line(market.view("marquise"), "en").plain
    assert "yours" not in board.map_line(market.view("eyrie"), "en").plain


@pytest.mark.parametrize("name", ("black_market", "elder_treetop", "legendary_forge"))
def test_f_landmark_games_render_strictly_in_both_languages(name):
    """Every event, and every option of the landmark's own (the Black Market's swap, the landmark's set up), renders in
    English and Polish with no missing entry or argument."""
    from planszowki import i18n

    seen = set()

    def visit(st, step):
        d = st.decision
        for o in d.options:
            if o.action in ("black_market", "landmark") and (o.action, d.kind) not in seen:
                seen.add((o.action, d.kind))
                for lang in i18n.LANGS:
                    assert "{" not in i18n.option_label(o, lang, d.kind, strict=True)

    st, _ = random_playout(2, players=("marquise", "eyrie", "alliance", "vagabond"),
                           options={"setup": "advanced", "landmarks": [name]}, visit=visit)
    kinds = {e.kind for e in st.log}
    assert {"black_market_dealt", "forge_items"} & kinds or name == "elder_treetop"
    for ev in st.log:
        for lang in i18n.LANGS:
            assert "{" not in i18n.render_event(ev, lang, strict=True), ev
