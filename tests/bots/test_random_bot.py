"""The random bot and the bot registry."""

from __future__ import annotations

import pytest

import planszowki
from planszowki import bots
from planszowki.bots.random import RandomBot
from planszowki.engine import IllegalAction


def _game(seed: int = 4):
    return planszowki.load("root").new(seed=seed, players=["marquise", "eyrie"])


def _play(game_seed: int, bot_seeds: dict[str, int], limit: int = 100_000) -> tuple[list[str], object]:
    st = _game(game_seed)
    players = {s: RandomBot(bot_seeds[s]) for s in st.seats}
    moves = []
    while not st.terminal and len(moves) < limit:
        d = st.decision
        oid = players[d.player].choose(st, d.player)
        assert d.find(oid) is not None
        st.apply(oid)
        moves.append(oid)
    return moves, st


def test_chooses_only_legal_options_for_its_seat() -> None:
    st = _game()
    bot = RandomBot(1)
    for _ in range(50):
        d = st.decision
        oid = bot.choose(st, d.player)
        assert oid in st.legal_ids()
        st.apply(oid)


def test_same_seed_same_game_different_seed_different_choices() -> None:
    a, sa = _play(7, {"marquise": 1, "eyrie": 2})
    b, sb = _play(7, {"marquise": 1, "eyrie": 2})
    assert a == b
    game = planszowki.load("root")
    assert game.to_json(sa) == game.to_json(sb)
    assert sa.terminal  # random Marquise vs Eyrie games do end
    c, _ = _play(7, {"marquise": 3, "eyrie": 4}, limit=len(a))
    assert c != a


def test_uniform_over_the_options() -> None:
    st = _game()
    d = st.decision  # the keep's four corners (6.3.2)
    counts = {o.id: 0 for o in d.options}
    bot = RandomBot(11)
    for _ in range(4000):
        counts[bot.choose(st, d.player)] += 1
    assert all(800 < n < 1200 for n in counts.values()), counts


def test_refuses_to_choose_for_another_seat_or_after_the_end() -> None:
    st = _game()
    other = next(s for s in st.seats if s != st.decision.player)
    with pytest.raises(IllegalAction, match="not"):
        RandomBot(0).choose(st, other)
    _, done = _play(3, {"marquise": 5, "eyrie": 6})
    with pytest.raises(IllegalAction, match="over"):
        RandomBot(0).choose(done, "marquise")


def test_registry_names_and_aliases() -> None:
    assert {"random", "bot"} <= set(bots.names())
    assert isinstance(bots.make("random", 3), RandomBot)
    b = bots.make("bot", 3)
    assert isinstance(b, RandomBot) and b.seed == 3
    assert bots.is_bot("bot") and not bots.is_bot("human")
    with pytest.raises(bots.UnknownBot, match="known bots"):
        bots.make("grandmaster")
    with pytest.raises(bots.UnknownBot, match="does not accept"):
        bots.make("random:depth=3")
    with pytest.raises(bots.UnknownBot, match="key=value"):
        bots.make("random:depth")


def test_registry_is_open_for_new_bots() -> None:
    class FirstBot:
        def __init__(self, seed: int = 0, pick: int = 0) -> None:
            self.pick = pick

        def choose(self, state, seat):
            return state.decision.options[self.pick].id

    bots.register("first-test", FirstBot, aliases=("first-alias-test",))
    try:
        assert bots.parse_spec("first-alias-test:pick=2") == ("first-test", {"pick": 2})
        bot = bots.make("first-alias-test:pick=1", seed=9)
        st = _game()
        assert bot.choose(st, st.decision.player) == st.decision.options[1].id
        with pytest.raises(ValueError, match="already registered"):
            bots.register("random", FirstBot)
    finally:
        bots._FACTORIES.pop("first-test", None)
        bots._ALIASES.pop("first-alias-test", None)
