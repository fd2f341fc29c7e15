"""The Great Wall in the terminal: the Wall Sections with their Horde cards and Vital grids, the locations and who
stands there, the Time track, the Shame pool, Tea order, the Command and Advisor tracks, the clans, the seat's own
screen, the log and a decision.

Everything shown comes from ``state.view(seat)`` (what that seat may know: "Kwestia prywatności") and from log events
the seat may see (``Event.visible_to``), so a hot-seat screen never shows another clan's resources behind its screen,
its Tactic hand, its face-down Supporting Advisors or its chosen Command card before the reveal. Card and location
names come from the content in play (the demonstration set, or a transcription loaded with ``--content``). Root's
screen is ``board.py`` and Ironwood's ``board_ironwood.py``, untouched by this one.
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
from ..i18n import great_wall as gwi
from .board import options_grid

GAME = "great_wall"
CLAN_STYLE = {"red": "bold red", "blue": "bold blue", "yellow": "bold yellow", "green": "bold green"}
CELL_STYLE = {"red": "bold white on red", "blue": "bold white on blue", "yellow": "bold black on yellow",
              "green": "bold black on green"}
SOLDIERS = ("spearman", "archer", "horseman")
RES = ("wood", "stone", "gold", "chi")


def tr(key: str, lang: str, content: Any = None, **args: Any) -> str:
    """A string of the ``great_wall.ui`` section, its arguments rendered as The Great Wall's (clans, cards,
    locations, sections, resources)."""
    ui = i18n.catalog(lang).get(GAME, {}).get("ui", {})
    template = ui.get(key)
    if template is None:
        template = i18n.catalog("en").get(GAME, {}).get("ui", {}).get(key, key)
    return i18n._fill(template, args, lang, GAME, strict=False, ctx=content) if args else template


def _ui(lang: str) -> dict[str, str]:
    return i18n.catalog(lang).get(GAME, {}).get("ui", {}) or i18n.catalog("en").get(GAME, {}).get("ui", {})


def term(kind: str, value: str, lang: str) -> str:
    return gwi.gw_term(kind, value, lang)


def clan_text(seat: str | None, lang: str) -> Text:
    if not seat:
        return Text("—", style="dim")
    return Text(term("clan", seat, lang), style=CLAN_STYLE.get(seat, "bold"))


def card(cid: str, lang: str, content: Any) -> str:
    return gwi.card_name(cid, lang, content)


def loc_name(lid: str, lang: str, content: Any) -> str:
    return content.loc[lid]["name"][lang] if lid in content.loc else lid


def amounts(res: dict[str, int], lang: str) -> str:
    """``{"wood": 2, "honor": 1}`` -> "Wood ×2, Honor ×1" (the log's way of naming amounts)."""
    return ", ".join(f"{term('resource', k, lang)} ×{v}" for k, v in res.items() if v) or "—"


def label_line(view: dict[str, Any], lang: str) -> Text | None:
    """The content set's label: "demonstration content, not the printed cards" for the demonstration set."""
    label = (view.get("label") or {}).get(lang)
    if not label:
        return None
    return Text(tr("label", lang, label=label), style="bold yellow" if view.get("demo") else "yellow")


def title_text(view: dict[str, Any], lang: str) -> str:
    if not view.get("year"):
        return tr("title_setup", lang)
    return tr("title", lang, year=view["year"], season=tr(f"season_{view['season']}", lang))


# -- cards in words -------------------------------------------------------------------------------------------
def effect_text(eff: dict[str, Any], lang: str, content: Any = None) -> str:
    """One effect of a Command card or a Tactic (docs/great_wall_content.md, "Effects")."""
    parts = []
    for key, val in eff.items():
        if key == "if_played":
            parts.append(tr("eff_if_played", lang, content, card=val))
        elif key == "gain":
            parts.append(tr("eff_gain", lang, what=amounts(val, lang)))
        elif key == "require":
            parts.append(tr("eff_require", lang, what=tr("and", lang).join(tr(f"req_{r}", lang) for r in val)))
        elif key == "choose":
            parts.append(tr("eff_choose", lang, n=val["n"], kinds=" / ".join(term("resource", r, lang)
                                                                               for r in val["of"])))
        elif key == "distinct":
            continue
        elif key == "attack" and val == "all":
            parts.append(tr("eff_attack_all", lang))
        elif key == "move_clerks" and eff.get("distinct"):
            parts.append(tr("eff_move_clerks_distinct", lang, n=val))
        elif isinstance(val, int) and f"eff_{key}" in _ui(lang):
            parts.append(tr(f"eff_{key}", lang, n=val))
        else:  # an effect the vocabulary gained after this screen was written: shown as data
            parts.append(f"{key} {val}")
    return ", ".join(parts)


def effects_text(effects: Any, lang: str, content: Any = None) -> str:
    return "; ".join(effect_text(e, lang, content) for e in effects) or "—"


def ability_text(ab: dict[str, Any], lang: str) -> str:
    """A General's or Advisor's ability: its trigger and what it gives."""
    what = dict(ab.get("gain", {}))
    if ab.get("honor"):
        what["honor"] = ab["honor"]
    return tr("ability", lang, on=tr(f"trig_{ab['on']}", lang), what=amounts(what, lang))


def tactic_text(cid: str, lang: str, content: Any) -> str:
    t = content.tactics[cid]
    out = tr("tactic_line", lang, window=tr(f"window_{t['window']}", lang),
             effect=effects_text(t["effect"], lang, content))
    if t.get("boosted"):
        b = t["boosted"]
        out += " " + tr("tactic_boosted", lang, cost=amounts(b.get("cost", {}), lang),
                        effect=effects_text(b["effect"], lang, content))
    return out


def command_text(cid: str, lang: str, content: Any) -> str:
    c = content.command(cid)
    text = " | ".join(f"{tr('box_' + b['who'], lang)}: {effects_text(b['effects'], lang, content)}" for b in c["boxes"])
    return text + (f" ({tr('stays_discarded', lang)})" if c.get("stays_discarded") else "")


def artifact_text(aid: str, lang: str, content: Any) -> str:
    sc = content.artifacts[aid]["score"]
    return tr("artifact", lang, name=card(aid, lang, content), honor=sc["honor"], per=tr(f"per_{sc['per']}", lang))


# -- the Wall and the Horde -------------------------------------------------------------------------------------
def _reward_code(reward: dict[str, Any], lang: str) -> str:
    """A free Vital point: its printed reward ("2★" for 2 Honor, "1?" for 1 resource of your choice), or ○ when it
    gives nothing."""
    return "".join(f"{v['n']}?" if k == "choose" else f"{v}{tr('code_' + k, lang)}" for k, v in reward.items()) or "○"


def horde_ability_text(ab: dict[str, Any], lang: str) -> str:
    """A Horde card's special ability ("Zdolność specjalna") in words."""
    parts = []
    if "power" in ab:
        parts.append(tr("hab_power_" + ab["if"] if ab.get("if") else "hab_power", lang, n=ab["power"]))
    for key in ("lethality", "shame"):
        if key in ab:
            parts.append(tr("hab_" + key, lang, n=ab[key]))
    if ab.get("immune"):
        parts.append(tr("hab_immune", lang, what=" / ".join(term("soldier", t, lang) for t in ab["immune"])))
    return tr("horde_ability", lang, what=", ".join(parts))


def _cell(spec: Any, occ: Any, lang: str) -> Text:
    """One of a Horde card's 12 cells: no Vital point, a free one (its reward), a wound, or a clan's soldier."""
    if spec is None:
        return Text(" · ", style="dim")
    if occ is None:
        return Text(f"{_reward_code(spec, lang):^3}", style="cyan")
    if occ == "w":
        return Text(" ✕ ", style="bold magenta")
    seat, t = occ[0], occ[1]
    return Text(f"{term('clan', seat, lang)[0]}{tr('code_' + SOLDIERS[t], lang)}".center(3),
                style=CELL_STYLE.get(seat, "reverse"))


def horde_card(entry: dict[str, Any], lang: str, content: Any) -> Group:
    """A Horde card: its id (options name it: ``spearman H05@3``), name, Offensive Power, its claim's Honor, its
    special ability, and the 2x6 grid of Vital points under a ruler of the spot numbers (the second row's spot is
    6 + its column)."""
    spec = content.horde[entry["id"]]
    head = Text(f"{entry['id']} ", style="bold")
    head.append(card(entry["id"], lang, content), style="bold")
    stats = Text(tr("horde_stats", lang, power=spec["power"], reward=spec["reward"]), style="dim")
    wounds = sum(1 for x in entry["occ"] if x == "w")
    if wounds:
        stats.append(" · " + tr("wounds", lang, n=wounds), style="magenta")
    lines: list[RenderableType] = [head, stats]
    if spec.get("ability"):
        lines.append(Text(horde_ability_text(spec["ability"], lang), style="yellow"))
    lines.append(Text("   " + "".join(f"{c:^3}" for c in range(6)), style="dim"))
    for r in range(2):
        line = Text(f"{'+' + str(r * 6) if r else '':>2} ", style="dim")
        for i in range(r * 6, r * 6 + 6):
            line.append_text(_cell(spec["cells"][i], entry["occ"][i], lang))
        lines.append(line)
    return Group(*lines)


def section_panel(view: dict[str, Any], sec: int, lang: str, content: Any, width: int = 42) -> Panel:
    s = view["sections"][sec]
    b = content.board
    parts: list[RenderableType] = []
    parts.append(Text(tr("wall_line", lang, level=s["wall"], max=len(b["wall_cost"]), bar=s["barricades"],
                         bar_max=b["barricade_slots"])))
    danger = s["power"] > s["defense"]
    parts.append(Text(tr("defense_line", lang, defense=s["defense"], power=s["power"]),
                      style="bold red" if danger else ""))
    fire = Text(tr("firing", lang) + ": ")
    if s["firing"]:
        for i, seat in enumerate(s["firing"]):
            if i:
                fire.append(", ")
            fire.append(term("clan", seat, lang), style=CLAN_STYLE.get(seat, ""))
    else:
        fire.append("—", style="dim")
    fire.append(f" ({len(s['firing'])}/{b['firing_spots']})", style="dim")
    parts.append(fire)
    rest = Text(tr("rest_zone", lang) + ": ")
    if s["rest"]:
        for i, (seat, counts) in enumerate(s["rest"].items()):
            if i:
                rest.append("; ")
            rest.append(f"{term('clan', seat, lang)} ", style=CLAN_STYLE.get(seat, ""))
            rest.append(soldiers_text(counts, lang))
    else:
        rest.append("—", style="dim")
    parts.append(rest)
    if s["horde"]:
        for row, entry in enumerate(s["horde"]):
            parts.append(Text(tr("horde_row", lang, n=row + 1), style="dim"))
            parts.append(horde_card(entry, lang, content))
    else:
        parts.append(Text(tr("no_horde", lang), style="dim"))
    name = term("section", str(sec), lang)
    title = Text(name[:1].upper() + name[1:], style="bold")
    return Panel(Group(*parts), title=title, title_align="left", border_style="red" if danger else "",
                 width=width)


def soldiers_text(counts: dict[str, int], lang: str) -> str:
    return ", ".join(f"{term('soldier', t, lang)} ×{n}" for t, n in counts.items() if n) or "—"


def locations_table(view: dict[str, Any], lang: str, content: Any) -> Table:
    n = len(view["players"])
    t = Table(title=tr("locations", lang), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
              collapse_padding=True)
    for key in ("col_location", "col_spaces", "col_clerks", "col_overseers"):
        t.add_column(tr(key, lang), no_wrap=key != "col_overseers")
    overseers: dict[str, list[tuple[str, int]]] = {}
    for seat, p in view["players"].items():
        for lid, lvl in p["overseers"].items():
            overseers.setdefault(lid, []).append((seat, lvl))
    for lid, clerks in view["locations"].items():
        loc = content.loc[lid]
        name = Text(loc_name(lid, lang, content), style="bold")
        if loc.get("shame"):
            name.append(" ⚑", style="red")
        slots = next((loc["slots"][k] for k in (str(n), str(len(view["tea"]))) if k in loc.get("slots", {})), None)
        spaces = tr("special", lang) if loc["kind"] != "normal" else f"{len(clerks)}/{slots if slots else '?'}"
        who = Text()
        for i, seat in enumerate(sorted(set(clerks), key=clerks.index)):
            if i:
                who.append(", ")
            who.append(f"{term('clan', seat, lang)} ×{clerks.count(seat)}", style=CLAN_STYLE.get(seat, ""))
        ov = Text()
        for i, (seat, lvl) in enumerate(overseers.get(lid, [])):
            if i:
                ov.append(", ")
            ov.append(tr("overseer_entry", lang, seat=seat, level=lvl), style=CLAN_STYLE.get(seat, ""))
        t.add_row(name, spaces, who, ov)
    return t


def clans_group(view: dict[str, Any], lang: str, content: Any) -> Group:
    """Each clan in Tea order, two lines: Honor, General, Active Advisors (and how many Supporting ones lie face
    down), the cards in hand, the chosen Command card; the soldiers in reserve (with Shame tokens under them), the
    clerks, the claimed Horde cards."""
    lines: list[RenderableType] = [Text(tr("clans", lang), style="bold")]
    reed = view.get("reed")
    if reed:  # the 2-player game: the Reed Clan, played by the rulebook's procedure, led by its Chief
        line = clan_text(reed["clan"], lang)
        chief = term("clan", reed["wodz"], lang) if reed.get("wodz") else "—"
        line.append(" · " + tr("reed_line", lang, n=reed.get("soldiers_pool", 0), wodz=chief))
        lines.append(line)
    qin = view.get("qin")
    if qin:  # the solo game: Qin Jiushao's Location track (public) and the size of his face-down Command deck
        line = clan_text(qin["clan"], lang)
        track = ", ".join(loc_name(lid, lang, content) for lid in qin["track"])
        line.append(" · " + tr("qin_line", lang, track=track, n=qin["command_deck"]))
        lines.append(line)
    for seat in view["tea"]:
        if seat not in view["players"]:
            continue
        p = view["players"][seat]
        first = clan_text(seat, lang)
        first.append(" · " + tr("honor_n", lang, n=p["honor"]), style="bold")
        gen = card(p["general"], lang, content) if p["general"] else "—"
        adv = ", ".join(card(a, lang, content) for a in p["active_advisors"]) or "—"
        first.append(" · " + tr("clan_line", lang, general=gen, advisors=adv, n=p["supporting_advisors"],
                                tactics=p["tactics"], commands=len(p["commands"])))
        chosen = p.get("chosen", "")
        if chosen:
            first.append(" · " + tr("chosen", lang, name=tr("face_down", lang) if chosen == "hidden"
                                    else card(chosen, lang, content)), style="yellow")
        sol = ", ".join(f"{term('soldier', k, lang)} {v}" + (f" ({tr('shamed_n', lang, n=p['shamed'][k])})"
                                                              if p["shamed"][k] else "")
                        for k, v in p["soldiers_pool"].items())
        claimed = ", ".join(card(c, lang, content) + (f" ({tr('shamed_n', lang, n=s)})" if s else "")
                            for c, s in p["claimed"]) or "—"
        second = Text("   " + tr("clan_line2", lang, soldiers=sol, pool=p["clerks_pool"], unhired=p["clerks_unhired"],
                                 claimed=claimed), style="")
        lines.extend([first, second])
    return Group(*lines)


def track_line(view: dict[str, Any], lang: str, content: Any) -> Text:
    """The Command track: each space with its clan's card (face down until revealed) or empty."""
    out = Text(tr("command_track", lang) + ": ", style="bold")
    for i, slot in enumerate(view["track"]):
        if i:
            out.append("  ")
        out.append(f"{i + 1}. ")
        if slot is None:
            out.append("—", style="dim")
            continue
        seat, cid = slot[0], slot[1] if len(slot) > 1 else ""
        out.append(term("clan", seat, lang), style=CLAN_STYLE.get(seat, ""))
        out.append(f": {card(cid, lang, content) if cid and cid != 'hidden' else tr('face_down', lang)}")
        if view.get("active") == seat:
            out.append(" ◀", style="bold")
    return out


def status_group(view: dict[str, Any], lang: str, content: Any) -> Group:
    """The public track and pools: Time, Lethality, the Shame pool, Tea order, the decks, the Warehouse, the
    Artifacts, the Advisor track, the Command track."""
    b = content.board
    lines: list[RenderableType] = []
    top = Text()
    top.append(tr("time_line", lang, time=view["time"], last=len(b["time_track"]["lethality"]) - 1,
                  lethality=view["lethality"]), style="bold")
    top.append("   ")
    top.append(tr("shame_pool", lang, n=view["shame_pool"]), style="bold red" if view["shame_pool"] <= 3 else "bold")
    top.append("   ")
    inv = view.get("horde_deck_invasion")
    top.append(tr("horde_deck", lang, n=view["horde_deck"],
                  next="—" if inv is None else term("section", str(inv), lang)))
    lines.append(top)
    tea = Text(tr("tea_order", lang) + ": ", style="bold")
    for i, seat in enumerate(view["tea"]):
        if i:
            tea.append(" > ")
        tea.append(term("clan", seat, lang), style=CLAN_STYLE.get(seat, ""))
    tea.append("   " + tr("warehouse", lang, what=amounts(view["warehouse"], lang)))
    lines.append(tea)
    lines.append(track_line(view, lang, content))
    if view["command_discard"]:
        by_clan: dict[str, list[str]] = {}  # each clan's cards together, clans in Tea order
        for x in view["command_discard"]:
            if len(x) > 1:
                by_clan.setdefault(x[0], []).append(card(x[1], lang, content))
        order = [s for s in view["tea"] if s in by_clan] + [s for s in by_clan if s not in view["tea"]]
        disc = "; ".join(f"{term('clan', s, lang)}: {', '.join(by_clan[s])}" for s in order)
        lines.append(Text(tr("command_discard", lang, list=disc), style="dim"))
    lines.append(Text(tr("advisor_track", lang) + ": " + (" | ".join(
        f"{i + 1}. {card(a, lang, content)} ({ability_text(content.advisors[a]['ability'], lang)})"
        for i, a in enumerate(view["advisor_track"])) or "—")))
    if view.get("coop"):  # "Tryb kooperacji": the Decrees on the Artifact spaces, the Events, Shame's cost
        lines.extend(coop_lines(view, lang, content))
        return Group(*lines)
    lines.append(Text(tr("artifacts", lang) + ": " + ("; ".join(artifact_text(a, lang, content)
                                                              for a in view["artifacts"]) or "—")))
    return Group(*lines)


# -- the co-operative mode ("Tryb kooperacji") -------------------------------------------------------------------
def decree_text(rid: str, lang: str, content: Any) -> str:
    """An Emperor's Decree: its Sacrifice (every player) and its conditions (this Year, or the board now)."""
    r = content.requests[rid]
    parts = []
    if r["sacrifice"]:
        what = ", ".join(f"{term('soldier', k, lang)} ×{n}" if k in ("spearman", "archer", "horseman")
                         else tr("clerks_n", lang, n=n) if k == "clerk" else f"{term('resource', k, lang)} ×{n}"
                         for k, n in r["sacrifice"].items())
        parts.append(tr("decree_sacrifice", lang, what=what))
    for k, n in r["need"].items():
        parts.append(tr(f"need_{k}", lang, n=n))
    return f"{card(rid, lang, content)} ({'; '.join(parts)})"


def event_text(eid: str, lang: str, content: Any) -> str:
    """An Event: what it does at once (to every player; Horde cards) and for the rest of the game."""
    ev = content.events[eid]
    parts = []
    for e in ev["each"]:
        rest = {k: v for k, v in e.items() if k != "lose"}
        if e.get("lose"):
            parts.append(tr("eff_lose", lang, what=amounts(e["lose"], lang)))
        if rest:
            parts.append(effect_text(rest, lang, content))
    if parts:
        parts = [tr("event_each", lang, what=", ".join(parts))]
    if ev["horde"]:
        parts.append(tr("event_horde", lang, n=ev["horde"]))
    for k, v in ev["passive"].items():
        n = amounts(v, lang) if k == "summer" else f"{v:+d}" if k == "defense" else v
        parts.append(tr(f"passive_{k}", lang, n=n))
    return f"{card(eid, lang, content)} ({'; '.join(parts)})"


def coop_lines(view: dict[str, Any], lang: str, content: Any) -> list[RenderableType]:
    co = view["coop"]
    return [Text(tr("coop_decrees", lang, n=co["fulfilled"], target=co["target"], deck=co["decree_deck"],
                    cards="; ".join(decree_text(r, lang, content) for r in co["decrees"]) or "—"), style="bold"),
            Text(tr("coop_year", lang, **co["year"]) + "   " + tr("coop_shame", lang, n=co["shame_honor"])),
            Text(tr("coop_events", lang, deck=co["event_deck"],
                    cards="; ".join(event_text(e, lang, content) for e in co["events"]) or "—"))]


def own_panel(view: dict[str, Any], seat: str, lang: str, content: Any) -> Panel:
    """What only ``seat`` sees: the resources behind its screen, its Tactic hand, its face-down Supporting Advisors,
    its chosen Command card and its draft."""
    p = view["players"][seat]
    parts: list[RenderableType] = [Text(tr("your_resources", lang, what=amounts(p["resources"], lang)),
                                        style="bold")]
    hand = p.get("tactic_hand", [])
    parts.append(Text(tr("your_tactics", lang, n=len(hand)), style="bold"))
    for cid in hand:
        line = Text(f"  {cid} ", style="dim")
        line.append(card(cid, lang, content), style="bold")
        line.append(" — " + tactic_text(cid, lang, content))
        parts.append(line)
    sup = p.get("supporting_advisor_cards", [])
    if sup:
        parts.append(Text(tr("your_supporting", lang) + ": " + "; ".join(
            f"{card(a, lang, content)} ({ability_text(content.advisors[a]['ability'], lang)})" for a in sup)))
    if p["general"]:
        g = content.generals[p["general"]]
        parts.append(Text(tr("your_general", lang, name=card(p["general"], lang, content),
                             ability=ability_text(g["ability"], lang), n=len(sup))))
    chosen = p.get("chosen")
    if chosen and chosen != "hidden":
        parts.append(Text(tr("your_command", lang, name=card(chosen, lang, content),
                             text=command_text(chosen, lang, content)), style="yellow"))
    if p["commands"]:
        parts.append(Text(tr("your_commands", lang) + ":", style="bold"))
        for cid in p["commands"]:
            parts.append(Text(f"  {card(cid, lang, content)}: {command_text(cid, lang, content)}"))
    draft = p.get("draft")
    if draft and not p["general"]:
        parts.append(Text(tr("your_draft", lang), style="bold"))
        for g in draft["generals"]:
            gen = content.generals[g]
            parts.append(Text("  " + tr("draft_general", lang, name=card(g, lang, content),
                                        what=amounts(gen["resources"], lang), tactics=gen["tactics"], tea=gen["tea"],
                                        ability=ability_text(gen["ability"], lang))))
        for a in draft["advisors"]:
            parts.append(Text(f"  {card(a, lang, content)}: {ability_text(content.advisors[a]['ability'], lang)}"))
    return Panel(Group(*parts), title=Text(tr("your_screen", lang, seat=seat)), title_align="left",
                 border_style=CLAN_STYLE.get(seat, "").replace("bold ", ""))


def board_group(view: dict[str, Any], lang: str, viewer: str | None, content: Any, width: int = 120) -> Group:
    """The whole table as ``viewer`` sees it (``None``: a spectator)."""
    parts: list[RenderableType] = []
    label = label_line(view, lang)
    if label is not None:
        parts.append(label)
    parts.append(status_group(view, lang, content))
    # the three sections side by side, as wide as the terminal allows (a Horde card's name on one line)
    panel = max(42, min(56, (width - 2) // 3 - 1))
    parts.append(Columns([section_panel(view, sec, lang, content, panel) for sec in range(len(view["sections"]))],
                         padding=(0, 1)))
    parts.append(Text(tr("grid_legend", lang), style="dim"))
    parts.append(locations_table(view, lang, content))
    parts.append(clans_group(view, lang, content))
    if viewer is not None and "resources" in view["players"].get(viewer, {}):
        parts.append(own_panel(view, viewer, lang, content))
    return Group(*parts)


# -- log and decisions ----------------------------------------------------------------------------------------
def event_line(event: Any, lang: str, content: Any = None, *, annotate: bool = False) -> Text:
    text = Text(i18n.render_event(event, lang, GAME, content=content))
    seats = event.seats if hasattr(event, "seats") else event.get("seats")
    kind = event.kind if hasattr(event, "kind") else event.get("kind")
    if kind in ("gw.year", "gw.turn"):
        text.stylize("bold")
    elif kind in ("gw.game_end", "gw.victory"):
        text.stylize("bold green")
    elif kind in ("gw.breach", "gw.conquest"):
        text.stylize("bold red")
    if annotate and seats is not None:
        names = ", ".join(term("clan", s, lang) for s in seats)
        text.append(f"  [{i18n.tr('only_for', lang, seats=names)}]", style="dim italic")
    return text


def _section_of(state: Any, cid: str) -> int | None:
    return next((sec for sec, cards in enumerate(state.horde) if any(c["id"] == cid for c in cards)), None)


def option_text(opt: Any, decision: Any, state: Any, lang: str) -> str:
    """An option in words; a Vital point also names its card's id and section (two cards may share a name) and its
    reward, a recruit and a Wall level their cost."""
    label = i18n.option_label(opt, lang, decision.kind, GAME, content=state.content)
    a, content = opt.args, state.content
    cid = a.get("card")
    spots = a.get("spots") if "spots" in a else [a["spot"]] if "spot" in a else None
    if isinstance(cid, str) and cid in content.horde and spots is not None:
        sec = a.get("sec") if isinstance(a.get("sec"), int) else _section_of(state, cid)
        where = term("section", str(sec), lang) if sec is not None else ""
        extra = [cid] + ([where] if where and where not in label else [])  # an archer's label names it already
        cells = content.horde[cid]["cells"]
        extra += [_reward_code(cells[v], lang) for v in spots if cells[v]]
        label += " · " + " · ".join(extra)
    elif opt.action == "recruit" and decision.kind == "gw.barracks":
        label += " · " + amounts(content.board["recruit_costs"][a["type"] if isinstance(a["type"], str)
                                                               else SOLDIERS[a["type"]]], lang)
    elif opt.action == "advisor" and a.get("card") in content.advisors:  # Gold = your Advisors after hiring
        p = decision.player
        n = len(state.active.get(p, ())) + len(state.support.get(p, ())) + 1
        label += (f" · {amounts({'gold': n}, lang)} · "
                  + ability_text(content.advisors[a["card"]]["ability"], lang))
    elif opt.action == "wall" and isinstance(a.get("sec"), int):
        level = state.wall[a["sec"]]
        costs = content.board["wall_cost"]
        if level < len(costs):
            label += " · " + tr("wall_cost", lang, n=costs[level])
    return label


#: decisions repeated once per clerk or per soldier: the frame's count of what is left, and its words
LEFT = {"gw.clerks": ("n", "clerks_left"), "gw.attack": ("n", "attacks_left"), "gw.barracks": ("left", "actions_left"),
        "gw.builders": ("left", "actions_left"), "gw.logistics": ("left", "actions_left"),
        "gw.embassy": ("left", "actions_left")}


def left_text(state: Any, decision: Any, lang: str) -> str:
    """How many more times this decision comes (clerks to move, soldiers to attack with, actions of the clerks in a
    location), from the flow frame that asks it (plain data)."""
    field, key = LEFT.get(decision.kind, ("", ""))
    fr = state.stack[-1] if state.stack else {}
    if not field or fr.get("k") != decision.kind or not isinstance(fr.get(field), int):
        return ""
    if fr.get("placing") is not None:  # a recruit being placed (the Barracks): its clerk's action is under way
        return ""
    return " (" + tr(key, lang, n=fr[field]) + ")"


def victim_text(state: Any, decision: Any, lang: str) -> str:
    """Killing soldiers, once the victim is picked: which soldier may be saved or let die (its type and card)."""
    fr = state.stack[-1] if state.stack else {}
    if decision.kind != "gw.kill" or fr.get("k") != "gw.kill" or fr.get("stage") != "save":
        return ""
    if fr.get("mode") == "archers":
        return f" — {term('soldier', 'archer', lang)}"
    try:
        card = state.horde[fr["sec"]][fr["row"]]
    except (KeyError, IndexError, TypeError):
        return ""
    t = next((c[1] for c in card["occ"] if type(c) is list and c[2] == fr.get("victim")), None)
    return "" if t is None else f" — {term('soldier', SOLDIERS[t], lang)} · {card['id']}"


def auto_choice(state: Any, decision: Any, lang: str) -> Text:
    """A decision with a single option, taken without asking (one person at the terminal): which it was, for the
    next screen — "Only one way, taken for you: Red — play a Tactic card now? → Pass (Tactic cards)"."""
    opt = decision.options[0]
    text = Text(tr("auto_choice", lang) + " ", style="dim")
    text.append_text(clan_text(decision.player, lang))
    text.append(" — " + i18n.decision_prompt(decision, lang, GAME, content=state.content, with_rule=False))
    text.append(" → ")
    text.append(option_text(opt, decision, state, lang), style="bold")
    text.append(f" {i18n.cite(opt.rule, lang)}", style="dim")
    return text


def decision_block(state: Any, decision: Any, lang: str, width: int = 80) -> Group:
    """The prompt and the numbered options in words, each with its rulebook section's heading."""
    head = Text()
    head.append_text(clan_text(decision.player, lang))
    head.append(" — ")
    head.append(i18n.decision_prompt(decision, lang, GAME, content=state.content), style="bold")
    head.append(left_text(state, decision, lang))
    head.append(victim_text(state, decision, lang))
    items = [(f"{i}.", option_text(opt, decision, state, lang), i18n.cite(opt.rule, lang))
             for i, opt in enumerate(decision.options, 1)]
    return Group(head, options_grid(items, width))


# -- the end ---------------------------------------------------------------------------------------------------
def result_group(state: Any, lang: str) -> Group:
    """Final scoring ("Koniec gry"): why the game ended, each clan's Honor and what made it, the winner."""
    res = state.result
    parts: list[RenderableType] = []
    if res is None:
        parts.append(Text(tr("result_none", lang), style="bold yellow"))
        return Group(*parts)
    parts.append(Text(tr("game_over", lang, years=res.get("years", state.year),
                         reason=res["reason"]), style="bold"))
    t = Table(title=tr("final_scores", lang), title_justify="left")
    t.add_column(tr("col_clan", lang))
    for key in ("col_shame", "col_horde", "col_artifacts", "col_total"):
        t.add_column(tr(key, lang), justify="right")
    order = sorted(res["scores"], key=lambda s: (-res["scores"][s], res.get("tea", list(res["scores"])).index(s)))
    for seat in order:
        det = res.get("detail", {}).get(seat, {})
        t.add_row(clan_text(seat, lang), str(det.get("shame", "")), str(det.get("horde", "")),
                  str(det.get("artifacts", "")), Text(str(res["scores"][seat]), style="bold"))
    if res.get("qin"):  # the solo game: Qin Jiushao's scoring (20 Honor per Artifact card)
        q = res["qin"]["clan"]
        det = res.get("detail", {}).get(q, {})
        t.add_row(clan_text(q, lang), str(det.get("shame", "")), str(det.get("horde", "")),
                  str(det.get("artifacts", "")), Text(str(res["qin"]["honor"]), style="bold"))
    parts.append(t)
    winners = res.get("winners", [])
    if res.get("coop"):  # all the players win or all lose
        key = "coop_won" if winners else "coop_lost"
        parts.append(Text(tr(key, lang, n=res["fulfilled"], target=res["target"],
                             rule=i18n.cite(res.get("rule", ""), lang)), style="bold green" if winners else "bold red"))
        return Group(*parts)
    names = ", ".join(term("clan", s, lang) for s in winners) or "—"
    parts.append(Text(tr("winner", lang, names=names, rule=i18n.cite(res.get("rule", ""), lang)), style="bold green"))
    return Group(*parts)


def cards_group(content: Any, lang: str) -> Group:
    """Every card of the content in play with what it does (the 'cards' command): Command cards, Tactics, Generals,
    Advisors, Artifacts, Horde cards."""
    def table(title: str) -> Table:
        t = Table(title=tr(title, lang), title_justify="left", box=None, pad_edge=False, show_header=False)
        t.add_column("", style="dim", no_wrap=True)
        t.add_column("", style="bold")
        t.add_column("")
        return t

    cmd = table("cards_commands")
    for cid in content.commands:
        cmd.add_row("", card(cid, lang, content), command_text(cid, lang, content))
    tac = table("cards_tactics")
    for cid in content.tactics:
        tac.add_row(cid, card(cid, lang, content), tactic_text(cid, lang, content))
    gen = table("cards_generals")
    for cid, g in content.generals.items():
        text = tr("draft_general", lang, name="", what=amounts(g["resources"], lang), tactics=g["tactics"],
                  tea=g["tea"], ability=ability_text(g["ability"], lang))
        gen.add_row(cid, card(cid, lang, content), text.lstrip(": "))
    adv = table("cards_advisors")
    for cid, a in content.advisors.items():
        adv.add_row(cid, card(cid, lang, content), ability_text(a["ability"], lang))
    art = table("artifacts")
    for cid in content.artifacts:
        art.add_row(cid, card(cid, lang, content), artifact_text(cid, lang, content))
    horde = table("cards_horde")
    for cid, h in content.horde.items():
        vitals = ", ".join(f"{i}: {_reward_code(r, lang)}" for i, r in enumerate(h["cells"]) if r is not None)
        ability = f" · {horde_ability_text(h['ability'], lang)}" if h.get("ability") else ""
        horde.add_row(cid, card(cid, lang, content), tr("horde_stats", lang, power=h["power"], reward=h["reward"])
                      + ability + " · " + vitals)
    extra = []
    if getattr(content, "mode", "") == "coop":  # the co-op game's Decrees and Events
        dec, evs = table("coop_decree_cards"), table("coop_event_cards")
        for rid in content.requests:
            dec.add_row(rid, "", decree_text(rid, lang, content))
        for eid in content.events:
            evs.add_row(eid, "", event_text(eid, lang, content))
        extra = [dec, evs]
    return Group(cmd, tac, gen, adv, art, horde, *extra, Text(tr("grid_legend", lang), style="dim"))
