"""Message catalogs (``en.json``, ``pl.json``) and the functions that turn game data into text.

Every log event, option and decision of a game is data: a machine name plus arguments (DESIGN.md). This
module renders them for people in English or Polish. Polish uses the official terms of the Polish Law of
Root (Księga Praw): Markiza de Kot, Dynastie Orlich Gniazd, Tartak, Dekret, Zamieszki, Świt/Dzień/Wieczór …
Card names are translated only where the Polish Law names the card; the others keep their English names.

Templates are plain strings with named fields:

* ``{name}``          the argument ``name``, formatted by what it is (a faction, a card, a clearing …);
* ``{name@gen}``      a grammatical form of a term (Polish cases: ``gen``, ``acc``, ``ins``, ``loc``; also
  ``short``). A verb's direct object takes ``@acc``: "Wydaj {card@acc}" gives "Wydaj Brutalną Taktykę" (cards the
  Polish Law names decline; cards that keep their English names do not);
* ``{name|a|b|c}``    a plural form chosen by the integer ``name`` (English: one|other; Polish, by the CLDR rule:
  one (1) | few (2–4, 22–24 …, not 12–14) | many (0, 5–21, 25 …));
* ``{name^sg|pl}``    a verb form agreeing with the faction ``name`` ("Markiza przemieszcza" / "Dynastie
  przemieszczają");
* ``{name~m|f|n|mp|fp}`` a form agreeing with the grammatical gender of the faction ``name``: masculine, feminine,
  neuter, masculine-personal plural, other plural ("Jesteś atakowana" to the Markiza, "Jesteście atakowane" to the
  Dynastie). A decision's prompt may use ``you``, the seat that decides: the player is addressed in the gender
  and number of their faction's Polish name (``gender`` in ``terms.faction``);
* ``{@kind:value}``   a term given literally, e.g. ``{@card:Royal Claim}``; ``{@kind@form:value}`` in a form,
  e.g. ``{@card@gen:Brutal Tactics}``.

Items carry a ``gender`` too, so their state agrees with them: "herbata (wyczerpana)", "buty (wyczerpane)".
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Any

LANGS = ("en", "pl")
DEFAULT_LANG = "en"

#: Argument name -> the term table its (string) values are looked up in.
ARG_TERMS = {
    "faction": "faction", "target": "faction", "attacker": "faction", "defender": "faction", "by": "faction",
    "winners": "faction", "turn": "faction", "player": "faction",
    "card": "card", "cards": "card", "dominance": "card",
    "building": "piece", "piece": "piece", "token": "piece",
    "leader": "leader", "column": "column", "columns": "column", "phase": "phase",
    "suit": "suit", "pieces": "suit", "suits": "suit", "map": "map", "why": "why", "reason": "reason", "item": "item",
    "you": "faction", "ally": "faction", "partner": "faction", "arbiter": "faction", "character": "character",
    "stand_in": "item", "replaced": "item", "quest": "quest", "quests": "quest",
    "items": "item",  # Appendix F: the Legendary Forge's items
    "owner": "faction", "payer": "faction", "service": "service",  # 11.2.4, 11.5.6.II, 11.2.7
    "outcast": "suit",  # 10.4.1 the Lizard Cult's Outcast
    "minister": "minister",  # 12.5.2 the Underground Duchy's ministers
    "plot": "plot",  # 13.2.2 the Corvids' plot types
    "relic": "piece", "relics": "piece",  # 15.2.1 the Keepers' relics
    "retinue": "retinue_column", "retinue_from": "retinue_column",  # 15.5.2 the Keepers' Retinue
    "hireling": "faction", "hirelings": "faction",  # Appendix E: hirelings are named like factions ("hireling:<side>")
    "mood": "mood", "track": "track",  # 14.7 the Hundreds' moods, 14.2.4 the Hoard's tracks
    "landmark": "landmark", "landmarks": "landmark",  # Appendix F landmarks
    "as_suit": "suit",  # Appendix F: the suit a player names for the Lost City's clearing
    "factions": "faction",  # a setup refused for the factions named (Law 5: five in corners)
}

#: Arguments naming a location: a clearing's printed number, or "burrow" (12.2.2 the Burrow, ``terms.location``).
LOCATION_ARGS = frozenset(("clearing", "src", "dst", "from", "to"))

_PLACEHOLDER = re.compile(
    r"\{(?:@(?P<tkind>[a-z_]+)(?:@(?P<tform>[a-z]+))?:(?P<tval>[^{}]+)"
    r"|(?P<name>[a-z_]+)(?:(?P<op>[@|^~])(?P<rest>[^{}]*))?)\}")

#: The forms of ``{name~m|f|n|mp|fp}``, in order (grammatical genders of Polish, singular and plural).
GENDERS = ("m", "f", "n", "mp", "fp")


class MissingTranslation(KeyError):
    """A catalog has no entry for a key (raised only in strict mode)."""


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise ValueError(f"unknown language {lang!r}; available: {', '.join(LANGS)}")
    return lang


@cache
def catalog(lang: str) -> dict[str, Any]:
    """The whole catalog of ``lang`` (parsed once)."""
    check_lang(lang)
    text = resources.files("planszowki.i18n").joinpath(f"{lang}.json").read_text("utf-8")
    return json.loads(text)


def _section(lang: str, game: str, part: str) -> dict[str, Any]:
    return catalog(lang).get(game, {}).get(part, {})


# -- terms -----------------------------------------------------------------------------------------
def _term_entry(kind: str, value: Any, lang: str, game: str) -> Any:
    """The catalog entry of a term; a faction not of ``game`` is looked up in the other games (faction keys are
    unique across games, so the user-interface strings name Ironwood's factions as they name Root's)."""
    entry = _section(lang, game, "terms").get(kind, {}).get(value)
    if entry is None and kind == "faction":
        for other, part in catalog(lang).items():
            if other != game and isinstance(part, dict) and "terms" in part:
                entry = part["terms"].get("faction", {}).get(value)
                if entry is not None:
                    break
    return entry


def term(kind: str, value: str, lang: str, form: str = "nom", game: str = "root", *, strict: bool = False) -> str:
    """A term (faction, suit, building …) in ``lang``; unknown values come back unchanged."""
    if kind == "card" and game != "ironwood":
        return card_name(value, lang, game=game, strict=strict, form=form)
    entry = _term_entry(kind, value, lang, game)
    if entry is None:
        if strict:
            raise MissingTranslation(f"{lang}: no term {kind}.{value}")
        return str(value)
    if isinstance(entry, str):
        return entry
    return entry.get(form) or entry["nom"]


def _gender(kind: str, value: Any, lang: str, game: str) -> str:
    """Grammatical gender of a term, one of :data:`GENDERS`; several values together are a plural (``mp`` when
    one of them is masculine-personal, as Polish has it). Terms without a ``gender`` are masculine (singular)
    or, with ``"num": "pl"``, the other plural."""
    if isinstance(value, list):
        if len(value) != 1:
            genders = [_gender(kind, v, lang, game) for v in value]
            return "mp" if any(g in ("m", "mp") for g in genders) else "fp"
        value = value[0]
    entry = _term_entry(kind, value, lang, game)
    if isinstance(entry, dict):
        return entry.get("gender") or ("fp" if entry.get("num") == "pl" else "m")
    return "m"


def _number(kind: str, value: Any, lang: str, game: str) -> str:
    """Grammatical number of a term ("sg" or "pl"), for verb agreement."""
    if isinstance(value, list):
        if len(value) != 1:
            return "pl"
        value = value[0]
    entry = _term_entry(kind, value, lang, game)
    if isinstance(entry, dict):
        return entry.get("num", "sg")
    return "sg"


def faction_name(faction: str, lang: str, form: str = "nom") -> str:
    return term("faction", faction, lang, form)


def suit_name(suit: str, lang: str, form: str = "nom") -> str:
    return term("suit", suit, lang, form)


def building_name(building: str, lang: str, form: str = "nom") -> str:
    return term("piece", building, lang, form)


def token_name(token: str, lang: str, form: str = "nom") -> str:
    return term("piece", token, lang, form)


def item_name(item: str, lang: str, form: str = "nom") -> str:
    return term("item", item, lang, form)


def item_state(item: str, state: str, lang: str, game: str = "root") -> str:
    """An item's state (9.2.5: ``r`` face up, ``e`` exhausted, ``d`` damaged, ``x`` both), agreeing with the
    item's gender: "wyczerpana" for tea (herbata), "wyczerpane" for boots (buty)."""
    return term("item_state", state, lang, _gender("item", item, lang, game), game)


def leader_name(leader: str, lang: str, form: str = "nom") -> str:
    return term("leader", leader, lang, form)


def column_name(column: str, lang: str, form: str = "nom") -> str:
    """A column of the Eyrie Decree (7.5.2): recruit, move, battle, build."""
    return term("column", column, lang, form)


def phase_name(phase: str, lang: str, form: str = "nom") -> str:
    return term("phase", phase, lang, form)


def map_name(name: str, lang: str, form: str = "nom") -> str:
    return term("map", name, lang, form)


def card_name(key: str, lang: str, *, with_suit: bool = True, game: str = "root", strict: bool = False,
              form: str = "nom") -> str:
    """A card by key ``"suit:Name"`` (or bare name): ``"Ambush! [fox]"`` / ``"Zasadzka! [ptak]"``; in a
    grammatical case, ``form="acc"``: ``"Zasadzkę! [ptak]"``."""
    suit, sep, name = key.partition(":")
    if not sep:
        suit, name = "", key
    cards = _section(lang, game, "terms").get("card", {})
    if name not in cards and strict:
        raise MissingTranslation(f"{lang}: no card name {name!r}")
    text = cards.get(name, name)
    if not isinstance(text, str):
        text = text.get(form) or text["nom"]
    if with_suit and suit:
        text = f"{text} [{suit_name(suit, lang)}]"
    return text


def cite(rule: str, lang: str = DEFAULT_LANG) -> str:
    """A rule citation for people: ``"root:6.5.4"`` or ``"6.5.4"`` -> ``"(6.5.4)"``; empty stays empty. Ironwood's
    rulebook has no numbers: ``"ironwood:battle.retreat"`` shows its section's heading in ``lang``
    (``games/ironwood/sections.py``): ``"(Retreat)"`` / ``"(Odwrót)"``."""
    if not rule:
        return ""
    if rule.startswith("ironwood:"):
        from ..games.ironwood.sections import heading

        return f"({heading(rule, lang)})"
    if rule.startswith("great_wall:"):
        from ..games.great_wall.sections import heading as gw_heading

        return f"({gw_heading(rule, lang)})"
    return f"({rule.split(':', 1)[1] if ':' in rule else rule})"


def tr(key: str, lang: str, /, **args: Any) -> str:
    """A user-interface string (``ui`` section), with ``str.format``-style arguments."""
    ui = catalog(lang).get("ui", {})
    text = ui.get(key)
    if text is None:
        text = catalog(DEFAULT_LANG).get("ui", {}).get(key, key)
    return _fill(text, args, lang, "root", strict=False) if args else text


# -- templates -------------------------------------------------------------------------------------
def _plural(n: int, forms: list[str], lang: str) -> str:
    if lang == "pl":
        if len(forms) == 2:
            forms = [forms[0], forms[1], forms[1]]
        if n == 1:
            return forms[0]
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if n == 1 else forms[-1]


def _value(name: str, value: Any, lang: str, game: str, form: str, strict: bool, ctx: Any = None) -> str:
    if value is None:
        return "—"
    if game == "ironwood":
        from . import ironwood

        return ironwood.value(name, value, lang, form, strict, ctx)
    if game == "great_wall":
        from . import great_wall

        return great_wall.value(name, value, lang, form, strict, ctx)
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, (list, tuple)):
        if name == "dice":
            return " / ".join(str(v) for v in value)
        sep = " + " if name == "pieces" else ", "
        return sep.join(_value(name, v, lang, game, form, strict) for v in value) or "—"
    if value == "burrow" and name in LOCATION_ARGS:  # 12.2.2
        return term("location", value, lang, form, game, strict=strict)
    kind = ARG_TERMS.get(name)
    if kind is None:
        return str(value)
    if value == "" and kind == "faction":
        return "—"
    if kind == "item":
        return _item(str(value), lang, form, game, strict)
    if kind == "quest":
        return quest_name(str(value), lang, game=game, strict=strict)
    return term(kind, value, lang, form, game, strict=strict)


def _item(value: str, lang: str, form: str, game: str, strict: bool) -> str:
    """An item, e.g. ``"boot"``; on the Vagabond's board also ``"R-boot"`` (from a ruin, 9.3.4) and
    ``"boot:e"`` with its state (9.2.5: face up, exhausted, damaged, damaged and exhausted), which agrees with
    the item's gender: "herbata (wyczerpana)"."""
    name, _, state = value.partition(":")
    if name.startswith("R-"):
        name = name[2:]
    text = term("item", name, lang, form, game, strict=strict)
    if state:
        text += f" ({term('item_state', state, lang, _gender('item', name, lang, game), game, strict=strict)})"
    return text


def quest_name(key: str, lang: str, *, with_suit: bool = True, game: str = "root", strict: bool = False) -> str:
    """A quest card (9.5.5) by key ``"suit:Name"``: ``"Errand [fox]"``."""
    suit, sep, name = key.partition(":")
    if not sep:
        suit, name = "", key
    table = _section(lang, game, "terms").get("quest", {})
    if name not in table and strict:
        raise MissingTranslation(f"{lang}: no quest name {name!r}")
    text = table.get(name, name)
    return f"{text} [{suit_name(suit, lang)}]" if with_suit and suit else text


def _fill(template: str, args: Mapping[str, Any], lang: str, game: str, *, strict: bool, ctx: Any = None) -> str:
    def sub(m: re.Match[str]) -> str:
        if m.group("tkind"):
            return term(m.group("tkind"), m.group("tval"), lang, m.group("tform") or "nom", game, strict=strict)
        name, op, rest = m.group("name"), m.group("op"), m.group("rest")
        if name not in args:
            if strict:
                raise MissingTranslation(f"template {template!r} needs argument {name!r}; got {sorted(args)}")
            return "?"
        value = args[name]
        if op == "|":
            return _plural(int(value or 0), rest.split("|"), lang)
        if op == "^":
            sg, _, pl = rest.partition("|")
            return pl if _number(ARG_TERMS.get(name, "faction"), value, lang, game) == "pl" else sg
        if op == "~":
            forms = rest.split("|")
            if len(forms) != len(GENDERS) and strict:
                raise MissingTranslation(f"template {template!r}: {{{name}~…}} needs {len(GENDERS)} forms "
                                         f"({'|'.join(GENDERS)})")
            index = GENDERS.index(_gender(ARG_TERMS.get(name, "faction"), value, lang, game))
            return forms[min(index, len(forms) - 1)]
        return _value(name, value, lang, game, rest if op == "@" else "nom", strict, ctx)

    return _PLACEHOLDER.sub(sub, template)


def _get(obj: Any, field: str, default: Any = None) -> Any:
    if isinstance(obj, Mapping):
        return obj.get(field, default)
    return getattr(obj, field, default)


def _lookup(lang: str, game: str, part: str, keys: list[str], strict: bool) -> str | None:
    table = _section(lang, game, part)
    for k in keys:
        if k in table:
            return table[k]
    if strict:
        raise MissingTranslation(f"{lang}: no {part} entry for {keys[-1]!r}")
    return None


# -- events, options, decisions --------------------------------------------------------------------
def event_key(kind: str, args: Mapping[str, Any]) -> list[str]:
    """Catalog keys tried for an event, most specific first."""
    keys = [kind]
    if kind == "score" and isinstance(args.get("delta"), int) and args["delta"] < 0:
        keys.insert(0, "score_loss")
    if kind == "relationship" and args.get("level") == 3:  # 9.2.9.II: the last space makes an ally
        keys.insert(0, "relationship_allied")
    if args.get("clearing") == "burrow":  # 12.2.2: "in the Burrow", not "in clearing …"
        keys.insert(0, f"{kind}@burrow")
    return keys


def render_event(event: Any, lang: str, game: str = "root", *, with_rule: bool = True, strict: bool = False,
                 content: Any = None) -> str:
    """One log event (an :class:`~planszowki.engine.Event` or its JSON dict) as a sentence. ``content``: the
    Ironwood content set whose card and location names are shown (default: the demonstration set)."""
    check_lang(lang)
    kind = _get(event, "kind")
    args = dict(_get(event, "args", {}) or {})
    if isinstance(args.get("delta"), int):
        args["amount"] = abs(args["delta"])
    if game == "ironwood":
        from . import ironwood

        keys = ironwood.event_keys(kind, args, lang)
    elif game == "great_wall":
        from . import great_wall

        keys = great_wall.event_keys(kind, args)
    else:
        keys = event_key(kind, args)
    template = _lookup(lang, game, "event", keys, strict)
    text = f"{kind} {args}" if template is None else _fill(template, args, lang, game, strict=strict, ctx=content)
    rule = _get(event, "rule", "")
    return f"{text} {cite(rule, lang)}" if with_rule and rule else text


def option_keys(action: str, args: Mapping[str, Any], kind: str | None) -> list[str]:
    """Catalog keys tried for an option: ``decision:action``, then by what its arguments show — ``action@decree``
    (Eyrie Decree), ``action@pawn`` (the Vagabond's pawn moves), ``action@pawn+ally`` (with Allied warriors,
    9.2.9.II.b), ``action@improvise`` (D.7.2), ``action@exhausted`` (A.2: an exhausted crafted item), each also
    with ``+ferry`` (``action@ferry`` alone) for a move on the Lake's Ferry (C.2.5), a hireling's setup by where it
    goes (``hireling_setup@clearing``, ``@pair``, ``@forest``, A.6) —, then ``action``."""
    keys = [action]
    if "suit" in args:
        keys.insert(0, f"{action}@decree")
    if "dest" in args:
        keys.insert(0, f"{action}@pawn")
        if args.get("ally"):
            keys.insert(0, f"{action}@pawn+ally")
    if args.get("improvise"):
        keys.insert(0, f"{action}@improvise")
    if args.get("exhausted"):  # A.2: an exhausted item from a Crafted Items box
        keys.insert(0, f"{action}@exhausted")
    if "as_suit" in args:  # Appendix F: a suit named for the Lost City's clearing
        keys.insert(0, f"{action}@lost_city")
    if args.get("ferry"):
        keys = [k + ("+ferry" if "@" in k else "@ferry") for k in keys] + keys
    if action == "hireling_setup":  # A.6: where the hireling is set up, when its card lets the player choose
        where = next((w for a, w in (("second", "pair"), ("clearing", "clearing"), ("forest", "forest")) if a in args),
                     None)
        if where is not None:
            keys.insert(0, f"{action}@{where}")
    if kind:
        keys.insert(0, f"{kind}:{action}")
    return keys


def option_label(option: Any, lang: str, kind: str | None = None, game: str = "root", *,
                 with_rule: bool = False, strict: bool = False, content: Any = None) -> str:
    """An option (``Option`` or its JSON dict) as a short label, e.g. ``"March 2 warriors 1 → 5"``.

    ``kind`` is the kind of the decision it belongs to; a few actions read differently in context
    ("pass" is "No ambush" when ambushed)."""
    check_lang(lang)
    action = _get(option, "action")
    args = _get(option, "args", {}) or {}
    if game == "ironwood":
        from . import ironwood

        args = ironwood.option_args(action, args)
        keys = ironwood.option_keys(action, args, kind)
    else:
        keys = option_keys(action, args, kind)
    template = _lookup(lang, game, "option", keys, strict)
    text = _get(option, "id") if template is None else _fill(template, args, lang, game, strict=strict, ctx=content)
    rule = _get(option, "rule", "")
    return f"{text} {cite(rule, lang)}" if with_rule and rule else text


def decision_keys(kind: str, args: Mapping[str, Any]) -> list[str]:
    keys = [kind]
    if "stage" in args:
        keys.insert(0, f"{kind}.{args['stage']}")
    return keys


def decision_prompt(decision: Any, lang: str, game: str = "root", *, with_rule: bool = True,
                    strict: bool = False, content: Any = None) -> str:
    """What the deciding seat is asked, e.g. ``"Daylight: 3 actions left (6.5)"``."""
    check_lang(lang)
    kind = _get(decision, "kind", "")
    args = _get(decision, "args", {}) or {}
    template = _lookup(lang, game, "decision", decision_keys(kind, args), strict)
    if template is not None and "{you" in template and "you" not in args:
        args = {**args, "you": _get(decision, "player", "")}  # the seat addressed
    text = kind if template is None else _fill(template, args, lang, game, strict=strict, ctx=content)
    rule = _get(decision, "rule", "")
    return f"{text} {cite(rule, lang)}" if with_rule and rule else text


__all__ = [
    "DEFAULT_LANG", "GENDERS", "LANGS", "MissingTranslation", "building_name", "card_keys", "card_name",
    "card_reference", "card_reference_text", "catalog", "check_lang", "cite", "column_name", "decision_prompt",
    "faction_name", "find_cards", "item_name", "item_state", "leader_name", "map_name", "option_label",
    "phase_name", "quest_name", "render_event", "suit_name", "term", "token_name", "tr",
]

# the card reference (its module uses the functions above)
from .cards import card_keys, card_reference, card_reference_text, find_cards  # noqa: E402
