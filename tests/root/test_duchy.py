"""Chapter 12, the Underground Duchy (Podziemne Księstwo): one scenario per rule, built with positions.

Autumn map (printed numbers): 1 fox, 2 mouse, 3 rabbit, 4 rabbit (corners; 1–3 and 2–4 face each other);
5 rabbit, 6 fox, 7 mouse, 8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1–5 1–9 1–10, 2–5 2–6 2–10,
3–6 3–7 3–11, 4–8 4–9 4–12, 6–11, 7–8 7–12, 9–12, 10–12, 11–12. The Burrow is "burrow" in option ids and log
events (index 12 inside).
"""

from __future__ import annotations

import json

import pytest
from helpers import GAME, canonical, event_args, hand, ids, play, position, warriors

from planszowki.engine import InvalidPosition
from planszowki.games.root import rootlog
from planszowki.games.root.factions import duchy

SEATS = ("marquise", "duchy")
BURROW = "burrow"


def pos(clearings=None, *, turn="duchy", phase="daylight", duchy_board=None, marquise=None, **extra):
    players = {"duchy": dict(duchy_board or {}), "marquise": dict(marquise or {})}
    return position(clearings, turn=turn, phase=phase, seats=SEATS, players=players, **extra)


def fd(st):
    return st.fdata["duchy"]


# -- 12.2 Faction rules ---------------------------------------------------------------------------
def test_12_2_2_the_burrow_is_adjacent_to_each_tunnel_clearing_for_the_duchy_only():
    st = pos({5: {"tokens": ["tunnel"], "warriors": {"duchy": 1}}, 9: {"tokens": ["tunnel"]}},
             duchy_board={"burrow": 3})
    b = st.map.n
    assert st.adjacent(b, "duchy") == (4, 8)
    assert b in st.adjacent(4, "duchy") and b not in st.adjacent(4, "marquise")
    assert b not in st.adjacent(0, "duchy")  # no tunnel in 1
    opts = ids(st)
    assert {f"move {BURROW}->5 x3", f"move {BURROW}->9 x1", f"move 5->{BURROW} x1"} <= opts
    assert not any(o.startswith(f"move {BURROW}->1 ") for o in opts)


def test_12_2_2_the_burrow_is_burrow_in_option_ids_and_the_burrow_nora_in_text():
    from rich.console import Console

    from planszowki import i18n
    from planszowki.cli.board import _duchy_lines

    st = pos({5: {"tokens": ["tunnel"], "warriors": {"duchy": 1}}}, phase="birdsong", duchy_board={"burrow": 2})
    assert {"move burrow->5 x3", "move 5->burrow x1"} <= ids(st) and not any("13" in o for o in ids(st))
    opt = next(o for o in st.decision.options if o.id == "move burrow->5 x3")
    assert opt.args == {"from": "burrow", "to": 5, "count": 3}
    assert i18n.option_label(opt, "en", st.decision.kind, strict=True) == "Move 3 warriors the Burrow → 5"
    assert i18n.option_label(opt, "pl", st.decision.kind, strict=True) == "Ruch: 3 wojowników Nora → 5"
    play(st, "move burrow->5 x3")
    assert duchy.in_burrow(st) == 0 and warriors(st, 5, "duchy") == 4  # the index inside is unchanged
    texts = {lang: [i18n.render_event(e, lang, strict=True) for e in st.log if e.kind in ("place_warriors", "move")]
             for lang in ("en", "pl")}
    assert texts["en"] == ["Underground Duchy places 1 warrior in the Burrow. (12.4)",
                           "Underground Duchy moves 3 warriors the Burrow → 5. (12.5.1.III)"]
    assert texts["pl"] == ["Podziemne Księstwo rozmieszcza 1 wojownika w Norze. (12.4)",
                           "Podziemne Księstwo przemieszcza 3 wojowników: Nora → 5. (12.5.1.III)"]
    for lang, name in (("en", "The Burrow: 0 warriors (tunnels: 5)"), ("pl", "Nora: 0 wojowników (Tunele: 5)")):
        console = Console(width=140, record=True)
        for line in _duchy_lines(st.view(None)["players"]["duchy"]["board"], lang):
            console.print(line)
        assert name in console.export_text()


def test_12_2_2_the_duchy_always_rules_the_burrow_even_empty_and_no_one_battles_there():
    st = pos({5: {"tokens": ["tunnel"]}, 1: {"warriors": {"duchy": 1, "marquise": 3}}})
    assert st.ruler(st.map.n) == "duchy"
    # moving into the empty Burrow is allowed though the Duchy does not rule the origin (4.2)
    st2 = pos({5: {"tokens": ["tunnel"], "warriors": {"duchy": 1, "marquise": 3}}})
    assert f"move 5->{BURROW} x1" in ids(st2)
    assert not any(o.startswith(f"battle {BURROW}") for o in ids(st2))


def test_12_2_3_price_of_failure_loses_the_highest_minister_and_its_crown_then_a_random_card():
    st = pos({5: {"buildings": ["citadel", "market"]}},
             duchy_board={"hand": ["fox:Anvil"], "swayed": ["captain", "brigadier"]})
    st.remove_piece(4, "citadel", "marquise", "4.3.4")
    st.remove_piece(4, "market", "marquise", "4.3.4")  # removed together: one Price
    st._settle()
    assert fd(st)["swayed"] == ["captain"]
    assert fd(st)["lost_noble"] == 1 and duchy.crowns_left(st, "noble") == 2
    assert st.hands["duchy"] == [] and event_args(st, "minister_lost") == [{"faction": "duchy",
                                                                           "minister": "brigadier"}]
    assert [a["card"] for a in event_args(st, "discard")] == ["fox:Anvil"]


def test_12_2_3_duchy_chooses_among_ministers_of_equal_highest_rank():
    st = pos({5: {"buildings": ["citadel"]}}, duchy_board={"swayed": ["captain", "marshal"]})
    st.remove_piece(4, "citadel", "marquise", "4.3.4")
    st._settle()
    assert st.decision.kind == "duchy.price" and ids(st) == {"lose captain", "lose marshal"}
    play(st, "lose marshal")
    assert fd(st)["swayed"] == ["captain"] and fd(st)["lost_squire"] == 1


def test_12_2_4_with_three_tunnels_on_the_map_a_dig_moves_one_of_them():
    st = pos({1: {"tokens": ["tunnel"]}, 2: {"tokens": ["tunnel"]}, 3: {"tokens": ["tunnel"]}},
             duchy_board={"hand": ["fox:Anvil"], "burrow": 5})
    digs = sorted(o for o in ids(st) if o.startswith("dig "))
    assert "dig 6 from 2 with fox:Anvil" in digs and not any(o.startswith("dig 6 with") for o in digs)
    play(st, "dig 6 from 2 with fox:Anvil")
    assert "tunnel" not in st.tokens[1] and "tunnel" in st.tokens[5]
    assert ids(st) == {"tunnel move x1", "tunnel move x2", "tunnel move x3", "tunnel move x4", "no tunnel move"}
    play(st, "tunnel move x4")
    assert warriors(st, 6, "duchy") == 4 and duchy.in_burrow(st) == 1
    assert "fox:Anvil" in [st.card(c).key for c in st.discard]  # 12.5.1.V: the card is spent


# -- 12.3 Setup -------------------------------------------------------------------------------------
def test_12_3_3_surface_in_the_corner_opposite_the_keep_with_a_tunnel_and_warriors_around():
    st = GAME.new(seed=3, players=["marquise", "duchy"], options={"seating": "fixed"})
    play(st, "keep 1")
    while st.fdata["duchy"].get("start") is None:  # the Marquise's buildings, then the Duchy's lone choice
        play(st, st.decision.options[0].id)
    assert st.fdata["duchy"]["start"] == 2  # opposite the keep (the seed: the keep or the Eyrie's roost)
    assert warriors(st, 3, "duchy") == 2 and "tunnel" in st.tokens[2]
    for a in (6, 7, 11):
        assert warriors(st, a, "duchy") == 2
    assert st.warriors_on_map("duchy") == 8 and st.warrior_supply("duchy") == 12


# -- 12.4 Birdsong ----------------------------------------------------------------------------------
def test_12_4_birdsong_recruits_one_plus_the_citadel_icons_into_the_burrow():
    st = pos({5: {"buildings": ["citadel"], "warriors": {"duchy": 1}},
              7: {"buildings": ["citadel"], "warriors": {"duchy": 1}}}, phase="birdsong")
    assert duchy.recruit_count(st) == 4
    assert duchy.in_burrow(st) == 4


# -- 12.5 Daylight ----------------------------------------------------------------------------------
def test_12_5_1_build_reveals_a_matching_card_which_returns_in_the_evening():
    st = pos({5: {"warriors": {"duchy": 2}}}, duchy_board={"hand": ["rabbit:Bake Sale", "fox:Anvil"]})
    opts = ids(st)
    assert "build citadel 5 with rabbit:Bake Sale" in opts and "build citadel 5 with fox:Anvil" not in opts
    play(st, "build market 5 with rabbit:Bake Sale")
    assert hand(st, "duchy") == ["fox:Anvil"] and fd(st)["revealed"] == [st.find_in(
        fd(st)["revealed"], "rabbit:Bake Sale")]
    assert st.view("marquise")["players"]["duchy"]["board"]["revealed"] == ["rabbit:Bake Sale"]
    play(st, "recruit")  # the second action ends the Assembly
    assert st.decision.kind == "duchy.sway"
    play(st, "end daylight")
    assert "rabbit:Bake Sale" in hand(st, "duchy") and fd(st)["revealed"] == []


def test_12_5_1_assembly_allows_two_actions():
    st = pos({5: {"warriors": {"duchy": 2}}}, duchy_board={"burrow": 1})
    play(st, "recruit", "recruit")
    assert duchy.in_burrow(st) == 3 and st.decision.kind == "duchy.sway"


def test_12_5_2_parliament_each_swayed_minister_once_and_the_mayor_copies():
    st = pos({5: {"warriors": {"duchy": 3}, "buildings": ["market"]}},
             duchy_board={"swayed": ["marshal", "mayor", "baron"]})
    play(st, "end assembly")
    assert st.decision.kind == "duchy.parliament"
    opts = ids(st)
    assert "move 5->1 x1 (marshal)" in opts and "move 5->1 x1 (mayor as marshal)" in opts
    assert "baron of dirt" in opts
    play(st, "move 5->1 x1 (marshal)", "baron of dirt")
    assert st.vp["duchy"] == 1
    opts = ids(st)
    assert not any(o.endswith("(marshal)") for o in opts) and "move 5->1 x1 (mayor as marshal)" in opts
    play(st, "move 5->1 x1 (mayor as marshal)")
    assert ids(st) == {"end parliament"}


def test_12_5_2_banker_spends_cards_of_one_suit_for_as_many_points():
    st = pos({5: {"warriors": {"duchy": 1}}},
             duchy_board={"swayed": ["banker"], "hand": ["fox:Anvil", "bird:Arms Trader", "mouse:Sword"]})
    play(st, "end assembly", "banker: bank fox:Anvil")
    assert ids(st) == {"bank bird:Arms Trader", "done banking"}  # mouse is another suit; birds are wild
    play(st, "bank bird:Arms Trader", "done banking")
    assert st.vp["duchy"] == 2 and hand(st, "duchy") == ["mouse:Sword"]


def test_12_5_3_each_revealed_card_needs_its_own_matching_clearing_with_a_duchy_piece():
    st = pos({1: {"warriors": {"duchy": 1}}, 5: {"tokens": ["tunnel"]}},
             duchy_board={"hand": ["fox:Anvil", "fox:Root Tea", "rabbit:Bake Sale"], "burrow": 4})
    play(st, "end assembly")
    # one fox clearing (1) and one rabbit clearing (5, the tunnel); the Burrow has no suit: two foxes never do, so
    # only the squires (two cards) can be swayed
    assert {o for o in ids(st) if o.startswith("sway ")} == {"sway foremole", "sway captain", "sway marshal"}
    play(st, "sway captain")
    assert st.decision.kind == "duchy.sway_cards"
    assert ids(st) == {"sway captain reveal fox:Anvil", "sway captain reveal fox:Root Tea",
                       "sway captain reveal rabbit:Bake Sale"}
    play(st, "sway captain reveal fox:Anvil")
    # the second fox would leave no clearing for it: only the rabbit card completes the sway
    assert ids(st) == {"sway captain reveal rabbit:Bake Sale"}
    play(st, "sway captain reveal rabbit:Bake Sale")
    # both shown to everyone (12.5.3.II), back in the hand in the Evening that follows (12.6.1)
    assert [a["card"] for a in event_args(st, "reveal")] == ["fox:Anvil", "rabbit:Bake Sale"]
    assert {"fox:Anvil", "fox:Root Tea", "rabbit:Bake Sale"} <= set(hand(st, "duchy"))
    assert fd(st)["swayed"] == ["captain"] and st.vp["duchy"] == 1 and duchy.crowns_left(st, "squire") == 2


def test_12_5_3_a_squire_costs_two_cards_a_noble_three_a_lord_four():
    # the Underworld booklet (seed): "Ziemianin potrzebuje dwóch kart, Notabl trzech, a Wielmoża czterech"
    st = pos({1: {"warriors": {"duchy": 1}}, 2: {"warriors": {"duchy": 1}}, 3: {"warriors": {"duchy": 1}},
              4: {"warriors": {"duchy": 1}}},
             duchy_board={"hand": ["fox:Anvil", "mouse:Sword", "rabbit:Bake Sale", "rabbit:Root Tea"]})
    play(st, "end assembly")
    assert {o.args["minister"] for o in st.decision.options if o.action == "sway"} == set(duchy.MINISTERS)
    for rank, cost in (("squire", 2), ("noble", 3), ("lord", 4)):
        m = next(m for m, r in duchy.MINISTERS.items() if r == rank)
        trial = st.copy()
        play(trial, f"sway {m}")
        for k in range(cost):
            assert trial.decision.kind == "duchy.sway_cards" and trial.decision.args["left"] == cost - k
            play(trial, sorted(ids(trial))[0])
        assert trial.decision.kind != "duchy.sway_cards" and len(event_args(trial, "reveal")) == cost
    play(st, "sway earl", "sway earl reveal fox:Anvil", "sway earl reveal mouse:Sword",
         "sway earl reveal rabbit:Bake Sale", "sway earl reveal rabbit:Root Tea")
    assert st.vp["duchy"] == duchy.CROWN_VP["lord"] and duchy.crowns_left(st, "lord") == 2


def test_12_5_3_the_cards_of_a_sway_are_revealed_together_at_its_end():
    """One card per decision (12.5.3.II), but nothing is shown until the last: no event, no view and no other
    seat's redeal (determinize) knows the cards chosen so far; the log says the sway once, at the end."""
    from planszowki.engine import Rng

    st = pos({1: {"warriors": {"duchy": 1}}, 2: {"warriors": {"duchy": 1}}, 3: {"warriors": {"duchy": 1}}},
             duchy_board={"hand": ["fox:Anvil", "mouse:Sword", "rabbit:Bake Sale", "bird:Sappers"]})
    play(st, "end assembly", "sway banker")
    before = {s: canonical(st.view(s)) for s in ("marquise", None)}
    n = len(st.log)
    play(st, "sway banker reveal bird:Sappers")
    assert len(st.log) == n and {s: canonical(st.view(s)) for s in ("marquise", None)} == before
    assert st.view("duchy")["decision"]["args"] == {"minister": "banker", "left": 2, "cards": ["bird:Sappers"]}
    assert "args" not in st.view("marquise")["decision"]
    for k in range(30):  # the Marquise's redeal: any hand that can pay the Banker, no card chosen yet
        d = GAME.determinize(st, "marquise", Rng(k))
        assert canonical(d.view("marquise")) == canonical(st.view("marquise"))
        assert len(d.hands["duchy"]) == 4 and d.decision.args["left"] == 3
        while d.decision.kind == "duchy.sway_cards":
            d.apply(d.decision.options[0].id)
        assert d.fdata["duchy"]["swayed"] == ["banker"]
    d = GAME.determinize(st, "duchy", Rng(1))  # the Duchy knows its own choice
    assert d.decision.args["cards"] == ["bird:Sappers"]
    play(st, "sway banker reveal fox:Anvil", "sway banker reveal mouse:Sword")
    kinds = [e.kind for e in st.log[n:]]
    assert kinds[:4] == ["reveal", "reveal", "reveal", "sway"]
    assert [a["card"] for a in event_args(st, "reveal")] == ["bird:Sappers", "fox:Anvil", "mouse:Sword"]
    assert fd(st)["swayed"] == ["banker"] and st.vp["duchy"] == 2


def test_12_5_3_no_sway_without_a_crown_of_the_rank():
    st = pos({1: {"warriors": {"duchy": 1}}, 5: {"warriors": {"duchy": 1}}},
             duchy_board={"hand": ["fox:Anvil", "rabbit:Bake Sale"], "lost_crowns": {"squire": 3}})
    play(st, "end assembly")
    assert not any(o.startswith("sway ") for o in ids(st))


# -- 12.6 Evening -----------------------------------------------------------------------------------
def test_12_6_1_revealed_birds_are_discarded_the_others_return():
    st = pos({5: {"warriors": {"duchy": 1}}}, phase="evening",
             duchy_board={"revealed": ["bird:Arms Trader", "rabbit:Bake Sale"]})
    assert "rabbit:Bake Sale" in hand(st, "duchy") and "bird:Arms Trader" not in hand(st, "duchy")
    assert "bird:Arms Trader" in [st.card(c).key for c in st.discard]


def test_12_6_3_draws_one_plus_one_per_market():
    st = pos({5: {"warriors": {"duchy": 1}, "buildings": ["market"]},
              7: {"warriors": {"duchy": 1}, "buildings": ["market"]}}, phase="evening")
    assert len(st.hands["duchy"]) == 3


# -- positions, saves, Rootlog ----------------------------------------------------------------------
def test_position_fields_and_save_round_trip():
    st = pos({5: {"tokens": ["tunnel"], "buildings": ["citadel"], "warriors": {"duchy": 2}}},
             duchy_board={"burrow": 2, "swayed": ["mayor"], "lost_crowns": {"lord": 1}})
    assert duchy.in_burrow(st) == 2 and duchy.crowns_left(st, "lord") == 2
    doc = json.loads(json.dumps(GAME.to_json(st)))
    again = GAME.from_json(doc)
    assert canonical(GAME.to_json(again)) == canonical(GAME.to_json(st))
    with pytest.raises(InvalidPosition, match=r"12\.5\.3"):
        pos(duchy_board={"swayed": ["chancellor"]})
    with pytest.raises(InvalidPosition, match=r"12\.2\.2"):
        pos(duchy_board={"burrow": -1})


def test_rootlog_writes_the_burrow_as_clearing_0():
    st = pos({5: {"tokens": ["tunnel"], "warriors": {"duchy": 1}}}, duchy_board={"burrow": 2})
    play(st, f"move {BURROW}->5 x2")
    assert "2w0->5" in rootlog.write(st)
