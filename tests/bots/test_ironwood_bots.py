"""Ironwood bots through the kernel: the heuristics (per faction, beating random, reading no secret) and ISMCTS
(deterministic, blind to hidden information, through ``game.determinize``)."""

from __future__ import annotations

import pytest

import planszowki
from planszowki import bots
from planszowki.bots.heuristic import scorer_for
from planszowki.bots.ismcts import EVALUATORS, ISMCTSBot, _evaluator
from planszowki.bots.random import RandomBot
from planszowki.engine import Rng
from planszowki.games.ironwood.state import IC, SEATS, WW

GAME = planszowki.load("ironwood")


def play(seats: dict[str, str], seed: int, max_rounds: int = 80):
    st = GAME.new(seed=seed)
    players = {s: bots.make(spec, seed * 13 + i) for i, (s, spec) in enumerate(seats.items())}
    while not st.terminal and st.round_no <= max_rounds:
        d = st.decision
        st.apply(players[d.player].choose(st, d.player))
    return st


def midgame(seed: int = 3, steps: int = 60, want: str | None = None, kind: str | None = None):
    """A state after ``steps`` random choices, advanced to a decision of ``want`` with several options."""
    st = GAME.new(seed=seed)
    r = RandomBot(seed)
    for i in range(20_000):
        d = st.decision
        wanted = (want is None or d.player == want) and (kind is None or d.kind == kind)
        if i >= steps and len(d.options) > 2 and wanted:
            return st
        st.apply(r.choose(st, d.player))
    raise AssertionError("no suitable decision found")


# -- the heuristics ---------------------------------------------------------------------------------------
def test_heuristic_finds_the_module_of_the_seats_faction_and_game() -> None:
    from planszowki.bots.ironwood import ironclad, woodwalkers

    st = GAME.new(seed=1)
    assert scorer_for(st, WW) is woodwalkers.scores
    assert scorer_for(st, IC) is ironclad.scores
    root = planszowki.load("root").new(seed=1, players=["marquise", "eyrie"])
    from planszowki.bots.root import marquise

    assert scorer_for(root, "marquise") is marquise.scores  # Root's dispatch is untouched
    assert _evaluator("ironwood") is EVALUATORS["ironwood"]


@pytest.mark.parametrize("seat", SEATS)
def test_heuristic_scores_every_decision_kind_it_meets(seat: str) -> None:
    """Along whole games the heuristic answers every decision of its seat with one score per option."""
    kinds = set()
    for seed in (1, 2):
        st = GAME.new(seed=seed)
        h = bots.make("heuristic", seed)
        r = RandomBot(seed)
        while not st.terminal and st.round_no <= 30:
            d = st.decision
            if d.player == seat:
                sc = scorer_for(st, seat)(st, seat, d)
                assert sc is not None and len(sc) == len(d.options), d.kind
                kinds.add(d.kind)
                st.apply(h.choose(st, seat))
            else:
                st.apply(r.choose(st, d.player))
    assert {"iw.turn", "iw.move", "iw.battle.place"} <= kinds


@pytest.mark.parametrize("seat", SEATS)
def test_heuristic_beats_random(seat: str) -> None:
    """Each faction's heuristic wins clearly more against random than random does against random (the lab's
    figures, with hundreds of games, are in the report; here 12 games each)."""
    other = IC if seat == WW else WW
    wins = sum(seat in play({seat: "heuristic", other: "random"}, s).result["winners"] for s in range(1, 13))
    assert wins >= 10


@pytest.mark.parametrize("seat", SEATS)
def test_heuristic_reads_no_secret(seat: str) -> None:
    """The heuristic's scores depend only on what the seat may know: scrambling what it cannot see (the other
    hand, both decks, the visions for the Ironclad) changes none of its scores."""
    checked = 0
    for seed in range(1, 6):
        st = GAME.new(seed=seed)
        r = RandomBot(seed)
        for _ in range(400):
            if st.terminal:
                break
            d = st.decision
            if d.player == seat and len(d.options) > 1:
                scorer = scorer_for(st, seat)
                a = scorer(st, seat, d)
                scrambled = GAME.determinize(st, seat, Rng(seed * 7 + checked))
                assert scrambled.view(seat) == st.view(seat)
                b = scorer(scrambled, seat, scrambled.decision)
                assert a == b, d.kind
                checked += 1
            st.apply(r.choose(st, d.player))
    assert checked > 50


# -- ISMCTS ------------------------------------------------------------------------------------------------
def search(st, seed: int = 11, **kw):
    bot = ISMCTSBot(seed=seed, **kw)
    return bot.choose(st, st.decision.player), bot.last


def test_ismcts_same_seed_same_choice_and_leaves_the_state_alone() -> None:
    st = midgame()
    before = GAME.to_json(st)
    a, sa = search(st, iterations=30, depth=30)
    b, sb = search(st, iterations=30, depth=30)
    assert a == b and sa == sb and sa["iterations"] == 30
    assert set(sa["visits"]) <= {o.id for o in st.decision.options}
    assert GAME.to_json(st) == before


@pytest.mark.parametrize("seat, kind", [(WW, "iw.turn"), (IC, "iw.turn"), (WW, "iw.battle.place"),
                                        (IC, "iw.battle.place")])
def test_ismcts_no_peeking_scrambled_hidden_information_gives_the_same_search(seat: str, kind: str) -> None:
    """Redeal everything ``seat`` cannot see (the other hand and a card it placed face down, both decks, the
    visions and their deck for the Ironclad, the vision deck's order for the Woodwalkers, future chance): with
    the same bot seed the choice and the whole visit distribution at the root are identical."""
    st = midgame(seed=5, steps=40, want=seat, kind=kind)
    for k in range(2):
        scrambled = GAME.determinize(st, seat, Rng(500 + k))
        assert scrambled.view(seat) == st.view(seat)
        assert GAME.to_json(scrambled) != GAME.to_json(st)  # something hidden did change
        for rollout in ("random", "heuristic"):
            a, sa = search(st, iterations=25, rollout=rollout, depth=20)
            b, sb = search(scrambled, iterations=25, rollout=rollout, depth=20)
            assert a == b
            assert sa == sb


def test_determinize_depends_only_on_the_view_and_the_generator() -> None:
    """What the search relies on: determinizing a state and a scrambled copy of it (same view) with the same
    generator gives the same state, for both seats, along a game."""
    st = GAME.new(seed=8)
    r = RandomBot(8)
    for step in range(600):
        if st.terminal:
            break
        if step % 50 == 0:
            for seat in SEATS:
                scrambled = GAME.determinize(st, seat, Rng(step))
                a = GAME.to_json(GAME.determinize(st, seat, Rng(99)))
                b = GAME.to_json(GAME.determinize(scrambled, seat, Rng(99)))
                assert a == b, (seat, step)
        st.apply(r.choose(st, st.decision.player))


def test_ismcts_finishes_a_game_against_the_heuristic() -> None:
    st = play({WW: "ismcts:iterations=12,depth=15", IC: "heuristic"}, seed=2, max_rounds=40)
    assert st.terminal and st.result["reason"] in ("totems", "forges")


@pytest.mark.parametrize("opponent, seat", [("ironbot", WW), ("forestbot", IC)])
def test_heuristic_answers_every_decision_against_the_solo_opponents(opponent: str, seat: str) -> None:
    """In a solo game the person's seat meets the opponent's own questions too (the Ironbot's SHIELD burn, the Forest
    bot's SHIELD choice): the heuristic scores every decision it is asked and finishes the games."""
    from planszowki.engine import UnsupportedSetup

    try:
        GAME.new(seed=0, options={"opponent": opponent})
    except UnsupportedSetup:
        pytest.skip(f"the {opponent} is not registered")
    for seed in range(1, 5):
        st = GAME.new(seed=seed, options={"opponent": opponent, "difficulty": 5})
        h = bots.make("heuristic", seed)
        while not st.terminal and st.round_no <= 60:
            d = st.decision
            assert d.player == seat
            sc = scorer_for(st, seat)(st, seat, d)
            assert sc is not None and len(sc) == len(d.options), d.kind
            st.apply(h.choose(st, seat))
        assert st.terminal


def test_ismcts_takes_ironwoods_search_settings_unless_the_spec_gives_them() -> None:
    st = midgame(seed=4, steps=30)
    plain = bots.make("ismcts:iterations=5,depth=5", 1)
    plain.choose(st, st.decision.player)
    assert (plain.widening, plain.epsilon, plain.c) == (0.5, 0.0, 0.3)
    given = bots.make("ismcts:iterations=5,depth=5,widening=2,c=0.7", 1)
    given.choose(st, st.decision.player)
    assert (given.widening, given.epsilon, given.c) == (2.0, 0.0, 0.7)
    root = planszowki.load("root").new(seed=3, players=["marquise", "eyrie"])
    r = RandomBot(3)
    while len(root.decision.options) < 2:
        root.apply(r.choose(root, root.decision.player))
    rb = bots.make("ismcts:iterations=5,depth=5", 1)
    rb.choose(root, root.decision.player)
    assert (rb.widening, rb.epsilon, rb.c) == (2.0, 0.1, 0.7)  # Root keeps the general settings
    with pytest.raises(ValueError, match="not a search setting"):
        from planszowki.bots.ismcts import register_defaults

        register_defaults("ironwood", iterations=5)
