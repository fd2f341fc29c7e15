"""The Great Wall's words: its log events in English and Polish.

The catalogs keep the game under their ``"great_wall"`` section (``terms``, ``event``). Card and location names are
not in the catalogs: they come from the content set in play (``name.en`` / ``name.pl`` of ``data/demo.json`` or of an
owner's transcription), passed as ``content``; without it the demonstration set is used. Polish uses the rulebook's
terms (Urzędnik, Nadzorca, Włócznik, Łucznik, Kawalerzysta, Sekcja Muru, Barykada, Horda, Rana, żeton Hańby,
Strefa Odpoczynku, pole Ostrzału, Magazyn, Przełamanie, Podbój, Zabójczość) and names amounts as "Drewno ×2" and
clans before a colon ("Czerwony: …"), so nothing needs declining.
"""

from __future__ import annotations

from typing import Any

GAME = "great_wall"
CLAN_ARGS = frozenset(("seat", "claimer", "tea", "players"))
CARD_ARGS = frozenset(("card", "cards", "general", "advisor", "generals", "advisors", "discarded", "track"))
LOC_ARGS = frozenset(("loc", "dst", "locs"))
SEC_ARGS = frozenset(("sec", "from_sec", "to_sec"))
TERM_ARGS = {"type": "soldier", "role": "role", "as": "role", "reason": "reason"}
SOLDIERS = ("spearman", "archer", "horseman")


def _content(ctx: Any) -> Any:
    if ctx is not None:
        return ctx
    from ..games.great_wall.content import load_content

    return load_content()


def gw_term(kind: str, value: str, lang: str) -> str:
    from . import term

    return term(kind, value, lang, "nom", GAME)


def card_name(cid: str, lang: str, content: Any = None) -> str:
    c = _content(content)
    for table in (c.horde, c.tactics, c.advisors, c.generals, c.artifacts, c.commands):
        if cid in table:
            return table[cid]["name"][lang]
    rc = getattr(c, "reed_command", None)
    if rc is not None and cid == rc["id"]:
        return rc["name"][lang]
    solo = getattr(c, "solo_commands", None) or {}  # "Tryb solo": Qin Jiushao's cards and General
    if cid in solo:
        return solo[cid]["name"][lang]
    sg = getattr(c, "solo_general", None)
    if sg is not None and cid == sg["id"]:
        return sg["name"][lang]
    co = getattr(c, "coop", None)  # the co-op cards: Events, Decrees, co-op Horde, Generals, Tactics
    for table in (co or {}).values():
        if cid in table:
            return table[cid]["name"][lang]
    return cid


def value(name: str, val: Any, lang: str, form: str, strict: bool, ctx: Any) -> str:
    """A template argument of a Great Wall message: clans, cards, locations and sections by name, amounts."""
    if name == "delta" and isinstance(val, int):
        return f"{val:+d}"
    if name == "boosted":
        return gw_term("boosted", "yes" if val else "no", lang)
    if isinstance(val, bool):
        return str(val)
    if isinstance(val, int):
        if name in SEC_ARGS or name in ("from", "to"):  # sections (the Logistics Center moves between them)
            return gw_term("section", str(val), lang)
        if name == "type":  # a soldier type by its index
            return gw_term("soldier", SOLDIERS[val], lang)
        return str(val)
    if isinstance(val, dict):
        if name in ("res",):
            return ", ".join(f"{gw_term('resource', k, lang)} ×{v}" for k, v in val.items()) or "—"
        if name == "clerks":
            return ", ".join(f"{gw_term('clan', k, lang)} ×{v}" for k, v in val.items()) or "—"
        return ", ".join(f"{gw_term('clan', k, lang)}: {card_name(v, lang, ctx)}" for k, v in val.items()) or "—"
    if isinstance(val, list | tuple):
        return ", ".join(value(name, v, lang, form, strict, ctx) for v in val) or "—"
    val = str(val)
    if name in CLAN_ARGS:
        return gw_term("clan", val, lang)
    if name in CARD_ARGS:
        return card_name(val, lang, ctx)
    if name == "src" and (val == "new" or val[:5] in ("rest ", "fire ")):  # where an attacking soldier comes from
        return gw_term("src", val.split(" ")[0], lang)
    if name in ("src", "from", "to", "dst") and val in ("pool", "fire", "rest"):
        return gw_term("place", val, lang)
    if name in LOC_ARGS or name in ("src", "from", "to"):
        c = _content(ctx)
        return c.loc[val]["name"][lang] if val in c.loc else val
    if name == "where":
        return gw_term("soldier", val, lang) if val in ("spearman", "archer", "horseman") else card_name(val, lang, ctx)
    if name == "res":
        return gw_term("resource", val, lang)
    if name in TERM_ARGS:
        return gw_term(TERM_ARGS[name], val, lang)
    return val


def event_keys(kind: str, args: dict[str, Any]) -> list[str]:
    """Catalog keys tried for an event, most specific first."""
    if kind == "gw.setup" and args.get("demo"):
        return ["gw.setup@demo", kind]
    if kind == "gw.shame" and args.get("where") not in ("spearman", "archer", "horseman"):
        return ["gw.shame@card", kind]
    return [kind]
