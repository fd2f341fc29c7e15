"""Ironwood's words: its log events, options, prompts, and the cards' effects, in English and Polish.

The catalogs keep Ironwood under their ``"ironwood"`` section (``terms``, ``event``, ``option``, ``decision``,
``effect``, ``ui``). Card and location names are not in the catalogs: they come from the content set in play
(``name.en`` / ``name.pl`` of ``data/demo.json`` or of an owner's transcription), passed as ``content``; without it
the demonstration set is used. A card's effects are shown from the effect vocabulary (docs/ironwood_content.md), so
a transcription of the printed cards reads as well as the demonstration set.

Polish uses the rulebook's terms: Plemię Puszczy, Pancerny Klan, Wiertło, Kuźnia, Fundament, Golem, Totem (Pełny /
Zanikający), Kryształy, Ładunek, Przepowiednia, Drużyna, Wojownik, Walka, Bitwa, Odwrót, Obrażenia, Obrona,
Dominacja. Places are named in the nominative after a colon or an arrow ("Wiertło: Ferrum → Auria"), so the
content's names never need declining.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

GAME = "ironwood"
FACTION_ARGS = frozenset(("seat", "attacker", "winner", "faction", "you", "defender", "loser"))
CARD_ARGS = frozenset(("card", "cards", "attacker_card", "defender_card"))
LOC_ARGS = frozenset(("loc", "frm", "to", "mountain", "mountains", "tied", "forests"))
TERM_ARGS = {"unit": "unit", "meaning": "meaning", "reason": "reason", "role": "role", "scope": "scope",
             "stance": "stance", "side": "turn_side", "icon": "icon", "variants": "ib_variant",  # the Ironbot
             "fb_side": "fb_side", "mode": "fb_mode", "face": "die_face", "fb_icon": "fb_icon",
             "fb_variants": "fb_variant"}  # the Forest bot, the Magic die


def _content(ctx: Any) -> Any:
    if ctx is not None:
        return ctx
    from ..games.ironwood.content import demo_content

    return demo_content()


def _section(lang: str, part: str) -> dict[str, Any]:
    from . import _section as section

    return section(lang, GAME, part)


def iw_term(kind: str, value: str, lang: str, form: str = "nom") -> str:
    from . import term

    return term(kind, value, lang, form, GAME)


def card_name(cid: str, lang: str, content: Any = None) -> str:
    """A card by id, in ``lang`` from the content; ``""`` is no card, ``"hidden"`` a face-down card and
    ``"vision:<mountain>"`` a vision card."""
    if cid.startswith("vision:"):
        from . import _fill

        template = _section(lang, "terms").get("card", {}).get("vision", "{mountain}")
        return _fill(template, {"mountain": cid.split(":", 1)[1]}, lang, GAME, strict=False, ctx=content)
    if cid in ("", "hidden"):
        return iw_term("card", cid, lang)
    card = _content(content).cards.get(cid)
    return card.name[lang] if card is not None else cid


def loc_name(lid: str, lang: str, content: Any = None) -> str:
    """A location by id (``"f3"``, ``"auria"``), as the content names it: "Las 3", "Auria"."""
    board = _content(content).board
    i = board.index.get(lid)
    return board.names[i][lang] if i is not None else lid


def value(name: str, val: Any, lang: str, form: str, strict: bool, ctx: Any) -> str:
    """A template argument of an Ironwood message: factions, cards and locations by name, terms translated."""
    if isinstance(val, bool):
        return str(val)
    if isinstance(val, int):
        return str(val)
    if isinstance(val, list | tuple):
        return ", ".join(value(name, v, lang, form, strict, ctx) for v in val) or "—"
    val = str(val)
    if name in FACTION_ARGS:
        if not val:
            return "—"
        return iw_term("faction", val, lang, form)
    if name in CARD_ARGS:
        return card_name(val, lang, ctx)
    if name in LOC_ARGS:
        return loc_name(val, lang, ctx)
    if name in TERM_ARGS:
        return iw_term(TERM_ARGS[name], val, lang, form)
    return val


def event_keys(kind: str, args: dict[str, Any], lang: str) -> list[str]:
    """Catalog keys tried for an Ironwood event, most specific first; derived arguments are added to ``args``."""
    variant = None
    if kind == "iw.bonus":
        args["bonus"] = _bonus(args, lang)
    if kind == "iw.setup" and args.get("demo"):
        variant = "demo"
    elif kind in ("iw.move_warband", "iw.retreat", "iw.losses") and args.get("golems"):
        variant = "golems"
    elif kind in ("iw.recruit", "iw.removed") and args.get("unit") == "golem":
        variant = "golem"
    elif kind == "iw.drill_destroyed" and args.get("took"):
        variant = "took"
    elif kind == "iw.mark":
        variant = args.get("meaning")
    elif kind == "iw.victory":
        variant = args.get("reason")
    elif kind == "iw.outcome":
        if not args.get("winner"):
            variant = "none"
        elif args.get("dominance"):
            variant = "dominance"
            args["dom_att"], args["dom_def"] = args["dominance"][0], args["dominance"][1]
    return [f"{kind}@{variant}", kind] if variant else [kind]


def option_keys(action: str, args: Mapping[str, Any], kind: str | None) -> list[str]:
    """Catalog keys tried for an Ironwood option: ``kind:action@variant``, ``kind:action``, ``action@variant``,
    ``action``. The variant says what the arguments show: a vision deck, a golem, a carried totem, a warband …"""
    variant = None
    if action == "draw":
        variant = "vision" if args.get("deck") == "vision" else ("4" if args.get("n") == 4 else None)
    elif action in ("recruit", "remove") and args.get("unit") == "golem":
        variant = "golem"
    elif action == "move" and "totem" in args:
        variant = "totem_" + str(args["totem"])
    elif action == "move" and "warriors" in args:
        variant = "warband" if args["warriors"] and args["golems"] else ("warband_w" if args["warriors"]
                                                                           else "warband_g")
    elif action == "commit" and not args.get("card"):
        variant = "none"
    elif action == "mark":
        variant = args.get("meaning")
    elif action == "wound" and args.get("golems"):
        variant = "golems"
    elif action == "choose" and args.get("text"):
        variant = "text"
    keys = []
    if kind:
        if variant:
            keys.append(f"{kind}:{action}@{variant}")
        keys.append(f"{kind}:{action}")
    if variant:
        keys.append(f"{action}@{variant}")
    keys.append(action)
    return keys


def option_args(action: str, args: Mapping[str, Any]) -> Mapping[str, Any]:
    """Arguments derived for an option's message: a Resolve choice is numbered from 1 for people."""
    if action == "choose" and "index" in args:
        return {**args, "number": args["index"] + 1}
    return args


# -- card effects -----------------------------------------------------------------------------------------
def _eff(key: str, lang: str, **args: Any) -> str:
    from . import _fill

    table = _section(lang, "effect")
    template = table.get(key)
    if template is None:
        from . import catalog

        template = catalog("en").get(GAME, {}).get("effect", {}).get(key, key)
    return _fill(template, args, lang, GAME, strict=False) if args else template


def _bonus(b: Mapping[str, Any], lang: str) -> str:
    parts = [_eff(f"bonus_{k}", lang, n=b[k]) for k in ("damage", "defense", "dominance") if b.get(k)]
    return ", ".join(parts)


def describe_effect(eff: Mapping[str, Any], lang: str) -> str:
    """One effect of the vocabulary (docs/ironwood_content.md) as a sentence in ``lang``."""
    kw = eff["do"]
    n = eff.get("n", 1)
    if kw in ("gain", "take", "discover", "found", "build"):
        return _eff(kw, lang, n=n)
    if kw == "draw":
        return _eff("draw@vision" if eff.get("deck") == "vision" else "draw", lang, n=n)
    if kw == "spend":
        return _eff("spend", lang, n=n, then=describe(eff.get("then", ()), lang, True))
    if kw == "burn":
        cards = eff.get("cards", "special")
        return _eff("burn" if cards == "special" else f"burn@{cards}", lang, n=n,
                    then=describe(eff.get("then", ()), lang, True))
    if kw == "move":
        units = eff.get("units")
        if units == "drill":
            times = eff.get("times", 1)
            return _eff("move@drill_times", lang, times=times) if times > 1 else _eff("move@drill", lang)
        text = _eff("move@enemy" if eff.get("enemy") else f"move@{units}", lang, n=n)
        return text + (_eff("again", lang) if eff.get("again") else "")
    if kw == "attack":
        text = _eff("attack", lang)
        if eff.get("fight"):
            text += _eff("attack_fight", lang, bonus=_bonus(eff["fight"], lang))
        if eff.get("ferrum"):
            text += _eff("attack_ferrum", lang)
        if eff.get("win"):
            text += _eff("attack_win", lang, win=describe(eff["win"], lang, True))
        return text
    if kw == "recruit":
        where = eff.get("where", "forge")
        key = "recruit@golem" if eff.get("unit") == "golem" else "recruit"
        return _eff(key, lang, n=n, where=iw_term("where", where, lang))
    if kw == "remove":
        return _eff("remove", lang, n=n)
    if kw == "mark":
        meaning = iw_term("meaning_long", eff.get("meaning", "blockade"), lang)
        return _eff(f"mark@{eff.get('where', 'forest')}", lang, n=n, meaning=meaning)
    if kw == "resolve":
        choices = "; ".join(f"({j}) {describe(c, lang, True)}" for j, c in enumerate(eff.get("choices", ()), 1))
        return _eff("resolve", lang, n=n, choices=choices)
    if kw == "extra":
        text = _eff("extra@base" if eff.get("base_only") else "extra", lang)
        return text + (_eff("extra_again", lang) if eff.get("again") else "")
    if kw == "fight":
        return _eff(f"fight@{eff.get('scope', 'round')}", lang, bonus=_bonus(eff, lang))
    return str(dict(eff))


def describe(effects: Any, lang: str, nested: bool = False) -> str:
    """A list of effects, in their order (they are resolved in that order). A nested list (what Spend or Burn
    pays for, a Resolve choice, a Win) is joined by commas, so the card's own sentences stay apart."""
    parts = [describe_effect(e, lang) for e in effects or ()]
    if not parts:
        return _eff("none", lang)
    if nested:
        return ", ".join(parts[:1] + [p[:1].lower() + p[1:] for p in parts[1:]])
    return ". ".join(parts)


def describe_card(card: Any, lang: str) -> str:
    """What a card does when played as an action, and when it is Temporary, expires or is burned."""
    parts = []
    if card.temporary:
        parts.append(_eff("temporary", lang, n=card.temporary))
    parts.append(describe(card.effects, lang))
    if card.on_expire:
        parts.append(_eff("on_expire", lang, effects=describe(card.on_expire, lang)))
    if card.on_burn:
        parts.append(_eff("on_burn", lang, effects=describe(card.on_burn, lang)))
    return ". ".join(parts) + "."


def tr(key: str, lang: str, content: Any = None, **args: Any) -> str:
    """A string of the ``ironwood.ui`` section, its arguments rendered as Ironwood's (factions, cards, places)."""
    from . import _fill, catalog

    template = _section(lang, "ui").get(key)
    if template is None:
        template = catalog("en").get(GAME, {}).get("ui", {}).get(key, key)
    return _fill(template, args, lang, GAME, strict=False, ctx=content) if args else template
