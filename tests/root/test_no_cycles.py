"""No sequence of options changes nothing and comes back to the same decision (a game always moves on).

Promise 3 makes every choice a decision; this checks the flow of those decisions has no loop: an option that
opens a step whose only way out is back where it started (an Exposure opened and cancelled, 13.2.4) lets a
player — a random one too — spin forever. Two searches, over random games of every faction on every map:

* along each game, the state at every decision (its JSON save without the log and the count of applied
  options, which always grow) must never repeat;
* at sampled decisions, every option and every continuation a few steps deep is tried, and none may come
  back to the state it started from.
"""

from __future__ import annotations

import hashlib
import random

import pytest
from helpers import GAME, canonical

from planszowki.engine import PlanszowkiError
from planszowki.engine.flow import LogChain

FACTIONS = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "cult", "riverfolk", "duchy", "corvid")
MAPS = ("autumn", "winter", "lake", "mountain")
DECKS = ("standard", "exiles")  # 2.1, A.2 the Exiles and Partisans deck
TURN_CAP = 60  # enough to reach every faction's later rules; keeps the test fast
DEPTH = 3  # how many options deep the explicit search goes
NODES = 120  # states tried per sampled decision (the search is bounded)
SAMPLE_EVERY = 41  # a prime: the sampled decisions fall on every kind of step


def fingerprint(st) -> bytes:
    """The state as its JSON save, without the log and the applied counter (both grow with every option)."""
    chain, st.log_chain = st.log_chain, LogChain()
    try:
        doc = GAME.to_json(st)
    finally:
        st.log_chain = chain
    del doc["log"], doc["applied"]
    return hashlib.blake2b(canonical(doc).encode(), digest_size=16).digest()


def lineup(rnd: random.Random) -> tuple[list[str], dict]:
    """A random line-up of 2-6 factions the engine accepts (it refuses e.g. two Vagabonds alone), a map, a deck."""
    options = {"map": rnd.choice(MAPS), "deck": rnd.choice(DECKS)}
    while True:
        players = rnd.sample(FACTIONS, rnd.randint(2, 6))
        try:
            GAME.new(seed=0, players=players, options=options)
        except PlanszowkiError:
            continue
        return players, options


def short_cycle(st) -> list[str] | None:
    """Option ids (at most ``DEPTH``) leading from ``st`` back to the very same state, if any (bounded search)."""
    start = fingerprint(st)
    frontier = [(st, [])]
    tried = 0
    for _ in range(DEPTH):
        nxt = []
        for s, path in frontier:
            if s.decision is None:
                continue
            for o in s.decision.options:
                if tried >= NODES:
                    return None
                tried += 1
                c = s.copy()
                c.apply(o.id)
                if fingerprint(c) == start:
                    return [*path, o.id]
                nxt.append((c, [*path, o.id]))
        frontier = nxt
    return None


def play(seed: int, sample: bool) -> tuple[list[str], dict]:
    rnd = random.Random(seed)
    players, options = lineup(rnd)
    st = GAME.new(seed=seed, players=players, options=options)
    seen: dict[bytes, int] = {}
    moves: list[str] = []
    while st.decision is not None and st.turn_no <= TURN_CAP:
        fp = fingerprint(st)
        where = f"seed {seed}, {players} with {options}, decision {st.decision.kind} of {st.decision.player}"
        assert fp not in seen, f"{where}: the state after move {len(moves)} repeats the one after move " \
            f"{seen[fp]}: {moves[seen[fp]:]}"
        seen[fp] = len(moves)
        if sample and len(moves) % SAMPLE_EVERY == SAMPLE_EVERY // 2:
            loop = short_cycle(st)
            assert loop is None, f"{where}: {loop} leads back to the same state"
        oid = rnd.choice(st.decision.options).id
        moves.append(oid)
        st.apply(oid)
    return players, options


@pytest.mark.parametrize("first", range(0, 48, 12), ids=lambda s: f"seeds{s}-{s + 11}")
def test_no_state_repeats_along_random_games_of_every_faction_and_map(first):
    covered = set()
    for seed in range(first, first + 12):
        players, options = play(seed, sample=seed % 3 == 0)
        covered |= {*players, *options.values()}
    assert len(covered) >= 9  # the games mix factions, maps and decks


def test_13_2_4_an_exposure_begun_is_carried_out_no_cancel_cycle():
    """The loop the issue found: the Eyrie opened Exposure in clearing 8 and cancelled, 3,000 times over."""
    from helpers import ids, position

    st = position({5: {"warriors": {"marquise": 2}, "tokens": ["plot"]}}, turn="marquise",
                  seats=("marquise", "eyrie", "corvid"),
                  players={"marquise": {"hand": ["rabbit:Bake Sale"]}, "corvid": {"plots": {"5": "raid"}}})
    before = fingerprint(st)
    st.apply("expose 5")
    assert "cancel" not in ids(st) and all(i.startswith("guess ") for i in ids(st))
    assert short_cycle(st) is None
    st.apply("guess bomb with rabbit:Bake Sale")  # wrong: the card goes to the Corvids
    assert fingerprint(st) != before and "expose 5" not in ids(st)  # no matching card left to show


def test_13_2_4_an_exposure_begun_keeps_a_card_to_show_in_every_determinization():
    """Without 'cancel', every redeal of the exposing player's hand (for any other seat) must leave it a card
    matching the clearing, or the exposure step would have no option."""
    from helpers import position

    from planszowki.engine import Rng

    st = position({5: {"warriors": {"marquise": 2}, "tokens": ["plot"]}}, turn="marquise",
                  seats=("marquise", "eyrie", "corvid"),
                  players={"marquise": {"hand": ["rabbit:Bake Sale", "fox:Anvil", "mouse:Sword"]},
                           "corvid": {"plots": {"5": "raid"}}})
    st.apply("expose 5")
    for seat in ("eyrie", "corvid", None):
        for k in range(40):
            d = GAME.determinize(st, seat, Rng(k))
            assert d.hand_cards("marquise", "rabbit") and d.decision.options
            assert len(d.hands["marquise"]) == 3 and d.total_cards() == st.total_cards()
