"""The Exiles and Partisans deck (Law A.2): the deck itself, one scenario per card effect (exiles.py), saves,
positions, views, Rootlog, and random playouts with the deck.

Autumn map (Rootlog numbers): corners 1 fox, 2 mouse, 3 rabbit, 4 rabbit; 5 rabbit, 6 fox, 7 mouse, 8 fox,
9 mouse, 10 rabbit, 11 mouse, 12 fox. Paths: 1-5 1-9 1-10 2-5 2-6 2-10 3-6 3-7 3-11 4-8 4-9 4-12 6-11 7-8
7-12 9-12 10-12 11-12. Rivers: 4-7 5-10 7-11 10-11. Ruins in 6, 10, 11, 12.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest
from helpers import (
    GAME,
    NO_DECREE,
    canonical,
    check_cards,
    check_decision,
    check_redeal,
    crafted,
    decision_of,
    discard_keys,
    event_args,
    hand,
    ids,
    option_list,
    play,
    warriors,
)

import planszowki
from planszowki import i18n
from planszowki.engine import Decision, InvalidPosition, UnsupportedSetup
from planszowki.games.root import rootlog
from planszowki.games.root.content import BadContent, build_deck, load_deck
from planszowki.games.root.exiles import battle_effect_options
from planszowki.games.root.invariants import InvariantViolation, check_exhausted_crafted_items
from planszowki.games.root.state import WARRIORS

REFERENCE = Path(planszowki.__file__).resolve().parents[3].parent / "shared" / "reference" / "root" / "cards.json"
#: a Marquise keep far from the action, so the Keep (6.2.2) never blocks placing
KEEP = {4: {"warriors": {"marquise": 1}, "tokens": ["keep"]}}


def ep(clearings: dict | None = None, *, turn: str = "marquise", phase: str = "daylight",
       seats: tuple[str, ...] = ("marquise", "eyrie"), players: dict | None = None, **extra):
    """A position with the Exiles and Partisans deck (``deck_name``, docs/root-position-format.md)."""
    board = {**KEEP, **{k: v for k, v in (clearings or {}).items()}}
    players = dict(players or {})
    if "eyrie" in seats:
        players.setdefault("eyrie", {}).setdefault("decree", NO_DECREE)
    doc = {"seats": list(seats), "turn": turn, "phase": phase, "deck_name": "exiles",
           "clearings": {str(k): v for k, v in board.items()}, "players": players, **extra}
    return GAME.from_position(doc)


# -- the deck (A.2 Step 2: Choose Deck) ---------------------------------------------------------------
def test_A_2_the_exiles_deck_is_the_reference_list_of_54_cards():
    deck = load_deck("exiles")
    shared = [c for c in deck.cards if c.kind not in ("vizier", "retainer")]  # 7.3.4, 15.3.4: outside the deck
    assert len(shared) == 54
    if REFERENCE.exists():
        ref = json.loads(REFERENCE.read_text("utf-8"))["exiles_partisans"]
        want: Counter[str] = Counter()
        for e in ref:
            want[f"{e['suit']}:{e['name']}"] += e["count"]
        assert Counter(c.key for c in shared) == want
    # the item cards are those of the standard deck (same key, item and VP)
    std = {c.key: (c.item, c.vp, c.cost) for c in load_deck("standard").cards if c.kind == "item"}
    for c in shared:
        if c.kind == "item" and c.key in std:
            assert (c.item, c.vp, c.cost) == std[c.key]
    assert Counter(c.kind for c in shared) == {"item": 20, "improvement": 25, "ambush": 5, "dominance": 4}


def test_A_2_deck_data_is_validated_on_load_naming_the_field():
    good = {"name": "Tunnels", "suit": "rabbit", "count": 54, "kind": "improvement", "cost": ["rabbit"],
            "effect": "tunnels"}
    assert len(build_deck("x", [good]).cards) == 54 + 2 + 3  # the Loyal Viziers (7.3.4), Faithful Retainers (15.3.4)
    with pytest.raises(BadContent, match=r"x\[0\] \(Tunnels\): field 'suit'"):
        build_deck("x", [{**good, "suit": "owl"}])
    with pytest.raises(BadContent, match="field 'effect'"):
        build_deck("x", [{k: v for k, v in good.items() if k != "effect"}])
    with pytest.raises(BadContent, match="field 'cost'"):
        build_deck("x", [{**good, "cost": ["bird"]}])
    with pytest.raises(BadContent, match="54 cards"):
        build_deck("x", [{**good, "count": 53}])


def test_A_2_new_game_with_the_exiles_deck_saves_and_views_it():
    st = GAME.new(seed=3, players=["marquise", "eyrie", "alliance"], options={"deck": "exiles"})
    assert st.deck_info.name == "exiles" and st.exiles
    assert st.total_cards() == 54
    names = {st.card(c).name for c in st.deck}
    assert "Saboteurs" in names or any(st.card(c).name == "Saboteurs" for h in st.hands.values() for c in h)
    assert st.view("marquise")["deck"] == "exiles" and st.view(None)["deck"] == "exiles"
    back = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
    assert back.exiles and back.deck_info.name == "exiles"
    assert canonical(GAME.to_json(back)) == canonical(GAME.to_json(st))
    assert GAME.new(seed=3, players=["marquise", "eyrie"]).view(None)["deck"] == "standard"
    d = GAME.determinize(st, "marquise", 5)
    assert d.exiles and sorted(d.deck + [c for h in d.hands.values() for c in h]) == sorted(
        st.deck + [c for h in st.hands.values() for c in h])


def test_A_2_unknown_deck_is_refused_by_name():
    with pytest.raises(UnsupportedSetup, match="unknown deck 'promo'"):
        GAME.new(seed=1, players=["marquise", "eyrie"], options={"deck": "promo"})
    with pytest.raises(InvalidPosition, match="unknown deck_name"):
        GAME.from_position({"seats": ["marquise", "eyrie"], "deck_name": "promo"})
    with pytest.raises(InvalidPosition, match="unknown card 'bird:Saboteurs'"):
        GAME.from_position({"seats": ["marquise", "eyrie"], "players": {"marquise": {"hand": ["bird:Saboteurs"]}}})


def test_A_2_two_player_game_removes_the_exiles_dominance_cards_5_1_3():
    st = GAME.new(seed=2, players=["marquise", "eyrie"], options={"deck": "exiles"})
    assert sorted(st.card(c).key for c in st.out) == ["bird:Dominance", "fox:Dominance", "mouse:Dominance",
                                                      "rabbit:Dominance"]


# -- Saboteurs ------------------------------------------------------------------------------------------
def test_A_2_saboteurs_discard_itself_to_discard_an_enemy_crafted_card_at_start_of_birdsong():
    st = ep({1: {"warriors": {"marquise": 1}}}, phase="birdsong",
            players={"marquise": {"crafted": ["bird:Saboteurs"]}, "eyrie": {"crafted": ["fox:Informants"]}})
    assert decision_of(st) == ("marquise", "card.saboteurs")
    assert ids(st) == {"saboteurs eyrie fox:Informants", "skip"}
    st.apply("saboteurs eyrie fox:Informants")
    assert crafted(st, "marquise") == [] and crafted(st, "eyrie") == []
    assert sorted(discard_keys(st)) == ["bird:Saboteurs", "fox:Informants"]


def test_A_2_saboteurs_not_asked_without_an_enemy_crafted_card():
    st = ep({1: {"warriors": {"marquise": 1}}}, phase="birdsong", players={"marquise": {"crafted": ["bird:Saboteurs"]}})
    assert st.decision.kind != "card.saboteurs"
    assert crafted(st, "marquise") == ["bird:Saboteurs"]


# -- Soup Kitchens --------------------------------------------------------------------------------------
def test_A_2_soup_kitchens_tokens_count_twice_toward_rule():
    board = {9: {"warriors": {"eyrie": 1}, "tokens": ["wood"]}, 12: {"warriors": {"eyrie": 2}, "tokens": ["wood"]}}
    st = ep(board, players={"marquise": {"crafted": ["bird:Soup Kitchens"]}})
    assert st.ruler(8) == "marquise"  # one wood counts 2 > one Eyrie warrior
    assert st.ruler(11) == "eyrie"  # 2 against 2: 7.2.2 Lords of the Forest
    assert st.presence(8, "marquise") == 2
    plain = ep(board)
    assert plain.ruler(8) == "eyrie"


# -- Boat Builders -------------------------------------------------------------------------------------
def test_A_2_boat_builders_treat_rivers_as_paths():
    board = {5: {"warriors": {"marquise": 2}}}
    assert "march 5->10 x1" not in ids(play(ep(board), "end crafting"))
    st = ep(board, players={"marquise": {"crafted": ["bird:Boat Builders"]}})
    assert 9 in st.adjacent(4, "marquise") and 9 not in st.adjacent(4, "eyrie")
    st.apply("end crafting")
    assert "march 5->10 x2" in ids(st)


# -- Corvid Planners -----------------------------------------------------------------------------------
def test_A_2_corvid_planners_move_ignoring_rule():
    board = {5: {"warriors": {"marquise": 1, "eyrie": 3}}, 2: {"warriors": {"eyrie": 2}}}
    plain = play(ep(board), "end crafting")
    assert not any(i.startswith("march 5->2") for i in ids(plain))
    st = play(ep(board, players={"marquise": {"crafted": ["bird:Corvid Planners"]}}), "end crafting")
    assert "march 5->2 x1" in ids(st)
    assert st.ruler(4) == "eyrie" and st.ruler(1) == "eyrie"


# -- Eyrie Emigre --------------------------------------------------------------------------------------
def test_A_2_eyrie_emigre_moves_then_battles_at_end_of_birdsong():
    board = {1: {"warriors": {"marquise": 3}, "buildings": ["sawmill"]}, 5: {"warriors": {"eyrie": 1}}}
    st = ep(board, phase="birdsong", players={"marquise": {"crafted": ["bird:Eyrie Emigre"]}})
    assert decision_of(st) == ("marquise", "card.eyrie_emigre")
    assert "move 1->5 x2" in ids(st) and "discard eyrie emigre" not in ids(st)
    assert all(o.rule == "root:A.2" for o in st.decision.options)
    st.apply("move 1->5 x2")
    # mandatory: the one battle there is follows at once (a lone option of a required step applies itself)
    assert event_args(st, "battle")[-1] == {"faction": "marquise", "clearing": 5, "defender": "eyrie"}
    assert [e.rule for e in st.log if e.kind == "battle"][-1] == "A.2"
    assert crafted(st, "marquise") == ["bird:Eyrie Emigre"]


def test_A_2_eyrie_emigre_is_discarded_when_no_battle_follows_the_move():
    board = {1: {"warriors": {"marquise": 3}, "buildings": ["sawmill"]}}
    st = ep(board, phase="birdsong", players={"marquise": {"crafted": ["bird:Eyrie Emigre"]}})
    st.apply("move 1->5 x1")  # no enemy in clearing 5: no battle, so the card goes (its lone option applies)
    assert not event_args(st, "battle")
    assert crafted(st, "marquise") == [] and "bird:Eyrie Emigre" in discard_keys(st)
    assert event_args(st, "discard_crafted")[-1]["card"] == "bird:Eyrie Emigre"


def test_A_2_eyrie_emigre_is_discarded_with_no_move_to_take():
    st = ep({1: {"buildings": ["sawmill"]}, 4: {"tokens": ["keep"]}}, phase="birdsong",
            players={"marquise": {"crafted": ["bird:Eyrie Emigre"]}})  # no Marquise warrior to move
    assert crafted(st, "marquise") == [] and discard_keys(st) == ["bird:Eyrie Emigre"]


# -- Informants ----------------------------------------------------------------------------------------
def test_A_2_informants_take_an_ambush_from_the_discard_instead_of_drawing():
    board = {1: {"warriors": {"marquise": 1}}}
    st = ep(board, phase="evening", discard=["mouse:Ambush!", "fox:Anvil"],
            players={"marquise": {"crafted": ["fox:Informants"], "hand": ["mouse:Sword"]},
                     "eyrie": {"hand": ["fox:Foxfolk Steel"]}},
            deck=["rabbit:Bake Sale", "rabbit:Root Tea"])
    assert decision_of(st) == ("marquise", "card.informants")
    assert ids(st) == {"informants mouse:Ambush!", "draw"}
    deck_before = len(st.deck)
    st.apply("informants mouse:Ambush!")
    assert sorted(hand(st, "marquise")) == ["mouse:Ambush!", "mouse:Sword"]
    assert discard_keys(st) == ["fox:Anvil"] and len(st.deck) == deck_before


def test_A_2_informants_may_still_draw():
    st = ep({1: {"warriors": {"marquise": 1}}}, phase="evening", discard=["bird:Ambush!"],
            players={"marquise": {"crafted": ["fox:Informants"]}, "eyrie": {"hand": ["fox:Foxfolk Steel"]}},
            deck=["rabbit:Bake Sale", "rabbit:Root Tea"])
    st.apply("draw")
    assert hand(st, "marquise") == ["rabbit:Bake Sale"] and discard_keys(st) == ["bird:Ambush!"]


# -- Partisans -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("card", "clearing", "kept"), [("fox:Fox Partisans", 1, "fox"),
                                                       ("rabbit:Rabbit Partisans", 5, "rabbit"),
                                                       ("mouse:Mouse Partisans", 9, "mouse")])
def test_A_2_partisans_extra_hit_then_discard_all_cards_but_their_suit(card, clearing, kept):
    board = {clearing: {"warriors": {"marquise": 3, "eyrie": 3}}}
    hand_keys = ["fox:Anvil", "rabbit:Bake Sale", "mouse:Sword", "bird:Crossbow"]
    st = ep(board, players={"marquise": {"crafted": [card], "hand": hand_keys}}, seed=4)
    play(st, "end crafting", f"battle {clearing} eyrie")
    while st.decision.player == "eyrie" and st.decision.kind in ("battle.ambush",):
        st.apply("no ambush")
    opt = f"use {card.split(':')[1].lower()}"
    while opt not in ids(st):
        assert st.decision.kind in ("battle.effects_order", "battle.effects"), st.decision.kind
        st.apply("attacker first" if st.decision.kind == "battle.effects_order" else "done")
    st.apply(opt)
    assert any(a.get("why") == card.split(":")[0] + "_partisans" for a in event_args(st, "extra_hit"))
    assert [k.split(":")[0] for k in hand(st, "marquise")] == [kept]
    assert len(discard_keys(st)) == 3  # birds are not of the suit: discarded too


def test_A_2_partisans_only_in_clearings_of_their_suit():
    st = ep({5: {"warriors": {"marquise": 3, "eyrie": 3}}, 1: {"warriors": {"marquise": 3, "eyrie": 3}}},
            players={"marquise": {"crafted": ["fox:Fox Partisans"]}})

    def offered(clearing: int, seat: str) -> list[str]:
        bf = {"c": clearing - 1, "att": "marquise", "dfn": "eyrie", "a_used": [], "d_used": []}
        return [o.id for o in battle_effect_options(st, bf, seat)]

    assert offered(5, "marquise") == []  # rabbit clearing
    assert offered(1, "marquise") == ["use fox partisans"]  # fox clearing, attacking or defending alike
    assert offered(1, "eyrie") == []


# -- Propaganda Bureau ---------------------------------------------------------------------------------
def test_A_2_propaganda_bureau_spends_a_matching_card_to_replace_an_enemy_warrior():
    st = ep({5: {"warriors": {"eyrie": 2}}, 9: {"warriors": {"eyrie": 1}}},
            players={"marquise": {"crafted": ["fox:Propaganda Bureau"], "hand": ["rabbit:Bake Sale"]}})
    assert "propaganda bureau 5 eyrie paying rabbit:Bake Sale" in ids(st)
    assert not any(i.startswith("propaganda bureau 9") for i in ids(st))  # mouse clearing, rabbit card
    st.apply("propaganda bureau 5 eyrie paying rabbit:Bake Sale")
    assert warriors(st, 5, "eyrie") == 1 and warriors(st, 5, "marquise") == 1
    assert discard_keys(st) == ["rabbit:Bake Sale"]
    assert not any(i.startswith("propaganda bureau") for i in ids(st))  # once in Daylight


# -- False Orders --------------------------------------------------------------------------------------
def test_A_2_false_orders_force_an_enemy_to_move_half_its_warriors_rounded_up_ignoring_rule():
    board = {5: {"warriors": {"eyrie": 3, "marquise": 5}}}
    st = ep(board, phase="birdsong", players={"marquise": {"crafted": ["fox:False Orders"]}})
    assert decision_of(st) == ("marquise", "card.birdsong")
    assert "false orders eyrie 5->2" in ids(st) and "false orders eyrie 5->1" in ids(st)
    st.apply("false orders eyrie 5->2")
    assert warriors(st, 5, "eyrie") == 1 and warriors(st, 2, "eyrie") == 2
    assert crafted(st, "marquise") == [] and discard_keys(st) == ["fox:False Orders"]


# -- Tunnels -------------------------------------------------------------------------------------------
def test_A_2_tunnels_clearings_with_your_crafting_pieces_are_adjacent():
    board = {1: {"warriors": {"marquise": 2}, "buildings": ["workshop"]}, 3: {"buildings": ["workshop"]}}
    st = ep(board, players={"marquise": {"crafted": ["rabbit:Tunnels"]}})
    assert 2 in st.adjacent(0, "marquise") and 0 in st.adjacent(2, "marquise")
    assert 2 not in st.adjacent(0, "eyrie")
    st.apply("end crafting")
    assert "march 1->3 x2" in ids(st)


# -- Charm Offensive -----------------------------------------------------------------------------------
def test_A_2_charm_offensive_draw_a_card_and_another_player_scores_at_start_of_evening():
    st = ep({1: {"warriors": {"marquise": 1}}}, phase="evening", deck=["rabbit:Bake Sale", "fox:Anvil"],
            players={"marquise": {"crafted": ["rabbit:Charm Offensive"]}})
    assert decision_of(st) == ("marquise", "card.charm_offensive")
    assert ids(st) == {"charm offensive eyrie", "skip"}
    st.apply("charm offensive eyrie")
    assert st.vp["eyrie"] == 1
    assert "rabbit:Bake Sale" in hand(st, "marquise")


# -- Coffin Makers -------------------------------------------------------------------------------------
def test_A_2_coffin_makers_hold_warriors_removed_by_anyone():
    st = ep({9: {"warriors": {"eyrie": 6, "marquise": 1}}},
            players={"eyrie": {"crafted": ["rabbit:Coffin Makers"]}})
    supply = st.warrior_supply("eyrie"), st.warrior_supply("marquise")
    st.remove_warriors(8, "eyrie", 2, "marquise", "4.3.4")
    st.remove_warriors(8, "marquise", 1, "eyrie", "4.3.4")
    assert sorted(st.fdata["eyrie"]["coffin"]) == ["eyrie", "eyrie", "marquise"]
    assert (st.warrior_supply("eyrie"), st.warrior_supply("marquise")) == supply  # on the card, not in the supply
    assert st.view(None)["players"]["eyrie"]["coffin"] == {"eyrie": 2, "marquise": 1}
    back = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
    assert back.fdata["eyrie"]["coffin"] == st.fdata["eyrie"]["coffin"]


def test_A_2_coffin_makers_score_per_five_then_return_them_at_start_of_birdsong():
    st = ep({1: {"warriors": {"marquise": 1}}, 9: {"warriors": {"eyrie": 6}}}, phase="birdsong",
            players={"marquise": {"crafted": ["rabbit:Coffin Makers"], "coffin": {"eyrie": 7, "marquise": 4}}})
    assert st.vp["marquise"] == 2  # eleven warriors: two points
    assert "coffin" not in st.fdata["marquise"]
    assert st.warrior_supply("eyrie") == WARRIORS["eyrie"] - 6


# -- Swap Meet -----------------------------------------------------------------------------------------
def test_A_2_swap_meet_take_a_random_card_then_give_one():
    st = ep({1: {"warriors": {"marquise": 1}}}, phase="birdsong",
            players={"marquise": {"crafted": ["rabbit:Swap Meet"], "hand": ["fox:Anvil"]},
                     "eyrie": {"hand": ["mouse:Sword"]}})
    assert "swap meet eyrie" in ids(st)
    st.apply("swap meet eyrie")
    assert decision_of(st) == ("marquise", "card.swap_meet")
    assert ids(st) == {"give fox:Anvil", "give mouse:Sword"}
    st.apply("give fox:Anvil")
    assert hand(st, "marquise") == ["mouse:Sword"] and hand(st, "eyrie") == ["fox:Anvil"]
    # the swapper knows the card it gave; the other seat knows the card taken
    assert ("eyrie", st.hands["eyrie"][0]) in st.known_cards("marquise")
    assert ("marquise", st.hands["marquise"][0]) in st.known_cards("eyrie")
    if st.decision.kind == "card.birdsong":
        assert "swap meet eyrie" not in ids(st)  # once in Birdsong


# -- League of Adventurous Mice ------------------------------------------------------------------------
def test_A_2_league_exhaust_a_crafted_item_to_move_or_battle_once_in_daylight():
    board = {1: {"warriors": {"marquise": 2}}, 9: {"warriors": {"eyrie": 1, "marquise": 1}}}
    st = ep(board, players={"marquise": {"crafted": ["mouse:League of Adventurous Mice"], "items": ["boot"]}})
    assert "league_move 1->5 x2 league" in ids(st) and "battle 9 eyrie league" in ids(st)
    st.apply("league_move 1->9 x1 league")
    assert warriors(st, 9, "marquise") == 2
    assert not any(i.endswith(" league") for i in ids(st))  # once in Daylight
    none = ep(board, players={"marquise": {"crafted": ["mouse:League of Adventurous Mice"]}})
    assert not any(i.endswith(" league") for i in ids(none))  # no item to exhaust


LEAGUE = "mouse:League of Adventurous Mice"


def _to_daylight_of_next_turn(st, seat: str = "marquise") -> None:
    """Play on (ending phases, skipping, otherwise the first option) until ``seat``'s next Daylight."""
    start = st.turn_no
    while not (st.turn_no > start and st.current == seat and st.phase == "daylight"):
        opts = sorted(ids(st))
        st.apply(next((o for o in opts if o.startswith("end") or o in ("skip", "continue", "pass")), opts[0]))


def test_A_2_league_an_item_exhausted_in_the_crafted_items_box_stays_exhausted():
    """Nothing in the Law turns an item in a Crafted Items box face up again: each item serves League once."""
    board = {1: {"warriors": {"marquise": 2}}, 9: {"warriors": {"eyrie": 1, "marquise": 1}}}
    st = ep(board, players={"marquise": {"crafted": [LEAGUE], "items": ["boot", "sword"]}})
    st.apply("league_move 1->9 x1 league")
    # face-up items of two kinds: the player picks which to exhaust (the Vagabond may Aid for either, 9.5.4)
    assert decision_of(st) == ("marquise", "card.league") and ids(st) == {"exhaust boot", "exhaust sword"}
    st.apply("exhaust sword")
    assert warriors(st, 9, "marquise") == 2
    assert st.crafted_items["marquise"] == ["boot", "sword"] and st.crafted_exhausted == {"marquise": ["sword"]}
    assert event_args(st, "league") == [{"faction": "marquise", "item": "sword"}]
    _to_daylight_of_next_turn(st)
    assert st.crafted_exhausted == {"marquise": ["sword"]}  # still exhausted on her next turn
    league = sorted(i for i in ids(st) if i.endswith(" league"))
    assert league  # the boot is still face up
    st.apply(league[0])  # one face-up kind left: no question
    assert sorted(st.crafted_exhausted["marquise"]) == ["boot", "sword"] and st.decision.kind != "card.league"
    _to_daylight_of_next_turn(st)
    assert not any(i.endswith(" league") for i in ids(st))  # both items spent for good
    assert sorted(st.crafted_items["marquise"]) == ["boot", "sword"]  # exhausted items are still crafted
    assert canonical(GAME.to_json(GAME.from_json(json.loads(json.dumps(GAME.to_json(st)))))) == canonical(
        GAME.to_json(st))
    assert st.copy().crafted_exhausted == st.crafted_exhausted and st.copy().crafted_exhausted is not (
        st.crafted_exhausted)


def test_A_2_league_positions_write_exhausted_crafted_items_as_name_e():
    board = {1: {"warriors": {"marquise": 2}}}
    st = ep(board, players={"marquise": {"crafted": [LEAGUE], "items": ["boot:e", "sword:e"]}})
    assert st.crafted_items["marquise"] == ["boot", "sword"]
    assert not any(i.endswith(" league") for i in ids(st))  # every item exhausted
    st = ep(board, players={"marquise": {"crafted": [LEAGUE], "items": ["boot:e", "boot"]}})
    st.apply("league_move 1->5 x1 league")  # the one face-up boot, no question
    assert st.crafted_exhausted == {"marquise": ["boot", "boot"]}
    with pytest.raises(InvalidPosition, match="'sword:e' when exhausted"):
        ep(board, players={"marquise": {"items": ["sword:d"]}})
    with pytest.raises(InvalidPosition, match="only League of Adventurous Mice"):
        GAME.from_position({"seats": ["marquise", "eyrie"], "players": {"marquise": {"items": ["sword:e"]}}})


def test_A_2_league_exhausted_crafted_items_are_public_in_views_and_on_the_terminal_board():
    from rich.console import Console

    from planszowki.cli.board import faction_panel

    st = ep({}, players={"marquise": {"crafted": [LEAGUE], "items": ["boot", "sword:e"]}})
    for seat in ("marquise", "eyrie", None):
        assert st.view(seat)["players"]["marquise"]["exhausted_items"] == ["sword"]
        assert st.view(seat)["players"]["eyrie"]["exhausted_items"] == []
    assert "exhausted_items" not in GAME.new(seed=1, players=["marquise", "eyrie"]).view(None)["players"]["marquise"]
    for lang, want in (("en", "Items: boot, sword (exhausted: sword)"),
                       ("pl", "Przedmioty: buty, miecz (wyczerpane: miecz)")):
        console = Console(record=True, width=200)
        console.print(faction_panel(st.view(None), "marquise", lang))
        assert want in console.export_text()


def aid_exiles(items: list[str]):
    """The Vagabond in clearing 5 (rabbit) with the Marquise, whose Crafted Items box holds ``items``."""
    return GAME.from_position({
        "seats": ["marquise", "eyrie", "vagabond"], "turn": "vagabond", "phase": "daylight", "deck_name": "exiles",
        "clearings": {"5": {"warriors": {"marquise": 1}}, **{str(k): v for k, v in KEEP.items()}},
        "players": {"eyrie": {"decree": NO_DECREE}, "marquise": {"items": items},
                    "vagabond": {"character": "thief", "where": "5", "items": ["boot", "torch"],
                                 "hand": ["rabbit:Tunnels"]}}})


def test_A_2_9_5_4_aid_takes_a_face_up_or_an_exhausted_crafted_item_and_it_arrives_face_up():
    st = aid_exiles(["sword", "sword:e", "coin:e"])
    play(st, "aid marquise rabbit:Tunnels", "exhaust boot")
    # both sides of the sword lie in the box: two choices; the coin only exhausted: one
    assert option_list(st) == ["take coin", "take sword", "take sword (exhausted)", "take nothing"]
    from planszowki import i18n as _i18n
    labels = {o.id: _i18n.option_label(o, "en", st.decision.kind, strict=True) for o in st.decision.options}
    assert labels["take sword (exhausted)"] == "Take sword (exhausted)" and labels["take sword"] == "Take sword"
    assert _i18n.option_label(st.decision.options[2], "pl", st.decision.kind, strict=True) == (
        "Weź wyczerpany przedmiot: miecz")
    face_up = st.copy()
    play(st, "take sword (exhausted)")
    assert "sword:r" in st.fdata["vagabond"]["items"]  # "place it face up" (9.5.4)
    assert st.crafted_items["marquise"] == ["sword", "coin"] and st.crafted_exhausted == {"marquise": ["coin"]}
    play(face_up, "take sword")
    assert "sword:r" in face_up.fdata["vagabond"]["items"]
    assert face_up.crafted_items["marquise"] == ["sword", "coin"]
    assert sorted(face_up.crafted_exhausted["marquise"]) == ["coin", "sword"]
    only_tired = aid_exiles(["coin:e"])
    play(only_tired, "aid marquise rabbit:Tunnels", "exhaust boot", "take coin")
    assert "coin:r" in only_tired.fdata["vagabond"]["items"]
    assert only_tired.crafted_items["marquise"] == [] and only_tired.crafted_exhausted == {}
    check_exhausted_crafted_items(only_tired)


def test_A_2_invariant_exhausted_marks_lie_in_the_crafted_items_box():
    st = aid_exiles(["sword:e"])
    check_exhausted_crafted_items(st)
    st.crafted_items["marquise"].clear()
    with pytest.raises(InvariantViolation, match="not all in the Crafted Items box"):
        check_exhausted_crafted_items(st)


# -- Master Engravers and Murine Broker ----------------------------------------------------------------
def test_A_2_master_engravers_score_one_more_and_murine_broker_draws_when_another_crafts_an_item():
    board = {1: {"warriors": {"marquise": 1}, "buildings": ["workshop"]}}
    st = ep(board, deck=["rabbit:Bake Sale"],
            players={"marquise": {"crafted": ["mouse:Master Engravers"], "hand": ["fox:Anvil"]},
                     "eyrie": {"crafted": ["mouse:Murine Broker"]}})
    st.apply("craft fox:Anvil")
    assert st.vp["marquise"] == 3  # 2 for the hammer (3.2.2) + 1
    assert hand(st, "eyrie") == ["rabbit:Bake Sale"]


# -- Rootlog, translations -----------------------------------------------------------------------------
def test_A_2_rootlog_writes_and_reads_the_deck():
    st = GAME.new(seed=1, players=["marquise", "eyrie"], options={"deck": "exiles"})
    text = rootlog.write(st)
    assert "Deck: E&P" in text.splitlines()
    assert rootlog.read(text).deck() == "exiles"
    assert rootlog.read("Map: Fall\nDeck: Standard\n").deck() == "standard"
    with pytest.raises(rootlog.RootlogError, match="unknown deck"):
        rootlog.read("Deck: Promo\n").deck()
    assert rootlog._name("fox:Fox Partisans") == "part" and rootlog._name("bird:Eyrie Emigre") == "emi"
    # Swap Meet: a card taken face down and one given back; Informants: an ambush from the discard pile
    st = ep({1: {"warriors": {"marquise": 1}}}, phase="birdsong",
            players={"marquise": {"crafted": ["rabbit:Swap Meet"], "hand": ["fox:Anvil"]},
                     "eyrie": {"hand": ["mouse:Sword"]}})
    play(st, "swap meet eyrie", "give fox:Anvil")
    assert "C:#E->C/#C->E" in rootlog.write(st).splitlines()
    st = ep({1: {"warriors": {"marquise": 1}}}, phase="evening", discard=["mouse:Ambush!"],
            players={"marquise": {"crafted": ["fox:Informants"]}, "eyrie": {"hand": ["fox:Foxfolk Steel"]}})
    play(st, "informants mouse:Ambush!")
    assert "C:M#@*->C" in rootlog.write(st).splitlines()


def test_A_2_every_exiles_card_has_a_name_in_both_languages():
    for lang in i18n.LANGS:
        table = i18n.catalog(lang)["root"]["terms"]["card"]
        missing = sorted({c.name for c in load_deck("exiles").cards} - set(table))
        assert not missing, (lang, missing)
    assert i18n.card_name("bird:Eyrie Emigre", "pl").startswith("Emigrant Orlich Gniazd")


# -- random playouts -----------------------------------------------------------------------------------
LINEUPS = (("marquise", "eyrie", "alliance", "vagabond"), ("riverfolk", "cult", "marquise"),
           ("duchy", "corvid", "eyrie", "vagabond"), ("marquise", "eyrie"))
MAPS = ("autumn", "winter", "lake", "mountain")


@pytest.mark.parametrize("seed", range(12))
def test_A_2_random_playouts_with_the_exiles_deck_keep_the_invariants(seed):
    """Whole random games with the deck: options at every choice, every card once (54), supplies never negative,
    a JSON round trip equal, and every event, option and prompt rendered in both languages."""
    players = LINEUPS[seed % len(LINEUPS)]
    options = {"deck": "exiles", "map": MAPS[(seed + seed // 4) % 4]}
    st = GAME.new(seed=100 + seed, players=list(players), options=options)
    rnd = random.Random(seed)
    step = 0
    while st.decision is not None and step < 4000:
        d: Decision = st.decision
        check_decision(st)
        check_cards(st)
        check_exhausted_crafted_items(st)
        assert st.total_cards() == 54
        for f in st.seats:
            if f in WARRIORS:
                assert st.warrior_supply(f) >= 0, (f, st.warrior_supply(f))
        if step % 50 == 0:
            for lang in i18n.LANGS:
                i18n.decision_prompt(d, lang, strict=True)
                for opt in d.options:
                    i18n.option_label(opt, lang, d.kind, strict=True)
        if step % 97 == 11:
            for seat in (*st.seats, None):
                check_redeal(st, rnd, seat)  # promise 4: views leak nothing, with Swap Meet and Informants too
        if step % 400 == 7:
            assert canonical(GAME.to_json(GAME.from_json(json.loads(json.dumps(GAME.to_json(st)))))) == canonical(
                GAME.to_json(st))
        st.apply(rnd.choice(d.options).id)
        step += 1
    for ev in st.log:
        for lang in i18n.LANGS:
            assert "{" not in i18n.render_event(ev, lang, strict=True)
    assert play  # (helpers re-exported for the scenarios above)
