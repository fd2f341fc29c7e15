"""Each Root faction's part of the observation: its board's groups, the encoder that fills them from the board in
``state.view(seat)``, and its own decision kinds, option actions, option values, buildings and tokens; the same for
what the view shows besides the factions (:data:`EXTRAS`: the hirelings, Appendix E).

Adding a faction to the observation is one :class:`FactionBoard` entry in :data:`BOARDS` (and its name in
:data:`planszowki.rl.root_vocab.FACTIONS`, which fixes the order of every faction-indexed group): the layout,
the vocabularies and the documentation table of :mod:`planszowki.rl.encoding` are built from this table.

A board encoder reads only ``players[faction]`` of the view — the board as the observing seat may see it: the
Corvids' face-down plots and plot supply are ``None`` in everyone else's view (13.2.2.1), the Alliance's
Supporters likewise (8.2.3) — so nothing the Law hides can reach the vector.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from .root_vocab import (
    CARD,
    CARD_KEYS,
    CARD_SUITS,
    CHARACTERS,
    COLUMNS,
    FACTION,
    FACTIONS,
    ITEM,
    ITEM_STATES,
    ITEMS,
    LEADERS,
    MAX_FORESTS,
    N_CLEARINGS,
    NON_VAGABONDS,
    QUEST,
    QUEST_KEYS,
    RELATIONSHIPS,
    SHARED_BUILDINGS,
    SHARED_TOKENS,
    SUIT,
    SUITS,
    TRACKED,
    VAGABONDS,
    item_code,
    location_index,
)

#: the Riverfolk's services (11.2.7), the Duchy's ministers (12.2.3), the Corvids' plot types (13.2.2)
SERVICES = ("hand", "riverboats", "mercenaries")
MINISTERS = ("foremole", "captain", "marshal", "brigadier", "banker", "mayor", "duchess", "baron", "earl")
RANKS = ("squire", "noble", "lord")
PLOTS = ("bomb", "snare", "extortion", "raid")


class Writer:
    """Writes named groups of one observation vector (``at``: group name -> offset)."""

    __slots__ = ("at", "v")

    def __init__(self, v: np.ndarray, at: dict[str, int]) -> None:
        self.v = v
        self.at = at

    def set(self, name: str, value: Any, i: int = 0) -> None:
        self.v[self.at[name] + i] = value or 0

    def one(self, name: str, i: int | None) -> None:
        if i is not None:
            self.v[self.at[name] + i] = 1

    def add(self, name: str, i: int | None, n: float = 1) -> None:
        if i is not None:
            self.v[self.at[name] + i] += n

    def counts(self, name: str, keys: Iterable[Any], vocab: dict[Any, int]) -> None:
        """Count each key of ``keys`` found in ``vocab`` (others are skipped)."""
        base = self.at[name]
        for k in keys:
            i = vocab.get(k)
            if i is not None:
                self.v[base + i] += 1

    def per_key(self, name: str, mapping: dict[str, Any], order: tuple[str, ...]) -> None:
        """``mapping[k]`` (None as 0) for each ``k`` of ``order``, in that order."""
        base = self.at[name]
        for i, k in enumerate(order):
            self.v[base + i] = mapping.get(k) or 0


#: a board group: (name after the board's prefix, size, upper bound, meaning)
G = tuple[str, int, float, str]
Encode = Callable[[Writer, str, dict[str, Any], dict[str, Any]], None]


@dataclass(frozen=True)
class FactionBoard:
    """One faction's part of the observation. ``prefix`` names its groups (``"<prefix>.<name>"``); ``encode(w,
    prefix, board, player)`` fills them from ``players[faction]["board"]`` and ``players[faction]`` of the view;
    ``kinds``, ``actions``, ``values``: its own decision kinds, option actions and string option values;
    ``buildings``, ``tokens``: its pieces on the map (counted per clearing by kind, and option values too)."""

    faction: str
    prefix: str
    groups: tuple[G, ...]
    encode: Encode
    kinds: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    values: tuple[str, ...] = ()
    buildings: tuple[str, ...] = ()
    tokens: tuple[str, ...] = ()


# -- 6 The Marquise de Cat --------------------------------------------------------------------------------------
def _marquise(w: Writer, p: str, board: dict[str, Any], player: dict[str, Any]) -> None:
    w.set(p + ".wood_supply", board.get("wood_supply"))
    w.per_key(p + ".buildings_on_map", board.get("buildings_on_map") or {}, ("sawmill", "workshop", "recruiter"))


MARQUISE = FactionBoard("marquise", "marquise", (
    ("wood_supply", 1, 8, "wood tokens in the Marquise's supply"),
    ("buildings_on_map", 3, 6, "Marquise sawmills, workshops, recruiters on the map"),
), _marquise, kinds=("marquise.daylight", "marquise.field_hospitals", "marquise.march", "marquise.pay_wood",
                     "marquise.recruit", "marquise.setup.building", "marquise.setup.keep", "marquise.wood"),
    buildings=("sawmill", "workshop", "recruiter"), tokens=("wood", "keep"))


# -- 7 The Eyrie Dynasties --------------------------------------------------------------------------------------
_LEADER = {x: i for i, x in enumerate(LEADERS)}
_CARD_SUIT = {s: i for i, s in enumerate(CARD_SUITS)}


def _eyrie(w: Writer, p: str, board: dict[str, Any], player: dict[str, Any]) -> None:
    w.one(p + ".leader", _LEADER.get(board.get("leader")))
    w.counts(p + ".leaders_face_up", board.get("leaders_face_up", ()), _LEADER)
    w.counts(p + ".leaders_face_down", board.get("leaders_face_down", ()), _LEADER)
    decree = board.get("decree") or {}
    for ci, col in enumerate(COLUMNS):
        for key in decree.get(col, ()):
            w.add(p + ".decree", ci * len(CARD_SUITS) + _CARD_SUIT[key.split(":")[0]])
    w.set(p + ".roosts_on_track", board.get("roosts_on_track"))


EYRIE = FactionBoard("eyrie", "eyrie", (
    ("leader", len(LEADERS), 1, f"one-hot: the Eyrie leader ({', '.join(LEADERS)})"),
    ("leaders_face_up", len(LEADERS), 1, "leaders still available (face up), flags"),
    ("leaders_face_down", len(LEADERS), 1, "leaders already used (face down), flags"),
    ("decree", len(COLUMNS) * len(CARD_SUITS), 10, "Decree: cards per column (recruit, move, battle, build) x suit "
     "(bird, fox, rabbit, mouse); viziers count as bird"),
    ("roosts_on_track", 1, 7, "roosts on the Eyrie board"),
), _eyrie, kinds=("eyrie.add", "eyrie.daylight", "eyrie.decree", "eyrie.depose", "eyrie.new_roost",
                  "eyrie.setup.corner", "eyrie.setup.leader"),
    values=(*COLUMNS, *LEADERS), buildings=("roost",))


# -- 8 The Woodland Alliance ------------------------------------------------------------------------------------
def _alliance(w: Writer, p: str, board: dict[str, Any], player: dict[str, Any]) -> None:
    w.set(p + ".supporters_count", board.get("supporters_count"))
    for key in board.get("supporters") or ():  # None unless the observer is the Alliance
        w.add(p + ".supporters", _CARD_SUIT[key.split(":")[0]])
        w.add(p + ".supporter_cards", CARD.get(key))
    w.set(p + ".officers", board.get("officers"))
    w.counts(p + ".bases_in_box", board.get("bases_in_box", ()), SUIT)
    w.set(p + ".sympathy_on_track", board.get("sympathy_on_track"))
    w.set(p + ".supporters_limited", board.get("supporter_limit") is not None)
    w.set(p + ".draw_bonus", board.get("draw_bonus"))
    w.set(p + ".next_spread_cost", board.get("next_spread_cost"))
    w.set(p + ".next_sympathy_vp", board.get("next_sympathy_vp"))


ALLIANCE = FactionBoard("alliance", "alliance", (
    ("supporters_count", 1, 60, "cards in the Supporters stack (public count)"),
    ("supporters", len(CARD_SUITS), 60, "Supporters by suit; only in the Alliance's own observation (face down, "
     "8.2.3), zeros for everyone else"),
    ("supporter_cards", len(CARD_KEYS), 10, "Supporters: count of each card key; only in the Alliance's own "
     "observation, zeros for everyone else"),
    ("officers", 1, 10, "Alliance officers"),
    ("bases_in_box", len(SUITS), 1, "flags: bases not on the map (fox, rabbit, mouse)"),
    ("sympathy_on_track", 1, 10, "sympathy tokens on the Alliance board"),
    ("supporters_limited", 1, 1, "1 while the Supporters stack is limited to 5 (no base on the map)"),
    ("draw_bonus", 1, 3, "extra cards drawn in Evening, one per base on the map (8.6.2)"),
    ("next_spread_cost", 1, 3, "Supporters the next sympathy token costs (8.4.2.II), before Martial Law; 0 when "
     "none is left"),
    ("next_sympathy_vp", 1, 4, "VP for placing the next sympathy token (8.4.2.III); 0 when none is left"),
), _alliance, kinds=("alliance.birdsong", "alliance.daylight", "alliance.discard_supporters", "alliance.operations",
                     "alliance.outrage.pay", "alliance.pay"),
    buildings=("base_fox", "base_rabbit", "base_mouse"), tokens=("sympathy",))


# -- 9 The Vagabond ---------------------------------------------------------------------------------------------
_CHARACTER = {c: i for i, c in enumerate(CHARACTERS)}
_RELATION = {r: i for i, r in enumerate(RELATIONSHIPS)}


def _vagabond(w: Writer, p: str, board: dict[str, Any], player: dict[str, Any]) -> None:
    ch = board.get("character")
    if ch is not None:
        w.one(p + ".character", _CHARACTER.get(ch, len(CHARACTERS)))
    loc = location_index(board.get("where"))
    if loc is not None and loc <= N_CLEARINGS + MAX_FORESTS:
        w.one(p + ".where", loc - 1)
    for e in board.get("items", ()):
        i = ITEM.get(e["item"])
        if i is None:
            continue
        w.add(p + ".items", i * len(ITEM_STATES) + 2 * bool(e["damaged"]) + (not e["face_up"]))
        if e.get("ruin"):
            w.add(p + ".items_from_ruins", i)
    w.per_key(p + ".tracks", board.get("tracks") or {}, TRACKED)
    for k in ("satchel_count", "item_limit", "refresh", "draw", "swords"):
        w.set(f"{p}.{k}", board.get(k))
    rels = board.get("relationships") or {}
    aids = board.get("aids_this_turn") or {}
    for i, f in enumerate(NON_VAGABONDS):
        if rels.get(f) in _RELATION:
            w.one(p + ".relationships", i * len(RELATIONSHIPS) + _RELATION[rels[f]])
        w.set(p + ".aids_this_turn", aids.get(f), i)
    for key in board.get("quests_done", ()):
        w.add(p + ".quests_done", QUEST.get(key))
        w.add(p + ".quests_done_by_suit", SUIT.get(key.split(":")[0]))
    w.one(p + ".coalition", FACTION.get(board.get("coalition")))
    for name in board.get("removed_items", ()):
        w.add(p + ".removed_items", item_code(name)[0])


_OTHERS = ", ".join(NON_VAGABONDS)
_VAGABOND_GROUPS: tuple[G, ...] = (
    ("character", len(CHARACTERS) + 1, 1, f"one-hot: character ({', '.join(CHARACTERS)}), last slot: other"),
    ("where", N_CLEARINGS + MAX_FORESTS, 1, "one-hot: the pawn, clearings 1..12 then forests F1..F12 (9.2.2); "
     "zeros before setup"),
    ("items", len(ITEMS) * len(ITEM_STATES), 8, f"items on its board: count per item ({', '.join(ITEMS)}) x state "
     "(face up, exhausted, damaged face up, damaged exhausted), item-major (9.2.5)"),
    ("items_from_ruins", len(ITEMS), 4, "of those, items taken from ruins, per item (9.7.3)"),
    ("tracks", len(TRACKED), 3, "tea, coin, bag face up on their tracks (9.2.5.I)"),
    ("satchel_count", 1, 20, "items in the Satchel and Damaged box (9.6.4)"),
    ("item_limit", 1, 20, "item limit: six plus two per bag on its track (9.6.4)"),
    ("refresh", 1, 9, "items refreshed in Birdsong (9.4.1)"),
    ("draw", 1, 4, "cards drawn in Evening (9.6.2)"),
    ("swords", 1, 8, "undamaged swords: maximum rolled hits (9.2.6)"),
    ("relationships", len(NON_VAGABONDS) * len(RELATIONSHIPS), 1, f"one-hot per faction ({_OTHERS}) over the level "
     "(hostile, indifferent, 1, 2, allied), faction-major (9.2.9)"),
    ("aids_this_turn", len(NON_VAGABONDS), 10, f"aids this turn toward the next improvement, per faction ({_OTHERS}) "
     "(9.2.9.I.a)"),
    ("quests_done", len(QUEST_KEYS), 1, "completed quests, flags per quest key"),
    ("quests_done_by_suit", len(SUITS), 15, "completed quests per suit (fox, rabbit, mouse): the VP a quest of that "
     "suit scores next (9.5.5)"),
    ("coalition", len(FACTIONS), 1, "one-hot: its coalition partner (9.2.8), over the factions"),
    ("removed_items", len(ITEMS), 8, "items removed from the game, per item (9.6.4)"),
)
_VAGABOND_KINDS = ("vagabond.aid", "vagabond.battle_ally", "vagabond.capacity", "vagabond.damage", "vagabond.daylight",
                   "vagabond.explore", "vagabond.hits", "vagabond.protector", "vagabond.quest_reward",
                   "vagabond.refresh", "vagabond.repair", "vagabond.setup.character", "vagabond.setup.forest",
                   "vagabond.slip")
VAGABOND_BOARDS = tuple(FactionBoard(v, f"vagabond[{v}]", _VAGABOND_GROUPS, _vagabond, kinds=_VAGABOND_KINDS,
                                     values=(*CHARACTERS, *QUEST_KEYS)) for v in VAGABONDS)


# -- 11 The Riverfolk Company -----------------------------------------------------------------------------------
def _riverfolk(w: Writer, p: str, board: dict[str, Any], player: dict[str, Any]) -> None:
    for box in ("payments", "funds", "committed"):
        w.counts(f"{p}.{box}", board.get(box, ()), FACTION)
    tracks = board.get("tracks") or {}
    for i, s in enumerate(SUITS):
        w.set(p + ".tracks", len(tracks.get(s, ())), i)
    w.per_key(p + ".posts_on_track", board.get("posts_on_track") or {}, SUITS)
    w.counts(p + ".posts_lost", board.get("posts_lost", ()), SUIT)
    w.per_key(p + ".crafting_spaces", board.get("crafting_spaces") or {}, SUITS)
    w.per_key(p + ".prices", board.get("prices") or {}, SERVICES)
    w.counts(p + ".hand", player.get("hand") or (), CARD)  # 11.2.3: face up, for everyone


RIVERFOLK = FactionBoard("riverfolk", "riverfolk", (
    ("payments", len(FACTIONS), 25, "warriors in the Payments box, by the faction that paid them (11.2.4)"),
    ("funds", len(FACTIONS), 25, "warriors in the Funds box, by faction (11.2.4)"),
    ("committed", len(FACTIONS), 25, "funds committed this turn (crafting and Daylight actions), by faction "
     "(11.4.1)"),
    ("tracks", len(SUITS), 3, "funds committed to the Trade Posts tracks' empty spaces, per suit (fox, rabbit, "
     "mouse) (11.2.1)"),
    ("posts_on_track", len(SUITS), 3, "trade posts left on each track (fox, rabbit, mouse) (11.2.5)"),
    ("posts_lost", len(SUITS), 3, "trade posts of each suit removed, their spaces lost (11.2.5.I)"),
    ("crafting_spaces", len(SUITS), 10, "crafting pieces per suit: uncovered Trade Posts spaces (11.2.1)"),
    ("prices", len(SERVICES), 4, f"the Services tracks ({', '.join(SERVICES)}): the price of each (11.2.7)"),
    ("hand", len(CARD_KEYS), 10, "the Riverfolk's hand, face up for every seat (11.2.3): count of each card key"),
), _riverfolk,
    kinds=("riverfolk.daylight", "riverfolk.disruption", "riverfolk.pay", "riverfolk.prices", "riverfolk.services",
           "riverfolk.setup", "riverfolk.vagabond_pay"),
    actions=("buy_card", "buy_mercenaries", "buy_riverboats", "commit_fund", "export", "remove_fund", "set_price",
             "spend_fund", "trade_post"),
    values=SERVICES, tokens=("trade_fox", "trade_rabbit", "trade_mouse"))


# -- 10 The Lizard Cult -----------------------------------------------------------------------------------------
def _cult(w: Writer, p: str, board: dict[str, Any], player: dict[str, Any]) -> None:
    w.one(p + ".outcast", SUIT.get(board.get("outcast")))
    w.set(p + ".hated", bool(board.get("hated")))
    w.set(p + ".acolytes", board.get("acolytes"))
    lost = board.get("lost_souls", ())
    w.counts(p + ".lost_souls", lost, CARD)
    w.counts(p + ".lost_souls_by_suit", (k.split(":")[0] for k in lost), _CARD_SUIT)
    w.counts(p + ".revealed", board.get("revealed", ()), CARD)
    w.per_key(p + ".gardens_on_track", board.get("gardens_on_track") or {}, SUITS)
    w.per_key(p + ".score_vp", board.get("score_vp") or {}, SUITS)
    w.counts(p + ".scored_this_turn", board.get("scored_this_turn", ()), SUIT)
    w.set(p + ".draw_bonus", board.get("draw_bonus"))


CULT = FactionBoard("cult", "cult", (
    ("outcast", len(SUITS), 1, "one-hot: the Outcast suit (10.2.2)"),
    ("hated", 1, 1, "1 when the Outcast is Hated (10.2.2.I)"),
    ("acolytes", 1, 25, "warriors in the Acolytes box (10.2.3)"),
    ("lost_souls", len(CARD_KEYS), 10, "the Lost Souls pile, face up (10.2.6): count of each card key"),
    ("lost_souls_by_suit", len(CARD_SUITS), 30, "the Lost Souls pile by suit (bird, fox, rabbit, mouse)"),
    ("revealed", len(CARD_KEYS), 10, "cards revealed for rituals this turn (10.5): count of each card key"),
    ("gardens_on_track", len(SUITS), 5, "gardens left on each Gardens track (fox, rabbit, mouse) (10.2.4)"),
    ("score_vp", len(SUITS), 5, "VP a garden ritual of that suit scores (10.5.3); 0 with no garden of it on the "
     "map"),
    ("scored_this_turn", len(SUITS), 1, "flags: suits already scored this turn (10.5.3)"),
    ("draw_bonus", 1, 3, "draw bonuses uncovered on the Gardens tracks (10.6.3)"),
), _cult,
    kinds=("cult.conspiracies", "cult.craft", "cult.crusade_battle", "cult.daylight", "cult.setup.corner",
           "cult.setup.outcast"),
    actions=("convert", "outcast", "sacrifice", "sanctify", "score_ritual"),
    buildings=("garden_fox", "garden_rabbit", "garden_mouse"))


# -- 12 The Underground Duchy -----------------------------------------------------------------------------------
_MINISTER = {m: i for i, m in enumerate(MINISTERS)}


def _duchy(w: Writer, p: str, board: dict[str, Any], player: dict[str, Any]) -> None:
    w.set(p + ".burrow", board.get("burrow"))
    w.counts(p + ".swayed", board.get("swayed", ()), _MINISTER)
    w.per_key(p + ".crowns", board.get("crowns") or {}, RANKS)
    w.counts(p + ".revealed", board.get("revealed", ()), CARD)
    w.set(p + ".citadels_on_track", board.get("citadels_on_track"))
    w.set(p + ".markets_on_track", board.get("markets_on_track"))
    w.set(p + ".tunnels_in_supply", board.get("tunnels_in_supply"))
    w.set(p + ".recruit", board.get("recruit"))
    w.set(p + ".draw", board.get("draw"))


DUCHY = FactionBoard("duchy", "duchy", (
    ("burrow", 1, 20, "Duchy warriors in the Burrow (12.2.2)"),
    ("swayed", len(MINISTERS), 1, f"flags: swayed ministers ({', '.join(MINISTERS)}) (12.2.3)"),
    ("crowns", len(RANKS), 3, "crowns left per rank (squire, noble, lord) (12.3.6)"),
    ("revealed", len(CARD_KEYS), 10, "cards revealed this turn (12.5): count of each card key"),
    ("citadels_on_track", 1, 3, "citadels on the Duchy board (12.3.4)"),
    ("markets_on_track", 1, 3, "markets on the Duchy board (12.3.4)"),
    ("tunnels_in_supply", 1, 3, "tunnels in the supply (12.3.4)"),
    ("recruit", 1, 6, "warriors recruited per action (12.4)"),
    ("draw", 1, 4, "cards drawn in Evening (12.6.3)"),
), _duchy,
    kinds=("duchy.assembly", "duchy.banker", "duchy.brigadier", "duchy.craft", "duchy.dig_move",
           "duchy.parliament", "duchy.price", "duchy.setup.corner", "duchy.sway", "duchy.sway_cards"),
    actions=("bank", "dig", "dig_move", "done_banking", "end_assembly", "end_parliament", "lose_minister",
             "no_minister", "score_minister", "sway", "reveal"),
    values=MINISTERS, buildings=("citadel", "market"), tokens=("tunnel",))


# -- 13 The Corvid Conspiracy -----------------------------------------------------------------------------------
_PLOT = {x: i for i, x in enumerate(PLOTS)}


def _corvid(w: Writer, p: str, board: dict[str, Any], player: dict[str, Any]) -> None:
    w.set(p + ".plots_in_supply", board.get("plots_in_supply"))
    w.per_key(p + ".supply", board.get("supply") or {}, PLOTS)  # None unless the observer is the Corvids
    for c, kind in (board.get("face_down") or {}).items():  # the types: None unless the observer is the Corvids
        if kind in _PLOT and c.isdigit() and 1 <= int(c) <= N_CLEARINGS:
            w.one(p + ".face_down", (int(c) - 1) * len(PLOTS) + _PLOT[kind])
    for c, kinds in (board.get("ruled_out") or {}).items():
        if c.isdigit() and 1 <= int(c) <= N_CLEARINGS:
            for kind in kinds:
                w.add(p + ".ruled_out", (int(c) - 1) * len(PLOTS) + _PLOT[kind] if kind in _PLOT else None)
    for k in ("face_up", "plots_placed_this_turn", "next_plot_cost", "draw"):
        w.set(f"{p}.{k}", board.get(k))


CORVID = FactionBoard("corvid", "corvid", (
    ("plots_in_supply", 1, 8, "plot tokens in the Corvids' supply (13.2.2)"),
    ("supply", len(PLOTS), 2, f"the supply's plots by type ({', '.join(PLOTS)}); only in the Corvids' own "
     "observation (face down, 13.2.2.1), zeros for everyone else"),
    ("face_down", N_CLEARINGS * len(PLOTS), 1, "the type of each face-down plot, one-hot per clearing (1..12) over "
     "the types, clearing-major; only in the Corvids' own observation, zeros for everyone else (where face-down "
     "plots lie is public: the clearings' `plot` tokens)"),
    ("ruled_out", N_CLEARINGS * len(PLOTS), 1, "flags per clearing and type: what failed Exposures ruled out for "
     "the face-down plot there (13.2.4), public"),
    ("face_up", 1, 8, "face-up plots on the map"),
    ("plots_placed_this_turn", 1, 8, "plots placed this turn (13.5.2)"),
    ("next_plot_cost", 1, 9, "warriors the next plot costs (13.5.2)"),
    ("draw", 1, 5, "cards drawn in Evening: one plus one per face-up extortion (13.6.2)"),
), _corvid,
    kinds=("corvid.craft", "corvid.daylight", "corvid.exert", "corvid.exposure", "corvid.flip", "corvid.place_choice",
           "corvid.recruit", "corvid.setup.scatter"),
    actions=("end_flipping", "exert", "expose", "flip", "guess", "plot", "scatter", "trick"),
    values=PLOTS, tokens=("plot", "plot_bomb", "plot_snare", "plot_extortion", "plot_raid"))


# -- 14 The Lord of the Hundreds -------------------------------------------------------------------------------
#: 14.7: the mood cards
MOODS = ("bitter", "grandiose", "jubilant", "lavish", "relentless", "rowdy", "stubborn", "wrathful")
_MOOD = {m: i for i, m in enumerate(MOODS)}


def _warlord(w: Writer, p: str, board: dict[str, Any], player: dict[str, Any]) -> None:
    w.counts(p + ".command_track", board.get("command_track", ()), ITEM)
    w.counts(p + ".prowess_track", board.get("prowess_track", ()), ITEM)
    w.set(p + ".command", board.get("command"))
    w.set(p + ".prowess", board.get("prowess"))
    w.one(p + ".mood", _MOOD.get(board.get("mood")))
    w.counts(p + ".moods_open", board.get("moods_open", ()), _MOOD)
    c = board.get("warlord")
    w.one(p + ".where", c - 1 if isinstance(c, int) and 1 <= c <= N_CLEARINGS else None)
    w.set(p + ".strongholds_on_track", board.get("strongholds_on_track"))
    w.set(p + ".mobs_in_supply", board.get("mobs_in_supply"))
    w.counts(p + ".removed_items", board.get("removed_items", ()), ITEM)


WARLORD = FactionBoard("warlord", "warlord", (
    ("command_track", len(ITEMS), 4, "items on the Hoard's Command track, per item (14.2.4)"),
    ("prowess_track", len(ITEMS), 4, "items on the Hoard's Prowess track, per item (14.2.4)"),
    ("command", 1, 5, "the Command value (14.2.4.II)"),
    ("prowess", 1, 5, "the Prowess value (14.2.4.II)"),
    ("mood", len(MOODS), 1, f"one-hot: the face-up mood ({', '.join(MOODS)}) (14.4.4)"),
    ("moods_open", len(MOODS), 1, "flags: moods that may be chosen, their item not in the Hoard (14.4.4)"),
    ("where", N_CLEARINGS, 1, "one-hot: the warlord's clearing (14.2.2); zeros when it is not on the map"),
    ("strongholds_on_track", 1, 6, "strongholds on the faction board (14.2.1)"),
    ("mobs_in_supply", 1, 5, "mob tokens in the supply (14.4.1)"),
    ("removed_items", len(ITEMS), 8, "items removed from the game by Contempt for Trade and Lavish, per item (14.2.5, "
     "14.7.4)"),
), _warlord,
    kinds=("warlord.advance", "warlord.anoint", "warlord.bitter", "warlord.command", "warlord.contempt",
           "warlord.craft", "warlord.incite", "warlord.jubilant", "warlord.lavish", "warlord.loot",
           "warlord.loot_take", "warlord.mob_place", "warlord.mood", "warlord.ruin", "warlord.setup.corner",
           "warlord.which_removed", "warlord.hoard_full"),
    actions=("anoint", "end_advance", "end_command", "end_incite", "incite", "keep_warlord", "lavish", "lose_warlord",
             "loot", "mood", "no_loot", "place_mob", "remove_for_vp", "remove_mob", "roll_mob", "stop", "take_item"),
    values=MOODS, buildings=("stronghold",), tokens=("mob",))


# -- 15 The Keepers in Iron ------------------------------------------------------------------------------------
#: 15.5.2: the Retinue's columns; 15.2.1: the relic types and values; 15.2.2: the waystations, by the side showing
RETINUE = ("move", "battle", "recover")
RELIC_TYPES = ("figure", "tablet", "jewelry")
RELIC_KINDS = tuple(f"relic_{t}_{v}" for t in RELIC_TYPES for v in (1, 2, 3))
#: what everyone sees of a relic in a forest: its kind face up, ``relic_<type>`` face down (15.2.1)
FOREST_RELICS = (*RELIC_KINDS, *(f"relic_{t}" for t in RELIC_TYPES))
WAYSTATIONS = tuple(f"waystation_{a}_{b}" for a in RELIC_TYPES for b in RELIC_TYPES if a != b)
_RETINUE = {c: i for i, c in enumerate(RETINUE)}
_RELIC_TYPE = {t: i for i, t in enumerate(RELIC_TYPES)}
_FOREST_RELIC = {k: i for i, k in enumerate(FOREST_RELICS)}
_WAYSTATION = {k: i for i, k in enumerate(WAYSTATIONS)}


def _keepers(w: Writer, p: str, board: dict[str, Any], player: dict[str, Any]) -> None:
    for ci, col in enumerate(RETINUE):
        for key in (board.get("retinue") or {}).get(col, ()):
            w.add(p + ".retinue", ci * len(CARD_SUITS) + _CARD_SUIT[key.split(":")[0]])
            if key == "bird:Faithful Retainer":
                w.add(p + ".retinue_retainers", ci)
    w.set(p + ".retinue_count", board.get("retinue_count"))
    for t, values in (board.get("relics") or {}).items():
        if t in _RELIC_TYPE:
            w.add(p + ".relics", _RELIC_TYPE[t], len(values))
            w.add(p + ".relics_value", _RELIC_TYPE[t], sum(v for v in values if isinstance(v, int)))
    w.set(p + ".filled_columns", board.get("filled_columns"))
    for forest, relics in (board.get("forest_relics") or {}).items():
        f = location_index(forest)
        if f is not None and N_CLEARINGS < f <= N_CLEARINGS + MAX_FORESTS:
            for k in relics:
                w.add(p + ".forest_relics", (f - N_CLEARINGS - 1) * len(FOREST_RELICS) + _FOREST_RELIC[k]
                      if k in _FOREST_RELIC else None)
    w.counts(p + ".waystations_on_board", board.get("waystations_on_board", ()), _WAYSTATION)
    w.set(p + ".draw", board.get("draw"))


KEEPERS = FactionBoard("keepers", "keepers", (
    ("retinue", len(RETINUE) * len(CARD_SUITS), 10, "the Retinue: cards per column (move, battle, recover) x suit "
     "(bird, fox, rabbit, mouse), column-major (15.5.2); Faithful Retainers count as bird"),
    ("retinue_retainers", len(RETINUE), 3, "of those, Faithful Retainers per column (15.3.4)"),
    ("retinue_count", 1, 10, "cards in the Retinue (15.6.2: ten at most)"),
    ("relics", len(RELIC_TYPES), 4, "relics on the Relics spaces of the board, per type (figure, tablet, jewelry) "
     "(15.2.4)"),
    ("relics_value", len(RELIC_TYPES), 12, "their values summed, per type"),
    ("filled_columns", 1, 3, "Relics columns filled (15.2.4)"),
    ("forest_relics", MAX_FORESTS * len(FOREST_RELICS), 4, "relics in each forest (F1..F12) as everyone sees them: "
     "face up by kind (type x value 1, 2, 3), face down by type only (15.2.1); forest-major"),
    ("waystations_on_board", len(WAYSTATIONS), 1, "flags: waystations still on the board, by the side showing "
     "(15.2.2)"),
    ("draw", 1, 4, "cards drawn in Evening: one plus one per waystation on the map (15.6.3)"),
), _keepers,
    kinds=("keepers.carry", "keepers.craft", "keepers.decamp", "keepers.delve", "keepers.encamp", "keepers.gather",
           "keepers.recover", "keepers.recruit", "keepers.retinue", "keepers.setup.corner", "keepers.setup.edge",
           "keepers.trophy"),
    actions=("add_retinue", "carry", "decamp", "delve", "delve_relic", "edge", "encamp", "end_column", "recover",
             "recover_relic", "shift_retinue", "trophy"),
    values=(*RETINUE, *(f"relic_{t}" for t in RELIC_TYPES)), buildings=WAYSTATIONS, tokens=RELIC_KINDS)


#: every faction's entry, by seat name, in the order of :data:`FACTIONS`
BOARDS: dict[str, FactionBoard] = {b.faction: b for b in (MARQUISE, EYRIE, ALLIANCE, *VAGABOND_BOARDS, RIVERFOLK,
                                                          CULT, DUCHY, CORVID, WARLORD, KEEPERS)}
if tuple(BOARDS) != FACTIONS:  # pragma: no cover - a faction added to one list and not the other
    raise RuntimeError(f"root_boards.BOARDS {tuple(BOARDS)} must list root_vocab.FACTIONS {FACTIONS} in order")


def union(parts: Iterable[Iterable[str]]) -> tuple[str, ...]:
    """The names of ``parts`` in order, each once."""
    return tuple(dict.fromkeys(x for part in parts for x in part))


# -- Appendix E Hirelings ----------------------------------------------------------------------------------------
#: every hireling side of the cards (data/hirelings.json), the promoted side then the demoted one of each card; the
#: engine implements some of them, the layout holds them all
HIRELINGS = ("forest_patrol", "feline_physicians", "last_dynasty", "bluebird_nobles", "spring_uprising",
             "rabbit_scouts", "the_exile", "the_brigand", "riverfolk_flotilla", "otter_divers", "warm_sun_prophets",
             "lizard_envoys", "highway_bandits", "bandit_gangs", "sunward_expedition", "mole_artisans", "corvid_spies",
             "raven_sentries", "furious_protector", "stoic_protector", "vault_keepers", "badger_bodyguards",
             "flame_bearers", "rat_smugglers", "popular_band", "street_band")
#: the hireling sides with warriors of their own on the map ("hireling:<side>" in a clearing's warriors)
HIRELINGS_WITH_WARRIORS = ("forest_patrol", "last_dynasty", "spring_uprising", "warm_sun_prophets", "bandit_gangs",
                           "sunward_expedition", "corvid_spies", "vault_keepers", "flame_bearers", "popular_band",
                           "street_band")
#: A.6 Step 4: the score-track spaces of the hireling markers
MARKER_SPACES = (4, 8, 12)
#: the paths between two clearings (1..12), a < b, in this order: where the Highway Bandits stand ("a-b")
PATHS = tuple((a, b) for a in range(1, N_CLEARINGS + 1) for b in range(a + 1, N_CLEARINGS + 1))
PATH_INDEX = {f"{a}-{b}": i for i, (a, b) in enumerate(PATHS)} | {f"{b}-{a}": i for i, (a, b) in enumerate(PATHS)}
#: the items on the Exile's card: the usual ones and its clubs
EXILE_ITEMS = (*ITEMS, "club")
_EXILE_ITEM = {x: i for i, x in enumerate(EXILE_ITEMS)}
_HIRELING = {h: i for i, h in enumerate(HIRELINGS)}
_MARKER = {m: i for i, m in enumerate(MARKER_SPACES)}
#: a hireling's key where the view names it as a piece owner or an option value: "hireling:<side>"
HIRELING_KEYS = tuple(f"hireling:{h}" for h in HIRELINGS)


def _hirelings(w: Writer, p: str, part: dict[str, Any], view: dict[str, Any]) -> None:
    for card in part.get("cards", ()):
        i = _HIRELING.get(card.get("hireling"))
        if i is None:
            continue
        w.one(p + ".in_play", i)
        w.one(p + ".controller", None if card.get("controller") not in FACTION
              else i * len(FACTIONS) + FACTION[card["controller"]])
        w.set(p + ".control_markers", card.get("control_markers"), i)
        w.set(p + ".on_card", card.get("on_card"), i)
        w.set(p + ".warrior_supply", card.get("warrior_supply"), i)
        w.set(p + ".used", bool(card.get("used")), i)
    w.counts(p + ".markers", part.get("markers", ()), _MARKER)
    w.counts(p + ".taken", part.get("taken", ()), FACTION)
    w.counts(p + ".bandits", part.get("bandits", ()), PATH_INDEX)
    for key in ("flotilla", "protector"):
        c = part.get(key)
        w.one(f"{p}.{key}", c - 1 if isinstance(c, int) and 1 <= c <= N_CLEARINGS else None)
    exile = part.get("exile") or {}
    f = location_index(exile.get("forest"))
    w.one(p + ".exile", f - N_CLEARINGS - 1 if f is not None and N_CLEARINGS < f <= N_CLEARINGS + MAX_FORESTS
          else None)
    w.counts(p + ".exile_items", exile.get("items", ()), _EXILE_ITEM)
    w.counts(p + ".exile_exhausted", exile.get("exhausted", ()), _EXILE_ITEM)
    for seat, cards in (part.get("artisans") or {}).items():
        w.add(p + ".artisans", FACTION.get(seat), len(cards))
        w.counts(p + ".artisans_cards", cards, CARD)


_SIDES = f"per hireling side ({len(HIRELINGS)}, `HIRELINGS`)"
HIRELING_PART = FactionBoard("hirelings", "hirelings", (
    ("in_play", len(HIRELINGS), 1, f"flags {_SIDES}: the hirelings in the game (A.6), whichever side is up"),
    ("controller", len(HIRELINGS) * len(FACTIONS), 1, f"one-hot over the factions {_SIDES}, side-major: who "
     "controls it (E.1.2); zeros while no one does"),
    ("control_markers", len(HIRELINGS), 3, f"control markers on it, {_SIDES} (E.1.2)"),
    ("on_card", len(HIRELINGS), 12, f"warriors lying on its card, {_SIDES}"),
    ("warrior_supply", len(HIRELINGS), 12, f"its warriors in the supply, {_SIDES}"),
    ("used", len(HIRELINGS), 1, f"flags {_SIDES}: its once-a-turn action was used"),
    ("markers", len(MARKER_SPACES), 1, "flags: score-track spaces 4, 8, 12 still holding a hireling marker (A.6)"),
    ("taken", len(FACTIONS), 3, "hireling markers taken this turn, per faction (E.1.1)"),
    ("bandits", len(PATHS), 2, f"the Highway Bandits on each path between two clearings a < b ({len(PATHS)} pairs "
     "of 1..12, a-major; most pairs are no path)"),
    ("flotilla", N_CLEARINGS, 1, "one-hot: the Riverfolk Flotilla's clearing"),
    ("protector", N_CLEARINGS, 1, "one-hot: the Furious Protector's clearing"),
    ("exile", MAX_FORESTS, 1, "one-hot: the Exile's forest (F1..F12)"),
    ("exile_items", len(EXILE_ITEMS), 3, f"items on the Exile's card, face up, per item ({', '.join(EXILE_ITEMS)})"),
    ("exile_exhausted", len(EXILE_ITEMS), 3, "items on the Exile's card, exhausted, per item"),
    ("artisans", len(FACTIONS), 10, "cards the Mole Artisans' controller has revealed, per faction (public)"),
    ("artisans_cards", len(CARD_KEYS), 4, "those cards: count of each card key"),
), _hirelings,
    kinds=("hirelings.artisans", "hirelings.band", "hirelings.bandit", "hirelings.battle", "hirelings.envoys",
           "hirelings.exile", "hirelings.expedition", "hirelings.flotilla", "hirelings.flotilla_draw",
           "hirelings.give", "hirelings.hire", "hirelings.physicians", "hirelings.place", "hirelings.prophets",
           "hirelings.protector", "hirelings.scouts", "hirelings.setup", "hirelings.smuggle", "hirelings.spies",
           "hirelings.stoic",
           "hirelings.toll", "hirelings.uprising", "hirelings.uprising_place", "hirelings.vault_start",
           "hirelings.vaults"),
    actions=("artisans_discard", "artisans_reveal", "band_act", "band_at", "band_place", "band_place2", "band_pull",
             "bandit_place", "bluebird_nobles_first", "brigand_explore", "brigand_steal", "envoys_take", "exile_act",
             "exile_aid", "exile_move", "expedition_act", "expedition_battle", "expedition_move",
             "expedition_recruit", "flame_bearers_first", "flotilla_draw", "flotilla_move", "foothold",
             "furious_protector_first", "give_hireling", "hire", "hireling_battle", "hireling_move",
             "hireling_muster", "hireling_place", "hireling_recruit", "hireling_setup", "lizard_envoys_first",
             "physicians", "prophets_battle", "prophets_move", "prophets_place", "protector_move",
             "riverfolk_flotilla_first", "scouts", "smuggle_battle", "smuggle_move", "spies_act", "spies_battle",
             "spies_place", "spies_steal", "spring_uprising_first", "toll", "uprising_place", "uprising_strike",
             "vault_new", "vault_place", "vaults_act", "vaults_battle", "vaults_recruit"),
    values=HIRELING_KEYS, buildings=("vault",), tokens=("foothold",))
#: what the view shows besides the factions, by its key in the view: ``encode(w, prefix, view[key] or {}, view)``
EXTRAS: dict[str, FactionBoard] = {"hirelings": HIRELING_PART}


#: buildings and tokens by kind (the shared ones, then each faction's and the hirelings'): counted per clearing
BUILDINGS = union([SHARED_BUILDINGS, *(b.buildings for b in (*BOARDS.values(), *EXTRAS.values()))])
TOKENS = union([SHARED_TOKENS, *(b.tokens for b in (*BOARDS.values(), *EXTRAS.values()))])
BUILDING = {b: i for i, b in enumerate(BUILDINGS)}
TOKEN = {t: i for i, t in enumerate(TOKENS)}


# -- Appendix F, the Landmarks Pack's cards ---------------------------------------------------------------------
#: the Black Market's face-down cards (1–3, F)
MARKET_PLACES = 3


def _landmark_cards(w: Writer, p: str, part: dict[str, Any], view: dict[str, Any]) -> None:
    market = part.get("black_market") or {}
    w.set(p + ".black_market_count", market.get("count"))
    for place, key in (market.get("known") or {}).items():  # only the cards this seat put there
        if place.isdigit() and 1 <= int(place) <= MARKET_PLACES and key in CARD:
            w.one(p + ".black_market_known", (int(place) - 1) * len(CARD_KEYS) + CARD[key])
    w.one(p + ".elder_treetop", BUILDING.get((part.get("elder_treetop") or {}).get("building")))
    w.counts(p + ".legendary_forge", (part.get("legendary_forge") or {}).get("items", ()), ITEM)


LANDMARK_CARDS = FactionBoard("landmark_cards", "landmark_cards", (
    ("black_market_count", 1, MARKET_PLACES, "cards face down on the Black Market"),
    ("black_market_known", MARKET_PLACES * len(CARD_KEYS), 1, "the Black Market's cards this seat put there itself, "
     "one-hot per place (1–3) over the card keys, place-major; zeros for the others (face down)"),
    ("elder_treetop", len(BUILDINGS), 1, "one-hot: the building in the Elder Treetop's extra slot, over the "
     "buildings"),
    ("legendary_forge", len(ITEMS), 6, "items on the Legendary Forge's card, per item"),
), _landmark_cards, actions=("black_market",))
EXTRAS["landmark_cards"] = LANDMARK_CARDS
