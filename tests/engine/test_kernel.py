"""The game-agnostic kernel: RNG, log chain, flow stack, decisions, errors and the registry.

A toy game ("race to 5": players alternately add 1 or 2; a die roll may add a bonus) exercises the
flow machinery without any Root rules.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import ClassVar

import pytest

import planszowki
from planszowki.engine import (
    Decision,
    Event,
    FlowState,
    GameOver,
    IllegalAction,
    InvalidPosition,
    LogChain,
    Option,
    PlanszowkiError,
    Rng,
    Step,
    UnknownGame,
    UnsupportedSetup,
)
from planszowki.engine.flow import copy_frames


# -- RNG ------------------------------------------------------------------------------------------
def test_option_compares_shows_copies_and_pickles_like_the_dataclass_it_was():
    """Option is written out (an extension type on the compiled core, engine/core.pxd): equal by its four fields,
    unhashable (its args are a dict), shown as ``Option(id=..., ...)``, copied with changes by ``replace`` (which
    refuses an unknown field, as ``dataclasses.replace`` does), and pickled whole on both builds."""
    import copy
    import pickle

    a = Option("move 1->2 x1", "move", {"from": 1, "to": 2, "count": 1}, "root:4.2")
    assert a == Option("move 1->2 x1", "move", {"from": 1, "to": 2, "count": 1}, "root:4.2")
    assert a != Option("move 1->2 x1", "move", {"from": 1, "to": 2, "count": 2}, "root:4.2") and a != "move 1->2 x1"
    bare = Option("x", "y")
    assert bare.args == {} and bare.rule == "" and bare.args is not Option("x", "y").args
    with pytest.raises(TypeError):
        hash(a)
    assert repr(a) == "Option(id='move 1->2 x1', action='move', args={'from': 1, 'to': 2, 'count': 1}, rule='root:4.2')"
    b = a.replace(id="move 1->2 x2", args={**a.args, "count": 2})
    assert (b.id, b.action, b.args["count"], b.rule) == ("move 1->2 x2", "move", 2, "root:4.2") and a.args["count"] == 1
    with pytest.raises(TypeError):
        a.replace(kind="x")
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a and copy.copy(a) == a
    assert a.to_json() == {"id": "move 1->2 x1", "action": "move", "args": {"from": 1, "to": 2, "count": 1},
                           "rule": "root:4.2"}


def test_rng_same_seed_same_stream_and_copy_continues_identically():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = a.copy()
    assert c == a and c is not a
    assert [a.below(6) for _ in range(50)] == [c.below(6) for _ in range(50)]
    assert Rng(1).next64() != Rng(2).next64()


def test_rng_below_is_in_range_and_uses_every_value():
    r = Rng(7)
    seen = [0] * 6
    for _ in range(6000):
        v = r.below(6)
        assert 0 <= v < 6
        seen[v] += 1
    assert all(800 < n < 1200 for n in seen)
    with pytest.raises(ValueError):
        r.below(0)


def test_rng_is_splitmix64_and_below_is_the_high_part_of_the_product():
    """The stream is SplitMix64's (a reference computed here with Python integers) and ``below(n)`` is
    ``(next64() * n) >> 64`` for every bound, small (computed from 32-bit halves, in C integers on the compiled
    build: engine/rng.pxd) or large; the state survives copying and pickling on both builds."""
    import pickle

    mask = (1 << 64) - 1

    def reference(s: int) -> tuple[int, int]:
        s = (s + 0x9E3779B97F4A7C15) & mask
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        return s, z ^ (z >> 31)

    r, s = Rng(2**64 + 12345), 12345  # the seed is taken modulo 2**64
    for n in [1, 2, 6, 1000, 2**31, 2**32 - 1, 2**32, 2**33 + 7, 2**64 - 1, 2**70] * 20:
        s, z = reference(s)
        assert r.below(n) == (z * n) >> 64 and r.s == s
    for _ in range(200):
        s, z = reference(s)
        assert r.next64() == z
    assert pickle.loads(pickle.dumps(r)) == r and r.copy().s == r.s == s
    assert Rng(-1).s == mask


def test_rng_shuffle_is_a_seeded_permutation():
    x, y = list(range(30)), list(range(30))
    Rng(5).shuffle(x)
    Rng(5).shuffle(y)
    assert x == y and sorted(x) == list(range(30)) and x != list(range(30))
    z = list(range(30))
    Rng(6).shuffle(z)
    assert z != x


def test_rng_state_is_one_integer_that_pickles():
    r = Rng(99)
    r.next64()
    assert isinstance(r.s, int)
    assert pickle.loads(pickle.dumps(r)) == r
    assert Rng(r.s) == r


# -- log chain ------------------------------------------------------------------------------------
def test_log_chain_copy_is_independent_and_shares_the_past():
    log = LogChain()
    for i in range(3):
        log.append(Event("e", {"i": i}))
    c = log.copy()
    c.append(Event("only_copy", {}))
    log.append(Event("only_original", {}))
    assert [e.kind for e in log.events()] == ["e", "e", "e", "only_original"]
    assert [e.kind for e in c.events()] == ["e", "e", "e", "only_copy"]
    assert len(log) == len(c) == 4


def test_log_chain_of_a_long_game_pickles():
    log = LogChain()
    for i in range(20_000):
        log.append(Event("e", {"i": i}))
    back = pickle.loads(pickle.dumps(log))
    assert len(back) == 20_000
    assert back.events()[-1].args == {"i": 19_999}
    assert back.events()[0].args == {"i": 0}


def test_event_visibility_and_json():
    public = Event("draw", {"count": 1}, None, "2.1")
    private = Event("draw_private", {"cards": ["fox:Anvil"]}, ("eyrie",), "2.1")
    assert public.visible_to(None) and public.visible_to("marquise")
    assert private.visible_to("eyrie")
    assert not private.visible_to("marquise") and not private.visible_to(None)
    for e in (public, private):
        assert Event.from_json(e.to_json()) == e


def test_option_and_decision():
    o = Option("move 1->5 x2", "move", {"from": 1, "to": 5, "count": 2}, "root:4.2")
    assert o.to_json() == {"id": "move 1->5 x2", "action": "move", "args": {"from": 1, "to": 5, "count": 2},
                           "rule": "root:4.2"}
    d = Decision("eyrie", (o,), "k", "root:4.2")
    assert d.find("move 1->5 x2") is o
    assert d.find("nope") is None
    # the written-out __init__s keep the dataclass defaults: a fresh dict of arguments each, keywords, equality
    a, b = Option("pass", "pass"), Option(id="pass", action="pass")
    assert a == b and a.args == {} and a.args is not b.args and a.rule == ""
    assert Decision("eyrie", (a,)) == Decision(player="eyrie", options=(b,), kind="", rule="", args={})
    assert Decision("eyrie", (a,)).args is not Decision("eyrie", (a,)).args


# -- a toy game on the flow stack -----------------------------------------------------------------
class Race(FlowState):
    GAME: ClassVar[str] = "race"
    STEPS: ClassVar[dict[str, Step]] = {}

    def __init__(self, seed: int = 0) -> None:
        super().__init__()
        self.rng = Rng(seed)
        self.total = 0
        self.turn = "a"
        self.push("turn", seat="a")

    def copy(self) -> Race:
        c = Race.__new__(Race)
        c.stack = copy_frames(self.stack)
        c.rng = self.rng.copy()
        c.log_chain = self.log_chain.copy()
        c.result = None if self.result is None else dict(self.result)
        c._decision = self._decision
        c.applied = self.applied
        c.total = self.total
        c.turn = self.turn
        return c

    def key(self):
        return (self.total, self.turn, self.rng.s, self.stack, self.result, [e.to_json() for e in self.log])


class TurnStep(Step):
    kind = "turn"
    auto = True

    def run(self, st: Race, fr: dict) -> None:
        st.pop(fr)
        st.turn = fr["seat"]
        st.push("choose", seat=fr["seat"])


class ChooseStep(Step):
    kind = "choose"
    rule = "race:add"

    def player(self, st: Race, fr: dict) -> str:
        return fr["seat"]

    def options(self, st: Race, fr: dict) -> list[Option]:
        return [Option(f"add {k}", "add", {"k": k}, "race:add") for k in (1, 2) if st.total + k <= 5]

    def choose(self, st: Race, fr: dict, opt: Option) -> None:
        st.pop(fr)
        st.total += opt.args["k"]
        st.emit("add", "race:add", seat=fr["seat"], k=opt.args["k"])
        if st.rng.below(6) == 0 and st.total < 5:
            st.total += 1
            st.emit("bonus", "race:die", seat=fr["seat"])
        if st.total >= 5:
            st.result = {"winners": [fr["seat"]]}
        else:
            st.push("turn", seat="b" if fr["seat"] == "a" else "a")


Race.STEPS = {"turn": TurnStep(), "choose": ChooseStep()}


def test_flow_settles_to_a_decision_and_plays_to_the_end():
    st = Race(seed=3)
    assert st.decision.player == "a"
    assert [o.id for o in st.decision.options] == ["add 1", "add 2"]
    while not st.terminal:
        st.apply(st.decision.options[-1].id)
    assert st.decision is None
    assert st.total == 5
    assert st.legal_ids() == []


def test_flow_illegal_option_leaves_the_state_alone():
    st = Race(seed=1)
    st.apply("add 2")
    before = st.key()
    with pytest.raises(IllegalAction) as exc:
        st.apply("add 7")
    assert "'add 7'" in str(exc.value) and "race:add" in str(exc.value) and "2 legal option(s)" in str(exc.value)
    assert st.key() == before
    assert st.applied == 1


def test_flow_game_over_refuses_options():
    st = Race(seed=1)
    while not st.terminal:
        st.apply(st.decision.options[0].id)
    with pytest.raises(GameOver):
        st.apply("add 1")


def test_flow_same_seed_same_ids_same_game_and_copies_continue_identically():
    rnd = random.Random(0)
    for seed in range(30):
        a = Race(seed)
        ids = []
        while not a.terminal:
            oid = rnd.choice(a.decision.options).id
            ids.append(oid)
            a.apply(oid)
        b = Race(seed)
        mid = None
        for i, oid in enumerate(ids):
            if i == len(ids) // 2:
                mid = b.copy()
            b.apply(oid)
        assert a.key() == b.key()
        if mid is not None:
            for oid in ids[len(ids) // 2:]:
                mid.apply(oid)
            assert mid.key() == a.key()


def test_flow_state_pickles_with_its_pending_stack():
    st = Race(seed=2)
    st.apply("add 1")
    back = pickle.loads(pickle.dumps(st))
    assert back.key() == st.key()
    assert [o.id for o in back.decision.options] == [o.id for o in st.decision.options]


def test_flow_detects_a_step_without_options():
    class Empty(Step):
        kind = "empty"

        def player(self, st, fr):
            return "a"

        def options(self, st, fr):
            return []

    class Broken(Race):
        STEPS: ClassVar[dict[str, Step]] = {**Race.STEPS, "empty": Empty()}

    st = Broken.__new__(Broken)
    FlowState.__init__(st)
    st.total, st.turn = 0, "a"
    st.push("empty")
    with pytest.raises(RuntimeError, match="no options"):
        _ = st.decision


def test_copy_frames_copies_lists_and_dicts_inside_frames():
    stack = [{"k": "x", "done": [1, 2], "m": {"a": 1}, "n": 3}]
    c = copy_frames(stack)
    c[0]["done"].append(3)
    c[0]["m"]["b"] = 2
    c[0]["n"] = 4
    assert stack == [{"k": "x", "done": [1, 2], "m": {"a": 1}, "n": 3}]
    assert copy.deepcopy(stack) == stack


# -- registry -------------------------------------------------------------------------------------
def test_registry_loads_root_and_names_unknown_games():
    assert "root" in planszowki.names()
    assert planszowki.load("root") is planszowki.load("root")
    with pytest.raises(UnknownGame, match="unknown game 'go'"):
        planszowki.load("go")
    for other in ("great_wall", "ironwood"):  # DESIGN.md's other games are registered now
        assert other in planszowki.names() and planszowki.load(other).name == other


# -- errors said to people ------------------------------------------------------------------------
def test_an_error_told_by_key_is_english_for_programs_and_in_the_persons_language_for_people():
    exc = UnsupportedSetup.told("error_seat_twice", name="marquise")
    assert isinstance(exc, UnsupportedSetup) and (exc.key, dict(exc.fmt)) == ("error_seat_twice", {"name": "marquise"})
    assert str(exc) == exc.text("en") == "faction 'marquise' appears twice in --seats (5.1.1: one seat each)"
    assert exc.text("pl") == ("frakcja 'marquise' występuje w --seats dwa razy "
                              "(5.1.1: każda frakcja zajmuje jedno miejsce)")
    back = pickle.loads(pickle.dumps(exc))  # a lab worker's refusal crosses processes with its key
    assert type(back) is UnsupportedSetup and str(back) == str(exc) and back.text("pl") == exc.text("pl")


def test_an_error_without_a_key_says_its_english_message_in_every_language():
    exc = IllegalAction("no such option", "root:4.2", 3)  # IllegalAction keeps its own fields
    assert exc.key is None and (exc.reason, exc.rule, exc.legal_count) == ("no such option", "root:4.2", 3)
    assert exc.text("pl") == str(exc) == "no such option (rule root:4.2); 3 legal option(s) available"
    assert InvalidPosition("clearing 13: no such clearing").text("pl") == "clearing 13: no such clearing"


def test_an_error_given_as_an_argument_is_said_in_the_language_of_the_message_around_it():
    reason = UnsupportedSetup.told("error_root_player_count")
    exc = PlanszowkiError.told("web_error_setup", problem=reason)
    assert str(exc) == "cannot set up this game: a game of Root has 2 to 6 players (5.1)"
    assert exc.text("pl") == "nie można przygotować tej gry: w Root gra od 2 do 6 graczy (5.1)"


def test_an_error_saying_another_keeps_its_message_in_every_language():
    """A content file's problem refused as a setup (or a save's answered by the web server) says the same thing
    in each language, as its own class."""
    reason = InvalidPosition.told("error_root_player_count")
    exc = UnsupportedSetup.saying(reason)
    assert type(exc) is UnsupportedSetup and str(exc) == str(reason)
    assert exc.text("pl") == reason.text("pl") == "w Root gra od 2 do 6 graczy (5.1)"
    plain = UnsupportedSetup.saying(InvalidPosition("clearing 13: no such clearing"))
    assert plain.key is None and plain.text("pl") == "clearing 13: no such clearing"


def test_an_unknown_game_is_said_in_the_persons_language():
    with pytest.raises(UnknownGame) as exc:
        planszowki.load("go")
    assert str(exc.value) == "unknown game 'go'; known games: great_wall, ironwood, root"
    assert exc.value.text("pl") == "nieznana gra 'go'; znane gry: great_wall, ironwood, root"
