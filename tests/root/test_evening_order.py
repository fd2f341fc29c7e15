"""1.1.3 with 1.4.1: the effects that come "at the start of" Evening — Cobbler (4.1.3) and, with the Exiles and
Partisans deck, Charm Offensive (A.2) — resolve in the order the player taking the turn chooses, by the same
mechanism as the start of Birdsong (``hooks.start_of``); a lone one is not asked about.

A.2 replaces the whole standard deck, so the printed Cobbler never meets Charm Offensive in one game: the ordering
tests lend Cobbler's effect to an Exiles game (the ``lent_cobbler`` fixture, tests/conftest.py), as a further
start-of-Evening effect would be.

Autumn map (printed numbers): 1 fox corner, paths 1–5, 1–9, 1–10.
"""

from __future__ import annotations

import json

from helpers import GAME, NO_DECREE, canonical, decision_of, hand, ids, play, position, warriors

KEEP = {4: {"warriors": {"marquise": 1}, "tokens": ["keep"]}}
EYRIE_HOME = {3: {"warriors": {"eyrie": 1}, "buildings": ["roost"]}}


def charm_evening(**marquise):
    doc = {"seats": ["marquise", "eyrie"], "turn": "marquise", "phase": "evening", "deck_name": "exiles",
           "clearings": {"1": {"warriors": {"marquise": 2}}, "4": KEEP[4], "3": EYRIE_HOME[3]},
           "deck": ["rabbit:Bake Sale", "fox:Anvil", "mouse:Sword"],
           "players": {"marquise": {"crafted": ["rabbit:Charm Offensive"], **marquise},
                       "eyrie": {"decree": NO_DECREE}}}
    return GAME.from_position(doc)


def test_1_1_3_start_of_evening_effects_are_ordered_by_the_player_taking_the_turn(lent_cobbler):
    st = charm_evening()
    d = st.decision
    assert (d.player, d.kind, d.rule) == ("marquise", "turn.start_of_evening.order", "root:1.1.3")
    assert {o.id: o.rule for o in d.options} == {"cobbler first": "root:4.1.3", "charm offensive first": "root:A.2"}
    # the question survives a save (its frame lies on the start-of-Evening frame)
    back = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
    assert canonical(GAME.to_json(back)) == canonical(GAME.to_json(st)) and ids(back) == ids(st)


def test_1_1_3_charm_offensive_first_then_cobbler(lent_cobbler):
    st = charm_evening()
    play(st, "charm offensive first")
    assert decision_of(st) == ("marquise", "card.charm_offensive")
    play(st, "charm offensive eyrie")
    assert st.vp["eyrie"] == 1 and hand(st, "marquise") == ["rabbit:Bake Sale"]
    assert decision_of(st) == ("marquise", "card.cobbler")  # the one left: no second question
    play(st, "move 1->5 x2")
    assert warriors(st, 5, "marquise") == 2
    assert hand(st, "marquise") == ["fox:Anvil", "rabbit:Bake Sale"] and st.current == "eyrie"  # then the draw


def test_1_1_3_cobbler_first_then_charm_offensive(lent_cobbler):
    st = charm_evening()
    play(st, "cobbler first", "move 1->9 x1")
    assert warriors(st, 9, "marquise") == 1
    assert decision_of(st) == ("marquise", "card.charm_offensive")
    play(st, "skip")
    assert st.vp["eyrie"] == 0 and hand(st, "marquise") == ["rabbit:Bake Sale"] and st.current == "eyrie"


def test_1_4_1_cobbler_with_nothing_to_move_does_not_apply_so_charm_offensive_is_not_asked_about(lent_cobbler):
    st = GAME.from_position({"seats": ["marquise", "eyrie"], "turn": "marquise", "phase": "evening",
                             "deck_name": "exiles", "clearings": {"4": {"tokens": ["keep"]}, "3": EYRIE_HOME[3]},
                             "players": {"marquise": {"crafted": ["rabbit:Charm Offensive"]},
                                         "eyrie": {"decree": NO_DECREE}}})
    assert decision_of(st) == ("marquise", "card.charm_offensive")  # no Marquise warrior on the map


def test_1_4_1_a_lone_start_of_evening_effect_is_not_asked_about():
    st = charm_evening()  # Charm Offensive alone (the Exiles deck has no Cobbler)
    assert decision_of(st) == ("marquise", "card.charm_offensive")
    st = position({1: {"warriors": {"marquise": 2}}, **EYRIE_HOME}, phase="evening",
                  deck=["fox:Anvil", "mouse:Sword"], players={"marquise": {"crafted": ["rabbit:Cobbler"]}})
    assert decision_of(st) == ("marquise", "card.cobbler")  # Cobbler alone
    play(st, "skip")
    assert st.current == "eyrie" and hand(st, "marquise") == ["fox:Anvil"]
