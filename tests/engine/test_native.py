"""The optional compiled core (setup.py, ``PLANSZOWKI_COMPILE=1``; issue 15): the build a test run uses is the one
it says it tests, and :func:`native_modules` tells the two apart.

CI runs the suite twice: on the editable pure-Python install (``PLANSZOWKI_EXPECT_CORE=python``) and, after
reinstalling with ``PLANSZOWKI_COMPILE=1``, on the compiled one (``PLANSZOWKI_EXPECT_CORE=compiled``), so the same
tests pass on both paths.
"""

from __future__ import annotations

import os
import sys
import types
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

from planszowki.engine.native import native_modules

#: modules every compiled build must hold (setup.py COMPILED): the kernel's flow, Root's state and turn, a faction,
#: and the bots rollouts use
HOT = ("planszowki.engine.flow", "planszowki.engine.core", "planszowki.games.root.state",
       "planszowki.games.root.turn", "planszowki.games.root.battle", "planszowki.games.root.factions.marquise",
       "planszowki.games.ironwood.state", "planszowki.games.ironwood.solo.ironbot",
       "planszowki.games.great_wall.state", "planszowki.bots.random", "planszowki.bots.ismcts",
       "planszowki.bots.heuristic", "planszowki.bots.root.marquise", "planszowki.bots.ironwood.ironclad",
       "planszowki.bots.great_wall.clan")


def test_native_modules_names_extension_modules_only(monkeypatch: pytest.MonkeyPatch) -> None:
    ext = types.ModuleType("planszowki._probe_ext")
    ext.__file__ = "/somewhere/_probe_ext" + EXTENSION_SUFFIXES[0]
    src = types.ModuleType("planszowki._probe_src")
    src.__file__ = "/somewhere/_probe_src.py"
    other = types.ModuleType("elsewhere._probe_ext")
    other.__file__ = ext.__file__
    for m in (ext, src, other):
        monkeypatch.setitem(sys.modules, m.__name__, m)
    found = native_modules()
    assert "planszowki._probe_ext" in found
    assert "planszowki._probe_src" not in found and "elsewhere._probe_ext" not in found


@pytest.mark.skipif(not os.environ.get("PLANSZOWKI_EXPECT_CORE"),
                    reason="PLANSZOWKI_EXPECT_CORE (python or compiled) is not set: which build runs is not asked")
def test_the_build_under_test_is_the_one_expected() -> None:
    import planszowki.bots.great_wall.clan
    import planszowki.bots.ironwood.ironclad
    import planszowki.bots.ismcts
    import planszowki.bots.random
    import planszowki.bots.root.marquise
    import planszowki.games.great_wall.state
    import planszowki.games.ironwood.solo.ironbot
    import planszowki.games.root.game  # noqa: F401  (with the ones above: every module of HOT)

    expected = os.environ["PLANSZOWKI_EXPECT_CORE"]
    native = native_modules()
    if expected == "compiled":
        assert set(HOT) <= set(native), f"not compiled: {sorted(set(HOT) - set(native))}"
    else:
        assert expected == "python", f"PLANSZOWKI_EXPECT_CORE={expected!r}: python or compiled"
        assert native == [], f"compiled modules in a pure-Python run: {native}"


@pytest.mark.skipif(not os.environ.get("PLANSZOWKI_EXPECT_CORE"),
                    reason="PLANSZOWKI_EXPECT_CORE (python or compiled) is not set: which build runs is not asked")
def test_the_compiled_state_keeps_its_fields_in_the_object_and_anything_else_in_its_dict() -> None:
    """flow.pxd and state.pxd: the compiled build makes FlowState and RootState extension types whose fields (those
    state.pxd lists) are not in ``__dict__``; pure Python keeps them there. Both builds take other attributes, copy,
    pickle and weak-reference a state alike."""
    import pickle
    import weakref

    import planszowki
    from planszowki.engine.flow import FlowState
    from planszowki.games.root.state import RootState

    st = planszowki.load("root").new(seed=2, players=["marquise", "eyrie"])
    for _ in range(30):
        st.apply(st.decision.options[-1].id)
    in_dict = {"warriors", "stack", "applied"} & set(vars(st))
    if os.environ["PLANSZOWKI_EXPECT_CORE"] == "compiled":
        assert not in_dict, f"fields in __dict__ of the compiled state: {sorted(in_dict)}"
        assert isinstance(FlowState.__dict__["stack"], types.GetSetDescriptorType)
        assert isinstance(RootState.__dict__["warriors"], types.GetSetDescriptorType)
    else:
        assert in_dict == {"warriors", "stack", "applied"}
    st.scratch = 1  # an attribute no declaration names still works
    assert st.scratch == 1 and weakref.ref(st)() is st
    back = pickle.loads(pickle.dumps(st))
    twin = st.copy()
    for other in (back, twin):
        assert type(other) is RootState and other.applied == st.applied >= 30
        assert other.warriors == st.warriors and other.decision.kind == st.decision.kind
    assert back.scratch == 1



def test_state_pxd_declares_exactly_the_fields_root_state_init_sets() -> None:
    """games/root/state.pxd lists RootState's fields for the compiled build: a field added to ``__init__`` but not
    there would still work (in ``__dict__``) yet be read slowly; one listed but no longer set is dead weight. Pure
    Python: the pxd's list is ``__init__``'s fields (and engine/flow.pxd's FlowState's). Compiled: the fields are the
    type's members and a new state's ``__dict__`` is empty."""
    import re
    from pathlib import Path

    import planszowki
    from planszowki.engine.flow import FlowState
    from planszowki.games.root.content import load_map
    from planszowki.games.root.game import hooks_for
    from planszowki.games.root.state import RootState

    root = Path(planszowki.__file__).parent

    def declared(pxd: str, cls: str) -> set[str]:
        # the public fields of ``cdef class cls:``, up to the next class (flow.pxd declares LogChain too)
        text = (root / pxd).read_text("utf-8").split(f"cdef class {cls}", 1)[1].split("\ncdef class ", 1)[0]
        return set(re.findall(r"^\s+cdef public \w+ (\w+)$", text, re.M))

    def members(cls: type) -> set[str]:
        # Cython makes each public field a getset descriptor of its type (a pure class: only __dict__, __weakref__)
        return {k for k, v in vars(cls).items()
                if type(v).__name__ in ("getset_descriptor", "member_descriptor") and not k.startswith("__")}

    kernel = FlowState()
    st = RootState(load_map("autumn"), ["marquise", "eyrie"], hooks_for(["marquise", "eyrie"]))
    if members(FlowState):  # compiled
        assert members(FlowState) >= declared("engine/flow.pxd", "FlowState")
        assert members(RootState) == declared("games/root/state.pxd", "RootState")
        assert vars(kernel) == {} and vars(st) == {}
    else:
        assert declared("engine/flow.pxd", "FlowState") == set(vars(kernel))
        assert declared("games/root/state.pxd", "RootState") == set(vars(st)) - set(vars(kernel))
