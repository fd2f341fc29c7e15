"""Appendix A, step A.8.1.I Two Players: "remove all of the insurgent faction setup cards before dealing out any.
(You may keep them if you're playing with hirelings and feeling adventurous.)" — ``options["adventurous"]``."""

from __future__ import annotations

import random

import pytest
from helpers import GAME, check_finished, event_args
from test_invariants import MAX_VP

from planszowki.engine import UnsupportedSetup
from planszowki.games.root import setup_cards

TWO = ["player1", "player2"]


def adventurous_draft(seed: int, **options):
    return GAME.new(seed=seed, players=TWO, options={"setup": "advanced", "factions": "draft", "hirelings": True,
                                                      "adventurous": True, **options})


def to_draft(st, rnd: random.Random):
    while st.phase == "setup" and st.decision.kind != "setup.draft":
        st.apply(rnd.choice(st.decision.options).id)
    return st


def dealt(st) -> list[str]:
    return [e.args["faction"] for e in st.log if e.kind in ("setup_card_dealt", "setup_card_dealt_vagabond")]


def militant(f: str) -> bool:
    return setup_cards.cards()[f]["militant"]


def test_a_8_1_i_adventurous_two_players_with_hirelings_keep_the_insurgent_cards():
    insurgents = locked = 0
    for seed in range(12):
        st = to_draft(adventurous_draft(seed), random.Random(seed))
        cards = dealt(st)
        assert len(cards) == 3 and militant(cards[0])  # A.8.1: one militant card, then one per player
        insurgents += sum(not militant(f) for f in cards[1:])
        if event_args(st, "setup_card_locked"):  # A.8.1.II still holds for a last insurgent
            f = event_args(st, "setup_card_locked")[0]["faction"]
            assert not militant(f) and f not in {o.args["faction"] for o in st.decision.options}
            locked += 1
    assert insurgents and locked  # the insurgent cards are dealt (without the option they never are)


def test_a_8_1_i_without_adventurous_two_players_with_hirelings_draft_militant_cards_only():
    for seed in range(6):
        st = GAME.new(seed=seed, players=TWO, options={"setup": "advanced", "factions": "draft", "hirelings": True})
        assert all(militant(f) for f in dealt(to_draft(st, random.Random(seed))))


def test_a_8_1_i_an_adventurous_game_plays_to_the_end():
    rnd = random.Random(5)
    seated = set()
    for seed in range(6):
        st = adventurous_draft(seed)
        while not st.terminal and st.turn_no < 400:
            st.apply(rnd.choice(st.decision.options).id)
        check_finished(st, MAX_VP)
        seated |= {f for f in st.seats if not militant(f)}
    assert seated  # an insurgent faction played a two-player game


@pytest.mark.parametrize(("players", "options", "message"), [
    (TWO, {"factions": "draft", "adventurous": True}, r"only when playing with hirelings.*A\.8\.1\.I"),
    (["marquise", "eyrie"], {"hirelings": True, "adventurous": True}, r"'factions': 'draft'"),
    (["player1", "player2", "player3"], {"factions": "draft", "hirelings": True, "adventurous": True},
     r"with 3 players they are always dealt"),
    (TWO, {"factions": "draft", "hirelings": True, "adventurous": "yes"}, r"true or false"),
])
def test_a_8_1_i_adventurous_is_refused_by_rule_outside_a_two_player_draft_with_hirelings(players, options, message):
    with pytest.raises(UnsupportedSetup, match=message):
        GAME.new(seed=1, players=players, options={"setup": "advanced", **options})
    with pytest.raises(UnsupportedSetup, match=r"Advanced Setup"):
        GAME.new(seed=1, players=["marquise", "eyrie"], options={"adventurous": True})
