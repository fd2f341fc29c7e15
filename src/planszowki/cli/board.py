"""Root in the terminal: the board, faction boards, a hand, the log and a decision, drawn with rich.

Everything shown comes from ``state.view(seat)`` (what that seat may know, 1.2) and from log events the
seat may see (``Event.visible_to``), so a hot-seat screen never shows another player's hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .. import i18n
from ..games.root.factions.eyrie import COLUMNS, ROOST_VP
from ..games.root.factions.marquise import BUILDINGS, COST, VP

FACTION_STYLE = {"marquise": "bold dark_orange", "eyrie": "bold deep_sky_blue1", "alliance": "bold green3",
                 "vagabond": "bold grey70", "vagabond2": "bold grey54", "cult": "bold yellow",
                 "riverfolk": "bold cyan", "duchy": "bold tan", "corvid": "bold magenta"}
FACTION_STYLE["warlord"] = "bold red3"
FACTION_STYLE["keepers"] = "bold grey62"
SUIT_STYLE = {"fox": "red", "rabbit": "yellow", "mouse": "orange3", "bird": "cyan"}


def faction_text(faction: str | None, lang: str, form: str = "nom") -> Text:
    if not faction:
        return Text(i18n.tr("none", lang), style="dim")
    return Text(i18n.faction_name(faction, lang, form), style=FACTION_STYLE.get(faction, "bold"))


def card_text(key: str, lang: str) -> Text:
    suit = key.partition(":")[0]
    return Text(i18n.card_name(key, lang), style=SUIT_STYLE.get(suit, ""))


def _join(parts: list[Text], sep: str = ", ") -> Text:
    out = Text()
    for i, p in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(p)
    return out


def _cards(keys: list[str], lang: str) -> Text:
    if not keys:
        return Text(i18n.tr("none", lang), style="dim")
    return _join([card_text(k, lang) for k in keys])


def _counted(names: list[str], lang: str, kind: str) -> str:
    out = []
    for name, n in Counter(names).items():
        label = i18n.term(kind, name, lang)
        out.append(f"{label} ×{n}" if n > 1 else label)
    return ", ".join(out)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


# -- the map ---------------------------------------------------------------------------------------
def clearings_table(view: dict[str, Any], lang: str) -> Table:
    t = Table(title=i18n.tr("board", lang), title_justify="left", expand=False, pad_edge=False,
              box=box.SIMPLE_HEAD, collapse_padding=True)
    for key, justify in (("col_clearing", "right"), ("col_suit", "left"), ("col_slots", "center"),
                         ("col_warriors", "left"), ("col_buildings", "left"), ("col_tokens", "left"),
                         ("col_ruler", "left"), ("col_adjacent", "left")):
        t.add_column(i18n.tr(key, lang), justify=justify,  # type: ignore[arg-type]
                     no_wrap=key in ("col_clearing", "col_suit", "col_slots"))
    # a faction's name and count stay on one line
    t.columns[3].min_width = max([len(f"{i18n.faction_name(f, lang, 'short')} 25") for f in view["seats"]] or [0])
    ruins = {r["clearing"]: r for r in view.get("ruins", [])}
    # 14.2.2: the warlord is one of the Hundreds warriors of its clearing
    lord = view["players"].get("warlord", {}).get("board", {}).get("warlord")
    for c in view["clearings"]:
        warriors = _join([Text(f"{i18n.faction_name(f, lang, 'short')} {n}"
                               + (f" ({i18n.tr('warlord_piece', lang)})" if f == "warlord" and c["id"] == lord else ""),
                               style=FACTION_STYLE.get(f, ""))
                          for f, n in c["warriors"].items()]
                         + [Text(f"{i18n.faction_name(v, lang, 'short')} ({i18n.tr('pawn', lang)})",
                                 style=FACTION_STYLE.get(v, "")) for v in c.get("pawns", [])], "\n")
        buildings = Text()
        for i, b in enumerate(c["buildings"]):
            if i:
                buildings.append(", ")
            owner = view["owners"].get(b, "")
            label = _cap(i18n.building_name(b, lang))
            if b == "ruin" and c["id"] in ruins:  # 9.3.4: how many face-down items lie under it
                r = ruins[c["id"]]
                label += f" ({', '.join(i18n.item_name(x, lang) for x in r['known'])})" if r["known"] else (
                    f" ({r['items']})")
            buildings.append(label, style="dim" if b == "ruin" else FACTION_STYLE.get(owner, ""))
        free = c["slots"] - len(c["buildings"])
        slots = f"{len(c['buildings'])}/{c['slots']}"
        tokens = Text(_counted(c["tokens"], lang, "piece"))
        for label in _landmarks(view, c["id"], lang):  # C.2 the Ferry, C.3 the Pass
            tokens.append(", " if tokens.plain else "")
            tokens.append(label, style="bold cyan")
        t.add_row(str(c["id"]), Text(i18n.suit_name(c["suit"], lang), style=SUIT_STYLE.get(c["suit"], "")),
                  Text(slots, style="green" if free else "dim"), warriors, buildings, tokens,
                  faction_text(c["ruler"], lang, "short") if c["ruler"] else Text("—", style="dim"),
                  Text(" ".join(str(a) for a in c["adjacent"]), style="dim"))
    return t


def _landmarks(view: dict[str, Any], clearing: int, lang: str) -> list[str]:
    out = []
    ferry = view.get("ferry")
    if ferry and ferry["clearing"] == clearing:
        out.append(i18n.tr("ferry", lang))
    if view.get("pass") == clearing:  # C.3.4 the Pass, or the Tower landmark elsewhere (A.5)
        out.append(i18n.tr("the_pass" if view.get("map") == "mountain" else "tower", lang))
    for name, card in (view.get("landmark_cards") or {}).items():  # Appendix F, the Landmarks Pack
        if card["clearing"] == clearing:
            out.append(i18n.term("landmark", name, lang))
    return out


def map_line(view: dict[str, Any], lang: str) -> Text | None:
    """Appendix C: the Lake's coastal clearings and Ferry, the Mountain's closed paths and the Pass."""
    parts = []
    if view.get("coastal"):
        parts.append(i18n.tr("coastal_line", lang, clearings=", ".join(str(c) for c in view["coastal"])))
    ferry = view.get("ferry")
    if ferry:
        parts.append(i18n.tr("ferry_at", lang, n=ferry["clearing"])
                     + (" " + i18n.tr("ferry_used", lang) if ferry["used"] else ""))
    if view.get("pass"):
        parts.append(i18n.tr("pass_at" if view.get("map") == "mountain" else "tower_at", lang, n=view["pass"]))
    pack = view.get("landmark_cards") or {}
    if "black_market" in pack:  # Appendix F: the face-down cards, by number (and those this seat put there)
        bm = pack["black_market"]
        known = ", ".join(f"{k}: {i18n.card_name(v, lang)}" for k, v in sorted(bm["known"].items()))
        parts.append(i18n.tr("black_market_at", lang, n=bm["clearing"], count=bm["count"],
                             known=i18n.tr("black_market_known", lang, listed=known) if known else ""))
    if "elder_treetop" in pack:
        et = pack["elder_treetop"]
        parts.append(i18n.tr("elder_treetop_at", lang, n=et["clearing"], what=i18n.term(
            "piece", et["building"], lang) if et["building"] else i18n.tr("treetop_empty", lang)))
    if "legendary_forge" in pack:
        lf = pack["legendary_forge"]
        parts.append(i18n.tr("legendary_forge_at", lang, n=lf["clearing"], listed=", ".join(
            i18n.item_name(x, lang) for x in lf["items"]) or i18n.tr("none", lang)))
    if "lost_city" in pack:  # a clearing of every suit
        parts.append(i18n.tr("lost_city_at", lang, n=pack["lost_city"]["clearing"]))
    if view.get("map") == "mountain" or view.get("closed_paths"):
        paths = ", ".join(f"{a}–{b}" for a, b in view.get("closed_paths", [])) or i18n.tr("none", lang)
        parts.append(i18n.tr("closed_paths_line", lang, paths=paths))
    draft = view.get("draft")
    if draft:  # A.8.1: the faction setup cards left in the pool, face up
        cards = []
        for card in draft["cards"]:
            f, _, character = card.partition(":")
            name = i18n.faction_name(f, lang) + (f" ({i18n.term('character', character, lang)})" if character else "")
            cards.append(name + (" 🔒" if card == draft["locked"] else ""))
        parts.append(i18n.tr("draft_pool", lang, cards=", ".join(cards)))
    return Text(" · ".join(parts), style="cyan") if parts else None


# -- faction boards --------------------------------------------------------------------------------
def _marquise_lines(board: dict[str, Any], lang: str, setup: bool) -> list[Text]:
    keep = board.get("keep")
    if keep:
        keep_text = i18n.tr("keep_at", lang, n=keep)
    else:  # not placed yet during setup; afterwards it can only have been removed (6.2.2)
        keep_text = i18n.tr("keep_at", lang, n="—") if setup else i18n.tr("keep_gone", lang)
    lines = [Text(" · ".join([
        i18n.tr("warrior_supply", lang, n=board["warrior_supply"]),
        i18n.tr("wood_supply", lang, n=board["wood_supply"]), keep_text]))]
    for kind in BUILDINGS:
        n = board["buildings_on_map"][kind]
        line = _cap(i18n.tr("track", lang, building=kind, on_map=n, left=6 - n))
        nxt = (i18n.tr("track_next", lang, cost=COST[n], vp=VP[kind][n]) if n < 6
               else i18n.tr("track_full", lang))
        lines.append(Text(f"{line} — {nxt}"))
    return lines


def _eyrie_lines(board: dict[str, Any], lang: str) -> list[RenderableType]:
    leader = board.get("leader")
    up = ", ".join(i18n.leader_name(x, lang) for x in board["leaders_face_up"]) or i18n.tr("none", lang)
    down = ", ".join(i18n.leader_name(x, lang) for x in board["leaders_face_down"]) or i18n.tr("none", lang)
    head = Text(i18n.tr("warrior_supply", lang, n=board["warrior_supply"]) + " · ")
    head.append(f"{i18n.tr('leader', lang)}: ")
    head.append(i18n.leader_name(leader, lang) if leader else i18n.tr("none", lang), style="bold")
    head.append(f" ({i18n.tr('leaders_up', lang)}: {up}; {i18n.tr('leaders_down', lang)}: {down})")
    on_map = board["roosts_on_map"]
    roosts = Text(i18n.tr("roosts", lang, on_map=on_map, left=board["roosts_on_track"], vp=ROOST_VP[on_map]))
    decree = Table(title=i18n.tr("decree", lang), title_justify="left", box=None, pad_edge=False,
                   show_edge=False, padding=(0, 2, 0, 0))
    cols = [board["decree"][c] for c in COLUMNS]
    for c in COLUMNS:
        decree.add_column(i18n.column_name(c, lang), style="", header_style="bold")
    for row in range(max((len(x) for x in cols), default=0)):
        decree.add_row(*[card_text(col[row], lang) if row < len(col) else Text("") for col in cols])
    return [head, roosts, decree]


def _alliance_lines(board: dict[str, Any], lang: str) -> list[Text]:
    """8.2.3 Supporters (only their number; the cards are in the Alliance's own panel), officers, the Bases
    box (8.3.2) and the Sympathy track (8.4.2.II–III)."""
    limit = board["supporter_limit"]
    sup = i18n.tr("supporters", lang, n=board["supporters_count"])
    sup += ", " + (i18n.tr("supporter_limit", lang, n=limit) if limit is not None
                   else i18n.tr("supporters_unlimited", lang))
    head = Text(" · ".join([i18n.tr("warrior_supply", lang, n=board["warrior_supply"]),
                            i18n.tr("officers", lang, n=board["officers"]), sup]))
    bases = Text(f"{i18n.tr('bases', lang)}: ")
    parts = []
    for suit, where in board["bases"].items():
        label = (i18n.tr("base_at", lang, suit=suit, n=where) if where is not None
                 else i18n.tr("base_in_box", lang, suit=suit))
        parts.append(Text(label, style=SUIT_STYLE.get(suit, "") if where is not None else "dim"))
    bases.append_text(_join(parts, "; "))
    bases.append(" · " + i18n.tr("draw_bonus", lang, n=1 + board["draw_bonus"]))
    symp = board["sympathy"]
    track = i18n.tr("sympathy_track", lang, on_map=len(symp), left=board["sympathy_on_track"],
                    clearings=", ".join(str(c) for c in symp) or i18n.tr("none", lang))
    if board["next_spread_cost"] is not None:
        track += " — " + i18n.tr("sympathy_next", lang, cost=board["next_spread_cost"], vp=board["next_sympathy_vp"])
    return [head, bases, Text(track)]


def _duchy_lines(board: dict[str, Any], lang: str) -> list[Text]:
    """The Underground Duchy's board: the Burrow (12.2.2), swayed ministers and crowns left (12.5.3), the
    building tracks and tunnels (12.3.4, 12.2.4) and the cards revealed this turn (12.5), all public."""
    return [Text(i18n.tr("duchy_burrow", lang, n=board["burrow"], supply=board["warrior_supply"],
                         tunnels=", ".join(str(c) for c in board["tunnels"]) or "-",
                         recruit=board["recruit"], draw=board["draw"])),
            Text(i18n.tr("duchy_ministers", lang, swayed=", ".join(board["swayed"]) or "-",
                         squire=board["crowns"]["squire"], noble=board["crowns"]["noble"],
                         lord=board["crowns"]["lord"])),
            Text(i18n.tr("duchy_tracks", lang, citadels=board["citadels_on_track"],
                         markets=board["markets_on_track"], tunnels=board["tunnels_in_supply"],
                         revealed=", ".join(board["revealed"]) or "-"))]


def _warlord_lines(board: dict[str, Any], lang: str) -> list[Text]:
    """The Lord of the Hundreds' board, all public: the warlord (14.2.2), the face-up mood and the moods still open
    (14.4.4), the Hoard's Command and Prowess tracks (14.2.4), strongholds and mobs left, items removed."""
    def items(names: list[str]) -> str:
        return ", ".join(i18n.item_name(x, lang) for x in names) or "-"

    moods = ", ".join(i18n.term("mood", m, lang) for m in board["moods_open"])
    return [Text(i18n.tr("warlord_lord", lang, clearing=board["warlord"] or "-", supply=board["warrior_supply"],
                         mood=i18n.term("mood", board["mood"], lang), open=moods)),
            Text(i18n.tr("warlord_hoard", lang, command=board["command"], command_items=items(board["command_track"]),
                         prowess=board["prowess"], prowess_items=items(board["prowess_track"]))),
            Text(i18n.tr("warlord_tracks", lang, strongholds=board["strongholds_on_track"],
                         mobs=board["mobs_in_supply"], removed=items(board["removed_items"])))]


def _keepers_lines(board: dict[str, Any], lang: str) -> list[Text]:
    """The Keepers in Iron's board, all public: the Retinue's three columns (15.5.2), the Relics spaces with the
    recovered values and the filled columns (15.5.2.III), waystations (15.2.2) and the relics in the forests — face
    down by type only (15.2.1)."""
    def piece(k: str) -> str:
        return i18n.term("piece", k, lang)

    ret = " · ".join(f"{i18n.term('retinue_column', col, lang)}: " + (", ".join(
        i18n.card_name(k, lang) for k in cards) or "-") for col, cards in board["retinue"].items())
    relics = " · ".join(f"{i18n.term('relic_type', t, lang)}: {', '.join(str(v) for v in vals) or '-'}"
                        for t, vals in board["relics"].items())
    forests = "; ".join(f"{f}: {', '.join(piece(k) for k in ks)}" for f, ks in board["forest_relics"].items())
    ways = ", ".join(f"{c}: {piece(k)}" for c, k in board["waystations"]) or "-"
    return [Text(i18n.tr("keepers_retinue", lang, n=board["retinue_count"], retinue=ret)),
            Text(i18n.tr("keepers_relics", lang, relics=relics, columns=board["filled_columns"],
                         draw=board["draw"], supply=board["warrior_supply"])),
            Text(i18n.tr("keepers_waystations", lang, waystations=ways,
                         board=", ".join(piece(k) for k in board["waystations_on_board"]) or "-")),
            Text(i18n.tr("keepers_forests", lang, forests=forests or "-"))]


def _corvid_lines(board: dict[str, Any], lang: str) -> list[Text]:
    """The Corvid Conspiracy's board: plots in the supply and face up (13.2.2), the next plot's cost (13.5.2), the
    draw (13.6.2); the face-down plots' types only on the Corvids' own screen (13.2.2.1), else what Exposure ruled
    out (13.2.4)."""
    lines = [Text(i18n.tr("corvid_plots", lang, supply=board["plots_in_supply"], face_up=board["face_up"],
                          cost=board["next_plot_cost"], draw=board["draw"], warriors=board["warrior_supply"]))]
    parts = []
    for c, kind in board["face_down"].items():
        if kind is not None:
            parts.append(f"{c}: {i18n.term('plot', kind, lang)}")
        else:
            out = board["ruled_out"].get(c)
            parts.append(f"{c}" + (f" (≠ {', '.join(i18n.term('plot', k, lang) for k in out)})" if out else ""))
    if parts:
        lines.append(Text(i18n.tr("corvid_face_down", lang, plots="; ".join(parts))))
    return lines


def _cult_lines(board: dict[str, Any], lang: str) -> list[Text]:
    """The Lizard Cult's board: the Outcast (10.4.1), acolytes (10.2.3), the Gardens tracks (10.5.3, 10.6.3),
    the Lost Souls pile (10.2.6) and the cards revealed this Daylight (10.5), all public."""
    outcast = board["outcast"]
    head = Text(" · ".join([i18n.tr("warrior_supply", lang, n=board["warrior_supply"]),
                            i18n.tr("acolytes", lang, n=board["acolytes"])]) + " · ")
    if outcast:
        head.append(i18n.tr("outcast_hated" if board["hated"] else "outcast", lang, suit=outcast),
                    style=SUIT_STYLE.get(outcast, ""))
    gardens = Text(f"{i18n.tr('gardens', lang)}: ")
    parts = []
    for suit, n in board["gardens_on_map"].items():
        vp = board["score_vp"][suit]
        label = i18n.tr("garden_track", lang, suit=suit, on_map=n, left=board["gardens_on_track"][suit],
                        vp=vp if vp is not None else 0)
        parts.append(Text(label, style="dim" if suit in board["scored_this_turn"] else SUIT_STYLE.get(suit, "")))
    gardens.append_text(_join(parts, "; "))
    gardens.append(" · " + i18n.tr("draw_bonus", lang, n=1 + board["draw_bonus"]))
    lines = [head, gardens]
    for key in ("lost_souls", "revealed"):
        line = Text(f"{i18n.tr(key, lang)}: ")
        line.append_text(_cards(board[key], lang) if board[key] else Text(i18n.tr("none", lang), style="dim"))
        lines.append(line)
    return lines


def _riverfolk_lines(board: dict[str, Any], hand: list[str] | None, lang: str) -> list[Text]:
    """The Riverfolk's board, all public (11.2): the public hand (11.2.3), Payments, Funds and Committed by whose
    warriors they hold (11.2.4), the Trade Posts tracks and their committed funds (11.2.1, 11.2.5), the prices of
    the services (11.2.7)."""
    def box(owners: list[str]) -> str:
        counts: dict[str, int] = {}
        for f in owners:
            counts[f] = counts.get(f, 0) + 1
        return ", ".join(f"{i18n.faction_name(f, lang, 'short')} {n}" for f, n in counts.items()) or "0"

    head = Text(" · ".join([i18n.tr("warrior_supply", lang, n=board["warrior_supply"]),
                            i18n.tr("rf_boxes", lang, payments=box(board["payments"]), funds=box(board["funds"]),
                                    committed=box(board["committed"]))]))
    posts = Text(f"{i18n.tr('rf_posts', lang)}: ")
    parts = []
    for suit, left in board["posts_on_track"].items():
        parts.append(Text(i18n.tr("rf_post_track", lang, suit=suit, left=left, free=board["crafting_spaces"][suit],
                                  lost=board["posts_lost"].count(suit)), style=SUIT_STYLE.get(suit, "")))
    posts.append_text(_join(parts, "; "))
    prices = board["prices"]
    lines = [head, posts, Text(i18n.tr("rf_prices", lang, hand=prices["hand"], riverboats=prices["riverboats"],
                                       mercenaries=prices["mercenaries"]))]
    line = Text(f"{i18n.tr('rf_public_hand', lang)}: ")
    line.append_text(_cards(hand, lang) if hand else Text(i18n.tr("none", lang), style="dim"))
    lines.append(line)
    return lines


def _item_text(entry: dict[str, Any], lang: str) -> Text:
    """One item on the Vagabond's board (9.2.5): exhausted items dim, ruin items marked R."""
    label = i18n.item_name(entry["item"], lang) + (" (R)" if entry["ruin"] else "")
    if not entry["face_up"]:
        label += f" ({i18n.item_state(entry['item'], 'e', lang)})"  # agreeing: "herbata (wyczerpana)"
    style = "dim" if not entry["face_up"] else ("red" if entry["damaged"] else "")
    return Text(label, style=style)


def _vagabond_lines(board: dict[str, Any], lang: str) -> list[Text]:
    """The Vagabond's board (9.2): character, pawn, tracks, Satchel, Damaged box, relationships, quests."""
    char = board.get("character")
    head = Text(i18n.tr("character", lang, name=i18n.term("character", char, lang) if char else "—"))
    if board.get("where"):
        head.append(" · " + i18n.tr("pawn_at", lang, where=board["where"]))
    if "tracks" not in board:  # before setup
        return [head]
    head.append(" · " + i18n.tr("item_capacity", lang, n=board["satchel_count"], limit=board["item_limit"]))
    tracks = board["tracks"]
    lines = [head, Text(i18n.tr("vb_tracks", lang, tea=tracks["tea"], coin=tracks["coin"], bag=tracks["bag"],
                                refresh=board["refresh"], draw=board["draw"]))]
    for place, key in (("satchel", "satchel"), ("damaged", "damaged_box")):
        line = Text(f"{i18n.tr(key, lang)}: ")
        entries = [_item_text(e, lang) for e in board["items"] if e["place"] == place]
        line.append_text(_join(entries) if entries else Text(i18n.tr("none", lang), style="dim"))
        lines.append(line)
    rel = Text(f"{i18n.tr('relationships', lang)}: ")
    parts = []
    for f, level in board["relationships"].items():
        style = "red" if level == "hostile" else ("green" if level == "allied" else "")
        parts.append(Text(f"{i18n.faction_name(f, lang, 'short')} {i18n.term('relationship', level, lang)}",
                          style=style))
    rel.append_text(_join(parts) if parts else Text("—", style="dim"))
    if board.get("aids_this_turn"):
        rel.append(" · " + i18n.tr("aids_this_turn", lang, aids=", ".join(
            f"{i18n.faction_name(f, lang, 'short')} {n}" for f, n in board["aids_this_turn"].items())))
    lines.append(rel)
    done = board.get("quests_done") or []
    lines.append(Text(f"{i18n.tr('quests_done', lang)}: "
                      + (", ".join(i18n.quest_name(q, lang) for q in done) or i18n.tr("none", lang))))
    if board.get("removed_items"):
        lines.append(Text(i18n.tr("removed_items", lang, items=", ".join(
            i18n.item_name(x, lang) for x in board["removed_items"])), style="dim"))
    if board.get("coalition"):
        lines.append(Text(i18n.tr("coalition_with", lang, faction=i18n.faction_name(board["coalition"], lang)),
                          style="bold magenta"))
    return lines


def supporters_panel(view: dict[str, Any], seat: str, lang: str) -> Panel:
    """The Alliance's face-down Supporters stack, shown only on the Alliance's own screen (8.2.3)."""
    keys = view["players"][seat]["board"]["supporters"] or []
    return Panel(_cards(keys, lang), title=i18n.tr("your_supporters", lang, faction=seat), title_align="left",
                 border_style=FACTION_STYLE.get(seat, ""))


def faction_panel(view: dict[str, Any], seat: str, lang: str) -> Panel:
    p = view["players"][seat]
    title = faction_text(seat, lang)
    title.append(f"  {p['vp']} {i18n.tr('vp', lang)}", style="bold")
    title.append(f"  ·  {i18n.tr('hand_count', lang, n=p['hand_count'])}", style="")
    body: list[RenderableType] = []
    board = p["board"]
    if seat == "marquise":
        body.extend(_marquise_lines(board, lang, view["phase"] == "setup"))
    elif seat == "eyrie":
        body.extend(_eyrie_lines(board, lang))
    elif seat == "alliance" and "bases" in board:
        body.extend(_alliance_lines(board, lang))
    elif seat in ("vagabond", "vagabond2"):
        body.extend(_vagabond_lines(board, lang))
    elif seat == "duchy" and "swayed" in board:
        body.extend(_duchy_lines(board, lang))
    elif seat == "warlord" and "mood" in board:
        body.extend(_warlord_lines(board, lang))
    elif seat == "cult" and "lost_souls" in board:
        body.extend(_cult_lines(board, lang))
    elif seat == "corvid" and "face_down" in board:
        body.extend(_corvid_lines(board, lang))
    elif seat == "keepers" and "retinue" in board:
        body.extend(_keepers_lines(board, lang))
    elif seat == "riverfolk" and "funds" in board:
        body.extend(_riverfolk_lines(board, p["hand"], lang))
    elif "warrior_supply" in board:  # before the faction's own setup: its board shows only the warriors
        body.append(Text(i18n.tr("warrior_supply", lang, n=board["warrior_supply"])))
    extra = Text(f"{i18n.tr('crafted', lang)}: ")
    extra.append_text(_cards(p["crafted"], lang))
    # 9.2.5: a Satchel and tracks instead of a Crafted Items box; 14.2.4: the Hundreds' Hoard instead of one
    if seat not in ("vagabond", "vagabond2", "warlord"):
        extra.append(f" · {i18n.tr('items', lang)}: ")
        extra.append(", ".join(i18n.item_name(x, lang) for x in p["items"]) or i18n.tr("none", lang))
        if p.get("exhausted_items"):  # A.2 League of Adventurous Mice: exhausted in the box
            names = ", ".join(i18n.item_name(x, lang) for x in p["exhausted_items"])
            extra.append(f" ({i18n.tr('items_exhausted', lang, items=names)})", style="dim")
    body.append(extra)
    if p["dominance"]:
        body.append(Text(i18n.tr("dominance_active", lang, card=p["dominance"]), style="bold magenta"))
    return Panel(Group(*body), title=title, title_align="left", border_style=FACTION_STYLE.get(seat, ""))


def shared_line(view: dict[str, Any], lang: str) -> Text:
    t = Text(i18n.tr("deck", lang, n=view["deck_count"], d=len(view["discard"])))
    if view["discard"]:
        t.append(f" ({i18n.tr('discard_top', lang, card=view['discard'][-1])})")
    if view["available_dominance"]:
        t.append("\n" + i18n.tr("available_dominance", lang, cards=view["available_dominance"]))
    supply = ", ".join(f"{i18n.item_name(k, lang)} {v}" for k, v in view["item_supply"].items() if v)
    t.append(f"\n{i18n.tr('item_supply', lang)}: {supply or i18n.tr('none', lang)}")
    quests = view.get("quests") or {}
    if quests.get("face_up") or quests.get("deck_count"):  # 9.3.3: shared by two Vagabonds (9.7.2)
        t.append("\n" + i18n.tr("quests_line", lang, n=quests["deck_count"], quests=", ".join(
            i18n.quest_name(q, lang) for q in quests["face_up"]) or i18n.tr("none", lang)))
    return t


def hirelings_line(view: dict[str, Any], lang: str) -> Text | None:
    """Appendix E: the hireling cards (who controls each, with how many control markers) and the markers left on
    the score track; all public."""
    hired = view.get("hirelings")
    if not hired:
        return None
    cards = []
    for card in hired["cards"]:
        name = i18n.faction_name("hireling:" + card["hireling"], lang)
        if card["controller"]:
            text = i18n.tr("hireling_held", lang, name=name, faction=card["controller"], n=card["control_markers"])
        else:
            text = i18n.tr("hireling_supply", lang, name=name)
        if card["on_card"]:
            text += f", {i18n.tr('hireling_on_card', lang, n=card['on_card'])}"
        cards.append(text)
    pieces = []  # the hirelings' pieces that are not warriors: pawns, and bandits on paths
    if hired.get("exile"):
        pieces.append(i18n.tr("hireling_at_forest", lang, name=i18n.faction_name("hireling:the_exile", lang),
                              forest=hired["exile"]["forest"]))
    protector = "stoic_protector" if any(c["hireling"] == "stoic_protector" for c in hired["cards"]) \
        else "furious_protector"  # one side of the card is in play
    for key, side in (("protector", protector), ("flotilla", "riverfolk_flotilla")):
        if hired.get(key):
            pieces.append(i18n.tr("hireling_at_clearing", lang, name=i18n.faction_name("hireling:" + side, lang),
                                  where=hired[key]))
    if hired.get("bandits"):
        pieces.append(i18n.tr("hireling_paths", lang, name=i18n.faction_name("hireling:highway_bandits", lang),
                              paths=", ".join(hired["bandits"])))
    t = Text(i18n.tr("hirelings_line", lang, text="; ".join(cards + pieces)))
    if hired["markers"]:
        t.append("\n" + i18n.tr("hireling_markers", lang, spaces=", ".join(str(m) for m in hired["markers"])))
    return t


def hand_panel(view: dict[str, Any], seat: str, lang: str) -> Panel:
    hand = view["players"][seat]["hand"] or []
    return Panel(_cards(hand, lang), title=i18n.tr("your_hand", lang, faction=seat), title_align="left",
                 border_style=FACTION_STYLE.get(seat, ""))


def title_text(view: dict[str, Any], lang: str) -> str:
    if view["phase"] == "setup":
        return i18n.tr("title_setup", lang, map=view["map"])
    return i18n.tr("title", lang, map=view["map"], turn_no=view["turn_no"], turn=view["turn"], phase=view["phase"])


def board_group(view: dict[str, Any], lang: str, viewer: str | None) -> Group:
    """The whole table as ``viewer`` sees it (``None``: a spectator)."""
    parts: list[RenderableType] = [clearings_table(view, lang)]
    features = map_line(view, lang)
    if features is not None:
        parts.append(features)
    parts.extend(faction_panel(view, s, lang) for s in view["seats"])
    parts.append(shared_line(view, lang))
    hired = hirelings_line(view, lang)  # Appendix E
    if hired is not None:
        parts.append(hired)
    if viewer is not None and view["players"][viewer]["hand"] is not None:
        parts.append(hand_panel(view, viewer, lang))
        if view["players"][viewer]["board"].get("supporters") is not None:
            parts.append(supporters_panel(view, viewer, lang))
    return Group(*parts)


# -- log and decisions -----------------------------------------------------------------------------
def event_line(event: Any, lang: str, *, annotate: bool = False) -> Text:
    text = Text(i18n.render_event(event, lang))
    seats = event.seats if hasattr(event, "seats") else event.get("seats")
    kind = event.kind if hasattr(event, "kind") else event.get("kind")
    if kind == "turn_start":
        text.stylize("bold")
    if annotate and seats is not None:
        names = ", ".join(i18n.faction_name(s, lang, "short") for s in seats)
        text.append(f"  [{i18n.tr('only_for', lang, seats=names)}]", style="dim italic")
    return text


def options_grid(items: list[tuple[str, str, str]], width: int = 80) -> Table:
    """Numbered options (number, label, rule citation) in a grid; more than 12 flow into up to 3 columns as the
    width allows, numbered top to bottom. Every game's decision block uses it."""
    cell = max(len(n) + len(label) + len(rule) + 2 for n, label, rule in items) + 3
    ncols = max(1, min(3, width // cell)) if len(items) > 12 else 1
    nrows = -(-len(items) // ncols)
    grid = Table.grid(padding=(0, 1))
    for _ in range(ncols):
        grid.add_column(justify="right", style="bold")
        grid.add_column()
        grid.add_column(style="dim")
    for r in range(nrows):
        row: list[RenderableType] = []
        for c in range(ncols):
            k = c * nrows + r
            if k < len(items):
                n, label, rule = items[k]
                row.extend([Text(n), Text(label), Text(rule + ("   " if c < ncols - 1 else ""))])
            else:
                row.extend([Text(""), Text(""), Text("")])
        grid.add_row(*row)
    return grid


def decision_block(decision: Any, options: list[Any], lang: str, width: int = 80) -> Group:
    """The prompt and the numbered options; long lists flow into columns (numbered top to bottom)."""
    head = Text()
    head.append_text(faction_text(decision.player, lang))
    head.append(" — ")
    head.append(i18n.decision_prompt(decision, lang), style="bold")
    items = [(f"{i}.", i18n.option_label(opt, lang, decision.kind), i18n.cite(opt.rule))
             for i, opt in enumerate(options, 1)]
    return Group(head, options_grid(items, width))
