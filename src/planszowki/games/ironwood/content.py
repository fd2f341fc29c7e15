"""Ironwood's content: the board and the cards, as data under a validated schema (docs/ironwood_content.md).

``public.json`` holds the public facts (combat values, solo icons, vision mountains) and is shipped exactly;
``demo.json`` holds the board and the cards' names and effects of our own design — demonstration content, not the
printed cards. ``load_content(path)`` reads an owner's transcription with the shape of ``demo.json``; what it
leaves out comes from the demonstration set. A malformed file raises :class:`ContentError` naming the field.
Content never changes during a game: states share one :class:`Content` object.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from ...engine import PlanszowkiError
from ...engine.reading import json_problem, os_problem

FACTIONS = ("woodwalkers", "ironclad")
#: the effect keywords and the fields each allows (docs/ironwood_content.md, "Cards")
EFFECT_FIELDS: dict[str, set[str]] = {
    "gain": {"n"},
    "take": {"n"},
    "draw": {"n", "deck"},
    "spend": {"n", "then"},
    "burn": {"n", "cards", "then"},
    "move": {"n", "units", "again", "times", "enemy"},
    "attack": {"fight", "win", "ferrum"},
    "recruit": {"n", "unit", "where"},
    "remove": {"n", "where"},
    "discover": set(),
    "found": set(),
    "build": set(),
    "mark": {"n", "where", "meaning"},
    "resolve": {"n", "choices"},
    "extra": {"base_only", "again"},
    "fight": {"damage", "defense", "dominance", "scope"},
}
NEEDS_N = {"gain", "take", "draw", "spend", "burn", "recruit", "remove", "mark", "resolve"}
WORDS: dict[tuple[str, str], tuple[str, ...]] = {
    ("draw", "deck"): ("special", "vision"),
    ("burn", "cards"): ("special", "vision", "any"),
    ("move", "units"): ("warriors", "warbands", "drill"),
    ("recruit", "unit"): ("warrior", "golem"),
    ("recruit", "where"): ("forge", "ferrum", "controlled", "outer_forest", "inner_forest", "drill"),
    ("remove", "where"): ("adjacent",),
    ("mark", "where"): ("forest", "mountain"),
    ("mark", "meaning"): ("blockade", "shelter"),
    ("fight", "scope"): ("round", "every"),
}
#: where each faction's units may be recruited (Woodwalkers in forests, the Ironclad on mountains)
RECRUIT_WHERE = {"woodwalkers": ("outer_forest", "inner_forest", "controlled"),
                 "ironclad": ("forge", "ferrum", "controlled", "drill")}
COMPONENT_KEYS = ("woodwalkers_warriors", "ironclad_warriors", "golems", "forges", "totems", "markers", "crystals")
ICONS = {
    "ironclad": {"compass", "shield", "hit", "crystals", "drill", "card", "warband", "forge", "golem", "battle"},
    "woodwalkers": {"search", "battle", "card", "arrows", "crystals", "warband", "cubes", "eye", "alert", "shield"},
}


class ContentError(PlanszowkiError, ValueError):
    """A content file that does not follow the schema; the message names the field (said in a person's language:
    ``--content FILE`` is the owner's own transcription)."""


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    faction: str
    base: bool
    damage: int
    defense: int
    dominance: int
    icons: tuple[str, ...]
    name: dict[str, str]
    effects: tuple[dict[str, Any], ...]
    temporary: int = 0
    on_expire: tuple[dict[str, Any], ...] = ()
    on_burn: tuple[dict[str, Any], ...] = ()


@dataclass(frozen=True, slots=True)
class Board:
    """Locations by index; ``adj[i]`` the same-type neighbours (ridges, paths); ``borders[i]`` the locations of
    the other type that share a border with i."""

    ids: tuple[str, ...]
    types: tuple[str, ...]
    rings: tuple[str, ...]
    names: tuple[dict[str, str], ...]
    xy: tuple[tuple[float, float], ...]
    adj: tuple[tuple[int, ...], ...]
    borders: tuple[tuple[int, ...], ...]
    ferrum: int
    index: dict[str, int]

    def mountains(self) -> list[int]:
        return [i for i, t in enumerate(self.types) if t == "mountain"]

    def forests(self) -> list[int]:
        return [i for i, t in enumerate(self.types) if t == "forest"]

    def is_outer(self, i: int) -> bool:
        return self.rings[i] == "outer"


@dataclass(frozen=True, slots=True)
class Content:
    name: str
    label: dict[str, str]
    demo: bool
    board: Board
    components: dict[str, int]
    cards: dict[str, Card]
    vision_inner: tuple[str, ...]
    vision_outer: tuple[str, ...]
    solo_removed: dict[str, tuple[str, ...]]
    source: dict[str, Any]

    def deck(self, faction: str, base: bool) -> list[str]:
        return [c.id for c in self.cards.values() if c.faction == faction and c.base == base]


def _data(name: str) -> dict[str, Any]:
    text = resources.files("planszowki.games.ironwood").joinpath("data").joinpath(name).read_text("utf-8")
    return json.loads(text)


def _fail(where: str, key: str, /, **args: Any) -> ContentError:
    """The content refused: "content field '<where>': <the catalog message ``key`` with ``args``>"
    (``error_content_*`` shared with The Great Wall's loader, ``error_iwc_*`` this game's own)."""
    return ContentError.told("error_content_field", field=where, problem=PlanszowkiError.told(key, **args))


def _int(doc: Any, where: str, low: int, high: int) -> int:
    if isinstance(doc, bool) or not isinstance(doc, int) or not low <= doc <= high:
        raise _fail(where, "error_content_whole_number", low=low, high=high, value=repr(doc))
    return doc


def _names(doc: Any, where: str) -> dict[str, str]:
    if not isinstance(doc, dict) or not all(isinstance(doc.get(k), str) and doc[k] for k in ("en", "pl")):
        raise _fail(where, "error_content_names", shape='{"en": "...", "pl": "..."}')
    return {"en": doc["en"], "pl": doc["pl"]}


def check_effects(doc: Any, where: str, faction: str) -> tuple[dict[str, Any], ...]:
    """Validate a list of effects; returns it as a tuple (the dicts are kept as loaded, never mutated)."""
    if not isinstance(doc, list):
        raise _fail(where, "error_iwc_effects")
    for i, eff in enumerate(doc):
        w = f"{where}[{i}]"
        if not isinstance(eff, dict) or "do" not in eff:
            raise _fail(w, "error_iwc_effect_do")
        kw = eff["do"]
        if kw not in EFFECT_FIELDS:
            raise _fail(f"{w}.do", "error_iwc_unknown_keyword", word=repr(kw), allowed=sorted(EFFECT_FIELDS))
        extra = set(eff) - EFFECT_FIELDS[kw] - {"do"}
        if extra:
            raise _fail(w, "error_iwc_fields_not_allowed", fields=sorted(extra), word=kw,
                        allowed=sorted(EFFECT_FIELDS[kw]))
        if kw in NEEDS_N or (kw == "move" and eff.get("units") != "drill"):
            _int(eff.get("n"), f"{w}.n", 1, 9)
        for (k2, field), allowed in WORDS.items():
            if k2 == kw and field in eff and eff[field] not in allowed:
                raise _fail(f"{w}.{field}", "error_content_must_be_one_of", allowed=list(allowed),
                            value=repr(eff[field]))
        if kw == "move":
            if "units" not in eff:
                raise _fail(f"{w}.units", "error_iwc_units_required")
            if "times" in eff:
                _int(eff["times"], f"{w}.times", 1, 3)
            want = "warriors" if faction == "woodwalkers" else "warbands"
            if eff["units"] == "drill" and faction != "ironclad":
                raise _fail(f"{w}.units", "error_iwc_drill")
            if eff["units"] != "drill" and eff["units"] != want and not eff.get("enemy"):
                raise _fail(f"{w}.units", "error_iwc_units_of_faction", faction=faction, units=want)
        if kw == "recruit" and eff.get("unit") == "golem" and faction != "ironclad":
            raise _fail(f"{w}.unit", "error_iwc_golems")
        if kw == "recruit" and "where" in eff and eff["where"] not in RECRUIT_WHERE[faction]:
            raise _fail(f"{w}.where", "error_iwc_recruit_where", faction=faction, allowed=list(RECRUIT_WHERE[faction]))
        if faction != "woodwalkers" and (
                (kw == "draw" and eff.get("deck") == "vision") or (kw == "burn" and eff.get("cards", "special")
                                                                    != "special")
                or kw == "discover" or (kw == "attack" and eff.get("ferrum"))):
            raise _fail(w, "error_iwc_woodwalkers_only", word=repr(kw))
        for flag in ("again", "enemy", "ferrum", "base_only"):
            if flag in eff and not isinstance(eff[flag], bool):
                raise _fail(f"{w}.{flag}", "error_content_true_false")
        if kw in ("spend", "burn"):
            check_effects(eff.get("then", []), f"{w}.then", faction)
        if kw == "attack":
            if "fight" in eff:
                _bonus(eff["fight"], f"{w}.fight")
            check_effects(eff.get("win", []), f"{w}.win", faction)
        if kw == "fight":
            _bonus({k: v for k, v in eff.items() if k in ("damage", "defense", "dominance")}, w)
            if eff.get("scope") not in ("round", "every"):
                raise _fail(f"{w}.scope", "error_iwc_scope")
        if kw == "resolve":
            ch = eff.get("choices")
            if not isinstance(ch, list) or len(ch) < 2:
                raise _fail(f"{w}.choices", "error_iwc_choices")
            if eff["n"] > len(ch):
                raise _fail(f"{w}.n", "error_iwc_choices_n")
            for j, c in enumerate(ch):
                check_effects(c, f"{w}.choices[{j}]", faction)
    return tuple(doc)


def _bonus(doc: Any, where: str) -> None:
    if not isinstance(doc, dict) or set(doc) - {"damage", "defense", "dominance"}:
        raise _fail(where, "error_iwc_bonus")
    for k, v in doc.items():
        _int(v, f"{where}.{k}", 0, 5)


def _board(doc: Any) -> Board:
    if not isinstance(doc, dict):
        raise _fail("board", "error_content_object")
    locs = doc.get("locations")
    if not isinstance(locs, list) or not locs:
        raise _fail("board.locations", "error_content_non_empty_list")
    ids: list[str] = []
    types: list[str] = []
    rings: list[str] = []
    names: list[dict[str, str]] = []
    xy: list[tuple[float, float]] = []
    for i, loc in enumerate(locs):
        w = f"board.locations[{i}]"
        if not isinstance(loc, dict):
            raise _fail(w, "error_content_object")
        lid = loc.get("id")
        if not isinstance(lid, str) or not lid:
            raise _fail(f"{w}.id", "error_iwc_id")
        if lid in ids:
            raise _fail(f"{w}.id", "error_iwc_id_twice", id=repr(lid))
        if loc.get("type") not in ("mountain", "forest"):
            raise _fail(f"{w}.type", "error_iwc_location_type")
        ring = loc.get("ring")
        if ring not in ("center", "inner", "outer") or (ring == "center" and loc["type"] != "mountain"):
            raise _fail(f"{w}.ring", "error_iwc_ring")
        pos = loc.get("xy", [0, 0])
        if not (isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, int | float) for v in pos)):
            raise _fail(f"{w}.xy", "error_iwc_xy")
        ids.append(lid)
        types.append(loc["type"])
        rings.append(ring)
        names.append(_names(loc.get("name"), f"{w}.name"))
        xy.append((float(pos[0]), float(pos[1])))
    index = {lid: i for i, lid in enumerate(ids)}
    centers = [i for i, r in enumerate(rings) if r == "center"]
    if len(centers) != 1 or ids[centers[0]] != "ferrum":
        raise _fail("board.locations", "error_iwc_ferrum")
    adj: list[set[int]] = [set() for _ in ids]
    bord: list[set[int]] = [set() for _ in ids]
    for key, same in (("ridges", "mountain"), ("paths", "forest")):
        pairs = doc.get(key)
        if not isinstance(pairs, list):
            raise _fail(f"board.{key}", "error_iwc_pairs")
        for j, pair in enumerate(pairs):
            w = f"board.{key}[{j}]"
            if not (isinstance(pair, list) and len(pair) == 2 and all(p in index for p in pair)):
                raise _fail(w, "error_iwc_pair_ids")
            a, b = index[pair[0]], index[pair[1]]
            if (a == b or types[a] != same or types[b] != same) and same == "mountain":
                raise _fail(w, "error_iwc_ridge")
            if a == b or types[a] != same or types[b] != same:
                raise _fail(w, "error_iwc_path")
            adj[a].add(b)
            adj[b].add(a)
    pairs = doc.get("borders")
    if not isinstance(pairs, list):
        raise _fail("board.borders", "error_iwc_borders")
    for j, pair in enumerate(pairs):
        w = f"board.borders[{j}]"
        if not (isinstance(pair, list) and len(pair) == 2 and all(p in index for p in pair)):
            raise _fail(w, "error_iwc_pair_ids")
        f, m = index[pair[0]], index[pair[1]]
        if types[f] != "forest" or types[m] != "mountain":
            raise _fail(w, "error_iwc_border")
        bord[f].add(m)
        bord[m].add(f)
    ferrum = centers[0]
    for i, lid in enumerate(ids):
        if types[i] == "mountain" and rings[i] == "inner" and ferrum not in adj[i]:
            raise _fail(f"board.ridges ({lid})", "error_iwc_inner_ridge")
        if types[i] == "mountain" and not any(rings[f] == "inner" for f in bord[i]):
            raise _fail(f"board.borders ({lid})", "error_iwc_mountain_border")
        if types[i] == "forest" and rings[i] == "outer" and not any(rings[f] == "inner" for f in adj[i]):
            raise _fail(f"board.paths ({lid})", "error_iwc_outer_path")
    return Board(tuple(ids), tuple(types), tuple(rings), tuple(names), tuple(xy),
                 tuple(tuple(sorted(s)) for s in adj), tuple(tuple(sorted(s)) for s in bord), ferrum, index)


def _build(doc: dict[str, Any], public: dict[str, Any], demo: bool, source: dict[str, Any]) -> Content:
    board = _board(doc.get("board"))
    comps = doc.get("components")
    if not isinstance(comps, dict):
        raise _fail("components", "error_content_object")
    components: dict[str, int] = {}
    for key in COMPONENT_KEYS:
        components[key] = _int(comps.get(key), f"components.{key}", 1, 200)
    cards_doc = doc.get("cards")
    if not isinstance(cards_doc, dict):
        raise _fail("cards", "error_iwc_cards")
    cards: dict[str, Card] = {}
    for faction in FACTIONS:
        for pub in public[faction]:
            cid = pub["id"]
            entry = cards_doc.get(cid)
            w = f"cards.{cid}"
            if not isinstance(entry, dict):
                raise _fail(w, "error_iwc_card_missing")
            vals = {k: _int(entry.get(k, pub[k]), f"{w}.{k}", 0, 9) for k in ("damage", "defense", "dominance")}
            icons = entry.get("icons", pub["icons"])
            # two icons on every card but IC38, which prints one (public.json)
            if not (isinstance(icons, list) and 1 <= len(icons) <= 2
                    and all(isinstance(x, str) and x.removesuffix("_red") in ICONS[faction] for x in icons)):
                raise _fail(f"{w}.icons", "error_iwc_icons", allowed=sorted(ICONS[faction]))
            cards[cid] = Card(
                cid, faction, bool(pub["base"]), vals["damage"], vals["defense"], vals["dominance"], tuple(icons),
                _names(entry.get("name"), f"{w}.name"), check_effects(entry.get("effects"), f"{w}.effects", faction),
                _int(entry.get("temporary", 0), f"{w}.temporary", 0, 9),
                check_effects(entry.get("on_expire", []), f"{w}.on_expire", faction),
                check_effects(entry.get("on_burn", []), f"{w}.on_burn", faction))
            if cards[cid].on_expire and not cards[cid].temporary:
                raise _fail(f"{w}.on_expire", "error_iwc_on_expire")
            if cards[cid].on_burn and faction != "woodwalkers":
                raise _fail(f"{w}.on_burn", "error_iwc_on_burn")
    unknown = set(cards_doc) - set(cards)
    if unknown:
        raise _fail("cards", "error_iwc_unknown_cards", ids=sorted(unknown))
    vision = public["vision"]
    for m in (*vision["inner"], *vision["outer"]):
        if m not in board.index or board.types[board.index[m]] != "mountain":
            raise _fail("board.locations", "error_iwc_vision_mountain", id=repr(m))
    for m in vision["inner"]:
        if board.rings[board.index[m]] != "inner":
            raise _fail("board.locations", "error_iwc_vision_inner", id=repr(m))
    label = doc.get("label", {})
    return Content(str(doc.get("name", "custom")), _names(label, "label") if label else {"en": "", "pl": ""}, demo,
                   board, components, cards, tuple(vision["inner"]), tuple(vision["outer"]),
                   {k: tuple(v) for k, v in public["solo_removed"].items()}, source)


@cache
def demo_content() -> Content:
    """The demonstration set shipped with planszowki (labelled so wherever a person meets it)."""
    return _build(_data("demo.json"), _data("public.json"), True, {"name": "demo"})


_LOADED: dict[str, Content] = {}


def _merged(doc: dict[str, Any], name: str, label: dict[str, str]) -> dict[str, Any]:
    base = _data("demo.json")
    return {"name": doc.get("name", name), "label": doc.get("label", label),
            "board": doc.get("board", base["board"]), "components": doc.get("components", base["components"]),
            "cards": {**base["cards"], **doc.get("cards", {})}}


def content_from_doc(doc: dict[str, Any]) -> Content:
    """Content given inline (a position's own cards or board), merged over the demonstration set like a file."""
    if not isinstance(doc, dict):
        raise ContentError.told("error_iwc_inline_object")
    merged = _merged(doc, "inline", {"en": "content given in the position", "pl": "zawartość podana w pozycji"})
    return _build(merged, _data("public.json"), False, {"inline": True})


def load_content(spec: str | None) -> Content:
    """``None``/``"demo"``: the demonstration set; otherwise a path to a transcription in the shape of demo.json,
    merged over the demonstration set (board, components and each card entry replaced as a whole)."""
    if spec in (None, "", "demo"):
        return demo_content()
    assert spec is not None
    if spec in _LOADED:
        return _LOADED[spec]
    path = Path(spec)
    try:
        doc = json.loads(path.read_text("utf-8"))
    except OSError as exc:
        raise ContentError.told("error_content_unreadable", path=spec, problem=os_problem(exc)) from None
    except UnicodeDecodeError:
        raise ContentError.told("error_content_not_utf8", path=spec) from None
    except json.JSONDecodeError as exc:
        raise ContentError.told("error_content_not_json", path=spec, line=exc.lineno, column=exc.colno,
                                problem=json_problem(exc)) from None
    if not isinstance(doc, dict):
        raise ContentError.told("error_iwc_file_object", path=spec)
    merged = _merged(doc, path.stem, {"en": "transcription: " + path.name, "pl": "transkrypcja: " + path.name})
    try:
        content = _build(merged, _data("public.json"), False, {"file": str(path)})
    except ContentError as exc:
        raise ContentError.told("error_in_file", path=spec, problem=exc) from None
    _LOADED[spec] = content
    return content


def content_for(spec: Any) -> Content:
    """The content a game or a position names: inline (a dict: :func:`content_from_doc`), or the demonstration set
    or a transcription file (:func:`load_content`)."""
    if isinstance(spec, dict):
        return content_from_doc(spec)
    return load_content(spec)
