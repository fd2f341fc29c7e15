"""Chapter 11, the Riverfolk Company (Kompania Plemion Rzecznych): one scenario per rule, built with positions.

Autumn map (printed numbers): suits 1 fox, 2 mouse, 3 rabbit, 4 rabbit, 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1–5 1–9 1–10, 2–5 2–6 2–10, 3–6 3–7 3–11, 4–8 4–9 4–12, 6–11,
7–8 7–12, 9–12, 10–12, 11–12. Rivers (not paths, 2.3): 4–7, 5–10, 7–11, 10–11.
"""

from __future__ import annotations

import random

import pytest
from helpers import GAME, canonical, event_args, hand, ids, play, position, tokens, warriors

from planszowki.engine import InvalidPosition, Rng
from planszowki.games.root.factions.riverfolk import POST_VP

SEATS = ("marquise", "eyrie", "riverfolk")


def pos(clearings=None, *, turn="riverfolk", phase="daylight", riverfolk=None, marquise=None, eyrie=None, **extra):
    players = {"riverfolk": dict(riverfolk or {}), "marquise": dict(marquise or {}), "eyrie": dict(eyrie or {})}
    return position(clearings, turn=turn, phase=phase, seats=SEATS, players=players, **extra)


def board(st):
    return st.fdata["riverfolk"]


# -- 11.2 Faction rules ------------------------------------------------------------------------------------
def test_11_2_2_swimmers_move_along_rivers_without_rule():
    st = pos({5: {"warriors": {"riverfolk": 1, "marquise": 3}}, 10: {"warriors": {"eyrie": 3}}},
             riverfolk={"funds": 1})
    # 5–10 is a river: ruling neither clearing, the Riverfolk still move along it; 5–1 is a path and needs rule
    assert "move 5->10 x1" in ids(st)
    assert "move 5->1 x1" not in ids(st)
    play(st, "move 5->10 x1")
    assert warriors(st, 10, "riverfolk") == 1
    assert board(st)["committed"] == ["riverfolk"]  # 11.5.1: one fund committed


def test_11_2_3_public_hand_is_in_every_view_and_kept_by_determinize():
    st = pos({5: {"warriors": {"riverfolk": 1}}}, riverfolk={"hand": ["fox:Anvil", "mouse:Sword"], "funds": 1},
             marquise={"hand": ["rabbit:Cobbler"]})
    for seat in (*SEATS, None):
        assert st.view(seat)["players"]["riverfolk"]["hand"] == ["fox:Anvil", "mouse:Sword"]
    assert st.view("eyrie")["players"]["marquise"]["hand"] is None
    for seed in range(5):
        d = GAME.determinize(st, "eyrie", Rng(seed))
        assert hand(d, "riverfolk") == ["fox:Anvil", "mouse:Sword"]


def test_11_2_5_I_trade_disruption_removes_half_the_funds_rounded_up_and_the_post_for_good():
    st = pos({7: {"warriors": {"marquise": 3, "riverfolk": 0}, "tokens": ["trade_mouse"]}}, turn="marquise",
             riverfolk={"funds": {"riverfolk": 3, "marquise": 2}})
    play(st, "end crafting", "battle 7 riverfolk")
    while st.decision.player != "marquise" or st.decision.kind != "marquise.daylight":
        d = st.decision
        pick = [o.id for o in d.options if o.id.startswith("remove fund marquise")] or [d.options[-1].id]
        st.apply(pick[0])
    assert "trade_mouse" not in tokens(st, 7)
    assert board(st)["lost"] == ["mouse"]
    assert len(board(st)["funds"]) == 2  # 5 funds: 3 removed
    assert st.vp["marquise"] == 1  # 3.2.1 an enemy token
    # the space the lost post leaves stays empty: a crafting piece for good (11.2.1)
    from planszowki.games.root.factions.riverfolk import crafting_pieces, posts_on_track

    assert posts_on_track(st, "mouse") == 2 and crafting_pieces(st, "riverfolk")["mouse"] == 1


# -- 11.2.6–11.2.7 Services ----------------------------------------------------------------------------------
def test_11_2_6_services_offered_at_the_start_of_birdsong_when_the_buyer_can_pay():
    st = pos({1: {"warriors": {"marquise": 1}, "tokens": ["keep"]}}, turn="marquise", phase="birdsong",
             riverfolk={"hand": ["fox:Anvil"], "prices": {"hand": 2, "riverboats": 1, "mercenaries": 4}})
    assert st.decision.kind == "riverfolk.services" and st.decision.player == "marquise"
    assert ids(st) == {"buy fox:Anvil", "buy riverboats", "buy mercenaries", "done"}
    play(st, "buy fox:Anvil")  # 11.2.6.II: one service (no trade post with Marquise pieces)
    assert hand(st, "marquise") == ["fox:Anvil"] and hand(st, "riverfolk") == []
    assert board(st)["payments"] == ["marquise", "marquise"]  # 11.2.6.I
    assert st.warrior_supply("marquise") == 25 - 1 - 2
    assert st.decision.kind != "riverfolk.services"
    # everyone now knows the Marquise holds the Anvil: determinize keeps it there
    assert hand(GAME.determinize(st, "eyrie", Rng(3)), "marquise") == ["fox:Anvil"]


def test_11_2_6_not_offered_when_nothing_is_affordable():
    st = pos({1: {"warriors": {"marquise": 25}}}, turn="marquise", phase="birdsong", riverfolk={"hand": ["fox:Anvil"]})
    assert st.decision.kind != "riverfolk.services"


def test_11_2_6_II_one_more_service_per_trade_post_clearing_with_the_buyers_pieces():
    st = pos({7: {"warriors": {"marquise": 1}, "tokens": ["trade_mouse"]}, 10: {"tokens": ["trade_rabbit"]}},
             turn="marquise", phase="birdsong",
             riverfolk={"hand": ["fox:Anvil", "mouse:Sword", "rabbit:Cobbler"]})
    play(st, "buy fox:Anvil", "buy mouse:Sword")
    assert st.decision.kind != "riverfolk.services"  # two services: 1 + the post in 7
    assert hand(st, "riverfolk") == ["rabbit:Cobbler"]


def test_11_2_7_2_riverboats_let_the_buyer_move_along_rivers():
    st = pos({5: {"warriors": {"marquise": 2}}, 1: {"tokens": ["keep"]}}, turn="marquise", phase="birdsong")
    play(st, "buy riverboats")
    while st.decision.kind != "marquise.daylight":
        st.apply(st.decision.options[-1].id)
    play(st, "end crafting")
    assert "march 5->10 x2" in ids(st)  # 5–10 is a river


def test_11_2_7_3_mercenaries_rule_and_battle_for_the_buyer_and_split_hits():
    st = pos({7: {"warriors": {"marquise": 1, "riverfolk": 3, "eyrie": 3}}, 1: {"tokens": ["keep"]}},
             turn="marquise", phase="birdsong", seed=1)
    assert st.ruler(6) == "eyrie"  # 3 Riverfolk, 3 Eyrie: the Eyrie win the tie (7.2.2)
    play(st, "buy mercenaries")
    while st.decision.kind != "marquise.daylight":
        st.apply(st.decision.options[-1].id)
    assert st.ruler(6) == "marquise"  # 1 + 3 mercenaries beat 3 (11.2.7.3)
    play(st, "end crafting")
    assert "battle 7 eyrie" in ids(st)
    assert "battle 7 riverfolk" in ids(st)  # with her own warrior she may still attack the Riverfolk
    from planszowki.games.root.battle import deal_hits

    deal_hits(st, 6, "marquise", "eyrie", 3)  # 11.2.7.3.1: own, mercenary, own — one own warrior only
    assert warriors(st, 7, "marquise") == 0 and warriors(st, 7, "riverfolk") == 1


def test_11_2_7_3_mercenaries_battle_without_own_pieces_faq():
    st = pos({7: {"warriors": {"riverfolk": 2, "eyrie": 1}}, 1: {"warriors": {"marquise": 1}, "tokens": ["keep"]}},
             turn="marquise", phase="birdsong")
    play(st, "buy mercenaries")
    while st.decision.kind != "marquise.daylight":
        st.apply(st.decision.options[-1].id)
    play(st, "end crafting")
    assert "battle 7 eyrie" in ids(st) and "battle 7 riverfolk" not in ids(st)


def test_11_2_7_3_2_the_vagabond_cannot_buy_mercenaries_and_pays_with_items():
    st = position({5: {"warriors": {"riverfolk": 1}}}, seats=("riverfolk", "marquise", "vagabond"),
                  turn="vagabond", phase="birdsong",
                  players={"vagabond": {"character": "thief", "where": "5", "items": ["boot", "boot", "sword"]},
                           "riverfolk": {"hand": ["fox:Anvil"], "prices": {"hand": 2}}})
    play(st, "services first")  # 1.1.3: services and his Refresh (9.4.1) both come at the start of Birdsong
    assert st.decision.kind == "riverfolk.services"
    assert "buy mercenaries" not in ids(st)
    play(st, "buy fox:Anvil")
    assert st.decision.kind == "riverfolk.vagabond_pay"
    play(st, "exhaust boot", "exhaust sword")
    assert board(st)["payments"] == ["riverfolk", "riverfolk"]  # 11.2.6.III


# -- 11.4 Birdsong ----------------------------------------------------------------------------------------
def test_11_4_protectionism_dividends_and_gathering_funds():
    st = pos({7: {"warriors": {"riverfolk": 1}, "tokens": ["trade_mouse"]}}, phase="birdsong",
             riverfolk={"funds": 5, "committed": {"marquise": 1}, "tracks": {"mouse": 1}})
    # 11.4.1: Payments empty -> two warriors; 11.4.2: 5 funds -> 2 VP; 11.4.3: all to Funds
    assert st.vp["riverfolk"] == 2
    assert board(st)["payments"] == [] and board(st)["committed"] == [] and board(st)["track_mouse"] == []
    assert sorted(board(st)["funds"]) == ["marquise"] + ["riverfolk"] * 8


def test_11_4_2_no_dividends_without_a_trade_post_on_the_map():
    st = pos({7: {"warriors": {"riverfolk": 1}}}, phase="birdsong", riverfolk={"funds": 6, "payments": 1})
    assert st.vp["riverfolk"] == 0 and len(board(st)["funds"]) == 7


# -- 11.5 Daylight ------------------------------------------------------------------------------------------
def test_11_5_3_craft_commits_funds_to_the_matching_track_and_export_pays_a_warrior():
    st = pos({12: {"warriors": {"riverfolk": 1}, "tokens": ["trade_fox"]}},
             riverfolk={"funds": {"riverfolk": 1, "marquise": 1}, "hand": ["mouse:Sword", "mouse:Crossbow"]})
    assert "craft mouse:Sword" not in ids(st)  # Sword costs two foxes: one fox space is empty
    assert {"craft mouse:Crossbow", "export mouse:Crossbow"} <= ids(st)
    play(st, "export mouse:Crossbow", "commit marquise")
    assert board(st)["track_fox"] == ["marquise"] and board(st)["payments"] == ["riverfolk"]
    assert hand(st, "riverfolk") == ["mouse:Sword"] and st.vp["riverfolk"] == 0
    assert not any(o.startswith("craft") for o in ids(st))  # the one fox space is used


def test_11_5_5_recruit_spends_a_fund_to_a_river_clearing():
    st = pos({7: {"warriors": {"riverfolk": 1}}}, riverfolk={"funds": {"marquise": 1}})
    assert {o for o in ids(st) if o.startswith("recruit")} == {f"recruit {c}" for c in (4, 5, 7, 10, 11)}
    play(st, "recruit 11")
    assert warriors(st, 11, "riverfolk") == 1 and board(st)["funds"] == []
    assert st.warrior_supply("marquise") == 25  # spent: back to its owner's supply


def test_11_5_6_establish_trade_post_spends_the_rulers_funds_and_scores():
    st = pos({12: {"warriors": {"marquise": 2}}, 7: {"warriors": {"riverfolk": 1}}},
             riverfolk={"funds": {"marquise": 2, "riverfolk": 1}})
    opts = {o for o in ids(st) if o.startswith("trade post")}
    assert opts == {"trade post 12"}  # 7 is ruled by the Riverfolk, who have one fund of their own
    play(st, "trade post 12")
    assert "trade_fox" in tokens(st, 12) and warriors(st, 12, "riverfolk") == 1
    assert board(st)["funds"] == ["riverfolk"] and st.vp["riverfolk"] == POST_VP[0]


def test_11_6_evening_discard_to_five_then_set_costs():
    cards = ["fox:Anvil", "mouse:Sword", "rabbit:Cobbler", "fox:Root Tea", "mouse:Crossbow", "rabbit:Bake Sale"]
    st = pos({7: {"warriors": {"riverfolk": 1}}}, phase="evening", riverfolk={"hand": cards})
    assert st.decision.kind == "discard_down"
    play(st, "discard fox:Anvil")
    assert st.decision.kind == "riverfolk.prices"
    assert len(ids(st)) == 3 * 3 + 1  # three other spaces on each track, and done
    play(st, "price mercenaries 4", "done")
    assert board(st)["price_mercenaries"] == 4
    assert event_args(st, "set_price")[-1] == {"service": "mercenaries", "price": 4}


# -- setup, positions, saves ----------------------------------------------------------------------------------
def test_11_3_setup_places_four_warriors_by_the_river_and_three_payments():
    st = GAME.new(seed=4, players=["marquise", "riverfolk"], options={"seating": "fixed"})
    while st.decision.kind != "riverfolk.setup":
        st.apply(st.decision.options[0].id)
    assert ids(st) == {f"place {c}" for c in (4, 5, 7, 10, 11)} - {f"place {st.keep_clearing() + 1}"}
    for _ in range(4):
        st.apply(st.decision.options[0].id)
    play(st, "price hand 3", "price riverboats 2", "price mercenaries 4")
    assert st.warriors_on_map("riverfolk") == 4 and board(st)["payments"] == ["riverfolk"] * 3
    assert st.warrior_supply("riverfolk") == 15 - 4 - 3


def test_riverfolk_position_errors_name_the_rule():
    with pytest.raises(InvalidPosition, match=r"11\.2\.7"):
        pos(riverfolk={"prices": {"hand": 5}})
    with pytest.raises(InvalidPosition, match=r"11\.5\.6"):
        pos({7: {"tokens": ["trade_fox"]}})
    with pytest.raises(InvalidPosition, match=r"1\.5\.1"):
        pos({7: {"warriors": {"riverfolk": 10}}}, riverfolk={"funds": 6})


def test_perft_daylight_option_count():
    st = pos({7: {"warriors": {"riverfolk": 2}}, 12: {"warriors": {"marquise": 1}}},
             riverfolk={"funds": {"marquise": 2}, "hand": ["mouse:Crossbow"]}, deck=["fox:Anvil"])
    kinds: dict[str, int] = {}
    for o in st.decision.options:
        kinds[o.action] = kinds.get(o.action, 0) + 1
    # moves: 7->3 7->8 7->12 (ruled origin) and rivers 7->4 7->11, x1/x2 each = 10; battle 12? no warriors there;
    # recruit: 4 5 7 10 11; trade post 12 (ruled by the Marquise, two Marquise funds); draw; end
    assert kinds == {"move": 10, "recruit": 5, "trade_post": 1, "draw": 1, "end_daylight": 1}


def test_json_round_trip_and_views_after_a_random_game():
    rnd = random.Random(5)
    st = GAME.new(seed=5, players=["marquise", "eyrie", "riverfolk", "vagabond"])
    for _ in range(600):
        if st.decision is None:
            break
        st.apply(rnd.choice(st.decision.options).id)
    back = GAME.from_json(GAME.to_json(st))
    assert canonical(GAME.to_json(back)) == canonical(GAME.to_json(st))
    for seat in (*st.seats, None):
        v = st.view(seat)
        d = GAME.determinize(st, seat, Rng(2))
        assert canonical(d.view(seat)) == canonical(v)


def test_11_2_7_3_2_a_mercenary_removed_by_the_vagabond_makes_the_buyer_hostile():
    st = position({7: {"warriors": {"riverfolk": 2}}, 1: {"warriors": {"marquise": 1}, "tokens": ["keep"]}},
                  seats=("marquise", "riverfolk", "vagabond"), turn="marquise", phase="birdsong",
                  players={"vagabond": {"character": "thief", "where": "7", "items": ["boot", "sword", "sword"]}})
    play(st, "buy mercenaries")
    while st.decision.kind != "marquise.daylight":
        st.apply(st.decision.options[-1].id)
    play(st, "end crafting")
    assert "battle 7 vagabond" in ids(st)
    from planszowki.games.root.battle import deal_hits

    deal_hits(st, 6, "marquise", "vagabond", 1)  # the Vagabond's hit removes a mercenary
    assert warriors(st, 7, "riverfolk") == 1
    assert st.fdata["vagabond"]["rel_marquise"] == -1 and st.fdata["vagabond"].get("rel_riverfolk", 0) == 0


def test_11_2_7_3_no_mercenaries_in_birdsong_and_none_against_the_riverfolk():
    st = pos({7: {"warriors": {"riverfolk": 3, "marquise": 1}, "tokens": ["trade_mouse"]}, 1: {"tokens": ["keep"]}},
             turn="marquise", phase="birdsong")
    play(st, "buy mercenaries")
    assert st.decision.kind == "riverfolk.services"  # a second service: the post in 7 with her warrior there
    assert st.ruler(6) == "riverfolk"  # still Birdsong: mercenaries serve in Daylight and Evening only
    while st.decision.kind != "marquise.daylight":
        st.apply(st.decision.options[-1].id)
    assert st.ruler(6) == "marquise"


def _marquise_daylight_with_mercenaries(clearings, **kw):
    st = pos({**clearings, 1: {"warriors": {"marquise": 1}, "tokens": ["keep"]}}, turn="marquise", phase="birdsong",
             **kw)
    play(st, "buy mercenaries")
    while st.decision.kind != "marquise.daylight":
        st.apply(st.decision.options[-1].id)
    return st


def test_11_2_7_3_1_buildings_and_tokens_only_when_no_warriors_including_mercenaries_remain():
    st = _marquise_daylight_with_mercenaries({7: {"warriors": {"riverfolk": 1, "eyrie": 2}, "buildings": ["workshop"]}})
    from planszowki.games.root.battle import deal_hits

    deal_hits(st, 6, "marquise", "eyrie", 1)  # an odd hit, no own warriors: the mercenary, not the workshop
    assert warriors(st, 7, "riverfolk") == 0 and "workshop" in st.buildings[6]
    deal_hits(st, 6, "marquise", "eyrie", 1)  # no warriors at all now: the workshop
    assert "workshop" not in st.buildings[6]


def test_1_5_3_field_hospitals_never_save_riverfolk_mercenaries():
    st = _marquise_daylight_with_mercenaries({7: {"warriors": {"riverfolk": 2, "marquise": 1, "eyrie": 3}}})
    from planszowki.games.root.battle import deal_hits

    deal_hits(st, 6, "marquise", "eyrie", 3)  # own, mercenary, mercenary (the own warrior is gone)
    assert warriors(st, 7, "riverfolk") == 0 and warriors(st, 7, "marquise") == 0
    assert st.removed_marquise == {"6": 1}  # only her own warrior may be saved by Field Hospitals (6.2.3)


def test_11_5_2_battle_and_11_5_4_draw_commit_one_fund_each():
    st = pos({7: {"warriors": {"riverfolk": 2, "eyrie": 1}}}, riverfolk={"funds": {"riverfolk": 1, "marquise": 1}},
             deck=["fox:Anvil"], seed=3)
    play(st, "draw", "commit marquise")
    assert hand(st, "riverfolk") == ["fox:Anvil"] and board(st)["committed"] == ["marquise"]
    play(st, "battle 7 eyrie")
    assert board(st)["committed"] == ["marquise", "riverfolk"] and board(st)["funds"] == []
    while st.decision.kind != "riverfolk.daylight":
        st.apply(st.decision.options[-1].id)
    assert ids(st) == {"end daylight"}  # no funds left: no action (11.5)


def test_11_5_6_1_no_trade_post_where_one_stands_or_in_an_unruled_clearing():
    st = pos({12: {"warriors": {"marquise": 2}, "tokens": ["trade_fox"]}, 8: {"warriors": {"marquise": 1, "eyrie": 1}},
              6: {"warriors": {"marquise": 1}}},
             riverfolk={"funds": {"marquise": 2}})
    assert {o for o in ids(st) if o.startswith("trade post")} == {"trade post 6"}


def test_11_5_6_3_the_post_scores_the_space_it_uncovers_after_a_lost_post():
    st = pos({6: {"warriors": {"marquise": 1}}}, riverfolk={"funds": {"marquise": 2}, "lost_posts": ["fox"]})
    play(st, "trade post 6")
    assert st.vp["riverfolk"] == POST_VP[1]  # the first fox space stays uncovered by the lost post (11.2.5.1)


# -- the heuristic bot ----------------------------------------------------------------------------------------
def test_heuristic_riverfolk_plays_to_the_end_and_beats_random_opponents():
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bots"))
    from test_heuristic import play as bot_play

    players = ["marquise", "eyrie", "riverfolk"]
    wins = 0
    for seed in range(8):
        st, _ = bot_play(seed, {"marquise": "random", "eyrie": "random", "riverfolk": "heuristic"}, players)
        wins += bool(st.terminal and "riverfolk" in st.result["winners"])
    assert wins >= 7
    four = ["marquise", "eyrie", "riverfolk", "vagabond"]
    st, moves = bot_play(1, dict.fromkeys(four, "heuristic"), four)
    assert st.terminal
    assert any(m.startswith("buy ") for m in moves)  # the other heuristics buy services (11.2.6)


def test_heuristic_buys_a_good_card_at_a_low_price_only():
    from planszowki.bots.heuristic import scorer_for

    st = pos({1: {"warriors": {"marquise": 1}, "tokens": ["keep"]}}, turn="marquise", phase="birdsong",
             riverfolk={"hand": ["bird:Ambush!"], "prices": {"hand": 1, "riverboats": 4, "mercenaries": 4}})
    d = st.decision
    got = dict(zip((o.id for o in d.options), scorer_for(st, "marquise")(st, "marquise", d), strict=True))
    assert max(got, key=got.get) == "buy bird:Ambush!"
