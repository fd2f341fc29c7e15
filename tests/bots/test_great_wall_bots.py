"""The Great Wall's bots play on what their seat may know: with everything the seat cannot see redealt (the other
clans' Tactic hands, face-down Supporting Advisors, Command cards chosen face down before the reveal, drafts, the
decks' order, future chance), ISMCTS with the same seed makes the same search and the heuristic the same choice."""

from __future__ import annotations

from typing import Any

import pytest

import planszowki
from planszowki import bots
from planszowki.bots.ismcts import ISMCTSBot
from planszowki.bots.random import RandomBot
from planszowki.engine import Rng

GAME = planszowki.load("great_wall")
PLAYERS = {3: ["red", "blue", "yellow"], 2: ["red", "blue"], 4: ["red", "blue", "yellow", "green"],
           1: ["red"]}  # 1: solo against Qin Jiushao (his Command deck and setup Advisors are hidden)


def positions(players: list[str], seed: int, kinds: tuple[str, ...], want: int = 6) -> list[Any]:
    """States of a random game at decisions of ``kinds`` (copies), at most ``want``."""
    st = GAME.new(seed=seed, players=players)
    r = RandomBot(seed)
    out = []
    while not st.terminal and len(out) < want:
        d = st.decision
        if d.kind in kinds and len(d.options) > 1:
            out.append(st.copy())
        st.apply(r.choose(st, d.player))
    return out


def search(st: Any, seed: int = 11, **kw: Any) -> tuple[str, dict[str, Any]]:
    bot = ISMCTSBot(seed=seed, **kw)
    return bot.choose(st, st.decision.player), bot.last


@pytest.mark.parametrize("n", [3, 2, 4, 1])
def test_ismcts_no_peeking_scrambled_hidden_information_gives_the_same_search(n: int) -> None:
    """A Command card chosen while others already lie face down, a Tactic window (the others' hands), an Activation
    phase: redealing what the deciding seat cannot see changes nothing in its search."""
    checked = 0
    for st in positions(PLAYERS[n], seed=20 + n, kinds=("gw.choose", "gw.tactic", "gw.activation", "gw.barracks")):
        seat = st.decision.player
        scrambled = GAME.determinize(st, seat, Rng(500 + checked))
        assert scrambled.view(seat) == st.view(seat)
        assert GAME.to_json(scrambled) != GAME.to_json(st)  # something hidden did change
        for rollout in ("random", "heuristic"):
            a, sa = search(st, iterations=15, rollout=rollout, depth=20)
            b, sb = search(scrambled, iterations=15, rollout=rollout, depth=20)
            assert a == b and sa == sb, (st.decision.kind, rollout)
        checked += 1
    assert checked >= 3


def test_heuristic_choice_depends_only_on_the_seats_view() -> None:
    st = GAME.new(seed=3, players=PLAYERS[3])
    r = RandomBot(3)
    checked = 0
    while not st.terminal:
        d = st.decision
        if len(d.options) > 1 and st.applied % 5 == 0:
            scrambled = GAME.determinize(st, d.player, Rng(st.applied))
            assert scrambled.view(d.player) == st.view(d.player)
            assert bots.make("heuristic", 7).choose(st, d.player) == bots.make("heuristic", 7).choose(
                scrambled, d.player), d.kind
            checked += 1
        st.apply(r.choose(st, d.player))
    assert checked > 20


def test_determinize_depends_only_on_the_view_and_the_generator() -> None:
    """What the search relies on: determinizing a state and a scrambled copy of it (same view) with the same
    generator gives the same state, for every seat, along a game."""
    st = GAME.new(seed=8, players=PLAYERS[3])
    r = RandomBot(8)
    step = 0
    while not st.terminal:
        if step % 25 == 0:
            for seat in st.seats:
                scrambled = GAME.determinize(st, seat, Rng(step))
                a = GAME.to_json(GAME.determinize(st, seat, Rng(99)))
                b = GAME.to_json(GAME.determinize(scrambled, seat, Rng(99)))
                assert a == b, (seat, step)
        st.apply(r.choose(st, st.decision.player))
        step += 1
