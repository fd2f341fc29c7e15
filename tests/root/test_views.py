"""Promise 4, no leaks: a seat's view and log show exactly what the Law lets it know (1.2)."""

from __future__ import annotations

import json
import random

import pytest
from helpers import GAME, canonical, play, position, random_playout

from planszowki.engine import Rng

SEATS = ("marquise", "eyrie")


def check_view(st, rnd: random.Random) -> None:
    for seat in (*st.seats, None):
        v = st.view(seat)
        json.dumps(v)  # JSON-ready
        # other seats' hands are never shown, only their sizes
        for s in st.seats:
            p = v["players"][s]
            assert p["hand_count"] == len(st.hands[s])
            if s == seat:
                assert sorted(p["hand"]) == sorted(st.card(c).key for c in st.hands[s])
            else:
                assert p["hand"] is None
        # the log as this seat sees it holds no event meant for others only
        for e in v["log"]:
            assert e["seats"] is None or seat in e["seats"], e
        # options (which reveal the chooser's hand) go only to the chooser
        d = v["decision"]
        if d is not None and d["player"] != seat:
            assert "options" not in d and "args" not in d
        # redealing every secret this seat does not know leaves its view unchanged
        for k in range(2):
            other = GAME.determinize(st, seat, Rng(rnd.getrandbits(64)))
            assert canonical(other.view(seat)) == canonical(v), f"view of {seat} changed by determinize #{k}"
            assert other.total_cards() == st.total_cards()


def test_views_leak_nothing_along_random_games():
    checked = 0
    for seed in range(20):
        rnd = random.Random(seed)

        def visit(st, step, rnd=rnd):
            nonlocal checked
            if step % 29 == 3:
                check_view(st, rnd)
                checked += 1

        st, _ = random_playout(seed + 500, visit=visit)
        check_view(st, rnd)
    assert checked > 150


def test_views_leak_nothing_in_games_with_the_lizard_cult():
    """10.2.6 and 10.5: the Lost Souls pile and the revealed cards are public; the Cult's hand is not."""
    checked = 0
    for seed in range(6):
        rnd = random.Random(seed)

        def visit(st, step, rnd=rnd):
            nonlocal checked
            if step % 31 == 4:
                check_view(st, rnd)
                checked += 1

        st, _ = random_playout(seed + 700, players=("cult", "marquise", "eyrie", "vagabond"), visit=visit)
        check_view(st, rnd)
    assert checked > 40


def test_views_leak_nothing_in_games_with_the_corvid_conspiracy():
    """13.2.2.1: only the Corvids know their face-down plots (and which plots their supply holds); the others see a
    face-down plot, what failed Exposures ruled out (13.2.4) and what a flip or a removal turned over."""
    checked = 0
    for seed in range(6):
        rnd = random.Random(seed)

        def visit(st, step, rnd=rnd, seed=seed):
            nonlocal checked
            if step % 31 == 4:
                check_view(st, rnd)
                checked += 1
                for seat in (*st.seats, None):
                    if seat != "corvid" and "hidden" in st.fdata["corvid"]:
                        text = canonical(st.view(seat)["players"]["corvid"]["board"])
                        assert text == canonical(GAME.determinize(st, seat, Rng(seed)).view(seat)["players"][
                            "corvid"]["board"])

        st, _ = random_playout(seed + 900, players=("corvid", "marquise", "alliance", "vagabond"), visit=visit)
        check_view(st, rnd)
    assert checked > 40


def test_views_leak_nothing_in_games_with_the_underground_duchy():
    """12.5: revealed cards are shown to everyone and the Burrow is public; the Duchy's hand is not, and a
    Price of Failure's random discard is drawn from it only as the card lands face up on the discard pile."""
    checked = 0
    for seed in range(6):
        rnd = random.Random(seed)

        def visit(st, step, rnd=rnd):
            nonlocal checked
            if step % 31 == 4:
                check_view(st, rnd)
                checked += 1
                for seat in (*st.seats, None):
                    board = st.view(seat)["players"]["duchy"]["board"]
                    assert "hand" not in board and (seat == "duchy") == (
                        st.view(seat)["players"]["duchy"]["hand"] is not None)

        st, _ = random_playout(seed + 900, players=("duchy", "marquise", "eyrie", "vagabond"), visit=visit)
        check_view(st, rnd)
    assert checked > 40


def test_determinize_really_redeals_hidden_cards():
    st = GAME.new(seed=7, players=["marquise", "eyrie"])
    while st.turn_no < 4:
        play(st, st.decision.options[0].id)
    changed = 0
    for k in range(10):
        d = GAME.determinize(st, "eyrie", k)
        assert sorted(d.hands["eyrie"]) == sorted(st.hands["eyrie"])  # own hand kept
        assert len(d.hands["marquise"]) == len(st.hands["marquise"])
        assert sorted(d.deck + d.hands["marquise"]) == sorted(st.deck + st.hands["marquise"])
        changed += d.hands["marquise"] != st.hands["marquise"] or d.deck != st.deck
    assert changed >= 9
    # a different seed of chance for the future, too
    assert GAME.determinize(st, "eyrie", 1).rng.s != st.rng.s


def test_determinize_accepts_int_rng_and_random():
    st = GAME.new(seed=2, players=["marquise", "eyrie"])
    a = GAME.determinize(st, "marquise", 11)
    b = GAME.determinize(st, "marquise", Rng(11))
    assert canonical(GAME.to_json(a)) == canonical(GAME.to_json(b))
    GAME.determinize(st, "marquise", random.Random(3))
    with pytest.raises(TypeError):
        GAME.determinize(st, "marquise", "seed")


def test_draws_are_private_to_the_drawer():
    st = GAME.new(seed=4, players=["marquise", "eyrie"], options={"seating": "fixed"})
    draws = [e for e in st.log if e.kind == "draw_private"]
    assert {e.args["faction"] for e in draws} == {"marquise", "eyrie"}  # 5.1.3 starting hands
    for seat in SEATS:
        other = "eyrie" if seat == "marquise" else "marquise"
        log = st.view(seat)["log"]
        mine = [e for e in log if e["kind"] == "draw_private"]
        assert [e["args"]["faction"] for e in mine] == [seat]
        assert sorted(mine[0]["args"]["cards"]) == sorted(st.card(c).key for c in st.hands[seat])
        text = canonical(log)
        for c in st.hands[other]:
            key = st.card(c).key
            if all(st.card(x).key != key for x in st.hands[seat]):
                assert key not in text, f"{key} of {other} visible to {seat}"
        # the public draw event tells the count only
        public = [e for e in log if e["kind"] == "draw" and e["args"]["faction"] == other]
        assert public and public[0]["args"] == {"faction": other, "count": 3}
    assert not [e for e in st.view(None)["log"] if e["kind"] == "draw_private"]


def test_codebreakers_shows_the_hand_only_to_the_breaker():
    st = position({1: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}, 3: {"warriors": {"marquise": 1}}},
                  turn="eyrie", phase="daylight",
                  players={"eyrie": {"crafted": ["mouse:Codebreakers"], "hand": ["fox:Anvil"]},
                           "marquise": {"hand": ["rabbit:Bake Sale", "bird:Sappers"]}},
                  deck=["rabbit:Cobbler", "mouse:Sword"])
    play(st, "codebreakers marquise")
    eyrie_log = st.view("eyrie")["log"]
    looks = [e for e in eyrie_log if e["kind"] == "look_at_hand"]
    assert looks and sorted(looks[0]["args"]["cards"]) == ["bird:Sappers", "rabbit:Bake Sale"]
    assert looks[0]["rule"] == "4.1.3"
    for seat in ("marquise", None):
        log = st.view(seat)["log"]
        assert not [e for e in log if e["kind"] == "look_at_hand"]
        assert [e["kind"] for e in log if e["kind"] == "codebreakers"] == ["codebreakers"]  # that it happened
    # what the Eyrie saw stays in place when they determinize; the rest may move
    for k in range(5):
        d = GAME.determinize(st, "eyrie", k)
        assert sorted(d.hands["marquise"]) == sorted(st.hands["marquise"])
    marquise_text = canonical(st.view("marquise")["log"])
    assert "fox:Anvil" not in marquise_text


def test_views_of_eyrie_decree_and_leaders_are_public():
    st = position({1: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}}, turn="eyrie", phase="daylight",
                  players={"eyrie": {"leader": "despot", "leaders_face_down": ["builder"],
                                     "decree": {"move": ["bird:Loyal Vizier", "fox:Anvil"],
                                                "build": ["bird:Loyal Vizier"]}}},
                  deck=["rabbit:Cobbler"])
    for seat in (*SEATS, None):
        board = st.view(seat)["players"]["eyrie"]["board"]
        assert board["leader"] == "despot"
        assert board["leaders_face_up"] == ["charismatic", "commander"]
        assert board["leaders_face_down"] == ["builder"]
        assert board["decree"] == {"recruit": [], "move": ["bird:Loyal Vizier", "fox:Anvil"], "battle": [],
                                   "build": ["bird:Loyal Vizier"]}
        assert board["roosts_on_map"] == 1
        assert board["roosts_on_track"] == 6
        assert board["warrior_supply"] == 18


def test_decision_options_only_for_the_chooser():
    st = GAME.new(seed=1, players=["marquise", "eyrie"], options={"seating": "fixed"})
    assert st.decision.player == "marquise"
    assert [o["id"] for o in st.view("marquise")["decision"]["options"]] == ["keep 1", "keep 2", "keep 3", "keep 4"]
    assert st.view("eyrie")["decision"] == {"player": "marquise", "kind": "marquise.setup.keep", "rule": "root:6.3.2"}
    assert "options" not in st.view(None)["decision"]


def test_view_of_an_unknown_seat_is_refused():
    st = GAME.new(seed=1, players=["marquise", "eyrie"])
    with pytest.raises(ValueError, match="unknown seat"):
        st.view("vagabond")


def test_riverfolk_hand_is_public_and_nothing_else_leaks():
    """11.2.3: the Riverfolk's hand is in every seat's view (and kept by determinize); the other hands, the
    deck and the Supporters stack stay hidden from every seat, the Riverfolk's included."""
    players = ("riverfolk", "marquise", "alliance", "vagabond")
    checked = 0
    for seed in range(6):
        rnd = random.Random(seed)

        def visit(st, step, rnd=rnd):
            nonlocal checked
            if step % 37 != 5:
                return
            checked += 1
            public = sorted(st.card(c).key for c in st.hands["riverfolk"])
            for seat in (*players, None):
                v = st.view(seat)
                for s in players:
                    shown = v["players"][s]["hand"]
                    if s == "riverfolk":
                        assert shown == public
                    elif s != seat:
                        assert shown is None
                for e in v["log"]:
                    assert e["seats"] is None or seat in e["seats"], e
                other = GAME.determinize(st, seat, Rng(rnd.getrandbits(64)))
                assert canonical(other.view(seat)) == canonical(v)

        random_playout(seed + 900, players=players, visit=visit)
    assert checked > 40
