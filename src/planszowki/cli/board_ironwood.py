"""Ironwood in the terminal: the map, both factions, the cards in play, a battle, the hand, the log and a decision.

Everything shown comes from ``state.view(seat)`` (what that seat may know) and from log events the seat may see
(``Event.visible_to``), so a hot-seat screen never shows the other player's hand, vision cards or a card placed face
down in a battle before the reveal. Card and place names come from the content in play (the demonstration set, or an
owner's transcription loaded with ``--content``); a card's effects are shown from the effect vocabulary
(``i18n.ironwood.describe_card``) in the player's language. Root's screen is ``board.py``, untouched by this one.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .. import i18n
from ..i18n import ironwood as iwi
from .board import options_grid

FACTION_STYLE = {"woodwalkers": "bold green3", "ironclad": "bold steel_blue1"}
SEATS = ("woodwalkers", "ironclad")


def tr(key: str, lang: str, content: Any = None, **args: Any) -> str:
    return iwi.tr(key, lang, content, **args)


def faction_text(seat: str | None, lang: str, form: str = "nom") -> Text:
    if not seat:
        return Text("—", style="dim")
    return Text(iwi.iw_term("faction", seat, lang, form), style=FACTION_STYLE.get(seat, "bold"))


def _loc(lid: str, lang: str, content: Any) -> str:
    return iwi.loc_name(lid, lang, content)


def _card(cid: str, lang: str, content: Any) -> str:
    return iwi.card_name(cid, lang, content)


def label_line(view: dict[str, Any], lang: str) -> Text | None:
    """The content set's label: "demonstration content, not the printed cards" for the demonstration set."""
    label = (view.get("label") or {}).get(lang)
    if not label:
        return None
    return Text(tr("label", lang, label=label), style="bold yellow" if view.get("demo") else "yellow")


def title_text(view: dict[str, Any], lang: str) -> str:
    if view["phase"] == "setup" or not view["round"]:
        return tr("title_setup", lang)
    return tr("title", lang, round=view["round"], turn=view["turn"],
              phase=iwi.iw_term("phase", view["phase"], lang))


# -- the map --------------------------------------------------------------------------------------------------
def _marks(entry: dict[str, Any], lang: str) -> Text:
    out = Text()
    for i, (meaning, seat) in enumerate(entry.get("marks", [])):
        if i:
            out.append(", ")
        out.append(tr("mark_entry", lang, meaning=meaning, faction=seat), style=FACTION_STYLE.get(seat, ""))
    return out


def _name(entry: dict[str, Any], lang: str, content: Any) -> Text:
    """A location's name and its ring (inner / outer; Ferrum the centre): outer locations count for victory."""
    out = Text(_loc(entry["id"], lang, content), style="bold" if entry["ring"] != "inner" else "")
    out.append(f" {iwi.iw_term('ring', entry['ring'], lang)}", style="dim")
    return out


def mountains_table(view: dict[str, Any], lang: str, content: Any) -> Table:
    t = Table(title=tr("mountains", lang), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
              collapse_padding=True)
    for key in ("col_location", "col_ironclad", "col_site", "col_marks"):
        t.add_column(tr(key, lang), no_wrap=key != "col_marks")
    drill = view["players"]["ironclad"]["drill"]
    for e in view["locations"]:
        if e["type"] != "mountain":
            continue
        units = Text()
        w, g = e.get("ironclad", 0), e.get("golems", 0)
        if w or g:
            units.append(tr("units_ic_g" if g else "units_ic", lang, w=w, g=g), style=FACTION_STYLE["ironclad"])
        if e["id"] == drill:
            units.append((" " if units.plain else "") + tr("drill_here", lang), style="bold magenta")
        site = Text()
        if e["ring"] == "center":  # Ferrum's forge is printed on the board
            site.append(iwi.iw_term("site", "forge", lang), style="dim")
        elif e.get("site"):
            site.append(iwi.iw_term("site", e["site"], lang), style="bold" if e["site"] == "forge" else "")
        t.add_row(_name(e, lang, content), units, site, _marks(e, lang))
    return t


def forests_table(view: dict[str, Any], lang: str, content: Any) -> Table:
    t = Table(title=tr("forests", lang), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
              collapse_padding=True)
    for key in ("col_location", "col_woodwalkers", "col_totems", "col_marks"):
        t.add_column(tr(key, lang), no_wrap=key != "col_marks")
    for e in view["locations"]:
        if e["type"] != "forest":
            continue
        w = e.get("woodwalkers", 0)
        totems = Text(", ".join(iwi.iw_term("totem", x, lang) for x in e.get("totems", [])), style="bold yellow")
        t.add_row(_name(e, lang, content), Text(str(w) if w else "", style=FACTION_STYLE["woodwalkers"]), totems,
                  _marks(e, lang))
    return t


def _map_label(e: dict[str, Any], drill: str, lang: str, content: Any) -> Text:
    """A location on the drawn map: its name, the warriors and golems on it, a forge or foundation, the drill,
    totems and markers."""
    outer = e["ring"] != "inner"
    style = FACTION_STYLE["ironclad" if e["type"] == "mountain" else "woodwalkers"].replace("bold ", "")
    t = Text(_loc(e["id"], lang, content), style=("bold " if outer else "") + style)
    w = e.get("ironclad", 0) or e.get("woodwalkers", 0)
    if w:
        t.append(f" {w}", style=FACTION_STYLE["ironclad" if e["type"] == "mountain" else "woodwalkers"])
    if e.get("golems"):
        t.append(f" g{e['golems']}", style=FACTION_STYLE["ironclad"])
    if e["ring"] == "center" or e.get("site") == "forge":
        t.append(" ⚒", style="bold")
    elif e.get("site") == "foundation":
        t.append(" ◇")
    if e["id"] == drill:
        t.append(" ▼", style="bold magenta")
    for x in e.get("totems", []):
        t.append(" ✦" if x == "full" else " ✧", style="bold yellow")
    if e.get("marks"):
        t.append(" " + "#" * len(e["marks"]), style="bold red")
    return t


def map_drawing(view: dict[str, Any], lang: str, content: Any, width: int = 100) -> Group:
    """The board drawn from the content's coordinates (Ferrum in the middle, the outer ring at the edge), with
    what stands on each location now."""
    b = content.board
    xs = [p[0] for p in b.xy]
    ys = [p[1] for p in b.xy]
    span_x = (max(xs) - min(xs)) or 1.0
    span_y = (max(ys) - min(ys)) or 1.0
    cols = max(40, min(width, 120) - 18)
    rows = 21
    drill = view["players"]["ironclad"]["drill"]
    placed: dict[int, list[tuple[int, Text]]] = {}
    for e in view["locations"]:
        i = b.index[e["id"]]
        col = 8 + round((b.xy[i][0] - min(xs)) / span_x * cols)
        row = round((max(ys) - b.xy[i][1]) / span_y * (rows - 1))
        placed.setdefault(row, []).append((col, _map_label(e, drill, lang, content)))
    lines: list[RenderableType] = []
    for r in range(rows):
        line = Text()
        cur = 0
        for col, label in sorted(placed.get(r, []), key=lambda x: x[0]):
            start = max(cur + (1 if cur else 0), col - label.cell_len // 2)
            line.append(" " * (start - cur))
            line.append_text(label)
            cur = start + label.cell_len
        lines.append(line)
    lines.append(Text(tr("map_legend", lang), style="dim"))
    return Group(*lines)


def map_table(content: Any, lang: str) -> Table:
    """Every location with the ones of its type it is joined to (ridges between mountains, paths between forests)
    and the locations of the other type it borders (battles and Discover go across a border)."""
    b = content.board
    t = Table(title=tr("map_title", lang), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    for key in ("col_location", "col_ring", "col_ridges", "col_borders"):
        t.add_column(tr(key, lang), no_wrap=key in ("col_location", "col_ring"))
    for i in range(len(b.ids)):
        ring = Text(iwi.iw_term("type", b.types[i], lang) + " · " + iwi.iw_term("ring", b.rings[i], lang),
                    style="dim")
        t.add_row(Text(b.names[i][lang], style="bold"), ring,
                  ", ".join(b.names[j][lang] for j in b.adj[i]), ", ".join(b.names[j][lang] for j in b.borders[i]))
    return t


# -- the factions ---------------------------------------------------------------------------------------------
def _slots(slots: list[list[str]], lang: str, content: Any) -> str:
    parts = []
    for k, slot in enumerate(slots, 1):
        if slot == ["pass"]:
            parts.append(f"{k}. {tr('slot_pass', lang)}")
        else:
            parts.append(f"{k}. " + " + ".join(_card(c, lang, content) for c in slot))
    return "; ".join(parts) or tr("slots_none", lang)


def _bonus_text(b: list[Any], lang: str) -> str:
    eff = {"do": "fight", "damage": b[1], "defense": b[2], "dominance": b[3], "scope": b[5]}
    return iwi.describe_effect(eff, lang)


def _solo_lines(p: dict[str, Any], lang: str, content: Any) -> list[RenderableType]:
    """A solo opponent's public state: the Ironbot's stance and turn card, the Forest bot's aid card side and
    Forest Spirits ("Tryb solo")."""
    out: list[RenderableType] = []
    ib = p.get("ironbot")
    if ib:
        line = tr("ironbot_line", lang, stance=ib.get("stance", ""), side=ib.get("turn_card", ""))
        if ib.get("marked"):
            line += tr("ib_marked", lang, content, mountains=ib["marked"])
        out.append(Text(line, style="bold"))
    fb = p.get("forestbot")
    if fb:
        line = tr("forestbot_line", lang, fb_side=fb.get("side", ""), spirits=fb.get("spirits", 0))
        if fb.get("boxed"):
            line += tr("fb_boxed", lang, n=fb["boxed"])
        out.append(Text(line, style="bold"))
        if fb.get("variants"):
            out.append(Text(tr("fb_variants", lang, fb_variants=fb["variants"]), style="dim"))
        if fb.get("vision_discard"):
            out.append(Text(tr("fb_vision_discard", lang, content, mountains=fb["vision_discard"]), style="dim"))
    return out


def faction_panel(view: dict[str, Any], seat: str, lang: str, content: Any) -> Panel:
    p = view["players"][seat]
    title = faction_text(seat, lang)
    progress = (tr("secured", lang, n=p["secured"]) if seat == "woodwalkers" else tr("forges", lang, n=p["forges"]))
    title.append(f"  {progress}", style="bold")
    head = [tr("crystals", lang, n=p["crystals"]), tr("hand_size", lang, n=p["hand_size"]),
            tr("deck_size", lang, n=p["deck"]), tr("discard_size", lang, n=len(p["discard"]))]
    lines: list[RenderableType] = [Text(" · ".join(head))]
    if seat == "ironclad":
        lines.append(Text(tr("drill", lang, content, loc=p["drill"], step=p["drill_step"], cargo=p["cargo"])))
    else:
        lines.append(Text(tr("visions", lang, n=p["visions"], deck=p["vision_deck"], burned=p["vision_discard"])))
        if p["vision_shown"]:
            lines.append(Text(tr("vision_shown", lang, content, mountains=p["vision_shown"]), style="dim"))
    lines.extend(_solo_lines(p, lang, content))
    if "base_in_hand" in p:  # the opponent's base cards in hand are public; the rest is a number
        lines.append(Text(tr("base_in_hand", lang, content, cards=p["base_in_hand"] or [])))
    lines.append(Text(tr("slots", lang, slots=_slots(p["slots"], lang, content))))
    if p["temporary"]:
        entries = [tr("temporary_entry", lang, content, card=c, n=n) for c, n in p["temporary"]]
        lines.append(Text(tr("temporary", lang, cards="; ".join(entries))))
    bonuses = [b for b in view.get("bonuses", []) if b[0] == seat]
    if bonuses:
        entries = [tr("bonus_entry", lang, content, card=b[4], text=_bonus_text(b, lang)) for b in bonuses]
        lines.append(Text(tr("bonuses", lang, bonuses="; ".join(entries))))
    if p["spent"]:
        lines.append(Text(tr("spent", lang, content, cards=p["spent"]), style="dim"))
    return Panel(Group(*lines), title=title, title_align="left", border_style=FACTION_STYLE.get(seat, ""))


def battle_panel(view: dict[str, Any], lang: str, content: Any) -> Panel | None:
    bt = view.get("battle")
    if not bt:
        return None

    def card(key: str) -> str:
        if key not in bt:
            return tr("not_yet", lang)
        return _card(bt[key], lang, content)

    body = Group(Text(tr("battle", lang, content, attacker=bt["attacker"], frm=bt["from"], to=bt["to"]),
                      style="bold"),
                 Text(tr("battle_cards", lang, a=card("attacker_card"), d=card("defender_card"))))
    return Panel(body, border_style="bold red")


def hand_table(cards: list[str], lang: str, content: Any, title: str) -> Table:
    """Cards with their combat values and what they do when played (in the player's language)."""
    t = Table(title=title, title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False, expand=False,
              caption=tr("hand_legend", lang), caption_justify="left", caption_style="dim")
    t.add_column(tr("col_card", lang), no_wrap=True, style="bold")
    for key in ("col_dmg", "col_def", "col_dom"):
        t.add_column(tr(key, lang), justify="right", no_wrap=True)
    t.add_column(tr("col_effect", lang))
    for cid in cards:
        c = content.cards[cid]
        name = Text(c.name[lang])
        name.append(f" {cid}", style="dim")
        if c.base:
            name.append(f" ({tr('base', lang)})", style="dim")
        t.add_row(name, str(c.damage), str(c.defense), str(c.dominance), iwi.describe_card(c, lang))
    return t


def hand_list(cards: list[str], lang: str, content: Any, title: str) -> Group:
    """The hand for a narrow terminal: each card on a line with its values, its effects indented below."""
    lines: list[RenderableType] = [Text(title, style="italic")]
    for cid in cards:
        c = content.cards[cid]
        line = Text(c.name[lang], style="bold")
        line.append(f" {cid}" + (f" ({tr('base', lang)})" if c.base else ""), style="dim")
        line.append(" — " + tr("card_values", lang, d=c.damage, f=c.defense, m=c.dominance))
        lines.append(line)
        lines.append(Text("    " + iwi.describe_card(c, lang)))
    return Group(*lines)


#: Narrower than this, the hand is a list rather than a table (the effects column would be squeezed).
WIDE = 110


def own_panel(view: dict[str, Any], seat: str, lang: str, content: Any, width: int = WIDE) -> RenderableType:
    p = view["players"][seat]
    hand = hand_table if width >= WIDE else hand_list
    parts: list[RenderableType] = [hand(p["hand"], lang, content, tr("your_hand", lang, faction=seat))]
    if seat == "woodwalkers" and "vision_hand" in p:  # Discover: from an inner forest bordering the mountain
        b = content.board
        entries = []
        for m in p["vision_hand"]:
            forests = [b.ids[f] for f in b.borders[b.index[m]] if b.rings[f] == "inner"] if m in b.index else []
            entries.append(tr("vision_entry", lang, content, mountain=m, forests=forests))
        parts.append(Text(tr("your_visions", lang, visions="; ".join(entries) or "—"), style="bold yellow"))
    if p.get("vision_top"):
        parts.append(Text(tr("vision_top", lang, content, mountain=p["vision_top"]), style="yellow"))
    return Panel(Group(*parts), border_style=FACTION_STYLE.get(seat, ""))


def board_group(view: dict[str, Any], lang: str, viewer: str | None, content: Any, width: int = WIDE) -> Group:
    """The whole table as ``viewer`` sees it (``None``: a spectator)."""
    parts: list[RenderableType] = []
    label = label_line(view, lang)
    if label is not None:
        parts.append(label)
    parts.append(Columns([mountains_table(view, lang, content), forests_table(view, lang, content)], padding=(0, 3)))
    parts.append(Text(tr("map_hint", lang), style="dim"))
    parts.extend(faction_panel(view, s, lang, content) for s in SEATS)
    battle = battle_panel(view, lang, content)
    if battle is not None:
        parts.append(battle)
    if viewer is not None and view["players"][viewer].get("hand") is not None:
        parts.append(own_panel(view, viewer, lang, content, width))
    return Group(*parts)


# -- log and decisions ----------------------------------------------------------------------------------------
def event_line(event: Any, lang: str, content: Any = None, *, annotate: bool = False) -> Text:
    text = Text(i18n.render_event(event, lang, "ironwood", content=content))
    seats = event.seats if hasattr(event, "seats") else event.get("seats")
    kind = event.kind if hasattr(event, "kind") else event.get("kind")
    if kind == "iw.round":
        text.stylize("bold")
    elif kind == "iw.victory":
        text.stylize("bold green")
    if annotate and seats is not None:
        names = ", ".join(iwi.iw_term("faction", s, lang, "short") for s in seats)
        text.append(f"  [{i18n.tr('only_for', lang, seats=names)}]", style="dim italic")
    return text


def _frame(state: Any, decision: Any) -> dict[str, Any]:
    """The flow frame the decision comes from (plain data: the card being resolved, its effect, counts)."""
    if state.stack and state.stack[-1].get("k") == decision.kind:
        return state.stack[-1]
    return {}


def prompt_args(state: Any, decision: Any) -> dict[str, Any]:
    """What the prompt says beyond the decision's kind: the card being resolved, how many of its units moved so
    far, the battle's place … all public, or the deciding seat's own."""
    fr = _frame(state, decision)
    args: dict[str, Any] = dict(decision.args or {})
    kind = decision.kind
    eff = fr.get("eff") or {}
    if "card" in fr:
        args["card"] = fr["card"]
    args.setdefault("done", len(fr.get("picks", ())) if kind == "iw.resolve" else fr.get("done", 0))
    args.setdefault("n", eff.get("times", 1) if eff.get("units") == "drill" else eff.get("n", 1))
    if kind == "iw.move" and eff.get("units") == "drill":
        args["stage"] = "drill"
    if kind == "iw.turn":
        args["slot"] = len(state.slots[decision.player]) + 1
    elif kind == "iw.first_draw" and fr.get("returning"):
        args["stage"] = "returning"
        args["n"] = fr["returning"]
    elif kind == "iw.end_recruit":
        args["crystals"] = state.crystals[decision.player]
    elif kind == "iw.handicap":
        args["left"] = fr.get("n", 0) - len(fr.get("used", ()))
    elif kind.startswith("iw.battle."):
        bt = state.view(decision.player).get("battle") or {}
        args["to"] = bt.get("to", "")
        if kind == "iw.battle.place":
            args["role"] = fr.get("role", "")
        elif kind == "iw.battle.wound":
            args["n"] = fr.get("n", 0)
            side = fr.get("side")
            args["loc"] = bt.get("from" if side == "a" else "to", "")
        elif kind == "iw.battle.retreat" and "loc" in fr:
            args["loc"] = state.lid(fr["loc"])
    return args


def option_text(opt: Any, decision: Any, state: Any, lang: str) -> str:
    """An option in words; a choice of a Resolve card says what that choice does."""
    args = opt.args
    action = opt.action
    if action == "choose":
        fr = _frame(state, decision)
        choices = (fr.get("eff") or {}).get("choices") or []
        index = args.get("index", 0)
        text = iwi.describe(choices[index], lang) if index < len(choices) else ""
        opt = {"id": opt.id, "action": opt.action, "args": {**args, "text": text},
               "rule": opt.rule}
    text = i18n.option_label(opt, lang, decision.kind, "ironwood", content=state.content)
    card = state.content.cards.get(args.get("card") or "")
    if action == "commit" and card is not None:  # a card placed in a fight counts by its combat values
        text += f" — {tr('card_values', lang, d=card.damage, f=card.defense, m=card.dominance)}"
    return text


def resolving_line(state: Any, decision: Any, lang: str) -> Text | None:
    """The card whose effects are being resolved, and all it does (so a multi-step card reads as one)."""
    fr = _frame(state, decision)
    cid = fr.get("card")
    if not cid or cid not in state.content.cards:
        return None
    card = state.content.cards[cid]
    return Text(tr("resolving", lang, state.content, card=cid, text=iwi.describe_card(card, lang)), style="cyan")


def decision_block(state: Any, decision: Any, lang: str, width: int = 80) -> Group:
    """The prompt and the numbered options with their rule citations (the section's heading)."""
    head = Text()
    head.append_text(faction_text(decision.player, lang))
    head.append(" — ")
    d = {"kind": decision.kind, "args": prompt_args(state, decision), "player": decision.player,
         "rule": decision.rule}
    head.append(i18n.decision_prompt(d, lang, "ironwood", content=state.content), style="bold")
    parts: list[RenderableType] = []
    line = resolving_line(state, decision, lang)
    if line is not None:
        parts.append(line)
    parts.append(head)
    items = [(f"{i}.", option_text(opt, decision, state, lang), i18n.cite(opt.rule, lang))
             for i, opt in enumerate(decision.options, 1)]
    parts.append(options_grid(items, width))
    return Group(*parts)


# -- the end ---------------------------------------------------------------------------------------------------
def result_group(state: Any, lang: str) -> Group:
    """The winner and why (the third forge on an outer mountain, the third totem secured), and both roads."""
    res = state.result
    parts: list[RenderableType] = []
    if res is None:
        parts.append(Text(tr("result_none", lang), style="bold yellow"))
    else:
        parts.append(Text(i18n.tr("game_over", lang, turns=res["turns"]), style="bold"))
        seat = res["winners"][0] if res["winners"] else ""
        parts.append(Text(tr("result_winner", lang, seat=seat, reason=res["reason"],
                             rule=i18n.cite(res["rule"], lang)), style="bold green"))
    t = Table(title=tr("progress_title", lang), title_justify="left")
    t.add_column("")
    t.add_column("")
    t.add_column("", justify="right")
    vp = state.vp
    t.add_row(faction_text("woodwalkers", lang), tr("progress_totems", lang), f"{vp['woodwalkers']}/3")
    t.add_row(faction_text("ironclad", lang), tr("progress_forges", lang), f"{vp['ironclad']}/3")
    parts.append(t)
    return Group(*parts)


def cards_group(content: Any, lang: str) -> Group:
    """Every card of both decks with its values and effects (the 'cards' command)."""
    tables: list[RenderableType] = []
    for seat in SEATS:
        ids = [c.id for c in content.cards.values() if c.faction == seat]
        tables.append(hand_table(ids, lang, content, tr("cards_title", lang, faction=seat)))
    return Group(*tables)
