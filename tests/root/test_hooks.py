"""DESIGN ("Shared rule code never imports a particular faction"): what a faction or an optional module adds to the
shared rules is one declared ``Contribution`` (hooks.py); the game assembles the ``Hooks`` of the seats in play at
setup, the state carries them, and the shared rules ask them."""

from __future__ import annotations

import ast
import json
from pathlib import Path

from helpers import GAME

import planszowki
from planszowki.games.root import catalog
from planszowki.games.root.hooks import Contribution, Hooks

ROOT = Path(planszowki.__file__).parent / "games" / "root"
#: the shared rules and the optional modules (content → state → shared rules → factions → game → views/positions)
SHARED = ("state.py", "hooks.py", "turn.py", "battle.py", "variant_maps.py", "exiles.py", "hirelings.py",
          "landmarks.py", "content.py")


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            out.add("." * node.level + (node.module or "") + ":" + ",".join(a.name for a in node.names))
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_design_no_shared_rule_module_imports_a_faction():
    for name in SHARED:
        found = [i for i in _imports(ROOT / name) if "factions" in i]
        assert not found, f"{name} imports {found}"


def _foreign_writes(path: Path) -> list[str]:
    """What the module does at import to another module's objects: assigns into an imported name or an attribute,
    or calls a method of one (``state.X[k] = …``, ``PHASES[k] = …``, ``EXTRAS.append(…)``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {a.asname or a.name for node in tree.body if isinstance(node, ast.ImportFrom | ast.Import)
                for a in node.names}

    def foreign(e: ast.expr) -> bool:
        return isinstance(e, ast.Attribute) or (isinstance(e, ast.Name) and e.id in imported)

    out = []
    for node in tree.body:  # module level only: what runs at import
        for t in node.targets if isinstance(node, ast.Assign) else []:
            if isinstance(t, ast.Subscript | ast.Attribute) and foreign(t.value if isinstance(t, ast.Subscript) else t):
                out.append(f"{path.name}:{node.lineno} {ast.unparse(t)} = …")
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            f = node.value.func
            if isinstance(f, ast.Attribute) and foreign(f.value):
                out.append(f"{path.name}:{node.lineno} {ast.unparse(f)}(…)")
    return out


def test_design_modules_declare_one_contribution_and_write_no_other_modules_tables():
    """Every faction module and optional module declares ``CONTRIBUTION`` and writes nothing into another module's
    tables at import."""
    modules = [ROOT / "exiles.py", ROOT / "hirelings.py", ROOT / "landmarks.py",
               *sorted((ROOT / "factions").glob("[a-z]*.py"))]
    for path in modules:
        assert "\nCONTRIBUTION = Contribution(" in path.read_text(encoding="utf-8"), path.name
        assert _foreign_writes(path) == [], path.name
    assert {c.faction for c in catalog.CATALOG if c.faction} == {"marquise", "eyrie", "alliance", "vagabond",
                                                              "riverfolk", "cult", "duchy", "corvid", "warlord",
                                                              "keepers"}


def test_hooks_are_those_of_the_seats_in_play():
    st = GAME.new(seed=3, players=["marquise", "eyrie"])
    h = st.hooks
    assert set(h.phases) == {"marquise", "eyrie"} and set(h.crafting_pieces) == {"marquise", "eyrie"}
    # no Corvid (13.2.3 Nimble, 13.7.2 Snares), no Riverfolk (11.2.3 public hand), no Cult (10.2.6 Lost Souls)
    assert not h.nimble and not h.snares and not h.public_hands and not h.on_discard and not h.held_warriors
    assert not h.faction_hooks and not h.on_vagabond_removal
    # the optional modules are in every game; each asks the state whether the game uses it
    assert "ignores_rule" in h.exiles and "shielded" in h.hirelings and h.extras_in_play
    assert list(h.start_of["evening"]) == ["cobbler", "charm_offensive"]
    full = GAME.new(seed=3, players=["marquise", "eyrie", "riverfolk", "corvid", "cult", "vagabond"],
                    options={"setup": "advanced"})
    f = full.hooks
    assert f.nimble == {"corvid"} and f.public_hands == {"riverfolk"} and f.snares == {"plot_snare": "corvid"}
    assert set(f.held_warriors) == {"cult", "riverfolk"} and len(f.on_discard) == 1
    # 1.1.3: the start-of-Birdsong effects keep one order (the catalog's): the turn's own, the Vagabond's, the
    # Exiles deck's, the hirelings', then the Riverfolk's
    names = list(f.start_of["birdsong"])
    assert names[:3] == ["better_burrow_bank", "refresh", "saboteurs"] and names[-1] == "services"
    assert [e[0].__module__.rsplit(".", 1)[1] for e in f.extras] == ["landmarks", "hirelings", "corvid"]


def test_copies_share_the_hooks_and_a_loaded_game_assembles_its_own():
    st = GAME.new(seed=5, players=["marquise", "eyrie", "alliance", "vagabond"])
    assert st.copy().hooks is st.hooks
    assert GAME.determinize(st, "eyrie", 7).hooks is st.hooks
    back = GAME.from_json(json.loads(json.dumps(GAME.to_json(st))))
    assert back.hooks is not st.hooks and back.hooks.factions == st.hooks.factions == {
        "marquise", "eyrie", "alliance", "vagabond"}


def test_a_8_2_a_faction_chosen_in_the_draft_joins_the_hooks():
    st = GAME.new(seed=2, players=["player1", "player2", "player3"], options={"setup": "advanced", "factions": "draft"})
    assert not st.hooks.phases  # no faction chosen yet
    while st.hooks.factions.isdisjoint({"marquise", "eyrie", "alliance", "vagabond", "riverfolk", "cult", "duchy",
                                        "corvid", "warlord", "keepers"}):
        st.apply(st.decision.options[0].id)
    chosen = [s for s in st.seats if not s.startswith("player")]
    assert chosen and set(st.hooks.phases) == {st.faction_of(s) for s in chosen}


def test_for_factions_reuses_an_unchanged_assembly():
    h = Hooks((Contribution("a", "a", phases=(("x", {}), ("y", {}), ("z", {}))),), ["a"])
    assert h.for_factions(["a"]) is h and set(h.phases) == {"a"}
    assert not h.for_factions(["b"]).phases


def test_an_optional_modules_extras_are_asked_only_in_a_game_with_it():
    """hooks.py ``Contribution.needs``: the turn asks an optional module's extras, anytime abilities and
    start-of-phase effects (the Black Market, Appendix F; the hirelings, Appendix E) only when the state's ``fdata``
    has the module's key."""
    from planszowki.engine import Option
    from planszowki.games.root import turn

    asked: list[str] = []

    def options(st, seat):
        asked.append("options")
        return [Option("gadget", "gadget", {}, "root:test")]

    def apply(st, seat, opt):
        asked.append("apply")
        return opt.action == "gadget"

    def may_exist(st, seat):
        asked.append("may_exist")
        return True

    def applies(st, seat):
        asked.append("applies")
        return True

    first = Option("gadget first", "gadget_first", {"effect": "gadget"}, "root:test")
    gadget = Contribution("gadget", extras=((options, apply, may_exist),), anytime=((options, apply, may_exist),),
                          start_of_birdsong={"gadget": (first, applies, lambda st, seat: None)}, needs="gadget")
    st = GAME.new(seed=3, players=["marquise", "eyrie"])
    st.hooks = Hooks((*catalog.CATALOG, gadget), st.hooks.factions, st.hooks.view)
    seat = "marquise"
    assert all(o.action != "gadget" for o in turn.daylight_extras(st, seat))
    assert not turn.apply_extra(st, seat, Option("gadget", "gadget", {}, "root:test"))
    assert not turn.turn_extras_options(st, seat) and not turn.anytime_possible(st, seat)
    assert "gadget" not in turn.start_of_phase_due(st, "birdsong", {"seat": seat, "done": []})
    assert asked == []  # not one call without the module
    st.fdata["gadget"] = {}
    assert any(o.action == "gadget" for o in turn.daylight_extras(st, seat))
    assert turn.turn_extras_possible(st, seat) and turn.anytime_possible(st, seat)
    assert turn.apply_turn_extra(st, seat, Option("gadget", "gadget", {}, "root:test"))
    assert "gadget" in turn.start_of_phase_due(st, "birdsong", {"seat": seat, "done": []})
    assert asked == ["options", "may_exist", "may_exist", "apply", "applies"]
