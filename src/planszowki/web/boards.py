"""What a game's board view in the browser needs besides a seat's view: the board's fixed drawing (Root: the map's
paths, rivers, forests and the layout's coordinates) and display names of what the view shows by key (cards)."""

from __future__ import annotations

from typing import Any

from .. import i18n

CARD_SUITS = ("fox:", "rabbit:", "mouse:", "bird:")


def geometry(game: str, state: Any) -> dict[str, Any] | None:
    """The fixed drawing of a game's board, or None for a game the browser shows as its view's tree."""
    if game != "root":
        return None
    from ..games.root.layout import geometry as root_geometry

    return root_geometry(state.view(None)["map"])


def names(game: str, view: Any, lang: str) -> dict[str, str]:
    """Display names for the keys a view shows (Root's cards ``"fox:Travel Gear"``), in ``lang``."""
    if game != "root":
        return {}
    out: dict[str, str] = {}

    def walk(x: Any) -> None:
        if isinstance(x, str):
            if x.startswith(CARD_SUITS) and x not in out:
                out[x] = i18n.card_name(x, lang)
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
