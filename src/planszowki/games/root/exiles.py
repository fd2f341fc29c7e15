"""The Exiles and Partisans deck (Law A.2, Step 2: Choose Deck): the effects of its persistent cards.

Its item cards, ambushes and dominance cards are those of the standard deck, and so are the rules for
crafting them (4.1.1–4.1.4); what is new are its improvements (persistent effects, 4.1.3), which this module
writes down card by card, each with the card's text as printed (our own wording of the public card text):

* Saboteurs (bird ×3): at start of Birdsong, may discard this card to discard an enemy's crafted card.
* Soup Kitchens: your tokens count toward rule, each twice — :meth:`RootState.ruler`, ``presence``.
* Boat Builders: you treat rivers as paths — :meth:`RootState.adjacent`.
* Corvid Planners: while moving, you ignore rule — ``turn.move_options``, ``turn.may_move``.
* Eyrie Emigre: at the end of Birdsong, take a move, then battle in the clearing moved into; if you did not
  take both, discard this card. Mandatory (the Law, 4.1.3 in the Polish text: "Emigrant Orlich Gniazd ... jest
  obowiązkowy").
* Informants (fox ×2): in Evening, if you would draw cards, you may instead take an ambush from the discard.
* Fox / Rabbit / Mouse Partisans: in battle in a clearing of that suit, may deal an extra hit, then discard
  every card in your hand that is not of that suit.
* Propaganda Bureau: once in Daylight, spend a card to remove an enemy warrior from a matching clearing and
  place one of your warriors there.
* False Orders (fox ×2): in Birdsong, may discard this card to force an enemy to move half of its warriors
  (rounded up) from a clearing you choose to an adjacent clearing you choose, ignoring rule (errata text).
* Tunnels (rabbit ×2): you treat clearings with any of your crafting pieces as adjacent — ``adjacent``.
* Charm Offensive: at start of Evening, may draw a card and choose another player to score one point. With any
  other start-of-Evening effect, the player taking the turn picks the order (1.1.3, ``turn.START_OF``).
* Coffin Makers: warriors that would return to a supply go onto this card; at start of Birdsong, score a
  point per five warriors here, then return them all — :meth:`RootState.to_coffin`.
* Swap Meet (rabbit ×2): once in Birdsong, may take a random card from another player, then give them a card.
* League of Adventurous Mice (mouse ×2): once in Daylight, may exhaust an item in your Crafted Items box to
  take a move or initiate a battle. The Vagabond has no Crafted Items box (9.2.5: a Satchel and tracks), so he
  cannot use it. Nothing in the Law turns an item in a Crafted Items box face up again, so an exhausted one stays
  exhausted (``RootState.crafted_exhausted``: public, in saves, positions as ``"sword:e"`` and views): each item
  serves League once. It is still crafted, still in the box; the Vagabond may Aid and take it (9.5.4), face up,
  and chooses between a face-up and an exhausted one of the same kind (``vagabond.aid_take_options``). With face-up
  items of several kinds the player picks which to exhaust (``card.league``).
* Murine Broker: whenever another player crafts an item, draw a card.
* Master Engravers: whenever you craft an item, score one extra point (7.2.3, 14.2.1: even the Eyrie).

The shared rules ask this module through ``hooks.exiles`` and ``hooks.exiles_battle`` only when the game uses
the deck (``RootState.exiles``), so standard-deck games pay nothing for it; its start-of-phase effects (Saboteurs,
Coffin Makers, Charm Offensive) are entries of ``turn.START_OF``, ordered with the others by the player taking the
turn (1.1.3).
"""

from __future__ import annotations

from ...engine import Option, Step
from .hooks import Contribution
from .state import WARRIORS, RootState
from .turn import (
    R,
    battle_options,
    cobbler_moves,
    do_move,
    flush_removals,
    hand_limit,
    move_options,
    register,
    start_battle,
    take_card,
)

RULE = "A.2"
#: the three Partisans cards: effect -> the suit of the clearings they fight in
PARTISANS = {"fox_partisans": "fox", "rabbit_partisans": "rabbit", "mouse_partisans": "mouse"}


def _discard_crafted(st: RootState, seat: str, cid: int, why: str) -> None:
    """A crafted card leaves its play area for the discard pile (21.5). Warriors on Coffin Makers go back to
    their supplies with it."""
    st.crafted[seat].remove(cid)
    if st.card(cid).effect == "coffin_makers":
        _empty_coffin(st, seat)
    st.discard_card(cid)
    st.emit("discard_crafted", RULE, faction=seat, card=st.card(cid).key, why=why)


# -- at the start of Birdsong: Saboteurs, Coffin Makers ----------------------------------------------
def _saboteurs_targets(st: RootState, seat: str) -> list[tuple[str, int]]:
    return [(e, cid) for e in st.enemies(seat) for cid in st.distinct(st.crafted[e])]


def _saboteurs_applies(st: RootState, seat: str) -> bool:
    return st.exiles and st.has_crafted(seat, "saboteurs") and bool(_saboteurs_targets(st, seat))


def _start_saboteurs(st: RootState, seat: str) -> None:
    st.push("card.saboteurs", seat=seat)


@register
class Saboteurs(Step):
    """Saboteurs: "At start of Birdsong, may discard this card to discard an enemy's crafted card." (A.2)"""

    kind = "card.saboteurs"
    rule = R(RULE)

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = [Option(f"saboteurs {e} {st.card(cid).key}", "saboteurs", {"target": e, "card": st.card(cid).key},
                      R(RULE)) for e, cid in _saboteurs_targets(st, fr["seat"])]
        out.append(Option("skip", "skip", {}, R(RULE)))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action != "saboteurs":
            return
        seat, target = fr["seat"], opt.args["target"]
        own = st.crafted_card(seat, "saboteurs")
        victim = st.find_in(st.crafted[target], opt.args["card"])
        assert own is not None and victim is not None
        _discard_crafted(st, seat, own, "saboteurs")
        _discard_crafted(st, target, victim, "saboteurs")


def _coffin_applies(st: RootState, seat: str) -> bool:
    return st.exiles and st.has_crafted(seat, "coffin_makers") and bool(st.fdata[seat].get("coffin"))


def _empty_coffin(st: RootState, seat: str) -> list[str]:
    """The warriors on Coffin Makers return to their supplies; the Hundreds' warlord among them returns to their
    faction board as the warlord, not as an ordinary warrior (14.2.2, 14.4.3)."""
    held = st.fdata[seat].pop("coffin", [])
    lord_board = st.fdata.get("warlord")
    if lord_board is not None and "warlord" in held:
        lord_board.pop("on_coffin", None)
    return held


def _start_coffin(st: RootState, seat: str) -> None:
    """Coffin Makers: score one point per five warriors on the card, then return them all to their supplies."""
    held = _empty_coffin(st, seat)
    st.emit("coffin_return", RULE, faction=seat, count=len(held))
    st.score(seat, len(held) // 5, RULE, "coffin_makers")


_START_OF_BIRDSONG = {
    "saboteurs": (Option("saboteurs first", "saboteurs_first", {"effect": "saboteurs"}, R(RULE)), _saboteurs_applies,
                  _start_saboteurs),
    "coffin_makers": (Option("coffin makers first", "coffin_makers_first", {"effect": "coffin_makers"}, R(RULE)),
                      _coffin_applies, _start_coffin),
}


# -- in Birdsong: False Orders, Swap Meet ---------------------------------------------------------------
def birdsong_options(st: RootState, seat: str) -> list[Option]:
    out: list[Option] = []
    if st.has_crafted(seat, "false_orders"):
        out.extend(false_orders_options(st, seat))
    if st.has_crafted(seat, "swap_meet") and not st.turn.get("swap_meet"):
        for other in st.seats:
            if other != seat and st.hands[other]:
                out.append(Option(f"swap meet {other}", "swap_meet", {"target": other}, R(RULE)))
    return out


def false_orders_options(st: RootState, seat: str) -> list[Option]:
    """False Orders: an enemy with warriors (its faction warriors; the Vagabond has none) in a clearing it can
    move out of (13.7.2 Snare) to one adjacent for it (11.2.2 rivers, 12.2.2 the Burrow), not into the
    Scoundrel's torch (D.6.2). Rule does not matter."""
    out = []
    for e in st.enemies(seat):
        if e not in WARRIORS:
            continue
        for a in range(len(st.warriors)):
            n = st.warriors[a].get(e, 0)
            if not n or not st.can_move_from(a, e):
                continue
            k = min((n + 1) // 2, st.movable_warriors(a, e))  # 14.2.2: the warlord is not moved
            if not k:
                continue
            for b in st.adjacent(a, e):
                if b < st.map.n and "torch" in st.tokens[b]:
                    continue
                out.append(Option(f"false orders {e} {st.loc(a)}->{st.loc(b)}", "false_orders",
                                  {"target": e, "from": st.loc(a), "to": st.loc(b), "count": k}, R(RULE)))
    return out


def birdsong_apply(st: RootState, seat: str, opt: Option) -> bool:
    if opt.action == "false_orders":
        cid = st.crafted_card(seat, "false_orders")
        assert cid is not None
        _discard_crafted(st, seat, cid, "false_orders")
        target = opt.args["target"]
        st.emit("false_orders", RULE, faction=seat, target=target)
        st.move_warriors(st.loc_index(opt.args["from"]), st.loc_index(opt.args["to"]), target, opt.args["count"],
                         RULE)
        return True
    if opt.action == "swap_meet":
        st.turn["swap_meet"] = True
        target = opt.args["target"]
        st.emit("swap_meet", RULE, faction=seat, target=target)
        cid = st.take_random_card(seat, target, RULE)
        st.reveal("*" if target in st.hooks.public_hands else target, seat, cid)
        st.push("card.swap_meet", seat=seat, target=target)
        return True
    return False


@register
class SwapMeetGive(Step):
    """Swap Meet, second half: "... and then give them a card." Any card of the hand, the one just taken too."""

    kind = "card.swap_meet"
    rule = R(RULE)

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"give {st.card(c).key}", "swap_meet_give", {"card": st.card(c).key}, R(RULE))
                for c in st.distinct(st.hands[fr["seat"]])]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        seat, target = fr["seat"], fr["target"]
        cid = take_card(st, seat, opt.args["card"])
        st.hands[seat].remove(cid)
        st.hands[target].append(cid)
        st.emit("swap_meet_give", RULE, faction=seat, target=target)
        st.emit("card_given", RULE, (seat, target), faction=seat, target=target, card=opt.args["card"])
        st.reveal("*" if target in st.hooks.public_hands else seat, target, cid)


# -- at the end of Birdsong: Eyrie Emigre ---------------------------------------------------------------
def push_end_of_birdsong(st: RootState, seat: str) -> None:
    if st.has_crafted(seat, "eyrie_emigre"):
        st.push("card.eyrie_emigre", seat=seat, stage="move", c=-1)


@register
class EyrieEmigre(Step):
    """Eyrie Emigre: "At the end of Birdsong, take a move, then initiate a battle in the clearing you moved
    into. If you did not take both actions, discard this card." Mandatory (4.1.3); with no move, or no battle
    after it, the card is discarded."""

    kind = "card.eyrie_emigre"
    rule = R(RULE)
    forced_single = True

    def forced(self, st: RootState, fr: dict) -> bool:
        return True  # every option is a required step of a mandatory effect

    def options(self, st: RootState, fr: dict) -> list[Option]:
        seat = fr["seat"]
        if fr["stage"] == "move":
            opts = cobbler_moves(st, seat)  # fresh options: cite the card, not Cobbler
            for o in opts:
                o.rule = R(RULE)
        else:
            opts = battle_options(st, seat, RULE, [fr["c"]])
        return opts or [Option("discard eyrie emigre", "discard_emigre", {}, R(RULE))]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        seat = fr["seat"]
        if opt.action == "discard_emigre":
            st.pop(fr)
            cid = st.crafted_card(seat, "eyrie_emigre")
            assert cid is not None
            _discard_crafted(st, seat, cid, "eyrie_emigre")
        elif opt.action == "move":
            fr["stage"] = "battle"
            fr["c"] = int(opt.args["dest"]) if "dest" in opt.args else st.loc_index(opt.args["to"])
            hook = st.hooks.faction_hooks.get(st.faction_of(seat), {}).get("cobbler_move")
            if hook:
                hook(st, seat, opt)
            else:
                do_move(st, seat, opt, RULE)
        else:
            st.pop(fr)
            start_battle(st, seat, opt, RULE)


# -- at the start of Evening: Charm Offensive (with Cobbler, in the order the player picks, 1.1.3) --------
def _charm_offensive_applies(st: RootState, seat: str) -> bool:
    return st.exiles and st.has_crafted(seat, "charm_offensive")


def _start_charm_offensive(st: RootState, seat: str) -> None:
    st.push("card.charm_offensive", seat=seat)


_START_OF_EVENING = {
    "charm_offensive": (Option("charm offensive first", "charm_offensive_first", {"effect": "charm_offensive"},
                               R(RULE)), _charm_offensive_applies, _start_charm_offensive),
}


@register
class CharmOffensive(Step):
    """Charm Offensive: "At start of Evening, may draw a card and choose another player to score one point.\""""

    kind = "card.charm_offensive"
    rule = R(RULE)

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = [Option(f"charm offensive {o}", "charm_offensive", {"target": o}, R(RULE))
               for o in st.seats if o != fr["seat"]]
        out.append(Option("skip", "skip", {}, R(RULE)))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        if opt.action == "charm_offensive":
            st.emit("charm_offensive", RULE, faction=fr["seat"], target=opt.args["target"])
            st.draw(fr["seat"], 1, RULE)
            st.score(opt.args["target"], 1, RULE, "charm_offensive")


# -- the Evening draw: Informants -----------------------------------------------------------------------
def _discarded_ambushes(st: RootState) -> list[int]:
    cards = st.deck_info.cards
    return st.distinct([c for c in st.discard if cards[c].kind == "ambush"])


def evening_draw(st: RootState, seat: str, bonus: int, rule: str) -> bool:
    """Informants replaces the Evening draw when the player chooses; True if its question was pushed."""
    if st.has_crafted(seat, "informants") and _discarded_ambushes(st):
        st.push("card.informants", seat=seat, bonus=bonus, rule=rule)
        return True
    return False


@register
class Informants(Step):
    """Informants: "In Evening, if you would draw cards, you may instead take one ambush card from the discard
    pile." The discard pile is public (the Golden Rules), so the question is too."""

    kind = "card.informants"
    rule = R(RULE)

    def options(self, st: RootState, fr: dict) -> list[Option]:
        out = [Option(f"informants {st.card(c).key}", "informants", {"card": st.card(c).key}, R(RULE))
               for c in _discarded_ambushes(st)]
        out.append(Option("draw", "evening_draw", {}, R(fr["rule"])))
        return out

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        seat = fr["seat"]
        if opt.action == "informants":
            cid = st.find_in(st.discard, opt.args["card"])
            assert cid is not None
            st.discard.remove(cid)
            st.hands[seat].append(cid)
            st.reveal("*", seat, cid)
            st.emit("informants", RULE, faction=seat, card=opt.args["card"])
        else:
            st.draw(seat, 1 + fr["bonus"], fr["rule"])
        hand_limit(st, seat, fr["rule"])  # what is usable anytime on one's turn (hooks.anytime), then discard to 5


# -- once in Daylight: Propaganda Bureau, League of Adventurous Mice -------------------------------------
def _league_item(st: RootState, seat: str) -> bool:
    """A face-up item in ``seat``'s Crafted Items box (the Vagabond has no such box, 9.2.5)."""
    return len(st.crafted_items.get(seat, ())) > len(st.crafted_exhausted.get(seat, ()))


def daylight_may_exist(st: RootState, seat: str) -> bool:
    return ((st.has_crafted(seat, "propaganda_bureau") and bool(st.hands[seat]))
            or st.has_crafted(seat, "league_of_adventurous_mice"))


def daylight_options(st: RootState, seat: str) -> list[Option]:
    out: list[Option] = []
    if st.has_crafted(seat, "propaganda_bureau") and not st.turn.get("propaganda_bureau"):
        for c in st.map.clearings():
            for e in st.enemies(seat):
                if not st.warriors[c].get(e, 0):
                    continue
                for cid in st.distinct(st.clearing_cards(seat, c)):  # 2.1.1: birds match any clearing; F: Lost City
                    key = st.card(cid).key
                    out.append(Option(f"propaganda bureau {c + 1} {e} paying {key}", "propaganda_bureau",
                                      {"clearing": c + 1, "target": e, "card": key}, R(RULE)))
    if (st.has_crafted(seat, "league_of_adventurous_mice") and not st.turn.get("league")
            and _league_item(st, seat)):
        out.extend(move_options(st, seat, RULE, action="league_move", suffix=" league"))
        for o in battle_options(st, seat, RULE, suffix=" league"):
            out.append(Option(o.id, "league_battle", o.args, o.rule))
    return out


def daylight_apply(st: RootState, seat: str, opt: Option) -> bool:
    a = opt.action
    if a == "propaganda_bureau":
        st.turn["propaganda_bureau"] = True
        c = opt.args["clearing"] - 1
        st.spend(seat, take_card(st, seat, opt.args["card"]), RULE, "propaganda_bureau")
        st.remove_warriors(c, opt.args["target"], 1, seat, RULE)
        if seat in WARRIORS and st.can_place(c, seat):
            st.place_warriors(c, seat, 1, RULE)  # 1.5.4: as many as possible (none with an empty supply)
        flush_removals(st)
        return True
    if a in ("league_move", "league_battle"):
        st.turn["league"] = True
        kinds = st.face_up_crafted_items(seat)
        if len(kinds) == 1:
            _league(st, seat, kinds[0], a, opt)
        else:  # which item is exhausted matters: the Vagabond may later Aid and take either kind (9.5.4)
            st.push("card.league", seat=seat, action=a, args=dict(opt.args))
        return True
    return False


def _league(st: RootState, seat: str, item: str, action: str, opt: Option) -> None:
    """League of Adventurous Mice: exhaust ``item`` in the Crafted Items box, then take the move or battle
    (``action``) that ``opt``'s arguments describe."""
    st.exhaust_crafted_item(seat, item)
    st.emit("league", RULE, faction=seat, item=item)
    if action == "league_move":
        do_move(st, seat, opt, RULE)
    else:
        start_battle(st, seat, opt, RULE)


@register
class League(Step):
    """League of Adventurous Mice with face-up items of several kinds in the Crafted Items box: which one is
    exhausted for the move or battle already chosen."""

    kind = "card.league"
    rule = R(RULE)

    def options(self, st: RootState, fr: dict) -> list[Option]:
        return [Option(f"exhaust {i}", "exhaust", {"item": i}, R(RULE)) for i in st.face_up_crafted_items(fr["seat"])]

    def choose(self, st: RootState, fr: dict, opt: Option) -> None:
        st.pop(fr)
        _league(st, fr["seat"], opt.args["item"], fr["action"], opt.replace(args=dict(fr["args"])))


# -- crafting an item: Master Engravers, Murine Broker ----------------------------------------------------
def crafted_item(st: RootState, seat: str) -> None:
    if st.has_crafted(seat, "master_engravers"):
        st.score(seat, 1, RULE, "master_engravers")
    for other in st.seats:
        if other != seat and st.result is None and st.has_crafted(other, "murine_broker"):
            st.draw(other, 1, RULE)


# -- moving: Corvid Planners -------------------------------------------------------------------------
def ignores_rule(st: RootState, seat: str) -> bool:
    return st.has_crafted(seat, "corvid_planners")


# -- in battle: the Partisans -------------------------------------------------------------------------
def battle_effect_options(st: RootState, bf: dict, seat: str) -> list[Option]:
    used = bf["a_used"] if seat == bf["att"] else bf["d_used"]
    suits = st.clearing_suits(bf["c"]) if bf["c"] < st.map.n else ()  # Appendix F: the Lost City, each Partisans
    out = []
    for effect, s in PARTISANS.items():
        if s in suits and effect not in used and st.has_crafted(seat, effect):
            out.append(_partisans_option(s))
    return out


def _partisans_option(suit: str) -> Option:
    if suit == "fox":
        return Option("use fox partisans", "fox_partisans", {}, R(RULE))
    if suit == "rabbit":
        return Option("use rabbit partisans", "rabbit_partisans", {}, R(RULE))
    return Option("use mouse partisans", "mouse_partisans", {}, R(RULE))


def battle_effect_apply(st: RootState, bf: dict, seat: str, opt: Option) -> bool:
    """Partisans: "In battle in <suit> clearings, may deal one extra hit, then discard all your cards except
    <suit>s." A bird card is no fox, rabbit or mouse card: birds are wild for matching (2.1.1), and the card
    names the cards kept, not a suit to match, so birds are discarded too."""
    suit = PARTISANS.get(opt.action)
    if suit is None:
        return False
    bf["ax" if seat == bf["att"] else "dx"] += 1
    st.emit("extra_hit", RULE, faction=seat, why=opt.action)
    gone = [c for c in st.hands[seat] if st.card(c).suit != suit]
    st.hands[seat] = [c for c in st.hands[seat] if st.card(c).suit == suit]
    for c in gone:
        st.discard_card(c)
    if gone:
        st.emit("partisans_discard", RULE, faction=seat, cards=[st.card(c).key for c in gone])
    return True


#: what the Exiles and Partisans deck adds to the shared rules (hooks.py); in every game, each hook asking
#: ``st.exiles`` first (A.2)
CONTRIBUTION = Contribution(
    "exiles",
    start_of_birdsong=_START_OF_BIRDSONG,
    start_of_evening=_START_OF_EVENING,
    exiles={
        "birdsong": (birdsong_options, birdsong_apply),
        "end_of_birdsong": push_end_of_birdsong,
        "daylight": (daylight_options, daylight_apply, daylight_may_exist),
        "evening_draw": evening_draw,
        "crafted_item": crafted_item,
        "ignores_rule": ignores_rule,
    },
    exiles_battle={"options": battle_effect_options, "apply": battle_effect_apply},
)
