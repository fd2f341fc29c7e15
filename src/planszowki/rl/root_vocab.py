"""The frozen vocabularies of Root's observation (:mod:`planszowki.rl.encoding`) that no one faction owns.

What a faction brings — its board's groups, its decision kinds, its option actions and values — is its entry in
:mod:`planszowki.rl.root_boards`; this module holds the map, the cards, the pieces, the items and the decision
steps every faction shares. Everything here is a tuple: the observation's layout only changes when a tuple
changes (then ``OBS_VERSION`` in :mod:`planszowki.rl.encoding` is bumped).
"""

from __future__ import annotations

from typing import Any

N_CLEARINGS = 12
#: forests of the largest map (Mountain has 12); the Vagabond's pawn may stand in one (9.2.2)
MAX_FORESTS = 12
#: location index of the Duchy's Burrow (12.2.2), after the clearings and the forests
BURROW = N_CLEARINGS + MAX_FORESTS + 1
#: seats of the largest game (5.1: two to six players)
MAX_SEATS = 6
#: the four maps of the Law, in this order for the ``map`` one-hot
MAPS = ("autumn", "winter", "lake", "mountain")
#: the landmark cards of Appendix F (data/landmarks.json): the Tower and the Ferry, then the Landmarks Pack's four
LANDMARKS = ("tower", "ferry", "black_market", "elder_treetop", "legendary_forge", "lost_city")
#: every faction the observation describes, in the fixed order of all faction-indexed groups; each has its entry
#: in :data:`planszowki.rl.root_boards.BOARDS` (the two Vagabond seats are ``vagabond`` and ``vagabond2``, 9.7)
FACTIONS = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2", "riverfolk", "cult", "duchy", "corvid",
            "warlord", "keepers")
VAGABONDS = ("vagabond", "vagabond2")
#: factions a Vagabond has a relationship with (9.2.9; not another Vagabond)
NON_VAGABONDS = tuple(f for f in FACTIONS if f not in VAGABONDS)
SUITS = ("fox", "rabbit", "mouse")
CARD_SUITS = ("bird", "fox", "rabbit", "mouse")
PHASES = ("setup", "birdsong", "daylight", "evening")
#: pieces on the map that belong to no faction: ruins (9.1.3) and the Scoundrel's torch (D.6.2); each faction's own
#: buildings and tokens are in its entry (:mod:`planszowki.rl.root_boards`)
SHARED_BUILDINGS = ("ruin",)
SHARED_TOKENS = ("torch",)
ITEMS = ("boot", "bag", "crossbow", "hammer", "sword", "tea", "coin", "torch")
#: an item on the Vagabond's board: its side and whether it is damaged (9.2.5); the option table's
#: ``item_state`` column uses the same order (the engine's ``r``, ``e``, ``d``, ``x``)
ITEM_STATES = ("face_up", "exhausted", "damaged", "damaged_exhausted")
ITEM_STATE_CODES = {"r": 1, "e": 2, "d": 3, "x": 4}
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
#: ``stage`` argument of a decision (Marquise Daylight, Alliance Birdsong and payments, Vagabond Aid, the
#: Riverfolk's payments 11.4.1); the one-hot has one more slot, "other"
STAGES = ("craft", "actions", "revolt", "spread", "exhaust", "take", "commit", "spend")
#: the 42 card kinds of the standard deck plus the Eyrie's Loyal Vizier, then the Exiles and Partisans deck's own
#: cards, then the Keepers' Faithful Retainer, by key "suit:Name"
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
    # the Keepers in Iron's Faithful Retainers (15.3.4): bird cards outside the shared deck
    "bird:Faithful Retainer",
)
#: decision kinds of the shared rules (battle, cards, the turn, the map); each faction's own are in its entry
COMMON_KINDS = (
    "battle.ambush", "battle.effects", "battle.effects_order", "battle.foil",
    "card.better_burrow_bank", "card.birdsong", "card.charm_offensive", "card.cobbler", "card.command_warren",
    "card.eyrie_emigre", "card.informants", "card.league", "card.saboteurs", "card.swap_meet", "discard_down",
    "hits", "map.open_path", "turn.extras", "turn.start_of_birdsong.order", "turn.start_of_evening.order",
    # what a card allows anytime on one's turn, after the Evening draw (Appendix F Black Market, Appendix E Exile)
    "turn.anytime",
    # Appendix A, Advanced Setup: A.5 landmarks, A.10 the three cards kept; A.8 the draft, A.9 each faction's setup
    # in the Advanced Setup (homelands, spreading, the Marquise's, the Cult's garden, the Corvids' plot)
    "setup.keep_three", "setup.landmark", "setup.draft", "setup.homeland", "setup.spread", "setup.marquise",
    "setup.cult_garden", "setup.corvid_plot",
)
#: option actions of the shared rules and the base factions (the other factions' own are in their entries)
COMMON_ACTIONS = (
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
    "charm_offensive_first", "services_first",
    # the Exiles and Partisans deck (A.2)
    "saboteurs", "false_orders", "swap_meet", "swap_meet_give", "discard_emigre", "informants", "evening_draw",
    "fox_partisans", "rabbit_partisans", "mouse_partisans", "propaganda_bureau", "league_move", "league_battle",
    "charm_offensive",
    # Appendix A, Advanced Setup: A.5 a landmark's clearing, A.10 a card put back
    "landmark", "return_card",
)
#: string option arguments shared by every faction (suit, faction, warrior, item); a faction's entry adds its own
#: (its buildings and tokens, decree columns, leaders, characters, quests, ministers, plots, services, moods …)
COMMON_VALUES = (*CARD_SUITS, *FACTIONS, "warrior", *ITEMS, *LANDMARKS)
#: option arguments read for the "value" column, first present wins
VALUE_ARGS = ("suit", "building", "piece", "column", "leader", "quest", "character", "dominance", "attacker",
              "minister", "plot", "service", "outcast", "mood", "hireling", "retinue", "relic", "landmark",
              "as_suit")  # Appendix F: the suit named for the Lost City's clearing
#: option arguments read for the "faction" column (the other side, or whose warrior a Riverfolk fund is),
#: first present wins
FACTION_ARGS = ("defender", "target", "partner", "ally", "arbiter", "owner", "payer", "player")
#: option arguments read for the "count" column, first present wins (a list counts its length)
COUNT_ARGS = ("count", "cards", "pieces", "boots", "cost", "vp", "price", "slot")

CARD = {k: i for i, k in enumerate(CARD_KEYS)}
ITEM = {k: i for i, k in enumerate(ITEMS)}
QUEST = {k: i for i, k in enumerate(QUEST_KEYS)}
FACTION = {f: i for i, f in enumerate(FACTIONS)}
SUIT = {s: i for i, s in enumerate(SUITS)}


def location_index(where: Any) -> int | None:
    """A location id of the view (``"5"`` or 5 a clearing, ``"F3"`` a forest, ``"burrow"`` the Duchy's Burrow)
    as 1..12 for clearings, 13..24 for forests and 25 for the Burrow; None when there is none or it does not
    fit."""
    if isinstance(where, int):
        return where if 1 <= where <= N_CLEARINGS else None
    if not isinstance(where, str) or not where:
        return None
    if where == "burrow":
        return BURROW
    if where[0] == "F" and where[1:].isdigit():
        f = int(where[1:])
        return N_CLEARINGS + f if 1 <= f <= MAX_FORESTS else None
    if where.isdigit() and 1 <= int(where) <= N_CLEARINGS:
        return int(where)
    return None


def item_code(entry: Any) -> tuple[int | None, int]:
    """An item argument (``"boot"``, ``"R-bag:e"``) as (ITEMS index or None, code): the code is the state
    (0 none, 1 face up, 2 exhausted, 3 damaged face up, 4 damaged exhausted) plus 5 for an item taken from
    a ruin (``"R-"``, 9.7.3)."""
    if not isinstance(entry, str):
        return None, 0
    name, _, state = entry.partition(":")
    ruin = name.startswith("R-")
    if ruin:
        name = name[2:]
    return ITEM.get(name), ITEM_STATE_CODES.get(state, 0) + 5 * ruin
