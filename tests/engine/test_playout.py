"""``FlowState.playout``: the random rollout without Decision objects (issue 15) plays the very game that applying
``options[rng.below(n)]`` (a lone option without a draw) through the public API plays, in every game."""

from __future__ import annotations

import pytest

import planszowki
from planszowki.engine import Rng

SETUPS = [
    ("root", {"players": ["marquise", "eyrie", "alliance", "vagabond"]}),
    ("root", {"players": ["cult", "riverfolk", "duchy", "corvid"], "options": {"map": "lake"}}),
    ("root", {"players": ["marquise", "eyrie"], "options": {"setup": "advanced"}}),
    ("ironwood", {}),
    ("great_wall", {"players": ["red", "blue", "yellow"]}),
]


def api_rollout(st, rng: Rng, limit: int) -> int:
    taken = 0
    while taken < limit and st.decision is not None:
        opts = st.decision.options
        st.apply(opts[rng.below(len(opts))].id if len(opts) > 1 else opts[0].id)
        taken += 1
    return taken


@pytest.mark.parametrize(("name", "kw"), SETUPS, ids=[f"{n}-{i}" for i, (n, _) in enumerate(SETUPS)])
@pytest.mark.parametrize("limit", [0, 1, 25, 10**9])
def test_playout_plays_the_game_the_public_api_plays(name, kw, limit):
    game = planszowki.load(name)
    for seed in (1, 2):
        a = game.new(seed=seed, **kw)
        b = a.copy()
        ra, rb = Rng(seed * 7), Rng(seed * 7)
        taken = a.playout(ra, limit)
        assert taken == api_rollout(b, rb, limit)
        assert ra.s == rb.s  # the same draws
        assert a.applied == b.applied
        assert game.to_json(a) == game.to_json(b)
        assert a.terminal == b.terminal
        if not a.terminal:
            assert [o.id for o in a.decision.options] == [o.id for o in b.decision.options]
        if limit == 10**9:
            assert a.terminal, "an unlimited playout ends the game"


def test_playout_of_a_finished_game_takes_nothing():
    game = planszowki.load("root")
    st = game.new(seed=3, players=["marquise", "eyrie"])
    st.playout(Rng(1), 10**9)
    assert st.terminal and st.playout(Rng(1), 10) == 0
