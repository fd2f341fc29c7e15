"""The message catalogs cover everything the Root engine can say or ask, in English and Polish.

The kinds are found in the engine's source, so adding an event, an option action or a decision step
without translating it fails here.
"""

from __future__ import annotations

import ast
import json
import random
import re
from pathlib import Path

import pytest

import planszowki
from planszowki import i18n
from planszowki.engine import Decision
from planszowki.games.root import game as _root_game  # noqa: F401  (registers every step)
from planszowki.games.root.state import RootState

ROOT_SRC = Path(planszowki.__file__).parent / "games" / "root"
SHARED = Path(__file__).resolve().parents[2].parent / "shared"


def _trees() -> list[ast.Module]:
    return [ast.parse(p.read_text("utf-8")) for p in sorted(ROOT_SRC.rglob("*.py"))]


def _str(node: ast.AST | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def emitted_event_kinds() -> set[str]:
    kinds = set()
    for tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit":
                kind = _str(node.args[0]) if node.args else None
                assert kind is not None, f"emit() with a non-literal kind at line {node.lineno}"
                kinds.add(kind)
    return kinds


def _call_name(call: ast.Call) -> str | None:
    f = call.func
    return f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None


def option_actions() -> set[str]:
    """Every ``Option(id, action, ...)`` action; an action passed in as a parameter is resolved through the
    parameter's default and the literal arguments at every call of the enclosing function."""
    trees = _trees()
    functions: list[ast.FunctionDef] = []
    calls: list[ast.Call] = []
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef):
                functions.append(node)
            elif isinstance(node, ast.Call):
                calls.append(node)
    actions: set[str] = set()
    for fn in functions:
        for node in ast.walk(fn):
            if not (isinstance(node, ast.Call) and _call_name(node) == "Option"):
                continue
            arg = node.args[1] if len(node.args) > 1 else next(
                (k.value for k in node.keywords if k.arg == "action"), None)
            if _str(arg) is not None:
                actions.add(_str(arg))  # type: ignore[arg-type]
                continue
            assert isinstance(arg, ast.Name), f"{fn.name}: Option action is neither a literal nor a parameter"
            params = [a.arg for a in fn.args.args]
            assert arg.id in params, f"{fn.name}: Option action {arg.id!r} is not a parameter"
            index = params.index(arg.id)
            defaults = dict(zip(params[len(params) - len(fn.args.defaults):], fn.args.defaults, strict=True))
            values = [_str(defaults[arg.id])] if arg.id in defaults else []
            for call in calls:
                if _call_name(call) != fn.name:
                    continue
                given = next((k.value for k in call.keywords if k.arg == arg.id), None)
                if given is None and len(call.args) > index:
                    given = call.args[index]
                if given is not None:
                    values.append(_str(given))
            assert values and None not in values, f"cannot resolve the actions {fn.name}() passes to Option"
            actions.update(v for v in values if v is not None)
    return actions


def decision_kinds() -> set[str]:
    return {k for k, step in RootState.STEPS.items() if not step.auto}


@pytest.fixture(scope="module", params=i18n.LANGS)
def lang(request: pytest.FixtureRequest) -> str:
    return request.param


def test_source_scan_finds_the_engines_vocabulary() -> None:
    # guards the scanners themselves: a few kinds every game produces
    assert {"move", "battle", "turn_start", "score", "game_over"} <= emitted_event_kinds()
    assert {"march", "move", "field_hospitals", "overwork", "decree", "end_daylight"} <= option_actions()
    assert {"marquise.daylight", "eyrie.decree", "battle.ambush"} <= decision_kinds()


def test_every_emitted_event_kind_has_a_message(lang: str) -> None:
    table = i18n.catalog(lang)["root"]["event"]
    missing = sorted(emitted_event_kinds() - set(table))
    assert not missing, f"{lang}.json lacks root.event messages for {missing}"


def test_every_option_action_has_a_label(lang: str) -> None:
    table = i18n.catalog(lang)["root"]["option"]
    missing = sorted(option_actions() - set(table))
    assert not missing, f"{lang}.json lacks root.option labels for {missing}"


def test_every_option_label_names_an_action_the_engine_offers(lang: str) -> None:
    """The converse: no label is left behind for an option the engine no longer makes (13.2.4: an Exposure begun
    has no "cancel" any more). A key is ``action``, ``kind:action`` or ``action@variant`` (i18n.option_keys); the
    actions are those of :func:`option_actions` and of Options written at module level (start-of-phase entries)."""
    actions = option_actions() | {_str(node.args[1]) for tree in _trees() for node in ast.walk(tree)
                                  if isinstance(node, ast.Call) and _call_name(node) == "Option"
                                  and len(node.args) > 1 and _str(node.args[1]) is not None}
    kinds = set(RootState.STEPS)
    unused = []
    for key in i18n.catalog(lang)["root"]["option"]:
        kind, _, action = key.rpartition(":")
        action = action.partition("@")[0]
        if action not in actions or (kind and kind not in kinds):
            unused.append(key)
    assert not unused, f"{lang}.json has root.option labels no option uses: {sorted(unused)}"


def test_every_decision_kind_has_a_prompt(lang: str) -> None:
    table = i18n.catalog(lang)["root"]["decision"]
    missing = sorted(decision_kinds() - set(table))
    assert not missing, f"{lang}.json lacks root.decision prompts for {missing}"


def test_no_decision_prompt_cites_its_rule_itself(lang: str) -> None:
    """A prompt is shown with its decision's rule after it (``i18n.decision_prompt``): a template ending in a rule
    number of its own would show it twice, "Set up a hireling (A.6) (A.6)"."""
    cited = sorted(k for k, v in i18n.catalog(lang)["root"]["decision"].items()
                   if isinstance(v, str) and re.search(r"\((?:[A-Z]\.)?[0-9][0-9A-Z.]*\)$", v))
    assert not cited, f"{lang}.json: root.decision prompts ending in a rule number: {cited}"


def test_every_card_of_the_deck_has_a_name(lang: str) -> None:
    data = json.loads((ROOT_SRC / "data" / "cards.json").read_text("utf-8"))
    names = {e["name"] for e in data["standard"]} | {"Loyal Vizier"}
    missing = sorted(names - set(i18n.catalog(lang)["root"]["terms"]["card"]))
    assert not missing, f"{lang}.json lacks card names {missing}"


def _keys(doc: dict, prefix: str = "") -> set[str]:
    out = set()
    for k, v in doc.items():
        if k.startswith("_"):
            continue
        out.add(prefix + k)
        if isinstance(v, dict) and not ({"nom"} & set(v)):
            out |= _keys(v, f"{prefix}{k}.")
    return out


def test_both_catalogs_have_the_same_entries() -> None:
    en, pl = _keys(i18n.catalog("en")), _keys(i18n.catalog("pl"))
    assert sorted(en - pl) == [] and sorted(pl - en) == []


_NAMES = re.compile(r"\{([a-z_]+)[@|^}]")


@pytest.mark.parametrize("part", ["event", "option", "decision"])
def test_both_languages_use_the_same_arguments(part: str) -> None:
    en, pl = i18n.catalog("en")["root"][part], i18n.catalog("pl")["root"][part]
    for key, text in en.items():
        assert set(_NAMES.findall(text)) == set(_NAMES.findall(pl[key])), f"{part}.{key}"
    ui_en, ui_pl = i18n.catalog("en")["ui"], i18n.catalog("pl")["ui"]
    for key, text in ui_en.items():
        assert set(_NAMES.findall(text)) == set(_NAMES.findall(ui_pl[key])), f"ui.{key}"


#: the content loaders' helpers that tell an error by a key they are given (module -> helper -> the key's position):
#: ``_need(cond, field, "error_...", **args)`` (The Great Wall), ``_fail(where, "error_...", **args)`` (Ironwood)
TELLERS = {"games/great_wall/content.py": {"_need": 2}, "games/great_wall/coop.py": {"_need": 2},
           "games/great_wall/solo.py": {"_need": 2}, "games/ironwood/content.py": {"_fail": 1}}


def _told() -> list[tuple[str, int, str, set[str]]]:
    """Every ``X.told("key", status?, name=...)`` of the package, and every call of a :data:`TELLERS` helper:
    (file, line, key, argument names). The key must be a literal, so the catalogs can be checked against the
    code."""
    found = []
    root = Path(planszowki.__file__).parent
    for path in sorted(root.rglob("*.py")):
        tree = ast.parse(path.read_text("utf-8"))
        tellers = TELLERS.get(path.relative_to(root).as_posix(), {})
        passing_on = {id(node) for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef) and fn.name in tellers
                      for node in ast.walk(fn) if isinstance(node, ast.Call) and node.args
                      and isinstance(node.args[0], ast.Name)}  # inside a helper: the told(key, **args) it is given
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or id(node) in passing_on:
                continue
            if isinstance(node.func, ast.Name) and node.func.id in tellers:
                at = tellers[node.func.id]
            elif isinstance(node.func, ast.Attribute) and node.func.attr == "told":
                if isinstance(node.func.value, ast.Call) and _call_name(node.func.value) == "super":
                    continue  # WebError.told passing its arguments on
                at = 0
            else:
                continue
            where = f"{path.name}:{node.lineno}"
            key = _str(node.args[at]) if len(node.args) > at else None
            assert key is not None, f"{where}: {_call_name(node)}() needs its catalog key as a literal"
            assert all(k.arg is not None for k in node.keywords), \
                f"{where}: {_call_name(node)}(**...) cannot be checked"
            found.append((where, node.lineno, key, {k.arg for k in node.keywords} - {"status"}))  # WebError's status
    return found


def test_every_error_the_code_tells_has_its_message_in_both_catalogs_with_the_arguments_it_is_given() -> None:
    """An error a person can meet (``PlanszowkiError.told``) names a ``ui`` message: it exists in English and Polish
    and uses exactly the arguments the code passes (none left as "?", none passed for nothing)."""
    told = _told()
    keys = {key for _, _, key, _ in told}
    assert {"error_seat_twice", "error_root_corners_need_advanced_setup", "error_root_corners_need_draft",
            "error_iw_factions", "error_gw_clans", "web_error_setup", "web_error_seat_taken"} <= keys  # the scan works
    for where, _, key, given in told:
        for lang in i18n.LANGS:
            text = i18n.catalog(lang)["ui"].get(key)
            assert text is not None, f"{where}: {lang}.json has no ui.{key}"
            names = {m.group("name") for m in i18n._PLACEHOLDER.finditer(text) if m.group("name")}
            assert names == given, f"{where}: ui.{key} in {lang} uses {sorted(names)}, the code gives {sorted(given)}"


def test_every_error_message_of_the_catalogs_is_told_by_the_code() -> None:
    told = {key for _, _, key, _ in _told()}
    unused = sorted(k for k in i18n.catalog("en")["ui"] if k.startswith(("error_", "web_error_")) and k not in told)
    assert not unused, f"error messages no code tells: {unused}"


#: the modules whose refusals a person meets when setting up or starting a game (the terminal and the web lobby)
SETUP_MODULES = ("cli/main.py", "cli/play.py", "games/root/game.py", "games/root/advanced_setup.py",
                 "games/root/setup_cards.py", "games/ironwood/game.py", "games/great_wall/game.py")


@pytest.mark.parametrize("module", SETUP_MODULES)
def test_setup_refusals_are_catalog_messages_not_english_sentences(module: str) -> None:
    """No UnsupportedSetup or SaveError there is written as an English sentence: each is ``told`` its catalog key
    (a text made elsewhere and passed through, e.g. a content file's problem, is that module's business)."""
    tree = ast.parse((Path(planszowki.__file__).parent / module).read_text("utf-8"))
    written = [node.lineno for node in ast.walk(tree)
               if isinstance(node, ast.Call) and _call_name(node) in ("UnsupportedSetup", "SaveError")
               and isinstance(node.func, ast.Name) and node.args
               and isinstance(node.args[0], ast.Constant | ast.JoinedStr | ast.BinOp)]
    assert not written, f"{module}: refusals written in English at lines {written}"



#: the modules whose refusals a person meets reading a file they named (a save, a content file) or a bot they asked
#: for, with the errors they raise (a content loader's position checks, InvalidPosition, are for programs)
FILE_MODULES = {"cli/saves.py": ("SaveError",), "cli/replay.py": ("SaveError", "RecordError"),
                "bots/__init__.py": ("UnknownBot", "BadBotParameter"), "engine/registry.py": ("UnknownGame",),
                "games/ironwood/content.py": ("ContentError",), "games/great_wall/content.py": ("ContentError",),
                "games/great_wall/coop.py": ("ContentError",), "games/great_wall/solo.py": ("ContentError",),
                "games/root/landmarks.py": ("UnsupportedSetup",), "games/root/variant_maps.py": ("UnsupportedSetup",),
                # the researcher's commands: lab run / lab report / soak (a results file, a bot spec, --seats) and bench
                "lab/cli.py": ("LabError",), "lab/runner.py": ("LabError",), "lab/report.py": ("LabError",),
                "lab/plots.py": ("LabError",), "lab/soak.py": ("LabError",), "cli/bench.py": ("UnsupportedSetup",)}


@pytest.mark.parametrize("module", sorted(FILE_MODULES))
def test_file_and_bot_refusals_are_catalog_messages_not_english_sentences(module: str) -> None:
    """A bad save, a bad content file (``--content FILE``), a bot spec, a landmark or suit list: none of their
    refusals is an English sentence — each is ``told`` its catalog key (a loader's ``_need``/``_fail`` too), so a
    Polish session is told why in Polish."""
    tree = ast.parse((Path(planszowki.__file__).parent / module).read_text("utf-8"))
    written = [node.lineno for node in ast.walk(tree)
               if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args
               and node.func.id in FILE_MODULES[module]
               and isinstance(node.args[0], ast.Constant | ast.JoinedStr | ast.BinOp)]
    assert not written, f"{module}: refusals written in English at lines {written}"
    said = [ret.lineno for fn in ast.walk(tree) if isinstance(fn, ast.FunctionDef)
            and fn.name in ("problem", "suits_problem", "check_content")  # what is wrong, returned to be raised
            for ret in ast.walk(fn) if isinstance(ret, ast.Return)
            and isinstance(ret.value, ast.Constant | ast.JoinedStr | ast.BinOp)
            and not (isinstance(ret.value, ast.Constant) and ret.value.value is None)]
    assert not said, f"{module}: a problem returned as an English sentence at lines {said}"


#: every playable faction, as they are added: four at most (5.1), so the second Vagabond (9.7) plays apart
PLAYOUT_SEATS = (("marquise", "eyrie", "alliance", "vagabond"), ("vagabond", "marquise", "vagabond2", "alliance"),
                 ("riverfolk", "eyrie", "vagabond", "marquise"), ("cult", "alliance", "eyrie", "vagabond"),
                 ("corvid", "alliance", "marquise", "vagabond"), ("duchy", "eyrie", "riverfolk", "vagabond"),
                 ("warlord", "alliance", "vagabond", "riverfolk"), ("keepers", "eyrie", "corvid", "vagabond"))


def _playout(seed: int, board: str = "autumn"):
    game = planszowki.load("root")
    players = PLAYOUT_SEATS[seed % len(PLAYOUT_SEATS)]
    assert set(game.factions) == {f for seats in PLAYOUT_SEATS for f in seats}
    st = game.new(seed=seed, players=list(players), options={"map": board})
    rng = random.Random(seed)
    while st.decision is not None:
        d = st.decision
        yield d
        st.apply(rng.choice(d.options).id)
    yield st


@pytest.mark.parametrize(("seed", "board"), [*((s, "autumn") for s in range(8)),
                                             *((s, m) for s in range(2) for m in ("winter", "lake", "mountain"))])
def test_random_games_render_strictly_in_both_languages(seed: int, board: str) -> None:
    """Every event, option and prompt of whole games renders with no missing entry or argument; on the
    variant maps too (Appendix C: the Ferry, closed paths, the Pass)."""
    st = None
    for item in _playout(seed, board):
        if isinstance(item, Decision):
            for lang in i18n.LANGS:
                assert "{" not in i18n.decision_prompt(item, lang, strict=True)
                for opt in item.options:
                    assert "{" not in i18n.option_label(opt, lang, item.kind, strict=True)
        else:
            st = item
    assert st is not None and st.terminal
    for ev in st.log:
        for lang in i18n.LANGS:
            assert "{" not in i18n.render_event(ev, lang, strict=True)


def test_official_polish_terms() -> None:
    """Księga Praw: faction, building, token, Decree, leader and phase names."""
    t = i18n.catalog("pl")["root"]["terms"]
    assert i18n.faction_name("marquise", "pl") == "Markiza de Kot"
    assert i18n.faction_name("eyrie", "pl") == "Dynastie Orlich Gniazd"
    assert [i18n.building_name(b, "pl") for b in ("sawmill", "workshop", "recruiter", "roost")] == [
        "Tartak", "Warsztat", "Koszary", "Gniazdo"]
    assert i18n.token_name("keep", "pl") == "Twierdza" and i18n.token_name("wood", "pl") == "drewno"
    assert [i18n.column_name(c, "pl") for c in ("recruit", "move", "battle", "build")] == [
        "Werbunek", "Ruch", "Walka", "Budowa"]
    assert [i18n.leader_name(x, "pl") for x in ("builder", "charismatic", "commander", "despot")] == [
        "Budowniczy", "Charyzmatyk", "Komandor", "Despota"]
    assert [i18n.phase_name(p, "pl") for p in ("birdsong", "daylight", "evening")] == ["Świt", "Dzień", "Wieczór"]
    assert [i18n.suit_name(s, "pl") for s in ("fox", "rabbit", "mouse", "bird")] == ["lis", "królik", "mysz", "ptak"]
    assert i18n.card_name("Ambush!", "pl") == "Zasadzka!" and i18n.card_name("Dominance", "pl") == "Dominacja"
    assert i18n.card_name("Loyal Vizier", "pl") == "Lojalny Wezyr" and "Loyal Vizier" in t["card"]
    assert "Zamieszki" in i18n.catalog("pl")["root"]["event"]["turmoil"]
    assert "Szpitale Polowe" in i18n.catalog("pl")["root"]["decision"]["marquise.field_hospitals"]
    assert "Przekuj" in i18n.catalog("pl")["root"]["option"]["craft"]


#: Polish card names must come from the Polish Law, never be invented: each one here with the words the
#: Law uses for it. A card whose Polish name is unknown keeps its English name.
CARD_EVIDENCE = {
    "Zasadzka!": "kart Zasadzek",  # 2.1.2
    "Dominacja": "karty Dominacji",  # 2.1.3
    "Brutalna Taktyka": "Brutalna Taktyka",  # 4.3.3
    "Mysia Przysługa": "Mysiej Przysługi",  # 9.2.2.I
    "Lojalny Wezyr": "Lojalnych Wezyrów",  # 7.3.4
    "Wierny Sługa": "karcie Wiernego Sługi",  # 15.3.4
    # the Exiles and Partisans deck (A.2), named in the Polish Law's examples
    "Emigrant Orlich Gniazd": "Emigrant Orlich Gniazd",  # 1.1.4, 4.1.3
    "Mistrz Dłuta": "Mistrz Dłuta",  # 7.2.3
    "Fałszywe Rozkazy": "Fałszywe Rozkazy",  # Hirelings
    "Szkutnicy": "Szkutników",  # Hirelings
}


def test_polish_card_names_have_evidence_in_the_law() -> None:
    en, pl = i18n.catalog("en")["root"]["terms"]["card"], i18n.catalog("pl")["root"]["terms"]["card"]
    translated = {i18n.card_name(k, "pl") for k in en if pl[k] != k}
    assert translated == set(CARD_EVIDENCE)
    law = SHARED / "reference" / "root" / "law" / "law_pl_marauders_era.yml"
    if not law.exists():
        pytest.skip("the Polish Law (../shared) is not available here")
    text = law.read_text("utf-8")
    for name, words in CARD_EVIDENCE.items():
        assert words in text, f"{name}: {words!r} not found in the Polish Law"
    for term in ("Markiza de Kot", "Dynastie Orlich Gniazd", "Tartak", "Warsztat", "Koszary", "Gniazd",
                 "Twierdz", "drewn", "Dekret", "Werbunek", "Zamieszki", "Budowniczy", "Charyzmatyk", "Komandor",
                 "Despota", "Lojalni Wezyrowie", "Świt", "Dzień", "Wieczór", "Szpitale Polowe", "Nadprodukcja",
                 "Upokorzenie", "Czystki", "Usunięcie z Urzędu", "Nowe Pokolenie", "Rozkazy Awaryjne"):
        assert term in text, term


@pytest.mark.parametrize(("n", "expected"), [(0, "kart"), (1, "kartę"), (2, "karty"), (4, "karty"), (5, "kart"),
                                             (12, "kart"), (14, "kart"), (22, "karty"), (25, "kart")])
def test_polish_plurals(n: int, expected: str) -> None:
    ev = {"kind": "draw", "args": {"faction": "marquise", "count": n}, "rule": "6.6"}
    assert i18n.render_event(ev, "pl") == f"Markiza de Kot dobiera {n} {expected}. (6.6)"


def test_verbs_agree_with_the_faction() -> None:
    ev = {"kind": "move", "args": {"faction": "eyrie", "src": 1, "dst": 5, "count": 2}, "rule": "7.5.2.II"}
    assert i18n.render_event(ev, "pl") == "Dynastie Orlich Gniazd przemieszczają 2 wojowników: 1 → 5. (7.5.2.II)"
    assert i18n.render_event(ev, "en", with_rule=False) == "Eyrie Dynasties move 2 warriors 1 → 5."
    ev = {"kind": "move", "args": {"faction": "marquise", "src": 1, "dst": 5, "count": 1}, "rule": "6.5.2"}
    assert i18n.render_event(ev, "pl") == "Markiza de Kot przemieszcza 1 wojownika: 1 → 5. (6.5.2)"


def test_option_labels_and_prompts() -> None:
    march = planszowki.engine.Option("march 1->5 x2", "march", {"from": 1, "to": 5, "count": 2}, "root:6.5.2")
    assert i18n.option_label(march, "en") == "March: move 2 warriors 1 → 5"
    assert i18n.option_label(march, "pl", with_rule=True) == "Marsz: 2 wojowników 1 → 5 (6.5.2)"
    decree = {"id": "move 4->8 x1 with bird", "action": "move", "args": {"from": 4, "to": 8, "count": 1,
                                                                         "suit": "bird"}}
    assert i18n.option_label(decree, "pl") == "Ruch: 1 wojownik 4 → 8 — karta: ptak"
    no = {"id": "no ambush", "action": "pass", "args": {}}
    assert i18n.option_label(no, "en", "battle.ambush") == "No ambush"
    assert i18n.option_label(no, "pl", "battle.ambush") == "Bez Zasadzki"
    d = {"kind": "marquise.daylight", "rule": "root:6.5", "args": {"stage": "actions", "actions": 1}}
    assert i18n.decision_prompt(d, "pl") == "Dzień: została 1 akcja (6.5)"
    assert i18n.decision_prompt(d, "en") == "Daylight: 1 action left (6.5)"
    d = {"kind": "eyrie.decree", "rule": "root:7.5.2", "args": {"column": "battle"}}
    assert i18n.decision_prompt(d, "pl") == "Rozpatrzenie Dekretu: kolumna Walka (7.5.2)"


def test_cards_and_citations() -> None:
    assert i18n.card_name("bird:Ambush!", "pl") == "Zasadzka! [ptak]"
    assert i18n.card_name("fox:Anvil", "en") == "Anvil [fox]"
    assert i18n.card_name("fox:Anvil", "pl", with_suit=False) == "Anvil"
    assert i18n.cite("root:6.5.4") == "(6.5.4)" and i18n.cite("4.3.1.II") == "(4.3.1.II)" and i18n.cite("") == ""


def test_score_loss_reads_as_a_loss() -> None:
    ev = {"kind": "score", "args": {"faction": "eyrie", "delta": -2, "total": 3, "why": "humiliate"}, "rule": "7.7.1"}
    assert i18n.render_event(ev, "pl") == "Dynastie Orlich Gniazd tracą 2 PZ (Upokorzenie) (razem 3). (7.7.1)"
    assert i18n.render_event(ev, "en") == "Eyrie Dynasties lose 2 VP (Humiliate) (total 3). (7.7.1)"


def test_unknown_language_and_missing_entries() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        i18n.render_event({"kind": "move", "args": {}}, "de")
    odd = {"kind": "no_such_event", "args": {"x": 1}}
    assert i18n.render_event(odd, "en").startswith("no_such_event")  # people still see something
    with pytest.raises(i18n.MissingTranslation):
        i18n.render_event(odd, "en", strict=True)
    with pytest.raises(i18n.MissingTranslation):
        i18n.render_event({"kind": "move", "args": {"faction": "eyrie"}}, "en", strict=True)


def test_official_polish_vagabond_terms() -> None:
    """Chapter 9 and Appendix D of the Polish Law: the Vagabond, his items, relationships and characters."""
    assert i18n.faction_name("vagabond", "pl") == "Włóczęga"
    assert i18n.faction_name("vagabond", "pl", "gen") == "Włóczęgi"
    kinds = ("boot", "bag", "crossbow", "hammer", "sword", "tea", "coin", "torch")
    assert [i18n.item_name(x, "pl") for x in kinds] == [
        "buty", "worek", "kusza", "młotek", "miecz", "herbata", "monety", "pochodnia"]
    chars = ("thief", "tinker", "ranger", "vagrant", "arbiter", "scoundrel", "adventurer", "ronin", "harrier")
    names = [i18n.term("character", c, "pl") for c in chars]
    assert names == ["Złodziej", "Majsterkowicz", "Strażnik", "Przybłęda", "Rozjemca", "Łotr", "Poszukiwacz Przygód",
                     "Ronin", "Lotnik"]
    assert [i18n.term("relationship", r, "pl") for r in ("indifferent", "allied", "hostile")] == [
        "Neutralny", "Sojusznik", "Wróg"]
    labels = i18n.catalog("pl")["root"]["option"]
    for action, word in (("explore", "Eksploracja"), ("aid", "Pomoc"), ("quest", "Misja"), ("strike", "Cios"),
                         ("repair", "Naprawa"), ("slip", "Zakradanie się"), ("steal", "Kradzież"),
                         ("day_labor", "Dniówka"), ("hideout", "Kryjówka"), ("instigate", "Namowa"),
                         ("scorched_earth", "Spalona Ziemia"), ("quest@improvise", "Improwizacja"),
                         ("swift_strike", "Szybki Atak"), ("glide", "Szybowanie"), ("coalition", "Koalicja")):
        assert word in labels[action], action
    assert i18n.term("why", "infamy", "pl") == "(Niesława)" and "Ochrona" in i18n.term("why", "protector", "pl")
    law = SHARED / "reference" / "root" / "law" / "law_pl_marauders_era.yml"
    seed = SHARED / "seeds" / "root_law_ksiega_praw.txt"
    if not law.exists() or not seed.exists():
        pytest.skip("the Polish Law (../shared) is not available here")
    text = law.read_text("utf-8")
    for term in ("Włóczęg", "Plecak", "Neutralny", "Sojusznik", "Wrog", "Misj", "Pomoc", "Eksploracj", "Cios",
                 "Naprawa", "Zakradanie się", "Niesław", "koalicj", "Uszkodzonych Przedmiotów", "Wieczorny Odpoczynek",
                 *(n for n in names if n != "Strażnik"), "Kradzież", "Dniówka", "Kryjówka", "Namowa", "Ochrona",
                 "Spalona Ziemia", "Improwizacja", "Szybki Atak", "Szybowanie"):
        assert term in text, term
    assert "D.3 STRAZNIK" in seed.read_text("utf-8")  # the yml leaves the Ranger untranslated; the seed names him
