"""What both Ironwood heuristics share: reading the board, the worth of cards kept in hand, a fight's expected
result, and the scores of decisions either faction meets (the first draw, the hand limit, crystals and cards,
Spend, Burn, Resolve, an extra card, placing a card in a fight, wounds).

Everything here reads only what the deciding seat may know: the board, the tracks, its own hand and frames, the
other side's base cards in hand and hand size (public, see ``IronwoodState.view``). Scores are rough shares of a
victory step (a secured totem, an outer forge = about 10).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any

from ...engine import Decision
from ...games.ironwood.state import IC, WW, IronwoodState, other

Scores = list[float]
#: (damage, defense, dominance) the other side is assumed to place in a fight when it holds cards
FOE_CARD = (1, 1, 2)
#: action turns per round (Faza Akcji: 3 cards each)
ACTIONS = 3

EffectValue = Callable[[IronwoodState, dict[str, Any], list[dict[str, Any]]], float]


#: the last state the scorers read: (weak reference, options applied, its table of values) — see :func:`memo`
_MEMO: list[Any] = [None, -1, {}]


def memo(st: IronwoodState) -> dict[str, Any]:
    """A table of values worked out for ``st`` as it stands now (the best attack, the wants …), shared by the scores
    of one decision: a turn values every card in hand and each asks the same questions. It is dropped when another
    state is read or an option is applied (``st.applied`` changes); only a weak reference is kept."""
    ref, applied, table = _MEMO
    if ref is None or ref() is not st or applied != st.applied:
        table = {}
        _MEMO[:] = [weakref.ref(st), st.applied, table]
    return table


def cached(st: IronwoodState, key: str, fn: Callable[[IronwoodState], Any]) -> Any:
    table = memo(st)
    if key not in table:
        table[key] = fn(st)
    return table[key]


def frame(st: IronwoodState) -> dict[str, Any]:
    """The frame of the decision being made (the deciding seat's own effect, turn or fight step)."""
    return st.stack[-1]


def battle(st: IronwoodState) -> dict[str, Any] | None:
    """The public part of the fight in progress: attacker, its location and the defender's (never the cards)."""
    fr = st._battle_frame()
    if fr is None:
        return None
    return {"att": fr["att"], "a": fr["a"], "d": fr["d"]}


def concave(want: float, n: float, rate: float = 0.65) -> float:
    """What ``n`` units on a location wanted ``want`` are worth: the first counts most (diminishing returns)."""
    return want * (1.0 - rate ** max(0.0, n))


def forest_distance(st: IronwoodState) -> list[int]:
    """Steps along paths from each forest to the nearest outer forest (mountains: a large number): how far a
    totem has to be carried to be secured ("Zabezpieczanie Totemów")."""
    b = st.board
    far = 99
    dist = [far] * len(b.ids)
    todo = [i for i in b.forests() if b.rings[i] == "outer"]
    for i in todo:
        dist[i] = 0
    while todo:
        nxt = []
        for i in todo:
            for j in b.adj[i]:
                if dist[j] == far:
                    dist[j] = dist[i] + 1
                    nxt.append(j)
        todo = nxt
    return dist


def turns_left(st: IronwoodState, seat: str) -> int:
    return max(0, ACTIONS - len(st.slots[seat])) if st.phase == "actions" else ACTIONS


def keep_value(st: IronwoodState, seat: str, cid: str) -> float:
    """What keeping a card in hand is worth: a base card comes back every round and is worth its action while
    turns are left; a special card is an action later or a card for a fight."""
    card = st.card(cid)
    if card.base:
        return 2.0 if turns_left(st, seat) else 0.2
    return 1.0 + 0.15 * (card.damage + card.defense + card.dominance)


def fight_result(st: IronwoodState, seat: str, card: tuple[int, int, int], mine: int, theirs: int,
                 attacking: bool, foe_has_cards: bool) -> tuple[bool, int, int]:
    """(won, units we lose, units they lose) of a fight at locations ``mine`` / ``theirs`` if we place a card
    with ``card`` = (damage, defense, dominance) and the other side one like :data:`FOE_CARD` (II–IV of
    "Rozpatrzenie Walki": golems and a forge add damage to the Ironclad; the attacker wins a tie)."""
    foe = other(seat)
    fd, ff, fm = FOE_CARD if foe_has_cards else (0, 0, 0)
    our_bonus = st.fight_bonus(seat)
    foe_bonus = st.fight_bonus(foe)
    dmg = card[0] + our_bonus[0]
    foe_dmg = fd + foe_bonus[0]
    if seat == IC:
        dmg += st.golems[mine] + (1 if st.has_forge(mine) else 0)
    else:
        foe_dmg += st.golems[theirs] + (1 if st.has_forge(theirs) else 0)
    ours, foes = st.combat_units(seat, mine), st.combat_units(foe, theirs)
    they_lose = min(foes, max(0, dmg - ff - foe_bonus[1]))
    we_lose = min(ours, max(0, foe_dmg - card[1] - our_bonus[1]))
    left, foe_left = ours - we_lose, foes - they_lose
    if left == 0 and foe_left == 0:
        return False, we_lose, they_lose
    if left == 0 or foe_left == 0:
        return left > 0, we_lose, they_lose
    dom = left + card[2] + our_bonus[2]
    foe_dom = foe_left + fm + foe_bonus[2]
    won = dom >= foe_dom if attacking else dom > foe_dom
    return won, we_lose, they_lose


def attack_edge(st: IronwoodState, seat: str, a: int, d: int) -> tuple[bool, int, int]:
    """The expected result of attacking from ``a`` into ``d`` with the best fighting card in hand."""
    cards = [(0, 0, 0), *dict.fromkeys((c.damage, c.defense, c.dominance) for c in map(st.card, st.hand[seat]))]
    foe_cards = len(st.hand[other(seat)]) > 0
    best = None
    for card in cards:
        res = fight_result(st, seat, card, a, d, True, foe_cards)
        key = (res[0], res[2] - res[1])
        if best is None or key > best[0]:
            best = (key, res)
    assert best is not None
    return best[1]


# -- scores of decisions both factions meet ------------------------------------------------------------
def first_draw(st: IronwoodState, seat: str, d: Decision) -> Scores:
    """I/2, round 1: draw 4 and keep the best 2; give back the cards least worth keeping."""
    return [(-keep_value(st, seat, o.args["card"]) if o.action == "return" else float(o.args["n"]))
            for o in d.options]


def hand_limit(st: IronwoodState, seat: str, d: Decision) -> Scores:
    return [-keep_value(st, seat, o.args["card"]) for o in d.options]


def amounts(d: Decision, worth: float = 1.0) -> Scores:
    """Gain / Take / Draw: the most, never skip."""
    return [worth * o.args["n"] if "n" in o.args else -0.5 for o in d.options]


def commit(st: IronwoodState, seat: str, d: Decision, stake: float) -> Scores:
    """I. Umieszczenie karty: the card that best trades the fight's result (``stake`` for a win, units lost on
    both sides) against what it is worth to keep; none when no card is worth it."""
    bf = battle(st)
    assert bf is not None
    attacking = bf["att"] == seat
    mine, theirs = (bf["a"], bf["d"]) if attacking else (bf["d"], bf["a"])
    foe_cards = len(st.hand[other(seat)]) > 0
    out = []
    for o in d.options:
        cid = o.args["card"]
        values = (0, 0, 0)
        cost = 0.0
        if cid:
            c = st.card(cid)
            values = (c.damage, c.defense, c.dominance)
            cost = keep_value(st, seat, cid)
        won, lost, killed = fight_result(st, seat, values, mine, theirs, attacking, foe_cards)
        out.append(stake * won + 1.2 * killed - 1.2 * lost - 0.6 * cost)
    return out


def wounds(st: IronwoodState, seat: str, d: Decision) -> Scores:
    """III. Zadawanie Obrażeń: the dealer removes what the other side misses most — golems before warriors."""
    return [o.args["warriors"] + 2.5 * o.args["golems"] for o in d.options]


def effects_value(st: IronwoodState, value: EffectValue, effs: list[dict[str, Any]]) -> float:
    """The worth of resolving ``effs`` in order now (each effect valued knowing the ones before it)."""
    total = 0.0
    for i, eff in enumerate(effs):
        total += value(st, eff, effs[:i])
    return total


def resolve(st: IronwoodState, d: Decision, value: EffectValue) -> Scores:
    """Rozpatrz: the choices worth most first; ``done`` only when what is left is worth nothing."""
    effs = frame(st)["eff"]["choices"]
    return [effects_value(st, value, effs[o.args["index"]]) if o.action == "choose" else 0.05 for o in d.options]


def spend(st: IronwoodState, d: Decision, value: EffectValue, crystal: float = 0.35) -> Scores:
    """Wydaj: pay only when what it buys is worth more than the crystals."""
    then = frame(st)["eff"].get("then", ())
    return [effects_value(st, value, list(then)) - crystal * o.args["n"] if o.action == "spend" else 0.0
            for o in d.options]


def burn(st: IronwoodState, seat: str, d: Decision, value: EffectValue,
         vision_worth: Callable[[str], float] | None = None) -> Scores:
    """Spal: burn the cards least worth keeping, and only when the effect it pays for is worth more."""
    fr = frame(st)
    then = effects_value(st, value, list(fr["eff"].get("then", ()))) if not fr["picks"] else 0.0

    def cost(card: str) -> float:
        if card.startswith("vision:"):
            return vision_worth(card[7:]) if vision_worth else 1.0
        c = st.card(card)
        back = 0.4 * effects_value(st, value, list(c.on_burn)) if c.on_burn else 0.0
        return keep_value(st, seat, card) - back

    return [then - cost(o.args["card"]) if o.action == "burn" else 0.0 for o in d.options]


def extra(st: IronwoodState, seat: str, d: Decision, play_value: Callable[[IronwoodState, str], float]) -> Scores:
    return [play_value(st, o.args["card"]) if o.action == "play" else 0.0 for o in d.options]


def fight_bonus_value(eff: dict[str, Any]) -> float:
    """W tej rundzie / W każdej walce: a lasting bonus, worth more when it lasts."""
    v = 0.5 * (eff.get("damage", 0) + eff.get("defense", 0) + eff.get("dominance", 0))
    return 1.6 * v if eff.get("scope") == "every" else v


def loc_ids(st: IronwoodState) -> dict[str, int]:
    return st.board.index


__all__ = ["IC", "WW", "Scores", "amounts", "attack_edge", "battle", "burn", "commit", "concave", "effects_value",
           "extra", "fight_bonus_value", "fight_result", "first_draw", "forest_distance", "frame", "hand_limit",
           "keep_value", "resolve", "spend", "turns_left", "wounds"]
