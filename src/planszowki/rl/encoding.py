"""Root observations as a fixed-size float32 vector built from ``state.view(seat)`` alone.

The layout is a list of named groups (see :data:`LAYOUT` and docs/rl-observation.md, which is generated
from it: ``python -m planszowki.rl.encoding`` prints the table). Values are raw counts, flags and
one-hots — not normalised — clipped to each group's upper bound so they always lie in the
observation space. Categorical indices in the option table are stored as numbers (0 = none).

Only the view is read: a seat's observation cannot depend on anything the Law hides from it (tests
scramble the hidden cards with ``game.determinize`` and compare observations).

Vocabularies are frozen tuples, so the layout only changes when this module changes
(:data:`OBS_VERSION`); anything the engine adds later that is not listed (a new decision kind or option
action) is counted in the group's last slot, "other".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

#: Bumped whenever the layout changes.
OBS_VERSION = 1

#: Size of the action space: action ``i`` chooses the i-th option of the current decision (engine order).
#: Measured (``python -m planszowki.rl.measure``) over 3000 random Marquise-vs-Eyrie games: at most 182
#: options (an Eyrie Decree move with many warriors: every from -> to x count, once per decree card suit);
#: the worst case for these factions is about 430 (20 warriors x 5 destinations x 4 suits + battles,
#: recruits, builds), hence 512. The Alliance's Spread/Revolt, which today offers one option per set of
#: Supporters to pay with, can exceed it (thousands of options): see docs/rl-observation.md.
MAX_ACTIONS = 512

N_CLEARINGS = 12
FACTIONS = ("marquise", "eyrie", "alliance", "vagabond", "vagabond2")
SUITS = ("fox", "rabbit", "mouse")
CARD_SUITS = ("bird", "fox", "rabbit", "mouse")
PHASES = ("setup", "birdsong", "daylight", "evening")
BUILDINGS = ("sawmill", "workshop", "recruiter", "roost", "base_fox", "base_rabbit", "base_mouse", "ruin")
TOKENS = ("wood", "keep", "sympathy", "torch")
ITEMS = ("boot", "bag", "crossbow", "hammer", "sword", "tea", "coin", "torch")
LEADERS = ("builder", "charismatic", "commander", "despot")
COLUMNS = ("recruit", "move", "battle", "build")
#: the 42 card kinds of the standard deck plus the Eyrie's Loyal Vizier, by key "suit:Name"
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
)
#: decision kinds (the engine's decision steps); the one-hot has one more slot, "other"
DECISION_KINDS = (
    "alliance.birdsong", "alliance.daylight", "alliance.discard_supporters", "alliance.operations",
    "alliance.outrage.pay", "alliance.pay", "battle.ambush", "battle.effects", "battle.effects_order", "battle.foil",
    "card.better_burrow_bank", "card.birdsong", "card.cobbler", "card.command_warren", "discard_down",
    "eyrie.add", "eyrie.daylight", "eyrie.decree", "eyrie.depose", "eyrie.new_roost", "eyrie.setup.corner",
    "eyrie.setup.leader", "hits", "marquise.daylight", "marquise.field_hospitals", "marquise.march",
    "marquise.pay_wood", "marquise.recruit", "marquise.setup.building", "marquise.setup.keep", "marquise.wood",
    "vagabond.aid", "vagabond.battle_ally", "vagabond.capacity", "vagabond.damage", "vagabond.daylight",
    "vagabond.explore", "vagabond.hits", "vagabond.protector", "vagabond.quest_reward", "vagabond.refresh",
    "vagabond.repair", "vagabond.setup.character", "vagabond.setup.forest", "vagabond.slip",
)
#: option actions (``Option.action``); index + 1 in the option table, len + 1 = other
ACTIONS = (
    "activate_dominance", "aid", "ally_warrior", "alone", "ambush", "armorers", "attacker_first", "battle",
    "better_burrow_bank", "brutal_tactics", "build", "character", "coalition", "codebreakers", "continue",
    "craft", "damage", "day_labor", "decree", "defender_first", "discard", "discard_supporter", "done", "draw",
    "end", "end_birdsong", "end_crafting", "end_daylight", "end_march", "end_operations", "end_revolts",
    "enlist", "exhaust", "explore", "extra_action", "field_hospitals", "foil", "forest", "glide", "hideout",
    "ignore", "instigate", "keep", "leader", "march", "mobilize", "move", "new_roost", "organize", "outrage",
    "overwork", "pass", "pay_wood", "place", "quest", "recruit", "recruit_at", "refresh", "remove",
    "remove_item", "repair", "resolve_decree", "revolt", "royal_claim", "sappers", "scorched_earth", "score",
    "show_hand", "skip", "slip", "spend_supporter", "spread", "stand_and_deliver", "start", "stay", "steal",
    "strike", "swift_strike", "take", "take_dominance", "tax_collector", "train", "turmoil", "with_ally", "wood",
)
#: string option arguments (suit, building, piece, faction, decree column, leader, item); index + 1,
#: len + 1 = other. A card key in such an argument ("rabbit:Dominance") counts as its suit.
VALUES = (*CARD_SUITS, *FACTIONS, *BUILDINGS, *TOKENS[:3], *COLUMNS, *LEADERS, *ITEMS)
#: option arguments read for the "value" column, first present wins
VALUE_ARGS = ("suit", "building", "piece", "defender", "target", "column", "leader", "item", "dominance")
OPTION_FEATURES = ("action", "clearing", "to", "count", "card", "value")

_CARD = {k: i for i, k in enumerate(CARD_KEYS)}
_ACTION = {a: i for i, a in enumerate(ACTIONS)}
_VALUE = {v: i for i, v in enumerate(VALUES)}
_KIND = {k: i for i, k in enumerate(DECISION_KINDS)}


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
    add("me", len(FACTIONS), 1, f"one-hot: the observing seat, over ({fac})")
    add("phase", len(PHASES), 1, f"one-hot: phase of the turn ({', '.join(PHASES)})")
    add("turn_no", 1, 10_000, "turns begun so far (1 in the first player's first turn)")
    add("turn_of", len(FACTIONS), 1, "one-hot: whose turn it is, over the factions")
    add("deck_count", 1, 60, "cards left in the shared deck")
    add("discard", len(CARD_KEYS), 10, "discard pile: count of each card key (CARD_KEYS order)")
    add("available_dominance", len(CARD_SUITS), 1, "dominance cards near the map (3.3.3), by suit (bird, fox, "
        "rabbit, mouse)")
    add("item_supply", len(ITEMS), 4, f"items left in the supply on the map, by item ({', '.join(ITEMS)})")
    add("hand", len(CARD_KEYS), 10, "the observing seat's own hand: count of each card key")
    for c in range(1, N_CLEARINGS + 1):
        p = f"clearing[{c}]"
        add(f"{p}.suit", len(SUITS), 1, "one-hot: suit of the clearing (fox, rabbit, mouse)")
        add(f"{p}.slots", 1, 3, "building slots printed on the map")
        add(f"{p}.warriors", len(FACTIONS), 25, "warriors of each faction")
        add(f"{p}.buildings", len(BUILDINGS), 3, f"buildings by kind ({', '.join(BUILDINGS)})")
        add(f"{p}.tokens", len(TOKENS), 8, f"tokens by kind ({', '.join(TOKENS)})")
        add(f"{p}.ruler", len(FACTIONS) + 1, 1, "one-hot: who rules it (2.5), over the factions, last slot: "
            "nobody")
    for f in FACTIONS:
        p = f"faction[{f}]"
        add(f"{p}.in_game", 1, 1, "1 if this faction plays in this game")
        add(f"{p}.seat", 5, 1, "one-hot: its place in the seating order (0 = first player)")
        add(f"{p}.vp", 1, 60, "victory points")
        add(f"{p}.hand_count", 1, 40, "cards in hand (public count)")
        add(f"{p}.dominance", len(CARD_SUITS), 1, "one-hot: activated dominance card by suit (3.3)")
        add(f"{p}.crafted", len(CARD_KEYS), 4, "crafted cards in its play area: count per card key")
        add(f"{p}.items", len(ITEMS), 8, "crafted items (Crafted Items box), count per item")
        add(f"{p}.warrior_supply", 1, 25, "warriors in its supply")
    add("marquise.wood_supply", 1, 8, "wood tokens in the Marquise's supply")
    add("marquise.buildings_on_map", 3, 6, "Marquise sawmills, workshops, recruiters on the map")
    add("eyrie.leader", len(LEADERS), 1, f"one-hot: the Eyrie leader ({', '.join(LEADERS)})")
    add("eyrie.leaders_face_up", len(LEADERS), 1, "leaders still available (face up), flags")
    add("eyrie.decree", len(COLUMNS) * len(CARD_SUITS), 10, "Decree: cards per column (recruit, move, battle, "
        "build) x suit (bird, fox, rabbit, mouse); viziers count as bird")
    add("eyrie.roosts_on_track", 1, 7, "roosts on the Eyrie board")
    add("alliance.supporters_count", 1, 60, "cards in the Supporters stack (public count)")
    add("alliance.supporters", len(CARD_SUITS), 60, "Supporters by suit; only in the Alliance's own "
        "observation (face down, 8.2.3), zeros for everyone else")
    add("alliance.officers", 1, 10, "Alliance officers")
    add("alliance.bases_in_box", len(SUITS), 1, "flags: bases not on the map (fox, rabbit, mouse)")
    add("alliance.sympathy_on_track", 1, 10, "sympathy tokens on the Alliance board")
    add("alliance.supporters_limited", 1, 1, "1 while the Supporters stack is limited to 5 (no base on the map)")
    add("decision.mine", 1, 1, "1 if the observing seat must choose now (then the action mask is not empty)")
    add("decision.player", len(FACTIONS), 1, "one-hot: the seat that must choose (may be out of turn)")
    add("decision.kind", len(DECISION_KINDS) + 1, 1, "one-hot: the decision's kind (DECISION_KINDS), last slot: "
        "other")
    add("decision.num_options", 1, max_actions, "number of options (own decision only, else 0)")
    highs = (len(ACTIONS) + 1, N_CLEARINGS, N_CLEARINGS, 25, len(CARD_KEYS), len(VALUES) + 1)
    for i in range(max_actions):
        add(f"option[{i}]", len(OPTION_FEATURES), max(highs), "the i-th option of the own decision (zeros past "
            "the last option and when the decision is not the observer's), see below", highs)
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
        fi = {f: i for i, f in enumerate(FACTIONS)}

        def one(name: str, index: int | None) -> None:
            if index is not None:
                v[at[name] + index] = 1

        def counts(name: str, keys: Any, vocab: dict[str, int]) -> None:
            for k in keys:
                i = vocab.get(k)
                if i is not None:
                    v[at[name] + i] += 1

        one("me", fi.get(me))
        one("phase", PHASES.index(view["phase"]) if view["phase"] in PHASES else None)
        v[at["turn_no"]] = view["turn_no"]
        one("turn_of", fi.get(view["turn"]))
        v[at["deck_count"]] = view["deck_count"]
        counts("discard", view["discard"], _CARD)
        for key in view["available_dominance"]:
            one("available_dominance", CARD_SUITS.index(key.split(":")[0]))
        for k, n in view["item_supply"].items():
            if k in ITEMS:
                v[at["item_supply"] + ITEMS.index(k)] = n
        players = view["players"]
        if me in players:
            counts("hand", players[me]["hand"] or (), _CARD)

        for cl in view["clearings"]:
            p = f"clearing[{cl['id']}]"
            if p + ".suit" not in at:
                raise ValueError(f"map with more than {N_CLEARINGS} clearings")
            one(p + ".suit", SUITS.index(cl["suit"]))
            v[at[p + ".slots"]] = cl["slots"]
            for f, n in cl["warriors"].items():
                if f in fi:
                    v[at[p + ".warriors"] + fi[f]] = n
            counts(p + ".buildings", cl["buildings"], {b: i for i, b in enumerate(BUILDINGS)})
            counts(p + ".tokens", cl["tokens"], {t: i for i, t in enumerate(TOKENS)})
            r = cl["ruler"]
            one(p + ".ruler", len(FACTIONS) if r is None else fi.get(r))

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
            counts(p + ".items", pl["items"], {k: i for i, k in enumerate(ITEMS)})
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
                for name in board.get("leaders_face_up", ()):
                    if name in LEADERS:
                        one("eyrie.leaders_face_up", LEADERS.index(name))
                for ci, col in enumerate(COLUMNS):
                    for key in board.get("decree", {}).get(col, ()):
                        v[at["eyrie.decree"] + ci * len(CARD_SUITS) + CARD_SUITS.index(key.split(":")[0])] += 1
                v[at["eyrie.roosts_on_track"]] = board.get("roosts_on_track", 0)
            elif f == "alliance":
                v[at["alliance.supporters_count"]] = board.get("supporters_count", 0)
                for key in board.get("supporters") or ():  # None unless the observer is the Alliance
                    v[at["alliance.supporters"] + CARD_SUITS.index(key.split(":")[0])] += 1
                v[at["alliance.officers"]] = board.get("officers", 0)
                for s in board.get("bases_in_box", ()):
                    if s in SUITS:
                        one("alliance.bases_in_box", SUITS.index(s))
                v[at["alliance.sympathy_on_track"]] = board.get("sympathy_on_track", 0)
                v[at["alliance.supporters_limited"]] = board.get("supporter_limit") is not None

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
                mask[:n] = 1
                for i, o in enumerate(opts):
                    self._option(v, at[f"option[{i}]"], o)
        np.clip(v, 0, self.high, out=v)
        return v, mask

    @staticmethod
    def _option(v: np.ndarray, base: int, o: dict[str, Any]) -> None:
        a = o.get("args") or {}
        v[base] = _ACTION.get(o["action"], len(ACTIONS)) + 1
        c = a.get("clearing", a.get("from"))
        if isinstance(c, int):
            v[base + 1] = c
        if isinstance(a.get("to"), int):
            v[base + 2] = a["to"]
        if isinstance(a.get("count"), int):
            v[base + 3] = a["count"]
        else:
            for k in ("cards", "pieces"):
                if isinstance(a.get(k), list):
                    v[base + 3] = len(a[k])
                    break
        card = a.get("card")
        if card is None and isinstance(a.get("cards"), list) and a["cards"]:
            card = a["cards"][0]
        if isinstance(card, str) and card in _CARD:
            v[base + 4] = _CARD[card] + 1
        for k in VALUE_ARGS:
            val = a.get(k)
            if isinstance(val, str):
                val = val.split(":")[0]
                v[base + 5] = _VALUE.get(val, len(VALUES)) + 1
                break


def markdown_table(encoder: Encoder | None = None) -> str:
    """The layout as a Markdown table (per-clearing, per-faction and per-option groups folded)."""
    enc = encoder or Encoder()
    rows = ["| offset | size | name | range | meaning |", "|---:|---:|---|---|---|"]
    seen: set[str] = set()
    for g in enc.layout:
        name = g.name
        folded = None
        if name.startswith("clearing["):
            folded = "clearing[c]" + name[name.index("]") + 1:]
            stride = _stride(enc, "clearing[1]", "clearing[2]")
            note = f"; repeated for c = 1..{N_CLEARINGS}, stride {stride}"
        elif name.startswith("faction["):
            folded = "faction[f]" + name[name.index("]") + 1:]
            stride = _stride(enc, "faction[marquise]", "faction[eyrie]")
            note = f"; repeated for f in ({', '.join(FACTIONS)}), stride {stride}"
        elif name.startswith("option["):
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


def _stride(enc: Encoder, a: str, b: str) -> int:
    first = next(g.offset for g in enc.layout if g.name.startswith(a))
    second = next(g.offset for g in enc.layout if g.name.startswith(b))
    return second - first


if __name__ == "__main__":
    print(markdown_table())
