"""What a game's board view in the browser needs besides a seat's view: the board's fixed drawing (Root: the map's
paths, rivers, forests and the layout's coordinates; Ironwood: the content's locations, ridges, paths and borders; The
Great Wall: the content's sections and locations) and display names of what the view shows by key (cards, places), with
the lines the terminal screens say about it (cli/board_ironwood.py, cli/board_great_wall.py) rendered in the page's
language — so the page draws, and every word comes from the catalogs."""

from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

from .. import i18n

CARD_SUITS = ("fox:", "rabbit:", "mouse:", "bird:")


def geometry(game: str, state: Any) -> dict[str, Any] | None:
    """The fixed drawing of a game's board, or None for a game the browser shows as its view's tree."""
    if game == "ironwood":
        return _ironwood_geometry(state.content)
    if game == "great_wall":
        return _great_wall_geometry(state.content)
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
              "faction", "piece")


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


def names(game: str, view: Any, lang: str, state: Any = None) -> dict[str, str]:
    """Display names for the keys a view shows (Root's cards ``"fox:Travel Gear"`` and quests ``"fox:Errand"``), in
    ``lang``, and the terms its faction boards show by key (``"item:sword"``, ``"leader:builder"``, ...); Ironwood's
    and The Great Wall's places, cards and the lines their boards say (``state``: the game, for its content)."""
    content = getattr(state, "content", None)
    if game == "ironwood" and content is not None:
        return _ironwood_names(view, lang, content)
    if game == "great_wall" and content is not None:
        return _great_wall_names(view, lang, content)
    if game != "root":
        return {}
    out: dict[str, str] = dict(_root_terms(lang))
    # the card keys anywhere in the view (values or dict keys), found in its JSON text: one C-speed pass
    text = json.dumps({k: v for k, v in view.items() if k != "log"}, ensure_ascii=False)
    for key in set(_CARD_KEY.findall(text)):
        out[key] = _root_card_name(key, lang)
    return out


#: a Root card or quest key in a view's JSON text: ``"fox:Travel Gear"``
_CARD_KEY = re.compile(r'"((?:fox|rabbit|mouse|bird):[^"\\]*)"')


@cache
def _root_card_name(key: str, lang: str) -> str:
    """A card's or a quest's name (9.3.3: a quest card, not a card of the deck) in ``lang``."""
    quest = key.partition(":")[2] in i18n.catalog(lang)["root"]["terms"].get("quest", {})
    return i18n.quest_name(key, lang) if quest else i18n.card_name(key, lang)


def cards(game: str, view: Any, lang: str, state: Any = None) -> dict[str, dict[str, Any]]:
    """The card reference (i18n/cards.py: cost, item, VP, effect, and ``plain``, the whole as text) of every card in
    a hand the view shows — the seat's own, and a hand the Law makes public (11.2.3 the Riverfolk's) — for the
    page's tooltips. Only the hands: a card the seat cannot see is never named, and the payload stays small.
    Ironwood: the seat's own hand, each card's combat values and effects."""
    content = getattr(state, "content", None)
    if game == "ironwood" and content is not None:
        return _ironwood_cards(view, lang, content)
    if game != "root":
        return {}
    out: dict[str, dict[str, Any]] = {}
    for pv in (view.get("players") or {}).values():
        hand = pv.get("hand") if isinstance(pv, dict) else None
        for key in hand if isinstance(hand, list) else ():
            if key not in out:
                out[key] = {**i18n.card_reference(key, lang), "plain": i18n.card_reference_text(key, lang)}
    return out


def _plain_lines(renderable: Any) -> list[str]:
    """The lines of a terminal screen's group or panel (cli/board_*.py), as plain text."""
    inner = getattr(renderable, "renderable", renderable)
    out: list[str] = []
    for r in getattr(inner, "renderables", [inner]):
        out.extend(_plain_lines(r) if hasattr(r, "renderables") else [getattr(r, "plain", str(r))])
    return out


# -- Ironwood ----------------------------------------------------------------------------------------------------
def _ironwood_geometry(content: Any) -> dict[str, Any]:
    """The content's board: each location's type, ring and coordinates (Ferrum in the middle), the ridges between
    mountains and the paths between forests (``adj``), and the borders between a forest and a mountain."""
    b = content.board
    pairs = {(i, j) for i in range(len(b.ids)) for j in b.adj[i] if i < j}
    return {"locations": [{"id": lid, "type": b.types[i], "ring": b.rings[i], "xy": list(b.xy[i])}
                          for i, lid in enumerate(b.ids)],
            "ridges": [[b.ids[i], b.ids[j]] for i, j in sorted(pairs) if b.types[i] == "mountain"],
            "paths": [[b.ids[i], b.ids[j]] for i, j in sorted(pairs) if b.types[i] == "forest"],
            "borders": [[b.ids[i], b.ids[j]] for i in range(len(b.ids)) for j in b.borders[i]
                        if b.types[i] == "forest"],
            "ferrum": b.ids[b.ferrum]}


def _ironwood_card_keys(view: dict[str, Any]) -> set[str]:
    keys: set[str] = set()
    for p in view["players"].values():
        for field in ("hand", "discard", "spent", "base_in_hand"):
            keys.update(p.get(field) or ())
        for slot in p.get("slots") or ():
            keys.update(c for c in slot if c != "pass")
        keys.update(c for c, _ in p.get("temporary") or ())
    bt = view.get("battle") or {}
    keys.update(bt[k] for k in ("attacker_card", "defender_card") if bt.get(k) not in (None, "", "hidden"))
    keys.update(b[4] for b in view.get("bonuses") or () if len(b) > 4 and isinstance(b[4], str))
    return keys


def _ironwood_names(view: dict[str, Any], lang: str, content: Any) -> dict[str, str]:
    """Card and location names, each location's tooltip, each faction's panel lines, the battle, the seat's own
    vision cards, the map's legend (cli/board_ironwood.py says the same in the terminal)."""
    from ..cli import board_ironwood as biw
    from ..i18n import ironwood as iwi

    out = {k: iwi.card_name(k, lang, content) for k in _ironwood_card_keys(view) if k in content.cards}
    for e in view["locations"]:
        name = iwi.loc_name(e["id"], lang, content)
        out["loc:" + e["id"]] = name
        out["tip:" + e["id"]] = " · ".join([name, iwi.iw_term("type", e["type"], lang),
                                            iwi.iw_term("ring", e["ring"], lang)])
    out["iw:title"] = biw.title_text(view, lang)
    out["iw:legend"] = biw.tr("map_legend", lang)
    out["iw:track_0"] = biw.tr("track_0", lang)
    for seat in biw.SEATS:
        panel = biw.faction_panel(view, seat, lang, content)
        out["iw:head:" + seat] = panel.title.plain if hasattr(panel.title, "plain") else str(panel.title)
        out["iw:lines:" + seat] = "\n".join(_plain_lines(panel))
        out["faction:" + seat] = iwi.iw_term("faction", seat, lang)
    battle = biw.battle_panel(view, lang, content)
    if battle is not None:
        out["iw:battle"] = "\n".join(_plain_lines(battle))
    seat = view.get("seat")
    if seat in view["players"] and view["players"][seat].get("hand") is not None:
        own = biw.own_panel(view, seat, lang, content)
        lines = _plain_lines(own)
        out["iw:own"] = "\n".join(x for x in lines[1:] if x)  # the hand's table is the page's own (below)
        out["iw:your_hand"] = biw.tr("your_hand", lang, faction=seat)
        out["iw:hand_legend"] = biw.tr("hand_legend", lang)
        for key in ("col_card", "col_dmg", "col_def", "col_dom", "col_effect"):
            out["iw:" + key] = biw.tr(key, lang)
    return out


def _ironwood_cards(view: dict[str, Any], lang: str, content: Any) -> dict[str, dict[str, Any]]:
    """The seat's own hand (the only cards it holds the faces of): name, faction, combat values, effects."""
    from ..cli import board_ironwood as biw
    from ..i18n import ironwood as iwi

    out: dict[str, dict[str, Any]] = {}
    for pv in view["players"].values():
        for cid in pv.get("hand") or ():
            c = content.cards.get(cid)
            if c is None or cid in out:
                continue
            kind = iwi.iw_term("faction", c.faction, lang) + (f" ({biw.tr('base', lang)})" if c.base else "")
            values = biw.tr("card_values", lang, d=c.damage, f=c.defense, m=c.dominance)
            text = iwi.describe_card(c, lang)
            out[cid] = {"name": c.name[lang], "kind": kind, "text": text, "damage": c.damage, "defense": c.defense,
                        "dominance": c.dominance, "plain": f"{c.name[lang]} — {kind}\n{values}\n{text}"}
    return out


# -- The Great Wall ----------------------------------------------------------------------------------------------
def _great_wall_geometry(content: Any) -> dict[str, Any]:
    """The content's board: the sections, the locations in the rulebook's order (kind, Shame icon, spaces for 3
    and 4 players), the Wall's levels, Barricade slots and firing spots, the Time track."""
    b = content.board
    return {"sections": b["sections"], "wall_max": len(b["wall_cost"]), "barricade_slots": b["barricade_slots"],
            "firing_spots": b["firing_spots"], "time_last": len(b["time_track"]["lethality"]) - 1,
            "lethality": list(b["time_track"]["lethality"]),
            "locations": [{"id": loc["id"], "kind": loc["kind"], "shame": bool(loc.get("shame")),
                           "slots": loc.get("slots", {})} for loc in b["locations"]]}


def _great_wall_names(view: dict[str, Any], lang: str, content: Any) -> dict[str, str]:
    """What the page writes on The Great Wall's table, as cli/board_great_wall.py says it in the terminal: clan,
    location and section names, each Horde card in the sections (name, power and claim, ability, each Vital point's
    reward code), each section's Wall, defense, firing spots and rest zone, the public tracks and pools, the clans,
    and the seat's own screen (only its own: ``view`` holds nothing else)."""
    from ..cli import board_great_wall as bgw

    tr = bgw.tr
    out: dict[str, str] = {"gw:title": bgw.title_text(view, lang), "gw:legend": tr("grid_legend", lang),
                           "gw:firing": tr("firing", lang), "gw:rest_zone": tr("rest_zone", lang),
                           "gw:locations": tr("locations", lang), "gw:clans": tr("clans", lang),
                           "gw:no_horde": tr("no_horde", lang), "gw:wound": "✕"}
    for seat in {*view["players"], *view["tea"]}:
        out["clan:" + seat] = bgw.term("clan", seat, lang)
    for t, soldier in enumerate(bgw.SOLDIERS):
        out[f"gw:code:{t}"] = tr("code_" + soldier, lang)
        out[f"gw:soldier:{t}"] = bgw.term("soldier", soldier, lang)
    b = content.board
    for sec, s in enumerate(view["sections"]):
        name = bgw.term("section", str(sec), lang)
        out[f"sec:{sec}"] = name[:1].upper() + name[1:]
        panel = _plain_lines(bgw.section_panel(view, sec, lang, content))
        out[f"gw:sec:{sec}"] = "\n".join(panel[:4])  # Wall, defense vs power, firing spots, rest zone
        out[f"gw:wall:{sec}"] = tr("wall_line", lang, level=s["wall"], max=len(b["wall_cost"]), bar=s["barricades"],
                                   bar_max=b["barricade_slots"])
        for row, entry in enumerate(s["horde"]):
            cid = entry["id"]
            spec = content.horde[cid]
            out[f"gw:row:{row}"] = tr("horde_row", lang, n=row + 1)
            out["card:" + cid] = bgw.card(cid, lang, content)
            out["gw:stats:" + cid] = tr("horde_stats", lang, power=spec["power"], reward=spec["reward"])
            if spec.get("ability"):
                out["gw:ability:" + cid] = bgw.horde_ability_text(spec["ability"], lang)
            wounds = sum(1 for x in entry["occ"] if x == "w")
            if wounds:
                out["gw:wounds:" + cid] = tr("wounds", lang, n=wounds)
            for i, cell in enumerate(spec["cells"]):
                if cell is not None:
                    out[f"gw:cell:{cid}:{i}"] = bgw._reward_code(cell, lang)
    for lid in view["locations"]:
        out["loc:" + lid] = bgw.loc_name(lid, lang, content)
    n = len(view["players"])
    for lid, clerks in view["locations"].items():
        loc = content.loc[lid]
        slots = next((loc["slots"][k] for k in (str(n), str(len(view["tea"]))) if k in loc.get("slots", {})), None)
        out["gw:spaces:" + lid] = (tr("special", lang) if loc["kind"] != "normal"
                                   else f"{len(clerks)}/{slots if slots else '?'}")
    for seat, p in view["players"].items():
        for lid, lvl in p.get("overseers", {}).items():
            key = "gw:overseers:" + lid
            entry = tr("overseer_entry", lang, seat=seat, level=lvl)
            out[key] = out[key] + ", " + entry if key in out else entry
    out["gw:status"] = "\n".join(_plain_lines(bgw.status_group(view, lang, content)))
    out["gw:clan_lines"] = "\n".join(_plain_lines(bgw.clans_group(view, lang, content))[1:])
    seat = view.get("seat")
    if seat is not None and "resources" in view["players"].get(seat, {}):
        panel = bgw.own_panel(view, seat, lang, content)
        out["gw:own_title"] = panel.title.plain if hasattr(panel.title, "plain") else str(panel.title)
        out["gw:own"] = "\n".join(_plain_lines(panel))
    return out


# -- the decision in words ----------------------------------------------------------------------------------------
def prompt(game: str, state: Any, decision: Any, lang: str) -> str:
    """The decision's prompt as the terminal says it (sent to the deciding seat only): Ironwood's with the card being
    resolved, the battle's place and the seat's role in it (cli/board_ironwood.py ``prompt_args``: public, or the
    deciding seat's own); The Great Wall's with how many times it comes again and the soldier at stake."""
    content = getattr(state, "content", None)
    if game == "ironwood":
        from ..cli import board_ironwood as biw

        d = {"kind": decision.kind, "args": biw.prompt_args(state, decision), "player": decision.player,
             "rule": decision.rule}
        text = i18n.decision_prompt(d, lang, game, content=content)
        line = biw.resolving_line(state, decision, lang)
        return text if line is None else f"{text} — {line.plain}"
    text = i18n.decision_prompt(decision, lang, game, content=content)
    if game == "great_wall":
        from ..cli import board_great_wall as bgw

        text += bgw.left_text(state, decision, lang) + bgw.victim_text(state, decision, lang)
    return text


def option_labels(game: str, state: Any, decision: Any, lang: str) -> list[str]:
    """Each option in words, as the terminal says it: an Ironwood Resolve choice with what it does and a card placed
    in a fight with its combat values; a Great Wall Vital point with its card, section and reward, a recruit or a
    Wall level with its cost."""
    content = getattr(state, "content", None)
    if game == "ironwood":
        from ..cli import board_ironwood as biw

        return [biw.option_text(o, decision, state, lang) for o in decision.options]
    if game == "great_wall":
        from ..cli import board_great_wall as bgw

        return [bgw.option_text(o, decision, state, lang) for o in decision.options]
    return [i18n.option_label(o, lang, decision.kind, game, content=content) for o in decision.options]
