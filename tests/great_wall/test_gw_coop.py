"""The co-operative mode ("Tryb kooperacji", ``great_wall:modes.coop.*``): setup, the Decree fulfilment phase and
Sacrifice, the end check, the Decree phase, the Event phase, Shame's changed cost, no reclaiming, the extra Horde
cards, Honor for Horde cards at once, the shared win and loss for 2, 3 and 4 players; random co-op playouts with
conservation, JSON round trips, views that leak nothing, and the bots on every seat.

Rule tests define the Decrees and Events they depend on (``coop_doc``) so they hold whatever the demonstration set
says."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from gw_helpers import GAME, ids, play, pos

from planszowki import i18n
from planszowki.engine import InvalidPosition, UnsupportedSetup
from planszowki.games.great_wall.content import ContentError, demo_doc, load_content
from planszowki.games.great_wall.state import CLANS, GreatWallState
from planszowki.i18n import render_event

P2, P3, P4 = ["red", "blue"], ["red", "blue", "yellow"], ["red", "blue", "yellow", "green"]


def coop_doc(requests: dict[str, dict] | None = None, event: dict | None = None, **coop: Any) -> dict:
    """The demonstration set with some Decrees replaced and every Event the same card (so the one revealed is known;
    by default one that changes nothing the tests look at)."""
    doc = demo_doc()
    for rid, r in (requests or {}).items():
        doc["coop"]["requests"][rid] = {"name": {"en": rid, "pl": rid}, **r}
    if event is None:
        event = {"passive": {"defense": 1}}
    if event:
        doc["coop"]["events"] = {f"E{i:02d}": {"name": {"en": "Test event", "pl": "Testowe"}, **event}
                                 for i in range(1, 13)}
    for k, v in coop.items():
        doc["coop"][k] = v
    return doc


def cpos(**doc: Any) -> GreatWallState:
    doc.setdefault("mode", "coop")
    return pos(**doc)


def shame_placed(st: GreatWallState) -> int:
    return sum(sum(v) for v in st.shamed.values()) + sum(x[1] for v in st.claimed.values() for x in v)


# -- setup ("Tryb kooperacji: Przygotowanie") ------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "target", "spaces", "deck"), [(P2, 6, 2, 6), (P3, 7, 3, 9), (P4, 9, 3, 9)])
def test_modes_coop_setup_decrees_horde_events_by_player_count(players, target, spaces, deck):
    st = GAME.new(seed=5, players=players, options={"mode": "coop"})
    co = st.coop
    assert co["target"] == target and co["fulfilled"] == 0
    assert len(co["decrees"]) == spaces and len(co["decree_deck"]) == deck  # 2 players: 12 - 4 named - 2 drawn
    assert st.artifacts == []  # "Karty Artefaktów nie są używane"
    assert sum(len(v) for v in st.horde) == len(players) + 1  # "o 1 większej niż liczba graczy"
    assert all(c["id"].startswith("C") for sec in st.horde for c in sec)  # the co-op Horde deck only
    assert len(st.horde_deck) + len(st.horde_discard) + len(players) + 1 == 24
    assert sorted(co["event_deck"]) == [f"E{i:02d}" for i in range(1, 13)]
    assert set(st.tac_deck) | {c for s in st.seats for c in st.tac[s]} >= {f"CT{i:02d}" for i in range(1, 13)} - set()
    assert len(st.content.tactics) == 32 and len(st.content.generals) == 21  # shuffled in with the standard ones
    assert st.shame_pool == 10 * len(players)
    ev = [e for e in st.log if e.kind == "gw.coop_setup"]
    assert ev and ev[0].rule == "great_wall:modes.coop.setup"


def test_modes_coop_two_players_leave_the_four_named_decrees_out_and_play_the_reed_clan():
    st = GAME.new(seed=2, players=P2, options={"mode": "coop"})
    names = {st.content.requests[r]["name"]["pl"] for r in st.coop["decree_box"]}
    assert names == {"Prowokuj i zwyciężaj", "Pobór do cesarskiej gwardii", "Chwała Cesarzowi",
                     "Eskorta dla urzędników Cesarza"}
    assert st.reed and st.coop["spaces"] == 2 and not st.horde[0]  # the left section takes no part


def test_modes_coop_generals_include_the_coop_ones_in_the_deal():
    seen = set()
    for seed in range(12):
        st = GAME.new(seed=seed, players=P4, options={"mode": "coop"})
        seen |= {g for s in st.seats for g in st.draft[s]["generals"]}
    assert any(g.startswith("CG") for g in seen) and any(g.startswith("G") for g in seen)


def test_modes_coop_refuses_one_player_and_a_content_without_coop_cards():
    with pytest.raises(UnsupportedSetup, match=r"great_wall:modes\.coop"):
        GAME.new(seed=1, players=["red"], options={"mode": "coop"})
    doc = demo_doc()
    del doc["coop"]
    with pytest.raises(UnsupportedSetup, match="content field 'coop'"):
        GAME.new(seed=1, players=P3, options={"mode": "coop", "content": doc})


@pytest.mark.parametrize(("where", "value", "field"), [
    ("requests", {"D05": {"name": {"en": "x", "pl": "x"}, "sacrifice": {"silk": 1}}}, r"coop\.requests\.D05"),
    ("events", {"E01": {"name": {"en": "x", "pl": "x"}, "passive": {"rain": 1}}}, r"coop\.events\.E01\.passive"),
    ("events", {"E02": {"name": {"en": "x", "pl": "x"}, "each": [{"lose": {"chi": 0}}]}}, r"coop\.events\.E02"),
])
def test_modes_coop_content_malformed_coop_cards_are_refused_naming_the_field(where, value, field):
    doc = demo_doc()
    doc["coop"][where].update(value)
    with pytest.raises(ContentError, match=field):
        load_content(doc)
    doc = demo_doc()
    doc["coop"]["generals"] = {"G01": doc["generals"]["G01"], **dict(list(doc["coop"]["generals"].items())[1:])}
    with pytest.raises(ContentError, match=r"coop\.generals\.G01"):
        load_content(doc)


def test_modes_coop_content_file_replaces_the_coop_cards(tmp_path):
    doc = coop_doc(requests={"D09": {"need": {"walls": 3}}})
    p = tmp_path / "cards.json"
    p.write_text(json.dumps(doc), encoding="utf-8")
    st = GAME.new(seed=1, players=P3, options={"mode": "coop", "content": str(p)})
    assert st.content.requests["D09"]["need"] == {"walls": 3}


# -- the extra Horde cards ("Dodatkowe karty Hordy") ----------------------------------------------------------------
def test_modes_coop_extra_horde_card_each_spring():
    std = pos(phase="spring", year=2, players=P3)
    st = cpos(phase="spring", year=2, players=P3)
    arrived = [e for e in st.log if e.kind in ("gw.horde_arrives", "gw.conquest")]
    base = [e for e in std.log if e.kind in ("gw.horde_arrives", "gw.conquest")]
    assert len(arrived) == len(base) + 1 == std.spring_hordes() + 1


# -- the Decree fulfilment phase and Sacrifice ("Dekrety Cesarza", "Poświęcenie") ------------------------------------
def winter(**doc: Any) -> GreatWallState:
    """Winter of year 1; the Event to be revealed (unless the test says) changes nothing the test looks at."""
    doc.setdefault("phase", "winter")
    doc.setdefault("content", coop_doc())
    return cpos(**doc)


def test_modes_coop_fulfil_a_decree_without_sacrifice_when_this_years_conditions_hold():
    doc = coop_doc(requests={"D09": {"need": {"walls": 1}}, "D10": {"need": {"barricades": 2}}})
    st = winter(content=doc, coop={"decrees": ["D09", "D10"], "year": {"walls": 1, "barricades": 1}})
    assert st.coop["fulfilled"] == 1 and st.coop["decrees"][:1] == ["D10"] and "D09" in st.coop["decree_discard"]
    assert any(e.kind == "gw.decree_fulfilled" and e.args["card"] == "D09" for e in st.log)
    while st.decision.kind == "gw.shame":  # the Decree phase: D10 is still on the board
        play(st, st.decision.options[0].id)
    assert st.coop["year"] == {"defeated": 0, "walls": 0, "barricades": 0}  # a new Year begins


def test_modes_coop_sacrifice_every_player_pays_at_once_and_the_pieces_leave_the_game():
    doc = coop_doc(requests={"D05": {"sacrifice": {"wood": 1, "honor": 2, "spearman": 1, "clerk": 1}}})
    res = {s: {"wood": 2} for s in P3}
    st = winter(content=doc, coop={"decrees": ["D05"]}, resources=res, honor={s: 5 for s in P3},
                tea=["blue", "red", "yellow"])
    assert st.decision.kind == "gw.decree" and st.decision.player == "blue"
    assert ids(st) == ["sacrifice D05", "refuse D05"]
    play(st, "sacrifice D05")
    assert st.decision.player == "red" and not any(e.kind == "gw.sacrifice" for e in st.log)  # nothing paid yet
    play(st, "sacrifice D05", "sacrifice D05")
    for s in P3:
        assert st.res[s]["wood"] == 1 and st.pool[s][0] == 9 and st.coop["sacrificed"][s] == [1, 0, 0, 1]
        assert st.honor[s] == 3 and st.clerks[s] == 4
        assert st.soldiers_total(s)[0] + st.coop["sacrificed"][s][0] == 10
    assert st.coop["fulfilled"] == 1 and st.coop["decrees"] != ["D05"]
    assert [e.args["seat"] for e in st.log if e.kind == "gw.sacrifice"] == ["blue", "red", "yellow"]


def test_modes_coop_sacrifice_one_refusal_leaves_the_decree_and_nothing_is_paid():
    doc = coop_doc(requests={"D05": {"sacrifice": {"wood": 1}}})
    st = winter(content=doc, coop={"decrees": ["D05"]}, resources={s: {"wood": 3} for s in P3})
    play(st, "sacrifice D05", "refuse D05")
    assert all(st.res[s]["wood"] == 3 for s in P3) and st.coop["fulfilled"] == 0
    assert any(e.kind == "gw.decree_refused" for e in st.log)
    # the Decree phase: it is still on the board — each player takes a Shame token
    assert "D05" in st.coop["decrees"]


def test_modes_coop_sacrifice_not_offered_to_a_player_who_cannot_pay_their_share():
    doc = coop_doc(requests={"D05": {"sacrifice": {"wood": 1}}})
    st = winter(content=doc, coop={"decrees": ["D05"]}, resources={"red": {"wood": 1}}, tea=["red", "blue", "yellow"])
    play(st, "sacrifice D05")
    assert st.decision.player == "blue" and ids(st) == ["refuse D05"]  # asked anyway: Wood lies behind a screen


def test_modes_coop_sacrifice_soldiers_with_shame_cannot_be_sacrificed():
    doc = coop_doc(requests={"D02": {"sacrifice": {"horseman": 1}}})
    st = winter(content=doc, coop={"decrees": ["D02"]}, shamed={"red": {"horseman": 2}}, tea=["red", "blue", "yellow"])
    assert ids(st) == ["refuse D02"]


def test_modes_coop_a_decree_whose_conditions_fail_is_not_asked():
    doc = coop_doc(requests={"D11": {"need": {"firing": 2}, "sacrifice": {"chi": 1}}})
    st = winter(content=doc, coop={"decrees": ["D11"]}, firing=[["red"], [], []], resources={s: {"chi": 2} for s in P3})
    assert not any(e.kind.startswith("gw.decree_") and e.kind != "gw.decree_shame" for e in st.log)
    assert "D11" in st.coop["decrees"]


# -- the Decree phase ("Faza Dekretów") -----------------------------------------------------------------------------
def test_modes_coop_decree_phase_a_shame_token_per_decree_left_then_the_spaces_are_refilled():
    doc = coop_doc(requests={r: {"need": {"walls": 3}} for r in ("D05", "D06", "D07")})
    st = winter(content=doc, coop={"decrees": ["D05", "D06"]}, honor={s: 0 for s in P3})
    before = st.shame_pool
    while st.decision is not None and st.decision.kind == "gw.shame":
        play(st, st.decision.options[0].id)
    assert before - st.shame_pool == 2 * 3  # 2 Decrees on the board, 3 players
    assert len(st.coop["decrees"]) == 3  # refilled: at most 3 active
    assert any(e.kind == "gw.decree_shame" and e.args["n"] == 2 for e in st.log)


# -- the Event phase ("Faza Wydarzeń") ------------------------------------------------------------------------------
def test_modes_coop_events_immediate_effects_for_each_player_and_horde_cards():
    doc = coop_doc(event={"each": [{"gain": {"chi": 2}}, {"lose": {"wood": 3}}], "horde": 1})
    st = winter(content=doc, coop={"decrees": []}, resources={s: {"wood": 1} for s in P3})
    assert st.season == "winter" or st.year == 2
    assert all(st.res[s]["chi"] == 2 and st.res[s]["wood"] == 0 for s in P3)  # as much as they have
    assert len(st.coop["events"]) == 1 and len(st.coop["event_deck"]) == 11
    assert [e.rule for e in st.log if e.kind == "gw.horde_arrives"][-5:-4] == ["great_wall:modes.coop.events"]
    assert any(e.kind == "gw.event" for e in st.log)


def test_modes_coop_events_immediate_shame_for_each_player():
    doc = coop_doc(event={"each": [{"shame": 1}]})
    st = winter(content=doc, coop={"decrees": []})
    n = 0
    while st.decision is not None and st.decision.kind == "gw.shame":
        play(st, st.decision.options[0].id)
        n += 1
    assert shame_placed(st) == 3 and n == 3


def test_modes_coop_events_passive_effects_last_until_the_end():
    doc = coop_doc(event={"passive": {"lethality": 1, "defense": 2, "spring_hordes": 1, "shame_honor": 5,
                                      "summer": {"gold": 1}}})
    st = cpos(content=doc, phase="autumn", coop={"events": ["E01"]})
    assert st.lethality() == 1 + 1 and st.defense(0) == 6 + 2 and st.spring_hordes() == 3 + 1 + 1
    view = st.view("red")["coop"]
    assert view["shame_honor"] == 15 and view["mods"]["summer"] == {"gold": 1}
    st = cpos(content=doc, phase="summer", year=2, coop={"events": ["E01"]})
    assert all(st.res[s]["gold"] == 1 for s in P3)


# -- the Tea track ("Zasady specjalne: Tor Herbaty") -----------------------------------------------------------------
def test_modes_coop_tea_the_players_choose_the_order_of_a_boxs_clerk_moves():
    st = cpos(phase="command", active="red", track=[["red", "despotism"]], tea=["red", "blue", "yellow"])
    while st.decision.kind != "gw.clerk_order":  # the owner's boxes first
        play(st, "done" if "done" in ids(st) else "skip")
    d = st.decision
    assert d.player == "red" and ids(st) == ["next blue", "next yellow"] and d.rule == "great_wall:modes.coop.tea"
    play(st, "next yellow")
    assert st.decision.kind == "gw.clerks" and st.decision.player == "yellow"  # yellow before blue, against Tea
    play(st, "done")
    assert st.decision.kind == "gw.clerks" and st.decision.player == "blue"


def test_modes_coop_tea_the_players_choose_the_order_of_a_locations_effects():
    st = cpos(phase="activation", active="red", track=[["red", "meditation"]], tea=["red", "blue", "yellow"],
              clerks={"tea_house": ["yellow", "blue"]})
    assert st.decision.kind == "gw.clerk_order" and ids(st) == ["next blue", "next yellow"]
    play(st, "next yellow")  # yellow moves up first (above blue), then blue (above yellow again)
    while st.decision is not None and st.decision.kind == "gw.accept":
        play(st, "take")
    assert st.tea == ["red", "blue", "yellow"]
    standard = pos(phase="activation", active="red", track=[["red", "meditation"]], tea=["red", "blue", "yellow"],
                   clerks={"tea_house": ["yellow", "blue"]})
    while standard.decision is not None and standard.decision.kind == "gw.accept":
        play(standard, "take")
    assert standard.tea == ["blue", "yellow", "red"]  # Tea order: blue first (above red), then yellow (above red)


# -- Shame tokens ("Zasady specjalne: Żetony Hańby") -----------------------------------------------------------------
def test_modes_coop_shame_summer_discard_costs_ten_honor_not_chi():
    st = cpos(phase="summer", year=2, honor={"red": 12, "blue": 4}, shamed={"red": {"spearman": 1},
              "blue": {"spearman": 1}}, resources={s: {"chi": 9} for s in P3}, tea=["red", "blue", "yellow"])
    assert st.decision.kind == "gw.summer_shame" and ids(st) == ["discard shame from spearman (10 honor)", "done"]
    play(st, "discard shame from spearman (10 honor)")
    assert st.honor["red"] == 2 and st.shamed["red"] == [0, 0, 0] and st.res["red"]["chi"] == 9
    assert st.decision is None or st.decision.player != "blue" or st.decision.kind != "gw.summer_shame"


def test_modes_coop_shame_on_receiving_discard_for_ten_honor_never_on_a_claimed_horde_card():
    st = winter(honor={"red": 10}, claimed={"red": [["C01", 0]]}, coop={"decrees": ["D05"]},
                tea=["red", "blue", "yellow"], content=coop_doc(requests={"D05": {"need": {"walls": 3}}}))
    d = st.decision
    assert d.kind == "gw.shame" and d.player == "red"
    assert ids(st) == ["shame under spearman", "shame under archer", "shame under horseman",
                       "discard shame (10 honor)"]
    pool = st.shame_pool
    play(st, "discard shame (10 honor)")
    assert st.honor["red"] == 0 and st.shame_pool == pool and not any(st.shamed["red"])


def test_modes_coop_shame_empty_pool_when_a_player_must_take_one_loses_at_once():
    st = winter(coop={"decrees": ["D05"]}, shame_pool=0, honor={s: 20 for s in P3},
                content=coop_doc(requests={"D05": {"need": {"walls": 3}}}))
    assert st.terminal and st.result["winners"] == [] and st.result["reason"] == "shame"
    assert any(e.kind == "gw.coop_lost" for e in st.log)


# -- no reclaiming ("Brak możliwości odzyskania kart", "Budowa Muru") ------------------------------------------------
def test_modes_coop_no_reclaim_in_summer():
    st = cpos(phase="summer", year=2, command_discard=[["red", "despotism"]])
    assert not any(f["k"] == "gw.reclaim" for f in st.stack)
    assert ["red", "despotism"] in st.cmd_discard and any(e.kind == "gw.no_reclaim" for e in st.log)
    assert st.decision.kind == "gw.choose"


def test_modes_coop_wall_level_recovers_one_discarded_command_card():
    st = cpos(phase="activation", active="red", track=[["red", "meditation"]], clerks={"builders_camp": ["red"]},
              resources={"red": {"stone": 5}}, command_discard=[["red", "despotism"], ["red", "mobilization"]])
    play(st, "wall S0", "pay stone x5")  # the only ready location activates by itself
    assert st.decision.kind == "gw.recover" and ids(st) == ["recover despotism", "recover mobilization", "skip"]
    play(st, "recover mobilization")
    assert "mobilization" in st.cmd_hand["red"] and st.cmd_discard == [["red", "despotism"]]
    assert st.coop["year"]["walls"] == 1


# -- Honor for Horde cards at once ("Zdobywanie Honoru za karty Hordy") ---------------------------------------------
def test_modes_coop_horde_honor_claimed_card_scores_at_once():
    doc = coop_doc()
    doc["coop"]["horde"]["C01"] = {"name": {"en": "t", "pl": "t"}, "power": 2, "invasion": 0, "reward": 4,
                                   "grid": [[{}, None, None, None, None, None], [None] * 6]}
    st = cpos(content=doc, phase="activation", active="red", track=[["red", "meditation"]],
              clerks={"barracks": ["red"]}, resources={"red": {"stone": 2, "wood": 1}},
              horde=[[{"id": "C01"}], [], []])
    play(st, "recruit spearman", "spearman C01@0", "let die")
    assert ["C01", 0] in st.claimed["red"] and st.honor["red"] == 2 + 4  # +2 for a soldier on it, +4 at once
    assert st.coop["year"]["defeated"] == 1


# -- the end ("Tryb kooperacji: Koniec gry") -------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "target"), [(P2, 6), (P3, 7), (P4, 9)])
def test_modes_coop_end_win_when_enough_decrees_are_fulfilled(players, target):
    doc = coop_doc(requests={"D09": {"need": {"walls": 1}}})
    st = winter(content=doc, players=players, coop={"decrees": ["D09"], "fulfilled": target - 1,
                                                     "year": {"walls": 1}})
    assert st.terminal and st.result["winners"] == players and st.result["reason"] == "decrees"
    assert st.result["fulfilled"] == target and st.result["target"] == target


@pytest.mark.parametrize(("players", "target"), [(P2, 6), (P3, 7), (P4, 9)])
def test_modes_coop_end_loss_when_the_time_token_is_on_the_last_slot(players, target):
    st = winter(players=players, time=4, coop={"decrees": [], "fulfilled": target - 1})
    assert st.terminal and st.result["winners"] == [] and st.result["reason"] == "time"
    assert st.result["scores"] == {s: st.honor[s] for s in players}


@pytest.mark.parametrize("players", [P2, P3, P4])
def test_modes_coop_end_loss_when_a_shame_token_meets_an_empty_pool(players):
    doc = coop_doc(event={"each": [{"shame": 1}]})
    st = winter(content=doc, players=players, coop={"decrees": []}, shame_pool=1, honor={s: 0 for s in players})
    while st.decision is not None:
        play(st, st.decision.options[0].id)
        if st.year > 2:
            break
    assert st.terminal and st.result["winners"] == [] and st.result["reason"] == "shame"


def test_modes_coop_end_the_wall_condition_does_not_apply():
    st = winter(wall=[3, 3, 3], coop={"decrees": []})
    assert not st.terminal and st.year == 2  # the game goes on into the next Year


# -- positions, saves, privacy ------------------------------------------------------------------------------------
def test_modes_coop_position_errors_name_the_field():
    with pytest.raises(InvalidPosition, match=r"coop\.decrees"):
        cpos(coop={"decrees": ["D99"]})
    with pytest.raises(InvalidPosition, match="artifacts"):
        cpos(artifacts=["R1"])
    with pytest.raises(InvalidPosition, match="coop: only with mode"):
        pos(coop={"decrees": []})


def test_modes_coop_json_round_trip_and_determinize_hide_the_decree_and_event_decks():
    st = GAME.new(seed=3, players=P3, options={"mode": "coop"})
    r = random.Random(3)
    for _ in range(150):
        if st.decision is None:
            break
        st.apply(r.choice(st.decision.options).id)
    doc = GAME.to_json(st)
    again = GAME.from_json(json.loads(json.dumps(doc)))
    assert GAME.to_json(again) == doc and again.content.requests is st.content.requests
    view = st.view("red")
    assert view["coop"]["decree_deck"] == len(st.coop["decree_deck"])  # sizes only
    assert view["coop"]["event_deck"] == len(st.coop["event_deck"])
    orders = {tuple(GAME.determinize(st, "red", k).coop["event_deck"]) for k in range(6)}
    assert len(orders) > 1 and all(sorted(o) == sorted(st.coop["event_deck"]) for o in orders)
    assert GAME.determinize(st, "red", 1).view("red") == view


# -- random co-op playouts ----------------------------------------------------------------------------------------
def check_coop_conservation(st: GreatWallState) -> None:
    b = st.content.board
    so = [b["soldiers"][t] for t in ("spearman", "archer", "horseman")]
    for s in st.seats:
        gone = st.coop["sacrificed"][s]
        assert [x + y for x, y in zip(st.soldiers_total(s), gone[:3], strict=True)] == so
        on_board = sum(v.count(s) for v in st.at.values())
        assert st.clerks[s] + on_board + st.unhired[s] + gone[3] == b["clerks"]["total"]
        assert st.honor[s] >= 0 and all(v >= 0 for v in st.res[s].values())
        assert not any(x[1] for x in st.claimed[s])  # never Shame on Horde cards
        mine = len(st.cmd_hand[s]) + sum(1 for x in st.track if x and x[0] == s)
        assert mine + sum(1 for x in st.cmd_discard if x[0] == s) == len(st.content.commands)
    assert st.shame_pool + st.shame_box + shame_placed(st) == b["shame_per_player"] * st.n
    co = st.coop
    assert len(co["decrees"]) <= co["spaces"]
    assert sorted(co["decrees"] + co["decree_deck"] + co["decree_discard"] + co["decree_box"]) == \
        sorted(st.content.requests)
    assert len(co["decree_discard"]) == co["fulfilled"]
    assert sorted(co["events"] + co["event_deck"]) == sorted(st.content.events)
    horde = len(st.horde_deck) + len(st.horde_discard) + sum(len(v) for v in st.horde)
    assert horde + sum(len(v) for v in st.claimed.values()) == 24
    tac = len(st.tac_deck) + len(st.tac_discard) + sum(len(v) for v in st.tac.values())
    assert tac == 32


def random_coop(seed: int, checks: bool = True) -> GreatWallState:
    players = list(CLANS[:2 + seed % 3])
    st = GAME.new(seed=seed, players=players, options={"mode": "coop"})
    r = random.Random(seed)
    steps = 0
    while st.decision is not None:
        d = st.decision
        assert d.options and len({o.id for o in d.options}) == len(d.options), d.kind
        assert all(o.rule.startswith("great_wall:") for o in d.options)
        if checks and steps % 5 == 0:
            check_coop_conservation(st)
        act = [o for o in d.options if o.action not in ("done", "skip", "pass", "refuse", "die")]
        st.apply((r.choice(act) if act and r.random() < 0.85 else r.choice(d.options)).id)
        steps += 1
        assert steps < 5000
    check_coop_conservation(st)
    res = st.result
    assert res["reason"] in ("decrees", "time", "shame") and res["winners"] in ([], players)
    assert (res["winners"] == players) == (res["reason"] == "decrees")
    return st


def test_modes_coop_random_playouts_for_2_3_4_players_conserve_everything():
    reasons = set()
    for seed in range(300):
        reasons.add(random_coop(seed, checks=seed % 10 == 0).result["reason"])
    assert "shame" in reasons


def test_modes_coop_every_event_option_and_prompt_renders_in_both_languages():
    for seed in range(6):
        st = GAME.new(seed=seed, players=list(CLANS[:2 + seed % 3]), options={"mode": "coop"})
        r = random.Random(seed)
        while st.decision is not None:
            d = st.decision
            for lang in ("en", "pl"):
                assert "{" not in i18n.decision_prompt(d, lang, game="great_wall", strict=True)
                for o in d.options:
                    i18n.option_label(o, lang, d.kind, game="great_wall", strict=True, content=st.content)
            act = [o for o in d.options if o.action not in ("done", "skip", "pass", "refuse")]
            st.apply((r.choice(act) if act and r.random() < 0.8 else r.choice(d.options)).id)
        for e in st.log:
            for lang in ("en", "pl"):
                text = render_event(e, lang, game="great_wall", strict=True, content=st.content)
                assert "{" not in text
        names = [render_event(e, "pl", game="great_wall", content=st.content) for e in st.log if e.kind == "gw.event"]
        assert all("E0" not in n and "E1" not in n for n in names)  # Event names from the content


def test_modes_coop_views_leak_no_secret():
    st = GAME.new(seed=8, players=P3, options={"mode": "coop"})
    r = random.Random(8)
    for _ in range(120):
        if st.decision is None:
            break
        st.apply(r.choice(st.decision.options).id)
    d = st.copy()
    d.coop["decree_deck"].reverse()
    d.coop["event_deck"].reverse()
    for s in ("red", "blue"):
        d.res[s]["wood"] += 3
    assert d.view("yellow") == st.view("yellow")


@pytest.mark.parametrize("spec", ["random", "heuristic", "ismcts:iterations=6"])
def test_modes_coop_bots_play_every_seat_to_the_end(spec):
    from planszowki.bots import make

    for seed, players in ((1, P2), (2, P3), (3, P4)):
        if spec.startswith("ismcts") and seed != 2:
            continue
        st = GAME.new(seed=seed, players=players, options={"mode": "coop"})
        bots = {s: make(spec, seed=i) for i, s in enumerate(players)}
        while st.decision is not None:
            d = st.decision
            st.apply(bots[d.player].choose(st, d.player))
        assert st.terminal and st.result["winners"] in ([], players)


@pytest.mark.parametrize("lang", ["en", "pl"])
def test_modes_coop_in_the_terminal_bots_play_and_the_board_shows_decrees_and_events(lang, capsys, monkeypatch,
                                                                                     tmp_path):
    import io

    from planszowki.cli.main import main

    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    monkeypatch.setenv("COLUMNS", "120")
    monkeypatch.setenv("PLANSZOWKI_DATA_DIR", str(tmp_path))
    rc = main(["play", "great_wall", "--mode", "coop", "--seats", "red=heuristic,blue=heuristic,yellow=heuristic",
               "--seed", "3", "--lang", lang])
    out = capsys.readouterr().out
    assert rc == 0
    assert ("Emperor's Decrees (" if lang == "en" else "Dekrety Cesarza (") in out
    assert ("The players win together" if lang == "en" else "Gracze wspólnie zwyciężają") in out \
        or ("The players lose together" if lang == "en" else "Gracze wspólnie przegrywają") in out


def test_modes_coop_in_the_lab_checked_games_keep_the_invariants_and_every_seat_shares_the_result(tmp_path):
    from planszowki.cli.main import main
    from planszowki.lab import RunConfig, play_game, read_results

    for seats in ({"red": "heuristic", "blue": "random"}, {"red": "heuristic", "blue": "heuristic",
                                                           "yellow": "random", "green": "random"}):
        cfg = RunConfig.make("great_wall", seats, {"mode": "coop"}, max_turns=50)
        for seed in (1, 2):
            line = play_game(cfg, seed, check_every=3)
            assert line["reason"] in ("decrees", "time", "shame"), line.get("invariant") or line.get("error")
            assert line["winners"] in ([], list(seats)) and (line["winners"] != []) == (line["reason"] == "decrees")
    out = tmp_path / "coop.jsonl"
    assert main(["lab", "run", "--game", "great_wall", "--mode", "coop", "--seats",
                 "red=heuristic,blue=heuristic,yellow=heuristic", "--games", "6", "--workers", "1", "--out", str(out),
                 "--no-progress"]) == 0
    lines = read_results(out)
    assert len(lines) == 6 and all(x["options"] == {"mode": "coop"} for x in lines)
    assert all(x["winners"] in ([], ["red", "blue", "yellow"]) for x in lines)
    assert main(["lab", "run", "--game", "root", "--mode", "coop", "--seats", "marquise=random,eyrie=random",
                 "--games", "1", "--out", str(tmp_path / "x.jsonl"), "--no-progress"]) == 2


def test_modes_coop_a_person_plays_a_whole_coop_game_in_the_terminal(capsys, monkeypatch, tmp_path):
    """A person (red) types every choice of a whole co-op game against the CLI's random bots: the Decrees' answers,
    Shame for Honor, recovered Command cards are all typed as option ids; the save holds the finished game."""
    import io

    from planszowki import bots
    from planszowki.cli.main import main
    from planszowki.cli.play import bot_seed

    seed, seats = 11, P3  # a game in which the person meets every co-op decision (the demonstration Decrees)
    st = GAME.new(seed=seed, players=seats, options={"mode": "coop"})
    cli_bots = {s: bots.make("random", bot_seed(seed, s, 0)) for s in seats if s != "red"}
    person = bots.make("heuristic", 7)
    lines, kinds = [], set()
    while not st.terminal:
        d = st.decision
        if d.player in cli_bots:
            st.apply(cli_bots[d.player].choose(st, d.player))
            continue
        if len(d.options) == 1:  # the CLI takes a lone option by itself
            st.apply(d.options[0].id)
            continue
        oid = person.choose(st, d.player)
        kinds.add(d.kind)
        lines.append(oid)
        st.apply(oid)
    save = tmp_path / "coop.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    monkeypatch.setenv("COLUMNS", "140")
    monkeypatch.setenv("PLANSZOWKI_LANG", "en")
    monkeypatch.setenv("PLANSZOWKI_DATA_DIR", str(tmp_path / "data"))
    rc = main(["play", "great_wall", "--mode", "coop", "--seats", "red=human,blue=bot,yellow=bot", "--seed",
               str(seed), "--save", str(save)])
    out = capsys.readouterr().out
    assert rc == 0
    doc = json.loads(save.read_text("utf-8"))
    assert doc["finished"] is True and GAME.to_json(GAME.from_json(doc["state"])) == GAME.to_json(st)
    assert "Emperor's Decrees (" in out and "The players " in out
    assert {"gw.decree", "gw.recover", "gw.shame"} <= kinds  # the co-op decisions were the person's to type


def test_modes_coop_position_inline_coop_cards_merge_by_id():
    card = {"name": {"en": "t", "pl": "t"}, "power": 9, "invasion": 1, "reward": 3,
            "grid": [[{}, {}, None, None, None, None], [None] * 6]}
    st = cpos(content={"coop": {"requests": {"D05": {"name": {"en": "x", "pl": "x"}, "need": {"walls": 2}}},
                                "horde": {"C01": card}}},
              horde=[[], [{"id": "C01"}], []], coop={"decrees": ["D05"]})
    assert st.content.requests["D05"]["need"] == {"walls": 2} and len(st.content.requests) == 12
    assert st.content.horde["C01"]["power"] == 9 and st.power(1) == 9 and len(st.content.horde) == 24
