"""The heuristics' view of the Exiles and Partisans deck (Law A.2; the effects are in games/root/exiles.py):
what each of its improvements is worth crafting, for which faction, and scores for the decisions and the
Birdsong/Daylight options its cards bring. ``common`` merges these tables in (``IMPROVEMENT_WORTH``,
``WORTH_FOR``, ``EXTRA_SCORES``, ``COMMON``), so every faction's heuristic uses them.

Like ``common``, everything here reads only what the deciding seat may know.
"""

from __future__ import annotations

from ...engine import Decision, Option
from ...games.root.state import VAGABONDS, WARRIORS, RootState
from .common import (
    IMPROVEMENT_WORTH as _STANDARD_WORTH,
)
from .common import (
    Board,
    Scores,
    battle_ev,
    card_value,
    current_battle,
    discard_scores,
    key_value,
    move_args,
    move_score,
    warriors,
)

#: improvements of the deck worth crafting, by effect (rough VP equivalents, as ``common.IMPROVEMENT_WORTH``)
IMPROVEMENT_WORTH = {
    "saboteurs": 0.7, "soup_kitchens": 1.2, "boat_builders": 0.5, "corvid_planners": 0.6, "eyrie_emigre": 0.4,
    "informants": 0.8, "fox_partisans": 0.5, "rabbit_partisans": 0.5, "mouse_partisans": 0.5,
    "propaganda_bureau": 1.2, "false_orders": 0.6, "tunnels": 0.4, "charm_offensive": 0.6, "coffin_makers": 1.0,
    "swap_meet": 0.6, "league_of_adventurous_mice": 0.8, "murine_broker": 0.8, "master_engravers": 1.0,
}
#: factions whose pieces include tokens (Soup Kitchens counts them toward rule)
TOKEN_FACTIONS = frozenset({"marquise", "alliance", "riverfolk", "corvid", "duchy"})


def worth_for(st: RootState, seat: str, effect: str) -> float | None:
    """What an improvement is worth to ``seat`` in particular, where the faction changes it; None otherwise."""
    faction = st.faction_of(seat)
    if faction == "vagabond" and effect in ("league_of_adventurous_mice", "tunnels", "soup_kitchens",
                                            "corvid_planners", "coffin_makers"):
        return 0.0  # 9.2.5: no Crafted Items box; no crafting pieces or tokens on the map; 9.2.3 no rule needed
    if effect == "soup_kitchens" and faction not in TOKEN_FACTIONS:
        return 0.0
    if effect == "tunnels" and faction == "riverfolk":
        return 0.0  # 11.2.1: the Riverfolk's crafting pieces are on their board
    if effect == "corvid_planners" and faction == "corvid":
        return 0.0  # 13.2.3 Nimble already
    if effect == "league_of_adventurous_mice" and not st.crafted_items.get(seat):
        return 0.3
    if effect == "eyrie_emigre" and faction not in WARRIORS:
        return 0.0
    return None


# -- Birdsong and Daylight options (common.extra_score) ----------------------------------------------
def _false_orders(st: RootState, seat: str, opt: Option) -> float:
    """Pull an enemy off a clearing where we have pieces, or out of one it rules for us to take."""
    a = st.loc_index(opt.args["from"])
    if a >= st.map.n:
        return -0.5
    mine = st.presence(a, seat)
    return (0.3 * opt.args["count"] if mine else -0.4) + (0.4 if st.ruler(a) == opt.args["target"] and mine else 0.0)


def _propaganda(st: RootState, seat: str, opt: Option) -> float:
    c = opt.args["clearing"] - 1
    flips = st.ruler(c) != seat and st.presence(c, seat) + 1 >= st.presence(c, opt.args["target"]) - 1
    return 0.8 + (1.0 if flips else 0.0) - key_value(st, seat, opt.args["card"])


def _league_move(st: RootState, seat: str, opt: Option) -> float:
    a, b, k = move_args(opt, st.map.n)
    return move_score(Board(st, seat), a, b, k) - 0.1


def _league_battle(st: RootState, seat: str, opt: Option) -> float:
    return battle_ev(st, seat, opt.args["clearing"] - 1, opt.args["defender"]) - 0.3


EXTRA_SCORES = {
    "false_orders": _false_orders,
    "swap_meet": lambda st, seat, opt: 0.3,  # a random card for one of ours
    "propaganda_bureau": _propaganda,
    "league_move": _league_move,
    "league_battle": _league_battle,
}


# -- decisions -------------------------------------------------------------------------------------------
def _saboteurs(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    for o in d.options:
        if o.action != "saboteurs":
            out.append(0.0)
            continue
        cid = st.find_in(st.crafted[o.args["target"]], o.args["card"])
        effect = (st.card(cid).effect or "") if cid is not None else ""
        worth = IMPROVEMENT_WORTH.get(effect, _STANDARD_WORTH.get(effect, 0.5))
        out.append(worth - IMPROVEMENT_WORTH["saboteurs"])
    return out


def _swap_meet_give(st: RootState, seat: str, d: Decision) -> Scores:
    """Give the card worth least to us (the same scoring as a discard)."""
    return discard_scores(st, seat, d, card_value)


def _eyrie_emigre(st: RootState, seat: str, d: Decision) -> Scores:
    board = Board(st, seat)
    out = []
    for o in d.options:
        if o.action == "battle":
            out.append(battle_ev(st, seat, o.args["clearing"] - 1, o.args["defender"]))
        elif o.action == "move" and "from" in o.args:
            a, b, k = move_args(o, st.map.n)
            # a move into an enemy keeps the card (a battle follows); elsewhere it is discarded
            out.append(move_score(board, a, b, k) + (0.5 if board.targets[b] else -0.4))
        elif o.action == "move" and seat in VAGABONDS:
            b = int(o.args["dest"])
            out.append(0.3 if b < st.map.n and board.targets[b] else 0.0)
        else:
            out.append(0.0)
    return out


def _charm_offensive(st: RootState, seat: str, d: Decision) -> Scores:
    top = max(st.vp.values())
    return [0.7 - (0.5 if st.vp[o.args["target"]] >= top else 0.0) - 0.01 * st.vp[o.args["target"]]
            if o.action == "charm_offensive" else 0.0 for o in d.options]


def _informants(st: RootState, seat: str, d: Decision) -> Scores:
    fr = st.stack[-1]
    draws = 1 + int(fr.get("bonus", 0))
    out = []
    for o in d.options:
        if o.action == "informants":
            out.append(1.6 + (0.3 if o.args["card"].startswith("bird:") else 0.0))
        else:
            out.append(1.0 * draws)
    return out


def battle_effects(common_effects):
    """The shared battle-effects scorer, with the Partisans: an extra hit for the cards of other suits."""

    def scores(st: RootState, seat: str, d: Decision) -> Scores:
        out = common_effects(st, seat, d)
        bf = current_battle(st)
        for i, o in enumerate(d.options):
            if o.action.endswith("_partisans") and bf is not None:
                suit = o.action.split("_")[0]
                lost = sum(card_value(st, seat, c) for c in st.hands[seat] if st.card(c).suit != suit)
                other = bf["dfn"] if seat == bf["att"] else bf["att"]
                useful = warriors(st, bf["c"], other) > 0 or any(st.pieces_of(bf["c"], other)[1:])
                out[i] = (1.0 if useful else 0.2) - 0.6 * lost
        return out

    return scores


def _league(st: RootState, seat: str, d: Decision) -> Scores:
    """Which face-up item kind in the Crafted Items box League of Adventurous Mice exhausts. Every face-up item
    serves League once, whichever goes first; what differs is what an enemy Vagabond's Aid (9.5.4) takes away.
    He takes the kind he wants, face up whatever its side, so exhaust the kinds he values most: taking one, he
    then takes an item that had already served, and the face-up ones left still can. With no Vagabond in the game,
    exhaust the kind with the most copies face up."""
    from .vagabond import item_worth

    box = st.crafted_items.get(seat, [])
    tired = st.crafted_exhausted.get(seat, [])
    vagabond = any(e in VAGABONDS for e in st.enemies(seat))
    out = []
    for o in d.options:
        kind = o.args["item"]
        up = box.count(kind) - tired.count(kind)
        out.append(0.1 * up + (item_worth(kind) if vagabond else 0.0))
    return out


#: 1.1.3: the deck's start-of-phase effects, merged into ``common.START_FIRST`` (Cobbler's move before Charm
#: Offensive's draw, see there; Saboteurs and Coffin Makers change nothing the others do)
START_FIRST = {"evening": {"charm_offensive": 0.05}}


DECISIONS = {
    "card.league": _league,
    "card.saboteurs": _saboteurs,
    "card.swap_meet": _swap_meet_give,
    "card.eyrie_emigre": _eyrie_emigre,
    "card.charm_offensive": _charm_offensive,
    "card.informants": _informants,
}
