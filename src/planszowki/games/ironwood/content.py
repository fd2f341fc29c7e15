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
    """A content file that does not follow the schema; the message names the field."""


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


def _fail(where: str, what: str) -> ContentError:
    return ContentError(f"{where}: {what}")


def _int(doc: Any, where: str, low: int, high: int) -> int:
    if isinstance(doc, bool) or not isinstance(doc, int) or not low <= doc <= high:
        raise _fail(where, f"must be a whole number from {low} to {high}, not {doc!r}")
    return doc


def _names(doc: Any, where: str) -> dict[str, str]:
    if not isinstance(doc, dict) or not all(isinstance(doc.get(k), str) and doc[k] for k in ("en", "pl")):
        raise _fail(where, 'must be {"en": "...", "pl": "..."}')
    return {"en": doc["en"], "pl": doc["pl"]}


def check_effects(doc: Any, where: str, faction: str) -> tuple[dict[str, Any], ...]:
    """Validate a list of effects; returns it as a tuple (the dicts are kept as loaded, never mutated)."""
    if not isinstance(doc, list):
        raise _fail(where, "must be a list of effects")
    for i, eff in enumerate(doc):
        w = f"{where}[{i}]"
        if not isinstance(eff, dict) or "do" not in eff:
            raise _fail(w, 'must be an object with "do"')
        kw = eff["do"]
        if kw not in EFFECT_FIELDS:
            raise _fail(f"{w}.do", f"unknown keyword {kw!r}; known: {', '.join(sorted(EFFECT_FIELDS))}")
        extra = set(eff) - EFFECT_FIELDS[kw] - {"do"}
        if extra:
            raise _fail(w, f"field(s) {sorted(extra)} not allowed with {kw!r}; allowed: {sorted(EFFECT_FIELDS[kw])}")
        if kw in NEEDS_N or (kw == "move" and eff.get("units") != "drill"):
            _int(eff.get("n"), f"{w}.n", 1, 9)
        for (k2, field), allowed in WORDS.items():
            if k2 == kw and field in eff and eff[field] not in allowed:
                raise _fail(f"{w}.{field}", f"must be one of {', '.join(allowed)}, not {eff[field]!r}")
        if kw == "move":
            if "units" not in eff:
                raise _fail(f"{w}.units", "is required: warriors, warbands or drill")
            if "times" in eff:
                _int(eff["times"], f"{w}.times", 1, 3)
            want = "warriors" if faction == "woodwalkers" else "warbands"
            if eff["units"] == "drill" and faction != "ironclad":
                raise _fail(f"{w}.units", "only the Ironclad has a drill")
            if eff["units"] != "drill" and eff["units"] != want and not eff.get("enemy"):
                raise _fail(f"{w}.units", f"the {faction} move {want}")
        if kw == "recruit" and eff.get("unit") == "golem" and faction != "ironclad":
            raise _fail(f"{w}.unit", "only the Ironclad has golems")
        if kw == "recruit" and "where" in eff and eff["where"] not in RECRUIT_WHERE[faction]:
            raise _fail(f"{w}.where", f"the {faction} recruit in {', '.join(RECRUIT_WHERE[faction])}")
        if faction != "woodwalkers" and (
                (kw == "draw" and eff.get("deck") == "vision") or (kw == "burn" and eff.get("cards", "special")
                                                                    != "special")
                or kw == "discover" or (kw == "attack" and eff.get("ferrum"))):
            raise _fail(w, f"{kw!r} with vision cards, a discovery or an attack on Ferrum is the Woodwalkers'")
        for flag in ("again", "enemy", "ferrum", "base_only"):
            if flag in eff and not isinstance(eff[flag], bool):
                raise _fail(f"{w}.{flag}", "must be true or false")
        if kw in ("spend", "burn"):
            check_effects(eff.get("then", []), f"{w}.then", faction)
        if kw == "attack":
            if "fight" in eff:
                _bonus(eff["fight"], f"{w}.fight")
            check_effects(eff.get("win", []), f"{w}.win", faction)
        if kw == "fight":
            _bonus({k: v for k, v in eff.items() if k in ("damage", "defense", "dominance")}, w)
            if eff.get("scope") not in ("round", "every"):
                raise _fail(f"{w}.scope", "must be round or every")
        if kw == "resolve":
            ch = eff.get("choices")
            if not isinstance(ch, list) or len(ch) < 2:
                raise _fail(f"{w}.choices", "must be a list of at least two effect lists")
            if eff["n"] > len(ch):
                raise _fail(f"{w}.n", "cannot be more than the number of choices")
            for j, c in enumerate(ch):
                check_effects(c, f"{w}.choices[{j}]", faction)
    return tuple(doc)


def _bonus(doc: Any, where: str) -> None:
    if not isinstance(doc, dict) or set(doc) - {"damage", "defense", "dominance"}:
        raise _fail(where, "must be an object with damage, defense and/or dominance")
    for k, v in doc.items():
        _int(v, f"{where}.{k}", 0, 5)


def _board(doc: Any) -> Board:
    if not isinstance(doc, dict):
        raise _fail("board", "must be an object")
    locs = doc.get("locations")
    if not isinstance(locs, list) or not locs:
        raise _fail("board.locations", "must be a non-empty list")
    ids: list[str] = []
    types: list[str] = []
    rings: list[str] = []
    names: list[dict[str, str]] = []
    xy: list[tuple[float, float]] = []
    for i, loc in enumerate(locs):
        w = f"board.locations[{i}]"
        if not isinstance(loc, dict):
            raise _fail(w, "must be an object")
        lid = loc.get("id")
        if not isinstance(lid, str) or not lid:
            raise _fail(f"{w}.id", "must be a non-empty string")
        if lid in ids:
            raise _fail(f"{w}.id", f"{lid!r} appears twice")
        if loc.get("type") not in ("mountain", "forest"):
            raise _fail(f"{w}.type", "must be mountain or forest")
        ring = loc.get("ring")
        if ring not in ("center", "inner", "outer") or (ring == "center" and loc["type"] != "mountain"):
            raise _fail(f"{w}.ring", "must be inner or outer (center: Ferrum, a mountain)")
        pos = loc.get("xy", [0, 0])
        if not (isinstance(pos, list) and len(pos) == 2 and all(isinstance(v, int | float) for v in pos)):
            raise _fail(f"{w}.xy", "must be [x, y]")
        ids.append(lid)
        types.append(loc["type"])
        rings.append(ring)
        names.append(_names(loc.get("name"), f"{w}.name"))
        xy.append((float(pos[0]), float(pos[1])))
    index = {lid: i for i, lid in enumerate(ids)}
    centers = [i for i, r in enumerate(rings) if r == "center"]
    if len(centers) != 1 or ids[centers[0]] != "ferrum":
        raise _fail("board.locations", "must have exactly one center mountain, 'ferrum'")
    adj: list[set[int]] = [set() for _ in ids]
    bord: list[set[int]] = [set() for _ in ids]
    for key, same in (("ridges", "mountain"), ("paths", "forest")):
        pairs = doc.get(key)
        if not isinstance(pairs, list):
            raise _fail(f"board.{key}", "must be a list of [id, id] pairs")
        for j, pair in enumerate(pairs):
            w = f"board.{key}[{j}]"
            if not (isinstance(pair, list) and len(pair) == 2 and all(p in index for p in pair)):
                raise _fail(w, "must be two location ids of the board")
            a, b = index[pair[0]], index[pair[1]]
            if a == b or types[a] != same or types[b] != same:
                raise _fail(w, f"must join two different {same}s")
            adj[a].add(b)
            adj[b].add(a)
    pairs = doc.get("borders")
    if not isinstance(pairs, list):
        raise _fail("board.borders", "must be a list of [forest, mountain] pairs")
    for j, pair in enumerate(pairs):
        w = f"board.borders[{j}]"
        if not (isinstance(pair, list) and len(pair) == 2 and all(p in index for p in pair)):
            raise _fail(w, "must be two location ids of the board")
        f, m = index[pair[0]], index[pair[1]]
        if types[f] != "forest" or types[m] != "mountain":
            raise _fail(w, "must be [forest, mountain]")
        bord[f].add(m)
        bord[m].add(f)
    ferrum = centers[0]
    for i, lid in enumerate(ids):
        if types[i] == "mountain" and rings[i] == "inner" and ferrum not in adj[i]:
            raise _fail(f"board.ridges ({lid})", "an inner mountain must be joined to Ferrum by a ridge")
        if types[i] == "mountain" and not any(rings[f] == "inner" for f in bord[i]):
            raise _fail(f"board.borders ({lid})", "every mountain must border an inner forest")
        if types[i] == "forest" and rings[i] == "outer" and not any(rings[f] == "inner" for f in adj[i]):
            raise _fail(f"board.paths ({lid})", "every outer forest needs a path to an inner forest")
    return Board(tuple(ids), tuple(types), tuple(rings), tuple(names), tuple(xy),
                 tuple(tuple(sorted(s)) for s in adj), tuple(tuple(sorted(s)) for s in bord), ferrum, index)


def _build(doc: dict[str, Any], public: dict[str, Any], demo: bool, source: dict[str, Any]) -> Content:
    board = _board(doc.get("board"))
    comps = doc.get("components")
    if not isinstance(comps, dict):
        raise _fail("components", "must be an object")
    components: dict[str, int] = {}
    for key in COMPONENT_KEYS:
        components[key] = _int(comps.get(key), f"components.{key}", 1, 200)
    cards_doc = doc.get("cards")
    if not isinstance(cards_doc, dict):
        raise _fail("cards", "must be an object keyed by card id")
    cards: dict[str, Card] = {}
    for faction in FACTIONS:
        for pub in public[faction]:
            cid = pub["id"]
            entry = cards_doc.get(cid)
            w = f"cards.{cid}"
            if not isinstance(entry, dict):
                raise _fail(w, "is missing (every card of public.json needs a name and effects)")
            vals = {k: _int(entry.get(k, pub[k]), f"{w}.{k}", 0, 9) for k in ("damage", "defense", "dominance")}
            icons = entry.get("icons", pub["icons"])
            # two icons on every card but IC38, which prints one (public.json)
            if not (isinstance(icons, list) and 1 <= len(icons) <= 2
                    and all(isinstance(x, str) and x.removesuffix("_red") in ICONS[faction] for x in icons)):
                raise _fail(f"{w}.icons", f"must be one or two of {sorted(ICONS[faction])} (optionally with _red)")
            cards[cid] = Card(
                cid, faction, bool(pub["base"]), vals["damage"], vals["defense"], vals["dominance"], tuple(icons),
                _names(entry.get("name"), f"{w}.name"), check_effects(entry.get("effects"), f"{w}.effects", faction),
                _int(entry.get("temporary", 0), f"{w}.temporary", 0, 9),
                check_effects(entry.get("on_expire", []), f"{w}.on_expire", faction),
                check_effects(entry.get("on_burn", []), f"{w}.on_burn", faction))
            if cards[cid].on_expire and not cards[cid].temporary:
                raise _fail(f"{w}.on_expire", "only a Temporary card (temporary > 0) has effects when it expires")
            if cards[cid].on_burn and faction != "woodwalkers":
                raise _fail(f"{w}.on_burn", "only Woodwalker cards have effects when burned")
    unknown = set(cards_doc) - set(cards)
    if unknown:
        raise _fail("cards", f"unknown card id(s) {sorted(unknown)}; ids are those of public.json")
    vision = public["vision"]
    for m in (*vision["inner"], *vision["outer"]):
        if m not in board.index or board.types[board.index[m]] != "mountain":
            raise _fail("board.locations", f"the vision card mountain {m!r} is not a mountain of the board")
    for m in vision["inner"]:
        if board.rings[board.index[m]] != "inner":
            raise _fail("board.locations", f"{m!r} has an inner-mountain vision card but is not an inner mountain")
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
        raise ContentError("content: must be an object like data/demo.json")
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
        raise ContentError(f"{spec}: cannot read the content file ({exc.strerror or exc})") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ContentError(f"{spec}: not a JSON file ({exc})") from None
    if not isinstance(doc, dict):
        raise ContentError(f"{spec}: must be a JSON object like data/demo.json")
    merged = _merged(doc, path.stem, {"en": "transcription: " + path.name, "pl": "transkrypcja: " + path.name})
    try:
        content = _build(merged, _data("public.json"), False, {"file": str(path)})
    except ContentError as exc:
        raise ContentError(f"{spec}: {exc}") from None
    _LOADED[spec] = content
    return content
