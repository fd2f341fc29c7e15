"""Heuristic Vagabond (Law chapter 9): explore, quest, aid, and strike only where it is safe.

* **Explore** ruins (9.5.3) for items and a point while there are any; **quest** (9.5.5) whenever the
  items are ready, scoring points once the suit has paid twice, otherwise drawing cards.
* **Aid** (9.5.4) factions that are not Hostile, preferring Allied ones (2 VP each) and those whose
  crafted items are worth taking; never at the cost of the last card when the hand is small.
* **Strike** (9.5.6) buildings and tokens (a point each) and warriors only of Hostile factions; **battle**
  (9.5.2) defenseless pieces or Hostile factions (Infamy, 9.2.9.III.a), never turning a friend Hostile for
  little.
* **Move** (9.5.1, 9.4.2) toward ruins, quests and aid targets, away from Hostile warriors; rest in a
  forest (9.6.1) when items are damaged; **repair** (9.5.7) the most useful damaged item.
* Items: boots, swords and torches are kept ready and undamaged first; bags go first.
"""

from __future__ import annotations

from ...engine import Decision, Option
from ...games.root.content import quests
from ...games.root.factions import vagabond as vb
from ...games.root.state import RootState
from .common import PIECE_WORTH, Scores, battle_ev, card_value, craft_value, faction_scorer, key_value, with_extras

KEY = "vagabond"
ITEM_WORTH = {"torch": 1.3, "sword": 1.2, "boot": 1.1, "tea": 0.9, "coin": 0.9, "crossbow": 0.8, "hammer": 0.7,
              "bag": 0.5}
CHARACTER_ORDER = ("thief", "ranger", "tinker", "arbiter", "ronin", "scoundrel", "adventurer", "vagrant", "harrier")


def item_worth(kind: str) -> float:
    """``kind`` is an item name, optionally with its state (``"sword:e"``)."""
    name, _, state = kind.partition(":")
    w = ITEM_WORTH.get(vb.base(name), 0.6)
    return w - (0.2 if state in ("e", "x") else 0.0)


def damaged(st: RootState, seat: str) -> int:
    return sum(1 for e in vb.items(st, seat) if vb.split(e)[1] in "dx")


def hostile(st: RootState, seat: str, other: str) -> bool:
    return vb.relation(st, seat, other) == vb.HOSTILE


def location_value(st: RootState, seat: str, w: int) -> float:
    """What being at location ``w`` (a clearing, or a forest when ``w`` >= the clearings) offers next."""
    n = st.map.n
    if w >= n:
        return 0.2 + 0.6 * damaged(st, seat)  # 9.6.1 An Evening's Rest repairs everything
    v = 0.0
    # only what the seat may know: a ruin stands there (its face-down items are hidden, 9.3.4)
    if vb.count(st, seat, "torch", "re") and "ruin" in st.buildings[w]:
        v += 2.5
    for q in st.quests_up:
        quest = quests()[q]
        if st.suit_matches(w, quest.suit):  # Appendix F: the Lost City, any suit
            a, b = quest.items
            need = {a: 1 + (a == b)} if a == b else {a: 1, b: 1}
            if all(vb.count(st, seat, k, "re") >= m for k, m in need.items()):
                v += 1.5
    if st.clearing_cards(seat, w):
        targets = [t for t in vb.aid_targets(st, seat, w) if not hostile(st, seat, t)]
        v += 0.5 * min(2, len(targets))
    if vb.hostile_warriors_in(st, seat, w):
        v -= 1.5
    if vb.swords(st, seat):
        for e in st.enemies(seat):
            w_, bs, ts = st.pieces_of(w, e)
            if (bs or ts) and not w_:
                v += 0.8
    return v


def move_value(st: RootState, seat: str, dest: int, boots: int = 0) -> float:
    return location_value(st, seat, dest) - location_value(st, seat, vb.where(st, seat)) - 0.3 * boots - 0.1


def _quest_vp(st: RootState, seat: str, key: str) -> int:
    suit = key.split(":")[0]
    return 1 + sum(1 for q in st.fdata[seat].get("quests_done", []) if quests()[q].suit == suit)


def aid_gain(st: RootState, seat: str, target: str, key: str) -> float:
    """9.5.4 with 9.2.9: 2 VP for aiding an Allied faction; otherwise progress toward the next
    relationship space, worth its VP when this aid completes the turn's count (9.2.9.I.a–b)."""
    rel = vb.relation(st, seat, target)
    if rel == vb.HOSTILE or target in vb.SEATS:
        return -1.0
    if rel == vb.ALLIED:
        gain = 2.0
    else:
        done = st.turn.get(f"aid_{seat}_{st.faction_of(target)}", 0)
        need = vb.AID_COST[rel] - done
        c = vb.clearing_of(st, seat)
        cards = len(st.clearing_cards(seat, c)) if c is not None else 0
        if need <= 1:
            gain = vb.REL_VP[rel + 1] + 0.5
        elif cards >= need and len(vb.ready_kinds(st, seat)) >= need:
            gain = 0.9  # this turn can still finish the step
        else:
            gain = -0.2  # the aid would be wasted when the turn ends (9.2.9.I.a)
    if st.crafted_items.get(target):
        gain += 0.4
    return gain - 0.6 * key_value(st, seat, key) - 0.2


def daylight(st: RootState, seat: str, d: Decision) -> Scores:
    hand = len(st.hands[seat])

    def score(o: Option) -> float:
        a = o.action
        if a == "explore":
            return 3.0
        if a == "quest":
            return 2.5 + 0.4 * _quest_vp(st, seat, o.args["quest"]) - (0.8 if o.args.get("improvise") else 0.0)
        if a == "aid":
            return aid_gain(st, seat, o.args["target"], o.args["card"]) - (0.5 if hand <= 1 else 0.0)
        if a == "strike":
            t, piece = o.args["target"], o.args["piece"]
            if piece == "warrior":
                return 0.4 if hostile(st, seat, t) else -1.5
            return 1.0 + PIECE_WORTH.get(piece, 1.0)
        if a == "battle":
            c, t = o.args["clearing"] - 1, o.args["defender"]
            ev = battle_ev(st, seat, c, t)
            if not hostile(st, seat, t) and st.warriors[c].get(t, 0):
                ev -= 1.5  # removing their warriors makes them Hostile (9.2.9.III)
            elif hostile(st, seat, t):
                ev += 0.5  # Infamy (9.2.9.III.a)
            return ev
        if a == "move":
            return move_value(st, seat, o.args["dest"], o.args.get("boots", 1))
        if a == "craft":
            return craft_value(st, seat, o.args["card"]) + 0.4 - 0.5 * key_value(st, seat, o.args["card"])
        if a == "repair":
            return 0.3 + item_worth(o.args["item"])
        if a == "steal":
            return 1.0
        if a == "day_labor":
            return 0.8
        if a == "hideout":
            return 0.4 * damaged(st, seat) - 0.5
        if a == "instigate":
            return 0.3
        if a == "scorched_earth":
            return -1.0
        if a == "glide":
            return move_value(st, seat, o.args["dest"], 1)
        return 0.0  # end daylight

    return with_extras(st, seat, d, score)


def slip(st: RootState, seat: str, d: Decision) -> Scores:
    return [move_value(st, seat, o.args["dest"]) - (0.2 if o.args.get("ally") else 0.0) if o.action == "slip" else 0.0
            for o in d.options]


def character(st: RootState, seat: str, d: Decision) -> Scores:
    order = {name: i for i, name in enumerate(CHARACTER_ORDER)}
    return [-float(order.get(o.args["character"], len(order))) for o in d.options]


def forest(st: RootState, seat: str, d: Decision) -> Scores:
    """9.3.2: start next to ruins."""
    out = []
    for o in d.options:
        near = st.map.forests[o.args["forest"] - 1]
        out.append(sum(1 for c in near if "ruin" in st.buildings[c]) + 0.1 * len(near))
    return out


def take_item(st: RootState, seat: str, d: Decision) -> Scores:
    """Explore (9.5.3) and Aid (9.5.4): take the most useful item, unless the Satchel is full and it is
    worth less than what would have to go (9.6.4); exhaust the least useful item to aid."""
    full = vb.satchel_size(st, seat) >= vb.item_limit(st, seat)
    worst = min((item_worth(e) for e in vb.entry_kinds(st, seat, "rdex")), default=0.0)
    out = []
    for o in d.options:
        if o.action == "take":
            w = item_worth(o.args["item"])
            out.append(w - worst - 0.1 if full else w)
        elif o.action == "exhaust":
            out.append(-item_worth(o.args["item"]))
        else:
            out.append(0.0)
    return out


def quest_reward(st: RootState, seat: str, d: Decision) -> Scores:
    """9.5.5: points once the suit pays two or more, otherwise two cards."""
    return [float(o.args["vp"]) if o.action == "score" else 1.6 for o in d.options]


def refresh(st: RootState, seat: str, d: Decision) -> Scores:
    return [item_worth(o.args["item"]) for o in d.options]


def lose_item(st: RootState, seat: str, d: Decision) -> Scores:
    """Damage (9.2.7), hits and item capacity (9.6.4): give up the least useful item; an ally's warrior
    rather than an item when treating its warriors as our own (9.2.9.II.d)."""
    out = []
    for o in d.options:
        if o.action in ("damage", "remove_item"):
            out.append(-item_worth(o.args["item"]))
        elif o.action == "ally_warrior":
            out.append(-0.8)
        else:
            out.append(0.0)
    return out


def battle_ally(st: RootState, seat: str, d: Decision) -> Scores:
    return [0.5 if o.action == "with_ally" else 0.0 for o in d.options]


scores = faction_scorer({
    "vagabond.setup.character": character,
    "vagabond.setup.forest": forest,
    "vagabond.slip": slip,
    "vagabond.daylight": daylight,
    "vagabond.explore": take_item,
    "vagabond.aid": take_item,
    "vagabond.quest_reward": quest_reward,
    "vagabond.refresh": refresh,
    "vagabond.damage": lose_item,
    "vagabond.hits": lose_item,
    "vagabond.capacity": lose_item,
    "vagabond.repair": refresh,
    "vagabond.battle_ally": battle_ally,
}, card_value)
