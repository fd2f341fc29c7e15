"""Chapter 10, the Lizard Cult (Jaszczurzy Kultyści): one scenario per rule, built with positions.

Autumn map (printed numbers): 1 fox, 2 mouse, 3 rabbit, 4 rabbit (corners; 1–3 and 2–4 face each other);
5 rabbit, 6 fox, 7 mouse, 8 fox, 9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1–5 1–9 1–10, 2–5 2–6 2–10,
3–6 3–7 3–11, 4–8 4–9 4–12, 6–11, 7–8 7–12, 9–12, 10–12, 11–12. Slots: 1, 3, 4 have one; 11 has three; the
others two (6, 10, 11, 12 hold a ruin).
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import (
    GAME,
    buildings,
    canonical,
    decision_of,
    event_args,
    hand,
    ids,
    play,
    position,
    seed_for,
    warriors,
)

from planszowki.engine import IllegalAction, InvalidPosition, Rng
from planszowki.games.root import rootlog
from planszowki.games.root.factions import cult
from planszowki.games.root.factions.cult import GARDEN_VP

SEATS = ("marquise", "eyrie", "cult")


def pos(clearings=None, *, turn="cult", phase="daylight", cult_board=None, marquise=None, eyrie=None, deck=None,
        seats=SEATS, **extra):
    """A three-player position; the Cult's board fields (``outcast``, ``acolytes`` …) go in ``cult_board``."""
    players = {"cult": dict(cult_board or {}), "marquise": dict(marquise or {}), "eyrie": dict(eyrie or {})}
    players = {s: p for s, p in players.items() if s in seats}
    if deck is not None:
        extra["deck"] = list(deck)
    return position(clearings, turn=turn, phase=phase, seats=seats, players=players, **extra)


def fd(st) -> dict:
    return st.fdata["cult"]


def keys(st, cards) -> list[str]:
    return sorted(st.card(c).key for c in cards)


# -- 10.2 Faction rules -----------------------------------------------------------------------------
def test_10_2_6_spent_and_discarded_cards_even_dominance_go_to_lost_souls():
    st = pos(turn="marquise", phase="evening",
             marquise={"hand": ["fox:Dominance", "fox:Anvil", "mouse:Sword", "rabbit:Cobbler", "rabbit:Bake Sale",
                                "mouse:Crossbow"]},
             deck=["fox:Root Tea"])
    assert decision_of(st) == ("marquise", "discard_down")
    play(st, "discard fox:Dominance", "discard fox:Anvil")
    assert keys(st, fd(st)["lost_souls"]) == ["fox:Anvil", "fox:Dominance"]
    assert st.discard == [] and st.available == []  # not the discard pile, not available (10.2.6)
    # anyone may inspect the pile at any time
    for seat in (*SEATS, None):
        assert st.view(seat)["players"]["cult"]["board"]["lost_souls"] == ["fox:Dominance", "fox:Anvil"]


def test_10_2_6_without_the_cult_discards_go_to_the_discard_pile():
    st = position(turn="marquise", phase="evening", seats=("marquise", "eyrie"),
                  players={"marquise": {"hand": ["fox:Anvil", "mouse:Sword", "rabbit:Cobbler", "rabbit:Bake Sale",
                                                 "mouse:Crossbow"]}},
                  deck=["fox:Root Tea", "rabbit:Root Tea", "mouse:Root Tea", "bird:Sappers"])
    play(st, "discard fox:Anvil")
    assert [st.card(c).key for c in st.discard] == ["fox:Anvil"]


def test_10_2_4_pilgrims_rule_any_clearing_with_a_garden_over_lords_of_the_forest():
    st = pos({5: {"warriors": {"eyrie": 3, "marquise": 2}, "buildings": ["garden_rabbit"]},
              8: {"warriors": {"eyrie": 1, "cult": 1}}})
    assert st.ruler(4) == "cult"  # 10.2.4 even against three Eyrie warriors
    assert st.ruler(7) == "eyrie"  # 7.2.2 still decides ties without a garden


def _marquise_attacks(clearing_pieces, cult_hand=(), seed=0):
    return pos({5: clearing_pieces}, turn="marquise", phase="daylight", cult_board={"hand": list(cult_hand)},
               seed=seed)


def test_10_2_3_revenge_defending_warriors_become_acolytes():
    def make(s):
        st = pos({5: {"warriors": {"marquise": 3, "cult": 3}}}, turn="marquise", phase="daylight", seed=s)
        return play(st, "end crafting", "battle 5 cult")

    s = seed_for(make, lambda st: warriors(st, 5, "cult") < 3 and warriors(st, 5, "marquise") < 3)
    st = make(s)
    lost = 3 - warriors(st, 5, "cult")
    assert fd(st)["acolytes"] == lost  # 10.2.3
    assert st.warrior_supply("cult") == 25 - warriors(st, 5, "cult") - lost
    assert event_args(st, "revenge")[-1]["count"] == lost
    # the Marquise's losses go to her supply as usual
    assert st.warrior_supply("marquise") == 25 - st.warriors_on_map("marquise")


def test_10_2_3_attacking_cult_warriors_go_to_the_supply():
    def make(s):
        st = pos({9: {"warriors": {"cult": 3, "marquise": 3}}}, turn="cult", phase="birdsong",
                 cult_board={"outcast": "fox", "hated": False, "acolytes": 2, "lost_souls": ["mouse:Sword"]},
                 seed=s)
        return play(st, "battle 9 marquise")

    s = seed_for(make, lambda st: warriors(st, 9, "cult") < 3)
    st = make(s)
    assert fd(st)["acolytes"] == 0  # the two spent; none gained while attacking
    assert st.warrior_supply("cult") == 25 - st.warriors_on_map("cult")


def test_10_2_5_fear_of_the_faithful_discards_a_random_card_to_lost_souls():
    st = pos({5: {"warriors": {"marquise": 2}, "buildings": ["garden_rabbit"]}}, turn="marquise",
             cult_board={"hand": ["fox:Anvil"]})
    play(st, "end crafting", "battle 5 cult", "no ambush")
    # defenceless (4.3.3.II): at least the extra hit removes the garden
    assert "garden_rabbit" not in buildings(st, 5)
    assert hand(st, "cult") == [] and keys(st, fd(st)["lost_souls"]) == ["fox:Anvil"]
    assert any(e["card"] == "fox:Anvil" for e in event_args(st, "discard"))  # public: it lies face up


def test_10_2_5_fear_of_the_faithful_with_an_empty_hand_does_nothing():
    st = pos({5: {"warriors": {"marquise": 2}, "buildings": ["garden_rabbit"]}}, turn="marquise")
    play(st, "end crafting", "battle 5 cult")
    assert "garden_rabbit" not in buildings(st, 5) and fd(st)["lost_souls"] == []


# -- 10.3 Setup ---------------------------------------------------------------------------------------
def _setup_until_cult(players, seed=3):
    st = GAME.new(seed=seed, players=list(players), options={"seating": "fixed"})
    while st.decision is not None and not st.decision.kind.startswith("cult."):
        d = st.decision
        keep = next((o.id for o in d.options if o.id == "keep 1"), d.options[0].id)
        st.apply(keep)
    return st


def test_10_3_2_with_marquise_and_eyrie_either_remaining_corner():
    st = _setup_until_cult(("marquise", "eyrie", "cult"))
    assert st.fdata["marquise"]["start"] == 0 and st.fdata["eyrie"]["start"] == 2
    assert decision_of(st) == ("cult", "cult.setup.corner")
    assert ids(st) == {"start 2", "start 4"}  # the seed's rule: one of the two remaining corners


def test_10_3_2_diagonally_opposite_a_starting_corner_if_possible():
    st = _setup_until_cult(("marquise", "cult"))
    # the only corner opposite the keep is taken at once (a forced choice), then the Outcast is chosen
    assert decision_of(st) == ("cult", "cult.setup.outcast")
    assert fd(st)["start"] == 2
    # 4 warriors and the garden; the Marquise's garrison skips this corner (6.3.3)
    assert warriors(st, 3, "cult") == 4 and "garden_rabbit" in buildings(st, 3)
    for c in (6, 7, 11):
        assert warriors(st, c, "cult") >= 1  # 1 in each adjacent clearing
    assert ids(st) == {"outcast fox", "outcast rabbit", "outcast mouse"}
    play(st, "outcast mouse")
    assert fd(st)["outcast"] == "mouse" and fd(st)["hated"] is False
    assert cult.gardens_on_track(st, "rabbit") == 4 and cult.gardens_on_track(st, "fox") == 5  # 10.3.4


def test_10_3_2_without_starting_corners_any_corner():
    st = _setup_until_cult(("alliance", "cult"))
    assert ids(st) == {"start 1", "start 2", "start 3", "start 4"}


# -- 10.4 Birdsong --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("outcast", "hated", "souls", "after"), [
    ("fox", False, ["mouse:Sword", "mouse:Crossbow", "fox:Anvil", "bird:Armorers", "bird:Sappers"], ("mouse", False)),
    ("mouse", False, ["mouse:Sword", "fox:Anvil", "mouse:Crossbow"], ("mouse", True)),  # the same suit: Hated
    ("mouse", True, ["mouse:Sword", "mouse:Crossbow"], ("mouse", True)),  # stays Hated
    ("fox", True, ["mouse:Sword", "mouse:Crossbow"], ("mouse", False)),  # a new suit shows the Outcast side
    ("fox", False, ["mouse:Sword", "rabbit:Cobbler"], ("fox", True)),  # a tie: stays, flips to Hated
    ("rabbit", False, ["bird:Armorers"], ("rabbit", True)),  # birds ignored: no suit has the most
    ("rabbit", False, [], ("rabbit", True)),
])
def test_10_4_1_adjust_outcast(outcast, hated, souls, after):
    st = pos(phase="birdsong", cult_board={"outcast": outcast, "hated": hated, "lost_souls": souls})
    assert (fd(st)["outcast"], fd(st)["hated"]) == after


def test_10_4_2_lost_souls_go_to_the_discard_pile_and_dominance_becomes_available():
    st = pos(phase="birdsong", cult_board={"lost_souls": ["fox:Dominance", "fox:Anvil", "mouse:Sword"]})
    assert fd(st)["lost_souls"] == []
    assert keys(st, st.discard) == ["fox:Anvil", "mouse:Sword"]
    assert keys(st, st.available) == ["fox:Dominance"]


def test_10_4_2_lost_souls_reaching_an_empty_deck_are_shuffled_into_a_new_deck_at_once():
    # 2.1: "If the deck is ever empty, shuffle the discard pile immediately": with the Cult in the game the
    # discard pile stays empty until the Lost Souls are discarded
    st = pos(phase="birdsong", deck=[], cult_board={"lost_souls": ["fox:Anvil", "mouse:Sword", "fox:Dominance"]})
    assert st.discard == []
    assert keys(st, st.deck) == ["fox:Anvil", "mouse:Sword"]
    assert keys(st, st.available) == ["fox:Dominance"]


def _conspire(clearings, acolytes, outcast="mouse", hated=False, **kw):
    # one mouse card in Lost Souls keeps a mouse Outcast on its Outcast side (10.4.1)
    souls = [] if hated else [f"{outcast}:{'Sword' if outcast == 'mouse' else 'Anvil'}"]
    prev = outcast if hated else ("fox" if outcast != "fox" else "rabbit")
    return pos(clearings, phase="birdsong",
               cult_board={"outcast": prev if not hated else outcast, "hated": hated, "acolytes": acolytes,
                           "lost_souls": souls}, **kw)


def test_10_4_3_conspiracies_only_in_outcast_clearings_and_their_costs():
    clearings = {9: {"warriors": {"cult": 2, "marquise": 1}, "buildings": ["sawmill"]},  # mouse
                 8: {"warriors": {"cult": 2, "marquise": 1}, "buildings": ["workshop"]}}  # fox
    st = _conspire(clearings, acolytes=2)
    assert fd(st)["outcast"] == "mouse" and not fd(st)["hated"]
    opts = ids(st)
    assert {"battle 9 marquise", "convert 9 marquise"} <= opts
    assert not any(" 8 " in o or o.startswith("move 8") for o in opts)  # fox is not the Outcast
    assert not any(o.startswith("sanctify") for o in opts)  # three acolytes needed
    # Hated: one fewer acolyte each (10.4.3): Sanctify for two
    st = _conspire(clearings, acolytes=2, hated=True)
    assert "sanctify 9 sawmill" in ids(st)
    st = _conspire(clearings, acolytes=1)
    assert decision_of(st) == ("cult", "cult.daylight")  # nothing to pay for: no Birdsong decision


def test_10_4_3_1_crusade_moves_then_may_battle_in_the_destination():
    st = _conspire({9: {"warriors": {"cult": 3}}, 12: {"warriors": {"eyrie": 1}}}, acolytes=3)
    play(st, "move 9->12 x2")
    assert fd(st)["acolytes"] == 1
    assert decision_of(st) == ("cult", "cult.crusade_battle")
    assert ids(st) == {"battle 12 eyrie", "skip"}
    play(st, "skip")
    assert warriors(st, 12, "cult") == 2
    assert decision_of(st) == ("cult", "cult.daylight")  # one acolyte left: no conspiracy costs that little


def test_10_4_3_1_crusade_battle_in_an_outcast_clearing():
    def make(s):
        return play(_conspire({9: {"warriors": {"cult": 3, "eyrie": 2}}}, acolytes=2, seed=s), "battle 9 eyrie")

    st = make(0)
    assert fd(st)["acolytes"] == 0
    assert any(e["clearing"] == 9 and e["faction"] == "cult" for e in event_args(st, "battle"))


def test_10_4_3_2_convert_replaces_an_enemy_warrior():
    st = _conspire({9: {"warriors": {"cult": 1, "eyrie": 2}}}, acolytes=2)
    play(st, "convert 9 eyrie")
    assert warriors(st, 9, "eyrie") == 1 and warriors(st, 9, "cult") == 2 and fd(st)["acolytes"] == 0


def test_10_4_3_2_convert_needs_a_warrior_to_place():
    # the keep (6.2.2): nothing of the Cult can be placed there, so no replacing
    st = _conspire({2: {"warriors": {"marquise": 2}, "tokens": ["keep"]}}, acolytes=4,
                   marquise={"start": 2})
    assert not any(o.startswith("convert 2") for o in ids(st))


def test_10_4_3_2_convert_with_an_empty_supply_places_a_returned_acolyte():
    # 25 Cult warriors: 23 on the map and 2 acolytes, none in the supply; spending the acolytes returns them
    # to the supply (10.4.3), so one can replace the enemy warrior
    st = _conspire({9: {"warriors": {"cult": 1, "eyrie": 2}}, 1: {"warriors": {"cult": 22}}}, acolytes=2)
    assert st.warrior_supply("cult") == 0
    play(st, "convert 9 eyrie")
    assert warriors(st, 9, "cult") == 2 and warriors(st, 9, "eyrie") == 1
    assert fd(st)["acolytes"] == 0 and st.warrior_supply("cult") == 1


def test_10_4_3_spent_acolytes_return_to_the_supply():
    st = _conspire({9: {"warriors": {"cult": 3}}}, acolytes=3, hated=True)
    supply = st.warrior_supply("cult")
    play(st, "move 9->12 x1")  # Hated: a Crusade costs one acolyte (10.4.3)
    assert fd(st)["acolytes"] == 2 and st.warrior_supply("cult") == supply + 1


def test_10_4_3_3_sanctify_replaces_a_building_with_a_garden():
    st = _conspire({9: {"warriors": {"cult": 1, "marquise": 1}, "buildings": ["sawmill"]}}, acolytes=3)
    play(st, "sanctify 9 sawmill")
    assert buildings(st, 9) == ["garden_mouse"]
    assert st.vp["cult"] == 1  # 3.2.1: an enemy building removed
    assert fd(st)["acolytes"] == 0
    assert st.ruler(8) == "cult"  # 10.2.4 at once


def test_10_4_3_3_sanctify_needs_a_garden_left_on_the_track():
    gardens = {c: {"buildings": ["garden_mouse"]} for c in (2, 7, 11)}
    gardens[11] = {"buildings": ["garden_mouse", "garden_mouse", "garden_mouse"]}
    st = _conspire({**gardens, 9: {"warriors": {"marquise": 1}, "buildings": ["sawmill"]}}, acolytes=3)
    assert cult.gardens_on_track(st, "mouse") == 0
    assert not any(o.startswith("sanctify") for o in ids(st))


# -- 10.5 Daylight --------------------------------------------------------------------------------------
def test_10_5_1_build_in_a_ruled_clearing_matching_the_card_birds_not_wild():
    st = pos({5: {"warriors": {"cult": 2}}, 10: {"warriors": {"cult": 1, "marquise": 1}},
              1: {"warriors": {"cult": 1}}},
             cult_board={"hand": ["rabbit:Cobbler", "bird:Armorers"]})
    opts = ids(st)
    assert "build 5 with rabbit:Cobbler" in opts  # ruled rabbit clearing
    assert "build 10 with rabbit:Cobbler" not in opts  # a tie: not ruled
    assert not any(o.startswith("build") and "bird:" in o for o in opts)  # 10.2.2 Hatred of Birds
    assert not any(o.startswith("recruit") and "bird:" in o for o in opts)
    play(st, "build 5 with rabbit:Cobbler")
    assert "garden_rabbit" in buildings(st, 5)
    assert keys(st, fd(st)["revealed"]) == ["rabbit:Cobbler"] and hand(st, "cult") == ["bird:Armorers"]


def test_10_5_2_recruit_in_any_clearing_matching_the_card():
    st = pos({8: {"warriors": {"eyrie": 3}}}, cult_board={"hand": ["fox:Anvil"]})
    assert {f"recruit {c} with fox:Anvil" for c in (1, 6, 8, 12)} <= ids(st)
    play(st, "recruit 8 with fox:Anvil")
    assert warriors(st, 8, "cult") == 1


def test_10_5_3_score_spends_the_card_once_per_suit_per_turn():
    st = pos({5: {"warriors": {"cult": 2}, "buildings": ["garden_rabbit", "garden_rabbit"]},
              10: {"buildings": ["garden_rabbit"]}},
             cult_board={"hand": ["rabbit:Cobbler", "rabbit:Bake Sale", "fox:Anvil"]})
    assert "score rabbit:Cobbler" in ids(st)
    assert not any(o == "score fox:Anvil" for o in ids(st))  # no fox garden: no empty space
    play(st, "score rabbit:Cobbler")
    assert st.vp["cult"] == GARDEN_VP[2]  # three rabbit gardens: the third space is the rightmost empty
    assert keys(st, fd(st)["lost_souls"]) == ["rabbit:Cobbler"]  # spent, to Lost Souls
    assert "score rabbit:Bake Sale" not in ids(st)  # once per suit per turn
    with pytest.raises(IllegalAction):
        st.apply("score rabbit:Bake Sale")


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_10_5_3_score_reads_the_rightmost_empty_space(n):
    slots = {5: 2, 10: 1, 3: 1, 4: 1}  # rabbit clearings with their free slots (10 holds a ruin)
    clearings: dict = {}
    left = n
    for c, k in slots.items():
        take = min(k, left)
        if take:
            clearings[c] = {"buildings": ["garden_rabbit"] * take + (["ruin"] if c == 10 else [])}
        left -= take
    st = pos(clearings, cult_board={"hand": ["rabbit:Cobbler"]})
    play(st, "score rabbit:Cobbler")
    assert st.vp["cult"] == GARDEN_VP[n - 1]


def test_10_5_4_sacrifice_needs_a_bird_and_places_an_acolyte():
    st = pos(cult_board={"hand": ["bird:Armorers", "fox:Anvil"]})
    assert "sacrifice bird:Armorers" in ids(st) and "sacrifice fox:Anvil" not in ids(st)
    supply = st.warrior_supply("cult")
    play(st, "sacrifice bird:Armorers")
    assert fd(st)["acolytes"] == 1 and st.warrior_supply("cult") == supply - 1


def test_10_5_revealed_cards_are_public_and_return_in_the_evening():
    st = pos({5: {"warriors": {"cult": 2}}},
             cult_board={"hand": ["rabbit:Cobbler", "fox:Anvil", "mouse:Sword"]}, deck=["fox:Root Tea"] * 1)
    play(st, "recruit 5 with rabbit:Cobbler", "recruit 1 with fox:Anvil")
    for seat in ("marquise", None):
        v = st.view(seat)
        assert v["players"]["cult"]["board"]["revealed"] == ["rabbit:Cobbler", "fox:Anvil"]
        assert v["players"]["cult"]["hand_count"] == 1
    # 10.5: revealed cards cannot be used otherwise this Daylight
    assert not any("rabbit:Cobbler" in o for o in ids(st))
    play(st, "end daylight")
    assert sorted(hand(st, "cult")) == ["fox:Anvil", "fox:Root Tea", "mouse:Sword", "rabbit:Cobbler"]
    assert fd(st)["revealed"] == []
    # everyone saw them go back: a determinized state keeps them in the Cult's hand
    other = GAME.determinize(st, "marquise", Rng(5))
    assert {"rabbit:Cobbler", "fox:Anvil"} <= set(hand(other, "cult"))


# -- 10.6 Evening ---------------------------------------------------------------------------------------
def test_10_6_2_craft_with_gardens_matching_the_outcast():
    st = pos({1: {"buildings": ["garden_fox"]}, 5: {"buildings": ["garden_rabbit"]}}, phase="evening",
             cult_board={"hand": ["fox:Anvil", "rabbit:Cobbler"], "outcast": "fox"})
    assert decision_of(st) == ("cult", "cult.craft")
    assert ids(st) == {"craft fox:Anvil", "end crafting"}  # the rabbit garden cannot craft: not the Outcast
    play(st, "craft fox:Anvil")
    assert st.crafted_items["cult"] == ["hammer"] and st.vp["cult"] == 2
    assert "fox:Anvil" in keys(st, fd(st)["lost_souls"])  # 4.1.2 the crafted item's card is discarded


def test_10_6_3_draw_one_plus_each_uncovered_bonus():
    st = pos({5: {"buildings": ["garden_rabbit", "garden_rabbit"]}, 1: {"buildings": ["garden_fox"]}},
             phase="evening", cult_board={"outcast": "mouse"}, deck=["fox:Anvil", "mouse:Sword", "rabbit:Cobbler"])
    assert cult.draw_bonus(st) == 1
    assert len(hand(st, "cult")) == 2


# -- positions, saves, perft --------------------------------------------------------------------------
def test_position_round_trip_and_checks():
    st = pos({5: {"warriors": {"cult": 2}, "buildings": ["garden_rabbit"]}},
             cult_board={"outcast": "rabbit", "hated": True, "acolytes": 3, "lost_souls": ["fox:Anvil"],
                         "hand": ["mouse:Sword"]})
    back = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
    assert canonical(GAME.to_json(back)) == canonical(GAME.to_json(st))
    with pytest.raises(InvalidPosition, match="outcast"):
        pos(cult_board={"outcast": "bird"})
    with pytest.raises(InvalidPosition, match="acolytes"):
        pos({5: {"warriors": {"cult": 20}}}, cult_board={"acolytes": 6})
    with pytest.raises(InvalidPosition, match="garden"):
        pos({1: {"buildings": ["garden_rabbit"]}})
    with pytest.raises(InvalidPosition, match=r"appears twice|more copies"):
        pos(cult_board={"lost_souls": ["fox:Anvil"], "hand": ["fox:Anvil"]})


def test_perft_daylight_options_at_a_fixed_position():
    st = pos({5: {"warriors": {"cult": 2}}, 9: {"warriors": {"cult": 1, "marquise": 2}}},
             cult_board={"hand": ["rabbit:Cobbler", "mouse:Sword", "bird:Armorers"]})
    opts = [o.id for o in st.decision.options]
    # rabbit: build in 5 (ruled, free slot); recruit in 3, 4, 5, 10 (every rabbit clearing); no score (no
    # rabbit garden). mouse: no build (9 is not ruled, 2 7 11 not ruled); recruit in 2, 7, 9, 11. bird: sacrifice.
    # plus "end daylight"
    assert len(opts) == 1 + 4 + 4 + 1 + 1, opts
    assert opts[-1] == "end daylight"


# -- hidden information, Rootlog, bots ------------------------------------------------------------------
def test_views_of_the_cult_leak_nothing():
    rnd = random.Random(1)
    st = GAME.new(seed=11, players=["cult", "marquise", "eyrie", "vagabond"])
    steps = 0
    while st.decision is not None and steps < 1500:
        if steps % 37 == 5:
            for seat in (*st.seats, None):
                v = st.view(seat)
                assert (v["players"]["cult"]["hand"] is None) == (seat != "cult")
                other = GAME.determinize(st, seat, Rng(rnd.getrandbits(64)))
                assert canonical(other.view(seat)) == canonical(v)
        st.apply(rnd.choice(st.decision.options).id)
        steps += 1


def test_rootlog_writes_the_cults_moves():
    st = _conspire({9: {"warriors": {"cult": 1, "marquise": 1}, "buildings": ["sawmill"]}}, acolytes=3)
    play(st, "sanctify 9 sawmill")
    text = rootlog.write(st)
    line = text.strip().splitlines()[-1]
    assert line.startswith("L:")
    assert "$_o->M" in line and "3w$->" in line and "Cb_s9->" in line and "b_m->9" in line


def test_heuristic_cult_scores_and_beats_random_opponents():
    from planszowki import bots
    from planszowki.bots.heuristic import heuristic_choice

    # no free slot to build in: scoring 2 VP beats recruiting
    st = pos({3: {"warriors": {"cult": 2}, "buildings": ["garden_rabbit"]}},
             cult_board={"hand": ["rabbit:Cobbler"]})
    assert heuristic_choice(st, "cult", st.decision, Rng(1)) == "score rabbit:Cobbler"
    won = 0
    for seed in range(6):
        st = GAME.new(seed=seed, players=list(SEATS))
        players = {"cult": bots.make("heuristic", seed), "marquise": bots.make("random", seed),
                   "eyrie": bots.make("random", seed + 1)}
        while not st.terminal:
            st.apply(players[st.decision.player].choose(st, st.decision.player))
        won += "cult" in st.result["winners"]
    assert won >= 4
