"""The card reference: any Root card's suit, crafting cost, item, victory points and effect text in English or Polish.

Cards are named by the engine's key ``"suit:Name"`` (``games/root/content.py``: ``Card.key``, ``Quest.key``): the
standard deck (2.1), the Exiles and Partisans deck (A.2), the Eyrie's Loyal Viziers (7.3.4), the Keepers' Faithful
Retainers (15.3.4) and the Vagabond's
quest cards (9.5.5). Their facts come from ``games/root/data/cards.json``; their effect texts from the catalogs'
``card_text`` section (our own short wording, citing the Law), where a text may name the card's ``{item}`` and
``{vp}`` and any term (``{@card:Scouting Party}``, ``{@item@acc:tea}``) as the other templates do.

Both interfaces use it: the terminal's ``card NAME`` / ``cards`` (cli/play.py) and the browser's tooltips
(web/boards.py ``cards``).
"""

from __future__ import annotations

import unicodedata
from functools import cache
from typing import Any

from . import _fill, card_name, catalog, check_lang, item_name, quest_name, suit_name

GAME = "root"


@cache
def _facts() -> dict[str, dict[str, Any]]:
    """Every card key -> its facts: kind, suit, cost, item, vp, items (quests) and the decks holding it."""
    from ..games.root.content import DECKS, load_deck, quests

    out: dict[str, dict[str, Any]] = {}
    for deck in DECKS:
        for c in load_deck(deck).cards:
            if c.kind in ("vizier", "retainer"):  # 7.3.4 the Eyrie's, 15.3.4 the Keepers' own cards
                out.setdefault(c.key, {"name": c.name, "suit": c.suit, "kind": c.kind, "cost": [], "item": None,
                                       "vp": None, "decks": ["eyrie" if c.kind == "vizier" else "keepers"]})
                continue
            f = out.setdefault(c.key, {"name": c.name, "suit": c.suit, "kind": c.kind, "cost": list(c.cost),
                                       "item": c.item, "vp": c.vp if c.kind == "item" else None, "decks": []})
            if deck not in f["decks"]:
                f["decks"].append(deck)
    for q in quests():
        out.setdefault(q.key, {"name": q.name, "suit": q.suit, "kind": "quest", "cost": [], "item": None, "vp": None,
                               "items": list(q.items), "decks": ["quests"]})
    return out


def card_keys() -> list[str]:
    """Every card the reference knows: both decks, the Loyal Viziers and the quests, each key once."""
    return list(_facts())


def _section(lang: str) -> dict[str, Any]:
    return catalog(lang).get("card_text", {})


def card_reference(key: str, lang: str) -> dict[str, Any]:
    """The reference of card ``key`` (``"fox:Travel Gear"``) in ``lang``: ``key``, ``name`` (as the game names it,
    with its suit), ``title`` (the name alone), ``suit`` (its name), ``kind`` (its name), ``cost`` (rendered, ""
    for a card that cannot be crafted), ``item`` (its name or None), ``vp`` (an item's victory points or None),
    ``items`` (a quest's two items, rendered), ``decks`` and ``text`` (the effect). Unknown keys raise ``KeyError``."""
    r = _reference(key, lang)
    return {**r, "decks": list(r["decks"])}


@cache
def _reference(key: str, lang: str) -> dict[str, Any]:
    """The reference, built once per card and language (:func:`card_reference` hands out copies)."""
    check_lang(lang)
    f = _facts()[key]
    sec = _section(lang)
    kind = f["kind"]
    quest = kind == "quest"
    args = {"item": f["item"], "vp": f["vp"]}
    text = _fill(sec[key], args, lang, GAME, strict=True)
    return {
        "key": key,
        "name": quest_name(key, lang) if quest else card_name(key, lang),
        "title": quest_name(key, lang, with_suit=False) if quest else card_name(key, lang, with_suit=False),
        "suit": suit_name(f["suit"], lang),
        "kind": sec["_kind"][kind],
        "cost": ", ".join(suit_name(s, lang) for s in f["cost"]),
        "item": item_name(f["item"], lang) if f["item"] else None,
        "vp": f["vp"],
        "items": ", ".join(item_name(i, lang) for i in f.get("items", ())),
        "decks": [sec["_deck"][d] for d in f["decks"]],
        "text": text,
    }


@cache
def card_reference_text(key: str, lang: str) -> str:
    """The reference as plain text: the name and kind, then cost · item · VP (or a quest's items), then the effect.

    ``Travel Gear [fox] — item (immediate effect)`` / ``Cost: rabbit · Item: boot · 1 VP`` / ``Immediate …``"""
    r = card_reference(key, lang)
    field = _section(lang)["_field"]
    facts = []
    if r["cost"]:
        facts.append(f"{field['cost']}: {r['cost']}")
    elif _facts()[key]["kind"] in ("ambush", "dominance"):
        facts.append(field["no_cost"])
    if r["item"]:
        facts.append(f"{field['item']}: {r['item']}")
    if r["vp"] is not None:
        facts.append(field["vp"].format(vp=r["vp"]))
    if r["items"]:
        facts.append(f"{field['items']}: {r['items']}")
    facts.append(f"{field['deck']}: {', '.join(r['decks'])}")
    return "\n".join([f"{r['name']} — {r['kind']}", " · ".join(facts), r["text"]])


def _fold(text: str) -> str:
    """Lower case without diacritics ("Łódź" -> "lodz"), so "zasadzke" and "Dłuta" find what a keyboard without
    Polish letters types."""
    text = text.lower().replace("ł", "l")
    return "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))


@cache
def _haystacks() -> dict[str, tuple[str, ...]]:
    """Key -> what a search matches: its name with and without the suit, in every language, and the key."""
    from . import LANGS

    out: dict[str, tuple[str, ...]] = {}
    for key, f in _facts().items():
        names = {key}
        for lang in LANGS:
            if f["kind"] == "quest":
                names.add(quest_name(key, lang))
            else:
                names.add(card_name(key, lang))
                for form in ("acc", "gen"):  # "Zasadzkę", "Dominacji": how a sentence names it
                    names.add(card_name(key, lang, form=form))
        out[key] = tuple(sorted(_fold(n) for n in names))
    return out


def find_cards(query: str, keys: list[str] | None = None) -> list[str]:
    """The card keys whose name (either language, with or without its ``[suit]``, any case, Polish letters or not)
    contains ``query``; among ``keys`` when given (a hand). An exact name wins over the names that only contain it:
    "Sword" finds the Sword card, not Arms Trader's sword too (names, not effects, are searched)."""
    q = _fold(" ".join(query.split()))
    if not q:
        return []
    pool = _facts() if keys is None else [k for k in dict.fromkeys(keys) if k in _facts()]
    hay = _haystacks()
    hits = [k for k in pool if any(q in h for h in hay[k])]
    exact = [k for k in hits if any(h == q or h.split(" [")[0] == q for h in hay[k])]
    return exact or hits


__all__ = ["card_keys", "card_reference", "card_reference_text", "find_cards"]
