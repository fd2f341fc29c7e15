"""Root observations as a fixed-size float32 vector built from ``state.view(seat)`` alone.

The layout is a list of named groups (``Encoder().layout``) and docs/rl-observation.md embeds the table
generated from it: ``python -m planszowki.rl.encoding`` prints it, ``python -m planszowki.rl.encoding
--update`` rewrites the generated block of the docs. Values are raw counts, flags and one-hots — not
normalised — clipped to each group's upper bound so they always lie in the observation space.
Categorical indices in the option table are stored as numbers (0 = none).

Only the view is read: a seat's observation cannot depend on anything the Law hides from it (tests
scramble the hidden information — hands, deck, Supporters, quest deck, ruins — with ``game.determinize``
and compare observations, for every base line-up including two Vagabonds).

Vocabularies are frozen tuples, so the layout only changes when this module changes
(:data:`OBS_VERSION`); anything the engine adds later that is not listed (a new decision kind or option
action) is counted in the group's last slot, "other".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

#: Bumped whenever the layout changes. 2: the Vagabond boards, quests, ruins, pawns, map and paths, the
#: Alliance's supporter cards and next costs, the decision's arguments, a wider option table. 3: the variant
#: maps (Appendix C): the Ferry's clearing and whether it crossed this turn, the closed path removal. 4: the
#: Exiles and Partisans deck (A.2): its improvements' card keys, decision kinds and option actions, the items
#: exhausted in a Crafted Items box (League of Adventurous Mice) and an exhausted one taken by Aid (9.5.4); the
#: start-of-phase order questions (1.1.3).
OBS_VERSION = 4

#: Size of the action space: action ``i`` chooses the i-th option of the current decision (engine order).
#: Measured with ``python -m planszowki.rl.measure`` (random and heuristic bots, random seating; the table
#: is in docs/rl-observation.md): 5000 random games of each line-up — Marquise vs Eyrie, and 4 players with
#: the Vagabond or two Vagabonds — reached at most 186 options (an Eyrie Decree move: every from -> to x
#: count, once per suit still in the Move column); the Vagabond's largest was 113 (a Daylight with moves
#: alongside allies). The bound for a Decree move is about 430 (20 warriors x 5 destinations x 4 suits +
#: battles, recruits, builds), hence 512; a larger decision raises :class:`ActionSpaceOverflow`.
MAX_ACTIONS = 512

N_CLEARINGS = 12
#: forests of the largest map (Mountain has 12); the Vagabond's pawn may stand in one (9.2.2)
MAX_FORESTS = 12
#: the four maps of the Law, in this order for the ``map`` one-hot
MAPS = ("autumn", "winter", "lake", "mountain")
FACTIONS = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2")
VAGABONDS = ("vagabond", "vagabond2")
#: factions a Vagabond has a relationship with (9.2.9; not another Vagabond)
NON_VAGABONDS = ("marquise", "eyrie", "alliance")
SUITS = ("fox", "rabbit", "mouse")
CARD_SUITS = ("bird", "fox", "rabbit", "mouse")
PHASES = ("setup", "birdsong", "daylight", "evening")
BUILDINGS = ("sawmill", "workshop", "recruiter", "roost", "base_fox", "base_rabbit", "base_mouse", "ruin")
TOKENS = ("wood", "keep", "sympathy", "torch")
ITEMS = ("boot", "bag", "crossbow", "hammer", "sword", "tea", "coin", "torch")
#: an item on the Vagabond's board: its side and whether it is damaged (9.2.5); the option table's
#: ``item_state`` column uses the same order (the engine's ``r``, ``e``, ``d``, ``x``)
ITEM_STATES = ("face_up", "exhausted", "damaged", "damaged_exhausted")
_ITEM_STATE_CODES = {"r": 1, "e": 2, "d": 3, "x": 4}
TRACKED = ("tea", "coin", "bag")
#: relationship levels on the Vagabond's board (9.2.9); "1" and "2" are the Allied track's middle spaces
RELATIONSHIPS = ("hostile", "indifferent", "1", "2", "allied")
#: the Vagabond characters of Appendix D; the one-hot has one more slot, "other"
CHARACTERS = ("adventurer", "arbiter", "harrier", "ranger", "ronin", "scoundrel", "thief", "tinker", "vagrant")
#: the 15 quest cards of the base game by key "suit:Name" (9.3.3)
QUEST_KEYS = (
    "fox:Errand", "fox:Fundraising", "fox:Give a Speech", "fox:Logistics Help", "fox:Repair a Shed",
    "mouse:Escort", "mouse:Expel Bandits", "mouse:Fend Off a Bear", "mouse:Guard Duty", "mouse:Logistics Help",
    "rabbit:Errand", "rabbit:Expel Bandits", "rabbit:Fend Off a Bear", "rabbit:Give a Speech", "rabbit:Guard Duty",
)
LEADERS = ("builder", "charismatic", "commander", "despot")
COLUMNS = ("recruit", "move", "battle", "build")
#: ``stage`` argument of a decision (Marquise Daylight, Alliance Birdsong and payments, Vagabond Aid);
#: the one-hot has one more slot, "other"
STAGES = ("craft", "actions", "revolt", "spread", "exhaust", "take")
#: the 42 card kinds of the standard deck plus the Eyrie's Loyal Vizier, then the Exiles and Partisans deck's own
#: cards, by key "suit:Name"
CARD_KEYS = (
    "bird:Ambush!", "bird:Armorers", "bird:Arms Trader", "bird:Birdy Bindle", "bird:Brutal Tactics",
    "bird:Crossbow", "bird:Dominance", "bird:Loyal Vizier", "bird:Royal Claim", "bird:Sappers",
    "bird:Woodland Runners", "fox:Ambush!", "fox:Anvil", "fox:Dominance", "fox:Favor of the Foxes",
    "fox:Foxfolk Steel", "fox:Gently Used Knapsack", "fox:Protection Racket", "fox:Root Tea",
    "fox:Stand and Deliver!", "fox:Tax Collector", "fox:Travel Gear", "mouse:Ambush!", "mouse:Codebreakers",
    "mouse:Crossbow", "mouse:Dominance", "mouse:Favor of the Mice", "mouse:Investments", "mouse:Mouse-in-a-Sack",
    "mouse:Root Tea", "mouse:Scouting Party", "mouse:Sword", "mouse:Travel Gear", "rabbit:A Visit to Friends",
    "rabbit:Ambush!", "rabbit:Bake Sale", "rabbit:Better Burrow Bank", "rabbit:Cobbler", "rabbit:Command Warren",
    "rabbit:Dominance", "rabbit:Favor of the Rabbits", "rabbit:Root Tea", "rabbit:Smuggler's Trail",
    # the Exiles and Partisans deck (A.2): its 18 improvements (its items, ambushes and dominance cards are the
    # standard deck's keys above)
    "bird:Boat Builders", "bird:Corvid Planners", "bird:Eyrie Emigre", "bird:Saboteurs", "bird:Soup Kitchens",
    "fox:False Orders", "fox:Fox Partisans", "fox:Informants", "fox:Propaganda Bureau",
    "mouse:League of Adventurous Mice", "mouse:Master Engravers", "mouse:Mouse Partisans", "mouse:Murine Broker",
    "rabbit:Charm Offensive", "rabbit:Coffin Makers", "rabbit:Rabbit Partisans", "rabbit:Swap Meet",
    "rabbit:Tunnels",
)
#: decision kinds (the engine's decision steps); the one-hot has one more slot, "other"
DECISION_KINDS = (
    "alliance.birdsong", "alliance.daylight", "alliance.discard_supporters", "alliance.operations",
    "alliance.outrage.pay", "alliance.pay", "battle.ambush", "battle.effects", "battle.effects_order", "battle.foil",
    "card.better_burrow_bank", "card.birdsong", "card.charm_offensive", "card.cobbler", "card.command_warren",
    "card.eyrie_emigre", "card.informants", "card.league", "card.saboteurs", "card.swap_meet", "discard_down",
    "eyrie.add", "eyrie.daylight", "eyrie.decree", "eyrie.depose", "eyrie.new_roost", "eyrie.setup.corner",
    "eyrie.setup.leader", "hits", "map.open_path", "marquise.daylight", "marquise.field_hospitals", "marquise.march",
    "marquise.pay_wood", "marquise.recruit", "marquise.setup.building", "marquise.setup.keep", "marquise.wood",
    "turn.start_of_birdsong.order", "turn.start_of_evening.order",
    "vagabond.aid", "vagabond.battle_ally", "vagabond.capacity", "vagabond.damage", "vagabond.daylight",
    "vagabond.explore", "vagabond.hits", "vagabond.protector", "vagabond.quest_reward", "vagabond.refresh",
    "vagabond.repair", "vagabond.setup.character", "vagabond.setup.forest", "vagabond.slip",
)
#: option actions (``Option.action``); index + 1 in the option table, len + 1 = other
ACTIONS = (
    "activate_dominance", "aid", "ally_warrior", "alone", "ambush", "armorers", "attacker_first", "battle",
    "better_burrow_bank", "brutal_tactics", "build", "character", "coalition", "codebreakers", "continue", "craft",
    "damage", "day_labor", "decree", "defender_first", "discard", "discard_supporter", "done", "draw", "end",
    "end_birdsong", "end_crafting", "end_daylight", "end_march", "end_operations", "end_revolts", "enlist",
    "exhaust", "explore", "extra_action", "field_hospitals", "foil", "forest", "glide", "hideout", "ignore",
    "instigate", "keep", "leader", "march", "mobilize", "move", "new_roost", "open_path", "organize", "outrage",
    "overwork", "pass", "pay_wood", "place", "quest", "recruit", "recruit_at", "refresh", "remove", "remove_item",
    "repair", "resolve_decree", "revolt", "royal_claim", "sappers", "scorched_earth", "score", "show_hand", "skip",
    "slip", "spend_card", "spend_supporter", "spread", "stand_and_deliver", "start", "stay", "steal", "strike",
    "swift_strike", "take", "take_dominance", "tax_collector", "train", "turmoil", "with_ally", "wood",
    # 1.1.3: which start-of-phase effect first
    "better_burrow_bank_first", "cobbler_first", "refresh_first", "saboteurs_first", "coffin_makers_first",
    "charm_offensive_first",
    # the Exiles and Partisans deck (A.2)
    "saboteurs", "false_orders", "swap_meet", "swap_meet_give", "discard_emigre", "informants", "evening_draw",
    "fox_partisans", "rabbit_partisans", "mouse_partisans", "propaganda_bureau", "league_move", "league_battle",
    "charm_offensive",
)
#: string option arguments (suit, building, piece, decree column, leader, quest, character, faction);
#: index + 1, len + 1 = other. A card key in such an argument ("rabbit:Dominance") counts as its suit.
VALUES = (*CARD_SUITS, *FACTIONS, *BUILDINGS, *TOKENS[:3], "warrior", *COLUMNS, *LEADERS, *ITEMS, *CHARACTERS,
          *QUEST_KEYS)
#: option arguments read for the "value" column, first present wins
VALUE_ARGS = ("suit", "building", "piece", "column", "leader", "quest", "character", "dominance", "attacker")
#: option arguments read for the "faction" column (the other side), first present wins
FACTION_ARGS = ("defender", "target", "partner", "ally", "arbiter")
OPTION_FEATURES = ("action", "clearing", "to", "count", "card", "value", "faction", "item", "item_state", "item2",
                   "pay_fox", "pay_rabbit", "pay_mouse")

#: what each column of an option row holds (rendered into docs/rl-observation.md)
OPTION_DOCS = (
    ("the option's action name (`Option.action`)", "index in `ACTIONS` + 1; `len(ACTIONS)`+1 = other"),
    ("`args.clearing`, or the origin `args.from` of a move", "1–12, 0 = none"),
    ("destination `args.to` of a move (a Vagabond's may be a forest, `\"F3\"`), or the setup forest "
     "`args.forest`", "1–12 clearings, 13–24 forests F1–F12, 0 = none"),
    ("first of `args.count` (warriors), the number of `args.cards` / `args.pieces` paid, `args.boots`, "
     "`args.cost`, `args.vp`", "0–25"),
    ("`args.card`, else the first of `args.cards`", "index in `CARD_KEYS` + 1, 0 = none"),
    ("first of `args." + "`, `".join(VALUE_ARGS) + "` (a full quest key is looked up first, otherwise a card "
     "key counts as its suit)", "index in `VALUES` + 1, `len(VALUES)`+1 = other, 0 = none"),
    ("the other faction: first of `args." + "`, `".join(FACTION_ARGS) + "`", "index in the factions + 1, "
     "0 = none"),
    ("the item: `args.item` (a ruin item `R-bag` counts as `bag`), else the Adventurer's `args.stand_in`",
     "index in `ITEMS` + 1, 0 = none"),
    ("the item's state in `args.item`: 1 face up, 2 exhausted (also `args.exhausted`: an exhausted item taken "
     "from a Crafted Items box, A.2), 3 damaged face up, 4 damaged exhausted, 0 unstated; +5 for an item taken "
     "from a ruin", "0–9"),
    ("the quest item an improvised item replaces (`args.replaced`, D.7)", "index in `ITEMS` + 1, 0 = none"),
    ("crafting pieces of the fox suit paid (`args.pieces`, 4.1.1)", "0–4"),
    ("crafting pieces of the rabbit suit paid", "0–4"),
    ("crafting pieces of the mouse suit paid", "0–4"),
)

_CARD = {k: i for i, k in enumerate(CARD_KEYS)}
_ACTION = {a: i for i, a in enumerate(ACTIONS)}
_VALUE = {v: i for i, v in enumerate(VALUES)}
_KIND = {k: i for i, k in enumerate(DECISION_KINDS)}
_QUEST = {k: i for i, k in enumerate(QUEST_KEYS)}
_ITEM = {k: i for i, k in enumerate(ITEMS)}
_FI = {f: i for i, f in enumerate(FACTIONS)}


def location_index(where: Any) -> int | None:
    """A location id of the view (``"5"`` a clearing, ``"F3"`` a forest) as 1..12 for clearings and
    13..24 for forests; None when there is none or it does not fit."""
    if isinstance(where, int):
        return where if 1 <= where <= N_CLEARINGS else None
    if not isinstance(where, str) or not where:
        return None
    if where[0] == "F" and where[1:].isdigit():
        f = int(where[1:])
        return N_CLEARINGS + f if 1 <= f <= MAX_FORESTS else None
    if where.isdigit() and 1 <= int(where) <= N_CLEARINGS:
        return int(where)
    return None


def _item(entry: Any) -> tuple[int | None, int]:
    """An item argument (``"boot"``, ``"R-bag:e"``) as (ITEMS index or None, code): the code is the state
    (0 none, 1 face up, 2 exhausted, 3 damaged face up, 4 damaged exhausted) plus 5 for an item taken from
    a ruin (``"R-"``, 9.7.3)."""
    if not isinstance(entry, str):
        return None, 0
    name, _, state = entry.partition(":")
    ruin = name.startswith("R-")
    if ruin:
        name = name[2:]
    return _ITEM.get(name), _ITEM_STATE_CODES.get(state, 0) + 5 * ruin


@dataclass(frozen=True)
class Group:
    """``size`` consecutive floats in ``[0, high]`` starting at ``offset``."""

    name: str
    offset: int
    size: int
    high: float
    doc: str
    highs: tuple[float, ...] = ()  # per element, when they differ

    def bounds(self) -> tuple[float, ...]:
        return self.highs or (self.high,) * self.size


class ActionSpaceOverflow(RuntimeError):
    """A decision offered more options than the action space holds."""


def _build_layout(max_actions: int) -> list[Group]:
    groups: list[Group] = []
    at = 0

    def add(name: str, size: int, high: float, doc: str, highs: tuple[float, ...] = ()) -> None:
        nonlocal at
        groups.append(Group(name, at, size, float(high), doc, highs))
        at += size

    fac = ", ".join(FACTIONS)
    items = ", ".join(ITEMS)
    add("me", len(FACTIONS), 1, f"one-hot: the observing seat, over ({fac})")
    add("map", len(MAPS), 1, f"one-hot: the map ({', '.join(MAPS)})")
    add("ferry", N_CLEARINGS, 1, "one-hot: the Ferry's clearing on the Lake map (C.2.5); zeros on other maps")
    add("ferry_used", 1, 1, "1 once the Ferry has carried pieces this turn (C.2.5: once per turn)")
    add("phase", len(PHASES), 1, f"one-hot: phase of the turn ({', '.join(PHASES)})")
    add("turn_no", 1, 10_000, "turns begun so far (1 in the first player's first turn)")
    add("turn_of", len(FACTIONS), 1, "one-hot: whose turn it is, over the factions")
    add("deck_count", 1, 60, "cards left in the shared deck")
    add("discard", len(CARD_KEYS), 10, "discard pile: count of each card key (CARD_KEYS order)")
    add("available_dominance", len(CARD_SUITS), 1, "dominance cards near the map (3.3.3), by suit (bird, fox, "
        "rabbit, mouse)")
    add("item_supply", len(ITEMS), 4, f"items left in the supply on the map, by item ({items})")
    add("quests.face_up", len(QUEST_KEYS), 1, "the face-up quests (9.3.3), flags per quest key (QUEST_KEYS)")
    add("quests.deck_count", 1, 15, "quest cards left in the quest deck")
    add("hand", len(CARD_KEYS), 10, "the observing seat's own hand: count of each card key")
    for c in range(1, N_CLEARINGS + 1):
        p = f"clearing[{c}]"
        add(f"{p}.suit", len(SUITS), 1, "one-hot: suit of the clearing (fox, rabbit, mouse)")
        add(f"{p}.slots", 1, 3, "building slots printed on the map")
        add(f"{p}.adjacent", N_CLEARINGS, 1, "flags: the clearings joined to it by a path (1..12)")
        add(f"{p}.warriors", len(FACTIONS), 25, "warriors of each faction")
        add(f"{p}.pawns", len(VAGABONDS), 1, "flags: the Vagabond pawns here (vagabond, vagabond2)")
        add(f"{p}.buildings", len(BUILDINGS), 3, f"buildings by kind ({', '.join(BUILDINGS)})")
        add(f"{p}.tokens", len(TOKENS), 8, f"tokens by kind ({', '.join(TOKENS)})")
        add(f"{p}.ruler", len(FACTIONS) + 1, 1, "one-hot: who rules it (2.5), over the factions, last slot: "
            "nobody")
        add(f"{p}.ruin_items", 1, 8, "face-down items under its ruin (9.3.4), 0 without a ruin")
        add(f"{p}.ruin_known", len(ITEMS), 4, "the items under its ruin by kind, only for a Vagabond that has "
            "looked under it (9.7.3); zeros otherwise")
    for f in FACTIONS:
        p = f"faction[{f}]"
        add(f"{p}.in_game", 1, 1, "1 if this faction plays in this game")
        add(f"{p}.seat", 5, 1, "one-hot: its place in the seating order (0 = first player)")
        add(f"{p}.vp", 1, 60, "victory points")
        add(f"{p}.hand_count", 1, 40, "cards in hand (public count)")
        add(f"{p}.dominance", len(CARD_SUITS), 1, "one-hot: activated dominance card by suit (3.3)")
        add(f"{p}.crafted", len(CARD_KEYS), 4, "crafted cards in its play area: count per card key")
        add(f"{p}.items", len(ITEMS), 8, "crafted items (Crafted Items box), count per item")
        add(f"{p}.items_exhausted", len(ITEMS), 8, "of those, items exhausted in the box (A.2 League of "
            "Adventurous Mice), count per item")
        add(f"{p}.warrior_supply", 1, 25, "warriors in its supply")
    add("marquise.wood_supply", 1, 8, "wood tokens in the Marquise's supply")
    add("marquise.buildings_on_map", 3, 6, "Marquise sawmills, workshops, recruiters on the map")
    add("eyrie.leader", len(LEADERS), 1, f"one-hot: the Eyrie leader ({', '.join(LEADERS)})")
    add("eyrie.leaders_face_up", len(LEADERS), 1, "leaders still available (face up), flags")
    add("eyrie.leaders_face_down", len(LEADERS), 1, "leaders already used (face down), flags")
    add("eyrie.decree", len(COLUMNS) * len(CARD_SUITS), 10, "Decree: cards per column (recruit, move, battle, "
        "build) x suit (bird, fox, rabbit, mouse); viziers count as bird")
    add("eyrie.roosts_on_track", 1, 7, "roosts on the Eyrie board")
    add("alliance.supporters_count", 1, 60, "cards in the Supporters stack (public count)")
    add("alliance.supporters", len(CARD_SUITS), 60, "Supporters by suit; only in the Alliance's own "
        "observation (face down, 8.2.3), zeros for everyone else")
    add("alliance.supporter_cards", len(CARD_KEYS), 10, "Supporters: count of each card key; only in the "
        "Alliance's own observation, zeros for everyone else")
    add("alliance.officers", 1, 10, "Alliance officers")
    add("alliance.bases_in_box", len(SUITS), 1, "flags: bases not on the map (fox, rabbit, mouse)")
    add("alliance.sympathy_on_track", 1, 10, "sympathy tokens on the Alliance board")
    add("alliance.supporters_limited", 1, 1, "1 while the Supporters stack is limited to 5 (no base on the map)")
    add("alliance.draw_bonus", 1, 3, "extra cards drawn in Evening, one per base on the map (8.6.2)")
    add("alliance.next_spread_cost", 1, 3, "Supporters the next sympathy token costs (8.4.2.II), before "
        "Martial Law; 0 when none is left")
    add("alliance.next_sympathy_vp", 1, 4, "VP for placing the next sympathy token (8.4.2.III); 0 when none is "
        "left")
    for f in VAGABONDS:
        p = f"vagabond[{f}]"
        add(f"{p}.character", len(CHARACTERS) + 1, 1, f"one-hot: character ({', '.join(CHARACTERS)}), last slot: "
            "other")
        add(f"{p}.where", N_CLEARINGS + MAX_FORESTS, 1, "one-hot: the pawn, clearings 1..12 then forests F1..F12 "
            "(9.2.2); zeros before setup")
        add(f"{p}.items", len(ITEMS) * len(ITEM_STATES), 8, f"items on its board: count per item ({items}) x "
            "state (face up, exhausted, damaged face up, damaged exhausted), item-major (9.2.5)")
        add(f"{p}.items_from_ruins", len(ITEMS), 4, "of those, items taken from ruins, per item (9.7.3)")
        add(f"{p}.tracks", len(TRACKED), 3, "tea, coin, bag face up on their tracks (9.2.5.I)")
        add(f"{p}.satchel_count", 1, 20, "items in the Satchel and Damaged box (9.6.4)")
        add(f"{p}.item_limit", 1, 20, "item limit: six plus two per bag on its track (9.6.4)")
        add(f"{p}.refresh", 1, 9, "items refreshed in Birdsong (9.4.1)")
        add(f"{p}.draw", 1, 4, "cards drawn in Evening (9.6.2)")
        add(f"{p}.swords", 1, 8, "undamaged swords: maximum rolled hits (9.2.6)")
        add(f"{p}.relationships", len(NON_VAGABONDS) * len(RELATIONSHIPS), 1, "one-hot per faction (marquise, "
            "eyrie, alliance) over the level (hostile, indifferent, 1, 2, allied), faction-major (9.2.9)")
        add(f"{p}.aids_this_turn", len(NON_VAGABONDS), 10, "aids this turn toward the next improvement, per "
            "faction (marquise, eyrie, alliance) (9.2.9.I.a)")
        add(f"{p}.quests_done", len(QUEST_KEYS), 1, "completed quests, flags per quest key")
        add(f"{p}.quests_done_by_suit", len(SUITS), 15, "completed quests per suit (fox, rabbit, mouse): the VP a "
            "quest of that suit scores next (9.5.5)")
        add(f"{p}.coalition", len(FACTIONS), 1, "one-hot: its coalition partner (9.2.8), over the factions")
        add(f"{p}.removed_items", len(ITEMS), 8, "items removed from the game, per item (9.6.4)")
    add("decision.mine", 1, 1, "1 if the observing seat must choose now (then the action mask is not empty)")
    add("decision.player", len(FACTIONS), 1, "one-hot: the seat that must choose (may be out of turn)")
    add("decision.kind", len(DECISION_KINDS) + 1, 1, "one-hot: the decision's kind (DECISION_KINDS), last slot: "
        "other")
    add("decision.num_options", 1, max_actions, "number of options (own decision only, else 0)")
    add("decision.clearing", 1, N_CLEARINGS, "the decision's clearing (`args.clearing`: a battle, a revolt, "
        "Field Hospitals …), own decision only, 0 = none")
    add("decision.count", 1, 25, "the decision's number, first of `args.count`, `need`, `left`, `actions` "
        "(hits to take, cards to discard, wood to pay …), own decision only")
    add("decision.stage", len(STAGES) + 1, 1, f"one-hot: `args.stage` ({', '.join(STAGES)}), last slot: other; "
        "own decision only")
    add("decision.column", len(COLUMNS), 1, "one-hot: `args.column`, the Decree column being resolved, own "
        "decision only")
    add("decision.target", len(FACTIONS), 1, "one-hot: `args.target`, the faction aided, own decision only")
    highs = (len(ACTIONS) + 1, N_CLEARINGS, N_CLEARINGS + MAX_FORESTS, 25, len(CARD_KEYS), len(VALUES) + 1,
             len(FACTIONS), len(ITEMS), 2 * len(ITEM_STATES) + 1, len(ITEMS), 4, 4, 4)
    for i in range(max_actions):
        add(f"option[{i}]", len(OPTION_FEATURES), max(highs), "the i-th option of the own decision (zeros past "
            "the last option and when the decision is not the observer's), see above", highs)
    return groups


class Encoder:
    """Turns a Root view into the observation vector and the action mask."""

    def __init__(self, max_actions: int = MAX_ACTIONS) -> None:
        self.max_actions = max_actions
        self.layout = _build_layout(max_actions)
        self.size = self.layout[-1].offset + self.layout[-1].size
        self.at = {g.name: g.offset for g in self.layout}
        self.high = np.zeros(self.size, dtype=np.float32)
        for g in self.layout:
            self.high[g.offset:g.offset + g.size] = g.bounds()

    def group(self, vec: np.ndarray, name: str) -> np.ndarray:
        g = next(g for g in self.layout if g.name == name)
        return vec[g.offset:g.offset + g.size]

    # -- encoding ---------------------------------------------------------------------------------
    def encode(self, view: dict[str, Any]) -> tuple[np.ndarray, np.ndarray]:
        if view.get("game") != "root":
            raise ValueError("not a Root view")
        v = np.zeros(self.size, dtype=np.float32)
        at = self.at
        me = view["seat"]
        fi = _FI

        def one(name: str, index: int | None) -> None:
            if index is not None:
                v[at[name] + index] = 1

        def counts(name: str, keys: Any, vocab: dict[str, int]) -> None:
            for k in keys:
                i = vocab.get(k)
                if i is not None:
                    v[at[name] + i] += 1

        one("me", fi.get(me))
        one("map", MAPS.index(view["map"]) if view.get("map") in MAPS else None)
        ferry = view.get("ferry")
        if ferry and 1 <= ferry["clearing"] <= N_CLEARINGS:
            one("ferry", ferry["clearing"] - 1)
            v[at["ferry_used"]] = 1 if ferry["used"] else 0
        one("phase", PHASES.index(view["phase"]) if view["phase"] in PHASES else None)
        v[at["turn_no"]] = view["turn_no"]
        one("turn_of", fi.get(view["turn"]))
        v[at["deck_count"]] = view["deck_count"]
        counts("discard", view["discard"], _CARD)
        for key in view["available_dominance"]:
            one("available_dominance", CARD_SUITS.index(key.split(":")[0]))
        counts_map("item_supply", view["item_supply"], _ITEM, v, at)
        quests = view.get("quests") or {}
        counts("quests.face_up", quests.get("face_up", ()), _QUEST)
        v[at["quests.deck_count"]] = quests.get("deck_count", 0)
        players = view["players"]
        if me in players:
            counts("hand", players[me]["hand"] or (), _CARD)

        for cl in view["clearings"]:
            p = f"clearing[{cl['id']}]"
            if p + ".suit" not in at:
                raise ValueError(f"map with more than {N_CLEARINGS} clearings")
            one(p + ".suit", SUITS.index(cl["suit"]))
            v[at[p + ".slots"]] = cl["slots"]
            for a in cl.get("adjacent", ()):
                if 1 <= a <= N_CLEARINGS:
                    v[at[p + ".adjacent"] + a - 1] = 1
            for f, n in cl["warriors"].items():
                if f in fi:
                    v[at[p + ".warriors"] + fi[f]] = n
            for f in cl.get("pawns", ()):
                if f in VAGABONDS:
                    one(p + ".pawns", VAGABONDS.index(f))
            counts(p + ".buildings", cl["buildings"], {b: i for i, b in enumerate(BUILDINGS)})
            counts(p + ".tokens", cl["tokens"], {t: i for i, t in enumerate(TOKENS)})
            r = cl["ruler"]
            one(p + ".ruler", len(FACTIONS) if r is None else fi.get(r))
        for ruin in view.get("ruins") or ():
            p = f"clearing[{ruin['clearing']}]"
            if p + ".ruin_items" in at:
                v[at[p + ".ruin_items"]] = ruin["items"]
                counts(p + ".ruin_known", ruin.get("known") or (), _ITEM)  # None unless this Vagabond looked

        seats = view["seats"]
        for f, pl in players.items():
            if f not in fi:
                continue
            p = f"faction[{f}]"
            v[at[p + ".in_game"]] = 1
            one(p + ".seat", seats.index(f) if seats.index(f) < 5 else None)
            v[at[p + ".vp"]] = pl["vp"]
            v[at[p + ".hand_count"]] = pl["hand_count"]
            if pl.get("dominance"):
                one(p + ".dominance", CARD_SUITS.index(pl["dominance"].split(":")[0]))
            counts(p + ".crafted", pl["crafted"], _CARD)
            counts(p + ".items", pl["items"], _ITEM)
            counts(p + ".items_exhausted", pl.get("exhausted_items", ()), _ITEM)
            board = pl.get("board") or {}
            if "warrior_supply" in board:
                v[at[p + ".warrior_supply"]] = board["warrior_supply"]
            if f == "marquise":
                v[at["marquise.wood_supply"]] = board.get("wood_supply", 0)
                for i, k in enumerate(("sawmill", "workshop", "recruiter")):
                    v[at["marquise.buildings_on_map"] + i] = board.get("buildings_on_map", {}).get(k, 0)
            elif f == "eyrie":
                if board.get("leader") in LEADERS:
                    one("eyrie.leader", LEADERS.index(board["leader"]))
                for side in ("up", "down"):
                    for name in board.get(f"leaders_face_{side}", ()):
                        if name in LEADERS:
                            one(f"eyrie.leaders_face_{side}", LEADERS.index(name))
                for ci, col in enumerate(COLUMNS):
                    for key in board.get("decree", {}).get(col, ()):
                        v[at["eyrie.decree"] + ci * len(CARD_SUITS) + CARD_SUITS.index(key.split(":")[0])] += 1
                v[at["eyrie.roosts_on_track"]] = board.get("roosts_on_track", 0)
            elif f == "alliance":
                self._alliance(v, board)
            elif f in VAGABONDS:
                self._vagabond(v, f"vagabond[{f}]", board)

        mask = np.zeros(self.max_actions, dtype=np.int8)
        d = view.get("decision")
        if d is not None:
            one("decision.player", fi.get(d["player"]))
            one("decision.kind", _KIND.get(d["kind"], len(DECISION_KINDS)))
            opts = d.get("options")
            if d["player"] == me and opts is not None:
                n = len(opts)
                if n > self.max_actions:
                    raise ActionSpaceOverflow(
                        f"decision {d['kind']!r} of {me} has {n} options but the action space holds "
                        f"{self.max_actions} (MAX_ACTIONS); build the environment with a larger max_actions")
                v[at["decision.mine"]] = 1
                v[at["decision.num_options"]] = n
                self._decision_args(v, d.get("args") or {})
                mask[:n] = 1
                for i, o in enumerate(opts):
                    self._option(v, at[f"option[{i}]"], o)
        np.clip(v, 0, self.high, out=v)
        return v, mask

    def _alliance(self, v: np.ndarray, board: dict[str, Any]) -> None:
        at = self.at
        v[at["alliance.supporters_count"]] = board.get("supporters_count", 0)
        for key in board.get("supporters") or ():  # None unless the observer is the Alliance
            v[at["alliance.supporters"] + CARD_SUITS.index(key.split(":")[0])] += 1
            if key in _CARD:
                v[at["alliance.supporter_cards"] + _CARD[key]] += 1
        v[at["alliance.officers"]] = board.get("officers", 0)
        for s in board.get("bases_in_box", ()):
            if s in SUITS:
                v[at["alliance.bases_in_box"] + SUITS.index(s)] = 1
        v[at["alliance.sympathy_on_track"]] = board.get("sympathy_on_track", 0)
        v[at["alliance.supporters_limited"]] = board.get("supporter_limit") is not None
        v[at["alliance.draw_bonus"]] = board.get("draw_bonus", 0)
        v[at["alliance.next_spread_cost"]] = board.get("next_spread_cost") or 0
        v[at["alliance.next_sympathy_vp"]] = board.get("next_sympathy_vp") or 0

    def _vagabond(self, v: np.ndarray, p: str, board: dict[str, Any]) -> None:
        at = self.at
        ch = board.get("character")
        if ch is not None:
            v[at[p + ".character"] + (CHARACTERS.index(ch) if ch in CHARACTERS else len(CHARACTERS))] = 1
        loc = location_index(board.get("where"))
        if loc is not None:
            v[at[p + ".where"] + loc - 1] = 1
        for e in board.get("items", ()):
            i = _ITEM.get(e["item"])
            if i is None:
                continue
            state = (1 if e["damaged"] else 0) * 2 + (0 if e["face_up"] else 1)
            v[at[p + ".items"] + i * len(ITEM_STATES) + state] += 1
            if e.get("ruin"):
                v[at[p + ".items_from_ruins"] + i] += 1
        for i, k in enumerate(TRACKED):
            v[at[p + ".tracks"] + i] = (board.get("tracks") or {}).get(k, 0)
        for k in ("satchel_count", "item_limit", "refresh", "draw", "swords"):
            v[at[f"{p}.{k}"]] = board.get(k) or 0
        rels = board.get("relationships") or {}
        aids = board.get("aids_this_turn") or {}
        for i, f in enumerate(NON_VAGABONDS):
            if rels.get(f) in RELATIONSHIPS:
                v[at[p + ".relationships"] + i * len(RELATIONSHIPS) + RELATIONSHIPS.index(rels[f])] = 1
            v[at[p + ".aids_this_turn"] + i] = aids.get(f, 0)
        for key in board.get("quests_done", ()):
            if key in _QUEST:
                v[at[p + ".quests_done"] + _QUEST[key]] += 1
            suit = key.split(":")[0]
            if suit in SUITS:
                v[at[p + ".quests_done_by_suit"] + SUITS.index(suit)] += 1
        if board.get("coalition") in _FI:
            v[at[p + ".coalition"] + _FI[board["coalition"]]] = 1
        for name in board.get("removed_items", ()):
            i, _ = _item(name)
            if i is not None:
                v[at[p + ".removed_items"] + i] += 1

    def _decision_args(self, v: np.ndarray, a: dict[str, Any]) -> None:
        at = self.at
        if isinstance(a.get("clearing"), int):
            v[at["decision.clearing"]] = a["clearing"]
        for k in ("count", "need", "left", "actions"):
            if isinstance(a.get(k), int):
                v[at["decision.count"]] = a[k]
                break
        if isinstance(a.get("stage"), str):
            v[at["decision.stage"] + (STAGES.index(a["stage"]) if a["stage"] in STAGES else len(STAGES))] = 1
        if a.get("column") in COLUMNS:
            v[at["decision.column"] + COLUMNS.index(a["column"])] = 1
        if a.get("target") in _FI:
            v[at["decision.target"] + _FI[a["target"]]] = 1

    @staticmethod
    def _option(v: np.ndarray, base: int, o: dict[str, Any]) -> None:
        a = o.get("args") or {}
        v[base] = _ACTION.get(o["action"], len(ACTIONS)) + 1
        c = a.get("clearing", a.get("from"))
        if isinstance(c, int):
            v[base + 1] = c
        to = location_index(a["to"]) if "to" in a else None
        if to is None and isinstance(a.get("forest"), int):
            to = location_index(f"F{a['forest']}")
        if to is not None:
            v[base + 2] = to
        for k in ("count", "cards", "pieces", "boots", "cost", "vp"):
            val = a.get(k)
            if isinstance(val, list):
                val = len(val)
            if isinstance(val, int):
                v[base + 3] = val
                break
        card = a.get("card")
        if card is None and isinstance(a.get("cards"), list) and a["cards"]:
            card = a["cards"][0]
        if isinstance(card, str) and card in _CARD:
            v[base + 4] = _CARD[card] + 1
        for k in VALUE_ARGS:
            val = a.get(k)
            if isinstance(val, str):
                i = _VALUE.get(val)
                if i is None:
                    i = _VALUE.get(val.split(":")[0], len(VALUES))
                v[base + 5] = i + 1
                break
        for k in FACTION_ARGS:
            if a.get(k) in _FI:
                v[base + 6] = _FI[a[k]] + 1
                break
        item, state = _item(a.get("item", a.get("stand_in")))
        if item is not None:
            v[base + 7] = item + 1
            v[base + 8] = _ITEM_STATE_CODES["e"] if a.get("exhausted") and not state else state
        replaced, _ = _item(a.get("replaced"))
        if replaced is not None:
            v[base + 9] = replaced + 1
        pieces = a.get("pieces")
        if isinstance(pieces, list):
            for piece in pieces:
                if piece in SUITS:
                    v[base + 10 + SUITS.index(piece)] += 1


def counts_map(name: str, mapping: dict[str, int], vocab: dict[str, int], v: np.ndarray, at: dict[str, int]) -> None:
    """``v[name][vocab[k]] = n`` for each ``k: n`` of ``mapping`` with ``k`` in ``vocab``."""
    for k, n in mapping.items():
        if k in vocab:
            v[at[name] + vocab[k]] = n


def markdown_table(encoder: Encoder | None = None) -> str:
    """The layout as a Markdown table (per-clearing, per-faction, per-Vagabond and per-option groups
    folded)."""
    enc = encoder or Encoder()
    rows = ["| offset | size | name | range | meaning |", "|---:|---:|---|---|---|"]
    seen: set[str] = set()
    folds = (("clearing[", "clearing[c]", "clearing[1]", "clearing[2]", f"c = 1..{N_CLEARINGS}"),
             ("faction[", "faction[f]", "faction[marquise]", "faction[eyrie]", f"f in ({', '.join(FACTIONS)})"),
             ("vagabond[", "vagabond[v]", "vagabond[vagabond]", "vagabond[vagabond2]",
              f"v in ({', '.join(VAGABONDS)})"))
    for g in enc.layout:
        name = g.name
        folded = None
        for prefix, label, a, b, over in folds:
            if name.startswith(prefix):
                folded = label + name[name.index("]") + 1:]
                note = f"; repeated for {over}, stride {_stride(enc, a, b)}"
                break
        if name.startswith("option["):
            folded = "option[i]"
            note = f"; repeated for i = 0..{enc.max_actions - 1}, stride {len(OPTION_FEATURES)}"
        if folded:
            if folded in seen:
                continue
            seen.add(folded)
            rng = "/".join(f"{h:g}" for h in g.highs) if g.highs else f"{g.high:g}"
            rows.append(f"| {g.offset} | {g.size} | `{folded}` | 0–{rng} | {g.doc}{note} |")
        else:
            rows.append(f"| {g.offset} | {g.size} | `{name}` | 0–{g.high:g} | {g.doc} |")
    rows.append(f"\nTotal size: **{enc.size}** floats (float32), with MAX_ACTIONS = {enc.max_actions}.")
    return "\n".join(rows)


def option_columns_table() -> str:
    """The columns of one option row as a Markdown table."""
    rows = ["| column | meaning | values |", "|---|---|---|"]
    rows += [f"| {i} `{name}` | {doc} | {values} |" for i, (name, (doc, values))
             in enumerate(zip(OPTION_FEATURES, OPTION_DOCS, strict=True))]
    return "\n".join(rows)


BEGIN, END = "<!-- generated by python -m planszowki.rl.encoding: begin -->", "<!-- generated: end -->"


def generated_docs(encoder: Encoder | None = None) -> str:
    """The generated part of docs/rl-observation.md: the option columns and the layout."""
    enc = encoder or Encoder()
    return "\n".join([BEGIN, "", "#### Option columns", "", option_columns_table(), "",
                      "#### Layout", "", markdown_table(enc), "", END])


def update_docs(path: str) -> bool:
    """Rewrite the generated part of the Markdown file ``path``; True if it changed."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if BEGIN not in text or END not in text:
        raise ValueError(f"{path} has no generated block ({BEGIN} … {END})")
    new = text[:text.index(BEGIN)] + generated_docs() + text[text.index(END) + len(END):]
    if new != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    return new != text


def _stride(enc: Encoder, a: str, b: str) -> int:
    first = next(g.offset for g in enc.layout if g.name.startswith(a))
    second = next(g.offset for g in enc.layout if g.name.startswith(b))
    return second - first


if __name__ == "__main__":
    import sys

    if sys.argv[1:2] == ["--update"]:
        for doc in sys.argv[2:] or ["docs/rl-observation.md"]:
            print(f"{doc}: {'updated' if update_docs(doc) else 'already up to date'}")
    else:
        print(generated_docs())
