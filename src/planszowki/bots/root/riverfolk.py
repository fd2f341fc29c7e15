"""Heuristic Riverfolk Company (Law chapter 11): sell, hoard funds for dividends, and open trade posts.

* **Funds are points**: in Birdsong every two funds score one VP while a trade post stands (11.4.2), and what
  was committed or spent this turn is no longer in Funds then. So Daylight actions must be worth more than
  the dividend they cost.
* **Establish trade posts** (11.5.6) whenever the ruler's funds allow: two or three VP at once, dividends
  switched on, one more crafting space and more services sold (11.2.6.II).
* **Craft** items for points (11.5.3), **export** what cannot be used, **draw** while the hand (the shop
  window, 11.2.7.1) is short, **recruit** to guard the posts; move and battle only when clearly useful.
* **Prices** (11.6.2): cards at 2, riverboats at 2, mercenaries at 3; spend other factions' warriors first
  when choosing funds for a trade post is not forced, keep own warriors to place with Recruit.
* **Buying** (other factions, ``buy_scores``): a strong card at a fair price; mercenaries when Riverfolk
  warriors stand with an enemy to fight.
"""

from __future__ import annotations

from ...engine import Decision, Option
from ...games.root.factions.riverfolk import POST_VP, POSTS_PER_SUIT, funds, posts_on_map, posts_on_track
from ...games.root.state import RootState
from .common import Scores, battle_ev, card_value, craft_value, faction_scorer, move_args, threat, with_extras

KEY = "riverfolk"
TARGET_PRICES = {"hand": 2, "riverboats": 2, "mercenaries": 3}


def _dividend_cost(st: RootState, n: int = 1) -> float:
    """VP lost next Birdsong by taking ``n`` funds out of the Funds box (11.4.2), when dividends are on."""
    if not any(posts_on_map(st, s) for s in ("fox", "rabbit", "mouse")):
        return 0.2 * n
    return 0.5 * n


def setup(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    for o in d.options:
        if o.action == "place":
            c = o.args["clearing"] - 1
            out.append(-float(threat(st, c, KEY)) + 0.1 * len(st.map.rivers[c]))
        else:
            out.append(-abs(o.args["price"] - TARGET_PRICES[o.args["service"]]))
    return out


def daylight(st: RootState, seat: str, d: Decision) -> Scores:
    n_funds = len(funds(st))

    def score(o: Option) -> float:
        a = o.action
        if a == "end_daylight":
            return 0.0
        if a == "trade_post":
            c = o.args["clearing"] - 1
            suit = o.args.get("as_suit") or st.suits[c]  # Appendix F: the post named in the Lost City
            vp = POST_VP[POSTS_PER_SUIT - posts_on_track(st, suit)]
            return vp + 1.0 - _dividend_cost(st, 2) - 0.3 * threat(st, c, KEY)
        if a == "craft":
            return craft_value(st, KEY, o.args["card"]) - _dividend_cost(st, len(o.args["pieces"]))
        if a == "export":
            return 0.4 - _dividend_cost(st, len(o.args["pieces"])) - 0.3 * card_value(
                st, KEY, st.find_in(st.hands[KEY], o.args["card"]) or 0)
        if a == "draw":
            return (0.8 if len(st.hands[KEY]) < 3 else 0.1) - _dividend_cost(st)
        if a == "recruit":
            c = o.args["clearing"] - 1
            guard = any(t.startswith("trade_") for t in st.tokens[c])
            return (0.5 if guard else 0.1) - _dividend_cost(st) + (0.3 if n_funds > 6 else 0.0)
        if a == "battle":
            return battle_ev(st, KEY, o.args["clearing"] - 1, o.args["defender"]) - _dividend_cost(st) - 0.2
        if a == "move":
            _, b, k = move_args(o)
            return -_dividend_cost(st) - 0.2 * k - 0.2 * threat(st, b, KEY)
        return -0.5

    return with_extras(st, seat, d, score)


def pay(st: RootState, seat: str, d: Decision) -> Scores:
    """Commit anyone's; spend the Riverfolk's own (a spent warrior goes back to its owner)."""
    out = []
    for o in d.options:
        own = o.args.get("owner") == KEY
        out.append(1.0 if (own and o.action in ("spend_fund", "remove_fund")) else 0.0)
    return out


def prices(st: RootState, seat: str, d: Decision) -> Scores:
    out = []
    for o in d.options:
        if o.action == "done":
            out.append(0.0)
        else:
            out.append(0.5 if o.args["price"] == TARGET_PRICES[o.args["service"]] else -1.0)
    return out


def buy_scores(st: RootState, seat: str, d: Decision) -> Scores:
    """11.2.6: what another faction's heuristic buys at the start of its Birdsong."""
    out = []
    for o in d.options:
        a = o.action
        cost = o.args.get("cost", 0)
        if a == "done":
            out.append(0.0)
        elif a == "buy_card":
            cid = st.find_in(st.hands[KEY], o.args["card"])
            v = card_value(st, seat, cid) if cid is not None else 1.0
            out.append(v - 0.45 * cost - 0.2)
        elif a == "buy_mercenaries":
            fights = sum(1 for c in st.map.clearings() if st.warriors[c].get(KEY, 0) >= 2
                         and any(f not in (seat, KEY) and n for f, n in st.warriors[c].items()))
            out.append(0.6 * min(fights, 2) - 0.4 * cost)
        elif a == "buy_riverboats":
            out.append(-0.3 - 0.3 * cost)
        else:  # exhausting items to pay (11.2.6.III): any ready item
            out.append(0.0)
    return out


scores = faction_scorer({
    "riverfolk.setup": setup,
    "riverfolk.daylight": daylight,
    "riverfolk.pay": pay,
    "riverfolk.disruption": pay,
    "riverfolk.prices": prices,
})
