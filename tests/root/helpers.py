"""Shared helpers for Root scenario tests (import with ``from helpers import ...``).

Positions are written in the documented position format (docs/root-position-format.md); clearings are
named by their printed (Rootlog) number, as in option ids and log events.
"""

from __future__ import annotations

from typing import Any

import planszowki

# the invariants every Root state keeps: one copy, in the package (``planszowki soak`` checks them too)
from planszowki.games.root.invariants import (  # noqa: F401 (re-exported for the test modules)
    canonical,
    check_cards,
    check_crafted_items,
    check_decision,
    check_eyrie_court,
    check_finished,
)

GAME = planszowki.load("root")


def position(clearings: dict[Any, dict] | None = None, *, turn: str = "marquise", phase: str = "daylight",
             seats: tuple[str, ...] = ("marquise", "eyrie"), **extra: Any):
    """A state loaded from a position document; ``extra`` fields go into the document as they are.

    Clearing keys may be ints. Unless ``deck`` is given the deck is every unmentioned card, shuffled.
    """
    doc: dict[str, Any] = {"seats": list(seats), "turn": turn, "phase": phase,
                           "clearings": {str(k): v for k, v in (clearings or {}).items()}}
    doc.update(extra)
    return GAME.from_position(doc)


def ids(st) -> set[str]:
    """The ids of the options of the current decision."""
    return {o.id for o in st.decision.options}


def option_list(st) -> list[str]:
    return [o.id for o in st.decision.options]


def play(st, *option_ids: str):
    """Apply the option ids in order; returns the state for chaining."""
    for oid in option_ids:
        st.apply(oid)
    return st


def events(st, kind: str | None = None) -> list:
    return [e for e in st.log if kind is None or e.kind == kind]


def event_args(st, kind: str) -> list[dict]:
    return [e.args for e in st.log if e.kind == kind]


def hand(st, seat: str) -> list[str]:
    return sorted(st.card(c).key for c in st.hands[seat])


def crafted(st, seat: str) -> list[str]:
    return sorted(st.card(c).key for c in st.crafted[seat])


def discard_keys(st) -> list[str]:
    return [st.card(c).key for c in st.discard]


def warriors(st, clearing: int, faction: str) -> int:
    """Warriors of ``faction`` in the clearing with printed number ``clearing``."""
    return st.warriors[clearing - 1].get(faction, 0)


def buildings(st, clearing: int) -> list[str]:
    return sorted(st.buildings[clearing - 1])


def tokens(st, clearing: int) -> list[str]:
    return sorted(st.tokens[clearing - 1])


def decision_of(st) -> tuple[str, str]:
    """(player, kind) of the current decision."""
    d = st.decision
    return d.player, d.kind


def seed_for(make, predicate, tries: int = 500) -> int:
    """The first seed s for which ``predicate(make(s))`` holds (to pick dice for battle scenarios).

    ``make(seed)`` builds and advances a state; the seed search is deterministic.
    """
    for s in range(tries):
        if predicate(make(s)):
            return s
    raise AssertionError("no seed in range gives the wanted dice")


# -- random playouts, digests (invariants, golden replays, views) -----------------------------------
def digest(st) -> str:
    """sha256 of the canonical JSON save of a state."""
    import hashlib

    return hashlib.sha256(canonical(GAME.to_json(st)).encode("utf-8")).hexdigest()


def random_playout(seed: int, *, policy_seed: int | None = None, players=("marquise", "eyrie"),
                   options: dict | None = None, max_steps: int = 20_000, visit=None):
    """Play a new game to its end with a seeded uniform random policy.

    ``visit(state, step)`` is called before every choice. Returns (final state, chosen option ids).
    """
    import random

    st = GAME.new(seed=seed, players=list(players), options=dict(options or {}))
    rnd = random.Random(seed if policy_seed is None else policy_seed)
    chosen: list[str] = []
    step = 0
    while st.decision is not None:
        if step >= max_steps:
            raise AssertionError(f"game {seed} did not end within {max_steps} choices")
        if visit is not None:
            visit(st, step)
        oid = rnd.choice(st.decision.options).id
        chosen.append(oid)
        st.apply(oid)
        step += 1
    return st, chosen


def check_deterministic(seed: int, players, policy_seed: int) -> None:
    """Promise 2: the same seed and the same option ids give the same state and the same log."""
    a, ids_a = random_playout(seed, policy_seed=policy_seed, players=players)
    b = GAME.new(seed=seed, players=list(players))
    for oid in ids_a:
        b.apply(oid)
    assert canonical(GAME.to_json(a)) == canonical(GAME.to_json(b))
    assert [e.to_json() for e in a.log] == [e.to_json() for e in b.log]


def check_redeal(st, rnd, seat: str | None) -> dict:
    """Promise 4 for one seat: its view lists only events it may see, and redealing what it does not know
    (``determinize``) leaves the view unchanged. Returns the view for the faction's own checks."""
    from planszowki.engine import Rng
    from planszowki.games.root.content import DECK_SIZE

    v = st.view(seat)
    for e in v["log"]:
        assert e["seats"] is None or seat in e["seats"], e
    other = GAME.determinize(st, seat, Rng(rnd.getrandbits(64)))
    assert canonical(other.view(seat)) == canonical(v), f"view of {seat} changed by determinize"
    assert other.total_cards() == DECK_SIZE
    return v


def run_playouts(seeds, lineups, *, first_seed: int, rng_seed, check_cheap, check_heavy, check_view, max_vp: int,
                 heavy_every: int = 389, heavy_game_every: int = 8, view_every: tuple[int, int] = (8, 97)) -> None:
    """Random playouts of ``lineups`` (one per seed, in turn) to the end: ``check_cheap`` before every choice,
    ``check_heavy`` (copy/JSON/pickle continuing identically) along and at the end of every
    ``heavy_game_every``-th game, ``check_view`` every ``view_every[1]`` choices of every ``view_every[0]``-th
    game, and the end-of-game checks of :func:`check_finished`."""
    import random

    view_games, view_steps = view_every
    for seed in seeds:
        rnd = random.Random(rng_seed(seed))

        def visit(st, step, rnd=rnd, seed=seed):
            check_cheap(st, step)
            if seed % heavy_game_every == 3 and step % heavy_every == heavy_every // 2:
                check_heavy(st, rnd)
            if seed % view_games == 1 and step % view_steps == 7:
                check_view(st, rnd)

        st, _ = random_playout(first_seed + seed, players=lineups[seed % len(lineups)], visit=visit)
        check_finished(st, max_vp)
        if seed % heavy_game_every == 5:
            check_heavy(st, rnd)


def two_player_games(players, seeds) -> list:
    """Random two-player games to the end (5.1.3: without the dominance cards, which are out of the game),
    with options at every choice and all 54 cards accounted for; returns the finished states."""
    from planszowki.games.root.content import DECK_SIZE

    def visit(st, step):
        assert st.decision.options
        assert st.total_cards() == DECK_SIZE

    out = []
    for seed in seeds:
        st, _ = random_playout(seed, players=players, visit=visit)
        assert st.terminal
        assert sorted(st.card(c).key for c in st.out) == ["bird:Dominance", "fox:Dominance", "mouse:Dominance",
                                                          "rabbit:Dominance"]
        out.append(st)
    return out


def chunks(n: int, size: int, start: int = 0) -> list[range]:
    """Seeds ``start .. start+n-1`` in ranges of ``size``, to spread a long playout test over several."""
    return [range(start + i, start + min(n, i + size)) for i in range(0, n, size)]


#: an Eyrie roost with two warriors in clearing 3 (the corner opposite a keep in clearing 1)
EYRIE_HOME = {3: {"warriors": {"eyrie": 2}, "buildings": ["roost"]}}
#: an empty Decree (no Loyal Viziers), for positions that must not trigger Turmoil
NO_DECREE = {"recruit": [], "move": [], "battle": [], "build": []}


def landmark_visit(rnd, period: int, offset: int):
    """A :func:`random_playout` visitor for the landmark playouts (Appendix F): every decision's option ids distinct,
    cards and pieces conserved; every ``period`` steps (from ``offset``) each seat's view the same after
    ``determinize`` (promise 4) and the save round trip exact."""
    from planszowki.engine import Rng
    from planszowki.games.root import invariants

    def visit(st, step):
        assert st.decision.options and len({o.id for o in st.decision.options}) == len(st.decision.options)
        invariants.check_cards(st)
        invariants.check_pieces(st)
        if step % period == offset:
            for seat in (*st.seats, None):
                v = st.view(seat, log=False)
                assert canonical(GAME.determinize(st, seat, Rng(rnd.getrandbits(64))).view(seat, log=False)) == \
                    canonical(v)
            assert canonical(GAME.to_json(GAME.from_json(GAME.to_json(st)))) == canonical(GAME.to_json(st))

    return visit
