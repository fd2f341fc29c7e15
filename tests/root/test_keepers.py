"""Keepers in Iron (Law of Root, chapter 15): scenario tests named after the rules they check.

Positions use the Autumn map: clearing 12 (fox) touches forests F2 (1, 9, 10, 12), F3, F4, F6 and F7; clearing 5
(rabbit) has two slots; forests as in data/maps.json.
"""

from __future__ import annotations

import pytest
from helpers import GAME, canonical, event_args, events, ids, play, position, warriors

from planszowki.engine import InvalidPosition, Rng, UnsupportedSetup
from planszowki.games.root.content import FAITHFUL_IDS
from planszowki.games.root.factions import keepers as kp

RETAINER = "bird:Faithful Retainer"


def kpos(clearings=None, *, phase="daylight", keepers=None, marquise=None, turn="keepers", seed=0, **extra):
    players = {"keepers": dict(keepers or {}), "marquise": dict(marquise or {})}
    return position(clearings or {}, turn=turn, phase=phase, seats=("keepers", "marquise"), players=players,
                    seed=seed, **extra)


def forest(st, name: str) -> list[str]:
    f = int(name[1:]) - 1
    return sorted(kp.shown(k, up) for g, k, up in kp.forest_relics(st) if g == f)


def to_column(st, column: str) -> None:
    """Skip the Retinue's columns left of ``column`` (15.5.2: left to right)."""
    while st.decision.kind == "keepers.retinue" and kp.COLUMNS[st.stack[-1]["col"]] != column:
        play(st, f"end {kp.COLUMNS[st.stack[-1]['col']]}")


def new_game(seed=3, players=("keepers", "marquise", "eyrie"), board="autumn"):
    st = GAME.new(seed=seed, players=list(players), options={"map": board, "seating": "fixed"})
    while st.phase == "setup":
        play(st, st.decision.options[0].id)
    return st


# -- 15.2 Faction rules and abilities -------------------------------------------------------------------------
def test_15_2_1_twelve_relics_of_three_types_valued_1_2_3_3():
    st = new_game(board="mountain")
    assert kp.relic_census(st) == {f"relic_{t}_{v}": (2 if v == 3 else 1) for t in kp.RELIC_TYPES for v in (1, 2, 3)}
    assert all(not up for _, _, up in kp.forest_relics(st))  # 15.3.1: face down


def test_15_2_1_face_down_relic_values_are_hidden_from_every_seat():
    """Promise 4: changing the value of a face-down relic changes no seat's view; every view shows the type only."""
    st = new_game()
    d = st.copy()
    fd = d.fdata["keepers"]
    # swap the hidden values of two face-down relics of one type that differ
    by_type: dict[str, list[int]] = {}
    for i, e in enumerate(fd["forest_relics"]):
        by_type.setdefault(kp.relic_type(e.split(":")[1]), []).append(i)
    for idx in by_type.values():
        vals = {fd["forest_relics"][i].split(":")[1] for i in idx}
        if len(vals) > 1:
            a = idx[0]
            b = next(i for i in idx if fd["forest_relics"][i].split(":")[1] != fd["forest_relics"][a].split(":")[1])
            ea, eb = fd["forest_relics"][a].split(":"), fd["forest_relics"][b].split(":")
            fd["forest_relics"][a] = f"{ea[0]}:{eb[1]}:d"
            fd["forest_relics"][b] = f"{eb[0]}:{ea[1]}:d"
            break
    assert canonical(GAME.to_json(d)) != canonical(GAME.to_json(st))
    for seat in (*st.seats, None):
        assert canonical(d.view(seat)) == canonical(st.view(seat))
        text = canonical(st.view(seat)["players"]["keepers"]["board"]["forest_relics"])
        assert "_1" not in text and "_2" not in text and "_3" not in text


def test_15_2_2_three_waystations_each_with_two_sides():
    st = kpos({5: {"warriors": {"keepers": 2}}}, phase="birdsong")
    assert st.decision.kind == "keepers.encamp"
    encamps = {o.args["building"] for o in st.decision.options if o.action == "encamp"}
    assert encamps == {"waystation_figure_tablet", "waystation_tablet_figure", "waystation_tablet_jewelry",
                       "waystation_jewelry_tablet", "waystation_jewelry_figure", "waystation_figure_jewelry"}


def test_15_2_3_keepers_craft_by_activating_waystations():
    st = kpos({12: {"warriors": {"keepers": 1}, "buildings": ["waystation_figure_tablet"]}},
              keepers={"hand": ["fox:Anvil"]})
    assert st.decision.kind == "keepers.craft"
    play(st, "craft fox:Anvil")
    assert st.crafted_items["keepers"] == ["hammer"] and st.vp["keepers"] == 2


def _marquise_attacks(seed: int, keeper_warriors: int = 3, relic: bool = True):
    toks = ["relic_tablet_2"] if relic else []
    st = kpos({12: {"warriors": {"keepers": keeper_warriors, "marquise": 3}, "tokens": toks}}, turn="marquise",
              seed=seed, marquise={"hand": []})
    play(st, "end crafting", "battle 12 keepers")
    return st


def test_15_2_4_devout_knights_ignore_the_first_hit_with_a_relic_and_a_warrior():
    for seed in range(40):
        st = _marquise_attacks(seed)
        roll = event_args(st, "roll")[-1]
        if roll["att_hits"] >= 2:
            break
    assert roll["att_hits"] >= 2
    assert [e.args["why"] for e in events(st, "ignore_hit")] == ["devout_knights"]
    assert warriors(st, 12, "keepers") == 3 - (roll["att_hits"] - 1)


def test_15_2_4_no_relic_no_ignored_hit():
    for seed in range(40):
        st = _marquise_attacks(seed, relic=False)
        roll = event_args(st, "roll")[-1]
        if roll["att_hits"] >= 1:
            break
    assert not events(st, "ignore_hit")
    assert warriors(st, 12, "keepers") == 3 - roll["att_hits"]


def test_15_2_4_ambushed_keepers_ignore_one_ambush_hit_only():
    """The Keepers attack (Battle then Delve) into an ambush: one of its two hits is ignored, the rolled hits
    are not."""
    st = kpos({12: {"warriors": {"keepers": 4, "marquise": 1}, "tokens": ["relic_figure_1"]}},
              marquise={"hand": ["fox:Ambush!"]})
    to_column(st, "battle")
    play(st, f"battle 12 marquise with {RETAINER}", "ambush fox:Ambush!")
    assert [e.args["why"] for e in events(st, "ignore_hit")] == ["devout_knights"]
    removed = sum(e.args["count"] for e in events(st, "remove_warriors") if e.args["faction"] == "keepers")
    roll = event_args(st, "roll")
    dealt = roll[-1]["def_hits"] if roll else 0
    assert removed == 1 + dealt  # 2 ambush hits, one ignored; every rolled hit taken


def test_15_2_4_relics_move_with_the_keepers_warriors_one_each():
    st = kpos({12: {"warriors": {"keepers": 2}, "tokens": ["relic_figure_1", "relic_tablet_3", "relic_jewelry_2"]}})
    play(st, f"move 12->11 x2 with {RETAINER}")
    assert st.decision.kind == "keepers.carry"
    play(st, "carry relic_tablet_3", "carry relic_figure_1")
    assert sorted(st.tokens[10]) == ["relic_figure_1", "relic_tablet_3"]
    assert st.tokens[11] == ["relic_jewelry_2"]  # two warriors, two relics
    assert st.decision.kind == "keepers.retinue"


def test_15_2_5_prized_trophies_enemy_places_the_relic_face_up_and_scores_two():
    st = kpos({12: {"warriors": {"keepers": 1}, "tokens": ["relic_tablet_2"]}})
    st.remove_piece(11, "relic_tablet_2", "marquise", "4.3.4")
    st._decision = None  # the removal happened outside a decision: ask the flow again
    assert st.vp["marquise"] == 2
    assert st.decision.kind == "keepers.trophy" and st.decision.player == "marquise"
    play(st, "trophy F5")
    assert forest(st, "F5") == ["relic_tablet_2"]  # face up: its value shows
    assert kp.relic_census(st)["relic_tablet_2"] == 1


# -- 15.3 Setup -------------------------------------------------------------------------------------------------
def test_15_3_1_to_15_3_5_setup():
    st = GAME.new(seed=11, players=["marquise", "keepers"], options={"seating": "fixed"})
    play(st, "keep 1")
    while st.decision.kind.startswith("marquise"):
        play(st, st.decision.options[0].id)
    # 15.3.2: a free corner, diagonally opposite a starting corner when possible (the keep is in 1)
    # the only free corner, 3, is taken without asking
    assert st.decision.kind == "keepers.setup.edge" and st.fdata["keepers"]["start"] == 2
    assert ids(st) == {"edge 6", "edge 7"}  # map-edge clearings adjacent to 3 (11 is inner)
    play(st, "edge 7")
    assert warriors(st, 3, "keepers") == 4 and warriors(st, 7, "keepers") == 4
    # 15.3.1: one face-down relic in each of the seven forests; 15.3.3: the other five, as evenly as possible, in
    # forests not adjacent to clearings with Keeper warriors (3 and 7 touch F4, F5, F7: F1, F2, F3, F6 remain)
    counts = {f"F{f + 1}": 0 for f in range(7)}
    for f, _, up in kp.forest_relics(st):
        counts[f"F{f + 1}"] += 1
        assert not up
    assert counts["F4"] == counts["F5"] == counts["F7"] == 1
    assert sorted(counts[f] for f in ("F1", "F2", "F3", "F6")) == [2, 2, 2, 3]
    # 15.3.4: a Faithful Retainer tucked into each Retinue column; 15.3.5 the waystations on the board
    fd = st.fdata["keepers"]
    assert [fd[f"retinue_{c}"] for c in kp.COLUMNS] == [[i] for i in FAITHFUL_IDS]
    assert len(kp.waystations_on_board(st)) == 3 and not kp.waystations_on_map(st)


def test_15_3_five_corner_factions_need_the_advanced_setup():
    with pytest.raises(UnsupportedSetup, match="Advanced Setup"):
        GAME.new(seed=1, players=["marquise", "eyrie", "cult", "duchy", "keepers"])


# -- 15.4 Birdsong ----------------------------------------------------------------------------------------------
def test_15_4_1_encamp_replaces_a_warrior_once_per_clearing():
    st = kpos({5: {"warriors": {"keepers": 3}}, 1: {"warriors": {"keepers": 1}}}, phase="birdsong")
    play(st, "encamp 5 waystation_jewelry_figure")
    assert st.buildings[4] == ["waystation_jewelry_figure"] and warriors(st, 5, "keepers") == 2
    assert not any(o.id.startswith("encamp 5") for o in st.decision.options)  # once per clearing
    assert "encamp 1 waystation_tablet_jewelry" in ids(st)
    assert not any("jewelry_figure" in o.id or "figure_jewelry" in o.id for o in st.decision.options)


def test_15_4_1_encamp_with_nothing_on_the_map_places_a_waystation_and_a_warrior_on_the_edge():
    st = kpos({}, phase="birdsong")
    assert st.decision.kind == "keepers.encamp"
    assert "end encamp" not in ids(st)  # "instead place": not optional
    clearings = {o.args["clearing"] for o in st.decision.options}
    assert clearings == set(kp.MAP_EDGE["autumn"])
    play(st, "encamp 5 waystation_tablet_figure with warrior")
    assert st.buildings[4] == ["waystation_tablet_figure"] and warriors(st, 5, "keepers") == 1


def test_15_4_2_decamp_replaces_a_waystation_with_a_warrior():
    st = kpos({5: {"buildings": ["waystation_figure_tablet"]}}, phase="birdsong")
    assert st.decision.kind == "keepers.decamp"  # no warriors, so nothing to encamp
    play(st, "decamp 5 waystation_figure_tablet")
    assert st.buildings[4] == [] and warriors(st, 5, "keepers") == 1
    assert ("figure", "tablet") in kp.waystations_on_board(st)
    assert st.vp["keepers"] == 0  # removing one's own building scores nothing (3.2.1)


def test_15_4_3_recruit_two_warriors_at_a_matching_waystation():
    st = kpos({5: {"buildings": ["waystation_figure_tablet"]}, 12: {"buildings": ["waystation_tablet_jewelry"]}},
              phase="birdsong", keepers={"hand": ["rabbit:Cobbler", "fox:Anvil"]})
    play(st, "end decamp")
    assert st.decision.kind == "keepers.recruit"
    assert ids(st) == {"recruit 5 with rabbit:Cobbler", "recruit 12 with fox:Anvil", "end recruit"}
    play(st, "recruit 5 with rabbit:Cobbler")
    assert warriors(st, 5, "keepers") == 2 and "rabbit:Cobbler" in [st.card(c).key for c in st.discard]


# -- 15.5 Daylight ----------------------------------------------------------------------------------------------
def test_15_5_2_columns_are_taken_left_to_right():
    st = kpos({12: {"warriors": {"keepers": 2}, "buildings": ["waystation_figure_tablet"],
                    "tokens": ["relic_figure_1"]}}, keepers={"forests": {"F2": ["relic_tablet"]}})
    assert st.decision.kind == "keepers.retinue" and st.decision.args["retinue"] == "move"
    play(st, "end move")
    assert st.decision.args["retinue"] == "battle"
    play(st, "end battle")
    assert st.decision.args["retinue"] == "recover"
    play(st, "end recover")  # "end daylight" alone applies itself: nothing hidden could be offered
    assert st.phase == "evening"


def test_15_5_2_I_move_from_a_clearing_matching_the_card():
    st = kpos({12: {"warriors": {"keepers": 2}}, 5: {"warriors": {"keepers": 1}}},
              keepers={"retinue": {"move": ["fox:Anvil"], "battle": [], "recover": []}})
    moves = {o.id for o in st.decision.options if o.action == "move"}
    assert moves and all(o.startswith("move 12->") for o in moves)  # fox card: from the fox clearing only


def test_15_5_2_II_battle_is_required_where_enemies_are_then_delve_flips_the_relic():
    st = kpos({12: {"warriors": {"keepers": 3, "marquise": 1}}},
              keepers={"forests": {"F2": ["relic_jewelry_2:down"]}}, seed=4)
    to_column(st, "battle")
    # an enemy piece is there: the only way to use the card in 12 is to battle
    assert not any(o.id.startswith("delve 12") for o in st.decision.options)
    play(st, f"battle 12 marquise with {RETAINER}")
    assert events(st, "battle")
    if st.rules(11, "keepers") and warriors(st, 12, "keepers"):
        assert st.decision.kind == "keepers.delve"
        play(st, "delve relic_jewelry from F2")
        assert "relic_jewelry_2" in st.tokens[11] and event_args(st, "delve")[-1]["flipped"] is True


def test_15_5_2_II_a_delve_a_face_down_relic_and_flip_it():
    st = kpos({12: {"warriors": {"keepers": 2}}, 1: {"warriors": {"keepers": 1}}, 9: {"warriors": {"keepers": 1}}},
              keepers={"forests": {"F2": ["relic_tablet_1:down", "relic_tablet_3:down"], "F6": ["relic_figure"]}})
    to_column(st, "battle")
    play(st, f"delve 12 with {RETAINER}")
    assert st.decision.kind == "keepers.delve"
    assert ids(st) == {"delve relic_tablet from F2", "delve relic_figure from F6", "no delve"}  # values unseen
    play(st, "delve relic_tablet from F2")
    got = [t for t in st.tokens[11] if t.startswith("relic_tablet")]
    assert len(got) == 1 and event_args(st, "delve")[-1]["relic"] == got[0]


def test_15_5_2_II_b_fewer_ruled_clearings_than_the_value_discards_the_card():
    """Ruling 12 alone (one clearing of F2's four) is fewer than 3: the Faithful Retainer is discarded — removed
    from the game."""
    st = kpos({12: {"warriors": {"keepers": 2}}}, keepers={"forests": {"F2": ["relic_tablet_3"]}})
    to_column(st, "battle")
    play(st, f"delve 12 with {RETAINER}", "delve relic_tablet_3 from F2")
    assert st.fdata["keepers"]["retinue_battle"] == []
    assert event_args(st, "retinue_discard")[-1]["card"] == RETAINER
    assert st.total_cards() == 54 and all(c < 54 for c in st.discard)


def test_15_5_2_II_b_enough_ruled_clearings_keep_the_card():
    st = kpos({12: {"warriors": {"keepers": 2}}, 1: {"warriors": {"keepers": 1}}},
              keepers={"forests": {"F2": ["relic_tablet_2"]}})
    to_column(st, "battle")
    play(st, f"delve 12 with {RETAINER}", "delve relic_tablet_2 from F2")
    assert len(st.fdata["keepers"]["retinue_battle"]) == 1


def test_15_5_2_II_delve_needs_rule_of_the_clearing():
    """FAQ: rule is needed to delve, not to battle."""
    st = kpos({12: {"warriors": {"keepers": 1, "marquise": 2}}}, keepers={"forests": {"F2": ["relic_tablet_2"]}})
    to_column(st, "battle")
    assert f"battle 12 marquise with {RETAINER}" in ids(st)


def test_15_5_2_III_a_recover_needs_a_waystation_of_the_relics_type():
    st = kpos({12: {"warriors": {"keepers": 2}, "buildings": ["waystation_tablet_figure"],
                    "tokens": ["relic_figure_2", "relic_tablet_3"]}})
    to_column(st, "recover")
    play(st, f"recover 12 with {RETAINER}")
    assert ids(st) == {"recover relic_tablet_3", "end recover"}  # the figure side is face down


def test_15_5_2_III_b_score_the_value_and_two_for_a_filled_column():
    st = kpos({12: {"warriors": {"keepers": 2}, "buildings": ["waystation_tablet_figure"],
                    "tokens": ["relic_tablet_1"]}, 8: {"warriors": {"keepers": 1}}, 1: {"warriors": {"keepers": 1}}},
              keepers={"relics": {"figure": [2], "jewelry": [3]}})
    to_column(st, "recover")
    play(st, f"recover 12 with {RETAINER}", "recover relic_tablet_1")
    assert st.vp["keepers"] == 1 + 2
    assert st.fdata["keepers"]["rec_tablet"] == [1]


def test_15_5_2_III_c_fewer_ruled_clearings_of_the_suit_end_recover_and_discard():
    st = kpos({12: {"warriors": {"keepers": 2}, "buildings": ["waystation_tablet_figure"],
                    "tokens": ["relic_tablet_3", "relic_tablet_2"]}})
    to_column(st, "recover")
    play(st, f"recover 12 with {RETAINER}", "recover relic_tablet_3")
    assert st.vp["keepers"] == 3
    assert st.fdata["keepers"]["retinue_recover"] == []  # one fox clearing ruled < 3
    assert st.decision.kind != "keepers.recover"  # the Recover action ended
    assert "relic_tablet_2" in st.tokens[11]


def test_15_5_2_III_c_enough_ruled_clearings_allow_another_relic():
    st = kpos({12: {"warriors": {"keepers": 2}, "buildings": ["waystation_tablet_figure"],
                    "tokens": ["relic_tablet_1", "relic_tablet_2"]}, 1: {"warriors": {"keepers": 1}}})
    to_column(st, "recover")
    play(st, f"recover 12 with {RETAINER}", "recover relic_tablet_1")
    assert st.decision.kind == "keepers.recover"
    play(st, "recover relic_tablet_2")  # two fox clearings ruled: not fewer than 2
    assert st.vp["keepers"] == 3 and st.fdata["keepers"]["rec_tablet"] == [1, 2]
    assert len(st.fdata["keepers"]["retinue_recover"]) == 1


# -- 15.6 Evening -----------------------------------------------------------------------------------------------
def test_15_6_1_live_off_the_land():
    st = kpos({12: {"warriors": {"keepers": 5}}, 5: {"warriors": {"keepers": 3}}}, phase="evening")
    assert warriors(st, 12, "keepers") == 4 and warriors(st, 5, "keepers") == 3


def test_15_6_2_gather_retinue_adds_any_number_of_cards_up_to_ten():
    st = kpos({5: {"warriors": {"keepers": 1}}}, phase="evening",
              keepers={"hand": ["fox:Anvil", "rabbit:Cobbler", "mouse:Sword"]})
    assert st.decision.kind == "keepers.gather"
    play(st, "retinue move fox:Anvil")
    assert not any(o.action == "shift_retinue" for o in st.decision.options)  # add or shift, not both
    play(st, "retinue recover mouse:Sword", "end gather")
    fd = st.fdata["keepers"]
    assert [st.card(c).key for c in fd["retinue_move"]] == [RETAINER, "fox:Anvil"]
    assert [st.card(c).key for c in fd["retinue_recover"]] == [RETAINER, "mouse:Sword"]


def test_15_6_2_or_shift_one_card():
    st = kpos({5: {"warriors": {"keepers": 1}}}, phase="evening", keepers={"hand": ["fox:Anvil"]})
    play(st, f"shift {RETAINER} move->battle")
    fd = st.fdata["keepers"]
    assert fd["retinue_move"] == [] and len(fd["retinue_battle"]) == 2
    assert st.decision is None or st.decision.kind != "keepers.gather"


def test_15_6_2_retinue_holds_ten_cards_at_most():
    hand = ["fox:Anvil", "rabbit:Cobbler", "mouse:Sword", "fox:Travel Gear", "rabbit:Bake Sale"]
    ret = {"move": ["mouse:Crossbow", "mouse:Investments"], "battle": ["fox:Root Tea", "fox:Tax Collector"],
           "recover": ["rabbit:Root Tea", "mouse:Root Tea", "bird:Sappers", "bird:Armorers"]}
    st = kpos({5: {"warriors": {"keepers": 1}}}, phase="evening", keepers={"hand": hand, "retinue": ret})
    play(st, "retinue move fox:Anvil", "retinue move rabbit:Cobbler")
    assert kp.retinue_size(st) == 10 and st.decision.kind != "keepers.gather"


def test_15_6_3_draw_one_plus_one_per_waystation_on_the_map():
    st = kpos({5: {"warriors": {"keepers": 1}, "buildings": ["waystation_figure_tablet"]},
               12: {"buildings": ["waystation_tablet_jewelry"]}}, phase="evening")
    play(st, "end gather")
    draws = [e for e in events(st, "draw") if e.args["faction"] == "keepers"]
    assert draws and draws[-1].args["count"] == 3 and len(st.hands["keepers"]) == 3


# -- positions, saves, determinize ------------------------------------------------------------------------------
def test_keepers_position_round_trips_and_refuses_bad_relics():
    st = kpos({12: {"warriors": {"keepers": 2}, "buildings": ["waystation_tablet_figure"],
                    "tokens": ["relic_tablet_1"]}},
              keepers={"forests": {"F1": ["relic_figure", "relic_jewelry_2"]}, "relics": {"figure": [3]}})
    back = GAME.from_json(GAME.to_json(st))
    assert canonical(GAME.to_json(back)) == canonical(GAME.to_json(st))
    assert forest(st, "F1") == ["relic_figure", "relic_jewelry_2"]
    with pytest.raises(InvalidPosition, match=r"15\.2\.1"):
        kpos({}, keepers={"forests": {"F1": ["relic_gold_2"]}})
    with pytest.raises(InvalidPosition, match=r"15\.2\.1"):
        kpos({12: {"tokens": ["relic_tablet_1"]}}, keepers={"forests": {"F1": ["relic_tablet_1"]}})
    with pytest.raises(InvalidPosition, match=r"15\.2\.2"):
        kpos({12: {"buildings": ["waystation_tablet_figure"]}, 5: {"buildings": ["waystation_figure_tablet"]}})


def test_determinize_deals_face_down_values_within_their_type():
    st = kpos({12: {"warriors": {"keepers": 2}}},
              keepers={"forests": {"F2": ["relic_tablet_1:down", "relic_tablet_3:down", "relic_figure_2:down"]}})
    seen = set()
    for i in range(30):
        d = GAME.determinize(st, "marquise", Rng(i))
        vals = tuple(k for f, k, _ in kp.forest_relics(d))
        seen.add(vals)
        assert all(kp.relic_type(k) in ("tablet", "figure") for k in vals)
        assert canonical(d.view("marquise")) == canonical(st.view("marquise"))
    assert len(seen) > 1


# -- Rootlog, bots, the terminal board ---------------------------------------------------------------------------
def _rootlog_agrees(st) -> None:
    from planszowki.games.root import rootlog

    tally = rootlog.replay(rootlog.read(rootlog.write(st)), st.map)
    letters = [rootlog.LETTER[f] for f in st.seats]
    assert rootlog.tally_summary(tally, letters) == rootlog.engine_tally(st)


@pytest.mark.parametrize("board", ["autumn", "lake"])
@pytest.mark.parametrize("players", [("keepers", "marquise", "eyrie"), ("corvid", "keepers", "riverfolk", "cult"),
                                     ("keepers", "alliance", "vagabond", "eyrie")])
def test_rootlog_reproduces_the_keepers_pieces(board, players):
    """The spec's Keepers notation (relics ``t_f`` / ``t_2_f`` in forests and clearings, flips ``t7^t_3_f``,
    waystations ``b_f_t``, the Retinue ``$_1``..``$_3``, ``B#faith``) read back gives the engine's pieces."""
    from helpers import random_playout

    def visit(st, step):
        if step % 97 == 0:
            _rootlog_agrees(st)

    st, _ = random_playout(3, players=players, options={"map": board}, visit=visit)
    _rootlog_agrees(st)


def test_rootlog_writes_a_delve_with_its_flip_and_the_discarded_retainer():
    from planszowki.games.root import rootlog

    st = kpos({12: {"warriors": {"keepers": 2}}}, keepers={"forests": {"F2": ["relic_tablet_3:down"]}})
    to_column(st, "battle")
    play(st, f"delve 12 with {RETAINER}", "delve relic_tablet from F2")
    assert "t_t1_9_10_12->12/t12^t_3_t/B#faith$_2->" in rootlog.write(st)


@pytest.mark.parametrize("bots", [{"keepers": "heuristic", "marquise": "heuristic", "eyrie": "heuristic"},
                                  {"keepers": "random", "duchy": "heuristic"},
                                  {"keepers": "ismcts:iterations=4,depth=6", "cult": "random"}])
def test_bots_finish_games_with_the_keepers(bots):
    from planszowki.lab import RunConfig, play_game

    line = play_game(RunConfig.make("root", bots, {"map": "winter"}, max_seconds=120), 2)
    assert line["reason"] in ("vp", "dominance"), line.get("error") or line.get("stalled")


def test_terminal_board_shows_the_retinue_relics_and_waystations():
    from rich.console import Console

    from planszowki.cli.board import faction_panel

    st = kpos({12: {"warriors": {"keepers": 2}, "buildings": ["waystation_tablet_figure"],
                    "tokens": ["relic_figure_2"]}},
              keepers={"forests": {"F2": ["relic_tablet_3:down"]}, "relics": {"jewelry": [3]}})
    for lang, words in (("en", ("Retinue", "Battle then Delve", "face-down tablet relic", "Waystations")),
                        ("pl", ("Świta", "Walka i Odnajdywanie", "zakryty Relikt (tablica)", "Posterunki"))):
        con = Console(width=200, record=True)
        con.print(faction_panel(st.view("marquise"), "keepers", lang))
        text = con.export_text()
        assert all(w in text for w in words), text
        assert "(3)" not in text.split("Relikty w lasach" if lang == "pl" else "Relics in the forests")[1]


def test_15_5_1_craft_comes_before_the_retinue():
    st = kpos({12: {"warriors": {"keepers": 1}, "buildings": ["waystation_figure_tablet"]}},
              keepers={"hand": ["fox:Anvil"]})
    assert st.decision.kind == "keepers.craft"
    play(st, "end crafting")
    assert st.decision.kind == "keepers.retinue"
    assert not any(o.action == "craft" for o in st.decision.options)


def test_15_2_4_forced_to_move_the_keepers_may_still_carry_relics():
    """15.2.4 (the Law's parenthesis): a move of Keeper warriors made by someone else still lets the Keepers move
    relics along — here the move is made directly, as another player's effect would (e.g. False Orders, A.2)."""
    st = kpos({12: {"warriors": {"keepers": 1}, "tokens": ["relic_jewelry_3"]}}, turn="marquise")
    st.move_warriors(11, 10, "keepers", 1, "A.2")
    st._decision = None
    assert st.decision.kind == "keepers.carry" and st.decision.player == "keepers"
    play(st, "carry relic_jewelry_3")
    assert st.tokens[10] == ["relic_jewelry_3"]


def test_15_2_5_a_non_enemy_remover_scores_nothing_extra():
    """FAQ: a Vagabond in a coalition with the Keepers is no enemy — no extra point; the relic still goes to a
    forest of his choice."""
    st = position({12: {"warriors": {"keepers": 1}, "tokens": ["relic_tablet_2"]}}, turn="keepers",
                  seats=("keepers", "marquise", "eyrie", "vagabond"),
                  players={"vagabond": {"character": "thief", "coalition": "keepers", "dominance": "fox:Dominance"}})
    before = st.vp["vagabond"]
    st.remove_piece(11, "relic_tablet_2", "vagabond", "4.3.4")
    st._decision = None
    assert st.decision.kind == "keepers.trophy" and st.decision.player == "vagabond"
    assert st.vp["vagabond"] - before <= 1  # at most the ordinary point (3.2.1), never Prized Trophies' extra one
    assert not [e for e in events(st, "score") if e.rule == "15.2.5"]


def test_15_6_1_live_off_the_land_removes_warriors_feline_physicians_may_save_at_once():
    """Appendix E Feline Physicians ("when your warriors are removed") answers Live Off the Land and Encamp's
    removals right away — they were left pending and asked later, to whoever held the card by then."""
    medics = {"in_play": ["feline_physicians"], "control": {"feline_physicians": {"controller": "keepers",
                                                                                  "markers": 2}}}

    def kpos(clearings, *, phase, keepers):  # the Feline Physicians are the Marquise's demoted side (A, 6.5)
        return position(clearings, turn="keepers", phase=phase, seats=("keepers", "alliance"), seed=0,
                        players={"keepers": keepers}, hirelings=medics)

    st = kpos({12: {"warriors": {"keepers": 5}}, 5: {"warriors": {"keepers": 3}}}, phase="evening",
              keepers={"hand": ["fox:Anvil"]})
    assert st.decision.kind == "hirelings.physicians" and st.decision.player == "keepers"
    assert ids(st) == {"physicians fox:Anvil 5", "physicians fox:Anvil 12", "no physicians"}  # 12 is a fox clearing
    play(st, "physicians fox:Anvil 5")
    assert warriors(st, 12, "keepers") == 4 and warriors(st, 5, "keepers") == 4
    st = kpos({5: {"warriors": {"keepers": 3}}}, phase="birdsong", keepers={"hand": ["rabbit:Bake Sale"]})
    play(st, "encamp 5 waystation_jewelry_figure")  # clearing 5 is a rabbit clearing
    assert st.decision.kind == "hirelings.physicians" and "physicians rabbit:Bake Sale 5" in ids(st)
    assert "fp" not in st.fdata["hirelings"]
