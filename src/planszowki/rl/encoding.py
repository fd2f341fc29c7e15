"""Root observations as a fixed-size float32 vector built from ``state.view(seat)`` alone.

The layout is a list of named groups (``Encoder().layout``) and docs/rl-observation.md embeds the table
generated from it: ``python -m planszowki.rl.encoding`` prints it, ``python -m planszowki.rl.encoding
--update`` rewrites the generated block of the docs. Values are raw counts, flags and one-hots — not
normalised — clipped to each group's upper bound so they always lie in the observation space.
Categorical indices in the option table are stored as numbers (0 = none).

Only the view is read: a seat's observation cannot depend on anything the Law hides from it (tests
scramble the hidden information — hands, deck, Supporters, quest deck, ruins, the Corvids' face-down plots —
with ``game.determinize`` and compare observations, in line-ups with every faction, two Vagabonds, hirelings).

Every faction's part — its board's groups and encoder, its decision kinds, option actions, values and pieces — is
its entry in :mod:`planszowki.rl.root_boards`; the shared vocabularies are in :mod:`planszowki.rl.root_vocab`. This
module lays them out and encodes the shared parts (map, cards, clearings, the factions' common fields, the
decision and its option table). Vocabularies are frozen tuples, so the layout only changes when one of these
modules changes (:data:`OBS_VERSION`); anything the engine adds later that is not listed (a new decision kind or
option action) is counted in the group's last slot, "other".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from .root_boards import (
    BOARDS,
    BUILDING,
    BUILDINGS,
    EXTRAS,
    HIRELING_KEYS,
    HIRELINGS,
    HIRELINGS_WITH_WARRIORS,
    MINISTERS,
    PATH_INDEX,
    PATHS,
    TOKEN,
    TOKENS,
    Writer,
    union,
)
from .root_vocab import (
    BURROW,
    CARD,
    CARD_KEYS,
    CARD_SUITS,
    CHARACTERS,
    COLUMNS,
    COMMON_ACTIONS,
    COMMON_KINDS,
    COMMON_VALUES,
    COUNT_ARGS,
    FACTION,
    FACTION_ARGS,
    FACTIONS,
    ITEM,
    ITEM_STATE_CODES,
    ITEM_STATES,
    ITEMS,
    LANDMARKS,
    LEADERS,
    MAPS,
    MAX_FORESTS,
    MAX_SEATS,
    N_CLEARINGS,
    NON_VAGABONDS,
    PHASES,
    QUEST,
    QUEST_KEYS,
    RELATIONSHIPS,
    STAGES,
    SUIT,
    SUITS,
    TRACKED,
    VAGABONDS,
    VALUE_ARGS,
    item_code,
    location_index,
)

__all__ = ["ACTIONS", "BOARDS", "BURROW", "CARD_KEYS", "CARD_SUITS", "CHARACTERS", "DECISION_KINDS", "FACTIONS",
           "HIRELINGS", "ITEMS", "ITEM_STATES", "LEADERS", "MAPS", "MAX_ACTIONS", "MAX_FORESTS", "NON_VAGABONDS",
           "OBS_VERSION", "OPTION_FEATURES", "QUEST_KEYS", "RELATIONSHIPS", "SUITS", "TRACKED", "VAGABONDS", "VALUES",
           "ActionSpaceOverflow", "Encoder", "generated_docs", "location_index", "markdown_table"]

#: Bumped whenever the layout changes. 2: the Vagabond boards, quests, ruins, pawns, map and paths, the
#: Alliance's supporter cards and next costs, the decision's arguments, a wider option table. 3: the variant
#: maps (Appendix C): the Ferry's clearing and whether it crossed this turn, the closed path removal. 4: the
#: Exiles and Partisans deck (A.2): its improvements' card keys, decision kinds and option actions, the items
#: exhausted in a Crafted Items box (League of Adventurous Mice) and an exhausted one taken by Aid (9.5.4); the
#: start-of-phase order questions (1.1.3). 5: every faction the engine plays — the Riverfolk Company, the Lizard
#: Cult, the Underground Duchy and the Corvid Conspiracy join the faction-indexed groups and have boards of their
#: own (:mod:`planszowki.rl.root_boards`); their pieces in the clearings, the Burrow as a location, six seats,
#: the Coffin Makers' warriors (A.2); the option table gains a second clearing, three more cards and a flag (the
#: Mayor's action, the warlord moving along). 6: the Lord of the Hundreds (its board, pieces, decision kinds,
#: actions and moods); each faction's buildings and tokens come from its entry. 7: the Keepers in Iron (the
#: Retinue, the Relics spaces, relics in the forests as everyone sees them, waystations, their relic and waystation
#: pieces), a second value column, where each landmark stands (Appendix F), the Advanced Setup's decisions. 8: the
#: hirelings of every card (their pawns, bandits on paths, the Exile's items, the Artisans' cards, vaults and
#: footholds), two path columns in the option table. 9: the Landmarks Pack's cards (the Black Market's cards a seat
#: put there, the Elder Treetop's building, the Legendary Forge's items), the Black Market's swap. 10: the Duchy's
#: Sway one card per decision (``duchy.sway_cards``, its ``reveal``), the window after the Evening draw
#: (``turn.anytime``). 11: the decision kinds that fell into "other": the Advanced Setup's (A.8 the draft, A.9 the
#: factions' setups), the Stoic Protector's (``hirelings.stoic``), the Hundreds' full hoard (``warlord.hoard_full``).
OBS_VERSION = 11

#: Size of the action space: action ``i`` chooses the i-th option of the current decision (engine order).
#: Measured with ``python -m planszowki.rl.measure`` (random and heuristic bots, random seating; the table
#: is in docs/rl-observation.md); see the docs for the largest decision of every line-up measured and the
#: bounds by hand. A larger decision raises :class:`ActionSpaceOverflow`.
MAX_ACTIONS = 512

#: decision kinds (the engine's decision steps): the shared ones, then each faction's; the one-hot has one more
#: slot, "other"
_PARTS = (*BOARDS.values(), *EXTRAS.values())
DECISION_KINDS = union([COMMON_KINDS, *(b.kinds for b in _PARTS)])
#: option actions (``Option.action``); index + 1 in the option table, len + 1 = other
ACTIONS = union([COMMON_ACTIONS, *(b.actions for b in _PARTS)])
#: string option arguments (suit, faction, building, piece, decree column, leader, item, character, quest, then
#: the factions' own: services, ministers, plot types); index + 1, len + 1 = other. A card key in such an
#: argument ("rabbit:Dominance") counts as its suit.
VALUES = union([COMMON_VALUES, BUILDINGS, TOKENS, *(b.values for b in _PARTS)])
OPTION_FEATURES = ("action", "clearing", "to", "count", "card", "value", "faction", "item", "item_state", "item2",
                   "pay_fox", "pay_rabbit", "pay_mouse", "clearing2", "card2", "card3", "card4", "flag", "value2",
                   "path", "path2")

#: what each column of an option row holds (rendered into docs/rl-observation.md)
OPTION_DOCS = (
    ("the option's action name (`Option.action`)", "index in `ACTIONS` + 1; `len(ACTIONS)`+1 = other"),
    ("`args.clearing`, else the origin `args.from` of a move (the Burrow, 12.2.2, is 25), else `args.a` (the "
     "Corvids' trick, 13.5.5)", "1–12, 25 = the Burrow, 0 = none"),
    ("destination `args.to` of a move (a Vagabond's may be a forest, `\"F3\"`; the Duchy's the Burrow), or the "
     "setup forest `args.forest`", "1–12 clearings, 13–24 forests F1–F12, 25 the Burrow, 0 = none"),
    ("first of `args." + "`, `".join(COUNT_ARGS) + "` (a list counts its length: the cards or pieces paid)",
     "0–25"),
    ("`args.card`, else the first of `args.cards`", "index in `CARD_KEYS` + 1, 0 = none"),
    ("first of `args." + "`, `".join(VALUE_ARGS) + "` (a full quest key is looked up first, otherwise a card "
     "key counts as its suit); a Duchy minister named only in the option's id (`move 1->5 x2 (marshal)`, "
     "12.5.2) when no argument gives a value", "index in `VALUES` + 1, `len(VALUES)`+1 = other, 0 = none"),
    ("the other faction: first of `args." + "`, `".join(FACTION_ARGS) + "`", "index in the factions + 1, a "
     "hireling (`hireling:<side>`, Appendix E) after them in `HIRELINGS` order, 0 = none"),
    ("the item: `args.item` (a ruin item `R-bag` counts as `bag`), else the Adventurer's `args.stand_in`",
     "index in `ITEMS` + 1, 0 = none"),
    ("the item's state in `args.item`: 1 face up, 2 exhausted (also `args.exhausted`: an exhausted item taken "
     "from a Crafted Items box, A.2), 3 damaged face up, 4 damaged exhausted, 0 unstated; +5 for an item taken "
     "from a ruin", "0–9"),
    ("the quest item an improvised item replaces (`args.replaced`, D.7)", "index in `ITEMS` + 1, 0 = none"),
    ("crafting pieces of the fox suit paid (`args.pieces`, 4.1.1)", "0–4"),
    ("crafting pieces of the rabbit suit paid", "0–4"),
    ("crafting pieces of the mouse suit paid", "0–4"),
    ("a second clearing: `args.b` of a trick (13.5.5), `args.second` (a hireling set up in two clearings, E), or "
     "`args.from` when `args.clearing` is set (the tunnel a dig moves, 12.5.1.V)", "1–12, 25 = the Burrow, 0 = none"),
    ("the second of `args.cards` (the cards revealed to sway a minister, 12.5.3)", "index in `CARD_KEYS` + 1, "
     "0 = none"),
    ("the third of `args.cards`", "index in `CARD_KEYS` + 1, 0 = none"),
    ("the fourth of `args.cards`", "index in `CARD_KEYS` + 1, 0 = none"),
    ("1 when the Mayor takes a minister's action (`args.mayor`, or \"mayor as\" in the id, 12.5.2.VI), or when the "
     "warlord moves with the warriors (`args.warlord`, 14.2.2), or the Keepers encamp with no piece on the map: a "
     "waystation and a warrior on the map's edge (`args.fresh`, 15.4.1)", "0–1"),
    ("a second value: `args.retinue_from`, the Retinue column a card is shifted from (15.5.2)",
     "index in `VALUES` + 1, `len(VALUES)`+1 = other, 0 = none"),
    ("a path: `args.path` (`\"1-5\"`: where the Highway Bandits go, Appendix E)", "index of the clearing pair "
     "a < b in `PATHS` + 1, 0 = none"),
    ("the path a bandit leaves: `args.from` when it is a path", "index in `PATHS` + 1, 0 = none"),
)

_ACTION = {a: i for i, a in enumerate(ACTIONS)}
_VALUE = {v: i for i, v in enumerate(VALUES)}
_KIND = {k: i for i, k in enumerate(DECISION_KINDS)}
_FI = FACTION
#: the "faction" column: a faction, or a hireling as the other side (E: a battle's defender, a card given away)
_OTHER = {**{f: i + 1 for i, f in enumerate(FACTIONS)},
          **{k: len(FACTIONS) + 1 + i for i, k in enumerate(HIRELING_KEYS)}}
_HIRED = {f"hireling:{h}": i for i, h in enumerate(HIRELINGS_WITH_WARRIORS)}
_STAGE = {s: i for i, s in enumerate(STAGES)}
_COLUMN = {c: i for i, c in enumerate(COLUMNS)}
_MINISTER = {m: i for i, m in enumerate(MINISTERS)}
_MAP = {m: i for i, m in enumerate(MAPS)}
_LANDMARK = {m: i for i, m in enumerate(LANDMARKS)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_PAWN = {v: i for i, v in enumerate(VAGABONDS)}
_CARD_SUIT = {s: i for i, s in enumerate(CARD_SUITS)}


def _minister_tag(oid: str) -> tuple[str | None, bool]:
    """The Duchy minister an option's id names in its last brackets, as Parliament names moves and battles
    (``"move 1->5 x2 (mayor as brigadier again)"``, 12.5.2), and whether it is the Mayor's (12.5.2.VI)."""
    if not oid.endswith(")") or "(" not in oid:
        return None, False
    tag = oid[oid.rindex("(") + 1:-1]
    mayor = tag.startswith("mayor as ")
    if mayor:
        tag = tag[9:]
    tag = tag.removesuffix(" again")
    return (tag, mayor) if tag in _MINISTER else (None, False)


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
    add("landmarks", len(LANDMARKS) * N_CLEARINGS, 1, f"one-hot per landmark ({', '.join(LANDMARKS)}) over the "
        "clearings (1..12), landmark-major: where it stands (Appendix F; the Mountain's Tower and the Lake's Ferry "
        "too); zeros for one not in the game")
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
    add("coffin", len(FACTIONS), 25, "warriors on the Coffin Makers card, by faction (A.2); zeros without it")
    add("hand", len(CARD_KEYS), 10, "the observing seat's own hand: count of each card key")
    for c in range(1, N_CLEARINGS + 1):
        p = f"clearing[{c}]"
        add(f"{p}.suit", len(SUITS), 1, "one-hot: suit of the clearing (fox, rabbit, mouse)")
        add(f"{p}.slots", 1, 3, "building slots printed on the map")
        add(f"{p}.adjacent", N_CLEARINGS, 1, "flags: the clearings joined to it by a path (1..12)")
        add(f"{p}.warriors", len(FACTIONS), 25, "warriors of each faction")
        add(f"{p}.hireling_warriors", len(HIRELINGS_WITH_WARRIORS), 12, "warriors of each hireling with warriors ("
            + ", ".join(HIRELINGS_WITH_WARRIORS) + ", Appendix E)")
        add(f"{p}.pawns", len(VAGABONDS), 1, "flags: the Vagabond pawns here (vagabond, vagabond2)")
        add(f"{p}.buildings", len(BUILDINGS), 3, f"buildings by kind ({', '.join(BUILDINGS)})")
        add(f"{p}.tokens", len(TOKENS), 8, f"tokens by kind ({', '.join(TOKENS)}; `plot` is a face-down plot)")
        add(f"{p}.ruler", len(FACTIONS) + 2, 1, "one-hot: who rules it (2.5), over the factions, then nobody, "
            "then a hireling (E)")
        add(f"{p}.ruin_items", 1, 8, "face-down items under its ruin (9.3.4), 0 without a ruin")
        add(f"{p}.ruin_known", len(ITEMS), 4, "the items under its ruin by kind, only for a Vagabond that has "
            "looked under it (9.7.3); zeros otherwise")
    for f in FACTIONS:
        p = f"faction[{f}]"
        add(f"{p}.in_game", 1, 1, "1 if this faction plays in this game")
        add(f"{p}.seat", MAX_SEATS, 1, "one-hot: its place in the seating order (0 = first player)")
        add(f"{p}.vp", 1, 60, "victory points")
        add(f"{p}.hand_count", 1, 40, "cards in hand (public count)")
        add(f"{p}.dominance", len(CARD_SUITS), 1, "one-hot: activated dominance card by suit (3.3)")
        add(f"{p}.crafted", len(CARD_KEYS), 4, "crafted cards in its play area: count per card key")
        add(f"{p}.items", len(ITEMS), 8, "crafted items (Crafted Items box), count per item")
        add(f"{p}.items_exhausted", len(ITEMS), 8, "of those, items exhausted in the box (A.2 League of "
            "Adventurous Mice), count per item")
        add(f"{p}.warrior_supply", 1, 25, "warriors in its supply")
    for board in _PARTS:
        for name, size, high, doc in board.groups:
            add(f"{board.prefix}.{name}", size, high, doc)
    add("decision.mine", 1, 1, "1 if the observing seat must choose now (then the action mask is not empty)")
    add("decision.player", len(FACTIONS), 1, "one-hot: the seat that must choose (may be out of turn)")
    add("decision.kind", len(DECISION_KINDS) + 1, 1, "one-hot: the decision's kind (DECISION_KINDS), last slot: "
        "other")
    add("decision.num_options", 1, max_actions, "number of options (own decision only, else 0)")
    add("decision.clearing", 1, N_CLEARINGS, "the decision's clearing (`args.clearing`: a battle, a revolt, "
        "Field Hospitals, an Exposure …), own decision only, 0 = none")
    add("decision.count", 1, 25, "the decision's number, first of `args." + "`, `".join(_DECISION_COUNTS) +
        "` (hits to take, cards to discard, wood to pay, actions left …), own decision only")
    add("decision.stage", len(STAGES) + 1, 1, f"one-hot: `args.stage` ({', '.join(STAGES)}), last slot: other; "
        "own decision only")
    add("decision.column", len(COLUMNS), 1, "one-hot: `args.column`, the Decree column being resolved, own "
        "decision only")
    add("decision.target", len(FACTIONS), 1, "one-hot: `args.target`, the faction aided, own decision only")
    card = len(CARD_KEYS)
    highs = (len(ACTIONS) + 1, BURROW, BURROW, 25, card, len(VALUES) + 1, len(_OTHER), len(ITEMS),
             2 * len(ITEM_STATES) + 1, len(ITEMS), 4, 4, 4, BURROW, card, card, card, 1, len(VALUES) + 1,
             len(PATHS), len(PATHS))
    assert len(highs) == len(OPTION_FEATURES) == len(OPTION_DOCS)
    for i in range(max_actions):
        add(f"option[{i}]", len(OPTION_FEATURES), max(highs), "the i-th option of the own decision (zeros past "
            "the last option and when the decision is not the observer's), see above", highs)
    return groups


#: decision arguments read for ``decision.count``, first present wins
_DECISION_COUNTS = ("count", "need", "left", "actions", "actions_left")


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
    def encode(self, view: dict[str, Any], clip: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """(observation, action mask) of ``view``; ``clip=False`` leaves values above their bound as they are
        (tests check the bounds with it)."""
        if view.get("game") != "root":
            raise ValueError("not a Root view")
        v = np.zeros(self.size, dtype=np.float32)
        at = self.at
        w = Writer(v, at)
        me = view["seat"]
        fi = _FI

        w.one("me", fi.get(me))
        w.one("map", _MAP.get(view.get("map")))
        ferry = view.get("ferry")
        if ferry and 1 <= ferry["clearing"] <= N_CLEARINGS:
            w.one("ferry", ferry["clearing"] - 1)
            w.set("ferry_used", 1 if ferry["used"] else 0)
        for lm in view.get("landmarks") or ():
            c = lm.get("clearing")
            if lm.get("landmark") in _LANDMARK and isinstance(c, int) and 1 <= c <= N_CLEARINGS:
                w.one("landmarks", _LANDMARK[lm["landmark"]] * N_CLEARINGS + c - 1)
        w.one("phase", _PHASE.get(view["phase"]))
        w.set("turn_no", view["turn_no"])
        w.one("turn_of", fi.get(view["turn"]))
        w.set("deck_count", view["deck_count"])
        w.counts("discard", view["discard"], CARD)
        w.counts("available_dominance", (k.split(":")[0] for k in view["available_dominance"]), _CARD_SUIT)
        w.per_key("item_supply", view["item_supply"], ITEMS)
        quests = view.get("quests") or {}
        w.counts("quests.face_up", quests.get("face_up", ()), QUEST)
        w.set("quests.deck_count", quests.get("deck_count", 0))
        players = view["players"]
        if me in players:
            w.counts("hand", players[me]["hand"] or (), CARD)

        for cl in view["clearings"]:
            p = f"clearing[{cl['id']}]"
            if p + ".suit" not in at:
                raise ValueError(f"map with more than {N_CLEARINGS} clearings")
            w.one(p + ".suit", SUIT[cl["suit"]])
            w.set(p + ".slots", cl["slots"])
            for a in cl.get("adjacent", ()):
                if 1 <= a <= N_CLEARINGS:
                    w.one(p + ".adjacent", a - 1)
            for f, n in cl["warriors"].items():
                if f in fi:
                    w.add(p + ".warriors", fi[f], n)
                else:
                    w.add(p + ".hireling_warriors", _HIRED.get(f), n)
            w.counts(p + ".pawns", cl.get("pawns", ()), _PAWN)
            w.counts(p + ".buildings", cl["buildings"], BUILDING)
            w.counts(p + ".tokens", cl["tokens"], TOKEN)
            r = cl["ruler"]
            w.one(p + ".ruler", len(FACTIONS) if r is None else fi.get(r, len(FACTIONS) + 1))
        for ruin in view.get("ruins") or ():
            p = f"clearing[{ruin['clearing']}]"
            if p + ".ruin_items" in at:
                w.set(p + ".ruin_items", ruin["items"])
                w.counts(p + ".ruin_known", ruin.get("known") or (), ITEM)  # None unless this Vagabond looked

        seats = view["seats"]
        for f, pl in players.items():
            if f not in fi:
                continue
            p = f"faction[{f}]"
            w.set(p + ".in_game", 1)
            seat = seats.index(f)
            w.one(p + ".seat", seat if seat < MAX_SEATS else None)
            w.set(p + ".vp", pl["vp"])
            w.set(p + ".hand_count", pl["hand_count"])
            if pl.get("dominance"):
                w.one(p + ".dominance", _CARD_SUIT[pl["dominance"].split(":")[0]])
            w.counts(p + ".crafted", pl["crafted"], CARD)
            w.counts(p + ".items", pl["items"], ITEM)
            w.counts(p + ".items_exhausted", pl.get("exhausted_items", ()), ITEM)
            for owner, n in (pl.get("coffin") or {}).items():
                w.add("coffin", fi.get(owner), n)
            board = pl.get("board") or {}
            w.set(p + ".warrior_supply", board.get("warrior_supply"))
            spec = BOARDS[f]
            spec.encode(w, spec.prefix, board, pl)
        for key, part in EXTRAS.items():
            part.encode(w, part.prefix, view.get(key) or {}, view)

        mask = np.zeros(self.max_actions, dtype=np.int8)
        d = view.get("decision")
        if d is not None:
            w.one("decision.player", fi.get(d["player"]))
            w.one("decision.kind", _KIND.get(d["kind"], len(DECISION_KINDS)))
            opts = d.get("options")
            if d["player"] == me and opts is not None:
                n = len(opts)
                if n > self.max_actions:
                    raise ActionSpaceOverflow(
                        f"decision {d['kind']!r} of {me} has {n} options but the action space holds "
                        f"{self.max_actions} (MAX_ACTIONS); build the environment with a larger max_actions")
                w.set("decision.mine", 1)
                w.set("decision.num_options", n)
                self._decision_args(w, d.get("args") or {})
                mask[:n] = 1
                for i, o in enumerate(opts):
                    self._option(v, at[f"option[{i}]"], o)
        if clip:
            np.clip(v, 0, self.high, out=v)
        return v, mask

    @staticmethod
    def _decision_args(w: Writer, a: dict[str, Any]) -> None:
        if isinstance(a.get("clearing"), int):
            w.set("decision.clearing", a["clearing"])
        for k in _DECISION_COUNTS:
            if isinstance(a.get(k), int):
                # an Alliance that lost officers with a base in its own Evening has a negative "left" (8.2.5): 0
                w.set("decision.count", max(0, a[k]))
                break
        if isinstance(a.get("stage"), str):
            w.one("decision.stage", _STAGE.get(a["stage"], len(STAGES)))
        w.one("decision.column", _COLUMN.get(a.get("column")))
        w.one("decision.target", _FI.get(a.get("target")))

    @staticmethod
    def _option(v: np.ndarray, base: int, o: dict[str, Any]) -> None:
        a = o.get("args") or {}
        v[base] = _ACTION.get(o["action"], len(ACTIONS)) + 1
        c = a.get("clearing", a.get("from", a.get("a")))
        c = location_index(c)
        if c is not None:
            v[base + 1] = c
        to = location_index(a["to"]) if "to" in a else None
        if to is None and "forest" in a:  # the Vagabond's setup forest (a number), a Keepers' forest ("F3")
            to = location_index(f"F{a['forest']}" if isinstance(a["forest"], int) else a["forest"])
        if to is not None:
            v[base + 2] = to
        for k in COUNT_ARGS:
            val = a.get(k)
            if isinstance(val, list):
                val = len(val)
            if isinstance(val, int) and not isinstance(val, bool):
                v[base + 3] = val
                break
        cards = a.get("cards") if isinstance(a.get("cards"), list) else ()
        card = a.get("card")
        if card is None and cards:
            card = cards[0]
        if isinstance(card, str) and card in CARD:
            v[base + 4] = CARD[card] + 1
        for j, key in enumerate(cards[1:4]):
            if key in CARD:
                v[base + 14 + j] = CARD[key] + 1
        minister, mayor = _minister_tag(o.get("id", ""))
        for k in VALUE_ARGS:
            val = a.get(k)
            if isinstance(val, str):
                i = _VALUE.get(val)
                if i is None:
                    i = _VALUE.get(val.split(":")[0], len(VALUES))
                v[base + 5] = i + 1
                break
        else:
            if minister is not None:
                v[base + 5] = _VALUE[minister] + 1
        for k in FACTION_ARGS:
            if a.get(k) in _OTHER:
                v[base + 6] = _OTHER[a[k]]
                break
        item, state = item_code(a.get("item", a.get("stand_in")))
        if item is not None:
            v[base + 7] = item + 1
            v[base + 8] = ITEM_STATE_CODES["e"] if a.get("exhausted") and not state else state
        replaced, _ = item_code(a.get("replaced"))
        if replaced is not None:
            v[base + 9] = replaced + 1
        pieces = a.get("pieces")
        if isinstance(pieces, list):
            for piece in pieces:
                if piece in SUIT:
                    v[base + 10 + SUIT[piece]] += 1
        second = a.get("b", a.get("second", a.get("from") if "clearing" in a else None))
        second = location_index(second)
        if second is not None:
            v[base + 13] = second
        if a.get("mayor") is True or a.get("warlord") is True or a.get("fresh") is True or mayor:
            v[base + 17] = 1
        val = a.get("retinue_from")
        if isinstance(val, str):
            v[base + 18] = _VALUE.get(val, len(VALUES)) + 1
        if "path" in a and a["path"] in PATH_INDEX:
            v[base + 19] = PATH_INDEX[a["path"]] + 1
        if isinstance(a.get("from"), str) and a["from"] in PATH_INDEX:
            v[base + 20] = PATH_INDEX[a["from"]] + 1


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
