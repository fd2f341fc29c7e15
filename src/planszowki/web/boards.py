"""What a game's board view in the browser needs besides a seat's view: the board's fixed drawing (Root: the map's
paths, rivers, forests and the layout's coordinates) and display names of what the view shows by key (cards)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .. import i18n

CARD_SUITS = ("fox:", "rabbit:", "mouse:", "bird:")


def geometry(game: str, state: Any) -> dict[str, Any] | None:
    """The fixed drawing of a game's board, or None for a game the browser shows as its view's tree."""
    if game != "root":
        return None
    from ..games.root.layout import geometry as root_geometry

    return {**root_geometry(state.view(None)["map"]), "tracks": _root_tracks()}


@cache
def _root_tracks() -> dict[str, Any]:
    """The numbers printed on Root's faction boards that the view does not carry: the Marquise's building costs and
    VP (6.5.4.II–III), the Eyrie's roost VP (7.6.1), the Alliance's Sympathy costs and VP (8.4.2), the Duchy's
    ministers' ranks, sway costs and crown VP (12.5.3), the Riverfolk's trade post VP (11.5.6.3), the Cult's garden
    VP (10.5.3) — for the page's faction boards."""
    from ..games.root.factions import alliance, cult, duchy, eyrie, marquise, riverfolk

    return {
        "marquise": {"buildings": list(marquise.BUILDINGS), "cost": list(marquise.COST),
                     "vp": {k: list(v) for k, v in marquise.VP.items()}},
        "eyrie": {"columns": list(eyrie.COLUMNS), "roost_vp": list(eyrie.ROOST_VP)},
        "alliance": {"spread_cost": list(alliance.SPREAD_COST), "sympathy_vp": list(alliance.SYMPATHY_VP)},
        "duchy": {"ministers": dict(duchy.MINISTERS), "sway_cost": dict(duchy.SWAY_COST),
                  "crown_vp": dict(duchy.CROWN_VP)},
        "riverfolk": {"post_vp": list(riverfolk.POST_VP)},
        "cult": {"garden_vp": list(cult.GARDEN_VP)},
    }


#: the kinds of Root's terms a faction board shows by key, named for the page as ``"kind:value"``
TERM_KINDS = ("item", "leader", "character", "minister", "plot", "relationship", "column", "service", "suit",
              "faction")


@cache
def _root_terms(lang: str) -> dict[str, str]:
    """Every term a Root faction board shows by key (items, leaders, characters, ministers, plots, relationships,
    Decree columns, services, suits, factions) in ``lang``; an item's exhausted and damaged states agree with it
    (``"item_e:tea"``: "wyczerpana")."""
    terms = i18n.catalog(lang)["root"]["terms"]
    out = {f"{kind}:{key}": i18n.term(kind, key, lang) for kind in TERM_KINDS for key in terms.get(kind, {})}
    for item in terms.get("item", {}):
        for state in ("e", "d", "x"):
            out[f"item_{state}:{item}"] = i18n.item_state(item, state, lang)
    return out


def names(game: str, view: Any, lang: str) -> dict[str, str]:
    """Display names for the keys a view shows (Root's cards ``"fox:Travel Gear"`` and quests ``"fox:Errand"``), in
    ``lang``, and the terms its faction boards show by key (``"item:sword"``, ``"leader:builder"``, ...)."""
    if game != "root":
        return {}
    out: dict[str, str] = dict(_root_terms(lang))
    quest_names = i18n.catalog(lang)["root"]["terms"].get("quest", {})

    def walk(x: Any) -> None:
        if isinstance(x, str):
            if x.startswith(CARD_SUITS) and x not in out:
                quest = x.partition(":")[2] in quest_names  # 9.3.3: a quest card, not a card of the deck
                out[x] = i18n.quest_name(x, lang) if quest else i18n.card_name(x, lang)
        elif isinstance(x, dict):
            for v in x.values():
                walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk({k: v for k, v in view.items() if k != "log"})
    return out


def cards(game: str, view: Any, lang: str) -> dict[str, dict[str, Any]]:
    """The card reference (i18n/cards.py: cost, item, VP, effect, and ``plain``, the whole as text) of every card in
    a hand the view shows — the seat's own, and a hand the Law makes public (11.2.3 the Riverfolk's) — for the
    page's tooltips. Only the hands: a card the seat cannot see is never named, and the payload stays small."""
    if game != "root":
        return {}
    out: dict[str, dict[str, Any]] = {}
    for pv in (view.get("players") or {}).values():
        hand = pv.get("hand") if isinstance(pv, dict) else None
        for key in hand if isinstance(hand, list) else ():
            if key not in out:
                out[key] = {**i18n.card_reference(key, lang), "plain": i18n.card_reference_text(key, lang)}
    return out
